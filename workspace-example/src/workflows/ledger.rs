//! The remediation ledger: seven state kinds and the closed table of legal
//! transitions between them.
//!
//! The ledger is the durable record of where one CVE's remediation stands. The
//! routing table (`routing.rs`) decides which node runs next and names the ledger edge
//! each decision writes; this module decides which edges exist at all.

use std::fmt;

/// The seven kinds a ledger entry can be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LedgerStateKind {
    /// The CVE is ingested; no plan yet.
    NeedsPlan,
    /// A recipe matched and a plan exists.
    PlanReady,
    /// The plan's patch is applied to the working tree.
    PatchApplied,
    /// The Stage-6 gate rejected the patch; a replan may fix it.
    GateFailedRetryable,
    /// The graph gave up on its own; a human decides.
    AwaitingHumanReview,
    /// The branch is written. Operationally terminal.
    Completed,
    /// Nothing more can be done. Operationally terminal.
    FailedUnrecoverable,
}

impl LedgerStateKind {
    /// Every kind, in declaration order.
    pub const ALL: [LedgerStateKind; 7] = [
        LedgerStateKind::NeedsPlan,
        LedgerStateKind::PlanReady,
        LedgerStateKind::PatchApplied,
        LedgerStateKind::GateFailedRetryable,
        LedgerStateKind::AwaitingHumanReview,
        LedgerStateKind::Completed,
        LedgerStateKind::FailedUnrecoverable,
    ];

    /// The snake_case name the design documents use.
    pub const fn as_str(self) -> &'static str {
        match self {
            LedgerStateKind::NeedsPlan => "needs_plan",
            LedgerStateKind::PlanReady => "plan_ready",
            LedgerStateKind::PatchApplied => "patch_applied",
            LedgerStateKind::GateFailedRetryable => "gate_failed_retryable",
            LedgerStateKind::AwaitingHumanReview => "awaiting_human_review",
            LedgerStateKind::Completed => "completed",
            LedgerStateKind::FailedUnrecoverable => "failed_unrecoverable",
        }
    }

    /// The operationally terminal partition: nothing leaves these kinds.
    pub const fn is_terminal(self) -> bool {
        matches!(
            self,
            LedgerStateKind::Completed | LedgerStateKind::FailedUnrecoverable
        )
    }
}

impl fmt::Display for LedgerStateKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Every transition the ledger admits, as `(prior, next)`. A closed table: an edge
/// not listed here is rejected by [`Ledger::apply`].
pub const LEGAL_TRANSITIONS: &[(LedgerStateKind, LedgerStateKind)] = &[
    (LedgerStateKind::NeedsPlan, LedgerStateKind::PlanReady),
    (
        LedgerStateKind::NeedsPlan,
        LedgerStateKind::AwaitingHumanReview,
    ),
    (LedgerStateKind::PlanReady, LedgerStateKind::PatchApplied),
    (
        LedgerStateKind::PlanReady,
        LedgerStateKind::FailedUnrecoverable,
    ),
    (
        LedgerStateKind::PatchApplied,
        LedgerStateKind::GateFailedRetryable,
    ),
    (
        LedgerStateKind::PatchApplied,
        LedgerStateKind::AwaitingHumanReview,
    ),
    (
        LedgerStateKind::PatchApplied,
        LedgerStateKind::FailedUnrecoverable,
    ),
    (LedgerStateKind::PatchApplied, LedgerStateKind::Completed),
    (
        LedgerStateKind::GateFailedRetryable,
        LedgerStateKind::PlanReady,
    ),
    (
        LedgerStateKind::GateFailedRetryable,
        LedgerStateKind::AwaitingHumanReview,
    ),
    // Resumed by a human (the typed-resume validator), never by the subgraph router.
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

/// The kinds whose entry is a semantic boundary: reaching one writes a checkpoint
/// (a `TransitionEvent`), so a resumed run restarts from there.
pub const SEMANTIC_BOUNDARY_KINDS: &[LedgerStateKind] = &[
    LedgerStateKind::PlanReady,
    LedgerStateKind::PatchApplied,
    LedgerStateKind::AwaitingHumanReview,
    LedgerStateKind::Completed,
    LedgerStateKind::FailedUnrecoverable,
];

/// True when `(prior, next)` is in [`LEGAL_TRANSITIONS`].
pub fn is_legal(prior: LedgerStateKind, next: LedgerStateKind) -> bool {
    LEGAL_TRANSITIONS.contains(&(prior, next))
}

/// True when entering `kind` writes a checkpoint.
pub fn is_semantic_boundary(kind: LedgerStateKind) -> bool {
    SEMANTIC_BOUNDARY_KINDS.contains(&kind)
}

/// An edge the ledger does not admit, or one applied from the wrong state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalTransition {
    /// Where the ledger was.
    pub current: LedgerStateKind,
    /// The edge that was attempted.
    pub edge: (LedgerStateKind, LedgerStateKind),
}

impl fmt::Display for IllegalTransition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (prior, next) = self.edge;
        if prior != self.current {
            write!(
                f,
                "ledger edge {prior} -> {next} applied while the ledger is in {}",
                self.current
            )
        } else {
            write!(
                f,
                "ledger edge {prior} -> {next} is not in LEGAL_TRANSITIONS"
            )
        }
    }
}

impl std::error::Error for IllegalTransition {}

/// One CVE's ledger: its current kind and every edge it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ledger {
    kind: LedgerStateKind,
    history: Vec<(LedgerStateKind, LedgerStateKind)>,
}

impl Ledger {
    /// A fresh ledger for a run whose entry integrity check `intact` reported.
    ///
    /// A failed check is not a transition: it is the pre-state of the graph, so the
    /// ledger starts in `FailedUnrecoverable` with an empty history.
    pub fn hydrate_or_fail(intact: bool) -> Ledger {
        Ledger {
            kind: if intact {
                LedgerStateKind::NeedsPlan
            } else {
                LedgerStateKind::FailedUnrecoverable
            },
            history: Vec::new(),
        }
    }

    /// The current kind.
    pub fn kind(&self) -> LedgerStateKind {
        self.kind
    }

    /// Every edge taken, oldest first.
    pub fn history(&self) -> &[(LedgerStateKind, LedgerStateKind)] {
        &self.history
    }

    /// Takes `edge` if the ledger is at its prior kind and the edge is legal.
    pub fn apply(
        &mut self,
        edge: (LedgerStateKind, LedgerStateKind),
    ) -> Result<(), IllegalTransition> {
        if edge.0 != self.kind || !is_legal(edge.0, edge.1) {
            return Err(IllegalTransition {
                current: self.kind,
                edge,
            });
        }
        self.kind = edge.1;
        self.history.push(edge);
        Ok(())
    }
}
