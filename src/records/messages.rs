//! The words of reading records: the diagnostic of a line over the maximum record length.

use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// The diagnostic of a line of `length` bytes, over the maximum record length of `max`
/// bytes: the line was skipped unread, so it points at the line's start. `raise_with` names
/// what raises the limit where the line was read (`` `--max-record-bytes` `` on the command
/// line).
pub fn record_too_long(length: u64, max: usize, raise_with: &str) -> Diagnostic {
    Diagnostic::error(
        crate::codes::input::RECORD_TOO_LONG,
        format!("this line is {length} bytes long, over the maximum record length of {max} bytes"),
    )
    .label(
        Span::new(0, 0),
        "the line starts here; it was skipped unread",
    )
    .help(format!(
        "split it into one record per line, or raise the limit with {raise_with}"
    ))
}
