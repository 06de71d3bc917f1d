//! The one-grammar draughts FEN parser against the old one kept in `fenkit::draughts::oracle`
//! (issue 10): value and every diagnostic agree on three boards, in both modes, with and
//! without validation (`fenkit::fuzzing::check_draughts_oracle`, also the `draughts_oracle`
//! fuzz target), on random and mutated records and on every line of the draughts fuzz seeds
//! and test data.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use proptest::prelude::*;

const RECORDS: [&str; 6] = [
    "W:W31-50:B1-20",
    "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
    "W:Wa1,c1,e1,g1,b2,d2,f2,h2:Bb8,d8,f8,h8,Kg7",
    "w:w31, 32-35:bK1,2-2,05.",
    "?:W31-50:B1-20:H0:F1",
    "W:W21-28,K1:B29-32,k4",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn agrees_on_any_bytes(data in prop::collection::vec(any::<u8>(), 0..60)) {
        fenkit::fuzzing::check_draughts_oracle(&data);
    }

    #[test]
    fn agrees_on_draughts_like_text(text in "[WBK?wbkHFGPa-j:,\\-. 0-9\t\u{e9}]{0,50}") {
        fenkit::fuzzing::check_draughts_oracle(text.as_bytes());
    }

    #[test]
    fn agrees_on_mutated_records(
        edits in prop::collection::vec((0usize..60, any::<u8>(), 0u8..3), 1..4),
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
        fenkit::fuzzing::check_draughts_oracle(&data);
    }
}

/// Every line of the draughts fuzz seeds and test data (every string of a JSON file), as it is
/// and with a line end.
#[test]
fn agrees_on_seed_and_test_lines() {
    let mut checked = 0;
    for root in ["fuzz/seeds/draughts", "tests/data/draughts"] {
        let mut stack = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(root)];
        while let Some(path) = stack.pop() {
            if path.is_dir() {
                stack.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            for line in bytes.split(|&b| b == b'\n' || b == b'"').take(400) {
                fenkit::fuzzing::check_draughts_oracle(line);
                fenkit::fuzzing::check_draughts_oracle(&[line, b"\r\n"].concat());
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} lines found");
}
