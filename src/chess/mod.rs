//! Chess FEN (docs/notations.md): parsing, the canonical writer and the legality step.

mod attacks;
mod board;
mod castling;
pub mod codes;
pub(crate) mod fen;
pub(crate) mod fields;
mod homes;
mod legality;
mod messages;
pub(crate) mod placement;
pub(crate) mod position;
mod read;
pub(crate) mod record;
#[cfg(feature = "serde")]
mod serde_text;
mod standard_castling;
mod text;
mod types;
mod variant_rules;
mod write;

pub use board::Board;
pub use castling::{CastlingLetter, CastlingRights, SideRights};
pub use fen::Fen;
pub use text::ParseValueError;
pub use types::{Color, Piece, Role, Square};

pub(crate) use fen::NOTATION;
pub(crate) use messages::with_checkers;
pub(crate) use variant_rules::{BoardRules, Checks, Kings, VariantFinding, VariantRules};

/// Chess's option values, which live beneath every notation (`crate::settings`).
pub mod options {
    pub use crate::settings::{Castling, Variant};
}

/// The squares of `by`'s pieces that attack `target` (for writing moves).
pub(crate) fn attackers_of(board: &Board, target: Square, by: Color) -> Vec<Square> {
    let sets = board::PieceSets::of(board);
    attacks::squares(attacks::attackers(&sets, target, by)).collect()
}

/// The diagnostic run on its own (the record rule with the collecting sink), for the fuzzing
/// properties.
#[doc(hidden)]
pub fn diagnose_for_fuzzing(
    record: &[u8],
    mode: crate::mode::Mode,
) -> crate::diagnostic::Parsed<Fen> {
    use crate::rules::run::Rule;
    let mut rule = record::FenRecord::new(record);
    let mut cx = crate::rules::context::Cx::new(record, mode, crate::diagnostic::Sink::new());
    let value = rule.apply(&mut cx, record).ok().map(|(_, fen)| fen);
    crate::diagnostic::Parsed::from_sink(value, cx.into_sink())
}
