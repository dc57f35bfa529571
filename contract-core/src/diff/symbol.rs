//! Whole-symbol changes: the item kind and the defining module.

use super::Cx;
use crate::delta::{Class, DeltaKind};
use crate::render;
use crate::shape::Symbol;

/// `symbol_kind_changed` (struct → alias, tuple struct → named struct, …) and
/// `symbol_moved` (another defining module: paths that named it break).
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    if let (Some(old), Some(new)) = (&before.item, &after.item) {
        let old_kind = kind_with_style(old);
        let new_kind = kind_with_style(new);
        if old_kind != new_kind {
            let delta = cx
                .delta(
                    DeltaKind::SymbolKindChanged,
                    format!("{old_kind} -> {new_kind}"),
                )
                .change(
                    render::item_decl(cx.symbol, old),
                    render::item_decl(cx.symbol, new),
                );
            cx.push(delta);
        }
    } else if before.item.is_some() != after.item.is_some() {
        // The item itself stopped (or started) being pinned while its methods or
        // implementors still are.
        let delta = cx
            .delta(
                if before.item.is_some() {
                    DeltaKind::SymbolRemoved
                } else {
                    DeltaKind::SymbolAdded
                },
                format!("the item `{}` itself", cx.symbol),
            )
            .change(
                render::symbol(cx.symbol, before),
                render::symbol(cx.symbol, after),
            );
        cx.push(delta);
    }
    match (&before.module, &after.module) {
        (Some(old), Some(new)) if old != new => {
            // Every path that named it through the old module breaks.
            let delta = cx
                .delta(
                    DeltaKind::SymbolMoved,
                    format!("defined in `{new}`, was `{old}`"),
                )
                .change(
                    format!("{old}::{}", cx.symbol),
                    format!("{new}::{}", cx.symbol),
                );
            cx.push(delta);
        }
        (Some(_), None) | (None, Some(_)) => {
            // Only the record of the module changed (a symbol pinned through impl
            // blocks only has none): no path is known to break.
            let delta = cx
                .delta(
                    DeltaKind::SymbolMoved,
                    "defining module recorded or dropped",
                )
                .class(Class::Additive)
                .change(
                    before.module.clone().unwrap_or_default(),
                    after.module.clone().unwrap_or_default(),
                );
            cx.push(delta);
        }
        _ => {}
    }
}

fn kind_with_style(item: &crate::shape::ItemShape) -> String {
    use crate::shape::{FieldStyle, ItemShape};
    match item {
        ItemShape::Struct(s) => match s.style {
            FieldStyle::Named => "struct".to_owned(),
            FieldStyle::Tuple => "tuple struct".to_owned(),
            FieldStyle::Unit => "unit struct".to_owned(),
        },
        other => other.kind_name().to_owned(),
    }
}
