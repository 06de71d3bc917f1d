//! The old placement grammar and re-reader (oracle).

use nom::IResult;
use nom::error::{ErrorKind, ParseError};

use crate::chess::board::{Board, cell};
use crate::chess::codes;
use crate::chess::types::{Piece, Square};
use crate::diagnostic::{Diagnostic, Sink, Span, plural};
use crate::options::Mode;
use crate::primitives::ascii::{char_span, is_foreign, quote};
use crate::primitives::number::digit_run;
use crate::primitives::syntax::reject;

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

/// The placement grammar: eight ranks of exactly eight squares (single digits, known letters),
/// rank 8 first, up to the first space (or the end of the input).
///
/// Every byte takes the same path (see [`ENTRIES`]): its cell is stored at the current square
/// and its entry added to a running sum, and the rules are checked by masks folded into one
/// word. On varied real positions this is several times faster than branching on the kind of
/// byte, which mispredicts about once a rank.
///
/// Why the checks suffice: the squares covered only grow, and every byte but `/` covers at
/// least one. With no `/` first, last or twice in a row, the 7 rank ends fall on 7 different
/// square counts between 1 and 63; each being a multiple of 8, they are exactly 8, 16 ... 56,
/// and 64 squares in all make rank 1 eight squares too.
pub(crate) fn placement<'a, E: ParseError<&'a [u8]>>(
    input: &'a [u8],
) -> IResult<&'a [u8], Board, E> {
    // No placement is longer: a window one byte longer finds a field that is too long.
    let window = input.get(..=LONGEST).unwrap_or(input);
    let length = memchr::memchr(b' ', window).unwrap_or(window.len());
    let (field, rest) = input.split_at(length);
    let mut cells = [0u8; 64];
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
        if let Some(square) = cells.get_mut((sum & 63) as usize) {
            *square = (entry >> CELL_SHIFT) as u8;
        }
        broken |= (entry & previous) | ((sum << 32) & entry);
        sum += entry;
        previous = entry;
    }
    let complete = sum & (SQUARES | RANK_END_COUNTS | FOREIGN_COUNTS) == COMPLETE;
    let clean = broken & (RANK_END_ALIGNMENT | DIGIT | RANK_END) == 0;
    if complete && clean && previous & RANK_END == 0 {
        Ok((rest, Board::from_cells(cells)))
    } else {
        reject(rest, ErrorKind::MapOpt)
    }
}

/// Where each square's character stands in the record (for the spans of legality diagnostics).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SquareOffsets {
    offsets: [u32; 64],
}

#[allow(dead_code)] // the oracle never records offsets
impl SquareOffsets {
    pub(crate) fn new() -> Self {
        SquareOffsets { offsets: [0; 64] }
    }

    /// The span of the character that put a piece (or an empty count) on `square`.
    pub(crate) fn span(&self, square: Square) -> Span {
        let offset = self.offsets.get(square.index()).copied().unwrap_or(0);
        Span::new(offset as usize, 1)
    }

    fn record(&mut self, square: Square, offset: usize) {
        if let Some(slot) = self.offsets.get_mut(square.index()) {
            *slot = u32::try_from(offset).unwrap_or(u32::MAX);
        }
    }
}

/// Re-reads a placement field rank by rank. Reports every problem into `sink` (when given) and
/// records square offsets into `offsets` (when given); returns the board if it is usable in
/// `mode` (strict: no problem at all; lenient: only merged adjacent digits).
pub(crate) fn scan(
    record: &[u8],
    field: Span,
    mode: Mode,
    mut sink: Option<&mut Sink>,
    mut offsets: Option<&mut SquareOffsets>,
) -> Option<Board> {
    let text = field.of(record);
    let mut report = |diagnostic: Diagnostic| {
        if let Some(sink) = sink.as_deref_mut() {
            sink.push(diagnostic);
        }
    };
    let mut board = Board::empty();
    let mut usable = true;
    let mut rank_start = 0usize;
    let mut rank_count = 0usize;
    for (index, rank_text) in text.split(|&b| b == b'/').enumerate() {
        let start = field.offset + rank_start;
        rank_start += rank_text.len() + 1;
        rank_count += 1;
        if index == 8 {
            let extra = Span::from_range(start - 1, field.end());
            report(
                Diagnostic::error(
                    codes::TOO_MANY_RANKS,
                    format!("the placement has {} ranks, not 8", text.split(|&b| b == b'/').count()),
                )
                .label(extra, "past rank 1")
                .help("a FEN board has exactly 8 ranks, from rank 8 down to rank 1: remove the extra ranks"),
            );
            usable = false;
            break;
        }
        let rank_index = 7u8.saturating_sub(index as u8);
        let rank_usable = scan_rank(
            record,
            start,
            rank_text,
            rank_index,
            mode,
            &mut report,
            &mut board,
            offsets.as_deref_mut(),
        );
        usable &= rank_usable;
    }
    if rank_count < 8 {
        report(
            Diagnostic::error(
                codes::TOO_FEW_RANKS,
                format!("the placement has {}, not 8", plural(rank_count, "rank")),
            )
            .label(field, plural(rank_count, "rank"))
            .help("a FEN board has exactly 8 ranks separated by `/`, from rank 8 down to rank 1"),
        );
        usable = false;
    }
    usable.then_some(board)
}

/// Reads one rank; returns whether it is usable.
#[allow(clippy::too_many_arguments)]
fn scan_rank(
    record: &[u8],
    start: usize,
    text: &[u8],
    rank_index: u8,
    mode: Mode,
    report: &mut impl FnMut(Diagnostic),
    board: &mut Board,
    mut offsets: Option<&mut SquareOffsets>,
) -> bool {
    let rank_name = rank_index + 1;
    let mut usable = true;
    let mut countable = true;
    let mut file = 0usize;
    let mut position = 0usize;
    while let Some(rest) = text.get(position..).filter(|rest| !rest.is_empty()) {
        let offset = start + position;
        if let Ok((_, digits)) = digit_run::<nom::error::Error<&[u8]>>(rest) {
            for (index, &digit) in digits.iter().enumerate() {
                if digit == b'0' || digit == b'9' {
                    report(
                        Diagnostic::error(
                            codes::INVALID_DIGIT,
                            format!("`{}` is not a count of empty squares", char::from(digit)),
                        )
                        .label(Span::new(offset + index, 1), "not 1-8")
                        .help("an empty-square count is a single digit from 1 to 8"),
                    );
                    usable = false;
                    countable = false;
                }
            }
            let count: usize = digits.iter().map(|&d| usize::from(d - b'0')).sum();
            if digits.len() > 1 {
                let span = Span::new(offset, digits.len());
                let merged = if count <= 8 && count > 0 {
                    count.to_string()
                } else {
                    String::from("one digit")
                };
                let diagnostic = Diagnostic::new(
                    codes::ADJACENT_DIGITS,
                    mode.dialect_severity(),
                    format!("adjacent digits {} in rank {rank_name}", quote(digits)),
                )
                .label(span, format!("{count} empty squares"))
                .help(format!("write the empty squares as one digit: `{merged}`"));
                report(diagnostic);
                usable &= mode == Mode::Lenient;
            }
            for _ in 0..count {
                if let (Some(square), Some(offsets)) =
                    (square_at(file, rank_index), offsets.as_deref_mut())
                {
                    offsets.record(square, offset);
                }
                file += 1;
            }
            position += digits.len();
            continue;
        }
        let byte = rest.first().copied().unwrap_or(0);
        let width;
        if let Some(piece) = Piece::from_letter(byte) {
            width = 1;
            if let Some(square) = square_at(file, rank_index) {
                board.set(square, Some(piece));
                if let Some(offsets) = offsets.as_deref_mut() {
                    offsets.record(square, offset);
                }
            }
        } else if is_foreign(byte) {
            width = char_span(record, offset).len;
            usable = false;
            // A rank with a character the non-ASCII rule reports is not measured as well.
            countable = false;
        } else {
            // A run of characters that are not pieces is one problem; each still covers a square.
            width = rest
                .iter()
                .take_while(|&&b| {
                    !is_foreign(b) && !b.is_ascii_digit() && Piece::from_letter(b).is_none()
                })
                .count()
                .max(1);
            let run = Span::new(offset, width);
            let message = if width == 1 {
                format!("{} is not a piece letter", quote(run.of(record)))
            } else {
                format!("{} are not piece letters", quote(run.of(record)))
            };
            report(
                Diagnostic::error(codes::INVALID_PIECE, message)
                    .label(run, if width == 1 { "not a piece" } else { "not pieces" })
                    .help("a rank holds piece letters (PNBRQK for White, pnbrqk for Black) and digits 1-8 for empty squares"),
            );
            usable = false;
            file += width - 1;
        }
        file += 1;
        position += width;
    }
    if countable && file != 8 {
        let span = Span::new(start, text.len());
        let (code, help) = if file > 8 {
            (
                codes::RANK_TOO_LONG,
                "a rank covers exactly 8 squares: remove pieces or lower a digit",
            )
        } else {
            (
                codes::RANK_TOO_SHORT,
                "a rank covers exactly 8 squares: add pieces or raise a digit",
            )
        };
        let message = if text.is_empty() {
            format!("rank {rank_name} is empty")
        } else {
            format!(
                "rank {rank_name} {} covers {}, not 8",
                quote(text),
                plural(file, "square")
            )
        };
        report(
            Diagnostic::error(code, message)
                .label(span, plural(file, "square"))
                .help(help),
        );
        usable = false;
    }
    usable
}

fn square_at(file: usize, rank_index: u8) -> Option<Square> {
    Square::new(u8::try_from(file).ok()?, rank_index)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grammar(input: &[u8]) -> Option<Board> {
        nom::combinator::all_consuming(placement::<nom::error::Error<&[u8]>>)(input)
            .ok()
            .map(|(_, board)| board)
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
    fn grammar_reads_up_to_the_first_space() {
        let parsed = placement::<nom::error::Error<&[u8]>>(b"8/8/8/8/8/8/8/8 w");
        assert_eq!(parsed.map(|(rest, _)| rest), Ok(&b" w"[..]));
        assert!(grammar(b"8/8/8/8/8/8/8/8\tw").is_none());
        assert!(grammar(b"8/8/8/8/8/8/8/8w").is_none());
    }

    #[test]
    fn board_squares_are_where_the_letters_are() {
        let board = grammar(b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
        let e4 = Square::new(4, 3);
        let piece = board.zip(e4).and_then(|(board, e4)| board.get(e4));
        assert_eq!(piece.map(Piece::letter), Some(b'P'));
    }
}
