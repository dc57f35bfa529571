//! Container attributes of structs and enums that consumers observe:
//! `#[non_exhaustive]`, `#[repr]`, derived traits. (Serde attributes are the
//! `serde_container` family's.)

use super::Cx;
use crate::delta::{Attr, Class, DeltaKind, Member, Note, Shown};
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
    non_exhaustive(cx, o, n);
    repr(cx, o, n);
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

/// A layout added where there was none is additive (no one could rely on the
/// unspecified one), unless it is `packed`/`align`, which change what code may do
/// with the fields; any other change alters size, alignment or ABI.
fn repr(cx: &mut Cx<'_>, o: &ContainerAttrs, n: &ContainerAttrs) {
    if o.repr == n.repr {
        return;
    }
    let constraining = n
        .repr
        .iter()
        .any(|r| matches!(r, Repr::Packed(_) | Repr::Align(_)));
    let class = if o.repr.is_empty() && !constraining {
        Class::Additive
    } else {
        Class::Breaking
    };
    let delta = cx
        .delta(DeltaKind::ReprChanged, at(Attr::Repr))
        .class(class)
        .change(Shown::Repr(o.repr.clone()), Shown::Repr(n.repr.clone()));
    cx.push(delta);
}

/// A derived trait added is more API; removed, every use of it breaks.
fn derives(cx: &mut Cx<'_>, o: &ContainerAttrs, n: &ContainerAttrs) {
    for added in n.derives.difference(&o.derives) {
        let delta = cx
            .delta(DeltaKind::DeriveAdded, at(Attr::Derive))
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
