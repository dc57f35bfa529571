//! A type as serde's data model sees it: what payloads it writes and reads, whatever
//! it is called in Rust.
//!
//! `Vec<String>` and `Vec<TargetKind>` are different Rust types, but when every
//! `TargetKind` is a unit variant written as a string and a `#[serde(untagged)]
//! Unknown(String)` reads every other string, both write and read the same JSON. The
//! wire axis decides on these schemas (see [`super::schema_reads`]): the crate's own
//! types are followed through the golden (a struct's fields, an enum's variants,
//! `transparent`, `from`/`into`), std's and the ecosystem's from what their serde
//! impls are documented to write, and anything else — a hand-written impl, `with`, a
//! type of another crate — is opaque: compared by identity, never guessed.

use std::collections::BTreeMap;

use super::records::{self, Emit};
use crate::delta::Tagging;
use crate::shape::{EnumShape, FieldShape, FieldStyle, ItemShape, StructShape};
use crate::ty::{Path, Type};
use crate::variance::{def_of, Types};

/// A payload form in serde's data model.
#[derive(Clone, Debug, PartialEq)]
pub enum Schema {
    /// `()`, a unit struct: `null` in JSON.
    Unit,
    /// `bool`.
    Bool,
    /// An integer, by sign and width (`usize` as 64 bits).
    Int {
        /// `i*`.
        signed: bool,
        /// Bits.
        bits: u8,
    },
    /// `f32`/`f64`.
    Float {
        /// Bits.
        bits: u8,
    },
    /// `char`: a one-character string in JSON.
    Char,
    /// A string (`String`, `str`, `PathBuf`, `Box<str>`, …).
    Str,
    /// `Option<T>`: `null` or the value.
    Option(Box<Schema>),
    /// A sequence: `Vec`, `VecDeque`, slices; `set` for the sets (a reader that is a set
    /// drops duplicates).
    Seq {
        /// The element.
        elem: Box<Schema>,
        /// A set.
        set: bool,
    },
    /// A tuple or array: a sequence of a fixed length.
    Tuple(Vec<Schema>),
    /// A map.
    Map(Box<Schema>, Box<Schema>),
    /// A struct with named fields: an object by wire names.
    Record(Record),
    /// An enum by its representation.
    Enum(Enum),
    /// Anything self-describing (`serde_json::Value` and its kin): reads every
    /// payload a self-describing format carries.
    Any,
    /// A type of the crate: where both sides name it with the same arguments, its
    /// own entry reports its changes; `body` is its schema where it was followed.
    Named {
        /// Where it is defined (`module::Name`).
        def: String,
        /// Its type arguments' schemas.
        args: Vec<Schema>,
        /// Its schema, when followed (not past a cycle or the depth limit).
        body: Option<Box<Schema>>,
    },
    /// A wire form not derived here: compared by identity.
    Opaque(String),
}

/// A struct's (or a struct variant's) fields as serde writes and reads them.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The fields in declaration order.
    pub fields: Vec<Field>,
    /// `deny_unknown_fields`.
    pub deny_unknown: bool,
    /// A field is `flatten`ed: keys come from another schema (not followed).
    pub flattened: bool,
}

/// One field of a [`Record`].
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// Its Rust name.
    pub name: String,
    /// The key written.
    pub ser: String,
    /// The keys read (primary and aliases); empty when not read.
    pub reads: Vec<String>,
    /// How often it is written.
    pub emit: Emit,
    /// A reader fails without it.
    pub required: bool,
    /// Its value.
    pub schema: Schema,
}

/// An enum's variants as serde writes and reads them.
#[derive(Clone, Debug, PartialEq)]
pub struct Enum {
    /// The enum's name (for messages).
    pub name: String,
    /// How variants are tagged.
    pub tagging: Tagging,
    /// Variants in declaration order.
    pub variants: Vec<Variant>,
}

/// One variant of an [`Enum`].
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    /// Its Rust name.
    pub name: String,
    /// The tag written.
    pub ser: String,
    /// The tags read (primary and aliases); empty when not read.
    pub reads: Vec<String>,
    /// Written at all.
    pub emit: bool,
    /// `#[serde(other)]`.
    pub other: bool,
    /// Read and written without a tag (`#[serde(untagged)]` on it or on the enum).
    pub untagged: bool,
    /// What it carries.
    pub content: Content,
}

/// What a variant carries.
#[derive(Clone, Debug, PartialEq)]
pub enum Content {
    /// Nothing.
    Unit,
    /// One value.
    Newtype(Schema),
    /// Several, by position.
    Tuple(Vec<Schema>),
    /// Named fields.
    Record(Record),
}

/// Where the types a schema follows are read from: the golden's (or the current
/// sources') items, and the module the type is written in.
#[derive(Clone, Copy)]
pub struct Side<'a> {
    /// The crate's types.
    pub types: &'a dyn Types,
    /// The module the type is written in.
    pub module: &'a str,
    /// The format is positional (`wire_format: positional`).
    pub positional: bool,
}

/// How deep crate types are followed: a type nested deeper is compared by identity.
const DEPTH: usize = 6;

/// The schema of `ty`, written in `side.module`.
pub fn schema_of(ty: &Type, side: Side<'_>) -> Schema {
    Deriver {
        stack: Vec::new(),
        params: BTreeMap::new(),
    }
    .ty(ty, side)
}

struct Deriver {
    /// The crate types being followed (a cycle stops at identity).
    stack: Vec<String>,
    /// Type parameters of the type being followed, by name.
    params: BTreeMap<String, Schema>,
}

impl Deriver {
    fn ty(&mut self, ty: &Type, side: Side<'_>) -> Schema {
        match ty {
            Type::Ref { elem, .. } => self.ty(elem, side),
            Type::Tuple(elems) if elems.is_empty() => Schema::Unit,
            Type::Tuple(elems) => Schema::Tuple(elems.iter().map(|e| self.ty(e, side)).collect()),
            Type::Slice(elem) => Schema::Seq {
                elem: Box::new(self.ty(elem, side)),
                set: false,
            },
            Type::Array { elem, len } => match len.trim().parse::<usize>() {
                Ok(n) => {
                    let elem = self.ty(elem, side);
                    Schema::Tuple(vec![elem; n])
                }
                Err(_) => Schema::Opaque(ty.to_string()),
            },
            Type::Path(path) => self.path(path, ty, side),
            _ => Schema::Opaque(ty.to_string()),
        }
    }

    fn path(&mut self, path: &Path, ty: &Type, side: Side<'_>) -> Schema {
        let Some(last) = path.segments.last() else {
            return Schema::Opaque(ty.to_string());
        };
        let args: Vec<&Type> = last.type_args().unwrap_or_default();
        if path.segments.len() == 1 && args.is_empty() {
            if let Some(s) = self.params.get(&last.name) {
                return s.clone();
            }
        }
        if let Some(known) = self.known(path, &last.name, &args, side) {
            return known;
        }
        self.crate_type(path, &args, side)
            .unwrap_or_else(|| self.opaque(ty))
    }

    /// A type not derived here, by identity: its text, and what the type parameters it
    /// names stand for where it sits in a generic type's body (`Parser<T>` in
    /// `Inheritable<String>` is not `Parser<T>` in `Inheritable<Version>`).
    fn opaque(&self, ty: &Type) -> Schema {
        let text = ty.to_string();
        let named: Vec<(&String, &Schema)> = self
            .params
            .iter()
            .filter(|(p, _)| {
                text.split(|c: char| !c.is_alphanumeric() && c != '_')
                    .any(|t| t == *p)
            })
            .collect();
        if named.is_empty() {
            Schema::Opaque(text)
        } else {
            Schema::Opaque(format!("{text} where {named:?}"))
        }
    }

    /// std's types and the ecosystem's, from what their serde impls write.
    fn known(&mut self, path: &Path, name: &str, args: &[&Type], side: Side<'_>) -> Option<Schema> {
        let qualified: Vec<&str> = path.segments.iter().map(|s| s.name.as_str()).collect();
        // A type of the crate named like a std one is the crate's.
        if qualified.len() == 1
            && def_of(side.module, path).is_some_and(|d| side.types.wire_type(&d).is_some())
        {
            return None;
        }
        let first = qualified.first().copied().unwrap_or_default();
        let foreign = qualified.len() > 1
            && !matches!(
                first,
                "std" | "core" | "alloc" | "serde_json" | "indexmap" | "smallvec" | "compact_str"
            );
        if foreign {
            return None;
        }
        let arg = |i: usize, this: &mut Self| args.get(i).map(|a| this.ty(a, side));
        Some(match (name, args.len()) {
            ("bool", 0) => Schema::Bool,
            ("char", 0) => Schema::Char,
            ("str" | "String" | "PathBuf" | "Path" | "CompactString", 0) => Schema::Str,
            ("f32", 0) => Schema::Float { bits: 32 },
            ("f64", 0) => Schema::Float { bits: 64 },
            // A bare `Value` may be anything: only serde_json's reads every payload.
            ("Value", 0) if first == "serde_json" => Schema::Any,
            (
                "Box" | "Rc" | "Arc" | "Cow" | "Cell" | "RefCell" | "Mutex" | "RwLock" | "Wrapping"
                | "Reverse",
                1,
            ) => arg(0, self)?,
            ("Option", 1) => Schema::Option(Box::new(arg(0, self)?)),
            ("Vec" | "VecDeque" | "LinkedList" | "BinaryHeap" | "SmallVec", 1) => Schema::Seq {
                elem: Box::new(arg(0, self)?),
                set: false,
            },
            ("HashSet" | "BTreeSet" | "IndexSet", 1 | 2) => Schema::Seq {
                elem: Box::new(arg(0, self)?),
                set: true,
            },
            ("HashMap" | "BTreeMap" | "IndexMap" | "Map", 2 | 3) => {
                Schema::Map(Box::new(arg(0, self)?), Box::new(arg(1, self)?))
            }
            (n, 0) => int(n)?,
            _ => return None,
        })
    }

    /// A struct or enum of the crate: followed through its shape.
    fn crate_type(&mut self, path: &Path, args: &[&Type], side: Side<'_>) -> Option<Schema> {
        let def = def_of(side.module, path)?;
        let (module, item) = side.types.wire_type(&def)?;
        let args: Vec<Schema> = args.iter().map(|a| self.ty(a, side)).collect();
        if self.stack.contains(&def) || self.stack.len() >= DEPTH {
            return Some(Schema::Named {
                def,
                args,
                body: None,
            });
        }
        let generics = match item {
            ItemShape::Struct(s) => &s.generics,
            ItemShape::Enum(e) => &e.generics,
            _ => return Some(Schema::Opaque(def)),
        };
        let params: BTreeMap<String, Schema> = generics
            .type_param_names()
            .map(str::to_owned)
            .zip(args.iter().cloned())
            .collect();
        let outer = std::mem::replace(&mut self.params, params);
        self.stack.push(def.clone());
        let inner = Side { module, ..side };
        let body = match item {
            ItemShape::Struct(s) => self.structure(s, inner),
            ItemShape::Enum(e) => self.enumeration(e, &def, inner),
            _ => None,
        };
        self.stack.pop();
        self.params = outer;
        let body = body.unwrap_or_else(|| match args.is_empty() {
            true => Schema::Opaque(def.clone()),
            false => Schema::Opaque(format!("{def}{args:?}")),
        });
        Some(Schema::Named {
            body: Some(Box::new(body)),
            def,
            args,
        })
    }

    /// A container that converts (`into` when written, `from`/`try_from` when read)
    /// through one type both ways is that type's schema; one that converts one way
    /// only, or through two types, has a form on each side and is opaque, as is one
    /// without a serde derive. `None`: no conversion.
    fn converted(
        &mut self,
        attrs: &crate::shape::ContainerAttrs,
        side: Side<'_>,
    ) -> Option<Option<Schema>> {
        let serde = &attrs.serde;
        if !attrs.has_wire() || serde.remote.is_some() {
            return Some(None);
        }
        let read = serde.from.as_ref().or(serde.try_from.as_ref());
        match (&serde.into, read) {
            (None, None) => None,
            (Some(into), Some(read)) if into == read => {
                Some(Type::parse(into).ok().map(|t| self.ty(&t, side)))
            }
            _ => Some(None),
        }
    }

    fn structure(&mut self, s: &StructShape, side: Side<'_>) -> Option<Schema> {
        if let Some(converted) = self.converted(&s.attrs, side) {
            return converted;
        }
        let record = records::struct_record(s, side.positional);
        if s.attrs.serde.transparent {
            let field = record.fields.iter().find(|f| f.on_wire())?;
            return Some(self.field_ty(field.shape, side));
        }
        Some(match s.style {
            FieldStyle::Unit => Schema::Unit,
            FieldStyle::Tuple if s.fields.len() == 1 => self.field_ty(&s.fields[0], side),
            FieldStyle::Tuple => {
                Schema::Tuple(s.fields.iter().map(|f| self.field_ty(f, side)).collect())
            }
            FieldStyle::Named => Schema::Record(self.record(&record, side)),
        })
    }

    fn field_ty(&mut self, f: &FieldShape, side: Side<'_>) -> Schema {
        custom(
            &f.serde.serialize_with,
            &f.serde.deserialize_with,
            &f.ty.to_string(),
        )
        .unwrap_or_else(|| self.ty(&f.ty, side))
    }

    fn record(&mut self, record: &records::Record<'_>, side: Side<'_>) -> Record {
        Record {
            fields: record
                .fields
                .iter()
                .filter(|f| f.on_wire())
                .map(|f| Field {
                    name: f.shape.name.clone(),
                    ser: f.ser.clone(),
                    reads: accepted(f.read, &f.de, &f.shape.serde.aliases),
                    emit: f.emit,
                    required: f.required,
                    schema: self.field_ty(f.shape, side),
                })
                .collect(),
            deny_unknown: record.deny_unknown,
            flattened: record.fields.iter().any(|f| f.shape.serde.flatten),
        }
    }

    fn enumeration(&mut self, e: &EnumShape, def: &str, side: Side<'_>) -> Option<Schema> {
        if let Some(converted) = self.converted(&e.attrs, side) {
            return converted;
        }
        let tagging = records::tagging(&e.attrs.serde);
        let all_untagged = tagging == Tagging::Untagged;
        let variants = records::variants(e)
            .into_iter()
            .map(|v| {
                let serde = &v.shape.serde;
                let with = custom(
                    &serde.serialize_with,
                    &serde.deserialize_with,
                    &v.shape.name,
                );
                let content = if let Some(opaque) = with {
                    Content::Newtype(opaque)
                } else {
                    match v.shape.style {
                        FieldStyle::Unit => Content::Unit,
                        FieldStyle::Tuple if v.shape.fields.len() == 1 => {
                            Content::Newtype(self.field_ty(&v.shape.fields[0], side))
                        }
                        FieldStyle::Tuple => Content::Tuple(
                            v.shape
                                .fields
                                .iter()
                                .map(|f| self.field_ty(f, side))
                                .collect(),
                        ),
                        FieldStyle::Named => {
                            let record = records::variant_record(e, v.shape, side.positional);
                            Content::Record(self.record(&record, side))
                        }
                    }
                };
                Variant {
                    name: v.shape.name.clone(),
                    ser: v.ser.clone(),
                    reads: accepted(v.read, &v.de, &v.shape.serde.aliases),
                    emit: v.emit,
                    other: v.other,
                    untagged: all_untagged || v.shape.serde.untagged,
                    content,
                }
            })
            .collect();
        Some(Schema::Enum(Enum {
            name: def.rsplit("::").next().unwrap_or(def).to_owned(),
            tagging,
            variants,
        }))
    }
}

/// The names a field or variant is read by: its primary name and its aliases, none
/// when it is not read.
fn accepted(
    read: bool,
    primary: &str,
    aliases: &std::collections::BTreeSet<String>,
) -> Vec<String> {
    if !read {
        return Vec::new();
    }
    std::iter::once(primary.to_owned())
        .chain(aliases.iter().cloned())
        .collect()
}

/// Where the old and the new version's types are read from, for the symbol `cx`
/// compares: the golden in its module, and the crate as it is now in the new one.
pub fn sides<'a>(cx: &crate::diff::Cx<'a>) -> [Side<'a>; 2] {
    let positional = cx.positional();
    [
        Side {
            types: cx.types,
            module: cx.module,
            positional,
        },
        Side {
            types: cx.current_types,
            module: cx.current_module,
            positional,
        },
    ]
}

/// The schema of a field with its own (de)serializer (`with`, `serialize_with`,
/// `deserialize_with`): opaque, known by the functions and the type they handle.
fn custom(ser: &Option<String>, de: &Option<String>, ty: &str) -> Option<Schema> {
    if ser.is_none() && de.is_none() {
        return None;
    }
    Some(Schema::Opaque(format!(
        "{}{} {ty}",
        ser.as_deref().unwrap_or_default(),
        de.as_deref().unwrap_or_default()
    )))
}

/// The schema of field `f` written in `side.module`.
pub fn field_schema(f: &FieldShape, side: Side<'_>) -> Schema {
    Deriver {
        stack: Vec::new(),
        params: BTreeMap::new(),
    }
    .field_ty(f, side)
}

/// An integer type by name.
fn int(name: &str) -> Option<Schema> {
    let (signed, bits) = match name {
        "usize" => (false, 64),
        "isize" => (true, 64),
        _ => {
            let (kind, bits) = (name.get(..1)?, name.get(1..)?);
            let signed = match kind {
                "u" => false,
                "i" => true,
                _ => return None,
            };
            (
                signed,
                bits.parse()
                    .ok()
                    .filter(|b| [8, 16, 32, 64, 128].contains(b))?,
            )
        }
    };
    Some(Schema::Int { signed, bits })
}
