//! The piece-placement field: eight ranks from rank 8 down, separated by `/`, each made of piece
//! letters and digits `1`-`8` that cover exactly eight squares.
//!
//! [`placement`] is one rule (see `crate::rules`): its inner loop reads a valid placement with
//! one table lookup per byte; a placement that loop rejects is read again by the same rule's
//! per-byte path, which reads its ranks with the shared rank rule (`rules::rank`, as FEEN
//! does), decides, reports every problem (the diagnostic run) and reads the lenient dialect.
//! Where each square's character stands (for legality spans) follows from the board when the
//! inner loop read the placement (it takes canonical text only) and is recorded by the
//! per-byte path.

use super::board::{Board, cell};
use super::messages;
use super::types::{Piece, Square};
use crate::mode::Mode;
use crate::primitives::ascii::{char_span, is_foreign};
use crate::primitives::number::digit_count;
use crate::rules::context::{Cx, Step};
use crate::rules::rank::{Cells, rank};
use crate::rules::report::{Report, Stop};
use crate::span::Span;

/// What one byte does to a placement, packed into one word so that reading a byte is one table
/// lookup and a few additions, with no branch to mispredict:
///
/// - bits 0-9: the squares it covers (1 for a piece, `n` for a digit, 0 for `/`);
/// - bits 16-23: 1 for `/`, so the running sum counts the rank ends;
/// - bits 24-31: 1 for a byte that has no place in a placement, counted to reject the field;
/// - bits 32-34: 7 for `/`, to test that a rank ends at a multiple of 8 squares;
/// - bits 40 and 41: digit and `/`, to find two of a kind in a row (`44`, `//`);
/// - bits 48-55: the [`cell`] it puts on the board (0 for digits and `/`).
///
/// Over at most 72 bytes, no counted field of the sum (bits 0-31) can carry into the next.
#[allow(clippy::indexing_slicing)] // evaluated at compile time: an out-of-range index fails the build
static ENTRIES: [u64; 256] = {
    let mut table = [FOREIGN_COUNT; 256];
    let mut byte = 0usize;
    while byte < 256 {
        let b = byte as u8;
        table[byte] = match Piece::from_letter(b) {
            Some(piece) => 1 | (cell(piece) as u64) << CELL_SHIFT,
            None if b >= b'1' && b <= b'8' => (b - b'0') as u64 | DIGIT,
            None if b == b'/' => RANK_END_COUNT | RANK_END_ALIGNMENT | RANK_END,
            None => FOREIGN_COUNT,
        };
        byte += 1;
    }
    table
};
/// The [`cell`] each byte puts on the board (0 for digits, `/` and bytes a placement cannot
/// hold), in a table of its own: storing it takes a load instead of a shift of the entry.
#[allow(clippy::indexing_slicing)] // evaluated at compile time: an out-of-range index fails the build
static CELLS: [u8; 256] = {
    let mut table = [0; 256];
    let mut byte = 0usize;
    while byte < 256 {
        table[byte] = (ENTRIES[byte] >> CELL_SHIFT) as u8;
        byte += 1;
    }
    table
};
const SQUARES: u64 = 0x3FF;
const RANK_END_COUNT: u64 = 1 << 16;
const RANK_END_COUNTS: u64 = 0xFF * RANK_END_COUNT;
const FOREIGN_COUNT: u64 = 1 << 24;
const FOREIGN_COUNTS: u64 = 0xFF * FOREIGN_COUNT;
const RANK_END_ALIGNMENT: u64 = 7 << 32;
const DIGIT: u64 = 1 << 40;
const RANK_END: u64 = 1 << 41;
const CELL_SHIFT: u32 = 48;
/// The running sum of a whole placement: 64 squares, 7 rank ends and no foreign byte.
const COMPLETE: u64 = 64 | (7 * RANK_END_COUNT);
/// A placement is at most 64 pieces and 7 slashes.
const LONGEST: usize = 71;

/// The placement rule: eight ranks of exactly eight squares (single digits, known letters),
/// rank 8 first, over the whole `field`, read into `board` (the record rule's own: a board
/// returned by value would be copied at once, reading back bytes just written one by one);
/// `squares` learns where each square's character is. When the rule stops, what `board` holds
/// is unspecified.
///
/// Every byte of the inner loop takes the same path (see [`ENTRIES`]): its cell is stored at
/// the current square and its entry added to a running sum, and the rules are checked by masks
/// folded into one word. On varied real positions this is several times faster than branching
/// on the kind of byte, which mispredicts about once a rank.
///
/// Why the checks suffice: the squares covered only grow, and every byte but `/` covers at
/// least one. With no `/` first, last or twice in a row, the 7 rank ends fall on 7 different
/// square counts between 1 and 63; each being a multiple of 8, they are exactly 8, 16 ... 56,
/// and 64 squares in all make rank 1 eight squares too.
#[inline]
pub(crate) fn placement<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    field: &'r [u8],
    squares: &mut SquareOffsets,
    board: &mut Board,
) -> Step<'r, ()> {
    let rest = field.get(field.len()..).unwrap_or_default();
    squares.start = u32::try_from(cx.offset(field)).unwrap_or(u32::MAX);
    if field.len() <= LONGEST && table(field, board.cells_mut()) {
        // The loop takes canonical text only: where each square's character stands follows
        // from the board (see [`SquareOffsets::span`]).
        squares.canonical = true;
        return Ok((rest, ()));
    }
    squares.canonical = false;
    *board = by_byte(cx, field, squares)?;
    Ok((rest, ()))
}

/// The placement rule's inner loop (see [`placement`]): whether `field` is a valid placement of
/// at most [`LONGEST`] bytes, its pieces put into `cells` (whatever they held).
#[inline(always)]
fn table(field: &[u8], cells: &mut [u8; 64]) -> bool {
    *cells = [0; 64];
    // The running sum of the entries: square reached (in reading order), rank ends seen.
    let mut sum = 0u64;
    let mut broken = 0u64;
    // Start as if after a `/`, so that a leading `/` counts as two in a row.
    let mut previous = RANK_END;
    for &byte in field {
        let entry = ENTRIES
            .get(usize::from(byte))
            .copied()
            .unwrap_or(FOREIGN_COUNT);
        // A square past the board only happens in a placement rejected below.
        let square = (sum & 63) as usize;
        if let Some(cell) = cells.get_mut(square) {
            *cell = CELLS.get(usize::from(byte)).copied().unwrap_or(0);
        }
        broken |= (entry & previous) | ((sum << 32) & entry);
        sum += entry;
        previous = entry;
    }
    let complete = sum & (SQUARES | RANK_END_COUNTS | FOREIGN_COUNTS) == COMPLETE;
    let clean = broken & (RANK_END_ALIGNMENT | DIGIT | RANK_END) == 0;
    complete && clean && previous & RANK_END == 0
}

/// Where each square's character stands in the record (for the spans of legality diagnostics),
/// filled by the placement rule as it reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SquareOffsets {
    /// The offset of the placement field.
    start: u32,
    /// Whether the inner loop read the placement: it takes canonical text only (one digit
    /// per run of empty squares, a `/` after each rank), so each square's character follows
    /// from the board and nothing is recorded while reading.
    canonical: bool,
    /// For a placement the per-byte path read: for each square in reading order (a8 first),
    /// the offset in the field of its character (for an empty square, its count's digits).
    at: [u8; 64],
    /// The crazyhouse hook: whether `~` right after a piece letter marks that piece as promoted
    /// (off for chess FEN, where `~` is not a piece). Only the per-byte path reads marks, so
    /// chess placements take the inner loop exactly as before.
    pub(crate) promotion_marks: bool,
    /// The squares of the pieces marked `~` (bit 0 = a1), with `promotion_marks`.
    pub(crate) promoted: u64,
}

impl SquareOffsets {
    pub(crate) fn new() -> Self {
        SquareOffsets {
            start: 0,
            canonical: false,
            at: [0; 64],
            promotion_marks: false,
            promoted: 0,
        }
    }

    /// The same offsets, the placement starting at `start` of the record.
    pub(crate) fn starting_at(&self, start: usize) -> SquareOffsets {
        SquareOffsets {
            start: u32::try_from(start).unwrap_or(u32::MAX),
            ..self.clone()
        }
    }

    /// The span of the character that put a piece (or an empty count) on `square` of
    /// `board`, the board this placement was read as.
    pub(crate) fn span(&self, square: Square, board: &Board) -> Span {
        let reading = usize::from(7 - square.rank()) * 8 + usize::from(square.file());
        let offset = if self.canonical {
            canonical_offset(board.cells(), reading)
        } else {
            self.at.get(reading).map_or(0, |&at| usize::from(at))
        };
        Span::new(self.start as usize + offset, 1)
    }

    fn record(&mut self, square: Square, offset: usize) {
        let reading = usize::from(7 - square.rank()) * 8 + usize::from(square.file());
        let relative = offset.saturating_sub(self.start as usize);
        if let Some(slot) = self.at.get_mut(reading) {
            // A placement the per-byte path reads as a board is at most 8 ranks of 8 digits
            // or marked pieces: well under 256 bytes.
            *slot = u8::try_from(relative).unwrap_or(u8::MAX);
        }
    }
}

/// Where the character of the square at `reading` (a8 = 0, reading order) stands in the
/// canonical text of `cells`: each piece one letter, each run of empty squares one digit
/// (the squares after its first point at it), a `/` after each rank.
fn canonical_offset(cells: &[u8; 64], reading: usize) -> usize {
    let mut written = 0;
    let mut at = 0;
    for (index, &cell) in cells.iter().enumerate().take(reading + 1) {
        let rank_start = index % 8 == 0;
        if rank_start && index > 0 {
            written += 1;
        }
        let continues_a_run = cell == 0 && !rank_start && cells.get(index - 1) == Some(&0);
        if !continues_a_run {
            at = written;
            written += 1;
        }
    }
    at
}

/// The placement rule's per-byte path, rank by rank: decides a placement the inner loop
/// rejected, reporting every problem, and reads the lenient dialect (merged digits).
#[cold]
fn by_byte<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    field: &'r [u8],
    squares: &mut SquareOffsets,
) -> Result<Board, Stop> {
    let field_span = cx.span_of(field);
    let mut board = Board::empty();
    let mut usable = true;
    let mut rank_start = 0usize;
    let mut rank_count = 0usize;
    for (index, rank_text) in field.split(|&b| b == b'/').enumerate() {
        let start = field_span.offset + rank_start;
        rank_start += rank_text.len() + 1;
        rank_count += 1;
        if index == 8 {
            let extra = Span::from_range(start - 1, field_span.end());
            cx.error(|| messages::too_many_ranks(field, extra))?;
            usable = false;
            break;
        }
        let rank_index = 7u8.saturating_sub(index as u8);
        usable &= read_rank(cx, rank_text, rank_index, &mut board, squares)?;
    }
    if rank_count < 8 {
        cx.error(|| messages::too_few_ranks(rank_count, field_span))?;
        usable = false;
    }
    // Every problem that makes the board unusable was reported above.
    if usable { Ok(board) } else { Err(Stop) }
}

/// Reads one rank with the shared rank rule ([`rank`]); returns whether it is usable.
fn read_rank<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    text: &'r [u8],
    rank_index: u8,
    board: &mut Board,
    squares: &mut SquareOffsets,
) -> Result<bool, Stop> {
    let mut cells = RankCells {
        rank_index,
        file: 0,
        countable: true,
        after_piece: false,
        board,
        squares,
    };
    let (_, mut usable) = rank(cx, text, &mut cells, |_| false, |()| ())?;
    let file = cells.file;
    if cells.countable && file != 8 {
        let (span, rank_name) = (cx.span_of(text), rank_index + 1);
        cx.error(|| messages::rank_too_long_or_short(text, rank_name, file, span))?;
        usable = false;
    }
    Ok(usable)
}

/// FEN's cells for the shared rank rule: a piece letter covers one square, a digit 1-8 that
/// many; each puts its pieces on the board and its offset into `squares` as it is read.
struct RankCells<'b> {
    rank_index: u8,
    /// The next file to fill (past 7 in a rank too long).
    file: usize,
    /// Whether the squares covered are known, so that the rank's length can be judged.
    countable: bool,
    /// Whether the last cell read was a piece on the board (for crazyhouse's `~`).
    after_piece: bool,
    board: &'b mut Board,
    squares: &'b mut SquareOffsets,
}

impl RankCells<'_> {
    /// Covers `count` squares from the current file, each put down by the character at `offset`.
    fn cover(&mut self, count: usize, offset: usize) {
        for _ in 0..count {
            if let Some(square) = square_at(self.file, self.rank_index) {
                self.squares.record(square, offset);
            }
            self.file += 1;
        }
    }
}

impl<'r> Cells<'r> for RankCells<'_> {
    type Cell = ();

    /// A run of digits: one digit 1-8 in strict FEN; adjacent digits are the lenient dialect.
    fn empty<R: Report>(&mut self, cx: &mut Cx<'r, R>, input: &'r [u8]) -> Step<'r, Option<()>> {
        self.after_piece = false;
        let run = digit_count(input);
        let (digits, rest) = input.split_at(run);
        let offset = cx.offset(digits);
        let mut usable = true;
        for (index, &digit) in digits.iter().enumerate() {
            if digit == b'0' || digit == b'9' {
                cx.error(|| messages::invalid_digit(digit, Span::new(offset + index, 1)))?;
                usable = false;
                self.countable = false;
            }
        }
        let count: usize = digits.iter().map(|&d| usize::from(d - b'0')).sum();
        if digits.len() > 1 {
            let (span, rank_name) = (cx.span_of(digits), self.rank_index + 1);
            cx.dialect(|severity| {
                messages::adjacent_digits(digits, rank_name, count, span, severity)
            })?;
            usable &= cx.mode() == Mode::Lenient;
        }
        self.cover(count, offset);
        Ok((rest, usable.then_some(())))
    }

    /// A piece letter, crazyhouse's `~` after one, or a run of characters that are not pieces.
    fn cell<R: Report>(&mut self, cx: &mut Cx<'r, R>, input: &'r [u8]) -> Step<'r, Option<()>> {
        let offset = cx.offset(input);
        let byte = input.first().copied().unwrap_or(0);
        let after_piece = std::mem::take(&mut self.after_piece);
        if byte == b'~' && self.squares.promotion_marks && after_piece {
            // The crazyhouse hook: `~` right after a piece marks it promoted; anywhere else it
            // is read below as a character that is not a piece.
            if let Some(square) = self
                .file
                .checked_sub(1)
                .and_then(|file| square_at(file, self.rank_index))
            {
                self.squares.promoted |= 1 << square.index();
                return Ok((input.get(1..).unwrap_or_default(), Some(())));
            }
        }
        if let Some(piece) = Piece::from_letter(byte) {
            if let Some(square) = square_at(self.file, self.rank_index) {
                self.board.set(square, Some(piece));
                self.after_piece = true;
            }
            self.cover(1, offset);
            return Ok((input.get(1..).unwrap_or_default(), Some(())));
        }
        if is_foreign(byte) {
            // Reported once by the record's non-ASCII rule, over the whole character; the rank
            // is not measured as well (one character, one diagnostic).
            if !cx.collects() {
                return Err(Stop);
            }
            let width = char_span(cx.record(), offset).len;
            self.countable = false;
            return Ok((input.get(width..).unwrap_or_default(), None));
        }
        // A run of characters that are not pieces is one problem; each still covers a square.
        let width = input
            .iter()
            .take_while(|&&b| {
                !is_foreign(b) && !b.is_ascii_digit() && Piece::from_letter(b).is_none()
            })
            .count()
            .max(1);
        let (run, rest) = input.split_at(width.min(input.len()));
        let span = cx.span_of(run);
        cx.error(|| messages::invalid_piece(run, span))?;
        self.file += width;
        Ok((rest, None))
    }
}

fn square_at(file: usize, rank_index: u8) -> Option<Square> {
    Square::new(u8::try_from(file).ok()?, rank_index)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::report::Free;

    /// The placement rule's board, or `Err` where it stops.
    fn read<'r, R: Report>(
        cx: &mut Cx<'r, R>,
        field: &'r [u8],
        squares: &mut SquareOffsets,
    ) -> Result<Board, Stop> {
        let mut board = Board::empty();
        placement(cx, field, squares, &mut board).map(|_| board)
    }

    fn grammar(input: &[u8]) -> Option<Board> {
        let mut cx = Cx::new(input, Mode::Strict, Free);
        read(&mut cx, input, &mut SquareOffsets::new()).ok()
    }

    #[test]
    fn grammar_accepts_exactly_eight_full_ranks() {
        assert!(grammar(b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR").is_some());
        assert!(grammar(b"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR").is_none());
        assert!(grammar(b"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR").is_none());
        assert!(grammar(b"rnbqkbnr/p1p1p1p1p/8/8/8/8/PPPPPPPP/RNBQKBNR").is_none());
        assert!(grammar(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/").is_none());
        assert!(grammar(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP").is_none());
        assert!(grammar(b"8/8/8/8/8/8/8/8").is_some());
        // A rank one too long followed by one one too short still covers 64 squares.
        assert!(grammar(b"ppppppppp/7/8/8/8/8/8/8").is_none());
        assert!(grammar(b"/8/8/8/8/8/8/8").is_none());
        assert!(grammar(b"8/8/8//8/8/8/8").is_none());
        assert!(grammar(b"pppppppppppppppp/8/8/8/8/8/8").is_none());
        assert!(grammar(&[b'p'; 64]).is_none());
        let full = b"pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp";
        assert!(grammar(full).is_some());
        assert!(grammar(&[&full[..], b"p"].concat()).is_none());
    }

    #[test]
    fn board_squares_are_where_the_letters_are() {
        let board = grammar(b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
        let e4 = Square::new(4, 3);
        let piece = board.zip(e4).and_then(|(board, e4)| board.get(e4));
        assert_eq!(piece.map(Piece::letter), Some(b'P'));
    }

    /// Both paths know where each square's character is: a digit for every square it covers.
    #[test]
    fn square_offsets_are_the_same_on_both_paths() {
        let record = b"x rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
        let field = record.get(2..).unwrap_or_default();
        let lenient = b"x rnbqkbnr/pppppppp/44/8/4P3/8/PPPP1PPP/RNBQKBNR";
        let lenient_field = lenient.get(2..).unwrap_or_default();
        let mut fast = SquareOffsets::new();
        let mut cx = Cx::new(&record[..], Mode::Strict, Free);
        let fast_board = read(&mut cx, field, &mut fast);
        let mut slow = SquareOffsets::new();
        let mut cx = Cx::new(&lenient[..], Mode::Lenient, crate::diagnostic::Sink::new());
        let slow_board = read(&mut cx, lenient_field, &mut slow);
        assert!(fast.canonical && !slow.canonical);
        let at = |offsets: &SquareOffsets, board: &Result<Board, Stop>, file, rank| {
            let board = board.as_ref().ok()?;
            Square::new(file, rank).map(|square| offsets.span(square, board).offset)
        };
        // e4 is the `P` at 23; a8 the `r`; h6 the `8` at 18 (leniently, the run `44` there).
        assert_eq!(at(&fast, &fast_board, 4, 3), Some(2 + 23));
        assert_eq!(at(&fast, &fast_board, 0, 7), Some(2));
        assert_eq!(at(&fast, &fast_board, 7, 5), Some(2 + 18));
        assert_eq!(at(&slow, &slow_board, 7, 5), Some(2 + 18));
        assert_eq!(at(&slow, &slow_board, 0, 5), Some(2 + 18));
    }

    /// On real positions, the offsets worked out from the board (inner loop) are those the
    /// per-byte path records as it reads, square by square.
    #[test]
    fn canonical_offsets_are_the_recorded_ones() {
        let positions = include_str!("../../tests/data/chess/generated/random-games-100k.fen");
        for line in positions.lines().step_by(97).take(1000) {
            let field = line.split(' ').next().unwrap_or_default().as_bytes();
            let mut canonical = SquareOffsets::new();
            let mut cx = Cx::new(field, Mode::Strict, Free);
            let read = read(&mut cx, field, &mut canonical);
            let mut recorded = SquareOffsets::new();
            let mut cx = Cx::new(field, Mode::Strict, Free);
            let again = by_byte(&mut cx, field, &mut recorded);
            let (Ok(board), Ok(same)) = (read, again) else {
                panic!("{line} did not read");
            };
            assert!(canonical.canonical, "{line}");
            assert_eq!(board, same, "{line}");
            for square in (0..64).filter_map(Square::from_index) {
                assert_eq!(
                    canonical.span(square, &board),
                    recorded.span(square, &board),
                    "{line}: {square}"
                );
            }
        }
    }
}
