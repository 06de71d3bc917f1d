//! Times fenkit's `GameScanner::scan_lines` against pgn-reader (its visitor judging each
//! `[FEN]` tag with shakmaty's `Fen::from_ascii` + `into_position`), one thread, on two files
//! built in memory: 40 copies of the repository's two PGN files (FEN-rich), and 10 copies of
//! pgn-reader's own lichess and TWIC samples (move text, no FEN tag).
//!
//! Usage: `cargo run --release [-- ROUNDS [READER [FILE]]]` in this folder (READER, FILE:
//! time only the readers and files whose names hold these words, to profile one). Each round times every reader once
//! on each file, in turn, so that a noisy machine slows them alike; the table gives the median
//! and the fastest round of each.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use fenkit::ParseOptions;
use fenkit::pgn::{FileSummary, GameScanner};
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

/// What a reader found in a file: FEN tags, and how many of them are valid positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Found {
    games: usize,
    fens: usize,
    valid: usize,
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .map_or(15, |n| n.parse().expect("ROUNDS is a number"));
    let only = std::env::args().nth(2).unwrap_or_default();
    let only_file = std::env::args().nth(3).unwrap_or_default();
    let repository = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let samples = pgn_reader_dir().join("benches");
    let files = [
        (
            "40 × (lichess puzzles + chess.js's 100 games)",
            copies(
                40,
                &[
                    repository.join("tests/data/chess/pgn/lichess-puzzles.pgn"),
                    repository.join("tests/data/chess/pgn/benchmark.pgn"),
                ],
            ),
        ),
        (
            "10 × pgn-reader's lichess and TWIC samples",
            copies(
                10,
                &[
                    samples.join("lichess_db_1000k.pgn"),
                    samples.join("twic1599_1000k.pgn"),
                ],
            ),
        ),
    ];
    type Contender = (&'static str, fn(&[u8]) -> Found);
    let contenders: [Contender; 3] = [
        ("fenkit `GameScanner::scan_lines`", fenkit_scan),
        ("pgn-reader, move text skipped", |text| {
            pgn_reader(text, true)
        }),
        ("pgn-reader, move text read", |text| pgn_reader(text, false)),
    ];
    let mut times = vec![vec![Vec::new(); contenders.len()]; files.len()];
    let mut found = vec![vec![Found::default(); contenders.len()]; files.len()];
    for _ in 0..rounds {
        for (f, (file, text)) in files.iter().enumerate() {
            if !file.contains(&only_file) {
                continue;
            }
            for (c, (name, read)) in contenders.iter().enumerate() {
                if !name.contains(&only) {
                    continue;
                }
                let start = Instant::now();
                found[f][c] = std::hint::black_box(read(std::hint::black_box(text)));
                times[f][c].push(start.elapsed());
            }
        }
    }
    println!("{rounds} rounds, one thread each; median (fastest) per file");
    println!();
    print!("| file |");
    for (name, _) in &contenders {
        print!(" {name} |");
    }
    println!();
    println!("| --- |{}", " --- |".repeat(contenders.len()));
    for (f, (name, text)) in files.iter().enumerate() {
        let fens = found[f][1].fens;
        print!(
            "| {name}, {:.1} MB, {} games, {fens} FEN tags |",
            text.len() as f64 / 1e6,
            found[f][1].games
        );
        for time in &mut times[f] {
            time.sort();
            match (time.get(time.len() / 2), time.first()) {
                (Some(&median), Some(&fastest)) => print!(" {} ({}) |", ms(median), ms(fastest)),
                _ => print!(" |"),
            }
        }
        println!();
        // Both readers see the same FEN tags and agree on how many are valid.
        for (c, (reader, _)) in contenders.iter().enumerate() {
            let (got, want) = (found[f][c], found[f][1]);
            if !only.is_empty() {
                break;
            }
            assert_eq!(
                (got.fens, got.valid),
                (want.fens, want.valid),
                "{reader} on {name}"
            );
        }
    }
}

fn ms(time: Duration) -> String {
    format!("{:.1} ms", time.as_secs_f64() * 1e3)
}

/// `count` copies of `paths` one after the other, a blank line after each copy.
fn copies(count: usize, paths: &[PathBuf]) -> Vec<u8> {
    let mut one = Vec::new();
    for path in paths {
        one.extend(std::fs::read(path).unwrap_or_else(|e| panic!("{path:?}: {e}")));
    }
    one.push(b'\n');
    one.repeat(count)
}

/// The source directory of the pgn-reader crate this one builds with, as `cargo metadata`
/// gives it.
fn pgn_reader_dir() -> PathBuf {
    let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["metadata", "--format-version", "1", "--manifest-path"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
        .output()
        .expect("cargo metadata runs");
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("cargo metadata gives JSON");
    let package = metadata["packages"]
        .as_array()
        .expect("a list of packages")
        .iter()
        .find(|package| package["name"] == "pgn-reader")
        .expect("pgn-reader is a dependency");
    let manifest = package["manifest_path"].as_str().expect("a manifest path");
    Path::new(manifest)
        .parent()
        .expect("a folder")
        .to_path_buf()
}

/// fenkit, as `fenkit check -q -j 1` reads a game file: every line judged, each FEN tag's
/// position checked for legality.
fn fenkit_scan(text: &[u8]) -> Found {
    let options = ParseOptions::strict().validated();
    let mut scanner = GameScanner::new(options).without_headings();
    let mut records = Vec::new();
    let mut valid = 0;
    let mut count = |records: &mut Vec<fenkit::pgn::GameRecord>| {
        for record in records.iter() {
            valid += usize::from(record.parsed.diagnostics.is_empty());
        }
        records.clear();
    };
    let mut at = 0;
    // In blocks of 64 KiB, as a caller reading a file would (and as `fenkit check` hands
    // parts to its workers), each block's records looked at and dropped before the next.
    while at < text.len() {
        let end = (at + (1 << 16)).min(text.len());
        let end = text[..end]
            .iter()
            .rposition(|&b| b == b'\n')
            .filter(|&newline| newline >= at && end < text.len())
            .map_or(end, |newline| newline + 1);
        at += scanner.scan_lines(&text[at..end], usize::MAX, &mut records);
        count(&mut records);
    }
    records.extend(scanner.finish());
    count(&mut records);
    let FileSummary {
        games, fen_tags, ..
    } = scanner.summary();
    Found {
        games,
        fens: fen_tags,
        valid,
    }
}

/// pgn-reader with a visitor that judges each `[FEN]` tag, skipping or reading move text.
fn pgn_reader(text: &[u8], skip_moves: bool) -> Found {
    struct Judge {
        skip_moves: bool,
        found: Found,
    }
    impl Visitor for Judge {
        type Tags = ();
        type Movetext = ();
        type Output = ();
        fn begin_tags(&mut self) -> ControlFlow<(), ()> {
            self.found.games += 1;
            ControlFlow::Continue(())
        }
        fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
            if name == b"FEN" {
                self.found.fens += 1;
                let position = Fen::from_ascii(&value.decode())
                    .ok()
                    .and_then(|fen| fen.into_position::<Chess>(CastlingMode::Standard).ok());
                self.found.valid += usize::from(position.is_some());
            }
            ControlFlow::Continue(())
        }
        fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
            if self.skip_moves {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
        fn san(&mut self, _: &mut (), san: SanPlus) -> ControlFlow<()> {
            std::hint::black_box(san);
            ControlFlow::Continue(())
        }
        fn end_game(&mut self, _: ()) {}
    }
    let mut judge = Judge {
        skip_moves,
        found: Found::default(),
    };
    Reader::new(text)
        .visit_all_games(&mut judge)
        .expect("reading from memory");
    judge.found
}
