//! The castling field: the rights as letters, in canonical order.

use super::common::done;
use crate::chess::castling::{CastlingLetter, CastlingRights, LetterProblem};
use crate::chess::messages;
use crate::chess::types::Color;
use crate::fix::Applicability;
use crate::rules::context::{Cx, Step};
use crate::rules::report::Report;
use crate::rules::report::Stop;
use crate::span::Span;

/// `-` or castling letters in canonical order with no repeats and at most two per colour;
/// lenient mode reads repeats and any order with a warning.
#[inline]
pub(crate) fn castling<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    field: &'r [u8],
) -> Step<'r, CastlingRights> {
    castling_beside_kings(cx, field, None)
}

/// [`castling`], knowing the file of each colour's king on its back rank (White's first) where
/// the placement was read: two rights on the same side of a king have no canonical order, so
/// no reordering is offered for them (the legality step says which right has no rook).
#[inline]
pub(crate) fn castling_beside_kings<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    field: &'r [u8],
    kings: Option<[Option<u8>; 2]>,
) -> Step<'r, CastlingRights> {
    if field == b"-" {
        return done(field, CastlingRights::NONE);
    }
    // `KQkq` and its subsets in order, the common case, without the general reader.
    let (standard, rights) = CastlingRights::standard_prefix(field);
    if standard == field.len() && standard > 0 {
        return done(field, rights);
    }
    let mut problems = Vec::new();
    let rights = CastlingRights::read(field, |index, problem| problems.push((index, problem)));
    if field.is_empty() {
        problems.push((0, LetterProblem::Invalid));
    }
    if problems.is_empty() {
        return done(field, rights);
    }
    let start = cx.offset(field);
    let record = cx.record();
    let canonical = || crate::chess::write::castling_text(&rights);
    // Rewriting the field in canonical order is safe only when every letter is a right.
    let only_order_and_repeats = problems
        .iter()
        .all(|(_, problem)| matches!(problem, LetterProblem::Repeated | LetterProblem::OutOfOrder));
    let applicability = if only_order_and_repeats {
        Applicability::Safe
    } else {
        Applicability::Guess
    };
    let field_span = cx.span_of(field);
    let mut usable = true;
    let mut out_of_order = false;
    for (index, len, problem) in invalid_runs_merged(problems) {
        let at = Span::new(start + index, len);
        match problem {
            LetterProblem::Invalid => {
                usable = false;
                cx.error(|| messages::invalid_castling(record, at))?;
            }
            LetterProblem::Repeated => {
                cx.dialect(|severity| {
                    let canonical = canonical();
                    messages::castling_repeated(
                        record,
                        at,
                        field_span,
                        &canonical,
                        applicability,
                        severity,
                    )
                })?;
            }
            LetterProblem::TooMany => {
                usable = false;
                cx.error(|| messages::castling_too_many(record, at))?;
            }
            LetterProblem::OutOfOrder => out_of_order = true,
        }
    }
    if out_of_order {
        let span = cx.span_of(field);
        let same_side = kings.and_then(|[white, black]| {
            same_side_pair(Color::White, rights.white, white)
                .or_else(|| same_side_pair(Color::Black, rights.black, black))
        });
        cx.dialect(|severity| match same_side {
            Some((color, letters, side)) => {
                messages::castling_order_same_side(field, span, color, letters, side, severity)
            }
            None => {
                let canonical = canonical();
                messages::castling_order(field, span, &canonical, applicability, severity)
            }
        })?;
    }
    // Errors were reported above; the record has no value.
    if usable {
        done(field, rights)
    } else {
        Err(Stop)
    }
}

/// Two rights of `color` on the same side of its king on `king_file` (`K` and files right of
/// the king are kingside, `Q` and files left of it queenside), with the side's name.
fn same_side_pair(
    color: Color,
    rights: crate::chess::castling::SideRights,
    king_file: Option<u8>,
) -> Option<(Color, [CastlingLetter; 2], &'static str)> {
    let king_file = king_file?;
    let side = |letter: CastlingLetter| match letter {
        CastlingLetter::KingSide => Some(true),
        CastlingLetter::QueenSide => Some(false),
        CastlingLetter::File(file) if file > king_file => Some(true),
        CastlingLetter::File(file) if file < king_file => Some(false),
        CastlingLetter::File(_) => None,
    };
    let letters: Vec<_> = rights.letters().collect();
    for (i, &first) in letters.iter().enumerate() {
        for &second in letters.iter().skip(i + 1) {
            let (Some(a), Some(b)) = (side(first), side(second)) else {
                continue;
            };
            if a == b {
                let name = if a { "kingside" } else { "queenside" };
                return Some((color, [second, first], name));
            }
        }
    }
    None
}

/// The problems of a castling field as `(index, length, problem)`, each run of letters that
/// are not castling letters merged into one problem.
fn invalid_runs_merged(
    problems: Vec<(usize, LetterProblem)>,
) -> Vec<(usize, usize, LetterProblem)> {
    let mut merged: Vec<(usize, usize, LetterProblem)> = Vec::with_capacity(problems.len());
    for (index, problem) in problems {
        match merged.last_mut() {
            Some((start, len, LetterProblem::Invalid))
                if problem == LetterProblem::Invalid && *start + *len == index =>
            {
                *len += 1;
            }
            _ => merged.push((index, 1, problem)),
        }
    }
    merged
}
