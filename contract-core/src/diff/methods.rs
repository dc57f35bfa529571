//! Inherent `pub` methods pinned through `impl` blocks: added, removed, renamed, and
//! their signatures.

use super::align::align_maps;
use super::shared::signature::{self, Role};
use super::Cx;
use crate::delta::{DeltaKind, Member, Shown};
use crate::shape::{FnShape, Symbol};

/// The inherent-methods family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let same_signature = |o: &(&String, &FnShape), n: &(&String, &FnShape)| o.1 == n.1;
    let (old, new, alignment) = align_maps(&before.methods, &after.methods, &[&same_signature]);
    let shown = |f: &FnShape| Shown::Fn(Box::new(f.clone()));
    for pair in &alignment.pairs {
        let ((old_name, old_sig), (new_name, new_sig)) = (old[pair.old], new[pair.new]);
        if pair.same() {
            signature::compare(cx, old_name, old_sig, new_sig, Role::Callers);
        } else {
            // Every call names the old method.
            let delta = cx
                .delta(DeltaKind::MethodRenamed, Member::method(old_name))
                .renamed(new_name)
                .change(shown(old_sig), shown(new_sig));
            cx.push(delta);
        }
    }
    for &i in &alignment.removed {
        // Every call to it breaks.
        let (name, sig) = old[i];
        let delta = cx
            .delta(DeltaKind::MethodRemoved, Member::method(name))
            .was(shown(sig));
        cx.push(delta);
    }
    for &j in &alignment.added {
        // New API; no existing call changes.
        let (name, sig) = new[j];
        let delta = cx
            .delta(DeltaKind::MethodAdded, Member::method(name))
            .now(shown(sig));
        cx.push(delta);
    }
}
