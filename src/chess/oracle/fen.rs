//! The old chess FEN parser, kept as the oracle of the one-grammar move (issue 10): the strict
//! grammar (fast path) and the field-by-field re-reader (diagnostics), as they were.

use nom::IResult;
use nom::combinator::all_consuming;
use nom::error::ParseError as NomParseError;
use nom::sequence::preceded;

use super::fields::{self, Clock, space};
use super::placement;
use super::position::check_position;
use crate::chess::Fen;
use crate::chess::codes;
use crate::diagnostic::{Diagnostic, Parsed, Sink, Span};
use crate::options::Mode;
use crate::primitives::ascii::report_non_ascii;
use crate::primitives::fields::{
    WhitespaceRules, body, judge_gap, surrounding_whitespace, tokens, trailing_whitespace,
};
use crate::primitives::syntax::locate_failure;

/// The whole record grammar, strict: the fast path. Six fields, each a nom parser, separated
/// by single spaces.
fn record<'a, E: NomParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], Fen, E> {
    let (input, board) = placement::placement(input)?;
    let (input, side_to_move) = preceded(space, fields::side_to_move)(input)?;
    let (input, castling) = preceded(space, fields::castling)(input)?;
    let (input, en_passant) = preceded(space, fields::en_passant)(input)?;
    let (input, halfmove_clock) = preceded(space, fields::halfmove_clock)(input)?;
    let (input, fullmove_number) = preceded(space, fields::fullmove_number)(input)?;
    let fen = Fen {
        board,
        side_to_move,
        castling,
        en_passant,
        halfmove_clock,
        fullmove_number,
    };
    Ok((input, fen))
}

/// The old entry point: the strict grammar first, the re-reader on failure (no validation).
pub fn parse(input: &[u8], mode: Mode) -> Parsed<Fen> {
    match all_consuming(record::<()>)(input) {
        Ok((_, fen)) => Parsed::new(Some(fen), Vec::new()),
        Err(_) => diagnose(input, mode),
    }
}

/// The slow path: reads the record field by field and reports every problem.
fn diagnose(record: &[u8], mode: Mode) -> Parsed<Fen> {
    let mut sink = Sink::new();
    // Trailing whitespace (a line end included) is one problem, reported by `split_fields`.
    report_non_ascii(body(record), codes::NON_ASCII, &mut sink);
    let found = split_fields(record, mode, &mut sink);
    let fen = read_fields(record, &found, mode, &mut sink);
    if mode == Mode::Strict && !sink.has_errors() {
        // The checks above missed what the grammar rejected: say where the grammar stopped.
        report_grammar_failure(record, &mut sink);
    }
    Parsed::from_sink(fen, sink)
}

/// The fields found in a record: up to six spans.
struct FoundFields {
    spans: [Span; 6],
    count: usize,
}

/// Splits a record into at most six fields, judging the whitespace around and between them.
fn split_fields(record: &[u8], mode: Mode, sink: &mut Sink) -> FoundFields {
    let mut spans = [Span::new(record.len(), 0); 6];
    let mut count = 0;
    let mut all = tokens(body(record));
    for (index, token) in all.by_ref().enumerate() {
        if let Some(problem) = judge_gap(record, &token, index == 0, mode, WHITESPACE) {
            sink.push(problem);
        }
        if let Some(slot) = spans.get_mut(index) {
            *slot = token.field;
            count += 1;
        } else {
            let extra = Span::from_range(token.field.offset, trailing_whitespace(record).offset);
            sink.push(
                Diagnostic::error(codes::EXTRA_FIELDS, "the record has more than six fields")
                    .label(extra, "after the fullmove number")
                    .help("a FEN has six fields: remove what follows the fullmove number (EPD operations belong in an EPD record)"),
            );
            break;
        }
    }
    let trailing = trailing_whitespace(record);
    if trailing.len > 0 && count > 0 {
        sink.push(surrounding_whitespace(
            trailing,
            mode,
            WHITESPACE,
            "whitespace after the record",
        ));
    }
    FoundFields { spans, count }
}

/// How FEN records judge their whitespace.
const WHITESPACE: WhitespaceRules = WhitespaceRules {
    surrounding: codes::SURROUNDING_WHITESPACE,
    separator: codes::FIELD_SEPARATOR,
    record_name: "a FEN",
    lenient_dialect: true,
};

fn read_fields(record: &[u8], found: &FoundFields, mode: Mode, sink: &mut Sink) -> Option<Fen> {
    let [_, _, _, _, half_span, full_span] = found.spans;
    if found.count < 4 {
        report_missing_fields(record, found, sink);
    } else if found.count < 6 {
        let missing = if found.count == 4 {
            "the halfmove clock and fullmove number are"
        } else {
            "the fullmove number is"
        };
        let suggestion = if found.count == 4 { " 0 1" } else { " 1" };
        let last = found
            .spans
            .get(found.count - 1)
            .copied()
            .unwrap_or_default();
        sink.push(
            Diagnostic::new(
                codes::MISSING_CLOCKS,
                mode.dialect_severity(),
                format!("{missing} missing"),
            )
            .label(last, "the record ends here")
            .help(format!(
                "append `{suggestion}` (the clocks of a position with no history)"
            )),
        );
    }
    let present = |index: usize| index < found.count;
    let position = check_position(
        record,
        found.spans.get(..found.count.min(4)).unwrap_or_default(),
        mode,
        sink,
    );
    let halfmove = if present(4) {
        fields::check_clock(record, half_span, Clock::Halfmove, mode, sink)
    } else {
        Some(Clock::Halfmove.default_value())
    };
    let fullmove = if present(5) {
        fields::check_clock(record, full_span, Clock::Fullmove, mode, sink)
    } else {
        Some(Clock::Fullmove.default_value())
    };
    let position = position?;
    Some(Fen {
        board: position.board,
        side_to_move: position.side_to_move,
        castling: position.castling,
        en_passant: position.en_passant,
        halfmove_clock: halfmove?,
        fullmove_number: fullmove?,
    })
}

fn report_missing_fields(record: &[u8], found: &FoundFields, sink: &mut Sink) {
    const NAMES: [&str; 6] = [
        "piece placement",
        "side to move",
        "castling",
        "en passant",
        "halfmove clock",
        "fullmove number",
    ];
    let next = NAMES.get(found.count).copied().unwrap_or("next field");
    let last = found
        .count
        .checked_sub(1)
        .and_then(|index| found.spans.get(index).copied());
    let at = last.unwrap_or(Span::new(trailing_whitespace(record).offset, 0));
    let message = if found.count == 0 {
        String::from("the record is empty")
    } else {
        format!(
            "the record has {} of six fields: the {next} is missing",
            found.count
        )
    };
    sink.push(
        Diagnostic::error(codes::MISSING_FIELDS, message)
            .label(at, format!("the {next} should follow"))
            .help("a FEN has six fields: placement, side to move, castling, en passant, halfmove clock, fullmove number, e.g. `8/8/8/8/8/8/8/8 w - - 0 1`"),
    );
}

fn report_grammar_failure(record: &[u8], sink: &mut Sink) {
    if let Some(failure) = locate_failure(record, record_tree) {
        let span = crate::primitives::ascii::char_span(record, failure.offset);
        sink.push(
            Diagnostic::error(codes::SYNTAX, format!("invalid FEN: {}", failure.expected))
                .label(span, failure.expected)
                .help("change the record here to what the label expects; a whole FEN reads like `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`"),
        );
    }
}

fn record_tree(input: &[u8]) -> IResult<&[u8], Fen, crate::primitives::syntax::Tree<'_>> {
    record(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The grammar fallback names where the grammar stopped. The specific checks explain every
    /// invalid record first (the fuzzing properties assert it), so it is exercised directly.
    #[test]
    fn grammar_failure_points_where_the_grammar_stopped() {
        let mut sink = Sink::new();
        report_grammar_failure(b"8/8/8/8/8/8/8/8 w - - 0 1x", &mut sink);
        let found = sink.into_vec();
        assert_eq!(found.len(), 1);
        assert_eq!(found.first().map(Diagnostic::code), Some(codes::SYNTAX));
        assert_eq!(
            found.first().and_then(Diagnostic::span),
            Some(Span::new(25, 1))
        );
    }
}
