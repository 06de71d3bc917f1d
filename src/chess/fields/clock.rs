//! The clock fields: the halfmove clock and the fullmove number.

use super::common::{Clock, done};
use crate::chess::messages;
use crate::primitives::number::{LeadingZeros, digit_count, short_value};
use crate::rules::context::{Cx, Step};
use crate::rules::number::number;
use crate::rules::report::Report;
use crate::span::Span;

/// The largest clock value: FEN clocks are unsigned 32-bit numbers.
const CLOCK_MAX: u64 = u32::MAX as u64;

/// A clock field: digits up to 4294967295 (the fullmove number without leading zeros, from 1);
/// `-` and a fullmove number `0` are dialects read as the default.
#[inline(always)]
pub(crate) fn clock<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    field: &'r [u8],
    clock: Clock,
) -> Step<'r, u32> {
    // Up to three digits, the common case, at once (a fullmove number `0` is a dialect, judged
    // by the rest of the rule).
    match short_value(field) {
        Some(value) if value > 0 || clock == Clock::Halfmove => done(field, value),
        _ => any_clock(cx, field, clock),
    }
}

/// The clock rule past its common case (see [`clock`]).
#[inline(never)]
fn any_clock<'r, R: Report>(cx: &mut Cx<'r, R>, field: &'r [u8], clock: Clock) -> Step<'r, u32> {
    let span = cx.span_of(field);
    let digits = digit_count(field);
    if digits < field.len() || digits == 0 {
        if field == b"-" {
            let default = clock.default_value();
            cx.dialect(|severity| messages::dash_clock(clock, span, severity))?;
            return done(field, default);
        }
        // Where the digits stop, the field goes wrong: point at the rest.
        let wrong = if digits > 0 {
            Span::from_range(span.offset + digits, span.end())
        } else {
            span
        };
        return cx.fail(|| messages::invalid_clock(field, clock, wrong, digits > 0));
    }
    let zeros = match clock {
        Clock::Halfmove => LeadingZeros::Allowed,
        Clock::Fullmove => LeadingZeros::Rejected,
    };
    let (rest, value) = number(cx, field, CLOCK_MAX, zeros, |problem, _| {
        messages::clock_number(problem, field, clock, span)
    })?;
    let value = u32::try_from(value).unwrap_or(u32::MAX);
    if value == 0 && clock == Clock::Fullmove && field.len() == 1 {
        cx.dialect(|severity| messages::fullmove_zero(span, severity))?;
        return Ok((rest, 1));
    }
    Ok((rest, value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::codes;
    use crate::mode::Mode;
    use crate::rules::testing::verdicts;

    fn halfmove<'r, R: Report>(cx: &mut Cx<'r, R>, field: &'r [u8]) -> Step<'r, u32> {
        clock(cx, field, Clock::Halfmove)
    }

    fn fullmove<'r, R: Report>(cx: &mut Cx<'r, R>, field: &'r [u8]) -> Step<'r, u32> {
        clock(cx, field, Clock::Fullmove)
    }

    #[test]
    fn clocks_are_numbers_up_to_u32_max() {
        assert_eq!(
            verdicts(b"4294967295", Mode::Strict, halfmove),
            (Some(u32::MAX), vec![])
        );
        assert_eq!(
            verdicts(b"4294967296", Mode::Strict, halfmove).1,
            [(codes::CLOCK_TOO_LARGE, true, Some(Span::new(0, 10)))]
        );
        assert_eq!(
            verdicts(b"12x", Mode::Strict, fullmove).1,
            [(codes::INVALID_FULLMOVE, true, Some(Span::new(2, 1)))]
        );
    }

    #[test]
    fn a_dash_and_a_fullmove_zero_are_dialects_read_as_the_default() {
        let dash = |error| vec![(codes::DASH_CLOCK, error, Some(Span::new(0, 1)))];
        assert_eq!(verdicts(b"-", Mode::Strict, fullmove), (None, dash(true)));
        assert_eq!(
            verdicts(b"-", Mode::Lenient, fullmove),
            (Some(1), dash(false))
        );
        let zero = vec![(codes::FULLMOVE_ZERO, false, Some(Span::new(0, 1)))];
        assert_eq!(verdicts(b"0", Mode::Lenient, fullmove), (Some(1), zero));
        assert_eq!(verdicts(b"0", Mode::Strict, halfmove), (Some(0), vec![]));
    }
}
