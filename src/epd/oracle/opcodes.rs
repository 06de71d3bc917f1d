//! The old operand checker (oracle): operands checked after the scan, by what each standard
//! opcode takes.

use std::collections::HashMap;

use super::operations::ScannedOperation;
use super::san::{MoveContext, is_san, uci};
use crate::diagnostic::{Diagnostic, Severity, Sink, Span};
use crate::epd::codes;
use crate::epd::opcodes::{Takes, takes};
use crate::epd::value::{Operand, Operation};
use crate::options::Mode;
use crate::primitives::ascii::quote;
use crate::primitives::number::{LeadingZeros, NumberProblem, check_number};

/// Checks every operation (types, counts, duplicates) and returns them as the value keeps
/// them: in lenient mode, UCI moves rewritten as SAN.
pub(crate) fn check(
    scanned: Vec<ScannedOperation>,
    position: &MoveContext,
    mode: Mode,
    sink: &mut Sink,
) -> Vec<Operation> {
    let mut kept: Vec<Operation> = Vec::with_capacity(scanned.len());
    // The first span of each opcode, so each later one is found in one lookup (linear time).
    let mut first_spans: HashMap<&str, Span> = HashMap::with_capacity(scanned.len());
    for item in &scanned {
        let opcode = item.operation.opcode.as_str();
        let Some(&first) = first_spans.get(opcode) else {
            first_spans.insert(opcode, item.opcode);
            continue;
        };
        sink.push_with(Severity::Error, || {
            Diagnostic::error(
                codes::DUPLICATE_OPCODE,
                format!("opcode {} is given twice", quote(opcode.as_bytes())),
            )
            .label(item.opcode, "again here")
            .label(first, "first here")
            .help("each opcode appears at most once in a record: remove one of them")
        });
    }
    for item in scanned {
        let operands = match takes(&item.operation.opcode) {
            Some(rule) => check_operands(&item, rule, position, mode, sink),
            None => item.operation.operands.clone(),
        };
        kept.push(Operation::new(item.operation.opcode, operands));
    }
    kept
}

fn check_operands(
    item: &ScannedOperation,
    rule: Takes,
    position: &MoveContext,
    mode: Mode,
    sink: &mut Sink,
) -> Vec<Operand> {
    let opcode = item.operation.opcode.as_str();
    let operands = &item.operation.operands;
    let count = operands.len();
    let (allowed, described) = match rule {
        Takes::Integer { .. } => (1..=1, "one integer"),
        Takes::Moves | Takes::Line => (0..=usize::MAX, "moves"),
        Takes::OneMove => (1..=1, "one move"),
        Takes::OptionalString => (0..=1, "one string or nothing"),
        Takes::OneString => (1..=1, "one string"),
        Takes::TwoStrings => (2..=2, "two strings"),
        Takes::Nothing => (0..=0, "no operand"),
        Takes::Anything => (0..=usize::MAX, "anything"),
    };
    if !allowed.contains(&count) {
        let span = match (item.operands.get(*allowed.end()), item.operands.last()) {
            (Some(first_extra), Some(last)) => Span::from_range(first_extra.offset, last.end()),
            _ => item.opcode,
        };
        if sink.admit(Severity::Error) {
            sink.push(
                Diagnostic::error(
                    codes::OPERAND_COUNT,
                    format!(
                        "`{opcode}` takes {described}, found {}",
                        crate::diagnostic::plural(count, "operand")
                    ),
                )
                .label(
                    span,
                    if count > *allowed.end() {
                        "too many operands"
                    } else {
                        "operands missing"
                    },
                )
                .help(format!("give `{opcode}` {described}")),
            );
        }
    }
    let mut line = Some(*position);
    let mut single;
    let mut result = Vec::with_capacity(count);
    for (operand, &span) in operands.iter().zip(&item.operands) {
        let kept = match rule {
            Takes::Integer { min, max } => {
                check_integer(opcode, operand, span, min, max, sink);
                operand.clone()
            }
            Takes::OptionalString | Takes::OneString | Takes::TwoStrings => {
                if let Operand::Word(word) = operand
                    && sink.admit(Severity::Error)
                {
                    sink.push(
                        Diagnostic::error(
                            codes::OPERAND_TYPE,
                            format!(
                                "`{opcode}` takes a string, found {}",
                                quote(word.as_bytes())
                            ),
                        )
                        .label(span, "not a string")
                        .help(format!(
                            "quote it: {}",
                            quote(format!("\"{word}\"").as_bytes())
                        )),
                    );
                }
                operand.clone()
            }
            Takes::Moves | Takes::OneMove | Takes::Line => {
                let from = if rule == Takes::Line {
                    &mut line
                } else {
                    single = Some(*position);
                    &mut single
                };
                check_move(opcode, operand, span, from, mode, sink)
            }
            Takes::Nothing | Takes::Anything => operand.clone(),
        };
        result.push(kept);
    }
    result
}

fn check_integer(opcode: &str, operand: &Operand, span: Span, min: i64, max: i64, sink: &mut Sink) {
    let text = operand.as_str().as_bytes();
    let (negative, digits) = match text {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, text),
    };
    let range = || {
        if max == i64::MAX {
            format!("{min} or more")
        } else {
            format!("{min} to {max}")
        }
    };
    let value = match (
        operand,
        check_number(digits, i64::MAX as u64, LeadingZeros::Allowed),
    ) {
        (Operand::Word(_), Ok(value)) => Some(if negative {
            -(value as i64)
        } else {
            value as i64
        }),
        (Operand::Word(_), Err(NumberProblem::TooLarge)) => None,
        _ => {
            if sink.admit(Severity::Error) {
                sink.push(
                    Diagnostic::error(
                        codes::OPERAND_TYPE,
                        format!("`{opcode}` takes an integer, found {}", quote(text)),
                    )
                    .label(span, "not an integer")
                    .help(format!("write an integer from {}, without quotes", range())),
                );
            }
            return;
        }
    };
    if !value.is_some_and(|value| (min..=max).contains(&value)) && sink.admit(Severity::Error) {
        sink.push(
            Diagnostic::error(
                codes::OPERAND_RANGE,
                format!("`{opcode}` {} is out of range", quote(text)),
            )
            .label(span, format!("expected {}", range()))
            .help(format!("`{opcode}` takes an integer from {}", range())),
        );
    }
}

/// Checks one move operand; a UCI move is a dialect, kept as SAN (in play order for `pv`).
fn check_move(
    opcode: &str,
    operand: &Operand,
    span: Span,
    position: &mut Option<MoveContext>,
    mode: Mode,
    sink: &mut Sink,
) -> Operand {
    let text = operand.as_str().as_bytes();
    if matches!(operand, Operand::Word(_)) && is_san(text) {
        // Later UCI moves of a line cannot be placed after a SAN move (it is not played here).
        *position = None;
        return operand.clone();
    }
    let converted = match (operand, uci(text), position.as_ref()) {
        (Operand::Word(_), Some(uci_move), Some(before)) => before.play_uci(uci_move),
        _ => None,
    };
    if let Some((san, after)) = converted {
        if sink.admit(mode.dialect_severity()) {
            sink.push(
                Diagnostic::new(
                    codes::UCI_MOVE,
                    mode.dialect_severity(),
                    format!("move {} is in UCI notation, not SAN", quote(text)),
                )
                .label(span, format!("read as {san}"))
                .help(format!("write `{san}`"))
                .with_fix(crate::fix::Fix::safe(span, san.clone())),
            );
        }
        *position = Some(after);
        return Operand::Word(san);
    }
    *position = None;
    if sink.admit(Severity::Error) {
        sink.push(
            Diagnostic::error(
                codes::OPERAND_TYPE,
                format!("`{opcode}` takes moves in SAN, found {}", quote(text)),
            )
            .label(span, "not a SAN move")
            .help(
                "write the move in Standard Algebraic Notation, e.g. `Nf3`, `exd5`, `e8=Q+` or `O-O`",
            ),
        );
    }
    operand.clone()
}
