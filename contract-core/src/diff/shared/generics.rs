//! Comparing two generics lists (of an item, a fn or an associated type).
//!
//! Parameters are positional (turbofish and `Type<A, B>` name them by position), so
//! they are compared position by position; bounds are sets (the extractor already
//! merged inline bounds and `where T: …` predicates on plain parameters). A
//! consistent renaming was undone before this runs (`diff::equiv`), so a name that
//! still differs is a real difference.

use std::collections::{BTreeMap, BTreeSet};

use crate::delta::GenericChange;
use crate::shape::{GenericParam, Generics, WherePredicate};

/// The differences between `old` and `new`, in a stable order.
pub fn compare(old: &Generics, new: &Generics) -> Vec<GenericChange> {
    let mut out = Vec::new();
    let (old_lt, old_rest) = split(old);
    let (new_lt, new_rest) = split(new);
    if old_lt != new_lt {
        out.push(GenericChange::Lifetimes);
    }
    for i in 0..old_rest.len().max(new_rest.len()) {
        match (old_rest.get(i), new_rest.get(i)) {
            (Some(o), Some(n)) => compare_param(o, n, &mut out),
            (None, Some(n)) => out.push(GenericChange::Added {
                name: n.name().to_owned(),
                with_default: n.has_default(),
            }),
            (Some(o), None) => out.push(GenericChange::Removed {
                name: o.name().to_owned(),
            }),
            (None, None) => {}
        }
    }
    let old_where = predicates(&old.where_clause);
    let new_where = predicates(&new.where_clause);
    let subjects: BTreeSet<&String> = old_where.keys().chain(new_where.keys()).collect();
    let empty = BTreeSet::new();
    for subject in subjects {
        let o = old_where.get(subject).unwrap_or(&empty);
        let n = new_where.get(subject).unwrap_or(&empty);
        bound_changes(subject, o, n, &mut out);
    }
    out
}

fn split(g: &Generics) -> (Vec<&GenericParam>, Vec<&GenericParam>) {
    g.params.iter().partition(|p| p.is_lifetime())
}

fn compare_param(o: &GenericParam, n: &GenericParam, out: &mut Vec<GenericChange>) {
    match (o, n) {
        (
            GenericParam::Type {
                name,
                bounds: ob,
                default: od,
            },
            GenericParam::Type {
                name: nn,
                bounds: nb,
                default: nd,
            },
        ) if name == nn => {
            bound_changes(name, &sized_explicit(ob), &sized_explicit(nb), out);
            if od != nd {
                out.push(GenericChange::DefaultChanged {
                    name: name.clone(),
                    was: od.as_ref().map(ToString::to_string),
                    now: nd.as_ref().map(ToString::to_string),
                });
            }
        }
        (
            GenericParam::Const {
                name,
                ty,
                default: od,
            },
            GenericParam::Const {
                name: nn,
                ty: nt,
                default: nd,
            },
        ) if name == nn && ty == nt => {
            if od != nd {
                out.push(GenericChange::DefaultChanged {
                    name: name.clone(),
                    was: od.clone(),
                    now: nd.clone(),
                });
            }
        }
        _ => out.push(GenericChange::Replaced {
            name: n.name().to_owned(),
        }),
    }
}

/// A type parameter's bounds as text, with the `Sized` every type parameter has
/// unless it says `?Sized` written out: `?Sized` added is then `Sized` removed, a
/// relaxation (codespan-reporting 0.13.1's `W: Write` → `W: Write + ?Sized` behind
/// `&mut W`), and an explicit `T: Sized` is no bound more.
fn sized_explicit(bounds: &[crate::ty::Bound]) -> BTreeSet<String> {
    let mut set: BTreeSet<String> = bounds.iter().map(ToString::to_string).collect();
    if !set.remove("?Sized") {
        set.insert("Sized".to_owned());
    }
    set
}

fn bound_changes(
    subject: &str,
    old: &BTreeSet<String>,
    new: &BTreeSet<String>,
    out: &mut Vec<GenericChange>,
) {
    for bound in new.difference(old) {
        // `Fn` relaxed to `FnMut` or `FnOnce` (every `Fn` is both): the old bound is
        // gone, and nothing a caller passed fails the new one.
        if old
            .difference(new)
            .any(|o| relaxes_closure_bound(o, bound) || relaxes_by_blanket_impl(o, bound))
        {
            continue;
        }
        out.push(GenericChange::BoundAdded {
            subject: subject.to_owned(),
            bound: bound.clone(),
        });
    }
    for bound in old.difference(new) {
        out.push(GenericChange::BoundRemoved {
            subject: subject.to_owned(),
            bound: bound.clone(),
        });
    }
}

/// True when the closure bound `new` is `old` with `Fn` relaxed to `FnMut`/`FnOnce`,
/// or `FnMut` to `FnOnce`, the same arguments and output (`for<…>` included).
fn relaxes_closure_bound(old: &str, new: &str) -> bool {
    fn split(b: &str) -> (&str, &str, &str) {
        let (hrtb, rest) = match b.strip_prefix("for<").and_then(|r| r.split_once("> ")) {
            Some((lifetimes, rest)) => (lifetimes, rest),
            None => ("", b),
        };
        for name in ["FnOnce", "FnMut", "Fn"] {
            if let Some(sig) = rest.strip_prefix(name) {
                if sig.starts_with('(') {
                    return (hrtb, name, sig);
                }
            }
        }
        (hrtb, "", rest)
    }
    let rank = |name: &str| match name {
        "Fn" => Some(0),
        "FnMut" => Some(1),
        "FnOnce" => Some(2),
        _ => None,
    };
    let (oh, on, os) = split(old);
    let (nh, nn, ns) = split(new);
    match (rank(on), rank(nn)) {
        (Some(o), Some(n)) => oh == nh && os == ns && n > o,
        _ => false,
    }
}

/// True when std implements the trait of `new` for every type with the trait of `old`,
/// with the same arguments: `Iterator<Item = u8>` relaxed to `IntoIterator<Item = u8>`
/// (`impl<I: Iterator> IntoIterator for I`, whose `Item` is the iterator's), `Display`
/// to `ToString`.
fn relaxes_by_blanket_impl(old: &str, new: &str) -> bool {
    /// The trait's last path segment and its arguments, as written.
    fn split(b: &str) -> (&str, &str) {
        let (path, args) = b.split_at(b.find('<').unwrap_or(b.len()));
        (path.rsplit("::").next().unwrap_or(path).trim(), args)
    }
    let ((on, oa), (nn, na)) = (split(old), split(new));
    oa == na
        && matches!(
            (on, nn),
            ("Iterator", "IntoIterator") | ("Display", "ToString")
        )
}

/// Where-clause predicates as subject → bounds (`Vec<T>` → {`Clone`, `Send`}).
fn predicates(list: &[WherePredicate]) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for predicate in list {
        match predicate {
            WherePredicate::Type {
                hrtb,
                bounded,
                bounds,
            } => {
                let subject = if hrtb.is_empty() {
                    bounded.to_string()
                } else {
                    format!("for<{}> {bounded}", hrtb.join(", "))
                };
                out.entry(subject)
                    .or_default()
                    .extend(bounds.iter().map(ToString::to_string));
            }
            WherePredicate::Lifetime { lifetime, bounds } => {
                out.entry(lifetime.clone())
                    .or_default()
                    .extend(bounds.iter().cloned());
            }
        }
    }
    out
}
