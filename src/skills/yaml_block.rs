//! YAML's block scalars: literal (`|`) and folded (`>`), with the chomping (`-`, `+`) and
//! indentation (`1`–`9`) indicators.

use super::yaml::Reader;

/// The block scalar whose header (`|`, `>-`, …) is at byte `at` of the current line, under a
/// key at `indent`; the reader moves past its last line.
pub(super) fn block_scalar(r: &mut Reader, indent: usize, at: usize) -> Result<String, String> {
    let header_line = r.pos;
    let line = r.lines[header_line];
    let literal = line.as_bytes()[at] == b'|';
    let mut chomp = b' ';
    let mut explicit = None;
    let mut i = at + 1;
    let bytes = line.as_bytes();
    while i < bytes.len() {
        match bytes[i] {
            b'-' | b'+' if chomp == b' ' => chomp = bytes[i],
            d @ b'1'..=b'9' if explicit.is_none() => explicit = Some(usize::from(d - b'0')),
            _ => break,
        }
        i += 1;
    }
    let tail = line[i..].trim_start_matches([' ', '\t']);
    if !(tail.is_empty() || tail.starts_with('#') && i < line.len() && line[i..].starts_with([' ', '\t'])) {
        return Err(r.error(header_line, i, "unexpected text after a block scalar's `|` or `>`"));
    }
    r.pos += 1;
    // The content's indentation: given, or that of the first line holding text.
    let content_indent = match explicit {
        Some(n) => indent + n,
        None => {
            let first = (r.pos..r.lines.len()).find(|&j| !r.lines[j].trim_start_matches(' ').is_empty());
            match first {
                Some(j) => r.lines[j].len() - r.lines[j].trim_start_matches(' ').len(),
                None => indent + 1,
            }
        }
    };
    let mut lines: Vec<&str> = Vec::new();
    if content_indent > indent {
        while r.pos < r.lines.len() {
            let line = r.lines[r.pos];
            let spaces = line.len() - line.trim_start_matches(' ').len();
            if spaces >= content_indent {
                lines.push(&line[content_indent..]);
            } else if line.trim_start_matches(' ').is_empty() {
                lines.push("");
            } else {
                break;
            }
            r.pos += 1;
        }
    }
    let trailing = lines.iter().rev().take_while(|l| l.is_empty()).count();
    let body = &lines[..lines.len() - trailing];
    let mut text = if literal { body.join("\n") } else { folded(body) };
    if !body.is_empty() || chomp == b'+' {
        match chomp {
            b'-' => {}
            b'+' => text.push_str(&"\n".repeat(trailing + usize::from(!body.is_empty()))),
            _ => text.push('\n'),
        }
    }
    Ok(text)
}

/// Folded content: lines of text next to each other joined by a space, each empty line a
/// `\n`, and the breaks around more-indented lines kept.
fn folded(lines: &[&str]) -> String {
    let mut out = String::new();
    let mut breaks = 0;
    let mut last_normal = None;
    for line in lines {
        if line.is_empty() {
            breaks += 1;
            continue;
        }
        let normal = !line.starts_with([' ', '\t']);
        match last_normal {
            None => out.push_str(&"\n".repeat(breaks)),
            Some(true) if normal => {
                if breaks == 0 {
                    out.push(' ');
                } else {
                    out.push_str(&"\n".repeat(breaks));
                }
            }
            Some(_) => out.push_str(&"\n".repeat(breaks + 1)),
        }
        out.push_str(line);
        last_normal = Some(normal);
        breaks = 0;
    }
    out
}
