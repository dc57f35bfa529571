//! Container attributes of structs and enums that consumers observe:
//! `#[non_exhaustive]`, `#[repr]`, derived traits. (Serde attributes are the
//! `serde_container` family's.)

use super::Cx;
use crate::delta::{Class, DeltaKind, Element};
use crate::shape::{ContainerAttrs, Symbol};

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

/// Added: consumers' literals and exhaustive matches stop compiling. Removed: every
/// consumer already had a wildcard or `..`.
fn non_exhaustive(cx: &mut Cx<'_>, o: &ContainerAttrs, n: &ContainerAttrs) {
    if o.non_exhaustive == n.non_exhaustive {
        return;
    }
    let (kind, before, after) = if n.non_exhaustive {
        (DeltaKind::NonExhaustiveAdded, "", "#[non_exhaustive]")
    } else {
        (DeltaKind::NonExhaustiveRemoved, "#[non_exhaustive]", "")
    };
    let delta = cx
        .delta(kind, "`#[non_exhaustive]`")
        .change(before, after)
        .at(Element::Attr("non_exhaustive".to_owned()));
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
        .any(|r| r.starts_with("packed") || r.starts_with("align"));
    let class = if o.repr.is_empty() && !constraining {
        Class::Additive
    } else {
        Class::Breaking
    };
    let render = |r: &[String]| {
        if r.is_empty() {
            String::new()
        } else {
            format!("#[repr({})]", r.join(", "))
        }
    };
    let delta = cx
        .delta(DeltaKind::ReprChanged, "`#[repr]`")
        .class(class)
        .change(render(&o.repr), render(&n.repr))
        .at(Element::Attr("repr".to_owned()));
    cx.push(delta);
}

/// A derived trait added is more API; removed, every use of it breaks.
fn derives(cx: &mut Cx<'_>, o: &ContainerAttrs, n: &ContainerAttrs) {
    let render = |d: &ContainerAttrs| {
        let list: Vec<&str> = d.derives.iter().map(String::as_str).collect();
        if list.is_empty() {
            String::new()
        } else {
            format!("#[derive({})]", list.join(", "))
        }
    };
    for added in n.derives.difference(&o.derives) {
        let delta = cx
            .delta(DeltaKind::DeriveAdded, format!("`{added}` derived"))
            .change(render(o), render(n))
            .at(Element::Attr("derive".to_owned()));
        cx.push(delta);
    }
    for removed in o.derives.difference(&n.derives) {
        let delta = cx
            .delta(
                DeltaKind::DeriveRemoved,
                format!("`{removed}` no longer derived"),
            )
            .change(render(o), render(n))
            .at(Element::Attr("derive".to_owned()));
        cx.push(delta);
    }
}
