//! `apply_recipe`: applies the plan's patch; a patch that does not apply ends the run.

use crate::workflows::ledger::LedgerStateKind;
use crate::workflows::ports::Ports;
use crate::workflows::state::{NodeTransition, SubgraphState};

/// Ledger kinds whose checkpoint this node's decisions write.
pub const EMITS: &[LedgerStateKind] = &[
    LedgerStateKind::PatchApplied,
    LedgerStateKind::FailedUnrecoverable,
];

/// Runs the node.
pub fn run(state: &SubgraphState, ports: &mut dyn Ports) -> NodeTransition {
    match ports.apply_patch(&state.cve) {
        Ok(()) => NodeTransition::Advance,
        Err(reason) => NodeTransition::ShortCircuit { reason },
    }
}
