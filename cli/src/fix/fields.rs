//! The changes of a table read through `--field`: only the field's value changes, written back
//! as its format writes it (a CSV cell quoted as it was, or quoted where the new value needs
//! it; a JSON string escaped); every other byte of the row stays. A row whose quoted field
//! holds a line break is reported like any other, never rewritten.

use fenkit::autofix::{Fixed, fix_record_keeping};
use fenkit::codes::CodeFilter;
use fenkit::inputs::{Cell, CsvTable, FieldValue, json_field};
use fenkit::records::{Field, ReadOptions};
use fenkit::{Notation, Parsed};

use super::outcome::{Change, FixOutcome};
use crate::input::{Line, QuoteBalance};

/// The changes of one table's lines, read in order.
pub(super) struct FieldChanges {
    field: Field,
    /// The header, once read (CSV and TSV).
    table: Option<CsvTable>,
    /// The header lacks the column: nothing is changed.
    failed: bool,
    /// A row's quoted field is open: its lines are skipped.
    quotes: QuoteBalance,
}

impl FieldChanges {
    pub(super) fn new(field: Field) -> FieldChanges {
        FieldChanges {
            field,
            table: None,
            failed: false,
            quotes: QuoteBalance::default(),
        }
    }

    /// Reads `line` (`text`) of `source`: the change of its value, if any; a row left invalid
    /// is counted and said in `outcome`.
    pub(super) fn line(
        &mut self,
        source: &str,
        line: &Line,
        text: &[u8],
        fixing: (&ReadOptions, &CodeFilter),
        outcome: &mut FixOutcome,
    ) -> Option<Change> {
        let (text, bom) = match text.strip_prefix(b"\xEF\xBB\xBF") {
            Some(rest) if line.number == 1 => (rest, 3),
            _ => (text, 0),
        };
        let (cell, separator) = match &self.field {
            Field::Json(path) => (json_field(text, path), None),
            Field::Column { .. } if self.failed => return None,
            Field::Column { separator, column } => {
                let was_open = self.quotes.is_open();
                self.quotes.count(text);
                if was_open || self.quotes.is_open() {
                    return None;
                }
                let Some(table) = &self.table else {
                    if !text.iter().all(u8::is_ascii_whitespace) {
                        match CsvTable::from_header(text, *separator, column, true) {
                            Some(Ok((table, _, _))) => self.table = Some(table),
                            _ => self.failed = true,
                        }
                    }
                    return None;
                };
                (
                    table.row(text, true).map_or(Cell::Blank, |row| row.cell),
                    Some(*separator),
                )
            }
        };
        let value = match cell {
            Cell::Blank => return None,
            Cell::Broken(diagnostic) => {
                let parsed = Parsed::new(None, vec![diagnostic]);
                outcome.left_invalid(source, line.number, text, Notation::Fen, parsed);
                return None;
            }
            Cell::Value(value) => value,
        };
        let (reading, filter) = fixing;
        match fix_record_keeping(&value.text, reading.notation, &reading.parse, filter) {
            Fixed::Valid(new) if new != *value.text => {
                let row = rewritten(text, &value, &new, separator);
                Some(Change::within_line(
                    line.number,
                    line.offset + bom,
                    text,
                    row,
                ))
            }
            Fixed::Valid(_) => None,
            Fixed::Invalid { .. } => {
                let record = fenkit::records::read_one(line.number, &value.text, reading);
                let mut parsed = record.parsed;
                filter.apply(&mut parsed);
                parsed.diagnostics = std::mem::take(&mut parsed.diagnostics)
                    .into_iter()
                    .map(|diagnostic| value.place(diagnostic))
                    .collect();
                outcome.left_invalid(source, line.number, text, record.notation, parsed);
                None
            }
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
