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

    /// Every input code, in documentation order.
    pub const ALL: &[CodeInfo] = &[CodeInfo {
        code: RECORD_TOO_LONG,
        kind: CodeKind::Error,
        summary: "a line longer than the maximum record length (`--max-record-bytes`, 64 KiB by default), skipped unread",
    }];
}
