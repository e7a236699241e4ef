//! `_core.call`: the one door into the sources' rules (`toolnexus::ops`), a JSON string each
//! way. A refusal becomes `TypeError` or `ValueError` with the core's message.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use toolnexus::ops::{dispatch, ErrorKind};

/// Runs the core operation `op` over `input` (JSON text); returns the answer as JSON text.
#[pyfunction]
pub fn call(py: Python<'_>, op: &str, input: &str) -> PyResult<String> {
    let reply = py.detach(|| match serde_json::from_str(input) {
        Ok(value) => dispatch(op, value).map(|v| v.to_string()),
        Err(e) => Err(toolnexus::ops::OpError::type_error(format!("the input of {op} is not JSON: {e}"))),
    });
    reply.map_err(|e| match e.kind {
        ErrorKind::Type => PyTypeError::new_err(e.message),
        ErrorKind::Value => PyValueError::new_err(e.message),
    })
}
