//! Bounds as rustc reads them: a bound another bound of the same list implies through
//! its supertraits adds nothing (`T: AsChar + Clone` where `trait AsChar: Copy`, `T:
//! Copy + Clone`, `impl ExactSizeIterator + Iterator`), and an associated type bound
//! on a subtrait is the supertrait's (`impl ExactSizeIterator<Item = T>` is `impl
//! ExactSizeIterator + Iterator<Item = T>`). Two such spellings constrain every type
//! alike, so they are one list for every consumer.
//!
//! std's supertraits come from [`STD_SUPERTRAITS`]; the crate's own traits' from the
//! golden ([`Types::supertraits`]), as every front end reads them. A bound with
//! arguments is implied only where the implying trait names it bare (`Eq` implies
//! `PartialEq`, not `PartialEq<u8>`).

use crate::shape::{GenericParam, Generics, Symbol, WherePredicate};
use crate::ty::{Args, Bound, GenericArg, Path, Type};
use crate::variance::Types;

/// std's traits with the supertraits their definitions name, by the path a shape
/// records (prelude traits bare): `pub trait Copy: Clone`, `pub trait Ord: Eq +
/// PartialOrd`, `pub trait ExactSizeIterator: Iterator`, …
const STD_SUPERTRAITS: &[(&str, &[&str])] = &[
    ("Copy", &["Clone"]),
    ("Eq", &["PartialEq"]),
    ("PartialOrd", &["PartialEq"]),
    ("Ord", &["Eq", "PartialOrd"]),
    ("ExactSizeIterator", &["Iterator"]),
    ("DoubleEndedIterator", &["Iterator"]),
    ("std::iter::FusedIterator", &["Iterator"]),
    (
        "std::error::Error",
        &["std::fmt::Debug", "std::fmt::Display"],
    ),
    ("std::ops::DerefMut", &["std::ops::Deref"]),
    ("std::io::BufRead", &["std::io::Read"]),
    ("std::hash::BuildHasher", &[]),
];

/// std's subtraits of `Iterator`, whose `Item` binding is `Iterator`'s.
const ITERATOR_SUBTRAITS: &[&str] = &[
    "ExactSizeIterator",
    "DoubleEndedIterator",
    "std::iter::FusedIterator",
];

/// Pushes onto `out` every trait std's trait `name` implies, transitively (std's
/// supertraits are std's); whether `name` is one of [`STD_SUPERTRAITS`].
fn std_implied(name: &str, out: &mut Vec<String>) -> bool {
    let Some((_, supers)) = STD_SUPERTRAITS.iter().find(|(n, _)| *n == name) else {
        return false;
    };
    for s in *supers {
        if !out.iter().any(|o| o == s) {
            out.push((*s).to_owned());
            std_implied(s, out);
        }
    }
    true
}

/// Whether `name` (as [`name_of`] gives it) is one of std's traits the tables know, or
/// a path into std: never one of the crate's.
fn is_std(name: &str) -> bool {
    name.starts_with("std::")
        || STD_SUPERTRAITS
            .iter()
            .any(|(n, supers)| *n == name || supers.contains(&name))
        || matches!(
            name,
            "Send"
                | "Sync"
                | "Sized"
                | "Unpin"
                | "Iterator"
                | "IntoIterator"
                | "Default"
                | "Hash"
                | "AsRef"
                | "AsMut"
                | "From"
                | "Into"
                | "ToString"
                | "Fn"
                | "FnMut"
                | "FnOnce"
                | "Drop"
                | "Extend"
                | "FromIterator"
                | "ToOwned"
        )
}

/// How deep the crate's supertraits are followed (a cycle does not compile).
const MAX_DEPTH: usize = 8;

/// `path` as the tables name it: std paths collapsed, no arguments.
fn name_of(path: &Path) -> String {
    let mut plain = path.clone();
    for s in &mut plain.segments {
        s.args = Args::None;
    }
    crate::ty::normalize_std(&mut plain);
    plain.names()
}

/// The bounds of a list, read in `module` with the crate's `types`.
struct Reader<'a> {
    types: &'a dyn Types,
    module: &'a str,
}

impl Reader<'_> {
    /// The name a bare trait `path`, written in `module`, is known by in a closure: a
    /// trait of the crate the types define, by its definition (`k::traits::Observer`,
    /// however a module spells it: `Observer`, `super::Observer`); any other by the
    /// tables' name. `None` for a trait with arguments.
    fn key(&self, path: &Path, module: &str) -> Option<String> {
        let name = bare(path)?;
        // std's traits by name, without asking the crate's (a lookup per bound).
        if is_std(&name) {
            return Some(name);
        }
        // One of the crate's, by where it is defined: its re-export's path and its
        // defining module's name one trait (enum-map's root `Enum` and
        // `internal::Enum`, the supertrait of `internal::EnumArray`).
        let found = crate::variance::def_of(module, path).and_then(|def| {
            let (written_in, _) = self.types.supertraits(&def)?;
            let (_, last) = def.rsplit_once("::").unwrap_or(("", def.as_str()));
            Some(format!("{written_in}::{last}"))
        });
        Some(found.unwrap_or(name))
    }

    /// Every trait `path` (written in `module`) implies, itself excluded: std's from
    /// the table, the crate's from the golden, transitively.
    fn implied(&self, path: &Path, module: &str, depth: usize, out: &mut Vec<String>) {
        if depth > MAX_DEPTH {
            return;
        }
        if std_implied(&name_of(path), out) {
            return;
        }
        let Some(def) = crate::variance::def_of(module, path) else {
            return;
        };
        let Some((its_module, supers)) = self.types.supertraits(&def) else {
            return;
        };
        for sup in supers.iter().filter_map(trait_of) {
            // A supertrait with arguments implies itself with them only.
            if let Some(n) = self.key(sup, its_module) {
                if !out.contains(&n) {
                    out.push(n);
                }
            }
            self.implied(sup, its_module, depth + 1, out);
        }
    }

    /// `bounds` with every `Item` binding of an `Iterator` subtrait moved onto
    /// `Iterator`, and every bare bound another implies left out, sorted.
    fn canonical(&self, bounds: &[Bound]) -> Vec<Bound> {
        let mut out = bounds.to_vec();
        self.bindings_on_iterator(&mut out);
        let implied: Vec<Vec<String>> = out
            .iter()
            .map(|b| {
                let mut v = Vec::new();
                if let Some(path) = trait_of(b) {
                    self.implied(path, self.module, 0, &mut v);
                }
                v
            })
            .collect();
        let mut keep = vec![true; out.len()];
        for (i, b) in out.iter().enumerate() {
            let Some(name) = trait_of(b).and_then(|p| self.key(p, self.module)) else {
                continue;
            };
            if implied
                .iter()
                .enumerate()
                .any(|(j, imp)| j != i && keep[j] && imp.contains(&name))
            {
                keep[i] = false;
            }
        }
        let mut kept: Vec<Bound> = out
            .into_iter()
            .zip(keep)
            .filter_map(|(b, k)| k.then_some(b))
            .collect();
        crate::ty::sort_bounds(&mut kept);
        kept
    }

    /// `ExactSizeIterator<Item = T>` as `ExactSizeIterator + Iterator<Item = T>`; left
    /// as written where `Iterator` is bound to another `Item`.
    fn bindings_on_iterator(&self, bounds: &mut Vec<Bound>) {
        let mut moved: Option<GenericArg> = None;
        for b in bounds.iter_mut() {
            let Bound::Trait { path, .. } = b else {
                continue;
            };
            if !ITERATOR_SUBTRAITS.contains(&name_of(path).as_str()) {
                continue;
            }
            let Some(last) = path.segments.last_mut() else {
                continue;
            };
            let Args::Angle(args) = &mut last.args else {
                continue;
            };
            let Some(at) = args
                .iter()
                .position(|a| matches!(a, GenericArg::AssocType { name, .. } if name == "Item"))
            else {
                continue;
            };
            if moved.as_ref().is_some_and(|m| *m != args[at]) {
                continue;
            }
            moved = Some(args.remove(at));
            if args.is_empty() {
                last.args = Args::None;
            }
        }
        let Some(item) = moved else { return };
        let iterator = bounds.iter_mut().find_map(|b| match b {
            Bound::Trait {
                path, maybe: false, ..
            } if name_of(path) == "Iterator" => Some(path),
            _ => None,
        });
        match iterator {
            Some(path) => {
                let last = path.segments.last_mut().expect("a path has a segment");
                match &mut last.args {
                    Args::None => last.args = Args::Angle(vec![item]),
                    Args::Angle(args) if !args.contains(&item) => args.push(item),
                    _ => {}
                }
            }
            None => {
                let mut path = Path::plain(&["Iterator"]);
                path.segments[0].args = Args::Angle(vec![item]);
                bounds.push(Bound::Trait {
                    hrtb: Vec::new(),
                    maybe: false,
                    path,
                });
            }
        }
    }
}

/// The trait of a bound `T: Trait` (not `?Trait`, not `for<'a> Trait<'a>`).
pub(super) fn trait_of(b: &Bound) -> Option<&Path> {
    match b {
        Bound::Trait {
            path,
            maybe: false,
            hrtb,
        } if hrtb.is_empty() => Some(path),
        _ => None,
    }
}

/// A trait's name as the tables name it, when written without arguments.
fn bare(path: &Path) -> Option<String> {
    path.segments
        .iter()
        .all(|s| s.args == Args::None)
        .then(|| name_of(path))
}

/// The traits a bound list names or implies through supertraits (bare traits, by
/// name), read in `module` with `types`: what every type meeting the list meets.
pub(super) fn closure(bounds: &[Bound], types: &dyn Types, module: &str) -> Vec<String> {
    let reader = Reader { types, module };
    let mut out = Vec::new();
    for path in bounds.iter().filter_map(trait_of) {
        out.extend(reader.key(path, module));
        reader.implied(path, module, 0, &mut out);
    }
    out
}

/// The bounds `lists` put on `subject`: a type parameter's own and those of `where`
/// predicates without `for<…>` (a method's bounds are its own and its `impl` block's).
pub(super) fn bounds_on(lists: &[&Generics], subject: &str) -> Vec<Bound> {
    let mut out = Vec::new();
    for g in lists {
        for p in &g.params {
            if let GenericParam::Type { name, bounds, .. } = p {
                if name == subject {
                    out.extend(bounds.iter().cloned());
                }
            }
        }
        for w in &g.where_clause {
            if let WherePredicate::Type {
                hrtb,
                bounded,
                bounds,
            } = w
            {
                if hrtb.is_empty() && bounded.to_string() == subject {
                    out.extend(bounds.iter().cloned());
                }
            }
        }
    }
    out
}

/// Whether every type meeting `bounds` meets `bound` (as text): it is one of them, or
/// a bare trait one of them implies through supertraits, read in `module` with
/// `types`.
pub(super) fn implies(bounds: &[Bound], bound: &str, types: &dyn Types, module: &str) -> bool {
    if bounds.iter().any(|b| b.to_string() == bound) {
        return true;
    }
    let Some(name) = Bound::parse(bound)
        .ok()
        .and_then(|b| key(&b, types, module))
    else {
        return false;
    };
    closure(bounds, types, module).contains(&name)
}

/// The name [`closure`] gives a bare trait bound `b` written in `module`; `None` for
/// another bound.
pub(super) fn key(b: &Bound, types: &dyn Types, module: &str) -> Option<String> {
    Reader { types, module }.key(trait_of(b)?, module)
}

/// Calls `f` on every bound list of `s`: its generics' (parameters and `where`
/// clauses), a trait's supertraits and associated types' bounds, and each `impl`
/// and `dyn` type's.
pub(super) fn bound_lists(s: &mut Symbol, f: &mut dyn FnMut(&mut Vec<Bound>)) {
    if let Some(item) = &mut s.item {
        crate::names::item_bound_lists(item, f);
    }
    s.methods
        .values_mut()
        .for_each(|m| crate::names::signature_bound_lists(m, f));
    s.types
        .values_mut()
        .for_each(|a| crate::names::generics_bound_lists(&mut a.generics, f));
    super::roots::each_root(s, &mut |t: &mut Type| {
        t.walk_mut(&mut |node| {
            if let Type::Impl(bounds) | Type::Dyn(bounds) = node {
                f(bounds);
            }
        })
    });
}

/// `before` and `after` with the bound lists that read alike written alike (see
/// [`super::roots::alike_by_place`]); `None` when no list is written otherwise than
/// read.
pub(super) fn implied_left_out(
    before: &Symbol,
    after: &Symbol,
    types: &dyn Types,
    module: &str,
) -> Option<(Symbol, Symbol)> {
    let reader = Reader { types, module };
    super::roots::alike_by_place(
        before,
        after,
        &bound_lists,
        &|l: &Vec<Bound>| {
            let mut sorted = l.clone();
            crate::ty::sort_bounds(&mut sorted);
            reader.canonical(l) != sorted
        },
        &|o: &Vec<Bound>, n: &Vec<Bound>| reader.canonical(o) == reader.canonical(n),
        &|l: &mut Vec<Bound>| *l = reader.canonical(l),
    )
}
