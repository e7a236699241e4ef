//! Redirects, followed by the host one hop at a time (so it sees each `Location`):
//! - at most [`MAX_REDIRECTS`] hops; only to `http:` and `https:` URLs;
//! - 303, and 301/302 after a POST, continue as GET without the body (what browsers and
//!   `fetch` do); 307 and 308 keep the method and the body;
//! - a hop to another origin (scheme, host or port differ) drops every header but
//!   `Content-Type`: the configured headers (credentials among them) stay with the origin they
//!   were configured for.

use serde_json::{json, Value};

use super::define::check_url;
use super::response::{failure, Failure};

/// The most redirects one call follows.
pub const MAX_REDIRECTS: u32 = 10;

/// Whether a status is a redirect the host follows.
pub fn is_redirect(status: u16) -> bool {
    matches!(status, 301 | 302 | 303 | 307 | 308)
}

/// `(scheme, host, port)` of an absolute URL, lower-cased, the port defaulted.
pub fn origin(url: &str) -> Option<(String, String, u16)> {
    let (scheme, rest) = url.split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let (host, port) = match host_port.rsplit_once(':') {
        Some((h, p)) if !p.contains(']') && !p.is_empty() => (h, p.parse::<u16>().ok()?),
        _ => (host_port.trim_end_matches(':'), if scheme == "https" { 443 } else { 80 }),
    };
    Some((scheme, host.to_ascii_lowercase(), port))
}

/// The next hop: `{ method, url, headers, keepBody }`, or `{ result }` (an error result).
/// `hop` counts this redirect (1 for the first).
pub fn next(
    method: &str,
    status: u16,
    from: &str,
    to: &str,
    hop: u32,
    headers: &[(String, String)],
) -> Value {
    if hop > MAX_REDIRECTS {
        return json!({ "result": failure(&Failure::TooManyRedirects { max: MAX_REDIRECTS }) });
    }
    if check_url(to).is_err() {
        let message = "the server redirected to a URL that is not http: or https:";
        return json!({ "result": failure(&Failure::Redirect { message }) });
    }
    let to_get = status == 303 && method != "HEAD" || matches!(status, 301 | 302) && method == "POST";
    let (method, keep_body) =
        if to_get { ("GET", false) } else { (method, !matches!(method, "GET" | "HEAD")) };
    let same = origin(from).is_some() && origin(from) == origin(to);
    let headers: Vec<Value> = headers
        .iter()
        .filter(|(k, _)| {
            let content_type = k.eq_ignore_ascii_case("content-type");
            if content_type {
                keep_body
            } else {
                same
            }
        })
        .map(|(k, v)| json!([k, v]))
        .collect();
    json!({ "method": method, "url": to, "headers": headers, "keepBody": keep_body })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h() -> Vec<(String, String)> {
        vec![("Authorization".into(), "Bearer s".into()), ("content-type".into(), "application/json".into())]
    }

    #[test]
    fn origins() {
        assert_eq!(origin("HTTP://Example.COM/x"), Some(("http".into(), "example.com".into(), 80)));
        assert_eq!(origin("https://u:p@h:8443?q"), Some(("https".into(), "h".into(), 8443)));
        assert_eq!(origin("http://[::1]:81/"), Some(("http".into(), "[::1]".into(), 81)));
        assert_eq!(origin("http://[::1]/"), Some(("http".into(), "[::1]".into(), 80)));
        assert_eq!(origin("http://h:443/"), Some(("http".into(), "h".into(), 443)));
    }

    #[test]
    fn same_origin_keeps_headers_and_other_origins_do_not() {
        let same = next("POST", 307, "http://127.0.0.1:5/a", "http://127.0.0.1:5/b", 1, &h());
        assert_eq!(same["method"], "POST");
        assert_eq!(same["keepBody"], true);
        assert_eq!(same["headers"].as_array().map(Vec::len), Some(2));
        let other = next("POST", 308, "http://127.0.0.1:5/a", "http://localhost:5/b", 1, &h());
        assert_eq!(other["headers"], json!([["content-type", "application/json"]]));
        let port = next("GET", 302, "http://h:5/a", "http://h:6/a", 1, &h());
        assert_eq!(port["headers"], json!([]));
        let downgrade = next("GET", 302, "https://h/a", "http://h/a", 1, &h());
        assert_eq!(downgrade["headers"], json!([]));
    }

    #[test]
    fn see_other_becomes_get_and_limits_hold() {
        let r = next("POST", 303, "http://h/a", "http://h/b", 1, &h());
        assert_eq!((r["method"].as_str(), r["keepBody"].as_bool()), (Some("GET"), Some(false)));
        assert_eq!(r["headers"], json!([["Authorization", "Bearer s"]]));
        assert_eq!(next("PUT", 302, "http://h/a", "http://h/b", 1, &h())["method"], "PUT");
        let far = next("GET", 302, "http://h/a", "http://h/b", 11, &h());
        assert_eq!(far["result"]["output"], "request failed: more than 10 redirects");
        let file = next("GET", 302, "http://h/a", "file:///etc/passwd", 1, &h());
        assert_eq!(file["result"]["isError"], true);
    }
}
