//! The JSON value: `Value`, `Number`, `Map`, their accessors, conversions, compact
//! text (`Display`) and serde impls.

use std::fmt::{self, Write as _};

use serde::de::{self, Visitor};
use serde::ser::SerializeMap as _;

/// A JSON object: keys in sorted order (serde_json's without `preserve_order`).
pub type Map = std::collections::BTreeMap<String, Value>;

/// Any JSON value.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Value {
    /// `null`.
    #[default]
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number: an integer (u64 or negative i64) or a finite float.
    Number(Number),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Value>),
    /// An object.
    Object(Map),
}

/// A JSON number, as serde_json keeps it: a non-negative integer (u64), a negative
/// integer (i64) or a finite float (f64). Equal when of the same kind and value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Number {
    n: N,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum N {
    PosInt(u64),
    /// Always below zero.
    NegInt(i64),
    /// Always finite.
    Float(f64),
}

// Floats are finite, so equality is reflexive.
impl Eq for Number {}

impl Number {
    /// The number as a u64, if it is a non-negative integer.
    pub fn as_u64(&self) -> Option<u64> {
        match self.n {
            N::PosInt(n) => Some(n),
            N::NegInt(_) | N::Float(_) => None,
        }
    }

    /// The number as an i64, if it is an integer in i64's range.
    pub fn as_i64(&self) -> Option<i64> {
        match self.n {
            N::PosInt(n) => i64::try_from(n).ok(),
            N::NegInt(n) => Some(n),
            N::Float(_) => None,
        }
    }

    /// The number as an f64 (integers converted, possibly rounded).
    pub fn as_f64(&self) -> Option<f64> {
        match self.n {
            N::PosInt(n) => Some(n as f64),
            N::NegInt(n) => Some(n as f64),
            N::Float(n) => Some(n),
        }
    }

    /// Whether the number is a float (read with a fraction or an exponent, or too
    /// large for an integer).
    pub fn is_f64(&self) -> bool {
        matches!(self.n, N::Float(_))
    }

    /// Whether the number is a non-negative integer.
    pub fn is_u64(&self) -> bool {
        matches!(self.n, N::PosInt(_))
    }

    /// Whether the number is an integer in i64's range.
    pub fn is_i64(&self) -> bool {
        match self.n {
            N::PosInt(n) => n <= i64::MAX as u64,
            N::NegInt(_) => true,
            N::Float(_) => false,
        }
    }

    /// A float number; `None` for NaN and the infinities, which JSON cannot write.
    pub fn from_f64(f: f64) -> Option<Number> {
        f.is_finite().then_some(Number { n: N::Float(f) })
    }

    /// An integer number, if it fits u64 or i64 (serde_json's range).
    pub(crate) fn from_i128(i: i128) -> Option<Number> {
        if let Ok(u) = u64::try_from(i) {
            Some(Number::from(u))
        } else {
            i64::try_from(i).ok().map(Number::from)
        }
    }

    pub(crate) fn unexpected(&self) -> de::Unexpected<'static> {
        match self.n {
            N::PosInt(u) => de::Unexpected::Unsigned(u),
            N::NegInt(i) => de::Unexpected::Signed(i),
            N::Float(f) => de::Unexpected::Float(f),
        }
    }

    /// Visits the number as serde_json does: u64, i64 or f64 as kept.
    pub(crate) fn visit<'de, V: Visitor<'de>, E: de::Error>(
        self,
        visitor: V,
    ) -> Result<V::Value, E> {
        match self.n {
            N::PosInt(u) => visitor.visit_u64(u),
            N::NegInt(i) => visitor.visit_i64(i),
            N::Float(f) => visitor.visit_f64(f),
        }
    }
}

impl From<u64> for Number {
    fn from(n: u64) -> Self {
        Number { n: N::PosInt(n) }
    }
}

impl From<i64> for Number {
    fn from(n: i64) -> Self {
        match u64::try_from(n) {
            Ok(u) => Number { n: N::PosInt(u) },
            Err(_) => Number { n: N::NegInt(n) },
        }
    }
}

impl From<u32> for Number {
    fn from(n: u32) -> Self {
        Number::from(u64::from(n))
    }
}

impl From<i32> for Number {
    fn from(n: i32) -> Self {
        Number::from(i64::from(n))
    }
}

impl From<usize> for Number {
    fn from(n: usize) -> Self {
        Number::from(n as u64)
    }
}

impl fmt::Display for Number {
    /// Integers in decimal; floats as Rust's `{:?}` (the shortest text that reads back
    /// to the same float, e.g. `1.5`, `1e20`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.n {
            N::PosInt(n) => write!(f, "{n}"),
            N::NegInt(n) => write!(f, "{n}"),
            N::Float(n) => write!(f, "{n:?}"),
        }
    }
}

impl Value {
    /// The string, if the value is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The number, if the value is one.
    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The number as a u64, if the value is a non-negative integer.
    pub fn as_u64(&self) -> Option<u64> {
        self.as_number().and_then(Number::as_u64)
    }

    /// The number as an i64, if the value is an integer in i64's range.
    pub fn as_i64(&self) -> Option<i64> {
        self.as_number().and_then(Number::as_i64)
    }

    /// The number as an f64, if the value is a number.
    pub fn as_f64(&self) -> Option<f64> {
        self.as_number().and_then(Number::as_f64)
    }

    /// The boolean, if the value is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The elements, if the value is an array.
    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The elements, mutable, if the value is an array.
    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Value>> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The entries, if the value is an object.
    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Value::Object(map) => Some(map),
            _ => None,
        }
    }

    /// The entries, mutable, if the value is an object.
    pub fn as_object_mut(&mut self) -> Option<&mut Map> {
        match self {
            Value::Object(map) => Some(map),
            _ => None,
        }
    }

    /// The value of `key`, if the value is an object that has it.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_object().and_then(|map| map.get(key))
    }

    /// Whether the value is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// Whether the value is a boolean.
    pub fn is_boolean(&self) -> bool {
        matches!(self, Value::Bool(_))
    }

    /// Whether the value is a number.
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Number(_))
    }

    /// Whether the value is a string.
    pub fn is_string(&self) -> bool {
        matches!(self, Value::String(_))
    }

    /// Whether the value is an array.
    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_))
    }

    /// Whether the value is an object.
    pub fn is_object(&self) -> bool {
        matches!(self, Value::Object(_))
    }

    pub(crate) fn unexpected(&self) -> de::Unexpected<'_> {
        match self {
            Value::Null => de::Unexpected::Unit,
            Value::Bool(b) => de::Unexpected::Bool(*b),
            Value::Number(n) => n.unexpected(),
            Value::String(s) => de::Unexpected::Str(s),
            Value::Array(_) => de::Unexpected::Seq,
            Value::Object(_) => de::Unexpected::Map,
        }
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::String(s)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::String(s.to_owned())
    }
}

impl From<Number> for Value {
    fn from(n: Number) -> Self {
        Value::Number(n)
    }
}

impl From<u64> for Value {
    fn from(n: u64) -> Self {
        Value::Number(n.into())
    }
}

impl From<i64> for Value {
    fn from(n: i64) -> Self {
        Value::Number(n.into())
    }
}

impl From<u32> for Value {
    fn from(n: u32) -> Self {
        Value::Number(n.into())
    }
}

impl From<i32> for Value {
    fn from(n: i32) -> Self {
        Value::Number(n.into())
    }
}

impl From<usize> for Value {
    fn from(n: usize) -> Self {
        Value::Number(n.into())
    }
}

impl From<f64> for Value {
    /// A float; NaN and the infinities become `null`, as serde_json writes them.
    fn from(f: f64) -> Self {
        Number::from_f64(f).map_or(Value::Null, Value::Number)
    }
}

impl From<Vec<Value>> for Value {
    fn from(items: Vec<Value>) -> Self {
        Value::Array(items)
    }
}

impl From<Map> for Value {
    fn from(map: Map) -> Self {
        Value::Object(map)
    }
}

impl fmt::Display for Value {
    /// Compact JSON: no whitespace, keys in the map's (sorted) order, strings escaped
    /// as serde_json escapes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => f.write_str("null"),
            Value::Bool(b) => f.write_str(if *b { "true" } else { "false" }),
            Value::Number(n) => fmt::Display::fmt(n, f),
            Value::String(s) => write_escaped(f, s),
            Value::Array(items) => {
                f.write_char('[')?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    fmt::Display::fmt(item, f)?;
                }
                f.write_char(']')
            }
            Value::Object(map) => {
                f.write_char('{')?;
                for (i, (key, item)) in map.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    write_escaped(f, key)?;
                    f.write_char(':')?;
                    fmt::Display::fmt(item, f)?;
                }
                f.write_char('}')
            }
        }
    }
}

/// A JSON string: `"` and `\` escaped, control characters as `\b \f \n \r \t` or
/// `\u00XX` (lowercase hex), everything else (non-ASCII too) as is.
fn write_escaped(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_char('"')?;
    let mut start = 0;
    for (i, byte) in s.bytes().enumerate() {
        let short = match byte {
            b'"' => '"',
            b'\\' => '\\',
            b'\x08' => 'b',
            b'\x0c' => 'f',
            b'\n' => 'n',
            b'\r' => 'r',
            b'\t' => 't',
            0x00..=0x1F => 'u',
            _ => continue,
        };
        // The escaped bytes are ASCII: `i` is a character boundary.
        f.write_str(&s[start..i])?;
        if short == 'u' {
            write!(f, "\\u{byte:04x}")?;
        } else {
            f.write_char('\\')?;
            f.write_char(short)?;
        }
        start = i + 1;
    }
    f.write_str(&s[start..])?;
    f.write_char('"')
}

impl serde::Serialize for Number {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.n {
            N::PosInt(u) => serializer.serialize_u64(u),
            N::NegInt(i) => serializer.serialize_i64(i),
            N::Float(f) => serializer.serialize_f64(f),
        }
    }
}

impl serde::Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null => serializer.serialize_unit(),
            Value::Bool(b) => serializer.serialize_bool(*b),
            Value::Number(n) => n.serialize(serializer),
            Value::String(s) => serializer.serialize_str(s),
            Value::Array(items) => items.serialize(serializer),
            Value::Object(map) => {
                let mut out = serializer.serialize_map(Some(map.len()))?;
                for (key, item) in map {
                    out.serialize_entry(key, item)?;
                }
                out.end()
            }
        }
    }
}

impl<'de> serde::Deserialize<'de> for Value {
    /// From any self-describing format (through `deserialize_any`), as serde_json's:
    /// integers that fit u64 or i64 and floats become numbers (NaN and the infinities
    /// `null`), a repeated object key keeps its last value.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("any valid JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_i128<E: de::Error>(self, value: i128) -> Result<Value, E> {
        Number::from_i128(value)
            .map(Value::Number)
            .ok_or_else(|| de::Error::custom("JSON number out of range"))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_u128<E: de::Error>(self, value: u128) -> Result<Value, E> {
        u64::try_from(value)
            .map(Value::from)
            .map_err(|_| de::Error::custom("JSON number out of range"))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Value, E> {
        Ok(Value::from(value))
    }

    fn visit_str<E>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_owned()))
    }

    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        serde::Deserialize::deserialize(deserializer)
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        // The first key as serde_json reads it (it checks it for its private number
        // and raw-value keys), the others as `String`s.
        let mut map = Map::new();
        let Some(first) = access.next_key_seed(KeySeed)? else {
            return Ok(Value::Object(map));
        };
        map.insert(first, access.next_value()?);
        while let Some((key, value)) = access.next_entry::<String, Value>()? {
            map.insert(key, value);
        }
        Ok(Value::Object(map))
    }
}

/// An object's first key, read as serde_json's value reads it (`deserialize_str`,
/// strings only).
struct KeySeed;

impl<'de> de::DeserializeSeed<'de> for KeySeed {
    type Value = String;

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<String, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl Visitor<'_> for KeySeed {
    type Value = String;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a string key")
    }

    fn visit_str<E>(self, s: &str) -> Result<String, E> {
        Ok(s.to_owned())
    }

    fn visit_string<E>(self, s: String) -> Result<String, E> {
        Ok(s)
    }
}
