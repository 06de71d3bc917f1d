//! Hover: the board of each valid record on the line (a game file's `[FEN]` tag included),
//! drawn as the text diagram `fenkit show` prints, in a markdown code block.

use fenkit::diagram::{Glyphs, text};
use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};

use super::diagnostics::line_range;
use super::document::{Document, Rules, records_on};

/// The hover for line `line` of `document`, if a valid record is on it.
pub fn hover(document: &Document, line: u32, rules: Rules) -> Option<Hover> {
    let mut found = None;
    let mut diagrams = Vec::new();
    for record in records_on(&document.text, document.kind, rules, line..=line) {
        found = Some(line_range(line, &record.text));
        let parsed = &record.parsed;
        let valid = parsed.value.as_ref().filter(|_| parsed.is_valid());
        if let Some(position) = valid {
            let notation = record.notation;
            let diagram = text(position, Glyphs::Letters);
            diagrams.push(format!("{notation} position\n```text\n{diagram}```"));
        }
    }
    let range = found?;
    (!diagrams.is_empty()).then(|| Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: diagrams.join("\n\n"),
        }),
        range: Some(range),
    })
}
