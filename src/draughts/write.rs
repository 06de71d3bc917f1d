//! The canonical draughts FEN writer: `TURN:W<list>:B<list>` with both sections, no dot; in each
//! list men then kings, each ascending; runs of three or more numbered men as `a-b`; kings one by
//! one; alphanumeric squares sorted by file then rank (docs/notations.md).

use std::fmt::{self, Write};

use super::fen::DraughtsFen;
use crate::settings::{Board, SquareNotation};
use crate::settings::{Pieces, Square, SquareSet};

/// The squares of `set` in canonical order.
fn ordered(board: Board, set: SquareSet) -> impl Iterator<Item = Square> {
    let mut squares: [Option<Square>; 128] = [None; 128];
    let mut count = 0;
    for index in set.iter() {
        if let Some(slot) = squares.get_mut(count) {
            *slot = Some(board.square(index));
            count += 1;
        }
    }
    if board.notation() == SquareNotation::Alphanumeric {
        if let Some(filled) = squares.get_mut(..count) {
            filled.sort_unstable_by_key(|square| match square {
                Some(Square::Alpha { file, rank }) => (*file, *rank),
                _ => (u8::MAX, u8::MAX),
            });
        }
    }
    squares.into_iter().take(count).flatten()
}

fn write_list(board: Board, pieces: &Pieces, f: &mut impl Write) -> fmt::Result {
    let mut first = true;
    let mut separator = |f: &mut dyn Write| {
        let result = if first { Ok(()) } else { f.write_char(',') };
        first = false;
        result
    };
    match board.notation() {
        SquareNotation::Numeric => {
            let men: Vec<u8> = pieces.men.iter().collect();
            let mut rest = men.as_slice();
            while let Some(&start) = rest.first() {
                let run = rest
                    .iter()
                    .enumerate()
                    .take_while(|&(offset, &index)| {
                        usize::from(index) == usize::from(start) + offset
                    })
                    .count();
                separator(f)?;
                if run >= 3 {
                    write!(
                        f,
                        "{}-{}",
                        u32::from(start) + 1,
                        u32::from(start) + u32::try_from(run).unwrap_or(0)
                    )?;
                } else {
                    write!(f, "{}", u32::from(start) + 1)?;
                    if run == 2 {
                        separator(f)?;
                        write!(f, "{}", u32::from(start) + 2)?;
                    }
                }
                rest = rest.get(run.max(1)..).unwrap_or_default();
            }
        }
        SquareNotation::Alphanumeric => {
            for square in ordered(board, pieces.men) {
                separator(f)?;
                write!(f, "{square}")?;
            }
        }
    }
    for square in ordered(board, pieces.kings) {
        separator(f)?;
        write!(f, "K{square}")?;
    }
    Ok(())
}

impl fmt::Display for DraughtsFen {
    /// The canonical text; the lenient Lidraughts counters are not written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.turn.letter())?;
        f.write_str(":W")?;
        write_list(self.board, &self.white, f)?;
        f.write_str(":B")?;
        write_list(self.board, &self.black, f)
    }
}
