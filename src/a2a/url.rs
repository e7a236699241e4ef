//! The URLs of an agent: where its card may be, and an interface URL resolved against the card's.

/// The card URLs to try, in order, for what the user gave: a URL whose path ends in `.json` is
/// the card itself; anything else is the agent's base URL, whose card is at
/// `/.well-known/agent-card.json` (protocol 0.3 and 1.0), else at the older
/// `/.well-known/agent.json`.
pub fn card_candidates(given: &str) -> Vec<String> {
    let base = strip_query(given.trim());
    if base.to_ascii_lowercase().ends_with(".json") {
        return vec![given.trim().to_string()];
    }
    let base = base.trim_end_matches('/');
    vec![format!("{base}/.well-known/agent-card.json"), format!("{base}/.well-known/agent.json")]
}

fn strip_query(url: &str) -> &str {
    let end = url.find(['?', '#']).unwrap_or(url.len());
    &url[..end]
}

/// Whether `url` starts with a scheme (`http:`, `https:`, …).
fn has_scheme(url: &str) -> bool {
    let Some(colon) = url.find(':') else { return false };
    let scheme = &url[..colon];
    !scheme.is_empty()
        && scheme.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && scheme.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// `reference` resolved against `base` (RFC 3986, section 5.2), for the references an agent
/// card holds: absolute URLs, `//host/…`, `/path`, `path`, `../path`, `?query`.
/// `None` when `reference` is relative and `base` is not an absolute URL.
pub fn resolve(base: Option<&str>, reference: &str) -> Option<String> {
    let reference = reference.trim();
    if has_scheme(reference) {
        return Some(reference.to_string());
    }
    let base = base.map(str::trim).filter(|b| has_scheme(b))?;
    let colon = base.find(':')?;
    let scheme = &base[..colon];
    let rest = &base[colon + 1..];
    if let Some(net) = reference.strip_prefix("//") {
        return Some(format!("{scheme}://{net}"));
    }
    // Split the base into authority and path (query and fragment dropped).
    let (authority, base_path) = match rest.strip_prefix("//") {
        Some(after) => {
            let end = after.find(['/', '?', '#']).unwrap_or(after.len());
            (format!("//{}", &after[..end]), strip_query(&after[end..]))
        }
        None => (String::new(), strip_query(rest)),
    };
    if reference.is_empty() {
        return Some(strip_fragment(base).to_string());
    }
    if reference.starts_with('?') || reference.starts_with('#') {
        let keep = if reference.starts_with('#') { strip_fragment(base) } else { strip_query_full(base) };
        return Some(format!("{keep}{reference}"));
    }
    let (ref_path, tail) = match reference.find(['?', '#']) {
        Some(i) => (&reference[..i], &reference[i..]),
        None => (reference, ""),
    };
    let merged = if ref_path.starts_with('/') {
        ref_path.to_string()
    } else {
        let dir = match base_path.rfind('/') {
            Some(i) => &base_path[..=i],
            None if authority.is_empty() => "",
            None => "/",
        };
        format!("{dir}{ref_path}")
    };
    Some(format!("{scheme}:{authority}{}{tail}", remove_dots(&merged)))
}

fn strip_fragment(url: &str) -> &str {
    &url[..url.find('#').unwrap_or(url.len())]
}

fn strip_query_full(url: &str) -> &str {
    strip_query(url)
}

/// RFC 3986's `remove_dot_segments`.
fn remove_dots(path: &str) -> String {
    let absolute = path.starts_with('/');
    let mut out: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').collect();
    let last = segments.len().saturating_sub(1);
    let mut trailing = false;
    for (i, seg) in segments.iter().enumerate() {
        match *seg {
            "." => trailing = i == last,
            ".." => {
                if out.len() > usize::from(absolute) {
                    out.pop();
                }
                trailing = i == last;
            }
            s => {
                out.push(s);
                trailing = false;
            }
        }
    }
    let mut joined = out.join("/");
    if absolute && !joined.starts_with('/') {
        joined.insert(0, '/');
    }
    if trailing && !joined.ends_with('/') {
        joined.push('/');
    }
    joined
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_urls_give_both_well_known_paths() {
        assert_eq!(
            card_candidates("http://127.0.0.1:4000/"),
            [
                "http://127.0.0.1:4000/.well-known/agent-card.json",
                "http://127.0.0.1:4000/.well-known/agent.json"
            ]
        );
        assert_eq!(
            card_candidates("https://a.example/agents/x?y=1"),
            [
                "https://a.example/agents/x/.well-known/agent-card.json",
                "https://a.example/agents/x/.well-known/agent.json"
            ]
        );
        assert_eq!(card_candidates("https://a.example/cards/x.json"), ["https://a.example/cards/x.json"]);
        assert_eq!(
            card_candidates("https://a.example/.well-known/agent.json"),
            ["https://a.example/.well-known/agent.json"]
        );
    }

    #[test]
    fn resolves_the_references_cards_hold() {
        let card = "http://127.0.0.1:4000/.well-known/agent-card.json";
        assert_eq!(resolve(Some(card), "/a2a/jsonrpc").as_deref(), Some("http://127.0.0.1:4000/a2a/jsonrpc"));
        assert_eq!(resolve(Some(card), "rpc").as_deref(), Some("http://127.0.0.1:4000/.well-known/rpc"));
        assert_eq!(resolve(Some(card), "../rpc").as_deref(), Some("http://127.0.0.1:4000/rpc"));
        assert_eq!(resolve(Some(card), "./a/../b/").as_deref(), Some("http://127.0.0.1:4000/.well-known/b/"));
        assert_eq!(resolve(Some(card), "//other:9/x").as_deref(), Some("http://other:9/x"));
        assert_eq!(resolve(Some(card), "https://b.example/rpc").as_deref(), Some("https://b.example/rpc"));
        assert_eq!(resolve(Some("http://h"), "rpc?x=1").as_deref(), Some("http://h/rpc?x=1"));
        assert_eq!(resolve(Some("http://h/a/b?q"), "../../../c").as_deref(), Some("http://h/c"));
        assert_eq!(resolve(None, "/rpc"), None);
        assert_eq!(resolve(Some("not a url"), "/rpc"), None);
        assert_eq!(resolve(None, "http://h/rpc").as_deref(), Some("http://h/rpc"));
    }
}
