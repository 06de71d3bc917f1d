//! Helpers shared by the integration tests.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

use std::path::PathBuf;

use fenkit::Diagnostic;
use miette::{GraphicalReportHandler, GraphicalTheme};

/// Renders every diagnostic of `record` as the CLI does, without colour, 80 columns wide.
pub fn render(name: &str, record: &str, diagnostics: &[Diagnostic]) -> String {
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(80)
        .with_links(false)
        .with_urls(false);
    let mut out = String::new();
    for diagnostic in diagnostics {
        handler
            .render_report(&mut out, &diagnostic.with_source(name, 1, record))
            .unwrap();
    }
    out
}

/// `(code, offset, len)` of the primary label of each diagnostic.
pub fn primary_spans(diagnostics: &[Diagnostic]) -> Vec<(&'static str, usize, usize)> {
    diagnostics
        .iter()
        .map(|d| {
            let span = d.span().expect("every diagnostic has a primary label");
            (d.code(), span.offset, span.len)
        })
        .collect()
}

/// A file of `../shared/corpus`, which sits beside the project (also in CI).
pub fn corpus(path: &str) -> String {
    let full = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus")
        .join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}
