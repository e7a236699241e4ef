//! Unused definitions: dropped by every rewriting dialect, wherever they are; used ones kept;
//! strict mode judged on what the tool takes.

use super::{check_all, corpus};
use serde_json::{json, Value};
use toolnexus::schema::{gemini, openai};

/// A block of shared definitions, as some servers send with every tool: none of the corpus's
/// schemas points into it, and one holds an open map.
fn shared_block() -> Value {
    json!({
        "Meta": { "type": "object", "additionalProperties": true, "description": "An open map" },
        "Page": { "type": "object", "properties": { "cursor": { "type": "string" }, "meta": { "$ref": "#/$defs/Meta" } } },
        "Self": { "type": "array", "items": { "$ref": "#/$defs/Self" } }
    })
}

#[test]
fn unused_definitions_cost_nothing() {
    // Every corpus schema with the shared block added sends what it sends without it, in every
    // rewriting dialect, strict mode's verdict included (the block's open map is not the tool's).
    for tool in corpus() {
        let name = tool["name"].as_str().unwrap_or("?");
        let plain = &tool["inputSchema"];
        let mut padded = plain.clone();
        padded["$defs"] = shared_block();
        padded["definitions"] = json!({ "Unused": { "type": "integer" } });
        check_all(name, &padded);
        let (a, b) = (openai::strict(plain), openai::strict(&padded));
        assert_eq!(a.strict, b.strict, "{name}");
        if a.strict {
            assert_eq!(a.schema, b.schema, "{name}: OpenAI strict");
            assert!(b.changes.notes().iter().any(|n| n == "4 unused definitions removed"), "{name}");
        } else {
            assert_eq!(b.schema, padded, "{name}: the fallback is sent as given");
        }
        assert_eq!(
            gemini::json_schema(plain).0,
            gemini::json_schema(&padded).0,
            "{name}: Gemini JSON Schema"
        );
        assert_eq!(gemini::openapi(plain).0, gemini::openapi(&padded).0, "{name}: Gemini openapi");
    }
}

#[test]
fn used_definitions_are_kept() {
    let schema = json!({
        "type": "object",
        "properties": {
            "direct": { "$ref": "#/$defs/Direct" },
            "list": { "type": "array", "items": { "$ref": "#/definitions/Item" } },
            "deep": { "$ref": "#/$defs/Holder/properties/inner" }
        },
        "required": ["direct", "list", "deep"],
        "$defs": {
            "Direct": { "type": "object", "properties": { "next": { "$ref": "#/$defs/Transitive" } }, "required": ["next"] },
            "Transitive": { "type": "object", "properties": { "again": { "$ref": "#/$defs/Transitive" } }, "required": ["again"] },
            "Holder": { "type": "object", "properties": { "inner": { "type": "string" } }, "required": ["inner"] },
            "Unused": { "type": "object", "properties": { "x": { "$ref": "#/$defs/OnlyFromUnused" } } },
            "OnlyFromUnused": { "type": "object", "additionalProperties": { "type": "string" } }
        },
        "definitions": {
            "Item": { "enum": ["a", "b"] },
            "Spare": { "type": "boolean" }
        }
    });
    check_all("used and unused", &schema);
    let s = openai::strict(&schema);
    assert!(s.strict, "{:?}", s.reason);
    let kept: Vec<&String> = s.schema["$defs"].as_object().expect("$defs").keys().collect();
    assert_eq!(kept, ["Direct", "Transitive", "Holder"]);
    let kept: Vec<&String> = s.schema["definitions"].as_object().expect("definitions").keys().collect();
    assert_eq!(kept, ["Item"]);
    assert_eq!(s.changes.notes()[0], "3 unused definitions removed");
    let (j, changes) = gemini::json_schema(&schema);
    let mut used = schema["$defs"].clone();
    for gone in ["Unused", "OnlyFromUnused"] {
        used.as_object_mut().expect("$defs").shift_remove(gone);
    }
    assert_eq!(j["$defs"], used);
    assert_eq!(j["definitions"], json!({ "Item": { "enum": ["a", "b"] } }));
    assert_eq!(changes.notes(), ["3 unused definitions removed"]);

    // An open map in a used definition still turns strict mode off; the schema goes as given.
    let open = json!({
        "type": "object",
        "properties": { "m": { "$ref": "#/$defs/OnlyFromUnused" } },
        "$defs": schema["$defs"].clone()
    });
    let s = openai::strict(&open);
    assert!(!s.strict);
    assert_eq!(s.schema, open);
    assert!(s.reason.as_deref().is_some_and(|r| r.contains("$defs/OnlyFromUnused")), "{:?}", s.reason);
}

#[test]
fn definitions_stay_when_references_cannot_be_followed() {
    for reference in ["#Anchor", "other.json#/$defs/A", "https://example.com/s.json"] {
        let schema = json!({
            "type": "object",
            "properties": { "a": { "$ref": reference } },
            "$defs": { "A": { "$anchor": "Anchor", "type": "string" }, "B": { "type": "integer" } }
        });
        let (j, _) = gemini::json_schema(&schema);
        assert_eq!(j["$defs"], schema["$defs"], "{reference}");
    }
    let dynamic = json!({
        "type": "object",
        "properties": { "a": { "$dynamicRef": "#node" } },
        "$defs": { "A": { "$dynamicAnchor": "node", "type": "string" } }
    });
    assert_eq!(gemini::json_schema(&dynamic).0["$defs"], dynamic["$defs"]);
    // A definition block inside a property is pruned by the same rule; values are left alone.
    let nested = json!({
        "type": "object",
        "properties": {
            "p": {
                "type": "object",
                "properties": { "x": { "$ref": "#/properties/p/$defs/X" } },
                "$defs": { "X": { "type": "boolean" }, "Y": { "type": "null" } },
                "default": { "$defs": { "kept": "as data" } }
            }
        }
    });
    let (j, changes) = gemini::json_schema(&nested);
    assert_eq!(j["properties"]["p"]["$defs"], json!({ "X": { "type": "boolean" } }));
    assert_eq!(j["properties"]["p"]["default"], nested["properties"]["p"]["default"]);
    assert_eq!(changes.notes(), ["1 unused definition removed"]);
}
