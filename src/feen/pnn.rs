//! PNN pieces (Piece Name Notation, the derivation-marker edition FEEN 1.0.0 uses):
//! `[-+]?[A-Za-z]'?`. The letter's case says the side, `+`/`-` the state, `'` that the piece
//! has the other side's native style.
//!
//! [`piece`] is the grammar (generic over the nom error type); [`scan_piece`] and
//! [`report_stray`] are the diagnostic path shared by the placement and the hands.

use std::fmt;
use std::str::FromStr;

use nom::IResult;
use nom::character::complete::char;
use nom::combinator::{map, map_opt, opt};
use nom::error::ParseError;
use nom::number::complete::u8 as byte;

use super::codes;
use super::side::Side;
use crate::diagnostic::{Diagnostic, Severity, Sink, Span};
use crate::primitives::ascii::{char_span, is_foreign, quote};
use crate::primitives::letter::letter;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
        nom::combinator::all_consuming(piece::<nom::error::Error<&[u8]>>)(text)
            .ok()
            .map(|(_, piece)| piece)
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

/// The PNN grammar: `[-+]?[A-Za-z]'?`.
#[inline]
pub(crate) fn piece<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], Piece, E> {
    let (input, state) = opt(map_opt(byte, State::from_prefix))(input)?;
    let (input, letter) = map_opt(byte, |b| letter(b).map(|_| b))(input)?;
    let (input, derived) = map(opt(char('\'')), |marker| marker.is_some())(input)?;
    Ok((
        input,
        Piece {
            letter,
            state: state.unwrap_or_default(),
            derived,
        },
    ))
}

/// Whether `b` can start a piece: a prefix or a letter.
pub(crate) fn starts_piece(b: u8) -> bool {
    State::from_prefix(b).is_some() || letter(b).is_some()
}

/// Reads the piece that starts at `offset` of `record` (its first byte satisfies
/// [`starts_piece`]), reporting what is wrong with it. Returns the piece (`None` if it is not
/// usable) and the number of bytes it covers.
pub(crate) fn scan_piece(record: &[u8], offset: usize, sink: &mut Sink) -> (Option<Piece>, usize) {
    let rest = record.get(offset..).unwrap_or_default();
    let mut position = 0;
    let state = rest.first().copied().and_then(State::from_prefix);
    if state.is_some() {
        position += 1;
    }
    let letter_byte = rest.get(position).copied().filter(|&b| letter(b).is_some());
    let Some(letter_byte) = letter_byte else {
        let prefix = quote(rest.get(..1).unwrap_or_default());
        let next = match rest.get(1) {
            Some(&b) if !is_foreign(b) => format!("followed by {}", quote(&[b])),
            Some(_) => String::from("followed by a non-ASCII character"),
            None => String::from("at the end of the field"),
        };
        if sink.admit(Severity::Error) {
            sink.push(
                Diagnostic::error(codes::PREFIX_WITHOUT_LETTER, format!("state prefix {prefix} {next}, not by a piece letter"))
                    .label(Span::new(offset, 1), "no piece letter after it")
                    .help("a state prefix `+` or `-` comes directly before a piece letter, as in `+P` or `-r`: add the letter or remove the prefix"),
            );
        }
        return (None, 1);
    };
    position += 1;
    let mut usable = true;
    if rest.get(position) == Some(&b'^') {
        report_terminal_marker(record, offset, offset + position, position + 1, sink);
        usable = false;
        position += 1;
    }
    let derived = rest.get(position) == Some(&b'\'');
    if derived {
        position += 1;
    }
    let piece = Piece {
        letter: letter_byte,
        state: state.unwrap_or_default(),
        derived,
    };
    (usable.then_some(piece), position)
}

/// Reports the `^` at `marker` of the piece at `start` (`len` bytes up to and including `^`).
fn report_terminal_marker(record: &[u8], start: usize, marker: usize, len: usize, sink: &mut Sink) {
    let without = Span::new(start, len.saturating_sub(1)).of(record);
    if sink.admit(Severity::Error) {
        sink.push(
            Diagnostic::error(codes::TERMINAL_MARKER, "`^` terminal marker: this FEEN revision has no terminal pieces")
                .label(Span::new(marker, 1), "terminal marker")
                .help(format!(
                    "`^` belongs to the later FEEN revision (\"Field Expression Encoding Notation\", EPIN pieces, `C/c` styles); FEEN 1.0.0 as read here (mid-2025, PNN pieces, SNN styles) has no terminal marker: write {}",
                    quote(without)
                )),
        );
    }
}

/// Reports a byte at `offset` that cannot start a piece or a count: a stray `'`, a `^`, or any
/// other character (`expected` says what the field holds). Non-ASCII characters are skipped
/// silently (they are reported once for the whole record). Returns the bytes covered.
pub(crate) fn report_stray(record: &[u8], offset: usize, expected: &str, sink: &mut Sink) -> usize {
    let b = record.get(offset).copied().unwrap_or(0);
    if is_foreign(b) {
        return char_span(record, offset).len;
    }
    let span = Span::new(offset, 1);
    match b {
        b'\'' => sink.push(
            Diagnostic::error(codes::MISPLACED_DERIVATION_MARKER, "derivation marker `'` does not follow a piece letter")
                .label(span, "no piece letter before it")
                .help("the derivation marker comes once, directly after a piece letter, as in `K'` or `+p'`: remove this one"),
        ),
        b'^' => sink.push(
            Diagnostic::error(codes::TERMINAL_MARKER, "`^` terminal marker: this FEEN revision has no terminal pieces")
                .label(span, "terminal marker")
                .help("`^` belongs to the later FEEN revision (\"Field Expression Encoding Notation\", EPIN pieces, `C/c` styles); FEEN 1.0.0 as read here (mid-2025, PNN pieces, SNN styles) has no terminal marker: remove it"),
        ),
        _ => {
            // A run of such characters is one problem.
            let len = record
                .get(offset..)
                .unwrap_or_default()
                .iter()
                .take_while(|&&b| is_stray_run(b))
                .count()
                .max(1);
            let run = Span::new(offset, len);
            let (message, label) = if len == 1 {
                (format!("{} is not part of a piece or a count", quote(run.of(record))), "unexpected character")
            } else {
                (format!("{} are not part of a piece or a count", quote(run.of(record))), "unexpected characters")
            };
            sink.push(
                Diagnostic::error(codes::INVALID_CHARACTER, message)
                    .label(run, label)
                    .help(format!("remove or replace {}: {expected}", if len == 1 { "it" } else { "them" })),
            );
            return len;
        }
    }
    1
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
