//! The values users pass as options: chess's castling rules and variant, the draughts board
//! (with the squares, sides and pieces it is made of). Values only, beneath every notation, so
//! that the shared [`ParseOptions`](crate::ParseOptions) can hold them without knowing a rule;
//! each notation re-exports its own ([`crate::chess`], [`crate::draughts`]).

mod chess;
mod draughts_board;
mod draughts_squares;

pub use chess::{Castling, Variant};
pub use draughts_board::{Board, SquareNotation};
pub use draughts_squares::{Color, Pieces, Square, SquareSet, Turn};
