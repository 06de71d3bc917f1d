//! The library's own time for what `fenkit check` does per record (detection, parse and
//! legality), one core, no I/O: the floor `benches/cli.sh` compares the command line with.
//!
//! Run: `cargo run --release --example check_in_process -- FILE` (prints seconds and records).
#![allow(clippy::indexing_slicing)]

use std::time::Instant;

use fenkit::{ParseOptions, parse_any};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: check_in_process FILE")?;
    let text = std::fs::read(path)?;
    let options = ParseOptions::strict().validated();
    let start = Instant::now();
    let (mut records, mut valid) = (0u64, 0u64);
    for line in text.split(|&byte| byte == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            continue;
        }
        let (_, parsed) = parse_any(line, None, &options);
        records += 1;
        valid += u64::from(parsed.is_valid());
    }
    let seconds = start.elapsed().as_secs_f64();
    println!("{seconds:.3} s for {records} records ({valid} valid)");
    Ok(())
}
