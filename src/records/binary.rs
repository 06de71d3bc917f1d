//! The one record of a binary input, the same in every front end.

use std::borrow::Cow;

use super::options::{ReadOptions, TOO_LONG_PREFIX};
use super::reader::read_one;
use super::record::Record;
use crate::diagnostic::Parsed;
use crate::inputs::BinaryKind;

/// The one record of an input that [`sniff_binary`](crate::inputs::sniff_binary) found to be
/// `kind` from its first bytes `start`: at the line of the bytes that gave it away (the first
/// NUL byte, else the first line), its text that line's first bytes (up to the NUL byte, or
/// [`TOO_LONG_PREFIX`] bytes), and the diagnostic that says what it is. Nothing else of the
/// input is read.
///
/// ```
/// use fenkit::inputs::sniff_binary;
/// use fenkit::records::binary_record;
///
/// let start = b"8/8/8/8/8/8/8/4K2k w - - 0 1\nab\0cd\n";
/// let record = binary_record(sniff_binary(start).unwrap(), start);
/// assert_eq!((record.line, &record.text[..]), (2, &b"ab\0cd"[..]));
/// assert_eq!(record.parsed.diagnostics[0].span().map(|span| span.offset), Some(2));
/// ```
pub fn binary_record(kind: BinaryKind, start: &[u8]) -> Record<'static> {
    let at = match kind {
        BinaryKind::NulBytes => memchr::memchr(0, start).unwrap_or(0),
        _ => 0,
    };
    let before = start.get(..at).unwrap_or_default();
    let line_start = memchr::memrchr(b'\n', before).map_or(0, |newline| newline + 1);
    let line = start.get(line_start..).unwrap_or_default();
    let line = line.split(|&b| b == b'\n').next().unwrap_or_default();
    let shown = line.len().min((at - line_start + 1).max(TOO_LONG_PREFIX));
    let text = line.get(..shown).unwrap_or_default().to_vec();
    let diagnostic = kind.diagnostic(&text);
    let number = 1 + memchr::memchr_iter(b'\n', before).count();
    Record {
        line: number,
        notation: read_one(number, b"", &ReadOptions::default()).notation,
        text: Cow::Owned(text),
        detected: false,
        parsed: Parsed::new(None, vec![diagnostic]),
        heading: None,
    }
}
