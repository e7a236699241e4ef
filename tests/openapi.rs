//! `fromOpenAPI`'s rules over real documents: the Petstore (3.0), a 3.1 library API, and
//! GitHub's own description (`@octokit/openapi` in node_modules, over a thousand operations),
//! each tool's schema held to OpenAI's strict and Gemini's rules after the dialects, and
//! requests planned from them checked. Host only: the documents are read from disk.
#![cfg(not(target_arch = "wasm32"))]

#[path = "schema/rules.rs"]
#[allow(dead_code)]
mod rules;

use std::collections::HashSet;

use serde_json::{json, Map, Value};
use toolnexus::http::plan::Plan;
use toolnexus::http::request::{build, Request};
use toolnexus::ops::dispatch;
use toolnexus::schema::{gemini, openai};

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).expect("the fixture")
}

fn tools(input: Value) -> Vec<Value> {
    match dispatch("openapi.tools", input) {
        Ok(Value::Array(list)) => list,
        other => panic!("{other:?}"),
    }
}

fn by_name<'a>(tools: &'a [Value], name: &str) -> &'a Value {
    tools.iter().find(|t| t["name"] == name).unwrap_or_else(|| panic!("no tool {name}"))
}

fn request(tool: &Value, args: Value) -> Request {
    let plan = Plan::from_value(&tool["plan"]).expect("a plan");
    let env = json!({ "LIB_TOKEN": "t" });
    build(&plan, &args, env.as_object().unwrap_or(&Map::new())).unwrap_or_else(|e| panic!("{e}"))
}

/// Names unique and within 64; every schema an object schema that OpenAI's strict mode takes
/// (when the rewriter says it can) and that Gemini's dialect turns into a valid `Schema`.
fn check_rules(tools: &[Value]) -> usize {
    let names: HashSet<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
    assert_eq!(names.len(), tools.len(), "names are unique");
    let mut strict = 0;
    for t in tools {
        let name = t["name"].as_str().unwrap_or("");
        assert!(!name.is_empty() && name.len() <= 64, "{name}");
        assert!(name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'), "{name}");
        let schema = &t["inputSchema"];
        assert_eq!(schema["type"], "object", "{name}");
        let s = openai::strict(schema);
        if s.strict {
            strict += 1;
            let errors = rules::openai_strict(&s.schema);
            assert!(errors.is_empty(), "{name}: OpenAI strict: {errors:?}");
        }
        let (g, _) = gemini::openapi(schema);
        let errors = rules::gemini_openapi(&g);
        assert!(errors.is_empty(), "{name}: Gemini: {errors:?}");
        let (j, _) = gemini::json_schema(schema);
        assert!(rules::gemini_json_schema(&j).is_empty(), "{name}: Gemini JSON Schema");
    }
    strict
}

#[test]
fn petstore() {
    let spec = read("tests/fixtures/openapi/petstore.json");
    let tools = tools(json!({ "spec": spec }));
    let names: Vec<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
    assert_eq!(names, ["findPets", "addPet", "find_pet_by_id", "deletePet"]);
    assert_eq!(check_rules(&tools), 4);
    let find = by_name(&tools, "findPets");
    assert_eq!(find["description"], "Returns all pets from the system that the user has access to");
    assert_eq!(find["inputSchema"]["properties"]["tags"]["items"], json!({ "type": "string" }));
    assert_eq!(
        find["inputSchema"]["properties"]["limit"]["description"],
        "maximum number of results to return"
    );
    assert_eq!(find["inputSchema"]["additionalProperties"], false);
    let r = request(find, json!({ "tags": ["cat", "dog"], "limit": 2 }));
    assert_eq!(
        (r.method.as_str(), r.url.as_str()),
        ("GET", "https://petstore.swagger.io/v2/pets?tags=cat&tags=dog&limit=2")
    );

    let add = by_name(&tools, "addPet");
    assert_eq!(add["inputSchema"]["required"], json!(["name"]));
    let r = request(add, json!({ "name": "Rex", "tag": "dog", "extra": 1 }));
    assert_eq!(r.body.as_deref(), Some(r#"{"name":"Rex","tag":"dog"}"#), "unknown arguments are not sent");
    let get = by_name(&tools, "find_pet_by_id");
    assert_eq!(get["inputSchema"]["required"], json!(["id"]));
    assert_eq!(request(get, json!({ "id": 7 })).url, "https://petstore.swagger.io/v2/pets/7");
    let del = by_name(&tools, "deletePet");
    assert_eq!(request(del, json!({ "id": 7 })).method, "DELETE");

    let base = tools_with(
        &spec,
        json!({ "baseUrl": "http://127.0.0.1:9/", "prefix": "pet_", "exclude": ["DELETE /pets/{id}"] }),
    );
    assert_eq!(base.len(), 3);
    assert_eq!(base[0]["name"], "pet_findPets");
    assert_eq!(base[2]["plan"]["url"], "http://127.0.0.1:9/pets/{id}");
}

fn tools_with(spec: &str, mut options: Value) -> Vec<Value> {
    options["spec"] = json!(spec);
    tools(options)
}

#[test]
fn library_3_1() {
    let spec = read("tests/fixtures/openapi/library-3.1.json");
    let tools = tools(json!({ "spec": spec, "headers": { "Authorization": "Bearer ${LIB_TOKEN}" } }));
    let names: Vec<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
    assert_eq!(names.len(), 9, "{names:?} (trace left out)");
    assert!(names.contains(&"delete_books_id"), "no operationId: method and path");
    assert!(names.contains(&"add_note") && names.contains(&"add_note_2"), "{names:?}");
    let long = names.iter().find(|n| n.starts_with("moveBook")).copied().unwrap_or("");
    assert_eq!(long.len(), 64);
    check_rules(&tools);

    let list = by_name(&tools, "listBooks");
    assert_eq!(list["description"], "List books\n\nBooks in the catalogue, newest first.");
    let props = list["inputSchema"]["properties"].as_object().cloned().unwrap_or_default();
    assert_eq!(props.keys().collect::<Vec<_>>(), ["limit", "author", "filter"], "cookie and Accept left out");
    assert_eq!(props["limit"]["maximum"], 100);
    assert_eq!(list["plan"]["url"], "http://library.example.com:8080/api/v2/books");
    assert_eq!(list["plan"]["vars"], json!(["LIB_TOKEN"]));
    let r = request(list, json!({ "filter": { "year": 2020 }, "author": null }));
    assert_eq!(r.url, "http://library.example.com:8080/api/v2/books?filter=%7B%22year%22%3A2020%7D");

    let replace = by_name(&tools, "replaceBook");
    let props = replace["inputSchema"]["properties"].as_object().cloned().unwrap_or_default();
    let keys: Vec<&String> = props.keys().collect();
    assert_eq!(
        keys[..4],
        ["id", "query_id", "body_id", "title"],
        "a parameter and a body field of one name both survive"
    );
    assert!(!props.contains_key("createdAt"), "readOnly left out of a request");
    assert_eq!(replace["inputSchema"]["required"], json!(["id", "body_id", "title"]));
    assert_eq!(
        props["related"]["items"]["description"],
        "Book (recursive: the same type as an enclosing value)"
    );
    assert_eq!(props["authors"]["items"]["properties"]["born"]["exclusiveMinimum"], 0);
    let r =
        request(replace, json!({ "id": "p 1", "query_id": 5, "body_id": "b1", "title": "T", "isbn": null }));
    assert_eq!(
        (r.method.as_str(), r.url.as_str()),
        ("PUT", "http://library.example.com:8080/api/v2/books/p%201?id=5")
    );
    assert_eq!(r.body.as_deref(), Some(r#"{"id":"b1","title":"T"}"#));

    let create = by_name(&tools, "createBook");
    let plan = Plan::from_value(&create["plan"]).expect("plan");
    let env = json!({ "LIB_TOKEN": "t" });
    let r = build(
        &plan,
        &json!({ "X-Request-Id": "r1", "id": "b", "title": "T" }),
        env.as_object().expect("env"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let headers: Vec<(&str, &str)> = r.headers.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    assert_eq!(
        headers,
        [("Authorization", "Bearer t"), ("X-Request-Id", "r1"), ("Content-Type", "application/json")]
    );

    let loans = by_name(&tools, "add_note"); // the exact operationId keeps its name
    assert_eq!(loans["inputSchema"]["required"], json!(["body"]));
    let r = request(loans, json!({ "body": [{ "bookId": "b" }] }));
    assert_eq!(r.body.as_deref(), Some(r#"[{"bookId":"b"}]"#));
    let note = by_name(&tools, "add_note_2");
    let r = request(note, json!({ "id": "b", "body": "great read" }));
    assert_eq!(
        (r.body.as_deref(), r.headers[1].1.as_str()),
        (Some("great read"), "text/plain;charset=UTF-8")
    );
    let r = request(
        by_name(&tools, long),
        json!({ "shelfIdentifierThatIsQuiteLong": "s", "bookIdentifierThatIsAlsoLong": "b", "to": "t", "labels": ["x", "y"] }),
    );
    assert_eq!(r.body.as_deref(), Some("to=t&labels=x&labels=y"));
    assert_eq!(by_name(&tools, "status")["plan"]["url"], "https://status.library.example.com/status");

    let admin =
        tools_with(&spec, json!({ "include": ["admin"], "exclude": ["createBook", "put /books/{id}"] }));
    let names: Vec<&str> = admin.iter().filter_map(|t| t["name"].as_str()).collect();
    assert_eq!(names, ["delete_books_id", long, "status"]);
}

#[test]
fn refusals_name_what_they_found() {
    let err = |v: Value| dispatch("openapi.tools", v).err().map(|e| e.message).unwrap_or_default();
    assert!(err(json!({ "spec": { "swagger": "2.0", "paths": {} } })).contains("Swagger 2.0"));
    assert!(err(json!({ "spec": { "openapi": "4.0.0" } })).contains("OpenAPI 4.0.0"));
    assert!(err(json!({ "spec": {} })).contains("no `openapi`"));
    assert!(err(json!({ "spec": "{nope" })).contains("not the JSON text"));
    assert!(err(json!({ "spec": 3 })).contains("`spec`"));
    let relative =
        json!({ "openapi": "3.0.3", "servers": [{ "url": "/v1" }], "paths": { "/a": { "get": {} } } });
    assert!(err(json!({ "spec": relative })).contains("pass `baseUrl`"));
    assert!(err(json!({ "spec": relative, "baseUrl": "file:///x" })).contains("`baseUrl`"));
    let ok =
        dispatch("openapi.tools", json!({ "spec": relative, "baseUrl": "http://h/v1/" })).unwrap_or_default();
    assert_eq!(ok[0]["plan"]["url"], "http://h/v1/a");
    assert_eq!(ok[0]["name"], "get_a");
    assert_eq!(ok[0]["description"], "GET /a");
}

/// GitHub's description: every operation a tool, the rules held, a sample of requests planned.
#[test]
fn github() {
    let path = std::env::var("TOOLNEXUS_GITHUB_SPEC").unwrap_or_else(|_| {
        format!("{}/node_modules/@octokit/openapi/generated/api.github.com.json", env!("CARGO_MANIFEST_DIR"))
    });
    let Ok(spec) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {path} is not there (npm run setup installs @octokit/openapi)");
        return;
    };
    let start = std::time::Instant::now();
    let tools = tools(json!({ "spec": spec }));
    eprintln!("github: {} tools in {:?}", tools.len(), start.elapsed());
    let doc: Value = serde_json::from_str(&spec).expect("JSON");
    let count: usize = doc["paths"]
        .as_object()
        .map(|p| {
            p.values()
                .map(|i| i.as_object().map_or(0, |i| i.keys().filter(|k| k.as_str() != "parameters").count()))
                .sum()
        })
        .unwrap_or(0);
    assert_eq!(tools.len(), count, "every operation becomes a tool");
    assert!(tools.len() > 1000);
    let strict = check_rules(&tools);
    eprintln!("github: {strict} of {} strict for OpenAI", tools.len());

    let get = by_name(&tools, "repos_get-content");
    let r = request(get, json!({ "owner": "o", "repo": "r", "path": "src/lib.rs", "ref": "main" }));
    assert_eq!(r.url, "https://api.github.com/repos/o/r/contents/src%2Flib.rs?ref=main");
    let issue = by_name(&tools, "issues_create");
    let r = request(issue, json!({ "owner": "o", "repo": "r", "title": "Bug", "labels": ["a"] }));
    assert_eq!((r.method.as_str(), r.url.as_str()), ("POST", "https://api.github.com/repos/o/r/issues"));
    assert_eq!(r.body.as_deref(), Some(r#"{"title":"Bug","labels":["a"]}"#));
    let list = by_name(&tools, "issues_list-for-repo");
    let r = request(list, json!({ "owner": "o", "repo": "r", "state": "open", "per_page": 5 }));
    assert_eq!(r.url, "https://api.github.com/repos/o/r/issues?state=open&per_page=5");
}
