//! The human form of a diagnostic (the library's `HumanRenderer`, as the command line draws
//! it) and Python's `repr` of a text.

use crate::input::Input;

/// The name a record is shown under when it came from no file.
pub const NO_SOURCE: &str = "<string>";

/// The width the command line renders at when it knows no terminal's.
pub const DEFAULT_WIDTH: usize = 100;

/// `diagnostic` drawn on its record, headed `source:line:column`; coloured only when asked.
pub fn render(
    diagnostic: &fenkit::Diagnostic,
    input: &Input,
    source: Option<&str>,
    line: usize,
    color: bool,
    width: usize,
) -> String {
    fenkit::HumanRenderer::new(color, width).render(
        diagnostic,
        source.unwrap_or(NO_SOURCE),
        line,
        &input.bytes,
    )
}

/// `text` as Python's `repr` writes a `str`: single quotes unless it holds one and no double
/// quote, backslashes and control characters escaped.
pub fn py_repr(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut shown = String::with_capacity(text.len() + 2);
    shown.push(quote);
    for c in text.chars() {
        match c {
            '\\' => shown.push_str("\\\\"),
            '\n' => shown.push_str("\\n"),
            '\r' => shown.push_str("\\r"),
            '\t' => shown.push_str("\\t"),
            c if c == quote => {
                shown.push('\\');
                shown.push(c);
            }
            c if c.is_control() => shown.push_str(&format!("\\x{:02x}", u32::from(c))),
            c => shown.push(c),
        }
    }
    shown.push(quote);
    shown
}
