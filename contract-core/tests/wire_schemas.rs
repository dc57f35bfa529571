//! The wire schema rules against serde itself, on random pairs of schemas.
//!
//! A pair is a writer's schema and a reader's (often the writer's, changed the way
//! releases change types: an integer widened, a value made optional, strings made an
//! enum with a string fallback, a field added or dropped, …). Whenever the rules say
//! the reader reads the writer's payloads, random values of the writer are written
//! with a real serde format — serde_json, and bincode for the positional rules — and
//! read back through the reader's schema, then written again: the read must succeed
//! and keep the value (the same JSON, keys the reader does not have aside; the same
//! bytes in bincode). The values are written and read by a serializer and a
//! deserialize seed that call serde the way `serde_derive` does for each form (a
//! struct through `serialize_struct`/`deserialize_struct`, an enum through its
//! variant index and name, an untagged fallback through buffered content), so each
//! format's own behaviour decides: serde_json's integer range checks, bincode's
//! fixed-width integers and length prefixes.

use std::collections::BTreeSet;
use std::fmt;

use bincode::Options as _;
use contract_core::delta::Tagging;
use contract_core::wire_schema::{reads, Content, Emit, Enum, Field, Record, Schema, Variant};
use proptest::prelude::*;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::ser::{self, SerializeMap, SerializeSeq, SerializeStruct, SerializeTuple};
use serde::{Serialize, Serializer};

/// A value of some schema.
#[derive(Clone, Debug, PartialEq)]
enum Dyn {
    Unit,
    Bool(bool),
    Int(i128),
    Float(f64),
    Char(char),
    Str(String),
    Null,
    Some(Box<Dyn>),
    Seq(Vec<Dyn>),
    Map(Vec<(String, Dyn)>),
    Record(Vec<(String, Dyn)>),
    /// A variant, by its index in the writer's enum, with its content.
    Variant(usize, Box<Dyn>),
}

// ---- schemas --------------------------------------------------------------------------

const FIELDS: [&str; 4] = ["a", "b", "c", "d"];
const TAGS: [&str; 3] = ["x", "y", "z"];

fn int(signed: bool, bits: u8) -> Schema {
    Schema::Int { signed, bits }
}

fn leaf() -> impl Strategy<Value = Schema> {
    prop_oneof![
        Just(Schema::Unit),
        Just(Schema::Bool),
        (any::<bool>(), prop::sample::select(vec![8u8, 16, 32, 64])).prop_map(|(s, b)| int(s, b)),
        prop::sample::select(vec![32u8, 64]).prop_map(|bits| Schema::Float { bits }),
        Just(Schema::Char),
        Just(Schema::Str),
        unit_enum(),
    ]
}

/// An externally tagged enum of unit variants, maybe with a string fallback.
fn unit_enum() -> impl Strategy<Value = Schema> {
    (1usize..=3, any::<bool>()).prop_map(|(n, fallback)| {
        let mut variants: Vec<Variant> = TAGS[..n].iter().map(|t| unit_variant(t)).collect();
        if fallback {
            variants.push(fallback_variant());
        }
        Schema::Enum(Enum {
            name: "E".into(),
            tagging: Tagging::External,
            variants,
        })
    })
}

fn unit_variant(tag: &str) -> Variant {
    Variant {
        name: tag.to_uppercase(),
        ser: tag.into(),
        reads: vec![tag.into()],
        emit: true,
        other: false,
        untagged: false,
        content: Content::Unit,
    }
}

fn fallback_variant() -> Variant {
    Variant {
        name: "Unknown".into(),
        ser: "Unknown".into(),
        reads: vec!["Unknown".into()],
        emit: true,
        other: false,
        untagged: true,
        content: Content::Newtype(Schema::Str),
    }
}

fn field(name: &str, schema: Schema) -> Field {
    Field {
        name: name.into(),
        ser: name.into(),
        reads: vec![name.into()],
        emit: Emit::Always,
        // serde fills a missing `Option` field with `None`.
        required: !matches!(schema, Schema::Option(_)),
        schema,
    }
}

fn schema() -> impl Strategy<Value = Schema> {
    leaf().prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            inner.clone().prop_map(|s| Schema::Option(Box::new(s))),
            (inner.clone(), any::<bool>()).prop_map(|(s, set)| Schema::Seq {
                elem: Box::new(s),
                set,
            }),
            prop::collection::vec(inner.clone(), 1..3).prop_map(Schema::Tuple),
            inner
                .clone()
                .prop_map(|v| Schema::Map(Box::new(Schema::Str), Box::new(v))),
            (prop::collection::vec(inner, 1..4), any::<bool>()).prop_map(|(fields, deny)| {
                Schema::Record(Record {
                    fields: fields
                        .into_iter()
                        .enumerate()
                        .map(|(i, s)| field(FIELDS[i], s))
                        .collect(),
                    deny_unknown: deny,
                    flattened: false,
                })
            }),
        ]
    })
}

/// The writer's schema changed as releases change types (or not at all, or replaced):
/// `choice` picks the change and its details.
fn changed(w: &Schema, choice: u8, other: &Schema) -> Schema {
    let detail = choice / 8;
    match (choice % 8, w) {
        (0, _) => w.clone(),
        // Another width or sign, wider or narrower.
        (1, Schema::Int { .. }) => int(
            detail % 2 == 1,
            [8, 16, 32, 64][usize::from(detail / 2 % 4)],
        ),
        (1, Schema::Float { bits }) => Schema::Float { bits: 96 - bits },
        (1, Schema::Str) => Schema::Char,
        (1, Schema::Char) => Schema::Str,
        (2, Schema::Option(inner)) => (**inner).clone(),
        (2, _) => Schema::Option(Box::new(w.clone())),
        (3, Schema::Str) if detail.is_multiple_of(2) => unit_enum_with_fallback(),
        (3, Schema::Str) => Schema::Enum(Enum {
            name: "E".into(),
            tagging: Tagging::External,
            variants: vec![unit_variant("x"), unit_variant("y")],
        }),
        (3, Schema::Enum(_)) => Schema::Str,
        (4, Schema::Record(r)) => {
            let mut r = r.clone();
            if r.fields.len() < FIELDS.len() {
                let name = FIELDS[r.fields.len()];
                let ty = if detail.is_multiple_of(2) {
                    Schema::Option(Box::new(Schema::Bool))
                } else {
                    Schema::Bool
                };
                r.fields.push(field(name, ty));
            }
            r.deny_unknown = detail % 4 >= 2;
            Schema::Record(r)
        }
        (5, Schema::Record(r)) => {
            let mut r = r.clone();
            r.fields.reverse();
            if r.fields.len() > 1 {
                r.fields.pop();
            }
            r.deny_unknown = detail % 2 == 1;
            Schema::Record(r)
        }
        (6, Schema::Seq { elem, set }) => Schema::Seq {
            elem: Box::new(changed(elem, detail, other)),
            set: if detail.is_multiple_of(2) { !set } else { *set },
        },
        (6, Schema::Option(inner)) => Schema::Option(Box::new(changed(inner, detail, other))),
        (6, Schema::Tuple(elems)) => {
            Schema::Tuple(elems.iter().map(|e| changed(e, detail, other)).collect())
        }
        (6, Schema::Record(r)) => {
            let mut r = r.clone();
            for f in &mut r.fields {
                f.schema = changed(&f.schema, detail, other);
                f.required = !matches!(f.schema, Schema::Option(_));
            }
            Schema::Record(r)
        }
        (6, Schema::Map(k, v)) => Schema::Map(k.clone(), Box::new(changed(v, detail, other))),
        (7, _) => other.clone(),
        _ => w.clone(),
    }
}

fn unit_enum_with_fallback() -> Schema {
    Schema::Enum(Enum {
        name: "E".into(),
        tagging: Tagging::External,
        variants: vec![unit_variant("x"), unit_variant("y"), fallback_variant()],
    })
}

// ---- values -----------------------------------------------------------------------------

fn value(s: &Schema) -> BoxedStrategy<Dyn> {
    match s {
        Schema::Unit => Just(Dyn::Unit).boxed(),
        Schema::Bool => any::<bool>().prop_map(Dyn::Bool).boxed(),
        Schema::Int { signed, bits } => {
            let (lo, hi) = range(*signed, *bits);
            prop_oneof![Just(lo), Just(hi), Just(0), lo..=hi]
                .prop_map(Dyn::Int)
                .boxed()
        }
        Schema::Float { bits: 32 } => prop::sample::select(vec![0.0f32, 1.5, -2.25, 0.1, 3.4e38])
            .prop_map(|f| Dyn::Float(f64::from(f)))
            .boxed(),
        Schema::Float { .. } => prop::sample::select(vec![0.0, 1.5, 0.1, -1e300, 2.5e-8])
            .prop_map(Dyn::Float)
            .boxed(),
        Schema::Char => prop::sample::select(vec!['a', 'é', '🦀', 'x'])
            .prop_map(Dyn::Char)
            .boxed(),
        Schema::Str => prop::sample::select(vec!["", "x", "y", "Unknown", "lib", "a b", "🦀"])
            .prop_map(|s| Dyn::Str(s.into()))
            .boxed(),
        Schema::Option(inner) => prop_oneof![
            Just(Dyn::Null),
            value(inner).prop_map(|v| Dyn::Some(Box::new(v)))
        ]
        .boxed(),
        Schema::Seq { elem, set } => {
            let set = *set;
            prop::collection::vec(value(elem), 0..4)
                .prop_map(move |mut items| {
                    if set {
                        // A set holds each value once, in its order.
                        let mut seen = BTreeSet::new();
                        items.retain(|v| seen.insert(format!("{v:?}")));
                        items.sort_by_key(|v| format!("{v:?}"));
                    }
                    Dyn::Seq(items)
                })
                .boxed()
        }
        Schema::Tuple(elems) => {
            let parts: Vec<BoxedStrategy<Dyn>> = elems.iter().map(value).collect();
            parts.prop_map(Dyn::Seq).boxed()
        }
        Schema::Map(_, v) => {
            prop::collection::vec((prop::sample::select(vec!["k", "l"]), value(v)), 0..3)
                .prop_map(|entries| {
                    let mut seen = BTreeSet::new();
                    Dyn::Map(
                        entries
                            .into_iter()
                            .filter(|(k, _)| seen.insert(*k))
                            .map(|(k, v)| (k.to_owned(), v))
                            .collect(),
                    )
                })
                .boxed()
        }
        Schema::Record(r) => {
            let names: Vec<String> = r.fields.iter().map(|f| f.ser.clone()).collect();
            let parts: Vec<BoxedStrategy<Dyn>> =
                r.fields.iter().map(|f| value(&f.schema)).collect();
            parts
                .prop_map(move |vals| Dyn::Record(names.iter().cloned().zip(vals).collect()))
                .boxed()
        }
        Schema::Enum(e) => {
            let options: Vec<BoxedStrategy<Dyn>> = e
                .variants
                .iter()
                .enumerate()
                .map(|(i, v)| match &v.content {
                    Content::Newtype(s) => value(s)
                        .prop_map(move |c| Dyn::Variant(i, Box::new(c)))
                        .boxed(),
                    _ => Just(Dyn::Variant(i, Box::new(Dyn::Unit))).boxed(),
                })
                .collect();
            prop::strategy::Union::new(options).boxed()
        }
        other => panic!("no values for {other:?}"),
    }
}

fn range(signed: bool, bits: u8) -> (i128, i128) {
    if signed {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    }
}

// ---- writing, as serde_derive writes -----------------------------------------------------

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_owned().into_boxed_str())
}

struct Write<'a>(&'a Schema, &'a Dyn);

impl Serialize for Write<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match (self.0, self.1) {
            (Schema::Unit, _) => s.serialize_unit(),
            (Schema::Bool, Dyn::Bool(b)) => s.serialize_bool(*b),
            (Schema::Int { signed, bits }, Dyn::Int(i)) => {
                let i = *i;
                match (signed, bits) {
                    (false, 8) => s.serialize_u8(i as u8),
                    (false, 16) => s.serialize_u16(i as u16),
                    (false, 32) => s.serialize_u32(i as u32),
                    (false, _) => s.serialize_u64(i as u64),
                    (true, 8) => s.serialize_i8(i as i8),
                    (true, 16) => s.serialize_i16(i as i16),
                    (true, 32) => s.serialize_i32(i as i32),
                    (true, _) => s.serialize_i64(i as i64),
                }
            }
            (Schema::Float { bits: 32 }, Dyn::Float(f)) => s.serialize_f32(*f as f32),
            (Schema::Float { .. }, Dyn::Float(f)) => s.serialize_f64(*f),
            (Schema::Char, Dyn::Char(c)) => s.serialize_char(*c),
            (Schema::Str, Dyn::Str(t)) => s.serialize_str(t),
            (Schema::Option(_), Dyn::Null) => s.serialize_none(),
            (Schema::Option(inner), Dyn::Some(v)) => s.serialize_some(&Write(inner, v)),
            (Schema::Seq { elem, .. }, Dyn::Seq(items)) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(&Write(elem, item))?;
                }
                seq.end()
            }
            (Schema::Tuple(elems), Dyn::Seq(items)) => {
                let mut tuple = s.serialize_tuple(elems.len())?;
                for (e, item) in elems.iter().zip(items) {
                    tuple.serialize_element(&Write(e, item))?;
                }
                tuple.end()
            }
            (Schema::Map(_, v), Dyn::Map(entries)) => {
                let mut map = s.serialize_map(Some(entries.len()))?;
                for (k, value) in entries {
                    map.serialize_entry(k, &Write(v, value))?;
                }
                map.end()
            }
            (Schema::Record(r), Dyn::Record(values)) => {
                let mut st = s.serialize_struct("R", r.fields.len())?;
                for (f, (_, v)) in r.fields.iter().zip(values) {
                    st.serialize_field(leak(&f.ser), &Write(&f.schema, v))?;
                }
                st.end()
            }
            (Schema::Enum(e), Dyn::Variant(i, content)) => {
                let v = &e.variants[*i];
                match (&v.content, v.untagged) {
                    (Content::Newtype(inner), true) => Write(inner, content).serialize(s),
                    (Content::Unit, false) => {
                        s.serialize_unit_variant("E", *i as u32, leak(&v.ser))
                    }
                    (Content::Newtype(inner), false) => s.serialize_newtype_variant(
                        "E",
                        *i as u32,
                        leak(&v.ser),
                        &Write(inner, content),
                    ),
                    _ => Err(ser::Error::custom("a form the generator does not make")),
                }
            }
            (schema, value) => Err(ser::Error::custom(format!("{value:?} is no {schema:?}"))),
        }
    }
}

// ---- reading, as serde_derive reads ------------------------------------------------------

#[derive(Clone, Copy)]
struct Read<'a>(&'a Schema);

impl<'de> DeserializeSeed<'de> for Read<'_> {
    type Value = Dyn;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Dyn, D::Error> {
        let v = ReadVisitor(self.0);
        match self.0 {
            Schema::Unit => d.deserialize_unit(v),
            Schema::Bool => d.deserialize_bool(v),
            Schema::Int { signed, bits } => match (signed, bits) {
                (false, 8) => d.deserialize_u8(v),
                (false, 16) => d.deserialize_u16(v),
                (false, 32) => d.deserialize_u32(v),
                (false, _) => d.deserialize_u64(v),
                (true, 8) => d.deserialize_i8(v),
                (true, 16) => d.deserialize_i16(v),
                (true, 32) => d.deserialize_i32(v),
                (true, _) => d.deserialize_i64(v),
            },
            Schema::Float { bits: 32 } => d.deserialize_f32(v),
            Schema::Float { .. } => d.deserialize_f64(v),
            Schema::Char => d.deserialize_char(v),
            Schema::Str => d.deserialize_string(v),
            Schema::Option(_) => d.deserialize_option(v),
            Schema::Seq { .. } => d.deserialize_seq(v),
            Schema::Tuple(elems) => d.deserialize_tuple(elems.len(), v),
            Schema::Map(..) => d.deserialize_map(v),
            Schema::Record(r) => {
                let names: Vec<&'static str> = r.fields.iter().map(|f| leak(&f.ser)).collect();
                d.deserialize_struct("R", leak_slice(names), v)
            }
            Schema::Enum(e) if e.variants.iter().any(|v| v.untagged) => {
                // serde_derive buffers the content, tries the tagged variants, then each
                // untagged one in order.
                let content = serde_json::Value::deserialize_from(d)?;
                untagged(e, content).map_err(de::Error::custom)
            }
            Schema::Enum(e) => {
                let names: Vec<&'static str> = e.variants.iter().map(|v| leak(&v.ser)).collect();
                d.deserialize_enum("E", leak_slice(names), v)
            }
            other => Err(de::Error::custom(format!("no reader for {other:?}"))),
        }
    }
}

fn leak_slice(v: Vec<&'static str>) -> &'static [&'static str] {
    Box::leak(v.into_boxed_slice())
}

trait DeserializeFrom: Sized {
    fn deserialize_from<'de, D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error>;
}

impl DeserializeFrom for serde_json::Value {
    fn deserialize_from<'de, D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        serde::Deserialize::deserialize(d)
    }
}

fn untagged(e: &Enum, content: serde_json::Value) -> Result<Dyn, String> {
    if let serde_json::Value::String(s) = &content {
        if let Some(i) = e
            .variants
            .iter()
            .position(|v| !v.untagged && matches!(v.content, Content::Unit) && v.reads.contains(s))
        {
            return Ok(Dyn::Variant(i, Box::new(Dyn::Unit)));
        }
    }
    for (i, v) in e.variants.iter().enumerate().filter(|(_, v)| v.untagged) {
        if let Content::Newtype(inner) = &v.content {
            if let Ok(read) = Read(inner).deserialize(content.clone()) {
                return Ok(Dyn::Variant(i, Box::new(read)));
            }
        }
    }
    Err(format!("no variant reads {content}"))
}

struct ReadVisitor<'a>(&'a Schema);

impl ReadVisitor<'_> {
    fn int<E: de::Error>(&self, i: i128) -> Result<Dyn, E> {
        match self.0 {
            Schema::Int { signed, bits } => {
                let (lo, hi) = range(*signed, *bits);
                if i < lo || i > hi {
                    return Err(E::custom(format!("{i} is out of range")));
                }
                Ok(Dyn::Int(i))
            }
            // serde's float visitors take integers too.
            Schema::Float { .. } => Ok(Dyn::Float(i as f64)),
            _ => Err(E::custom("an integer")),
        }
    }
}

impl<'de> Visitor<'de> for ReadVisitor<'_> {
    type Value = Dyn;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Dyn, E> {
        match self.0 {
            Schema::Option(_) => Ok(Dyn::Null),
            Schema::Unit => Ok(Dyn::Unit),
            _ => Err(E::custom("unit")),
        }
    }
    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Dyn, E> {
        match self.0 {
            Schema::Bool => Ok(Dyn::Bool(b)),
            _ => Err(E::custom("a bool")),
        }
    }
    fn visit_i64<E: de::Error>(self, i: i64) -> Result<Dyn, E> {
        self.int(i128::from(i))
    }
    fn visit_u64<E: de::Error>(self, i: u64) -> Result<Dyn, E> {
        self.int(i128::from(i))
    }
    fn visit_f64<E: de::Error>(self, f: f64) -> Result<Dyn, E> {
        match self.0 {
            Schema::Float { bits: 32 } => Ok(Dyn::Float(f64::from(f as f32))),
            Schema::Float { .. } => Ok(Dyn::Float(f)),
            _ => Err(E::custom("a float")),
        }
    }
    fn visit_char<E: de::Error>(self, c: char) -> Result<Dyn, E> {
        match self.0 {
            Schema::Char => Ok(Dyn::Char(c)),
            Schema::Str => Ok(Dyn::Str(c.to_string())),
            _ => Err(E::custom("a char")),
        }
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Dyn, E> {
        let mut chars = s.chars();
        match (self.0, chars.next(), chars.next()) {
            (Schema::Str, ..) => Ok(Dyn::Str(s.to_owned())),
            (Schema::Char, Some(c), None) => Ok(Dyn::Char(c)),
            _ => Err(E::custom("a string")),
        }
    }
    fn visit_none<E: de::Error>(self) -> Result<Dyn, E> {
        Ok(Dyn::Null)
    }
    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<Dyn, D::Error> {
        match self.0 {
            Schema::Option(inner) => Ok(Dyn::Some(Box::new(Read(inner).deserialize(d)?))),
            _ => Err(de::Error::custom("an option")),
        }
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Dyn, A::Error> {
        match self.0 {
            Schema::Seq { elem, set } => {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element_seed(Read(elem))? {
                    items.push(item);
                }
                if *set {
                    let mut seen = BTreeSet::new();
                    items.retain(|v| seen.insert(format!("{v:?}")));
                    items.sort_by_key(|v| format!("{v:?}"));
                }
                Ok(Dyn::Seq(items))
            }
            Schema::Tuple(elems) => {
                let mut items = Vec::new();
                for e in elems {
                    let item = seq
                        .next_element_seed(Read(e))?
                        .ok_or_else(|| de::Error::invalid_length(items.len(), &self))?;
                    items.push(item);
                }
                Ok(Dyn::Seq(items))
            }
            Schema::Record(r) => {
                let mut values = Vec::new();
                for f in &r.fields {
                    let v = seq
                        .next_element_seed(Read(&f.schema))?
                        .ok_or_else(|| de::Error::invalid_length(values.len(), &self))?;
                    values.push((f.ser.clone(), v));
                }
                Ok(Dyn::Record(values))
            }
            _ => Err(de::Error::custom("a sequence")),
        }
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Dyn, A::Error> {
        match self.0 {
            Schema::Map(_, v) => {
                let mut entries = Vec::new();
                while let Some(k) = map.next_key::<String>()? {
                    entries.push((k, map.next_value_seed(Read(v))?));
                }
                Ok(Dyn::Map(entries))
            }
            Schema::Record(r) => {
                let mut values: Vec<Option<Dyn>> = vec![None; r.fields.len()];
                while let Some(k) = map.next_key::<String>()? {
                    match r.fields.iter().position(|f| f.reads.contains(&k)) {
                        Some(i) => {
                            values[i] = Some(map.next_value_seed(Read(&r.fields[i].schema))?)
                        }
                        None if r.deny_unknown => {
                            return Err(de::Error::custom(format!("unknown field `{k}`")))
                        }
                        None => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                r.fields
                    .iter()
                    .zip(values)
                    .map(|(f, v)| match v {
                        Some(v) => Ok((f.ser.clone(), v)),
                        None if !f.required => Ok((f.ser.clone(), Dyn::Null)),
                        None => Err(de::Error::missing_field(leak(&f.ser))),
                    })
                    .collect::<Result<_, _>>()
                    .map(Dyn::Record)
            }
            _ => Err(de::Error::custom("a map")),
        }
    }
    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<Dyn, A::Error> {
        let Schema::Enum(e) = self.0 else {
            return Err(de::Error::custom("an enum"));
        };
        let (i, access) = data.variant_seed(VariantId(e))?;
        match &e.variants[i].content {
            Content::Unit => {
                de::VariantAccess::unit_variant(access)?;
                Ok(Dyn::Variant(i, Box::new(Dyn::Unit)))
            }
            Content::Newtype(inner) => {
                let c = de::VariantAccess::newtype_variant_seed(access, Read(inner))?;
                Ok(Dyn::Variant(i, Box::new(c)))
            }
            _ => Err(de::Error::custom("a form the generator does not make")),
        }
    }
}

/// A variant's identifier: its index (positional formats) or its name.
struct VariantId<'a>(&'a Enum);

impl<'de> DeserializeSeed<'de> for VariantId<'_> {
    type Value = usize;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for VariantId<'_> {
    type Value = usize;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a variant")
    }
    fn visit_u64<E: de::Error>(self, i: u64) -> Result<usize, E> {
        usize::try_from(i)
            .ok()
            .filter(|i| *i < self.0.variants.len())
            .ok_or_else(|| E::custom(format!("no variant {i}")))
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<usize, E> {
        self.0
            .variants
            .iter()
            .position(|v| v.reads.iter().any(|r| r == s))
            .ok_or_else(|| E::custom(format!("unknown variant `{s}`")))
    }
}

// ---- the property ---------------------------------------------------------------------

fn bincode_options() -> impl bincode::Options {
    bincode::DefaultOptions::new()
        .with_fixint_encoding()
        .reject_trailing_bytes()
}

/// `again` (the reader's value, written again) keeps what `payload` said: the same
/// JSON, but for keys only the payload has (the reader has no such value to lose) and
/// `null`s only the reader writes (a missing optional field).
fn kept(payload: &serde_json::Value, again: &serde_json::Value) -> bool {
    use serde_json::Value as V;
    match (payload, again) {
        (V::Object(p), V::Object(a)) => a.iter().all(|(k, av)| match p.get(k) {
            Some(pv) => kept(pv, av),
            None => av.is_null(),
        }),
        // A set reader writes its items in its own order (a `BTreeSet<E>` by `E`'s
        // `Ord`, not by the strings the writer sorted), and merges items that differ
        // only in what it does not read (a field it dropped). So an array keeps the
        // payload when each payload item is kept by one written item, every written
        // item keeps one, and the items one keeps are distinct payload values: two
        // equal items merged into one is a loss (a list read as a set).
        (V::Array(p), V::Array(a)) => {
            if p.len() == a.len() && p.iter().zip(a).all(|(x, y)| kept(x, y)) {
                return true;
            }
            let mut groups: Vec<Vec<&V>> = vec![Vec::new(); a.len()];
            for x in p {
                match a.iter().position(|y| kept(x, y)) {
                    Some(i) if !groups[i].contains(&x) => groups[i].push(x),
                    _ => return false,
                }
            }
            groups.iter().all(|g| !g.is_empty())
        }
        (V::Number(p), V::Number(a)) => p.as_f64() == a.as_f64(),
        _ => payload == again,
    }
}

/// What serde did with `value` written as `w` and read as `r`: `Err` when the read
/// failed or lost the value.
fn round_trip(w: &Schema, r: &Schema, value: &Dyn, positional: bool) -> Result<(), String> {
    if positional {
        let bytes = bincode_options()
            .serialize(&Write(w, value))
            .map_err(|e| format!("writing: {e}"))?;
        let read = bincode_options()
            .deserialize_seed(Read(r), &bytes)
            .map_err(|e| format!("reading {bytes:?}: {e}"))?;
        let again = bincode_options()
            .serialize(&Write(r, &read))
            .map_err(|e| format!("writing again: {e}"))?;
        return (again == bytes)
            .then_some(())
            .ok_or_else(|| format!("{bytes:?} read as {read:?}, written again as {again:?}"));
    }
    let payload = serde_json::to_value(Write(w, value)).map_err(|e| format!("writing: {e}"))?;
    let read = Read(r)
        .deserialize(payload.clone())
        .map_err(|e| format!("reading {payload}: {e}"))?;
    let again = serde_json::to_value(Write(r, &read)).map_err(|e| format!("writing again: {e}"))?;
    kept(&payload, &again)
        .then_some(())
        .ok_or_else(|| format!("{payload} read as {read:?}, written again as {again}"))
}

fn pair() -> impl Strategy<Value = (Schema, Schema)> {
    (schema(), schema(), any::<u8>()).prop_map(|(w, other, choice)| {
        let r = changed(&w, choice, &other);
        (w, r)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Never "reads" where serde fails or loses the value (JSON).
    #[test]
    fn a_reader_the_rules_accept_reads_every_json_payload(
        (w, r) in pair(),
        seed in any::<u64>(),
    ) {
        check(&w, &r, seed, false)?;
    }

    /// Never "reads" where serde fails or loses the value (bincode).
    #[test]
    fn a_reader_the_rules_accept_reads_every_bincode_payload(
        (w, r) in pair(),
        seed in any::<u64>(),
    ) {
        check(&w, &r, seed, true)?;
    }
}

fn check(w: &Schema, r: &Schema, seed: u64, positional: bool) -> Result<(), TestCaseError> {
    if reads(w, r, positional, Vec::new()).is_err() {
        return Ok(());
    }
    let mut runner = proptest::test_runner::TestRunner::new_with_rng(
        ProptestConfig::default(),
        proptest::test_runner::TestRng::from_seed(proptest::test_runner::RngAlgorithm::ChaCha, &{
            let mut bytes = [0u8; 32];
            bytes[..8].copy_from_slice(&seed.to_le_bytes());
            bytes
        }),
    );
    let values = value(w);
    for _ in 0..8 {
        let v = values.new_tree(&mut runner).unwrap().current();
        // A value the type itself cannot carry through the format (an untagged
        // variant in bincode, `Some(())` and `None` both `null` in JSON) says nothing
        // about a change.
        if round_trip(w, w, &v, positional).is_err() {
            continue;
        }
        if let Err(why) = round_trip(w, r, &v, positional) {
            return Err(TestCaseError::fail(format!(
                "the rules say {r:?} reads {w:?}, but serde does not: {why}"
            )));
        }
    }
    Ok(())
}

#[test]
fn the_round_trip_sees_failure_and_loss() {
    // The harness itself: a narrower reader fails, a set reader loses duplicates, an
    // enum without a fallback fails on a string it has no variant for.
    let u64_ = int(false, 64);
    let u8_ = int(false, 8);
    assert!(round_trip(&u64_, &u8_, &Dyn::Int(300), false).is_err());
    assert!(round_trip(&u64_, &u8_, &Dyn::Int(300), true).is_err());
    assert!(round_trip(&u8_, &u64_, &Dyn::Int(3), true).is_err());
    assert!(round_trip(&u8_, &u64_, &Dyn::Int(3), false).is_ok());
    let list = Schema::Seq {
        elem: Box::new(u8_.clone()),
        set: false,
    };
    let set = Schema::Seq {
        elem: Box::new(u8_),
        set: true,
    };
    let dup = Dyn::Seq(vec![Dyn::Int(1), Dyn::Int(1)]);
    assert!(round_trip(&list, &set, &dup, false).is_err());
    // A set of strings read as a set of enums keeps every item, in the enum's order.
    let strings = Schema::Seq {
        elem: Box::new(Schema::Str),
        set: true,
    };
    let variants = Schema::Seq {
        elem: Box::new(unit_enum_with_fallback()),
        set: true,
    };
    let both = Dyn::Seq(vec![Dyn::Str("a b".into()), Dyn::Str("y".into())]);
    assert!(round_trip(&strings, &variants, &both, false).is_ok());
    // Records that differ only in a field the reader dropped merge into one.
    let record = |fields| {
        Schema::Record(Record {
            fields,
            deny_unknown: false,
            flattened: false,
        })
    };
    let wide = Schema::Seq {
        elem: Box::new(record(vec![
            field("a", Schema::Bool),
            field("b", Schema::Unit),
        ])),
        set: true,
    };
    let narrow = Schema::Seq {
        elem: Box::new(record(vec![field("b", Schema::Unit)])),
        set: true,
    };
    let two = Dyn::Seq(vec![
        Dyn::Record(vec![
            ("a".into(), Dyn::Bool(false)),
            ("b".into(), Dyn::Unit),
        ]),
        Dyn::Record(vec![("a".into(), Dyn::Bool(true)), ("b".into(), Dyn::Unit)]),
    ]);
    assert!(round_trip(&wide, &narrow, &two, false).is_ok());
    let closed = Schema::Enum(Enum {
        name: "E".into(),
        tagging: Tagging::External,
        variants: vec![unit_variant("x")],
    });
    assert!(round_trip(&Schema::Str, &closed, &Dyn::Str("y".into()), false).is_err());
    assert!(round_trip(
        &Schema::Str,
        &unit_enum_with_fallback(),
        &Dyn::Str("q".into()),
        false
    )
    .is_ok());
    assert!(round_trip(
        &Schema::Str,
        &unit_enum_with_fallback(),
        &Dyn::Str("q".into()),
        true
    )
    .is_err());
}
