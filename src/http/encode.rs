//! How an argument's value is written into a URL, a query string or a form body.
//!
//! - A path placeholder is percent-encoded so that it stays one path segment: everything but
//!   RFC 3986's unreserved characters (`A-Z a-z 0-9 - . _ ~`) becomes `%XX` of its UTF-8 bytes.
//! - A query string or a form body is `key=value` pairs joined by `&`, both sides encoded the
//!   same way. An array is the key repeated once per item; an object (and an object inside an
//!   array) is its JSON text, never `[object Object]`; `null` is left out.

use std::borrow::Cow;

use serde_json::Value;

/// `text` percent-encoded: only RFC 3986's unreserved characters stay as they are.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    percent_encode_into(&mut out, text);
    out
}

/// [`percent_encode`], appended to `out`.
pub fn percent_encode_into(out: &mut String, text: &str) {
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        }
    }
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// One value as the text it is sent as: a string as it is, a number or a boolean as JSON
/// writes it, anything else as its JSON text.
pub fn scalar_text(value: &Value) -> Cow<'_, str> {
    match value {
        Value::String(s) => Cow::Borrowed(s),
        other => Cow::Owned(other.to_string()),
    }
}

/// Appends `key=value` pairs for one argument to `out` (see the module's description).
pub fn push_pairs(out: &mut String, key: &str, value: &Value) {
    match value {
        Value::Null => {}
        Value::Array(items) => {
            for item in items.iter().filter(|v| !v.is_null()) {
                push_pair(out, key, &scalar_text(item));
            }
        }
        other => push_pair(out, key, &scalar_text(other)),
    }
}

fn push_pair(out: &mut String, key: &str, value: &str) {
    if !out.is_empty() {
        out.push('&');
    }
    percent_encode_into(out, key);
    out.push('=');
    percent_encode_into(out, value);
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn encodes_everything_but_unreserved() {
        assert_eq!(percent_encode("a b/c?d#e&f=g"), "a%20b%2Fc%3Fd%23e%26f%3Dg");
        assert_eq!(percent_encode("AZaz09-._~"), "AZaz09-._~");
        assert_eq!(percent_encode("é😀"), "%C3%A9%F0%9F%98%80");
        assert_eq!(percent_encode("../x"), "..%2Fx");
    }

    #[test]
    fn arrays_repeat_the_key_and_objects_are_json() {
        let mut q = String::new();
        push_pairs(&mut q, "tag", &json!(["a", "b c", 3, null]));
        push_pairs(&mut q, "filter", &json!({ "x": 1 }));
        push_pairs(&mut q, "none", &Value::Null);
        push_pairs(&mut q, "on", &json!(true));
        push_pairs(&mut q, "n", &json!(1.5));
        assert_eq!(q, "tag=a&tag=b%20c&tag=3&filter=%7B%22x%22%3A1%7D&on=true&n=1.5");
    }
}
