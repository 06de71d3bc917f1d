//! Parts of a draughts FEN as rules of their own, for `fenkit::grammar`: a square number, a
//! range and a square list, read on a given board by the rules a whole record uses (so their
//! diagnostics are a FEN's). Each is handed exactly its text (the combinator finds its end).

use super::pass::DraughtsFenRecord;
use super::squares::{range_set, written_square};
use super::tokens::{Kind, next};
use crate::rules::context::{Cx, Step};
use crate::rules::report::{Report, Stop};
use crate::rules::run::Rule;
use crate::settings::Board;
use crate::settings::{Color, Pieces, Square, SquareSet};
use crate::span::Span;

/// One numbered square (`31`), checked against the board.
#[derive(Debug)]
pub(crate) struct SquareNumber(DraughtsFenRecord);

impl SquareNumber {
    pub(crate) fn new(board: Board) -> Self {
        SquareNumber(DraughtsFenRecord::new(Some(board)))
    }
}

impl<'r> Rule<'r> for SquareNumber {
    type Output = Square;

    fn apply<R: Report>(&mut self, cx: &mut Cx<'r, R>, input: &'r [u8]) -> Step<'r, Square> {
        self.0 = DraughtsFenRecord::new(self.0.caller);
        let Some((written, at, rest)) = written_square(cx, input)? else {
            return Err(Stop);
        };
        let index = self.0.square(cx, written, at)?.ok_or(Stop)?;
        Ok((rest, self.0.board().square(index)))
    }
}

/// A range of numbered squares (`31-35`): its squares.
#[derive(Debug)]
pub(crate) struct SquareRange(DraughtsFenRecord);

impl SquareRange {
    pub(crate) fn new(board: Board) -> Self {
        SquareRange(DraughtsFenRecord::new(Some(board)))
    }
}

impl<'r> Rule<'r> for SquareRange {
    type Output = SquareSet;

    fn apply<R: Report>(&mut self, cx: &mut Cx<'r, R>, input: &'r [u8]) -> Step<'r, SquareSet> {
        self.0 = DraughtsFenRecord::new(self.0.caller);
        let Some((first, first_span, rest)) = written_square(cx, input)? else {
            return Err(Stop);
        };
        let Some((_, rest)) = next(cx, rest)?.filter(|(hyphen, _)| hyphen.kind == Kind::Hyphen)
        else {
            return Err(Stop);
        };
        let Some((last, last_span, rest)) = written_square(cx, rest)? else {
            return Err(Stop);
        };
        let first_index = self.0.square(cx, first, first_span)?;
        let last_index = self.0.square(cx, last, last_span)?;
        let range = Span::from_range(first_span.offset, last_span.end());
        match range_set(cx, first, first_index, last_index, range)? {
            Some(set) => Ok((rest, set)),
            None => Err(Stop),
        }
    }
}

/// A square list (`31-35,K40,41`): the men and kings it names, read as one section's list.
#[derive(Debug)]
pub(crate) struct SquareList(DraughtsFenRecord);

impl SquareList {
    pub(crate) fn new(board: Board) -> Self {
        SquareList(DraughtsFenRecord::new(Some(board)))
    }
}

impl<'r> Rule<'r> for SquareList {
    type Output = Pieces;

    fn apply<R: Report>(&mut self, cx: &mut Cx<'r, R>, input: &'r [u8]) -> Step<'r, Pieces> {
        self.0 = DraughtsFenRecord::new(self.0.caller);
        self.0.list(cx, Some(Color::White), input)?;
        Ok((&[], self.0.pieces[0]))
    }
}
