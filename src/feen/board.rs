//! FEEN's board: the placement of any dimension, as ranks of cells. The rule that reads it
//! is `placement.rs`.

use std::num::NonZeroU64;

use super::types::Piece;

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
    pub(super) ranks: Vec<Vec<Cell>>,
    pub(super) separators: Vec<usize>,
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
