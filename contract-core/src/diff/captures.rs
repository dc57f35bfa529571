//! What a returned `impl Trait` captures, in one spelling: Rust 2024's precise
//! capturing (`impl Iterator<Item = &'d T> + use<'d>`) and edition 2021's way to say
//! the same (`impl 'd + Iterator<…>`, or a lifetime the bounds name) are one type to
//! every caller (object 0.40). A type parameter is captured either way, so only the
//! lifetimes are compared: those of a `use<…>` list, or else those the bounds name, and
//! those an outlives bound adds. Where the captured lifetimes are the ones the bounds
//! name, the form is the plain `impl Trait`; otherwise `use<…>` lists them.
//!
//! An `impl Trait` of edition 2024 with no `use<…>` captures every lifetime in scope,
//! which the shape does not record: it is read as edition 2021's, so a change of
//! edition alone may still show.

use std::collections::BTreeSet;

use crate::ty::{Args, Bound, GenericArg, Type};

/// `t` with every `impl Trait`'s captures written in one form; whether any was
/// written otherwise.
pub(super) fn written_alike(t: &mut Type) -> bool {
    let mut changed = false;
    t.walk_mut(&mut |node| {
        let Type::Impl(bounds) = node else { return };
        if !bounds
            .iter()
            .any(|b| matches!(b, Bound::Use(_) | Bound::Lifetime(_)))
        {
            return;
        }
        let named = named_lifetimes(bounds);
        let listed: Option<BTreeSet<String>> = bounds.iter().find_map(|b| match b {
            Bound::Use(params) => Some(
                params
                    .iter()
                    .filter(|p| p.starts_with('\''))
                    .cloned()
                    .collect(),
            ),
            _ => None,
        });
        let mut captured = listed.unwrap_or_else(|| named.clone());
        captured.extend(bounds.iter().filter_map(|b| match b {
            Bound::Lifetime(l) => Some(l.clone()),
            _ => None,
        }));
        let before = bounds.clone();
        bounds.retain(|b| !matches!(b, Bound::Use(_) | Bound::Lifetime(_)));
        if captured != named {
            bounds.push(Bound::Use(captured.into_iter().collect()));
        }
        crate::ty::sort_bounds(bounds);
        changed |= *bounds != before;
    });
    changed
}

/// The lifetimes the trait bounds of an `impl` name in their arguments (not those a
/// `for<…>` binds). A reference whose lifetime is elided names the elided one, `'_`
/// (askalono 0.4's `fn licenses<'a>(&'a self) -> impl Iterator<Item = &String> + 'a`
/// is 0.5's `-> impl Iterator<Item = &String>`: the item borrows `self` either way),
/// except in an `Fn(&T)` sugar or a `fn` pointer, whose elided lifetimes are their own.
fn named_lifetimes(bounds: &[Bound]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for b in bounds {
        let Bound::Trait { hrtb, path, .. } = b else {
            continue;
        };
        b.clone().lifetimes_mut(&mut |l| {
            if !hrtb.contains(l) {
                out.insert(l.clone());
            }
        });
        if path.segments.iter().any(|s| args_elide(&s.args)) {
            out.insert("'_".to_owned());
        }
    }
    out
}

/// Whether angle-bracketed arguments hold a reference with an elided lifetime.
fn args_elide(args: &Args) -> bool {
    let Args::Angle(list) = args else {
        return false;
    };
    list.iter().any(|a| match a {
        GenericArg::Type(t) | GenericArg::AssocType { ty: t, .. } => elides(t),
        _ => false,
    })
}

fn elides(t: &Type) -> bool {
    match t {
        Type::Ref { lifetime: None, .. } => true,
        Type::Ref { elem, .. } | Type::Slice(elem) | Type::Array { elem, .. } => elides(elem),
        Type::Tuple(elems) => elems.iter().any(elides),
        Type::Path(p) => p.segments.iter().any(|s| args_elide(&s.args)),
        _ => false,
    }
}
