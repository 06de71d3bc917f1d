//! Where a record's rules report to: the diagnostics in record order, capped at
//! [`MAX_DIAGNOSTICS`] with a count of what was left out.

use super::{Diagnostic, Severity};

/// At most this many diagnostics are kept for one record: past it, a count says how many more.
pub const MAX_DIAGNOSTICS: usize = 32;

/// How many diagnostics of a record were left out at the cap of [`MAX_DIAGNOSTICS`], errors
/// and warnings apart, so a summary can still count every problem.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Omitted {
    /// Errors left out.
    pub errors: usize,
    /// Warnings left out.
    pub warnings: usize,
}

impl Omitted {
    /// Errors and warnings left out together.
    pub const fn total(self) -> usize {
        self.errors + self.warnings
    }

    /// Counts one more diagnostic left out.
    pub(crate) fn count(&mut self, diagnostic: &Diagnostic) {
        self.count_severity(diagnostic.severity());
    }

    /// Counts one more diagnostic of `severity` left out (one never built).
    pub(crate) fn count_severity(&mut self, severity: Severity) {
        match severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
        }
    }

    /// Both counts added up.
    pub(crate) const fn plus(self, other: Omitted) -> Omitted {
        Omitted {
            errors: self.errors + other.errors,
            warnings: self.warnings + other.warnings,
        }
    }
}

/// Collects the diagnostics of one record, keeping at most [`MAX_DIAGNOSTICS`] and counting
/// the others.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Sink {
    pub(super) list: Vec<Diagnostic>,
    pub(super) omitted: Omitted,
}

impl Sink {
    pub(crate) fn new() -> Self {
        Sink::default()
    }

    pub(crate) fn push(&mut self, diagnostic: Diagnostic) {
        if self.list.len() < MAX_DIAGNOSTICS {
            self.list.push(diagnostic);
        } else if diagnostic.is_error() && !self.has_errors() {
            // A full list of warnings must not hide that the record is invalid.
            if let Some(last) = self.list.last_mut() {
                let replaced = std::mem::replace(last, diagnostic);
                self.omitted.count(&replaced);
            }
        } else {
            self.omitted.count(&diagnostic);
        }
    }

    /// Whether a diagnostic of `severity` will be kept by [`Sink::push`]; when it will not, it
    /// is counted here as left out and the caller builds nothing for it. Once the list is full
    /// no more text is built: a record with a million bad characters costs no more than one
    /// with [`MAX_DIAGNOSTICS`].
    pub(crate) fn admit(&mut self, severity: Severity) -> bool {
        let kept = self.list.len() < MAX_DIAGNOSTICS
            || (severity == Severity::Error && !self.has_errors());
        if !kept {
            self.omitted.count_severity(severity);
        }
        kept
    }

    /// Pushes the diagnostic `build` makes, calling it only when [`Sink::admit`] lets it in.
    pub(crate) fn push_with(&mut self, severity: Severity, build: impl FnOnce() -> Diagnostic) {
        if self.admit(severity) {
            self.push(build());
        }
    }

    pub(crate) fn has_errors(&self) -> bool {
        self.list.iter().any(Diagnostic::is_error)
    }

    pub(crate) fn into_vec(self) -> Vec<Diagnostic> {
        self.list
    }
}

/// The first [`MAX_DIAGNOSTICS`] of `diagnostics`, and what the cut left out.
pub(crate) fn capped(mut diagnostics: Vec<Diagnostic>) -> (Vec<Diagnostic>, Omitted) {
    let mut omitted = Omitted::default();
    for dropped in diagnostics.iter().skip(MAX_DIAGNOSTICS) {
        omitted.count(dropped);
    }
    diagnostics.truncate(MAX_DIAGNOSTICS);
    (diagnostics, omitted)
}
