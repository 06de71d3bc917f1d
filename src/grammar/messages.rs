//! The wording of the grammar's own diagnostics: a building block whose kind of text does not
//! start where the caller's grammar reads it, and the caller's own nom errors.

use super::codes;
use crate::diagnostic::Diagnostic;
use crate::primitives::ascii::char_span;
use crate::primitives::number::{NumberProblem, without_leading_zeros};
use crate::span::Span;

/// What stands at `at` in `text`, in words, and its span: the character, a line end (an empty
/// span before it) or the end of the input.
pub(super) fn found(text: &[u8], at: usize) -> (String, Span) {
    let span = char_span(text, at);
    match span.of(text) {
        [] => (String::from("the end of the input"), span),
        [b'\n' | b'\r', ..] => (String::from("a line end"), Span::new(at, 0)),
        character => (format!("`{}`", String::from_utf8_lossy(character)), span),
    }
}

/// A caller's nom parser expected `what` at `at`.
pub(super) fn expected(whole: &[u8], at: usize, what: &str) -> Diagnostic {
    let (found, span) = found(whole, at);
    Diagnostic::error(codes::EXPECTED, format!("expected {what}, found {found}"))
        .label(span, format!("expected {what}"))
}

/// The caller's own error (`map_res`, `FromExternalError`), in its own words.
pub(super) fn external(whole: &[u8], at: usize, message: String) -> Diagnostic {
    Diagnostic::error(codes::EXTERNAL, message).label(char_span(whole, at), "here")
}

/// A combinator read a record that ends inside a UTF-8 character of `&str` input.
pub(super) fn inside_character(at: usize) -> Diagnostic {
    Diagnostic::error(codes::EXPECTED, "the text ends inside a character")
        .label(Span::new(at, 0), "inside a character")
}

/// No chess square at the start of `text`: the label covers what stands where one belongs.
pub(super) fn no_chess_square(text: &[u8]) -> Diagnostic {
    let (found, _) = found(text, 0);
    let len = text
        .iter()
        .take(2)
        .take_while(|b| b.is_ascii_alphanumeric())
        .count();
    let span = if len == 0 {
        char_span(text, 0)
    } else {
        Span::new(0, len)
    };
    let found = match text.get(..len) {
        Some(square) if len > 0 => format!("`{}`", String::from_utf8_lossy(square)),
        _ => found,
    };
    Diagnostic::error(
        codes::SQUARE,
        format!("expected a chess square, found {found}"),
    )
    .label(span, "not a square")
    .help("a square is a file letter `a`-`h` then a rank digit `1`-`8`, as `e4`")
}

/// No draughts square number at the start of `text`, on a board of `squares` squares.
pub(super) fn no_draughts_square(text: &[u8], squares: u8) -> Diagnostic {
    let (found, span) = found(text, 0);
    Diagnostic::error(
        codes::SQUARE,
        format!("expected a square number, found {found}"),
    )
    .label(span, "expected a square number")
    .help(format!(
        "a square is a number from 1 to {squares} on this board"
    ))
}

/// No chess piece letter at the start of `text`.
pub(super) fn no_chess_piece(text: &[u8]) -> Diagnostic {
    let (found, span) = found(text, 0);
    Diagnostic::error(
        codes::PIECE,
        format!("expected a piece letter, found {found}"),
    )
    .label(span, "not a piece")
    .help("a piece is one of `PNBRQK` (White) or `pnbrqk` (Black)")
}

/// No PNN piece at all: the input is empty.
pub(super) fn no_pnn_piece(text: &[u8]) -> Diagnostic {
    let (found, span) = found(text, 0);
    Diagnostic::error(codes::PIECE, format!("expected a piece, found {found}"))
        .label(span, "expected a piece")
        .help("a piece is a letter, with `+` or `-` before it and `'` after it if needed, as `+K'`")
}

/// No field at the start of `text`.
pub(super) fn no_field(text: &[u8]) -> Diagnostic {
    let (found, span) = found(text, 0);
    Diagnostic::error(codes::FIELD, format!("expected a field, found {found}"))
        .label(span, "expected a field")
        .help("write the field here: fields are separated by one space")
}

/// No whitespace between two fields.
pub(super) fn no_separator(text: &[u8]) -> Diagnostic {
    let (found, span) = found(text, 0);
    Diagnostic::error(
        codes::SEPARATOR,
        format!("expected a space between two fields, found {found}"),
    )
    .label(span, "expected a space")
    .help("put one space between the fields")
}

/// No range of draughts squares: a number is not followed by `-` and another.
pub(super) fn no_range(text: &[u8], at: usize) -> Diagnostic {
    let (found, span) = found(text, at);
    Diagnostic::error(
        codes::RANGE,
        format!("expected a range of squares, found {found}"),
    )
    .label(span, "expected `-` and the last square")
    .help("write the first square, `-` and the last, as `31-35`")
}

/// No `"` where a quoted string starts.
pub(super) fn no_quote(text: &[u8]) -> Diagnostic {
    let (found, span) = found(text, 0);
    Diagnostic::error(
        codes::QUOTE,
        format!("expected a quoted string, found {found}"),
    )
    .label(span, "expected `\"`")
    .help("write the value in double quotes, as `\"Blitz\"`")
}

/// No EPD operation at the start of `text`.
pub(super) fn no_operation(text: &[u8]) -> Diagnostic {
    let (found, span) = found(text, 0);
    Diagnostic::error(
        codes::OPERATION,
        format!("expected an EPD operation, found {found}"),
    )
    .label(span, "expected an opcode")
    .help("an operation is an opcode, its operands and `;`, as `bm e4;`")
}

/// A number the grammar's number block rejects: `digits` (at `span`) are no digits, have a
/// leading zero, or are above `max`.
pub(crate) fn number(problem: NumberProblem, digits: &[u8], span: Span, max: u64) -> Diagnostic {
    let diagnostic =
        |message: String, label: &str| Diagnostic::error(codes::NUMBER, message).label(span, label);
    match problem {
        NumberProblem::NotDigits => {
            diagnostic(String::from("expected a number"), "expected a digit here")
        }
        NumberProblem::LeadingZero => {
            let plain = String::from_utf8_lossy(without_leading_zeros(digits));
            diagnostic(String::from("a number with a leading zero"), "leading zero")
                .help(format!("write `{plain}`"))
        }
        NumberProblem::TooLarge => diagnostic(format!("a number above {max}"), "too large")
            .help(format!("write a number from 0 to {max}")),
    }
}
