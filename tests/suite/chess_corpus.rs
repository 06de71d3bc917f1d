//! Real chess data from `tests/data/chess`: the freely licensed files (cozy-chess, lichess puzzles,
//! the generated games), copied with their sources in `tests/data/SOURCES.md`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::{Castling, Fen, ParseOptions};

use crate::common;

fn corpus(path: &str) -> String {
    common::data(&format!("chess/{path}"))
}

fn records(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim_end_matches('\r')))
        .filter(|(_, line)| !line.is_empty())
}

/// Every record parses strictly with no diagnostic (legality included, castling by `castling`'s
/// rules) and `fmt` writes it back byte for byte; returns how many there were.
fn assert_valid_and_canonical<'a>(
    records: impl Iterator<Item = (usize, &'a str)>,
    castling: Castling,
) -> usize {
    let options = ParseOptions::strict().validated().with_castling(castling);
    let mut count = 0;
    for (line, record) in records {
        let parsed = Fen::parse(record.as_bytes(), &options);
        assert!(
            parsed.diagnostics.is_empty(),
            "line {line}: {record}: {:?}",
            parsed.diagnostics
        );
        assert_eq!(parsed.value.unwrap().to_string(), record, "line {line}");
        count += 1;
    }
    count
}

#[test]
fn cozy_valid_sfens_parse_and_are_legal() {
    assert_eq!(
        // cozy-chess reads its positions as Chess960 (Shredder-FEN).
        assert_valid_and_canonical(
            records(&corpus("cozy-chess/valid.sfens")),
            Castling::Chess960
        ),
        10000
    );
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
    assert_eq!(
        assert_valid_and_canonical(
            records(&corpus("cozy-chess/chess960_start_positions.sfens")),
            Castling::Chess960
        ),
        960
    );
}

#[test]
fn random_games_are_valid_and_round_trip() {
    assert_eq!(
        assert_valid_and_canonical(
            records(&corpus("generated/random-games-100k.fen")),
            Castling::Standard
        ),
        100_000
    );
}

#[test]
fn lichess_puzzle_fens_are_valid_and_round_trip() {
    let text = corpus("lichess-puzzles/lichess_db_puzzle_uncleaned_sample.csv");
    let fens = records(&text)
        .skip(1)
        .map(|(line, row)| (line, row.split(',').nth(1).unwrap()));
    assert_eq!(assert_valid_and_canonical(fens, Castling::Standard), 1000);
}
