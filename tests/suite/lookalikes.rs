//! A record of a variant or of another game, read as chess by `parse_any`, gets one diagnostic
//! naming what it looks like and how to read it, instead of a cascade of chess diagnostics.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::{Feen, Notation, ParseOptions, parse_any};

use crate::common::render;

/// The tracker's records: lichess's crazyhouse form, the bracket form, three-check in both
/// counter forms, shogi and xiangqi.
const RECORDS: [(&str, &str); 6] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qn w KQkq - 0 1",
        "fenkit::fen::variant_record",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1",
        "fenkit::fen::variant_record",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        "fenkit::fen::variant_record",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+0",
        "fenkit::fen::variant_record",
    ),
    (
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "fenkit::fen::other_game",
    ),
    (
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "fenkit::fen::other_game",
    ),
];

#[test]
fn each_lookalike_gets_one_diagnostic_in_either_chess_notation() {
    for (record, code) in RECORDS {
        for notation in [None, Some(Notation::Fen), Some(Notation::Epd)] {
            let options = ParseOptions::lenient().validated();
            let (_, parsed) = parse_any(record.as_bytes(), notation, &options);
            let codes: Vec<_> = parsed.diagnostics.iter().map(|d| d.code()).collect();
            assert_eq!(codes, [code], "{record} as {notation:?}");
        }
    }
}

#[test]
fn the_feen_in_the_help_is_the_position_in_feen() {
    for (record, _) in &RECORDS[4..] {
        let (_, parsed) = parse_any(record.as_bytes(), None, &ParseOptions::strict());
        let help = parsed.diagnostics[0].help_text().unwrap();
        let feen = help.rsplit("this one is `").next().unwrap();
        let feen = feen.strip_suffix('`').unwrap();
        let read = Feen::parse(feen.as_bytes(), &ParseOptions::strict());
        assert!(
            read.diagnostics.is_empty(),
            "{feen}: {:?}",
            read.diagnostics
        );
    }
}

#[test]
fn with_its_variant_the_record_is_read() {
    for (record, variant) in [
        (RECORDS[0].0, fenkit::Variant::Crazyhouse),
        (RECORDS[2].0, fenkit::Variant::ThreeCheck),
    ] {
        // Syntax only: the tracker's crazyhouse record has a knight and a queen too many.
        let options = ParseOptions::strict().with_variant(variant);
        let (_, parsed) = parse_any(record.as_bytes(), None, &options);
        assert!(parsed.is_valid(), "{record}: {:?}", parsed.diagnostics);
    }
}

#[test]
fn lookalikes_are_rendered() {
    let mut out = String::new();
    for (record, _) in RECORDS {
        let (_, parsed) = parse_any(record.as_bytes(), None, &ParseOptions::strict());
        out.push_str(&render("input", record, &parsed.diagnostics));
        out.push('\n');
    }
    insta::assert_snapshot!(out);
}
