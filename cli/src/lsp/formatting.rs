//! Formatting: what `fenkit fix` would write, as edits of the lines it changes: each record
//! that its safe fixes make valid, in canonical form (a game file's tag pair keeps its wrapping
//! and gets its fixes only). Comments, blank lines and records that stay invalid are left as
//! they are.

use fenkit::ParseOptions;
use lsp_types::TextEdit;

use super::diagnostics::line_range;
use super::document::{Document, Reading};
use crate::fix::Fixer;
use crate::input::DEFAULT_MAX_RECORD_BYTES;
use crate::records;

/// The edits that format `document`.
pub fn format(document: &Document, options: ParseOptions) -> Vec<TextEdit> {
    let fixer = Fixer {
        reading: records::Reading {
            notation: None,
            options,
            game_files: records::GameFiles::Named,
        },
        max_record_bytes: DEFAULT_MAX_RECORD_BYTES,
    };
    let pdn = document.reading == Reading::Games;
    fixer
        .fixes_of_text(&document.text, pdn)
        .into_iter()
        .map(|fix| {
            let line = u32::try_from(fix.number.saturating_sub(1)).unwrap_or(u32::MAX);
            let old = String::from_utf8_lossy(&fix.old);
            let new = String::from_utf8_lossy(&fix.new).into_owned();
            TextEdit::new(line_range(line, &old), new)
        })
        .collect()
}
