//! Struct fields on the serde wire axis: added, removed, renamed on the wire,
//! retyped, defaulted, skipped, flattened, reordered — each with the wire directions
//! it breaks (see `shared::wire`).

use super::shared::wire::{compare_fields, struct_record, Place};
use super::Cx;
use crate::delta::DeltaKind;
use crate::policy::WireBreaks;
use crate::render;
use crate::shape::{ItemShape, Symbol};

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
        // Unit, tuple and named structs are written as null, a sequence and a map.
        let delta = cx
            .wire(
                DeltaKind::SymbolKindChanged,
                "the payload changes form (unit, tuple or named struct)",
                WireBreaks::BOTH,
            )
            .change(
                render::item_decl(cx.symbol, old_item),
                render::item_decl(cx.symbol, new_item),
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
