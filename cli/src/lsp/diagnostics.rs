//! fenkit diagnostics as LSP diagnostics: the primary label's range in UTF-16 code units, the
//! other labels as related information, the code linked to its documentation; at most
//! [`MAX_DOCUMENT_DIAGNOSTICS`] for one document.

use fenkit::{MAX_DIAGNOSTICS, Omitted, Severity, Span, SpanColumns};
use lsp_types::{
    CodeDescription, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString,
    Position, Range, Uri,
};

/// At most this many diagnostics are published for one document, then one that counts the
/// rest: an editor lists a thousand, and the publication stays under about half a megabyte
/// (each diagnostic is about 450 bytes of JSON) whatever the document.
pub const MAX_DOCUMENT_DIAGNOSTICS: usize = 1000;

/// The range of `span` in `text`, the record's line `line` of the document.
pub fn range(line: u32, text: &str, span: Span) -> Range {
    let columns = SpanColumns::of(text.as_bytes(), span);
    let character = |column: usize| u32::try_from(column.saturating_sub(1)).unwrap_or(u32::MAX);
    Range::new(
        Position::new(line, character(columns.column_utf16)),
        Position::new(line, character(columns.end_column_utf16)),
    )
}

/// The whole of line `line`, whose text is `text`.
pub fn line_range(line: u32, text: &str) -> Range {
    range(line, text, Span::new(0, text.len()))
}

/// `diagnostic`, found in the record `text` on line `line` of the document at `uri`.
pub fn to_lsp(
    uri: &Uri,
    line: u32,
    text: &str,
    diagnostic: &fenkit::Diagnostic,
) -> lsp_types::Diagnostic {
    let primary = diagnostic
        .span()
        .map_or_else(|| line_range(line, text), |span| range(line, text, span));
    let related: Vec<DiagnosticRelatedInformation> = diagnostic
        .labels()
        .iter()
        .skip(1)
        .map(|label| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), range(line, text, label.span)),
            message: label.text.clone(),
        })
        .collect();
    let mut message = diagnostic.message().to_string();
    if let Some(help) = diagnostic.help_text() {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    lsp_types::Diagnostic {
        range: primary,
        severity: Some(match diagnostic.severity() {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(diagnostic.code().to_string())),
        code_description: fenkit::codes::url(diagnostic.code())
            .parse()
            .ok()
            .map(|href| CodeDescription { href }),
        source: Some("fenkit".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: None,
    }
}

/// The diagnostics of one document, bounded: errors are kept before warnings, each in document
/// order, and only kept ones are built; the others are counted.
pub struct Bounded {
    limit: usize,
    /// Kept errors and warnings, each with its place in the order they were offered.
    errors: Vec<(usize, lsp_types::Diagnostic)>,
    warnings: Vec<(usize, lsp_types::Diagnostic)>,
    offered: usize,
    omitted: Omitted,
    /// The first line with a diagnostic left out.
    first_omitted_line: Option<u32>,
}

impl Bounded {
    pub fn new(limit: usize) -> Bounded {
        Bounded {
            limit,
            errors: Vec::new(),
            warnings: Vec::new(),
            offered: 0,
            omitted: Omitted::default(),
            first_omitted_line: None,
        }
    }

    /// Offers a diagnostic of `severity` on `line`; `build` makes it only if it is kept.
    pub fn offer(
        &mut self,
        severity: Severity,
        line: u32,
        build: impl FnOnce() -> lsp_types::Diagnostic,
    ) {
        let order = self.offered;
        self.offered += 1;
        let full = self.errors.len() + self.warnings.len() >= self.limit;
        match severity {
            Severity::Error if !full => self.errors.push((order, build())),
            // An error takes the place of the last warning kept.
            Severity::Error => match self.warnings.pop() {
                Some((_, warning)) => {
                    self.omit(Severity::Warning, warning.range.start.line);
                    self.errors.push((order, build()));
                }
                None => self.omit(Severity::Error, line),
            },
            Severity::Warning if !full => self.warnings.push((order, build())),
            Severity::Warning => self.omit(Severity::Warning, line),
        }
    }

    /// Counts what fenkit left out of the record on `line` (over [`MAX_DIAGNOSTICS`]).
    pub fn omitted_from_record(&mut self, line: u32, omitted: Omitted) {
        if omitted.total() > 0 {
            self.omitted.errors += omitted.errors;
            self.omitted.warnings += omitted.warnings;
            self.note_omitted_line(line);
        }
    }

    fn omit(&mut self, severity: Severity, line: u32) {
        match severity {
            Severity::Error => self.omitted.errors += 1,
            Severity::Warning => self.omitted.warnings += 1,
        }
        self.note_omitted_line(line);
    }

    fn note_omitted_line(&mut self, line: u32) {
        self.first_omitted_line = Some(
            self.first_omitted_line
                .map_or(line, |first| first.min(line)),
        );
    }

    /// The kept diagnostics in document order, then one that says how many were left out.
    pub fn finish(self) -> Vec<lsp_types::Diagnostic> {
        let mut kept: Vec<_> = self.errors.into_iter().chain(self.warnings).collect();
        kept.sort_unstable_by_key(|(order, _)| *order);
        let mut diagnostics: Vec<_> = kept.into_iter().map(|(_, diagnostic)| diagnostic).collect();
        if let Some(line) = self.first_omitted_line {
            diagnostics.push(omitted_note(line, self.omitted, self.limit));
        }
        diagnostics
    }
}

/// The note that counts the diagnostics left out, at the start of the first line with one.
fn omitted_note(line: u32, omitted: Omitted, limit: usize) -> lsp_types::Diagnostic {
    let count = |count: usize, noun: &str| match count {
        1 => format!("1 {noun}"),
        _ => format!("{count} {noun}s"),
    };
    let start = Position::new(line, 0);
    lsp_types::Diagnostic {
        range: Range::new(start, start),
        severity: Some(DiagnosticSeverity::INFORMATION),
        source: Some("fenkit".to_string()),
        message: format!(
            "… and {} not shown ({}, {}), the first on this line: fenkit lsp shows at most \
             {limit} diagnostics per document and {MAX_DIAGNOSTICS} per record",
            count(omitted.total(), "more diagnostic"),
            count(omitted.errors, "error"),
            count(omitted.warnings, "warning"),
        ),
        ..lsp_types::Diagnostic::default()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing)]
    use super::*;

    fn diagnostic(line: u32, message: &str) -> lsp_types::Diagnostic {
        let start = Position::new(line, 0);
        lsp_types::Diagnostic::new_simple(Range::new(start, start), message.to_string())
    }

    #[test]
    fn errors_are_kept_before_warnings_in_document_order() {
        let mut bounded = Bounded::new(3);
        let offered = [
            (Severity::Warning, 0, "w0"),
            (Severity::Error, 1, "e1"),
            (Severity::Warning, 2, "w2"),
            (Severity::Error, 3, "e3"),
            (Severity::Error, 4, "e4"),
            (Severity::Warning, 5, "w5"),
        ];
        for (severity, line, message) in offered {
            bounded.offer(severity, line, || diagnostic(line, message));
        }
        bounded.omitted_from_record(
            6,
            Omitted {
                errors: 2,
                warnings: 0,
            },
        );
        let published = bounded.finish();
        let messages: Vec<_> = published.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(&messages[..3], ["e1", "e3", "e4"]);
        let note = &published[3];
        assert_eq!(note.range.start, Position::new(0, 0));
        assert!(
            note.message
                .starts_with("… and 5 more diagnostics not shown (2 errors, 3 warnings)"),
            "{}",
            note.message
        );
    }

    #[test]
    fn nothing_left_out_means_no_note() {
        let mut bounded = Bounded::new(2);
        bounded.offer(Severity::Error, 0, || diagnostic(0, "e0"));
        bounded.omitted_from_record(0, Omitted::default());
        assert_eq!(bounded.finish().len(), 1);
    }
}
