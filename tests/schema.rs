//! The schema dialects over the corpus of real MCP tools (tests/fixtures/mcp-tools.json) and
//! over hand-written cases for what the corpus lacks, each output held to the provider's rules
//! as written in `schema/rules.rs`, independently of the rewriters. Host only: the corpus is
//! read from disk.
#![cfg(not(target_arch = "wasm32"))]

#[path = "schema/definitions.rs"]
mod definitions;
#[path = "schema/golden.rs"]
mod golden;
#[path = "schema/rules.rs"]
mod rules;

use serde_json::{json, Value};
use toolnexus::schema::{gemini, openai, remove_optional_nulls, tools_out, Target};

fn corpus() -> Vec<Value> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mcp-tools.json"))
        .expect("the corpus fixture");
    match serde_json::from_str(&text).expect("the corpus is JSON") {
        Value::Array(tools) => tools,
        _ => panic!("the corpus is a list"),
    }
}

/// Every dialect's output for one schema, held to its rules; paths kept; input untouched.
fn check_all(name: &str, schema: &Value) {
    let before = schema.clone();
    let paths = rules::paths(schema);

    let s = openai::strict(schema);
    if s.strict {
        assert_eq!(rules::unused_definitions(&s.schema), Vec::<String>::new(), "{name}: OpenAI strict");
        let errors = rules::openai_strict(&s.schema);
        assert!(errors.is_empty(), "{name}: OpenAI strict: {errors:?}\n{}", s.schema);
        assert!(s.reason.is_none());
    } else {
        assert_eq!(&s.schema, schema, "{name}: the strict fallback keeps the schema");
        assert!(s.reason.is_some(), "{name}: the fallback says why");
    }
    assert_eq!(rules::paths(&s.schema), paths, "{name}: OpenAI strict paths");

    let (g, _) = gemini::openapi(schema);
    let errors = rules::gemini_openapi(&g);
    assert!(errors.is_empty(), "{name}: Gemini openapi: {errors:?}\n{g}");
    assert_eq!(rules::paths(&g), paths, "{name}: Gemini openapi paths");

    let (j, _) = gemini::json_schema(schema);
    assert_eq!(rules::unused_definitions(&j), Vec::<String>::new(), "{name}: Gemini JSON Schema");
    let errors = rules::gemini_json_schema(&j);
    assert!(errors.is_empty(), "{name}: Gemini JSON Schema: {errors:?}");
    assert_eq!(rules::paths(&j), paths, "{name}: Gemini JSON Schema paths");

    assert_eq!(schema, &before, "{name}: input unchanged");
}

#[test]
fn every_corpus_tool_meets_every_dialect() {
    let tools = corpus();
    assert_eq!(tools.len(), 151);
    let mut strict = 0;
    for tool in &tools {
        let name = tool["name"].as_str().unwrap_or("?");
        check_all(name, &tool["inputSchema"]);
        assert!(rules::anthropic(&tool["inputSchema"]).is_empty(), "{name}: Anthropic");
        strict += usize::from(openai::strict(&tool["inputSchema"]).strict);
    }
    // Two corpus tools take open maps (browser_drop's data, puppeteer_navigate's launchOptions).
    assert_eq!(strict, tools.len() - 2);
}

#[test]
fn the_whole_corpus_through_every_target() {
    let mut list = corpus();
    // Two servers both have a create_branch: as given, the list is refused.
    let e = tools_out(Target::from_code(8).expect("a target"), &Value::Array(list.clone()), false);
    assert!(e.is_err_and(|e| e.contains("\"create_branch\"")));
    for (i, tool) in list.iter_mut().enumerate() {
        if tool["name"] == "create_branch" && tool["server"].as_str().is_some_and(|s| s.contains("supabase"))
        {
            tool["name"] = json!(format!("create_branch_{i}"));
        }
    }
    let tools = Value::Array(list);
    for target in [0, 1, 2, 3, 4, 5, 8] {
        let t = Target::from_code(target).expect("a target");
        let Ok(Value::Array(out)) = tools_out(t, &tools, false) else { panic!("{target}") };
        assert_eq!(out.len(), 151, "{target}");
    }
    for (target, key) in [(6, "parametersJsonSchema"), (7, "parameters")] {
        let out = tools_out(Target::from_code(target).expect("a target"), &tools, false).expect("a list");
        let decls = out[0]["functionDeclarations"].as_array().expect("declarations");
        assert_eq!(decls.len(), 151);
        assert!(decls.iter().all(|d| d[key].is_object()), "{target}");
    }
    let out = tools_out(Target::from_code(5).expect("a target"), &tools, false).expect("a list");
    for (a, b) in out.as_array().into_iter().flatten().zip(tools.as_array().into_iter().flatten()) {
        assert_eq!(a["input_schema"], b["inputSchema"]);
        assert_eq!(a["description"], b["description"]);
    }
}

fn recursive() -> Value {
    json!({
        "type": "object",
        "properties": {
            "tree": { "$ref": "#/$defs/node", "description": "The root" },
            "label": { "type": "string", "minLength": 3 }
        },
        "required": ["label"],
        "$defs": {
            "node": {
                "type": "object",
                "properties": {
                    "value": { "type": "string" },
                    "children": { "type": "array", "items": { "$ref": "#/$defs/node" } }
                },
                "required": ["value"]
            }
        }
    })
}

#[test]
fn recursive_defs() {
    let schema = recursive();
    check_all("recursive", &schema);
    let s = openai::strict(&schema);
    assert!(s.strict);
    assert_eq!(s.schema["properties"]["tree"]["anyOf"][1], json!({ "type": "null" }));
    assert_eq!(s.schema["properties"]["tree"]["description"], "The root");
    assert_eq!(s.schema["properties"]["label"], json!({ "type": "string", "description": "minLength: 3" }));
    assert_eq!(s.schema["$defs"]["node"]["properties"]["children"]["type"], json!(["array", "null"]));
    assert_eq!(s.changes.notes()[0], "2 optional properties made nullable");

    let (g, changes) = gemini::openapi(&schema);
    let tree = &g["properties"]["tree"];
    assert_eq!(tree["type"], "OBJECT");
    assert_eq!(tree["description"], "The root");
    let cut = &tree["properties"]["children"]["items"];
    assert_eq!(cut["type"], "OBJECT");
    assert!(cut.get("properties").is_none());
    assert!(cut["description"].as_str().is_some_and(|d| d.contains("Recursive")));
    assert!(changes.notes().iter().any(|n| n == "1 recursive $ref cut"), "{:?}", changes.notes());
    assert_eq!(g["properties"]["label"]["minLength"], "3");
}

#[test]
fn root_recursion_and_definitions() {
    let schema = json!({
        "type": "object",
        "properties": { "name": { "type": "string" }, "next": { "$ref": "#" } },
        "definitions": { "unused": { "type": "integer" } }
    });
    check_all("root recursion", &schema);
    let (g, _) = gemini::openapi(&schema);
    assert_eq!(g["properties"]["next"]["type"], "OBJECT");
    assert!(g.get("definitions").is_none());
}

#[test]
fn one_of_becomes_any_of() {
    let schema = json!({
        "type": "object",
        "properties": {
            "target": { "oneOf": [
                { "type": "string" },
                { "type": "object", "properties": { "id": { "type": "integer" } }, "required": ["id"] }
            ] }
        },
        "required": ["target"]
    });
    check_all("oneOf", &schema);
    let s = openai::strict(&schema);
    assert!(s.schema["properties"]["target"].get("oneOf").is_none());
    assert_eq!(s.schema["properties"]["target"]["anyOf"][1]["additionalProperties"], false);
    let (g, _) = gemini::openapi(&schema);
    assert_eq!(g["properties"]["target"]["anyOf"][0]["type"], "STRING");
}

#[test]
fn const_becomes_enum() {
    let schema = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": { "kind": { "const": "circle" }, "version": { "const": 2 } },
        "required": ["kind"]
    });
    check_all("const", &schema);
    let (g, _) = gemini::openapi(&schema);
    assert_eq!(g["properties"]["kind"], json!({ "enum": ["circle"], "type": "STRING" }));
    assert_eq!(g["properties"]["version"]["type"], "INTEGER");
    let (j, _) = gemini::json_schema(&schema);
    assert_eq!(j["properties"]["kind"], json!({ "enum": ["circle"] }));
    assert!(j.get("$schema").is_none());
    let s = openai::strict(&schema);
    assert_eq!(s.schema["properties"]["version"]["anyOf"], json!([{ "const": 2 }, { "type": "null" }]));
}

#[test]
fn nullable_object_type_array() {
    let schema = json!({
        "type": "object",
        "properties": {
            "filter": { "type": ["object", "null"], "properties": { "q": { "type": "string" } } },
            "mode": { "type": ["boolean", "string"] }
        },
        "required": ["filter", "mode"]
    });
    check_all("type array", &schema);
    let (g, _) = gemini::openapi(&schema);
    assert_eq!(g["properties"]["filter"]["type"], "OBJECT");
    assert_eq!(g["properties"]["filter"]["nullable"], true);
    assert_eq!(g["properties"]["mode"]["anyOf"], json!([{ "type": "BOOLEAN" }, { "type": "STRING" }]));
    let s = openai::strict(&schema);
    assert!(s.strict);
    assert_eq!(s.schema["properties"]["filter"]["properties"]["q"]["type"], json!(["string", "null"]));
}

#[test]
fn nested_open_map_falls_back() {
    let schema = json!({
        "type": "object",
        "properties": {
            "request": {
                "type": "object",
                "properties": { "headers": { "type": "object", "additionalProperties": true } }
            }
        }
    });
    check_all("open map", &schema);
    let s = openai::strict(&schema);
    assert!(!s.strict);
    assert_eq!(s.schema, schema);
    assert!(s.reason.as_deref().is_some_and(|r| r.contains("request.headers")), "{:?}", s.reason);
    let (g, _) = gemini::openapi(&schema);
    let headers = &g["properties"]["request"]["properties"]["headers"];
    assert_eq!(headers["type"], "OBJECT");
    assert_eq!(headers["description"], "additionalProperties: true");
}

#[test]
fn limits_fall_back() {
    let mut deep = json!({ "type": "string" });
    for _ in 0..11 {
        deep = json!({ "type": "object", "properties": { "x": deep }, "required": ["x"] });
    }
    assert!(!openai::strict(&deep).strict);
    check_all("deep", &deep);
    let mut ten = json!({ "type": "string" });
    for _ in 0..10 {
        ten = json!({ "type": "object", "properties": { "x": ten }, "required": ["x"] });
    }
    assert!(openai::strict(&ten).strict);

    let values: Vec<Value> = (0..1001).map(|i| json!(format!("v{i}"))).collect();
    let many = json!({ "type": "object", "properties": { "e": { "type": "string", "enum": values } } });
    assert!(!openai::strict(&many).strict);
    check_all("enum", &many);

    let props: serde_json::Map<String, Value> =
        (0..5001).map(|i| (format!("p{i}"), json!({ "type": "integer" }))).collect();
    let wide = json!({ "type": "object", "properties": props });
    assert!(!openai::strict(&wide).strict);
    assert!(Target::from_code(9).is_none());
}

#[test]
fn refused_keywords_and_formats_go_to_description() {
    let schema = json!({
        "type": "object",
        "properties": {
            "url": { "type": "string", "format": "uri", "description": "Where" },
            "when": { "type": "string", "format": "date-time" },
            "tags": { "type": "array", "items": { "type": "string" }, "uniqueItems": true, "minItems": 1 },
            "both": { "allOf": [{ "type": "string" }, { "minLength": 2 }] },
            "count": { "type": "integer", "enum": [1, 2, 3], "default": 1 }
        },
        "required": ["url", "when", "tags", "both", "count"]
    });
    check_all("keywords", &schema);
    let s = openai::strict(&schema);
    assert!(s.strict);
    assert_eq!(s.schema["properties"]["url"]["description"], "Where\nformat: uri");
    assert_eq!(s.schema["properties"]["when"]["format"], "date-time");
    assert_eq!(s.schema["properties"]["tags"]["description"], "uniqueItems: true");
    let (g, _) = gemini::openapi(&schema);
    assert_eq!(g["properties"]["count"]["type"], "INTEGER");
    assert_eq!(g["properties"]["count"]["description"], "enum: [1,2,3]");
    assert_eq!(g["properties"]["url"]["description"], "Where\nformat: uri");
}

#[test]
fn names_and_duplicates() {
    let tools = |names: &[&str]| {
        Value::Array(
            names.iter().map(|n| json!({ "name": n, "inputSchema": { "type": "object" } })).collect(),
        )
    };
    let long = "a".repeat(65);
    for target in [0, 4, 5] {
        let t = Target::from_code(target).expect("a target");
        assert!(tools_out(t, &tools(&["ok_name-1"]), false).is_ok());
        let e = tools_out(t, &tools(&[&long]), false).expect_err("too long");
        assert!(e.contains(&long) && e.contains("^[a-zA-Z0-9_-]{1,64}$"), "{e}");
        assert!(tools_out(t, &tools(&["a.b"]), false).is_err());
    }
    let gemini = Target::from_code(6).expect("a target");
    assert!(tools_out(gemini, &tools(&["a.b:c"]), false).is_ok());
    let e = tools_out(gemini, &tools(&["1abc"]), false).expect_err("starts with a digit");
    assert!(e.starts_with("toGemini: tool \"1abc\"") && e.contains("Gemini"), "{e}");
    assert!(tools_out(gemini, &tools(&[&"a".repeat(129)]), false).is_err());
    let mcp = Target::from_code(8).expect("a target");
    assert!(tools_out(mcp, &tools(&["any name at all"]), false).is_ok());
    assert!(tools_out(mcp, &tools(&[""]), false).is_err());
    let e = tools_out(mcp, &tools(&["x", "y", "x"]), false).expect_err("duplicate");
    assert!(e.contains("\"x\"") && e.contains("MCP") && e.contains("unique"), "{e}");
}

#[test]
fn explain_lists_changes() {
    let tools = json!([{ "name": "t", "inputSchema": recursive() }]);
    let out = tools_out(Target::from_code(1).expect("a target"), &tools, true).expect("ok");
    assert_eq!(out["tools"][0]["function"]["strict"], true);
    let notes: Vec<&str> =
        out["notes"][0].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    assert!(notes.contains(&"2 optional properties made nullable"), "{notes:?}");
}

#[test]
fn optional_nulls_are_removed() {
    let schema = json!({
        "type": "object",
        "properties": {
            "a": { "type": "string" },
            "b": { "type": ["string", "null"] },
            "c": { "type": "string" },
            "o": { "$ref": "#/$defs/O" },
            "list": { "type": "array", "items": { "$ref": "#/$defs/O" } },
            "any": {}
        },
        "required": ["c"],
        "$defs": {
            "O": { "type": "object", "properties": { "x": { "type": "integer" }, "y": { "$ref": "#/$defs/O" } } }
        }
    });
    let before = schema.clone();
    let mut args = json!({
        "a": null, "b": null, "c": null, "any": null, "extra": null,
        "o": { "x": null, "y": { "x": null, "y": null } },
        "list": [{ "x": null }, 1, { "x": 2 }]
    });
    assert!(remove_optional_nulls(&schema, &mut args));
    assert_eq!(
        args,
        json!({ "b": null, "c": null, "any": null, "extra": null, "o": { "y": {} }, "list": [{}, 1, { "x": 2 }] })
    );
    assert!(!remove_optional_nulls(&schema, &mut args), "a second pass finds nothing");
    assert_eq!(schema, before);

    let branches = json!({
        "type": "object",
        "properties": { "p": { "anyOf": [{ "type": "string" }, { "type": "integer" }] }, "q": { "enum": ["x", null] } },
        "allOf": [{ "properties": { "r": { "type": "string" } } }, { "required": ["s"], "properties": { "s": { "type": "string" } } }]
    });
    let mut args = json!({ "p": null, "q": null, "r": null, "s": null });
    assert!(remove_optional_nulls(&branches, &mut args));
    assert_eq!(args, json!({ "q": null, "s": null }));
}

#[test]
fn strict_output_round_trips_through_null_removal() {
    // What a model answers to a strict schema (every optional property as null) comes back to
    // what the original schema describes.
    let schema = recursive();
    let mut args = json!({ "label": "x", "tree": { "value": "v", "children": null } });
    assert!(remove_optional_nulls(&schema, &mut args));
    assert_eq!(args, json!({ "label": "x", "tree": { "value": "v" } }));
}
