//! `sanitize`: any string into a safe tool name.
//!
//! The rule is stated over UTF-16 code units, as JavaScript sees a string: every unit outside
//! `[a-zA-Z0-9_-]` becomes `_`, so the result has exactly the input's `.length`. The string
//! arrives here as UTF-8 (a lone surrogate arrives as U+FFFD, which is one unit as well), so each
//! character turns into as many `_` as it has UTF-16 units: one for a character of the Basic
//! Multilingual Plane, two for one beyond it (a four-byte UTF-8 sequence).

use crate::rules::is_name_byte;

/// What one UTF-8 byte contributes to the output.
#[derive(Clone, Copy)]
enum Emit {
    /// An allowed ASCII byte: itself.
    Keep,
    /// A disallowed ASCII byte, or the lead byte of a 2- or 3-byte sequence: one `_`.
    One,
    /// The lead byte of a 4-byte sequence (a surrogate pair in UTF-16): two `_`.
    Two,
    /// A continuation byte: nothing.
    None,
}

const fn emit(b: u8) -> Emit {
    if b < 0x80 {
        if is_name_byte(b) {
            Emit::Keep
        } else {
            Emit::One
        }
    } else if b < 0xC0 {
        Emit::None
    } else if b < 0xF0 {
        Emit::One
    } else {
        Emit::Two
    }
}

const TABLE: [Emit; 256] = {
    let mut table = [Emit::None; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = emit(i as u8);
        i += 1;
    }
    table
};

/// Replaces every UTF-16 code unit of `value` outside `[a-zA-Z0-9_-]` with `_`.
///
/// ```
/// assert_eq!(toolnexus::sanitize_str("get user"), "get_user");
/// assert_eq!(toolnexus::sanitize_str("😀"), "__");
/// ```
pub fn sanitize_str(value: &str) -> String {
    let bytes = value.as_bytes();
    // The output never has more bytes than the input: each character of n UTF-8 bytes gives
    // at most n underscores (1 → 1, 2 → 1, 3 → 1, 4 → 2).
    let mut out = Vec::with_capacity(bytes.len());
    for &b in bytes {
        match TABLE[b as usize] {
            Emit::Keep => out.push(b),
            Emit::One => out.push(b'_'),
            Emit::Two => out.extend_from_slice(b"__"),
            Emit::None => {}
        }
    }
    // Only ASCII bytes were pushed, so this cannot fail; the fallback keeps it panic-free.
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(target_arch = "wasm32")]
pub use self::js::{sanitize, sanitize_value};

#[cfg(target_arch = "wasm32")]
mod js {
    use js_sys::JsString;
    use wasm_bindgen::prelude::*;

    use crate::error::SanitizeError;
    use crate::js::{kind_of, Text, CACHE};

    /// Up to this many UTF-16 code units, copying the string into WebAssembly and the result
    /// back costs more than the work, so the core has the engine apply its pattern; longer
    /// strings take the byte pass of [`super::sanitize_str`], which beats the engine's regex
    /// replacement by far. Both give the same result for every string.
    const ENGINE_UP_TO: u32 = 256;

    /// `sanitize` for Rust callers: the sanitised string, or the `TypeError` for a value that
    /// is not a string.
    pub fn sanitize(value: &JsValue) -> Result<JsString, JsValue> {
        let Some(text) = value.dyn_ref::<JsString>() else {
            return Err(SanitizeError { got: kind_of(value).to_string() }.into());
        };
        if text.length() <= ENGINE_UP_TO {
            return Ok(CACHE.with(|c| text.unchecked_ref::<Text>().replace(&c.unsafe_unit, &c.underscore)));
        }
        let copy = text.as_string().unwrap_or_default();
        Ok(JsString::from(super::sanitize_str(&copy)))
    }

    /// The export behind the package's `sanitize`: the sanitised string, or the `TypeError`
    /// the entry file throws. One plain value crosses back, where a `Result` would cost an
    /// extra trip through the externref table on every call.
    #[wasm_bindgen(js_name = sanitizeValue, skip_typescript)]
    pub fn sanitize_value(value: JsValue) -> JsValue {
        match sanitize(&value) {
            Ok(text) => text.into(),
            Err(error) => error,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::sanitize_str;

    /// The contract's reference: JavaScript's `value.replace(/[^a-zA-Z0-9_-]/g, "_")`, over
    /// UTF-16 code units.
    fn reference(value: &str) -> String {
        value
            .encode_utf16()
            .map(|u| match u8::try_from(u) {
                Ok(b) if crate::rules::is_name_byte(b) => b as char,
                _ => '_',
            })
            .collect()
    }

    #[test]
    fn examples_from_the_documents() {
        assert_eq!(sanitize_str("get user"), "get_user");
        assert_eq!(sanitize_str("list orders"), "list_orders");
        assert_eq!(sanitize_str("already_fine-1"), "already_fine-1");
        assert_eq!(sanitize_str(""), "");
    }

    #[test]
    fn characters_become_one_underscore_per_utf16_unit() {
        assert_eq!(sanitize_str("é"), "_"); // 2 UTF-8 bytes, 1 unit
        assert_eq!(sanitize_str("€"), "_"); // 3 UTF-8 bytes, 1 unit
        assert_eq!(sanitize_str("😀"), "__"); // 4 UTF-8 bytes, 2 units
        assert_eq!(sanitize_str("\u{FFFD}"), "_"); // how a lone surrogate arrives
        assert_eq!(sanitize_str("a\0b"), "a_b");
        assert_eq!(sanitize_str("\u{7f}"), "_");
    }

    #[test]
    fn every_scalar_value_matches_the_reference() {
        for cp in (0u32..0x11_0000).step_by(7).chain(0..0x800) {
            if let Some(ch) = char::from_u32(cp) {
                let s = format!("a{ch}-");
                assert_eq!(sanitize_str(&s), reference(&s), "U+{cp:04X}");
            }
        }
    }

    #[test]
    fn mixed_text_matches_the_reference_and_keeps_the_length() {
        let text = "Grüße, 世界! 😀🚀 path/to:file.txt — ok_1-2 \t\r\n";
        let out = sanitize_str(text);
        assert_eq!(out, reference(text));
        assert_eq!(out.len(), text.encode_utf16().count());
    }

    #[test]
    fn megabytes_are_fine() {
        let text = "ab c😀".repeat(200_000);
        let out = sanitize_str(&text);
        assert_eq!(out.len(), text.encode_utf16().count());
        assert!(out.starts_with("ab_c__ab_c__"));
    }
}
