//! Chess FEN: every diagnostic code with its span, the research vectors with the verdicts
//! of docs/notations.md, recovery, lenient normalisation and rendered reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeSet;
use std::sync::Mutex;

use fenkit::{Castling, Fen, Mode, ParseOptions};

use crate::common;

/// Codes seen by `expect`, to check that every code is covered.
static SEEN: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());

/// Parses `record` (with validation) and asserts a diagnostic with `code` whose primary span is
/// `offset..offset + len`, with the severity the code's kind gives in `mode`.
fn expect(mode: Mode, record: &str, offset: usize, len: usize, code: &str) {
    let parsed = Fen::parse(
        record.as_bytes(),
        &ParseOptions::strict().with_mode(mode).validated(),
    );
    let seen = common::assert_diagnostic(&parsed.diagnostics, mode, record, (offset, len), code);
    SEEN.lock().unwrap().insert(seen);
}

#[test]
fn every_fen_code_is_reported_with_its_span() {
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ♔BNR w KQkq - 0 1",
        39,
        3,
        "fenkit::fen::non_ascii",
    );
    expect(
        Mode::Strict,
        " rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        0,
        1,
        "fenkit::fen::surrounding_whitespace",
    );
    expect(
        Mode::Lenient,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1  ",
        56,
        2,
        "fenkit::fen::surrounding_whitespace",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w  KQkq - 0 1",
        45,
        2,
        "fenkit::fen::field_separator",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq - 0 1",
        43,
        1,
        "fenkit::fen::field_separator",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
        44,
        1,
        "fenkit::fen::missing_fields",
    );
    expect(
        Mode::Lenient,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        51,
        1,
        "fenkit::fen::missing_clocks",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        53,
        1,
        "fenkit::fen::missing_clocks",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        57,
        5,
        "fenkit::fen::extra_fields",
    );
    expect(
        Mode::Strict,
        "8/8/8/8/8/8/8 w - - 0 1",
        0,
        13,
        "fenkit::fen::too_few_ranks",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
        43,
        1,
        "fenkit::fen::too_many_ranks",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        18,
        1,
        "fenkit::fen::rank_too_short",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/p1p1p1p1p/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        9,
        9,
        "fenkit::fen::rank_too_long",
    );
    expect(
        Mode::Strict,
        "rnbqk?nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        1,
        "fenkit::fen::invalid_piece",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppp0pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        13,
        1,
        "fenkit::fen::invalid_digit",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        18,
        2,
        "fenkit::fen::adjacent_digits",
    );
    expect(
        Mode::Lenient,
        "rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        18,
        2,
        "fenkit::fen::adjacent_digits",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1",
        44,
        5,
        "fenkit::fen::invalid_side_to_move",
    );
    expect(
        Mode::Lenient,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
        44,
        1,
        "fenkit::fen::uppercase_side_to_move",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxkq - 0 1",
        48,
        1,
        "fenkit::fen::invalid_castling",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1",
        46,
        4,
        "fenkit::fen::castling_order",
    );
    expect(
        Mode::Lenient,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKQkq - 0 1",
        47,
        1,
        "fenkit::fen::castling_repeated",
    );
    expect(
        Mode::Strict,
        "4k2r/8/8/8/8/8/8/RR2K2R w KBQk - 0 1",
        28,
        1,
        "fenkit::fen::castling_too_many",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq x 0 1",
        51,
        1,
        "fenkit::fen::invalid_en_passant",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",
        52,
        1,
        "fenkit::fen::en_passant_rank",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        53,
        1,
        "fenkit::fen::invalid_halfmove_clock",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1abc",
        56,
        3,
        "fenkit::fen::invalid_fullmove_number",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 01",
        55,
        2,
        "fenkit::fen::invalid_fullmove_number",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967296 1",
        53,
        10,
        "fenkit::fen::clock_too_large",
    );
    expect(
        Mode::Lenient,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - - -",
        55,
        1,
        "fenkit::fen::dash_clock",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        55,
        1,
        "fenkit::fen::fullmove_zero",
    );
    expect(
        Mode::Strict,
        "k7/8/8/8/8/8/8/8 w - - 0 1",
        0,
        16,
        "fenkit::fen::missing_king",
    );
    expect(
        Mode::Strict,
        "k7/8/8/8/8/8/8/6KK w - - 0 1",
        17,
        1,
        "fenkit::fen::too_many_kings",
    );
    expect(
        Mode::Strict,
        "3P4/1k2K3/8/8/8/8/8/8 w - - 0 1",
        1,
        1,
        "fenkit::fen::pawn_on_back_rank",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        34,
        1,
        "fenkit::fen::too_many_pawns",
    );
    expect(
        Mode::Strict,
        "8/2Q1pk2/nbpppppp/8/8/2K4N/PPPPPPPP/BBB2BBB w - - 0 10",
        42,
        1,
        "fenkit::fen::too_many_pieces",
    );
    expect(
        Mode::Strict,
        "k6r/1p2b3/8/8/8/8/P4KPP/1B5R w K - 0 3",
        31,
        1,
        "fenkit::fen::castling_without_king",
    );
    expect(
        Mode::Strict,
        "1r2k3/8/8/8/8/8/8/R3KR2 w KQkq - 0 1",
        28,
        1,
        "fenkit::fen::castling_without_rook",
    );
    expect(
        Mode::Strict,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
        53,
        2,
        "fenkit::fen::en_passant_wrong_rank",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 b - e3 0 1",
        24,
        2,
        "fenkit::fen::en_passant_no_pawn",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1",
        15,
        1,
        "fenkit::fen::en_passant_not_empty",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1",
        1,
        1,
        "fenkit::fen::opposite_check",
    );
    expect(
        Mode::Strict,
        "4k3/5P2/3N4/8/8/8/4R3/4K3 b - - 0 1",
        1,
        1,
        "fenkit::fen::too_many_checkers",
    );
    expect(
        Mode::Strict,
        "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1",
        17,
        1,
        "fenkit::fen::impossible_check",
    );
    // A variant's record or another game's, read as chess by `parse_any`: one diagnostic.
    for (record, offset, len, code) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qn w KQkq - 0 1",
            43,
            3,
            "fenkit::fen::variant_record",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            0,
            57,
            "fenkit::fen::other_game",
        ),
    ] {
        let (_, parsed) = fenkit::parse_any(record.as_bytes(), None, &ParseOptions::strict());
        assert_eq!(parsed.diagnostics.len(), 1, "{record}");
        let seen = common::assert_diagnostic(
            &parsed.diagnostics,
            Mode::Strict,
            record,
            (offset, len),
            code,
        );
        SEEN.lock().unwrap().insert(seen);
    }
    // Standard castling is a choice of the validation step (tests/suite/castling.rs has the rest).
    let record = "r3k1r1/8/8/8/8/8/8/R3KR2 w KQkq - 0 1";
    let standard = ParseOptions::strict()
        .validated()
        .with_castling(fenkit::Castling::Standard);
    let parsed = Fen::parse(record.as_bytes(), &standard);
    let code = "fenkit::fen::castling_not_standard";
    let seen = common::assert_diagnostic(&parsed.diagnostics, Mode::Strict, record, (27, 1), code);
    SEEN.lock().unwrap().insert(seen);
    let seen = SEEN.lock().unwrap();
    let missing: Vec<_> = fenkit::chess::codes::ALL
        .iter()
        .map(|info| info.code)
        .filter(|code| !seen.contains(code) && *code != "fenkit::fen::syntax")
        .collect();
    assert!(missing.is_empty(), "codes never triggered: {missing:?}");
}

#[test]
fn an_empty_record_points_at_its_start() {
    let parsed = Fen::parse(b"", &ParseOptions::strict());
    assert_eq!(
        common::primary_spans(&parsed.diagnostics),
        [("fenkit::fen::missing_fields", 0, 0)]
    );
}

#[test]
fn independent_problems_each_get_their_own_error() {
    // A rank of 9 squares, side `x` and en passant on rank 4: three errors, three spans.
    let record = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPPP/RNBQKBNR x KQkq e4 0 1";
    let parsed = Fen::parse(record.as_bytes(), &ParseOptions::strict());
    assert_eq!(
        common::primary_spans(&parsed.diagnostics),
        [
            ("fenkit::fen::rank_too_long", 28, 9),
            ("fenkit::fen::invalid_side_to_move", 47, 1),
            ("fenkit::fen::en_passant_rank", 55, 1),
        ]
    );
    assert!(parsed.value.is_none());
}

#[test]
fn every_rank_is_checked() {
    let parsed = Fen::parse(b"9/8/7/8/8/x7/8/44 w - - 0 1", &ParseOptions::strict());
    let codes: Vec<_> = parsed.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(
        codes,
        [
            "fenkit::fen::invalid_digit",
            "fenkit::fen::rank_too_short",
            "fenkit::fen::invalid_piece",
            "fenkit::fen::adjacent_digits",
        ]
    );
}

#[test]
fn diagnostics_stop_at_32() {
    // Letters that are not pieces, each alone (a run of them is one diagnostic).
    let record = "xK".repeat(100) + " w - - 0 1";
    let parsed = Fen::parse(record.as_bytes(), &ParseOptions::strict());
    assert_eq!(parsed.diagnostics.len(), fenkit::MAX_DIAGNOSTICS);
}

#[test]
fn a_megabyte_line_is_an_error_not_a_hang() {
    let record = "1".repeat(1 << 20);
    let parsed = Fen::parse(record.as_bytes(), &ParseOptions::lenient().validated());
    assert!(!parsed.is_valid());
}

/// How a vector must come out: `valid`/`invalid`, then its codes in order (`~` = warning).
const VECTORS: &[(&str, &str, &str)] = &[
    ("std-start", "valid: ", "valid: "),
    ("std-e4", "valid: ", "valid: "),
    ("std-c5", "valid: ", "valid: "),
    ("std-kp", "valid: ", "valid: "),
    ("kiwipete", "valid: ", "valid: "),
    ("pyc-test-fen", "valid: ", "valid: "),
    ("cjs-ep-ok", "valid: ", "valid: "),
    (
        "rank-9-squares",
        "invalid: rank_too_long",
        "invalid: rank_too_long",
    ),
    (
        "rank-7-squares",
        "invalid: rank_too_short",
        "invalid: rank_too_short",
    ),
    (
        "digit-9",
        "invalid: invalid_digit",
        "invalid: invalid_digit",
    ),
    (
        "digits-17",
        "invalid: adjacent_digits",
        "valid: adjacent_digits~",
    ),
    (
        "digits-44",
        "invalid: adjacent_digits",
        "valid: adjacent_digits~",
    ),
    (
        "digits-08",
        "invalid: invalid_digit adjacent_digits",
        "invalid: invalid_digit adjacent_digits~",
    ),
    (
        "digit-0-between",
        "invalid: invalid_digit",
        "invalid: invalid_digit",
    ),
    (
        "ranks-7",
        "invalid: too_few_ranks",
        "invalid: too_few_ranks",
    ),
    (
        "ranks-9",
        "invalid: too_many_ranks",
        "invalid: too_many_ranks",
    ),
    (
        "bad-piece",
        "invalid: invalid_piece",
        "invalid: invalid_piece",
    ),
    ("unicode-piece", "invalid: non_ascii", "invalid: non_ascii"),
    (
        "trailing-slash",
        "invalid: too_many_ranks",
        "invalid: too_many_ranks",
    ),
    (
        "chessdb-slash-fm0",
        "invalid: too_many_ranks fullmove_zero",
        "invalid: too_many_ranks fullmove_zero~",
    ),
    (
        "no-space-side",
        "invalid: rank_too_long invalid_piece invalid_side_to_move invalid_en_passant missing_clocks",
        "invalid: rank_too_long invalid_piece invalid_side_to_move invalid_en_passant missing_clocks~",
    ),
    (
        "empty",
        "invalid: missing_fields",
        "invalid: missing_fields",
    ),
    (
        "board-only",
        "invalid: missing_fields",
        "invalid: missing_fields",
    ),
    (
        "board-side",
        "invalid: missing_fields",
        "invalid: missing_fields",
    ),
    ("epd-4", "invalid: missing_clocks", "valid: missing_clocks~"),
    (
        "fields-5",
        "invalid: missing_clocks",
        "valid: missing_clocks~",
    ),
    ("fields-7", "invalid: extra_fields", "invalid: extra_fields"),
    (
        "sf-3533",
        "invalid: missing_fields",
        "invalid: missing_fields",
    ),
    (
        "side-?",
        "invalid: invalid_side_to_move",
        "invalid: invalid_side_to_move",
    ),
    (
        "side-W",
        "invalid: uppercase_side_to_move",
        "valid: uppercase_side_to_move~",
    ),
    (
        "side-white",
        "invalid: invalid_side_to_move",
        "invalid: invalid_side_to_move",
    ),
    (
        "castle-kqKQ",
        "invalid: castling_order",
        "valid: castling_order~",
    ),
    (
        "castle-QKqk",
        "invalid: castling_order",
        "valid: castling_order~",
    ),
    (
        "castle-x",
        "invalid: invalid_castling",
        "invalid: invalid_castling",
    ),
    (
        "castle-dup",
        "invalid: castling_repeated castling_repeated castling_repeated castling_repeated",
        "valid: castling_repeated~ castling_repeated~ castling_repeated~ castling_repeated~",
    ),
    ("castle-shredder", "valid: ", "valid: "),
    (
        "castle-dash-K",
        "invalid: invalid_castling",
        "invalid: invalid_castling",
    ),
    (
        "castle-nonascii",
        "invalid: non_ascii",
        "invalid: non_ascii",
    ),
    (
        "castle-triple",
        "invalid: castling_too_many",
        "invalid: castling_too_many",
    ),
    (
        "castle-bad-rights",
        "invalid: castling_not_standard castling_without_rook castling_not_standard",
        "invalid: castling_not_standard castling_without_rook castling_not_standard",
    ),
    (
        "castle-no-rooks",
        "invalid: castling_without_king castling_without_king castling_without_king castling_without_king",
        "invalid: castling_without_king castling_without_king castling_without_king castling_without_king",
    ),
    (
        "sf-5982",
        "invalid: castling_without_king castling_without_king castling_without_rook castling_without_rook",
        "invalid: castling_without_king castling_without_king castling_without_rook castling_without_rook",
    ),
    (
        "ep-e4",
        "invalid: en_passant_rank",
        "invalid: en_passant_rank",
    ),
    (
        "ep-e2",
        "invalid: en_passant_rank",
        "invalid: en_passant_rank",
    ),
    (
        "ep-x",
        "invalid: invalid_en_passant",
        "invalid: invalid_en_passant",
    ),
    (
        "ep-E3",
        "invalid: invalid_en_passant",
        "invalid: invalid_en_passant",
    ),
    (
        "ep-wrong-side",
        "invalid: en_passant_wrong_rank",
        "invalid: en_passant_wrong_rank",
    ),
    (
        "ep-no-pawn",
        "invalid: en_passant_wrong_rank",
        "invalid: en_passant_wrong_rank",
    ),
    (
        "ep-cjs-b6",
        "invalid: en_passant_wrong_rank",
        "invalid: en_passant_wrong_rank",
    ),
    (
        "ep-cozy-d3",
        "invalid: impossible_check",
        "invalid: impossible_check",
    ),
    (
        "ep-impossible-check",
        "invalid: impossible_check",
        "invalid: impossible_check",
    ),
    (
        "hm-neg",
        "invalid: invalid_halfmove_clock",
        "invalid: invalid_halfmove_clock",
    ),
    (
        "hm-x",
        "invalid: invalid_halfmove_clock",
        "invalid: invalid_halfmove_clock",
    ),
    ("hm-dash", "invalid: dash_clock", "valid: dash_clock~"),
    (
        "clocks-dash-dash",
        "invalid: dash_clock dash_clock",
        "valid: dash_clock~ dash_clock~",
    ),
    (
        "hm-huge",
        "invalid: clock_too_large",
        "invalid: clock_too_large",
    ),
    ("hm-101", "valid: ", "valid: "),
    (
        "hm-plus",
        "invalid: invalid_halfmove_clock",
        "invalid: invalid_halfmove_clock",
    ),
    ("hm-leading-zero", "valid: ", "valid: "),
    (
        "hm-underscore",
        "invalid: invalid_halfmove_clock",
        "invalid: invalid_halfmove_clock",
    ),
    ("fm-0", "invalid: fullmove_zero", "valid: fullmove_zero~"),
    (
        "fm-neg",
        "invalid: invalid_fullmove_number",
        "invalid: invalid_fullmove_number",
    ),
    (
        "fm-x",
        "invalid: invalid_fullmove_number",
        "invalid: invalid_fullmove_number",
    ),
    (
        "fm-1abc",
        "invalid: invalid_fullmove_number",
        "invalid: invalid_fullmove_number",
    ),
    ("fm-fullwidth", "invalid: non_ascii", "invalid: non_ascii"),
    (
        "fm-semicolon",
        "invalid: invalid_fullmove_number",
        "invalid: invalid_fullmove_number",
    ),
    (
        "jb-fm0-ep",
        "invalid: fullmove_zero",
        "valid: fullmove_zero~",
    ),
    (
        "ws-trailing-space",
        "invalid: surrounding_whitespace",
        "valid: surrounding_whitespace~",
    ),
    (
        "ws-trailing-space-cjs",
        "invalid: missing_clocks surrounding_whitespace",
        "valid: missing_clocks~ surrounding_whitespace~",
    ),
    (
        "ws-trailing-newline",
        "invalid: surrounding_whitespace",
        "valid: surrounding_whitespace~",
    ),
    (
        "ws-crlf",
        "invalid: surrounding_whitespace",
        "valid: surrounding_whitespace~",
    ),
    (
        "ws-leading-space",
        "invalid: surrounding_whitespace",
        "valid: surrounding_whitespace~",
    ),
    (
        "ws-double-space",
        "invalid: field_separator field_separator field_separator field_separator field_separator",
        "valid: field_separator~ field_separator~ field_separator~ field_separator~ field_separator~",
    ),
    (
        "ws-tabs",
        "invalid: field_separator field_separator field_separator field_separator field_separator",
        "valid: field_separator~ field_separator~ field_separator~ field_separator~ field_separator~",
    ),
    (
        "ws-nbsp",
        "invalid: missing_fields non_ascii invalid_piece non_ascii non_ascii invalid_piece non_ascii invalid_digit non_ascii",
        "invalid: missing_fields non_ascii invalid_piece non_ascii non_ascii invalid_piece non_ascii invalid_digit non_ascii",
    ),
    (
        "sep-underscore",
        "invalid: missing_fields invalid_piece invalid_piece invalid_digit invalid_piece",
        "invalid: missing_fields invalid_piece invalid_piece invalid_digit invalid_piece",
    ),
    (
        "sk-double-space-missing",
        "invalid: field_separator invalid_en_passant missing_clocks",
        "invalid: field_separator~ invalid_en_passant missing_clocks~",
    ),
    (
        "sem-empty",
        "invalid: missing_king missing_king",
        "invalid: missing_king missing_king",
    ),
    (
        "sem-no-white-king",
        "invalid: missing_king",
        "invalid: missing_king",
    ),
    (
        "sem-two-white-kings",
        "invalid: too_many_kings",
        "invalid: too_many_kings",
    ),
    (
        "sem-pawn-8th",
        "invalid: pawn_on_back_rank",
        "invalid: pawn_on_back_rank",
    ),
    (
        "sem-opposite-check",
        "invalid: opposite_check",
        "invalid: opposite_check",
    ),
    (
        "sem-cjs-558",
        "invalid: opposite_check",
        "invalid: opposite_check",
    ),
    (
        "sem-triple-check",
        "invalid: too_many_checkers",
        "invalid: too_many_checkers",
    ),
    (
        "sem-9-pawns",
        "invalid: too_many_pawns too_many_pieces",
        "invalid: too_many_pawns too_many_pieces",
    ),
    (
        "sem-kings-touch",
        "invalid: opposite_check",
        "invalid: opposite_check",
    ),
    (
        "sf-1253",
        "invalid: missing_king castling_without_king castling_without_king",
        "invalid: missing_king castling_without_king castling_without_king",
    ),
    ("xfen-960", "valid: ", "valid: "),
    ("shredder-960", "valid: ", "valid: "),
    (
        "zh-brackets",
        "invalid: rank_too_long invalid_piece invalid_piece",
        "invalid: rank_too_long invalid_piece invalid_piece",
    ),
    (
        "zh-slash",
        "invalid: too_many_ranks",
        "invalid: too_many_ranks",
    ),
    (
        "zh-promoted",
        "invalid: rank_too_long invalid_piece invalid_piece",
        "invalid: rank_too_long invalid_piece invalid_piece",
    ),
    (
        "3check-xboard",
        "invalid: invalid_halfmove_clock fullmove_zero extra_fields",
        "invalid: invalid_halfmove_clock fullmove_zero~ extra_fields",
    ),
    (
        "3check-lichess",
        "invalid: extra_fields",
        "invalid: extra_fields",
    ),
    (
        "lasker-eco-1",
        "invalid: missing_clocks",
        "valid: missing_clocks~",
    ),
    (
        "lasker-ep",
        "invalid: missing_clocks",
        "valid: missing_clocks~",
    ),
    (
        "epd-bk01",
        "invalid: invalid_halfmove_clock invalid_fullmove_number extra_fields",
        "invalid: invalid_halfmove_clock invalid_fullmove_number extra_fields",
    ),
    (
        "epd-hmvc-fmvn",
        "invalid: invalid_halfmove_clock invalid_fullmove_number extra_fields",
        "invalid: invalid_halfmove_clock invalid_fullmove_number extra_fields",
    ),
    (
        "epd-semicolon-in-string",
        "invalid: invalid_halfmove_clock invalid_fullmove_number extra_fields",
        "invalid: invalid_halfmove_clock invalid_fullmove_number extra_fields",
    ),
    (
        "epd-eret-dashes",
        "invalid: dash_clock invalid_fullmove_number extra_fields",
        "invalid: dash_clock~ invalid_fullmove_number extra_fields",
    ),
    (
        "epd-escapes",
        "invalid: invalid_halfmove_clock invalid_fullmove_number extra_fields",
        "invalid: invalid_halfmove_clock invalid_fullmove_number extra_fields",
    ),
    (
        "epd-pv",
        "invalid: invalid_halfmove_clock invalid_fullmove_number extra_fields",
        "invalid: invalid_halfmove_clock invalid_fullmove_number extra_fields",
    ),
    (
        "epd-unterminated-quote",
        "invalid: invalid_halfmove_clock invalid_fullmove_number extra_fields",
        "invalid: invalid_halfmove_clock invalid_fullmove_number extra_fields",
    ),
    ("epd-fen-as-epd", "valid: ", "valid: "),
    (
        "epd-uci-bm",
        "invalid: invalid_halfmove_clock invalid_fullmove_number",
        "invalid: invalid_halfmove_clock invalid_fullmove_number",
    ),
    (
        "pyc-status-checker-align-1",
        "invalid: impossible_check",
        "invalid: impossible_check",
    ),
    (
        "pyc-status-checker-align-2",
        "invalid: impossible_check",
        "invalid: impossible_check",
    ),
    ("pyc-status-aligned-ok", "valid: ", "valid: "),
    (
        "pyc-status-two-knights",
        "invalid: impossible_check",
        "invalid: impossible_check",
    ),
    (
        "pyc-status-king-between",
        "invalid: castling_order",
        "invalid: castling_order~ castling_without_rook castling_not_standard castling_not_standard",
    ),
    ("pyc-960-start0-960", "valid: ", "valid: "),
    // python-chess's `BAD_CASTLING_RIGHTS` with `chess960=False`, the default here too.
    (
        "pyc-start0-standard",
        "invalid: castling_not_standard castling_not_standard castling_not_standard castling_not_standard",
        "invalid: castling_not_standard castling_not_standard castling_not_standard castling_not_standard",
    ),
    ("pyc-xfen-284-960", "valid: ", "valid: "),
    (
        "pyc-ep-illegal-board",
        "invalid: missing_king missing_king",
        "invalid: missing_king missing_king",
    ),
    (
        "pyc-ep-illegal-ep",
        "invalid: missing_king",
        "invalid: missing_king",
    ),
    (
        "pyc-bad-castling-960-a",
        "invalid: castling_without_rook castling_without_rook",
        "invalid: castling_without_rook castling_without_rook",
    ),
    (
        "pyc-bad-castling-960-b",
        "invalid: castling_without_rook",
        "invalid: castling_without_rook",
    ),
    ("pyc-960-diff-files", "valid: ", "valid: "),
    (
        "sk-castling-without-rook",
        "invalid: missing_fields",
        "invalid: missing_fields",
    ),
    (
        "sk-lichess-promoted",
        "invalid: rank_too_long invalid_piece too_many_ranks",
        "invalid: rank_too_long invalid_piece too_many_ranks",
    ),
    (
        "sk-remaining-checks",
        "invalid: invalid_halfmove_clock extra_fields",
        "invalid: invalid_halfmove_clock extra_fields",
    ),
    (
        "sk-legal-ep",
        "invalid: missing_clocks",
        "valid: missing_clocks~",
    ),
    (
        "sk-unrelated-ep",
        "invalid: impossible_check",
        "invalid: impossible_check",
    ),
    ("sk-swap-turn", "valid: ", "valid: "),
    (
        "sk-setup-rooks-960",
        "invalid: missing_clocks",
        "invalid: missing_clocks~ impossible_check",
    ),
    (
        "sk-setup-queen-960",
        "invalid: missing_clocks",
        "invalid: missing_clocks~ impossible_check",
    ),
    (
        "sk-setup-knights-960",
        "invalid: missing_clocks",
        "invalid: missing_clocks~ impossible_check",
    ),
    (
        "sk-setup-ok-960",
        "invalid: missing_clocks",
        "valid: missing_clocks~",
    ),
    (
        "cjs-ep-e7",
        "invalid: en_passant_rank",
        "invalid: en_passant_rank",
    ),
    (
        "cjs-ep-g3-white",
        "invalid: en_passant_wrong_rank",
        "invalid: en_passant_wrong_rank",
    ),
    ("cjs-ep-h3-ok", "valid: ", "valid: "),
    (
        "pl-rank8-empty",
        "invalid: too_many_pieces",
        "invalid: too_many_pieces",
    ),
];

fn outcome(record: &str, mode: Mode, castling: Castling) -> String {
    let parsed = Fen::parse(
        record.as_bytes(),
        &ParseOptions::strict()
            .with_mode(mode)
            .validated()
            .with_castling(castling),
    );
    common::verdict(&parsed, common::last_part)
}

/// The castling rules a research vector is read by: Chess960 for the Chess960 positions of the
/// suites it comes from (`960` in its id), as their projects read them; standard chess, the
/// default, for every other.
fn castling_of(id: &str) -> Castling {
    if id.contains("960") {
        Castling::Chess960
    } else {
        Castling::Standard
    }
}

/// The chess research vectors (`anchor-vectors.json`): each read as FEN, strict and lenient,
/// with validation, castling by standard chess's rules or, for the suites' Chess960 positions,
/// Chess960's. Where the research's "strict PGN 16" column differs, docs/notations.md decides: a halfmove clock above 4294967295 is an
/// error, legality problems make a syntactically fine record invalid, and EPD rows are not FEN.
#[test]
fn research_vectors_get_the_contract_verdicts() {
    let json: serde_json::Value =
        serde_json::from_str(&common::data("chess/anchor-vectors.json")).unwrap();
    let inputs: Vec<(String, String)> = json["vectors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["id"].as_str().unwrap().to_string(),
                v["input"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(inputs.len(), VECTORS.len());
    for ((id, input), (expected_id, strict, lenient)) in inputs.iter().zip(VECTORS) {
        assert_eq!(id, expected_id);
        let castling = castling_of(id);
        assert_eq!(
            outcome(input, Mode::Strict, castling),
            *strict,
            "{id} strict: {input:?}"
        );
        assert_eq!(
            outcome(input, Mode::Lenient, castling),
            *lenient,
            "{id} lenient: {input:?}"
        );
    }
}

#[test]
fn lenient_input_is_written_canonically() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W kqKQ - 0 0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KKQQkq - - -",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "  8/8/8/8/8/8/8/8\tb  -   e3 ",
            "8/8/8/8/8/8/8/8 b - e3 0 1",
        ),
        ("8/8/8/8/8/8/8/8 w AHah - 7", "8/8/8/8/8/8/8/8 w HAha - 7 1"),
    ];
    for (input, canonical) in cases {
        let parsed = Fen::parse(input.as_bytes(), &ParseOptions::lenient());
        assert!(parsed.is_valid(), "{input}: {:?}", parsed.diagnostics);
        assert!(
            parsed.warnings().count() > 0,
            "{input}: accepted without a warning"
        );
        assert_eq!(parsed.value.unwrap().to_string(), canonical);
        assert!(
            !Fen::parse(input.as_bytes(), &ParseOptions::strict()).is_valid(),
            "{input} is not strict FEN"
        );
    }
}

#[test]
fn the_writer_keeps_what_was_given() {
    for record in [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "4k3/8/8/8/8/8/8/4K3 w - - 4294967295 4294967295",
    ] {
        assert_eq!(record.parse::<Fen>().unwrap().to_string(), record);
    }
    // A halfmove clock may have leading zeros; it is written without them.
    let fen: Fen = "8/8/8/8/8/8/8/8 w - - 007 1".parse().unwrap();
    assert_eq!(fen.halfmove_clock, 7);
    assert_eq!(fen.to_string(), "8/8/8/8/8/8/8/8 w - - 7 1");
}

#[test]
fn validate_points_into_the_canonical_text() {
    let fen: Fen = "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1".parse().unwrap();
    let problems = fen.validate();
    assert_eq!(
        common::primary_spans(&problems),
        [("fenkit::fen::opposite_check", 1, 1)]
    );
}

#[test]
fn from_str_errors_render_every_problem() {
    let error = "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"
        .parse::<Fen>()
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid fen: `9` is not a count of empty squares"
    );
    assert_eq!(error.diagnostics().len(), 2);
    let mut rendered = String::new();
    miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
        .with_width(80)
        .with_urls(false)
        .render_report(&mut rendered, &error)
        .unwrap();
    insta::assert_snapshot!(rendered);
}

#[test]
fn rendered_reports() {
    let records = [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPPP/RNBQKBNR x KQkq e4 0 1",
        "rnbqkbnr/ppp?pppp/44/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1",
        "1rbq1rk1/1pp1ppbp/p1np1np1/8/2PPP3/2N1BP2/PP1QN1PP/R3KB1R w KQ -",
        "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w KQ e6 0 1",
        "k7/8/8/8/8/8/8/6KK w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1abc",
    ];
    let mut all = String::new();
    for record in records {
        let parsed = Fen::parse(record.as_bytes(), &ParseOptions::strict().validated());
        all.push_str(&common::render("tour.fen", record, &parsed.diagnostics));
    }
    insta::assert_snapshot!(all);
}

#[test]
fn rendered_lenient_warnings() {
    let record = "rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR  W KQkq - 0 0 ";
    let parsed = Fen::parse(record.as_bytes(), &ParseOptions::lenient());
    assert!(parsed.is_valid());
    insta::assert_snapshot!(common::render("lenient.fen", record, &parsed.diagnostics));
}

#[test]
fn a_fullmove_of_zeros_gets_a_fix_that_is_a_number() {
    let parsed = Fen::parse(b"8/8/8/8/8/8/8/8 w - - 0 00", &ParseOptions::lenient());
    let help = parsed.diagnostics.first().and_then(|d| d.help_text());
    assert_eq!(help, Some("write `1`: the first move is number 1"));
}
