//! The Python module `fenkit._fenkit`, re-exported by the package `fenkit`: `parse`,
//! `check_many`, `check_file`, `explain` and the classes they return.
//!
//! The typed value and the diagnostics of a result become Python objects only when asked for,
//! and `check_many` and `check_file` read with the interpreter's lock released, on every core.

mod diagnostic;
mod explanation;
mod file;
mod input;
mod interrupt;
mod json;
mod lines;
mod many;
mod messages;
mod options;
mod record;
mod render;
mod threads;
mod value;

use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::input::{Held, Input, TextArg};
use crate::options::{OptionArgs, Options};
use crate::record::{Checked, ParseResult};

/// Reads one record: at once when it is short, on a thread of its own (interruptibly) when it
/// is over [`many::LARGE_RECORD`], and not at all when it is over the maximum record length.
fn read_text(py: Python<'_>, text: TextArg<'_>, reading: &Options) -> PyResult<Box<Checked>> {
    let (notation, options) = (reading.notation, reading.options);
    let checked = match text.hold(reading.max_record_bytes)? {
        Held::TooLong(length, is_bytes) => {
            Checked::too_long(length, reading.max_record_bytes, notation, is_bytes)
        }
        Held::Record(bytes, is_bytes) => {
            let input = Input::from_slice(bytes.as_bytes(), is_bytes);
            if input.bytes.len() > many::LARGE_RECORD {
                interrupt::run(py, move || Checked::read(input, notation, &options))?
            } else {
                Checked::read(input, notation, &options)
            }
        }
    };
    Ok(Box::new(reading.filtered(checked)))
}

/// Parse one record and return its result: verdict (`bool(result)`), canonical text, typed
/// value and every diagnostic. It never raises for a bad record: `parse_position` does.
///
/// `notation` is `"auto"` (detected from the record's shape), `"fen"`, `"epd"`, `"pdn"` or
/// `"feen"`. `lenient=True` accepts the dialects of real files, each with a warning.
/// `validate=False` checks the syntax only, not whether the position can exist. `variant`
/// picks the chess rules (`"chess"`, `"chess960"`, `"crazyhouse"`, `"horde"`... as
/// `variants()` lists them; lichess's spellings too); `castling` the castling rules
/// (`"standard"`, the default, or `"chess960"`); `board` the draughts board, by name
/// (`"english"`) or PDN GameType (`21`). A record longer than `max_record_bytes` is not read:
/// it gets one `fenkit::input::record_too_long` diagnostic. An unknown name raises
/// `ValueError`.
#[pyfunction]
#[pyo3(signature = (text, notation = "auto", *, lenient = false, validate = true, variant = None, castling = None, board = None, max_record_bytes = 65536, select = None, ignore = None))]
#[allow(clippy::too_many_arguments)]
fn parse(
    py: Python<'_>,
    text: TextArg<'_>,
    notation: &str,
    lenient: bool,
    validate: bool,
    variant: Option<Bound<'_, PyAny>>,
    castling: Option<Bound<'_, PyAny>>,
    board: Option<Bound<'_, PyAny>>,
    max_record_bytes: usize,
    select: Option<Bound<'_, PyAny>>,
    ignore: Option<Bound<'_, PyAny>>,
) -> PyResult<ParseResult> {
    let args = OptionArgs {
        notation,
        lenient,
        validate,
        variant: variant.as_ref(),
        castling: castling.as_ref(),
        board: board.as_ref(),
        max_record_bytes,
        select: select.as_ref(),
        ignore: ignore.as_ref(),
    };
    let reading = Options::new(&args, false)?;
    Ok(ParseResult::new(read_text(py, text, &reading)?))
}

/// Parse one record and return its typed position (`ChessPosition`, `DraughtsPosition` or
/// `FeenPosition`), or raise `fenkit.ParseError` (a `ValueError`) with every diagnostic, as
/// python-chess's `parse_square`, `parse_san` and `Board(fen)` raise `ValueError`. Warnings
/// do not raise. The arguments are `parse`'s.
#[pyfunction]
#[pyo3(signature = (text, notation = "auto", *, lenient = false, validate = true, variant = None, castling = None, board = None, max_record_bytes = 65536, select = None, ignore = None))]
#[allow(clippy::too_many_arguments)]
fn parse_position(
    py: Python<'_>,
    text: TextArg<'_>,
    notation: &str,
    lenient: bool,
    validate: bool,
    variant: Option<Bound<'_, PyAny>>,
    castling: Option<Bound<'_, PyAny>>,
    board: Option<Bound<'_, PyAny>>,
    max_record_bytes: usize,
    select: Option<Bound<'_, PyAny>>,
    ignore: Option<Bound<'_, PyAny>>,
) -> PyResult<PyObject> {
    let result = parse(
        py,
        text,
        notation,
        lenient,
        validate,
        variant,
        castling,
        board,
        max_record_bytes,
        select,
        ignore,
    )?;
    result.into_value(py)
}

/// Parse many records on every core, the interpreter's lock released, and return their
/// results in input order.
///
/// `records` is any iterable of `str` (or `bytes`) records, not one `str`; the keyword
/// arguments are `parse`'s. `threads` caps the threads (default: one per core).
#[pyfunction]
#[pyo3(signature = (records, notation = "auto", *, lenient = false, validate = true, variant = None, castling = None, board = None, max_record_bytes = 65536, select = None, ignore = None, threads = None))]
#[allow(clippy::too_many_arguments)]
fn check_many<'py>(
    py: Python<'py>,
    records: &Bound<'py, PyAny>,
    notation: &str,
    lenient: bool,
    validate: bool,
    variant: Option<Bound<'py, PyAny>>,
    castling: Option<Bound<'py, PyAny>>,
    board: Option<Bound<'py, PyAny>>,
    max_record_bytes: usize,
    select: Option<Bound<'py, PyAny>>,
    ignore: Option<Bound<'py, PyAny>>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let args = OptionArgs {
        notation,
        lenient,
        validate,
        variant: variant.as_ref(),
        castling: castling.as_ref(),
        board: board.as_ref(),
        max_record_bytes,
        select: select.as_ref(),
        ignore: ignore.as_ref(),
    };
    let reading = Options::new(&args, false)?;
    many::check_many(py, records, &reading, many::thread_count(threads)?)
}

/// Check every record of a file and yield their results in file order, in bounded memory.
///
/// `path` is a `str`, `bytes` or `os.PathLike`. A file of records holds one per line (blank
/// lines and `#` or `%` lines are comments); a PGN or PDN game file (named `.pgn`/`.pdn`,
/// `notation="pgn"` or `"pdn"`, or starting with a tag pair) yields each game's FEN, read by
/// the rules its tags choose. A line longer than `max_record_bytes` is one
/// `fenkit::input::record_too_long` result. `field="FEN"` reads a column of a CSV or TSV file
/// (by the header's name or its number from 1) or a key or dotted path of each line of a JSON
/// Lines file, each result pointing into its row. A Zstandard or gzip file is read as the text
/// it holds; any other binary file is one `fenkit::input::binary_input` result. Each result has `source` (the path) and `line`.
/// The file is opened and read with the interpreter's lock released; an `OSError` has its
/// `errno` and `filename`.
#[pyfunction]
#[pyo3(signature = (path, notation = "auto", *, lenient = false, validate = true, variant = None, castling = None, board = None, max_record_bytes = 65536, select = None, ignore = None, threads = None, field = None))]
#[allow(clippy::too_many_arguments)]
fn check_file<'py>(
    py: Python<'py>,
    path: &Bound<'py, PyAny>,
    notation: &str,
    lenient: bool,
    validate: bool,
    variant: Option<Bound<'py, PyAny>>,
    castling: Option<Bound<'py, PyAny>>,
    board: Option<Bound<'py, PyAny>>,
    max_record_bytes: usize,
    select: Option<Bound<'py, PyAny>>,
    ignore: Option<Bound<'py, PyAny>>,
    threads: Option<usize>,
    field: Option<String>,
) -> PyResult<file::FileChecker> {
    let args = OptionArgs {
        notation,
        lenient,
        validate,
        variant: variant.as_ref(),
        castling: castling.as_ref(),
        board: board.as_ref(),
        max_record_bytes,
        select: select.as_ref(),
        ignore: ignore.as_ref(),
    };
    let reading = Options::new(&args, true)?;
    let (path, name) = file::path_of(path)?;
    file::FileChecker::open(py, path, name, reading, field, many::thread_count(threads)?)
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
    module.add_function(wrap_pyfunction!(parse_position, module)?)?;
    module.add_function(wrap_pyfunction!(check_many, module)?)?;
    module.add_function(wrap_pyfunction!(check_file, module)?)?;
    module.add_function(wrap_pyfunction!(explain, module)?)?;
    module.add_function(wrap_pyfunction!(codes, module)?)?;
    module.add_function(wrap_pyfunction!(variants, module)?)?;
    module.add_function(wrap_pyfunction!(boards, module)?)?;
    module.add_function(wrap_pyfunction!(record::restore_result, module)?)?;
    module.add_function(wrap_pyfunction!(value::restore_position, module)?)?;
    module.add_function(wrap_pyfunction!(diagnostic::restore_diagnostic, module)?)?;
    module.add("ParseError", module.py().get_type::<record::ParseError>())?;
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
