//! PDN tag pairs `[Name "value"]` and setup commands `/FEN "value"/`, read out of a line with
//! the value's spans mapped back into the line, as PDN 3.0 writes them.
//!
//! Whitespace may stand between the tokens of a tag pair (`[ FEN "..." ]`). In a value, `\"` is
//! a quote and `\\` a backslash (the PGN rule PDN cites); any other backslash is an error.

use std::borrow::Cow;

use super::messages;
use crate::diagnostic::{Diagnostic, Severity};
use crate::mode::Mode;
use crate::primitives::word::{equal_to, first_of};
use crate::rules::context::Cx;
use crate::rules::quoted::{Escapes, quoted};
use crate::rules::report::{Report, Stop};
use crate::span::Span;

/// A tag pair or setup command read from a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagPair<'a> {
    /// The tag name (`FEN` for a setup command).
    pub name: &'a [u8],
    /// Where the name stands in the line.
    pub name_span: Span,
    /// The value with its escapes resolved.
    pub value: Cow<'a, [u8]>,
    /// The value's text between the quotes, in the line.
    pub value_span: Span,
    /// For an escaped value: the line offset of each byte of `value`, and of its end.
    offsets: Option<Vec<usize>>,
    /// Problems inside the value (bad escapes), with spans into the line.
    pub diagnostics: Vec<Diagnostic>,
    /// The offset just after the tag pair.
    pub end: usize,
}

impl<'a> TagPair<'a> {
    /// The tag pair of `line` that [`read_plain_tag`] read (no escape in its value), from
    /// where it found its name and value and its end.
    pub(crate) fn plain(line: &'a [u8], name_span: Span, value_span: Span, end: usize) -> Self {
        TagPair {
            name: name_span.of(line),
            name_span,
            value: Cow::Borrowed(value_span.of(line)),
            value_span,
            offsets: None,
            diagnostics: Vec::new(),
            end,
        }
    }

    /// A span of `value` as a span of the line.
    pub fn line_span(&self, span: Span) -> Span {
        match &self.offsets {
            None => span.shifted(self.value_span.offset),
            Some(offsets) => {
                let at = |offset: usize| {
                    offsets
                        .get(offset)
                        .or(offsets.last())
                        .copied()
                        .unwrap_or(self.value_span.offset)
                };
                Span::from_range(at(span.offset), at(span.end()))
            }
        }
    }
}

/// A tag pair that could not be read: the name when it got that far, the problem, and where to
/// go on reading the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagFailure<'a> {
    /// The name, if the tag pair got that far.
    pub name: Option<&'a [u8]>,
    /// What is wrong, with a span into the line.
    pub diagnostic: Diagnostic,
    /// Where reading the line goes on.
    pub resume: usize,
}

fn skip_whitespace(line: &[u8], mut at: usize) -> usize {
    while line.get(at).is_some_and(|b| matches!(b, b' ' | b'\t')) {
        at += 1;
    }
    at
}

/// Reads the tag pair that starts with the `[` at `start` of `line`.
pub fn read_tag(line: &[u8], start: usize) -> Result<TagPair<'_>, TagFailure<'_>> {
    // The common case, read without the quoted-string rule: the same pair.
    match read_plain_tag(line, start) {
        Some(plain) => Ok(TagPair::plain(
            line,
            plain.name_span,
            plain.value_span,
            plain.end,
        )),
        None => read_any_tag(line, start),
    }
}

/// [`read_tag`] for any tag pair, by the quoted-string rule.
fn read_any_tag(line: &[u8], start: usize) -> Result<TagPair<'_>, TagFailure<'_>> {
    let name_start = skip_whitespace(line, start + 1);
    let name_len = line
        .get(name_start..)
        .unwrap_or_default()
        .iter()
        .enumerate()
        .take_while(|&(i, b)| {
            if i == 0 {
                b.is_ascii_alphabetic()
            } else {
                b.is_ascii_alphanumeric() || *b == b'_'
            }
        })
        .count();
    let name_span = Span::new(name_start, name_len);
    if name_len == 0 {
        let span = crate::primitives::ascii::char_span(line, name_start);
        return Err(TagFailure {
            name: None,
            diagnostic: messages::tag_without_name(span),
            resume: start + 1,
        });
    }
    let name = name_span.of(line);
    let quote_at = skip_whitespace(line, name_span.end());
    if line.get(quote_at) != Some(&b'"') {
        let span = crate::primitives::ascii::char_span(line, quote_at);
        return Err(TagFailure {
            name: Some(name),
            diagnostic: messages::tag_without_value(name, span),
            resume: quote_at,
        });
    }
    let (value, offsets, diagnostics, close) = read_string(line, quote_at, true);
    let value_span = Span::from_range(quote_at + 1, close.unwrap_or(line.len()));
    let Some(close) = close else {
        return Err(TagFailure {
            name: Some(name),
            diagnostic: messages::tag_value_unclosed(name, Span::new(line.len(), 0)),
            resume: line.len(),
        });
    };
    let bracket = skip_whitespace(line, close + 1);
    if line.get(bracket) != Some(&b']') {
        let span = crate::primitives::ascii::char_span(line, bracket);
        return Err(TagFailure {
            name: Some(name),
            diagnostic: messages::tag_unclosed(name, span),
            resume: bracket,
        });
    }
    Ok(TagPair {
        name,
        name_span,
        value,
        value_span,
        offsets,
        diagnostics,
        end: bracket + 1,
    })
}

/// A tag pair with no backslash in its value, read without copying: what [`read_tag`] reads
/// of it, its value being the text between the quotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlainTag<'a> {
    /// The tag name.
    pub(crate) name: &'a [u8],
    /// Where the name stands in the line.
    pub(crate) name_span: Span,
    /// The value's text between the quotes, in the line.
    pub(crate) value_span: Span,
    /// The offset just after the tag pair.
    pub(crate) end: usize,
}

/// The tag pair at `start` of `line` when [`read_tag`] reads it with no diagnostic and no
/// escape in its value (the common case, read here in a few loops over short text); `None`
/// for any other (read it with [`read_tag`]).
pub(crate) fn read_plain_tag(line: &[u8], start: usize) -> Option<PlainTag<'_>> {
    read_plain_tag_with(line, start, quote_or_backslash)
}

/// [`read_plain_tag`] at `start` of `text`, lines of a file with their line ends: `None` for a
/// tag pair whose value runs into the next line. Inlined: the caller then keeps what it
/// returns in registers (copied through memory, it stalled the loads that read it back).
#[inline(always)]
pub(crate) fn read_plain_tag_line(text: &[u8], start: usize) -> Option<PlainTag<'_>> {
    read_plain_tag_with(text, start, quote_backslash_or_line_end)
}

/// [`read_plain_tag`], the end of its value found by `value_end`.
#[inline(always)]
fn read_plain_tag_with(
    line: &[u8],
    start: usize,
    value_end: fn(&[u8]) -> Option<usize>,
) -> Option<PlainTag<'_>> {
    let name_start = skip_whitespace(line, start + 1);
    let rest = line.get(name_start..)?;
    if !rest.first()?.is_ascii_alphabetic() {
        return None;
    }
    let name_len = rest
        .iter()
        .position(|&b| !is_name_byte(b))
        .unwrap_or(rest.len());
    let name = rest.get(..name_len)?;
    let quote_at = skip_whitespace(line, name_start + name_len);
    if line.get(quote_at) != Some(&b'"') {
        return None;
    }
    let body = line.get(quote_at + 1..)?;
    let close = quote_at + 1 + value_end(body)?;
    if line.get(close) != Some(&b'"') {
        return None;
    }
    let bracket = skip_whitespace(line, close + 1);
    (line.get(bracket) == Some(&b']')).then(|| PlainTag {
        name,
        name_span: Span::new(name_start, name_len),
        value_span: Span::from_range(quote_at + 1, close),
        end: bracket + 1,
    })
}

/// The bytes of a tag name after its first letter: letters, digits and `_`.
#[allow(clippy::indexing_slicing)] // evaluated at compile time: an out-of-range index fails the build
static NAME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = byte.is_ascii_alphanumeric() || byte == b'_';
        b += 1;
    }
    table
};

fn is_name_byte(b: u8) -> bool {
    NAME_BYTES.get(usize::from(b)).copied().unwrap_or(false)
}

/// The first `"` or `\\` of `text`. Tag values are short: eight bytes at a time in a word
/// find them sooner than a vector search, which pays for its setup on every value; the last
/// bytes go in a word too, padded with zeros (which are none of them).
fn quote_or_backslash(text: &[u8]) -> Option<usize> {
    first_of(text, |word| equal_to(word, b'"') | equal_to(word, b'\\'))
}

/// The first `"`, `\\`, `\n` or `\r` of `text`, as [`quote_or_backslash`] finds the first two.
fn quote_backslash_or_line_end(text: &[u8]) -> Option<usize> {
    first_of(text, |word| {
        equal_to(word, b'"') | equal_to(word, b'\\') | equal_to(word, b'\n') | equal_to(word, b'\r')
    })
}

type StringRead<'a> = (
    Cow<'a, [u8]>,
    Option<Vec<usize>>,
    Vec<Diagnostic>,
    Option<usize>,
);

/// The string whose opening quote is at `quote_at` of `line`, read by the shared quoted-string
/// rule: its value, the offsets of an escaped value, bad escapes, and the offset of the closing
/// quote.
fn read_string(line: &[u8], quote_at: usize, escapes: bool) -> StringRead<'_> {
    let input = line.get(quote_at..).unwrap_or_default();
    let escapes = if escapes {
        Escapes::Strict
    } else {
        Escapes::None
    };
    let mut offsets = Vec::new();
    let mut cx = Cx::new(line, Mode::Strict, Every(Vec::new()));
    let explain = |backslash: Span, _| {
        // The backslash and the whole character after it, if any.
        let escaped = crate::primitives::ascii::char_span(line, backslash.end());
        let span = Span::from_range(backslash.offset, escaped.end().max(backslash.end()));
        messages::invalid_escape(span.of(line), span)
    };
    let Ok((_, read)) = quoted(&mut cx, input, escapes, Some(&mut offsets), explain) else {
        return (Cow::Borrowed(&[]), None, Vec::new(), None);
    };
    let close = read.closed.then(|| quote_at + 1 + read.written.len());
    let offsets = matches!(read.value, Cow::Owned(_)).then_some(offsets);
    (read.value, offsets, cx.into_sink().0, close)
}

/// Keeps every diagnostic of a tag value, uncapped: the PDN reader caps a tag's diagnostics
/// once, with those of its FEN.
struct Every(Vec<Diagnostic>);

impl Report for Every {
    const COLLECTS: bool = true;

    fn report(&mut self, _: Severity, build: impl FnOnce() -> Diagnostic) -> Result<(), Stop> {
        self.0.push(build());
        Ok(())
    }
}

/// Reads the setup command `/FEN "value"/` that starts at `start` of `line` (the caller has
/// seen `/FEN "` there). Setup values have no escapes.
pub fn read_setup(line: &[u8], start: usize) -> Result<TagPair<'_>, TagFailure<'_>> {
    let name_span = Span::new(start + 1, 3);
    let name = name_span.of(line);
    let value_start = start + 6;
    let (value, _, _, close) = read_string(line, value_start - 1, false);
    let Some(close) = close else {
        return Err(TagFailure {
            name: Some(name),
            diagnostic: messages::setup_value_unclosed(Span::new(line.len(), 0)),
            resume: line.len(),
        });
    };
    if line.get(close + 1) != Some(&b'/') {
        let span = crate::primitives::ascii::char_span(line, close + 1);
        return Err(TagFailure {
            name: Some(name),
            diagnostic: messages::setup_unclosed(span),
            resume: close + 1,
        });
    }
    Ok(TagPair {
        name,
        name_span,
        value,
        value_span: Span::from_range(value_start, close),
        offsets: None,
        diagnostics: Vec::new(),
        end: close + 2,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The quick reading of plain tag pairs is the quoted-string rule's.
        #[test]
        fn plain_tags_read_as_any(line in r#"[\[\]" \\\tA-Za-z0-9_]{0,24}"#, start in 0..4usize) {
            let line = line.as_bytes();
            if line.get(start) == Some(&b'[') {
                proptest::prop_assert_eq!(read_tag(line, start), read_any_tag(line, start));
            }
        }
    }

    #[test]
    fn finds_quotes_and_backslashes() {
        let mut text = vec![b'a'; 40];
        assert_eq!(quote_or_backslash(&text), None);
        for at in 0..40 {
            for found in [b'"', b'\\'] {
                text.fill(b'a');
                text[at] = found;
                // Bytes that differ from the wanted ones by one bit, and a later match.
                if at + 1 < 40 {
                    text[at + 1] = b'"';
                }
                if at > 0 {
                    text[at - 1] = found ^ 1;
                }
                assert_eq!(quote_or_backslash(&text), Some(at));
                assert_eq!(quote_or_backslash(&text[..at]), None);
            }
        }
        for b in 0..=255u8 {
            let text = [b; 9];
            let want = matches!(b, b'"' | b'\\').then_some(0);
            assert_eq!(quote_or_backslash(&text), want);
            let want = matches!(b, b'"' | b'\\' | b'\n' | b'\r').then_some(0);
            assert_eq!(quote_backslash_or_line_end(&text), want, "{b}");
            // After other bytes below `\x0e`, in the tail and in a whole word.
            for len in [3, 12] {
                let mut text = vec![b'\t'; len];
                text.push(b);
                text.push(b'\0');
                let want = matches!(b, b'"' | b'\\' | b'\n' | b'\r').then_some(len);
                assert_eq!(quote_backslash_or_line_end(&text), want, "{b} after {len}");
            }
        }
    }

    #[test]
    fn reads_tags_with_escapes_and_spaces() {
        let line = br#"[ FEN "W:W31" ] [White "a \"b\" \\"]"#;
        let tag = read_tag(line, 0).unwrap();
        assert_eq!(
            (tag.name, &*tag.value, tag.end),
            (&b"FEN"[..], &b"W:W31"[..], 15)
        );
        assert_eq!(tag.line_span(Span::new(2, 3)), Span::new(9, 3));
        let white = read_tag(line, 16).unwrap();
        assert_eq!(&*white.value, br#"a "b" \"#);
        // The escaped quote covers both bytes of `\"` in the line.
        assert_eq!(white.line_span(Span::new(2, 1)), Span::new(26, 2));
        assert!(read_tag(br#"[FEN "W"#, 0).is_err());
        assert!(read_tag(br#"[FEN "W""#, 0).is_err());
        let bad = read_tag(br#"[FEN "\n"]"#, 0).unwrap();
        assert_eq!(bad.diagnostics.len(), 1);
        for (line, start) in [
            (&line[..], 0),
            (&line[..], 16),
            (br#"[FEN "W"#, 0),
            (br#"[ _x "a"]"#, 0),
            (br#"[Site"a" ] x"#, 0),
            (br#"[Site "a" x]"#, 0),
            (br#"[Site "#, 0),
            (br#"["#, 0),
            (br#"[Round "?"]"#, 0),
        ] {
            let read = read_any_tag(line, start).ok();
            assert_eq!(read_tag(line, start).ok(), read);
            let plain = read.filter(|tag| !tag.value_span.of(line).contains(&b'\\'));
            assert!(
                plain
                    .as_ref()
                    .is_none_or(|tag| *tag.value == *tag.value_span.of(line))
            );
            assert_eq!(
                read_plain_tag(line, start),
                plain.map(|tag| PlainTag {
                    name: tag.name,
                    name_span: tag.name_span,
                    value_span: tag.value_span,
                    end: tag.end
                }),
                "{}",
                String::from_utf8_lossy(line)
            );
        }
        let setup = read_setup(br#"1. 32-28 /FEN "W:W31-50:B1-20"/ 2."#, 9).unwrap();
        assert_eq!(&*setup.value, b"W:W31-50:B1-20");
        assert_eq!(setup.value_span, Span::new(15, 14));
    }
}
