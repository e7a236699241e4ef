//! Python values and the core's JSON values, converted in one walk each way, with no JSON text
//! between them. Python to JSON reads what `json.dumps` writes (and the core's JSON reader then
//! reads back): dicts in their order (keys `str`, or `int`, `float`, `bool`, `None` written as
//! `json.dumps` writes them), lists and tuples, `str`, `int`, finite `float`, `bool`, `None`
//! (subclasses by their base's value) and nothing else, at most as deep as that reader goes.
//! JSON to Python builds fresh dicts and lists, keys and short strings shared from a table.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Mutex;

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};

use crate::text::type_name;

/// Why a Python value has no JSON form (its words follow `json.dumps`'s).
pub enum NotJson {
    Python(PyErr),
    Message(String),
}

impl From<PyErr> for NotJson {
    fn from(e: PyErr) -> Self {
        NotJson::Python(e)
    }
}

impl NotJson {
    /// The error's words, for the caller's `TypeError`.
    pub fn words(&self, py: Python<'_>) -> String {
        match self {
            NotJson::Python(e) => e.value(py).to_string(),
            NotJson::Message(m) => m.clone(),
        }
    }
}

/// The nesting the core's JSON reader takes (serde_json's limit): `depth` counts the containers
/// around a value (the request itself is the first), and a container may sit at most at level
/// `DEPTH_LIMIT - 1`, so a schema is refused exactly where its JSON text would be.
pub const DEPTH_LIMIT: u32 = 128;

/// The text of a `str` (lone surrogates have no UTF-8 form: an error, as the JSON reader's).
#[inline]
pub fn text<'a>(s: &'a Bound<'_, PyString>) -> PyResult<std::borrow::Cow<'a, str>> {
    #[cfg(not(windows))]
    {
        // PyUnicode_AsUTF8AndSize: in the stable ABI from 3.10 and exported, with this signature,
        // by every CPython 3; the UTF-8 form is cached in the string, no copy made.
        extern "C" {
            fn PyUnicode_AsUTF8AndSize(
                s: *mut pyo3::ffi::PyObject,
                size: *mut pyo3::ffi::Py_ssize_t,
            ) -> *const u8;
        }
        let mut size: pyo3::ffi::Py_ssize_t = 0;
        // SAFETY: `s` is a live str (the GIL is held); the bytes live as long as the string.
        let data = unsafe { PyUnicode_AsUTF8AndSize(s.as_ptr(), &mut size) };
        if data.is_null() {
            return Err(PyErr::fetch(s.py()));
        }
        // SAFETY: CPython hands back `size` bytes of valid UTF-8.
        let bytes = unsafe { std::slice::from_raw_parts(data, size as usize) };
        Ok(std::borrow::Cow::Borrowed(unsafe { std::str::from_utf8_unchecked(bytes) }))
    }
    #[cfg(windows)]
    {
        s.to_cow()
    }
}

/// `value` as JSON, its containers counted from `depth`.
pub fn to_json(value: &Bound<'_, PyAny>, depth: u32) -> Result<Value, NotJson> {
    if let Ok(s) = value.cast_exact::<PyString>() {
        return Ok(Value::String(text(s)?.into_owned()));
    }
    if let Ok(d) = value.cast_exact::<PyDict>() {
        let depth = deeper(depth)?;
        let mut map = Map::with_capacity(d.len());
        for (k, v) in d.iter() {
            map.insert(key(&k)?, to_json(&v, depth)?);
        }
        return Ok(Value::Object(map));
    }
    if let Ok(l) = value.cast_exact::<PyList>() {
        let depth = deeper(depth)?;
        let mut out = Vec::with_capacity(l.len());
        for v in l.iter() {
            out.push(to_json(&v, depth)?);
        }
        return Ok(Value::Array(out));
    }
    if let Ok(b) = value.cast_exact::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if value.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(i) = value.cast::<PyInt>() {
        return int(i);
    }
    if let Ok(f) = value.cast::<PyFloat>() {
        return float(f.value());
    }
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(Value::String(text(s)?.into_owned()));
    }
    if let Ok(d) = value.cast::<PyDict>() {
        // A dict of another class, read as json.dumps reads it: by its items().
        let depth = deeper(depth)?;
        let mut map = Map::with_capacity(d.len());
        for item in d.call_method0("items")?.try_iter()? {
            let (k, v): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item?.extract()?;
            map.insert(key(&k)?, to_json(&v, depth)?);
        }
        return Ok(Value::Object(map));
    }
    if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        let depth = deeper(depth)?;
        let mut out = Vec::new();
        for v in value.try_iter()? {
            out.push(to_json(&v?, depth)?);
        }
        return Ok(Value::Array(out));
    }
    Err(NotJson::Message(format!("Object of type {} is not JSON serializable", type_name(value))))
}

fn deeper(depth: u32) -> Result<u32, NotJson> {
    if depth + 1 >= DEPTH_LIMIT {
        return Err(NotJson::Message(format!("it nests deeper than {} levels", DEPTH_LIMIT - 1)));
    }
    Ok(depth + 1)
}

fn int(i: &Bound<'_, PyInt>) -> Result<Value, NotJson> {
    if let Ok(n) = i.extract::<i64>() {
        return Ok(Value::Number(n.into()));
    }
    if let Ok(n) = i.extract::<u64>() {
        return Ok(Value::Number(n.into()));
    }
    // Past 64 bits the JSON reader keeps the nearest float.
    let f: f64 = i.extract().map_err(|_| NotJson::Message("an integer out of range".into()))?;
    float(f)
}

fn float(f: f64) -> Result<Value, NotJson> {
    Number::from_f64(f)
        .map(Value::Number)
        .ok_or_else(|| NotJson::Message(format!("Out of range float values are not JSON compliant: {f}")))
}

/// A dict key as `json.dumps` writes it.
fn key(k: &Bound<'_, PyAny>) -> Result<String, NotJson> {
    if let Ok(s) = k.cast::<PyString>() {
        return Ok(text(s)?.into_owned());
    }
    let py = k.py();
    if let Ok(b) = k.cast::<PyBool>() {
        return Ok(if b.is_true() { "true" } else { "false" }.into());
    }
    if k.is_none() {
        return Ok("null".into());
    }
    if k.is_instance_of::<PyInt>() {
        return Ok(py.get_type::<PyInt>().call_method1("__repr__", (k,))?.extract()?);
    }
    if let Ok(f) = k.cast::<PyFloat>() {
        let v = f.value();
        if v.is_nan() {
            return Ok("NaN".into());
        }
        if v.is_infinite() {
            return Ok(if v > 0.0 { "Infinity" } else { "-Infinity" }.into());
        }
        return Ok(py.get_type::<PyFloat>().call_method1("__repr__", (k,))?.extract()?);
    }
    Err(NotJson::Message(format!("keys must be str, int, float, bool or None, not {}", type_name(k))))
}

/// The strings made so far, shared by every tree built: the keys of tool lists and their short
/// values are a few words (`type`, `properties`, `string`, ...), each made once.
type Strings = HashMap<Box<str>, Py<PyString>, BuildHasherDefault<Fx>>;
static STRINGS: PyOnceLock<Mutex<Strings>> = PyOnceLock::new();
const STRINGS_LIMIT: usize = 4096;
/// Longer values (descriptions) are made afresh.
const SHARED_LEN: usize = 32;

/// A fast hash for short strings (the rustc one).
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]));
        }
        for &b in chunks.remainder() {
            self.add(u64::from(b));
        }
    }
    fn write_u8(&mut self, b: u8) {
        self.add(u64::from(b));
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

impl Fx {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Fresh Python values for `value`: every dict and list new.
pub fn to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    let strings = STRINGS.get_or_init(py, || Mutex::new(Strings::default()));
    match strings.try_lock() {
        Ok(mut table) => {
            if table.len() > STRINGS_LIMIT {
                table.clear();
            }
            Builder { py, strings: Some(&mut table) }.build(value)
        }
        Err(_) => Builder { py, strings: None }.build(value),
    }
}

struct Builder<'a, 'py> {
    py: Python<'py>,
    strings: Option<&'a mut Strings>,
}

impl<'py> Builder<'_, 'py> {
    fn string(&mut self, s: &str) -> Bound<'py, PyString> {
        let py = self.py;
        match self.strings.as_deref_mut() {
            Some(table) if s.len() <= SHARED_LEN => match table.get(s) {
                Some(shared) => shared.bind(py).clone(),
                None => {
                    let made = PyString::new(py, s);
                    table.insert(s.into(), made.clone().unbind());
                    made
                }
            },
            _ => PyString::new(py, s),
        }
    }

    fn build(&mut self, value: &Value) -> PyResult<Bound<'py, PyAny>> {
        let py = self.py;
        Ok(match value {
            Value::Null => py.None().into_bound(py),
            Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
            Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    i.into_pyobject(py)?.into_any()
                } else if let Some(u) = n.as_u64() {
                    u.into_pyobject(py)?.into_any()
                } else {
                    PyFloat::new(py, n.as_f64().unwrap_or(f64::NAN)).into_any()
                }
            }
            Value::String(s) => self.string(s).into_any(),
            Value::Array(items) => {
                // SAFETY: a new list of `len` empty slots, each filled once below (PyList_SetItem
                // takes the item's reference) before the list is handed out; a failure drops it.
                let list = unsafe {
                    Bound::from_owned_ptr_or_err(py, ffi::PyList_New(items.len() as ffi::Py_ssize_t))?
                };
                for (i, item) in items.iter().enumerate() {
                    let item = self.build(item)?;
                    if unsafe { ffi::PyList_SetItem(list.as_ptr(), i as ffi::Py_ssize_t, item.into_ptr()) }
                        != 0
                    {
                        return Err(PyErr::fetch(py));
                    }
                }
                list
            }
            Value::Object(map) => {
                let d = PyDict::new(py);
                for (k, v) in map {
                    let k = self.string(k);
                    d.set_item(k, self.build(v)?)?;
                }
                d.into_any()
            }
        })
    }
}

/// Whether `to_json(value)` would give exactly `json`, keys in the same order, numbers of the
/// same kind (`1` and `1.0` differ): read without building anything. Only the exact builtin
/// types are compared (no Python code runs); any other value answers `false`.
pub fn same(value: &Bound<'_, PyAny>, json: &Value) -> bool {
    match json {
        Value::String(t) => match value.cast_exact::<PyString>() {
            Ok(s) => text(s).is_ok_and(|s| s == t.as_str()),
            Err(_) => false,
        },
        Value::Object(map) => match value.cast_exact::<PyDict>() {
            Ok(d) => {
                d.len() == map.len()
                    && d.iter().zip(map).all(|((k, v), (mk, mv))| {
                        k.cast_exact::<PyString>().is_ok_and(|k| text(k).is_ok_and(|k| k == mk.as_str()))
                            && same(&v, mv)
                    })
            }
            Err(_) => false,
        },
        Value::Array(items) => match value.cast_exact::<PyList>() {
            Ok(l) => l.len() == items.len() && l.iter().zip(items).all(|(v, j)| same(&v, j)),
            Err(_) => match value.cast_exact::<PyTuple>() {
                Ok(t) => t.len() == items.len() && t.iter().zip(items).all(|(v, j)| same(&v, j)),
                Err(_) => false,
            },
        },
        Value::Bool(b) => value.cast_exact::<PyBool>().is_ok_and(|v| v.is_true() == *b),
        Value::Null => value.is_none(),
        Value::Number(n) => {
            if n.is_f64() {
                value
                    .cast_exact::<PyFloat>()
                    .is_ok_and(|f| Some(f.value().to_bits()) == n.as_f64().map(f64::to_bits))
            } else if value.is_exact_instance_of::<PyInt>() {
                match (n.as_i64(), n.as_u64()) {
                    (Some(i), _) => value.extract::<i64>().is_ok_and(|v| v == i),
                    (None, Some(u)) => value.extract::<u64>().is_ok_and(|v| v == u),
                    _ => false,
                }
            } else {
                false
            }
        }
    }
}
