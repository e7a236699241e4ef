//! The rules of the `a2a` source (see the module's operations in [`op`]).

use serde_json::Value;

use crate::ops::{OpError, OpResult};

/// The `a2a.*` operations of [`crate::ops::call`].
pub fn op(name: &str, _input: Value) -> OpResult {
    Err(OpError::unknown(&format!("a2a.{name}")))
}
