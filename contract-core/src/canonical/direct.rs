//! Canonical JSON written straight from `Serialize`, without a `serde_json::Value`.
//!
//! The output must equal `write_value(serde_json::to_value(x))` byte for byte. Every
//! case where `to_value` does something this writer does not reproduce exactly is an
//! [`Unsupported`] error, and the caller falls back to the `Value` path.
//!
//! Objects are written entry by entry into the output; when an object ends, its
//! entries are put in key order (struct fields arrive in declaration order). Each
//! object's text is therefore copied once per enclosing object: linear in the size
//! times the nesting depth, and nothing is allocated per object (map keys aside).

use std::cell::Cell;
use std::fmt;

use serde::ser::{self, Serialize};

use super::{newline, write_key, write_string};

/// What the direct writer leaves to the `Value` path.
#[derive(Debug)]
pub struct Unsupported(String);

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Unsupported(msg.to_string())
    }
}

fn unsupported<T>(what: &str) -> Result<T, Unsupported> {
    Err(Unsupported(what.to_owned()))
}

/// Writes the canonical text of `value` (without the trailing newline) to `out`.
pub fn write<T: Serialize + ?Sized>(
    out: &mut String,
    value: &T,
    pretty: bool,
) -> Result<(), Unsupported> {
    thread_local! {
        static SPARE: Cell<(Vec<Entry>, String)> = const { Cell::new((Vec::new(), String::new())) };
    }
    // The working space outlives the call, so writing many small shapes (a golden's
    // fingerprints) does not grow it again each time.
    let (entries, scratch) = SPARE.with(Cell::take);
    let mut buf = Buf {
        text: std::mem::take(out),
        entries,
        scratch,
    };
    let result = value.serialize(Writer {
        out: &mut buf,
        depth: 0,
        pretty,
    });
    let Buf {
        text,
        mut entries,
        scratch,
    } = buf;
    *out = text;
    entries.clear();
    SPARE.with(|spare| spare.set((entries, scratch)));
    result
}

/// The output, and the working space every object shares: the entries of the
/// objects being written (a stack: an object's entries follow its parent's) and a
/// buffer to reorder them in. No allocation per value once they have grown.
struct Buf {
    text: String,
    entries: Vec<Entry>,
    scratch: String,
}

struct Writer<'a> {
    out: &'a mut Buf,
    depth: usize,
    pretty: bool,
}

/// `{"variant":` (and the indent), as `to_value` writes externally tagged variants.
fn open_tag(out: &mut String, depth: usize, pretty: bool, variant: &str) {
    out.push('{');
    write_key(out, depth + 1, pretty, variant);
}

/// Closes what [`open_tag`] opened at `depth`.
fn close_tag(out: &mut String, depth: usize, pretty: bool) {
    newline(out, depth, pretty);
    out.push('}');
}

impl<'a> Writer<'a> {
    fn integer(self, n: impl fmt::Display) -> Result<(), Unsupported> {
        use std::fmt::Write as _;
        let _ = write!(self.out.text, "{n}");
        Ok(())
    }

    /// Opens `{"variant":` when `tag` is given; what follows is one level deeper.
    fn enter(self, tag: Option<&'static str>) -> (Self, Option<usize>) {
        match tag {
            None => (self, None),
            Some(variant) => {
                open_tag(&mut self.out.text, self.depth, self.pretty, variant);
                let depth = self.depth;
                (
                    Writer {
                        depth: depth + 1,
                        ..self
                    },
                    Some(depth),
                )
            }
        }
    }

    fn object(self, tag: Option<&'static str>) -> Object<'a> {
        let (w, tag_depth) = self.enter(tag);
        Object {
            start: w.out.text.len(),
            first_entry: w.out.entries.len(),
            out: w.out,
            depth: w.depth,
            pretty: w.pretty,
            key: None,
            tag_depth,
        }
    }

    fn array(self, tag: Option<&'static str>) -> Array<'a> {
        let (w, tag_depth) = self.enter(tag);
        w.out.text.push('[');
        Array {
            out: w.out,
            depth: w.depth,
            pretty: w.pretty,
            len: 0,
            tag_depth,
        }
    }
}

impl<'a> ser::Serializer for Writer<'a> {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Array<'a>;
    type SerializeTuple = Array<'a>;
    type SerializeTupleStruct = Array<'a>;
    type SerializeTupleVariant = Array<'a>;
    type SerializeMap = Object<'a>;
    type SerializeStruct = Object<'a>;
    type SerializeStructVariant = Object<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Unsupported> {
        self.out.text.push_str(if v { "true" } else { "false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Unsupported> {
        self.integer(v)
    }
    fn serialize_i16(self, v: i16) -> Result<(), Unsupported> {
        self.integer(v)
    }
    fn serialize_i32(self, v: i32) -> Result<(), Unsupported> {
        self.integer(v)
    }
    fn serialize_i64(self, v: i64) -> Result<(), Unsupported> {
        self.integer(v)
    }
    fn serialize_u8(self, v: u8) -> Result<(), Unsupported> {
        self.integer(v)
    }
    fn serialize_u16(self, v: u16) -> Result<(), Unsupported> {
        self.integer(v)
    }
    fn serialize_u32(self, v: u32) -> Result<(), Unsupported> {
        self.integer(v)
    }
    fn serialize_u64(self, v: u64) -> Result<(), Unsupported> {
        self.integer(v)
    }
    fn serialize_i128(self, _: i128) -> Result<(), Unsupported> {
        unsupported("i128")
    }
    fn serialize_u128(self, _: u128) -> Result<(), Unsupported> {
        unsupported("u128")
    }
    fn serialize_f32(self, _: f32) -> Result<(), Unsupported> {
        unsupported("f32")
    }
    fn serialize_f64(self, _: f64) -> Result<(), Unsupported> {
        unsupported("f64")
    }
    fn serialize_char(self, v: char) -> Result<(), Unsupported> {
        write_string(&mut self.out.text, v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Unsupported> {
        write_string(&mut self.out.text, v);
        Ok(())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<(), Unsupported> {
        unsupported("bytes")
    }
    fn serialize_none(self) -> Result<(), Unsupported> {
        self.out.text.push_str("null");
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Unsupported> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Unsupported> {
        self.out.text.push_str("null");
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Unsupported> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Unsupported> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        if name.starts_with("$serde_json") {
            return unsupported("a serde_json private newtype");
        }
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        let Writer { out, depth, pretty } = self;
        open_tag(&mut out.text, depth, pretty, variant);
        value.serialize(Writer {
            out: &mut *out,
            depth: depth + 1,
            pretty,
        })?;
        close_tag(&mut out.text, depth, pretty);
        Ok(())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Array<'a>, Unsupported> {
        Ok(self.array(None))
    }
    fn serialize_tuple(self, _: usize) -> Result<Array<'a>, Unsupported> {
        Ok(self.array(None))
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Array<'a>, Unsupported> {
        Ok(self.array(None))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Array<'a>, Unsupported> {
        Ok(self.array(Some(variant)))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Object<'a>, Unsupported> {
        Ok(self.object(None))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Object<'a>, Unsupported> {
        Ok(self.object(None))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Object<'a>, Unsupported> {
        Ok(self.object(Some(variant)))
    }
}

/// An array being written: elements go straight to the output.
pub struct Array<'a> {
    out: &'a mut Buf,
    depth: usize,
    pretty: bool,
    len: usize,
    tag_depth: Option<usize>,
}

impl Array<'_> {
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
        if self.len > 0 {
            self.out.text.push(',');
        }
        self.len += 1;
        newline(&mut self.out.text, self.depth + 1, self.pretty);
        value.serialize(Writer {
            out: &mut *self.out,
            depth: self.depth + 1,
            pretty: self.pretty,
        })
    }

    fn finish(self) -> Result<(), Unsupported> {
        if self.len > 0 {
            newline(&mut self.out.text, self.depth, self.pretty);
        }
        self.out.text.push(']');
        if let Some(depth) = self.tag_depth {
            close_tag(&mut self.out.text, depth, self.pretty);
        }
        Ok(())
    }
}

/// serde's four sequence traits: each writes array elements.
macro_rules! array_traits {
    ($($name:ident::$method:ident),*) => {$(
        impl ser::$name for Array<'_> {
            type Ok = ();
            type Error = Unsupported;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
                self.element(value)
            }
            fn end(self) -> Result<(), Unsupported> {
                self.finish()
            }
        }
    )*};
}

array_traits!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// A key of an object: struct fields are `'static`, map keys are owned.
enum Key {
    Static(&'static str),
    Owned(String),
}

impl Key {
    fn as_str(&self) -> &str {
        match self {
            Key::Static(s) => s,
            Key::Owned(s) => s,
        }
    }
}

/// One entry already written: its key and the range of its value in the output.
struct Entry {
    key: Key,
    value: std::ops::Range<usize>,
}

/// An object being written: values go to the output as they come, and are put in
/// key order when the object ends.
pub struct Object<'a> {
    out: &'a mut Buf,
    depth: usize,
    pretty: bool,
    /// Where its text starts in the output.
    start: usize,
    /// Where its entries start in the shared stack.
    first_entry: usize,
    key: Option<Key>,
    tag_depth: Option<usize>,
}

impl Object<'_> {
    fn entry<T: Serialize + ?Sized>(&mut self, key: Key, value: &T) -> Result<(), Unsupported> {
        let begin = self.out.text.len();
        value.serialize(Writer {
            out: &mut *self.out,
            depth: self.depth + 1,
            pretty: self.pretty,
        })?;
        let end = self.out.text.len();
        self.out.entries.push(Entry {
            key,
            value: begin..end,
        });
        Ok(())
    }

    fn finish(self) -> Result<(), Unsupported> {
        if self.key.is_some() {
            return unsupported("a map key without a value");
        }
        let Buf {
            text,
            entries,
            scratch,
        } = &mut *self.out;
        let mine = &mut entries[self.first_entry..];
        // Sorted by key bytes, like the reference writer; `to_value` would keep one
        // of two equal keys, which only the `Value` path reproduces.
        mine.sort_unstable_by(|a, b| a.key.as_str().cmp(b.key.as_str()));
        if mine
            .windows(2)
            .any(|w| w[0].key.as_str() == w[1].key.as_str())
        {
            return unsupported("a duplicate key");
        }
        if mine.is_empty() {
            text.push_str("{}");
        } else {
            scratch.clear();
            scratch.push_str(&text[self.start..]);
            text.truncate(self.start);
            text.push('{');
            for (i, entry) in mine.iter().enumerate() {
                if i > 0 {
                    text.push(',');
                }
                write_key(text, self.depth + 1, self.pretty, entry.key.as_str());
                text.push_str(
                    &scratch[entry.value.start - self.start..entry.value.end - self.start],
                );
            }
            newline(text, self.depth, self.pretty);
            text.push('}');
        }
        entries.truncate(self.first_entry);
        if let Some(depth) = self.tag_depth {
            close_tag(text, depth, self.pretty);
        }
        Ok(())
    }
}

impl ser::SerializeMap for Object<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Unsupported> {
        self.key = Some(Key::Owned(key.serialize(KeyWriter)?));
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
        match self.key.take() {
            Some(key) => self.entry(key, value),
            None => unsupported("a map value without a key"),
        }
    }
    fn end(self) -> Result<(), Unsupported> {
        self.finish()
    }
}

/// serde's two struct traits: each writes an entry under a field name.
macro_rules! struct_traits {
    ($($name:ident),*) => {$(
        impl ser::$name for Object<'_> {
            type Ok = ();
            type Error = Unsupported;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), Unsupported> {
                self.entry(Key::Static(key), value)
            }
            fn end(self) -> Result<(), Unsupported> {
                self.finish()
            }
        }
    )*};
}

struct_traits!(SerializeStruct, SerializeStructVariant);

/// Map keys: strings (and chars) only; `to_value` turns other keys into strings by
/// rules the `Value` path applies.
struct KeyWriter;

impl ser::Serializer for KeyWriter {
    type Ok = String;
    type Error = Unsupported;
    type SerializeSeq = ser::Impossible<String, Unsupported>;
    type SerializeTuple = ser::Impossible<String, Unsupported>;
    type SerializeTupleStruct = ser::Impossible<String, Unsupported>;
    type SerializeTupleVariant = ser::Impossible<String, Unsupported>;
    type SerializeMap = ser::Impossible<String, Unsupported>;
    type SerializeStruct = ser::Impossible<String, Unsupported>;
    type SerializeStructVariant = ser::Impossible<String, Unsupported>;

    fn serialize_str(self, v: &str) -> Result<String, Unsupported> {
        Ok(v.to_owned())
    }
    fn serialize_char(self, v: char) -> Result<String, Unsupported> {
        Ok(v.to_string())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<String, Unsupported> {
        Ok(variant.to_owned())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<String, Unsupported> {
        value.serialize(self)
    }
    fn serialize_bool(self, _: bool) -> Result<String, Unsupported> {
        unsupported("a bool key")
    }
    fn serialize_i8(self, _: i8) -> Result<String, Unsupported> {
        unsupported("an integer key")
    }
    fn serialize_i16(self, _: i16) -> Result<String, Unsupported> {
        unsupported("an integer key")
    }
    fn serialize_i32(self, _: i32) -> Result<String, Unsupported> {
        unsupported("an integer key")
    }
    fn serialize_i64(self, _: i64) -> Result<String, Unsupported> {
        unsupported("an integer key")
    }
    fn serialize_u8(self, _: u8) -> Result<String, Unsupported> {
        unsupported("an integer key")
    }
    fn serialize_u16(self, _: u16) -> Result<String, Unsupported> {
        unsupported("an integer key")
    }
    fn serialize_u32(self, _: u32) -> Result<String, Unsupported> {
        unsupported("an integer key")
    }
    fn serialize_u64(self, _: u64) -> Result<String, Unsupported> {
        unsupported("an integer key")
    }
    fn serialize_f32(self, _: f32) -> Result<String, Unsupported> {
        unsupported("a float key")
    }
    fn serialize_f64(self, _: f64) -> Result<String, Unsupported> {
        unsupported("a float key")
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<String, Unsupported> {
        unsupported("a bytes key")
    }
    fn serialize_none(self) -> Result<String, Unsupported> {
        unsupported("a none key")
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<String, Unsupported> {
        unsupported("an option key")
    }
    fn serialize_unit(self) -> Result<String, Unsupported> {
        unsupported("a unit key")
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<String, Unsupported> {
        unsupported("a unit key")
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<String, Unsupported> {
        unsupported("a variant key")
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Unsupported> {
        unsupported("a sequence key")
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Unsupported> {
        unsupported("a tuple key")
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Unsupported> {
        unsupported("a tuple key")
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Unsupported> {
        unsupported("a variant key")
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Unsupported> {
        unsupported("a map key")
    }
    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStruct, Unsupported> {
        unsupported("a struct key")
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Unsupported> {
        unsupported("a variant key")
    }
}
