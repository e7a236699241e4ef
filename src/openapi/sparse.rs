//! A document read from its text keeping only what tools are made of.
//!
//! Most of a real description is responses and examples (GitHub's: nine tenths of 13 MB), and
//! none of it becomes part of a tool. So the text is scanned as raw JSON in document order;
//! only the version, the servers and, for each operation, its name, words, tags, parameters
//! and request body are built as values. Components are kept as raw text and built when a
//! `$ref` reaches them (and what they refer to, in turn). The result is an ordinary document
//! value the other modules read as if it were whole.

use std::fmt;

use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// An object's entries as raw JSON, in order.
struct Entries<'a>(Vec<(String, &'a RawValue)>);

impl<'de: 'a, 'a> serde::Deserialize<'de> for Entries<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for V<'a> {
            type Value = Entries<'a>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Entries<'a>, M::Error> {
                let mut out = Vec::with_capacity(map.size_hint().unwrap_or(8));
                while let Some((k, v)) = map.next_entry::<String, &'de RawValue>()? {
                    out.push((k, v));
                }
                Ok(Entries(out))
            }
        }
        d.deserialize_map(V(std::marker::PhantomData))
    }
}

fn entries(raw: &RawValue) -> Option<Vec<(String, &RawValue)>> {
    serde_json::from_str::<Entries>(raw.get()).ok().map(|e| e.0)
}

fn value(raw: &RawValue) -> Value {
    serde_json::from_str(raw.get()).unwrap_or(Value::Null)
}

const TOP: [&str; 3] = ["openapi", "swagger", "servers"];
const ITEM: [&str; 3] = ["parameters", "servers", "$ref"];
const OPERATION: [&str; 7] =
    ["operationId", "summary", "description", "tags", "parameters", "requestBody", "servers"];
const METHODS: [&str; 8] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/// The parts of the document in `text` that tools are made of (see the module's description).
pub fn read(text: &str) -> Result<Value, String> {
    let top = serde_json::from_str::<Entries>(text).map_err(|e| e.to_string())?.0;
    let mut doc = Map::new();
    let mut components: Vec<(String, Vec<(String, &RawValue)>)> = vec![];
    for (key, raw) in &top {
        match key.as_str() {
            k if TOP.contains(&k) => {
                doc.insert(key.clone(), value(raw));
            }
            "paths" => {
                doc.insert(key.clone(), Value::Object(paths(raw)));
            }
            "components" => {
                for (section, raw) in entries(raw).unwrap_or_default() {
                    components.push((section, entries(raw).unwrap_or_default()));
                }
            }
            _ => {}
        }
    }
    let mut loaded: Map<String, Value> = Map::new();
    let mut queue: Vec<String> = vec![];
    collect_refs(&Value::Object(doc.clone()), &mut queue);
    let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
    while let Some(reference) = queue.pop() {
        let Some((section, name)) = component_of(&reference) else { continue };
        if !seen.insert(format!("{section}/{name}")) {
            continue;
        }
        let raw = components
            .iter()
            .find(|(s, _)| *s == section)
            .and_then(|(_, list)| list.iter().find(|(n, _)| *n == name))
            .map(|(_, raw)| *raw);
        if let Some(raw) = raw {
            let v = value(raw);
            collect_refs(&v, &mut queue);
            let slot = loaded.entry(section).or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(m) = slot {
                m.insert(name, v);
            }
        }
    }
    doc.insert("components".into(), Value::Object(loaded));
    Ok(Value::Object(doc))
}

fn paths(raw: &RawValue) -> Map<String, Value> {
    let mut out = Map::new();
    for (path, raw_item) in entries(raw).unwrap_or_default() {
        let mut item = Map::new();
        for (key, raw) in entries(raw_item).unwrap_or_default() {
            if ITEM.contains(&key.as_str()) {
                item.insert(key, value(raw));
            } else if METHODS.contains(&key.as_str()) {
                let op: Map<String, Value> = entries(raw)
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|(k, _)| OPERATION.contains(&k.as_str()))
                    .map(|(k, raw)| (k, value(raw)))
                    .collect();
                item.insert(key, Value::Object(op));
            }
        }
        out.insert(path, Value::Object(item));
    }
    out
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
