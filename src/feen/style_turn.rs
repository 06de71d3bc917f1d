//! The style-turn field: `ACTIVE/inactive`, two SNN style names, one uppercase (the first
//! player's style) and one lowercase (the second player's); the first one written is the
//! player to move.
//!
//! [`style_turn`] is one rule (see `crate::rules`) for the fast path and the diagnostics.

use super::messages;
use super::snn::style;
use super::types::InvalidToken;
use super::types::StyleTurn;
use crate::mode::Mode;
use crate::rules::context::{Cx, Step};
use crate::rules::report::Free;
use crate::rules::report::{Report, Stop};

/// The style-turn rule over the whole `field`: `ACTIVE/inactive`, two SNN names of different
/// cases. A missing or extra `/`, each bad name and two names of one case are reported.
#[inline]
pub(crate) fn style_turn<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    field: &'r [u8],
) -> Step<'r, StyleTurn> {
    let end = field.get(field.len()..).unwrap_or_default();
    let Some(slash) = memchr::memchr(b'/', field) else {
        let span = cx.span_of(field);
        return cx.fail(|| messages::missing_style_separator(field, span));
    };
    let active_text = field.get(..slash).unwrap_or_default();
    let after = field.get(slash + 1..).unwrap_or_default();
    let extra = memchr::memchr(b'/', after);
    let inactive_text = after
        .get(..extra.unwrap_or(after.len()))
        .unwrap_or_default();
    if let Some(extra) = extra {
        let kept = field.get(..slash + 1 + extra).unwrap_or_default();
        let span = cx.span_of(after.get(extra..).unwrap_or_default());
        cx.error(|| messages::extra_style_separator(field, kept, span))?;
    }
    let (_, active) = cx.resume(
        active_text,
        |cx, text| style(cx, text, messages::ACTIVE_STYLE),
        |_| false,
    )?;
    let (_, inactive) = cx.resume(
        inactive_text,
        |cx, text| style(cx, text, messages::INACTIVE_STYLE),
        |_| false,
    )?;
    let (Some(active), Some(inactive)) = (active, inactive) else {
        return Err(Stop);
    };
    if active.side() == inactive.side() {
        let (active_span, inactive_span) = (cx.span_of(active_text), cx.span_of(inactive_text));
        return cx
            .fail(|| messages::same_case_styles(&active, &inactive, active_span, inactive_span));
    }
    if extra.is_some() {
        return Err(Stop);
    }
    Ok((end, StyleTurn { active, inactive }))
}

impl std::str::FromStr for StyleTurn {
    type Err = InvalidToken;

    fn from_str(text: &str) -> Result<StyleTurn, Self::Err> {
        let field = text.as_bytes();
        let mut cx = Cx::new(field, Mode::Strict, Free);
        style_turn(&mut cx, field)
            .map(|(_, turn)| turn)
            .map_err(|Stop| InvalidToken {
                notation: "STYLE-TURN",
                text: text.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::feen::Side;
    use crate::feen::codes;
    use crate::mode::Mode;
    use crate::rules::testing::verdicts;
    use crate::span::Span;

    #[test]
    fn the_first_style_written_is_the_player_to_move() {
        let (value, found) = verdicts(b"shogi/SHOGI", Mode::Strict, style_turn);
        assert_eq!(found, []);
        assert_eq!(value.map(|turn| turn.side_to_move()), Some(Side::Second));
    }

    #[test]
    fn each_style_turn_problem_is_reported_on_its_bytes() {
        assert_eq!(
            verdicts(b"CHESS", Mode::Strict, style_turn).1,
            [(codes::MISSING_STYLE_SEPARATOR, true, Some(Span::new(0, 5)))]
        );
        assert_eq!(
            verdicts(b"CHESS/chess/x", Mode::Strict, style_turn).1,
            [(codes::EXTRA_STYLE_SEPARATOR, true, Some(Span::new(11, 2)))]
        );
        assert_eq!(
            verdicts(b"CHESS/MAKRUK", Mode::Strict, style_turn).1,
            [(codes::SAME_CASE_STYLES, true, Some(Span::new(6, 6)))]
        );
        assert_eq!(
            verdicts(b"CHESS/", Mode::Strict, style_turn).1,
            [(codes::EMPTY_STYLE, true, Some(Span::new(6, 0)))]
        );
    }
}
