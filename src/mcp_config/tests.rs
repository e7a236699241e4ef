//! The config rules over real documents: one config file per dialect (the same files the npm
//! and Python suites connect with, in tests/mcp/configs/).

use serde_json::{json, Value};

use super::op;

const CLAUDE_DESKTOP: &str = include_str!("../../tests/mcp/configs/claude_desktop_config.json");
const CLAUDE_CODE: &str = include_str!("../../tests/mcp/configs/.mcp.json");
const VSCODE: &str = include_str!("../../tests/mcp/configs/vscode-mcp.json");
const VSCODE_ENV: &str = include_str!("../../tests/mcp/configs/memory.env");
const OPENCODE: &str = include_str!("../../tests/mcp/configs/opencode.json");

fn process_env() -> Value {
    json!({
        "PATH": "/usr/bin", "HOME": "/root", "USER": "root",
        "ROOT": "/repo", "FILES_DIR": "/tmp/files", "MEMORY_FILE": "/tmp/memory.jsonl",
        "API_TOKEN": "tok-abcdef123456", "NAMED_VAR": "named-value",
        "PARENT_SECRET": "must-not-leak", "EVERYTHING_URL": "http://127.0.0.1:3001/mcp"
    })
}

fn normalize(config: &str, extra: Value) -> Value {
    let mut input = json!({ "config": config, "env": process_env(), "processEnv": process_env() });
    if let (Some(i), Value::Object(e)) = (input.as_object_mut(), extra) {
        i.extend(e);
    }
    op("normalize", input).unwrap()
}

fn server<'a>(answer: &'a Value, name: &str) -> &'a Value {
    answer["servers"].as_array().unwrap().iter().find(|s| s["name"] == name).unwrap()
}

fn no_parent_secret(server: &Value) {
    let env = server["env"].as_object().unwrap();
    assert!(!env.contains_key("PARENT_SECRET") && !env.contains_key("API_TOKEN"), "{env:?}");
}

#[test]
fn claude_desktop() {
    let a = normalize(CLAUDE_DESKTOP, json!({}));
    assert_eq!(a["dialect"], "mcpServers");
    let e = server(&a, "everything");
    assert_eq!(e["status"], "ready");
    assert_eq!(e["transport"], "stdio");
    assert_eq!(e["command"], "node");
    assert_eq!(
        e["args"],
        json!(["/repo/node_modules/@modelcontextprotocol/server-everything/dist/index.js", "stdio"])
    );
    assert_eq!(e["env"], json!({ "HOME": "/root", "PATH": "/usr/bin", "USER": "root" }));
    assert_eq!(e["timeout"], 30000);
    assert_eq!(e["secrets"], json!(["/repo"]));
    let m = server(&a, "memory");
    assert_eq!(m["env"]["MEMORY_FILE_PATH"], "/tmp/memory.jsonl");
    assert_eq!(m["include"], json!(["create_entities", "read_graph"]));
    no_parent_secret(m);
    assert_eq!(server(&a, "filesystem")["exclude"].as_array().unwrap().len(), 4);
    assert_eq!(server(&a, "old")["status"], "disabled");
}

#[test]
fn claude_code() {
    let a = normalize(CLAUDE_CODE, json!({ "timeout": 5000 }));
    let r = server(&a, "remote");
    assert_eq!((r["transport"].as_str(), r["fallback"].as_bool()), (Some("http"), Some(true)));
    assert_eq!(r["url"], "http://127.0.0.1:3001/mcp");
    assert_eq!(r["headers"]["Authorization"], "Bearer tok-abcdef123456");
    assert!(r["secrets"].as_array().unwrap().contains(&json!("tok-abcdef123456")));
    assert_eq!(r["timeout"], 5000);
    let p = server(&a, "env-printer");
    assert_eq!(p["env"]["NAMED_VAR"], "named-value");
    assert_eq!(p["env"]["PLAIN"], "plain-value");
    no_parent_secret(p);
    let m = server(&a, "missing");
    assert_eq!(m["status"], "failed");
    let e = m["error"].as_str().unwrap();
    assert!(e.contains("\"missing\"") && e.contains("env.KEY") && e.contains("${NOT_SET_ANYWHERE}"), "{e}");
    // Defaults apply when the variable is unset.
    let a =
        op("normalize", json!({ "config": CLAUDE_CODE, "env": { "API_TOKEN": "t", "ROOT": "/r" } })).unwrap();
    assert_eq!(server(&a, "remote")["url"], "http://127.0.0.1:9/mcp");
    assert_eq!(server(&a, "env-printer")["env"]["NAMED_VAR"], "named-default");
}

#[test]
fn vscode() {
    let paths = op("env_files", json!({ "config": VSCODE, "cwd": "/repo" })).unwrap();
    assert_eq!(paths, json!(["/repo/tests/mcp/configs/memory.env"]));
    let a = normalize(
        VSCODE,
        json!({
            "cwd": "/repo", "inputs": { "greeting": "hello there" },
            "envFiles": { "/repo/tests/mcp/configs/memory.env": VSCODE_ENV }
        }),
    );
    assert_eq!(a["dialect"], "vscode");
    let m = server(&a, "memory");
    assert_eq!(m["args"][0], "/repo/node_modules/@modelcontextprotocol/server-memory/dist/index.js");
    assert_eq!(m["env"]["MEMORY_FILE_PATH"], "/tmp/toolnexus-vscode-memory.jsonl");
    assert_eq!(m["env"]["FROM_ENV_FILE"], "from the env file");
    let p = server(&a, "printer");
    assert_eq!(p["env"]["GREETING"], "hello there");
    assert_eq!(p["env"]["FROM_ENV"], "named-value");
    let asks = server(&a, "asks");
    assert_eq!(asks["status"], "failed");
    assert!(asks["error"].as_str().unwrap().contains("args[0] uses ${input:unknown-path}"));
    // An envFile the host could not read fails that server only.
    let a = normalize(VSCODE, json!({ "cwd": "/repo", "inputs": { "greeting": "hi" } }));
    assert!(server(&a, "memory")["error"].as_str().unwrap().contains("envFile"));
    assert_eq!(server(&a, "printer")["status"], "ready");
}

#[test]
fn opencode() {
    let a = normalize(OPENCODE, json!({}));
    assert_eq!(a["dialect"], "opencode");
    let e = server(&a, "everything");
    assert_eq!(e["command"], "node");
    assert_eq!(
        e["args"],
        json!(["/repo/node_modules/@modelcontextprotocol/server-everything/dist/index.js", "stdio"])
    );
    assert_eq!(e["env"]["EXAMPLE"], "1");
    assert_eq!(server(&a, "printer")["env"]["NAMED_VAR"], "named-value");
    assert_eq!(server(&a, "off")["status"], "disabled");
    assert_eq!(server(&a, "remote")["status"], "disabled");
}

fn one(entry: Value) -> Value {
    let a =
        op("normalize", json!({ "config": { "mcpServers": { "s": entry } }, "env": process_env() })).unwrap();
    a["servers"][0].clone()
}

fn error_of(entry: Value) -> String {
    let s = one(entry);
    assert_eq!(s["status"], "failed", "{s}");
    s["error"].as_str().unwrap().to_string()
}

#[test]
fn validation_names_the_server_and_the_field() {
    assert!(error_of(json!({ "command": ["n", "o"] })).contains("server \"s\": `command` must be a string"));
    assert!(error_of(json!({ "command": "node", "args": "a b" })).contains("`args` must be an array"));
    assert!(error_of(json!({ "command": "node", "args": ["a", 1] })).contains("`args[1]` must be a string"));
    assert!(error_of(json!({ "command": "node", "env": { "A": [] } })).contains("`env.A` must be a string"));
    assert!(error_of(json!({ "command": "node", "timeout": -1 })).contains("`timeout`"));
    assert!(error_of(json!({ "url": "ftp://x" })).contains("`url` must be an http"));
    assert!(error_of(json!({ "type": "ws", "url": "http://x" })).contains("`type`"));
    assert!(error_of(json!({})).contains("`command`"));
    assert!(error_of(json!("node")).contains("must be an object"));
    assert!(error_of(json!({ "command": "node", "enabled": "no" })).contains("`enabled`"));
    // A string command stays one string: never split, at spaces or into characters.
    let s = one(json!({ "command": "npx -y pkg" }));
    assert_eq!((s["command"].as_str(), s["args"].as_array().map(Vec::len)), (Some("npx -y pkg"), Some(0)));
    let oc = |entry: Value| {
        op("normalize", json!({ "config": { "mcp": { "s": entry } } })).unwrap()["servers"][0].clone()
    };
    assert!(oc(json!({ "type": "local", "command": [] }))["error"].as_str().unwrap().contains("non-empty"));
    assert!(oc(json!({ "type": "local", "command": 3 }))["error"]
        .as_str()
        .unwrap()
        .contains("an array of strings"));
    assert_eq!(oc(json!({ "type": "local", "command": "uvx pkg" }))["command"], "uvx pkg");
    assert!(oc(json!({ "type": "stdio", "command": ["x"] }))["error"]
        .as_str()
        .unwrap()
        .contains("\"local\" or \"remote\""));
    // Transports: SSE only when asked for; a URL without type is Streamable HTTP with fallback.
    assert_eq!(one(json!({ "type": "sse", "url": "http://h/sse" }))["transport"], "sse");
    assert_eq!(one(json!({ "url": "http://h/mcp" }))["fallback"], true);
    assert_eq!(one(json!({ "serverUrl": "https://h/mcp" }))["url"], "https://h/mcp");
    assert_eq!(one(json!({ "command": "node", "timeout": 250.5 }))["timeout"], 251);
}

#[test]
fn configs_that_cannot_be_used_are_errors() {
    for bad in [json!("{"), json!([]), json!({ "servers": [] }), json!({ "x": {} })] {
        assert!(op("normalize", json!({ "config": bad })).is_err());
    }
    assert!(op("normalize", json!({})).is_err());
    assert!(op("normalize", json!({ "config": {"mcpServers": {}}, "timeout": 0 })).is_err());
    assert!(op("normalize", json!({ "config": {"mcpServers": {}}, "env": [] })).is_err());
    assert!(op("nope", json!({})).is_err());
}

#[test]
fn statuses_hide_secrets_and_keep_the_last_stderr_lines() {
    let stderr: String = (0..100).map(|i| format!("line {i} tok-abcdef123456\n")).collect();
    let r = op(
        "status",
        json!({
            "name": "gh", "status": "failed", "transport": "stdio",
            "error": { "kind": "exited", "code": 1 }, "stderr": stderr, "secrets": ["tok-abcdef123456", "ab"]
        }),
    )
    .unwrap();
    assert_eq!(r["kind"], "mcp");
    assert_eq!(r["error"], "server \"gh\" exited (exit code 1)");
    let lines: Vec<&str> = r["stderr"].as_str().unwrap().lines().collect();
    assert_eq!(lines.len(), 20);
    assert_eq!(lines[19], "line 99 ***");
    let r =
        op("status", json!({ "name": "x", "status": "connected", "tools": ["a"], "secrets": [] })).unwrap();
    assert_eq!(r, json!({ "kind": "mcp", "name": "x", "status": "connected", "tools": ["a"] }));
    let m = op("message", json!({ "name": "x", "kind": "http", "status": 401, "secrets": [] })).unwrap();
    assert!(m.as_str().unwrap().contains("authorization"));
    let m = op("message", json!({ "name": "x", "kind": "spawn", "command": "npx -y pkg", "code": "ENOENT" }))
        .unwrap();
    assert!(m.as_str().unwrap().contains("command not found") && m.as_str().unwrap().contains("args"));
    let m = op("message", json!({ "name": "x", "kind": "other", "detail": "GET https://h/?key=sekrit-1", "secrets": ["sekrit-1"] })).unwrap();
    assert_eq!(m, "server \"x\": GET https://h/?key=***");
    let r = op(
        "redact",
        json!({ "text": "a tok-abcdef123456 b", "secrets": ["tok-abcdef", "tok-abcdef123456"] }),
    )
    .unwrap();
    assert_eq!(r, "a *** b");
}

#[test]
fn sse_only_after_400_404_405() {
    for (status, yes) in
        [(400, true), (404, true), (405, true), (401, false), (403, false), (500, false), (200, false)]
    {
        assert_eq!(op("fallback", json!({ "status": status })).unwrap(), json!(yes), "{status}");
    }
    assert_eq!(op("limits", json!({})).unwrap()["timeout"], 30000);
}
