//! A bound on a sealed trait no consumer may name, replaced by a bound on another
//! trait of the crate that each of its implementors implements: arraystring 0.3
//! renamed its `#[doc(hidden)]` sealed `Length` to `Capacity`, implemented by one
//! macro for the same `typenum` types, and every method's `SIZE: Length` read as
//! replaced (90 false breaks). No consumer could implement the old trait (sealed) or
//! write it in a bound of its own (not public API), so the types that met the old
//! bound are the implementors the golden lists, and each meets the new one.
//!
//! A trait that is public API is not read so: a consumer's `fn f<S: Length>(…)`
//! passing `S` on breaks whatever the implementors are. Nor is one whose implementors
//! are not all listed (a generic impl, a blanket one): the old trait's implementors
//! must each be the new trait's, as written.

use crate::policy::Policy;
use crate::shape::{ItemShape, Symbol};
use crate::ty::{Args, Bound, Path};
use crate::variance::{def_of, Types};

/// `before` with each bound on such a trait written as the bound `after` puts at its
/// place; `None` when there is none.
pub(super) fn renamed_left_out(
    before: &Symbol,
    after: &Symbol,
    policy: &Policy,
    golden: &dyn Types,
    current: &dyn Types,
) -> Option<(Symbol, Symbol)> {
    if policy.doc_hidden_is_api {
        return None;
    }
    let old_module = before.written_in().unwrap_or_default();
    let new_module = after.written_in().unwrap_or_default();
    let closed = |b: &Bound| {
        super::implied::trait_of(b)
            .and_then(|p| lookup(golden, old_module, p))
            .is_some_and(closed_and_unnamed)
    };
    super::roots::alike_by_place(
        before,
        after,
        &super::implied::bound_lists,
        &|l: &Vec<Bound>| l.iter().any(closed),
        &|o: &Vec<Bound>, n: &Vec<Bound>| {
            o.len() == n.len()
                && o.iter().zip(n).all(|(o, n)| {
                    o == n || replaced(o, n, (golden, old_module), (current, new_module))
                })
        },
        &|_| {},
    )
}

/// Whether old bound `o` is on a sealed hidden trait whose every implementor the trait
/// of new bound `n` has.
fn replaced(o: &Bound, n: &Bound, golden: (&dyn Types, &str), current: (&dyn Types, &str)) -> bool {
    let (Some(op), Some(np)) = (super::implied::trait_of(o), super::implied::trait_of(n)) else {
        return false;
    };
    let (Some(old), Some(new)) = (
        lookup(golden.0, golden.1, op),
        lookup(current.0, current.1, np),
    ) else {
        return false;
    };
    closed_and_unnamed(old)
        && !old.implementors.is_empty()
        && old
            .implementors
            .iter()
            .all(|i| i.generics.params.is_empty() && new.implementors.contains(i))
}

/// The crate's trait a bare bound path written in `module` names: by its definition,
/// or, for one name a glob brought, the one trait of the crate so named.
fn lookup<'t>(types: &'t dyn Types, module: &str, path: &Path) -> Option<&'t Symbol> {
    if path.segments.iter().any(|s| s.args != Args::None) {
        return None;
    }
    if let Some(found) = def_of(module, path).and_then(|def| types.trait_symbol(&def)) {
        return Some(found);
    }
    match path.segments.as_slice() {
        [one] if !path.global => types.trait_symbol(&one.name),
        _ => None,
    }
}

/// A trait no consumer can implement (sealed) nor name by policy (`#[doc(hidden)]`).
fn closed_and_unnamed(s: &Symbol) -> bool {
    matches!(&s.item, Some(ItemShape::Trait(t)) if t.sealed && t.hidden)
}
