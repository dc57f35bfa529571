//! Generics of structs, enums, traits and type aliases: parameters added, removed,
//! replaced, re-bounded, re-defaulted; lifetimes. (A fn's generics are part of its
//! signature: see `fns`.)

use super::shared::generics::compare;
use super::Cx;
use crate::delta::{Class, Delta, DeltaKind, GenericChange, Member, Note, Shown, SignaturePart};
use crate::shape::{ItemShape, Symbol};
use crate::variance::Variance;

/// The item-generics family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(old), Some(new)) = (&before.item, &after.item) else {
        return;
    };
    if matches!(old, ItemShape::Fn(_)) || old.kind_name() != new.kind_name() {
        return;
    }
    let (Some(og), Some(ng)) = (old.generics(), new.generics()) else {
        return;
    };
    variance(cx, old, new);
    if og == ng {
        return;
    }
    let module = after.written_in().unwrap_or(cx.module);
    let changes: Vec<GenericChange> = compare(og, ng)
        .into_iter()
        .filter(|change| match change {
            GenericChange::BoundAdded { subject, bound } => {
                !implied_by(og, subject, bound, cx.current_types, module)
            }
            _ => true,
        })
        .collect();
    for change in super::shared::generics::paired(changes) {
        let (kind, class) = classify(&change);
        let delta = cx
            .delta(kind, Member::Generics)
            .class(class)
            .note(Note::Generic(change))
            .change(Shown::Generics(og.clone()), Shown::Generics(ng.clone()));
        cx.push(delta);
    }
}

/// Whether `bound`, added on `subject`, is a trait `subject`'s old bounds imply
/// through supertraits, as the crate defines its traits now (`PopIter<'a, C: Consumer>`
/// → `C: Raw` where `Consumer: Raw`, ringbuf 0.6): every type that met the old bounds
/// meets it, so no use of the item breaks (a trait that gained the supertrait is
/// reported on that trait).
fn implied_by(
    old: &crate::shape::Generics,
    subject: &str,
    bound: &str,
    types: &dyn crate::variance::Types,
    module: &str,
) -> bool {
    let bounds = super::implied::bounds_on(&[old], subject);
    super::implied::implies(&bounds, bound, types, module)
}

/// A lifetime the golden's fields use only covariantly, now used where it is not
/// (under `&mut`, `Cell`, a trait object's arguments): code that passed a
/// `T<'long>` where a `T<'short>` was expected stops compiling. Private fields count:
/// variance is the type's, whoever can see the field. A use whose variance is not
/// known (another crate's type) is not taken as a break.
fn variance(cx: &mut Cx<'_>, old: &ItemShape, new: &ItemShape) {
    let has_lifetimes = |i: &ItemShape| {
        i.generics()
            .is_some_and(|g| g.params.iter().any(|p| p.is_lifetime()))
    };
    if !has_lifetimes(old) || old == new {
        return;
    }
    let variances = cx.variances();
    let (Some(was), Some(now)) = (
        variances.of_item(cx.module, old),
        variances.of_item(cx.module, new),
    ) else {
        return;
    };
    if was.lifetimes.len() != now.lifetimes.len() {
        return;
    }
    let Some(generics) = new.generics() else {
        return;
    };
    let names = generics.params.iter().filter(|p| p.is_lifetime());
    let lost: Vec<String> = names
        .zip(was.lifetimes.iter().zip(&now.lifetimes))
        .filter(|(_, (w, n))| **w == Variance::Covariant && **n == Variance::NotCovariant)
        .map(|(p, _)| p.name().to_owned())
        .collect();
    for name in lost {
        let delta = cx
            .delta(DeltaKind::LifetimeParamChanged, Member::Generics)
            .note(Note::Generic(GenericChange::NoLongerCovariant { name }))
            .change(
                Shown::Item(Box::new(old.clone())),
                Shown::Item(Box::new(new.clone())),
            );
        cx.push(delta);
    }
}

fn classify(change: &GenericChange) -> (DeltaKind, Class) {
    match change {
        GenericChange::NoLongerCovariant { .. } => {
            (DeltaKind::LifetimeParamChanged, Class::Breaking)
        }
        // Users write `View<'x>` with as many lifetimes as there are, satisfying
        // their bounds (a pure renaming never gets here: see `equiv`).
        GenericChange::Lifetimes => (DeltaKind::LifetimeParamChanged, Class::Breaking),
        GenericChange::Added { with_default, .. } => added(*with_default),
        GenericChange::Removed { .. }
        | GenericChange::Replaced { .. }
        | GenericChange::ParamsReplaced { .. } => (DeltaKind::GenericParamRemoved, Class::Breaking),
        GenericChange::BoundAdded { .. } | GenericChange::BoundReplaced { .. } => {
            (DeltaKind::GenericBoundAdded, Class::Breaking)
        }
        GenericChange::BoundRemoved { .. } => (DeltaKind::GenericBoundRemoved, Class::Additive),
        GenericChange::DefaultChanged { was, .. } => default_changed(was.is_none()),
    }
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

/// One edit, one delta: a change to the type's own generics that its `impl` blocks
/// restate is the type's delta alone. Left out of `deltas` are each method's delta
/// that its block's generics changed as the type's did (rodio 0.23's `impl<…, E>
/// SpeakersBuilder<…, E> where E: FnMut(cpal::Error)`: the type's bound, replaced, was
/// reported again on each of 15 methods), and a method's return of `Self` that differs
/// only by the type's parameters (ravif 0.13's `Encoder` gained `'exif_slice`: `new()
/// -> Self` read `Encoder` -> `Encoder<'exif_slice>` on 10 methods; no caller of
/// them breaks that the type's delta does not already name).
pub fn restated_left_out(deltas: &mut Vec<Delta>, name: &str, before: &Symbol, after: &Symbol) {
    let type_changes: Vec<GenericChange> = deltas
        .iter()
        .filter(|d| d.member == Member::Generics)
        .filter_map(|d| match &d.note {
            Note::Generic(change) => Some(change.clone()),
            _ => None,
        })
        .collect();
    if type_changes.is_empty() {
        return;
    }
    let own_name = name.rsplit("::").next().unwrap_or(name);
    let self_type = |s: &Symbol| -> Option<String> {
        let generics = s.item.as_ref()?.generics()?;
        let args: Vec<&str> = generics.params.iter().map(|p| p.name()).collect();
        Some(match args.is_empty() {
            true => own_name.to_owned(),
            false => format!("{own_name}<{}>", args.join(", ")),
        })
    };
    let (was_self, now_self) = (self_type(before), self_type(after));
    deltas.retain(|d| {
        if !matches!(d.member, Member::Method { .. }) {
            return true;
        }
        match &d.note {
            Note::Signature(SignaturePart::Generic(change)) => !type_changes.contains(change),
            Note::Signature(SignaturePart::Return {
                was: Some(was),
                now: Some(now),
            }) => !(Some(was.to_string()) == was_self && Some(now.to_string()) == now_self),
            _ => true,
        }
    });
}
