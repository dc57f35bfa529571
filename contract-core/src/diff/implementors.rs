//! Implementors of a pinned trait, from trait `impl` blocks pinned under its symbol.
//!
//! An implementor is a type for the impl's generics, so one impl stands for many
//! types, and a rewrite of the impls can keep every one of them:
//! `impl<T, const N: usize> Array for [T; N]` implements the trait for each `[T; 5]`
//! that `impl<T> Array for [T; 5]` did, and `impl<N, S: BuildHasher> X for Graph<N, S>`
//! for the `Graph<N>` of `impl<N> X for Graph<N>`, where `S` is a parameter the type
//! gained with a default (`Graph<N>` is `Graph<N, RandomState>`). So an implementor is
//! lost only when no impl of the new side covers it, and one is gained only when no
//! impl of the old side covered it: renamed parameters are no change at all.
//!
//! A new impl covers an old one when its type, read as a pattern over its own
//! parameters, matches the old type, and what it bounds its parameters by holds for
//! what they match: a bound the old impl had on its own parameter (or one std's
//! supertraits imply: `Ord` gives `PartialOrd`), a marker trait of a primitive, and
//! anything of a parameter left to the type's default (the type's author chose a
//! default that fits its own impls, as [`super::generalised`] assumes for methods).
//! Nothing else is assumed: a bound the sources cannot decide is a narrower impl,
//! except a bound on another crate's trait, whose impls are not read: an impl it may
//! cover is `trait_implementor_untold`, neither kept nor removed.

use std::collections::{BTreeMap, BTreeSet};

use super::Cx;
use crate::delta::{DeltaKind, Member, Note, Shown};
use crate::shape::{GenericParam, Implementor, Symbol, WherePredicate};
use crate::ty::{Args, Bound, GenericArg, Path, Type};

/// The implementors family: a type that implements the trait now is more API; one
/// that no longer does breaks every use of it through the trait.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    // A trait whose parameters were reshaped (`Parser<I, O, E>` → `Parser<I>`, nom 8)
    // gives every impl other arguments: that is the trait's change, reported on it
    // once. An impl of the same type is compared by its type and bounds.
    let arity = |s: &Symbol| match &s.item {
        Some(crate::shape::ItemShape::Trait(t)) => Some(
            t.generics
                .params
                .iter()
                .filter(|p| !p.is_lifetime())
                .count(),
        ),
        _ => None,
    };
    let reshaped = matches!((arity(before), arity(after)), (Some(o), Some(n)) if o != n);
    let without_args = |s: &Symbol| -> BTreeSet<Implementor> {
        s.implementors
            .iter()
            .map(|i| Implementor {
                trait_args: Vec::new(),
                ..i.clone()
            })
            .collect()
    };
    let (old_impls, new_impls);
    let (before_impls, after_impls) = if reshaped {
        old_impls = without_args(before);
        new_impls = without_args(after);
        (&old_impls, &new_impls)
    } else {
        (&before.implementors, &after.implementors)
    };
    // Across a reshape the impls' bounds name the trait anew too: an impl for the
    // same type on both sides is kept, whatever they say.
    let kept = |impls: &BTreeSet<Implementor>, i: &Implementor| {
        reshaped && impls.iter().any(|other| same_type(other, i))
    };
    for added in after_impls.difference(before_impls) {
        if before_impls.iter().any(|old| covers(old, added)) || kept(before_impls, added) {
            continue;
        }
        let mut delta = cx
            .delta(
                DeltaKind::TraitImplementorAdded,
                Member::Implementor {
                    ty: added.ty.clone(),
                },
            )
            .now(Shown::Implementor(added.clone()));
        // A relaxed impl: it was there for fewer types.
        if let Some(old) = before_impls.iter().find(|old| same_type(old, added)) {
            delta = delta.was(Shown::Implementor(old.clone()));
        }
        cx.push(delta);
    }
    for removed in before_impls.difference(after_impls) {
        if after_impls.iter().any(|new| covers(new, removed)) || kept(after_impls, removed) {
            continue;
        }
        // Covered if the type meets bounds on another crate's traits, whose impls the
        // command does not read (integer-sqrt 0.1.5's `impl<T: num_traits::PrimInt>`
        // for twelve impls on the primitive integers): not told either way.
        if let Some((general, assumed)) = after_impls
            .iter()
            .find_map(|new| covers_assuming_foreign(new, removed).map(|a| (new, a)))
        {
            let delta = cx
                .delta(
                    DeltaKind::TraitImplementorUntold,
                    Member::Implementor {
                        ty: removed.ty.clone(),
                    },
                )
                .note(Note::UntoldBounds(assumed))
                .change(
                    Shown::Implementor(removed.clone()),
                    Shown::Implementor(general.clone()),
                );
            cx.push(delta);
            continue;
        }
        let mut delta = cx
            .delta(
                DeltaKind::TraitImplementorRemoved,
                Member::Implementor {
                    ty: removed.ty.clone(),
                },
            )
            .was(Shown::Implementor(removed.clone()));
        // A narrowed impl: it is there for fewer types.
        if let Some(new) = after_impls.iter().find(|new| same_type(new, removed)) {
            delta = delta.now(Shown::Implementor(new.clone()));
        }
        cx.push(delta);
    }
}

/// Whether `general` implements the trait for every type `specific` did.
pub fn covers(general: &Implementor, specific: &Implementor) -> bool {
    if general == specific {
        return true;
    }
    let mut m = Matcher::new(general);
    m.ty(&general.ty, &specific.ty)
        && m.trait_args(general, specific)
        && m.bounds_hold(general, specific)
}

/// Whether `general` implements the trait for every type `specific` did, given that
/// the types meet the bounds it puts on another crate's traits: those bounds (as
/// `T: Trait` with the type written), when there are any and they are all it needs.
fn covers_assuming_foreign(general: &Implementor, specific: &Implementor) -> Option<Vec<String>> {
    let mut m = Matcher::new(general);
    if !(m.ty(&general.ty, &specific.ty) && m.trait_args(general, specific)) {
        return None;
    }
    let assumed = std::cell::RefCell::new(Vec::new());
    let holds = m.bounds_hold_with(general, specific, Some(&assumed));
    let assumed = assumed.into_inner();
    (holds && !assumed.is_empty()).then_some(assumed)
}

/// Whether two sets of implementors implement the trait for the same types: each of
/// either is covered by one of the other.
pub fn same_types(a: &BTreeSet<Implementor>, b: &BTreeSet<Implementor>) -> bool {
    let covered = |x: &BTreeSet<Implementor>, y: &BTreeSet<Implementor>| {
        x.iter().all(|i| y.iter().any(|g| covers(g, i)))
    };
    covered(a, b) && covered(b, a)
}

/// `general`'s type and trait arguments match `specific`'s, whatever the bounds.
fn same_type(general: &Implementor, specific: &Implementor) -> bool {
    let mut m = Matcher::new(general);
    m.ty(&general.ty, &specific.ty) && m.trait_args(general, specific)
}

/// What a parameter of the general impl stands for.
#[derive(Clone, Debug, PartialEq)]
enum Bind {
    Ty(Type),
    Const(String),
    /// Nothing was written there: the type's default.
    Default,
}

#[derive(Clone, Copy, PartialEq)]
enum Var {
    Type,
    Const,
    Lifetime,
}

/// Matches a general impl's type, its parameters as variables, against a type.
struct Matcher<'a> {
    vars: BTreeMap<&'a str, Var>,
    bound: BTreeMap<String, Bind>,
}

/// Marks a variable's place while a substitution is under way: no name has it.
const PLACEHOLDER: char = '\u{1}';

impl<'a> Matcher<'a> {
    fn new(general: &'a Implementor) -> Matcher<'a> {
        let vars = general
            .generics
            .params
            .iter()
            .map(|p| {
                let var = match p {
                    GenericParam::Lifetime { .. } => Var::Lifetime,
                    GenericParam::Type { .. } => Var::Type,
                    GenericParam::Const { .. } => Var::Const,
                };
                (p.name(), var)
            })
            .collect();
        Matcher {
            vars,
            bound: BTreeMap::new(),
        }
    }

    fn var(&self, name: &str, kind: Var) -> bool {
        self.vars.get(name) == Some(&kind)
    }

    fn ident_var<'t>(&self, t: &'t Type, kind: Var) -> Option<&'t str> {
        t.as_path()
            .and_then(Path::as_ident)
            .filter(|v| self.var(v, kind))
    }

    fn bind(&mut self, var: &str, to: Bind) -> bool {
        match self.bound.get(var) {
            Some(b) => *b == to,
            None => {
                self.bound.insert(var.to_owned(), to);
                true
            }
        }
    }

    fn ty(&mut self, p: &Type, t: &Type) -> bool {
        if let Some(v) = self.ident_var(p, Var::Type) {
            return self.bind(v, Bind::Ty(t.clone()));
        }
        match (p, t) {
            (Type::Path(pp), Type::Path(tp)) => {
                pp.global == tp.global
                    && pp.segments.len() == tp.segments.len()
                    && pp
                        .segments
                        .iter()
                        .zip(&tp.segments)
                        .all(|(ps, ts)| ps.name == ts.name && self.args(&ps.args, &ts.args))
            }
            (
                Type::Ref {
                    lifetime: pl,
                    mutable: pm,
                    elem: pe,
                },
                Type::Ref {
                    lifetime: tl,
                    mutable: tm,
                    elem: te,
                },
            ) => pm == tm && self.lifetime(pl.as_deref(), tl.as_deref()) && self.ty(pe, te),
            (
                Type::Ptr {
                    mutable: pm,
                    elem: pe,
                },
                Type::Ptr {
                    mutable: tm,
                    elem: te,
                },
            ) => pm == tm && self.ty(pe, te),
            (Type::Slice(pe), Type::Slice(te)) => self.ty(pe, te),
            (Type::Array { elem: pe, len: pl }, Type::Array { elem: te, len: tl }) => {
                self.ty(pe, te) && self.konst(pl, tl)
            }
            (Type::Tuple(ps), Type::Tuple(ts)) => {
                ps.len() == ts.len() && ps.iter().zip(ts).all(|(p, t)| self.ty(p, t))
            }
            _ => p == t,
        }
    }

    /// The trait arguments, each a pattern over the general impl's parameters.
    fn trait_args(&mut self, general: &Implementor, specific: &Implementor) -> bool {
        general.trait_args.len() == specific.trait_args.len()
            && self.args(
                &Args::Angle(general.trait_args.clone()),
                &Args::Angle(specific.trait_args.clone()),
            )
    }

    /// An elided lifetime (`None`) is any lifetime, as the impl's own would be.
    fn lifetime(&self, p: Option<&str>, t: Option<&str>) -> bool {
        match p {
            None => true,
            Some(l) if self.var(l, Var::Lifetime) => true,
            Some(_) => p == t,
        }
    }

    fn konst(&mut self, p: &str, t: &str) -> bool {
        if self.var(p.trim(), Var::Const) {
            return self.bind(p.trim(), Bind::Const(t.trim().to_owned()));
        }
        p == t
    }

    fn args(&mut self, p: &Args, t: &Args) -> bool {
        let none = Vec::new();
        let (ps, ts) = match (p, t) {
            (Args::Angle(ps), Args::Angle(ts)) => (ps, ts),
            (Args::Angle(ps), Args::None) => (ps, &none),
            (Args::None, Args::Angle(ts)) => (&none, ts),
            _ => return p == t,
        };
        let is_lifetime = |a: &&GenericArg| matches!(a, GenericArg::Lifetime(_));
        let (p_life, p_rest): (Vec<&GenericArg>, Vec<&GenericArg>) =
            ps.iter().partition(is_lifetime);
        let (t_life, t_rest): (Vec<&GenericArg>, Vec<&GenericArg>) =
            ts.iter().partition(is_lifetime);
        // Elided lifetimes are left out of the arguments: a pattern's lifetimes match
        // the target's one for one, or are its own (any lifetime) where it has none.
        let lifetimes_match = match (p_life.len(), t_life.len()) {
            (_, 0) => p_life.iter().all(|a| match a {
                GenericArg::Lifetime(l) => self.var(l, Var::Lifetime),
                _ => false,
            }),
            (0, _) => true,
            (n, m) if n == m => p_life.iter().zip(&t_life).all(|(a, b)| match (a, b) {
                (GenericArg::Lifetime(a), GenericArg::Lifetime(b)) => {
                    self.lifetime(Some(a), Some(b))
                }
                _ => false,
            }),
            _ => false,
        };
        if !lifetimes_match || p_rest.len() < t_rest.len() {
            return false;
        }
        let (matched, extra) = p_rest.split_at(t_rest.len());
        matched.iter().zip(&t_rest).all(|(p, t)| self.arg(p, t))
            // Arguments the old type left out are its defaults: the pattern may only
            // have a parameter of its own there.
            && extra.iter().all(|a| match a {
                // A type or const parameter (kiddo 6.3's `const ITEM_LEAF_MODE: u8 =
                // …`, written `KdTree<…, ITEM_LEAF_MODE>`).
                GenericArg::Type(t) => match self
                    .ident_var(t, Var::Type)
                    .or_else(|| self.ident_var(t, Var::Const))
                {
                    Some(v) => {
                        let v = v.to_owned();
                        self.bind(&v, Bind::Default)
                    }
                    None => false,
                },
                _ => false,
            })
    }

    fn arg(&mut self, p: &GenericArg, t: &GenericArg) -> bool {
        // A const parameter written as a type-like argument (`Foo<N>`).
        let const_var = match p {
            GenericArg::Type(pt) => self.ident_var(pt, Var::Const).map(str::to_owned),
            GenericArg::Const(c) if self.var(c.trim(), Var::Const) => Some(c.trim().to_owned()),
            _ => None,
        };
        if let Some(v) = const_var {
            let value = match t {
                GenericArg::Const(c) => c.trim().to_owned(),
                GenericArg::Type(t) => t.to_string(),
                _ => return false,
            };
            return self.bind(&v, Bind::Const(value));
        }
        match (p, t) {
            (GenericArg::Type(p), GenericArg::Type(t)) => self.ty(p, t),
            _ => p == t,
        }
    }

    /// `t` with every variable replaced by what it stands for; a variable left to the
    /// default or unbound stays a placeholder no type equals.
    fn subst(&self, t: &Type) -> Type {
        let mut t = t.clone();
        // In two passes, so a variable's value that names a variable is not replaced
        // again.
        t.walk_mut(&mut |t| self.mark(t));
        t.walk_mut(&mut |t| self.fill(t));
        t
    }

    fn subst_bound(&self, b: &Bound) -> Bound {
        let mut b = b.clone();
        b.walk_types_mut(&mut |t| self.mark(t));
        b.walk_types_mut(&mut |t| self.fill(t));
        b
    }

    fn mark(&self, t: &mut Type) {
        if let Some(v) = t
            .as_path()
            .and_then(Path::as_ident)
            .filter(|v| self.vars.contains_key(v))
        {
            *t = Type::named(&format!("{PLACEHOLDER}{v}"));
        } else if let Type::Array { len, .. } = t {
            if self.var(len.trim(), Var::Const) {
                *len = format!("{PLACEHOLDER}{}", len.trim());
            }
        }
    }

    fn fill(&self, t: &mut Type) {
        let value = |name: &str| {
            name.strip_prefix(PLACEHOLDER)
                .and_then(|v| self.bound.get(v))
                .cloned()
        };
        if let Some(Bind::Ty(to)) = t.as_path().and_then(Path::as_ident).and_then(value) {
            *t = to;
        } else if let Type::Array { len, .. } = t {
            if let Some(Bind::Const(c)) = value(len) {
                *len = c;
            }
        }
    }

    /// Whether `t` names a variable left to the type's default.
    fn mentions_default(&self, t: &Type) -> bool {
        let mut found = false;
        t.clone().walk_mut(&mut |t| {
            if let Some(v) = t.as_path().and_then(Path::as_ident) {
                found |= self.bound.get(v) == Some(&Bind::Default);
            }
        });
        found
    }

    fn bound_mentions_default(&self, b: &Bound) -> bool {
        let mut found = false;
        b.clone()
            .walk_types_mut(&mut |t| found |= self.mentions_default(t));
        found
    }

    /// After a match: every parameter is fixed, and what `general` requires of it holds
    /// for what it stands for in `specific`.
    fn bounds_hold(&self, general: &Implementor, specific: &Implementor) -> bool {
        self.bounds_hold_with(general, specific, None)
    }

    /// [`Matcher::bounds_hold`], a bound on another crate's trait taken to hold when
    /// `assumed` is given (and written there).
    fn bounds_hold_with(
        &self,
        general: &Implementor,
        specific: &Implementor,
        assumed: Option<&std::cell::RefCell<Vec<String>>>,
    ) -> bool {
        let facts = Facts {
            of: specific,
            assumed,
        };
        for p in &general.generics.params {
            match p {
                // An outlives bound between the impl's lifetimes: compared as written.
                GenericParam::Lifetime { bounds, .. } if !bounds.is_empty() => return false,
                GenericParam::Lifetime { .. } => {}
                GenericParam::Type { name, bounds, .. } => match self.bound.get(name) {
                    Some(Bind::Default) => {}
                    Some(Bind::Ty(t)) => {
                        let holds = |b: &Bound| {
                            self.bound_mentions_default(b) || facts.holds(t, &self.subst_bound(b))
                        };
                        if !bounds.iter().all(holds) {
                            return false;
                        }
                    }
                    Some(Bind::Const(_)) | None => return false,
                },
                GenericParam::Const { name, .. } => {
                    if !matches!(self.bound.get(name), Some(Bind::Const(_) | Bind::Default)) {
                        return false;
                    }
                }
            }
        }
        general.generics.where_clause.iter().all(|w| match w {
            WherePredicate::Type { bounded, .. } if self.mentions_default(bounded) => true,
            WherePredicate::Type {
                hrtb,
                bounded,
                bounds,
            } => {
                let bounded = self.subst(bounded);
                bounds.iter().all(|b| {
                    self.bound_mentions_default(b)
                        || (hrtb.is_empty() && facts.holds(&bounded, &self.subst_bound(b)))
                        || facts.has_predicate(hrtb, &bounded, &self.subst_bound(b))
                })
            }
            WherePredicate::Lifetime { .. } => specific.generics.where_clause.contains(w),
        })
    }
}

/// What the old impl's own generics tell of its types.
struct Facts<'a> {
    of: &'a Implementor,
    /// Where bounds on another crate's traits are taken to hold, and written.
    assumed: Option<&'a std::cell::RefCell<Vec<String>>>,
}

impl Facts<'_> {
    /// `t: b`, as far as the old impl's bounds, std's supertraits and the primitives'
    /// marker traits tell.
    fn holds(&self, t: &Type, b: &Bound) -> bool {
        if let Bound::Trait { maybe: true, .. } = b {
            return true; // `?Sized` asks nothing
        }
        // A trait object implements the traits it names (`dyn De<'de> + Send` is
        // `De<'de>` and `Send`): erased-serde 0.4's `impl<T: ?Sized + De<'de>> De<'de>
        // for Box<T>` covers 0.3's impls for each `Box<dyn De<'de> + …>`.
        if let (Type::Dyn(objects), Bound::Trait { hrtb, path, .. }) = (t, b) {
            if hrtb.is_empty()
                && objects.iter().any(
                    |o| matches!(o, Bound::Trait { maybe: false, hrtb: h, path: p } if h.is_empty() && p == path),
                )
            {
                return true;
            }
        }
        let known = self.known_bounds(t);
        if known.iter().any(|k| implies(k, b)) {
            return true;
        }
        let param = t
            .as_path()
            .and_then(Path::as_ident)
            .and_then(|n| self.param(n));
        match param {
            // Every parameter is `Sized` unless it says `?Sized`.
            Some(_) => {
                is_named(b, "Sized")
                    && !known
                        .iter()
                        .any(|k| matches!(k, Bound::Trait { maybe: true, .. }))
            }
            None if primitive_implements(t, b) => true,
            None => match self.assumed {
                Some(assumed) if another_crates_trait(b) => {
                    assumed.borrow_mut().push(format!("{t}: {b}"));
                    true
                }
                _ => false,
            },
        }
    }

    fn param(&self, name: &str) -> Option<&GenericParam> {
        self.of
            .generics
            .params
            .iter()
            .find(|p| matches!(p, GenericParam::Type { name: n, .. } if n == name))
    }

    /// The bounds the old impl puts on `t` itself: a parameter's own, and its where
    /// clause's on `t` with no `for<…>`.
    fn known_bounds(&self, t: &Type) -> Vec<&Bound> {
        let mut known = Vec::new();
        if let Some(GenericParam::Type { bounds, .. }) = t
            .as_path()
            .and_then(Path::as_ident)
            .and_then(|n| self.param(n))
        {
            known.extend(bounds);
        }
        for w in &self.of.generics.where_clause {
            if let WherePredicate::Type {
                hrtb,
                bounded,
                bounds,
            } = w
            {
                if hrtb.is_empty() && bounded == t {
                    known.extend(bounds);
                }
            }
        }
        known
    }

    fn has_predicate(&self, hrtb: &[String], bounded: &Type, b: &Bound) -> bool {
        self.of.generics.where_clause.iter().any(|w| {
            matches!(w, WherePredicate::Type { hrtb: h, bounded: t, bounds }
                if h.as_slice() == hrtb && t == bounded && bounds.contains(b))
        })
    }
}

/// A bound on a trait of another crate than the one compared and std: a path of two
/// segments or more that starts with neither `crate`, `self`, `super` nor std's.
fn another_crates_trait(b: &Bound) -> bool {
    let Bound::Trait {
        path, maybe: false, ..
    } = b
    else {
        return false;
    };
    path.segments.len() >= 2
        && !matches!(
            path.segments[0].name.as_str(),
            "crate" | "self" | "super" | "std" | "core" | "alloc" | "Self"
        )
}

fn is_named(b: &Bound, name: &str) -> bool {
    b.plain_trait_name() == Some(name)
}

/// `has` gives `want`: the same bound, a std supertrait of it, or the fallible
/// conversion std's blanket impls give every infallible one (`L: Into<X>` is `L:
/// TryInto<X>`, chumsky 0.13's `LabelError` impl; `From<X>` is `TryFrom<X>`).
fn implies(has: &Bound, want: &Bound) -> bool {
    if has == want {
        return true;
    }
    if let (
        Bound::Trait {
            path: h,
            maybe: false,
            hrtb: hh,
        },
        Bound::Trait {
            path: w,
            maybe: false,
            hrtb: wh,
        },
    ) = (has, want)
    {
        let conversion = matches!(
            (h.last_name(), w.last_name()),
            (Some("Into"), Some("TryInto")) | (Some("From"), Some("TryFrom"))
        );
        let args = |p: &Path| p.segments.last().map(|s| s.args.clone());
        let std_path = |p: &Path| {
            p.segments.len() == 1 || matches!(p.segments[0].name.as_str(), "std" | "core")
        };
        if conversion && hh == wh && std_path(h) && std_path(w) && args(h) == args(w) {
            return true;
        }
    }
    let (Some(has), Some(want)) = (has.plain_trait_name(), want.plain_trait_name()) else {
        return false;
    };
    matches!(
        (has, want),
        ("Copy", "Clone")
            | ("Eq", "PartialEq")
            | ("PartialOrd", "PartialEq")
            | ("Ord", "Eq" | "PartialOrd" | "PartialEq")
    )
}

/// std's marker and comparison traits of the primitive scalars.
fn primitive_implements(t: &Type, b: &Bound) -> bool {
    const INTEGERS: &[&str] = &[
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
        "bool", "char",
    ];
    const COMMON: &[&str] = &[
        "Sized",
        "Copy",
        "Clone",
        "Debug",
        "Display",
        "Default",
        "PartialEq",
        "PartialOrd",
        "Send",
        "Sync",
        "Unpin",
    ];
    let Some(name) = t.as_path().and_then(Path::as_ident) else {
        return false;
    };
    let Some(bound) = b.plain_trait_name() else {
        return false;
    };
    let integer = INTEGERS.contains(&name);
    let float = matches!(name, "f32" | "f64");
    (integer || float) && COMMON.contains(&bound)
        || integer && matches!(bound, "Eq" | "Ord" | "Hash")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Generics;

    fn implementor(generics: &[GenericParam], ty: &str) -> Implementor {
        Implementor {
            ty: Type::parse(ty).unwrap(),
            generics: Generics {
                params: generics.to_vec(),
                where_clause: Vec::new(),
            },
            trait_args: Vec::new(),
        }
    }

    fn ty_param(name: &str, bounds: &[&str]) -> GenericParam {
        GenericParam::Type {
            name: name.to_owned(),
            bounds: bounds.iter().map(|b| Bound::parse(b).unwrap()).collect(),
            default: None,
        }
    }

    fn const_param(name: &str) -> GenericParam {
        GenericParam::Const {
            name: name.to_owned(),
            ty: Type::named("usize"),
            default: None,
        }
    }

    #[test]
    fn a_const_generic_impl_covers_each_length() {
        let general = implementor(&[ty_param("T", &[]), const_param("N")], "[T; N]");
        let five = implementor(&[ty_param("U", &[])], "[U; 5]");
        assert!(covers(&general, &five));
        assert!(!covers(&five, &general));
        // A bound the old impl did not have narrows it; one it had, or implies, not.
        let bounded = implementor(&[ty_param("T", &["Default"]), const_param("N")], "[T; N]");
        assert!(!covers(&bounded, &five));
        let ord = implementor(&[ty_param("U", &["Ord"])], "[U; 5]");
        let partial = implementor(
            &[ty_param("T", &["PartialOrd"]), const_param("N")],
            "[T; N]",
        );
        assert!(covers(&partial, &ord));
        let bytes = implementor(&[], "[u8; 4]");
        assert!(covers(&bounded, &bytes), "u8: Default");
        let strings = implementor(&[], "[String; 4]");
        assert!(!covers(&bounded, &strings), "not known of String");
    }

    #[test]
    fn a_parameter_the_old_type_left_out_is_its_default() {
        let general = implementor(
            &[ty_param("N", &[]), ty_param("S", &["BuildHasher"])],
            "Graph<N, S>",
        );
        let old = implementor(&[ty_param("N", &[])], "Graph<N>");
        assert!(covers(&general, &old));
        assert!(!covers(&old, &general));
        // A concrete argument is no parameter of the new impl.
        let fixed = implementor(&[ty_param("N", &[])], "Graph<N, RandomState>");
        assert!(!covers(&fixed, &old));
    }

    #[test]
    fn a_const_parameter_the_old_type_left_out_is_its_default() {
        // kiddo 6.3's `impl<A, const K: usize, const MODE: u8> … for KdTree<A, K, MODE>`.
        let general = implementor(
            &[ty_param("A", &[]), const_param("K"), const_param("MODE")],
            "KdTree<A, K, MODE>",
        );
        let old = implementor(&[ty_param("A", &[]), const_param("K")], "KdTree<A, K>");
        assert!(covers(&general, &old));
        assert!(!covers(&old, &general));
    }

    #[test]
    fn renamed_parameters_cover_each_other() {
        let a = implementor(
            &[ty_param("K", &["Clone"]), ty_param("V", &[])],
            "Map<K, V>",
        );
        let b = implementor(
            &[ty_param("A", &["Clone"]), ty_param("B", &[])],
            "Map<A, B>",
        );
        assert!(covers(&a, &b) && covers(&b, &a));
        // Swapped is another impl.
        let swapped = implementor(
            &[ty_param("A", &[]), ty_param("B", &["Clone"])],
            "Map<A, B>",
        );
        assert!(!covers(&a, &swapped));
        // One parameter in two places covers only types that repeat it.
        let twice = implementor(&[ty_param("T", &[])], "Pair<T, T>");
        let pair = implementor(&[ty_param("A", &[]), ty_param("B", &[])], "Pair<A, B>");
        assert!(!covers(&twice, &pair) && covers(&pair, &twice));
    }
}
