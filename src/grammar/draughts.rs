//! Building blocks of draughts notation for a caller's grammar: a square number, a range of
//! squares and a square list, each read on a board by the rules a draughts FEN uses, so a PDN
//! move (`32-28`, `28x19`) or a list of squares of your own gets a FEN's diagnostics.
//!
//! Each combinator reads strictly (as in a strict FEN) and never skips whitespace. What is not
//! its kind of text at all (no digit where a square starts, no `-` after a range's first square)
//! is a plain nom error, so `alt` can try something else; what is its kind but wrong (a square
//! off the board, a backwards range, `K` with no square) is rejected with fenkit's diagnostics
//! ([`Rejection`]). Warnings (a leading zero, a range of one square) come with the value in its
//! [`Record`].

use super::accept;
use super::combinator::{Combinator, Read, combinator};
use super::error::{Kind, Rejection};
use super::messages;
use super::record::Record;
use crate::draughts::{
    Board, NOTATION, Pieces, Square, SquareList, SquareNumber, SquareRange, SquareSet,
};
use crate::mode::Mode;
use crate::primitives::number::digit_count;
use crate::rules::run::Rule;

/// Reads the first `end` bytes of `input` with `rule`, strictly, as a record.
fn read<'a, G: Rule<'a>>(input: &'a [u8], end: usize, mut rule: G) -> Read<Record<G::Output>> {
    accept::read(input, end, &mut rule, Mode::Strict, NOTATION)
}

/// A numbered square on `board` (`1` to the board's square count, no leading zero), as in
/// PDN moves: `32-28` is two squares and a `-`.
///
/// ```
/// use fenkit::grammar;
/// use fenkit::draughts::{Board, Square};
/// use nom::bytes::complete::tag;
/// use nom::branch::alt;
/// use nom::Parser;
///
/// let square = || grammar::draughts_square(&Board::International);
/// let (rest, (from, _, to)) = ((square(), alt((tag("-"), tag("x"))), square())).parse(&b"28x19 {}"[..])?;
/// assert_eq!((from.value, to.value), (Square::Number(28), Square::Number(19)));
/// assert_eq!(rest, b" {}");
/// assert!(grammar::draughts_square(&Board::English).parse(&b"33"[..]).is_err());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn draughts_square(
    board: &Board,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<Square>> + Copy + use<>> {
    let board = *board;
    combinator(move |input: &[u8]| match digit_count(input) {
        0 => {
            let diagnostic = messages::no_draughts_square(input, board.square_count());
            Err(Rejection::not_here(Kind::Digit, diagnostic))
        }
        end => read(input, end, SquareNumber::new(board)),
    })
}

/// A range of numbered squares `a-b` on `board` (`a` below `b`): the squares from `a` to `b`.
///
/// ```
/// use fenkit::grammar;
/// use fenkit::draughts::{Board, SquareSet};
/// use nom::Parser;
///
/// let (rest, range) = grammar::square_range(&Board::International).parse(&b"31-35,K40"[..])?;
/// assert_eq!(range.value.len(), 5);
/// assert_eq!(rest, b",K40");
/// // A backwards range is rejected with fenkit::pdn::descending_range.
/// assert!(grammar::square_range(&Board::International).parse(&b"35-31"[..]).is_err());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn square_range(
    board: &Board,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<SquareSet>> + Copy + use<>> {
    let board = *board;
    combinator(move |input: &[u8]| {
        let first = digit_count(input);
        let last = input.get(first + 1..).map_or(0, digit_count);
        if first == 0 {
            let diagnostic = messages::no_draughts_square(input, board.square_count());
            return Err(Rejection::not_here(Kind::Digit, diagnostic));
        }
        if input.get(first) != Some(&b'-') || last == 0 {
            let at = if input.get(first) == Some(&b'-') {
                first + 1
            } else {
                first
            };
            let diagnostic = messages::no_range(input, at);
            return Err(Rejection::not_here(Kind::Char, diagnostic));
        }
        read(input, first + 1 + last, SquareRange::new(board))
    })
}

/// A square list on `board`, as in a FEN section (`31-35,K40,41`; `a1,Kc3` on an alphanumeric
/// board): the men and kings it names. It takes every byte a list can hold (digits, `,`, `-`,
/// `K`, and on alphanumeric boards lowercase letters) and ends before any other; an empty list
/// is fine. A square listed twice is read once (a whole FEN reports it when validated).
///
/// ```
/// use fenkit::grammar;
/// use fenkit::draughts::Board;
/// use nom::Parser;
///
/// let (rest, list) = grammar::square_list(&Board::International).parse(&b"31-35,K40,41:B1"[..])?;
/// assert_eq!((list.value.men.len(), list.value.kings.len()), (6, 1));
/// assert_eq!(rest, b":B1");
/// // `K` with no square: fenkit::pdn::missing_square.
/// assert!(grammar::square_list(&Board::International).parse(&b"31,K"[..]).is_err());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn square_list(
    board: &Board,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<Pieces>> + Copy + use<>> {
    let board = *board;
    let letters = board.notation() == crate::draughts::SquareNotation::Alphanumeric;
    combinator(move |input: &[u8]| {
        let end = input
            .iter()
            .position(|&b| {
                !(b.is_ascii_digit()
                    || matches!(b, b',' | b'-' | b'K')
                    || (letters && b.is_ascii_lowercase()))
            })
            .unwrap_or(input.len());
        read(input, end, SquareList::new(board))
    })
}
