//! The wire oracle: every wire verdict of the classifier, checked against what serde
//! really does.
//!
//! Each case defines an old and a new version of a type as real Rust (the
//! `wire_case!` macro emits them into two modules and `stringify!`s the same tokens
//! for extraction). The oracle serialises values of the old type with serde_json
//! and deserialises them into the new type (*backward*), and the reverse
//! (*forward*). A direction breaks when deserialisation fails or silently loses a
//! value: the value read, field by field (by Rust name, following the case's
//! declared renames), differs from the value written. The classifier, run on the
//! extracted shapes under `wire_direction: backward` and `forward`, must reach the
//! same verdict, and must name the case's kinds.
//!
//! Backward payloads are those the old type writes plus those it accepts (an
//! alias, an extra field, a missing defaulted field), because stored data holds
//! both. Positional formats are played with JSON arrays (serde reads a struct from
//! a sequence, by position) and, for variant indices, with a serializer that writes
//! only the index.

mod common;

use std::fmt::Debug;

use bincode::Options as _;
use contract_core::policy::{Policy, WireDirection, WireFormat};
use contract_core::{Axis, DeltaKind};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The encoding a case is played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// serde_json objects.
    Keyed,
    /// Struct fields as a JSON array, in declaration order.
    Positional,
    /// A unit variant as its index only.
    Index,
    /// bincode 1 (fixed-width integers, length prefixes, variant indices; no trailing
    /// bytes), the payload shown as hex.
    Bincode,
}

/// What serde did, per direction, with the reason of the first failure.
#[derive(Debug, Default)]
struct Oracle {
    backward: Option<String>,
    forward: Option<String>,
}

/// One case: its sources for the classifier, and what serde did.
struct Case {
    name: &'static str,
    ty: &'static str,
    kinds: &'static [DeltaKind],
    old_src: &'static str,
    new_src: &'static str,
    format: Format,
    oracle: Oracle,
}

struct Payloads<'a> {
    renames: &'a [(&'a str, &'a str)],
    format: Format,
}

impl Payloads<'_> {
    fn write<T: Serialize>(&self, value: &T) -> String {
        match self.format {
            Format::Keyed => serde_json::to_string(value).expect("serialize"),
            Format::Positional => positional(&serde_json::to_string(value).expect("serialize")),
            Format::Index => index::write(value).to_string(),
            Format::Bincode => {
                let bytes = bincode_options().serialize(value).expect("serialize");
                bytes.iter().map(|b| format!("{b:02x}")).collect()
            }
        }
    }

    fn read<T: DeserializeOwned>(&self, payload: &str) -> Result<T, String> {
        match self.format {
            Format::Keyed | Format::Positional => {
                serde_json::from_str(payload).map_err(|e| e.to_string())
            }
            Format::Index => index::read(payload.parse().expect("an index")),
            Format::Bincode => {
                let bytes: Vec<u8> = (0..payload.len())
                    .step_by(2)
                    .map(|i| u8::from_str_radix(&payload[i..i + 2], 16).expect("hex"))
                    .collect();
                bincode_options()
                    .deserialize(&bytes)
                    .map_err(|e| e.to_string())
            }
        }
    }

    /// Reads `payload`, written from `written`, as an `R`: the reason it fails or
    /// loses a value, if it does. A value that writes back the very payload it was
    /// read from lost nothing, whatever its Rust form (`"lib"` read as `Kind::Lib`,
    /// which writes `"lib"`).
    fn transfer<W: Debug, R: DeserializeOwned + Serialize + Debug>(
        &self,
        written: &W,
        payload: &str,
        reverse: bool,
    ) -> Option<String> {
        match self.read::<R>(payload) {
            Err(e) => Some(format!("`{payload}` does not read: {e}")),
            Ok(read) => {
                let renames: Vec<(&str, &str)> = self
                    .renames
                    .iter()
                    .map(|(a, b)| if reverse { (*b, *a) } else { (*a, *b) })
                    .collect();
                let same_payload = match self.format {
                    // Keys in any order.
                    Format::Keyed => {
                        let again = self.write(&read);
                        serde_json::from_str::<serde_json::Value>(&again).ok()
                            == serde_json::from_str::<serde_json::Value>(payload).ok()
                    }
                    // Positions carry no names: the same bytes may mean other fields.
                    _ => false,
                };
                lost(&format!("{written:?}"), &format!("{read:?}"), &renames)
                    .filter(|_| !same_payload)
                    .map(|what| format!("`{payload}` reads as {read:?}: {what}"))
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn oracle<O, N>(
    old_samples: Vec<O>,
    new_samples: Vec<N>,
    old_accepts: &[&str],
    strictness: &[&str],
    renames: &[(&str, &str)],
    format: Format,
) -> Oracle
where
    O: Serialize + DeserializeOwned + Debug,
    N: Serialize + DeserializeOwned + Debug,
{
    let io = Payloads { renames, format };
    let mut out = Oracle::default();
    for sample in &old_samples {
        let payload = io.write(sample);
        out.backward = out
            .backward
            .or_else(|| io.transfer::<O, N>(sample, &payload, false));
    }
    for payload in old_accepts {
        let read: O = io
            .read(payload)
            .unwrap_or_else(|e| panic!("fixture: the old type must accept `{payload}`: {e}"));
        out.backward = out
            .backward
            .or_else(|| io.transfer::<O, N>(&read, payload, false));
    }
    for sample in &new_samples {
        let payload = io.write(sample);
        out.forward = out
            .forward
            .or_else(|| io.transfer::<N, O>(sample, &payload, true));
    }
    // Strictness: payloads the old type rejected for an unknown field and the new
    // type accepts. Consumers relied on the rejection (the verdict is a contract, in
    // both directions, not a failed read).
    for payload in strictness {
        let old_error = io
            .read::<O>(payload)
            .expect_err("fixture: the old type must reject the payload");
        assert!(old_error.contains("unknown field"), "fixture: {old_error}");
        if io.read::<N>(payload).is_ok() {
            let why = format!("`{payload}` was rejected ({old_error}) and is now accepted");
            out.backward = out.backward.or(Some(why.clone()));
            out.forward = out.forward.or(Some(why));
        }
    }
    out
}

fn bincode_options() -> impl bincode::Options {
    use bincode::Options;
    bincode::DefaultOptions::new()
        .with_fixint_encoding()
        .reject_trailing_bytes()
}

/// A JSON object's values, in the order written, as a JSON array.
fn positional(object: &str) -> String {
    struct Values(Vec<serde_json::Value>);
    impl<'de> serde::Deserialize<'de> for Values {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V;
            impl<'de> serde::de::Visitor<'de> for V {
                type Value = Values;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("an object")
                }
                fn visit_map<A: serde::de::MapAccess<'de>>(
                    self,
                    mut map: A,
                ) -> Result<Values, A::Error> {
                    let mut out = Vec::new();
                    while let Some((_, v)) = map.next_entry::<String, serde_json::Value>()? {
                        out.push(v);
                    }
                    Ok(Values(out))
                }
            }
            d.deserialize_map(V)
        }
    }
    let values: Values = serde_json::from_str(object).expect("an object");
    serde_json::to_string(&values.0).expect("an array")
}

/// The difference between a value written and the value read, compared through their
/// `Debug` output: the variant (or type) name, then each field the reader also has
/// (by Rust name, following `renames`). `Some(x)` and `x` are the same value.
fn lost(written: &str, read: &str, renames: &[(&str, &str)]) -> Option<String> {
    let rename = |name: &str| {
        renames
            .iter()
            .find(|(a, _)| *a == name)
            .map_or(name.to_owned(), |(_, b)| (*b).to_owned())
    };
    let (wh, wf) = debug_parts(written);
    let (rh, rf) = debug_parts(read);
    if rename(&wh) != rh {
        return Some(format!("`{wh}` became `{rh}`"));
    }
    for (name, value) in &wf {
        let target = rename(name);
        if let Some((_, got)) = rf.iter().find(|(n, _)| *n == target) {
            if !same_value(value, got) {
                return Some(format!("`{name}` was {value}, reads as {got}"));
            }
        }
    }
    None
}

fn unwrap_some(v: &str) -> &str {
    match v.strip_prefix("Some(").and_then(|s| s.strip_suffix(')')) {
        Some(inner) => unwrap_some(inner),
        None => v,
    }
}

/// Two field values are one value: equal, or one is the other in a newtype
/// (`Id(7)` and `7`; `A(7)` and `B(7)` differ).
fn same_value(a: &str, b: &str) -> bool {
    let (a, b) = (unwrap_some(a), unwrap_some(b));
    a == b
        || newtype_content(a).is_some_and(|x| x == b)
        || newtype_content(b).is_some_and(|y| y == a)
}

/// `Name(x)` → `x` for a single-element tuple struct's `Debug`.
fn newtype_content(v: &str) -> Option<&str> {
    let open = v.find('(')?;
    let name = &v[..open];
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let inner = v[open + 1..].strip_suffix(')')?;
    (split_top(inner).len() == 1).then_some(inner)
}

/// `Name { a: 1, b: "x" }` → (`Name`, [(a, 1), (b, "x")]); `Name(1, 2)` → indices.
fn debug_parts(debug: &str) -> (String, Vec<(String, String)>) {
    let debug = debug.trim();
    let end = debug.find([' ', '{', '(']).unwrap_or(debug.len());
    let head = debug[..end].to_owned();
    let rest = debug[end..].trim();
    let (body, named) = if let Some(b) = rest.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        (b, true)
    } else if let Some(b) = rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        (b, false)
    } else {
        return (head, Vec::new());
    };
    let fields = split_top(body)
        .into_iter()
        .enumerate()
        .map(|(i, part)| match (named, part.split_once(": ")) {
            (true, Some((n, v))) => (n.trim().to_owned(), v.trim().to_owned()),
            _ => (i.to_string(), part.trim().to_owned()),
        })
        .collect();
    (head, fields)
}

/// Splits at top-level `, ` (outside brackets and string literals).
fn split_top(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut in_str, mut escaped) = (0i32, false, false);
    let mut current = String::new();
    for ch in s.chars() {
        if in_str {
            current.push(ch);
            match (escaped, ch) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_str = false,
                _ => {}
            }
            continue;
        }
        match ch {
            '"' => in_str = true,
            '{' | '(' | '[' => depth += 1,
            '}' | ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(ch);
    }
    if !current.trim().is_empty() {
        out.push(current);
    }
    out
}

/// A format that writes a unit variant as its index and nothing else, like the
/// variant tag of bincode or postcard.
mod index {
    use serde::ser::{Impossible, Serialize, Serializer};

    #[derive(Debug)]
    pub struct Unsupported;
    impl std::fmt::Display for Unsupported {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("only unit variants")
        }
    }
    impl std::error::Error for Unsupported {}
    impl serde::ser::Error for Unsupported {
        fn custom<T: std::fmt::Display>(_: T) -> Self {
            Unsupported
        }
    }

    struct Index;

    macro_rules! unsupported {
        ($($name:ident($($ty:ty),*);)*) => {$(
            fn $name(self, $(_: $ty),*) -> Result<u32, Unsupported> { Err(Unsupported) }
        )*};
    }

    impl Serializer for Index {
        type Ok = u32;
        type Error = Unsupported;
        type SerializeSeq = Impossible<u32, Unsupported>;
        type SerializeTuple = Impossible<u32, Unsupported>;
        type SerializeTupleStruct = Impossible<u32, Unsupported>;
        type SerializeTupleVariant = Impossible<u32, Unsupported>;
        type SerializeMap = Impossible<u32, Unsupported>;
        type SerializeStruct = Impossible<u32, Unsupported>;
        type SerializeStructVariant = Impossible<u32, Unsupported>;

        fn serialize_unit_variant(
            self,
            _: &'static str,
            index: u32,
            _: &'static str,
        ) -> Result<u32, Unsupported> {
            Ok(index)
        }

        unsupported! {
            serialize_bool(bool); serialize_i8(i8); serialize_i16(i16); serialize_i32(i32);
            serialize_i64(i64); serialize_u8(u8); serialize_u16(u16); serialize_u32(u32);
            serialize_u64(u64); serialize_f32(f32); serialize_f64(f64); serialize_char(char);
            serialize_str(&str); serialize_bytes(&[u8]); serialize_none(); serialize_unit();
            serialize_unit_struct(&'static str);
        }

        fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<u32, Unsupported> {
            Err(Unsupported)
        }
        fn serialize_newtype_struct<T: ?Sized + Serialize>(
            self,
            _: &'static str,
            _: &T,
        ) -> Result<u32, Unsupported> {
            Err(Unsupported)
        }
        fn serialize_newtype_variant<T: ?Sized + Serialize>(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: &T,
        ) -> Result<u32, Unsupported> {
            Err(Unsupported)
        }
        fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Unsupported> {
            Err(Unsupported)
        }
        fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Unsupported> {
            Err(Unsupported)
        }
        fn serialize_tuple_struct(
            self,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeTupleStruct, Unsupported> {
            Err(Unsupported)
        }
        fn serialize_tuple_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeTupleVariant, Unsupported> {
            Err(Unsupported)
        }
        fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Unsupported> {
            Err(Unsupported)
        }
        fn serialize_struct(
            self,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeStruct, Unsupported> {
            Err(Unsupported)
        }
        fn serialize_struct_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeStructVariant, Unsupported> {
            Err(Unsupported)
        }
    }

    /// The index `value` (a unit variant) is written as.
    pub fn write<T: Serialize>(value: &T) -> u32 {
        value.serialize(Index).expect("a unit variant")
    }

    /// Reads a unit variant from its index.
    pub fn read<T: serde::de::DeserializeOwned>(index: u32) -> Result<T, String> {
        let de = serde::de::value::U32Deserializer::<serde::de::value::Error>::new(index);
        T::deserialize(de).map_err(|e| e.to_string())
    }
}

/// Defines a case: old and new items (emitted as real types and stringified for
/// extraction), samples of each, and optionally payloads the old type accepts,
/// strictness payloads, Rust renames (`old` -> `new` name of a field or variant),
/// and the format.
macro_rules! wire_case {
    (@format) => { super::Format::Keyed };
    (@format $fmt:ident) => { super::Format::$fmt };
    (
        $name:ident, ty: $ty:ident, expect: [$($kind:ident),* $(,)?],
        old: { $($old:item)* },
        new: { $($new:item)* },
        old_samples: [$($os:expr),* $(,)?],
        new_samples: [$($ns:expr),* $(,)?]
        $(, old_accepts: [$($oa:literal),* $(,)?])?
        $(, strictness: [$($st:literal),* $(,)?])?
        $(, renames: [$(($from:literal, $to:literal)),* $(,)?])?
        $(, format: $fmt:ident)?
        $(,)?
    ) => {
        #[allow(dead_code, non_snake_case, clippy::all)]
        mod $name {
            pub mod old {
                use serde::{Deserialize, Serialize};
                $($old)*
            }
            pub mod new {
                use serde::{Deserialize, Serialize};
                $($new)*
            }
            pub fn case() -> super::Case {
                let format = wire_case!(@format $($fmt)?);
                super::Case {
                    name: stringify!($name),
                    ty: stringify!($ty),
                    kinds: &[$(contract_core::DeltaKind::$kind),*],
                    old_src: stringify!($($old)*),
                    new_src: stringify!($($new)*),
                    format,
                    oracle: super::oracle::<old::$ty, new::$ty>(
                        vec![$({ use old::*; $os }),*],
                        vec![$({ use new::*; $ns }),*],
                        &[$($($oa),*)?],
                        &[$($($st),*)?],
                        &[$($(($from, $to)),*)?],
                        format,
                    ),
                }
            }
        }
    };
}

// ---- fields added -----------------------------------------------------------------

wire_case! {
    added_with_default, ty: S, expect: [FieldAddedWithDefault],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8 } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub a: u8, #[serde(default)] pub retries: u32 }
    },
    old_samples: [S { a: 1 }],
    new_samples: [S { a: 1, retries: 7 }],
}

wire_case! {
    added_option, ty: S, expect: [FieldAddedWithDefault],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8 } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8, pub note: Option<String> } },
    old_samples: [S { a: 1 }],
    new_samples: [S { a: 1, note: Some("n".into()) }, S { a: 1, note: None }],
}

wire_case! {
    added_to_strict_consumer, ty: S, expect: [FieldAddedWithDefault],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        pub struct S { pub a: u8 }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        pub struct S { pub a: u8, #[serde(default)] pub prior: Vec<u8> }
    },
    old_samples: [S { a: 1 }],
    new_samples: [S { a: 1, prior: vec![2] }],
}

wire_case! {
    added_skipped, ty: S, expect: [FieldAddedWithDefault],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        pub struct S { pub a: u8 }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        pub struct S { pub a: u8, #[serde(skip)] pub cache: u32 }
    },
    old_samples: [S { a: 1 }],
    new_samples: [S { a: 1, cache: 9 }],
}

wire_case! {
    added_required, ty: S, expect: [RequiredFieldAdded],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8 } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8, pub id: u64 } },
    old_samples: [S { a: 1 }],
    new_samples: [S { a: 1, id: 5 }],
}

wire_case! {
    added_defaulted_at_the_end_positional, ty: S, expect: [FieldAddedWithDefault],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8 } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub a: u8, #[serde(default)] pub b: u8 }
    },
    old_samples: [S { a: 1 }],
    new_samples: [S { a: 1, b: 2 }],
    format: Positional,
}

// ---- fields removed ---------------------------------------------------------------

wire_case! {
    removed_required, ty: S, expect: [FieldRemoved],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8, pub b: u8 } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8 } },
    old_samples: [S { a: 1, b: 2 }],
    new_samples: [S { a: 1 }],
}

// `#[doc(hidden)]` takes a field out of the Rust API, not off the wire: its removal
// still breaks payloads (the API verdict is additive, the wire one is not).
wire_case! {
    removed_hidden, ty: S, expect: [FieldRemoved],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub a: u8, #[doc(hidden)] pub b: u8 }
    },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8 } },
    old_samples: [S { a: 1, b: 2 }],
    new_samples: [S { a: 1 }],
}

wire_case! {
    removed_optional, ty: S, expect: [FieldRemoved],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8, pub b: Option<u8> } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8 } },
    old_samples: [S { a: 1, b: Some(2) }],
    new_samples: [S { a: 1 }],
}

wire_case! {
    removed_from_strict_reader, ty: S, expect: [FieldRemoved],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        pub struct S { pub a: u8, pub b: Option<u8> }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        pub struct S { pub a: u8 }
    },
    old_samples: [S { a: 1, b: Some(2) }],
    new_samples: [S { a: 1 }],
}

wire_case! {
    removed_positional, ty: S, expect: [FieldRemoved],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8, pub b: Option<u8> } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8 } },
    old_samples: [S { a: 1, b: Some(2) }],
    new_samples: [S { a: 1 }],
    format: Positional,
}

// ---- types ------------------------------------------------------------------------

wire_case! {
    widened_integer, ty: S, expect: [FieldTypeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u32 } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u64 } },
    old_samples: [S { a: 7 }],
    new_samples: [S { a: 7 }, S { a: u64::MAX }],
}

wire_case! {
    boxed, ty: S, expect: [FieldTypeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: Box<u32>, pub b: Vec<u8> } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub a: u32, pub b: std::collections::VecDeque<u8> }
    },
    old_samples: [S { a: Box::new(7), b: vec![1, 2] }],
    new_samples: [S { a: 7, b: [1, 2].into() }],
}

wire_case! {
    retyped, ty: S, expect: [FieldTypeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u32 } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: String } },
    old_samples: [S { a: 7 }],
    new_samples: [S { a: "7".into() }],
}

wire_case! {
    made_optional, ty: S, expect: [FieldTypeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u32 } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: Option<u32> } },
    old_samples: [S { a: 7 }],
    new_samples: [S { a: Some(7) }, S { a: None }],
}

wire_case! {
    narrowed, ty: S, expect: [FieldTypeNarrowed],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: Option<u32> } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u32 } },
    old_samples: [S { a: Some(7) }, S { a: None }],
    new_samples: [S { a: 7 }],
}

// ---- order ------------------------------------------------------------------------

wire_case! {
    reordered, ty: S, expect: [FieldOrderChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8, pub b: u16 } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub b: u16, pub a: u8 } },
    old_samples: [S { a: 1, b: 2 }],
    new_samples: [S { b: 2, a: 1 }],
}

wire_case! {
    reordered_positional, ty: S, expect: [FieldOrderChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8, pub b: u16 } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub b: u16, pub a: u8 } },
    old_samples: [S { a: 1, b: 2 }],
    new_samples: [S { b: 2, a: 1 }],
    format: Positional,
}

// ---- names ------------------------------------------------------------------------

wire_case! {
    wire_renamed, ty: S, expect: [FieldWireNameChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { #[serde(rename = "id")] pub key: u64 } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { #[serde(rename = "key")] pub key: u64 } },
    old_samples: [S { key: 1 }],
    new_samples: [S { key: 1 }],
}

wire_case! {
    wire_renamed_keeping_an_alias, ty: S, expect: [FieldWireNameChanged, FieldAliasAdded],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub id: u64 } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { #[serde(rename = "key", alias = "id")] pub id: u64 }
    },
    old_samples: [S { id: 1 }],
    new_samples: [S { id: 1 }],
}

wire_case! {
    optional_field_renamed, ty: S, expect: [FieldWireNameChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub note: Option<String> } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub remark: Option<String> } },
    old_samples: [S { note: Some("n".into()) }],
    new_samples: [S { remark: Some("n".into()) }],
    renames: [("note", "remark")],
}

wire_case! {
    rust_renamed_wire_kept, ty: S, expect: [SerdeAttributeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub id: u64 } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { #[serde(rename = "id")] pub key: u64 } },
    old_samples: [S { id: 1 }],
    new_samples: [S { key: 1 }],
    renames: [("id", "key")],
}

wire_case! {
    rename_all_changed, ty: S, expect: [ContainerRenameAllChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(rename_all = "snake_case")]
        pub struct S { pub retry_count: u8 }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(rename_all = "camelCase")]
        pub struct S { pub retry_count: u8 }
    },
    old_samples: [S { retry_count: 1 }],
    new_samples: [S { retry_count: 1 }],
}

wire_case! {
    rename_all_without_effect, ty: S, expect: [ContainerRenameAllChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub id: u8 } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(rename_all = "camelCase")]
        pub struct S { pub id: u8 }
    },
    old_samples: [S { id: 1 }],
    new_samples: [S { id: 1 }],
}

wire_case! {
    rename_all_on_variants, ty: E, expect: [ContainerRenameAllChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub enum E { NotFound, Ok } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(rename_all = "snake_case")]
        pub enum E { NotFound, Ok }
    },
    old_samples: [E::NotFound],
    new_samples: [E::NotFound],
}

wire_case! {
    alias_added, ty: S, expect: [FieldAliasAdded],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub id: u64 } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { #[serde(alias = "old_id")] pub id: u64 } },
    old_samples: [S { id: 1 }],
    new_samples: [S { id: 1 }],
}

wire_case! {
    alias_removed, ty: S, expect: [FieldAliasRemoved],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { #[serde(alias = "old_id")] pub id: u64 } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub id: u64 } },
    old_samples: [S { id: 1 }],
    new_samples: [S { id: 1 }],
    old_accepts: [r#"{"old_id":1}"#],
}

// ---- defaults, skips, flatten -------------------------------------------------------

wire_case! {
    default_added, ty: S, expect: [FieldDefaultAdded],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8, pub retries: u8 } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub a: u8, #[serde(default)] pub retries: u8 }
    },
    old_samples: [S { a: 1, retries: 3 }],
    new_samples: [S { a: 1, retries: 3 }],
}

wire_case! {
    container_default_added, ty: S, expect: [FieldDefaultAdded],
    old: { #[derive(Serialize, Deserialize, Debug, Default)] pub struct S { pub a: u8 } },
    new: {
        #[derive(Serialize, Deserialize, Debug, Default)]
        #[serde(default)]
        pub struct S { pub a: u8 }
    },
    old_samples: [S { a: 1 }],
    new_samples: [S { a: 1 }],
}

wire_case! {
    default_removed, ty: S, expect: [FieldDefaultRemoved],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub a: u8, #[serde(default)] pub retries: u8 }
    },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8, pub retries: u8 } },
    old_samples: [S { a: 1, retries: 3 }],
    new_samples: [S { a: 1, retries: 3 }],
    old_accepts: [r#"{"a":1}"#],
}

wire_case! {
    container_default_removed, ty: S, expect: [FieldDefaultRemoved],
    old: {
        #[derive(Serialize, Deserialize, Debug, Default)]
        #[serde(default)]
        pub struct S { pub a: u8 }
    },
    new: { #[derive(Serialize, Deserialize, Debug, Default)] pub struct S { pub a: u8 } },
    old_samples: [S { a: 1 }],
    new_samples: [S { a: 1 }],
    old_accepts: [r#"{}"#],
}

wire_case! {
    optional_default_removed, ty: S, expect: [FieldDefaultRemoved],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { #[serde(default)] pub note: Option<u8> }
    },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub note: Option<u8> } },
    old_samples: [S { note: Some(1) }],
    new_samples: [S { note: Some(1) }],
    old_accepts: [r#"{}"#],
}

wire_case! {
    skipped, ty: S, expect: [FieldSkipped],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8, pub token: String } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub a: u8, #[serde(skip)] pub token: String }
    },
    old_samples: [S { a: 1, token: "t".into() }],
    new_samples: [S { a: 1, token: "t".into() }],
}

wire_case! {
    skipped_on_output_only, ty: S, expect: [FieldSkipped],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8, pub token: String } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub a: u8, #[serde(skip_serializing, default)] pub token: String }
    },
    old_samples: [S { a: 1, token: "t".into() }],
    new_samples: [S { a: 1, token: "t".into() }],
}

wire_case! {
    flattened, ty: S, expect: [FieldFlattenChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)] pub struct Meta { pub x: u8 }
        #[derive(Serialize, Deserialize, Debug)] pub struct S { pub meta: Meta }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)] pub struct Meta { pub x: u8 }
        #[derive(Serialize, Deserialize, Debug)] pub struct S { #[serde(flatten)] pub meta: Meta }
    },
    old_samples: [S { meta: Meta { x: 1 } }],
    new_samples: [S { meta: Meta { x: 1 } }],
}

// ---- container attributes ----------------------------------------------------------

wire_case! {
    deny_added, ty: S, expect: [DenyUnknownFieldsChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8 } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        pub struct S { pub a: u8 }
    },
    old_samples: [S { a: 1 }],
    new_samples: [S { a: 1 }],
    old_accepts: [r#"{"a":1,"written_by_v0":true}"#],
}

wire_case! {
    deny_removed, ty: S, expect: [DenyUnknownFieldsChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        pub struct S { pub a: u8 }
    },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8 } },
    old_samples: [S { a: 1 }],
    new_samples: [S { a: 1 }],
    strictness: [r#"{"a":1,"extra":true}"#],
}

wire_case! {
    transparent, ty: Id, expect: [TransparentChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct Id { pub id: u64 } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(transparent)]
        pub struct Id { pub id: u64 }
    },
    old_samples: [Id { id: 1 }],
    new_samples: [Id { id: 1 }],
}

wire_case! {
    internally_tagged, ty: E, expect: [EnumRepresentationChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub enum E { A { x: u8 } } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(tag = "kind")]
        pub enum E { A { x: u8 } }
    },
    old_samples: [E::A { x: 1 }],
    new_samples: [E::A { x: 1 }],
}

wire_case! {
    tuple_to_named, ty: Id, expect: [SymbolKindChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct Id(pub u64, pub u8); },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct Id { pub id: u64, pub n: u8 } },
    old_samples: [Id(1, 2)],
    new_samples: [Id { id: 1, n: 2 }],
    renames: [("0", "id"), ("1", "n")],
}

wire_case! {
    tuple_to_named_retyped, ty: Id, expect: [SymbolKindChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct Id(pub u64, pub u8); },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct Id { pub id: u64, pub n: String } },
    old_samples: [Id(1, 2)],
    new_samples: [Id { id: 1, n: "2".into() }],
    renames: [("0", "id"), ("1", "n")],
}

wire_case! {
    unit_to_named, ty: Id, expect: [SymbolKindChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct Id; },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct Id {} },
    old_samples: [Id],
    new_samples: [Id {}],
}

wire_case! {
    skip_if_on_option, ty: S, expect: [SerdeAttributeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub note: Option<u8> } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { #[serde(skip_serializing_if = "Option::is_none")] pub note: Option<u8> }
    },
    old_samples: [S { note: Some(1) }, S { note: None }],
    new_samples: [S { note: Some(1) }, S { note: None }],
}

wire_case! {
    skip_if_on_required, ty: S, expect: [SerdeAttributeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub tags: Vec<u8> } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { #[serde(skip_serializing_if = "Vec::is_empty", default)] pub tags: Vec<u8> }
    },
    old_samples: [S { tags: vec![1] }],
    new_samples: [S { tags: vec![1] }, S { tags: vec![] }],
}

wire_case! {
    custom_serializer, ty: S, expect: [SerdeAttributeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub at: u64 } },
    new: {
        pub mod as_string {
            use serde::{Deserialize, Deserializer, Serializer};
            pub fn serialize<S: Serializer>(v: &u64, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&v.to_string())
            }
            pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
                String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
            }
        }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { #[serde(with = "as_string")] pub at: u64 }
    },
    old_samples: [S { at: 1 }],
    new_samples: [S { at: 1 }],
}

wire_case! {
    container_renamed, ty: S, expect: [SerdeAttributeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u8 } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(rename = "Report")]
        pub struct S { pub a: u8 }
    },
    old_samples: [S { a: 1 }],
    new_samples: [S { a: 1 }],
}

// ---- variants -----------------------------------------------------------------------

wire_case! {
    variant_added, ty: E, expect: [VariantAdded],
    old: { #[derive(Serialize, Deserialize, Debug)] #[non_exhaustive] pub enum E { A, B } },
    new: { #[derive(Serialize, Deserialize, Debug)] #[non_exhaustive] pub enum E { A, B, Skipped } },
    old_samples: [E::A, E::B],
    new_samples: [E::A, E::Skipped],
}

wire_case! {
    variant_added_with_catch_all, ty: E, expect: [VariantAdded],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(tag = "t")]
        pub enum E { A, #[serde(other)] Unknown }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(tag = "t")]
        pub enum E { A, B, #[serde(other)] Unknown }
    },
    old_samples: [E::A],
    new_samples: [E::A, E::B],
    // Old consumers read the new variant as their catch-all, as designed.
    renames: [("Unknown", "B")],
}

// `#[serde(other)]` must be the last variant and a unit variant (serde_derive's
// check), so a new variant goes before it. What the catch-all catches depends on the
// representation: any variant of an internally tagged enum (its fields are ignored),
// but only a tag without content otherwise.

wire_case! {
    catch_all_external_unit, ty: E, expect: [VariantAdded],
    old: { #[derive(Serialize, Deserialize, Debug)] pub enum E { A, #[serde(other)] Unknown } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub enum E { A, B, #[serde(other)] Unknown } },
    old_samples: [E::A],
    new_samples: [E::A, E::B],
    renames: [("Unknown", "B")],
}

wire_case! {
    catch_all_external_newtype, ty: E, expect: [VariantAdded],
    old: { #[derive(Serialize, Deserialize, Debug)] pub enum E { A, #[serde(other)] Unknown } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub enum E { A, B(u8), #[serde(other)] Unknown } },
    old_samples: [E::A],
    new_samples: [E::A, E::B(1)],
    renames: [("Unknown", "B")],
}

wire_case! {
    catch_all_internal_struct, ty: E, expect: [VariantAdded],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(tag = "t")]
        pub enum E { A, #[serde(other)] Unknown }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(tag = "t")]
        pub enum E { A, B { x: u8 }, #[serde(other)] Unknown }
    },
    old_samples: [E::A],
    new_samples: [E::A, E::B { x: 1 }],
    renames: [("Unknown", "B")],
}

wire_case! {
    catch_all_adjacent_newtype, ty: E, expect: [VariantAdded],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(tag = "t", content = "c")]
        pub enum E { A, #[serde(other)] Unknown }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(tag = "t", content = "c")]
        pub enum E { A, B(u8), #[serde(other)] Unknown }
    },
    old_samples: [E::A],
    new_samples: [E::A, E::B(1)],
    renames: [("Unknown", "B")],
}

wire_case! {
    catch_all_adjacent_unit, ty: E, expect: [VariantAdded],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(tag = "t", content = "c")]
        pub enum E { A, #[serde(other)] Unknown }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(tag = "t", content = "c")]
        pub enum E { A, B, #[serde(other)] Unknown }
    },
    old_samples: [E::A],
    new_samples: [E::A, E::B],
    renames: [("Unknown", "B")],
}

// serde reads an untagged enum by trying its variants in declaration order: moved,
// `1` (written by `Int`) now reads as a `Float`. Payloads are written alike.
wire_case! {
    untagged_variants_reordered, ty: N, expect: [FieldOrderChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(untagged)]
        pub enum N { Int(i64), Float(f64) }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(untagged)]
        pub enum N { Float(f64), Int(i64) }
    },
    old_samples: [N::Int(1), N::Float(1.5)],
    new_samples: [N::Int(1), N::Float(1.5)],
}

// The same for `#[serde(untagged)]` variants of a tagged enum, tried after the
// tagged ones.
wire_case! {
    untagged_fallback_variants_reordered, ty: E, expect: [FieldOrderChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        pub enum E { Tagged, #[serde(untagged)] Int(i64), #[serde(untagged)] Float(f64) }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub enum E { Tagged, #[serde(untagged)] Float(f64), #[serde(untagged)] Int(i64) }
    },
    old_samples: [E::Tagged, E::Int(1), E::Float(1.5)],
    new_samples: [E::Tagged, E::Int(1), E::Float(1.5)],
}

// Tagged variants are read by tag: their order is nothing to a self-describing reader.
wire_case! {
    tagged_variants_reordered, ty: E, expect: [],
    old: { #[derive(Serialize, Deserialize, Debug)] pub enum E { Int(i64), Float(f64) } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub enum E { Float(f64), Int(i64) } },
    old_samples: [E::Int(1), E::Float(1.5)],
    new_samples: [E::Int(1), E::Float(1.5)],
}

// Positional formats write the index: the new variant renumbers the catch-all, so an
// old `Unknown` reads as the new `B`, and a new `B` as the old `Unknown`.
wire_case! {
    catch_all_renumbered, ty: E, expect: [VariantAdded, DiscriminantChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub enum E { A, #[serde(other)] Unknown } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub enum E { A, B, #[serde(other)] Unknown } },
    old_samples: [E::A, E::Unknown],
    new_samples: [E::A, E::B, E::Unknown],
    format: Index,
}

wire_case! {
    variant_removed, ty: E, expect: [VariantRemoved],
    old: { #[derive(Serialize, Deserialize, Debug)] pub enum E { A, B(u8) } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub enum E { A } },
    old_samples: [E::A, E::B(1)],
    new_samples: [E::A],
}

wire_case! {
    variant_reshaped, ty: E, expect: [VariantKindChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub enum E { Failed } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub enum E { Failed(String) } },
    old_samples: [E::Failed],
    new_samples: [E::Failed("why".into())],
}

wire_case! {
    variant_wire_renamed, ty: Outcome, expect: [VariantWireNameChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        pub enum Outcome { #[serde(rename = "ok")] Pass, Fail }
    },
    new: { #[derive(Serialize, Deserialize, Debug)] pub enum Outcome { Pass, Fail } },
    old_samples: [Outcome::Pass],
    new_samples: [Outcome::Pass],
}

wire_case! {
    variant_alias_added, ty: Outcome, expect: [SerdeAttributeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub enum Outcome { Pass, Fail } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub enum Outcome { #[serde(alias = "ok")] Pass, Fail }
    },
    old_samples: [Outcome::Pass, Outcome::Fail],
    new_samples: [Outcome::Pass, Outcome::Fail],
}

wire_case! {
    variant_field_added, ty: E, expect: [RequiredFieldAdded],
    old: { #[derive(Serialize, Deserialize, Debug)] pub enum E { Failed { code: u8 } } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub enum E { Failed { code: u8, why: String } } },
    old_samples: [E::Failed { code: 1 }],
    new_samples: [E::Failed { code: 1, why: "w".into() }],
}

wire_case! {
    variant_inserted_index, ty: E, expect: [DiscriminantChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub enum E { A, B } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub enum E { A, New, B } },
    old_samples: [E::A, E::B],
    new_samples: [E::A, E::B],
    format: Index,
}

// ---- types read in serde's data model ----------------------------------------------

// cargo_metadata 0.19's `Target::kind`: strings became an enum whose unit variants are
// written as the same strings and whose untagged fallback reads every other one.
wire_case! {
    string_to_enum_with_untagged_fallback, ty: Target, expect: [FieldTypeChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct Target { pub kind: Vec<String> }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub enum Kind {
            #[serde(rename = "lib")] Lib,
            #[serde(rename = "proc-macro")] ProcMacro,
            #[serde(untagged)] Unknown(String),
        }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct Target { pub kind: Vec<Kind> }
    },
    old_samples: [Target { kind: vec!["lib".into(), "proc-macro".into(), "cdylib".into()] }],
    new_samples: [Target { kind: vec![Kind::Lib, Kind::ProcMacro, Kind::Unknown("x".into())] }],
}

wire_case! {
    string_to_closed_enum, ty: S, expect: [FieldTypeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub edition: String } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub enum Edition { #[serde(rename = "2018")] E2018, #[serde(rename = "2021")] E2021 }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub edition: Edition }
    },
    old_samples: [S { edition: "2021".into() }, S { edition: "2024".into() }],
    new_samples: [S { edition: Edition::E2018 }, S { edition: Edition::E2021 }],
}

// cargo_metadata's `edition: Edition` as a `String`: a string reads every name the
// enum writes; old consumers meet strings no variant reads.
wire_case! {
    enum_to_string, ty: S, expect: [FieldTypeChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        pub enum Edition { #[serde(rename = "2018")] E2018, #[serde(rename = "2021")] E2021 }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub edition: Edition }
    },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub edition: String } },
    old_samples: [S { edition: Edition::E2018 }, S { edition: Edition::E2021 }],
    new_samples: [S { edition: "2021".into() }, S { edition: "2030".into() }],
}

// A catch-all reads every string, but as itself: the string written is lost.
wire_case! {
    string_to_enum_with_catch_all, ty: S, expect: [FieldTypeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub level: String } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub enum Level { #[serde(rename = "low")] Low, #[serde(other)] Other }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub level: Level }
    },
    old_samples: [S { level: "low".into() }, S { level: "high".into() }],
    new_samples: [S { level: Level::Low }],
}

// An enum with a struct variant writes objects, which no string reads.
wire_case! {
    enum_with_data_to_string, ty: S, expect: [FieldTypeChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        pub enum Mode { Fast, Custom { level: u8 } }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub mode: Mode }
    },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub mode: String } },
    old_samples: [S { mode: Mode::Fast }, S { mode: Mode::Custom { level: 3 } }],
    new_samples: [S { mode: "Fast".into() }, S { mode: "Slow".into() }],
}

// A newtype struct is its content in JSON and in bincode alike.
wire_case! {
    newtype_to_content, ty: S, expect: [FieldTypeChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct Id(pub u64);
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub id: Id }
    },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub id: u64 } },
    old_samples: [S { id: Id(7) }],
    new_samples: [S { id: 7 }],
}

wire_case! {
    newtype_to_content_bincode, ty: S, expect: [FieldTypeChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct Id(pub u64);
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub id: Id, pub n: u8 }
    },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub id: u64, pub n: u8 } },
    old_samples: [S { id: Id(7), n: 1 }],
    new_samples: [S { id: 7, n: 1 }],
    format: Bincode,
}

wire_case! {
    string_to_enum_bincode, ty: Target, expect: [FieldTypeChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct Target { pub kind: Vec<String> }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub enum Kind { #[serde(rename = "lib")] Lib, #[serde(untagged)] Unknown(String) }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct Target { pub kind: Vec<Kind> }
    },
    old_samples: [Target { kind: vec!["lib".into()] }],
    new_samples: [Target { kind: vec![Kind::Lib] }],
    format: Bincode,
}

wire_case! {
    widened_integer_bincode, ty: S, expect: [FieldTypeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u32 } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: u64 } },
    old_samples: [S { a: 5 }],
    new_samples: [S { a: 5 }],
    format: Bincode,
}

wire_case! {
    boxed_bincode, ty: S, expect: [FieldTypeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub a: Box<str>, pub b: Vec<u16> } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub a: String, pub b: std::collections::VecDeque<u16> }
    },
    old_samples: [S { a: "x".into(), b: vec![1, 2] }],
    new_samples: [S { a: "x".into(), b: [1, 2].into() }],
    format: Bincode,
}

// A set reads a sequence, dropping its duplicates; a sequence reads a set.
wire_case! {
    list_to_set, ty: S, expect: [FieldTypeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub tags: Vec<u8> } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub tags: std::collections::BTreeSet<u8> }
    },
    old_samples: [S { tags: vec![1, 1, 2] }],
    new_samples: [S { tags: [1, 2].into() }],
}

wire_case! {
    integer_to_string, ty: S, expect: [FieldTypeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub id: u64 } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub id: String } },
    old_samples: [S { id: 7 }],
    new_samples: [S { id: "7".into() }],
}

// `serde_json::Value` reads every JSON payload; old readers meet values they do not.
wire_case! {
    to_json_value, ty: S, expect: [FieldTypeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub extra: u8 } },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub extra: serde_json::Value }
    },
    old_samples: [S { extra: 3 }],
    new_samples: [S { extra: serde_json::json!({"k": [1]}) }],
}

// One struct of the crate replaced by another that writes and reads the same keys.
wire_case! {
    struct_to_struct_same_keys, ty: S, expect: [FieldTypeChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct Point { pub x: i32, pub y: i32 }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub at: Point }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct Point { pub x: i32, pub y: i32 }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct Position { pub y: i64, pub x: i64 }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub at: Position }
    },
    old_samples: [S { at: Point { x: 1, y: -2 } }],
    new_samples: [S { at: Position { x: 1, y: 2 } }, S { at: Position { x: 1 << 40, y: 2 } }],
}

wire_case! {
    struct_to_struct_missing_key, ty: S, expect: [FieldTypeChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        pub struct Point { pub x: i32, pub y: i32 }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub at: Point }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        pub struct Point { pub x: i32, pub y: i32 }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct Point3 { pub x: i32, pub y: i32, pub z: i32 }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub at: Point3 }
    },
    old_samples: [S { at: Point { x: 1, y: -2 } }],
    new_samples: [S { at: Point3 { x: 1, y: 2, z: 3 } }],
}

// One generic type of the crate with other arguments (cargo_toml 1.0's
// `Inheritable<String>` → `Inheritable<semver::Version>`): read through its body.
wire_case! {
    generic_argument_widened, ty: S, expect: [FieldTypeChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct Wrapper<T> { pub v: T }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub w: Wrapper<u32> }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct Wrapper<T> { pub v: T }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub w: Wrapper<u64> }
    },
    old_samples: [S { w: Wrapper { v: 7 } }],
    new_samples: [S { w: Wrapper { v: 1 << 40 } }],
}

wire_case! {
    generic_argument_retyped, ty: S, expect: [FieldTypeChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        pub enum Inheritable<T> { Set(T), Inherited { workspace: bool } }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub version: Inheritable<String> }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub enum Inheritable<T> { Set(T), Inherited { workspace: bool } }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub version: Inheritable<u64> }
    },
    old_samples: [S { version: Inheritable::Set("0.1".into()) }],
    new_samples: [S { version: Inheritable::Set(3) }],
}

// cargo_toml 1.0's `Inheritable<T>`: read through `try_from` another generic type,
// written by its own derive — a form on each side, compared by identity with its
// arguments.
wire_case! {
    generic_converting_one_way, ty: S, expect: [FieldTypeChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(untagged)]
        pub enum Parser<T> { Set(T), Inherited { workspace: bool } }
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(untagged, try_from = "Parser<T>")]
        pub enum Inheritable<T> { Set(T), Inherited }
        impl<T> TryFrom<Parser<T>> for Inheritable<T> {
            type Error = String;
            fn try_from(p: Parser<T>) -> Result<Self, String> {
                Ok(match p { Parser::Set(v) => Inheritable::Set(v), Parser::Inherited { .. } => Inheritable::Inherited })
            }
        }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub version: Inheritable<String> }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(untagged)]
        pub enum Parser<T> { Set(T), Inherited { workspace: bool } }
        #[derive(Serialize, Deserialize, Debug)]
        #[serde(untagged, try_from = "Parser<T>")]
        pub enum Inheritable<T> { Set(T), Inherited }
        impl<T> TryFrom<Parser<T>> for Inheritable<T> {
            type Error = String;
            fn try_from(p: Parser<T>) -> Result<Self, String> {
                Ok(match p { Parser::Set(v) => Inheritable::Set(v), Parser::Inherited { .. } => Inheritable::Inherited })
            }
        }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub version: Inheritable<u64> }
    },
    old_samples: [S { version: Inheritable::Set("0.1".into()) }],
    new_samples: [S { version: Inheritable::Set(3) }],
}

// A flattened field has no key of its own: renamed in Rust, the payload is the same
// (lsp-server 0.10's `Response`, whose flattened field was renamed and retyped).
wire_case! {
    flattened_field_renamed, ty: S, expect: [],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct Meta { pub id: u8 }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub a: u8, #[serde(flatten)] pub meta: Meta }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct Meta { pub id: u8 }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub a: u8, #[serde(flatten)] pub info: Meta }
    },
    old_samples: [S { a: 1, meta: Meta { id: 2 } }],
    new_samples: [S { a: 1, info: Meta { id: 2 } }],
    renames: [("meta", "info")],
}

wire_case! {
    flattened_field_renamed_and_retyped, ty: S, expect: [FieldTypeChanged],
    old: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct Meta { pub id: u8 }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub a: u8, #[serde(flatten)] pub meta: Meta }
    },
    new: {
        #[derive(Serialize, Deserialize, Debug)]
        pub struct Tag { pub tag: String }
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { pub a: u8, #[serde(flatten)] pub info: Tag }
    },
    old_samples: [S { a: 1, meta: Meta { id: 2 } }],
    new_samples: [S { a: 1, info: Tag { tag: "t".into() } }],
    renames: [("meta", "info")],
}

// serde_with's `serde_as` rewrites a field into `#[serde(with = "::serde_with::As::<…>")]`:
// a conversion added to an unchanged type changes its payloads both ways.
wire_case! {
    serde_as_added, ty: S, expect: [SerdeAttributeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub n: u64 } },
    new: {
        #[serde_with::serde_as]
        #[derive(Serialize, Deserialize, Debug)]
        pub struct S { #[serde_as(as = "serde_with::DisplayFromStr")] pub n: u64 }
    },
    old_samples: [S { n: 7 }],
    new_samples: [S { n: 7 }],
}

wire_case! {
    optional_to_required_inside, ty: S, expect: [FieldTypeChanged],
    old: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub v: Vec<Option<u8>> } },
    new: { #[derive(Serialize, Deserialize, Debug)] pub struct S { pub v: Vec<u8> } },
    old_samples: [S { v: vec![Some(1), None] }],
    new_samples: [S { v: vec![1] }],
}

fn cases() -> Vec<Case> {
    vec![
        added_with_default::case(),
        added_option::case(),
        added_to_strict_consumer::case(),
        added_skipped::case(),
        added_required::case(),
        added_defaulted_at_the_end_positional::case(),
        removed_required::case(),
        removed_hidden::case(),
        removed_optional::case(),
        removed_from_strict_reader::case(),
        removed_positional::case(),
        widened_integer::case(),
        boxed::case(),
        retyped::case(),
        made_optional::case(),
        narrowed::case(),
        reordered::case(),
        reordered_positional::case(),
        wire_renamed::case(),
        wire_renamed_keeping_an_alias::case(),
        optional_field_renamed::case(),
        rust_renamed_wire_kept::case(),
        rename_all_changed::case(),
        rename_all_without_effect::case(),
        rename_all_on_variants::case(),
        alias_added::case(),
        alias_removed::case(),
        default_added::case(),
        container_default_added::case(),
        default_removed::case(),
        container_default_removed::case(),
        optional_default_removed::case(),
        skipped::case(),
        skipped_on_output_only::case(),
        flattened::case(),
        deny_added::case(),
        deny_removed::case(),
        transparent::case(),
        internally_tagged::case(),
        tuple_to_named::case(),
        tuple_to_named_retyped::case(),
        unit_to_named::case(),
        skip_if_on_option::case(),
        skip_if_on_required::case(),
        custom_serializer::case(),
        container_renamed::case(),
        variant_added::case(),
        variant_added_with_catch_all::case(),
        catch_all_external_unit::case(),
        catch_all_external_newtype::case(),
        catch_all_internal_struct::case(),
        catch_all_adjacent_newtype::case(),
        catch_all_adjacent_unit::case(),
        catch_all_renumbered::case(),
        untagged_variants_reordered::case(),
        untagged_fallback_variants_reordered::case(),
        tagged_variants_reordered::case(),
        variant_removed::case(),
        variant_reshaped::case(),
        variant_wire_renamed::case(),
        variant_alias_added::case(),
        variant_field_added::case(),
        variant_inserted_index::case(),
        string_to_enum_with_untagged_fallback::case(),
        string_to_closed_enum::case(),
        enum_to_string::case(),
        string_to_enum_with_catch_all::case(),
        enum_with_data_to_string::case(),
        newtype_to_content::case(),
        newtype_to_content_bincode::case(),
        string_to_enum_bincode::case(),
        widened_integer_bincode::case(),
        boxed_bincode::case(),
        list_to_set::case(),
        integer_to_string::case(),
        to_json_value::case(),
        struct_to_struct_same_keys::case(),
        struct_to_struct_missing_key::case(),
        optional_to_required_inside::case(),
        generic_argument_widened::case(),
        generic_argument_retyped::case(),
        generic_converting_one_way::case(),
        flattened_field_renamed::case(),
        flattened_field_renamed_and_retyped::case(),
        serde_as_added::case(),
    ]
}

/// Is any wire delta of the case's type breaking under `direction`?
fn classifier(case: &Case, direction: WireDirection) -> (bool, Vec<DeltaKind>, String) {
    let policy = Policy {
        wire_direction: direction,
        wire_format: if case.format == Format::Keyed {
            WireFormat::SelfDescribing
        } else {
            WireFormat::Positional
        },
        ..Policy::default()
    };
    let deltas: Vec<_> = common::diff(case.old_src, case.new_src, &policy)
        .into_iter()
        .filter(|d| d.symbol == case.ty && d.axis == Axis::Wire)
        .collect();
    (
        deltas.iter().any(|d| d.is_breaking()),
        deltas.iter().map(|d| d.kind).collect(),
        common::show(&deltas),
    )
}

#[test]
fn every_wire_verdict_matches_a_serde_round_trip() {
    let mut failures = Vec::new();
    for case in cases() {
        for (direction, serde_says) in [
            (WireDirection::Backward, &case.oracle.backward),
            (WireDirection::Forward, &case.oracle.forward),
        ] {
            let (breaking, kinds, shown) = classifier(&case, direction);
            if breaking != serde_says.is_some() {
                failures.push(format!(
                    "{} ({direction:?}): classifier says {}, serde says {}\n{shown}",
                    case.name,
                    if breaking { "breaking" } else { "compatible" },
                    serde_says.as_deref().unwrap_or("compatible"),
                ));
            }
            for kind in case.kinds {
                if !kinds.contains(kind) {
                    failures.push(format!(
                        "{}: expected a wire `{kind}` delta\n{shown}",
                        case.name
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n\n"));
}

#[test]
fn every_kind_reported_on_the_wire_has_an_oracle_case() {
    let covered: Vec<DeltaKind> = cases().iter().flat_map(|c| c.kinds.to_vec()).collect();
    let on_the_wire = DeltaKind::ALL.iter().filter(|k| {
        k.default_axis() == Axis::Wire
            || matches!(
                k,
                DeltaKind::SymbolKindChanged
                    | DeltaKind::FieldRemoved
                    | DeltaKind::FieldTypeChanged
                    | DeltaKind::FieldTypeNarrowed
                    | DeltaKind::VariantAdded
                    | DeltaKind::VariantRemoved
                    | DeltaKind::VariantKindChanged
                    | DeltaKind::DiscriminantChanged
            )
    });
    let missing: Vec<&str> = on_the_wire
        .filter(|k| !covered.contains(k))
        .map(|k| k.as_str())
        .collect();
    assert!(
        missing.is_empty(),
        "wire kinds without a serde round trip: {missing:?}"
    );
}

#[test]
fn the_oracle_sees_loss_and_failure() {
    // The oracle itself: a lost value and a failed read are breaks; a moved field
    // or an `Option` wrapper are not.
    assert!(lost("S { a: 1, b: 2 }", "S { a: 1, b: 0 }", &[]).is_some());
    assert!(lost("S { a: 1, b: 2 }", "S { a: 1 }", &[]).is_none());
    assert!(lost("S { a: 7 }", "S { a: Some(7) }", &[]).is_none());
    assert!(lost("E::A", "E::B", &[]).is_some());
    assert!(lost(
        "S { note: \"a, b\" }",
        "S { remark: None }",
        &[("note", "remark")]
    )
    .is_some());
    // A newtype is its content; two variants with the same content are not one value.
    assert!(lost("S { id: Id(7) }", "S { id: 7 }", &[]).is_none());
    assert!(lost("S { e: A(7) }", "S { e: B(7) }", &[]).is_some());
    assert_eq!(positional(r#"{"b":2,"a":1}"#), "[2,1]");
}

#[test]
#[ignore = "prints what serde did in every case, for review"]
fn dump() {
    for case in cases() {
        println!(
            "{:40} backward: {:60} forward: {}",
            case.name,
            case.oracle.backward.as_deref().unwrap_or("ok"),
            case.oracle.forward.as_deref().unwrap_or("ok")
        );
    }
}
