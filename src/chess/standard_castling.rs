//! Standard-chess castling ([`Castling::Standard`](crate::Castling::Standard)), checked after the
//! Chess960 rules of the legality step: a right whose king and rook those rules accept must
//! also have the king on e1/e8 and the rook in the corner of its side (python-chess's
//! `BAD_CASTLING_RIGHTS` with `chess960=False`). Rights the Chess960 rules already reject (no
//! king on the back rank, no rook) are left to them, so one right gets one diagnostic.

use super::attacks::single;
use super::board::Board;
use super::castling::CastlingLetter;
use super::codes;
use super::fen::Fen;
use super::homes::{Homes, Misplaced};
use super::legality::rook_file;
use super::messages;
use super::record::{Layout, LayoutSource};
use super::types::{Color, Piece, Role, Square};
use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// The king's file in standard chess (e).
const KING_FILE: u8 = 4;

/// Adds the standard-chess castling problems of `fen` to the legality step's `problems`, each
/// among the castling diagnostics in the order of the letters.
pub(crate) fn add(
    fen: &Fen,
    record: &[u8],
    layout: &mut LayoutSource<'_>,
    problems: &mut Vec<Diagnostic>,
) {
    // No right at all, most positions past the opening: not even an iterator to run.
    if fen.castling.is_empty()
        || fen
            .castling
            .iter()
            .all(|(color, letter)| at_home(fen, color, letter))
    {
        // Every right of a standard position: no bitboards to build.
        return;
    }
    let offset = |diagnostic: &Diagnostic| diagnostic.span().map_or(0, |span| span.offset);
    for diagnostic in check(fen, record, layout) {
        let mine = offset(&diagnostic);
        let at = problems
            .iter()
            .position(|other| match other.code() {
                codes::CASTLING_WITHOUT_KING | codes::CASTLING_WITHOUT_ROOK => offset(other) > mine,
                code => AFTER_CASTLING.contains(&code),
            })
            .unwrap_or(problems.len());
        problems.insert(at, diagnostic);
    }
}

/// Whether the right `letter` of `color` has its king on e1/e8 and its rook in the corner the
/// letter names (`K`/`H` the h-file, `Q`/`A` the a-file): the common case, read off two squares.
fn at_home(fen: &Fen, color: Color, letter: CastlingLetter) -> bool {
    let corner = match letter {
        CastlingLetter::KingSide | CastlingLetter::File(7) => 7,
        CastlingLetter::QueenSide | CastlingLetter::File(0) => 0,
        CastlingLetter::File(_) => return false,
    };
    let back_rank = color.back_rank();
    let holds = |file, role| {
        Square::new(file, back_rank).and_then(|square| fen.board.get(square))
            == Some(Piece { color, role })
    };
    holds(KING_FILE, Role::King) && holds(corner, Role::Rook)
}

/// The legality codes reported after the castling rights.
const AFTER_CASTLING: [&str; 6] = [
    codes::EN_PASSANT_WRONG_RANK,
    codes::EN_PASSANT_NO_PAWN,
    codes::EN_PASSANT_NOT_EMPTY,
    codes::OPPOSITE_CHECK,
    codes::TOO_MANY_CHECKERS,
    codes::IMPOSSIBLE_CHECK,
];

/// The castling rights of `fen` that standard chess does not allow, with spans into `record`.
fn check(fen: &Fen, record: &[u8], layout: &mut LayoutSource<'_>) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    for (color, letter) in fen.castling.iter() {
        let back_rank = color.back_rank();
        let Some(king) = single(fen.board.by_piece(Piece {
            color,
            role: Role::King,
        }))
        .filter(|king| king.rank() == back_rank && (1..=6).contains(&king.file())) else {
            continue;
        };
        let rooks = (fen.board.by_piece(Piece {
            color,
            role: Role::Rook,
        }) >> (8 * u32::from(back_rank))) as u8;
        let Some(rook) = rook_file(letter, king.file(), rooks) else {
            continue;
        };
        let corner = if rook > king.file() { 7 } else { 0 };
        let (Some(king_home), Some(rook_home)) = (
            Square::new(KING_FILE, back_rank),
            Square::new(corner, back_rank),
        ) else {
            continue;
        };
        let misplaced = if king.file() != KING_FILE {
            Misplaced::King(king)
        } else if rook != corner {
            match Square::new(rook, back_rank) {
                Some(rook) => Misplaced::Rook(rook),
                None => continue,
            }
        } else {
            continue;
        };
        let layout = layout.get(record);
        let homes = Homes {
            king: king_home,
            rook: rook_home,
        };
        found.push(diagnose(
            color,
            letter.to_byte(color),
            misplaced,
            homes,
            layout,
            &fen.board,
            record,
        ));
    }
    found
}

/// The diagnostic of one right, written `byte`: where its letter and the misplaced piece
/// stand in `record`.
fn diagnose(
    color: Color,
    byte: u8,
    misplaced: Misplaced,
    homes: Homes,
    layout: &Layout,
    board: &Board,
    record: &[u8],
) -> Diagnostic {
    let field = layout.fields.get(2).copied().unwrap_or_default();
    let letter_span = field
        .of(record)
        .iter()
        .position(|&b| b == byte)
        .map_or(field, |i| Span::new(field.offset + i, 1));
    let piece = match misplaced {
        Misplaced::King(at) | Misplaced::Rook(at) => layout.squares.span(at, board),
    };
    messages::castling_not_standard(color, byte, letter_span, misplaced, piece, homes)
}
