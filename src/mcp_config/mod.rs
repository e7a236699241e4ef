//! The rules of the `mcp_config` source (see the module's operations in [`op`]).

use serde_json::Value;

use crate::ops::{OpError, OpResult};

/// The `mcp_config.*` operations of [`crate::ops::call`].
pub fn op(name: &str, _input: Value) -> OpResult {
    Err(OpError::unknown(&format!("mcp_config.{name}")))
}
