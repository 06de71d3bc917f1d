//! The piece-placement field of any dimension: ranks of cells (PNN pieces and empty counts),
//! separated by absolute separators: `/` between ranks, `//` between 2D layers, `///` between
//! 3D blocks, and so on. Ranks may differ in length; a digit run is one count.
//!
//! [`placement`] is one rule (see `crate::rules`), for the fast path and the diagnostics; its
//! ranks are read by the shared rank rule, its counts by the shared number rule.

use std::num::NonZeroU64;

use super::board::{Cell, Placement};
use super::messages;
use super::pnn;
use crate::primitives::number::LeadingZeros;
use crate::rules::context::{Cx, Step};
use crate::rules::number::number;
use crate::rules::rank::{Cells, rank};
use crate::rules::report::{Report, Stop};

/// The placement rule: ranks of cells (read by the shared [`rank`] rule) separated by runs of
/// `/`, no separator at either end, over the whole `field`.
#[inline]
pub(crate) fn placement<'r, R: Report>(cx: &mut Cx<'r, R>, field: &'r [u8]) -> Step<'r, Placement> {
    let mut ranks = Vec::new();
    let mut separators = Vec::new();
    let mut current = Vec::with_capacity(8);
    let mut usable = true;
    let mut rest = field;
    loop {
        let (after, read) = rank(
            cx,
            rest,
            &mut PlacementCells,
            |b| b == b'/',
            |cell| {
                current.push(cell);
            },
        )?;
        usable &= read;
        let depth = after.iter().take_while(|&&b| b == b'/').count();
        if depth == 0 {
            break;
        }
        let (run, next) = after.split_at(depth);
        if after.len() == field.len() {
            usable = false;
            separator_at_an_end(cx, field, run, true)?;
        } else if next.is_empty() {
            usable = false;
            separator_at_an_end(cx, field, run, false)?;
        } else {
            ranks.push(std::mem::replace(&mut current, Vec::with_capacity(8)));
            separators.push(depth);
        }
        rest = next;
    }
    if !usable || current.is_empty() {
        // Every problem was reported (a field is never empty).
        return Err(Stop);
    }
    ranks.push(current);
    let end = field.get(field.len()..).unwrap_or_default();
    Ok((end, Placement::from_parts(ranks, separators)))
}

/// What a placement's rank holds: PNN pieces and empty counts.
struct PlacementCells;

impl<'r> Cells<'r> for PlacementCells {
    type Cell = Cell;

    #[inline]
    fn empty<R: Report>(&mut self, cx: &mut Cx<'r, R>, input: &'r [u8]) -> Step<'r, Option<Cell>> {
        let (rest, count) = count(cx, input, messages::EMPTY_CELL_COUNT)?;
        Ok((rest, count.map(Cell::Empty)))
    }

    #[inline]
    fn cell<R: Report>(&mut self, cx: &mut Cx<'r, R>, input: &'r [u8]) -> Step<'r, Option<Cell>> {
        if input.first().is_some_and(|&b| pnn::starts_piece(b)) {
            let (rest, piece) = pnn::piece(cx, input)?;
            Ok((rest, piece.map(Cell::Piece)))
        } else {
            let (rest, ()) = pnn::stray(cx, input, messages::PLACEMENT_HELP)?;
            Ok((rest, None))
        }
    }
}

/// Reports the separator `run` at the start (`leading`) or the end of the placement `field`.
#[cold]
fn separator_at_an_end<R: Report>(
    cx: &mut Cx<'_, R>,
    field: &[u8],
    run: &[u8],
    leading: bool,
) -> Result<(), Stop> {
    let span = cx.span_of(run);
    let at = cx.offset(run) - cx.offset(field);
    cx.error(|| messages::separator_at_an_end(field, run, at, leading, span))
}

/// The count rule of the placement and the hands (`what` names it in messages): a digit run
/// at the start of `input`, 1 or more, without leading zero, at most `u64::MAX`. A bad count is
/// reported and read past without a value.
#[inline]
pub(crate) fn count<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    input: &'r [u8],
    what: &'static str,
) -> Step<'r, Option<NonZeroU64>> {
    let record = cx.record();
    let digits = |cx: &mut Cx<'r, R>, input| {
        number(
            cx,
            input,
            u64::MAX,
            LeadingZeros::Rejected,
            |problem, span| messages::count_problem(span.of(record), problem, span, what),
        )
    };
    let (rest, value) = cx.resume(input, digits, |b| !b.is_ascii_digit())?;
    let text = input.get(..input.len() - rest.len()).unwrap_or_default();
    match value {
        // A leading zero was reported, and is the count's one problem.
        Some(_) if text.len() > 1 && text.first() == Some(&b'0') => Ok((rest, None)),
        Some(0) => {
            let span = cx.span_of(text);
            cx.error(|| messages::zero_count(span, what, text))?;
            Ok((rest, None))
        }
        value => Ok((rest, value.and_then(NonZeroU64::new))),
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn grammar(input: &str) -> Option<Placement> {
        let field = input.as_bytes();
        let mut cx = Cx::new(field, crate::mode::Mode::Strict, crate::rules::report::Free);
        placement(&mut cx, field).ok().map(|(_, board)| board)
    }

    #[test]
    fn grammar_reads_any_dimension() {
        assert_eq!(grammar("K").map(|p| p.dimensions()), Some(1));
        assert_eq!(
            grammar("K/P//1/1///k/p//1/1").map(|p| p.dimensions()),
            Some(4)
        );
        assert_eq!(grammar("r11r").map(|p| p.rank_size(0)), Some(Some(13)));
        for bad in ["", "/a", "a/", "0", "08", "r0r", "K+", "a//", "r@n"] {
            assert_eq!(grammar(bad), None, "{bad}");
        }
    }

    #[test]
    fn coordinates_follow_absolute_depths() {
        let board = grammar("K/P//1/1///k/p//1/1");
        let coordinates: Vec<Vec<usize>> = (0..8)
            .map(|i| {
                board
                    .as_ref()
                    .map(|b| b.rank_coordinates(i))
                    .unwrap_or_default()
            })
            .collect();
        assert_eq!(coordinates[0], [0, 0, 0]);
        assert_eq!(coordinates[1], [0, 0, 1]);
        assert_eq!(coordinates[2], [0, 1, 0]);
        assert_eq!(coordinates[4], [1, 0, 0]);
        assert_eq!(coordinates[7], [1, 1, 1]);
    }
}
