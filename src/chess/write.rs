//! The canonical FEN writer: one space between fields, castling in canonical order and in the
//! form it was given, the en passant square exactly as parsed (never dropped).

use std::fmt::{self, Write};

use super::castling::CastlingRights;
use super::fen::Fen;
use super::types::{Board, Square};

/// Appends the placement field of `board` to `out`.
pub(crate) fn write_placement(board: &Board, out: &mut impl Write) {
    for rank in (0..8u8).rev() {
        let mut empty = 0u8;
        for file in 0..8u8 {
            match Square::new(file, rank).and_then(|square| board.get(square)) {
                Some(piece) => {
                    if empty > 0 {
                        let _ = out.write_char(char::from(b'0' + empty));
                        empty = 0;
                    }
                    let _ = out.write_char(char::from(piece.letter()));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = out.write_char(char::from(b'0' + empty));
        }
        if rank > 0 {
            let _ = out.write_char('/');
        }
    }
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
        write_placement(&self.board, f);
        write!(f, " {} ", self.side_to_move.letter())?;
        write_castling(&self.castling, f)?;
        match self.en_passant {
            Some(square) => write!(f, " {square}")?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", self.halfmove_clock, self.fullmove_number)
    }
}
