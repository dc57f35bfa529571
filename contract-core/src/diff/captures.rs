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

/// The lifetimes the trait bounds of an `impl` name in their arguments.
fn named_lifetimes(bounds: &[Bound]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for b in bounds {
        let Bound::Trait { path, .. } = b else {
            continue;
        };
        for s in &path.segments {
            match &s.args {
                Args::Angle(args) => {
                    for a in args {
                        match a {
                            GenericArg::Lifetime(l) => {
                                out.insert(l.clone());
                            }
                            GenericArg::Type(t) | GenericArg::AssocType { ty: t, .. } => {
                                lifetimes_in(t, &mut out)
                            }
                            _ => {}
                        }
                    }
                }
                Args::Paren { inputs, output } => {
                    for t in inputs.iter().chain(output.as_deref()) {
                        lifetimes_in(t, &mut out);
                    }
                }
                Args::None => {}
            }
        }
    }
    out
}

/// Every lifetime written in `t`.
fn lifetimes_in(t: &Type, out: &mut BTreeSet<String>) {
    let text = t.to_string();
    let mut rest = text.as_str();
    while let Some(at) = rest.find('\'') {
        let tail = &rest[at + 1..];
        let end = tail
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(tail.len());
        if end > 0 {
            out.insert(format!("'{}", &tail[..end]));
        }
        rest = &tail[end..];
    }
}
