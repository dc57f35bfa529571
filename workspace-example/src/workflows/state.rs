//! What flows through the subgraph: its nodes, what a node reports when it finishes
//! ([`NodeTransition`]), and the state the routing functions read ([`SubgraphState`]).

use std::fmt;

use crate::workflows::ledger::LedgerStateKind;

/// The five nodes of the subgraph, in their straight-line order. Each has a module
/// of the same (snake_case) name under `workflows/nodes/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Node {
    /// Reads the advisory.
    IngestCve,
    /// Finds a recipe for it and plans.
    MatchRecipe,
    /// Applies the plan's patch.
    ApplyRecipe,
    /// Runs the Stage-6 trust gate on the patch.
    Stage6Validate,
    /// Commits the patch to a branch.
    WriteBranch,
}

impl Node {
    /// Every node, in straight-line order; the graph is entered at the first.
    pub const ALL: [Node; 5] = [
        Node::IngestCve,
        Node::MatchRecipe,
        Node::ApplyRecipe,
        Node::Stage6Validate,
        Node::WriteBranch,
    ];

    /// The entry node.
    pub const ENTRY: Node = Node::IngestCve;

    /// The node's name, which is also its module's name under `workflows/nodes/`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Node::IngestCve => "ingest_cve",
            Node::MatchRecipe => "match_recipe",
            Node::ApplyRecipe => "apply_recipe",
            Node::Stage6Validate => "stage6_validate",
            Node::WriteBranch => "write_branch",
        }
    }
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a routing decision sends the run: another node, or the end of the graph.
/// Only these two: a ledger state is never a destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dst {
    /// Run this node next.
    Node(Node),
    /// Stop; the ledger says how the run ended.
    End,
}

impl Dst {
    /// The end sentinel's name.
    pub const END: &'static str = "__end__";

    /// The node's name, or `__end__`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Dst::Node(node) => node.as_str(),
            Dst::End => Dst::END,
        }
    }
}

impl fmt::Display for Dst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a node reports when its `run` returns. Nodes compute; they never say which
/// node runs next: the routing table decides from this and the state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeTransition {
    /// The node did its work; continue along the straight line.
    Advance,
    /// The Stage-6 gate accepted the patch.
    GatePassed,
    /// The Stage-6 gate rejected the patch; whether to replan depends on the retries.
    GateFailed {
        /// What the gate reported.
        reason: String,
    },
    /// The run cannot continue; it ends failed.
    ShortCircuit {
        /// Why.
        reason: String,
    },
    /// The run cannot continue on its own; a human must decide.
    Escalate {
        /// Why.
        reason: String,
    },
}

/// The state the routing functions read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubgraphState {
    /// The CVE being remediated.
    pub cve: String,
    /// Replans so far (gate failures routed back to `match_recipe`).
    pub retry_count: u32,
    /// Where the ledger stands.
    pub ledger: LedgerStateKind,
}

impl SubgraphState {
    /// A fresh state for `cve` whose ledger starts at `ledger`.
    pub fn new(cve: impl Into<String>, ledger: LedgerStateKind) -> SubgraphState {
        SubgraphState {
            cve: cve.into(),
            retry_count: 0,
            ledger,
        }
    }
}
