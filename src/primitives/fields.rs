//! Splitting a record into whitespace-separated fields, keeping the spans of the fields and of
//! the gaps between them so each notation can judge its own separators.

use crate::span::Span;

/// One field of a record and the whitespace before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    /// The whitespace before the field (empty for a first field at offset 0).
    pub(crate) gap: Span,
    /// The field itself: a run of bytes other than space and tab.
    pub(crate) field: Span,
}

/// Space and tab separate fields.
pub(crate) fn is_separator(b: u8) -> bool {
    ends_field(b, true)
}

/// Whether `b` ends a field: a space, or with `tabs` a space or a tab. (Runs that stop at the
/// first problem look for spaces only: a tab inside a field stops them at its field rule.)
#[inline(always)]
pub(crate) fn ends_field(b: u8, tabs: bool) -> bool {
    b == b' ' || (tabs && b == b'\t')
}

/// Whether `b` ends a field of a record held in a larger text (a tag value, a command, a
/// caller's grammar): any ASCII whitespace, a line end included, or the `"` that closes a PGN
/// or PDN tag value. Inside a record alone only [`ends_field`]'s spaces and tabs do.
pub(crate) fn ends_embedded_field(b: u8) -> bool {
    b.is_ascii_whitespace() || b == b'"'
}

/// Where the first separator of `input` is (its length if none): the first space, or with
/// `tabs` the first space or tab.
///
/// Sixteen bytes are judged at a time, written out so that the compiler makes them one vector
/// compare (SSE2, in every x86-64) and the search stays inline: a placement's end costs a few
/// dozen instructions, less than a call to a general search on input this short.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub(crate) fn separator_at(input: &[u8], tabs: bool) -> usize {
    let mut rest = input;
    let mut start = 0;
    while let Some((chunk, after)) = rest.split_first_chunk::<16>() {
        let marks = separator_marks(chunk, tabs);
        if marks != 0 {
            return start + first_marked(marks);
        }
        start += 16;
        rest = after;
    }
    if rest.is_empty() {
        return start;
    }
    // The last bytes, judged in the sixteen that end the input (the first of them already
    // judged above, shifted out).
    match input.last_chunk::<16>() {
        Some(last) => {
            let marks = separator_marks(last, tabs) >> (8 * (16 - rest.len()));
            start
                + if marks != 0 {
                    first_marked(marks)
                } else {
                    rest.len()
                }
        }
        None => {
            start
                + rest
                    .iter()
                    .position(|&b| ends_field(b, tabs))
                    .unwrap_or(rest.len())
        }
    }
}

/// [`separator_at`] for WebAssembly, which has no 128-bit words to judge sixteen bytes in: a
/// byte at a time is faster there than the emulated wide compare.
#[cfg(target_arch = "wasm32")]
#[inline(always)]
pub(crate) fn separator_at(input: &[u8], tabs: bool) -> usize {
    input
        .iter()
        .position(|&b| ends_field(b, tabs))
        .unwrap_or(input.len())
}

/// 0xFF for each separator byte of `chunk`, 0 for any other, in one little-endian word.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
fn separator_marks(chunk: &[u8; 16], tabs: bool) -> u128 {
    let mark = |b: u8| {
        if ends_field(b, tabs) { 0xFF } else { 0 }
    };
    // Written out element by element: the compiler makes this one compare of sixteen bytes.
    #[rustfmt::skip]
    let [b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14, b15] = *chunk;
    #[rustfmt::skip]
    let marks = [
        mark(b0), mark(b1), mark(b2), mark(b3), mark(b4), mark(b5), mark(b6), mark(b7),
        mark(b8), mark(b9), mark(b10), mark(b11), mark(b12), mark(b13), mark(b14), mark(b15),
    ];
    u128::from_le_bytes(marks)
}

/// The index of the first marked byte of a nonzero [`separator_marks`] word.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
fn first_marked(marks: u128) -> usize {
    (marks.trailing_zeros() / 8) as usize
}

/// The fields of `record` in order, split at runs of spaces and tabs.
pub(crate) fn tokens(record: &[u8]) -> Tokens<'_> {
    Tokens {
        record,
        position: 0,
    }
}

/// Iterator over the [`Token`]s of a record.
#[derive(Clone, Debug)]
pub(crate) struct Tokens<'a> {
    record: &'a [u8],
    position: usize,
}

impl Iterator for Tokens<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        let rest = self.record.get(self.position..)?;
        let gap_len = rest.iter().take_while(|&&b| is_separator(b)).count();
        let field_start = self.position + gap_len;
        let field_len = rest
            .get(gap_len..)?
            .iter()
            .take_while(|&&b| !is_separator(b))
            .count();
        if field_len == 0 {
            return None;
        }
        let token = Token {
            gap: Span::new(self.position, gap_len),
            field: Span::new(field_start, field_len),
        };
        self.position = field_start + field_len;
        Some(token)
    }
}

/// The whitespace at the end of `record` (spaces, tabs and line-end characters).
pub(crate) fn trailing_whitespace(record: &[u8]) -> Span {
    let kept = record
        .iter()
        .rposition(|&b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
        .map_or(0, |last| last + 1);
    Span::from_range(kept, record.len())
}

/// The record without its trailing whitespace (a line end included).
pub(crate) fn body(record: &[u8]) -> &[u8] {
    record
        .get(..trailing_whitespace(record).offset)
        .unwrap_or(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_runs_and_keeps_gaps() {
        let record = b" a  bc\td ";
        let found: Vec<Token> = tokens(record).collect();
        assert_eq!(
            found,
            vec![
                Token {
                    gap: Span::new(0, 1),
                    field: Span::new(1, 1)
                },
                Token {
                    gap: Span::new(2, 2),
                    field: Span::new(4, 2)
                },
                Token {
                    gap: Span::new(6, 1),
                    field: Span::new(7, 1)
                },
            ]
        );
        assert_eq!(trailing_whitespace(record), Span::new(8, 1));
        assert_eq!(trailing_whitespace(b"ab\r\n"), Span::new(2, 2));
        assert_eq!(tokens(b"").count(), 0);
    }

    #[test]
    fn the_separator_search_finds_the_first_one_at_any_position() {
        for len in 0..50 {
            for at in 0..=len {
                let mut input = vec![b'x'; len];
                if let Some(byte) = input.get_mut(at) {
                    *byte = b'\t';
                }
                input.extend_from_slice(b" \t ");
                assert_eq!(separator_at(&input, true), at, "tab at {at} of {len}");
                let space = if at < len { len } else { at };
                assert_eq!(separator_at(&input, false), space, "space after {len}");
                let before_spaces = input.get(..len).unwrap_or_default();
                assert_eq!(separator_at(before_spaces, false), len, "no space in {len}");
                assert_eq!(
                    separator_at(before_spaces, true),
                    at.min(len),
                    "tab in {len}"
                );
            }
        }
    }
}
