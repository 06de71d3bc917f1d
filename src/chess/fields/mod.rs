//! The five small FEN fields after the placement: side to move, castling, en passant and the
//! two clocks, one file each. Each is one rule (see `crate::rules`) over the whole field: the
//! fast path and the diagnostics run the same code.

mod castling;
mod clock;
mod en_passant;
mod side;

pub(crate) use castling::{castling, castling_beside_kings};
pub(crate) use clock::{Clock, clock};
pub(crate) use en_passant::en_passant;
pub(crate) use side::side_to_move;

use crate::primitives::ascii::has_foreign;
use crate::rules::context::{Cx, Step};
use crate::rules::report::{Report, Stop};

/// The whole field read; its value.
fn done<'r, T>(field: &'r [u8], value: T) -> Step<'r, T> {
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
