//! The one-grammar EPD parser against the old one kept in `fenkit::epd::oracle` (issue 10):
//! value, codes, severities and primary spans agree in both modes, with and without legality
//! (`fenkit::fuzzing::check_epd_oracle`, also the `epd_oracle` fuzz target), on random and
//! mutated records and on every line of the EPD fuzz seeds and test data.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use proptest::prelude::*;

const RECORDS: [&str; 6] = [
    r#"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";"#,
    r#"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - pv e2a6 b4c3 d2c3; ce +35; c0 "a \"b\" \\";"#,
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 hmvc 0; acd 12;",
    "8/8/8/8/8/8/k7/K6R w - - bm Rh8 Ra1; am e2e4; dm 3; tcri \"x\" \"y\"; draw_offer;",
    "4k3/8/8/8/8/8/8/4K3 w - - id \"open \\q; op 1;;x 2 ; c1 w;",
    "8/8/8/8/8/8/8/8 W KkqQ e3 00 0 fmvn 01; hmvc -1; sm e9; eco;",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn agrees_on_any_bytes(data in prop::collection::vec(any::<u8>(), 0..120)) {
        fenkit::fuzzing::check_epd_oracle(&data);
    }

    #[test]
    fn agrees_on_epd_like_text(
        head in prop::sample::select(RECORDS.to_vec()),
        tail in "[a-hNBRQKOx0-9=+#\\- ;\t\"\\\\_a-z\u{e9}\u{1b}]{0,60}",
    ) {
        let cut = head.find(" - ").map_or(head.len(), |at| at + 3);
        fenkit::fuzzing::check_epd_oracle(format!("{}{tail}", &head[..cut]).as_bytes());
    }

    #[test]
    fn agrees_on_mutated_records(
        edits in prop::collection::vec((0usize..140, any::<u8>(), 0u8..3), 1..5),
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
        fenkit::fuzzing::check_epd_oracle(&data);
    }
}

/// Every line of the EPD fuzz seeds and the chess test data, as it is and with a line end.
#[test]
fn agrees_on_seed_and_test_lines() {
    let mut checked = 0;
    for root in ["fuzz/seeds/epd", "tests/data/chess"] {
        let mut stack = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(root)];
        while let Some(path) = stack.pop() {
            if path.is_dir() {
                stack.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            for line in bytes.split(|&b| b == b'\n').take(1500) {
                fenkit::fuzzing::check_epd_oracle(line);
                fenkit::fuzzing::check_epd_oracle(&[line, b"\r\n"].concat());
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} lines found");
}
