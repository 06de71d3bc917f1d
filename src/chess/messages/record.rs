//! The words of the record's diagnostics and of the piece placement's.

use crate::chess::codes;
use crate::diagnostic::{Diagnostic, Severity, plural};
use crate::fix::Fix;
use crate::primitives::ascii::quote;
use crate::span::Span;

// The record.

pub(in crate::chess) fn extra_fields(span: Span) -> Diagnostic {
    Diagnostic::error(codes::EXTRA_FIELDS, "the record has more than six fields")
        .label(span, "after the fullmove number")
        .help("a FEN has six fields: remove what follows the fullmove number (EPD operations belong in an EPD record)")
}

/// Fewer than four fields (`count`); `at` is the last field, or the end of an empty record.
pub(in crate::chess) fn missing_fields(count: usize, at: Span) -> Diagnostic {
    const NAMES: [&str; 6] = [
        "piece placement",
        "side to move",
        "castling",
        "en passant",
        "halfmove clock",
        "fullmove number",
    ];
    let next = NAMES.get(count).copied().unwrap_or("next field");
    let message = if count == 0 {
        String::from("the record is empty")
    } else {
        format!("the record has {count} of six fields: the {next} is missing")
    };
    Diagnostic::error(codes::MISSING_FIELDS, message)
        .label(at, format!("the {next} should follow"))
        .help("a FEN has six fields: placement, side to move, castling, en passant, halfmove clock, fullmove number, e.g. `8/8/8/8/8/8/8/8 w - - 0 1`")
}

/// Four or five fields (`count`): the clocks after `last`, the last field, are missing.
pub(in crate::chess) fn missing_clocks(count: usize, last: Span, severity: Severity) -> Diagnostic {
    let missing = if count == 4 {
        "the halfmove clock and fullmove number are"
    } else {
        "the fullmove number is"
    };
    let suggestion = if count == 4 { " 0 1" } else { " 1" };
    Diagnostic::new(
        codes::MISSING_CLOCKS,
        severity,
        format!("{missing} missing"),
    )
    .label(last, "the record ends here")
    .help(format!(
        "append `{suggestion}` (the clocks of a position with no history)"
    ))
    .with_fix(Fix::safe(Span::new(last.end(), 0), suggestion))
}

// The placement.

/// More than 8 ranks: `extra` runs from the `/` before the ninth rank to the end of `field`.
pub(in crate::chess) fn too_many_ranks(field: &[u8], extra: Span) -> Diagnostic {
    Diagnostic::error(
        codes::TOO_MANY_RANKS,
        format!(
            "the placement has {} ranks, not 8",
            field.split(|&b| b == b'/').count()
        ),
    )
    .label(extra, "past rank 1")
    .help("a FEN board has exactly 8 ranks, from rank 8 down to rank 1: remove the extra ranks")
}

pub(in crate::chess) fn too_few_ranks(rank_count: usize, field: Span) -> Diagnostic {
    Diagnostic::error(
        codes::TOO_FEW_RANKS,
        format!("the placement has {}, not 8", plural(rank_count, "rank")),
    )
    .label(field, plural(rank_count, "rank"))
    .help("a FEN board has exactly 8 ranks separated by `/`, from rank 8 down to rank 1")
}

/// Rank `rank` (1 to 8), written `text`, covers `squares` squares, not 8: too long (such as
/// `rnbqkbnrr`, 9 squares) or too short (an empty rank included).
pub(in crate::chess) fn rank_too_long_or_short(
    text: &[u8],
    rank: u8,
    squares: usize,
    span: Span,
) -> Diagnostic {
    let (code, help) = if squares > 8 {
        (
            codes::RANK_TOO_LONG,
            "a rank covers exactly 8 squares: remove pieces or lower a digit",
        )
    } else {
        (
            codes::RANK_TOO_SHORT,
            "a rank covers exactly 8 squares: add pieces or raise a digit",
        )
    };
    let message = if text.is_empty() {
        format!("rank {rank} is empty")
    } else {
        format!(
            "rank {rank} {} covers {}, not 8",
            quote(text),
            plural(squares, "square")
        )
    };
    Diagnostic::error(code, message)
        .label(span, plural(squares, "square"))
        .help(help)
}

/// The digit `0` or `9` in a rank.
pub(in crate::chess) fn invalid_digit(digit: u8, span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::INVALID_DIGIT,
        format!("`{}` is not a count of empty squares", char::from(digit)),
    )
    .label(span, "not 1-8")
    .help("an empty-square count is a single digit from 1 to 8")
}

/// Adjacent `digits` in rank `rank` (1 to 8), `count` empty squares in all: fixed to one
/// digit when the count fits one.
pub(in crate::chess) fn adjacent_digits(
    digits: &[u8],
    rank: u8,
    count: usize,
    span: Span,
    severity: Severity,
) -> Diagnostic {
    let fits = count <= 8 && count > 0;
    let merged = if fits {
        count.to_string()
    } else {
        String::from("one digit")
    };
    let diagnostic = Diagnostic::new(
        codes::ADJACENT_DIGITS,
        severity,
        format!("adjacent digits {} in rank {rank}", quote(digits)),
    )
    .label(span, format!("{count} empty squares"))
    .help(format!("write the empty squares as one digit: `{merged}`"));
    if fits {
        diagnostic.with_fix(Fix::safe(span, merged))
    } else {
        diagnostic
    }
}

/// A run of characters in a rank that are neither piece letters nor digits.
pub(in crate::chess) fn invalid_piece(run: &[u8], span: Span) -> Diagnostic {
    let one = run.len() == 1;
    let message = if one {
        format!("{} is not a piece letter", quote(run))
    } else {
        format!("{} are not piece letters", quote(run))
    };
    Diagnostic::error(codes::INVALID_PIECE, message)
        .label(span, if one { "not a piece" } else { "not pieces" })
        .help("a rank holds piece letters (PNBRQK for White, pnbrqk for Black) and digits 1-8 for empty squares")
}
