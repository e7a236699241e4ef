//! A whole OpenAPI document as tools: `fromOpenAPI(spec, options)`.
//!
//! - OpenAPI 3.0 and 3.1 (any `3.x`); a Swagger 2.0 document, or anything without `openapi`,
//!   is refused with a message naming what it found.
//! - One tool per operation (`get`, `put`, `post`, `delete`, `options`, `head`, `patch`; `trace`
//!   is left out: `fetch` refuses it), in the document's order.
//! - Names from `operationId`, else the method and path, through [`crate::names`]: sanitized,
//!   at most 64 characters (a cut name ends with a hash of the whole), every collision numbered.
//! - The server: `baseUrl`, else the operation's, the path item's or the document's first
//!   `servers` entry with its variables' defaults. A relative one needs `baseUrl`.
//! - `include` / `exclude`: lists of `operationId`s, tags or `"METHOD /path"`.

use serde_json::{json, Map, Value};

use super::operation;
use crate::http::define::{check_headers, check_url, positive};
use crate::http::plan::{vars_in, Mode, Plan, DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS};
use crate::names;
use crate::ops::OpError;

const METHODS: [&str; 7] = ["get", "put", "post", "delete", "options", "head", "patch"];

/// `{ spec, baseUrl?, headers?, prefix?, include?, exclude?, timeout?, maxBytes? }` →
/// `[{ name, description, inputSchema, plan }]`.
pub fn tools(input: &Value) -> Result<Value, OpError> {
    let options =
        input.as_object().ok_or_else(|| OpError::type_error("fromOpenAPI options must be an object"))?;
    let parsed;
    // The document: `spec` (an object or its JSON text), or `text` (its text, passed beside
    // the options: see `ops::call_with_text`).
    let doc = match options.get("spec").or_else(|| options.get("text")) {
        Some(Value::String(text)) => {
            parsed = super::sparse::read(text).map_err(|e| {
                OpError::value_error(format!("`spec` is not the JSON text of an object: {e}"))
            })?;
            &parsed
        }
        Some(v @ Value::Object(_)) => v,
        _ => {
            return Err(OpError::type_error(
                "`spec` must be an OpenAPI document (an object or its JSON text)",
            ))
        }
    };
    check_version(doc)?;
    let base_url = match options.get("baseUrl") {
        None | Some(Value::Null) => None,
        Some(Value::String(u)) => {
            check_url(u).map_err(|why| OpError::type_error(format!("`baseUrl` {why}")))?;
            Some(u.trim_end_matches('/').to_string())
        }
        Some(_) => return Err(OpError::type_error("`baseUrl` must be a string")),
    };
    let prefix = match options.get("prefix") {
        None | Some(Value::Null) => "",
        Some(Value::String(p)) => p,
        Some(_) => return Err(OpError::type_error("`prefix` must be a string")),
    };
    let include = string_list(options, "include")?;
    let exclude = string_list(options, "exclude")?;
    let headers = check_headers(options.get("headers"), "headers")?;
    let mut vars = vec![];
    for (_, v) in &headers {
        vars_in(v, &mut vars);
    }
    let max_bytes = positive(options, "maxBytes", DEFAULT_MAX_BYTES)?;
    let timeout_ms = positive(options, "timeout", DEFAULT_TIMEOUT_MS)?;
    let doc_server = server(doc.get("servers"));

    let empty = Map::new();
    let paths = doc.get("paths").and_then(Value::as_object).unwrap_or(&empty);
    let mut raw_names: Vec<String> = vec![];
    let mut tools: Vec<Value> = vec![];
    for (path, item) in paths {
        let Some(item) = super::schema::deref(doc, item) else { continue };
        let item_server = server(item.get("servers"));
        for (method, op) in item.iter().filter(|(k, _)| METHODS.contains(&k.as_str())) {
            let Some(op) = op.as_object() else { continue };
            let upper = method.to_ascii_uppercase();
            let id = op.get("operationId").and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty());
            let matches = |list: &[String]| list.iter().any(|s| selects(s, id, op, &upper, path));
            if (!include.is_empty() && !matches(&include)) || matches(&exclude) {
                continue;
            }
            let url = match (
                &base_url,
                server(op.get("servers")).or(item_server.clone()).or(doc_server.clone()),
            ) {
                (Some(base), _) => format!("{base}{path}"),
                (None, Some(s)) if check_url(&s).is_ok() => format!("{}{path}", s.trim_end_matches('/')),
                (None, found) => {
                    let found = found.map_or("no `servers`".to_string(), |s| format!("the server URL {s:?}"));
                    return Err(OpError::value_error(format!(
                        "the document has {found}, which is not an absolute http: or https: URL; pass `baseUrl` ({upper} {path})"
                    )));
                }
            };
            let built = operation::build(doc, &upper, path, item, op);
            raw_names
                .push(id.map_or_else(|| format!("{method}{}", path.replace(['{', '}'], "")), String::from));
            let plan = Plan {
                method: upper,
                url,
                headers: headers.clone(),
                params: built.params,
                rest: built.rest,
                body: built.body,
                body_arg: built.body_arg,
                mode: Mode::Text,
                max_bytes,
                timeout_ms,
                vars: vars.clone(),
            };
            tools.push(json!({
                "name": "",
                "description": built.description,
                "inputSchema": built.input_schema,
                "plan": plan.to_value(),
            }));
        }
    }
    let raw: Vec<&str> = raw_names.iter().map(String::as_str).collect();
    for (tool, name) in tools.iter_mut().zip(names::tool_names(&raw, prefix, names::MAX_LEN)) {
        tool["name"] = Value::String(name);
    }
    Ok(Value::Array(tools))
}

fn check_version(doc: &Value) -> Result<(), OpError> {
    if let Some(v) = doc.get("swagger") {
        let v = v.as_str().map_or_else(|| v.to_string(), String::from);
        return Err(OpError::value_error(format!(
            "this is a Swagger {v} document; fromOpenAPI reads OpenAPI 3.0 and 3.1 (convert it first, e.g. with swagger2openapi)"
        )));
    }
    match doc.get("openapi").and_then(Value::as_str) {
        Some(v) if v.starts_with("3.") => Ok(()),
        Some(v) => Err(OpError::value_error(format!(
            "OpenAPI {v} is not supported; fromOpenAPI reads OpenAPI 3.0 and 3.1"
        ))),
        None => Err(OpError::value_error("not an OpenAPI document: it has no `openapi` version field")),
    }
}

/// The first server's URL with its variables' defaults, when there is one.
fn server(servers: Option<&Value>) -> Option<String> {
    let first = servers?.as_array()?.first()?.as_object()?;
    let mut url = first.get("url")?.as_str()?.to_string();
    if let Some(Value::Object(vars)) = first.get("variables") {
        for (name, var) in vars {
            if let Some(default) = var.get("default").and_then(Value::as_str) {
                url = url.replace(&format!("{{{name}}}"), default);
            }
        }
    }
    Some(url)
}

/// Whether an `include`/`exclude` entry names this operation.
fn selects(entry: &str, id: Option<&str>, op: &Map<String, Value>, method: &str, path: &str) -> bool {
    if id == Some(entry) {
        return true;
    }
    if op
        .get("tags")
        .and_then(Value::as_array)
        .is_some_and(|tags| tags.iter().any(|t| t.as_str() == Some(entry)))
    {
        return true;
    }
    entry.split_once(' ').is_some_and(|(m, p)| m.eq_ignore_ascii_case(method) && p.trim() == path)
}

fn string_list(options: &Map<String, Value>, key: &str) -> Result<Vec<String>, OpError> {
    match options.get(key) {
        None | Some(Value::Null) => Ok(vec![]),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| {
                v.as_str()
                    .map(String::from)
                    .ok_or_else(|| OpError::type_error(format!("`{key}` must list strings")))
            })
            .collect(),
        Some(_) => Err(OpError::type_error(format!("`{key}` must be an array of strings"))),
    }
}
