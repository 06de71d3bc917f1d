//! The changes of a table read through `--field`: only the field's value changes, written back
//! as its format writes it (a CSV cell quoted as it was, or quoted where the new value needs
//! it; a JSON string escaped); every other byte of the row stays, the line breaks of a row
//! over several lines included. The rows are those `check` reads ([`FieldReader`]), so a row
//! that cannot be read is reported as `check` reports it, never skipped.

use fenkit::autofix::{Fixed, fix_record_keeping};
use fenkit::codes::CodeFilter;
use fenkit::inputs::{Cell, FieldValue};
use fenkit::records::{Field, FieldReader, ReadOptions};
use fenkit::{Notation, Parsed};

use super::outcome::{Change, FixOutcome};
use crate::input::Line;

/// The changes of one table's lines, read in order.
pub(super) struct FieldChanges {
    rows: FieldReader,
    /// The separator of a CSV or TSV file; `None` for JSON Lines.
    separator: Option<u8>,
    /// The lines read since the last row ended (those of a row still open, and the line being
    /// read): each one's number and where its text (after a byte order mark) starts.
    open_lines: Vec<(usize, u64)>,
}

/// What a change is made from: the source's name, how records are read and fixed, and where
/// the verdicts go.
pub(super) struct Fixing<'a> {
    pub(super) source: &'a str,
    pub(super) reading: &'a ReadOptions,
    pub(super) filter: &'a CodeFilter,
    pub(super) outcome: &'a mut FixOutcome,
}

impl FieldChanges {
    pub(super) fn new(field: Field, reading: ReadOptions) -> FieldChanges {
        let separator = match &field {
            Field::Column { separator, .. } => Some(*separator),
            Field::Json(_) => None,
        };
        FieldChanges {
            rows: FieldReader::new(field, reading),
            separator,
            open_lines: Vec::new(),
        }
    }

    /// Reads `line` (`text`; of a line over the maximum length, its first bytes): the changes
    /// of the rows it ends; a row left invalid is counted and said in `fixing.outcome`.
    pub(super) fn line(&mut self, line: &Line, text: &[u8], fixing: &mut Fixing) -> Vec<Change> {
        let bom = u64::from(line.number == 1 && text.starts_with(b"\xEF\xBB\xBF")) * 3;
        self.open_lines.push((line.number, line.offset + bom));
        let read = fenkit::records::Line {
            number: line.number,
            text,
            too_long: line.too_long,
        };
        let mut changes = Vec::new();
        let (separator, open_lines) = (self.separator, &self.open_lines);
        self.rows.read_cells(read, &mut |number, row, cell| {
            let at = RowPlace { number, open_lines };
            changes.extend(row_change(&at, row, cell, separator, fixing));
        });
        if self.rows.is_between_rows() {
            self.open_lines.clear();
        }
        changes
    }

    /// Ends the table: the changes of the rows still open (a quote never closed).
    pub(super) fn finish(&mut self, fixing: &mut Fixing) -> Vec<Change> {
        let mut changes = Vec::new();
        let (separator, open_lines) = (self.separator, &self.open_lines);
        self.rows.finish_cells(&mut |number, row, cell| {
            let at = RowPlace { number, open_lines };
            changes.extend(row_change(&at, row, cell, separator, fixing));
        });
        self.open_lines.clear();
        changes
    }

    /// Where the copy may go on to: `end`, or the start of a row still open, which may change.
    pub(super) fn settled(&self, end: u64) -> u64 {
        self.open_lines
            .first()
            .map_or(end, |&(_, offset)| offset.min(end))
    }
}

/// Where a row's lines are in the source.
struct RowPlace<'a> {
    /// The row's first line.
    number: usize,
    open_lines: &'a [(usize, u64)],
}

impl RowPlace<'_> {
    /// Where the byte at `at` of the row's text (its lines joined by `\n`) is in the source:
    /// a joining `\n` stands for the line end that is there, whatever its bytes.
    fn offset(&self, row: &[u8], at: usize) -> u64 {
        // The open lines are consecutive: the row's first is found by its number.
        let first_open = self.open_lines.first().map_or(0, |&(number, _)| number);
        let first = self.number.saturating_sub(first_open);
        let before = row.get(..at).unwrap_or_default();
        let index = memchr::memchr_iter(b'\n', before).count();
        let line_start = memchr::memrchr(b'\n', before).map_or(0, |end| end + 1);
        let start = self.open_lines.get(first + index).map_or(0, |&(_, s)| s);
        start + (at - line_start) as u64
    }
}

/// The change of one row read, if any; a row left invalid is said in `fixing.outcome`.
fn row_change(
    at: &RowPlace,
    row: &[u8],
    cell: Cell<'_>,
    separator: Option<u8>,
    fixing: &mut Fixing,
) -> Option<Change> {
    let value = match cell {
        Cell::Blank => return None,
        Cell::Broken(diagnostic) => {
            let parsed = Parsed::new(None, vec![diagnostic]);
            let notation = fixing.reading.notation.unwrap_or(Notation::Fen);
            let outcome = &mut *fixing.outcome;
            outcome.left_invalid(fixing.source, at.number, row, notation, parsed);
            return None;
        }
        Cell::Value(value) => value,
    };
    let (reading, filter) = (fixing.reading, fixing.filter);
    match fix_record_keeping(&value.text, reading.notation, &reading.parse, filter) {
        Fixed::Valid(new) if new != *value.text => {
            let after = rewritten(row, &value, &new, separator);
            if !row.contains(&b'\n') {
                let offset = at.offset(row, 0);
                return Some(Change::within_line(at.number, offset, row, after));
            }
            // A row over lines: only the cell's bytes change, whatever line ends it holds.
            let end = value.start + value.raw_len;
            let cell_end = after.len() - (row.len() - end);
            let text = after
                .get(value.start..cell_end)
                .unwrap_or_default()
                .to_vec();
            let offset = at.offset(row, value.start);
            let replaced = (at.offset(row, end) - offset) as usize;
            Some(Change::within_rows(
                at.number,
                (offset, replaced),
                text,
                row,
                after,
            ))
        }
        Fixed::Valid(_) => None,
        Fixed::Invalid { .. } => {
            let record = fenkit::records::read_one(at.number, &value.text, reading);
            let mut parsed = record.parsed;
            filter.apply(&mut parsed);
            parsed.diagnostics = std::mem::take(&mut parsed.diagnostics)
                .into_iter()
                .map(|diagnostic| value.place(diagnostic))
                .collect();
            let outcome = &mut *fixing.outcome;
            outcome.left_invalid(fixing.source, at.number, row, record.notation, parsed);
            None
        }
    }
}

/// `row` with the raw bytes of `value` replaced by `new`, written as the cell or string
/// writes it: `separator` for a CSV or TSV cell, `None` for a JSON string.
fn rewritten(row: &[u8], value: &FieldValue, new: &[u8], separator: Option<u8>) -> Vec<u8> {
    let start = value.start;
    let end = start + value.raw_len;
    let mut out = Vec::with_capacity(row.len() + new.len());
    out.extend_from_slice(row.get(..start).unwrap_or_default());
    match separator {
        None => json_escaped(&mut out, new),
        Some(separator) => {
            let quoted = start > 0 && row.get(start - 1) == Some(&b'"');
            let needs = new
                .iter()
                .any(|&b| b == separator || matches!(b, b'"' | b'\n' | b'\r'));
            if !quoted && needs {
                out.push(b'"');
            }
            for &byte in new {
                if byte == b'"' && (quoted || needs) {
                    out.push(b'"');
                }
                out.push(byte);
            }
            if !quoted && needs {
                out.push(b'"');
            }
        }
    }
    out.extend_from_slice(row.get(end..).unwrap_or_default());
    out
}

/// `text` as the inside of a JSON string.
fn json_escaped(out: &mut Vec<u8>, text: &[u8]) {
    for &byte in text {
        match byte {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            0..0x20 => out.extend_from_slice(format!("\\u{byte:04x}").as_bytes()),
            _ => out.push(byte),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrites_only_the_cell() {
        let row = b"1,\"8/8 w\",x";
        let value = FieldValue::slice(b"8/8 w", 3);
        assert_eq!(
            rewritten(row, &value, b"8/8 \"b", Some(b',')),
            b"1,\"8/8 \"\"b\",x"
        );
        let row = b"1,8/8 w,x";
        let value = FieldValue::slice(b"8/8 w", 2);
        assert_eq!(rewritten(row, &value, b"8/8 b", Some(b',')), b"1,8/8 b,x");
        assert_eq!(rewritten(row, &value, b"a,b", Some(b',')), b"1,\"a,b\",x");
        let row = br#"{"fen": "8/8 w"}"#;
        let value = FieldValue::slice(b"8/8 w", 9);
        assert_eq!(
            rewritten(row, &value, b"a\"\\", None),
            br#"{"fen": "a\"\\"}"#
        );
    }
}
