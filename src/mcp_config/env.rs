//! What a stdio server's process gets as its environment: a small safe set read from the
//! parent (the variables the MCP SDKs' own `getDefaultEnvironment` passes on), then the
//! variables of its `envFile`, then its own `env`. Never the whole parent environment: a
//! server is third-party code, and the parent's secrets are none of its business.

use serde_json::{Map, Value};

/// The variables passed on from the parent on POSIX systems (the MCP SDKs' default set).
pub const SAFE_POSIX: &[&str] = &["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"];
/// The same on Windows.
pub const SAFE_WINDOWS: &[&str] = &[
    "APPDATA",
    "HOMEDRIVE",
    "HOMEPATH",
    "LOCALAPPDATA",
    "PATH",
    "PROCESSOR_ARCHITECTURE",
    "SYSTEMDRIVE",
    "SYSTEMROOT",
    "TEMP",
    "USERNAME",
    "USERPROFILE",
    "PROGRAMFILES",
];

/// The safe part of `parent` for `platform` (Node's `process.platform` names; `"win32"` is
/// Windows). A value that starts with `()` (an exported shell function) is left out.
pub fn safe(parent: &Map<String, Value>, platform: &str) -> Map<String, Value> {
    let names = if platform == "win32" { SAFE_WINDOWS } else { SAFE_POSIX };
    let mut out = Map::new();
    for name in names {
        let found = if platform == "win32" {
            parent.iter().find(|(k, _)| k.eq_ignore_ascii_case(name))
        } else {
            parent.get_key_value(*name)
        };
        if let Some((_, Value::String(v))) = found {
            if !v.starts_with("()") {
                out.insert((*name).to_string(), Value::String(v.clone()));
            }
        }
    }
    out
}

/// The variables of a `.env` file: `KEY=value` lines, `export KEY=value`, `#` comments, values
/// in single or double quotes (double quotes read `\n`).
pub fn dotenv(text: &str) -> Map<String, Value> {
    let mut out = Map::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let line = line.strip_prefix("export ").unwrap_or(line);
        let Some((key, value)) = line.split_once('=') else { continue };
        let key = key.trim();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
            continue;
        }
        let value = value.trim();
        let value = if let Some(inner) =
            value.strip_prefix('"').and_then(|v| v.rsplit_once('"')).map(|(v, _)| v)
        {
            inner.replace("\\n", "\n").replace("\\\"", "\"")
        } else if let Some(inner) = value.strip_prefix('\'').and_then(|v| v.rsplit_once('\'')).map(|(v, _)| v)
        {
            inner.to_string()
        } else {
            // An unquoted value ends at a ` #` comment.
            value.split(" #").next().unwrap_or("").trim_end().to_string()
        };
        out.insert(key.to_string(), Value::String(value));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_the_safe_set_is_passed_on() {
        let parent = json!({
            "PATH": "/usr/bin", "HOME": "/root", "AWS_SECRET_ACCESS_KEY": "x",
            "OPENAI_API_KEY": "y", "SHELL": "() { :; }", "TERM": "xterm"
        });
        let env = safe(parent.as_object().unwrap(), "linux");
        assert_eq!(Value::Object(env), json!({ "HOME": "/root", "PATH": "/usr/bin", "TERM": "xterm" }));
        let parent = json!({ "Path": "C:\\bin", "SystemRoot": "C:\\Windows", "SECRET": "x" });
        let env = safe(parent.as_object().unwrap(), "win32");
        assert_eq!(Value::Object(env), json!({ "PATH": "C:\\bin", "SYSTEMROOT": "C:\\Windows" }));
    }

    #[test]
    fn dotenv_files_are_read_as_people_write_them() {
        let text =
            "# comment\nA=1\nexport B = two words # note\nC=\"line\\nnext\"\nD='$raw'\nbad line\n=x\nE=\n";
        let env = dotenv(text);
        assert_eq!(
            Value::Object(env),
            json!({ "A": "1", "B": "two words", "C": "line\nnext", "D": "$raw", "E": "" })
        );
    }
}
