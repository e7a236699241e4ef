//! The answers that need no work on text: a file written, and the failures of the host's I/O
//! (told by their `errno` code, the same name in Node.js and Python), cancellation and timeouts.

use serde_json::{json, Map, Value};

use super::{answer, count, failure, field_opt_str, field_str, field_u64};
use crate::ops::OpResult;

/// `builtins.write {path, bytes}` and `builtins.failure {tool, path?, code?, timeout?, size?,
/// max?}` (`code` is an errno name, or `cancelled`, `timeout`, `too_large`, `not_a_file`).
pub fn op(name: &str, input: &Map<String, Value>) -> OpResult {
    if name == "write" {
        let path = field_str(input, "path")?;
        let bytes = field_u64(input, "bytes", 0)?;
        return Ok(answer(
            format!("Wrote {} bytes to {path:?}.", count(bytes)),
            false,
            Some(json!({ "bytes": bytes })),
        ));
    }
    let tool = field_str(input, "tool")?;
    let path = field_opt_str(input, "path")?.unwrap_or(".");
    let code = field_opt_str(input, "code")?.unwrap_or("EIO");
    Ok(failure(match code {
        "cancelled" => format!("The {tool} call was cancelled."),
        "timeout" => format!("The {tool} call timed out after {} ms.", field_u64(input, "timeout", 0)?),
        "too_large" => format!(
            "{path:?} is too large for {tool} ({} bytes; at most {}).",
            count(field_u64(input, "size", 0)?),
            count(field_u64(input, "max", 0)?)
        ),
        "not_text" => format!("{path:?} is not UTF-8 text; {tool} works on text files only."),
        "ENOENT" => format!("{path:?} does not exist."),
        "EACCES" | "EPERM" => format!("Permission denied: {path:?}."),
        "EISDIR" | "not_a_file" => format!("{path:?} is a folder, not a file."),
        "ENOTDIR" => format!("{path:?} is not a folder, or a part of it is not a folder."),
        "ELOOP" => format!("{path:?} goes through too many symbolic links."),
        "ENOSPC" | "EDQUOT" => format!("No space left to write {path:?}."),
        "EROFS" => format!("{path:?} is on a read-only file system."),
        other => format!("{tool} failed on {path:?}: {other}."),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts() {
        let w = op("write", json!({"path": "a", "bytes": 1200}).as_object().unwrap()).unwrap();
        assert_eq!(w["output"], "Wrote 1,200 bytes to \"a\".");
        let f = op("failure", json!({"tool": "read", "path": "x", "code": "ENOENT"}).as_object().unwrap())
            .unwrap();
        assert_eq!(
            (f["output"].as_str().unwrap(), f["isError"].as_bool().unwrap()),
            ("\"x\" does not exist.", true)
        );
        let t = op("failure", json!({"tool": "grep", "code": "timeout", "timeout": 5}).as_object().unwrap())
            .unwrap();
        assert_eq!(t["output"], "The grep call timed out after 5 ms.");
        let o = op("failure", json!({"tool": "read", "path": "x", "code": "EXDEV"}).as_object().unwrap())
            .unwrap();
        assert_eq!(o["output"], "read failed on \"x\": EXDEV.");
    }
}
