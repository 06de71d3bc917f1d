//! What a chess variant changes in the legality step, read through [`VariantRules`]: the
//! legality functions stay chess's and ask the rules where a variant differs (python-chess's
//! `chess.variant` boards and shakmaty's `variant` positions). The rules of each variant, their
//! limits and the words of their findings are `crate::variant`'s, which implements the trait
//! for the option value [`Variant`](crate::Variant); Rust finds an implementation wherever the crate writes it,
//! so chess names no module above it. Crazyhouse's pockets and three-check's counters are read
//! by `crate::variant` too, which adds their own rules.

use super::castling::CastlingLetter;
use super::types::{Color, Piece, Role, Square};
use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// A variant's rules as chess's validation step reads them. Every span a finding carries is
/// in the record as written (the legality step is given where the record's parts stand).
pub(crate) trait VariantRules {
    /// The board rules the step applies.
    fn board_rules(&self) -> BoardRules;
    /// The diagnostic of a finding of the variant's own rules (a `fenkit::variant::*` code).
    fn word(&self, finding: VariantFinding<'_>) -> Diagnostic;
}

/// What the legality step found against a variant's own rules, with the spans of the record.
#[derive(Clone, Copy, Debug)]
pub(crate) enum VariantFinding<'a> {
    /// No piece on the board, at the placement, in a variant without kings (antichess).
    EmptyBoard { placement: Span },
    /// A castling right of `color`, written `letter`, in a variant without castling.
    NoCastling {
        color: Color,
        letter: CastlingLetter,
        span: Span,
    },
    /// A king of `color`, which is the horde and has none.
    HordeKing { color: Color, king: (Square, Span) },
    /// `count` pieces of the horde `color`, more than its most; `extra` is the first too many.
    HordeTooManyPieces {
        color: Color,
        count: usize,
        most: u32,
        extra: (Square, Span),
    },
    /// A pawn in a variant without pawns (racing kings).
    RacePawn { color: Color, pawn: (Square, Span) },
    /// `count` pieces like `piece`, more than the `most` the variant allows.
    RaceMaterial {
        piece: Piece,
        count: usize,
        most: u32,
        extra: (Square, Span),
    },
    /// The king of the side to move in check, in a variant where no move gives check.
    RaceCheck {
        mover: Color,
        king: (Square, Span),
        checkers: &'a [(Square, Span)],
    },
    /// Both kings on the last rank with Black to move: the race is over.
    RaceOver {
        kings: &'a [(Square, Span)],
        side_field: Span,
    },
}

/// How many kings a side must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kings {
    /// Exactly one each (chess).
    One,
    /// Atomic: the side to move may have none (it exploded with the last capture).
    MoverMayLack,
    /// Antichess: the king is an ordinary piece, any number or none.
    Any,
    /// Horde: White, the horde, has none; Black has one.
    WhiteHorde,
}

/// Which checks the step looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Checks {
    /// Chess's: the side not to move not in check, at most two checkers, a possible check.
    Chess,
    /// Atomic: kings side by side give no check, a side without a king is not left in
    /// check, and without an en passant square any number of checks can be uncovered.
    Atomic,
    /// Antichess: there is no check.
    None,
    /// Racing kings: no king may be in check.
    Racing,
}

/// The board rules of one variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BoardRules {
    /// Chess's own rules (chess, king of the hill, three-check): the step's fast path.
    pub(crate) chess: bool,
    pub(crate) kings: Kings,
    /// Chess's counts: 8 pawns and 16 pieces a side (not crazyhouse's, whose captures change
    /// sides).
    pub(crate) counts: bool,
    /// The most pieces the horde (with [`Kings::WhiteHorde`]) may have.
    pub(crate) horde_pieces: u32,
    /// Whether castling rights exist (not in antichess or racing kings).
    pub(crate) castling: bool,
    pub(crate) checks: Checks,
    /// A race's material (racing kings): no pawns, and at most this many pieces of each role
    /// listed a side; the race not over with Black to move. `None` in every other variant.
    pub(crate) race: Option<&'static [(Role, u32)]>,
}

impl BoardRules {
    /// Chess's board rules, which each variant's start from.
    pub(crate) const CHESS: BoardRules = BoardRules {
        chess: true,
        kings: Kings::One,
        counts: true,
        horde_pieces: 0,
        castling: true,
        checks: Checks::Chess,
        race: None,
    };

    /// The fewest and most kings `color` may have, `mover` being the side to move.
    pub(crate) const fn kings_of(self, color: Color, mover: Color) -> (u32, u32) {
        match (self.kings, color) {
            (Kings::One, _) => (1, 1),
            (Kings::MoverMayLack, _) => {
                if color as u8 == mover as u8 {
                    (0, 1)
                } else {
                    (1, 1)
                }
            }
            (Kings::Any, _) => (0, u32::MAX),
            (Kings::WhiteHorde, Color::White) => (0, 0),
            (Kings::WhiteHorde, Color::Black) => (1, 1),
        }
    }

    /// Whether `color` is the horde: no king, up to [`horde_pieces`](Self::horde_pieces)
    /// pieces, pawns on its first rank.
    pub(crate) const fn is_horde(self, color: Color) -> bool {
        matches!((self.kings, color), (Kings::WhiteHorde, Color::White))
    }
}
