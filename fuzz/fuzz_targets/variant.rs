//! Variant legality against shakmaty's `variant` positions: the first byte picks a variant,
//! the rest is a record; on every record both libraries read, fenkit's verdict under
//! `ParseOptions::with_variant` (strict, validated, Chess960 castling) is shakmaty's
//! `VariantPosition::from_setup` with `CastlingMode::Chess960`, and both read the same pieces.
//!
//! Known intentional differences, left out of the comparison (fuzz/seeds/README.md names the
//! seeds that showed them and which side is right):
//!
//! - Material: chess's counts per side. fenkit counts 8 pawns and 16 pieces a side; shakmaty
//!   also counts promoted pieces against the missing pawns (`TOO_MUCH_MATERIAL`). Records where
//!   either reports its own count are skipped (but not in crazyhouse, racing kings and horde,
//!   whose own material rules both have).
//! - Horde: fenkit and python-chess make White the horde; shakmaty also accepts a Black horde
//!   (a White king and no Black one). Black's promoted pieces beyond its missing pawns are the
//!   material difference of chess above, skipped in horde too.
//! - Atomic: a side to move without a king (it exploded with the last capture) may have left
//!   the other king attacked; fenkit and python-chess accept it, shakmaty calls it
//!   `OPPOSITE_CHECK`.
//! - An empty board: shakmaty's `EMPTY_BOARD`; fenkit finds the missing kings in chess, and in
//!   antichess, where no king is needed, reports `fenkit::variant::empty_board`.
//! - Castling rights that fenkit's Chess960 rules and shakmaty's `Castles::from_setup` judge
//!   differently (a right on the king's own file, rooks outside the king's side): the chess
//!   `legality` target already compares castling; here a record with castling rights is
//!   compared only where the rights are standard (`KQkq` with the king on e1/e8 and the rooks
//!   in the corners).
//! - Checks that fenkit and shakmaty judge by different rules in chess already (fenkit's
//!   `impossible_check`, shakmaty's `IMPOSSIBLE_CHECK`), except in racing kings, where shakmaty
//!   reports any check of the side to move as `IMPOSSIBLE_CHECK` and fenkit as
//!   `racing_kings_check`.
#![no_main]

use fenkit::{Castling, Notation, ParseOptions, Position, Variant, parse_any};
use libfuzzer_sys::fuzz_target;
use shakmaty::variant::{Variant as Theirs, VariantPosition};
use shakmaty::{CastlingMode, PositionErrorKinds};

const VARIANTS: [(Variant, Theirs); 8] = [
    (Variant::Chess, Theirs::Chess),
    (Variant::Crazyhouse, Theirs::Crazyhouse),
    (Variant::ThreeCheck, Theirs::ThreeCheck),
    (Variant::KingOfTheHill, Theirs::KingOfTheHill),
    (Variant::Atomic, Theirs::Atomic),
    (Variant::Antichess, Theirs::Antichess),
    (Variant::Horde, Theirs::Horde),
    (Variant::RacingKings, Theirs::RacingKings),
];

/// Whether `color` has more pieces beyond its starting set (a second queen, a third rook or
/// knight, a second bishop on one colour of squares) than pawns it is missing: shakmaty's
/// `TOO_MUCH_MATERIAL` in chess.
fn promoted_beyond_missing_pawns(board: &shakmaty::Board, color: shakmaty::Color) -> bool {
    use shakmaty::{Bitboard, Role};
    let of = |role| board.by_color(color) & board.by_role(role);
    let bishops = of(Role::Bishop);
    let beyond = of(Role::Queen).count().saturating_sub(1)
        + of(Role::Rook).count().saturating_sub(2)
        + of(Role::Knight).count().saturating_sub(2)
        + (bishops & Bitboard::LIGHT_SQUARES)
            .count()
            .saturating_sub(1)
        + (bishops & Bitboard::DARK_SQUARES).count().saturating_sub(1);
    beyond > 8usize.saturating_sub(of(Role::Pawn).count())
}

/// fenkit's codes of the rules left out of the comparison.
const FENKIT_ONLY: [&str; 3] = [
    "fenkit::fen::too_many_pawns",
    "fenkit::fen::too_many_pieces",
    "fenkit::fen::impossible_check",
];

fuzz_target!(|data: &[u8]| {
    let Some((&choice, record)) = data.split_first() else {
        return;
    };
    let Some(&(ours, theirs)) = VARIANTS.get(usize::from(choice % 8)) else {
        return;
    };
    if !record.iter().all(|b| b.is_ascii_graphic() || *b == b' ') {
        return;
    }
    let options = ParseOptions::strict()
        .validated()
        .with_variant(ours)
        .with_castling(Castling::Chess960);
    let (_, parsed) = parse_any(record, Some(Notation::Fen), &options);
    let Some(position) = parsed.value.as_ref() else {
        return;
    };
    // Syntax problems are no verdict on the position.
    if parsed
        .diagnostics
        .iter()
        .any(|d| d.is_error() && !is_legality(d.code()))
    {
        return;
    }
    let Ok(fen) = shakmaty::fen::Fen::from_ascii(record) else {
        return;
    };
    let setup = fen.as_setup().clone();
    let board = match position {
        Position::Fen(fen) => &fen.board,
        Position::Crazyhouse(position) => &position.fen.board,
        Position::ThreeCheck(position) => &position.fen.board,
        _ => return,
    };
    for square in shakmaty::Square::ALL {
        let at = fenkit::chess::Square::new(square.file() as u8, square.rank() as u8);
        let mine = at
            .and_then(|at| board.get(at))
            .map(|piece| char::from(piece.letter()));
        let theirs = setup.board.piece_at(square).map(|piece| piece.char());
        assert_eq!(
            mine,
            theirs,
            "{}: {square}",
            String::from_utf8_lossy(record)
        );
    }
    let castling = record.split(|&b| b == b' ').nth(2).unwrap_or_default();
    if castling != b"-" && !standard_castling(board, castling) {
        return;
    }
    let verdict = VariantPosition::from_setup(theirs, setup.clone(), CastlingMode::Chess960);
    let kinds = verdict.as_ref().err().map(|e| e.kinds());
    let kinds = kinds.unwrap_or(PositionErrorKinds::empty());
    let own_material = matches!(
        ours,
        Variant::Crazyhouse | Variant::RacingKings | Variant::Horde
    );
    if !own_material && kinds.contains(PositionErrorKinds::TOO_MUCH_MATERIAL) {
        return;
    }
    // In horde, Black's pieces are chess's: promoted pieces beyond the missing pawns (a
    // second bishop on one colour counts) are the chess difference above, not the horde's rule.
    if ours == Variant::Horde
        && kinds.contains(PositionErrorKinds::TOO_MUCH_MATERIAL)
        && promoted_beyond_missing_pawns(&setup.board, shakmaty::Color::Black)
    {
        return;
    }
    if kinds.contains(PositionErrorKinds::EMPTY_BOARD) {
        return;
    }
    if parsed
        .diagnostics
        .iter()
        .any(|d| FENKIT_ONLY.contains(&d.code()))
        || (ours != Variant::RacingKings && kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK))
    {
        return;
    }
    let white_king = board.by_piece(king(fenkit::chess::Color::White)) != 0;
    let black_king = board.by_piece(king(fenkit::chess::Color::Black)) != 0;
    if ours == Variant::Horde && white_king && !black_king {
        return;
    }
    if ours == Variant::Atomic && kinds.contains(PositionErrorKinds::OPPOSITE_CHECK) {
        let mover_king = match setup.turn {
            shakmaty::Color::White => white_king,
            shakmaty::Color::Black => black_king,
        };
        if !mover_king {
            return;
        }
    }
    let codes: Vec<_> = parsed.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(
        parsed.is_valid(),
        verdict.is_ok(),
        "{} under {ours}: fenkit {codes:?}, shakmaty {kinds:?}",
        String::from_utf8_lossy(record),
    );
});

/// Whether `code` is reported by the validation step.
fn is_legality(code: &str) -> bool {
    fenkit::codes::all()
        .any(|info| info.code == code && info.kind == fenkit::codes::CodeKind::Legality)
}

fn king(color: fenkit::chess::Color) -> fenkit::chess::Piece {
    fenkit::chess::Piece {
        color,
        role: fenkit::chess::Role::King,
    }
}

/// Castling rights `KQkq` only, each with its king on e1/e8 and its rook in the corner.
fn standard_castling(board: &fenkit::chess::Board, rights: &[u8]) -> bool {
    use fenkit::chess::{Color, Piece, Role, Square};
    let at = |file: u8, rank: u8| Square::new(file, rank).and_then(|square| board.get(square));
    rights.iter().all(|&letter| {
        let (color, rank, rook_file) = match letter {
            b'K' => (Color::White, 0, 7),
            b'Q' => (Color::White, 0, 0),
            b'k' => (Color::Black, 7, 7),
            b'q' => (Color::Black, 7, 0),
            _ => return false,
        };
        at(4, rank)
            == Some(Piece {
                color,
                role: Role::King,
            })
            && at(rook_file, rank)
                == Some(Piece {
                    color,
                    role: Role::Rook,
                })
    })
}
