//! Draughts FEN, the PDN `[FEN "..."]` tag value (NOTATIONS.md §3): parsing on a board of the
//! PDN GameType table, the canonical writer, the validation step, PDN tag pairs and a streaming
//! scanner for whole PDN files.

mod board;
pub mod codes;
mod diagnose;
mod fen;
mod legality;
mod pdn;
#[cfg(feature = "serde")]
mod serde_text;
mod tag;
mod types;
mod write;

pub use board::{Board, SquareNotation};
pub use fen::DraughtsFen;
pub use pdn::{PdnEnd, PdnScanner};
pub use tag::{TagFailure, TagPair, read_setup, read_tag};
pub use types::{Color, Pieces, Square, SquareSet, Turn};

pub(crate) use fen::NOTATION;
pub(crate) use pdn::parse_record;

/// The diagnostic path on its own, for the fuzzing properties.
#[doc(hidden)]
pub fn diagnose_for_fuzzing(
    record: &[u8],
    mode: crate::options::Mode,
    board: Option<Board>,
) -> crate::diagnostic::Parsed<DraughtsFen> {
    fen::diagnose_record(record, mode, board)
}
