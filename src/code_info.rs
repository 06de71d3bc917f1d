//! What a diagnostic code is ([`CodeInfo`]), the macro each notation's `codes.rs` declares its
//! codes with, and the address of each explanation. The list of every code is the registry's
//! (`crate::registry`); the explanations, which read records of every notation, are the
//! facade's (`crate::codes`).

/// The documentation page of the explanations, [`explanations`](crate::codes::explanations) as published on docs.rs for
/// this version; each code is an anchor on it (see [`url`]; the page is [`crate::codes::explanations`]).
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
        pub const ALL: &[$crate::code_info::CodeInfo] = &[
            $($crate::code_info::CodeInfo {
                code: $code,
                kind: $crate::code_info::CodeKind::$kind,
                summary: $summary,
            },)*
        ];
    };
}
pub(crate) use codes;
