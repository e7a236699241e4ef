//! `sanitize` as Python states it: `re.sub(r"[^a-zA-Z0-9_-]", "_", value)`, one `_` for every
//! **code point** outside the alphabet (`"😀"` gives `"_"`, where JavaScript's rule gives `"__"`).
//!
//! The pass is the byte pass of [`crate::sanitize_str`] with one row changed: each code point
//! starts with exactly one byte that is not a continuation byte, so a character of any length
//! gives one `_`. The input may be strict UTF-8 or the bytes of Python's
//! `str.encode("utf-8", "surrogatepass")`, where a lone surrogate is a three-byte sequence like
//! any other character of the Basic Multilingual Plane: both give the same answer.

use crate::rules::is_name_byte;

/// What one byte of the input contributes to the output.
#[derive(Clone, Copy)]
enum Emit {
    /// An allowed ASCII byte: itself.
    Keep,
    /// A disallowed ASCII byte, or the first byte of a longer sequence: one `_`.
    Underscore,
    /// A continuation byte (`0b10xx_xxxx`): nothing.
    Skip,
}

const fn emit(b: u8) -> Emit {
    if b < 0x80 {
        if is_name_byte(b) {
            Emit::Keep
        } else {
            Emit::Underscore
        }
    } else if b < 0xC0 {
        Emit::Skip
    } else {
        Emit::Underscore
    }
}

const TABLE: [Emit; 256] = {
    let mut table = [Emit::Skip; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = emit(i as u8);
        i += 1;
    }
    table
};

/// Replaces every code point outside `[a-zA-Z0-9_-]` with `_`, reading UTF-8 (surrogates
/// allowed). The output is ASCII, one byte per code point of the input.
///
/// ```
/// use toolnexus::python::sanitize_code_points;
/// assert_eq!(sanitize_code_points("get user😀".as_bytes()), "get_user_");
/// // "\ud800" as Python's surrogatepass encoding writes it
/// assert_eq!(sanitize_code_points(b"a\xed\xa0\x80b"), "a_b");
/// ```
pub fn sanitize_code_points(bytes: &[u8]) -> String {
    let mut out = Vec::with_capacity(bytes.len());
    for &b in bytes {
        match TABLE[b as usize] {
            Emit::Keep => out.push(b),
            Emit::Underscore => out.push(b'_'),
            Emit::Skip => {}
        }
    }
    // Only ASCII bytes were pushed, so this cannot fail; the fallback keeps it panic-free.
    String::from_utf8(out).unwrap_or_default()
}

/// [`sanitize_code_points`] over a Rust string.
///
/// ```
/// assert_eq!(toolnexus::python::sanitize_str("list orders"), "list_orders");
/// ```
pub fn sanitize_str(value: &str) -> String {
    sanitize_code_points(value.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The contract's reference, one character at a time.
    fn reference(value: &str) -> String {
        value.chars().map(|c| if c.is_ascii() && is_name_byte(c as u8) { c } else { '_' }).collect()
    }

    /// Python's `surrogatepass` encoding of a code point, surrogates included.
    fn encode(cp: u32) -> Vec<u8> {
        match cp {
            0..=0x7F => vec![cp as u8],
            0x80..=0x7FF => vec![0xC0 | (cp >> 6) as u8, 0x80 | (cp & 0x3F) as u8],
            0x800..=0xFFFF => {
                vec![0xE0 | (cp >> 12) as u8, 0x80 | ((cp >> 6) & 0x3F) as u8, 0x80 | (cp & 0x3F) as u8]
            }
            _ => vec![
                0xF0 | (cp >> 18) as u8,
                0x80 | ((cp >> 12) & 0x3F) as u8,
                0x80 | ((cp >> 6) & 0x3F) as u8,
                0x80 | (cp & 0x3F) as u8,
            ],
        }
    }

    #[test]
    fn examples_from_the_seed() {
        assert_eq!(sanitize_str("get user"), "get_user");
        assert_eq!(sanitize_str("list orders"), "list_orders");
        assert_eq!(sanitize_str(""), "");
        assert_eq!(sanitize_str("😀"), "_");
        assert_eq!(sanitize_str("é€😀"), "___");
    }

    #[test]
    fn every_code_point_gives_one_byte() {
        for cp in 0u32..0x11_0000 {
            let mut bytes = b"a".to_vec();
            bytes.extend(encode(cp));
            bytes.push(b'-');
            let out = sanitize_code_points(&bytes);
            let expected = match u8::try_from(cp) {
                Ok(b) if is_name_byte(b) => format!("a{}-", b as char),
                _ => "a_-".to_string(),
            };
            assert_eq!(out, expected, "U+{cp:04X}");
        }
    }

    #[test]
    fn text_matches_the_reference() {
        let text = "Grüße, 世界! 😀🚀 path/to:file.txt — ok_1-2 \t\r\n";
        assert_eq!(sanitize_str(text), reference(text));
        assert_eq!(sanitize_str(text).len(), text.chars().count());
    }

    #[test]
    fn the_javascript_rule_differs_only_beyond_the_bmp() {
        assert_eq!(crate::sanitize_str("a😀é"), "a___");
        assert_eq!(sanitize_str("a😀é"), "a__");
    }
}
