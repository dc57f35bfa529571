//! Canonical JSON and fingerprints.
//!
//! Canonical means: object keys sorted (byte order), 2-space indent, ASCII only
//! (`\uXXXX` escapes, surrogate pairs above the BMP), `\n` line ends, a trailing
//! newline. The writer sorts keys itself: a map's order is never trusted.
//!
//! Shapes are written straight from their `Serialize` impls (module `direct`),
//! without building a [`json::Value`] first: the golden render, every fingerprint
//! and the fragment the macro embeds go through here, at compile time too. Anything
//! the direct writer does not handle exactly like [`json::to_value`] would (floats,
//! 128-bit integers, bytes, non-string map keys, duplicate keys) falls back to the
//! `Value` path, so the output never depends on which path ran.

use crate::json::{self, Value};
use serde::Serialize;
use sha2::{Digest, Sha256};

mod direct;
pub mod keys;

/// Serialises `value` canonically (pretty, with a trailing newline).
pub fn to_canonical_string<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = write(value, true);
    out.push('\n');
    out
}

/// Serialises `value` canonically on one line (no trailing newline): used for
/// fingerprints and for embedding shapes in generated code.
pub fn to_compact_string<T: Serialize + ?Sized>(value: &T) -> String {
    write(value, false)
}

/// [`to_compact_string`] into `out`, which is cleared first: rendering many values
/// into one buffer saves an allocation each.
pub fn write_compact<T: Serialize + ?Sized>(out: &mut String, value: &T) {
    out.clear();
    if direct::write(out, value, false).is_err() {
        out.clear();
        let value = json::to_value(value).expect("shapes serialise to JSON");
        write_value(out, &value, 0, false);
    }
}

/// The fingerprint of a shape: `sha256:` and the hex digest of its compact canonical
/// JSON. Equal shapes have equal fingerprints on every platform.
pub fn fingerprint<T: Serialize + ?Sized>(value: &T) -> String {
    fingerprint_of_compact(&to_compact_string(value))
}

/// [`fingerprint`] of a value whose compact canonical JSON is already at hand.
pub fn fingerprint_of_compact(compact: &str) -> String {
    sha256(compact.as_bytes())
}

/// `sha256:` and the SHA-256 of `bytes` in lowercase hex: the form of a fingerprint,
/// for any bytes (the command's scan cache names its inputs by it).
pub fn sha256(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut hex = String::with_capacity(7 + 64);
    hex.push_str("sha256:");
    for byte in digest {
        hex.push(char::from_digit((byte >> 4) as u32, 16).unwrap_or('0'));
        hex.push(char::from_digit((byte & 0xf) as u32, 16).unwrap_or('0'));
    }
    hex
}

/// True when `fingerprint` is [`fingerprint_of_compact`]`(compact)`, with no string
/// made: a harness checks one fingerprint per stored symbol.
pub fn is_fingerprint_of_compact(fingerprint: &str, compact: &str) -> bool {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let Some(hex) = fingerprint.strip_prefix("sha256:") else {
        return false;
    };
    let digest = Sha256::digest(compact.as_bytes());
    hex.len() == 2 * digest.len()
        && digest
            .iter()
            .zip(hex.as_bytes().chunks_exact(2))
            .all(|(byte, pair)| {
                pair[0] == HEX[usize::from(byte >> 4)] && pair[1] == HEX[usize::from(byte & 0xf)]
            })
}

/// True when the JSON `text` is `compact` once the whitespace between its tokens is
/// taken out: for canonical `compact`, when `text` is its canonical or pretty form.
pub fn same_json_text(text: &str, compact: &str) -> bool {
    json_prefix_len(text, compact).is_some_and(|len| {
        text.as_bytes()[len..]
            .iter()
            .all(|b| matches!(b, b' ' | b'\n' | b'\r' | b'\t'))
    })
}

/// The length of the start of `text` that is the JSON value `compact` once the
/// whitespace between its tokens is taken out; `None` when `text` does not start
/// with it. `compact` must be one complete value without whitespace between tokens
/// (compact canonical JSON is).
///
/// Both sides have read the same tokens at every step, so they are in the same
/// string state, and `compact` has no whitespace outside strings: a byte of `text`
/// either equals the next byte of `compact` or is whitespace to skip between tokens.
/// Equal bytes are taken eight at a time, the string state following the quotes
/// among them, and the whitespace after them in the same step, with the spaces that
/// follow it (a line break and its indentation): one step per token of a pretty
/// text, not one per run of equal bytes and one per run of whitespace.
pub fn json_prefix_len(text: &str, compact: &str) -> Option<usize> {
    const QUOTES: u64 = 0x2222_2222_2222_2222;
    const BACKSLASHES: u64 = 0x5c5c_5c5c_5c5c_5c5c;
    const SPACES: u64 = 0x2020_2020_2020_2020;
    let (t, c) = (text.as_bytes(), compact.as_bytes());
    let word = |bytes: &[u8], at: usize| {
        bytes
            .get(at..at + 8)
            .map(|w| u64::from_le_bytes(w.try_into().expect("eight bytes")))
    };
    let (mut i, mut j) = (0, 0);
    let mut in_string = false;
    while j < c.len() {
        if let (Some(x), Some(y)) = (word(t, i), word(c, j)) {
            // How many leading bytes are equal, and which of them count.
            let diff = x ^ y;
            let equal = (diff.trailing_zeros() / 8) as usize;
            let mask = if diff == 0 {
                u64::MAX
            } else {
                (1u64 << (equal * 8)) - 1
            };
            // A backslash changes what the next byte means: leave it to the byte step.
            if zero_bytes(y ^ BACKSLASHES) & mask == 0 {
                in_string ^= (zero_bytes(y ^ QUOTES) & mask).count_ones() % 2 == 1;
                i += equal;
                j += equal;
                if diff == 0 {
                    continue;
                }
                // `t[i]` differs from `c[j]`: whitespace between tokens, or no match.
                let b = (x >> (equal * 8)) as u8;
                if in_string || !matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
                    return None;
                }
                i += 1;
                // The spaces after it, each unequal to `c[j]` (no space outside a
                // string): a line's indentation.
                if c[j] != b' ' {
                    while let Some(w) = word(t, i) {
                        let w = w ^ SPACES;
                        if w != 0 {
                            i += (w.trailing_zeros() / 8) as usize;
                            break;
                        }
                        i += 8;
                    }
                }
                continue;
            }
        }
        let b = *t.get(i)?;
        if b == c[j] {
            i += 1;
            j += 1;
            match b {
                b'"' => in_string = !in_string,
                b'\\' if in_string => {
                    // The escaped byte, whatever it is, as it is.
                    if t.get(i)? != c.get(j)? {
                        return None;
                    }
                    i += 1;
                    j += 1;
                }
                _ => {}
            }
        } else if !in_string && matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
            i += 1;
        } else {
            return None;
        }
    }
    Some(i)
}

/// `0x80` in exactly the bytes of `x` that are zero, `0` in the others.
fn zero_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7)
}

fn write<T: Serialize + ?Sized>(value: &T, pretty: bool) -> String {
    let mut out = String::with_capacity(512);
    if direct::write(&mut out, value, pretty).is_ok() {
        return out;
    }
    out.clear();
    let value = json::to_value(value).expect("shapes serialise to JSON");
    write_value(&mut out, &value, 0, pretty);
    out
}

/// The reference writer: canonical text of a [`json::Value`].
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
                write_key(out, depth + 1, pretty, key);
                write_value(out, item, depth + 1, pretty);
            }
            newline(out, depth, pretty);
            out.push('}');
        }
    }
}

pub(crate) fn newline(out: &mut String, depth: usize, pretty: bool) {
    if pretty {
        out.push('\n');
        for _ in 0..depth {
            out.push_str("  ");
        }
    }
}

/// The start of an object entry at `depth`: line break and indent, `"key":`, and the
/// space pretty output puts before the value.
pub(crate) fn write_key(out: &mut String, depth: usize, pretty: bool, key: &str) {
    newline(out, depth, pretty);
    write_string(out, key);
    out.push(':');
    if pretty {
        out.push(' ');
    }
}

pub(crate) fn write_string(out: &mut String, s: &str) {
    out.push('"');
    if s.bytes()
        .all(|b| (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\')
    {
        out.push_str(s);
        out.push('"');
        return;
    }
    // Runs of printable ASCII are copied as they are; only the rest is escaped.
    let bytes = s.as_bytes();
    let mut plain = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
            i += 1;
            continue;
        }
        out.push_str(&s[plain..i]);
        let c = s[i..].chars().next().expect("i is on a char boundary");
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{:04x}", unit));
                }
            }
        }
        i += c.len_utf8();
        plain = i;
    }
    out.push_str(&s[plain..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    /// A fingerprint is checked as comparing it with the one made would check it.
    #[test]
    fn a_fingerprint_is_checked_as_the_made_one_compares() {
        for compact in ["", "{}", r#"{"a":[1,"b"]}"#] {
            let made = fingerprint_of_compact(compact);
            assert!(is_fingerprint_of_compact(&made, compact));
            let other = fingerprint_of_compact("x");
            let upper = format!("sha256:{}", made["sha256:".len()..].to_uppercase());
            for wrong in [
                &other,
                &made[1..],
                &made[..made.len() - 1],
                &upper,
                "",
                "sha256:",
            ] {
                assert_eq!(is_fingerprint_of_compact(wrong, compact), wrong == made);
            }
            assert!(!is_fingerprint_of_compact(&format!("{made}0"), compact));
        }
    }

    #[test]
    fn keys_are_sorted_at_every_depth_and_output_is_ascii() {
        let v = json!({"b": {"z": 1, "a": [true, null]}, "a": "é😀\n"});
        let s = to_canonical_string(&v);
        assert_eq!(
            s,
            "{\n  \"a\": \"\\u00e9\\ud83d\\ude00\\n\",\n  \"b\": {\n    \"a\": [\n      true,\n      null\n    ],\n    \"z\": 1\n  }\n}\n"
        );
        assert!(s.is_ascii());
        let back: Value = json::from_str(&s).unwrap();
        assert_eq!(back, json::to_value(&v).unwrap());
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
        let b: Value = json::from_str(r#"{"y":2,"x":1}"#).unwrap();
        assert_eq!(fingerprint(&a), fingerprint(&b));
        assert_ne!(fingerprint(&a), fingerprint(&json!({"x": 1, "y": 3})));
        assert!(fingerprint(&a).starts_with("sha256:"));
        assert_eq!(fingerprint(&a).len(), 7 + 64);
    }

    /// The `Value` path alone: what the direct writer must reproduce.
    fn reference<T: Serialize + ?Sized>(value: &T, pretty: bool) -> String {
        let value = json::to_value(value).unwrap();
        let mut out = String::new();
        write_value(&mut out, &value, 0, pretty);
        out
    }

    fn direct_only<T: Serialize + ?Sized>(value: &T, pretty: bool) -> Option<String> {
        let mut out = String::new();
        direct::write(&mut out, value, pretty).ok().map(|()| out)
    }

    #[track_caller]
    fn assert_direct_matches<T: Serialize + ?Sized>(value: &T) {
        for pretty in [false, true] {
            let direct = direct_only(value, pretty).expect("the direct writer handles it");
            assert_eq!(direct, reference(value, pretty));
        }
    }

    fn has_float(value: &Value) -> bool {
        match value {
            Value::Number(n) => n.is_f64(),
            Value::Array(items) => items.iter().any(has_float),
            Value::Object(map) => map.values().any(has_float),
            _ => false,
        }
    }

    fn arb_json() -> impl Strategy<Value = Value> {
        let text = prop_oneof![
            "[a-z_]{0,6}",
            "\\PC{0,8}",
            proptest::collection::vec(any::<char>(), 0..6)
                .prop_map(|chars| chars.into_iter().collect::<String>()),
        ];
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            text.clone().prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 64, 6, move |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                proptest::collection::btree_map(text.clone(), inner, 0..6)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn the_direct_writer_matches_the_value_writer(value in arb_json()) {
            for pretty in [false, true] {
                match direct_only(&value, pretty) {
                    Some(direct) => prop_assert_eq!(direct, reference(&value, pretty)),
                    // Only floats are left to the `Value` path here.
                    None => prop_assert!(has_float(&value)),
                }
            }
            // The public functions agree whichever path they took.
            prop_assert_eq!(to_compact_string(&value), reference(&value, false));
            prop_assert_eq!(to_canonical_string(&value), reference(&value, true) + "\n");
        }
    }

    /// The plain reading of [`json_prefix_len`]: drop the whitespace outside strings,
    /// byte by byte, until as many bytes as `compact` has are kept.
    fn reference_prefix_len(text: &str, compact: &str) -> Option<usize> {
        let mut kept = Vec::new();
        let (mut in_string, mut escaped) = (false, false);
        for (i, b) in text.bytes().enumerate() {
            if in_string {
                kept.push(b);
                if escaped {
                    escaped = false;
                } else if b == b'\\' {
                    escaped = true;
                } else if b == b'"' {
                    in_string = false;
                }
            } else if matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
                continue;
            } else {
                kept.push(b);
                in_string = b == b'"';
            }
            if kept.len() == compact.len() {
                return (kept == compact.as_bytes()).then_some(i + 1);
            }
        }
        None
    }

    proptest! {
        #[test]
        fn json_prefix_len_reads_text_as_the_plain_reading_does(
            value in arb_json(),
            edits in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..6), 0..3),
            suffix in "[ \n,}\\\\]{0,3}x?",
        ) {
            let compact = to_compact_string(&value);
            let pretty = to_canonical_string(&value);
            prop_assert_eq!(json_prefix_len(&pretty, &compact), Some(pretty.trim_end().len()));
            prop_assert_eq!(json_prefix_len(&compact, &compact), Some(compact.len()));
            // Whitespace, quotes, backslashes and letters put in or swapped anywhere.
            let mut text = format!("{pretty}{suffix}").into_bytes();
            for (at, what) in edits {
                let byte = [b' ', b'\n', b'"', b'\\', b'a', b'\t'][usize::from(what)];
                let at = at.index(text.len());
                if what % 2 == 0 {
                    text.insert(at, byte);
                } else {
                    text[at] = byte;
                }
            }
            let text = String::from_utf8(text).expect("canonical text is ASCII");
            prop_assert_eq!(
                json_prefix_len(&text, &compact),
                reference_prefix_len(&text, &compact)
            );
        }
    }

    #[derive(Serialize)]
    #[serde(rename_all = "snake_case")]
    enum Every {
        Unit,
        Newtype(Vec<u8>),
        Tuple(i8, Option<String>),
        EmptyTuple(),
        Struct { b: u16, a: Box<Every> },
        EmptyStruct {},
    }

    #[derive(Serialize)]
    #[serde(tag = "kind")]
    enum Tagged {
        Item { zeta: (), alpha: char },
    }

    #[derive(Serialize)]
    struct Shapes {
        every: Vec<Every>,
        tagged: Tagged,
        unit: (),
        none: Option<u8>,
        map: std::collections::BTreeMap<char, Every>,
        #[serde(flatten)]
        flat: std::collections::BTreeMap<String, u32>,
    }

    #[test]
    fn the_direct_writer_matches_on_every_serde_data_shape() {
        let shapes = Shapes {
            every: vec![
                Every::Unit,
                Every::Newtype(vec![1, 2]),
                Every::Newtype(vec![]),
                Every::Tuple(-3, None),
                Every::EmptyTuple(),
                Every::Struct {
                    b: 7,
                    a: Box::new(Every::Tuple(1, Some("é\"".to_owned()))),
                },
                Every::EmptyStruct {},
            ],
            tagged: Tagged::Item {
                zeta: (),
                alpha: '\u{7f}',
            },
            unit: (),
            none: None,
            map: [('b', Every::Unit), ('a', Every::EmptyStruct {})].into(),
            flat: [("zz".to_owned(), 1), ("aa".to_owned(), 2)].into(),
        };
        assert_direct_matches(&shapes);
    }

    #[test]
    fn what_the_direct_writer_cannot_reproduce_takes_the_value_path() {
        // Two equal keys: `to_value` keeps the last one.
        struct Twice;
        impl Serialize for Twice {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                use serde::ser::SerializeMap;
                let mut map = s.serialize_map(None)?;
                map.serialize_entry("k", &1)?;
                map.serialize_entry("k", &2)?;
                map.end()
            }
        }
        let integer_keys: std::collections::BTreeMap<u8, bool> = [(10, true), (9, false)].into();
        assert!(direct_only(&Twice, false).is_none());
        assert!(direct_only(&integer_keys, false).is_none());
        assert!(direct_only(&1.5f64, false).is_none());
        assert!(direct_only(&u128::MAX, false).is_none());
        assert_eq!(to_compact_string(&Twice), r#"{"k":2}"#);
        assert_eq!(to_compact_string(&integer_keys), r#"{"10":true,"9":false}"#);
        assert_eq!(to_compact_string(&1.5f64), "1.5");
        assert_eq!(
            fingerprint(&integer_keys),
            fingerprint(&json!({"9": false, "10": true}))
        );
    }

    #[cfg(feature = "syntax")]
    #[test]
    fn the_direct_writer_matches_on_extracted_shapes() {
        let sources = [
            "#[derive(serde::Serialize)] #[serde(rename_all = \"camelCase\")] #[non_exhaustive] \
             pub struct S<'a, T: Clone = u8, const N: usize = 2> where T: Send { \
             #[serde(default, alias = \"x\")] pub a: &'a [T; N], pub(crate) b: Option<String> }",
            "pub struct Tuple(pub u8, String);",
            "#[repr(u8)] #[derive(serde::Deserialize)] #[serde(tag = \"t\")] pub enum E { \
             A = 1, #[serde(rename = \"bee\")] B { x: u8 } = 2, C(u16) = 3 }",
            "pub unsafe trait T<X>: Send + Clone where X: Copy { type Out: Clone; const K: u8 = 1; \
             fn f(&self, x: X) -> Self::Out; async fn g<'a>(self: Box<Self>, s: &'a str) {} }",
            "pub const extern \"C\" fn f<T>(x: T, (a, b): (u8, u8)) -> T { x }",
            "pub const TABLE: [(&str, u8); 2] = [(\"a\", 1), (\"b\", 2)];",
            "pub static mut COUNT: u64 = 0;",
            "pub type Map<K> = std::collections::BTreeMap<K, Vec<u8>>;",
            "impl<T> S<T> { pub fn new() -> Self { todo!() } pub(crate) fn hidden(&mut self) {} }",
            "impl Clone for Tuple { fn clone(&self) -> Self { todo!() } }",
        ];
        for src in sources {
            let item: syn::Item = syn::parse_str(src).unwrap();
            let fragment = crate::syntax::extract(&item).unwrap().fragment;
            assert_direct_matches(&fragment);
        }
    }
}
