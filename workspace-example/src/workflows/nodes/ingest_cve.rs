//! `ingest_cve`: the entry node. It takes the CVE into the run, unless the entry
//! integrity check already failed the ledger, in which case it ends the run.

use crate::workflows::ledger::LedgerStateKind;
use crate::workflows::ports::Ports;
use crate::workflows::state::{NodeTransition, SubgraphState};

/// Ledger kinds whose checkpoint this node's decisions write: none (a failed entry
/// check is the ledger's pre-state, not a transition).
pub const EMITS: &[LedgerStateKind] = &[];

/// Runs the node.
pub fn run(state: &SubgraphState, _ports: &mut dyn Ports) -> NodeTransition {
    if state.ledger == LedgerStateKind::FailedUnrecoverable {
        return NodeTransition::ShortCircuit {
            reason: format!(
                "{}: the checkpoint failed its integrity check at the entry edge",
                state.cve
            ),
        };
    }
    NodeTransition::Advance
}
