//! Byte ranges of a record: what every diagnostic and building block points with. A leaf
//! module, so that the building blocks need nothing of the diagnostics.

use miette::SourceSpan;

/// A byte range of a record: `offset` bytes from its start, `len` bytes long.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Span {
    /// Bytes from the start of the record.
    pub offset: usize,
    /// Length in bytes (0 marks a position, such as where a missing field was expected).
    pub len: usize,
}

impl Span {
    /// The span `offset..offset + len`.
    pub const fn new(offset: usize, len: usize) -> Self {
        Span { offset, len }
    }

    /// The span `start..end` (empty when `end <= start`).
    pub const fn from_range(start: usize, end: usize) -> Self {
        Span {
            offset: start,
            len: end.saturating_sub(start),
        }
    }

    /// The first byte after the span (`usize::MAX` at most: a span read from JSON or built by
    /// hand can hold any two numbers, and no sum of them may overflow).
    pub const fn end(self) -> usize {
        self.offset.saturating_add(self.len)
    }

    /// The same span moved `by` bytes to the right (for a value embedded in a larger line),
    /// stopping at `usize::MAX` rather than overflowing.
    pub const fn shifted(self, by: usize) -> Self {
        Span {
            offset: self.offset.saturating_add(by),
            len: self.len,
        }
    }

    /// The part of the span inside a text of `len` bytes: a span past the end becomes the
    /// empty span at the end, so a renderer never reads outside its text.
    pub const fn clamped(self, len: usize) -> Self {
        let offset = if self.offset < len { self.offset } else { len };
        let room = len - offset;
        Span {
            offset,
            len: if self.len < room { self.len } else { room },
        }
    }

    /// The bytes of `record` under this span (empty if it lies outside).
    pub fn of(self, record: &[u8]) -> &[u8] {
        record.get(self.offset..self.end()).unwrap_or_default()
    }
}

impl From<Span> for SourceSpan {
    fn from(span: Span) -> Self {
        SourceSpan::new(span.offset.into(), span.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_on_the_largest_spans_saturates() {
        let largest = Span::new(usize::MAX, usize::MAX);
        assert_eq!(largest.end(), usize::MAX);
        assert_eq!(
            Span::new(3, 4).shifted(usize::MAX),
            Span::new(usize::MAX, 4)
        );
        assert_eq!(largest.of(b"abc"), b"");
    }

    #[test]
    fn clamping_keeps_what_lies_inside_the_text() {
        assert_eq!(Span::new(1, 2).clamped(5), Span::new(1, 2));
        assert_eq!(Span::new(3, usize::MAX).clamped(5), Span::new(3, 2));
        assert_eq!(Span::new(usize::MAX, 1).clamped(5), Span::new(5, 0));
        assert_eq!(Span::new(9, 0).clamped(0), Span::new(0, 0));
    }
}
