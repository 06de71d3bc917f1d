//! PNN pieces (Piece Name Notation, the derivation-marker edition FEEN 1.0.0 uses):
//! `[-+]?[A-Za-z]'?`. The letter's case says the side, `+`/`-` the state, `'` that the piece
//! has the other side's native style.
//!
//! [`piece`] is the one rule (see `crate::rules`) the placement and the hands read pieces
//! with, for the fast path and the diagnostics; [`stray`] reports a byte that starts none.

use std::fmt;
use std::str::FromStr;

use super::messages;
use super::side::Side;
use crate::mode::Mode;
use crate::primitives::ascii::{char_span, is_foreign};
use crate::primitives::letter::letter;
use crate::rules::context::{Cx, Step};
use crate::rules::report::{Free, Report, Stop};

/// The state prefix of a piece. The variants are in canonical hand order: `-`, `+`, none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum State {
    /// `-`: weakened, restricted or temporary.
    Diminished,
    /// `+`: promoted, upgraded or empowered.
    Enhanced,
    /// No prefix.
    #[default]
    Normal,
}

impl State {
    /// The state a prefix byte stands for (`Normal` has no prefix).
    #[inline]
    pub(crate) const fn from_prefix(b: u8) -> Option<State> {
        match b {
            b'-' => Some(State::Diminished),
            b'+' => Some(State::Enhanced),
            _ => None,
        }
    }

    /// The prefix as written: `"-"`, `"+"` or `""`.
    pub const fn prefix(self) -> &'static str {
        match self {
            State::Diminished => "-",
            State::Enhanced => "+",
            State::Normal => "",
        }
    }
}

/// One PNN piece, such as `K`, `+p`, `-R'`.
///
/// ```
/// use fenkit::feen::{Piece, Side, State};
///
/// let piece: Piece = "+p'".parse()?;
/// assert_eq!(piece.side(), Side::Second);
/// assert_eq!(piece.state(), State::Enhanced);
/// assert!(piece.is_derived());
/// assert_eq!(piece.to_string(), "+p'");
/// assert!("++K".parse::<Piece>().is_err());
/// # Ok::<_, fenkit::feen::InvalidToken>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    letter: u8,
    state: State,
    derived: bool,
}

impl Piece {
    /// The piece with this letter (its case gives the side), state and derivation marker;
    /// `None` if `letter` is not an ASCII letter.
    pub const fn new(letter: u8, state: State, derived: bool) -> Option<Piece> {
        if letter.is_ascii_alphabetic() {
            Some(Piece {
                letter,
                state,
                derived,
            })
        } else {
            None
        }
    }

    /// Reads a whole PNN token; `None` unless all of `text` is one piece.
    pub fn from_ascii(text: &[u8]) -> Option<Piece> {
        let mut cx = Cx::new(text, Mode::Strict, Free);
        match piece(&mut cx, text) {
            Ok(([], piece)) => piece,
            _ => None,
        }
    }

    /// The letter as written: uppercase for the first player, lowercase for the second.
    pub const fn letter(self) -> u8 {
        self.letter
    }

    /// The letter in uppercase: the piece type, whatever the side.
    pub const fn base_letter(self) -> u8 {
        self.letter.to_ascii_uppercase()
    }

    /// Which player the piece belongs to (its letter's case).
    pub const fn side(self) -> Side {
        if self.letter.is_ascii_uppercase() {
            Side::First
        } else {
            Side::Second
        }
    }

    /// Enhanced (`+`), diminished (`-`) or normal.
    pub const fn state(self) -> State {
        self.state
    }

    /// Whether the piece carries the derivation marker `'`: it has the other side's native
    /// style rather than its own side's.
    pub const fn is_derived(self) -> bool {
        self.derived
    }

    /// The side whose style the piece has: its own side, or the other one when derived.
    pub const fn style_side(self) -> Side {
        if self.derived {
            self.side().opposite()
        } else {
            self.side()
        }
    }

    /// The order of pieces of one count within a hand: base letter, then `-`, `+`, none, then
    /// without `'` before with.
    pub(crate) fn hand_key(self) -> (u8, State, bool) {
        (self.base_letter(), self.state, self.derived)
    }

    /// A dense index of the piece's identity on its side (letter, state, marker): 0..156.
    pub(crate) fn identity(self) -> usize {
        let letter = usize::from(self.base_letter().wrapping_sub(b'A')).min(25);
        let state = match self.state {
            State::Diminished => 0,
            State::Enhanced => 1,
            State::Normal => 2,
        };
        letter * 6 + state * 2 + usize::from(self.derived)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.state.prefix())?;
        fmt::Write::write_char(f, char::from(self.letter))?;
        if self.derived {
            fmt::Write::write_char(f, '\'')?;
        }
        Ok(())
    }
}

/// The PNN text (`Piece(+p')`): the letter's byte value means nothing to a reader.
impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Piece({self})")
    }
}

/// A piece or style name given to `FromStr` that does not follow its notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a valid {notation} name")]
#[non_exhaustive]
pub struct InvalidToken {
    /// `"PNN"` or `"SNN"`.
    pub notation: &'static str,
    /// The text that was given.
    pub text: String,
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
