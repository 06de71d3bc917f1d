//! The canonical FEN writer: one space between fields, castling in canonical order and in the
//! form it was given, the en passant square exactly as parsed (never dropped).
//!
//! Writing is copying bytes: the whole record is put together in one stack buffer and handed
//! to the formatter with one `write_str`. Each rank is gathered through a template chosen by
//! its set of occupied squares (no branch per square) and written whole into a 16-byte window
//! with its `/`; standard castling and clocks below 1000 come from small tables with their
//! trailing space. By callgrind, `write!` of a position into a `String` costs about 770
//! instructions (1,190 with the per-square gather before).

use std::fmt::{self, Write};

use super::board::Board;
use super::castling::CastlingRights;
use super::fen::Fen;

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

/// How a rank is written, for each of the 256 sets of occupied squares (bit `n` = file `n`):
/// up to 8 bytes, each an index into the rank's sources (0-7: the letter of the piece on that
/// file; 8-15: the digits `1`-`8`), and how many of them there are. A rank is then written
/// without a branch per square.
struct RankTemplates {
    bytes: [[u8; 8]; 256],
    lens: [u8; 256],
}

/// Built at compile time: an index out of range is a compile error, never a panic.
#[allow(clippy::indexing_slicing)]
const fn rank_templates() -> RankTemplates {
    let mut templates = RankTemplates {
        bytes: [[0; 8]; 256],
        lens: [0; 256],
    };
    let mut occupied = 0;
    while occupied < 256 {
        let mut len = 0;
        let mut empty = 0;
        let mut file = 0;
        while file < 8 {
            if occupied & (1 << file) != 0 {
                if empty > 0 {
                    templates.bytes[occupied][len] = 7 + empty;
                    len += 1;
                    empty = 0;
                }
                templates.bytes[occupied][len] = file as u8;
                len += 1;
            } else {
                empty += 1;
            }
            file += 1;
        }
        if empty > 0 {
            templates.bytes[occupied][len] = 7 + empty;
            len += 1;
        }
        templates.lens[occupied] = len as u8;
        occupied += 1;
    }
    templates
}

static RANK_TEMPLATES: RankTemplates = rank_templates();

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
/// plus room for the 16-byte windows the placement and the clocks are written through, and
/// for checking whole 16-byte blocks as UTF-8.
const MAX_LEN: usize = 144;

/// ASCII bytes put together on the stack (aligned so that the UTF-8 check reads whole words).
#[repr(align(16))]
struct Text {
    bytes: [u8; MAX_LEN],
    len: usize,
}

impl Text {
    const fn new() -> Self {
        Text {
            bytes: [0; MAX_LEN],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }

    /// Writes the first `len` of `bytes` (all of them are written: the rest is overwritten
    /// by what comes next or lies past the end).
    #[inline]
    fn push_prefix<const N: usize>(&mut self, bytes: [u8; N], len: u8) {
        if let Some(window) = self
            .bytes
            .get_mut(self.len..)
            .and_then(|rest| rest.first_chunk_mut::<N>())
        {
            *window = bytes;
            self.len += usize::from(len).min(N);
        }
    }

    /// The placement field of `board`: each rank through its template, all 8 bytes and a `/`
    /// written into a 16-byte window and only the template's length (and the `/`) kept.
    fn placement(&mut self, board: &Board) {
        // The rank's cells, then the digits' own codes (16 + count), read through `GLYPHS`;
        // 256 bytes, so that a template's byte indexes it without a bounds check.
        let mut sources = [0u8; 256];
        if let Some(digits) = sources.get_mut(8..16) {
            digits.copy_from_slice(&[17, 18, 19, 20, 21, 22, 23, 24]);
        }
        let mut at = self.len;
        for rank in board.cells().chunks_exact(8) {
            let Some(window) = self
                .bytes
                .get_mut(at..)
                .and_then(|rest| rest.first_chunk_mut::<16>())
            else {
                break;
            };
            let Ok(cells) = <[u8; 8]>::try_from(rank) else {
                continue;
            };
            let cells = u64::from_le_bytes(cells) & 0x0F0F_0F0F_0F0F_0F0F;
            // Every cell is below 16: adding 0x7F sets a byte's top bit exactly when its square
            // is occupied. The multiply moves bit 7 of byte n to bit 56 + n (the partial
            // products are distinct powers of two, so nothing carries).
            let occupied_bits = (cells + 0x7F7F_7F7F_7F7F_7F7F) & 0x8080_8080_8080_8080;
            let occupied =
                ((occupied_bits >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
            if let Some(first) = sources.first_chunk_mut::<8>() {
                *first = cells.to_le_bytes();
            }
            let Some(template) = RANK_TEMPLATES.bytes.get(occupied) else {
                continue;
            };
            let len = usize::from(RANK_TEMPLATES.lens.get(occupied).copied().unwrap_or(0));
            for (out, &code) in window.iter_mut().zip(template) {
                let source = sources.get(usize::from(code)).copied().unwrap_or(0);
                *out = GLYPHS.get(usize::from(source)).copied().unwrap_or(0);
            }
            if let Some(slash) = window.get_mut(len & 15) {
                *slash = b'/';
            }
            at += len + 1;
        }
        // The last rank's `/` is not kept.
        self.len = at.saturating_sub(1);
    }

    /// The castling field and the space after it.
    fn castling(&mut self, rights: &CastlingRights) {
        if rights.white.files == 0 && rights.black.files == 0 {
            // Standard letters only (the common case): `KQkq` in order, or `-`, by table.
            let index = usize::from(rights.white.king_side)
                | usize::from(rights.white.queen_side) << 1
                | usize::from(rights.black.king_side) << 2
                | usize::from(rights.black.queen_side) << 3;
            let [a, b, c, d, e, len] = STANDARD_CASTLING.get(index).copied().unwrap_or_default();
            self.push_prefix([a, b, c, d, e], len);
            return;
        }
        for (color, letter) in rights.iter() {
            self.push(letter.to_byte(color));
        }
        self.push(b' ');
    }

    /// `value` in decimal, without leading zeros, and a space.
    fn number(&mut self, mut value: u32) {
        if let Some(&[a, b, c, d, len]) = SMALL_NUMBERS.get(value as usize) {
            self.push_prefix([a, b, c, d], len);
            return;
        }
        let mut digits = [0u8; 10];
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
        for &digit in digits.get(..count).unwrap_or_default().iter().rev() {
            self.push(digit);
        }
        self.push(b' ');
    }

    fn as_str(&self) -> &str {
        // Checked in whole 16-byte blocks (the bytes past the end are zeros or ASCII too),
        // which the standard library does a word at a time instead of byte by byte.
        let checked = self
            .bytes
            .get(..self.len.next_multiple_of(16))
            .unwrap_or(&self.bytes);
        // Every byte pushed is ASCII, so neither step fails.
        std::str::from_utf8(checked)
            .unwrap_or_default()
            .get(..self.len)
            .unwrap_or_default()
    }
}

/// Appends the placement field of `board` to `out`.
pub(crate) fn write_placement(board: &Board, out: &mut impl Write) {
    let mut text = Text::new();
    text.placement(board);
    let _ = out.write_str(text.as_str());
}

/// The castling field: `-` or the rights in canonical order.
pub(crate) fn castling_text(rights: &CastlingRights) -> String {
    let mut text = Text::new();
    text.castling(rights);
    text.as_str().trim_end().to_string()
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = Text::new();
        text.placement(&self.board);
        text.push_prefix([b' ', self.side_to_move.letter() as u8, b' '], 3);
        text.castling(&self.castling);
        match self.en_passant {
            Some(square) => {
                text.push_prefix([b'a' + square.file(), b'1' + square.rank(), b' '], 3);
            }
            None => text.push_prefix([b'-', b' '], 2),
        }
        text.number(self.halfmove_clock);
        text.number(self.fullmove_number);
        // The space after the last number is not kept.
        text.len = text.len.saturating_sub(1);
        f.write_str(text.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_without_leading_zeros() {
        for value in [0, 1, 9, 10, 99, 100, 999, 1000, 12345, u32::MAX] {
            let mut text = Text::new();
            text.number(value);
            assert_eq!(text.as_str(), format!("{value} "));
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
    fn the_longest_record_fits() {
        let record = "qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq w KQkq e3 4294967295 4294967295";
        let fen: Fen = record.parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(fen.to_string(), record);
    }
}
