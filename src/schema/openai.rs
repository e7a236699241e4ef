//! OpenAI strict mode (`strict: true` on a function): the schema rewritten into the subset that
//! strict mode accepts, or, when that would change what the schema accepts, the schema as given
//! with `strict: false`.
//!
//! The subset: every node has a `type` (or `anyOf`, `$ref`, `enum`, `const`); every object lists
//! all its properties in `required` and has `additionalProperties: false`; keywords are limited
//! to those below; `format` to [`FORMATS`]; at most 10 levels of nested objects, 5,000
//! properties and 1,000 enum values in all; the root is an object.

use super::walk::{describe, merge_all_of, put, reference, resolve, Change, Changes, Obj};
use serde_json::{Map, Value};

/// The formats strict mode knows; any other is answered with a 400.
pub const FORMATS: &[&str] =
    &["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"];

/// The keywords strict mode accepts.
pub fn is_keyword(key: &str) -> bool {
    matches!(
        key,
        "type"
            | "properties"
            | "required"
            | "additionalProperties"
            | "items"
            | "anyOf"
            | "enum"
            | "const"
            | "description"
            | "title"
            | "$ref"
            | "$defs"
            | "definitions"
            | "pattern"
            | "format"
            | "multipleOf"
            | "minimum"
            | "maximum"
            | "exclusiveMinimum"
            | "exclusiveMaximum"
            | "minItems"
            | "maxItems"
    )
}

pub const MAX_DEPTH: usize = 10;
pub const MAX_PROPERTIES: usize = 5000;
pub const MAX_ENUM_VALUES: usize = 1000;

/// The result of [`strict`]: either a schema strict mode accepts (`strict: true`), or the
/// input unchanged with `strict: false` and the reason.
#[derive(Debug)]
pub struct Strict {
    pub schema: Value,
    pub strict: bool,
    pub changes: Changes,
    /// Why the schema could not be made strict, when it could not.
    pub reason: Option<String>,
}

/// Rewrites `schema` for strict mode. Never fails: a schema that cannot be made strict without
/// changing what it accepts comes back as given, with `strict: false`.
pub fn strict(schema: &Value) -> Strict {
    let mut w = Writer {
        root: schema,
        changes: Changes::default(),
        failure: None,
        properties: 0,
        enums: 0,
        path: String::new(),
    };
    let out = w.root_node();
    match w.failure {
        None => Strict { schema: out, strict: true, changes: w.changes, reason: None },
        Some(reason) => Strict {
            schema: schema.clone(),
            strict: false,
            changes: Changes::default(),
            reason: Some(reason),
        },
    }
}

struct Writer<'a> {
    root: &'a Value,
    changes: Changes,
    failure: Option<String>,
    properties: usize,
    enums: usize,
    /// Where the walk is (`a.b[]`), for the fallback's reason: one buffer, grown and cut back.
    path: String,
}

fn is_object_node(node: &Map<String, Value>) -> bool {
    match node.at("type") {
        Some(Value::String(t)) => t == "object",
        Some(Value::Array(ts)) => ts.iter().any(|t| t == "object"),
        _ => node.has("properties"),
    }
}

impl Writer<'_> {
    fn fail(&mut self, reason: String) {
        if self.failure.is_none() {
            self.failure = Some(reason);
        }
    }

    fn root_node(&mut self) -> Value {
        match self.root {
            Value::Object(node) if is_object_node(node) && !node.has("anyOf") => {
                self.node(self.root, 0, true)
            }
            _ => {
                self.fail("the root is not a plain object schema".into());
                Value::Null
            }
        }
    }

    /// Rewrites one schema node; `depth` counts the objects around it.
    fn node(&mut self, schema: &Value, depth: usize, is_root: bool) -> Value {
        if self.failure.is_some() {
            return Value::Null;
        }
        let Value::Object(input) = schema else {
            self.fail(format!("{} is a boolean schema", shown(&self.path)));
            return Value::Null;
        };
        let merged;
        let node = match merge_all_of(self.root, input) {
            Some(m) => {
                self.changes.add(Change::AllOfMerged);
                merged = m;
                &merged
            }
            None => input,
        };
        let object = is_object_node(node);
        let depth = if object { depth + 1 } else { depth };
        if depth > MAX_DEPTH {
            self.fail(format!("more than {MAX_DEPTH} levels of nested objects"));
            return Value::Null;
        }
        if let Some(r) = reference(node) {
            if !(r == "#" || r.starts_with("#/$defs/") || r.starts_with("#/definitions/"))
                || resolve(self.root, r).is_none()
            {
                self.fail(format!("{} has a $ref strict mode cannot follow ({r})", shown(&self.path)));
                return Value::Null;
            }
        }
        let typed = ["type", "anyOf", "oneOf", "$ref", "enum", "const"].iter().any(|k| node.has(k));
        if !typed {
            self.fail(format!("{} accepts any value", shown(&self.path)));
            return Value::Null;
        }
        let mut out = Map::with_capacity(node.len() + 2);
        let mut notes = Vec::new();
        for (key, value) in node {
            match key.as_str() {
                "properties" | "required" | "additionalProperties" => {}
                "items" => match value {
                    Value::Object(_) => {
                        let len = self.path.len();
                        self.path.push_str("[]");
                        let items = self.node(value, depth, false);
                        self.path.truncate(len);
                        put(&mut out, key.clone(), items);
                    }
                    _ => {
                        self.fail(format!("{} has tuple items", shown(&self.path)));
                        return Value::Null;
                    }
                },
                "anyOf" | "oneOf" => {
                    let Value::Array(list) = value else {
                        notes.push((key.clone(), value.clone()));
                        continue;
                    };
                    if key == "oneOf" && node.has("anyOf") {
                        notes.push((key.clone(), value.clone()));
                        continue;
                    }
                    if key == "oneOf" {
                        self.changes.add(Change::OneOfToAnyOf);
                    }
                    let branches = list.iter().map(|b| self.node(b, depth, false)).collect();
                    put(&mut out, "anyOf".into(), Value::Array(branches));
                }
                "$defs" | "definitions" => {
                    let Value::Object(defs) = value else { continue };
                    let mut written = Map::with_capacity(defs.len());
                    for (name, def) in defs {
                        let saved = std::mem::take(&mut self.path);
                        self.path = format!("{key}/{name}");
                        let d = self.node(def, 0, false);
                        self.path = saved;
                        put(&mut written, name.clone(), d);
                    }
                    put(&mut out, key.clone(), Value::Object(written));
                }
                "enum" => {
                    if let Value::Array(values) = value {
                        self.enums += values.len();
                    }
                    put(&mut out, key.clone(), value.clone());
                }
                "format" => {
                    if value.as_str().is_some_and(|f| FORMATS.contains(&f)) {
                        put(&mut out, key.clone(), value.clone());
                    } else {
                        self.changes.add(Change::FormatDescribed);
                        notes.push((key.clone(), value.clone()));
                    }
                }
                "$schema" if is_root => self.changes.add(Change::SchemaRemoved),
                "$id" | "$comment" => {}
                k if is_keyword(k) => {
                    put(&mut out, key.clone(), value.clone());
                }
                _ => {
                    self.changes.add(Change::Described);
                    notes.push((key.clone(), value.clone()));
                }
            }
        }
        if self.enums > MAX_ENUM_VALUES {
            self.fail(format!("more than {MAX_ENUM_VALUES} enum values"));
            return Value::Null;
        }
        if object {
            self.object(node, &mut out, depth, is_root);
        }
        describe(&mut out, &notes);
        Value::Object(out)
    }

    /// Writes `properties`, `required` (all of them) and `additionalProperties: false`.
    fn object(
        &mut self,
        node: &Map<String, Value>,
        out: &mut Map<String, Value>,
        depth: usize,
        is_root: bool,
    ) {
        match node.at("additionalProperties") {
            None | Some(Value::Bool(false)) => {}
            Some(_) => {
                return self.fail(format!("{} is an open map (additionalProperties)", shown(&self.path)))
            }
        }
        let props = match node.at("properties") {
            Some(Value::Object(p)) => p,
            Some(_) => return self.fail(format!("{} has malformed properties", shown(&self.path))),
            None if is_root || node.at("additionalProperties") == Some(&Value::Bool(false)) => {
                put(out, "properties".into(), Value::Object(Map::new()));
                put(out, "required".into(), Value::Array(Vec::new()));
                put(out, "additionalProperties".into(), Value::Bool(false));
                return;
            }
            None => {
                return self
                    .fail(format!("{} is an object with no properties (an open map)", shown(&self.path)))
            }
        };
        self.properties += props.len();
        if self.properties > MAX_PROPERTIES {
            return self.fail(format!("more than {MAX_PROPERTIES} properties"));
        }
        let required: Vec<&str> = match node.at("required") {
            Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        let mut written = Map::with_capacity(props.len());
        let mut nullable = 0;
        for (name, sub) in props {
            let len = self.path.len();
            if len > 0 {
                self.path.push('.');
            }
            self.path.push_str(name);
            let mut s = self.node(sub, depth, false);
            self.path.truncate(len);
            if !required.contains(&name.as_str()) && make_nullable(self.root, &mut s) {
                nullable += 1;
            }
            put(&mut written, name.clone(), s);
        }
        self.changes.add_n(Change::MadeNullable, nullable);
        if node.at("additionalProperties") != Some(&Value::Bool(false))
            || props.keys().any(|k| !required.contains(&k.as_str()))
        {
            self.changes.add(Change::Closed);
        }
        let all = written.keys().map(|k| Value::String(k.clone())).collect();
        put(out, "properties".into(), Value::Object(written));
        put(out, "required".into(), Value::Array(all));
        put(out, "additionalProperties".into(), Value::Bool(false));
    }
}

fn shown(path: &str) -> String {
    if path.is_empty() {
        "the root".into()
    } else {
        format!("\"{path}\"")
    }
}

/// Makes an already rewritten node accept `null` as well; false when it already did.
fn make_nullable(root: &Value, schema: &mut Value) -> bool {
    let Value::Object(node) = schema else { return false };
    if super::walk::node_accepts_null(root, node, 0) {
        return false;
    }
    let wrap = node.has("enum") || node.has("const") || node.has("$ref");
    if !wrap {
        if let Some(Value::Array(branches)) = node.get_mut("anyOf") {
            branches.push(null_schema());
            return true;
        }
        match node.get_mut("type") {
            Some(Value::String(t)) => {
                let t = std::mem::take(t);
                put(node, "type".into(), Value::Array(vec![Value::String(t), "null".into()]));
                return true;
            }
            Some(Value::Array(ts)) => {
                ts.push("null".into());
                return true;
            }
            _ => {}
        }
    }
    let mut outer = Map::new();
    if let Some(d) = node.shift_remove("description") {
        put(&mut outer, "description".into(), d);
    }
    let inner = std::mem::take(node);
    put(&mut outer, "anyOf".into(), Value::Array(vec![Value::Object(inner), null_schema()]));
    *node = outer;
    true
}

fn null_schema() -> Value {
    let mut m = Map::new();
    put(&mut m, "type".into(), "null".into());
    Value::Object(m)
}
