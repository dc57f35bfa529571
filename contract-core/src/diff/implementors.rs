//! Implementors of a pinned trait, from trait `impl` blocks pinned under its symbol.

use super::Cx;
use crate::delta::DeltaKind;
use crate::shape::Symbol;

/// The implementors family: a type that implements the trait now is more API; one
/// that no longer does breaks every use of it through the trait.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    for added in after.implementors.difference(&before.implementors) {
        let delta = cx
            .delta(
                DeltaKind::TraitImplementorAdded,
                format!("`{added}` implements `{}`", cx.symbol),
            )
            .change("", format!("impl {} for {added}", cx.symbol));
        cx.push(delta);
    }
    for removed in before.implementors.difference(&after.implementors) {
        let delta = cx
            .delta(
                DeltaKind::TraitImplementorRemoved,
                format!("`{removed}` no longer implements `{}`", cx.symbol),
            )
            .change(format!("impl {} for {removed}", cx.symbol), "");
        cx.push(delta);
    }
}
