//! The old EPD parser (oracle). Reading one EPD record: the four position fields (with the chess FEN checkers), the FEN
//! clocks that some suites put before the operations, then the operations.

use super::opcodes;
use super::operations::{self, ScannedOperation};
use super::san::MoveContext;
use crate::chess::fields::{Clock, clock, judged};
use crate::chess::placement::SquareOffsets;
use crate::chess::position::{PositionFields, position};
use crate::diagnostic::{Diagnostic, Parsed, Sink, Span};
use crate::epd::codes;
use crate::epd::value::{Epd, Operand, Operation};
use crate::options::{Mode, ParseOptions};
use crate::primitives::fields::{Token, body, tokens, trailing_whitespace};
use crate::primitives::number::{LeadingZeros, check_number};
use crate::rules::ascii::report_non_ascii;
use crate::rules::context::Cx;
use crate::rules::fields::{WhitespaceRules, judge_gap, surrounding_whitespace};

const WHITESPACE: WhitespaceRules = WhitespaceRules {
    surrounding: codes::SURROUNDING_WHITESPACE,
    separator: codes::FIELD_SEPARATOR,
    record_name: "an EPD record",
    lenient_dialect: true,
};

/// Parses one EPD record (see [`Epd::parse`]).
pub fn parse(record: &[u8], options: &ParseOptions) -> Parsed<Epd> {
    let mode = options.mode;
    let mut sink = Sink::new();
    let text = body(record);
    report_non_ascii(text, codes::NON_ASCII, &mut sink);

    let mut fields = tokens(text);
    let mut spans = Vec::with_capacity(4);
    for (index, token) in fields.by_ref().take(4).enumerate() {
        if let Some(problem) = judge_gap(record, &token, index == 0, mode, WHITESPACE) {
            sink.push(problem);
        }
        spans.push(token.field);
    }
    let trailing = trailing_whitespace(record);
    if trailing.len > 0 && !spans.is_empty() {
        sink.push(surrounding_whitespace(
            trailing,
            mode,
            WHITESPACE,
            "whitespace after the record",
        ));
    }
    if spans.len() < 4 {
        report_missing_fields(record, &spans, &mut sink);
    }
    let position = check_position(record, &spans, mode, &mut sink);

    let after_position = spans.get(3).map_or(text.len(), |span| span.end());
    let (clocks, operations_start) = read_clocks(record, fields, after_position, mode, &mut sink);
    let mut scanned = clocks;
    scanned.extend(operations::scan(
        record,
        operations_start,
        text.len(),
        mode,
        &mut sink,
    ));

    let value = position.map(|position| {
        let context = MoveContext {
            board: position.board,
            side_to_move: position.side_to_move,
            castling: position.castling,
            en_passant: position.en_passant,
        };
        let operations = opcodes::check(scanned, &context, mode, &mut sink);
        Epd {
            board: position.board,
            side_to_move: position.side_to_move,
            castling: position.castling,
            en_passant: position.en_passant,
            operations,
        }
    });
    let mut parsed = Parsed::from_sink(value, sink);
    if let (true, Some(epd)) = (options.validate, &parsed.value) {
        let problems = epd.to_fen().validate_with(record, options);
        parsed.add(problems);
    }
    parsed
}

fn report_missing_fields(record: &[u8], spans: &[Span], sink: &mut Sink) {
    const NAMES: [&str; 4] = ["piece placement", "side to move", "castling", "en passant"];
    let next = NAMES.get(spans.len()).copied().unwrap_or("en passant");
    let at = spans
        .last()
        .copied()
        .unwrap_or(Span::new(trailing_whitespace(record).offset, 0));
    let message = if spans.is_empty() {
        String::from("the record is empty")
    } else {
        format!(
            "the record has {} of the four position fields: the {next} is missing",
            spans.len()
        )
    };
    sink.push(
        Diagnostic::error(codes::MISSING_FIELDS, message)
            .label(at, format!("the {next} should follow"))
            .help("an EPD record starts with four fields: placement, side to move, castling, en passant, e.g. `8/8/8/8/8/8/8/8 w - -`"),
    );
}

/// FEN clocks after the position (`... - 0 1 bm e4;`): a dialect, read as `hmvc`/`fmvn`.
/// Returns those operations and where the operations start.
fn read_clocks(
    record: &[u8],
    mut rest: impl Iterator<Item = Token>,
    after_position: usize,
    mode: Mode,
    sink: &mut Sink,
) -> (Vec<ScannedOperation>, usize) {
    let is_clock = |token: &Token| {
        check_number(
            token.field.of(record),
            u64::from(u32::MAX),
            LeadingZeros::Allowed,
        )
        .is_ok()
    };
    let Some(halfmove) = rest.next().filter(is_clock) else {
        return (Vec::new(), after_position);
    };
    let fullmove = rest.next().filter(is_clock);
    // Each clock is judged as FEN judges it (a fullmove `0` or `012` included).
    let mut clocks = Vec::with_capacity(2);
    let halfmove_value = check_clock(record, halfmove.field, Clock::Halfmove, mode, sink);
    clocks.extend(halfmove_value.map(|value| clock_operation("hmvc", value, halfmove.field)));
    let mut end = halfmove.field;
    if let Some(fullmove) = fullmove {
        let value = check_clock(record, fullmove.field, Clock::Fullmove, mode, sink);
        clocks.extend(value.map(|value| clock_operation("fmvn", value, fullmove.field)));
        end = fullmove.field;
    }
    let span = Span::from_range(halfmove.field.offset, end.end());
    let canonical: Vec<String> = clocks
        .iter()
        .map(|clock| {
            format!(
                "{} {};",
                clock.operation.opcode,
                clock.operation.operands.first().map_or("", Operand::as_str)
            )
        })
        .collect();
    sink.push(
        Diagnostic::new(
            codes::FEN_CLOCKS,
            mode.dialect_severity(),
            "FEN clocks before the operations",
        )
        .label(span, "FEN clocks")
        .help(format!(
            "EPD has four position fields; write the clocks as operations: `{}`",
            canonical.join(" ")
        ))
        .with_fix(crate::fix::Fix::safe(span, canonical.join(" "))),
    );
    (clocks, end.end())
}

fn clock_operation(opcode: &str, value: u32, field: Span) -> ScannedOperation {
    ScannedOperation {
        operation: Operation::new(opcode, vec![Operand::Word(value.to_string())]),
        opcode: field,
        operands: vec![field],
    }
}

/// [`position`] over the fields at `spans` of `record`, reporting into `sink`.
fn check_position(
    record: &[u8],
    spans: &[Span],
    mode: Mode,
    sink: &mut Sink,
) -> Option<PositionFields> {
    let field = |index: usize| spans.get(index).map(|span| span.of(record));
    let fields = [field(0), field(1), field(2), field(3)];
    let mut cx = Cx::new(record, mode, sink);
    position(&mut cx, fields, &mut SquareOffsets::new())
        .ok()
        .flatten()
}

/// Checks a clock field at `field` of `record` into `sink`.
fn check_clock(
    record: &[u8],
    field: Span,
    which: Clock,
    mode: Mode,
    sink: &mut Sink,
) -> Option<u32> {
    let mut cx = Cx::new(record, mode, sink);
    judged(&mut cx, field.of(record), |cx, field| {
        clock(cx, field, which)
    })
    .ok()
    .flatten()
}
