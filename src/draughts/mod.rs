//! Draughts FEN, the PDN `[FEN "..."]` tag value (docs/notations.md): parsing on a board of the
//! PDN GameType table, the canonical writer, the validation step, PDN tag pairs and a streaming
//! scanner for whole PDN files.
//!
//! A FEN is read by one rule set, run fast first and again collecting diagnostics
//! only when it stopped (`crate::rules::run`): `tokens` (what the rules read: numbers, letters,
//! punctuation; whitespace and non-ASCII characters are judged once for the whole record),
//! `record` (the side to move and the `:` sections, the trailing `.`), `sections` (a colour and
//! its `,` list, or a Lidraughts counter), `squares` (an item: `K`, a square, a range, judged
//! against the notation and the board) and `messages` (the wording of every diagnostic). The
//! pass leaves the span of each item and section for the validation step (`legality`). The
//! board is the caller's, else the default for the notation of the first square. `parts` runs
//! the same rules for `fenkit::grammar`'s square, range and list combinators.

pub mod codes;
mod fen;
mod fen_tag;
mod legality;
mod messages;
mod parts;
mod pass;
mod read;
mod record;
mod sections;
#[cfg(feature = "serde")]
mod serde_text;
mod squares;
mod tokens;
mod write;

pub use crate::settings::{Board, SquareNotation};
pub use crate::settings::{Color, Pieces, Square, SquareSet, Turn};
pub use fen::DraughtsFen;

pub(crate) use fen::NOTATION;
pub(crate) use fen_tag::{in_line_order, judge_fen_tag, parse_record};
pub(crate) use parts::{SquareList, SquareNumber, SquareRange};

/// The record rule run collecting only (never the fast path), for the fuzzing properties.
#[doc(hidden)]
pub fn diagnose_for_fuzzing(
    record: &[u8],
    mode: crate::mode::Mode,
    board: Option<Board>,
) -> crate::diagnostic::Parsed<DraughtsFen> {
    use crate::rules::run::Rule;
    let mut rule = pass::DraughtsFenRecord::new(board);
    let mut cx = crate::rules::context::Cx::new(record, mode, crate::diagnostic::Sink::new());
    let value = rule.apply(&mut cx, record).ok().map(|(_, value)| value);
    crate::diagnostic::Parsed::from_sink(value, cx.into_sink())
}
