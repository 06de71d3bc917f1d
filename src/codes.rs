//! Every diagnostic code fenkit reports, with when it is reported and what it means.
//!
//! The code table of docs/codes.md is this list (a test keeps the two equal). Every code also has a
//! long explanation ([`explain`]), shown by `fenkit explain CODE` and on the
//! [`explanations`] page, where each diagnostic's [`url`](miette::Diagnostic::url) points.
//!
//! Each notation's module has the codes as constants ([`crate::chess::codes`],
//! [`crate::epd::codes`], [`crate::feen::codes`], [`crate::draughts::codes`]) to match a
//! diagnostic against:
//!
//! ```
//! use fenkit::chess::codes::RANK_TOO_LONG;
//!
//! let parsed = fenkit::Fen::parse(b"ppppppppp/8/8/8/8/8/8/8 w - - 0 1", &fenkit::ParseOptions::strict());
//! assert!(parsed.diagnostics.iter().any(|d| d.code() == RANK_TOO_LONG));
//! ```

pub use crate::explain::{Example, Explanation, Reading};

/// The documentation page of the explanations, [`explanations`] as published on docs.rs for
/// this version; each code is an anchor on it (see [`url`]).
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

/// The long explanation of `code`: what the standard says, a wrong record and the right one.
///
/// ```
/// use fenkit::ParseOptions;
///
/// let explanation = fenkit::codes::explain("fenkit::fen::rank_too_long").unwrap();
/// let wrong = explanation.wrong.as_ref().unwrap();
/// assert!(explanation.text.contains("16.1.3.1"));
///
/// // The examples are data: the wrong record is reported with the code, the right one is clean.
/// let codes: Vec<_> = wrong.diagnostics().iter().map(|d| d.code()).collect();
/// assert!(codes.contains(&"fenkit::fen::rank_too_long"));
/// assert!(explanation.right.diagnostics().is_empty());
/// assert_eq!(explanation.right.options, ParseOptions::strict());
///
/// assert!(fenkit::codes::explain("fenkit::fen::no_such_code").is_none());
/// ```
pub fn explain(code: &str) -> Option<&'static Explanation> {
    crate::explain::explain(code)
}

/// The long explanation of every diagnostic code, one section per code. Each heading is an
/// anchor named by the code (`#fenkit::fen::rank_too_long`): [`url`] and each
/// diagnostic's miette URL point there. `fenkit explain CODE` prints the same text, and a test
/// reads every wrong and right record below and checks the code is (and is not) reported.
///
#[doc = include_str!("explain/input.md")]
#[doc = include_str!("explain/grammar.md")]
#[doc = include_str!("explain/fen.md")]
#[doc = include_str!("explain/epd.md")]
#[doc = include_str!("explain/feen.md")]
#[doc = include_str!("explain/pdn.md")]
#[doc = include_str!("explain/pgn.md")]
#[doc = include_str!("explain/variant.md")]
pub mod explanations {}

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
