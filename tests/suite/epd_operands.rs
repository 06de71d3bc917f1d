//! EPD operands read by type: integers, SAN moves and unescaped strings, on constructed records
//! and on real files; the stored operands and the canonical writer stay as written.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::epd::{Operand, Operation, Value};
use fenkit::{Epd, ParseOptions};

use crate::common;

fn epd(record: &str) -> Epd {
    record.parse().unwrap_or_else(|e| panic!("{record}: {e:?}"))
}

/// The records of an EPD text that parse leniently (comments and blank lines skipped).
fn records(text: &str) -> Vec<(String, Epd)> {
    text.lines()
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .filter_map(|line| {
            let parsed = Epd::parse(line.as_bytes(), &ParseOptions::lenient());
            Some((line.to_string(), parsed.value?))
        })
        .collect()
}

#[test]
fn numeric_opcodes_read_as_integers() {
    let record = epd(
        "8/8/8/8/8/8/k7/K6R w - - acd 12; acn 4000; acs 3; ce -35; dm 2; rc 1; hmvc 7; fmvn 40; tcgs 3;",
    );
    for (opcode, expected) in [
        ("acd", 12),
        ("acn", 4000),
        ("acs", 3),
        ("ce", -35),
        ("dm", 2),
        ("rc", 1),
        ("hmvc", 7),
        ("fmvn", 40),
        ("tcgs", 3),
    ] {
        assert_eq!(record.integer(opcode), Some(expected), "{opcode}");
        assert_eq!(
            record.operation(opcode).unwrap().value(),
            Value::Integer(expected),
            "{opcode}"
        );
    }
    assert_eq!(record.centipawns(), Some(-35));
    assert_eq!(record.direct_mate(), Some(2));
    assert_eq!(record.integer("zz"), None, "absent");
    let fen = record.to_fen();
    assert_eq!((fen.halfmove_clock, fen.fullmove_number), (7, 40));
}

#[test]
fn a_plus_sign_reads_as_positive_and_stays_written() {
    let record = epd("8/8/8/8/8/8/k7/K6R w - - ce +350;");
    assert_eq!(record.centipawns(), Some(350));
    assert_eq!(record.operand("ce").unwrap().as_str(), "+350");
    assert_eq!(record.to_string(), "8/8/8/8/8/8/k7/K6R w - - ce +350;");
}

#[test]
fn move_opcodes_read_as_san_lists_in_order() {
    let record = epd(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O Rxa8+; am O-O-O; pv O-O Kd7 Rxa8; sm Kd1; pm Kf1;",
    );
    assert_eq!(record.best_moves(), Some(vec!["O-O", "Rxa8+"]));
    assert_eq!(record.avoid_moves(), Some(vec!["O-O-O"]));
    assert_eq!(
        record.principal_variation(),
        Some(vec!["O-O", "Kd7", "Rxa8"])
    );
    assert_eq!(record.moves("sm"), Some(vec!["Kd1"]));
    assert_eq!(
        record.operation("pm").unwrap().value(),
        Value::Moves(vec!["Kf1"])
    );
    assert_eq!(
        epd("8/8/8/8/8/8/k7/K7 w - - bm;").best_moves(),
        Some(vec![])
    );
    assert_eq!(epd("8/8/8/8/8/8/k7/K7 w - - id \"x\";").best_moves(), None);
}

#[test]
fn lenient_uci_moves_read_as_the_san_they_were_rewritten_to() {
    let parsed = Epd::parse(
        b"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - pv e1g1 e8c8;",
        &ParseOptions::lenient(),
    );
    let record = parsed.value.unwrap();
    assert_eq!(record.principal_variation(), Some(vec!["O-O", "O-O-O"]));
}

#[test]
fn string_opcodes_read_unescaped() {
    let record = epd(
        r#"8/8/8/8/8/8/k7/K7 w - - id "say \"hi\" \\ bye"; c0 "first"; eco "B01"; tcri "a" "b"; nic;"#,
    );
    assert_eq!(record.id(), Some(r#"say "hi" \ bye"#));
    assert_eq!(record.text("c0"), Some("first"));
    assert_eq!(
        record.operation("tcri").unwrap().value(),
        Value::Strings(vec!["a", "b"])
    );
    assert_eq!(
        record.operation("nic").unwrap().value(),
        Value::Strings(vec![])
    );
    assert_eq!(record.text("nic"), None);
    assert_eq!(record.integer("id"), None, "a string is not an integer");
    assert_eq!(
        record.to_string(),
        r#"8/8/8/8/8/8/k7/K7 w - - id "say \"hi\" \\ bye"; c0 "first"; eco "B01"; tcri "a" "b"; nic;"#,
        "the writer is unchanged"
    );
}

#[test]
fn private_opcodes_read_by_the_accessor_asked_but_are_unchecked_values() {
    let record = epd(r#"8/8/8/8/8/8/k7/K7 w - - wdl 2; dtz -1; Ae "Stockish 15"; noop 1 Nf3;"#);
    assert_eq!(record.integer("wdl"), Some(2));
    assert_eq!(record.integer("dtz"), Some(-1));
    assert_eq!(record.text("Ae"), Some("Stockish 15"));
    assert_eq!(
        record.operation("wdl").unwrap().value(),
        Value::Unchecked(&[Operand::Word("2".into())])
    );
    assert!(matches!(
        record.operation("noop").unwrap().value(),
        Value::Unchecked([_, _])
    ));
    let draw = epd("8/8/8/8/8/8/k7/K7 w - - draw_offer;");
    assert_eq!(
        draw.operation("draw_offer").unwrap().value(),
        Value::Nothing
    );
}

#[test]
fn operands_of_the_wrong_type_come_back_unchecked() {
    // The parser refuses these; a value built by hand can still hold them.
    let text = r#"8/8/8/8/8/8/k7/K7 w - - ce "35"; id x1; bm 77;"#;
    assert!(
        Epd::parse(text.as_bytes(), &ParseOptions::lenient())
            .value
            .is_none()
    );
    let mut record = epd("8/8/8/8/8/8/k7/K7 w - -");
    record.operations = vec![
        Operation::new("ce", vec![Operand::text("35")]),
        Operation::new("id", vec![Operand::Word("x1".into())]),
        Operation::new("bm", vec![Operand::Word("77".into())]),
    ];
    assert_eq!(record.to_string(), text);
    assert_eq!(record.centipawns(), None);
    assert!(matches!(
        record.operation("ce").unwrap().value(),
        Value::Unchecked(_)
    ));
    assert_eq!(record.id(), None);
    assert_eq!(record.best_moves(), None);
    let too_many = Operation::new("ce", vec![Operand::integer(1), Operand::integer(2)]);
    assert!(matches!(too_many.value(), Value::Unchecked(_)));
    let overflowing = Operation::new("acn", vec![Operand::Word("99999999999999999999".into())]);
    assert!(matches!(overflowing.value(), Value::Unchecked(_)));
}

#[test]
fn built_operands_write_as_parsed_ones() {
    let mut record = epd("8/8/8/8/8/8/k7/K7 w - -");
    record
        .operations
        .push(Operation::new("ce", vec![Operand::integer(-20)]));
    record
        .operations
        .push(Operation::new("id", vec![Operand::text("a \"b\"")]));
    let text = record.to_string();
    assert_eq!(text, r#"8/8/8/8/8/8/k7/K7 w - - ce -20; id "a \"b\"";"#);
    assert_eq!(epd(&text), record);
}

#[test]
fn bratko_kopec_ids_and_best_moves() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    let all = records(&corpus.read("chess/python-chess/bratko-kopec.epd"));
    assert_eq!(all.len(), 24);
    for (line, record) in &all {
        let id = record.id().unwrap_or_else(|| panic!("{line}"));
        assert!(line.contains(&format!("id \"{id}\";")), "{line}");
        let best = record.best_moves().unwrap_or_else(|| panic!("{line}"));
        assert!(!best.is_empty(), "{line}");
        assert!(line.contains(&format!("bm {};", best.join(" "))), "{line}");
    }
    assert_eq!(all[0].1.id(), Some("BK.01"));
    assert_eq!(all[0].1.best_moves(), Some(vec!["Qd1+"]));
}

#[test]
fn ccr_best_and_avoid_moves() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    let ccr = records(&corpus.read("chess/sunfish/ccr_one_hour_test.epd"));
    assert_eq!(ccr.len(), 24, "CCR06 (`bm Bcx3+`) is refused");
    let third = &ccr[2].1;
    assert_eq!(third.id(), Some("CCR03"));
    assert_eq!(third.best_moves(), Some(vec!["Nh6"]));
    assert_eq!(third.avoid_moves(), Some(vec!["Ne5"]));
}

#[test]
fn sts_ids_best_moves_and_comments() {
    let sts = records(&common::data("chess/sts/STS1-STS15_LAN_v6.epd"));
    assert_eq!(sts.len(), 1188);
    for (line, record) in &sts {
        assert!(
            record.id().is_some_and(|id| id.starts_with("STS")),
            "{line}"
        );
        assert!(record.best_moves().is_some_and(|m| !m.is_empty()), "{line}");
        // c7 lists SAN moves as one string; c8 their scores: same count.
        let (Some(c7), Some(c8)) = (record.text("c7"), record.text("c8")) else {
            continue;
        };
        assert_eq!(c7.split(' ').count(), c8.split(' ').count(), "{line}");
    }
    let first = &sts[0].1;
    assert_eq!(first.text("c8"), Some("100 46 23 22 19 10 5 1 1 1"));
    assert_eq!(first.text("Ae"), Some("Stockish 15"));
}

#[test]
fn python_chess_pv_record_reads_every_numeric_and_move_opcode() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    let line = corpus.read("chess/python-chess/fuzz-corpus-epd/pv.epd");
    // The file ends in a fuzzed `c0 8` (a word where a string goes, no `;`): cut it off.
    let (kept, fuzzed) = line.trim_end().split_once(" c0").unwrap();
    assert_eq!(fuzzed, " 8");
    let record = &epd(kept);
    assert_eq!(record.id(), Some("BT-2630.1"));
    assert_eq!(record.centipawns(), Some(182));
    assert_eq!(record.integer("acs"), Some(0));
    assert_eq!(record.integer("acn"), Some(106652));
    assert_eq!(record.best_moves(), Some(vec!["Nxg7"]));
    let pv = record.principal_variation().unwrap();
    assert_eq!(pv.len(), 12);
    assert_eq!((pv[0], pv[11]), ("Nxg7", "Kxg5"));
}

#[test]
fn endgame_private_integers_read_on_every_record() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    let all = records(&corpus.read("chess/python-chess/endgame.epd"));
    assert_eq!(all.len(), 200);
    for (line, record) in &all {
        assert!(
            record
                .integer("wdl")
                .is_some_and(|wdl| (-2..=2).contains(&wdl)),
            "{line}"
        );
        assert!(record.integer("dtz").is_some(), "{line}");
    }
}
