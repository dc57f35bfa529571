//! The remediation orchestrator: recipe match → apply → stage-6 validation, with a
//! bounded number of attempts, ending in a [`RemediationReport`].

use std::sync::Arc;

use super::apply_context::{ApplyContext, AttemptSummary};
use super::events::{Event, EventLog};
use super::outcomes::{TrustOutcome, TrustSignal};
use super::recipe_engine::RecipeEngine;
use super::report::{RemediationReport, RemediationStatus, REPORT_SCHEMA_VERSION};
use super::source::{Finding, SourceTree};
use super::trust_scorer::{StageOutcome, TrustScorer};
use super::version;

/// Attempts per run unless [`RemediationOrchestrator::with_max_attempts`] says
/// otherwise.
pub const DEFAULT_MAX_ATTEMPTS: u32 = 3;

/// Runs remediations. Its collaborators are injected: the recipe engine, the trust
/// scorer and the event log.
pub struct RemediationOrchestrator {
    engine: Box<dyn RecipeEngine>,
    scorer: TrustScorer,
    events: Arc<dyn EventLog>,
    max_attempts: u32,
}

#[contract_pin::phase5_contract]
impl RemediationOrchestrator {
    /// An orchestrator with [`DEFAULT_MAX_ATTEMPTS`].
    pub fn new(
        engine: Box<dyn RecipeEngine>,
        scorer: TrustScorer,
        events: Arc<dyn EventLog>,
    ) -> RemediationOrchestrator {
        RemediationOrchestrator {
            engine,
            scorer,
            events,
            max_attempts: DEFAULT_MAX_ATTEMPTS,
        }
    }

    /// The same orchestrator with another attempt budget (at least 1).
    pub fn with_max_attempts(self, max_attempts: u32) -> RemediationOrchestrator {
        RemediationOrchestrator {
            max_attempts: max_attempts.max(1),
            ..self
        }
    }

    /// Remediates `finding` in `tree`. Each attempt asks the engine for a transform
    /// (telling it what failed so far), applies it to a copy, and validates the copy
    /// with [`validate_stage6`](Self::validate_stage6); a rejected candidate is
    /// discarded and the next attempt starts, up to the attempt budget. A candidate
    /// that is trusted or needs review replaces `tree`. Whatever happens, the report
    /// says so; `tree` changes only when a candidate was accepted.
    pub fn run(&self, finding: &Finding, tree: &mut SourceTree) -> RemediationReport {
        let mut failed: Vec<AttemptSummary> = Vec::new();
        let mut transform_tried = None;
        let mut last_outcome = None;
        let mut status = RemediationStatus::Failed;
        let mut attempts = 0;
        while attempts < self.max_attempts {
            let attempt = attempts + 1;
            let ctx = ApplyContext {
                repo: tree.repo.clone(),
                prior_attempts: failed.clone(),
            };
            let Some(transform) = self.engine.plan(finding, &ctx) else {
                self.events.record(Event::NoRecipe { attempt });
                if failed.is_empty() {
                    status = RemediationStatus::NoRecipe;
                }
                break;
            };
            attempts = attempt;
            let description = transform.describe();
            self.events.record(Event::AttemptStarted {
                attempt,
                transform: description.clone(),
            });
            transform_tried = Some(description);
            let candidate = match transform.apply(tree, &ctx) {
                Ok(candidate) => candidate,
                Err(error) => {
                    self.events.record(Event::TransformFailed {
                        attempt,
                        error: error.to_string(),
                    });
                    failed.push(AttemptSummary {
                        attempt,
                        failure: error.to_string(),
                    });
                    continue;
                }
            };
            let outcome = self.validate_stage6(finding, tree, &candidate);
            self.events.record(Event::Validated {
                attempt,
                outcome: outcome.kind().to_owned(),
            });
            match &outcome {
                TrustOutcome::Rejected { reasons } => failed.push(AttemptSummary {
                    attempt,
                    failure: reasons.join("; "),
                }),
                TrustOutcome::Trusted { .. } | TrustOutcome::NeedsReview { .. } => {
                    status = if matches!(outcome, TrustOutcome::Trusted { .. }) {
                        RemediationStatus::Remediated
                    } else {
                        RemediationStatus::NeedsReview
                    };
                    *tree = candidate;
                }
            }
            let accepted = !outcome.is_rejected();
            last_outcome = Some(outcome);
            if accepted {
                break;
            }
        }
        self.events.record(Event::Finished { status, attempts });
        RemediationReport {
            schema_version: REPORT_SCHEMA_VERSION,
            repo: tree.repo.clone(),
            finding: finding.clone(),
            status,
            transform: transform_tried,
            outcome: last_outcome,
            attempts,
            failed_attempts: failed,
        }
    }

    /// Stage 6: judges a candidate manifest against the original. **The Phase-5 wrap
    /// point**: Phase 5 replaces this call site with its gate runner (sandboxed
    /// validation), so its name and signature are pinned even though only the
    /// orchestrator calls it today. Pure: it reads both manifests and scores what
    /// it sees.
    pub fn validate_stage6(
        &self,
        finding: &Finding,
        before: &SourceTree,
        after: &SourceTree,
    ) -> StageOutcome {
        self.scorer.score(&stage6_signals(finding, before, after))
    }
}

/// The evidence stage 6 gathers about a candidate.
fn stage6_signals(finding: &Finding, before: &SourceTree, after: &SourceTree) -> Vec<TrustSignal> {
    let package = &finding.package;
    let mut signals = Vec::new();
    match after.resolved_version(package) {
        Some(v) if version::is_at_least(v, &finding.fixed_in) => {
            signals.push(TrustSignal::VulnerabilityCleared {
                package: package.clone(),
                version: v.to_owned(),
            });
        }
        resolved => signals.push(TrustSignal::VulnerabilityRemains {
            package: package.clone(),
            version: resolved.unwrap_or("unresolved").to_owned(),
        }),
    }
    if after.overrides.contains_key(package) && !before.overrides.contains_key(package) {
        signals.push(TrustSignal::OverrideUsed {
            package: package.clone(),
        });
    }
    if let (Some(from), Some(to)) = (
        before.resolved_version(package),
        after.resolved_version(package),
    ) {
        if version::is_major_jump(from, to) {
            signals.push(TrustSignal::MajorVersionJump {
                package: package.clone(),
                from: from.to_owned(),
                to: to.to_owned(),
            });
        }
    }
    let count = u32::try_from(before.entries_changed(after)).unwrap_or(u32::MAX);
    signals.push(TrustSignal::ManifestEntriesChanged { count });
    signals
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::transforms::events::MemoryEventLog;
    use crate::transforms::recipe_engine::VersionBumpRecipe;
    use crate::transforms::transform::{BumpDependency, Transform};

    fn orchestrator(
        engine: impl RecipeEngine + 'static,
    ) -> (RemediationOrchestrator, Arc<MemoryEventLog>) {
        let log = Arc::new(MemoryEventLog::new());
        let orchestrator =
            RemediationOrchestrator::new(Box::new(engine), TrustScorer::default(), log.clone());
        (orchestrator, log)
    }

    fn web() -> SourceTree {
        SourceTree::new("acme/web")
            .with_dependency("lodash", "4.17.15")
            .with_transitive("minimist", "1.2.0")
    }

    #[test]
    fn a_direct_dependency_is_bumped_and_trusted_in_one_attempt() {
        let (orchestrator, log) = orchestrator(VersionBumpRecipe);
        let mut tree = web();
        let report = orchestrator.run(&Finding::new("GHSA-p6mc", "lodash", "4.17.21"), &mut tree);
        assert_eq!(report.status, RemediationStatus::Remediated);
        assert_eq!(report.attempts, 1);
        assert_eq!(report.outcome, Some(TrustOutcome::Trusted { score: 100 }));
        assert!(report.failed_attempts.is_empty());
        assert_eq!(tree.resolved_version("lodash"), Some("4.17.21"));
        assert_eq!(log.events().len(), 3, "{:?}", log.events());
    }

    #[test]
    fn a_transitive_dependency_falls_back_to_an_override_that_needs_review() {
        let (orchestrator, log) = orchestrator(VersionBumpRecipe);
        let mut tree = web();
        let report = orchestrator.run(&Finding::new("GHSA-vh95", "minimist", "1.2.6"), &mut tree);
        assert_eq!(report.status, RemediationStatus::NeedsReview);
        assert_eq!(report.attempts, 2);
        assert_eq!(
            report.failed_attempts,
            [AttemptSummary {
                attempt: 1,
                failure: "`minimist` is not a direct dependency".into()
            }]
        );
        assert!(matches!(
            report.outcome,
            Some(TrustOutcome::NeedsReview { score: 70, .. })
        ));
        assert_eq!(
            tree.overrides.get("minimist").map(String::as_str),
            Some("1.2.6")
        );
        assert_eq!(
            log.events().last(),
            Some(&Event::Finished {
                status: RemediationStatus::NeedsReview,
                attempts: 2
            })
        );
    }

    /// Proposes a bump that never fixes anything, and remembers what it was told.
    #[derive(Default)]
    struct Stubborn {
        prior_seen: Arc<Mutex<Vec<usize>>>,
    }

    impl RecipeEngine for Stubborn {
        fn name(&self) -> &str {
            "stubborn"
        }

        fn plan(&self, finding: &Finding, ctx: &ApplyContext) -> Option<Box<dyn Transform>> {
            self.prior_seen
                .lock()
                .unwrap()
                .push(ctx.prior_attempts.len());
            Some(Box::new(BumpDependency {
                package: finding.package.clone(),
                to: "4.17.16".into(),
            }))
        }
    }

    #[test]
    fn attempts_are_bounded_and_each_sees_the_failures_before_it() {
        for budget in [1, 3, 5] {
            let engine = Stubborn::default();
            let seen = engine.prior_seen.clone();
            let (orchestrator, _) = orchestrator(engine);
            let orchestrator = orchestrator.with_max_attempts(budget);
            let mut tree = web();
            let report =
                orchestrator.run(&Finding::new("GHSA-p6mc", "lodash", "4.17.21"), &mut tree);
            assert_eq!(report.status, RemediationStatus::Failed);
            assert_eq!(report.attempts, budget);
            assert_eq!(report.failed_attempts.len(), budget as usize);
            let expected: Vec<usize> = (0..budget as usize).collect();
            assert_eq!(*seen.lock().unwrap(), expected);
            assert_eq!(tree, web(), "a rejected candidate never reaches the tree");
            assert!(report
                .outcome
                .as_ref()
                .is_some_and(TrustOutcome::is_rejected));
        }
    }

    #[test]
    fn the_default_budget_is_three_and_zero_means_one() {
        let finding = Finding::new("G", "lodash", "4.17.21");
        let (default_budget, _) = orchestrator(Stubborn::default());
        assert_eq!(
            default_budget.run(&finding, &mut web()).attempts,
            DEFAULT_MAX_ATTEMPTS
        );
        let (zero, _) = orchestrator(Stubborn::default());
        let zero = zero.with_max_attempts(0);
        assert_eq!(zero.run(&finding, &mut web()).attempts, 1);
    }

    struct Nothing;

    impl RecipeEngine for Nothing {
        fn name(&self) -> &str {
            "nothing"
        }

        fn plan(&self, _: &Finding, _: &ApplyContext) -> Option<Box<dyn Transform>> {
            None
        }
    }

    #[test]
    fn no_recipe_is_reported_as_such() {
        let (orchestrator, log) = orchestrator(Nothing);
        let mut tree = web();
        let report = orchestrator.run(&Finding::new("G", "lodash", "4.17.21"), &mut tree);
        assert_eq!(report.status, RemediationStatus::NoRecipe);
        assert_eq!(report.attempts, 0);
        assert_eq!(report.transform, None);
        assert_eq!(log.events()[0], Event::NoRecipe { attempt: 1 });
    }

    #[test]
    fn an_exhausted_ladder_is_a_failure_not_a_missing_recipe() {
        // Neither a bump nor an override can apply to a package the tree lacks.
        let (orchestrator, _) = orchestrator(VersionBumpRecipe);
        let mut tree = web();
        let report = orchestrator.run(&Finding::new("G", "left-pad", "1.3.0"), &mut tree);
        assert_eq!(report.status, RemediationStatus::Failed);
        assert_eq!(report.attempts, 2);
        assert_eq!(report.outcome, None);
    }

    #[test]
    fn stage6_rejects_a_candidate_that_is_still_vulnerable() {
        let (orchestrator, _) = orchestrator(VersionBumpRecipe);
        let before = web();
        let outcome =
            orchestrator.validate_stage6(&Finding::new("G", "lodash", "4.17.21"), &before, &before);
        assert_eq!(
            outcome,
            TrustOutcome::Rejected {
                reasons: vec!["`lodash` still resolves to vulnerable version 4.17.15".into()]
            }
        );
    }

    #[test]
    fn runs_are_deterministic_down_to_the_report_bytes() {
        let finding = Finding::new("GHSA-vh95", "minimist", "1.2.6");
        let first = {
            let (orchestrator, _) = orchestrator(VersionBumpRecipe);
            orchestrator.run(&finding, &mut web()).to_yaml().unwrap()
        };
        for _ in 0..9 {
            let (orchestrator, _) = orchestrator(VersionBumpRecipe);
            let again = orchestrator.run(&finding, &mut web()).to_yaml().unwrap();
            assert_eq!(again, first);
        }
    }
}
