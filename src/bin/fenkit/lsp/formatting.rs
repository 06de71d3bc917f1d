//! Formatting: each valid record written in its canonical form, as `fenkit fmt` prints it.
//!
//! Comments, blank lines and invalid records stay as they are. Records inside PDN tag pairs or
//! setup commands stay too: their canonical form is the bare FEN value, not the tag.

use fenkit::ParseOptions;
use lsp_types::TextEdit;

use super::diagnostics::line_range;
use super::document::{Document, Reading, records};
use crate::input::is_tag_or_setup;

/// The edits that put every valid record of `document` in canonical form.
pub fn format(document: &Document, options: ParseOptions) -> Vec<TextEdit> {
    if document.reading == Reading::PdnGames {
        return Vec::new();
    }
    records(&document.text, document.reading, options)
        .filter(|record| !is_tag_or_setup(record.text.as_bytes()))
        .filter_map(|record| {
            let canonical = record.canonical()?;
            (canonical != record.text)
                .then(|| TextEdit::new(line_range(record.line, record.text), canonical))
        })
        .collect()
}
