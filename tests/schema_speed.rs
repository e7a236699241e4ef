//! How long `schema.tools_out` takes over the MCP corpus, every schema new (as the bench's cold
//! rows send it), through the core's JSON door, split into its parts. Not a check: run it by
//! hand, in release, to see where the time goes.
//!
//!     cargo test --release --test schema_speed -- --ignored --nocapture
#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;
use std::time::Instant;

fn request(options: &str, round: usize) -> String {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mcp-tools.json"))
        .expect("the corpus fixture");
    let Ok(Value::Array(mut tools)) = serde_json::from_str::<Value>(&text) else { panic!("a list") };
    let mut seen = Vec::new();
    for tool in &mut tools {
        let name = tool["name"].as_str().unwrap_or("").to_string();
        let name = if seen.contains(&name) { format!("{name}_2") } else { name };
        seen.push(name.clone());
        tool["name"] = Value::String(name);
        if let Some(Value::Object(schema)) = tool.get_mut("inputSchema") {
            schema.insert("description".into(), Value::String(format!("round {round}")));
        }
    }
    format!("{{\"target\":{options},\"tools\":{}}}", serde_json::to_string(&tools).unwrap_or_default())
}

/// Minimums (ms) of each part over `rounds` runs, each run's request, answer and trees dropped
/// before the next, as a host's calls do.
fn parts(requests: &[String]) -> [f64; 6] {
    let mut all: [Vec<f64>; 6] = Default::default();
    let mut sum = 0;
    for request in requests {
        let t = Instant::now();
        sum += toolnexus::ops::call("schema.tools_out", request).len();
        all[0].push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let input: Value = serde_json::from_str(request).unwrap_or_default();
        all[1].push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let answer = toolnexus::ops::dispatch("schema.tools_out", input).unwrap_or_default();
        all[2].push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let answer = serde_json::json!({ "ok": answer });
        sum += answer.to_string().len();
        all[3].push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        sum += serde_json::to_string(&answer).unwrap_or_default().len();
        all[5].push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        drop(answer);
        all[4].push(t.elapsed().as_secs_f64() * 1e3);
    }
    assert!(sum > 0);
    all.map(|mut v| {
        v.sort_by(|a, b| a.total_cmp(b));
        v[0]
    })
}

#[test]
#[ignore = "a timing to run by hand"]
fn tools_out_over_the_corpus() {
    for (name, options) in [
        ("openai strict", "\"openai\",\"strict\":true"),
        ("gemini openapi", "\"gemini\",\"dialect\":\"openapi\""),
    ] {
        let requests: Vec<String> = (0..400).map(|i| request(options, i)).collect();
        let [door, parse, dispatch, print, drop, bytes] = parts(&requests);
        println!(
            "{name:<15} door {door:.3} ms = parse {parse:.3} + dispatch {dispatch:.3} + print {print:.3} + answer dropped {drop:.3} (+ the input's drop); printed by the byte writer {bytes:.3}"
        );
    }
}

/// The rewrite alone, over and over, for a profiler (`TARGET` the options, as in the request).
#[test]
#[ignore = "a loop to profile by hand"]
fn dispatch_loop() {
    let options = std::env::var("TARGET").unwrap_or_else(|_| "\"openai\",\"strict\":true".into());
    let inputs: Vec<Value> =
        (0..50).map(|i| serde_json::from_str(&request(&options, i)).unwrap_or_default()).collect();
    let mut sum = 0;
    for i in 0..3000 {
        let answer = toolnexus::ops::dispatch("schema.tools_out", inputs[i % 50].clone());
        sum += answer.map_or(0, |a| a.as_array().map_or(0, Vec::len));
    }
    assert!(sum > 0);
}
