//! The side-to-move field.

use super::common::done;
use crate::chess::messages;
use crate::chess::types::Color;
use crate::rules::context::{Cx, Step};
use crate::rules::report::Report;

/// `w` or `b`; `W`/`B` is the uppercase dialect.
#[inline]
pub(crate) fn side_to_move<'r, R: Report>(cx: &mut Cx<'r, R>, field: &'r [u8]) -> Step<'r, Color> {
    let color = match field {
        b"w" => return done(field, Color::White),
        b"b" => return done(field, Color::Black),
        b"W" => Color::White,
        b"B" => Color::Black,
        _ => {
            let span = cx.span_of(field);
            return cx.fail(|| messages::invalid_side(field, span));
        }
    };
    let span = cx.span_of(field);
    cx.dialect(|severity| messages::uppercase_side(field, span, severity))?;
    done(field, color)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::codes;
    use crate::mode::Mode;
    use crate::rules::testing::verdicts;
    use crate::span::Span;

    #[test]
    fn the_side_is_w_or_b_and_uppercase_is_a_dialect() {
        assert_eq!(
            verdicts(b"b", Mode::Strict, side_to_move),
            (Some(Color::Black), vec![])
        );
        let uppercase = |error| vec![(codes::UPPERCASE_SIDE, error, Some(Span::new(0, 1)))];
        assert_eq!(
            verdicts(b"W", Mode::Strict, side_to_move),
            (None, uppercase(true))
        );
        assert_eq!(
            verdicts(b"W", Mode::Lenient, side_to_move),
            (Some(Color::White), uppercase(false))
        );
        assert_eq!(
            verdicts(b"white", Mode::Lenient, side_to_move),
            (
                None,
                vec![(codes::INVALID_SIDE, true, Some(Span::new(0, 5)))]
            )
        );
    }
}
