//! The words of the diagnostics of reading inputs: binary files, CSV and TSV cells, JSON Lines
//! fields.

use crate::diagnostic::Diagnostic;
use crate::registry::input;
use crate::span::Span;

use super::binary_kind::BinaryKind;

/// How deep JSON arrays and objects may nest (a line is read recursively): the number
/// [`JSON_TOO_DEEP`] says.
pub(super) const MAX_JSON_DEPTH: usize = 128;

/// What a JSON line nested deeper than [`MAX_JSON_DEPTH`] is told was expected.
pub(super) const JSON_TOO_DEEP: &str = "at most 128 nested arrays and objects";

impl BinaryKind {
    /// What it is, in words: `a zip archive`.
    pub fn describe(self) -> &'static str {
        binary_kind(self)
    }
}

/// A binary kind in words.
pub(super) fn binary_kind(kind: BinaryKind) -> &'static str {
    match kind {
        BinaryKind::Zstd => "Zstandard-compressed data",
        BinaryKind::Gzip => "gzip-compressed data",
        BinaryKind::Zip => "a zip archive",
        BinaryKind::Xz => "xz-compressed data",
        BinaryKind::Bzip2 => "bzip2-compressed data",
        BinaryKind::SevenZip => "a 7z archive",
        BinaryKind::Lz4 => "LZ4-compressed data",
        BinaryKind::Tar => "a tar archive",
        BinaryKind::Utf16 => "UTF-16 text",
        BinaryKind::NulBytes => "a binary file (it holds a NUL byte)",
    }
}

fn binary_help(kind: BinaryKind) -> &'static str {
    match kind {
        BinaryKind::Zstd | BinaryKind::Gzip => {
            "`fenkit check FILE.zst` and `FILE.gz` read it directly; elsewhere, decompress it first"
        }
        BinaryKind::Zip | BinaryKind::SevenZip | BinaryKind::Tar => {
            "extract the archive and check the files in it"
        }
        BinaryKind::Xz | BinaryKind::Bzip2 | BinaryKind::Lz4 => {
            "decompress it first, e.g. `xz -dc FILE | fenkit check`"
        }
        BinaryKind::Utf16 => "convert it to UTF-8, e.g. `iconv -f UTF-16 -t UTF-8`",
        BinaryKind::NulBytes => "check the text file the records are in",
    }
}

pub(super) fn binary_input(kind: BinaryKind, span: Span) -> Diagnostic {
    let label = match kind {
        BinaryKind::NulBytes => "a NUL byte",
        BinaryKind::Tar => "a tar header starts here",
        _ => "the magic number",
    };
    Diagnostic::error(
        input::BINARY_INPUT,
        format!(
            "this is {}, not text: nothing of it was read",
            binary_kind(kind)
        ),
    )
    .label(span, label)
    .help(binary_help(kind))
}

pub(crate) fn csv_unclosed_quote(quote: Span) -> Diagnostic {
    Diagnostic::error(
        input::CSV_UNCLOSED_QUOTE,
        "this quoted field is never closed: the row was skipped",
    )
    .label(quote, "the quote that opens it")
    .help("close the field with `\"`, and write a quote inside a field as `\"\"`")
}

pub(super) fn csv_stray_quote(at: Span) -> Diagnostic {
    Diagnostic::error(
        input::CSV_STRAY_QUOTE,
        "text after the closing quote of a field: the row was skipped",
    )
    .label(at, "expected a separator or the end of the row here")
    .help("write a quote inside a quoted field as `\"\"`")
}

pub(super) fn csv_field_count(found: usize, expected: usize, at: Span) -> Diagnostic {
    let label = if found < expected {
        "the row ends here"
    } else {
        "the first field too many"
    };
    Diagnostic::error(
        input::CSV_FIELD_COUNT,
        format!("this row has {found} fields, the header has {expected}: the row was skipped"),
    )
    .label(at, label)
    .help("give every row the header's fields; quote a field that holds the separator")
}

pub(super) fn column_not_found(column: &str, header: Span, fields: usize) -> Diagnostic {
    Diagnostic::error(
        input::COLUMN_NOT_FOUND,
        format!("the header has no column `{column}`: no row was read"),
    )
    .label(header, format!("the header, {fields} columns"))
    .help("name a column of the header, or give its number (from 1)")
}

pub(super) fn json_syntax(expected: &str, at: Span) -> Diagnostic {
    Diagnostic::error(
        input::JSON_SYNTAX,
        format!("this line is not JSON: expected {expected}"),
    )
    .label(at, format!("expected {expected}"))
    .help("write one JSON object per line")
}

pub(super) fn json_missing_field(path: &str, missing: &str, object: Span) -> Diagnostic {
    Diagnostic::error(
        input::JSON_MISSING_FIELD,
        format!("this line has no field `{path}`"),
    )
    .label(object, format!("no key `{missing}` in this object"))
    .help("give every line the field, or name the field the lines have")
}

pub(super) fn json_not_a_string(path: &str, kind: &str, value: Span) -> Diagnostic {
    Diagnostic::error(
        input::JSON_NOT_A_STRING,
        format!("the field `{path}` is {kind}, not a string"),
    )
    .label(value, kind.to_string())
    .help("write the record as a JSON string")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_depth_message_says_the_depth_allowed() {
        assert!(JSON_TOO_DEEP.contains(&format!(" {MAX_JSON_DEPTH} ")));
    }
}
