//! The registry of codes, beneath every notation: what a code is ([`CodeInfo`]), the list of
//! all of them, and the address of each explanation. The explanations themselves, which read
//! records of every notation, are the facade's ([`super::explain`]).

/// The documentation page of the explanations, [`explanations`](super::explanations) as published on docs.rs for
/// this version; each code is an anchor on it (see [`url`]; the page is [`super::explanations`]).
pub const DOCS_URL: &str = concat!(
    "https://docs.rs/fenkit/",
    env!("CARGO_PKG_VERSION"),
    "/fenkit/codes/explanations/index.html"
);

/// The address of the explanation of `code`: [`DOCS_URL`] with the code as the anchor.
///
/// ```
/// assert!(fenkit::codes::url("fenkit::fen::rank_too_long")
///     .ends_with("/fenkit/codes/explanations/index.html#fenkit::fen::rank_too_long"));
/// ```
pub fn url(code: &str) -> String {
    format!("{DOCS_URL}#{code}")
}

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

/// Declares a notation's codes: a public `&str` constant for each (documented with its code and
/// summary, so users match on `fenkit::chess::codes::RANK_TOO_LONG` rather than on a string),
/// and `ALL` listing them.
macro_rules! codes {
    ($($(#[$meta:meta])* $name:ident = $code:literal, $kind:ident, $summary:literal;)*) => {
        $(
            #[doc = concat!("`", $code, "`: ", $summary, ".")]
            $(#[$meta])*
            pub const $name: &str = $code;
        )*
        /// Every code of this notation, in documentation order.
        pub const ALL: &[$crate::codes::registry::CodeInfo] = &[
            $($crate::codes::registry::CodeInfo {
                code: $code,
                kind: $crate::codes::registry::CodeKind::$kind,
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
        .chain(crate::pgn::codes::ALL)
        .chain(input::ALL)
        .chain(crate::grammar::codes::ALL)
        .chain(crate::variant::codes::ALL)
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
