//! The old style-turn grammar and its re-reader (oracle).

use nom::IResult;
use nom::character::complete::char;
use nom::error::{ErrorKind, ParseError};

use crate::primitives::syntax::reject;

use super::snn::{self, check_style};
use crate::diagnostic::{Diagnostic, Sink, Span};
use crate::feen::codes;
use crate::feen::{Side, StyleTurn};
use crate::primitives::ascii::quote;

/// The style-turn grammar.
pub(crate) fn style_turn<'a, E: ParseError<&'a [u8]>>(
    input: &'a [u8],
) -> IResult<&'a [u8], StyleTurn, E> {
    let start = input;
    let (input, active) = snn::style(input)?;
    let (input, _) = char('/')(input)?;
    let (input, inactive) = snn::style(input)?;
    match StyleTurn::new(active, inactive) {
        Some(turn) => Ok((input, turn)),
        None => reject(start, ErrorKind::Verify),
    }
}

/// Re-reads a style-turn field, reporting every problem.
pub(crate) fn scan(record: &[u8], field: Span, sink: &mut Sink) -> Option<StyleTurn> {
    let text = field.of(record);
    let slashes = crate::primitives::fields::separator_offsets(text, b'/');
    let Some(&first) = slashes.first() else {
        sink.push(
            Diagnostic::error(codes::MISSING_STYLE_SEPARATOR, format!("style-turn field {} has no `/` between the two styles", quote(text)))
                .label(field, "no `/`")
                .help("write the style of the player to move, `/`, then the other player's style, one uppercase and one lowercase: `CHESS/chess`"),
        );
        return None;
    };
    let second_end = slashes.get(1).copied().unwrap_or(text.len());
    if let Some(&extra) = slashes.get(1) {
        let kept = quote(text.get(..extra).unwrap_or_default());
        sink.push(
            Diagnostic::error(
                codes::EXTRA_STYLE_SEPARATOR,
                format!("style-turn field {} has more than two styles", quote(text)),
            )
            .label(
                Span::from_range(field.offset + extra, field.end()),
                "after the second style",
            )
            .help(format!("FEEN has exactly two players: write {kept}")),
        );
    }
    let active_span = Span::from_range(field.offset, field.offset + first);
    let inactive_span = Span::from_range(field.offset + first + 1, field.offset + second_end);
    let active = check_style(record, active_span, "the style of the player to move", sink);
    let inactive = check_style(record, inactive_span, "the style of the other player", sink);
    let (active, inactive) = (active?, inactive?);
    if active.side() == inactive.side() {
        let flipped = inactive.in_case_of(active.side().opposite());
        let case = match active.side() {
            Side::First => "uppercase",
            Side::Second => "lowercase",
        };
        sink.push(
            Diagnostic::error(codes::SAME_CASE_STYLES, format!("styles {} and {} are both {case}", quote(active.as_str().as_bytes()), quote(inactive.as_str().as_bytes())))
                .label(inactive_span, format!("also {case}"))
                .label(active_span, case.to_string())
                .help(format!(
                    "one style is uppercase (the first player's) and the other lowercase (the second player's): write `{active}/{flipped}`"
                )),
        );
        return None;
    }
    if slashes.len() > 1 {
        return None;
    }
    StyleTurn::new(active, inactive)
}
