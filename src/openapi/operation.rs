//! One OpenAPI operation as a tool's description, input schema and request plan.
//!
//! - Parameters: the path item's and the operation's (the operation's win for one `in` +
//!   `name`), `$ref`s followed; `path`, `query` and `header` ones become arguments (`cookie`
//!   ones, and the `Accept`, `Content-Type` and `Authorization` headers OpenAPI says to ignore,
//!   do not). A path parameter is always required; the others as the document says.
//! - The request body: JSON (`application/json` or any `+json`) first, then a form
//!   (`application/x-www-form-urlencoded`), then text (`text/plain`, sent as is). An object
//!   body with properties becomes one argument per field, its `required` kept; any other body
//!   is one argument, `body`.
//! - Argument names are the document's names. A name already taken (a path parameter `id` and a
//!   body field `id`) gets the place in front (`body_id`, `query_id`), then `_2`, `_3`: both
//!   survive, and the plan sends each under its own name to its own place.

use serde_json::{json, Map, Value};

use super::schema::{deref, Converter};
use crate::http::plan::{Encoding, Param, Place, Rest};

/// What an operation gives: the parts of a tool and of its plan that depend on it.
pub struct Built {
    pub description: String,
    pub input_schema: Value,
    pub params: Vec<Param>,
    pub rest: Rest,
    pub body: Option<Encoding>,
    pub body_arg: Option<String>,
}

const IGNORED_HEADERS: [&str; 3] = ["accept", "content-type", "authorization"];

/// The tool parts of `op` (at `method path`, inside `item`) in `doc`.
pub fn build(
    doc: &Value,
    method: &str,
    path: &str,
    item: &Map<String, Value>,
    op: &Map<String, Value>,
) -> Built {
    let mut conv = Converter::new(doc);
    let mut properties = Map::new();
    let mut required: Vec<Value> = vec![];
    let mut params: Vec<Param> = vec![];

    for p in parameters(doc, item, op) {
        let (Some(name), Some(at)) =
            (p.get("name").and_then(Value::as_str), p.get("in").and_then(Value::as_str))
        else {
            continue;
        };
        let at = match at {
            "path" => Place::Path,
            "query" => Place::Query,
            "header" if !IGNORED_HEADERS.contains(&name.to_ascii_lowercase().as_str()) => Place::Header,
            _ => continue,
        };
        let schema = p.get("schema").or_else(|| {
            p.get("content").and_then(Value::as_object).and_then(|c| c.values().next()?.get("schema"))
        });
        let mut schema = schema.map_or_else(|| json!({ "type": "string" }), |s| conv.convert(s, true));
        describe(&mut schema, p.get("description"));
        let arg = free_name(&properties, name, at);
        if at == Place::Path || p.get("required") == Some(&Value::Bool(true)) {
            required.push(json!(arg));
        }
        properties.insert(arg.clone(), schema);
        params.push(Param { arg, at, name: name.to_string() });
    }

    let (mut body, mut body_arg, mut rest) = (None, None, Rest::Drop);
    let mut open = false;
    if let Some((encoding, schema, body_required)) = request_body(doc, op) {
        body = Some(encoding);
        let schema = schema.map_or_else(|| json!({}), |s| conv.convert(s, true));
        let fields = match (&schema, encoding) {
            (Value::Object(s), Encoding::Json | Encoding::Form) => object_fields(s),
            _ => None,
        };
        match fields {
            Some((fields, field_required, additional)) => {
                for (name, sub) in fields {
                    let arg = free_name(&properties, name, Place::Body);
                    if field_required.contains(&name.as_str()) {
                        required.push(json!(arg));
                    }
                    properties.insert(arg.clone(), sub.clone());
                    params.push(Param { arg, at: Place::Body, name: name.clone() });
                }
                open = additional;
                rest = if additional { Rest::Body } else { Rest::Drop };
            }
            None => {
                let arg = free_name(&properties, "body", Place::Body);
                let mut schema = schema;
                if encoding == Encoding::Raw && schema.as_object().is_some_and(Map::is_empty) {
                    schema = json!({ "type": "string" });
                }
                describe(&mut schema, Some(&json!("The request body.")));
                if body_required {
                    required.push(json!(arg));
                }
                properties.insert(arg.clone(), schema);
                body_arg = Some(arg);
            }
        }
    }

    let mut input_schema = json!({ "type": "object", "properties": properties });
    if !required.is_empty() {
        input_schema["required"] = Value::Array(required);
    }
    input_schema["additionalProperties"] = Value::Bool(open);
    Built { description: description(method, path, op), input_schema, params, rest, body, body_arg }
}

/// `summary` and `description`, or `METHOD /path` when the document gives neither.
fn description(method: &str, path: &str, op: &Map<String, Value>) -> String {
    let text = |k: &str| op.get(k).and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty());
    match (text("summary"), text("description")) {
        (Some(s), Some(d)) if d.starts_with(s) => d.to_string(),
        (Some(s), Some(d)) => format!("{s}\n\n{d}"),
        (Some(s), None) => s.to_string(),
        (None, Some(d)) => d.to_string(),
        (None, None) => format!("{method} {path}"),
    }
}

/// The path item's parameters with the operation's laid over them (same `in` and `name`).
fn parameters<'a>(
    doc: &'a Value,
    item: &'a Map<String, Value>,
    op: &'a Map<String, Value>,
) -> Vec<&'a Map<String, Value>> {
    let list = |m: &'a Map<String, Value>| -> Vec<&'a Map<String, Value>> {
        m.get("parameters")
            .and_then(Value::as_array)
            .map_or(vec![], |l| l.iter().filter_map(|p| deref(doc, p)).collect())
    };
    let key = |p: &Map<String, Value>| (p.get("in").cloned(), p.get("name").cloned());
    let own = list(op);
    let mut out: Vec<&Map<String, Value>> =
        list(item).into_iter().filter(|p| !own.iter().any(|o| key(o) == key(p))).collect();
    out.extend(own);
    out
}

/// The body's encoding, schema and whether it is required, from the first usable media type.
fn request_body<'a>(
    doc: &'a Value,
    op: &'a Map<String, Value>,
) -> Option<(Encoding, Option<&'a Value>, bool)> {
    let body = deref(doc, op.get("requestBody")?)?;
    let content = body.get("content")?.as_object()?;
    let required = body.get("required") == Some(&Value::Bool(true));
    let media = |pick: &dyn Fn(&str) -> bool| {
        content.iter().find(|(t, _)| pick(&t.split(';').next().unwrap_or("").trim().to_ascii_lowercase()))
    };
    let (encoding, (_, m)) =
        if let Some(m) = media(&|t| t == "application/json" || t.ends_with("+json") || t == "*/*") {
            (Encoding::Json, m)
        } else if let Some(m) = media(&|t| t == "application/x-www-form-urlencoded") {
            (Encoding::Form, m)
        } else if let Some(m) = media(&|t| t.starts_with("text/") || t == "application/octet-stream") {
            (Encoding::Raw, m)
        } else {
            return None;
        };
    Some((encoding, m.get("schema"), required))
}

/// An object body's fields, its required names and whether it takes other properties; `None`
/// for any other body (an array, a scalar, a union, an open map).
fn object_fields(s: &Map<String, Value>) -> Option<(&Map<String, Value>, Vec<&str>, bool)> {
    let props = s.get("properties")?.as_object()?;
    // A union of `required` lists only ("at least one of these fields") still names its
    // fields; the server checks the rest.
    let only_required = |v: &Value| v.as_object().is_some_and(|b| b.keys().all(|k| k == "required"));
    let union =
        |k: &str| s.get(k).is_some_and(|u| !u.as_array().is_some_and(|l| l.iter().all(only_required)));
    if props.is_empty() || s.contains_key("allOf") || union("anyOf") || union("oneOf") {
        return None;
    }
    if s.get("type").is_some_and(|t| t != "object") {
        return None;
    }
    let required = s
        .get("required")
        .and_then(Value::as_array)
        .map_or(vec![], |r| r.iter().filter_map(Value::as_str).collect());
    let additional = match s.get("additionalProperties") {
        Some(Value::Bool(false)) | None => false,
        Some(_) => true,
    };
    Some((props, required, additional))
}

/// `name`, or `place_name`, `place_name_2`, … when it is taken.
fn free_name(taken: &Map<String, Value>, name: &str, at: Place) -> String {
    if !taken.contains_key(name) {
        return name.to_string();
    }
    let word = match at {
        Place::Path => "path",
        Place::Query => "query",
        Place::Header => "header",
        Place::Body => "body",
    };
    let base = format!("{word}_{name}");
    let mut candidate = base.clone();
    let mut k = 2;
    while taken.contains_key(&candidate) {
        candidate = format!("{base}_{k}");
        k += 1;
    }
    candidate
}

/// A parameter's description on its schema, unless the schema has its own.
fn describe(schema: &mut Value, description: Option<&Value>) {
    if let (Value::Object(s), Some(Value::String(d))) = (schema, description) {
        if !s.contains_key("description") && !d.trim().is_empty() {
            s.insert("description".into(), json!(d.trim()));
        }
    }
}
