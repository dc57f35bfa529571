//! The retry cap: its exact value, the replans below it, the escalation at it, and the
//! operator (`>=`, so a count past the cap still escalates).

use workspace_example::workflows::driver;
use workspace_example::workflows::ledger::LedgerStateKind;
use workspace_example::workflows::ports::{GateVerdict, Script};
use workspace_example::workflows::routing::{
    self, predicate_for, route_after_stage6_validate, PredicateName, MAX_RETRIES,
};
use workspace_example::workflows::state::{Dst, Node, NodeTransition, SubgraphState};

fn after_gate_failure(retry_count: u32) -> (SubgraphState, NodeTransition) {
    let mut state = SubgraphState::new("CVE-2026-0002", LedgerStateKind::PatchApplied);
    state.retry_count = retry_count;
    let last = NodeTransition::GateFailed {
        reason: "rejected".to_owned(),
    };
    (state, last)
}

#[test]
fn the_cap_is_three() {
    assert_eq!(
        MAX_RETRIES, 3,
        "MAX_RETRIES is pinned at 3 by the design; changing it is a `phase6` contract \
         change (breaking), not a tuning knob"
    );
}

#[test]
fn below_the_cap_a_gate_failure_replans() {
    for retry_count in 0..3 {
        let (state, last) = after_gate_failure(retry_count);
        assert_eq!(
            predicate_for(&state, &last),
            PredicateName::GateFailedRetryable,
            "retry_count {retry_count}"
        );
        assert_eq!(
            route_after_stage6_validate(&state, &last),
            Ok(Dst::Node(Node::MatchRecipe)),
            "retry_count {retry_count}: a gate failure below the cap replans"
        );
    }
}

#[test]
fn at_the_cap_a_gate_failure_escalates_to_a_human() {
    let (state, last) = after_gate_failure(3);
    assert_eq!(
        predicate_for(&state, &last),
        PredicateName::GateFailedRepeated
    );
    let decision = routing::decide(Node::Stage6Validate, &state, &last).unwrap();
    assert_eq!(decision.dst, Dst::End);
    assert_eq!(
        decision.ledger_edge,
        Some((
            LedgerStateKind::PatchApplied,
            LedgerStateKind::AwaitingHumanReview
        ))
    );
}

#[test]
fn past_the_cap_a_gate_failure_still_escalates() {
    for retry_count in [4, 5, u32::MAX] {
        let (state, last) = after_gate_failure(retry_count);
        assert_eq!(
            predicate_for(&state, &last),
            PredicateName::GateFailedRepeated,
            "retry_count {retry_count}: the cap is `retry_count >= MAX_RETRIES`, not `==`"
        );
        assert_eq!(
            route_after_stage6_validate(&state, &last),
            Ok(Dst::End),
            "retry_count {retry_count}"
        );
    }
}

#[test]
fn a_run_replans_exactly_three_times_then_escalates() {
    let mut script = Script::gates([GateVerdict::Fail; 10]);
    let report = driver::run("CVE-2026-0002", &mut script).unwrap();
    assert_eq!(report.retry_count, 3);
    let gate_runs = report
        .steps
        .iter()
        .filter(|s| s.source == Node::Stage6Validate)
        .count();
    assert_eq!(gate_runs, 4, "one first attempt and three replans");
    assert_eq!(report.ledger.kind(), LedgerStateKind::AwaitingHumanReview);
    assert_eq!(script.gates.len(), 6, "the gate ran exactly four times");
}

#[test]
fn a_pass_on_the_last_attempt_completes() {
    let mut script = Script::gates([
        GateVerdict::Fail,
        GateVerdict::Fail,
        GateVerdict::Fail,
        GateVerdict::Pass,
    ]);
    let report = driver::run("CVE-2026-0002", &mut script).unwrap();
    assert_eq!(report.retry_count, 3);
    assert_eq!(report.ledger.kind(), LedgerStateKind::Completed);
}
