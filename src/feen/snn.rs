//! SNN style names (Style Name Notation 1.0.0, June 2025): `[A-Z][A-Z0-9]*` for the first
//! player's style, `[a-z][a-z0-9]*` for the second player's.
//!
//! [`style`] is one rule (see `crate::rules`) for the fast path and the diagnostics.

use std::str::FromStr;

use super::messages;
use super::types::InvalidToken;
use super::types::Side;
use super::types::Style;
use crate::mode::Mode;
use crate::primitives::ascii::is_foreign;
use crate::primitives::letter::{Case, letter};
use crate::rules::context::{Cx, Step};
use crate::rules::report::Free;
use crate::rules::report::{Report, Stop};
use crate::span::Span;

/// The SNN rule over a whole name `text` (a part of the record): a letter, then letters of the
/// same case and digits. `what` names it in messages (`"the style of the player to move"`).
/// Every problem is reported; a name holding a non-ASCII character is left to the record's
/// report.
#[inline]
pub(crate) fn style<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    text: &'r [u8],
    what: &'static str,
) -> Step<'r, Style> {
    let end = text.get(text.len()..).unwrap_or_default();
    // The case of the first letter, when the rest are digits and letters of that case.
    let case = text.split_first().and_then(|(&first, tail)| {
        let (case, _) = letter(first)?;
        tail.iter()
            .all(|&b| b.is_ascii_digit() || letter(b).is_some_and(|(c, _)| c == case))
            .then_some(case)
    });
    if let Some(case) = case {
        let name = String::from_utf8_lossy(text).into_owned();
        return Ok((
            end,
            Style {
                name,
                side: Side::of_case(case),
            },
        ));
    }
    explain(cx, text, what)?;
    // Every problem was reported (or is a non-ASCII character the record reports).
    Err(Stop)
}

/// Reports what is wrong with a style name that is not SNN.
#[cold]
fn explain<R: Report>(cx: &mut Cx<'_, R>, text: &[u8], what: &'static str) -> Result<(), Stop> {
    let span = cx.span_of(text);
    if text.is_empty() {
        return cx.error(|| messages::empty_style(what, span));
    }
    let mut upper = false;
    let mut lower = false;
    for (index, &b) in text.iter().enumerate() {
        let at = Span::new(span.offset + index, 1);
        match letter(b) {
            Some((Case::Upper, _)) => upper = true,
            Some((Case::Lower, _)) => lower = true,
            None if is_foreign(b) => {}
            None if b.is_ascii_digit() && index == 0 => {
                cx.error(|| messages::style_starts_with_digit(text, at))?;
            }
            None if b.is_ascii_digit() => {}
            None => cx.error(|| messages::style_character(b, text, at))?,
        }
    }
    if upper && lower {
        cx.error(|| messages::mixed_case_style(text, span))?;
    }
    Ok(())
}

impl Style {
    /// The style called `name`; `None` unless it is an SNN name.
    pub fn new(name: &str) -> Option<Style> {
        Style::from_ascii(name.as_bytes())
    }

    /// Reads a whole SNN name from bytes.
    pub fn from_ascii(text: &[u8]) -> Option<Style> {
        let mut cx = Cx::new(text, Mode::Strict, Free);
        style(&mut cx, text, messages::STYLE)
            .ok()
            .map(|(_, style)| style)
    }
}

impl FromStr for Style {
    type Err = InvalidToken;

    fn from_str(text: &str) -> Result<Style, InvalidToken> {
        Style::new(text).ok_or_else(|| InvalidToken {
            notation: "SNN",
            text: text.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_snn() {
        for good in ["CHESS", "chess960", "A", "z", "C1", "SHOGI9"] {
            assert_eq!(
                Style::new(good).map(|s| s.to_string()),
                Some(good.to_string())
            );
        }
        for bad in ["", "1C", "Chess", "cHESS", "CHE-SS", "A_1", "CHE SS"] {
            assert_eq!(Style::new(bad), None, "{bad}");
        }
        assert_eq!(Style::new("shogi").map(|s| s.side()), Some(Side::Second));
    }
}
