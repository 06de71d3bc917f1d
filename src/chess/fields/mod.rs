//! The five small FEN fields after the placement: side to move, castling, en passant and the
//! two clocks, one file each. Each is one rule (see `crate::rules`) over the whole field: the
//! fast path and the diagnostics run the same code.

mod castling;
mod clock;
mod common;
mod en_passant;
mod side;

pub(crate) use castling::{castling, castling_beside_kings};
pub(crate) use clock::clock;
pub(crate) use common::{Clock, judged};
pub(crate) use en_passant::en_passant;
pub(crate) use side::side_to_move;
