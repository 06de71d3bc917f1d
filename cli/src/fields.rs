//! Reading a field of each row of a table (`--field`), and what a binary input reads as: which
//! reader an input gets, from its name and first block.

use std::path::{Path, PathBuf};

use fenkit::inputs::{BinaryKind, sniff_binary};
use fenkit::records::{
    Field, FieldReader, Line, ReadOptions, Record, TOO_LONG_PREFIX, TableFormat,
};

use crate::input::{Block, LineReader};

/// The path an input's kind is told by: without the `.zst` or `.gz` of a compressed input, so
/// that `games.pgn.zst` is a game file and `puzzles.csv.gz` a CSV file.
pub fn plain_path(path: &Path, source: &LineReader) -> PathBuf {
    let compressed = source.compression.is_some();
    let extension = path.extension().and_then(|e| e.to_str());
    match (compressed, extension, path.file_stem()) {
        (true, Some("zst" | "gz"), Some(stem)) => path.with_file_name(stem),
        _ => path.to_path_buf(),
    }
}

/// The format of the table `source` (named `path`): by its extension, else by its first bytes.
pub fn format_of(path: &Path, source: &mut LineReader) -> TableFormat {
    TableFormat::of(Some(path), source.peek())
}

/// What the input of `first`, its first block, looks like if it is not text.
pub fn binary(first: &Block) -> Option<BinaryKind> {
    sniff_binary(&first.start())
}

/// The one record of a binary input: the line of the bytes that gave it away (its first bytes),
/// and the diagnostic that says what it is.
pub fn binary_record(kind: BinaryKind, first: &Block) -> Record<'static> {
    let start = first.start();
    let at = match kind {
        BinaryKind::NulBytes => memchr::memchr(0, &start).unwrap_or(0),
        _ => 0,
    };
    let before = start.get(..at).unwrap_or_default();
    let line_start = memchr::memrchr(b'\n', before).map_or(0, |newline| newline + 1);
    let line = start.get(line_start..).unwrap_or_default();
    let line = line.split(|&b| b == b'\n').next().unwrap_or_default();
    let shown = line.len().min((at - line_start + 1).max(TOO_LONG_PREFIX));
    let text = line.get(..shown).unwrap_or_default().to_vec();
    let diagnostic = kind.diagnostic(&text);
    let number = 1 + memchr::memchr_iter(b'\n', before).count();
    let mut record = fenkit::records::read_one(number, b"", &ReadOptions::default()).into_owned();
    record.text = std::borrow::Cow::Owned(text);
    record.parsed = fenkit::Parsed::new(None, vec![diagnostic]);
    record.detected = false;
    record
}

/// A reader of `field` of a table in `format` from its first line that only follows where its
/// rows end ([`FieldReader::rows_only`]): what the blocks of the table are cut by.
pub fn row_ends(field: &str, format: TableFormat, reading: ReadOptions) -> FieldReader {
    FieldReader::new(Field::new(field, format), reading).rows_only()
}

/// The reader of `field` of a table in `format`, its header read from `first`, the first block.
pub fn field_reader(
    field: &str,
    format: TableFormat,
    reading: ReadOptions,
    first: &Block,
) -> FieldReader {
    let mut reader = FieldReader::new(Field::new(field, format), reading);
    for line in first.lines() {
        if reader.is_ready() {
            break;
        }
        let line = Line {
            number: line.number,
            text: first.text(line),
            too_long: line.too_long,
        };
        // The header's records (a header without the column) are the first block's to report.
        reader.read_line(line, &mut |_| {});
    }
    reader
}
