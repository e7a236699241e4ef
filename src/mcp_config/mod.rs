//! The rules of MCP servers read from a config file (`connectMCP`, `connect_mcp`,
//! `createToolkit({ mcpConfig })`): which dialect a config is ([`dialect`]), what each entry
//! means once its variables are expanded ([`server`], [`expand`]), what a stdio server's
//! environment is ([`env`]), which tools are kept and their names ([`tools`]), and how the host
//! speaks of a server ([`status`]). The host spawns, connects and closes; everything it decides
//! is asked here.
//!
//! Operations (all inputs are objects; JavaScript passes milliseconds, Python converts):
//! - `env_files { config, env?, inputs?, cwd? }` → the `envFile` paths to read first;
//! - `normalize { config, env?, processEnv?, inputs?, envFiles?, cwd?, platform?, timeout? }` →
//!   `{ dialect, servers }` (see [`server`]); a config that does not parse is the only error;
//! - `tools { servers: [{ name, include?, exclude?, tools }] }` → the kept tools' names;
//! - `status { name, status, error?, stderr?, transport?, tools?, secrets }` → a status record;
//! - `message { name, kind, …, secrets }` → the words of one failure;
//! - `redact { text, secrets }` → the text with every secret hidden;
//! - `fallback { status }` → whether to try SSE after that HTTP status;
//! - `limits {}` → the host's bounds (default timeout, kill grace, stderr buffer, message size).

pub mod dialect;
pub mod env;
pub mod expand;
pub mod server;
pub mod status;
pub mod tools;

#[cfg(test)]
mod tests;

use serde_json::{json, Map, Value};

use crate::ops::{OpError, OpResult};

/// A server's start (and each call) is bounded by this, unless the options or its entry say.
pub const DEFAULT_TIMEOUT_MS: u64 = 30_000;
/// Between TERM and KILL to a server's process group.
pub const KILL_GRACE_MS: u64 = 1_500;
/// The bytes of a server's stderr the host keeps (its last ones).
pub const STDERR_BUFFER: usize = 64 * 1024;
/// The longest line (one JSON-RPC message) a stdio server may write.
pub const MAX_MESSAGE: usize = 32 * 1024 * 1024;

fn object<'v>(
    input: &'v Value,
    key: &str,
    empty: &'v Map<String, Value>,
) -> Result<&'v Map<String, Value>, OpError> {
    match input.get(key) {
        None | Some(Value::Null) => Ok(empty),
        Some(Value::Object(m)) => Ok(m),
        Some(_) => Err(OpError::type_error(format!("`{key}` must be an object of strings"))),
    }
}

fn secrets(input: &Value) -> Vec<&str> {
    input
        .get("secrets")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// Reads `config` with the options of `input` and hands each server to `each`.
fn with_servers<T>(
    input: &Value,
    mut each: impl FnMut(&str, &Value, dialect::Dialect, &server::Context) -> T,
) -> Result<(dialect::Dialect, Vec<T>), OpError> {
    let config = input.get("config").ok_or_else(|| OpError::type_error("`config` is required"))?;
    let config = dialect::parse(config).map_err(OpError::value_error)?;
    let (dialect, servers) = dialect::servers(&config).map_err(OpError::value_error)?;
    let empty = Map::new();
    let env = object(input, "env", &empty)?;
    let timeout = match input.get("timeout") {
        None | Some(Value::Null) => DEFAULT_TIMEOUT_MS,
        Some(v) => match v.as_f64() {
            Some(ms) if ms > 0.0 && ms.is_finite() => ms.ceil() as u64,
            _ => return Err(OpError::value_error("`timeout` must be a positive number of milliseconds")),
        },
    };
    let cx = server::Context {
        env,
        process_env: match input.get("processEnv") {
            Some(Value::Object(m)) => m,
            _ => env,
        },
        inputs: object(input, "inputs", &empty)?,
        env_files: object(input, "envFiles", &empty)?,
        cwd: input.get("cwd").and_then(Value::as_str),
        platform: input.get("platform").and_then(Value::as_str).unwrap_or("linux"),
        timeout,
    };
    Ok((dialect, servers.iter().map(|(name, entry)| each(name, entry, dialect, &cx)).collect()))
}

/// The `mcp_config.*` operations of [`crate::ops::call`].
pub fn op(name: &str, input: Value) -> OpResult {
    match name {
        "env_files" => {
            let (_, paths) = with_servers(&input, server::env_file)?;
            let mut out: Vec<String> = Vec::new();
            for p in paths.into_iter().flatten() {
                if !out.contains(&p) {
                    out.push(p);
                }
            }
            Ok(json!(out))
        }
        "normalize" => {
            let (dialect, servers) = with_servers(&input, server::read)?;
            Ok(json!({ "dialect": dialect.as_str(), "servers": servers }))
        }
        "tools" => tools::op(&input),
        "status" => Ok(status::record(&input)),
        "message" => {
            let name = input.get("name").and_then(Value::as_str).unwrap_or("");
            Ok(json!(status::redact(&status::message(name, &input), &secrets(&input))))
        }
        "redact" => {
            let text = input
                .get("text")
                .and_then(Value::as_str)
                .ok_or_else(|| OpError::type_error("`text` must be a string"))?;
            Ok(json!(status::redact(text, &secrets(&input))))
        }
        "fallback" => {
            Ok(json!(input.get("status").and_then(Value::as_i64).is_some_and(status::sse_fallback)))
        }
        "limits" => Ok(json!({
            "timeout": DEFAULT_TIMEOUT_MS, "killGrace": KILL_GRACE_MS,
            "stderrBuffer": STDERR_BUFFER, "maxMessage": MAX_MESSAGE,
        })),
        _ => Err(OpError::unknown(&format!("mcp_config.{name}"))),
    }
}
