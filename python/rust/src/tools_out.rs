//! `_core.tools_out`: tools out (`schema.tools_out`), from the tools' Python values to the
//! answer's Python dicts with no JSON text between them.
//!
//! An agent sends the same tool list with every request: the last few lists and their answers
//! are kept, and a list equal to one of them (the same values, keys in the same order, numbers
//! of the same kind: what makes the same JSON) is answered from it, built afresh, without the
//! core.

use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyAttributeError, PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString};
use serde_json::{Map, Value};
use toolnexus::ops::{dispatch, ErrorKind};

use crate::value::{same, to_json, to_python, NotJson};

/// A list answered before: the request's options, its tools' `[name, description, schema]`
/// and the answer.
struct Answered {
    function: String,
    target: String,
    options: Value,
    tools: Vec<[Value; 3]>,
    answer: Value,
}

const KEPT: usize = 8;
static ANSWERED: PyOnceLock<Mutex<Vec<Arc<Answered>>>> = PyOnceLock::new();

/// `getattr(tool, name, None)`.
fn field<'py>(tool: &Bound<'py, PyAny>, name: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyAny>> {
    let py = tool.py();
    match tool.getattr(name) {
        Ok(v) => Ok(v),
        Err(e) if e.is_instance_of::<PyAttributeError>(py) => Ok(py.None().into_bound(py)),
        Err(e) => Err(e),
    }
}

/// Each tool's `name`, `description` and `input_schema`, in order.
fn fields<'py>(tools: &Bound<'py, PyAny>) -> PyResult<Vec<[Bound<'py, PyAny>; 3]>> {
    let py = tools.py();
    let (name, description, schema) =
        (intern!(py, "name"), intern!(py, "description"), intern!(py, "input_schema"));
    let mut out = Vec::new();
    for tool in tools.try_iter()? {
        let tool = tool?;
        out.push([field(&tool, name)?, field(&tool, description)?, field(&tool, schema)?]);
    }
    Ok(out)
}

fn cache(py: Python<'_>) -> &Mutex<Vec<Arc<Answered>>> {
    ANSWERED.get_or_init(py, || Mutex::new(Vec::new()))
}

/// The kept answer for this request, if any.
fn answered(
    py: Python<'_>,
    function: &str,
    target: &str,
    options: &Value,
    tools: &[[Bound<'_, PyAny>; 3]],
) -> Option<Arc<Answered>> {
    // The entries are taken out of the lock before they are compared.
    let kept: Vec<Arc<Answered>> = cache(py).lock().ok()?.clone();
    kept.into_iter().find(|a| {
        a.function == function
            && a.target == target
            && a.options == *options
            && a.tools.len() == tools.len()
            && a.tools
                .iter()
                .zip(tools)
                .all(|(j, t)| same(&t[0], &j[0]) && same(&t[1], &j[1]) && same(&t[2], &j[2]))
    })
}

fn keep(py: Python<'_>, answered: Arc<Answered>) {
    if let Ok(mut kept) = cache(py).lock() {
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push(answered);
    }
}

/// The tools (any iterable of objects with `name`, `description`, `input_schema`) in the
/// target's format (`options`: `strict`, `dialect`), as fresh dicts and lists. A name the
/// target refuses is a `ValueError`; a schema that is not JSON a `TypeError`.
#[pyfunction]
pub fn tools_out<'py>(
    py: Python<'py>,
    function: &str,
    target: &str,
    tools: &Bound<'py, PyAny>,
    options: &Bound<'py, PyDict>,
) -> PyResult<Bound<'py, PyAny>> {
    let not_json = |e: NotJson| {
        PyTypeError::new_err(format!("{function}: a tool's input_schema is not JSON: {}", e.words(py)))
    };
    let options = to_json(options, 0).map_err(not_json)?;
    let tools = fields(tools)?;
    if let Some(kept) = answered(py, function, target, &options, &tools) {
        return to_python(py, &kept.answer);
    }
    let mut specs = Vec::with_capacity(tools.len());
    for [name, description, schema] in &tools {
        // Each value sits at depth 3 of the request: in it, in its `tools`, in the tool.
        specs.push([
            to_json(name, 3).map_err(not_json)?,
            to_json(description, 3).map_err(not_json)?,
            to_json(schema, 3).map_err(not_json)?,
        ]);
    }
    let mut request = match &options {
        Value::Object(o) => o.clone(),
        _ => Map::new(),
    };
    request.insert("target".into(), Value::String(target.into()));
    request.insert("function".into(), Value::String(function.into()));
    let list = specs
        .iter()
        .map(|[n, d, s]| {
            let mut spec = Map::with_capacity(3);
            spec.insert("name".into(), n.clone());
            spec.insert("description".into(), d.clone());
            spec.insert("inputSchema".into(), s.clone());
            Value::Object(spec)
        })
        .collect();
    request.insert("tools".into(), Value::Array(list));
    let answer =
        py.detach(|| dispatch("schema.tools_out", Value::Object(request))).map_err(|e| match e.kind {
            ErrorKind::Type => PyTypeError::new_err(e.message),
            ErrorKind::Value => PyValueError::new_err(e.message),
        })?;
    let out = to_python(py, &answer)?;
    keep(
        py,
        Arc::new(Answered {
            function: function.into(),
            target: target.into(),
            options,
            tools: specs,
            answer,
        }),
    );
    Ok(out)
}
