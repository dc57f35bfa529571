//! Traits: `unsafe`, sealing, supertraits, dyn compatibility, methods (required and
//! provided, their signatures), associated types and consts.
//!
//! A trait has two audiences: callers (who use it as a bound or call its methods)
//! and implementors. A sealed trait has no implementors outside its crate, so
//! changes only implementors see are additive there.

use std::collections::BTreeSet;

use super::shared::signature::{self, Role};
use super::Cx;
use crate::delta::{Class, DeltaKind, Element};
use crate::render;
use crate::shape::{AssocConst, AssocType, Symbol, TraitMethod, TraitShape};

/// The trait family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(crate::shape::ItemShape::Trait(old)), Some(crate::shape::ItemShape::Trait(new))) =
        (&before.item, &after.item)
    else {
        return;
    };
    let header = |t: &TraitShape| {
        let unsafety = if t.unsafety { "unsafe " } else { "" };
        let supers = if t.supertraits.is_empty() {
            String::new()
        } else {
            format!(": {}", t.supertraits.join(" + "))
        };
        format!("{unsafety}trait {}{supers}", cx.symbol)
    };
    let (was, now) = (header(old), header(new));
    let mut item_level = Vec::new();
    if old.unsafety != new.unsafety {
        item_level.push((
            DeltaKind::TraitUnsafeChanged,
            unsafety(old.sealed),
            "`unsafe trait`".to_owned(),
        ));
    }
    if !old.sealed && new.sealed {
        // Implementors outside the crate can no longer implement it.
        item_level.push((
            DeltaKind::TraitSealedAdded,
            Class::Breaking,
            "the trait is now sealed".to_owned(),
        ));
    }
    if old.sealed && !new.sealed {
        // Others may now implement it; no caller or implementor loses anything.
        item_level.push((
            DeltaKind::TraitSupertraitRemoved,
            Class::Additive,
            "sealing supertrait removed: others may now implement the trait".to_owned(),
        ));
    }
    supertraits(old, new, &mut item_level);
    if old.dyn_compatible && !new.dyn_compatible {
        // Every `dyn Trait` in consumer code stops compiling.
        item_level.push((
            DeltaKind::TraitDynCompatibilityLost,
            Class::Breaking,
            "no longer usable as `dyn` (a method or associated item rules it out)".to_owned(),
        ));
    }
    if !old.dyn_compatible && new.dyn_compatible {
        // Consumers may now write `dyn Trait`; nothing they wrote breaks.
        item_level.push((
            DeltaKind::TraitDynCompatibilityGained,
            Class::Additive,
            "now usable as `dyn`".to_owned(),
        ));
    }
    for (kind, class, detail) in item_level {
        let delta = cx
            .delta(kind, detail)
            .class(class)
            .change(was.clone(), now.clone())
            .at(Element::Item);
        cx.push(delta);
    }
    methods(cx, old, new);
    assoc_types(cx, old, new);
    assoc_consts(cx, old, new);
}

/// `unsafe` on a trait binds implementors only: additive when there are none outside.
fn unsafety(sealed: bool) -> Class {
    if sealed {
        Class::Additive
    } else {
        Class::Breaking
    }
}

/// A path of the sealed-trait pattern (`sealed::Sealed`, `private::Token`).
fn is_sealing(path: &str) -> bool {
    let plain = path.split('<').next().unwrap_or(path);
    plain
        .split("::")
        .any(|s| matches!(s, "sealed" | "private" | "__private" | "Sealed"))
}

/// Supertraits other than the sealing one: added, implementors must implement them
/// (additive when sealed); removed, callers lose the bound they implied. (Sealing
/// itself is judged by the `sealed` flag above.)
fn supertraits(old: &TraitShape, new: &TraitShape, out: &mut Vec<(DeltaKind, Class, String)>) {
    let plain = |t: &TraitShape| -> BTreeSet<String> {
        t.supertraits
            .iter()
            .filter(|s| !is_sealing(s))
            .cloned()
            .collect()
    };
    let sealing = |t: &TraitShape| -> BTreeSet<String> {
        t.supertraits
            .iter()
            .filter(|s| is_sealing(s))
            .cloned()
            .collect()
    };
    let (op, np) = (plain(old), plain(new));
    for added in np.difference(&op) {
        let class = if old.sealed {
            Class::Additive
        } else {
            Class::Breaking
        };
        out.push((
            DeltaKind::TraitSupertraitAdded,
            class,
            format!("supertrait `{added}` added"),
        ));
    }
    for removed in op.difference(&np) {
        out.push((
            DeltaKind::TraitSupertraitRemoved,
            Class::Breaking,
            format!("supertrait `{removed}` removed"),
        ));
    }
    let (os, ns) = (sealing(old), sealing(new));
    if os != ns && old.sealed && new.sealed {
        out.push((
            DeltaKind::TraitSupertraitAdded,
            Class::Additive,
            "another sealing supertrait (still sealed)".to_owned(),
        ));
    }
}

fn method_line(name: &str, m: &TraitMethod) -> String {
    let body = if m.provided { " { … }" } else { ";" };
    format!("{}{body}", render::signature(name, &m.sig))
}

fn methods(cx: &mut Cx<'_>, old: &TraitShape, new: &TraitShape) {
    let mut removed: Vec<(&String, &TraitMethod)> = old
        .methods
        .iter()
        .filter(|(n, _)| !new.methods.contains_key(*n))
        .collect();
    let mut added: Vec<(&String, &TraitMethod)> = new
        .methods
        .iter()
        .filter(|(n, _)| !old.methods.contains_key(*n))
        .collect();
    removed.retain(|(name, m)| {
        let Some(i) = added.iter().position(|(_, n)| *n == *m) else {
            return true;
        };
        let (new_name, n) = added.remove(i);
        // Callers call, and implementors define, the old name.
        let delta = cx
            .delta(
                DeltaKind::MethodRenamed,
                format!("trait method `{name}` renamed to `{new_name}`"),
            )
            .change(method_line(name, m), method_line(new_name, n))
            .at(Element::Method(new_name.clone()));
        cx.push(delta);
        false
    });
    for (name, m) in removed {
        // Calls break, and impls that define it no longer compile.
        let delta = cx
            .delta(
                DeltaKind::TraitMethodRemoved,
                format!("trait method `{name}`"),
            )
            .change(method_line(name, m), "")
            .at(Element::Method(name.clone()));
        cx.push(delta);
    }
    for (name, m) in added {
        let (kind, class) = method_added(m.provided, old.sealed);
        let delta = cx
            .delta(kind, format!("trait method `{name}`"))
            .class(class)
            .change("", method_line(name, m))
            .at(Element::Method(name.clone()));
        cx.push(delta);
    }
    let role = if old.sealed {
        Role::Callers
    } else {
        Role::Implementors
    };
    for (name, o) in &old.methods {
        let Some(n) = new.methods.get(name) else {
            continue;
        };
        if o.provided != n.provided {
            let (kind, class) = default_body(n.provided, old.sealed);
            let delta = cx
                .delta(kind, format!("default body of trait method `{name}`"))
                .class(class)
                .change(method_line(name, o), method_line(name, n))
                .at(Element::Method(name.clone()));
            cx.push(delta);
        }
        signature::compare(cx, name, &o.sig, &n.sig, role);
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

fn type_line(name: &str, t: &AssocType) -> String {
    let mut s = format!("type {name}{}", render::generics(&t.generics));
    if !t.bounds.is_empty() {
        s.push_str(": ");
        s.push_str(&t.bounds.join(" + "));
    }
    if let Some(d) = &t.default {
        s.push_str(" = ");
        s.push_str(d);
    }
    s.push(';');
    s
}

fn const_line(name: &str, c: &AssocConst) -> String {
    match &c.default {
        Some(d) => format!("const {name}: {} = {d};", c.ty),
        None => format!("const {name}: {};", c.ty),
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
    for (name, o) in &old.types {
        match new.types.get(name) {
            None => {
                // `T::Name` in consumer code and impls defining it break.
                let delta = cx
                    .delta(
                        DeltaKind::TraitAssocItemRemoved,
                        format!("associated type `{name}`"),
                    )
                    .change(type_line(name, o), "")
                    .at(Element::Method(name.clone()));
                cx.push(delta);
            }
            Some(n) if n != o => {
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
                    .delta(
                        DeltaKind::TraitAssocItemChanged,
                        format!("associated type `{name}`"),
                    )
                    .class(class)
                    .change(type_line(name, o), type_line(name, n))
                    .at(Element::Method(name.clone()));
                cx.push(delta);
            }
            Some(_) => {}
        }
    }
    for (name, n) in new
        .types
        .iter()
        .filter(|(k, _)| !old.types.contains_key(*k))
    {
        let class = assoc_added(n.default.is_some(), old.sealed, old.dyn_compatible);
        let delta = cx
            .delta(
                DeltaKind::TraitAssocItemAdded,
                format!("associated type `{name}`"),
            )
            .class(class)
            .change("", type_line(name, n))
            .at(Element::Method(name.clone()));
        cx.push(delta);
    }
}

fn assoc_consts(cx: &mut Cx<'_>, old: &TraitShape, new: &TraitShape) {
    for (name, o) in &old.consts {
        match new.consts.get(name) {
            None => {
                let delta = cx
                    .delta(
                        DeltaKind::TraitAssocItemRemoved,
                        format!("associated const `{name}`"),
                    )
                    .change(const_line(name, o), "")
                    .at(Element::Method(name.clone()));
                cx.push(delta);
            }
            Some(n) if n != o => {
                // A default added changes no impl; another type, a removed default (for
                // outside implementors) or another default value changes what
                // consumers compile against.
                let class = match (&o.default, &n.default) {
                    (None, Some(_)) if o.ty == n.ty => Class::Additive,
                    (Some(_), None) if o.ty == n.ty && old.sealed => Class::Additive,
                    _ => Class::Breaking,
                };
                let delta = cx
                    .delta(
                        DeltaKind::TraitAssocItemChanged,
                        format!("associated const `{name}`"),
                    )
                    .class(class)
                    .change(const_line(name, o), const_line(name, n))
                    .at(Element::Method(name.clone()));
                cx.push(delta);
            }
            Some(_) => {}
        }
    }
    for (name, n) in new
        .consts
        .iter()
        .filter(|(k, _)| !old.consts.contains_key(*k))
    {
        // (It also rules out `dyn`, which `trait_dyn_compatibility_lost` reports.)
        let class = assoc_added(n.default.is_some(), old.sealed, false);
        let delta = cx
            .delta(
                DeltaKind::TraitAssocItemAdded,
                format!("associated const `{name}`"),
            )
            .class(class)
            .change("", const_line(name, n))
            .at(Element::Method(name.clone()));
        cx.push(delta);
    }
}
