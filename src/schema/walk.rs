//! What every dialect shares: `$ref` resolution inside one schema, the list of keywords whose
//! values are subschemas, the property paths a schema describes, and the record of what a
//! rewrite changed.

use serde_json::{Map, Value};
use std::collections::BTreeSet;

/// Resolves a local reference (`#`, `#/$defs/X`, `#/definitions/X`, any JSON pointer into the
/// root). A remote reference, or one that points nowhere, gives `None`.
pub fn resolve<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let pointer = reference.strip_prefix('#')?;
    if pointer.is_empty() {
        return Some(root);
    }
    if pointer.contains('%') {
        return root.pointer(&percent_decode(pointer)?);
    }
    root.pointer(pointer)
}

pub(crate) fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The `$ref` of a node, when it has one.
pub fn reference(node: &Map<String, Value>) -> Option<&str> {
    node.at("$ref").and_then(Value::as_str)
}

/// Keywords whose value is one subschema.
pub(crate) fn one_schema(key: &str) -> bool {
    matches!(
        key,
        "items"
            | "additionalProperties"
            | "additionalItems"
            | "not"
            | "if"
            | "then"
            | "else"
            | "contains"
            | "propertyNames"
            | "unevaluatedItems"
            | "unevaluatedProperties"
            | "contentSchema"
    )
}

/// Applies `f` to every object node of `schema` in place, innermost first, through every
/// subschema keyword (never into `enum`, `const`, `default` or `examples` values).
pub fn map_nodes(schema: &mut Value, f: &mut dyn FnMut(&mut Map<String, Value>)) {
    let Value::Object(node) = schema else { return };
    for (key, value) in node.iter_mut() {
        let k = key.as_str();
        match value {
            Value::Array(list)
                if one_schema(k) || matches!(k, "anyOf" | "oneOf" | "allOf" | "prefixItems") =>
            {
                list.iter_mut().for_each(|v| map_nodes(v, f));
            }
            _ if one_schema(k) => map_nodes(value, f),
            Value::Object(map)
                if matches!(
                    k,
                    "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas"
                ) =>
            {
                map.values_mut().for_each(|v| map_nodes(v, f));
            }
            _ => {}
        }
    }
    f(node);
}

/// Every property path the schema describes: `a`, `a.b`, `list[]`, `list[].c`, through
/// `properties`, `items`, `anyOf`/`oneOf`/`allOf` (branches share their parent's path) and
/// local `$ref`s. A reference met again inside itself stops the walk there.
pub fn property_paths(root: &Value) -> BTreeSet<String> {
    let mut paths = BTreeSet::new();
    let mut stack = Vec::new();
    collect(root, root, "", &mut stack, &mut paths);
    paths
}

fn collect<'a>(
    root: &'a Value,
    schema: &'a Value,
    path: &str,
    stack: &mut Vec<&'a str>,
    out: &mut BTreeSet<String>,
) {
    let Value::Object(node) = schema else { return };
    if let Some(r) = reference(node) {
        if !stack.contains(&r) {
            if let Some(target) = resolve(root, r) {
                stack.push(r);
                collect(root, target, path, stack, out);
                stack.pop();
            }
        }
    }
    if let Some(Value::Object(props)) = node.at("properties") {
        for (name, sub) in props {
            let p = if path.is_empty() { name.clone() } else { format!("{path}.{name}") };
            out.insert(p.clone());
            collect(root, sub, &p, stack, out);
        }
    }
    if let Some(items) = node.at("items") {
        let p = format!("{path}[]");
        match items {
            Value::Array(list) => list.iter().for_each(|s| collect(root, s, &p, stack, out)),
            _ => collect(root, items, &p, stack, out),
        }
    }
    for k in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(list)) = node.get(k) {
            list.iter().for_each(|s| collect(root, s, path, stack, out));
        }
    }
}

/// One kind of change a rewrite made, with its singular and plural wording.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Change {
    DefinitionRemoved,
    MadeNullable,
    Closed,
    Described,
    FormatDescribed,
    OneOfToAnyOf,
    SchemaRemoved,
    AllOfMerged,
    RefInlined,
    CycleCut,
    ConstToEnum,
    NullToNullable,
    TypeArraySplit,
    Typed,
    RequiredDropped,
    EnumDescribed,
}

impl Change {
    fn words(self) -> (&'static str, &'static str) {
        match self {
            Change::DefinitionRemoved => ("unused definition removed", "unused definitions removed"),
            Change::MadeNullable => ("optional property made nullable", "optional properties made nullable"),
            Change::Closed => ("object closed and fully required", "objects closed and fully required"),
            Change::Described => ("keyword moved into a description", "keywords moved into descriptions"),
            Change::FormatDescribed => ("format moved into a description", "formats moved into descriptions"),
            Change::OneOfToAnyOf => ("oneOf turned into anyOf", "oneOf turned into anyOf"),
            Change::SchemaRemoved => ("$schema removed", "$schema removed"),
            Change::AllOfMerged => ("allOf merged into its node", "allOf merged into their nodes"),
            Change::RefInlined => ("$ref inlined", "$refs inlined"),
            Change::CycleCut => ("recursive $ref cut", "recursive $refs cut"),
            Change::ConstToEnum => {
                ("const turned into a one-value enum", "consts turned into one-value enums")
            }
            Change::NullToNullable => ("null type turned into nullable", "null types turned into nullable"),
            Change::TypeArraySplit => ("type array turned into anyOf", "type arrays turned into anyOf"),
            Change::Typed => ("untyped node given a type", "untyped nodes given a type"),
            Change::RequiredDropped => {
                ("required name without a property dropped", "required names without a property dropped")
            }
            Change::EnumDescribed => {
                ("non-string enum moved into a description", "non-string enums moved into descriptions")
            }
        }
    }
}

/// What one rewrite changed, counted by kind, in the order first met.
#[derive(Default, Debug, Clone)]
pub struct Changes {
    counts: Vec<(Change, usize)>,
}

impl Changes {
    #[inline(never)]
    pub fn add(&mut self, change: Change) {
        self.add_n(change, 1);
    }

    #[inline(never)]
    pub fn add_n(&mut self, change: Change, n: usize) {
        if n == 0 {
            return;
        }
        match self.counts.iter_mut().find(|(c, _)| *c == change) {
            Some((_, count)) => *count += n,
            None => self.counts.push((change, n)),
        }
    }

    pub fn count(&self, change: Change) -> usize {
        self.counts.iter().find(|(c, _)| *c == change).map_or(0, |(_, n)| *n)
    }

    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// Sentences such as `"3 optional properties made nullable"`.
    pub fn notes(&self) -> Vec<String> {
        self.counts
            .iter()
            .map(|&(c, n)| {
                let (one, many) = c.words();
                format!("{n} {}", if n == 1 { one } else { many })
            })
            .collect()
    }
}

/// Appends `notes` to the node's `description`, each as `keyword: value`.
#[inline(never)]
pub fn describe(node: &mut Map<String, Value>, notes: &[(String, Value)]) {
    if notes.is_empty() {
        return;
    }
    let mut text = match node.at("description") {
        Some(Value::String(s)) if !s.is_empty() => format!("{s}\n"),
        _ => String::new(),
    };
    for (i, (key, value)) in notes.iter().enumerate() {
        if i > 0 {
            text.push_str("; ");
        }
        text.push_str(key);
        text.push_str(": ");
        match value {
            Value::String(s) => text.push_str(s),
            other => text.push_str(&json(other)),
        }
    }
    put(node, "description".into(), Value::String(text));
}

/// Whether a schema lets `null` through: a `null` type, a `null` in `enum`/`const`, `nullable`,
/// a branch that accepts it, or no type constraint at all.
pub fn accepts_null(root: &Value, schema: &Value, hops: usize) -> bool {
    match schema {
        Value::Bool(b) => *b,
        Value::Object(node) => node_accepts_null(root, node, hops),
        _ => false,
    }
}

/// [`accepts_null`] for an object node.
pub fn node_accepts_null(root: &Value, node: &Map<String, Value>, hops: usize) -> bool {
    if hops > 64 {
        return false;
    }
    if let Some(r) = reference(node) {
        match resolve(root, r) {
            Some(target) if !accepts_null(root, target, hops + 1) => return false,
            Some(_) => {}
            None => return false,
        }
    }
    if node.at("nullable") == Some(&Value::Bool(true)) {
        return true;
    }
    if let Some(c) = node.at("const") {
        return c.is_null();
    }
    if let Some(Value::Array(values)) = node.at("enum") {
        if !values.iter().any(Value::is_null) {
            return false;
        }
    }
    match node.at("type") {
        Some(Value::String(t)) if t != "null" => return false,
        Some(Value::Array(ts)) if !ts.iter().any(|t| t == "null") => return false,
        _ => {}
    }
    for k in ["anyOf", "oneOf"] {
        if let Some(Value::Array(list)) = node.get(k) {
            if !list.iter().any(|s| accepts_null(root, s, hops + 1)) {
                return false;
            }
        }
    }
    if let Some(Value::Array(list)) = node.at("allOf") {
        if !list.iter().all(|s| accepts_null(root, s, hops + 1)) {
            return false;
        }
    }
    true
}

/// `allOf` folded into its node when that keeps its meaning: each branch (a lone local `$ref`
/// is followed) adds its keys; `properties` and `required` are united; `description` and
/// `title` keep the first; any other key given two different values leaves the `allOf` as it is
/// (`None`).
pub fn merge_all_of(root: &Value, node: &Map<String, Value>) -> Option<Map<String, Value>> {
    let Some(Value::Array(list)) = node.at("allOf") else { return None };
    let mut out = node.clone();
    out.shift_remove("allOf");
    for branch in list {
        let Value::Object(own) = branch else { return None };
        let mut b = own;
        if b.len() == 1 {
            if let Some(Value::Object(t)) = reference(b).and_then(|r| resolve(root, r)) {
                if t.has("allOf") || t.has("$ref") {
                    return None;
                }
                b = t;
            }
        }
        for (k, v) in b {
            match (k.as_str(), out.get_mut(k)) {
                (_, None) => {
                    put(&mut out, k.clone(), v.clone());
                }
                ("properties", Some(Value::Object(mine))) => {
                    let Value::Object(theirs) = v else { return None };
                    for (name, s) in theirs {
                        match mine.get(name) {
                            Some(existing) if existing != s => return None,
                            Some(_) => {}
                            None => {
                                put(mine, name.clone(), s.clone());
                            }
                        }
                    }
                }
                ("required", Some(Value::Array(mine))) => {
                    let Value::Array(theirs) = v else { return None };
                    for name in theirs {
                        if !mine.contains(name) {
                            mine.push(name.clone());
                        }
                    }
                }
                ("description" | "title", Some(_)) => {}
                (_, Some(existing)) if existing == v => {}
                _ => return None,
            }
        }
    }
    Some(out)
}

/// Map access through one shared copy of each operation: inlined at every call site, the map's
/// hashing and probing would multiply the `.wasm`.
pub trait Obj {
    fn at(&self, key: &str) -> Option<&Value>;
    fn has(&self, key: &str) -> bool {
        self.at(key).is_some()
    }
}

impl Obj for Map<String, Value> {
    /// A schema node has a handful of keys: comparing them is cheaper than hashing the key.
    #[inline(never)]
    fn at(&self, key: &str) -> Option<&Value> {
        if self.len() <= 12 {
            self.iter().find_map(|(k, v)| (k == key).then_some(v))
        } else {
            self.get(key)
        }
    }
}

impl Obj for Value {
    #[inline(never)]
    fn at(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(m) => m.at(key),
            _ => None,
        }
    }
}

/// `map.insert(key, value)`, one shared copy.
#[inline(never)]
pub fn put(map: &mut Map<String, Value>, key: String, value: Value) {
    map.insert(key, value);
}

/// A value as JSON text (through `serde_json`'s byte writer, never through `fmt`).
pub fn json(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}
