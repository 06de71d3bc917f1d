//! Numbers as a reporting rule: a digit run judged by a bound and a leading-zero policy, once
//! for the fast path and the diagnostics.

use super::context::{Cx, Step};
use super::report::Report;
use crate::diagnostic::Diagnostic;
use crate::primitives::number::{LeadingZeros, NumberProblem, check_digits, digit_count};
use crate::span::Span;

/// A run of digits at the start of `input` read as a number of at most `max`.
///
/// No digits, or a value above `max`: `explain` is reported and the rule stops. A leading zero
/// the policy rejects: reported (and nothing else about this number), and the rule reads on
/// with the value if it is within `max`. `explain` gets the
/// problem and the span of the digits (empty where there are none); it is called only on the
/// diagnostic run.
#[inline]
pub(crate) fn number<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    input: &'r [u8],
    max: u64,
    zeros: LeadingZeros,
    explain: impl Fn(NumberProblem, Span) -> Diagnostic,
) -> Step<'r, u64> {
    let length = digit_count(input);
    let (digits, rest) = input.split_at(length);
    if length == 0 {
        let span = cx.span_of(digits);
        return cx.fail(|| explain(NumberProblem::NotDigits, span));
    }
    // The one bounded-number judge; a leading zero is the one problem of `0999…` (as
    // spelled), reported, and the value is still read after it.
    let value = match check_digits(digits, max, zeros) {
        Ok(value) => value,
        Err(NumberProblem::LeadingZero) => {
            let span = cx.span_of(digits);
            cx.error(|| explain(NumberProblem::LeadingZero, span))?;
            match check_digits(digits, max, LeadingZeros::Allowed) {
                Ok(value) => value,
                // Already reported: one diagnostic per number.
                Err(_) => return Err(super::report::Stop),
            }
        }
        Err(problem) => {
            let span = cx.span_of(digits);
            return cx.fail(|| explain(problem, span));
        }
    };
    Ok((rest, value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{Parsed, Sink};
    use crate::mode::Mode;
    use crate::rules::report::{Free, Stop};

    fn explain(problem: NumberProblem, span: Span) -> Diagnostic {
        Diagnostic::error("n", format!("{problem:?}")).label(span, "here")
    }

    #[test]
    fn reads_digits_and_leaves_the_rest() {
        let record = b"42x";
        let mut cx = Cx::new(record, Mode::Strict, Free);
        let read = number(&mut cx, record, 100, LeadingZeros::Rejected, explain);
        assert_eq!(read, Ok((&b"x"[..], 42)));
        let mut cx = Cx::new(record, Mode::Strict, Free);
        assert_eq!(
            number(&mut cx, record, 9, LeadingZeros::Allowed, explain),
            Err(Stop)
        );
    }

    #[test]
    fn leading_zero_is_reported_and_read_past() {
        let record = b" 07";
        let mut cx = Cx::new(&record[..], Mode::Strict, Free);
        let input = record.get(1..).unwrap_or_default();
        assert_eq!(
            number(&mut cx, input, 9, LeadingZeros::Rejected, explain),
            Err(Stop)
        );
        let mut cx = Cx::new(&record[..], Mode::Strict, Sink::new());
        let read = number(&mut cx, input, 9, LeadingZeros::Rejected, explain);
        assert_eq!(read, Ok((&b""[..], 7)));
        let parsed = Parsed::<()>::from_sink(None, cx.into_sink());
        let found = parsed.messages();
        assert_eq!(found, [("LeadingZero", Some(Span::new(1, 2)))]);
    }

    #[test]
    fn no_digits_and_too_large_stop_with_their_span() {
        for (record, problem, span) in [
            (&b"x"[..], "NotDigits", Span::new(0, 0)),
            (&b"123"[..], "TooLarge", Span::new(0, 3)),
        ] {
            let mut cx = Cx::new(record, Mode::Strict, Sink::new());
            assert_eq!(
                number(&mut cx, record, 99, LeadingZeros::Allowed, explain),
                Err(Stop)
            );
            let parsed = Parsed::<()>::from_sink(None, cx.into_sink());
            let found: Vec<_> = parsed
                .diagnostics
                .iter()
                .map(|d| (d.message(), d.span()))
                .collect();
            assert_eq!(found, [(problem, Some(span))]);
        }
    }
}
