//! The words of the module: the diagnostic of a record over the maximum length, and the
//! exceptions an argument raises (each says what the argument takes).

use fenkit::{Diagnostic, Span};
use pyo3::prelude::*;

/// What raises the maximum record length, as the help of `record_too_long` names it.
pub const RAISE_THE_LIMIT: &str = "`max_record_bytes=` (65536 by default)";

/// The diagnostic of a record given as a string, of `length` bytes, over the maximum of `max`
/// bytes: not read, pointed at by its start (a line of a file gets `fenkit::records`' own).
pub fn record_too_long(length: u64, max: usize) -> Diagnostic {
    Diagnostic::error(
        fenkit::codes::input::RECORD_TOO_LONG,
        format!(
            "this record is {length} bytes long, over the maximum record length of {max} bytes"
        ),
    )
    .label(Span::new(0, 0), "the record starts here; it was not read")
    .help(format!(
        "split it into one record per line, or raise the limit with {RAISE_THE_LIMIT}"
    ))
}

/// A name that is not one of `names`.
pub fn unknown_name(argument: &str, name: &str, names: &str) -> String {
    format!("unknown {argument} {name:?}: use one of {names}")
}

/// The name of `value`'s type, as Python writes it.
pub fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|name| name.to_string())
        .unwrap_or_default()
}

/// An argument of the wrong type: what it takes, and what it got.
pub fn wrong_type(argument: &str, takes: &str, value: &Bound<'_, PyAny>) -> String {
    format!("{argument} takes {takes}, not {}", type_name(value))
}

/// `max_record_bytes=0`.
pub const ZERO_MAX_RECORD_BYTES: &str =
    "max_record_bytes takes a number of bytes, at least 1 (65536 by default)";

/// `threads=0`.
pub const ZERO_THREADS: &str =
    "threads takes a number of threads, at least 1, or None (one per core)";

/// `check_many` given one record instead of an iterable of them.
pub fn one_record_for_many(value: &Bound<'_, PyAny>) -> String {
    format!(
        "records takes an iterable of records (each a str or bytes), not one {}: \
         pass [record], or call fenkit.parse(record)",
        type_name(value)
    )
}

/// `check_many` given something that is not iterable.
pub fn not_iterable(value: &Bound<'_, PyAny>) -> String {
    wrong_type(
        "records",
        "an iterable of records (each a str or bytes)",
        value,
    )
}

/// An item of `check_many`'s records that is no record.
pub fn record_item(index: usize, value: &Bound<'_, PyAny>) -> String {
    format!(
        "records[{index}] is a {}: each record is a str or bytes",
        type_name(value)
    )
}

/// A record argument (`parse`) that is no record (Python names the argument before it).
pub fn record_argument(value: &Bound<'_, PyAny>) -> String {
    format!("a record is a str or bytes, not {}", type_name(value))
}

/// A path argument (`check_file`) that is no path.
pub fn path_argument(value: &Bound<'_, PyAny>) -> String {
    wrong_type(
        "path",
        "a file path: a str, bytes or os.PathLike (such as pathlib.Path)",
        value,
    )
}

/// A thread reading records panicked (a bug in the library): no record is silently lost.
pub const READER_FAILED: &str = "a thread reading records failed";

/// A state given to the unpickling of a result that no result wrote.
pub const BAD_PICKLE: &str =
    "not a pickled fenkit value: pickle it and unpickle it with the same fenkit version";

/// A `select` or `ignore` name that stands for no code.
pub fn unknown_code(unknown: &fenkit::codes::UnknownCode) -> String {
    format!(
        "{unknown}: use a full code (\"fenkit::fen::rank_too_long\"), its last part \
         (\"rank_too_long\") or a prefix (\"fenkit::pdn\"); fenkit.codes() lists every code"
    )
}
