//! Draughts FEN parsing, validation, writing and PDN scanning on real data
//! (run: `cargo bench --bench draughts`; peer: `benches/peers/pydraughts_ballots.py`).

mod common;

use divan::{Bencher, black_box};
use fenkit::draughts::Board;
use fenkit::pgn::GameScanner;
use fenkit::{DraughtsFen, ParseOptions};

fn main() {
    divan::main();
}

/// A legal 10x10 position with ranges and kings (after vector 7 of the draughts research vectors).
const RANGES_10X10: &str = "B:W26,28,33-45,K47,K50:B1-16,18-20,K30";

/// The FENs of a pydraughts ballot file.
fn ballots(file: &str) -> Vec<String> {
    let json: serde_json::Value =
        serde_json::from_str(&common::data(&format!("draughts/pydraughts/{file}")))
            .unwrap_or_default();
    json.get("all")
        .and_then(serde_json::Value::as_object)
        .map(|all| {
            all.values()
                .filter_map(|fen| fen.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// One 10x10 FEN with ranges: the fast path (no allocation beyond nothing: the value is bitsets).
#[divan::bench]
fn parse_10x10_ranges(bencher: Bencher) {
    bencher
        .bench(|| DraughtsFen::parse(black_box(RANGES_10X10.as_bytes()), &ParseOptions::strict()));
}

/// The same FEN, also validated against the board.
#[divan::bench]
fn parse_10x10_ranges_validated(bencher: Bencher) {
    let options = ParseOptions::strict().validated();
    bencher.bench(|| DraughtsFen::parse(black_box(RANGES_10X10.as_bytes()), &options));
}

/// The same FEN with a trailing dot: the diagnostic path (one warning).
#[divan::bench]
fn parse_10x10_dotted(bencher: Bencher) {
    let record = format!("{RANGES_10X10}.");
    bencher.bench(|| DraughtsFen::parse(black_box(record.as_bytes()), &ParseOptions::strict()));
}

/// Writing the canonical text.
#[divan::bench]
fn write_10x10_ranges(bencher: Bencher) {
    let fen: Option<DraughtsFen> = RANGES_10X10.parse().ok();
    bencher.bench(|| black_box(&fen).as_ref().map(ToString::to_string));
}

/// A whole ballot file (pydraughts `11_english.json`, 2500 FENs) on the English board, parsed
/// and validated; pydraughts is timed on the same FENs by `benches/peers/pydraughts_ballots.py`.
#[divan::bench(args = ["11_english.json", "11_italian.json", "russian.json"])]
fn ballot_file(bencher: Bencher, file: &str) {
    let board = match file {
        "11_italian.json" => Board::Italian,
        "russian.json" => Board::Russian,
        _ => Board::English,
    };
    let fens = ballots(file);
    let options = ParseOptions::strict()
        .with_draughts_board(board)
        .validated();
    bencher
        .counter(divan::counter::ItemsCount::new(fens.len()))
        .bench(|| {
            fens.iter()
                .filter(|fen| DraughtsFen::parse(black_box(fen.as_bytes()), &options).is_valid())
                .count()
        });
}

/// A PDN file of 100 games in the layout of the PDN standard's problem files (tags, a `FEN` tag
/// with a trailing dot, a result; CRLF), made from the first 100 English ballots: the standard's
/// own files have no licence, so they are not copied into the repository.
fn pdn_file() -> String {
    ballots("11_english.json")
        .iter()
        .take(100)
        .enumerate()
        .map(|(game, fen)| {
            format!(
                "[Event \"Ballot {game}\"]\r\n[Setup \"1\"]\r\n[FEN \"{fen}.\"]\r\n\r\n*\r\n\r\n"
            )
        })
        .collect()
}

/// Scanning a PDN file line by line with the game scanner (600 lines, 100 dotted FEN tags).
#[divan::bench]
fn scan_pdn_file(bencher: Bencher) {
    let text = pdn_file();
    bencher
        .counter(divan::counter::BytesCount::new(text.len()))
        .bench(|| {
            let mut scanner =
                GameScanner::new(ParseOptions::strict().with_draughts_board(Board::English));
            let records: usize = text
                .split('\n')
                .map(|line| scanner.scan_line(black_box(line.as_bytes())).len())
                .sum();
            records + scanner.finish().len()
        });
}
