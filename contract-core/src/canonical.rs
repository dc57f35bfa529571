//! Canonical JSON and fingerprints.
//!
//! Canonical means: object keys sorted (byte order), 2-space indent, ASCII only
//! (`\uXXXX` escapes, surrogate pairs above the BMP), `\n` line ends, a trailing
//! newline. The writer sorts keys itself instead of trusting `serde_json::Map`, whose
//! order flips to insertion order if any crate in the build enables serde_json's
//! `preserve_order` feature.

use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// Serialises `value` canonically (pretty, with a trailing newline).
pub fn to_canonical_string<T: Serialize + ?Sized>(value: &T) -> String {
    let value = serde_json::to_value(value).expect("shapes serialise to JSON");
    let mut out = String::new();
    write_value(&mut out, &value, 0, true);
    out.push('\n');
    out
}

/// Serialises `value` canonically on one line (no trailing newline): used for
/// fingerprints and for embedding shapes in generated code.
pub fn to_compact_string<T: Serialize + ?Sized>(value: &T) -> String {
    let value = serde_json::to_value(value).expect("shapes serialise to JSON");
    let mut out = String::new();
    write_value(&mut out, &value, 0, false);
    out
}

/// The fingerprint of a shape: `sha256:` and the hex digest of its compact canonical
/// JSON. Equal shapes have equal fingerprints on every platform.
pub fn fingerprint<T: Serialize + ?Sized>(value: &T) -> String {
    let digest = Sha256::digest(to_compact_string(value).as_bytes());
    let mut hex = String::with_capacity(7 + 64);
    hex.push_str("sha256:");
    for byte in digest {
        hex.push(char::from_digit((byte >> 4) as u32, 16).unwrap_or('0'));
        hex.push(char::from_digit((byte & 0xf) as u32, 16).unwrap_or('0'));
    }
    hex
}

fn write_value(out: &mut String, value: &Value, depth: usize, pretty: bool) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&n.to_string()),
        Value::String(s) => write_string(out, s),
        Value::Array(items) => {
            if items.is_empty() {
                out.push_str("[]");
                return;
            }
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, depth + 1, pretty);
                write_value(out, item, depth + 1, pretty);
            }
            newline(out, depth, pretty);
            out.push(']');
        }
        Value::Object(map) => {
            if map.is_empty() {
                out.push_str("{}");
                return;
            }
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            out.push('{');
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, depth + 1, pretty);
                write_string(out, key);
                out.push(':');
                if pretty {
                    out.push(' ');
                }
                write_value(out, item, depth + 1, pretty);
            }
            newline(out, depth, pretty);
            out.push('}');
        }
    }
}

fn newline(out: &mut String, depth: usize, pretty: bool) {
    if pretty {
        out.push('\n');
        for _ in 0..depth {
            out.push_str("  ");
        }
    }
}

fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || (c as u32) > 0x7e => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{:04x}", unit));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keys_are_sorted_at_every_depth_and_output_is_ascii() {
        let v = json!({"b": {"z": 1, "a": [true, null]}, "a": "é😀\n"});
        let s = to_canonical_string(&v);
        assert_eq!(
            s,
            "{\n  \"a\": \"\\u00e9\\ud83d\\ude00\\n\",\n  \"b\": {\n    \"a\": [\n      true,\n      null\n    ],\n    \"z\": 1\n  }\n}\n"
        );
        assert!(s.is_ascii());
        let back: Value = serde_json::from_str(&s).unwrap();
        assert_eq!(back, v);
    }

    #[test]
    fn compact_form_has_no_whitespace_and_round_trips() {
        let v = json!({"k": [1, {"y": "x y"}], "e": {}, "f": []});
        let s = to_compact_string(&v);
        assert_eq!(s, r#"{"e":{},"f":[],"k":[1,{"y":"x y"}]}"#);
    }

    #[test]
    fn fingerprint_depends_on_content_not_key_order() {
        let a = json!({"x": 1, "y": 2});
        let b: Value = serde_json::from_str(r#"{"y":2,"x":1}"#).unwrap();
        assert_eq!(fingerprint(&a), fingerprint(&b));
        assert_ne!(fingerprint(&a), fingerprint(&json!({"x": 1, "y": 3})));
        assert!(fingerprint(&a).starts_with("sha256:"));
        assert_eq!(fingerprint(&a).len(), 7 + 64);
    }
}
