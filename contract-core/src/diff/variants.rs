//! Enum variants on the API axis: added (to an exhaustive enum or not), removed,
//! renamed, reshaped, their fields retyped or renamed, discriminants (explicit or
//! implicit by position), declaration order. Their serde side is `variants_wire`'s.

use super::Cx;
use crate::delta::{Axis, Class, DeltaKind, Element};
use crate::render;
use crate::shape::{EnumShape, FieldShape, FieldStyle, ItemShape, Symbol, VariantShape};

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

    // A removal and an addition identical but for the name is a rename: every
    // `Enum::Old` in consumer code breaks.
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
        // Every match arm and constructor naming it breaks.
        let delta = cx
            .delta(
                DeltaKind::VariantRemoved,
                format!("variant `{}`", gone.name),
            )
            .change(render::variant(gone), "")
            .at(Element::Variant(gone.name.clone()));
        cx.push(delta);
    }
    for new_variant in &added {
        let delta = cx
            .delta(
                variant_added(old),
                format!("variant `{}`", new_variant.name),
            )
            .change("", render::variant(new_variant))
            .at(Element::Variant(new_variant.name.clone()));
        cx.push(delta);
    }
    for old_variant in &old.variants {
        if let Some(i) = find(&new.variants, &old_variant.name) {
            compare_variant(cx, old, old_variant, &new.variants[i]);
        }
    }
    discriminants(cx, old, new);
    order(cx, old, new);
}

/// Consumers of a `#[non_exhaustive]` enum already have a wildcard arm; consumers of
/// an exhaustive one have matches that stop compiling.
fn variant_added(old: &EnumShape) -> DeltaKind {
    if old.attrs.non_exhaustive {
        DeltaKind::VariantAdded
    } else {
        DeltaKind::VariantAddedToExhaustiveEnum
    }
}

/// Same form, same fields and same explicit discriminant (serde attributes may
/// differ: the wire family judges them).
fn same_but_name(a: &VariantShape, b: &VariantShape) -> bool {
    a.style == b.style && a.fields == b.fields && a.discriminant == b.discriminant
}

fn compare_variant(cx: &mut Cx<'_>, e: &EnumShape, old: &VariantShape, new: &VariantShape) {
    let at = Element::Variant(new.name.clone());
    let (before, after) = (render::variant(old), render::variant(new));
    if old.style != new.style {
        // `V`, `V(..)` and `V { .. }` are built and matched differently.
        let delta = cx
            .delta(
                DeltaKind::VariantKindChanged,
                format!("form of variant `{}`", new.name),
            )
            .change(before, after)
            .at(at);
        cx.push(delta);
        return;
    }
    let names = |fields: &[FieldShape]| fields.iter().map(|f| f.name.clone()).collect::<Vec<_>>();
    let mut gone: Vec<&FieldShape> = old
        .fields
        .iter()
        .filter(|f| !new.fields.iter().any(|g| g.name == f.name))
        .collect();
    let mut fresh: Vec<&FieldShape> = new
        .fields
        .iter()
        .filter(|f| !old.fields.iter().any(|g| g.name == f.name))
        .collect();
    gone.retain(|g| {
        let Some(i) = fresh.iter().position(|f| f.ty == g.ty) else {
            return true;
        };
        let renamed = fresh.remove(i);
        // Patterns and constructors name variant fields.
        let delta = cx
            .delta(
                DeltaKind::FieldRenamed,
                format!(
                    "field `{}` of variant `{}` renamed to `{}`",
                    g.name, new.name, renamed.name
                ),
            )
            .change(before.clone(), after.clone())
            .at(Element::VariantField(
                new.name.clone(),
                renamed.name.clone(),
            ));
        cx.push(delta);
        false
    });
    if !gone.is_empty() || !fresh.is_empty() {
        // Variant fields are all public: every constructor and exhaustive pattern breaks.
        let which = fresh
            .first()
            .map(|f| Element::VariantField(new.name.clone(), f.name.clone()))
            .unwrap_or_else(|| at.clone());
        let delta = cx
            .delta(
                DeltaKind::VariantKindChanged,
                format!("fields of variant `{}` added or removed", new.name),
            )
            .change(before.clone(), after.clone())
            .at(which);
        cx.push(delta);
    }
    for of in &old.fields {
        let Some(nf) = new.fields.iter().find(|f| f.name == of.name) else {
            continue;
        };
        if of.ty != nf.ty {
            let narrowed = of
                .ty
                .strip_prefix("Option<")
                .and_then(|t| t.strip_suffix('>'))
                == Some(nf.ty.as_str());
            // Every constructor passes, and every pattern binds, the old type.
            let delta = cx
                .delta(
                    if narrowed {
                        DeltaKind::FieldTypeNarrowed
                    } else {
                        DeltaKind::FieldTypeChanged
                    },
                    format!("type of field `{}` of variant `{}`", nf.name, new.name),
                )
                .change(before.clone(), after.clone())
                .at(Element::VariantField(new.name.clone(), nf.name.clone()));
            cx.push(delta);
        }
    }
    let old_names: Vec<String> = names(&old.fields)
        .into_iter()
        .filter(|n| new.fields.iter().any(|f| &f.name == n))
        .collect();
    let new_names: Vec<String> = names(&new.fields)
        .into_iter()
        .filter(|n| old.fields.iter().any(|f| &f.name == n))
        .collect();
    if new.style == FieldStyle::Named && old_names != new_names {
        // Named fields are matched by name; derived `PartialOrd`/`Ord` compare in order.
        let delta = cx
            .delta(
                DeltaKind::FieldOrderChanged,
                format!("field order of variant `{}`", new.name),
            )
            .on(Axis::Api)
            .class(ordered_class(e))
            .change(old_names.join(", "), new_names.join(", "))
            .at(at.clone());
        cx.push(delta);
    }
    if old.discriminant != new.discriminant {
        // `as` casts and FFI read the explicit value.
        let delta = cx
            .delta(
                DeltaKind::DiscriminantChanged,
                format!("discriminant of variant `{}`", new.name),
            )
            .change(before, after)
            .at(at);
        cx.push(delta);
    }
}

fn ordered_class(e: &EnumShape) -> Class {
    if e.attrs.derives.contains("PartialOrd") || e.attrs.derives.contains("Ord") {
        Class::Breaking
    } else {
        Class::Additive
    }
}

/// In a fieldless enum every variant has a value (`as` casts read it), implicit ones
/// counting up from the previous: inserting or reordering variants renumbers them.
fn discriminants(cx: &mut Cx<'_>, old: &EnumShape, new: &EnumShape) {
    if !(fieldless(old) && fieldless(new)) {
        return;
    }
    let (ov, nv) = (values(old), values(new));
    for (i, v) in old.variants.iter().enumerate() {
        let Some(j) = new.variants.iter().position(|w| w.name == v.name) else {
            continue;
        };
        let w = &new.variants[j];
        if ov[i] != nv[j] && v.discriminant == w.discriminant {
            let delta = cx
                .delta(
                    DeltaKind::DiscriminantChanged,
                    format!(
                        "implicit discriminant of variant `{}`: {} -> {}",
                        w.name,
                        show(&ov[i]),
                        show(&nv[j])
                    ),
                )
                .change(
                    format!("{} = {}", v.name, show(&ov[i])),
                    format!("{} = {}", w.name, show(&nv[j])),
                )
                .at(Element::Variant(w.name.clone()));
            cx.push(delta);
        }
    }
}

fn fieldless(e: &EnumShape) -> bool {
    !e.variants.is_empty() && e.variants.iter().all(|v| v.style == FieldStyle::Unit)
}

/// Each variant's value as (base expression, offset): `A = 5, B` is `(5, 0), (5, 1)`.
fn values(e: &EnumShape) -> Vec<(String, i128)> {
    let mut out: Vec<(String, i128)> = Vec::with_capacity(e.variants.len());
    for v in &e.variants {
        let next = match (&v.discriminant, out.last()) {
            (Some(expr), _) => match parse_int(expr) {
                Some(n) => (String::new(), n),
                None => (expr.clone(), 0),
            },
            (None, Some((base, n))) => (base.clone(), n + 1),
            (None, None) => (String::new(), 0),
        };
        out.push(next);
    }
    out
}

fn show((base, n): &(String, i128)) -> String {
    match (base.is_empty(), n) {
        (true, n) => n.to_string(),
        (false, 0) => base.clone(),
        (false, n) => format!("{base} + {n}"),
    }
}

/// An integer literal as written (`-3`, `0x1F`, `1_000u16`).
fn parse_int(expr: &str) -> Option<i128> {
    let (negative, rest) = match expr.strip_prefix('-') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, expr),
    };
    let digits: String = rest.chars().filter(|c| *c != '_').collect();
    let digits = strip_suffix(&digits);
    let value = if let Some(hex) = digits.strip_prefix("0x") {
        i128::from_str_radix(hex, 16).ok()?
    } else if let Some(oct) = digits.strip_prefix("0o") {
        i128::from_str_radix(oct, 8).ok()?
    } else if let Some(bin) = digits.strip_prefix("0b") {
        i128::from_str_radix(bin, 2).ok()?
    } else {
        digits.parse().ok()?
    };
    Some(if negative { -value } else { value })
}

/// Drops an integer suffix (`u8`, `i64`, `usize`).
fn strip_suffix(s: &str) -> &str {
    for suffix in [
        "u128", "i128", "usize", "isize", "u64", "i64", "u32", "i32", "u16", "i16", "u8", "i8",
    ] {
        if let Some(rest) = s.strip_suffix(suffix) {
            return rest;
        }
    }
    s
}

/// Variant order: only derived `PartialOrd`/`Ord` (and positional wire formats, which
/// `variants_wire` judges) see it; fieldless discriminants are reported above.
fn order(cx: &mut Cx<'_>, old: &EnumShape, new: &EnumShape) {
    let shared_old: Vec<&str> = old
        .variants
        .iter()
        .filter(|v| new.variants.iter().any(|w| w.name == v.name))
        .map(|v| v.name.as_str())
        .collect();
    let shared_new: Vec<&str> = new
        .variants
        .iter()
        .filter(|v| old.variants.iter().any(|w| w.name == v.name))
        .map(|v| v.name.as_str())
        .collect();
    if shared_old == shared_new {
        return;
    }
    let delta = cx
        .delta(DeltaKind::FieldOrderChanged, "variant declaration order")
        .on(Axis::Api)
        .class(ordered_class(old))
        .change(shared_old.join(", "), shared_new.join(", "));
    cx.push(delta);
}

#[cfg(test)]
mod tests {
    use super::parse_int;

    #[test]
    fn integer_literals_parse() {
        assert_eq!(parse_int("3"), Some(3));
        assert_eq!(parse_int("-3"), Some(-3));
        assert_eq!(parse_int("1_000u16"), Some(1000));
        assert_eq!(parse_int("0x1F"), Some(31));
        assert_eq!(parse_int("0b101"), Some(5));
        assert_eq!(parse_int("A as isize"), None);
    }
}
