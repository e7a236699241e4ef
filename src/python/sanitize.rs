//! `sanitize` as Python states it: `re.sub(r"[^a-zA-Z0-9_-]", "_", value)`, one `_` for every
//! **code point** outside the alphabet (`"😀"` gives `"_"`, where JavaScript's rule gives `"__"`).
//!
//! The pass is the byte pass of [`crate::sanitize_str`] with one row changed: each code point
//! starts with exactly one byte that is not a continuation byte, so a character of any length
//! gives one `_`. The input may be strict UTF-8 or the bytes of Python's
//! `str.encode("utf-8", "surrogatepass")`, where a lone surrogate is a three-byte sequence like
//! any other character of the Basic Multilingual Plane: both give the same answer.

use crate::rules::is_name_byte;

/// An ASCII byte as the output keeps it: itself when [`is_name_byte`], else `_`. Written
/// without a table or a branch so that the all-ASCII pass compiles to vector code; a test
/// holds it to [`is_name_byte`] for every byte.
#[inline]
const fn ascii_out(b: u8) -> u8 {
    let lower = b | 0x20;
    let letter = lower.wrapping_sub(b'a') < 26;
    let digit = b.wrapping_sub(b'0') < 10;
    if letter || digit || b == b'_' || b == b'-' {
        b
    } else {
        b'_'
    }
}

/// What each byte of the input writes: an ASCII byte itself when [`is_name_byte`], else `_`; `_` for the first
/// byte of a longer sequence, and 0 (nothing) for a continuation byte (`0b10xx_xxxx`).
const OUT: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        table[i] = if b < 0x80 {
            if is_name_byte(b) {
                b
            } else {
                b'_'
            }
        } else if b < 0xC0 {
            0
        } else {
            b'_'
        };
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
    let out: Vec<u8> = if bytes.is_ascii() {
        bytes.iter().map(|&b| ascii_out(b)).collect()
    } else {
        // Without a branch per byte: every byte writes at `n`, and only the bytes that start
        // a code point move `n` on. `n` never passes the current index, so it stays in bounds.
        let mut out = vec![0u8; bytes.len()];
        let mut n = 0;
        for &b in bytes {
            let o = OUT[b as usize];
            if let Some(slot) = out.get_mut(n) {
                *slot = o;
            }
            n += usize::from(o != 0);
        }
        out.truncate(n);
        out
    };
    // Only ASCII bytes were written, so this cannot fail; the fallback keeps it panic-free.
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
    fn the_ascii_pass_and_the_table_agree() {
        for b in 0..=127u8 {
            let expected = if is_name_byte(b) { b } else { b'_' };
            assert_eq!(ascii_out(b), expected, "{b}");
            assert_eq!(OUT[b as usize], expected, "{b}");
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
