//! The shape model: what a pinned item looks like to its consumers.
//!
//! A shape records what other code can depend on (names, types, signatures, serde
//! attributes, values) and nothing else: no spans, file paths, doc comments or
//! attribute order. Types are [`Type`] trees, visibilities a [`Visibility`], serde
//! attributes typed values ([`crate::serde_attrs`]): no rule ever re-reads a string.
//! Maps are `BTreeMap`s and sets `BTreeSet`s, so a shape has exactly one canonical
//! serialisation (see [`crate::canonical`]).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::member::Member;
use crate::probed::{AutoCond, ProbedTrait};
use crate::serde_attrs::Entries;
pub use crate::serde_attrs::{ContainerSerde, FieldSerde, VariantSerde};
pub use crate::ty::{Bound, Path, Type};
use crate::ty::{GenericArg, ParseError, Parser};

/// What one `#[contract]` attribute contributes to its set.
///
/// Most attributes pin a whole item. An inherent `impl` block contributes methods to
/// the symbol of its self type, and a trait `impl` contributes an implementor to the
/// symbol of its trait; several fragments therefore merge into one [`Symbol`].
// One fragment per pinned item, built once: the size of its largest variant costs
// nothing that boxing would save.
#[allow(clippy::large_enum_variant)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "fragment", rename_all = "snake_case", deny_unknown_fields)]
pub enum Fragment {
    /// A struct, enum, trait, fn, type alias, const or static.
    Item {
        /// The item's shape.
        item: ItemShape,
        /// Names compared as written (see [`Symbol::unresolved`]).
        #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
        unresolved: BTreeSet<String>,
        /// The public path given with `path = "crate::api::Order"` (see [`Symbol::path`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        path: Option<String>,
    },
    /// The `pub` methods, consts and types of an inherent `impl` block.
    Methods {
        /// The methods, by name.
        methods: BTreeMap<String, FnShape>,
        /// Associated `pub const`s, by name.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        consts: BTreeMap<String, ValueItemShape>,
        /// Associated `pub type`s, by name.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        types: BTreeMap<String, AliasShape>,
        /// Names compared as written.
        #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
        unresolved: BTreeSet<String>,
    },
    /// A trait `impl`: the implementing type, for the impl's generics.
    Implementor {
        /// The implementing type (e.g. `Vec<T>` for every `T: Clone`).
        implementor: Implementor,
    },
}

impl From<ItemShape> for Fragment {
    fn from(item: ItemShape) -> Fragment {
        Fragment::Item {
            item,
            unresolved: Default::default(),
            path: None,
        }
    }
}

impl Fragment {
    /// The fragment's compact canonical text and, for an item, where in it the
    /// item's own text is: what the compile-time check holds to the item's golden
    /// entry ([`crate::golden::StoredEntry::item_is`]) without writing it twice.
    pub fn compact_text(&self) -> (String, Option<std::ops::Range<usize>>) {
        let Fragment::Item {
            item,
            unresolved,
            path,
        } = self
        else {
            return (crate::canonical::to_compact_string(self), None);
        };
        /// What follows `item` in the fragment's keys (sorted: `fragment`, `item`, …).
        #[derive(Serialize)]
        struct Tail<'a> {
            #[serde(skip_serializing_if = "Option::is_none")]
            path: &'a Option<String>,
            #[serde(skip_serializing_if = "BTreeSet::is_empty")]
            unresolved: &'a BTreeSet<String>,
        }
        const HEAD: &str = crate::canonical::keys::ITEM_FRAGMENT_HEAD;
        let item = crate::canonical::to_compact_string(item);
        let mut text = String::with_capacity(HEAD.len() + item.len() + 2);
        text.push_str(HEAD);
        text.push_str(&item);
        let range = HEAD.len()..text.len();
        let tail = crate::canonical::to_compact_string(&Tail { path, unresolved });
        // `{}`, or `{"path":…,"unresolved":…}`: its members follow the item's.
        if tail.len() > 2 {
            text.push(',');
            text.push_str(&tail[1..tail.len() - 1]);
        }
        text.push('}');
        (text, Some(range))
    }
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
    /// The path other crates name the item by, when the attribute gives it
    /// (`path = "crate::api::Order"`, checked at compile time to name the item). It
    /// stands for the defining module in `symbol_moved`: an item moved between private
    /// modules behind an unchanged `pub use` has not moved for any consumer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// For an item pinned at a public path outside the module that defines it (a
    /// public-API set's re-export, whose `module` is the public path's): the defining
    /// module, which its shape's paths are written in (`super::Observer`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defined_in: Option<String>,
    /// For a public-API set's item re-exported under another name (`pub use
    /// tx::TxDatabase as SingleWriterTxDatabase;`): the name its definition gives it,
    /// which `Self` and the defining module's paths spell. A release that gives the
    /// definition its public name (fjall 3.1.13) changes no type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defined_as: Option<String>,
    /// Methods pinned through inherent `impl` blocks.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub methods: BTreeMap<String, FnShape>,
    /// Associated `pub const`s pinned through inherent `impl` blocks.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub consts: BTreeMap<String, ValueItemShape>,
    /// Associated `pub type`s pinned through inherent `impl` blocks.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub types: BTreeMap<String, AliasShape>,
    /// Implementors pinned through trait `impl` blocks.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub implementors: BTreeSet<Implementor>,
    /// The probed traits the type implements, as the compiler answered in the user's
    /// crate (see [`crate::probe`]); `None` when not observed (a generic type, a shape
    /// read from sources).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub implements: Option<BTreeSet<ProbedTrait>>,
    /// The auto traits inferred from the type's fields without a compiler
    /// ([`crate::auto`]), each with the condition on the type's parameters under which
    /// it holds; a trait that could not be told is left out (and not compared).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub auto_traits: BTreeMap<ProbedTrait, AutoCond>,
    /// Traits with an `impl Trait for Type` in the crate's sources, by the name a
    /// derive gives them (the path's last segment: `impl fmt::Debug` is `Debug`,
    /// `impl std::error::Error` is thiserror's `Error`), as the CLI reads them:
    /// evidence that a derive was replaced by an impl. Never stored.
    #[serde(skip)]
    pub impls_in_source: BTreeSet<String>,
    /// On a Cargo feature's current shape: the package's features that gate no code
    /// in the sources it was read from (no file names them, and they turn on
    /// nothing), as the CLI reads them. Never stored.
    #[serde(skip)]
    pub inert_features: BTreeSet<String>,
    /// On a Cargo feature's current shape: the package's features that no source
    /// names and that turn on nothing the default features do not turn on anyway
    /// ([`crate::features::redundant_with_default`]), as the CLI reads them. Never
    /// stored.
    #[serde(skip)]
    pub redundant_features: BTreeSet<String>,
    /// On a Cargo feature's current shape: every feature the package has now, as the
    /// CLI reads them (empty when not read). A feature no longer among them gates no
    /// code of this release. Never stored.
    #[serde(skip)]
    pub package_features: BTreeSet<String>,
    /// On a current shape: its auto traits were inferred from the sources (by the
    /// command, or by the macro for a generic type), so a trait [`Symbol::auto_traits`]
    /// leaves out could not be told. Never stored.
    #[serde(skip)]
    pub auto_traits_inferred: bool,
    /// Single names in the shape that could not be resolved through the module's
    /// `use` declarations (a glob import was in scope): they are compared as written,
    /// and messages about them say so. Not part of what is compared.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub unresolved: BTreeSet<String>,
    /// Public-API sets: the parts of the symbol that only some of the package's
    /// features expose, each with what it needs ([`crate::gate`]); a part not listed
    /// is in every build. Sorted by member.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub needs: Vec<Need>,
}

/// A part of a symbol that only some of the package's features expose.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Need {
    /// The part: [`Member::Item`] for the whole item.
    pub member: Member,
    /// What it needs, as a [`crate::gate::Gate`] in `cfg` syntax (`feature = "x"`).
    pub cfg: String,
}

impl Symbol {
    /// What `member` needs, `None` when it is in every build.
    pub fn need_of(&self, member: &Member) -> Option<&str> {
        self.needs
            .iter()
            .find(|n| n.member == *member)
            .map(|n| n.cfg.as_str())
    }

    /// Adds what `member` needs; a part already listed keeps the gate it has.
    pub fn add_need(&mut self, member: Member, cfg: String) {
        if let Err(at) = self.needs.binary_search_by(|n| n.member.cmp(&member)) {
            self.needs.insert(at, Need { member, cfg });
        }
    }
}

impl Symbol {
    /// The module the shape's paths are written in: the defining module of a
    /// re-export ([`Symbol::defined_in`]), else [`Symbol::module`].
    pub fn written_in(&self) -> Option<&str> {
        self.defined_in.as_deref().or(self.module.as_deref())
    }

    /// The kind a reader would name this symbol by (`struct`, `trait`, `methods`, …).
    pub fn kind_name(&self) -> &'static str {
        match &self.item {
            Some(item) => item.kind_name(),
            None if !self.methods.is_empty()
                || !self.consts.is_empty()
                || !self.types.is_empty() =>
            {
                "methods"
            }
            None => "implementors",
        }
    }

    /// Equal as far as consumers can tell: every part but [`Symbol::unresolved`],
    /// [`Symbol::impls_in_source`], [`Symbol::inert_features`],
    /// [`Symbol::redundant_features`] and [`Symbol::package_features`].
    pub fn same_shape(&self, other: &Symbol) -> bool {
        self.module == other.module
            && self.path == other.path
            && self.item == other.item
            && self.methods == other.methods
            && self.consts == other.consts
            && self.types == other.types
            && self.implementors == other.implementors
            && self.implements == other.implements
            && self.auto_traits == other.auto_traits
            && self.needs == other.needs
    }
}

/// The prefix of the lifetime parameters an inherent impl's `'_` lifetimes are named
/// as (`'_0`, `'_1`, …): `impl<S> Stream<'_, S>` is recorded as `impl<'_0, S>
/// Stream<'_0, S>`, one block with `impl<'a, S> Stream<'a, S>` under a renaming.
pub const IMPL_ELIDED: &str = "'_";

/// The shape of a pinned item.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
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
    /// `union`.
    Union(UnionShape),
    /// `macro_rules!`.
    MacroRules(MacroShape),
    /// A `#[proc_macro]`, `#[proc_macro_derive]` or `#[proc_macro_attribute]` fn.
    ProcMacro(ProcMacroShape),
    /// A Cargo feature of the package (public-API sets only; see [`crate::features`]).
    Feature(FeatureShape),
    /// A module other crates can name (public-API sets only): `use krate::m::*;`.
    Module(ModuleShape),
    /// Another crate's item re-exported under this path (public-API sets only): `pub
    /// use serde::Serialize;`. Its shape is that crate's, not read here.
    Reexport(ReexportShape),
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
            ItemShape::Union(_) => "union",
            ItemShape::MacroRules(_) => "macro_rules",
            ItemShape::ProcMacro(p) => p.form.name(),
            ItemShape::Feature(_) => "feature",
            ItemShape::Module(_) => "mod",
            ItemShape::Reexport(_) => "re-export",
        }
    }

    /// Container attributes, for the kinds that have them.
    pub fn container(&self) -> Option<&ContainerAttrs> {
        match self {
            ItemShape::Struct(s) => Some(&s.attrs),
            ItemShape::Enum(e) => Some(&e.attrs),
            ItemShape::Union(u) => Some(&u.attrs),
            _ => None,
        }
    }

    /// Container attributes, mutably.
    pub fn container_mut(&mut self) -> Option<&mut ContainerAttrs> {
        match self {
            ItemShape::Struct(s) => Some(&mut s.attrs),
            ItemShape::Enum(e) => Some(&mut e.attrs),
            ItemShape::Union(u) => Some(&mut u.attrs),
            _ => None,
        }
    }

    /// The item's visibility (a `macro_rules!` is `pub` when `#[macro_export]`, a proc
    /// macro always is).
    pub fn vis(&self) -> Visibility {
        match self {
            ItemShape::Struct(s) => s.vis.clone(),
            ItemShape::Enum(e) => e.vis.clone(),
            ItemShape::Trait(t) => t.vis.clone(),
            ItemShape::Fn(f) => f.vis.clone(),
            ItemShape::TypeAlias(a) => a.vis.clone(),
            ItemShape::Const(v) | ItemShape::Static(v) => v.vis.clone(),
            ItemShape::Union(u) => u.vis.clone(),
            ItemShape::MacroRules(m) => m.vis.clone(),
            ItemShape::ProcMacro(_)
            | ItemShape::Feature(_)
            | ItemShape::Module(_)
            | ItemShape::Reexport(_) => Visibility::Public,
        }
    }

    /// `#[doc(hidden)]` on the item.
    pub fn hidden(&self) -> bool {
        match self {
            ItemShape::Struct(s) => s.hidden,
            ItemShape::Enum(e) => e.hidden,
            ItemShape::Trait(t) => t.hidden,
            ItemShape::Fn(f) => f.hidden,
            ItemShape::TypeAlias(a) => a.hidden,
            ItemShape::Const(v) | ItemShape::Static(v) => v.hidden,
            ItemShape::Union(u) => u.hidden,
            ItemShape::MacroRules(m) => m.hidden,
            ItemShape::ProcMacro(p) => p.hidden,
            ItemShape::Feature(f) => f.hidden,
            ItemShape::Module(m) => m.hidden,
            ItemShape::Reexport(r) => r.hidden,
        }
    }

    /// Sets the item's visibility and `#[doc(hidden)]` (normalisation and tests).
    pub fn set_vis_hidden(&mut self, vis: Visibility, hidden: bool) {
        match self {
            ItemShape::Struct(s) => (s.vis, s.hidden) = (vis, hidden),
            ItemShape::Enum(e) => (e.vis, e.hidden) = (vis, hidden),
            ItemShape::Trait(t) => (t.vis, t.hidden) = (vis, hidden),
            ItemShape::Fn(f) => (f.vis, f.hidden) = (vis, hidden),
            ItemShape::TypeAlias(a) => (a.vis, a.hidden) = (vis, hidden),
            ItemShape::Const(v) | ItemShape::Static(v) => (v.vis, v.hidden) = (vis, hidden),
            ItemShape::Union(u) => (u.vis, u.hidden) = (vis, hidden),
            ItemShape::MacroRules(m) => (m.vis, m.hidden) = (vis, hidden),
            ItemShape::ProcMacro(p) => p.hidden = hidden,
            ItemShape::Feature(f) => f.hidden = hidden,
            ItemShape::Module(m) => m.hidden = hidden,
            ItemShape::Reexport(r) => r.hidden = hidden,
        }
    }

    /// A struct's, enum's or union's generics and every field (every variant's):
    /// what its auto traits and variance follow from; `None` for another kind.
    pub fn generics_and_fields(&self) -> Option<(&Generics, Vec<&FieldShape>)> {
        match self {
            ItemShape::Struct(s) => Some((&s.generics, s.fields.iter().collect())),
            ItemShape::Union(u) => Some((&u.generics, u.fields.iter().collect())),
            ItemShape::Enum(e) => Some((
                &e.generics,
                e.variants.iter().flat_map(|v| &v.fields).collect(),
            )),
            _ => None,
        }
    }

    /// The item's own generics, for the kinds that have them.
    pub fn generics(&self) -> Option<&Generics> {
        match self {
            ItemShape::Struct(s) => Some(&s.generics),
            ItemShape::Enum(e) => Some(&e.generics),
            ItemShape::Trait(t) => Some(&t.generics),
            ItemShape::TypeAlias(a) => Some(&a.generics),
            ItemShape::Fn(f) => Some(&f.generics),
            ItemShape::Union(u) => Some(&u.generics),
            ItemShape::Const(_)
            | ItemShape::Static(_)
            | ItemShape::MacroRules(_)
            | ItemShape::ProcMacro(_)
            | ItemShape::Feature(_)
            | ItemShape::Module(_)
            | ItemShape::Reexport(_) => None,
        }
    }
}

/// Visibility.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Visibility {
    /// No modifier (or `pub(self)`): private to the module.
    #[default]
    Private,
    /// `pub(in path)`.
    In(String),
    /// `pub(super)`.
    Super,
    /// `pub(crate)`.
    Crate,
    /// `pub`.
    Public,
}

impl Visibility {
    /// `pub`: visible to other crates.
    pub fn is_public(&self) -> bool {
        *self == Visibility::Public
    }

    /// How far it reaches: private < `pub(in …)` < `pub(super)` < `pub(crate)` < `pub`.
    pub fn reach(&self) -> u8 {
        match self {
            Visibility::Private => 0,
            Visibility::In(_) => 1,
            Visibility::Super => 2,
            Visibility::Crate => 3,
            Visibility::Public => 4,
        }
    }

    /// Reads the canonical text (`""`, `pub`, `pub(crate)`, `pub(in a::b)`).
    pub fn parse(s: &str) -> Option<Visibility> {
        Some(match s {
            "" | "pub(self)" => Visibility::Private,
            "pub" => Visibility::Public,
            "pub(crate)" => Visibility::Crate,
            "pub(super)" => Visibility::Super,
            other => {
                let path = other.strip_prefix("pub(in ")?.strip_suffix(')')?;
                Visibility::In(path.to_owned())
            }
        })
    }

    /// The word messages use: `pub`, `pub(crate)`, …, `private`.
    pub fn word(&self) -> String {
        match self {
            Visibility::Private => "private".to_owned(),
            other => other.to_string(),
        }
    }

    fn is_private(&self) -> bool {
        *self == Visibility::Private
    }

    /// `pub`: what an item's visibility is when the golden does not say.
    pub fn public() -> Visibility {
        Visibility::Public
    }
}

impl fmt::Display for Visibility {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Visibility::Private => Ok(()),
            Visibility::In(path) => write!(f, "pub(in {path})"),
            Visibility::Super => f.write_str("pub(super)"),
            Visibility::Crate => f.write_str("pub(crate)"),
            Visibility::Public => f.write_str("pub"),
        }
    }
}

macro_rules! text_serde {
    ($ty:ty, $parse:expr, $what:literal) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                let parse: fn(&str) -> Option<$ty> = $parse;
                parse(&text).ok_or_else(|| {
                    serde::de::Error::custom(format!(concat!("not a ", $what, ": `{}`"), text))
                })
            }
        }
    };
}

text_serde!(Visibility, Visibility::parse, "visibility");

/// A trait `impl` of a type of the crate, its head as the sources write it: what every
/// value of the type is promised (`impl<K, V, I: Iterator<Item = (K, V)>> Iterator for
/// Keys<I> { type Item = K; }`). The command reads them beside the shapes, for a rule
/// that asks what a named type implements (an opaque return type that became one);
/// never part of a golden.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraitImpl {
    /// The impl's generics, where clause included.
    #[serde(default, skip_serializing_if = "Generics::is_empty")]
    pub generics: Generics,
    /// The trait, with the arguments the impl gives it (a [`Bound::Trait`]).
    pub trait_bound: Bound,
    /// The implementing type, in the impl's parameters.
    pub self_ty: Type,
    /// The associated types the impl defines (`type Item = K;`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub assoc: BTreeMap<String, Type>,
}

/// A trait `impl`'s self type, for its generics: `impl<T: Clone> Trait for W<T>` is
/// `W<T>` for every `T: Clone`, and `impl<T, const N: usize> Trait for [T; N]` every
/// array. The trait's own arguments are part of it: `impl<T> Borrow<T> for Arc<T>`
/// implements `Borrow<AtomicBool>` for `Arc<AtomicBool>`, not `Borrow<u8>`. A golden
/// writes one with neither generics nor trait arguments as its type alone (`"Bump"`),
/// any other as `{"ty": "W<T>", "generics": {…}, "trait_args": "<T>"}`.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Implementor {
    /// The implementing type, the impl's own lifetimes elided where `'_` would do.
    pub ty: Type,
    /// The impl's generics, less the lifetimes the type elides.
    pub generics: Generics,
    /// The generic arguments the impl gives the trait (`T` in `impl<T> Borrow<T> for
    /// Arc<T>`); empty for a trait without parameters.
    #[cfg_attr(feature = "arbitrary", arbitrary(default))]
    pub trait_args: Vec<GenericArg>,
}

impl Implementor {
    /// An implementor with no generics: `impl Trait for Bump`.
    pub fn of(ty: Type) -> Implementor {
        Implementor {
            ty,
            generics: Generics::default(),
            trait_args: Vec::new(),
        }
    }

    /// The trait arguments as a golden writes them: `<T, 'a>`.
    fn trait_args_text(&self) -> Option<String> {
        if self.trait_args.is_empty() {
            return None;
        }
        let args: Vec<String> = self.trait_args.iter().map(ToString::to_string).collect();
        Some(format!("<{}>", args.join(", ")))
    }
}

/// Reads `<T, 'a>`, as [`Implementor::trait_args_text`] writes it.
fn parse_trait_args(text: &str) -> Option<Vec<GenericArg>> {
    let Ok(Type::Path(path)) = Type::parse(&format!("Trait{text}")) else {
        return None;
    };
    match path.segments.as_slice() {
        [segment] => match &segment.args {
            crate::ty::Args::Angle(args) if !args.is_empty() => Some(args.clone()),
            _ => None,
        },
        _ => None,
    }
}

impl fmt::Display for Implementor {
    /// The type alone: the impl's generics are [`crate::render::implementor`]'s.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.ty.fmt(f)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GenericImplementor {
    ty: Type,
    #[serde(default, skip_serializing_if = "Generics::is_empty")]
    generics: Generics,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    trait_args: Option<String>,
}

impl Serialize for Implementor {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.generics.is_empty() && self.trait_args.is_empty() {
            self.ty.serialize(s)
        } else {
            GenericImplementor {
                ty: self.ty.clone(),
                generics: self.generics.clone(),
                trait_args: self.trait_args_text(),
            }
            .serialize(s)
        }
    }
}

impl<'de> Deserialize<'de> for Implementor {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Implementor;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(
                    "an implementing type, or an object with `ty`, `generics` and `trait_args`",
                )
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Implementor, E> {
                Type::parse(text)
                    .map(Implementor::of)
                    .map_err(|e| E::custom(format!("not a type `{text}`: {e}")))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<Implementor, A::Error> {
                let GenericImplementor {
                    ty,
                    generics,
                    trait_args,
                } = GenericImplementor::deserialize(serde::de::value::MapAccessDeserializer::new(
                    map,
                ))?;
                let trait_args = match trait_args {
                    None => Vec::new(),
                    Some(text) => parse_trait_args(&text).ok_or_else(|| {
                        serde::de::Error::custom(format!("not trait arguments `{text}`"))
                    })?,
                };
                Ok(Implementor {
                    ty,
                    generics,
                    trait_args,
                })
            }
        }
        d.deserialize_any(Visit)
    }
}

/// Generic parameters and where clauses.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Generics {
    /// Parameters in declaration order (order is part of the API: turbofish).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<GenericParam>,
    /// Where-clause predicates that are not a bound on a plain parameter (those are
    /// merged into the parameter), sorted by their text.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub where_clause: Vec<WherePredicate>,
}

impl Generics {
    /// True when there are no parameters and no where clause.
    pub fn is_empty(&self) -> bool {
        self.params.is_empty() && self.where_clause.is_empty()
    }

    /// Leaves out the lifetime parameters with no bounds of their own that `named`
    /// does not hold (nothing names them, so they constrain nothing); whether any was.
    pub fn unused_lifetimes_left_out(&mut self, named: &BTreeSet<String>) -> bool {
        let before = self.params.len();
        self.params.retain(|p| match p {
            GenericParam::Lifetime { name, bounds } => {
                !bounds.is_empty() || named.contains(name) || !name.starts_with('\'')
            }
            _ => true,
        });
        self.params.len() != before
    }

    /// Adds to `out` every lifetime these generics name: in bounds, defaults, const
    /// parameters' types and `where` predicates (a lifetime parameter's own name only
    /// where something bounds by it or it is bounded).
    pub fn named_lifetimes(&self, out: &mut BTreeSet<String>) {
        for p in &self.params {
            match p {
                GenericParam::Lifetime { bounds, .. } => out.extend(bounds.iter().cloned()),
                GenericParam::Type {
                    bounds, default, ..
                } => {
                    bounds.iter().for_each(|b| b.named_lifetimes(out));
                    if let Some(d) = default {
                        d.named_lifetimes(out);
                    }
                }
                GenericParam::Const { ty, .. } => ty.named_lifetimes(out),
            }
        }
        for w in &self.where_clause {
            match w {
                WherePredicate::Type {
                    bounded, bounds, ..
                } => {
                    bounded.named_lifetimes(out);
                    bounds.iter().for_each(|b| b.named_lifetimes(out));
                }
                WherePredicate::Lifetime { lifetime, bounds } => {
                    out.insert(lifetime.clone());
                    out.extend(bounds.iter().cloned());
                }
            }
        }
    }

    /// The type parameters' names, in order (lifetimes and const parameters left out).
    pub fn type_param_names(&self) -> impl Iterator<Item = &str> {
        self.params.iter().filter_map(|p| match p {
            GenericParam::Type { name, .. } => Some(name.as_str()),
            _ => None,
        })
    }
}

/// One generic parameter.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum GenericParam {
    /// `'a: 'b`.
    Lifetime {
        /// The name, with its `'`.
        name: String,
        /// Outliving bounds, sorted.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        bounds: Vec<String>,
    },
    /// `T: Bound = Default`.
    Type {
        /// The name.
        name: String,
        /// Bounds, sorted (inline and `where T: …` alike).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        bounds: Vec<Bound>,
        /// The default.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        default: Option<Type>,
    },
    /// `const N: usize = 3`.
    Const {
        /// The name.
        name: String,
        /// Its type.
        ty: Type,
        /// The default, as tokens.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        default: Option<String>,
    },
}

impl GenericParam {
    /// The parameter's name (`'a`, `T`, `N`).
    pub fn name(&self) -> &str {
        match self {
            GenericParam::Lifetime { name, .. }
            | GenericParam::Type { name, .. }
            | GenericParam::Const { name, .. } => name,
        }
    }

    /// True for a lifetime parameter.
    pub fn is_lifetime(&self) -> bool {
        matches!(self, GenericParam::Lifetime { .. })
    }

    /// True when the parameter has a default.
    pub fn has_default(&self) -> bool {
        match self {
            GenericParam::Lifetime { .. } => false,
            GenericParam::Type { default, .. } => default.is_some(),
            GenericParam::Const { default, .. } => default.is_some(),
        }
    }

    /// `lifetime`, `type` or `const`.
    pub fn kind_name(&self) -> &'static str {
        match self {
            GenericParam::Lifetime { .. } => "lifetime",
            GenericParam::Type { .. } => "type",
            GenericParam::Const { .. } => "const",
        }
    }
}

/// A where-clause predicate on something other than a plain parameter.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum WherePredicate {
    /// `for<'a> Vec<T>: Clone + Send`.
    Type {
        /// `for<…>` lifetimes.
        hrtb: Vec<String>,
        /// The bounded type.
        bounded: Type,
        /// Its bounds, sorted.
        bounds: Vec<Bound>,
    },
    /// `'a: 'b + 'c` (for a lifetime that is not a parameter of this item).
    Lifetime {
        /// The lifetime.
        lifetime: String,
        /// What it outlives, sorted.
        bounds: Vec<String>,
    },
}

impl fmt::Display for WherePredicate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WherePredicate::Type {
                hrtb,
                bounded,
                bounds,
            } => {
                if !hrtb.is_empty() {
                    write!(f, "for<{}> ", hrtb.join(", "))?;
                }
                match bounded {
                    // `for<'a> fn(&'a u8): Copy` would read as the predicate's own
                    // `for<'a>`.
                    Type::FnPtr(fp) if hrtb.is_empty() && !fp.hrtb.is_empty() => {
                        write!(f, "({bounded}):")?
                    }
                    _ => write!(f, "{bounded}:")?,
                }
                if bounds.is_empty() {
                    return Ok(());
                }
                f.write_str(" ")?;
                crate::ty::write_bounds(f, bounds)
            }
            WherePredicate::Lifetime { lifetime, bounds } => {
                write!(f, "{lifetime}:")?;
                for (i, b) in bounds.iter().enumerate() {
                    write!(f, "{}{b}", if i == 0 { " " } else { " + " })?;
                }
                Ok(())
            }
        }
    }
}

impl WherePredicate {
    /// Reads the canonical text of a predicate.
    pub fn parse(text: &str) -> Result<WherePredicate, ParseError> {
        let mut p = Parser::new(text);
        let predicate = p.where_predicate()?;
        p.end()?;
        Ok(predicate)
    }
}

impl Parser<'_> {
    fn where_predicate(&mut self) -> Result<WherePredicate, ParseError> {
        let save = self.clone_pos();
        if let Ok(lifetime) = self.lifetime() {
            if self.eat_colon() {
                let mut bounds = Vec::new();
                while !self.at_end() {
                    bounds.push(self.lifetime()?);
                    if !self.eat_plus() {
                        break;
                    }
                }
                return Ok(WherePredicate::Lifetime { lifetime, bounds });
            }
        }
        self.restore(save);
        let hrtb = self.hrtb_list()?;
        let bounded = self.ty()?;
        if !self.eat_colon() {
            return Err(self.error("`:`"));
        }
        let bounds = if self.at_end() {
            Vec::new()
        } else {
            self.bounds()?
        };
        Ok(WherePredicate::Type {
            hrtb,
            bounded,
            bounds,
        })
    }
}

impl Serialize for WherePredicate {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for WherePredicate {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        WherePredicate::parse(&text).map_err(|e| {
            serde::de::Error::custom(format!("not a where-clause predicate `{text}`: {e}"))
        })
    }
}

/// A `#[repr(…)]` argument.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Repr {
    /// `Rust`.
    Rust,
    /// `C`.
    C,
    /// `transparent`.
    Transparent,
    /// `u8`, `i32`, `usize`, …
    Int(String),
    /// `align(N)`.
    Align(String),
    /// `packed` / `packed(N)`.
    Packed(Option<String>),
    /// Anything else, as written.
    Other(String),
}

const INTS: &[&str] = &[
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
];

impl Repr {
    /// Reads the canonical text (`C`, `u8`, `align(8)`, `packed(2)`).
    pub fn parse(s: &str) -> Option<Repr> {
        if s.is_empty() {
            return None;
        }
        Some(match s {
            "Rust" => Repr::Rust,
            "C" => Repr::C,
            "transparent" => Repr::Transparent,
            "packed" => Repr::Packed(None),
            int if INTS.contains(&int) => Repr::Int(int.to_owned()),
            other => {
                let arg = |head: &str| {
                    other
                        .strip_prefix(head)?
                        .strip_prefix('(')?
                        .strip_suffix(')')
                        .map(str::to_owned)
                };
                if let Some(n) = arg("align") {
                    Repr::Align(n)
                } else if let Some(n) = arg("packed") {
                    Repr::Packed(Some(n))
                } else {
                    Repr::Other(other.to_owned())
                }
            }
        })
    }

    /// A primitive-integer or `C` representation: discriminants have a defined value
    /// other code can read (FFI, pointer casts).
    pub fn fixes_discriminants(&self) -> bool {
        matches!(self, Repr::C | Repr::Int(_))
    }
}

impl fmt::Display for Repr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Repr::Rust => f.write_str("Rust"),
            Repr::C => f.write_str("C"),
            Repr::Transparent => f.write_str("transparent"),
            Repr::Int(i) => f.write_str(i),
            Repr::Align(n) => write!(f, "align({n})"),
            Repr::Packed(None) => f.write_str("packed"),
            Repr::Packed(Some(n)) => write!(f, "packed({n})"),
            Repr::Other(s) => f.write_str(s),
        }
    }
}

text_serde!(Repr, Repr::parse, "repr argument");

/// Attributes of a struct or enum that consumers can observe.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContainerAttrs {
    /// `#[non_exhaustive]`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub non_exhaustive: bool,
    /// `#[repr(…)]` arguments, sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub repr: Vec<Repr>,
    /// Derived traits, by last path segment (`Serialize`, not `serde::Serialize`).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub derives: BTreeSet<String>,
    /// `#[serde(…)]` container attributes.
    #[serde(default, skip_serializing_if = "Entries::is_empty")]
    pub serde: ContainerSerde,
}

impl ContainerAttrs {
    /// True when the item derives `Serialize` or `Deserialize`: the wire axis applies.
    pub fn has_wire(&self) -> bool {
        self.derives.contains("Serialize") || self.derives.contains("Deserialize")
    }

    /// True when a `#[repr(C)]` or primitive `#[repr]` fixes the layout.
    pub fn has_repr(&self, repr: &Repr) -> bool {
        self.repr.contains(repr)
    }
}

/// Whether fields are named, positional, or absent.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
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
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StructShape {
    /// Visibility; `pub` when absent (pinned items are public API).
    #[serde(
        default = "Visibility::public",
        skip_serializing_if = "Visibility::is_public"
    )]
    pub vis: Visibility,
    /// `#[doc(hidden)]`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
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

impl StructShape {
    /// Whether naming the struct also names a value other crates can build it with: a
    /// unit struct (`Unit`), or a tuple struct with a public field (`Old(1)`). An alias
    /// of it names the type only.
    pub fn is_also_a_value(&self) -> bool {
        match self.style {
            FieldStyle::Named => false,
            FieldStyle::Tuple => self.fields.iter().any(|f| f.vis.is_public()),
            FieldStyle::Unit => true,
        }
    }
}

/// A field of a struct or variant.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldShape {
    /// `#[doc(hidden)]`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
    /// The field name, or its index for tuple fields.
    pub name: String,
    /// Visibility (always private for variant fields, which share the enum's).
    #[serde(default, skip_serializing_if = "Visibility::is_private")]
    pub vis: Visibility,
    /// The type.
    pub ty: Type,
    /// `#[serde(…)]` field attributes.
    #[serde(default, skip_serializing_if = "Entries::is_empty")]
    pub serde: FieldSerde,
}

/// `enum`.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnumShape {
    /// Visibility; `pub` when absent (pinned items are public API).
    #[serde(
        default = "Visibility::public",
        skip_serializing_if = "Visibility::is_public"
    )]
    pub vis: Visibility,
    /// `#[doc(hidden)]`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
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

impl EnumShape {
    /// Other crates can read the discriminants: an enum whose variants are all
    /// field-less and none `#[non_exhaustive]` can be cast with `as` (the reference's
    /// rule for foreign enums), and a primitive or `C` repr fixes those of a field-less
    /// enum for FFI and transmutes. An enum with fields cannot be cast: only unsafe
    /// pointer reads of its tag would see them, which no API promises.
    pub fn discriminants_observable(&self) -> bool {
        let field_less = self.variants.iter().all(|v| v.fields.is_empty());
        (field_less && self.attrs.repr.iter().any(Repr::fixes_discriminants)) || self.castable()
    }

    /// `as` casts compile in other crates: every variant field-less, none
    /// `#[non_exhaustive]`.
    pub fn castable(&self) -> bool {
        !self.variants.is_empty()
            && self
                .variants
                .iter()
                .all(|v| v.fields.is_empty() && !v.non_exhaustive)
    }
}

/// One enum variant.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantShape {
    /// `#[doc(hidden)]`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
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
    /// `#[non_exhaustive]` on the variant.
    #[serde(default, skip_serializing_if = "is_false")]
    pub non_exhaustive: bool,
    /// `#[serde(…)]` variant attributes.
    #[serde(default, skip_serializing_if = "Entries::is_empty")]
    pub serde: VariantSerde,
}

/// `trait`.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraitShape {
    /// Visibility; `pub` when absent (pinned items are public API).
    #[serde(
        default = "Visibility::public",
        skip_serializing_if = "Visibility::is_public"
    )]
    pub vis: Visibility,
    /// `#[doc(hidden)]`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
    /// Generics.
    #[serde(default, skip_serializing_if = "Generics::is_empty")]
    pub generics: Generics,
    /// `unsafe trait`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub unsafety: bool,
    /// Supertraits, sorted (`where Self: X` included: it means the same).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supertraits: Vec<Bound>,
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
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
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
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AssocType {
    /// `#[doc(hidden)]`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
    /// Its own generics (GATs).
    #[serde(default, skip_serializing_if = "Generics::is_empty")]
    pub generics: Generics,
    /// Bounds, sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bounds: Vec<Bound>,
    /// Default type, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Type>,
}

/// A trait's associated const.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AssocConst {
    /// `#[doc(hidden)]`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
    /// Its type.
    pub ty: Type,
    /// Default value, if any, as tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<String>,
}

/// A function or method signature.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FnShape {
    /// Visibility (private inside traits).
    #[serde(default, skip_serializing_if = "Visibility::is_private")]
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
    /// `#[doc(hidden)]`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
    /// `#[target_feature(enable = "…")]` features, sorted: callers must guarantee them.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub target_features: BTreeSet<String>,
    /// The symbol exported for the linker: the fn's name under `#[no_mangle]`, the
    /// name of `#[export_name = "…"]`; `None` when mangled (not exported).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub export: Option<String>,
    /// The ABI of an `extern "abi" fn` (`extern fn` is `C`); `None` is Rust's own
    /// (`extern "Rust"` included).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abi: Option<String>,
    /// The fn's own generics.
    #[serde(default, skip_serializing_if = "Generics::is_empty")]
    pub generics: Generics,
    /// The generics of the `impl` block a method is in (`impl<T> Wrapper<T>`), so a
    /// consistent renaming of them is seen as one.
    #[serde(default, skip_serializing_if = "Generics::is_empty")]
    pub impl_generics: Generics,
    /// The receiver, if a method.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receiver: Option<Receiver>,
    /// Parameters after the receiver.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<Param>,
    /// The return type; `None` for `()`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<Type>,
}

#[cfg(test)]
impl FnShape {
    /// `pub fn f()`: the signature tests start from.
    pub(crate) fn bare() -> FnShape {
        FnShape {
            vis: Visibility::Public,
            constness: false,
            asyncness: false,
            unsafety: false,
            hidden: false,
            target_features: Default::default(),
            export: None,
            abi: None,
            generics: Default::default(),
            impl_generics: Default::default(),
            receiver: None,
            params: Vec::new(),
            output: None,
        }
    }
}

/// The `self` parameter of a method.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Receiver {
    /// `self` / `mut self` / `self: Self`.
    Value,
    /// `&self`, `&'a mut self`, `self: &Self`.
    Ref {
        /// The lifetime, with its `'`.
        lifetime: Option<String>,
        /// `mut`.
        mutable: bool,
    },
    /// `self: Box<Self>`, `self: Pin<&mut Self>`, ….
    Typed(Type),
}

impl fmt::Display for Receiver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Receiver::Value => f.write_str("self"),
            Receiver::Ref { lifetime, mutable } => {
                f.write_str("&")?;
                if let Some(l) = lifetime {
                    write!(f, "{l} ")?;
                }
                if *mutable {
                    f.write_str("mut ")?;
                }
                f.write_str("self")
            }
            Receiver::Typed(ty) => write!(f, "self: {ty}"),
        }
    }
}

impl Receiver {
    /// Reads the canonical text.
    pub fn parse(s: &str) -> Option<Receiver> {
        if s == "self" {
            return Some(Receiver::Value);
        }
        if let Some(ty) = s.strip_prefix("self: ") {
            return Type::parse(ty).ok().map(Receiver::Typed);
        }
        let rest = s.strip_prefix('&')?.strip_suffix("self")?;
        let (lifetime, rest) = match rest.strip_prefix('\'') {
            Some(after) => {
                let (name, rest) = after.split_once(' ')?;
                (Some(format!("'{name}")), rest)
            }
            None => (None, rest),
        };
        let mutable = match rest {
            "" => false,
            "mut " => true,
            _ => return None,
        };
        Some(Receiver::Ref { lifetime, mutable })
    }
}

text_serde!(Receiver, Receiver::parse, "receiver");

/// A function parameter. Only its type is part of the API; the name is kept for
/// messages.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Param {
    /// The pattern, normalised (`x`, `_`, `(a, b)`).
    pub name: String,
    /// The type.
    pub ty: Type,
}

/// `type Alias<…> = Target;`
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AliasShape {
    /// Visibility; `pub` when absent (pinned items are public API).
    #[serde(
        default = "Visibility::public",
        skip_serializing_if = "Visibility::is_public"
    )]
    pub vis: Visibility,
    /// `#[doc(hidden)]`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
    /// Generics.
    #[serde(default, skip_serializing_if = "Generics::is_empty")]
    pub generics: Generics,
    /// The target type.
    pub target: Type,
}

/// `const` or `static`.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValueItemShape {
    /// Visibility; `pub` when absent (pinned items are public API).
    #[serde(
        default = "Visibility::public",
        skip_serializing_if = "Visibility::is_public"
    )]
    pub vis: Visibility,
    /// `#[doc(hidden)]`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
    /// `static mut`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub mutable: bool,
    /// An `unsafe static` of an `extern` block (reading it needs `unsafe`); `safe
    /// static` and every static outside extern blocks are safe.
    #[serde(default, skip_serializing_if = "is_false")]
    pub unsafety: bool,
    /// The exported symbol (`#[no_mangle]`, `#[export_name]`), as for [`FnShape::export`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub export: Option<String>,
    /// The type.
    pub ty: Type,
    /// The value.
    pub value: Value,
}

impl ValueItemShape {
    /// A `pub const`/`static` of type `ty` and value `value`, with nothing else to it.
    pub fn new(ty: Type, value: Value) -> ValueItemShape {
        ValueItemShape {
            vis: Visibility::Public,
            hidden: false,
            mutable: false,
            unsafety: false,
            export: None,
            ty,
            value,
        }
    }
}

/// The value of a const or static.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Value {
    /// Any expression, as normalised tokens.
    Expr(String),
    /// An array or slice initialiser, one row per element: rows can be added and
    /// removed individually (`table_row_added` / `table_row_removed`).
    Rows(Vec<String>),
    /// No value here: a static of an `extern` block, defined by foreign code.
    Extern,
}

impl Value {
    /// Its texts: the expression, or each row; none for `Extern`.
    pub fn texts_mut(&mut self) -> impl Iterator<Item = &mut String> {
        let texts: &mut [String] = match self {
            Value::Expr(text) => std::slice::from_mut(text),
            Value::Rows(rows) => rows,
            Value::Extern => &mut [],
        };
        texts.iter_mut()
    }
}

/// `union`.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnionShape {
    /// Visibility; `pub` when absent (pinned items are public API).
    #[serde(
        default = "Visibility::public",
        skip_serializing_if = "Visibility::is_public"
    )]
    pub vis: Visibility,
    /// `#[doc(hidden)]`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
    /// Generics.
    #[serde(default, skip_serializing_if = "Generics::is_empty")]
    pub generics: Generics,
    /// Container attributes (`repr`, derives).
    #[serde(default)]
    pub attrs: ContainerAttrs,
    /// Fields in declaration order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<FieldShape>,
}

/// `macro_rules!`: its existence and where it can be named from.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MacroShape {
    /// `pub` when `#[macro_export]` (other crates name it `krate::name!`), private
    /// otherwise (textual scope only).
    #[serde(
        default = "Visibility::public",
        skip_serializing_if = "Visibility::is_public"
    )]
    pub vis: Visibility,
    /// `#[doc(hidden)]`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
}

/// Which kind of procedural macro.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProcMacroKind {
    /// `#[proc_macro]`: `name!(…)`.
    Bang,
    /// `#[proc_macro_attribute]`: `#[name]`.
    Attribute,
    /// `#[proc_macro_derive(Name)]`: `#[derive(Name)]`.
    Derive,
}

impl ProcMacroKind {
    /// How a reader names the kind.
    pub fn name(self) -> &'static str {
        match self {
            ProcMacroKind::Bang => "proc_macro",
            ProcMacroKind::Attribute => "proc_macro_attribute",
            ProcMacroKind::Derive => "proc_macro_derive",
        }
    }
}

/// A procedural macro: what its users write. The fn's own name and signature are
/// not part of it (a derive is named by its derive name).
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProcMacroShape {
    /// Which kind of proc macro (`kind` names the item's kind in the golden).
    pub form: ProcMacroKind,
    /// The helper attributes a derive declares (`attributes(serde)`), sorted.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub helpers: BTreeSet<String>,
    /// `#[doc(hidden)]`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
}

/// A module a consumer can name: its path is the symbol, its items are symbols of their
/// own.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModuleShape {
    /// `#[doc(hidden)]` (on the module or on the path that reaches it).
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
}

/// Another crate's item under a public path of this one (`pub use serde::Serialize;`).
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReexportShape {
    /// The item re-exported, by its path in the other crate (`serde::Serialize`).
    pub target: Type,
    /// `#[doc(hidden)]` on the `use`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
}

/// A Cargo feature, as a consumer that enables it or relies on the defaults sees it.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeatureShape {
    /// The package's other features it turns on, directly or through others (not
    /// itself, not its dependencies' features): what `cfg(feature = …)` code a
    /// consumer gets by enabling it.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub enables: BTreeSet<String>,
    /// Turned on by the package's `default` feature, directly or through others.
    #[serde(default, skip_serializing_if = "is_false")]
    pub default: bool,
    /// Named as unstable or private by convention (`_x`, `unstable`, `nightly-x`, …):
    /// treated as `#[doc(hidden)]` is (see [`crate::features::is_hidden`]).
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A symbol's path as its item declares it: without the mark a public-API set gives a
/// value item on a type's path (`token::Group()`, `NativeEndian (const)`,
/// `X (static)`).
pub fn declared_name(symbol: &str) -> &str {
    ["()", " (const)", " (static)"]
        .iter()
        .find_map(|mark| symbol.strip_suffix(mark))
        .unwrap_or(symbol)
}

/// The name of an inherent member that several `impl` blocks of one type define
/// (public-API sets): `dot (impl ArrayRef<A, Ix1>)`.
pub fn qualified_member(name: &str, self_ty: &str) -> String {
    format!("{name} (impl {self_ty})")
}

/// A [`qualified_member`] name's parts: `("dot", "ArrayRef<A, Ix1>")` for `dot (impl
/// ArrayRef<A, Ix1>)`; `None` for a name without a block.
pub fn member_and_block(name: &str) -> Option<(&str, &str)> {
    let (base, rest) = name.split_once(" (impl ")?;
    Some((base, rest.strip_suffix(')')?))
}

/// `name` without the block [`qualified_member`] names it by: `dot` for `dot (impl
/// ArrayRef<A, Ix1>)`, and whether it had one.
pub fn unqualified_member(name: &str) -> (&str, bool) {
    match name.split_once(" (impl ") {
        Some((base, rest)) if rest.ends_with(')') => (base, true),
        _ => (name, false),
    }
}

/// How a symbol is shown with the module that defines it: `module::Name` for an
/// attribute-pinned item; a public-API set's symbol is already a path from the crate
/// root (`shapes::Circle`, defined in `shapes::shapes`), shown after the crate's name
/// (`shapes::shapes::Circle`, not the module and the path both).
pub fn symbol_path(module: Option<&str>, symbol: &str) -> String {
    match module {
        Some(module) if symbol.contains("::") => {
            let krate = module.split("::").next().unwrap_or(module);
            format!("{krate}::{symbol}")
        }
        Some(module) => format!("{module}::{symbol}"),
        None => symbol.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_symbol_is_shown_with_its_crate_once() {
        // Attribute-pinned: the defining module, then the name.
        assert_eq!(
            symbol_path(Some("shop::model"), "Order"),
            "shop::model::Order"
        );
        // A public-API path from the crate root: the crate's name, then the path (the
        // module it is defined in is not repeated before it).
        assert_eq!(
            symbol_path(Some("shapes::shapes"), "shapes::Circle"),
            "shapes::shapes::Circle"
        );
        assert_eq!(
            symbol_path(Some("shapes::geo"), "shapes::Circle"),
            "shapes::shapes::Circle"
        );
        assert_eq!(symbol_path(None, "Order"), "Order");
    }

    #[test]
    fn text_forms_read_back() {
        for v in ["", "pub", "pub(crate)", "pub(super)", "pub(in crate::a)"] {
            assert_eq!(Visibility::parse(v).unwrap().to_string(), v);
        }
        assert_eq!(Visibility::parse("pub(self)"), Some(Visibility::Private));
        assert_eq!(Visibility::parse("public"), None);
        for r in [
            "self",
            "&self",
            "&mut self",
            "&'a self",
            "&'a mut self",
            "self: Box<Self>",
        ] {
            assert_eq!(Receiver::parse(r).unwrap().to_string(), r);
        }
        assert_eq!(Receiver::parse("&&self"), None);
        for r in [
            "C",
            "transparent",
            "u8",
            "align(8)",
            "packed",
            "packed(2)",
            "simd",
        ] {
            assert_eq!(Repr::parse(r).unwrap().to_string(), r);
        }
        for w in [
            "T: Clone + Send",
            "for<'a> &'a T: Debug",
            "'a: 'b + 'c",
            "Vec<T>: Clone",
            // A bounded fn pointer's own `for<…>` is not the predicate's.
            "(for<'a> fn(&'a u8)): Copy",
            "for<'a> for<'b> fn(&'a &'b u8): Copy",
            "T: Fn() -> (dyn A) + Send",
        ] {
            assert_eq!(WherePredicate::parse(w).unwrap().to_string(), w);
        }
        match WherePredicate::parse("(for<'a> fn(&'a u8)): Copy").unwrap() {
            WherePredicate::Type { hrtb, bounded, .. } => {
                assert!(hrtb.is_empty());
                assert!(matches!(bounded, Type::FnPtr(fp) if fp.hrtb == ["'a"]));
            }
            other => panic!("{other:?}"),
        }
    }
}
