//! The EPD building blocks of `fenkit::grammar`: a quoted string and one operation, read by
//! the rules of the EPD record, inside a caller's grammar, with diagnostics in the whole input.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::ParseOptions;
use fenkit::Severity;
use fenkit::epd::Operand;
use fenkit::grammar;
use nom::Parser;
use nom::bytes::complete::tag;
use nom::sequence::{delimited, preceded};

use crate::common;

#[test]
fn a_pgn_tag_value_is_a_quoted_string() {
    let input = br#"[White "Tal, \"Misha\""]"#;
    let white = delimited(
        tag("[White "),
        grammar::quoted_string(&ParseOptions::strict()),
        tag("]"),
    );
    let value = grammar::parse_whole(input, white).unwrap();
    assert_eq!(value.value, r#"Tal, "Misha""#);
    assert!(value.warnings.is_empty());
}

#[test]
fn string_problems_are_epd_problems_in_the_whole_input() {
    let input = br#"[Site "C:\dir"]"#;
    let site = |options| delimited(tag("[Site "), grammar::quoted_string(options), tag("]"));
    let strict = ParseOptions::strict();
    let strict = grammar::parse_whole(input, site(&strict)).unwrap_err();
    assert_eq!(
        common::primary_spans_and_severity(&strict),
        [("fenkit::epd::invalid_escape", Severity::Error, 9, 1)]
    );
    let lenient = ParseOptions::lenient();
    let read = grammar::parse_whole(input, site(&lenient)).unwrap();
    assert_eq!(read.value, r"C:\dir");
    assert_eq!(
        common::primary_spans_and_severity(&read.warnings_in(input)),
        [("fenkit::epd::invalid_escape", Severity::Warning, 9, 1)]
    );
    // Open to the line end: the next line is not read.
    let open = b"x \"abc\nnext\"";
    let mut string = preceded(tag("x "), grammar::quoted_string(&lenient));
    let (rest, read) = string.parse(&open[..]).unwrap();
    assert_eq!((read.value.as_str(), rest), ("abc", &b"\nnext\""[..]));
    assert_eq!(
        common::primary_spans_and_severity(&read.warnings_in(open)),
        [("fenkit::epd::unterminated_string", Severity::Warning, 2, 4)]
    );
    let long = format!("\"{}\"", "a".repeat(256));
    let errors = grammar::parse_whole(long.as_bytes(), grammar::quoted_string(&lenient));
    assert_eq!(
        common::primary_spans_and_severity(&errors.unwrap_err()),
        [("fenkit::epd::string_too_long", Severity::Error, 0, 258)]
    );
    assert!(
        grammar::quoted_string(&lenient)
            .with_error::<()>()
            .parse(&b"abc"[..])
            .is_err()
    );
}

#[test]
fn one_operation_ends_after_its_semicolon() {
    let strict = ParseOptions::strict();
    let mut ops = preceded(tag("ops: "), grammar::epd_operation(&strict));
    let (rest, ce) = ops.parse(&b"ops: ce -35; bm e4;"[..]).unwrap();
    assert_eq!(rest, b" bm e4;");
    assert_eq!(ce.value.opcode, "ce");
    assert_eq!(ce.value.operands, [Operand::Word("-35".into())]);
    let (_, id) = grammar::epd_operation(&strict)
        .with_error::<()>()
        .parse(&br#"id "a\\b";"#[..])
        .unwrap();
    assert_eq!(id.value.operands, [Operand::Text(r"a\b".into())]);
    assert!(
        grammar::epd_operation(&strict)
            .with_error::<()>()
            .parse(&b"; bm e4;"[..])
            .is_err()
    );
    assert!(
        grammar::epd_operation(&strict)
            .with_error::<()>()
            .parse(&b" bm e4;"[..])
            .is_err()
    );
}

#[test]
fn operation_problems_are_epd_problems_in_the_whole_input() {
    let strict = ParseOptions::strict();
    let input = b"ops: bm e2e4 Zz9; acd \"x\";";
    let ops = preceded(tag("ops: "), grammar::epd_operation(&strict));
    let errors = grammar::parse_partial(input, ops).unwrap_err();
    // Alone, an operation has no position: a UCI move is not read as SAN.
    assert_eq!(
        common::primary_spans_and_severity(&errors),
        [
            ("fenkit::epd::operand_type", Severity::Error, 8, 4),
            ("fenkit::epd::operand_type", Severity::Error, 13, 3),
        ]
    );
    let lenient = ParseOptions::lenient();
    let input = b"pv e4  e5";
    let (rest, pv) = grammar::epd_operation(&lenient).parse(&input[..]).unwrap();
    assert_eq!(
        (pv.value.to_string().as_str(), rest),
        ("pv e4 e5;", &b""[..])
    );
    assert_eq!(
        common::primary_spans_and_severity(&pv.warnings_in(input)),
        [
            ("fenkit::epd::field_separator", Severity::Warning, 5, 2),
            ("fenkit::epd::missing_semicolon", Severity::Warning, 7, 2),
        ]
    );
    let foreign = "c0 \"é\";".as_bytes();
    let errors = grammar::parse_whole(foreign, grammar::epd_operation(&lenient)).unwrap_err();
    assert_eq!(
        common::primary_spans_and_severity(&errors),
        [("fenkit::epd::non_ascii", Severity::Error, 4, 2)]
    );
}
