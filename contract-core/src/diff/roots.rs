//! Every type a shape holds, at its root (a field's, a parameter's, an alias's target,
//! a bound's trait path read as a path type), as [`crate::names`] walks them; and the
//! one way the readings of [`super::reading`] and [`super::implied`] rewrite a shape:
//! place by place, into the other side's spelling.

use crate::names::{symbol_slots, Slot};
use crate::shape::Symbol;
use crate::ty::Type;

/// Calls `f` on every root type of `s`, in the walk's order.
pub(super) fn each_root(s: &mut Symbol, f: &mut dyn FnMut(&mut Type)) {
    symbol_slots(s, &mut |slot| match slot {
        Slot::Type(t) => f(t),
        Slot::Trait(path) => {
            let mut t = Type::Path(std::mem::take(path));
            f(&mut t);
            if let Type::Path(p) = t {
                *path = p;
            }
        }
    });
}

/// A walk over one kind of place of a shape ([`each_root`], bound lists).
pub(super) type Places<T> = dyn Fn(&mut Symbol, &mut dyn FnMut(&mut T));

/// `before` and `after` with what reads alike written alike, one kind of place at a
/// time (`places`: root types, bound lists). `None` when no place is
/// `written_otherwise` than it reads.
///
/// Where both shapes have the same number of places, an old one that is `alike` the
/// new one at its place is written as the new one, so what a delta shows is what the
/// sources say. Elsewhere both sides are written `as_read`.
pub(super) fn alike_by_place<T: Clone + PartialEq>(
    before: &Symbol,
    after: &Symbol,
    places: &Places<T>,
    written_otherwise: &dyn Fn(&T) -> bool,
    alike: &dyn Fn(&T, &T) -> bool,
    as_read: &dyn Fn(&mut T),
) -> Option<(Symbol, Symbol)> {
    let all = |s: &Symbol| {
        let mut s = s.clone();
        let mut out = Vec::new();
        places(&mut s, &mut |p: &mut T| out.push(p.clone()));
        out
    };
    let (old, new) = (all(before), all(after));
    if !old.iter().chain(&new).any(written_otherwise) {
        return None;
    }
    let mut out = before.clone();
    if old.len() == new.len() {
        let mut i = 0;
        let mut changed = false;
        places(&mut out, &mut |p: &mut T| {
            let n = &new[i];
            i += 1;
            if p != n && alike(p, n) {
                p.clone_from(n);
                changed = true;
            }
        });
        return changed.then(|| (out, after.clone()));
    }
    let mut read_after = after.clone();
    places(&mut out, &mut |p: &mut T| as_read(p));
    places(&mut read_after, &mut |p: &mut T| as_read(p));
    (out != *before || read_after != *after).then_some((out, read_after))
}
