//! The words of the fields after the placement: side to move, castling, en passant, clocks.

use crate::chess::castling::CastlingLetter;
use crate::chess::codes;
use crate::chess::fields::Clock;
use crate::chess::types::Color;
use crate::diagnostic::{Diagnostic, Severity};
use crate::fix::{Applicability, Fix};
use crate::primitives::ascii::quote;
use crate::primitives::number::{NumberProblem, without_leading_zeros};
use crate::span::Span;

// The side to move.

pub(in crate::chess) fn invalid_side(field: &[u8], span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::INVALID_SIDE,
        format!("{} is not a side to move", quote(field)),
    )
    .label(span, "expected `w` or `b`")
    .help("write `w` (White to move) or `b` (Black to move)")
}

pub(in crate::chess) fn uppercase_side(field: &[u8], span: Span, severity: Severity) -> Diagnostic {
    let lower = field.to_ascii_lowercase();
    Diagnostic::new(
        codes::UPPERCASE_SIDE,
        severity,
        format!("side to move {} is uppercase", quote(field)),
    )
    .label(span, "uppercase")
    .help(format!("write {}", quote(&lower)))
    .with_fix(Fix::safe(span, String::from_utf8_lossy(&lower)))
}

// The castling field. Its repeats and order are fixed by rewriting the whole field (`field`)
// as `canonical`, with the applicability the rule judged.

/// Letters at `at` that are not castling rights (a run of them is one problem).
pub(in crate::chess) fn invalid_castling(record: &[u8], at: Span) -> Diagnostic {
    let letters = quote(at.of(record));
    let (message, label) = if at.len == 1 {
        (
            format!("{letters} is not a castling right"),
            "not a castling letter",
        )
    } else {
        (
            format!("{letters} are not castling rights"),
            "not castling letters",
        )
    };
    Diagnostic::error(codes::INVALID_CASTLING, message)
        .label(at, label)
        .help("castling is `-` or letters `KQkq` (X-FEN and Shredder-FEN also use file letters `A`-`H`, `a`-`h`)")
}

/// The castling right at `at` given a second time.
pub(in crate::chess) fn castling_repeated(
    record: &[u8],
    at: Span,
    field: Span,
    canonical: &str,
    applicability: Applicability,
    severity: Severity,
) -> Diagnostic {
    Diagnostic::new(
        codes::CASTLING_REPEATED,
        severity,
        format!("castling right {} is given twice", quote(at.of(record))),
    )
    .label(at, "repeated")
    .help(format!("write {}", quote(canonical.as_bytes())))
    .with_fix(Fix::edits(applicability, [(field, canonical.to_string())]))
}

/// The castling right at `at` is a third one for its colour.
pub(in crate::chess) fn castling_too_many(record: &[u8], at: Span) -> Diagnostic {
    Diagnostic::error(
        codes::CASTLING_TOO_MANY,
        format!(
            "castling right {} is a third right for one colour",
            quote(at.of(record))
        ),
    )
    .label(at, "third right")
    .help("each colour can castle at most twice: once on each side")
}

/// Castling rights `text` (the field at `field`) out of canonical order.
pub(in crate::chess) fn castling_order(
    text: &[u8],
    field: Span,
    canonical: &str,
    applicability: Applicability,
    severity: Severity,
) -> Diagnostic {
    out_of_order(text, field, severity)
        .help(format!(
            "write {}: White before Black, kingside before queenside",
            quote(canonical.as_bytes())
        ))
        .with_fix(Fix::edits(applicability, [(field, canonical.to_string())]))
}

/// The problem both castling-order diagnostics share: rights `text` at `field`, out of order.
fn out_of_order(text: &[u8], field: Span, severity: Severity) -> Diagnostic {
    Diagnostic::new(
        codes::CASTLING_ORDER,
        severity,
        format!("castling rights {} are out of order", quote(text)),
    )
    .label(field, "out of order")
}

/// Castling rights `text` out of order where two of `color`'s, `letters`, are on the same
/// `side` of its king: no order of them is right (reordering would trade this problem for a
/// right without a rook), so there is no fix.
pub(in crate::chess) fn castling_order_same_side(
    text: &[u8],
    field: Span,
    color: Color,
    letters: [CastlingLetter; 2],
    side: &str,
    severity: Severity,
) -> Diagnostic {
    let [first, second] = letters;
    out_of_order(text, field, severity).help(format!(
        "`{}` and `{}` are both on the {side} of the {} king, so no order is right: remove one of them",
        first.to_byte(color) as char,
        second.to_byte(color) as char,
        color.name()
    ))
}

// The en passant field.

/// The square `field`, `file` and `rank`, is not on rank 3 or 6 (`rank_span` is its rank).
pub(in crate::chess) fn en_passant_rank(
    field: &[u8],
    file: char,
    rank: char,
    rank_span: Span,
) -> Diagnostic {
    Diagnostic::error(
        codes::EN_PASSANT_RANK,
        format!("en passant square {} is not on rank 3 or 6", quote(field)),
    )
    .label(rank_span, format!("rank {rank}"))
    .help(format!("the en passant square is behind a pawn that just moved two squares: `{file}3` or `{file}6`, or `-`"))
}

/// An en passant field that is neither `-` nor a square.
pub(in crate::chess) fn invalid_en_passant(field: &[u8], span: Span) -> Diagnostic {
    let help = match field {
        [file @ b'A'..=b'H', rank @ (b'3' | b'6')] => format!(
            "write `{}{}`",
            char::from(file.to_ascii_lowercase()),
            char::from(*rank)
        ),
        _ => String::from(
            "write `-`, or the square behind a pawn that just moved two squares, such as `e3`",
        ),
    };
    Diagnostic::error(
        codes::INVALID_EN_PASSANT,
        format!("{} is not an en passant square", quote(field)),
    )
    .label(span, "expected `-` or a square")
    .help(help)
}

// The clocks.

fn clock_name(clock: Clock) -> &'static str {
    match clock {
        Clock::Halfmove => "halfmove clock",
        Clock::Fullmove => "fullmove number",
    }
}

/// The code of a clock that is not a number, or a fullmove number with a leading zero.
fn invalid_clock_code(clock: Clock) -> &'static str {
    match clock {
        Clock::Halfmove => codes::INVALID_HALFMOVE,
        Clock::Fullmove => codes::INVALID_FULLMOVE,
    }
}

/// `-` as a clock, read as its default value.
pub(in crate::chess) fn dash_clock(clock: Clock, span: Span, severity: Severity) -> Diagnostic {
    let default = clock.default_value();
    Diagnostic::new(
        codes::DASH_CLOCK,
        severity,
        format!("`-` is not a {}", clock_name(clock)),
    )
    .label(span, format!("read as {default}"))
    .help(format!("write `{default}`"))
    .with_fix(Fix::safe(span, default.to_string()))
}

/// A clock `field` that is not a number: `wrong` is where its digits stop (all of it when it
/// starts with none).
pub(in crate::chess) fn invalid_clock(
    field: &[u8],
    clock: Clock,
    wrong: Span,
    has_digits: bool,
) -> Diagnostic {
    let expected = match clock {
        Clock::Halfmove => "a number of halfmoves such as `0`",
        Clock::Fullmove => "a move number such as `1`",
    };
    Diagnostic::error(
        invalid_clock_code(clock),
        format!("{} is not a {}", quote(field), clock_name(clock)),
    )
    .label(
        wrong,
        if has_digits {
            "not a digit"
        } else {
            "not a number"
        },
    )
    .help(format!("write {expected}"))
}

/// The shared number rule's problem with the digits of a clock: a leading zero (only the
/// fullmove number rejects them, and it starts at 1) or a value above 4294967295.
pub(in crate::chess) fn clock_number(
    problem: NumberProblem,
    field: &[u8],
    clock: Clock,
    span: Span,
) -> Diagnostic {
    let name = clock_name(clock);
    match problem {
        NumberProblem::LeadingZero => {
            let help = match without_leading_zeros(field) {
                b"0" => String::from("write `1`: the first move is number 1"),
                digits => format!("write {}", quote(digits)),
            };
            Diagnostic::error(
                invalid_clock_code(clock),
                format!("{name} {} has a leading zero", quote(field)),
            )
            .label(span, "leading zero")
            .help(help)
        }
        NumberProblem::TooLarge | NumberProblem::NotDigits => Diagnostic::error(
            codes::CLOCK_TOO_LARGE,
            format!("{name} {} is larger than 4294967295", quote(field)),
        )
        .label(span, "too large")
        .help("FEN clocks are at most 4294967295"),
    }
}

/// Fullmove number `0`, read as 1.
pub(in crate::chess) fn fullmove_zero(span: Span, severity: Severity) -> Diagnostic {
    Diagnostic::new(
        codes::FULLMOVE_ZERO,
        severity,
        "fullmove number `0`: the first move is number 1",
    )
    .label(span, "read as 1")
    .help("write `1`")
    .with_fix(Fix::safe(span, "1"))
}
