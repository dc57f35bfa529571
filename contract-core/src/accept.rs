//! What a golden holds once changes are accepted into it: the one merge every writer
//! of a golden uses — an update from `cargo test` or from the `contract-pin update`
//! command ([`crate::check::evaluate`] in update mode), and each accept of
//! `contract-pin review`, whole or symbol by symbol.
//!
//! A writer hands over the shapes it holds now. Some of them were read from sources
//! (the command), which cannot know what only a compiled run observes — which traits a
//! type implements ([`Symbol::implements`], see [`crate::probe`]). An accepted shape
//! that did not observe such a fact keeps the golden's, so accepting a change never
//! drops what a compiler recorded; only a shape that observed the fact itself (the
//! compiler answering again) replaces it. Without that, a review that accepted any
//! change to a struct forgot that it was `Send`, and a later field that lost `Send`
//! passed as additive.

use std::collections::{BTreeMap, BTreeSet};

use crate::probe;
use crate::{Golden, Symbol};

/// Which of the current shapes a writer accepts into the golden.
#[derive(Clone, Copy, Debug)]
pub enum Accept<'a> {
    /// Every one: the golden becomes the current set (an update, or a review that
    /// accepted every change).
    Everything,
    /// These symbols take their current shape, or leave the golden when no current
    /// shape has their name; every other symbol keeps its golden shape (the accepts of
    /// a review).
    Symbols(&'a BTreeSet<String>),
}

/// The shapes of golden `golden` once `accept` of `current` is accepted into it, every
/// accepted shape keeping the facts of the golden it did not observe itself
/// ([`probe::kept`]) — of its own entry, or, for a symbol renamed, of the entry it
/// was renamed from (one entry gone, of the same shape but for the observed facts).
pub fn merge(
    golden: &BTreeMap<String, Symbol>,
    current: BTreeMap<String, Symbol>,
    accept: Accept<'_>,
) -> BTreeMap<String, Symbol> {
    match accept {
        Accept::Everything => {
            let gone = |name: &str| !current.contains_key(name);
            let renamed: BTreeMap<String, &String> = current
                .iter()
                .filter(|(name, _)| !golden.contains_key(*name))
                .filter_map(|(name, symbol)| {
                    Some((name.clone(), renamed_from(name, symbol, golden, gone)?))
                })
                .collect();
            let mut out = current;
            for (name, symbol) in &mut out {
                let from = renamed.get(name).copied().unwrap_or(name);
                probe::keep(symbol, golden.get(from));
            }
            out
        }
        Accept::Symbols(names) => {
            let mut out = golden.clone();
            let gone = |name: &str| names.contains(name) && !current.contains_key(name);
            let mut kept = Vec::new();
            for name in names {
                match current.get(name) {
                    Some(symbol) => {
                        let from = match golden.get(name) {
                            Some(own) => Some(own),
                            None => renamed_from(name, symbol, golden, gone)
                                .and_then(|old| golden.get(old)),
                        };
                        kept.push((name.clone(), probe::kept(symbol, from)));
                    }
                    None => {
                        out.remove(name);
                    }
                }
            }
            out.extend(kept);
            out
        }
    }
}

/// The golden entry `name` was renamed from, when that is certain: one entry that is
/// gone (`gone`), of a name `name` is not, with the same shape but for what a compiled
/// run observed. Its facts then carry over, as the type is the same.
fn renamed_from<'g>(
    name: &str,
    symbol: &Symbol,
    golden: &'g BTreeMap<String, Symbol>,
    gone: impl Fn(&str) -> bool,
) -> Option<&'g String> {
    if symbol.implements.is_some() {
        return None;
    }
    let mut candidates = golden.iter().filter(|(old, g)| {
        old.as_str() != name
            && gone(old)
            && g.implements.is_some()
            && Symbol {
                implements: None,
                ..(*g).clone()
            }
            .same_shape(symbol)
    });
    match (candidates.next(), candidates.next()) {
        (Some((old, _)), None) => Some(old),
        _ => None,
    }
}

/// The golden of `set` of `package` once `accept` of `current` is accepted into
/// `golden` (see [`merge`]).
pub fn golden(
    set: &str,
    package: &str,
    golden: &Golden,
    current: BTreeMap<String, Symbol>,
    accept: Accept<'_>,
) -> Golden {
    Golden::new(set, package, &merge(&golden.shapes(), current, accept))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probe::ProbedTrait;
    use crate::shape::{ItemShape, Value, ValueItemShape};

    fn konst(value: &str, implements: Option<&[ProbedTrait]>) -> Symbol {
        Symbol {
            item: Some(ItemShape::Const(ValueItemShape::new(
                crate::ty::Type::named("u32"),
                Value::Expr(value.to_owned()),
            ))),
            implements: implements.map(|t| t.iter().copied().collect()),
            ..Symbol::default()
        }
    }

    #[test]
    fn an_accepted_shape_keeps_what_it_did_not_observe_and_nothing_else_changes() {
        let send: &[ProbedTrait] = &[ProbedTrait::Send];
        let golden = BTreeMap::from([
            ("A".to_owned(), konst("1", Some(send))),
            ("B".to_owned(), konst("1", Some(send))),
            ("Gone".to_owned(), konst("1", None)),
        ]);
        let current = BTreeMap::from([
            ("A".to_owned(), konst("2", None)),
            ("B".to_owned(), konst("2", Some(&[]))),
            ("New".to_owned(), konst("2", None)),
        ]);
        let all = merge(&golden, current.clone(), Accept::Everything);
        assert_eq!(all["A"], konst("2", Some(send)), "kept: not observed now");
        assert_eq!(all["B"], konst("2", Some(&[])), "observed now: replaced");
        assert_eq!(all["New"], konst("2", None));
        assert!(!all.contains_key("Gone"));

        let names = BTreeSet::from(["A".to_owned(), "Gone".to_owned()]);
        let some = merge(&golden, current, Accept::Symbols(&names));
        assert_eq!(some["A"], konst("2", Some(send)));
        assert_eq!(some["B"], golden["B"], "B was not accepted");
        assert!(!some.contains_key("Gone") && !some.contains_key("New"));
    }

    #[test]
    fn a_renamed_symbol_keeps_what_was_observed_under_its_old_name() {
        let send: &[ProbedTrait] = &[ProbedTrait::Send];
        let golden = BTreeMap::from([("Old".to_owned(), konst("1", Some(send)))]);
        let current = BTreeMap::from([("New".to_owned(), konst("1", None))]);
        let all = merge(&golden, current.clone(), Accept::Everything);
        assert_eq!(all["New"], konst("1", Some(send)));
        let both = BTreeSet::from(["Old".to_owned(), "New".to_owned()]);
        let some = merge(&golden, current.clone(), Accept::Symbols(&both));
        assert_eq!(some["New"], konst("1", Some(send)));
        assert!(!some.contains_key("Old"));
        // Not a rename: the old name is still there, or not accepted as gone, or the
        // shape differs, or two old entries could be it.
        let new_only = BTreeSet::from(["New".to_owned()]);
        assert_eq!(
            merge(&golden, current.clone(), Accept::Symbols(&new_only))["New"],
            konst("1", None)
        );
        let changed = BTreeMap::from([("New".to_owned(), konst("2", None))]);
        assert_eq!(
            merge(&golden, changed, Accept::Everything)["New"],
            konst("2", None)
        );
        let mut two = golden.clone();
        two.insert("Older".to_owned(), konst("1", Some(send)));
        assert_eq!(
            merge(&two, current, Accept::Everything)["New"],
            konst("1", None)
        );
    }
}
