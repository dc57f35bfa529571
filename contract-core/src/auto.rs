//! Auto traits without a compiler: whether a type is `Send`, `Sync`, `Unpin`,
//! `UnwindSafe` and `RefUnwindSafe`, inferred from its fields the way rustc does.
//!
//! rustc implements an auto trait for a struct, enum or union exactly when every
//! field's type implements it, unless an explicit impl (`unsafe impl Send for X`, a
//! negative impl) says otherwise; for a generic type the answer is a condition on its
//! parameters (`Wrapper<T>: Send` where `T: Send`). [`infer`] computes that condition
//! from a crate's [`NameTable`] (every struct, enum and union of the crate with its
//! fields, private ones included, and the explicit impls its sources hold), the
//! tables of the dependencies a front end could read ([`Externs`]), std's documented
//! impls (a table generated from the toolchain's documentation, `auto/std_table.rs`) and the
//! language's own rules for references, pointers, arrays, tuples, `fn` pointers and
//! trait objects. Where any part cannot be read (a dependency not read, a projection
//! `<T as Trait>::Assoc`, a macro-defined field), the answer is "cannot tell" and
//! nothing is compared.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::OnceLock;

use crate::names::{self, AutoImpl, Externs, NameTable, NoExterns, TypeDef};
use crate::probed::{AutoCond as Cond, ProbedTrait};
use crate::ty::{Bound, Path, Type};

mod std_table;

/// The five auto traits, in the order std's table lists them.
pub const AUTO_TRAITS: [ProbedTrait; 5] = [
    ProbedTrait::Send,
    ProbedTrait::Sync,
    ProbedTrait::Unpin,
    ProbedTrait::UnwindSafe,
    ProbedTrait::RefUnwindSafe,
];

/// One of std's types, as its documentation lists its auto traits.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StdAuto {
    /// Its path (`std::sync::Arc`); a re-export's path is an entry of its own.
    pub path: &'static str,
    /// Its type parameters in order (lifetimes and const parameters left out), each
    /// with the path of its default type, if any (`S = std::hash::RandomState`).
    pub params: &'static [(&'static str, Option<&'static str>)],
    /// `Send`, `Sync`, `Unpin`, `UnwindSafe`, `RefUnwindSafe` ([`AUTO_TRAITS`]).
    pub traits: [StdCond; 5],
}

/// When one of std's types implements one auto trait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StdCond {
    /// For every instance.
    Yes,
    /// For none (a negative impl).
    No,
    /// Where each listed type parameter (by its index in [`StdAuto::params`])
    /// implements the listed auto trait.
    When(&'static [(u8, ProbedTrait)]),
    /// The documentation's condition is beyond this model (a projection, an impl for
    /// some instances only).
    Unknown,
}

/// Both conditions, where both are known; a known `Never` is enough.
fn and(a: Option<Cond>, b: Option<Cond>) -> Option<Cond> {
    match (a, b) {
        (Some(Cond::Never), _) | (_, Some(Cond::Never)) => Some(Cond::Never),
        (Some(a), Some(b)) => Some(a.and(b)),
        _ => None,
    }
}

fn all(conds: impl IntoIterator<Item = Option<Cond>>) -> Option<Cond> {
    conds.into_iter().fold(Some(Cond::always()), and)
}

/// The auto traits of the struct, enum or union `name` defined in module `module`
/// (a `module_path!()`) of the crate `table` is: each trait with the condition on the
/// type's parameters under which it holds, those that cannot be told left out. One
/// type; [`Inference`] answers for many and reads each definition once.
pub fn infer(
    table: &NameTable,
    externs: &dyn Externs,
    module: &str,
    name: &str,
) -> BTreeMap<ProbedTrait, Cond> {
    Inference::new(table, externs).of(module, name)
}

/// When `ty`, read without any crate's names (std's types, primitives and the
/// language's compound types; a generic parameter is its own requirement), implements
/// `t`; `None` when that cannot be told.
pub fn of_type(ty: &Type, t: ProbedTrait) -> Option<Cond> {
    let table = NameTable::new("");
    let mut inference = Inference::new(&table, &NoExterns);
    let own = inference.cx.own;
    let params = BTreeSet::new();
    inference.cx.ty(own, &params, ty, t)
}

/// The auto traits of a crate's types, each definition read once.
pub struct Inference<'a> {
    cx: Infer<'a>,
}

impl<'a> Inference<'a> {
    /// Over the crate `table` is, with the dependencies `externs` could read.
    pub fn new(table: &'a NameTable, externs: &'a dyn Externs) -> Inference<'a> {
        Inference {
            cx: Infer {
                own: Krate {
                    key: 0,
                    table,
                    externs,
                },
                memo: HashMap::new(),
                stack: Vec::new(),
                lowest: usize::MAX,
                provisional: HashMap::new(),
                leaning: Vec::new(),
                assumed: HashMap::new(),
                written: HashMap::new(),
                crates: Vec::new(),
            },
        }
    }

    /// See [`infer`].
    pub fn of(&mut self, module: &str, name: &str) -> BTreeMap<ProbedTrait, Cond> {
        let own = self.cx.own;
        let Some(m) = own.table.module(module) else {
            return BTreeMap::new();
        };
        AUTO_TRAITS
            .iter()
            .filter_map(|&t| Some((t, self.cx.def(own, m, name, t)?)))
            .collect()
    }
}

/// A crate whose names are read: this one, or a dependency (whose own dependencies
/// are not read).
#[derive(Clone, Copy)]
struct Krate<'a> {
    /// 0 for the crate itself, then its dependencies in the order met.
    key: usize,
    table: &'a NameTable,
    externs: &'a dyn Externs,
}

type Key = (usize, usize, String, ProbedTrait);

/// Rounds a cycle of definitions is read before it is "cannot tell".
const MAX_ROUNDS: usize = 6;

struct Infer<'a> {
    own: Krate<'a>,
    memo: HashMap<Key, Option<Cond>>,
    /// The definitions being inferred: met again, a trait holds (auto traits are
    /// coinductive, so `struct List { next: Option<Box<List>> }` is `Send`).
    stack: Vec<Key>,
    /// The outermost place on `stack` the definition being inferred leaned on.
    lowest: usize,
    /// Results that leaned on a definition still on `stack` (taken to hold, as a
    /// cycle is), with that definition's place: reused until it is done, so a large
    /// group of types that name one another (a parser's syntax tree) is read once,
    /// not once per path through it.
    provisional: HashMap<Key, (Option<Cond>, usize)>,
    /// The keys in `provisional`, by the place they lean on.
    leaning: Vec<Vec<Key>>,
    /// What a definition of a cycle is taken to be when it is met again while it is
    /// inferred, after a round showed "the trait holds" wrong.
    assumed: HashMap<Key, Option<Cond>>,
    /// What each crate's sources write of auto traits, read once per crate.
    written: HashMap<usize, Written<'a>>,
    /// The dependencies met, by the name the crate calls them (key - 1).
    crates: Vec<String>,
}

/// What a crate's sources write of auto traits.
struct Written<'a> {
    /// Its impls of auto traits, by the module and name of their self type.
    impls: Vec<(usize, String, &'a AutoImpl)>,
    /// The names its macro calls that may write such an impl name
    /// ([`NameTable::named_by_macro_calls`]).
    by_macros: BTreeSet<&'a str>,
}

impl<'a> Infer<'a> {
    /// When the definition `name` of module `m` of `krate` implements `t`.
    fn def(&mut self, krate: Krate<'a>, m: usize, name: &str, t: ProbedTrait) -> Option<Cond> {
        let key: Key = (krate.key, m, name.to_owned(), t);
        if let Some(known) = self.memo.get(&key) {
            return known.clone();
        }
        if let Some(at) = self.stack.iter().position(|k| *k == key) {
            self.lowest = self.lowest.min(at);
            return self.assumed(&key);
        }
        if let Some((found, at)) = self.provisional.get(&key) {
            self.lowest = self.lowest.min(*at);
            return found.clone();
        }
        let depth = self.stack.len();
        let mut rounds = 0;
        // What this definition's rounds assumed, dropped once it is done.
        let mut assumed_here = vec![key.clone()];
        loop {
            let (found, leaned) = self.infer_on_stack(krate, m, name, t, &key);
            self.lowest = self.lowest.min(leaned);
            if leaned < depth {
                // Leaned on a definition further out, still being inferred:
                // provisional until that one is done, and what leaned on this one now
                // leans on it.
                let mut group = self.leaning_at(depth);
                group.push(key.clone());
                self.provisional.insert(key, (found.clone(), leaned));
                self.lean(leaned, group);
                return found;
            }
            // Done. What leaned on it was read taking it (and every definition of
            // the cycle) to hold as assumed, at first outright. Kept when each
            // result is what was assumed of it; else read again from the results,
            // which only ever grow stricter, a few rounds at most.
            let group = self.leaning_at(depth);
            let settled = found == self.assumed(&key)
                && group
                    .iter()
                    .all(|k| self.provisional[k].0 == self.assumed(k));
            rounds += 1;
            if settled || rounds > MAX_ROUNDS {
                let answer = |c: Option<Cond>| if settled { c } else { None };
                for k in group {
                    if let Some((c, _)) = self.provisional.remove(&k) {
                        self.memo.insert(k, answer(c));
                    }
                }
                for k in &assumed_here {
                    self.assumed.remove(k);
                }
                let found = answer(found);
                self.memo.insert(key, found.clone());
                return found;
            }
            for k in group {
                if let Some((c, _)) = self.provisional.remove(&k) {
                    assumed_here.push(k.clone());
                    self.assumed.insert(k, c);
                }
            }
            self.assumed.insert(key.clone(), found);
        }
    }

    /// What a definition met again while it is inferred is taken to be: at first that
    /// the trait holds, as for a cycle (auto traits are coinductive).
    fn assumed(&self, key: &Key) -> Option<Cond> {
        self.assumed
            .get(key)
            .cloned()
            .unwrap_or(Some(Cond::always()))
    }

    /// Infers `key` with it on the stack: the result, and the outermost stack place
    /// it leaned on (`usize::MAX` for none). The caller's `lowest` is left as it was.
    fn infer_on_stack(
        &mut self,
        krate: Krate<'a>,
        m: usize,
        name: &str,
        t: ProbedTrait,
        key: &Key,
    ) -> (Option<Cond>, usize) {
        self.stack.push(key.clone());
        let outer = std::mem::replace(&mut self.lowest, usize::MAX);
        let found = self.def_uncached(krate, m, name, t);
        self.stack.pop();
        (found, std::mem::replace(&mut self.lowest, outer))
    }

    /// Takes the keys that lean on stack place `at`.
    fn leaning_at(&mut self, at: usize) -> Vec<Key> {
        self.leaning
            .get_mut(at)
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// Records that `keys` lean on stack place `at`.
    fn lean(&mut self, at: usize, keys: Vec<Key>) {
        if self.leaning.len() <= at {
            self.leaning.resize_with(at + 1, Vec::new);
        }
        for k in &keys {
            if let Some(entry) = self.provisional.get_mut(k) {
                entry.1 = at;
            }
        }
        self.leaning[at].extend(keys);
    }

    fn def_uncached(
        &mut self,
        krate: Krate<'a>,
        m: usize,
        name: &str,
        t: ProbedTrait,
    ) -> Option<Cond> {
        let mut defs = krate.table.type_defs(m, name);
        let def = defs.next()?;
        // `#[cfg]`'d twins that differ: which one a build has is not known here.
        if defs.any(|d| d != def) {
            return None;
        }
        let sources = self.written(krate);
        let written: Vec<&AutoImpl> = sources
            .impls
            .iter()
            .filter(|(im, n, i)| *im == m && n == name && i.trait_ == t)
            .map(|(_, _, i)| *i)
            .collect();
        match written.as_slice() {
            // A macro call naming the type may write an impl this does not read.
            [] if sources.by_macros.contains(name) => return None,
            [] => {}
            [one] if !one.under_cfg => return explicit(one, def),
            _ => return None,
        }
        let params: BTreeSet<String> = def.params.iter().map(|(p, _)| p.clone()).collect();
        let fields: Vec<Type> = def
            .fields
            .iter()
            .map(|f| names::canonical(krate.table, krate.externs, m, &params, f))
            .collect();
        let mut out = Some(Cond::always());
        for f in &fields {
            out = and(out, self.ty(krate, &params, f, t));
            if out == Some(Cond::Never) {
                break;
            }
        }
        out
    }

    /// What `krate`'s sources write of auto traits: its impls, by their self type's
    /// item, and the names its macro calls may write one for.
    fn written(&mut self, krate: Krate<'a>) -> &Written<'a> {
        self.written.entry(krate.key).or_insert_with(|| {
            let mut out = Vec::new();
            for (m, i) in krate.table.auto_impls() {
                let params: BTreeSet<String> = i.params.iter().cloned().collect();
                let self_ty = names::canonical(krate.table, krate.externs, m, &params, &i.self_ty);
                let Type::Path(p) = self_ty else { continue };
                let segments: Vec<&str> = p.segments.iter().map(|s| s.name.as_str()).collect();
                if segments.first() != Some(&"crate") {
                    continue;
                }
                if let Some((module, name)) = names::def_of(krate.table, &segments) {
                    out.push((module, name, i));
                }
            }
            Written {
                impls: out,
                by_macros: krate.table.named_by_macro_calls(),
            }
        })
    }

    /// When `ty` (canonical, read in `krate` with `params` in scope) implements `t`.
    fn ty(
        &mut self,
        krate: Krate<'a>,
        params: &BTreeSet<String>,
        ty: &Type,
        t: ProbedTrait,
    ) -> Option<Cond> {
        use ProbedTrait::*;
        match ty {
            Type::Path(p) => self.path(krate, params, p, t),
            Type::Ref { mutable, elem, .. } => match (t, mutable) {
                (Send, false) => self.ty(krate, params, elem, Sync),
                (Send, true) => self.ty(krate, params, elem, Send),
                (Sync, _) => self.ty(krate, params, elem, Sync),
                (Unpin, _) => Some(Cond::always()),
                (UnwindSafe, true) => Some(Cond::Never),
                (UnwindSafe | RefUnwindSafe, _) => self.ty(krate, params, elem, RefUnwindSafe),
                _ => None,
            },
            Type::Ptr { elem, .. } => match t {
                Send | Sync => Some(Cond::Never),
                Unpin => Some(Cond::always()),
                UnwindSafe | RefUnwindSafe => self.ty(krate, params, elem, RefUnwindSafe),
                _ => None,
            },
            Type::Slice(elem) | Type::Array { elem, .. } => self.ty(krate, params, elem, t),
            Type::Tuple(items) => {
                let conds: Vec<Option<Cond>> =
                    items.iter().map(|i| self.ty(krate, params, i, t)).collect();
                all(conds)
            }
            Type::FnPtr(_) | Type::Never => Some(Cond::always()),
            Type::Dyn(bounds) => object(krate.table, bounds, t),
            _ => None,
        }
    }

    fn path(
        &mut self,
        krate: Krate<'a>,
        params: &BTreeSet<String>,
        p: &Path,
        t: ProbedTrait,
    ) -> Option<Cond> {
        let last = p.segments.last()?;
        let args = last.type_args()?;
        if p.segments.len() == 1 && !p.global {
            if params.contains(&last.name) && args.is_empty() {
                return Some(Cond::When([(last.name.clone(), t)].into()));
            }
            if SCALARS.contains(&last.name.as_str()) {
                return Some(Cond::always());
            }
        }
        let segments: Vec<&str> = p.segments.iter().map(|s| s.name.as_str()).collect();
        // An item of this crate, or of a dependency whose sources were read.
        let (def_krate, found) = match segments[0] {
            "crate" if !p.global => (krate, names::def_of(krate.table, &segments)),
            first if segments.len() > 1 => {
                // A dependency, read in its own dependencies' names; or a crate of
                // theirs, where one's alias led (parking_lot's `Mutex<T>`, expanded to
                // `lock_api::Mutex<RawMutex, T>`).
                let dep = match krate.externs.table(first) {
                    Some(table) => {
                        Some((table, krate.externs.externs_of(first).unwrap_or(&NoExterns)))
                    }
                    None if !matches!(first, "std" | "core" | "alloc") => {
                        krate.externs.transitive(first)
                    }
                    None => None,
                };
                let Some((table, externs)) = dep else {
                    return self.std(krate, params, p, &args, t);
                };
                let dep = Krate {
                    key: self.crate_id(first),
                    table,
                    externs,
                };
                // A definition path, or one a dependency's alias wrote (`lock_api::Mutex`,
                // through lock_api's re-export).
                let found = names::def_of(table, &segments)
                    .filter(|(m, name)| table.type_defs(*m, name).next().is_some())
                    .or_else(|| names::item_of(table, &segments));
                (dep, found)
            }
            _ => return self.std(krate, params, p, &args, t),
        };
        let (m, name) = found?;
        let cond = self.def(def_krate, m, &name, t)?;
        let Cond::When(reqs) = cond else {
            return Some(Cond::Never);
        };
        let def = def_krate.table.type_defs(m, &name).next()?.clone();
        let mut out = Some(Cond::always());
        for (param, needed) in reqs {
            let index = def.params.iter().position(|(p, _)| *p == param)?;
            let arg_cond = match args.get(index) {
                Some(arg) => self.ty(krate, params, arg, needed),
                None => {
                    // The parameter's default, read where the type is defined.
                    let default = def.params[index].1.as_ref()?;
                    let own: BTreeSet<String> = def.params.iter().map(|(p, _)| p.clone()).collect();
                    let default =
                        names::canonical(def_krate.table, def_krate.externs, m, &own, default);
                    self.ty(def_krate, &BTreeSet::new(), &default, needed)
                }
            };
            out = and(out, arg_cond);
        }
        out
    }

    /// The key of the dependency this crate calls `name`.
    fn crate_id(&mut self, name: &str) -> usize {
        match self.crates.iter().position(|c| c == name) {
            Some(i) => i + 1,
            None => {
                self.crates.push(name.to_owned());
                self.crates.len()
            }
        }
    }

    /// One of std's types (`std::sync::Arc<T>`, or a prelude name).
    fn std(
        &mut self,
        krate: Krate<'a>,
        params: &BTreeSet<String>,
        p: &Path,
        args: &[&Type],
        t: ProbedTrait,
    ) -> Option<Cond> {
        let entry = std_entry(p)?;
        let index = AUTO_TRAITS.iter().position(|a| *a == t)?;
        match entry.traits[index] {
            StdCond::Yes => Some(Cond::always()),
            StdCond::No => Some(Cond::Never),
            StdCond::Unknown => None,
            StdCond::When(reqs) => {
                let mut out = Some(Cond::always());
                for &(i, needed) in reqs {
                    let i = usize::from(i);
                    let arg_cond = match args.get(i) {
                        Some(arg) => self.ty(krate, params, arg, needed),
                        None => {
                            let default = entry.params.get(i)?.1?;
                            let default = Type::parse(default).ok()?;
                            self.ty(krate, &BTreeSet::new(), &default, needed)
                        }
                    };
                    out = and(out, arg_cond);
                }
                out
            }
        }
    }
}

/// What an explicit impl of an auto trait says of the type `def`: negative, or the
/// impl's bounds on the parameters the self type puts in the type's places.
fn explicit(i: &AutoImpl, def: &TypeDef) -> Option<Cond> {
    if i.negative {
        return Some(Cond::Never);
    }
    if i.other_bounds {
        return None;
    }
    let Type::Path(p) = &i.self_ty else {
        return None;
    };
    let args = p.segments.last()?.type_args()?;
    if args.len() != def.params.len() {
        return None;
    }
    // The impl's parameter in each of the type's places (`impl<U> Send for X<U>`).
    let mut place = BTreeMap::new();
    for (arg, (param, _)) in args.iter().zip(&def.params) {
        match arg {
            Type::Path(q)
                if q.as_ident()
                    .is_some_and(|n| i.params.iter().any(|p| p == n)) =>
            {
                place.insert(q.as_ident()?.to_owned(), param.clone());
            }
            // An impl for some instances only (`impl Send for X<u8>`).
            _ => return None,
        }
    }
    let mut reqs = BTreeSet::new();
    for (param, t) in &i.bounds {
        reqs.insert((place.get(param)?.clone(), *t));
    }
    Some(Cond::When(reqs))
}

/// A trait object implements an auto trait it names; one whose every trait is std's
/// (none of which has an auto supertrait) implements no other. A trait of a crate
/// may have one as a supertrait: cannot tell.
fn object(table: &NameTable, bounds: &[Bound], t: ProbedTrait) -> Option<Cond> {
    let mut only_std = true;
    for b in bounds {
        let Bound::Trait {
            path, maybe: false, ..
        } = b
        else {
            continue;
        };
        if path.last_name() == Some(t.name()) {
            return Some(Cond::always());
        }
        let std = matches!(
            path.segments.first().map(|s| s.name.as_str()),
            Some("std" | "core" | "alloc")
        ) || (path.segments.len() == 1
            && STD_TRAITS.contains(&path.segments[0].name.as_str())
            // A trait of the crate of that name (`trait Error: Send`) is not std's.
            && !table.defines_type(&path.segments[0].name));
        only_std &= std;
    }
    only_std.then_some(Cond::Never)
}

/// The primitive types: every auto trait, always.
const SCALARS: &[&str] = &[
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32",
    "f64", "bool", "char", "str",
];

/// std's traits a trait object names by their prelude or common bare names.
const STD_TRAITS: &[&str] = &[
    "Fn",
    "FnMut",
    "FnOnce",
    "Any",
    "Error",
    "Debug",
    "Display",
    "Iterator",
    "Read",
    "Write",
    "Send",
    "Sync",
    "Unpin",
    "UnwindSafe",
    "RefUnwindSafe",
    "Future",
    "Hasher",
];

/// The prelude's types, which a shape writes by their bare names.
const PRELUDE: &[(&str, &str)] = &[
    ("Box", "std::boxed::Box"),
    ("Option", "std::option::Option"),
    ("Result", "std::result::Result"),
    ("String", "std::string::String"),
    ("Vec", "std::vec::Vec"),
];

/// std's entry for `p` (`core::`/`alloc::` read as `std::`).
fn std_entry(p: &Path) -> Option<&'static StdAuto> {
    static BY_PATH: OnceLock<HashMap<&'static str, &'static StdAuto>> = OnceLock::new();
    let by_path = BY_PATH.get_or_init(|| std_table::STD_AUTO.iter().map(|e| (e.path, e)).collect());
    let names: Vec<&str> = p.segments.iter().map(|s| s.name.as_str()).collect();
    let key = match names.as_slice() {
        [one] => PRELUDE.iter().find(|(n, _)| n == one)?.1.to_owned(),
        [first, rest @ ..] if matches!(*first, "std" | "core" | "alloc") => {
            format!("std::{}", rest.join("::"))
        }
        _ => return None,
    };
    by_path.get(key.as_str()).copied()
}

/// The paths of std's types the generated table knows (`std::cell::Cell`).
pub(crate) fn std_type_paths() -> impl Iterator<Item = &'static str> {
    std_table::STD_AUTO.iter().map(|e| e.path)
}

/// std's auto-trait table as text, for the test that regenerates it from the
/// toolchain's documentation (`tests/std_auto.rs`): each entry's path, its
/// parameters with their defaults, and each auto trait's condition as the table's
/// source writes it (`Yes`, `No`, `Unknown`, `When(&[(0, Send), (1, Sync)])`).
#[doc(hidden)]
#[allow(clippy::type_complexity)] // a row, spelled out for the test alone
pub fn std_table_rows() -> Vec<(String, Vec<(String, Option<String>)>, [String; 5])> {
    let cond = |c: StdCond| match c {
        StdCond::Yes => "Yes".to_owned(),
        StdCond::No => "No".to_owned(),
        StdCond::Unknown => "Unknown".to_owned(),
        StdCond::When(when) => {
            let when: Vec<String> = when
                .iter()
                .map(|(i, t)| format!("({i}, {})", t.name()))
                .collect();
            format!("When(&[{}])", when.join(", "))
        }
    };
    std_table::STD_AUTO
        .iter()
        .map(|e| {
            let params = e
                .params
                .iter()
                .map(|(p, d)| ((*p).to_owned(), d.map(str::to_owned)))
                .collect();
            (e.path.to_owned(), params, e.traits.map(cond))
        })
        .collect()
}
