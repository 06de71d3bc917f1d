//! The one-grammar chess parser against the old one kept in `fenkit::chess::oracle` (issue 10):
//! value, codes, severities and primary spans agree in both modes (`fenkit::fuzzing::
//! check_fen_oracle`, also the `fen_oracle` fuzz target), on random and mutated records and on
//! every chess line of the fuzz seeds and the test data.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use proptest::prelude::*;

const RECORDS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "8/8/8/8/8/8/8/8 W KkqQ e3 00 0",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn agrees_on_any_bytes(data in prop::collection::vec(any::<u8>(), 0..100)) {
        fenkit::fuzzing::check_fen_oracle(&data);
    }

    #[test]
    fn agrees_on_fen_like_text(text in "[rnbqkpRNBQKP0-9/ \twWbB\\-KQkqA-Ha-h\u{e9}]{0,90}") {
        fenkit::fuzzing::check_fen_oracle(text.as_bytes());
    }

    #[test]
    fn agrees_on_mutated_records(
        edits in prop::collection::vec((0usize..80, any::<u8>(), 0u8..3), 1..4),
        record in prop::sample::select(RECORDS.to_vec()),
    ) {
        let mut data = record.as_bytes().to_vec();
        for (index, byte, kind) in edits {
            let at = index % (data.len() + 1);
            match kind {
                0 if at < data.len() => data[at] = byte,
                1 => data.insert(at, byte),
                _ if at < data.len() => { data.remove(at); }
                _ => data.push(byte),
            }
        }
        fenkit::fuzzing::check_fen_oracle(&data);
    }
}

/// Every line of the chess fuzz seeds and test data, as it is and with a line end.
#[test]
fn agrees_on_seed_and_test_lines() {
    let mut checked = 0;
    for root in ["fuzz/seeds/fen", "tests/data/chess"] {
        let mut stack = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(root)];
        while let Some(path) = stack.pop() {
            if path.is_dir() {
                stack.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            for line in bytes.split(|&b| b == b'\n').take(2000) {
                fenkit::fuzzing::check_fen_oracle(line);
                fenkit::fuzzing::check_fen_oracle(&[line, b"\r\n"].concat());
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} lines found");
}

/// Found by the fuzz target: the one span that differs on purpose (see
/// `fenkit::fuzzing::check_fen_oracle`), a clock whose digits overflow before a non-digit.
#[test]
fn agrees_on_an_overflowing_clock() {
    fenkit::fuzzing::check_fen_oracle(b"9 $ V 9 5555555555555555555555555555$*");
    let parsed = fenkit::Fen::parse(
        b"8/8/8/8/8/8/8/8 w - - 55555555555555555555555555$ 1",
        &fenkit::ParseOptions::strict(),
    );
    let spans: Vec<_> = parsed.diagnostics.iter().map(|d| d.span()).collect();
    assert_eq!(spans, [Some(fenkit::Span::new(48, 1))]);
}
