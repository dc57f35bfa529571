//! Struct fields on the API axis: removed, renamed, retyped, narrowed, less visible,
//! added (to a constructible struct or not), reordered. Their serde side is the
//! `fields_wire` family's.

use super::Cx;
use crate::delta::{Axis, Class, DeltaKind, Element};
use crate::render;
use crate::shape::{FieldShape, ItemShape, StructShape, Symbol};

/// The struct-fields family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(ItemShape::Struct(old)), Some(ItemShape::Struct(new))) = (&before.item, &after.item)
    else {
        return;
    };
    if old.style != new.style {
        return; // symbol_kind_changed says it
    }
    let constructible = is_constructible(old);
    let mut removed: Vec<&FieldShape> = old
        .fields
        .iter()
        .filter(|f| find(&new.fields, &f.name).is_none())
        .collect();
    let mut added: Vec<&FieldShape> = new
        .fields
        .iter()
        .filter(|f| find(&old.fields, &f.name).is_none())
        .collect();

    // A removal and an addition identical but for the name is a rename.
    removed.retain(|gone| {
        let Some(i) = added.iter().position(|new| same_but_name(gone, new)) else {
            return true;
        };
        let renamed = added.remove(i);
        let delta = cx
            .delta(
                DeltaKind::FieldRenamed,
                format!("field `{}` renamed to `{}`", gone.name, renamed.name),
            )
            .change(render::field(gone), render::field(renamed))
            .class(visible_class(gone))
            .at(Element::Field(renamed.name.clone()));
        cx.push(delta);
        false
    });
    for gone in removed {
        let delta = cx
            .delta(DeltaKind::FieldRemoved, field_detail(gone))
            .change(render::field(gone), "")
            .class(visible_class(gone))
            .at(Element::Field(gone.name.clone()));
        cx.push(delta);
    }
    for new_field in added {
        let delta = if constructible {
            cx.delta(
                DeltaKind::ConstructibleStructFieldAdded,
                format!(
                    "field `{}` added to a struct that callers build with a literal \
                     (exhaustive, every field pub)",
                    new_field.name
                ),
            )
        } else {
            cx.delta(DeltaKind::FieldAdded, field_detail(new_field))
        };
        cx.push(
            delta
                .change("", render::field(new_field))
                .at(Element::Field(new_field.name.clone())),
        );
    }
    for old_field in &old.fields {
        if let Some(new_field) = find(&new.fields, &old_field.name) {
            compare_field(cx, old_field, new_field);
        }
    }
    if common_order(&old.fields, &new.fields) {
        order_changed(cx, old, new);
    }
}

/// Field order is invisible to named-field literals and patterns, but it is the
/// layout of a `#[repr(C)]` struct and the comparison order of derived
/// `PartialOrd`/`Ord`. (A serde struct's order is the wire family's to judge.)
fn order_changed(cx: &mut Cx<'_>, old: &StructShape, new: &StructShape) {
    let layout = old.attrs.repr.iter().any(|r| r == "C") && new.attrs.repr.iter().any(|r| r == "C");
    let ordered = ["PartialOrd", "Ord"]
        .iter()
        .any(|t| old.attrs.derives.contains(*t) && new.attrs.derives.contains(*t));
    if old.attrs.has_wire() && new.attrs.has_wire() && !layout && !ordered {
        return;
    }
    let class = if layout || ordered {
        Class::Breaking
    } else {
        Class::Additive
    };
    let names = |fields: &[FieldShape]| {
        fields
            .iter()
            .map(|f| f.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let why = if layout {
        "field declaration order (the `#[repr(C)]` layout)"
    } else if ordered {
        "field declaration order (derived `PartialOrd`/`Ord` compare in it)"
    } else {
        "field declaration order"
    };
    let delta = cx
        .delta(DeltaKind::FieldOrderChanged, why)
        .on(Axis::Api)
        .class(class)
        .change(names(&old.fields), names(&new.fields));
    cx.push(delta);
}

/// Name, type and visibility of one field present on both sides.
fn compare_field(cx: &mut Cx<'_>, old: &FieldShape, new: &FieldShape) {
    let at = Element::Field(new.name.clone());
    let was_pub = old.vis == "pub";
    if old.ty != new.ty {
        let narrowed = option_inner(&old.ty) == Some(new.ty.as_str());
        let kind = if narrowed {
            DeltaKind::FieldTypeNarrowed
        } else {
            DeltaKind::FieldTypeChanged
        };
        let delta = cx
            .delta(kind, format!("type of field `{}`", new.name))
            .change(render::field(old), render::field(new))
            .class(visible_class(old))
            .at(at.clone());
        cx.push(delta);
    }
    if old.vis != new.vis {
        let delta = if was_pub {
            cx.delta(
                DeltaKind::FieldVisibilityReduced,
                format!("visibility of field `{}`", new.name),
            )
        } else if vis_rank(&new.vis) > vis_rank(&old.vis) {
            // More visible: nothing a consumer had is lost.
            cx.delta(
                DeltaKind::FieldAdded,
                format!("field `{}` is now `{}`", new.name, vis_word(&new.vis)),
            )
        } else {
            // Narrower, but it was never visible outside the crate.
            cx.delta(
                DeltaKind::FieldVisibilityReduced,
                format!(
                    "field `{}` is now `{}` (it was not `pub`)",
                    new.name,
                    vis_word(&new.vis)
                ),
            )
            .class(Class::Additive)
        };
        cx.push(delta.change(render::field(old), render::field(new)).at(at));
    }
}

/// How far a visibility reaches: private < `pub(in …)`/`pub(self)` < `pub(super)` <
/// `pub(crate)` < `pub`.
fn vis_rank(vis: &str) -> u8 {
    match vis {
        "pub" => 4,
        "pub(crate)" => 3,
        "pub(super)" => 2,
        "" | "pub(self)" => 0,
        _ => 1,
    }
}

/// Callers can write `S { a, b }` (or `S(a, b)`): exhaustive and every field `pub`.
/// Adding any field then breaks their literal.
pub fn is_constructible(s: &StructShape) -> bool {
    !s.attrs.non_exhaustive && s.fields.iter().all(|f| f.vis == "pub")
}

fn find<'a>(fields: &'a [FieldShape], name: &str) -> Option<&'a FieldShape> {
    fields.iter().find(|f| f.name == name)
}

/// A Rust rename keeps type and visibility; serde attributes may change with it
/// (`#[serde(rename = "old")]` keeps the wire name), which the wire family judges.
fn same_but_name(a: &FieldShape, b: &FieldShape) -> bool {
    a.ty == b.ty && a.vis == b.vis
}

/// Private fields are invisible to other crates: changes to them are drift, not breaks
/// (their wire effects are the wire families' business).
fn visible_class(f: &FieldShape) -> Class {
    if f.vis == "pub" {
        Class::Breaking
    } else {
        Class::Additive
    }
}

fn field_detail(f: &FieldShape) -> String {
    if f.vis == "pub" {
        format!("field `{}`", f.name)
    } else {
        format!("field `{}` ({})", f.name, vis_word(&f.vis))
    }
}

fn vis_word(vis: &str) -> &str {
    if vis.is_empty() {
        "private"
    } else {
        vis
    }
}

/// `Option<T>` → `T`.
pub fn option_inner(ty: &str) -> Option<&str> {
    ty.strip_prefix("Option<")?.strip_suffix('>')
}

/// True when the fields both sides share appear in a different relative order.
fn common_order(old: &[FieldShape], new: &[FieldShape]) -> bool {
    let shared_old: Vec<&str> = old
        .iter()
        .filter(|f| find(new, &f.name).is_some())
        .map(|f| f.name.as_str())
        .collect();
    let shared_new: Vec<&str> = new
        .iter()
        .filter(|f| find(old, &f.name).is_some())
        .map(|f| f.name.as_str())
        .collect();
    shared_old != shared_new
}
