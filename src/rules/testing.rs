//! For the unit tests beside each rule: one rule run alone over one field, with the collecting
//! sink, as the record rule runs it on the diagnostic run.

use super::context::{Cx, Step};
use crate::diagnostic::{Parsed, Sink};
use crate::mode::Mode;
use crate::span::Span;

/// A diagnostic as the tests compare it: its code, whether it is an error, its primary span.
pub(crate) type Verdict = (&'static str, bool, Option<Span>);

/// What one run of a rule over `field` found: its value, and each diagnostic's code, whether
/// it is an error, and its primary span (spans are offsets in `field`).
pub(crate) fn verdicts<'r, T>(
    field: &'r [u8],
    mode: Mode,
    rule: impl FnOnce(&mut Cx<'r, Sink>, &'r [u8]) -> Step<'r, T>,
) -> (Option<T>, Vec<Verdict>) {
    let mut cx = Cx::new(field, mode, Sink::new());
    let value = rule(&mut cx, field).ok().map(|(_, value)| value);
    let parsed = Parsed::from_sink(value, cx.into_sink());
    let verdicts = parsed.verdicts();
    (parsed.value, verdicts)
}
