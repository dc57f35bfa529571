//! The shape model: what a pinned item looks like to its consumers.
//!
//! A shape records what other code can depend on (names, types, signatures, serde
//! attributes, values) and nothing else: no spans, file paths, doc comments or
//! attribute order. Maps are `BTreeMap`s and sets `BTreeSet`s, so a shape has exactly
//! one canonical serialisation (see [`crate::canonical`]).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

/// What one `#[contract]` attribute contributes to its set.
///
/// Most attributes pin a whole item. An inherent `impl` block contributes methods to
/// the symbol of its self type, and a trait `impl` contributes an implementor to the
/// symbol of its trait; several fragments therefore merge into one [`Symbol`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "fragment", rename_all = "snake_case", deny_unknown_fields)]
pub enum Fragment {
    /// A struct, enum, trait, fn, type alias, const or static.
    Item {
        /// The item's shape.
        item: ItemShape,
    },
    /// The `pub` methods of an inherent `impl` block.
    Methods {
        /// The methods, by name.
        methods: BTreeMap<String, FnShape>,
    },
    /// A trait `impl`: the implementing type, as written.
    Implementor {
        /// The implementing type, normalised (e.g. `Vec<T>`).
        implementor: String,
    },
}

/// A pinned symbol: the merge of every fragment registered under one name in a set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Symbol {
    /// The module that defines the item (`module_path!()`), if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub module: Option<String>,
    /// The pinned item itself; `None` when only methods or implementors were pinned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub item: Option<ItemShape>,
    /// Methods pinned through inherent `impl` blocks.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub methods: BTreeMap<String, FnShape>,
    /// Implementors pinned through trait `impl` blocks.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub implementors: BTreeSet<String>,
}

impl Symbol {
    /// The kind a reader would name this symbol by (`struct`, `trait`, `methods`, …).
    pub fn kind_name(&self) -> &'static str {
        match &self.item {
            Some(item) => item.kind_name(),
            None if !self.methods.is_empty() => "methods",
            None => "implementors",
        }
    }
}

/// The shape of a pinned item.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ItemShape {
    /// `struct`.
    Struct(StructShape),
    /// `enum`.
    Enum(EnumShape),
    /// `trait`.
    Trait(TraitShape),
    /// A free `fn`.
    Fn(FnShape),
    /// `type Alias = Target;`
    TypeAlias(AliasShape),
    /// `const`.
    Const(ValueItemShape),
    /// `static`.
    Static(ValueItemShape),
}

impl ItemShape {
    /// Lower-case name of the item kind, as Rust spells it.
    pub fn kind_name(&self) -> &'static str {
        match self {
            ItemShape::Struct(_) => "struct",
            ItemShape::Enum(_) => "enum",
            ItemShape::Trait(_) => "trait",
            ItemShape::Fn(_) => "fn",
            ItemShape::TypeAlias(_) => "type",
            ItemShape::Const(_) => "const",
            ItemShape::Static(_) => "static",
        }
    }

    /// Container attributes, for the kinds that have them.
    pub fn container(&self) -> Option<&ContainerAttrs> {
        match self {
            ItemShape::Struct(s) => Some(&s.attrs),
            ItemShape::Enum(e) => Some(&e.attrs),
            _ => None,
        }
    }
}

/// Visibility, as written (`pub`, `pub(crate)`, `pub(in a::b)`, or empty for private).
pub type Visibility = String;

/// Generic parameters and where clauses.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Generics {
    /// Parameters in declaration order (order is part of the API: turbofish).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<GenericParam>,
    /// Where-clause predicates, normalised and sorted (their order means nothing).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub where_clause: Vec<String>,
}

impl Generics {
    /// True when there are no parameters and no where clause.
    pub fn is_empty(&self) -> bool {
        self.params.is_empty() && self.where_clause.is_empty()
    }
}

/// One generic parameter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenericParam {
    /// `lifetime`, `type` or `const`.
    pub kind: GenericParamKind,
    /// The name (`'a`, `T`, `N`).
    pub name: String,
    /// Bounds (sorted), or the type of a const parameter.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bounds: Vec<String>,
    /// The default, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<String>,
}

/// The kind of a generic parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GenericParamKind {
    /// `'a`
    Lifetime,
    /// `T`
    Type,
    /// `const N: usize`
    Const,
}

/// Attributes of a struct or enum that consumers can observe.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContainerAttrs {
    /// `#[non_exhaustive]`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub non_exhaustive: bool,
    /// `#[repr(…)]` arguments, sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub repr: Vec<String>,
    /// Derived traits, by last path segment (`Serialize`, not `serde::Serialize`).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub derives: BTreeSet<String>,
    /// `#[serde(…)]` container attributes.
    #[serde(default, skip_serializing_if = "SerdeAttrs::is_empty")]
    pub serde: SerdeAttrs,
}

impl ContainerAttrs {
    /// True when the item derives `Serialize` or `Deserialize`: the wire axis applies.
    pub fn has_wire(&self) -> bool {
        self.derives.contains("Serialize") || self.derives.contains("Deserialize")
    }
}

/// `#[serde(…)]` arguments: key → value, with `""` for flags (`default`, `flatten`)
/// and repeated keys (`alias`) joined as a sorted, comma-separated list.
pub type SerdeAttrs = BTreeMap<String, String>;

/// Whether fields are named, positional, or absent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FieldStyle {
    /// `{ a: T }`
    Named,
    /// `(T)`
    Tuple,
    /// no fields
    Unit,
}

/// `struct`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StructShape {
    /// Generics.
    #[serde(default, skip_serializing_if = "Generics::is_empty")]
    pub generics: Generics,
    /// Container attributes.
    #[serde(default)]
    pub attrs: ContainerAttrs,
    /// Named, tuple or unit.
    pub style: FieldStyle,
    /// Fields in declaration order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<FieldShape>,
}

/// A field of a struct or variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldShape {
    /// The field name, or its index for tuple fields.
    pub name: String,
    /// Visibility (always empty for variant fields, which share the enum's).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub vis: Visibility,
    /// The normalised type.
    pub ty: String,
    /// `#[serde(…)]` field attributes.
    #[serde(default, skip_serializing_if = "SerdeAttrs::is_empty")]
    pub serde: SerdeAttrs,
}

/// `enum`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnumShape {
    /// Generics.
    #[serde(default, skip_serializing_if = "Generics::is_empty")]
    pub generics: Generics,
    /// Container attributes.
    #[serde(default)]
    pub attrs: ContainerAttrs,
    /// Variants in declaration order.
    #[serde(default)]
    pub variants: Vec<VariantShape>,
}

/// One enum variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantShape {
    /// The variant name.
    pub name: String,
    /// Named, tuple or unit.
    pub style: FieldStyle,
    /// Fields in declaration order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<FieldShape>,
    /// The explicit discriminant expression, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discriminant: Option<String>,
    /// `#[serde(…)]` variant attributes.
    #[serde(default, skip_serializing_if = "SerdeAttrs::is_empty")]
    pub serde: SerdeAttrs,
}

/// `trait`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraitShape {
    /// Generics.
    #[serde(default, skip_serializing_if = "Generics::is_empty")]
    pub generics: Generics,
    /// `unsafe trait`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub unsafety: bool,
    /// Supertraits, normalised and sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supertraits: Vec<String>,
    /// Sealed: a supertrait from a private `sealed`/`private` module, so no one
    /// outside the crate can implement it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub sealed: bool,
    /// Usable as `dyn Trait`, computed from the syntax.
    pub dyn_compatible: bool,
    /// Methods by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub methods: BTreeMap<String, TraitMethod>,
    /// Associated types by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub types: BTreeMap<String, AssocType>,
    /// Associated consts by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub consts: BTreeMap<String, AssocConst>,
}

/// A trait method.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraitMethod {
    /// Its signature.
    pub sig: FnShape,
    /// Has a default body.
    #[serde(default, skip_serializing_if = "is_false")]
    pub provided: bool,
}

/// A trait's associated type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AssocType {
    /// Its own generics (GATs).
    #[serde(default, skip_serializing_if = "Generics::is_empty")]
    pub generics: Generics,
    /// Bounds, sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bounds: Vec<String>,
    /// Default type, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<String>,
}

/// A trait's associated const.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AssocConst {
    /// Its type.
    pub ty: String,
    /// Default value, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<String>,
}

/// A function or method signature.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FnShape {
    /// Visibility (empty inside traits).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub vis: Visibility,
    /// `const fn`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub constness: bool,
    /// `async fn`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub asyncness: bool,
    /// `unsafe fn`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub unsafety: bool,
    /// `extern "abi"`, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abi: Option<String>,
    /// Generics.
    #[serde(default, skip_serializing_if = "Generics::is_empty")]
    pub generics: Generics,
    /// The receiver (`&self`, `&mut self`, `self`, `self: Box<Self>`), if a method.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receiver: Option<String>,
    /// Parameters after the receiver.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<Param>,
    /// The return type; `None` for `()`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
}

/// A function parameter. Only its type is part of the API; the name is kept for
/// messages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Param {
    /// The pattern, normalised (`x`, `_`, `(a, b)`).
    pub name: String,
    /// The normalised type.
    pub ty: String,
}

/// `type Alias<…> = Target;`
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AliasShape {
    /// Generics.
    #[serde(default, skip_serializing_if = "Generics::is_empty")]
    pub generics: Generics,
    /// The normalised target type.
    pub target: String,
}

/// `const` or `static`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValueItemShape {
    /// `static mut`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub mutable: bool,
    /// The normalised type.
    pub ty: String,
    /// The value.
    pub value: Value,
}

/// The value of a const or static.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Value {
    /// Any expression, as normalised tokens.
    Expr(String),
    /// An array or slice initialiser, one row per element: rows can be added and
    /// removed individually (`table_row_added` / `table_row_removed`).
    Rows(Vec<String>),
}

fn is_false(b: &bool) -> bool {
    !*b
}
