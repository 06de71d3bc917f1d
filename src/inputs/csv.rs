//! A column of a CSV or TSV file, read by the rules of RFC 4180: a header row, fields between
//! separators, a field in double quotes may hold separators, line breaks and doubled quotes
//! (`""` is one `"`). LF, CRLF and a lone CR each end a row, as they end lines elsewhere; a
//! blank line is no row. TSV is the same with a tab as the separator.
//!
//! The reader works on bytes held by its caller: [`CsvTable::row`] reads the row at the start of
//! a buffer and says how many bytes it covers, or that it needs more (a quoted field that goes
//! on past the buffer), so a file is read in blocks of any size.

use crate::span::Span;

use super::messages;
use super::value::Cell;
use super::value::FieldValue;

/// Which column to read: by the header's name, or by its number from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Column {
    /// The column whose header is this name (the first, when names repeat).
    Name(String),
    /// The column at this place, from 1.
    Number(usize),
}

impl Column {
    /// A number from 1 is a column's place, anything else its name.
    pub fn parse(text: &str) -> Column {
        match text.parse::<usize>() {
            Ok(number) if number > 0 && text.bytes().all(|b| b.is_ascii_digit()) => {
                Column::Number(number)
            }
            _ => Column::Name(text.to_string()),
        }
    }
}

/// A row read from the start of a buffer.
#[derive(Debug)]
pub struct Row<'a> {
    /// The column's value (spans from the row's start), a blank line, or the diagnostic of a
    /// broken row (spans from the row's start).
    pub cell: Cell<'a>,
    /// The bytes of the buffer the row covers, its line end included.
    pub len: usize,
    /// The lines it covers (more than one when a quoted field holds line breaks).
    pub lines: usize,
}

/// A table whose header has been read: which field of each row is the column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvTable {
    separator: u8,
    /// The column, from 0.
    column: usize,
    /// The header's number of fields, which every row must have.
    width: usize,
}

/// A field's raw bytes, between its quotes when it has them.
#[derive(Clone, Copy, Debug, Default)]
struct RawField {
    start: usize,
    end: usize,
    /// It holds `""`, which reads as `"`.
    doubled: bool,
}

/// What scanning a row found.
struct Scanned {
    fields: usize,
    /// The start of the first field past the header's width.
    extra_at: usize,
    /// Where the row's text ends (before its line end).
    text_end: usize,
    len: usize,
    lines: usize,
}

/// How a scan of a row went wrong.
enum Broken {
    /// The buffer ends inside the row.
    NeedMore,
    UnclosedQuote(usize),
    StrayQuote(usize),
}

impl CsvTable {
    /// Reads the header row at the start of `bytes` (after a UTF-8 byte order mark) with fields
    /// separated by `separator` (`b','` or `b'\t'`), and finds `column` in it. `None` when the
    /// buffer ends inside the header and `at_end` is false; else the table and the bytes and
    /// lines the header covers, or the diagnostic (spans from the buffer's start) of a header
    /// without the column or a broken one.
    pub fn from_header(
        bytes: &[u8],
        separator: u8,
        column: &Column,
        at_end: bool,
    ) -> Option<Result<(CsvTable, usize, usize), crate::Diagnostic>> {
        let bom = if bytes.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        };
        let text = bytes.get(bom..).unwrap_or_default();
        let mut names: Vec<(RawField, usize)> = Vec::new();
        let scanned = match scan(text, separator, at_end, usize::MAX, |index, field| {
            names.push((field, index));
        }) {
            Ok(scanned) => scanned,
            Err(Broken::NeedMore) => return None,
            Err(Broken::UnclosedQuote(at)) => {
                return Some(Err(messages::csv_unclosed_quote(Span::new(bom + at, 1))));
            }
            Err(Broken::StrayQuote(at)) => {
                return Some(Err(messages::csv_stray_quote(Span::new(bom + at, 1))));
            }
        };
        let found = match column {
            Column::Number(number) => Some(number - 1).filter(|&n| n < scanned.fields),
            Column::Name(name) => names
                .iter()
                .find(|(field, _)| field_text(text, field) == name.as_bytes())
                .map(|(_, index)| *index),
        };
        let header = Span::new(bom, scanned.text_end);
        let Some(index) = found else {
            let written = match column {
                Column::Name(name) => name.clone(),
                Column::Number(number) => number.to_string(),
            };
            return Some(Err(messages::column_not_found(
                &written,
                header,
                scanned.fields,
            )));
        };
        let table = CsvTable {
            separator,
            column: index,
            width: scanned.fields,
        };
        Some(Ok((table, bom + scanned.len, scanned.lines)))
    }

    /// The column's number of fields in every row.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Reads the row at the start of `bytes`: `None` when the buffer ends inside it and
    /// `at_end` is false. Pass `at_end` at the end of the input, or when the buffer already
    /// holds more than a row may have from this row on: an unclosed quote then is the row's
    /// diagnostic, and the row ends at its first line end.
    pub fn row<'a>(&self, bytes: &'a [u8], at_end: bool) -> Option<Row<'a>> {
        if let Some(blank) = blank_line(bytes, at_end) {
            return blank;
        }
        let mut wanted = RawField::default();
        let column = self.column;
        let scanned = scan(bytes, self.separator, at_end, self.width, |index, field| {
            if index == column {
                wanted = field;
            }
        });
        let scanned = match scanned {
            Ok(scanned) => scanned,
            Err(Broken::NeedMore) => return None,
            Err(Broken::UnclosedQuote(at)) => {
                return Some(skipped(
                    bytes,
                    messages::csv_unclosed_quote(Span::new(at, 1)),
                ));
            }
            Err(Broken::StrayQuote(at)) => {
                return Some(skipped(bytes, messages::csv_stray_quote(Span::new(at, 1))));
            }
        };
        let cell = if scanned.fields == self.width {
            Cell::Value(field_value(bytes, wanted))
        } else {
            let at = if scanned.fields < self.width {
                Span::new(scanned.text_end, 0)
            } else {
                Span::new(scanned.extra_at.saturating_sub(1), 1)
            };
            Cell::Broken(messages::csv_field_count(scanned.fields, self.width, at))
        };
        Some(Row {
            cell,
            len: scanned.len,
            lines: scanned.lines,
        })
    }
}

impl CsvTable {
    /// Reads the row that the whole line `line` (without its line end) starts: `None` when a
    /// quoted field is still open at its end, so the row goes on in the next line (give it the
    /// lines joined by `\n`). A line of whitespace is [`Cell::Blank`].
    pub fn row_of_line<'a>(&self, line: &'a [u8]) -> Option<Row<'a>> {
        if line.iter().all(u8::is_ascii_whitespace) {
            return Some(Row {
                cell: Cell::Blank,
                len: line.len(),
                lines: 1,
            });
        }
        if let Some(row) = self.unquoted_line(line) {
            return Some(row);
        }
        if !self.ends_row(line) {
            return None;
        }
        self.row(line, true)
    }

    /// Whether the whole lines `lines` (joined by `\n`) end a row: `false` when a quoted field
    /// is still open at their end, as [`row_of_line`](Self::row_of_line) reads them.
    pub fn ends_row(&self, lines: &[u8]) -> bool {
        !matches!(
            scan(lines, self.separator, true, self.width, |_, _| {}),
            Err(Broken::UnclosedQuote(_))
        )
    }

    /// The row of a line without quotes, with the header's number of fields (see
    /// [`plain_cell`](Self::plain_cell)). `None` for any other line, which
    /// [`row`](Self::row) reads.
    fn unquoted_line<'a>(&self, line: &'a [u8]) -> Option<Row<'a>> {
        let cell = self.plain_cell(line)?;
        Some(Row {
            cell: Cell::Value(FieldValue::slice(
                line.get(cell.clone()).unwrap_or_default(),
                cell.start,
            )),
            len: line.len(),
            lines: 1,
        })
    }

    /// Where the column's cell is in `line`, a whole row of one line (without its line end)
    /// that holds no quote, no blank line, and the header's number of fields: its value is the
    /// bytes between the separators around it, verbatim. One pass counts the separators and
    /// looks for a quote, and the cell's bounds are the separators before and after it, each
    /// found with `memchr`: nothing after the cell is looked at again, nothing is copied.
    /// `None` for any other line, which [`row_of_line`](Self::row_of_line) reads.
    #[inline]
    pub fn plain_cell(&self, line: &[u8]) -> Option<std::ops::Range<usize>> {
        if line.iter().all(u8::is_ascii_whitespace) {
            return None;
        }
        let (separators, quotes) = count_separators_and_quotes(line, self.separator);
        if quotes || separators + 1 != self.width {
            return None;
        }
        let mut start = 0;
        for _ in 0..self.column {
            start += memchr::memchr(self.separator, line.get(start..)?)? + 1;
        }
        let rest = line.get(start..)?;
        let end = memchr::memchr(self.separator, rest).map_or(line.len(), |at| start + at);
        Some(start..end)
    }
}

/// How many bytes of `line` are `separator`, and whether any is a `"`: counted in byte-wide
/// lanes over pieces of at most 255 bytes, which the compiler turns into vector compares (one
/// pass without a branch per byte, where a search stopping at each separator costs a call per
/// field, and a `memchr` for the quote a second pass; sixteen lanes spelled out as arrays, or
/// `memchr`'s count, cost more: 1680 and 360 instructions a 172-byte row against 180).
fn count_separators_and_quotes(line: &[u8], separator: u8) -> (usize, bool) {
    let mut separators = 0;
    let mut quotes = 0u8;
    for piece in line.chunks(255) {
        let (hits, quoted) = piece.iter().fold((0u8, 0u8), |(hits, quoted), &b| {
            (
                hits.wrapping_add(u8::from(b == separator)),
                quoted | u8::from(b == b'"'),
            )
        });
        separators += usize::from(hits);
        quotes |= quoted;
    }
    (separators, quotes != 0)
}

/// A blank line at the start of `bytes`: no row, its line end covered.
fn blank_line(bytes: &[u8], at_end: bool) -> Option<Option<Row<'static>>> {
    let len = match bytes {
        [b'\r', b'\n', ..] => 2,
        [b'\r'] if !at_end => return Some(None),
        [b'\r', ..] | [b'\n', ..] => 1,
        _ => return None,
    };
    Some(Some(Row {
        cell: Cell::Blank,
        len,
        lines: 1,
    }))
}

/// A broken row, skipped up to the end of its first line.
fn skipped(bytes: &[u8], diagnostic: crate::Diagnostic) -> Row<'_> {
    let len = match memchr::memchr2(b'\n', b'\r', bytes) {
        Some(at) if bytes.get(at..at + 2) == Some(b"\r\n") => at + 2,
        Some(at) => at + 1,
        None => bytes.len(),
    };
    Row {
        cell: Cell::Broken(diagnostic),
        len,
        lines: 1,
    }
}

/// The raw bytes of a field (doubled quotes not undone).
fn field_text<'a>(bytes: &'a [u8], field: &RawField) -> std::borrow::Cow<'a, [u8]> {
    field_value(bytes, *field).text
}

fn field_value(bytes: &[u8], field: RawField) -> FieldValue<'_> {
    let raw = bytes.get(field.start..field.end).unwrap_or_default();
    if !field.doubled {
        return FieldValue::slice(raw, field.start);
    }
    let mut text = Vec::with_capacity(raw.len());
    let mut offsets = Vec::with_capacity(raw.len());
    let mut at = 0;
    while let Some(&byte) = raw.get(at) {
        text.push(byte);
        offsets.push(at);
        at += if byte == b'"' { 2 } else { 1 };
    }
    FieldValue::unescaped(text, field.start, raw.len(), offsets)
}

/// Scans the row at the start of `bytes`, handing each field to `field` with its index.
fn scan(
    bytes: &[u8],
    separator: u8,
    at_end: bool,
    width: usize,
    mut field: impl FnMut(usize, RawField),
) -> Result<Scanned, Broken> {
    #[cfg(test)]
    super::scanned::add(bytes.len());
    let mut at = 0;
    let mut index = 0;
    let mut lines = 1;
    let mut extra_at = 0;
    loop {
        if index == width {
            extra_at = at;
        }
        let (raw, after) = if bytes.get(at) == Some(&b'"') {
            quoted(bytes, at, at_end, &mut lines)?
        } else {
            let end = memchr::memchr3(separator, b'\n', b'\r', bytes.get(at..).unwrap_or_default())
                .map_or(bytes.len(), |found| at + found);
            let raw = RawField {
                start: at,
                end,
                doubled: false,
            };
            (raw, end)
        };
        field(index, raw);
        index += 1;
        match bytes.get(after) {
            Some(&byte) if byte == separator => at = after + 1,
            Some(b'\r') if after + 1 == bytes.len() && !at_end => return Err(Broken::NeedMore),
            Some(b'\r' | b'\n') => {
                let crlf = bytes.get(after..after + 2) == Some(b"\r\n");
                let len = after + if crlf { 2 } else { 1 };
                return Ok(Scanned {
                    fields: index,
                    extra_at,
                    text_end: after,
                    len,
                    lines,
                });
            }
            Some(_) => return Err(Broken::StrayQuote(after)),
            None if at_end => {
                let len = bytes.len();
                return Ok(Scanned {
                    fields: index,
                    extra_at,
                    text_end: len,
                    len,
                    lines,
                });
            }
            None => return Err(Broken::NeedMore),
        }
    }
}

/// Reads the quoted field whose quote is at `quote`: the field, and where it ends after its
/// closing quote. Counts the line breaks inside it into `lines`.
fn quoted(
    bytes: &[u8],
    quote: usize,
    at_end: bool,
    lines: &mut usize,
) -> Result<(RawField, usize), Broken> {
    let start = quote + 1;
    let mut at = start;
    let mut doubled = false;
    loop {
        let rest = bytes.get(at..).unwrap_or_default();
        let Some(found) = memchr::memchr(b'"', rest) else {
            return Err(if at_end {
                Broken::UnclosedQuote(quote)
            } else {
                Broken::NeedMore
            });
        };
        at += found;
        if bytes.get(at + 1) == Some(&b'"') {
            doubled = true;
            at += 2;
            continue;
        }
        if at + 1 == bytes.len() && !at_end {
            // A `"` at the buffer's end may be the first of `""`.
            return Err(Broken::NeedMore);
        }
        let inside = bytes.get(start..at).unwrap_or_default();
        *lines += line_breaks(inside);
        return Ok((
            RawField {
                start,
                end: at,
                doubled,
            },
            at + 1,
        ));
    }
}

/// The line ends in `bytes`: LF, CRLF and lone CR each count once.
fn line_breaks(bytes: &[u8]) -> usize {
    let mut count = 0;
    let mut after_cr = false;
    for &byte in bytes {
        match byte {
            b'\n' if after_cr => after_cr = false,
            b'\n' => count += 1,
            b'\r' => {
                count += 1;
                after_cr = true;
            }
            _ => after_cr = false,
        }
    }
    count
}

#[cfg(test)]
#[path = "csv_tests.rs"]
mod tests;
