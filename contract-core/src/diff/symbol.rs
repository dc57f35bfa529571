//! Whole-symbol changes: the item kind, its visibility and `#[doc(hidden)]`, and the
//! path consumers name it by (its public path when given, else its defining module).

use super::Cx;
use crate::delta::{Class, DeltaKind, Member, Note, Shown};
use crate::shape::{FieldStyle, ItemShape, Symbol};

/// `symbol_kind_changed` (struct → alias, tuple struct → named struct, …),
/// `union_changed_to_struct`, `item_visibility_*`, `doc_hidden_*` of the item, and
/// `symbol_moved` (another path: paths that named it break).
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let item = |i: &ItemShape| Shown::Item(Box::new(i.clone()));
    let whole = |s: &Symbol| Shown::Symbol(Box::new(s.clone()));
    if let (Some(old), Some(new)) = (&before.item, &after.item) {
        // Another crate's item under the path: its shape is that crate's.
        if let (ItemShape::Reexport(o), ItemShape::Reexport(n)) = (old, new) {
            if o.target != n.target {
                // Another crate's item of the same name (intrusive-collections
                // 0.10.3: `memoffset::offset_of` → `core::mem::offset_of`) may be
                // the same API moved; whether it is, is not read here. Another
                // name, or another item of the same crate, is another item.
                let crate_of = |t: &crate::ty::Type| {
                    t.as_path()
                        .and_then(|p| p.segments.first())
                        .map(|s| s.name.clone())
                };
                let last = |t: &crate::ty::Type| {
                    t.as_path().and_then(|p| p.last_name()).map(str::to_owned)
                };
                let moved = crate_of(&o.target) != crate_of(&n.target)
                    && last(&o.target) == last(&n.target);
                let delta = match moved {
                    true => cx
                        .delta(DeltaKind::ReexportUntold, Member::Item)
                        .change(whole(before), whole(after)),
                    false => cx
                        .delta(DeltaKind::ReexportTargetChanged, Member::Item)
                        .change(item(old), item(new)),
                };
                cx.push(delta);
            }
            return visibility(cx, old, new);
        }
        let (was, now) = (kind_with_style(old), kind_with_style(new));
        let kind = if was == "union" && now.ends_with("struct") {
            // A union literal names one field; a struct literal all of them.
            Some(DeltaKind::UnionChangedToStruct)
        } else {
            (was != now).then_some(DeltaKind::SymbolKindChanged)
        };
        if let Some(kind) = kind {
            let mut delta = cx
                .delta(kind, Member::Item)
                .note(Note::KindChanged {
                    was: was.to_owned(),
                    now: now.to_owned(),
                })
                .change(item(old), item(new));
            // What other crates can do with a type no field of which they can name,
            // nor build: name it, and match it with `S { .. }` if it is a struct. Any
            // struct form allows that much.
            if is_opaque(old) && matches!(new, ItemShape::Struct(_)) {
                delta = delta.class(Class::Additive);
            }
            // `struct S {}` becoming `struct S;` or `struct S()` (primeorder 0.14): `S {}`
            // still builds and matches it; the new form only adds a value.
            if empty_braced(old) && fieldless(new) {
                delta = delta.class(Class::Additive);
            }
            cx.push(delta);
        }
        visibility(cx, old, new);
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
    // A public path stands for the module: compare what consumers write.
    match (&before.path, &after.path) {
        (Some(old), Some(new)) => {
            if old != new {
                let delta = cx
                    .delta(DeltaKind::SymbolMoved, Member::Module)
                    .change(Shown::Path(old.clone()), Shown::Path(new.clone()));
                cx.push(delta);
            }
            return;
        }
        (None, None) => {}
        (old, new) => {
            // One side names its public path, the other only its module: the same
            // path (the item was public where it is defined) is no move.
            let path_of = |path: &Option<String>, s: &Symbol| {
                path.clone().or_else(|| definition_path(s, cx.symbol))
            };
            let (was, now) = (path_of(old, before), path_of(new, after));
            let mut delta = cx.delta(DeltaKind::SymbolMoved, Member::Module);
            if was == now {
                delta = delta.class(Class::Additive).note(Note::PathRecorded);
            }
            delta.before = was.map(Shown::Path);
            delta.after = now.map(Shown::Path);
            cx.push(delta);
            return;
        }
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

/// `crate::a::b::Name` for an item defined in module `krate::a::b`.
pub fn definition_path(s: &Symbol, name: &str) -> Option<String> {
    let module = s.module.as_ref()?;
    let rest: Vec<&str> = module.split("::").skip(1).collect();
    let mut path = String::from("crate");
    for segment in rest {
        path.push_str("::");
        path.push_str(segment);
    }
    Some(format!("{path}::{name}"))
}

/// The item's own visibility and `#[doc(hidden)]`. (A field's, a variant's and a
/// method's are their families'.)
fn visibility(cx: &mut Cx<'_>, old: &ItemShape, new: &ItemShape) {
    let (ov, nv) = (old.vis(), new.vis());
    if ov != nv {
        let delta = if nv.reach() < ov.reach() {
            // Paths other crates (or other modules) wrote stop resolving.
            let d = cx.delta(DeltaKind::ItemVisibilityReduced, Member::Item);
            if ov.is_public() {
                d
            } else {
                d.class(Class::Additive).note(Note::WasNotPublic)
            }
        } else {
            cx.delta(DeltaKind::ItemVisibilityWidened, Member::Item)
        };
        cx.push(delta.change(Shown::Visibility(ov), Shown::Visibility(nv)));
    }
    if old.hidden() != new.hidden() {
        let kind = if new.hidden() {
            DeltaKind::DocHiddenAdded
        } else {
            DeltaKind::DocHiddenRemoved
        };
        let mut delta = cx
            .delta(kind, Member::Item)
            .change(Shown::Hidden(old.hidden()), Shown::Hidden(new.hidden()));
        if kind == DeltaKind::DocHiddenAdded
            && (!old.vis().is_public() || cx.policy.doc_hidden_is_api)
        {
            // Hidden from what was no public API, or from docs only: nothing is lost.
            delta = delta.class(Class::Additive);
        }
        cx.push(delta);
    }
}

/// A struct or union other crates can neither build nor read a field of: every field
/// is private (or the struct `#[non_exhaustive]`), and a union fixes no layout with a
/// `repr`.
fn is_opaque(item: &ItemShape) -> bool {
    match item {
        ItemShape::Struct(s) => {
            !super::fields::is_constructible(s) && s.fields.iter().all(|f| !f.vis.is_public())
        }
        ItemShape::Union(u) => {
            u.attrs.repr.is_empty() && u.fields.iter().all(|f| !f.vis.is_public())
        }
        _ => false,
    }
}

/// `struct S {}`: a braced struct of no field, which `S {}` builds.
fn empty_braced(item: &ItemShape) -> bool {
    matches!(item, ItemShape::Struct(s) if s.style == FieldStyle::Named && s.fields.is_empty())
}

/// A struct of no field, in any form: `S {}` builds and matches each.
fn fieldless(item: &ItemShape) -> bool {
    matches!(item, ItemShape::Struct(s) if s.fields.is_empty())
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
