//! JSON on top of `serde`: a value model ([`Value`], [`Number`], [`Map`]), a streaming
//! reader ([`from_str`], [`from_slice`]), [`to_value`] and [`from_value`].
//!
//! Why not serde_json: contract-core is in the dependency graph of the `contract-pin`
//! facade, which every user crate loads to pin an item. serde_json implements
//! `PartialEq<serde_json::Value>` for `u32`, `i64`, `bool`, `str`…; once rustc loads
//! it, user code such as `x == y as _` (x: u32) has two impls to pick from and stops
//! compiling (E0282). So the rule of this module: it implements no std trait with a
//! type parameter (`PartialEq<…>`, `PartialOrd<…>`, `From<…>`, `AsRef<…>`, `Index<…>`…)
//! whose Self type is a std or primitive type (no `impl PartialEq<Value> for u32`, no
//! `impl From<Value> for String`). Impls on this module's own types are fine.
//!
//! Behaviour is serde_json 1.x's (its tests use serde_json as the oracle): the same
//! values, the same error messages at the same line and column, `is_eof` alike. The
//! reader follows the structure of serde_json's deserializer (MIT or Apache-2.0) to get
//! there. Where it differs: floats are read correctly rounded (`str::parse::<f64>` on
//! the lexeme), where serde_json without `float_roundtrip` can be off by one unit in
//! the last place (and so, at the edge of f64's range, accept or refuse a different
//! few); and [`Number`]'s `Display` writes floats as Rust's `{:?}` (`1e20`, `1e-5`),
//! serde_json as `1e+20`, `0.00001` (both read back to the same float).

mod de;
mod error;
mod read;
mod ser;
mod value;
mod value_de;

#[cfg(test)]
mod tests;

pub use error::Error;
pub use value::{Map, Number, Value};

/// Reads a `T` from JSON text. Strings without escapes are lent to `T` (a `&'a str`
/// field borrows from `text`). After the value only whitespace may follow.
pub fn from_str<'a, T: serde::Deserialize<'a>>(text: &'a str) -> Result<T, Error> {
    from_reader(read::Reader::from_str(text))
}

/// Reads a `T` from JSON bytes; a string that is not UTF-8 is an error (serde_json's
/// "invalid unicode code point"), except where `T` reads bytes.
pub fn from_slice<'a, T: serde::Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, Error> {
    from_reader(read::Reader::from_slice(bytes))
}

fn from_reader<'a, T: serde::Deserialize<'a>>(reader: read::Reader<'a>) -> Result<T, Error> {
    let mut de = de::Deserializer::new(reader);
    let value = T::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// The JSON value of `value`, as `serde_json::to_value` builds it: a struct is an
/// object, a unit variant a string, an externally tagged variant `{"Variant": …}`,
/// NaN and the infinities `null`; a map key must be a string, a number, a boolean, a
/// char or a unit variant.
pub fn to_value<T: serde::Serialize + ?Sized>(value: &T) -> Result<Value, Error> {
    value.serialize(ser::Serializer)
}

/// Reads a `T` from a [`Value`], as `serde_json::from_value` does (errors have no
/// position).
pub fn from_value<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, Error> {
    T::deserialize(value)
}
