//! The other half of strict mode: a model that was shown an optional property as nullable
//! sends `null` for it. Before the tool runs, each such `null` is removed, at any depth, so the
//! tool sees the shape its own (original) schema describes.
//!
//! A property is removed when it arrives as `null`, every schema that declares it at that
//! point leaves it optional (out of `required`), and none of them accepts `null` itself.
//! `$ref`s are followed; `allOf`, `anyOf` and `oneOf` branches all count as declarations.

use super::walk::{accepts_null, reference, resolve, Obj};
use serde_json::{Map, Value};

/// Removes the optional `null`s from `args` in place; true when anything was removed.
pub fn remove_optional_nulls(schema: &Value, args: &mut Value) -> bool {
    visit(schema, &[schema], args)
}

/// The schema nodes that apply to one value: the node itself, its `$ref` target and its
/// branches, transitively.
fn expand<'a>(root: &'a Value, schema: &'a Value, out: &mut Vec<&'a Map<String, Value>>, hops: usize) {
    let Value::Object(node) = schema else { return };
    if hops > 32 || out.iter().any(|n| std::ptr::eq(*n, node)) {
        return;
    }
    out.push(node);
    if let Some(target) = reference(node).and_then(|r| resolve(root, r)) {
        expand(root, target, out, hops + 1);
    }
    for k in ["allOf", "anyOf", "oneOf"] {
        if let Some(Value::Array(list)) = node.get(k) {
            list.iter().for_each(|b| expand(root, b, out, hops + 1));
        }
    }
}

fn visit(root: &Value, schemas: &[&Value], value: &mut Value) -> bool {
    let mut nodes = Vec::new();
    for s in schemas {
        expand(root, s, &mut nodes, 0);
    }
    if nodes.is_empty() {
        return false;
    }
    match value {
        Value::Object(map) => object(root, &nodes, map),
        Value::Array(list) => {
            let mut changed = false;
            for (i, element) in list.iter_mut().enumerate() {
                let mut subs: Vec<&Value> = Vec::new();
                for node in &nodes {
                    if let Some(Value::Array(prefix)) = node.at("prefixItems") {
                        if let Some(s) = prefix.get(i) {
                            subs.push(s);
                            continue;
                        }
                    }
                    match node.at("items") {
                        Some(Value::Array(tuple)) => subs.extend(tuple.get(i)),
                        Some(items @ Value::Object(_)) => subs.push(items),
                        _ => {}
                    }
                }
                if !subs.is_empty() {
                    changed |= visit(root, &subs, element);
                }
            }
            changed
        }
        _ => false,
    }
}

fn object(root: &Value, nodes: &[&Map<String, Value>], map: &mut Map<String, Value>) -> bool {
    let mut changed = false;
    let mut removed = Vec::new();
    for (key, element) in map.iter_mut() {
        let mut declared: Vec<&Value> = Vec::new();
        let mut optional = true;
        for node in nodes {
            if let Some(sub) = node.at("properties").and_then(|p| p.get(key)) {
                declared.push(sub);
                let required = node
                    .at("required")
                    .and_then(Value::as_array)
                    .is_some_and(|r| r.iter().any(|n| n.as_str() == Some(key)));
                optional &= !required;
            }
        }
        if element.is_null() {
            if !declared.is_empty() && optional && !declared.iter().any(|s| accepts_null(root, s, 0)) {
                removed.push(key.clone());
            }
            continue;
        }
        if declared.is_empty() {
            declared
                .extend(nodes.iter().filter_map(|n| n.at("additionalProperties")).filter(|s| s.is_object()));
        }
        if !declared.is_empty() {
            changed |= visit(root, &declared, element);
        }
    }
    for key in removed {
        map.shift_remove(&key);
        changed = true;
    }
    changed
}
