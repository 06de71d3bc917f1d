//! Code actions: each diagnostic's fix as a quick fix (safe ones preferred), for the records
//! on the lines the client asks about, at most [`MAX_DOCUMENT_DIAGNOSTICS`] (the first).

use std::collections::HashMap;

use fenkit::Fix;
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, Range, TextEdit, Uri, WorkspaceEdit,
};

use super::diagnostics::{MAX_DOCUMENT_DIAGNOSTICS, range, to_lsp};
use super::document::{Document, Rules, records_on};

/// The quick fixes of the diagnostics on the lines of `asked`.
pub fn code_actions(
    uri: &Uri,
    document: &Document,
    asked: Range,
    rules: Rules,
) -> Vec<CodeActionOrCommand> {
    let mut actions = Vec::new();
    let lines = asked.start.line..=asked.end.line;
    for record in records_on(&document.text, document.kind, rules, lines) {
        for diagnostic in &record.parsed.diagnostics {
            let Some(fix) = diagnostic.fix() else {
                continue;
            };
            if actions.len() == MAX_DOCUMENT_DIAGNOSTICS {
                return actions;
            }
            let edits: Vec<TextEdit> = fix
                .edits
                .iter()
                .map(|edit| {
                    TextEdit::new(
                        range(record.line, &record.text, edit.span),
                        edit.text.clone(),
                    )
                })
                .collect();
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: title(fix, record.text.as_bytes()),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![to_lsp(uri, record.line, &record.text, diagnostic)]),
                edit: Some(WorkspaceEdit {
                    changes: Some(HashMap::from([(uri.clone(), edits)])),
                    ..WorkspaceEdit::default()
                }),
                is_preferred: Some(fix.is_safe()),
                ..CodeAction::default()
            }));
        }
    }
    actions
}

/// What the fix does, in the words of an editor's menu.
fn title(fix: &Fix, record: &[u8]) -> String {
    let guess = if fix.is_safe() { "" } else { " (check it)" };
    match fix.edits.as_slice() {
        [edit] => {
            let old = String::from_utf8_lossy(edit.span.of(record));
            let what = if edit.text.is_empty() {
                format!("Remove `{old}`")
            } else if old.is_empty() {
                format!("Insert `{}`", edit.text)
            } else {
                format!("Replace `{old}` with `{}`", edit.text)
            };
            format!("{what}{guess}")
        }
        edits => format!("Apply {} edits{guess}", edits.len()),
    }
}
