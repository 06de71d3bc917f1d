//! A file read line by line in bounded memory: LF, CRLF and a lone CR each end a line
//! (universal newlines), and a line longer than the maximum keeps only its length.

use std::io::{self, BufRead};

/// One line of a file.
pub struct Line {
    /// 1-based line number.
    pub number: usize,
    /// The line without its end (empty for a line over the maximum).
    pub text: Vec<u8>,
    /// For a line over the maximum, its length in bytes.
    pub too_long: Option<u64>,
}

/// The lines of a reader.
pub struct Lines<R> {
    reader: R,
    max: usize,
    number: usize,
    /// The last line ended with a CR: an LF first thing is the rest of its CRLF.
    after_cr: bool,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `reader`, each longer than `max` bytes reported by its length only.
    pub fn new(reader: R, max: usize) -> Self {
        Lines {
            reader,
            max,
            number: 0,
            after_cr: false,
        }
    }

    /// The next line, `None` at the end of the file.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        let mut text = Vec::new();
        let mut length: u64 = 0;
        let mut started = false;
        loop {
            let buffer = self.reader.fill_buf()?;
            if buffer.is_empty() {
                if !started {
                    return Ok(None);
                }
                break;
            }
            if self.after_cr {
                self.after_cr = false;
                if buffer.first() == Some(&b'\n') {
                    self.reader.consume(1);
                    continue;
                }
            }
            started = true;
            match memchr::memchr2(b'\n', b'\r', buffer) {
                Some(end) => {
                    let part = buffer.get(..end).unwrap_or_default();
                    keep(self.max, &mut text, part, length);
                    length += end as u64;
                    self.after_cr = buffer.get(end) == Some(&b'\r');
                    self.reader.consume(end + 1);
                    break;
                }
                None => {
                    let taken = buffer.len();
                    keep(self.max, &mut text, buffer, length);
                    length += taken as u64;
                    self.reader.consume(taken);
                }
            }
        }
        self.number += 1;
        let too_long = (length > self.max as u64).then_some(length);
        if too_long.is_some() {
            text = Vec::new();
        }
        Ok(Some(Line {
            number: self.number,
            text,
            too_long,
        }))
    }
}

/// Adds `part` to the line's text while the line is within `max` bytes.
fn keep(max: usize, text: &mut Vec<u8>, part: &[u8], length_so_far: u64) {
    if length_so_far + part.len() as u64 <= max as u64 {
        text.extend_from_slice(part);
    }
}
