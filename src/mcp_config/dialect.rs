//! Which config a document is, and where its servers are.
//!
//! | dialect | where | written by |
//! |---|---|---|
//! | `mcpServers` | `{ "mcpServers": { name: entry } }` | Claude Desktop, Cursor, Claude Code's `.mcp.json`, Windsurf, Cline |
//! | `vscode` | `{ "servers": { … }, "inputs": [ … ] }`, or `{ "mcp": { "servers": … } }` in settings | VS Code's `.vscode/mcp.json` |
//! | `opencode` | `{ "mcp": { name: { "type": "local" \| "remote", … } } }` | opencode |
//!
//! VS Code's files are JSON with comments and trailing commas, so every document is read as
//! such ([`parse`]).

use serde_json::{Map, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    McpServers,
    VsCode,
    OpenCode,
}

impl Dialect {
    pub fn as_str(self) -> &'static str {
        match self {
            Dialect::McpServers => "mcpServers",
            Dialect::VsCode => "vscode",
            Dialect::OpenCode => "opencode",
        }
    }
}

/// The document's text without comments and trailing commas (JSONC, as VS Code writes it),
/// strings untouched.
fn strip_jsonc(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut start = 0;
    // Byte offsets in `out` of the last significant character, to drop a trailing comma.
    let mut pending_comma: Option<usize> = None;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                pending_comma = None;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                out.push_str(&text[start..i]);
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                start = i;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                out.push_str(&text[start..i]);
                i += 2;
                while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                i = (i + 2).min(bytes.len());
                start = i;
            }
            b',' => {
                out.push_str(&text[start..i]);
                pending_comma = Some(out.len());
                out.push(',');
                i += 1;
                start = i;
            }
            b'}' | b']' => {
                out.push_str(&text[start..i]);
                if let Some(at) = pending_comma.take() {
                    out.replace_range(at..=at, " ");
                }
                i += 1;
                start = i - 1;
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                pending_comma = None;
                i += 1;
            }
        }
    }
    out.push_str(&text[start.min(text.len())..]);
    out
}

/// A config given as JSON text (comments and trailing commas allowed) or as a value.
pub fn parse(config: &Value) -> Result<Value, String> {
    match config {
        Value::String(text) => {
            serde_json::from_str(&strip_jsonc(text)).map_err(|e| format!("the MCP config is not JSON: {e}"))
        }
        other => Ok(other.clone()),
    }
}

/// The dialect of a parsed config and its servers by name.
pub fn servers(config: &Value) -> Result<(Dialect, &Map<String, Value>), String> {
    let Some(root) = config.as_object() else {
        return Err("the MCP config must be a JSON object".into());
    };
    let want = |key: &str, value: &Value| -> Result<(), String> {
        if value.is_object() {
            Ok(())
        } else {
            Err(format!("the MCP config's `{key}` must be an object of servers by name"))
        }
    };
    if let Some(s) = root.get("mcpServers") {
        want("mcpServers", s)?;
        return Ok((Dialect::McpServers, s.as_object().ok_or("")?));
    }
    if let Some(s) = root.get("servers") {
        want("servers", s)?;
        return Ok((Dialect::VsCode, s.as_object().ok_or("")?));
    }
    if let Some(mcp) = root.get("mcp") {
        want("mcp", mcp)?;
        if let Some(s) =
            mcp.get("servers").filter(|s| s.is_object() && !s.get("type").is_some_and(Value::is_string))
        {
            return Ok((Dialect::VsCode, s.as_object().ok_or("")?));
        }
        return Ok((Dialect::OpenCode, mcp.as_object().ok_or("")?));
    }
    Err("the MCP config has none of `mcpServers` (Claude Desktop, Cursor, Claude Code), `servers` (VS Code) or `mcp` (opencode)".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn jsonc_comments_and_trailing_commas_are_read() {
        let text = "{\n // servers\n \"servers\": { /* one */ \"a\": { \"url\": \"http://x//y\", }, },\n}";
        let v = parse(&json!(text)).unwrap();
        assert_eq!(v["servers"]["a"]["url"], "http://x//y");
        let v = parse(&json!("{\"a\": \"b,}\", \"c\": [1, 2,]}")).unwrap();
        assert_eq!(v, json!({ "a": "b,}", "c": [1, 2] }));
        assert!(parse(&json!("{nope")).unwrap_err().contains("not JSON"));
    }

    #[test]
    fn each_dialect_is_found_by_its_key() {
        let doc = json!({ "mcpServers": { "a": {} } });
        let (d, s) = servers(&doc).unwrap();
        assert_eq!((d, s.len()), (Dialect::McpServers, 1));
        assert_eq!(servers(&json!({ "servers": {}, "inputs": [] })).unwrap().0, Dialect::VsCode);
        assert_eq!(servers(&json!({ "mcp": { "servers": { "a": {} } } })).unwrap().0, Dialect::VsCode);
        assert_eq!(servers(&json!({ "mcp": { "a": { "type": "local" } } })).unwrap().0, Dialect::OpenCode);
        // An opencode server that happens to be called "servers".
        let (d, _) = servers(&json!({ "mcp": { "servers": { "type": "remote", "url": "u" } } })).unwrap();
        assert_eq!(d, Dialect::OpenCode);
        assert!(servers(&json!({ "other": {} })).unwrap_err().contains("mcpServers"));
        assert!(servers(&json!({ "mcpServers": [] }))
            .unwrap_err()
            .contains("`mcpServers` must be an object"));
        assert!(servers(&json!([])).is_err());
    }
}
