//! The result table of `define_tool`'s `execute`, asked of Python objects; the table itself is
//! `toolnexus::python::result`.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyTuple, PyType};
use pyo3::{intern, PyErr};

use toolnexus::python::result::{failure_text, row, Probe, Raised, Row};
use toolnexus::python::UNPRINTABLE;

static TOOL_RESULT: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static JSON_DUMPS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static STOPS: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();
static GROUP: PyOnceLock<Option<Py<PyType>>> = PyOnceLock::new();

fn tool_result(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    TOOL_RESULT.import(py, "toolnexus.types", "ToolResult")
}

struct Value<'a, 'py> {
    value: &'a Bound<'py, PyAny>,
    class: &'a Bound<'py, PyType>,
}

impl Probe for Value<'_, '_> {
    fn is_str(&self) -> bool {
        self.value.is_instance_of::<PyString>()
    }
    fn is_tool_result(&self) -> bool {
        self.value.is_instance(self.class).unwrap_or(false)
    }
    fn is_awaitable(&self) -> bool {
        let py = self.value.py();
        self.value.get_type().hasattr(intern!(py, "__await__")).unwrap_or(false)
    }
}

/// The `ToolResult` for what the function gave, or `None` when it gave an awaitable (the
/// package awaits it and asks again). A failing `json.dumps` raises, as the function would.
#[pyfunction]
pub fn result_of<'py>(value: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyAny>>> {
    let py = value.py();
    let class = tool_result(py)?;
    match row(&Value { value, class }) {
        Row::Text => class.call1((value, false)).map(Some),
        Row::ToolResult => Ok(Some(value.clone())),
        Row::Awaitable => Ok(None),
        Row::Json => {
            let dumps = JSON_DUMPS.import(py, "json", "dumps")?;
            class.call1((dumps.call1((value,))?, false)).map(Some)
        }
    }
}

fn stops(py: Python<'_>) -> PyResult<&Bound<'_, PyTuple>> {
    STOPS
        .get_or_try_init(py, || -> PyResult<Py<PyTuple>> {
            let builtins = py.import("builtins")?;
            let cancelled = py.import("asyncio")?.getattr("CancelledError")?;
            let kinds = [
                builtins.getattr("KeyboardInterrupt")?,
                builtins.getattr("SystemExit")?,
                builtins.getattr("GeneratorExit")?,
                cancelled,
            ];
            Ok(PyTuple::new(py, kinds)?.unbind())
        })
        .map(|t| t.bind(py))
}

fn group(py: Python<'_>) -> Option<&Bound<'_, PyType>> {
    GROUP
        .get_or_init(py, || {
            // BaseExceptionGroup exists from Python 3.11.
            py.import("builtins")
                .and_then(|b| b.getattr("BaseExceptionGroup"))
                .and_then(|g| g.cast_into::<PyType>().map_err(PyErr::from))
                .ok()
                .map(Bound::unbind)
        })
        .as_ref()
        .map(|g| g.bind(py))
}

struct Exception<'a, 'py>(&'a Bound<'py, PyAny>);

impl Raised for Exception<'_, '_> {
    fn means_stop(&self) -> bool {
        let py = self.0.py();
        let Ok(stops) = stops(py) else { return false };
        if self.0.is_instance(stops).unwrap_or(false) {
            return true;
        }
        // A group stops when it holds a stop anywhere: split() finds it at any depth.
        match group(py) {
            Some(group) if self.0.is_instance(group).unwrap_or(false) => self
                .0
                .call_method1(intern!(py, "split"), (stops,))
                .and_then(|parts| parts.get_item(0))
                .is_ok_and(|found| !found.is_none()),
            _ => false,
        }
    }
}

/// The `ToolResult` for an exception the function raised (`str(e)`, `is_error=True`), or `None`
/// when the exception means stop and the package must re-raise it.
#[pyfunction]
pub fn failure<'py>(error: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyAny>>> {
    let py = error.py();
    let mut stop_in_str: Option<PyErr> = None;
    let text = failure_text(
        &Exception(error),
        || match error.str() {
            Ok(text) => Some(text),
            Err(e) => {
                if Exception(e.value(py).as_any()).means_stop() {
                    stop_in_str = Some(e);
                }
                None
            }
        },
        || PyString::new(py, UNPRINTABLE),
    );
    if let Some(e) = stop_in_str {
        return Err(e);
    }
    match text {
        None => Ok(None),
        Some(text) => tool_result(py)?.call1((text, true)).map(Some),
    }
}
