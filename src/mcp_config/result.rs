//! An MCP `CallToolResult` as a tool result, for the bindings that read it here (Python's
//! `connect_mcp`): text blocks joined with newlines, any other block a short bracketed note the
//! model can read, `isError` carried over, `structuredContent` kept as metadata. The same reading
//! as the npm package's `fromMCP`.

use serde_json::{json, Value};

/// The size in bytes of base64 `data` (whitespace ignored).
fn base64_bytes(data: Option<&Value>) -> usize {
    let Some(text) = data.and_then(Value::as_str) else { return 0 };
    let clean: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    let padding = clean.iter().rev().take(2).take_while(|&&b| b == b'=').count();
    (clean.len() * 3 / 4).saturating_sub(padding)
}

fn block_text(block: &Value) -> String {
    let Some(map) = block.as_object() else { return "[a content block that is not an object]".into() };
    let text = |key: &str| map.get(key).and_then(Value::as_str);
    match text("type") {
        Some("text") => text("text").unwrap_or("").to_string(),
        Some(kind @ ("image" | "audio")) => {
            format!(
                "[{kind} {}, {} bytes]",
                text("mimeType").unwrap_or("of unknown type"),
                base64_bytes(map.get("data"))
            )
        }
        Some("resource") => {
            let resource = map.get("resource").cloned().unwrap_or(Value::Null);
            if let Some(t) = resource.get("text").and_then(Value::as_str) {
                return t.to_string();
            }
            let mime =
                resource.get("mimeType").and_then(Value::as_str).map(|m| format!(" {m}")).unwrap_or_default();
            let size = match resource.get("blob") {
                Some(Value::String(_)) => format!(", {} bytes", base64_bytes(resource.get("blob"))),
                _ => String::new(),
            };
            let uri = resource.get("uri").and_then(Value::as_str).unwrap_or("without a URI");
            format!("[resource {uri}{mime}{size}]")
        }
        Some("resource_link") => {
            let name = text("name").map(|n| format!(" ({n})")).unwrap_or_default();
            format!("[resource link {}{name}]", text("uri").unwrap_or(""))
        }
        Some(other) => format!("[{other} content block]"),
        None => "[unknown content block]".into(),
    }
}

/// `{ output, isError, metadata? }` for a `CallToolResult`.
pub fn to_result(result: &Value) -> Value {
    if !result.is_object() {
        return json!({ "output": "The MCP server answered with something other than a tool result.", "isError": true });
    }
    let mut output = match result.get("content") {
        Some(Value::Array(blocks)) => blocks.iter().map(block_text).collect::<Vec<_>>().join("\n"),
        _ => String::new(),
    };
    let structured = result.get("structuredContent").filter(|v| !v.is_null());
    if output.is_empty() {
        if let Some(s) = structured {
            output = s.to_string();
        }
    }
    let mut out = json!({ "output": output, "isError": result.get("isError") == Some(&Value::Bool(true)) });
    if let Some(s) = structured {
        out["metadata"] = json!({ "structuredContent": s });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_read_as_the_npm_package_reads_them() {
        let r = to_result(&json!({ "content": [
            { "type": "text", "text": "a" },
            { "type": "image", "mimeType": "image/png", "data": "aGVsbG8=" },
            { "type": "resource", "resource": { "uri": "file:///x", "text": "inside" } },
            { "type": "resource", "resource": { "uri": "file:///y", "mimeType": "application/pdf", "blob": "AAAA" } },
            { "type": "resource_link", "uri": "file:///z", "name": "z" },
            { "type": "widget" }
        ], "isError": true }));
        assert_eq!(r["output"], "a\n[image image/png, 5 bytes]\ninside\n[resource file:///y application/pdf, 3 bytes]\n[resource link file:///z (z)]\n[widget content block]");
        assert_eq!(r["isError"], true);
        let r = to_result(&json!({ "content": [], "structuredContent": { "n": 1 } }));
        assert_eq!(
            r,
            json!({ "output": "{\"n\":1}", "isError": false, "metadata": { "structuredContent": { "n": 1 } } })
        );
        assert_eq!(to_result(&json!(3))["isError"], true);
    }
}
