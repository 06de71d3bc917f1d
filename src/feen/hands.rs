//! The pieces-in-hand field: `FIRST/second`, the `/` always present. Each side lists entries
//! `count? piece` (count 2 or more), identical pieces aggregated, in canonical order: count
//! descending, base letter ascending, prefix `-` then `+` then none, no `'` before `'`.
//!
//! [`hands`] is one rule (see `crate::rules`) for the fast path and the diagnostics; it accepts
//! a non-canonical hand with a warning in lenient mode.

use std::num::NonZeroU64;

use super::messages::{self, CanonicalHands};
use super::placement::count;
use super::pnn;
use super::types::Side;
use super::types::{HandEntry, Hands};
use crate::primitives::ascii::has_foreign;
use crate::rules::context::{Cx, Step};
use crate::rules::report::{Report, Stop};
use crate::span::Span;

/// Each entry of one side that repeats a piece listed before it, with that first entry. The
/// first entry of a piece type (letter, state, marker) is the one compared, whatever its case.
fn repeats(entries: &[Written]) -> impl Iterator<Item = (&Written, &Written)> {
    let mut seen = [0u64; 3];
    entries
        .iter()
        .enumerate()
        .filter_map(move |(index, written)| {
            let identity = written.entry.piece.identity();
            let bits = seen.get_mut(identity / 64)?;
            let bit = 1 << (identity % 64);
            if *bits & bit == 0 {
                *bits |= bit;
                return None;
            }
            let before = entries.get(..index).unwrap_or_default();
            let first = before
                .iter()
                .find(|earlier| earlier.entry.piece.identity() == identity)?;
            (first.entry.piece == written.entry.piece).then_some((written, first))
        })
}

/// Whether one side's entries are strictly in canonical order.
fn in_order(entries: &[Written]) -> bool {
    entries
        .windows(2)
        .all(|pair| matches!(pair, [a, b] if a.entry.order_key() < b.entry.order_key()))
}

/// An entry as written.
#[derive(Clone, Copy)]
struct Written {
    entry: HandEntry,
    /// The whole entry, count and piece.
    span: Span,
    /// Whether its count is written `1` (the first byte of `span`).
    count_one: bool,
}

/// The hands rule over the whole `field`: `FIRST/second`, read entry by entry, then judged
/// against its canonical form (the same piece once per hand, in order, no count `1`); a
/// non-canonical hand is a dialect, read as its canonical form with a warning in lenient mode.
#[inline]
pub(crate) fn hands<'r, R: Report>(cx: &mut Cx<'r, R>, field: &'r [u8]) -> Step<'r, Hands> {
    let end = field.get(field.len()..).unwrap_or_default();
    if field == b"/" {
        return Ok((end, Hands::empty()));
    }
    if field == b"-" {
        let span = cx.span_of(field);
        return cx.fail(|| messages::dash_empty_hands(span));
    }
    if cx.collects() && has_foreign(field) {
        // Reported once by the record's non-ASCII rule; the hands are not judged as well.
        return Err(Stop);
    }
    let Some(slash) = memchr::memchr(b'/', field) else {
        return missing_separator(cx, field);
    };
    let (left, right) = (
        field.get(..slash).unwrap_or_default(),
        field.get(slash + 1..).unwrap_or_default(),
    );
    let mut usable = true;
    for extra in memchr::memchr_iter(b'/', right).take(crate::MAX_DIAGNOSTICS) {
        usable = false;
        let span = cx.span_of(right.get(extra..=extra).unwrap_or_default());
        cx.error(|| messages::extra_hand_separator(field, span))?;
    }
    let mut first = Vec::new();
    let mut second = Vec::new();
    usable &= entries(cx, left, &mut first)?;
    usable &= entries(cx, right, &mut second)?;
    let hands = judge(cx, field, [(first, left), (second, right)])?;
    if usable { Ok((end, hands)) } else { Err(Stop) }
}

/// Reads the entries of `part` (`count? piece`) into `into`; `/` bytes are skipped (the caller
/// reported them). Returns whether every entry had a value.
fn entries<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    part: &'r [u8],
    into: &mut Vec<Written>,
) -> Result<bool, Stop> {
    let mut usable = true;
    let mut rest = part;
    while let Some(&b) = rest.first() {
        let start = rest;
        if b == b'/' {
            rest = rest.get(1..).unwrap_or_default();
            continue;
        }
        let (at_piece, count) = if b.is_ascii_digit() {
            let (after, count) = count(cx, rest, messages::HAND_COUNT)?;
            if !after.first().is_some_and(|&next| pnn::starts_piece(next)) {
                usable = false;
                if count.is_some() {
                    let digits = start.get(..start.len() - after.len()).unwrap_or_default();
                    let span = cx.span_of(digits);
                    cx.error(|| messages::count_without_piece(digits, span))?;
                }
                rest = after;
                continue;
            }
            (after, count)
        } else if pnn::starts_piece(b) {
            (rest, Some(NonZeroU64::MIN))
        } else {
            usable = false;
            rest = pnn::stray(cx, rest, messages::HANDS_HELP)?.0;
            continue;
        };
        let (after, piece) = pnn::piece(cx, at_piece)?;
        rest = after;
        match (piece, count) {
            (Some(piece), Some(count)) => into.push(Written {
                entry: HandEntry { piece, count },
                span: cx.span(start, after),
                count_one: count == NonZeroU64::MIN && at_piece.len() < start.len(),
            }),
            _ => usable = false,
        }
    }
    Ok(usable)
}

/// The hands field without `/`: its entries are read (and their problems reported), then the
/// missing separator, with the canonical field as a fix when the entries allow one.
#[cold]
fn missing_separator<'r, R: Report>(cx: &mut Cx<'r, R>, field: &'r [u8]) -> Step<'r, Hands> {
    let mut written = Vec::new();
    let usable = entries(cx, field, &mut written)?;
    let span = cx.span_of(field);
    cx.fail(|| {
        let canonical = canonical_of(&written)
            .filter(|_| usable)
            .map(|hands| hands.to_string());
        messages::missing_hand_separator(field, span, canonical)
    })
}

/// Judges the hands as written against their canonical form, side by side (`sides`: the
/// entries and the text of each): a piece on the wrong side, a count `1`, a piece listed again,
/// entries out of order (and a total above `u64::MAX` where pieces must be added up). Returns
/// the canonical hands: the entries as they are when there is nothing to report.
#[inline]
fn judge<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    field: &'r [u8],
    sides: [(Vec<Written>, &'r [u8]); 2],
) -> Result<Hands, Stop> {
    let canonical_side = |(entries, _): &(Vec<Written>, _), side| {
        entries
            .iter()
            .all(|written| !written.count_one && written.entry.piece.side() == side)
            && repeats(entries).next().is_none()
            && in_order(entries)
    };
    let [first, second] = &sides;
    if canonical_side(first, Side::First) && canonical_side(second, Side::Second) {
        let [(first, _), (second, _)] = sides;
        let kept = |entries: Vec<Written>| entries.into_iter().map(|w| w.entry).collect();
        return Ok(Hands::from_sides(kept(first), kept(second)));
    }
    explain(cx, field, &sides)
}

/// Reports, in this order, what keeps hands from being canonical as written (see [`judge`]).
#[cold]
fn explain<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    field: &'r [u8],
    sides: &[(Vec<Written>, &'r [u8]); 2],
) -> Result<Hands, Stop> {
    let record = cx.record();
    let field_span = cx.span_of(field);
    let [(first, _), (second, _)] = sides;
    let all = || first.iter().chain(second);
    let Some(canonical) = canonical_of(all()) else {
        let culprit = overflowing_entry(all()).map_or(field_span, |written| written.span);
        return cx.fail(|| messages::hand_count_too_large(culprit));
    };
    // The canonical text, for the helps and fixes of the diagnostic run only.
    let canonical_text = if cx.collects() {
        canonical.to_string()
    } else {
        String::new()
    };
    let canonical_hands = CanonicalHands {
        field: field_span,
        text: &canonical_text,
    };
    for ((entries, _), expected) in sides.iter().zip([Side::First, Side::Second]) {
        for written in entries.iter().filter(|w| w.entry.piece.side() != expected) {
            let (span, side) = (written.span, written.entry.piece.side());
            cx.error(|| {
                let text = span.of(record);
                messages::hand_wrong_case(text, span, side, expected, canonical_hands)
            })?;
        }
    }
    for written in all().filter(|written| written.count_one) {
        let one = Span::new(written.span.offset, 1);
        cx.dialect(|severity| {
            let text = written.span.of(record);
            messages::count_one(text, one, canonical_hands, severity)
        })?;
    }
    for ((entries, text), side) in sides.iter().zip([Side::First, Side::Second]) {
        let mut repeated = false;
        for (written, earlier) in repeats(entries) {
            repeated = true;
            let (piece, again, first) = (written.entry.piece, written.span, earlier.span);
            cx.dialect(|severity| {
                messages::hand_not_aggregated(piece, side, again, first, canonical_hands, severity)
            })?;
        }
        let misplaced = entries.iter().any(|w| w.entry.piece.side() != side);
        if !repeated && !in_order(entries) && !misplaced {
            let span = cx.span_of(text);
            cx.dialect(|severity| {
                messages::hand_order(side, text, span, canonical_hands, severity)
            })?;
        }
    }
    Ok(canonical)
}

/// The first entry whose count, added to the same piece's counts before it, overflows.
fn overflowing_entry<'a>(entries: impl Iterator<Item = &'a Written>) -> Option<&'a Written> {
    let mut totals = std::collections::HashMap::new();
    let mut entries = entries;
    entries.find(|written| {
        let total: &mut u64 = totals.entry(written.entry.piece).or_default();
        match total.checked_add(written.entry.count.get()) {
            Some(sum) => {
                *total = sum;
                false
            }
            None => true,
        }
    })
}

/// The canonical hands of entries as written; `None` if a total exceeds `u64::MAX`.
fn canonical_of<'a>(entries: impl IntoIterator<Item = &'a Written>) -> Option<Hands> {
    Hands::new(
        entries
            .into_iter()
            .map(|written| (written.entry.piece, written.entry.count.get())),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::feen::codes;
    use crate::mode::Mode;
    use crate::rules::testing::verdicts;

    #[test]
    fn canonical_hands_read_without_a_word() {
        let (value, found) = verdicts(b"3P2B/p", Mode::Strict, hands);
        assert_eq!(found, []);
        assert_eq!(
            value.map(|hands| hands.to_string()).as_deref(),
            Some("3P2B/p")
        );
        let (value, found) = verdicts(b"/", Mode::Strict, hands);
        assert_eq!(
            (value.map(|hands| hands.is_empty()), found),
            (Some(true), vec![])
        );
    }

    #[test]
    fn each_hand_problem_is_reported_on_its_bytes() {
        assert_eq!(
            verdicts(b"P", Mode::Strict, hands).1,
            [(codes::MISSING_HAND_SEPARATOR, true, Some(Span::new(0, 1)))]
        );
        assert_eq!(
            verdicts(b"P/p/", Mode::Strict, hands).1,
            [(codes::EXTRA_HAND_SEPARATOR, true, Some(Span::new(3, 1)))]
        );
        assert_eq!(
            verdicts(b"p/", Mode::Strict, hands).1,
            [(codes::HAND_WRONG_CASE, true, Some(Span::new(0, 1)))]
        );
        assert_eq!(
            verdicts(b"-", Mode::Strict, hands).1,
            [(codes::DASH_EMPTY_HANDS, true, Some(Span::new(0, 1)))]
        );
    }

    #[test]
    fn a_non_canonical_hand_is_a_dialect() {
        let expected = |error| vec![(codes::HAND_NOT_AGGREGATED, error, Some(Span::new(1, 1)))];
        assert_eq!(
            verdicts(b"PP/", Mode::Strict, hands),
            (None, expected(true))
        );
        let (value, found) = verdicts(b"PP/", Mode::Lenient, hands);
        assert_eq!(found, expected(false));
        assert_eq!(value.map(|hands| hands.to_string()).as_deref(), Some("2P/"));
    }
}
