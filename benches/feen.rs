//! FEEN parsing and writing on official examples (run: `cargo bench --bench feen`).

mod common;

use divan::{Bencher, black_box};
use fenkit::ParseOptions;
use fenkit::feen::Feen;

fn main() {
    divan::main();
}

const RECORDS: &[(&str, &str)] = &[
    (
        "chess_start",
        "+rnbq+kbn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+KBN+R / CHESS/chess",
    ),
    (
        "shogi_hand",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL B/ shogi/SHOGI",
    ),
    (
        "go_start",
        "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 181S/181s GO/go",
    ),
    ("hands_30", "k/K 9P5B3-P3+P'2+B2SK-P'RS'/bp GAME/game"),
];

/// Valid records: the fast path.
#[divan::bench(args = ["chess_start", "shogi_hand", "go_start", "hands_30"])]
fn parse(bencher: Bencher, name: &str) {
    let record = RECORDS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or("", |(_, r)| r);
    bencher.bench(|| Feen::parse(black_box(record.as_bytes()), &ParseOptions::strict()));
}

/// A non-canonical hand read leniently: the diagnostic path.
#[divan::bench]
fn parse_lenient_non_canonical(bencher: Bencher) {
    let record = "k/K 2+B5BK3-P-P'3+P'9PR2SS'/bp GAME/game";
    bencher.bench(|| Feen::parse(black_box(record.as_bytes()), &ParseOptions::lenient()));
}

/// Writing the canonical text.
#[divan::bench]
fn write(bencher: Bencher) {
    let feen: Option<Feen> = RECORDS.first().and_then(|(_, record)| record.parse().ok());
    bencher.bench(|| black_box(&feen).as_ref().map(ToString::to_string));
}
