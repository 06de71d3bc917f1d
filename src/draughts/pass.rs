//! What a pass of the record rule keeps: the rule's state ([`DraughtsFenRecord`]), the items
//! it read for the validation step and the squares' settled notation. The rule is in
//! `record.rs`, its sections and square lists in `sections.rs` and `squares.rs`, each adding
//! its methods to the state; the state imports none of them.

use crate::settings::{Board, SquareNotation};
use crate::settings::{Color, Pieces, SquareSet};
use crate::span::Span;

/// The record rule and what its pass found.
#[derive(Clone, Debug, Default)]
pub(crate) struct DraughtsFenRecord {
    /// The caller's board; `None` lets the first square decide.
    pub(super) caller: Option<Board>,
    /// The notation and span of the first square: it decides the board when the caller did not.
    pub(super) first_square: Option<(SquareNotation, Span)>,
    /// A square of the other notation than the caller's board was reported (once per record).
    pub(super) notation_reported: bool,
    /// The notation of the squares read so far and the board they are on, once a square was
    /// read in the notation the record expects: later squares in it need no other check.
    pub(super) settled: Option<Settled>,
    /// Every item that names squares on the board (kept on the diagnostic run).
    pub(crate) items: Vec<Item>,
    /// Each section: its colour and its text from the colour letter to the end of its list
    /// (kept on the diagnostic run).
    pub(crate) sections: Vec<(Color, Span)>,
    pub(super) pieces: [Pieces; 2],
    /// The colour letter of each colour's section, once seen.
    pub(super) seen: [Option<Span>; 2],
    /// Some square was listed twice (within or across colours): the validation step must look.
    pub(crate) overlap: bool,
    pub(super) halfmove: Option<u32>,
    pub(super) fullmove: Option<u32>,
    /// Where each Lidraughts counter stands, its `:` included (found before the sections are
    /// read, on the diagnostic run): the fix of each counter removes them all. Empty when every
    /// section is a counter (removing them would leave no section: no fix is offered).
    pub(super) counters: Vec<Span>,
}

impl DraughtsFenRecord {
    /// The rule for a record on the caller's board (`None`: the default board for its squares).
    pub(crate) fn new(caller: Option<Board>) -> DraughtsFenRecord {
        DraughtsFenRecord {
            caller,
            ..DraughtsFenRecord::default()
        }
    }

    /// The board squares are read on: the caller's, else the default for the first square.
    pub(super) fn board(&self) -> Board {
        self.caller.unwrap_or_else(|| {
            Board::default_for(
                self.first_square
                    .map_or(SquareNotation::Numeric, |(notation, _)| notation),
            )
        })
    }

    /// The notation squares are expected in: the caller's board, else the first square's.
    pub(super) fn expected_notation(&self) -> Option<SquareNotation> {
        self.caller
            .map(Board::notation)
            .or(self.first_square.map(|(notation, _)| notation))
    }

    /// Adds the squares of an item to its colour.
    #[inline]
    pub(super) fn add(&mut self, color: Option<Color>, king: bool, set: SquareSet) {
        let Some(color) = color else {
            return;
        };
        if let Some(pieces) = self.pieces.get_mut(color as usize) {
            self.overlap |= !(pieces.all() & set).is_empty();
            pieces.add(king, set);
        }
    }

    /// Forgets a previous pass (the rule runs twice on a record that stops the fast path).
    #[inline]
    pub(super) fn reset(&mut self) {
        self.first_square = None;
        self.notation_reported = false;
        self.settled = None;
        self.items.clear();
        self.sections.clear();
        self.pieces = [Pieces::default(); 2];
        self.seen = [None; 2];
        self.overlap = false;
        self.halfmove = None;
        self.fullmove = None;
        self.counters.clear();
    }
}

/// An item of a square list as the validation step needs it: a by-product of the parse.
#[derive(Clone, Debug)]
pub(crate) struct Item {
    /// The section's colour (`None` when the section has no valid colour).
    pub(crate) color: Option<Color>,
    /// Whether the item is `K`-prefixed.
    pub(crate) king: bool,
    /// The squares it lists (indices on the board).
    pub(crate) set: SquareSet,
    /// The item's text.
    pub(crate) span: Span,
}

/// The notation of the squares read so far and the geometry of the board they are on, looked
/// up once per record: later squares in that notation need no other check.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settled {
    pub(super) notation: SquareNotation,
    pub(super) board: Board,
    /// The number of the last numbered square.
    pub(super) squares: u16,
    pub(super) width: u8,
    pub(super) height: u16,
}
