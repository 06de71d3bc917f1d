//! Draughts FEN and PDN tags: every diagnostic code with its span, the research vectors with
//! the verdicts of docs/notations.md, boards, the writer, tag pairs, the file scanner and
//! rendered reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeSet;
use std::sync::Mutex;

use fenkit::draughts::{Board, Color, Square, Turn};
use fenkit::pgn::{GameRecord, GameScanner, RecordKind};
use fenkit::{Diagnostic, DraughtsFen, Mode, Notation, ParseOptions, Position, parse_any};

use crate::common;

/// Codes seen by `expect`, to check that every code is covered.
static SEEN: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());

fn options(mode: Mode, board: Option<Board>) -> ParseOptions {
    let options = ParseOptions::strict().with_mode(mode).validated();
    match board {
        Some(board) => options.with_draughts_board(board),
        None => options,
    }
}

/// Asserts a diagnostic with `code` whose primary span is `offset..offset + len` (see
/// `common::assert_diagnostic`) and records the code as covered.
fn check(
    diagnostics: &[Diagnostic],
    record: &str,
    mode: Mode,
    offset: usize,
    len: usize,
    code: &str,
) {
    let seen = common::assert_diagnostic(diagnostics, mode, record, (offset, len), code);
    SEEN.lock().unwrap().insert(seen);
}

/// Parses a FEN value (validated) and checks for `code` at `offset..offset + len`.
fn expect(mode: Mode, board: Option<Board>, record: &str, offset: usize, len: usize, code: &str) {
    let parsed = DraughtsFen::parse(record.as_bytes(), &options(mode, board));
    check(&parsed.diagnostics, record, mode, offset, len, code);
}

/// Reads a PDN record through `parse_any` and checks for `code`.
fn expect_pdn(mode: Mode, record: &str, offset: usize, len: usize, code: &str) {
    let (notation, parsed) = parse_any(record.as_bytes(), None, &options(mode, None));
    assert_eq!(notation, Notation::Pdn, "{record:?} is not detected as PDN");
    check(&parsed.diagnostics, record, mode, offset, len, code);
}

/// Reads `lines` as a PDN file with the game scanner: its FEN tags and setup commands, and an
/// unclosed comment at the end, in line order.
fn scan_pdn(lines: &[&str], options: ParseOptions) -> Vec<GameRecord> {
    let mut scanner = GameScanner::new(options);
    let mut records: Vec<GameRecord> = lines
        .iter()
        .flat_map(|line| scanner.scan_line(line.as_bytes()))
        .collect();
    records.extend(scanner.finish());
    records.retain(|record| {
        matches!(
            record.kind,
            RecordKind::FenTag | RecordKind::SetupCommand | RecordKind::UnclosedComment
        )
    });
    records.sort_by_key(|record| record.line);
    records
}

/// Scans `lines` as a PDN file: its end reports the unclosed comment at `line`, `offset`.
fn expect_unclosed(lines: &[&str], line: usize, offset: usize) {
    let records = scan_pdn(lines, options(Mode::Strict, None));
    let [end] = records.as_slice() else {
        panic!("one unclosed comment and nothing else: {records:?}");
    };
    assert_eq!(end.kind, RecordKind::UnclosedComment);
    assert_eq!(end.line, line);
    assert!(lines[line - 1].as_bytes().starts_with(&end.text));
    let text = String::from_utf8(end.text.to_vec()).unwrap();
    check(
        &end.parsed.diagnostics,
        &text,
        Mode::Strict,
        offset,
        1,
        "fenkit::pdn::unclosed_comment",
    );
}

/// Scans `lines` as a PDN file and checks the last line's first FEN for `code`.
fn expect_scanned(lines: &[&str], offset: usize, len: usize, code: &str) {
    let records = scan_pdn(lines, options(Mode::Strict, None));
    let last = records
        .iter()
        .find(|found| found.line == lines.len())
        .expect("a FEN on the last line");
    let record = lines.last().unwrap();
    check(
        &last.parsed.diagnostics,
        record,
        Mode::Strict,
        offset,
        len,
        code,
    );
}

#[test]
fn every_pdn_code_is_reported_with_its_span() {
    use Mode::{Lenient, Strict};
    let english = Some(Board::English);
    expect(Strict, None, "W:W31é:B1", 5, 2, "fenkit::pdn::non_ascii");
    expect(
        Strict,
        None,
        "W:W31, 32:B1",
        6,
        1,
        "fenkit::pdn::whitespace",
    );
    expect(
        Lenient,
        None,
        " W:W31:B1\t",
        0,
        1,
        "fenkit::pdn::whitespace",
    );
    expect(
        Lenient,
        None,
        " W:W31:B1\t",
        9,
        1,
        "fenkit::pdn::whitespace",
    );
    expect(Strict, None, "w:W31:B1", 0, 1, "fenkit::pdn::lowercase");
    expect(Lenient, None, "W:W31:b1", 6, 1, "fenkit::pdn::lowercase");
    expect(Lenient, None, "W:Wk31:B1", 3, 1, "fenkit::pdn::lowercase");
    expect(
        Strict,
        None,
        "W:W31-50:B1-20:H0:F1",
        14,
        3,
        "fenkit::pdn::counters",
    );
    expect(
        Lenient,
        None,
        "W:W31-50:B1-20:H0:F1",
        17,
        3,
        "fenkit::pdn::counters",
    );
    expect(Strict, None, "", 0, 0, "fenkit::pdn::missing_turn");
    expect(Strict, None, ":W31:B1", 0, 0, "fenkit::pdn::missing_turn");
    expect(Strict, None, "X:W31:B1", 0, 1, "fenkit::pdn::invalid_turn");
    expect(Strict, None, "W", 1, 0, "fenkit::pdn::missing_sections");
    expect(Strict, english, "W::.", 1, 1, "fenkit::pdn::invalid_colour");
    expect(Strict, english, "W::.", 2, 1, "fenkit::pdn::invalid_colour");
    expect(Strict, None, "W:31:B1", 2, 0, "fenkit::pdn::invalid_colour");
    expect(
        Strict,
        None,
        "W:X31:B1",
        2,
        1,
        "fenkit::pdn::invalid_colour",
    );
    expect(
        Strict,
        None,
        "?:?31:B1",
        2,
        1,
        "fenkit::pdn::unknown_colour",
    );
    expect(
        Strict,
        None,
        "W:W31:B1:W32",
        9,
        1,
        "fenkit::pdn::repeated_colour",
    );
    expect(
        Strict,
        None,
        "W:W31,,32:B1",
        5,
        1,
        "fenkit::pdn::empty_item",
    );
    expect(Strict, None, "W:W,31:B1", 3, 1, "fenkit::pdn::empty_item");
    expect(Strict, None, "W:W31,:B1", 5, 1, "fenkit::pdn::empty_item");
    expect(Strict, None, "W:WK:B1", 3, 1, "fenkit::pdn::missing_square");
    expect(
        Strict,
        None,
        "W:W31-:B1",
        5,
        1,
        "fenkit::pdn::incomplete_range",
    );
    expect(
        Strict,
        None,
        "W:W31K32:B1",
        5,
        0,
        "fenkit::pdn::missing_comma",
    );
    expect(
        Strict,
        None,
        "W:WG8:B1",
        3,
        1,
        "fenkit::pdn::unexpected_character",
    );
    expect(
        Strict,
        None,
        "W:W31:B1;",
        8,
        1,
        "fenkit::pdn::unexpected_character",
    );
    expect(
        Strict,
        None,
        "W:Wa1,31:B1",
        6,
        2,
        "fenkit::pdn::mixed_squares",
    );
    expect(
        Strict,
        None,
        "W:Wa1-c1:Bh8",
        3,
        5,
        "fenkit::pdn::alpha_range",
    );
    expect(
        Strict,
        english,
        "W:Wa1:B1",
        3,
        2,
        "fenkit::pdn::board_notation",
    );
    expect(
        Strict,
        Some(Board::Russian),
        "W:W31:B1",
        3,
        2,
        "fenkit::pdn::board_notation",
    );
    expect(
        Strict,
        None,
        "W:W55:B1",
        3,
        2,
        "fenkit::pdn::square_out_of_range",
    );
    expect(
        Strict,
        None,
        "W:W0:B1",
        3,
        1,
        "fenkit::pdn::square_out_of_range",
    );
    expect(
        Strict,
        english,
        "W:W31-50:B1-20",
        6,
        2,
        "fenkit::pdn::square_out_of_range",
    );
    expect(
        Strict,
        None,
        "W:Wi1:Bh8",
        3,
        2,
        "fenkit::pdn::square_out_of_range",
    );
    expect(
        Strict,
        None,
        "W:W99999999999999999999999:B1",
        3,
        23,
        "fenkit::pdn::square_out_of_range",
    );
    expect(
        Strict,
        None,
        "W:W50-31:B1",
        3,
        5,
        "fenkit::pdn::descending_range",
    );
    expect(Strict, None, "W:W31:B1.", 8, 1, "fenkit::pdn::trailing_dot");
    expect(Strict, None, "W:W35:B07", 7, 2, "fenkit::pdn::leading_zero");
    expect(
        Strict,
        None,
        "W:Wa03:Bh8",
        4,
        2,
        "fenkit::pdn::leading_zero",
    );
    expect(
        Strict,
        None,
        "W:W35-35:B1",
        3,
        5,
        "fenkit::pdn::single_square_range",
    );
    expect_pdn(
        Strict,
        r#"[FEN "W:W31:B1]"#,
        15,
        0,
        "fenkit::pdn::tag_syntax",
    );
    expect_pdn(
        Strict,
        r#"[FEN "W:W31:B1""#,
        15,
        0,
        "fenkit::pdn::tag_syntax",
    );
    expect_pdn(Strict, r#"[FEN W:W31:B1]"#, 5, 1, "fenkit::pdn::tag_syntax");
    expect_pdn(
        Strict,
        r#"/FEN "W:W31:B1" 1. 32-28"#,
        15,
        1,
        "fenkit::pdn::tag_syntax",
    );
    expect_pdn(
        Strict,
        r#"[FEN "W:W31\:B1"]"#,
        11,
        2,
        "fenkit::pdn::invalid_escape",
    );
    expect_pdn(Strict, r#"[Event "x"]"#, 1, 5, "fenkit::pdn::not_a_fen_tag");
    expect_pdn(
        Strict,
        r#"[FEN "?"]"#,
        5,
        3,
        "fenkit::pdn::unknown_position",
    );
    expect_pdn(Strict, r#"[FEN ""]"#, 5, 2, "fenkit::pdn::unknown_position");
    expect_scanned(
        &[r#"[GameType "97"]"#, r#"[FEN "W:W31:B1"]"#],
        1,
        3,
        "fenkit::pdn::unknown_game_type",
    );
    expect(
        Strict,
        None,
        "W:W31:B31",
        7,
        2,
        "fenkit::pdn::duplicate_square",
    );
    expect(
        Strict,
        None,
        "W:W31,K31:B1",
        6,
        3,
        "fenkit::pdn::duplicate_square",
    );
    expect(
        Strict,
        None,
        "W:W4:B49",
        3,
        1,
        "fenkit::pdn::man_on_promotion_row",
    );
    expect(
        Strict,
        None,
        "W:W4:B49",
        6,
        2,
        "fenkit::pdn::man_on_promotion_row",
    );
    expect(
        Strict,
        english,
        "B:W21-28:B1-11,29",
        15,
        2,
        "fenkit::pdn::man_on_promotion_row",
    );
    expect(
        Strict,
        None,
        "W:W21-50:B1-20",
        2,
        6,
        "fenkit::pdn::too_many_pieces",
    );
    expect(
        Strict,
        None,
        "W:Wa1,b1:Bh8",
        6,
        2,
        "fenkit::pdn::not_playing_square",
    );
    expect_unclosed(&["1. 32-28 {a comment", "[FEN \"W:W31:B1\"]"], 1, 9);
    let seen = SEEN.lock().unwrap();
    let missing: Vec<_> = fenkit::draughts::codes::ALL
        .iter()
        .map(|info| info.code)
        .filter(|code| !seen.contains(code) && *code != "fenkit::pdn::syntax")
        .collect();
    assert!(missing.is_empty(), "codes never triggered: {missing:?}");
}

#[test]
fn duplicates_label_both_places() {
    let parsed = DraughtsFen::parse(b"W:W28-32:B30", &options(Mode::Strict, None));
    let duplicate = &parsed.diagnostics[0];
    assert_eq!(duplicate.code(), "fenkit::pdn::duplicate_square");
    let spans: Vec<_> = duplicate
        .labels()
        .iter()
        .map(|l| (l.span.offset, l.span.len))
        .collect();
    assert_eq!(spans, [(10, 2), (3, 5)]);
    assert_eq!(duplicate.message(), "square 30 is given twice");
}

#[test]
fn independent_problems_each_get_their_own_error() {
    let parsed = DraughtsFen::parse(b"X:W31,,55,K:?1-:B50-31", &ParseOptions::strict());
    assert_eq!(
        common::primary_spans(&parsed.diagnostics),
        [
            ("fenkit::pdn::invalid_turn", 0, 1),
            ("fenkit::pdn::empty_item", 5, 1),
            ("fenkit::pdn::square_out_of_range", 7, 2),
            ("fenkit::pdn::missing_square", 10, 1),
            ("fenkit::pdn::unknown_colour", 12, 1),
            ("fenkit::pdn::incomplete_range", 14, 1),
            ("fenkit::pdn::descending_range", 17, 5),
        ]
    );
    assert!(parsed.value.is_none());
}

#[test]
fn diagnostics_stop_at_32() {
    let record = format!("W:W{}:B1", vec!["0"; 100].join(","));
    let parsed = DraughtsFen::parse(record.as_bytes(), &ParseOptions::strict().validated());
    assert_eq!(parsed.diagnostics.len(), fenkit::MAX_DIAGNOSTICS);
}

#[test]
fn a_megabyte_line_is_an_error_not_a_hang() {
    let record = format!("W:W{}:B1", "1".repeat(1 << 20));
    let parsed = DraughtsFen::parse(record.as_bytes(), &ParseOptions::lenient().validated());
    assert_eq!(
        common::primary_spans(&parsed.diagnostics),
        [("fenkit::pdn::square_out_of_range", 3, 1 << 20)]
    );
    let record = "W:W".to_string() + &"31,".repeat(300_000) + "32";
    let parsed = DraughtsFen::parse(record.as_bytes(), &ParseOptions::lenient().validated());
    assert!(!parsed.is_valid());
}

/// The draughts research vectors: each one, strict and lenient, with validation, on the board
/// its context names (none: the default board). Where the research's "strict" column differs,
/// docs/notations.md decides: empty lists and one-section FENs are fine, the trailing dot, a
/// leading zero and a one-square range are warnings, squares are `[a-z][1-9][0-9]*` (so
/// Spantsiretti's `i1` is a square of that board), men on their promotion row, duplicates and
/// too many pieces are validation errors. Tag vectors (65-70) are read as PDN records.
const VECTORS: &[(u32, &str, &str, &str, &str)] = &[
    (
        1,
        "english",
        "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
        "valid: ",
        "valid: ",
    ),
    (
        2,
        "english",
        "B:W18,19,21,23,24,26,29,30,31,32:B1,2,3,4,6,7,9,10,11,12",
        "valid: ",
        "valid: ",
    ),
    (3, "", "W:W31-50:B1-20", "valid: ", "valid: "),
    (
        4,
        "",
        "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
        "valid: ",
        "valid: ",
    ),
    (5, "english", "?:W29,13,11:B22,4,2", "valid: ", "valid: "),
    (
        6,
        "english",
        "W:W31,29,K15:B14,13,12,9",
        "valid: ",
        "valid: ",
    ),
    (7, "", "B:B1-16,18-21:W26,28,33-50", "valid: ", "valid: "),
    (8, "", "B:W28,31-36,38-50:B1-20", "valid: ", "valid: "),
    (
        9,
        "",
        "W:W32,33,35,36,37,38,42,43,44,47,48,49,50:B1,3,4,5,6,8,9,11,13,16,18,26,30,45",
        "valid: ",
        "valid: ",
    ),
    (
        10,
        "english",
        "W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8,1,2,3,4.",
        "valid: trailing_dot~",
        "valid: trailing_dot~",
    ),
    (
        11,
        "",
        "W:W7,26,28,33,44,46,50:B8,14,17,24,34,37,39.",
        "valid: trailing_dot~",
        "valid: trailing_dot~",
    ),
    (
        12,
        "english",
        "W:W28,K10:B5,K2.",
        "valid: trailing_dot~",
        "valid: trailing_dot~",
    ),
    (
        13,
        "english",
        "W::.",
        "invalid: invalid_colour invalid_colour trailing_dot~",
        "invalid: invalid_colour invalid_colour trailing_dot~",
    ),
    (
        14,
        "",
        "B::",
        "invalid: invalid_colour invalid_colour",
        "invalid: invalid_colour invalid_colour",
    ),
    (15, "", "W:W:B", "valid: ", "valid: "),
    (16, "", "B:W50:B", "valid: ", "valid: "),
    (17, "", "W:B:W", "valid: ", "valid: "),
    (18, "", "W:B1:W", "valid: ", "valid: "),
    (19, "", "W:B:W50", "valid: ", "valid: "),
    (
        20,
        "",
        "W:B01-20:W31-50",
        "valid: leading_zero~",
        "valid: leading_zero~",
    ),
    (21, "", "W:WK12-14:BK28-31", "valid: ", "valid: "),
    (22, "", "W:WK1-3:BK4-6", "valid: ", "valid: "),
    (
        23,
        "",
        "W:W1-40:B41-50",
        "invalid: man_on_promotion_row man_on_promotion_row too_many_pieces",
        "invalid: man_on_promotion_row man_on_promotion_row too_many_pieces",
    ),
    (
        24,
        "",
        "W:W4:B49",
        "invalid: man_on_promotion_row man_on_promotion_row",
        "invalid: man_on_promotion_row man_on_promotion_row",
    ),
    (
        25,
        "",
        "W:WK4,WK5,55:B4",
        "invalid: unexpected_character square_out_of_range",
        "invalid: unexpected_character square_out_of_range",
    ),
    (
        26,
        "",
        "W:W31:B31",
        "invalid: duplicate_square",
        "invalid: duplicate_square",
    ),
    (
        27,
        "",
        "W:W55:B1",
        "invalid: square_out_of_range",
        "invalid: square_out_of_range",
    ),
    (
        28,
        "",
        "W:W0:B1",
        "invalid: square_out_of_range",
        "invalid: square_out_of_range",
    ),
    (
        29,
        "",
        "W:W05:B1",
        "invalid: leading_zero~ man_on_promotion_row",
        "invalid: leading_zero~ man_on_promotion_row",
    ),
    (
        30,
        "",
        "W:W005:B1",
        "invalid: leading_zero~ man_on_promotion_row",
        "invalid: leading_zero~ man_on_promotion_row",
    ),
    (
        31,
        "",
        "W:W50-31:B1",
        "invalid: descending_range",
        "invalid: descending_range",
    ),
    (
        32,
        "",
        "W:W5-5:B1",
        "invalid: single_square_range~ man_on_promotion_row",
        "invalid: single_square_range~ man_on_promotion_row",
    ),
    (
        33,
        "english",
        "W:W31-50:B1-20",
        "invalid: square_out_of_range",
        "invalid: square_out_of_range",
    ),
    (34, "english", "B:B1-12:W21-32", "valid: ", "valid: "),
    (
        35,
        "english",
        "B:W19,21,22,23,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12",
        "valid: ",
        "valid: ",
    ),
    (
        36,
        "italian",
        "W:W24,23,22,21,27,26,25,32,31,30,29:B4,3,2,1,7,6,5,11,10,9,15",
        "valid: ",
        "valid: ",
    ),
    (
        37,
        "",
        "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6",
        "valid: ",
        "valid: ",
    ),
    (38, "", "W:BKa1,Ka3:WKb8,Kd8", "valid: ", "valid: "),
    (
        39,
        "russian",
        "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6",
        "valid: ",
        "valid: ",
    ),
    (
        40,
        "brazilian",
        "B:Wa1,e3,g3,c5,c1,e1,g1,b2,d2,f2,h2,a3:Ba5,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
        "valid: ",
        "valid: ",
    ),
    (
        41,
        "",
        "W:WKa1,K8,9:BK7,Kb2,23",
        "invalid: mixed_squares mixed_squares mixed_squares mixed_squares",
        "invalid: mixed_squares mixed_squares mixed_squares mixed_squares",
    ),
    (
        42,
        "",
        "W:Wa1-c1:Bh8",
        "invalid: alpha_range",
        "invalid: alpha_range",
    ),
    (
        43,
        "",
        "W:Wi1:Bj8",
        "invalid: square_out_of_range square_out_of_range",
        "invalid: square_out_of_range square_out_of_range",
    ),
    (43, "spantsiretti", "W:Wi1:Bj8", "valid: ", "valid: "),
    (
        44,
        "",
        "w:w31:b1",
        "invalid: lowercase lowercase lowercase",
        "valid: lowercase~ lowercase~ lowercase~",
    ),
    (
        45,
        "",
        "W:W31, 32:B1",
        "invalid: whitespace",
        "valid: whitespace~",
    ),
    (
        46,
        "",
        "W:W31,,32:B1",
        "invalid: empty_item",
        "invalid: empty_item",
    ),
    (
        47,
        "",
        "W:W,31:B1",
        "invalid: empty_item",
        "invalid: empty_item",
    ),
    (
        48,
        "",
        "W:W31K32:B1",
        "invalid: missing_comma",
        "invalid: missing_comma",
    ),
    (
        49,
        "",
        "W:W31:B1:W32",
        "invalid: repeated_colour",
        "invalid: repeated_colour",
    ),
    (50, "", "W:W31", "valid: ", "valid: "),
    (51, "", "W:B1:W31", "valid: ", "valid: "),
    (52, "", "B:B1-20:W31-50", "valid: ", "valid: "),
    (
        53,
        "",
        "X:W31:B1",
        "invalid: invalid_turn",
        "invalid: invalid_turn",
    ),
    (
        54,
        "",
        "?:?31:B1",
        "invalid: unknown_colour",
        "invalid: unknown_colour",
    ),
    (
        55,
        "",
        "W:W31-:B1",
        "invalid: incomplete_range",
        "invalid: incomplete_range",
    ),
    (
        56,
        "",
        "W:WK:B1",
        "invalid: missing_square",
        "invalid: missing_square",
    ),
    (
        57,
        "",
        "W:W31-50:B1-20:H0:F1",
        "invalid: counters counters",
        "valid: counters~ counters~",
    ),
    (
        58,
        "",
        "W:WKd2:Bf6,c5,e5,e3:H0:F1",
        "invalid: counters counters",
        "valid: counters~ counters~",
    ),
    (
        59,
        "",
        "B:W26,32,33,34,35,36,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,23,24:H0:F2",
        "invalid: counters counters",
        "valid: counters~ counters~",
    ),
    (
        60,
        "",
        "W:B:W50:B",
        "invalid: repeated_colour",
        "invalid: repeated_colour",
    ),
    (
        61,
        "",
        "W:W:WK23:BP12,K19,K28",
        "invalid: repeated_colour unexpected_character",
        "invalid: repeated_colour unexpected_character",
    ),
    (
        62,
        "",
        "B:B:WG8,18,24,28,34,37,42,44,49:B2,10,12,15,25,26",
        "invalid: unexpected_character repeated_colour",
        "invalid: unexpected_character repeated_colour",
    ),
    (
        63,
        "frisian",
        "W:W46,47,48,49,50:B1,2,3,4,5",
        "valid: ",
        "valid: ",
    ),
    (
        64,
        "",
        "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
        "invalid: unexpected_character missing_sections",
        "invalid: unexpected_character missing_sections",
    ),
    (
        65,
        "",
        "[FEN \"?\"]",
        "valid: unknown_position~",
        "valid: unknown_position~",
    ),
    (
        66,
        "",
        "[FEN \"\"]",
        "valid: unknown_position~",
        "valid: unknown_position~",
    ),
    (
        67,
        "",
        "[Setup \"1\"]",
        "invalid: not_a_fen_tag",
        "invalid: not_a_fen_tag",
    ),
    (
        68,
        "",
        "[White \"This is a string with an escaped character \\\"\"]",
        "invalid: not_a_fen_tag",
        "invalid: not_a_fen_tag",
    ),
    (
        69,
        "",
        "[Event \"Nieuwe Parser\"][FEN \"W:WK1,K2,3,4,5:B50,49,48\" ]1. 10-15",
        "invalid: man_on_promotion_row man_on_promotion_row man_on_promotion_row man_on_promotion_row man_on_promotion_row man_on_promotion_row",
        "invalid: man_on_promotion_row man_on_promotion_row man_on_promotion_row man_on_promotion_row man_on_promotion_row man_on_promotion_row",
    ),
    (70, "", "/FEN \"W:W31-50:B1-20\"/", "valid: ", "valid: "),
];

fn outcome(record: &str, board: &str, mode: Mode) -> String {
    let board = (!board.is_empty()).then(|| Board::from_name_or_game_type(board).unwrap());
    let (_, parsed) = parse_any(
        record.as_bytes(),
        Some(Notation::Pdn),
        &options(mode, board),
    );
    common::verdict(&parsed, common::last_part)
}

#[test]
fn research_vectors_get_the_contract_verdicts() {
    assert_eq!(
        VECTORS.iter().map(|v| v.0).collect::<BTreeSet<_>>().len(),
        70
    );
    for (number, board, record, strict, lenient) in VECTORS {
        assert_eq!(
            outcome(record, board, Mode::Strict),
            *strict,
            "#{number} strict: {record:?}"
        );
        assert_eq!(
            outcome(record, board, Mode::Lenient),
            *lenient,
            "#{number} lenient: {record:?}"
        );
    }
}

#[test]
fn research_vectors_mean_what_the_research_says() {
    let fen: DraughtsFen = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"
        .parse()
        .unwrap();
    assert_eq!(fen.turn, Turn::Black);
    let squares = |set: fenkit::draughts::SquareSet| {
        set.iter()
            .map(|i| fen.board.square(i).to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    assert_eq!(squares(fen.white.men), "18,24,27,28");
    assert_eq!(squares(fen.white.kings), "10,15");
    assert_eq!(squares(fen.black.kings), "22,25,29");
    // K before a range makes every square of it a king.
    let fen: DraughtsFen = "W:WK12-14:BK28-31".parse().unwrap();
    assert_eq!(fen.white.kings.len(), 3);
    assert!(fen.white.men.is_empty());
    // The colour letters decide, not the order of the sections.
    let fen: DraughtsFen = "W:B1:W31".parse().unwrap();
    assert_eq!(fen.pieces(Color::Black).men.iter().collect::<Vec<_>>(), [0]);
    assert_eq!(fen.to_string(), "W:W31:B1");
    // Lidraughts counters are kept in lenient mode.
    let fen = DraughtsFen::parse(b"W:W31-50:B1-20:H3:F12", &ParseOptions::lenient())
        .value
        .unwrap();
    assert_eq!(
        (fen.halfmove_clock, fen.fullmove_number),
        (Some(3), Some(12))
    );
    assert_eq!(fen.to_string(), "W:W31-50:B1-20");
    // Alphanumeric squares: file and rank.
    let fen: DraughtsFen = "W:WKd2:Bf6".parse().unwrap();
    assert_eq!(fen.board, Board::Russian);
    assert_eq!(
        fen.board.square(fen.white.kings.iter().next().unwrap()),
        Square::Alpha { file: 3, rank: 1 }
    );
}

#[test]
fn lenient_input_is_written_canonically() {
    let cases = [
        ("w:w31,32, 33:b1 ", "W:W31-33:B1"),
        ("B:B1-20:W31-50:H0:F1", "B:W31-50:B1-20"),
        ("W:Wk10,5:bK1", "W:W5,K10:BK1"),
    ];
    for (input, canonical) in cases {
        let parsed = DraughtsFen::parse(input.as_bytes(), &ParseOptions::lenient());
        assert!(parsed.is_valid(), "{input}: {:?}", parsed.diagnostics);
        assert!(
            parsed.warnings().count() > 0,
            "{input}: accepted without a warning"
        );
        assert_eq!(parsed.value.unwrap().to_string(), canonical);
        assert!(
            !DraughtsFen::parse(input.as_bytes(), &ParseOptions::strict()).is_valid(),
            "{input} is not strict"
        );
    }
}

#[test]
fn the_writer_is_canonical() {
    let cases = [
        (
            "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
            "W:W31-50:B1-20",
        ),
        ("B:B1-16,18-21:W26,28,33-50", "B:W26,28,33-50:B1-16,18-21"),
        (
            "W:WK12-14,40,39,38,36:BK28-31",
            "W:W36,38-40,K12,K13,K14:BK28,K29,K30,K31",
        ),
        ("?:W29,13,11:B22,4,2", "?:W11,13,29:B2,4,22"),
        ("W:W31", "W:W31:B"),
        ("W:B:W", "W:W:B"),
        (
            "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6",
            "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8",
        ),
        ("W:BKa1,Ka3:WKb8,Kd8", "W:WKb8,Kd8:BKa1,Ka3"),
    ];
    for (input, canonical) in cases {
        let fen: DraughtsFen = input.parse().unwrap();
        assert_eq!(fen.to_string(), canonical, "{input}");
        assert_eq!(canonical.parse::<DraughtsFen>().unwrap(), fen);
        assert_eq!(
            canonical.parse::<DraughtsFen>().unwrap().to_string(),
            canonical
        );
    }
}

#[test]
fn boards_by_name_and_game_type() {
    let names = [
        ("international", 20, 50),
        ("english", 21, 32),
        ("italian", 22, 32),
        ("pool", 23, 32),
        ("spanish", 24, 32),
        ("russian", 25, 32),
        ("brazilian", 26, 32),
        ("canadian", 27, 72),
        ("portuguese", 28, 32),
        ("czech", 29, 32),
        ("turkish", 30, 64),
        ("thai", 31, 32),
        ("frisian", 40, 50),
        ("spantsiretti", 41, 40),
    ];
    for (name, game_type, squares) in names {
        let board = Board::from_name_or_game_type(name).unwrap();
        assert_eq!(
            Board::from_name_or_game_type(&game_type.to_string()),
            Some(board)
        );
        assert_eq!(
            (board.name(), board.game_type(), board.square_count()),
            (name, game_type, squares)
        );
    }
    assert_eq!(
        Board::from_name_or_game_type("American"),
        Some(Board::English)
    );
    assert_eq!(
        Board::from_name_or_game_type("27,W,12,12,N2,0"),
        Some(Board::Canadian)
    );
    assert_eq!(Board::from_name_or_game_type("0"), None);
    assert_eq!(Board::from_name_or_game_type("chess"), None);
    // Canadian squares go to 72, Turkish men may stand on every square.
    let canadian = options(Mode::Strict, Some(Board::Canadian));
    assert!(
        DraughtsFen::parse(b"W:W43-72:B1-30", &canadian)
            .diagnostics
            .is_empty()
    );
    let turkish = options(Mode::Strict, Some(Board::Turkish));
    let parsed = DraughtsFen::parse(b"W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7", &turkish);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
}

#[test]
fn validate_points_into_the_canonical_text() {
    let fen: DraughtsFen = "W:W31,5:B1".parse().unwrap();
    assert_eq!(fen.to_string(), "W:W5,31:B1");
    assert_eq!(
        common::primary_spans(&fen.validate()),
        [("fenkit::pdn::man_on_promotion_row", 3, 1)]
    );
    // And into the record it was read from.
    assert_eq!(
        common::primary_spans(&fen.validate_in(b"W:W31,5:B1")),
        [("fenkit::pdn::man_on_promotion_row", 6, 1)]
    );
}

#[test]
fn tag_values_map_spans_into_the_line() {
    let line = r#"[Event "Nieuwe Parser"][FEN "W:WK1,K2,3,4,55:B50,49,48" ]1. 10-15"#;
    let (notation, parsed) = parse_any(line.as_bytes(), None, &ParseOptions::strict());
    assert_eq!(notation, Notation::Pdn);
    assert_eq!(
        common::primary_spans(&parsed.diagnostics),
        [("fenkit::pdn::square_out_of_range", 42, 2)]
    );
    assert_eq!(&line[42..44], "55");
    // Escapes shift the offsets of what follows them.
    let line = r#"[FEN "W:W31\\:B1,55"]"#;
    let (_, parsed) = parse_any(line.as_bytes(), None, &ParseOptions::strict());
    let spans = common::primary_spans(&parsed.diagnostics);
    assert_eq!(spans[0], ("fenkit::pdn::unexpected_character", 11, 2));
    assert_eq!(
        spans.last().unwrap(),
        &("fenkit::pdn::square_out_of_range", 17, 2)
    );
    // A setup command in movetext.
    let line = r#"1.31-26 17-21 /FEN "B:B1-16,18-21:W26,28,33-50"/"#;
    let (notation, parsed) = parse_any(
        line.as_bytes(),
        Some(Notation::Pdn),
        &ParseOptions::strict().validated(),
    );
    assert_eq!(notation, Notation::Pdn);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    match parsed.value.unwrap() {
        Position::Pdn(fen) => assert_eq!(fen.to_string(), "B:W26,28,33-50:B1-16,18-21"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn detection_follows_notations_section_5() {
    for record in [
        "W:W31-50:B1-20",
        "B:W1:B",
        "?:W29,13,11:B22,4,2",
        r#"[FEN "W:W31-50:B1-20"]"#,
        r#"[Event "x"]"#,
        r#"/FEN "W:W31-50:B1-20"/"#,
    ] {
        assert_eq!(
            Notation::detect(record.as_bytes()),
            Notation::Pdn,
            "{record}"
        );
    }
    assert_eq!(
        Notation::detect(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        Notation::Fen
    );
    assert_eq!(Notation::detect(b"W"), Notation::Fen);
    assert_eq!(Notation::from_name("pdn"), Some(Notation::Pdn));
    assert_eq!(Notation::Pdn.name(), "pdn");
}

#[test]
fn the_scanner_follows_games() {
    let file = [
        r#"[Event "one"]"#,
        r#"[GameType "21"]"#,
        r#"[FEN "B:B1-12:W21-32"]"#,
        "",
        r#"1. 9-14 22-18 /FEN "W:W21-32:B1-12"/ {a comment"#,
        r#"that spans lines [FEN "not a tag"] } *"#,
        "% a line comment [FEN \"X\"]",
        "",
        r#"[Event "two"]"#,
        r#"[FEN "B:B1-12:W21-32"]"#,
        r#"[FEN "W:Wa1,c1:Bh8"]"#,
        // A game's tags come in any order, so its move text ends it before the next one's.
        "*",
        r#"[Event "three"] [GameType "25"] [FEN "W:Wa1,c1:Bh8"] [FEN "?"]"#,
    ];
    let board_of = |record: &GameRecord| match &record.parsed.value {
        Some(Position::Pdn(fen)) => Some(fen.board),
        _ => None,
    };
    let found: Vec<(usize, Vec<_>, Option<Board>)> =
        scan_pdn(&file, ParseOptions::strict().validated())
            .iter()
            .map(|record| {
                let spans = common::primary_spans(&record.parsed.diagnostics);
                (record.line, spans, board_of(record))
            })
            .collect();
    assert_eq!(
        found,
        [
            (3, vec![], Some(Board::English)),
            (5, vec![], Some(Board::English)),
            // A new game: the GameType of the previous one no longer applies.
            (10, vec![], Some(Board::International)),
            (11, vec![], Some(Board::Russian)),
            (13, vec![], Some(Board::Russian)),
            (13, vec![("fenkit::pdn::unknown_position", 58, 3)], None),
        ]
    );
    // The caller's board is the default for games without a GameType.
    let italian = ParseOptions::strict().with_draughts_board(Board::Italian);
    // Line ends are stripped; a lone tag with CRLF works.
    let lines = [r#"[FEN "W:W21-32:B1-12"]"#, "[FEN \"W:W21-32:B1-12.\"]\r\n"];
    let found = scan_pdn(&lines, italian);
    assert_eq!(board_of(&found[0]), Some(Board::Italian));
    assert_eq!(
        common::primary_spans(&found[1].parsed.diagnostics),
        [("fenkit::pdn::trailing_dot", 20, 1)]
    );
}

#[test]
fn from_str_errors_render_every_problem() {
    let error = "W:W31,,55:B1".parse::<DraughtsFen>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid pdn: empty item between two commas"
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
        (None, "X:W31,,55,K:?1-:B50-31"),
        (None, "W:W1-40:B41-50"),
        (None, "W:W28-32:B30"),
        (Some(Board::English), "W::."),
        (None, "W:WKa1,K8,9:BK7,Kb2,23"),
        (None, "W:W31:B1:W32"),
        (None, "W:Wa1,b1:Bh8"),
        (None, "W:W31K32:Bi9"),
    ];
    let mut all = String::new();
    for (board, record) in records {
        let parsed = DraughtsFen::parse(record.as_bytes(), &options(Mode::Strict, board));
        all.push_str(&common::render("tour.pdn", record, &parsed.diagnostics));
    }
    insta::assert_snapshot!(all);
}

#[test]
fn rendered_lenient_warnings() {
    let record = "w:W31, 32,035,38-38:b1-20:H0:F1.";
    let parsed = DraughtsFen::parse(record.as_bytes(), &ParseOptions::lenient().validated());
    assert!(parsed.is_valid());
    insta::assert_snapshot!(common::render("lenient.pdn", record, &parsed.diagnostics));
}

#[test]
fn rendered_pdn_lines() {
    let line = r#"[Event "x"] [FEN "W:W31-50:B1-20,55" ] [Round "1"]"#;
    let line2 = r#"1. 32-28 /FEN "B:W28,31-36,38-50:B1-20."/ *"#;
    let found = scan_pdn(&[line, line2], ParseOptions::strict());
    assert_eq!((found[0].line, found[1].line), (1, 2));
    let mut all = common::render("game.pdn", line, &found[0].parsed.diagnostics);
    all.push_str(&common::render(
        "game.pdn",
        line2,
        &found[1].parsed.diagnostics,
    ));
    insta::assert_snapshot!(all);
}

#[test]
fn scanner_skips_rest_of_line_comments() {
    let lines = [
        r#"1. 32-28 ; not a setup: /FEN "W:W99:B1"/"#,
        r#"/FEN "W:W31-50:B1-20"/ ; a comment"#,
    ];
    let found = scan_pdn(&lines, ParseOptions::strict());
    let lines_found: Vec<_> = found.iter().map(|record| record.line).collect();
    assert_eq!(lines_found, [2]);
}

/// Fixes suggested in helps are text the user can paste, and a failure at the end of the record
/// points at the end, not past it.
#[test]
fn helps_and_end_spans_are_exact() {
    let helps = |record: &str| -> Vec<(String, Option<String>)> {
        let (_, parsed) = parse_any(
            record.as_bytes(),
            Some(Notation::Pdn),
            &ParseOptions::strict(),
        );
        parsed
            .diagnostics
            .iter()
            .map(|d| {
                (
                    common::last_part(d.code()).to_string(),
                    d.help_text().map(String::from),
                )
            })
            .collect()
    };
    let found = helps("W:W50 -31");
    assert!(found.contains(&(
        "descending_range".to_string(),
        Some("write the range from low to high: `31-50`".to_string())
    )));
    let found = helps("W:W31 -31");
    assert!(found.contains(&(
        "single_square_range".to_string(),
        Some("write `31`".to_string())
    )));
    let (_, parsed) = parse_any(b"[", Some(Notation::Pdn), &ParseOptions::strict());
    assert_eq!(
        common::primary_spans(&parsed.diagnostics),
        [("fenkit::pdn::not_a_fen_tag", 1, 0)]
    );
}

#[test]
fn an_unclosed_comment_is_reported_where_it_opened() {
    let lines = [
        "[Event \"x\"]",
        "1. 32-28 { starts here",
        "[FEN \"W:W31:B1\"]",
    ];
    let found = scan_pdn(&lines, options(Mode::Strict, None));
    let [end] = found.as_slice() else {
        panic!("one unclosed comment: {found:?}");
    };
    assert_eq!(
        (end.line, &*end.text),
        (2, b"1. 32-28 { starts here".as_slice())
    );
    assert!(!end.parsed.is_valid());
    let text = String::from_utf8(end.text.to_vec()).unwrap();
    insta::assert_snapshot!(common::render("games.pdn", &text, &end.parsed.diagnostics));
    // A closed comment, and comments closed on a later line, report nothing.
    assert!(scan_pdn(&["{ one } { two", "three }"], options(Mode::Strict, None)).is_empty());
}
