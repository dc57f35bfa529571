//! A small driver: runs the subgraph from `ingest_cve` until a decision routes to
//! the end, applying each decision's ledger edge and writing a checkpoint event at
//! every semantic boundary.

use std::fmt;

use crate::workflows::ledger::{self, IllegalTransition, Ledger, LedgerStateKind};
use crate::workflows::nodes;
use crate::workflows::ports::Ports;
use crate::workflows::routing::{self, PredicateName, RoutingError, MAX_RETRIES};
use crate::workflows::state::{Dst, Node, NodeTransition, SubgraphState};

/// More steps than any run the table admits can take: one pass is at most five
/// steps and a run makes at most `MAX_RETRIES + 1` passes. Reaching it means the
/// table has a loop the retry cap does not bound.
pub const STEP_LIMIT: usize = (MAX_RETRIES as usize + 1) * Node::ALL.len() + Node::ALL.len();

/// One routing step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The node that ran.
    pub source: Node,
    /// What its result meant.
    pub predicate: PredicateName,
    /// Where the run went.
    pub dst: Dst,
    /// The ledger edge written, if any.
    pub ledger_edge: Option<(LedgerStateKind, LedgerStateKind)>,
}

/// A checkpoint: the ledger entered a semantic-boundary kind on this node's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TransitionEvent {
    /// The node whose decision wrote it.
    pub node: Node,
    /// The kind entered.
    pub kind: LedgerStateKind,
}

/// How a run went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunReport {
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// The ledger at the end.
    pub ledger: Ledger,
    /// Replans made.
    pub retry_count: u32,
    /// Checkpoints written, in order.
    pub checkpoints: Vec<TransitionEvent>,
}

impl RunReport {
    /// The `(source, dst)` pairs of the run, the shape the canonical paths are written in.
    pub fn path(&self) -> Vec<(Node, Dst)> {
        self.steps.iter().map(|s| (s.source, s.dst)).collect()
    }
}

/// Why a run stopped before reaching the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DriverError {
    /// No row routes a node's result.
    Routing(RoutingError),
    /// A row's ledger edge was refused by the ledger.
    Ledger(IllegalTransition),
    /// The run did not end within [`STEP_LIMIT`] steps.
    StepLimit,
}

impl fmt::Display for DriverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DriverError::Routing(e) => e.fmt(f),
            DriverError::Ledger(e) => e.fmt(f),
            DriverError::StepLimit => write!(
                f,
                "the run did not end within {STEP_LIMIT} steps: ROUTING_TABLE has a loop \
                 the retry cap does not bound"
            ),
        }
    }
}

impl std::error::Error for DriverError {}

impl From<RoutingError> for DriverError {
    fn from(e: RoutingError) -> Self {
        DriverError::Routing(e)
    }
}

impl From<IllegalTransition> for DriverError {
    fn from(e: IllegalTransition) -> Self {
        DriverError::Ledger(e)
    }
}

/// Runs `node` (the one place that knows every node's `run`).
pub fn run_node(node: Node, state: &SubgraphState, ports: &mut dyn Ports) -> NodeTransition {
    match node {
        Node::IngestCve => nodes::ingest_cve::run(state, ports),
        Node::MatchRecipe => nodes::match_recipe::run(state, ports),
        Node::ApplyRecipe => nodes::apply_recipe::run(state, ports),
        Node::Stage6Validate => nodes::stage6_validate::run(state, ports),
        Node::WriteBranch => nodes::write_branch::run(state, ports),
    }
}

/// The ledger kinds `node` declares it checkpoints (its module's `EMITS`).
pub fn emits(node: Node) -> &'static [LedgerStateKind] {
    match node {
        Node::IngestCve => nodes::ingest_cve::EMITS,
        Node::MatchRecipe => nodes::match_recipe::EMITS,
        Node::ApplyRecipe => nodes::apply_recipe::EMITS,
        Node::Stage6Validate => nodes::stage6_validate::EMITS,
        Node::WriteBranch => nodes::write_branch::EMITS,
    }
}

/// Runs the subgraph for `cve` against `ports`.
pub fn run(cve: &str, ports: &mut dyn Ports) -> Result<RunReport, DriverError> {
    let mut ledger = Ledger::hydrate_or_fail(ports.integrity_intact());
    let mut state = SubgraphState::new(cve, ledger.kind());
    let mut steps = Vec::new();
    let mut checkpoints = Vec::new();
    let mut node = Node::ENTRY;
    loop {
        if steps.len() >= STEP_LIMIT {
            return Err(DriverError::StepLimit);
        }
        let last = run_node(node, &state, ports);
        let decision = routing::decide(node, &state, &last)?;
        if let Some(edge) = decision.ledger_edge {
            ledger.apply(edge)?;
            if ledger::is_semantic_boundary(edge.1) {
                checkpoints.push(TransitionEvent { node, kind: edge.1 });
            }
        }
        if decision.predicate == PredicateName::GateFailedRetryable {
            state.retry_count += 1;
        }
        state.ledger = ledger.kind();
        steps.push(Step {
            source: node,
            predicate: decision.predicate,
            dst: decision.dst,
            ledger_edge: decision.ledger_edge,
        });
        match decision.dst {
            Dst::End => break,
            Dst::Node(next) => node = next,
        }
    }
    Ok(RunReport {
        steps,
        ledger,
        retry_count: state.retry_count,
        checkpoints,
    })
}
