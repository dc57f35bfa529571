//! Elided lifetimes, read as the lifetimes they stand for.
//!
//! `fn f<'a>(x: &'a str) -> &'a str` and `fn f(x: &str) -> &str` are one signature
//! to every caller (the elision rules of the Reference, "Lifetime elision"), and so
//! are `-> Drain<T>` and `-> Drain<'_, T>`. A signature is recorded in one form: the
//! elided one wherever the rules can express it. A lifetime parameter of the fn is
//! written out only where eliding it would change the signature: it is bounded, used
//! twice among the inputs, tied to the output without being what the output would be
//! elided to, or named inside a fn pointer, `Fn(…)` sugar or an argument-position
//! `impl`/`dyn` (where an elided lifetime means something else).
//!
//! The same for an implementor: `impl<'a> Debug for Iter<'a>` is
//! `impl Debug for Iter<'_>`, so the type is recorded as `Iter`.

use std::collections::{BTreeMap, BTreeSet};

use crate::shape::{FnShape, GenericParam, Generics, Receiver, WherePredicate, IMPL_ELIDED};
use crate::ty::{Args, Bound, GenericArg, Path, Segment, Type};

/// Where a lifetime is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pos {
    /// Among the parameters, where eliding it makes a fresh lifetime.
    Input,
    /// In the return type, where eliding it takes the elision source.
    Output,
    /// Where eliding means something else (`fn(&u8)`, `Fn(&u8)`, `impl Trait + 'a`
    /// among the parameters, `use<'a>`): never elided.
    Opaque,
}

/// What to do with one written lifetime.
enum Edit {
    Keep,
    /// Leave it out (`&'a T`, an argument `Foo<'a>`) or write `'_` (a bound `impl
    /// Trait + 'a` in the return type).
    Elide,
}

/// Visits every lifetime written in `t`, letting `f` decide what becomes of it.
fn walk(t: &mut Type, pos: Pos, f: &mut dyn FnMut(&str, Pos) -> Edit) {
    match t {
        Type::Path(p) => path(p, pos, f),
        Type::Qualified {
            self_ty,
            trait_path,
            rest,
        } => {
            walk(self_ty, pos, f);
            if let Some(p) = trait_path {
                path(p, pos, f);
            }
            for s in rest {
                args(&mut s.args, pos, f);
            }
        }
        Type::Ref { lifetime, elem, .. } => {
            match lifetime {
                Some(l) => {
                    if matches!(f(l, pos), Edit::Elide) || l == "'_" {
                        *lifetime = None;
                    }
                }
                // An elided lifetime is seen as `'_`: it counts among the inputs.
                None => {
                    f("'_", pos);
                }
            }
            walk(elem, pos, f);
        }
        Type::Ptr { elem, .. } | Type::Slice(elem) | Type::Array { elem, .. } => walk(elem, pos, f),
        Type::Tuple(elems) => elems.iter_mut().for_each(|e| walk(e, pos, f)),
        Type::FnPtr(fp) => {
            fp.inputs.iter_mut().for_each(|e| walk(e, Pos::Opaque, f));
            if let Some(o) = &mut fp.output {
                walk(o, Pos::Opaque, f);
            }
        }
        Type::Impl(bounds) | Type::Dyn(bounds) => {
            // Among the parameters, an `impl`'s or `dyn`'s elided lifetime is not the
            // fn's: nothing inside is elided.
            let inner = if pos == Pos::Output {
                Pos::Output
            } else {
                Pos::Opaque
            };
            for b in bounds.iter_mut() {
                bound(b, inner, f);
            }
        }
        Type::Never | Type::Infer | Type::Verbatim(_) => {}
    }
}

fn bound(b: &mut Bound, pos: Pos, f: &mut dyn FnMut(&str, Pos) -> Edit) {
    match b {
        Bound::Lifetime(l) => {
            if matches!(f(l, pos), Edit::Elide) {
                *l = "'_".to_owned();
            }
        }
        Bound::Trait { path: p, .. } => path(p, pos, f),
        Bound::Use(params) => {
            for p in params.iter().filter(|p| p.starts_with('\'')) {
                f(p, Pos::Opaque);
            }
        }
        Bound::Verbatim(_) => {}
    }
}

fn path(p: &mut Path, pos: Pos, f: &mut dyn FnMut(&str, Pos) -> Edit) {
    for s in &mut p.segments {
        args(&mut s.args, pos, f);
    }
}

fn args(a: &mut Args, pos: Pos, f: &mut dyn FnMut(&str, Pos) -> Edit) {
    match a {
        Args::None => {}
        Args::Angle(list) => {
            list.retain_mut(|arg| match arg {
                GenericArg::Lifetime(l) => !(matches!(f(l, pos), Edit::Elide) || l == "'_"),
                GenericArg::Type(t) => {
                    walk(t, pos, f);
                    true
                }
                GenericArg::AssocType { generics, ty, .. } => {
                    args_list(generics, pos, f);
                    walk(ty, pos, f);
                    true
                }
                GenericArg::Constraint { bounds, .. } => {
                    for b in bounds.iter_mut() {
                        bound(b, Pos::Opaque, f);
                    }
                    true
                }
                GenericArg::Const(_) | GenericArg::AssocConst { .. } => true,
            });
            if list.is_empty() {
                *a = Args::None;
            }
        }
        // `Fn(&u8) -> &u8` sugar: its elided lifetimes are its own.
        Args::Paren { inputs, output } => {
            inputs.iter_mut().for_each(|t| walk(t, Pos::Opaque, f));
            if let Some(o) = output {
                walk(o, Pos::Opaque, f);
            }
        }
    }
}

fn args_list(list: &mut Vec<GenericArg>, pos: Pos, f: &mut dyn FnMut(&str, Pos) -> Edit) {
    let mut a = Args::Angle(std::mem::take(list));
    args(&mut a, pos, f);
    if let Args::Angle(l) = a {
        *list = l;
    }
}

/// The lifetimes `g`'s bounds and where clauses name: a lifetime named there is
/// constrained, and cannot be elided.
fn bounded_lifetimes(g: &Generics) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut g = g.clone();
    let mut add = |l: &mut String| {
        out.insert(l.clone());
    };
    for p in &mut g.params {
        match p {
            GenericParam::Lifetime { name, bounds } => {
                if !bounds.is_empty() {
                    add(name);
                }
                bounds.iter_mut().for_each(&mut add);
            }
            GenericParam::Type {
                bounds, default, ..
            } => {
                bounds.iter_mut().for_each(|b| b.lifetimes_mut(&mut add));
                if let Some(d) = default {
                    d.lifetimes_mut(&mut add);
                }
            }
            GenericParam::Const { ty, .. } => ty.lifetimes_mut(&mut add),
        }
    }
    for w in &mut g.where_clause {
        match w {
            WherePredicate::Type {
                hrtb,
                bounded,
                bounds,
            } => {
                hrtb.iter_mut().for_each(&mut add);
                bounded.lifetimes_mut(&mut add);
                bounds.iter_mut().for_each(|b| b.lifetimes_mut(&mut add));
            }
            WherePredicate::Lifetime { lifetime, bounds } => {
                add(lifetime);
                bounds.iter_mut().for_each(&mut add);
            }
        }
    }
    out
}

/// How often one lifetime is written, by place.
#[derive(Clone, Copy, Debug, Default)]
struct Uses {
    input: usize,
    output: usize,
    opaque: usize,
}

/// `f` with every lifetime of its own that elision can express elided, and `'_`
/// written nowhere it can be left out (see the module docs).
pub fn canonical_fn(f: &mut FnShape) {
    let own: BTreeSet<String> = f
        .generics
        .params
        .iter()
        .filter(|p| p.is_lifetime())
        .map(|p| p.name().to_owned())
        .collect();
    let blocked = bounded_lifetimes(&f.generics);
    // Count, editing nothing.
    let mut uses: BTreeMap<String, Uses> = BTreeMap::new();
    // Lifetime positions among the inputs, elided ones included, for the rule "one
    // input lifetime is the output's".
    let mut input_positions = 0usize;
    let mut input_named: Vec<String> = Vec::new();
    {
        let mut count = |l: &str, pos: Pos| {
            if l == "'_" {
                input_positions += usize::from(pos == Pos::Input);
                return Edit::Keep;
            }
            let u = uses.entry(l.to_owned()).or_default();
            match pos {
                Pos::Input => {
                    u.input += 1;
                    input_positions += 1;
                    input_named.push(l.to_owned());
                }
                Pos::Output => u.output += 1,
                Pos::Opaque => u.opaque += 1,
            }
            Edit::Keep
        };
        walk_signature(&mut f.clone(), &mut count);
    }
    // What an elided output lifetime would be: `&self`'s, or the one input lifetime.
    let source: Option<Option<String>> = match &f.receiver {
        Some(Receiver::Ref { lifetime, .. }) => Some(lifetime.clone()),
        _ if input_positions == 1 && uses.values().all(|u| u.opaque == 0) => {
            // The one input lifetime: elided (`None`) or named.
            Some(input_named.first().cloned())
        }
        _ => None,
    };
    let receiver_lifetime = match &f.receiver {
        Some(Receiver::Ref {
            lifetime: Some(l), ..
        }) => Some(l.clone()),
        _ => None,
    };
    let mut elide: BTreeSet<String> = BTreeSet::new();
    for name in &own {
        if blocked.contains(name) {
            continue;
        }
        let u = uses.get(name).copied().unwrap_or_default();
        let on_receiver = receiver_lifetime.as_deref() == Some(name.as_str());
        let input = u.input + usize::from(on_receiver);
        if u.opaque > 0 || input != 1 {
            continue;
        }
        let is_source = source.as_ref() == Some(&Some(name.clone()));
        if u.output == 0 || is_source {
            elide.insert(name.clone());
        }
    }
    // Rewrite.
    let mut edit = |l: &str, _pos: Pos| {
        if elide.contains(l) {
            Edit::Elide
        } else {
            Edit::Keep
        }
    };
    if let Some(Receiver::Ref { lifetime, .. }) = &mut f.receiver {
        if lifetime
            .as_deref()
            .is_some_and(|l| l == "'_" || elide.contains(l))
        {
            *lifetime = None;
        }
    }
    walk_signature(f, &mut edit);
    f.generics
        .params
        .retain(|p| !(p.is_lifetime() && elide.contains(p.name())));
}

/// An inherent impl's self type with each `'_` in it named as a lifetime parameter of
/// the block, appended to its lifetimes in `generics` (`'_0`, `'_1`, …): an elided
/// lifetime in an impl header is a fresh parameter (the Reference, "Lifetime
/// elision"), so `impl<S> Stream<'_, S>` and `impl<'a, S> Stream<'a, S>` are one block
/// under a renaming, while `impl<S> Stream<'static, S>` has none.
pub fn impl_lifetimes_named(mut self_ty: Type, generics: &mut Generics) -> Type {
    let mut named = Vec::new();
    self_ty.lifetimes_mut(&mut |l| {
        if l == "'_" {
            *l = format!("{IMPL_ELIDED}{}", named.len());
            named.push(l.clone());
        }
    });
    let at = generics
        .params
        .iter()
        .take_while(|p| p.is_lifetime())
        .count();
    for (k, name) in named.into_iter().enumerate() {
        generics.params.insert(
            at + k,
            GenericParam::Lifetime {
                name,
                bounds: Vec::new(),
            },
        );
    }
    self_ty
}

/// `f`, a method of an `impl` for `self_ty`, without the impl's lifetimes that no
/// caller can name or constrain: written neither in the self type nor in the method's
/// signature, without bounds of their own, and bounding nothing but what outlives them
/// (`impl<'a, K: 'a + Eq, V: 'a> DashMap<K, V>`, whose `'a` dashmap 6.2 dropped). Any
/// lifetime is one that `K` and `V` outlive (a call's own scope), so every call is the
/// same with or without it. `'a` in `impl<'a> P<'a>` is in the self type and stays.
pub fn drop_vacuous_impl_lifetimes(f: &mut FnShape, self_ty: &Type) {
    // One dropped can leave another only outlived (`'b: 'a`): until none is.
    while drop_vacuous_once(f, self_ty) {}
}

/// One pass of [`drop_vacuous_impl_lifetimes`]: whether it dropped any.
fn drop_vacuous_once(f: &mut FnShape, self_ty: &Type) -> bool {
    let candidates: Vec<String> = f
        .impl_generics
        .params
        .iter()
        .filter_map(|p| match p {
            GenericParam::Lifetime { name, bounds } if bounds.is_empty() => Some(name.clone()),
            _ => None,
        })
        .collect();
    if candidates.is_empty() {
        return false;
    }
    // Everything else that could name one, as text: a verbatim part is read too.
    let mut rest = f.clone();
    let candidate = |l: &str| candidates.iter().any(|c| c == l);
    strip_outlived(&mut rest.impl_generics, &candidate);
    rest.impl_generics
        .params
        .retain(|p| !(p.is_lifetime() && candidate(p.name())));
    let text = format!(
        "{} {}",
        crate::canonical::to_compact_string(&rest),
        crate::canonical::to_compact_string(self_ty)
    );
    let vacuous: Vec<&String> = candidates
        .iter()
        .filter(|l| !crate::ty::names_lifetime(&text, l))
        .collect();
    if vacuous.is_empty() {
        return false;
    }
    let vacuous = |l: &str| vacuous.iter().any(|v| *v == l);
    strip_outlived(&mut f.impl_generics, &vacuous);
    f.impl_generics
        .params
        .retain(|p| !(p.is_lifetime() && vacuous(p.name())));
    true
}

/// `g` without the bounds that say something outlives a lifetime `drop` picks (`K: 'a`,
/// `'b: 'a`), and without a `where` predicate left with no bound.
fn strip_outlived(g: &mut Generics, drop: &dyn Fn(&str) -> bool) {
    let keep = |b: &Bound| !matches!(b, Bound::Lifetime(l) if drop(l));
    for p in &mut g.params {
        match p {
            GenericParam::Type { bounds, .. } => bounds.retain(keep),
            GenericParam::Lifetime { bounds, .. } => bounds.retain(|l| !drop(l)),
            GenericParam::Const { .. } => {}
        }
    }
    for w in &mut g.where_clause {
        match w {
            WherePredicate::Type { bounds, .. } => bounds.retain(keep),
            WherePredicate::Lifetime { bounds, .. } => bounds.retain(|l| !drop(l)),
        }
    }
    g.where_clause.retain(|w| match w {
        WherePredicate::Type { bounds, .. } => !bounds.is_empty(),
        WherePredicate::Lifetime { bounds, .. } => !bounds.is_empty(),
    });
}

/// [`walk`] over a signature's typed receiver and parameters (inputs) and its return
/// type (output).
fn walk_signature(f: &mut FnShape, visit: &mut dyn FnMut(&str, Pos) -> Edit) {
    if let Some(Receiver::Typed(t)) = &mut f.receiver {
        walk(t, Pos::Input, visit);
    }
    for p in &mut f.params {
        walk(&mut p.ty, Pos::Input, visit);
    }
    if let Some(o) = &mut f.output {
        walk(o, Pos::Output, visit);
    }
}

/// An implementor type with the impl's own lifetimes elided where `'_` would do:
/// written once in the type, not in the trait's arguments, and bounded nowhere.
/// `generics` are the impl's, and lose the lifetimes elided.
pub fn canonical_implementor(t: &mut Type, trait_args: &[GenericArg], generics: &mut Generics) {
    let own: BTreeSet<String> = generics
        .params
        .iter()
        .filter(|p| p.is_lifetime())
        .map(|p| p.name().to_owned())
        .collect();
    let blocked = bounded_lifetimes(generics);
    let mut uses: BTreeMap<String, Uses> = BTreeMap::new();
    // The trait's arguments count as uses: `impl<'a> Tr<'a> for X<'a>` ties the two.
    let trait_ref = Type::Path(Path {
        global: false,
        segments: vec![Segment {
            name: "Trait".to_owned(),
            args: Args::Angle(trait_args.to_vec()),
        }],
    });
    let mut scratch = Type::Tuple(vec![t.clone(), trait_ref]);
    walk(&mut scratch, Pos::Input, &mut |l, pos| {
        let u = uses.entry(l.to_owned()).or_default();
        match pos {
            Pos::Opaque => u.opaque += 1,
            _ => u.input += 1,
        }
        Edit::Keep
    });
    let elide: BTreeSet<&String> = own
        .iter()
        .filter(|l| !blocked.contains(*l))
        .filter(|l| uses.get(*l).is_some_and(|u| u.input == 1 && u.opaque == 0))
        .collect();
    walk(t, Pos::Input, &mut |l, _| {
        if elide.iter().any(|e| e.as_str() == l) {
            Edit::Elide
        } else {
            Edit::Keep
        }
    });
    let elided: BTreeSet<String> = elide.into_iter().cloned().collect();
    generics
        .params
        .retain(|p| !(p.is_lifetime() && elided.contains(p.name())));
}

#[cfg(test)]
mod tests {
    use crate::syntax::scope::Scope;
    use crate::syntax::{extract_in, Extracted};
    use crate::{Fragment, ItemShape};

    fn sig(src: &str) -> String {
        let item: syn::Item = syn::parse_str(src).unwrap();
        let Extracted { fragment, .. } = extract_in(&item, &Scope::default()).unwrap();
        match fragment {
            Fragment::Item {
                item: ItemShape::Fn(f),
                ..
            } => serde_json::to_string(&f).unwrap(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn elided_and_written_lifetimes_are_one_signature() {
        for (a, b) in [
            (
                "fn f<'a>(x: &'a str) -> &'a str {}",
                "fn f(x: &str) -> &str {}",
            ),
            ("fn f<'a>(x: &'a str) {}", "fn f(x: &str) {}"),
            (
                "fn f<'a>(x: Foo<'a>) -> Bar<'a> {}",
                "fn f(x: Foo) -> Bar {}",
            ),
            ("fn f(x: Foo<'_>) -> Bar<'_> {}", "fn f(x: Foo) -> Bar {}"),
            ("fn f(x: &'_ u8) {}", "fn f(x: &u8) {}"),
            (
                "fn f<'a>(x: &'a [u8]) -> impl Iterator<Item = &'a u8> + 'a {}",
                "fn f(x: &[u8]) -> impl Iterator<Item = &u8> + '_ {}",
            ),
            (
                "fn f<'a, 'b>(x: &'a u8, y: &'b u8) {}",
                "fn f(x: &u8, y: &u8) {}",
            ),
        ] {
            assert_eq!(sig(a), sig(b), "{a}  vs  {b}");
        }
    }

    #[test]
    fn a_lifetime_elision_cannot_express_stays_written() {
        for (a, b) in [
            // 'static is no elided lifetime.
            (
                "fn f<'a>(x: &'a str) -> &'a str {}",
                "fn f(x: &str) -> &'static str {}",
            ),
            // Two inputs: an elided output would not compile, the tie is the API.
            (
                "fn f<'a>(x: &'a str, y: &str) -> &'a str {}",
                "fn f<'a>(x: &str, y: &'a str) -> &'a str {}",
            ),
            // Bounded.
            ("fn f<'a, T: 'a>(x: &'a T) {}", "fn f<T>(x: &T) {}"),
            // Inside a fn pointer an elided lifetime is the pointer's own.
            ("fn f<'a>(x: fn(&'a u8)) {}", "fn f(x: fn(&u8)) {}"),
            (
                "fn f<'a>(x: &'a u8, g: Box<dyn Fn(&'a u8)>) {}",
                "fn f(x: &u8, g: Box<dyn Fn(&u8)>) {}",
            ),
            // `dyn Trait + 'a` is not `dyn Trait` among the parameters.
            (
                "fn f<'a>(x: Box<dyn Send + 'a>) {}",
                "fn f(x: Box<dyn Send>) {}",
            ),
            // Used twice among the inputs: the two are tied.
            (
                "fn f<'a>(x: &'a u8, y: &'a u8) {}",
                "fn f(x: &u8, y: &u8) {}",
            ),
        ] {
            assert_ne!(sig(a), sig(b), "{a}  vs  {b}");
        }
    }

    fn method(src: &str) -> String {
        let item: syn::Item = syn::parse_str(src).unwrap();
        let Extracted { fragment, .. } = extract_in(&item, &Scope::default()).unwrap();
        match fragment {
            Fragment::Methods { methods, .. } => serde_json::to_string(&methods).unwrap(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_method_borrows_from_self_unless_told_otherwise() {
        assert_eq!(
            method("impl S { pub fn get<'a>(&'a self, k: &str) -> &'a V {} }"),
            method("impl S { pub fn get(&self, k: &str) -> &V {} }"),
        );
        assert_eq!(
            method("impl<T> S<T> { pub fn drain<'a>(&'a mut self) -> Drain<'a, T> {} }"),
            method("impl<T> S<T> { pub fn drain(&mut self) -> Drain<'_, T> {} }"),
        );
        assert_eq!(
            method("impl<T> S<T> { pub fn drain(&mut self) -> Drain<T> {} }"),
            method("impl<T> S<T> { pub fn drain(&mut self) -> Drain<'_, T> {} }"),
        );
        // Tied to the argument, not to `self`: a different signature.
        assert_ne!(
            method("impl S { pub fn get<'a>(&self, k: &'a str) -> &'a str {} }"),
            method("impl S { pub fn get(&self, k: &str) -> &str {} }"),
        );
        // The impl's lifetime is the type's: never elided in a method.
        assert_ne!(
            method("impl<'a> S<'a> { pub fn get(&self) -> &'a str {} }"),
            method("impl<'a> S<'a> { pub fn get(&self) -> &str {} }"),
        );
    }

    fn implementor(src: &str) -> String {
        let item: syn::Item = syn::parse_str(src).unwrap();
        let Extracted { fragment, .. } = extract_in(&item, &Scope::default()).unwrap();
        match fragment {
            Fragment::Implementor { implementor } => implementor.ty.to_string(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_implementors_own_lifetime_is_elided() {
        assert_eq!(implementor("impl<'a> Debug for Iter<'a> {}"), "Iter");
        assert_eq!(implementor("impl Debug for Iter<'_> {}"), "Iter");
        assert_eq!(
            implementor("impl<'a, T> Debug for Iter<'a, T> {}"),
            "Iter<T>"
        );
        assert_eq!(
            implementor("impl Debug for Iter<'static> {}"),
            "Iter<'static>"
        );
        assert_eq!(
            implementor("impl<'a> Debug for Pair<'a, 'a> {}"),
            "Pair<'a, 'a>"
        );
        assert_eq!(
            implementor("impl<'a, 'b: 'a> Debug for Pair<'a, 'b> {}"),
            "Pair<'a, 'b>"
        );
    }
}
