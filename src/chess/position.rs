//! The four position fields that FEN and EPD share: placement, side to move, castling and en
//! passant. One rule reads them for both notations, on the fast path and the diagnostic run.

use super::board::Board;
use super::castling::CastlingRights;
use super::fields::{self, judged};
use super::placement::{self, SquareOffsets};
use super::types::{Color, Square};
use crate::rules::context::Cx;
use crate::rules::report::{Report, Stop};

/// The position part of a FEN or EPD record, but for the board (left in the record rule's, see
/// [`position`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PositionFields {
    pub(crate) side_to_move: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) en_passant: Option<Square>,
}

/// Reads each present field on its own (a missing one is `None`), every problem reported; the
/// position if every field has a value. `squares` learns where each square's character is;
/// the placement is read into `board`, the record rule's (see [`placement::placement`]), which
/// holds the position's board when the position has a value.
#[inline]
pub(crate) fn position<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    [placement_field, side, castling, en_passant]: [Option<&'r [u8]>; 4],
    squares: &mut SquareOffsets,
    board: &mut Board,
) -> Result<Option<PositionFields>, Stop> {
    // The placement rule reads past non-ASCII characters itself (each covers a square).
    let placed = match placement_field {
        Some(field) => {
            let rule = |cx: &mut Cx<'r, R>, field| placement::placement(cx, field, squares, board);
            cx.resume(field, rule, |_| false)?.1
        }
        None => None,
    };
    let side = match side {
        Some(field) => judged(cx, field, fields::side_to_move)?,
        None => None,
    };
    // Where the kings stand tells whether castling letters out of order can be reordered.
    let kings = (placed.is_some() && cx.collects())
        .then(|| [Color::White, Color::Black].map(|color| king_file(board, color)));
    let castling = match castling {
        Some(field) => judged(cx, field, |cx, field| {
            fields::castling_beside_kings(cx, field, kings)
        })?,
        None => None,
    };
    let en_passant = match en_passant {
        Some(field) => judged(cx, field, fields::en_passant)?,
        None => None,
    };
    Ok((|| {
        placed?;
        Some(PositionFields {
            side_to_move: side?,
            castling: castling?,
            en_passant: en_passant?,
        })
    })())
}

/// The file of `color`'s only king when it stands on its back rank.
fn king_file(board: &Board, color: Color) -> Option<u8> {
    let king = super::attacks::single(board.by_piece(super::types::Piece {
        color,
        role: super::types::Role::King,
    }))?;
    let back_rank = if color == Color::White { 0 } else { 7 };
    (king.rank() == back_rank).then(|| king.file())
}
