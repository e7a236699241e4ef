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
        // { spec, baseUrl?, headers?, prefix?, include?, exclude?, timeout?, maxBytes?, keep? }
        //   → [{ name, description, inputSchema, plan }]; with `keep: true`, each plan stays in
        //   the core and `plan` is what `http.define` answers for a kept one
        "tools" => {
            let mut input = input;
            let keep = crate::http::take_keep(&mut input);
            let mut tools = document::tools(&input)?;
            if keep {
                for tool in tools.as_array_mut().into_iter().flatten() {
                    tool["plan"] = crate::http::kept::keep_value(&tool["plan"])?;
                }
            }
            Ok(tools)
        }
        _ => Err(OpError::unknown(&format!("openapi.{name}"))),
    }
}
