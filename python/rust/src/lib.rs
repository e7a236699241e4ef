//! `toolnexus._core`: the toolnexus core for Python.
//!
//! The package (`python/src/toolnexus`) keeps the awaiting in Python and asks this module
//! every decision: whether a definition is valid ([`definition`]), what `sanitize` gives
//! ([`sanitize`]), which row of the result table a value falls in and what a failure shows
//! ([`result`]), and carries tool lists to the providers' formats and back ([`tools_out`],
//! over the conversions of [`value`]). The rules themselves live in the root crate
//! (`toolnexus::rules`, `toolnexus::python`, `toolnexus::schema`), shared with the WebAssembly
//! build.

use pyo3::prelude::*;

/// The extension's own allocations (the core's JSON values) through mimalloc.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod definition;
mod ops;
mod result;
mod sanitize;
mod text;
mod tools_out;
mod value;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sanitize::sanitize, m)?)?;
    m.add_function(wrap_pyfunction!(ops::call, m)?)?;
    m.add_function(wrap_pyfunction!(tools_out::tools_out, m)?)?;
    m.add_function(wrap_pyfunction!(definition::check_tool, m)?)?;
    m.add_function(wrap_pyfunction!(definition::check_define, m)?)?;
    m.add_function(wrap_pyfunction!(result::result_of, m)?)?;
    m.add_function(wrap_pyfunction!(result::failure, m)?)?;
    m.add("UNPRINTABLE", toolnexus::python::UNPRINTABLE)?;
    // The version, written once in the workspace's Cargo.toml.
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
