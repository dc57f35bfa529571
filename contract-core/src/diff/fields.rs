//! Struct fields on the API axis: removed, renamed, retyped, narrowed, less visible,
//! added (to a constructible struct or not), reordered. Their serde side is the
//! `fields_wire` family's.

use super::align::align;
use super::Cx;
use crate::delta::{Axis, Class, DeltaKind, Member, Note, OrderReason, Shown};
use crate::shape::{FieldShape, ItemShape, Repr, StructShape, Symbol, UnionShape};

/// The struct-fields family (and the fields of a union).
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    if let (Some(ItemShape::Union(old)), Some(ItemShape::Union(new))) = (&before.item, &after.item)
    {
        union_fields(cx, old, new);
        return;
    }
    let (Some(ItemShape::Struct(old)), Some(ItemShape::Struct(new))) = (&before.item, &after.item)
    else {
        return;
    };
    if old.style != new.style {
        return; // symbol_kind_changed says it
    }
    let constructible = is_constructible(old);
    // A removal and an addition identical but for the name is a rename.
    let same_but_name = |a: &FieldShape, b: &FieldShape| a.ty == b.ty && a.vis == b.vis;
    let alignment = align(
        &old.fields,
        &new.fields,
        |f| f.name.as_str(),
        &[&same_but_name],
    );
    let shown = |f: &FieldShape| Shown::Field(f.clone());
    // Only the last field may be unsized; once it is, every use of the struct by
    // value stops compiling, private field or not.
    let unsized_last = |fields: &[FieldShape]| fields.last().is_some_and(|f| f.ty.is_unsized());
    let lost_sized = !unsized_last(&old.fields) && unsized_last(&new.fields);
    for pair in &alignment.pairs {
        let (o, n) = (&old.fields[pair.old], &new.fields[pair.new]);
        if pair.same() {
            let unsized_now = lost_sized && pair.new + 1 == new.fields.len();
            compare_field(cx, o, n, unsized_now);
        } else {
            let delta = cx
                .delta(DeltaKind::FieldRenamed, Member::field(&o.name))
                .renamed(&n.name)
                .class(visible_class(o))
                .change(shown(o), shown(n));
            cx.push(delta);
        }
    }
    for &i in &alignment.removed {
        let gone = &old.fields[i];
        let mut delta = cx
            .delta(DeltaKind::FieldRemoved, Member::field(&gone.name))
            .class(visible_class(gone))
            .was(shown(gone));
        // In a `#[repr(C)]` struct the public fields after it move: their offsets are
        // public layout, which FFI and unsafe code rely on, private field removed or
        // not (cargo-semver-checks' `repr_c_plain_struct_fields_reordered` names them).
        if old.attrs.has_repr(&Repr::C) && new.attrs.has_repr(&Repr::C) {
            let moved: Vec<String> = old.fields[i + 1..]
                .iter()
                .filter(|f| f.vis.is_public() && new.fields.iter().any(|n| n.name == f.name))
                .map(|f| f.name.clone())
                .collect();
            if !moved.is_empty() {
                delta = delta
                    .class(Class::Breaking)
                    .note(Note::LayoutShifted(moved));
            }
        }
        cx.push(delta);
    }
    for &j in &alignment.added {
        let field = &new.fields[j];
        let delta = if constructible {
            cx.delta(
                DeltaKind::ConstructibleStructFieldAdded,
                Member::field(&field.name),
            )
            .note(Note::Constructible)
        } else {
            cx.delta(DeltaKind::FieldAdded, Member::field(&field.name))
        };
        cx.push(delta.now(shown(field)));
    }
    let same = super::align::Alignment {
        pairs: alignment.same().copied().collect(),
        ..Default::default()
    };
    if !same.order_kept() {
        order_changed(cx, old, new, &same);
    }
}

/// A union literal and a union pattern name one field each: a field added breaks
/// neither, unless the union is `#[repr(C)]`, whose layout other code relies on (the
/// rule cargo-semver-checks' `union_field_added_*` lints follow, for any field's
/// visibility: a private field grows the union as much); a field removed breaks what
/// named it.
fn union_fields(cx: &mut Cx<'_>, old: &UnionShape, new: &UnionShape) {
    let same_but_name = |a: &FieldShape, b: &FieldShape| a.ty == b.ty && a.vis == b.vis;
    let alignment = align(
        &old.fields,
        &new.fields,
        |f| f.name.as_str(),
        &[&same_but_name],
    );
    let shown = |f: &FieldShape| Shown::Field(f.clone());
    for pair in &alignment.pairs {
        let (o, n) = (&old.fields[pair.old], &new.fields[pair.new]);
        if pair.same() {
            compare_field(cx, o, n, false);
        } else {
            let delta = cx
                .delta(DeltaKind::FieldRenamed, Member::field(&o.name))
                .renamed(&n.name)
                .class(visible_class(o))
                .change(shown(o), shown(n));
            cx.push(delta);
        }
    }
    for &i in &alignment.removed {
        let gone = &old.fields[i];
        let delta = cx
            .delta(DeltaKind::UnionFieldRemoved, Member::field(&gone.name))
            .class(visible_class(gone))
            .was(shown(gone));
        cx.push(delta);
    }
    let layout_public = old.attrs.repr.contains(&Repr::C) && new.attrs.repr.contains(&Repr::C);
    for &j in &alignment.added {
        let field = &new.fields[j];
        let mut delta = cx
            .delta(DeltaKind::UnionFieldAdded, Member::field(&field.name))
            .now(shown(field));
        if layout_public {
            delta = delta.class(Class::Breaking).note(Note::UnionLayout);
        }
        cx.push(delta);
    }
}

/// Field order is invisible to named-field literals and patterns, but it is the
/// layout of a `#[repr(C)]` struct and the comparison order of derived
/// `PartialOrd`/`Ord`. (A serde struct's order is the wire family's to judge.)
fn order_changed(
    cx: &mut Cx<'_>,
    old: &StructShape,
    new: &StructShape,
    same: &super::align::Alignment,
) {
    // Other crates name the layout through the fields they can name: private fields
    // that trade places (every public field keeping its position) are the crate's own.
    let layout = old.attrs.has_repr(&Repr::C)
        && new.attrs.has_repr(&Repr::C)
        && same
            .pairs
            .iter()
            .any(|p| p.old != p.new && old.fields[p.old].vis.is_public());
    let ordered = ["PartialOrd", "Ord"]
        .iter()
        .any(|t| old.attrs.derives.contains(*t) && new.attrs.derives.contains(*t));
    if old.attrs.has_wire() && new.attrs.has_wire() && !layout && !ordered {
        return;
    }
    let (class, reason) = if layout {
        (Class::Breaking, OrderReason::Layout)
    } else if ordered {
        (Class::Breaking, OrderReason::Ordering)
    } else {
        (Class::Additive, OrderReason::Drift)
    };
    let mut by_new = same.pairs.clone();
    by_new.sort_by_key(|p| p.new);
    let names = |idx: &mut dyn Iterator<Item = usize>, fields: &[FieldShape]| {
        idx.map(|i| fields[i].name.clone()).collect::<Vec<_>>()
    };
    let was = names(&mut same.pairs.iter().map(|p| p.old), &old.fields);
    let now = names(&mut by_new.iter().map(|p| p.new), &new.fields);
    let delta = cx
        .delta(DeltaKind::FieldOrderChanged, Member::Item)
        .on(Axis::Api)
        .class(class)
        .note(Note::Order(reason))
        .change(Shown::Order(was), Shown::Order(now));
    cx.push(delta);
}

/// Type and visibility of one field present on both sides; `unsized_now`: its new
/// type made the struct unsized.
fn compare_field(cx: &mut Cx<'_>, old: &FieldShape, new: &FieldShape, unsized_now: bool) {
    let member = Member::field(&new.name);
    let shown = |f: &FieldShape| Shown::Field(f.clone());
    if old.ty != new.ty {
        let kind = if old.ty.option_inner() == Some(&new.ty) {
            DeltaKind::FieldTypeNarrowed
        } else {
            DeltaKind::FieldTypeChanged
        };
        // A field that stops being public (rustix 1.1.6's `pub __spare2: [u32; 1]` →
        // `pub(crate) __spare2: Padding<[u32; 1]>`) breaks by that, reported below:
        // its new type is no consumer's.
        let class = match new.vis.is_public() {
            true => visible_class(old),
            false => Class::Additive,
        };
        let mut delta = cx
            .delta(kind, member.clone())
            .class(class)
            .change(shown(old), shown(new));
        if unsized_now {
            delta = delta.class(Class::Breaking).note(Note::NoLongerSized);
        }
        cx.push(delta);
    }
    if old.vis != new.vis {
        let delta = if old.vis.is_public() {
            cx.delta(DeltaKind::FieldVisibilityReduced, member)
        } else if new.vis.reach() > old.vis.reach() {
            // More visible: nothing a consumer had is lost.
            cx.delta(DeltaKind::FieldAdded, member)
                .note(Note::NowVisible(new.vis.clone()))
        } else {
            // Narrower, but it was never visible outside the crate.
            cx.delta(DeltaKind::FieldVisibilityReduced, member)
                .class(Class::Additive)
                .note(Note::WasNotPublic)
        };
        cx.push(delta.change(shown(old), shown(new)));
    }
    hidden(
        cx,
        member_of(old),
        old.hidden,
        new.hidden,
        old.vis.is_public(),
    );
}

fn member_of(f: &FieldShape) -> Member {
    Member::field(&f.name)
}

/// A member becoming `#[doc(hidden)]` leaves the public API; one no longer hidden
/// joins it.
pub fn hidden(cx: &mut Cx<'_>, member: Member, was: bool, now: bool, public: bool) {
    if was == now {
        return;
    }
    let kind = if now {
        DeltaKind::DocHiddenAdded
    } else {
        DeltaKind::DocHiddenRemoved
    };
    let mut delta = cx
        .delta(kind, member)
        .change(Shown::Hidden(was), Shown::Hidden(now));
    if now && (!public || cx.policy.doc_hidden_is_api) {
        delta = delta.class(Class::Additive);
    }
    cx.push(delta);
}

/// Callers can write `S { a, b }` (or `S(a, b)`): exhaustive and every field `pub`.
/// Adding any field then breaks their literal.
pub fn is_constructible(s: &StructShape) -> bool {
    !s.attrs.non_exhaustive && s.fields.iter().all(|f| f.vis.is_public())
}

/// Private fields are invisible to other crates: changes to them are drift, not breaks
/// (their wire effects are the wire families' business).
fn visible_class(f: &FieldShape) -> Class {
    if f.vis.is_public() {
        Class::Breaking
    } else {
        Class::Additive
    }
}
