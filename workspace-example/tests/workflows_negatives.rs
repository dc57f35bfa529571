//! Negative coverage: every `(source, predicate)` pair of the closed universe is either
//! routed by the table or declared unreachable in production, with a reason
//! (`fixtures::reachability`). And the declarations are true: the real nodes, run on
//! arbitrary scripted outcomes, never produce a pair declared unreachable, and no
//! driven run ever meets a result the table does not route.

#[path = "workflows_support/fixtures.rs"]
mod fixtures;

use proptest::prelude::*;

use workspace_example::workflows::driver;
use workspace_example::workflows::ledger::LedgerStateKind;
use workspace_example::workflows::ports::{GateVerdict, Script};
use workspace_example::workflows::routing::{
    predicate_for, PredicateName, MAX_RETRIES, ROUTING_TABLE,
};
use workspace_example::workflows::state::{Node, SubgraphState};

/// Routed, or declared unreachable with a reason; never both, never neither.
fn check_pair(source: Node, predicate: PredicateName) -> Result<(), String> {
    let routed = ROUTING_TABLE
        .iter()
        .any(|(s, d)| *s == source && d.predicate == predicate);
    match (routed, fixtures::reachability(source, predicate)) {
        (true, Ok(())) => Ok(()),
        (false, Err(u)) if !u.reason.trim().is_empty() => Ok(()),
        (false, Err(_)) => Err(format!(
            "({source}, {predicate}) is declared unreachable without a reason"
        )),
        (false, Ok(())) => Err(format!(
            "silent gap: ({source}, {predicate}) has no ROUTING_TABLE row, yet \
             tests/workflows_support/fixtures.rs::reachability says production can produce \
             it. Add the row to src/workflows/routing.rs, or declare the pair \
             UnreachableInProduction with the reason the node code rules it out."
        )),
        (true, Err(u)) => Err(format!(
            "({source}, {predicate}) has a ROUTING_TABLE row but is declared {u}: either the \
             row is dead (delete it) or the declaration is wrong (make it Ok)"
        )),
    }
}

fn gate_verdict() -> impl Strategy<Value = GateVerdict> {
    prop::sample::select(vec![
        GateVerdict::Pass,
        GateVerdict::Fail,
        GateVerdict::Tampered,
    ])
}

fn script() -> impl Strategy<Value = Script> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop::collection::vec(gate_verdict(), 0..8),
        any::<bool>(),
    )
        .prop_map(|(intact, recipe, applies, gates, pushes)| Script {
            intact,
            recipe,
            applies,
            gates: gates.into(),
            pushes,
        })
}

proptest! {
    #[test]
    fn every_pair_is_routed_or_declared_unreachable(
        source in prop::sample::select(Node::ALL.to_vec()),
        predicate in prop::sample::select(PredicateName::ALL.to_vec()),
    ) {
        if let Err(message) = check_pair(source, predicate) {
            prop_assert!(false, "{}", message);
        }
    }

    #[test]
    fn the_nodes_never_produce_a_pair_declared_unreachable(
        node in prop::sample::select(Node::ALL.to_vec()),
        mut script in script(),
        ledger in prop::sample::select(LedgerStateKind::ALL.to_vec()),
        retry_count in 0..=MAX_RETRIES + 2,
    ) {
        let state = SubgraphState { cve: "CVE-2026-0002".to_owned(), retry_count, ledger };
        let last = driver::run_node(node, &state, &mut script);
        let predicate = predicate_for(&state, &last);
        if let Err(u) = fixtures::reachability(node, predicate) {
            prop_assert!(
                false,
                "src/workflows/nodes/{}.rs produced {:?} ({}), which the fixtures declare {}",
                node, last, predicate, u
            );
        }
    }

    #[test]
    fn every_driven_run_ends_routed_and_bounded(mut script in script()) {
        let report = driver::run("CVE-2026-0002", &mut script);
        let report = match report {
            Ok(report) => report,
            Err(e) => return Err(TestCaseError::fail(format!("the run did not end cleanly: {e}"))),
        };
        prop_assert!(report.retry_count <= MAX_RETRIES);
        let end = report.ledger.kind();
        prop_assert!(
            end.is_terminal() || end == LedgerStateKind::AwaitingHumanReview,
            "the run ended with the ledger in {}", end
        );
    }
}

/// The universe is small: check all of it too, so no pair depends on sampling.
#[test]
fn all_thirty_pairs_are_routed_or_declared_unreachable() {
    let failures: Vec<String> = Node::ALL
        .iter()
        .flat_map(|s| PredicateName::ALL.iter().map(move |p| (*s, *p)))
        .filter_map(|(s, p)| check_pair(s, p).err())
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
