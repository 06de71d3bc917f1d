//! Records that are a field of each row of a table: a column of a CSV or TSV file, or a key of
//! each line of a JSON Lines file. Each value is read as a record, and its diagnostics point at
//! its bytes in the row, so an editor and `file:line:column` land on the right character; a
//! row that cannot be read is one record with its one diagnostic, never dropped.

use std::borrow::Cow;
use std::path::Path;

use super::lines::Line;
use super::messages::record_too_long;
use super::options::ReadOptions;
use super::record::Record;
use crate::any::{Notation, parse_any};
use crate::diagnostic::{Diagnostic, Parsed};
use crate::inputs::{Cell, Column, CsvTable, FieldValue, JsonPath, QuoteState, json_field};

/// The UTF-8 byte order mark some writers put before the first line.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The kinds of tables a field is read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TableFormat {
    /// Comma-separated values (RFC 4180), with a header row.
    Csv,
    /// Tab-separated values, read by the same rules with a tab as the separator.
    Tsv,
    /// One JSON object per line.
    JsonLines,
}

impl TableFormat {
    /// The format of a text named `name` that starts with `start`: by the name's extension
    /// (`.csv`, `.tsv`, `.jsonl` or `.ndjson`, before a `.zst` or `.gz`), else JSON Lines when
    /// its first non-blank byte is `{`, TSV when its first line holds a tab, else CSV.
    pub fn of(name: Option<&Path>, start: &[u8]) -> TableFormat {
        let extension = name.and_then(|name| {
            let plain = match name.extension().and_then(|e| e.to_str()) {
                Some("zst" | "gz") => Path::new(name.file_stem()?),
                _ => name,
            };
            Some(plain.extension()?.to_str()?.to_ascii_lowercase())
        });
        match extension.as_deref() {
            Some("csv") => return TableFormat::Csv,
            Some("tsv" | "tab") => return TableFormat::Tsv,
            Some("jsonl" | "ndjson") => return TableFormat::JsonLines,
            _ => {}
        }
        let start = start.strip_prefix(BOM).unwrap_or(start);
        if start.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{') {
            return TableFormat::JsonLines;
        }
        let first_line = start.split(|&b| b == b'\n' || b == b'\r').next();
        if first_line.is_some_and(|line| line.contains(&b'\t')) {
            TableFormat::Tsv
        } else {
            TableFormat::Csv
        }
    }
}

/// Which field of each row holds the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// A column of a CSV or TSV file, by the header's name or its number from 1.
    Column {
        /// `b','` or `b'\t'`.
        separator: u8,
        /// The column.
        column: Column,
    },
    /// A key or dotted path of each line of a JSON Lines file.
    Json(JsonPath),
}

impl Field {
    /// The field `name` of a table in `format` (`--field NAME`).
    pub fn new(name: &str, format: TableFormat) -> Field {
        match format {
            TableFormat::Csv => Field::Column {
                separator: b',',
                column: Column::parse(name),
            },
            TableFormat::Tsv => Field::Column {
                separator: b'\t',
                column: Column::parse(name),
            },
            TableFormat::JsonLines => Field::Json(JsonPath::parse(name)),
        }
    }
}

/// Reads the records of a table, line after line, from its first line: a CSV or TSV file's
/// header first (a header without the column is one record of
/// `fenkit::input::column_not_found`, and no row is read), then each row; a row whose quoted
/// field holds line breaks is read once its last line comes (see [`QuoteState`] for when a
/// quote is open).
///
/// A row whose quote is not closed within the maximum record length, before a line over that
/// length, or by the table's end is one record of `fenkit::input::csv_unclosed_quote` at its
/// first line; the lines after that one are then read again, each as a row of its own line (one
/// that opens a quote again is an unclosed quote at once), so every line is read a bounded
/// number of times and the records come in the order of their lines.
#[derive(Clone, Debug)]
pub struct FieldReader {
    field: Field,
    options: ReadOptions,
    /// The header, once read; `None` for JSON Lines.
    table: Option<CsvTable>,
    /// The last line of the header (0 before it is read).
    header_end: usize,
    /// The header lacks the column: nothing after it is read.
    failed: bool,
    /// Only follows where rows end: reads no value, hands on no record of a row.
    rows_only: bool,
    /// The lines of a row (or header) whose quoted field is still open, joined by `\n`.
    pending: Vec<u8>,
    /// The number of the first pending line, and where each pending line starts in `pending`.
    pending_lines: Vec<(usize, usize)>,
    /// Where the pending row's open quote is in its first line.
    opened_at: usize,
    /// The lines of a row given up are being read again: none starts a pending row.
    giving_up: bool,
}

impl FieldReader {
    /// A reader of `field` from the table's first line.
    pub fn new(field: Field, options: ReadOptions) -> FieldReader {
        FieldReader {
            field,
            options,
            table: None,
            header_end: 0,
            failed: false,
            rows_only: false,
            pending: Vec::new(),
            pending_lines: Vec::new(),
            opened_at: 0,
            giving_up: false,
        }
    }

    /// Whether the header is read (always, for JSON Lines): [`part`](Self::part) may be called.
    pub fn is_ready(&self) -> bool {
        matches!(self.field, Field::Json(_)) || self.header_end > 0
    }

    /// A reader of any whole rows of the same table after its header, that starts afresh (no
    /// row pending): a block of lines read on a thread of its own. It reads the header's lines
    /// again if it is given them.
    pub fn part(&self) -> FieldReader {
        FieldReader {
            pending: Vec::new(),
            pending_lines: Vec::new(),
            opened_at: 0,
            giving_up: false,
            ..self.clone()
        }
    }

    /// A reader of the same table, from where a [`part`](Self::part) starts, that only
    /// follows where its rows end: fed the lines (of which, once the header is read and
    /// while [`is_between_rows`](Self::is_between_rows), those without a `"` may be left
    /// out), it says where a part of the table can end so that the part's reader reads the
    /// same rows as one reader of the whole table, a quote never closed included. It reads no
    /// value and hands on no record of a row.
    pub fn rows_only(&self) -> FieldReader {
        FieldReader {
            rows_only: true,
            ..self.part()
        }
    }

    /// Whether the lines read end between rows: no row's quoted field is still open.
    pub fn is_between_rows(&self) -> bool {
        self.pending.is_empty()
    }

    /// Reads `line`, the next line of the table, and hands `each` the record it completes.
    #[inline]
    pub fn read_line(&mut self, line: Line<'_>, each: &mut impl FnMut(Record<'_>)) {
        match self.plain_cell(&line) {
            Some(cell) => {
                let value =
                    FieldValue::slice(line.text.get(cell.clone()).unwrap_or_default(), cell.start);
                each(value_record(&self.options, line.number, line.text, &value));
            }
            None => {
                let options = self.options;
                self.read_any_line(line, &mut |number, text, cell| {
                    if let Some(record) = cell_record(&options, number, text, cell) {
                        each(record);
                    }
                });
            }
        }
    }

    /// Reads `line`, the next line of the table, and hands `each` the cell of each row it
    /// completes, as [`read_line`](Self::read_line) reads them: the number of the row's first
    /// line, the row's text (its lines joined by `\n`, a byte order mark left out) and its
    /// cell (never [`Cell::Blank`]), or the diagnostic of a row that cannot be read. For a
    /// caller that writes the value back (`fenkit fix`).
    pub fn read_cells(&mut self, line: Line<'_>, each: &mut impl FnMut(usize, &[u8], Cell<'_>)) {
        self.read_any_line(line, each);
    }

    /// The cell of a row of the common kind, read in one pass (see [`CsvTable::plain_cell`]): a
    /// whole row in one line after the header, no row pending, no quote, no byte order mark.
    #[inline]
    fn plain_cell(&self, line: &Line<'_>) -> Option<std::ops::Range<usize>> {
        let table = self.table.as_ref()?;
        let other = line.too_long.is_some() || line.number <= self.header_end;
        if other || !self.pending.is_empty() || self.rows_only {
            return None;
        }
        table.plain_cell(line.text)
    }

    /// [`read_cells`](Self::read_cells) of any line.
    fn read_any_line(&mut self, line: Line<'_>, each: &mut impl FnMut(usize, &[u8], Cell<'_>)) {
        if let Some(length) = line.too_long {
            // A row cannot go on over a line longer than a record may be.
            if !self.pending.is_empty() {
                self.give_up(each);
            }
            let diagnostic = record_too_long(
                length,
                self.options.max_record_bytes,
                self.options.raise_with,
            );
            return each(line.number, line.text, Cell::Broken(diagnostic));
        }
        let text = match line.text.strip_prefix(BOM) {
            Some(rest) if line.number == 1 => rest,
            _ => line.text,
        };
        match &self.field {
            Field::Json(path) => {
                let cell = json_field(text, path);
                self.hand_cell(line.number, text, cell, each);
            }
            Field::Column { .. } if self.failed && line.number > self.header_end => {}
            Field::Column { separator, .. } => {
                let separator = *separator;
                self.read_row_line(line.number, text, separator, each);
            }
        }
    }

    /// Ends the table: a row still pending has a quote never closed.
    pub fn finish(&mut self, each: &mut impl FnMut(Record<'_>)) {
        let options = self.options;
        self.finish_cells(&mut |number, text, cell| {
            if let Some(record) = cell_record(&options, number, text, cell) {
                each(record);
            }
        });
    }

    /// [`finish`](Self::finish), handing on cells as [`read_cells`](Self::read_cells) does.
    pub fn finish_cells(&mut self, each: &mut impl FnMut(usize, &[u8], Cell<'_>)) {
        if !self.pending.is_empty() {
            self.give_up(each);
        }
    }

    /// A line of a CSV or TSV file: part of the header or of a row. A pending row's new line
    /// is looked at by itself, from the quote state the line before left ([`QuoteState`]);
    /// the row is read whole once, when it ends.
    fn read_row_line(
        &mut self,
        number: usize,
        text: &[u8],
        separator: u8,
        each: &mut impl FnMut(usize, &[u8], Cell<'_>),
    ) {
        if self.pending.is_empty() {
            if self.complete(number, text, each) {
                return;
            }
            let opened_at = QuoteState::of_lines(text, separator).opened_at();
            if self.giving_up {
                let diagnostic = crate::inputs::csv_unclosed_quote(crate::Span::new(opened_at, 1));
                return self.hand_cell(number, text, Cell::Broken(diagnostic), each);
            }
            self.opened_at = opened_at;
            self.pending.extend_from_slice(text);
            self.pending_lines.push((number, 0));
            return;
        }
        self.pending_lines.push((number, self.pending.len() + 1));
        self.pending.push(b'\n');
        self.pending.extend_from_slice(text);
        let mut quotes = QuoteState::open();
        quotes.read_line(text, separator);
        if !quotes.is_open() {
            let mut pending = std::mem::take(&mut self.pending);
            let first = self.pending_lines.first().map_or(number, |&(n, _)| n);
            if self.complete(first, &pending, each) {
                self.pending_lines.clear();
                pending.clear();
            }
            // Kept for its room when cleared.
            self.pending = pending;
            if self.pending.is_empty() {
                return;
            }
        }
        if self.pending.len() > self.options.max_record_bytes {
            self.give_up(each);
        }
    }

    /// Reads `text`, the whole lines of a row (or of the header) from line `number` on:
    /// `false` when a quoted field is still open at its end.
    fn complete(
        &mut self,
        number: usize,
        text: &[u8],
        each: &mut impl FnMut(usize, &[u8], Cell<'_>),
    ) -> bool {
        let Field::Column { separator, column } = &self.field else {
            return true;
        };
        let Some(table) = &self.table else {
            return self.read_header(number, text, *separator, &column.clone(), each);
        };
        if number <= self.header_end {
            // A part given the header again: it is read already.
            return true;
        }
        if self.rows_only {
            return table.ends_row(text);
        }
        match table.row_of_line(text) {
            Some(row) => {
                self.hand_cell(number, text, row.cell, each);
                true
            }
            None => false,
        }
    }

    fn read_header(
        &mut self,
        number: usize,
        text: &[u8],
        separator: u8,
        column: &Column,
        each: &mut impl FnMut(usize, &[u8], Cell<'_>),
    ) -> bool {
        if text.iter().all(u8::is_ascii_whitespace) {
            return true;
        }
        if QuoteState::of_lines(text, separator).is_open() {
            return false;
        }
        let lines = 1 + memchr::memchr_iter(b'\n', text).count();
        self.header_end = number + lines - 1;
        match CsvTable::from_header(text, separator, column, true) {
            Some(Ok((table, _, _))) => self.table = Some(table),
            Some(Err(diagnostic)) => {
                self.failed = true;
                each(number, text, Cell::Broken(diagnostic));
            }
            None => {}
        }
        true
    }

    /// The pending row's quote is never closed: its first line is reported, and the lines
    /// after it are read again, each as a row of its own line.
    fn give_up(&mut self, each: &mut impl FnMut(usize, &[u8], Cell<'_>)) {
        let pending = std::mem::take(&mut self.pending);
        let lines = std::mem::take(&mut self.pending_lines);
        let line_text = |index: usize| {
            let start = lines.get(index).map_or(0, |&(_, start)| start);
            let end = lines
                .get(index + 1)
                .map_or(pending.len(), |&(_, next)| next - 1);
            pending.get(start..end).unwrap_or_default()
        };
        let first = lines.first().map_or(0, |&(number, _)| number);
        let diagnostic = crate::inputs::csv_unclosed_quote(crate::Span::new(self.opened_at, 1));
        if self.table.is_none() {
            self.header_end = first;
            self.failed = true;
        }
        if !self.rows_only {
            each(first, line_text(0), Cell::Broken(diagnostic));
        }
        self.giving_up = true;
        for (index, &(number, _)) in lines.iter().enumerate().skip(1) {
            let line = Line {
                number,
                text: line_text(index),
                too_long: None,
            };
            self.read_any_line(line, each);
        }
        self.giving_up = false;
    }

    /// Hands on a row's cell, unless the row is blank or only its end is followed.
    #[inline]
    fn hand_cell(
        &self,
        number: usize,
        text: &[u8],
        cell: Cell<'_>,
        each: &mut impl FnMut(usize, &[u8], Cell<'_>),
    ) {
        if self.rows_only || matches!(cell, Cell::Blank) {
            return;
        }
        each(number, text, cell);
    }
}

/// The record of a row's cell: its value read as a record, or its diagnostic; `None` for a
/// blank line.
fn cell_record<'t>(
    options: &ReadOptions,
    number: usize,
    text: &'t [u8],
    cell: Cell<'_>,
) -> Option<Record<'t>> {
    match cell {
        Cell::Blank => None,
        Cell::Broken(diagnostic) => Some(broken(options, number, text, diagnostic)),
        Cell::Value(value) => Some(value_record(options, number, text, &value)),
    }
}

/// The record of `value`, read out of line `number`'s `text`: its diagnostics moved from
/// the value into the row.
#[inline]
fn value_record<'t>(
    options: &ReadOptions,
    number: usize,
    text: &'t [u8],
    value: &FieldValue<'_>,
) -> Record<'t> {
    let (notation, mut parsed) = parse_any(&value.text, options.notation, &options.parse);
    if !parsed.diagnostics.is_empty() {
        parsed.diagnostics = std::mem::take(&mut parsed.diagnostics)
            .into_iter()
            .map(|diagnostic| value.place(diagnostic))
            .collect();
    }
    Record {
        line: number,
        text: Cow::Borrowed(text),
        notation,
        detected: options.notation.is_none(),
        parsed,
        heading: None,
    }
}

/// The record of a row that could not be read.
fn broken<'t>(
    options: &ReadOptions,
    number: usize,
    text: &'t [u8],
    diagnostic: Diagnostic,
) -> Record<'t> {
    Record {
        line: number,
        text: Cow::Borrowed(text),
        notation: options.notation.unwrap_or(Notation::Fen),
        detected: false,
        parsed: Parsed::new(None, vec![diagnostic]),
        heading: None,
    }
}

#[cfg(test)]
#[path = "fields_tests.rs"]
mod tests;
