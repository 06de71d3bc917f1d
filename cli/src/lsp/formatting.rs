//! Formatting: what `fenkit fix` would write, as edits of the lines it changes: each record
//! that its safe fixes make valid, in canonical form (a game file's tag pair keeps its wrapping
//! and gets its fixes only). Comments, blank lines and records that stay invalid are left as
//! they are; a line over the maximum record length is not read.
//!
//! The fixes are read from the document where it is (no copy of it), and changed lines that
//! follow each other make one edit (their new texts joined by their own line ends), so the
//! answer stays a small multiple of what changes, however many lines that is.

use lsp_types::{Position, Range, TextEdit};

use super::diagnostics::line_range;
use super::document::{Document, DocumentKind, Rules};
use crate::fix::Fixer;

/// Changed lines that follow each other, as one edit in the making.
struct Run<'a> {
    start: u32,
    /// The last line, where the edit ends, and whether its whole text changes.
    last: u32,
    end: Position,
    whole: bool,
    /// The line end after the last line (joins the next line's new text).
    ending: &'a str,
    text: String,
}

impl Run<'_> {
    fn edit(self) -> TextEdit {
        TextEdit::new(
            Range::new(Position::new(self.start, 0), self.end),
            self.text,
        )
    }
}

/// The edits that format `document`.
pub fn format(document: &Document, rules: Rules) -> Vec<TextEdit> {
    let fixer = Fixer {
        reading: fenkit::records::ReadOptions::new(rules.options)
            .game_files(fenkit::records::GameFiles::Named)
            .max_record_bytes(rules.max_record_bytes)
            .raise_with("`--max-record-bytes`"),
        max_record_bytes: rules.max_record_bytes,
        filter: fenkit::codes::CodeFilter::default(),
        field: None,
    };
    let games = document.kind == DocumentKind::Games;
    let mut lines = lines_with_ends(&document.text).enumerate();
    let mut edits = Vec::new();
    let mut run: Option<Run<'_>> = None;
    fixer.fixes_of_text(document.text.clone(), games, |fix| {
        let index = fix.number.saturating_sub(1);
        let Some((_, (line, ending))) = lines.find(|(at, _)| *at == index) else {
            return;
        };
        let number = u32::try_from(index).unwrap_or(u32::MAX);
        let old = String::from_utf8_lossy(&fix.old);
        let new = String::from_utf8_lossy(&fix.new);
        let end = line_range(number, &old).end;
        let whole = fix.old.len() == line.len();
        match run.as_mut() {
            Some(run) if run.whole && run.last + 1 == number => {
                run.text.push_str(run.ending);
                run.text.push_str(&new);
                (run.last, run.end, run.whole, run.ending) = (number, end, whole, ending);
            }
            _ => {
                edits.extend(run.take().map(Run::edit));
                run = Some(Run {
                    start: number,
                    last: number,
                    end,
                    whole,
                    ending,
                    text: new.into_owned(),
                });
            }
        }
    });
    edits.extend(run.map(Run::edit));
    edits
}

/// The lines of `text` with their line ends (`\n`, `\r\n`, a lone `\r`; empty for the last),
/// as [`super::document::lines`] cuts them.
fn lines_with_ends(text: &str) -> impl Iterator<Item = (&str, &str)> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let current = rest?;
        match current.find(['\n', '\r']) {
            Some(end) => {
                let (line, ending) = current.split_at(end);
                let length = if ending.starts_with("\r\n") { 2 } else { 1 };
                rest = ending.get(length..);
                Some((line, ending.get(..length).unwrap_or_default()))
            }
            None => {
                rest = None;
                Some((current, ""))
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use fenkit::ParseOptions;

    use super::*;
    use fenkit::records::DEFAULT_MAX_RECORD_BYTES;

    fn format_text(text: &str) -> Vec<(Range, String)> {
        let document = Document {
            version: 1,
            text: Arc::from(text),
            kind: DocumentKind::Records,
        };
        let rules = Rules {
            options: ParseOptions::strict().validated(),
            max_record_bytes: DEFAULT_MAX_RECORD_BYTES,
        };
        format(&document, rules)
            .into_iter()
            .map(|edit| (edit.range, edit.new_text))
            .collect()
    }

    #[test]
    fn lines_that_follow_each_other_make_one_edit_with_their_own_line_ends() {
        let bad = "4k3/8/8/8/8/8/8/4K3 W - - 0 1";
        let good = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        let text = format!("{bad}\r\n{bad}\n{bad}\n# note\n{bad}");
        let range = |a: u32, b: u32, c: u32| Range::new(Position::new(a, 0), Position::new(b, c));
        assert_eq!(
            format_text(&text),
            [
                (range(0, 2, 29), format!("{good}\r\n{good}\n{good}")),
                (range(4, 4, 29), good.to_string()),
            ]
        );
    }
}
