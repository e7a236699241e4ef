//! The checks of `Tool(...)` and `define_tool(...)`: the fields are read here, the rules and
//! the wording are the core's (`toolnexus::python::definition`).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString};
use pyo3::{intern, PyErr};

use toolnexus::python::definition::{
    bad_name, empty_name, parse_source, schema_root, sync_execute, wrong_type, DefinitionError, ErrorKind,
};
use toolnexus::python::{first_bad_name_char, Maker};

use crate::text::{repr, type_name, utf8_bytes};

fn raise(error: DefinitionError) -> PyErr {
    match error.kind {
        ErrorKind::Type => PyTypeError::new_err(error.message),
        ErrorKind::Value => PyValueError::new_err(error.message),
    }
}

fn check_name(maker: Maker, name: &Bound<'_, PyAny>) -> PyResult<()> {
    let Ok(text) = name.cast::<PyString>() else {
        return Err(raise(wrong_type(maker, "name", "str", &type_name(name))));
    };
    let bytes = utf8_bytes(text)?;
    let bytes = bytes.as_bytes();
    if bytes.is_empty() {
        return Err(raise(empty_name(maker)));
    }
    match first_bad_name_char(bytes) {
        None => Ok(()),
        Some(index) => {
            let ch = text.get_item(index).map(|c| repr(&c)).unwrap_or_else(|_| "?".to_string());
            Err(raise(bad_name(maker, &repr(name), &ch, index)))
        }
    }
}

fn check_schema(maker: Maker, schema: &Bound<'_, PyAny>) -> PyResult<()> {
    let Ok(dict) = schema.cast::<PyDict>() else {
        return Err(raise(wrong_type(
            maker,
            "input_schema",
            "dict (a JSON Schema object)",
            &type_name(schema),
        )));
    };
    // PyDict_GetItem reads the dict itself: no __getitem__ of a subclass runs.
    match dict.get_item(intern!(schema.py(), "type"))? {
        Some(root) if root.cast::<PyString>().is_ok_and(|t| t.to_cow().is_ok_and(|t| t == "object")) => {
            Ok(())
        }
        Some(root) => Err(raise(schema_root(maker, Some(&repr(&root))))),
        None => Err(raise(schema_root(maker, None))),
    }
}

fn check_source(maker: Maker, source: &Bound<'_, PyAny>) -> PyResult<()> {
    let Ok(text) = source.cast::<PyString>() else {
        return Err(raise(wrong_type(maker, "source", "str", &type_name(source))));
    };
    let text = text.to_cow().ok();
    parse_source(maker, text.as_deref(), &repr(source)).map(|_| ()).map_err(raise)
}

fn check_fields(
    maker: Maker,
    name: &Bound<'_, PyAny>,
    description: &Bound<'_, PyAny>,
    input_schema: &Bound<'_, PyAny>,
    source: &Bound<'_, PyAny>,
) -> PyResult<()> {
    check_name(maker, name)?;
    if !description.is_instance_of::<PyString>() {
        return Err(raise(wrong_type(maker, "description", "str", &type_name(description))));
    }
    check_schema(maker, input_schema)?;
    check_source(maker, source)
}

static IS_COROUTINE_FUNCTION: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

fn is_coroutine_function(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    let py = value.py();
    let test = IS_COROUTINE_FUNCTION.import(py, "inspect", "iscoroutinefunction")?;
    if test.call1((value,))?.is_truthy()? {
        return Ok(true);
    }
    // An object whose `__call__` is `async def` is awaited the same way.
    match value.getattr(intern!(py, "__call__")) {
        Ok(call) => test.call1((call,))?.is_truthy(),
        Err(_) => Ok(false),
    }
}

/// The checks of the `Tool` dataclass: raises `TypeError` or `ValueError`, else returns None.
#[pyfunction]
pub fn check_tool(
    name: &Bound<'_, PyAny>,
    description: &Bound<'_, PyAny>,
    input_schema: &Bound<'_, PyAny>,
    source: &Bound<'_, PyAny>,
    execute: &Bound<'_, PyAny>,
) -> PyResult<()> {
    let maker = Maker::Tool;
    check_fields(maker, name, description, input_schema, source)?;
    if !execute.is_callable() {
        return Err(raise(wrong_type(
            maker,
            "execute",
            "a coroutine function (async def)",
            &type_name(execute),
        )));
    }
    if !is_coroutine_function(execute)? {
        return Err(raise(sync_execute(maker)));
    }
    Ok(())
}

/// The checks of `define_tool`, on the values after its defaults: raises `TypeError` or
/// `ValueError`, else returns None.
#[pyfunction]
pub fn check_define(
    function: &Bound<'_, PyAny>,
    name: &Bound<'_, PyAny>,
    description: &Bound<'_, PyAny>,
    input_schema: &Bound<'_, PyAny>,
    source: &Bound<'_, PyAny>,
) -> PyResult<()> {
    let maker = Maker::DefineTool;
    if !function.is_callable() {
        return Err(raise(wrong_type(maker, "fn", "callable", &type_name(function))));
    }
    check_fields(maker, name, description, input_schema, source)
}
