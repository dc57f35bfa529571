//! Inherent `pub` methods pinned through `impl` blocks: added, removed, renamed, and
//! their signatures.

use super::shared::signature::{self, Role};
use super::Cx;
use crate::delta::{DeltaKind, Element};
use crate::render;
use crate::shape::{FnShape, Symbol};

/// The inherent-methods family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let mut removed: Vec<(&String, &FnShape)> = before
        .methods
        .iter()
        .filter(|(n, _)| !after.methods.contains_key(*n))
        .collect();
    let mut added: Vec<(&String, &FnShape)> = after
        .methods
        .iter()
        .filter(|(n, _)| !before.methods.contains_key(*n))
        .collect();
    removed.retain(|(name, sig)| {
        let Some(i) = added.iter().position(|(_, s)| *s == *sig) else {
            return true;
        };
        let (new_name, new_sig) = added.remove(i);
        // Every call names the old method.
        let delta = cx
            .delta(
                DeltaKind::MethodRenamed,
                format!("method `{name}` renamed to `{new_name}`"),
            )
            .change(
                render::signature(name, sig),
                render::signature(new_name, new_sig),
            )
            .at(Element::Method(new_name.clone()));
        cx.push(delta);
        false
    });
    for (name, sig) in removed {
        // Every call to it breaks.
        let delta = cx
            .delta(DeltaKind::MethodRemoved, format!("method `{name}`"))
            .change(render::signature(name, sig), "")
            .at(Element::Method(name.clone()));
        cx.push(delta);
    }
    for (name, sig) in added {
        // New API; no existing call changes.
        let delta = cx
            .delta(DeltaKind::MethodAdded, format!("method `{name}`"))
            .change("", render::signature(name, sig))
            .at(Element::Method(name.clone()));
        cx.push(delta);
    }
    for (name, old) in &before.methods {
        if let Some(new) = after.methods.get(name) {
            signature::compare(cx, name, old, new, Role::Callers);
        }
    }
}
