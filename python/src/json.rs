//! Values handed to Python through the library's serde form: one serializer for the command
//! line's JSON and the dictionaries of this module, so the two cannot drift apart.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;

/// `json.loads`, looked up once.
static LOADS: GILOnceCell<Py<PyAny>> = GILOnceCell::new();

/// `value` as the Python object its JSON reads as (dicts, lists, strings, numbers, `None`).
pub fn to_python<'py>(
    py: Python<'py>,
    value: &impl serde::Serialize,
) -> PyResult<Bound<'py, PyAny>> {
    let text =
        serde_json::to_string(value).map_err(|error| PyRuntimeError::new_err(error.to_string()))?;
    let loads = LOADS.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import("json")?.getattr("loads")?.unbind())
    })?;
    loads.bind(py).call1((text,))
}
