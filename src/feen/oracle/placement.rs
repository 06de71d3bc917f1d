//! The old placement grammar and its re-reader (oracle).

use std::num::NonZeroU64;

use nom::IResult;
use nom::branch::alt;
use nom::bytes::complete::take_while1;
use nom::combinator::{map, map_opt};
use nom::error::ParseError;
use nom::multi::{fold_many0, fold_many1};
use nom::sequence::pair;

use super::pnn;
use crate::diagnostic::{Diagnostic, Severity, Sink, Span};
use crate::feen::codes;
use crate::feen::{Cell, Placement};
use crate::primitives::ascii::quote;
use crate::primitives::number::{
    LeadingZeros, NumberProblem, bounded, check_number, digit_run, without_leading_zeros,
};

/// An empty count: a digit run without leading zero, 1 or more.
#[inline]
fn empty_count<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], NonZeroU64, E> {
    map_opt(bounded(u64::MAX, LeadingZeros::Rejected), NonZeroU64::new)(input)
}

/// One cell run: an empty count or a piece.
#[inline]
fn cell<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], Cell, E> {
    alt((map(empty_count, Cell::Empty), map(pnn::piece, Cell::Piece)))(input)
}

/// One rank: one or more cells. Digit runs are greedy, so two counts never touch.
fn rank<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], Vec<Cell>, E> {
    fold_many1(
        cell,
        || Vec::with_capacity(8),
        |mut cells, cell| {
            cells.push(cell);
            cells
        },
    )(input)
}

/// A separator: a run of `/`, its length being its depth.
fn separator<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], usize, E> {
    map(take_while1(|b: u8| b == b'/'), <[u8]>::len)(input)
}

/// The placement grammar: ranks separated by separators, no separator at either end.
pub(crate) fn placement<'a, E: ParseError<&'a [u8]>>(
    input: &'a [u8],
) -> IResult<&'a [u8], Placement, E> {
    let (input, first) = rank(input)?;
    let mut first = Some(first);
    let (input, (ranks, separators)) = fold_many0(
        pair(separator, rank),
        move || (vec![first.take().unwrap_or_default()], Vec::new()),
        |(mut ranks, mut separators): (Vec<Vec<Cell>>, Vec<usize>), (depth, cells)| {
            ranks.push(cells);
            separators.push(depth);
            (ranks, separators)
        },
    )(input)?;
    Ok((input, Placement::from_parts(ranks, separators)))
}

const PLACEMENT_HELP: &str = "a placement holds PNN pieces (a letter with an optional `+`/`-` before and `'` after), empty-cell counts 1, 2, ... and `/` separators";

/// Re-reads a placement field, reporting every problem; the board when there is none.
pub(crate) fn scan(record: &[u8], field: Span, sink: &mut Sink) -> Option<Placement> {
    let text = field.of(record);
    let mut ranks = Vec::new();
    let mut separators = Vec::new();
    let mut current = Vec::new();
    let mut usable = true;
    let mut position = 0;
    while let Some(&b) = text.get(position) {
        let offset = field.offset + position;
        let rest = text.get(position..).unwrap_or_default();
        if b == b'/' {
            let len = rest.iter().take_while(|&&c| c == b'/').count();
            let span = Span::new(offset, len);
            // The field without this separator, built only for a diagnostic that shows it.
            let without = || {
                [
                    text.get(..position).unwrap_or_default(),
                    text.get(position + len..).unwrap_or_default(),
                ]
                .concat()
            };
            if position == 0 {
                usable = false;
                if sink.admit(Severity::Error) {
                    sink.push(
                        Diagnostic::error(
                            codes::LEADING_SEPARATOR,
                            format!(
                                "the placement starts with separator {}",
                                quote(span.of(record))
                            ),
                        )
                        .label(span, "nothing before it")
                        .help(format!(
                            "separators go between ranks, never before the first: write {}",
                            quote(&without())
                        )),
                    );
                }
            } else if position + len == text.len() {
                usable = false;
                if sink.admit(Severity::Error) {
                    sink.push(
                        Diagnostic::error(
                            codes::TRAILING_SEPARATOR,
                            format!(
                                "the placement ends with separator {}",
                                quote(span.of(record))
                            ),
                        )
                        .label(span, "nothing after it")
                        .help(format!(
                            "separators go between ranks, never after the last: write {}",
                            quote(&without())
                        )),
                    );
                }
            } else {
                ranks.push(std::mem::take(&mut current));
                separators.push(len);
            }
            position += len;
            continue;
        }
        if let Ok((_, digits)) = digit_run::<nom::error::Error<&[u8]>>(rest) {
            let span = Span::new(offset, digits.len());
            match read_count(record, span, "empty-cell count", sink) {
                Some(count) => current.push(Cell::Empty(count)),
                None => usable = false,
            }
            position += digits.len();
            continue;
        }
        if pnn::starts_piece(b) {
            let (piece, len) = pnn::scan_piece(record, offset, sink);
            match piece {
                Some(piece) => current.push(Cell::Piece(piece)),
                None => usable = false,
            }
            position += len;
            continue;
        }
        usable = false;
        position += pnn::report_stray(record, offset, PLACEMENT_HELP, sink);
    }
    ranks.push(current);
    if !usable {
        return None;
    }
    Placement::new(ranks, separators)
}

/// Reads a count (`what` names it) at `span`: 1 or more, no leading zero, at most `u64::MAX`.
/// Reports what is wrong; the count when it is usable.
pub(crate) fn read_count(
    record: &[u8],
    span: Span,
    what: &str,
    sink: &mut Sink,
) -> Option<NonZeroU64> {
    let digits = span.of(record);
    match check_number(digits, u64::MAX, LeadingZeros::Rejected) {
        Ok(value) => {
            let count = NonZeroU64::new(value);
            if count.is_none() {
                sink.push(zero_count(span, what, digits));
            }
            count
        }
        Err(NumberProblem::LeadingZero) if digits.iter().all(|&d| d == b'0') => {
            sink.push(zero_count(span, what, digits));
            None
        }
        Err(NumberProblem::LeadingZero) => {
            let trimmed = without_leading_zeros(digits);
            if sink.admit(Severity::Error) {
                sink.push(
                    Diagnostic::error(
                        codes::LEADING_ZERO,
                        format!("{what} {} has a leading zero", quote(digits)),
                    )
                    .label(span, "leading zero")
                    .help(format!("write {}", quote(trimmed))),
                );
            }
            None
        }
        Err(NumberProblem::TooLarge | NumberProblem::NotDigits) => {
            if sink.admit(Severity::Error) {
                sink.push(
                    Diagnostic::error(
                        codes::COUNT_TOO_LARGE,
                        format!(
                            "{what} {} is larger than 18446744073709551615",
                            quote(digits)
                        ),
                    )
                    .label(span, "too large")
                    .help("fenkit reads counts up to 18446744073709551615: use a smaller count"),
                );
            }
            None
        }
    }
}

fn zero_count(span: Span, what: &str, digits: &[u8]) -> Diagnostic {
    let help = if what.starts_with("hand") {
        "a hand count is 2 or more: remove the zeros and the piece"
    } else {
        "an empty-cell count is 1 or more: remove the zeros"
    };
    Diagnostic::error(
        codes::ZERO_COUNT,
        format!("{what} {} is zero", quote(digits)),
    )
    .label(span, "zero")
    .help(help)
}
