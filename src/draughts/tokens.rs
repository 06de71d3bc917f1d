//! The tokens of a draughts FEN: what every rule of the record reads its input as.
//!
//! Whitespace and non-ASCII characters between tokens are judged once for the whole record
//! ([`gaps`]), so the token rule skips them on the diagnostic run; on the fast path it stops at
//! them (the record has a diagnostic either way). Tokens are sub-slices of the record, so two
//! tokens written together are told apart from two with a gap between them.

use super::messages;
use crate::primitives::number::capped_digit_run;
use crate::rules::context::Cx;
use crate::rules::report::{Report, Stop};
use crate::span::Span;

/// One kind of token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Colon,
    Comma,
    Hyphen,
    Dot,
    Letter(u8),
    /// A run of digits, with its value (leading zeros aside) up to [`NUMBER_CAP`].
    Number(u16),
    Other(u8),
}

/// The value a number token stops counting at: above every square number and rank of any
/// board, so a longer number is off the board whatever its value.
pub(super) const NUMBER_CAP: u16 = 1000;

/// A token and its text (a sub-slice of the record).
#[derive(Clone, Copy, Debug)]
pub(super) struct Token<'r> {
    pub(super) kind: Kind,
    pub(super) text: &'r [u8],
}

/// What the token rule returns: the token and the input after it, `None` at the end.
pub(super) type Next<'r> = Result<Option<(Token<'r>, &'r [u8])>, Stop>;

/// A byte that is no token's: whitespace, or a foreign byte (non-ASCII, control): every byte
/// outside printable ASCII without the space.
#[inline(always)]
pub(super) fn is_gap(b: u8) -> bool {
    !(0x21..=0x7E).contains(&b)
}

/// The first token of `input`. On the diagnostic run a gap before it is skipped (it was
/// reported by [`gaps`]); on the fast path a gap stops the rule.
#[inline]
pub(super) fn next<'r, R: Report>(cx: &Cx<'r, R>, input: &'r [u8]) -> Next<'r> {
    let mut input = input;
    loop {
        let Some(&b) = input.first() else {
            return Ok(None);
        };
        if is_gap(b) {
            if !cx.collects() {
                return Err(Stop);
            }
            input = input.get(1..).unwrap_or_default();
            continue;
        }
        // Branches in the order of how often a FEN holds them (a jump table costs more).
        let (kind, len) = if b.is_ascii_digit() {
            let (value, len) = digit_run(input);
            (Kind::Number(value), len)
        } else if b == b',' {
            (Kind::Comma, 1)
        } else if b.is_ascii_alphabetic() {
            (Kind::Letter(b), 1)
        } else if b == b'-' {
            (Kind::Hyphen, 1)
        } else if b == b':' {
            (Kind::Colon, 1)
        } else if b == b'.' {
            (Kind::Dot, 1)
        } else {
            (Kind::Other(b), 1)
        };
        let (text, rest) = input.split_at(len);
        return Ok(Some((Token { kind, text }, rest)));
    }
}

/// The run of digits at the start of `input`: its value (see [`NUMBER_CAP`]) and length.
#[inline(always)]
pub(super) fn digit_run(input: &[u8]) -> (u16, usize) {
    capped_digit_run::<NUMBER_CAP>(input)
}

/// Whether `second` follows `first` with no gap.
#[inline(always)]
pub(super) fn adjacent<R: Report>(cx: &Cx<'_, R>, first: &Token<'_>, second: &Token<'_>) -> bool {
    cx.offset(first.text) + first.text.len() == cx.offset(second.text)
}

/// The span of a token.
#[inline(always)]
pub(super) fn span<R: Report>(cx: &Cx<'_, R>, token: &Token<'_>) -> Span {
    cx.span_of(token.text)
}

/// `input` from its first token to the end of its last one: the span of all its tokens
/// (empty, at the end of `input`, when it has none).
pub(super) fn trimmed<R: Report>(cx: &Cx<'_, R>, input: &[u8]) -> Span {
    let start = input.iter().position(|&b| !is_gap(b));
    let end = input.iter().rposition(|&b| !is_gap(b));
    let base = cx.offset(input);
    match (start, end) {
        (Some(start), Some(end)) => Span::from_range(base + start, base + end + 1),
        _ => Span::new(base + input.len(), 0),
    }
}

/// Reports every run of spaces and tabs of the record: a dialect (whitespace before, inside
/// or after the FEN). Called once, on the diagnostic run, before the record is read.
pub(super) fn gaps<R: Report>(cx: &mut Cx<'_, R>) -> Result<(), Stop> {
    let record = cx.record();
    let mut offset = 0;
    while let Some(start) = record
        .get(offset..)
        .and_then(|rest| rest.iter().position(|&b| b == b' ' || b == b'\t'))
    {
        let start = offset + start;
        let len = record
            .get(start..)
            .unwrap_or_default()
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
        let span = Span::new(start, len);
        cx.dialect(|severity| messages::whitespace(record, span, severity))?;
        offset = start + len;
    }
    Ok(())
}

/// Whether an item can start at `token` (`after` follows it): a king's `K`, or a square.
#[inline]
pub(super) fn readable(token: Token<'_>, after: &[u8]) -> bool {
    match token.kind {
        Kind::Letter(b'K' | b'k') | Kind::Number(_) => true,
        Kind::Letter(b'a'..=b'z') => starts_with_digit(after),
        _ => false,
    }
}

/// Whether a digit follows at once: a letter before it is a file with its rank (the rank is a
/// number token written with no gap), as `square_from` (`squares.rs`) reads it.
#[inline(always)]
pub(super) fn starts_with_digit(after: &[u8]) -> bool {
    after.first().is_some_and(u8::is_ascii_digit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primitives::ascii::is_foreign;

    #[test]
    fn gaps_are_whitespace_and_foreign_bytes() {
        for b in 0..=u8::MAX {
            assert_eq!(is_gap(b), b == b' ' || b == b'\t' || is_foreign(b), "{b}");
        }
    }
}
