//! `write_branch`: commits the validated patch to a branch, which completes the run.

use crate::workflows::ledger::LedgerStateKind;
use crate::workflows::ports::Ports;
use crate::workflows::state::{NodeTransition, SubgraphState};

/// Ledger kinds whose checkpoint this node's decisions write.
pub const EMITS: &[LedgerStateKind] = &[
    LedgerStateKind::Completed,
    LedgerStateKind::FailedUnrecoverable,
];

/// Runs the node.
pub fn run(state: &SubgraphState, ports: &mut dyn Ports) -> NodeTransition {
    match ports.write_branch(&state.cve) {
        Ok(()) => NodeTransition::Advance,
        Err(reason) => NodeTransition::ShortCircuit { reason },
    }
}
