//! The remediation kernel of seed 000, whose Phase-5 contract surface is pinned in
//! set `phase5` (golden: `golden/phase5-contract/workspace-example.json`).
//!
//! A run goes recipe match → apply → stage-6 validation, with bounded retries, and
//! ends in a [`RemediationReport`]:
//!
//! ```
//! use std::sync::Arc;
//! use workspace_example::transforms::{
//!     Finding, MemoryEventLog, RemediationOrchestrator, RemediationStatus, SourceTree,
//!     TrustScorer, VersionBumpRecipe,
//! };
//!
//! let log = Arc::new(MemoryEventLog::new());
//! let orchestrator =
//!     RemediationOrchestrator::new(Box::new(VersionBumpRecipe), TrustScorer::default(), log);
//! let mut tree = SourceTree::new("acme/web").with_dependency("lodash", "4.17.15");
//! let report = orchestrator.run(&Finding::new("GHSA-p6mc", "lodash", "4.17.21"), &mut tree);
//! assert_eq!(report.status, RemediationStatus::Remediated);
//! assert!(report.to_yaml().unwrap().starts_with("schema_version: 1\n"));
//! ```
//!
//! **Import from here.** `workspace_example::transforms::X` is the canonical path of
//! every contract symbol. Each is declared once, in one of the modules below; those
//! modules are public only so that the contract test can prove (at compile time,
//! with `contract_pin::assert_same_item!`) that both paths name the same item.
//!
//! The contract surface (Phase 5 wraps it by name and signature):
//! [`RemediationOrchestrator`] (`new`, `run`, `validate_stage6` and every other `pub`
//! method), [`TrustScorer`] (`new`, `score`), [`TrustSignal`], [`TrustOutcome`],
//! [`StageOutcome`], [`Transform`] and its sealed set of implementors,
//! [`ApplyContext`], [`AttemptSummary`], [`RecipeEngine`], [`RemediationReport`] and
//! the report's own types [`Finding`] and [`RemediationStatus`].

pub mod apply_context;
pub mod events;
pub mod orchestrator;
pub mod outcomes;
pub mod recipe_engine;
pub mod report;
pub mod source;
pub mod transform;
pub mod trust_scorer;
mod version;

pub use apply_context::{ApplyContext, AttemptSummary};
pub use events::{Event, EventLog, MemoryEventLog};
pub use orchestrator::{RemediationOrchestrator, DEFAULT_MAX_ATTEMPTS};
pub use outcomes::{TrustOutcome, TrustSignal};
pub use recipe_engine::{RecipeEngine, VersionBumpRecipe};
pub use report::{
    RemediationReport, RemediationStatus, ReportError, REPORT_FILE_NAME, REPORT_SCHEMA_VERSION,
};
pub use source::{Finding, SourceTree};
pub use transform::{AddOverride, BumpDependency, Transform, TransformError};
pub use trust_scorer::{StageOutcome, TrustScorer, DEFAULT_TRUST_THRESHOLD};
