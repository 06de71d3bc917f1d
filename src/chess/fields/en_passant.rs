//! The en passant field.

use super::common::done;
use crate::chess::messages;
use crate::chess::types::Square;
use crate::rules::context::{Cx, Step};
use crate::rules::report::Report;
use crate::span::Span;

/// `-` or a square on rank 3 or 6.
#[inline]
pub(crate) fn en_passant<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    field: &'r [u8],
) -> Step<'r, Option<Square>> {
    if field == b"-" {
        return done(field, None);
    }
    let square = match Square::read(field) {
        Some((square, [])) => Some(square),
        _ => None,
    };
    match (field, square) {
        (_, Some(square)) if matches!(square.rank(), 2 | 5) => done(field, Some(square)),
        ([file, rank], Some(_)) => {
            let (file, rank) = (char::from(*file), char::from(*rank));
            let rank_span = Span::new(cx.offset(field) + 1, 1);
            cx.fail(|| messages::en_passant_rank(field, file, rank, rank_span))
        }
        _ => {
            let span = cx.span_of(field);
            cx.fail(|| messages::invalid_en_passant(field, span))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::codes;
    use crate::mode::Mode;
    use crate::rules::testing::verdicts;

    #[test]
    fn the_square_is_on_the_third_or_sixth_rank() {
        assert_eq!(
            verdicts(b"-", Mode::Strict, en_passant),
            (Some(None), vec![])
        );
        assert_eq!(
            verdicts(b"e3", Mode::Strict, en_passant).0,
            Some(Square::read(b"e3").map(|(square, _)| square))
        );
        assert_eq!(
            verdicts(b"e4", Mode::Strict, en_passant).1,
            [(codes::EN_PASSANT_RANK, true, Some(Span::new(1, 1)))]
        );
        assert_eq!(
            verdicts(b"z9", Mode::Strict, en_passant).1,
            [(codes::INVALID_EN_PASSANT, true, Some(Span::new(0, 2)))]
        );
    }
}
