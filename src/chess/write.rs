//! The canonical FEN writer: one space between fields, castling in canonical order and in the
//! form it was given, the en passant square exactly as parsed (never dropped).

use std::fmt::{self, Write};

use super::board::Board;
use super::castling::CastlingRights;
use super::fen::Fen;

/// The placement field of `board`: at most 71 bytes (64 pieces and 7 slashes).
struct PlacementText {
    bytes: [u8; 71],
    len: usize,
}

impl PlacementText {
    fn of(board: &Board) -> Self {
        let mut text = PlacementText {
            bytes: [0; 71],
            len: 0,
        };
        for (index, rank) in board.ranks().enumerate() {
            if index > 0 {
                text.push(b'/');
            }
            let mut empty = 0u8;
            for square in rank {
                match square {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            text.push(b'0' + empty);
                            empty = 0;
                        }
                        text.push(piece.letter());
                    }
                }
            }
            if empty > 0 {
                text.push(b'0' + empty);
            }
        }
        text
    }

    fn push(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }

    fn as_str(&self) -> &str {
        let bytes = self.bytes.get(..self.len).unwrap_or_default();
        std::str::from_utf8(bytes).unwrap_or_default()
    }
}

/// Appends the placement field of `board` to `out`.
pub(crate) fn write_placement(board: &Board, out: &mut impl Write) {
    let _ = out.write_str(PlacementText::of(board).as_str());
}

/// The castling field: `-` or the rights in canonical order.
pub(crate) fn castling_text(rights: &CastlingRights) -> String {
    let mut text = String::new();
    let _ = write_castling(rights, &mut text);
    text
}

fn write_castling(rights: &CastlingRights, out: &mut impl Write) -> fmt::Result {
    if rights.is_empty() {
        return out.write_char('-');
    }
    for (color, letter) in rights.iter() {
        out.write_char(char::from(letter.to_byte(color)))?;
    }
    Ok(())
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(PlacementText::of(&self.board).as_str())?;
        write!(f, " {} ", self.side_to_move.letter())?;
        write_castling(&self.castling, f)?;
        match self.en_passant {
            Some(square) => write!(f, " {square}")?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", self.halfmove_clock, self.fullmove_number)
    }
}
