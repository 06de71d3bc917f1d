//! Fixes as data: the literal change a diagnostic's help describes, as edits of the record, so
//! editors (code actions) and `fenkit fix` can apply it, as rustc's JSON suggestions do.

use crate::span::Span;

/// Whether a fix can be applied without a person looking at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Applicability {
    /// The fix gives the text the record meant (a dialect's canonical form, `44` → `8`):
    /// `fenkit fix` applies it.
    Safe,
    /// A likely fix that a person should confirm (rustc's "maybe incorrect").
    Guess,
}

/// One replacement: the bytes of `span` become `text` (an empty span inserts, empty text
/// deletes).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Edit {
    /// The bytes replaced, in the record.
    pub span: Span,
    /// What replaces them.
    pub text: String,
}

/// A change that resolves a diagnostic: edits that do not overlap, applied together.
///
/// ```
/// use fenkit::{Fen, ParseOptions};
///
/// let record = b"8/8/8/8/8/8/8/44 w - - 0 1";
/// let parsed = Fen::parse(record, &ParseOptions::lenient());
/// let fix = parsed.diagnostics[0].fix().unwrap();
/// assert_eq!(fix.apply(record), b"8/8/8/8/8/8/8/8 w - - 0 1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fix {
    /// Whether it may be applied automatically.
    pub applicability: Applicability,
    /// The edits, in record order.
    pub edits: Vec<Edit>,
}

impl Fix {
    /// A safe fix that replaces `span` with `text`.
    pub fn safe(span: Span, text: impl Into<String>) -> Fix {
        Fix::edits(Applicability::Safe, [(span, text.into())])
    }

    /// A guess that replaces `span` with `text`.
    pub fn guess(span: Span, text: impl Into<String>) -> Fix {
        Fix::edits(Applicability::Guess, [(span, text.into())])
    }

    /// A fix of several edits.
    pub fn edits(
        applicability: Applicability,
        edits: impl IntoIterator<Item = (Span, String)>,
    ) -> Fix {
        let mut edits: Vec<Edit> = edits
            .into_iter()
            .map(|(span, text)| Edit { span, text })
            .collect();
        crate::primitives::sort::sort_by_key(&mut edits, |edit| {
            (edit.span.offset as u64, edit.span.len as u64)
        });
        Fix {
            applicability,
            edits,
        }
    }

    /// Whether `fenkit fix` may apply it without asking.
    pub fn is_safe(&self) -> bool {
        self.applicability == Applicability::Safe
    }

    /// `record` with the edits applied (edits outside the record, or overlapping an earlier
    /// one, are skipped).
    pub fn apply(&self, record: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(record.len() + 8);
        let mut at = 0;
        for edit in &self.edits {
            let (start, end) = (edit.span.offset, edit.span.end());
            if start < at || end > record.len() {
                continue;
            }
            out.extend_from_slice(record.get(at..start).unwrap_or_default());
            out.extend_from_slice(edit.text.as_bytes());
            at = end;
        }
        out.extend_from_slice(record.get(at..).unwrap_or_default());
        out
    }

    /// The same fix with every span moved through `map`.
    pub(crate) fn map_spans(mut self, map: impl Fn(Span) -> Span) -> Fix {
        for edit in &mut self.edits {
            edit.span = map(edit.span);
        }
        self
    }
}
