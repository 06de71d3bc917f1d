//! The result of reading one record: what it was read as, its verdict, its value and its
//! diagnostics. Python objects for the value and the diagnostics are built on access, so a
//! caller who reads `.valid` alone pays for the verdict only.

use std::sync::Arc;

use fenkit::{Notation, Omitted, Parsed, Position};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyTuple};

use crate::diagnostic::PyDiagnostic;
use crate::input::Input;
use crate::json::to_python;
use crate::messages;
use crate::render::{DEFAULT_WIDTH, NO_SOURCE, py_repr};
use crate::value::PositionState;

pyo3::create_exception!(
    fenkit,
    ParseError,
    pyo3::exceptions::PyValueError,
    "A record that does not read: `str()` is every report, as `fenkit check` prints them, and \
     `diagnostics` holds each `Diagnostic`. A `ValueError`, as python-chess raises for a bad FEN."
);

/// A record read, before it becomes a Python object (built off the interpreter's lock).
pub struct Checked {
    pub input: Input,
    /// The file it came from (`None`: a string given to `parse` or `check_many`).
    pub source: Option<Arc<str>>,
    pub line: usize,
    pub notation: Notation,
    pub parsed: Parsed<Position>,
    /// Diagnostics `select` and `ignore` dropped.
    pub ignored: usize,
}

impl Checked {
    /// `input` read as `notation` (`None`: detected) by `options`.
    pub fn read(input: Input, notation: Option<Notation>, options: &fenkit::ParseOptions) -> Self {
        let (notation, parsed) = fenkit::parse_any(&input.bytes, notation, options);
        Checked {
            input,
            source: None,
            line: 1,
            notation,
            parsed,
            ignored: 0,
        }
    }

    /// A record given as a string, of `length` bytes over the maximum `max`, not read: one
    /// `fenkit::input::record_too_long` diagnostic and no text. `is_bytes`: given as `bytes`.
    pub fn too_long(length: u64, max: usize, notation: Option<Notation>, is_bytes: bool) -> Self {
        let diagnostic = messages::record_too_long(length, max);
        Checked {
            input: Input::from_slice(&[], is_bytes),
            source: None,
            line: 1,
            notation: notation.unwrap_or(Notation::Fen),
            parsed: Parsed::new(None, vec![diagnostic]),
            ignored: 0,
        }
    }
}

/// What a pickled result holds: the record, where it came from, what it was read as, its
/// value's state, its diagnostics (their JSON) and how many the cap left out.
type ResultState<'py> = (
    Bound<'py, PyBytes>,
    bool,
    Option<String>,
    usize,
    String,
    Option<PositionState>,
    String,
    (usize, usize, usize),
);

/// The result of reading one record.
///
/// `valid` (and `bool(result)`) is the verdict (no error; warnings allowed), `canonical` the
/// record as fenkit writes it (when valid), `value` the typed position, `diagnostics` every
/// problem found. `to_dict()` is the object `fenkit check --format json` writes for the record.
#[pyclass(frozen, module = "fenkit", name = "ParseResult")]
pub struct ParseResult {
    /// Boxed: the Python object stays small, and moving it moves a pointer.
    checked: Box<Checked>,
}

impl ParseResult {
    pub fn new(checked: Box<Checked>) -> Self {
        ParseResult { checked }
    }

    /// `ParseError` for this result's errors.
    pub fn error(&self, py: Python<'_>) -> PyErr {
        let error = ParseError::new_err(self.render(false, DEFAULT_WIDTH).trim_end().to_owned());
        if let Err(failed) = self
            .diagnostics(py)
            .and_then(|list| error.value(py).setattr("diagnostics", list))
        {
            return failed;
        }
        error
    }

    /// The typed position if the record is valid, else `ParseError`.
    pub fn into_value(self, py: Python<'_>) -> PyResult<PyObject> {
        match &self.checked.parsed.value {
            Some(position) if self.valid() => crate::value::to_object(py, position),
            _ => Err(self.error(py)),
        }
    }
}

/// `fenkit._fenkit._result(state)`: a pickled result rebuilt.
#[pyfunction]
#[pyo3(name = "_result")]
pub fn restore_result(state: ResultState<'_>) -> PyResult<ParseResult> {
    let (bytes, is_bytes, source, line, notation, value, diagnostics, omitted) = state;
    let notation = Notation::from_name(&notation)
        .ok_or_else(|| PyValueError::new_err(messages::BAD_PICKLE))?;
    let value = value.map(crate::value::position_of).transpose()?;
    let diagnostics = serde_json::from_str(&diagnostics)
        .map_err(|_| PyValueError::new_err(messages::BAD_PICKLE))?;
    let mut parsed = Parsed::new(value, diagnostics);
    parsed.omitted = Omitted {
        errors: omitted.0,
        warnings: omitted.1,
    };
    Ok(ParseResult::new(Box::new(Checked {
        input: Input::from_slice(bytes.as_bytes(), is_bytes),
        source: source.map(Arc::from),
        line,
        notation,
        parsed,
        ignored: omitted.2,
    })))
}

#[pymethods]
impl ParseResult {
    /// Whether the record has no error (warnings do not make it invalid).
    #[getter]
    fn valid(&self) -> bool {
        self.checked.parsed.is_valid()
    }

    /// `bool(result)`: whether it is valid.
    fn __bool__(&self) -> bool {
        self.valid()
    }

    /// This result if the record is valid (warnings allowed), else `ParseError`: a
    /// `ValueError` whose `str()` is every report and whose `diagnostics` holds them.
    fn raise_for_errors(slf: Bound<'_, Self>) -> PyResult<Bound<'_, Self>> {
        let this = slf.get();
        if this.valid() {
            return Ok(slf);
        }
        Err(this.error(slf.py()))
    }

    /// The notation it was read as: `"fen"`, `"epd"`, `"pdn"` or `"feen"`.
    #[getter]
    fn notation(&self) -> &'static str {
        self.checked.notation.name()
    }

    /// The canonical text of a valid record, else `None`.
    #[getter]
    fn canonical(&self) -> Option<String> {
        self.checked
            .parsed
            .value
            .as_ref()
            .filter(|_| self.checked.parsed.is_valid())
            .map(ToString::to_string)
    }

    /// The typed position: `ChessPosition` (FEN, EPD), `DraughtsPosition` (PDN) or
    /// `FeenPosition`; `None` when the syntax was too broken to read one. A record with only
    /// legality errors still has its value.
    #[getter]
    fn value(&self, py: Python<'_>) -> PyResult<PyObject> {
        match &self.checked.parsed.value {
            Some(position) => crate::value::to_object(py, position),
            None => Ok(py.None()),
        }
    }

    /// Every diagnostic, errors and warnings, in the order of the record.
    #[getter]
    fn diagnostics<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let checked = &self.checked;
        let items = checked.parsed.diagnostics.iter().map(|diagnostic| {
            PyDiagnostic::new(
                diagnostic.clone(),
                checked.input.clone(),
                checked.source.clone(),
                checked.line,
            )
        });
        PyList::new(py, items)
    }

    /// How many errors (those left out at the cap included).
    #[getter]
    fn error_count(&self) -> usize {
        self.checked.parsed.error_count()
    }

    /// How many warnings (those left out at the cap included).
    #[getter]
    fn warning_count(&self) -> usize {
        self.checked.parsed.warning_count()
    }

    /// How many diagnostics `select` and `ignore` dropped.
    #[getter]
    fn ignored(&self) -> usize {
        self.checked.ignored
    }

    /// How many diagnostics the cap of 32 per record left out of `diagnostics`.
    #[getter]
    fn omitted(&self) -> usize {
        self.checked.parsed.omitted.total()
    }

    /// The record as read: a `str` (or the `bytes` given); empty for a record over
    /// `max_record_bytes`, which is not kept.
    #[getter]
    fn text<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        self.checked.input.to_object(py)
    }

    /// The file the record came from, or `None`.
    #[getter]
    fn source(&self) -> Option<&str> {
        self.checked.source.as_deref()
    }

    /// Its 1-based line in the file (1 for a string).
    #[getter]
    fn line(&self) -> usize {
        self.checked.line
    }

    /// The object `fenkit check --format json` writes for this record: `source`, `line`,
    /// `notation`, `valid`, `canonical`, `diagnostics` (and `omitted` when the cap left some
    /// out); `source` is `None` for a string.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let checked = &self.checked;
        let diagnostics: Vec<_> = checked
            .parsed
            .diagnostics
            .iter()
            .map(|diagnostic| diagnostic.located(&checked.input.bytes, checked.line))
            .collect();
        let mut record = serde_json::json!({
            "source": checked.source.as_deref(),
            "line": checked.line,
            "notation": checked.notation.name(),
            "valid": self.valid(),
            "canonical": self.canonical(),
            "diagnostics": serde_json::to_value(diagnostics)
                .map_err(|error| PyRuntimeError::new_err(error.to_string()))?,
        });
        let omitted = self.omitted();
        if let (Some(object), true) = (record.as_object_mut(), omitted > 0) {
            object.insert("omitted".into(), omitted.into());
        }
        to_python(py, &record)
    }

    /// Every report as the command line draws it, each followed by a blank line; empty for a
    /// record without diagnostics. `color=True` adds ANSI colours.
    #[pyo3(signature = (*, color = false, width = 100))]
    fn render(&self, color: bool, width: usize) -> String {
        let checked = &self.checked;
        fenkit::HumanRenderer::new(color, width).render_record(
            &checked.parsed.diagnostics,
            self.omitted(),
            checked.source.as_deref().unwrap_or(NO_SOURCE),
            checked.line,
            &checked.input.bytes,
        )
    }

    fn __str__(&self) -> String {
        self.render(false, DEFAULT_WIDTH)
    }

    /// `<ParseResult fen valid 'CANONICAL'>`, or `<ParseResult fen invalid (2 errors) 'TEXT'>`,
    /// with `source:line` first for a record of a file.
    fn __repr__(&self) -> String {
        let checked = &self.checked;
        let at = checked
            .source
            .as_deref()
            .map(|source| format!(" {source}:{}", checked.line))
            .unwrap_or_default();
        let (verdict, shown) = match self.canonical() {
            Some(canonical) => (String::from("valid"), canonical),
            None => (
                format!("invalid ({})", counted(self.error_count(), "error")),
                checked.input.text(),
            ),
        };
        let warnings = match self.warning_count() {
            0 => String::new(),
            n => format!(" ({})", counted(n, "warning")),
        };
        format!(
            "<ParseResult{at} {} {verdict}{warnings} {}>",
            self.notation(),
            shortened(&shown)
        )
    }

    /// Pickled as the record, its value's canonical text and its diagnostics, so results go
    /// to a process pool and come back whole.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let checked = &self.checked;
        let diagnostics = serde_json::to_string(&checked.parsed.diagnostics)
            .map_err(|error| PyRuntimeError::new_err(error.to_string()))?;
        let omitted = checked.parsed.omitted;
        let state = (
            PyBytes::new(py, &checked.input.bytes),
            checked.input.is_bytes,
            checked.source.as_deref(),
            checked.line,
            checked.notation.name(),
            checked.parsed.value.as_ref().map(crate::value::state_of),
            diagnostics,
            (omitted.errors, omitted.warnings, checked.ignored),
        );
        let rebuild = py.import("fenkit._fenkit")?.getattr("_result")?;
        (rebuild, (state,)).into_pyobject(py)
    }
}

/// `1 error`, `2 errors`.
fn counted(count: usize, what: &str) -> String {
    if count == 1 {
        format!("1 {what}")
    } else {
        format!("{count} {what}s")
    }
}

/// Python's repr of `text`, cut to 80 characters.
fn shortened(text: &str) -> String {
    const SHOWN: usize = 80;
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}…", py_repr(text.get(..end).unwrap_or_default())),
        None => py_repr(text),
    }
}
