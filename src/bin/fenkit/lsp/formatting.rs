//! Formatting: what `fenkit fix` would write, as edits of the lines it changes: each record
//! that its safe fixes make valid, in canonical form (a PDN tag pair keeps its wrapping and gets
//! its fixes only). Comments, blank lines and records that stay invalid are left as they are.

use fenkit::ParseOptions;
use lsp_types::TextEdit;

use super::diagnostics::line_range;
use super::document::{Document, Reading, lines};
use crate::fix::{FixOutcome, Fixer};

/// The edits that format `document`.
pub fn format(document: &Document, options: ParseOptions) -> Vec<TextEdit> {
    let fixer = Fixer {
        notation: None,
        options,
    };
    let mut fixed = Vec::new();
    let pdn = document.reading == Reading::PdnGames;
    // Every line end as `\n`, so that the fixer's lines are the document's whichever ends
    // it reads.
    let text = lines(&document.text)
        .map(|(_, line)| line)
        .collect::<Vec<_>>()
        .join("\n");
    let mut outcome = FixOutcome::default();
    // Writing into memory cannot fail.
    if fixer
        .fix(text.as_bytes(), &mut fixed, "", pdn, None, &mut outcome)
        .is_err()
    {
        return Vec::new();
    }
    let fixed = String::from_utf8_lossy(&fixed);
    lines(&document.text)
        .zip(lines(&fixed).map(|(_, line)| line))
        .filter(|((_, old), new)| old != new)
        .map(|((number, old), new)| TextEdit::new(line_range(number, old), new.to_string()))
        .collect()
}
