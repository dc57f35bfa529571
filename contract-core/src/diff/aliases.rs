//! Type aliases: the target. (Their generics are the `generics` family's.)

use super::Cx;
use crate::delta::{DeltaKind, Element};
use crate::render;
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
            .delta(
                DeltaKind::AliasTargetChanged,
                format!(
                    "`{}` now names `{}`, was `{}`",
                    cx.symbol, new.target, old.target
                ),
            )
            .change(
                render::item_decl(cx.symbol, old_item),
                render::item_decl(cx.symbol, new_item),
            )
            .at(Element::Item);
        cx.push(delta);
    }
}
