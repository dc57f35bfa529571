//! `match_recipe`: finds a recipe for the CVE and plans; with none, a human decides.

use crate::workflows::ledger::LedgerStateKind;
use crate::workflows::ports::Ports;
use crate::workflows::state::{NodeTransition, SubgraphState};

/// Ledger kinds whose checkpoint this node's decisions write.
pub const EMITS: &[LedgerStateKind] = &[
    LedgerStateKind::PlanReady,
    LedgerStateKind::AwaitingHumanReview,
];

/// Runs the node.
pub fn run(state: &SubgraphState, ports: &mut dyn Ports) -> NodeTransition {
    match ports.find_recipe(&state.cve, state.retry_count) {
        Some(_) => NodeTransition::Advance,
        None => NodeTransition::Escalate {
            reason: format!("no recipe matches {}", state.cve),
        },
    }
}
