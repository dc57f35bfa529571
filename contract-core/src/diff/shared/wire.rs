//! The comparison of two records of fields (what serde writes and reads of a struct or
//! a variant, [`super::records`]) in both wire directions. Comparing them says, per change, whether the new type still
//! reads old payloads (*backward*) and whether old consumers still read new
//! payloads (*forward*); `Cx::wire` turns that into a class under the set's policy.

use super::records::{Emit, Record, WireField, WireVariant};
use super::schema::{field_schema, Side};
use super::schema_reads::reads;
use crate::delta::{Change, DeltaKind, Member, Note, PayloadStep, Shown, SkipChange};
use crate::diff::align::{align, Alignment};
use crate::diff::Cx;
use crate::policy::WireBreaks;

/// Where a record sits: the variant whose fields these are, or `None` for a struct.
#[derive(Clone, Copy, Debug)]
pub struct Place<'a> {
    /// The variant.
    pub variant: Option<&'a str>,
}

impl Place<'_> {
    fn member(&self, field: &str) -> Member {
        match self.variant {
            Some(v) => Member::variant_field(v, field),
            None => Member::field(field),
        }
    }
}

/// Pairs fields of two records: by Rust name, then by a wire name one of them reads,
/// then (a Rust rename) by type in declaration order.
fn pair(old: &Record<'_>, new: &Record<'_>) -> Alignment {
    let keyed = !old.by_position && !new.by_position;
    let by_wire_name = |o: &WireField<'_>, n: &WireField<'_>| {
        keyed
            && ((o.emit != Emit::Never && n.accepts(&o.ser))
                || (n.emit != Emit::Never && o.accepts(&n.ser)))
    };
    let by_type = |o: &WireField<'_>, n: &WireField<'_>| o.shape.ty == n.shape.ty;
    // A flattened field has no key of its own: one renamed in Rust is the same place
    // in the payload (its type decides what is there).
    let flattened = |o: &WireField<'_>, n: &WireField<'_>| {
        keyed && o.shape.serde.flatten && n.shape.serde.flatten
    };
    align(
        &old.fields,
        &new.fields,
        |f| f.shape.name.as_str(),
        &[&by_wire_name, &by_type, &flattened],
    )
}

/// What a change of naming rule (`rename_all`) does to the fields both records
/// share: keys old payloads carry that the new type no longer reads, and keys new
/// payloads carry that old readers do not read.
pub fn rename_breaks(old: &Record<'_>, new: &Record<'_>) -> WireBreaks {
    if old.by_position || new.by_position {
        return WireBreaks::NONE;
    }
    let mut breaks = WireBreaks::NONE;
    for pair in pair(old, new).same() {
        let (o, n) = (&old.fields[pair.old], &new.fields[pair.new]);
        breaks = breaks.or(name_breaks(old, new, o, n));
    }
    breaks
}

/// Pushes the wire deltas between two records of one struct or variant.
pub fn compare_fields(cx: &mut Cx<'_>, old: &Record<'_>, new: &Record<'_>, place: Place<'_>) {
    let alignment = pair(old, new);
    let reshaped = old.newtype != new.newtype;
    for &j in &alignment.added {
        field_added(cx, old, new, &new.fields[j], reshaped, place);
    }
    for &i in &alignment.removed {
        field_removed(cx, old, new, &old.fields[i], reshaped, place);
    }
    for p in &alignment.pairs {
        compare_pair(cx, old, new, &old.fields[p.old], &new.fields[p.new], place);
    }
    order(cx, old, new, &alignment, place);
}

/// A field only the new record has.
fn field_added(
    cx: &mut Cx<'_>,
    old: &Record<'_>,
    new: &Record<'_>,
    n: &WireField<'_>,
    reshaped: bool,
    place: Place<'_>,
) {
    let appended = n.index >= old.fields.len();
    let fills = n.has_default || new.container_default;
    let breaks = if !n.on_wire() {
        // Never written, never read: payloads do not change.
        WireBreaks::NONE
    } else if reshaped {
        // A newtype's payload is its value; a tuple's is a sequence: neither reads the other.
        WireBreaks::BOTH
    } else if new.by_position {
        // Old sequences are shorter (fine only for a defaulted tail); new ones are
        // longer than old readers expect.
        WireBreaks {
            backward: n.read && !(appended && fills),
            forward: n.emit != Emit::Never,
        }
    } else {
        // Old payloads lack the key; old readers that deny unknown fields reject it.
        WireBreaks {
            backward: n.required,
            forward: old.deny_unknown && n.emit != Emit::Never && !old.accepts(&n.ser),
        }
    };
    let kind = if n.required && n.on_wire() {
        DeltaKind::RequiredFieldAdded
    } else {
        DeltaKind::FieldAddedWithDefault
    };
    let delta = cx
        .wire(kind, place.member(&n.shape.name), breaks)
        .now(Shown::Field(n.shape.clone()));
    cx.push(delta);
}

/// A field only the old record has.
fn field_removed(
    cx: &mut Cx<'_>,
    old: &Record<'_>,
    new: &Record<'_>,
    o: &WireField<'_>,
    reshaped: bool,
    place: Place<'_>,
) {
    if !o.on_wire() {
        return; // never on the wire: the API delta says it
    }
    let at_end = o.index >= new.fields.len();
    let fills = o.has_default || old.container_default;
    let breaks = if reshaped {
        WireBreaks::BOTH
    } else if old.by_position {
        // New readers see a longer (or shifted) old sequence; old readers miss an
        // element unless it was a defaulted tail.
        WireBreaks {
            backward: o.emit != Emit::Never,
            forward: o.read && !(at_end && fills),
        }
    } else {
        // New readers that deny unknown fields reject the old key; old readers that
        // require the field fail without it.
        let unknown =
            (o.emit != Emit::Never && !new.accepts(&o.ser)) || (o.read && !new.accepts(&o.de));
        WireBreaks {
            backward: new.deny_unknown && unknown,
            forward: o.required,
        }
    };
    let delta = cx
        .wire(DeltaKind::FieldRemoved, place.member(&o.shape.name), breaks)
        .was(Shown::Field(o.shape.clone()));
    cx.push(delta);
}

/// One version pair of a field, with the records around it and where each side's
/// types are read from.
struct Pair<'p, 'a> {
    old: &'p Record<'a>,
    new: &'p Record<'a>,
    o: &'p WireField<'a>,
    n: &'p WireField<'a>,
    sides: [Side<'p>; 2],
}

/// What a rule found: the kind, the directions it breaks, the note.
type Finding = (DeltaKind, WireBreaks, Note);

/// The rules for a field present on both sides, each looking at one aspect.
const PAIR_RULES: &[fn(&Pair<'_, '_>) -> Option<Finding>] = &[
    wire_name,
    alias_added,
    alias_removed,
    retyped,
    default_change,
    skip_change,
    skip_if_change,
    flatten,
    with_change,
    inert,
    unknown,
];

/// Every difference between two versions of one field.
fn compare_pair(
    cx: &mut Cx<'_>,
    old: &Record<'_>,
    new: &Record<'_>,
    o: &WireField<'_>,
    n: &WireField<'_>,
    place: Place<'_>,
) {
    let sides = super::schema::sides(cx);
    let pair = Pair {
        old,
        new,
        o,
        n,
        sides,
    };
    for rule in PAIR_RULES {
        if let Some((kind, breaks, note)) = rule(&pair) {
            let mut delta = cx
                .wire(kind, place.member(&o.shape.name), breaks)
                .note(note)
                .change(Shown::Field(o.shape.clone()), Shown::Field(n.shape.clone()));
            if o.shape.name != n.shape.name {
                delta = delta.renamed(&n.shape.name);
            }
            cx.push(delta);
        }
    }
}

/// A Rust or serde rename that changes the wire name breaks the readers that look for
/// the other name; one that keeps it changes no payload. (Names the container's
/// `rename_all` explains are the container rule's to report.)
fn wire_name(p: &Pair<'_, '_>) -> Option<Finding> {
    let (o, n) = (p.o, p.n);
    if o.shape.name == n.shape.name && o.shape.serde.rename == n.shape.serde.rename {
        return None;
    }
    if o.shape.serde.flatten && n.shape.serde.flatten {
        return None; // no key of its own to rename
    }
    Some(if o.ser != n.ser || o.de != n.de {
        (
            DeltaKind::FieldWireNameChanged,
            name_breaks(p.old, p.new, o, n),
            Note::WireName {
                was: o.ser.clone(),
                now: n.ser.clone(),
            },
        )
    } else {
        (
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            Note::WireNameKept(n.ser.clone()),
        )
    })
}

/// A new alias only widens what readers accept.
fn alias_added(p: &Pair<'_, '_>) -> Option<Finding> {
    let gained =
        p.n.shape
            .serde
            .aliases
            .difference(&p.o.shape.serde.aliases)
            .next()?;
    Some((
        DeltaKind::FieldAliasAdded,
        WireBreaks::NONE,
        Note::Alias(gained.clone()),
    ))
}

/// Payloads that used a lost alias (and that the old type read) no longer read.
fn alias_removed(p: &Pair<'_, '_>) -> Option<Finding> {
    let lost: Vec<&String> =
        p.o.shape
            .serde
            .aliases
            .difference(&p.n.shape.serde.aliases)
            .collect();
    let first = lost.first()?;
    let unread = lost.iter().any(|a| !p.n.accepts(a));
    Some((
        DeltaKind::FieldAliasRemoved,
        WireBreaks::backward(!p.new.by_position && p.o.read && unread),
        Note::Alias((*first).clone()),
    ))
}

/// A reader of the new type must read what the old type wrote, and the reverse, as
/// serde's data model reads the two types (`shared::schema_reads`); each breaking
/// direction carries a payload it fails on.
fn retyped(p: &Pair<'_, '_>) -> Option<Finding> {
    let (o, n) = (p.o, p.n);
    if o.shape.ty == n.shape.ty {
        return None;
    }
    let (os, ns) = (&o.shape.serde, &n.shape.serde);
    if os.serialize_with != ns.serialize_with || os.deserialize_with != ns.deserialize_with {
        return None; // a custom (de)serializer changed with it: `with_change` says it once
    }
    let kind = if o.shape.ty.option_inner() == Some(&n.shape.ty) {
        DeltaKind::FieldTypeNarrowed
    } else {
        DeltaKind::FieldTypeChanged
    };
    let [old_side, new_side] = p.sides;
    let was = field_schema(o.shape, old_side);
    let now = field_schema(n.shape, new_side);
    let at = |f: &WireField<'_>| {
        vec![if p.old.by_position || p.new.by_position {
            PayloadStep::Position(f.index)
        } else {
            PayloadStep::Key(f.ser.clone())
        }]
    };
    let positional = old_side.positional;
    let backward = (o.emit != Emit::Never && n.read)
        .then(|| reads(&was, &now, positional, at(o)).err())
        .flatten();
    let forward = (n.emit != Emit::Never && o.read)
        .then(|| reads(&now, &was, positional, at(n)).err())
        .flatten();
    let breaks = WireBreaks {
        backward: backward.is_some(),
        forward: forward.is_some(),
    };
    let note = if breaks.any() {
        Note::Payloads {
            backward: backward.map(Box::new),
            forward: forward.map(Box::new),
        }
    } else {
        Note::None
    };
    Some((kind, breaks, note))
}

/// The value moves between its own key and its parent's keys.
fn flatten(p: &Pair<'_, '_>) -> Option<Finding> {
    (p.o.shape.serde.flatten != p.n.shape.serde.flatten).then_some((
        DeltaKind::FieldFlattenChanged,
        WireBreaks::BOTH,
        Note::Flatten,
    ))
}

/// Trait bounds, borrowing and remote getters do not change the payload.
fn inert(p: &Pair<'_, '_>) -> Option<Finding> {
    let (o, n) = (&p.o.shape.serde, &p.n.shape.serde);
    (o.bound != n.bound || o.borrow != n.borrow || o.getter != n.getter).then_some((
        DeltaKind::SerdeAttributeChanged,
        WireBreaks::NONE,
        Note::Inert,
    ))
}

/// An attribute this model does not know: assume the payload changed.
fn unknown(p: &Pair<'_, '_>) -> Option<Finding> {
    let key = first_difference(&p.o.shape.serde.unknown, &p.n.shape.serde.unknown)?;
    Some((
        DeltaKind::SerdeAttributeChanged,
        WireBreaks::BOTH,
        Note::UnknownKey(key),
    ))
}

/// The first key whose value differs between two maps of keys this model does not
/// know.
pub fn first_difference(
    a: &std::collections::BTreeMap<String, String>,
    b: &std::collections::BTreeMap<String, String>,
) -> Option<String> {
    a.keys()
        .chain(b.keys())
        .find(|k| a.get(*k) != b.get(*k))
        .cloned()
}

/// A field's own wire name changed: old payloads carry a key the new type does not
/// read, new payloads one old readers do not read (a required field then fails, an
/// optional one silently loses its value; both are breaks).
fn name_breaks(
    old: &Record<'_>,
    new: &Record<'_>,
    o: &WireField<'_>,
    n: &WireField<'_>,
) -> WireBreaks {
    if old.by_position || new.by_position {
        return WireBreaks::NONE; // names are not on a positional wire
    }
    WireBreaks {
        backward: (o.emit != Emit::Never && n.read && !n.accepts(&o.ser))
            || (o.read && n.read && !n.accepts(&o.de)),
        forward: n.emit != Emit::Never && o.read && !o.accepts(&n.ser),
    }
}

/// `#[serde(default)]` added lets readers accept payloads without the field; removed,
/// payloads without it (which the old type read) fail.
fn default_change(p: &Pair<'_, '_>) -> Option<Finding> {
    if p.o.shape.serde.default == p.n.shape.serde.default {
        return None;
    }
    Some(match (p.o.has_default, p.n.has_default) {
        (false, true) => (
            DeltaKind::FieldDefaultAdded,
            WireBreaks::NONE,
            Note::Default(Change::Added),
        ),
        (true, false) => (
            DeltaKind::FieldDefaultRemoved,
            WireBreaks::backward(p.n.required),
            Note::Default(Change::Removed),
        ),
        _ => (
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            Note::Default(Change::Changed),
        ),
    })
}

/// `skip*` changed: a field that stops being read drops what old payloads carry; one
/// that stops being written leaves old readers without it; one that comes onto the
/// wire is like an added field.
fn skip_change(p: &Pair<'_, '_>) -> Option<Finding> {
    let (os, ns) = (&p.o.shape.serde, &p.n.shape.serde);
    if (os.skip_serializing, os.skip_deserializing) == (ns.skip_serializing, ns.skip_deserializing)
    {
        return None;
    }
    let (old, new, o, n) = (p.old, p.new, p.o, p.n);
    let stop_emit = o.emit != Emit::Never && n.emit == Emit::Never;
    let stop_read = o.read && !n.read;
    let start_emit = o.emit == Emit::Never && n.emit != Emit::Never;
    let start_read = !o.read && n.read;
    if old.by_position || new.by_position {
        // Skipping shifts every later element of the sequence.
        let moved = stop_emit || stop_read || start_emit || start_read;
        return Some((
            DeltaKind::FieldSkipped,
            if moved {
                WireBreaks::BOTH
            } else {
                WireBreaks::NONE
            },
            Note::Skip(SkipChange::Positional),
        ));
    }
    if stop_emit || stop_read {
        let breaks = WireBreaks {
            backward: stop_read && o.emit != Emit::Never,
            forward: stop_emit && o.read,
        };
        let change = if stop_read {
            SkipChange::NoLongerRead
        } else {
            SkipChange::NoLongerWritten
        };
        return Some((DeltaKind::FieldSkipped, breaks, Note::Skip(change)));
    }
    if start_emit || start_read {
        let breaks = WireBreaks {
            backward: start_read && n.required && o.emit == Emit::Never,
            forward: start_emit && old.deny_unknown && !old.accepts(&n.ser),
        };
        let kind = if breaks.backward {
            DeltaKind::RequiredFieldAdded
        } else {
            DeltaKind::FieldAddedWithDefault
        };
        return Some((kind, breaks, Note::Skip(SkipChange::BackOnTheWire)));
    }
    Some((
        DeltaKind::SerdeAttributeChanged,
        WireBreaks::NONE,
        Note::Skip(SkipChange::Respelled),
    ))
}

/// `skip_serializing_if` added: the field is sometimes missing, which old readers
/// that require it reject; removed or changed, readers still read. Positional
/// formats cannot omit an element at all.
fn skip_if_change(p: &Pair<'_, '_>) -> Option<Finding> {
    if p.o.shape.serde.skip_serializing_if == p.n.shape.serde.skip_serializing_if {
        return None;
    }
    let breaks = if p.old.by_position {
        WireBreaks::BOTH
    } else {
        WireBreaks::forward(p.o.emit == Emit::Always && p.n.emit == Emit::Sometimes && p.o.required)
    };
    Some((DeltaKind::SerdeAttributeChanged, breaks, Note::SkipIf))
}

/// Custom (de)serialisers are opaque: assume the side they replace changed.
fn with_change(p: &Pair<'_, '_>) -> Option<Finding> {
    let (os, ns) = (&p.o.shape.serde, &p.n.shape.serde);
    let de = os.deserialize_with != ns.deserialize_with;
    let ser = os.serialize_with != ns.serialize_with;
    (de || ser).then_some((
        DeltaKind::SerdeAttributeChanged,
        WireBreaks {
            backward: de,
            forward: ser,
        },
        Note::With,
    ))
}

/// The fields both records share appear in another order: positional payloads read
/// them into the wrong fields; keyed payloads do not care.
fn order(
    cx: &mut Cx<'_>,
    old: &Record<'_>,
    new: &Record<'_>,
    alignment: &Alignment,
    place: Place<'_>,
) {
    if alignment.order_kept() {
        return;
    }
    let mut by_new = alignment.pairs.clone();
    by_new.sort_by_key(|p| p.new);
    let was: Vec<String> = alignment
        .pairs
        .iter()
        .map(|p| old.fields[p.old].shape.name.clone())
        .collect();
    let now: Vec<String> = by_new
        .iter()
        .map(|p| old.fields[p.old].shape.name.clone())
        .collect();
    let breaks = if old.by_position || new.by_position {
        WireBreaks::BOTH
    } else {
        WireBreaks::NONE
    };
    let member = match place.variant {
        Some(v) => Member::variant(v),
        None => Member::Item,
    };
    let delta = cx
        .wire(DeltaKind::FieldOrderChanged, member, breaks)
        .note(Note::Order(crate::delta::OrderReason::Wire))
        .change(Shown::Order(was), Shown::Order(now));
    cx.push(delta);
}

/// Every variant's tag that an old reader and a new reader disagree on, as the
/// directions it breaks (a changed `rename_all` on an enum).
pub fn tag_breaks(old: &[WireVariant<'_>], new: &[WireVariant<'_>]) -> WireBreaks {
    let mut breaks = WireBreaks::NONE;
    for o in old {
        let Some(n) = new.iter().find(|n| n.shape.name == o.shape.name) else {
            continue;
        };
        breaks = breaks.or(WireBreaks {
            backward: (o.emit && !n.accepts(&o.ser)) || (o.read && !n.accepts(&o.de)),
            forward: n.emit && !o.accepts(&n.ser),
        });
    }
    breaks
}
