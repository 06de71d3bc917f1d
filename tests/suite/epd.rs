//! EPD and modified FEN: every EPD code with its span, the research vectors, lenient dialects
//! written canonically, conversions, real files and rendered reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeSet;
use std::sync::Mutex;

use fenkit::epd::{Operand, Operation};
use fenkit::{Castling, Epd, Fen, Mode, Notation, ParseOptions, parse_any};

use crate::common;

static SEEN: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());

fn expect(mode: Mode, record: &str, offset: usize, len: usize, code: &str) {
    let parsed = Epd::parse(
        record.as_bytes(),
        &ParseOptions::strict().with_mode(mode).validated(),
    );
    let seen = common::assert_diagnostic(&parsed.diagnostics, mode, record, (offset, len), code);
    SEEN.lock().unwrap().insert(seen);
}

#[test]
fn every_epd_code_is_reported_with_its_span() {
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w - - id \"café\";",
        33,
        2,
        "fenkit::epd::non_ascii",
    );
    expect(
        Mode::Strict,
        " 4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;",
        0,
        1,
        "fenkit::epd::surrounding_whitespace",
    );
    expect(
        Mode::Lenient,
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;  ",
        33,
        2,
        "fenkit::epd::surrounding_whitespace",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w - -  bm Kd2;",
        25,
        2,
        "fenkit::epd::field_separator",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w - - bm  Kd2;",
        28,
        2,
        "fenkit::epd::field_separator",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w -",
        22,
        1,
        "fenkit::epd::missing_fields",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 bm Kd2;",
        26,
        3,
        "fenkit::epd::fen_clocks",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w - - 1bm Kd2;",
        26,
        3,
        "fenkit::epd::invalid_opcode",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w - - ; bm Kd2;",
        26,
        1,
        "fenkit::epd::empty_operation",
    );
    expect(
        Mode::Lenient,
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2",
        29,
        3,
        "fenkit::epd::missing_semicolon",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w - - id \"x\";bm Kd2;",
        32,
        1,
        "fenkit::epd::missing_space",
    );
    expect(
        Mode::Lenient,
        "4k3/8/8/8/8/8/8/4K3 w - - id \"abc",
        29,
        4,
        "fenkit::epd::unterminated_string",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w - - id \"a\\b\";",
        31,
        1,
        "fenkit::epd::invalid_escape",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w - - id \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\";",
        29,
        258,
        "fenkit::epd::string_too_long",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w - - id \"a\"b;",
        32,
        1,
        "fenkit::epd::invalid_operand",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; bm Kf2;",
        34,
        2,
        "fenkit::epd::duplicate_opcode",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w - - id \"a\" \"b\";",
        33,
        3,
        "fenkit::epd::operand_count",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w - - acn many;",
        30,
        4,
        "fenkit::epd::operand_type",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w - - c0 8;",
        29,
        1,
        "fenkit::epd::operand_type",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd9;",
        29,
        3,
        "fenkit::epd::operand_type",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w - - ce 40000;",
        29,
        5,
        "fenkit::epd::operand_range",
    );
    expect(
        Mode::Strict,
        "4k3/8/8/8/8/8/8/4K3 w - - dm 0;",
        29,
        1,
        "fenkit::epd::operand_range",
    );
    expect(
        Mode::Lenient,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm g1f3;",
        56,
        4,
        "fenkit::epd::uci_move",
    );
    let seen = SEEN.lock().unwrap();
    let missing: Vec<_> = fenkit::epd::codes::ALL
        .iter()
        .map(|i| i.code)
        .filter(|c| !seen.contains(c))
        .collect();
    assert!(missing.is_empty(), "codes never triggered: {missing:?}");
}

/// `record` read as EPD in `mode`, validated; castling by Chess960's rules for the Chess960
/// positions of the suites the vectors come from (`960` in the id `id`), as their projects
/// read them, else by standard chess's, the default.
fn outcome(id: &str, record: &str, mode: Mode) -> String {
    let castling = if id.contains("960") {
        Castling::Chess960
    } else {
        Castling::Standard
    };
    let parsed = Epd::parse(
        record.as_bytes(),
        &ParseOptions::strict()
            .with_mode(mode)
            .validated()
            .with_castling(castling),
    );
    common::verdict(&parsed, |code| code.trim_start_matches("fenkit::"))
}

/// The chess research vectors (`anchor-vectors.json`), the EPD rows and the four-field rows,
/// read as EPD with validation.
#[test]
fn research_vectors_read_as_epd() {
    let json: serde_json::Value =
        serde_json::from_str(&common::data("chess/anchor-vectors.json")).unwrap();
    let expected: &[(&str, &str, &str)] = &[
        ("epd-4", "valid: ", "valid: "),
        ("lasker-eco-1", "valid: ", "valid: "),
        ("lasker-ep", "valid: ", "valid: "),
        ("epd-bk01", "valid: ", "valid: "),
        (
            "epd-hmvc-fmvn",
            "invalid: epd::missing_semicolon",
            "valid: epd::missing_semicolon~",
        ),
        ("epd-semicolon-in-string", "valid: ", "valid: "),
        (
            "epd-eret-dashes",
            "invalid: epd::invalid_opcode",
            "invalid: epd::invalid_opcode",
        ),
        (
            "epd-escapes",
            "invalid: epd::missing_space epd::empty_operation epd::empty_operation",
            "invalid: epd::missing_space~ epd::empty_operation epd::empty_operation",
        ),
        (
            "epd-pv",
            "invalid: epd::missing_semicolon epd::operand_type",
            "invalid: epd::missing_semicolon~ epd::operand_type",
        ),
        (
            "epd-unterminated-quote",
            "invalid: epd::unterminated_string epd::missing_semicolon",
            "valid: epd::unterminated_string~ epd::missing_semicolon~",
        ),
        (
            "epd-fen-as-epd",
            "invalid: epd::fen_clocks",
            "valid: epd::fen_clocks~",
        ),
        (
            "epd-uci-bm",
            "invalid: epd::uci_move",
            "valid: epd::uci_move~",
        ),
        ("sk-legal-ep", "valid: ", "valid: "),
        (
            "sk-setup-rooks-960",
            "invalid: fen::impossible_check",
            "invalid: fen::impossible_check",
        ),
        (
            "sk-setup-queen-960",
            "invalid: fen::impossible_check",
            "invalid: fen::impossible_check",
        ),
        (
            "sk-setup-knights-960",
            "invalid: fen::impossible_check",
            "invalid: fen::impossible_check",
        ),
        ("sk-setup-ok-960", "valid: ", "valid: "),
    ];
    for (id, strict, lenient) in expected {
        let vector = json["vectors"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["id"] == *id)
            .unwrap();
        let input = vector["input"].as_str().unwrap();
        assert_eq!(
            outcome(id, input, Mode::Strict),
            *strict,
            "{id} strict: {input}"
        );
        assert_eq!(
            outcome(id, input, Mode::Lenient),
            *lenient,
            "{id} lenient: {input}"
        );
    }
}

#[test]
fn operations_are_typed_and_unknown_opcodes_kept() {
    let epd: Epd = r#"4k3/8/8/8/8/8/8/4K3 w - - acn 106652; ce -182; bm Kd2 Kf2; pv Kd2 Kd7; Ae "Stockfish 15"; wdl_table 2; c0 "a \"quoted\" \\ text";"#.parse().unwrap();
    assert_eq!(epd.operations.len(), 7);
    assert_eq!(
        epd.operation("bm").unwrap().operands,
        vec![Operand::Word("Kd2".into()), Operand::Word("Kf2".into())]
    );
    assert_eq!(
        epd.operand("Ae"),
        Some(&Operand::Text("Stockfish 15".into()))
    );
    assert_eq!(epd.operand("c0").unwrap().as_str(), r#"a "quoted" \ text"#);
    assert_eq!(epd.operand("wdl_table"), Some(&Operand::Word("2".into())));
}

#[test]
fn canonical_input_is_written_byte_for_byte() {
    for record in [
        r#"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";"#,
        "1rbq1rk1/1pp1ppbp/p1np1np1/8/2PPP3/2N1BP2/PP1QN1PP/R3KB1R w KQ -",
        r#"4k3/8/8/8/8/8/8/4K3 w - - c0 "a \"b\" \\"; draw_offer; noop x "y" z;"#,
        "rq2r1k1/5pp1/p7/4bNP1/1p2P2P/5Q2/PP4K1/5R1R w - - pv Nxg7 Kxg7 Qxf7+; acn 106652;",
    ] {
        let epd: Epd = record.parse().unwrap();
        assert_eq!(epd.to_string(), record);
    }
}

#[test]
fn lenient_dialects_are_written_canonically() {
    let cases = [
        (
            r#"rn1qkb1r/pp2pppp/5n2/3p1b2/3P4/1QN1P3/PP3PPP/R1B1KBNR b KQkq - 1 1 id "CCR02";bm Bc8;"#,
            r#"rn1qkb1r/pp2pppp/5n2/3p1b2/3P4/1QN1P3/PP3PPP/R1B1KBNR b KQkq - hmvc 1; fmvn 1; id "CCR02"; bm Bc8;"#,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm g1f3 e2e4;",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Nf3 e4;",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - pv e1g1 e8c8 a1a8",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - pv O-O O-O-O Ra8+;",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3  w - -  id  \"x",
            "4k3/8/8/8/8/8/8/4K3 w - - id \"x\";",
        ),
    ];
    for (input, canonical) in cases {
        let parsed = Epd::parse(input.as_bytes(), &ParseOptions::lenient());
        assert!(parsed.is_valid(), "{input}: {:?}", parsed.diagnostics);
        assert!(
            parsed.warnings().count() > 0,
            "{input}: accepted without a warning"
        );
        let written = parsed.value.unwrap().to_string();
        assert_eq!(written, canonical);
        assert!(Epd::from_ascii(written.as_bytes()).is_ok(), "{written}");
        assert!(
            !Epd::parse(input.as_bytes(), &ParseOptions::strict()).is_valid(),
            "{input} is not strict EPD"
        );
    }
}

#[test]
fn conversions_between_epd_and_fen() {
    let epd: Epd = "4k3/8/8/8/8/8/8/4K3 b - - hmvc 13; fmvn 17;"
        .parse()
        .unwrap();
    assert_eq!(epd.to_fen().to_string(), "4k3/8/8/8/8/8/8/4K3 b - - 13 17");
    let plain: Epd = "4k3/8/8/8/8/8/8/4K3 b - -".parse().unwrap();
    assert_eq!(
        Fen::from(&plain).to_string(),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
    let fen: Fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        .parse()
        .unwrap();
    let back = Epd::from(&fen);
    assert_eq!(
        back.to_string(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 hmvc 0; fmvn 1;"
    );
    assert_eq!(back.to_fen(), fen);
}

#[test]
fn detection_tells_fen_from_epd() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Notation::Fen,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
            Notation::Epd,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4",
            Notation::Epd,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 id \"x\";",
            Notation::Epd,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
            Notation::Fen,
        ),
    ];
    for (record, notation) in cases {
        assert_eq!(
            parse_any(record.as_bytes(), None, &ParseOptions::strict()).0,
            notation,
            "{record}"
        );
    }
}

#[test]
fn fen_and_epd_share_the_position_checks() {
    let parsed = Epd::parse(
        b"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - bm e4;",
        &ParseOptions::strict(),
    );
    let codes: Vec<_> = parsed.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(
        codes,
        [
            "fenkit::fen::invalid_digit",
            "fenkit::fen::invalid_side_to_move"
        ]
    );
    let illegal = Epd::parse(
        b"4k3/8/8/8/8/8/4Q3/4K3 w - - bm Kd2;",
        &ParseOptions::strict().validated(),
    );
    assert_eq!(
        common::primary_spans(&illegal.diagnostics),
        [("fenkit::fen::opposite_check", 1, 1)]
    );
}

#[test]
fn rendered_reports() {
    let records = [
        r#"rn1qkb1r/pp2pppp/5n2/3p1b2/3P4/1QN1P3/PP3PPP/R1B1KBNR b KQkq - 1 1 id "CCR02";bm Bc8;"#,
        r#"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id CCR01; bm Kf2; ce 40000"#,
        r#"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm g1f3; c0 "unclosed"#,
    ];
    let mut all = String::new();
    for (index, record) in records.iter().enumerate() {
        let mode = if index == 2 {
            Mode::Lenient
        } else {
            Mode::Strict
        };
        let parsed = Epd::parse(record.as_bytes(), &ParseOptions::strict().with_mode(mode));
        all.push_str(&common::render("suite.epd", record, &parsed.diagnostics));
    }
    insta::assert_snapshot!(all);
}

#[test]
fn epd_values_round_trip() {
    let epd = Epd {
        operations: vec![
            Operation::new("id", vec![Operand::Text("a\"b\\c".into())]),
            Operation::new(
                "bm",
                vec![Operand::Word("e4".into()), Operand::Word("d4".into())],
            ),
            Operation::new("draw_offer", vec![]),
        ],
        ..Epd::from_fen(&Fen::starting_position())
    };
    let text = epd.to_string();
    assert_eq!(text.parse::<Epd>().unwrap(), epd);
    fenkit::fuzzing::check_epd(text.as_bytes());
}

#[cfg(feature = "serde")]
#[test]
fn positions_serialise_as_their_canonical_text() {
    let epd: Epd = r#"4k3/8/8/8/8/8/8/4K3 w - - id "x";"#.parse().unwrap();
    let json = serde_json::to_string(&epd).unwrap();
    assert_eq!(json, r#""4k3/8/8/8/8/8/8/4K3 w - - id \"x\";""#);
    assert_eq!(serde_json::from_str::<Epd>(&json).unwrap(), epd);
    let fen = Fen::starting_position();
    assert_eq!(
        serde_json::from_str::<Fen>(&serde_json::to_string(&fen).unwrap()).unwrap(),
        fen
    );
    assert!(serde_json::from_str::<Fen>(r#""8/8 w - - 0 1""#).is_err());
}

/// Moves and clocks the dialect readers must not get wrong.
#[test]
fn promotion_letters_and_clock_zeros_are_judged() {
    let parse = |record: &str| Epd::parse(record.as_bytes(), &ParseOptions::lenient());
    // A promotion letter on a king move is not a move: it is not rewritten as one.
    let parsed = parse("4k3/8/8/8/8/8/8/4K2R w K - bm e1e2q;");
    assert_eq!(
        common::primary_spans(&parsed.diagnostics),
        [("fenkit::epd::operand_type", 30, 5)]
    );
    // A pawn reaching the last rank needs its promotion letter, and gets it in the SAN.
    let parsed = parse("8/4P2k/8/8/8/8/8/4K3 w - - bm e7e8q;");
    let help = parsed.diagnostics.first().and_then(|d| d.help_text());
    assert_eq!(help, Some("write `e8=Q`"));
    assert!(!parse("8/4P2k/8/8/8/8/8/4K3 w - - bm e7e8;").is_valid());
    // FEN clocks before the operations are judged as FEN judges them: fullmove 0 reads as 1.
    // An unterminated string's fix is the string written right, escapes included.
    let parsed = parse(r#"8/8/8/8/8/8/8/8 w - - id "abc\"#);
    let help = parsed.diagnostics.first().and_then(|d| d.help_text());
    assert_eq!(help, Some(r#"close it: `"abc\\"`"#));
    let parsed = parse("8/8/8/8/8/8/8/8 w - - 0 0 bm e4;");
    assert_eq!(
        common::primary_spans(&parsed.diagnostics),
        [
            ("fenkit::epd::fen_clocks", 22, 3),
            ("fenkit::fen::fullmove_zero", 24, 1)
        ]
    );
    let written = parsed.value.map(|epd| epd.to_string());
    assert_eq!(
        written.as_deref(),
        Some("8/8/8/8/8/8/8/8 w - - hmvc 0; fmvn 1; bm e4;")
    );
}
