//! The diff engine: golden shapes against current shapes, as classified deltas.
//!
//! Each rule family is one module with one entry point, listed once in [`FAMILIES`].
//! A family looks only at its own part of a symbol and pushes deltas with their
//! default class; the set's policy is applied once, at the end.

mod fields;
mod set;
mod symbol;
mod variants;

use std::collections::BTreeMap;

use crate::delta::{Delta, DeltaKind};
use crate::policy::Policy;
use crate::shape::{Fragment, Symbol};

/// What a rule family sees: the symbol's name, the policy (some verdicts depend on
/// the wire format) and where to put deltas.
pub struct Cx<'a> {
    /// The symbol being compared.
    pub symbol: &'a str,
    /// The set's policy.
    pub policy: &'a Policy,
    deltas: Vec<Delta>,
}

impl Cx<'_> {
    /// Records a delta.
    pub fn push(&mut self, delta: Delta) {
        self.deltas.push(delta);
    }

    /// Starts a delta of `kind` for this symbol.
    pub fn delta(&self, kind: DeltaKind, detail: impl Into<String>) -> Delta {
        Delta::new(kind, self.symbol, detail)
    }
}

/// A rule family: compares one part of two shapes of a symbol.
pub type Family = fn(&mut Cx<'_>, &Symbol, &Symbol);

/// Every rule family, in report order. Adding a family is one module and one line.
pub const FAMILIES: &[(&str, Family)] = &[
    ("symbol", symbol::diff),
    ("fields", fields::diff),
    ("variants", variants::diff),
];

/// Deltas between two shapes of one symbol, policy applied.
pub fn diff_symbol(name: &str, before: &Symbol, after: &Symbol, policy: &Policy) -> Vec<Delta> {
    let mut cx = Cx {
        symbol: name,
        policy,
        deltas: Vec::new(),
    };
    if before != after {
        for (_, family) in FAMILIES {
            family(&mut cx, before, after);
        }
        if cx.deltas.is_empty() {
            // A difference no family names must still surface, never pass silently.
            let delta = cx
                .delta(
                    DeltaKind::UnclassifiedChange,
                    "a part of the shape no rule covers",
                )
                .change(
                    crate::render::symbol(name, before),
                    crate::render::symbol(name, after),
                );
            cx.push(delta);
        }
    }
    cx.deltas.into_iter().map(|d| policy.apply(d)).collect()
}

/// Deltas between a golden set and the current set, policy applied, sorted by
/// symbol then kind.
pub fn diff_sets(
    before: &BTreeMap<String, Symbol>,
    after: &BTreeMap<String, Symbol>,
    policy: &Policy,
) -> Vec<Delta> {
    let mut deltas: Vec<Delta> = set::diff(before, after)
        .into_iter()
        .map(|d| policy.apply(d))
        .collect();
    for (name, old) in before {
        if let Some(new) = after.get(name) {
            deltas.extend(diff_symbol(name, old, new, policy));
        }
    }
    deltas.sort_by(|a, b| (&a.symbol, a.kind, &a.detail).cmp(&(&b.symbol, b.kind, &b.detail)));
    deltas
}

/// Deltas that one fragment (what one attribute sees) introduces against the golden
/// symbol; the compile-time check. An inherent `impl` block is compared on its own
/// methods only: a method that moved to another block is not a removal here (the
/// harness, which sees every block, reports real removals).
pub fn diff_fragment(
    name: &str,
    golden: &Symbol,
    fragment: &Fragment,
    policy: &Policy,
) -> Vec<Delta> {
    let mut after = golden.clone();
    let mut before = golden.clone();
    match fragment {
        Fragment::Item { item } => after.item = Some(item.clone()),
        Fragment::Methods { methods } => {
            before
                .methods
                .retain(|method, _| methods.contains_key(method));
            after.methods = methods.clone();
        }
        // Implementing a trait never breaks it; removals are the harness's to see.
        Fragment::Implementor { .. } => return Vec::new(),
    }
    diff_symbol(name, &before, &after, policy)
}
