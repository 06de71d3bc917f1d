//! The wording of every chess FEN diagnostic, in one place: the record and its fields, the
//! placement, and the legality step (what a variant adds is worded by `crate::variant`). The rules decide what is wrong and where; these functions
//! say it (built only on the diagnostic run, or once the legality step found a problem). Each
//! is named after the code it reports, or after its finding where findings share a code.

use super::castling::CastlingLetter;
use super::codes;
use super::fields::Clock;
use super::standard_castling::{Homes, Misplaced};
use super::types::{Color, Piece, Role, Square};
use crate::diagnostic::{Diagnostic, Severity, plural};
use crate::fix::{Applicability, Fix};
use crate::primitives::ascii::quote;
use crate::primitives::number::{NumberProblem, without_leading_zeros};
use crate::span::Span;

// The record.

pub(super) fn extra_fields(span: Span) -> Diagnostic {
    Diagnostic::error(codes::EXTRA_FIELDS, "the record has more than six fields")
        .label(span, "after the fullmove number")
        .help("a FEN has six fields: remove what follows the fullmove number (EPD operations belong in an EPD record)")
}

/// Fewer than four fields (`count`); `at` is the last field, or the end of an empty record.
pub(super) fn missing_fields(count: usize, at: Span) -> Diagnostic {
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
pub(super) fn missing_clocks(count: usize, last: Span, severity: Severity) -> Diagnostic {
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
pub(super) fn too_many_ranks(field: &[u8], extra: Span) -> Diagnostic {
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

pub(super) fn too_few_ranks(rank_count: usize, field: Span) -> Diagnostic {
    Diagnostic::error(
        codes::TOO_FEW_RANKS,
        format!("the placement has {}, not 8", plural(rank_count, "rank")),
    )
    .label(field, plural(rank_count, "rank"))
    .help("a FEN board has exactly 8 ranks separated by `/`, from rank 8 down to rank 1")
}

/// Rank `rank` (1 to 8), written `text`, covers `squares` squares, not 8: too long (such as
/// `rnbqkbnrr`, 9 squares) or too short (an empty rank included).
pub(super) fn rank_too_long_or_short(
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
pub(super) fn invalid_digit(digit: u8, span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::INVALID_DIGIT,
        format!("`{}` is not a count of empty squares", char::from(digit)),
    )
    .label(span, "not 1-8")
    .help("an empty-square count is a single digit from 1 to 8")
}

/// Adjacent `digits` in rank `rank` (1 to 8), `count` empty squares in all: fixed to one
/// digit when the count fits one.
pub(super) fn adjacent_digits(
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
pub(super) fn invalid_piece(run: &[u8], span: Span) -> Diagnostic {
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

// The side to move.

pub(super) fn invalid_side(field: &[u8], span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::INVALID_SIDE,
        format!("{} is not a side to move", quote(field)),
    )
    .label(span, "expected `w` or `b`")
    .help("write `w` (White to move) or `b` (Black to move)")
}

pub(super) fn uppercase_side(field: &[u8], span: Span, severity: Severity) -> Diagnostic {
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
pub(super) fn invalid_castling(record: &[u8], at: Span) -> Diagnostic {
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
pub(super) fn castling_repeated(
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
pub(super) fn castling_too_many(record: &[u8], at: Span) -> Diagnostic {
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
pub(super) fn castling_order(
    text: &[u8],
    field: Span,
    canonical: &str,
    applicability: Applicability,
    severity: Severity,
) -> Diagnostic {
    Diagnostic::new(
        codes::CASTLING_ORDER,
        severity,
        format!("castling rights {} are out of order", quote(text)),
    )
    .label(field, "out of order")
    .help(format!(
        "write {}: White before Black, kingside before queenside",
        quote(canonical.as_bytes())
    ))
    .with_fix(Fix::edits(applicability, [(field, canonical.to_string())]))
}

/// Castling rights `text` out of order where two of `color`'s, `letters`, are on the same
/// `side` of its king: no order of them is right (reordering would trade this problem for a
/// right without a rook), so there is no fix.
pub(super) fn castling_order_same_side(
    text: &[u8],
    field: Span,
    color: Color,
    letters: [CastlingLetter; 2],
    side: &str,
    severity: Severity,
) -> Diagnostic {
    let [first, second] = letters;
    Diagnostic::new(
        codes::CASTLING_ORDER,
        severity,
        format!("castling rights {} are out of order", quote(text)),
    )
    .label(field, "out of order")
    .help(format!(
        "`{}` and `{}` are both on the {side} of the {} king, so no order is right: remove one of them",
        first.to_byte(color) as char,
        second.to_byte(color) as char,
        color.name()
    ))
}

// The en passant field.

/// The square `field`, `file` and `rank`, is not on rank 3 or 6 (`rank_span` is its rank).
pub(super) fn en_passant_rank(field: &[u8], file: char, rank: char, rank_span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::EN_PASSANT_RANK,
        format!("en passant square {} is not on rank 3 or 6", quote(field)),
    )
    .label(rank_span, format!("rank {rank}"))
    .help(format!("the en passant square is behind a pawn that just moved two squares: `{file}3` or `{file}6`, or `-`"))
}

/// An en passant field that is neither `-` nor a square.
pub(super) fn invalid_en_passant(field: &[u8], span: Span) -> Diagnostic {
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
pub(super) fn dash_clock(clock: Clock, span: Span, severity: Severity) -> Diagnostic {
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
pub(super) fn invalid_clock(
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
pub(super) fn clock_number(
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
pub(super) fn fullmove_zero(span: Span, severity: Severity) -> Diagnostic {
    Diagnostic::new(
        codes::FULLMOVE_ZERO,
        severity,
        "fullmove number `0`: the first move is number 1",
    )
    .label(span, "read as 1")
    .help("write `1`")
    .with_fix(Fix::safe(span, "1"))
}

// Legality: kings, pawns and pieces of each colour. A square with its span is `(Square, Span)`.

/// No king of `color`; `placement` is the placement field.
pub(super) fn missing_king(color: Color, placement: Span) -> Diagnostic {
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
pub(super) fn too_many_kings(
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

pub(super) fn pawn_on_back_rank(color: Color, pawn: (Square, Span)) -> Diagnostic {
    let (square, span) = pawn;
    Diagnostic::error(
        codes::PAWN_ON_BACK_RANK,
        format!("{} pawn on {square}, a back rank", color.name()),
    )
    .label(span, format!("pawn on rank {}", square.rank() + 1))
    .help("pawns never stand on rank 1 or 8: they promote on arrival")
}

/// `count` pawns of `color`, more than 8: labelled on the ninth in the record.
pub(super) fn too_many_pawns(color: Color, count: usize, ninth: (Square, Span)) -> Diagnostic {
    Diagnostic::error(
        codes::TOO_MANY_PAWNS,
        format!("{} has {count} pawns, at most 8", color.name()),
    )
    .label(ninth.1, format!("pawn number 9, on {}", ninth.0))
    .help("each side starts with 8 pawns and never gains one: remove the extra pawns")
}

/// `count` pieces of `color`, more than 16: labelled on the seventeenth in the record.
pub(super) fn too_many_pieces(
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
pub(super) fn castling_without_king(
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
pub(super) fn castling_without_rook(
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
pub(super) fn castling_same_side(
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
pub(super) fn castling_not_standard(
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
pub(super) fn en_passant_wrong_rank(
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
pub(super) fn en_passant_no_pawn(
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
pub(super) fn en_passant_not_empty(
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
pub(super) fn opposite_check(
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
pub(super) fn too_many_checkers(
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
pub(super) fn impossible_check(
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
