//! The driver: one rule, run fast first and again with diagnostics only if it stopped.

use super::context::{Cx, Step};
use super::report::{Free, Report};
use crate::diagnostic::{Parsed, Sink};
use crate::mode::Mode;

/// A record rule, generic over the sink so the driver can run the same code twice.
pub(crate) trait Rule<'r> {
    /// What a record reads as.
    type Output;

    /// Reads `input` (the whole record) to its end, reporting to `cx`'s sink. `&mut self` lets
    /// a rule leave by-products of the pass (such as where each field stands) in itself.
    fn apply<R: Report>(&mut self, cx: &mut Cx<'r, R>, input: &'r [u8]) -> Step<'r, Self::Output>;
}

/// Runs `rule` over `record` with the free sink; if it stops (or leaves input), runs the same
/// rule again collecting every diagnostic. Valid input allocates nothing.
#[inline]
pub(crate) fn run<'r, G: Rule<'r>>(
    rule: &mut G,
    record: &'r [u8],
    mode: Mode,
) -> Parsed<G::Output> {
    drive(rule, record, mode, true).0
}

/// [`run`] for a rule that may end before `input` does (a string or an operation at the start
/// of a line): the verdict, and how many bytes the rule read (0 if it failed).
pub(crate) fn run_prefix<'r, G: Rule<'r>>(
    rule: &mut G,
    input: &'r [u8],
    mode: Mode,
) -> (Parsed<G::Output>, usize) {
    drive(rule, input, mode, false)
}

/// The one driver: fast, then collecting only if the fast run stopped (or, for a `whole`
/// record, left input).
#[inline(always)]
fn drive<'r, G: Rule<'r>>(
    rule: &mut G,
    input: &'r [u8],
    mode: Mode,
    whole: bool,
) -> (Parsed<G::Output>, usize) {
    let read = |rest: &[u8]| input.len().saturating_sub(rest.len());
    let mut fast = Cx::new(input, mode, Free);
    if let Ok((rest, value)) = rule.apply(&mut fast, input) {
        if !whole || rest.is_empty() {
            return (Parsed::new(Some(value), Vec::new()), read(rest));
        }
    }
    let mut slow = Cx::new(input, mode, Sink::new());
    let (value, len) = match rule.apply(&mut slow, input) {
        Ok((rest, value)) => (Some(value), read(rest)),
        Err(_) => (None, 0),
    };
    (Parsed::from_sink(value, slow.into_sink()), len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{Diagnostic, Severity};
    use crate::primitives::number::LeadingZeros;
    use crate::rules::number::number;

    /// `N,N`: two numbers below 10; a `;` separator is a dialect.
    struct Pair;

    impl<'r> Rule<'r> for Pair {
        type Output = (Option<u64>, Option<u64>);

        fn apply<R: Report>(
            &mut self,
            cx: &mut Cx<'r, R>,
            input: &'r [u8],
        ) -> Step<'r, Self::Output> {
            let digit = |cx: &mut Cx<'r, R>, input| {
                number(cx, input, 9, LeadingZeros::Rejected, |_, span| {
                    Diagnostic::error("digit", "not a digit").label(span, "here")
                })
            };
            let (rest, first) = cx.resume(input, digit, |b| b == b',' || b == b';')?;
            let rest = match rest.split_first() {
                Some((b',', rest)) => rest,
                Some((b';', after)) => {
                    let span = cx.span(rest, after);
                    cx.dialect(|severity| {
                        Diagnostic::new("semicolon", severity, "`;`").label(span, "read as `,`")
                    })?;
                    after
                }
                _ => return cx.fail(|| Diagnostic::error("missing", "no second number")),
            };
            let (rest, second) = cx.resume(rest, digit, |_| false)?;
            Ok((rest, (first, second)))
        }
    }

    fn codes(parsed: &Parsed<(Option<u64>, Option<u64>)>) -> Vec<(&str, Severity, usize)> {
        parsed
            .diagnostics
            .iter()
            .map(|d| (d.code(), d.severity(), d.span().map_or(99, |s| s.offset)))
            .collect()
    }

    #[test]
    fn valid_input_takes_the_fast_path() {
        let parsed = run(&mut Pair, b"1,2", Mode::Strict);
        assert_eq!(parsed.value, Some((Some(1), Some(2))));
        assert!(parsed.diagnostics.is_empty());
    }

    #[test]
    fn every_problem_is_reported_on_its_own_span() {
        let parsed = run(&mut Pair, b"x;12", Mode::Strict);
        assert_eq!(parsed.value, None);
        assert_eq!(
            codes(&parsed),
            [
                ("digit", Severity::Error, 0),
                ("semicolon", Severity::Error, 1),
                ("digit", Severity::Error, 2),
            ]
        );
    }

    #[test]
    fn lenient_dialect_is_read_with_a_warning_by_the_same_rule() {
        let parsed = run(&mut Pair, b"3;4", Mode::Lenient);
        assert_eq!(parsed.value, Some((Some(3), Some(4))));
        assert_eq!(codes(&parsed), [("semicolon", Severity::Warning, 1)]);
    }
}
