//! The text diagram of a draughts position on its board: `w`/`W` White's men/kings, `b`/`B`
//! Black's, `.` an empty playing square, a blank a square nobody plays on.

use std::fmt::Write;

use super::draughts_geometry::{cell, playing_indices};
use crate::draughts::{Board, DraughtsFen, SquareNotation, Turn};

/// The diagram: the board (square numbers of each row on the right for numbered boards, files
/// and ranks for alphanumeric ones), then the side to move and the board's name.
pub fn draughts_text(fen: &DraughtsFen) -> String {
    let board = fen.board;
    let width = usize::from(board.width());
    let height = usize::from(board.height());
    let mut grid = vec![vec![' '; width]; height];
    let mut row_squares: Vec<Vec<u8>> = vec![Vec::new(); height];
    for index in playing_indices(board) {
        let (row, column) = cell(board, index);
        let piece = piece_at(fen, index);
        if let Some(slot) = grid
            .get_mut(usize::from(row))
            .and_then(|cells| cells.get_mut(usize::from(column)))
        {
            *slot = piece;
        }
        if let Some(squares) = row_squares.get_mut(usize::from(row)) {
            squares.push(index);
        }
    }
    let alphanumeric = board.notation() == SquareNotation::Alphanumeric;
    let margin = if alphanumeric { "   " } else { "" };
    let border = format!("{margin}+{}+\n", "-".repeat(width * 2 + 1));
    let mut text = border.clone();
    for (row, cells) in grid.iter().enumerate() {
        if alphanumeric {
            let _ = write!(text, "{:>2} ", height - row);
        }
        text.push('|');
        for &piece in cells {
            text.push(' ');
            text.push(piece);
        }
        text.push_str(" |");
        if !alphanumeric {
            write_number_range(&mut text, board, row_squares.get(row));
        }
        text.push('\n');
    }
    text.push_str(&border);
    if alphanumeric {
        // Under the cells: the margin, then `|`.
        text.push_str(margin);
        text.push(' ');
        for file in 0..board.width() {
            text.push(' ');
            text.push(char::from(b'a'.saturating_add(file)));
        }
        text.push('\n');
    }
    let _ = writeln!(text, "{}", turn_legend(fen));
    text
}

/// `White to move, international (GameType 20)`.
pub(crate) fn turn_legend(fen: &DraughtsFen) -> String {
    let turn = match fen.turn {
        Turn::White => "White to move",
        Turn::Black => "Black to move",
        Turn::Unknown => "side to move unknown",
    };
    format!("{turn}, {}", fen.board)
}

/// `w`, `W`, `b`, `B` or `.` for the playing square at `index`.
fn piece_at(fen: &DraughtsFen, index: u8) -> char {
    if fen.white.kings.contains(index) {
        'W'
    } else if fen.white.men.contains(index) {
        'w'
    } else if fen.black.kings.contains(index) {
        'B'
    } else if fen.black.men.contains(index) {
        'b'
    } else {
        '.'
    }
}

/// `  1-5`: the first and last square numbers of a row.
fn write_number_range(text: &mut String, board: Board, squares: Option<&Vec<u8>>) {
    let Some(squares) = squares else { return };
    if let (Some(&first), Some(&last)) = (squares.first(), squares.last()) {
        let _ = write!(text, " {}-{}", board.square(first), board.square(last));
    }
}
