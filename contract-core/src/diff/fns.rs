//! Free functions: the signature of a pinned `fn`.

use super::shared::signature::{self, Role};
use super::Cx;
use crate::shape::{ItemShape, Symbol};

/// The free-fn family: a free fn has callers only.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    if let (Some(ItemShape::Fn(old)), Some(ItemShape::Fn(new))) = (&before.item, &after.item) {
        let name = cx.symbol.to_owned();
        signature::compare(cx, &name, old, new, Role::Callers);
    }
}
