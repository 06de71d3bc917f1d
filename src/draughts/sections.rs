//! A section of a draughts FEN, after its `:`: a colour and its square list (items separated
//! by `,`), or a Lidraughts counter `H<n>` / `F<n>` (a dialect).

use super::messages;
use super::record::FenRecord;
use super::squares::readable;
use super::tokens::{Kind, Token, adjacent, next, span, trimmed};
use super::types::Color;
use crate::diagnostic::{Severity, Span};
use crate::primitives::ascii::is_foreign;
use crate::primitives::number::digits_value;
use crate::rules::context::Cx;
use crate::rules::report::{Report, Stop};

impl FenRecord {
    /// The text between the `:` at `colon` and the next `:` (or the end).
    pub(super) fn section<'r, R: Report>(
        &mut self,
        cx: &mut Cx<'r, R>,
        colon: Span,
        text: &'r [u8],
    ) -> Result<(), Stop> {
        let Some((head, after)) = next(cx, text)? else {
            return cx.error(|| messages::no_colour(colon));
        };
        if let Kind::Letter(letter @ (b'H' | b'F')) = head.kind
            && let Some((number, rest)) = next(cx, after)?
            && number.kind == Kind::Number
            && adjacent(cx, &head, &number)
            && next(cx, rest)?.is_none()
        {
            return self.counter(cx, letter, colon, number);
        }
        let record = cx.record();
        let head_span = span(cx, &head);
        let (color, items) = match head.kind {
            Kind::Letter(b'W') => (Some(Color::White), after),
            Kind::Letter(b'B') => (Some(Color::Black), after),
            Kind::Letter(letter @ (b'w' | b'b')) => {
                cx.dialect(|severity| {
                    messages::lowercase(record, head_span, "colour", severity)
                })?;
                let color = if letter == b'w' {
                    Color::White
                } else {
                    Color::Black
                };
                (Some(color), after)
            }
            Kind::Other(b'?') => {
                cx.error(|| messages::unknown_colour(head_span))?;
                (None, after)
            }
            Kind::Number | Kind::Letter(b'K' | b'k') => {
                let section = trimmed(cx, text);
                cx.error(|| messages::section_without_colour(record, head_span.offset, section))?;
                (None, text)
            }
            _ => {
                cx.error(|| messages::invalid_colour(record, head_span))?;
                (None, after)
            }
        };
        if let Some(color) = color {
            let slot = color as usize;
            if let Some(first) = self.seen.get(slot).copied().flatten() {
                cx.error(|| messages::repeated_colour(color, head_span, first))?;
            } else if let Some(seen) = self.seen.get_mut(slot) {
                *seen = Some(head_span);
            }
            if cx.collects() {
                let end = trimmed(cx, text).end();
                self.sections
                    .push((color, Span::from_range(head_span.offset, end)));
            }
        }
        self.list(cx, color, items)
    }

    /// A Lidraughts counter `:H<n>` or `:F<n>`: a dialect (an error when `n` does not fit).
    fn counter<R: Report>(
        &mut self,
        cx: &mut Cx<'_, R>,
        letter: u8,
        colon: Span,
        number: Token<'_>,
    ) -> Result<(), Stop> {
        let value = digits_value(number.text).and_then(|v| u32::try_from(v).ok());
        let severity = if value.is_none() {
            Severity::Error
        } else {
            cx.mode().dialect_severity()
        };
        let span = Span::from_range(colon.offset, span(cx, &number).end());
        let record = cx.record();
        cx.report(severity, || {
            messages::counter(record, letter, span, severity)
        })?;
        if letter == b'H' {
            self.halfmove = value;
        } else {
            self.fullmove = value;
        }
        Ok(())
    }

    /// A square list: items separated by `,` (an empty list is fine).
    pub(crate) fn list<'r, R: Report>(
        &mut self,
        cx: &mut Cx<'r, R>,
        color: Option<Color>,
        text: &'r [u8],
    ) -> Result<(), Stop> {
        if next(cx, text)?.is_none() {
            return Ok(());
        }
        let mut rest = text;
        let mut before: Option<&'r [u8]> = None;
        loop {
            let comma = memchr::memchr(b',', rest);
            let (item, after) = match comma {
                Some(at) => rest.split_at(at),
                None => (rest, &[][..]),
            };
            let after = after.get(1..);
            if next(cx, item)?.is_some() {
                self.items_of(cx, color, item)?;
            } else {
                self.empty_item(cx, item, before, after.is_none())?;
            }
            let Some(after) = after else {
                return Ok(());
            };
            before = Some(rest.get(item.len()..item.len() + 1).unwrap_or_default());
            rest = after;
        }
    }

    /// An item with no token: `,,`, or a comma at either end. `before` is the comma before it
    /// (none for the first item), `last` whether no comma follows.
    fn empty_item<'r, R: Report>(
        &mut self,
        cx: &mut Cx<'r, R>,
        item: &'r [u8],
        before: Option<&'r [u8]>,
        last: bool,
    ) -> Result<(), Stop> {
        let record = cx.record();
        let at = cx.offset(item);
        // The comma the diagnostic points at: the one before, else the one after.
        let comma = match before {
            Some(comma) => cx.span_of(comma),
            None => Span::new(at + item.len(), 1),
        };
        // An item made of foreign characters (reported as non-ASCII) is not empty. It
        // touches its comma: the byte before the first comma, or the byte after the comma
        // before it.
        let beside = match before {
            Some(_) => Some(comma.end()),
            None => comma.offset.checked_sub(1),
        };
        if beside
            .and_then(|at| record.get(at))
            .is_some_and(|&b| is_foreign(b))
        {
            return Ok(());
        }
        let place = if before.is_none() {
            "before the first item"
        } else if last {
            "after the last item"
        } else {
            "between two commas"
        };
        cx.error(|| messages::empty_item(comma, place))
    }

    /// The tokens between two commas: one item, or several with missing commas.
    fn items_of<'r, R: Report>(
        &mut self,
        cx: &mut Cx<'r, R>,
        color: Option<Color>,
        text: &'r [u8],
    ) -> Result<(), Stop> {
        let record = cx.record();
        let mut rest = text;
        let mut after_item = false;
        while let Some((first, _)) = next(cx, rest)? {
            if let Some((junk, after)) = junk_run(cx, rest)? {
                cx.error(|| messages::unexpected(record, junk))?;
                rest = after;
                continue;
            }
            if after_item {
                let at = span(cx, &first);
                cx.error(|| messages::missing_comma(record, at))?;
            }
            rest = self.item(cx, color, rest)?;
            after_item = true;
        }
        Ok(())
    }
}

/// The run at the start of `input` that no item can start with: characters that are not part
/// of a square, or letters that are not a king or a file before a rank. A run of them, written
/// together, is one problem: its span and the input after it (`None` when an item starts here).
fn junk_run<'r, R: Report>(
    cx: &Cx<'r, R>,
    input: &'r [u8],
) -> Result<Option<(Span, &'r [u8])>, Stop> {
    let mut rest = input;
    let mut run: Option<(Token<'r>, Token<'r>)> = None;
    while let Some((token, after)) = next(cx, rest)? {
        let joined = run.is_none_or(|(_, last)| adjacent(cx, &last, &token));
        if readable(cx, token, rest)? || !joined {
            break;
        }
        run = Some((run.map_or(token, |(first, _)| first), token));
        rest = after;
    }
    Ok(run.map(|(first, last)| {
        let (first, last) = (span(cx, &first), span(cx, &last));
        (Span::from_range(first.offset, last.end()), rest)
    }))
}
