//! The one diagnostic type every notation reports with, and the types that carry them.
//!
//! A [`Diagnostic`] is plain data (code, severity, message, labelled byte spans, help), so it can
//! be compared in tests, serialised for editors and rendered by miette. Spans are byte offsets
//! into the record that was parsed; [`Diagnostic::with_source`] attaches that record (and a
//! name such as `PATH:LINE`) for rendering.

use std::borrow::Cow;
use std::fmt;

use crate::fix::Fix;
pub use crate::span::Span;
use miette::{LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

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
        Some(Box::new(crate::codes::url(self.code)))
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
    diagnostic: Cow<'a, Diagnostic>,
    /// The labels moved into a cut or escaped snippet (`None`: the record is shown whole).
    labels: Option<Vec<Label>>,
    source: RecordSource<'a>,
    /// The other diagnostics of the record, rendered under this one (see [`Parsed::into_report`]).
    related: Vec<SourcedDiagnostic<'a>>,
}

impl<'a> SourcedDiagnostic<'a> {
    /// `diagnostic` on the snippet of `record`. Long records are cut around the primary span
    /// and control characters escaped (see `snippet`); the labels move with the text, and are
    /// clamped to it.
    fn new(
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

/// `1 square`, `9 squares`: a count and its noun for messages.
pub(crate) fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// A record as text for rendering with [`Diagnostic::with_source`]: each byte that is not part
/// of valid UTF-8 becomes `?`, so the diagnostics' byte offsets still point at the same place.
pub fn record_text(record: &[u8]) -> String {
    crate::primitives::ascii::display_text(record)
}

/// At most this many diagnostics are kept for one record (docs/notations.md).
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
    list: Vec<Diagnostic>,
    omitted: Omitted,
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

/// The outcome of parsing one record: the value (when the syntax allowed one) and every
/// diagnostic, errors and warnings, in the order they occur in the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed<T> {
    /// The parsed value: `Some` whenever the record has no syntax error.
    pub value: Option<T>,
    /// Every diagnostic of the record (at most [`MAX_DIAGNOSTICS`]).
    pub diagnostics: Vec<Diagnostic>,
    /// How many more diagnostics the record had past the cap (not in `diagnostics`).
    pub omitted: Omitted,
}

impl<T> Parsed<T> {
    /// Each diagnostic's code, whether it is an error, and its primary span: what the unit
    /// tests of a rule compare.
    #[cfg(test)]
    pub(crate) fn verdicts(&self) -> Vec<(&'static str, bool, Option<Span>)> {
        self.diagnostics
            .iter()
            .map(|d| (d.code(), d.is_error(), d.span()))
            .collect()
    }

    /// Each diagnostic's message and primary span, for the unit tests of the shared rules
    /// (whose test diagnostics are told apart by their messages).
    #[cfg(test)]
    pub(crate) fn messages(&self) -> Vec<(&str, Option<Span>)> {
        self.diagnostics
            .iter()
            .map(|d| (d.message(), d.span()))
            .collect()
    }

    /// A value and its diagnostics, none left out: for a step outside the parsers that reports
    /// with fenkit's diagnostics (a reader's `record_too_long`, say).
    pub fn new(value: Option<T>, diagnostics: Vec<Diagnostic>) -> Self {
        Parsed {
            value,
            diagnostics,
            omitted: Omitted::default(),
        }
    }

    pub(crate) fn from_sink(value: Option<T>, sink: Sink) -> Self {
        let omitted = sink.omitted;
        let mut diagnostics = sink.into_vec();
        diagnostics.sort_by_key(|d| d.span().map_or(0, |span| span.offset));
        let value = value.filter(|_| !diagnostics.iter().any(Diagnostic::is_error));
        Parsed {
            value,
            diagnostics,
            omitted,
        }
    }

    /// Adds the diagnostics of a later step (legality), keeping at most [`MAX_DIAGNOSTICS`].
    #[inline]
    pub(crate) fn add(&mut self, diagnostics: Vec<Diagnostic>) {
        // The usual case (a legal position) costs nothing: tested where the list was just
        // returned, it is not moved (and read back at once) first.
        if !diagnostics.is_empty() {
            self.add_some(diagnostics);
        }
    }

    fn add_some(&mut self, diagnostics: Vec<Diagnostic>) {
        let mut sink = Sink {
            list: std::mem::take(&mut self.diagnostics),
            omitted: self.omitted,
        };
        for diagnostic in diagnostics {
            sink.push(diagnostic);
        }
        self.omitted = sink.omitted;
        self.diagnostics = sink.into_vec();
    }

    /// The number of errors, those left out at the cap included.
    pub fn error_count(&self) -> usize {
        self.errors().count() + self.omitted.errors
    }

    /// The number of warnings, those left out at the cap included.
    pub fn warning_count(&self) -> usize {
        self.warnings().count() + self.omitted.warnings
    }

    /// A record is valid when it has no error (warnings are allowed).
    pub fn is_valid(&self) -> bool {
        !self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The errors only.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.is_error())
    }

    /// The warnings only.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| !d.is_error())
    }

    /// Applies `f` to the value, keeping the diagnostics.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Parsed<U> {
        Parsed {
            value: self.value.map(f),
            diagnostics: self.diagnostics,
            omitted: self.omitted,
        }
    }

    /// The value if the record is valid, else a [`ParseError`] that owns `record` for
    /// rendering. Warnings are dropped on success: use the fields to keep them.
    pub fn into_result(self, notation: &'static str, record: &[u8]) -> Result<T, ParseError> {
        match self.value {
            Some(value) if self.is_valid() => Ok(value),
            _ => Err(ParseError::new(notation, record, self.diagnostics)),
        }
    }
}

impl<T> Parsed<T> {
    /// The value if the record is valid, else one owned [`miette::Report`] for `?`: the first
    /// error with the record's other diagnostics under it, each on its own snippet headed
    /// `name:LINE:COLUMN` (as [`Diagnostic::with_source`] shows them). Warnings are dropped on
    /// success, as by [`Parsed::into_result`]; [`Parsed::reports`] keeps them.
    ///
    /// `record` is the parsed bytes (or text); a byte that is not UTF-8 is shown as `?`.
    pub fn into_report(
        self,
        name: &str,
        first_line: usize,
        record: impl AsRef<[u8]>,
    ) -> miette::Result<T> {
        match self.value {
            Some(value) if self.is_valid() => Ok(value),
            _ => Err(report_of(
                &self.diagnostics,
                name,
                first_line,
                &record_text(record.as_ref()),
            )),
        }
    }

    /// Each diagnostic, errors and warnings, as an owned [`miette::Report`] (see
    /// [`Diagnostic::to_report`]), in record order.
    pub fn reports(
        &self,
        name: &str,
        first_line: usize,
        record: impl AsRef<[u8]>,
    ) -> Vec<miette::Report> {
        let text = record_text(record.as_ref());
        self.diagnostics
            .iter()
            .map(|diagnostic| diagnostic.to_report(name, first_line, &text))
            .collect()
    }
}

/// The report of an invalid record: its first error (else its first diagnostic), the others
/// related to it.
fn report_of(
    diagnostics: &[Diagnostic],
    name: &str,
    first_line: usize,
    text: &str,
) -> miette::Report {
    let owned = |d: &Diagnostic| d.with_source(name, first_line, text).into_owned();
    let index = diagnostics
        .iter()
        .position(Diagnostic::is_error)
        .unwrap_or(0);
    let Some(first) = diagnostics.get(index) else {
        // Only a `Parsed` built by hand has neither a value nor a diagnostic.
        return miette::Report::msg("no value");
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

/// Why a record could not be read: every diagnostic of it, with the record's text so that the
/// error renders on its own (`miette::Report::new(error)`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid {notation}: {}", self.headline())]
pub struct ParseError {
    notation: &'static str,
    source_text: String,
    diagnostics: Vec<Diagnostic>,
    /// Each diagnostic as miette renders it: with its own snippet (see `snippet`).
    shown: Vec<SourcedDiagnostic<'static>>,
}

impl ParseError {
    pub(crate) fn new(notation: &'static str, record: &[u8], diagnostics: Vec<Diagnostic>) -> Self {
        let source_text = crate::primitives::ascii::display_text(record);
        let shown = diagnostics
            .iter()
            .map(|diagnostic| {
                SourcedDiagnostic::new(
                    Cow::Borrowed(diagnostic),
                    None,
                    1,
                    Cow::Borrowed(&source_text),
                )
                .into_owned()
            })
            .collect();
        ParseError {
            notation,
            source_text,
            diagnostics,
            shown,
        }
    }

    fn headline(&self) -> &str {
        self.first_error().map_or("no value", Diagnostic::message)
    }

    fn first_error(&self) -> Option<&Diagnostic> {
        self.diagnostics.iter().find(|d| d.is_error())
    }

    /// The first error as rendered, with its snippet.
    fn first_shown(&self) -> Option<&SourcedDiagnostic<'static>> {
        self.shown.iter().find(|d| d.diagnostic.is_error())
    }

    /// Every diagnostic of the record, errors and warnings.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The record as text (bytes that are not UTF-8 shown as `?`, one per byte).
    pub fn source_text(&self) -> &str {
        &self.source_text
    }
}

/// The first error is the report itself; the others are related reports on the same source.
impl miette::Diagnostic for ParseError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.first_error().and_then(miette::Diagnostic::code)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.first_error().and_then(miette::Diagnostic::help)
    }

    fn url<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.first_error().and_then(miette::Diagnostic::url)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.first_shown().and_then(miette::Diagnostic::labels)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        match self.first_shown() {
            Some(shown) => Some(&shown.source),
            None => Some(&self.source_text),
        }
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        let first = self
            .first_shown()
            .map(|d| d as *const SourcedDiagnostic<'static>);
        Some(Box::new(
            self.shown
                .iter()
                .filter(move |d| Some(*d as *const SourcedDiagnostic<'static>) != first)
                .map(|d| d as &dyn miette::Diagnostic),
        ))
    }
}
