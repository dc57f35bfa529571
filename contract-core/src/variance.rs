//! Variance: whether a value of `T<'long>` can be used where `T<'short>` is expected.
//!
//! A `&self` method whose return borrowed `self` and now lives for the type's own
//! lifetime (`-> ShortFlags` to `-> ShortFlags<'s>`) keeps every caller exactly when
//! the returned type is covariant in that lifetime. rustc computes variance from a
//! type's fields; so does [`Variances`], from the fields the golden records (private
//! ones included), for the crate's own structs, enums and unions. std's types are
//! read from [`STD_COVARIANT`], a table `contract-core/tests/std_variance.rs` keeps
//! true by asking rustc (every entry must coerce `T<'long>` to `T<'short>`).
//!
//! What cannot be told (a type of another crate, a fn pointer's argument, a macro) is
//! [`Variance::Unknown`]: a rule that needs covariance treats it as not covariant.

use std::collections::{BTreeMap, HashMap};

use crate::shape::{GenericParam, ItemShape, Symbol, TraitImpl};
use crate::ty::{Args, Bound, GenericArg, Path, Segment, Type};

/// How a type varies in one of its generic parameters, as far as its fields tell.
/// Ordered from best to worst: a parameter's variance is the worst of its uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Variance {
    /// `T<'long>` is a `T<'short>` (or the parameter is not used at all).
    Covariant,
    /// Not known: another crate's type, a fn pointer's argument, a type macro.
    Unknown,
    /// Not covariant: used under `&mut`, `*mut`, `Cell`, a trait object's arguments or
    /// a projection.
    NotCovariant,
}

/// A std type covariant in every lifetime parameter and, where `types` says so, in
/// every type parameter.
#[derive(Clone, Copy, Debug)]
pub struct StdType {
    /// Its path under `std` (`core` and `alloc` paths are read as `std`).
    pub path: &'static str,
    /// The name the prelude gives it, when it gives one.
    pub prelude: bool,
    /// How many lifetime parameters it has.
    pub lifetimes: usize,
    /// How many type parameters it has.
    pub types: usize,
    /// Covariant in its type parameters too (`Cow<'a, B>` is not: `B::Owned` is a
    /// projection).
    pub covariant_in_types: bool,
}

const fn std_type(
    path: &'static str,
    lifetimes: usize,
    types: usize,
    covariant_in_types: bool,
) -> StdType {
    StdType {
        path,
        prelude: false,
        lifetimes,
        types,
        covariant_in_types,
    }
}

const fn prelude(path: &'static str, types: usize) -> StdType {
    StdType {
        path,
        prelude: true,
        lifetimes: 0,
        types,
        covariant_in_types: true,
    }
}

/// std's types known covariant: each entry is checked against rustc by
/// `contract-core/tests/std_variance.rs`. A type missing here is [`Variance::Unknown`].
pub const STD_COVARIANT: &[StdType] = &[
    prelude("std::option::Option", 1),
    prelude("std::result::Result", 2),
    prelude("std::boxed::Box", 1),
    prelude("std::vec::Vec", 1),
    std_type("std::rc::Rc", 0, 1, true),
    std_type("std::sync::Arc", 0, 1, true),
    std_type("std::marker::PhantomData", 0, 1, true),
    std_type("std::collections::VecDeque", 0, 1, true),
    std_type("std::collections::BTreeMap", 0, 2, true),
    std_type("std::collections::BTreeSet", 0, 1, true),
    std_type("std::ops::Range", 0, 1, true),
    std_type("std::borrow::Cow", 1, 1, false),
    std_type("std::fmt::Arguments", 1, 0, true),
    std_type("std::slice::Iter", 1, 1, true),
    std_type("std::slice::Chunks", 1, 1, true),
    std_type("std::slice::Windows", 1, 1, true),
    std_type("std::option::Iter", 1, 1, true),
    std_type("std::str::Chars", 1, 0, true),
    std_type("std::str::CharIndices", 1, 0, true),
    std_type("std::str::Bytes", 1, 0, true),
    std_type("std::collections::btree_map::Iter", 1, 2, true),
    std_type("std::collections::btree_map::Keys", 1, 2, true),
    std_type("std::collections::btree_map::Values", 1, 2, true),
    std_type("std::collections::hash_map::Iter", 1, 2, true),
    std_type("std::collections::hash_map::Keys", 1, 2, true),
    std_type("std::collections::hash_map::Values", 1, 2, true),
    std_type("std::path::Components", 1, 0, true),
    std_type("std::path::Iter", 1, 0, true),
];

/// std's types invariant in their one type parameter (interior mutability): checked
/// against rustc by `contract-core/tests/std_variance.rs` (each must refuse the
/// coercion).
pub const STD_INVARIANT: &[&str] = &[
    "std::cell::Cell",
    "std::cell::RefCell",
    "std::cell::UnsafeCell",
    "std::sync::Mutex",
    "std::sync::RwLock",
];

/// The std entry `path` names, when it names one: read as extraction writes std
/// paths (`core::` and `alloc::` as `std::`, a prelude item by its name alone).
pub fn std_type_of(path: &Path) -> Option<&'static StdType> {
    let names = std_names(path)?;
    STD_COVARIANT.iter().find(|t| {
        names == t.path || (t.prelude && names == t.path.rsplit("::").next().unwrap_or_default())
    })
}

fn std_invariant(path: &Path) -> bool {
    std_names(path).is_some_and(|names| STD_INVARIANT.contains(&names.as_str()))
}

/// `path`'s names as [`crate::ty::normalize_std`] writes them; `None` when a
/// non-final segment has arguments.
fn std_names(path: &Path) -> Option<String> {
    let mut plain = Path {
        global: path.global,
        segments: path
            .segments
            .iter()
            .map(|s| Segment::plain(&s.name))
            .collect(),
    };
    let (_, init) = path.segments.split_last()?;
    if init.iter().any(|s| s.args != Args::None) {
        return None;
    }
    crate::ty::normalize_std(&mut plain);
    let names: Vec<&str> = plain.segments.iter().map(|s| s.name.as_str()).collect();
    Some(names.join("::"))
}

/// The crate's own structs, enums and unions, by where they are defined
/// (`module::Name`), as a golden records them: what [`Variances`] reads.
pub trait Types {
    /// The item defined as `def`, with the module it is defined in.
    fn get(&self, def: &str) -> Option<(&str, &ItemShape)>;

    /// The supertraits of the crate's trait defined as `def`, with the module they
    /// are written in (what a bound another bound implies is read from:
    /// `crate::diff`'s implied bounds). `None` when not known.
    fn supertraits(&self, def: &str) -> Option<(&str, &[crate::ty::Bound])> {
        let _ = def;
        None
    }

    /// The crate's struct or enum defined as `def` as a wire schema follows it into
    /// (`crate::diff`'s wire rules): [`Types::get`], unless a front end knows more of
    /// the crate's serde types than the items it compares (the compile-time check
    /// reads them from the sources).
    fn wire_type(&self, def: &str) -> Option<(&str, &ItemShape)> {
        self.get(def)
    }

    /// The crate's constant defined as `def` (`module::NAME`, or `module::Type::NAME`
    /// for an inherent one): what a value that names it is evaluated from. `None`
    /// when not known.
    fn constant(&self, def: &str) -> Option<&crate::shape::ValueItemShape> {
        let _ = def;
        None
    }

    /// The crate's type alias defined as `def` (`module::Name`): what a path that
    /// leaves out its defaulted parameters stands for. `None` when not known.
    fn alias(&self, def: &str) -> Option<&crate::shape::AliasShape> {
        let _ = def;
        None
    }

    /// The crate's trait defined as `def`, or else the one trait of the crate named
    /// `def` (a name a glob import brings), as a set records it: its shape and its
    /// implementors (what a bound on it is met by). `None` when not known.
    fn trait_symbol(&self, def: &str) -> Option<&Symbol> {
        let _ = def;
        None
    }

    /// The crate's struct, enum or union defined as `def`, as a set records it: its
    /// shape and its inherent members (what an alias that now names it offers). `None`
    /// when not known.
    fn type_symbol(&self, def: &str) -> Option<&Symbol> {
        let _ = def;
        None
    }

    /// The package's Cargo feature `name` as a public-API set records it (what it
    /// turns on, whether `default` does): what a gated part's consumers enable is read
    /// from ([`crate::gate`]). `None` when not known.
    fn feature(&self, name: &str) -> Option<&crate::shape::FeatureShape> {
        let _ = name;
        None
    }

    /// The trait impls the sources hold for the crate's type defined as `def`, as the
    /// command reads them beside the shapes ([`crate::current::Current::trait_impls_of`]): what a
    /// value of a named type is promised. Empty when not read (the macro, the harness of
    /// an attribute-pinned set): then no rule counts on them.
    fn trait_impls(&self, def: &str) -> Vec<&TraitImpl> {
        let _ = def;
        Vec::new()
    }
}

/// A set's symbols (`types`) with the trait impls the sources hold beside them
/// (`current`): the current side of a comparison as the general path reads it.
pub struct WithTraitImpls<'a> {
    /// The symbols.
    pub types: &'a dyn Types,
    /// Where the impls are.
    pub current: &'a crate::current::Current,
}

impl Types for WithTraitImpls<'_> {
    fn get(&self, def: &str) -> Option<(&str, &ItemShape)> {
        self.types.get(def)
    }

    fn supertraits(&self, def: &str) -> Option<(&str, &[Bound])> {
        self.types.supertraits(def)
    }

    fn wire_type(&self, def: &str) -> Option<(&str, &ItemShape)> {
        self.types.wire_type(def)
    }

    fn constant(&self, def: &str) -> Option<&crate::shape::ValueItemShape> {
        self.types.constant(def)
    }

    fn alias(&self, def: &str) -> Option<&crate::shape::AliasShape> {
        self.types.alias(def)
    }

    fn trait_symbol(&self, def: &str) -> Option<&Symbol> {
        self.types.trait_symbol(def)
    }

    fn type_symbol(&self, def: &str) -> Option<&Symbol> {
        self.types.type_symbol(def)
    }

    fn feature(&self, name: &str) -> Option<&crate::shape::FeatureShape> {
        self.types.feature(name)
    }

    fn trait_impls(&self, def: &str) -> Vec<&TraitImpl> {
        self.current.trait_impls_of(def)
    }
}

/// The feature `name` among a set's symbols ([`Types::feature`]).
pub fn find_feature<'a>(
    get: impl FnOnce(&str) -> Option<&'a Symbol>,
    name: &str,
) -> Option<&'a crate::shape::FeatureShape> {
    match &get(&crate::features::symbol_name(name))?.item {
        Some(ItemShape::Feature(f)) => Some(f),
        _ => None,
    }
}

/// The type alias among `symbols` defined as `def` (`module::Name`).
pub fn find_alias<'a>(
    symbols: impl IntoIterator<Item = (&'a str, &'a Symbol)>,
    def: &str,
) -> Option<&'a crate::shape::AliasShape> {
    symbols.into_iter().find_map(|(name, symbol)| {
        let Some(ItemShape::TypeAlias(alias)) = symbol.item.as_ref() else {
            return None;
        };
        let found = defined_as(name, symbol, def);
        found.then_some(alias)
    })
}

/// Whether `symbol`, pinned as `name`, is the item defined as `def` (`module::Name`;
/// a bare `Name` where the module is not known).
fn defined_as(name: &str, symbol: &Symbol, def: &str) -> bool {
    let module = symbol.module.as_deref().unwrap_or_default();
    let ident = name.rsplit("::").next().unwrap_or(name);
    match def.rsplit_once("::") {
        Some((m, i)) => defines(symbol, module, m) && i == ident,
        None => module.is_empty() && def == ident,
    }
}

/// Whether `m` is where `symbol` (pinned in `module`) is: its module, or the module
/// that defines it when it is pinned at a re-export (`rstar::point::Point` for the
/// root's `Point`).
fn defines(symbol: &Symbol, module: &str, m: &str) -> bool {
    m == module || symbol.defined_in.as_deref() == Some(m)
}

/// The constant among `symbols` defined as `def`: a `const` item (`module::NAME`) or
/// an inherent one of a type (`module::Type::NAME`).
pub fn find_constant<'a>(
    symbols: impl IntoIterator<Item = (&'a str, &'a Symbol)> + Clone,
    def: &str,
) -> Option<&'a crate::shape::ValueItemShape> {
    let item = symbols.clone().into_iter().find_map(|(name, symbol)| {
        let Some(ItemShape::Const(c)) = symbol.item.as_ref() else {
            return None;
        };
        let module = symbol.module.as_deref().unwrap_or_default();
        let ident = name.rsplit("::").next().unwrap_or(name);
        let (m, i) = def.rsplit_once("::")?;
        (defines(symbol, module, m) && i == ident).then_some(c)
    });
    item.or_else(|| {
        let (ty, name) = def.rsplit_once("::")?;
        symbols.into_iter().find_map(|(sym, symbol)| {
            let module = symbol.module.as_deref().unwrap_or_default();
            let ident = sym.rsplit("::").next().unwrap_or(sym);
            let (m, i) = ty.rsplit_once("::")?;
            (defines(symbol, module, m) && i == ident).then(|| symbol.consts.get(name))?
        })
    })
}

/// The supertraits of the trait among `symbols` defined as `def` (`module::Name`).
pub fn find_supertraits<'a>(
    symbols: impl IntoIterator<Item = (&'a str, &'a Symbol)>,
    def: &str,
) -> Option<(&'a str, &'a [crate::ty::Bound])> {
    symbols.into_iter().find_map(|(name, symbol)| {
        let Some(ItemShape::Trait(t)) = symbol.item.as_ref() else {
            return None;
        };
        let found = defined_as(name, symbol, def);
        let written_in = symbol.written_in().unwrap_or_default();
        found.then_some((written_in, t.supertraits.as_slice()))
    })
}

/// The trait among `symbols` defined as `def` (`module::Name`), or, for a bare `def`,
/// the one trait defined under that name (two of one name: not known).
pub fn find_trait<'a>(
    symbols: impl IntoIterator<Item = (&'a str, &'a Symbol)>,
    def: &str,
) -> Option<&'a Symbol> {
    let mut traits = symbols
        .into_iter()
        .filter(|(_, s)| matches!(s.item, Some(ItemShape::Trait(_))));
    if def.contains("::") {
        return traits
            .find(|(name, symbol)| defined_as(name, symbol, def))
            .map(|(_, s)| s);
    }
    let mut named = traits.filter(|(name, _)| name.rsplit("::").next() == Some(def));
    let (first_name, first) = named.next()?;
    let where_ = |name: &str, s: &Symbol| {
        let last = name.rsplit("::").next().unwrap_or(name);
        format!("{}::{last}", s.written_in().unwrap_or_default())
    };
    let def_of_first = where_(first_name, first);
    // One trait on several public paths is still one.
    named
        .all(|(n, s)| where_(n, s) == def_of_first)
        .then_some(first)
}

/// No type of the crate known.
pub struct NoTypes;

impl Types for NoTypes {
    fn get(&self, _: &str) -> Option<(&str, &ItemShape)> {
        None
    }
}

/// The crate as it is now, before the golden: what a bound of the current shapes
/// implies is read from the current definitions (`trait Raw: Observer`, new in this
/// release), and from the golden where the current side does not hold the item.
pub struct Newer<'a> {
    /// The current symbols.
    pub current: &'a dyn Types,
    /// The golden's.
    pub golden: &'a dyn Types,
}

impl Types for Newer<'_> {
    fn get(&self, def: &str) -> Option<(&str, &ItemShape)> {
        self.current.get(def).or_else(|| self.golden.get(def))
    }

    /// The current alias only: the golden's default is not the crate's now.
    fn alias(&self, def: &str) -> Option<&crate::shape::AliasShape> {
        self.current.alias(def)
    }

    fn supertraits(&self, def: &str) -> Option<(&str, &[crate::ty::Bound])> {
        self.current
            .supertraits(def)
            .or_else(|| self.golden.supertraits(def))
    }

    fn wire_type(&self, def: &str) -> Option<(&str, &ItemShape)> {
        self.current
            .wire_type(def)
            .or_else(|| self.golden.wire_type(def))
    }

    fn constant(&self, def: &str) -> Option<&crate::shape::ValueItemShape> {
        self.current
            .constant(def)
            .or_else(|| self.golden.constant(def))
    }

    fn trait_symbol(&self, def: &str) -> Option<&Symbol> {
        self.current
            .trait_symbol(def)
            .or_else(|| self.golden.trait_symbol(def))
    }

    /// The current feature only: what it turns on now.
    fn feature(&self, name: &str) -> Option<&crate::shape::FeatureShape> {
        self.current.feature(name)
    }

    /// The current type only: what its members are now.
    fn type_symbol(&self, def: &str) -> Option<&Symbol> {
        self.current.type_symbol(def)
    }

    /// The current impls only: what a value of the type is promised now.
    fn trait_impls(&self, def: &str) -> Vec<&TraitImpl> {
        self.current.trait_impls(def)
    }
}

/// The struct, enum or union among `symbols` (name, shape) defined as `def`
/// (`module::Name`): its module and the last segment of its name. Asked only where a
/// type of the crate has arguments a rule reads, so a scan serves.
pub fn find_def<'a>(
    symbols: impl IntoIterator<Item = (&'a str, &'a Symbol)>,
    def: &str,
) -> Option<(&'a str, &'a ItemShape)> {
    let symbol = find_type_symbol(symbols, def)?;
    Some((
        symbol.written_in().unwrap_or_default(),
        symbol.item.as_ref()?,
    ))
}

/// The symbol of the struct, enum or union among `symbols` defined as `def` (see
/// [`find_def`]).
pub fn find_type_symbol<'a>(
    symbols: impl IntoIterator<Item = (&'a str, &'a Symbol)>,
    def: &str,
) -> Option<&'a Symbol> {
    symbols.into_iter().find_map(|(name, symbol)| {
        let is_type = matches!(
            symbol.item,
            Some(ItemShape::Struct(_) | ItemShape::Enum(_) | ItemShape::Union(_))
        );
        (is_type && defined_as(name, symbol, def)).then_some(symbol)
    })
}

impl Types for std::collections::BTreeMap<String, Symbol> {
    fn get(&self, def: &str) -> Option<(&str, &ItemShape)> {
        find_def(self.iter().map(|(name, s)| (name.as_str(), s)), def)
    }

    fn alias(&self, def: &str) -> Option<&crate::shape::AliasShape> {
        find_alias(self.iter().map(|(name, s)| (name.as_str(), s)), def)
    }

    fn supertraits(&self, def: &str) -> Option<(&str, &[crate::ty::Bound])> {
        find_supertraits(self.iter().map(|(name, s)| (name.as_str(), s)), def)
    }

    fn constant(&self, def: &str) -> Option<&crate::shape::ValueItemShape> {
        find_constant(self.iter().map(|(name, s)| (name.as_str(), s)), def)
    }

    fn trait_symbol(&self, def: &str) -> Option<&Symbol> {
        find_trait(self.iter().map(|(name, s)| (name.as_str(), s)), def)
    }

    fn type_symbol(&self, def: &str) -> Option<&Symbol> {
        find_type_symbol(self.iter().map(|(name, s)| (name.as_str(), s)), def)
    }

    fn feature(&self, name: &str) -> Option<&crate::shape::FeatureShape> {
        find_feature(|n| self.get(n), name)
    }
}

/// A set's symbols, with their names by last segment: each `find_*` above asks only
/// among the symbols named as the item it looks for. A comparison asks for every path
/// of every type it reads, and a scan of all symbols each time cost a check of
/// nalgebra 0.35 (thousands of symbols) most of its time.
#[derive(Debug, Default)]
pub struct Indexed {
    symbols: BTreeMap<String, Symbol>,
    /// Names by their last segment, in the symbols' order.
    by_ident: HashMap<String, Vec<String>>,
}

impl Indexed {
    /// The index of `symbols`.
    pub fn new(symbols: BTreeMap<String, Symbol>) -> Indexed {
        let mut by_ident: HashMap<String, Vec<String>> = HashMap::new();
        for name in symbols.keys() {
            by_ident
                .entry(last_segment(name).to_owned())
                .or_default()
                .push(name.clone());
        }
        Indexed { symbols, by_ident }
    }

    /// The symbols.
    pub fn symbols(&self) -> &BTreeMap<String, Symbol> {
        &self.symbols
    }

    /// The symbols whose name ends in `ident`, in order.
    fn named<'s>(&'s self, ident: &str) -> impl Iterator<Item = (&'s str, &'s Symbol)> + Clone {
        self.by_ident
            .get(ident)
            .into_iter()
            .flatten()
            .filter_map(|name| self.symbols.get_key_value(name))
            .map(|(name, symbol)| (name.as_str(), symbol))
    }
}

fn last_segment(path: &str) -> &str {
    path.rsplit("::").next().unwrap_or(path)
}

impl Types for Indexed {
    fn get(&self, def: &str) -> Option<(&str, &ItemShape)> {
        find_def(self.named(last_segment(def)), def)
    }

    fn alias(&self, def: &str) -> Option<&crate::shape::AliasShape> {
        find_alias(self.named(last_segment(def)), def)
    }

    fn supertraits(&self, def: &str) -> Option<(&str, &[crate::ty::Bound])> {
        find_supertraits(self.named(last_segment(def)), def)
    }

    fn constant(&self, def: &str) -> Option<&crate::shape::ValueItemShape> {
        // `module::NAME`, or `module::Type::NAME` (an inherent one of `Type`).
        let ty = def.rsplit_once("::").map_or("", |(ty, _)| last_segment(ty));
        find_constant(self.named(last_segment(def)).chain(self.named(ty)), def)
    }

    fn trait_symbol(&self, def: &str) -> Option<&Symbol> {
        find_trait(self.named(last_segment(def)), def)
    }

    fn type_symbol(&self, def: &str) -> Option<&Symbol> {
        find_type_symbol(self.named(last_segment(def)), def)
    }

    fn feature(&self, name: &str) -> Option<&crate::shape::FeatureShape> {
        find_feature(|n| self.symbols.get(n), name)
    }
}

/// Where `path`, written in `module`, is defined when it names an item of the crate:
/// `X`, `self::X`, `super::X`, `crate::m::X`, or a path relative to `module`.
pub fn def_of(module: &str, path: &Path) -> Option<String> {
    if path.global || path.segments.is_empty() {
        return None;
    }
    let names: Vec<&str> = path.segments.iter().map(|s| s.name.as_str()).collect();
    let mut base: Vec<&str> = if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").collect()
    };
    let mut rest = names.as_slice();
    match rest.first() {
        Some(&"crate") => {
            base.truncate(1);
            rest = &rest[1..];
        }
        Some(&"self") => rest = &rest[1..],
        _ => {}
    }
    while rest.first() == Some(&"super") {
        // Not above the crate root.
        if base.len() <= 1 {
            return None;
        }
        base.pop();
        rest = &rest[1..];
    }
    if rest.is_empty() {
        return None;
    }
    Some(
        base.iter()
            .chain(rest)
            .copied()
            .collect::<Vec<_>>()
            .join("::"),
    )
}

/// How deep types of the crate are followed through each other's fields.
const MAX_DEPTH: usize = 8;

/// Variance of types, reading the crate's own through `types`.
pub struct Variances<'a> {
    types: &'a dyn Types,
}

impl<'a> Variances<'a> {
    /// Reads the crate's types from `types`.
    pub fn new(types: &'a dyn Types) -> Self {
        Variances { types }
    }

    /// The variance of the type `path` (written in `module`) in each of its generic
    /// parameters, lifetimes first (as its arguments are written), then types; `None`
    /// when the type is not known.
    pub fn of_path(&self, module: &str, path: &Path) -> Option<ParamVariances> {
        self.of_path_at(module, path, 0)
    }

    fn of_path_at(&self, module: &str, path: &Path, depth: usize) -> Option<ParamVariances> {
        // The crate's own first: it shadows the prelude.
        if let Some((def_module, item)) = def_of(module, path).and_then(|d| self.types.get(&d)) {
            if depth >= MAX_DEPTH {
                return None;
            }
            return self.of_item_at(def_module, item, depth + 1);
        }
        if let Some(t) = std_type_of(path) {
            let types = if t.covariant_in_types {
                Variance::Covariant
            } else {
                Variance::Unknown
            };
            return Some(ParamVariances {
                lifetimes: vec![Variance::Covariant; t.lifetimes],
                types: vec![types; t.types],
            });
        }
        if std_invariant(path) {
            return Some(ParamVariances {
                lifetimes: Vec::new(),
                types: vec![Variance::NotCovariant],
            });
        }
        None
    }

    /// The variance of a struct, enum or union (defined in `module`) in each of its
    /// generic parameters; `None` for another kind of item.
    pub fn of_item(&self, module: &str, item: &ItemShape) -> Option<ParamVariances> {
        self.of_item_at(module, item, 0)
    }

    fn of_item_at(&self, module: &str, item: &ItemShape, depth: usize) -> Option<ParamVariances> {
        let (generics, fields) = item.generics_and_fields()?;
        let lifetimes: Vec<&str> = generics
            .params
            .iter()
            .filter(|p| p.is_lifetime())
            .map(GenericParam::name)
            .collect();
        let types: Vec<&str> = generics
            .params
            .iter()
            .filter(|p| matches!(p, GenericParam::Type { .. }))
            .map(GenericParam::name)
            .collect();
        let mut walk = Walk {
            variances: self,
            module,
            depth,
            params: lifetimes
                .iter()
                .chain(&types)
                .map(|p| (*p).to_owned())
                .collect(),
            found: BTreeMap::new(),
        };
        for f in fields {
            walk.ty(&f.ty, Variance::Covariant);
        }
        let found = walk.found;
        let at = |name: &&str| found.get(*name).copied().unwrap_or(Variance::Covariant);
        Some(ParamVariances {
            lifetimes: lifetimes.iter().map(at).collect(),
            types: types.iter().map(at).collect(),
        })
    }
}

/// A type's variance in each of its lifetime parameters and each of its type
/// parameters, in declaration order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamVariances {
    /// Lifetime parameters.
    pub lifetimes: Vec<Variance>,
    /// Type parameters.
    pub types: Vec<Variance>,
}

/// One walk over field types, recording the worst place each parameter is used in.
struct Walk<'w, 'a> {
    variances: &'w Variances<'a>,
    module: &'w str,
    depth: usize,
    params: Vec<String>,
    found: BTreeMap<String, Variance>,
}

/// A place inside a place: covariant keeps the inner, unknown and not covariant
/// spread over everything inside.
fn within(outer: Variance, inner: Variance) -> Variance {
    match (outer, inner) {
        (Variance::Covariant, inner) => inner,
        (Variance::Unknown, _) | (_, Variance::Unknown) => Variance::Unknown,
        _ => Variance::NotCovariant,
    }
}

impl Walk<'_, '_> {
    fn used(&mut self, name: &str, at: Variance) {
        if self.params.iter().any(|p| p == name) {
            let slot = self
                .found
                .entry(name.to_owned())
                .or_insert(Variance::Covariant);
            *slot = (*slot).max(at);
        }
    }

    fn ty(&mut self, t: &Type, at: Variance) {
        match t {
            Type::Ref {
                lifetime,
                mutable,
                elem,
            } => {
                if let Some(l) = lifetime {
                    self.used(l, at);
                }
                let inner = if *mutable {
                    Variance::NotCovariant
                } else {
                    Variance::Covariant
                };
                self.ty(elem, within(at, inner));
            }
            Type::Ptr { mutable, elem } => {
                let inner = if *mutable {
                    Variance::NotCovariant
                } else {
                    Variance::Covariant
                };
                self.ty(elem, within(at, inner));
            }
            Type::Slice(elem) | Type::Array { elem, .. } => self.ty(elem, at),
            Type::Tuple(elems) => elems.iter().for_each(|e| self.ty(e, at)),
            Type::FnPtr(f) => {
                // Arguments are contravariant; two of them nested are covariant
                // again, so a use there is not told.
                for input in &f.inputs {
                    self.ty(input, within(at, Variance::Unknown));
                }
                if let Some(output) = &f.output {
                    self.ty(output, at);
                }
            }
            Type::Impl(bounds) | Type::Dyn(bounds) => self.bounds(bounds, at),
            Type::Qualified {
                self_ty,
                trait_path,
                rest,
            } => {
                // A projection is invariant in everything it names.
                let inner = within(at, Variance::NotCovariant);
                self.ty(self_ty, inner);
                if let Some(p) = trait_path {
                    self.path_args(p, inner);
                }
                for s in rest {
                    self.args(&s.args, inner);
                }
            }
            Type::Path(p) => self.path(p, at),
            Type::Verbatim(text) => {
                for p in self.params.clone() {
                    if text.contains(p.as_str()) {
                        self.used(&p, within(at, Variance::Unknown));
                    }
                }
            }
            Type::Never | Type::Infer => {}
        }
    }

    fn bounds(&mut self, bounds: &[Bound], at: Variance) {
        for b in bounds {
            match b {
                // `dyn Trait + 'a` is covariant in `'a`…
                Bound::Lifetime(l) => self.used(l, at),
                // … and invariant in the trait's arguments.
                Bound::Trait { path, .. } => {
                    self.path_args(path, within(at, Variance::NotCovariant))
                }
                Bound::Use(names) => names
                    .iter()
                    .for_each(|n| self.used(n, within(at, Variance::Unknown))),
                Bound::Verbatim(text) => {
                    for p in self.params.clone() {
                        if text.contains(p.as_str()) {
                            self.used(&p, within(at, Variance::Unknown));
                        }
                    }
                }
            }
        }
    }

    fn path_args(&mut self, p: &Path, at: Variance) {
        for s in &p.segments {
            self.args(&s.args, at);
        }
    }

    fn args(&mut self, args: &Args, at: Variance) {
        match args {
            Args::None => {}
            Args::Angle(args) => {
                for a in args {
                    match a {
                        GenericArg::Lifetime(l) => self.used(l, at),
                        GenericArg::Type(t) => self.ty(t, at),
                        GenericArg::AssocType { ty, .. } => self.ty(ty, at),
                        GenericArg::Constraint { bounds, .. } => self.bounds(bounds, at),
                        GenericArg::Const(_) | GenericArg::AssocConst { .. } => {}
                    }
                }
            }
            Args::Paren { inputs, output } => {
                inputs.iter().for_each(|t| self.ty(t, at));
                if let Some(o) = output {
                    self.ty(o, at);
                }
            }
        }
    }

    /// Whether `args` name one of the parameters walked (a lifetime, or a type
    /// parameter as a whole path).
    fn mentions(&self, args: &Args) -> bool {
        let mut probe = Type::Path(Path {
            global: false,
            segments: vec![Segment {
                name: String::new(),
                args: args.clone(),
            }],
        });
        let mut found = false;
        probe.lifetimes_mut(&mut |l| found |= self.params.contains(l));
        probe.walk_mut(&mut |t| {
            if let Type::Path(p) = t {
                if let [s] = p.segments.as_slice() {
                    found |= s.args == Args::None && self.params.contains(&s.name);
                }
            }
        });
        found
    }

    fn path(&mut self, p: &Path, at: Variance) {
        let Some((last, init)) = p.segments.split_last() else {
            return;
        };
        // Arguments of a leading segment (`Vec::<T>::Item`): not told.
        for s in init {
            self.args(&s.args, within(at, Variance::Unknown));
        }
        let Args::Angle(args) = &last.args else {
            self.args(&last.args, within(at, Variance::Unknown));
            return;
        };
        // Only arguments that name a parameter walked make the type's variance
        // matter: the type is looked up then alone.
        let known = self
            .mentions(&last.args)
            .then(|| self.variances.of_path_at(self.module, p, self.depth))
            .flatten();
        let (mut lifetimes, mut types) = match &known {
            Some(v) => (v.lifetimes.iter(), v.types.iter()),
            None => ([].iter(), [].iter()),
        };
        for a in args {
            match a {
                GenericArg::Lifetime(l) => {
                    let v = lifetimes.next().copied().unwrap_or(Variance::Unknown);
                    self.used(l, within(at, v));
                }
                GenericArg::Type(t) => {
                    let v = types.next().copied().unwrap_or(Variance::Unknown);
                    self.ty(t, within(at, v));
                }
                GenericArg::AssocType { ty, .. } => {
                    self.ty(ty, within(at, Variance::NotCovariant));
                }
                GenericArg::Constraint { bounds, .. } => {
                    self.bounds(bounds, within(at, Variance::NotCovariant));
                }
                GenericArg::Const(_) | GenericArg::AssocConst { .. } => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(names: &[&str]) -> Path {
        Path::plain(names)
    }

    #[test]
    fn a_path_is_read_from_the_module_it_is_written_in() {
        let at = |p: &[&str]| def_of("krate::a::b", &path(p));
        assert_eq!(at(&["F"]).as_deref(), Some("krate::a::b::F"));
        assert_eq!(at(&["self", "F"]).as_deref(), Some("krate::a::b::F"));
        assert_eq!(at(&["super", "F"]).as_deref(), Some("krate::a::F"));
        assert_eq!(at(&["super", "super", "F"]).as_deref(), Some("krate::F"));
        assert_eq!(at(&["crate", "c", "F"]).as_deref(), Some("krate::c::F"));
        assert_eq!(at(&["c", "F"]).as_deref(), Some("krate::a::b::c::F"));
        assert_eq!(def_of("krate", &path(&["super", "F"])), None);
        assert_eq!(def_of("", &path(&["F"])).as_deref(), Some("F"));
        let global = Path {
            global: true,
            ..path(&["krate", "F"])
        };
        assert_eq!(def_of("krate", &global), None);
    }

    #[test]
    fn std_paths_are_read_under_std_core_and_alloc_and_the_prelude() {
        for names in [
            &["std", "str", "CharIndices"][..],
            &["core", "str", "CharIndices"],
        ] {
            assert_eq!(
                std_type_of(&path(names)).map(|t| t.path),
                Some("std::str::CharIndices")
            );
        }
        assert!(std_type_of(&path(&["Option"])).is_some());
        assert!(std_type_of(&path(&["alloc", "vec", "Vec"])).is_some());
        // Only the prelude's names stand alone.
        assert!(std_type_of(&path(&["CharIndices"])).is_none());
        assert!(std_invariant(&path(&["core", "cell", "Cell"])));
    }
}
