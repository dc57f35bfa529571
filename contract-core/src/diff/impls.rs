//! The traits the compiler says a type implements (the type probe, see
//! [`crate::probe`]): an auto trait lost through a field, a hand-written impl removed,
//! `Copy` gained. Compared only when both sides were observed; a trait whose derive
//! changed is the `container` family's (`derive_removed`, `copy_added`).

use super::Cx;
use crate::delta::{Attr, DeltaKind, Member, Note, Shown};
use crate::probe::ProbedTrait;
use crate::shape::{ItemShape, Symbol};

/// The implemented-traits family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(old), Some(new)) = (&before.implements, &after.implements) else {
        return;
    };
    if old == new {
        return;
    }
    let derives = |s: &Symbol| {
        s.item
            .as_ref()
            .and_then(ItemShape::container)
            .map(|c| c.derives.clone())
            .unwrap_or_default()
    };
    let (od, nd) = (derives(before), derives(after));
    // A derive added or removed says it already.
    let derive_changed = |t: ProbedTrait| od.contains(t.name()) != nd.contains(t.name());
    let shown = |set: &std::collections::BTreeSet<ProbedTrait>| Shown::Implements(set.clone());
    for t in old.difference(new).copied().filter(|t| !derive_changed(*t)) {
        // Every consumer relying on it (a bound, a thread spawn, a clone) breaks.
        let kind = if t.is_auto() {
            DeltaKind::AutoTraitRemoved
        } else {
            DeltaKind::ImplRemoved
        };
        let delta = cx
            .delta(kind, Member::Attr { attr: Attr::Derive })
            .note(Note::Probed(t))
            .change(shown(old), shown(new));
        cx.push(delta);
    }
    for t in new.difference(old).copied().filter(|t| !derive_changed(*t)) {
        let kind = match t {
            // Consumers' closures now copy what they moved (rust-lang/rust#100905).
            ProbedTrait::Copy => DeltaKind::CopyAdded,
            t if t.is_auto() => DeltaKind::AutoTraitAdded,
            _ => DeltaKind::ImplAdded,
        };
        let delta = cx
            .delta(kind, Member::Attr { attr: Attr::Derive })
            .note(Note::Probed(t))
            .change(shown(old), shown(new));
        cx.push(delta);
    }
}
