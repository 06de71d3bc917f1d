//! The piece-placement field of any dimension: ranks of cells (PNN pieces and empty counts),
//! separated by absolute separators: `/` between ranks, `//` between 2D layers, `///` between
//! 3D blocks, and so on. Ranks may differ in length; a digit run is one count.
//!
//! [`placement`] is one rule (see `crate::rules`), for the fast path and the diagnostics; its
//! ranks are read by the shared rank rule, its counts by the shared number rule.

use std::num::NonZeroU64;

use super::messages;
use super::pnn::{self, Piece};
use crate::primitives::number::LeadingZeros;
use crate::rules::context::{Cx, Step};
use crate::rules::number::number;
use crate::rules::rank::{Cells, rank};
use crate::rules::report::{Report, Stop};

/// One cell run of a rank: a piece, or a number of consecutive empty cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Cell {
    /// A piece on one cell.
    Piece(Piece),
    /// This many empty cells in a row (never two `Empty` next to each other in a rank).
    Empty(NonZeroU64),
}

impl Cell {
    /// How many cells this run covers.
    pub const fn width(self) -> u64 {
        match self {
            Cell::Piece(_) => 1,
            Cell::Empty(count) => count.get(),
        }
    }
}

/// The board of a FEEN position, of any dimension and shape.
///
/// It is kept as written: the ranks in order (each a list of [`Cell`] runs) and, between two
/// ranks, the separator's depth (1 for `/`, 2 for `//`, ...). A board has
/// [`dimensions`](Placement::dimensions) = 1 + the deepest separator; ranks may have different
/// lengths (irregular boards).
///
/// ```
/// use fenkit::feen::Feen;
///
/// let feen: Feen = "rn/pp//RN/PP / FOO/bar".parse()?;
/// let board = &feen.placement;
/// assert_eq!(board.dimensions(), 3);
/// assert_eq!(board.ranks().len(), 4);
/// assert_eq!(board.separators(), &[1, 2, 1]);
/// assert_eq!(board.rank_coordinates(2), vec![1, 0]); // layer 1, rank 0
/// assert_eq!(board.to_string(), "rn/pp//RN/PP");
/// # Ok::<_, fenkit::ParseError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Placement {
    ranks: Vec<Vec<Cell>>,
    separators: Vec<usize>,
}

impl Placement {
    /// A board from its ranks and the separator depths between them.
    ///
    /// `None` unless there is at least one rank, every rank has a cell, there is one separator
    /// (of depth 1 or more) between each two ranks, and the empty counts fit in a `u64`.
    /// Adjacent empty runs are merged, as the writer would.
    pub fn new(ranks: Vec<Vec<Cell>>, separators: Vec<usize>) -> Option<Placement> {
        if ranks.is_empty() || separators.len() + 1 != ranks.len() || separators.contains(&0) {
            return None;
        }
        let mut merged = Vec::with_capacity(ranks.len());
        for rank in ranks {
            if rank.is_empty() {
                return None;
            }
            let mut cells: Vec<Cell> = Vec::with_capacity(rank.len());
            for cell in rank {
                match (cells.last_mut(), cell) {
                    (Some(Cell::Empty(before)), Cell::Empty(more)) => {
                        *before = before.checked_add(more.get())?
                    }
                    _ => cells.push(cell),
                }
            }
            merged.push(cells);
        }
        Some(Placement {
            ranks: merged,
            separators,
        })
    }

    /// A board from parts known to be well formed (non-empty ranks without adjacent empty
    /// runs, one separator between each two ranks).
    pub(crate) fn from_parts(ranks: Vec<Vec<Cell>>, separators: Vec<usize>) -> Placement {
        Placement { ranks, separators }
    }

    /// The ranks, in the order written.
    pub fn ranks(&self) -> &[Vec<Cell>] {
        &self.ranks
    }

    /// The depth of the separator after each rank but the last: 1 for `/`, 2 for `//`...
    pub fn separators(&self) -> &[usize] {
        &self.separators
    }

    /// The number of dimensions: 1 for a single rank, 2 with `/`, 3 with `//`...
    pub fn dimensions(&self) -> usize {
        self.separators
            .iter()
            .copied()
            .max()
            .unwrap_or(0)
            .saturating_add(1)
    }

    /// How many cells the rank `index` has (`None` past the last rank).
    pub fn rank_size(&self, index: usize) -> Option<u64> {
        self.ranks.get(index).map(|rank| {
            rank.iter()
                .fold(0u64, |sum, cell| sum.saturating_add(cell.width()))
        })
    }

    /// Where the rank `index` stands in the outer dimensions, outermost first: one index per
    /// dimension above the first (empty for a 1D board). A separator of depth `d` moves to the
    /// next element of dimension `d + 1` and restarts the dimensions below it.
    pub fn rank_coordinates(&self, index: usize) -> Vec<usize> {
        let depth = self.dimensions().saturating_sub(1);
        let mut coordinates = vec![0usize; depth];
        for &separator in self.separators.iter().take(index) {
            // coordinates[0] is dimension `depth + 1`, the last one dimension 2.
            let position = depth.saturating_sub(separator);
            if let Some(slot) = coordinates.get_mut(position) {
                *slot += 1;
            }
            for lower in coordinates.iter_mut().skip(position + 1) {
                *lower = 0;
            }
        }
        coordinates
    }

    /// Every piece with its rank index and its cell index in the rank.
    pub fn pieces(&self) -> impl Iterator<Item = (usize, u64, Piece)> + '_ {
        self.ranks.iter().enumerate().flat_map(|(rank, cells)| {
            cells
                .iter()
                .scan(0u64, |cell, run| {
                    let at = *cell;
                    *cell = cell.saturating_add(run.width());
                    Some((at, *run))
                })
                .filter_map(move |(at, run)| match run {
                    Cell::Piece(piece) => Some((rank, at, piece)),
                    Cell::Empty(_) => None,
                })
        })
    }
}

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
