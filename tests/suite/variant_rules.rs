//! The variant chosen by `ParseOptions.variant`: each variant's board rules in the legality
//! step (a wrong and a right record for each rule it adds or drops, each code on its span),
//! `parse_any` reading crazyhouse and three-check records, and shakmaty's variant perft
//! positions, every one valid under its variant.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::variant::codes;
use fenkit::{Castling, Fen, Notation, ParseOptions, Position, Variant, parse_any};

use crate::common::{assert_diagnostic, primary_spans, render, shared_corpus};

fn under(variant: Variant) -> ParseOptions {
    ParseOptions::strict().validated().with_variant(variant)
}

fn codes_under(record: &str, variant: Variant) -> Vec<&'static str> {
    let (_, parsed) = parse_any(record.as_bytes(), None, &under(variant));
    parsed.diagnostics.iter().map(|d| d.code()).collect()
}

/// `record` is valid under `variant` and has `chess` codes under chess.
fn valid_under(record: &str, variant: Variant) {
    let found = codes_under(record, variant);
    assert!(found.is_empty(), "{record} under {variant}: {found:?}");
}

/// `record` under `variant` has exactly one diagnostic, `code`, on `needle` (its `nth`).
fn one_under(record: &str, variant: Variant, code: &str, needle: &str, nth: usize) {
    let (_, parsed) = parse_any(record.as_bytes(), None, &under(variant));
    let offset = record.match_indices(needle).nth(nth).unwrap().0;
    assert_eq!(
        primary_spans(&parsed.diagnostics),
        [(code_static(code), offset, needle.len())],
        "{record} under {variant}"
    );
    assert_diagnostic(
        &parsed.diagnostics,
        fenkit::Mode::Strict,
        record,
        (offset, needle.len()),
        code,
    );
}

fn code_static(code: &str) -> &'static str {
    fenkit::codes::all()
        .find(|info| info.code == code)
        .map(|info| info.code)
        .unwrap_or_else(|| panic!("{code} is not a code"))
}

// --- The tracker's records ---

const HORDE_START: &str =
    "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1";

#[test]
fn horde_start_is_valid_under_horde_and_not_under_chess() {
    valid_under(HORDE_START, Variant::Horde);
    assert!(codes_under(HORDE_START, Variant::Chess).len() > 5);
}

#[test]
fn atomic_kings_side_by_side_are_not_in_check() {
    let record = "8/8/8/8/8/3kK3/8/8 w - - 0 1";
    valid_under(record, Variant::Atomic);
    assert_eq!(
        codes_under(record, Variant::Chess),
        ["fenkit::fen::opposite_check"]
    );
}

#[test]
fn antichess_needs_no_king() {
    let record = "8/1p6/8/8/8/8/P7/8 w - - 0 1";
    valid_under(record, Variant::Antichess);
    assert!(codes_under(record, Variant::Chess).contains(&"fenkit::fen::missing_king"));
}

#[test]
fn racing_kings_start_is_valid_and_a_check_is_reported() {
    valid_under(
        "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
        Variant::RacingKings,
    );
    // The white rook gives check along rank 2, Black to move.
    let record = "8/8/8/8/8/8/k5RK/8 b - - 0 1";
    one_under(
        record,
        Variant::RacingKings,
        codes::RACING_KINGS_CHECK,
        "k",
        0,
    );
    valid_under(record, Variant::Chess);
}

#[test]
fn king_of_the_hill_is_chess() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    valid_under(start, Variant::KingOfTheHill);
    assert_eq!(
        codes_under("8/8/8/8/8/8/8/8 w - - 0 1", Variant::KingOfTheHill),
        codes_under("8/8/8/8/8/8/8/8 w - - 0 1", Variant::Chess)
    );
}

// --- Each rule a variant adds, wrong and right, on its span ---

#[test]
fn antichess_and_racing_kings_have_no_castling() {
    let record = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1";
    let (_, parsed) = parse_any(record.as_bytes(), None, &under(Variant::Antichess));
    assert_eq!(
        primary_spans(&parsed.diagnostics),
        [(codes::NO_CASTLING, 46, 1), (codes::NO_CASTLING, 47, 1)]
    );
    valid_under(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        Variant::Antichess,
    );
    one_under(
        "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w k - 0 1",
        Variant::RacingKings,
        codes::NO_CASTLING,
        "k",
        1,
    );
    // With standard castling rules, still one diagnostic per right.
    let options = under(Variant::Antichess).with_castling(Castling::Standard);
    let (_, parsed) = parse_any(record.as_bytes(), None, &options);
    assert_eq!(parsed.diagnostics.len(), 2);
}

#[test]
fn antichess_drops_every_king_and_check_rule() {
    for record in [
        "8/8/8/8/8/8/8/KKK5 w - - 0 1",
        "k7/8/8/8/8/8/8/R6K w - - 0 1",
        "k7/8/8/8/8/8/8/R6K b - - 0 1",
        "k7/8/8/8/8/8/8/8 b - - 0 1",
    ] {
        valid_under(record, Variant::Antichess);
    }
    // Chess's other rules stay: a pawn on a back rank.
    one_under(
        "8/8/8/8/8/8/8/P7 w - - 0 1",
        Variant::Antichess,
        "fenkit::fen::pawn_on_back_rank",
        "P",
        0,
    );
}

#[test]
fn horde_white_has_no_king() {
    one_under(
        "4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
        Variant::Horde,
        codes::HORDE_KING,
        "K",
        0,
    );
    valid_under("4k3/8/8/8/8/8/PPPPPPPP/PPPPPPPP w - - 0 1", Variant::Horde);
    // Black keeps chess's king rule.
    one_under(
        "8/8/8/8/8/8/PPPPPPPP/PPPPPPPP w - - 0 1",
        Variant::Horde,
        "fenkit::fen::missing_king",
        "8/8/8/8/8/8/PPPPPPPP/PPPPPPPP",
        0,
    );
}

#[test]
fn horde_pawns_stand_on_their_first_rank_but_not_on_the_last() {
    valid_under("4k3/8/8/8/8/8/8/P7 w - - 0 1", Variant::Horde);
    one_under(
        "P3k3/8/8/8/8/8/8/8 w - - 0 1",
        Variant::Horde,
        "fenkit::fen::pawn_on_back_rank",
        "P",
        0,
    );
    // A black pawn on rank 1 is wrong in horde too.
    one_under(
        "4k3/8/8/8/8/8/8/p6P w - - 0 1",
        Variant::Horde,
        "fenkit::fen::pawn_on_back_rank",
        "p",
        0,
    );
}

#[test]
fn the_horde_has_at_most_36_pieces() {
    valid_under(HORDE_START, Variant::Horde);
    // 37 White pieces: the start's 36 pawns and a queen.
    let record = "rnbqkbnr/pppppppp/8/QPP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1";
    let (_, parsed) = parse_any(record.as_bytes(), None, &under(Variant::Horde));
    assert_eq!(
        primary_spans(&parsed.diagnostics),
        [(codes::HORDE_TOO_MANY_PIECES, 62, 1)],
        "{record}"
    );
    assert_diagnostic(
        &parsed.diagnostics,
        fenkit::Mode::Strict,
        record,
        (62, 1),
        codes::HORDE_TOO_MANY_PIECES,
    );
}

#[test]
fn horde_checks_are_judged_on_the_one_king() {
    // White to move, the black king attacked by a horde pawn: the side not to move in check.
    let record = "4k3/3P4/8/8/8/8/8/8 w - - 0 1";
    assert_eq!(
        codes_under(record, Variant::Horde),
        ["fenkit::fen::opposite_check"]
    );
    valid_under("4k3/3P4/8/8/8/8/8/8 b - - 0 1", Variant::Horde);
}

#[test]
fn racing_kings_has_no_pawns() {
    one_under(
        "8/8/8/8/8/8/krbnNBRK/qrbnNBRP w - - 0 1",
        Variant::RacingKings,
        codes::RACING_KINGS_PAWN,
        "P",
        0,
    );
}

#[test]
fn racing_kings_has_two_of_a_piece_and_one_queen() {
    one_under(
        "8/8/8/8/8/8/krbnNBRK/qrbnNBRN w - - 0 1",
        Variant::RacingKings,
        codes::RACING_KINGS_MATERIAL,
        "N",
        2,
    );
    one_under(
        "8/8/8/8/8/8/krbnNBQK/qrbnNBRQ w - - 0 1",
        Variant::RacingKings,
        codes::RACING_KINGS_MATERIAL,
        "Q",
        1,
    );
}

#[test]
fn an_antichess_board_has_a_piece() {
    // The game ends when a side has no piece: both sides without one cannot happen
    // (python-chess's `EMPTY`).
    let record = "8/8/8/8/8/8/8/8 w - - 0 70";
    let (_, parsed) = parse_any(record.as_bytes(), None, &under(Variant::Antichess));
    assert_eq!(
        primary_spans(&parsed.diagnostics),
        [(codes::EMPTY_BOARD, 0, 15)]
    );
    assert_diagnostic(
        &parsed.diagnostics,
        fenkit::Mode::Strict,
        record,
        (0, 15),
        codes::EMPTY_BOARD,
    );
    // One side without a piece has won: a position of the game.
    valid_under("8/8/8/8/8/8/8/k7 w - - 0 70", Variant::Antichess);
    valid_under("8/8/8/8/8/8/8/K7 b - - 0 70", Variant::Antichess);
}

#[test]
fn racing_kings_race_is_over_with_black_to_move_and_both_kings_home() {
    let record = "k6K/8/8/8/8/8/8/8 b - - 0 1";
    let (_, parsed) = parse_any(record.as_bytes(), None, &under(Variant::RacingKings));
    assert_eq!(
        primary_spans(&parsed.diagnostics),
        [(codes::RACE_OVER, 0, 1)]
    );
    assert_diagnostic(
        &parsed.diagnostics,
        fenkit::Mode::Strict,
        record,
        (0, 1),
        codes::RACE_OVER,
    );
    valid_under("k6K/8/8/8/8/8/8/8 w - - 0 1", Variant::RacingKings);
}

#[test]
fn atomic_side_to_move_may_have_lost_its_king() {
    valid_under("4k3/8/8/8/8/8/8/8 w - - 0 1", Variant::Atomic);
    // The side not to move needs one.
    one_under(
        "4K3/8/8/8/8/8/8/8 w - - 0 1",
        Variant::Atomic,
        "fenkit::fen::missing_king",
        "4K3/8/8/8/8/8/8/8",
        0,
    );
}

#[test]
fn atomic_keeps_opposite_check_when_kings_stand_apart() {
    one_under(
        "4k3/8/8/8/8/8/8/4RK2 w - - 0 1",
        Variant::Atomic,
        "fenkit::fen::opposite_check",
        "k",
        0,
    );
}

#[test]
fn atomic_checks_without_en_passant_can_be_many() {
    // Three checkers: impossible in chess, possible in atomic (a king stepped away).
    let record = "4r3/7b/8/8/r3K3/8/8/k7 w - - 0 1";
    valid_under(record, Variant::Atomic);
    assert!(!codes_under(record, Variant::Chess).is_empty());
}

#[test]
fn crazyhouse_board_rules_drop_chess_piece_counts() {
    // Nine white pawns: captured black pawns dropped by White.
    let record = "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1";
    assert_eq!(
        codes_under(record, Variant::Chess),
        ["fenkit::fen::too_many_pawns"]
    );
    // Read with the crazyhouse variant: a FEN without pocket, a dialect, and no count.
    let options = ParseOptions::lenient()
        .validated()
        .with_variant(Variant::Crazyhouse);
    let (_, parsed) = parse_any(record.as_bytes(), None, &options);
    let found: Vec<_> = parsed.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(found, [codes::MISSING_POCKET]);
    // An EPD record read as EPD keeps its syntax and takes crazyhouse's board rules.
    let epd = "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - -";
    let (notation, parsed) = parse_any(
        epd.as_bytes(),
        Some(Notation::Epd),
        &under(Variant::Crazyhouse),
    );
    assert_eq!(notation, Notation::Epd);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
}

#[test]
fn fen_parse_reads_the_variant_of_its_options() {
    let record = "8/1p6/8/8/8/8/P7/8 w - - 0 1";
    assert!(Fen::parse(record.as_bytes(), &under(Variant::Antichess)).is_valid());
    assert!(!Fen::parse(record.as_bytes(), &under(Variant::Chess)).is_valid());
}

// --- parse_any with crazyhouse and three-check ---

#[test]
fn parse_any_reads_crazyhouse_in_every_pocket_form() {
    let options = under(Variant::Crazyhouse);
    for record in [
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR/Qn w KQkq - 0 1",
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[Qn] w KQkq - 0 1",
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[nQ] w KQkq - 0 1",
    ] {
        let (notation, parsed) = parse_any(record.as_bytes(), None, &options);
        assert_eq!(notation, Notation::Fen);
        assert!(
            parsed.diagnostics.is_empty(),
            "{record}: {:?}",
            parsed.diagnostics
        );
        let value = parsed.value.unwrap();
        assert!(matches!(value, Position::Crazyhouse(_)));
        assert_eq!(
            value.to_string(),
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[Qn] w KQkq - 0 1"
        );
    }
    let (_, parsed) = parse_any(b"4k3/8/8/8/8/8/8/4K3[] w - - 0 1", None, &options);
    assert!(parsed.is_valid() && parsed.diagnostics.is_empty());
}

#[test]
fn an_empty_pocket_written_dash_is_a_dialect() {
    for (record, dash) in [
        ("4k3/8/8/8/8/8/8/4K3[-] w - - 0 1", 20),
        ("4k3/8/8/8/8/8/8/4K3/- w - - 0 1", 20),
    ] {
        let lenient = ParseOptions::lenient().with_variant(Variant::Crazyhouse);
        let (_, parsed) = parse_any(record.as_bytes(), None, &lenient);
        assert_eq!(
            primary_spans(&parsed.diagnostics),
            [(codes::DASH_POCKET, dash, 1)]
        );
        assert_diagnostic(
            &parsed.diagnostics,
            fenkit::Mode::Lenient,
            record,
            (dash, 1),
            codes::DASH_POCKET,
        );
        assert_eq!(
            parsed.value.unwrap().to_string(),
            "4k3/8/8/8/8/8/8/4K3[] w - - 0 1"
        );
        let strict = ParseOptions::strict().with_variant(Variant::Crazyhouse);
        let (_, parsed) = parse_any(record.as_bytes(), None, &strict);
        assert_diagnostic(
            &parsed.diagnostics,
            fenkit::Mode::Strict,
            record,
            (dash, 1),
            codes::DASH_POCKET,
        );
        // The fix writes `[]`.
        let fixed = fenkit::autofix::fix_record(record.as_bytes(), None, &strict);
        let canonical = b"4k3/8/8/8/8/8/8/4K3[] w - - 0 1".to_vec();
        assert_eq!(fixed, fenkit::autofix::Fixed::Valid(canonical));
    }
}

#[test]
fn parse_any_reads_three_check_in_both_counter_forms() {
    let options = under(Variant::ThreeCheck);
    for record in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+0",
    ] {
        let (notation, parsed) = parse_any(record.as_bytes(), None, &options);
        assert_eq!(notation, Notation::Fen);
        assert!(
            parsed.diagnostics.is_empty(),
            "{record}: {:?}",
            parsed.diagnostics
        );
        let value = parsed.value.unwrap();
        assert!(matches!(value, Position::ThreeCheck(_)));
        assert_eq!(
            value.to_string(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
        );
    }
}

#[test]
fn variant_legality_is_rendered() {
    let cases = [
        ("8/8/8/8/8/8/k5RK/8 b - - 0 1", Variant::RacingKings),
        ("4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", Variant::Horde),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1",
            Variant::Antichess,
        ),
        (
            "8/8/8/8/8/8/krbnNBRK/qrbnNBRN w - - 0 1",
            Variant::RacingKings,
        ),
        ("k6K/8/8/8/8/8/8/8 b - - 0 1", Variant::RacingKings),
    ];
    let mut out = String::new();
    for (record, variant) in cases {
        let (_, parsed) = parse_any(record.as_bytes(), None, &under(variant));
        out.push_str(&format!("{variant}: {record}\n"));
        out.push_str(&render("input", record, &parsed.diagnostics));
        out.push('\n');
    }
    insta::assert_snapshot!(out);
}

// --- The anchors: shakmaty's variant perft positions ---

/// The `epd` lines of a shakmaty perft file.
fn perft_records(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|line| line.strip_prefix("epd "))
        .map(str::trim)
        .collect()
}

#[test]
fn shakmaty_variant_perft_positions_are_valid_under_their_variant() {
    let Some(corpus) = shared_corpus() else {
        return;
    };
    let mut checked = 0;
    for (file, variant) in [
        ("atomic", Variant::Atomic),
        ("antichess", Variant::Antichess),
        ("horde", Variant::Horde),
        ("racingkings", Variant::RacingKings),
        ("crazyhouse", Variant::Crazyhouse),
        ("3check", Variant::ThreeCheck),
    ] {
        let text = corpus.read(&format!("chess/shakmaty/{file}.perft"));
        let records = perft_records(&text);
        assert!(!records.is_empty(), "{file}");
        for record in records {
            // The perft records have no clocks: lenient mode reads them with a warning. shakmaty
            // reads its variant perft files with Chess960 castling (`atomic960-castle-1`).
            let options = ParseOptions::lenient()
                .validated()
                .with_variant(variant)
                .with_castling(Castling::Chess960);
            let (read_as, parsed) = parse_any(record.as_bytes(), None, &options);
            let errors: Vec<_> = parsed
                .diagnostics
                .iter()
                .filter(|d| d.severity() == fenkit::Severity::Error)
                .map(|d| (d.code(), d.message().to_string()))
                .collect();
            assert!(errors.is_empty(), "{file}: {record}: {errors:?}");
            // The canonical writer: the text reads back strictly, clean, to the same value.
            let value = parsed.value.unwrap();
            let written = value.to_string();
            let strict = ParseOptions::strict()
                .validated()
                .with_variant(variant)
                .with_castling(Castling::Chess960);
            let (notation, again) = parse_any(written.as_bytes(), None, &strict);
            assert_eq!(notation, read_as, "{written}");
            assert!(
                again.diagnostics.is_empty(),
                "{written}: {:?}",
                again.diagnostics
            );
            assert_eq!(again.value.as_ref(), Some(&value), "{written}");
            checked += 1;
        }
    }
    eprintln!("{checked} shakmaty variant perft positions valid under their variant");
    assert!(checked >= 21, "{checked}");
}

/// A crazyhouse or three-check record without clocks, its notation detected, is the variant's
/// EPD form (as shakmaty's perft files write them): read as `0 1`, no diagnostic. Read as a
/// FEN (`Some(Notation::Fen)`), missing clocks stay FEN's dialect.
#[test]
fn variant_records_without_clocks_are_their_epd_form() {
    for (variant, record, canonical) in [
        (
            Variant::Crazyhouse,
            "2k5/8/8/8/8/8/8/4K3[Qn] w - -",
            "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1",
        ),
        (
            Variant::ThreeCheck,
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1 0 1",
        ),
    ] {
        let (notation, parsed) = parse_any(record.as_bytes(), None, &under(variant));
        assert_eq!(notation, Notation::Fen);
        assert!(
            parsed.diagnostics.is_empty(),
            "{record}: {:?}",
            parsed.diagnostics
        );
        assert_eq!(parsed.value.unwrap().to_string(), canonical);
        let (_, as_fen) = parse_any(record.as_bytes(), Some(Notation::Fen), &under(variant));
        let found: Vec<_> = as_fen.diagnostics.iter().map(|d| d.code()).collect();
        assert_eq!(found, [codes::MISSING_CLOCKS], "{record}");
    }
    // One clock is no EPD form: the other is missing.
    let found = codes_under("2k5/8/8/8/8/8/8/4K3[Qn] w - - 0", Variant::Crazyhouse);
    assert_eq!(found, [codes::MISSING_CLOCKS]);
}
