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
    let names =
        |ps: &[&GenericParam]| -> Vec<String> { ps.iter().map(|p| p.name().to_owned()).collect() };
    let by_name = match binds_by_place(&old_rest, &new_rest) {
        true => None,
        false => by_name(&names(&old_rest), &names(&new_rest)),
    };
    if let Some(pairs) = by_name {
        // A parameter inserted or removed among others that keep their names: one
        // change, not every later position's; parameters removed and others added
        // there are one edit.
        let (mut was, mut now) = (Vec::new(), Vec::new());
        for pair in pairs {
            match pair {
                (Some(o), Some(n)) => compare_param(old_rest[o], new_rest[n], &mut out),
                (None, Some(n)) => now.push(new_rest[n]),
                (Some(o), None) => was.push(old_rest[o].name().to_owned()),
                (None, None) => {}
            }
        }
        match (was.is_empty(), now.is_empty()) {
            (false, false) => out.push(GenericChange::ParamsReplaced {
                was,
                now: now.iter().map(|p| p.name().to_owned()).collect(),
            }),
            _ => {
                out.extend(was.into_iter().map(|name| GenericChange::Removed { name }));
                out.extend(now.into_iter().map(|p| GenericChange::Added {
                    name: p.name().to_owned(),
                    with_default: p.has_default(),
                }));
            }
        }
    } else {
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
    }
    let mut old_where = predicates(&old.where_clause);
    let new_where = predicates(&new.where_clause);
    follow_replaced_qualifiers(old, new, &mut old_where, &new_where);
    let subjects: BTreeSet<&String> = old_where.keys().chain(new_where.keys()).collect();
    let empty = BTreeSet::new();
    for subject in subjects {
        let o = old_where.get(subject).unwrap_or(&empty);
        let n = new_where.get(subject).unwrap_or(&empty);
        bound_changes(subject, o, n, &mut out);
    }
    out
}

/// Whether `new` (type and const parameters) is longer than the `old` count and every
/// parameter past it has a default: every old use (`DirectForm1<f32>`) still binds its
/// arguments by position, so the lists correspond by position, whatever the names
/// (biquad 0.6's `DirectForm1<T>` → `DirectForm1<C, T = C>` is `T` renamed `C` and a
/// defaulted `T` added, not `C` inserted).
pub fn defaulted_tail(old: usize, new: &[&GenericParam]) -> bool {
    new.len() > old
        && new[old..].iter().all(|p| match p {
            GenericParam::Type { default, .. } => default.is_some(),
            GenericParam::Const { default, .. } => default.is_some(),
            GenericParam::Lifetime { .. } => false,
        })
}

/// Whether old uses of the item still compile binding their arguments by place, so the
/// lists correspond by place: [`defaulted_tail`], and no more parameters without a
/// default than before (biquad's `<T>` → `<C, T = C>`: `DirectForm1<f32>` binds `C`).
/// A parameter inserted without a default among defaulted ones (stretto 0.9's
/// `AsyncCache<K, V, KH = …>` → `<K, V, R, KH = …>`) breaks every old use anyway; the
/// others keep their names, and are compared by them (one edit, one change).
pub fn binds_by_place(old: &[&GenericParam], new: &[&GenericParam]) -> bool {
    let required = |ps: &[&GenericParam]| ps.iter().filter(|p| !p.has_default()).count();
    defaulted_tail(old.len(), new) && required(new) <= required(old)
}

/// Where the two lists of parameter names differ in length and the names they share
/// keep their order (a parameter inserted, removed or replaced among others that keep
/// their names: `<I, O1, O2, E>` → `<I, O, E>`), the positions that correspond by
/// name, in order; `None` otherwise (the same length, names only appended or dropped
/// at the end, no name shared, or shared names reordered: positional).
pub fn by_name(old: &[String], new: &[String]) -> Option<Vec<(Option<usize>, Option<usize>)>> {
    if old.len() == new.len() || old.starts_with(new) || new.starts_with(old) {
        return None;
    }
    let unique = |l: &[String]| l.iter().collect::<BTreeSet<_>>().len() == l.len();
    if !unique(old) || !unique(new) || !old.iter().any(|n| new.contains(n)) {
        return None;
    }
    let (mut i, mut j) = (0, 0);
    let mut pairs = Vec::new();
    while i < old.len() || j < new.len() {
        match (old.get(i), new.get(j)) {
            (Some(o), Some(n)) if o == n => {
                pairs.push((Some(i), Some(j)));
                i += 1;
                j += 1;
            }
            (Some(o), _) if !new.contains(o) => {
                pairs.push((Some(i), None));
                i += 1;
            }
            (_, Some(n)) if !old.contains(n) => {
                pairs.push((None, Some(j)));
                j += 1;
            }
            // Shared names in another order.
            _ => return None,
        }
    }
    Some(pairs)
}

/// A projection's trait follows a replaced bound: where `P: Old` gave way to `P: New`,
/// `<P as Old>::Item: AsChar` and `<P as New>::Item: AsChar` are one requirement
/// respelled (nom 8's `InputTakeAtPosition` → `Input`), so the old predicate is keyed
/// by the new subject, and only a difference in what it requires is a change.
fn follow_replaced_qualifiers(
    old: &Generics,
    new: &Generics,
    old_where: &mut BTreeMap<String, BTreeSet<String>>,
    new_where: &BTreeMap<String, BTreeSet<String>>,
) {
    /// `<P as Trait<…>>::Assoc` as (`P`, `Trait`, `Assoc`).
    fn projection(subject: &str) -> Option<(&str, &str, &str)> {
        let inner = subject.strip_prefix('<')?;
        let (param, rest) = inner.split_once(" as ")?;
        let (trait_path, assoc) = rest.rsplit_once(">::")?;
        Some((param, last_name(trait_path), assoc))
    }
    fn last_name(path: &str) -> &str {
        let plain = path.split('<').next().unwrap_or(path);
        plain.rsplit("::").next().unwrap_or(plain).trim()
    }
    let bounds_of = |g: &Generics, param: &str| -> BTreeSet<String> {
        let mut names: BTreeSet<String> = BTreeSet::new();
        for p in &g.params {
            if let GenericParam::Type { name, bounds, .. } = p {
                if name == param {
                    names.extend(bounds.iter().map(|b| last_name(&b.to_string()).to_owned()));
                }
            }
        }
        names
    };
    let renames: Vec<(String, String)> = old_where
        .keys()
        .filter(|s| !new_where.contains_key(*s))
        .filter_map(|s| {
            let (param, was, assoc) = projection(s)?;
            let (old_b, new_b) = (bounds_of(old, param), bounds_of(new, param));
            if !old_b.contains(was) || new_b.contains(was) {
                return None;
            }
            // The one subject of the new side on this parameter's `assoc` through a
            // trait it gained.
            let mut candidates = new_where.keys().filter(|n| {
                !old_where.contains_key(*n)
                    && projection(n).is_some_and(|(p, now, a)| {
                        p == param && a == assoc && new_b.contains(now) && !old_b.contains(now)
                    })
            });
            let first = candidates.next()?;
            candidates
                .next()
                .is_none()
                .then(|| (s.clone(), first.clone()))
        })
        .collect();
    for (from, to) in renames {
        if let Some(bounds) = old_where.remove(&from) {
            old_where.insert(to, bounds);
        }
    }
}

/// Bounds added and removed on one subject paired as one edit (`T: InputTakeAtPosition`
/// → `T: Input`): a reviewer reads the replacement once. `Sized` (a `?Sized` added or
/// dropped) stays apart: it says something of its own.
pub fn paired(changes: Vec<GenericChange>) -> Vec<GenericChange> {
    let subjects = |f: fn(&GenericChange) -> Option<&String>| -> BTreeSet<String> {
        changes.iter().filter_map(f).cloned().collect()
    };
    let added = subjects(|c| match c {
        GenericChange::BoundAdded { subject, bound } if bound != "Sized" => Some(subject),
        _ => None,
    });
    let removed = subjects(|c| match c {
        GenericChange::BoundRemoved { subject, bound } if bound != "Sized" => Some(subject),
        _ => None,
    });
    let both: BTreeSet<&String> = added.intersection(&removed).collect();
    if both.is_empty() {
        return changes;
    }
    let mut out = Vec::new();
    let mut replaced: BTreeMap<String, usize> = BTreeMap::new();
    for change in changes {
        let (subject, bound, is_added) = match &change {
            GenericChange::BoundAdded { subject, bound } if bound != "Sized" => {
                (subject, bound, true)
            }
            GenericChange::BoundRemoved { subject, bound } if bound != "Sized" => {
                (subject, bound, false)
            }
            _ => {
                out.push(change);
                continue;
            }
        };
        if !both.contains(subject) {
            out.push(change);
            continue;
        }
        let at = *replaced.entry(subject.clone()).or_insert_with(|| {
            out.push(GenericChange::BoundReplaced {
                subject: subject.clone(),
                was: Vec::new(),
                now: Vec::new(),
            });
            out.len() - 1
        });
        if let GenericChange::BoundReplaced { was, now, .. } = &mut out[at] {
            if is_added {
                now.push(bound.clone());
            } else {
                was.push(bound.clone());
            }
        }
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
