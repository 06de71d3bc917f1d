//! Chess FEN (NOTATIONS.md §1): parsing, the canonical writer and the legality step.

mod attacks;
mod castling;
pub mod codes;
mod fen;
mod fields;
mod legality;
mod placement;
mod types;
mod write;

pub use castling::{CastlingLetter, CastlingRights, SideRights};
pub use fen::Fen;
pub use types::{Board, Color, Piece, Role, Square};

pub(crate) use fen::NOTATION;

/// The diagnostic path on its own, for the fuzzing properties.
#[doc(hidden)]
pub fn diagnose_for_fuzzing(
    record: &[u8],
    mode: crate::options::Mode,
) -> crate::diagnostic::Parsed<Fen> {
    fen::diagnose(record, mode)
}
