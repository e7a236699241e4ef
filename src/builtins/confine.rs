//! Where a path may go: inside the root, and nowhere else.
//!
//! Two steps, both before anything is read or written. [`locate`] places the path the model gave
//! under the root lexically (`.` and `..` resolved as text; an absolute path taken as is) and
//! refuses what lands outside. The host then resolves that path on disk (`realpath` of the
//! deepest part that exists, symbolic links followed, the rest appended) and [`check`] refuses
//! a real path outside the root's real path: a symbolic link that leads out. The host does its
//! I/O on the real path it was allowed.

use serde_json::{json, Map, Value};

use super::{failure, field_str};
use crate::ops::OpResult;

/// `path` placed under `root` (an absolute, resolved path) as text, or the refusal the model
/// reads.
pub fn locate(root: &str, path: &str) -> Result<String, String> {
    if path.contains('\0') {
        return Err(format!("The path {path:?} contains a NUL character."));
    }
    let joined = if path.starts_with('/') { path.to_string() } else { format!("{root}/{path}") };
    let mut parts: Vec<&str> = Vec::new();
    for part in joined.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            _ => parts.push(part),
        }
    }
    let normal = format!("/{}", parts.join("/"));
    if inside(root, &normal) {
        Ok(normal)
    } else {
        Err(format!("The path {path:?} is outside the root folder {root}; only paths inside it can be used."))
    }
}

/// Whether `path` is `root` or below it (both absolute and normalised).
pub fn inside(root: &str, path: &str) -> bool {
    let root = root.trim_end_matches('/');
    root.is_empty()
        || path == root
        || (path.starts_with(root) && path.as_bytes().get(root.len()) == Some(&b'/'))
}

/// The real path's verdict: `None` when it stays inside the real root.
pub fn check(root: &str, requested: &str, real: &str) -> Option<String> {
    if inside(root, real) {
        None
    } else {
        Some(format!(
            "The path {requested:?} leads outside the root folder {root} (through a symbolic link); only \
             paths inside it can be used."
        ))
    }
}

/// `builtins.confine {root, path, real}`: `{ok: true}` or an `isError` answer naming the path.
pub fn op(input: &Map<String, Value>) -> OpResult {
    let root = field_str(input, "root")?;
    let requested = field_str(input, "path")?;
    let real = field_str(input, "real")?;
    Ok(match check(root, requested, real) {
        None => json!({ "ok": true }),
        Some(message) => failure(message),
    })
}

/// `path` relative to `root` for display (`.` for the root itself).
pub fn relative(root: &str, path: &str) -> String {
    let root = root.trim_end_matches('/');
    match path.strip_prefix(root) {
        Some("") => ".".into(),
        Some(rest) if rest.starts_with('/') => rest[1..].to_string(),
        _ => path.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOT: &str = "/tmp/proj";

    #[test]
    fn relative_paths_stay_inside() {
        assert_eq!(locate(ROOT, "src/a.rs").unwrap(), "/tmp/proj/src/a.rs");
        assert_eq!(locate(ROOT, "./src/../b").unwrap(), "/tmp/proj/b");
        assert_eq!(locate(ROOT, ".").unwrap(), "/tmp/proj");
        assert_eq!(locate(ROOT, "a\nb").unwrap(), "/tmp/proj/a\nb");
    }

    #[test]
    fn dot_dot_and_absolute_paths_outside_are_refused_by_name() {
        let e = locate(ROOT, "../../etc/passwd").unwrap_err();
        assert!(e.contains("\"../../etc/passwd\" is outside the root folder /tmp/proj"), "{e}");
        assert!(locate(ROOT, "/etc/passwd").is_err());
        assert!(locate(ROOT, "/tmp/project/x").is_err(), "a sibling sharing the prefix is outside");
        assert!(locate(ROOT, "a/../../proj2").is_err());
        assert!(locate(ROOT, "a\0b").is_err());
        assert_eq!(locate(ROOT, "/tmp/proj/x").unwrap(), "/tmp/proj/x");
    }

    #[test]
    fn a_symbolic_link_out_is_refused_on_the_real_path() {
        assert_eq!(check(ROOT, "etc/passwd", "/tmp/proj/etc/passwd"), None);
        let e = check(ROOT, "etc/passwd", "/etc/passwd").unwrap();
        assert!(e.contains("\"etc/passwd\" leads outside"), "{e}");
        assert!(inside("/", "/anything"));
    }

    #[test]
    fn relative_display() {
        assert_eq!(relative(ROOT, "/tmp/proj"), ".");
        assert_eq!(relative(ROOT, "/tmp/proj/a/b"), "a/b");
    }
}
