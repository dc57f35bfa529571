//! `stage6_validate`: runs the Stage-6 trust gate and reports its verdict. Whether a
//! failure replans or escalates is the routing table's call (the retry cap).

use crate::workflows::ledger::LedgerStateKind;
use crate::workflows::ports::{GateVerdict, Ports};
use crate::workflows::state::{NodeTransition, SubgraphState};

/// Ledger kinds whose checkpoint this node's decisions write.
pub const EMITS: &[LedgerStateKind] = &[
    LedgerStateKind::AwaitingHumanReview,
    LedgerStateKind::FailedUnrecoverable,
];

/// Runs the node.
pub fn run(state: &SubgraphState, ports: &mut dyn Ports) -> NodeTransition {
    match ports.run_gate(&state.cve, state.retry_count) {
        GateVerdict::Pass => NodeTransition::GatePassed,
        GateVerdict::Fail => NodeTransition::GateFailed {
            reason: format!("the gate rejected attempt {}", state.retry_count + 1),
        },
        GateVerdict::Tampered => NodeTransition::ShortCircuit {
            reason: "the sandbox reported tampering".to_owned(),
        },
    }
}
