//! Comparing two generics lists (of an item, a fn or an associated type).
//!
//! Parameters are positional (turbofish and `Type<A, B>` name them by position), so
//! they are compared position by position; bounds are sets (the extractor already
//! merged inline bounds and `where T: …` predicates on plain parameters).

use std::collections::{BTreeMap, BTreeSet};

use super::split_top;
use crate::shape::{GenericParam, GenericParamKind, Generics};

/// One difference between two generics lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The lifetime parameters differ; `renamed_only` when only their names did.
    Lifetimes {
        /// Same count and bounds, other names.
        renamed_only: bool,
    },
    /// A type or const parameter was appended.
    Added {
        /// Its name.
        name: String,
        /// It has a default.
        with_default: bool,
    },
    /// A trailing type or const parameter was removed.
    Removed {
        /// Its name.
        name: String,
    },
    /// The parameter at a position is another one (renamed, other kind, other const
    /// type).
    Replaced {
        /// The old parameter.
        old: String,
        /// The new one.
        new: String,
    },
    /// A bound on `subject` (a parameter or a where-clause type) was added.
    BoundAdded {
        /// What is bounded.
        subject: String,
        /// The bound.
        bound: String,
    },
    /// A bound on `subject` was removed.
    BoundRemoved {
        /// What is bounded.
        subject: String,
        /// The bound.
        bound: String,
    },
    /// A parameter's default was added, changed or removed.
    DefaultChanged {
        /// The parameter.
        name: String,
        /// The old default.
        before: Option<String>,
        /// The new default.
        after: Option<String>,
    },
}

/// The differences between `old` and `new`, in a stable order.
pub fn compare(old: &Generics, new: &Generics) -> Vec<Change> {
    let mut out = Vec::new();
    let (old_lt, old_rest) = split(old);
    let (new_lt, new_rest) = split(new);
    if old_lt != new_lt {
        out.push(Change::Lifetimes {
            renamed_only: renamed_only(&old_lt, &new_lt),
        });
    }
    for i in 0..old_rest.len().max(new_rest.len()) {
        match (old_rest.get(i), new_rest.get(i)) {
            (Some(o), Some(n)) => compare_param(o, n, &mut out),
            (None, Some(n)) => out.push(Change::Added {
                name: n.name.clone(),
                with_default: n.default.is_some(),
            }),
            (Some(o), None) => out.push(Change::Removed {
                name: o.name.clone(),
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
    g.params
        .iter()
        .partition(|p| p.kind == GenericParamKind::Lifetime)
}

/// Same lifetimes up to a consistent renaming: a caller writing `View<'_>` or its
/// own names is unaffected.
fn renamed_only(old: &[&GenericParam], new: &[&GenericParam]) -> bool {
    if old.len() != new.len() {
        return false;
    }
    let map: BTreeMap<&str, &str> = old
        .iter()
        .zip(new)
        .map(|(o, n)| (o.name.as_str(), n.name.as_str()))
        .collect();
    old.iter().zip(new).all(|(o, n)| {
        let renamed: BTreeSet<&str> = o
            .bounds
            .iter()
            .map(|b| map.get(b.as_str()).copied().unwrap_or(b.as_str()))
            .collect();
        renamed == n.bounds.iter().map(String::as_str).collect()
    })
}

fn compare_param(o: &GenericParam, n: &GenericParam, out: &mut Vec<Change>) {
    let const_type_changed = o.kind == GenericParamKind::Const && o.bounds != n.bounds;
    if o.kind != n.kind || o.name != n.name || const_type_changed {
        out.push(Change::Replaced {
            old: o.name.clone(),
            new: n.name.clone(),
        });
        return;
    }
    if o.kind == GenericParamKind::Type {
        let ob: BTreeSet<String> = o.bounds.iter().cloned().collect();
        let nb: BTreeSet<String> = n.bounds.iter().cloned().collect();
        bound_changes(&o.name, &ob, &nb, out);
    }
    if o.default != n.default {
        out.push(Change::DefaultChanged {
            name: n.name.clone(),
            before: o.default.clone(),
            after: n.default.clone(),
        });
    }
}

fn bound_changes(
    subject: &str,
    old: &BTreeSet<String>,
    new: &BTreeSet<String>,
    out: &mut Vec<Change>,
) {
    for bound in new.difference(old) {
        out.push(Change::BoundAdded {
            subject: subject.to_owned(),
            bound: bound.clone(),
        });
    }
    for bound in old.difference(new) {
        out.push(Change::BoundRemoved {
            subject: subject.to_owned(),
            bound: bound.clone(),
        });
    }
}

/// Where-clause predicates as subject → bounds (`Vec<T>: Clone + Send`).
fn predicates(list: &[String]) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for predicate in list {
        let parts = split_top(predicate, ": ");
        let (subject, bounds) = match parts.as_slice() {
            [subject, rest @ ..] if !rest.is_empty() => (subject.clone(), rest.join(": ")),
            _ => (predicate.clone(), String::new()),
        };
        let entry = out.entry(subject).or_default();
        entry.extend(
            split_top(&bounds, " + ")
                .into_iter()
                .filter(|b| !b.is_empty()),
        );
    }
    out
}

/// A one-line rendering of a change, for details.
pub fn describe(change: &Change) -> String {
    match change {
        Change::Lifetimes { renamed_only: true } => "lifetime parameters renamed".to_owned(),
        Change::Lifetimes { .. } => "lifetime parameters".to_owned(),
        Change::Added { name, with_default } => {
            if *with_default {
                format!("generic parameter `{name}` (with a default) added")
            } else {
                format!("generic parameter `{name}` added")
            }
        }
        Change::Removed { name } => format!("generic parameter `{name}` removed"),
        Change::Replaced { old, new } if old == new => {
            format!("generic parameter `{new}` changed kind or type")
        }
        Change::Replaced { old, new } => format!("generic parameter `{old}` is now `{new}`"),
        Change::BoundAdded { subject, bound } => format!("bound `{subject}: {bound}` added"),
        Change::BoundRemoved { subject, bound } => format!("bound `{subject}: {bound}` removed"),
        Change::DefaultChanged {
            name,
            before,
            after,
        } => format!(
            "default of `{name}`: {} -> {}",
            before.as_deref().unwrap_or("none"),
            after.as_deref().unwrap_or("none")
        ),
    }
}
