//! The request plan: everything a call needs to know to turn arguments into one HTTP request
//! and its reply into a `ToolResult`. `httpTool` builds one from its options
//! ([`super::define`]), `fromOpenAPI` one per operation ([`crate::openapi`]); the hosts keep it
//! as the JSON [`Plan::to_value`] writes and hand it back with each call's arguments.

use serde_json::{json, Map, Value};

use crate::ops::OpError;

/// The default limit on a response body: 1 MiB.
pub const DEFAULT_MAX_BYTES: u64 = 1 << 20;
/// The default time limit of a call, in milliseconds.
pub const DEFAULT_TIMEOUT_MS: u64 = 30_000;

/// Where an argument goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    Path,
    Query,
    Header,
    Body,
}

impl Place {
    fn word(self) -> &'static str {
        match self {
            Place::Path => "path",
            Place::Query => "query",
            Place::Header => "header",
            Place::Body => "body",
        }
    }
    fn parse(word: &str) -> Option<Place> {
        Some(match word {
            "path" => Place::Path,
            "query" => Place::Query,
            "header" => Place::Header,
            "body" => Place::Body,
            _ => return None,
        })
    }
}

/// One argument with a fixed place: `arg` (the name the model sees) is sent as `name`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    pub arg: String,
    pub at: Place,
    pub name: String,
}

/// How a body is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Json,
    Form,
    Raw,
}

impl Encoding {
    pub fn word(self) -> &'static str {
        match self {
            Encoding::Json => "json",
            Encoding::Form => "form",
            Encoding::Raw => "raw",
        }
    }
    pub fn parse(word: &str) -> Option<Encoding> {
        Some(match word {
            "json" => Encoding::Json,
            "form" => Encoding::Form,
            "raw" => Encoding::Raw,
            _ => return None,
        })
    }
    pub fn content_type(self) -> &'static str {
        match self {
            Encoding::Json => "application/json",
            Encoding::Form => "application/x-www-form-urlencoded",
            Encoding::Raw => "text/plain;charset=UTF-8",
        }
    }
}

/// Where the arguments without a fixed place go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rest {
    Query,
    Body,
    Drop,
}

/// What a successful reply becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Text,
    Json,
    StatusText,
}

impl Mode {
    pub fn parse(word: &str) -> Option<Mode> {
        Some(match word {
            "text" => Mode::Text,
            "json" => Mode::Json,
            "status+text" => Mode::StatusText,
            _ => return None,
        })
    }
    pub fn word(self) -> &'static str {
        match self {
            Mode::Text => "text",
            Mode::Json => "json",
            Mode::StatusText => "status+text",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub method: String,
    /// The URL template: `{name}` placeholders are filled from the arguments.
    pub url: String,
    /// The configured headers, values still holding their `${VAR}`s.
    pub headers: Vec<(String, String)>,
    pub params: Vec<Param>,
    pub rest: Rest,
    pub body: Option<Encoding>,
    /// An argument that is the whole body (a body that is not an object of fields).
    pub body_arg: Option<String>,
    pub mode: Mode,
    pub max_bytes: u64,
    pub timeout_ms: u64,
    /// The environment variables the headers need, in order of first use.
    pub vars: Vec<String>,
}

impl Plan {
    pub fn to_value(&self) -> Value {
        let params: Vec<Value> =
            self.params.iter().map(|p| json!({ "arg": p.arg, "in": p.at.word(), "name": p.name })).collect();
        let headers: Vec<Value> = self.headers.iter().map(|(k, v)| json!([k, v])).collect();
        json!({
            "method": self.method,
            "url": self.url,
            "headers": headers,
            "params": params,
            "rest": match self.rest { Rest::Query => "query", Rest::Body => "body", Rest::Drop => "drop" },
            "body": self.body.map(Encoding::word),
            "bodyArg": self.body_arg,
            "resultMode": self.mode.word(),
            "maxBytes": self.max_bytes,
            "timeout": self.timeout_ms,
            "vars": self.vars,
            // Derived from the mode, for the host (never read back): `response::body_is_output`.
            "bodyIsOutput": super::response::body_is_output(self.mode).map(|(lo, hi)| json!([lo, hi])),
        })
    }

    /// A plan as [`Plan::to_value`] wrote it (a host hands it back with each call).
    pub fn from_value(value: &Value) -> Result<Plan, OpError> {
        let map = value.as_object().ok_or_else(|| OpError::type_error("`plan` must be an object"))?;
        let text = |key: &str| -> Result<String, OpError> {
            map.get(key)
                .and_then(Value::as_str)
                .map(String::from)
                .ok_or_else(|| OpError::type_error(format!("`plan.{key}` must be a string")))
        };
        let headers = list(map, "headers")?
            .iter()
            .map(|pair| match pair.as_array().map(Vec::as_slice) {
                Some([Value::String(k), Value::String(v)]) => Ok((k.clone(), v.clone())),
                _ => Err(OpError::type_error("`plan.headers` must hold [name, value] pairs")),
            })
            .collect::<Result<_, _>>()?;
        let params = list(map, "params")?
            .iter()
            .map(|p| {
                let field = |k: &str| p.get(k).and_then(Value::as_str);
                match (field("arg"), field("in").and_then(Place::parse), field("name")) {
                    (Some(arg), Some(at), Some(name)) => {
                        Ok(Param { arg: arg.to_string(), at, name: name.to_string() })
                    }
                    _ => Err(OpError::type_error("`plan.params` must hold { arg, in, name } objects")),
                }
            })
            .collect::<Result<_, _>>()?;
        let vars = list(map, "vars")?.iter().filter_map(Value::as_str).map(String::from).collect();
        Ok(Plan {
            method: text("method")?,
            url: text("url")?,
            headers,
            params,
            rest: match map.get("rest").and_then(Value::as_str) {
                Some("body") => Rest::Body,
                Some("drop") => Rest::Drop,
                _ => Rest::Query,
            },
            body: map.get("body").and_then(Value::as_str).and_then(Encoding::parse),
            body_arg: map.get("bodyArg").and_then(Value::as_str).map(String::from),
            mode: map.get("resultMode").and_then(Value::as_str).and_then(Mode::parse).unwrap_or(Mode::Text),
            max_bytes: map.get("maxBytes").and_then(Value::as_u64).unwrap_or(DEFAULT_MAX_BYTES),
            timeout_ms: map.get("timeout").and_then(Value::as_u64).unwrap_or(DEFAULT_TIMEOUT_MS),
            vars,
        })
    }
}

fn list<'a>(map: &'a Map<String, Value>, key: &str) -> Result<&'a [Value], OpError> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(items)) => Ok(items),
        Some(_) => Err(OpError::type_error(format!("`plan.{key}` must be an array"))),
    }
}

/// The `${VAR}` names in `text`, in order (a `${` that does not close on a name stays text).
pub fn vars_in(text: &str, out: &mut Vec<String>) {
    let mut rest = text;
    while let Some(start) = rest.find("${") {
        let after = &rest[start + 2..];
        match after.find('}') {
            Some(end) if is_var_name(&after[..end]) => {
                let name = &after[..end];
                if !out.iter().any(|v| v == name) {
                    out.push(name.to_string());
                }
                rest = &after[end + 1..];
            }
            _ => rest = after,
        }
    }
}

/// A variable name: `[A-Za-z_][A-Za-z0-9_]*`.
pub fn is_var_name(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `text` with every `${VAR}` replaced by `env`'s value; the first unset one is the error.
pub fn expand(text: &str, env: &Map<String, Value>) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        match after.find('}') {
            Some(end) if is_var_name(&after[..end]) => {
                let name = &after[..end];
                match env.get(name).and_then(Value::as_str) {
                    Some(value) => out.push_str(value),
                    None => return Err(name.to_string()),
                }
                rest = &after[end + 1..];
            }
            _ => {
                out.push_str("${");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_and_expands_variables() {
        let mut vars = vec![];
        vars_in("Bearer ${TOKEN} ${TOKEN} ${ORG_1} ${1x} ${", &mut vars);
        assert_eq!(vars, ["TOKEN", "ORG_1"]);
        let env = json!({ "TOKEN": "t0k", "ORG_1": "o" });
        let env = env.as_object().cloned().unwrap_or_default();
        assert_eq!(expand("Bearer ${TOKEN}/${ORG_1} ${1x} $${", &env), Ok("Bearer t0k/o ${1x} $${".into()));
        assert_eq!(expand("${MISSING}", &env), Err("MISSING".into()));
    }

    #[test]
    fn a_plan_survives_the_round_trip() {
        let plan = Plan {
            method: "POST".into(),
            url: "https://x.test/a/{id}".into(),
            headers: vec![("Authorization".into(), "Bearer ${T}".into())],
            params: vec![Param { arg: "body_id".into(), at: Place::Body, name: "id".into() }],
            rest: Rest::Drop,
            body: Some(Encoding::Form),
            body_arg: None,
            mode: Mode::StatusText,
            max_bytes: 10,
            timeout_ms: 5,
            vars: vec!["T".into()],
        };
        assert_eq!(Plan::from_value(&plan.to_value()), Ok(plan));
        assert!(Plan::from_value(&json!({ "method": 1 })).is_err());
    }
}
