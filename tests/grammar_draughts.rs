//! The draughts building blocks of `fenkit::grammar` inside a caller's grammar: values, the
//! rest of the input, and fenkit's draughts diagnostics with spans into the whole input.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod common;

use fenkit::draughts::{Board, Square, SquareSet};
use fenkit::grammar::{self, Error, Record};
use nom::IResult;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::sequence::{preceded, tuple};

/// A PDN move `from-to` or `fromxto` on the international board.
fn pdn_move(input: &[u8]) -> IResult<&[u8], (Square, Square), Error> {
    let square = || grammar::draughts_square::<Error>(&Board::International);
    let (rest, (from, _, to)) = tuple((square(), alt((tag("-"), tag("x"))), square()))(input)?;
    Ok((rest, (from.value, to.value)))
}

#[test]
fn a_pdn_move_reads_two_squares() {
    let moved = grammar::parse_whole(b"move 32-28", preceded(tag("move "), pdn_move)).unwrap();
    assert_eq!(moved, (Square::Number(32), Square::Number(28)));
    let (rest, taken) = pdn_move(b"28x19 33-24").unwrap();
    assert_eq!(taken, (Square::Number(28), Square::Number(19)));
    assert_eq!(rest, b" 33-24");
}

#[test]
fn a_square_off_the_board_is_reported_in_the_whole_input() {
    let error = grammar::parse_whole(b"move 32-51", preceded(tag("move "), pdn_move)).unwrap_err();
    assert_eq!(
        common::primary_spans(&error),
        [("fenkit::pdn::square_out_of_range", 8, 2)]
    );
    let zero = grammar::parse_whole(b"move 0-5", preceded(tag("move "), pdn_move)).unwrap_err();
    assert_eq!(
        common::primary_spans(&zero),
        [("fenkit::pdn::square_out_of_range", 5, 1)]
    );
}

#[test]
fn a_numbered_square_on_an_alphanumeric_board_is_rejected() {
    let mut square = grammar::draughts_square::<Error>(&Board::Russian);
    let Err(nom::Err::Error(error)) = square(b"12") else {
        panic!("a numbered square on a board of `a1` squares");
    };
    assert_eq!(
        common::primary_spans(&error.into_diagnostics(b"12")),
        [("fenkit::pdn::board_notation", 0, 2)]
    );
}

#[test]
fn no_digit_is_a_plain_nom_error_so_alt_goes_on() {
    let range = |i| grammar::square_range::<Error>(&Board::International)(i);
    let one = |i| {
        let (rest, square) = grammar::draughts_square::<Error>(&Board::International)(i)?;
        let index = match square.value {
            Square::Number(n) => n - 1,
            Square::Alpha { .. } => unreachable!("a numbered board"),
        };
        Ok::<_, nom::Err<Error>>((rest, SquareSet::range(index, index)))
    };
    let mut either = alt((|i| range(i).map(|(rest, read)| (rest, read.value)), one));
    // `1` is no range (no `-`): the square reads it.
    let (rest, set) = either(b"1 x").unwrap();
    assert_eq!((rest, set), (&b" x"[..], SquareSet(1)));
    assert!(grammar::draughts_square::<()>(&Board::International)(b"x1").is_err());
    let error = grammar::parse_whole(b"x", |i| {
        grammar::draughts_square::<Error>(&Board::International)(i)
    })
    .unwrap_err();
    assert_eq!(
        common::primary_spans(&error),
        [("fenkit::grammar::expected", 0, 1)]
    );
}

#[test]
fn ranges_read_ascending_and_explain_the_rest() {
    let range = |input| grammar::square_range::<Error>(&Board::International)(input);
    let (rest, read) = range(b"31-35,").unwrap();
    assert_eq!((rest, read.value), (&b","[..], SquareSet::range(30, 34)));
    assert!(read.warnings.is_empty());
    let whole = b"list 35-31";
    let error = grammar::parse_whole(whole, preceded(tag("list "), range)).unwrap_err();
    assert_eq!(
        common::primary_spans(&error),
        [("fenkit::pdn::descending_range", 5, 5)]
    );
    // Warnings come with the value, and move into the whole input.
    let whole = b"list 05-5";
    let (_, read): (_, Record<SquareSet>) =
        grammar::parse_partial(whole, preceded(tag("list "), range)).unwrap();
    assert_eq!(read.value, SquareSet::range(4, 4));
    assert_eq!(
        common::primary_spans(&read.warnings_in(whole)),
        [
            ("fenkit::pdn::leading_zero", 5, 2),
            ("fenkit::pdn::single_square_range", 5, 4),
        ]
    );
}

#[test]
fn square_lists_read_men_and_kings() {
    let list = |input| grammar::square_list::<Error>(&Board::International)(input);
    let (rest, read) = list(b"31-35,K40,41:B1").unwrap();
    assert_eq!(rest, b":B1");
    assert_eq!(
        read.value.men,
        SquareSet::range(30, 34) | SquareSet::range(40, 40)
    );
    assert_eq!(read.value.kings, SquareSet::range(39, 39));
    let (rest, empty) = list(b" 31").unwrap();
    assert_eq!((rest, empty.value.all()), (&b" 31"[..], SquareSet::EMPTY));
    let (_, alpha) = grammar::square_list::<()>(&Board::Russian)(b"a1,Kc3 ").unwrap();
    assert_eq!((alpha.value.men.len(), alpha.value.kings.len()), (1, 1));
}

#[test]
fn a_bad_list_gets_every_diagnostic_on_its_span() {
    let whole = b"pieces 31,,K,51-";
    let list = |input| grammar::square_list::<Error>(&Board::International)(input);
    let error = grammar::parse_whole(whole, preceded(tag("pieces "), list)).unwrap_err();
    assert_eq!(
        common::primary_spans(&error),
        [
            ("fenkit::pdn::empty_item", 9, 1),
            ("fenkit::pdn::missing_square", 11, 1),
            ("fenkit::pdn::square_out_of_range", 13, 2),
            ("fenkit::pdn::incomplete_range", 15, 1),
        ]
    );
}
