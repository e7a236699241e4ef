//! Gemini's two dialects.
//!
//! - [`json_schema`] (`parametersJsonSchema`, the default): JSON Schema as given, with `$schema`
//!   removed and `const` written as a one-value `enum`.
//! - [`openapi`] (`parameters`): Gemini's `Schema`, a subset of OpenAPI 3.0. Only the keys in
//!   [`KEYS`]; `type` is one of Gemini's upper-case names on every node (a node of `anyOf`
//!   alone excepted: its branches carry the types); `$ref` inlined, a cycle cut at its second
//!   visit; `null` expressed as `nullable`; `enum` of strings only; counts (`minItems`, …) as
//!   int64 strings, as the API's own types have them; every other keyword written into the
//!   node's `description`.

use super::defs;
use super::walk::{describe, map_nodes, merge_all_of, put, reference, resolve, Change, Changes, Obj};
use serde_json::{Map, Value};

/// The keys of Gemini's `Schema`.
pub const KEYS: &[&str] = &[
    "type",
    "format",
    "title",
    "description",
    "nullable",
    "enum",
    "items",
    "properties",
    "required",
    "minItems",
    "maxItems",
    "minLength",
    "maxLength",
    "pattern",
    "minimum",
    "maximum",
    "minProperties",
    "maxProperties",
    "anyOf",
    "propertyOrdering",
    "default",
    "example",
];

/// Gemini's type names.
pub const TYPES: &[&str] = &["STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT"];

/// Counts that Gemini's `Schema` types as int64 (written as strings).
pub const COUNTS: &[&str] =
    &["minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"];

/// The formats Gemini acts on, per type; any other is written into the description.
pub fn format_allowed(gemini_type: &str, format: &str) -> bool {
    matches!(
        (gemini_type, format),
        ("STRING", "enum" | "date-time") | ("NUMBER", "float" | "double") | ("INTEGER", "int32" | "int64")
    )
}

/// The default dialect: a copy with unused definitions dropped, `$schema` removed and `const`
/// turned into `enum`.
pub fn json_schema(schema: &Value) -> (Value, Changes) {
    json_schema_owned(schema.clone())
}

/// [`json_schema`], rewriting `schema` in place.
pub fn json_schema_owned(mut schema: Value) -> (Value, Changes) {
    let mut changes = Changes::default();
    let uses = defs::uses(&schema);
    changes.add_n(Change::DefinitionRemoved, defs::prune(&mut schema, &uses));
    map_nodes(&mut schema, &mut |node| {
        if node.shift_remove("$schema").is_some() {
            changes.add(Change::SchemaRemoved);
        }
        if let Some(c) = node.shift_remove("const") {
            if !node.has("enum") {
                put(node, "enum".into(), Value::Array(vec![c]));
            }
            changes.add(Change::ConstToEnum);
        }
    });
    (schema, changes)
}

/// The `openapi` dialect. Definitions never reach its output: every `$ref` is inlined.
pub fn openapi(schema: &Value) -> (Value, Changes) {
    openapi_owned(schema.clone())
}

/// [`openapi`], taking the schema apart as it goes. Only a schema with `$ref`s keeps a copy,
/// to look its references up in.
pub fn openapi_owned(schema: Value) -> (Value, Changes) {
    let lookup = if defs::uses(&schema).refs { schema.clone() } else { Value::Null };
    let mut w = Writer { root: &lookup, changes: Changes::default(), stack: Vec::new() };
    let out = w.node(schema);
    (Value::Object(out), w.changes)
}

struct Writer<'a> {
    root: &'a Value,
    changes: Changes,
    stack: Vec<String>,
}

fn upper(t: &str) -> Option<&'static str> {
    Some(match t {
        "string" => "STRING",
        "number" => "NUMBER",
        "integer" => "INTEGER",
        "boolean" => "BOOLEAN",
        "array" => "ARRAY",
        "object" => "OBJECT",
        _ => return None,
    })
}

fn type_of_value(v: &Value) -> &'static str {
    match v {
        Value::String(_) => "STRING",
        Value::Bool(_) => "BOOLEAN",
        Value::Number(n) if n.is_i64() || n.is_u64() => "INTEGER",
        Value::Number(_) => "NUMBER",
        Value::Array(_) => "ARRAY",
        _ => "OBJECT",
    }
}

impl Writer<'_> {
    fn node(&mut self, schema: Value) -> Map<String, Value> {
        let input = match schema {
            Value::Object(node) => node,
            _ => return self.untyped(Map::new()),
        };
        // `$ref`: the target, with the referring node's own keys on top.
        if let Some(r) = reference(&input) {
            if self.stack.iter().any(|s| s == r) {
                self.changes.add(Change::CycleCut);
                let mut cut = Map::new();
                put(&mut cut, "type".into(), "OBJECT".into());
                let name = r.rsplit('/').next().unwrap_or(r);
                let mut text = format!("Recursive: an object of the same shape as \"{name}\" above.");
                if let Some(Value::String(d)) = input.at("description") {
                    text = format!("{d}\n{text}");
                }
                put(&mut cut, "description".into(), Value::String(text));
                return cut;
            }
            let r = r.to_string();
            let Some(target) = resolve(self.root, &r) else {
                let mut rest = input;
                rest.shift_remove("$ref");
                let mut out = self.node(Value::Object(rest));
                describe(&mut out, &[("$ref".into(), Value::String(r))]);
                self.changes.add(Change::Described);
                return out;
            };
            self.changes.add(Change::RefInlined);
            let mut merged = match target {
                Value::Object(t) => t.clone(),
                _ => Map::new(),
            };
            for (k, v) in input {
                if k != "$ref" {
                    put(&mut merged, k, v);
                }
            }
            self.stack.push(r);
            let out = self.node(Value::Object(merged));
            self.stack.pop();
            return out;
        }
        match merge_all_of(self.root, &input) {
            Some(merged) => {
                self.changes.add(Change::AllOfMerged);
                self.plain(merged)
            }
            None => self.plain(input),
        }
    }

    fn untyped(&mut self, mut out: Map<String, Value>) -> Map<String, Value> {
        self.changes.add(Change::Typed);
        put(&mut out, "type".into(), "STRING".into());
        describe(&mut out, &[("accepts".into(), "any JSON value, written as text".into())]);
        out
    }

    fn plain(&mut self, node: Map<String, Value>) -> Map<String, Value> {
        // The node is rewritten in place: kept entries stay where they are (no new map, no key
        // hashed again). A value this walk takes before the pass below is left as `null` in its
        // place (the pass drops those keys).
        let mut entries = node;
        let mut notes: Notes = Vec::new();
        let mut nullable = false;
        let mut types: Vec<&'static str> = Vec::new();
        let type_at = entries.at("type");
        match type_at {
            Some(Value::String(t)) if t == "null" => nullable = true,
            Some(Value::String(t)) => match upper(t) {
                Some(u) => types.push(u),
                None => notes.push(("type".into(), Value::String(t.clone()))),
            },
            Some(Value::Array(ts)) => {
                for t in ts {
                    match t.as_str() {
                        Some("null") => nullable = true,
                        Some(s) => match upper(s) {
                            Some(u) if !types.contains(&u) => types.push(u),
                            _ => {}
                        },
                        None => {}
                    }
                }
            }
            Some(other) => notes.push(("type".into(), other.clone())),
            None => {}
        }
        let null_type = type_at.is_some_and(|t| t == "null");
        let own_nullable = entries.at("nullable").map(|n| n == true);
        let mut branches: Vec<Value> = Vec::new();
        for key in ["anyOf", "oneOf"] {
            let Some(Value::Array(list)) = slot(&mut entries, key) else { continue };
            let list = std::mem::take(list);
            if key == "oneOf" {
                self.changes.add(Change::OneOfToAnyOf);
            }
            for b in list {
                if is_null_only(&b) {
                    nullable = true;
                    continue;
                }
                branches.push(Value::Object(self.node(b)));
            }
        }
        if types.len() > 1 {
            self.changes.add(Change::TypeArraySplit);
            for t in &types {
                let mut b = Map::new();
                put(&mut b, "type".into(), (*t).into());
                branches.push(Value::Object(b));
            }
            types.clear();
        }
        let mut enum_values: Option<Vec<Value>> = None;
        if let Some(c) = slot(&mut entries, "const") {
            self.changes.add(Change::ConstToEnum);
            enum_values = Some(vec![std::mem::take(c)]);
        }
        if let Some(Value::Array(values)) = slot(&mut entries, "enum") {
            enum_values = Some(std::mem::take(values));
        }
        // Written first, before the entries kept below.
        let mut first = None;
        if let Some(values) = enum_values {
            if values.iter().any(Value::is_null) {
                nullable = true;
            }
            let values: Vec<Value> = values.into_iter().filter(|v| !v.is_null()).collect();
            if types.is_empty() && branches.is_empty() {
                if let Some(first) = values.first() {
                    types.push(type_of_value(first));
                }
            }
            if values.iter().all(Value::is_string) && types.iter().all(|t| *t == "STRING") {
                first = Some(Value::Array(values));
            } else {
                self.changes.add(Change::EnumDescribed);
                notes.push(("enum".into(), Value::Array(values)));
            }
        }
        if types.is_empty() && branches.is_empty() {
            if entries.has("properties") {
                types.push("OBJECT");
            } else if entries.has("items") {
                types.push("ARRAY");
            }
        }
        let gtype = types.first().copied();
        let required = slot(&mut entries, "required").map(std::mem::take);
        entries.retain(|key, value| self.entry(key, value, gtype, &mut notes));
        let mut out = entries;
        if let Some(values) = first {
            out.shift_insert(0, "enum".into(), values);
        }
        if own_nullable == Some(true) {
            nullable = true;
        }
        if let Some(t) = gtype {
            put(&mut out, "type".into(), t.into());
        }
        if gtype == Some("OBJECT") {
            self.required(required, &mut out);
        }
        if gtype == Some("ARRAY") && !out.has("items") {
            let items = self.untyped(Map::new());
            put(&mut out, "items".into(), Value::Object(items));
        }
        match branches.len() {
            0 if gtype.is_none() => {
                out = self.untyped(out);
            }
            0 => {}
            1 if gtype.is_none() => {
                if let Some(Value::Object(only)) = branches.pop() {
                    for (k, v) in only {
                        if k == "description" && out.has("description") {
                            continue;
                        }
                        put(&mut out, k, v);
                    }
                }
            }
            _ => {
                put(&mut out, "anyOf".into(), Value::Array(branches));
            }
        }
        if nullable {
            if own_nullable.is_none() && !null_type {
                self.changes.add(Change::NullToNullable);
            }
            put(&mut out, "nullable".into(), Value::Bool(true));
        }
        describe(&mut out, &notes);
        out
    }

    /// One entry of a node in Gemini's `Schema`: rewritten in place (`true`, kept), or dropped
    /// (`false`), into `notes` when the description is to say it.
    fn entry(&mut self, key: &str, value: &mut Value, gtype: Option<&str>, notes: &mut Notes) -> bool {
        use std::mem::take;
        match key {
            "type" | "anyOf" | "oneOf" | "const" | "enum" | "nullable" | "$schema" | "$id" | "$comment"
            | "$defs" | "definitions" | "required" => return false,
            // Closed is what the model assumes anyway; said in a description, it is noise.
            "additionalProperties" if *value == false => return false,
            "properties" => {
                let Value::Object(props) = value else { return false };
                for sub in props.values_mut() {
                    *sub = Value::Object(self.node(take(sub)));
                }
                return true;
            }
            "items" if matches!(value, Value::Object(_) | Value::Bool(_)) => {
                *value = Value::Object(self.node(take(value)));
                return true;
            }
            "format" => match (gtype, value.as_str()) {
                (Some(t), Some(f)) if format_allowed(t, f) => return true,
                _ => self.changes.add(Change::FormatDescribed),
            },
            "minItems" | "maxItems" | "minLength" | "maxLength" | "minProperties" | "maxProperties" => {
                if let Some(n) = value.as_u64() {
                    *value = Value::String(n.to_string());
                    return true;
                }
            }
            "minimum" | "maximum" if value.is_number() => return true,
            "propertyOrdering" | "title" | "description" | "pattern" | "default" | "example" => return true,
            "items" => {}
            _ => self.changes.add(Change::Described),
        }
        notes.push((key.into(), take(value)));
        false
    }

    /// `required`, keeping only names that are properties.
    fn required(&mut self, required: Option<Value>, out: &mut Map<String, Value>) {
        let Some(Value::Array(names)) = required else { return };
        let count = names.len();
        let props = out.at("properties").and_then(Value::as_object);
        let kept: Vec<Value> = names
            .into_iter()
            .filter(|n| n.as_str().is_some_and(|n| props.is_some_and(|p| p.has(n))))
            .collect();
        self.changes.add_n(Change::RequiredDropped, count - kept.len());
        if !kept.is_empty() {
            put(out, "required".into(), Value::Array(kept));
        }
    }
}

/// What a node's description is to say: keyword and value.
type Notes = Vec<(String, Value)>;

/// The value of `key` in a node, to take it.
#[inline(never)]
fn slot<'a>(node: &'a mut Map<String, Value>, key: &str) -> Option<&'a mut Value> {
    node.iter_mut().find_map(|(k, v)| (k == key).then_some(v))
}

fn is_null_only(schema: &Value) -> bool {
    match schema {
        Value::Object(n) => n.at("type").and_then(Value::as_str) == Some("null"),
        _ => false,
    }
}
