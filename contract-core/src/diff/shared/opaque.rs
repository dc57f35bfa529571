//! What a returned opaque type (`-> impl Iterator<Item = &K>`) may become and still
//! promise every caller all it did: an associated type of a parameter's trait that
//! declares each old bound, or a named type of the crate whose trait impls give each.
//!
//! The old type's auto traits leaked from the fn's body, which no shape records: they
//! are not compared (the guide says so).

use std::collections::{BTreeMap, BTreeSet};

use crate::diff::Cx;
use crate::shape::{FnShape, GenericParam, TraitImpl, WherePredicate};
use crate::ty::{Args, Bound, GenericArg, Part, Path, Type};

/// Whether `new`, a projection `P::Assoc` of a type parameter of `new_fn`, keeps every
/// bound of `old`, an opaque type: `P` is bounded by a trait of the crate whose
/// associated type `Assoc` declares each of them, with the trait's parameters read as
/// the bound's arguments and `Self` as `P`. The old type's auto traits leaked from the
/// fn's body, which no shape records: they are not compared (the guide says so).
pub(super) fn projection_keeps(cx: &Cx<'_>, new_fn: &FnShape, old: &[Bound], new: &Type) -> bool {
    let Type::Path(p) = new else {
        return false;
    };
    let [param, assoc] = p.segments.as_slice() else {
        return false;
    };
    if p.global || param.args != Args::None || assoc.args != Args::None {
        return false;
    }
    let Some(bounds) = param_bounds(new_fn, &param.name) else {
        return false;
    };
    let wanted: Vec<&Bound> = old.iter().filter(|b| !matches!(b, Bound::Use(_))).collect();
    bounds.iter().any(|b| {
        let Some(path) = b.trait_path() else {
            return false;
        };
        let Some(declared) = declared_bounds(cx, path, &param.name, &assoc.name) else {
            return false;
        };
        wanted.iter().all(|w| declared.contains(w))
    })
}

/// The bounds the crate trait `bound` (written in the symbol's module) declares on its
/// associated type `assoc`, its parameters read as `bound`'s arguments and `Self` as
/// `self_ty`; `None` when the trait is not known or an argument is missing.
fn declared_bounds(
    cx: &Cx<'_>,
    bound: &crate::ty::Path,
    self_ty: &str,
    assoc: &str,
) -> Option<Vec<Bound>> {
    let def = crate::variance::def_of(cx.current_module, bound)?;
    // A bare name a glob brings (litemap's `use crate::store::*;`): the one trait of
    // the crate by that name.
    let symbol = cx.current_types.trait_symbol(&def).or_else(|| {
        let [only] = bound.segments.as_slice() else {
            return None;
        };
        cx.current_types.trait_symbol(&only.name)
    })?;
    let Some(crate::shape::ItemShape::Trait(t)) = &symbol.item else {
        return None;
    };
    let declared = t.types.get(assoc)?;
    let args: Vec<&GenericArg> = match &bound.segments.last()?.args {
        Args::Angle(list) => list.iter().collect(),
        Args::None => Vec::new(),
        Args::Paren { .. } => return None,
    };
    let (lifetimes, others): (Vec<&GenericArg>, Vec<&GenericArg>) = args
        .into_iter()
        .partition(|a| matches!(a, GenericArg::Lifetime(_)));
    let mut lifetime_map: BTreeMap<String, String> = BTreeMap::new();
    let mut type_map: BTreeMap<String, Type> = BTreeMap::new();
    type_map.insert("Self".to_owned(), Type::parse(self_ty).ok()?);
    let (mut l, mut o) = (lifetimes.into_iter(), others.into_iter());
    for g in &t.generics.params {
        match g {
            GenericParam::Lifetime { name, .. } => match l.next()? {
                GenericArg::Lifetime(arg) => {
                    lifetime_map.insert(name.clone(), arg.clone());
                }
                _ => return None,
            },
            GenericParam::Type { name, .. } => match o.next()? {
                GenericArg::Type(arg) => {
                    type_map.insert(name.clone(), arg.clone());
                }
                _ => return None,
            },
            GenericParam::Const { .. } => return None,
        }
    }
    Some(
        declared
            .bounds
            .iter()
            .map(|b| {
                let mut b = b.clone();
                if let Bound::Trait { path, .. } = &mut b {
                    let mut whole = Type::Path(path.clone());
                    crate::names::substitute(&mut whole, &type_map);
                    if let Type::Path(read) = whole {
                        *path = read;
                    }
                }
                b.lifetimes_mut(&mut |l| {
                    if let Some(arg) = lifetime_map.get(l.as_str()) {
                        *l = arg.clone();
                    }
                });
                b
            })
            .collect(),
    )
}

/// Whether `new`, a type of the crate that the fn now returns, keeps every bound of
/// `old`, the opaque type it returned: for each trait of `old`, an impl the sources
/// hold for the type applies to it (its where clause met by what `new_fn`'s bounds say
/// of the type's arguments) and gives each associated type `old` binds the same type.
/// litemap 0.8.3's `-> impl DoubleEndedIterator<Item = &'a K>` → `->
/// KeysIterWrap<S::KeyValueIter>`, with `impl<K, V, I: Iterator<Item = (K, V)>>
/// Iterator for KeysIterWrap<I> { type Item = K; }` and `S::KeyValueIter: Iterator<Item
/// = (&'a K, &'a V)>` declared by `S`'s trait. Nothing the sources do not show is
/// assumed: an impl that needs what no bound says, an outlives bound, a `for<…>` bound
/// or a concrete argument's traits answer no.
pub(super) fn named_type_keeps(cx: &Cx<'_>, new_fn: &FnShape, old: &[Bound], new: &Type) -> bool {
    let Type::Path(path) = new else {
        return false;
    };
    let Some(def) = crate::variance::def_of(cx.current_module, path) else {
        return false;
    };
    let impls = cx.current_types.trait_impls(&def);
    if impls.is_empty() {
        return false;
    }
    let known = Known { cx, new_fn };
    old.iter().all(|bound| match bound {
        Bound::Use(_) => true,
        Bound::Trait {
            hrtb,
            maybe: false,
            path,
        } if hrtb.is_empty() => known.implements(&impls, new, path),
        _ => false,
    })
}

/// What the fn `new_fn` knows of the types its signature names: its parameters' bounds,
/// and through them what their traits declare of an associated type.
struct Known<'a> {
    cx: &'a Cx<'a>,
    new_fn: &'a FnShape,
}

impl Known<'_> {
    /// Whether one of `impls` (all of one type) makes `ty` implement `wanted`, with
    /// each of `wanted`'s associated-type bindings.
    fn implements(&self, impls: &[&TraitImpl], ty: &Type, wanted: &Path) -> bool {
        let Some(name) = wanted.last_name() else {
            return false;
        };
        let (args, bindings) = split_args(wanted);
        impls.iter().any(|i| {
            let Some(path) = i.trait_bound.trait_path() else {
                return false;
            };
            let (impl_args, _) = split_args(path);
            if path.last_name() != Some(name) || impl_args.len() != args.len() {
                return false;
            }
            let Some(mut subst) = self.applies(i, ty) else {
                return false;
            };
            impl_args
                .iter()
                .zip(&args)
                .all(|(p, t)| unify_arg(p, t, &mut subst))
                && bindings.iter().all(|(assoc, want)| {
                    self.assoc_of(impls, i, ty, assoc, &subst)
                        .is_some_and(|got| got == **want)
                })
        })
    }

    /// The associated type `assoc` of `ty` as `first` (an impl that applies, with
    /// `subst`) defines it, else as another of `impls` that applies does (an
    /// `Iterator`'s `Item` bound on `DoubleEndedIterator`).
    fn assoc_of(
        &self,
        impls: &[&TraitImpl],
        first: &TraitImpl,
        ty: &Type,
        assoc: &str,
        subst: &Subst,
    ) -> Option<Type> {
        if let Some(t) = first.assoc.get(assoc) {
            return Some(subst.apply(t));
        }
        impls.iter().find_map(|i| {
            let t = i.assoc.get(assoc)?;
            Some(self.applies(i, ty)?.apply(t))
        })
    }

    /// The impl's parameters read from `ty`, when `i` is an impl for it whose where
    /// clause `new_fn`'s bounds meet.
    fn applies(&self, i: &TraitImpl, ty: &Type) -> Option<Subst> {
        let mut subst = Subst::over(i);
        if !unify(&i.self_ty, ty, &mut subst) {
            return None;
        }
        // A parameter's bounds may read the next ones' (`I: Iterator<Item = (K, V)>`
        // gives `K` and `V`): until nothing more is read.
        let mut pending: Vec<(Type, &Bound)> = Vec::new();
        for p in &i.generics.params {
            if let GenericParam::Type { name, bounds, .. } = p {
                let param = Type::Path(Path::plain(&[name]));
                pending.extend(bounds.iter().map(|b| (param.clone(), b)));
            }
        }
        for w in &i.generics.where_clause {
            match w {
                WherePredicate::Type {
                    hrtb,
                    bounded,
                    bounds,
                } if hrtb.is_empty() => pending.extend(bounds.iter().map(|b| (bounded.clone(), b))),
                WherePredicate::Type { .. } => return None,
                WherePredicate::Lifetime { .. } => {}
            }
        }
        pending.retain(|(_, b)| matches!(b, Bound::Trait { maybe: false, .. }));
        while !pending.is_empty() {
            let before = pending.len();
            let mut failed = false;
            pending.retain(|(bounded, bound)| {
                if failed || !subst.reads(bounded) {
                    return true;
                }
                failed = !self.meets(&subst.apply(bounded), bound, &mut subst);
                false
            });
            if failed || pending.len() == before {
                return None;
            }
        }
        Some(subst)
    }

    /// Whether what `new_fn` knows of `ty` gives it `bound` (the impl's, in the impl's
    /// parameters), reading the parameters it binds.
    fn meets(&self, ty: &Type, bound: &Bound, subst: &mut Subst) -> bool {
        let Bound::Trait {
            hrtb, path: wanted, ..
        } = bound
        else {
            return false;
        };
        if !hrtb.is_empty() {
            return false;
        }
        let Some(facts) = self.bounds_of(ty) else {
            return false;
        };
        let (args, bindings) = split_args(wanted);
        let same_trait = facts.iter().find_map(|f| match f {
            Bound::Trait { path, .. } if path.last_name() == wanted.last_name() => Some(path),
            _ => None,
        });
        let Some(fact) = same_trait else {
            return false;
        };
        let (fact_args, _) = split_args(fact);
        if fact_args.len() != args.len()
            || !args
                .iter()
                .zip(&fact_args)
                .all(|(p, t)| unify_arg(p, t, subst))
        {
            return false;
        }
        // A binding may be declared on a supertrait's bound (`DoubleEndedIterator +
        // Iterator<Item = …>`): any of the facts binding it.
        bindings.iter().all(|(assoc, pattern)| {
            let given = facts.iter().find_map(|f| match f {
                Bound::Trait { path, .. } => split_args(path).1.get(assoc).copied(),
                _ => None,
            });
            given.is_some_and(|t| unify(pattern, t, subst))
        })
    }

    /// The bounds `new_fn` puts on `ty`: a type parameter's own, or what the trait of a
    /// parameter's bound declares of a projection `P::Assoc`. `None` for anything else.
    fn bounds_of(&self, ty: &Type) -> Option<Vec<Bound>> {
        let Type::Path(p) = ty else {
            return None;
        };
        if p.global {
            return None;
        }
        match p.segments.as_slice() {
            [param] if param.args == Args::None => param_bounds(self.new_fn, &param.name).cloned(),
            [param, assoc] if param.args == Args::None && assoc.args == Args::None => {
                let bounds = param_bounds(self.new_fn, &param.name)?;
                let declared: Vec<Bound> = bounds
                    .iter()
                    .filter_map(Bound::trait_path)
                    .filter_map(|b| declared_bounds(self.cx, b, &param.name, &assoc.name))
                    .flatten()
                    .collect();
                (!declared.is_empty()).then_some(declared)
            }
            _ => None,
        }
    }
}

/// The bounds of `f`'s type parameter `name`, its own or its `impl` block's.
fn param_bounds<'f>(f: &'f FnShape, name: &str) -> Option<&'f Vec<Bound>> {
    f.generics
        .params
        .iter()
        .chain(&f.impl_generics.params)
        .find_map(|g| match g {
            GenericParam::Type {
                name: n, bounds, ..
            } if n == name => Some(bounds),
            _ => None,
        })
}

/// A path's last arguments: the positional ones, and the associated-type bindings.
fn split_args(p: &Path) -> (Vec<&GenericArg>, BTreeMap<&str, &Type>) {
    let mut args = Vec::new();
    let mut bindings = BTreeMap::new();
    if let Some(Args::Angle(list)) = p.segments.last().map(|s| &s.args) {
        for a in list {
            match a {
                GenericArg::AssocType { name, generics, ty } if generics.is_empty() => {
                    bindings.insert(name.as_str(), ty);
                }
                other => args.push(other),
            }
        }
    }
    (args, bindings)
}

/// What an impl's parameters stand for, read so far.
struct Subst {
    /// The impl's type parameters.
    vars: BTreeSet<String>,
    /// Its lifetime parameters.
    lifetime_vars: BTreeSet<String>,
    types: BTreeMap<String, Type>,
    lifetimes: BTreeMap<String, String>,
}

impl Subst {
    fn over(i: &TraitImpl) -> Subst {
        let mut vars = BTreeSet::new();
        let mut lifetime_vars = BTreeSet::new();
        for p in &i.generics.params {
            match p {
                GenericParam::Type { name, .. } => {
                    vars.insert(name.clone());
                }
                GenericParam::Lifetime { name, .. } => {
                    lifetime_vars.insert(name.clone());
                }
                GenericParam::Const { .. } => {}
            }
        }
        Subst {
            vars,
            lifetime_vars,
            types: BTreeMap::new(),
            lifetimes: BTreeMap::new(),
        }
    }

    /// Whether every parameter `t` names is read.
    fn reads(&self, t: &Type) -> bool {
        let mut all = true;
        let mut t = t.clone();
        t.walk_mut(&mut |t| {
            if let Type::Path(p) = t {
                if let Some(n) = p.as_ident() {
                    all &= !self.vars.contains(n) || self.types.contains_key(n);
                }
            }
        });
        all
    }

    fn apply(&self, t: &Type) -> Type {
        let mut t = t.clone();
        crate::names::substitute(&mut t, &self.types);
        t.lifetimes_mut(&mut |l| {
            if let Some(read) = self.lifetimes.get(l.as_str()) {
                l.clone_from(read);
            }
        });
        t
    }

    fn lifetime(&mut self, pattern: Option<&String>, target: Option<&String>) -> bool {
        match pattern {
            // Elided in the impl's head: any lifetime.
            None => true,
            Some(l) if l == "'_" => true,
            Some(l) if self.lifetime_vars.contains(l) => match (self.lifetimes.get(l), target) {
                (Some(read), Some(t)) => read == t,
                (Some(_), None) => false,
                (None, Some(t)) => {
                    self.lifetimes.insert(l.clone(), t.clone());
                    true
                }
                (None, None) => true,
            },
            Some(l) => target == Some(l),
        }
    }
}

/// Whether `pattern` (in the impl's parameters) is `target` for some reading of the
/// parameters, which it extends.
fn unify(pattern: &Type, target: &Type, s: &mut Subst) -> bool {
    if let Type::Path(p) = pattern {
        if let Some(name) = p.as_ident().filter(|n| s.vars.contains(*n)) {
            return match s.types.get(name) {
                Some(read) => read == target,
                None => {
                    s.types.insert(name.to_owned(), target.clone());
                    true
                }
            };
        }
    }
    if let (Type::Path(a), Type::Path(b)) = (pattern, target) {
        return unify_path(a, b, s);
    }
    let zipped = crate::ty::zip_compound(pattern, target, &mut |part| match part {
        Part::Ty(p, t) => unify(p, t, s),
        Part::Lifetime(p, t) => s.lifetime(p, t),
    });
    zipped.unwrap_or_else(|| s.apply(pattern) == *target)
}

/// Two paths of one type: the same names (the last alone where one is written longer,
/// as a `use` lets the impl's head be), and arguments that unify.
fn unify_path(a: &Path, b: &Path, s: &mut Subst) -> bool {
    let names = |p: &Path| {
        p.segments
            .iter()
            .map(|g| g.name.clone())
            .collect::<Vec<_>>()
    };
    let same = if a.segments.len() == b.segments.len() {
        a.global == b.global && names(a) == names(b)
    } else {
        a.last_name() == b.last_name()
    };
    if !same {
        return false;
    }
    // Arguments on the last segment only (`Keys<'a, K>`); any earlier ones must agree.
    let (Some(la), Some(lb)) = (a.segments.last(), b.segments.last()) else {
        return false;
    };
    match (&la.args, &lb.args) {
        (Args::None, Args::None) => true,
        (Args::Angle(x), Args::Angle(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, t)| unify_arg(p, t, s))
        }
        (x, y) => x == y,
    }
}

fn unify_arg(pattern: &GenericArg, target: &GenericArg, s: &mut Subst) -> bool {
    match (pattern, target) {
        (GenericArg::Type(p), GenericArg::Type(t)) => unify(p, t, s),
        (GenericArg::Lifetime(p), GenericArg::Lifetime(t)) => s.lifetime(Some(p), Some(t)),
        (
            GenericArg::AssocType {
                name: pn,
                generics: pg,
                ty: pt,
            },
            GenericArg::AssocType {
                name: tn,
                generics: tg,
                ty: tt,
            },
        ) => pn == tn && pg == tg && unify(pt, tt, s),
        (p, t) => p == t,
    }
}
