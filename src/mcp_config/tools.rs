//! Which of a server's tools are kept, and what each is called.
//!
//! A server's `include` (when given) keeps only the tools it names, then `exclude` drops the
//! ones it names; both hold the tools' names as the server lists them. Each kept tool is called
//! `server_tool` through [`crate::names`]: sanitized, at most 64 characters (a longer name ends
//! with a hash of the whole), and unique across every server of the connection (a collision is
//! numbered, never silent).

use serde_json::{json, Value};

use crate::names::{tool_name, unique, MAX_LEN};
use crate::ops::{OpError, OpResult};
use crate::sanitize::sanitize_str;

fn names_of(value: Option<&Value>) -> Option<Vec<&str>> {
    value?.as_array().map(|a| a.iter().filter_map(Value::as_str).collect())
}

/// `{ servers: [{ name, include?, exclude?, tools: string[] }] }` → `[{ name, tools: [{ name,
/// tool }] }]`: per server, the kept tools' names (`name`) and their own (`tool`).
pub fn op(input: &Value) -> OpResult {
    let servers = input
        .get("servers")
        .and_then(Value::as_array)
        .ok_or_else(|| OpError::type_error("`servers` must be an array"))?;
    let mut raw: Vec<(usize, String, String)> = Vec::new();
    for (i, server) in servers.iter().enumerate() {
        let name = server
            .get("name")
            .and_then(Value::as_str)
            .ok_or_else(|| OpError::type_error(format!("`servers[{i}].name` must be a string")))?;
        let tools = server.get("tools").and_then(Value::as_array).ok_or_else(|| {
            OpError::type_error(format!("`servers[{i}].tools` must be an array of strings"))
        })?;
        let include = names_of(server.get("include"));
        let exclude = names_of(server.get("exclude")).unwrap_or_default();
        for (j, tool) in tools.iter().enumerate() {
            let tool = tool
                .as_str()
                .ok_or_else(|| OpError::type_error(format!("`servers[{i}].tools[{j}]` must be a string")))?;
            let kept = include.as_ref().map_or(true, |inc| inc.contains(&tool)) && !exclude.contains(&tool);
            if kept {
                raw.push((i, name.to_string(), tool.to_string()));
            }
        }
    }
    let whole: Vec<String> = raw.iter().map(|(_, s, t)| format!("{s}_{t}")).collect();
    let names: Vec<String> = whole.iter().map(|w| tool_name(w, MAX_LEN)).collect();
    let exact: Vec<bool> = whole.iter().map(|w| sanitize_str(w) == *w && w.len() <= MAX_LEN).collect();
    let names = unique(&names, &exact, MAX_LEN);
    let mut out: Vec<Value> = servers
        .iter()
        .map(|s| json!({ "name": s.get("name").cloned().unwrap_or(Value::Null), "tools": [] }))
        .collect();
    for ((i, _, tool), name) in raw.into_iter().zip(names) {
        if let Some(Value::Array(list)) = out.get_mut(i).and_then(|s| s.get_mut("tools")) {
            list.push(json!({ "name": name, "tool": tool }));
        }
    }
    Ok(Value::Array(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: Value) -> Vec<Vec<(String, String)>> {
        op(&input)
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                s["tools"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| {
                        (t["name"].as_str().unwrap().to_string(), t["tool"].as_str().unwrap().to_string())
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn names_are_server_then_tool_and_filters_apply() {
        let out = run(json!({ "servers": [
            { "name": "everything", "tools": ["echo", "add", "longRunningOperation"], "exclude": ["add"] },
            { "name": "fs", "tools": ["read_file", "write_file"], "include": ["read_file"] },
            { "name": "my server", "tools": ["do.it"] },
        ]}));
        assert_eq!(
            out[0],
            [
                ("everything_echo".into(), "echo".into()),
                ("everything_longRunningOperation".into(), "longRunningOperation".into())
            ]
        );
        assert_eq!(out[1], [("fs_read_file".to_string(), "read_file".to_string())]);
        assert_eq!(out[2], [("my_server_do_it".to_string(), "do.it".to_string())]);
    }

    #[test]
    fn long_names_are_cut_with_a_hash_and_collisions_are_numbered() {
        let long = "t".repeat(80);
        let out = run(json!({ "servers": [
            { "name": "a_b", "tools": ["c", long.clone(), format!("{long}2")] },
            { "name": "a", "tools": ["b_c"] },
            { "name": "a.b", "tools": ["c"] },
        ]}));
        let all: Vec<&String> = out.iter().flatten().map(|(n, _)| n).collect();
        assert!(all.iter().all(|n| n.len() <= 64));
        assert_eq!(out[0][0].0, "a_b_c");
        assert_eq!(out[1][0].0, "a_b_c_2");
        assert_eq!(out[2][0].0, "a_b_c_3");
        assert_ne!(out[0][1].0, out[0][2].0);
        let set: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(set.len(), all.len());
        assert!(op(&json!({ "servers": [{ "name": "x", "tools": "ab" }] })).is_err());
    }
}
