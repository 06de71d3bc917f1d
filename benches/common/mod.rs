//! What every bench shares (`mod common;` at its root): divan's allocation counter, and the
//! data files of `tests/data` the benches read.
#![allow(dead_code)]

use std::path::PathBuf;

/// Every bench counts allocations: the AllocProfiler columns show allocations per iteration.
#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

/// A file of `tests/data` (it ships with the repository, so a missing file is a failure rather
/// than a bench of nothing).
pub fn data(path: &str) -> String {
    let full = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// The lines of a file of `tests/data`, each one record.
pub fn data_lines(path: &str) -> Vec<String> {
    data(path).lines().map(str::to_owned).collect()
}

/// The 100k positions of random games, one chess FEN a line.
pub const RANDOM_GAMES_100K: &str = "chess/generated/random-games-100k.fen";

/// The 1188 EPD records of the Strategic Test Suite v6.
pub const STS_V6: &str = "chess/sts/STS1-STS15_LAN_v6.epd";
