//! Implementors of a pinned trait, from trait `impl` blocks pinned under its symbol.

use super::Cx;
use crate::delta::{DeltaKind, Member, Shown};
use crate::shape::Symbol;

/// The implementors family: a type that implements the trait now is more API; one
/// that no longer does breaks every use of it through the trait.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    for added in after.implementors.difference(&before.implementors) {
        let delta = cx
            .delta(
                DeltaKind::TraitImplementorAdded,
                Member::Implementor { ty: added.clone() },
            )
            .now(Shown::Implementor(added.clone()));
        cx.push(delta);
    }
    for removed in before.implementors.difference(&after.implementors) {
        let delta = cx
            .delta(
                DeltaKind::TraitImplementorRemoved,
                Member::Implementor {
                    ty: removed.clone(),
                },
            )
            .was(Shown::Implementor(removed.clone()));
        cx.push(delta);
    }
}
