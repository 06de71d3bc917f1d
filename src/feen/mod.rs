//! FEEN 1.0.0 (docs/notations.md): Sashité's Forsyth–Edwards Enhanced Notation in its mid-2025
//! revision, `PLACEMENT HANDS STYLE-TURN`.
//!
//! - [`Piece`]: PNN pieces `[-+]?[A-Za-z]'?`; [`Style`]: SNN style names.
//! - [`Placement`]: a board of any dimension with absolute separators (`/`, `//`, `///`...),
//!   irregular ranks and multi-digit empty counts.
//! - [`Hands`]: the pieces in hand, always canonical (aggregated and sorted).
//! - [`StyleTurn`]: the two styles, the player to move first; [`Feen::style_of`] and
//!   [`Feen::gan`] say which style each piece has.
//! - [`Feen::from_fen`]: a chess FEN converted as the official examples do.
//!
//! Each rule is written once (see `crate::rules`): the record, the placement (its
//! ranks read by the shared rank rule), the hands, the style-turn field, PNN pieces and SNN
//! names. A record is read with the free sink first, which allocates only the value and stops
//! at the first problem; only a record it stops on is read again by the same rules, collecting every
//! diagnostic. The piece, hands and style-turn rules are public building blocks in
//! [`crate::grammar`] ([`pnn_piece`](crate::grammar::pnn_piece),
//! [`feen_hands`](crate::grammar::feen_hands),
//! [`feen_style_turn`](crate::grammar::feen_style_turn)).
//!
//! Forms of other FEEN revisions are recognised and rejected with a help that names them:
//! `-` for empty hands (the May 2025 drafts) and the `^` terminal marker (the late-2025
//! "Field Expression Encoding Notation").

mod board;
pub mod codes;
mod convert;
#[allow(clippy::module_inception)]
mod feen;
pub(crate) mod hands;
mod messages;
pub(crate) mod placement;
pub(crate) mod pnn;
mod record;
#[cfg(feature = "serde")]
mod serde_text;
mod snn;
pub(crate) mod style_turn;
mod types;
mod write;

pub use board::{Cell, Placement};
pub use feen::Feen;
pub use types::{HandEntry, Hands, InvalidToken, Piece, Side, State, Style, StyleTurn};

pub(crate) use feen::NOTATION;

/// The record rule run with the collecting sink alone (the diagnostic run), for the fuzzing
/// properties.
#[doc(hidden)]
pub fn diagnose_for_fuzzing(
    record: &[u8],
    mode: crate::mode::Mode,
) -> crate::diagnostic::Parsed<Feen> {
    use crate::rules::run::Rule;
    let mut cx = crate::rules::context::Cx::new(record, mode, crate::diagnostic::Sink::new());
    let value = record::FeenRecord
        .apply(&mut cx, record)
        .ok()
        .map(|(_, feen)| feen);
    crate::diagnostic::Parsed::from_sink(value, cx.into_sink())
}

/// Detection (docs/notations.md): a record of three fields or more is FEEN when its third field
/// is `NAME/name`-shaped: letters and digits around a `/`, one of the names starting with a
/// letter. A chess castling field never holds a `/`, so this never takes a chess record.
pub(crate) fn is_style_turn_shaped(third: &[u8]) -> bool {
    let mut has_slash = false;
    let mut name_starts_with_letter = false;
    let mut at_name_start = true;
    for &byte in third {
        if byte == b'/' {
            has_slash = true;
            at_name_start = true;
        } else if byte.is_ascii_alphanumeric() {
            name_starts_with_letter |= at_name_start && byte.is_ascii_alphabetic();
            at_name_start = false;
        } else {
            return false;
        }
    }
    has_slash && name_starts_with_letter
}
