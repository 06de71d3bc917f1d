//! The diagnostic type, its severity and labels, and their builders; rendering them with
//! their record is in `render.rs`.

use std::fmt;

use crate::fix::Fix;
use crate::span::Span;

/// How bad a diagnostic is: errors make a record invalid, warnings never do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Severity {
    /// The record does not follow the notation (or describes an impossible position).
    Error,
    /// The record was accepted as a known dialect; the help says the standard form.
    Warning,
}

impl Severity {
    /// `"error"` or `"warning"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// A span with the short text shown under it.
///
/// Its serde form is `{"offset":…,"length":…,"label":…}`, as in a diagnostic's `labels`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Label {
    /// The bytes the label points at.
    pub span: Span,
    /// What is wrong there, in a few words.
    pub text: String,
}

/// One problem found in a record: what, where, and how to fix it.
///
/// The first label is the primary one: its span is the offending text. With the `serde`
/// feature it is written and read in the one JSON form of docs/command-line.md (the CLI's
/// `--format json`); [`Diagnostic::located`] adds the line and columns of each label.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    pub(super) code: &'static str,
    pub(super) severity: Severity,
    pub(super) message: String,
    pub(super) labels: Vec<Label>,
    /// Boxed, as the fix, to keep a diagnostic small: it travels in many `Result`s.
    pub(super) help: Option<Box<str>>,
    /// Most diagnostics have none.
    pub(super) fix: Option<Box<Fix>>,
}

impl Diagnostic {
    /// A new diagnostic with no labels and no help.
    pub fn new(code: &'static str, severity: Severity, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            severity,
            message: printable(message.into()),
            labels: Vec::new(),
            help: None,
            fix: None,
        }
    }

    /// A new error.
    pub fn error(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(code, Severity::Error, message)
    }

    /// A new warning.
    pub fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(code, Severity::Warning, message)
    }

    /// Adds a label; the first one added is the primary label.
    #[must_use]
    pub fn label(mut self, span: Span, text: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            text: printable(text.into()),
        });
        self
    }

    /// Sets the help: how to fix the problem, preferably the corrected text.
    #[must_use]
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(printable(help.into()).into_boxed_str());
        self
    }

    /// Attaches the fix the help describes, as edits of the record.
    #[must_use]
    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fix = Some(Box::new(fix));
        self
    }

    /// Moves every span `by` bytes to the right (for a value embedded in a larger line).
    #[must_use]
    pub fn shifted(self, by: usize) -> Self {
        self.map_spans(|span| span.shifted(by))
    }

    /// Moves every span through `map` (for a value read out of an escaped string).
    #[must_use]
    pub(crate) fn map_spans(mut self, map: impl Fn(Span) -> Span) -> Self {
        for label in &mut self.labels {
            label.span = map(label.span);
        }
        self.fix = self.fix.map(|fix| Box::new(fix.map_spans(map)));
        self
    }

    /// The stable code, e.g. `fenkit::fen::rank_too_long`.
    pub fn code(&self) -> &'static str {
        self.code
    }

    /// Error or warning.
    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// Whether this diagnostic makes the record invalid.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The message: lowercase, no trailing period, naming the offending text.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The labels, primary first.
    pub fn labels(&self) -> &[Label] {
        &self.labels
    }

    /// The primary span, if the diagnostic has a label.
    pub fn span(&self) -> Option<Span> {
        self.labels.first().map(|label| label.span)
    }

    /// Sorts `diagnostics` by where their primary spans start (those without a span first),
    /// keeping the order of those that start together.
    pub(crate) fn sort_by_offset(diagnostics: &mut [Diagnostic]) {
        crate::primitives::sort::sort_by_key(diagnostics, |d| {
            (d.span().map_or(0, |span| span.offset) as u64, 0)
        });
    }

    /// How to fix it.
    pub fn help_text(&self) -> Option<&str> {
        self.help.as_deref()
    }

    /// The fix, as edits of the record, when the help states a literal change.
    pub fn fix(&self) -> Option<&Fix> {
        self.fix.as_deref()
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}

/// `text` with its control characters and bidirectional controls escaped (as
/// [`crate::escape_controls`] does): a diagnostic's words never reach a terminal raw,
/// whatever the record held (the quoting helpers escape already; this is the last guard).
fn printable(text: String) -> String {
    match crate::primitives::ascii::escape_controls(&text) {
        std::borrow::Cow::Borrowed(_) => text,
        std::borrow::Cow::Owned(escaped) => escaped,
    }
}
