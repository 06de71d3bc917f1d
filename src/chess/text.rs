//! The plain chess values as text: `Display` writes what a FEN writes, `FromStr` reads exactly
//! that and nothing else (as strict as the FEN parser), so `value.to_string().parse()` gives the
//! value back.
//!
//! | type | written | read |
//! | --- | --- | --- |
//! | [`Square`] | `e4` | `a1`..`h8`, lowercase file |
//! | [`Piece`] | its FEN letter: `P` (white pawn), `k` (black king) | one of `PNBRQKpnbrqk` |
//! | [`Role`] | lowercase letter: `p`, `n`, `b`, `r`, `q`, `k` | that letter in either case |
//! | [`Color`] | `w` or `b`, as the side-to-move field | `w` or `b` |
//!
//! A role has no colour, so its letter's case carries nothing: it is written lowercase as
//! shakmaty's `Role::char` and python-chess's `piece_symbol` write it, and read in either case
//! (`N` in a SAN move is a knight too). A colour is read as the strict FEN reads the side to
//! move: `W` is refused.

use std::fmt;
use std::str::FromStr;

use super::types::{Color, Piece, Role, Square};

/// A square, piece, role or colour that `FromStr` refused.
///
/// ```
/// use fenkit::chess::{Color, Square};
///
/// let error = "i9".parse::<Square>().unwrap_err();
/// assert_eq!(error.to_string(), r#""i9" is not a square (a1 to h8)"#);
/// assert!("W".parse::<Color>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseValueError {
    /// What was expected, e.g. `a square (a1 to h8)`.
    pub expected: &'static str,
    /// The text that was refused.
    pub text: String,
}

impl ParseValueError {
    fn new(expected: &'static str, text: &str) -> Self {
        ParseValueError {
            expected,
            text: text.to_string(),
        }
    }
}

impl fmt::Display for ParseValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not {}", self.text, self.expected)
    }
}

impl std::error::Error for ParseValueError {}

/// The one byte of `text`, if it is one byte long.
fn single_byte(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [byte] => Some(*byte),
        _ => None,
    }
}

impl FromStr for Square {
    type Err = ParseValueError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match Square::read(text.as_bytes()) {
            Some((square, [])) => Ok(square),
            _ => Err(ParseValueError::new("a square (a1 to h8)", text)),
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", char::from(self.letter()))
    }
}

impl FromStr for Piece {
    type Err = ParseValueError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        single_byte(text)
            .and_then(Piece::from_letter)
            .ok_or_else(|| ParseValueError::new("a FEN piece letter (PNBRQK or pnbrqk)", text))
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", char::from(self.upper().to_ascii_lowercase()))
    }
}

impl FromStr for Role {
    type Err = ParseValueError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        single_byte(text)
            .and_then(|letter| Role::from_upper(letter.to_ascii_uppercase()))
            .ok_or_else(|| ParseValueError::new("a role letter (p, n, b, r, q or k)", text))
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Color {
    type Err = ParseValueError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "w" => Ok(Color::White),
            "b" => Ok(Color::Black),
            _ => Err(ParseValueError::new("a side to move (w or b)", text)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_piece_role_and_colour_reads_back_what_it_writes() {
        for index in 0..64 {
            let square = Square::from_index(index).unwrap_or(Square::A1);
            assert_eq!(square.to_string().parse(), Ok(square));
        }
        for code in 0..12 {
            let piece = Piece::from_code(code).unwrap_or(Piece {
                color: Color::White,
                role: Role::Pawn,
            });
            assert_eq!(piece.to_string().parse(), Ok(piece));
        }
        for role in Role::ALL {
            assert_eq!(role.to_string().parse(), Ok(role));
            assert_eq!(role.to_string().to_uppercase().parse(), Ok(role));
        }
        for color in [Color::White, Color::Black] {
            assert_eq!(color.to_string().parse(), Ok(color));
        }
    }

    #[test]
    fn text_around_a_value_is_refused() {
        for text in ["", "e", "e44", " e4", "e4 ", "E4", "i1", "a0", "a9", "é4"] {
            assert!(text.parse::<Square>().is_err(), "{text:?}");
        }
        for text in ["", "x", "PP", "1", " p"] {
            assert!(text.parse::<Piece>().is_err(), "{text:?}");
            assert!(text.parse::<Role>().is_err(), "{text:?}");
        }
        for text in ["", "W", "B", "white", "w "] {
            assert!(text.parse::<Color>().is_err(), "{text:?}");
        }
    }
}
