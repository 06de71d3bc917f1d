//! Bounded non-negative numbers: the one judge of a run of digits (a bound and a leading-zero
//! policy), under FEN's clocks, FEEN's counts, EPD's integers and `fenkit::grammar::number`.

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

/// A run of digits without its leading zeros (`007` → `7`; all zeros → `0`), for the help of a
/// leading-zero diagnostic.
pub(crate) fn without_leading_zeros(digits: &[u8]) -> &[u8] {
    let zeros = digits.iter().take_while(|&&d| d == b'0').count();
    let keep = zeros.min(digits.len().saturating_sub(1));
    digits.get(keep..).unwrap_or(digits)
}

/// How many ASCII digits start `input`: the length of its digit run.
#[inline]
pub(crate) fn digit_count(input: &[u8]) -> usize {
    input.iter().take_while(|b| b.is_ascii_digit()).count()
}

/// The run of digits at the start of `input`, read in one pass: its value, saturating at
/// `CAP`, and its length (`(0, 0)` when `input` does not start with a digit). For a notation
/// whose numbers are small and where any longer run is wrong whatever its value (a draughts
/// square); one pass with one data-dependent exit keeps it as fast as a hand-written loop.
#[inline(always)]
pub(crate) fn capped_digit_run<const CAP: u16>(input: &[u8]) -> (u16, usize) {
    // `CAP * 10 + 9` must fit a `u16`, and a first digit must not pass the cap.
    const { assert!(9 <= CAP && CAP <= (u16::MAX - 9) / 10) };
    let Some(&first) = input.first().filter(|d| d.is_ascii_digit()) else {
        return (0, 0);
    };
    let mut value = u16::from(first - b'0');
    let mut len = 1;
    while let Some(&digit) = input.get(len).filter(|d| d.is_ascii_digit()) {
        value = (value * 10 + u16::from(digit - b'0')).min(CAP);
        len += 1;
    }
    (value, len)
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

/// The value of one to three digits without a leading zero (or a lone `0`): most numbers in
/// records (clocks, counts), read at once. `None` for anything else, which [`check_digits`]
/// judges; the two agree wherever this one gives a value.
#[inline(always)]
pub(crate) fn short_value(digits: &[u8]) -> Option<u32> {
    let digit = |b: u8| b.is_ascii_digit().then(|| u32::from(b - b'0'));
    match *digits {
        [only] => digit(only),
        [first @ b'1'..=b'9', second] => Some(u32::from(first - b'0') * 10 + digit(second)?),
        [first @ b'1'..=b'9', second, third] => {
            Some(u32::from(first - b'0') * 100 + digit(second)? * 10 + digit(third)?)
        }
        _ => None,
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

    /// Wherever the short reader gives a value, the judge gives the same one (under either
    /// policy, as it has no leading zero).
    #[test]
    fn short_values_agree_with_the_judge() {
        for text in [
            "0", "7", "10", "99", "100", "999", "05", "0000", "1000", "1a", "a", "", "-",
        ] {
            let short = short_value(text.as_bytes());
            if let Some(value) = short {
                for zeros in [LeadingZeros::Allowed, LeadingZeros::Rejected] {
                    assert_eq!(
                        check_number(text.as_bytes(), 999, zeros),
                        Ok(u64::from(value)),
                        "{text}"
                    );
                }
            }
            let expected = matches!(text, "0" | "7" | "10" | "99" | "100" | "999");
            assert_eq!(short.is_some(), expected, "{text}");
        }
    }

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
    }

    #[test]
    fn digit_runs_are_counted_and_read_up_to_their_cap() {
        assert_eq!(digit_count(b"0123x4"), 4);
        assert_eq!(digit_count(b"x1"), 0);
        assert_eq!(digit_count(b""), 0);
        assert_eq!(capped_digit_run::<1000>(b"31-35"), (31, 2));
        assert_eq!(capped_digit_run::<1000>(b"0050,"), (50, 4));
        assert_eq!(capped_digit_run::<1000>(b"999"), (999, 3));
        assert_eq!(capped_digit_run::<1000>(b"1001"), (1000, 4));
        assert_eq!(
            capped_digit_run::<1000>(b"99999999999999999999:"),
            (1000, 20)
        );
        assert_eq!(capped_digit_run::<9>(b"12"), (9, 2));
        assert_eq!(capped_digit_run::<1000>(b"K5"), (0, 0));
        assert_eq!(capped_digit_run::<1000>(b""), (0, 0));
    }
}
