//! A rejected record as an error type of its own: every diagnostic, with the record's text.

use std::borrow::Cow;
use std::fmt;

use miette::{LabeledSpan, SourceCode};

use super::{Diagnostic, SourcedDiagnostic};

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
        self.first_error()
            .map_or(super::messages::NO_VALUE, Diagnostic::message)
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
