//! Consts and statics: type, value, table rows, `static mut`.

use super::Cx;
use crate::delta::{Class, DeltaKind, Element};
use crate::render;
use crate::shape::{ItemShape, Symbol, Value, ValueItemShape};

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
    let (was, now) = (
        render::item_decl(cx.symbol, old_item),
        render::item_decl(cx.symbol, new_item),
    );
    if old.mutable != new.mutable {
        // Reading a `static mut` needs `unsafe`; a `static` cannot be assigned.
        let delta = cx
            .delta(DeltaKind::StaticMutabilityChanged, "`static mut`")
            .change(was.clone(), now.clone());
        cx.push(delta);
    }
    if old.ty != new.ty {
        let class = type_class(old, new);
        let delta = cx
            .delta(
                DeltaKind::ConstTypeChanged,
                format!("type `{}` -> `{}`", old.ty, new.ty),
            )
            .class(class)
            .change(was.clone(), now.clone());
        cx.push(delta);
    }
    match (&old.value, &new.value) {
        (Value::Rows(o), Value::Rows(n)) => rows(cx, o, n, &was, &now),
        (o, n) if o != n => {
            // Consumers compiled against, and may match on, the old value.
            let delta = cx
                .delta(DeltaKind::ConstValueChanged, "value")
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
    let array = |v: &ValueItemShape| -> Option<(String, String)> {
        let inner = v.ty.strip_prefix('[')?.strip_suffix(']')?;
        let (elem, len) = inner.rsplit_once("; ")?;
        Some((elem.to_owned(), len.to_owned()))
    };
    let follows = match (array(old), array(new), &old.value, &new.value) {
        (Some((oe, ol)), Some((ne, nl)), Value::Rows(or), Value::Rows(nr)) => {
            oe == ne
                && ol == or.len().to_string()
                && nl == nr.len().to_string()
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

/// Rows compared as a multiset: one gone is `table_row_removed` (a consumer's lookup
/// finds nothing), one new is `table_row_added`; the same rows in another order are a
/// value change (first-match lookups see it).
fn rows(cx: &mut Cx<'_>, old: &[String], new: &[String], was: &str, now: &str) {
    let mut unmatched_new: Vec<Option<&String>> = new.iter().map(Some).collect();
    let mut removed = Vec::new();
    // For each new position, the old row it kept (to see reordering).
    let mut kept: Vec<(usize, usize)> = Vec::new();
    for (i, row) in old.iter().enumerate() {
        match unmatched_new.iter().position(|r| *r == Some(row)) {
            Some(j) => {
                unmatched_new[j] = None;
                kept.push((j, i));
            }
            None => removed.push((i, row)),
        }
    }
    kept.sort_unstable();
    let reordered = kept.windows(2).any(|w| w[0].1 > w[1].1);
    let added: Vec<(usize, &String)> = unmatched_new
        .iter()
        .enumerate()
        .filter_map(|(j, r)| r.map(|r| (j, r)))
        .collect();
    for (i, row) in &removed {
        let delta = cx
            .delta(DeltaKind::TableRowRemoved, format!("row {i} `{row}`"))
            .change((*row).clone(), "")
            .at(Element::Row((*i).min(new.len().saturating_sub(1))));
        cx.push(delta);
    }
    for (j, row) in &added {
        let delta = cx
            .delta(DeltaKind::TableRowAdded, format!("row {j} `{row}`"))
            .change("", (*row).clone())
            .at(Element::Row(*j));
        cx.push(delta);
    }
    if reordered {
        let delta = cx
            .delta(DeltaKind::ConstValueChanged, "rows reordered")
            .change(was, now);
        cx.push(delta);
    }
}
