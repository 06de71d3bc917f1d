//! The board of a variant FEN as shakmaty writes it: FEN's placement, with `~` after each
//! piece marked promoted.

use std::fmt::{self, Write};

use crate::chess::{Board, Square};
use crate::primitives::empty_run::EmptyRun;

/// Writes `board`, each piece on a square of `promoted` followed by `~`.
pub(crate) fn placement(board: &Board, promoted: u64, out: &mut impl Write) -> fmt::Result {
    for rank in (0..8u8).rev() {
        let mut empty = EmptyRun::default();
        for file in 0..8u8 {
            let Some(square) = Square::new(file, rank) else {
                continue;
            };
            match board.get(square) {
                Some(piece) => {
                    empty.flush(out)?;
                    out.write_char(char::from(piece.letter()))?;
                    if promoted & (1 << square.index()) != 0 {
                        out.write_char('~')?;
                    }
                }
                None => empty.add(1),
            }
        }
        empty.flush(out)?;
        if rank > 0 {
            out.write_char('/')?;
        }
    }
    Ok(())
}

/// The fields of a chess FEN's canonical text after its placement, with their leading space.
pub(crate) fn after_placement(fen: &crate::Fen) -> String {
    let text = fen.to_string();
    match text.find(' ') {
        Some(space) => text.get(space..).unwrap_or_default().to_string(),
        None => String::new(),
    }
}
