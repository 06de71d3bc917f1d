//! `explain`: the long explanation of a diagnostic code, as `fenkit explain CODE` prints it.

use fenkit::codes::CodeInfo;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The explanation of a diagnostic code.
///
/// `str()` is the code, its summary and the explanation (Markdown).
#[pyclass(frozen, get_all, module = "fenkit", name = "Explanation")]
pub struct Explanation {
    /// The full code, e.g. `"fenkit::fen::rank_too_long"`.
    code: &'static str,
    /// What it means, in a few words.
    summary: &'static str,
    /// The explanation as Markdown: what the standard says and why.
    text: Option<&'static str>,
    /// A record reported with this code, or `None` (codes of file reading and grammars).
    wrong: Option<&'static str>,
    /// The same record written right, or `None` when there is no example.
    right: Option<&'static str>,
    /// Where the explanation is in the documentation.
    url: String,
}

#[pymethods]
impl Explanation {
    fn __str__(&self) -> String {
        let mut shown = format!("{}: {}\n", self.code, self.summary);
        if let Some(text) = self.text {
            shown.push('\n');
            shown.push_str(text.trim_end());
            shown.push('\n');
        }
        shown
    }

    fn __repr__(&self) -> String {
        format!("<Explanation {}: {:?}>", self.code, self.summary)
    }
}

/// The code a name means: the full code, or its last part (`rank_too_long`) when one
/// notation has it.
fn find(name: &str) -> PyResult<&'static CodeInfo> {
    let name = name.trim().to_ascii_lowercase();
    let matches: Vec<&'static CodeInfo> = fenkit::codes::named(&name).collect();
    match matches.as_slice() {
        [info] => Ok(info),
        [] => Err(PyValueError::new_err(format!(
            "unknown code {name:?}: fenkit.codes() lists every code"
        ))),
        several => {
            let codes: Vec<&str> = several.iter().map(|info| info.code).collect();
            Err(PyValueError::new_err(format!(
                "{name:?} is a code of several notations: {}",
                codes.join(", ")
            )))
        }
    }
}

/// The explanation of `code` (full, `"fenkit::fen::rank_too_long"`, or its last part).
pub fn explain(code: &str) -> PyResult<Explanation> {
    let info = find(code)?;
    let explanation = fenkit::codes::explain(info.code);
    Ok(Explanation {
        code: info.code,
        summary: info.summary,
        text: explanation.map(|explanation| explanation.text),
        wrong: explanation.and_then(|explanation| explanation.wrong.as_ref().map(|e| e.record)),
        right: explanation.map(|explanation| explanation.right.record),
        url: fenkit::codes::url(info.code),
    })
}
