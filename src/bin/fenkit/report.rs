//! Output: miette reports and a summary line for people, JSON Lines for editors and tools.

use std::io::{self, Write};

use fenkit::{Notation, Parsed, Position};
use miette::{GraphicalReportHandler, GraphicalTheme};
use serde::Serialize;

use crate::input::Record;

/// A record after checking: what it was read as and everything found.
pub struct Checked {
    pub record: Record,
    pub notation: Notation,
    pub parsed: Parsed<Position>,
}

impl Checked {
    pub fn canonical(&self) -> Option<String> {
        self.parsed
            .value
            .as_ref()
            .filter(|_| self.parsed.is_valid())
            .map(ToString::to_string)
    }
}

/// Counts for the summary.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct Summary {
    pub records: u64,
    pub valid: u64,
    pub invalid: u64,
    pub errors: u64,
    pub warnings: u64,
}

impl Summary {
    pub fn add(&mut self, checked: &Checked) {
        self.records += 1;
        if checked.parsed.is_valid() {
            self.valid += 1;
        } else {
            self.invalid += 1;
        }
        // Diagnostics left out at the cap are counted too.
        self.errors += checked.parsed.error_count() as u64;
        self.warnings += checked.parsed.warning_count() as u64;
    }
}

/// Renders diagnostics with miette's graphical handler.
pub struct HumanRenderer {
    handler: GraphicalReportHandler,
}

impl HumanRenderer {
    pub fn new(color: bool) -> Self {
        let theme = if color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        let width = terminal_width().unwrap_or(100);
        HumanRenderer {
            handler: GraphicalReportHandler::new_themed(theme)
                .with_width(width)
                // On a terminal the code links to its explanation; piped output stays plain.
                .with_links(color)
                .with_urls(color),
        }
    }

    pub fn render(&self, out: &mut impl Write, checked: &Checked) -> io::Result<()> {
        let text = fenkit::record_text(&checked.record.text);
        let mut rendered = String::new();
        for diagnostic in &checked.parsed.diagnostics {
            let sourced =
                diagnostic.with_source(&checked.record.source, checked.record.line, &text);
            if self.handler.render_report(&mut rendered, &sourced).is_err() {
                rendered.push_str(&format!(
                    "{}: {}\n",
                    diagnostic.code(),
                    diagnostic.message()
                ));
            }
        }
        if let Some(line) = omitted_line(checked.parsed.omitted.total()) {
            rendered.push_str(&line);
            rendered.push('\n');
        }
        out.write_all(rendered.as_bytes())
    }
}

/// The line after a record's reports that says how many the cap left out.
fn omitted_line(omitted: usize) -> Option<String> {
    match omitted {
        0 => None,
        1 => Some(String::from("… and 1 more diagnostic")),
        n => Some(format!("… and {n} more diagnostics")),
    }
}

fn terminal_width() -> Option<usize> {
    std::env::var("COLUMNS").ok()?.parse().ok()
}

pub fn human_summary(summary: &Summary) -> String {
    format!(
        "{} records: {} valid, {} invalid ({} errors, {} warnings)",
        summary.records, summary.valid, summary.invalid, summary.errors, summary.warnings
    )
}

#[derive(Serialize)]
struct JsonRecord<'a> {
    source: &'a str,
    line: usize,
    notation: &'static str,
    valid: bool,
    canonical: Option<String>,
    /// The library's serde form, with each label's line and columns.
    diagnostics: Vec<fenkit::LocatedDiagnostic<'a>>,
    /// Diagnostics past the cap of 32, not listed; absent when none.
    #[serde(skip_serializing_if = "is_zero")]
    omitted: usize,
}

fn is_zero(count: &usize) -> bool {
    *count == 0
}

/// One JSON line for a record.
pub fn json_record(out: &mut impl Write, checked: &Checked) -> io::Result<()> {
    let record = JsonRecord {
        source: &checked.record.source,
        line: checked.record.line,
        notation: checked.notation.name(),
        valid: checked.parsed.is_valid(),
        canonical: checked.canonical(),
        diagnostics: checked
            .parsed
            .diagnostics
            .iter()
            .map(|diagnostic| diagnostic.located(&checked.record.text, checked.record.line))
            .collect(),
        omitted: checked.parsed.omitted.total(),
    };
    serde_json::to_writer(&mut *out, &record)?;
    out.write_all(b"\n")
}

/// The closing JSON line.
pub fn json_summary(out: &mut impl Write, summary: &Summary) -> io::Result<()> {
    #[derive(Serialize)]
    struct Wrapper<'a> {
        summary: &'a Summary,
    }
    serde_json::to_writer(&mut *out, &Wrapper { summary })?;
    out.write_all(b"\n")
}

/// The diagnostics of a record for people: miette reports, or short lines.
pub fn render(
    renderer: &HumanRenderer,
    short: bool,
    out: &mut impl Write,
    checked: &Checked,
) -> io::Result<()> {
    if short {
        short_record(out, checked)
    } else {
        renderer.render(out, checked)
    }
}

/// One `PATH:LINE:COLUMN: SEVERITY[CODE]: MESSAGE` line per diagnostic, as gcc and rustc's short
/// formats write them (the column counts characters, from 1; 1 when there is no label).
pub fn short_record(out: &mut impl Write, checked: &Checked) -> io::Result<()> {
    for diagnostic in &checked.parsed.diagnostics {
        let column = diagnostic.span().map_or(1, |span| {
            fenkit::SpanColumns::of(&checked.record.text, span).column
        });
        writeln!(
            out,
            "{}:{}:{}: {}[{}]: {}",
            checked.record.source,
            checked.record.line,
            column,
            diagnostic.severity().as_str(),
            diagnostic.code(),
            diagnostic.message()
        )?;
    }
    Ok(())
}
