//! What each part of a public-API set's symbol needs of the package's features
//! ([`crate::gate`]): a part that moves behind a feature, or needs more of them, is
//! lost to the consumers whose features exposed it; one that needs fewer reaches more.
//! A part on one side only is the other families' (added or removed).

use super::Cx;
use crate::delta::{DeltaKind, Member, Shown};
use crate::gate::{Gate, Reach};
use crate::shape::{ItemShape, Symbol};

/// The gates family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    if before.needs.is_empty() && after.needs.is_empty() {
        return;
    }
    let mut members: Vec<&Member> = before.needs.iter().map(|n| &n.member).collect();
    members.extend(after.needs.iter().map(|n| &n.member));
    members.sort();
    members.dedup();
    let mut deltas = Vec::new();
    for member in members {
        if !has(before, member) || !has(after, member) {
            continue;
        }
        let (was, now) = (before.need_of(member), after.need_of(member));
        let kind = match reach(cx, was, now) {
            Reach::Same => continue,
            Reach::Wider => DeltaKind::NoLongerNeedsFeature,
            Reach::Narrower => DeltaKind::NowNeedsFeature,
        };
        deltas.push(cx.delta(kind, member.clone()).change(
            Shown::Gate(was.map(str::to_owned)),
            Shown::Gate(now.map(str::to_owned)),
        ));
    }
    for delta in deltas {
        cx.push(delta);
    }
}

/// `after` with each gate that reaches the consumers its golden gate reached written as
/// the golden writes it (`not(not(feature = "x"))` for `feature = "x"`): one predicate,
/// no change. `None` when there is none such.
pub fn alike_written_as_before(cx: &Cx<'_>, before: &Symbol, after: &Symbol) -> Option<Symbol> {
    if after.needs.is_empty() || before.needs == after.needs {
        return None;
    }
    let mut out = after.clone();
    let mut changed = false;
    for need in &mut out.needs {
        let Some(was) = before.need_of(&need.member) else {
            continue;
        };
        if was != need.cfg && reach(cx, Some(was), Some(&need.cfg)) == Reach::Same {
            need.cfg = was.to_owned();
            changed = true;
        }
    }
    changed.then_some(out)
}

/// How a part gated by `now` reaches consumers, against `was` (`None`: no gate), each
/// side's features turning on what its own feature table says. A gate that does not
/// read is compared as written.
fn reach(cx: &Cx<'_>, was: Option<&str>, now: Option<&str>) -> Reach {
    let (was_gate, now_gate) = (was.map(Gate::parse), now.map(Gate::parse));
    match (was_gate, now_gate) {
        (Some(None), _) | (_, Some(None)) if was == now => Reach::Same,
        (Some(None), _) | (_, Some(None)) => Reach::Narrower,
        (was_gate, now_gate) => crate::gate::compare(
            was_gate.flatten().as_ref(),
            now_gate.flatten().as_ref(),
            &|name| cx.types.feature(name).cloned(),
            &|name| cx.current_types.feature(name).cloned(),
        ),
    }
}

/// Whether `symbol` has the part `member` (the parts a gate is recorded for).
fn has(symbol: &Symbol, member: &Member) -> bool {
    let item = symbol.item.as_ref();
    match member {
        Member::Item => item.is_some(),
        Member::Method { name } => match item {
            Some(ItemShape::Trait(t)) => t.methods.contains_key(name),
            _ => symbol.methods.contains_key(name),
        },
        Member::AssocConst { name } => match item {
            Some(ItemShape::Trait(t)) => t.consts.contains_key(name),
            _ => symbol.consts.contains_key(name),
        },
        Member::AssocType { name } => match item {
            Some(ItemShape::Trait(t)) => t.types.contains_key(name),
            _ => symbol.types.contains_key(name),
        },
        Member::Field { name } => match item {
            Some(ItemShape::Struct(s)) => s.fields.iter().any(|f| &f.name == name),
            Some(ItemShape::Union(u)) => u.fields.iter().any(|f| &f.name == name),
            _ => false,
        },
        Member::Variant { name } => match item {
            Some(ItemShape::Enum(e)) => e.variants.iter().any(|v| &v.name == name),
            _ => false,
        },
        Member::VariantField { variant, name } => match item {
            Some(ItemShape::Enum(e)) => e
                .variants
                .iter()
                .any(|v| &v.name == variant && v.fields.iter().any(|f| &f.name == name)),
            _ => false,
        },
        Member::Implementor { ty } => symbol.implementors.iter().any(|i| &i.ty == ty),
        _ => false,
    }
}
