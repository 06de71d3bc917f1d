//! Non-ASCII characters as a reporting rule: each run is one error over the whole run.

use super::context::Cx;
use super::report::{Report, Stop};
use crate::diagnostic::Diagnostic;
use crate::primitives::ascii::{foreign_run, quote};
use crate::span::Span;

/// Reports every run of non-ASCII characters (and control characters other than tab) in
/// `text`, a sub-slice of the record, with `code`. Fields holding one are then left alone by
/// their own rules, so a character gets one diagnostic, never a label inside it.
pub(crate) fn non_ascii<R: Report>(
    cx: &mut Cx<'_, R>,
    text: &[u8],
    code: &'static str,
) -> Result<(), Stop> {
    let start = cx.offset(text);
    let record = cx.record();
    let mut from = 0;
    while let Some(run) = foreign_run(text, from) {
        from = run.end();
        let span = run.shifted(start);
        cx.error(|| non_ascii_diagnostic(record, span, code))?;
    }
    Ok(())
}

/// The error for the run of foreign bytes at `span` of `record`.
pub(crate) fn non_ascii_diagnostic(record: &[u8], span: Span, code: &'static str) -> Diagnostic {
    let (text, units) = describe_run(span.of(record));
    let message = if units == 1 {
        format!("{text} is not a printable ASCII character")
    } else {
        format!("{text} are not printable ASCII characters")
    };
    let help = if units == 1 {
        "these notations are written in printable ASCII only: replace or remove this character"
    } else {
        "these notations are written in printable ASCII only: replace or remove these characters"
    };
    Diagnostic::error(code, message)
        .label(span, "not ASCII")
        .help(help)
}

/// A run of foreign bytes for a message, and how many characters (or invalid bytes) it holds.
fn describe_run(bytes: &[u8]) -> (String, usize) {
    match std::str::from_utf8(bytes) {
        Ok(text) => (quote(bytes), text.chars().count()),
        Err(_) => {
            let mut units = 0;
            let mut parts = Vec::new();
            for chunk in bytes.utf8_chunks() {
                if !chunk.valid().is_empty() {
                    units += chunk.valid().chars().count();
                    parts.push(quote(chunk.valid().as_bytes()));
                }
                for byte in chunk.invalid() {
                    units += 1;
                    parts.push(format!("byte 0x{byte:02X}"));
                }
            }
            (parts.join(" "), units)
        }
    }
}
