//! EPD: the 1188 records of STS v6 (operations with strings and a private opcode), parsed
//! strictly and with legality.
//!
//! Run: `cargo bench --bench epd`.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::sync::LazyLock;

use divan::counter::{BytesCount, ItemsCount};
use divan::{Bencher, black_box};
use fenkit::{Epd, ParseOptions};

fn main() {
    divan::main();
}

static RECORDS: LazyLock<Vec<String>> = LazyLock::new(|| common::data_lines(common::STS_V6));

#[divan::bench(args = [false, true])]
fn sts_v6(bencher: Bencher, validate: bool) {
    let records = &*RECORDS;
    let mut options = ParseOptions::strict();
    if validate {
        options = options.validated();
    }
    let bytes: usize = records.iter().map(String::len).sum();
    bencher
        .counter(ItemsCount::new(records.len()))
        .counter(BytesCount::new(bytes))
        .bench(|| {
            for record in records {
                black_box(Epd::parse(black_box(record.as_bytes()), &options));
            }
        });
}

/// Writing the 1188 parsed records back (`Display`: position, then operations).
#[divan::bench]
fn sts_v6_write(bencher: Bencher) {
    let epds: Vec<Epd> = RECORDS.iter().map(|r| r.parse().unwrap()).collect();
    let mut out = String::with_capacity(256);
    bencher
        .counter(ItemsCount::new(epds.len()))
        .bench_local(|| {
            for epd in &epds {
                use std::fmt::Write;
                out.clear();
                write!(out, "{epd}").unwrap();
                black_box(&out);
            }
        });
}
