//! A diagnostic rendered by miette: its miette impl, and the record text it is shown on
//! (borrowed for one print, owned for a report that travels).

use std::borrow::Cow;
use std::fmt;

use miette::{LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

use super::{Diagnostic, Label, Severity, Span};

/// `text` with its control characters and bidirectional controls escaped (as
/// [`crate::escape_controls`] does): a diagnostic's words never reach a terminal raw,
/// whatever the record held (the quoting helpers escape already; this is the last guard).
pub(super) fn printable(text: String) -> String {
    match crate::primitives::ascii::escape_controls(&text) {
        std::borrow::Cow::Borrowed(_) => text,
        std::borrow::Cow::Owned(escaped) => escaped,
    }
}

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
