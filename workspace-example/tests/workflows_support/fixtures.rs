//! Synthetic routing inputs: for a source node and a predicate, a state and a node
//! result that make the predicate hold, or a declaration that production cannot
//! produce the pair.
//!
//! Both dispatches are closed matches without a catch-all arm: a new `Node` or
//! `PredicateName` variant does not compile until it is either given an input here or
//! declared unreachable with a reason.

// Shared by several test binaries; each uses part of it.
#![allow(dead_code)]

use std::fmt;

use workspace_example::workflows::ledger::LedgerStateKind;
use workspace_example::workflows::routing::{
    self, PredicateName, RoutingDecision, RoutingError, MAX_RETRIES,
};
use workspace_example::workflows::state::{Dst, Node, NodeTransition, SubgraphState};

/// The marker of a `(source, predicate)` pair the production nodes cannot produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnreachableInProduction {
    /// Why no run can produce it: which node code rules it out.
    pub reason: &'static str,
}

impl fmt::Display for UnreachableInProduction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unreachable in production: {}", self.reason)
    }
}

/// Whether the nodes can produce `predicate` after `source`. Every pair of the closed
/// universe is classified here; `Ok` pairs must have a routing row, `Err` pairs must
/// not (and the nodes must never produce them).
pub fn reachability(source: Node, predicate: PredicateName) -> Result<(), UnreachableInProduction> {
    use PredicateName as P;
    let unreachable = |reason| Err(UnreachableInProduction { reason });
    match (source, predicate) {
        (
            Node::Stage6Validate,
            P::GatePassed | P::GateFailedRetryable | P::GateFailedRepeated | P::NodeShortCircuited,
        ) => Ok(()),
        (Node::Stage6Validate, P::NodeAdvancedToNext) => unreachable(
            "stage6_validate always reports a gate verdict (GatePassed / GateFailed) or \
             tampering (ShortCircuit), never a plain Advance",
        ),
        (Node::Stage6Validate, P::NodeEscalated) => unreachable(
            "stage6_validate escalates only through the retry cap (gate_failed_repeated), \
             never by returning Escalate",
        ),
        (
            Node::IngestCve | Node::MatchRecipe | Node::ApplyRecipe | Node::WriteBranch,
            P::GatePassed | P::GateFailedRetryable | P::GateFailedRepeated,
        ) => unreachable("only stage6_validate runs the gate"),
        (Node::MatchRecipe, P::NodeAdvancedToNext | P::NodeEscalated) => Ok(()),
        (Node::MatchRecipe, P::NodeShortCircuited) => unreachable(
            "match_recipe hands a CVE without a recipe to a human (Escalate); it never \
             fails the run",
        ),
        (
            Node::IngestCve | Node::ApplyRecipe | Node::WriteBranch,
            P::NodeAdvancedToNext | P::NodeShortCircuited,
        ) => Ok(()),
        (Node::IngestCve | Node::ApplyRecipe | Node::WriteBranch, P::NodeEscalated) => unreachable(
            "only match_recipe (no recipe) and the retry cap escalate; ingest_cve, \
                 apply_recipe and write_branch either advance or end the run",
        ),
    }
}

/// A node result that makes `predicate` hold (with the retry count from
/// [`retry_count_for`]).
pub fn transition_for(predicate: PredicateName) -> NodeTransition {
    match predicate {
        PredicateName::GatePassed => NodeTransition::GatePassed,
        PredicateName::GateFailedRetryable | PredicateName::GateFailedRepeated => {
            NodeTransition::GateFailed {
                reason: "synthetic gate failure".to_owned(),
            }
        }
        PredicateName::NodeShortCircuited => NodeTransition::ShortCircuit {
            reason: "synthetic short circuit".to_owned(),
        },
        PredicateName::NodeEscalated => NodeTransition::Escalate {
            reason: "synthetic escalation".to_owned(),
        },
        PredicateName::NodeAdvancedToNext => NodeTransition::Advance,
    }
}

/// A retry count under which `predicate` holds.
pub fn retry_count_for(predicate: PredicateName) -> u32 {
    match predicate {
        PredicateName::GateFailedRepeated => MAX_RETRIES,
        PredicateName::GatePassed
        | PredicateName::GateFailedRetryable
        | PredicateName::NodeShortCircuited
        | PredicateName::NodeEscalated
        | PredicateName::NodeAdvancedToNext => 0,
    }
}

/// Where the ledger stands when `source` runs on the straight line, for rows that
/// write no ledger edge.
pub fn default_ledger(source: Node) -> LedgerStateKind {
    match source {
        Node::IngestCve | Node::MatchRecipe => LedgerStateKind::NeedsPlan,
        Node::ApplyRecipe => LedgerStateKind::PlanReady,
        Node::Stage6Validate | Node::WriteBranch => LedgerStateKind::PatchApplied,
    }
}

/// The input that must select `decision` after `source`: the predicate's node result,
/// and a state whose ledger stands at the decision's prior kind.
pub fn build_input(
    source: Node,
    decision: &RoutingDecision,
) -> Result<(SubgraphState, NodeTransition), UnreachableInProduction> {
    reachability(source, decision.predicate)?;
    let ledger = match decision.ledger_edge {
        Some((prior, _)) => prior,
        None if source == Node::IngestCve
            && decision.predicate == PredicateName::NodeShortCircuited =>
        {
            // A failed entry check: the ledger's pre-state.
            LedgerStateKind::FailedUnrecoverable
        }
        None => default_ledger(source),
    };
    let mut state = SubgraphState::new("CVE-2026-0002", ledger);
    state.retry_count = retry_count_for(decision.predicate);
    Ok((state, transition_for(decision.predicate)))
}

/// The routing function of `source`.
pub type RouteFn = fn(&SubgraphState, &NodeTransition) -> Result<Dst, RoutingError>;

/// `route_after_<source>`.
pub fn route_after(source: Node) -> RouteFn {
    match source {
        Node::IngestCve => routing::route_after_ingest_cve,
        Node::MatchRecipe => routing::route_after_match_recipe,
        Node::ApplyRecipe => routing::route_after_apply_recipe,
        Node::Stage6Validate => routing::route_after_stage6_validate,
        Node::WriteBranch => routing::route_after_write_branch,
    }
}

/// One line per row, for failure messages.
pub fn row(source: Node, decision: &RoutingDecision) -> String {
    let edge = match decision.ledger_edge {
        Some((prior, next)) => format!("{prior} -> {next}"),
        None => "no ledger edge".to_owned(),
    };
    format!(
        "ROUTING_TABLE[{source}] {{ predicate: {}, dst: {}, ledger_edge: {edge} }}",
        decision.predicate, decision.dst
    )
}
