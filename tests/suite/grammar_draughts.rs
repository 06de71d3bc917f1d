//! The draughts building blocks of `fenkit::grammar` inside a caller's grammar: values, the
//! rest of the input, and fenkit's draughts diagnostics with spans into the whole input.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::draughts::{Board, Square, SquareSet};
use fenkit::grammar::{self, Error, Record};
use nom::IResult;
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::sequence::preceded;

use crate::common;

/// A PDN move `from-to` or `fromxto` on the international board.
fn pdn_move(input: &[u8]) -> IResult<&[u8], (Square, Square), Error> {
    let square = || grammar::draughts_square(&Board::International);
    let (rest, (from, _, to)) = (square(), alt((tag("-"), tag("x"))), square()).parse(input)?;
    Ok((rest, (from.value, to.value)))
}

#[test]
fn a_pdn_move_reads_two_squares() {
    let moved = grammar::parse_whole(&b"move 32-28"[..], preceded(tag("move "), pdn_move)).unwrap();
    assert_eq!(moved, (Square::Number(32), Square::Number(28)));
    let (rest, taken) = pdn_move(b"28x19 33-24").unwrap();
    assert_eq!(taken, (Square::Number(28), Square::Number(19)));
    assert_eq!(rest, b" 33-24");
}

#[test]
fn a_square_off_the_board_is_reported_in_the_whole_input() {
    let error =
        grammar::parse_whole(&b"move 32-51"[..], preceded(tag("move "), pdn_move)).unwrap_err();
    assert_eq!(
        common::primary_spans(&error),
        [("fenkit::pdn::square_out_of_range", 8, 2)]
    );
    let zero =
        grammar::parse_whole(&b"move 0-5"[..], preceded(tag("move "), pdn_move)).unwrap_err();
    assert_eq!(
        common::primary_spans(&zero),
        [("fenkit::pdn::square_out_of_range", 5, 1)]
    );
}

#[test]
fn a_numbered_square_on_an_alphanumeric_board_is_rejected() {
    let mut square = grammar::draughts_square(&Board::Russian);
    let Err(nom::Err::Error(error)) = square.parse(&b"12"[..]) else {
        panic!("a numbered square on a board of `a1` squares");
    };
    assert_eq!(
        common::primary_spans(&error.into_diagnostics(b"12")),
        [("fenkit::pdn::board_notation", 0, 2)]
    );
}

#[test]
fn no_digit_is_a_plain_nom_error_so_alt_goes_on() {
    let range = |i: &'static [u8]| grammar::square_range(&Board::International).parse(i);
    let one = |i: &'static [u8]| {
        let (rest, square) = grammar::draughts_square(&Board::International).parse(i)?;
        let index = match square.value {
            Square::Number(n) => n - 1,
            Square::Alpha { .. } => unreachable!("a numbered board"),
        };
        Ok::<_, nom::Err<Error>>((rest, SquareSet::range(index, index)))
    };
    let mut either = alt((
        |i: &'static [u8]| range(i).map(|(rest, read)| (rest, read.value)),
        one,
    ));
    // `1` is no range (no `-`): the square reads it.
    let (rest, set) = either.parse(&b"1 x"[..]).unwrap();
    assert_eq!((rest, set), (&b" x"[..], SquareSet(1)));
    assert!(
        grammar::draughts_square(&Board::International)
            .with_error::<()>()
            .parse(&b"x1"[..])
            .is_err()
    );
    let error = grammar::parse_whole(&b"x"[..], grammar::draughts_square(&Board::International))
        .unwrap_err();
    assert_eq!(
        common::primary_spans(&error),
        [("fenkit::grammar::square", 0, 1)]
    );
    assert_eq!(error[0].message(), "expected a square number, found `x`");
    assert_eq!(
        error[0].help_text(),
        Some("a square is a number from 1 to 50 on this board")
    );
}

#[test]
fn ranges_read_ascending_and_explain_the_rest() {
    let range = || grammar::square_range(&Board::International);
    let (rest, read) = range().parse(&b"31-35,"[..]).unwrap();
    assert_eq!((rest, read.value), (&b","[..], SquareSet::range(30, 34)));
    assert!(read.warnings.is_empty());
    let whole = b"list 35-31";
    let error = grammar::parse_whole(whole, preceded(tag("list "), range())).unwrap_err();
    assert_eq!(
        common::primary_spans(&error),
        [("fenkit::pdn::descending_range", 5, 5)]
    );
    // Warnings come with the value, and move into the whole input.
    let whole = b"list 05-5";
    let (_, read): (_, Record<SquareSet>) =
        grammar::parse_partial(whole, preceded(tag("list "), range())).unwrap();
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
    let list = |input: &'static [u8]| grammar::square_list(&Board::International).parse(input);
    let (rest, read) = list(b"31-35,K40,41:B1").unwrap();
    assert_eq!(rest, b":B1");
    assert_eq!(
        read.value.men,
        SquareSet::range(30, 34) | SquareSet::range(40, 40)
    );
    assert_eq!(read.value.kings, SquareSet::range(39, 39));
    let (rest, empty) = list(&b" 31"[..]).unwrap();
    assert_eq!((rest, empty.value.all()), (&b" 31"[..], SquareSet::EMPTY));
    let (_, alpha) = grammar::square_list(&Board::Russian)
        .with_error::<()>()
        .parse(&b"a1,Kc3 "[..])
        .unwrap();
    assert_eq!((alpha.value.men.len(), alpha.value.kings.len()), (1, 1));
}

#[test]
fn a_bad_list_gets_every_diagnostic_on_its_span() {
    let whole = b"pieces 31,,K,51-";
    let list = |input: &'static [u8]| grammar::square_list(&Board::International).parse(input);
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
