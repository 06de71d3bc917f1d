//! The style-turn field: `ACTIVE/inactive`, two SNN style names, one uppercase (the first
//! player's style) and one lowercase (the second player's); the first one written is the
//! player to move.
//!
//! [`style_turn`] is one rule (see `crate::rules`) for the fast path and the diagnostics.

use super::messages;
use super::snn::style;
use super::types::StyleTurn;
use crate::rules::context::{Cx, Step};
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
