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
/// ([`probe::kept`]).
pub fn merge(
    golden: &BTreeMap<String, Symbol>,
    current: BTreeMap<String, Symbol>,
    accept: Accept<'_>,
) -> BTreeMap<String, Symbol> {
    match accept {
        Accept::Everything => {
            let mut out = current;
            for (name, symbol) in &mut out {
                probe::keep(symbol, golden.get(name));
            }
            out
        }
        Accept::Symbols(names) => {
            let mut out = golden.clone();
            let mut current = current;
            for name in names {
                match current.remove(name) {
                    Some(mut symbol) => {
                        probe::keep(&mut symbol, golden.get(name));
                        out.insert(name.clone(), symbol);
                    }
                    None => {
                        out.remove(name);
                    }
                }
            }
            out
        }
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
}
