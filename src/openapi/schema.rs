//! An OpenAPI schema object as a self-contained JSON Schema for a tool's `inputSchema`.
//!
//! - Every local `$ref` (`#/components/schemas/X`, any pointer into the document) is inlined,
//!   its sibling keywords (3.1) laid over the target. A `$ref` already being expanded on the
//!   way down (a recursive type), one past [`MAX_DEPTH`] levels, or one met after the
//!   operation's [`NODE_BUDGET`] is spent, becomes an object node whose description names the
//!   type: the schema stays finite and small whatever the document.
//! - OpenAPI 3.0's own keywords become JSON Schema: `nullable: true` adds `"null"` to `type`
//!   (and to `enum`), a boolean `exclusiveMinimum`/`exclusiveMaximum` becomes the number form.
//! - Keywords a tool schema has no use for are left out: `example`, `discriminator`, `xml`,
//!   `externalDocs`, `readOnly`, `writeOnly`, `deprecated`, `$schema`, `$id`, `x-*`.
//! - In a request, a property marked `readOnly` is left out (the server would ignore it), and
//!   so is its name in `required`.

use serde_json::{json, Map, Value};

use crate::schema::walk::resolve;

/// How deep a schema may nest before the rest is cut.
pub const MAX_DEPTH: usize = 32;
/// How many schema nodes one operation's input may have before further `$ref`s are cut.
pub const NODE_BUDGET: usize = 4000;

/// One conversion's state: the document, the `$ref`s being expanded, the nodes left.
pub struct Converter<'a> {
    doc: &'a Value,
    stack: Vec<&'a str>,
    budget: usize,
}

const DROPPED: [&str; 10] = [
    "example",
    "discriminator",
    "xml",
    "externalDocs",
    "readOnly",
    "writeOnly",
    "deprecated",
    "$schema",
    "$id",
    "nullable",
];

const SUBSCHEMA: [&str; 8] =
    ["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"];
const SUBSCHEMA_LISTS: [&str; 4] = ["allOf", "anyOf", "oneOf", "prefixItems"];
const SUBSCHEMA_MAPS: [&str; 4] = ["$defs", "definitions", "patternProperties", "dependentSchemas"];

impl<'a> Converter<'a> {
    pub fn new(doc: &'a Value) -> Self {
        Converter { doc, stack: Vec::new(), budget: NODE_BUDGET }
    }

    /// `value` followed through `$ref`s to the object it names (for parameters and request
    /// bodies, which may be references too). `None` when it points nowhere or loops.
    pub fn deref(&self, value: &'a Value) -> Option<&'a Map<String, Value>> {
        deref(self.doc, value)
    }

    /// `schema` as a self-contained JSON Schema (see the module's description).
    pub fn convert(&mut self, schema: &'a Value, request: bool) -> Value {
        self.node(schema, request, 0)
    }

    fn node(&mut self, schema: &'a Value, request: bool, depth: usize) -> Value {
        let Value::Object(map) = schema else {
            return schema.clone(); // `true` / `false` schemas (3.1)
        };
        self.budget = self.budget.saturating_sub(1);
        if let Some(reference) = map.get("$ref").and_then(Value::as_str) {
            return self.reference(reference, map, request, depth);
        }
        if depth > MAX_DEPTH {
            return cut(map.get("title").and_then(Value::as_str).unwrap_or("value"), "nested too deeply");
        }
        let mut out = Map::with_capacity(map.len());
        let doc = self.doc;
        let read_only = |s: &'a Value| deref(doc, s).is_some_and(|m| m.get("readOnly") == Some(&json!(true)));
        let mut hidden: Vec<&str> = vec![];
        for (key, value) in map {
            let key = key.as_str();
            if DROPPED.contains(&key) || key.starts_with("x-") {
                continue;
            }
            let converted = match (key, value) {
                ("properties", Value::Object(props)) => {
                    let mut conv = Map::with_capacity(props.len());
                    for (name, sub) in props {
                        if request && read_only(sub) {
                            hidden.push(name);
                            continue;
                        }
                        conv.insert(name.clone(), self.node(sub, request, depth + 1));
                    }
                    Value::Object(conv)
                }
                (k, Value::Object(sub)) if SUBSCHEMA_MAPS.contains(&k) => Value::Object(
                    sub.iter().map(|(n, s)| (n.clone(), self.node(s, request, depth + 1))).collect(),
                ),
                (k, Value::Array(list)) if SUBSCHEMA_LISTS.contains(&k) => {
                    Value::Array(list.iter().map(|s| self.node(s, request, depth + 1)).collect())
                }
                (k, sub @ Value::Object(_)) if SUBSCHEMA.contains(&k) => self.node(sub, request, depth + 1),
                ("exclusiveMinimum" | "exclusiveMaximum", Value::Bool(_)) => continue,
                _ => value.clone(),
            };
            out.insert(key.to_string(), converted);
        }
        if !hidden.is_empty() {
            if let Some(Value::Array(required)) = out.get_mut("required") {
                required.retain(|r| !r.as_str().is_some_and(|r| hidden.contains(&r)));
            }
        }
        for (flag, bound) in [("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")] {
            if map.get(flag) == Some(&Value::Bool(true)) {
                if let Some(limit) = out.shift_remove(bound) {
                    out.insert(flag.to_string(), limit);
                }
            }
        }
        // A node that lists properties describes an object, whether or not it says so.
        if out.contains_key("properties") && !out.contains_key("type") && !out.contains_key("$ref") {
            out.insert("type".into(), json!("object"));
        }
        if map.get("nullable") == Some(&Value::Bool(true)) {
            add_null(&mut out);
        }
        Value::Object(out)
    }

    fn reference(
        &mut self,
        reference: &'a str,
        map: &'a Map<String, Value>,
        request: bool,
        depth: usize,
    ) -> Value {
        let name = reference.rsplit('/').next().unwrap_or(reference);
        let target = match resolve(self.doc, reference) {
            Some(t) if reference.starts_with('#') => t,
            _ => return cut(name, "its definition is not in this document"),
        };
        if self.stack.contains(&reference) {
            return cut(name, "recursive: the same type as an enclosing value");
        }
        if self.budget == 0 || depth > MAX_DEPTH {
            return cut(name, "not expanded: the schema is too large");
        }
        self.stack.push(reference);
        let mut out = self.node(target, request, depth + 1);
        self.stack.pop();
        // 3.1: keywords beside a `$ref` apply too; the nearer ones (a description) win.
        if let Value::Object(out_map) = &mut out {
            for (key, value) in map {
                if key != "$ref" && !DROPPED.contains(&key.as_str()) && !key.starts_with("x-") {
                    out_map.insert(key.clone(), value.clone());
                }
            }
        }
        out
    }
}

/// `value` followed through `$ref`s within `doc` (at most 16 hops).
pub fn deref<'a>(doc: &'a Value, mut value: &'a Value) -> Option<&'a Map<String, Value>> {
    for _ in 0..16 {
        let map = value.as_object()?;
        match map.get("$ref").and_then(Value::as_str) {
            Some(r) => value = resolve(doc, r)?,
            None => return Some(map),
        }
    }
    None
}

/// The node a cut `$ref` becomes.
fn cut(name: &str, why: &str) -> Value {
    json!({ "type": "object", "description": format!("{name} ({why})") })
}

/// `nullable: true` in JSON Schema terms.
fn add_null(out: &mut Map<String, Value>) {
    match out.get_mut("type") {
        Some(Value::String(t)) => {
            let t = std::mem::take(t);
            if t != "null" {
                out.insert("type".into(), json!([t, "null"]));
            }
        }
        Some(Value::Array(list)) if !list.contains(&json!("null")) => list.push(json!("null")),
        _ => {}
    }
    if let Some(Value::Array(values)) = out.get_mut("enum") {
        if !values.contains(&Value::Null) {
            values.push(Value::Null);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> Value {
        json!({ "components": { "schemas": {
            "Pet": { "type": "object", "required": ["id", "name"], "properties": {
                "id": { "type": "integer", "readOnly": true },
                "name": { "type": "string", "example": "Rex", "x-internal": 1 },
                "tag": { "type": "string", "nullable": true },
                "kind": { "type": "string", "enum": ["cat", "dog"], "nullable": true },
                "parent": { "$ref": "#/components/schemas/Pet" },
                "weight": { "type": "number", "minimum": 0, "exclusiveMinimum": true },
            } },
            "Owner": { "type": "object", "properties": { "pet": { "$ref": "#/components/schemas/Pet", "description": "their pet" } } },
        } } })
    }

    #[test]
    fn inlines_refs_and_converts_3_0() {
        let d = doc();
        let mut c = Converter::new(&d);
        let s = c.convert(&json!({ "$ref": "#/components/schemas/Pet" }), true);
        assert_eq!(s["required"], json!(["name"]), "readOnly id left out of a request");
        assert!(s["properties"].get("id").is_none());
        assert_eq!(s["properties"]["name"], json!({ "type": "string" }));
        assert_eq!(s["properties"]["tag"], json!({ "type": ["string", "null"] }));
        assert_eq!(s["properties"]["kind"]["enum"], json!(["cat", "dog", null]));
        assert_eq!(s["properties"]["weight"], json!({ "type": "number", "exclusiveMinimum": 0 }));
        assert_eq!(
            s["properties"]["parent"],
            json!({ "type": "object", "description": "Pet (recursive: the same type as an enclosing value)" })
        );
        let mut c = Converter::new(&d);
        let o = c.convert(&json!({ "$ref": "#/components/schemas/Owner" }), false);
        assert_eq!(o["properties"]["pet"]["description"], "their pet");
        assert!(o["properties"]["pet"]["properties"].get("id").is_some(), "kept outside a request");
    }

    #[test]
    fn a_missing_or_remote_ref_is_cut() {
        let d = doc();
        let mut c = Converter::new(&d);
        let s = c.convert(
            &json!({ "properties": { "a": { "$ref": "other.json#/X" }, "b": { "$ref": "#/nope" } } }),
            false,
        );
        assert_eq!(s["properties"]["a"]["type"], "object");
        assert!(s["properties"]["b"]["description"].as_str().unwrap_or("").contains("not in this document"));
    }

    #[test]
    fn the_budget_bounds_a_wide_document() {
        let mut schemas = Map::new();
        for i in 0..12 {
            let next = format!("#/components/schemas/S{}", i + 1);
            schemas.insert(
                format!("S{i}"),
                json!({ "type": "object", "properties": { "a": { "$ref": next }, "b": { "$ref": next } } }),
            );
        }
        schemas.insert("S12".into(), json!({ "type": "string" }));
        let d = json!({ "components": { "schemas": schemas } });
        let mut c = Converter::new(&d);
        let s = c.convert(&json!({ "$ref": "#/components/schemas/S0" }), false);
        let size = s.to_string().len();
        assert!(size < 400_000, "{size}");
        assert!(s.to_string().contains("too large"));
    }
}
