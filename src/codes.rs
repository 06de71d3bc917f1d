//! Every diagnostic code fenkit reports, with when it is reported and what it means.
//!
//! The README's code table is this list (a test keeps the two equal). Each notation's module
//! has the codes as constants ([`crate::chess::codes`], [`crate::epd::codes`],
//! [`crate::feen::codes`], [`crate::draughts::codes`]) to match a diagnostic against:
//!
//! ```
//! use fenkit::chess::codes::RANK_TOO_LONG;
//!
//! let parsed = fenkit::Fen::parse(b"ppppppppp/8/8/8/8/8/8/8 w - - 0 1", &fenkit::ParseOptions::strict());
//! assert!(parsed.diagnostics.iter().any(|d| d.code() == RANK_TOO_LONG));
//! ```

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
}
