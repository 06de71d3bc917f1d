//! [`Fen`](crate::Fen) and cozy-chess's `Board` (feature `cozy-chess`).

use ::cozy_chess::{BoardBuilder, CastleRights, File};

use super::{ConversionError, rook_file, x_fen_letter};
use crate::chess::{Board, CastlingLetter, CastlingRights, Color, Fen, Piece, Role, Square};

const TARGET: &str = "cozy-chess";

fn color_to(color: Color) -> ::cozy_chess::Color {
    match color {
        Color::White => ::cozy_chess::Color::White,
        Color::Black => ::cozy_chess::Color::Black,
    }
}

fn color_from(color: ::cozy_chess::Color) -> Color {
    match color {
        ::cozy_chess::Color::White => Color::White,
        ::cozy_chess::Color::Black => Color::Black,
    }
}

fn role_to(role: Role) -> ::cozy_chess::Piece {
    match role {
        Role::Pawn => ::cozy_chess::Piece::Pawn,
        Role::Knight => ::cozy_chess::Piece::Knight,
        Role::Bishop => ::cozy_chess::Piece::Bishop,
        Role::Rook => ::cozy_chess::Piece::Rook,
        Role::Queen => ::cozy_chess::Piece::Queen,
        Role::King => ::cozy_chess::Piece::King,
    }
}

fn role_from(role: ::cozy_chess::Piece) -> Role {
    match role {
        ::cozy_chess::Piece::Pawn => Role::Pawn,
        ::cozy_chess::Piece::Knight => Role::Knight,
        ::cozy_chess::Piece::Bishop => Role::Bishop,
        ::cozy_chess::Piece::Rook => Role::Rook,
        ::cozy_chess::Piece::Queen => Role::Queen,
        ::cozy_chess::Piece::King => Role::King,
    }
}

/// cozy-chess's board of a FEN. cozy-chess builds only boards it can play on, so this fails
/// where its checks fail (a position fenkit's validation refuses, castling it does not know,
/// an en passant square with no pawn to take, a halfmove clock above 100, three checkers, as
/// `Board::from_fen` does) and where a clock does not fit its type (the halfmove clock is a
/// `u8`, the fullmove number a `u16`).
impl TryFrom<&Fen> for ::cozy_chess::Board {
    type Error = ConversionError;

    fn try_from(fen: &Fen) -> Result<::cozy_chess::Board, ConversionError> {
        let mut builder = BoardBuilder::empty();
        for (square, piece) in fen.board.pieces() {
            if let Some(slot) = builder.board.get_mut(square.index()) {
                *slot = Some((role_to(piece.role), color_to(piece.color)));
            }
        }
        builder.side_to_move = color_to(fen.side_to_move);
        for color in [Color::White, Color::Black] {
            let king = fen
                .board
                .pieces()
                .find(|(_, piece)| {
                    piece
                        == &Piece {
                            color,
                            role: Role::King,
                        }
                })
                .map(|(square, _)| square.file());
            let rights = builder.castle_rights_mut(color_to(color));
            for letter in fen.castling.of(color).letters() {
                let file = rook_file(&fen.board, color, letter);
                let slot = if king.is_some_and(|king| file > king) {
                    &mut rights.short
                } else {
                    &mut rights.long
                };
                *slot = File::try_index(usize::from(file));
            }
        }
        builder.en_passant = fen
            .en_passant
            .and_then(|square| ::cozy_chess::Square::try_index(square.index()));
        builder.halfmove_clock =
            u8::try_from(fen.halfmove_clock).map_err(|_| ConversionError::ClockTooLarge {
                clock: "halfmove clock",
                value: fen.halfmove_clock,
                target: TARGET,
            })?;
        builder.fullmove_number =
            u16::try_from(fen.fullmove_number).map_err(|_| ConversionError::ClockTooLarge {
                clock: "fullmove number",
                value: fen.fullmove_number,
                target: TARGET,
            })?;
        let board = builder.build().map_err(ConversionError::CozyChess)?;
        // `Board::from_fen` refuses three checkers; cozy-chess 0.3's builder does not check.
        if board.checkers().len() > 2 {
            return Err(ConversionError::CozyChess(
                ::cozy_chess::BoardBuilderError::InvalidBoard,
            ));
        }
        Ok(board)
    }
}

impl TryFrom<Fen> for ::cozy_chess::Board {
    type Error = ConversionError;

    fn try_from(fen: Fen) -> Result<::cozy_chess::Board, ConversionError> {
        ::cozy_chess::Board::try_from(&fen)
    }
}

/// The FEN of a cozy-chess board, castling written X-FEN (`K`/`Q` for the outermost rooks,
/// file letters for inner ones).
impl From<&::cozy_chess::Board> for Fen {
    fn from(board: &::cozy_chess::Board) -> Fen {
        let mut pieces = Board::empty();
        for &square in &::cozy_chess::Square::ALL {
            let (Some(role), Some(color)) = (board.piece_on(square), board.color_on(square)) else {
                continue;
            };
            if let Some(at) = Square::from_index(square as u8) {
                let piece = Piece {
                    color: color_from(color),
                    role: role_from(role),
                };
                pieces.set(at, Some(piece));
            }
        }
        let side_to_move = color_from(board.side_to_move());
        let mut castling = CastlingRights::NONE;
        for color in [Color::White, Color::Black] {
            let CastleRights { short, long } = *board.castle_rights(color_to(color));
            let side = match color {
                Color::White => &mut castling.white,
                Color::Black => &mut castling.black,
            };
            for file in [short, long].into_iter().flatten() {
                match x_fen_letter(&pieces, color, file as u8) {
                    CastlingLetter::KingSide => side.king_side = true,
                    CastlingLetter::QueenSide => side.queen_side = true,
                    CastlingLetter::File(file) => side.files |= 1 << file,
                }
            }
        }
        let en_passant_rank = match side_to_move {
            Color::White => 5,
            Color::Black => 2,
        };
        Fen {
            board: pieces,
            side_to_move,
            castling,
            en_passant: board
                .en_passant()
                .and_then(|file| Square::new(file as u8, en_passant_rank)),
            halfmove_clock: board.halfmove_clock().into(),
            fullmove_number: board.fullmove_number().into(),
        }
    }
}
