//! Type aliases: the target. (Their generics are the `generics` family's.)

use super::Cx;
use crate::delta::{DeltaKind, Member, Shown};
use crate::shape::{ItemShape, Symbol};

/// The type-alias family: another target is another type for every consumer that
/// names the alias.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(old_item @ ItemShape::TypeAlias(old)), Some(new_item @ ItemShape::TypeAlias(new))) =
        (&before.item, &after.item)
    else {
        return;
    };
    if old.target != new.target {
        let delta = cx
            .delta(DeltaKind::AliasTargetChanged, Member::Item)
            .change(
                Shown::Item(Box::new(old_item.clone())),
                Shown::Item(Box::new(new_item.clone())),
            );
        cx.push(delta);
    }
}
