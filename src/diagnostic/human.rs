//! The human form of a record's reports, drawn once for every front end: miette's graphical
//! report with the unicode theme, coloured or not, a width, and what to write when miette
//! cannot draw one.

use miette::{GraphicalReportHandler, GraphicalTheme};

use super::{Diagnostic, record_text};

/// Draws diagnostics as `fenkit check` prints them: each one's snippet headed
/// `name:LINE:COLUMN`, its labels and its help.
///
/// ```
/// use fenkit::{Fen, HumanRenderer, ParseOptions};
///
/// let record = "8/8/8/8/8/8/8/k1K5 x - - 0 1";
/// let parsed = Fen::parse(record.as_bytes(), &ParseOptions::strict());
/// let shown = HumanRenderer::new(false, 80).render_record(
///     &parsed.diagnostics,
///     parsed.omitted.total(),
///     "uci",
///     1,
///     record,
/// );
/// assert!(shown.contains("fenkit::fen::invalid_side_to_move"));
/// assert!(shown.ends_with("\n\n"));
/// ```
pub struct HumanRenderer {
    handler: GraphicalReportHandler,
}

impl HumanRenderer {
    /// A renderer `width` columns wide. With `color`, ANSI colours, and each code links to
    /// its explanation; without, plain text for files and pipes.
    pub fn new(color: bool, width: usize) -> Self {
        let theme = if color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        HumanRenderer {
            handler: GraphicalReportHandler::new_themed(theme)
                .with_width(width)
                .with_links(color)
                .with_urls(color),
        }
    }

    /// Appends `diagnostic` drawn on `text` (its record, the first of whose lines is line
    /// `first_line` of `name`), or `code: message` and a newline when miette cannot draw it.
    pub fn render_into(
        &self,
        out: &mut String,
        diagnostic: &Diagnostic,
        name: &str,
        first_line: usize,
        text: &str,
    ) {
        let before = out.len();
        let sourced = diagnostic.with_source(name, first_line, text);
        if self.handler.render_report(out, &sourced).is_err() {
            out.truncate(before);
            out.push_str(diagnostic.code());
            out.push_str(": ");
            out.push_str(diagnostic.message());
            out.push('\n');
        }
    }

    /// `diagnostic` drawn on `input`, its record (bytes that are not UTF-8 shown as `?`).
    pub fn render(
        &self,
        diagnostic: &Diagnostic,
        name: &str,
        first_line: usize,
        input: impl AsRef<[u8]>,
    ) -> String {
        let mut rendered = String::new();
        self.render_into(
            &mut rendered,
            diagnostic,
            name,
            first_line,
            &record_text(input.as_ref()),
        );
        rendered
    }

    /// Every report of one record, each followed by a blank line, then the line that says
    /// how many the cap left out (`omitted`, see [`omitted_line`]); empty without diagnostics.
    pub fn render_record(
        &self,
        diagnostics: &[Diagnostic],
        omitted: usize,
        name: &str,
        first_line: usize,
        input: impl AsRef<[u8]>,
    ) -> String {
        let mut rendered = String::new();
        if !diagnostics.is_empty() {
            let text = record_text(input.as_ref());
            for diagnostic in diagnostics {
                self.render_into(&mut rendered, diagnostic, name, first_line, &text);
                rendered.push('\n');
            }
        }
        if let Some(line) = omitted_line(omitted) {
            rendered.push_str(&line);
            rendered.push_str("\n\n");
        }
        rendered
    }
}

/// The line after a record's reports that says how many the cap left out
/// (`… and 3 more diagnostics`); none when it left none.
pub fn omitted_line(omitted: usize) -> Option<String> {
    match omitted {
        0 => None,
        1 => Some(String::from("… and 1 more diagnostic")),
        n => Some(format!("… and {n} more diagnostics")),
    }
}
