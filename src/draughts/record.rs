//! A whole draughts FEN as one rule: the side to move, then `:`-separated sections.
//! The same code is the fast path (free sink: it stops at the first problem and allocates
//! nothing) and the diagnostic path (every problem on its own span, lenient dialects read with
//! a warning); [`crate::rules::run::run`] runs it.
//!
//! The pass leaves its by-products in [`DraughtsFenRecord`]: where each item and section stands, for
//! the validation step, and whether a square was listed twice.

use super::codes;
use super::fen::DraughtsFen;
use super::messages;
use super::pass::DraughtsFenRecord;
use super::sections::counter;
use super::tokens::{Kind, gaps, is_gap, next, span, trimmed};
use crate::diagnostic::Severity;
use crate::rules::ascii::non_ascii;
use crate::rules::context::{Cx, Step};
use crate::rules::report::{Report, Stop};
use crate::rules::run::Rule;
use crate::settings::Turn;
use crate::span::Span;

impl<'r> Rule<'r> for DraughtsFenRecord {
    type Output = DraughtsFen;

    fn apply<R: Report>(&mut self, cx: &mut Cx<'r, R>, input: &'r [u8]) -> Step<'r, DraughtsFen> {
        self.reset();
        if cx.collects() {
            non_ascii(cx, input, codes::NON_ASCII)?;
            gaps(cx)?;
        }
        let body = without_trailing_dot(cx, input)?;
        // The turn is short: a plain search beats a vectorised one (not so for sections).
        let first_colon = body.iter().position(|&b| b == b':');
        let (turn_text, mut sections) = match first_colon {
            Some(at) => body.split_at(at),
            None => (body, &[][..]),
        };
        let colon = sections.get(..1).map(|colon| cx.span_of(colon));
        let turn = turn(cx, turn_text, colon)?;
        if first_colon.is_none() && turn.is_some_or_reported() {
            let end = trimmed(cx, body).end();
            cx.error(|| messages::missing_sections(Span::new(end, 0)))?;
        }
        if cx.collects() {
            self.counters = counters(cx, sections)?;
        }
        while let Some((colon, after)) = sections.split_first_chunk::<1>() {
            let end = memchr::memchr(b':', after).unwrap_or(after.len());
            let (section, rest) = after.split_at(end);
            let colon = cx.span_of(colon);
            self.section(cx, colon, section)?;
            sections = rest;
        }
        let TurnRead::Read(turn) = turn else {
            return Err(Stop);
        };
        let [white, black] = self.pieces;
        self.overlap |= !(white.all() & black.all()).is_empty();
        Ok((
            &[],
            DraughtsFen {
                board: self.board(),
                turn,
                white,
                black,
                halfmove_clock: self.halfmove,
                fullmove_number: self.fullmove,
            },
        ))
    }
}

/// Where each Lidraughts counter of `sections` (the record from its first `:`) stands, its
/// `:` included; none when every section is a counter.
fn counters<'r, R: Report>(cx: &Cx<'r, R>, mut sections: &'r [u8]) -> Result<Vec<Span>, Stop> {
    let mut found = Vec::new();
    let mut count = 0;
    while let Some((colon, after)) = sections.split_first_chunk::<1>() {
        count += 1;
        let end = memchr::memchr(b':', after).unwrap_or(after.len());
        let (section, rest) = after.split_at(end);
        if let Some((_, number)) = counter(cx, section)? {
            let colon = cx.span_of(colon);
            found.push(Span::from_range(colon.offset, span(cx, &number).end()));
        }
        sections = rest;
    }
    if found.len() == count {
        found.clear();
    }
    Ok(found)
}

/// What the side-to-move rule found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TurnRead {
    /// A side to move.
    Read(Turn),
    /// A token that is not one (reported).
    Invalid,
    /// No token at all (reported).
    Missing,
}

impl TurnRead {
    /// Whether the record had a token before its first `:`.
    fn is_some_or_reported(self) -> bool {
        self != TurnRead::Missing
    }
}

/// The record without a trailing `.` (PDN's grammar allows it; writers must not emit it): a
/// warning, on the last token of the record.
fn without_trailing_dot<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    input: &'r [u8],
) -> Result<&'r [u8], Stop> {
    let Some(last) = input.iter().rposition(|&b| !is_gap(b)) else {
        return Ok(input);
    };
    if input.get(last) != Some(&b'.') {
        return Ok(input);
    }
    let span = Span::new(cx.offset(input) + last, 1);
    cx.report(Severity::Warning, || messages::trailing_dot(span))?;
    Ok(input.get(..last).unwrap_or_default())
}

/// The side to move: the tokens before the first `:` (at `colon`).
fn turn<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    text: &'r [u8],
    colon: Option<Span>,
) -> Result<TurnRead, Stop> {
    let Some((first, rest)) = next(cx, text)? else {
        cx.error(|| messages::missing_turn(colon))?;
        return Ok(TurnRead::Missing);
    };
    let record = cx.record();
    let first_span = span(cx, &first);
    let read = match first.kind {
        Kind::Letter(b'W') => TurnRead::Read(Turn::White),
        Kind::Letter(b'B') => TurnRead::Read(Turn::Black),
        Kind::Other(b'?') => TurnRead::Read(Turn::Unknown),
        Kind::Letter(letter @ (b'w' | b'b')) => {
            cx.dialect(|severity| {
                messages::lowercase(record, first_span, "side to move", severity)
            })?;
            TurnRead::Read(if letter == b'w' {
                Turn::White
            } else {
                Turn::Black
            })
        }
        _ => {
            cx.error(|| messages::invalid_turn(record, first_span))?;
            TurnRead::Invalid
        }
    };
    if next(cx, rest)?.is_some() {
        let span = trimmed(cx, rest);
        cx.error(|| messages::after_turn(record, span))?;
    }
    Ok(read)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Sink;
    use crate::mode::Mode;
    use crate::rules::report::Free;
    use crate::settings::Color;

    #[test]
    fn the_fast_path_reads_a_valid_record_and_stops_at_any_problem() {
        let record = b"W:W31-35,K40:B1";
        let mut rule = DraughtsFenRecord::new(None);
        let mut cx = Cx::new(&record[..], Mode::Strict, Free);
        let read = rule
            .apply(&mut cx, record)
            .map(|(rest, fen)| (rest.len(), fen.white.men.len(), fen.white.kings.len()));
        assert_eq!(read, Ok((0, 5, 1)));
        assert!(rule.items.is_empty(), "the fast path keeps no spans");
        for stopped in [
            &b"W:W31 ,32"[..],
            b"W:W31.",
            b"w:W31",
            b"W:W31:H1",
            b"W:W05",
        ] {
            let mut cx = Cx::new(stopped, Mode::Lenient, Free);
            assert_eq!(rule.apply(&mut cx, stopped), Err(Stop), "{stopped:?}");
        }
    }

    #[test]
    fn the_diagnostic_run_leaves_item_and_section_spans() {
        let record = b"B:W31-35, K40:B1";
        let mut rule = DraughtsFenRecord::new(None);
        let mut cx = Cx::new(&record[..], Mode::Lenient, Sink::new());
        assert!(rule.apply(&mut cx, record).is_ok());
        let items: Vec<_> = rule
            .items
            .iter()
            .map(|item| (item.king, item.span))
            .collect();
        assert_eq!(
            items,
            [
                (false, Span::new(3, 5)),
                (true, Span::new(10, 3)),
                (false, Span::new(15, 1)),
            ]
        );
        assert_eq!(
            rule.sections,
            [
                (Color::White, Span::new(2, 11)),
                (Color::Black, Span::new(14, 2))
            ]
        );
    }
}
