//! Real draughts data: the pydraughts ballot files (MIT, copied to `tests/data/draughts`) on their
//! boards; py-draughts' test positions (GPL) and six PDN files of the PDN 3.0 standard's own games
//! (no licence), read in place from `../shared/corpus/draughts` and skipped where it is absent.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeMap;

use fenkit::draughts::Board;
use fenkit::pgn::{GameScanner, RecordKind};
use fenkit::{DraughtsFen, ParseOptions};

use crate::common;

/// The FENs of a pydraughts ballot file (`{"all": {name: fen}}`).
fn ballots(file: &str) -> Vec<String> {
    let json: serde_json::Value =
        serde_json::from_str(&common::data(&format!("draughts/pydraughts/{file}"))).unwrap();
    json["all"]
        .as_object()
        .unwrap()
        .values()
        .map(|fen| fen.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn pydraughts_ballots_are_valid_on_their_boards() {
    let files = [
        ("11_english.json", Board::English, 2500),
        ("2move_english.json", Board::English, 49),
        ("3move_english.json", Board::English, 174),
        ("11_italian.json", Board::Italian, 2400),
        ("russian.json", Board::Russian, 745),
        ("150russian_and_brazilian.json", Board::Russian, 150),
        ("150russian_and_brazilian.json", Board::Brazilian, 150),
        ("brazilian.json", Board::Brazilian, 736),
    ];
    for (file, board, count) in files {
        let fens = ballots(file);
        assert_eq!(fens.len(), count, "{file}");
        let options = ParseOptions::strict()
            .with_draughts_board(board)
            .validated();
        for fen in &fens {
            let parsed = DraughtsFen::parse(fen.as_bytes(), &options);
            assert!(
                parsed.diagnostics.is_empty(),
                "{file} on {board}: {fen}: {:?}",
                parsed.diagnostics
            );
            let value = parsed.value.unwrap();
            assert_eq!(value.board, board);
            // The canonical text reads back to the same position.
            let written = value.to_string();
            assert_eq!(
                DraughtsFen::parse(written.as_bytes(), &options)
                    .value
                    .as_ref(),
                Some(&value),
                "{written}"
            );
        }
    }
}

#[test]
fn alphanumeric_ballots_are_valid_on_the_default_board_too() {
    // No board given: alphanumeric squares are read on the Russian 8x8 board.
    for fen in ballots("brazilian.json") {
        let parsed = DraughtsFen::parse(fen.as_bytes(), &ParseOptions::strict().validated());
        assert!(
            parsed.diagnostics.is_empty(),
            "{fen}: {:?}",
            parsed.diagnostics
        );
    }
}

/// Diagnostic codes (without the `fenkit::pdn::` prefix) and how often each occurs.
type Tally = BTreeMap<String, usize>;

fn tally(parsed: &[fenkit::Parsed<DraughtsFen>]) -> Tally {
    let mut codes = Tally::new();
    for diagnostic in parsed.iter().flat_map(|p| &p.diagnostics) {
        *codes
            .entry(
                diagnostic
                    .code()
                    .trim_start_matches("fenkit::pdn::")
                    .to_string(),
            )
            .or_default() += 1;
    }
    codes
}

/// Scans a PDN file line by line with the game scanner: every FEN tag and setup command, with
/// its line number.
fn scan(
    corpus: &common::SharedCorpus,
    file: &str,
    options: ParseOptions,
) -> Vec<(usize, fenkit::Parsed<DraughtsFen>)> {
    let text = corpus.read(&format!("draughts/wiegerw-pdn/{file}"));
    let mut scanner = GameScanner::new(options);
    let mut records: Vec<_> = text
        .split('\n')
        .flat_map(|line| scanner.scan_line(line.as_bytes()))
        .collect();
    records.extend(scanner.finish());
    records.sort_by_key(|record| record.line);
    records
        .into_iter()
        .filter(|record| matches!(record.kind, RecordKind::FenTag | RecordKind::SetupCommand))
        .map(|record| {
            let parsed = record.parsed.map(|position| match position {
                fenkit::Position::Pdn(fen) => fen,
                other => panic!("{file}:{}: not a draughts FEN: {other:?}", record.line),
            });
            (record.line, parsed)
        })
        .collect()
}

const PDN_FILES: [(&str, usize); 6] = [
    ("fen.pdn", 3),
    ("lpc.pdn", 100),
    ("bridges.pdn", 267),
    ("Tricks_traps_and_shots.pdn", 18),
    ("PWCP_2.pdn", 51),
    ("Cat.B1.pdn", 37),
];

#[test]
fn wiegerw_pdn_files_scanned_as_files() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    let mut total = 0;
    let mut dotted = 0;
    let mut invalid = Vec::new();
    for (file, count) in PDN_FILES {
        let found = scan(&corpus, file, ParseOptions::strict());
        assert_eq!(found.len(), count, "{file}");
        total += found.len();
        for (line, parsed) in &found {
            let codes: Vec<&str> = parsed.diagnostics.iter().map(|d| d.code()).collect();
            if codes.contains(&"fenkit::pdn::trailing_dot") {
                dotted += 1;
            }
            if parsed.is_valid() {
                // Valid: at most the dot's warning, and a value.
                assert!(
                    codes
                        .iter()
                        .all(|&code| code == "fenkit::pdn::trailing_dot"),
                    "{file}:{line}: {codes:?}"
                );
                assert!(parsed.value.is_some());
            } else {
                invalid.push((format!("{file}:{line}"), codes));
            }
        }
    }
    assert_eq!(total, 476);
    assert_eq!(
        dotted, 471,
        "all but the 5 undotted FENs of fen.pdn and Tricks"
    );
    // `W::.` (Boland's Bridges #14) is the only invalid one: its sections have no colour.
    assert_eq!(
        invalid,
        [(
            String::from("bridges.pdn:124"),
            vec![
                "fenkit::pdn::invalid_colour",
                "fenkit::pdn::invalid_colour",
                "fenkit::pdn::trailing_dot"
            ]
        )]
    );
}

#[test]
fn wiegerw_dotted_fens_are_valid_with_a_warning_pointing_at_the_dot() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    let text = corpus.read("draughts/wiegerw-pdn/lpc.pdn");
    let found = scan(&corpus, "lpc.pdn", ParseOptions::strict());
    for (line, parsed) in &found {
        let record = text.split('\n').nth(line - 1).unwrap();
        let dot = parsed.diagnostics[0].span().unwrap();
        assert_eq!(dot.of(record.as_bytes()), b".", "lpc.pdn:{line}");
        assert_eq!(&record[dot.end()..], "\"]\r", "lpc.pdn:{line}");
    }
}

#[test]
fn wiegerw_positions_are_legal_on_their_boards() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    // No GameType tag in these files: the 10x10 ones are legal on the default board; the 8x8
    // ones are read on the English board (as the caller's `--board 21` would).
    for (file, _) in PDN_FILES
        .iter()
        .filter(|(file, _)| matches!(*file, "PWCP_2.pdn" | "Cat.B1.pdn" | "fen.pdn"))
    {
        let found = scan(&corpus, file, ParseOptions::strict().validated());
        assert!(
            found.iter().all(|(_, parsed)| parsed.is_valid()),
            "{file}: {:?}",
            tally(&found.into_iter().map(|f| f.1).collect::<Vec<_>>())
        );
    }
    let english = ParseOptions::strict()
        .with_draughts_board(Board::English)
        .validated();
    let mut invalid = Vec::new();
    for file in ["lpc.pdn", "bridges.pdn", "Tricks_traps_and_shots.pdn"] {
        for (line, parsed) in scan(&corpus, file, english) {
            if !parsed.is_valid() {
                let codes: Vec<&str> = parsed
                    .errors()
                    .map(|d| d.code().trim_start_matches("fenkit::pdn::"))
                    .collect();
                invalid.push(format!("{file}:{line} {}", codes.join(" ")));
            }
        }
    }
    // Four problems of lpc.pdn have men on their own crowning row (the data's, not ours).
    assert_eq!(
        invalid,
        [
            "lpc.pdn:286 man_on_promotion_row man_on_promotion_row",
            "lpc.pdn:502 man_on_promotion_row",
            "lpc.pdn:518 man_on_promotion_row",
            "lpc.pdn:582 man_on_promotion_row",
            "bridges.pdn:124 invalid_colour invalid_colour",
        ]
    );
}

#[test]
fn py_draughts_positions_from_the_wild() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    let json: serde_json::Value =
        serde_json::from_str(&corpus.read("draughts/py-draughts/random_positions.json")).unwrap();
    let fens: Vec<&str> = json["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(fens.len(), 73);
    let parsed: Vec<_> = fens
        .iter()
        .map(|fen| DraughtsFen::parse(fen.as_bytes(), &ParseOptions::lenient()))
        .collect();
    let valid = parsed.iter().filter(|p| p.is_valid()).count();
    // 43 are PDN FENs; 28 carry py-draughts' legacy doubled token (`B:B:W...:B...`: a second
    // black section) and 2 more have it too, with Lidraughts ghost pieces: errors even in
    // lenient mode.
    assert_eq!(valid, 43);
    let codes = tally(&parsed);
    assert_eq!(codes.get("repeated_colour"), Some(&30), "{codes:?}");
    assert!(codes.contains_key("unexpected_character"), "{codes:?}");
}

#[test]
fn py_draughts_lidraughts_counters_are_read_leniently() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    let json: serde_json::Value =
        serde_json::from_str(&corpus.read("draughts/py-draughts/legal_moves_len.json")).unwrap();
    let fens: Vec<&String> = json.as_object().unwrap().keys().collect();
    assert_eq!(fens.len(), 14);
    let mut with_counters = 0;
    for fen in fens {
        let lenient = DraughtsFen::parse(fen.as_bytes(), &ParseOptions::lenient());
        assert!(lenient.is_valid(), "{fen}: {:?}", lenient.diagnostics);
        if fen.contains(":H") {
            with_counters += 1;
            assert!(!DraughtsFen::parse(fen.as_bytes(), &ParseOptions::strict()).is_valid());
            assert!(lenient.value.unwrap().halfmove_clock.is_some());
        }
    }
    assert_eq!(with_counters, 2);
}
