//! All notations are ASCII: non-ASCII bytes are errors whose span covers the whole character.

use crate::diagnostic::{Diagnostic, Sink, Span};

/// The span of the UTF-8 character that starts at `offset` (one byte if it is not valid UTF-8;
/// an empty span at the end of the record, where there is no character).
pub(crate) fn char_span(record: &[u8], offset: usize) -> Span {
    let rest = record.get(offset..).unwrap_or_default();
    if rest.is_empty() {
        return Span::new(offset.min(record.len()), 0);
    }
    let len = match rest.first() {
        Some(&b) if b < 0x80 => 1,
        Some(&b) if b >= 0xF0 => 4,
        Some(&b) if b >= 0xE0 => 3,
        Some(&b) if b >= 0xC0 => 2,
        _ => 1,
    };
    let valid = rest
        .get(..len)
        .is_some_and(|bytes| std::str::from_utf8(bytes).is_ok());
    Span::new(offset, if valid { len } else { 1 })
}

/// Reports every non-ASCII character (and ASCII control character other than tab) of `record`
/// as an error with `code`; returns whether there was one.
pub(crate) fn report_non_ascii(record: &[u8], code: &'static str, sink: &mut Sink) -> bool {
    let mut found = false;
    let mut offset = 0;
    while let Some(position) = record
        .get(offset..)
        .and_then(|rest| rest.iter().position(|&b| is_foreign(b)))
    {
        let span = char_span(record, offset + position);
        let bytes = span.of(record);
        let text = match std::str::from_utf8(bytes) {
            Ok(_) => quote(bytes),
            Err(_) => format!("byte 0x{:02X}", bytes.first().copied().unwrap_or(0)),
        };
        sink.push(
            Diagnostic::error(code, format!("{text} is not a printable ASCII character"))
                .label(span, "not ASCII")
                .help("these notations are written in printable ASCII only: replace or remove this character"),
        );
        found = true;
        offset = span.end();
    }
    found
}

/// A byte no notation uses anywhere: non-ASCII, or an ASCII control character except tab.
pub(crate) fn is_foreign(b: u8) -> bool {
    b >= 0x7F || (b < 0x20 && b != b'\t')
}

/// The record as text for rendering: each byte that is not part of valid UTF-8 becomes `?`,
/// so byte offsets stay the same.
pub(crate) fn display_text(record: &[u8]) -> String {
    let mut text = String::with_capacity(record.len());
    for chunk in record.utf8_chunks() {
        text.push_str(chunk.valid());
        text.extend(chunk.invalid().iter().map(|_| '?'));
    }
    text
}

/// `bytes` in backquotes for a message, with control characters escaped (quotes are kept as
/// they are: FEEN pieces contain `'`).
pub(crate) fn quote(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('`');
    for c in text.chars() {
        if c == '\'' || c == '"' {
            quoted.push(c);
        } else {
            quoted.extend(c.escape_debug());
        }
    }
    quoted.push('`');
    quoted
}
