//! Text on its way to a terminal: file names, arguments echoed back and messages go through
//! [`shown`], so a name such as `ESC ]0;TITLE BEL` cannot retitle the terminal, nor a U+202E
//! reorder the line it is on. Each control character and bidirectional control is written as
//! Rust escapes it (`\u{1b}]0;TITLE\u{7}`), the one rule of `fenkit::escape_controls` that
//! diagnostics and snippets follow too.
//!
//! JSON output is escaped as JSON: serde_json writes C0 controls as `\u001b` already, and
//! [`write_json`] also writes DEL, the C1 controls and the bidirectional controls as `\u202e`,
//! the same JSON value, so that JSON Lines printed on a terminal are safe too.

use std::borrow::Cow;
use std::io::{self, Write};
use std::path::Path;

use serde::Serialize;

/// `text` with its control and bidirectional characters escaped for the terminal (borrowed
/// when it has none).
pub fn shown(text: &str) -> Cow<'_, str> {
    fenkit::escape_controls(text)
}

/// A path as [`shown`] writes it (bytes that are not UTF-8 as `�`, as `Path::display` does).
pub fn shown_path(path: &Path) -> Cow<'_, str> {
    match path.to_string_lossy() {
        Cow::Borrowed(text) => shown(text),
        Cow::Owned(text) => Cow::Owned(shown(&text).into_owned()),
    }
}

/// `value` as JSON on `out`, with DEL, C1 and bidirectional controls escaped too (see the
/// module docs).
pub fn write_json(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    let mut serializer = serde_json::Serializer::with_formatter(out, SafeOnTerminal);
    value.serialize(&mut serializer).map_err(io::Error::from)
}

/// Whether `c` is one that [`write_json`] escapes beyond what JSON requires: a control that
/// serde_json writes raw (DEL, C1) or a bidirectional control. C0 controls never reach the
/// formatter's fragments.
fn escaped_in_json(c: char) -> bool {
    let printable_ascii = c == ' ' || c.is_ascii_graphic();
    !printable_ascii && matches!(shown(c.encode_utf8(&mut [0; 4])), Cow::Owned(_))
}

/// serde_json's compact formatter, with the escapes of [`write_json`] in strings.
struct SafeOnTerminal;

impl serde_json::ser::Formatter for SafeOnTerminal {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut start = 0;
        for (index, c) in fragment.char_indices() {
            // Every character escaped here is in the Basic Multilingual Plane: one `\uXXXX`.
            if escaped_in_json(c) {
                writer.write_all(fragment.get(start..index).unwrap_or_default().as_bytes())?;
                write!(writer, "\\u{:04x}", u32::from(c))?;
                start = index + c.len_utf8();
            }
        }
        writer.write_all(fragment.get(start..).unwrap_or_default().as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_escaped_for_the_terminal() {
        assert_eq!(shown("a\u{1b}]0;T\u{7}.fen"), "a\\u{1b}]0;T\\u{7}.fen");
        assert_eq!(shown("\u{202e}nef.txt"), "\\u{202e}nef.txt");
        assert!(matches!(shown("plain/é.fen"), Cow::Borrowed(_)));
        assert_eq!(shown_path(Path::new("dir/\u{9b}x.fen")), "dir/\\u{9b}x.fen");
    }

    #[test]
    fn json_strings_escape_what_a_terminal_would_obey() {
        let mut out = Vec::new();
        let text = "a\u{1b}b\u{7f}c\u{9b}d\u{202e}e\u{2069}f é \u{200e}";
        write_json(&mut out, &text).unwrap_or_default();
        let json = String::from_utf8(out).unwrap_or_default();
        assert_eq!(
            json,
            "\"a\\u001bb\\u007fc\\u009bd\\u202ee\\u2069f é \u{200e}\""
        );
        // The same value as serde_json's own output.
        let back: String = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(back, text);
    }
}
