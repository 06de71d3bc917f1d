//! The record text a rendered diagnostic shows: a window around the primary span of a long
//! record (so miette never meets its 65535-column limit and a 100 MB line is never printed),
//! with control characters and bidirectional controls escaped (so no record can move a
//! terminal's cursor, retitle it or reorder the line shown).
//!
//! A record of at most [`WIDTH`] bytes without control characters is shown as it is. Otherwise
//! the snippet is its own text: at most [`WIDTH`] bytes of the record starting up to [`BEFORE`]
//! bytes before the primary span, `…` where it was cut, each control character (but tab) and
//! bidirectional control as an escape such as `\u{1b}` or `\u{202e}` (so a lone `\r` is no
//! line break; a line feed stays, for a
//! source of several lines, whose lines are windowed by miette). Spans are moved to point at the
//! same characters in that text; a span outside the window points at the `…` on its side.

use std::borrow::Cow;

use crate::diagnostic::Label;

use crate::span::Span;

/// The most bytes of a record a snippet shows.
pub(crate) const WIDTH: usize = 160;
/// How many bytes before the primary span a cut snippet starts.
pub(crate) const BEFORE: usize = 60;
/// What marks a cut.
const CUT: &str = "…";

/// A record's text as a diagnostic shows it, and how to move spans into it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Snippet<'a> {
    /// The text shown.
    pub(crate) text: Cow<'a, str>,
    /// Where the window starts and ends in the record, and the shown offset of each record
    /// offset from `start` to `end` (empty when the record is shown as it is).
    start: usize,
    end: usize,
    map: Vec<usize>,
    /// Whether the record goes on after `end`.
    cut_after: bool,
    /// What to add to a column of the shown text for the record's column: the characters cut
    /// before the window, less the `…` that stands for them.
    pub(crate) column_shift: usize,
}

impl<'a> Snippet<'a> {
    /// The snippet of `record` for a diagnostic whose primary span is `primary`.
    pub(crate) fn around(record: &'a str, primary: Span) -> Snippet<'a> {
        let len = record.len();
        // A source of several short lines (a user's whole input, for a composed grammar) is
        // shown whole: miette windows it by lines itself.
        let short_lines = record.split('\n').all(|line| line.len() <= WIDTH);
        if short_lines && !record.chars().any(is_escaped) {
            return Snippet {
                text: Cow::Borrowed(record),
                start: 0,
                end: len,
                map: Vec::new(),
                cut_after: false,
                column_shift: 0,
            };
        }
        let (start, end) = if short_lines {
            (0, len)
        } else {
            let start = primary.offset.min(len).saturating_sub(BEFORE);
            let end = start.saturating_add(WIDTH).min(len);
            // Near the end of the record, the window takes its whole width before the span.
            (start.min(end.saturating_sub(WIDTH)), end)
        };
        let start = floor_char_boundary(record, start);
        let end = floor_char_boundary(record, end);
        let mut text = String::with_capacity(end - start + 2 * CUT.len());
        let mut map = Vec::with_capacity(end - start + 1);
        if start > 0 {
            text.push_str(CUT);
        }
        for c in record.get(start..end).unwrap_or_default().chars() {
            let at = text.len();
            map.extend(std::iter::repeat_n(at, c.len_utf8()));
            if is_escaped(c) {
                text.extend(c.escape_default());
            } else {
                text.push(c);
            }
        }
        map.push(text.len());
        if end < len {
            text.push_str(CUT);
        }
        Snippet {
            text: Cow::Owned(text),
            start,
            end,
            map,
            cut_after: end < len,
            column_shift: record
                .get(..start)
                .map_or(0, |before| before.chars().count().saturating_sub(1)),
        }
    }

    /// Whether the record is shown as it is (spans need no moving).
    pub(crate) fn is_whole(&self) -> bool {
        self.map.is_empty()
    }

    /// `span` of the record as a span of the shown text, always inside it and on character
    /// boundaries (a deserialised label can point anywhere; miette must never slice outside).
    pub(crate) fn span(&self, span: Span) -> Span {
        if self.is_whole() {
            let span = span.clamped(self.text.len());
            let start = floor_char_boundary(&self.text, span.offset);
            return Span::from_range(start, ceil_char_boundary(&self.text, span.end()));
        }
        let shown_end = self.map.last().copied().unwrap_or(0);
        let touches = |offset: usize| span.len > 0 && offset == self.start;
        if self.start > 0 && (span.end() < self.start || touches(span.end())) {
            // Before the window: the leading `…`.
            return Span::new(0, CUT.len());
        }
        if self.cut_after && (span.offset > self.end || (span.len > 0 && span.offset == self.end)) {
            // After the window: the trailing `…`.
            return Span::new(shown_end, self.text.len() - shown_end);
        }
        let at = |offset: usize| {
            if offset < self.start {
                0
            } else {
                let index = offset - self.start;
                self.map.get(index).copied().unwrap_or(self.text.len())
            }
        };
        Span::from_range(at(span.offset), at(span.end()))
    }

    /// Whether every label already lies inside the shown text as it is (the usual case:
    /// spans from the parser, over a record shown whole).
    pub(crate) fn fits(&self, labels: &[Label]) -> bool {
        labels
            .iter()
            .all(|label| self.span(label.span) == label.span)
    }

    /// The labels with their spans moved into the shown text.
    pub(crate) fn labels(&self, labels: &[Label]) -> Vec<Label> {
        labels
            .iter()
            .map(|label| Label {
                span: self.span(label.span),
                text: label.text.clone(),
            })
            .collect()
    }
}

/// `str::floor_char_boundary`, which is newer (1.91) than the library's `rust-version`: the
/// largest character boundary at or below `index`, or the length past the end.
fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    if index >= text.len() {
        return text.len();
    }
    // 0 is a boundary, so this stops.
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

/// `str::ceil_char_boundary` (1.91, as above): the smallest character boundary at or above
/// `index`, or the length past the end.
fn ceil_char_boundary(text: &str, mut index: usize) -> usize {
    if index >= text.len() {
        return text.len();
    }
    // The length is a boundary, so this stops.
    while !text.is_char_boundary(index) {
        index += 1;
    }
    index
}

/// A character a snippet shows escaped: each one [`escape_controls`] escapes, but tab (which
/// miette expands) and the line feed of a source of several lines (a record, one line, has
/// none). The escape is the same as there.
///
/// [`escape_controls`]: crate::primitives::ascii::escape_controls
fn is_escaped(c: char) -> bool {
    c != '\t' && c != '\n' && crate::primitives::ascii::is_unsafe_on_terminal(c)
}

#[cfg(test)]
#[allow(clippy::indexing_slicing)]
mod tests {
    use super::*;

    #[test]
    fn short_clean_records_are_shown_whole() {
        let snippet = Snippet::around("8/8/8 w - -", Span::new(2, 1));
        assert!(snippet.is_whole());
        assert_eq!(snippet.text, "8/8/8 w - -");
        assert_eq!(snippet.span(Span::new(2, 1)), Span::new(2, 1));
    }

    #[test]
    fn control_characters_are_escaped_and_spans_follow() {
        let record = "ab\u{1b}]0;x\u{7}c\rd";
        let snippet = Snippet::around(record, Span::new(2, 1));
        assert_eq!(snippet.text, "ab\\u{1b}]0;x\\u{7}c\\rd");
        let escape = snippet.span(Span::new(2, 1));
        assert_eq!(&snippet.text[escape.offset..escape.end()], "\\u{1b}");
        let after = snippet.span(Span::new(record.len() - 1, 1));
        assert_eq!(&snippet.text[after.offset..after.end()], "d");
        assert_eq!(
            snippet.span(Span::new(record.len(), 0)),
            Span::new(snippet.text.len(), 0)
        );
    }

    #[test]
    fn long_records_are_cut_around_the_primary_span() {
        let record = format!("{}x{}", " ".repeat(70_000), "y".repeat(1000));
        let snippet = Snippet::around(&record, Span::new(70_000, 1));
        assert!(snippet.text.starts_with('…') && snippet.text.ends_with('…'));
        assert!(snippet.text.len() <= WIDTH + 2 * CUT.len());
        let span = snippet.span(Span::new(70_000, 1));
        assert_eq!(&snippet.text[span.offset..span.end()], "x");
        // A span before the window points at the leading cut, one after it at the trailing one.
        assert_eq!(snippet.span(Span::new(3, 2)), Span::new(0, CUT.len()));
        let late = snippet.span(Span::new(70_900, 1));
        assert_eq!(&snippet.text[late.offset..late.end()], CUT);
        // A span running past the window ends at the cut.
        let long = snippet.span(Span::new(70_000, 1001));
        assert_eq!(long.offset, span.offset);
        assert!(long.end() <= snippet.text.len());
    }

    #[test]
    fn a_span_at_the_end_of_a_long_record_is_shown() {
        let record = format!("{}x", "K/".repeat(50_000));
        let snippet = Snippet::around(&record, Span::new(record.len(), 0));
        assert!(snippet.text.starts_with('…') && !snippet.text.ends_with('…'));
        assert_eq!(
            snippet.span(Span::new(record.len(), 0)),
            Span::new(snippet.text.len(), 0)
        );
        let x = snippet.span(Span::new(record.len() - 1, 1));
        assert_eq!(&snippet.text[x.offset..x.end()], "x");
    }

    #[test]
    fn cuts_fall_on_character_boundaries() {
        let record = "é".repeat(1000);
        let snippet = Snippet::around(&record, Span::new(1001, 0));
        assert!(snippet.text.trim_matches('…').chars().all(|c| c == 'é'));
    }
}
