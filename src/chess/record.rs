//! The chess FEN record rule: six fields separated by one space (docs/notations.md), each
//! read by its field rule.
//!
//! One record rule (see `crate::rules`) reads a record: first with the free sink, which stops
//! at the first problem and allocates nothing; only a record it stops on is read again by the
//! same rule with the collecting sink, so that every independent problem gets its own
//! diagnostic and lenient dialects are accepted with warnings. The pass also notes where each
//! field and square stands, for the spans of the legality step.

use super::board::Board;
use super::codes;
use super::fen::Fen;
use super::fields::{Clock, clock, judged};
use super::messages;
use super::placement::SquareOffsets;
use super::position::position;
use crate::mode::Mode;
use crate::primitives::fields::body;
use crate::rules::ascii::non_ascii;
use crate::rules::context::{Cx, Step};
use crate::rules::fields::field;
use crate::rules::fields::{WhitespaceRules, fields, trailing_whitespace};
use crate::rules::report::{Ignore, Report, Stop};
use crate::rules::run::Rule;
use crate::span::Span;

/// The record rule: six fields, each read by its own rule, separated by single spaces.
/// Where each field and square stands is left in [`layout`](Self::layout).
pub(crate) struct FenRecord {
    pub(crate) layout: Layout,
    /// The board the placement is read into (see [`placement`](super::placement::placement)).
    board: Board,
}

impl FenRecord {
    pub(crate) fn new(record: &[u8]) -> Self {
        FenRecord {
            layout: Layout::new(record),
            board: Board::empty(),
        }
    }
}

impl<'r> Rule<'r> for FenRecord {
    type Output = Fen;

    #[inline]
    fn apply<R: Report>(&mut self, cx: &mut Cx<'r, R>, record: &'r [u8]) -> Step<'r, Fen> {
        let end = record.get(record.len()..).unwrap_or_default();
        // Trailing whitespace (a line end included) is one problem, judged below.
        let text = body(record);
        if cx.collects() {
            non_ascii(cx, text, codes::NON_ASCII)?;
        }
        let (rest, (found, count)) = fields::<R, 6>(cx, text, WHITESPACE)?;
        // Where the fields stand matters to diagnostics and to the legality step only.
        if cx.collects() || self.layout.wanted {
            for (slot, span) in found.iter().zip(&mut self.layout.fields) {
                if let Some(read) = slot {
                    *span = cx.span_of(read);
                }
            }
        }
        let extra = match count {
            6 => field(cx, rest, false, WHITESPACE)?.1,
            _ => None,
        };
        if let Some(extra) = extra {
            let span = Span::from_range(cx.offset(extra), text.len());
            cx.error(|| messages::extra_fields(span))?;
        }
        trailing_whitespace(cx, record, text, count, WHITESPACE)?;
        let end_of_text = Span::new(text.len(), 0);
        missing_fields(cx, &self.layout.fields, count, end_of_text)?;
        let [placement, side, castling, en_passant, halfmove, fullmove] = found;
        let position = position(
            cx,
            [placement, side, castling, en_passant],
            &mut self.layout.squares,
            &mut self.board,
        )?;
        let halfmove = match halfmove {
            Some(text) => judged(cx, text, |cx, text| clock(cx, text, Clock::Halfmove))?,
            None => Some(Clock::Halfmove.default_value()),
        };
        let fullmove = match fullmove {
            Some(text) => judged(cx, text, |cx, text| clock(cx, text, Clock::Fullmove))?,
            None => Some(Clock::Fullmove.default_value()),
        };
        match (position, halfmove, fullmove) {
            (Some(position), Some(halfmove), Some(fullmove)) => Ok((
                end,
                // The board is copied last, long after its bytes were written.
                Fen {
                    board: self.board,
                    side_to_move: position.side_to_move,
                    castling: position.castling,
                    en_passant: position.en_passant,
                    halfmove_clock: halfmove,
                    fullmove_number: fullmove,
                },
            )),
            // Every field without a value was reported.
            _ => Err(Stop),
        }
    }
}

/// Where each part of a FEN record stands, for the spans of legality diagnostics.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// The six fields (an absent field is an empty span at the end of the record).
    pub(crate) fields: [Span; 6],
    /// The character of each square.
    pub(crate) squares: SquareOffsets,
    /// Whether the fast run notes where the fields stand (only the legality step needs it;
    /// the diagnostic run always does).
    pub(crate) wanted: bool,
}

impl Layout {
    /// Nothing noted yet: every field an empty span at the end of `record`.
    pub(crate) fn new(record: &[u8]) -> Layout {
        Layout {
            fields: [Span::new(record.len(), 0); 6],
            squares: SquareOffsets::new(),
            wanted: true,
        }
    }

    /// The layout of a record read before (in either mode), from the record rule's pass with a
    /// sink that reads past every problem.
    pub(crate) fn of(record: &[u8]) -> Layout {
        let mut rule = FenRecord::new(record);
        let mut cx = Cx::new(record, Mode::Lenient, Ignore);
        let _ = rule.apply(&mut cx, record);
        rule.layout
    }
}

/// Where the legality step finds the layout of the record it reports on.
pub(crate) enum LayoutSource<'l> {
    /// The parse's, borrowed (not moved: it was just written, field by field).
    Parsed(&'l Layout),
    /// Worked out from the record the first time a problem needs a span.
    Later(Option<Layout>),
}

impl LayoutSource<'_> {
    /// The layout of `record`.
    pub(crate) fn get(&mut self, record: &[u8]) -> &Layout {
        match self {
            LayoutSource::Parsed(layout) => layout,
            LayoutSource::Later(layout) => layout.get_or_insert_with(|| Layout::of(record)),
        }
    }
}

/// How FEN records judge their whitespace.
pub(crate) const WHITESPACE: WhitespaceRules = WhitespaceRules {
    surrounding: codes::SURROUNDING_WHITESPACE,
    separator: codes::FIELD_SEPARATOR,
    record_name: "a FEN",
    lenient_dialect: true,
};

/// Fewer than six fields: an error below four, the clocks-missing dialect at four or five.
fn missing_fields<R: Report>(
    cx: &mut Cx<'_, R>,
    spans: &[Span; 6],
    count: usize,
    end_of_text: Span,
) -> Result<(), Stop> {
    if count < 4 {
        return cx.error(|| {
            let last = count.checked_sub(1).and_then(|index| spans.get(index));
            messages::missing_fields(count, last.copied().unwrap_or(end_of_text))
        });
    }
    if count < 6 {
        let last = spans.get(count - 1).copied().unwrap_or_default();
        cx.dialect(|severity| messages::missing_clocks(count, last, severity))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::run::run;

    /// Whether the record has a value; each diagnostic's code, whether an error, and span.
    type Found = (bool, Vec<(&'static str, bool, Option<Span>)>);

    fn found(record: &[u8], mode: Mode) -> Found {
        let parsed = run(&mut FenRecord::new(record), record, mode);
        (parsed.value.is_some(), parsed.verdicts())
    }

    /// Recovery: each independent problem gets its own diagnostic on its own span.
    #[test]
    fn a_bad_rank_side_and_en_passant_square_are_three_errors() {
        let record = b"8/8/7/8/8/8/8/8 x - e5 0 1";
        let (value, list) = found(record, Mode::Strict);
        assert!(!value);
        assert_eq!(
            list,
            [
                (codes::RANK_TOO_SHORT, true, Some(Span::new(4, 1))),
                (codes::INVALID_SIDE, true, Some(Span::new(16, 1))),
                (codes::EN_PASSANT_RANK, true, Some(Span::new(21, 1))),
            ]
        );
    }

    /// The rule that rejects a dialect in strict mode reads it with a warning in lenient mode.
    #[test]
    fn dialects_are_errors_or_warnings_by_mode() {
        let record = b"8/8/44/8/8/8/8/8 B qk - 00 0";
        let expected = |error| {
            vec![
                (codes::ADJACENT_DIGITS, error, Some(Span::new(4, 2))),
                (codes::UPPERCASE_SIDE, error, Some(Span::new(17, 1))),
                (codes::CASTLING_ORDER, error, Some(Span::new(19, 2))),
                (codes::FULLMOVE_ZERO, error, Some(Span::new(27, 1))),
            ]
        };
        assert_eq!(found(record, Mode::Strict), (false, expected(true)));
        assert_eq!(found(record, Mode::Lenient), (true, expected(false)));
    }

    /// The layout of the one pass is the layout of the record read again.
    #[test]
    fn the_pass_leaves_the_layout() {
        let record = b"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let mut rule = FenRecord::new(record);
        assert!(run(&mut rule, record, Mode::Strict).is_valid());
        let again = Layout::of(record);
        assert_eq!(rule.layout.fields, again.fields);
        assert_eq!(rule.layout.fields.get(2), Some(&Span::new(26, 4)));
        assert_eq!(rule.layout.squares, again.squares);
    }
}
