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
    let mut bytes = value.as_bytes().to_vec();
    let len = sanitize_utf8_in_place(&mut bytes);
    bytes.truncate(len);
    // Only ASCII bytes were written, so this cannot fail; the fallback keeps it panic-free.
    String::from_utf8(bytes).unwrap_or_default()
}

/// The byte pass: rewrites the UTF-8 text in `bytes` into its sanitised form, in place, and
/// returns the length of the result (ASCII, one byte per UTF-16 unit of the input).
///
/// The output never outgrows the input (a character of n UTF-8 bytes gives at most n
/// underscores: 1 → 1, 2 → 1, 3 → 1, 4 → 2), and the second underscore of a four-byte
/// character is written when its first continuation byte is read, so every write lands at or
/// behind the read. `bytes` must hold whole characters (`TextEncoder.encodeInto` never splits
/// one).
pub fn sanitize_utf8_in_place(bytes: &mut [u8]) -> usize {
    let mut out = 0;
    let mut pending = false;
    for read in 0..bytes.len() {
        let b = bytes[read];
        let emit = match TABLE[b as usize] {
            Emit::Keep => b,
            Emit::One => b'_',
            Emit::Two => {
                pending = true;
                b'_'
            }
            Emit::None if pending => {
                pending = false;
                b'_'
            }
            Emit::None => continue,
        };
        bytes[out] = emit;
        out += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{sanitize_str, sanitize_utf8_in_place};

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
    fn the_in_place_pass_matches_and_never_outgrows_the_input() {
        for text in ["", "a", "é😀b", "ab c😀", "\u{FFFD}x", "—— ok"] {
            let mut bytes = text.as_bytes().to_vec();
            let n = sanitize_utf8_in_place(&mut bytes);
            assert!(n <= text.len());
            assert_eq!(&bytes[..n], reference(text).as_bytes(), "{text:?}");
        }
    }

    #[test]
    fn megabytes_are_fine() {
        let text = "ab c😀".repeat(200_000);
        let out = sanitize_str(&text);
        assert_eq!(out.len(), text.encode_utf16().count());
        assert!(out.starts_with("ab_c__ab_c__"));
    }
}
