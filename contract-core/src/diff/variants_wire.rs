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

/// One version pair of a variant.
struct Pair<'p, 'a> {
    o: &'p WireVariant<'a>,
    n: &'p WireVariant<'a>,
    positional: bool,
}

impl Pair<'_, '_> {
    fn differs(&self, keys: &[&str]) -> bool {
        differs(&self.o.shape.serde, &self.n.shape.serde, keys)
    }

    fn name(&self) -> &str {
        &self.n.shape.name
    }
}

/// What a rule found: the kind, the directions it breaks, the detail.
type Finding = (DeltaKind, WireBreaks, String);

/// The rules for the attributes of a variant present on both sides.
const PAIR_RULES: &[fn(&Pair<'_, '_>) -> Option<Finding>] =
    &[wire_name, aliases, skip, other, inert, unknown];

/// Old payloads carry a tag the new type does not read, new payloads one old readers
/// do not (a catch-all would read it as another variant); positional formats write
/// the index, not the name. A rename that keeps the tag changes no payload.
fn wire_name(p: &Pair<'_, '_>) -> Option<Finding> {
    let (o, n) = (p.o, p.n);
    if o.shape.name == n.shape.name && !p.differs(NAME_KEYS) {
        return None;
    }
    if o.ser == n.ser && o.de == n.de {
        return Some((
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            format!("variant `{}`: the wire name stays `{}`", p.name(), n.ser),
        ));
    }
    let breaks = if p.positional {
        WireBreaks::NONE
    } else {
        WireBreaks {
            backward: (o.emit && !n.accepts(&o.ser)) || (o.read && !n.accepts(&o.de)),
            forward: n.emit && !o.accepts(&n.ser),
        }
    };
    Some((
        DeltaKind::VariantWireNameChanged,
        breaks,
        format!(
            "variant `{}`: written as `{}`, was `{}`",
            p.name(),
            n.ser,
            o.ser
        ),
    ))
}

/// A lost alias no longer reads payloads the old type read; a new one reads more.
fn aliases(p: &Pair<'_, '_>) -> Option<Finding> {
    if p.o.aliases == p.n.aliases {
        return None;
    }
    let lost = p.o.aliases.iter().any(|a| !p.n.accepts(a));
    Some((
        DeltaKind::SerdeAttributeChanged,
        WireBreaks::backward(lost && p.o.read && !p.positional),
        format!("variant `{}`: aliases", p.name()),
    ))
}

/// No longer read: old payloads with it fail. No longer written: old readers simply
/// never see it.
fn skip(p: &Pair<'_, '_>) -> Option<Finding> {
    p.differs(SKIP_KEYS).then(|| {
        (
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::backward(p.o.read && !p.n.read),
            format!("variant `{}`: `skip`", p.name()),
        )
    })
}

/// Losing the catch-all rejects unknown tags the old type read. A changed argument
/// of `other` (which serde does not define) is assumed to change the payload.
fn other(p: &Pair<'_, '_>) -> Option<Finding> {
    let raw = |w: &WireVariant<'_>| w.shape.serde.get("other").cloned();
    (raw(p.o) != raw(p.n)).then(|| {
        let breaks = if p.o.other != p.n.other {
            WireBreaks::backward(p.o.other)
        } else {
            WireBreaks::BOTH
        };
        (
            DeltaKind::SerdeAttributeChanged,
            breaks,
            format!("variant `{}`: `other`", p.name()),
        )
    })
}

/// Trait bounds and borrowing do not change the payload.
fn inert(p: &Pair<'_, '_>) -> Option<Finding> {
    p.differs(INERT_KEYS).then(|| {
        (
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            format!(
                "variant `{}`: trait bounds or borrowing (not on the wire)",
                p.name()
            ),
        )
    })
}

/// An attribute this model does not know (`with`, `untagged`, …): assume the payload
/// changed.
fn unknown(p: &Pair<'_, '_>) -> Option<Finding> {
    let (os, ns) = (&p.o.shape.serde, &p.n.shape.serde);
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
    let key = os
        .keys()
        .chain(ns.keys())
        .find(|k| !known(k) && os.get(*k) != ns.get(*k))?;
    Some((
        DeltaKind::SerdeAttributeChanged,
        WireBreaks::BOTH,
        format!("variant `{}`: `{key}` changed", p.name()),
    ))
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
    let pair = Pair {
        o,
        n,
        positional: cx.positional(),
    };
    for rule in PAIR_RULES {
        if let Some((kind, breaks, detail)) = rule(&pair) {
            let delta = cx
                .wire(kind, detail, breaks)
                .change(render::variant(o.shape), render::variant(n.shape))
                .at(Element::Variant(name.clone()));
            cx.push(delta);
        }
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
