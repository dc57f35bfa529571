//! Serde container attributes of structs and enums: `rename_all`, `deny_unknown_fields`,
//! `transparent`, the enum representation (`tag`, `content`, `untagged`), the
//! container `default`, and the rest (`from`, `into`, `bound`, …).

use super::shared::records::{struct_record, tagging, variant_record, variants};
use super::shared::wire::{first_difference, rename_breaks, tag_breaks};
use super::Cx;
use crate::delta::{Attr, Change, DeltaKind, Member, Note, Shown};
use crate::policy::WireBreaks;
use crate::serde_attrs::{ContainerSerde, Entries, Entry};
use crate::shape::{EnumShape, ItemShape, StructShape, Symbol};

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
    let shown = || {
        (
            Shown::Serde(oa.serde.clone()),
            Shown::Serde(na.serde.clone()),
        )
    };
    let at = Member::Attr { attr: Attr::Serde };
    if !oa.has_wire() || !na.has_wire() {
        if !oa.has_wire() && !na.has_wire() && serde_projection(old) != serde_projection(new) {
            // Serde attributes on a type that derives neither `Serialize` nor
            // `Deserialize` configure nothing the shape can see.
            let (was, now) = shown();
            let delta = cx
                .delta(DeltaKind::SerdeAttributeChanged, at)
                .note(Note::SerdeWithoutDerive)
                .change(was, now);
            cx.push(delta);
        }
        return; // a derive added or removed is the container family's
    }
    let (os, ns) = (&oa.serde, &na.serde);
    let mut found: Vec<(DeltaKind, WireBreaks, Note)> = Vec::new();
    if os.rename_all != ns.rename_all || os.rename_all_fields != ns.rename_all_fields {
        let breaks = match (old, new) {
            (ItemShape::Struct(o), ItemShape::Struct(n)) => struct_rename(cx, o, n),
            (ItemShape::Enum(o), ItemShape::Enum(n)) => enum_rename(cx, o, n),
            _ => WireBreaks::BOTH,
        };
        found.push((
            DeltaKind::ContainerRenameAllChanged,
            breaks,
            Note::RenameAll,
        ));
    }
    if os.deny_unknown_fields != ns.deny_unknown_fields {
        found.push(deny(ns.deny_unknown_fields));
    }
    if os.transparent != ns.transparent {
        // The payload becomes (or stops being) the single field's value.
        found.push((
            DeltaKind::TransparentChanged,
            WireBreaks::BOTH,
            Note::Transparent,
        ));
    }
    if (&os.tag, &os.content, os.untagged) != (&ns.tag, &ns.content, ns.untagged) {
        found.push(representation(old, os, ns));
    }
    if os.default != ns.default {
        found.push(default(cx, old, new));
    }
    if os.rename != ns.rename {
        // Self-describing payloads do not carry the type's own name.
        found.push((
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            Note::ContainerRename,
        ));
    }
    if os.bound != ns.bound || os.krate != ns.krate || os.expecting != ns.expecting {
        found.push((
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            Note::Inert,
        ));
    }
    if let Some(key) = opaque_difference(os, ns) {
        // `from`, `into`, `try_from`, `remote`, …: the payload is another type's, which
        // the shape cannot see; assume both directions break.
        found.push((
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::BOTH,
            Note::UnknownKey(key),
        ));
    }
    for (kind, breaks, note) in found {
        let (was, now) = shown();
        let delta = cx
            .wire(kind, at.clone(), breaks)
            .note(note)
            .change(was, now);
        cx.push(delta);
    }
}

/// The first key among those whose effect the shape cannot see that differs.
fn opaque_difference(os: &ContainerSerde, ns: &ContainerSerde) -> Option<String> {
    let pairs: [(&str, bool); 6] = [
        ("from", os.from != ns.from),
        ("try_from", os.try_from != ns.try_from),
        ("into", os.into != ns.into),
        ("remote", os.remote != ns.remote),
        (
            "variant_identifier",
            os.variant_identifier != ns.variant_identifier,
        ),
        (
            "field_identifier",
            os.field_identifier != ns.field_identifier,
        ),
    ];
    pairs
        .iter()
        .find(|(_, differs)| *differs)
        .map(|(k, _)| (*k).to_owned())
        .or_else(|| first_difference(&os.unknown, &ns.unknown))
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
    let (ov, nv) = (variants(old), variants(new));
    let mut breaks = if positional {
        WireBreaks::NONE
    } else {
        tag_breaks(&ov, &nv)
    };
    for o in &ov {
        let Some(n) = nv.iter().find(|n| n.shape.name == o.shape.name) else {
            continue;
        };
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
fn deny(now_denies: bool) -> (DeltaKind, WireBreaks, Note) {
    if now_denies {
        (
            DeltaKind::DenyUnknownFieldsChanged,
            WireBreaks::backward(true),
            Note::DenyUnknownFields(Change::Added),
        )
    } else {
        (
            DeltaKind::DenyUnknownFieldsChanged,
            WireBreaks::BOTH,
            Note::DenyUnknownFields(Change::Removed),
        )
    }
}

/// Another tagging writes every variant in another form; on a struct, `tag` adds or
/// drops a key.
fn representation(
    item: &ItemShape,
    os: &ContainerSerde,
    ns: &ContainerSerde,
) -> (DeltaKind, WireBreaks, Note) {
    let kind = if matches!(item, ItemShape::Enum(_)) {
        DeltaKind::EnumRepresentationChanged
    } else {
        DeltaKind::SerdeAttributeChanged
    };
    let (was, now) = (tagging(os), tagging(ns));
    let breaks = if was == now {
        WireBreaks::NONE
    } else {
        WireBreaks::BOTH
    };
    (kind, breaks, Note::Tagging { was, now })
}

/// The container `default` fills every missing field: added, readers accept more;
/// removed, fields it filled become required and payloads without them fail.
fn default(cx: &Cx<'_>, old: &ItemShape, new: &ItemShape) -> (DeltaKind, WireBreaks, Note) {
    let (ItemShape::Struct(o), ItemShape::Struct(n)) = (old, new) else {
        return (
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            Note::ContainerDefault(Change::Changed),
        );
    };
    let positional = cx.positional();
    let (or, nr) = (struct_record(o, positional), struct_record(n, positional));
    match (or.container_default, nr.container_default) {
        (false, true) => (
            DeltaKind::FieldDefaultAdded,
            WireBreaks::NONE,
            Note::ContainerDefault(Change::Added),
        ),
        (true, false) => (
            DeltaKind::FieldDefaultRemoved,
            WireBreaks::backward(nr.fields.iter().any(|f| f.required)),
            Note::ContainerDefault(Change::Removed),
        ),
        _ => (
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            Note::ContainerDefault(Change::Changed),
        ),
    }
}

/// Every serde attribute of an item: container, fields, variants, variant fields.
fn serde_projection(item: &ItemShape) -> Vec<(String, Vec<Entry>)> {
    let mut out = Vec::new();
    match item {
        ItemShape::Struct(s) => {
            out.push((String::new(), s.attrs.serde.entries()));
            out.extend(s.fields.iter().map(|f| (f.name.clone(), f.serde.entries())));
        }
        ItemShape::Enum(e) => {
            out.push((String::new(), e.attrs.serde.entries()));
            for v in &e.variants {
                out.push((v.name.clone(), v.serde.entries()));
                out.extend(
                    v.fields
                        .iter()
                        .map(|f| (format!("{}.{}", v.name, f.name), f.serde.entries())),
                );
            }
        }
        _ => {}
    }
    out.retain(|(_, entries)| !entries.is_empty());
    out
}

/// Whether `before` and `after` differ only in their fields' and variants' serde
/// attributes (each side's container attributes kept).
pub(super) fn alike_but_member_serde(before: &Symbol, after: &Symbol) -> bool {
    let strip = |s: &Symbol| {
        let mut s = s.clone();
        match &mut s.item {
            Some(ItemShape::Struct(st)) => st
                .fields
                .iter_mut()
                .for_each(|f| f.serde = Default::default()),
            Some(ItemShape::Union(u)) => u
                .fields
                .iter_mut()
                .for_each(|f| f.serde = Default::default()),
            Some(ItemShape::Enum(e)) => {
                for v in &mut e.variants {
                    v.serde = Default::default();
                    v.fields
                        .iter_mut()
                        .for_each(|f| f.serde = Default::default());
                }
            }
            _ => {}
        }
        s
    };
    before != after && strip(before) == strip(after)
}
