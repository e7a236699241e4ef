//! The rules of the `openapi` source: a whole OpenAPI 3.0 / 3.1 document as tools.
//!
//! - [`document`]: the version check, the server, which operations, their names.
//! - [`operation`]: one operation's description, input schema and request plan (the plan the
//!   `http` rules execute: [`crate::http::plan`]).
//! - [`schema`]: OpenAPI schemas as self-contained JSON Schema (`$ref`s inlined, recursion
//!   cut, 3.0 keywords converted).
//! - [`sparse`]: a document's text read for only the parts tools are made of ([`scan`]: an
//!   object's entries found without building its values).

use serde_json::Value;

use crate::ops::{OpError, OpResult};

pub mod document;
pub mod operation;
pub mod scan;
pub mod schema;
pub mod sparse;

/// The `openapi.*` operations of [`crate::ops::call`].
pub fn op(name: &str, input: Value) -> OpResult {
    match name {
        // { spec, baseUrl?, headers?, prefix?, include?, exclude?, timeout?, maxBytes? }
        //   → [{ name, description, inputSchema, plan }]
        "tools" => document::tools(&input),
        _ => Err(OpError::unknown(&format!("openapi.{name}"))),
    }
}
