//! What a chess variant changes in the legality step, as a small table read from the
//! values-only [`Variant`]: the legality functions stay chess's and ask the table where a
//! variant differs (python-chess's `chess.variant` boards and shakmaty's `variant` positions).
//! Crazyhouse's pockets and three-check's counters are read by [`crate::variant`], which adds
//! their own rules.

use super::types::Color;
use crate::settings::Variant;

/// How many kings a side must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kings {
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
pub(super) enum Checks {
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

/// The legality rules of one variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Rules {
    /// The variant, for the wording of its diagnostics.
    pub(super) variant: Variant,
    pub(super) kings: Kings,
    /// Chess's counts: 8 pawns and 16 pieces a side (not crazyhouse's, whose captures change
    /// sides; the horde has its own, 36 pieces).
    pub(super) counts: bool,
    /// Whether castling rights exist (not in antichess or racing kings).
    pub(super) castling: bool,
    pub(super) checks: Checks,
    /// Racing kings' material: no pawns, at most 2 knights, bishops and rooks and 1 queen a
    /// side; and the race not over with Black to move.
    pub(super) racing: bool,
}

impl Rules {
    /// The rules of `variant` (king of the hill and three-check are chess's here).
    /// The rules of `variant`, from a table made when compiled (the legality step asks for
    /// them on every record).
    pub(super) fn of(variant: Variant) -> Rules {
        // In the order of `Variant`'s discriminants (a test holds them so).
        const TABLE: [Rules; 8] = [
            Rules::build(Variant::Chess),
            Rules::build(Variant::Crazyhouse),
            Rules::build(Variant::ThreeCheck),
            Rules::build(Variant::KingOfTheHill),
            Rules::build(Variant::Atomic),
            Rules::build(Variant::Antichess),
            Rules::build(Variant::Horde),
            Rules::build(Variant::RacingKings),
        ];
        TABLE
            .get(variant as usize)
            .copied()
            .unwrap_or_else(|| Rules::build(variant))
    }

    const fn build(variant: Variant) -> Rules {
        let chess = Rules {
            variant,
            kings: Kings::One,
            counts: true,
            castling: true,
            checks: Checks::Chess,
            racing: false,
        };
        match variant {
            Variant::Chess | Variant::KingOfTheHill | Variant::ThreeCheck => chess,
            Variant::Crazyhouse => Rules {
                counts: false,
                ..chess
            },
            Variant::Atomic => Rules {
                kings: Kings::MoverMayLack,
                checks: Checks::Atomic,
                ..chess
            },
            Variant::Antichess => Rules {
                kings: Kings::Any,
                castling: false,
                checks: Checks::None,
                ..chess
            },
            Variant::Horde => Rules {
                kings: Kings::WhiteHorde,
                ..chess
            },
            Variant::RacingKings => Rules {
                castling: false,
                checks: Checks::Racing,
                racing: true,
                ..chess
            },
        }
    }

    /// The fewest and most kings `color` may have, `mover` being the side to move.
    pub(super) const fn kings_of(self, color: Color, mover: Color) -> (u32, u32) {
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

    /// Whether these are chess's board rules (chess, king of the hill, three-check): the
    /// legality step's fast path.
    pub(super) const fn are_chess(self) -> bool {
        matches!(
            self.variant,
            Variant::Chess | Variant::KingOfTheHill | Variant::ThreeCheck
        )
    }

    /// Whether `color` is the horde: no king, up to 36 pieces, pawns on its first rank.
    pub(super) const fn is_horde(self, color: Color) -> bool {
        matches!((self.kings, color), (Kings::WhiteHorde, Color::White))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_holds_each_variant_s_rules() {
        for variant in Variant::ALL {
            assert_eq!(Rules::of(variant), Rules::build(variant), "{variant}");
        }
    }
}
