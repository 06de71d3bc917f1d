//! One EPD operation, `opcode operand...;`, as a rule (see `crate::rules`): the opcode, the
//! operands (words and quoted strings) and the `;`, each gap judged, read by the same code on
//! the fast path and the diagnostic run.
//!
//! The rule recovers from every problem (a bad opcode, a missing semicolon, an unterminated
//! string, text glued to a string) so that each is reported and the rest is still read.

use std::borrow::Cow;

use super::epd::Operand;
use super::messages;
use crate::diagnostic::{Diagnostic, Severity};
use crate::primitives::fields::is_separator;
use crate::rules::context::{Cx, Step};
use crate::rules::quoted::{Escapes, quoted};
use crate::rules::report::{Report, Stop};
use crate::span::Span;

/// Strings hold fewer than this many bytes of data (PGN §16.2.4.2).
const STRING_LIMIT: usize = 256;

/// An operation as read, before its operands are checked by what its opcode takes.
#[derive(Debug)]
pub(crate) struct Read<'r> {
    /// The opcode as written.
    pub(crate) opcode: &'r [u8],
    /// The operands as written (strings with their escapes resolved).
    pub(crate) operands: Vec<Operand>,
    /// Where each operand stands: kept on the diagnostic run only (the fast path needs none).
    pub(crate) spans: Vec<Span>,
    /// Whether a `;` ended the operation (else the record ended).
    pub(crate) ended: bool,
}

/// Whether `word` is an opcode: a letter, then up to 14 letters, digits or underscores.
pub(crate) fn is_opcode(word: &[u8]) -> bool {
    match word.split_first() {
        Some((first, rest)) => {
            first.is_ascii_alphabetic()
                && rest.len() <= 14
                && rest.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_')
        }
        None => false,
    }
}

/// `input` split after its leading run of bytes other than a separator and `;`.
fn word(input: &[u8]) -> (&[u8], &[u8]) {
    let length = input
        .iter()
        .position(|&b| is_separator(b) || b == b';')
        .unwrap_or(input.len());
    input.split_at(length)
}

/// `input` split after its leading spaces and tabs.
pub(crate) fn gap(input: &[u8]) -> (&[u8], &[u8]) {
    let length = input
        .iter()
        .position(|&b| !is_separator(b))
        .unwrap_or(input.len());
    input.split_at(length)
}

/// A gap between operations or operands that should be one space: a dialect, explained by
/// `explain` (which gap it is).
pub(crate) fn judge_gap<R: Report>(
    cx: &mut Cx<'_, R>,
    gap: &[u8],
    explain: fn(Span, Severity) -> Diagnostic,
) -> Result<(), Stop> {
    if gap.is_empty() || gap == b" " {
        return Ok(());
    }
    let span = cx.span_of(gap);
    cx.dialect(|severity| explain(span, severity))
}

/// One operation from its opcode (`input` starts with a byte other than a separator or `;`)
/// to its `;`, or to the end of `input` (the record without trailing whitespace), a dialect.
pub(crate) fn operation<'r, R: Report>(cx: &mut Cx<'r, R>, input: &'r [u8]) -> Step<'r, Read<'r>> {
    let (opcode, mut rest) = word(input);
    if !is_opcode(opcode) {
        let span = cx.span_of(opcode);
        cx.error(|| messages::invalid_opcode(opcode, span))?;
    }
    let mut read = Read {
        opcode,
        operands: Vec::new(),
        spans: Vec::new(),
        ended: false,
    };
    let mut last = cx.span_of(opcode);
    loop {
        let (space, after) = gap(rest);
        match after.split_first() {
            None => {
                let operands = &read.operands;
                cx.dialect(|severity| {
                    messages::missing_semicolon(opcode, operands, last, severity)
                })?;
                return Ok((after, read));
            }
            Some((b';', after_semicolon)) => {
                if !space.is_empty() {
                    let span = cx.span_of(space);
                    cx.dialect(|severity| messages::space_before_semicolon(span, severity))?;
                }
                read.ended = true;
                return Ok((after_semicolon, read));
            }
            Some((&first, _)) => {
                judge_gap(cx, space, messages::operand_gap)?;
                let (after_operand, (operand, span)) = if first == b'"' {
                    string_operand(cx, after)?
                } else {
                    let (written, after_word) = word(after);
                    let text = String::from_utf8_lossy(written).into_owned();
                    (after_word, (Operand::Word(text), cx.span_of(written)))
                };
                last = span;
                read.operands.push(operand);
                if cx.collects() {
                    read.spans.push(last);
                }
                rest = after_operand;
            }
        }
    }
}

/// A string from its opening quote as EPD reads its string operands (escapes, an unterminated
/// string, the length limit, each with EPD's words): the value, the span (quotes included) and
/// whether it was closed.
pub(crate) fn string<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    input: &'r [u8],
) -> Step<'r, (Cow<'r, [u8]>, Span, bool)> {
    let (rest, read) = quoted(cx, input, Escapes::Dialect, None, messages::invalid_escape)?;
    let span = cx.span(input, rest);
    let value = read.value;
    if !read.closed {
        cx.dialect(|severity| messages::unterminated_string(&value, span, severity))?;
    }
    if value.len() >= STRING_LIMIT {
        cx.error(|| messages::string_too_long(value.len(), span))?;
    }
    Ok((rest, (value, span, read.closed)))
}

/// A string operand and its span; text glued to its closing quote is reported and read past.
fn string_operand<'r, R: Report>(cx: &mut Cx<'r, R>, input: &'r [u8]) -> Step<'r, (Operand, Span)> {
    let (mut rest, (value, span, closed)) = string(cx, input)?;
    if closed && rest.first().is_some_and(|&b| !is_separator(b) && b != b';') {
        let (glued, after) = word(rest);
        let glued_span = cx.span_of(glued);
        cx.error(|| messages::glued_to_string(glued, glued_span))?;
        rest = after;
    }
    Ok((rest, (Operand::Text(into_text(value)), span)))
}

/// A string's value as text, without a second copy where its escapes made one (bytes that are
/// not UTF-8 read as U+FFFD).
pub(crate) fn into_text(value: Cow<'_, [u8]>) -> String {
    match value {
        Cow::Borrowed(bytes) => String::from_utf8_lossy(bytes).into_owned(),
        Cow::Owned(bytes) => String::from_utf8(bytes)
            .unwrap_or_else(|bytes| String::from_utf8_lossy(bytes.as_bytes()).into_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opcodes_are_a_letter_then_up_to_14_word_characters() {
        for good in ["bm", "c0", "a", "draw_accept", "abcdefghijklmno"] {
            assert!(is_opcode(good.as_bytes()), "{good}");
        }
        for bad in ["", "1x", "_a", "abcdefghijklmnop", "b-m", "bm\"x\""] {
            assert!(!is_opcode(bad.as_bytes()), "{bad}");
        }
    }
}
