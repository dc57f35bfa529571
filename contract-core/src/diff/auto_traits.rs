//! The auto traits inferred from a type's fields ([`crate::auto`]): a trait that holds
//! for fewer instances than before (`Send` lost through an `Rc` field, `Send` now
//! needing `T: Sync` through an `Arc<T>`) breaks every consumer that relied on it; one
//! that holds for more is additive. Compared only where both sides could tell and the
//! compiler did not answer on both (see [`crate::probe::reconcile`]).

use std::collections::BTreeSet;

use super::Cx;
use crate::delta::{Attr, DeltaKind, Member, Note, Shown};
use crate::probed::{AutoCond, ProbedTrait};
use crate::shape::{GenericParam, ItemShape, Symbol};

/// The auto-traits family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    for (t, old) in &before.auto_traits {
        let Some(new) = after.auto_traits.get(t) else {
            // Told before and not now, where the sources were read: "cannot tell" is
            // no verdict, but it is shown (a lost `Send` may hide behind it).
            if after.auto_traits_inferred {
                let delta = cx
                    .delta(
                        DeltaKind::AutoTraitUntold,
                        Member::Attr { attr: Attr::Derive },
                    )
                    .note(Note::AutoCondition(*t))
                    .was(Shown::AutoTrait(*t, old.clone()));
                cx.push(delta);
            }
            continue;
        };
        let Some(new_at_defaults) = at_defaults(new, before, after) else {
            // A parameter the type gained, whose default's auto traits cannot be told.
            continue;
        };
        let (was, now) = (placed(old, before), placed(&new_at_defaults, after));
        if was == now {
            continue;
        }
        let kind = match (&was, &now) {
            (_, None) => DeltaKind::AutoTraitRemoved,
            (None, Some(_)) => DeltaKind::AutoTraitAdded,
            // Every instance that had it still does when the new condition asks
            // nothing the old one did not.
            (Some(w), Some(n)) if n.is_subset(w) => DeltaKind::AutoTraitAdded,
            _ => DeltaKind::AutoTraitRemoved,
        };
        let delta = cx
            .delta(kind, Member::Attr { attr: Attr::Derive })
            .note(Note::AutoCondition(*t))
            .change(
                Shown::AutoTrait(*t, old.clone()),
                Shown::AutoTrait(*t, new.clone()),
            );
        cx.push(delta);
    }
}

/// `cond` of the new side with each requirement on a parameter the type gained with
/// a default read at that default: every old use names the type without it
/// (`Cache<K>` is `Cache<K, ()>` once `S = ()` is added), so a default that meets the
/// requirement takes it away. A requirement on one gained without a default is left
/// out: no old instance exists to lose the trait. `None` when a default's auto traits
/// cannot be told.
fn at_defaults(cond: &AutoCond, before: &Symbol, after: &Symbol) -> Option<AutoCond> {
    let AutoCond::When(reqs) = cond else {
        return Some(cond.clone());
    };
    let old = type_params(before);
    let mut out = BTreeSet::new();
    for (param, t) in reqs {
        let default = after
            .item
            .as_ref()
            .and_then(ItemShape::generics)
            .and_then(|g| {
                g.params.iter().find_map(|p| match p {
                    GenericParam::Type {
                        name,
                        default: Some(d),
                        ..
                    } if name == param => Some(d),
                    _ => None,
                })
            });
        let gained = type_params(after)
            .iter()
            .position(|p| p == param)
            .is_some_and(|i| i >= old.len());
        match default.filter(|_| gained) {
            // A parameter gained without a default: no old use names the type without
            // it (the parameter's own delta is the break), so what the trait asks of
            // it takes nothing from an old instance.
            None if gained => {}
            None => {
                out.insert((param.clone(), *t));
            }
            Some(d) => match crate::auto::of_type(d, *t)? {
                AutoCond::When(r) if r.is_empty() => {}
                _ => {
                    out.insert((param.clone(), *t));
                }
            },
        }
    }
    Some(AutoCond::When(out))
}

/// The type parameters of a struct, enum or union, in order.
fn type_params(symbol: &Symbol) -> Vec<String> {
    symbol
        .item
        .as_ref()
        .and_then(ItemShape::generics)
        .map(|g| g.type_param_names().map(str::to_owned).collect())
        .unwrap_or_default()
}

/// A condition with each parameter by its place among the type's parameters (a
/// renamed parameter is the same one); `None` for no instance.
fn placed(cond: &AutoCond, symbol: &Symbol) -> Option<BTreeSet<(String, ProbedTrait)>> {
    let AutoCond::When(reqs) = cond else {
        return None;
    };
    let params = type_params(symbol);
    Some(
        reqs.iter()
            .map(|(p, t)| {
                let place = params
                    .iter()
                    .position(|q| q == p)
                    .map_or_else(|| p.clone(), |i| format!("#{i}"));
                (place, *t)
            })
            .collect(),
    )
}
