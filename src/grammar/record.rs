//! What a record combinator returns: the value, where the record stands and its warnings.

use crate::diagnostic::Diagnostic;

use crate::span::Span;

/// A record read by a fenkit combinator ([`super::fen`], [`super::epd`]...): the value, and the
/// warnings of the lenient dialects it was written in, which must not be lost on success.
///
/// A combinator cannot know where the caller's whole input starts, so the record keeps the
/// length of the input it was given (as nom-supreme's `final_parser` does): with the whole
/// input, [`Record::span_in`] and [`Record::warnings_in`] give offsets into it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Record<T> {
    /// The parsed value.
    pub value: T,
    /// The warnings (lenient dialects), their spans relative to the start of the record; use
    /// [`Record::warnings_in`] for spans into the whole input. Always empty in strict mode.
    pub warnings: Vec<Diagnostic>,
    /// The length of the input from the record's start to its end.
    remaining: usize,
    /// The record's length in bytes.
    len: usize,
}

impl<T> Record<T> {
    pub(crate) fn new(value: T, warnings: Vec<Diagnostic>, remaining: usize, len: usize) -> Self {
        Record {
            value,
            warnings,
            remaining,
            len,
        }
    }

    /// The record's bytes in `whole`, the input the caller's parse started from.
    pub fn span_in(&self, whole: &[u8]) -> Span {
        Span::new(whole.len().saturating_sub(self.remaining), self.len)
    }

    /// The warnings, their spans moved to offsets into `whole`, the input the caller's parse
    /// started from (render them with [`Diagnostic::with_source`] on that input).
    pub fn warnings_in(&self, whole: &[u8]) -> Vec<Diagnostic> {
        let offset = self.span_in(whole).offset;
        self.warnings
            .iter()
            .map(|warning| warning.clone().shifted(offset))
            .collect()
    }

    /// The value alone, the warnings dropped (e.g. in strict mode, where there are none).
    pub fn into_value(self) -> T {
        self.value
    }
}
