//! The rules of the `openapi` source (see the module's operations in [`op`]).

use serde_json::Value;

use crate::ops::{OpError, OpResult};

/// The `openapi.*` operations of [`crate::ops::call`].
pub fn op(name: &str, _input: Value) -> OpResult {
    Err(OpError::unknown(&format!("openapi.{name}")))
}
