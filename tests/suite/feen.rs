//! FEEN 1.0.0: the research vectors (numbered `#1`...) with the verdicts of
//! docs/notations.md, the official examples of the specification, every diagnostic code with
//! its span, rendered reports, round trips and the conversion from chess FEN.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeSet;

use fenkit::feen::{Cell, Feen, Hands, Piece, Side, State, Style};
use fenkit::{Fen, Notation, ParseOptions, parse_any};
use proptest::prelude::*;

use crate::common;

type Found = Vec<(&'static str, usize, usize)>;

fn strict(record: &str) -> fenkit::Parsed<Feen> {
    Feen::parse(record.as_bytes(), &ParseOptions::strict())
}

fn lenient(record: &str) -> fenkit::Parsed<Feen> {
    Feen::parse(record.as_bytes(), &ParseOptions::lenient())
}

/// Strict FEEN that is valid and canonical: no diagnostic, written back byte for byte.
fn assert_canonical(record: &str) {
    let parsed = strict(record);
    assert!(
        parsed.diagnostics.is_empty(),
        "{record}: {:?}",
        parsed.diagnostics
    );
    assert_eq!(parsed.value.unwrap().to_string(), record);
    fenkit::fuzzing::check_feen(record.as_bytes());
}

/// The primary spans of the strict diagnostics (and the same in lenient mode, where the
/// record must stay invalid).
fn errors(record: &str) -> Found {
    fenkit::fuzzing::check_feen(record.as_bytes());
    let parsed = strict(record);
    assert!(parsed.value.is_none(), "{record} should be invalid");
    common::primary_spans(&parsed.diagnostics)
}

/// A dialect: an error in strict mode, a warning in lenient mode where it reads as `canonical`.
fn dialect(record: &str, canonical: &str) -> Found {
    fenkit::fuzzing::check_feen(record.as_bytes());
    let parsed = strict(record);
    assert!(
        parsed.value.is_none(),
        "{record} should be invalid in strict mode"
    );
    let found = common::primary_spans(&parsed.diagnostics);
    let relaxed = lenient(record);
    assert!(
        relaxed.diagnostics.iter().all(|d| !d.is_error()),
        "{record}: {:?}",
        relaxed.diagnostics
    );
    assert_eq!(
        common::primary_spans(&relaxed.diagnostics),
        found,
        "{record}: same diagnostics in both modes"
    );
    assert_eq!(relaxed.value.unwrap().to_string(), canonical, "{record}");
    found
}

// ---------------------------------------------------------------- official examples (§1.9)

const OFFICIAL: &[&str] = &[
    "rheagaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAGAEHR / XIANGQI/xiangqi",
    "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 181S/181s GO/go",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL / SHOGI/shogi",
    "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR / MAKRUK/makruk",
    "+rnbq+kbn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+KBN+R / CHESS/chess",
    "+rnbq+kbn+r/+p+p+p+p+p+p+p+p/8/8/4P3/8/+P+P+P+P1+P+P+P/+RNBQ+KBN+R / chess/CHESS",
    "+rnbq+kbn+r/+p+p1+p+p+p+p+p/8/2p5/4P3/8/+P+P+P+P1+P+P+P/+RNBQ+KBN+R / CHESS/chess",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL / shogi/SHOGI",
    "r1bqkbnr/+p+p+p+p1+p+p+p/2n5/1B2p3/4P3/5N2/+P+P+P+P1+P+P+P/RNBQK2R / chess/CHESS",
    "+rnbq+kbn+r/+p+p+p1+p+p+p+p/8/3p4/2PP4/8/+P+P2+P+P+P+P/+RNBQ+KBN+R / CHESS/chess",
    "rnsmksnr/8/pppppppp/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+KBN+R / CHESS/makruk",
    "lnsiksnl/1r4b1/pppppppp/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+KBN+R / CHESS/ogi",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL B/ shogi/SHOGI",
];

/// The examples of the reference implementation's README.
const README_EXAMPLES: &[&str] = &[
    "rkr / GAME/game",
    "ab/cd//AB/CD / UP/down",
    "rkr/pp/PPPP / GAME/game",
    "r8/9/9/9/9/9/9/9/8R / PLAYERA/playerb",
    "k/K 3PR/2p FIRST/second",
    "+PK-R/N'1B P+R'/ GAME/game",
    "KQkm P/s CHESS/makruk",
    "rK / CHESS/shogi",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR / CHESS/chess",
    "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL 2PB/bp SHOGI/shogi",
    "rnknr/5/PPPPP Q/p WHITE/black",
    // The README says this one is invalid ("wrong piece order"); it is canonical (3 before 1).
    "k/K 3PK/ GAME/game",
];

#[test]
fn official_examples_round_trip_byte_for_byte() {
    for record in OFFICIAL.iter().chain(README_EXAMPLES) {
        assert_canonical(record);
    }
}

// ---------------------------------------------------------------- §4.1 whole strings

#[test]
fn whole_strings_that_are_valid() {
    for record in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR / CHESS/chess",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL B/b SHOGI/shogi",
        "rn/pp//RN/PP / FOO/bar",
        "k/K 3P2B/p GAME/game",
        "4 K/k TEST/test",
        "9/9/9/9/4+P4/9/5+B3/9/9 / SHOGI/shogi",
        "k/K 9P5B3-P3+P'2+B2SK-P'RS'/bp GAME/game",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR / CHESS960/makruk",
        "K / TEST/test",
        "K / A/b",
        "lnsgkg1nl/1r7/ppp1ppppp/3p5/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL 5P2G2L/2g2sln SHOGI/shogi",
        "rkr/1P1 P/ CHESS/chess",
        "8/8/8/8/8/8/8/8 9P5B3-P3+P'2+B2SK-P'RS'/bp FOO/bar",
        "8/8/8/8/8/8/8/8 42+B'41+A41+A'/42-b' FOO/bar",
        "k/K 2BP/np TEST/test",
        "lnsgk3l/5g3/p1ppB2pp/9/8B/2P6/P2PPPPPP/3K3R1/5rSNL 5P2G2L/2g2sln SHOGI/shogi",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR P/s CHESS/makruk",
        "K P/ TEST/test",
    ] {
        assert_canonical(record);
    }
}

#[test]
fn the_values_are_what_was_written() {
    let feen: Feen = "rkr/1P1 P/ CHESS/chess".parse().unwrap();
    let pawn: Piece = "P".parse().unwrap();
    assert_eq!(
        feen.placement.ranks()[1],
        vec![
            Cell::Empty(1.try_into().unwrap()),
            Cell::Piece(pawn),
            Cell::Empty(1.try_into().unwrap())
        ]
    );
    assert_eq!(feen.hands.of(Side::First).len(), 1);
    assert!(feen.hands.of(Side::Second).is_empty());
    assert_eq!(feen.side_to_move(), Side::First);

    let feen: Feen = "k/K 3P2B/p GAME/game".parse().unwrap();
    assert_eq!(feen.hands.count("P".parse().unwrap()), 3);
    assert_eq!(feen.hands.count("B".parse().unwrap()), 2);
    assert_eq!(feen.hands.count("p".parse().unwrap()), 1);
    assert_eq!(feen.hands.count("b".parse().unwrap()), 0);

    let feen: Feen = "9/9/9/9/4+P4/9/5+B3/9/9 / SHOGI/shogi".parse().unwrap();
    let pieces: Vec<_> = feen
        .placement
        .pieces()
        .map(|(rank, cell, piece)| (rank, cell, piece.to_string()))
        .collect();
    assert_eq!(pieces, [(4, 4, "+P".to_string()), (6, 5, "+B".to_string())]);
}

#[test]
fn whole_strings_with_non_canonical_hands() {
    // #8: the README's sorting example, ordered by letter: canonical is row 7.
    assert_eq!(
        dialect(
            "k/K 2+B5BK3-P-P'3+P'9PR2SS'/bp GAME/game",
            "k/K 9P5B3-P3+P'2+B2SK-P'RS'/bp GAME/game"
        ),
        [("fenkit::feen::hand_order", 4, 23)]
    );
    // #20
    assert_eq!(
        dialect(
            "8/8/8/8/8/8/8/8 P3K/ FOO/bar",
            "8/8/8/8/8/8/8/8 3KP/ FOO/bar"
        ),
        [("fenkit::feen::hand_order", 16, 3)]
    );
    let help = strict("8/8/8/8/8/8/8/8 P3K/ FOO/bar").diagnostics[0]
        .help_text()
        .unwrap()
        .to_string();
    assert!(help.starts_with("write `3KP/`"), "{help}");
}

#[test]
fn whole_strings_that_are_invalid() {
    // #21
    assert_eq!(
        errors("8/8/8/8/8/8/8/8 / CHESS/SHOGI"),
        [("fenkit::feen::same_case_styles", 24, 5)]
    );
    // #22-#26
    assert_eq!(errors("K /"), [("fenkit::feen::missing_fields", 3, 0)]);
    assert_eq!(
        errors("K / TEST/test extra"),
        [("fenkit::feen::extra_fields", 14, 5)]
    );
    assert_eq!(
        errors("K/TEST/test"),
        [("fenkit::feen::missing_fields", 11, 0)]
    );
    assert_eq!(
        errors("K  /  TEST/test"),
        [
            ("fenkit::feen::field_separator", 1, 2),
            ("fenkit::feen::field_separator", 4, 2)
        ]
    );
    assert_eq!(errors(""), [("fenkit::feen::missing_fields", 0, 0)]);
    assert_eq!(errors("   "), [("fenkit::feen::missing_fields", 0, 0)]);
    // #27-#30
    assert_eq!(
        errors("invalid@chars / TEST/test"),
        [("fenkit::feen::invalid_character", 7, 1)]
    );
    assert_eq!(
        errors("K / INVALID@FORMAT"),
        [("fenkit::feen::missing_style_separator", 4, 14)]
    );
    assert_eq!(
        errors("K / / INVALID@FORMAT"),
        [
            ("fenkit::feen::empty_style", 4, 0),
            ("fenkit::feen::empty_style", 5, 0),
            ("fenkit::feen::extra_fields", 6, 14)
        ]
    );
    assert_eq!(
        errors("K invalid@format TEST/test"),
        [
            ("fenkit::feen::missing_hand_separator", 2, 14),
            ("fenkit::feen::invalid_character", 9, 1)
        ]
    );
    // #31, #32: surrounding whitespace and tabs are not FEEN (R1 accepts a tab).
    assert_eq!(
        errors(" K / A/b"),
        [("fenkit::feen::surrounding_whitespace", 0, 1)]
    );
    assert_eq!(
        errors("K / A/b "),
        [("fenkit::feen::surrounding_whitespace", 7, 1)]
    );
    // A line end left on the record is trailing whitespace, one problem (as in FEN and EPD), and
    // does not hide the notation from detection.
    assert_eq!(
        errors("K / A/b\n"),
        [("fenkit::feen::surrounding_whitespace", 7, 1)]
    );
    assert_eq!(
        errors("K / A/b \r\n"),
        [("fenkit::feen::surrounding_whitespace", 7, 3)]
    );
    let (notation, _) = fenkit::parse_any(b"K / A/b\n", None, &fenkit::ParseOptions::strict());
    assert_eq!(notation, fenkit::Notation::Feen);
    assert_eq!(
        errors("K\t/\tA/b"),
        [
            ("fenkit::feen::field_separator", 1, 1),
            ("fenkit::feen::field_separator", 3, 1)
        ]
    );
    // #33: the empty hands of the May 2025 drafts.
    assert_eq!(
        errors("K - A/b"),
        [("fenkit::feen::dash_empty_hands", 2, 1)]
    );
}

// ---------------------------------------------------------------- §4.2 placement

fn placement_errors(placement: &str) -> Found {
    errors(&format!("{placement} / A/b"))
}

#[test]
fn placements_that_are_valid() {
    for placement in [
        "K",
        "1",
        "4",
        "8",
        "r2k1r",
        "rnbq",
        "+P+Bk",
        "-r1-k",
        "K'1R'",
        "+P'-R'k",
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R",
        "r1/1p//2/2",
        "rnb/qkp//PR1/1KQ//3/3",
        "K/P//1/1///k/p//1/1",
        "15",
        "123",
        "2KR",
        "KR2",
        "1K1",
        "RnBqKbNr",
        "rnbqkbnr/ppppppp/8",
        "a",
        "a/b",
        "r11r",
        "80",
        "ab/cd//ef",
        "rn/p//R/PPP",
        "ppppppppppppppp/K//8/R1N",
        "3/4/5/4/3",
        // Absolute separators: these are other boards than R1 reads, and canonical as written.
        "a//b",
        "K/P///1/1////k/p///1/1",
        "18446744073709551615",
    ] {
        assert_canonical(&format!("{placement} / A/b"));
    }
}

#[test]
fn separators_are_absolute() {
    let dims = |placement: &str| {
        strict(&format!("{placement} / A/b"))
            .value
            .unwrap()
            .placement
            .dimensions()
    };
    assert_eq!(dims("K"), 1);
    assert_eq!(dims("a/b"), 2);
    assert_eq!(dims("a//b"), 3);
    assert_eq!(dims("K/P//1/1///k/p//1/1"), 4);
    assert_eq!(dims("K/P///1/1////k/p///1/1"), 5);
    let mixed = strict("ab/cd//ef / A/b").value.unwrap().placement;
    let coordinates: Vec<Vec<usize>> = (0..3).map(|i| mixed.rank_coordinates(i)).collect();
    assert_eq!(coordinates, [vec![0, 0], vec![0, 1], vec![1, 0]]);
    let feen = strict("r11r / A/b").value.unwrap();
    assert_eq!(feen.placement.rank_size(0), Some(13));
    let feen = strict("rnbqkbnr/ppppppp/8 / A/b").value.unwrap();
    let sizes: Vec<_> = (0..3)
        .map(|i| feen.placement.rank_size(i).unwrap())
        .collect();
    assert_eq!(sizes, [8, 7, 8]);
}

#[test]
fn placements_that_are_invalid() {
    assert_eq!(placement_errors("0"), [("fenkit::feen::zero_count", 0, 1)]);
    assert_eq!(
        placement_errors("08"),
        [("fenkit::feen::leading_zero", 0, 2)]
    );
    assert_eq!(
        placement_errors("r0r"),
        [("fenkit::feen::zero_count", 1, 1)]
    );
    assert_eq!(
        placement_errors("r00r"),
        [("fenkit::feen::zero_count", 1, 2)]
    );
    assert_eq!(
        placement_errors("18446744073709551616"),
        [("fenkit::feen::count_too_large", 0, 20)]
    );
    assert_eq!(
        placement_errors("r@n"),
        [("fenkit::feen::invalid_character", 1, 1)]
    );
    assert_eq!(
        placement_errors("\u{2654}"),
        [("fenkit::feen::non_ascii", 0, 3)]
    );
    assert_eq!(
        placement_errors("rnbqkbnr/"),
        [("fenkit::feen::trailing_separator", 8, 1)]
    );
    assert_eq!(
        placement_errors("a/"),
        [("fenkit::feen::trailing_separator", 1, 1)]
    );
    assert_eq!(
        placement_errors("a///"),
        [("fenkit::feen::trailing_separator", 1, 3)]
    );
    assert_eq!(
        placement_errors("/a"),
        [("fenkit::feen::leading_separator", 0, 1)]
    );
    assert_eq!(
        placement_errors("//a/b"),
        [("fenkit::feen::leading_separator", 0, 2)]
    );
    assert_eq!(
        placement_errors("+"),
        [("fenkit::feen::prefix_without_letter", 0, 1)]
    );
    assert_eq!(
        placement_errors("K+"),
        [("fenkit::feen::prefix_without_letter", 1, 1)]
    );
    assert_eq!(
        placement_errors("++K"),
        [("fenkit::feen::prefix_without_letter", 0, 1)]
    );
    assert_eq!(
        placement_errors("+-K"),
        [("fenkit::feen::prefix_without_letter", 0, 1)]
    );
    assert_eq!(
        placement_errors("+1K"),
        [("fenkit::feen::prefix_without_letter", 0, 1)]
    );
    assert_eq!(
        placement_errors("K''"),
        [("fenkit::feen::misplaced_derivation_marker", 2, 1)]
    );
    assert_eq!(
        placement_errors("'K"),
        [("fenkit::feen::misplaced_derivation_marker", 0, 1)]
    );
    assert_eq!(
        placement_errors("1'"),
        [("fenkit::feen::misplaced_derivation_marker", 1, 1)]
    );
    // Every rank is checked.
    assert_eq!(
        placement_errors("r0r/8/p@p/K''//"),
        [
            ("fenkit::feen::zero_count", 1, 1),
            ("fenkit::feen::invalid_character", 7, 1),
            ("fenkit::feen::misplaced_derivation_marker", 12, 1),
            ("fenkit::feen::trailing_separator", 13, 2),
        ]
    );
}

#[test]
fn terminal_marker_of_the_later_revision_is_named() {
    // V7 chess start (the specification's "Examples of other versions").
    let record = "-rnbqk^bn-r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/-RNBQK^BN-R / C/c";
    assert_eq!(
        errors(record),
        [
            ("fenkit::feen::terminal_marker", 6, 1),
            ("fenkit::feen::terminal_marker", 60, 1)
        ]
    );
    let parsed = strict(record);
    let help = parsed.diagnostics[0].help_text().unwrap();
    assert!(
        help.contains("Field Expression Encoding Notation") && help.contains("`k`"),
        "{help}"
    );
    assert_eq!(
        placement_errors("k^'1"),
        [("fenkit::feen::terminal_marker", 1, 1)]
    );
    assert_eq!(
        placement_errors("^"),
        [("fenkit::feen::terminal_marker", 0, 1)]
    );
    assert_eq!(
        errors("K ^/ A/b"),
        [("fenkit::feen::terminal_marker", 2, 1)]
    );
}

// ---------------------------------------------------------------- §4.3 hands

fn hands_record(hands: &str) -> String {
    format!("K {hands} A/b")
}

fn hand_errors(hands: &str) -> Found {
    errors(&hands_record(hands))
}

fn hand_dialect(hands: &str, canonical: &str) -> Found {
    dialect(&hands_record(hands), &hands_record(canonical))
}

#[test]
fn hands_that_are_valid() {
    for hands in [
        "/",
        "P/",
        "/p",
        "P/p",
        "3P/",
        "/5p",
        "2B/",
        "BPR/",
        "/bpr",
        "BR/pr",
        "3P2B/p",
        "5P2BR/",
        "5P3Q2BNR/4p2g",
        "2+P/p",
        "P/-r",
        "K'/p",
        "2+P'/p",
        "10P/15p",
        "12P/34p",
        "123K/456k",
        "100K/999k",
        "5P2G2L/pr",
        "2+B2P/2g2sln",
        "A/",
        "/z",
        "2A/",
        "5Z3Y2X/4c3b2a",
        "2-P/",
        "2P'/",
        "+P'/",
        "2P/3p",
        "-P+PP/",
        "PP'/",
        "2+PK'-R/",
        "2P-BB+P/5p",
        "2B2+P/2s+gglnp",
        "10+P/15-p",
        "10Q9P/",
        "3P2+BR/",
        "5B2RP/",
    ] {
        assert_canonical(&hands_record(hands));
    }
}

#[test]
fn non_canonical_hands_are_a_dialect() {
    assert_eq!(
        hand_dialect("ZYX/cba", "XYZ/abc"),
        [
            ("fenkit::feen::hand_order", 2, 3),
            ("fenkit::feen::hand_order", 6, 3)
        ]
    );
    assert_eq!(
        hand_dialect("3PBRN/2pr", "3PBNR/2pr"),
        [("fenkit::feen::hand_order", 2, 5)]
    );
    assert_eq!(
        hand_dialect("2+B5BK3-P-P'3+P'9PR2SS'/bp", "9P5B3-P3+P'2+B2SK-P'RS'/bp"),
        [("fenkit::feen::hand_order", 2, 23)]
    );
    assert_eq!(
        hand_dialect("PP/", "2P/"),
        [("fenkit::feen::hand_not_aggregated", 3, 1)]
    );
    assert_eq!(
        hand_dialect("2P2P/", "4P/"),
        [("fenkit::feen::hand_not_aggregated", 4, 2)]
    );
    assert_eq!(
        hand_dialect("PB/", "BP/"),
        [("fenkit::feen::hand_order", 2, 2)]
    );
    assert_eq!(
        hand_dialect("2B3P/p", "3P2B/p"),
        [("fenkit::feen::hand_order", 2, 4)]
    );
    assert_eq!(
        hand_dialect("9P10Q/", "10Q9P/"),
        [("fenkit::feen::hand_order", 2, 5)]
    );
    assert_eq!(
        hand_dialect("P'P/", "PP'/"),
        [("fenkit::feen::hand_order", 2, 3)]
    );
    assert_eq!(
        hand_dialect("P+P-P/", "-P+PP/"),
        [("fenkit::feen::hand_order", 2, 5)]
    );
    assert_eq!(
        hand_dialect("1P/p", "P/p"),
        [("fenkit::feen::count_one", 2, 1)]
    );
    assert_eq!(
        hand_dialect("1PBP/p", "2PB/p"),
        [
            ("fenkit::feen::count_one", 2, 1),
            ("fenkit::feen::hand_not_aggregated", 5, 1)
        ]
    );
    // The help is the canonical text of the whole field.
    let parsed = strict(&hands_record("PBP/"));
    let diagnostic = &parsed.diagnostics[0];
    assert_eq!(
        diagnostic.help_text(),
        Some("write `2PB/`: identical pieces are counted in one entry")
    );
    assert_eq!(
        diagnostic.labels()[1].span,
        fenkit::Span::new(2, 1),
        "the first listing is a secondary label"
    );
}

#[test]
fn hands_that_are_invalid() {
    assert_eq!(
        hand_errors("Pp"),
        [("fenkit::feen::missing_hand_separator", 2, 2)]
    );
    assert_eq!(
        strict(&hands_record("Pp")).diagnostics[0]
            .help_text()
            .unwrap()
            .split(':')
            .next(),
        Some("write `P/p`")
    );
    assert_eq!(
        hand_errors("PPBB"),
        [("fenkit::feen::missing_hand_separator", 2, 4)]
    );
    assert_eq!(
        hand_errors("P/p/B"),
        [
            ("fenkit::feen::extra_hand_separator", 5, 1),
            ("fenkit::feen::hand_wrong_case", 6, 1)
        ]
    );
    assert_eq!(
        hand_errors("//"),
        [("fenkit::feen::extra_hand_separator", 3, 1)]
    );
    assert_eq!(
        hand_errors("P/p/"),
        [("fenkit::feen::extra_hand_separator", 5, 1)]
    );
    assert_eq!(
        hand_errors("P@/p"),
        [("fenkit::feen::invalid_character", 3, 1)]
    );
    assert_eq!(
        hand_errors("P3/p"),
        [("fenkit::feen::count_without_piece", 3, 1)]
    );
    assert_eq!(hand_errors("0P/p"), [("fenkit::feen::zero_count", 2, 1)]);
    assert_eq!(hand_errors("01P/p"), [("fenkit::feen::leading_zero", 2, 2)]);
    assert_eq!(
        hand_errors("002P/p"),
        [("fenkit::feen::leading_zero", 2, 3)]
    );
    assert_eq!(
        hand_errors("99999999999999999999P/"),
        [("fenkit::feen::count_too_large", 2, 20)]
    );
    assert_eq!(
        hand_errors("18446744073709551615PP/"),
        [("fenkit::feen::count_too_large", 23, 1)]
    );
    // The entry whose count overflows its piece's total, not the last entry.
    assert_eq!(
        hand_errors("18446744073709551615P2P3B/"),
        [("fenkit::feen::count_too_large", 23, 2)]
    );
    assert_eq!(
        hand_errors("Pp/"),
        [("fenkit::feen::hand_wrong_case", 3, 1)]
    );
    assert_eq!(
        hand_errors("/pP"),
        [("fenkit::feen::hand_wrong_case", 4, 1)]
    );
    assert_eq!(
        hand_errors("p/P"),
        [
            ("fenkit::feen::hand_wrong_case", 2, 1),
            ("fenkit::feen::hand_wrong_case", 4, 1)
        ]
    );
    assert_eq!(
        hand_errors("3p/"),
        [("fenkit::feen::hand_wrong_case", 2, 2)]
    );
    assert_eq!(
        strict(&hands_record("3p/")).diagnostics[0]
            .help_text()
            .unwrap()
            .rsplit(' ')
            .next(),
        Some("`/3p`")
    );
    assert_eq!(
        hand_errors("-2P/"),
        [("fenkit::feen::prefix_without_letter", 2, 1)]
    );
    assert_eq!(
        hand_errors("P''/"),
        [("fenkit::feen::misplaced_derivation_marker", 4, 1)]
    );
    // Problems on both sides are all reported.
    assert_eq!(
        hand_errors("0P@/p''"),
        [
            ("fenkit::feen::zero_count", 2, 1),
            ("fenkit::feen::invalid_character", 4, 1),
            ("fenkit::feen::misplaced_derivation_marker", 8, 1),
        ]
    );
}

// ---------------------------------------------------------------- §4.4 style-turn

fn style_errors(style_turn: &str) -> Found {
    errors(&format!("K / {style_turn}"))
}

#[test]
fn style_turns_that_are_valid() {
    for style_turn in [
        "CHESS/chess",
        "MAKRUK/xiangqi",
        "A/b",
        "X/y",
        "VERYLONGSTYLENAME/anotherlongstyle",
        "shogi/SHOGI",
        "chess/MAKRUK",
        "a/B",
        "z/Z",
        "ogi/CHESS",
        "CHESS960/makruk",
        "SHOGI9/chess960",
        "GAME123/variant456",
        "CHESS2D3D/shogi9x9",
        "C1/c",
        "a/B1",
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ/abcdefghijklmnopqrstuvwxyz",
    ] {
        assert_canonical(&format!("K / {style_turn}"));
    }
    let turn = |text: &str| strict(&format!("K / {text}")).value.unwrap();
    assert_eq!(turn("CHESS/chess").side_to_move(), Side::First);
    assert_eq!(turn("shogi/SHOGI").side_to_move(), Side::Second);
}

#[test]
fn style_turns_that_are_invalid() {
    assert_eq!(
        style_errors("CHESSchess"),
        [("fenkit::feen::missing_style_separator", 4, 10)]
    );
    assert_eq!(
        style_errors("CHESS/chess/extra"),
        [("fenkit::feen::extra_style_separator", 15, 6)]
    );
    assert_eq!(
        style_errors("/chess"),
        [("fenkit::feen::empty_style", 4, 0)]
    );
    assert_eq!(
        style_errors("CHESS/"),
        [("fenkit::feen::empty_style", 10, 0)]
    );
    assert_eq!(
        style_errors("/"),
        [
            ("fenkit::feen::empty_style", 4, 0),
            ("fenkit::feen::empty_style", 5, 0)
        ]
    );
    assert_eq!(
        style_errors("123CHESS/chess"),
        [("fenkit::feen::invalid_style_name", 4, 1)]
    );
    assert_eq!(
        style_errors("1C/c"),
        [("fenkit::feen::invalid_style_name", 4, 1)]
    );
    assert_eq!(
        style_errors("CHE-SS/chess"),
        [("fenkit::feen::invalid_style_name", 7, 1)]
    );
    assert_eq!(
        style_errors("CHESS/che@ss"),
        [("fenkit::feen::invalid_style_name", 13, 1)]
    );
    assert_eq!(
        style_errors("A_1/b"),
        [("fenkit::feen::invalid_style_name", 5, 1)]
    );
    assert_eq!(
        style_errors("ChEsS/chess"),
        [("fenkit::feen::mixed_case_style", 4, 5)]
    );
    assert_eq!(
        style_errors("CHESS/ChEsS"),
        [("fenkit::feen::mixed_case_style", 10, 5)]
    );
    assert_eq!(
        style_errors("ChEsS/ShOgI"),
        [
            ("fenkit::feen::mixed_case_style", 4, 5),
            ("fenkit::feen::mixed_case_style", 10, 5)
        ]
    );
    assert_eq!(
        style_errors("Chess/chess"),
        [("fenkit::feen::mixed_case_style", 4, 5)]
    );
    assert!(
        strict("K / Chess/chess").diagnostics[0]
            .help_text()
            .unwrap()
            .contains("`CHESS`")
    );
    assert_eq!(
        style_errors("CHESS/SHOGI"),
        [("fenkit::feen::same_case_styles", 10, 5)]
    );
    assert_eq!(
        style_errors("chess/shogi"),
        [("fenkit::feen::same_case_styles", 10, 5)]
    );
    assert!(
        strict("K / CHESS/SHOGI").diagnostics[0]
            .help_text()
            .unwrap()
            .ends_with("`CHESS/shogi`")
    );
}

// ---------------------------------------------------------------- style attribution

#[test]
fn each_piece_has_a_style() {
    let feen: Feen = "K'k+p'P / CHESS/shogi".parse().unwrap();
    let styles: Vec<(String, String, String)> = feen
        .placement
        .pieces()
        .map(|(_, _, piece)| {
            (
                piece.to_string(),
                feen.style_of(piece).to_string(),
                feen.gan(piece),
            )
        })
        .collect();
    let expected = [
        ("K'", "shogi", "SHOGI:K"),
        ("k", "shogi", "shogi:k"),
        ("+p'", "CHESS", "chess:+p"),
        ("P", "CHESS", "CHESS:P"),
    ];
    let expected: Vec<(String, String, String)> = expected
        .iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect();
    assert_eq!(styles, expected);
    // The style of a piece does not depend on who is to move.
    let flipped: Feen = "K'k+p'P / shogi/CHESS".parse().unwrap();
    assert_eq!(flipped.style_of("K'".parse().unwrap()).as_str(), "shogi");
    assert_eq!(flipped.style_turn.style(Side::First).as_str(), "CHESS");
}

#[test]
fn pieces_and_styles_have_their_own_parsers() {
    let piece: Piece = "-r'".parse().unwrap();
    assert_eq!(
        (
            piece.letter(),
            piece.base_letter(),
            piece.state(),
            piece.is_derived()
        ),
        (b'r', b'R', State::Diminished, true)
    );
    assert_eq!(piece.side(), Side::Second);
    assert_eq!(piece.style_side(), Side::First);
    assert!("K'+".parse::<Piece>().is_err());
    assert_eq!(Style::new("CHESS960").map(|s| s.side()), Some(Side::First));
    assert!(Style::new("chess_960").is_none());
    assert_eq!(Hands::new([(piece, 0)]), Some(Hands::empty()));
    assert_eq!(Hands::new([(piece, u64::MAX), (piece, 1)]), None);
}

/// §4.2-§4.4 "dump" rows: building values and writing them.
#[test]
fn built_values_are_written_canonically() {
    let pieces = |list: &[&str]| {
        Hands::new(list.iter().map(|text| (text.parse::<Piece>().unwrap(), 1)))
            .unwrap()
            .to_string()
    };
    assert_eq!(pieces(&["+P", "+P", "-R", "K'"]), "2+PK'-R/");
    assert_eq!(pieces(&["-P", "+P", "P"]), "-P+PP/");
    assert_eq!(pieces(&["P'", "P"]), "PP'/");
    assert_eq!(pieces(&["P", "P", "P", "+B", "+B", "R"]), "3P2+BR/");
    assert_eq!(pieces(&["P", "B", "B", "B", "B", "B", "R", "R"]), "5B2RP/");
    assert_eq!(
        pieces(&["p", "+P", "P", "P", "-B", "B", "p", "p", "p", "p"]),
        "2P-BB+P/5p"
    );
    assert_eq!(
        pieces(&["+P", "+P", "B", "B", "p", "+g", "g", "s", "s", "l", "n"]),
        "2B2+P/2s+gglnp"
    );
    assert_eq!(pieces(&[]), "/");
    // Boards: an empty rank cannot be written with absolute separators (R1 writes `k//2P/RR`,
    // which reads back as another board), so it is not a value.
    let cells = |text: &str| {
        text.bytes()
            .map(|b| Cell::Piece(Piece::new(b, State::Normal, false).unwrap()))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        fenkit::feen::Placement::new(vec![cells("k"), vec![], cells("RR")], vec![1, 1]),
        None
    );
    assert_eq!(fenkit::feen::Placement::new(vec![vec![]], vec![]), None);
    assert_eq!(
        fenkit::feen::Placement::new(vec![cells("a"), cells("b")], vec![2])
            .unwrap()
            .to_string(),
        "a//b"
    );
    let four = Cell::Empty(4.try_into().unwrap());
    assert_eq!(
        fenkit::feen::Placement::new(vec![vec![four, four]], vec![])
            .unwrap()
            .to_string(),
        "8"
    );
    // Styles: one uppercase and one lowercase; SNN names only.
    assert_eq!(
        fenkit::feen::StyleTurn::new(Style::new("CHESS").unwrap(), Style::new("MAKRUK").unwrap()),
        None
    );
    for bad in ["", "123CHESS", "che-ss"] {
        assert_eq!(Style::new(bad), None, "{bad}");
    }
}

// ---------------------------------------------------------------- other revisions, records

#[test]
fn other_revisions_are_recognised() {
    // V2/V3 examples with `-` for empty hands.
    for record in [
        "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBKQBNR - MAKRUK/makruk",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL - SHOGI/shogi",
        "r'nbqkbnr'/pppppppp/8/8/8/8/PPPPPPPP/R'NBQKBNR' - CHESS/chess",
    ] {
        let found = errors(record);
        assert_eq!(found.len(), 1, "{record}: {found:?}");
        assert_eq!(found[0].0, "fenkit::feen::dash_empty_hands");
        let help = strict(record).diagnostics[0]
            .help_text()
            .unwrap()
            .to_string();
        assert!(
            help.contains("May 2025") && help.ends_with("write `/`"),
            "{help}"
        );
    }
    // V7 terminal markers, V6/V7 single-letter styles (still SNN, so only `^` is an error).
    assert_eq!(
        errors("k^+p4+PK^ / C/c"),
        [
            ("fenkit::feen::terminal_marker", 1, 1),
            ("fenkit::feen::terminal_marker", 8, 1)
        ]
    );
    assert_canonical("3/4/5/4/3 / G/g");
}

#[test]
fn several_fields_are_checked_independently() {
    assert_eq!(
        errors("r0r/K+ Pp/x CHESS/SHOGI extra"),
        [
            ("fenkit::feen::zero_count", 1, 1),
            ("fenkit::feen::prefix_without_letter", 5, 1),
            ("fenkit::feen::hand_wrong_case", 8, 1),
            ("fenkit::feen::same_case_styles", 18, 5),
            ("fenkit::feen::extra_fields", 24, 5),
        ]
    );
}

#[test]
fn at_most_32_diagnostics() {
    // A run of stray characters is one diagnostic: separate them with pieces.
    let record = format!("{} / A/b", "@K".repeat(100));
    assert_eq!(strict(&record).diagnostics.len(), fenkit::MAX_DIAGNOSTICS);
    let record = format!("{} / A/b", "@".repeat(100));
    assert_eq!(
        common::primary_spans(&strict(&record).diagnostics),
        [("fenkit::feen::invalid_character", 0, 100)]
    );
    let record = format!("K {} A/b", "/".repeat(100));
    assert_eq!(strict(&record).diagnostics.len(), fenkit::MAX_DIAGNOSTICS);
    // Found by the fuzzer: 32 warnings must not hide the error that follows them.
    let record = "8/8/8/8/8/8/8/8 42+B'41+A41+A'/42-qqqqqqqqqqqqqqqqqpqqqqqqqqqqqqqqqqqqqb' FOar";
    let parsed = lenient(record);
    assert_eq!(parsed.diagnostics.len(), fenkit::MAX_DIAGNOSTICS);
    assert!(!parsed.is_valid());
    assert_eq!(
        parsed.diagnostics.last().map(|d| d.code()),
        Some("fenkit::feen::missing_style_separator")
    );
    fenkit::fuzzing::check_feen(record.as_bytes());
}

#[test]
fn a_megabyte_is_read_quickly() {
    let start = std::time::Instant::now();
    for record in [
        format!("K {}/ A/b", "P".repeat(1 << 20)),
        format!("{} / A/b", "1/".repeat(1 << 19) + "1"),
        format!("K / A/{}", "b".repeat(1 << 20)),
        format!("{} / A/b", "K'".repeat(1 << 19)),
    ] {
        let _ = strict(&record);
        let _ = lenient(&record);
    }
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
}

#[test]
fn detection_and_parse_any() {
    assert_eq!(Notation::detect(b"K / A/b"), Notation::Feen);
    assert_eq!(Notation::detect(b"K / CHESS/SHOGI"), Notation::Feen);
    assert_eq!(Notation::detect(b"K / TEST/test extra"), Notation::Feen);
    assert_eq!(
        Notation::detect(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        Notation::Fen
    );
    assert_eq!(Notation::detect(b"8/8/8/8/8/8/8/8 w - -"), Notation::Epd);
    assert_eq!(Notation::detect(b"K /"), Notation::Fen);
    assert_eq!(Notation::from_name("feen"), Some(Notation::Feen));
    assert_eq!(Notation::Feen.name(), "feen");
    let (notation, parsed) = parse_any(OFFICIAL[4].as_bytes(), None, &ParseOptions::strict());
    assert_eq!(notation, Notation::Feen);
    assert_eq!(parsed.value.unwrap().to_string(), OFFICIAL[4]);
}

#[test]
fn tour_records_show_feen_at_its_best() {
    let tour =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/tour.txt")).unwrap();
    let feen: Vec<&str> = tour
        .lines()
        .filter(|line| Notation::detect(line.as_bytes()) == Notation::Feen)
        .collect();
    let verdicts: Vec<(bool, bool)> = feen
        .iter()
        .map(|line| (strict(line).is_valid(), lenient(line).is_valid()))
        .collect();
    assert_eq!(
        verdicts,
        [
            (true, true),
            (true, true),
            (true, true),
            (false, true),
            (false, false),
            (false, false)
        ]
    );
    let codes: Vec<_> = strict(feen[4])
        .diagnostics
        .iter()
        .map(|d| d.code())
        .collect();
    assert!(
        codes.contains(&"fenkit::feen::dash_empty_hands")
            && codes.contains(&"fenkit::feen::mixed_case_style"),
        "{codes:?}"
    );
    assert_eq!(strict(feen[5]).diagnostics.len(), 2);
}

// ---------------------------------------------------------------- conversion

fn convert(fen: &str) -> (String, Found) {
    let fen: Fen = fen.parse().unwrap();
    let converted = Feen::from_fen(&fen);
    let feen = converted.value.as_ref().unwrap();
    (
        feen.to_string(),
        common::primary_spans(&converted.diagnostics),
    )
}

#[test]
fn chess_converts_as_the_official_examples() {
    assert_eq!(
        convert("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        (OFFICIAL[4].to_string(), vec![])
    );
    assert_eq!(
        convert("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
        (
            OFFICIAL[5].to_string(),
            vec![("fenkit::feen::en_passant_dropped", 53, 2)]
        )
    );
    assert_eq!(
        convert("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2"),
        (
            OFFICIAL[6].to_string(),
            vec![
                ("fenkit::feen::en_passant_dropped", 55, 2),
                ("fenkit::feen::clocks_dropped", 58, 3)
            ]
        )
    );
}

#[test]
fn conversion_follows_the_rule_where_official_examples_contradict_it() {
    // Ruy Lopez after 3.Bb5: both sides may still castle, yet the page writes the kings and
    // rooks without `+`.
    let (ruy, warnings) =
        convert("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
    assert_eq!(
        ruy,
        "+r1bq+kbn+r/+p+p+p+p1+p+p+p/2n5/1B2p3/4P3/5N2/+P+P+P+P1+P+P+P/+RNBQ+K2+R / chess/CHESS"
    );
    assert_ne!(ruy, OFFICIAL[8]);
    assert_eq!(warnings, [("fenkit::feen::clocks_dropped", 62, 3)]);
    // Queen's Gambit 1.d4 d5 2.c4: Black is to move, the page says `CHESS/chess`.
    let (gambit, _) = convert("rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq c3 0 2");
    assert_eq!(
        gambit,
        "+rnbq+kbn+r/+p+p+p1+p+p+p+p/8/3p4/2PP4/8/+P+P2+P+P+P+P/+RNBQ+KBN+R / chess/CHESS"
    );
    assert_ne!(gambit, OFFICIAL[9]);
}

#[test]
fn conversion_marks_only_the_rooks_that_keep_a_right() {
    assert_eq!(
        convert("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1").0,
        "+r3+k2r/8/8/8/8/8/8/R3+K2+R / CHESS/chess"
    );
    assert_eq!(
        convert("r3k2r/8/8/8/8/8/8/R3K2R b - - 0 1").0,
        "r3k2r/8/8/8/8/8/8/R3K2R / chess/CHESS"
    );
    // Shredder-FEN file letters name the rook.
    assert_eq!(
        convert("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w Gb - 0 1").0,
        "1+r2+k1r1/8/8/8/8/8/8/1R2+K1+R1 / CHESS/chess"
    );
}

// ---------------------------------------------------------------- code coverage and reports

#[test]
fn every_code_is_exercised_here() {
    let source = include_str!("feen.rs");
    for info in fenkit::feen::codes::ALL {
        if info.code == "fenkit::feen::syntax" {
            // The safety net when no specific check explains a failure: the fuzzing property
            // asserts it never fires.
            continue;
        }
        let name = info.code.trim_start_matches("fenkit::feen::");
        let pattern = format!("\"fenkit::feen::{name}\", ");
        assert!(source.contains(&pattern), "no span test for {}", info.code);
    }
    let codes: BTreeSet<_> = fenkit::codes::all().map(|info| info.code).collect();
    assert!(codes.contains("fenkit::feen::hand_order"));
}

fn report(record: &str, options: ParseOptions) -> String {
    let parsed = Feen::parse(record.as_bytes(), &options);
    common::render("feen", record, &parsed.diagnostics)
}

#[test]
fn rendered_reports() {
    insta::assert_snapshot!(
        "placement_problems",
        report("r0r/8/p@p/K''// / A/b", ParseOptions::strict())
    );
    insta::assert_snapshot!(
        "hands_strict",
        report(
            "k/K 2+B5BK3-P-P'3+P'9PR2SS'/bp GAME/game",
            ParseOptions::strict()
        )
    );
    insta::assert_snapshot!(
        "hands_lenient",
        report("K PBP1Q/ A/b", ParseOptions::lenient())
    );
    insta::assert_snapshot!(
        "hands_wrong_case",
        report("K 3p/P A/b", ParseOptions::strict())
    );
    insta::assert_snapshot!(
        "style_turn",
        report("K / Chess/SHOGI", ParseOptions::strict())
    );
    insta::assert_snapshot!(
        "same_case_styles",
        report("K / CHESS/SHOGI", ParseOptions::strict())
    );
    insta::assert_snapshot!(
        "earlier_revision",
        report(
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL - SHOGI/shogi",
            ParseOptions::strict()
        )
    );
    insta::assert_snapshot!(
        "later_revision",
        report("k^+p4+PK^ / C/c", ParseOptions::strict())
    );
    insta::assert_snapshot!("fields", report("K\t/ A/b extra", ParseOptions::strict()));
    let fen = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2";
    let converted = Feen::from_fen(&fen.parse().unwrap());
    insta::assert_snapshot!(
        "conversion",
        common::render("fen", fen, &converted.diagnostics)
    );
}

// ---------------------------------------------------------------- properties

fn piece_strategy() -> impl Strategy<Value = Piece> {
    (
        prop::sample::select(b"KPRkprAZaz".to_vec()),
        0..3u8,
        any::<bool>(),
    )
        .prop_map(|(letter, state, derived)| {
            let state = [State::Diminished, State::Enhanced, State::Normal][usize::from(state)];
            Piece::new(letter, state, derived).unwrap()
        })
}

fn feen_strategy() -> impl Strategy<Value = Feen> {
    let cell = prop_oneof![
        piece_strategy().prop_map(Cell::Piece),
        (1u64..30).prop_map(|n| Cell::Empty(n.try_into().unwrap()))
    ];
    let rank = prop::collection::vec(cell, 1..6);
    let board = prop::collection::vec((rank, 1usize..4), 1..6).prop_map(|ranks| {
        let separators: Vec<usize> = ranks.iter().skip(1).map(|(_, depth)| *depth).collect();
        fenkit::feen::Placement::new(
            ranks.into_iter().map(|(cells, _)| cells).collect(),
            separators,
        )
        .unwrap()
    });
    let hands = prop::collection::vec((piece_strategy(), 0u64..12), 0..8)
        .prop_map(|pieces| Hands::new(pieces).unwrap());
    let styles = ("[A-Z][A-Z0-9]{0,5}", "[a-z][a-z0-9]{0,5}", any::<bool>()).prop_map(
        |(upper, lower, first)| {
            let (upper, lower) = (Style::new(&upper).unwrap(), Style::new(&lower).unwrap());
            if first {
                fenkit::feen::StyleTurn::new(upper, lower).unwrap()
            } else {
                fenkit::feen::StyleTurn::new(lower, upper).unwrap()
            }
        },
    );
    (board, hands, styles).prop_map(|(placement, hands, style_turn)| Feen {
        placement,
        hands,
        style_turn,
    })
}

proptest! {
    #[test]
    fn written_values_parse_back(feen in feen_strategy()) {
        let text = feen.to_string();
        let parsed: Feen = text.parse().unwrap();
        prop_assert_eq!(&parsed, &feen);
        fenkit::fuzzing::check_feen(text.as_bytes());
    }

    #[test]
    fn any_bytes_keep_the_properties(data in prop::collection::vec(prop::sample::select(b"KkPp+-'^/0123456789 AbC@\t".to_vec()), 0..40)) {
        fenkit::fuzzing::check_feen(&data);
    }

    #[test]
    fn mutated_records_keep_the_properties(index in 0..13usize, position in 0..80usize, byte in prop::sample::select(b"/ 0 1+-'^Kk@".to_vec())) {
        let mut record = OFFICIAL[index].as_bytes().to_vec();
        let at = position.min(record.len() - 1);
        record[at] = byte;
        fenkit::fuzzing::check_feen(&record);
    }
}
