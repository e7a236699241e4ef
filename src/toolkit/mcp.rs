//! MCP in: a `CallToolResult` as a tool's result. Text blocks are joined with `"\n"`; any other
//! block becomes a short bracketed note (`[image image/png, 1234 bytes]`, a resource's text or
//! URI), so the model knows it was there; `isError` carries over; `structuredContent` goes into
//! `metadata.structuredContent` (and into the output when there is no text).

use serde_json::{json, Map, Value};

use super::messages::show;

/// A value as JavaScript's template literal shows it (strings bare).
fn plain(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The size in bytes of base64 `data` (whitespace ignored).
fn base64_bytes(data: Option<&Value>) -> usize {
    let Some(Value::String(data)) = data else { return 0 };
    let clean: String = data.chars().filter(|c| !c.is_whitespace()).collect();
    let padding = if clean.ends_with("==") {
        2
    } else if clean.ends_with('=') {
        1
    } else {
        0
    };
    (clean.encode_utf16().count() * 3 / 4).saturating_sub(padding)
}

fn block_text(block: &Value) -> String {
    let Value::Object(b) = block else { return format!("[{} content block]", show(Some(block))) };
    let kind = b.get("type");
    match kind.and_then(Value::as_str) {
        Some("text") => b.get("text").and_then(Value::as_str).unwrap_or("").to_owned(),
        Some(k @ ("image" | "audio")) => {
            let mime = b.get("mimeType").filter(|m| !m.is_null()).map_or("of unknown type".into(), plain);
            format!("[{k} {mime}, {} bytes]", base64_bytes(b.get("data")))
        }
        Some("resource") => {
            let empty = Value::Object(Map::new());
            let resource = b.get("resource").filter(|r| !r.is_null()).unwrap_or(&empty);
            if let Some(text) = resource.get("text").and_then(Value::as_str) {
                return text.to_owned();
            }
            let size = match resource.get("blob") {
                blob @ Some(Value::String(_)) => format!(", {} bytes", base64_bytes(blob)),
                _ => String::new(),
            };
            let mime =
                resource.get("mimeType").and_then(Value::as_str).map_or(String::new(), |m| format!(" {m}"));
            let uri = resource.get("uri").filter(|u| !u.is_null()).map_or("without a URI".into(), plain);
            format!("[resource {uri}{mime}{size}]")
        }
        Some("resource_link") => {
            let uri = b.get("uri").filter(|u| !u.is_null()).map_or(String::new(), plain);
            let name = b.get("name").and_then(Value::as_str).map_or(String::new(), |n| format!(" ({n})"));
            format!("[resource link {uri}{name}]")
        }
        Some(other) => format!("[{other} content block]"),
        None => "[unknown content block]".to_owned(),
    }
}

/// `{ output, is_error, metadata? }` for a `CallToolResult` (its JSON, camelCase as on the wire).
pub fn result(value: &Value) -> Value {
    let Value::Object(r) = value else {
        return json!({
            "output": format!("The MCP server answered with {} instead of a tool result.", show(Some(value))),
            "is_error": true,
        });
    };
    let mut output = match (r.get("content"), r.get("toolResult")) {
        (Some(Value::Array(blocks)), _) => blocks.iter().map(block_text).collect::<Vec<_>>().join("\n"),
        (_, Some(Value::String(s))) => s.clone(),
        (_, Some(other)) => other.to_string(),
        _ => String::new(),
    };
    let structured = r.get("structuredContent");
    if let (true, Some(s)) = (output.is_empty(), structured) {
        output = s.to_string();
    }
    let mut out = json!({ "output": output, "is_error": r.get("isError") == Some(&Value::Bool(true)) });
    if let Some(s) = structured {
        out["metadata"] = json!({ "structuredContent": s });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_as_text() {
        let r = result(&json!({ "content": [
            { "type": "text", "text": "a" },
            { "type": "image", "mimeType": "image/png", "data": "aGVsbG8=" },
            { "type": "resource", "resource": { "uri": "file:///x", "blob": "aGk=" } },
            { "type": "resource_link", "uri": "file:///y", "name": "y" },
            { "type": "widget" }
        ], "isError": true }));
        assert_eq!(
            r["output"],
            "a\n[image image/png, 5 bytes]\n[resource file:///x, 2 bytes]\n[resource link file:///y (y)]\n[widget content block]"
        );
        assert_eq!(r["is_error"], true);
        let r = result(&json!({ "content": [], "structuredContent": { "n": 1 } }));
        assert_eq!(
            r,
            json!({ "output": "{\"n\":1}", "is_error": false, "metadata": { "structuredContent": { "n": 1 } } })
        );
        assert_eq!(result(&json!(null))["is_error"], true);
    }
}
