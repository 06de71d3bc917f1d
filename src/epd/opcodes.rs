//! The standard opcodes of PGN §16.2.5 and what each takes; operands are checked against
//! that, moves as SAN syntax (not for legality), by one rule for the fast path and the
//! diagnostics. Unknown opcodes are kept unchecked.

use super::epd::Operand;
use super::messages;
use super::san::{MoveContext, is_san, uci};
pub(crate) use super::takes::Takes;
use crate::primitives::number::{LeadingZeros, NumberProblem, check_number};
use crate::rules::context::Cx;
use crate::rules::report::{Report, Stop};
use crate::span::Span;

const NON_NEGATIVE: Takes = Takes::Integer {
    min: 0,
    max: i64::MAX,
};
const POSITIVE: Takes = Takes::Integer {
    min: 1,
    max: i64::MAX,
};
const CLOCK: Takes = Takes::Integer {
    min: 0,
    max: u32::MAX as i64,
};
const MOVE_NUMBER: Takes = Takes::Integer {
    min: 1,
    max: u32::MAX as i64,
};

/// What the standard opcode `opcode` takes; `None` for a private (unknown) opcode.
pub(crate) fn takes(opcode: &str) -> Option<Takes> {
    let numbered = |prefix: &str| {
        opcode.len() == 2
            && opcode.starts_with(prefix)
            && opcode.as_bytes().get(1).is_some_and(u8::is_ascii_digit)
    };
    Some(match opcode {
        "acd" | "acn" | "acs" => NON_NEGATIVE,
        "am" | "bm" => Takes::Moves,
        "ce" => Takes::Integer {
            min: -32767,
            max: 32766,
        },
        "dm" | "rc" | "tcgs" => POSITIVE,
        "fmvn" => MOVE_NUMBER,
        "hmvc" => CLOCK,
        "eco" | "nic" => Takes::OptionalString,
        _ if numbered("c") || numbered("v") => Takes::OptionalString,
        "id" => Takes::OneString,
        "pm" | "sm" => Takes::OneMove,
        "pv" => Takes::Line,
        "draw_accept" | "draw_claim" | "draw_offer" | "draw_reject" | "resign" => Takes::Nothing,
        "tcri" | "tcsi" => Takes::TwoStrings,
        "noop" => Takes::Anything,
        _ => return None,
    })
}

/// Checks the operands of one operation by what its opcode takes (nothing for a private
/// opcode) and returns them as the value keeps them: in lenient mode, UCI moves rewritten as
/// SAN. `spans` holds where each operand stands (only the diagnostic run needs it); moves are
/// converted from UCI only where `position` is given.
pub(crate) fn check_operands<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    opcode: &str,
    opcode_span: Span,
    mut operands: Vec<Operand>,
    spans: &[Span],
    position: Option<&MoveContext>,
) -> Result<Vec<Operand>, Stop> {
    let Some(rule) = takes(opcode) else {
        return Ok(operands);
    };
    let span_of = |index: usize| spans.get(index).copied().unwrap_or(opcode_span);
    let count = operands.len();
    let allowed = match rule {
        Takes::Integer { .. } | Takes::OneMove | Takes::OneString => 1..=1,
        Takes::Moves | Takes::Line | Takes::Anything => 0..=usize::MAX,
        Takes::OptionalString => 0..=1,
        Takes::TwoStrings => 2..=2,
        Takes::Nothing => 0..=0,
    };
    if !allowed.contains(&count) {
        let span = match (spans.get(*allowed.end()), spans.last()) {
            (Some(first_extra), Some(last)) => Span::from_range(first_extra.offset, last.end()),
            _ => opcode_span,
        };
        let too_many = count > *allowed.end();
        cx.error(|| messages::operand_count(opcode, rule, count, too_many, span))?;
    }
    let mut line = position.copied();
    // A line's UCI moves are rewritten together: rewriting one alone would leave a SAN move
    // before UCI moves, which cannot be played after it (the diagnostic run only).
    let line_edits = if rule == Takes::Line && cx.collects() {
        uci_line(&operands, spans, position)
    } else {
        Vec::new()
    };
    for (index, operand) in operands.iter_mut().enumerate() {
        let span = span_of(index);
        match rule {
            Takes::Integer { min, max } => integer(cx, opcode, operand, span, min, max)?,
            Takes::OptionalString | Takes::OneString | Takes::TwoStrings => {
                if let Operand::Word(word) = operand {
                    cx.error(|| messages::not_a_string(opcode, word, span))?;
                }
            }
            Takes::Moves | Takes::OneMove | Takes::Line => {
                let mut single = position.copied();
                let from = if rule == Takes::Line {
                    &mut line
                } else {
                    &mut single
                };
                if let Some(san) = a_move(cx, opcode, operand, span, from, &line_edits)? {
                    *operand = Operand::Word(san);
                }
            }
            Takes::Nothing | Takes::Anything => {}
        }
    }
    Ok(operands)
}

/// An integer operand in `min..=max`: an optional sign, then digits.
fn integer<R: Report>(
    cx: &mut Cx<'_, R>,
    opcode: &str,
    operand: &Operand,
    span: Span,
    min: i64,
    max: i64,
) -> Result<(), Stop> {
    let text = operand.as_str().as_bytes();
    let (negative, digits) = match text {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, text),
    };
    // The operand is the value's own copy, not a part of the record: it is judged by the
    // shared bounded-number check, and reported on its span.
    let value = match (
        operand,
        check_number(digits, i64::MAX as u64, LeadingZeros::Allowed),
    ) {
        (Operand::Word(_), Ok(value)) => Some(value as i64),
        (Operand::Word(_), Err(NumberProblem::TooLarge)) => None,
        _ => return cx.error(|| messages::not_an_integer(opcode, text, span, min, max)),
    };
    let value = value.map(|value| if negative { -value } else { value });
    if !value.is_some_and(|value| (min..=max).contains(&value)) {
        cx.error(|| messages::operand_range(opcode, text, span, min, max))?;
    }
    Ok(())
}

/// The SAN of a line's leading UCI moves, each played from the position the one before it
/// leaves, with where each stands: the moves [`a_move`] rewrites, up to the first that is SAN
/// or cannot be played (the moves after it are not read as UCI).
fn uci_line(
    operands: &[Operand],
    spans: &[Span],
    position: Option<&MoveContext>,
) -> Vec<(Span, String)> {
    let mut edits = Vec::new();
    let mut at = position.copied();
    for (operand, &span) in operands.iter().zip(spans) {
        let Operand::Word(word) = operand else {
            break;
        };
        let text = word.as_bytes();
        if is_san(text) {
            break;
        }
        let played = match (uci(text), at) {
            (Some(uci_move), Some(before)) => before.play_uci(uci_move),
            _ => None,
        };
        let Some((san, after)) = played else {
            break;
        };
        edits.push((span, san));
        at = Some(after);
    }
    edits
}

/// One move operand: SAN as it is; a UCI move from `position` is a dialect, returned as SAN
/// (and `position` moves on, for the next move of a line); anything else is an error. A UCI
/// move among `line` (a line's UCI moves as SAN, see [`uci_line`]) is fixed with all of them.
fn a_move<R: Report>(
    cx: &mut Cx<'_, R>,
    opcode: &str,
    operand: &Operand,
    span: Span,
    position: &mut Option<MoveContext>,
    line: &[(Span, String)],
) -> Result<Option<String>, Stop> {
    let text = operand.as_str().as_bytes();
    if matches!(operand, Operand::Word(_)) && is_san(text) {
        // Later UCI moves of a line cannot be placed after a SAN move (it is not played here).
        *position = None;
        return Ok(None);
    }
    let converted = match (operand, uci(text), position.as_ref()) {
        (Operand::Word(_), Some(uci_move), Some(before)) => before.play_uci(uci_move),
        _ => None,
    };
    if let Some((san, after)) = converted {
        cx.dialect(|severity| messages::uci_move(text, &san, span, line, severity))?;
        *position = Some(after);
        return Ok(Some(san));
    }
    *position = None;
    cx.error(|| messages::not_a_move(opcode, text, span))?;
    Ok(None)
}
