use serde_json::{json, Value};

use super::*;

fn doc(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

const CARD_03: &str = include_str!("testdata/card-0.3.json");
const CARD_10: &str = include_str!("testdata/card-1.0.json");

#[test]
fn a_0_3_card_speaks_0_3_at_its_url() {
    let agent = read(&doc(CARD_03), Some("https://georoute-agent.example.com/.well-known/agent-card.json"));
    assert_eq!(
        agent,
        Ok(Agent {
            name: "GeoSpatial Route Planner Agent".into(),
            version: Version::V03,
            url: "https://georoute-agent.example.com/a2a/v1".into(),
            tenant: None,
        })
    );
}

#[test]
fn a_1_0_card_speaks_1_0_over_json_rpc_with_its_tenant() {
    let agent = read(&doc(CARD_10), None);
    assert_eq!(
        agent,
        Ok(Agent {
            name: "Recipe Agent".into(),
            version: Version::V10,
            url: "https://recipes.example.com/a2a/jsonrpc".into(),
            tenant: Some("kitchen-7".into()),
        })
    );
}

#[test]
fn a_1_0_card_with_only_a_0_3_json_rpc_interface_speaks_0_3() {
    let card = json!({ "name": "old", "supportedInterfaces": [
        { "url": "http://h/grpc", "protocolBinding": "GRPC", "protocolVersion": "1.0" },
        { "url": "http://h/v03", "protocolBinding": "JSONRPC", "protocolVersion": "0.3" },
    ]});
    let agent = read(&card, None).map(|a| (a.version, a.url));
    assert_eq!(agent, Ok((Version::V03, "http://h/v03".to_string())));
    let empty =
        json!({ "name": "x", "supportedInterfaces": [{ "url": "http://h/r", "protocolBinding": "jsonrpc" }]});
    assert_eq!(read(&empty, None).map(|a| a.version), Ok(Version::V03));
}

#[test]
fn relative_interface_urls_resolve_against_the_card_url() {
    let card = json!({ "name": "rel", "supportedInterfaces": [
        { "url": "/a2a/jsonrpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0" },
    ]});
    let agent = read(&card, Some("http://127.0.0.1:5000/.well-known/agent-card.json"));
    assert_eq!(agent.map(|a| a.url), Ok("http://127.0.0.1:5000/a2a/jsonrpc".to_string()));
    let unknown = read(&card, None);
    assert_eq!(
        unknown,
        Err("its interface URL \"/a2a/jsonrpc\" is relative and the card's own URL is unknown".into())
    );
}

#[test]
fn a_0_3_card_preferring_another_transport_uses_its_json_rpc_interface() {
    let card = json!({ "name": "g", "url": "http://h/grpc", "preferredTransport": "GRPC",
        "additionalInterfaces": [{ "url": "http://h/grpc", "transport": "GRPC" }, { "url": "http://h/rpc", "transport": "JSONRPC" }]});
    assert_eq!(read(&card, None).map(|a| a.url), Ok("http://h/rpc".to_string()));
    let only = json!({ "name": "g", "url": "http://h/grpc", "preferredTransport": "GRPC" });
    assert_eq!(read(&only, None), Err("it offers no JSON-RPC interface (only GRPC)".into()));
}

#[test]
fn what_is_not_a_card_says_why() {
    assert_eq!(read(&json!([1]), None), Err("it is not a JSON object".into()));
    assert_eq!(read(&json!({ "url": "http://h" }), None), Err("it has no \"name\"".into()));
    assert_eq!(read(&json!({ "name": " " }), None), Err("it has no \"name\"".into()));
    let none = read(&json!({ "name": "n" }), None);
    assert!(none.is_err_and(|e| e.contains("names no interface")));
    let rest = json!({ "name": "n", "supportedInterfaces": [{ "url": "http://h", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0" }] });
    assert_eq!(read(&rest, None), Err("it offers no JSON-RPC interface (only HTTP+JSON)".into()));
}

#[test]
fn the_agent_round_trips_through_json() {
    let agent = read(&doc(CARD_10), None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(Agent::from_json(&agent.to_json()), Ok(agent));
    assert!(Agent::from_json(&json!({ "version": "2.0", "url": "x" })).is_err());
}

#[test]
fn one_tool_per_agent_with_its_skills_in_the_description() {
    let def = definition(&doc(CARD_03));
    assert_eq!(def["name"], "GeoSpatial_Route_Planner_Agent");
    assert_eq!(def["inputSchema"]["required"], json!(["message"]));
    assert_eq!(def["inputSchema"]["properties"]["contextId"]["type"], "string");
    let text = def["description"].as_str().unwrap_or("");
    assert!(text.starts_with("Provides advanced route planning, traffic analysis, and custom map generation services.\n\nSkills:\n- Traffic-Aware Route Optimizer: Calculates"));
    assert!(text.contains("\n  Examples: Plan a route from '1600 Amphitheatre Parkway"));
    assert!(text.contains("\n- Personalized Map Generator: Creates custom map images"));
    let d10 = definition(&doc(CARD_10));
    assert_eq!(
        d10["description"],
        "Agent that helps users with recipes and cooking.\n\nSkills:\n- Find recipe: Finds a recipe from the ingredients at hand.\n  Examples: What can I cook with eggs and spinach?; A vegan dessert without nuts"
    );
}

#[test]
fn long_names_and_descriptions_are_bounded() {
    let card = json!({ "name": "a".repeat(100), "description": "d".repeat(20_000) });
    let def = definition(&card);
    assert_eq!(def["name"].as_str().map(str::len), Some(64));
    assert_eq!(def["description"].as_str().map(|d| d.chars().count()), Some(8_000));
    let many: Vec<Value> = (0..60).map(|i| json!({ "id": format!("s{i}") })).collect();
    let desc = description(&json!({ "name": "x", "skills": many }));
    assert!(desc.ends_with("- s49\n(and 10 more skills)"));
}
