//! Enum variants on the serde wire axis: added (old consumers cannot read the new
//! tag), removed (old payloads carry it), renamed on the wire, aliased, skipped,
//! reshaped, their fields (as records, see `shared::wire`), and the variant index
//! positional formats write.

use super::shared::wire::{self, compare_fields, variant_record, Place, Repr, WireVariant};
use super::Cx;
use crate::delta::{DeltaKind, Element};
use crate::policy::WireBreaks;
use crate::render;
use crate::shape::{EnumShape, ItemShape, SerdeAttrs, Symbol};

/// The enum-variants wire family. Runs when both versions derive `Serialize` or
/// `Deserialize`.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(ItemShape::Enum(old)), Some(ItemShape::Enum(new))) = (&before.item, &after.item)
    else {
        return;
    };
    if !(old.attrs.has_wire() && new.attrs.has_wire()) {
        return;
    }
    let (ov, nv) = (wire::variants(old), wire::variants(new));
    let (pairs, removed, added) = pair(&ov, &nv);
    let catch_all = ov.iter().any(|v| v.other) && wire::repr(&old.attrs.serde) != Repr::Untagged;
    for n in added {
        variant_added(cx, n, catch_all);
    }
    for o in removed {
        variant_removed(cx, o);
    }
    for (o, n) in &pairs {
        compare_variant(cx, old, new, o, n);
    }
    if cx.positional() {
        indices(cx, &pairs);
    }
}

/// Pairs variants by Rust name, then by a tag one of them reads, then (a Rust
/// rename) by identical fields.
fn pair<'r, 'a>(
    old: &'r [WireVariant<'a>],
    new: &'r [WireVariant<'a>],
) -> (
    Vec<(&'r WireVariant<'a>, &'r WireVariant<'a>)>,
    Vec<&'r WireVariant<'a>>,
    Vec<&'r WireVariant<'a>>,
) {
    let mut pairs = Vec::new();
    let mut added: Vec<&WireVariant> = new.iter().collect();
    let mut rest = Vec::new();
    for o in old {
        match added.iter().position(|n| n.shape.name == o.shape.name) {
            Some(i) => pairs.push((o, added.remove(i))),
            None => rest.push(o),
        }
    }
    let mut removed = Vec::new();
    for o in rest {
        let by_tag = added
            .iter()
            .position(|n| (o.emit && n.accepts(&o.ser)) || (n.emit && o.accepts(&n.ser)));
        let by_shape = || {
            added
                .iter()
                .position(|n| n.shape.style == o.shape.style && n.shape.fields == o.shape.fields)
        };
        match by_tag.or_else(by_shape) {
            Some(i) => pairs.push((o, added.remove(i))),
            None => removed.push(o),
        }
    }
    (pairs, removed, added)
}

/// Old consumers meet a tag they do not know, unless the old enum catches unknown
/// tags with `#[serde(other)]` or the new variant is never written.
fn variant_added(cx: &mut Cx<'_>, n: &WireVariant<'_>, catch_all: bool) {
    let breaks = WireBreaks::forward(n.emit && !catch_all);
    let delta = cx
        .wire(
            DeltaKind::VariantAdded,
            format!("variant `{}`", n.shape.name),
            breaks,
        )
        .change("", render::variant(n.shape))
        .at(Element::Variant(n.shape.name.clone()));
    cx.push(delta);
}

/// Old payloads that carry the variant (or that the old type read) no longer read
/// (a catch-all would swallow them: the value is lost either way).
fn variant_removed(cx: &mut Cx<'_>, o: &WireVariant<'_>) {
    let breaks = WireBreaks::backward(o.emit || o.read);
    let delta = cx
        .wire(
            DeltaKind::VariantRemoved,
            format!("variant `{}`", o.shape.name),
            breaks,
        )
        .change(render::variant(o.shape), "")
        .at(Element::Variant(o.shape.name.clone()));
    cx.push(delta);
}

/// Serde variant-attribute keys this family reads.
const NAME_KEYS: &[&str] = &["rename", "rename.serialize", "rename.deserialize"];
const SKIP_KEYS: &[&str] = &["skip", "skip_serializing", "skip_deserializing"];
/// Keys judged elsewhere (`rename_all` names the variant's fields) or inert.
const FIELD_KEYS: &[&str] = &[
    "rename_all",
    "rename_all.serialize",
    "rename_all.deserialize",
];
const INERT_KEYS: &[&str] = &["bound", "bound.serialize", "bound.deserialize", "borrow"];

fn differs(a: &SerdeAttrs, b: &SerdeAttrs, keys: &[&str]) -> bool {
    keys.iter().any(|k| a.get(*k) != b.get(*k))
}

fn compare_variant(
    cx: &mut Cx<'_>,
    old_enum: &EnumShape,
    new_enum: &EnumShape,
    o: &WireVariant<'_>,
    n: &WireVariant<'_>,
) {
    let (os, ns) = (&o.shape.serde, &n.shape.serde);
    let name = &n.shape.name;
    let mut found: Vec<(DeltaKind, WireBreaks, String)> = Vec::new();
    let renamed_here = o.shape.name != n.shape.name || differs(os, ns, NAME_KEYS);
    if renamed_here && (o.ser != n.ser || o.de != n.de) {
        // Old payloads carry a tag the new type does not read; new payloads one old
        // readers do not (a catch-all would read it as another variant).
        let breaks = if cx.positional() {
            WireBreaks::NONE // positional formats write the index, not the name
        } else {
            WireBreaks {
                backward: (o.emit && !n.accepts(&o.ser)) || (o.read && !n.accepts(&o.de)),
                forward: n.emit && !o.accepts(&n.ser),
            }
        };
        found.push((
            DeltaKind::VariantWireNameChanged,
            breaks,
            format!("variant `{name}`: written as `{}`, was `{}`", n.ser, o.ser),
        ));
    } else if renamed_here {
        found.push((
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            format!("variant `{name}`: the wire name stays `{}`", n.ser),
        ));
    }
    if o.aliases != n.aliases {
        // A lost alias no longer reads payloads the old type read; a new one reads more.
        let lost = o.aliases.iter().any(|a| !n.accepts(a));
        found.push((
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::backward(lost && o.read && !cx.positional()),
            format!("variant `{name}`: aliases"),
        ));
    }
    if differs(os, ns, SKIP_KEYS) {
        // No longer read: old payloads with it fail. No longer written: old readers
        // simply never see it.
        let breaks = WireBreaks::backward(o.read && !n.read);
        found.push((
            DeltaKind::SerdeAttributeChanged,
            breaks,
            format!("variant `{name}`: `skip`"),
        ));
    }
    if o.other != n.other {
        // Losing the catch-all rejects unknown tags the old type read.
        found.push((
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::backward(o.other),
            format!("variant `{name}`: `other`"),
        ));
    }
    if differs(os, ns, INERT_KEYS) {
        found.push((
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            format!("variant `{name}`: trait bounds or borrowing (not on the wire)"),
        ));
    }
    let known = |k: &String| {
        [
            NAME_KEYS,
            SKIP_KEYS,
            FIELD_KEYS,
            INERT_KEYS,
            &["alias", "other"],
        ]
        .iter()
        .any(|g| g.contains(&k.as_str()))
    };
    let unknown: Vec<&String> = os
        .keys()
        .chain(ns.keys())
        .filter(|k| !known(k) && os.get(*k) != ns.get(*k))
        .collect();
    if !unknown.is_empty() {
        // An attribute this model does not know (`with`, `untagged`, …): assume the
        // payload changed.
        found.push((
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::BOTH,
            format!("variant `{name}`: `{}` changed", unknown[0]),
        ));
    }
    for (kind, breaks, detail) in found {
        let delta = cx
            .wire(kind, detail, breaks)
            .change(render::variant(o.shape), render::variant(n.shape))
            .at(Element::Variant(name.clone()));
        cx.push(delta);
    }
    if o.shape.style != n.shape.style {
        // Unit, newtype, tuple and struct variants are written in different forms.
        let delta = cx
            .wire(
                DeltaKind::VariantKindChanged,
                format!("form of variant `{name}`"),
                WireBreaks::BOTH,
            )
            .change(render::variant(o.shape), render::variant(n.shape))
            .at(Element::Variant(name.clone()));
        cx.push(delta);
        return;
    }
    let positional = cx.positional();
    let (or, nr) = (
        variant_record(old_enum, o.shape, positional),
        variant_record(new_enum, n.shape, positional),
    );
    if o.shape.fields != n.shape.fields || differs(os, ns, FIELD_KEYS) {
        compare_fields(
            cx,
            &or,
            &nr,
            Place {
                variant: Some(name),
            },
        );
    }
    if differs(os, ns, FIELD_KEYS) {
        let delta = cx
            .wire(
                DeltaKind::ContainerRenameAllChanged,
                format!("`rename_all` of variant `{name}`"),
                wire::rename_breaks(&or, &nr),
            )
            .change(render::variant(o.shape), render::variant(n.shape))
            .at(Element::Variant(name.clone()));
        cx.push(delta);
    }
}

/// Positional formats write a variant's index: a variant inserted, removed or moved
/// before it renumbers it.
fn indices(cx: &mut Cx<'_>, pairs: &[(&WireVariant<'_>, &WireVariant<'_>)]) {
    for (o, n) in pairs {
        if o.index != n.index {
            let delta = cx
                .wire(
                    DeltaKind::DiscriminantChanged,
                    format!(
                        "variant `{}` is written as index {}, was {}",
                        n.shape.name, n.index, o.index
                    ),
                    WireBreaks::BOTH,
                )
                .change(
                    format!("{} (index {})", o.shape.name, o.index),
                    format!("{} (index {})", n.shape.name, n.index),
                )
                .at(Element::Variant(n.shape.name.clone()));
            cx.push(delta);
        }
    }
}
