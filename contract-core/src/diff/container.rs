//! Container attributes of structs and enums that consumers observe:
//! `#[non_exhaustive]`, `#[repr]`, derived traits. (Serde attributes are the
//! `serde_container` family's.)

use super::Cx;
use crate::delta::{Attr, Change, Class, DeltaKind, Member, Note, Shown};
use crate::probe::ProbedTrait;
use crate::shape::{ContainerAttrs, Repr, Symbol};

/// The container-attributes family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(old), Some(new)) = (&before.item, &after.item) else {
        return;
    };
    if old.kind_name() != new.kind_name() {
        return; // symbol_kind_changed says it
    }
    let (Some(o), Some(n)) = (old.container(), new.container()) else {
        return;
    };
    // `repr(transparent)` is public ABI only when its field is public (the Reference,
    // "The transparent representation"): another crate cannot rely on a layout it
    // cannot see the inside of.
    let field_public = match old {
        crate::shape::ItemShape::Struct(s) => s.fields.iter().any(|f| f.vis.is_public()),
        crate::shape::ItemShape::Union(u) => u.fields.iter().any(|f| f.vis.is_public()),
        // An enum's variant fields are as public as the enum.
        _ => true,
    };
    // A struct with a private field is built and matched exhaustively by no other
    // crate, with or without `#[non_exhaustive]`.
    let exhaustive_outside = match old {
        crate::shape::ItemShape::Struct(s) => s.fields.iter().all(|f| f.vis.is_public()),
        _ => true,
    };
    if exhaustive_outside {
        non_exhaustive(cx, o, n);
    }
    repr(cx, o, n, field_public);
    derives(cx, o, n);
}

fn at(attr: Attr) -> Member {
    Member::Attr { attr }
}

/// Added: consumers' literals and exhaustive matches stop compiling. Removed: every
/// consumer already had a wildcard or `..`.
fn non_exhaustive(cx: &mut Cx<'_>, o: &ContainerAttrs, n: &ContainerAttrs) {
    if o.non_exhaustive == n.non_exhaustive {
        return;
    }
    let kind = if n.non_exhaustive {
        DeltaKind::NonExhaustiveAdded
    } else {
        DeltaKind::NonExhaustiveRemoved
    };
    let delta = cx.delta(kind, at(Attr::NonExhaustive)).change(
        Shown::NonExhaustive(o.non_exhaustive),
        Shown::NonExhaustive(n.non_exhaustive),
    );
    cx.push(delta);
}

/// Which `#[repr]` argument a kind is about.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    C,
    Transparent,
    Int,
    Align,
    Packed,
    Other,
}

fn family(r: &Repr) -> Family {
    match r {
        Repr::C => Family::C,
        Repr::Transparent => Family::Transparent,
        Repr::Int(_) => Family::Int,
        Repr::Align(_) => Family::Align,
        Repr::Packed(_) => Family::Packed,
        Repr::Rust | Repr::Other(_) => Family::Other,
    }
}

/// Each `#[repr]` argument on its own, after the Cargo book's layout rules: a defined
/// layout (`C`, a primitive, `transparent`) added where there was none is additive —
/// no one could rely on the default one — and removed breaks FFI, casts and
/// transmutes; `align` and `packed` change size or alignment (and what code may do
/// with the fields) whichever way they change.
fn repr(cx: &mut Cx<'_>, o: &ContainerAttrs, n: &ContainerAttrs, field_public: bool) {
    if o.repr == n.repr {
        return;
    }
    use DeltaKind as K;
    for fam in [
        Family::C,
        Family::Transparent,
        Family::Int,
        Family::Align,
        Family::Packed,
        Family::Other,
    ] {
        let was: Vec<&Repr> = o.repr.iter().filter(|r| family(r) == fam).collect();
        let now: Vec<&Repr> = n.repr.iter().filter(|r| family(r) == fam).collect();
        if was == now {
            continue;
        }
        let change = match (was.is_empty(), now.is_empty()) {
            (true, false) => Change::Added,
            (false, true) => Change::Removed,
            _ => Change::Changed,
        };
        let kind = match (fam, change) {
            (Family::C, Change::Removed) => K::ReprCRemoved,
            (Family::C, _) => K::ReprCAdded,
            (Family::Transparent, Change::Removed) => K::ReprTransparentRemoved,
            (Family::Transparent, _) => K::ReprTransparentAdded,
            (Family::Int, Change::Added) => K::ReprIntAdded,
            (Family::Int, Change::Removed) => K::ReprIntRemoved,
            (Family::Int, Change::Changed) => K::ReprIntChanged,
            (Family::Align, Change::Added) => K::ReprAlignAdded,
            (Family::Align, Change::Removed) => K::ReprAlignRemoved,
            (Family::Align, Change::Changed) => K::ReprAlignChanged,
            (Family::Packed, Change::Added) => K::ReprPackedAdded,
            (Family::Packed, Change::Removed) => K::ReprPackedRemoved,
            (Family::Packed, Change::Changed) => K::ReprPackedChanged,
            (Family::Other, _) => K::ReprChanged,
        };
        let mut delta = cx
            .delta(kind, at(Attr::Repr))
            .note(Note::Repr(change))
            .change(Shown::Repr(o.repr.clone()), Shown::Repr(n.repr.clone()));
        // Adding a defined layout fixes what was unspecified, unless another one was
        // there already (`C` next to a primitive changes the enum's layout).
        let fixes_unspecified = o
            .repr
            .iter()
            .all(|r| matches!(r, Repr::Align(_) | Repr::Packed(_)));
        if change == Change::Added
            && matches!(fam, Family::C | Family::Transparent | Family::Int)
            && !fixes_unspecified
        {
            delta = delta.class(Class::Breaking);
        }
        if kind == K::ReprTransparentRemoved && !field_public {
            delta = delta
                .class(Class::Additive)
                .note(Note::TransparentOfPrivate);
        }
        cx.push(delta);
    }
}

/// A derived trait added is more API — but `Copy` changes how consumers' closures
/// capture the type; removed, every use of it breaks. (A derive replaced by an impl
/// of the same trait was made no change before any family looked: see
/// [`crate::probe::reconcile`].)
fn derives(cx: &mut Cx<'_>, o: &ContainerAttrs, n: &ContainerAttrs) {
    for added in n.derives.difference(&o.derives) {
        let kind = if ProbedTrait::parse(added) == Some(ProbedTrait::Copy) {
            DeltaKind::CopyAdded
        } else {
            DeltaKind::DeriveAdded
        };
        let delta = cx
            .delta(kind, at(Attr::Derive))
            .note(Note::Derive(added.clone()))
            .change(
                Shown::Derives(o.derives.clone()),
                Shown::Derives(n.derives.clone()),
            );
        cx.push(delta);
    }
    for removed in o.derives.difference(&n.derives) {
        let delta = cx
            .delta(DeltaKind::DeriveRemoved, at(Attr::Derive))
            .note(Note::Derive(removed.clone()))
            .change(
                Shown::Derives(o.derives.clone()),
                Shown::Derives(n.derives.clone()),
            );
        cx.push(delta);
    }
}
