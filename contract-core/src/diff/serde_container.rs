//! Serde container attributes of structs and enums: `rename_all`, `deny_unknown_fields`,
//! `transparent`, the enum representation (`tag`, `content`, `untagged`), the
//! container `default`, and the rest (`from`, `into`, `bound`, …).

use std::collections::BTreeSet;

use super::shared::wire::{self, rename_breaks, struct_record, variant_record};
use super::Cx;
use crate::delta::{DeltaKind, Element};
use crate::policy::WireBreaks;
use crate::render;
use crate::shape::{ContainerAttrs, EnumShape, ItemShape, SerdeAttrs, StructShape, Symbol};

const RENAME_KEYS: &[&str] = &[
    "rename_all",
    "rename_all.serialize",
    "rename_all.deserialize",
    "rename_all_fields",
    "rename_all_fields.serialize",
    "rename_all_fields.deserialize",
];
const DENY_KEYS: &[&str] = &["deny_unknown_fields"];
const TRANSPARENT_KEYS: &[&str] = &["transparent"];
const REPR_KEYS: &[&str] = &["tag", "content", "untagged"];
const DEFAULT_KEYS: &[&str] = &["default"];
const NAME_KEYS: &[&str] = &["rename", "rename.serialize", "rename.deserialize"];
/// Keys that change nothing on the wire (trait bounds, the serde path, error text).
const INERT_KEYS: &[&str] = &[
    "bound",
    "bound.serialize",
    "bound.deserialize",
    "crate",
    "expecting",
];

/// The serde-container family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(old), Some(new)) = (&before.item, &after.item) else {
        return;
    };
    let (Some(oa), Some(na)) = (old.container(), new.container()) else {
        return;
    };
    if old.kind_name() != new.kind_name() {
        return; // symbol_kind_changed says it
    }
    if !oa.has_wire() || !na.has_wire() {
        if !oa.has_wire() && !na.has_wire() && serde_projection(old) != serde_projection(new) {
            inert(cx, oa, na);
        }
        return; // a derive added or removed is the container family's
    }
    let (os, ns) = (&oa.serde, &na.serde);
    let changed = |keys: &[&str]| keys.iter().any(|k| os.get(*k) != ns.get(*k));
    let mut found: Vec<(DeltaKind, WireBreaks, String)> = Vec::new();
    if changed(RENAME_KEYS) {
        let breaks = match (old, new) {
            (ItemShape::Struct(o), ItemShape::Struct(n)) => struct_rename(cx, o, n),
            (ItemShape::Enum(o), ItemShape::Enum(n)) => enum_rename(cx, o, n),
            _ => WireBreaks::BOTH,
        };
        found.push((
            DeltaKind::ContainerRenameAllChanged,
            breaks,
            "`rename_all`: names on the wire".to_owned(),
        ));
    }
    if changed(DENY_KEYS) {
        found.push(deny(ns.contains_key("deny_unknown_fields")));
    }
    if changed(TRANSPARENT_KEYS) {
        // The payload becomes (or stops being) the single field's value.
        found.push((
            DeltaKind::TransparentChanged,
            WireBreaks::BOTH,
            "`transparent`".to_owned(),
        ));
    }
    if changed(REPR_KEYS) {
        found.push(representation(old, os, ns));
    }
    if changed(DEFAULT_KEYS) {
        found.push(default(cx, old, new));
    }
    if changed(NAME_KEYS) {
        // Self-describing payloads do not carry the type's own name.
        found.push((
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            "container `rename` (the type name is not in the payload)".to_owned(),
        ));
    }
    if changed(INERT_KEYS) {
        found.push((
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            "trait bounds, serde path or error text (not on the wire)".to_owned(),
        ));
    }
    let groups = [
        RENAME_KEYS,
        DENY_KEYS,
        TRANSPARENT_KEYS,
        REPR_KEYS,
        DEFAULT_KEYS,
        NAME_KEYS,
        INERT_KEYS,
    ];
    let unknown: Vec<&String> = os
        .keys()
        .chain(ns.keys())
        .filter(|k| !groups.iter().any(|g| g.contains(&k.as_str())) && os.get(*k) != ns.get(*k))
        .collect();
    if !unknown.is_empty() {
        // `from`, `into`, `try_from`, `remote`, …: the payload is another type's, which
        // the shape cannot see; assume both directions break.
        found.push((
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::BOTH,
            format!("container `{}` changed", unknown[0]),
        ));
    }
    for (kind, breaks, detail) in found {
        let delta = cx
            .wire(kind, detail, breaks)
            .change(render::serde_attrs(os), render::serde_attrs(ns))
            .at(Element::Attr("serde".to_owned()));
        cx.push(delta);
    }
}

fn struct_rename(cx: &Cx<'_>, old: &StructShape, new: &StructShape) -> WireBreaks {
    let positional = cx.positional();
    rename_breaks(
        &struct_record(old, positional),
        &struct_record(new, positional),
    )
}

/// Variant tags follow `rename_all`; struct-variant fields follow `rename_all_fields`
/// unless the variant has its own `rename_all`.
fn enum_rename(cx: &Cx<'_>, old: &EnumShape, new: &EnumShape) -> WireBreaks {
    let positional = cx.positional();
    let (ov, nv) = (wire::variants(old), wire::variants(new));
    let mut breaks = WireBreaks::NONE;
    for o in &ov {
        let Some(n) = nv.iter().find(|n| n.shape.name == o.shape.name) else {
            continue;
        };
        if !positional {
            breaks = breaks.or(WireBreaks {
                backward: (o.emit && !n.accepts(&o.ser)) || (o.read && !n.accepts(&o.de)),
                forward: n.emit && !o.accepts(&n.ser),
            });
        }
        if o.shape.fields == n.shape.fields {
            breaks = breaks.or(rename_breaks(
                &variant_record(old, o.shape, positional),
                &variant_record(new, n.shape, positional),
            ));
        }
    }
    breaks
}

/// Added: payloads with fields the new type does not know (which the old type read
/// and ignored) are rejected. Removed: readers stop rejecting them, a strictness
/// consumers relied on (the seed's `extra="forbid"` -> `"allow"`), in both directions.
fn deny(now_denies: bool) -> (DeltaKind, WireBreaks, String) {
    if now_denies {
        (
            DeltaKind::DenyUnknownFieldsChanged,
            WireBreaks::backward(true),
            "`deny_unknown_fields` added".to_owned(),
        )
    } else {
        (
            DeltaKind::DenyUnknownFieldsChanged,
            WireBreaks::BOTH,
            "`deny_unknown_fields` removed".to_owned(),
        )
    }
}

/// Another tagging writes every variant in another form; on a struct, `tag` adds or
/// drops a key.
fn representation(
    item: &ItemShape,
    os: &SerdeAttrs,
    ns: &SerdeAttrs,
) -> (DeltaKind, WireBreaks, String) {
    let kind = if matches!(item, ItemShape::Enum(_)) {
        DeltaKind::EnumRepresentationChanged
    } else {
        DeltaKind::SerdeAttributeChanged
    };
    let breaks = if wire::repr(os) == wire::repr(ns) {
        WireBreaks::NONE
    } else {
        WireBreaks::BOTH
    };
    (
        kind,
        breaks,
        format!(
            "tagging: {} -> {}",
            describe_repr(&wire::repr(os)),
            describe_repr(&wire::repr(ns))
        ),
    )
}

fn describe_repr(repr: &wire::Repr) -> String {
    match repr {
        wire::Repr::External => "externally tagged".to_owned(),
        wire::Repr::Internal(tag) => format!("internally tagged by `{tag}`"),
        wire::Repr::Adjacent(tag, content) => format!("adjacently tagged by `{tag}`/`{content}`"),
        wire::Repr::Untagged => "untagged".to_owned(),
    }
}

/// The container `default` fills every missing field: added, readers accept more;
/// removed, fields it filled become required and payloads without them fail.
fn default(cx: &Cx<'_>, old: &ItemShape, new: &ItemShape) -> (DeltaKind, WireBreaks, String) {
    let (ItemShape::Struct(o), ItemShape::Struct(n)) = (old, new) else {
        return (
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            "container `default`".to_owned(),
        );
    };
    let positional = cx.positional();
    let (or, nr) = (struct_record(o, positional), struct_record(n, positional));
    match (or.container_default, nr.container_default) {
        (false, true) => (
            DeltaKind::FieldDefaultAdded,
            WireBreaks::NONE,
            "container `default`: every field defaulted".to_owned(),
        ),
        (true, false) => {
            let newly_required: BTreeSet<&str> = nr
                .fields
                .iter()
                .filter(|f| f.required)
                .map(|f| f.shape.name.as_str())
                .collect();
            (
                DeltaKind::FieldDefaultRemoved,
                WireBreaks::backward(!newly_required.is_empty()),
                "container `default` removed".to_owned(),
            )
        }
        _ => (
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            "container `default`: another default value".to_owned(),
        ),
    }
}

/// Serde attributes on a type that derives neither `Serialize` nor `Deserialize`
/// configure nothing the shape can see.
fn inert(cx: &mut Cx<'_>, oa: &ContainerAttrs, na: &ContainerAttrs) {
    let delta = cx
        .delta(
            DeltaKind::SerdeAttributeChanged,
            "serde attributes on a type without a recorded `Serialize`/`Deserialize` derive",
        )
        .change(
            render::serde_attrs(&oa.serde),
            render::serde_attrs(&na.serde),
        )
        .at(Element::Attr("serde".to_owned()));
    cx.push(delta);
}

/// Every serde attribute of an item: container, fields, variants, variant fields.
fn serde_projection(item: &ItemShape) -> Vec<(String, SerdeAttrs)> {
    let mut out = Vec::new();
    match item {
        ItemShape::Struct(s) => {
            out.push((String::new(), s.attrs.serde.clone()));
            out.extend(s.fields.iter().map(|f| (f.name.clone(), f.serde.clone())));
        }
        ItemShape::Enum(e) => {
            out.push((String::new(), e.attrs.serde.clone()));
            for v in &e.variants {
                out.push((v.name.clone(), v.serde.clone()));
                out.extend(
                    v.fields
                        .iter()
                        .map(|f| (format!("{}.{}", v.name, f.name), f.serde.clone())),
                );
            }
        }
        _ => {}
    }
    out.retain(|(_, attrs)| !attrs.is_empty());
    out
}
