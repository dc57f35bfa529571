//! The routing table and the ledger agree: every ledger edge a row writes is legal
//! (forward), every legal edge the subgraph owns is written by some row (backward),
//! and every checkpoint-writing kind is entered from a node that declares it emits it
//! (semantic-boundary projection). The exclusion sets name the edges other layers own.

#[path = "workflows_support/fixtures.rs"]
mod fixtures;

use std::collections::BTreeSet;

use workspace_example::workflows::driver;
use workspace_example::workflows::ledger::{self, LedgerStateKind, LEGAL_TRANSITIONS};
use workspace_example::workflows::routing::{ENTRY_LEDGER_EDGES, HITL_LEDGER_EDGES, ROUTING_TABLE};
use workspace_example::workflows::state::Node;

type Edge = (LedgerStateKind, LedgerStateKind);

fn routed_edges() -> BTreeSet<Edge> {
    ROUTING_TABLE
        .iter()
        .filter_map(|(_, d)| d.ledger_edge)
        .collect()
}

#[test]
fn forward_every_routed_ledger_edge_is_legal() {
    for (source, decision) in ROUTING_TABLE {
        if let Some((prior, next)) = decision.ledger_edge {
            assert!(
                ledger::is_legal(prior, next),
                "Forward consistency violated: {} writes ledger edge {prior} -> {next}, which \
                 is not in LEGAL_TRANSITIONS (src/workflows/ledger.rs); the ledger would \
                 refuse it at run time. Either the row is wrong or the ledger needs the edge \
                 (a ledger amendment, decided with its owners).",
                fixtures::row(*source, decision)
            );
        }
    }
}

#[test]
fn backward_every_subgraph_owned_legal_edge_is_routed() {
    let routed = routed_edges();
    let excluded: BTreeSet<Edge> = HITL_LEDGER_EDGES
        .iter()
        .chain(ENTRY_LEDGER_EDGES)
        .copied()
        .collect();
    let unrouted: Vec<String> = LEGAL_TRANSITIONS
        .iter()
        .filter(|e| !excluded.contains(e) && !routed.contains(e))
        .map(|(p, n)| format!("{p} -> {n}"))
        .collect();
    assert!(
        unrouted.is_empty(),
        "Backward consistency violated: the ledger admits {unrouted:?} but no ROUTING_TABLE \
         row writes them, so the graph can never take them (a soft-lock waiting to \
         happen). Add the routing row, or — if another layer drives the edge — list it \
         in HITL_LEDGER_EDGES or ENTRY_LEDGER_EDGES in src/workflows/routing.rs (a `phase6` \
         contract change)."
    );
}

#[test]
fn the_exclusion_sets_are_legal_and_disjoint_from_the_table() {
    let routed = routed_edges();
    for (set, edges) in [
        ("HITL_LEDGER_EDGES", HITL_LEDGER_EDGES),
        ("ENTRY_LEDGER_EDGES", ENTRY_LEDGER_EDGES),
    ] {
        for &(prior, next) in edges {
            assert!(
                ledger::is_legal(prior, next),
                "{set} lists {prior} -> {next}, which LEGAL_TRANSITIONS does not admit"
            );
            assert!(
                !routed.contains(&(prior, next)),
                "{set} lists {prior} -> {next}, but ROUTING_TABLE writes it too: an edge is \
                 owned by the router or by another layer, not both"
            );
        }
    }
    let hitl: BTreeSet<&Edge> = HITL_LEDGER_EDGES.iter().collect();
    assert!(ENTRY_LEDGER_EDGES.iter().all(|e| !hitl.contains(e)));
    for (prior, next) in HITL_LEDGER_EDGES {
        assert_eq!(
            *prior,
            LedgerStateKind::AwaitingHumanReview,
            "HITL_LEDGER_EDGES lists {prior} -> {next}: only a human resumes a run, and a \
             human resumes it from awaiting_human_review"
        );
    }
}

#[test]
fn boundary_kinds_are_entered_from_nodes_that_emit_them() {
    for (source, decision) in ROUTING_TABLE {
        let Some((_, next)) = decision.ledger_edge else {
            continue;
        };
        if ledger::is_semantic_boundary(next) {
            assert!(
                driver::emits(*source).contains(&next),
                "{} enters the semantic boundary {next} (a checkpoint write), but \
                 src/workflows/nodes/{source}.rs does not list {next} in EMITS. Add it \
                 there, or route the boundary from the node that does emit it.",
                fixtures::row(*source, decision)
            );
        }
    }
}

#[test]
fn no_node_declares_a_boundary_it_never_enters() {
    for node in Node::ALL {
        for kind in driver::emits(node) {
            assert!(
                ledger::is_semantic_boundary(*kind),
                "src/workflows/nodes/{node}.rs lists {kind} in EMITS, which is not a semantic \
                 boundary (no checkpoint is written for it)"
            );
            let entered = ROUTING_TABLE.iter().any(|(source, d)| {
                *source == node && d.ledger_edge.is_some_and(|(_, next)| next == *kind)
            });
            assert!(
                entered,
                "src/workflows/nodes/{node}.rs lists {kind} in EMITS, but no ROUTING_TABLE row \
                 of {node} enters it: a stale declaration"
            );
        }
    }
}
