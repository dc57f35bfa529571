//! Free functions: the signature of a pinned `fn`.

use super::shared::signature::{self, Role};
use super::Cx;
use crate::shape::{ItemShape, Symbol};

/// The free-fn family: a free fn has callers only. Its visibility and
/// `#[doc(hidden)]` are the item's, reported by the `symbol` family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    if let (Some(ItemShape::Fn(old)), Some(ItemShape::Fn(new))) = (&before.item, &after.item) {
        let name = cx.symbol.to_owned();
        let mut new = new.clone();
        new.vis.clone_from(&old.vis);
        new.hidden = old.hidden;
        signature::compare(cx, &name, old, &new, Role::Callers);
    }
}
