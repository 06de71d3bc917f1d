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
}

/// Where the documentation of `code` is, for links from editors (the language server's
/// `codeDescription`) and reports: the docs of this module, at the code's name. The one place
/// that knows where codes are documented.
///
/// ```
/// let url = fenkit::codes::documentation_url("fenkit::fen::rank_too_long");
/// assert!(url.starts_with("https://") && url.ends_with("fenkit::fen::rank_too_long"));
/// ```
pub fn documentation_url(code: &str) -> String {
    format!("{DOCUMENTATION_BASE}#{code}")
}

/// The page that documents every code.
const DOCUMENTATION_BASE: &str = "https://docs.rs/fenkit/latest/fenkit/codes/index.html";
