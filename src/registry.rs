//! The registry: every code fenkit reports, as the code lists of the notations' `codes.rs` files
//! (which sit beneath their notations, in this layer) and of reading files. It is beneath every
//! notation so that a diagnostic read back from JSON can be checked against it.

use crate::code_info::{CodeInfo, CodeKind};

/// The code lists, in documentation order.
const CODE_LISTS: &[&[CodeInfo]] = &[
    crate::chess::codes::ALL,
    crate::epd::codes::ALL,
    crate::feen::codes::ALL,
    crate::draughts::codes::ALL,
    crate::pgn::codes::ALL,
    input::ALL,
    crate::grammar::codes::ALL,
    crate::variant::codes::ALL,
];

/// Every code of every notation.
pub fn all() -> impl Iterator<Item = &'static CodeInfo> {
    CODE_LISTS.iter().flat_map(|list| list.iter())
}

/// The codes of reading records from files (`fenkit::input::*`), reported by the command line
/// before any notation is involved.
pub mod input {
    use super::{CodeInfo, CodeKind};

    /// A line longer than the maximum record length, skipped without being read into memory.
    pub const RECORD_TOO_LONG: &str = "fenkit::input::record_too_long";
    /// An input that is binary (compressed, an archive, NUL bytes), not text.
    pub const BINARY_INPUT: &str = "fenkit::input::binary_input";
    /// A quoted CSV field that is never closed.
    pub const CSV_UNCLOSED_QUOTE: &str = "fenkit::input::csv_unclosed_quote";
    /// Text after the closing quote of a CSV field.
    pub const CSV_STRAY_QUOTE: &str = "fenkit::input::csv_stray_quote";
    /// A CSV row with a number of fields other than the header's.
    pub const CSV_FIELD_COUNT: &str = "fenkit::input::csv_field_count";
    /// A CSV header without the column asked for.
    pub const COLUMN_NOT_FOUND: &str = "fenkit::input::column_not_found";
    /// A JSON Lines line that is not JSON.
    pub const JSON_SYNTAX: &str = "fenkit::input::json_syntax";
    /// A JSON Lines line without the field asked for.
    pub const JSON_MISSING_FIELD: &str = "fenkit::input::json_missing_field";
    /// A JSON Lines field that is not a string.
    pub const JSON_NOT_A_STRING: &str = "fenkit::input::json_not_a_string";

    /// Every input code, in documentation order.
    pub const ALL: &[CodeInfo] = &[
        CodeInfo {
            code: RECORD_TOO_LONG,
            kind: CodeKind::Error,
            summary: "a line longer than the maximum record length (`--max-record-bytes`, 64 KiB by default), skipped unread",
        },
        CodeInfo {
            code: BINARY_INPUT,
            kind: CodeKind::Error,
            summary: "the input is binary (compressed data, an archive, UTF-16, NUL bytes), not text: one diagnostic for the whole input",
        },
        CodeInfo {
            code: CSV_UNCLOSED_QUOTE,
            kind: CodeKind::Error,
            summary: "a quoted CSV or TSV field that is never closed; the row is skipped up to its first line end",
        },
        CodeInfo {
            code: CSV_STRAY_QUOTE,
            kind: CodeKind::Error,
            summary: "text after the closing quote of a CSV or TSV field; the row is skipped",
        },
        CodeInfo {
            code: CSV_FIELD_COUNT,
            kind: CodeKind::Error,
            summary: "a CSV or TSV row whose number of fields is not the header's; the row is skipped",
        },
        CodeInfo {
            code: COLUMN_NOT_FOUND,
            kind: CodeKind::Error,
            summary: "the CSV or TSV header has no column of that name or number (`--field`); no row is read",
        },
        CodeInfo {
            code: JSON_SYNTAX,
            kind: CodeKind::Error,
            summary: "a line of a JSON Lines file that is not JSON",
        },
        CodeInfo {
            code: JSON_MISSING_FIELD,
            kind: CodeKind::Error,
            summary: "a line of a JSON Lines file without the field (`--field`)",
        },
        CodeInfo {
            code: JSON_NOT_A_STRING,
            kind: CodeKind::Error,
            summary: "the field of a JSON Lines line is a number, an array, an object or a literal, not a string",
        },
    ];
}
