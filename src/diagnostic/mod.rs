//! The one diagnostic type every notation reports with, and the types that carry them.
//!
//! A [`Diagnostic`] is plain data (code, severity, message, labelled byte spans, help), so it can
//! be compared in tests, serialised for editors and rendered by miette. Spans are byte offsets
//! into the record that was parsed; [`Diagnostic::with_source`] attaches that record (and a
//! name such as `PATH:LINE`) for rendering.
//!
//! The type and its builders are here; [`Parsed`] (the outcome of one record), [`ParseError`]
//! (a rejected record as a `std::error::Error`), the miette rendering, the sink that caps and
//! orders what a record reports, and the serde form each have a module of their own.

#[cfg(feature = "fancy-no-syscall")]
mod human;
mod messages;
mod parse_error;
mod parsed;
mod render;
#[cfg(feature = "serde")]
pub(crate) mod serialized;
mod sink;

use std::borrow::Cow;
use std::fmt;

use crate::fix::Fix;
pub use crate::span::Span;
#[cfg(feature = "fancy-no-syscall")]
pub use human::{HumanRenderer, omitted_line};
pub use parse_error::ParseError;
pub use parsed::Parsed;
use render::printable;
pub use render::{RecordSource, SourcedDiagnostic, record_text};
pub use sink::{MAX_DIAGNOSTICS, Omitted};
pub(crate) use sink::{Sink, capped};

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
    code: &'static str,
    severity: Severity,
    message: String,
    labels: Vec<Label>,
    /// Boxed, as the fix, to keep a diagnostic small: it travels in many `Result`s.
    help: Option<Box<str>>,
    /// Most diagnostics have none.
    fix: Option<Box<Fix>>,
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

    /// How to fix it.
    pub fn help_text(&self) -> Option<&str> {
        self.help.as_deref()
    }

    /// The fix, as edits of the record, when the help states a literal change.
    pub fn fix(&self) -> Option<&Fix> {
        self.fix.as_deref()
    }

    /// This diagnostic together with the record it points into, ready for a miette handler.
    ///
    /// `name` heads the snippet (the CLI passes the path), its control and bidirectional
    /// characters escaped as [`crate::escape_controls`] does; `first_line` is the record's
    /// line number in that file, so the snippet shows `name:LINE:COLUMN`. It borrows all three:
    /// to keep or return it, use [`Diagnostic::to_report`] (or [`SourcedDiagnostic::into_owned`]).
    pub fn with_source<'a>(
        &'a self,
        name: &'a str,
        first_line: usize,
        record: &'a str,
    ) -> SourcedDiagnostic<'a> {
        SourcedDiagnostic::new(
            Cow::Borrowed(self),
            Some(Cow::Borrowed(name)),
            first_line,
            Cow::Borrowed(record),
        )
    }

    /// This diagnostic and its record as an owned [`miette::Report`], rendered as
    /// [`Diagnostic::with_source`] renders (the `name:LINE:COLUMN` header, a window of a long
    /// record): one that outlives the record's text, for `miette::Result` and `?`.
    ///
    /// ```
    /// use fenkit::{Fen, ParseOptions};
    ///
    /// fn first_problem(text: &str) -> miette::Result<()> {
    ///     let parsed = Fen::parse(text.as_bytes(), &ParseOptions::strict());
    ///     match parsed.diagnostics.first() {
    ///         Some(diagnostic) => Err(diagnostic.to_report("uci", 1, text)),
    ///         None => Ok(()),
    ///     }
    /// }
    /// let report = first_problem("8/8/8/8/8/8/8/k1K5 x - - 0 1").unwrap_err();
    /// assert_eq!(report.code().map(|code| code.to_string()).as_deref(), Some("fenkit::fen::invalid_side_to_move"));
    /// ```
    pub fn to_report(&self, name: &str, first_line: usize, record: &str) -> miette::Report {
        // Only the text shown is copied: the window of a long record, not the record.
        miette::Report::new(self.with_source(name, first_line, record).into_owned())
    }

    /// Every diagnostic of one input as one owned [`miette::Report`]: the first error (else the
    /// first diagnostic) heads it, and each of the others is rendered under it (miette's
    /// `related`), each with its own snippet headed `name:LINE:COLUMN`. This is
    /// [`Parsed::into_report`]'s report, for the diagnostics a grammar gives
    /// (`grammar::parse_whole`'s `Vec<Diagnostic>`), whose spans are into `input`.
    ///
    /// `input` is the parsed bytes (or text); a byte that is not UTF-8 is shown as `?`. An
    /// empty list gives a report that says so.
    ///
    /// ```
    /// use fenkit::{Diagnostic, Fen, ParseOptions};
    ///
    /// fn check(command: &str) -> miette::Result<Fen> {
    ///     let parsed = Fen::parse(command.as_bytes(), &ParseOptions::strict());
    ///     match parsed.value {
    ///         Some(fen) if parsed.diagnostics.is_empty() => Ok(fen),
    ///         _ => Err(Diagnostic::report_all(&parsed.diagnostics, "uci", 1, command)),
    ///     }
    /// }
    ///
    /// let report = check("8/8/8/9/8/8/8/k1K5 x - - 0 1").unwrap_err();
    /// assert_eq!(report.code().map(|code| code.to_string()).as_deref(), Some("fenkit::fen::invalid_digit"));
    /// assert_eq!(report.related().map(Iterator::count), Some(1)); // the side to move
    /// ```
    pub fn report_all(
        diagnostics: &[Diagnostic],
        name: &str,
        first_line: usize,
        input: impl AsRef<[u8]>,
    ) -> miette::Report {
        let text = record_text(input.as_ref());
        let owned = |d: &Diagnostic| d.with_source(name, first_line, &text).into_owned();
        let index = diagnostics
            .iter()
            .position(Diagnostic::is_error)
            .unwrap_or(0);
        let Some(first) = diagnostics.get(index) else {
            return miette::Report::msg(messages::NO_DIAGNOSTICS);
        };
        let mut report = owned(first);
        report.related = diagnostics
            .iter()
            .enumerate()
            .filter(|&(other, _)| other != index)
            .map(|(_, d)| owned(d))
            .collect();
        miette::Report::new(report)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}

/// `1 square`, `9 squares`: a count and its noun for messages.
pub(crate) fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}s")
    }
}
