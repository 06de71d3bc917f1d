//! An item of a square list: `K` for a king, then a square (`31`, `a1`) or a range of numbered
//! squares (`31-35`), each judged against the notation and the board as it is read.

use super::board::{Board, SquareNotation};
use super::legality::Item;
use super::messages;
use super::record::FenRecord;
use super::tokens::{Kind, Token, adjacent, next, span};
use super::types::{Color, SquareSet};
use crate::diagnostic::{Severity, Span};
use crate::primitives::squares::number_text;
use crate::rules::context::Cx;
use crate::rules::report::{Report, Stop};

/// A square as written: a number, or a file letter and a rank number (spans of the digits).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Written {
    Number(Span),
    Alpha { file: u8, rank: Span },
}

impl Written {
    fn notation(self) -> SquareNotation {
        match self {
            Written::Number(_) => SquareNotation::Numeric,
            Written::Alpha { .. } => SquareNotation::Alphanumeric,
        }
    }
}

/// A square at the start of `input`: a number, or a lowercase file letter directly followed by
/// a rank number; with its span and the input after it.
#[inline]
pub(crate) fn written_square<'r, R: Report>(
    cx: &Cx<'r, R>,
    input: &'r [u8],
) -> Result<Option<(Written, Span, &'r [u8])>, Stop> {
    let Some((first, rest)) = next(cx, input)? else {
        return Ok(None);
    };
    let first_span = span(cx, &first);
    match first.kind {
        Kind::Number => Ok(Some((Written::Number(first_span), first_span, rest))),
        Kind::Letter(file @ b'a'..=b'z') => match next(cx, rest)? {
            Some((rank, rest)) if rank.kind == Kind::Number && adjacent(cx, &first, &rank) => {
                let rank = span(cx, &rank);
                let written = Written::Alpha {
                    file: file - b'a',
                    rank,
                };
                Ok(Some((written, Span::from_range(first_span.offset, rank.end()), rest)))
            }
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

/// Whether an item can start at `token` (the first token of `input`): a king's `K`, or a
/// square.
pub(super) fn readable<'r, R: Report>(
    cx: &Cx<'r, R>,
    token: Token<'r>,
    input: &'r [u8],
) -> Result<bool, Stop> {
    Ok(match token.kind {
        Kind::Letter(b'K' | b'k') => true,
        Kind::Number | Kind::Letter(b'a'..=b'z') => written_square(cx, input)?.is_some(),
        _ => false,
    })
}

impl FenRecord {
    /// One item from the start of `input` (which holds a token); returns the input after it.
    pub(crate) fn item<'r, R: Report>(
        &mut self,
        cx: &mut Cx<'r, R>,
        color: Option<Color>,
        input: &'r [u8],
    ) -> Result<&'r [u8], Stop> {
        let record = cx.record();
        let Some((first, after_first)) = next(cx, input)? else {
            return Ok(input);
        };
        let first_span = span(cx, &first);
        let alpha_k = first.kind == Kind::Letter(b'k')
            && next(cx, after_first)?.is_some_and(|(second, _)| {
                second.kind == Kind::Number && adjacent(cx, &first, &second)
            })
            && self.expected_notation() == Some(SquareNotation::Alphanumeric);
        let king = match first.kind {
            Kind::Letter(b'K') => true,
            Kind::Letter(b'k') if !alpha_k => {
                cx.dialect(|severity| {
                    messages::lowercase(record, first_span, "king", severity)
                })?;
                true
            }
            _ => false,
        };
        let at_square = if king { after_first } else { input };
        let Some((square, square_span, after_square)) = written_square(cx, at_square)? else {
            if king {
                cx.error(|| messages::missing_square(first_span))?;
            } else {
                cx.error(|| messages::unexpected(record, first_span))?;
            }
            return Ok(after_first);
        };
        let mut rest = after_square;
        let mut end = square_span.end();
        let mut last = None;
        if let Some((hyphen, after_hyphen)) = next(cx, after_square)?
            && hyphen.kind == Kind::Hyphen
        {
            let hyphen = span(cx, &hyphen);
            match written_square(cx, after_hyphen)? {
                Some((written, span, after)) => {
                    last = Some((written, span));
                    end = span.end();
                    rest = after;
                }
                None => {
                    let range = Span::from_range(square_span.offset, hyphen.end());
                    cx.error(|| messages::incomplete_range(record, range, hyphen))?;
                    end = hyphen.end();
                    rest = after_hyphen;
                }
            }
        }
        let first_index = self.square(cx, square, square_span)?;
        let set = match last {
            None => first_index.map(|index| SquareSet::range(index, index)),
            Some((written, last_span)) => {
                let last_index = self.square(cx, written, last_span)?;
                let range = Span::from_range(square_span.offset, last_span.end());
                range_set(cx, square, first_index, last_index, range)?
            }
        };
        if let Some(set) = set {
            self.add(color, king, set);
            if cx.collects() {
                self.items.push(Item {
                    color,
                    king,
                    set,
                    span: Span::from_range(first_span.offset, end),
                });
            }
        }
        Ok(rest)
    }

    /// Checks one square against the notation and the board: its index when it is on it.
    pub(crate) fn square<R: Report>(
        &mut self,
        cx: &mut Cx<'_, R>,
        square: Written,
        span: Span,
    ) -> Result<Option<u8>, Stop> {
        let record = cx.record();
        let notation = square.notation();
        let (first_notation, first_span) = *self.first_square.get_or_insert((notation, span));
        if let Some(board) = self.caller.filter(|board| board.notation() != notation) {
            if !self.notation_reported {
                self.notation_reported = true;
                cx.error(|| messages::board_notation(record, span, notation, board))?;
            }
            return Ok(None);
        }
        if self.caller.is_none() && notation != first_notation {
            cx.error(|| messages::mixed_squares(record, span, notation, first_span))?;
            return Ok(None);
        }
        let board = self.board();
        let (digits, index) = match square {
            Written::Number(digits) => (digits, number_index(record, digits, board)),
            Written::Alpha { file, rank } => {
                let rank_index = number_text(rank.of(record))
                    .value
                    .and_then(|n| u8::try_from(n).ok())
                    .filter(|&n| n >= 1 && n <= board.height());
                let index = rank_index
                    .filter(|_| file < board.width())
                    .map(|rank| (rank - 1) * board.width() + file);
                (rank, index)
            }
        };
        if digits.len > 1 && record.get(digits.offset) == Some(&b'0') {
            cx.report(Severity::Warning, || {
                messages::leading_zero(record, span, digits)
            })?;
        }
        if index.is_none() {
            cx.error(|| messages::square_out_of_range(record, span, board))?;
        }
        Ok(index)
    }
}

/// The index of the numbered square `digits` on `board`, if it is on it.
#[inline]
fn number_index(record: &[u8], digits: Span, board: Board) -> Option<u8> {
    number_text(digits.of(record))
        .value
        .and_then(|n| u8::try_from(n).ok())
        .filter(|&n| n >= 1 && n <= board.square_count())
        .map(|n| n - 1)
}

/// The squares of a range `first-last` at `span`, reporting backwards, one-square and
/// alphanumeric ranges.
pub(crate) fn range_set<R: Report>(
    cx: &mut Cx<'_, R>,
    square: Written,
    first: Option<u8>,
    last: Option<u8>,
    span: Span,
) -> Result<Option<SquareSet>, Stop> {
    let record = cx.record();
    if square.notation() == SquareNotation::Alphanumeric {
        cx.error(|| messages::alpha_range(record, span))?;
        return Ok(None);
    }
    let (Some(first), Some(last)) = (first, last) else {
        return Ok(None);
    };
    if last < first {
        cx.error(|| messages::descending_range(record, span))?;
        return Ok(None);
    }
    if last == first {
        cx.report(Severity::Warning, || {
            messages::single_square_range(record, span)
        })?;
    }
    Ok(Some(SquareSet::range(first, last)))
}
