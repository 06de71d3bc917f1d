//! The wording of every EPD diagnostic of its own (the position fields are chess FEN's, with
//! FEN's words), in one place: the record, the operations and their operands. The rules decide
//! what is wrong and where; these functions say it (built only on the diagnostic run).

use super::codes;
use super::epd::{Operand, Operation, write_text};
use super::takes::Takes;
use crate::diagnostic::{Diagnostic, Severity, plural};
use crate::fix::{Applicability, Fix};
use crate::primitives::ascii::quote;
use crate::span::Span;

// The record.

/// Fewer than four position fields (`count`); `at` is the last field, or the end of an empty
/// record.
pub(super) fn missing_fields(count: usize, at: Span) -> Diagnostic {
    const NAMES: [&str; 4] = ["piece placement", "side to move", "castling", "en passant"];
    let next = NAMES.get(count).copied().unwrap_or("en passant");
    let message = if count == 0 {
        String::from("the record is empty")
    } else {
        format!("the record has {count} of the four position fields: the {next} is missing")
    };
    Diagnostic::error(codes::MISSING_FIELDS, message)
        .label(at, format!("the {next} should follow"))
        .help("an EPD record starts with four fields: placement, side to move, castling, en passant, e.g. `8/8/8/8/8/8/8/8 w - -`")
}

/// FEN clocks after the position, at `span`: `clocks` are the operations they are read as
/// (`hmvc` and `fmvn`, with their values), each there when its clock had a value.
pub(super) fn fen_clocks(
    clocks: &[Option<(&str, u32, Span)>],
    span: Span,
    severity: Severity,
) -> Diagnostic {
    let canonical: Vec<String> = clocks
        .iter()
        .flatten()
        .map(|(opcode, value, _)| format!("{opcode} {value};"))
        .collect();
    Diagnostic::new(
        codes::FEN_CLOCKS,
        severity,
        "FEN clocks before the operations",
    )
    .label(span, "FEN clocks")
    .help(format!(
        "EPD has four position fields; write the clocks as operations: `{}`",
        canonical.join(" ")
    ))
    .with_fix(Fix::safe(span, canonical.join(" ")))
}

fn gap(span: Span, severity: Severity, help: &str) -> Diagnostic {
    Diagnostic::new(
        codes::FIELD_SEPARATOR,
        severity,
        "operations separated by something other than one space",
    )
    .label(span, "expected one space")
    .help(help)
}

/// A gap between two operations that is not one space.
pub(super) fn operation_gap(span: Span, severity: Severity) -> Diagnostic {
    gap(span, severity, "separate operations with exactly one space")
}

/// A gap between two operands that is not one space.
pub(super) fn operand_gap(span: Span, severity: Severity) -> Diagnostic {
    gap(span, severity, "separate operands with exactly one space")
}

/// No space between a `;` and the next operation, which starts at `at`.
pub(super) fn missing_space(at: usize, severity: Severity) -> Diagnostic {
    Diagnostic::new(codes::MISSING_SPACE, severity, "no space after `;`")
        .label(Span::new(at.saturating_sub(1), 1), "add a space after this")
        .help("separate operations with one space: `...; next`")
        .with_fix(Fix::safe(Span::new(at, 0), " "))
}

/// A `;` with no operation before it; the fix removes `removed`, the `;` and the gap before it.
pub(super) fn empty_operation(semicolon: Span, removed: Span) -> Diagnostic {
    Diagnostic::error(codes::EMPTY_OPERATION, "`;` with no operation before it")
        .label(semicolon, "empty operation")
        .help("remove the extra `;`")
        .with_fix(Fix::safe(removed, ""))
}

pub(super) fn duplicate_opcode(opcode: &[u8], again: Span, first: Span) -> Diagnostic {
    Diagnostic::error(
        codes::DUPLICATE_OPCODE,
        format!("opcode {} is given twice", quote(opcode)),
    )
    .label(again, "again here")
    .label(first, "first here")
    .help("each opcode appears at most once in a record: remove one of them")
}

// One operation.

pub(super) fn invalid_opcode(opcode: &[u8], span: Span) -> Diagnostic {
    let help = if opcode.first().is_some_and(u8::is_ascii_digit) {
        "an opcode starts with a letter; numbers after the position are FEN clocks, which EPD writes as `hmvc N; fmvn N;`"
    } else {
        "an opcode is a letter followed by up to 14 letters, digits or underscores, e.g. `bm` or `id`"
    };
    Diagnostic::error(
        codes::INVALID_OPCODE,
        format!("{} is not an opcode", quote(opcode)),
    )
    .label(span, "not an opcode")
    .help(help)
}

/// The last operation, `opcode` with `operands`, ends at `last` without `;`.
pub(super) fn missing_semicolon(
    opcode: &[u8],
    operands: &[Operand],
    last: Span,
    severity: Severity,
) -> Diagnostic {
    let written = Operation::new(String::from_utf8_lossy(opcode), operands.to_vec());
    Diagnostic::new(
        codes::MISSING_SEMICOLON,
        severity,
        "the last operation does not end with `;`",
    )
    .label(last, "add `;` after this")
    .help(format!("end the operation with `;`: `{written}`"))
    .with_fix(Fix::safe(Span::new(last.end(), 0), ";"))
}

pub(super) fn space_before_semicolon(span: Span, severity: Severity) -> Diagnostic {
    Diagnostic::new(codes::FIELD_SEPARATOR, severity, "space before `;`")
        .label(span, "remove this space")
        .help("the `;` follows the last operand directly")
        .with_fix(Fix::safe(span, ""))
}

// Strings.

/// A backslash in a string that escapes nothing.
pub(super) fn invalid_escape(backslash: Span, severity: Severity) -> Diagnostic {
    Diagnostic::new(
        codes::INVALID_ESCAPE,
        severity,
        "a backslash that escapes nothing",
    )
    .label(backslash, "read as a backslash")
    .help("inside a string only `\\\"` and `\\\\` are escapes: write a backslash as `\\\\`")
    .with_fix(Fix::safe(backslash, "\\\\"))
}

/// A string at `span` that the line ends inside; `content` is its value so far.
pub(super) fn unterminated_string(content: &[u8], span: Span, severity: Severity) -> Diagnostic {
    Diagnostic::new(
        codes::UNTERMINATED_STRING,
        severity,
        "the string is not closed before the end of the line",
    )
    .label(span, "unterminated string")
    .help(closed_string_help(content))
    .with_fix(Fix::safe(Span::new(span.end(), 0), "\""))
}

/// The help for an unterminated string: the string as it should be written (its content with
/// `"` and `\\` escaped, then closed), when that is short enough to show.
fn closed_string_help(content: &[u8]) -> String {
    const SHOWN: usize = 40;
    let mut written = String::new();
    let _ = write_text(&String::from_utf8_lossy(content), &mut written);
    if written.len() <= SHOWN {
        format!("close it: `{written}`")
    } else {
        String::from("close it with `\"` where the string ends")
    }
}

/// A string of `length` bytes, 256 or more.
pub(super) fn string_too_long(length: usize, span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::STRING_TOO_LONG,
        format!("the string holds {length} bytes, at most 255"),
    )
    .label(span, "too long")
    .help("EPD strings hold fewer than 256 bytes: shorten it")
}

/// Text `glued` to the closing quote of a string.
pub(super) fn glued_to_string(glued: &[u8], span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::INVALID_OPERAND,
        format!("{} follows the closing quote", quote(glued)),
    )
    .label(span, "after the string")
    .help("put a space between operands, or move the text inside the quotes")
}

// Operands, by what their opcode takes.

fn described(takes: Takes) -> &'static str {
    match takes {
        Takes::Integer { .. } => "one integer",
        Takes::Moves | Takes::Line => "moves",
        Takes::OneMove => "one move",
        Takes::OptionalString => "one string or nothing",
        Takes::OneString => "one string",
        Takes::TwoStrings => "two strings",
        Takes::Nothing => "no operand",
        Takes::Anything => "anything",
    }
}

/// `opcode` has `count` operands, more than it takes (`too_many`) or fewer: `span` covers the
/// extra ones, or the opcode.
pub(super) fn operand_count(
    opcode: &str,
    takes: Takes,
    count: usize,
    too_many: bool,
    span: Span,
) -> Diagnostic {
    let described = described(takes);
    Diagnostic::error(
        codes::OPERAND_COUNT,
        format!(
            "`{opcode}` takes {described}, found {}",
            plural(count, "operand")
        ),
    )
    .label(
        span,
        if too_many {
            "too many operands"
        } else {
            "operands missing"
        },
    )
    .help(format!("give `{opcode}` {described}"))
}

/// A word where `opcode` takes a string.
pub(super) fn not_a_string(opcode: &str, word: &str, span: Span) -> Diagnostic {
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
    ))
}

/// The integers `min..=max` in words.
fn range(min: i64, max: i64) -> String {
    if max == i64::MAX {
        format!("{min} or more")
    } else {
        format!("{min} to {max}")
    }
}

/// An operand `text` that is not an integer where `opcode` takes one in `min..=max`.
pub(super) fn not_an_integer(
    opcode: &str,
    text: &[u8],
    span: Span,
    min: i64,
    max: i64,
) -> Diagnostic {
    Diagnostic::error(
        codes::OPERAND_TYPE,
        format!("`{opcode}` takes an integer, found {}", quote(text)),
    )
    .label(span, "not an integer")
    .help(format!(
        "write an integer from {}, without quotes",
        range(min, max)
    ))
}

/// An integer `text` outside `min..=max`, the range of `opcode`.
pub(super) fn operand_range(
    opcode: &str,
    text: &[u8],
    span: Span,
    min: i64,
    max: i64,
) -> Diagnostic {
    Diagnostic::error(
        codes::OPERAND_RANGE,
        format!("`{opcode}` {} is out of range", quote(text)),
    )
    .label(span, format!("expected {}", range(min, max)))
    .help(format!(
        "`{opcode}` takes an integer from {}",
        range(min, max)
    ))
}

/// A move `text` in UCI notation, read as `san`. A move among a line's leading UCI moves
/// (`line`, each with its SAN) is fixed with all of them: rewriting one alone would leave a
/// SAN move before UCI moves.
pub(super) fn uci_move(
    text: &[u8],
    san: &str,
    span: Span,
    line: &[(Span, String)],
    severity: Severity,
) -> Diagnostic {
    let in_line = line.len() > 1 && line.iter().any(|(at, _)| *at == span);
    let (help, fix) = if in_line {
        let moves: Vec<&str> = line.iter().map(|(_, san)| san.as_str()).collect();
        (
            format!(
                "write `{san}`, and the line's other UCI moves in SAN with it: `{}`",
                moves.join(" ")
            ),
            Fix::edits(Applicability::Safe, line.iter().cloned()),
        )
    } else {
        (format!("write `{san}`"), Fix::safe(span, san))
    };
    Diagnostic::new(
        codes::UCI_MOVE,
        severity,
        format!("move {} is in UCI notation, not SAN", quote(text)),
    )
    .label(span, format!("read as {san}"))
    .help(help)
    .with_fix(fix)
}

/// An operand `text` that is not a move where `opcode` takes moves.
pub(super) fn not_a_move(opcode: &str, text: &[u8], span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::OPERAND_TYPE,
        format!("`{opcode}` takes moves in SAN, found {}", quote(text)),
    )
    .label(span, "not a SAN move")
    .help("write the move in Standard Algebraic Notation, e.g. `Nf3`, `exd5`, `e8=Q+` or `O-O`")
}
