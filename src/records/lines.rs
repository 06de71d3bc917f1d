//! Lines: LF, CRLF and a lone CR each end one (universal newlines), and a line longer than
//! the maximum record length keeps only its first bytes and its length.

use std::io::{self, BufRead};

use super::options::TOO_LONG_PREFIX;

/// One line of a text, without its line end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    /// Its 1-based number.
    pub number: usize,
    /// Its text; for a line over the maximum length, its first bytes (at most
    /// [`TOO_LONG_PREFIX`](super::TOO_LONG_PREFIX)).
    pub text: &'a [u8],
    /// For a line over the maximum length, its length in bytes.
    pub too_long: Option<u64>,
}

impl<'a> Line<'a> {
    /// Line `number`, `text` (without its line end), its whole text at hand: over `max` bytes
    /// it keeps only its first bytes.
    pub fn new(number: usize, text: &'a [u8], max: usize) -> Line<'a> {
        if text.len() <= max {
            return Line {
                number,
                text,
                too_long: None,
            };
        }
        Line {
            number,
            text: text.get(..TOO_LONG_PREFIX).unwrap_or(text),
            too_long: Some(text.len() as u64),
        }
    }
}

/// The length of the line end at `end` of `text` (0 at the end of the text).
pub(super) fn line_end_len(text: &[u8], end: usize) -> usize {
    match text.get(end..end + 2) {
        Some(b"\r\n") => 2,
        _ => usize::from(end < text.len()),
    }
}

/// The lines of `text`, numbered from 1 (a text that ends with a line end has no empty line
/// after it).
pub fn lines(text: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut at = 0;
    let mut number = 0;
    std::iter::from_fn(move || {
        let rest = text.get(at..).filter(|rest| !rest.is_empty())?;
        let len = memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
        at += len + line_end_len(rest, len);
        number += 1;
        Some((number, rest.get(..len).unwrap_or_default()))
    })
}

/// The lines of a [`BufRead`] source, read in bounded memory: a line over the maximum is
/// never held whole.
#[derive(Debug)]
pub struct LineSource<R> {
    source: R,
    max: usize,
    number: usize,
    /// The last line ended with a CR: an LF first thing is the rest of its CRLF.
    after_cr: bool,
    /// The line being read, as far as it is kept.
    text: Vec<u8>,
}

impl<R: BufRead> LineSource<R> {
    /// The lines of `source`, each over `max` bytes kept by its first bytes.
    pub fn new(source: R, max: usize) -> LineSource<R> {
        LineSource {
            source,
            max,
            number: 0,
            after_cr: false,
            text: Vec::new(),
        }
    }

    /// The next line, `None` at the end of the source.
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        self.text.clear();
        let mut length: u64 = 0;
        let mut started = false;
        loop {
            let buffer = match self.source.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if buffer.is_empty() {
                if !started {
                    return Ok(None);
                }
                break;
            }
            if std::mem::take(&mut self.after_cr) && buffer.first() == Some(&b'\n') {
                self.source.consume(1);
                continue;
            }
            started = true;
            let end = memchr::memchr2(b'\n', b'\r', buffer);
            let taken = end.unwrap_or(buffer.len());
            let part = buffer.get(..taken).unwrap_or_default();
            let keep = self.max.saturating_add(1).max(TOO_LONG_PREFIX);
            let room = keep.saturating_sub(self.text.len());
            self.text
                .extend_from_slice(part.get(..taken.min(room)).unwrap_or_default());
            length += taken as u64;
            if let Some(end) = end {
                self.after_cr = buffer.get(end) == Some(&b'\r');
                self.source.consume(end + 1);
                break;
            }
            self.source.consume(taken);
        }
        self.number += 1;
        let too_long = (length > self.max as u64).then_some(length);
        let kept = if too_long.is_some() {
            TOO_LONG_PREFIX.min(self.text.len())
        } else {
            self.text.len()
        };
        Ok(Some(Line {
            number: self.number,
            text: self.text.get(..kept).unwrap_or_default(),
            too_long,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_end_ends_a_line() {
        let text = b"a\r\nb\rc\n\nd";
        let found: Vec<_> = lines(text).collect();
        let expected: Vec<(usize, &[u8])> =
            vec![(1, b"a"), (2, b"b"), (3, b"c"), (4, b""), (5, b"d")];
        assert_eq!(found, expected);
        assert_eq!(lines(b"a\n").count(), 1);
        assert_eq!(lines(b"").count(), 0);
    }

    #[test]
    fn a_source_read_a_byte_at_a_time_has_the_same_lines() {
        let text = b"a\r\nbb\r\rccccc\n\nd";
        let mut source = LineSource::new(io::BufReader::with_capacity(1, &text[..]), 4);
        let mut found = Vec::new();
        while let Some(line) = source.next_line().unwrap_or_default() {
            found.push((line.number, line.text.to_vec(), line.too_long));
        }
        let expected = vec![
            (1, b"a".to_vec(), None),
            (2, b"bb".to_vec(), None),
            (3, b"".to_vec(), None),
            (4, b"ccccc".to_vec(), Some(5)),
            (5, b"".to_vec(), None),
            (6, b"d".to_vec(), None),
        ];
        assert_eq!(found, expected);
    }
}
