//! The providers' documented rules, checked on an output schema. Written from the providers'
//! documentation, independently of the rewriters: each returns the list of violations.

use serde_json::Value;

type Node = serde_json::Map<String, Value>;

/// Calls `f` on every schema node reachable through the keywords a dialect nests schemas in.
fn each_node(schema: &Value, at: &str, f: &mut dyn FnMut(&Node, &str)) {
    let Value::Object(node) = schema else { return };
    f(node, at);
    for (key, value) in node {
        match (key.as_str(), value) {
            ("properties" | "$defs" | "definitions" | "patternProperties", Value::Object(map)) => {
                for (name, sub) in map {
                    each_node(sub, &format!("{at}/{key}/{name}"), f);
                }
            }
            ("items" | "additionalProperties" | "not" | "if" | "then" | "else", sub @ Value::Object(_)) => {
                each_node(sub, &format!("{at}/{key}"), f)
            }
            ("anyOf" | "oneOf" | "allOf" | "prefixItems" | "items", Value::Array(list)) => {
                for (i, sub) in list.iter().enumerate() {
                    each_node(sub, &format!("{at}/{key}/{i}"), f);
                }
            }
            _ => {}
        }
    }
}

fn types(node: &Node) -> Vec<String> {
    match node.get("type") {
        Some(Value::String(t)) => vec![t.clone()],
        Some(Value::Array(ts)) => ts.iter().filter_map(|t| t.as_str().map(String::from)).collect(),
        _ => vec![],
    }
}

/// OpenAI Structured Outputs / strict function calling ("Supported schemas").
pub fn openai_strict(schema: &Value) -> Vec<String> {
    const ALLOWED: &[&str] = &[
        "type",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "anyOf",
        "enum",
        "const",
        "description",
        "title",
        "$ref",
        "$defs",
        "definitions",
        "pattern",
        "format",
        "multipleOf",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "minItems",
        "maxItems",
    ];
    const FORMATS: &[&str] =
        &["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"];
    const JSON_TYPES: &[&str] = &["string", "number", "integer", "boolean", "object", "array", "null"];
    let mut errors = Vec::new();
    let Value::Object(root) = schema else { return vec!["root is not an object".into()] };
    if root.get("type") != Some(&Value::String("object".into())) {
        errors.push("root type is not \"object\"".into());
    }
    if root.contains_key("anyOf") {
        errors.push("root is an anyOf".into());
    }
    let (mut props, mut enums) = (0usize, 0usize);
    each_node(schema, "#", &mut |node, at| {
        for k in node.keys() {
            if !ALLOWED.contains(&k.as_str()) {
                errors.push(format!("{at}: keyword {k} not supported"));
            }
        }
        if !["type", "anyOf", "$ref", "enum", "const"].iter().any(|k| node.contains_key(*k)) {
            errors.push(format!("{at}: no type"));
        }
        for t in types(node) {
            if !JSON_TYPES.contains(&t.as_str()) {
                errors.push(format!("{at}: unknown type {t}"));
            }
        }
        if let Some(f) = node.get("format") {
            if !f.as_str().is_some_and(|f| FORMATS.contains(&f)) {
                errors.push(format!("{at}: format {f} not supported"));
            }
        }
        if let Some(Value::Array(e)) = node.get("enum") {
            enums += e.len();
        }
        if let Some(r) = node.get("$ref").and_then(Value::as_str) {
            let ok = r == "#" || r.strip_prefix('#').is_some_and(|p| schema.pointer(p).is_some());
            if !ok {
                errors.push(format!("{at}: $ref {r} does not resolve"));
            }
        }
        if node.get("items").is_some_and(Value::is_array) {
            errors.push(format!("{at}: tuple items"));
        }
        if types(node).iter().any(|t| t == "object") || node.contains_key("properties") {
            if node.get("additionalProperties") != Some(&Value::Bool(false)) {
                errors.push(format!("{at}: additionalProperties is not false"));
            }
            let names: Vec<&String> =
                node.get("properties").and_then(Value::as_object).map_or(vec![], |p| p.keys().collect());
            props += names.len();
            let required: Vec<&str> = node
                .get("required")
                .and_then(Value::as_array)
                .map_or(vec![], |r| r.iter().filter_map(Value::as_str).collect());
            for n in &names {
                if !required.contains(&n.as_str()) {
                    errors.push(format!("{at}: property {n} not required"));
                }
            }
            for r in &required {
                if !names.iter().any(|n| n == r) {
                    errors.push(format!("{at}: required {r} is not a property"));
                }
            }
        }
    });
    if props > 5000 {
        errors.push("more than 5000 properties".into());
    }
    if enums > 1000 {
        errors.push("more than 1000 enum values".into());
    }
    if object_depth(schema) > 10 {
        errors.push("more than 10 levels of nesting".into());
    }
    errors
}

fn object_depth(schema: &Value) -> usize {
    let Value::Object(node) = schema else { return 0 };
    let own = usize::from(types(node).iter().any(|t| t == "object") || node.contains_key("properties"));
    let mut deepest = 0;
    if let Some(Value::Object(p)) = node.get("properties") {
        deepest = p.values().map(object_depth).max().unwrap_or(0);
    }
    if let Some(items) = node.get("items") {
        deepest = deepest.max(object_depth(items));
    }
    if let Some(Value::Array(list)) = node.get("anyOf") {
        deepest = deepest.max(list.iter().map(object_depth).max().unwrap_or(0));
    }
    own + deepest
}

/// Gemini's `Schema` (`FunctionDeclaration.parameters`): the OpenAPI 3.0 subset of the API
/// reference, with its int64 fields as strings, as `@google/genai` types them.
pub fn gemini_openapi(schema: &Value) -> Vec<String> {
    const KEYS: &[&str] = &[
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
    const INT64: &[&str] =
        &["minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"];
    let mut errors = Vec::new();
    each_node(schema, "#", &mut |node, at| {
        for k in node.keys() {
            if !KEYS.contains(&k.as_str()) {
                errors.push(format!("{at}: key {k} is not in Schema"));
            }
        }
        let t = node.get("type").and_then(Value::as_str);
        match t {
            Some("STRING" | "NUMBER" | "INTEGER" | "BOOLEAN" | "ARRAY" | "OBJECT") => {}
            None if node.get("anyOf").and_then(Value::as_array).is_some_and(|a| !a.is_empty()) => {}
            other => errors.push(format!("{at}: type {other:?}")),
        }
        if let Some(n) = node.get("nullable") {
            if !n.is_boolean() {
                errors.push(format!("{at}: nullable is not a boolean"));
            }
        }
        if let Some(e) = node.get("enum") {
            if t != Some("STRING") || !e.as_array().is_some_and(|a| a.iter().all(Value::is_string)) {
                errors.push(format!("{at}: enum must be strings on a STRING"));
            }
        }
        if node.contains_key("properties") && t != Some("OBJECT") {
            errors.push(format!("{at}: properties on a non-OBJECT"));
        }
        if let Some(r) = node.get("required") {
            let props = node.get("properties").and_then(Value::as_object);
            let ok = r.as_array().is_some_and(|names| {
                names.iter().all(|n| n.as_str().is_some_and(|n| props.is_some_and(|p| p.contains_key(n))))
            });
            if !ok || t != Some("OBJECT") {
                errors.push(format!("{at}: required names a missing property"));
            }
        }
        if t == Some("ARRAY") && !node.get("items").is_some_and(Value::is_object) {
            errors.push(format!("{at}: ARRAY without items"));
        }
        if node.contains_key("items") && t != Some("ARRAY") {
            errors.push(format!("{at}: items on a non-ARRAY"));
        }
        for k in INT64 {
            if let Some(v) = node.get(*k) {
                if !v.as_str().is_some_and(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())) {
                    errors.push(format!("{at}: {k} is not an int64 string"));
                }
            }
        }
        for k in ["minimum", "maximum"] {
            if node.get(k).is_some_and(|v| !v.is_number()) {
                errors.push(format!("{at}: {k} is not a number"));
            }
        }
        if let Some(f) = node.get("format").and_then(Value::as_str) {
            let ok = matches!(
                (t, f),
                (Some("STRING"), "enum" | "date-time")
                    | (Some("NUMBER"), "float" | "double")
                    | (Some("INTEGER"), "int32" | "int64")
            );
            if !ok {
                errors.push(format!("{at}: format {f} on {t:?}"));
            }
        }
    });
    errors
}

/// Gemini's `parametersJsonSchema`: JSON Schema without `$schema` and without `const`.
pub fn gemini_json_schema(schema: &Value) -> Vec<String> {
    let mut errors = Vec::new();
    each_node(schema, "#", &mut |node, at| {
        for k in ["$schema", "const"] {
            if node.contains_key(k) {
                errors.push(format!("{at}: {k}"));
            }
        }
    });
    errors
}

/// Anthropic's `input_schema`: a JSON Schema object of `type: "object"`.
pub fn anthropic(schema: &Value) -> Vec<String> {
    match schema.get("type") {
        Some(Value::String(t)) if t == "object" => vec![],
        _ => vec!["input_schema.type is not \"object\"".into()],
    }
}

/// Every property path: `a`, `a.b`, `a[]`, through properties, items, anyOf/oneOf/allOf and
/// local `$ref`s (a reference met again inside itself ends the walk).
pub fn paths(root: &Value) -> std::collections::BTreeSet<String> {
    fn go(
        root: &Value,
        s: &Value,
        at: String,
        refs: &mut Vec<String>,
        out: &mut std::collections::BTreeSet<String>,
    ) {
        let Value::Object(node) = s else { return };
        if let Some(r) = node.get("$ref").and_then(Value::as_str) {
            if !refs.iter().any(|x| x == r) {
                if let Some(t) = r.strip_prefix('#').and_then(|p| root.pointer(p)) {
                    refs.push(r.to_string());
                    go(root, t, at.clone(), refs, out);
                    refs.pop();
                }
            }
        }
        if let Some(Value::Object(p)) = node.get("properties") {
            for (k, v) in p {
                let here = if at.is_empty() { k.clone() } else { format!("{at}.{k}") };
                out.insert(here.clone());
                go(root, v, here, refs, out);
            }
        }
        match node.get("items") {
            Some(Value::Array(l)) => l.iter().for_each(|v| go(root, v, format!("{at}[]"), refs, out)),
            Some(v) => go(root, v, format!("{at}[]"), refs, out),
            None => {}
        }
        for k in ["anyOf", "oneOf", "allOf"] {
            if let Some(Value::Array(l)) = node.get(k) {
                l.iter().for_each(|v| go(root, v, at.clone(), refs, out));
            }
        }
    }
    let mut out = Default::default();
    go(root, root, String::new(), &mut vec![], &mut out);
    out
}

/// The root's `$defs`/`definitions` entries that no `$ref` reachable from the root points
/// into (a reference inside a used entry counts; one inside an unused entry does not).
pub fn unused_definitions(root: &Value) -> Vec<String> {
    fn refs<'a>(root: &'a Value, s: &'a Value, seen: &mut Vec<&'a str>) {
        match s {
            Value::Object(node) => {
                for (k, v) in node {
                    match (k.as_str(), v) {
                        ("$ref", Value::String(r)) => {
                            if !seen.contains(&r.as_str()) {
                                seen.push(r);
                                if let Some(t) = r.strip_prefix('#').and_then(|p| root.pointer(p)) {
                                    refs(root, t, seen);
                                }
                            }
                        }
                        ("$defs" | "definitions" | "enum" | "const" | "default" | "examples", _) => {}
                        ("properties" | "patternProperties", Value::Object(m)) => {
                            m.values().for_each(|v| refs(root, v, seen))
                        }
                        _ => refs(root, v, seen),
                    }
                }
            }
            Value::Array(list) => list.iter().for_each(|v| refs(root, v, seen)),
            _ => {}
        }
    }
    let mut seen = Vec::new();
    refs(root, root, &mut seen);
    let mut unused = Vec::new();
    for block in ["$defs", "definitions"] {
        if let Some(Value::Object(defs)) = root.get(block) {
            for name in defs.keys() {
                let at = format!("#/{block}/{}", name.replace('~', "~0").replace('/', "~1"));
                let decoded = |r: &str| {
                    let mut out = Vec::new();
                    let b = r.as_bytes();
                    let mut i = 0;
                    while i < b.len() {
                        match (b[i], r.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(h, 16).ok())) {
                            (b'%', Some(byte)) => {
                                out.push(byte);
                                i += 3;
                            }
                            (c, _) => {
                                out.push(c);
                                i += 1;
                            }
                        }
                    }
                    String::from_utf8_lossy(&out).into_owned()
                };
                if !seen.iter().map(|r| decoded(r)).any(|r| r == at || r.starts_with(&format!("{at}/"))) {
                    unused.push(at);
                }
            }
        }
    }
    unused
}
