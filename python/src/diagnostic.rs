//! One problem of a record, for Python: its code, severity, words, labels with their spans in
//! bytes and in the caller's indices, its fix, the command line's JSON form and its report.

use std::sync::Arc;

use fenkit::{Applicability, Span};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};

use crate::input::Input;
use crate::json::to_python;
use crate::messages;
use crate::render::{DEFAULT_WIDTH, render};

/// A diagnostic: one problem of a record, with where it is and how to fix it.
///
/// `str()` is the report the command line prints (without colour); `to_dict()` is the object
/// `fenkit check --format json` writes for it.
#[pyclass(frozen, module = "fenkit", name = "Diagnostic")]
pub struct PyDiagnostic {
    diagnostic: fenkit::Diagnostic,
    input: Input,
    source: Option<Arc<str>>,
    line: usize,
}

impl PyDiagnostic {
    pub fn new(
        diagnostic: fenkit::Diagnostic,
        input: Input,
        source: Option<Arc<str>>,
        line: usize,
    ) -> Self {
        PyDiagnostic {
            diagnostic,
            input,
            source,
            line,
        }
    }
}

/// Where a span lies: bytes, the caller's indices, and the command line's columns.
fn located(input: &Input, span: Span, line: usize) -> Location {
    let (start, end) = input.indices(span);
    let columns = input.columns(span);
    Location {
        offset: span.offset,
        length: span.len,
        start,
        end,
        line: line + columns.lines_before,
        column: columns.column,
        end_column: columns.end_column,
        column_utf16: columns.column_utf16,
        end_column_utf16: columns.end_column_utf16,
    }
}

/// The position fields a label and an edit share.
struct Location {
    offset: usize,
    length: usize,
    start: usize,
    end: usize,
    line: usize,
    column: usize,
    end_column: usize,
    column_utf16: usize,
    end_column_utf16: usize,
}

#[pymethods]
impl PyDiagnostic {
    /// The stable code, e.g. `"fenkit::fen::invalid_side_to_move"` (see `fenkit.explain`).
    #[getter]
    fn code(&self) -> &'static str {
        self.diagnostic.code()
    }

    /// `"error"` or `"warning"` (a warning leaves the record valid).
    #[getter]
    fn severity(&self) -> &'static str {
        self.diagnostic.severity().as_str()
    }

    /// What is wrong, in one sentence.
    #[getter]
    fn message(&self) -> &str {
        self.diagnostic.message()
    }

    /// How to fix it, or `None`.
    #[getter]
    fn help(&self) -> Option<&str> {
        self.diagnostic.help_text()
    }

    /// The labelled spans, the primary one first.
    #[getter]
    fn labels(&self) -> Vec<PyLabel> {
        self.diagnostic
            .labels()
            .iter()
            .map(|label| PyLabel::new(&label.text, located(&self.input, label.span, self.line)))
            .collect()
    }

    /// `(start, end)` of the primary label in the record as given (characters of a `str`,
    /// bytes of `bytes`), or `None` when the diagnostic has no label.
    #[getter]
    fn span(&self) -> Option<(usize, usize)> {
        self.diagnostic.span().map(|span| self.input.indices(span))
    }

    /// The literal change the help states, or `None`.
    #[getter]
    fn fix(&self) -> Option<PyFix> {
        self.diagnostic.fix().map(|fix| PyFix {
            applicability: match fix.applicability {
                Applicability::Safe => "safe",
                _ => "guess",
            },
            edits: fix
                .edits
                .iter()
                .map(|edit| PyEdit::new(&edit.text, located(&self.input, edit.span, self.line)))
                .collect(),
        })
    }

    /// The 1-based line of the record in its file (1 for a record given as a string).
    #[getter]
    fn line(&self) -> usize {
        self.line
    }

    /// The object `fenkit check --format json` writes for this diagnostic (the same keys and
    /// values: byte `offset`/`length`, `line`, character and UTF-16 columns from 1).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let located = self.diagnostic.located(&self.input.bytes, self.line);
        to_python(py, &located)
    }

    /// The report as the command line draws it: the record, the labels under it, the help.
    /// `color=True` adds ANSI colours; `width` is where lines wrap.
    #[pyo3(signature = (*, color = false, width = 100))]
    fn render(&self, color: bool, width: usize) -> String {
        render(
            &self.diagnostic,
            &self.input,
            self.source.as_deref(),
            self.line,
            color,
            width,
        )
    }

    fn __str__(&self) -> String {
        self.render(false, DEFAULT_WIDTH)
    }

    fn __repr__(&self) -> String {
        let at = self
            .span()
            .map(|(start, end)| format!(" at {start}..{end}"))
            .unwrap_or_default();
        format!(
            "<Diagnostic {} {}{at}: {}>",
            self.severity(),
            self.code(),
            crate::render::py_repr(self.message())
        )
    }

    /// Pickled as its JSON and its record.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let json = serde_json::to_string(&self.diagnostic)
            .map_err(|error| PyRuntimeError::new_err(error.to_string()))?;
        let state = (
            json,
            PyBytes::new(py, &self.input.bytes),
            self.input.is_bytes,
            self.source.as_deref(),
            self.line,
        );
        let rebuild = py.import("fenkit._fenkit")?.getattr("_diagnostic")?;
        (rebuild, state).into_pyobject(py)
    }
}

/// `fenkit._fenkit._diagnostic(...)`: a pickled diagnostic rebuilt.
#[pyfunction]
#[pyo3(name = "_diagnostic")]
pub fn restore_diagnostic(
    json: &str,
    record: &Bound<'_, PyBytes>,
    is_bytes: bool,
    source: Option<&str>,
    line: usize,
) -> PyResult<PyDiagnostic> {
    let diagnostic =
        serde_json::from_str(json).map_err(|_| PyValueError::new_err(messages::BAD_PICKLE))?;
    Ok(PyDiagnostic::new(
        diagnostic,
        Input::from_slice(record.as_bytes(), is_bytes),
        source.map(Arc::from),
        line,
    ))
}

/// A Python class of a text at a place in the record (a label's words, an edit's
/// replacement), written once for both.
macro_rules! located_class {
    ($(#[$doc:meta])* $name:ident as $py:literal, $text:literal, $repr:literal) => {
        $(#[$doc])*
        #[pyclass(frozen, get_all, module = "fenkit", name = $py)]
        #[derive(Clone)]
        pub struct $name {
            #[doc = $text]
            text: String,
            offset: usize,
            length: usize,
            start: usize,
            end: usize,
            line: usize,
            column: usize,
            end_column: usize,
            column_utf16: usize,
            end_column_utf16: usize,
        }

        impl $name {
            fn new(text: &str, at: Location) -> Self {
                $name {
                    text: text.to_owned(),
                    offset: at.offset,
                    length: at.length,
                    start: at.start,
                    end: at.end,
                    line: at.line,
                    column: at.column,
                    end_column: at.end_column,
                    column_utf16: at.column_utf16,
                    end_column_utf16: at.end_column_utf16,
                }
            }
        }

        #[pymethods]
        impl $name {
            fn __repr__(&self) -> String {
                format!($repr, self.start, self.end, self.text)
            }
        }
    };
}

located_class!(
    /// A labelled span of a diagnostic.
    ///
    /// `offset`/`length` are bytes of the UTF-8 record (as in the JSON); `start`/`end` index the
    /// record as given (`text[label.start:label.end]` is the labelled part); `column` and `end_column` count
    /// characters from 1, `*_utf16` UTF-16 code units (LSP).
    PyLabel as "Label",
    "The words under the span (may be empty).",
    "<Label {}..{}: {:?}>"
);

/// The fix of a diagnostic: edits to apply together, and how sure they are.
#[pyclass(frozen, get_all, module = "fenkit", name = "Fix")]
pub struct PyFix {
    /// `"safe"` (the record's evident meaning, what `fenkit fix` applies) or `"guess"`
    /// (likely, to be confirmed by a person).
    applicability: &'static str,
    /// The edits, in the order of their spans.
    edits: Vec<PyEdit>,
}

#[pymethods]
impl PyFix {
    fn __repr__(&self) -> String {
        format!("<Fix {} ({} edits)>", self.applicability, self.edits.len())
    }
}

located_class!(
    /// One edit of a fix: replace the span with `text`.
    ///
    /// `offset`/`length` are bytes of the UTF-8 record (as in the JSON); `start`/`end` index the
    /// record as given (`text[edit.start:edit.end]` is the part replaced); `column` and `end_column` count
    /// characters from 1, `*_utf16` UTF-16 code units (LSP).
    PyEdit as "Edit",
    "The replacement.",
    "<Edit {}..{} -> {:?}>"
);
