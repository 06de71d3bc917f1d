//! One EPD record as one rule (see `crate::rules`): the four position fields through the chess
//! position rule, the FEN clocks some suites put before the operations through the chess clock
//! rule, then the operations, each checked by what its opcode takes.
//!
//! The record is read first with the free sink, which stops at the first problem and allocates
//! nothing but the value; only a record it stops on is read again by the same rule, collecting
//! every diagnostic. The pass leaves where the position fields and squares stand, for the spans
//! of the legality step.

use std::collections::HashMap;

use super::codes;
use super::epd::{Epd, NOTATION, Operand, Operation};
use super::messages;
use super::opcodes::check_operands;
use super::operations::{Read, gap, judge_gap, operation};
use super::san::MoveContext;
use crate::chess::Board;
use crate::chess::fields::{Clock, clock, judged};
use crate::chess::position::position;
use crate::chess::record::{Layout, LayoutSource};
use crate::diagnostic::{ParseError, Parsed};
use crate::options::ParseOptions;
use crate::primitives::ascii::has_foreign;
use crate::primitives::fields::{body, is_separator};
use crate::primitives::number::{LeadingZeros, check_number};
use crate::rules::ascii::non_ascii;
use crate::rules::context::{Cx, Step};
use crate::rules::fields::{WhitespaceRules, fields, trailing_whitespace};
use crate::rules::report::{Ignore, Report, Stop};
use crate::rules::run::{Rule, run};
use crate::span::Span;

const WHITESPACE: WhitespaceRules = WhitespaceRules {
    surrounding: codes::SURROUNDING_WHITESPACE,
    separator: codes::FIELD_SEPARATOR,
    record_name: "an EPD record",
    lenient_dialect: true,
};

/// Up to this many operations, a repeated opcode is looked for among the operations read; past
/// it, in a map (so a record of many operations is still read in linear time).
const FEW: usize = 16;

/// Parses one EPD record (see [`Epd::parse`]).
pub(crate) fn parse(record: &[u8], options: &ParseOptions) -> Parsed<Epd> {
    let mut rule = EpdRecord::new(record);
    let mut parsed = run(&mut rule, record, options.mode);
    if let (true, Some(epd)) = (options.validate, &parsed.value) {
        // The legality spans come from this pass: the record is not read again.
        let mut problems = Vec::new();
        let layout = &mut LayoutSource::Parsed(&rule.layout);
        epd.to_fen()
            .validate_layout(record, layout, options, &mut problems);
        parsed.add(problems);
    }
    parsed
}

/// The record rule. Where each position field and square stands is left in `layout`.
pub(crate) struct EpdRecord {
    pub(crate) layout: Layout,
    /// The board the placement is read into (see [`placement`](crate::chess::placement::placement)).
    board: Board,
}

impl EpdRecord {
    pub(crate) fn new(record: &[u8]) -> Self {
        EpdRecord {
            layout: Layout::new(record),
            board: Board::empty(),
        }
    }
}

impl<'r> Rule<'r> for EpdRecord {
    type Output = Epd;

    fn apply<R: Report>(&mut self, cx: &mut Cx<'r, R>, record: &'r [u8]) -> Step<'r, Epd> {
        let end = record.get(record.len()..).unwrap_or_default();
        // Trailing whitespace (a line end included) is one problem, judged below.
        let text = body(record);
        if cx.collects() {
            non_ascii(cx, text, codes::NON_ASCII)?;
        }
        let (rest, (found, count)) = fields::<R, 4>(cx, text, WHITESPACE)?;
        for (slot, span) in found.iter().zip(&mut self.layout.fields) {
            if let Some(read) = slot {
                *span = cx.span_of(read);
            }
        }
        trailing_whitespace(cx, record, text, count, WHITESPACE)?;
        if count < 4 {
            let (spans, at_end) = (&self.layout.fields, Span::new(text.len(), 0));
            cx.error(|| {
                let last = count.checked_sub(1).and_then(|index| spans.get(index));
                messages::missing_fields(count, last.copied().unwrap_or(at_end))
            })?;
        }
        let position = position(cx, found, &mut self.layout.squares, &mut self.board)?;
        let context = position.map(|position| MoveContext {
            board: self.board,
            side_to_move: position.side_to_move,
            castling: position.castling,
            en_passant: position.en_passant,
        });
        let mut operations = Operations {
            context,
            kept: Vec::new(),
            first: HashMap::new(),
        };
        let rest = fen_clocks(cx, rest, &mut operations)?;
        read_operations(cx, rest, &mut operations)?;
        match position {
            Some(position) => Ok((
                end,
                Epd {
                    board: self.board,
                    side_to_move: position.side_to_move,
                    castling: position.castling,
                    en_passant: position.en_passant,
                    operations: operations.kept,
                },
            )),
            // Every field without a value was reported.
            None => Err(Stop),
        }
    }
}

/// The operations read so far, and what checking the next one needs.
struct Operations<'r> {
    /// The position moves are read from; `None` on a diagnostic run whose position fields have
    /// no value, where operations are read but not checked.
    context: Option<MoveContext>,
    /// The value's operations.
    kept: Vec<Operation>,
    /// Where each opcode was first given: every opcode on the diagnostic run, those past the
    /// first [`FEW`] on the fast path.
    first: HashMap<&'r [u8], Span>,
}

impl<'r> Operations<'r> {
    /// Checks an operation read (a repeated opcode, its operands) and keeps it.
    fn check<R: Report>(
        &mut self,
        cx: &mut Cx<'r, R>,
        opcode: &'r [u8],
        opcode_span: Span,
        operands: Vec<Operand>,
        spans: &[Span],
    ) -> Result<(), Stop> {
        let Some(context) = self.context else {
            return Ok(());
        };
        let index = self.kept.len();
        let among_few = self
            .kept
            .iter()
            .take(FEW)
            .any(|kept| kept.opcode.as_bytes() == opcode);
        let in_map = (cx.collects() || index >= FEW).then(|| self.first.get(opcode).copied());
        match in_map {
            Some(Some(first)) => duplicate(cx, opcode, opcode_span, first)?,
            // On the fast path the first of the few needs no span: the record stops here.
            _ if among_few && !cx.collects() => duplicate(cx, opcode, opcode_span, opcode_span)?,
            Some(None) => {
                self.first.insert(opcode, opcode_span);
            }
            None => {}
        }
        let text = String::from_utf8_lossy(opcode);
        let operands = check_operands(cx, &text, opcode_span, operands, spans, Some(&context))?;
        self.kept.push(Operation::new(text, operands));
        Ok(())
    }
}

fn duplicate<R: Report>(
    cx: &mut Cx<'_, R>,
    opcode: &[u8],
    again: Span,
    first: Span,
) -> Result<(), Stop> {
    cx.error(|| messages::duplicate_opcode(opcode, again, first))
}

/// The next whitespace-separated token of `input` and the rest. The gap before it is not
/// judged: EPD has never judged the gaps around FEN clocks (the one before the first operation
/// is judged as an operation gap).
fn token(input: &[u8]) -> (&[u8], &[u8]) {
    let (_, after) = gap(input);
    let length = after
        .iter()
        .position(|&b| is_separator(b))
        .unwrap_or(after.len());
    after.split_at(length)
}

/// Whether `token` reads as a FEN clock: digits, at most 4294967295.
fn is_clock(token: &[u8]) -> bool {
    check_number(token, u64::from(u32::MAX), LeadingZeros::Allowed).is_ok()
}

/// FEN clocks after the position (`... - 0 1 bm e4;`): a dialect, read as the operations
/// `hmvc` and `fmvn`, each judged as FEN judges it (a fullmove `0` or `012` included). Returns
/// where the operations start.
fn fen_clocks<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    input: &'r [u8],
    operations: &mut Operations<'r>,
) -> Result<&'r [u8], Stop> {
    let (halfmove, rest) = token(input);
    if !is_clock(halfmove) {
        return Ok(input);
    }
    let (fullmove, after_fullmove) = token(rest);
    let mut clocks: [Option<(&'static str, u32, Span)>; 2] = [None; 2];
    let read = |cx: &mut Cx<'r, R>, text: &'r [u8], which| {
        judged(cx, text, |cx, text| clock(cx, text, which))
    };
    let halfmove_span = cx.span_of(halfmove);
    let mut last = halfmove_span;
    let mut rest = rest;
    if let Some(value) = read(cx, halfmove, Clock::Halfmove)? {
        clocks[0] = Some(("hmvc", value, halfmove_span));
    }
    if is_clock(fullmove) {
        last = cx.span_of(fullmove);
        rest = after_fullmove;
        if let Some(value) = read(cx, fullmove, Clock::Fullmove)? {
            clocks[1] = Some(("fmvn", value, last));
        }
    }
    let span = Span::from_range(halfmove_span.offset, last.end());
    cx.dialect(|severity| messages::fen_clocks(&clocks, span, severity))?;
    for (opcode, value, span) in clocks.into_iter().flatten() {
        let operands = vec![Operand::Word(value.to_string())];
        operations.check(cx, opcode.as_bytes(), span, operands, &[span])?;
    }
    Ok(rest)
}

/// The operations, from the end of the position (or of the FEN clocks) to the end of the
/// record without its trailing whitespace, each after one space.
fn read_operations<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    input: &'r [u8],
    operations: &mut Operations<'r>,
) -> Result<(), Stop> {
    // The position fields reject foreign characters themselves; operands take any other byte,
    // so the fast path looks for one here (the diagnostic run reported them all at the start).
    if !cx.collects() {
        non_ascii(cx, input, codes::NON_ASCII)?;
    }
    // An operation holding a foreign character was reported by the non-ASCII rule: its own
    // problems would label bytes inside that character, so it is read past unjudged.
    let foreign = cx.collects() && has_foreign(input);
    let mut after_semicolon = false;
    let mut rest = input;
    loop {
        let (space, after) = gap(rest);
        let Some(&first) = after.first() else {
            return Ok(());
        };
        if space.is_empty() && after_semicolon {
            let at = cx.offset(space);
            cx.dialect(|severity| messages::missing_space(at, severity))?;
        } else {
            judge_gap(cx, space, messages::operation_gap)?;
        }
        if first == b';' {
            let semicolon = cx.span_of(after.get(..1).unwrap_or_default());
            // The `;` goes with the gap before it, which separated it from what came before:
            // the gap after it then separates that from what follows.
            let removed = Span::from_range(cx.offset(space), semicolon.end());
            cx.error(|| messages::empty_operation(semicolon, removed))?;
            rest = after.get(1..).unwrap_or_default();
            after_semicolon = true;
            continue;
        }
        if foreign {
            let mut probe = Cx::new(cx.record(), cx.mode(), Ignore);
            let (after_probe, read) = operation(&mut probe, after)?;
            if has_foreign(cx.span(after, after_probe).of(cx.record())) {
                rest = after_probe;
                after_semicolon = read.ended;
                if read.ended {
                    continue;
                }
                return Ok(());
            }
        }
        let (after_operation, read) = operation(cx, after)?;
        let Read {
            opcode,
            operands,
            spans,
            ended,
        } = read;
        let opcode_span = cx.span_of(opcode);
        operations.check(cx, opcode, opcode_span, operands, &spans)?;
        rest = after_operation;
        after_semicolon = ended;
        if !ended {
            return Ok(());
        }
    }
}

/// The entry points, which run the record rule.
impl Epd {
    /// Parses one EPD record with every diagnostic; with `options.validate`, also checks that
    /// the position can exist.
    pub fn parse(input: &[u8], options: &ParseOptions) -> Parsed<Epd> {
        parse(input, options)
    }

    /// Parses strict EPD from bytes.
    pub fn from_ascii(input: &[u8]) -> Result<Epd, ParseError> {
        Epd::parse(input, &ParseOptions::strict()).into_result(NOTATION, input)
    }
}
