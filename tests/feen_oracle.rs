//! The one-grammar FEEN parser against the old one kept in `fenkit::feen::oracle` (issue 10):
//! value, codes, severities and primary spans agree in both modes (`fenkit::fuzzing::
//! check_feen_oracle`, also the `feen_oracle` fuzz target), on random, FEEN-like and mutated
//! records and on every line of the FEEN fuzz seeds and test vectors.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use proptest::prelude::*;

const RECORDS: [&str; 6] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL B/ shogi/SHOGI",
    "+rnbq+kbn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+KBN+R / CHESS/chess",
    "k/K 9P5B3-P3+P'2+B2SK-P'RS'/bp GAME/game",
    "rn/pp//RN/PP///1/2 2P3p'/-b CHESS960/shogi",
    "K PBP/ A/b",
    "k/K 2+B5BK3-P-P'3+P'9PR2SS'/bp GAME/game",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn agrees_on_any_bytes(data in prop::collection::vec(any::<u8>(), 0..100)) {
        fenkit::fuzzing::check_feen_oracle(&data);
    }

    #[test]
    fn agrees_on_feen_like_text(text in "[KkPpBbRr+\\-'^0-9/ \tA-Ca-c1\\-\u{e9}\"]{0,60}") {
        fenkit::fuzzing::check_feen_oracle(text.as_bytes());
    }

    #[test]
    fn agrees_on_three_fields(
        placement in "[Kk+\\-'^0-3/@]{0,12}",
        hands in "[PpBb+\\-'1-3/0\\-]{0,10}",
        style in "[AaBb1/_]{0,8}",
    ) {
        fenkit::fuzzing::check_feen_oracle(format!("{placement} {hands} {style}").as_bytes());
    }

    #[test]
    fn agrees_on_mutated_records(
        edits in prop::collection::vec((0usize..90, any::<u8>(), 0u8..3), 1..4),
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
        fenkit::fuzzing::check_feen_oracle(&data);
    }
}

/// Every line of the FEEN fuzz seeds, the fuzz dictionary's tokens and the records quoted in
/// the FEEN tests, as they are and with a line end.
#[test]
fn agrees_on_seed_and_test_lines() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut lines: Vec<Vec<u8>> = Vec::new();
    for entry in std::fs::read_dir(root.join("fuzz/seeds/feen")).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        lines.extend(bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec));
    }
    for file in ["tests/feen.rs", "fuzz/dict/feen.dict"] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        // Every string literal on a line: the records the tests and the dictionary hold.
        for line in text.lines() {
            lines.extend(
                line.split('"')
                    .skip(1)
                    .step_by(2)
                    .map(|s| s.as_bytes().to_vec()),
            );
        }
    }
    for line in &lines {
        fenkit::fuzzing::check_feen_oracle(line);
        fenkit::fuzzing::check_feen_oracle(&[&line[..], b"\r\n"].concat());
    }
    assert!(lines.len() > 200, "only {} lines found", lines.len());
}

/// Hands the random strategies rarely reach: totals past `u64::MAX`, one piece type in both
/// cases on one side, repeats with other counts, every dialect at once, foreign characters.
#[test]
fn agrees_on_hard_hands() {
    let max = "18446744073709551615";
    let hands = [
        format!("{max}P{max}P/"),
        format!("{max}P2P/p"),
        format!("P{max}P/"),
        format!("{max}p/{max}p"),
        "Pp1p/P".to_string(),
        "pP2P/".to_string(),
        "P2P3P/1b1b".to_string(),
        "1P/2b1b3b".to_string(),
        "B1P2+P'-P'/+b'2b".to_string(),
        "p/P".to_string(),
        "0P00p/".to_string(),
        "2/3".to_string(),
        "P/é".to_string(),
        "P+/'p^".to_string(),
        "-".to_string(),
        "PB".to_string(),
        "P//b/".to_string(),
    ];
    for hand in hands {
        for record in [format!("K {hand} A/b"), format!("K+ {hand} A/B/c")] {
            fenkit::fuzzing::check_feen_oracle(record.as_bytes());
        }
    }
}
