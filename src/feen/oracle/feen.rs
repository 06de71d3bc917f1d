//! The old FEEN record: the grammar first with nom's plain error; only a record that fails it
//! is read again field by field by the re-readers (oracle).

use nom::IResult;
use nom::character::complete::char;
use nom::combinator::all_consuming;
use nom::error::ParseError as NomParseError;

use super::{hands, placement, style_turn};
use crate::diagnostic::{Diagnostic, Parsed, Sink, Span};
use crate::feen::{Feen, codes};
use crate::options::Mode;
use crate::primitives::ascii::char_span;
use crate::primitives::fields::{body, tokens, trailing_whitespace};
use crate::primitives::syntax::locate_failure;
use crate::rules::ascii::report_non_ascii;
use crate::rules::fields::{WhitespaceRules, judge_gap, surrounding_whitespace};

/// The whole record grammar, strict: the fast path.
fn record<'a, E: NomParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], Feen, E> {
    let (input, placement) = placement::placement(input)?;
    let (input, _) = char(' ')(input)?;
    let (input, hands) = hands::hands(input)?;
    let (input, _) = char(' ')(input)?;
    let (input, style_turn) = style_turn::style_turn(input)?;
    Ok((
        input,
        Feen {
            placement,
            hands,
            style_turn,
        },
    ))
}

/// The old parse: the grammar, and the re-readers only if it fails.
pub(crate) fn parse(input: &[u8], mode: Mode) -> Parsed<Feen> {
    match all_consuming(record::<nom::error::Error<&[u8]>>)(input) {
        Ok((_, feen)) => Parsed::new(Some(feen), Vec::new()),
        Err(_) => diagnose(input, mode),
    }
}

/// The slow path: reads the record field by field and reports every problem.
pub(crate) fn diagnose(record: &[u8], mode: Mode) -> Parsed<Feen> {
    let mut sink = Sink::new();
    // Trailing whitespace (a line end included) is one problem, reported by `split_fields`.
    report_non_ascii(body(record), codes::NON_ASCII, &mut sink);
    let fields = split_fields(record, mode, &mut sink);
    let placement = fields
        .first()
        .and_then(|&span| placement::scan(record, span, &mut sink));
    let hands = fields
        .get(1)
        .and_then(|&span| hands::scan(record, span, mode, &mut sink));
    let style_turn = fields
        .get(2)
        .and_then(|&span| style_turn::scan(record, span, &mut sink));
    if mode == Mode::Strict && !sink.has_errors() {
        report_grammar_failure(record, &mut sink);
    }
    let feen = match (placement, hands, style_turn) {
        (Some(placement), Some(hands), Some(style_turn)) => Some(Feen {
            placement,
            hands,
            style_turn,
        }),
        _ => None,
    };
    Parsed::from_sink(feen, sink)
}

/// Splits a record into its fields (at most three), reporting bad whitespace, missing and extra
/// fields.
fn split_fields(record: &[u8], mode: Mode, sink: &mut Sink) -> Vec<Span> {
    let mut fields = Vec::with_capacity(3);
    for (index, token) in tokens(body(record)).enumerate() {
        if let Some(problem) = judge_gap(record, &token, index == 0, mode, WHITESPACE) {
            sink.push(problem);
        }
        if index == 3 {
            let extra = Span::from_range(token.field.offset, trailing_whitespace(record).offset);
            sink.push(
                Diagnostic::error(codes::EXTRA_FIELDS, "the record has more than three fields")
                    .label(extra, "after the style-turn field")
                    .help("a FEEN has three fields: placement, pieces in hand, style-turn (`K / A/b`); remove what follows"),
            );
            break;
        }
        fields.push(token.field);
    }
    let trailing = trailing_whitespace(record);
    if trailing.len > 0 && !fields.is_empty() {
        sink.push(surrounding_whitespace(
            trailing,
            mode,
            WHITESPACE,
            "whitespace after the record",
        ));
    }
    if fields.len() < 3 {
        const NAMES: [&str; 3] = ["piece placement", "pieces in hand", "style-turn field"];
        let next = NAMES.get(fields.len()).copied().unwrap_or("next field");
        let message = if fields.is_empty() {
            String::from("the record is empty")
        } else {
            format!(
                "the record has {} of three fields: the {next} is missing",
                fields.len()
            )
        };
        sink.push(
            Diagnostic::error(codes::MISSING_FIELDS, message)
                .label(Span::new(trailing.offset, 0), format!("expected the {next} here"))
                .help("a FEEN has three fields separated by one space: placement, pieces in hand (`/` when none), style-turn, e.g. `K / A/b`"),
        );
    }
    fields
}

/// How FEEN records judge their whitespace: NOTATIONS.md lists no whitespace dialect for FEEN,
/// so odd whitespace is an error in both modes.
const WHITESPACE: WhitespaceRules = WhitespaceRules {
    surrounding: codes::SURROUNDING_WHITESPACE,
    separator: codes::FIELD_SEPARATOR,
    record_name: "a FEEN",
    lenient_dialect: false,
};

fn report_grammar_failure(record: &[u8], sink: &mut Sink) {
    if let Some(failure) = locate_failure(record, record_tree) {
        let span = char_span(record, failure.offset);
        sink.push(
            Diagnostic::error(codes::SYNTAX, format!("invalid FEEN: {}", failure.expected))
                .label(span, failure.expected)
                .help("change the record here to what the label expects; a whole FEEN reads like `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR / CHESS/chess`"),
        );
    }
}

fn record_tree(input: &[u8]) -> IResult<&[u8], Feen, crate::primitives::syntax::Tree<'_>> {
    record(input)
}
