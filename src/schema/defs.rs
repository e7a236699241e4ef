//! Unused definitions. Real servers send one shared block of `$defs`/`definitions` with every
//! tool; each tool uses a few entries, or none. A dialect that rewrites a schema drops every
//! entry that no `$ref` reachable from the root points into (directly, through another entry,
//! or through itself), so the model reads only what the tool takes, and what strict mode
//! judges is what the tool takes.
//!
//! The walk over-approximates what is used, never under: every keyword that is not plainly a
//! value (`enum`, `const`, `default`, `examples`) is searched for `$ref`s, and a schema whose
//! references cannot be followed here (an anchor, a remote or relative URI, `$dynamicRef`,
//! `$recursiveRef`, an embedded `$id`) keeps all its definitions.

use super::walk::{one_schema, percent_decode, resolve};
use serde_json::Value;

/// What the `$ref`s reachable from the root use.
pub struct Uses {
    /// A reachable node has a `$ref` (resolved or not).
    pub refs: bool,
    /// Where each followed `$ref` points, as JSON pointer segments; `None` when they cannot
    /// all be followed.
    targets: Option<Vec<Vec<String>>>,
    /// A `$defs`/`definitions` block was met.
    blocks: bool,
}

/// The `$ref`s reachable from the root of `schema`, without entering a definition block
/// except through a reference.
pub fn uses(schema: &Value) -> Uses {
    let mut uses = Uses { refs: false, targets: Some(Vec::new()), blocks: false };
    let mut stack: Vec<(&Value, bool)> = vec![(schema, true)];
    while let Some((node, is_root)) = stack.pop() {
        let Value::Object(node) = node else { continue };
        for (key, value) in node {
            match key.as_str() {
                "$ref" => {
                    uses.refs = true;
                    let Value::String(r) = value else { continue };
                    if r == "#" {
                        continue;
                    }
                    let Some(targets) = uses.targets.as_mut() else { continue };
                    let Some(segments) = segments(r) else {
                        uses.targets = None;
                        continue;
                    };
                    if targets.contains(&segments) {
                        continue;
                    }
                    targets.push(segments);
                    if let Some(target) = resolve(schema, r) {
                        stack.push((target, false));
                    }
                }
                "$dynamicRef" | "$recursiveRef" => {
                    uses.refs = true;
                    uses.targets = None;
                }
                "$id" if !is_root => uses.targets = None,
                "$defs" | "definitions" => uses.blocks = true,
                "properties" | "patternProperties" | "dependentSchemas" | "dependencies" => {
                    if let Value::Object(map) = value {
                        stack.extend(map.values().map(|v| (v, false)));
                    }
                }
                "enum" | "const" | "default" | "examples" | "example" => {}
                _ => match value {
                    Value::Object(_) => stack.push((value, false)),
                    Value::Array(list) => stack.extend(list.iter().map(|v| (v, false))),
                    _ => {}
                },
            }
        }
    }
    uses
}

/// A local JSON pointer reference (`#/a/b`) as its decoded segments; `None` for anything else.
fn segments(reference: &str) -> Option<Vec<String>> {
    let pointer = reference.strip_prefix("#/")?;
    let decoded;
    let pointer = if pointer.contains('%') {
        decoded = percent_decode(pointer)?;
        decoded.as_str()
    } else {
        pointer
    };
    Some(pointer.split('/').map(unescape).collect())
}

/// A pointer segment's `~1` and `~0` as `/` and `~`.
fn unescape(segment: &str) -> String {
    let mut out = String::with_capacity(segment.len());
    let mut chars = segment.chars();
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('~', Some('1')) => {
                out.push('/');
                chars.next();
            }
            ('~', Some('0')) => {
                out.push('~');
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// Drops the definition entries (and a block left empty) that `uses` (the answer of [`uses`] for this schema) does not
/// reach; how many were dropped.
pub fn prune(schema: &mut Value, uses: &Uses) -> usize {
    match &uses.targets {
        Some(targets) if uses.blocks => remove(schema, targets, &mut Vec::new()),
        _ => 0,
    }
}

/// Walks the subschema keywords (not into unknown keywords: what they hold is left alone),
/// dropping each definition entry no target lies in.
fn remove(schema: &mut Value, targets: &[Vec<String>], path: &mut Vec<String>) -> usize {
    let Value::Object(node) = schema else { return 0 };
    let mut removed = 0;
    let mut emptied: Vec<String> = Vec::new();
    for (key, value) in node.iter_mut() {
        let k = key.as_str();
        match (k, value) {
            (
                "$defs" | "definitions" | "properties" | "patternProperties" | "dependentSchemas",
                Value::Object(map),
            ) => {
                path.push(key.clone());
                if matches!(k, "$defs" | "definitions") {
                    let before = map.len();
                    map.retain(|name, _| {
                        path.push(name.clone());
                        let used = targets.iter().any(|t| t.starts_with(path));
                        path.pop();
                        used
                    });
                    removed += before - map.len();
                    if map.is_empty() && before > 0 {
                        emptied.push(key.clone());
                    }
                }
                for (name, sub) in map.iter_mut() {
                    path.push(name.clone());
                    removed += remove(sub, targets, path);
                    path.pop();
                }
                path.pop();
            }
            ("anyOf" | "oneOf" | "allOf" | "prefixItems", Value::Array(list)) => {
                removed += remove_each(key, list, targets, path);
            }
            (k, Value::Array(list)) if one_schema(k) => removed += remove_each(key, list, targets, path),
            (k, sub @ Value::Object(_)) if one_schema(k) => {
                path.push(key.clone());
                removed += remove(sub, targets, path);
                path.pop();
            }
            _ => {}
        }
    }
    // A block left empty goes too.
    for key in emptied {
        node.shift_remove(&key);
    }
    removed
}

fn remove_each(key: &str, list: &mut [Value], targets: &[Vec<String>], path: &mut Vec<String>) -> usize {
    path.push(key.to_string());
    let mut removed = 0;
    for (i, sub) in list.iter_mut().enumerate() {
        path.push(i.to_string());
        removed += remove(sub, targets, path);
        path.pop();
    }
    path.pop();
    removed
}
