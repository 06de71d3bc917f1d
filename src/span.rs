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

    /// The first byte after the span.
    pub const fn end(self) -> usize {
        self.offset + self.len
    }

    /// The same span moved `by` bytes to the right (for a value embedded in a larger line).
    pub const fn shifted(self, by: usize) -> Self {
        Span {
            offset: self.offset + by,
            len: self.len,
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
