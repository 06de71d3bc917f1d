//! The text diagram of a chess position (FEN and EPD): the board with rank and file names, then
//! the side to move, castling rights and en passant square.

use std::fmt::Write;

use super::glyphs::Glyphs;
use crate::Fen;
use crate::chess::{Board, Color, Piece, Role, Square};
use crate::epd::Epd;

/// The diagram of a FEN position, with the clocks on the last line.
pub fn fen_text(fen: &Fen, glyphs: Glyphs) -> String {
    let mut text = board_text(&fen.board, &chess_legend(fen), glyphs);
    let _ = writeln!(
        text,
        "halfmove clock {}, move {}",
        fen.halfmove_clock, fen.fullmove_number
    );
    text
}

/// The diagram of an EPD position (its operations are not drawn).
pub fn epd_text(epd: &Epd, glyphs: Glyphs) -> String {
    board_text(&epd.board, &chess_legend(&epd.to_fen()), glyphs)
}

/// `White to move, castling KQkq, en passant -`: castling and en passant as the canonical FEN
/// writes them (X-FEN and Shredder-FEN letters included).
pub(crate) fn chess_legend(fen: &Fen) -> String {
    let canonical = fen.to_string();
    let mut fields = canonical.split(' ').skip(1);
    let side = match fields.next() {
        Some("b") => "Black",
        _ => "White",
    };
    let castling = fields.next().unwrap_or("-");
    let en_passant = fields.next().unwrap_or("-");
    format!("{side} to move, castling {castling}, en passant {en_passant}")
}

fn board_text(board: &Board, legend: &str, glyphs: Glyphs) -> String {
    let mut text = String::with_capacity(400);
    text.push_str("  +-----------------+\n");
    for rank in (0..8u8).rev() {
        let _ = write!(text, "{} |", rank + 1);
        for file in 0..8u8 {
            let piece = Square::new(file, rank).and_then(|square| board.get(square));
            text.push(' ');
            text.push(piece.map_or('.', |piece| glyph(piece, glyphs)));
        }
        text.push_str(" |\n");
    }
    text.push_str("  +-----------------+\n");
    text.push_str("    a b c d e f g h\n");
    let _ = writeln!(text, "{legend}");
    text
}

/// The letter or figurine of a piece.
pub(crate) fn glyph(piece: Piece, glyphs: Glyphs) -> char {
    match glyphs {
        Glyphs::Letters => char::from(piece.letter()),
        Glyphs::Figurines => figurine(piece),
    }
}

/// The Unicode chess symbol of a piece (outlined for White, filled for Black).
pub(crate) fn figurine(piece: Piece) -> char {
    match (piece.color, piece.role) {
        (Color::White, Role::King) => '♔',
        (Color::White, Role::Queen) => '♕',
        (Color::White, Role::Rook) => '♖',
        (Color::White, Role::Bishop) => '♗',
        (Color::White, Role::Knight) => '♘',
        (Color::White, Role::Pawn) => '♙',
        (Color::Black, Role::King) => '♚',
        (Color::Black, Role::Queen) => '♛',
        (Color::Black, Role::Rook) => '♜',
        (Color::Black, Role::Bishop) => '♝',
        (Color::Black, Role::Knight) => '♞',
        (Color::Black, Role::Pawn) => '♟',
    }
}
