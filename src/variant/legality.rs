//! The chess legality step on a variant record: the chess part is checked by the chess rules
//! ([`Fen::validate_with`], on its canonical text), and each span is moved from that text to
//! where the same square or field stands in the variant record, as the pass left it.

use super::record::Reading;
use crate::chess::{Fen, Square};
use crate::diagnostic::Diagnostic;
use crate::options::ParseOptions;
use crate::span::Span;

/// The chess legality diagnostics of `fen` (the chess part of `record`) by `variant`'s board
/// rules, their spans in `record`.
pub(crate) fn chess(
    fen: &Fen,
    record: &[u8],
    reading: &Reading,
    options: &ParseOptions,
    variant: crate::options::Variant,
) -> Vec<Diagnostic> {
    let canonical = fen.to_string();
    let text = canonical.as_bytes();
    fen.validate_with(text, &options.with_variant(variant))
        .into_iter()
        .map(|diagnostic| diagnostic.map_spans(|span| moved(span, text, record, reading)))
        .collect()
}

/// `span` of the canonical chess text `canonical`, moved to the same place in `record`.
fn moved(span: Span, canonical: &[u8], record: &[u8], reading: &Reading) -> Span {
    let mut starts = [0usize; 6];
    let mut index = 0;
    for (at, &byte) in canonical.iter().enumerate() {
        if byte == b' ' && index < 5 {
            index += 1;
            if let Some(start) = starts.get_mut(index) {
                *start = at + 1;
            }
        }
    }
    let field = starts
        .iter()
        .rposition(|&start| start <= span.offset)
        .unwrap_or(0);
    let start = starts.get(field).copied().unwrap_or(0);
    let here = reading.fields.get(field).copied().unwrap_or_default();
    let within = span.offset - start;
    if field == 0 {
        let placement = canonical
            .get(..starts.get(1).copied().unwrap_or(0))
            .unwrap_or_default();
        let square = if span.len == 1 {
            square_at(placement, within)
        } else {
            None
        };
        return match (square, &reading.placement) {
            (Some(square), Some(read)) => read.span(square).shifted(here.offset),
            _ => here,
        };
    }
    let end = starts
        .get(field + 1)
        .map_or(canonical.len(), |next| next - 1);
    let canonical_field = canonical.get(start..end).unwrap_or_default();
    if here.of(record) == canonical_field {
        Span::new(here.offset + within, span.len)
    } else {
        here
    }
}

/// The square whose character is at `at` in a canonical placement (the first square an empty
/// count covers).
fn square_at(placement: &[u8], at: usize) -> Option<Square> {
    let (mut file, mut rank) = (0u8, 7u8);
    for (index, &byte) in placement.iter().enumerate() {
        if index == at {
            return Square::new(file, rank);
        }
        match byte {
            b'/' => {
                file = 0;
                rank = rank.checked_sub(1)?;
            }
            b'1'..=b'8' => file += byte - b'0',
            _ => file += 1,
        }
    }
    None
}
