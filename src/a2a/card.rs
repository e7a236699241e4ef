//! Reading an agent card: which protocol version to speak, where, and the one tool it becomes.
//!
//! A 1.0 card lists `supportedInterfaces` (`url`, `protocolBinding`, `protocolVersion`,
//! `tenant`); the JSON-RPC binding is the one spoken, at version 1.0 when offered, else 0.3. A
//! 0.3 card has `url` and `preferredTransport` (JSON-RPC when absent), with other transports in
//! `additionalInterfaces`. Relative URLs are resolved against the card's own URL.

use serde_json::{json, Map, Value};

use super::url::resolve;
use crate::names;

/// The protocol version spoken with an agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    V03,
    V10,
}

impl Version {
    pub fn as_str(self) -> &'static str {
        match self {
            Version::V03 => "0.3",
            Version::V10 => "1.0",
        }
    }
    pub fn parse(text: &str) -> Option<Version> {
        match text {
            "0.3" => Some(Version::V03),
            "1.0" => Some(Version::V10),
            _ => None,
        }
    }
}

/// Where and how to reach an agent: what the host passes back with every request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Agent {
    pub name: String,
    pub version: Version,
    pub url: String,
    pub tenant: Option<String>,
}

impl Agent {
    pub fn to_json(&self) -> Value {
        let mut o = json!({ "name": self.name, "version": self.version.as_str(), "url": self.url });
        if let Some(t) = &self.tenant {
            o["tenant"] = json!(t);
        }
        o
    }

    pub fn from_json(v: &Value) -> Result<Agent, String> {
        let s = |k: &str| v.get(k).and_then(Value::as_str);
        let version =
            s("version").and_then(Version::parse).ok_or("`agent.version` must be \"0.3\" or \"1.0\"")?;
        Ok(Agent {
            name: s("name").unwrap_or("agent").to_string(),
            version,
            url: s("url").ok_or("`agent.url` must be a string")?.to_string(),
            tenant: s("tenant").map(str::to_string),
        })
    }
}

/// The most text a tool description takes from a card, and how many skills and examples.
const MAX_DESCRIPTION: usize = 8_000;
const MAX_SKILLS: usize = 50;
const MAX_EXAMPLES: usize = 5;

/// The protocol version an interface's `protocolVersion` names: `1.x` is 1.0; `0.x`, empty or
/// absent is 0.3 (the protocol's rule for a missing version); anything else is not spoken.
fn interface_version(v: Option<&str>) -> Option<Version> {
    let v = v.unwrap_or("").trim();
    if v.is_empty() {
        return Some(Version::V03);
    }
    match v.split('.').next().and_then(|m| m.parse::<u32>().ok()) {
        Some(1) => Some(Version::V10),
        Some(0) => Some(Version::V03),
        _ => None,
    }
}

fn is_jsonrpc(binding: Option<&str>) -> bool {
    binding.is_some_and(|b| {
        b.trim().eq_ignore_ascii_case("JSONRPC") || b.trim().eq_ignore_ascii_case("JSON-RPC")
    })
}

fn text<'a>(o: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    o.get(key).and_then(Value::as_str)
}

/// The agent a card describes, `card_url` being where it was read (for relative URLs and for
/// the messages). `Err` is the reason it is not a usable card.
pub fn read(card: &Value, card_url: Option<&str>) -> Result<Agent, String> {
    let o = card.as_object().ok_or("it is not a JSON object")?;
    let name = text(o, "name").map(str::trim).filter(|n| !n.is_empty()).ok_or("it has no \"name\"")?;
    let at = |url: &str| {
        resolve(card_url, url)
            .ok_or_else(|| format!("its interface URL {url:?} is relative and the card's own URL is unknown"))
    };
    let mut bindings = Vec::new();
    if let Some(list) = o.get("supportedInterfaces").and_then(Value::as_array) {
        let mut best: Option<(Version, &Map<String, Value>)> = None;
        for i in list.iter().filter_map(Value::as_object) {
            let binding = text(i, "protocolBinding").or_else(|| text(i, "transport"));
            if !is_jsonrpc(binding) {
                bindings.extend(binding.map(str::to_string));
                continue;
            }
            let Some(version) = interface_version(text(i, "protocolVersion")) else { continue };
            if text(i, "url").is_none() {
                continue;
            }
            if best.is_none() || (version == Version::V10 && best.is_some_and(|(v, _)| v != Version::V10)) {
                best = Some((version, i));
            }
        }
        if let Some((version, i)) = best {
            let tenant = text(i, "tenant").filter(|t| !t.is_empty()).map(str::to_string);
            return Ok(Agent {
                name: name.to_string(),
                version,
                url: at(text(i, "url").unwrap_or(""))?,
                tenant,
            });
        }
    }
    if let Some(url) = text(o, "url") {
        let preferred = text(o, "preferredTransport");
        if preferred.is_none() || is_jsonrpc(preferred) {
            return Ok(Agent { name: name.to_string(), version: Version::V03, url: at(url)?, tenant: None });
        }
        bindings.extend(preferred.map(str::to_string));
        let extra = o.get("additionalInterfaces").and_then(Value::as_array).into_iter().flatten();
        for i in extra.filter_map(Value::as_object) {
            if let (true, Some(url)) = (is_jsonrpc(text(i, "transport")), text(i, "url")) {
                return Ok(Agent {
                    name: name.to_string(),
                    version: Version::V03,
                    url: at(url)?,
                    tenant: None,
                });
            }
        }
    }
    if bindings.is_empty() {
        return Err(
            "it names no interface to reach the agent (neither \"supportedInterfaces\" nor \"url\")".into()
        );
    }
    bindings.dedup();
    Err(format!("it offers no JSON-RPC interface (only {})", bindings.join(", ")))
}

/// The tool an agent becomes: `{ name, description, inputSchema }`.
pub fn definition(card: &Value) -> Value {
    let raw_name = card.get("name").and_then(Value::as_str).map(str::trim).unwrap_or("agent");
    json!({
        "name": names::tool_name(raw_name, names::MAX_LEN),
        "description": description(card),
        "inputSchema": input_schema(),
    })
}

/// The input every A2A tool takes.
pub fn input_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "message": {
                "type": "string",
                "description": "The message to send to the agent, in plain language.",
            },
            "contextId": {
                "type": "string",
                "description": "The contextId of an earlier answer of this agent, to continue that conversation (for example to answer its question).",
            },
        },
        "required": ["message"],
        "additionalProperties": false,
    })
}

/// The card's description followed by its skills (name, description, examples), bounded.
pub fn description(card: &Value) -> String {
    let mut out = card.get("description").and_then(Value::as_str).unwrap_or("").trim().to_string();
    let skills: Vec<&Value> =
        card.get("skills").and_then(Value::as_array).map(|s| s.iter().collect()).unwrap_or_default();
    if !skills.is_empty() {
        if !out.is_empty() {
            out.push_str("\n\n");
        }
        out.push_str("Skills:");
        for skill in skills.iter().take(MAX_SKILLS) {
            let field = |k: &str| skill.get(k).and_then(Value::as_str).map(str::trim).unwrap_or("");
            let name = if field("name").is_empty() { field("id") } else { field("name") };
            out.push_str("\n- ");
            out.push_str(name);
            let about = field("description");
            if !about.is_empty() {
                out.push_str(if name.is_empty() { "" } else { ": " });
                out.push_str(about);
            }
            let examples: Vec<&str> = skill
                .get("examples")
                .and_then(Value::as_array)
                .map(|e| e.iter().filter_map(Value::as_str).take(MAX_EXAMPLES).collect())
                .unwrap_or_default();
            if !examples.is_empty() {
                out.push_str("\n  Examples: ");
                out.push_str(&examples.join("; "));
            }
        }
        if skills.len() > MAX_SKILLS {
            out.push_str(&format!("\n(and {} more skills)", skills.len() - MAX_SKILLS));
        }
    }
    if out.chars().count() > MAX_DESCRIPTION {
        out = out.chars().take(MAX_DESCRIPTION - 1).collect();
        out.push('…');
    }
    out
}

#[cfg(test)]
#[path = "card_tests.rs"]
mod tests;
