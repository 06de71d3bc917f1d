//! The words of the legality step: kings, pawns and pieces, castling rights, the en passant
//! square and checks. A square with its span is `(Square, Span)`.

use crate::chess::castling::CastlingLetter;
use crate::chess::codes;
use crate::chess::homes::{Homes, Misplaced};
use crate::chess::types::{Color, Piece, Role, Square};
use crate::diagnostic::Diagnostic;
use crate::span::Span;

// Legality: kings, pawns and pieces of each colour. A square with its span is `(Square, Span)`.

/// No king of `color`; `placement` is the placement field.
pub(in crate::chess) fn missing_king(color: Color, placement: Span) -> Diagnostic {
    let name = color.name();
    let king = Piece {
        color,
        role: Role::King,
    };
    Diagnostic::error(codes::MISSING_KING, format!("{name} has no king"))
        .label(placement, format!("no {name} king on the board"))
        .help(format!(
            "put exactly one {name} king (`{}`) on the board",
            char::from(king.letter())
        ))
}

/// One of `count` kings of `color`: `extra`, a king after the `first` one.
pub(in crate::chess) fn too_many_kings(
    color: Color,
    count: usize,
    extra: (Square, Span),
    first: (Square, Span),
) -> Diagnostic {
    let name = color.name();
    Diagnostic::error(codes::TOO_MANY_KINGS, format!("{name} has {count} kings"))
        .label(extra.1, format!("second {name} king on {}", extra.0))
        .label(first.1, format!("{name} king on {}", first.0))
        .help("each side has exactly one king: remove the extra one")
}

pub(in crate::chess) fn pawn_on_back_rank(color: Color, pawn: (Square, Span)) -> Diagnostic {
    let (square, span) = pawn;
    Diagnostic::error(
        codes::PAWN_ON_BACK_RANK,
        format!("{} pawn on {square}, a back rank", color.name()),
    )
    .label(span, format!("pawn on rank {}", square.rank() + 1))
    .help("pawns never stand on rank 1 or 8: they promote on arrival")
}

/// `count` pawns of `color`, more than 8: labelled on the ninth in the record.
pub(in crate::chess) fn too_many_pawns(
    color: Color,
    count: usize,
    ninth: (Square, Span),
) -> Diagnostic {
    Diagnostic::error(
        codes::TOO_MANY_PAWNS,
        format!("{} has {count} pawns, at most 8", color.name()),
    )
    .label(ninth.1, format!("pawn number 9, on {}", ninth.0))
    .help("each side starts with 8 pawns and never gains one: remove the extra pawns")
}

/// `count` pieces of `color`, more than 16: labelled on the seventeenth in the record.
pub(in crate::chess) fn too_many_pieces(
    color: Color,
    count: usize,
    seventeenth: (Square, Span),
) -> Diagnostic {
    Diagnostic::error(
        codes::TOO_MANY_PIECES,
        format!("{} has {count} pieces, at most 16", color.name()),
    )
    .label(
        seventeenth.1,
        format!("piece number 17, on {}", seventeenth.0),
    )
    .help("each side starts with 16 pieces and never gains one: remove the extra pieces")
}

// Legality: castling rights. `letter_span` is the right's letter in the castling field.

/// A castling right of `color`, which has `kings` kings (`king`, where there is one) and none
/// that can castle: none, several, one off its back rank or one in a corner.
pub(in crate::chess) fn castling_without_king(
    color: Color,
    letter: CastlingLetter,
    letter_span: Span,
    kings: u32,
    king: Option<(Square, Span)>,
) -> Diagnostic {
    let text = char::from(letter.to_byte(color));
    let name = color.name();
    let back_rank = color.back_rank() + 1;
    let (reason, help) = match king {
        None if kings == 0 => (
            format!("{name} has no king"),
            "a side that may castle has a king: remove the right, or put the king on its square",
        ),
        None => (
            format!("{name} has {kings} kings"),
            "a side that may castle has one king: remove the right, or the extra kings",
        ),
        Some((king, _)) if king.rank() + 1 != back_rank => (
            format!("the {name} king is on {king}, not on its back rank (rank {back_rank})"),
            "a side that may castle has its king on its back rank, between its rooks: remove the right",
        ),
        Some((king, _)) => (
            format!("the {name} king is on {king}, in a corner: no rook can stand beyond it"),
            "a king that may castle stands between its rooks, on files b to g: remove the right",
        ),
    };
    let mut diagnostic = Diagnostic::error(
        codes::CASTLING_WITHOUT_KING,
        format!("castling right `{text}` but {reason}"),
    )
    .label(letter_span, "castling right");
    if let Some((king, span)) = king {
        diagnostic = diagnostic.label(span, format!("king on {king}"));
    }
    diagnostic.help(help)
}

/// A castling right of `color` with no rook where it names, its king on `king_file`:
/// `rook_square` is where the rook should stand (the king's square for a file letter that
/// names the king's file).
pub(in crate::chess) fn castling_without_rook(
    color: Color,
    letter: CastlingLetter,
    letter_span: Span,
    king_file: u8,
    rook_square: Option<Span>,
) -> Diagnostic {
    let text = char::from(letter.to_byte(color));
    let name = color.name();
    let back_rank = color.back_rank();
    let names_the_king = matches!(letter, CastlingLetter::File(file) if file == king_file);
    let (reason, label) = match letter {
        CastlingLetter::File(_) if names_the_king => (
            format!("it names the file of the {name} king"),
            String::from("the king, not a rook"),
        ),
        CastlingLetter::File(file) => {
            let on = Square::new(file, back_rank).map_or_else(String::new, |s| format!(" on {s}"));
            (
                format!("no {name} rook stands{on}"),
                format!("no {name} rook here"),
            )
        }
        CastlingLetter::KingSide | CastlingLetter::QueenSide => {
            let (side, first, last) = if letter == CastlingLetter::KingSide {
                ("kingside", king_file + 1, 7)
            } else {
                ("queenside", 0, king_file.saturating_sub(1))
            };
            let from = Square::new(first, back_rank);
            let to = Square::new(last, back_rank);
            let files = match (from, to) {
                (Some(from), Some(to)) if from == to => from.to_string(),
                (Some(from), Some(to)) => format!("{from}-{to}"),
                _ => String::from("none"),
            };
            (
                format!("no {name} rook stands on the {side} ({files})"),
                format!("no {name} rook on {files}"),
            )
        }
    };
    let mut diagnostic = Diagnostic::error(
        codes::CASTLING_WITHOUT_ROOK,
        format!("castling right `{text}` but {reason}"),
    )
    .label(letter_span, "castling right");
    if let Some(span) = rook_square {
        diagnostic = diagnostic.label(span, label);
    }
    diagnostic.help(if names_the_king {
        "a file letter names the file of a castling rook, never the king's: remove the right"
    } else {
        "remove the castling right, or put the rook on its square"
    })
}

/// A second castling right of `color` on one side of its king (on `king_file`), whose rook
/// (on `rook_file`, `rook` where it stands on the board) the first right already castles with.
pub(in crate::chess) fn castling_same_side(
    color: Color,
    letter: CastlingLetter,
    letter_span: Span,
    king_file: u8,
    rook_file: u8,
    rook: Option<(Square, Span)>,
) -> Diagnostic {
    let text = char::from(letter.to_byte(color));
    let side = if rook_file > king_file {
        "kingside"
    } else {
        "queenside"
    };
    let mut diagnostic = Diagnostic::error(
        codes::CASTLING_WITHOUT_ROOK,
        format!("castling right `{text}` has no rook of its own: another right already castles the {} king on the {side}", color.name()),
    )
    .label(letter_span, "second right on this side");
    if let Some((square, span)) = rook {
        diagnostic = diagnostic.label(span, format!("rook on {square}"));
    }
    diagnostic.help("a side castles at most once on each side of its king: remove one right")
}

/// With standard castling: the right written `byte` of `color` has its king or rook
/// (`misplaced`, at `piece_span`) off its standard square (`homes`).
pub(in crate::chess) fn castling_not_standard(
    color: Color,
    byte: u8,
    letter_span: Span,
    misplaced: Misplaced,
    piece_span: Span,
    homes: Homes,
) -> Diagnostic {
    let (name, text) = (color.name(), char::from(byte));
    let side = if homes.rook.file() == 0 {
        "queenside"
    } else {
        "kingside"
    };
    let (role, at, home) = match misplaced {
        Misplaced::King(at) => ("king", at, homes.king),
        Misplaced::Rook(at) => ("rook", at, homes.rook),
    };
    Diagnostic::error(
        codes::CASTLING_NOT_STANDARD,
        format!("castling right `{text}` is not standard chess: the {name} {role} is on {at}, not {home}"),
    )
    .label(letter_span, format!("{side} castling right"))
    .label(piece_span, format!("{role} on {at}"))
    .help(format!(
        "in standard chess `{text}` needs the {name} king on {} and a rook on {}: remove the right, or, if this is a Chess960 position, read it as one (`--castling chess960`, a `[Variant \"Chess960\"]` tag, or the `chess960` castling option)",
        homes.king, homes.rook
    ))
}

// Legality: the en passant square `target`, at `field` (the en passant field), with `mover`
// to move.

/// `target` is on the rank of the side to move's own double steps.
pub(in crate::chess) fn en_passant_wrong_rank(
    target: Square,
    mover: Color,
    field: Span,
    side_field: Span,
) -> Diagnostic {
    let expected = if mover == Color::White { 6 } else { 3 };
    Diagnostic::error(
        codes::EN_PASSANT_WRONG_RANK,
        format!("en passant square {target} is on rank {} with {} to move", target.rank() + 1, mover.name()),
    )
    .label(field, "en passant square")
    .label(side_field, "side to move")
    .help(format!("with {} to move the en passant square is on rank {expected}: check the side to move, or write `-`", mover.name()))
}

/// No pawn of the side not to move on `pawn`, in front of `target`.
pub(in crate::chess) fn en_passant_no_pawn(
    target: Square,
    mover: Color,
    field: Span,
    pawn: (Square, Span),
) -> Diagnostic {
    let owner = mover.opposite().name();
    let (square, span) = pawn;
    Diagnostic::error(
        codes::EN_PASSANT_NO_PAWN,
        format!("en passant square {target} but no {owner} pawn on {square}"),
    )
    .label(field, "en passant square")
    .label(span, format!("expected a {owner} pawn on {square}"))
    .help("the en passant square is right behind a pawn that just moved two squares: write `-` if none did")
}

/// A square the pawn passed is occupied: `occupants`, each with its piece, in record order.
pub(in crate::chess) fn en_passant_not_empty(
    target: Square,
    field: Span,
    occupants: &[(Square, Option<Piece>, Span)],
) -> Diagnostic {
    let mut diagnostic = Diagnostic::error(
        codes::EN_PASSANT_NOT_EMPTY,
        format!("en passant square {target} but a square the pawn passed is occupied"),
    );
    for &(square, piece, span) in occupants {
        let piece = piece.map_or("piece", |p| p.role.name());
        diagnostic = diagnostic.label(span, format!("{piece} on {square}"));
    }
    diagnostic
        .label(field, "en passant square")
        .help("a pawn that just moved two squares passed over the en passant square from the square behind it: both are empty")
}

// Legality: checks. `king` is a king in check, `checkers` the pieces checking it in record
// order.

/// The king of the side not to move, `king`, is attacked from `attacker`.
pub(in crate::chess) fn opposite_check(
    mover: Color,
    king: (Square, Span),
    attacker: (Square, Span),
    side_field: Span,
) -> Diagnostic {
    Diagnostic::error(
        codes::OPPOSITE_CHECK,
        format!(
            "the {} king on {} is in check but it is {}'s move",
            mover.opposite().name(),
            king.0,
            mover.name()
        ),
    )
    .label(king.1, "in check")
    .label(attacker.1, format!("attacked from {}", attacker.0))
    .label(side_field, "side to move")
    .help("the side that just moved cannot have left its king in check: check the side to move")
}

/// The king in check and each checker labelled, on `diagnostic` (a variant's checks too).
pub(crate) fn with_checkers(
    mut diagnostic: Diagnostic,
    king: (Square, Span),
    checkers: &[(Square, Span)],
) -> Diagnostic {
    diagnostic = diagnostic.label(king.1, "in check");
    for &(checker, span) in checkers {
        diagnostic = diagnostic.label(span, format!("check from {checker}"));
    }
    diagnostic
}

/// More than two pieces check the king of the side to move, `king`.
pub(in crate::chess) fn too_many_checkers(
    mover: Color,
    king: (Square, Span),
    checkers: &[(Square, Span)],
) -> Diagnostic {
    with_checkers(
        Diagnostic::error(
            codes::TOO_MANY_CHECKERS,
            format!(
                "the {} king on {} is checked by {} pieces",
                mover.name(),
                king.0,
                checkers.len()
            ),
        ),
        king,
        checkers,
    )
    .help("one move gives at most two checks: remove a checking piece")
}

/// Checks on the king of the side to move, `king`, that no last move can give; `en_passant`
/// is the en passant field when one is written (the double step the checks were judged by).
pub(in crate::chess) fn impossible_check(
    mover: Color,
    king: (Square, Span),
    checkers: &[(Square, Span)],
    en_passant: Option<Span>,
) -> Diagnostic {
    let mut diagnostic = with_checkers(
        Diagnostic::error(
            codes::IMPOSSIBLE_CHECK,
            format!(
                "no legal move can have left the {} king on {} in this check",
                mover.name(),
                king.0
            ),
        ),
        king,
        checkers,
    );
    if let Some(field) = en_passant {
        diagnostic = diagnostic.label(field, "en passant square");
    }
    diagnostic.help("the last move cannot have produced these checks: check the checking pieces and the en passant square")
}
