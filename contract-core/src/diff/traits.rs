//! Traits: `unsafe`, sealing, supertraits, dyn compatibility, methods (required and
//! provided, their signatures), associated types and consts.
//!
//! A trait has two audiences: callers (who use it as a bound or call its methods)
//! and implementors. A sealed trait has no implementors outside its crate, so
//! changes only implementors see are additive there.

use std::collections::BTreeSet;

use super::align::align_maps;
use super::shared::signature::{self, Role};
use super::Cx;
use crate::delta::{Class, DeltaKind, Member, Note, Shown, TraitChange};
use crate::shape::{AssocConst, AssocType, ItemShape, Symbol, TraitMethod, TraitShape};
use crate::ty::Bound;

/// The trait family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(old_item @ ItemShape::Trait(old)), Some(new_item @ ItemShape::Trait(new))) =
        (&before.item, &after.item)
    else {
        return;
    };
    let mut item_level: Vec<(DeltaKind, Class, TraitChange)> = Vec::new();
    if old.unsafety != new.unsafety {
        // `unsafe` on a trait binds implementors only: additive when there are none
        // outside.
        let class = if old.sealed {
            Class::Additive
        } else {
            Class::Breaking
        };
        item_level.push((DeltaKind::TraitUnsafeChanged, class, TraitChange::Unsafe));
    }
    if !old.sealed && new.sealed {
        // Implementors outside the crate can no longer implement it.
        item_level.push((
            DeltaKind::TraitSealedAdded,
            Class::Breaking,
            TraitChange::Sealed,
        ));
    }
    if old.sealed && !new.sealed {
        // Others may now implement it; no caller or implementor loses anything.
        item_level.push((
            DeltaKind::TraitSupertraitRemoved,
            Class::Additive,
            TraitChange::Unsealed,
        ));
    }
    let module = after.written_in().unwrap_or(cx.module);
    supertraits(
        old,
        new,
        [(cx.types, cx.module), (cx.current_types, module)],
        &mut item_level,
    );
    if old.dyn_compatible && !new.dyn_compatible {
        // Every `dyn Trait` in consumer code stops compiling.
        item_level.push((
            DeltaKind::TraitDynCompatibilityLost,
            Class::Breaking,
            TraitChange::DynLost,
        ));
    }
    if !old.dyn_compatible && new.dyn_compatible {
        // Consumers may now write `dyn Trait`; nothing they wrote breaks.
        item_level.push((
            DeltaKind::TraitDynCompatibilityGained,
            Class::Additive,
            TraitChange::DynGained,
        ));
    }
    for (kind, class, change) in item_level {
        let delta = cx
            .delta(kind, Member::Item)
            .class(class)
            .note(Note::Trait(change))
            .change(
                Shown::Header(Box::new(old_item.clone())),
                Shown::Header(Box::new(new_item.clone())),
            );
        cx.push(delta);
    }
    methods(cx, old, new);
    assoc_types(cx, old, new);
    assoc_consts(cx, old, new);
}

/// A bound of the sealed-trait pattern (`sealed::Sealed`, `private::Token`).
fn is_sealing(bound: &Bound) -> bool {
    bound.trait_path().is_some_and(|path| {
        path.segments.iter().any(|s| {
            matches!(
                s.name.as_str(),
                "sealed" | "private" | "__private" | "Sealed"
            )
        })
    })
}

/// Which side of a comparison a list is read from.
#[derive(Clone, Copy)]
enum Side {
    Old,
    New,
}

/// Supertraits other than the sealing one: added, implementors must implement them
/// (additive when sealed); removed, callers lose the bound they implied. (Sealing
/// itself is judged by the `sealed` flag above.) One removed that the new list still
/// implies through a supertrait, as the crate defines its traits now (`trait
/// RingBuffer: Raw` with `trait Raw: Observer` in place of `RingBuffer: Observer`,
/// ringbuf 0.6), is not removed: callers still have it. One added that the old list
/// implied as the golden defined its traits is not added: implementors had it.
/// (`types`: the golden's and the current side's, each with the module its list is
/// read in.)
fn supertraits(
    old: &TraitShape,
    new: &TraitShape,
    types: [(&dyn crate::variance::Types, &str); 2],
    out: &mut Vec<(DeltaKind, Class, TraitChange)>,
) {
    let split = |t: &TraitShape, sealing: bool| -> BTreeSet<String> {
        t.supertraits
            .iter()
            .filter(|s| is_sealing(s) == sealing)
            .map(ToString::to_string)
            .collect()
    };
    let [(golden, old_module), (current, new_module)] = types;
    let old_implies = super::implied::closure(&old.supertraits, golden, old_module);
    let new_implies = super::implied::closure(&new.supertraits, current, new_module);
    // Each list's own names read as its side defines them.
    let still = |list: &TraitShape, text: &String, implies: &[String], side| {
        let (types, module) = match side {
            Side::Old => (golden, old_module),
            Side::New => (current, new_module),
        };
        list.supertraits
            .iter()
            .find(|b| b.to_string() == *text)
            .and_then(|b| super::implied::key(b, types, module))
            .is_some_and(|name| implies.contains(&name))
    };
    let (op, np) = (split(old, false), split(new, false));
    let op: BTreeSet<String> = op
        .into_iter()
        .filter(|o| np.contains(o) || !still(old, o, &new_implies, Side::Old))
        .collect();
    let np: BTreeSet<String> = np
        .into_iter()
        .filter(|n| op.contains(n) || !still(new, n, &old_implies, Side::New))
        .collect();
    for added in np.difference(&op) {
        let class = if old.sealed {
            Class::Additive
        } else {
            Class::Breaking
        };
        out.push((
            DeltaKind::TraitSupertraitAdded,
            class,
            TraitChange::SupertraitAdded(added.clone()),
        ));
    }
    for removed in op.difference(&np) {
        out.push((
            DeltaKind::TraitSupertraitRemoved,
            Class::Breaking,
            TraitChange::SupertraitRemoved(removed.clone()),
        ));
    }
    if split(old, true) != split(new, true) && old.sealed && new.sealed {
        out.push((
            DeltaKind::TraitSupertraitAdded,
            Class::Additive,
            TraitChange::Resealed,
        ));
    }
}

fn methods(cx: &mut Cx<'_>, old: &TraitShape, new: &TraitShape) {
    let same = |o: &(&String, &TraitMethod), n: &(&String, &TraitMethod)| o.1 == n.1;
    let (ov, nv, alignment) = align_maps(&old.methods, &new.methods, &[&same]);
    let shown = |m: &TraitMethod| Shown::TraitMethod(Box::new(m.clone()));
    let role = if old.sealed {
        Role::Callers
    } else {
        Role::Implementors
    };
    for pair in &alignment.pairs {
        let ((name, o), (new_name, n)) = (ov[pair.old], nv[pair.new]);
        if !pair.same() {
            // Callers call, and implementors define, the old name.
            let delta = cx
                .delta(DeltaKind::MethodRenamed, Member::method(name))
                .renamed(new_name)
                .change(shown(o), shown(n));
            cx.push(delta);
            continue;
        }
        if o.provided != n.provided {
            let (kind, class) = default_body(n.provided, old.sealed);
            let delta = cx
                .delta(kind, Member::method(name))
                .class(class)
                .note(Note::Trait(TraitChange::DefaultBody))
                .change(shown(o), shown(n));
            cx.push(delta);
        }
        signature::compare(cx, name, &o.sig, &n.sig, role);
    }
    for &i in &alignment.removed {
        // Calls break, and impls that define it no longer compile.
        let (name, m) = ov[i];
        let delta = cx
            .delta(DeltaKind::TraitMethodRemoved, Member::method(name))
            .was(shown(m));
        cx.push(delta);
    }
    for &j in &alignment.added {
        let (name, m) = nv[j];
        let (kind, class) = method_added(m.provided, old.sealed);
        let delta = cx
            .delta(kind, Member::method(name))
            .class(class)
            .now(shown(m));
        cx.push(delta);
    }
}

/// A provided method changes no impl; a required one must be written by every
/// implementor, of which a sealed trait has none outside its crate.
fn method_added(provided: bool, sealed: bool) -> (DeltaKind, Class) {
    match (provided, sealed) {
        (true, _) => (DeltaKind::TraitProvidedMethodAdded, Class::Additive),
        (false, false) => (DeltaKind::TraitRequiredMethodAdded, Class::Breaking),
        (false, true) => (DeltaKind::TraitRequiredMethodAdded, Class::Additive),
    }
}

/// A default body removed must now be written by implementors that relied on it (none
/// outside a sealed trait's crate); one added changes no impl.
fn default_body(now_provided: bool, sealed: bool) -> (DeltaKind, Class) {
    match (now_provided, sealed) {
        (true, _) => (DeltaKind::TraitMethodDefaultAdded, Class::Additive),
        (false, false) => (DeltaKind::TraitMethodDefaultRemoved, Class::Breaking),
        (false, true) => (DeltaKind::TraitMethodDefaultRemoved, Class::Additive),
    }
}

/// An associated item added must be defined by implementors unless it has a default
/// (or the trait is sealed); an associated type must also be named in every
/// `dyn Trait<…>`.
fn assoc_added(has_default: bool, sealed: bool, named_by_dyn: bool) -> Class {
    if named_by_dyn || !(has_default || sealed) {
        Class::Breaking
    } else {
        Class::Additive
    }
}

fn assoc_types(cx: &mut Cx<'_>, old: &TraitShape, new: &TraitShape) {
    let (ov, nv, alignment) = align_maps(&old.types, &new.types, &[]);
    let member = |name: &str| Member::AssocType {
        name: name.to_owned(),
    };
    let shown = |a: &AssocType| Shown::AssocType(a.clone());
    for pair in &alignment.pairs {
        let ((name, o), (_, n)) = (ov[pair.old], nv[pair.new]);
        super::fields::hidden(cx, member(name), o.hidden, n.hidden, true);
        let n = &AssocType {
            hidden: o.hidden,
            ..n.clone()
        };
        if o == n {
            continue;
        }
        let only_default_added = o.default.is_none()
            && n.default.is_some()
            && o.bounds == n.bounds
            && o.generics == n.generics;
        let only_bounds_added = old.sealed
            && o.default == n.default
            && o.generics == n.generics
            && o.bounds.iter().all(|b| n.bounds.contains(b));
        // Implementors must satisfy new bounds; callers lose removed ones.
        let class = if only_default_added || only_bounds_added {
            Class::Additive
        } else {
            Class::Breaking
        };
        let delta = cx
            .delta(DeltaKind::TraitAssocItemChanged, member(name))
            .class(class)
            .change(shown(o), shown(n));
        cx.push(delta);
    }
    for &i in &alignment.removed {
        // `T::Name` in consumer code and impls defining it break.
        let (name, o) = ov[i];
        let delta = cx
            .delta(DeltaKind::TraitAssocItemRemoved, member(name))
            .was(shown(o));
        cx.push(delta);
    }
    for &j in &alignment.added {
        let (name, n) = nv[j];
        let class = assoc_added(n.default.is_some(), old.sealed, old.dyn_compatible);
        let delta = cx
            .delta(DeltaKind::TraitAssocItemAdded, member(name))
            .class(class)
            .now(shown(n));
        cx.push(delta);
    }
}

fn assoc_consts(cx: &mut Cx<'_>, old: &TraitShape, new: &TraitShape) {
    let (ov, nv, alignment) = align_maps(&old.consts, &new.consts, &[]);
    let member = |name: &str| Member::AssocConst {
        name: name.to_owned(),
    };
    let shown = |c: &AssocConst| Shown::AssocConst(c.clone());
    for pair in &alignment.pairs {
        let ((name, o), (_, n)) = (ov[pair.old], nv[pair.new]);
        super::fields::hidden(cx, member(name), o.hidden, n.hidden, true);
        let n = &AssocConst {
            hidden: o.hidden,
            ..n.clone()
        };
        if o == n {
            continue;
        }
        // A default added changes no impl; another type, a removed default (for
        // outside implementors) or another default value changes what consumers
        // compile against.
        let class = match (&o.default, &n.default) {
            (None, Some(_)) if o.ty == n.ty => Class::Additive,
            (Some(_), None) if o.ty == n.ty && old.sealed => Class::Additive,
            _ => Class::Breaking,
        };
        let delta = cx
            .delta(DeltaKind::TraitAssocItemChanged, member(name))
            .class(class)
            .change(shown(o), shown(n));
        cx.push(delta);
    }
    for &i in &alignment.removed {
        let (name, o) = ov[i];
        let delta = cx
            .delta(DeltaKind::TraitAssocItemRemoved, member(name))
            .was(shown(o));
        cx.push(delta);
    }
    for &j in &alignment.added {
        // (It also rules out `dyn`, which `trait_dyn_compatibility_lost` reports.)
        let (name, n) = nv[j];
        let class = assoc_added(n.default.is_some(), old.sealed, false);
        let delta = cx
            .delta(DeltaKind::TraitAssocItemAdded, member(name))
            .class(class)
            .now(shown(n));
        cx.push(delta);
    }
}
