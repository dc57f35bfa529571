//! Routing: which node runs after which, decided by data.
//!
//! [`ROUTING_TABLE`] is the single place that enumerates routing decisions: every
//! `(source node, predicate, destination)` the subgraph dispatches through, each with
//! the ledger edge it writes. The `route_after_*` functions are one-line lookups into
//! it, and [`predicate_for`] is the only code that reads a node's result. The table,
//! the retry cap and the two exclusion sets are pinned in contract set `phase6`:
//! adding a row is additive, removing or changing one is breaking.

use std::fmt;

use crate::workflows::ledger::LedgerStateKind;
use crate::workflows::state::{Dst, Node, NodeTransition, SubgraphState};

/// Every routing decision of the subgraph, keyed by source node and predicate.
///
/// Several rows may share a `(source, predicate)` key when the same decision writes a
/// different ledger edge depending on where the ledger stands (a first plan leaves
/// `needs_plan`, a replan leaves `gate_failed_retryable`); they always agree on the
/// destination. A row with no ledger edge writes nothing.
#[contract_pin::contract(set = "phase6")]
pub const ROUTING_TABLE: &[(Node, RoutingDecision)] = &[
    // ingest_cve
    (
        Node::IngestCve,
        RoutingDecision {
            predicate: PredicateName::NodeAdvancedToNext,
            dst: Dst::Node(Node::MatchRecipe),
            ledger_edge: None,
        },
    ),
    (
        // The entry integrity check failed: the ledger already starts failed.
        Node::IngestCve,
        RoutingDecision {
            predicate: PredicateName::NodeShortCircuited,
            dst: Dst::End,
            ledger_edge: None,
        },
    ),
    // match_recipe
    (
        Node::MatchRecipe,
        RoutingDecision {
            predicate: PredicateName::NodeAdvancedToNext,
            dst: Dst::Node(Node::ApplyRecipe),
            ledger_edge: Some((LedgerStateKind::NeedsPlan, LedgerStateKind::PlanReady)),
        },
    ),
    (
        Node::MatchRecipe,
        RoutingDecision {
            predicate: PredicateName::NodeAdvancedToNext,
            dst: Dst::Node(Node::ApplyRecipe),
            ledger_edge: Some((
                LedgerStateKind::GateFailedRetryable,
                LedgerStateKind::PlanReady,
            )),
        },
    ),
    (
        Node::MatchRecipe,
        RoutingDecision {
            predicate: PredicateName::NodeEscalated,
            dst: Dst::End,
            ledger_edge: Some((
                LedgerStateKind::NeedsPlan,
                LedgerStateKind::AwaitingHumanReview,
            )),
        },
    ),
    (
        Node::MatchRecipe,
        RoutingDecision {
            predicate: PredicateName::NodeEscalated,
            dst: Dst::End,
            ledger_edge: Some((
                LedgerStateKind::GateFailedRetryable,
                LedgerStateKind::AwaitingHumanReview,
            )),
        },
    ),
    // apply_recipe
    (
        Node::ApplyRecipe,
        RoutingDecision {
            predicate: PredicateName::NodeAdvancedToNext,
            dst: Dst::Node(Node::Stage6Validate),
            ledger_edge: Some((LedgerStateKind::PlanReady, LedgerStateKind::PatchApplied)),
        },
    ),
    (
        Node::ApplyRecipe,
        RoutingDecision {
            predicate: PredicateName::NodeShortCircuited,
            dst: Dst::End,
            ledger_edge: Some((
                LedgerStateKind::PlanReady,
                LedgerStateKind::FailedUnrecoverable,
            )),
        },
    ),
    // stage6_validate
    (
        Node::Stage6Validate,
        RoutingDecision {
            predicate: PredicateName::GatePassed,
            dst: Dst::Node(Node::WriteBranch),
            ledger_edge: None,
        },
    ),
    (
        Node::Stage6Validate,
        RoutingDecision {
            predicate: PredicateName::GateFailedRetryable,
            dst: Dst::Node(Node::MatchRecipe),
            ledger_edge: Some((
                LedgerStateKind::PatchApplied,
                LedgerStateKind::GateFailedRetryable,
            )),
        },
    ),
    (
        Node::Stage6Validate,
        RoutingDecision {
            predicate: PredicateName::GateFailedRepeated,
            dst: Dst::End,
            ledger_edge: Some((
                LedgerStateKind::PatchApplied,
                LedgerStateKind::AwaitingHumanReview,
            )),
        },
    ),
    (
        Node::Stage6Validate,
        RoutingDecision {
            predicate: PredicateName::NodeShortCircuited,
            dst: Dst::End,
            ledger_edge: Some((
                LedgerStateKind::PatchApplied,
                LedgerStateKind::FailedUnrecoverable,
            )),
        },
    ),
    // write_branch
    (
        Node::WriteBranch,
        RoutingDecision {
            predicate: PredicateName::NodeAdvancedToNext,
            dst: Dst::End,
            ledger_edge: Some((LedgerStateKind::PatchApplied, LedgerStateKind::Completed)),
        },
    ),
    (
        Node::WriteBranch,
        RoutingDecision {
            predicate: PredicateName::NodeShortCircuited,
            dst: Dst::End,
            ledger_edge: Some((
                LedgerStateKind::PatchApplied,
                LedgerStateKind::FailedUnrecoverable,
            )),
        },
    ),
];

/// Ledger edges a human drives (the typed-resume validator owns them), not the
/// subgraph router: legal in the ledger, deliberately absent from the table.
#[contract_pin::contract(set = "phase6")]
pub const HITL_LEDGER_EDGES: &[(LedgerStateKind, LedgerStateKind)] = &[
    (
        LedgerStateKind::AwaitingHumanReview,
        LedgerStateKind::PlanReady,
    ),
    (
        LedgerStateKind::AwaitingHumanReview,
        LedgerStateKind::Completed,
    ),
    (
        LedgerStateKind::AwaitingHumanReview,
        LedgerStateKind::FailedUnrecoverable,
    ),
];

/// Ledger edges written at the graph's entry edge rather than by a routing decision.
///
/// Empty, and declared for symmetry with [`HITL_LEDGER_EDGES`]: a failed entry
/// integrity check is not a transition but the graph's pre-state (the ledger starts
/// in `failed_unrecoverable`, see `Ledger::hydrate_or_fail`). An entry-edge transition
/// found later is an amendment here.
#[contract_pin::contract(set = "phase6")]
pub const ENTRY_LEDGER_EDGES: &[(LedgerStateKind, LedgerStateKind)] = &[];

/// Gate failures routed back to `match_recipe` before the run escalates to a human.
/// The cap is a `>=`: a count at or past it never replans again.
#[contract_pin::contract(set = "phase6")]
pub const MAX_RETRIES: u32 = 3;

/// What a node's result means for routing. Closed: [`predicate_for`] maps every
/// [`NodeTransition`] to exactly one.
#[contract_pin::contract(set = "phase6")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PredicateName {
    /// The gate accepted the patch.
    GatePassed,
    /// The gate rejected the patch and retries remain (`retry_count < MAX_RETRIES`).
    GateFailedRetryable,
    /// The gate rejected the patch and the retries are spent (`retry_count >= MAX_RETRIES`).
    GateFailedRepeated,
    /// The node ended the run (`NodeTransition::ShortCircuit`).
    NodeShortCircuited,
    /// The node handed the run to a human (`NodeTransition::Escalate`).
    NodeEscalated,
    /// The node finished; straight-line advance (`NodeTransition::Advance`).
    NodeAdvancedToNext,
}

impl PredicateName {
    /// Every predicate.
    pub const ALL: [PredicateName; 6] = [
        PredicateName::GatePassed,
        PredicateName::GateFailedRetryable,
        PredicateName::GateFailedRepeated,
        PredicateName::NodeShortCircuited,
        PredicateName::NodeEscalated,
        PredicateName::NodeAdvancedToNext,
    ];

    /// The snake_case name the design documents use.
    pub const fn as_str(self) -> &'static str {
        match self {
            PredicateName::GatePassed => "gate_passed",
            PredicateName::GateFailedRetryable => "gate_failed_retryable",
            PredicateName::GateFailedRepeated => "gate_failed_repeated",
            PredicateName::NodeShortCircuited => "node_short_circuited",
            PredicateName::NodeEscalated => "node_escalated",
            PredicateName::NodeAdvancedToNext => "node_advanced_to_next",
        }
    }
}

impl fmt::Display for PredicateName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One routing decision: when `predicate` holds after the source node, go to `dst`
/// and write `ledger_edge` (if any).
#[contract_pin::contract(set = "phase6")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoutingDecision {
    /// When this decision applies.
    pub predicate: PredicateName,
    /// Where the run goes.
    pub dst: Dst,
    /// The ledger transition the decision writes, `(prior, next)`.
    pub ledger_edge: Option<(LedgerStateKind, LedgerStateKind)>,
}

/// No row of [`ROUTING_TABLE`] routes this result from this state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoutingError {
    /// The node that just ran.
    pub source: Node,
    /// What its result means.
    pub predicate: PredicateName,
    /// Where the ledger stood.
    pub ledger: LedgerStateKind,
}

impl fmt::Display for RoutingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no ROUTING_TABLE row routes {} after `{}` with the ledger in {}: add the row \
             (and its ledger edge) or make the result unreachable",
            self.predicate, self.source, self.ledger
        )
    }
}

impl std::error::Error for RoutingError {}

/// What `last` (the result of the node that just ran) means for routing, given the
/// state. The match has no catch-all arm: a new `NodeTransition` variant does not
/// compile until it is given a predicate.
pub fn predicate_for(state: &SubgraphState, last: &NodeTransition) -> PredicateName {
    match last {
        NodeTransition::Advance => PredicateName::NodeAdvancedToNext,
        NodeTransition::GatePassed => PredicateName::GatePassed,
        NodeTransition::GateFailed { .. } if state.retry_count >= MAX_RETRIES => {
            PredicateName::GateFailedRepeated
        }
        NodeTransition::GateFailed { .. } => PredicateName::GateFailedRetryable,
        NodeTransition::ShortCircuit { .. } => PredicateName::NodeShortCircuited,
        NodeTransition::Escalate { .. } => PredicateName::NodeEscalated,
    }
}

/// The row that routes `last` after `source`: the one with the matching predicate
/// whose ledger edge (if any) starts where the ledger stands.
pub fn decide(
    source: Node,
    state: &SubgraphState,
    last: &NodeTransition,
) -> Result<&'static RoutingDecision, RoutingError> {
    let predicate = predicate_for(state, last);
    ROUTING_TABLE
        .iter()
        .find(|(row_source, d)| {
            *row_source == source
                && d.predicate == predicate
                && d.ledger_edge.is_none_or(|(prior, _)| prior == state.ledger)
        })
        .map(|(_, decision)| decision)
        .ok_or(RoutingError {
            source,
            predicate,
            ledger: state.ledger,
        })
}

/// Where the run goes after `ingest_cve`.
pub fn route_after_ingest_cve(
    state: &SubgraphState,
    last: &NodeTransition,
) -> Result<Dst, RoutingError> {
    decide(Node::IngestCve, state, last).map(|d| d.dst)
}

/// Where the run goes after `match_recipe`.
pub fn route_after_match_recipe(
    state: &SubgraphState,
    last: &NodeTransition,
) -> Result<Dst, RoutingError> {
    decide(Node::MatchRecipe, state, last).map(|d| d.dst)
}

/// Where the run goes after `apply_recipe`.
pub fn route_after_apply_recipe(
    state: &SubgraphState,
    last: &NodeTransition,
) -> Result<Dst, RoutingError> {
    decide(Node::ApplyRecipe, state, last).map(|d| d.dst)
}

/// Where the run goes after `stage6_validate`.
pub fn route_after_stage6_validate(
    state: &SubgraphState,
    last: &NodeTransition,
) -> Result<Dst, RoutingError> {
    decide(Node::Stage6Validate, state, last).map(|d| d.dst)
}

/// Where the run goes after `write_branch`.
pub fn route_after_write_branch(
    state: &SubgraphState,
    last: &NodeTransition,
) -> Result<Dst, RoutingError> {
    decide(Node::WriteBranch, state, last).map(|d| d.dst)
}
