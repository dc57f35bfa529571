//! Struct fields on the serde wire axis: added, removed, renamed on the wire,
//! retyped, defaulted, skipped, flattened, reordered — each with the wire directions
//! it breaks (see `shared::wire`).

use super::shared::records::struct_record;
use super::shared::schema::{schema_of, sides, Side};
use super::shared::schema_reads::reads;
use super::shared::wire::{compare_fields, Place};
use super::Cx;
use crate::delta::{DeltaKind, Member, Note, Shown};
use crate::policy::WireBreaks;
use crate::serde_attrs::Entries;
use crate::shape::{FieldStyle, ItemShape, StructShape, Symbol};

/// The struct-fields wire family. Runs when both versions derive `Serialize` or
/// `Deserialize` (a derive added or removed is the container family's to report).
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(old_item @ ItemShape::Struct(old)), Some(new_item @ ItemShape::Struct(new))) =
        (&before.item, &after.item)
    else {
        return;
    };
    if !(old.attrs.has_wire() && new.attrs.has_wire()) {
        return;
    }
    if old.style != new.style {
        let delta = cx
            .wire(
                DeltaKind::SymbolKindChanged,
                Member::Item,
                reshape(old, new, sides(cx)),
            )
            .note(Note::PayloadForm)
            .change(
                Shown::Item(Box::new(old_item.clone())),
                Shown::Item(Box::new(new_item.clone())),
            );
        cx.push(delta);
        return;
    }
    let positional = cx.positional();
    compare_fields(
        cx,
        &struct_record(old, positional),
        &struct_record(new, positional),
        Place { variant: None },
    );
}

/// Unit, newtype, tuple and named structs are written as null, a value, a sequence
/// and a map. Serde reads a named struct from a sequence too (by position), so a
/// tuple struct that becomes a named one with the same field types still reads old
/// payloads, and old consumers of a named struct still read a tuple's sequence.
fn reshape(old: &StructShape, new: &StructShape, [os, ns]: [Side<'_>; 2]) -> WireBreaks {
    let positional = os.positional;
    let sequence = |s: &StructShape| {
        s.style == FieldStyle::Tuple && s.fields.len() != 1
            || s.style == FieldStyle::Named && positional
    };
    let aligned = |writer: &StructShape, reader: &StructShape, [ws, rs]: [Side<'_>; 2]| {
        writer.fields.len() == reader.fields.len()
            && writer.fields.iter().zip(&reader.fields).all(|(w, r)| {
                w.serde.is_empty()
                    && r.serde.is_empty()
                    && reads(
                        &schema_of(&w.ty, ws),
                        &schema_of(&r.ty, rs),
                        positional,
                        Vec::new(),
                    )
                    .is_ok()
            })
    };
    match (old.style, new.style) {
        (FieldStyle::Tuple, FieldStyle::Named) if sequence(old) => WireBreaks {
            backward: !aligned(old, new, [os, ns]),
            forward: true,
        },
        (FieldStyle::Named, FieldStyle::Tuple) if sequence(new) => WireBreaks {
            backward: true,
            forward: !aligned(new, old, [ns, os]),
        },
        _ => WireBreaks::BOTH,
    }
}
