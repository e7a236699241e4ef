//! The names rule every source shares (`fromMCP`, `connectMCP`, `httpTool`, `fromOpenAPI`,
//! skills, builtins, A2A): what a tool is called once its raw name (an `operationId`, an MCP
//! tool's name, an agent card's name) has been turned into one a provider accepts.
//!
//! - [`tool_name`]: `sanitize` (per UTF-16 unit, as in JavaScript, so both packages give the
//!   same name), then at most [`MAX_LEN`] characters: a longer name keeps its first characters
//!   and ends with `_` and [`HASH_LEN`] hex digits of a hash of the whole raw name, so two long
//!   names that share their start stay apart.
//! - [`unique`]: a list of such names made unique, never silently: a name whose raw form needed
//!   no change keeps it first, every other repeat gets `_2`, `_3`, … cut to the same limit.

use std::collections::HashSet;

use crate::sanitize::sanitize_str;

/// The longest name a source gives: OpenAI's and Anthropic's limit.
pub const MAX_LEN: usize = 64;
/// How many hex digits of the hash end a cut name.
pub const HASH_LEN: usize = 8;

/// FNV-1a, 64 bits, over the UTF-8 bytes: small, stable across platforms and releases.
pub fn hash(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// `raw` as a tool name of at most `max` characters (see the module's description). An empty
/// result becomes `"tool"`.
pub fn tool_name(raw: &str, max: usize) -> String {
    let mut name = sanitize_str(raw);
    if name.is_empty() {
        name.push_str("tool");
    }
    cut(name, raw, max)
}

/// `name` (ASCII) cut to `max` characters with the hash of `whole` at its end, when longer.
fn cut(mut name: String, whole: &str, max: usize) -> String {
    if name.len() <= max {
        return name;
    }
    let tail = format!("_{:0width$x}", hash(whole) >> (64 - 4 * HASH_LEN), width = HASH_LEN);
    name.truncate(max.saturating_sub(tail.len()));
    name.push_str(&tail);
    name
}

/// `base` with the suffix `_k`, cut so that the whole stays within `max`.
fn with_suffix(base: &str, k: usize, max: usize) -> String {
    let suffix = format!("_{k}");
    let keep = base.len().min(max.saturating_sub(suffix.len()));
    format!("{}{suffix}", &base[..keep])
}

/// Unique names for `names` (each already a tool name within `max`), in order. `exact[i]` says
/// that name `i` is its raw name unchanged: such a name keeps itself before any changed name
/// that fell on it. Every other repeat becomes `name_2`, `name_3`, … (within `max`), never a
/// name another entry holds.
pub fn unique(names: &[String], exact: &[bool], max: usize) -> Vec<String> {
    let taken: HashSet<&str> = names.iter().map(String::as_str).collect();
    let mut used: HashSet<String> = HashSet::new();
    let mut out: Vec<Option<String>> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            (exact.get(i).copied().unwrap_or(false) && used.insert(name.clone())).then(|| name.clone())
        })
        .collect();
    for (i, slot) in out.iter_mut().enumerate() {
        if slot.is_some() {
            continue;
        }
        let base = &names[i];
        if used.insert(base.clone()) {
            *slot = Some(base.clone());
            continue;
        }
        let mut k = 2;
        loop {
            let candidate = with_suffix(base, k, max);
            if !taken.contains(candidate.as_str()) && !used.contains(&candidate) {
                used.insert(candidate.clone());
                *slot = Some(candidate);
                break;
            }
            k += 1;
        }
    }
    out.into_iter().map(Option::unwrap_or_default).collect()
}

/// Raw names (each with an optional prefix) as unique tool names within `max`.
pub fn tool_names(raw: &[&str], prefix: &str, max: usize) -> Vec<String> {
    let names: Vec<String> = raw.iter().map(|r| tool_name(&format!("{prefix}{r}"), max)).collect();
    let exact: Vec<bool> = raw.iter().map(|r| sanitize_str(r) == *r).collect();
    unique(&names, &exact, max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names_are_sanitized_only() {
        assert_eq!(tool_name("get user", MAX_LEN), "get_user");
        assert_eq!(tool_name("", MAX_LEN), "tool");
        assert_eq!(tool_name("😀", MAX_LEN), "__");
    }

    #[test]
    fn long_names_end_with_a_hash_of_the_whole_name() {
        let a = "a".repeat(70) + "x";
        let b = "a".repeat(70) + "y";
        let (na, nb) = (tool_name(&a, MAX_LEN), tool_name(&b, MAX_LEN));
        assert_eq!(na.len(), MAX_LEN);
        assert_eq!(nb.len(), MAX_LEN);
        assert_ne!(na, nb);
        assert!(na.starts_with(&"a".repeat(55)));
        assert_eq!(&na[55..56], "_");
        assert!(na[56..].bytes().all(|c| c.is_ascii_hexdigit()));
        // Stable: the same in every build and in both packages.
        assert_eq!(na, tool_name(&a, MAX_LEN));
        assert_eq!(format!("{:016x}", hash("")), "cbf29ce484222325");
    }

    #[test]
    fn collisions_are_resolved_within_the_limit() {
        let long = "b".repeat(64);
        let names = tool_names(&[long.as_str(), long.as_str(), "x y", "x_y", "x.y"], "", MAX_LEN);
        assert_eq!(names[0], long);
        assert_eq!(names[1], format!("{}_2", "b".repeat(62)));
        // The exact one keeps its name; the changed ones are numbered.
        assert_eq!(names[3], "x_y");
        assert_eq!(names[2], "x_y_2");
        assert_eq!(names[4], "x_y_3");
        assert!(names.iter().all(|n| n.len() <= MAX_LEN));
        let set: HashSet<_> = names.iter().collect();
        assert_eq!(set.len(), names.len());
    }

    #[test]
    fn a_suffix_never_takes_a_listed_name() {
        let names = tool_names(&["a b", "a_b_2", "a.b"], "", MAX_LEN);
        assert_eq!(names, ["a_b", "a_b_2", "a_b_3"]);
    }
}
