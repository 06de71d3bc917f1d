//! A section of a draughts FEN, after its `:`: a colour and its square list (items separated
//! by `,`), or a Lidraughts counter `H<n>` / `F<n>` (a dialect).

use super::messages;
use super::pass::DraughtsFenRecord;
use super::tokens::{Kind, Next, Token, adjacent, next, readable, span, trimmed};
use crate::diagnostic::Severity;
use crate::primitives::ascii::is_foreign;
use crate::primitives::number::digits_value;
use crate::rules::context::Cx;
use crate::rules::report::{Report, Stop};
use crate::settings::Color;
use crate::span::Span;

impl DraughtsFenRecord {
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
        if let Some((letter, number)) = counter(cx, text)? {
            return self.counter(cx, letter, colon, number);
        }
        let record = cx.record();
        let head_span = span(cx, &head);
        let (color, items) = match head.kind {
            Kind::Letter(b'W') => (Some(Color::White), after),
            Kind::Letter(b'B') => (Some(Color::Black), after),
            Kind::Letter(letter @ (b'w' | b'b')) => {
                cx.dialect(|severity| messages::lowercase(record, head_span, "colour", severity))?;
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
            Kind::Number(_) | Kind::Letter(b'K' | b'k') => {
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
        let all = &self.counters;
        cx.report(severity, || {
            messages::counter(record, letter, span, all, severity)
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
        // The fast path reads plain items with the item rule's inner loop first; the loop
        // below reads (and explains) the list from the first item that one leaves.
        let (text, mut before) = if cx.collects() {
            (text, None)
        } else {
            match self.plain_items(cx, color, text)? {
                Some(left) => left,
                None => return Ok(()),
            }
        };
        let mut at = next(cx, text)?;
        // `before`: the `,` before the item being read (none for the first).
        loop {
            at = match at {
                Some((first, after)) if first.kind != Kind::Comma => {
                    self.items_of(cx, color, first, after)?
                }
                comma => {
                    let after = comma.map(|(comma, _)| span(cx, &comma));
                    empty_item(cx, before, after)?;
                    comma
                }
            };
            // `at` is the `,` after the item, or the end.
            let Some((comma, after)) = at else {
                return Ok(());
            };
            before = Some(span(cx, &comma));
            at = next(cx, after)?;
        }
    }

    /// The items from `first` (`after` follows it) to the next `,`: one item, or several with
    /// missing commas. Returns that `,` (or the end).
    fn items_of<'r, R: Report>(
        &mut self,
        cx: &mut Cx<'r, R>,
        color: Option<Color>,
        first: Token<'r>,
        after: &'r [u8],
    ) -> Result<At<'r>, Stop> {
        let record = cx.record();
        let mut at = Some((first, after));
        let mut after_item = false;
        while let Some((first, after)) = at.filter(|(token, _)| token.kind != Kind::Comma) {
            if let Some((junk, following)) = junk_run(cx, first, after)? {
                cx.error(|| messages::unexpected(record, junk))?;
                at = following;
                continue;
            }
            if after_item {
                let at = span(cx, &first);
                cx.error(|| messages::missing_comma(record, at))?;
            }
            at = self.item(cx, color, first, after)?;
            after_item = true;
        }
        Ok(at)
    }
}

/// The letter and number of a section (its text after the `:`) that is a Lidraughts counter
/// `H<n>` or `F<n>`.
pub(super) fn counter<'r, R: Report>(
    cx: &Cx<'r, R>,
    text: &'r [u8],
) -> Result<Option<(u8, Token<'r>)>, Stop> {
    let Some((head, after)) = next(cx, text)? else {
        return Ok(None);
    };
    let Kind::Letter(letter @ (b'H' | b'F')) = head.kind else {
        return Ok(None);
    };
    let Some((number, rest)) = next(cx, after)? else {
        return Ok(None);
    };
    let alone = matches!(number.kind, Kind::Number(_))
        && adjacent(cx, &head, &number)
        && next(cx, rest)?.is_none();
    Ok(alone.then_some((letter, number)))
}

/// The token a rule stopped before and the input after it (`None` at the end): the next rule
/// starts from it instead of reading it again.
pub(super) type At<'r> = Option<(Token<'r>, &'r [u8])>;

/// The next token of the item being read: `None` at the `,` that ends it (left in the input)
/// or at the end.
#[inline]
pub(super) fn in_item<'r, R: Report>(cx: &Cx<'r, R>, input: &'r [u8]) -> Next<'r> {
    match next(cx, input)? {
        Some((token, _)) if token.kind == Kind::Comma => Ok(None),
        other => Ok(other),
    }
}

/// An item with no token: `,,`, or a comma at either end. `before` and `after` are the commas
/// around it (none before the first item, none after the last).
fn empty_item<R: Report>(
    cx: &mut Cx<'_, R>,
    before: Option<Span>,
    after: Option<Span>,
) -> Result<(), Stop> {
    // The comma the diagnostic points at: the one before, else the one after. An empty list
    // (no comma at all) is fine.
    let Some(comma) = before.or(after) else {
        return Ok(());
    };
    // An item made of foreign characters (reported as non-ASCII) is not empty. It touches its
    // comma: the byte before the first comma, or the byte after the comma before it.
    let beside = match before {
        Some(_) => Some(comma.end()),
        None => comma.offset.checked_sub(1),
    };
    if beside
        .and_then(|at| cx.record().get(at))
        .is_some_and(|&b| is_foreign(b))
    {
        return Ok(());
    }
    let place = if before.is_none() {
        "before the first item"
    } else if after.is_none() {
        "after the last item"
    } else {
        "between two commas"
    };
    cx.error(|| messages::empty_item(comma, place))
}

/// The run from `first` that no item can start with: characters that are not part of a
/// square, or letters that are not a king or a file before a rank. A run of them, written
/// together, is one problem: its span and the token after it (`None` when an item starts at
/// `first`).
fn junk_run<'r, R: Report>(
    cx: &Cx<'r, R>,
    first: Token<'r>,
    after: &'r [u8],
) -> Result<Option<(Span, At<'r>)>, Stop> {
    if readable(first, after) {
        return Ok(None);
    }
    let mut last = first;
    let mut at = next(cx, after)?;
    while let Some((token, after)) = at {
        let ends = token.kind == Kind::Comma || !adjacent(cx, &last, &token);
        if ends || readable(token, after) {
            break;
        }
        last = token;
        at = next(cx, after)?;
    }
    let (first, last) = (span(cx, &first), span(cx, &last));
    Ok(Some((Span::from_range(first.offset, last.end()), at)))
}
