//! fenkit diagnostics as LSP diagnostics: the primary label's range in UTF-16 code units, the
//! other labels as related information, the code linked to its documentation.

use fenkit::{Severity, Span, SpanColumns};
use lsp_types::{
    CodeDescription, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString,
    Position, Range, Uri,
};

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
