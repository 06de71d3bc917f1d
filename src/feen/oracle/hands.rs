//! The old hands grammar and its re-reader (oracle).

use std::cmp::Reverse;
use std::num::NonZeroU64;

use nom::IResult;
use nom::character::complete::char;
use nom::combinator::{map_opt, opt, verify};
use nom::error::ParseError;
use nom::multi::fold_many0;
use nom::sequence::pair;

use super::placement::read_count;
use super::pnn;
use crate::diagnostic::{Diagnostic, Severity, Sink, Span};
use crate::feen::codes;
use crate::feen::{HandEntry, Hands, Piece, Side};
use crate::fix::{Applicability, Fix};
use crate::options::Mode;
use crate::primitives::ascii::quote;
use crate::primitives::number::{LeadingZeros, bounded, digit_run};

/// The canonical order of entries in a hand.
fn order_key(entry: &HandEntry) -> (Reverse<u64>, (u8, crate::feen::State, bool)) {
    (Reverse(entry.count.get()), entry.piece.hand_key())
}

/// Whether a side's entries are canonical: strictly in order, each piece once.
fn is_canonical(entries: &[HandEntry]) -> bool {
    let mut seen = [0u64; 3];
    let mut previous = None;
    for entry in entries {
        let identity = entry.piece.identity();
        let (word, bit) = (identity / 64, identity % 64);
        match seen.get_mut(word) {
            Some(bits) if *bits & (1 << bit) == 0 => *bits |= 1 << bit,
            _ => return false,
        }
        let key = order_key(entry);
        if previous.is_some_and(|previous| previous >= key) {
            return false;
        }
        previous = Some(key);
    }
    true
}

/// One entry: an optional count of 2 or more, then a piece.
#[inline]
fn entry<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], HandEntry, E> {
    let count = verify(bounded(u64::MAX, LeadingZeros::Rejected), |&n| n >= 2);
    map_opt(pair(opt(count), pnn::piece), |(count, piece)| {
        NonZeroU64::new(count.unwrap_or(1)).map(|count| HandEntry { piece, count })
    })(input)
}

/// The canonical entries of one side.
fn side<'a, E: ParseError<&'a [u8]>>(
    side: Side,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], Vec<HandEntry>, E> {
    verify(
        fold_many0(
            verify(entry, move |entry: &HandEntry| entry.piece.side() == side),
            Vec::new,
            |mut entries, entry| {
                entries.push(entry);
                entries
            },
        ),
        |entries: &Vec<HandEntry>| is_canonical(entries),
    )
}

/// The strict grammar of the hands field.
pub(crate) fn hands<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], Hands, E> {
    let (input, first) = side(Side::First)(input)?;
    let (input, _) = char('/')(input)?;
    let (input, second) = side(Side::Second)(input)?;
    Ok((input, Hands::from_sides(first, second)))
}

/// An entry as written, on the diagnostic path.
struct Written {
    piece: Piece,
    count: NonZeroU64,
    /// The whole entry, count and piece.
    span: Span,
    /// The span of a count of exactly `1`.
    count_one: Option<Span>,
}

const HANDS_HELP: &str = "pieces in hand are entries like `P`, `3P` or `2+b'`: the first player's (uppercase), `/`, the second player's (lowercase)";

/// Reads the entries of `span`; `/` bytes are skipped (the caller reported them).
fn scan_entries(record: &[u8], span: Span, sink: &mut Sink) -> (Vec<Written>, bool) {
    let text = span.of(record);
    let mut entries = Vec::new();
    let mut usable = true;
    let mut position = 0;
    while let Some(&b) = text.get(position) {
        let offset = span.offset + position;
        let rest = text.get(position..).unwrap_or_default();
        if b == b'/' {
            position += 1;
            continue;
        }
        let mut count = NonZeroU64::MIN;
        let mut count_one = None;
        let mut count_ok = true;
        let mut piece_offset = offset;
        if let Ok((_, digits)) = digit_run::<nom::error::Error<&[u8]>>(rest) {
            let digits_span = Span::new(offset, digits.len());
            match read_count(record, digits_span, "hand count", sink) {
                Some(value) => {
                    count = value;
                    if value == NonZeroU64::MIN {
                        count_one = Some(digits_span);
                    }
                }
                None => count_ok = false,
            }
            position += digits.len();
            piece_offset += digits.len();
            if !text
                .get(position)
                .is_some_and(|&next| pnn::starts_piece(next))
            {
                usable = false;
                if count_ok && sink.admit(Severity::Error) {
                    sink.push(
                            Diagnostic::error(codes::COUNT_WITHOUT_PIECE, format!("hand count {} is not followed by a piece", quote(digits)))
                                .label(digits_span, "count of what?")
                                .help("a count comes directly before the piece it counts, as in `3P`: add the piece or remove the count"),
                        );
                }
                continue;
            }
        } else if !pnn::starts_piece(b) {
            usable = false;
            position += pnn::report_stray(record, offset, HANDS_HELP, sink);
            continue;
        }
        let (piece, len) = pnn::scan_piece(record, piece_offset, sink);
        position += len;
        match piece.filter(|_| count_ok) {
            Some(piece) => entries.push(Written {
                piece,
                count,
                span: Span::from_range(offset, piece_offset + len),
                count_one,
            }),
            None => usable = false,
        }
    }
    (entries, usable)
}

/// Re-reads a hands field, reporting every problem. In lenient mode a non-canonical hand
/// (count `1`, not aggregated, out of order) is read with a warning.
pub(crate) fn scan(record: &[u8], field: Span, mode: Mode, sink: &mut Sink) -> Option<Hands> {
    let text = field.of(record);
    if text == b"-" {
        if sink.admit(Severity::Error) {
            sink.push(
                Diagnostic::error(codes::DASH_EMPTY_HANDS, "`-` for empty hands is from an earlier FEEN revision")
                    .label(field, "earlier revision")
                    .help("the May 2025 FEEN drafts wrote `-` when no piece is in hand; FEEN 1.0.0 as read here (mid-2025, STYLE-TURN field) always writes the `/`: write `/`"),
            );
        }
        return None;
    }
    if crate::primitives::ascii::has_foreign(text) {
        // Reported once by the record's non-ASCII check; the hands are not judged as well.
        return None;
    }
    let slashes = crate::primitives::fields::separator_offsets(text, b'/');
    let Some(&first_slash) = slashes.first() else {
        let (entries, usable) = scan_entries(record, field, sink);
        let canonical = canonical_of(&entries);
        let canonical = canonical.filter(|_| usable);
        let help = match &canonical {
            Some(text) => format!(
                "write {}: the first player's pieces (uppercase), `/`, the second player's (lowercase); the May 2025 FEEN drafts listed all pieces in one run, this revision always has the `/`",
                quote(text.as_bytes())
            ),
            None => String::from(
                "write the first player's pieces (uppercase), `/`, then the second player's (lowercase); `/` alone when no piece is in hand",
            ),
        };
        if sink.admit(Severity::Error) {
            let diagnostic = Diagnostic::error(
                codes::MISSING_HAND_SEPARATOR,
                format!(
                    "pieces in hand {} have no `/` between the players",
                    quote(text)
                ),
            )
            .label(field, "no `/`")
            .help(help);
            sink.push(match canonical {
                Some(text) => diagnostic.with_fix(Fix::guess(field, text)),
                None => diagnostic,
            });
        }
        return None;
    };
    let mut usable = true;
    for &extra in slashes.iter().skip(1).take(crate::MAX_DIAGNOSTICS) {
        usable = false;
        if sink.admit(Severity::Error) {
            sink.push(
                Diagnostic::error(codes::EXTRA_HAND_SEPARATOR, format!("pieces in hand {} have more than one `/`", quote(text)))
                    .label(Span::new(field.offset + extra, 1), "extra `/`")
                    .help("remove this `/`: the hands field has exactly one, with the first player's pieces before it and the second player's after it"),
            );
        }
    }
    let left = Span::from_range(field.offset, field.offset + first_slash);
    let right = Span::from_range(field.offset + first_slash + 1, field.end());
    let (first, first_usable) = scan_entries(record, left, sink);
    let (second, second_usable) = scan_entries(record, right, sink);
    usable &= first_usable && second_usable;
    let all: Vec<&Written> = first.iter().chain(second.iter()).collect();
    let Some(canonical) = canonical_of_refs(&all) else {
        let culprit = overflowing_entry(&all).map_or(field, |entry| entry.span);
        if sink.admit(Severity::Error) {
            sink.push(
                Diagnostic::error(
                    codes::COUNT_TOO_LARGE,
                    "a hand count adds up to more than 18446744073709551615",
                )
                .label(culprit, "too many")
                .help("fenkit reads counts up to 18446744073709551615: use smaller counts"),
            );
        }
        return None;
    };
    let canonical_text = canonical.to_string();
    let canonical_fix =
        |applicability| Fix::edits(applicability, [(field, canonical_text.clone())]);
    for (entries, expected) in [(&first, Side::First), (&second, Side::Second)] {
        for entry in entries
            .iter()
            .filter(|entry| entry.piece.side() != expected)
        {
            usable = false;
            let (case, place) = match entry.piece.side() {
                Side::First => ("uppercase", "before"),
                Side::Second => ("lowercase", "after"),
            };
            sink.push_with(Severity::Error, || {
                Diagnostic::error(codes::HAND_WRONG_CASE, format!("{case} piece {} is in the {} player's hand", quote(entry.span.of(record)), expected.name()))
                    .label(entry.span, format!("{case} belongs {place} the `/`"))
                    .help(format!("uppercase pieces are the first player's and go before the `/`, lowercase ones after it: write {}", quote(canonical_text.as_bytes())))
                    .with_fix(canonical_fix(Applicability::Guess))
            });
        }
    }
    let dialect = mode.dialect_severity();
    let fix = format!("write {}", quote(canonical_text.as_bytes()));
    for entry in first.iter().chain(second.iter()) {
        if let Some(one) = entry.count_one {
            usable &= mode == Mode::Lenient;
            sink.push_with(dialect, || {
                Diagnostic::new(
                    codes::COUNT_ONE,
                    dialect,
                    format!("hand count `1` in {}", quote(entry.span.of(record))),
                )
                .label(one, "a single piece has no count")
                .help(format!(
                    "{fix}: a count is written only for 2 pieces or more"
                ))
                .with_fix(canonical_fix(Applicability::Safe))
            });
        }
    }
    for (entries, side, span) in [(&first, Side::First, left), (&second, Side::Second, right)] {
        let mut repeated = false;
        let mut first_seen: [Option<(Piece, Span)>; 156] = [None; 156];
        for entry in entries.iter() {
            let Some(slot) = first_seen.get_mut(entry.piece.identity()) else {
                continue;
            };
            let earlier = slot
                .filter(|(piece, _)| *piece == entry.piece)
                .map(|(_, span)| span);
            slot.get_or_insert((entry.piece, entry.span));
            if let Some(earlier) = earlier {
                repeated = true;
                usable &= mode == Mode::Lenient;
                sink.push_with(dialect, || {
                    Diagnostic::new(
                        codes::HAND_NOT_AGGREGATED,
                        dialect,
                        format!(
                            "piece `{}` is listed again in the {} player's hand",
                            entry.piece,
                            side.name()
                        ),
                    )
                    .label(entry.span, "listed again")
                    .label(earlier, "first listed here")
                    .help(format!("{fix}: identical pieces are counted in one entry"))
                    .with_fix(canonical_fix(Applicability::Safe))
                });
            }
        }
        let keys: Vec<_> = entries
            .iter()
            .map(|entry| (Reverse(entry.count.get()), entry.piece.hand_key()))
            .collect();
        let sorted = keys.windows(2).all(|pair| matches!(pair, [a, b] if a < b));
        let misplaced = entries.iter().any(|entry| entry.piece.side() != side);
        if !repeated && !sorted && !misplaced {
            usable &= mode == Mode::Lenient;
            if sink.admit(dialect) {
                sink.push(
                    Diagnostic::new(codes::HAND_ORDER, dialect, format!("the {} player's pieces in hand {} are not in canonical order", side.name(), quote(span.of(record))))
                        .label(span, "out of order")
                        .help(format!("{fix}: by count (largest first), then letter, then `-`, `+`, no prefix, then without `'` before with"))
                        .with_fix(canonical_fix(Applicability::Safe)),
                );
            }
        }
    }
    usable.then_some(canonical)
}

/// The first entry whose count, added to the same piece's counts before it, overflows.
fn overflowing_entry<'a>(entries: &[&'a Written]) -> Option<&'a Written> {
    let mut totals = std::collections::HashMap::new();
    entries.iter().copied().find(|entry| {
        let total: &mut u64 = totals.entry(entry.piece).or_default();
        match total.checked_add(entry.count.get()) {
            Some(sum) => {
                *total = sum;
                false
            }
            None => true,
        }
    })
}

fn canonical_of(entries: &[Written]) -> Option<String> {
    let refs: Vec<&Written> = entries.iter().collect();
    canonical_of_refs(&refs).map(|hands| hands.to_string())
}

fn canonical_of_refs(entries: &[&Written]) -> Option<Hands> {
    Hands::new(entries.iter().map(|entry| (entry.piece, entry.count.get())))
}
