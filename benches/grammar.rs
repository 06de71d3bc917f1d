//! `fenkit::grammar::fen` inside a caller's grammar against `Fen::parse` on the record alone:
//! the cost of finding where the record ends, on the 100k positions of
//! `tests/data/chess/generated/random-games-100k.fen`, each written as a UCI command
//! `position fen <FEN> moves e2e4`.
//!
//! EPD rows: the 1188 records of `tests/data/chess/sts/STS1-STS15_LAN_v6.epd` read by
//! `Epd::parse` alone and by `fenkit::grammar::epd` inside a caller's grammar, each record
//! followed by its line end.
//!
//! Run: `cargo bench --bench grammar`. The AllocProfiler columns show allocations per iteration.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::sync::LazyLock;

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use fenkit::grammar;
use fenkit::{Epd, Fen, ParseOptions};
use nom::Parser;
use nom::bytes::complete::tag;
use nom::sequence::preceded;

fn main() {
    divan::main();
}

static RECORDS: LazyLock<Vec<String>> =
    LazyLock::new(|| common::data_lines(common::RANDOM_GAMES_100K));

static COMMANDS: LazyLock<Vec<String>> = LazyLock::new(|| {
    RECORDS
        .iter()
        .map(|record| format!("position fen {record} moves e2e4"))
        .collect()
});

/// One pass over the 100k positions per iteration.
mod random_games_100k {
    use super::*;

    #[divan::bench(sample_count = 20)]
    fn fen_parse_alone(bencher: Bencher) {
        let records = &*RECORDS;
        let options = ParseOptions::strict();
        bencher.counter(ItemsCount::new(records.len())).bench(|| {
            for record in records {
                black_box(Fen::parse(black_box(record.as_bytes()), &options));
            }
        });
    }

    #[divan::bench(sample_count = 20)]
    fn grammar_fen_in_a_uci_command(bencher: Bencher) {
        let commands = &*COMMANDS;
        let options = ParseOptions::strict();
        bencher.counter(ItemsCount::new(commands.len())).bench(|| {
            for command in commands {
                let mut parser = preceded(tag("position fen "), grammar::fen(&options));
                black_box(parser.parse(black_box(command.as_bytes())).is_ok());
            }
        });
    }
}

static STS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let lines = common::data_lines(common::STS_V6);
    lines.into_iter().map(|line| line + "\n").collect()
});

/// One pass over the 1188 EPD records of STS v6 per iteration.
mod sts_v6 {
    use super::*;

    #[divan::bench(sample_count = 50)]
    fn epd_parse_alone(bencher: Bencher) {
        let lines = &*STS;
        let options = ParseOptions::strict();
        bencher.counter(ItemsCount::new(lines.len())).bench(|| {
            for line in lines {
                let record = line.strip_suffix('\n').unwrap_or(line);
                black_box(Epd::parse(black_box(record.as_bytes()), &options));
            }
        });
    }

    #[divan::bench(sample_count = 50)]
    fn grammar_epd_then_line_end(bencher: Bencher) {
        let lines = &*STS;
        let options = ParseOptions::strict();
        bencher.counter(ItemsCount::new(lines.len())).bench(|| {
            for line in lines {
                let mut parser = grammar::epd(&options);
                black_box(parser.parse(black_box(line.as_bytes())).is_ok());
            }
        });
    }
}
