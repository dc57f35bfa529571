//! Type aliases: the target. (Their generics are the `generics` family's.)

use std::collections::BTreeSet;

use super::Cx;
use crate::delta::{DeltaKind, Member, Shown};
use crate::shape::{ItemShape, Symbol};

/// The type-alias family: another target is another type for every consumer that
/// names the alias.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(old_item @ ItemShape::TypeAlias(old)), Some(new_item @ ItemShape::TypeAlias(new))) =
        (&before.item, &after.item)
    else {
        return;
    };
    if old.target != new.target {
        let delta = cx
            .delta(DeltaKind::AliasTargetChanged, Member::Item)
            .change(
                Shown::Item(Box::new(old_item.clone())),
                Shown::Item(Box::new(new_item.clone())),
            );
        cx.push(delta);
    }
}

/// The path of the type `alias` stands for, when it passes its own parameters through
/// unchanged and in order (`type FormatItem<'a> = BorrowedFormatItem<'a>`): then the
/// alias is that type under another name, for every use.
fn passed_through(alias: &crate::shape::AliasShape) -> Option<&crate::ty::Path> {
    let crate::ty::Type::Path(target) = &alias.target else {
        return None;
    };
    let last = target.segments.last()?;
    let args: Vec<String> = match &last.args {
        crate::ty::Args::None => Vec::new(),
        crate::ty::Args::Angle(args) => args.iter().map(|a| a.to_string()).collect(),
        _ => return None,
    };
    let params: Vec<&str> = alias.generics.params.iter().map(|p| p.name()).collect();
    (args == params && alias.generics.where_clause.is_empty()).then_some(target)
}

/// A type that became an alias of another type of the crate (hkdf 0.13's `pub type
/// Hkdf<H> = GenericHkdf<Hmac<H>>`, a struct before): the methods that type has are
/// called through the alias as they were on the old type (`Hkdf::<Sha256>::new(…)`),
/// so each old method the type still has is compared with it, not reported removed.
/// Of a type this cannot read (another crate's), no method is compared.
/// Their `impl` blocks' generics, and `Self` (recorded as each block's self type,
/// `Hkdf<H, I>` then `GenericHkdf<H>`), are the alias's edit, reported once as the
/// kind change. Whether any was.
fn methods_through_alias(
    symbol: &str,
    (before, after): (&mut Symbol, &mut Symbol),
    alias: &crate::shape::AliasShape,
    module: &str,
    current: &dyn crate::variance::Types,
) -> bool {
    let crate::ty::Type::Path(target) = &alias.target else {
        return false;
    };
    let (Some(def), Some(target_name)) =
        (crate::variance::def_of(module, target), target.last_name())
    else {
        return false;
    };
    let Some(aliased) = current.type_symbol(&def) else {
        // Another crate's type (password-hash 0.6's `type PasswordHash =
        // phc::PasswordHash`), or one the set does not hold: which methods it has is
        // not read here, so none is called removed. The kind change is the break.
        let before_count = before.methods.len();
        before
            .methods
            .retain(|name, _| after.methods.contains_key(name));
        return before.methods.len() != before_count;
    };
    let old_name = symbol.rsplit("::").next().unwrap_or(symbol);
    let mut changed = false;
    for (name, method) in &aliased.methods {
        if after.methods.contains_key(name) {
            continue;
        }
        let Some(old) = before.methods.get_mut(name) else {
            continue;
        };
        *old = self_named(old.clone(), old_name);
        let now = self_named(method.clone(), target_name);
        after.methods.insert(name.clone(), now);
        changed = true;
    }
    changed
}

/// `method` with its `impl` block's generics left out and its block's self type, a
/// path ending in `type_name`, written `Self`.
fn self_named(mut method: crate::shape::FnShape, type_name: &str) -> crate::shape::FnShape {
    method.impl_generics = Default::default();
    let mut selfed = Symbol::default();
    selfed.methods.insert(String::new(), method);
    super::roots::each_root(&mut selfed, &mut |root| {
        root.walk_mut(&mut |t| {
            if let crate::ty::Type::Path(p) = t {
                if p.last_name() == Some(type_name) {
                    *p = crate::ty::Path::plain(&["Self"]);
                }
            }
        })
    });
    let (_, method) = selfed
        .methods
        .pop_first()
        .expect("the method inserted above");
    method
}

/// A struct, enum or union renamed, its old name kept as an alias of the new one
/// (time 0.3.35's `pub type FormatItem<'a> = BorrowedFormatItem<'a>`, or the reverse,
/// 0.3.36's `pub use BorrowedFormatItem as FormatItem`): the alias is the type for
/// every use, so the old type is compared with the one it now names, and each old
/// path to the old name is read as the new name wherever the current crate aliases it
/// so. `None` when nothing was.
pub(super) fn renamed_behind_alias(
    name: &str,
    before: &Symbol,
    after: &Symbol,
    types: &dyn crate::variance::Types,
    current: &dyn crate::variance::Types,
) -> Option<(Symbol, Symbol)> {
    use crate::variance::def_of;
    // A unit struct, or a tuple struct with public fields, is also a value (`Unit`,
    // `Old(1)`), which an alias is not.
    let is_type = |i: &ItemShape| match i {
        ItemShape::Struct(s) => !s.is_also_a_value(),
        ItemShape::Enum(_) | ItemShape::Union(_) => true,
        _ => false,
    };
    // The type an alias of the crate passes through to, as `side` holds it.
    let aliased = |alias: &crate::shape::AliasShape,
                   module: &str,
                   side: &dyn crate::variance::Types|
     -> Option<ItemShape> {
        let def = def_of(module, passed_through(alias)?)?;
        side.get(&def).map(|(_, shape)| shape.clone())
    };
    let (mut b, mut a) = (before.clone(), after.clone());
    let mut changed = false;
    match (&before.item, &after.item) {
        (Some(old), Some(ItemShape::TypeAlias(new))) if is_type(old) => {
            let module = after.written_in().unwrap_or_default();
            if let Some(shape) = aliased(new, module, current) {
                a.item = Some(shape);
                changed = true;
            }
            changed |= methods_through_alias(name, (&mut b, &mut a), new, module, current);
        }
        (Some(ItemShape::TypeAlias(old)), Some(new)) if is_type(new) => {
            if let Some(shape) = aliased(old, before.written_in().unwrap_or_default(), types) {
                b.item = Some(shape);
                changed = true;
            }
        }
        _ => {}
    }
    // Old paths to a type the current crate keeps as an alias of a renamed one. A name
    // the current side still writes is no renamed one: only the others are looked up
    // (a lookup reads the whole crate, once, on a path every changed symbol takes).
    let mut now_written: BTreeSet<String> = BTreeSet::new();
    let mut note = |root: &mut crate::ty::Type| {
        root.walk_mut(&mut |t| {
            if let Some(last) = t.as_path().and_then(|p| p.segments.last()) {
                now_written.insert(last.name.clone());
            }
        })
    };
    super::roots::each_root(&mut a, &mut note);
    a.implementors.iter().for_each(|i| note(&mut i.ty.clone()));
    let module = before.written_in().unwrap_or_default().to_owned();
    let mut rename = |root: &mut crate::ty::Type| {
        root.walk_mut(&mut |t| {
            let crate::ty::Type::Path(p) = t else { return };
            if p.segments
                .last()
                .is_none_or(|s| now_written.contains(&s.name))
            {
                return;
            }
            let Some(def) = def_of(&module, p) else {
                return;
            };
            let (Some(_), None, Some(alias)) =
                (types.get(&def), types.alias(&def), current.alias(&def))
            else {
                return;
            };
            let Some(target) = passed_through(alias) else {
                return;
            };
            // Renamed in place: the new name is in the alias's own module.
            let (Some(new_name), true) = (target.segments.last(), target.segments.len() == 1)
            else {
                return;
            };
            let alias_module = def.rsplit_once("::").map_or("", |(m, _)| m);
            if current
                .get(&format!("{alias_module}::{}", new_name.name))
                .is_none()
            {
                return;
            }
            if let Some(last) = p.segments.last_mut() {
                last.name.clone_from(&new_name.name);
                changed = true;
            }
        });
    };
    super::roots::each_root(&mut b, &mut rename);
    b.implementors = std::mem::take(&mut b.implementors)
        .into_iter()
        .map(|mut i| {
            rename(&mut i.ty);
            i
        })
        .collect();
    for need in &mut b.needs {
        if let Member::Implementor { ty } = &mut need.member {
            rename(ty);
        }
    }
    b.needs.sort();
    changed.then_some((b, a))
}
