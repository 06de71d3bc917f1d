//! Real chess data from `../shared/corpus/chess` (read in place: most of it is not ours to copy).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod common;

use fenkit::{Fen, ParseOptions};

fn corpus(path: &str) -> String {
    common::corpus(&format!("chess/{path}"))
}

fn records(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line))
        .filter(|(_, line)| !line.is_empty())
}

#[test]
fn cozy_valid_sfens_parse_and_are_legal() {
    let text = corpus("cozy-chess/valid.sfens");
    let mut count = 0;
    for (line, record) in records(&text) {
        let parsed = Fen::parse(record.as_bytes(), &ParseOptions::strict().validated());
        assert!(
            parsed.diagnostics.is_empty(),
            "line {line}: {record}: {:?}",
            parsed.diagnostics
        );
        assert_eq!(parsed.value.unwrap().to_string(), record, "line {line}");
        count += 1;
    }
    assert_eq!(count, 10000);
}

#[test]
fn cozy_invalid_sfens_parse_but_fail_legality() {
    let text = corpus("cozy-chess/invalid.sfens");
    let mut count = 0;
    for (line, record) in records(&text) {
        let fen = Fen::parse(record.as_bytes(), &ParseOptions::strict());
        assert!(
            fen.diagnostics.is_empty(),
            "line {line}: {record}: {:?}",
            fen.diagnostics
        );
        let problems = fen.value.unwrap().validate_in(record.as_bytes());
        assert!(
            problems.iter().any(|d| d.is_error()),
            "line {line}: {record} passed legality"
        );
        count += 1;
    }
    assert_eq!(count, 9992);
}

#[test]
fn cozy_chess960_start_positions_are_valid() {
    let text = corpus("cozy-chess/chess960_start_positions.sfens");
    for (line, record) in records(&text) {
        let parsed = Fen::parse(record.as_bytes(), &ParseOptions::strict().validated());
        assert!(
            parsed.diagnostics.is_empty(),
            "line {line}: {record}: {:?}",
            parsed.diagnostics
        );
    }
}

#[test]
fn random_games_are_valid_and_round_trip() {
    let text = corpus("generated/random-games-100k.fen");
    let mut count = 0;
    for (line, record) in records(&text) {
        let parsed = Fen::parse(record.as_bytes(), &ParseOptions::strict().validated());
        assert!(
            parsed.diagnostics.is_empty(),
            "line {line}: {record}: {:?}",
            parsed.diagnostics
        );
        assert_eq!(parsed.value.unwrap().to_string(), record, "line {line}");
        count += 1;
    }
    assert_eq!(count, 100_000);
}

#[test]
fn lichess_puzzle_fens_are_valid_and_round_trip() {
    let text = corpus("lichess-puzzles/lichess_db_puzzle_uncleaned_sample.csv");
    let mut count = 0;
    for (line, row) in records(&text).skip(1) {
        let record = row.trim_end_matches('\r').split(',').nth(1).unwrap();
        let parsed = Fen::parse(record.as_bytes(), &ParseOptions::strict().validated());
        assert!(
            parsed.diagnostics.is_empty(),
            "line {line}: {record}: {:?}",
            parsed.diagnostics
        );
        assert_eq!(parsed.value.unwrap().to_string(), record, "line {line}");
        count += 1;
    }
    assert_eq!(count, 1000);
}
