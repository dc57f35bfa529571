//! Lifetimes as a caller reads them: an output lifetime left out is the lifetime it
//! stands for where that one is written (`fn get<'a, T: 'a>(&'a self) -> &T` returns
//! `&'a T`: a bound keeps `'a` named, so the recorded form cannot leave it out, and
//! palette 0.7.7 writes it so where 0.7.6 left it out), and a lifetime parameter
//! nothing names is none. Both sides are read so, a golden of any age included.

use crate::shape::{FnShape, ItemShape, Receiver, Symbol};
use crate::ty::{Args, Bound, GenericArg, Type};

/// `before` and `after` with every signature's left-out output lifetimes written as
/// its `&'x self`'s, and its parameters' one lifetime left out of its return where
/// both sides name only that one ([`sole_input_left_out`]); `None` when no signature
/// has one to write.
pub(super) fn output_named(before: &Symbol, after: &Symbol) -> Option<(Symbol, Symbol)> {
    let side = |s: &Symbol| {
        let mut s = s.clone();
        read(&mut s).then_some(s)
    };
    let (b, a) = (side(before), side(after));
    let read = b.is_some() || a.is_some();
    let (mut b, mut a) = (
        b.unwrap_or_else(|| before.clone()),
        a.unwrap_or_else(|| after.clone()),
    );
    (sole_input_left_out(&mut b, &mut a) || read).then_some((b, a))
}

/// Every signature of `s` read so; whether any was written otherwise.
pub(super) fn read(s: &mut Symbol) -> bool {
    let mut changed = false;
    signatures(s, &mut |f| changed |= unused_left_out(f) | named(f));
    changed
}

/// The one lifetime `f`'s parameters name, where `f` has no receiver and its
/// parameters no other lifetime: elision gives the return that one (tiny-skia 0.11's
/// `fn new(pixmap: PixmapRef<'a>, …) -> Shader`, `'a` the impl's, is 0.12's `->
/// Shader<'a>`). Conservative: a parameter with an elided lifetime, a fn pointer,
/// `Fn(…)` sugar, `impl` or `dyn` gives none.
fn sole_input(f: &FnShape) -> Option<String> {
    if f.receiver.is_some() || f.output.is_none() {
        return None;
    }
    let mut named = std::collections::BTreeSet::new();
    let mut plain = true;
    for p in &f.params {
        p.ty.clone().walk_mut(&mut |t| match t {
            Type::Ref { lifetime: None, .. }
            | Type::FnPtr(_)
            | Type::Impl(_)
            | Type::Dyn(_)
            | Type::Infer
            | Type::Verbatim(_) => plain = false,
            Type::Path(p) => {
                plain &= p
                    .segments
                    .iter()
                    .all(|s| !matches!(s.args, Args::Paren { .. }))
            }
            _ => {}
        });
        p.ty.named_lifetimes(&mut named);
    }
    let mut named = named.into_iter();
    match (named.next(), named.next(), plain) {
        (Some(sole), None, true) if sole != "'_" => Some(sole),
        _ => None,
    }
}

/// Each signature both sides have whose parameters name one lifetime, the same on both
/// ([`sole_input`]), with that lifetime left out of its return on both; whether any
/// was written otherwise. Only in pairs: a side that names another lifetime too keeps
/// the return as written, and so must the other.
pub(super) fn sole_input_left_out(before: &mut Symbol, after: &mut Symbol) -> bool {
    let mut changed = false;
    let mut pair = |b: &mut FnShape, a: &mut FnShape| {
        let Some(sole) = sole_input(b).filter(|l| sole_input(a).as_ref() == Some(l)) else {
            return;
        };
        for f in [b, a] {
            if let Some(output) = &mut f.output {
                let was = output.clone();
                leave_out(output, &sole);
                changed |= *output != was;
            }
        }
    };
    match (&mut before.item, &mut after.item) {
        (Some(ItemShape::Fn(b)), Some(ItemShape::Fn(a))) => pair(b, a),
        (Some(ItemShape::Trait(b)), Some(ItemShape::Trait(a))) => {
            for (name, m) in &mut b.methods {
                if let Some(n) = a.methods.get_mut(name) {
                    pair(&mut m.sig, &mut n.sig);
                }
            }
        }
        _ => {}
    }
    for (name, m) in &mut before.methods {
        if let Some(n) = after.methods.get_mut(name) {
            pair(m, n);
        }
    }
    changed
}

/// `t` (a return type) with `lifetime` left out where elision writes nothing: a
/// reference's, and a path segment's where it is every lifetime argument (not after
/// a type's name, `Self::Item<'a>`: an associated type cannot leave it out). Not inside
/// a fn pointer, `Fn(…)` sugar, `impl` or `dyn`, where a left-out lifetime means
/// another thing.
fn leave_out(t: &mut Type, lifetime: &str) {
    match t {
        Type::Ref {
            lifetime: l, elem, ..
        } => {
            if l.as_deref() == Some(lifetime) {
                *l = None;
            }
            leave_out(elem, lifetime);
        }
        Type::Path(p) => {
            super::reading::lifetime_args_left_out(p, lifetime);
            for s in &mut p.segments {
                if let Args::Angle(list) = &mut s.args {
                    for a in list {
                        match a {
                            GenericArg::Type(t) => leave_out(t, lifetime),
                            GenericArg::AssocType { ty, .. } => leave_out(ty, lifetime),
                            _ => {}
                        }
                    }
                }
            }
        }
        Type::Ptr { elem, .. } | Type::Slice(elem) | Type::Array { elem, .. } => {
            leave_out(elem, lifetime)
        }
        Type::Tuple(elems) => elems.iter_mut().for_each(|e| leave_out(e, lifetime)),
        Type::Qualified { .. }
        | Type::FnPtr(_)
        | Type::Impl(_)
        | Type::Dyn(_)
        | Type::Never
        | Type::Infer
        | Type::Verbatim(_) => {}
    }
}

/// Leaves out `f`'s lifetime parameters that nothing names (selectors 0.42 dropped the
/// `'a` of `fn to_unconditional_case_sensitivity<'a, E>`): such a parameter is late
/// bound, so no caller can name it either; whether any was.
fn unused_left_out(f: &mut FnShape) -> bool {
    let mut named = super::shared::signature::named_outside_return(f);
    if let Some(o) = &f.output {
        o.named_lifetimes(&mut named);
    }
    f.generics.unused_lifetimes_left_out(&named)
}

/// Writes `f`'s left-out output lifetimes as its receiver's named one; whether any was.
fn named(f: &mut FnShape) -> bool {
    let Some(Receiver::Ref {
        lifetime: Some(name),
        ..
    }) = &f.receiver
    else {
        return false;
    };
    let name = name.clone();
    let Some(output) = &mut f.output else {
        return false;
    };
    let was = output.clone();
    name_elided(output, &name);
    *output != was
}

/// Every signature of `s`: its fn, its trait's methods, its inherent methods.
fn signatures(s: &mut Symbol, f: &mut dyn FnMut(&mut FnShape)) {
    match &mut s.item {
        Some(ItemShape::Fn(x)) => f(x),
        Some(ItemShape::Trait(t)) => t.methods.values_mut().for_each(|m| f(&mut m.sig)),
        _ => {}
    }
    s.methods.values_mut().for_each(f);
}

/// Each lifetime left out of output type `t` (`&T`, `Foo<'_>`, `impl Trait + '_`)
/// written as `name`; not inside a fn pointer or `Fn(…)` sugar, whose elided
/// lifetimes are their own.
fn name_elided(t: &mut Type, name: &str) {
    fn args(a: &mut Args, name: &str) {
        if let Args::Angle(list) = a {
            for arg in list {
                match arg {
                    GenericArg::Lifetime(l) if l == "'_" => *l = name.to_owned(),
                    GenericArg::Type(t) => name_elided(t, name),
                    GenericArg::AssocType { ty, .. } => name_elided(ty, name),
                    _ => {}
                }
            }
        }
    }
    match t {
        Type::Ref { lifetime, elem, .. } => {
            if lifetime.as_deref().is_none_or(|l| l == "'_") {
                *lifetime = Some(name.to_owned());
            }
            name_elided(elem, name);
        }
        Type::Path(p) => p.segments.iter_mut().for_each(|s| args(&mut s.args, name)),
        Type::Qualified {
            self_ty,
            trait_path,
            rest,
        } => {
            name_elided(self_ty, name);
            if let Some(p) = trait_path {
                p.segments.iter_mut().for_each(|s| args(&mut s.args, name));
            }
            rest.iter_mut().for_each(|s| args(&mut s.args, name));
        }
        Type::Ptr { elem, .. } | Type::Slice(elem) | Type::Array { elem, .. } => {
            name_elided(elem, name)
        }
        Type::Tuple(elems) => elems.iter_mut().for_each(|e| name_elided(e, name)),
        Type::Impl(bounds) | Type::Dyn(bounds) => {
            for b in bounds {
                match b {
                    Bound::Lifetime(l) if l == "'_" => *l = name.to_owned(),
                    Bound::Trait { path, .. } => path
                        .segments
                        .iter_mut()
                        .for_each(|s| args(&mut s.args, name)),
                    _ => {}
                }
            }
        }
        Type::FnPtr(_) | Type::Never | Type::Infer | Type::Verbatim(_) => {}
    }
}
