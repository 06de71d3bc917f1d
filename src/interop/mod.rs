//! Conversions between [`Fen`](crate::Fen) and the positions of other chess crates, so that fenkit
//! can be the front end (diagnostics) of a program that plays with them. Each is behind an optional
//! feature that is off by default:
//!
//! - `shakmaty`: `shakmaty::Setup` from a [`Fen`](crate::Fen) (`From`) and back (`TryFrom`), and
//!   `shakmaty::fen::Fen` both ways (`TryFrom`). shakmaty is GPL-3.0-or-later: a program that
//!   enables the feature links it.
//! - `cozy-chess`: `cozy_chess::Board` from a [`Fen`](crate::Fen) (`TryFrom`: cozy-chess builds
//!   only boards it can play on) and back (`From`).
//!
//! ```
//! # #[cfg(feature = "cozy-chess")] {
//! let fen: fenkit::Fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".parse()?;
//! let board = cozy_chess::Board::try_from(&fen)?;
//! assert_eq!(fenkit::Fen::from(&board), fen);
//! # }
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! Castling: a right is the rook it castles with in both crates, so fenkit's letters become
//! rook squares as shakmaty reads them (`K`: the outermost rook on the king's side, else the
//! h-file; a file letter: that file). On the way back the letters are X-FEN, as shakmaty writes
//! them: `K`/`Q` for the outermost rook on its side, a file letter for an inner one. So
//! `KQkq` comes back `KQkq`, and Shredder-FEN `HAha` comes back `KQkq` too (the same rights).

#[cfg(feature = "cozy-chess")]
mod cozy_chess;
#[cfg(feature = "shakmaty")]
mod shakmaty;

use crate::chess::{Board, CastlingLetter, Color, Piece, Role, Square};

/// Why a position does not convert.
#[derive(Clone, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConversionError {
    /// A clock does not fit the other crate's type (cozy-chess: the halfmove clock is a `u8`,
    /// the fullmove number a `u16`).
    #[error("the {clock} {value} is too large for {target}")]
    ClockTooLarge {
        /// `halfmove clock` or `fullmove number`.
        clock: &'static str,
        /// The value that does not fit.
        value: u32,
        /// The crate that cannot hold it.
        target: &'static str,
    },
    /// Castling rights FEN cannot write: more than two for one colour, or a rook square off the
    /// back ranks.
    #[error("castling rights FEN cannot write: {0}")]
    Castling(&'static str),
    /// Variant data FEN cannot hold (shakmaty's pockets, promoted pieces, remaining checks).
    #[error("{0} cannot be written in a chess FEN")]
    Variant(&'static str),
    /// cozy-chess refuses the position: it builds only boards it can play on.
    #[cfg(feature = "cozy-chess")]
    #[error("cozy-chess refuses the position: {0}")]
    CozyChess(::cozy_chess::BoardBuilderError),
}

/// The file of the rook a castling right names, as shakmaty reads it: for `K`/`Q` the
/// outermost of the colour's back-rank rooks and king if it is a rook, else the h-/a-file.
fn rook_file(board: &Board, color: Color, letter: CastlingLetter) -> u8 {
    match letter {
        CastlingLetter::KingSide => outermost_rook(board, color, (0..8).rev()).unwrap_or(7),
        CastlingLetter::QueenSide => outermost_rook(board, color, 0..8).unwrap_or(0),
        CastlingLetter::File(file) => file,
    }
}

/// The first of `files` on `color`'s back rank holding its rook, unless its king comes first.
fn outermost_rook(board: &Board, color: Color, files: impl Iterator<Item = u8>) -> Option<u8> {
    for file in files {
        let piece = Square::new(file, color.back_rank()).and_then(|square| board.get(square));
        match piece {
            Some(Piece { color: c, role }) if c == color && role == Role::Rook => {
                return Some(file);
            }
            Some(Piece { color: c, role }) if c == color && role == Role::King => return None,
            _ => {}
        }
    }
    None
}

/// The X-FEN letter of the right to castle with the rook on `rook_file`, as shakmaty writes
/// it: `K`/`Q` when that rook is the outermost of the colour's back-rank rooks on its side of
/// the king, the file letter otherwise.
fn x_fen_letter(board: &Board, color: Color, rook_file: u8) -> CastlingLetter {
    let rank = color.back_rank();
    let mine = |role: Role| {
        (0..8u8).filter(move |&file| {
            Square::new(file, rank).and_then(|square| board.get(square))
                == Some(Piece { color, role })
        })
    };
    let kings = board.by_piece(Piece {
        color,
        role: Role::King,
    });
    let king = (kings.count_ones() == 1)
        .then(|| Square::from_index(kings.trailing_zeros() as u8))
        .flatten()
        .filter(|king| king.rank() == rank)
        .map(Square::file);
    let (first, last) = (mine(Role::Rook).next(), mine(Role::Rook).next_back());
    match king {
        Some(king) if first == Some(rook_file) && rook_file < king => CastlingLetter::QueenSide,
        Some(king) if last == Some(rook_file) && king < rook_file => CastlingLetter::KingSide,
        _ => CastlingLetter::File(rook_file),
    }
}
