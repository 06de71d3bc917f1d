//! Square numbers, ranges of them, alphanumeric squares and comma-separated square lists: the
//! building blocks of position notations that list occupied squares instead of drawing ranks.
//!
//! The grammars are generic over the nom error type (no allocation with nom's plain error).
//! Squares here are only numbers and (file, rank) pairs; what they mean belongs to a notation.

use nom::IResult;
use nom::character::complete::char;
use nom::combinator::{opt, verify};
use nom::error::{ErrorKind, ParseError};

use crate::primitives::syntax::reject;
use nom::sequence::preceded;

use super::number::{LeadingZeros, bounded, digits_value};

/// A square number `1..=max` written without leading zeros.
#[inline]
pub(crate) fn square_number<'a, E: ParseError<&'a [u8]>>(
    max: u64,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], u64, E> {
    verify(bounded(max, LeadingZeros::Rejected), |&n: &u64| n >= 1)
}

/// `a` or `a-b` with `a < b`: the first and last square of the run (equal for one square).
#[inline]
pub(crate) fn square_range<'a, E: ParseError<&'a [u8]>>(
    max: u64,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], (u64, u64), E> {
    move |input: &'a [u8]| {
        let (input, first) = square_number(max)(input)?;
        let (input, last) = opt(preceded(
            char('-'),
            verify(square_number(max), move |&last: &u64| last > first),
        ))(input)?;
        Ok((input, (first, last.unwrap_or(first))))
    }
}

/// An alphanumeric square `[a-z][1-9][0-9]*` within `files` files and `ranks` ranks: the file
/// and rank, both from 0.
#[inline]
pub(crate) fn alpha_square<'a, E: ParseError<&'a [u8]>>(
    files: u8,
    ranks: u64,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], (u8, u8), E> {
    move |input: &'a [u8]| {
        let file = match input.first() {
            Some(&b) if b.is_ascii_lowercase() && b - b'a' < files => b - b'a',
            _ => return reject(input, ErrorKind::OneOf),
        };
        let (input, rank) = square_number(ranks)(input.get(1..).unwrap_or_default())?;
        match u8::try_from(rank - 1) {
            Ok(rank) => Ok((input, (file, rank))),
            Err(_) => reject(input, ErrorKind::Verify),
        }
    }
}

/// Zero or more `item`s separated by `,`, folded into `init` with `fold` (no allocation).
#[inline]
pub(crate) fn fold_list<'a, E, O, A>(
    mut item: impl FnMut(&'a [u8]) -> IResult<&'a [u8], O, E>,
    init: A,
    mut fold: impl FnMut(A, O) -> A,
) -> impl FnOnce(&'a [u8]) -> IResult<&'a [u8], A, E>
where
    E: ParseError<&'a [u8]>,
{
    move |input: &'a [u8]| {
        let mut acc = init;
        let (mut input, first) = opt(&mut item)(input)?;
        let Some(first) = first else {
            return Ok((input, acc));
        };
        acc = fold(acc, first);
        while let Some(rest) = input.strip_prefix(b",") {
            let (next, value) = item(rest)?;
            acc = fold(acc, value);
            input = next;
        }
        Ok((input, acc))
    }
}

/// How a run of digits reads as a square number, for diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NumberText {
    /// The value, `None` when it does not fit in `u64`.
    pub(crate) value: Option<u64>,
    /// Written with a leading zero (`05`).
    pub(crate) leading_zero: bool,
}

/// Reads `digits` (ASCII digits only) as a square number.
pub(crate) fn number_text(digits: &[u8]) -> NumberText {
    NumberText {
        value: digits_value(digits),
        leading_zero: digits.len() > 1 && digits.first() == Some(&b'0'),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Plain<'a> = nom::error::Error<&'a [u8]>;

    #[test]
    fn squares_ranges_and_lists() {
        assert_eq!(square_number::<Plain>(50)(b"50-"), Ok((&b"-"[..], 50)));
        assert!(square_number::<Plain>(50)(b"51").is_err());
        assert!(square_number::<Plain>(50)(b"0").is_err());
        assert!(square_number::<Plain>(50)(b"05").is_err());
        assert_eq!(
            square_range::<Plain>(50)(b"31-50"),
            Ok((&b""[..], (31, 50)))
        );
        assert_eq!(square_range::<Plain>(50)(b"5-5"), Ok((&b"-5"[..], (5, 5))));
        assert_eq!(alpha_square::<Plain>(8, 8)(b"h8,"), Ok((&b","[..], (7, 7))));
        assert!(alpha_square::<Plain>(8, 8)(b"i1").is_err());
        let list = fold_list::<Plain, _, _>(square_number(50), 0, |n, v| n + v)(b"1,2,3:");
        assert_eq!(list, Ok((&b":"[..], 6)));
        let empty = fold_list::<Plain, _, _>(square_number(50), 0, |n, v| n + v)(b":");
        assert_eq!(empty, Ok((&b":"[..], 0)));
        assert_eq!(
            number_text(b"05"),
            NumberText {
                value: Some(5),
                leading_zero: true
            }
        );
    }
}
