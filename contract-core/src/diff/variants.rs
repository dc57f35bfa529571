//! Enum variants on the API axis: added (to an exhaustive enum or not), removed,
//! renamed, reshaped, renumbered.

use super::Cx;
use crate::delta::{DeltaKind, Element};
use crate::render;
use crate::shape::{ItemShape, Symbol, VariantShape};

/// The enum-variants family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(ItemShape::Enum(old)), Some(ItemShape::Enum(new))) = (&before.item, &after.item)
    else {
        return;
    };
    let find = |list: &'_ [VariantShape], name: &str| list.iter().position(|v| v.name == name);
    let mut removed: Vec<&VariantShape> = old
        .variants
        .iter()
        .filter(|v| find(&new.variants, &v.name).is_none())
        .collect();
    let mut added: Vec<&VariantShape> = new
        .variants
        .iter()
        .filter(|v| find(&old.variants, &v.name).is_none())
        .collect();

    removed.retain(|gone| {
        let Some(i) = added.iter().position(|v| same_but_name(gone, v)) else {
            return true;
        };
        let renamed = added.remove(i);
        let delta = cx
            .delta(
                DeltaKind::VariantRenamed,
                format!("variant `{}` renamed to `{}`", gone.name, renamed.name),
            )
            .change(render::variant(gone), render::variant(renamed))
            .at(Element::Variant(renamed.name.clone()));
        cx.push(delta);
        false
    });
    for gone in removed {
        let delta = cx
            .delta(
                DeltaKind::VariantRemoved,
                format!("variant `{}`", gone.name),
            )
            .change(render::variant(gone), "")
            .at(Element::Variant(gone.name.clone()));
        cx.push(delta);
    }
    for new_variant in added {
        let kind = if old.attrs.non_exhaustive {
            DeltaKind::VariantAdded
        } else {
            DeltaKind::VariantAddedToExhaustiveEnum
        };
        let delta = cx
            .delta(kind, format!("variant `{}`", new_variant.name))
            .change("", render::variant(new_variant))
            .at(Element::Variant(new_variant.name.clone()));
        cx.push(delta);
    }
    for old_variant in &old.variants {
        let Some(i) = find(&new.variants, &old_variant.name) else {
            continue;
        };
        let new_variant = &new.variants[i];
        let at = Element::Variant(new_variant.name.clone());
        if old_variant.style != new_variant.style || old_variant.fields != new_variant.fields {
            let delta = cx
                .delta(
                    DeltaKind::VariantKindChanged,
                    format!("fields of variant `{}`", new_variant.name),
                )
                .change(render::variant(old_variant), render::variant(new_variant))
                .at(changed_field(old_variant, new_variant).unwrap_or_else(|| at.clone()));
            cx.push(delta);
        }
        if old_variant.discriminant != new_variant.discriminant {
            let delta = cx
                .delta(
                    DeltaKind::DiscriminantChanged,
                    format!("discriminant of variant `{}`", new_variant.name),
                )
                .change(render::variant(old_variant), render::variant(new_variant))
                .at(at);
            cx.push(delta);
        }
    }
}

fn same_but_name(a: &VariantShape, b: &VariantShape) -> bool {
    a.style == b.style
        && a.fields == b.fields
        && a.discriminant == b.discriminant
        && a.serde == b.serde
}

/// The first field of the new variant that differs, to point diagnostics at it.
fn changed_field(old: &VariantShape, new: &VariantShape) -> Option<Element> {
    new.fields
        .iter()
        .find(|f| !old.fields.contains(f))
        .map(|f| Element::VariantField(new.name.clone(), f.name.clone()))
}
