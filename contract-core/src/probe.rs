//! Facts only the compiler knows: which traits a pinned type implements.
//!
//! The macro sees syntax. Whether a type is `Send`, or implements `Clone` through a
//! hand-written `impl`, is known only once the crate compiles. For a pinned
//! non-generic struct, enum or union the macro therefore emits a *type probe*: a
//! constant, evaluated in the user's crate, with one bit per trait of
//! [`ProbedTrait::ALL`] (see `contract_pin::__private::probe`). The registration
//! carries it, the harness merges it into [`Symbol::implements`], and the golden
//! records it.
//!
//! A generic type gets no probe: whether `Wrapper<T>` is `Send` depends on `T`, and
//! the probe, evaluated where the type is declared, would answer for no `T` at all.
//! The CLI reads sources only, so it observes nothing; it knows the `impl Trait for
//! Type` items it can see ([`Symbol::impls_in_source`]), which is enough to tell a
//! derive replaced by a hand-written impl. A fact one side did not observe is never
//! compared (see [`reconcile`]), and an update keeps the golden's observed facts when
//! the current side observed none ([`keep_observed`]).

use std::collections::{BTreeMap, BTreeSet};

pub use crate::probed::ProbedTrait;
use crate::shape::{ItemShape, Symbol};

/// The derives of a struct, enum or union.
fn derives(s: &Symbol) -> Option<&BTreeSet<String>> {
    s.item
        .as_ref()
        .and_then(ItemShape::container)
        .map(|c| &c.derives)
}

/// What a symbol's two sides know of `X`: implemented (derived, observed, or an impl
/// seen in the sources), not implemented (observed), or unknown.
pub(crate) fn known(s: &Symbol, t: ProbedTrait) -> Option<bool> {
    let derived = s
        .item
        .as_ref()
        .and_then(ItemShape::container)
        .is_some_and(|c| c.derives.contains(t.name()));
    if derived || s.impls_in_source.contains(t.name()) {
        return Some(true);
    }
    s.implements.as_ref().map(|set| set.contains(&t))
}

/// The two sides of a symbol made comparable, before any rule looks:
///
/// - a derive of a probed trait replaced by an impl of it (or the reverse) is no
///   change: the trait is implemented on both sides, which is all a consumer sees;
///   the derive is put back on the side that lacks it;
/// - observed facts are compared only when both sides observed them;
/// - impls seen in the sources are only evidence, never compared.
pub fn reconcile(before: &Symbol, after: &Symbol) -> Option<(Symbol, Symbol)> {
    let empty = BTreeSet::new();
    let (od, nd) = (
        derives(before).unwrap_or(&empty),
        derives(after).unwrap_or(&empty),
    );
    // Nothing to reconcile (the common case, and every second call): no copy.
    let one_sided =
        before.implements.is_some() != after.implements.is_some() || auto_one_sided(before, after);
    // An impl in the sources is evidence only of a derive it may stand for: a probed
    // trait's, or one derived on either side (most impls are neither: no copy).
    let evidence = before
        .impls_in_source
        .iter()
        .chain(&after.impls_in_source)
        .any(|n| ProbedTrait::parse(n).is_some() || od.contains(n) || nd.contains(n));
    let derive_changed = ProbedTrait::ALL
        .iter()
        .any(|t| od.contains(t.name()) != nd.contains(t.name()));
    if !(one_sided || evidence || (derive_changed && before.implements.is_some())) {
        return None;
    }
    let (mut old, mut new) = (before.clone(), after.clone());
    // A derive on one side only whose trait the other side implements anyway (by an
    // impl; for a probed trait, as the compiler answered too) is put back on that side.
    // Any derive counts: it implements the trait it is named for (thiserror's `Error`).
    let implemented = |s: &Symbol, name: &str| match ProbedTrait::parse(name) {
        Some(t) => known(s, t) == Some(true),
        None => s.impls_in_source.contains(name),
    };
    for (gone, side, other) in [(od, &mut new, after), (nd, &mut old, before)] {
        let present = derives(other).unwrap_or(&empty);
        for name in gone.difference(present) {
            if implemented(other, name) {
                if let Some(c) = side.item.as_mut().and_then(ItemShape::container_mut) {
                    c.derives.insert(name.clone());
                }
            }
        }
    }
    if old.implements.is_none() || new.implements.is_none() {
        old.implements = None;
        new.implements = None;
    }
    // Inferred auto traits: only those both sides could tell, and none where the
    // compiler answered on both sides (the implemented-traits family compares those).
    if old.implements.is_some() {
        old.auto_traits.clear();
        new.auto_traits.clear();
    }
    // One told before and untold now where the sources were read stays on the old
    // side: the family shows it as no longer told.
    old.auto_traits
        .retain(|t, _| after.auto_traits.contains_key(t) || after.auto_traits_inferred);
    new.auto_traits
        .retain(|t, _| before.auto_traits.contains_key(t));
    old.impls_in_source.clear();
    new.impls_in_source.clear();
    Some((old, new))
}

/// Auto traits inferred on one side only, or alongside the compiler's answer.
fn auto_one_sided(before: &Symbol, after: &Symbol) -> bool {
    let (a, b) = (&before.auto_traits, &after.auto_traits);
    (!a.is_empty() || !b.is_empty())
        && (a.len() != b.len()
            || a.keys().ne(b.keys())
            || (before.implements.is_some() && after.implements.is_some()))
}

/// `current` with the facts of `golden` it did not observe itself, symbol by symbol:
/// an update from sources alone (the CLI) must not drop what a compiled run recorded.
/// `None` when there is nothing to keep. Every writer goes through
/// [`crate::accept::merge`], which keeps them symbol by symbol with [`keep`].
pub fn keep_observed(
    current: &BTreeMap<String, Symbol>,
    golden: &BTreeMap<String, Symbol>,
) -> Option<BTreeMap<String, Symbol>> {
    let missing = current.iter().any(|(name, s)| keeps(s, golden.get(name)));
    if !missing {
        return None;
    }
    let mut out = current.clone();
    for (name, s) in &mut out {
        keep(s, golden.get(name));
    }
    Some(out)
}

/// Gives `current` the facts of its golden shape `golden` that it did not observe
/// itself (a shape read from sources observes none). A fact the current shape
/// observed, or one of a symbol whose kind changed (another item now), is not taken.
pub fn keep(current: &mut Symbol, golden: Option<&Symbol>) {
    if let Some(g) = golden.filter(|g| keeps(current, Some(g))) {
        if current.implements.is_none() {
            current.implements.clone_from(&g.implements);
        }
        // Inferred and nothing told is an answer: every trait untold.
        if current.auto_traits.is_empty() && !current.auto_traits_inferred {
            current.auto_traits.clone_from(&g.auto_traits);
        }
    }
}

/// `current` as an update writes it: with the facts of `golden` it did not observe
/// (see [`keep`]). What `diff` and `review` show as the accepted side.
pub fn kept(current: &Symbol, golden: Option<&Symbol>) -> Symbol {
    let mut out = current.clone();
    keep(&mut out, golden);
    out
}

/// True when [`keep`] would take a fact from `golden`.
fn keeps(current: &Symbol, golden: Option<&Symbol>) -> bool {
    golden.is_some_and(|g| {
        same_kind(g, current)
            && ((current.implements.is_none() && g.implements.is_some())
                || (current.auto_traits.is_empty()
                    && !current.auto_traits_inferred
                    && !g.auto_traits.is_empty()))
    })
}

fn same_kind(a: &Symbol, b: &Symbol) -> bool {
    match (&a.item, &b.item) {
        (Some(x), Some(y)) => x.kind_name() == y.kind_name(),
        _ => false,
    }
}

/// Where a registration was written, and what the macro saw of the attributes around
/// it in its source file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Site {
    /// The source file, as `file!()` names it.
    pub file: String,
    /// The item's line.
    pub line: u32,
    /// The macro read the file and found the item's full attribute list.
    pub source_checked: bool,
    /// A `#[derive]` written above the contract attribute: its line and text.
    pub derive_above: Option<(u32, String)>,
}

/// Something the harness must say about a registration before any verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// The check cannot be trusted: stop.
    Error(String),
    /// The check runs, but a part of it cannot: say so.
    Warning(String),
}

/// What the probe and the shape together say about the wire axis of `name`: a type
/// that implements `Serialize`/`Deserialize` while its shape records no serde derive
/// has its wire checks off. Either the contract attribute is below the derive (the
/// macro never saw it: an error naming the line to move), or the impl is written by
/// hand (its wire form cannot be derived from the shape: a warning, not a guess).
pub fn wire_finding(name: &str, symbol: &Symbol, site: &Site) -> Option<Finding> {
    let observed = symbol.implements.as_ref()?;
    let serde: Vec<&str> = observed
        .iter()
        .filter(|t| t.is_serde())
        .map(|t| t.name())
        .collect();
    if serde.is_empty() {
        return None;
    }
    let container = symbol.item.as_ref()?.container()?;
    if container.has_wire() {
        return None;
    }
    let at = format!("{}:{}", site.file, site.line);
    let traits = serde.join("`/`");
    Some(match &site.derive_above {
        Some((line, text)) => Finding::Error(format!(
            "`{name}` ({at}) implements `{traits}`, but its contract attribute is below `{text}` \
             (line {line}): the compiler ran the derive first and handed the contract attribute \
             the item without it, so the recorded shape has no serde derive and every wire check \
             on `{name}` is off. Move the contract attribute above `{text}` (line {line}), then \
             regenerate the golden."
        )),
        None if site.source_checked => Finding::Warning(hand_written(name, &at, &traits)),
        None => Finding::Warning(format!(
            "`{name}` ({at}) implements `{traits}` but its shape records no serde derive, and \
             its source could not be read to tell why: if `#[derive(Serialize…)]` is written \
             above the contract attribute, move the contract attribute above it; if the impl \
             is written by hand, no wire check covers `{name}`."
        )),
    })
}

/// The warning for a type whose serde impl is written by hand (`traits`: `Serialize`,
/// `Serialize`/`Deserialize`…).
pub fn hand_written(name: &str, at: &str, traits: &str) -> String {
    format!(
        "`{name}` ({at}) implements `{traits}` by hand: its wire form cannot be derived from \
         its shape, so no wire check covers `{name}`; pin the types its impl writes instead, \
         or derive the impl."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip_and_names_parse() {
        let set: BTreeSet<ProbedTrait> = [ProbedTrait::Send, ProbedTrait::Deserialize].into();
        assert_eq!(ProbedTrait::from_bits(ProbedTrait::to_bits(&set)), set);
        for t in ProbedTrait::ALL {
            assert_eq!(ProbedTrait::parse(t.name()), Some(*t));
        }
        let bits: Vec<u32> = ProbedTrait::ALL.iter().map(|t| t.bit()).collect();
        let unique: BTreeSet<u32> = bits.iter().copied().collect();
        assert_eq!(unique.len(), bits.len(), "one bit per trait");
        assert_eq!(
            serde_json::to_string(&ProbedTrait::RefUnwindSafe).unwrap(),
            "\"RefUnwindSafe\""
        );
    }
}
