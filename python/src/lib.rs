//! The Python module `fenkit._fenkit`, re-exported by the package `fenkit`: `parse`,
//! `check_many`, `check_file`, `explain` and the classes they return.
//!
//! The typed value and the diagnostics of a result become Python objects only when asked for,
//! and `check_many` and `check_file` read with the interpreter's lock released, on every core.

mod diagnostic;
mod explanation;
mod file;
mod input;
mod json;
mod lines;
mod many;
mod options;
mod record;
mod render;
mod value;

use std::num::NonZeroUsize;
use std::path::PathBuf;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::input::{Input, TextArg};
use crate::options::{BoardArg, Reading};
use crate::record::{Checked, ParseResult};

/// The longest line `check_file` reads by default, as the command line's `--max-record-bytes`.
const DEFAULT_MAX_RECORD_BYTES: usize = 64 * 1024;

/// Parse one record and return its result: verdict, canonical text, typed value and every
/// diagnostic.
///
/// `notation` is `"auto"` (detected from the record's shape), `"fen"`, `"epd"`, `"pdn"` or
/// `"feen"`. `lenient=True` accepts the dialects of real files, each with a warning.
/// `validate=False` checks the syntax only, not whether the position can exist. `variant`
/// picks the chess rules (`"chess"`, `"chess960"`, `"crazyhouse"`, `"horde"`... as
/// `variants()` lists them; lichess's spellings too); `board` the draughts board, by name
/// (`"english"`) or PDN GameType (`21`). An unknown name raises `ValueError`.
#[pyfunction]
#[pyo3(signature = (text, notation = "auto", *, lenient = false, validate = true, variant = None, board = None))]
fn parse(
    text: TextArg<'_>,
    notation: &str,
    lenient: bool,
    validate: bool,
    variant: Option<&str>,
    board: Option<BoardArg>,
) -> PyResult<ParseResult> {
    let reading = Reading::new(notation, lenient, validate, variant, board, false)?;
    let input = Input::from_arg(&text);
    Ok(ParseResult::new(Box::new(Checked::read(
        input,
        reading.notation,
        &reading.options,
    ))))
}

/// Parse many records on every core, the interpreter's lock released, and return their
/// results in input order.
///
/// `records` is any iterable of `str` (or `bytes`); the keyword arguments are `parse`'s.
/// `threads` caps the threads (default: one per core).
#[pyfunction]
#[pyo3(signature = (records, notation = "auto", *, lenient = false, validate = true, variant = None, board = None, threads = None))]
#[allow(clippy::too_many_arguments)]
fn check_many<'py>(
    py: Python<'py>,
    records: &Bound<'py, PyAny>,
    notation: &str,
    lenient: bool,
    validate: bool,
    variant: Option<&str>,
    board: Option<BoardArg>,
    threads: Option<NonZeroUsize>,
) -> PyResult<Bound<'py, PyList>> {
    let reading = Reading::new(notation, lenient, validate, variant, board, false)?;
    // The records' UTF-8 bytes, held as Python objects: the reading threads copy them.
    let mut held = Vec::new();
    for item in records.try_iter()? {
        held.push(item?.extract::<TextArg<'_>>()?.into_bytes());
    }
    let raw: Vec<many::Raw<'_>> = held
        .iter()
        .map(|(bytes, is_bytes)| (bytes.as_bytes(), *is_bytes))
        .collect();
    let threads = many::thread_count(threads);
    let checked = py
        .allow_threads(|| many::read_all(&raw, reading.notation, &reading.options, threads))
        .ok_or_else(|| PyRuntimeError::new_err("a thread reading records failed"))?;
    PyList::new(py, checked.into_iter().map(ParseResult::new))
}

/// Check every record of a file and yield their results in file order, in bounded memory.
///
/// A file of records holds one per line (blank lines and `#` or `%` lines are comments);
/// a PGN or PDN game file (named `.pgn`/`.pdn`, `notation="pgn"` or `"pdn"`, or starting with a
/// tag pair) yields each game's FEN, read by the rules its tags choose. A line longer than
/// `max_record_bytes` is one `fenkit::input::record_too_long` result. Each result has
/// `source` (the path) and `line`.
#[pyfunction]
#[pyo3(signature = (path, notation = "auto", *, lenient = false, validate = true, variant = None, board = None, threads = None, max_record_bytes = DEFAULT_MAX_RECORD_BYTES))]
#[allow(clippy::too_many_arguments)]
fn check_file(
    path: PathBuf,
    notation: &str,
    lenient: bool,
    validate: bool,
    variant: Option<&str>,
    board: Option<BoardArg>,
    threads: Option<NonZeroUsize>,
    max_record_bytes: usize,
) -> PyResult<file::FileChecker> {
    let reading = Reading::new(notation, lenient, validate, variant, board, true)?;
    file::FileChecker::open(
        &path,
        reading,
        many::thread_count(threads),
        max_record_bytes,
    )
}

/// The explanation of a diagnostic code: the full code (`"fenkit::fen::rank_too_long"`) or
/// its last part (`"rank_too_long"`). An unknown code raises `ValueError`.
#[pyfunction]
fn explain(code: &str) -> PyResult<explanation::Explanation> {
    explanation::explain(code)
}

/// Every diagnostic code fenkit reports, in the order of the documentation.
#[pyfunction]
fn codes() -> Vec<&'static str> {
    fenkit::codes::all().map(|info| info.code).collect()
}

/// The names `variant=` accepts.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    options::variant_names()
}

/// The names `board=` accepts (a PDN GameType number is accepted too).
#[pyfunction]
fn boards() -> Vec<&'static str> {
    fenkit::draughts::Board::ALL
        .iter()
        .map(|board| board.name())
        .collect()
}

/// The module: its functions and classes.
#[pymodule]
fn _fenkit(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(parse, module)?)?;
    module.add_function(wrap_pyfunction!(check_many, module)?)?;
    module.add_function(wrap_pyfunction!(check_file, module)?)?;
    module.add_function(wrap_pyfunction!(explain, module)?)?;
    module.add_function(wrap_pyfunction!(codes, module)?)?;
    module.add_function(wrap_pyfunction!(variants, module)?)?;
    module.add_function(wrap_pyfunction!(boards, module)?)?;
    module.add_class::<ParseResult>()?;
    module.add_class::<diagnostic::PyDiagnostic>()?;
    module.add_class::<diagnostic::PyLabel>()?;
    module.add_class::<diagnostic::PyFix>()?;
    module.add_class::<diagnostic::PyEdit>()?;
    module.add_class::<value::ChessPosition>()?;
    module.add_class::<value::DraughtsPosition>()?;
    module.add_class::<value::FeenPosition>()?;
    module.add_class::<explanation::Explanation>()?;
    module.add_class::<file::FileChecker>()?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
