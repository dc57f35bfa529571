//! The contract surface used the way Phase 5 uses it: through
//! `workspace_example::transforms` only. Where `phase5_contract.rs` compares shapes,
//! this file is a consumer: a breaking change to the surface stops it compiling.

use std::sync::Arc;

use workspace_example::transforms::{
    ApplyContext, AttemptSummary, Finding, MemoryEventLog, RecipeEngine, RemediationOrchestrator,
    RemediationReport, RemediationStatus, SourceTree, StageOutcome, Transform, TrustOutcome,
    TrustScorer, TrustSignal, VersionBumpRecipe,
};

/// The alias must keep naming `TrustOutcome`: this only compiles while it does.
#[test]
fn stage_outcome_is_trust_outcome() {
    fn same(outcome: StageOutcome) -> TrustOutcome {
        outcome
    }
    let log = Arc::new(MemoryEventLog::new());
    let orchestrator =
        RemediationOrchestrator::new(Box::new(VersionBumpRecipe), TrustScorer::default(), log);
    let tree = SourceTree::new("acme/web").with_dependency("lodash", "4.17.15");
    let outcome =
        orchestrator.validate_stage6(&Finding::new("G", "lodash", "4.17.21"), &tree, &tree);
    assert!(same(outcome).is_rejected());
}

/// The surface composes through the canonical path alone, the way Phase 5 uses it:
/// its own recipe engine behind `dyn RecipeEngine`, transforms behind
/// `dyn Transform`, a context carrying prior attempts, and the report it reads back.
#[test]
fn the_surface_composes_through_the_canonical_path() {
    struct Phase5Engine;
    impl RecipeEngine for Phase5Engine {
        fn name(&self) -> &str {
            "phase5"
        }
        fn plan(&self, finding: &Finding, ctx: &ApplyContext) -> Option<Box<dyn Transform>> {
            VersionBumpRecipe.plan(finding, ctx)
        }
    }
    let engine: Box<dyn RecipeEngine> = Box::new(Phase5Engine);
    let orchestrator = RemediationOrchestrator::new(
        engine,
        TrustScorer::new(80),
        Arc::new(MemoryEventLog::new()),
    )
    .with_max_attempts(2);
    let mut tree = SourceTree::new("acme/web").with_transitive("minimist", "1.2.0");
    let report = orchestrator.run(&Finding::new("GHSA-vh95", "minimist", "1.2.6"), &mut tree);
    assert_eq!(report.status, RemediationStatus::NeedsReview);
    let first: &AttemptSummary = &report.failed_attempts[0];
    assert_eq!(first.attempt, 1);
    let read_back = RemediationReport::from_yaml(&report.to_yaml().unwrap()).unwrap();
    assert_eq!(read_back, report);
    let signal = TrustSignal::OverrideUsed {
        package: "minimist".into(),
    };
    assert_eq!(
        serde_json::to_value(&signal).unwrap()["kind"],
        "override_used"
    );
}
