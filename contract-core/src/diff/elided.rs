//! Lifetimes as a caller reads them: an output lifetime left out is the lifetime it
//! stands for where that one is written (`fn get<'a, T: 'a>(&'a self) -> &T` returns
//! `&'a T`: a bound keeps `'a` named, so the recorded form cannot leave it out, and
//! palette 0.7.7 writes it so where 0.7.6 left it out), and a lifetime parameter
//! nothing names is none. Both sides are read so, a golden of any age included.

use crate::shape::{FnShape, ItemShape, Receiver, Symbol};
use crate::ty::{Args, Bound, GenericArg, Type};

/// `before` and `after` with every signature's left-out output lifetimes written as
/// its `&'x self`'s; `None` when no signature has one to write.
pub(super) fn output_named(before: &Symbol, after: &Symbol) -> Option<(Symbol, Symbol)> {
    let side = |s: &Symbol| {
        let mut s = s.clone();
        read(&mut s).then_some(s)
    };
    match (side(before), side(after)) {
        (None, None) => None,
        (b, a) => Some((
            b.unwrap_or_else(|| before.clone()),
            a.unwrap_or_else(|| after.clone()),
        )),
    }
}

/// Every signature of `s` read so; whether any was written otherwise.
pub(super) fn read(s: &mut Symbol) -> bool {
    let mut changed = false;
    signatures(s, &mut |f| changed |= unused_left_out(f) | named(f));
    changed
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
