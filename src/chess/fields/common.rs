//! What the field rules share: a field read whole, a field judged on the diagnostic run, and
//! which clock a clock field holds.

use crate::primitives::ascii::has_foreign;
use crate::rules::context::{Cx, Step};
use crate::rules::report::{Report, Stop};

/// The whole field read; its value.
pub(super) fn done<'r, T>(field: &'r [u8], value: T) -> Step<'r, T> {
    Ok((field.get(field.len()..).unwrap_or_default(), value))
}

/// Runs a field rule on a field of the diagnostic run's choosing: a field holding a non-ASCII
/// character is reported once by the record's non-ASCII rule and not judged again here; a
/// field whose rule stopped has no value, and the record reads on at the next field.
#[inline(always)]
pub(crate) fn judged<'r, R: Report, T>(
    cx: &mut Cx<'r, R>,
    field: &'r [u8],
    rule: impl FnOnce(&mut Cx<'r, R>, &'r [u8]) -> Step<'r, T>,
) -> Result<Option<T>, Stop> {
    if cx.collects() && has_foreign(field) {
        return Ok(None);
    }
    cx.resume(field, rule, |_| false).map(|(_, value)| value)
}

/// Which clock a field holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Clock {
    Halfmove,
    Fullmove,
}

impl Clock {
    /// The value a missing or `-` clock stands for.
    pub(crate) fn default_value(self) -> u32 {
        match self {
            Clock::Halfmove => 0,
            Clock::Fullmove => 1,
        }
    }
}
