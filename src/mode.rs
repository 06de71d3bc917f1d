//! Strict or lenient: the one option every rule needs, apart from the notation-specific
//! options of [`crate::ParseOptions`] (so the building blocks depend on no notation).

/// Strict reads the written standard only; lenient also accepts the real-world dialects each
/// notation documents, reporting every one of them as a warning.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Mode {
    /// The written standard: anything else is an error.
    #[default]
    Strict,
    /// The standard plus the documented dialects, each reported as a warning.
    Lenient,
}

impl Mode {
    /// The severity of a dialect: an error in strict mode, a warning in lenient mode.
    pub const fn dialect_severity(self) -> crate::diagnostic::Severity {
        match self {
            Mode::Strict => crate::diagnostic::Severity::Error,
            Mode::Lenient => crate::diagnostic::Severity::Warning,
        }
    }
}
