//! The rewriting dialects' output, byte for byte, held to a record of it
//! (tests/fixtures/dialects-out.txt): one line per target and schema, with a 64-bit FNV-1a hash
//! of the strict verdict, the notes and the schema's JSON text. The schemas are the corpus and
//! the hand-written cases below, whose definitions are all in use (so that pruning unused ones
//! leaves them as they are). A rewrite made faster must give the same bytes.
//!
//! `TOOLNEXUS_GOLDEN=write cargo test --test schema golden` writes the record anew; a mismatch
//! writes the outputs it got to target/dialects-mismatch.txt, to compare by eye.

use super::{check_all, corpus, recursive};
use serde_json::{json, Value};
use toolnexus::schema::out::tools_out;
use toolnexus::schema::Target;

/// The targets that rewrite: OpenAI strict, Gemini `parametersJsonSchema`, Gemini `openapi`.
const CODES: [u32; 3] = [1, 6, 7];

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Hand-written schemas with `$ref`s, every definition used.
fn cases() -> Vec<(&'static str, Value)> {
    vec![
        ("tree", recursive()),
        (
            "definitions chain",
            json!({
                "$schema": "http://json-schema.org/draft-07/schema#",
                "type": "object",
                "properties": {
                    "owner": { "$ref": "#/definitions/User" },
                    "members": { "type": "array", "items": { "$ref": "#/definitions/User" }, "maxItems": 5 }
                },
                "required": ["owner"],
                "definitions": {
                    "User": {
                        "type": "object",
                        "properties": { "id": { "type": "integer" }, "address": { "$ref": "#/definitions/Address" } },
                        "required": ["id"]
                    },
                    "Address": {
                        "type": "object",
                        "properties": {
                            "street": { "type": "string", "format": "uri" },
                            "zip": { "type": ["string", "null"], "pattern": "^[0-9]{5}$" }
                        },
                        "additionalProperties": false
                    }
                }
            }),
        ),
        (
            "mutual recursion",
            json!({
                "type": "object",
                "properties": { "a": { "$ref": "#/$defs/A" } },
                "$defs": {
                    "A": { "type": "object", "properties": { "b": { "$ref": "#/$defs/B" }, "n": { "const": 1 } } },
                    "B": { "type": "object", "properties": { "a": { "$ref": "#/$defs/A" }, "s": { "enum": ["x", null] } } }
                }
            }),
        ),
        (
            "root recursion",
            json!({
                "type": "object",
                "properties": { "name": { "type": "string" }, "next": { "$ref": "#" } }
            }),
        ),
        (
            "allOf and oneOf over refs",
            json!({
                "type": "object",
                "properties": {
                    "shape": { "oneOf": [{ "$ref": "#/$defs/Circle" }, { "$ref": "#/$defs/Square" }] },
                    "named": { "allOf": [{ "$ref": "#/$defs/Named" }, { "properties": { "age": { "type": "integer" } } }] },
                    "anything": { "description": "no type at all" }
                },
                "required": ["shape"],
                "$defs": {
                    "Circle": { "type": "object", "properties": { "r": { "type": "number", "minimum": 0 } }, "required": ["r"] },
                    "Square": { "type": "object", "properties": { "side": { "type": "number", "exclusiveMinimum": 0 } } },
                    "Named": { "type": "object", "properties": { "name": { "type": "string" } }, "required": ["name"] }
                }
            }),
        ),
        (
            "refs with siblings, unresolved and encoded",
            json!({
                "type": "object",
                "properties": {
                    "a": { "$ref": "#/$defs/with%20space", "description": "overrides" },
                    "b": { "$ref": "#/$defs/missing" },
                    "c": { "$ref": "#/properties/a" },
                    "d": { "$ref": "#/$defs/a~1b" },
                    "e": { "$ref": "https://example.com/schema.json" }
                },
                "$defs": {
                    "with space": { "type": "string", "description": "a string", "examples": ["x"] },
                    "a/b": { "type": ["integer", "string"], "maximum": 9 }
                }
            }),
        ),
        (
            "open map in a used definition",
            json!({
                "type": "object",
                "properties": { "headers": { "$ref": "#/$defs/Headers" } },
                "$defs": { "Headers": { "type": "object", "additionalProperties": { "type": "string" } } }
            }),
        ),
        (
            "nested definitions",
            json!({
                "type": "object",
                "properties": {
                    "inner": {
                        "type": "object",
                        "properties": { "x": { "$ref": "#/properties/inner/$defs/X" } },
                        "$defs": { "X": { "type": "boolean" } }
                    }
                }
            }),
        ),
    ]
}

/// One line of the record, and the text it hashes: the strict verdict, the notes and the
/// schema of the one tool's envelope that the core builds for both packages.
fn record(code: u32, name: &str, schema: &Value) -> (String, String) {
    let t = Target::from_code(code).expect("a target");
    let out = tools_out(t, &json!([{ "name": "tool", "inputSchema": schema }]), true).expect("an answer");
    let entry = match code {
        0..=2 => &out["tools"][0]["function"],
        6 | 7 => &out["tools"][0]["functionDeclarations"][0],
        _ => &out["tools"][0],
    };
    let written = ["parameters", "parametersJsonSchema", "input_schema", "inputSchema"]
        .iter()
        .find_map(|k| entry.get(*k))
        .expect("a schema");
    let strict = match code {
        1..=4 => json!([entry["strict"]]),
        _ => Value::Null,
    };
    let text = format!(
        "{}\t{}\t{}",
        serde_json::to_string(&strict).expect("JSON"),
        serde_json::to_string(&json!([out["notes"][0]])).expect("JSON"),
        serde_json::to_string(written).expect("JSON")
    );
    (format!("{code}\t{name}\t{:016x}", fnv1a(text.as_bytes())), format!("{code}\t{name}\t{text}"))
}

fn check(corpus: &[Value]) {
    let mut schemas: Vec<(String, Value)> = corpus
        .iter()
        .enumerate()
        .map(|(i, t)| (format!("{i}:{}", t["name"].as_str().unwrap_or("?")), t["inputSchema"].clone()))
        .collect();
    schemas.extend(cases().into_iter().map(|(n, s)| (n.to_string(), s)));
    let mut lines = Vec::new();
    let mut texts = Vec::new();
    for code in CODES {
        for (name, schema) in &schemas {
            let (line, text) = record(code, name, schema);
            lines.push(line);
            texts.push(text);
        }
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/dialects-out.txt");
    if std::env::var("TOOLNEXUS_GOLDEN").as_deref() == Ok("write") {
        std::fs::write(path, lines.join("\n") + "\n").expect("the record written");
        return;
    }
    let want = std::fs::read_to_string(path).expect("the record");
    let want: Vec<&str> = want.lines().collect();
    assert_eq!(want.len(), lines.len(), "the record has one line per target and schema");
    let wrong: Vec<usize> = (0..lines.len()).filter(|&i| lines[i] != want[i]).collect();
    if !wrong.is_empty() {
        let dump: Vec<&str> = wrong.iter().map(|&i| texts[i].as_str()).collect();
        let out = concat!(env!("CARGO_MANIFEST_DIR"), "/target/dialects-mismatch.txt");
        let _ = std::fs::write(out, dump.join("\n") + "\n");
        let shown: Vec<&str> = wrong.iter().take(10).map(|&i| lines[i].as_str()).collect();
        panic!("{} outputs differ from the record (written to {out}): {shown:#?}", wrong.len());
    }
}

#[test]
fn golden_output_is_unchanged() {
    check(&corpus());
}

#[test]
fn golden_cases_meet_every_dialect() {
    for (name, schema) in cases() {
        check_all(name, &schema);
    }
}
