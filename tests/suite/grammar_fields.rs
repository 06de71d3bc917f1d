//! The fields of a record as building blocks of `fenkit::grammar`: `field` and `gap`, the
//! whitespace judged by FEN's own rule (the codes, wording, severities and fixes of
//! `Fen::parse`), inside a caller's grammar, with diagnostics in the whole input.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::chess::codes;
use fenkit::grammar::{self, Error, Gap};
use fenkit::{Diagnostic, ParseOptions, Span};
use nom::IResult;
use nom::Parser;
use nom::bytes::complete::tag;
use nom::multi::many0;
use nom::sequence::{pair, preceded};

/// Each diagnostic's code, whether an error, and primary span.
fn found(diagnostics: &[Diagnostic]) -> Vec<(&str, bool, Option<Span>)> {
    diagnostics
        .iter()
        .map(|d| (d.code(), d.is_error(), d.span()))
        .collect()
}

#[test]
fn a_field_ends_at_whitespace_a_quote_or_the_end() {
    let mut field = grammar::field().with_error::<()>();
    assert_eq!(field.parse(&b"KQkq -"[..]), Ok((&b" -"[..], &b"KQkq"[..])));
    assert_eq!(field.parse(&b"e3\t0"[..]), Ok((&b"\t0"[..], &b"e3"[..])));
    assert_eq!(field.parse(&b"w\r\n"[..]), Ok((&b"\r\n"[..], &b"w"[..])));
    assert_eq!(field.parse(&b"1\"]"[..]), Ok((&b"\"]"[..], &b"1"[..])));
    assert_eq!(field.parse(&b"1"[..]), Ok((&b""[..], &b"1"[..])));
    for empty in [&b""[..], b" x", b"\tx", b"\"x", b"\nx"] {
        assert!(field.parse(empty).is_err(), "{empty:?}");
    }
}

/// The fields of a whole record, as a caller would split a record of their own with `many0`.
fn fields(options: &ParseOptions) -> impl FnMut(&[u8]) -> IResult<&[u8], Vec<&[u8]>, Error> {
    let options = *options;
    move |input| {
        let (rest, (_, first)) =
            pair(grammar::gap(&options, Gap::BeforeRecord), grammar::field()).parse(input)?;
        let (rest, others) = many0(preceded(
            grammar::gap(&options, Gap::BetweenFields),
            grammar::field(),
        ))
        .parse(rest)?;
        let (rest, _) = grammar::gap(&options, Gap::AfterRecord).parse(rest)?;
        Ok((rest, [vec![first], others].concat()))
    }
}

#[test]
fn standard_gaps_are_read_without_a_word() {
    for options in [ParseOptions::strict(), ParseOptions::lenient()] {
        let read = grammar::parse_whole(&b"w KQkq - 0 1"[..], fields(&options)).unwrap();
        assert_eq!(read, [&b"w"[..], b"KQkq", b"-", b"0", b"1"]);
        let (rest, gap) = grammar::gap(&options, Gap::BetweenFields)
            .parse(&b" -"[..])
            .unwrap();
        assert_eq!((rest, gap.warnings.len()), (&b"-"[..], 0));
        assert_eq!(gap.span_in(b" -"), Span::new(0, 1));
        let (rest, gap) = grammar::gap(&options, Gap::BeforeRecord)
            .parse(&b"w"[..])
            .unwrap();
        assert_eq!((rest, gap.span_in(b"w")), (&b"w"[..], Span::new(0, 0)));
    }
}

#[test]
fn a_field_needs_a_gap_before_it_between_fields() {
    let strict = ParseOptions::strict();
    let mut between = grammar::gap(&strict, Gap::BetweenFields);
    for none in [&b"w"[..], b"", b"\nw", b"\"w"] {
        assert!(
            matches!(between.parse(none), Err(nom::Err::Error(_))),
            "{none:?}"
        );
    }
    // Nothing of FEN's was wrong: the gap's own code says a space was expected.
    let diagnostics = grammar::parse_whole(&b"w"[..], between).unwrap_err();
    assert_eq!(
        found(&diagnostics),
        [("fenkit::grammar::separator", true, Some(Span::new(0, 1)))]
    );
    assert_eq!(
        diagnostics[0].message(),
        "expected a space between two fields, found `w`"
    );
}

#[test]
fn odd_gaps_are_fen_dialects_on_their_spans() {
    let input = b" w\tKQkq  - 0 1 \r\n";
    let strict = grammar::parse_whole(input, fields(&ParseOptions::strict())).unwrap_err();
    // Strict: the first odd gap rejects the record (the caller's grammar stops there).
    assert_eq!(
        found(&strict),
        [(codes::SURROUNDING_WHITESPACE, true, Some(Span::new(0, 1)))]
    );
    let lenient = ParseOptions::lenient();
    let mut gaps = Vec::new();
    let mut rest = &input[..];
    let places = [Gap::BeforeRecord, Gap::BetweenFields, Gap::BetweenFields];
    for place in places {
        let (after, gap) = grammar::gap(&lenient, place).parse(rest).unwrap();
        gaps.extend(gap.warnings_in(input));
        let (after, _) = grammar::field().parse(after).unwrap();
        rest = after;
    }
    let (after, _) = pair(
        many0(preceded(
            grammar::gap(&lenient, Gap::BetweenFields),
            grammar::field(),
        )),
        grammar::gap(&lenient, Gap::AfterRecord),
    )
    .parse(rest)
    .unwrap();
    assert!(after.is_empty());
    let (_, trailing) = grammar::gap(&lenient, Gap::AfterRecord)
        .parse(&input[14..])
        .unwrap();
    gaps.extend(trailing.warnings_in(input));
    assert_eq!(
        found(&gaps),
        [
            (codes::SURROUNDING_WHITESPACE, false, Some(Span::new(0, 1))),
            (codes::FIELD_SEPARATOR, false, Some(Span::new(2, 1))),
            (codes::FIELD_SEPARATOR, false, Some(Span::new(7, 2))),
            (codes::SURROUNDING_WHITESPACE, false, Some(Span::new(14, 3))),
        ]
    );
}

/// The gap's diagnostics are `Fen::parse`'s: the same message, help and fix on the same span.
#[test]
fn the_words_and_fixes_are_fens() {
    let record = b"8/8/8/8/8/8/8/8 w  - - 0 1\t";
    let fen = fenkit::Fen::parse(record, &ParseOptions::lenient()).diagnostics;
    let lenient = ParseOptions::lenient();
    let (_, separator) = preceded(
        tag("8/8/8/8/8/8/8/8 w"),
        grammar::gap(&lenient, Gap::BetweenFields),
    )
    .parse(&record[..])
    .unwrap();
    let (_, trailing) = preceded(
        tag("8/8/8/8/8/8/8/8 w  - - 0 1"),
        grammar::gap(&lenient, Gap::AfterRecord),
    )
    .parse(&record[..])
    .unwrap();
    let ours = [separator.warnings_in(record), trailing.warnings_in(record)].concat();
    assert_eq!(ours, fen);
    let fixed = ours[0].fix().unwrap().apply(record);
    assert_eq!(fixed, b"8/8/8/8/8/8/8/8 w - - 0 1\t");
}

#[test]
fn a_strict_gap_is_rejected_with_fens_diagnostic_in_the_whole_input() {
    let input = b"position fen w\t-";
    let strict = ParseOptions::strict();
    let parser = preceded(
        tag("position fen "),
        (
            grammar::field(),
            grammar::gap(&strict, Gap::BetweenFields),
            grammar::field(),
        ),
    );
    let diagnostics = grammar::parse_whole(input, parser).unwrap_err();
    assert_eq!(
        found(&diagnostics),
        [(codes::FIELD_SEPARATOR, true, Some(Span::new(14, 1)))]
    );
    assert_eq!(diagnostics[0].message(), "fields separated by a tab");
    // Whitespace before the record: the FEN rule's own message.
    let leading = grammar::parse_whole(&b"  "[..], grammar::gap(&strict, Gap::BeforeRecord));
    let leading = leading.unwrap_err();
    assert_eq!(
        found(&leading),
        [(codes::SURROUNDING_WHITESPACE, true, Some(Span::new(0, 2)))]
    );
    assert_eq!(leading[0].message(), "whitespace before the record");
}
