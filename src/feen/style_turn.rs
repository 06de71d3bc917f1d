//! The style-turn field: `ACTIVE/inactive`, two SNN style names, one uppercase (the first
//! player's style) and one lowercase (the second player's); the first one written is the
//! player to move.
//!
//! [`style_turn`] is one rule (see `crate::rules`) for the fast path and the diagnostics.

use super::messages;
use super::side::Side;
use super::snn::{Style, style};
use crate::mode::Mode;
use crate::rules::context::{Cx, Step};
use crate::rules::report::{Free, Report, Stop};

/// Which style each player has, and who is to move.
///
/// ```
/// use fenkit::feen::{Side, StyleTurn};
///
/// let turn: StyleTurn = "chess/MAKRUK".parse()?;
/// assert_eq!(turn.side_to_move(), Side::Second);
/// assert_eq!(turn.style(Side::First).as_str(), "MAKRUK");
/// assert_eq!(turn.to_string(), "chess/MAKRUK");
/// # Ok::<_, fenkit::feen::InvalidToken>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StyleTurn {
    active: Style,
    inactive: Style,
}

impl StyleTurn {
    /// The styles of the player to move and of the other; `None` if both have the same case.
    pub fn new(active: Style, inactive: Style) -> Option<StyleTurn> {
        (active.side() != inactive.side()).then_some(StyleTurn { active, inactive })
    }

    /// Styles known to be of different cases.
    pub(crate) fn from_parts(active: Style, inactive: Style) -> StyleTurn {
        StyleTurn { active, inactive }
    }

    /// The style of the player to move (written first).
    pub fn active(&self) -> &Style {
        &self.active
    }

    /// The style of the player not to move (written second).
    pub fn inactive(&self) -> &Style {
        &self.inactive
    }

    /// The player to move: the case of the first style.
    pub fn side_to_move(&self) -> Side {
        self.active.side()
    }

    /// The native style of `side`: the uppercase name for the first player, the lowercase one
    /// for the second.
    pub fn style(&self, side: Side) -> &Style {
        if self.active.side() == side {
            &self.active
        } else {
            &self.inactive
        }
    }
}

impl std::fmt::Display for StyleTurn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.active, self.inactive)
    }
}

impl std::str::FromStr for StyleTurn {
    type Err = super::pnn::InvalidToken;

    fn from_str(text: &str) -> Result<StyleTurn, Self::Err> {
        let field = text.as_bytes();
        let mut cx = Cx::new(field, Mode::Strict, Free);
        style_turn(&mut cx, field)
            .map(|(_, turn)| turn)
            .map_err(|Stop| super::pnn::InvalidToken {
                notation: "STYLE-TURN",
                text: text.to_string(),
            })
    }
}

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
