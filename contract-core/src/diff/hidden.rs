//! `#[doc(hidden)]` is not public API (the convention rustdoc-based checkers follow):
//! a change to an item or member that was hidden already breaks no consumer who kept
//! to the documented API. Applied to every delta after the families, under the
//! default policy; a set whose policy says `doc_hidden_is_api` keeps every verdict.
//! The wire axis is untouched: a hidden field is serialised like any other.

use crate::delta::{Axis, Class, Delta, DeltaKind, Member};
use crate::policy::Policy;
use crate::shape::{ItemShape, Symbol};

/// `delta` made additive when the part it is about was `#[doc(hidden)]` in `before`.
pub fn demote(mut delta: Delta, before: &Symbol, policy: &Policy) -> Delta {
    if policy.doc_hidden_is_api
        || delta.axis != Axis::Api
        || delta.class != Class::Breaking
        || matches!(
            delta.kind,
            DeltaKind::DocHiddenAdded | DeltaKind::DocHiddenRemoved
        )
    {
        return delta;
    }
    if was_hidden(before, &delta.member) || guarded_by_hidden(before, &delta) {
        delta.class = Class::Additive;
        delta.hidden = true;
    }
    delta
}

/// `#[non_exhaustive]` added where a hidden member already kept every consumer of the
/// documented API from the exhaustive form (csv 1.4 replaced a `#[doc(hidden)]
/// __Nonexhaustive` variant with the attribute): an exhaustive match had to name that
/// variant, a literal or pattern without `..` that field. Only code that names hidden
/// items breaks.
fn guarded_by_hidden(s: &Symbol, delta: &Delta) -> bool {
    if delta.kind != DeltaKind::NonExhaustiveAdded {
        return false;
    }
    match (&delta.member, s.item.as_ref()) {
        (Member::Attr { .. }, Some(ItemShape::Enum(e))) => e.variants.iter().any(|v| v.hidden),
        (Member::Attr { .. }, Some(ItemShape::Struct(st))) => {
            st.fields.iter().any(|f| f.hidden && f.vis.is_public())
        }
        (Member::Variant { name }, Some(ItemShape::Enum(e))) => e
            .variants
            .iter()
            .any(|v| &v.name == name && v.fields.iter().any(|f| f.hidden)),
        _ => false,
    }
}

/// The member (or the item holding it) is `#[doc(hidden)]` in `s`.
fn was_hidden(s: &Symbol, member: &Member) -> bool {
    if s.item.as_ref().is_some_and(ItemShape::hidden) {
        return true;
    }
    let item = s.item.as_ref();
    match member {
        Member::Field { name } => match item {
            Some(ItemShape::Struct(st)) => st.fields.iter().any(|f| &f.name == name && f.hidden),
            Some(ItemShape::Union(u)) => u.fields.iter().any(|f| &f.name == name && f.hidden),
            _ => false,
        },
        Member::Variant { name } => variant_hidden(item, name),
        Member::VariantField { variant, name } => {
            variant_hidden(item, variant)
                || matches!(item, Some(ItemShape::Enum(e)) if e.variants.iter().any(|v| {
                    &v.name == variant && v.fields.iter().any(|f| &f.name == name && f.hidden)
                }))
        }
        Member::Method { name } => {
            s.methods.get(name).is_some_and(|m| m.hidden)
                || matches!(item, Some(ItemShape::Trait(t)) if t.methods.get(name).is_some_and(|m| m.sig.hidden))
        }
        Member::AssocType { name } => {
            s.types.get(name).is_some_and(|t| t.hidden)
                || matches!(item, Some(ItemShape::Trait(t)) if t.types.get(name).is_some_and(|a| a.hidden))
        }
        Member::AssocConst { name } => {
            s.consts.get(name).is_some_and(|c| c.hidden)
                || matches!(item, Some(ItemShape::Trait(t)) if t.consts.get(name).is_some_and(|c| c.hidden))
        }
        _ => false,
    }
}

fn variant_hidden(item: Option<&ItemShape>, name: &str) -> bool {
    matches!(item, Some(ItemShape::Enum(e)) if e.variants.iter().any(|v| v.name == name && v.hidden))
}
