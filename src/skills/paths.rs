//! Where a resource path may go: relative to its skill's folder, and staying inside it.
//!
//! Two checks, on both sides of the host's I/O: before, the path the model gave is read as
//! text ([`resource_path`]: no absolute path, no `..`); after the host has resolved the real
//! paths (symbolic links followed), [`inside`] says whether the file is still in the folder.

/// The path the model gave, as `/`-separated segments relative to the skill's folder, or why it
/// is refused (a message for the model).
pub fn resource_path(file: &str) -> Result<String, String> {
    let absolute = file.starts_with(['/', '\\'])
        || file.as_bytes().get(1) == Some(&b':') && file.as_bytes()[0].is_ascii_alphabetic();
    if absolute {
        return Err(format!(
            "{file:?} is an absolute path: give a path relative to the skill's folder, as listed when the \
             skill is loaded"
        ));
    }
    if file.contains('\0') {
        return Err(format!("{file:?} holds a NUL character"));
    }
    let mut segments = Vec::new();
    for segment in file.split(['/', '\\']) {
        match segment {
            "" | "." => {}
            ".." => {
                return Err(format!(
                    "{file:?} goes outside the skill's folder: give a path inside it, without \"..\", as \
                     listed when the skill is loaded"
                ))
            }
            s => segments.push(s),
        }
    }
    if segments.is_empty() {
        return Err(format!(
            "{file:?} names no file: give a resource file's path, as listed when the skill is loaded"
        ));
    }
    Ok(segments.join("/"))
}

/// Whether `path` is `folder` or inside it (both real paths, as the host resolved them).
pub fn inside(folder: &str, path: &str) -> bool {
    let folder = folder.trim_end_matches(['/', '\\']);
    match path.strip_prefix(folder) {
        Some(rest) => rest.is_empty() || rest.starts_with(['/', '\\']) || folder.is_empty(),
        None => false,
    }
}

/// Whether `a` sorts before `b` as paths: segment by segment, so `a/b` comes before `a-b`.
pub fn path_order(a: &str, b: &str) -> std::cmp::Ordering {
    a.split(['/', '\\']).cmp(b.split(['/', '\\']))
}

/// The order of `keys` (a root's index, then a path segment by segment), as indices: the one
/// sort every list of skills and files goes through (each sort's code weighs on the `.wasm`).
pub fn order(keys: &[(u64, &str)]) -> Vec<usize> {
    let mut indices: Vec<usize> = (0..keys.len()).collect();
    indices.sort_by(|&a, &b| keys[a].0.cmp(&keys[b].0).then_with(|| path_order(keys[a].1, keys[b].1)));
    indices
}

/// `paths` sorted segment by segment.
pub fn sorted<'a>(paths: &[&'a str]) -> Vec<&'a str> {
    let keys: Vec<(u64, &str)> = paths.iter().map(|p| (0, *p)).collect();
    order(&keys).into_iter().map(|i| paths[i]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_only() {
        assert_eq!(resource_path("reference/guide.md"), Ok("reference/guide.md".into()));
        assert_eq!(resource_path("./scripts//run.py"), Ok("scripts/run.py".into()));
        assert_eq!(resource_path("a\\b.txt"), Ok("a/b.txt".into()));
        for bad in [
            "../../etc/passwd",
            "a/../../b",
            "/etc/passwd",
            "\\\\server\\share",
            "C:\\x",
            "c:/x",
            "",
            ".",
            "a\0b",
        ] {
            assert!(resource_path(bad).is_err(), "{bad:?}");
        }
        assert!(resource_path("../../etc/passwd").unwrap_err().contains("goes outside the skill's folder"));
    }

    #[test]
    fn inside_the_folder() {
        assert!(inside("/s/pdf", "/s/pdf/a.md"));
        assert!(inside("/s/pdf/", "/s/pdf/x/y"));
        assert!(inside("C:\\s\\pdf", "C:\\s\\pdf\\a.md"));
        assert!(!inside("/s/pdf", "/s/pdf-other/a.md"));
        assert!(!inside("/s/pdf", "/etc/passwd"));
    }

    #[test]
    fn orders_by_segments() {
        use std::cmp::Ordering::Less;
        assert_eq!(path_order("/r/a/b/SKILL.md", "/r/a-b/SKILL.md"), Less);
        assert_eq!(path_order("a.md", "b/c.md"), Less);
    }
}
