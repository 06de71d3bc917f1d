//! A record as the caller gave it: the bytes fenkit reads, and whether Python handed a `str`
//! (offsets shown in characters) or `bytes` (offsets shown in bytes).

use std::sync::Arc;

use fenkit::{Span, SpanColumns};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// A `str` or `bytes` argument.
pub enum TextArg<'py> {
    Text(Bound<'py, PyString>),
    Bytes(Bound<'py, PyBytes>),
}

impl<'py> FromPyObject<'py> for TextArg<'py> {
    /// Checked by type, not by trying each conversion: a failed conversion builds an exception,
    /// which would cost `bytes` records more than their parse.
    fn extract_bound(object: &Bound<'py, PyAny>) -> PyResult<Self> {
        if let Ok(text) = object.downcast::<PyString>() {
            return Ok(TextArg::Text(text.clone()));
        }
        if let Ok(bytes) = object.downcast::<PyBytes>() {
            return Ok(TextArg::Bytes(bytes.clone()));
        }
        Err(PyTypeError::new_err(crate::messages::record_argument(
            object,
        )))
    }
}

/// The bytes of a record, shared by its result and each of its diagnostics.
#[derive(Clone, Debug)]
pub struct Input {
    pub bytes: Arc<[u8]>,
    /// Given as `bytes`: spans index it in bytes, not characters.
    pub is_bytes: bool,
}

/// `text` with each lone surrogate replaced by one U+FFFD (Python's own lossy decoding gives
/// one per byte of the surrogate's encoding, which would shift every column after it).
fn without_surrogates(text: &Bound<'_, PyString>) -> String {
    let code_points = text
        .call_method1("encode", ("utf-32-le", "surrogatepass"))
        .and_then(|encoded| encoded.extract::<Vec<u8>>());
    match code_points {
        Ok(units) => units
            .chunks_exact(4)
            .map(|unit| {
                let value = unit
                    .iter()
                    .rev()
                    .fold(0u32, |value, &byte| (value << 8) | u32::from(byte));
                char::from_u32(value).unwrap_or(char::REPLACEMENT_CHARACTER)
            })
            .collect(),
        Err(_) => text.to_string_lossy().into_owned(),
    }
}

/// A record as held for reading: its UTF-8 bytes, or only its length when it is over the
/// maximum record length (not kept, not read).
pub enum Held<'py> {
    Record(Bound<'py, PyBytes>, bool),
    TooLong(u64, bool),
}

impl Held<'_> {
    /// How many bytes it holds.
    pub fn byte_count(&self) -> usize {
        match self {
            Held::Record(bytes, _) => bytes.as_bytes().len(),
            Held::TooLong(..) => 0,
        }
    }
}

impl<'py> TextArg<'py> {
    /// The record's bytes as a Python `bytes` object (UTF-8 for a `str`), and whether it was
    /// given as `bytes`: kept alive, they can be read without the interpreter's lock. A record
    /// over `max` bytes is its length only: a `str` too long by its characters is not encoded
    /// (its length in bytes is its length in characters when it is ASCII, as a long record
    /// mostly is).
    pub fn hold(self, max: usize) -> PyResult<Held<'py>> {
        match self {
            TextArg::Text(text) => {
                if text.len()? > max && text.call_method0("isascii")?.is_truthy()? {
                    return Ok(Held::TooLong(text.len()? as u64, false));
                }
                let bytes = encoded(&text);
                let length = bytes.as_bytes().len();
                Ok(if length > max {
                    Held::TooLong(length as u64, false)
                } else {
                    Held::Record(bytes, false)
                })
            }
            TextArg::Bytes(bytes) => {
                let length = bytes.as_bytes().len();
                Ok(if length > max {
                    Held::TooLong(length as u64, true)
                } else {
                    Held::Record(bytes, true)
                })
            }
        }
    }
}

/// `text` in UTF-8; lone surrogates each become one U+FFFD.
fn encoded<'py>(text: &Bound<'py, PyString>) -> Bound<'py, PyBytes> {
    text.encode_utf8()
        .unwrap_or_else(|_| PyBytes::new(text.py(), without_surrogates(text).as_bytes()))
}

impl Input {
    /// A record's bytes, copied.
    pub fn from_slice(bytes: &[u8], is_bytes: bool) -> Input {
        Input {
            bytes: Arc::from(bytes),
            is_bytes,
        }
    }

    /// The record as Python sees it: `bytes` as given, else text in which each byte that is
    /// not UTF-8 is one U+FFFD (as fenkit counts columns).
    pub fn to_object<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        if self.is_bytes {
            return PyBytes::new(py, &self.bytes).into_any();
        }
        PyString::new(py, &self.text()).into_any()
    }

    /// The record as text, each byte that is not UTF-8 one U+FFFD.
    pub fn text(&self) -> String {
        let mut text = String::with_capacity(self.bytes.len());
        for chunk in self.bytes.utf8_chunks() {
            text.push_str(chunk.valid());
            text.extend(chunk.invalid().iter().map(|_| char::REPLACEMENT_CHARACTER));
        }
        text
    }

    /// Where `span` is for Python slicing, `(start, end)`: characters of a `str`, bytes of
    /// `bytes`.
    pub fn indices(&self, span: Span) -> (usize, usize) {
        if self.is_bytes {
            let end = span.end().min(self.bytes.len());
            return (span.offset.min(end), end);
        }
        let columns = self.columns(span);
        (columns.column - 1, columns.end_column - 1)
    }

    /// The span's columns (characters and UTF-16 units, from 1).
    pub fn columns(&self, span: Span) -> SpanColumns {
        SpanColumns::of(&self.bytes, span)
    }
}
