//! Chess FEN: fenkit against cozy-chess (`Board::from_fen`, which also validates) on the 100k
//! positions of `tests/data/chess/generated/random-games-100k.fen`, and the cost of
//! building every diagnostic of invalid records.
//!
//! Run: `cargo bench --bench chess`. The AllocProfiler columns show allocations per iteration.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::sync::LazyLock;

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use fenkit::{Fen, ParseOptions};

fn main() {
    divan::main();
}

static RECORDS: LazyLock<Vec<String>> =
    LazyLock::new(|| common::data_lines(common::RANDOM_GAMES_100K));

/// One pass over the 100k positions per iteration.
mod random_games_100k {
    use super::*;

    #[divan::bench(sample_count = 20)]
    fn fenkit_parse(bencher: Bencher) {
        let records = &*RECORDS;
        let options = ParseOptions::strict();
        bencher.counter(ItemsCount::new(records.len())).bench(|| {
            for record in records {
                black_box(Fen::parse(black_box(record.as_bytes()), &options));
            }
        });
    }

    #[divan::bench(sample_count = 20)]
    fn fenkit_parse_and_legality(bencher: Bencher) {
        let records = &*RECORDS;
        let options = ParseOptions::strict().validated();
        bencher.counter(ItemsCount::new(records.len())).bench(|| {
            for record in records {
                black_box(Fen::parse(black_box(record.as_bytes()), &options));
            }
        });
    }

    /// The legality step alone, on positions parsed beforehand (the part of
    /// `fenkit_parse_and_legality` that `fenkit_parse` does not do).
    #[divan::bench(sample_count = 20)]
    fn fenkit_legality(bencher: Bencher) {
        let records = &*RECORDS;
        let parsed: Vec<Fen> = records
            .iter()
            .filter_map(|record| Fen::parse(record.as_bytes(), &ParseOptions::strict()).value)
            .collect();
        bencher.counter(ItemsCount::new(parsed.len())).bench(|| {
            for (fen, record) in parsed.iter().zip(records) {
                black_box(black_box(fen).validate_in(record.as_bytes()));
            }
        });
    }

    #[divan::bench(sample_count = 20)]
    fn cozy_chess_from_fen(bencher: Bencher) {
        let records = &*RECORDS;
        bencher.counter(ItemsCount::new(records.len())).bench(|| {
            for record in records {
                let _ = black_box(cozy_chess::Board::from_fen(black_box(record), false));
            }
        });
    }

    #[divan::bench(sample_count = 20)]
    fn fenkit_write(bencher: Bencher) {
        let fens: Vec<Fen> = RECORDS.iter().map(|r| r.parse().unwrap()).collect();
        let mut out = String::with_capacity(128);
        bencher
            .counter(ItemsCount::new(fens.len()))
            .bench_local(|| {
                for fen in &fens {
                    use std::fmt::Write;
                    out.clear();
                    write!(out, "{fen}").unwrap();
                    black_box(&out);
                }
            });
    }
}

/// The floor for `fenkit_write`: the records' own text copied through the same formatter.
mod random_games_100k_copy {
    use super::*;

    #[divan::bench(sample_count = 20)]
    fn write_floor(bencher: Bencher) {
        let records = &*RECORDS;
        let mut out = String::with_capacity(128);
        bencher
            .counter(ItemsCount::new(records.len()))
            .bench_local(|| {
                for record in records {
                    use std::fmt::Write;
                    out.clear();
                    write!(out, "{}", black_box(record.as_str())).unwrap();
                    black_box(&out);
                }
            });
    }
}

/// Every diagnostic of one invalid record, strict mode with legality.
mod diagnostics {
    use super::*;

    const INVALID: &[&str] = &[
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPPP/RNBQKBNR x KQkq e4 0 1",
        "rnbqkbnr/ppp?pppp/44/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w KQ e6 0 1",
        " rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP  W  QKqk e9 - 0 extra",
    ];

    #[divan::bench(args = INVALID)]
    fn all_diagnostics(record: &str) -> fenkit::Parsed<Fen> {
        Fen::parse(
            black_box(record.as_bytes()),
            &ParseOptions::strict().validated(),
        )
    }
}
