//! Reading a field of each row of a table (`--field`), and what a binary input reads as: which
//! reader an input gets, from its name and first block.

use std::path::{Path, PathBuf};

use fenkit::inputs::{BinaryKind, sniff_binary};
use fenkit::records::{Field, FieldReader, Line, ReadOptions, Record, TableFormat};

use crate::input::{Block, LineReader};

/// The path an input's kind is told by: without the `.zst` or `.gz` of a compressed input, so
/// that `games.pgn.zst` is a game file and `puzzles.csv.gz` a CSV file.
pub fn plain_path(path: &Path, source: &LineReader) -> PathBuf {
    fenkit::records::plain_name(path, source.compression.is_some())
}

/// The format of the table `source` (named `path`): by its extension, else by its first bytes.
pub fn format_of(path: &Path, source: &mut LineReader) -> TableFormat {
    TableFormat::of(Some(path), source.peek())
}

/// What the input of `first`, its first block, looks like if it is not text.
pub fn binary(first: &Block) -> Option<BinaryKind> {
    sniff_binary(&first.start())
}

/// The one record of a binary input, told by the first block ([`fenkit::records::binary_record`]).
pub fn binary_record(kind: BinaryKind, first: &Block) -> Record<'static> {
    fenkit::records::binary_record(kind, &first.start())
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
