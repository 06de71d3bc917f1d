//! What a FEN of a game is judged by, as a value kept with its record; the judging is in
//! `judge.rs`.

use crate::draughts::Board;
use crate::options::{Castling, ParseOptions, Variant};

/// The rules a FEN of the game is read by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Rules {
    /// Draughts on the GameType's board; an unknown GameType is kept for its warning.
    Draughts(Option<Board>, Option<String>),
    /// Chess with these castling rules, by the rules of this variant.
    Chess(Castling, Variant),
    /// A variant fenkit does not read: the FEN is not judged.
    Unsupported,
    /// The FEN's shape decides.
    Shape,
}

/// What a FEN of a game was judged by, kept with its record so that the same tag can be judged
/// again after an edit of its value (`fenkit fix` applies one fix at a time, each on a fresh
/// reading).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Retrial {
    /// Where the tag pair, setup command or bare record starts in its line.
    pub(super) start: usize,
    pub(super) rules: Rules,
    pub(super) options: ParseOptions,
    /// Whether the game has `[SetUp "1"]`.
    pub(super) has_setup: bool,
}

impl Retrial {
    /// A retrial of a line read as a record of its own (from `start`), on `options`.
    pub(super) fn bare(start: usize, options: ParseOptions) -> Retrial {
        Retrial {
            start,
            rules: Rules::Shape,
            options,
            has_setup: false,
        }
    }
}
