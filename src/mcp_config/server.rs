//! One server's entry of a config, in any dialect, as what the host runs.
//!
//! The answer (`Server::to_json`) is `{ name, status, error?, transport, fallback, command, args,
//! cwd, env, url, headers, timeout, include, exclude, secrets }`:
//! - `status`: `"ready"` (the host starts it), `"disabled"` (`enabled: false` or
//!   `disabled: true`), or `"failed"` with `error` (an entry that breaks a rule, a missing
//!   variable): one bad entry never stops the others;
//! - `transport`: `"stdio"`, `"http"` (Streamable HTTP; with `fallback`, SSE when the server
//!   answers 400, 404 or 405) or `"sse"` (asked for by `type: "sse"`);
//! - `env`: the child's whole environment (see [`super::env`]);
//! - `secrets`: the values variables expanded to, which the host keeps out of every text.

use serde_json::{json, Map, Value};

use super::dialect::Dialect;
use super::env;
use super::expand::{Expander, Vars};

/// Everything a server's entry is read with.
pub struct Context<'a> {
    pub env: &'a Map<String, Value>,
    pub process_env: &'a Map<String, Value>,
    pub inputs: &'a Map<String, Value>,
    pub env_files: &'a Map<String, Value>,
    pub cwd: Option<&'a str>,
    pub platform: &'a str,
    pub timeout: u64,
}

fn field<'v>(entry: &'v Map<String, Value>, key: &str) -> Option<&'v Value> {
    entry.get(key).filter(|v| !v.is_null())
}

fn bad(server: &str, field: &str, what: &str) -> String {
    format!("server \"{server}\": `{field}` must be {what}")
}

fn string<'v>(entry: &'v Map<String, Value>, server: &str, key: &str) -> Result<Option<&'v str>, String> {
    match field(entry, key) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(bad(server, key, "a string")),
    }
}

/// An array of strings; a string is refused, never split into characters.
fn strings(entry: &Map<String, Value>, server: &str, key: &str) -> Result<Vec<String>, String> {
    match field(entry, key) {
        None => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| {
                v.as_str().map(str::to_string).ok_or_else(|| bad(server, &format!("{key}[{i}]"), "a string"))
            })
            .collect(),
        Some(_) => Err(bad(server, key, "an array of strings")),
    }
}

fn string_map(entry: &Map<String, Value>, server: &str, key: &str) -> Result<Vec<(String, String)>, String> {
    match field(entry, key) {
        None => Ok(Vec::new()),
        Some(Value::Object(map)) => map
            .iter()
            .map(|(k, v)| match v {
                Value::String(s) => Ok((k.clone(), s.clone())),
                Value::Number(n) => Ok((k.clone(), n.to_string())),
                Value::Bool(b) => Ok((k.clone(), b.to_string())),
                _ => Err(bad(server, &format!("{key}.{k}"), "a string")),
            })
            .collect(),
        Some(_) => Err(bad(server, key, "an object of strings")),
    }
}

/// Whether the entry is turned off, in any dialect's words.
fn disabled(entry: &Map<String, Value>, server: &str) -> Result<bool, String> {
    let flag = |key: &str| match field(entry, key) {
        None => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(_) => Err(bad(server, key, "true or false")),
    };
    Ok(flag("enabled")? == Some(false) || flag("disabled")? == Some(true))
}

fn timeout(entry: &Map<String, Value>, server: &str, default: u64) -> Result<u64, String> {
    match field(entry, "timeout") {
        None => Ok(default),
        Some(v) => match v.as_f64() {
            Some(ms) if ms > 0.0 && ms.is_finite() => Ok(ms.ceil() as u64),
            _ => Err(bad(server, "timeout", "a positive number of milliseconds")),
        },
    }
}

/// `(transport, fallback)` from the entry's `type` and fields.
fn transport(
    entry: &Map<String, Value>,
    server: &str,
    dialect: Dialect,
) -> Result<(&'static str, bool), String> {
    let kind = string(entry, server, "type")?;
    let remote = entry.contains_key("url") || entry.contains_key("serverUrl");
    Ok(match (dialect, kind) {
        (Dialect::OpenCode, Some("local")) => ("stdio", false),
        (Dialect::OpenCode, Some("remote")) => ("http", true),
        (Dialect::OpenCode, None) if remote => ("http", true),
        (Dialect::OpenCode, None) if entry.contains_key("command") => ("stdio", false),
        (Dialect::OpenCode, _) => return Err(bad(server, "type", "\"local\" or \"remote\"")),
        (_, Some("stdio")) => ("stdio", false),
        (_, Some("http" | "streamable-http" | "streamableHttp" | "streamable_http")) => ("http", true),
        (_, Some("sse")) => ("sse", false),
        (_, Some(_)) => return Err(bad(server, "type", "\"stdio\", \"http\" or \"sse\"")),
        (_, None) if entry.contains_key("command") => ("stdio", false),
        (_, None) if remote => ("http", true),
        (_, None) => {
            return Err(format!(
                "server \"{server}\": give `command` (a local server) or `url` (a remote one)"
            ))
        }
    })
}

/// The server `name`'s entry, read in `dialect` with `cx` (see the module's description).
pub fn read(name: &str, entry: &Value, dialect: Dialect, cx: &Context) -> Value {
    match read_entry(name, entry, dialect, cx) {
        Ok(server) => server,
        Err(error) => json!({ "name": name, "status": "failed", "error": error, "secrets": [] }),
    }
}

fn read_entry(name: &str, entry: &Value, dialect: Dialect, cx: &Context) -> Result<Value, String> {
    let Some(entry) = entry.as_object() else {
        return Err(format!("server \"{name}\": its entry must be an object"));
    };
    let include = field(entry, "include").map(|_| strings(entry, name, "include")).transpose()?;
    let exclude = strings(entry, name, "exclude")?;
    let timeout = timeout(entry, name, cx.timeout)?;
    let off = disabled(entry, name)?;
    let (transport, fallback) = transport(entry, name, dialect)?;
    let base = json!({
        "name": name, "status": if off { "disabled" } else { "ready" }, "transport": transport,
        "fallback": fallback, "timeout": timeout, "include": include, "exclude": exclude,
    });
    if off {
        return Ok(merge(base, json!({ "secrets": [] })));
    }
    let vars = Vars { env: cx.env, inputs: cx.inputs, cwd: cx.cwd, braces: dialect == Dialect::OpenCode };
    let mut ex = Expander::new(vars, name);
    let rest = if transport == "stdio" {
        stdio(entry, name, dialect, cx, &mut ex)?
    } else {
        remote(entry, name, &mut ex)?
    };
    Ok(merge(merge(base, rest), json!({ "secrets": ex.secrets })))
}

fn merge(mut a: Value, b: Value) -> Value {
    if let (Some(a), Value::Object(b)) = (a.as_object_mut(), b) {
        a.extend(b);
    }
    a
}

fn stdio(
    entry: &Map<String, Value>,
    name: &str,
    dialect: Dialect,
    cx: &Context,
    ex: &mut Expander,
) -> Result<Value, String> {
    let (command, mut args) = match (dialect, field(entry, "command")) {
        // opencode: the command and its arguments in one array.
        (Dialect::OpenCode, Some(Value::Array(_))) => {
            let mut all = strings(entry, name, "command")?;
            if all.is_empty() {
                return Err(bad(name, "command", "a non-empty array of strings"));
            }
            let command = all.remove(0);
            (command, all)
        }
        (_, Some(Value::String(s))) => (s.clone(), Vec::new()),
        (_, None) => return Err(format!("server \"{name}\": a local server needs `command`")),
        (Dialect::OpenCode, Some(_)) => return Err(bad(name, "command", "an array of strings")),
        (_, Some(_)) => return Err(bad(name, "command", "a string")),
    };
    if command.trim().is_empty() {
        return Err(bad(name, "command", "a non-empty string"));
    }
    args.extend(strings(entry, name, "args")?);
    let command = ex.expand(&command, "command")?;
    let args = args
        .iter()
        .enumerate()
        .map(|(i, a)| ex.expand(a, &format!("args[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    let cwd = string(entry, name, "cwd")?.map(|c| ex.expand(c, "cwd")).transpose()?;
    let mut child = env::safe(cx.process_env, cx.platform);
    if let Some(path) = string(entry, name, "envFile")? {
        let path = ex.expand(path, "envFile")?;
        match cx.env_files.get(&path) {
            Some(Value::String(text)) => {
                for (k, v) in env::dotenv(text) {
                    if let Value::String(s) = &v {
                        if !ex.secrets.contains(s) && !s.is_empty() {
                            ex.secrets.push(s.clone());
                        }
                    }
                    child.insert(k, v);
                }
            }
            _ => return Err(format!("server \"{name}\": `envFile` {path:?} could not be read")),
        }
    }
    let key =
        if dialect == Dialect::OpenCode && entry.contains_key("environment") { "environment" } else { "env" };
    for (k, v) in string_map(entry, name, key)? {
        let v = ex.expand(&v, &format!("{key}.{k}"))?;
        child.insert(k, Value::String(v));
    }
    Ok(json!({ "command": command, "args": args, "cwd": cwd, "env": child }))
}

fn remote(entry: &Map<String, Value>, name: &str, ex: &mut Expander) -> Result<Value, String> {
    let key = if entry.contains_key("url") { "url" } else { "serverUrl" };
    let Some(url) = string(entry, name, key)? else {
        return Err(format!("server \"{name}\": a remote server needs `url`"));
    };
    let url = ex.expand(url, key)?;
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        return Err(bad(name, key, "an http:// or https:// URL"));
    }
    let mut headers = Map::new();
    for (k, v) in string_map(entry, name, "headers")? {
        let v = ex.expand(&v, &format!("headers.{k}"))?;
        headers.insert(k, Value::String(v));
    }
    Ok(json!({ "url": url, "headers": headers }))
}

/// The envFile paths a config's servers read (expanded), for the host to read first.
pub fn env_file(name: &str, entry: &Value, dialect: Dialect, cx: &Context) -> Option<String> {
    let path = entry.get("envFile")?.as_str()?;
    let vars = Vars { env: cx.env, inputs: cx.inputs, cwd: cx.cwd, braces: dialect == Dialect::OpenCode };
    Expander::new(vars, name).expand(path, "envFile").ok()
}
