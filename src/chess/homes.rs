//! Where the king and rook of a castling right stand in standard chess, as values the
//! standard-castling check and its messages share.

use super::types::Square;

/// The piece of a castling right that is not on its standard square, and where it is.
#[derive(Clone, Copy)]
pub(crate) enum Misplaced {
    King(Square),
    Rook(Square),
}

/// The standard squares of a right's king and rook.
#[derive(Clone, Copy)]
pub(crate) struct Homes {
    pub(crate) king: Square,
    pub(crate) rook: Square,
}
