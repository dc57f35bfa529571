//! One item, many names: what the paths of a shape name in the crate, so that a
//! crate-local type alias and its target, or `Error`, `crate::Error` and
//! `crate::error::Error` behind a `use`, are one type.
//!
//! A shape records a path as its module's `use` declarations spell it (see
//! `syntax::scope`): what the file alone cannot tell (an alias defined elsewhere, a
//! `pub use` chain, a module-relative path) stays as written. [`NameTable`] is the
//! crate-wide answer: every module of the crate, the type-namespace names it
//! defines (type aliases with their shape) and its `use` declarations. It is built
//! from the sources by a front end (`syntax::names` reads them; the core reads no
//! file), and asked only when a shape differs from its golden as written.
//!
//! [`respell`] then rewrites a current fragment into its golden's spelling wherever
//! the two name one type: each type is compared by its canonical form (every path
//! resolved to the item's definition, every alias expanded to its target), and a
//! current type whose canonical form is a golden type's takes the golden's text. The
//! fragment then matches its golden where nothing changed, in every front end: the
//! macro registers the respelled fragment (the harness compares what it registers),
//! and the CLI respells what it read before comparing. Where the two differ, the
//! golden's spelling is kept for every part that did not change, so a delta shows
//! the change, not the respelling.
//!
//! The names are those of the current crate: a path of the golden is read as the
//! crate now reads it, from the module the golden recorded (or the item's current
//! module when that module is gone). What does not resolve (another crate's path, a
//! generic parameter, a name the table does not know) is compared as written.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use crate::probed::ProbedTrait;
use crate::shape::{
    AliasShape, FieldShape, FnShape, Fragment, GenericParam, Generics, ItemShape, Receiver, Symbol,
    WherePredicate,
};
use crate::ty::{Args, Bound, GenericArg, Path, Segment, Type};

/// Whether [`Reader::external`] left `p` as any item of its name in its crate (its
/// sources do not say what it is).
fn unresolved(p: &Path) -> bool {
    p.segments
        .get(1)
        .is_some_and(|s| s.name == "\u{0}unresolved")
}

/// How deep aliases of aliases are expanded (a cycle is a compile error, but the
/// table is read from sources that may not compile).
const MAX_DEPTH: usize = 8;

/// How many glob paths may be resolved inside one another: a glob path whose first
/// name came by a glob (`use super::*; use sibling::*;`) resolves; deeper, only a
/// module's own and named imports are asked. Unbounded, a crate whose modules
/// glob-import each other by plain names (encoding_rs 0.8: `use euc_jp::*;`, …)
/// made every glob path resolve every other anew: factorial time.
const MAX_GLOB_NESTING: usize = 2;

/// A guard against runaway resolution in sources that may not compile: every
/// module a lookup asks stays on the stack, so it holds a crate's modules.
const MAX_VISITING: usize = 4096;

/// [`NameTable::item`]'s answers by module and path. A crate whose modules
/// glob-import one another (nalgebra's) has every path of its golden resolved
/// through the same globs again: a check of nalgebra 0.35 ran past 15 minutes.
/// Not part of the table's value: a clone starts empty, and two tables compare by
/// their names alone.
#[derive(Default)]
struct ItemCache(Mutex<HashMap<usize, PathsFrom>>);

/// The paths asked from one module, and what each named.
type PathsFrom = HashMap<Vec<String>, Option<(usize, Res)>>;

impl ItemCache {
    fn get_or(
        &self,
        from: usize,
        names: &[String],
        answer: impl FnOnce() -> Option<(usize, Res)>,
    ) -> Option<(usize, Res)> {
        let lock = || {
            self.0
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
        };
        if let Some(known) = lock().get(&from).and_then(|paths| paths.get(names)) {
            return *known;
        }
        // Resolved outside the lock: threads reading one table ask in parallel.
        let found = answer();
        lock()
            .entry(from)
            .or_default()
            .insert(names.to_vec(), found);
        found
    }

    fn clear(&mut self) {
        self.0
            .get_mut()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clear();
    }
}

impl Clone for ItemCache {
    fn clone(&self) -> Self {
        ItemCache::default()
    }
}

impl PartialEq for ItemCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for ItemCache {}

impl std::fmt::Debug for ItemCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ItemCache")
    }
}

/// The modules of one crate and the type-namespace names each defines and imports.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NameTable {
    /// The crate root first.
    modules: Vec<Module>,
    /// What [`NameTable::item`] answered, until a module, name or import is added.
    #[serde(skip)]
    items: ItemCache,
}

/// One module of a [`NameTable`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Module {
    /// `module_path!()` inside it (`chrono::offset`).
    path: String,
    /// The enclosing module; `None` at the root.
    parent: Option<usize>,
    /// The names it defines.
    defs: Vec<(String, Def)>,
    /// Its `use` declarations: the path as written and the name bound (`None`: a glob).
    imports: Vec<(Vec<String>, Option<String>)>,
    /// Its structs, enums and unions, private ones included, with what their auto
    /// traits follow from ([`crate::auto`]); `#[cfg]`'d twins each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    types: Vec<(String, TypeDef)>,
    /// The impls of auto traits written in it (`unsafe impl<T: Send> Send for X<T>`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    auto_impls: Vec<AutoImpl>,
    /// The macros it calls where an item may be (`send!(Ptr);`), each with the
    /// identifiers of its call, sorted: what such a call writes is not read, and may
    /// be an impl of an auto trait.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    macro_calls: Vec<(String, Vec<String>)>,
    /// The `macro_rules!` it defines, each with whether its body names an auto trait
    /// (only such a macro of the crate can write an impl of one).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    macro_rules: Vec<(String, bool)>,
    /// Its traits, private ones included, each with its supertraits as a shape writes
    /// them (in this module's names); `#[cfg]`'d twins each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    traits: Vec<(String, Vec<crate::ty::Bound>)>,
    /// Its impls of a trait for every type that meets some bounds, `?Sized` included
    /// (`impl<T: marker::Send + ?Sized> Send for T {}`): the trait and those bounds
    /// (`?Sized` left out, sorted), as the module writes them; the trait by the names
    /// of its path (it has no arguments).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    blanket_impls: Vec<(Vec<String>, Vec<Bound>)>,
    /// Its structs and enums that derive `Serialize` or `Deserialize`, with their
    /// shapes: what a wire schema follows a field's type into where no golden has the
    /// type (the compile-time check); `#[cfg]`'d twins each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    wire_types: Vec<(String, crate::shape::ItemShape)>,
}

impl Module {
    fn empty(path: String, parent: Option<usize>) -> Module {
        Module {
            path,
            parent,
            defs: Vec::new(),
            imports: Vec::new(),
            types: Vec::new(),
            auto_impls: Vec::new(),
            macro_calls: Vec::new(),
            macro_rules: Vec::new(),
            traits: Vec::new(),
            blanket_impls: Vec::new(),
            wire_types: Vec::new(),
        }
    }
}

/// A struct, enum or union as its auto traits see it: its type parameters and the
/// types of its fields (every variant's), as written in its module.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TypeDef {
    /// Its type parameters in order (lifetimes and const parameters left out), each
    /// with its default.
    pub params: Vec<(String, Option<Type>)>,
    /// The type of every field.
    pub fields: Vec<Type>,
}

/// An impl of an auto trait written in the sources: `unsafe impl<T: Send> Send for
/// X<T> {}`, or a negative one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AutoImpl {
    /// The auto trait.
    pub trait_: ProbedTrait,
    /// `impl !Send for X`.
    pub negative: bool,
    /// The self type, as written in the module.
    pub self_ty: Type,
    /// The impl's type parameters.
    pub params: Vec<String>,
    /// The auto-trait bounds on them (inline and `where`), sorted.
    pub bounds: Vec<(String, ProbedTrait)>,
    /// Some other bound (a trait of the crate, a predicate on a projection): the
    /// condition is beyond this model.
    pub other_bounds: bool,
    /// Under a `#[cfg]` (other than `test`): whether the build has it is not known.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub under_cfg: bool,
}

/// What a name a module defines is, as far as type paths care.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Def {
    /// A child module (its index).
    Module(usize),
    /// A struct, enum, union or trait.
    Type,
    /// A type alias.
    Alias(Box<AliasShape>),
    /// A fn, const or static (the value namespace: no type path names it).
    Value,
}

/// What a path resolves to inside a crate: a module, or the `index`th name module
/// `module` defines (`Def(module, index)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Res {
    /// A module (its index).
    Module(usize),
    /// A name a module defines: (module, index of the name in it).
    Def(usize, usize),
}

/// The names of the crates a crate depends on, each by the name the crate calls it
/// (`serde_json`, a renamed dependency by its new name). A front end that can read
/// dependencies' sources gives them ([`respell_with`]); one that cannot (the macro,
/// inside rustc) gives [`NoExterns`], and another crate's path is compared as written.
pub trait Externs {
    /// The table of the crate called `name`, when its sources were read.
    fn table(&self, name: &str) -> Option<&NameTable>;

    /// What a golden recorded another crate's path `written` (its names, no
    /// arguments: `instant::Duration`) to name when it was written, for a path the
    /// dependencies read now do not resolve (see [`Recorded`]).
    fn recorded(&self, _written: &str) -> Option<&Type> {
        None
    }

    /// Whether [`Externs::recorded`] has anything to give (a path is kept as written
    /// to look up only then).
    fn has_records(&self) -> bool {
        false
    }

    /// The dependencies of the crate called `name`, when read: what its own paths
    /// name (parking_lot's `lock_api::Mutex`).
    fn externs_of(&self, _name: &str) -> Option<&dyn Externs> {
        None
    }

    /// A crate no dependency is called `name` but one of theirs is, with that crate's
    /// own dependencies: where a path a dependency's alias expanded to leads
    /// (`parking_lot::Mutex<T>` is `lock_api::Mutex<RawMutex, T>`). The first one
    /// found by that name.
    fn transitive(&self, _name: &str) -> Option<(&NameTable, &dyn Externs)> {
        None
    }
}

/// Dependencies' names, and what a golden recorded of paths into crates they no
/// longer resolve ([`crate::Golden::dependency_paths`]): argmin 0.11 dropped `instant`
/// for `web_time`, so its golden's `instant::Duration` is read as the
/// `std::time::Duration` it named when the golden was written; lmdb-rkv 0.14's
/// dependency no longer has the `mode_t` its golden's `ffi::mode_t` named.
pub struct Recorded<'a> {
    externs: &'a dyn Externs,
    paths: BTreeMap<String, Type>,
}

impl<'a> Recorded<'a> {
    /// `externs`, with `paths` (each written path's recorded form, as text) to fall
    /// back on; a recorded form that does not read is left out.
    pub fn new(externs: &'a dyn Externs, paths: &BTreeMap<String, String>) -> Recorded<'a> {
        Recorded {
            externs,
            paths: paths
                .iter()
                .filter_map(|(k, v)| Some((k.clone(), Type::parse(v).ok()?)))
                .collect(),
        }
    }
}

impl Externs for Recorded<'_> {
    fn table(&self, name: &str) -> Option<&NameTable> {
        self.externs.table(name)
    }

    fn recorded(&self, written: &str) -> Option<&Type> {
        self.paths.get(written)
    }

    fn has_records(&self) -> bool {
        !self.paths.is_empty()
    }

    fn externs_of(&self, name: &str) -> Option<&dyn Externs> {
        self.externs.externs_of(name)
    }

    fn transitive(&self, name: &str) -> Option<(&NameTable, &dyn Externs)> {
        self.externs.transitive(name)
    }
}

/// No dependency's names are known.
pub struct NoExterns;

impl Externs for NoExterns {
    fn table(&self, _: &str) -> Option<&NameTable> {
        None
    }
}

impl Externs for BTreeMap<String, NameTable> {
    fn table(&self, name: &str) -> Option<&NameTable> {
        self.get(name)
    }
}

/// Other crates' item-position macros whose documented expansion holds no impl:
/// static_assertions' (`assert_impl_all!(Sender<u8>: Send)` is a `const` with a fn that
/// names the type), std's `thread_local!`. A type they name has only the impls the
/// sources write. A crate's own macro of one of these names is read as any other.
const WRITE_NO_IMPL: &[&str] = &[
    "assert_cfg",
    "assert_eq_align",
    "assert_eq_size",
    "assert_eq_size_ptr",
    "assert_eq_size_val",
    "assert_fields",
    "assert_impl_all",
    "assert_impl_any",
    "assert_impl_one",
    "assert_not_impl_all",
    "assert_not_impl_any",
    "assert_obj_safe",
    "assert_trait_sub_all",
    "assert_trait_super_all",
    "assert_type_eq_all",
    "assert_type_ne_all",
    "const_assert",
    "const_assert_eq",
    "const_assert_ne",
    "thread_local",
];

/// A crate's modules as name resolution reads them: the one resolver
/// ([`lookup`], [`resolve`], [`resolve_import`]) serves this table and the CLI's
/// public-API walk.
pub trait Modules {
    /// The module `m` is in (`None` at the crate root, module 0).
    fn parent(&self, m: usize) -> Option<usize>;
    /// What module `m` itself defines under `name`.
    fn own(&self, m: usize, name: &str) -> Vec<Res>;
    /// Module `m`'s `use` declarations: each path as written and the name it binds
    /// (`None`: a glob).
    fn imports(&self, m: usize) -> Vec<(&[String], Option<&str>)>;

    /// Where [`lookup`]'s answers to a question asked with nothing on its stack are
    /// kept, while the modules do not change (`None`: each is worked out anew). Such
    /// an answer depends on the modules alone; umya-spreadsheet 3.1's 300 globs made
    /// the public-API walk ask the same ones millions of times.
    fn memo(&self) -> Option<&std::cell::RefCell<Memo>> {
        None
    }
}

/// [`Modules::memo`]'s answers: by module and name.
pub type Memo = HashMap<(usize, String), Vec<Res>>;

/// What `name` stands for in module `m`: its own names, then its named imports,
/// then (when neither has it) its globs, and theirs, breadth first. Each module is
/// asked once per lookup and stays on `visiting` until the lookup ends, so a named
/// import leading back to one of them finds only what it defines: encoding_rs's
/// and gimli's modules glob-import each other, and following every route anew
/// (depth first) took exponential time for a name none of them defines.
pub fn lookup(
    modules: &(impl Modules + ?Sized),
    m: usize,
    name: &str,
    visiting: &mut Vec<(usize, String)>,
) -> Vec<Res> {
    let memo = modules.memo().filter(|_| visiting.is_empty());
    if let Some(memo) = memo {
        let kept = memo.borrow().get(&(m, name.to_owned())).cloned();
        if let Some(kept) = kept {
            return kept;
        }
    }
    let found = lookup_anew(modules, m, name, visiting);
    if let Some(memo) = memo {
        memo.borrow_mut()
            .insert((m, name.to_owned()), found.clone());
    }
    found
}

/// What the glob `key` (`(t, "*3")`: module `t`'s fourth import) of `path` brings
/// in, resolved once and kept in `memo`: which module a glob names does not hang on
/// the name being looked up through it.
fn glob_targets(
    modules: &(impl Modules + ?Sized),
    memo: &std::cell::RefCell<Memo>,
    key: (usize, String),
    path: &[String],
) -> Vec<Res> {
    let kept = memo.borrow().get(&key).cloned();
    if let Some(kept) = kept {
        return kept;
    }
    let t = key.0;
    // While it is being resolved, a glob whose path leads back through it brings
    // nothing (as the stack would have it).
    memo.borrow_mut().insert(key.clone(), Vec::new());
    let targets = resolve_import(modules, t, path, &mut vec![key.clone()]);
    memo.borrow_mut().insert(key, targets.clone());
    targets
}

/// [`lookup`], worked out.
fn lookup_anew(
    modules: &(impl Modules + ?Sized),
    m: usize,
    name: &str,
    visiting: &mut Vec<(usize, String)>,
) -> Vec<Res> {
    let mut out = Vec::new();
    let mut asked = std::collections::HashSet::from([m]);
    let mut queue = std::collections::VecDeque::from([m]);
    let mut pushed = 0;
    while let Some(t) = queue.pop_front() {
        let mut found = modules.own(t, name);
        // Inside its own lookup (`pub use fill::fill;` beside `mod fill;`: the path of
        // the `use` starts with the module), a name is what the module defines.
        let key = (t, name.to_owned());
        if visiting.contains(&key) || visiting.len() > MAX_VISITING {
            out.extend(found);
            continue;
        }
        visiting.push(key);
        pushed += 1;
        let imports = modules.imports(t);
        for (path, bound) in &imports {
            if *bound == Some(name) {
                found.extend(resolve_import(modules, t, path, visiting));
            }
        }
        // A glob imports what its module has in scope, its own globs' names
        // included, unless a name of the importing module shadows it. `(t, "*3")`
        // on the stack: `t`'s fourth import, a glob, is being resolved (no
        // identifier starts with `*`).
        let nesting = visiting.iter().filter(|(_, n)| n.starts_with('*')).count();
        if found.is_empty() && nesting < MAX_GLOB_NESTING {
            for (i, (path, bound)) in imports.iter().enumerate() {
                let key = (t, format!("*{i}"));
                if bound.is_some() || visiting.contains(&key) {
                    continue;
                }
                let targets = match modules.memo() {
                    Some(memo) => glob_targets(modules, memo, key, path),
                    None => {
                        visiting.push(key);
                        let targets = resolve_import(modules, t, path, visiting);
                        visiting.pop();
                        targets
                    }
                };
                for res in targets {
                    if let Res::Module(g) = res {
                        if asked.insert(g) {
                            queue.push_back(g);
                        }
                    }
                }
            }
        }
        out.extend(found);
    }
    visiting.truncate(visiting.len() - pushed);
    out.sort();
    out.dedup();
    out
}

/// Whether `first`, a path's first name in module `m`, is the crate root's: no item,
/// import or glob of the crate's puts it in `m`'s scope, and the root has it (edition
/// 2015 wrote `use` paths from the root).
fn root_s_instead(modules: &(impl Modules + ?Sized), m: usize, first: &str) -> bool {
    m != NameTable::ROOT
        && !matches!(first, "crate" | "self" | "super")
        && lookup(modules, m, first, &mut Vec::new()).is_empty()
        && !lookup(modules, NameTable::ROOT, first, &mut Vec::new()).is_empty()
}

/// A `use` path written in module `from`: as a path, then (edition 2015) from the
/// crate root.
pub fn resolve_import(
    modules: &(impl Modules + ?Sized),
    from: usize,
    path: &[String],
    visiting: &mut Vec<(usize, String)>,
) -> Vec<Res> {
    let found = resolve(modules, from, path, visiting);
    if found.is_empty() && from != 0 {
        if let Some(first) = path.first() {
            if !matches!(first.as_str(), "crate" | "self" | "super" | "") {
                return resolve(modules, 0, path, visiting);
            }
        }
    }
    found
}

/// What `path`, written in module `from`, names in this crate (nothing when it
/// leaves the crate).
pub fn resolve(
    modules: &(impl Modules + ?Sized),
    from: usize,
    path: &[String],
    visiting: &mut Vec<(usize, String)>,
) -> Vec<Res> {
    let Some((first, rest)) = path.split_first() else {
        return vec![Res::Module(from)];
    };
    let mut current: Vec<Res> = match first.as_str() {
        "crate" => vec![Res::Module(0)],
        "self" => vec![Res::Module(from)],
        "super" => modules.parent(from).map(Res::Module).into_iter().collect(),
        "" | "std" | "core" | "alloc" => return Vec::new(),
        name => lookup(modules, from, name, visiting),
    };
    for segment in rest {
        let mut next = Vec::new();
        for res in &current {
            match (res, segment.as_str()) {
                (Res::Module(m), "super") => next.extend(modules.parent(*m).map(Res::Module)),
                (Res::Module(m), "self") => next.push(Res::Module(*m)),
                (Res::Module(m), name) => next.extend(lookup(modules, *m, name, visiting)),
                // An enum's variants, a trait's items: not items of their own.
                (Res::Def(..), _) => {}
            }
        }
        next.sort();
        next.dedup();
        current = next;
    }
    current
}

impl Modules for NameTable {
    fn parent(&self, m: usize) -> Option<usize> {
        self.modules[m].parent
    }

    fn own(&self, m: usize, name: &str) -> Vec<Res> {
        self.modules[m]
            .defs
            .iter()
            .enumerate()
            .filter(|(_, (n, _))| n == name)
            .map(|(index, (_, def))| match def {
                Def::Module(c) => Res::Module(*c),
                _ => Res::Def(m, index),
            })
            .collect()
    }

    fn imports(&self, m: usize) -> Vec<(&[String], Option<&str>)> {
        self.modules[m]
            .imports
            .iter()
            .map(|(path, name)| (path.as_slice(), name.as_deref()))
            .collect()
    }
}

impl NameTable {
    /// A table with only the crate root, `module_path!()` `crate_name`.
    pub fn new(crate_name: &str) -> NameTable {
        NameTable {
            modules: vec![Module::empty(crate_name.to_owned(), None)],
            items: ItemCache::default(),
        }
    }

    /// The crate root.
    pub const ROOT: usize = 0;

    /// Adds module `name` inside `parent`; returns its index.
    pub fn add_module(&mut self, parent: usize, name: &str) -> usize {
        self.items.clear();
        let path = format!("{}::{name}", self.modules[parent].path);
        self.modules.push(Module::empty(path, Some(parent)));
        let index = self.modules.len() - 1;
        self.modules[parent]
            .defs
            .push((name.to_owned(), Def::Module(index)));
        index
    }

    /// Records that `module` defines `name` (a type or an alias).
    pub fn add_def(&mut self, module: usize, name: &str, def: Def) {
        self.items.clear();
        self.modules[module].defs.push((name.to_owned(), def));
    }

    /// Records a `use` of `path` in `module`, binding `name` (`None`: a glob). The
    /// path is as written: `crate`, `self`, `super`, or `""` for a leading `::`.
    pub fn add_import(&mut self, module: usize, path: Vec<String>, name: Option<String>) {
        self.items.clear();
        self.modules[module].imports.push((path, name));
    }

    /// Records the struct, enum or union `name` of `module` for its auto traits.
    pub fn add_type_def(&mut self, module: usize, name: &str, def: TypeDef) {
        self.modules[module].types.push((name.to_owned(), def));
    }

    /// Records the trait `name` of `module` with its supertraits.
    pub fn add_trait(&mut self, module: usize, name: &str, supertraits: Vec<crate::ty::Bound>) {
        self.modules[module]
            .traits
            .push((name.to_owned(), supertraits));
    }

    /// Records an impl of `trait_` for every type that meets `bounds` (and `?Sized`).
    pub fn add_blanket_impl(&mut self, module: usize, trait_: Vec<String>, mut bounds: Vec<Bound>) {
        crate::ty::sort_bounds(&mut bounds);
        self.modules[module].blanket_impls.push((trait_, bounds));
    }

    /// The supertraits of the trait defined as definition `index` of module `m` when
    /// the trait holds for exactly the types that meet them: the module implements it
    /// for every type that does, unsized ones included (slog 2.8's `mod maybe { pub
    /// trait Send: marker::Send {} impl<T: marker::Send + ?Sized> Send for T {} }`), so
    /// no other impl can exist. A bound on it is a bound on them.
    fn bound_alias(&self, m: usize, index: usize) -> Option<&[Bound]> {
        let module = &self.modules[m];
        let name = &module.defs[index].0;
        let mut traits = module.traits.iter().filter(|(n, _)| n == name);
        let (_, supers) = traits.next()?;
        if traits.next().is_some() {
            // `#[cfg]`'d twins: which one the build has is not known here.
            return None;
        }
        let mut sorted = supers.clone();
        crate::ty::sort_bounds(&mut sorted);
        module
            .blanket_impls
            .iter()
            .any(|(names, bounds)| {
                *bounds == sorted
                    && matches!(
                        self.item(m, names),
                        Some((taken, Res::Def(dm, di))) if taken == names.len() && dm == m && di == index
                    )
            })
            .then_some(supers.as_slice())
    }

    /// The supertraits of the crate's trait defined as `def` (`k::traits::Observer`),
    /// with the module they are written in, as the sources say now; `None` when no
    /// module of that path defines it, or `#[cfg]`'d twins differ.
    pub fn supertraits(&self, def: &str) -> Option<(&str, &[crate::ty::Bound])> {
        self.defined(def, |m| &m.traits)
            .map(|(module, bounds)| (module, bounds.as_slice()))
    }

    /// Whether the definition `index` of module `m` is a trait.
    fn is_trait(&self, m: usize, index: usize) -> bool {
        let module = &self.modules[m];
        let name = &module.defs[index].0;
        module.traits.iter().any(|(n, _)| n == name)
    }

    /// What `list` of the module `def`'s path names records under its last name, with
    /// that module's path; `None` when nothing is, or `#[cfg]`'d twins differ.
    fn defined<T: PartialEq>(
        &self,
        def: &str,
        list: impl Fn(&Module) -> &Vec<(String, T)>,
    ) -> Option<(&str, &T)> {
        let (path, name) = def.rsplit_once("::")?;
        let module = &self.modules[self.module(path)?];
        let mut found = list(module).iter().filter(|(n, _)| n == name);
        let (_, first) = found.next()?;
        found
            .all(|(_, other)| other == first)
            .then_some((module.path.as_str(), first))
    }

    /// Records a struct or enum of `module` that derives a serde trait, with its shape.
    pub fn add_wire_type(&mut self, module: usize, name: &str, shape: crate::shape::ItemShape) {
        self.modules[module]
            .wire_types
            .push((name.to_owned(), shape));
    }

    /// The serde-deriving struct or enum defined as `def`, with its module, as the
    /// sources say now; `None` when none is, or `#[cfg]`'d twins differ.
    pub fn wire_type(&self, def: &str) -> Option<(&str, &crate::shape::ItemShape)> {
        self.defined(def, |m| &m.wire_types)
    }

    /// Records an impl of an auto trait written in `module`.
    pub fn add_auto_impl(&mut self, module: usize, auto_impl: AutoImpl) {
        self.modules[module].auto_impls.push(auto_impl);
    }

    /// Records an item-position call of macro `name` in `module`, with the
    /// identifiers of its tokens.
    pub fn add_macro_call(&mut self, module: usize, name: &str, mut idents: Vec<String>) {
        idents.sort();
        idents.dedup();
        self.modules[module]
            .macro_calls
            .push((name.to_owned(), idents));
    }

    /// Records a `macro_rules! name` of `module`, and whether its body names an auto
    /// trait.
    pub fn add_macro_rules(&mut self, module: usize, name: &str, names_auto_trait: bool) {
        self.modules[module]
            .macro_rules
            .push((name.to_owned(), names_auto_trait));
    }

    /// Every identifier of the crate's item-position calls of a macro that may write
    /// an impl of an auto trait: another crate's, or one of the crate's whose body
    /// names one. A type named there may have an impl this table does not hold.
    pub fn named_by_macro_calls(&self) -> BTreeSet<&str> {
        let mut local: BTreeMap<&str, bool> = BTreeMap::new();
        for (name, auto) in self.modules.iter().flat_map(|m| &m.macro_rules) {
            *local.entry(name.as_str()).or_default() |= *auto;
        }
        self.modules
            .iter()
            .flat_map(|m| &m.macro_calls)
            .filter(|(mac, _)| {
                local
                    .get(mac.as_str())
                    .copied()
                    .unwrap_or_else(|| !WRITE_NO_IMPL.contains(&mac.as_str()))
            })
            .flat_map(|(_, idents)| idents.iter().map(String::as_str))
            .collect()
    }

    /// Whether some module of the crate defines a type-namespace item `name` (a trait
    /// of the crate may share a name with one of std's).
    pub fn defines_type(&self, name: &str) -> bool {
        self.modules.iter().any(|m| {
            m.defs
                .iter()
                .any(|(n, d)| n == name && !matches!(d, Def::Value))
        })
    }

    /// The definitions of the struct, enum or union `name` of `module` (twins each).
    pub fn type_defs<'a>(
        &'a self,
        module: usize,
        name: &'a str,
    ) -> impl Iterator<Item = &'a TypeDef> {
        self.modules[module]
            .types
            .iter()
            .filter(move |(n, _)| n == name)
            .map(|(_, d)| d)
    }

    /// Every impl of an auto trait the crate's sources write, with its module.
    pub fn auto_impls(&self) -> impl Iterator<Item = (usize, &AutoImpl)> {
        self.modules
            .iter()
            .enumerate()
            .flat_map(|(m, module)| module.auto_impls.iter().map(move |i| (m, i)))
    }

    /// The `module_path!()` of module `m`.
    pub fn module_path(&self, m: usize) -> &str {
        &self.modules[m].path
    }

    /// The module whose `module_path!()` is `path`.
    pub fn module(&self, path: &str) -> Option<usize> {
        self.modules.iter().position(|m| m.path == path)
    }

    /// Where the crate binds extern crate `krate` as a module of another name
    /// (`pub use musli_macros as __macros;` at the root: `__macros`), by the path
    /// within the crate. Public or not: a path the package writes through it compiled.
    pub fn crate_aliases(&self, krate: &str) -> Vec<String> {
        let mut out = Vec::new();
        for m in &self.modules {
            for (path, bound) in &m.imports {
                let named = match path.as_slice() {
                    [only] | [_, only] if path.len() == 1 || path[0].is_empty() => only,
                    _ => continue,
                };
                let Some(bound) = bound.as_deref().filter(|_| named == krate) else {
                    continue;
                };
                let within: Vec<&str> = m.path.split("::").skip(1).chain([bound]).collect();
                out.push(within.join("::"));
            }
        }
        out
    }

    /// The number of modules.
    pub fn len(&self) -> usize {
        self.modules.len()
    }

    /// Whether the table has only its root and nothing in it.
    pub fn is_empty(&self) -> bool {
        self.modules.len() == 1 && self.modules[0].defs.is_empty()
    }

    fn resolve(
        &self,
        from: usize,
        path: &[String],
        visiting: &mut Vec<(usize, String)>,
    ) -> Vec<Res> {
        resolve(self, from, path, visiting)
    }

    /// The longest start of `names` that names one item, written in module `from`:
    /// how many segments it takes and the item. `None` when no start does, or more
    /// than one item could be meant (`#[cfg]`'d twins of different shapes).
    fn item(&self, from: usize, names: &[String]) -> Option<(usize, Res)> {
        self.items
            .get_or(from, names, || self.item_resolved(from, names))
    }

    fn item_resolved(&self, from: usize, names: &[String]) -> Option<(usize, Res)> {
        for k in (1..=names.len()).rev() {
            let mut defs: Vec<Res> = self
                .resolve(from, &names[..k], &mut Vec::new())
                .into_iter()
                .filter(|r| match *r {
                    Res::Def(module, index) => {
                        !matches!(self.modules[module].defs[index].1, Def::Value)
                    }
                    Res::Module(_) => false,
                })
                .collect();
            // Twins in one module (`#[cfg(unix)] struct S;`, `#[cfg(not(unix))] struct
            // S;`) are one name; twin aliases only when they agree.
            defs.dedup_by(|a, b| self.same_item(*a, *b));
            match defs.as_slice() {
                [] => continue,
                [one] => return Some((k, *one)),
                _ => return None,
            }
        }
        None
    }

    /// Whether the item `name` defined in module `module` is still named by the path
    /// of module `old` and `name` (`old` a `module_path!()`, which may be gone): a
    /// definition moved behind a `pub use` at its old place. Both namespaces count
    /// (a fn moved is named as a value).
    pub fn still_names(&self, old: &str, name: &str, module: &str) -> bool {
        let Some(here) = self.module(module) else {
            return false;
        };
        let mut path: Vec<String> = std::iter::once("crate".to_owned())
            .chain(old.split("::").skip(1).map(str::to_owned))
            .collect();
        path.push(name.to_owned());
        self.resolve(Self::ROOT, &path, &mut Vec::new())
            .into_iter()
            .any(|res| matches!(res, Res::Def(m, index) if m == here && self.modules[m].defs[index].0 == name))
    }

    /// The longest start of `names` (not all of it) that names one module, written
    /// in module `from`: how many segments it takes and the module.
    fn module_prefix(&self, from: usize, names: &[String]) -> Option<(usize, usize)> {
        (1..names.len()).rev().find_map(|k| {
            match self.resolve(from, &names[..k], &mut Vec::new()).as_slice() {
                [Res::Module(m)] => Some((k, *m)),
                _ => None,
            }
        })
    }

    fn same_item(&self, a: Res, b: Res) -> bool {
        let (Res::Def(ma, ia), Res::Def(mb, ib)) = (a, b) else {
            return a == b;
        };
        let (na, da) = &self.modules[ma].defs[ia];
        let (nb, db) = &self.modules[mb].defs[ib];
        ma == mb && na == nb && da == db
    }

    /// The definition path of a def: `crate`, its modules, its name.
    fn def_path(&self, module: usize, index: usize) -> Vec<Segment> {
        let mut out = vec![Segment::plain("crate")];
        out.extend(
            self.modules[module]
                .path
                .split("::")
                .skip(1)
                .map(Segment::plain),
        );
        out.push(Segment::plain(&self.modules[module].defs[index].0));
        out
    }
}

/// The crate's traits as its sources define them now (the macro's current side: it
/// reads the crate's names, not the other pinned items' shapes).
impl crate::variance::Types for NameTable {
    fn get(&self, _def: &str) -> Option<(&str, &crate::shape::ItemShape)> {
        None
    }

    fn supertraits(&self, def: &str) -> Option<(&str, &[crate::ty::Bound])> {
        NameTable::supertraits(self, def)
    }

    fn wire_type(&self, def: &str) -> Option<(&str, &crate::shape::ItemShape)> {
        NameTable::wire_type(self, def)
    }

    /// The crate's alias as its sources define it now (`#[cfg]`'d twins only where
    /// they agree).
    fn alias(&self, def: &str) -> Option<&AliasShape> {
        let (path, name) = def.rsplit_once("::")?;
        let module = &self.modules[self.module(path)?];
        let mut found = module.defs.iter().filter_map(|(n, d)| match d {
            Def::Alias(a) if n == name => Some(&**a),
            _ => None,
        });
        let first = found.next()?;
        found.all(|other| other == first).then_some(first)
    }
}

/// `t`, written in module `module` of the crate `table` is with the generic
/// parameters `params` in scope, with every path resolved to its item's definition
/// path (`crate::a::B`; another crate's under the name this crate calls it by, when
/// `externs` has its table) and every alias expanded.
pub fn canonical(
    table: &NameTable,
    externs: &dyn Externs,
    module: usize,
    params: &BTreeSet<String>,
    t: &Type,
) -> Type {
    Reader::new(table, params, externs).canonical(t, module)
}

/// The module and name of the item a definition path of `table` names (`crate::a::B`,
/// or under the crate's name, `dep::a::B`).
pub fn def_of(table: &NameTable, segments: &[&str]) -> Option<(usize, String)> {
    let (name, modules) = segments.split_last()?;
    let (_, inner) = modules.split_first()?;
    let root = &table.modules[NameTable::ROOT].path;
    let path = std::iter::once(root.as_str())
        .chain(inner.iter().copied())
        .collect::<Vec<_>>()
        .join("::");
    Some((table.module(&path)?, (*name).to_owned()))
}

/// The module and name of the item that `segments` (`dep::Mutex`, a path other crates
/// may write: through the crate's re-exports) names in `table`, its first segment the
/// crate's name. `None` when it does not name one item of the table.
pub fn item_of(table: &NameTable, segments: &[&str]) -> Option<(usize, String)> {
    let names: Vec<String> = segments.get(1..)?.iter().map(|s| (*s).to_owned()).collect();
    match table.item(NameTable::ROOT, &names)? {
        (taken, Res::Def(m, index)) if taken == names.len() => {
            Some((m, table.modules[m].defs[index].0.clone()))
        }
        _ => None,
    }
}

/// The canonical forms of types read in one module, with the generic parameters in
/// scope (they shadow every crate name).
struct Reader<'a> {
    table: &'a NameTable,
    params: &'a BTreeSet<String>,
    /// The tables of the crates it depends on.
    externs: &'a dyn Externs,
    /// What [`Reader::canonical`] answered, by module and type: learning a symbol's
    /// spellings reads each type and each of its parts, and a large symbol (nalgebra's
    /// `Matrix`, thousands of methods) names the same few types throughout.
    read: std::cell::RefCell<HashMap<(usize, Type), Type>>,
}

impl<'a> Reader<'a> {
    fn new(table: &'a NameTable, params: &'a BTreeSet<String>, externs: &'a dyn Externs) -> Self {
        Reader {
            table,
            params,
            externs,
            read: Default::default(),
        }
    }

    /// `t` with every crate path resolved to its item's definition path and every
    /// crate alias expanded.
    fn canonical(&self, t: &Type, module: usize) -> Type {
        let key = (module, t.clone());
        if let Some(known) = self.read.borrow().get(&key) {
            return known.clone();
        }
        let mut t = t.clone();
        self.ty(&mut t, module, self.params, 0);
        self.read.borrow_mut().insert(key, t.clone());
        t
    }

    /// Whether a path starting with `first`, written in `module`, names what it names
    /// from the crate root: the root has the name, the module does not, and it is not
    /// another crate's.
    fn root_relative(&self, first: &str, module: usize) -> bool {
        self.externs.table(first).is_none() && root_s_instead(self.table, module, first)
    }

    fn ty(&self, t: &mut Type, module: usize, params: &BTreeSet<String>, depth: usize) {
        match t {
            Type::Path(p) => {
                if let Some(expanded) = self.path(p, module, params, depth) {
                    *t = expanded;
                }
            }
            // The traits too: `dyn Drain` and `dyn crate::Drain` are one type.
            Type::Impl(bounds) | Type::Dyn(bounds) => {
                for b in bounds {
                    if let Bound::Trait { path, .. } = b {
                        self.path(path, module, params, depth);
                    }
                }
            }
            _ => children_mut(t, &mut |child| self.ty(child, module, params, depth)),
        }
    }

    fn args(&self, args: &mut Args, module: usize, params: &BTreeSet<String>, depth: usize) {
        args_mut(
            args,
            &mut |child| self.ty(child, module, params, depth),
            &mut |p| {
                self.path(p, module, params, depth);
            },
        );
    }

    /// Resolves `p` in place; an alias comes back as its expansion.
    fn path(
        &self,
        p: &mut Path,
        module: usize,
        params: &BTreeSet<String>,
        depth: usize,
    ) -> Option<Type> {
        for s in &mut p.segments {
            self.args(&mut s.args, module, params, depth);
        }
        if p.global && p.segments.first()?.name == "serde_core" {
            // `::serde_core::X` is read as `serde::X`, as the path written through
            // serde is (below).
            serde_core_reexport(p);
        }
        let first = p.segments.first()?;
        if p.global && p.segments.len() > 1 && !is_std_root(&first.name) {
            return self.global(p, module, depth);
        }
        if p.global || first.name == "Self" || params.contains(&first.name) {
            return None;
        }
        if first.name == "std" {
            std_reexport(p);
            return None;
        }
        // Edition 2015 wrote `use` paths from the crate root, and a golden records a type
        // imported so by that path (`use terminal::Terminal;` in `interface`: linefeed
        // 0.5's `terminal::Terminal`, 0.6's `crate::terminal::Terminal`): a path of a
        // module and more whose first name the module does not have, the root does, and
        // no dependency is, is read from the root. (A bare name is the scope's.) Asked
        // only of a path the module does not resolve: the table's answers are kept,
        // the lookups of the first name are not.
        let mut names: Vec<String> = p.segments.iter().map(|s| s.name.clone()).collect();
        if names.len() > 1
            && self.table.item(module, &names).is_none()
            && self.root_relative(&names[0], module)
        {
            p.segments.insert(0, Segment::plain("crate"));
            names.insert(0, "crate".to_owned());
        }
        let Some((taken, res)) = self.table.item(module, &names) else {
            // The path as written, kept only where a golden recorded paths to fall back on.
            let written = self.externs.has_records().then(|| p.clone());
            let through_serde = serde_core_reexport(p);
            // `serde_core::Serialize` read as serde's `serde::Serialize` (csv 1.4 moved
            // from serde to serde_core): a golden of the crate that named serde
            // recorded what that path named.
            let as_serde = written.as_ref().and(through_serde.then(|| p.clone()));
            let from_record = |p: &mut Path| {
                [written.clone(), as_serde.clone()]
                    .into_iter()
                    .flatten()
                    .find_map(|mut again| {
                        let out = self.recorded(&mut again, module, depth)?;
                        *p = again;
                        Some(out)
                    })
            };
            // Another crate's path (`serde_json::Map`): read in that crate's names
            // (serde's re-exports of serde_core as serde's); what they do not resolve,
            // as a golden recorded it.
            let read = |p: &mut Path| {
                let (out, resolved) = self.in_dependency(p, depth)?;
                if resolved {
                    return Some(out);
                }
                Some(from_record(p).unwrap_or(out))
            };
            if let Some(out) = read(p) {
                return out;
            }
            if through_serde {
                return from_record(p).unwrap_or(None);
            }
            // Through a shim module of the crate into std: the std item; through a
            // dependency renamed in the crate (`extern crate lmdb_sys as ffi;`), that
            // dependency's, read in its names.
            if respell_through_std(p, module, self.table) {
                if is_std_root(&p.segments[0].name) {
                    return None;
                }
                return read(p).unwrap_or_else(|| from_record(p).unwrap_or(None));
            }
            // A crate no longer a dependency, as a golden recorded it; a definition path
            // of the crate the golden's day had, as its public path.
            if let Some(out) = from_record(p) {
                return out;
            }
            // An item the table does not know (a macro defines it) in a module it
            // knows: one name in one module is one item, however the module is reached.
            if let Some((taken, m)) = self.table.module_prefix(module, &names) {
                let mut segments = vec![Segment::plain("crate")];
                segments.extend(
                    self.table.modules[m]
                        .path
                        .split("::")
                        .skip(1)
                        .map(Segment::plain),
                );
                segments.extend(p.segments.drain(taken..));
                p.segments = segments;
            }
            return None;
        };
        let Res::Def(m, index) = res else {
            return None;
        };
        if let Def::Alias(alias) = &self.table.modules[m].defs[index].1 {
            // An alias names a type only as the whole path (`Alias::Assoc` would be
            // another type's item).
            if taken != p.segments.len() || depth >= MAX_DEPTH {
                return None;
            }
            return self.expand(alias, m, &p.segments[taken - 1].args, depth, None);
        }
        let whole = taken == p.segments.len();
        let args = std::mem::take(&mut p.segments[taken - 1].args);
        let mut segments = self.table.def_path(m, index);
        if let Some(last) = segments.last_mut() {
            last.args = args;
        }
        segments.extend(p.segments.drain(taken..));
        p.segments = segments;
        // A trait where a type is written is a trait object without `dyn` (editions
        // 2015 and 2018: slog 2.7's `Box<Drain>`), as std's are read.
        (whole && self.table.is_trait(m, index)).then(|| {
            Type::Dyn(vec![Bound::Trait {
                hrtb: Vec::new(),
                maybe: false,
                path: p.clone(),
            }])
        })
    }

    /// What a bound on the trait `path` (written in `module`) is a bound on, when the
    /// trait holds for exactly the types that meet its supertraits
    /// ([`NameTable::bound_alias`]): those supertraits, themselves expanded, each
    /// resolved where it is written (the crate's by their definition paths). `None`
    /// for any other bound.
    fn alias_bounds(&self, path: &Path, module: usize, depth: usize) -> Option<Vec<Bound>> {
        if path.global || depth > MAX_DEPTH || path.segments.iter().any(|s| s.args != Args::None) {
            return None;
        }
        let names: Vec<String> = path.segments.iter().map(|s| s.name.clone()).collect();
        let (taken, Res::Def(m, index)) = self.table.item(module, &names)? else {
            return None;
        };
        let supers = self
            .table
            .bound_alias(m, index)
            .filter(|_| taken == names.len())?;
        let mut out = Vec::new();
        for b in supers {
            match b {
                Bound::Trait {
                    path: sup,
                    maybe: false,
                    hrtb,
                } if hrtb.is_empty() => {
                    if let Some(inner) = self.alias_bounds(sup, m, depth + 1) {
                        out.extend(inner);
                        continue;
                    }
                    // A supertrait that names the trait itself is std's, as a shape
                    // writes a prelude trait (`marker::Send` is `Send`; a trait cannot
                    // be its own supertrait).
                    let sup_names: Vec<String> =
                        sup.segments.iter().map(|s| s.name.clone()).collect();
                    let itself = matches!(
                        self.table.item(m, &sup_names),
                        Some((t, Res::Def(sm, si))) if t == sup_names.len() && (sm, si) == (m, index)
                    );
                    let mut resolved = sup.clone();
                    if !itself {
                        self.path(&mut resolved, m, self.params, depth);
                    }
                    out.push(Bound::Trait {
                        hrtb: Vec::new(),
                        maybe: false,
                        path: resolved,
                    });
                }
                Bound::Lifetime(_) => out.push(b.clone()),
                _ => return None,
            }
        }
        Some(out)
    }

    /// `::bitflags::_core::option::Option`, another crate's path as a macro's `$crate`
    /// writes it: read in that crate's names (its `_core` is `extern crate core as
    /// _core`), or else as a golden recorded it (the crate may be a dependency no more:
    /// syntect 5.3 wrote the type out and dropped bitflags). Otherwise as written.
    fn global(&self, p: &mut Path, module: usize, depth: usize) -> Option<Type> {
        let mut bare = Path {
            global: false,
            segments: p.segments.clone(),
        };
        let written = bare.clone();
        if let Some((out, true)) = self.in_dependency(&mut bare, depth) {
            *p = bare;
            return out;
        }
        let mut again = written;
        let out = self.recorded(&mut again, module, depth)?;
        *p = again;
        out
    }

    /// `p`, a path of two names or more whose first is a dependency whose names were
    /// read, read in them (rewritten in place): what [`Reader::path`] returns, and
    /// whether they resolve it. `None` for any other path.
    fn in_dependency(&self, p: &mut Path, depth: usize) -> Option<(Option<Type>, bool)> {
        let names: Vec<String> = p.segments.iter().map(|s| s.name.clone()).collect();
        let ext = self.externs.table(&names[0]).filter(|_| names.len() > 1)?;
        let out = self.external(ext, p, &names, depth);
        Some((out, !unresolved(p)))
    }

    /// `p` (another crate's path as written, its arguments read) as a golden recorded
    /// what it named ([`Externs::recorded`]): `Some` of what [`Reader::path`] returns
    /// when there is a record, `p` rewritten. Only a path whose arguments, if any, are
    /// its last segment's: they go on the recorded path's last segment.
    fn recorded(&self, p: &mut Path, module: usize, depth: usize) -> Option<Option<Type>> {
        let (last, init) = p.segments.split_last()?;
        if p.global || init.iter().any(|s| s.args != Args::None) {
            return None;
        }
        // A bare name is the module's own, by its definition path (a type its module
        // no longer defines under that name: fjall 3.1.13's `TxDatabase`, now defined
        // as its public name `SingleWriterTxDatabase`).
        let names: Vec<&str> = match init.is_empty() {
            true => std::iter::once("crate")
                .chain(self.table.module_path(module).split("::").skip(1))
                .chain(std::iter::once(last.name.as_str()))
                .collect(),
            false => p.segments.iter().map(|s| s.name.as_str()).collect(),
        };
        let key = names.join("::");
        match self.externs.recorded(&key)? {
            Type::Path(q) => {
                let args = last.args.clone();
                *p = q.clone();
                if let Some(l) = p.segments.last_mut() {
                    if args != Args::None {
                        l.args = args;
                    }
                }
                // A path of the crate (an item's public path for its definition path
                // of the golden's day): read in the crate's names now.
                if p.segments[0].name == "crate" && depth < MAX_DEPTH {
                    return Some(self.path(p, module, self.params, depth + 1));
                }
                Some(None)
            }
            other if last.args == Args::None => Some(Some(other.clone())),
            _ => None,
        }
    }

    /// `p`, whose first segment names the crate `ext` is the table of, resolved in
    /// it: the item's definition path with the crate's name for `crate`
    /// (`serde_json::map::Map` for `serde_json::Map`), an alias expanded. What the
    /// crate's names do not resolve (a re-export of a third crate) stays as written.
    fn external(
        &self,
        ext: &NameTable,
        p: &mut Path,
        names: &[String],
        depth: usize,
    ) -> Option<Type> {
        let crate_name = names[0].clone();
        let found = ext.item(NameTable::ROOT, &names[1..]);
        let Some((taken, Res::Def(m, index))) = found else {
            // Through the crate's `use` of std (`pub use std::time::*;` in web-time, a
            // shim module into std): std's item, as for the crate's own paths.
            if found.is_none() {
                let mut within = p.clone();
                within.segments[0] = Segment::plain("crate");
                if respell_through_std(&mut within, NameTable::ROOT, ext) {
                    *p = within;
                    return None;
                }
            }
            // A re-export of a third crate (hyper's `pub use http::StatusCode;`): that
            // crate's item, read in the dependency's own dependencies' names and named
            // by the dependency's name for it, as a path written to it directly is.
            if found.is_none() {
                if let Some(read) = self.through_third_crate(ext, &crate_name, p, names, depth) {
                    return read;
                }
            }
            // Its sources do not say what this is (an item its macros define, a
            // re-export of a third crate not read): any of its paths to an item of that
            // name may be it, as for a crate not read at all (`Policy::unread_crates`).
            // The crate and the name, the arguments kept.
            let last = p.segments.pop().expect("a path of two segments or more");
            p.segments = vec![
                Segment::plain(&crate_name),
                Segment::plain("\u{0}unresolved"),
                last,
            ];
            return None;
        };
        let taken = taken + 1;
        if let Def::Alias(alias) = &ext.modules[m].defs[index].1 {
            if taken != p.segments.len() || depth >= MAX_DEPTH {
                return None;
            }
            let inner = Reader::new(ext, self.params, &NoExterns);
            let args = &p.segments[taken - 1].args;
            return inner.expand(alias, m, args, depth, Some(&crate_name));
        }
        let args = std::mem::take(&mut p.segments[taken - 1].args);
        let mut segments = ext.def_path(m, index);
        under_crate_name(&mut segments, &crate_name);
        if let Some(last) = segments.last_mut() {
            last.args = args;
        }
        segments.extend(p.segments.drain(taken..));
        p.segments = segments;
        None
    }

    /// `p` (`hyper::StatusCode`, of the crate `ext` that the package calls
    /// `crate_name`), when the crate re-exports it from a third crate it depends on
    /// (`pub use http::StatusCode;`), rewritten as that crate's item (`http::status::
    /// StatusCode`), with what [`Reader::external`] answers there. `None` when it does
    /// not, or the third crate is not read.
    fn through_third_crate(
        &self,
        ext: &NameTable,
        crate_name: &str,
        p: &mut Path,
        names: &[String],
        depth: usize,
    ) -> Option<Option<Type>> {
        if depth >= MAX_DEPTH || p.segments.len() != names.len() {
            return None;
        }
        let third = third_crate_path(ext, &names[1..])?;
        let externs = self.externs.externs_of(crate_name)?;
        let table = externs.table(&third[0])?;
        let args = p.segments.last()?.args.clone();
        let mut read = Path {
            global: false,
            segments: third.iter().map(|n| Segment::plain(n)).collect(),
        };
        read.segments.last_mut()?.args = args;
        let inner = Reader::new(ext, self.params, externs);
        let expanded = inner.external(table, &mut read, &third, depth + 1);
        *p = read;
        Some(expanded)
    }

    /// The target of `alias` (defined in module `m`) with `args` (already canonical)
    /// for its parameters; `None` when they do not fit (a missing type argument
    /// without a default, a const parameter).
    fn expand(
        &self,
        alias: &AliasShape,
        m: usize,
        args: &Args,
        depth: usize,
        crate_name: Option<&str>,
    ) -> Option<Type> {
        // The table's own paths (`crate::error::Error`) under the name another crate
        // calls it by, before the arguments (read in that crate) go in.
        let under_its_name = |t: &mut Type| {
            let Some(name) = crate_name else { return };
            t.walk_mut(&mut |node| {
                if let Type::Path(q) = node {
                    if !q.global {
                        under_crate_name(&mut q.segments, name);
                    }
                }
            });
        };
        let given: &[GenericArg] = match args {
            Args::None => &[],
            Args::Angle(a) => a,
            Args::Paren { .. } => return None,
        };
        let mut lifetimes = given.iter().filter_map(|a| match a {
            GenericArg::Lifetime(l) => Some(l.clone()),
            _ => None,
        });
        let mut types = given.iter().filter_map(|a| match a {
            GenericArg::Type(t) => Some(t.clone()),
            _ => None,
        });
        if given
            .iter()
            .any(|a| !matches!(a, GenericArg::Lifetime(_) | GenericArg::Type(_)))
        {
            return None;
        }
        let own: BTreeSet<String> = alias
            .generics
            .params
            .iter()
            .map(|p| p.name().to_owned())
            .collect();
        let mut lifetime_map = BTreeMap::new();
        let mut type_map = BTreeMap::new();
        for param in &alias.generics.params {
            match param {
                GenericParam::Lifetime { name, .. } => {
                    let l = lifetimes.next().unwrap_or_else(|| "'_".to_owned());
                    lifetime_map.insert(name.clone(), l);
                }
                GenericParam::Type { name, default, .. } => {
                    let t = match types.next() {
                        Some(t) => t,
                        None => {
                            let mut d = default.clone()?;
                            self.ty(&mut d, m, &own, depth + 1);
                            under_its_name(&mut d);
                            d
                        }
                    };
                    type_map.insert(name.clone(), t);
                }
                GenericParam::Const { .. } => return None,
            }
        }
        if lifetimes.next().is_some() || types.next().is_some() {
            return None;
        }
        let mut target = alias.target.clone();
        self.ty(&mut target, m, &own, depth + 1);
        under_its_name(&mut target);
        target.lifetimes_mut(&mut |l| {
            if let Some(n) = lifetime_map.get(l.as_str()) {
                l.clone_from(n);
            }
        });
        substitute(&mut target, &type_map);
        Some(target)
    }
}

/// Items std offers under two paths (below `std`), each with the path read as
/// canonical: the `pub use`s of std's own sources (`collections/mod.rs`,
/// `collections/hash/map.rs`, `os/raw/mod.rs`, `ffi/mod.rs`). Kept true by
/// `tests/std_reexports.rs`, which compiles each pair as one type and holds this table
/// to its list. (`core::` and `alloc::` are already read as `std::`.)
pub const STD_REEXPORTS: &[(&str, &str)] = &[
    ("collections::hash_map::HashMap", "collections::HashMap"),
    ("collections::hash_set::HashSet", "collections::HashSet"),
    ("collections::btree_map::BTreeMap", "collections::BTreeMap"),
    ("collections::btree_set::BTreeSet", "collections::BTreeSet"),
    ("collections::vec_deque::VecDeque", "collections::VecDeque"),
    (
        "collections::linked_list::LinkedList",
        "collections::LinkedList",
    ),
    (
        "collections::binary_heap::BinaryHeap",
        "collections::BinaryHeap",
    ),
    ("collections::hash_map::RandomState", "hash::RandomState"),
    (
        "collections::hash_map::DefaultHasher",
        "hash::DefaultHasher",
    ),
    ("ffi::c_str::CStr", "ffi::CStr"),
    ("ffi::c_str::CString", "ffi::CString"),
    ("os::raw::c_char", "ffi::c_char"),
    ("os::raw::c_double", "ffi::c_double"),
    ("os::raw::c_float", "ffi::c_float"),
    ("os::raw::c_int", "ffi::c_int"),
    ("os::raw::c_long", "ffi::c_long"),
    ("os::raw::c_longlong", "ffi::c_longlong"),
    ("os::raw::c_schar", "ffi::c_schar"),
    ("os::raw::c_short", "ffi::c_short"),
    ("os::raw::c_uchar", "ffi::c_uchar"),
    ("os::raw::c_uint", "ffi::c_uint"),
    ("os::raw::c_ulong", "ffi::c_ulong"),
    ("os::raw::c_ulonglong", "ffi::c_ulonglong"),
    ("os::raw::c_ushort", "ffi::c_ushort"),
    ("os::raw::c_void", "ffi::c_void"),
];

/// What serde re-exports of serde_core (serde 1.0.220 and later: `pub use serde_core::{de,
/// ser, Deserialize, Deserializer, Serialize, Serializer, …}` in serde's `lib.rs`), so
/// that `serde_core::de::DeserializeOwned` and `serde::de::DeserializeOwned` are one
/// trait (csv 1.4 moved from serde to serde_core). Kept true by
/// `tests/serde_reexports.rs`, which compiles each as one trait under both crates.
pub const SERDE_CORE_REEXPORTS: &[&str] = &[
    "de",
    "ser",
    "Deserialize",
    "Deserializer",
    "Serialize",
    "Serializer",
];

/// A path of another crate's table (`crate::error::Error`) under the name the reading
/// crate calls that crate (`serde_json::error::Error`).
fn under_crate_name(segments: &mut [Segment], crate_name: &str) {
    if let Some(first) = segments.first_mut().filter(|s| s.name == "crate") {
        *first = Segment::plain(crate_name);
    }
}

/// A path into serde_core through one of [`SERDE_CORE_REEXPORTS`], spelled as serde
/// re-exports it (`serde::…`, the crate most code names): true when rewritten.
fn serde_core_reexport(p: &mut Path) -> bool {
    let through_reexport = p.segments.len() >= 2
        && p.segments[0].name == "serde_core"
        && p.segments[0].args == Args::None
        && SERDE_CORE_REEXPORTS.contains(&p.segments[1].name.as_str());
    if through_reexport {
        p.segments[0].name = "serde".to_owned();
        p.global = false;
    }
    through_reexport
}

/// `std::…` `p` in the canonical spelling of [`STD_REEXPORTS`], its arguments kept.
fn std_reexport(p: &mut Path) {
    if p.segments[..p.segments.len() - 1]
        .iter()
        .any(|s| s.args != Args::None)
    {
        return;
    }
    let below: Vec<&str> = p.segments[1..].iter().map(|s| s.name.as_str()).collect();
    let joined = below.join("::");
    let Some((_, canonical)) = STD_REEXPORTS.iter().find(|(from, _)| *from == joined) else {
        return;
    };
    let args = p
        .segments
        .last()
        .map(|s| s.args.clone())
        .unwrap_or(Args::None);
    p.segments = std::iter::once("std")
        .chain(canonical.split("::"))
        .map(Segment::plain)
        .collect();
    if let Some(last) = p.segments.last_mut() {
        last.args = args;
    }
}

/// Replaces each parameter named in `map` with its argument, not looking inside
/// what it put in (an argument may mention a name that is also a parameter).
pub(crate) fn substitute(t: &mut Type, map: &BTreeMap<String, Type>) {
    if let Type::Path(p) = t {
        if let Some(name) = p.as_ident() {
            if let Some(arg) = map.get(name) {
                *t = arg.clone();
                return;
            }
        }
    }
    children_mut(t, &mut |child| substitute(child, map));
}

/// Calls `f` on each type directly inside `t` (not on `t`, not deeper).
fn children_mut(t: &mut Type, f: &mut dyn FnMut(&mut Type)) {
    let mut no_path = |_: &mut Path| {};
    match t {
        Type::Path(p) => p
            .segments
            .iter_mut()
            .for_each(|s| args_mut(&mut s.args, f, &mut no_path)),
        Type::Qualified {
            self_ty,
            trait_path,
            rest,
        } => {
            f(self_ty);
            if let Some(p) = trait_path {
                p.segments
                    .iter_mut()
                    .for_each(|s| args_mut(&mut s.args, f, &mut no_path));
            }
            rest.iter_mut()
                .for_each(|s| args_mut(&mut s.args, f, &mut no_path));
        }
        Type::Ref { elem, .. } | Type::Ptr { elem, .. } | Type::Slice(elem) => f(elem),
        Type::Array { elem, .. } => f(elem),
        Type::Tuple(elems) => elems.iter_mut().for_each(f),
        Type::FnPtr(fp) => {
            fp.inputs.iter_mut().for_each(&mut *f);
            if let Some(o) = &mut fp.output {
                f(o);
            }
        }
        Type::Impl(bounds) | Type::Dyn(bounds) => {
            for b in bounds {
                if let Bound::Trait { path, .. } = b {
                    path.segments
                        .iter_mut()
                        .for_each(|s| args_mut(&mut s.args, f, &mut no_path));
                }
            }
        }
        Type::Never | Type::Infer | Type::Verbatim(_) => {}
    }
}

/// Calls `ty` on each type argument in `args` and `trait_path` on the trait of each
/// associated-type constraint's bounds.
fn args_mut(args: &mut Args, ty: &mut dyn FnMut(&mut Type), trait_path: &mut dyn FnMut(&mut Path)) {
    match args {
        Args::None => {}
        Args::Angle(list) => {
            for a in list {
                match a {
                    GenericArg::Type(t) => ty(t),
                    GenericArg::AssocType {
                        generics, ty: t, ..
                    } => {
                        for g in generics {
                            if let GenericArg::Type(t) = g {
                                ty(t);
                            }
                        }
                        ty(t);
                    }
                    GenericArg::Constraint { bounds, .. } => {
                        for b in bounds {
                            if let Bound::Trait { path, .. } = b {
                                trait_path(path);
                            }
                        }
                    }
                    GenericArg::Lifetime(_)
                    | GenericArg::Const(_)
                    | GenericArg::AssocConst { .. } => {}
                }
            }
        }
        Args::Paren { inputs, output } => {
            inputs.iter_mut().for_each(&mut *ty);
            if let Some(o) = output {
                ty(o);
            }
        }
    }
}

/// What one way of reading a path through the crate's modules reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Reached {
    /// A path of std, `core` or `alloc`, or of a dependency, as the crate imports it.
    Std(Vec<String>),
    /// Something of the crate's own (or a module): not std.
    Local,
}

fn is_std_root(name: &str) -> bool {
    matches!(name, "std" | "core" | "alloc")
}

/// Whether an import's first name may be another crate's: not a path into this one
/// (the caller has found no module or item of the crate by that name).
fn is_extern_root(name: &str) -> bool {
    !name.is_empty() && !matches!(name, "crate" | "self" | "super" | "Self")
}

/// The std path `path` names when, written in module `from`, it leaves the crate
/// through the crate's own modules: `crate::stdlib::any::Any` where `mod stdlib {
/// pub(crate) use std::*; }` (tracing-core's shim for `no_std`), read as
/// `std::any::Any`. `None` when it names something of the crate's, does not leave
/// through a `use` of std, or the ways of reading it (cfg'd twins of the shim) name
/// different std items. Only paths of two segments or more are read: a single name
/// a glob supplies is left as written.
pub fn std_path_through(
    modules: &(impl Modules + ?Sized),
    from: usize,
    path: &[String],
) -> Option<Vec<String>> {
    if path.len() < 2 || is_std_root(&path[0]) || path[0].is_empty() {
        return None;
    }
    let (start, rest) = match path[0].as_str() {
        "crate" => (0, &path[1..]),
        "self" => (from, &path[1..]),
        "super" => (modules.parent(from)?, &path[1..]),
        _ => (from, path),
    };
    let mut rest = rest;
    let mut start = start;
    while rest.first().map(String::as_str) == Some("super") {
        start = modules.parent(start)?;
        rest = &rest[1..];
    }
    let mut out = Vec::new();
    reach(modules, start, rest, &mut Vec::new(), &mut out);
    let mut read = out.into_iter().map(|r| match r {
        Reached::Std(p) => {
            let mut path = Path {
                global: false,
                segments: p.iter().map(|n| Segment::plain(n)).collect(),
            };
            std_reexport(&mut path);
            // As extraction writes a std path: a prelude item by its name.
            crate::ty::normalize_std(&mut path);
            Some(
                path.segments
                    .into_iter()
                    .map(|s| s.name)
                    .collect::<Vec<_>>(),
            )
        }
        Reached::Local => None,
    });
    let first = read.next()??;
    read.all(|r| r.as_ref() == Some(&first)).then_some(first)
}

/// Every way `rest`, looked up in module `m`, may be read (see [`std_path_through`]).
fn reach(
    modules: &(impl Modules + ?Sized),
    m: usize,
    rest: &[String],
    visiting: &mut Vec<(usize, String)>,
    out: &mut Vec<Reached>,
) {
    let Some((first, tail)) = rest.split_first() else {
        // A module, not an item.
        out.push(Reached::Local);
        return;
    };
    let key = (m, first.clone());
    if visiting.contains(&key) || visiting.len() > 32 {
        return;
    }
    let own = modules.own(m, first);
    for res in &own {
        match res {
            Res::Module(c) => reach(modules, *c, tail, visiting, out),
            Res::Def(..) => out.push(Reached::Local),
        }
    }
    if !own.is_empty() {
        return;
    }
    visiting.push(key);
    let imports = modules.imports(m);
    let mut named = false;
    for (path, bound) in &imports {
        if *bound != Some(first.as_str()) {
            continue;
        }
        named = true;
        if path.first().is_some_and(|f| is_std_root(f)) {
            out.push(Reached::Std(path.iter().chain(tail).cloned().collect()));
            continue;
        }
        // `use std as alloc; pub use self::alloc::boxed::Box;` (erased-serde 0.3's
        // shim): the import's first name is std under another name in this module.
        let local = match path.first().map(String::as_str) {
            Some("self") => &path[1..],
            _ => &path[..],
        };
        let std_renamed = local.split_first().and_then(|(head, after)| {
            imports
                .iter()
                .find(|(p, b)| *b == Some(head.as_str()) && p.len() == 1 && is_std_root(&p[0]))
                .map(|(p, _)| (p, after))
        });
        if let Some((std_root, after)) = std_renamed {
            out.push(Reached::Std(
                std_root.iter().chain(after).chain(tail).cloned().collect(),
            ));
            continue;
        }
        let found = resolve_import(modules, m, path, visiting);
        // `use crossbeam_epoch as epoch;`: a dependency renamed inside the crate
        // (crossbeam-skiplist 0.1.2) is read as that dependency's path. Only a renamed
        // crate: another crate's item imported by its name stays as the crate spells
        // it, which the comparison reads through the dependency's names.
        let renamed_crate = path.len() == 1 && path[0] != first.as_str();
        if found.is_empty() && renamed_crate && is_extern_root(&path[0]) {
            out.push(Reached::Std(path.iter().chain(tail).cloned().collect()));
            continue;
        }
        // `use ffi;` in a module, `ffi` a dependency the crate root renames (`extern
        // crate lmdb_sys as ffi;`, in every module's names since): read at the root.
        if found.is_empty() && m != NameTable::ROOT && path.len() == 1 && !renamed_crate {
            reach(modules, NameTable::ROOT, rest, visiting, out);
            continue;
        }
        for res in found {
            match res {
                Res::Module(c) => reach(modules, c, tail, visiting, out),
                Res::Def(..) => out.push(Reached::Local),
            }
        }
    }
    // Edition 2015 wrote `use` paths from the crate root (xz2 0.1.6's `use
    // stream::Stream;` in `bufread`, beside `use std::io::prelude::*;`): such a name
    // is the root's, never one a glob of std might hold.
    if !named && root_s_instead(modules, m, first) {
        reach(modules, NameTable::ROOT, rest, visiting, out);
        named = true;
    }
    if !named {
        for (path, bound) in &imports {
            if bound.is_some() {
                continue;
            }
            if path.first().is_some_and(|f| is_std_root(f)) {
                // `use std::*;` supplies modules (`any`, `fmt`), never an item to
                // stop at: a name it supplies must lead on.
                if path.len() == 1 && tail.is_empty() {
                    continue;
                }
                out.push(Reached::Std(path.iter().chain(rest).cloned().collect()));
                continue;
            }
            for res in resolve_import(modules, m, path, visiting) {
                if let Res::Module(t) = res {
                    reach(modules, t, rest, visiting, out);
                }
            }
        }
    }
    visiting.pop();
}

/// The path into a third crate that `names` (below the root of `table`) re-exports
/// through a `use` of it, of the item (hyper's `pub use http::StatusCode;`: `["http",
/// "StatusCode"]`) or of a module on the way (serde's `pub use serde_core::ser;` makes
/// `ser::Serializer` `["serde_core", "ser", "Serializer"]`). Not std's (read as std's
/// elsewhere) nor the crate's own.
fn third_crate_path(table: &NameTable, names: &[String]) -> Option<Vec<String>> {
    let mut m = NameTable::ROOT;
    for (i, name) in names.iter().enumerate() {
        let own = table.own(m, name).into_iter().find_map(|r| match r {
            Res::Module(c) => Some(c),
            Res::Def(..) => None,
        });
        if let Some(c) = own {
            m = c;
            continue;
        }
        let imported = table.imports(m).into_iter().find_map(|(path, bound)| {
            let outside = path.len() >= 2
                && !is_std_root(&path[0])
                && !matches!(path[0].as_str(), "crate" | "self" | "super" | "")
                && table.own(NameTable::ROOT, &path[0]).is_empty();
            (bound == Some(name.as_str()) && outside).then_some(path)
        })?;
        return Some(imported.iter().chain(&names[i + 1..]).cloned().collect());
    }
    None
}

/// `p` (written in module `module`) rewritten as the std path it names through the
/// crate's own modules ([`std_path_through`]), its last arguments kept; whether it was.
fn respell_through_std(p: &mut Path, module: usize, modules: &(impl Modules + ?Sized)) -> bool {
    let Some((last, init)) = p.segments.split_last() else {
        return false;
    };
    if p.global || init.iter().any(|s| s.args != Args::None) {
        return false;
    }
    let names: Vec<String> = p.segments.iter().map(|s| s.name.clone()).collect();
    let Some(std) = std_path_through(modules, module, &names) else {
        return false;
    };
    let args = last.args.clone();
    p.segments = std.iter().map(|n| Segment::plain(n)).collect();
    if let Some(last) = p.segments.last_mut() {
        last.args = args;
    }
    true
}

/// Calls `f` on every path in `t`: of types, and of traits in bounds.
fn paths_mut(t: &mut Type, f: &mut dyn FnMut(&mut Path)) {
    match t {
        Type::Path(p) => {
            f(p);
            for s in &mut p.segments {
                args_paths(&mut s.args, f);
            }
        }
        Type::Impl(bounds) | Type::Dyn(bounds) => {
            for b in bounds {
                if let Bound::Trait { path, .. } = b {
                    trait_paths_mut(path, f);
                }
            }
        }
        Type::Qualified { trait_path, .. } => {
            if let Some(p) = trait_path {
                trait_paths_mut(p, f);
            }
            children_mut(t, &mut |child| paths_mut(child, f));
        }
        _ => children_mut(t, &mut |child| paths_mut(child, f)),
    }
}

fn trait_paths_mut(p: &mut Path, f: &mut dyn FnMut(&mut Path)) {
    f(p);
    for s in &mut p.segments {
        args_paths(&mut s.args, f);
    }
}

fn args_paths(args: &mut Args, f: &mut dyn FnMut(&mut Path)) {
    match args {
        Args::None => {}
        Args::Angle(list) => {
            for a in list {
                match a {
                    GenericArg::Type(t) => paths_mut(t, f),
                    GenericArg::AssocType { generics, ty, .. } => {
                        for g in generics {
                            if let GenericArg::Type(t) = g {
                                paths_mut(t, f);
                            }
                        }
                        paths_mut(ty, f);
                    }
                    GenericArg::Constraint { bounds, .. } => {
                        for b in bounds {
                            if let Bound::Trait { path, .. } = b {
                                trait_paths_mut(path, f);
                            }
                        }
                    }
                    GenericArg::Lifetime(_)
                    | GenericArg::Const(_)
                    | GenericArg::AssocConst { .. } => {}
                }
            }
        }
        Args::Paren { inputs, output } => {
            inputs.iter_mut().for_each(|t| paths_mut(t, f));
            if let Some(o) = output {
                paths_mut(o, f);
            }
        }
    }
}

/// Rewrites every path of `fragment` (read in module `module`) that leaves the crate
/// into std (or a dependency) through the crate's own modules as the path it names
/// there (see [`std_path_through`]): a public-API set records `crate::stdlib::any::Any`
/// as `std::any::Any`, and `crate::epoch::Guard` under `use crossbeam_epoch as epoch;`
/// as `crossbeam_epoch::Guard`, so a release that drops the shim or the renaming
/// changes nothing. Returns whether anything was rewritten.
pub fn std_through_crate(
    fragment: &mut Fragment,
    module: usize,
    modules: &(impl Modules + ?Sized),
) -> bool {
    let mut changed = false;
    fragment_paths_mut(fragment, &mut |p| {
        changed |= respell_through_std(p, module, modules)
    });
    changed
}

/// The crates the paths of `symbol` start with where another crate can name them
/// (`indexmap` of `indexmap::IndexMap<K, V>`, `serde` of a re-export of
/// `serde::Serialize`): the first name of each path of two names or more, as written,
/// in its item (a struct's or union's `pub` fields only: a private field's type is no
/// consumer's to meet), members and implementors. Which of them are dependencies is
/// the caller's to say (see [`crate::dependencies`]).
pub fn crates_named_by(symbol: &Symbol) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut one = |p: &mut Path| {
        if p.segments.len() > 1 {
            out.insert(p.segments[0].name.clone());
        }
    };
    let public = |f: &crate::shape::FieldShape| f.vis == crate::shape::Visibility::Public;
    let mut seen = symbol.clone();
    match &mut seen.item {
        Some(ItemShape::Struct(s)) => s.fields.retain(public),
        Some(ItemShape::Union(u)) => u.fields.retain(public),
        _ => {}
    }
    copied_slots(&seen, &mut |_, slot| match slot {
        Slot::Type(t) => paths_mut(t, &mut one),
        Slot::Trait(p) => trait_paths_mut(p, &mut one),
    });
    out
}

/// Calls `f` on a copy of each slot of `symbol` (its item, members and implementors),
/// with the member it is in.
fn copied_slots(symbol: &Symbol, f: &mut dyn FnMut(Option<&str>, Slot<'_>)) {
    if let Some(item) = &symbol.item {
        item_members(&mut item.clone(), f);
    }
    methods_members(
        &mut symbol.methods.clone(),
        &mut symbol.consts.clone(),
        &mut symbol.types.clone(),
        f,
    );
    for i in &symbol.implementors {
        let mut i = i.clone();
        f(None, Slot::Type(&mut i.ty));
        for arg in trait_arg_types(&mut i.trait_args) {
            f(None, Slot::Type(arg));
        }
        generics_slots(&mut i.generics, &mut |s| f(None, s));
    }
}

/// Rewrites the first name of every path of `fragment` that `renames` has (a
/// dependency's name now, to the name a golden gave the same crate: `indexmap_v1` ->
/// `indexmap`; see [`crate::dependencies::renames`]). Returns whether anything was.
pub fn rename_crates(fragment: &mut Fragment, renames: &BTreeMap<String, String>) -> bool {
    if renames.is_empty() {
        return false;
    }
    let mut changed = false;
    fragment_paths_mut(fragment, &mut |p| changed |= rename_head(p, renames));
    changed
}

/// The first name of `p` as `renames` has it, if `p` has two names or more.
fn rename_head(p: &mut Path, renames: &BTreeMap<String, String>) -> bool {
    match p.segments.first().and_then(|s| renames.get(&s.name)) {
        Some(to) if p.segments.len() > 1 => {
            p.segments[0].name.clone_from(to);
            true
        }
        _ => false,
    }
}

/// [`rename_crates`] of one type (an implementor a feature gates, by its type).
pub fn rename_crates_in(ty: &mut Type, renames: &BTreeMap<String, String>) -> bool {
    let mut changed = false;
    paths_mut(ty, &mut |p| changed |= rename_head(p, renames));
    changed
}

/// Calls `f` on every path of `fragment`: of types, and of traits in bounds.
fn fragment_paths_mut(fragment: &mut Fragment, f: &mut dyn FnMut(&mut Path)) {
    let mut slot = |_: Option<&str>, slot: Slot<'_>| match slot {
        Slot::Type(t) => paths_mut(t, f),
        Slot::Trait(p) => trait_paths_mut(p, f),
    };
    match fragment {
        Fragment::Item { item, .. } => item_members(item, &mut slot),
        Fragment::Methods {
            methods,
            consts,
            types,
            ..
        } => methods_members(methods, consts, types, &mut slot),
        Fragment::Implementor { implementor } => {
            slot(None, Slot::Type(&mut implementor.ty));
            for arg in trait_arg_types(&mut implementor.trait_args) {
                slot(None, Slot::Type(arg));
            }
            generics_slots(&mut implementor.generics, &mut |s| slot(None, s));
        }
    }
}

/// The types among an impl's trait arguments.
fn trait_arg_types(args: &mut [GenericArg]) -> impl Iterator<Item = &mut Type> {
    args.iter_mut().filter_map(|a| match a {
        GenericArg::Type(t) => Some(t),
        _ => None,
    })
}

/// A place in a shape that holds a type or a trait.
pub(crate) enum Slot<'a> {
    Type(&'a mut Type),
    Trait(&'a mut Path),
}

fn bounds_slots(bounds: &mut [Bound], f: &mut dyn FnMut(Slot<'_>)) {
    for b in bounds {
        if let Bound::Trait { path, .. } = b {
            f(Slot::Trait(path));
        }
    }
}

fn generics_slots(g: &mut Generics, f: &mut dyn FnMut(Slot<'_>)) {
    for p in &mut g.params {
        match p {
            GenericParam::Lifetime { .. } => {}
            GenericParam::Type {
                bounds, default, ..
            } => {
                bounds_slots(bounds, f);
                if let Some(d) = default {
                    f(Slot::Type(d));
                }
            }
            GenericParam::Const { ty, .. } => f(Slot::Type(ty)),
        }
    }
    for w in &mut g.where_clause {
        if let WherePredicate::Type {
            bounded, bounds, ..
        } = w
        {
            f(Slot::Type(bounded));
            bounds_slots(bounds, f);
        }
    }
}

fn fn_slots(s: &mut FnShape, f: &mut dyn FnMut(Slot<'_>)) {
    generics_slots(&mut s.generics, f);
    generics_slots(&mut s.impl_generics, f);
    if let Some(Receiver::Typed(t)) = &mut s.receiver {
        f(Slot::Type(t));
    }
    for p in &mut s.params {
        f(Slot::Type(&mut p.ty));
    }
    if let Some(o) = &mut s.output {
        f(Slot::Type(o));
    }
}

fn fields_slots(fields: &mut [FieldShape], f: &mut dyn FnMut(Slot<'_>)) {
    for field in fields {
        f(Slot::Type(&mut field.ty));
    }
}

fn alias_slots(a: &mut AliasShape, f: &mut dyn FnMut(Slot<'_>)) {
    generics_slots(&mut a.generics, f);
    f(Slot::Type(&mut a.target));
}

fn item_slots(item: &mut ItemShape, f: &mut dyn FnMut(Slot<'_>)) {
    match item {
        ItemShape::Struct(s) => {
            generics_slots(&mut s.generics, f);
            fields_slots(&mut s.fields, f);
        }
        ItemShape::Enum(e) => {
            generics_slots(&mut e.generics, f);
            for v in &mut e.variants {
                fields_slots(&mut v.fields, f);
            }
        }
        ItemShape::Union(u) => {
            generics_slots(&mut u.generics, f);
            fields_slots(&mut u.fields, f);
        }
        ItemShape::Trait(t) => {
            generics_slots(&mut t.generics, f);
            bounds_slots(&mut t.supertraits, f);
            for m in t.methods.values_mut() {
                fn_slots(&mut m.sig, f);
            }
            for a in t.types.values_mut() {
                generics_slots(&mut a.generics, f);
                bounds_slots(&mut a.bounds, f);
                if let Some(d) = &mut a.default {
                    f(Slot::Type(d));
                }
            }
            for c in t.consts.values_mut() {
                f(Slot::Type(&mut c.ty));
            }
        }
        ItemShape::Fn(s) => fn_slots(s, f),
        ItemShape::TypeAlias(a) => alias_slots(a, f),
        ItemShape::Const(v) | ItemShape::Static(v) => f(Slot::Type(&mut v.ty)),
        // Another crate's path: resolved through that crate's names like a type's.
        ItemShape::Reexport(r) => f(Slot::Type(&mut r.target)),
        ItemShape::MacroRules(_)
        | ItemShape::ProcMacro(_)
        | ItemShape::Feature(_)
        | ItemShape::Module(_) => {}
    }
}

/// The names of every generic parameter in `generics`.
/// Every slot of `s`: its item's, then its methods', inherent consts' and types'.
pub(crate) fn symbol_slots(s: &mut Symbol, f: &mut dyn FnMut(Slot<'_>)) {
    if let Some(item) = &mut s.item {
        item_slots(item, f);
    }
    s.methods.values_mut().for_each(|m| fn_slots(m, f));
    s.consts.values_mut().for_each(|c| f(Slot::Type(&mut c.ty)));
    s.types.values_mut().for_each(|a| alias_slots(a, f));
}

fn param_names(g: &Generics, out: &mut BTreeSet<String>) {
    out.extend(
        g.params
            .iter()
            .filter(|p| !p.is_lifetime())
            .map(|p| p.name().to_owned()),
    );
}

fn fn_params(s: &FnShape, out: &mut BTreeSet<String>) {
    param_names(&s.generics, out);
    param_names(&s.impl_generics, out);
}

fn item_params(item: &ItemShape, out: &mut BTreeSet<String>) {
    if let Some(g) = item.generics() {
        param_names(g, out);
    }
    match item {
        ItemShape::Trait(t) => {
            t.methods.values().for_each(|m| fn_params(&m.sig, out));
            t.types.values().for_each(|a| param_names(&a.generics, out));
            // `Self::Item` starts with `Self`; a bare associated type name is not a
            // path this table answers.
            out.extend(t.types.keys().cloned());
        }
        ItemShape::Fn(s) => fn_params(s, out),
        _ => {}
    }
}

/// The golden's spellings of each canonical type it holds, in the order met.
#[derive(Default)]
struct Spellings(BTreeMap<Type, Vec<Type>>);

impl Spellings {
    fn add(&mut self, key: Type, spelling: Type) {
        let known = self.0.entry(key).or_default();
        if !known.contains(&spelling) {
            known.push(spelling);
        }
    }

    /// Learns every type of `slot` (and every type inside it), read in `module`.
    fn learn(&mut self, reader: &Reader<'_>, module: usize, slot: Slot<'_>) {
        match slot {
            Slot::Type(t) => t.walk_mut(&mut |sub| {
                let key = reader.canonical(sub, module);
                self.add(key, sub.clone());
            }),
            Slot::Trait(p) => {
                let whole = Type::Path(p.clone());
                self.add(reader.canonical(&whole, module), whole);
                let mut args_of = p.clone();
                for s in &mut args_of.segments {
                    args_mut(
                        &mut s.args,
                        &mut |t| self.learn(reader, module, Slot::Type(t)),
                        &mut |_| {},
                    );
                }
            }
        }
    }
}

/// What a current type is respelled from: the golden's spellings of the member it
/// belongs to (the same method, field or variant), then of the whole symbol. A
/// symbol may spell one type two ways (`Bytes` in one file, `crate::Bytes` in
/// another): the member's own spelling is the one to take.
struct Respeller<'a> {
    reader: &'a Reader<'a>,
    module: usize,
    member: Option<&'a Spellings>,
    symbol: &'a Spellings,
}

impl Respeller<'_> {
    /// The spelling `t` takes, if it is one of the golden's types spelled otherwise.
    fn spelling(&self, t: &Type) -> Option<Option<&Type>> {
        let key = self.reader.canonical(t, self.module);
        let known = [self.member, Some(self.symbol)]
            .into_iter()
            .flatten()
            .find_map(|s| s.0.get(&key))?;
        Some((!known.contains(t)).then(|| &known[0]))
    }

    /// Rewrites `slot` top-down: the first type whose canonical form the golden
    /// holds takes the golden's spelling. Returns whether anything changed.
    fn respell(&self, slot: Slot<'_>) -> bool {
        match slot {
            Slot::Type(t) => self.respell_type(t),
            Slot::Trait(p) => {
                let whole = Type::Path(p.clone());
                match self.spelling(&whole) {
                    Some(Some(Type::Path(golden))) => {
                        p.clone_from(golden);
                        return true;
                    }
                    Some(_) => return false,
                    None => {}
                }
                let mut changed = false;
                for s in &mut p.segments {
                    args_mut(
                        &mut s.args,
                        &mut |t| changed |= self.respell_type(t),
                        &mut |_| {},
                    );
                }
                changed
            }
        }
    }

    fn respell_type(&self, t: &mut Type) -> bool {
        match self.spelling(t) {
            Some(Some(golden)) => {
                t.clone_from(golden);
                return true;
            }
            Some(None) => return false,
            None => {}
        }
        let mut changed = false;
        children_mut(t, &mut |child| changed |= self.respell_type(child));
        changed
    }
}

/// The members of an item that the same member of its golden is looked up by: each
/// slot with the name of the field, variant or method it is in (`None`: the item's
/// own generics and bounds).
fn item_members(item: &mut ItemShape, f: &mut dyn FnMut(Option<&str>, Slot<'_>)) {
    match item {
        ItemShape::Struct(s) => {
            generics_slots(&mut s.generics, &mut |slot| f(None, slot));
            for field in &mut s.fields {
                f(Some(&field.name), Slot::Type(&mut field.ty));
            }
        }
        ItemShape::Union(u) => {
            generics_slots(&mut u.generics, &mut |slot| f(None, slot));
            for field in &mut u.fields {
                f(Some(&field.name), Slot::Type(&mut field.ty));
            }
        }
        ItemShape::Enum(e) => {
            generics_slots(&mut e.generics, &mut |slot| f(None, slot));
            for v in &mut e.variants {
                for field in &mut v.fields {
                    f(Some(&v.name), Slot::Type(&mut field.ty));
                }
            }
        }
        ItemShape::Trait(t) => {
            generics_slots(&mut t.generics, &mut |slot| f(None, slot));
            bounds_slots(&mut t.supertraits, &mut |slot| f(None, slot));
            for (name, m) in &mut t.methods {
                fn_slots(&mut m.sig, &mut |slot| f(Some(name), slot));
            }
            for (name, a) in &mut t.types {
                generics_slots(&mut a.generics, &mut |slot| f(Some(name), slot));
                bounds_slots(&mut a.bounds, &mut |slot| f(Some(name), slot));
                if let Some(d) = &mut a.default {
                    f(Some(name), Slot::Type(d));
                }
            }
            for (name, c) in &mut t.consts {
                f(Some(name), Slot::Type(&mut c.ty));
            }
        }
        other => item_slots(other, &mut |slot| f(None, slot)),
    }
}

/// The members of a methods fragment, by name.
fn methods_members(
    methods: &mut BTreeMap<String, FnShape>,
    consts: &mut BTreeMap<String, crate::shape::ValueItemShape>,
    types: &mut BTreeMap<String, AliasShape>,
    f: &mut dyn FnMut(Option<&str>, Slot<'_>),
) {
    for (name, m) in methods {
        fn_slots(m, &mut |slot| f(Some(name), slot));
    }
    for (name, c) in consts {
        f(Some(name), Slot::Type(&mut c.ty));
    }
    for (name, a) in types {
        alias_slots(a, &mut |slot| f(Some(name), slot));
    }
}

/// The paths of other crates `fragment` (registered in module `module`) names, each
/// (its names, no arguments: `instant::Duration`) with what it names now, as
/// dependencies' names read it (`std::time::Duration`): what a golden records
/// ([`crate::Golden::dependency_paths`]) so that a later check can read the path when
/// the dependency no longer resolves it. Only where the two differ; not the crate's
/// own paths, std's, or what the dependencies do not resolve.
pub fn dependency_paths(
    fragment: &Fragment,
    module: &str,
    names: &NameTable,
    externs: &dyn Externs,
) -> Vec<(String, String)> {
    let Some(module) = names.module(module) else {
        return Vec::new();
    };
    let mut params = BTreeSet::new();
    match fragment {
        Fragment::Item { item, .. } => item_params(item, &mut params),
        Fragment::Methods { methods, .. } => {
            methods.values().for_each(|m| fn_params(m, &mut params))
        }
        Fragment::Implementor { implementor } => param_names(&implementor.generics, &mut params),
    }
    let reader = Reader::new(names, &params, externs);
    let mut out = Vec::new();
    let mut one = |p: &mut Path| {
        let first = &p.segments[0].name;
        // A global path is recorded where it names a dependency (`::bitflags::_core::…`,
        // a macro's `$crate`), under its names without the leading `::`, as it is read.
        if (p.global && externs.table(first).is_none())
            || p.segments.len() < 2
            || matches!(first.as_str(), "crate" | "self" | "super" | "Self")
            || is_std_root(first)
            || params.contains(first)
        {
            return;
        }
        let path_names: Vec<String> = p.segments.iter().map(|s| s.name.clone()).collect();
        if names.item(module, &path_names).is_some() {
            return;
        }
        let bare = Type::Path(Path {
            global: false,
            segments: path_names.iter().map(|n| Segment::plain(n)).collect(),
        });
        let read = reader.canonical(&bare, module);
        let text = read.to_string();
        if read != bare && !text.contains('\u{0}') {
            out.push((path_names.join("::"), text));
        }
    };
    let mut each = |_: Option<&str>, slot: Slot<'_>| match slot {
        Slot::Type(t) => paths_mut(t, &mut one),
        Slot::Trait(p) => trait_paths_mut(p, &mut one),
    };
    match fragment.clone() {
        Fragment::Item { mut item, .. } => item_members(&mut item, &mut each),
        Fragment::Methods {
            mut methods,
            mut consts,
            mut types,
            ..
        } => methods_members(&mut methods, &mut consts, &mut types, &mut each),
        Fragment::Implementor { mut implementor } => {
            each(None, Slot::Type(&mut implementor.ty));
            for arg in trait_arg_types(&mut implementor.trait_args) {
                each(None, Slot::Type(arg));
            }
            generics_slots(&mut implementor.generics, &mut |slot| each(None, slot));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Rewrites `fragment` (of the item `name`, registered in module `module`,
/// `module_path!()`) into the spelling of `golden` wherever the crate's `names` say
/// both spell one type.
/// Returns whether anything was rewritten.
pub fn respell(
    (fragment, name): (&mut Fragment, &str),
    module: &str,
    golden: &Symbol,
    names: &NameTable,
) -> bool {
    respell_with((fragment, name), module, golden, names, &NoExterns)
}

/// Whether `fragment` is an inherent `impl` block whose every member is the
/// golden's member of its name as it is: each is spelled as the golden spells it.
fn members_as_golden(fragment: &Fragment, golden: &Symbol) -> bool {
    let Fragment::Methods {
        methods,
        consts,
        types,
        ..
    } = fragment
    else {
        return false;
    };
    methods
        .iter()
        .all(|(n, m)| golden.methods.get(n) == Some(m))
        && consts.iter().all(|(n, c)| golden.consts.get(n) == Some(c))
        && types.iter().all(|(n, t)| golden.types.get(n) == Some(t))
}

/// [`respell`], with the names of the crate's dependencies: another crate's item
/// under two of its paths (`serde_json::Map`, `serde_json::map::Map`) or an alias of
/// it written out (`serde_json::Result<T>`) is one type.
pub fn respell_with(
    (fragment, name): (&mut Fragment, &str),
    module: &str,
    golden: &Symbol,
    names: &NameTable,
    externs: &dyn Externs,
) -> bool {
    let Some(current_module) = names.module(module) else {
        return false;
    };
    let original_target = match &*fragment {
        Fragment::Item {
            item: ItemShape::TypeAlias(a),
            ..
        } => Some(a.target.clone()),
        _ => None,
    };
    if members_as_golden(fragment, golden) {
        // Nothing to respell, and learning the golden's spellings reads the whole
        // symbol: nalgebra's `Matrix` has hundreds of `impl` blocks, each one a
        // fragment, and thousands of methods.
        return false;
    }
    let mut params = BTreeSet::new();
    match &*fragment {
        Fragment::Item { item, .. } => item_params(item, &mut params),
        Fragment::Methods { methods, .. } => {
            methods.values().for_each(|m| fn_params(m, &mut params))
        }
        Fragment::Implementor { implementor } => param_names(&implementor.generics, &mut params),
    }
    if let Some(item) = &golden.item {
        item_params(item, &mut params);
    }
    golden
        .methods
        .values()
        .for_each(|m| fn_params(m, &mut params));
    for i in &golden.implementors {
        param_names(&i.generics, &mut params);
    }
    let reader = Reader::new(names, &params, externs);
    // The golden's paths were written where the item was: read them from its current
    // module, as the comparison as written does, and from the module the golden
    // recorded (a public path's module, or where the item was) if that still exists.
    let mut modules = vec![current_module];
    if let Some(recorded) = golden.module.as_deref().and_then(|m| names.module(m)) {
        if recorded != current_module {
            modules.push(recorded);
        }
    }
    let mut symbol = Spellings::default();
    let mut members: BTreeMap<String, Spellings> = BTreeMap::new();
    let mut learn = |member: Option<&str>, slot: Slot<'_>| {
        // A slot is learnt once per module it may have been read in.
        let mut copy = match slot {
            Slot::Type(t) => SlotCopy::Type(t.clone()),
            Slot::Trait(p) => SlotCopy::Trait(p.clone()),
        };
        for &m in &modules {
            symbol.learn(&reader, m, copy.slot());
            if let Some(member) = member {
                members
                    .entry(member.to_owned())
                    .or_default()
                    .learn(&reader, m, copy.slot());
            }
        }
    };
    copied_slots(golden, &mut learn);
    // A bound on a trait that only stands for its supertraits, where the golden never
    // names that trait: the supertraits, which the golden may spell (slog 2.7's `T:
    // Send + Sync` is 2.8's `T: maybe::Send + maybe::Sync`).
    let golden_names = |p: &Path| {
        let key = reader.canonical(&Type::Path(p.clone()), current_module);
        symbol.0.contains_key(&key)
    };
    let mut changed = false;
    fragment_bound_lists(fragment, &mut |list| {
        changed |= aliases_expanded(list, &reader, current_module, &golden_names);
    });
    // The other way round: a golden list that names such a trait, read with it
    // expanded, is a current list that names its supertraits; that list takes the
    // golden's spelling (when every golden list it reads as is spelled alike).
    let mut aliased: Vec<(Vec<String>, Vec<Bound>)> = Vec::new();
    symbol_bound_lists(&mut golden.clone(), &mut |list| {
        let names_alias = list.iter().any(|b| match b {
            Bound::Trait {
                path,
                maybe: false,
                hrtb,
            } => hrtb.is_empty() && reader.alias_bounds(path, current_module, 0).is_some(),
            _ => false,
        });
        if names_alias {
            aliased.push((list_key(list, &reader, current_module), list.clone()));
        }
    });
    if !aliased.is_empty() {
        fragment_bound_lists(fragment, &mut |list| {
            let key = list_key(list, &reader, current_module);
            let mut spellings = aliased.iter().filter(|(k, _)| *k == key).map(|(_, g)| g);
            if let Some(first) = spellings.next() {
                if spellings.all(|g| g == first) && list != first {
                    list.clone_from(first);
                    changed = true;
                }
            }
        });
    }
    let respeller = |member: Option<&str>| Respeller {
        reader: &reader,
        module: current_module,
        member: member.and_then(|m| members.get(m)),
        symbol: &symbol,
    };
    match fragment {
        Fragment::Item { item, .. } => {
            if golden.item.is_none() {
                return false;
            }
            item_members(item, &mut |member, slot| {
                changed |= respeller(member).respell(slot)
            });
        }
        Fragment::Methods {
            methods,
            consts,
            types,
            ..
        } => methods_members(methods, consts, types, &mut |member, slot| {
            changed |= respeller(member).respell(slot)
        }),
        Fragment::Implementor { implementor } => {
            // An implementor is one type: the whole of it, or nothing.
            if let Some(Some(golden)) = respeller(None).spelling(&implementor.ty) {
                implementor.ty.clone_from(golden);
                changed = true;
            }
            for arg in trait_arg_types(&mut implementor.trait_args) {
                changed |= respeller(None).respell(Slot::Type(arg));
            }
            generics_slots(&mut implementor.generics, &mut |slot| {
                changed |= respeller(None).respell(slot)
            });
        }
    }
    // An alias's target in the golden's spelling may read as the alias itself (the
    // golden's struct `Hk`, now `type Hk = Generic<u8>`: `Generic<u8>` is what the
    // current crate's `Hk` names): its target is what it names, as written.
    if let (
        Fragment::Item {
            item: ItemShape::TypeAlias(now),
            ..
        },
        Some(was),
    ) = (&mut *fragment, &original_target)
    {
        // Its outer path respelt as the alias's own name; an alias named like the type
        // it names (`type Result<T> = std::result::Result<T, Error>`) keeps its outer
        // path, and its arguments take the golden's spelling.
        let outer = |t: &Type| {
            t.as_path().map(|p| {
                p.segments
                    .iter()
                    .map(|s| s.name.clone())
                    .collect::<Vec<_>>()
            })
        };
        let names_itself = outer(&now.target) != outer(was)
            && now.target.as_path().and_then(|t| t.last_name()) == Some(name);
        if names_itself {
            now.target.clone_from(was);
        }
    }
    if changed {
        resort(fragment);
    }
    changed
}

/// `list` with each bound on a trait that stands for its supertraits (read in
/// `module`) written as them, unless `golden_names` the trait; whether any was.
fn aliases_expanded(
    list: &mut Vec<Bound>,
    reader: &Reader<'_>,
    module: usize,
    golden_names: &dyn Fn(&Path) -> bool,
) -> bool {
    let mut changed = false;
    let mut out: Vec<Bound> = Vec::with_capacity(list.len());
    for b in list.drain(..) {
        let expanded = match &b {
            Bound::Trait {
                path,
                maybe: false,
                hrtb,
            } if hrtb.is_empty() && !golden_names(path) => reader.alias_bounds(path, module, 0),
            _ => None,
        };
        match expanded {
            Some(supers) => {
                changed = true;
                for s in supers {
                    if !out.contains(&s) {
                        out.push(s);
                    }
                }
            }
            None if !out.contains(&b) => out.push(b),
            None => {}
        }
    }
    *list = out;
    changed
}

/// What a bound list (read in `module`) requires, one text per bound: each trait that
/// stands for its supertraits as them, every trait by its canonical path, sorted.
fn list_key(list: &[Bound], reader: &Reader<'_>, module: usize) -> Vec<String> {
    let mut out: Vec<String> = list
        .iter()
        .flat_map(|b| match b {
            Bound::Trait {
                path,
                maybe: false,
                hrtb,
            } if hrtb.is_empty() => reader
                .alias_bounds(path, module, 0)
                .unwrap_or_else(|| vec![b.clone()]),
            _ => vec![b.clone()],
        })
        .map(|b| match &b {
            Bound::Trait { path, maybe, hrtb } => format!(
                "{hrtb:?}{}{}",
                if *maybe { "?" } else { "" },
                reader.canonical(&Type::Path(path.clone()), module)
            ),
            other => other.to_string(),
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Calls `f` on every bound list of `fragment`: its generics' (parameters and `where`
/// predicates, an `impl` block's too), a trait's supertraits and associated types'
/// bounds.
fn fragment_bound_lists(fragment: &mut Fragment, f: &mut dyn FnMut(&mut Vec<Bound>)) {
    match fragment {
        Fragment::Item { item, .. } => item_bound_lists(item, f),
        Fragment::Methods { methods, types, .. } => {
            methods
                .values_mut()
                .for_each(|m| signature_bound_lists(m, f));
            types
                .values_mut()
                .for_each(|a| generics_bound_lists(&mut a.generics, f));
        }
        Fragment::Implementor { implementor } => generics_bound_lists(&mut implementor.generics, f),
    }
}

/// [`fragment_bound_lists`] of a golden symbol: its item's, methods', types' and
/// implementors'.
fn symbol_bound_lists(s: &mut Symbol, f: &mut dyn FnMut(&mut Vec<Bound>)) {
    if let Some(item) = &mut s.item {
        item_bound_lists(item, f);
    }
    s.methods
        .values_mut()
        .for_each(|m| signature_bound_lists(m, f));
    s.types
        .values_mut()
        .for_each(|a| generics_bound_lists(&mut a.generics, f));
    s.implementors = std::mem::take(&mut s.implementors)
        .into_iter()
        .map(|mut i| {
            generics_bound_lists(&mut i.generics, f);
            i
        })
        .collect();
}

pub(crate) fn item_bound_lists(item: &mut ItemShape, f: &mut dyn FnMut(&mut Vec<Bound>)) {
    match item {
        ItemShape::Struct(x) => generics_bound_lists(&mut x.generics, f),
        ItemShape::Union(x) => generics_bound_lists(&mut x.generics, f),
        ItemShape::Enum(x) => generics_bound_lists(&mut x.generics, f),
        ItemShape::Trait(x) => {
            generics_bound_lists(&mut x.generics, f);
            f(&mut x.supertraits);
            x.methods
                .values_mut()
                .for_each(|m| signature_bound_lists(&mut m.sig, f));
            for a in x.types.values_mut() {
                generics_bound_lists(&mut a.generics, f);
                f(&mut a.bounds);
            }
        }
        ItemShape::Fn(x) => signature_bound_lists(x, f),
        ItemShape::TypeAlias(x) => generics_bound_lists(&mut x.generics, f),
        _ => {}
    }
}

pub(crate) fn signature_bound_lists(s: &mut FnShape, f: &mut dyn FnMut(&mut Vec<Bound>)) {
    generics_bound_lists(&mut s.generics, f);
    generics_bound_lists(&mut s.impl_generics, f);
}

pub(crate) fn generics_bound_lists(g: &mut Generics, f: &mut dyn FnMut(&mut Vec<Bound>)) {
    for p in &mut g.params {
        if let GenericParam::Type { bounds, .. } = p {
            f(bounds);
        }
    }
    for w in &mut g.where_clause {
        if let WherePredicate::Type { bounds, .. } = w {
            f(bounds);
        }
    }
}

/// Bounds and `where` predicates back in the order extraction writes them (sorted by
/// text): a respelled bound may sort elsewhere, and one set of bounds is one list.
fn resort(fragment: &mut Fragment) {
    fn generics(g: &mut Generics) {
        for p in &mut g.params {
            if let GenericParam::Type { bounds, .. } = p {
                crate::ty::sort_bounds(bounds);
            }
        }
        for w in &mut g.where_clause {
            if let WherePredicate::Type { bounds, .. } = w {
                crate::ty::sort_bounds(bounds);
            }
        }
        g.where_clause.sort_by_key(ToString::to_string);
    }
    fn signature(f: &mut FnShape) {
        generics(&mut f.generics);
        generics(&mut f.impl_generics);
    }
    let mut types = |slot: Slot<'_>| {
        if let Slot::Type(t) = slot {
            t.walk_mut(&mut |t| {
                if let Type::Impl(b) | Type::Dyn(b) = t {
                    crate::ty::sort_bounds(b);
                }
            });
        }
    };
    match fragment {
        Fragment::Item { item, .. } => {
            item_slots(item, &mut types);
            match item {
                ItemShape::Struct(s) => generics(&mut s.generics),
                ItemShape::Enum(e) => generics(&mut e.generics),
                ItemShape::Union(u) => generics(&mut u.generics),
                ItemShape::TypeAlias(a) => generics(&mut a.generics),
                ItemShape::Fn(f) => signature(f),
                ItemShape::Trait(t) => {
                    generics(&mut t.generics);
                    crate::ty::sort_bounds(&mut t.supertraits);
                    t.methods.values_mut().for_each(|m| signature(&mut m.sig));
                    for a in t.types.values_mut() {
                        generics(&mut a.generics);
                        crate::ty::sort_bounds(&mut a.bounds);
                    }
                }
                ItemShape::Const(_)
                | ItemShape::Static(_)
                | ItemShape::MacroRules(_)
                | ItemShape::ProcMacro(_)
                | ItemShape::Feature(_)
                | ItemShape::Module(_)
                | ItemShape::Reexport(_) => {}
            }
        }
        Fragment::Methods {
            methods,
            consts,
            types: aliases,
            ..
        } => {
            methods_members(methods, consts, aliases, &mut |_, slot| types(slot));
            methods.values_mut().for_each(signature);
            aliases.values_mut().for_each(|a| generics(&mut a.generics));
        }
        Fragment::Implementor { implementor } => generics(&mut implementor.generics),
    }
}

/// An owned copy of a slot, to be learnt more than once.
enum SlotCopy {
    Type(Type),
    Trait(Path),
}

impl SlotCopy {
    fn slot(&mut self) -> Slot<'_> {
        match self {
            SlotCopy::Type(t) => Slot::Type(t),
            SlotCopy::Trait(p) => Slot::Trait(p),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alias(params: &[&str], target: &str) -> Def {
        Def::Alias(Box::new(AliasShape {
            vis: crate::shape::Visibility::public(),
            hidden: false,
            generics: Generics {
                params: params
                    .iter()
                    .map(|p| GenericParam::Type {
                        name: (*p).to_owned(),
                        bounds: Vec::new(),
                        default: None,
                    })
                    .collect(),
                where_clause: Vec::new(),
            },
            target: Type::parse(target).unwrap(),
        }))
    }

    /// `chrono`-like: `offset::MappedLocalTime<T>`, `offset::LocalResult<T>` an alias
    /// of it, both re-exported at the root; `error::Error` with a crate `Result`.
    fn table() -> NameTable {
        let mut t = NameTable::new("krate");
        let offset = t.add_module(NameTable::ROOT, "offset");
        t.add_def(offset, "MappedLocalTime", Def::Type);
        t.add_def(offset, "LocalResult", alias(&["T"], "MappedLocalTime<T>"));
        t.add_import(
            NameTable::ROOT,
            vec!["offset".into(), "LocalResult".into()],
            Some("LocalResult".into()),
        );
        t.add_import(
            NameTable::ROOT,
            vec!["offset".into(), "MappedLocalTime".into()],
            Some("MappedLocalTime".into()),
        );
        let error = t.add_module(NameTable::ROOT, "error");
        t.add_def(error, "Error", Def::Type);
        t.add_import(NameTable::ROOT, vec!["error".into()], None);
        t.add_def(
            NameTable::ROOT,
            "Result",
            alias(&["T"], "std::result::Result<T, Error>"),
        );
        t
    }

    /// A path asked before a name it leads to exists is asked again after: the
    /// table's answers are kept only while its names stay as they are.
    #[test]
    fn an_answer_kept_is_dropped_when_a_name_is_added() {
        let mut t = table();
        let path = |p: &[&str]| p.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let wire = path(&["wire", "Frame"]);
        let frame = path(&["Frame"]);
        assert_eq!(t.item(NameTable::ROOT, &wire), None);
        assert_eq!(t.item(NameTable::ROOT, &frame), None);
        let module = t.add_module(NameTable::ROOT, "wire");
        assert_eq!(t.item(NameTable::ROOT, &wire), None, "no item yet");
        t.add_def(module, "Frame", Def::Type);
        let found = t.item(NameTable::ROOT, &wire);
        assert!(
            matches!(found, Some((2, Res::Def(m, _))) if m == module),
            "{found:?}"
        );
        assert_eq!(t.item(NameTable::ROOT, &frame), None);
        t.add_import(
            NameTable::ROOT,
            path(&["wire", "Frame"]),
            Some("Frame".into()),
        );
        assert_eq!(t.item(NameTable::ROOT, &frame), found.map(|(_, r)| (1, r)));
        // A clone answers from its own names.
        assert_eq!(
            t.clone().item(NameTable::ROOT, &frame),
            t.item(NameTable::ROOT, &frame)
        );
    }

    /// linefeed 0.5 (edition 2015) → 0.6 (2018): `use terminal::Terminal;` in module
    /// `interface` became `use crate::terminal::Terminal;`, and its golden spells the
    /// type `terminal::Terminal`.
    #[test]
    fn a_path_from_the_root_in_edition_2015_style_names_the_root_s_item() {
        let mut t = NameTable::new("krate");
        let terminal = t.add_module(NameTable::ROOT, "terminal");
        t.add_def(terminal, "Terminal", Def::Type);
        let interface = t.add_module(NameTable::ROOT, "interface");
        let written = canonical(&t, "krate::interface", "terminal::Terminal");
        assert_eq!(written, "crate::terminal::Terminal");
        assert_eq!(
            written,
            canonical(&t, "krate::interface", "crate::terminal::Terminal")
        );
        // Near miss: a module of `interface`'s own by that name is the one meant.
        let own = t.add_module(interface, "terminal");
        t.add_def(own, "Terminal", Def::Type);
        assert_eq!(
            canonical(&t, "krate::interface", "terminal::Terminal"),
            "crate::interface::terminal::Terminal"
        );
    }

    fn canonical(t: &NameTable, module: &str, ty: &str) -> String {
        let params = ["T".to_owned()].into_iter().collect();
        let reader = Reader::new(t, &params, &NoExterns);
        reader
            .canonical(&Type::parse(ty).unwrap(), t.module(module).unwrap())
            .to_string()
    }

    /// `ty` read at the root of a crate with no names of its own, beside `externs`.
    fn read_beside(externs: &dyn Externs, params: &BTreeSet<String>, ty: &str) -> String {
        let here = NameTable::new("user");
        Reader::new(&here, params, externs)
            .canonical(&Type::parse(ty).unwrap(), NameTable::ROOT)
            .to_string()
    }

    /// syntect 5.2's `bitflags!` wrote `-> ::bitflags::_core::option::Option<Self>`
    /// (`$crate`, and bitflags 1's `pub extern crate core as _core;`); 5.3 writes
    /// `Option<Self>` and no longer depends on bitflags.
    #[test]
    fn a_global_path_of_another_crate_is_read_in_its_names_or_as_recorded() {
        let mut bitflags = NameTable::new("bitflags");
        bitflags.add_import(NameTable::ROOT, vec!["core".into()], Some("_core".into()));
        let with: BTreeMap<String, NameTable> = [("bitflags".to_owned(), bitflags)].into();
        let params = BTreeSet::new();
        let global = "::bitflags::_core::option::Option<u8>";
        assert_eq!(read_beside(&with, &params, global), "Option<u8>");
        // The dependency gone: what the golden recorded at its update, as it is kept.
        let none: BTreeMap<String, NameTable> = BTreeMap::new();
        let fragment: Fragment =
            serde_json::from_str::<ItemShape>(&fn_item("::bitflags::_core::option::Option<u8>"))
                .unwrap()
                .into();
        let recorded: BTreeMap<String, String> =
            dependency_paths(&fragment, "user", &NameTable::new("user"), &with)
                .into_iter()
                .collect();
        assert_eq!(
            recorded
                .get("bitflags::_core::option::Option")
                .map(String::as_str),
            Some("Option")
        );
        let records = Recorded::new(&none, &recorded);
        assert_eq!(read_beside(&records, &params, global), "Option<u8>");
        // Near miss: no dependency and no record: as written.
        assert_eq!(read_beside(&none, &params, global), global);
    }

    /// csv 1.3.1 → 1.4.0: serde's `serde::Serialize`, recorded at the update as the
    /// `serde::ser::Serialize` serde's sources named, became `serde_core::Serialize`,
    /// serde no longer a dependency. Read as serde re-exports it, the serde_core path
    /// takes the same record.
    #[test]
    fn a_serde_core_path_takes_serde_s_record_when_serde_is_gone() {
        let none: BTreeMap<String, NameTable> = BTreeMap::new();
        let recorded: BTreeMap<String, String> = [(
            "serde::Serialize".to_owned(),
            "serde::ser::Serialize".to_owned(),
        )]
        .into();
        let records = Recorded::new(&none, &recorded);
        let params = BTreeSet::new();
        assert_eq!(
            read_beside(&records, &params, "serde::Serialize"),
            "serde::ser::Serialize"
        );
        assert_eq!(
            read_beside(&records, &params, "serde_core::Serialize"),
            "serde::ser::Serialize"
        );
        // Near miss: a serde_core item serde does not re-export under that path.
        assert_eq!(
            read_beside(&records, &params, "serde_core::private::Serialize"),
            "serde_core::private::Serialize"
        );
    }

    #[test]
    fn another_crate_s_paths_resolve_in_its_names() {
        // The dependency `dep` is `table()` under another name.
        let externs: BTreeMap<String, NameTable> = [("dep".to_owned(), table())].into();
        let params = ["T".to_owned()].into_iter().collect();
        let read = |ty: &str| read_beside(&externs, &params, ty);
        // A re-export and its definition: one path, the crate's name for `crate`.
        assert_eq!(
            read("dep::MappedLocalTime<u8>"),
            "dep::offset::MappedLocalTime<u8>"
        );
        assert_eq!(
            read("dep::offset::MappedLocalTime<u8>"),
            "dep::offset::MappedLocalTime<u8>"
        );
        // Its aliases expand, in its names.
        assert_eq!(
            read("dep::LocalResult<u8>"),
            "dep::offset::MappedLocalTime<u8>"
        );
        assert_eq!(
            read("Option<dep::Result<T>>"),
            "Option<std::result::Result<T, dep::error::Error>>"
        );
        // What it does not know is any of its items; a crate no table is given for
        // is as written.
        assert_eq!(read("dep::Missing<u8>"), read("dep::unknown::Missing<u8>"));
        assert_ne!(read("dep::Missing<u8>"), read("dep::Other<u8>"));
        assert_ne!(read("dep::Missing<u8>"), read("dep::Missing<u16>"));
        assert_eq!(read("other::Map"), "other::Map");
        // Without the dependency's names, its paths are as written.
        assert_eq!(
            read_beside(&BTreeMap::new(), &params, "dep::LocalResult<u8>"),
            "dep::LocalResult<u8>"
        );
    }

    #[test]
    fn another_crate_s_use_of_std_is_std_s_item() {
        // web-time: `pub use std::time::*;` beside its own `Instant`; instant:
        // `pub use std::time::Duration;`.
        let mut web = NameTable::new("web_time");
        web.add_import(NameTable::ROOT, vec!["std".into(), "time".into()], None);
        web.add_def(NameTable::ROOT, "Instant", Def::Type);
        let mut instant = NameTable::new("instant");
        instant.add_import(
            NameTable::ROOT,
            vec!["std".into(), "time".into(), "Duration".into()],
            Some("Duration".into()),
        );
        let externs: BTreeMap<String, NameTable> = [
            ("web_time".to_owned(), web),
            ("instant".to_owned(), instant),
        ]
        .into();
        let params = BTreeSet::new();
        let read = |ty: &str| read_beside(&externs, &params, ty);
        assert_eq!(
            read("Option<web_time::Duration>"),
            "Option<std::time::Duration>"
        );
        assert_eq!(read("instant::Duration"), "std::time::Duration");
        // Near misses: the crate's own item of a std name is its own; a name its
        // named imports do not bring is not std's.
        assert_eq!(read("web_time::Instant"), "web_time::Instant");
        assert_ne!(read("instant::Instant"), "std::time::Instant");
    }

    #[test]
    fn a_dependency_the_crate_root_renames_is_read_in_its_names() {
        // lmdb-rkv 0.14: `extern crate lmdb_sys as ffi;` at the root, `use ffi;` in
        // `environment`, `ffi::mdb_mode_t` there an alias of `::libc::mode_t`.
        let mut sys = NameTable::new("lmdb_sys");
        sys.add_def(NameTable::ROOT, "mdb_mode_t", alias(&[], "::libc::mode_t"));
        sys.add_def(NameTable::ROOT, "mode_t", alias(&[], "::libc::mode_t"));
        sys.add_def(NameTable::ROOT, "MDB_env", Def::Type);
        let externs: BTreeMap<String, NameTable> = [("lmdb_sys".to_owned(), sys)].into();
        let mut t = NameTable::new("lmdb");
        t.add_import(NameTable::ROOT, vec!["lmdb_sys".into()], Some("ffi".into()));
        let env = t.add_module(NameTable::ROOT, "environment");
        t.add_import(env, vec!["ffi".into()], Some("ffi".into()));
        let params = BTreeSet::new();
        let read = |module: usize, ty: &str| {
            Reader::new(&t, &params, &externs)
                .canonical(&Type::parse(ty).unwrap(), module)
                .to_string()
        };
        assert_eq!(read(env, "ffi::mdb_mode_t"), "::libc::mode_t");
        assert_eq!(read(env, "ffi::mdb_mode_t"), read(env, "ffi::mode_t"));
        assert_eq!(read(NameTable::ROOT, "ffi::MDB_env"), "lmdb_sys::MDB_env");
        assert_eq!(read(env, "*mut ffi::MDB_env"), "*mut lmdb_sys::MDB_env");
        // Near miss: another item of the dependency is another type.
        assert_ne!(read(env, "ffi::mdb_mode_t"), read(env, "ffi::MDB_env"));
    }

    #[test]
    fn paths_resolve_to_their_definition_and_aliases_expand() {
        let t = table();
        for (module, written, expected) in [
            ("krate", "LocalResult<u8>", "crate::offset::MappedLocalTime<u8>"),
            ("krate", "crate::MappedLocalTime<T>", "crate::offset::MappedLocalTime<T>"),
            ("krate::offset", "LocalResult<Vec<T>>", "crate::offset::MappedLocalTime<Vec<T>>"),
            ("krate", "Error", "crate::error::Error"),
            ("krate::offset", "super::Error", "crate::error::Error"),
            ("krate", "Result<()>", "std::result::Result<(), crate::error::Error>"),
            ("krate", "Result<Result<u8>>", "std::result::Result<std::result::Result<u8, crate::error::Error>, crate::error::Error>"),
            // Not the crate's, a parameter, or unknown: as written.
            ("krate", "std::vec::Vec<T>", "std::vec::Vec<T>"),
            ("krate", "T", "T"),
            ("krate", "Missing", "Missing"),
            // Unknown in a known module (a macro defines it): the module's path.
            ("krate::offset", "super::error::Made", "crate::error::Made"),
            ("krate", "error::Made<T>", "crate::error::Made<T>"),
            ("krate", "serde::Serialize", "serde::Serialize"),
            ("krate::offset", "Error", "Error"),
        ] {
            assert_eq!(canonical(&t, module, written), expected, "{written} in {module}");
        }
    }

    #[test]
    fn a_definition_moved_behind_a_use_of_its_old_path_is_still_named_there() {
        let mut t = NameTable::new("krate");
        let fill = t.add_module(NameTable::ROOT, "fill");
        t.add_def(fill, "fill", Def::Value);
        t.add_def(fill, "refill", Def::Value);
        // `pub use fill::fill;` beside `mod fill;`: the module and the fn share a name.
        t.add_import(
            NameTable::ROOT,
            vec!["fill".into(), "fill".into()],
            Some("fill".into()),
        );
        assert!(t.still_names("krate", "fill", "krate::fill"));
        assert!(
            !t.still_names("krate", "refill", "krate::fill"),
            "not re-exported"
        );
        assert!(!t.still_names("krate::gone", "fill", "krate::fill"));
    }

    /// encoding_rs 0.8-like: sixteen modules, each `use super::*;` and a glob of
    /// every sibling by its plain name, the root a glob of each; one of them defines
    /// `Decoder`.
    fn glob_mesh() -> NameTable {
        let mut t = NameTable::new("krate");
        let names: Vec<String> = (0..16).map(|i| format!("m{i}")).collect();
        let modules: Vec<usize> = names
            .iter()
            .map(|n| t.add_module(NameTable::ROOT, n))
            .collect();
        t.add_def(modules[9], "Decoder", Def::Type);
        for &m in &modules {
            t.add_import(m, vec!["super".into()], None);
            for n in &names {
                t.add_import(m, vec![n.clone()], None);
            }
        }
        for n in &names {
            t.add_import(NameTable::ROOT, vec![n.clone()], None);
        }
        t
    }

    #[test]
    fn modules_that_glob_import_each_other_resolve_once_each() {
        // Before each module was asked once per lookup, a name none defines took
        // factorial time here (encoding_rs's `update` did not end).
        let t = glob_mesh();
        for module in ["krate", "krate::m0", "krate::m15"] {
            assert_eq!(
                canonical(&t, module, "Decoder"),
                "crate::m9::Decoder",
                "{module}"
            );
            assert_eq!(canonical(&t, module, "Encoder"), "Encoder", "{module}");
        }
        // A glob path whose first name came by a glob: `m1` is in `m0`'s scope
        // through `use super::*;` (not at the crate root, where a 2015 path would
        // find it).
        let mut t = NameTable::new("krate");
        let p = t.add_module(NameTable::ROOT, "p");
        let m0 = t.add_module(p, "m0");
        let m1 = t.add_module(p, "m1");
        t.add_def(m1, "Decoder", Def::Type);
        t.add_import(m0, vec!["super".into()], None);
        t.add_import(m0, vec!["m1".into()], None);
        assert_eq!(
            canonical(&t, "krate::p::m0", "Decoder"),
            "crate::p::m1::Decoder"
        );
    }

    #[test]
    fn an_alias_with_a_missing_argument_is_left_as_written() {
        let t = table();
        assert_eq!(canonical(&t, "krate", "LocalResult"), "LocalResult");
    }

    fn symbol(module: &str, item: &str) -> Symbol {
        let item: ItemShape = serde_json::from_str(item).unwrap();
        Symbol {
            module: Some(module.to_owned()),
            item: Some(item),
            ..Symbol::default()
        }
    }

    fn fn_item(output: &str) -> String {
        format!(r#"{{"kind":"fn","output":"{output}"}}"#)
    }

    #[test]
    fn a_fragment_takes_the_golden_spelling_of_one_type_and_keeps_a_change() {
        let t = table();
        let golden = symbol("krate", &fn_item("LocalResult<u8>"));
        let mut same: Fragment =
            serde_json::from_str::<ItemShape>(&fn_item("crate::MappedLocalTime<u8>"))
                .unwrap()
                .into();
        assert!(respell((&mut same, "S"), "krate::offset", &golden, &t));
        assert_eq!(
            Some(same),
            golden.item.clone().map(Fragment::from),
            "one type, two spellings: the golden's"
        );
        // Near miss: another argument is another type.
        let mut other: Fragment =
            serde_json::from_str::<ItemShape>(&fn_item("crate::MappedLocalTime<u16>"))
                .unwrap()
                .into();
        assert!(!respell((&mut other, "S"), "krate", &golden, &t));
    }

    #[test]
    fn a_bare_trait_of_the_crate_is_its_trait_object() {
        // slog 2.7 (edition 2015) `-> Box<Drain>`; 2.8 `-> Box<dyn Drain>`.
        let mut t = NameTable::new("krate");
        t.add_def(NameTable::ROOT, "Drain", Def::Type);
        t.add_trait(NameTable::ROOT, "Drain", Vec::new());
        t.add_def(NameTable::ROOT, "Record", Def::Type);
        let golden = symbol("krate", &fn_item("Box<Drain>"));
        for now in ["Box<dyn Drain>", "Box<dyn crate::Drain>"] {
            let mut fragment: Fragment = serde_json::from_str::<ItemShape>(&fn_item(now))
                .unwrap()
                .into();
            assert!(respell((&mut fragment, "S"), "krate", &golden, &t), "{now}");
            assert_eq!(Some(fragment), golden.item.clone().map(Fragment::from));
        }
        // Near misses: another trait object; a struct is no trait.
        let mut other: Fragment =
            serde_json::from_str::<ItemShape>(&fn_item("Box<dyn Drain + Send>"))
                .unwrap()
                .into();
        assert!(!respell((&mut other, "S"), "krate", &golden, &t));
        let golden = symbol("krate", &fn_item("Box<Record>"));
        let mut record: Fragment = serde_json::from_str::<ItemShape>(&fn_item("Box<dyn Record>"))
            .unwrap()
            .into();
        assert!(!respell((&mut record, "S"), "krate", &golden, &t));
    }

    /// tracing-core's shim: `mod stdlib { use std::*; }` beside a `no_std` twin that
    /// names `core`'s and `alloc`'s modules.
    fn shim() -> NameTable {
        let mut t = NameTable::new("krate");
        let stdlib = t.add_module(NameTable::ROOT, "stdlib");
        t.add_import(stdlib, vec!["std".into()], None);
        t.add_import(stdlib, vec!["self".into(), "no_std".into()], None);
        let no_std = t.add_module(stdlib, "no_std");
        t.add_import(
            no_std,
            vec!["core".into(), "any".into()],
            Some("any".into()),
        );
        t.add_import(
            no_std,
            vec!["alloc".into(), "boxed".into()],
            Some("boxed".into()),
        );
        let fmt = t.add_module(no_std, "fmt");
        t.add_import(fmt, vec!["core".into(), "fmt".into()], None);
        t.add_import(fmt, vec!["alloc".into(), "fmt".into()], None);
        let own = t.add_module(NameTable::ROOT, "own");
        t.add_import(own, vec!["std".into(), "fmt".into()], None);
        t.add_def(own, "Debug", Def::Type);
        t
    }

    #[test]
    fn a_path_through_a_shim_module_is_the_std_path_it_names() {
        let t = shim();
        let through = |path: &str| {
            let names: Vec<String> = path.split("::").map(str::to_owned).collect();
            std_path_through(&t, NameTable::ROOT, &names).map(|p| p.join("::"))
        };
        assert_eq!(
            through("crate::stdlib::any::TypeId").as_deref(),
            Some("std::any::TypeId")
        );
        assert_eq!(
            through("stdlib::fmt::Debug").as_deref(),
            Some("std::fmt::Debug")
        );
        // As extraction writes std paths: a prelude item by its name.
        assert_eq!(through("crate::stdlib::boxed::Box").as_deref(), Some("Box"));
        // Near misses: the crate's own item (a glob of std does not shadow it), a
        // name `use std::*` cannot supply (std's root has modules, not types), a path
        // that is std's already, and a module.
        assert_eq!(through("crate::own::Debug"), None);
        assert_eq!(through("crate::stdlib::TypeId"), None);
        assert_eq!(through("std::any::TypeId"), None);
        assert_eq!(through("crate::stdlib"), None);
        // A 2015 `use` path from the root, in a module that globs std: the root's.
        assert_eq!(through("own::Debug"), None);
        let names: Vec<String> = ["own", "Debug"].map(str::to_owned).to_vec();
        assert_eq!(
            std_path_through(&t, t.module("krate::stdlib").unwrap(), &names),
            None
        );
        // The canonical form reads a golden's shim path the same way.
        assert_eq!(
            canonical(&t, "krate", "crate::stdlib::any::TypeId"),
            "std::any::TypeId"
        );
    }
}
