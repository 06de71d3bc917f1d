//! `fenkit::variant`: crazyhouse and three-check FENs as shakmaty reads and writes them, built
//! from the public chess field combinators. Good input (both forms of each variant part, the
//! variant records of shakmaty's test data) and bad input (each code on its span).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::chess::{Color, Piece, Role, Square};
use fenkit::variant::{Crazyhouse, Pockets, RemainingChecks, ThreeCheck, codes};
use fenkit::{Mode, ParseOptions, Parsed};

use crate::common::{assert_diagnostic, primary_spans, render, shared_corpus};

fn strict() -> ParseOptions {
    ParseOptions::strict()
}

fn validated() -> ParseOptions {
    ParseOptions::strict().validated()
}

/// `(offset, len)` of the `nth` (from 0) occurrence of `needle` in `record`.
fn spot(record: &str, needle: &str, nth: usize) -> (usize, usize) {
    let offset = record
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("{needle:?} #{nth} not in {record:?}"))
        .0;
    (offset, needle.len())
}

fn zh(record: &str, options: &ParseOptions) -> Parsed<Crazyhouse> {
    Crazyhouse::parse(record.as_bytes(), options)
}

fn three(record: &str, options: &ParseOptions) -> Parsed<ThreeCheck> {
    ThreeCheck::parse(record.as_bytes(), options)
}

fn codes_of<T>(parsed: &Parsed<T>) -> Vec<&'static str> {
    parsed.diagnostics.iter().map(|d| d.code()).collect()
}

// --- Crazyhouse: both pocket forms, promoted pieces, the canonical writer ---

#[test]
fn both_pocket_forms_read_the_same_position() {
    let bracket: Crazyhouse = "4k3/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1".parse().unwrap();
    let ninth: Crazyhouse = "4k3/8/8/8/8/8/8/4K3/QRBNPqrbnp w - - 0 1".parse().unwrap();
    assert_eq!(bracket, ninth);
    assert_eq!(bracket.pockets.len(), 10);
    let white_queen = Piece {
        color: Color::White,
        role: Role::Queen,
    };
    assert_eq!(bracket.pockets.count(white_queen), 1);
    // Written as shakmaty writes it: brackets, White first, pawn to queen.
    assert_eq!(
        bracket.to_string(),
        "4k3/8/8/8/8/8/8/4K3[PNBRQpnbrq] w - - 0 1"
    );
}

#[test]
fn empty_pockets_in_both_forms() {
    let bracket: Crazyhouse = "4k3/8/8/8/8/8/8/4K3[] b - - 3 7".parse().unwrap();
    let ninth: Crazyhouse = "4k3/8/8/8/8/8/8/4K3/ b - - 3 7".parse().unwrap();
    assert_eq!(bracket, ninth);
    assert!(bracket.pockets.is_empty());
    assert_eq!(bracket.to_string(), "4k3/8/8/8/8/8/8/4K3[] b - - 3 7");
}

#[test]
fn promoted_pieces_are_marked_and_written_back() {
    let record = "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1";
    let position: Crazyhouse = record.parse().unwrap();
    let b7 = Square::new(1, 6).unwrap();
    assert_eq!(position.promoted, 1 << b7.index());
    assert_eq!(
        position.fen.board.get(b7),
        Some(Piece {
            color: Color::White,
            role: Role::Queen
        })
    );
    assert_eq!(
        position.to_string(),
        "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1"
    );
    let again: Crazyhouse = position.to_string().parse().unwrap();
    assert_eq!(again, position);
}

#[test]
fn the_pockets_api_counts_by_colour_and_role() {
    let mut pockets = Pockets::default();
    for letter in *b"ppNq" {
        pockets.add(Piece::from_letter(letter).unwrap());
    }
    assert_eq!(pockets.count_role(Role::Pawn), 2);
    assert_eq!(pockets.count_role(Role::Queen), 1);
    assert_eq!(pockets.to_string(), "Nppq");
    assert_eq!(pockets.pieces().count(), 4);
}

// --- Three-check: both counter forms, the conversion, the canonical writer ---

#[test]
fn remaining_checks_before_the_clocks_are_read_as_written() {
    let position: ThreeCheck = "4k3/8/8/8/8/8/8/4K3 w - - 2+1 5 30".parse().unwrap();
    assert_eq!(
        position.remaining_checks,
        RemainingChecks { white: 2, black: 1 }
    );
    assert_eq!(
        (position.fen.halfmove_clock, position.fen.fullmove_number),
        (5, 30)
    );
    assert_eq!(position.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 2+1 5 30");
}

#[test]
fn checks_given_after_the_clocks_are_converted_to_checks_remaining() {
    let given: ThreeCheck = "4k3/8/8/8/8/8/8/4K3 w - - 5 30 +1+2".parse().unwrap();
    assert_eq!(
        given.remaining_checks,
        RemainingChecks { white: 2, black: 1 }
    );
    assert_eq!(given.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 2+1 5 30");
    // shakmaty reads either form in either place: the form says what the numbers mean.
    let early: ThreeCheck = "4k3/8/8/8/8/8/8/4K3 w - - +1+2 5 30".parse().unwrap();
    assert_eq!(early, given);
    let late: ThreeCheck = "4k3/8/8/8/8/8/8/4K3 w - - 5 30 2+1".parse().unwrap();
    assert_eq!(late, given);
}

// --- The variant records of shakmaty's test data (GPL-3.0, read in place, never copied) ---

/// The `epd` records of a shakmaty perft file.
fn perft_records(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| line.strip_prefix("epd "))
        .map(|record| record.trim().to_string())
        .collect()
}

/// Crazyhouse as shakmaty writes it, worked out on the text: the pocket in brackets, its
/// letters White first and pawn to king, and the clocks `0 1` when the record has none.
fn shakmaty_crazyhouse(record: &str) -> String {
    let mut fields: Vec<&str> = record.split(' ').collect();
    let board = fields[0];
    let (placement, pocket) = match board.find('[') {
        Some(open) => (&board[..open], &board[open + 1..board.len() - 1]),
        None => {
            let cut = board.match_indices('/').nth(7).unwrap().0;
            (&board[..cut], &board[cut + 1..])
        }
    };
    let order = |letter: char| {
        let role = "PNBRQK".find(letter.to_ascii_uppercase()).unwrap();
        (letter.is_ascii_lowercase(), role)
    };
    let mut letters: Vec<char> = pocket.chars().collect();
    letters.sort_by_key(|&letter| order(letter));
    let written = format!("{placement}[{}]", letters.into_iter().collect::<String>());
    fields[0] = &written;
    if fields.len() == 4 {
        fields.extend(["0", "1"]);
    }
    fields.join(" ")
}

/// Three-check as shakmaty writes it: the remaining checks after the en passant field, the
/// clocks `0 1` when the record has none.
fn shakmaty_three_check(record: &str) -> String {
    let fields: Vec<&str> = record.split(' ').collect();
    let mut written: Vec<String> = fields[..4].iter().map(|f| f.to_string()).collect();
    let rest = &fields[4..];
    let (checks, clocks): (Vec<&str>, Vec<&str>) = rest.iter().partition(|f| f.contains('+'));
    let checks = checks[0];
    let remaining = match checks.strip_prefix('+') {
        Some(given) => {
            let (w, b) = given.split_once('+').unwrap();
            format!(
                "{}+{}",
                3 - w.parse::<u8>().unwrap(),
                3 - b.parse::<u8>().unwrap()
            )
        }
        None => checks.to_string(),
    };
    written.push(remaining);
    if clocks.is_empty() {
        written.extend(["0".to_string(), "1".to_string()]);
    } else {
        written.extend(clocks.iter().map(|c| c.to_string()));
    }
    written.join(" ")
}

/// Reads `record` leniently (perft records have no clocks: that warning alone), validated;
/// checks its canonical text is shakmaty's and reads back strictly to the same value.
fn check_corpus_record<T>(
    record: &str,
    parse: impl Fn(&[u8], &ParseOptions) -> Parsed<T>,
    expected: &str,
    missing_clocks_allowed: bool,
) where
    T: std::fmt::Display + PartialEq + std::fmt::Debug,
{
    let options = ParseOptions::lenient().validated();
    let parsed = parse(record.as_bytes(), &options);
    let unexpected: Vec<_> = parsed
        .diagnostics
        .iter()
        .filter(|d| !(missing_clocks_allowed && d.code() == codes::MISSING_CLOCKS))
        .map(|d| (d.code(), d.message().to_string()))
        .collect();
    assert!(unexpected.is_empty(), "{record}: {unexpected:?}");
    let value = parsed.value.unwrap();
    let written = value.to_string();
    assert_eq!(written, expected, "{record}");
    let again = parse(written.as_bytes(), &strict().validated());
    assert!(
        again.diagnostics.is_empty(),
        "{written}: {:?}",
        codes_of(&again)
    );
    assert_eq!(again.value.as_ref(), Some(&value));
}

#[test]
fn shakmaty_crazyhouse_perft_records_parse_and_round_trip() {
    let Some(corpus) = shared_corpus() else {
        return;
    };
    let records = perft_records(&corpus.read("chess/shakmaty/crazyhouse.perft"));
    assert!(records.len() >= 4, "{} records", records.len());
    for record in &records {
        check_corpus_record(
            record,
            Crazyhouse::parse,
            &shakmaty_crazyhouse(record),
            true,
        );
    }
}

#[test]
fn shakmaty_three_check_perft_records_parse_and_round_trip() {
    let Some(corpus) = shared_corpus() else {
        return;
    };
    let records = perft_records(&corpus.read("chess/shakmaty/3check.perft"));
    assert!(records.len() >= 2, "{} records", records.len());
    for record in &records {
        check_corpus_record(
            record,
            ThreeCheck::parse,
            &shakmaty_three_check(record),
            true,
        );
    }
}

#[test]
fn shakmaty_fuzz_seeds_of_both_variants_parse_strictly_and_round_trip() {
    let Some(corpus) = shared_corpus() else {
        return;
    };
    let seed = |name: &str| {
        corpus
            .read(&format!("chess/shakmaty/fuzz-corpus-fen_from_ascii/{name}"))
            .trim()
            .to_string()
    };
    for name in ["winboard-zh", "scid-zh"] {
        let record = seed(name);
        assert!(zh(&record, &strict()).diagnostics.is_empty(), "{name}");
        check_corpus_record(
            &record,
            Crazyhouse::parse,
            &shakmaty_crazyhouse(&record),
            false,
        );
    }
    for name in ["winboard-3check", "scid-3check"] {
        let record = seed(name);
        assert!(three(&record, &strict()).diagnostics.is_empty(), "{name}");
        check_corpus_record(
            &record,
            ThreeCheck::parse,
            &shakmaty_three_check(&record),
            false,
        );
    }
    // Both crazyhouse seeds hold the same kind of position: the two pocket forms agree with
    // the textual rewrite, and the two three-check seeds are one position in two forms.
    let winboard: ThreeCheck = seed("winboard-3check").parse().unwrap();
    let scid: ThreeCheck = seed("scid-3check").parse().unwrap();
    assert_eq!(winboard.fen, scid.fen);
    assert_eq!(
        winboard.remaining_checks,
        RemainingChecks { white: 3, black: 3 }
    );
    assert_eq!(
        scid.remaining_checks,
        RemainingChecks { white: 3, black: 3 }
    );
}

// --- Bad input: each code on its span ---

/// The whitespace of a variant record is judged by FEN's rule (`grammar::gap`), with FEN's
/// codes; `fenkit::variant::field_separator` is reserved, no longer reported.
#[test]
fn whitespace_is_judged_as_in_a_fen() {
    use fenkit::chess::codes as fen;
    let record = "4k3/8/8/8/8/8/8/4K3[] w  - - 0 1";
    let parsed = zh(record, &strict());
    assert_diagnostic(
        &parsed.diagnostics,
        Mode::Strict,
        record,
        spot(record, "  ", 0),
        fen::FIELD_SEPARATOR,
    );
    assert!(parsed.value.is_none());
    let lenient = zh(record, &ParseOptions::lenient());
    assert_diagnostic(
        &lenient.diagnostics,
        Mode::Lenient,
        record,
        spot(record, "  ", 0),
        fen::FIELD_SEPARATOR,
    );
    assert!(lenient.value.is_some());
    let trailing = "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1\t\r\n";
    assert_diagnostic(
        &three(trailing, &strict()).diagnostics,
        Mode::Strict,
        trailing,
        spot(trailing, "\t\r\n", 0),
        fen::SURROUNDING_WHITESPACE,
    );
    let leading = " \t4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1";
    let lenient = three(leading, &ParseOptions::lenient());
    assert_diagnostic(
        &lenient.diagnostics,
        Mode::Lenient,
        leading,
        spot(leading, " \t", 0),
        fen::SURROUNDING_WHITESPACE,
    );
    assert!(lenient.value.is_some());
    // Every gap on its own span, the fields between them read.
    let gaps = "4k3/8/8/8/8/8/8/4K3[]\tw   - - 0 1 ";
    assert_eq!(
        primary_spans(&zh(gaps, &strict()).diagnostics),
        [
            (fen::FIELD_SEPARATOR, 21, 1),
            (fen::FIELD_SEPARATOR, 23, 3),
            (fen::SURROUNDING_WHITESPACE, 33, 1),
        ]
    );
    // A line end or `"` inside the record is neither a field nor a gap.
    let inside = "4k3/8/8/8/8/8/8/4K3[] w\n- - 0 1";
    assert_eq!(
        primary_spans(&zh(inside, &strict()).diagnostics),
        [("fenkit::grammar::expected", 23, 1)]
    );
    let quoted = "4k3/8/8/8/8/8/8/4K3[] w - -\" 0 1";
    assert_eq!(
        primary_spans(&zh(quoted, &strict()).diagnostics),
        [("fenkit::grammar::expected", 27, 1)]
    );
    // The reserved code is never reported.
    for record in [record, trailing, leading, gaps, inside, quoted] {
        for parsed in [zh(record, &ParseOptions::lenient()), zh(record, &strict())] {
            assert!(!codes_of(&parsed).contains(&codes::FIELD_SEPARATOR,));
        }
    }
}

#[test]
fn missing_and_extra_fields() {
    let short = "4k3/8/8/8/8/8/8/4K3[] w";
    let parsed = zh(short, &strict());
    assert_diagnostic(
        &parsed.diagnostics,
        Mode::Strict,
        short,
        spot(short, "w", 0),
        codes::MISSING_FIELDS,
    );
    assert!(parsed.value.is_none());
    let empty = zh("", &strict());
    assert_eq!(
        primary_spans(&empty.diagnostics),
        [(codes::MISSING_FIELDS, 0, 0)]
    );

    let extra = "4k3/8/8/8/8/8/8/4K3[] w - - 0 1 x y";
    assert_diagnostic(
        &zh(extra, &strict()).diagnostics,
        Mode::Strict,
        extra,
        spot(extra, "x y", 0),
        codes::EXTRA_FIELDS,
    );
    let extra = "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1 z";
    assert_diagnostic(
        &three(extra, &strict()).diagnostics,
        Mode::Strict,
        extra,
        spot(extra, "z", 0),
        codes::EXTRA_FIELDS,
    );
}

#[test]
fn missing_clocks_are_a_dialect_read_as_zero_and_one() {
    let record = "4k3/8/8/8/8/8/8/4K3[Qn] w - -";
    let parsed = zh(record, &strict());
    assert_diagnostic(
        &parsed.diagnostics,
        Mode::Strict,
        record,
        spot(record, "-", 1),
        codes::MISSING_CLOCKS,
    );
    assert!(parsed.value.is_none());
    let lenient = zh(record, &ParseOptions::lenient());
    assert_eq!(codes_of(&lenient), [codes::MISSING_CLOCKS]);
    assert_eq!(
        lenient.value.unwrap().to_string(),
        "4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1"
    );
    // The fullmove number alone missing, after three-check counters.
    let record = "4k3/8/8/8/8/8/8/4K3 w - - 3+3 7";
    assert_diagnostic(
        &three(record, &strict()).diagnostics,
        Mode::Strict,
        record,
        spot(record, "7", 0),
        codes::MISSING_CLOCKS,
    );
}

#[test]
fn a_crazyhouse_board_without_a_pocket_is_a_dialect() {
    let record = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let parsed = zh(record, &strict());
    assert_diagnostic(
        &parsed.diagnostics,
        Mode::Strict,
        record,
        (0, 19),
        codes::MISSING_POCKET,
    );
    let lenient = zh(record, &ParseOptions::lenient());
    assert_eq!(codes_of(&lenient), [codes::MISSING_POCKET]);
    let fix = lenient.diagnostics[0].fix().unwrap();
    assert_eq!(
        fix.apply(record.as_bytes()),
        b"4k3/8/8/8/8/8/8/4K3[] w - - 0 1"
    );
    assert!(lenient.value.unwrap().pockets.is_empty());
}

#[test]
fn pocket_letters_must_be_pieces() {
    let record = "4k3/8/8/8/8/8/8/4K3[Qxyn] w - - 0 1";
    let parsed = zh(record, &strict());
    assert_diagnostic(
        &parsed.diagnostics,
        Mode::Strict,
        record,
        spot(record, "xy", 0),
        codes::INVALID_POCKET_PIECE,
    );
    assert_eq!(parsed.diagnostics.len(), 1, "one run, one diagnostic");
    let ninth = "4k3/8/8/8/8/8/8/4K3/Q1 w - - 0 1";
    assert_diagnostic(
        &zh(ninth, &strict()).diagnostics,
        Mode::Strict,
        ninth,
        spot(ninth, "1", 0),
        codes::INVALID_POCKET_PIECE,
    );
}

#[test]
fn an_unclosed_pocket_points_at_its_bracket() {
    let record = "4k3/8/8/8/8/8/8/4K3[Qn w - - 0 1";
    let parsed = zh(record, &strict());
    assert_diagnostic(
        &parsed.diagnostics,
        Mode::Strict,
        record,
        spot(record, "[", 0),
        codes::UNCLOSED_POCKET,
    );
    // Text after the closing bracket is the grammar's: a space was expected.
    let after = "4k3/8/8/8/8/8/8/4K3[Qn]x w - - 0 1";
    assert_eq!(
        primary_spans(&zh(after, &strict()).diagnostics),
        [("fenkit::grammar::expected", 23, 1)]
    );
}

#[test]
fn a_pocket_in_three_check_is_unexpected() {
    let record = "4k3/8/8/8/8/8/8/4K3[Q] w - - 3+3 0 1";
    let parsed = three(record, &strict());
    assert_diagnostic(
        &parsed.diagnostics,
        Mode::Strict,
        record,
        spot(record, "[Q]", 0),
        codes::UNEXPECTED_POCKET,
    );
    // The promotion mark is crazyhouse's too: in three-check `~` is not a piece (and covers
    // a square, as in chess FEN).
    let marked = "4k3/1Q~6/8/8/8/8/8/4K3 w - - 3+3 0 1";
    assert_eq!(
        primary_spans(&three(marked, &strict()).diagnostics),
        [
            ("fenkit::fen::rank_too_long", 4, 4),
            ("fenkit::fen::invalid_piece", 6, 1)
        ]
    );
}

#[test]
fn check_counters_are_digits_from_zero_to_three() {
    for (record, needle, nth) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 4+3 0 1", "4", 2),
        ("4k3/8/8/8/8/8/8/4K3 w - - 3+x 0 1", "x", 0),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +0+9", "9", 0),
        ("4k3/8/8/8/8/8/8/4K3 w - - 3+3+3 0 1", "3+3+3", 0),
        ("4k3/8/8/8/8/8/8/4K3 w - - 10+3 0 1", "10", 0),
    ] {
        let parsed = three(record, &strict());
        assert_diagnostic(
            &parsed.diagnostics,
            Mode::Strict,
            record,
            spot(record, needle, nth),
            codes::INVALID_CHECKS,
        );
        assert!(parsed.value.is_none(), "{record}");
    }
    // Both counters wrong: two diagnostics, each on its number.
    let both = "4k3/8/8/8/8/8/8/4K3 w - - 5+7 0 1";
    assert_eq!(
        primary_spans(&three(both, &strict()).diagnostics),
        [
            (codes::INVALID_CHECKS, 26, 1),
            (codes::INVALID_CHECKS, 28, 1)
        ]
    );
}

#[test]
fn missing_counters_are_a_dialect_read_as_three_each() {
    let record = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let parsed = three(record, &strict());
    assert_diagnostic(
        &parsed.diagnostics,
        Mode::Strict,
        record,
        spot(record, "-", 1),
        codes::MISSING_CHECKS,
    );
    let lenient = three(record, &ParseOptions::lenient());
    assert_eq!(codes_of(&lenient), [codes::MISSING_CHECKS]);
    assert_eq!(
        lenient.value.unwrap().remaining_checks,
        RemainingChecks::default()
    );
    let fix = lenient.diagnostics[0].fix().unwrap();
    assert_eq!(
        fix.apply(record.as_bytes()),
        b"4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1"
    );
}

#[test]
fn counters_given_twice_are_an_error() {
    let record = "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1 +0+0";
    let parsed = three(record, &strict());
    assert_diagnostic(
        &parsed.diagnostics,
        Mode::Strict,
        record,
        spot(record, "+0+0", 0),
        codes::REPEATED_CHECKS,
    );
    assert_eq!(parsed.diagnostics[0].labels()[1].span.offset, 26);
}

#[test]
fn every_problem_of_a_record_is_reported_on_its_own_span() {
    let record = "4k3/8/8/9/8/8/8/4K3[Qx] x KQkq e5 0 1";
    let parsed = zh(record, &strict());
    assert_eq!(
        primary_spans(&parsed.diagnostics),
        [
            ("fenkit::fen::invalid_digit", 8, 1),
            (codes::INVALID_POCKET_PIECE, 21, 1),
            ("fenkit::fen::invalid_side_to_move", 24, 1),
            ("fenkit::fen::en_passant_rank", 32, 1),
        ]
    );
}

// --- Legality: chess's rules where they hold, the variants' own ---

#[test]
fn a_king_in_a_pocket_is_illegal() {
    let record = "4k3/8/8/8/8/8/8/4K3[QK] w - - 0 1";
    assert!(zh(record, &strict()).is_valid(), "syntax allows it");
    let parsed = zh(record, &validated());
    assert_diagnostic(
        &parsed.diagnostics,
        Mode::Strict,
        record,
        spot(record, "K", 1),
        codes::KING_IN_POCKET,
    );
    assert!(parsed.value.is_some(), "a legality problem keeps the value");
}

#[test]
fn crazyhouse_counts_material_on_the_board_and_in_the_pockets() {
    // Nine white pawns on the board: illegal in chess, fine in crazyhouse (captured pawns
    // change sides).
    let nine = "4k3/8/8/8/8/P7/PPPPPPPP/4K3[] w - - 0 1";
    assert!(zh(nine, &validated()).diagnostics.is_empty());
    assert!(
        !fenkit::Fen::parse(b"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", &validated())
            .diagnostics
            .is_empty()
    );
    let queens = "4k3/8/8/8/8/8/8/4K3[QQq] w - - 0 1";
    let parsed = zh(queens, &validated());
    assert_diagnostic(
        &parsed.diagnostics,
        Mode::Strict,
        queens,
        spot(queens, "4k3/8/8/8/8/8/8/4K3[QQq]", 0),
        codes::TOO_MUCH_MATERIAL,
    );
    // A promoted queen counts as a pawn, not as a third queen.
    let promoted = "4k3/8/8/8/8/8/8/Q~3K3[Qq] w - - 0 1";
    assert!(zh(promoted, &validated()).diagnostics.is_empty());
}

#[test]
fn chess_legality_spans_land_in_the_variant_record() {
    // A pawn on rank 8 after a promotion mark: one byte further than in chess FEN.
    let record = "Q~2P4/4k3/8/8/8/8/8/4K3[] w - - 0 1";
    assert_eq!(
        primary_spans(&zh(record, &validated()).diagnostics),
        [("fenkit::fen::pawn_on_back_rank", 3, 1)]
    );
    // A castling right without its rook, after a pocket.
    let record = "4k3/8/8/8/8/8/8/4K3[Qn] w K - 0 1";
    assert_eq!(
        primary_spans(&zh(record, &validated()).diagnostics),
        [("fenkit::fen::castling_without_rook", 26, 1)]
    );
    // The side not to move in check, in three-check.
    let record = "4k3/8/8/8/8/8/8/4R1K1 w - - 3+3 0 1";
    let parsed = three(record, &validated());
    assert_eq!(codes_of(&parsed), ["fenkit::fen::opposite_check"]);
}

#[test]
fn three_check_needs_a_check_left_for_one_side() {
    let record = "4k3/8/8/8/8/8/8/4K3 w - - 0+0 0 1";
    assert!(three(record, &strict()).is_valid());
    assert_diagnostic(
        &three(record, &validated()).diagnostics,
        Mode::Strict,
        record,
        spot(record, "0+0", 0),
        codes::NO_CHECKS_LEFT,
    );
    assert!(
        three("4k3/8/8/8/8/8/8/4K3 w - - 0+1 0 1", &validated())
            .diagnostics
            .is_empty()
    );
}

#[test]
fn every_variant_code_is_tested_here() {
    // The board rules a variant adds are tested with the variant option, in `variant_rules`.
    let source = [include_str!("variant.rs"), include_str!("variant_rules.rs")].concat();
    for info in codes::ALL {
        let name = info.code.rsplit("::").next().unwrap().to_ascii_uppercase();
        assert!(
            source.contains(&format!("codes::{name},")),
            "{} is not tested",
            info.code
        );
    }
}

// --- Rendered diagnostics ---

#[test]
fn rendered_crazyhouse_diagnostics() {
    let record = "4k3/8/8/8/8/8/8/4K3[Qx w - - 0 1";
    let parsed = zh(record, &strict());
    insta::assert_snapshot!(render("crazyhouse", record, &parsed.diagnostics));
}

#[test]
fn rendered_three_check_diagnostics() {
    let record = "4k3/8/8/8/8/8/8/4K3 w - - 4+3 0 1 +0+0";
    let parsed = three(record, &strict());
    insta::assert_snapshot!(render("three-check", record, &parsed.diagnostics));
}

// --- Properties: mutated records never panic, spans stay in the record, values write back ---

proptest::proptest! {
    #[test]
    fn mutated_records_keep_spans_in_bounds_and_values_write_back(
        which in 0usize..4,
        at in 0usize..64,
        byte in proptest::sample::select(b"0123489kKqQpP~/[]+- wb".to_vec()),
        lenient in proptest::bool::ANY,
    ) {
        let records = [
            "r4rk1/p2bppbp/6p1/2qpP3/5P2/2NBPQPp/PPP4P/R1B3K1[NNNrp] b - - 39 20",
            "4k3/1Q~6/8/8/4b3/8/Kpp5/8/qN b - - 0 1",
            "r1b2rk1/ppp2p1p/4p1p1/4Bn2/1b2N3/3B4/PPP3PP/R2Q1R1K b - - 3+3 0 15",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 +1+2",
        ];
        let mut record = records[which].as_bytes().to_vec();
        let index = at % record.len();
        record[index] = byte;
        let options = if lenient { ParseOptions::lenient() } else { strict() }.validated();
        let zh = Crazyhouse::parse(&record, &options);
        for diagnostic in &zh.diagnostics {
            for label in diagnostic.labels() {
                proptest::prop_assert!(label.span.end() <= record.len());
            }
        }
        if let Some(value) = zh.value {
            let again: Crazyhouse = value.to_string().parse().unwrap();
            proptest::prop_assert_eq!(again, value);
        }
        let three = ThreeCheck::parse(&record, &options);
        for diagnostic in &three.diagnostics {
            for label in diagnostic.labels() {
                proptest::prop_assert!(label.span.end() <= record.len());
            }
        }
        if let Some(value) = three.value {
            let again: ThreeCheck = value.to_string().parse().unwrap();
            proptest::prop_assert_eq!(again, value);
        }
    }
}

/// Every variant dialect carries a safe fix, and applying it leaves a record without the
/// diagnostic (tests/suite/fixes.rs does the same for the notations).
#[test]
fn every_variant_dialect_has_a_safe_fix_that_removes_it() {
    use fenkit::codes::CodeKind;
    let cases: &[(&str, bool, &str)] = &[
        (
            fenkit::chess::codes::FIELD_SEPARATOR,
            true,
            "4k3/8/8/8/8/8/8/4K3[] w -\t- 0 1",
        ),
        (
            fenkit::chess::codes::SURROUNDING_WHITESPACE,
            false,
            " 4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1",
        ),
        (codes::MISSING_CLOCKS, true, "4k3/8/8/8/8/8/8/4K3[Qn] w - -"),
        (
            codes::MISSING_CLOCKS,
            false,
            "4k3/8/8/8/8/8/8/4K3 w - - 3+3 7",
        ),
        (
            codes::MISSING_CLOCKS,
            false,
            "4k3/8/8/8/8/8/8/4K3 w - - +0+0",
        ),
        (codes::MISSING_POCKET, true, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        (codes::DASH_POCKET, true, "4k3/8/8/8/8/8/8/4K3[-] w - - 0 1"),
        (
            codes::MISSING_CHECKS,
            false,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ),
    ];
    let read = |record: &[u8], crazyhouse: bool| {
        let options = ParseOptions::lenient();
        if crazyhouse {
            Crazyhouse::parse(record, &options).diagnostics
        } else {
            ThreeCheck::parse(record, &options).diagnostics
        }
    };
    for &(code, crazyhouse, record) in cases {
        let diagnostics = read(record.as_bytes(), crazyhouse);
        let found = diagnostics.iter().find(|d| d.code() == code).unwrap();
        let fix = found.fix().unwrap_or_else(|| panic!("{code}: no fix"));
        assert!(fix.is_safe(), "{code}");
        let fixed = fix.apply(record.as_bytes());
        let after = read(&fixed, crazyhouse);
        assert!(
            after.iter().all(|d| d.code() != code),
            "{code}: {:?} still has it",
            String::from_utf8_lossy(&fixed)
        );
    }
    for info in codes::ALL
        .iter()
        .filter(|info| info.kind == CodeKind::Dialect)
    {
        assert!(
            cases.iter().any(|case| case.0 == info.code),
            "{} has no fix case",
            info.code
        );
    }
}
