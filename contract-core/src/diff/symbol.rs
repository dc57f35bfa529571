//! Whole-symbol changes: the item kind and the defining module.

use super::Cx;
use crate::delta::{Class, DeltaKind, Member, Note, Shown};
use crate::shape::{FieldStyle, ItemShape, Symbol};

/// `symbol_kind_changed` (struct → alias, tuple struct → named struct, …) and
/// `symbol_moved` (another defining module: paths that named it break).
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let item = |i: &ItemShape| Shown::Item(Box::new(i.clone()));
    let whole = |s: &Symbol| Shown::Symbol(Box::new(s.clone()));
    if let (Some(old), Some(new)) = (&before.item, &after.item) {
        let (was, now) = (kind_with_style(old), kind_with_style(new));
        if was != now {
            let delta = cx
                .delta(DeltaKind::SymbolKindChanged, Member::Item)
                .note(Note::KindChanged {
                    was: was.to_owned(),
                    now: now.to_owned(),
                })
                .change(item(old), item(new));
            cx.push(delta);
        }
    } else if before.item.is_some() != after.item.is_some() {
        // The item itself stopped (or started) being pinned while its methods or
        // implementors still are.
        let delta = if before.item.is_some() {
            cx.delta(DeltaKind::SymbolRemoved, Member::Item)
                .was(whole(before))
        } else {
            cx.delta(DeltaKind::SymbolAdded, Member::Item)
                .now(whole(after))
        };
        cx.push(delta.note(Note::ItemItself));
    }
    match (&before.module, &after.module) {
        (Some(old), Some(new)) if old != new => {
            // Every path that named it through the old module breaks.
            let delta = cx
                .delta(DeltaKind::SymbolMoved, Member::Module)
                .change(Shown::Module(old.clone()), Shown::Module(new.clone()));
            cx.push(delta);
        }
        (Some(_), None) | (None, Some(_)) => {
            // Only the record of the module changed (a symbol pinned through impl
            // blocks only has none): no path is known to break.
            let mut delta = cx
                .delta(DeltaKind::SymbolMoved, Member::Module)
                .class(Class::Additive)
                .note(Note::ModuleRecorded);
            delta.before = before.module.clone().map(Shown::Module);
            delta.after = after.module.clone().map(Shown::Module);
            cx.push(delta);
        }
        _ => {}
    }
}

fn kind_with_style(item: &ItemShape) -> &'static str {
    match item {
        ItemShape::Struct(s) => match s.style {
            FieldStyle::Named => "struct",
            FieldStyle::Tuple => "tuple struct",
            FieldStyle::Unit => "unit struct",
        },
        other => other.kind_name(),
    }
}
