//! The schemas of a tool list as text in, text out: what the npm package sends the core.
//!
//! In: the JSON of the names array, then one line per schema (`\n` and its JSON; `null` for a
//! tool without one). Compact JSON never holds a raw line break, so the lines are the schemas;
//! a call with names alone only checks them. Each schema is parsed on its own and taken apart
//! by its rewrite; a schema sent as given (strict mode's fallback, or a `parametersJsonSchema`
//! with nothing to change) is copied from the input text, never parsed or printed again.
//!
//! Out: `{"schemas":[` with each schema on a line of its own (`\n` before the first, `\n,`
//! before each next one), then `\n]`, strict mode's verdicts (`"strict":[…]`) for the strict
//! targets, the notes with `explain`, and `}`; names alone give `{}`. The caller parses the
//! answer once and keeps each schema's line as its text.

use super::out::{check_names, empty_schema, notes, rewrite, Target};
use serde_json::Value;

/// The answer (JSON text), or the message of the `TypeError` to throw.
pub fn schemas_out(target: Target, input: &str, explain: bool) -> Result<String, String> {
    let (head, lines) = match input.split_once('\n') {
        Some((head, rest)) => (head, Some(rest)),
        None => (input, None),
    };
    let names = match serde_json::from_str(head) {
        Ok(Value::Array(names)) => names,
        Ok(_) => return Err(format!("{}: expected a list of tools", target.function())),
        Err(_) => return Err("the tool list could not be read as JSON".into()),
    };
    check_names(target, &names)?;
    let Some(lines) = lines else { return Ok("{}".into()) };
    let mut out: Vec<u8> = Vec::with_capacity(input.len() + input.len() / 4 + 64);
    out.extend_from_slice(b"{\"schemas\":[");
    let mut strict: Vec<bool> = Vec::new();
    let mut all_notes = Vec::new();
    for (i, line) in lines.split('\n').enumerate() {
        out.extend_from_slice(if i == 0 { b"\n" } else { b"\n," });
        if target == Target::Gemini(false) && unchanged_json_schema(line) {
            out.extend_from_slice(line.as_bytes());
            if explain {
                all_notes.push(Value::Array(Vec::new()));
            }
            continue;
        }
        let schema = match serde_json::from_str(line) {
            Ok(Value::Null) => empty_schema(),
            Ok(schema) => schema,
            Err(_) => return Err("the tool list could not be read as JSON".into()),
        };
        let r = rewrite(target, schema);
        match &r.schema {
            Some(schema) => write(&mut out, schema),
            None => out.extend_from_slice(line.as_bytes()),
        }
        strict.extend(r.strict);
        if explain {
            all_notes.push(notes(&r.changes, r.reason.as_deref()));
        }
    }
    out.extend_from_slice(b"\n]");
    if matches!(target, Target::OpenAI(Some(_)) | Target::Responses(_)) {
        out.extend_from_slice(b",\"strict\":[");
        for (i, s) in strict.iter().enumerate() {
            out.extend_from_slice(match (i, s) {
                (0, true) => b"true".as_slice(),
                (0, false) => b"false",
                (_, true) => b",true",
                (_, false) => b",false",
            });
        }
        out.push(b']');
    }
    if explain {
        out.extend_from_slice(b",\"notes\":");
        write(&mut out, &Value::Array(all_notes));
    }
    out.push(b'}');
    // Every piece is either input text (a `&str`) or serde_json's output: always UTF-8.
    String::from_utf8(out).map_err(|_| "the answer could not be written".into())
}

/// `value`'s JSON appended to `out`. Writing to a `Vec` cannot fail.
fn write(out: &mut Vec<u8>, value: &Value) {
    let _ = serde_json::to_writer(out, value);
}

/// Whether `parametersJsonSchema` sends this schema text as it is: it names no keyword the
/// dialect changes (`$schema`, `const`) or prunes (`$defs`, `definitions`). A key is found by
/// its quoted text, so any escape (`\u`) in the text means parsing it to be sure; `null` is a
/// tool without a schema.
fn unchanged_json_schema(text: &str) -> bool {
    const KEYS: [&[u8]; 4] = [b"\"$schema\"", b"\"const\"", b"\"$defs\"", b"\"definitions\""];
    let bytes = text.as_bytes();
    text != "null"
        && !bytes.iter().enumerate().any(|(i, &b)| match b {
            b'\\' => bytes.get(i + 1) == Some(&b'u'),
            b'"' => KEYS.iter().any(|k| bytes[i..].starts_with(k)),
            _ => false,
        })
}
