//! A diagnostic rendered by miette: its miette impl, and the record text it is shown on
//! (borrowed for one print, owned for a report that travels).

use std::borrow::Cow;
use std::fmt;

use miette::{LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

use super::Span;
use super::diagnostic::{Diagnostic, Label, Severity};
use super::messages;

fn miette_severity(severity: Severity) -> miette::Severity {
    match severity {
        Severity::Error => miette::Severity::Error,
        Severity::Warning => miette::Severity::Warning,
    }
}

fn miette_labels(labels: &[Label]) -> Box<dyn Iterator<Item = LabeledSpan> + '_> {
    Box::new(labels.iter().enumerate().map(|(index, label)| {
        let text = Some(label.text.clone()).filter(|text| !text.is_empty());
        if index == 0 {
            LabeledSpan::new_primary_with_span(text, label.span)
        } else {
            LabeledSpan::new_with_span(text, label.span)
        }
    }))
}

impl miette::Diagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(miette_severity(self.severity))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|help| Box::new(help) as Box<dyn fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(miette_labels(&self.labels))
    }

    /// The code's explanation in the documentation ([`crate::codes::url`]).
    fn url<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(crate::code_info::url(self.code)))
    }
}

/// The record text a diagnostic points into, named for the snippet header: the record itself,
/// or for a long record or one with control characters, a window of it with those escaped.
///
/// It borrows the name and record of [`Diagnostic::with_source`], or owns them (a
/// `RecordSource<'static>`) for an owned report: one `read_span` for both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordSource<'a> {
    /// `None`: no header (a [`ParseError`] has no file name).
    name: Option<Cow<'a, str>>,
    first_line: usize,
    /// Characters of the record before a cut snippet (so the header shows the record's column).
    column_shift: usize,
    text: Cow<'a, str>,
}

impl RecordSource<'_> {
    /// The same source, owning its name and text.
    fn into_owned(self) -> RecordSource<'static> {
        RecordSource {
            name: self.name.map(|name| Cow::Owned(name.into_owned())),
            first_line: self.first_line,
            column_shift: self.column_shift,
            text: Cow::Owned(self.text.into_owned()),
        }
    }
}

impl SourceCode for RecordSource<'_> {
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        let span = inside(span, &self.text);
        let inner = self
            .text
            .read_span(&span, context_lines_before, context_lines_after)?;
        let line = inner.line() + self.first_line.saturating_sub(1);
        let column = inner.column() + self.column_shift;
        Ok(Box::new(match &self.name {
            Some(name) => MietteSpanContents::new_named(
                crate::primitives::ascii::escape_controls(name).into_owned(),
                inner.data(),
                *inner.span(),
                line,
                column,
                inner.line_count(),
            ),
            None => MietteSpanContents::new(
                inner.data(),
                *inner.span(),
                line,
                column,
                inner.line_count(),
            ),
        }))
    }
}

/// `span` cut to `text`: the labels are clamped already, this guards any other caller of
/// `read_span` (miette adds a span's offset and length without a check).
fn inside(span: &SourceSpan, text: &str) -> SourceSpan {
    Span::new(span.offset(), span.len())
        .clamped(text.len())
        .into()
}

/// A [`Diagnostic`] with its record attached, for rendering with any miette handler.
///
/// The snippet of a record longer than a line of a terminal is a window around the primary
/// span (`…` where it is cut), and control characters are shown escaped (`\u{1b}`), so any
/// record renders safely; the labels point at the same characters in the window.
///
/// A `SourcedDiagnostic<'static>` owns everything, so it converts into a [`miette::Report`]
/// (`?` in a function returning `miette::Result`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourcedDiagnostic<'a> {
    pub(super) diagnostic: Cow<'a, Diagnostic>,
    /// The labels moved into a cut or escaped snippet (`None`: the record is shown whole).
    labels: Option<Vec<Label>>,
    pub(super) source: RecordSource<'a>,
    /// The other diagnostics of the record, rendered under this one (see [`Parsed::into_report`]).
    pub(super) related: Vec<SourcedDiagnostic<'a>>,
}

impl<'a> SourcedDiagnostic<'a> {
    /// `diagnostic` on the snippet of `record`. Long records are cut around the primary span
    /// and control characters escaped (see `snippet`); the labels move with the text, and are
    /// clamped to it.
    pub(super) fn new(
        diagnostic: Cow<'a, Diagnostic>,
        name: Option<Cow<'a, str>>,
        first_line: usize,
        record: Cow<'a, str>,
    ) -> Self {
        let snippet =
            crate::snippet::Snippet::around(&record, diagnostic.span().unwrap_or_default());
        let labels =
            (!snippet.fits(&diagnostic.labels)).then(|| snippet.labels(&diagnostic.labels));
        let column_shift = snippet.column_shift;
        // A record shown whole is kept as given (borrowed or owned), never copied.
        let window = match snippet.text {
            Cow::Owned(window) => Some(window),
            Cow::Borrowed(_) => None,
        };
        SourcedDiagnostic {
            diagnostic,
            labels,
            source: RecordSource {
                name,
                first_line,
                column_shift,
                text: window.map_or(record, Cow::Owned),
            },
            related: Vec::new(),
        }
    }

    /// The diagnostic shown.
    pub fn diagnostic(&self) -> &Diagnostic {
        &self.diagnostic
    }

    /// The same diagnostic owning its record and name: it can be returned, kept or sent to
    /// another thread, and becomes a [`miette::Report`] with `?` or `Report::new`.
    pub fn into_owned(self) -> SourcedDiagnostic<'static> {
        SourcedDiagnostic {
            diagnostic: Cow::Owned(self.diagnostic.into_owned()),
            labels: self.labels,
            source: self.source.into_owned(),
            related: self
                .related
                .into_iter()
                .map(SourcedDiagnostic::into_owned)
                .collect(),
        }
    }
}

impl fmt::Display for SourcedDiagnostic<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.diagnostic, f)
    }
}

impl std::error::Error for SourcedDiagnostic<'_> {}

impl miette::Diagnostic for SourcedDiagnostic<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        miette::Diagnostic::code(&*self.diagnostic)
    }

    fn severity(&self) -> Option<miette::Severity> {
        miette::Diagnostic::severity(&*self.diagnostic)
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        miette::Diagnostic::help(&*self.diagnostic)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        match &self.labels {
            Some(labels) => Some(miette_labels(labels)),
            None => miette::Diagnostic::labels(&*self.diagnostic),
        }
    }

    fn url<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        miette::Diagnostic::url(&*self.diagnostic)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.source)
    }

    fn related<'b>(&'b self) -> Option<Box<dyn Iterator<Item = &'b dyn miette::Diagnostic> + 'b>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(
            self.related.iter().map(|d| d as &dyn miette::Diagnostic),
        ))
    }
}

/// A record as text for rendering with [`Diagnostic::with_source`]: each byte that is not part
/// of valid UTF-8 becomes `?`, so the diagnostics' byte offsets still point at the same place.
pub fn record_text(record: &[u8]) -> String {
    crate::primitives::ascii::display_text(record)
}

/// Rendering a diagnostic with its record.
impl Diagnostic {
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
    /// [`Parsed::into_report`](super::Parsed::into_report)'s report, for the diagnostics a grammar gives
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
