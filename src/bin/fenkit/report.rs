//! Output: miette reports and a summary line for people, JSON Lines for editors and tools.

use std::fmt;
use std::io::{self, IsTerminal, Write};

use fenkit::{Notation, Parsed, Position};
use miette::{GraphicalReportHandler, GraphicalTheme};
use serde::Serialize;

use crate::args::ColorChoice;
use crate::input::Record;

/// A record after checking: what it was read as and everything found.
pub struct Checked<'a> {
    pub record: Record<'a>,
    pub notation: Notation,
    /// Whether the notation was detected from the record's shape rather than given.
    pub detected: bool,
    pub parsed: Parsed<Position>,
}

impl Checked<'_> {
    /// The value of a valid record, whose `Display` is the canonical text.
    pub fn valid_value(&self) -> Option<&Position> {
        self.parsed
            .value
            .as_ref()
            .filter(|_| self.parsed.is_valid())
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

    /// Adds the counts of another part of the input.
    pub fn merge(&mut self, other: &Summary) {
        self.records += other.records;
        self.valid += other.valid;
        self.invalid += other.invalid;
        self.errors += other.errors;
        self.warnings += other.warnings;
    }
}

/// The two streams reports can go to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    Stdout,
    Stderr,
}

impl Stream {
    fn is_terminal(self) -> bool {
        match self {
            Stream::Stdout => io::stdout().is_terminal(),
            Stream::Stderr => io::stderr().is_terminal(),
        }
    }

    /// The stream's terminal width: `COLUMNS` when set, else the terminal's own.
    fn width(self) -> Option<usize> {
        if let Some(columns) = std::env::var("COLUMNS")
            .ok()
            .and_then(|columns| columns.parse().ok())
        {
            return Some(columns);
        }
        let size = match self {
            Stream::Stdout => terminal_size::terminal_size_of(io::stdout()),
            Stream::Stderr => terminal_size::terminal_size_of(io::stderr()),
        };
        size.map(|(width, _)| usize::from(width.0))
    }
}

/// Whether to colour `stream`: `--color always|never`, else on a terminal unless `NO_COLOR`
/// is set to something (<https://no-color.org>).
pub fn use_color(choice: ColorChoice, stream: Stream) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            stream.is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
        }
    }
}

/// Renders diagnostics with miette's graphical handler.
pub struct HumanRenderer {
    handler: GraphicalReportHandler,
}

impl HumanRenderer {
    /// A renderer for `stream`: its colour and width decided for that stream.
    pub fn for_stream(choice: ColorChoice, stream: Stream) -> Self {
        HumanRenderer::new(use_color(choice, stream), stream.width().unwrap_or(100))
    }

    pub fn new(color: bool, width: usize) -> Self {
        let theme = if color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        HumanRenderer {
            handler: GraphicalReportHandler::new_themed(theme)
                .with_width(width)
                // On a terminal the code links to its explanation; piped output stays plain.
                .with_links(color)
                .with_urls(color),
        }
    }

    /// Every report of the record, each followed by a blank line; a detected notation is named
    /// first.
    pub fn render(&self, out: &mut impl Write, checked: &Checked) -> io::Result<()> {
        let text = fenkit::record_text(checked.record.text);
        let mut rendered = String::new();
        if checked.detected {
            rendered.push_str(&format!(
                "note: {}:{} was read as {} (detected from its shape; `--notation` sets it)\n\n",
                checked.record.source,
                checked.record.line,
                checked.notation.name()
            ));
        }
        for diagnostic in &checked.parsed.diagnostics {
            let sourced = diagnostic.with_source(checked.record.source, checked.record.line, &text);
            if self.handler.render_report(&mut rendered, &sourced).is_err() {
                rendered.push_str(&format!(
                    "{}: {}\n",
                    diagnostic.code(),
                    diagnostic.message()
                ));
            }
            rendered.push('\n');
        }
        if let Some(line) = omitted_line(checked.parsed.omitted.total()) {
            rendered.push_str(&line);
            rendered.push_str("\n\n");
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

/// `1 record`, `2 records`.
fn counted(count: u64, noun: &str) -> String {
    if count == 1 {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

pub fn human_summary(summary: &Summary) -> String {
    format!(
        "{}: {} valid, {} invalid ({}, {})",
        counted(summary.records, "record"),
        summary.valid,
        summary.invalid,
        counted(summary.errors, "error"),
        counted(summary.warnings, "warning")
    )
}

#[derive(Serialize)]
struct JsonRecord<'a> {
    source: &'a str,
    line: usize,
    notation: &'static str,
    valid: bool,
    canonical: Option<Canonical<'a>>,
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
        source: checked.record.source,
        line: checked.record.line,
        notation: checked.notation.name(),
        valid: checked.parsed.is_valid(),
        canonical: checked.valid_value().map(Canonical),
        diagnostics: checked
            .parsed
            .diagnostics
            .iter()
            .map(|diagnostic| diagnostic.located(checked.record.text, checked.record.line))
            .collect(),
        omitted: checked.parsed.omitted.total(),
    };
    serde_json::to_writer(&mut *out, &record)?;
    out.write_all(b"\n")
}

/// The canonical text, written into the JSON output without a `String` of its own.
struct Canonical<'a>(&'a Position);

impl Serialize for Canonical<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self.0)
    }
}

/// An input that could not be read, as a JSON line: `{"source":…,"error":…}`.
pub fn json_input_error(
    out: &mut impl Write,
    source: &str,
    error: &dyn fmt::Display,
) -> io::Result<()> {
    #[derive(Serialize)]
    struct InputError<'a> {
        source: &'a str,
        error: String,
    }
    let error = error.to_string();
    serde_json::to_writer(&mut *out, &InputError { source, error })?;
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
            fenkit::SpanColumns::of(checked.record.text, span).column
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
    // As gcc's notes: the cap's count on a line of its own, at the record's start.
    if let Some(line) = omitted_line(checked.parsed.omitted.total()) {
        let (source, number) = (checked.record.source, checked.record.line);
        writeln!(out, "{source}:{number}:1: note: {line}")?;
    }
    Ok(())
}
