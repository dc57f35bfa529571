//! A public-API set (`public_api = true`): every item a consumer can name from the
//! crate root, found from the sources the way the compiler resolves names.
//!
//! The scan records each module of the library (its items, their visibility, its
//! `use` declarations); [`Api::public`] then walks from the crate root through `pub`
//! modules and `pub use` re-exports (named, renamed, glob, chained through other
//! modules) and gives every item reached, under every public path that reaches it.
//! An item only reachable through a private module is not reached. Paths that leave
//! the crate (`pub use serde_json::Value`) name another crate's item: not this set's.
//!
//! The symbol of an item is its public path without the crate name (`ser::Serializer`;
//! a root item is `Serializer`), and a macro's ends in `!` (`json!`), as a consumer
//! writes it and so that it never meets a fn of that name. An item with several public
//! paths is recorded under each: a consumer may have written any of them, so losing
//! one is a removal on that path. Inherent `impl` blocks join the symbol of their self
//! type, trait `impl` blocks of the crate's public traits join the trait's
//! implementors, `#[macro_export]` macros are at the crate root, and so are the proc
//! macros of a proc-macro crate.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use contract_core::gate::Gate;
use contract_core::names::{self, Res};
use contract_core::syntax::Located;

/// The namespace of a name (a module is in the type namespace).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ns {
    /// Modules, structs, enums, unions, traits, type aliases.
    Type,
    /// Fns, consts, statics.
    Value,
    /// Macros.
    Macro,
}

/// One registration an item makes: what the scan extracted.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The shape fragment's compact text.
    pub text: String,
    /// Where its elements are.
    pub locations: Located<(usize, usize)>,
    /// The file.
    pub file: PathBuf,
    /// 1-based line of the item.
    pub line: usize,
    /// The item's own name.
    pub item_name: String,
    /// Members under a `#[cfg]` that cannot be evaluated (see [`crate::scan::Pinned`]).
    pub undecided: Vec<contract_core::Member>,
    /// The item itself is under such a `#[cfg]`: neither in the set nor missing.
    pub whole_undecided: bool,
    /// An inherent `impl`'s self type as written (`ArrayRef<A, Ix1>`): what tells its
    /// methods from another block's of the same name.
    pub impl_self: Option<String>,
    /// An inherent `impl` that calls a macro among its members (`const_fn!`), whose
    /// members this command cannot read (see [`crate::scan::Pinned`]).
    pub members_by_macro: bool,
    /// What the item (with the modules around it) needs of the features the build
    /// leaves off ([`contract_core::gate`]); `None`: in the build.
    pub gate: Option<Gate>,
    /// Its members under such a gate of their own.
    pub member_gates: Vec<(contract_core::Member, Gate)>,
}

/// What a name in a module stands for.
#[derive(Clone, Debug)]
pub enum DefKind {
    /// A child module (index into [`Api::modules`]).
    Module(usize),
    /// An item.
    Item(Box<Entry>),
    /// An item not declared `pub` (`pub struct AttributeSpecification` in gimli's
    /// `write::abbrev`): not API, but it shadows what a glob or the crate root would
    /// otherwise give the module's paths (its `impl` blocks are its own, not the root's
    /// public type of that name).
    Private,
}

/// A name a module defines.
#[derive(Clone, Debug)]
pub struct Def {
    /// Its name.
    pub name: String,
    /// Its namespace.
    pub ns: Ns,
    /// Declared `pub` (not `pub(crate)`, `pub(super)`, … or private).
    pub public: bool,
    /// `#[doc(hidden)]`.
    pub hidden: bool,
    /// What it is.
    pub kind: DefKind,
    /// Another crate's item re-exported (`pub use serde::Serialize;`), with the name of
    /// that crate: a public path of its own, while a path through the module still
    /// resolves by its `use` (`lib::Vec` is std's `Vec`).
    pub foreign: Option<Foreign>,
}

/// The crate of a [`Def`] that is another crate's item.
#[derive(Clone, Debug)]
pub struct Foreign {
    /// The crate, as the package calls it.
    pub krate: String,
    /// Written `::krate::…` in edition 2018 or later: the extern crate, whatever the
    /// module itself names `krate` (ed25519-dalek 3's `mod signature;` beside `pub use
    /// ::signature::DigestSigner;`).
    pub extern_only: bool,
}

impl Module {
    /// Leaves out the re-exports read as another crate's whose first segment the module
    /// itself names (zip 9.8's `mod aes;` beside its dependency `aes`: `pub use
    /// aes::AesSalt;` is the module's, as rustc resolves it), unless the path says it
    /// leaves the crate (`::aes::AesSalt` since edition 2018). Called once the module's
    /// items are all read.
    pub fn local_names_first(&mut self) {
        let local: std::collections::BTreeSet<String> = self
            .defs
            .iter()
            .filter(|d| d.foreign.is_none())
            .map(|d| d.name.clone())
            .collect();
        self.defs.retain(|d| {
            d.foreign
                .as_ref()
                .is_none_or(|f| f.extern_only || !local.contains(&f.krate))
        });
    }
}

/// What a `use` binds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Binding {
    /// One name (the last segment, or the `as` name).
    Name(String),
    /// Every name of the module (`*`).
    Glob,
}

/// One name (or glob) of a `use` declaration.
#[derive(Clone, Debug)]
pub struct Import {
    /// `pub use`.
    pub public: bool,
    /// `#[doc(hidden)]`.
    pub hidden: bool,
    /// The path as written (`crate`, `self`, `super` and `""` for a leading `::`
    /// included).
    pub path: Vec<String>,
    /// What it binds.
    pub binding: Binding,
    /// What the `use` needs of the features the build leaves off.
    pub gate: Option<Gate>,
}

/// A module of the library.
#[derive(Clone, Debug, Default)]
pub struct Module {
    /// `module_path!()` inside it.
    pub path: String,
    /// The enclosing module (`None` for the crate root).
    pub parent: Option<usize>,
    /// The names it defines.
    pub defs: Vec<Def>,
    /// Its `use` declarations.
    pub imports: Vec<Import>,
    /// What registers for the module itself, on each of its public paths (none for
    /// the crate root).
    pub entry: Option<Entry>,
}

/// An `impl` block of the library.
#[derive(Clone, Debug)]
pub struct Impl {
    /// The module it is in.
    pub module: usize,
    /// The self type's path (without generic arguments), when it is a path.
    pub self_ty: Option<Vec<String>>,
    /// The trait's path, for a trait `impl`.
    pub trait_: Option<Vec<String>>,
    /// For `impl<T: ?Sized + A + B> Trait for T`: what `T` must implement
    /// (see [`blanket`]).
    pub blanket: Option<Blanket>,
    /// What it registers.
    pub entry: Entry,
}

/// A trait `impl` for every type that implements some traits, and for nothing else
/// (`impl<T> Itertools for T where T: Iterator + ?Sized {}`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blanket {
    /// The traits `T` is bound by, by name (each without generic arguments).
    pub bounds: BTreeSet<String>,
    /// `T: ?Sized`: unsized types are covered too.
    pub maybe_unsized: bool,
}

/// `impl<T: A + B> Trait for T` (also written with `where`, with `?Sized`): one type
/// parameter, the self type, bound only by traits named without arguments, for a
/// trait named without arguments. Anything more (a second parameter, a lifetime
/// bound, `T: Iterator<Item = u8>`) is `None`: such an impl may leave types out.
pub fn blanket(i: &syn::ItemImpl) -> Option<Blanket> {
    use syn::{GenericParam, PathArguments, TypeParamBound, WherePredicate};
    let ((trait_path, _), None) = (i.trait_.as_ref()?, &i.modifiers.polarity) else {
        return None;
    };
    if !matches!(trait_path.segments.last()?.arguments, PathArguments::None) {
        return None;
    }
    let [GenericParam::Type(param)] = Vec::from_iter(&i.generics.params)[..] else {
        return None;
    };
    let is_param = |ty: &syn::Type| match ty {
        syn::Type::Path(p) => p.qself.is_none() && p.path.is_ident(&param.ident),
        _ => false,
    };
    if !is_param(&i.self_ty) || param.default.is_some() {
        return None;
    }
    let mut blanket = Blanket {
        bounds: BTreeSet::new(),
        maybe_unsized: false,
    };
    let mut add = |bounds: &syn::punctuated::Punctuated<TypeParamBound, syn::Token![+]>| {
        for bound in bounds {
            let TypeParamBound::Trait(t) = bound else {
                return None;
            };
            let last = t.path.segments.last()?;
            match t.maybe {
                Some(_) if t.path.is_ident("Sized") => blanket.maybe_unsized = true,
                None if t.lifetimes.is_none() && matches!(last.arguments, PathArguments::None) => {
                    blanket.bounds.insert(last.ident.to_string());
                }
                _ => return None,
            }
        }
        Some(())
    };
    add(&param.bounds)?;
    if let Some(w) = &i.generics.where_clause {
        for predicate in &w.predicates {
            match predicate {
                WherePredicate::Type(t) if t.lifetimes.is_none() && is_param(&t.bounded_ty) => {
                    add(&t.bounds)?
                }
                _ => return None,
            }
        }
    }
    Some(blanket)
}

/// Whether `blanket` implements `trait_` for every type that may implement it, so
/// that no other crate can (its impl would overlap): `T` is bound only by the
/// trait's own supertraits, and unsized types are covered unless the trait requires
/// `Sized`. Supertraits are compared by name, each without generic arguments.
fn seals(blanket: &Blanket, trait_: &contract_core::shape::TraitShape) -> bool {
    if !trait_.generics.params.is_empty() {
        return false;
    }
    let supertraits: BTreeSet<&str> = trait_
        .supertraits
        .iter()
        .filter_map(contract_core::ty::Bound::plain_trait_name)
        .collect();
    blanket
        .bounds
        .iter()
        .all(|b| supertraits.contains(b.as_str()))
        && (blanket.maybe_unsized || supertraits.contains("Sized"))
}

/// The library as a public-API set needs it.
#[derive(Clone, Debug, Default)]
pub struct Api {
    /// Its modules, the crate root first.
    pub modules: Vec<Module>,
    /// Its `impl` blocks.
    pub impls: Vec<Impl>,
    /// Name lookups' answers, kept while [`Api::memoized`] holds the walk finished.
    memo: std::cell::RefCell<names::Memo>,
    memoized: std::cell::Cell<bool>,
}

/// Keeps [`Api`]'s name lookups' answers until dropped (see [`Api::memoized`]).
pub struct Memoized<'a>(&'a Api);

impl Drop for Memoized<'_> {
    fn drop(&mut self) {
        self.0.memoized.set(false);
        self.0.memo.borrow_mut().clear();
    }
}

impl Api {
    /// Keeps each name lookup's answer while the guard lives: the modules must not
    /// change meanwhile (they cannot through `&self`; the walk that fills them is
    /// done).
    pub fn memoized(&self) -> Memoized<'_> {
        self.memo.borrow_mut().clear();
        self.memoized.set(true);
        Memoized(self)
    }
}

impl names::Modules for Api {
    fn parent(&self, m: usize) -> Option<usize> {
        self.modules[m].parent
    }

    fn own(&self, m: usize, name: &str) -> Vec<Res> {
        self.modules[m]
            .defs
            .iter()
            .enumerate()
            .filter(|(_, d)| d.name == name && d.foreign.is_none())
            .map(|(i, d)| match d.kind {
                DefKind::Module(c) => Res::Module(c),
                DefKind::Item(_) | DefKind::Private => Res::Def(m, i),
            })
            .collect()
    }

    fn memo(&self) -> Option<&std::cell::RefCell<names::Memo>> {
        self.memoized.get().then_some(&self.memo)
    }

    fn imports(&self, m: usize) -> Vec<(&[String], Option<&str>)> {
        self.modules[m]
            .imports
            .iter()
            .map(|i| {
                let bound = match &i.binding {
                    Binding::Name(n) => Some(n.as_str()),
                    Binding::Glob => None,
                };
                (i.path.as_slice(), bound)
            })
            .collect()
    }
}

/// One registration of a public-API set: a symbol name and what registers under it.
#[derive(Debug)]
pub struct Public<'a> {
    /// The public path without the crate name (`ser::Serializer`, `json!`).
    pub symbol: String,
    /// The public path's module part (empty at the crate root).
    pub parent: String,
    /// What registers.
    pub entry: &'a Entry,
    /// The index of the module that defines it (for `impl` lookups).
    pub defined_in: usize,
    /// For an `impl` block in another module than its target (`mod float { use
    /// super::V; impl Approx for V {…} }`): that module, whose names its text is
    /// written in.
    pub written_in: Option<usize>,
    /// Reached only through a `#[doc(hidden)]` re-export, while the set's policy does
    /// not count hidden items as API: the item is hidden on this path.
    pub hidden: bool,
    /// A trait that a blanket `impl` of the crate implements for every type that may
    /// implement it ([`Blanket`]): no other crate can, so it is recorded sealed.
    pub sealed: bool,
    /// The namespace of the name (a type's `impl` blocks are the type's).
    pub ns: Ns,
    /// What the path needs of the features the build leaves off: the gates of the
    /// `use` declarations it goes through (the item's own is its entry's).
    pub route_gate: Option<Gate>,
}

/// The most public paths one item may have: a guard against re-export cycles that
/// the depth check does not catch.
const MAX_PATHS: usize = 200_000;

impl Api {
    /// A new module inside `parent`.
    pub fn module(&mut self, parent: Option<usize>, path: &str) -> usize {
        self.modules.push(Module {
            path: path.to_owned(),
            parent,
            ..Module::default()
        });
        self.modules.len() - 1
    }

    /// The public registrations, by public path, sorted by symbol. A
    /// `#[doc(hidden)]` module leads nowhere unless `hidden_is_api`; a path through a
    /// hidden re-export is in it, hidden unless `hidden_is_api`: a re-export that
    /// becomes hidden is `doc_hidden_added` on its path, not a path gone.
    pub fn public(&self, hidden_is_api: bool) -> Vec<Public<'_>> {
        if self.modules.is_empty() {
            return Vec::new();
        }
        let mut r = Resolver {
            api: self,
            hidden_is_api,
            exports: BTreeMap::new(),
        };
        // Every public path of every item (and of every module).
        // By item: each public path, and whether it is hidden.
        // With it, what the route needs of the features the build leaves off.
        type Seen = BTreeMap<String, (bool, Option<Gate>)>;
        let mut paths: BTreeMap<(usize, usize), Seen> = BTreeMap::new();
        // By module: the same.
        let mut module_paths: BTreeMap<usize, Seen> = BTreeMap::new();
        // Two routes to one path: visible if either is, in the build if either is.
        let merge = |seen: &mut (bool, Option<Gate>), hidden: bool, gate: &Option<Gate>| {
            seen.0 &= hidden;
            if gate.is_none() {
                seen.1 = None;
            }
        };
        // (module, path prefix, modules on the way, hidden so far, gate so far).
        type Route = (usize, String, Vec<usize>, bool, Option<Gate>);
        let mut stack: Vec<Route> = vec![(0, String::new(), vec![0], false, None)];
        let mut count = 0usize;
        while let Some((m, prefix, chain, hidden_here, gate_here)) = stack.pop() {
            for (name, res, hidden_edge, gate_edge) in r.exports(m, &mut Vec::new()) {
                let path = join(&prefix, &name);
                let hidden = hidden_here || hidden_edge;
                let gate = and_gates(gate_here.clone(), gate_edge);
                match res {
                    Res::Module(child) => {
                        let seen = module_paths.entry(child).or_default().entry(path.clone());
                        merge(seen.or_insert((hidden, gate.clone())), hidden, &gate);
                        if !chain.contains(&child) && chain.len() < 24 {
                            let mut deeper = chain.clone();
                            deeper.push(child);
                            stack.push((child, path, deeper, hidden, gate));
                        }
                    }
                    Res::Def(dm, d) => {
                        count += 1;
                        if count > MAX_PATHS {
                            return Vec::new();
                        }
                        let seen = paths.entry((dm, d)).or_default().entry(path);
                        merge(seen.or_insert((hidden, gate.clone())), hidden, &gate);
                    }
                }
            }
        }
        // An alias that only renames a struct other crates cannot construct through
        // it either way (`pub type GroupBy<K, I, F> = ChunkBy<K, I, F>`, private
        // fields) is that struct under another name: every use of the type reads the
        // same. It is recorded as the struct, with the struct's `impl` blocks.
        let mut renames: BTreeMap<(usize, usize), (usize, usize)> = BTreeMap::new();
        for &(m, d) in paths.keys() {
            let Some((tm, path)) = r.renamed(Res::Def(m, d)) else {
                continue;
            };
            let targets = r.resolve(tm, &path, &mut Vec::new());
            if let [Res::Def(sm, sd)] = targets.as_slice() {
                if self.without_constructor(*sm, *sd) {
                    renames.insert((m, d), (*sm, *sd));
                }
            }
        }
        // Traits no other crate can implement: a blanket impl covers every type that
        // may (`impl<T: Iterator + ?Sized> Itertools for T` with `trait Itertools:
        // Iterator`).
        let mut sealed: BTreeSet<(usize, usize)> = BTreeSet::new();
        for i in &self.impls {
            let (Some(blanket), Some(trait_)) = (&i.blanket, &i.trait_) else {
                continue;
            };
            for res in r.resolve(i.module, trait_, &mut Vec::new()) {
                let Res::Def(m, d) = res else { continue };
                if self.trait_shape(m, d).is_some_and(|t| seals(blanket, &t)) {
                    sealed.insert((m, d));
                }
            }
        }
        let mut out = Vec::new();
        // A path an item of the crate has too is the crate's: another crate's item
        // there is in another namespace, which this command does not read (enum-map
        // 2.7's `pub use enum_map_derive::Enum;`, a derive, beside its trait `Enum`).
        let crate_paths: BTreeSet<&String> = paths
            .iter()
            .filter(|((m, d), _)| self.modules[*m].defs[*d].foreign.is_none())
            .flat_map(|(_, names)| names.keys())
            .collect();
        for (&(m, d), names) in &paths {
            let def = &self.modules[m].defs[d];
            let (m, d) = renames.get(&(m, d)).copied().unwrap_or((m, d));
            let DefKind::Item(entry) = &self.modules[m].defs[d].kind else {
                continue;
            };
            for (path, (hidden, gate)) in names {
                if def.foreign.is_some() && crate_paths.contains(path) {
                    continue;
                }
                let mut p = public(path, def.ns, entry, m);
                if def.foreign.is_some() {
                    // Another crate's macro keeps its bare path (as goldens have always
                    // named it), unless a type shares the path: see below.
                    p.symbol.clone_from(path);
                }
                p.hidden = *hidden;
                p.sealed = sealed.contains(&(m, d));
                p.route_gate = gate.clone();
                out.push(p);
            }
        }
        for (&m, names) in &module_paths {
            let Some(entry) = &self.modules[m].entry else {
                continue;
            };
            let parent = self.modules[m].parent.unwrap_or(m);
            for (path, (hidden, gate)) in names {
                let mut p = public(path, Ns::Type, entry, parent);
                p.route_gate = gate.clone();
                let hidden = *hidden;
                // `algo::astar::`: a module shares its path with the fn or macro
                // re-exported from it often enough (`pub mod astar; pub use
                // astar::astar;`), as `name!` does for a macro.
                p.symbol.push_str("::");
                p.hidden = hidden;
                out.push(p);
            }
        }
        // `impl` blocks join every public path of their self type (or trait).
        let mut is_trait: BTreeMap<(usize, usize), bool> = BTreeMap::new();
        for i in &self.impls {
            // A trait `impl` for a type not declared `pub` (log4rs 1.3's private
            // `LeftAlignWriter` implementing its public `encode::Write`): no consumer
            // can name the type or hold one of its values, so the impl is not API.
            if let (Some(_), Some(ty)) = (&i.trait_, &i.self_ty) {
                let resolved = r.resolve(i.module, ty, &mut Vec::new());
                let private = |res: &Res| {
                    matches!(res, Res::Def(m, d)
                        if matches!(self.modules[*m].defs[*d].kind, DefKind::Private))
                };
                if !resolved.is_empty() && resolved.iter().all(private) {
                    continue;
                }
            }
            let target = match (&i.trait_, &i.self_ty) {
                (Some(t), _) => t,
                (None, Some(ty)) => ty,
                (None, None) => continue,
            };
            // Each public path once, with the module of its type: twins of the type
            // under cfgs this command cannot evaluate (nix's `mod consts` per target,
            // glob re-exported) are one type to the block (the first twin's module).
            let mut found: BTreeMap<String, (usize, Option<Gate>)> = BTreeMap::new();
            let mut targets = r.resolve(i.module, target, &mut Vec::new());
            // An inherent `impl` of an alias that only renames a type (`type
            // MappedLocalTime<T> = LocalResult<T>`) is an `impl` of that type: its
            // methods are the type's under each of its names.
            if i.trait_.is_none() {
                let renamed: Vec<Res> = targets
                    .iter()
                    .filter_map(|&res| r.renamed(res))
                    .flat_map(|(m, path)| r.resolve(m, &path, &mut Vec::new()))
                    .collect();
                targets.extend(renamed);
            }
            for res in targets {
                let Res::Def(m, d) = res else { continue };
                let def = &self.modules[m].defs[d];
                if def.ns != Ns::Type {
                    continue;
                }
                // A trait `impl` joins a trait: a path read to the crate's enum of the
                // trait's name is another crate's trait (rust_decimal 1.42's `impl
                // error::Error for InvalidDecimal`, std's, beside its `enum Error`).
                if i.trait_.is_some()
                    && !*is_trait
                        .entry((m, d))
                        .or_insert_with(|| self.trait_shape(m, d).is_some())
                {
                    continue;
                }
                let aliases = renames.iter().filter(|(_, &t)| t == (m, d)).map(|(a, _)| a);
                for names in std::iter::once(&(m, d))
                    .chain(aliases)
                    .filter_map(|k| paths.get(k))
                {
                    for (n, (_, gate)) in names {
                        let at = found.entry(n.clone()).or_insert((m, gate.clone()));
                        at.0 = at.0.min(m);
                    }
                }
            }
            for (path, (m, gate)) in found {
                let mut p = public(&path, Ns::Type, &i.entry, m);
                p.written_in = (i.module != m).then_some(i.module);
                p.route_gate = gate;
                out.push(p);
            }
        }
        // A fn that shares its path with a type (syn's `pub struct Group` and its
        // `pub fn Group(span) -> Group`, ndarray's `Ix2`): both namespaces hold the
        // name, and a symbol is one item. The type keeps the path; the fn is named
        // `Group()`, as a macro is `name!`; a const or static `NativeEndian (const)`
        // (gimli's `pub type NativeEndian = LittleEndian;` beside `pub const
        // NativeEndian: LittleEndian`).
        let types: BTreeSet<String> = out
            .iter()
            .filter(|p| p.ns == Ns::Type)
            .map(|p| p.symbol.clone())
            .collect();
        for p in &mut out {
            if p.ns == Ns::Value && types.contains(&p.symbol) {
                if let Some(suffix) = value_suffix(p.entry) {
                    p.symbol.push_str(suffix);
                }
            }
            // A proc-macro crate's derive re-exported beside a trait of its name (sqlx's
            // `FromRow`): the macro is `FromRow!`, as the crate's own macros are.
            if p.ns == Ns::Macro && !p.symbol.ends_with('!') && types.contains(&p.symbol) {
                p.symbol.push('!');
            }
        }
        out.sort_by(|a, b| a.symbol.cmp(&b.symbol));
        out
    }
}

/// What names a value item on a type's path apart from the type: `()` for a free fn,
/// ` (const)` and ` (static)`; `None` for anything else (a unit struct is one item in
/// both namespaces).
fn value_suffix(entry: &Entry) -> Option<&'static str> {
    use contract_core::ItemShape;
    match serde_json::from_str(&entry.text) {
        Ok(contract_core::Fragment::Item { item, .. }) => match item {
            ItemShape::Fn(_) => Some("()"),
            ItemShape::Const(_) => Some(" (const)"),
            ItemShape::Static(_) => Some(" (static)"),
            _ => None,
        },
        _ => None,
    }
}

impl Api {
    /// The trait that def `d` of module `m` is, if it is one.
    fn trait_shape(&self, m: usize, d: usize) -> Option<contract_core::shape::TraitShape> {
        let DefKind::Item(entry) = &self.modules[m].defs[d].kind else {
            return None;
        };
        match serde_json::from_str(&entry.text) {
            Ok(contract_core::Fragment::Item {
                item: contract_core::ItemShape::Trait(t),
                ..
            }) => Some(t),
            _ => None,
        }
    }

    /// Whether def `d` of module `m` is a struct that no other crate can build by
    /// naming it as a value: named fields, or no public field (a unit struct and a
    /// tuple struct with public fields are also a value, which an alias is not).
    fn without_constructor(&self, m: usize, d: usize) -> bool {
        let DefKind::Item(entry) = &self.modules[m].defs[d].kind else {
            return false;
        };
        let Ok(contract_core::Fragment::Item {
            item: contract_core::ItemShape::Struct(s),
            ..
        }) = serde_json::from_str(&entry.text)
        else {
            return false;
        };
        !s.is_also_a_value()
    }
}

/// A name a module exports: what it resolves to, whether it is hidden on this route,
/// and what the route's `use` needs of the features the build leaves off.
type Export = (String, Res, bool, Option<Gate>);

/// Both gates (`None` is no gate).
pub fn and_gates(a: Option<Gate>, b: Option<Gate>) -> Option<Gate> {
    match (a, b) {
        (Some(a), Some(b)) => Some(Gate::and(a, b)),
        (a, b) => a.or(b),
    }
}

fn public<'a>(path: &str, ns: Ns, entry: &'a Entry, defined_in: usize) -> Public<'a> {
    let (parent, _) = path.rsplit_once("::").unwrap_or(("", path));
    let symbol = match ns {
        Ns::Macro => format!("{path}!"),
        _ => path.to_owned(),
    };
    Public {
        symbol,
        parent: parent.to_owned(),
        entry,
        defined_in,
        written_in: None,
        hidden: false,
        sealed: false,
        ns,
        route_gate: None,
    }
}

fn join(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_owned()
    } else {
        format!("{prefix}::{name}")
    }
}

struct Resolver<'a> {
    api: &'a Api,
    hidden_is_api: bool,
    /// Each module's public names, once computed.
    exports: BTreeMap<usize, Vec<Export>>,
}

impl Resolver<'_> {
    /// What `path`, written in module `from`, resolves to in this crate (nothing
    /// when it leaves the crate): the shared resolver, with edition 2015's `use`
    /// paths from the crate root.
    fn resolve(
        &self,
        from: usize,
        path: &[String],
        visiting: &mut Vec<(usize, String)>,
    ) -> Vec<Res> {
        names::resolve_import(self.api, from, path, visiting)
    }

    /// The namespace a resolved name is in.
    fn ns_of(&self, res: Res) -> Ns {
        match res {
            Res::Module(_) => Ns::Type,
            Res::Def(m, d) => self.api.modules[m].defs[d].ns,
        }
    }

    /// The names module `m` offers other crates, if they can reach it: its `pub`
    /// items and modules, its `pub use` names, and the public names of its
    /// `pub use …::*` globs that nothing of its own shadows; each with whether the
    /// way to it is a `#[doc(hidden)]` re-export while hidden items are not API.
    fn exports(&mut self, m: usize, stack: &mut Vec<usize>) -> Vec<Export> {
        if let Some(done) = self.exports.get(&m) {
            return done.clone();
        }
        if stack.contains(&m) {
            return Vec::new();
        }
        stack.push(m);
        let module = &self.api.modules[m];
        let hidden_is_api = self.hidden_is_api;
        let hides = |hidden: bool| hidden && !hidden_is_api;
        let mut out: Vec<Export> = Vec::new();
        // Twins under exclusive cfgs (`#[cfg(feature = "std")] pub fn f` beside
        // `#[cfg(not(feature = "std"))] pub fn f`): the build's is the name's, else
        // the first read.
        let gated = |def: &Def| match &def.kind {
            DefKind::Item(entry) => entry.gate.is_some(),
            DefKind::Module(c) => self.api.modules[*c]
                .entry
                .as_ref()
                .is_some_and(|e| e.gate.is_some()),
            DefKind::Private => false,
        };
        let twin_of = |i: usize, def: &Def| {
            module.defs.iter().enumerate().any(|(j, other)| {
                j != i
                    && other.name == def.name
                    && other.ns == def.ns
                    && other.public
                    && (!gated(other) || j < i)
            })
        };
        for (i, def) in module.defs.iter().enumerate() {
            if gated(def) && twin_of(i, def) {
                continue;
            }
            match def.kind {
                // A hidden module (a crate's `__private`) hides what is in it, which
                // was never API; a hidden item's own shape says it is hidden, and a
                // hidden re-export (below) is a path being retired: both are in the
                // set, hidden, and the diff follows the policy.
                DefKind::Module(c) if def.public && !hides(def.hidden) => {
                    out.push((def.name.clone(), Res::Module(c), false, None))
                }
                DefKind::Item(_) if def.public => {
                    out.push((def.name.clone(), Res::Def(m, i), false, None))
                }
                _ => {}
            }
        }
        // What the module names itself shadows a glob's name in its own namespace only
        // (a module `bits` beside a glob's fn `bits`: both are there).
        let mut named: BTreeSet<(String, Ns)> =
            module.defs.iter().map(|d| (d.name.clone(), d.ns)).collect();
        for import in &module.imports {
            if let Binding::Name(name) = &import.binding {
                let found = self.resolve(m, &import.path, &mut Vec::new());
                // Another crate's name: its namespace is not known here, so it shadows
                // in every one.
                if found.is_empty() {
                    for ns in [Ns::Type, Ns::Value, Ns::Macro] {
                        named.insert((name.clone(), ns));
                    }
                }
                for &res in &found {
                    named.insert((name.clone(), self.ns_of(res)));
                    if import.public && self.is_public(res) {
                        out.push((name.clone(), res, hides(import.hidden), import.gate.clone()));
                    }
                }
            }
        }
        for import in &module.imports {
            if import.binding != Binding::Glob || !import.public {
                continue;
            }
            for res in self.resolve(m, &import.path, &mut Vec::new()) {
                let Res::Module(t) = res else { continue };
                for (name, res, hidden, gate) in self.exports(t, stack) {
                    if !named.contains(&(name.clone(), self.ns_of(res))) {
                        let gate = and_gates(gate, import.gate.clone());
                        out.push((name, res, hidden || hides(import.hidden), gate));
                    }
                }
            }
        }
        stack.pop();
        out.sort();
        out.dedup();
        self.exports.insert(m, out.clone());
        out
    }

    /// The type a type alias only renames, as (module, path written there): the
    /// alias's target is a path whose arguments are the alias's own parameters, in
    /// order (`type A<T, U> = B<T, U>`). `None` for anything else.
    fn renamed(&self, res: Res) -> Option<(usize, Vec<String>)> {
        let Res::Def(m, d) = res else { return None };
        let DefKind::Item(entry) = &self.api.modules[m].defs[d].kind else {
            return None;
        };
        let contract_core::Fragment::Item {
            item: contract_core::ItemShape::TypeAlias(alias),
            ..
        } = serde_json::from_str(&entry.text).ok()?
        else {
            return None;
        };
        let contract_core::ty::Type::Path(path) = &alias.target else {
            return None;
        };
        let last = path.segments.last()?;
        let params: Vec<&str> = alias.generics.params.iter().map(|p| p.name()).collect();
        let args: Vec<String> = match &last.args {
            contract_core::ty::Args::None => Vec::new(),
            contract_core::ty::Args::Angle(args) => args.iter().map(ToString::to_string).collect(),
            contract_core::ty::Args::Paren { .. } => return None,
        };
        if args != params || path.global {
            return None;
        }
        Some((m, path.segments.iter().map(|s| s.name.clone()).collect()))
    }

    /// Whether what `res` names is declared `pub` (a module: by its parent).
    fn is_public(&self, res: Res) -> bool {
        match res {
            Res::Def(m, d) => self.api.modules[m].defs[d].public,
            Res::Module(0) => true,
            Res::Module(c) => {
                let Some(parent) = self.api.modules[c].parent else {
                    return true;
                };
                self.api.modules[parent].defs.iter().any(|d| {
                    matches!(d.kind, DefKind::Module(x) if x == c)
                        && d.public
                        && (self.hidden_is_api || !d.hidden)
                })
            }
        }
    }
}

/// The names of a `use` tree: (path, binding) for each, `_` imports left out.
pub fn use_tree(
    tree: &syn::UseTree,
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, Binding)>,
) {
    let mut found = Vec::new();
    contract_core::syntax::names::use_tree(tree, prefix, &mut found);
    out.extend(found.into_iter().map(|(path, name)| {
        let binding = match name {
            Some(name) => Binding::Name(name),
            None => Binding::Glob,
        };
        (path, binding)
    }));
}

/// A path's segments without generic arguments (`a::B<T>` → `a`, `B`); a leading
/// `::` is an empty first segment.
pub fn path_segments(path: &syn::Path) -> Vec<String> {
    use syn::ext::IdentExt;
    let mut out = Vec::new();
    if path.leading_colon.is_some() {
        out.push(String::new());
    }
    out.extend(path.segments.iter().map(|s| s.ident.unraw().to_string()));
    out
}
