//! Differential tests: serde_json is the oracle for every value, error message,
//! position and `is_eof`.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

use proptest::prelude::*;
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

use super::{from_slice, from_str, from_value, to_value, Error, Map, Number, Value};

type J = serde_json::Value;

// ---------------------------------------------------------------------------------
// Conversions and comparisons with serde_json's values.

fn to_oracle(value: &Value) -> J {
    match value {
        Value::Null => J::Null,
        Value::Bool(b) => J::Bool(*b),
        Value::Number(n) => J::Number(number_to_oracle(n)),
        Value::String(s) => J::String(s.clone()),
        Value::Array(items) => J::Array(items.iter().map(to_oracle).collect()),
        Value::Object(map) => {
            J::Object(map.iter().map(|(k, v)| (k.clone(), to_oracle(v))).collect())
        }
    }
}

fn number_to_oracle(n: &Number) -> serde_json::Number {
    if let Some(u) = n.as_u64() {
        u.into()
    } else if let Some(i) = n.as_i64() {
        i.into()
    } else {
        serde_json::Number::from_f64(n.as_f64().unwrap()).unwrap()
    }
}

fn from_oracle(value: &J) -> Value {
    match value {
        J::Null => Value::Null,
        J::Bool(b) => Value::Bool(*b),
        J::Number(n) => Value::Number(if let Some(u) = n.as_u64() {
            Number::from(u)
        } else if let Some(i) = n.as_i64() {
            Number::from(i)
        } else {
            Number::from_f64(n.as_f64().unwrap()).unwrap()
        }),
        J::String(s) => Value::String(s.clone()),
        J::Array(items) => Value::Array(items.iter().map(from_oracle).collect()),
        J::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), from_oracle(v)))
                .collect(),
        ),
    }
}

fn has_float(value: &J) -> bool {
    match value {
        J::Number(n) => n.is_f64(),
        J::Array(items) => items.iter().any(has_float),
        J::Object(map) => map.values().any(has_float),
        _ => false,
    }
}

/// Equal, floats within a few units in the last place: serde_json (without
/// `float_roundtrip`) may round a long lexeme differently from `str::parse`.
fn close(a: &J, b: &J) -> bool {
    match (a, b) {
        (J::Number(x), J::Number(y)) if x.is_f64() && y.is_f64() => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            // A few units in the last place, by bits: serde_json (without
            // `float_roundtrip`) reads a subnormal a few of them off, where a relative
            // tolerance is too tight (`-2.00667612223676e-309`, found by proptest).
            let ulps = (x.to_bits() as i64).abs_diff(y.to_bits() as i64);
            x == y
                || (x.signum() == y.signum() && ulps <= 4)
                || (x - y).abs() <= 4.0 * f64::EPSILON * x.abs().max(y.abs())
        }
        (J::Array(x), J::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| close(x, y))
        }
        (J::Object(x), J::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((kx, vx), (ky, vy))| kx == ky && close(vx, vy))
        }
        _ => a == b,
    }
}

/// The same message, but for a float in it (`floating point \`…\``) that may be a few
/// units in the last place apart, as read values may be (see `close`).
fn same_message(a: &str, b: &str) -> bool {
    const FLOAT: &str = "floating point `";
    if a == b {
        return true;
    }
    let (Some(i), Some(j)) = (a.find(FLOAT), b.find(FLOAT)) else {
        return false;
    };
    let (a_rest, b_rest) = (&a[i + FLOAT.len()..], &b[j + FLOAT.len()..]);
    let (Some(a_end), Some(b_end)) = (a_rest.find('`'), b_rest.find('`')) else {
        return false;
    };
    let float = |text: &str| text.parse::<f64>().map(J::from);
    a[..i] == b[..j]
        && a_rest[a_end..] == b_rest[b_end..]
        && matches!(
            (float(&a_rest[..a_end]), float(&b_rest[..b_end])),
            (Ok(x), Ok(y)) if close(&x, &y)
        )
}

/// Both succeeded with the same value (by `same`), or both failed alike: the same
/// text (message, line, column) and the same `is_eof`.
fn agree<A: fmt::Debug, B: fmt::Debug>(
    input: &dyn fmt::Debug,
    mine: Result<A, Error>,
    oracle: Result<B, serde_json::Error>,
    same: impl FnOnce(&A, &B) -> bool,
) -> std::result::Result<(), TestCaseError> {
    match (&mine, &oracle) {
        (Ok(a), Ok(b)) => prop_assert!(same(a, b), "{input:?}: {a:?} != {b:?}"),
        (Err(a), Err(b)) => {
            let (a_text, b_text) = (a.to_string(), b.to_string());
            prop_assert!(
                same_message(&a_text, &b_text),
                "{input:?}: {a_text} != {b_text}"
            );
            prop_assert_eq!(a.is_eof(), b.is_eof(), "{:?}: is_eof", input);
            prop_assert_eq!((a.line(), a.column()), (b.line(), b.column()));
        }
        _ => prop_assert!(false, "{input:?}: mine {mine:?}, serde_json {oracle:?}"),
    }
    Ok(())
}

/// `from_slice::<Value>` (and `from_str`, when the bytes are text) against serde_json.
fn agree_on_value(bytes: &[u8]) -> std::result::Result<(), TestCaseError> {
    let shown = String::from_utf8_lossy(bytes);
    agree(
        &shown,
        from_slice::<Value>(bytes),
        serde_json::from_slice::<J>(bytes),
        |a, b| close(&to_oracle(a), b),
    )?;
    // Skipping (`deserialize_ignored_any`) has its own scanner.
    agree(
        &shown,
        from_slice::<IgnoredAny>(bytes),
        serde_json::from_slice::<IgnoredAny>(bytes),
        |_, _| true,
    )?;
    if let Ok(text) = std::str::from_utf8(bytes) {
        agree(
            &text,
            from_str::<Value>(text),
            serde_json::from_str::<J>(text),
            |a, b| close(&to_oracle(a), b),
        )?;
    }
    Ok(())
}

/// `from_str::<T>` against serde_json's, then (when the text is a JSON value)
/// `from_value::<T>` against serde_json's.
fn agree_typed<T>(text: &str) -> std::result::Result<(), TestCaseError>
where
    T: serde::de::DeserializeOwned + PartialEq + fmt::Debug,
{
    agree(
        &text,
        from_str::<T>(text),
        serde_json::from_str::<T>(text),
        |a, b| a == b,
    )?;
    if let Ok(json) = serde_json::from_str::<J>(text) {
        agree(
            &text,
            from_value::<T>(from_oracle(&json)),
            serde_json::from_value::<T>(json),
            |a, b| a == b,
        )?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------
// Strategies.

/// Characters JSON text treats specially, and a spread of the rest.
fn arb_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => proptest::char::range('a', 'z'),
        2 => prop::sample::select(vec![
            '"', '\\', '/', '\n', '\r', '\t', '\u{0}', '\u{8}', '\u{c}', '\u{1}', '\u{1f}',
            '\u{7f}', '\u{80}', 'é', '\u{2028}', '\u{fffd}', '\u{ffff}', '😀', '\u{10ffff}',
            ' ', '{', '}', '[', ']', ':', ','
        ]),
        1 => any::<char>(),
    ]
}

fn arb_string() -> impl Strategy<Value = String> {
    proptest::collection::vec(arb_char(), 0..10).prop_map(|chars| chars.into_iter().collect())
}

fn arb_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        any::<u64>().prop_map(f64::from_bits),
        prop::sample::select(vec![
            0.0,
            -0.0,
            1.0,
            -1.5,
            0.1,
            1e15,
            1e16,
            1e20,
            1e-5,
            1e-7,
            5e-324,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            f64::EPSILON,
            9007199254740993.0,
            18446744073709551616.0,
        ]),
        (-1000i64..1000, -30i32..30).prop_map(|(m, e)| m as f64 * 10f64.powi(e)),
    ]
    .prop_filter("finite", |f| f.is_finite())
}

fn arb_json() -> impl Strategy<Value = J> {
    let leaf = prop_oneof![
        Just(J::Null),
        any::<bool>().prop_map(J::Bool),
        any::<u64>().prop_map(J::from),
        any::<i64>().prop_map(J::from),
        prop::sample::select(vec![0u64, 1, 9, 10, u64::MAX, i64::MAX as u64, 1 << 53])
            .prop_map(J::from),
        prop::sample::select(vec![-1i64, i64::MIN, i64::MIN + 1]).prop_map(J::from),
        arb_f64().prop_map(J::from),
        arb_string().prop_map(J::String),
    ];
    leaf.prop_recursive(6, 96, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(J::Array),
            proptest::collection::btree_map(arb_string(), inner, 0..6)
                .prop_map(|m| J::Object(m.into_iter().collect())),
        ]
    })
}

/// Bytes that change what JSON text means, and others.
const SIGNIFICANT: &[u8] =
    b"{}[],:\"\\/0123456789-+.eEtrufalsnx \t\n\r\x00\x1f\x7f\x80\xbf\xc3\xe2\xf0\xff";

#[derive(Debug, Clone)]
enum Edit {
    Insert(usize, u8),
    Delete(usize),
    Replace(usize, u8),
    Truncate(usize),
}

fn arb_edit() -> impl Strategy<Value = Edit> {
    let byte = prop::sample::select(SIGNIFICANT);
    prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(at, b)| Edit::Insert(at, b)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), byte).prop_map(|(at, b)| Edit::Replace(at, b)),
        any::<usize>().prop_map(Edit::Truncate),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    for edit in edits {
        let len = bytes.len();
        match *edit {
            Edit::Insert(at, b) => bytes.insert(at % (len + 1), b),
            Edit::Delete(at) if len > 0 => {
                bytes.remove(at % len);
            }
            Edit::Replace(at, b) if len > 0 => bytes[at % len] = b,
            Edit::Truncate(at) => bytes.truncate(at % (len + 1)),
            Edit::Delete(_) | Edit::Replace(..) => {}
        }
    }
    bytes
}

fn texts_of(value: &impl Serialize) -> [String; 2] {
    [
        serde_json::to_string(value).unwrap(),
        serde_json::to_string_pretty(value).unwrap(),
    ]
}

// ---------------------------------------------------------------------------------
// Types with every serde feature the crate uses.

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Alpha,
    Beta,
    #[serde(rename = "gamma")]
    Gamma,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Plain {
    x: u8,
}

/// Internally tagged.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Shape {
    Circle {
        radius: u32,
    },
    Square {
        side: u32,
        #[serde(default)]
        label: Option<String>,
    },
    Point,
    Wrapped(Plain),
}

/// Adjacently tagged.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Event {
    Start,
    Move(i32, i32),
    Say(String),
    Config { level: u8 },
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(untagged)]
enum Either {
    Num(i64),
    Text(String),
    Pair(u8, u8),
    Obj { x: i32 },
    Nothing,
}

/// Externally tagged.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
enum Ext {
    Unit,
    New(u16),
    Tup(u8, String),
    Rec {
        a: bool,
        #[serde(rename = "B")]
        b: Vec<u8>,
    },
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Id(u64);

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
struct Strict {
    a: u32,
    #[serde(default)]
    b: Option<String>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct FlatInner {
    depth: u8,
    #[serde(default)]
    path: Vec<String>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Flattened {
    id: u32,
    #[serde(flatten)]
    inner: FlatInner,
    #[serde(flatten)]
    rest: BTreeMap<String, u32>,
}

/// A map that refuses a repeated key with a custom error, as goldens refuse a
/// repeated symbol.
#[derive(Serialize, Debug, Clone, PartialEq)]
struct Symbols(BTreeMap<String, u32>);

impl<'de> Deserialize<'de> for Symbols {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SymbolsVisitor;
        impl<'de> serde::de::Visitor<'de> for SymbolsVisitor {
            type Value = Symbols;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of symbols")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Symbols, A::Error> {
                let mut out = BTreeMap::new();
                while let Some((key, value)) = map.next_entry::<String, u32>()? {
                    if out.contains_key(&key) {
                        return Err(serde::de::Error::custom(format!(
                            "duplicate symbol `{key}`"
                        )));
                    }
                    out.insert(key, value);
                }
                Ok(Symbols(out))
            }
        }
        deserializer.deserialize_map(SymbolsVisitor)
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Doc {
    format_version: u32,
    #[serde(rename = "pkg")]
    package: String,
    #[serde(default, skip_serializing_if = "is_zero")]
    count: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    maybe: Option<i64>,
    boxed: Box<Strict>,
    by_kind: BTreeMap<Kind, u8>,
    by_num: BTreeMap<u32, String>,
    by_neg: BTreeMap<i64, bool>,
    shapes: Vec<Shape>,
    events: Vec<Event>,
    anys: Vec<Either>,
    ext: Vec<Ext>,
    id: Id,
    pair: (u8, String),
    ratio: f64,
    flat: Flattened,
    symbols: Symbols,
    unit: (),
}

fn sample_doc(package: String, count: u64, ratio: f64, key: u32, text: String) -> Doc {
    Doc {
        format_version: 6,
        package,
        count,
        note: count.is_multiple_of(2).then(|| text.clone()),
        maybe: count.is_multiple_of(3).then_some(-(count as i64 % 1000)),
        boxed: Box::new(Strict {
            a: key,
            b: Some(text.clone()),
        }),
        by_kind: [(Kind::Alpha, 1), (Kind::Gamma, 3)].into_iter().collect(),
        by_num: [(key, text.clone()), (0, String::new())]
            .into_iter()
            .collect(),
        by_neg: [(-5, true), (i64::MIN, false), (7, true)]
            .into_iter()
            .collect(),
        shapes: vec![
            Shape::Circle { radius: key },
            Shape::Square {
                side: 2,
                label: Some(text.clone()),
            },
            Shape::Point,
            Shape::Wrapped(Plain { x: 9 }),
        ],
        events: vec![
            Event::Start,
            Event::Move(-1, 2),
            Event::Say(text.clone()),
            Event::Config { level: 3 },
        ],
        anys: vec![
            Either::Num(-4),
            Either::Text(text.clone()),
            Either::Pair(1, 2),
            Either::Obj { x: -7 },
            Either::Nothing,
        ],
        ext: vec![
            Ext::Unit,
            Ext::New(65535),
            Ext::Tup(1, text.clone()),
            Ext::Rec {
                a: true,
                b: vec![0, 255],
            },
        ],
        id: Id(u64::MAX),
        pair: (8, text),
        ratio,
        flat: Flattened {
            id: 1,
            inner: FlatInner {
                depth: 2,
                path: vec!["a".into(), "b\"c".into()],
            },
            rest: [("zeta".to_string(), 26)].into_iter().collect(),
        },
        symbols: Symbols(
            [("s1".to_string(), 1), ("s2".to_string(), 2)]
                .into_iter()
                .collect(),
        ),
        unit: (),
    }
}

fn arb_doc() -> impl Strategy<Value = Doc> {
    (
        arb_string(),
        any::<u64>(),
        arb_f64(),
        any::<u32>(),
        arb_string(),
    )
        .prop_map(|(package, count, ratio, key, text)| sample_doc(package, count, ratio, key, text))
}

#[derive(Deserialize, Debug, PartialEq)]
struct Borrowed<'a> {
    name: &'a str,
    #[serde(borrow)]
    cow: Cow<'a, str>,
    #[serde(borrow)]
    list: Vec<&'a str>,
}

// ---------------------------------------------------------------------------------
// 1. What serde_json writes reads back to the same value; `to_value` and `Display`.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn reads_what_serde_json_writes(json in arb_json()) {
        let expected = from_oracle(&json);
        for text in texts_of(&json) {
            prop_assert_eq!(&from_str::<Value>(&text).unwrap(), &expected);
            prop_assert_eq!(&from_slice::<Value>(text.as_bytes()).unwrap(), &expected);
        }
        prop_assert_eq!(&to_value(&json).unwrap(), &expected);
        prop_assert_eq!(&to_value(&expected).unwrap(), &expected);
        prop_assert_eq!(&from_value::<Value>(expected.clone()).unwrap(), &expected);
        prop_assert_eq!(&from_value::<J>(expected.clone()).unwrap(), &json);
        prop_assert_eq!(&serde_json::from_value::<Value>(json.clone()).unwrap(), &expected);
        let shown = expected.to_string();
        prop_assert_eq!(&from_str::<Value>(&shown).unwrap(), &expected);
        if !has_float(&json) {
            prop_assert_eq!(&shown, &serde_json::to_string(&json).unwrap());
        }
    }

    #[test]
    fn typed_round_trip(doc in arb_doc()) {
        for text in texts_of(&doc) {
            prop_assert_eq!(&from_str::<Doc>(&text).unwrap(), &doc);
            prop_assert_eq!(&from_slice::<Doc>(text.as_bytes()).unwrap(), &doc);
        }
        let value = to_value(&doc).unwrap();
        prop_assert_eq!(&value, &from_oracle(&serde_json::to_value(&doc).unwrap()));
        prop_assert_eq!(&from_value::<Doc>(value.clone()).unwrap(), &doc);
        prop_assert_eq!(&from_str::<Doc>(&value.to_string()).unwrap(), &doc);
    }

    // 2. Malformed text: the same value or the same error.
    #[test]
    fn malformed_text_fails_alike(
        json in arb_json(),
        pretty in any::<bool>(),
        edits in proptest::collection::vec(arb_edit(), 1..4),
    ) {
        let text = &texts_of(&json)[usize::from(pretty)];
        agree_on_value(&apply(text, &edits))?;
    }

    #[test]
    fn every_truncation_fails_alike(json in arb_json(), pretty in any::<bool>()) {
        let text = &texts_of(&json)[usize::from(pretty)];
        for end in 0..text.len() {
            agree_on_value(&text.as_bytes()[..end])?;
        }
    }

    #[test]
    fn malformed_typed_text_fails_alike(
        doc in arb_doc(),
        pretty in any::<bool>(),
        edits in proptest::collection::vec(arb_edit(), 1..4),
    ) {
        let text = &texts_of(&doc)[usize::from(pretty)];
        let bytes = apply(text, &edits);
        let same = |a: &Doc, b: &Doc| {
            close(&serde_json::to_value(a).unwrap(), &serde_json::to_value(b).unwrap())
        };
        agree(&String::from_utf8_lossy(&bytes), from_slice::<Doc>(&bytes), serde_json::from_slice::<Doc>(&bytes), same)?;
        if let Ok(text) = std::str::from_utf8(&bytes) {
            agree(&text, from_str::<Doc>(text), serde_json::from_str::<Doc>(text), same)?;
            if let Ok(json) = serde_json::from_str::<J>(text) {
                agree(&text, from_value::<Doc>(from_oracle(&json)), serde_json::from_value::<Doc>(json), same)?;
            }
        }
    }

    #[test]
    fn numbers_read_alike(
        text in "-?(0|[1-9][0-9]{0,24})(\\.[0-9]{0,22})?([eE][+-]?[0-9]{0,4})?[ x,]?",
    ) {
        agree_on_value(text.as_bytes())?;
        // Floats are correctly rounded.
        if let Ok(Value::Number(n)) = from_str::<Value>(&text) {
            if n.is_f64() {
                prop_assert_eq!(n.as_f64(), text.trim().parse::<f64>().ok());
            }
        }
        agree_typed::<u8>(&text)?;
        agree_typed::<i32>(&text)?;
        agree_typed::<u64>(&text)?;
        agree_typed::<i128>(&text)?;
        agree_typed::<u128>(&text)?;
        agree_typed::<String>(&text)?;
        agree_typed::<BTreeMap<i64, u8>>(&format!("{{\"{text}\":1}}"))?;
        agree_typed::<BTreeMap<u128, u8>>(&format!("{{\"{text}\":1}}"))?;
        agree_typed::<BTreeMap<i8, u8>>(&format!("{{\"{text}\":1}}"))?;
        // Typed floats, within serde_json's rounding.
        let close_floats = |a: &f64, b: &f64| close(&J::from(*a), &J::from(*b));
        agree(&text, from_str::<f64>(&text), serde_json::from_str::<f64>(&text), close_floats)?;
    }

    #[test]
    fn floats_in_messages_and_keys_as_serde_json(f in arb_f64(), g in any::<f32>()) {
        use serde::de::{Error as _, Unexpected};
        prop_assert_eq!(
            Error::invalid_type(Unexpected::Float(f), &"x").to_string(),
            serde_json::Error::invalid_type(Unexpected::Float(f), &"x").to_string()
        );
        let mine = to_value(&FloatKeys(f, g)).map(|v| to_oracle(&v));
        let theirs = serde_json::to_value(FloatKeys(f, g));
        match (mine, theirs) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a, b),
            (Err(a), Err(b)) => prop_assert_eq!(a.to_string(), b.to_string()),
            (a, b) => prop_assert!(false, "{a:?} {b:?}"),
        }
    }
}

/// A map keyed by an f64 and an f32.
struct FloatKeys(f64, f32);

impl Serialize for FloatKeys {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry(&self.0, &1)?;
        map.serialize_entry(&self.1, &2)?;
        map.end()
    }
}

// ---------------------------------------------------------------------------------
// 3. Typed errors: missing, unknown, duplicate fields, invalid types, variants, keys.

#[test]
fn typed_errors_as_serde_json() {
    let run = |result: std::result::Result<(), TestCaseError>| {
        if let Err(err) = result {
            panic!("{err}");
        }
    };
    for text in [
        r#"{"a":1,"c":2}"#,
        r#"{"b":"x"}"#,
        r#"{"a":1,"a":2}"#,
        r#"{"a":"1"}"#,
        r#"{"a":-1}"#,
        r#"{"a":1.5}"#,
        r#"{"a":4294967296}"#,
        r#"{"a":null}"#,
        r#"{"a":true}"#,
        r#"{"a":[]}"#,
        r#"{"a":{}}"#,
        r#"{"a":1e400}"#,
        r#"{"a":1,"b":5}"#,
        "[1]",
        r#"[1,"x"]"#,
        r#"[1,"x",3]"#,
        r#""str""#,
        "null",
        "1",
        "",
        "{\n  \"a\": 1,\n  \"b\": \"x\",\n  \"c\": 3\n}",
        "{\n  \"a\": 1,\n  \"b\": 2\n}",
        "{\n  \"b\": \"x\"\n}\n",
        r#"{"a":1} x"#,
    ] {
        run(agree_typed::<Strict>(text));
        run(agree_typed::<Option<Strict>>(text));
        run(agree_typed::<Box<Strict>>(text));
    }
    for text in [
        r#""Unit""#,
        r#""New""#,
        r#""Tup""#,
        r#""Rec""#,
        r#""Nope""#,
        r#"{"New":"x"}"#,
        r#"{"New":7}"#,
        r#"{"Unit":1}"#,
        r#"{"Unit":null}"#,
        r#"{"Tup":[1]}"#,
        r#"{"Tup":[1,"a",2]}"#,
        r#"{"Tup":{}}"#,
        r#"{"Rec":{"a":true}}"#,
        r#"{"Rec":{"a":true,"B":[1],"z":0}}"#,
        r#"{"Rec":[true,[2]]}"#,
        r#"{"New":1,"x":2}"#,
        r#"{"New":1 "#,
        r#"{"New" 1}"#,
        r#"{}"#,
        r#"{1:2}"#,
        "5",
        "[]",
        "null",
    ] {
        run(agree_typed::<Ext>(text));
        run(agree_typed::<Vec<Ext>>(&format!("[{text}]")));
    }
    for text in [
        r#"{"radius":1}"#,
        r#"{"kind":"nope"}"#,
        r#"{"kind":"circle"}"#,
        r#"{"kind":"circle","radius":"x"}"#,
        r#"{"kind":"circle","radius":1,"extra":[1,{"a":2}]}"#,
        r#"{"kind":"point"}"#,
        r#"{"kind":"wrapped","x":300}"#,
        r#"{"kind":"square","side":1,"label":null}"#,
        r#"{"kind":1}"#,
        r#"["circle",1]"#,
    ] {
        run(agree_typed::<Shape>(text));
    }
    for text in [
        r#"{"t":"Move","c":[1]}"#,
        r#"{"t":"Move","c":[1,2]}"#,
        r#"{"t":"Say"}"#,
        r#"{"c":1}"#,
        r#"{"c":"x","t":"Say"}"#,
        r#"{"t":"Start","c":null}"#,
        r#"{"t":"Nope","c":1}"#,
        r#"{"t":"Config","c":{"level":256}}"#,
    ] {
        run(agree_typed::<Event>(text));
    }
    for text in [
        r#"{"y":1}"#,
        r#"{"x":1}"#,
        "[1,2]",
        "[1,2,3]",
        "-3",
        "3.5",
        "null",
        r#""s""#,
        "true",
    ] {
        run(agree_typed::<Either>(text));
    }
    for text in [
        r#"{"id":1,"depth":2,"q":3}"#,
        r#"{"id":1,"q":3}"#,
        r#"{"id":1,"depth":2,"q":"x"}"#,
        r#"{"id":1,"depth":2,"path":["a"],"id":2}"#,
    ] {
        run(agree_typed::<Flattened>(text));
    }
    for text in [
        r#"{"x":1}"#,
        r#"{"-1":1}"#,
        r#"{"1 ":1}"#,
        r#"{" 1":1}"#,
        r#"{"01":1}"#,
        r#"{"1.5":1}"#,
        r#"{"1e2":1}"#,
        r#"{"300":1}"#,
        r#"{"1":300}"#,
        r#"{"":1}"#,
        r#"{"1":1,"1":2}"#,
        r#"{"99999999999999999999":1}"#,
    ] {
        run(agree_typed::<BTreeMap<u8, u8>>(text));
        run(agree_typed::<BTreeMap<i64, u8>>(text));
        run(agree_typed::<BTreeMap<u128, u8>>(text));
        run(agree_typed::<BTreeMap<Kind, u8>>(text));
        run(agree_typed::<BTreeMap<bool, u8>>(text));
        run(agree_typed::<BTreeMap<String, u8>>(text));
    }
    for text in [
        r#"{"true":1,"false":2}"#,
        r#"{"yes":1}"#,
        r#"{"t":1}"#,
        r#"{"Alpha":1,"gamma":2}"#,
        r#"{"Delta":1}"#,
        r#"{"x":1,"x":2}"#,
        r#"{"x":1,"y":"2"}"#,
    ] {
        run(agree_typed::<BTreeMap<bool, u8>>(text));
        run(agree_typed::<BTreeMap<Kind, u8>>(text));
        run(agree_typed::<Symbols>(text));
    }
    for text in [
        "-170141183460469231731687303715884105729",
        "-170141183460469231731687303715884105728",
        "340282366920938463463374607431768211456",
        "340282366920938463463374607431768211455",
        "1.5",
        "-1",
        "-0",
        "01",
        "-",
        "",
        "1e5",
        "\"1\"",
    ] {
        run(agree_typed::<i128>(text));
        run(agree_typed::<u128>(text));
        run(agree_typed::<f32>(text));
        run(agree_typed::<i8>(text));
        run(agree_typed::<u64>(text));
    }
    for text in [
        r#""ab""#,
        r#""a""#,
        r#""""#,
        "1",
        r#""\u00e9""#,
        r#""\ud83d\ude00""#,
    ] {
        run(agree_typed::<char>(text));
        run(agree_typed::<String>(text));
        run(agree_typed::<Vec<u8>>(text));
        run(agree_typed::<Id>(text));
        run(agree_typed::<()>(text));
        run(agree_typed::<bool>(text));
        run(agree_typed::<Kind>(text));
    }
    run(agree_typed::<Doc>("{}"));
    run(agree_typed::<Doc>("[]"));
}

#[test]
fn to_value_as_serde_json() {
    #[derive(Serialize)]
    struct Odd {
        nan: f64,
        inf: f32,
        bytes: serde_bytes_like::Bytes,
        big: i128,
        small: u128,
        ch: char,
        by_bool: BTreeMap<bool, u8>,
        by_char: BTreeMap<char, u8>,
        by_kind: BTreeMap<Kind, u8>,
        by_id: BTreeMap<u8, Id>,
    }
    mod serde_bytes_like {
        pub struct Bytes(pub Vec<u8>);
        impl serde::Serialize for Bytes {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_bytes(&self.0)
            }
        }
    }
    let odd = Odd {
        nan: f64::NAN,
        inf: f32::INFINITY,
        bytes: serde_bytes_like::Bytes(vec![0, 7, 255]),
        big: -5,
        small: u128::from(u64::MAX),
        ch: 'é',
        by_bool: [(true, 1)].into_iter().collect(),
        by_char: [('x', 1)].into_iter().collect(),
        by_kind: [(Kind::Gamma, 1)].into_iter().collect(),
        by_id: [(3, Id(4))].into_iter().collect(),
    };
    assert_eq!(
        to_oracle(&to_value(&odd).unwrap()),
        serde_json::to_value(&odd).unwrap()
    );
    let same_error = |mine: Result<Value, Error>, theirs: serde_json::Result<J>| {
        assert_eq!(
            mine.unwrap_err().to_string(),
            theirs.unwrap_err().to_string()
        );
    };
    same_error(to_value(&i128::MIN), serde_json::to_value(i128::MIN));
    same_error(to_value(&u128::MAX), serde_json::to_value(u128::MAX));
    let by_unit: BTreeMap<(), u8> = [((), 1)].into_iter().collect();
    same_error(to_value(&by_unit), serde_json::to_value(&by_unit));
    let by_pair: BTreeMap<(u8, u8), u8> = [((1, 2), 1)].into_iter().collect();
    same_error(to_value(&by_pair), serde_json::to_value(&by_pair));
    let by_option: BTreeMap<Option<u8>, u8> = [(Some(1), 1)].into_iter().collect();
    same_error(to_value(&by_option), serde_json::to_value(&by_option));
    let by_ext: BTreeMap<String, Ext> = [("k".into(), Ext::New(1))].into_iter().collect();
    assert_eq!(
        to_oracle(&to_value(&by_ext).unwrap()),
        serde_json::to_value(&by_ext).unwrap()
    );
    let by_new: Vec<(Ext, u8)> = vec![(Ext::New(1), 1)];
    struct AsMap(Vec<(Ext, u8)>);
    impl Serialize for AsMap {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
        }
    }
    same_error(
        to_value(&AsMap(by_new.clone())),
        serde_json::to_value(AsMap(by_new)),
    );
    let nan_key = FloatKeys(f64::NAN, 1.0);
    same_error(to_value(&nan_key), serde_json::to_value(&nan_key));
    // A repeated key keeps the later value.
    let twice = AsMap(vec![(Ext::Unit, 1), (Ext::Unit, 2)]);
    assert_eq!(
        to_value(&twice).unwrap().get("Unit"),
        Some(&Value::from(2u64))
    );
    assert_eq!(
        to_oracle(&to_value(&twice).unwrap()),
        serde_json::to_value(&twice).unwrap()
    );
}

#[test]
fn later_duplicate_key_wins() {
    let value: Value = from_str(r#"{"a":1,"b":2,"a":3}"#).unwrap();
    assert_eq!(value.get("a"), Some(&Value::from(3u64)));
    assert_eq!(value.to_string(), r#"{"a":3,"b":2}"#);
}

// ---------------------------------------------------------------------------------
// 4. Borrowing.

#[test]
fn strings_without_escapes_are_borrowed() {
    let text = r#"{"name":"alpha","cow":"beta","list":["x","y"]}"#;
    let range = text.as_bytes().as_ptr_range();
    let borrowed: Borrowed<'_> = from_str(text).unwrap();
    assert_eq!(borrowed.name, "alpha");
    assert!(range.contains(&borrowed.name.as_ptr()));
    assert!(matches!(borrowed.cow, Cow::Borrowed("beta")));
    assert!(range.contains(&borrowed.list[1].as_ptr()));
    let from_bytes: Borrowed<'_> = from_slice(text.as_bytes()).unwrap();
    assert!(range.contains(&from_bytes.name.as_ptr()));

    // With an escape, a `Cow` owns its copy and a `&str` cannot be had.
    let escaped = r#"{"name":"alpha","cow":"b\neta","list":[]}"#;
    let owned: Borrowed<'_> = from_str(escaped).unwrap();
    assert!(matches!(owned.cow, Cow::Owned(ref s) if s == "b\neta"));
    let text = r#"{"name":"al\"pha","cow":"","list":[]}"#;
    let mine = from_str::<Borrowed<'_>>(text).unwrap_err();
    let theirs = serde_json::from_str::<Borrowed<'_>>(text).unwrap_err();
    assert_eq!(mine.to_string(), theirs.to_string());
}

// ---------------------------------------------------------------------------------
// 5. Depth.

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let deep_arrays = "[".repeat(100_000);
    let deep_objects = r#"{"a":"#.repeat(100_000);
    let mixed = r#"[{"a":"#.repeat(50_000);
    let err = from_str::<Value>(&deep_arrays).unwrap_err();
    assert_eq!(
        err.to_string(),
        "recursion limit exceeded at line 1 column 128"
    );
    for text in [&deep_arrays, &deep_objects, &mixed] {
        for bytes in [text.as_bytes(), &text.as_bytes()[..1000]] {
            let mine = from_slice::<Value>(bytes).unwrap_err();
            let theirs = serde_json::from_slice::<J>(bytes).unwrap_err();
            assert_eq!(mine.to_string(), theirs.to_string());
            assert_eq!(mine.is_eof(), theirs.is_eof());
        }
        // Buffered (untagged) and typed readers hit the same limit.
        let mine = from_str::<Vec<Either>>(text).unwrap_err();
        let theirs = serde_json::from_str::<Vec<Either>>(text).unwrap_err();
        assert_eq!(mine.to_string(), theirs.to_string());
        // An ignored field is skipped without recursion, so without a limit.
        let ignored = format!(r#"{{"a":1,"zzz":{text}"#);
        let mine = from_str::<Plain>(&ignored).unwrap_err();
        let theirs = serde_json::from_str::<Plain>(&ignored).unwrap_err();
        assert_eq!(mine.to_string(), theirs.to_string());
        assert!(mine.is_eof());
    }
    let closed = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let ignored = format!(r#"{{"x":1,"zzz":{closed}}}"#);
    assert_eq!(from_str::<Plain>(&ignored).unwrap(), Plain { x: 1 });
    let just_under = format!("{}{}", "[".repeat(127), "]".repeat(127));
    assert!(from_str::<Value>(&just_under).is_ok());
    let at_limit = format!("{}{}", "[".repeat(128), "]".repeat(128));
    assert!(from_str::<Value>(&at_limit).is_err());
}

// ---------------------------------------------------------------------------------
// Hand-picked syntax errors (the proptests find these too; these pin them).

#[test]
fn syntax_errors_as_serde_json() {
    for text in [
        "",
        " ",
        "n",
        "nul",
        "nulx",
        "tru",
        "fals",
        "-",
        "01",
        "1.",
        ".5",
        "+1",
        "1e",
        "1e+",
        "1.e5",
        "-a",
        "1x",
        "[",
        "[1",
        "[1,",
        "[1,]",
        "[1 2]",
        "{",
        "{\"a\"",
        "{\"a\":",
        "{\"a\":1,}",
        "{\"a\" 1}",
        "{1:2}",
        "{\"a\":1 \"b\":2}",
        "\"",
        "\"abc",
        "\"\\",
        "\"\\x\"",
        "\"\\u12\"",
        "\"\\u12g4\"",
        "\"\\ud800\"",
        "\"\\ud800\\n\"",
        "\"\\ud800x\"",
        "\"\\udc00\"",
        "\"\\ud800\\ud800\"",
        "\"\\ud800\\u",
        "\"a\u{1}b\"",
        "\"a\tb\"",
        "1 2",
        "[] ]",
        "{}}",
        "\n\n  [1,\n   2 x]",
        "1e309",
        "-1e309",
        "1e-400",
        "123456789012345678901234567890",
        "1e99999999999",
        "0e99999999999",
        "1e-99999999999",
        "[1,\n2,\n\"\\q\"]",
        "\u{feff}1",
        "\"é\\u00e9😀\"",
        "[-]",
        "[--1]",
        "[1.5e]",
    ] {
        let mine = from_str::<Value>(text);
        let theirs = serde_json::from_str::<J>(text);
        match (mine, theirs) {
            (Ok(a), Ok(b)) => assert_eq!(to_oracle(&a), b, "{text:?}"),
            (Err(a), Err(b)) => {
                assert_eq!(a.to_string(), b.to_string(), "{text:?}");
                assert_eq!(a.is_eof(), b.is_eof(), "{text:?}");
            }
            (a, b) => panic!("{text:?}: {a:?} vs {b:?}"),
        }
    }
    // Invalid UTF-8 inside a string, from bytes.
    for bytes in [
        &b"\"a\xffb\""[..],
        b"[\"\xc3\"]",
        b"{\"\xe2\x82\":1}",
        b"\xff",
        b"\"\\n\xff\"",
    ] {
        let mine = from_slice::<Value>(bytes).unwrap_err();
        let theirs = serde_json::from_slice::<J>(bytes).unwrap_err();
        assert_eq!(mine.to_string(), theirs.to_string(), "{bytes:?}");
    }
}

#[test]
fn error_accessors() {
    let err = from_str::<Value>("[1,\n  x]").unwrap_err();
    assert_eq!((err.line(), err.column()), (2, 3));
    assert!(!err.is_eof());
    assert_eq!(err.to_string(), "expected value at line 2 column 3");
    assert_eq!(
        format!("{err:?}"),
        "Error(\"expected value\", line: 2, column: 3)"
    );
    let err = from_str::<Value>("[1,").unwrap_err();
    assert!(err.is_eof());
    let err = from_value::<u8>(Value::from("x")).unwrap_err();
    assert_eq!((err.line(), err.column()), (0, 0));
    assert_eq!(err.to_string(), "invalid type: string \"x\", expected u8");
    // A custom message that carries a position keeps it (serde_json's parsing).
    let err: Error = serde::de::Error::custom("boom at line 3 column 4");
    assert_eq!((err.line(), err.column()), (3, 4));
    assert_eq!(err.to_string(), "boom at line 3 column 4");
}

#[test]
fn value_api() {
    let value: Value =
        from_str(r#"{"s":"x","u":1,"i":-2,"f":1.5,"b":true,"a":[null],"o":{}}"#).unwrap();
    assert_eq!(value.get("s").and_then(Value::as_str), Some("x"));
    assert_eq!(value.get("u").and_then(Value::as_u64), Some(1));
    assert_eq!(value.get("u").and_then(Value::as_i64), Some(1));
    assert_eq!(value.get("i").and_then(Value::as_i64), Some(-2));
    assert_eq!(value.get("i").and_then(Value::as_u64), None);
    assert_eq!(value.get("f").and_then(Value::as_f64), Some(1.5));
    assert_eq!(value.get("b").and_then(Value::as_bool), Some(true));
    assert!(value.get("a").and_then(Value::as_array).unwrap()[0].is_null());
    assert!(value.get("o").is_some_and(Value::is_object));
    assert!(value.get("missing").is_none());
    assert!(Value::from("x").get("s").is_none());
    let n = value.get("f").and_then(Value::as_number).unwrap();
    assert!(n.is_f64() && !n.is_u64() && !n.is_i64());
    assert!(Number::from(u64::MAX).is_u64() && !Number::from(u64::MAX).is_i64());
    assert_eq!(Number::from(-1i64).as_u64(), None);
    assert_eq!(Number::from(5i64), Number::from(5u64));
    assert_ne!(Number::from(5u64), Number::from_f64(5.0).unwrap());
    assert!(Number::from_f64(f64::NAN).is_none());
    assert_eq!(Value::from(f64::INFINITY), Value::Null);
    for (f, shown) in [
        (1.5, "1.5"),
        (1e20, "1e20"),
        (1.0, "1.0"),
        (-0.0, "-0.0"),
        (1e-7, "1e-7"),
    ] {
        assert_eq!(Number::from_f64(f).unwrap().to_string(), shown);
    }
    assert_eq!(Number::from(i64::MIN).to_string(), "-9223372036854775808");
    let mut object = Value::Object(Map::new());
    object.as_object_mut().unwrap().insert(
        "k".into(),
        Value::from(vec![Value::from(true), Value::from("a\u{1}\"\\\n")]),
    );
    assert_eq!(object.to_string(), "{\"k\":[true,\"a\\u0001\\\"\\\\\\n\"]}");
    assert!(from_str::<bool>("true").is_ok());
}

#[test]
fn readers_are_human_readable() {
    /// Records whether its deserializer is human-readable.
    struct Readable(bool);
    impl<'de> Deserialize<'de> for Readable {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let readable = deserializer.is_human_readable();
            IgnoredAny::deserialize(deserializer)?;
            Ok(Readable(readable))
        }
    }
    assert!(from_str::<Readable>("[1]").unwrap().0);
    assert!(from_value::<Readable>(Value::Null).unwrap().0);
}
