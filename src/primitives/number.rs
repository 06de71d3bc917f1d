//! Digit runs and bounded non-negative numbers, shared by board digits, clocks, square numbers
//! and EPD integers.

use nom::IResult;
use nom::error::{ErrorKind, ParseError};

use crate::primitives::syntax::reject;

/// Whether a number may be written with leading zeros (`05`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeadingZeros {
    /// `05` means 5.
    Allowed,
    /// `05` is not this notation's spelling of 5 (a lone `0` is still fine).
    Rejected,
}

/// Why a run of bytes is not an acceptable number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NumberProblem {
    /// Empty, or contains a byte that is not a digit.
    NotDigits,
    /// Written with a leading zero where the policy rejects it.
    LeadingZero,
    /// Larger than the bound.
    TooLarge,
}

/// One or more ASCII digits. Written out rather than with `take_while1`: every number of every
/// notation goes through here.
#[inline]
pub(crate) fn digit_run<'a, E: ParseError<&'a [u8]>>(
    input: &'a [u8],
) -> IResult<&'a [u8], &'a [u8], E> {
    let length = input
        .iter()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(input.len());
    if length == 0 {
        return reject(input, ErrorKind::TakeWhile1);
    }
    let (digits, rest) = input.split_at(length);
    Ok((rest, digits))
}

/// A run of digits without its leading zeros (`007` → `7`; all zeros → `0`), for the help of a
/// leading-zero diagnostic.
pub(crate) fn without_leading_zeros(digits: &[u8]) -> &[u8] {
    let zeros = digits.iter().take_while(|&&d| d == b'0').count();
    let keep = zeros.min(digits.len().saturating_sub(1));
    digits.get(keep..).unwrap_or(digits)
}

/// The value of a run of ASCII digits, or `None` if it exceeds `u64`.
#[inline]
pub(crate) fn digits_value(digits: &[u8]) -> Option<u64> {
    digits.iter().try_fold(0u64, |value, &d| {
        value
            .checked_mul(10)?
            .checked_add(u64::from(d.wrapping_sub(b'0')))
    })
}

/// A digit run read as a number of at most `max`, following the leading-zero policy.
#[inline]
pub(crate) fn bounded<'a, E: ParseError<&'a [u8]>>(
    max: u64,
    zeros: LeadingZeros,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], u64, E> {
    move |input: &'a [u8]| {
        let (rest, digits) = digit_run(input)?;
        match check_digits(digits, max, zeros) {
            Ok(value) => Ok((rest, value)),
            Err(_) => reject(input, ErrorKind::MapOpt),
        }
    }
}

/// Judges a whole field as a bounded number: the value, or what is wrong with it.
pub(crate) fn check_number(
    text: &[u8],
    max: u64,
    zeros: LeadingZeros,
) -> Result<u64, NumberProblem> {
    if text.is_empty() || !text.iter().all(u8::is_ascii_digit) {
        return Err(NumberProblem::NotDigits);
    }
    check_digits(text, max, zeros)
}

/// Judges a run of digits as a number of at most `max` under the leading-zero policy: the one
/// judge of every bounded number (the reporting rule `rules::number` is built on it).
#[inline]
pub(crate) fn check_digits(
    digits: &[u8],
    max: u64,
    zeros: LeadingZeros,
) -> Result<u64, NumberProblem> {
    if zeros == LeadingZeros::Rejected && digits.len() > 1 && digits.first() == Some(&b'0') {
        return Err(NumberProblem::LeadingZero);
    }
    match digits_value(digits) {
        Some(value) if value <= max => Ok(value),
        _ => Err(NumberProblem::TooLarge),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_follow_bound_and_policy() {
        assert_eq!(check_number(b"0", 9, LeadingZeros::Rejected), Ok(0));
        assert_eq!(check_number(b"05", 9, LeadingZeros::Allowed), Ok(5));
        assert_eq!(
            check_number(b"05", 9, LeadingZeros::Rejected),
            Err(NumberProblem::LeadingZero)
        );
        assert_eq!(
            check_number(b"10", 9, LeadingZeros::Allowed),
            Err(NumberProblem::TooLarge)
        );
        assert_eq!(
            check_number(b"99999999999999999999999", u64::MAX, LeadingZeros::Allowed),
            Err(NumberProblem::TooLarge)
        );
        assert_eq!(
            check_number(b"1a", 9, LeadingZeros::Allowed),
            Err(NumberProblem::NotDigits)
        );
        assert_eq!(
            check_number(b"", 9, LeadingZeros::Allowed),
            Err(NumberProblem::NotDigits)
        );
        assert_eq!(without_leading_zeros(b"007"), b"7");
        assert_eq!(without_leading_zeros(b"000"), b"0");
        assert_eq!(without_leading_zeros(b"10"), b"10");
        let parsed: IResult<&[u8], u64, nom::error::Error<&[u8]>> =
            bounded(100, LeadingZeros::Allowed)(b"42x");
        assert_eq!(parsed, Ok((&b"x"[..], 42)));
    }
}
