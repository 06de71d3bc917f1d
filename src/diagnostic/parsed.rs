//! The outcome of parsing one record: the value and every diagnostic.

#[cfg(test)]
use super::Span;
use super::{Diagnostic, Omitted, ParseError, Sink, messages, record_text};

/// The outcome of parsing one record: the value (when the syntax allowed one) and every
/// diagnostic, errors and warnings, in the order they occur in the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed<T> {
    /// The parsed value: `Some` whenever the record has no syntax error.
    pub value: Option<T>,
    /// Every diagnostic of the record (at most [`MAX_DIAGNOSTICS`](super::MAX_DIAGNOSTICS)).
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
        crate::diagnostic::Diagnostic::sort_by_offset(&mut diagnostics);
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
            // Only a `Parsed` built by hand has neither a value nor a diagnostic.
            _ if self.diagnostics.is_empty() => Err(miette::Report::msg(messages::NO_VALUE)),
            _ => Err(Diagnostic::report_all(
                &self.diagnostics,
                name,
                first_line,
                record,
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
