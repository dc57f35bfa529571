//! Enum variants on the API axis: added (to an exhaustive enum or not), removed,
//! renamed, reshaped, their fields retyped or renamed, discriminants (explicit or
//! implicit by position, where other crates can observe them), declaration order.
//! Their serde side is `variants_wire`'s.

use super::align::{align, Alignment};
use super::Cx;
use crate::delta::{Axis, Class, DeltaKind, Member, Note, OrderReason, Shown};
use crate::shape::{EnumShape, FieldShape, ItemShape, Symbol, VariantShape};

/// The enum-variants family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(ItemShape::Enum(old)), Some(ItemShape::Enum(new))) = (&before.item, &after.item)
    else {
        return;
    };
    // A removal and an addition identical but for the name is a rename: every
    // `Enum::Old` in consumer code breaks.
    let same_but_name = |a: &VariantShape, b: &VariantShape| {
        a.style == b.style
            && a.fields == b.fields
            && a.discriminant == b.discriminant
            && a.non_exhaustive == b.non_exhaustive
    };
    let alignment = align(
        &old.variants,
        &new.variants,
        |v| v.name.as_str(),
        &[&same_but_name],
    );
    let shown = |v: &VariantShape| Shown::Variant(v.clone());
    let (ov, nv) = (values(old), values(new));
    for pair in &alignment.pairs {
        let (o, n) = (&old.variants[pair.old], &new.variants[pair.new]);
        if pair.same() {
            // `Bold` (implicitly 0) and `Bold = 0` are one value.
            let same_value = ov[pair.old] == nv[pair.new];
            compare_variant(cx, old, new, o, n, same_value);
        } else {
            let delta = cx
                .delta(DeltaKind::VariantRenamed, Member::variant(&o.name))
                .renamed(&n.name)
                .change(shown(o), shown(n));
            cx.push(delta);
        }
    }
    for &i in &alignment.removed {
        // Every match arm and constructor naming it breaks.
        let gone = &old.variants[i];
        let delta = cx
            .delta(DeltaKind::VariantRemoved, Member::variant(&gone.name))
            .was(shown(gone));
        cx.push(delta);
    }
    for &j in &alignment.added {
        let fresh = &new.variants[j];
        let delta = cx
            .delta(variant_added(old), Member::variant(&fresh.name))
            .now(shown(fresh));
        cx.push(delta);
    }
    discriminants(cx, old, new, &alignment);
    undefined_discriminants(cx, old, new);
    order(cx, old, &alignment);
}

/// A field-less enum other crates cast with `as` (every variant unit and none
/// `#[non_exhaustive]`; the enum itself may be `#[non_exhaustive]`, which forbids no
/// cast) that gains a variant with fields, or a `#[non_exhaustive]` one, has no defined
/// discriminants any more: every cast stops compiling.
fn undefined_discriminants(cx: &mut Cx<'_>, old: &EnumShape, new: &EnumShape) {
    if !old.castable() || new.castable() || new.variants.is_empty() {
        return;
    }
    let Some(culprit) = new
        .variants
        .iter()
        .find(|v| !v.fields.is_empty() || v.non_exhaustive)
    else {
        return;
    };
    let delta = cx
        .delta(
            DeltaKind::DiscriminantsUndefined,
            Member::variant(&culprit.name),
        )
        .now(Shown::Variant(culprit.clone()));
    cx.push(delta);
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

fn compare_variant(
    cx: &mut Cx<'_>,
    old_enum: &EnumShape,
    new_enum: &EnumShape,
    old: &VariantShape,
    new: &VariantShape,
    same_value: bool,
) {
    let at = Member::variant(&new.name);
    let (before, after) = (Shown::Variant(old.clone()), Shown::Variant(new.clone()));
    if old.non_exhaustive != new.non_exhaustive {
        // Added: other crates can no longer build the variant or match it without
        // `..`. Removed: every pattern they wrote still matches.
        let kind = if new.non_exhaustive {
            DeltaKind::NonExhaustiveAdded
        } else {
            DeltaKind::NonExhaustiveRemoved
        };
        let delta = cx
            .delta(kind, at.clone())
            .change(before.clone(), after.clone());
        cx.push(delta);
    }
    // Other crates can neither build a `#[non_exhaustive]` variant nor match it but
    // with `V { .. }`, which fits every form: `V`, `V()` and `V {}` are one variant
    // to them.
    let hidden_form = old.non_exhaustive && old.fields.is_empty() && new.fields.is_empty();
    if old.style != new.style && !hidden_form {
        // `V`, `V(..)` and `V { .. }` are built and matched differently.
        let delta = cx
            .delta(DeltaKind::VariantKindChanged, at)
            .change(before, after);
        cx.push(delta);
        return;
    }
    super::fields::hidden(cx, at.clone(), old.hidden, new.hidden, true);
    let same_type = |a: &FieldShape, b: &FieldShape| a.ty == b.ty;
    let fields = align(&old.fields, &new.fields, |f| f.name.as_str(), &[&same_type]);
    for pair in fields.by(0) {
        let (o, n) = (&old.fields[pair.old], &new.fields[pair.new]);
        // Patterns and constructors name variant fields.
        let delta = cx
            .delta(
                DeltaKind::FieldRenamed,
                Member::variant_field(&new.name, &o.name),
            )
            .renamed(&n.name)
            .change(before.clone(), after.clone());
        cx.push(delta);
    }
    // Other crates neither build a `#[non_exhaustive]` variant nor match it without
    // `..`: a field added breaks none of them.
    let open = old.non_exhaustive;
    if open {
        for &j in &fields.added {
            let field = &new.fields[j];
            let delta = cx
                .delta(
                    DeltaKind::FieldAdded,
                    Member::variant_field(&new.name, &field.name),
                )
                .change(before.clone(), after.clone());
            cx.push(delta);
        }
    }
    // Variant fields are all public: every constructor and exhaustive pattern breaks,
    // and a reviewer needs each field named (sqlparser 0.64's `Statement::Copy` lost
    // `values` and gained `payload`).
    let removed = fields
        .removed
        .iter()
        .map(|&i| Member::variant_field(&old.name, &old.fields[i].name));
    let added = fields
        .added
        .iter()
        .filter(|_| !open)
        .map(|&j| Member::variant_field(&new.name, &new.fields[j].name));
    for which in removed.chain(added) {
        let delta = cx
            .delta(DeltaKind::VariantKindChanged, which)
            .change(before.clone(), after.clone());
        cx.push(delta);
    }
    for pair in fields.same() {
        let (of, nf) = (&old.fields[pair.old], &new.fields[pair.new]);
        super::fields::hidden(
            cx,
            Member::variant_field(&new.name, &nf.name),
            of.hidden,
            nf.hidden,
            true,
        );
        if of.ty != nf.ty {
            // Every constructor passes, and every pattern binds, the old type.
            let kind = if of.ty.option_inner() == Some(&nf.ty) {
                DeltaKind::FieldTypeNarrowed
            } else {
                DeltaKind::FieldTypeChanged
            };
            let delta = cx
                .delta(kind, Member::variant_field(&new.name, &nf.name))
                .change(before.clone(), after.clone());
            cx.push(delta);
        }
    }
    let same = Alignment {
        pairs: fields.same().copied().collect(),
        ..Default::default()
    };
    if new.style == crate::shape::FieldStyle::Named && !same.order_kept() {
        // Named fields are matched by name; derived `PartialOrd`/`Ord` compare in order.
        let (class, reason) = field_ordered(old_enum);
        let delta = cx
            .delta(DeltaKind::FieldOrderChanged, at.clone())
            .on(Axis::Api)
            .class(class)
            .note(Note::Order(reason))
            .change(
                Shown::Order(names(&same, &old.fields, false)),
                Shown::Order(names(&same, &new.fields, true)),
            );
        cx.push(delta);
    }
    if old.discriminant != new.discriminant
        && !same_value
        && (old_enum.discriminants_observable() || new_enum.discriminants_observable())
    {
        // `as` casts and FFI read the value (a written one the same as the implicit
        // one before, console 0.16's `Bold = 0`, is no change).
        let delta = cx
            .delta(DeltaKind::DiscriminantChanged, at)
            .change(before, after);
        cx.push(delta);
    }
}

/// The shared fields' names in old (or new) declaration order.
fn names(same: &Alignment, fields: &[FieldShape], new_side: bool) -> Vec<String> {
    let mut idx: Vec<usize> = same
        .pairs
        .iter()
        .map(|p| if new_side { p.new } else { p.old })
        .collect();
    idx.sort_unstable();
    idx.into_iter().map(|i| fields[i].name.clone()).collect()
}

/// Why the field order of a variant matters.
fn field_ordered(e: &EnumShape) -> (Class, OrderReason) {
    if e.attrs
        .repr
        .iter()
        .any(crate::shape::Repr::fixes_discriminants)
    {
        // A `#[repr(C)]`/`#[repr(u8)]` enum's variants are laid out as `repr(C)`
        // structs: their field order is their layout.
        (Class::Breaking, OrderReason::Layout)
    } else {
        ordered(e)
    }
}

/// Why the variant order matters.
fn ordered(e: &EnumShape) -> (Class, OrderReason) {
    if e.attrs.derives.contains("PartialOrd") || e.attrs.derives.contains("Ord") {
        (Class::Breaking, OrderReason::Ordering)
    } else {
        (Class::Additive, OrderReason::Drift)
    }
}

/// Where other crates can read discriminants (see
/// [`EnumShape::discriminants_observable`]), every variant has a value, implicit ones
/// counting up from the previous: inserting or reordering variants renumbers them.
fn discriminants(cx: &mut Cx<'_>, old: &EnumShape, new: &EnumShape, alignment: &Alignment) {
    if !(old.discriminants_observable() && new.discriminants_observable()) {
        return;
    }
    let (ov, nv) = (values(old), values(new));
    // One edit (a variant inserted, removed or moved) renumbers every implicit value
    // after it: one delta, at the first, naming the others.
    let mut moved: Vec<(&str, &str, String, String)> = Vec::new();
    for pair in alignment.same() {
        let (v, w) = (&old.variants[pair.old], &new.variants[pair.new]);
        let (was, now) = (&ov[pair.old], &nv[pair.new]);
        if was != now && v.discriminant == w.discriminant {
            moved.push((&v.name, &w.name, show(was), show(now)));
        }
    }
    let Some(((first_old, first_new, was, now), rest)) = moved.split_first() else {
        return;
    };
    let also = rest
        .iter()
        .map(|(_, name, was, now)| format!("{name}: {was} -> {now}"))
        .collect();
    let delta = cx
        .delta(DeltaKind::DiscriminantChanged, Member::variant(first_new))
        .note(Note::ImplicitDiscriminant { also })
        .change(
            Shown::Discriminant {
                variant: (*first_old).to_owned(),
                value: was.clone(),
            },
            Shown::Discriminant {
                variant: (*first_new).to_owned(),
                value: now.clone(),
            },
        );
    cx.push(delta);
}

/// Each variant's value as (base expression, offset): `A = 5, B` is `(5, 0), (5, 1)`.
pub(super) fn values(e: &EnumShape) -> Vec<(String, i128)> {
    let mut out: Vec<(String, i128)> = Vec::with_capacity(e.variants.len());
    for v in &e.variants {
        let next = match (&v.discriminant, out.last()) {
            (Some(expr), _) => {
                match parse_int(expr).or_else(|| super::consteval::array_len(expr)) {
                    Some(n) => (String::new(), n),
                    None => (expr.clone(), 0),
                }
            }
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

/// The value of an integer literal expression (`-3`, `0x1F`, `1_000u16`): the
/// discriminant is an expression, kept as its tokens; a literal one has a value.
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
/// `variants_wire` judges) see it; observable discriminants are reported above.
fn order(cx: &mut Cx<'_>, old: &EnumShape, alignment: &Alignment) {
    let same = Alignment {
        pairs: alignment.same().copied().collect(),
        ..Default::default()
    };
    if same.order_kept() {
        return;
    }
    let mut by_new = same.pairs.clone();
    by_new.sort_by_key(|p| p.new);
    let was: Vec<String> = same
        .pairs
        .iter()
        .map(|p| old.variants[p.old].name.clone())
        .collect();
    let now: Vec<String> = by_new
        .iter()
        .map(|p| old.variants[p.old].name.clone())
        .collect();
    let (class, reason) = ordered(old);
    let delta = cx
        .delta(DeltaKind::FieldOrderChanged, Member::Item)
        .on(Axis::Api)
        .class(class)
        .note(Note::VariantOrder(reason))
        .change(Shown::Order(was), Shown::Order(now));
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
