//! Every diagnostic code fenkit reports, with when it is reported and what it means.
//!
//! The README's code table is this list (a test keeps the two equal).

/// When a code is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CodeKind {
    /// A syntax error in both modes.
    Error,
    /// A dialect: an error in strict mode, a warning in lenient mode.
    Dialect,
    /// Always a warning: accepted, but not how the notation should be written.
    Warning,
    /// An error of the validation step: the position cannot exist.
    Legality,
}

impl CodeKind {
    /// How the docs describe the kind.
    pub const fn describe(self) -> &'static str {
        match self {
            CodeKind::Error => "error",
            CodeKind::Dialect => "error (strict) / warning (lenient)",
            CodeKind::Warning => "warning",
            CodeKind::Legality => "error (validation)",
        }
    }
}

/// A diagnostic code and what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CodeInfo {
    /// The code, e.g. `fenkit::fen::rank_too_long`.
    pub code: &'static str,
    /// When it is reported.
    pub kind: CodeKind,
    /// What it means, in a few words.
    pub summary: &'static str,
}

/// Declares a notation's codes: a `&str` constant for each, and `ALL` listing them.
macro_rules! codes {
    ($($(#[$meta:meta])* $name:ident = $code:literal, $kind:ident, $summary:literal;)*) => {
        $($(#[$meta])* pub(crate) const $name: &str = $code;)*
        /// Every code of this notation, in documentation order.
        pub const ALL: &[$crate::codes::CodeInfo] = &[
            $($crate::codes::CodeInfo {
                code: $code,
                kind: $crate::codes::CodeKind::$kind,
                summary: $summary,
            },)*
        ];
    };
}
pub(crate) use codes;

/// Every code of every notation.
pub fn all() -> impl Iterator<Item = &'static CodeInfo> {
    crate::chess::codes::ALL
        .iter()
        .chain(crate::epd::codes::ALL)
        .chain(crate::feen::codes::ALL)
        .chain(crate::draughts::codes::ALL)
        .chain(input::ALL)
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
