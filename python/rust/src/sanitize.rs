//! `toolnexus.sanitize`.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::text::{type_name, utf8_bytes};

/// `re.sub(r"[^a-zA-Z0-9_-]", "_", value)`: every code point outside the alphabet becomes `_`.
#[pyfunction]
pub fn sanitize<'py>(value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyString>> {
    let Ok(text) = value.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "sanitize() argument must be str, not {}",
            type_name(value)
        )));
    };
    let bytes = utf8_bytes(text)?;
    Ok(PyString::new(value.py(), &toolnexus::python::sanitize_code_points(bytes.as_bytes())))
}
