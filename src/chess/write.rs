//! The canonical FEN writer: one space between fields, castling in canonical order and in the
//! form it was given, the en passant square exactly as parsed (never dropped).
//!
//! Writing is copying bytes: the whole record is put together in one stack buffer and handed
//! to the formatter with one `write_str`. Each rank is gathered through a template chosen by
//! its set of occupied squares (no branch per square) and written whole into a 16-byte window
//! with its `/`; standard castling and clocks below 1000 come from small tables with their
//! trailing space. The eight ranks are written one after another (no loop) and the length so
//! far is a local, not a field, so the compiler sees a bound for every window's offset and
//! checks none of them; the rare shapes (castling with rook files, clocks of 1000 or more)
//! are built out of line and copied in whole.
//!
//! By callgrind (`benches/chess.rs`, `core::fmt::write` inclusive), `write!` of a position
//! into a `String` costs about 635 instructions (750 with the ranks in a loop and the length
//! in a field before); `write_floor`, the same text copied through the same formatter, costs
//! 135. In time, fastest of 20 samples on the loaded 2-core machine, one run: 63 ns per
//! position (74 before), floor 10 ns. The remaining cost is mostly the gather (4 instructions per byte of
//! each rank's 8: template, cell, glyph, store; mapping cells to glyphs first costs more than
//! it saves) and the UTF-8 check of the finished text (about 70).

use std::fmt::{self, Write};

use super::board::Board;
use super::castling::CastlingRights;
use super::fen::Fen;
use crate::primitives::empty_run::EmptyRun;

/// What each source byte of a rank is written as: 0-15 a board cell (`board::cell`: bit 3
/// is Black, bits 0-2 the role plus 1 in the order pawn, knight, bishop, rook, queen, king; 0
/// for an empty square), 17-24 the digits `1`-`8`; padded to 256 bytes so that any byte
/// indexes it without a bounds check.
const GLYPHS: [u8; 256] = pad_to_256(*b"\0PNBRQK\0\0pnbrqk\0\x0012345678\0\0\0\0\0\0\0");

/// Built at compile time: an index out of range is a compile error, never a panic.
#[allow(clippy::indexing_slicing)]
const fn pad_to_256(short: [u8; 32]) -> [u8; 256] {
    let mut table = [0; 256];
    let mut index = 0;
    while index < 32 {
        table[index] = short[index];
        index += 1;
    }
    table
}

/// Where a byte of a rank's output is read from: the cell on a file of the rank (0-7), or the
/// code of a digit (8-15: `1`-`8`). An enum, so that indexing the rank's 16 sources with it
/// needs no bounds check (the compiler knows it is below 16).
#[derive(Clone, Copy)]
#[repr(u8)]
enum Source {
    File0,
    File1,
    File2,
    File3,
    File4,
    File5,
    File6,
    File7,
    Digit1,
    Digit2,
    Digit3,
    Digit4,
    Digit5,
    Digit6,
    Digit7,
    Digit8,
}

/// The sources in the order of their codes, for building the templates at compile time.
const SOURCES: [Source; 16] = [
    Source::File0,
    Source::File1,
    Source::File2,
    Source::File3,
    Source::File4,
    Source::File5,
    Source::File6,
    Source::File7,
    Source::Digit1,
    Source::Digit2,
    Source::Digit3,
    Source::Digit4,
    Source::Digit5,
    Source::Digit6,
    Source::Digit7,
    Source::Digit8,
];

/// How many bytes a rank is written as (1-8). An enum, so that the `/` after a rank is stored
/// into its 16-byte window, and the placement's length bounded, without a check.
#[derive(Clone, Copy)]
#[repr(u8)]
enum RankLen {
    One = 1,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
}

/// The rank lengths by value (index 0 is never used: a rank is never empty).
const RANK_LENS: [RankLen; 9] = [
    RankLen::One,
    RankLen::One,
    RankLen::Two,
    RankLen::Three,
    RankLen::Four,
    RankLen::Five,
    RankLen::Six,
    RankLen::Seven,
    RankLen::Eight,
];

/// How a rank is written, for each of the 256 sets of occupied squares (bit `n` = file `n`):
/// up to 8 sources (the rest are read and written but not kept), and how many of them there
/// are. A rank is then written without a branch per square.
struct RankTemplates {
    sources: [[Source; 8]; 256],
    lens: [RankLen; 256],
}

/// The board's cells split into ranks, the eighth first (what `as_chunks` does, from a newer
/// toolchain than the library's lowest).
#[inline(always)]
fn ranks(cells: &[u8; 64]) -> [[u8; 8]; 8] {
    let mut ranks = [[0; 8]; 8];
    let mut rest = cells.as_slice();
    for rank in &mut ranks {
        if let Some((cells, after)) = rest.split_first_chunk::<8>() {
            *rank = *cells;
            rest = after;
        }
    }
    ranks
}

/// Built at compile time: an index out of range is a compile error, never a panic.
#[allow(clippy::indexing_slicing)]
const fn rank_templates() -> RankTemplates {
    let mut templates = RankTemplates {
        sources: [[Source::File0; 8]; 256],
        lens: [RankLen::One; 256],
    };
    let mut occupied = 0;
    while occupied < 256 {
        let mut len = 0;
        // The empty-run rule of every board writer: a run is written before the next piece
        // and at the end of the rank, here as the source of its digit.
        let mut empty = EmptyRun::new();
        let mut file = 0;
        while file < 8 {
            if occupied & (1 << file) != 0 {
                if let Some(count) = empty.take() {
                    templates.sources[occupied][len] = SOURCES[7 + count as usize];
                    len += 1;
                }
                templates.sources[occupied][len] = SOURCES[file];
                len += 1;
            } else {
                empty.add(1);
            }
            file += 1;
        }
        if let Some(count) = empty.take() {
            templates.sources[occupied][len] = SOURCES[7 + count as usize];
            len += 1;
        }
        templates.lens[occupied] = RANK_LENS[len];
        occupied += 1;
    }
    templates
}

static RANK_TEMPLATES: RankTemplates = rank_templates();

/// The set of occupied files (bit `n` = file `n`) from the top bits of a rank's 8 bytes: the
/// multiply moves bit 7 of byte n to bit 56 + n (checked for all 256 sets by a test).
#[inline(always)]
const fn occupied_of(top_bits: u64) -> u8 {
    (top_bits.wrapping_mul(0x0002_0408_1020_4081) >> 56) as u8
}

/// The numbers below 1000 (clocks almost always are), each followed by a space: up to four
/// bytes, then how many.
const SMALL_NUMBERS: [[u8; 5]; 1000] = small_numbers();

/// Built at compile time: an index out of range is a compile error, never a panic.
#[allow(clippy::indexing_slicing)]
const fn small_numbers() -> [[u8; 5]; 1000] {
    let mut table = [[0; 5]; 1000];
    let mut value = 0;
    while value < 1000 {
        let hundreds = b'0' + (value / 100) as u8;
        let tens = b'0' + (value / 10 % 10) as u8;
        let ones = b'0' + (value % 10) as u8;
        table[value] = if value >= 100 {
            [hundreds, tens, ones, b' ', 4]
        } else if value >= 10 {
            [tens, ones, b' ', 0, 3]
        } else {
            [ones, b' ', 0, 0, 2]
        };
        value += 1;
    }
    table
}

/// The standard castling field for each set of `K`, `Q`, `k`, `q` (bits 0-3), followed by a
/// space: up to five bytes, then how many; `-` for no right.
const STANDARD_CASTLING: [[u8; 6]; 16] = standard_castling();

/// Built at compile time: an index out of range is a compile error, never a panic.
#[allow(clippy::indexing_slicing)]
const fn standard_castling() -> [[u8; 6]; 16] {
    let mut table = [[0; 6]; 16];
    let letters = *b"KQkq";
    let mut rights = 0;
    while rights < 16 {
        let mut len = 0;
        let mut bit = 0;
        while bit < 4 {
            if rights & (1 << bit) != 0 {
                table[rights][len] = letters[bit];
                len += 1;
            }
            bit += 1;
        }
        if len == 0 {
            table[rights][0] = b'-';
            len = 1;
        }
        table[rights][len] = b' ';
        table[rights][5] = len as u8 + 1;
        rights += 1;
    }
    table
}

/// The longest FEN this writer makes: a placement of 71 bytes, castling with every right (20),
/// two clocks of 10 digits, and the separators and short fields between them (119 in all);
/// plus room for the windows the fields are written through (16 bytes a rank, 24 for castling
/// at most 74 bytes in, 11 for a clock at most 109 bytes in), and for checking whole 16-byte
/// blocks as UTF-8.
const MAX_LEN: usize = 144;

/// ASCII bytes put together on the stack (aligned so that the UTF-8 check reads whole words).
/// How many of them are written is kept by the caller, in a local: each step takes the
/// length so far and returns the new one, so that it stays in a register and every window's
/// offset has a bound the compiler can see (no check per field).
#[repr(align(16))]
struct Text {
    bytes: [u8; MAX_LEN],
}

impl Text {
    const fn new() -> Self {
        Text {
            bytes: [0; MAX_LEN],
        }
    }

    /// Writes `bytes` at `at` and keeps the first `len` of them (the rest is overwritten by
    /// what comes next or lies past the end); returns the new length.
    #[inline(always)]
    fn put<const N: usize>(&mut self, at: usize, bytes: [u8; N], len: u8) -> usize {
        match self
            .bytes
            .get_mut(at..)
            .and_then(|rest| rest.first_chunk_mut::<N>())
        {
            Some(window) => {
                *window = bytes;
                at + usize::from(len).min(N)
            }
            None => at,
        }
    }

    /// Writes the placement field of `board` into this new (empty) text: each rank through
    /// its template, all 8 bytes and a `/` written into a 16-byte window and only the
    /// template's length (and the `/`) kept. The placement is always the first field and its
    /// ranks are written one after another without a loop, so the compiler sees a bound for
    /// every window's offset (a rank adds at most 9 bytes) and checks none of them.
    #[inline(always)]
    fn placement(&mut self, board: &Board) -> usize {
        // The rank's cells, then the digits' own codes (16 + count), read through `GLYPHS`.
        let mut sources = [0, 0, 0, 0, 0, 0, 0, 0, 17, 18, 19, 20, 21, 22, 23, 24];
        let [r8, r7, r6, r5, r4, r3, r2, r1] = ranks(board.cells());
        let at = self.rank(0, r8, &mut sources);
        let at = self.rank(at, r7, &mut sources);
        let at = self.rank(at, r6, &mut sources);
        let at = self.rank(at, r5, &mut sources);
        let at = self.rank(at, r4, &mut sources);
        let at = self.rank(at, r3, &mut sources);
        let at = self.rank(at, r2, &mut sources);
        let at = self.rank(at, r1, &mut sources);
        // The last rank's `/` is not kept.
        at.saturating_sub(1)
    }

    /// Writes the rank of `cells` and a `/` at `at`; returns where the next rank goes.
    #[inline(always)]
    fn rank(&mut self, at: usize, cells: [u8; 8], sources: &mut [u8; 16]) -> usize {
        if let Some(first) = sources.first_chunk_mut::<8>() {
            *first = cells;
        }
        // Every cell is below 16 (`board::cell`, so not masked here): adding 0x7F sets a
        // byte's top bit exactly when its square is occupied.
        let occupied_bits =
            (u64::from_le_bytes(cells).wrapping_add(0x7F7F_7F7F_7F7F_7F7F)) & 0x8080_8080_8080_8080;
        let occupied = occupied_of(occupied_bits);
        let occupied = usize::from(occupied);
        let (Some(template), Some(&len), Some(window)) = (
            RANK_TEMPLATES.sources.get(occupied),
            RANK_TEMPLATES.lens.get(occupied),
            self.bytes
                .get_mut(at..)
                .and_then(|rest| rest.first_chunk_mut::<16>()),
        ) else {
            return at;
        };
        // Neither look-up can miss (a `Source` is below 16, a cell below 256), so neither is
        // checked in the machine code.
        for (out, &source) in window.iter_mut().zip(template) {
            let code = sources.get(source as usize).copied().unwrap_or(0);
            *out = GLYPHS.get(usize::from(code)).copied().unwrap_or(0);
        }
        let len = len as usize;
        if let Some(slash) = window.get_mut(len) {
            *slash = b'/';
        }
        at + len + 1
    }

    /// The castling field and the space after it.
    #[inline(always)]
    fn castling(&mut self, at: usize, rights: &CastlingRights) -> usize {
        if rights.white.files == 0 && rights.black.files == 0 {
            // Standard letters only (the common case): `KQkq` in order, or `-`, by table.
            let index = usize::from(rights.white.king_side)
                | usize::from(rights.white.queen_side) << 1
                | usize::from(rights.black.king_side) << 2
                | usize::from(rights.black.queen_side) << 3;
            let [a, b, c, d, e, len] = STANDARD_CASTLING.get(index).copied().unwrap_or_default();
            self.put(at, [a, b, c, d, e], len)
        } else {
            let (letters, len) = castling_letters(rights);
            self.put(at, letters, len)
        }
    }

    /// `value` in decimal, without leading zeros, and a space.
    #[inline(always)]
    fn number(&mut self, at: usize, value: u32) -> usize {
        if let Some(&[a, b, c, d, len]) = SMALL_NUMBERS.get(value as usize) {
            self.put(at, [a, b, c, d], len)
        } else {
            let (digits, len) = large_number(value);
            self.put(at, digits, len)
        }
    }

    /// The first `len` bytes.
    #[inline(always)]
    fn as_str(&self, len: usize) -> &str {
        // Checked in whole 16-byte blocks (the bytes past the end are zeros or ASCII too),
        // which the standard library does a word at a time instead of byte by byte.
        let checked = self
            .bytes
            .get(..len.next_multiple_of(16))
            .unwrap_or(&self.bytes);
        // Every byte pushed is ASCII, so neither step fails.
        std::str::from_utf8(checked)
            .unwrap_or_default()
            .get(..len)
            .unwrap_or_default()
    }
}

/// Room for the longest castling field (two standard letters and eight files a side) and
/// its space.
const CASTLING_WINDOW: usize = 24;

/// Castling letters beyond the standard ones (rook files), in canonical order, and a space:
/// the bytes and how many. Kept out of line (and out of the text) so that the common case
/// keeps the text's length in a register.
#[inline(never)]
fn castling_letters(rights: &CastlingRights) -> ([u8; CASTLING_WINDOW], u8) {
    let mut letters = [0; CASTLING_WINDOW];
    let mut len = 0;
    for ((color, letter), slot) in rights.iter().zip(&mut letters) {
        *slot = letter.to_byte(color);
        len += 1;
    }
    if let Some(space) = letters.get_mut(len) {
        *space = b' ';
    }
    (letters, len as u8 + 1)
}

/// `value` (1000 or more) in decimal and a space: the bytes and how many. Out of line, like
/// [`castling_letters`].
#[inline(never)]
fn large_number(mut value: u32) -> ([u8; 11], u8) {
    let mut digits = [0u8; 11];
    let mut count = 0;
    loop {
        if let Some(slot) = digits.get_mut(count) {
            *slot = b'0' + (value % 10) as u8;
        }
        count += 1;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    if let Some(written) = digits.get_mut(..count) {
        written.reverse();
    }
    if let Some(space) = digits.get_mut(count) {
        *space = b' ';
    }
    (digits, count as u8 + 1)
}

/// Appends the placement field of `board` to `out`.
pub(crate) fn write_placement(board: &Board, out: &mut impl Write) {
    let mut text = Text::new();
    let len = text.placement(board);
    let _ = out.write_str(text.as_str(len));
}

/// The castling field: `-` or the rights in canonical order.
pub(crate) fn castling_text(rights: &CastlingRights) -> String {
    rights.to_string()
}

/// The castling field as the FEN writer writes it (the same code): `KQkq`, `-` when nobody
/// may castle, and the file letters of X-FEN and Shredder-FEN (`HAha`, `KAkq`) as written.
impl fmt::Display for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = Text::new();
        let len = text.castling(0, self);
        f.pad(text.as_str(len).trim_end())
    }
}

/// The field's letters (`CastlingRights(KQkq)`): shorter than two [`SideRights`] of flags
/// and file bits.
///
/// [`SideRights`]: super::castling::SideRights
impl fmt::Debug for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CastlingRights({self})")
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = Text::new();
        let len = text.placement(&self.board);
        let len = text.put(len, [b' ', self.side_to_move.letter() as u8, b' '], 3);
        let len = text.castling(len, &self.castling);
        let len = match self.en_passant {
            Some(square) => text.put(len, [b'a' + square.file(), b'1' + square.rank(), b' '], 3),
            None => text.put(len, [b'-', b' '], 2),
        };
        let len = text.number(len, self.halfmove_clock);
        let len = text.number(len, self.fullmove_number);
        // The space after the last number is not kept.
        f.write_str(text.as_str(len.saturating_sub(1)))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::new();
        write_placement(self, &mut text);
        f.debug_tuple("Board").field(&text).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_without_leading_zeros() {
        for value in [0, 1, 9, 10, 99, 100, 999, 1000, 12345, u32::MAX] {
            let mut text = Text::new();
            let len = text.number(0, value);
            assert_eq!(text.as_str(len), format!("{value} "));
        }
    }

    #[test]
    fn every_cell_has_its_letter() {
        use super::super::board::cell;
        use super::super::types::{Color, Piece, Role};
        let mut written = 0;
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                let piece = Piece { color, role };
                assert_eq!(GLYPHS.get(usize::from(cell(piece))), Some(&piece.letter()));
                written += 1;
            }
        }
        assert_eq!(
            GLYPHS
                .get(..16)
                .unwrap_or_default()
                .iter()
                .filter(|&&l| l != 0)
                .count(),
            written
        );
        assert_eq!(GLYPHS.get(17..25), Some(&b"12345678"[..]));
    }

    #[test]
    fn occupied_files_come_out_in_order() {
        for set in 0..=255u8 {
            let top_bits = (0..8)
                .filter(|file| set & (1 << file) != 0)
                .fold(0u64, |bits, file| bits | 0x80 << (8 * file));
            assert_eq!(occupied_of(top_bits), set);
        }
    }

    #[test]
    fn the_longest_record_fits() {
        let record = "qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq w KQkq e3 4294967295 4294967295";
        let fen: Fen = record.parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(fen.to_string(), record);
    }
}
