//! All notations are ASCII: non-ASCII bytes are errors whose span covers the whole character.

use crate::span::Span;

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

/// The first run of foreign bytes of `record` at or after `from`.
///
/// A run ends on a character boundary: a valid character's continuation bytes are foreign
/// too, so only an invalid sequence could be cut, and it is one byte per unit.
pub(crate) fn foreign_run(record: &[u8], from: usize) -> Option<Span> {
    let rest = record.get(from..)?;
    let start = rest.iter().position(|&b| is_foreign(b))?;
    let length = rest
        .get(start..)
        .unwrap_or_default()
        .iter()
        .take_while(|&&b| is_foreign(b))
        .count();
    Some(Span::new(from + start, length))
}

/// Whether `bytes` hold a character the non-ASCII rule reports: a field holding one is left
/// to that report, so its own checks do not label bytes inside the character.
pub(crate) fn has_foreign(bytes: &[u8]) -> bool {
    bytes.iter().any(|&b| is_foreign(b))
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

/// The most bytes of a text a message quotes whole; a longer text is cut there with `…` and its
/// length, so a message stays short (and cheap to build) whatever the record holds.
pub(crate) const QUOTE_LIMIT: usize = 64;

/// `bytes` in backquotes for a message, with control characters escaped (quotes are kept as
/// they are: FEEN pieces contain `'`). Texts longer than [`QUOTE_LIMIT`] bytes are cut:
/// `` `KKKK…` (1000000 bytes) ``.
pub(crate) fn quote(bytes: &[u8]) -> String {
    let shown = bytes
        .get(..char_boundary_at_most(bytes, QUOTE_LIMIT))
        .unwrap_or(bytes);
    let cut = shown.len() < bytes.len();
    let text = String::from_utf8_lossy(shown);
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('`');
    for c in text.chars() {
        if c == '\'' || c == '"' {
            quoted.push(c);
        } else {
            quoted.extend(c.escape_debug());
        }
    }
    if cut {
        quoted.push_str(&format!("…` ({} bytes)", bytes.len()));
    } else {
        quoted.push('`');
    }
    quoted
}

/// The largest length `<= limit` that does not cut a UTF-8 character of `bytes` in two.
pub(crate) fn char_boundary_at_most(bytes: &[u8], limit: usize) -> usize {
    if bytes.len() <= limit {
        return bytes.len();
    }
    let mut end = limit;
    // At most three continuation bytes (10xxxxxx) precede a character's end.
    while end > limit.saturating_sub(3) && bytes.get(end).is_some_and(|&b| b & 0xC0 == 0x80) {
        end -= 1;
    }
    end
}

/// Whether `c` must not reach a terminal raw: a control character (C0, DEL, C1), which can move
/// the cursor, clear the screen or retitle the window, or a bidirectional control (U+202A to
/// U+202E, U+2066 to U+2069), which reorders how the text after it is shown ("Trojan Source").
pub(crate) fn is_unsafe_on_terminal(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` with each control character (C0, DEL, C1) and bidirectional control (U+202A to
/// U+202E, U+2066 to U+2069) written as Rust writes it escaped, such as `\u{1b}`, `\t` or
/// `\u{202e}`, so that no name, message or record shown on a terminal can move its cursor,
/// retitle it or reorder what it shows. Borrowed unchanged when there is none, the usual case.
///
/// Every diagnostic's message, labels and help are escaped so when built, a rendered snippet
/// escapes the record the same way, and the CLI escapes file names and arguments with it.
///
/// ```
/// assert_eq!(fenkit::escape_controls("a\u{1b}]0;title\u{7}.fen"), "a\\u{1b}]0;title\\u{7}.fen");
/// assert_eq!(fenkit::escape_controls("\u{202e}nef.exe"), "\\u{202e}nef.exe");
/// assert_eq!(fenkit::escape_controls("plain é"), "plain é");
/// ```
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_unsafe_on_terminal) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut escaped = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unsafe_on_terminal(c) {
            escaped.extend(c.escape_default());
        } else {
            escaped.push(c);
        }
    }
    std::borrow::Cow::Owned(escaped)
}

/// `bytes` quoted for a message; long texts (a megabyte of digits) are cut.
pub(crate) fn short_quote(bytes: &[u8]) -> String {
    const LIMIT: usize = 24;
    match bytes.get(..LIMIT).filter(|_| bytes.len() > LIMIT) {
        Some(head) => format!(
            "{}...` ({} bytes)",
            quote(head).trim_end_matches('`'),
            bytes.len()
        ),
        None => quote(bytes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quote_escapes_controls_and_cuts_long_texts() {
        assert_eq!(quote(b"a\x1b]0;x\x07"), "`a\\u{1b}]0;x\\u{7}`");
        let long = vec![b'K'; 1000];
        let quoted = quote(&long);
        assert!(quoted.starts_with(&format!("`{}…`", "K".repeat(QUOTE_LIMIT))));
        assert!(quoted.ends_with("(1000 bytes)"), "{quoted}");
        // A cut never splits a character: 63 `a` then `é` (2 bytes) keeps 63 bytes.
        let mut accented = vec![b'a'; QUOTE_LIMIT - 1];
        accented.extend("é".repeat(10).as_bytes());
        assert!(quote(&accented).starts_with(&format!("`{}…`", "a".repeat(QUOTE_LIMIT - 1))));
    }

    #[test]
    fn escape_controls_leaves_printable_text_alone() {
        assert_eq!(escape_controls("plain `é`"), "plain `é`");
        assert_eq!(escape_controls("a\rb\u{1b}c\u{85}"), "a\\rb\\u{1b}c\\u{85}");
    }

    #[test]
    fn escape_controls_escapes_every_bidirectional_control() {
        for c in ('\u{202a}'..='\u{202e}').chain('\u{2066}'..='\u{2069}') {
            let text = format!("a{c}b");
            assert_eq!(
                escape_controls(&text),
                format!("a\\u{{{:x}}}b", u32::from(c))
            );
        }
        // Marks that only set a direction, and joiners, are left as they are.
        assert_eq!(escape_controls("\u{200e}\u{200d}"), "\u{200e}\u{200d}");
    }
}
