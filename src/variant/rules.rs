//! The board rules of each chess variant, as chess's validation step reads them through
//! [`VariantRules`]: what each variant changes (kings, counts, castling, checks), racing kings'
//! and horde's limits, and the words of their findings (`messages`).

use super::messages;
use crate::chess::{BoardRules, Checks, Kings, Role, VariantFinding, VariantRules};
use crate::diagnostic::Diagnostic;
use crate::settings::Variant;

/// Racing kings' most pieces of a role a side may have (and no pawns).
const RACING_LIMITS: &[(Role, u32)] = &[
    (Role::Knight, 2),
    (Role::Bishop, 2),
    (Role::Rook, 2),
    (Role::Queen, 1),
];

/// The most pieces the horde may have: 36 pawns, as many as White starts horde with.
const HORDE_PIECES: u32 = 36;

/// The rules of `variant` (king of the hill and three-check are chess's on the board).
const fn build(variant: Variant) -> BoardRules {
    let chess = BoardRules::CHESS;
    match variant {
        Variant::Chess | Variant::KingOfTheHill | Variant::ThreeCheck => chess,
        Variant::Crazyhouse => BoardRules {
            chess: false,
            counts: false,
            ..chess
        },
        Variant::Atomic => BoardRules {
            chess: false,
            kings: Kings::MoverMayLack,
            checks: Checks::Atomic,
            ..chess
        },
        Variant::Antichess => BoardRules {
            chess: false,
            kings: Kings::Any,
            castling: false,
            checks: Checks::None,
            ..chess
        },
        Variant::Horde => BoardRules {
            chess: false,
            kings: Kings::WhiteHorde,
            horde_pieces: HORDE_PIECES,
            ..chess
        },
        Variant::RacingKings => BoardRules {
            chess: false,
            castling: false,
            checks: Checks::Racing,
            race: Some(RACING_LIMITS),
            ..chess
        },
    }
}

/// Every variant's rules, made when compiled (the legality step asks for them on every
/// record), in the order of `Variant`'s discriminants (a test holds them so).
const TABLE: [BoardRules; 8] = [
    build(Variant::Chess),
    build(Variant::Crazyhouse),
    build(Variant::ThreeCheck),
    build(Variant::KingOfTheHill),
    build(Variant::Atomic),
    build(Variant::Antichess),
    build(Variant::Horde),
    build(Variant::RacingKings),
];

impl VariantRules for Variant {
    fn board_rules(&self) -> BoardRules {
        TABLE
            .get(*self as usize)
            .copied()
            .unwrap_or_else(|| build(*self))
    }

    fn word(&self, finding: VariantFinding<'_>) -> Diagnostic {
        match finding {
            VariantFinding::EmptyBoard { placement } => messages::empty_board(*self, placement),
            VariantFinding::NoCastling {
                color,
                letter,
                span,
            } => messages::no_castling(*self, color, letter, span),
            VariantFinding::HordeKing { color, king } => messages::horde_king(color, king),
            VariantFinding::HordeTooManyPieces {
                color,
                count,
                most,
                extra,
            } => messages::horde_too_many_pieces(color, count, most, extra),
            VariantFinding::RacePawn { color, pawn } => messages::racing_kings_pawn(color, pawn),
            VariantFinding::RaceMaterial {
                piece,
                count,
                most,
                extra,
            } => messages::racing_kings_material(piece, count, most, extra),
            VariantFinding::RaceCheck {
                mover,
                king,
                checkers,
            } => messages::racing_kings_check(mover, king, checkers),
            VariantFinding::RaceOver { kings, side_field } => {
                messages::race_over(kings, side_field)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_holds_each_variant_s_rules() {
        for variant in Variant::ALL {
            assert_eq!(variant.board_rules(), build(variant), "{variant}");
        }
        assert!(Variant::Chess.board_rules().chess);
        assert!(!Variant::Horde.board_rules().chess);
    }
}
