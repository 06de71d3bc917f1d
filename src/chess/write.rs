//! The canonical FEN writer: one space between fields, castling in canonical order and in the
//! form it was given, the en passant square exactly as parsed (never dropped).
//!
//! Writing is copying bytes: the whole record is put together in one stack buffer (the
//! placement read from the board's cells through a table, the clocks with a small integer
//! writer) and handed to the formatter with one `write_str`.

use std::fmt::{self, Write};

use super::board::Board;
use super::castling::CastlingRights;
use super::fen::Fen;

/// What each source byte of a rank is written as: 0-15 a board cell (`board::cell`: bit 3
/// is Black, bits 0-2 the role plus 1 in the order pawn, knight, bishop, rook, queen, king; 0
/// for an empty square), 17-24 the digits `1`-`8`.
const GLYPHS: [u8; 32] = *b"\0PNBRQK\0\0pnbrqk\0\x0012345678\0\0\0\0\0\0\0";

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

/// The longest FEN this writer makes: a placement of 71 bytes, castling with every right (20),
/// two clocks of 10 digits, and the separators and short fields between them; plus room for
/// a rank's 8 bytes written whole.
const MAX_LEN: usize = 136;

/// ASCII bytes put together on the stack.
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

    /// The placement field of `board`: each rank through its template, all 8 bytes written
    /// and only the template's length kept.
    fn placement(&mut self, board: &Board) {
        for (index, rank) in board.cells().chunks_exact(8).enumerate() {
            if index > 0 {
                self.push(b'/');
            }
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
            // The rank's cells, then the digits' own codes (16 + count), read through `GLYPHS`.
            let mut sources = [0, 0, 0, 0, 0, 0, 0, 0, 17, 18, 19, 20, 21, 22, 23, 24];
            if let Some(first) = sources.get_mut(..8) {
                first.copy_from_slice(&cells.to_le_bytes());
            }
            let template = RANK_TEMPLATES
                .bytes
                .get(occupied)
                .copied()
                .unwrap_or_default();
            let len = RANK_TEMPLATES.lens.get(occupied).copied().unwrap_or(0);
            let mut written = [0u8; 8];
            for (out, code) in written.iter_mut().zip(template) {
                let glyph = sources.get(usize::from(code & 15)).copied().unwrap_or(0);
                *out = GLYPHS.get(usize::from(glyph & 31)).copied().unwrap_or(0);
            }
            if let Some(slot) = self.bytes.get_mut(self.len..self.len + 8) {
                slot.copy_from_slice(&written);
                self.len += usize::from(len);
            }
        }
    }

    fn castling(&mut self, rights: &CastlingRights) {
        if rights.is_empty() {
            self.push(b'-');
            return;
        }
        if rights.white.files == 0 && rights.black.files == 0 {
            // Standard letters only (the common case): `KQkq` in order, without the iterator.
            for (present, letter) in [
                (rights.white.king_side, b'K'),
                (rights.white.queen_side, b'Q'),
                (rights.black.king_side, b'k'),
                (rights.black.queen_side, b'q'),
            ] {
                if present {
                    self.push(letter);
                }
            }
            return;
        }
        for (color, letter) in rights.iter() {
            self.push(letter.to_byte(color));
        }
    }

    /// `value` in decimal, without leading zeros.
    fn number(&mut self, mut value: u32) {
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
    }

    fn as_str(&self) -> &str {
        let bytes = self.bytes.get(..self.len).unwrap_or_default();
        // Every byte pushed is ASCII, so this never fails.
        std::str::from_utf8(bytes).unwrap_or_default()
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
    text.as_str().to_string()
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = Text::new();
        text.placement(&self.board);
        text.push(b' ');
        text.push(self.side_to_move.letter() as u8);
        text.push(b' ');
        text.castling(&self.castling);
        text.push(b' ');
        match self.en_passant {
            Some(square) => {
                text.push(b'a' + square.file());
                text.push(b'1' + square.rank());
            }
            None => text.push(b'-'),
        }
        text.push(b' ');
        text.number(self.halfmove_clock);
        text.push(b' ');
        text.number(self.fullmove_number);
        f.write_str(text.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_without_leading_zeros() {
        for value in [0, 1, 9, 10, 99, 100, 12345, u32::MAX] {
            let mut text = Text::new();
            text.number(value);
            assert_eq!(text.as_str(), value.to_string());
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
