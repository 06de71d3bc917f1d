//! The chess legality step on a variant record: the chess part is checked by the chess rules
//! and the variant's board rules ([`crate::chess::VariantRules`], implemented in `rules`),
//! given where each square and field stands in the record as written, so every span is the
//! record's from the start.

use super::record::Reading;
use crate::chess::Fen;
use crate::chess::record::{Layout, LayoutSource};
use crate::diagnostic::Diagnostic;
use crate::options::ParseOptions;
use crate::settings::Variant;

/// The chess legality diagnostics of `fen` (the chess part of `record`, as `reading` found it)
/// by `variant`'s board rules, their spans in `record`.
pub(crate) fn chess(
    fen: &Fen,
    record: &[u8],
    reading: &Reading,
    options: &ParseOptions,
    variant: Variant,
) -> Vec<Diagnostic> {
    let Some(placement) = &reading.placement else {
        return Vec::new();
    };
    let layout = Layout {
        fields: reading.fields,
        squares: placement.offsets_at(reading.fields[0].offset),
        wanted: true,
    };
    let mut problems = Vec::new();
    let options = options.with_variant(variant);
    fen.validate_layout(
        record,
        &mut LayoutSource::Parsed(&layout),
        &options,
        &mut problems,
    );
    problems
}
