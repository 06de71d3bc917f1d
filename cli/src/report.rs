//! Output: miette reports and a summary line for people, JSON Lines for editors and tools.

use std::fmt;
use std::io::{self, IsTerminal, Write};

use fenkit::{Notation, Parsed, Position};
use serde::Serialize;

use crate::args::ColorChoice;
use crate::input::Record;
use crate::terminal::{shown, write_json};

/// A record after checking: what it was read as and everything found.
pub struct Checked<'a> {
    pub record: Record<'a>,
    pub notation: Notation,
    /// Whether the notation was detected from the record's shape rather than given.
    pub detected: bool,
    pub parsed: Parsed<Position>,
}

/// Hands `then` the record `found` of `source`, as the commands report it.
#[inline]
pub fn with_checked<T>(
    source: &str,
    found: fenkit::records::Record<'_>,
    then: impl FnOnce(Checked<'_>) -> T,
) -> T {
    let fenkit::records::Record {
        line,
        text,
        notation,
        detected,
        parsed,
        ..
    } = found;
    then(Checked {
        record: Record {
            source,
            line,
            text: &text,
        },
        notation,
        detected,
        parsed,
    })
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
#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    pub records: u64,
    pub valid: u64,
    pub invalid: u64,
    pub errors: u64,
    pub warnings: u64,
    /// Diagnostics `--ignore`/`--select` left out (not in `errors` or `warnings`); in JSON only
    /// when some were.
    #[serde(skip_serializing_if = "is_zero")]
    pub ignored: u64,
    /// Reported records whose notation was detected, by notation (for the note of their file).
    #[serde(skip)]
    pub detected: Detected,
}

/// How many reported records were read in each notation detected from their shape: a count
/// per row of [`fenkit::notations`], in its order (empty until a record is counted).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Detected(Vec<u64>);

impl Detected {
    fn add(&mut self, notation: Notation) {
        let rows = fenkit::notations();
        if let Some(index) = rows.iter().position(|info| info.notation == notation) {
            self.0.resize(rows.len().max(self.0.len()), 0);
            if let Some(count) = self.0.get_mut(index) {
                *count += 1;
            }
        }
    }

    pub fn merge(&mut self, other: &Detected) {
        if self.0.len() < other.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        for (count, more) in self.0.iter_mut().zip(&other.0) {
            *count += more;
        }
    }

    /// The note that ends the reports of a file with detected notations, once per file:
    /// `note: tour.txt: each record was read in the notation its shape shows (fen 5, epd 2;
    /// `--notation` sets it)`.
    pub fn note(&self, source: &str) -> Option<String> {
        let counts: Vec<String> = fenkit::notations()
            .iter()
            .zip(&self.0)
            .filter(|&(_, &count)| count > 0)
            .map(|(info, count)| format!("{} {count}", info.name))
            .collect();
        (!counts.is_empty()).then(|| {
            format!(
                "note: {}: each record was read in the notation its shape shows ({}; \
                 `--notation` sets it)",
                shown(source),
                counts.join(", ")
            )
        })
    }
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
        if checked.detected && !checked.parsed.diagnostics.is_empty() {
            self.detected.add(checked.notation);
        }
    }

    /// Adds the counts of another part of the input.
    pub fn merge(&mut self, other: &Summary) {
        self.records += other.records;
        self.valid += other.valid;
        self.invalid += other.invalid;
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.ignored += other.ignored;
        self.detected.merge(&other.detected);
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

/// Renders diagnostics as the library's [`fenkit::HumanRenderer`] draws them.
pub struct HumanRenderer {
    renderer: fenkit::HumanRenderer,
}

impl HumanRenderer {
    /// A renderer for `stream`: its colour and width decided for that stream.
    pub fn for_stream(choice: ColorChoice, stream: Stream) -> Self {
        HumanRenderer::new(use_color(choice, stream), stream.width().unwrap_or(100))
    }

    pub fn new(color: bool, width: usize) -> Self {
        HumanRenderer {
            renderer: fenkit::HumanRenderer::new(color, width),
        }
    }

    /// Every report of the record, each followed by a blank line (how its notation was chosen
    /// is said once per file, by [`Detected::note`]).
    pub fn render(&self, out: &mut impl Write, checked: &Checked) -> io::Result<()> {
        let rendered = self.renderer.render_record(
            &checked.parsed.diagnostics,
            checked.parsed.omitted.total(),
            checked.record.source,
            checked.record.line,
            checked.record.text,
        );
        out.write_all(rendered.as_bytes())
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
    let ignored = if summary.ignored > 0 {
        format!(", {} ignored", summary.ignored)
    } else {
        String::new()
    };
    format!(
        "{}: {} valid, {} invalid ({}, {}{ignored})",
        counted(summary.records, "record"),
        summary.valid,
        summary.invalid,
        counted(summary.errors, "error"),
        counted(summary.warnings, "warning")
    )
}

fn is_zero(count: &u64) -> bool {
    *count == 0
}

/// One JSON line for a record: `{"source","line","notation","valid","canonical","diagnostics"}`,
/// then `"omitted"` when the cap left some out.
///
/// Written by hand rather than through a derived `Serialize`, so that a valid record costs no
/// allocation and no escaping pass over text that needs none (the canonical text is written
/// straight into `out` and escaped only when it holds a `"`, a `\` or a control character);
/// each diagnostic is still the library's serde form, with each label's line and columns.
pub fn json_record(out: &mut Vec<u8>, checked: &Checked) -> io::Result<()> {
    let record = &checked.record;
    out.extend_from_slice(b"{\"source\":");
    json_str(out, record.source)?;
    out.extend_from_slice(b",\"line\":");
    push_decimal(out, record.line);
    // Notation names are lowercase ASCII words: nothing to escape.
    out.extend_from_slice(b",\"notation\":\"");
    out.extend_from_slice(checked.notation.name().as_bytes());
    out.push(b'"');
    out.extend_from_slice(if checked.parsed.is_valid() {
        b",\"valid\":true,\"canonical\":"
    } else {
        b",\"valid\":false,\"canonical\":"
    });
    match checked.valid_value() {
        Some(value) => json_displayed(out, value)?,
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"diagnostics\":[");
    for (index, diagnostic) in checked.parsed.diagnostics.iter().enumerate() {
        if index > 0 {
            out.push(b',');
        }
        write_json(out, &diagnostic.located(record.text, record.line))?;
    }
    out.push(b']');
    let omitted = checked.parsed.omitted.total();
    if omitted > 0 {
        write!(out, ",\"omitted\":{omitted}")?;
    }
    out.extend_from_slice(b"}\n");
    Ok(())
}

/// Whether `text` can stand between JSON quotes as it is: printable ASCII but `"` and `\\`
/// (serde_json escapes those and the C0 controls; [`write_json`] also DEL, C1 and bidirectional
/// controls, which only bytes from 0x7f can start). A fold rather than `any`, so that the
/// compiler checks many bytes at a time.
fn needs_no_escape(text: &[u8]) -> bool {
    !text.iter().fold(false, |found, &byte| {
        found | (byte == b'"') | (byte == b'\\') | !(b' '..=b'~').contains(&byte)
    })
}

/// `number` in decimal, as serde_json writes an integer (without `fmt`'s machinery).
fn push_decimal(out: &mut Vec<u8>, mut number: usize) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        if let Some(digit) = digits.get_mut(start) {
            *digit = b'0' + (number % 10) as u8;
        }
        number /= 10;
        if number == 0 || start == 0 {
            break;
        }
    }
    out.extend_from_slice(digits.get(start..).unwrap_or_default());
}

/// A JSON string, as [`write_json`] writes it.
fn json_str(out: &mut Vec<u8>, text: &str) -> io::Result<()> {
    if needs_no_escape(text.as_bytes()) {
        out.push(b'"');
        out.extend_from_slice(text.as_bytes());
        out.push(b'"');
        Ok(())
    } else {
        write_json(out, &text)
    }
}

/// A value's `Display` as a JSON string, written in place (no `String` of its own): escaped
/// through serde_json only when the text needs it.
fn json_displayed(out: &mut Vec<u8>, value: &impl fmt::Display) -> io::Result<()> {
    let start = out.len();
    out.push(b'"');
    write!(out, "{value}")?;
    if needs_no_escape(out.get(start + 1..).unwrap_or_default()) {
        out.push(b'"');
        return Ok(());
    }
    out.truncate(start);
    write_json(out, &Displayed(value))
}

/// A `Display` value serialised as a string.
struct Displayed<'a, T>(&'a T);

impl<T: fmt::Display> Serialize for Displayed<'_, T> {
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
    write_json(out, &InputError { source, error })?;
    out.write_all(b"\n")
}

/// The closing JSON line.
pub fn json_summary(out: &mut impl Write, summary: &Summary) -> io::Result<()> {
    #[derive(Serialize)]
    struct Wrapper<'a> {
        summary: &'a Summary,
    }
    write_json(out, &Wrapper { summary })?;
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
        let (lines_before, column) = diagnostic.span().map_or((0, 1), |span| {
            let columns = fenkit::SpanColumns::of(checked.record.text, span);
            (columns.lines_before, columns.column)
        });
        writeln!(
            out,
            "{}:{}:{}: {}[{}]: {}",
            shown(checked.record.source),
            checked.record.line + lines_before,
            column,
            diagnostic.severity().as_str(),
            diagnostic.code(),
            diagnostic.message()
        )?;
    }
    // As gcc's notes: the cap's count on a line of its own, at the record's start.
    if let Some(line) = fenkit::omitted_line(checked.parsed.omitted.total()) {
        let (source, number) = (shown(checked.record.source), checked.record.line);
        writeln!(out, "{source}:{number}:1: note: {line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_are_written_as_to_string_writes_them() {
        for number in [0, 7, 10, 99, 100, 1_234_567_890, usize::MAX] {
            let mut out = b"x".to_vec();
            push_decimal(&mut out, number);
            assert_eq!(out, format!("x{number}").into_bytes());
        }
    }

    #[test]
    fn only_printable_ascii_but_quotes_and_backslashes_is_written_as_it_is() {
        assert!(needs_no_escape(b"rnbqkbnr/8 w KQkq - 0 1 ~"));
        for bad in [
            &b"a\"b"[..],
            b"a\\b",
            b"a\tb",
            b"\n",
            b"\x00",
            b"\x1f",
            b"\x7f",
            b"\xc3\xa9",
        ] {
            assert!(!needs_no_escape(bad), "{bad:?}");
        }
    }
}
