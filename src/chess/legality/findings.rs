//! What the legality checks found, as values the checks fill (`mod.rs`) and the report reads
//! (`report.rs`).

use crate::chess::castling::CastlingLetter;
use crate::chess::types::{Color, Square, SquareSet};
use crate::chess::variant_rules::BoardRules;

/// Both colours, White first.
pub(super) const COLORS: [Color; 2] = [Color::White, Color::Black];

/// What is wrong with one castling right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CastlingProblem {
    /// The colour has no single king on its back rank between the a- and h-files.
    NoKing,
    /// No rook where the right names.
    NoRook,
    /// A second right on the same side of the king (its rook's file).
    SameSide(u8),
}

/// What is wrong with the en passant square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum EnPassantProblem {
    WrongRank,
    /// No pawn of the side not to move in front of it (the square where one should be).
    NoPawn(Square),
    /// The en passant square or the one behind it is occupied.
    Occupied(SquareSet),
}

/// The outcome of every rule, as plain data.
pub(super) struct Findings {
    /// The variant's rules the findings are judged by.
    pub(super) rules: BoardRules,
    pub(super) mover: Color,
    /// Kings of each colour.
    pub(super) kings: [SquareSet; 2],
    pub(super) back_rank_pawns: SquareSet,
    pub(super) pawns: [SquareSet; 2],
    pub(super) pieces: [SquareSet; 2],
    pub(super) castling: [Option<(Color, CastlingLetter, CastlingProblem)>; 4],
    pub(super) en_passant: Option<EnPassantProblem>,
    /// Pieces of the side to move attacking the other king.
    pub(super) opposite_check: SquareSet,
    /// Pieces giving check to the side to move.
    pub(super) checkers: SquareSet,
    pub(super) impossible_check: bool,
    /// Castling rights in a variant without castling.
    pub(super) forbidden_castling: bool,
    /// Racing kings: pawns, and too many pieces of a role on one side.
    pub(super) racing_pawns: SquareSet,
    pub(super) racing_material: bool,
    /// Racing kings: both kings on rank 8 with Black to move.
    pub(super) race_over: bool,
    /// Antichess: no piece on the board (the game ended when one side had none).
    pub(super) empty_board: bool,
}
