//! An item of a square list: `K` for a king, then a square (`31`, `a1`) or a range of numbered
//! squares (`31-35`), each judged against the notation and the board as it is read. The fast
//! path reads plain items with an inner loop ([`DraughtsFenRecord::plain_items`]) that lexes bytes and
//! judges each item by the same rules; anything else goes to the per-token path.

use super::messages;
use super::pass::{DraughtsFenRecord, Item, Settled};
use super::sections::{At, in_item};
use super::tokens::{Kind, Token, adjacent, digit_run, next, span, starts_with_digit};
use crate::diagnostic::Severity;
use crate::rules::context::Cx;
use crate::rules::report::{Report, Stop};
use crate::settings::{Board, SquareNotation};
use crate::settings::{Color, SquareSet};
use crate::span::Span;

/// A square as written: a number, or a file letter and a rank number (spans of the digits).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Written {
    /// The digits and their value (see [`super::tokens::NUMBER_CAP`]).
    Number(Span, u16),
    /// The file (0 for `a`), the rank's digits and their value.
    Alpha { file: u8, rank: Span, value: u16 },
}

impl Written {
    fn notation(self) -> SquareNotation {
        match self {
            Written::Number(..) => SquareNotation::Numeric,
            Written::Alpha { .. } => SquareNotation::Alphanumeric,
        }
    }
}

/// A square read: how it is written, its span and the input after it.
pub(crate) type Read<'r> = (Written, Span, &'r [u8]);

/// A square at the start of `input`: a number, or a lowercase file letter directly followed by
/// a rank number; with its span and the input after it.
#[inline]
pub(crate) fn written_square<'r, R: Report>(
    cx: &Cx<'r, R>,
    input: &'r [u8],
) -> Result<Option<Read<'r>>, Stop> {
    match in_item(cx, input)? {
        Some((first, after)) => square_from(cx, first, after),
        None => Ok(None),
    }
}

/// A square starting at `first` (`after` follows it), as [`written_square`].
#[inline]
fn square_from<'r, R: Report>(
    cx: &Cx<'r, R>,
    first: Token<'r>,
    after: &'r [u8],
) -> Result<Option<Read<'r>>, Stop> {
    let first_span = span(cx, &first);
    match first.kind {
        Kind::Number(value) => Ok(Some((
            Written::Number(first_span, value),
            first_span,
            after,
        ))),
        // A match on the rank's kind, not an `if let` guard (1.95, newer than `rust-version`).
        Kind::Letter(file @ b'a'..=b'z') => match in_item(cx, after)? {
            Some((rank, rest)) => match rank.kind {
                Kind::Number(value) if adjacent(cx, &first, &rank) => {
                    let rank = span(cx, &rank);
                    let written = Written::Alpha {
                        file: file - b'a',
                        rank,
                        value,
                    };
                    Ok(Some((
                        written,
                        Span::from_range(first_span.offset, rank.end()),
                        rest,
                    )))
                }
                _ => Ok(None),
            },
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

/// A square at the start of `input` written as the per-token path reads one, lexed byte by
/// byte for [`DraughtsFenRecord::plain_item`]: digits, or a file letter and digits (not `k`, which the
/// per-token path may read as a king).
#[inline(always)]
fn plain_square<'r, R: Report>(cx: &Cx<'r, R>, input: &'r [u8]) -> Option<Read<'r>> {
    let (&first, after) = input.split_first()?;
    if first.is_ascii_digit() {
        let (value, len) = digit_run(input);
        let (digits, rest) = input.split_at(len);
        let span = cx.span_of(digits);
        return Some((Written::Number(span, value), span, rest));
    }
    if !first.is_ascii_lowercase() || first == b'k' || !starts_with_digit(after) {
        return None;
    }
    let (value, len) = digit_run(after);
    let (digits, rest) = after.split_at(len);
    let rank = cx.span_of(digits);
    let written = Written::Alpha {
        file: first - b'a',
        rank,
        value,
    };
    Some((
        written,
        Span::from_range(cx.offset(input), rank.end()),
        rest,
    ))
}

impl DraughtsFenRecord {
    /// One item from `first` (`after_first` follows it); returns the token after it.
    pub(crate) fn item<'r, R: Report>(
        &mut self,
        cx: &mut Cx<'r, R>,
        color: Option<Color>,
        first: Token<'r>,
        after_first: &'r [u8],
    ) -> Result<At<'r>, Stop> {
        let record = cx.record();
        let first_span = span(cx, &first);
        let alpha_k = first.kind == Kind::Letter(b'k')
            && starts_with_digit(after_first)
            && self.expected_notation() == Some(SquareNotation::Alphanumeric);
        let king = match first.kind {
            Kind::Letter(b'K') => true,
            Kind::Letter(b'k') if !alpha_k => {
                cx.dialect(|severity| messages::lowercase(record, first_span, "king", severity))?;
                true
            }
            _ => false,
        };
        let square = if king {
            written_square(cx, after_first)?
        } else {
            square_from(cx, first, after_first)?
        };
        let Some((square, square_span, after_square)) = square else {
            if king {
                cx.error(|| messages::missing_square(first_span))?;
            } else {
                cx.error(|| messages::unexpected(record, first_span))?;
            }
            return next(cx, after_first);
        };
        let mut end = square_span.end();
        let mut last = None;
        let mut at = next(cx, after_square)?;
        if let Some((hyphen, after_hyphen)) = at.filter(|(token, _)| token.kind == Kind::Hyphen) {
            let hyphen = span(cx, &hyphen);
            at = next(cx, after_hyphen)?;
            let end_square = match at {
                Some((token, after)) => square_from(cx, token, after)?,
                None => None,
            };
            match end_square {
                Some((written, span, after)) => {
                    last = Some((written, span));
                    end = span.end();
                    at = next(cx, after)?;
                }
                None => {
                    let range = Span::from_range(square_span.offset, hyphen.end());
                    cx.error(|| messages::incomplete_range(record, range, hyphen))?;
                    end = hyphen.end();
                }
            }
        }
        let judged = self.judged(cx, color, king, (square, square_span), last)?;
        if let Some(set) = judged.filter(|_| cx.collects()) {
            self.items.push(Item {
                color,
                king,
                set,
                span: Span::from_range(first_span.offset, end),
            });
        }
        Ok(at)
    }

    /// Judges an item read (a square, or the first and last squares of a range) and adds its
    /// squares to `color`: the squares when they are on the board.
    #[inline(always)]
    fn judged<R: Report>(
        &mut self,
        cx: &mut Cx<'_, R>,
        color: Option<Color>,
        king: bool,
        (square, square_span): (Written, Span),
        last: Option<(Written, Span)>,
    ) -> Result<Option<SquareSet>, Stop> {
        let first_index = self.square(cx, square, square_span)?;
        let set = match last {
            None => first_index.map(SquareSet::single),
            Some((written, last_span)) => {
                let last_index = self.square(cx, written, last_span)?;
                let range = Span::from_range(square_span.offset, last_span.end());
                range_set(cx, square, first_index, last_index, range)?
            }
        };
        if let Some(set) = set {
            self.add(color, king, set);
        }
        Ok(set)
    }

    /// The item rule's inner loop, for the fast path: plain items (`K`, then a number, a range
    /// of numbers or a file and rank, with no gap), each followed by `,` or the end, lexed
    /// byte by byte and judged by [`DraughtsFenRecord::judged`] as [`DraughtsFenRecord::item`] judges them.
    /// Returns `None` when it read the whole list, else the text from the first item it does
    /// not read whole and the `,` before it: the per-token loop of [`DraughtsFenRecord::list`] goes on
    /// from there, in the state it would have reached itself (nothing of that item is added).
    pub(super) fn plain_items<'r, R: Report>(
        &mut self,
        cx: &mut Cx<'r, R>,
        color: Option<Color>,
        text: &'r [u8],
    ) -> Result<Option<Left<'r>>, Stop> {
        let mut rest = text;
        // The `,` before `rest`, as text: its span is only needed where the loop stops.
        let mut before: Option<&[u8]> = None;
        while let Some(after) = self.plain_item(cx, color, rest)? {
            let Some((comma, next_item)) = after.split_first_chunk::<1>() else {
                return Ok(None);
            };
            before = Some(comma);
            rest = next_item;
        }
        Ok(Some((rest, before.map(|comma| cx.span_of(comma)))))
    }

    /// One plain item at the start of `input` (see [`DraughtsFenRecord::plain_items`]), judged and
    /// added when a `,` or the end follows it: the input from that `,`. `None` (nothing
    /// judged) for anything else, which the per-token path reads.
    #[inline(always)]
    fn plain_item<'r, R: Report>(
        &mut self,
        cx: &mut Cx<'r, R>,
        color: Option<Color>,
        input: &'r [u8],
    ) -> Result<Option<&'r [u8]>, Stop> {
        let (king, square) = match input.split_first() {
            Some((b'K', square)) => (true, square),
            _ => (false, input),
        };
        let Some((first, first_span, after)) = plain_square(cx, square) else {
            return Ok(None);
        };
        let (last, after) = match after.split_first() {
            Some((b'-', end)) if first.notation() == SquareNotation::Numeric => {
                match plain_square(cx, end) {
                    Some((last @ Written::Number(..), last_span, after)) => {
                        (Some((last, last_span)), after)
                    }
                    _ => return Ok(None),
                }
            }
            _ => (None, after),
        };
        if !matches!(after.first(), None | Some(b',')) {
            return Ok(None);
        }
        self.judged(cx, color, king, (first, first_span), last)?;
        Ok(Some(after))
    }

    /// Checks one square against the notation and the board: its index when it is on it.
    #[inline(always)]
    pub(crate) fn square<R: Report>(
        &mut self,
        cx: &mut Cx<'_, R>,
        square: Written,
        span: Span,
    ) -> Result<Option<u8>, Stop> {
        let record = cx.record();
        let notation = square.notation();
        let settled = match self.settled {
            Some(settled) if settled.notation == notation => settled,
            _ => match self.settle(cx, notation, span)? {
                Some(settled) => settled,
                None => return Ok(None),
            },
        };
        let (digits, index) = match square {
            Written::Number(digits, value) => (digits, settled.number_index(value)),
            Written::Alpha { file, rank, value } => {
                let rank_index = Some(value)
                    .filter(|&n| n >= 1 && n <= settled.height)
                    .and_then(|n| u8::try_from(n).ok());
                let index = rank_index
                    .filter(|_| file < settled.width)
                    .map(|rank| (rank - 1) * settled.width + file);
                (rank, index)
            }
        };
        if digits.len > 1 && record.get(digits.offset) == Some(&b'0') {
            cx.report(Severity::Warning, || {
                messages::leading_zero(record, span, digits)
            })?;
        }
        if index.is_none() {
            cx.error(|| messages::square_out_of_range(record, span, settled.board))?;
        }
        Ok(index)
    }
}

impl DraughtsFenRecord {
    /// The board a square in `notation` (at `span`) is read on: `None` when the notation is not
    /// the one the board or the first square set (reported).
    fn settle<R: Report>(
        &mut self,
        cx: &mut Cx<'_, R>,
        notation: SquareNotation,
        span: Span,
    ) -> Result<Option<Settled>, Stop> {
        let record = cx.record();
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
        let settled = Settled::new(notation, self.board());
        self.settled = Some(settled);
        Ok(Some(settled))
    }
}

/// What the inner loop leaves to the per-token path: the text from the first item it did not
/// read, and the `,` before that item (none for the first).
pub(super) type Left<'r> = (&'r [u8], Option<Span>);

impl Settled {
    pub(super) fn new(notation: SquareNotation, board: Board) -> Settled {
        Settled {
            notation,
            board,
            squares: u16::from(board.square_count()),
            width: board.width(),
            height: u16::from(board.height()),
        }
    }

    /// The index of the numbered square `value`, if it is on the board.
    #[inline]
    fn number_index(self, value: u16) -> Option<u8> {
        Some(value)
            .filter(|&n| n >= 1 && n <= self.squares)
            .and_then(|n| u8::try_from(n - 1).ok())
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Sink;
    use crate::draughts::DraughtsFen;
    use crate::mode::Mode;
    use crate::rules::report::Free;
    use crate::rules::run::Rule;

    /// The fast path's read of `record` (its inner loop and the per-token path it hands over
    /// to), and the collecting run's value and number of diagnostics.
    fn both(record: &[u8]) -> (Option<DraughtsFen>, Option<DraughtsFen>, usize) {
        let mut rule = DraughtsFenRecord::new(None);
        let mut cx = Cx::new(record, Mode::Strict, Free);
        let fast = rule.apply(&mut cx, record).ok().map(|(_, fen)| fen);
        let mut cx = Cx::new(record, Mode::Strict, Sink::new());
        let slow = rule.apply(&mut cx, record).ok().map(|(_, fen)| fen);
        (fast, slow, cx.into_sink().into_vec().len())
    }

    #[test]
    fn the_inner_loop_reads_plain_items_as_the_per_token_path_does() {
        for record in [
            &b"W:W1,2,3-5,K7,K8-9:B40,45-50"[..],
            b"B:W31-35,K40:B1",
            b"W:Wa1,c3,Ke5:Bh8,Kb8",
            b"W:W:B",
            b"W:W10:B12,13",
        ] {
            let (fast, slow, diagnostics) = both(record);
            assert!(fast.is_some(), "{record:?}");
            assert_eq!(fast, slow, "{record:?}");
            assert_eq!(diagnostics, 0, "{record:?}");
        }
    }

    #[test]
    fn the_inner_loop_hands_anything_else_to_the_per_token_path() {
        for record in [
            &b"W:W1,2,"[..],
            b"W:W,1",
            b"W:W1,,2",
            b"W:W1,2,3-",
            b"W:W1,2-a3",
            b"W:W1,02",
            b"W:W1,2K",
            b"W:W1,k2",
            b"W:W1,60",
            b"W:W5-3",
            b"W:W3-3",
            b"W:Wa1,c3-e5",
            b"W:W1,a1",
            b"W:W1,2 ",
            b"W:W1-2-3",
            b"W:WK",
        ] {
            let (fast, _, diagnostics) = both(record);
            assert_eq!(fast, None, "{record:?}");
            assert!(diagnostics > 0, "{record:?}");
        }
    }
}
