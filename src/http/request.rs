//! One call's arguments through a [`Plan`]: the request to send, or why none is sent.
//!
//! - `{placeholders}` in the URL are filled from their arguments, percent-encoded, and
//!   consumed; a missing one (absent or `null`) is an error naming it.
//! - Arguments with a fixed place go there (query, header, a body field under its wire name);
//!   the rest go where the plan says (query, body, or nowhere).
//! - Query strings and form bodies: arrays as repeated keys, objects as JSON
//!   ([`super::encode`]). A JSON body is the object of body fields, or the whole-body argument.
//! - Configured headers have their `${VAR}`s filled from `env`, the values the host read for
//!   [`Plan::vars`]; an unset variable is an error naming it (never a value). A header the
//!   configuration sets is not overridden by an argument; `Content-Type` is added for a body
//!   unless configured. Names compare case-insensitively.

use serde_json::{json, Map, Value};

use super::encode::{percent_encode_into, push_pairs, scalar_text};
use super::plan::{expand, Encoding, Place, Plan, Rest};

/// The request a call sends.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub method: String,
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Option<String>,
}

impl Request {
    /// `[method, url, [[name, value], …], body | null]` (an array: a host reads it at less cost
    /// than an object, on every call); a GET with no headers and no body, what most calls send,
    /// as its URL alone (a string).
    pub fn into_value(self) -> Value {
        if self.method == "GET" && self.headers.is_empty() && self.body.is_none() {
            return Value::String(self.url);
        }
        let headers: Vec<Value> = self.headers.into_iter().map(|(k, v)| json!([k, v])).collect();
        json!([self.method, self.url, headers, self.body])
    }
}

/// The request for `args` (an object) under `plan`, or the message of the error result.
pub fn build(plan: &Plan, args: &Value, env: &Map<String, Value>) -> Result<Request, String> {
    let empty = Map::new();
    let args = match args {
        Value::Object(map) => map,
        Value::Null => &empty,
        _ => return Err("the arguments must be a JSON object; nothing was sent".to_string()),
    };
    let mut used: Vec<&str> = Vec::new();
    let url = fill_url(plan, args, &mut used)?;

    let mut query = String::new();
    let mut fields = Map::new();
    let mut header_args: Vec<(String, String)> = Vec::new();
    for p in plan.params.iter().filter(|p| p.at != Place::Path) {
        used.push(&p.arg);
        let Some(value) = args.get(&p.arg).filter(|v| !v.is_null()) else { continue };
        match p.at {
            Place::Query => push_pairs(&mut query, &p.name, value),
            Place::Header => header_args.push((p.name.clone(), scalar_text(value).into_owned())),
            Place::Body => {
                fields.insert(p.name.clone(), value.clone());
            }
            Place::Path => {}
        }
    }
    let whole = plan.body_arg.as_deref().and_then(|a| {
        used.push(a);
        args.get(a).filter(|v| !v.is_null())
    });
    for (key, value) in args {
        if used.contains(&key.as_str()) {
            continue;
        }
        match plan.rest {
            Rest::Query => push_pairs(&mut query, key, value),
            Rest::Body if !value.is_null() => {
                fields.insert(key.clone(), value.clone());
            }
            _ => {}
        }
    }

    let mut url = url;
    if !query.is_empty() {
        url.push(if url.contains('?') { '&' } else { '?' });
        url.push_str(&query);
    }
    let body = match plan.body {
        Some(encoding) if plan.method != "GET" && plan.method != "HEAD" => body_text(encoding, whole, fields),
        _ => None,
    };

    let mut headers =
        Vec::with_capacity(plan.headers.len() + header_args.len() + usize::from(body.is_some()));
    for (name, template) in &plan.headers {
        let value = expand(template, env).map_err(|var| {
            format!(
                "the environment variable {var} is not set (the header {name} needs it); nothing was sent"
            )
        })?;
        if value.chars().any(|c| c.is_control() && c != '\t') {
            return Err(format!(
                "the value of the header {name} holds a line break or a control character; nothing was sent"
            ));
        }
        headers.push((name.clone(), value));
    }
    for (name, value) in header_args {
        if value.contains(['\r', '\n', '\0']) {
            return Err(format!("the argument for the header {name} holds a line break; nothing was sent"));
        }
        if !has_header(&headers, &name) {
            headers.push((name, value));
        }
    }
    if let (Some(encoding), Some(_)) = (plan.body, &body) {
        if !has_header(&headers, "content-type") {
            headers.push(("Content-Type".to_string(), encoding.content_type().to_string()));
        }
    }
    Ok(Request { method: plan.method.clone(), url, headers, body })
}

pub fn has_header(headers: &[(String, String)], name: &str) -> bool {
    headers.iter().any(|(k, _)| k.eq_ignore_ascii_case(name))
}

/// The URL with its placeholders filled (fragment dropped: it is never sent).
fn fill_url<'a>(
    plan: &'a Plan,
    args: &Map<String, Value>,
    used: &mut Vec<&'a str>,
) -> Result<String, String> {
    let template = plan.url.split('#').next().unwrap_or("");
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        let end = match after.find(['}', '{']) {
            Some(end) if after.as_bytes()[end] == b'}' && end > 0 => end,
            _ => {
                out.push('{');
                rest = after;
                continue;
            }
        };
        let slot = &after[..end];
        let arg = plan
            .params
            .iter()
            .find(|p| p.at == Place::Path && p.name == slot)
            .map_or(slot, |p| p.arg.as_str());
        match args.get(arg).filter(|v| !v.is_null()) {
            Some(value) => percent_encode_into(&mut out, &scalar_text(value)),
            None => {
                return Err(format!(
                    "missing argument \"{arg}\" for the URL placeholder {{{slot}}}; nothing was sent"
                ))
            }
        }
        used.push(arg);
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

fn body_text(encoding: Encoding, whole: Option<&Value>, fields: Map<String, Value>) -> Option<String> {
    match (encoding, whole) {
        (Encoding::Raw, Some(Value::String(s))) => Some(s.clone()),
        (Encoding::Form, Some(Value::String(s))) => Some(s.clone()),
        (Encoding::Form, Some(Value::Object(map))) => Some(form(map)),
        (_, Some(value)) => Some(value.to_string()),
        (_, None) if fields.is_empty() => None,
        (Encoding::Form, None) => Some(form(&fields)),
        (_, None) => Some(Value::Object(fields).to_string()),
    }
}

fn form(map: &Map<String, Value>) -> String {
    let mut out = String::new();
    for (k, v) in map {
        push_pairs(&mut out, k, v);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::define::define;

    fn plan(options: Value) -> Plan {
        let d = define(&options).unwrap_or_default();
        Plan::from_value(&d["plan"]).unwrap_or_else(|e| panic!("{e:?}"))
    }

    fn env(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn fills_placeholders_and_sends_the_rest_as_query() {
        let p = plan(json!({ "name": "n", "url": "https://api.test/users/{id}/files/{path}?v=1#top" }));
        let r = build(
            &p,
            &json!({ "id": "a/b c", "path": "../x", "tag": ["x", "y"], "f": { "a": [1] }, "n": null }),
            &Map::new(),
        );
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            r.url,
            "https://api.test/users/a%2Fb%20c/files/..%2Fx?v=1&tag=x&tag=y&f=%7B%22a%22%3A%5B1%5D%7D"
        );
        assert_eq!(r.body, None);
        assert!(r.headers.is_empty());
        let missing = build(&p, &json!({ "id": 7 }), &Map::new());
        assert_eq!(
            missing,
            Err("missing argument \"path\" for the URL placeholder {path}; nothing was sent".into())
        );
        assert!(build(&p, &json!([1]), &Map::new()).is_err());
    }

    #[test]
    fn bodies_in_each_encoding() {
        let p = plan(json!({ "name": "n", "method": "POST", "url": "http://h/{id}", "query": ["dry"] }));
        let r = build(&p, &json!({ "id": 1, "dry": true, "title": "t", "tags": ["a"] }), &Map::new())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.url, "http://h/1?dry=true");
        assert_eq!(r.body.as_deref(), Some(r#"{"title":"t","tags":["a"]}"#));
        assert_eq!(r.headers, [("Content-Type".to_string(), "application/json".to_string())]);

        let f = plan(json!({ "name": "n", "method": "POST", "url": "http://h", "body": "form",
            "headers": { "content-type": "application/x-www-form-urlencoded; charset=utf-8" } }));
        let r = build(&f, &json!({ "a": "x y", "b": [1, 2], "o": { "k": "v" } }), &Map::new())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.body.as_deref(), Some("a=x%20y&b=1&b=2&o=%7B%22k%22%3A%22v%22%7D"));
        assert_eq!(r.headers.len(), 1, "a configured content-type is kept, whatever its case");

        let raw = plan(json!({ "name": "n", "method": "PUT", "url": "http://h", "body": "raw" }));
        let r =
            build(&raw, &json!({ "body": "<xml/>", "v": 2 }), &Map::new()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.url.as_str(), r.body.as_deref()), ("http://h?v=2", Some("<xml/>")));
        assert_eq!(r.headers[0].1, "text/plain;charset=UTF-8");
        let empty = build(&p, &json!({ "id": 1 }), &Map::new()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((empty.body, empty.headers.len()), (None, 0));
    }

    #[test]
    fn header_variables_come_from_env_and_never_show() {
        let p = plan(
            json!({ "name": "n", "url": "http://h", "headers": { "Authorization": "Bearer ${TOKEN}" } }),
        );
        let r = build(&p, &json!({}), &env(json!({ "TOKEN": "s3cret" }))).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.headers, [("Authorization".to_string(), "Bearer s3cret".to_string())]);
        let unset = build(&p, &json!({}), &Map::new()).err().unwrap_or_default();
        assert!(unset.contains("TOKEN is not set") && unset.contains("Authorization"), "{unset}");
        let broken =
            build(&p, &json!({}), &env(json!({ "TOKEN": "a\r\nX-Evil: 1" }))).err().unwrap_or_default();
        assert!(broken.contains("line break") && !broken.contains("Evil"), "{broken}");
    }
}
