//! [`Fen`](crate::Fen) and shakmaty's `Setup` / `fen::Fen` (feature `shakmaty`).

use core::num::NonZeroU32;

use ::shakmaty::fen::Fen as ShakmatyFen;
use ::shakmaty::{Bitboard, Setup};

use super::{ConversionError, rook_file, x_fen_letter};
use crate::chess::{Board, CastlingRights, Color, Fen, Piece, Role, Square};

fn color_to(color: Color) -> ::shakmaty::Color {
    match color {
        Color::White => ::shakmaty::Color::White,
        Color::Black => ::shakmaty::Color::Black,
    }
}

fn color_from(color: ::shakmaty::Color) -> Color {
    match color {
        ::shakmaty::Color::White => Color::White,
        ::shakmaty::Color::Black => Color::Black,
    }
}

fn role_to(role: Role) -> ::shakmaty::Role {
    match role {
        Role::Pawn => ::shakmaty::Role::Pawn,
        Role::Knight => ::shakmaty::Role::Knight,
        Role::Bishop => ::shakmaty::Role::Bishop,
        Role::Rook => ::shakmaty::Role::Rook,
        Role::Queen => ::shakmaty::Role::Queen,
        Role::King => ::shakmaty::Role::King,
    }
}

fn role_from(role: ::shakmaty::Role) -> Role {
    match role {
        ::shakmaty::Role::Pawn => Role::Pawn,
        ::shakmaty::Role::Knight => Role::Knight,
        ::shakmaty::Role::Bishop => Role::Bishop,
        ::shakmaty::Role::Rook => Role::Rook,
        ::shakmaty::Role::Queen => Role::Queen,
        ::shakmaty::Role::King => Role::King,
    }
}

/// Both crates number squares a1 = 0 ... h8 = 63.
fn square_to(square: Square) -> Option<::shakmaty::Square> {
    ::shakmaty::Square::try_from(square.index()).ok()
}

fn square_from(square: ::shakmaty::Square) -> Option<Square> {
    Square::from_index(u8::from(square))
}

/// The setup of a FEN: castling letters become the rook squares shakmaty reads them as, and a
/// fullmove number of 0 (which fenkit's parser never gives) becomes 1.
impl From<&Fen> for Setup {
    fn from(fen: &Fen) -> Setup {
        let mut setup = Setup::empty();
        for (square, piece) in fen.board.pieces() {
            if let Some(square) = square_to(square) {
                let piece = ::shakmaty::Piece {
                    color: color_to(piece.color),
                    role: role_to(piece.role),
                };
                setup.board.set_piece_at(square, piece);
            }
        }
        setup.turn = color_to(fen.side_to_move);
        for (color, letter) in fen.castling.iter() {
            let file = rook_file(&fen.board, color, letter);
            if let Some(rook) = Square::new(file, color.back_rank()).and_then(square_to) {
                setup.castling_rights.add(rook);
            }
        }
        setup.ep_square = fen.en_passant.and_then(square_to);
        setup.halfmoves = fen.halfmove_clock;
        setup.fullmoves = NonZeroU32::new(fen.fullmove_number).unwrap_or(NonZeroU32::MIN);
        setup
    }
}

impl From<Fen> for Setup {
    fn from(fen: Fen) -> Setup {
        Setup::from(&fen)
    }
}

/// shakmaty's FEN of a position; fails where shakmaty's FEN cannot hold the rights (three for
/// one colour, which fenkit's parser never gives).
impl TryFrom<&Fen> for ShakmatyFen {
    type Error = ConversionError;

    fn try_from(fen: &Fen) -> Result<ShakmatyFen, ConversionError> {
        ShakmatyFen::try_from_setup(Setup::from(fen))
            .map_err(|_| ConversionError::Castling("more than two rights for one colour"))
    }
}

/// The FEN of a setup, castling written X-FEN; fails on variant data (pockets, promoted
/// pieces, remaining checks) and on castling rights FEN cannot write.
impl TryFrom<&Setup> for Fen {
    type Error = ConversionError;

    fn try_from(setup: &Setup) -> Result<Fen, ConversionError> {
        if setup.pockets.is_some() {
            return Err(ConversionError::Variant("pieces in hand"));
        }
        if !setup.promoted.is_empty() {
            return Err(ConversionError::Variant("promoted pieces"));
        }
        if setup.remaining_checks.is_some() {
            return Err(ConversionError::Variant("remaining checks"));
        }
        let mut board = Board::empty();
        for (square, piece) in setup.board.iter() {
            if let Some(square) = square_from(square) {
                let piece = Piece {
                    color: color_from(piece.color),
                    role: role_from(piece.role),
                };
                board.set(square, Some(piece));
            }
        }
        Ok(Fen {
            board,
            side_to_move: color_from(setup.turn),
            castling: castling_from(&board, setup.castling_rights)?,
            en_passant: setup.ep_square.and_then(square_from),
            halfmove_clock: setup.halfmoves,
            fullmove_number: setup.fullmoves.get(),
        })
    }
}

impl TryFrom<Setup> for Fen {
    type Error = ConversionError;

    fn try_from(setup: Setup) -> Result<Fen, ConversionError> {
        Fen::try_from(&setup)
    }
}

impl TryFrom<&ShakmatyFen> for Fen {
    type Error = ConversionError;

    fn try_from(fen: &ShakmatyFen) -> Result<Fen, ConversionError> {
        Fen::try_from(fen.as_setup())
    }
}

/// The castling rights of the rooks on `rooks`, as X-FEN letters.
fn castling_from(board: &Board, rooks: Bitboard) -> Result<CastlingRights, ConversionError> {
    let mut rights = CastlingRights::NONE;
    for rook in rooks {
        let Some(square) = square_from(rook) else {
            continue;
        };
        let color = match square.rank() {
            0 => Color::White,
            7 => Color::Black,
            _ => {
                return Err(ConversionError::Castling(
                    "a rook square off the back ranks",
                ));
            }
        };
        let side = match color {
            Color::White => &mut rights.white,
            Color::Black => &mut rights.black,
        };
        if side.count() >= 2 {
            return Err(ConversionError::Castling(
                "more than two rights for one colour",
            ));
        }
        match x_fen_letter(board, color, square.file()) {
            crate::chess::CastlingLetter::KingSide => side.king_side = true,
            crate::chess::CastlingLetter::QueenSide => side.queen_side = true,
            crate::chess::CastlingLetter::File(file) => side.files |= 1 << file,
        }
    }
    Ok(rights)
}
