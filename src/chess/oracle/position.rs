//! The old four position fields checker (oracle).

use super::fields;
use super::placement;
use crate::chess::position::PositionFields;
use crate::diagnostic::{Sink, Span};
use crate::options::Mode;

/// Checks each present field on its own (`spans[..count]`), reporting every problem.
pub(crate) fn check_position(
    record: &[u8],
    spans: &[Span],
    mode: Mode,
    sink: &mut Sink,
) -> Option<PositionFields> {
    let field = |index: usize| spans.get(index).copied();
    let board = field(0).and_then(|span| placement::scan(record, span, mode, Some(sink), None));
    let side = field(1).and_then(|span| fields::check_side(record, span, mode, sink));
    let castling = field(2).and_then(|span| fields::check_castling(record, span, mode, sink));
    let en_passant = field(3).and_then(|span| fields::check_en_passant(record, span, sink));
    Some(PositionFields {
        board: board?,
        side_to_move: side?,
        castling: castling?,
        en_passant: en_passant?,
    })
}
