//! The old SAN grammar (nom, squares read by hand) and UCI reader (oracle).

use nom::IResult;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, one_of};
use nom::combinator::{all_consuming, opt, recognize};
use nom::error::ParseError;
use nom::sequence::{pair, preceded, tuple};

use crate::chess::{Role, Square};
pub(crate) use crate::epd::san::{MoveContext, UciMove};

fn file<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], char, E> {
    one_of("abcdefgh")(input)
}

fn rank<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], char, E> {
    one_of("12345678")(input)
}

fn square<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], &'a [u8], E> {
    recognize(pair(file, rank))(input)
}

fn suffix<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], Option<char>, E> {
    opt(one_of("+#"))(input)
}

/// One SAN move: castling, a piece move with optional disambiguation and capture, or a pawn
/// move with optional capture and promotion; then an optional `+` or `#`.
pub(crate) fn san<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], &'a [u8], E> {
    let castle = recognize(pair(tag("O-O"), opt(tag("-O"))));
    let capture = || opt(char('x'));
    let from_and_to = alt((
        recognize(tuple((file, rank, capture(), square))),
        recognize(tuple((file, capture(), square))),
        recognize(tuple((rank, capture(), square))),
        recognize(pair(capture(), square)),
    ));
    let piece = recognize(pair(one_of("NBRQK"), from_and_to));
    let pawn = recognize(tuple((
        opt(pair(file, char('x'))),
        square,
        opt(preceded(char('='), one_of("NBRQ"))),
    )));
    recognize(pair(alt((castle, piece, pawn)), suffix))(input)
}

/// Whether `text` is one SAN move.
pub(crate) fn is_san(text: &[u8]) -> bool {
    all_consuming(san::<nom::error::Error<&[u8]>>)(text).is_ok()
}

/// Reads `text` as a UCI move.
pub(crate) fn uci(text: &[u8]) -> Option<UciMove> {
    let square_of = |f: u8, r: u8| Square::new(f.checked_sub(b'a')?, r.checked_sub(b'1')?);
    let (from, to, promotion) = match text {
        [f1, r1, f2, r2] => (square_of(*f1, *r1)?, square_of(*f2, *r2)?, None),
        [f1, r1, f2, r2, p] => (square_of(*f1, *r1)?, square_of(*f2, *r2)?, Some(*p)),
        _ => return None,
    };
    let promotion = match promotion {
        None => None,
        Some(b'q') => Some(Role::Queen),
        Some(b'r') => Some(Role::Rook),
        Some(b'b') => Some(Role::Bishop),
        Some(b'n') => Some(Role::Knight),
        Some(_) => return None,
    };
    Some(UciMove {
        from,
        to,
        promotion,
    })
}
