//! Enum variants on the serde wire axis: added (old consumers cannot read the new
//! tag), removed (old payloads carry it), renamed on the wire, aliased, skipped,
//! reshaped, their fields (as records, see `shared::wire`), and the variant index
//! positional formats write.

use super::align::{align, Alignment};
use super::shared::records::{self, tagging, variant_record, WireVariant};
use super::shared::wire::{self, compare_fields, first_difference, Place};
use super::Cx;
use crate::delta::{DeltaKind, Member, Note, Shown, Tagging};
use crate::policy::WireBreaks;
use crate::shape::{EnumShape, FieldStyle, ItemShape, Symbol};

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
    let (ov, nv) = (records::variants(old), records::variants(new));
    let alignment = pair(&ov, &nv);
    // The old enum's `#[serde(other)]` variant, as its readers see it.
    let catch_all = ov
        .iter()
        .any(|v| v.other)
        .then(|| tagging(&old.attrs.serde))
        .filter(|t| *t != Tagging::Untagged);
    for &j in &alignment.added {
        variant_added(cx, &nv[j], catch_all.as_ref());
    }
    for &i in &alignment.removed {
        variant_removed(cx, &ov[i]);
    }
    for p in &alignment.pairs {
        compare_variant(cx, old, new, &ov[p.old], &nv[p.new]);
    }
    if cx.positional() {
        indices(cx, &ov, &nv, &alignment);
    }
    untagged_order(cx, old, &ov, &nv, &alignment);
}

/// serde reads an untagged variant by trying each in declaration order (the
/// `#[serde(untagged)]` variants of a tagged enum after its tagged ones) and taking
/// the first that accepts the payload: reordering them changes what a payload reads
/// as (`Int(i64), Float(f64)` → `Float(f64), Int(i64)`: `1` becomes a `Float`).
/// Payloads are written alike whatever the order, so new readers meet old payloads
/// differently: a backward break.
fn untagged_order(
    cx: &mut Cx<'_>,
    old: &EnumShape,
    ov: &[WireVariant<'_>],
    nv: &[WireVariant<'_>],
    alignment: &Alignment,
) {
    let all = tagging(&old.attrs.serde) == Tagging::Untagged;
    let tried = |o: &WireVariant<'_>, n: &WireVariant<'_>| {
        (all || (o.shape.serde.untagged && n.shape.serde.untagged)) && o.read && n.read
    };
    let mut pairs: Vec<_> = alignment
        .pairs
        .iter()
        .filter(|p| tried(&ov[p.old], &nv[p.new]))
        .copied()
        .collect();
    pairs.sort_by_key(|p| p.old);
    if pairs.windows(2).all(|w| w[0].new < w[1].new) {
        return;
    }
    let was: Vec<String> = pairs.iter().map(|p| ov[p.old].shape.name.clone()).collect();
    pairs.sort_by_key(|p| p.new);
    let now: Vec<String> = pairs.iter().map(|p| ov[p.old].shape.name.clone()).collect();
    let delta = cx
        .wire(
            DeltaKind::FieldOrderChanged,
            Member::Item,
            WireBreaks::backward(true),
        )
        .note(Note::Order(crate::delta::OrderReason::Untagged))
        .change(Shown::Order(was), Shown::Order(now));
    cx.push(delta);
}

/// Pairs variants by Rust name, then by a tag one of them reads, then (a Rust
/// rename) by identical fields.
fn pair(old: &[WireVariant<'_>], new: &[WireVariant<'_>]) -> Alignment {
    let by_tag = |o: &WireVariant<'_>, n: &WireVariant<'_>| {
        (o.emit && n.accepts(&o.ser)) || (n.emit && o.accepts(&n.ser))
    };
    let by_shape = |o: &WireVariant<'_>, n: &WireVariant<'_>| {
        n.shape.style == o.shape.style && n.shape.fields == o.shape.fields
    };
    align(old, new, |v| v.shape.name.as_str(), &[&by_tag, &by_shape])
}

/// Old consumers meet a tag they do not know, unless the new variant is never
/// written or the old enum catches it with `#[serde(other)]`. The catch-all is a unit
/// variant (serde requires it, and requires it last: a new variant goes before it):
/// it reads any unknown tag of an internally tagged enum (the other fields are
/// ignored), but only a tag without content otherwise, so an externally or
/// adjacently tagged newtype, tuple or struct variant still fails old readers. (A
/// positional format sees the catch-all renumbered: `discriminant_changed`.)
fn variant_added(cx: &mut Cx<'_>, n: &WireVariant<'_>, catch_all: Option<&Tagging>) {
    let caught = match catch_all {
        Some(Tagging::Internal(_)) => true,
        Some(_) => n.shape.style == FieldStyle::Unit,
        None => false,
    };
    let breaks = WireBreaks::forward(n.emit && !caught);
    let delta = cx
        .wire(
            DeltaKind::VariantAdded,
            Member::variant(&n.shape.name),
            breaks,
        )
        .now(Shown::Variant(n.shape.clone()));
    cx.push(delta);
}

/// Old payloads that carry the variant (or that the old type read) no longer read
/// (a catch-all would swallow them: the value is lost either way).
fn variant_removed(cx: &mut Cx<'_>, o: &WireVariant<'_>) {
    let breaks = WireBreaks::backward(o.emit || o.read);
    let delta = cx
        .wire(
            DeltaKind::VariantRemoved,
            Member::variant(&o.shape.name),
            breaks,
        )
        .was(Shown::Variant(o.shape.clone()));
    cx.push(delta);
}

/// One version pair of a variant.
struct Pair<'p, 'a> {
    o: &'p WireVariant<'a>,
    n: &'p WireVariant<'a>,
    positional: bool,
}

/// What a rule found: the kind, the directions it breaks, the note.
type Finding = (DeltaKind, WireBreaks, Note);

/// The rules for the attributes of a variant present on both sides.
const PAIR_RULES: &[fn(&Pair<'_, '_>) -> Option<Finding>] =
    &[wire_name, aliases, skip, other, inert, unknown];

/// Old payloads carry a tag the new type does not read, new payloads one old readers
/// do not (a catch-all would read it as another variant); positional formats write
/// the index, not the name. A rename that keeps the tag changes no payload.
fn wire_name(p: &Pair<'_, '_>) -> Option<Finding> {
    let (o, n) = (p.o, p.n);
    if o.shape.name == n.shape.name && o.shape.serde.rename == n.shape.serde.rename {
        return None;
    }
    if o.ser == n.ser && o.de == n.de {
        return Some((
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            Note::WireNameKept(n.ser.clone()),
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
        Note::WireName {
            was: o.ser.clone(),
            now: n.ser.clone(),
        },
    ))
}

/// A lost alias no longer reads payloads the old type read; a new one reads more.
fn aliases(p: &Pair<'_, '_>) -> Option<Finding> {
    let (oa, na) = (&p.o.shape.serde.aliases, &p.n.shape.serde.aliases);
    if oa == na {
        return None;
    }
    let lost = oa.iter().any(|a| !p.n.accepts(a));
    Some((
        DeltaKind::SerdeAttributeChanged,
        WireBreaks::backward(lost && p.o.read && !p.positional),
        Note::Aliases,
    ))
}

/// No longer read: old payloads with it fail. No longer written: old readers simply
/// never see it.
fn skip(p: &Pair<'_, '_>) -> Option<Finding> {
    let (os, ns) = (&p.o.shape.serde, &p.n.shape.serde);
    ((os.skip_serializing, os.skip_deserializing) != (ns.skip_serializing, ns.skip_deserializing))
        .then(|| {
            let change = if p.o.read && !p.n.read {
                crate::delta::SkipChange::NoLongerRead
            } else if p.o.emit && !p.n.emit {
                crate::delta::SkipChange::NoLongerWritten
            } else {
                crate::delta::SkipChange::BackOnTheWire
            };
            (
                DeltaKind::SerdeAttributeChanged,
                WireBreaks::backward(p.o.read && !p.n.read),
                Note::Skip(change),
            )
        })
}

/// Losing the catch-all rejects unknown tags the old type read. (A changed argument
/// of `other`, which serde does not define, is kept as an unknown key.)
fn other(p: &Pair<'_, '_>) -> Option<Finding> {
    let (ou, nu) = (&p.o.shape.serde.unknown, &p.n.shape.serde.unknown);
    if ou.get("other") != nu.get("other") {
        return None; // `other = …` is not serde's: the unknown-key rule reports it
    }
    (p.o.other != p.n.other).then(|| {
        (
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::backward(p.o.other),
            Note::Other,
        )
    })
}

/// Trait bounds and borrowing do not change the payload.
fn inert(p: &Pair<'_, '_>) -> Option<Finding> {
    let (os, ns) = (&p.o.shape.serde, &p.n.shape.serde);
    (os.bound != ns.bound || os.borrow != ns.borrow).then_some((
        DeltaKind::SerdeAttributeChanged,
        WireBreaks::NONE,
        Note::Inert,
    ))
}

/// An attribute this model does not know (`with`, `untagged`, an argument to
/// `other`, …): assume the payload changed.
fn unknown(p: &Pair<'_, '_>) -> Option<Finding> {
    let (os, ns) = (&p.o.shape.serde, &p.n.shape.serde);
    let key = if os.untagged != ns.untagged {
        Some("untagged".to_owned())
    } else if os.serialize_with != ns.serialize_with || os.deserialize_with != ns.deserialize_with {
        Some("with".to_owned())
    } else {
        first_difference(&os.unknown, &ns.unknown)
    }?;
    Some((
        DeltaKind::SerdeAttributeChanged,
        WireBreaks::BOTH,
        Note::UnknownKey(key),
    ))
}

fn compare_variant(
    cx: &mut Cx<'_>,
    old_enum: &EnumShape,
    new_enum: &EnumShape,
    o: &WireVariant<'_>,
    n: &WireVariant<'_>,
) {
    let member = Member::variant(&o.shape.name);
    let shown = || {
        (
            Shown::Variant(o.shape.clone()),
            Shown::Variant(n.shape.clone()),
        )
    };
    let renamed = (o.shape.name != n.shape.name).then(|| n.shape.name.clone());
    let pair = Pair {
        o,
        n,
        positional: cx.positional(),
    };
    let push = |cx: &mut Cx<'_>, kind, breaks, note| {
        let (was, now) = shown();
        let mut delta = cx
            .wire(kind, member.clone(), breaks)
            .note(note)
            .change(was, now);
        if let Some(to) = &renamed {
            delta = delta.renamed(to);
        }
        cx.push(delta);
    };
    for rule in PAIR_RULES {
        if let Some((kind, breaks, note)) = rule(&pair) {
            push(cx, kind, breaks, note);
        }
    }
    if o.shape.style != n.shape.style {
        // Unit, newtype, tuple and struct variants are written in different forms.
        push(
            cx,
            DeltaKind::VariantKindChanged,
            WireBreaks::BOTH,
            Note::None,
        );
        return;
    }
    let positional = cx.positional();
    let (or, nr) = (
        variant_record(old_enum, o.shape, positional),
        variant_record(new_enum, n.shape, positional),
    );
    let rename_all_changed = o.shape.serde.rename_all != n.shape.serde.rename_all;
    if o.shape.fields != n.shape.fields || rename_all_changed {
        compare_fields(
            cx,
            &or,
            &nr,
            Place {
                variant: Some(&n.shape.name),
            },
        );
    }
    if rename_all_changed {
        push(
            cx,
            DeltaKind::ContainerRenameAllChanged,
            wire::rename_breaks(&or, &nr),
            Note::RenameAll,
        );
    }
}

/// Positional formats write a variant's index: a variant inserted, removed or moved
/// before it renumbers it.
fn indices(cx: &mut Cx<'_>, ov: &[WireVariant<'_>], nv: &[WireVariant<'_>], alignment: &Alignment) {
    for p in &alignment.pairs {
        let (o, n) = (&ov[p.old], &nv[p.new]);
        if o.index != n.index {
            let delta = cx
                .wire(
                    DeltaKind::DiscriminantChanged,
                    Member::variant(&n.shape.name),
                    WireBreaks::BOTH,
                )
                .change(
                    Shown::VariantIndex {
                        variant: o.shape.name.clone(),
                        index: o.index,
                    },
                    Shown::VariantIndex {
                        variant: n.shape.name.clone(),
                        index: n.index,
                    },
                );
            cx.push(delta);
        }
    }
}
