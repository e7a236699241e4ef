//! `httpTool`'s options, checked when the tool is defined, and the tool they make: its name,
//! description, input schema and request plan. Every refusal names the option.

use serde_json::{json, Map, Value};

use super::plan::{vars_in, Encoding, Mode, Param, Place, Plan, Rest, DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS};
use crate::names;
use crate::ops::OpError;

/// The methods a tool may use.
pub const METHODS: [&str; 7] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/// Methods whose remaining arguments go to the query string: they carry no body.
pub fn query_method(method: &str) -> bool {
    matches!(method, "GET" | "HEAD" | "DELETE" | "OPTIONS")
}

/// `url` if it is an absolute `http:` or `https:` URL with a host, else why not.
pub fn check_url(url: &str) -> Result<(), String> {
    let lower = url.get(..8).unwrap_or(url).to_ascii_lowercase();
    let rest = if lower.starts_with("http://") {
        &url[7..]
    } else if lower.starts_with("https://") {
        &url[8..]
    } else {
        return Err(format!("must be an http: or https: URL, not {:?}", short(url)));
    };
    if rest.is_empty() || rest.starts_with(['/', '?', '#']) {
        return Err(format!("has no host: {:?}", short(url)));
    }
    if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err("must not hold spaces or control characters".to_string());
    }
    Ok(())
}

fn short(text: &str) -> String {
    text.chars().take(80).collect()
}

/// The `{placeholder}` names of a URL template, in order, each once.
pub fn placeholders(url: &str) -> Vec<String> {
    let mut out: Vec<String> = vec![];
    let mut rest = url;
    while let Some(start) = rest.find('{') {
        let after = &rest[start + 1..];
        match after.find(['}', '{']) {
            Some(end) if after.as_bytes()[end] == b'}' && end > 0 => {
                let name = &after[..end];
                if !out.iter().any(|n| n == name) {
                    out.push(name.to_string());
                }
                rest = &after[end + 1..];
            }
            _ => rest = after,
        }
    }
    out
}

/// Checks configured headers: string values without line breaks, names that are HTTP tokens,
/// no name twice (names compare case-insensitively). `field` names the option in messages.
pub fn check_headers(value: Option<&Value>, field: &str) -> Result<Vec<(String, String)>, OpError> {
    let map = match value {
        None | Some(Value::Null) => return Ok(vec![]),
        Some(Value::Object(map)) => map,
        Some(_) => return Err(OpError::type_error(format!("`{field}` must be an object of strings"))),
    };
    let mut out: Vec<(String, String)> = Vec::with_capacity(map.len());
    for (name, value) in map {
        let Some(text) = value.as_str() else {
            return Err(OpError::type_error(format!("`{field}.{name}` must be a string")));
        };
        if name.is_empty() || !name.bytes().all(is_token_byte) {
            return Err(OpError::type_error(format!(
                "`{field}` has a header name that is not an HTTP token: {name:?}"
            )));
        }
        if text.contains(['\r', '\n', '\0']) {
            return Err(OpError::type_error(format!("`{field}.{name}` must not hold a line break")));
        }
        if out.iter().any(|(k, _)| k.eq_ignore_ascii_case(name)) {
            return Err(OpError::type_error(format!(
                "`{field}` names the header {name:?} twice (header names compare case-insensitively)"
            )));
        }
        out.push((name.clone(), text.to_string()));
    }
    Ok(out)
}

fn is_token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

/// A positive whole number option (`maxBytes`, `timeout`), or its default.
pub fn positive(options: &Map<String, Value>, key: &str, default: u64) -> Result<u64, OpError> {
    match options.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(Value::Number(n)) => match n.as_f64() {
            Some(x) if x.is_finite() && x > 0.0 => Ok(x.ceil() as u64),
            _ => Err(OpError::type_error(format!("`{key}` must be a positive number"))),
        },
        Some(_) => Err(OpError::type_error(format!("`{key}` must be a positive number"))),
    }
}

fn optional_str<'a>(options: &'a Map<String, Value>, key: &str) -> Result<Option<&'a str>, OpError> {
    match options.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(OpError::type_error(format!("`{key}` must be a string"))),
    }
}

/// The schema of a tool defined without one: each placeholder a required string, any other
/// property accepted.
pub fn default_schema(placeholders: &[String]) -> Value {
    let properties: Map<String, Value> =
        placeholders.iter().map(|p| (p.clone(), json!({ "type": "string" }))).collect();
    json!({ "type": "object", "properties": properties, "required": placeholders, "additionalProperties": true })
}

/// `httpTool(options)` → `{ name, description, inputSchema, plan }`.
pub fn define(options: &Value) -> Result<Value, OpError> {
    let options =
        options.as_object().ok_or_else(|| OpError::type_error("httpTool options must be an object"))?;
    let raw_name = match options.get("name") {
        Some(Value::String(s)) if !s.is_empty() => s,
        _ => return Err(OpError::type_error("`name` must be a non-empty string")),
    };
    let description = optional_str(options, "description")?.unwrap_or("");
    let method = optional_str(options, "method")?.unwrap_or("GET").to_ascii_uppercase();
    if !METHODS.contains(&method.as_str()) {
        return Err(OpError::type_error(format!(
            "`method` must be one of {}, not {method:?}",
            METHODS.join(", ")
        )));
    }
    let url = optional_str(options, "url")?.ok_or_else(|| OpError::type_error("`url` must be a string"))?;
    check_url(url).map_err(|why| OpError::type_error(format!("`url` {why}")))?;
    let headers = check_headers(options.get("headers"), "headers")?;
    let body = match optional_str(options, "body")? {
        None => Encoding::Json,
        Some(word) => Encoding::parse(word).ok_or_else(|| {
            OpError::type_error(format!("`body` must be \"json\", \"form\" or \"raw\", not {word:?}"))
        })?,
    };
    let mode = match optional_str(options, "resultMode")? {
        None => Mode::Text,
        Some(word) => Mode::parse(word).ok_or_else(|| {
            OpError::type_error(format!(
                "`resultMode` must be \"text\", \"json\" or \"status+text\", not {word:?}"
            ))
        })?,
    };
    let query: Vec<String> = match options.get("query") {
        None | Some(Value::Null) => vec![],
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| {
                v.as_str().map(String::from).ok_or_else(|| OpError::type_error("`query` must list strings"))
            })
            .collect::<Result<_, _>>()?,
        Some(_) => return Err(OpError::type_error("`query` must be an array of argument names")),
    };
    let input_schema = match options.get("inputSchema") {
        None | Some(Value::Null) => default_schema(&placeholders(url)),
        Some(schema @ Value::Object(map)) if map.get("type") == Some(&json!("object")) => schema.clone(),
        Some(_) => return Err(OpError::type_error("`inputSchema.type` must be \"object\"")),
    };
    let slots = placeholders(url);
    let mut params: Vec<Param> =
        slots.iter().map(|p| Param { arg: p.clone(), at: Place::Path, name: p.clone() }).collect();
    params.extend(query.iter().filter(|q| !slots.contains(q)).map(|q| Param {
        arg: q.clone(),
        at: Place::Query,
        name: q.clone(),
    }));
    let no_body = query_method(&method);
    let (rest, body_arg) = match body {
        _ if no_body => (Rest::Query, None),
        Encoding::Raw => (Rest::Query, Some("body".to_string())),
        _ => (Rest::Body, None),
    };
    let mut vars = vec![];
    for (_, value) in &headers {
        vars_in(value, &mut vars);
    }
    let plan = Plan {
        method,
        url: url.to_string(),
        headers,
        params,
        rest,
        body: if no_body { None } else { Some(body) },
        body_arg,
        mode,
        max_bytes: positive(options, "maxBytes", DEFAULT_MAX_BYTES)?,
        timeout_ms: positive(options, "timeout", DEFAULT_TIMEOUT_MS)?,
        vars,
    };
    Ok(json!({
        "name": names::tool_name(raw_name, names::MAX_LEN),
        "description": description,
        "inputSchema": input_schema,
        "plan": plan.to_value(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(options: Value) -> String {
        define(&options).err().map(|e| e.message).unwrap_or_default()
    }

    #[test]
    fn the_default_schema_lists_placeholders() {
        let d =
            define(&json!({ "name": "get user", "url": "https://api.test/users/{id}/posts/{post}?x={id}" }))
                .unwrap_or_default();
        assert_eq!(d["name"], "get_user");
        assert_eq!(d["description"], "");
        assert_eq!(
            d["inputSchema"],
            json!({ "type": "object", "properties": { "id": { "type": "string" }, "post": { "type": "string" } },
                    "required": ["id", "post"], "additionalProperties": true })
        );
        assert_eq!(d["plan"]["method"], "GET");
        assert_eq!(d["plan"]["rest"], "query");
        assert_eq!(d["plan"]["body"], Value::Null);
        assert_eq!(d["plan"]["maxBytes"], 1_048_576);
        assert_eq!(d["plan"]["timeout"], 30_000);
    }

    #[test]
    fn body_methods_send_the_rest_in_the_body() {
        let d = define(&json!({ "name": "n", "method": "post", "url": "http://h/x", "query": ["dry"],
            "headers": { "Authorization": "Bearer ${TOKEN}", "X-Org": "${ORG}-${TOKEN}" }, "timeout": 1500.2 }))
        .unwrap_or_default();
        assert_eq!(d["plan"]["method"], "POST");
        assert_eq!(d["plan"]["rest"], "body");
        assert_eq!(d["plan"]["body"], "json");
        assert_eq!(d["plan"]["params"], json!([{ "arg": "dry", "in": "query", "name": "dry" }]));
        assert_eq!(d["plan"]["vars"], json!(["TOKEN", "ORG"]));
        assert_eq!(d["plan"]["timeout"], 1501);
        let raw = define(&json!({ "name": "n", "method": "PUT", "url": "http://h/x", "body": "raw" }))
            .unwrap_or_default();
        assert_eq!(raw["plan"]["bodyArg"], "body");
        assert_eq!(raw["plan"]["rest"], "query");
    }

    #[test]
    fn refuses_what_cannot_be_sent() {
        assert!(err(json!({ "name": "n", "url": "file:///etc/passwd" }))
            .contains("`url` must be an http: or https: URL"));
        assert!(err(json!({ "name": "n", "url": "javascript:alert(1)" })).contains("`url`"));
        assert!(err(json!({ "name": "n", "url": "https:///x" })).contains("no host"));
        assert!(err(json!({ "name": "n", "url": "ftp://h/x" })).contains("http:"));
        assert!(err(json!({ "name": "", "url": "http://h" })).contains("`name`"));
        assert!(err(json!({ "name": "n", "url": "http://h", "method": "BREW" })).contains("`method`"));
        assert!(err(json!({ "name": "n", "url": "http://h", "body": "xml" })).contains("`body`"));
        assert!(err(json!({ "name": "n", "url": "http://h", "resultMode": "html" })).contains("`resultMode`"));
        assert!(err(json!({ "name": "n", "url": "http://h", "maxBytes": 0 })).contains("`maxBytes`"));
        assert!(err(json!({ "name": "n", "url": "http://h", "timeout": -1 })).contains("`timeout`"));
        assert!(err(json!({ "name": "n", "url": "http://h", "inputSchema": { "type": "array" } }))
            .contains("inputSchema.type"));
        assert!(err(json!({ "name": "n", "url": "http://h", "headers": { "a": "1", "A": "2" } }))
            .contains("twice"));
        assert!(err(json!({ "name": "n", "url": "http://h", "headers": { "a": "1\r\nX: y" } }))
            .contains("line break"));
        assert!(err(json!({ "name": "n", "url": "http://h", "headers": { "a b": "1" } })).contains("token"));
        assert!(err(json!({ "name": "n", "url": "HTTPS://h/x" })).is_empty());
    }

    #[test]
    fn long_names_are_cut_with_a_hash() {
        let d = define(&json!({ "name": "x".repeat(100), "url": "http://h" })).unwrap_or_default();
        assert_eq!(d["name"].as_str().map(str::len), Some(64));
    }
}
