//! PNN pieces (Piece Name Notation, the derivation-marker edition FEEN 1.0.0 uses):
//! `[-+]?[A-Za-z]'?`. The letter's case says the side, `+`/`-` the state, `'` that the piece
//! has the other side's native style.
//!
//! [`piece`] is the one rule (see `crate::rules`) the placement and the hands read pieces
//! with, for the fast path and the diagnostics; [`stray`] reports a byte that starts none.

use std::str::FromStr;

use super::messages;
use super::types::InvalidToken;
use super::types::{Piece, State};
use crate::mode::Mode;
use crate::primitives::ascii::{char_span, is_foreign};
use crate::primitives::letter::letter;
use crate::rules::context::{Cx, Step};
use crate::rules::report::Free;
use crate::rules::report::{Report, Stop};

/// The PNN rule: `[-+]?[A-Za-z]'?` at the start of `input`. A prefix without a letter, a `^`
/// terminal marker after the letter and a byte that starts no piece are reported and read
/// past without a value (`Ok((rest, None))` on the diagnostic run).
#[inline]
pub(crate) fn piece<'r, R: Report>(cx: &mut Cx<'r, R>, input: &'r [u8]) -> Step<'r, Option<Piece>> {
    let (state, after_prefix) = match input.split_first() {
        Some((&b, rest)) => match State::from_prefix(b) {
            Some(state) => (Some(state), rest),
            None => (None, input),
        },
        None => (None, input),
    };
    let Some((&letter_byte, after_letter)) = after_prefix
        .split_first()
        .filter(|(b, _)| letter(**b).is_some())
    else {
        if state.is_none() {
            return stray(cx, input, messages::PNN_HELP).map(|(rest, ())| (rest, None));
        }
        return prefix_without_letter(cx, input);
    };
    let (rest, terminal) = match after_letter.split_first() {
        Some((b'^', rest)) => (rest, true),
        _ => (after_letter, false),
    };
    if terminal {
        let (marker, without) = (cx.span(after_letter, rest), cx.span(input, after_letter));
        let record = cx.record();
        cx.error(|| messages::terminal_marker(marker, Some(without.of(record))))?;
    }
    let (rest, derived) = match rest.split_first() {
        Some((b'\'', rest)) => (rest, true),
        _ => (rest, false),
    };
    let piece = Piece::new(letter_byte, state.unwrap_or_default(), derived);
    Ok((rest, piece.filter(|_| !terminal)))
}

/// A `+` or `-` at the start of `input` with no letter after it: reported, read past.
#[cold]
fn prefix_without_letter<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    input: &'r [u8],
) -> Step<'r, Option<Piece>> {
    let (prefix, rest) = input.split_at(1.min(input.len()));
    let span = cx.span_of(prefix);
    let record = cx.record();
    cx.error(|| messages::prefix_without_letter(record, prefix, span))?;
    Ok((rest, None))
}

/// Whether `b` can start a piece: a prefix or a letter.
#[inline]
pub(crate) fn starts_piece(b: u8) -> bool {
    State::from_prefix(b).is_some() || letter(b).is_some()
}

/// A byte at the start of `input` that cannot start a piece or a count: a stray `'`, a `^`, or
/// a run of other characters (`expected` says what the field holds), reported and read past.
/// A non-ASCII character is read past silently on the diagnostic run (the record reports it
/// once) and stops the fast path.
#[cold]
pub(crate) fn stray<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    input: &'r [u8],
    expected: &'static str,
) -> Step<'r, ()> {
    let b = input.first().copied().unwrap_or(0);
    let skip = |len: usize| input.get(len.max(1)..).unwrap_or_default();
    if is_foreign(b) {
        if !cx.collects() {
            return Err(Stop);
        }
        let len = char_span(cx.record(), cx.offset(input)).len;
        return Ok((skip(len), ()));
    }
    let span = cx.span_of(input.get(..1).unwrap_or_default());
    match b {
        b'\'' => cx.error(|| messages::misplaced_derivation_marker(span))?,
        b'^' => cx.error(|| messages::terminal_marker(span, None))?,
        _ => {
            // A run of such characters is one problem.
            let len = input
                .iter()
                .take_while(|&&b| is_stray_run(b))
                .count()
                .max(1);
            let run = input.get(..len).unwrap_or_default();
            let span = cx.span_of(run);
            cx.error(|| messages::invalid_character(run, span, expected))?;
            return Ok((skip(len), ()));
        }
    }
    Ok((skip(1), ()))
}

/// A byte that continues a run of stray characters: not a letter, digit, marker, modifier or
/// separator that the fields read, and not a foreign character (reported on its own).
fn is_stray_run(b: u8) -> bool {
    !is_foreign(b)
        && !b.is_ascii_alphanumeric()
        && !matches!(b, b'\'' | b'^' | b'+' | b'-' | b'/' | b' ' | b'\t')
}

impl Piece {
    /// Reads a whole PNN token; `None` unless all of `text` is one piece.
    pub fn from_ascii(text: &[u8]) -> Option<Piece> {
        let mut cx = Cx::new(text, Mode::Strict, Free);
        match piece(&mut cx, text) {
            Ok(([], piece)) => piece,
            _ => None,
        }
    }
}

impl FromStr for Piece {
    type Err = InvalidToken;

    fn from_str(text: &str) -> Result<Piece, InvalidToken> {
        Piece::from_ascii(text.as_bytes()).ok_or_else(|| InvalidToken {
            notation: "PNN",
            text: text.to_string(),
        })
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing)]
mod tests {
    use super::*;

    #[test]
    fn pieces_follow_the_pnn_grammar() {
        for good in ["K", "k", "+P", "-r", "K'", "+P'", "-r'", "z"] {
            assert_eq!(
                Piece::from_ascii(good.as_bytes()).map(|p| p.to_string()),
                Some(good.to_string())
            );
        }
        for bad in [
            "", "+", "K+", "++K", "+-K", "K''", "'K", "1", "KK", "^", "K^",
        ] {
            assert_eq!(Piece::from_ascii(bad.as_bytes()), None, "{bad}");
        }
    }

    #[test]
    fn identities_are_distinct_and_dense() {
        let mut seen = [false; 156];
        for letter in b'A'..=b'Z' {
            for state in [State::Diminished, State::Enhanced, State::Normal] {
                for derived in [false, true] {
                    let index = Piece::new(letter, state, derived)
                        .map(Piece::identity)
                        .unwrap_or(999);
                    assert!(!seen[index]);
                    seen[index] = true;
                }
            }
        }
    }
}
