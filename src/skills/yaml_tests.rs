use serde_json::{json, Value};

use super::parse_mapping;

fn read(text: &str) -> Value {
    Value::Object(parse_mapping(text, 2).unwrap_or_else(|e| panic!("{e}")).fields)
}

fn error(text: &str) -> String {
    parse_mapping(text, 2).err().unwrap_or_else(|| panic!("{text:?} parsed"))
}

#[test]
fn plain_quoted_and_multiline_scalars() {
    assert_eq!(
        read("name: pdf\ndescription: Reads PDFs. # a comment\nlicense: ~\n"),
        json!({ "name": "pdf", "description": "Reads PDFs.", "license": null })
    );
    assert_eq!(read("description: one\n  two\n\n  three\n"), json!({ "description": "one two\nthree" }));
    assert_eq!(read("description:\n  on the next line\n"), json!({ "description": "on the next line" }));
    assert_eq!(
        read("a: \"x\\ty \\\"q\\\" \\u00e9\\x41\"\nb: 'it''s # not a comment'\n"),
        json!({ "a": "x\ty \"q\" éA", "b": "it's # not a comment" })
    );
    assert_eq!(read("a: \"one\n  two\n\n  three\"\n"), json!({ "a": "one two\nthree" }));
    assert_eq!(read("a: \"joined\\\n  here\"\n"), json!({ "a": "joinedhere" }));
    assert_eq!(read("\"quoted key\": v\n"), json!({ "quoted key": "v" }));
    assert_eq!(read("version: 1.0\nflag: true\n"), json!({ "version": "1.0", "flag": "true" }));
}

#[test]
fn block_scalars_with_chomping() {
    assert_eq!(
        read("d: |\n  line one\n  line two\n\nnext: x\n"),
        json!({ "d": "line one\nline two\n", "next": "x" })
    );
    assert_eq!(read("d: >-\n  folded\n  text\n\n  para\n"), json!({ "d": "folded text\npara" }));
    assert_eq!(read("d: |+\n  kept\n\n"), json!({ "d": "kept\n\n" }));
    assert_eq!(read("d: >\n  a\n    indented\n  b\n"), json!({ "d": "a\n  indented\nb\n" }));
    assert_eq!(read("d: |2\n    two more\n"), json!({ "d": "  two more\n" }));
    assert_eq!(read("d: |\nnext: x\n"), json!({ "d": "", "next": "x" }));
}

#[test]
fn nested_mappings_sequences_and_flow() {
    assert_eq!(
        read("metadata:\n  author: me\n  version: \"1.0\"\nallowed-tools: Bash(git:*) Read\n"),
        json!({ "metadata": { "author": "me", "version": "1.0" }, "allowed-tools": "Bash(git:*) Read" })
    );
    assert_eq!(read("tools:\n- Read\n- 'Write'\n"), json!({ "tools": ["Read", "Write"] }));
    assert_eq!(read("tools:\n  - Read\n  - Grep\n"), json!({ "tools": ["Read", "Grep"] }));
    assert_eq!(
        read("t: [Read, \"Grep\", ]\nm: {a: 1, b: 'x'}\ne: []\n"),
        json!({
            "t": ["Read", "Grep"], "m": { "a": "1", "b": "x" }, "e": []
        })
    );
}

#[test]
fn an_unquoted_colon_is_text_with_a_warning() {
    let parsed = parse_mapping("name: x\ndescription: Use when: the user asks\n", 2).unwrap_or_default();
    assert_eq!(parsed.fields["description"], "Use when: the user asks");
    assert_eq!(parsed.warnings.len(), 1);
    assert!(parsed.warnings[0].starts_with("line 3: the value of `description`"), "{:?}", parsed.warnings);
    let continued = parse_mapping("description: first line\n  Triggers: a, b\n", 2).unwrap_or_default();
    assert_eq!(continued.fields["description"], "first line Triggers: a, b");
    assert_eq!(continued.warnings.len(), 1);
    assert!(parse_mapping("description: \"Use when: quoted\"\n", 2).unwrap_or_default().warnings.is_empty());
}

#[test]
fn errors_say_line_and_column() {
    assert_eq!(
        error("name: \"a\"\n  bad: indent\n"),
        "YAML error on line 3, column 3: unexpected indentation"
    );
    assert_eq!(error("name: \"open\n"), "YAML error on line 2, column 7: a quoted value is never closed");
    assert_eq!(error("name: a\njust text\n"), "YAML error on line 3, column 1: expected a `key: value` line");
    assert_eq!(
        error("name: a\nname: b\n"),
        "YAML error on line 3, column 1: `name` appears twice (first on line 2)"
    );
    assert!(error("name: &anchor a\n").starts_with("YAML error on line 2, column 7: anchors"));
    assert!(error("\tname: a\n").starts_with("YAML error on line 2, column 1: a tab"));
    assert!(error("name: \"a\" b\n").starts_with("YAML error on line 2, column 11: unexpected text"));
    assert!(error("a: \"\\q\"\n").starts_with("YAML error on line 2, column 5: an unknown escape"));
    assert!(error("- a\n- b\n").contains("is a list"));
    assert!(error("t: [a, b\n").contains("must close on its own line"));
    assert!(error("d: | x\n").contains("after a block scalar"));
}
