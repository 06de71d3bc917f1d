//! Where a byte span of a record lies for an editor: columns counted in characters (what people
//! and most tools count) and in UTF-16 code units (what the Language Server Protocol counts).
//!
//! Diagnostics carry byte spans; a record with `é` (2 bytes, 1 character, 1 UTF-16 unit) or `😀`
//! (4 bytes, 1 character, 2 UTF-16 units) before the problem puts the problem at a column that
//! differs in each unit. A record is one line (or, for a field of a table, the lines of one
//! row), so a span has one line and two columns.

use crate::span::Span;

/// The columns of a span in its record, all 1-based; each `end_` column is the column just
/// after the span (exclusive), so an empty span has `column == end_column`.
///
/// A byte that is not part of valid UTF-8 counts as one character and one UTF-16 unit (the
/// CLI shows it as `?`); an offset inside a character counts from that character's start; an
/// offset past the end of the record counts from its end.
///
/// ```
/// use fenkit::{Span, SpanColumns};
///
/// // `😀` is 4 bytes, 1 character, 2 UTF-16 units; `x` is byte 5.
/// let columns = SpanColumns::of("😀 x".as_bytes(), Span::new(5, 1));
/// assert_eq!((columns.column, columns.end_column), (3, 4));
/// assert_eq!((columns.column_utf16, columns.end_column_utf16), (4, 5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpanColumns {
    /// The first character of the span, from 1.
    pub column: usize,
    /// The character after the span.
    pub end_column: usize,
    /// The first UTF-16 code unit of the span, from 1 (an LSP `character` is this minus 1).
    pub column_utf16: usize,
    /// The UTF-16 code unit after the span.
    pub end_column_utf16: usize,
    /// The line ends of the record before the span: 0 for a record of one line (its line is
    /// the record's); a field of a table whose row holds line breaks may have more. The
    /// serialized form has none: its `line` is the span's own.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub lines_before: usize,
}

impl SpanColumns {
    /// The columns of `span` in `record`: a line without its line ending, or a field of a
    /// table's row that holds line breaks (`\n`, `\r\n` or a lone `\r`), whose columns then
    /// count from the start of the line the span starts on ([`lines_before`] says which).
    ///
    /// [`lines_before`]: SpanColumns::lines_before
    pub fn of(record: &[u8], span: Span) -> SpanColumns {
        let before = record.get(..span.offset).unwrap_or(record);
        let (lines_before, line_start) = line_ends(before);
        let line = record.get(line_start..).unwrap_or_default();
        let text = crate::primitives::ascii::display_text(line);
        let (column, column_utf16) = column_at(&text, span.offset - line_start);
        let (end_column, end_column_utf16) = column_at(&text, span.end() - line_start);
        SpanColumns {
            column,
            end_column,
            column_utf16,
            end_column_utf16,
            lines_before,
        }
    }
}

/// How many lines `bytes` ends (`\n`, `\r\n` and a lone `\r` each end one), and where the
/// line after the last of them starts.
fn line_ends(bytes: &[u8]) -> (usize, usize) {
    let mut count = 0;
    let mut start = 0;
    for (at, &b) in bytes.iter().enumerate() {
        let ends = match b {
            b'\n' => true,
            b'\r' => bytes.get(at + 1) != Some(&b'\n'),
            _ => false,
        };
        if ends {
            count += 1;
            start = at + 1;
        }
    }
    (count, start)
}

/// The 1-based character and UTF-16 columns of byte `offset` of `text`.
fn column_at(text: &str, offset: usize) -> (usize, usize) {
    let mut boundary = offset.min(text.len());
    while !text.is_char_boundary(boundary) {
        boundary -= 1;
    }
    let before = text.get(..boundary).unwrap_or_default();
    let characters = before.chars().count();
    let units: usize = before.chars().map(char::len_utf16).sum();
    (characters + 1, units + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn columns(record: &str, offset: usize, len: usize) -> (usize, usize, usize, usize) {
        let c = SpanColumns::of(record.as_bytes(), Span::new(offset, len));
        (c.column, c.end_column, c.column_utf16, c.end_column_utf16)
    }

    #[test]
    fn ascii_columns_are_offsets_plus_one() {
        assert_eq!(columns("8/8/8 x", 6, 1), (7, 8, 7, 8));
        assert_eq!(columns("8/8/8 x", 7, 0), (8, 8, 8, 8));
    }

    #[test]
    fn two_byte_character_before_counts_once() {
        // `é` is bytes 0-1: `x` at byte 3 is the third character.
        assert_eq!(columns("é x", 3, 1), (3, 4, 3, 4));
        // A span over the `é` itself covers one character.
        assert_eq!(columns("é x", 0, 2), (1, 2, 1, 2));
    }

    #[test]
    fn astral_character_is_two_utf16_units() {
        // `😀` is bytes 0-3, one character, two UTF-16 units.
        assert_eq!(columns("😀 x", 5, 1), (3, 4, 4, 5));
        // A span that contains the emoji: columns differ at the end only.
        assert_eq!(columns("a😀b", 1, 4), (2, 3, 2, 4));
    }

    #[test]
    fn a_record_over_lines_counts_from_the_span_s_line() {
        let record = b"multi\nline\r\nx\ry";
        let at = |offset| {
            let c = SpanColumns::of(record, Span::new(offset, 1));
            (c.lines_before, c.column)
        };
        // The line end itself is the last column of its line.
        assert_eq!(at(5), (0, 6));
        assert_eq!(at(6), (1, 1));
        assert_eq!(at(9), (1, 4));
        assert_eq!(at(12), (2, 1));
        assert_eq!(at(14), (3, 1));
    }

    #[test]
    fn invalid_bytes_and_odd_offsets_stay_on_the_line() {
        // Each invalid byte is one column, as the CLI shows it as `?`.
        let c = SpanColumns::of(b"\xff\xfe x", Span::new(3, 1));
        assert_eq!((c.column, c.column_utf16), (4, 4));
        // An offset inside `é` counts from its start; past the end, from the end.
        assert_eq!(columns("é", 1, 0), (1, 1, 1, 1));
        assert_eq!(columns("ab", 9, 3), (3, 3, 3, 3));
    }
}
