//! Procedural macros: a derive's helper attributes. (Their names are symbol names;
//! a kind change — derive to attribute — is `symbol_kind_changed`.)

use super::Cx;
use crate::delta::{DeltaKind, Member, Note, Shown};
use crate::shape::{ItemShape, Symbol};

/// The proc-macro family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(ItemShape::ProcMacro(old)), Some(ItemShape::ProcMacro(new))) =
        (&before.item, &after.item)
    else {
        return;
    };
    if old.form != new.form {
        return; // symbol_kind_changed says it
    }
    let shown = |p: &crate::shape::ProcMacroShape| Shown::Helpers(p.helpers.clone());
    // Items that write `#[helper]` under the derive stop compiling without it.
    for gone in old.helpers.difference(&new.helpers) {
        let delta = cx
            .delta(DeltaKind::ProcMacroHelperRemoved, Member::Item)
            .note(Note::Helper(gone.clone()))
            .change(shown(old), shown(new));
        cx.push(delta);
    }
    for added in new.helpers.difference(&old.helpers) {
        let delta = cx
            .delta(DeltaKind::ProcMacroHelperAdded, Member::Item)
            .note(Note::Helper(added.clone()))
            .change(shown(old), shown(new));
        cx.push(delta);
    }
}
