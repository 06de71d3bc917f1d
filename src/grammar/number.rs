//! The shared number rule as a building block: a run of digits with a bound and a leading-zero
//! policy, the rule FEN's clocks and FEEN's empty counts are read with.

use super::accept::accept;
use super::combinator::{Combinator, Read, combinator};
use super::error::Kind;
use super::messages;
use crate::mode::Mode;
pub use crate::primitives::number::LeadingZeros;
use crate::primitives::number::digit_count;
use crate::rules::context::{Cx, Step};
use crate::rules::number::number as number_rule;
use crate::rules::report::Report;
use crate::rules::run::{Rule, run};

/// A number of at most `max` written as a run of ASCII digits, read by the rule of FEN's clocks
/// and FEEN's empty counts: no digits, a value above `max` or (under [`LeadingZeros::Rejected`]) a
/// leading zero is the error `fenkit::grammar::number`, whose message says which. It reads the
/// digits only and needs nothing after them.
///
/// ```
/// use fenkit::grammar::{self, LeadingZeros};
/// use nom::bytes::complete::tag;
/// use nom::sequence::preceded;
/// use nom::Parser;
///
/// // A UCI `go depth N`.
/// let mut depth = preceded(tag("go depth "), grammar::number(255, LeadingZeros::Rejected));
/// let (rest, value) = grammar::parse_partial(b"go depth 12 movetime 5", |i| depth.parse(i))?;
/// assert_eq!((value, rest), (12, &b" movetime 5"[..]));
///
/// let diagnostics = grammar::parse_whole(b"go depth 012", depth).unwrap_err();
/// assert_eq!(diagnostics[0].code(), "fenkit::grammar::number");
/// assert_eq!(diagnostics[0].span().map(|s| (s.offset, s.len)), Some((9, 3)));
/// assert_eq!(diagnostics[0].help_text(), Some("write `12`"));
/// # Ok::<_, Vec<fenkit::Diagnostic>>(())
/// ```
pub fn number(
    max: u64,
    zeros: LeadingZeros,
) -> Combinator<impl Fn(&[u8]) -> Read<u64> + Copy + use<>> {
    combinator(move |input: &[u8]| {
        let digits = input.get(..digit_count(input)).unwrap_or(input);
        let parsed = run(&mut Digits { max, zeros }, digits, Mode::Strict);
        match accept(input, digits.len(), parsed, "grammar") {
            Ok((len, number)) => Ok((len, number.value)),
            Err(rejection) => Err(rejection.reported_as(Kind::Digit)),
        }
    })
}

/// The digits of one number as a record of their own, so that `run` reads them fast and
/// explains them only when they are wrong.
struct Digits {
    max: u64,
    zeros: LeadingZeros,
}

impl<'r> Rule<'r> for Digits {
    type Output = u64;

    fn apply<R: Report>(&mut self, cx: &mut Cx<'r, R>, digits: &'r [u8]) -> Step<'r, u64> {
        let max = self.max;
        number_rule(cx, digits, max, self.zeros, |problem, span| {
            messages::number(problem, span.of(digits), span, max)
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;
    use crate::grammar::Reader;

    fn problem(input: &[u8], max: u64) -> (String, String, usize, usize) {
        let rejection = number(max, LeadingZeros::Rejected).read(input).unwrap_err();
        let diagnostics = rejection.diagnostics();
        assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
        let d = &diagnostics[0];
        let span = d.span().unwrap();
        (d.code().to_string(), d.to_string(), span.offset, span.len)
    }

    #[test]
    fn reads_the_digits_and_leaves_the_rest() {
        let parser = number(100, LeadingZeros::Rejected);
        assert_eq!(parser.read(&b"0"[..]).unwrap(), (1, 0));
        assert_eq!(parser.read(&b"100x"[..]).unwrap(), (3, 100));
        let allowed = number(100, LeadingZeros::Allowed);
        assert_eq!(allowed.read(&b"007 "[..]).unwrap(), (3, 7));
    }

    #[test]
    fn each_problem_has_its_message_and_span() {
        let code = String::from("fenkit::grammar::number");
        assert_eq!(
            problem(b"x1", 9),
            (code.clone(), "expected a number".into(), 0, 0)
        );
        assert_eq!(
            problem(b"05 ", 9),
            (code.clone(), "a number with a leading zero".into(), 0, 2)
        );
        assert_eq!(
            problem(b"10", 9),
            (code.clone(), "a number above 9".into(), 0, 2)
        );
        // Beyond `u64`: too large, not an overflow.
        let huge = b"99999999999999999999999";
        let expected = format!("a number above {}", u64::MAX);
        assert_eq!(problem(huge, u64::MAX), (code, expected, 0, huge.len()));
    }
}
