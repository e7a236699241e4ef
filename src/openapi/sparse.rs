//! A document read from its text keeping only what tools are made of.
//!
//! Most of a real description is responses and examples (GitHub's: nine tenths of 13 MB), and
//! none of it becomes part of a tool. So the text is scanned as raw JSON in document order;
//! only the version, the servers and, for each operation, its name, words, tags, parameters
//! and request body are built as values. Components are kept as raw text and built when a
//! `$ref` reaches them (and what they refer to, in turn). The result is an ordinary document
//! value the other modules read as if it were whole.

use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use super::scan::{at_end, object, skip};

const TOP: [&str; 3] = ["openapi", "swagger", "servers"];
const ITEM: [&str; 3] = ["parameters", "servers", "$ref"];
const OPERATION: [&str; 7] =
    ["operationId", "summary", "description", "tags", "parameters", "requestBody", "servers"];
const METHODS: [&str; 8] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/// The value at byte `at` of `text`, parsed (what a tool is made of is checked in full); the
/// index just past it.
fn parse_at(text: &str, at: usize, out: &mut Map<String, Value>, key: String) -> Option<usize> {
    let end = skip(text, at)?;
    let value = serde_json::from_str(&text[at..end]).ok()?;
    out.insert(key, value);
    Some(end)
}

/// The parts of the document in `text` that tools are made of (see the module's description).
pub fn read(text: &str) -> Result<Value, String> {
    let mut doc = Map::new();
    // "section/name" → the raw text of that component.
    let mut components: HashMap<String, &str> = HashMap::new();
    let walked = object(text, 0, &mut |key, at| match key.as_str() {
        k if TOP.contains(&k) => parse_at(text, at, &mut doc, key),
        "paths" => {
            let mut paths = Map::new();
            let end = object(text, at, &mut |path, at| {
                let mut item = Map::new();
                let end = object(text, at, &mut |key, at| {
                    if ITEM.contains(&key.as_str()) {
                        parse_at(text, at, &mut item, key)
                    } else if METHODS.contains(&key.as_str()) {
                        let mut op = Map::new();
                        let end = object(text, at, &mut |key, at| {
                            if OPERATION.contains(&key.as_str()) {
                                parse_at(text, at, &mut op, key)
                            } else {
                                skip(text, at)
                            }
                        })?;
                        item.insert(key, Value::Object(op));
                        Some(end)
                    } else {
                        skip(text, at)
                    }
                })?;
                paths.insert(path, Value::Object(item));
                Some(end)
            })?;
            doc.insert(key, Value::Object(paths));
            Some(end)
        }
        "components" => object(text, at, &mut |section, at| {
            object(text, at, &mut |name, at| {
                let end = skip(text, at)?;
                components.insert(format!("{section}/{name}"), &text[at..end]);
                Some(end)
            })
        }),
        _ => skip(text, at),
    });
    if !walked.is_some_and(|end| at_end(text, end)) {
        // Not an object, or broken: serde_json says where.
        return Err(match serde_json::from_str::<Value>(text) {
            Err(e) => e.to_string(),
            Ok(_) => "the text is not a JSON object".to_string(),
        });
    }
    let mut queue: Vec<String> = vec![];
    for value in doc.values() {
        collect_refs(value, &mut queue);
    }
    let mut loaded: Map<String, Value> = Map::new();
    let mut seen: HashSet<String> = HashSet::new();
    while let Some(reference) = queue.pop() {
        let Some((section, name)) = component_of(&reference) else { continue };
        let id = format!("{section}/{name}");
        if !seen.insert(id.clone()) {
            continue;
        }
        let Some(v) = components.get(&id).and_then(|raw| serde_json::from_str::<Value>(raw).ok()) else {
            continue;
        };
        collect_refs(&v, &mut queue);
        if let Value::Object(m) = loaded.entry(section).or_insert_with(|| Value::Object(Map::new())) {
            m.insert(name, v);
        }
    }
    doc.insert("components".into(), Value::Object(loaded));
    Ok(Value::Object(doc))
}

/// Every `$ref` string in `value`.
fn collect_refs(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                match (k.as_str(), v) {
                    ("$ref", Value::String(r)) => out.push(r.clone()),
                    _ => collect_refs(v, out),
                }
            }
        }
        Value::Array(list) => list.iter().for_each(|v| collect_refs(v, out)),
        _ => {}
    }
}

/// `("schemas", "Pet")` for `#/components/schemas/Pet[/…]`, the pointer's escapes undone.
fn component_of(reference: &str) -> Option<(String, String)> {
    let rest = reference.strip_prefix("#/components/")?;
    let mut parts = rest.split('/');
    let unescape = |s: &str| -> Option<String> {
        let s = if s.contains('%') { percent_decode(s)? } else { s.to_string() };
        Some(s.replace("~1", "/").replace("~0", "~"))
    };
    Some((unescape(parts.next()?)?, unescape(parts.next()?)?))
}

fn percent_decode(text: &str) -> Option<String> {
    let mut out = Vec::with_capacity(text.len());
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(text.get(i + 1..i + 3)?, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keeps_what_tools_need_and_the_components_they_reach() {
        let text = json!({
            "openapi": "3.1.0", "info": { "title": "big" },
            "paths": { "/a/{id}": {
                "parameters": [{ "$ref": "#/components/parameters/Id" }],
                "get": { "operationId": "a", "responses": { "200": { "$ref": "#/components/responses/Huge" } } },
                "x-note": 1,
            } },
            "components": {
                "parameters": { "Id": { "name": "id", "in": "path", "schema": { "$ref": "#/components/schemas/a~1b" } } },
                "schemas": { "a/b": { "type": "string" }, "Unused": { "type": "integer" } },
                "responses": { "Huge": { "description": "…" } },
            },
        })
        .to_string();
        let doc = read(&text).unwrap_or_default();
        assert_eq!(doc["paths"]["/a/{id}"]["get"], json!({ "operationId": "a" }));
        assert!(doc["paths"]["/a/{id}"].get("x-note").is_none());
        assert_eq!(doc["components"]["schemas"], json!({ "a/b": { "type": "string" } }));
        assert!(doc["components"].get("responses").is_none());
        assert!(doc.get("info").is_none());
        assert!(read("[1]").is_err());
        assert!(read("{").is_err());
    }
}
