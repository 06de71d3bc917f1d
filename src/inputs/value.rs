//! A value read out of a cell or a JSON string, and where its bytes are in the text it was read
//! from: a value with escapes (`""` in a CSV cell, `\u00e9` in JSON) is not a slice of that text,
//! so each of its bytes keeps the offset of the text it came from.

use std::borrow::Cow;

use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// A field's value: its text, as a notation reads it, and where it lies in the text it was read
/// from (a CSV row, a JSON line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldValue<'a> {
    /// The value, unescaped.
    pub text: Cow<'a, [u8]>,
    /// Where the value's raw bytes start in the text it was read from (after an opening quote).
    pub start: usize,
    /// How many raw bytes it covers there (escapes included, quotes excluded).
    pub raw_len: usize,
    /// Of an unescaped value: the raw offset, from `start`, of each of its bytes; `None` when
    /// the value is a slice of the text (no escape).
    offsets: Option<Vec<usize>>,
}

impl<'a> FieldValue<'a> {
    /// A value that is the slice `start..start + text.len()` of the text it was read from.
    pub fn slice(text: &'a [u8], start: usize) -> FieldValue<'a> {
        FieldValue {
            text: Cow::Borrowed(text),
            start,
            raw_len: text.len(),
            offsets: None,
        }
    }

    /// An unescaped value: `offsets[i]` is where its byte `i` came from, from `start`.
    pub(crate) fn unescaped(
        text: Vec<u8>,
        start: usize,
        raw_len: usize,
        offsets: Vec<usize>,
    ) -> FieldValue<'a> {
        FieldValue {
            text: Cow::Owned(text),
            start,
            raw_len,
            offsets: Some(offsets),
        }
    }

    /// Whether the value is the raw text itself (no escape was undone).
    pub fn is_verbatim(&self) -> bool {
        self.offsets.is_none()
    }

    /// The span, in the text the value was read from, of `span` in the value. A span that
    /// starts or ends inside an escape covers the whole escape.
    pub fn raw_span(&self, span: Span) -> Span {
        let Some(offsets) = &self.offsets else {
            return span.clamped(self.raw_len).shifted(self.start);
        };
        let start = self.raw_offset(offsets, span.offset);
        let end = if span.len == 0 {
            start
        } else {
            // The byte after the span's last byte, as the escape after that byte starts.
            let last = self.raw_offset(offsets, span.end().saturating_sub(1));
            offsets
                .iter()
                .copied()
                .find(|&offset| offset > last)
                .unwrap_or(self.raw_len)
        };
        Span::from_range(self.start + start, self.start + end)
    }

    fn raw_offset(&self, offsets: &[usize], at: usize) -> usize {
        offsets.get(at).copied().unwrap_or(self.raw_len)
    }

    /// `diagnostic` of the value, with its spans (and its fix's) moved into the text the value
    /// was read from.
    pub fn place(&self, diagnostic: Diagnostic) -> Diagnostic {
        diagnostic.map_spans(|span| self.raw_span(span))
    }

    /// The value as owned text (for a value that outlives the text it was read from).
    pub fn into_owned(self) -> FieldValue<'static> {
        FieldValue {
            text: Cow::Owned(self.text.into_owned()),
            start: self.start,
            raw_len: self.raw_len,
            offsets: self.offsets,
        }
    }
}

/// What a row of a table gives.
#[derive(Debug)]
pub enum Cell<'a> {
    /// The field's value.
    Value(FieldValue<'a>),
    /// A blank line: no row, nothing to report.
    Blank,
    /// A row that could not be read, or has no such field: its one diagnostic.
    Broken(Diagnostic),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_verbatim_value_shifts_spans() {
        let value = FieldValue::slice(b"8/8 w", 10);
        assert_eq!(value.raw_span(Span::new(4, 1)), Span::new(14, 1));
        // Past the end: the empty span at its end.
        assert_eq!(value.raw_span(Span::new(9, 2)), Span::new(15, 0));
    }

    #[test]
    fn an_unescaped_value_maps_each_byte() {
        // Raw `a""b` (a CSV cell) is the value `a"b`.
        let value = FieldValue::unescaped(b"a\"b".to_vec(), 3, 4, vec![0, 1, 3]);
        assert_eq!(value.raw_span(Span::new(0, 1)), Span::new(3, 1));
        assert_eq!(value.raw_span(Span::new(1, 1)), Span::new(4, 2));
        assert_eq!(value.raw_span(Span::new(2, 1)), Span::new(6, 1));
        assert_eq!(value.raw_span(Span::new(1, 0)), Span::new(4, 0));
        assert_eq!(value.raw_span(Span::new(3, 0)), Span::new(7, 0));
        assert!(!value.is_verbatim());
    }
}
