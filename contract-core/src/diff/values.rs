//! Consts and statics: type, value, table rows, `static mut`.

use super::align::align;
use super::Cx;
use crate::delta::{Class, DeltaKind, Member, Note, Shown};
use crate::shape::{ItemShape, Symbol, Value, ValueItemShape};
use crate::ty::Type;

/// The const/static family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(old_item), Some(new_item)) = (&before.item, &after.item) else {
        return;
    };
    let (old, new) = match (old_item, new_item) {
        (ItemShape::Const(o), ItemShape::Const(n))
        | (ItemShape::Static(o), ItemShape::Static(n)) => (o, n),
        _ => return,
    };
    let whole = || {
        (
            Shown::Item(Box::new(old_item.clone())),
            Shown::Item(Box::new(new_item.clone())),
        )
    };
    if old.mutable != new.mutable {
        // Reading a `static mut` needs `unsafe`; a `static` cannot be assigned.
        let (was, now) = whole();
        let delta = cx
            .delta(DeltaKind::StaticMutabilityChanged, Member::Item)
            .change(was, now);
        cx.push(delta);
    }
    if old.unsafety != new.unsafety {
        // Reading an `unsafe static` of an `extern` block needs `unsafe`.
        let kind = if new.unsafety {
            DeltaKind::StaticUnsafeAdded
        } else {
            DeltaKind::StaticUnsafeRemoved
        };
        let (was, now) = whole();
        cx.push(cx.delta(kind, Member::Item).change(was, now));
    }
    let export = match (&old.export, &new.export) {
        (None, Some(_)) => Some(DeltaKind::ExportSymbolAdded),
        (Some(_), None) => Some(DeltaKind::ExportSymbolRemoved),
        (Some(a), Some(b)) if a != b => Some(DeltaKind::ExportSymbolRenamed),
        _ => None,
    };
    if let Some(kind) = export {
        // The linker symbol is a contract with foreign code.
        let (was, now) = whole();
        cx.push(cx.delta(kind, Member::Item).change(was, now));
    }
    if old.ty != new.ty {
        let (was, now) = whole();
        let delta = cx
            .delta(DeltaKind::ConstTypeChanged, Member::Item)
            .class(type_class(old, new))
            .change(was, now);
        cx.push(delta);
    }
    match (&old.value, &new.value) {
        (Value::Rows(o), Value::Rows(n)) => rows(cx, o, n, whole),
        (o, n) if o != n => {
            // Consumers compiled against, and may match on, the old value.
            let (was, now) = whole();
            let delta = cx
                .delta(DeltaKind::ConstValueChanged, Member::Item)
                .change(was, now);
            cx.push(delta);
        }
        _ => {}
    }
}

/// An array length that only follows the row count (`[Row; 3]` -> `[Row; 4]` with a
/// row added) is the row change itself, reported as a row; any other type change
/// breaks every consumer that names or uses the type.
fn type_class(old: &ValueItemShape, new: &ValueItemShape) -> Class {
    let follows = match (&old.ty, &new.ty, &old.value, &new.value) {
        (
            Type::Array { elem: oe, len: ol },
            Type::Array { elem: ne, len: nl },
            Value::Rows(or),
            Value::Rows(nr),
        ) => {
            oe == ne
                && *ol == or.len().to_string()
                && *nl == nr.len().to_string()
                && nr.len() > or.len()
        }
        _ => false,
    };
    if follows {
        Class::Additive
    } else {
        Class::Breaking
    }
}

/// Rows are aligned by their text (a row kept anywhere is kept), then what is left
/// by position: a row that changed in place is `table_row_changed`, one gone is
/// `table_row_removed` (a consumer's lookup finds nothing), one new is
/// `table_row_added`; the same rows in another order are a value change (first-match
/// lookups see it).
fn rows(cx: &mut Cx<'_>, old: &[String], new: &[String], whole: impl Fn() -> (Shown, Shown)) {
    let old: Vec<(usize, &String)> = old.iter().enumerate().collect();
    let new: Vec<(usize, &String)> = new.iter().enumerate().collect();
    let same_position = |o: &(usize, &String), n: &(usize, &String)| o.0 == n.0;
    let alignment = align(&old, &new, |(_, row)| *row, &[&same_position]);
    for pair in alignment.by(0) {
        let ((_, was), (j, now)) = (old[pair.old], new[pair.new]);
        let delta = cx
            .delta(DeltaKind::TableRowChanged, Member::Row { index: j })
            .note(Note::RowChanged)
            .change(Shown::Row(was.clone()), Shown::Row(now.clone()));
        cx.push(delta);
    }
    for &i in &alignment.removed {
        let (i, row) = old[i];
        let delta = cx
            .delta(DeltaKind::TableRowRemoved, Member::Row { index: i })
            .was(Shown::Row(row.clone()));
        cx.push(delta);
    }
    for &j in &alignment.added {
        let (j, row) = new[j];
        let delta = cx
            .delta(DeltaKind::TableRowAdded, Member::Row { index: j })
            .now(Shown::Row(row.clone()));
        cx.push(delta);
    }
    let kept = super::align::Alignment {
        pairs: alignment.same().copied().collect(),
        ..Default::default()
    };
    if !kept.order_kept() {
        let (was, now) = whole();
        let delta = cx
            .delta(DeltaKind::ConstValueChanged, Member::Item)
            .note(Note::RowsReordered)
            .change(was, now);
        cx.push(delta);
    }
}
