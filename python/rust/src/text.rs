//! Reading Python strings as bytes, lone surrogates included.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// The UTF-8 bytes of a string. A string holding a lone surrogate has no UTF-8 form; it comes
/// out as Python's `encode("utf-8", "surrogatepass")` writes it, a three-byte sequence per
/// surrogate, which the rules read as one code point like any other.
pub fn utf8_bytes<'py>(text: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyBytes>> {
    match text.encode_utf8() {
        Ok(bytes) => Ok(bytes),
        Err(_) => {
            let py = text.py();
            let encoded = text
                .call_method1(intern!(py, "encode"), (intern!(py, "utf-8"), intern!(py, "surrogatepass")))?;
            Ok(encoded.cast_into::<PyBytes>()?)
        }
    }
}

/// `type(value).__name__`, for messages.
pub fn type_name(value: &Bound<'_, PyAny>) -> String {
    value.get_type().name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|_| "object".to_string())
}

/// `repr(value)` as Rust text, for messages (a failing `repr` shows the type instead).
pub fn repr(value: &Bound<'_, PyAny>) -> String {
    match value.repr() {
        Ok(r) => r.to_string_lossy().into_owned(),
        Err(_) => format!("<{} object>", type_name(value)),
    }
}
