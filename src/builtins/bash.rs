//! `bash`'s answer: the output the host kept (its head and its tail, bounded while the command
//! ran), cut to `maxOutput` characters with a note of what was left out, and how it ended.

use serde_json::{json, Map, Value};

use super::{answer, count, failure, field_bool, field_opt_str, field_str, field_u64};
use crate::ops::OpResult;

/// The first `n` characters of `text`.
fn first(text: &str, n: usize) -> &str {
    &text[..text.char_indices().nth(n).map_or(text.len(), |(i, _)| i)]
}

/// The last `n` characters of `text`.
fn last(text: &str, n: usize) -> &str {
    if n == 0 {
        return "";
    }
    &text[text.char_indices().rev().nth(n - 1).map_or(0, |(i, _)| i)..]
}

/// The output shown: `head` and `tail` (with `dropped` bytes between them, not kept by the
/// host) cut to `max` characters, half from each end, and a note of how many bytes were left out.
pub fn output(head: &str, tail: &str, dropped: u64, max: usize) -> (String, bool) {
    let (kept_head, kept_tail, left) = if dropped == 0 {
        let whole = format!("{head}{tail}");
        if whole.chars().count() <= max {
            return (whole, false);
        }
        let h = first(&whole, max / 2).to_string();
        let t = last(&whole, max - max / 2).to_string();
        let left = (whole.len() - h.len() - t.len()) as u64;
        (h, t, left)
    } else {
        let h = first(head, max / 2);
        let t = last(tail, max - max / 2);
        let left = dropped + (head.len() - h.len()) as u64 + (tail.len() - t.len()) as u64;
        (h.to_string(), t.to_string(), left)
    };
    (format!("{kept_head}\n\n[… {} bytes of output left out …]\n\n{kept_tail}", count(left)), true)
}

/// `builtins.bash {head, tail, dropped, maxOutput, exitCode, signal, timedOut, cancelled,
/// timeout, spawnError}`: the answer.
pub fn op(input: &Map<String, Value>) -> OpResult {
    if let Some(code) = field_opt_str(input, "spawnError")? {
        return Ok(failure(format!("The command could not be started ({code}).")));
    }
    let (mut out, truncated) = output(
        field_str(input, "head")?,
        field_str(input, "tail")?,
        field_u64(input, "dropped", 0)?,
        field_u64(input, "maxOutput", 32_000)? as usize,
    );
    let exit_code = input.get("exitCode").and_then(Value::as_i64);
    let signal = field_opt_str(input, "signal")?;
    let timed_out = field_bool(input, "timedOut");
    let cancelled = field_bool(input, "cancelled");
    let status = if timed_out {
        Some(format!(
            "The command timed out after {} ms; it and every process it started were stopped.",
            field_u64(input, "timeout", 0)?
        ))
    } else if cancelled {
        Some("The command was cancelled; it and every process it started were stopped.".to_string())
    } else if let Some(code) = exit_code.filter(|c| *c != 0) {
        Some(format!("Exit code {code}."))
    } else if exit_code.is_none() {
        Some(format!("The command was ended by signal {}.", signal.unwrap_or("unknown")))
    } else {
        None
    };
    let is_error = status.is_some();
    match status {
        Some(status) if out.is_empty() => out = format!("({status})"),
        Some(status) => out = format!("{}\n\n({status})", out.trim_end_matches('\n')),
        None if out.is_empty() => out = "(No output.)".into(),
        None => {}
    }
    let metadata = json!({
        "exitCode": exit_code,
        "signal": signal,
        "timedOut": timed_out,
        "cancelled": cancelled,
        "truncated": truncated,
    });
    Ok(answer(out, is_error, Some(metadata)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(v: Value) -> Value {
        op(v.as_object().unwrap()).unwrap()
    }

    #[test]
    fn short_output_is_whole() {
        assert_eq!(output("ab", "cd", 0, 10), ("abcd".into(), false));
    }

    #[test]
    fn long_output_keeps_head_and_tail_with_a_note() {
        let (out, cut) = output("0123456789", "", 0, 4);
        assert!(cut);
        assert_eq!(out, "01\n\n[… 6 bytes of output left out …]\n\n89");
        let (out, _) = output("aaaa", "zzzz", 1000, 4);
        assert_eq!(out, "aa\n\n[… 1,004 bytes of output left out …]\n\nzz");
    }

    #[test]
    fn exit_codes_and_endings() {
        let ok = run(json!({"head": "hi\n", "tail": "", "exitCode": 0}));
        assert_eq!((ok["output"].as_str().unwrap(), ok["isError"].as_bool().unwrap()), ("hi\n", false));
        assert_eq!(ok["metadata"]["exitCode"], 0);
        let bad = run(json!({"head": "bash: nope: command not found\n", "tail": "", "exitCode": 127}));
        assert_eq!(bad["isError"], true);
        assert!(bad["output"].as_str().unwrap().ends_with("\n\n(Exit code 127.)"));
        let t = run(
            json!({"head": "", "tail": "", "exitCode": null, "signal": "SIGTERM", "timedOut": true, "timeout": 1000}),
        );
        assert!(t["output"].as_str().unwrap().contains("timed out after 1000 ms"));
        let c = run(json!({"head": "", "tail": "", "exitCode": null, "cancelled": true}));
        assert!(c["output"].as_str().unwrap().contains("cancelled"));
        let s = run(json!({"head": "", "tail": "", "exitCode": null, "signal": "SIGKILL"}));
        assert!(s["output"].as_str().unwrap().contains("signal SIGKILL"));
        assert_eq!(run(json!({"head": "", "tail": "", "exitCode": 0}))["output"], "(No output.)");
        assert_eq!(run(json!({"spawnError": "ENOENT"}))["isError"], true);
    }
}
