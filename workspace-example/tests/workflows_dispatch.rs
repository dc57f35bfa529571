//! Exhaustive dispatch: for every row of the routing table, an input that satisfies
//! its predicate makes `route_after_<source>` return the row's destination and
//! `decide` select exactly that row.

#[path = "workflows_support/fixtures.rs"]
mod fixtures;

use workspace_example::workflows::ledger::LedgerStateKind;
use workspace_example::workflows::routing::{self, predicate_for, PredicateName, ROUTING_TABLE};
use workspace_example::workflows::state::{Node, NodeTransition, SubgraphState};

#[test]
fn every_row_dispatches_to_its_destination() {
    for (source, decision) in ROUTING_TABLE {
        let row = fixtures::row(*source, decision);
        let (state, last) = fixtures::build_input(*source, decision).unwrap_or_else(|u| {
            panic!(
                "{row}: the fixtures declare this pair {u}; a row for an unreachable pair \
                 is dead: delete the row or correct tests/workflows_support/fixtures.rs"
            )
        });
        assert_eq!(
            predicate_for(&state, &last),
            decision.predicate,
            "{row}: the synthetic input does not satisfy the predicate"
        );
        let routed = fixtures::route_after(*source)(&state, &last)
            .unwrap_or_else(|e| panic!("{row}: route_after_{source} failed: {e}"));
        assert_eq!(
            routed, decision.dst,
            "{row}: route_after_{source} disagrees"
        );
        let chosen = routing::decide(*source, &state, &last).expect("routed above");
        assert_eq!(
            chosen,
            decision,
            "{row}: decide() picked {} instead",
            fixtures::row(*source, chosen)
        );
    }
}

#[test]
fn every_node_result_has_exactly_one_predicate() {
    let state = SubgraphState::new("CVE-2026-0002", LedgerStateKind::PatchApplied);
    let reason = String::from("r");
    // One result per NodeTransition variant; the match makes a new variant a compile error.
    let cases = [
        NodeTransition::Advance,
        NodeTransition::GatePassed,
        NodeTransition::GateFailed {
            reason: reason.clone(),
        },
        NodeTransition::ShortCircuit {
            reason: reason.clone(),
        },
        NodeTransition::Escalate { reason },
    ];
    for last in &cases {
        let expected = match last {
            NodeTransition::Advance => PredicateName::NodeAdvancedToNext,
            NodeTransition::GatePassed => PredicateName::GatePassed,
            NodeTransition::GateFailed { .. } => PredicateName::GateFailedRetryable,
            NodeTransition::ShortCircuit { .. } => PredicateName::NodeShortCircuited,
            NodeTransition::Escalate { .. } => PredicateName::NodeEscalated,
        };
        assert_eq!(predicate_for(&state, last), expected, "{last:?}");
    }
}

#[test]
fn a_result_no_row_routes_is_an_error_not_a_guess() {
    // match_recipe never short-circuits, so no row routes it: the lookup must say so.
    let state = SubgraphState::new("CVE-2026-0002", LedgerStateKind::NeedsPlan);
    let last = NodeTransition::ShortCircuit {
        reason: "synthetic".to_owned(),
    };
    let err = routing::route_after_match_recipe(&state, &last).unwrap_err();
    assert_eq!(err.source, Node::MatchRecipe);
    assert_eq!(err.predicate, PredicateName::NodeShortCircuited);
    assert!(err.to_string().contains("no ROUTING_TABLE row"), "{err}");
}
