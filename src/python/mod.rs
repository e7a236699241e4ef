//! The rules of the Python package (`python/`), in plain Rust.
//!
//! The Python package is built from this crate through PyO3 (`python/rust`). What both
//! packages share comes from the crate's common modules: the sources ([`crate::rules::Source`])
//! and the name alphabet ([`crate::rules::is_name_byte`]). What is Python's own lives here:
//! `sanitize` over code points rather than UTF-16 units ([`sanitize`]), the definition errors
//! worded in Python's idiom ([`definition`]), and the result table in Python terms
//! ([`result`]). Nothing here touches the interpreter: the extension crate asks the questions
//! of Python objects and these functions decide.

pub mod definition;
pub mod result;
pub mod sanitize;

pub use definition::{first_bad_name_char, DefinitionError, ErrorKind, Maker};
pub use result::{failure_text, Row, UNPRINTABLE};
pub use sanitize::{sanitize_code_points, sanitize_str};
