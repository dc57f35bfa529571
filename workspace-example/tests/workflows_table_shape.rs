//! The routing table's shape: a closed key set over the five nodes, destinations that
//! are nodes or the end (never a ledger state), and a dispatch that is a function.
//!
//! The table is a `const` slice, so it cannot be mutated at run time; what can drift is
//! its content, which these tests hold to the design.

#[path = "workflows_support/fixtures.rs"]
mod fixtures;

use std::collections::{BTreeMap, BTreeSet};

use workspace_example::workflows::ledger::LedgerStateKind;
use workspace_example::workflows::routing::{PredicateName, RoutingDecision, ROUTING_TABLE};
use workspace_example::workflows::state::{Dst, Node};

const FIVE_NODES: [&str; 5] = [
    "ingest_cve",
    "match_recipe",
    "apply_recipe",
    "stage6_validate",
    "write_branch",
];

#[test]
fn the_nodes_are_the_five_node_sequence() {
    let names: Vec<&str> = Node::ALL.iter().map(|n| n.as_str()).collect();
    assert_eq!(
        names, FIVE_NODES,
        "Node::ALL must be the five-node sequence, in order; a node added or dropped is a \
         topology change: amend the design, then this list"
    );
    assert_eq!(Node::ENTRY, Node::IngestCve);
}

#[test]
fn every_node_is_a_source_and_no_other_key_exists() {
    let sources: BTreeSet<&str> = ROUTING_TABLE.iter().map(|(s, _)| s.as_str()).collect();
    let expected: BTreeSet<&str> = FIVE_NODES.into_iter().collect();
    let missing: Vec<_> = expected.difference(&sources).collect();
    let extra: Vec<_> = sources.difference(&expected).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "ROUTING_TABLE's source keys must be exactly the five nodes.\n  missing (a node \
         whose result nothing routes: the run would stop there): {missing:?}\n  extra: \
         {extra:?}\nAdd the rows for each missing node in src/workflows/routing.rs."
    );
}

#[test]
fn destinations_are_nodes_or_the_end_never_ledger_states() {
    let nodes: BTreeSet<&str> = FIVE_NODES.into_iter().collect();
    let ledger: BTreeSet<&str> = LedgerStateKind::ALL.iter().map(|k| k.as_str()).collect();
    assert!(
        nodes.is_disjoint(&ledger) && !ledger.contains(Dst::END),
        "node names and ledger kinds must not overlap, or a destination could name both"
    );
    for (source, decision) in ROUTING_TABLE {
        let dst = decision.dst.as_str();
        assert!(
            nodes.contains(dst) || dst == "__end__",
            "{}: destination `{dst}` is neither a node nor `__end__`",
            fixtures::row(*source, decision)
        );
        assert!(
            !ledger.contains(dst),
            "{}: destination `{dst}` is a ledger state; route to a node or Dst::End and put \
             the ledger state in `ledger_edge`",
            fixtures::row(*source, decision)
        );
        if let Dst::Node(next) = decision.dst {
            assert_ne!(
                next,
                Node::ENTRY,
                "{}: nothing routes back to the entry node",
                fixtures::row(*source, decision)
            );
        }
    }
}

#[test]
fn no_row_is_listed_twice() {
    let mut seen = BTreeSet::new();
    for (source, decision) in ROUTING_TABLE {
        assert!(
            seen.insert((*source, *decision)),
            "{} is listed twice",
            fixtures::row(*source, decision)
        );
    }
}

/// Rows sharing a `(source, predicate)` key differ only in their ledger edge, and never
/// both match one ledger state: the lookup has exactly one answer.
#[test]
fn dispatch_is_a_function_of_source_predicate_and_ledger() {
    let mut by_key: BTreeMap<(Node, PredicateName), Vec<&RoutingDecision>> = BTreeMap::new();
    for (source, decision) in ROUTING_TABLE {
        by_key
            .entry((*source, decision.predicate))
            .or_default()
            .push(decision);
    }
    for ((source, predicate), decisions) in &by_key {
        let dsts: BTreeSet<Dst> = decisions.iter().map(|d| d.dst).collect();
        assert_eq!(
            dsts.len(),
            1,
            "ROUTING_TABLE[{source}] routes {predicate} to several destinations {dsts:?}: \
             one (source, predicate) key has one destination"
        );
        if decisions.len() > 1 {
            let priors: Vec<Option<LedgerStateKind>> = decisions
                .iter()
                .map(|d| d.ledger_edge.map(|(prior, _)| prior))
                .collect();
            let distinct: BTreeSet<_> = priors.iter().collect();
            assert!(
                priors.iter().all(Option::is_some) && distinct.len() == priors.len(),
                "ROUTING_TABLE[{source}] has {} rows for {predicate} whose ledger priors \
                 {priors:?} overlap: give each a ledger edge from a different prior kind",
                decisions.len()
            );
        }
    }
}
