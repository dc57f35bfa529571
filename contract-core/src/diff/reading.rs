//! Types as rustc reads them: std's aliases expanded (`io::Result<T>` is
//! `Result<T, io::Error>`) and trait objects' default lifetime bounds left out
//! (`Box<dyn Error + 'static>` is `Box<dyn Error>`). Two spellings of one type are one
//! type for every consumer.

use super::roots::{symbol_types, Roots};
use crate::shape::Symbol;
use crate::ty::Type;

/// A type as rustc reads it; whether that differs from how it is written.
fn read(t: &mut Type) -> bool {
    let expanded = crate::std_aliases::expand(t);
    super::objects::defaults_left_out(t) | expanded
}

/// Every root type of `s`, in the walk's order.
fn roots(s: &Symbol) -> Vec<Type> {
    let mut s = s.clone();
    let mut out = Vec::new();
    symbol_types(&mut s, &mut Roots(&mut |t: &mut Type| out.push(t.clone())));
    out
}

/// `before` and `after` with the types rustc reads alike written alike; `None` when no
/// type is written otherwise than rustc reads it.
///
/// Where both shapes hold their types in the same places (the same number of roots),
/// an old type that reads as the new one at its place is written as the new one, so
/// what a delta shows is what the sources say. Elsewhere both sides are written as
/// read.
pub(super) fn as_read(before: &Symbol, after: &Symbol) -> Option<(Symbol, Symbol)> {
    let (old_roots, new_roots) = (roots(before), roots(after));
    let differs = |t: &Type| read(&mut t.clone());
    if !old_roots.iter().chain(&new_roots).any(differs) {
        return None;
    }
    let mut out = before.clone();
    if old_roots.len() == new_roots.len() {
        let mut i = 0;
        let mut changed = false;
        symbol_types(
            &mut out,
            &mut Roots(&mut |t: &mut Type| {
                let new = &new_roots[i];
                i += 1;
                if t != new {
                    let (mut o, mut n) = (t.clone(), new.clone());
                    read(&mut o);
                    read(&mut n);
                    if o == n {
                        t.clone_from(new);
                        changed = true;
                    }
                }
            }),
        );
        return changed.then(|| (out, after.clone()));
    }
    let mut new = after.clone();
    for s in [&mut out, &mut new] {
        symbol_types(
            s,
            &mut Roots(&mut |t: &mut Type| {
                read(t);
            }),
        );
    }
    Some((out, new))
}
