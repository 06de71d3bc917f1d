//! `fenkit::grammar` inside a caller's nom grammar: records end where they should, the rest is
//! returned, and every diagnostic (fenkit's, the caller's nom errors, the caller's own errors)
//! has its span in the caller's whole input.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::grammar::{self, Error, Rejection};
use fenkit::{ParseOptions, Span};
use nom::Offset;
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::digit1;
use nom::combinator::{consumed, map, map_res};
use nom::error::context;
use nom::sequence::{delimited, preceded};

use crate::common::primary_spans;

const START: &[u8] = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn works_with_nom_s_own_error_types() {
    let strict = ParseOptions::strict();
    let input = [b"position fen ".as_slice(), START, b" moves e2e4"].concat();
    let (rest, record) = preceded(
        tag("position fen "),
        grammar::fen(&strict).with_error::<nom::error::Error<&[u8]>>(),
    )
    .parse(&input[..])
    .unwrap();
    assert_eq!(rest, b" moves e2e4");
    assert_eq!(record.value, fenkit::Fen::starting_position());
    assert!(record.warnings.is_empty());

    // nom's plain error keeps where the rejected record starts.
    let bad = b"position fen 8/8/8 w - - 0 1";
    let error = preceded(
        tag("position fen "),
        grammar::fen(&strict).with_error::<nom::error::Error<&[u8]>>(),
    )
    .parse(&bad[..])
    .unwrap_err();
    assert!(matches!(error, nom::Err::Error(e) if e.input.len() == bad.len() - 13));
}

#[test]
fn the_branch_that_got_further_wins() {
    let strict = ParseOptions::strict();
    let input = b"position fen 8/8/8/8/8/8/8/9 w - - 0 1";
    let parser = alt((
        map(tag("position startpos"), |_| None),
        map(preceded(tag("position fen "), grammar::fen(&strict)), Some),
    ));
    let diagnostics = grammar::parse_whole(input, parser).unwrap_err();
    assert_eq!(
        primary_spans(&diagnostics),
        [("fenkit::fen::invalid_digit", 27, 1)]
    );
}

#[test]
fn alternatives_failing_at_the_same_place_are_both_reported() {
    let parser = alt((tag::<_, _, Error>("startpos"), tag("fen")));
    let diagnostics = grammar::parse_whole(&b"position"[..], parser).unwrap_err();
    assert_eq!(
        primary_spans(&diagnostics),
        [
            ("fenkit::grammar::expected", 0, 1),
            ("fenkit::grammar::expected", 0, 1)
        ]
    );
    assert_eq!(diagnostics[0].message(), "expected a keyword, found `p`");
}

#[test]
fn the_caller_s_own_errors_keep_their_message_and_place() {
    let parser = preceded(
        tag("depth "),
        map_res(digit1, |d: &[u8]| {
            std::str::from_utf8(d).unwrap().parse::<u8>()
        }),
    );
    let diagnostics = grammar::parse_whole(&b"depth 300"[..], parser).unwrap_err();
    assert_eq!(
        primary_spans(&diagnostics),
        [("fenkit::grammar::external", 6, 1)]
    );
    assert_eq!(
        diagnostics[0].message(),
        "number too large to fit in target type"
    );
}

#[test]
fn trailing_input_is_an_error_at_its_start() {
    let input = [START, b" bm e4;"].concat();
    let diagnostics =
        grammar::parse_whole(&input, grammar::fen(&ParseOptions::strict())).unwrap_err();
    assert_eq!(
        primary_spans(&diagnostics),
        [("fenkit::grammar::expected", START.len(), 1)]
    );
    assert_eq!(
        diagnostics[0].message(),
        "expected the end of the input, found ` `"
    );
}

#[test]
fn context_labels_the_text_before_the_problem() {
    let parser = context(
        "the setup",
        preceded(tag("setup "), grammar::fen(&ParseOptions::strict())),
    );
    let diagnostics =
        grammar::parse_whole(&b"setup 8/8/8/8/8/8/8/8 w - - 0 0"[..], parser).unwrap_err();
    assert_eq!(
        primary_spans(&diagnostics),
        [("fenkit::fen::fullmove_zero", 30, 1)]
    );
    let context = &diagnostics[0].labels()[1];
    assert_eq!(
        (context.span, context.text.as_str()),
        (Span::new(0, 6), "in the setup")
    );
}

#[test]
fn validation_runs_when_the_options_ask_for_it() {
    let two_kings = b"8/8/8/8/8/8/8/KK5k w - - 0 1";
    let syntax = grammar::parse_whole(two_kings, grammar::fen(&ParseOptions::strict()));
    assert!(syntax.is_ok());
    let validated = ParseOptions::strict().validated();
    let diagnostics = grammar::parse_whole(two_kings, grammar::fen(&validated)).unwrap_err();
    assert!(
        diagnostics
            .iter()
            .all(|d| d.code().starts_with("fenkit::fen::"))
    );
    assert!(!diagnostics.is_empty());
}

#[test]
fn epd_records_end_at_the_line_end() {
    let input = b"8/8/8/8/8/8/8/k1K5 w - - bm Kc2; id \"a \\\"quoted\\\" id\";\r\n8/8/8/8/8/8/8/k1K5 x - -\n";
    let epd = || grammar::epd(&ParseOptions::strict());
    let (rest, first) = epd().parse(&input[..]).unwrap();
    assert_eq!(
        first.value.operand("id").map(|id| id.as_str()),
        Some("a \"quoted\" id")
    );
    let second = &rest[2..];
    let Err(nom::Err::Error(error)) = epd().parse(second) else {
        panic!("the second record is invalid")
    };
    assert_eq!(
        primary_spans(&error.into_diagnostics(input)),
        [("fenkit::fen::invalid_side_to_move", 75, 1)]
    );
}

#[test]
fn feen_warnings_move_into_the_whole_input() {
    let input = b"feen K PBP/ A/b;next";
    let mut parser = preceded(tag("feen "), grammar::feen(&ParseOptions::lenient()));
    // `;` does not end a field: the style-turn field is `b;next`.
    assert!(parser.parse(&input[..]).is_err());
    let input = b"feen K PBP/ A/b next";
    let (rest, record) = parser.parse(&input[..]).unwrap();
    assert_eq!(rest, b" next" as &[u8]);
    assert_eq!(record.value.to_string(), "K 2PB/ A/b");
    assert_eq!(record.span_in(input), Span::new(5, 10));
    let warnings = record.warnings_in(input);
    assert_eq!(
        primary_spans(&warnings)[0].0,
        "fenkit::feen::hand_not_aggregated"
    );
    assert_eq!(
        warnings[0].span().unwrap(),
        record.warnings[0].span().unwrap().shifted(5)
    );
    let strict = grammar::parse_partial(
        input,
        preceded(tag("feen "), grammar::feen(&ParseOptions::strict())),
    );
    assert_eq!(
        primary_spans(&strict.unwrap_err())[0].0,
        "fenkit::feen::hand_not_aggregated"
    );
}

#[test]
fn a_draughts_tag_value_ends_at_its_quote() {
    fn fen_tag<'a>(
        options: &ParseOptions,
    ) -> impl Parser<&'a [u8], Output = fenkit::grammar::Record<fenkit::DraughtsFen>, Error = Error>
    {
        delimited(tag("[FEN \""), grammar::draughts_fen(options), tag("\"]"))
    }
    let valid = b"[FEN \"W:W31-50:B1-20\"]";
    let record = grammar::parse_whole(valid, fen_tag(&ParseOptions::strict())).unwrap();
    assert_eq!(record.value.to_string(), "W:W31-50:B1-20");

    let spaced = b"[FEN \"W:W31, 32:B1-20\"]";
    let strict = grammar::parse_whole(spaced, fen_tag(&ParseOptions::strict())).unwrap_err();
    assert_eq!(primary_spans(&strict)[0].0, "fenkit::pdn::whitespace");
    let lenient = grammar::parse_whole(spaced, fen_tag(&ParseOptions::lenient())).unwrap();
    assert_eq!(lenient.value.to_string(), "W:W31,32:B1-20");
    let warnings = lenient.warnings_in(spaced);
    assert_eq!(
        primary_spans(&warnings),
        [("fenkit::pdn::whitespace", 12, 1)]
    );

    let descending = b"[FEN \"W:W50-31:B1-20\"]";
    let diagnostics =
        grammar::parse_whole(descending, fen_tag(&ParseOptions::strict())).unwrap_err();
    assert_eq!(
        primary_spans(&diagnostics),
        [("fenkit::pdn::descending_range", 9, 5)]
    );
}

#[test]
fn a_rejection_says_what_was_invalid() {
    let Err(nom::Err::Error(error)) = grammar::fen(&ParseOptions::strict()).parse(&b"8/8 w"[..])
    else {
        panic!("rejected")
    };
    assert_eq!(
        error.to_string(),
        "invalid fen: the placement has 2 ranks, not 8"
    );
    let rejection: Rejection = match grammar::fen(&ParseOptions::strict())
        .with_error::<RejectionOnly>()
        .parse(&b"8/8 w"[..])
    {
        Err(nom::Err::Error(RejectionOnly(Some(rejection)))) => rejection,
        _ => panic!("rejected"),
    };
    assert_eq!(rejection.notation(), "fen");
    assert_eq!(rejection.diagnostics().len(), 2);
}

/// A caller's own error type: it only needs nom's traits.
#[derive(Debug)]
struct RejectionOnly(Option<Rejection>);

impl<I> nom::error::ParseError<I> for RejectionOnly {
    fn from_error_kind(_: I, _: nom::error::ErrorKind) -> Self {
        RejectionOnly(None)
    }
    fn append(_: I, _: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
}

impl<I> nom::error::FromExternalError<I, Rejection> for RejectionOnly {
    fn from_external_error(_: I, _: nom::error::ErrorKind, rejection: Rejection) -> Self {
        RejectionOnly(Some(rejection))
    }
}

#[test]
fn side_to_move_and_square_are_building_blocks() {
    let lenient = ParseOptions::lenient();
    let (rest, side) = grammar::side_to_move(&lenient)
        .parse(&b"W KQkq"[..])
        .unwrap();
    assert_eq!(
        (rest, side.value),
        (&b" KQkq"[..], fenkit::chess::Color::White)
    );
    let diagnostics = grammar::parse_whole(&b"x"[..], grammar::side_to_move(&lenient)).unwrap_err();
    assert_eq!(
        primary_spans(&diagnostics),
        [("fenkit::fen::invalid_side_to_move", 0, 1)]
    );
    let foreign = grammar::parse_whole("é".as_bytes(), grammar::side_to_move(&lenient));
    assert_eq!(
        primary_spans(&foreign.unwrap_err()),
        [("fenkit::fen::non_ascii", 0, 2)]
    );
    for bad in [&b"i1"[..], b"a9", b"a", b""] {
        assert!(
            grammar::square().with_error::<()>().parse(bad).is_err(),
            "{bad:?}"
        );
    }
    let diagnostics = grammar::parse_whole(&b"e9"[..], grammar::square()).unwrap_err();
    assert_eq!(
        primary_spans(&diagnostics),
        [("fenkit::grammar::square", 0, 2)]
    );
    assert_eq!(
        diagnostics[0].message(),
        "expected a chess square, found `e9`"
    );
    assert_eq!(
        diagnostics[0].help_text(),
        Some("a square is a file letter `a`-`h` then a rank digit `1`-`8`, as `e4`")
    );
    // Inside a move of the caller's: the square's own diagnostic, where it stands.
    let mut uci_move = (grammar::square(), grammar::square());
    let diagnostics = grammar::parse_whole("e7e9", |i| uci_move.parse(i)).unwrap_err();
    assert_eq!(
        primary_spans(&diagnostics),
        [("fenkit::grammar::square", 2, 2)]
    );
    let diagnostics = grammar::parse_whole(&b"x"[..], grammar::piece()).unwrap_err();
    assert_eq!(
        primary_spans(&diagnostics),
        [("fenkit::grammar::piece", 0, 1)]
    );
    assert_eq!(
        diagnostics[0].message(),
        "expected a piece letter, found `x`"
    );
}

#[test]
fn feen_pieces_hands_and_style_turn_are_building_blocks() {
    // A shogi-like drop command: a piece, then a hands field and a style-turn field.
    let input = b"drop +P' 2P/b shogi/SHOGI";
    let (rest, piece) = preceded(tag("drop "), grammar::pnn_piece())
        .parse(&input[..])
        .unwrap();
    assert_eq!(
        (piece.to_string(), rest),
        ("+P'".to_string(), &b" 2P/b shogi/SHOGI"[..])
    );
    let (rest, hands) = preceded(tag(" "), grammar::feen_hands(&ParseOptions::strict()))
        .parse(rest)
        .unwrap();
    assert_eq!(hands.value.to_string(), "2P/b");
    let (rest, turn) = preceded(tag(" "), grammar::feen_style_turn())
        .parse(rest)
        .unwrap();
    assert_eq!(
        (turn.to_string(), rest),
        ("shogi/SHOGI".to_string(), &b""[..])
    );

    // FEEN's diagnostics, with spans in the whole input.
    let diagnostics = grammar::parse_whole(
        &b"drop +3"[..],
        preceded(tag("drop "), grammar::pnn_piece()),
    )
    .unwrap_err();
    assert_eq!(
        primary_spans(&diagnostics),
        [("fenkit::feen::prefix_without_letter", 5, 1)]
    );
    let hands = preceded(tag("hands "), grammar::feen_hands(&ParseOptions::lenient()));
    let (_, read) = grammar::parse_partial(&b"hands P1B/b"[..], hands).unwrap();
    assert_eq!(read.value.to_string(), "BP/b");
    assert_eq!(
        primary_spans(&read.warnings_in(b"hands P1B/b")),
        [
            ("fenkit::feen::hand_order", 6, 3),
            ("fenkit::feen::count_one", 7, 1)
        ]
    );
    let diagnostics = grammar::parse_whole(
        b"turn CHESS/SHOGI/x",
        preceded(tag("turn "), grammar::feen_style_turn()),
    )
    .unwrap_err();
    assert_eq!(
        primary_spans(&diagnostics),
        [
            ("fenkit::feen::same_case_styles", 11, 5),
            ("fenkit::feen::extra_style_separator", 16, 2),
        ]
    );
    let (rest, board) = preceded(tag("board "), grammar::feen_placement())
        .parse(&b"board 3/+K'p1 / A/b"[..])
        .unwrap();
    assert_eq!(
        (board.to_string(), rest),
        ("3/+K'p1".into(), &b" / A/b"[..])
    );
    let diagnostics = grammar::parse_whole(
        b"board 3//x/",
        preceded(tag("board "), grammar::feen_placement()),
    )
    .unwrap_err();
    let codes: Vec<_> = primary_spans(&diagnostics);
    assert!(
        codes
            .iter()
            .all(|(code, offset, _)| code.starts_with("fenkit::feen::") && *offset >= 6),
        "FEEN's codes, in the whole input: {codes:?}"
    );
    assert_eq!(codes.last().map(|c| c.1), Some(10), "the trailing `/`");
    let foreign = grammar::parse_whole("é".as_bytes(), grammar::pnn_piece());
    assert_eq!(
        primary_spans(&foreign.unwrap_err()),
        [("fenkit::feen::non_ascii", 0, 2)]
    );
    let empty = grammar::parse_whole(&b""[..], grammar::pnn_piece()).unwrap_err();
    assert_eq!(primary_spans(&empty), [("fenkit::grammar::piece", 0, 0)]);
    assert_eq!(
        empty[0].message(),
        "expected a piece, found the end of the input"
    );
}

/// Every combinator, on any input: no panic; on success the rest is a suffix of the input and
/// the record lies before it; on failure every diagnostic lies inside the whole input.
fn check_any_input(prefix: &[u8], data: &[u8]) {
    let whole = [prefix, data].concat();
    for options in [ParseOptions::strict(), ParseOptions::lenient().validated()] {
        check(&whole, prefix.len(), grammar::fen(&options), |r| {
            r.span_in(&whole)
        });
        check(&whole, prefix.len(), grammar::epd(&options), |r| {
            r.span_in(&whole)
        });
        check(&whole, prefix.len(), grammar::feen(&options), |r| {
            r.span_in(&whole)
        });
        check(&whole, prefix.len(), grammar::draughts_fen(&options), |r| {
            r.span_in(&whole)
        });
        check(&whole, prefix.len(), grammar::side_to_move(&options), |r| {
            r.span_in(&whole)
        });
        check(&whole, prefix.len(), grammar::feen_hands(&options), |r| {
            r.span_in(&whole)
        });
    }
    check(
        &whole,
        prefix.len(),
        consumed(grammar::pnn_piece()),
        |read| consumed_span(&whole, read),
    );
    check(
        &whole,
        prefix.len(),
        consumed(grammar::feen_placement()),
        |read| consumed_span(&whole, read),
    );
    check(
        &whole,
        prefix.len(),
        consumed(grammar::feen_style_turn()),
        |read| consumed_span(&whole, read),
    );
}

/// Where the text a parser consumed lies in `whole`.
fn consumed_span<T>(whole: &[u8], (text, _): &(&[u8], T)) -> Span {
    Span::new(whole.offset(text), text.len())
}

fn check<'a, O>(
    whole: &'a [u8],
    skip: usize,
    parser: impl Parser<&'a [u8], Output = O, Error = Error>,
    span: impl Fn(&O) -> Span,
) {
    let after_prefix = preceded(nom::bytes::complete::take(skip), parser);
    match grammar::parse_partial(whole, after_prefix) {
        Ok((rest, output)) => {
            assert!(whole.ends_with(rest));
            let record = span(&output);
            assert_eq!(record.offset, skip);
            assert_eq!(record.end(), whole.len() - rest.len());
        }
        Err(diagnostics) => {
            assert!(!diagnostics.is_empty());
            for diagnostic in &diagnostics {
                for label in diagnostic.labels() {
                    assert!(
                        label.span.end() <= whole.len(),
                        "{diagnostic:?} in {whole:?}"
                    );
                }
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]

    #[test]
    fn combinators_hold_on_any_bytes(
        prefix in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..8),
        data in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..80),
    ) {
        check_any_input(&prefix, &data);
    }

    #[test]
    fn combinators_hold_on_record_like_text(
        prefix in "[a-z ]{0,6}",
        data in "[rnbqkpRNBQKPW1-9/:,.\\-]{0,24}( [wbWB-]{1,2})?( (-|KQkq|[a-h][1-8])){0,3}( [0-9-]{1,2}){0,3}( |\"|\n|;)?[a-z]{0,4}",
    ) {
        check_any_input(prefix.as_bytes(), data.as_bytes());
    }

    /// A valid record with anything after a separator is read as it is alone, and the rest is
    /// what follows it.
    #[test]
    fn a_valid_record_is_read_as_it_is_alone(
        index in 0usize..4,
        separator in "[ \"\n]",
        suffix in "[a-z0-9 ]{0,12}",
    ) {
        let records = [
            START,
            b"8/8/8/8/8/8/8/k1K5 b - - 0 1",
            b"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 12 40",
            b"8/8/8/3pP3/8/8/8/k1K5 w - d6 0 2",
        ];
        let record = records[index];
        let whole = [record, separator.as_bytes(), suffix.as_bytes()].concat();
        let (rest, read) = grammar::fen(&ParseOptions::strict()).parse(&whole[..]).unwrap();
        proptest::prop_assert_eq!(rest, &whole[record.len()..]);
        proptest::prop_assert_eq!(Some(read.value), fenkit::Fen::parse(record, &ParseOptions::strict()).value);
    }
}

/// Validation in a composed grammar reads every option `Fen::parse` reads: the castling rules.
#[test]
fn validation_applies_the_castling_rules_of_the_options() {
    let record = b"4k3/8/8/8/8/8/8/R3K1R1 w KQ - 0 1";
    let command = [b"position fen ".as_slice(), record, b" moves e1c1"].concat();
    for castling in [fenkit::Castling::Chess960, fenkit::Castling::Standard] {
        let options = ParseOptions::strict().validated().with_castling(castling);
        let alone = fenkit::Fen::parse(record, &options);
        let composed = grammar::parse_partial(
            &command,
            preceded(tag("position fen "), grammar::fen(&options)),
        );
        match composed {
            Ok((rest, read)) => {
                assert!(alone.is_valid(), "{castling:?}");
                assert_eq!(rest, b" moves e1c1");
                assert_eq!(Some(read.value), alone.value);
            }
            Err(diagnostics) => {
                let shifted: Vec<_> = alone
                    .diagnostics
                    .into_iter()
                    .map(|d| d.shifted(13))
                    .collect();
                assert_eq!(diagnostics, shifted, "{castling:?}");
            }
        }
    }
    let standard = ParseOptions::strict()
        .validated()
        .with_castling(fenkit::Castling::Standard);
    let diagnostics = grammar::parse_partial(
        &command,
        preceded(tag("position fen "), grammar::fen(&standard)),
    )
    .unwrap_err();
    assert_eq!(
        primary_spans(&diagnostics)[0].0,
        "fenkit::fen::castling_not_standard"
    );
}

/// Each building block, where its kind of text does not start, says what it expected with a
/// code of its own, a label on what stands there and a help.
#[test]
fn building_blocks_say_what_they_expected() {
    use fenkit::draughts::Board;
    let strict = ParseOptions::strict();
    let cases: Vec<(&str, Vec<fenkit::Diagnostic>, (usize, usize))> = vec![
        (
            "fenkit::grammar::square",
            grammar::parse_whole("i1", grammar::square()).unwrap_err(),
            (0, 2),
        ),
        (
            "fenkit::grammar::square",
            grammar::parse_whole("x", grammar::draughts_square(&Board::International)).unwrap_err(),
            (0, 1),
        ),
        (
            "fenkit::grammar::piece",
            grammar::parse_whole("x", grammar::piece()).unwrap_err(),
            (0, 1),
        ),
        (
            "fenkit::grammar::field",
            grammar::parse_whole(" w", grammar::field()).unwrap_err(),
            (0, 1),
        ),
        (
            "fenkit::grammar::separator",
            grammar::parse_whole("w", grammar::gap(&strict, grammar::Gap::BetweenFields))
                .unwrap_err(),
            (0, 1),
        ),
        (
            "fenkit::grammar::range",
            grammar::parse_whole("31,35", grammar::square_range(&Board::International))
                .unwrap_err(),
            (2, 1),
        ),
        (
            "fenkit::grammar::quote",
            grammar::parse_whole("x", grammar::quoted_string(&strict)).unwrap_err(),
            (0, 1),
        ),
        (
            "fenkit::grammar::operation",
            grammar::parse_whole("; bm e4;", grammar::epd_operation(&strict)).unwrap_err(),
            (0, 1),
        ),
        (
            "fenkit::grammar::field",
            grammar::parse_whole("", grammar::feen_placement()).unwrap_err(),
            (0, 0),
        ),
    ];
    for (code, diagnostics, (offset, len)) in cases {
        assert_eq!(primary_spans(&diagnostics), [(code, offset, len)], "{code}");
        assert!(diagnostics[0].help_text().is_some(), "{code} has a help");
    }
}

/// `&str` input: the same records, the same diagnostics, the rest as `&str`.
#[test]
fn str_input_reads_as_bytes_do() {
    let strict = ParseOptions::strict();
    let mut position = preceded(tag("position fen "), grammar::fen(&strict));
    let (rest, record) = position
        .parse("position fen 8/8/8/8/8/8/8/k1K5 b - - 0 1 moves")
        .unwrap();
    assert_eq!(rest, " moves");
    assert_eq!(record.value.to_string(), "8/8/8/8/8/8/8/k1K5 b - - 0 1");
    let (rest, field) = grammar::field().parse("é3 x").unwrap();
    assert_eq!((field, rest), ("é3", " x"));
    let bad =
        grammar::parse_whole("position fen 8/8/8/9/8/8/8/k1K5 b - - 0 1", position).unwrap_err();
    assert_eq!(primary_spans(&bad), [("fenkit::fen::invalid_digit", 19, 1)]);
}
