//! Where a draughts square is drawn: its row (from the top, Black's side) and column (from the
//! left, White's left), for the text and the SVG diagrams alike.
//!
//! `a1` is a playing (dark) square on every board, at the bottom left. Numbered squares run
//! along the rows from the top left playing square, as the PDN boards number them (square 1 is
//! `b10` on the international board, `b8` on 8x8 boards).

use crate::draughts::{Board, SquareNotation};

/// The index of every square the pieces play on (see [`Board::index`]).
pub(crate) fn playing_indices(board: Board) -> impl Iterator<Item = u8> {
    let last = match board.notation() {
        SquareNotation::Numeric => board.square_count(),
        SquareNotation::Alphanumeric => board.width().saturating_mul(board.height()),
    };
    (0..last).filter(move |&index| board.is_playing(index))
}

/// The row (0 at the top) and column (0 at the left) of the square at `index`.
pub(crate) fn cell(board: Board, index: u8) -> (u8, u8) {
    let width = board.width().max(1);
    match board.notation() {
        SquareNotation::Numeric => {
            let per_row = (width / 2).max(1);
            let row = index / per_row;
            let step = (index % per_row) * 2;
            // The bottom row starts at `a1`: rows with the bottom row's parity start at column 0.
            let from_bottom = board.height().saturating_sub(1).saturating_sub(row);
            let column = if from_bottom % 2 == 0 { step } else { step + 1 };
            (row, column)
        }
        SquareNotation::Alphanumeric => {
            let rank = index / width;
            (
                board.height().saturating_sub(1).saturating_sub(rank),
                index % width,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_squares_start_top_left_and_a1_is_dark() {
        // International: 1 is b10, 5 is j10, 6 is a9, 46 is a1, 50 is i1.
        assert_eq!(cell(Board::International, 0), (0, 1));
        assert_eq!(cell(Board::International, 4), (0, 9));
        assert_eq!(cell(Board::International, 5), (1, 0));
        assert_eq!(cell(Board::International, 45), (9, 0));
        assert_eq!(cell(Board::International, 49), (9, 8));
        // English: 1 is b8, 29 is a1, 32 is g1.
        assert_eq!(cell(Board::English, 0), (0, 1));
        assert_eq!(cell(Board::English, 28), (7, 0));
        assert_eq!(cell(Board::English, 31), (7, 6));
        assert_eq!(playing_indices(Board::English).count(), 32);
    }

    #[test]
    fn alphanumeric_squares_are_file_and_rank() {
        // Russian: a1 is index 0 at the bottom left; h8 at the top right.
        assert_eq!(cell(Board::Russian, 0), (7, 0));
        assert_eq!(cell(Board::Russian, 63), (0, 7));
        assert_eq!(playing_indices(Board::Russian).count(), 32);
        assert_eq!(playing_indices(Board::Turkish).count(), 64);
        // Spantsiretti: 10 files by 8 ranks.
        assert_eq!(cell(Board::Spantsiretti, 79), (0, 9));
    }
}
