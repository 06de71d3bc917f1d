//! The result of reading one record: what it was read as, its verdict, its value and its
//! diagnostics. Python objects for the value and the diagnostics are built on access, so a
//! caller who reads `.valid` alone pays for the verdict only.

use std::sync::Arc;

use fenkit::{Notation, Parsed, Position};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::diagnostic::PyDiagnostic;
use crate::input::Input;
use crate::json::to_python;
use crate::render::{DEFAULT_WIDTH, omitted_line, render};

/// A record read, before it becomes a Python object (built off the interpreter's lock).
pub struct Checked {
    pub input: Input,
    /// The file it came from (`None`: a string given to `parse` or `check_many`).
    pub source: Option<Arc<str>>,
    pub line: usize,
    pub notation: Notation,
    pub parsed: Parsed<Position>,
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
        }
    }
}

/// The result of reading one record.
///
/// `valid` is the verdict (no error; warnings allowed), `canonical` the record as fenkit
/// writes it (when valid), `value` the typed position, `diagnostics` every problem found.
/// `to_dict()` is the object `fenkit check --format json` writes for the record.
#[pyclass(frozen, module = "fenkit", name = "ParseResult")]
pub struct ParseResult {
    /// Boxed: the Python object stays small, and moving it moves a pointer.
    checked: Box<Checked>,
}

impl ParseResult {
    pub fn new(checked: Box<Checked>) -> Self {
        ParseResult { checked }
    }
}

#[pymethods]
impl ParseResult {
    /// Whether the record has no error (warnings do not make it invalid).
    #[getter]
    fn valid(&self) -> bool {
        self.checked.parsed.is_valid()
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

    /// How many diagnostics the cap of 32 per record left out of `diagnostics`.
    #[getter]
    fn omitted(&self) -> usize {
        self.checked.parsed.omitted.total()
    }

    /// The record as read: a `str` (or the `bytes` given).
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
                .map_err(|error| pyo3::exceptions::PyRuntimeError::new_err(error.to_string()))?,
        });
        let omitted = self.omitted();
        if let (Some(object), true) = (record.as_object_mut(), omitted > 0) {
            object.insert("omitted".into(), omitted.into());
        }
        to_python(py, &record)
    }

    /// Every report as the command line draws it, each followed by a blank line; empty for a
    /// record without diagnostics. `color=True` adds ANSI colours.
    #[pyo3(signature = (*, color = false, width = DEFAULT_WIDTH))]
    fn render(&self, color: bool, width: usize) -> String {
        let checked = &self.checked;
        let mut rendered = String::new();
        for diagnostic in &checked.parsed.diagnostics {
            rendered.push_str(&render(
                diagnostic,
                &checked.input,
                checked.source.as_deref(),
                checked.line,
                color,
                width,
            ));
            rendered.push('\n');
        }
        if let Some(line) = omitted_line(self.omitted()) {
            rendered.push_str(&line);
            rendered.push_str("\n\n");
        }
        rendered
    }

    fn __str__(&self) -> String {
        self.render(false, DEFAULT_WIDTH)
    }

    fn __repr__(&self) -> String {
        let verdict = match self.canonical() {
            Some(canonical) => format!("valid {canonical:?}"),
            None => format!(
                "invalid, {} errors, {} warnings",
                self.error_count(),
                self.warning_count()
            ),
        };
        format!("<ParseResult {} {verdict}>", self.notation())
    }
}
