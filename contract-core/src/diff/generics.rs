//! Generics of structs, enums, traits and type aliases: parameters added, removed,
//! replaced, re-bounded, re-defaulted; lifetimes. (A fn's generics are part of its
//! signature: see `fns`.)

use super::shared::generics::{compare, describe, Change};
use super::Cx;
use crate::delta::{Class, DeltaKind, Element};
use crate::render;
use crate::shape::{Generics, ItemShape, Symbol};

/// The item-generics family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(old), Some(new)) = (&before.item, &after.item) else {
        return;
    };
    let (Some(og), Some(ng)) = (item_generics(old), item_generics(new)) else {
        return;
    };
    if og == ng {
        return;
    }
    let (was, now) = (
        format!("{}{}", cx.symbol, render::generics(og)),
        format!("{}{}", cx.symbol, render::generics(ng)),
    );
    for change in compare(og, ng) {
        let (kind, class) = classify(&change);
        let delta = cx
            .delta(kind, describe(&change))
            .class(class)
            .change(was.clone(), now.clone())
            .at(Element::Generics);
        cx.push(delta);
    }
}

fn item_generics(item: &ItemShape) -> Option<&Generics> {
    match item {
        ItemShape::Struct(s) => Some(&s.generics),
        ItemShape::Enum(e) => Some(&e.generics),
        ItemShape::Trait(t) => Some(&t.generics),
        ItemShape::TypeAlias(a) => Some(&a.generics),
        ItemShape::Fn(_) | ItemShape::Const(_) | ItemShape::Static(_) => None,
    }
}

fn classify(change: &Change) -> (DeltaKind, Class) {
    match change {
        Change::Lifetimes { renamed_only } => lifetimes(*renamed_only),
        Change::Added { with_default, .. } => added(*with_default),
        Change::Removed { .. } => (DeltaKind::GenericParamRemoved, Class::Breaking),
        Change::Replaced { old, new } => replaced(old == new),
        Change::BoundAdded { .. } => (DeltaKind::GenericBoundAdded, Class::Breaking),
        Change::BoundRemoved { .. } => (DeltaKind::GenericBoundRemoved, Class::Additive),
        Change::DefaultChanged { before, .. } => default_changed(before.is_none()),
    }
}

/// Users name lifetimes themselves (`View<'_>`): a pure renaming changes nothing for
/// them; another count or other bounds breaks every `View<'x>` they wrote.
fn lifetimes(renamed_only: bool) -> (DeltaKind, Class) {
    let class = if renamed_only {
        Class::Additive
    } else {
        Class::Breaking
    };
    (DeltaKind::LifetimeParamChanged, class)
}

/// An appended parameter with a default keeps every `Type<A>` valid; without one,
/// every use must now name it.
fn added(with_default: bool) -> (DeltaKind, Class) {
    if with_default {
        (DeltaKind::GenericParamAddedWithDefault, Class::Additive)
    } else {
        (DeltaKind::GenericParamAdded, Class::Breaking)
    }
}

/// Another kind or const type at a position breaks every use; a renamed parameter is
/// reported as a new one (the field types that mention it change too).
fn replaced(same_name: bool) -> (DeltaKind, Class) {
    if same_name {
        (DeltaKind::GenericParamRemoved, Class::Breaking)
    } else {
        (DeltaKind::GenericParamAdded, Class::Breaking)
    }
}

/// A new default keeps every explicit use valid and allows shorter ones; a changed or
/// removed default changes or breaks `Type<A>` written without it.
fn default_changed(was_none: bool) -> (DeltaKind, Class) {
    let class = if was_none {
        Class::Additive
    } else {
        Class::Breaking
    };
    (DeltaKind::GenericDefaultChanged, class)
}
