//! The wording of every diagnostic of the variants' own parts, in one place: the record's
//! fields, the crazyhouse pocket, the three-check counters and the variant legality rules (the
//! chess fields are read with chess FEN's words). The rules decide what is wrong and where;
//! these functions say it.

use super::codes;
use super::pockets::Material;
use crate::chess::{CastlingLetter, Color, Piece, Square};
use crate::diagnostic::{Diagnostic, Severity, plural};
use crate::fix::Fix;
use crate::primitives::ascii::quote;
use crate::settings::Variant;
use crate::span::Span;

// The record.

/// Fewer than four fields (`count`); `at` is the last field, or the end of an empty record.
pub(super) fn missing_fields(count: usize, at: Span) -> Diagnostic {
    Diagnostic::error(
        codes::MISSING_FIELDS,
        format!("the record has {count} of at least four fields"),
    )
    .label(at, "the record ends here")
    .help("a variant FEN has the fields of a chess FEN: placement, side to move, castling, en passant, then the clocks")
}

/// A field after the last one `variant` has, from `span` to the end of the record.
pub(super) fn extra_fields(variant: Variant, span: Span) -> Diagnostic {
    let after = match variant {
        Variant::Crazyhouse => "after the fullmove number",
        // Three-check, the other variant with a record of its own.
        _ => "after the clocks and check counters",
    };
    Diagnostic::error(
        codes::EXTRA_FIELDS,
        format!("the record has a field {after}"),
    )
    .label(span, "extra")
    .help("remove what follows the last field of the record")
}

/// The clocks after `last`, the last field, are missing: both of them (`both`), or the
/// fullmove number.
pub(super) fn missing_clocks(both: bool, last: Span, severity: Severity) -> Diagnostic {
    let (missing, clocks) = if both {
        ("the halfmove clock and fullmove number are", " 0 1")
    } else {
        ("the fullmove number is", " 1")
    };
    Diagnostic::new(codes::MISSING_CLOCKS, severity, format!("{missing} missing"))
        .label(last, "the clocks should follow")
        .help("write the clocks after the en passant field (or the check counters): `0 1` for a position with no history")
        .with_fix(Fix::safe(Span::new(last.end(), 0), clocks))
}

/// Where a field should end, a space is expected: one of these says where.
pub(super) const BETWEEN_FIELDS: &str = "between fields";
pub(super) const AFTER_POCKET: &str = "after the pocket's `]`";

/// Text `after` a part where the field should end: [`BETWEEN_FIELDS`] or [`AFTER_POCKET`]
/// (`place`).
pub(super) fn expected_space(after: &[u8], span: Span, place: &str) -> Diagnostic {
    Diagnostic::error(
        crate::grammar::codes::EXPECTED,
        format!("expected a space {place}, found {}", quote(after)),
    )
    .label(span, "expected a space")
}

// The crazyhouse pocket.

/// A crazyhouse board, at `board`, with no pocket after it: read with empty pockets.
pub(super) fn missing_pocket(board: Span, severity: Severity) -> Diagnostic {
    Diagnostic::new(
        codes::MISSING_POCKET,
        severity,
        "the crazyhouse board has no pocket",
    )
    .label(board, "read with empty pockets")
    .help("write the pockets after the board, `[]` when both are empty")
    .with_fix(Fix::safe(Span::new(board.end(), 0), "[]"))
}

/// Empty pockets written `-` at `dash`, in brackets (`[-]`, `bracketed`) or as a ninth rank.
pub(super) fn dash_pocket(dash: Span, bracketed: bool, severity: Severity) -> Diagnostic {
    let diagnostic = Diagnostic::new(codes::DASH_POCKET, severity, "empty pockets written `-`")
        .label(dash, "read as empty pockets")
        .help("write empty pockets as `[]`: a pocket lists the pieces in it, and `-` is none");
    if bracketed {
        diagnostic.with_fix(Fix::safe(dash, ""))
    } else {
        // `/-` becomes `[]`: the `/` before the dash is part of the ninth rank.
        diagnostic.with_fix(Fix::safe(Span::new(dash.offset.saturating_sub(1), 2), "[]"))
    }
}

/// The pocket at `pocket` opens with `[` and the field ends before its `]`.
pub(super) fn unclosed_pocket(pocket: Span) -> Diagnostic {
    Diagnostic::error(codes::UNCLOSED_POCKET, "the pocket's `[` is not closed")
        .label(Span::new(pocket.offset, 1), "opened here")
        .label(Span::new(pocket.end(), 0), "no `]` before the field ends")
        .help("close the pocket with `]` before the side to move")
}

/// A run of characters in the pocket, `bad`, that are not piece letters.
pub(super) fn invalid_pocket_piece(bad: &[u8], span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::INVALID_POCKET_PIECE,
        format!("{} in the pocket is not a piece letter", quote(bad)),
    )
    .label(span, "not a piece")
    .help("a pocket holds piece letters, PNBRQ for White and pnbrq for Black, e.g. `[Qn]`")
}

/// A `pocket` after a three-check board.
pub(super) fn unexpected_pocket(pocket: &[u8], span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::UNEXPECTED_POCKET,
        format!(
            "{} after the board: three-check has no pockets",
            quote(pocket)
        ),
    )
    .label(span, "a pocket?")
    .help("remove it: pockets are crazyhouse's (read the record as crazyhouse if it is one)")
}

// The three-check counters.

const CHECKS_HELP: &str = "three-check counters are `3+3` after the en passant field (checks remaining, White's first) or `+0+0` after the clocks (checks given), each from 0 to 3";

/// A three-check record with no counters: read as `3+3` after `at`, the en passant field.
pub(super) fn missing_checks(at: Span, severity: Severity) -> Diagnostic {
    Diagnostic::new(
        codes::MISSING_CHECKS,
        severity,
        "the check counters are missing",
    )
    .label(at, "read as `3+3` after this field")
    .help("write the checks each side still has to give after the en passant field, `3+3` at the start of a game")
    .with_fix(Fix::safe(Span::new(at.end(), 0), " 3+3"))
}

/// The counters given `again`, after the `first` ones.
pub(super) fn repeated_checks(again: Span, first: Span) -> Diagnostic {
    Diagnostic::error(codes::REPEATED_CHECKS, "the check counters are given twice")
        .label(again, "given again")
        .label(first, "first given here")
        .help("give the counters once: `3+3` after the en passant field (the checks remaining) or `+0+0` after the clocks (the checks given)")
}

/// A counters `field` that is not two counters around `+`.
pub(super) fn invalid_checks(field: &[u8], span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::INVALID_CHECKS,
        format!("{} is not a pair of check counters", quote(field)),
    )
    .label(span, "expected `N+N` or `+N+N`")
    .help(CHECKS_HELP)
}

/// A counter `digits` that is not 0 to 3, among the checks `given` (else remaining).
pub(super) fn invalid_counter(digits: &[u8], given: bool, span: Span) -> Diagnostic {
    let what = if given {
        "checks given"
    } else {
        "checks remaining"
    };
    let (message, label) = match digits {
        [] => (String::from("a check counter is empty"), "expected 0 to 3"),
        _ if digits.iter().all(u8::is_ascii_digit) => (
            format!("{} {what}: a side gives at most 3 checks", quote(digits)),
            "more than 3",
        ),
        _ => (
            format!("{} is not a number of checks", quote(digits)),
            "expected 0 to 3",
        ),
    };
    Diagnostic::error(codes::INVALID_CHECKS, message)
        .label(span, label)
        .help(CHECKS_HELP)
}

// Legality.

/// A king in a pocket, the first at `king`.
pub(super) fn king_in_pocket(king: Span) -> Diagnostic {
    Diagnostic::error(codes::KING_IN_POCKET, "a king is in a pocket")
        .label(king, "a king cannot be captured or dropped")
        .help("remove the king from the pocket: pockets hold pawns, knights, bishops, rooks and queens")
}

/// `found` pieces of one kind (`material`) on the board (at `board`) and in the pockets, more
/// than the `most` a crazyhouse game has.
pub(super) fn too_much_material(
    found: usize,
    most: usize,
    material: Material,
    board: Span,
) -> Diagnostic {
    let what = match material {
        Material::Pawns => String::from("pawns (promoted pieces included)"),
        Material::Unpromoted(role) => format!("unpromoted {}s", role.name()),
        Material::Pieces => String::from("pieces"),
    };
    Diagnostic::error(
        codes::TOO_MUCH_MATERIAL,
        format!("{found} {what} on the board and in the pockets: a crazyhouse game has {most}"),
    )
    .label(board, format!("{found} {what}"))
    .help("every piece on the board or in a pocket comes from the 32 of the start (a promoted piece, marked `~`, counts as a pawn)")
}

/// Both three-check counters, at `checks`, are 0.
pub(super) fn no_checks_left(checks: Span) -> Diagnostic {
    Diagnostic::error(
        codes::NO_CHECKS_LEFT,
        "neither side has a check left to give",
    )
    .label(checks, "no checks left for either side")
    .help("the game ended when the first side gave its third check: at most one counter is 0")
}

// Legality: the board rules a variant adds to chess's.

/// A castling right of `color`, written `letter` at `letter_span`, in `variant`, which has no
/// castling.
pub(super) fn no_castling(
    variant: Variant,
    color: Color,
    letter: CastlingLetter,
    letter_span: Span,
) -> Diagnostic {
    let text = char::from(letter.to_byte(color));
    Diagnostic::error(
        codes::NO_CASTLING,
        format!("castling right `{text}` in {variant}, which has no castling"),
    )
    .label(letter_span, format!("{} castling right", color.name()))
    .help(format!(
        "{variant} is played without castling: write `-` for the castling rights"
    ))
}

/// A king of `color`, the horde, which has none.
pub(super) fn horde_king(color: Color, king: (Square, Span)) -> Diagnostic {
    let name = color.name();
    Diagnostic::error(
        codes::HORDE_KING,
        format!(
            "{name} king on {} in horde, where {name} has no king",
            king.0
        ),
    )
    .label(king.1, format!("{name} king"))
    .help(format!(
        "in horde, {name} is a horde of pawns and pieces without a king: remove the king"
    ))
}

/// `count` pieces of `color`, the horde, more than `most`: labelled on the first too many in
/// the record.
pub(super) fn horde_too_many_pieces(
    color: Color,
    count: usize,
    most: u32,
    extra: (Square, Span),
) -> Diagnostic {
    Diagnostic::error(
        codes::HORDE_TOO_MANY_PIECES,
        format!(
            "the {} horde has {count} pieces, at most {most}",
            color.name()
        ),
    )
    .label(
        extra.1,
        format!("piece number {}, on {}", most + 1, extra.0),
    )
    .help(format!(
        "the horde starts with {most} pawns and never gains a piece: remove the extra pieces"
    ))
}

/// A pawn of `color` in racing kings.
pub(super) fn racing_kings_pawn(color: Color, pawn: (Square, Span)) -> Diagnostic {
    Diagnostic::error(
        codes::RACING_KINGS_PAWN,
        format!(
            "{} pawn on {} in racing kings, which has no pawns",
            color.name(),
            pawn.0
        ),
    )
    .label(pawn.1, "pawn")
    .help("racing kings is played without pawns: remove it")
}

/// `count` pieces like `piece` in racing kings, more than `most`: labelled on the first one
/// too many in the record.
pub(super) fn racing_kings_material(
    piece: Piece,
    count: usize,
    most: u32,
    extra: (Square, Span),
) -> Diagnostic {
    let role = piece.role.name();
    Diagnostic::error(
        codes::RACING_KINGS_MATERIAL,
        format!(
            "{} has {count} {role}s in racing kings, at most {most}",
            piece.color.name()
        ),
    )
    .label(
        extra.1,
        format!("{role} number {}, on {}", most + 1, extra.0),
    )
    .help(format!(
        "racing kings starts with {} a side and has no promotion: remove the extra one",
        plural(most as usize, role)
    ))
}

/// The king of the side to move, `king`, in check in racing kings.
pub(super) fn racing_kings_check(
    mover: Color,
    king: (Square, Span),
    checkers: &[(Square, Span)],
) -> Diagnostic {
    crate::chess::with_checkers(
        Diagnostic::error(
            codes::RACING_KINGS_CHECK,
            format!(
                "the {} king on {} is in check in racing kings",
                mover.name(),
                king.0
            ),
        ),
        king,
        checkers,
    )
    .help("in racing kings no move may give check: move the king or the checking piece")
}

/// Both kings on rank 8 with Black to move: `kings` in the record, `side_field` the side to move.
pub(super) fn race_over(kings: &[(Square, Span)], side_field: Span) -> Diagnostic {
    let mut diagnostic = Diagnostic::error(
        codes::RACE_OVER,
        "both kings are on rank 8 with Black to move: the race is over",
    );
    for &(square, span) in kings {
        diagnostic = diagnostic.label(span, format!("king on {square}"));
    }
    diagnostic
        .label(side_field, "Black to move")
        .help("the game ends when Black's reply puts both kings on rank 8, so Black is never to move here: check the side to move")
}

/// No piece on the board in a variant without kings (antichess), at `placement`.
pub(super) fn empty_board(variant: Variant, placement: Span) -> Diagnostic {
    Diagnostic::error(
        codes::EMPTY_BOARD,
        format!("the board is empty: no {} game reaches a position without pieces", variant.name()),
    )
    .label(placement, "no piece")
    .help("the game ended when a side lost its last piece, so one side still has pieces: add the pieces of the position")
}
