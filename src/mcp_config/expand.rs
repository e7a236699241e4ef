//! Variable expansion in a server's strings.
//!
//! The forms every dialect's users write:
//! - `${VAR}` and `${VAR:-default}` (Claude Code), `${env:VAR}` (VS Code), `{env:VAR}` (opencode):
//!   read from the environment the host passes;
//! - `${input:id}` (VS Code): read from the inputs the host passes;
//! - `${workspaceFolder}` (VS Code): the working directory the host passes; `${userHome}`: `HOME`.
//!
//! A value read from the environment or the inputs is a secret: it is recorded, so that the
//! host can keep it out of every message, status and result (see [`super::redact`]). A missing
//! variable without a default is an error naming the server and the field. Any other `${…}` is
//! left as written.

use serde_json::{Map, Value};

/// What expansion reads from.
pub struct Vars<'a> {
    pub env: &'a Map<String, Value>,
    pub inputs: &'a Map<String, Value>,
    pub cwd: Option<&'a str>,
    /// opencode's `{env:VAR}` form is read only in opencode's dialect.
    pub braces: bool,
}

/// Expansion of one server's strings: the secrets it met and the first error.
pub struct Expander<'a> {
    pub vars: Vars<'a>,
    pub server: &'a str,
    pub secrets: Vec<String>,
}

fn is_var_name(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl<'a> Expander<'a> {
    pub fn new(vars: Vars<'a>, server: &'a str) -> Self {
        Expander { vars, server, secrets: Vec::new() }
    }

    fn env_var(&mut self, name: &str) -> Option<String> {
        let value = self.vars.env.get(name).and_then(Value::as_str)?.to_string();
        self.keep_secret(&value);
        Some(value)
    }

    fn keep_secret(&mut self, value: &str) {
        if !value.is_empty() && !self.secrets.iter().any(|s| s == value) {
            self.secrets.push(value.to_string());
        }
    }

    fn missing(&self, field: &str, written: &str, hint: &str) -> String {
        format!("server \"{}\": {field} uses {written}, which is not set ({hint})", self.server)
    }

    /// The value of one `${…}` body, `None` for a form left as written.
    fn resolve(&mut self, body: &str, field: &str) -> Result<Option<String>, String> {
        if let Some(id) = body.strip_prefix("input:") {
            let id = id.trim();
            return match self.vars.inputs.get(id).and_then(Value::as_str) {
                Some(v) => {
                    let v = v.to_string();
                    self.keep_secret(&v);
                    Ok(Some(v))
                }
                None => Err(self.missing(
                    field,
                    &format!("${{input:{id}}}"),
                    &format!("answer it in inputs: {{ \"{id}\": … }}"),
                )),
            };
        }
        if let Some(name) = body.strip_prefix("env:") {
            let name = name.trim();
            if !is_var_name(name) {
                return Ok(None);
            }
            return match self.env_var(name) {
                Some(v) => Ok(Some(v)),
                None => Err(self.missing(field, &format!("${{env:{name}}}"), "set it in the environment")),
            };
        }
        match body {
            "workspaceFolder" => {
                return match self.vars.cwd {
                    Some(cwd) => Ok(Some(cwd.to_string())),
                    None => Err(self.missing(field, "${workspaceFolder}", "pass cwd")),
                };
            }
            "userHome" => {
                return match self.vars.env.get("HOME").and_then(Value::as_str) {
                    Some(home) => Ok(Some(home.to_string())),
                    None => Err(self.missing(field, "${userHome}", "set HOME")),
                };
            }
            _ => {}
        }
        let (name, default) = match body.split_once(":-") {
            Some((name, default)) => (name, Some(default)),
            None => (body, None),
        };
        if !is_var_name(name) {
            return Ok(None);
        }
        match (self.env_var(name), default) {
            (Some(v), _) => Ok(Some(v)),
            (None, Some(d)) => Ok(Some(d.to_string())),
            (None, None) => Err(self.missing(
                field,
                &format!("${{{name}}}"),
                &format!("set it in the environment, or write ${{{name}:-default}}"),
            )),
        }
    }

    /// `text` with every variable expanded; `field` names it in an error (`env.TOKEN`, `args[2]`).
    pub fn expand(&mut self, text: &str, field: &str) -> Result<String, String> {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        loop {
            let dollar = rest.find("${");
            let brace = if self.vars.braces { rest.find("{env:") } else { None };
            let (at, open) = match (dollar, brace) {
                (Some(d), Some(b)) if b < d && !(b > 0 && rest.as_bytes()[b - 1] == b'$') => (b, 1),
                (Some(d), _) => (d, 2),
                (None, Some(b)) => (b, 1),
                (None, None) => break,
            };
            let Some(close) = rest[at..].find('}') else { break };
            let body = &rest[at + open..at + close];
            let body = if open == 1 { format!("env:{}", &body[4..]) } else { body.to_string() };
            out.push_str(&rest[..at]);
            match self.resolve(&body, field)? {
                Some(value) => out.push_str(&value),
                None => out.push_str(&rest[at..=at + close]),
            }
            rest = &rest[at + close + 1..];
        }
        out.push_str(rest);
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn run(text: &str, braces: bool) -> (Result<String, String>, Vec<String>) {
        let env = json!({ "TOKEN": "s3cret-token", "HOME": "/home/u", "EMPTY": "" });
        let inputs = json!({ "api-key": "key-123456" });
        let vars = Vars {
            env: env.as_object().unwrap(),
            inputs: inputs.as_object().unwrap(),
            cwd: Some("/ws"),
            braces,
        };
        let mut ex = Expander::new(vars, "gh");
        let r = ex.expand(text, "headers.Authorization");
        (r, ex.secrets)
    }

    #[test]
    fn every_form_expands_and_is_kept_as_a_secret() {
        let (r, secrets) = run("Bearer ${TOKEN}", false);
        assert_eq!(r.unwrap(), "Bearer s3cret-token");
        assert_eq!(secrets, ["s3cret-token"]);
        assert_eq!(run("${env:TOKEN}", false).0.unwrap(), "s3cret-token");
        assert_eq!(run("${input:api-key}", false).0.unwrap(), "key-123456");
        assert_eq!(run("{env:TOKEN}", true).0.unwrap(), "s3cret-token");
        assert_eq!(run("{env:TOKEN}", false).0.unwrap(), "{env:TOKEN}");
        assert_eq!(run("${workspaceFolder}/x ${userHome}", false).0.unwrap(), "/ws/x /home/u");
        assert_eq!(run("a${EMPTY}b", false).0.unwrap(), "ab");
    }

    #[test]
    fn defaults_apply_only_when_unset() {
        let (r, secrets) = run("${NOPE:-http://localhost:3000}/mcp", false);
        assert_eq!(r.unwrap(), "http://localhost:3000/mcp");
        assert!(secrets.is_empty());
        assert_eq!(run("${TOKEN:-x}", false).0.unwrap(), "s3cret-token");
    }

    #[test]
    fn a_missing_variable_names_the_server_and_the_field() {
        let e = run("Bearer ${GITHUB_TOKEN}", false).0.unwrap_err();
        assert!(e.contains("server \"gh\""), "{e}");
        assert!(e.contains("headers.Authorization"), "{e}");
        assert!(e.contains("${GITHUB_TOKEN}"), "{e}");
        let e = run("${input:other}", false).0.unwrap_err();
        assert!(e.contains("${input:other}") && e.contains("inputs"), "{e}");
    }

    #[test]
    fn other_forms_and_broken_ones_stay_as_written() {
        assert_eq!(run("${/} ${1abc} $HOME ${unclosed", false).0.unwrap(), "${/} ${1abc} $HOME ${unclosed");
        assert_eq!(run("ünï ${TOKEN} ünï", false).0.unwrap(), "ünï s3cret-token ünï");
    }
}
