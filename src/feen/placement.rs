//! The piece-placement field of any dimension: ranks of cells (PNN pieces and empty counts),
//! separated by absolute separators: `/` between ranks, `//` between 2D layers, `///` between
//! 3D blocks, and so on. Ranks may differ in length; a digit run is one count.
//!
//! [`placement`] is the grammar (generic over the nom error type); [`scan`] re-reads a field
//! that failed it and reports every problem.

use std::num::NonZeroU64;

use nom::IResult;
use nom::branch::alt;
use nom::bytes::complete::take_while1;
use nom::combinator::{map, map_opt};
use nom::error::ParseError;
use nom::multi::{fold_many0, fold_many1};
use nom::sequence::pair;

use super::codes;
use super::pnn::{self, Piece};
use crate::diagnostic::{Diagnostic, Severity, Sink, Span};
use crate::primitives::ascii::quote;
use crate::primitives::number::{
    LeadingZeros, NumberProblem, bounded, check_number, digit_run, without_leading_zeros,
};

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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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

/// An empty count: a digit run without leading zero, 1 or more.
#[inline]
fn empty_count<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], NonZeroU64, E> {
    map_opt(bounded(u64::MAX, LeadingZeros::Rejected), NonZeroU64::new)(input)
}

/// One cell run: an empty count or a piece.
#[inline]
fn cell<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], Cell, E> {
    alt((map(empty_count, Cell::Empty), map(pnn::piece, Cell::Piece)))(input)
}

/// One rank: one or more cells. Digit runs are greedy, so two counts never touch.
fn rank<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], Vec<Cell>, E> {
    fold_many1(
        cell,
        || Vec::with_capacity(8),
        |mut cells, cell| {
            cells.push(cell);
            cells
        },
    )(input)
}

/// A separator: a run of `/`, its length being its depth.
fn separator<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], usize, E> {
    map(take_while1(|b: u8| b == b'/'), <[u8]>::len)(input)
}

/// The placement grammar: ranks separated by separators, no separator at either end.
pub(crate) fn placement<'a, E: ParseError<&'a [u8]>>(
    input: &'a [u8],
) -> IResult<&'a [u8], Placement, E> {
    let (input, first) = rank(input)?;
    let mut first = Some(first);
    let (input, (ranks, separators)) = fold_many0(
        pair(separator, rank),
        move || (vec![first.take().unwrap_or_default()], Vec::new()),
        |(mut ranks, mut separators): (Vec<Vec<Cell>>, Vec<usize>), (depth, cells)| {
            ranks.push(cells);
            separators.push(depth);
            (ranks, separators)
        },
    )(input)?;
    Ok((input, Placement { ranks, separators }))
}

const PLACEMENT_HELP: &str = "a placement holds PNN pieces (a letter with an optional `+`/`-` before and `'` after), empty-cell counts 1, 2, ... and `/` separators";

/// Re-reads a placement field, reporting every problem; the board when there is none.
pub(crate) fn scan(record: &[u8], field: Span, sink: &mut Sink) -> Option<Placement> {
    let text = field.of(record);
    let mut ranks = Vec::new();
    let mut separators = Vec::new();
    let mut current = Vec::new();
    let mut usable = true;
    let mut position = 0;
    while let Some(&b) = text.get(position) {
        let offset = field.offset + position;
        let rest = text.get(position..).unwrap_or_default();
        if b == b'/' {
            let len = rest.iter().take_while(|&&c| c == b'/').count();
            let span = Span::new(offset, len);
            // The field without this separator, built only for a diagnostic that shows it.
            let without = || {
                [
                    text.get(..position).unwrap_or_default(),
                    text.get(position + len..).unwrap_or_default(),
                ]
                .concat()
            };
            if position == 0 {
                usable = false;
                if sink.admit(Severity::Error) {
                    sink.push(
                        Diagnostic::error(
                            codes::LEADING_SEPARATOR,
                            format!(
                                "the placement starts with separator {}",
                                quote(span.of(record))
                            ),
                        )
                        .label(span, "nothing before it")
                        .help(format!(
                            "separators go between ranks, never before the first: write {}",
                            quote(&without())
                        )),
                    );
                }
            } else if position + len == text.len() {
                usable = false;
                if sink.admit(Severity::Error) {
                    sink.push(
                        Diagnostic::error(
                            codes::TRAILING_SEPARATOR,
                            format!(
                                "the placement ends with separator {}",
                                quote(span.of(record))
                            ),
                        )
                        .label(span, "nothing after it")
                        .help(format!(
                            "separators go between ranks, never after the last: write {}",
                            quote(&without())
                        )),
                    );
                }
            } else {
                ranks.push(std::mem::take(&mut current));
                separators.push(len);
            }
            position += len;
            continue;
        }
        if let Ok((_, digits)) = digit_run::<nom::error::Error<&[u8]>>(rest) {
            let span = Span::new(offset, digits.len());
            match read_count(record, span, "empty-cell count", sink) {
                Some(count) => current.push(Cell::Empty(count)),
                None => usable = false,
            }
            position += digits.len();
            continue;
        }
        if pnn::starts_piece(b) {
            let (piece, len) = pnn::scan_piece(record, offset, sink);
            match piece {
                Some(piece) => current.push(Cell::Piece(piece)),
                None => usable = false,
            }
            position += len;
            continue;
        }
        usable = false;
        position += pnn::report_stray(record, offset, PLACEMENT_HELP, sink);
    }
    ranks.push(current);
    if !usable {
        return None;
    }
    Placement::new(ranks, separators)
}

/// Reads a count (`what` names it) at `span`: 1 or more, no leading zero, at most `u64::MAX`.
/// Reports what is wrong; the count when it is usable.
pub(crate) fn read_count(
    record: &[u8],
    span: Span,
    what: &str,
    sink: &mut Sink,
) -> Option<NonZeroU64> {
    let digits = span.of(record);
    match check_number(digits, u64::MAX, LeadingZeros::Rejected) {
        Ok(value) => {
            let count = NonZeroU64::new(value);
            if count.is_none() {
                sink.push(zero_count(span, what, digits));
            }
            count
        }
        Err(NumberProblem::LeadingZero) if digits.iter().all(|&d| d == b'0') => {
            sink.push(zero_count(span, what, digits));
            None
        }
        Err(NumberProblem::LeadingZero) => {
            let trimmed = without_leading_zeros(digits);
            if sink.admit(Severity::Error) {
                sink.push(
                    Diagnostic::error(
                        codes::LEADING_ZERO,
                        format!("{what} {} has a leading zero", quote(digits)),
                    )
                    .label(span, "leading zero")
                    .help(format!("write {}", quote(trimmed))),
                );
            }
            None
        }
        Err(NumberProblem::TooLarge | NumberProblem::NotDigits) => {
            if sink.admit(Severity::Error) {
                sink.push(
                    Diagnostic::error(
                        codes::COUNT_TOO_LARGE,
                        format!(
                            "{what} {} is larger than 18446744073709551615",
                            quote(digits)
                        ),
                    )
                    .label(span, "too large")
                    .help("fenkit reads counts up to 18446744073709551615: use a smaller count"),
                );
            }
            None
        }
    }
}

fn zero_count(span: Span, what: &str, digits: &[u8]) -> Diagnostic {
    let help = if what.starts_with("hand") {
        "a hand count is 2 or more: remove the zeros and the piece"
    } else {
        "an empty-cell count is 1 or more: remove the zeros"
    };
    Diagnostic::error(
        codes::ZERO_COUNT,
        format!("{what} {} is zero", quote(digits)),
    )
    .label(span, "zero")
    .help(help)
}

#[cfg(test)]
#[allow(clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn grammar(input: &str) -> Option<Placement> {
        nom::combinator::all_consuming(placement::<nom::error::Error<&[u8]>>)(input.as_bytes())
            .ok()
            .map(|(_, board)| board)
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
