//! The five small FEN fields after the placement: side to move, castling, en passant and the
//! two clocks. Each is one rule (see `crate::rules`) over the whole field: the fast path and
//! the diagnostics run the same code.

use super::castling::{CastlingLetter, CastlingRights, LetterProblem};
use super::messages;
use super::types::{Color, Square};
use crate::fix::Applicability;
use crate::primitives::ascii::has_foreign;
use crate::primitives::number::{LeadingZeros, digit_count, short_value};
use crate::rules::context::{Cx, Step};
use crate::rules::number::number;
use crate::rules::report::{Report, Stop};
use crate::span::Span;

/// The largest clock value: FEN clocks are unsigned 32-bit numbers.
pub(crate) const CLOCK_MAX: u64 = u32::MAX as u64;

/// The whole field read; its value.
fn done<'r, T>(field: &'r [u8], value: T) -> Step<'r, T> {
    Ok((field.get(field.len()..).unwrap_or_default(), value))
}

/// `w` or `b`; `W`/`B` is the uppercase dialect.
#[inline]
pub(crate) fn side_to_move<'r, R: Report>(cx: &mut Cx<'r, R>, field: &'r [u8]) -> Step<'r, Color> {
    let color = match field {
        b"w" => return done(field, Color::White),
        b"b" => return done(field, Color::Black),
        b"W" => Color::White,
        b"B" => Color::Black,
        _ => {
            let span = cx.span_of(field);
            return cx.fail(|| messages::invalid_side(field, span));
        }
    };
    let span = cx.span_of(field);
    cx.dialect(|severity| messages::uppercase_side(field, span, severity))?;
    done(field, color)
}

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
    let canonical = || super::write::castling_text(&rights);
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
    rights: super::castling::SideRights,
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

/// `-` or a square on rank 3 or 6.
#[inline]
pub(crate) fn en_passant<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    field: &'r [u8],
) -> Step<'r, Option<Square>> {
    if field == b"-" {
        return done(field, None);
    }
    let square = match Square::read(field) {
        Some((square, [])) => Some(square),
        _ => None,
    };
    match (field, square) {
        (_, Some(square)) if matches!(square.rank(), 2 | 5) => done(field, Some(square)),
        ([file, rank], Some(_)) => {
            let (file, rank) = (char::from(*file), char::from(*rank));
            let rank_span = Span::new(cx.offset(field) + 1, 1);
            cx.fail(|| messages::en_passant_rank(field, file, rank, rank_span))
        }
        _ => {
            let span = cx.span_of(field);
            cx.fail(|| messages::invalid_en_passant(field, span))
        }
    }
}

/// Which clock a field holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Clock {
    Halfmove,
    Fullmove,
}

impl Clock {
    /// The value a missing or `-` clock stands for.
    pub(crate) fn default_value(self) -> u32 {
        match self {
            Clock::Halfmove => 0,
            Clock::Fullmove => 1,
        }
    }
}

/// A clock field: digits up to 4294967295 (the fullmove number without leading zeros, from 1);
/// `-` and a fullmove number `0` are dialects read as the default.
#[inline(always)]
pub(crate) fn clock<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    field: &'r [u8],
    clock: Clock,
) -> Step<'r, u32> {
    // Up to three digits, the common case, at once (a fullmove number `0` is a dialect, judged
    // by the rest of the rule).
    match short_value(field) {
        Some(value) if value > 0 || clock == Clock::Halfmove => done(field, value),
        _ => any_clock(cx, field, clock),
    }
}

/// The clock rule past its common case (see [`clock`]).
#[inline(never)]
fn any_clock<'r, R: Report>(cx: &mut Cx<'r, R>, field: &'r [u8], clock: Clock) -> Step<'r, u32> {
    let span = cx.span_of(field);
    let digits = digit_count(field);
    if digits < field.len() || digits == 0 {
        if field == b"-" {
            let default = clock.default_value();
            cx.dialect(|severity| messages::dash_clock(clock, span, severity))?;
            return done(field, default);
        }
        // Where the digits stop, the field goes wrong: point at the rest.
        let wrong = if digits > 0 {
            Span::from_range(span.offset + digits, span.end())
        } else {
            span
        };
        return cx.fail(|| messages::invalid_clock(field, clock, wrong, digits > 0));
    }
    let zeros = match clock {
        Clock::Halfmove => LeadingZeros::Allowed,
        Clock::Fullmove => LeadingZeros::Rejected,
    };
    let (rest, value) = number(cx, field, CLOCK_MAX, zeros, |problem, _| {
        messages::clock_number(problem, field, clock, span)
    })?;
    let value = u32::try_from(value).unwrap_or(u32::MAX);
    if value == 0 && clock == Clock::Fullmove && field.len() == 1 {
        cx.dialect(|severity| messages::fullmove_zero(span, severity))?;
        return Ok((rest, 1));
    }
    Ok((rest, value))
}

/// Runs a field rule on a field of the diagnostic run's choosing: a field holding a non-ASCII
/// character is reported once by the record's non-ASCII rule and not judged again here; a
/// field whose rule stopped has no value, and the record reads on at the next field.
#[inline(always)]
pub(crate) fn judged<'r, R: Report, T>(
    cx: &mut Cx<'r, R>,
    field: &'r [u8],
    rule: impl FnOnce(&mut Cx<'r, R>, &'r [u8]) -> Step<'r, T>,
) -> Result<Option<T>, Stop> {
    if cx.collects() && has_foreign(field) {
        return Ok(None);
    }
    cx.resume(field, rule, |_| false).map(|(_, value)| value)
}
