//! OpenAI strict mode (`strict: true` on a function): the schema rewritten into the subset that
//! strict mode accepts, or, when that would change what the schema accepts, the schema as given
//! with `strict: false`.
//!
//! The subset: every node has a `type` (or `anyOf`, `$ref`, `enum`, `const`); every object lists
//! all its properties in `required` and has `additionalProperties: false`; keywords are limited
//! to those below; `format` to [`FORMATS`]; at most 10 levels of nested objects, 5,000
//! properties and 1,000 enum values in all; the root is an object.

use super::defs;
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
    let s = strict_owned(schema.clone());
    Strict {
        schema: s.schema.unwrap_or_else(|| schema.clone()),
        strict: s.strict,
        changes: s.changes,
        reason: s.reason,
    }
}

/// [`strict`], taking the schema apart as it goes: `schema` is `None` when the schema is to be
/// sent as given (`strict: false`), the caller holding the original. Only a schema with `$ref`s
/// keeps a copy, to look its references up in.
pub fn strict_owned(mut schema: Value) -> StrictOwned {
    let mut changes = Changes::default();
    let uses = defs::uses(&schema);
    changes.add_n(Change::DefinitionRemoved, defs::prune(&mut schema, &uses));
    let lookup = if uses.refs { schema.clone() } else { Value::Null };
    let mut w =
        Writer { root: &lookup, changes, failure: None, properties: 0, enums: 0, path: String::new() };
    let out = w.root_node(schema);
    match w.failure {
        None => StrictOwned { schema: Some(out), strict: true, changes: w.changes, reason: None },
        Some(reason) => {
            StrictOwned { schema: None, strict: false, changes: Changes::default(), reason: Some(reason) }
        }
    }
}

/// The answer of [`strict_owned`].
#[derive(Debug)]
pub struct StrictOwned {
    pub schema: Option<Value>,
    pub strict: bool,
    pub changes: Changes,
    pub reason: Option<String>,
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

/// What [`Writer::object`] reads of a node, taken out of it.
struct ObjectKeys {
    properties: Option<Value>,
    required: Option<Value>,
    additional: Option<Value>,
}

impl Writer<'_> {
    fn fail(&mut self, reason: String) {
        if self.failure.is_none() {
            self.failure = Some(reason);
        }
    }

    fn root_node(&mut self, schema: Value) -> Value {
        match &schema {
            Value::Object(node) if is_object_node(node) && !node.has("anyOf") => self.node(schema, 0, true),
            _ => {
                self.fail("the root is not a plain object schema".into());
                Value::Null
            }
        }
    }

    /// Rewrites one schema node; `depth` counts the objects around it.
    fn node(&mut self, schema: Value, depth: usize, is_root: bool) -> Value {
        if self.failure.is_some() {
            return Value::Null;
        }
        let Value::Object(input) = schema else {
            self.fail(format!("{} is a boolean schema", shown(&self.path)));
            return Value::Null;
        };
        let node = match merge_all_of(self.root, &input) {
            Some(m) => {
                self.changes.add(Change::AllOfMerged);
                m
            }
            None => input,
        };
        let object = is_object_node(&node);
        let depth = if object { depth + 1 } else { depth };
        if depth > MAX_DEPTH {
            self.fail(format!("more than {MAX_DEPTH} levels of nested objects"));
            return Value::Null;
        }
        if let Some(r) = reference(&node) {
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
        let has_any_of = node.has("anyOf");
        // A lone `oneOf` becomes `anyOf` where it stands (its change is counted where the walk
        // meets it, below).
        let renamed = !has_any_of && matches!(node.at("oneOf"), Some(Value::Array(_)));
        let mut node = node;
        if renamed {
            if let (Some(i), Some(list)) =
                (node.keys().position(|k| k == "oneOf"), node.shift_remove("oneOf"))
            {
                node.shift_insert(i, "anyOf".into(), list);
            }
        }
        // The node is rewritten in place: kept keys keep their entries (no new map, no key
        // hashed again); the rest are taken out.
        let mut notes = Vec::new();
        let mut keys = ObjectKeys { properties: None, required: None, additional: None };
        node.retain(|key, value| self.entry(key, value, depth, is_root, renamed, &mut keys, &mut notes));
        if self.failure.is_some() {
            return Value::Null;
        }
        if self.enums > MAX_ENUM_VALUES {
            self.fail(format!("more than {MAX_ENUM_VALUES} enum values"));
            return Value::Null;
        }
        if object {
            self.object(keys, &mut node, depth, is_root);
        }
        describe(&mut node, &notes);
        Value::Object(node)
    }

    /// One entry of a node: rewritten in place (`true`, kept) or taken out (`false`) into
    /// `keys` (what [`Writer::object`] reads) or `notes` (what goes into the description).
    #[allow(clippy::too_many_arguments)]
    fn entry(
        &mut self,
        key: &str,
        value: &mut Value,
        depth: usize,
        is_root: bool,
        renamed: bool,
        keys: &mut ObjectKeys,
        notes: &mut Vec<(String, Value)>,
    ) -> bool {
        use std::mem::take;
        match key {
            "properties" => keys.properties = Some(take(value)),
            "required" => keys.required = Some(take(value)),
            "additionalProperties" => keys.additional = Some(take(value)),
            "items" => match value {
                Value::Object(_) => {
                    let len = self.path.len();
                    self.path.push_str("[]");
                    *value = self.node(take(value), depth, false);
                    self.path.truncate(len);
                    return true;
                }
                _ => self.fail(format!("{} has tuple items", shown(&self.path))),
            },
            "anyOf" | "oneOf" => {
                let Value::Array(list) = value else {
                    notes.push((key.into(), take(value)));
                    return false;
                };
                // A `oneOf` still here stands beside an `anyOf`.
                if key == "oneOf" {
                    notes.push((key.into(), take(value)));
                    return false;
                }
                if renamed {
                    self.changes.add(Change::OneOfToAnyOf);
                }
                for branch in list.iter_mut() {
                    *branch = self.node(take(branch), depth, false);
                }
                return true;
            }
            "$defs" | "definitions" => {
                let Value::Object(defs) = value else { return false };
                for (name, def) in defs.iter_mut() {
                    let saved = take(&mut self.path);
                    self.path = format!("{key}/{name}");
                    *def = self.node(take(def), 0, false);
                    self.path = saved;
                }
                return true;
            }
            "enum" => {
                if let Value::Array(values) = value {
                    self.enums += values.len();
                }
                return true;
            }
            "format" => {
                if value.as_str().is_some_and(|f| FORMATS.contains(&f)) {
                    return true;
                }
                self.changes.add(Change::FormatDescribed);
                notes.push((key.into(), take(value)));
            }
            "$schema" if is_root => self.changes.add(Change::SchemaRemoved),
            "$id" | "$comment" => {}
            k if is_keyword(k) => return true,
            _ => {
                self.changes.add(Change::Described);
                notes.push((key.into(), take(value)));
            }
        }
        false
    }

    /// Writes `properties`, `required` (all of them) and `additionalProperties: false`.
    fn object(&mut self, keys: ObjectKeys, out: &mut Map<String, Value>, depth: usize, is_root: bool) {
        let closed = match &keys.additional {
            None => false,
            Some(Value::Bool(false)) => true,
            Some(_) => {
                return self.fail(format!("{} is an open map (additionalProperties)", shown(&self.path)))
            }
        };
        let props = match keys.properties {
            Some(Value::Object(p)) => p,
            Some(_) => return self.fail(format!("{} has malformed properties", shown(&self.path))),
            None if is_root || closed => {
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
        let required: Vec<&str> = match &keys.required {
            Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        let mut props = props;
        let mut all = Vec::with_capacity(props.len());
        let mut nullable = 0;
        let mut all_required = true;
        for (name, sub) in props.iter_mut() {
            let len = self.path.len();
            if len > 0 {
                self.path.push('.');
            }
            self.path.push_str(name);
            let mut s = self.node(std::mem::take(sub), depth, false);
            self.path.truncate(len);
            if !required.contains(&name.as_str()) {
                all_required = false;
                if make_nullable(self.root, &mut s) {
                    nullable += 1;
                }
            }
            all.push(Value::String(name.clone()));
            *sub = s;
        }
        self.changes.add_n(Change::MadeNullable, nullable);
        if !closed || !all_required {
            self.changes.add(Change::Closed);
        }
        put(out, "properties".into(), Value::Object(props));
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
