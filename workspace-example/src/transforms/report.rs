//! The remediation report (`remediation-report.yaml`): what a run did and why.
//!
//! **Format: YAML, written with `yaml_serde`.** `serde_yaml` is deprecated and
//! archived; `serde_yml` is deprecated (now a shim over another library);
//! `serde_norway` has had no release since December 2024. `yaml_serde` is the fork of
//! `serde_yaml` maintained by the YAML organization, with current releases, the same
//! API and the same output. YAML output follows the struct's field order, which is
//! why that order is part of the pinned shape.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::apply_context::AttemptSummary;
use super::source::Finding;
use super::trust_scorer::StageOutcome;

/// The file name the report is conventionally written to.
pub const REPORT_FILE_NAME: &str = "remediation-report.yaml";

/// The version of the report's schema written by this crate.
pub const REPORT_SCHEMA_VERSION: u32 = 1;

/// How a run ended.
#[contract_pin::phase5_contract]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum RemediationStatus {
    /// A trusted fix was applied.
    Remediated,
    /// A fix was applied, and a person should review it.
    NeedsReview,
    /// Every attempt failed, or the attempt budget ran out.
    Failed,
    /// No recipe matched the finding.
    NoRecipe,
}

/// The report of one run. Field declaration order is part of the contract: it is
/// the order of the YAML document Phase 5 and people read.
///
/// `#[non_exhaustive]`: only the orchestrator builds reports, so adding a field (with
/// a serde default) stays additive for consumers.
#[contract_pin::phase5_contract]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct RemediationReport {
    /// [`REPORT_SCHEMA_VERSION`] of the writer.
    pub schema_version: u32,
    /// The repository.
    pub repo: String,
    /// What was remediated.
    pub finding: Finding,
    /// How the run ended.
    pub status: RemediationStatus,
    /// What the last transform tried does, if any was tried.
    pub transform: Option<String>,
    /// The last stage-6 outcome, if any candidate got that far.
    pub outcome: Option<StageOutcome>,
    /// Attempts made.
    pub attempts: u32,
    /// The attempts that failed, in order.
    pub failed_attempts: Vec<AttemptSummary>,
}

/// A report that could not be written or read.
#[derive(Debug)]
pub struct ReportError(yaml_serde::Error);

impl fmt::Display for ReportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "remediation report: {}", self.0)
    }
}

impl std::error::Error for ReportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

impl RemediationReport {
    /// The report as a YAML document.
    pub fn to_yaml(&self) -> Result<String, ReportError> {
        yaml_serde::to_string(self).map_err(ReportError)
    }

    /// Reads a report; unknown fields are errors.
    pub fn from_yaml(text: &str) -> Result<RemediationReport, ReportError> {
        yaml_serde::from_str(text).map_err(ReportError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transforms::TrustOutcome;

    fn report() -> RemediationReport {
        RemediationReport {
            schema_version: REPORT_SCHEMA_VERSION,
            repo: "acme/web".into(),
            finding: Finding::new("GHSA-vh95-rmgr-6w4m", "minimist", "1.2.6"),
            status: RemediationStatus::NeedsReview,
            transform: Some("override `minimist` to 1.2.6".into()),
            outcome: Some(TrustOutcome::NeedsReview {
                score: 70,
                reasons: vec!["`minimist` is forced with an override".into()],
            }),
            attempts: 2,
            failed_attempts: vec![AttemptSummary {
                attempt: 1,
                failure: "`minimist` is not a direct dependency".into(),
            }],
        }
    }

    #[test]
    fn yaml_round_trip() {
        let original = report();
        let yaml = original.to_yaml().unwrap();
        assert_eq!(RemediationReport::from_yaml(&yaml).unwrap(), original);
        // Byte-stable: writing what was read gives the same document.
        let again = RemediationReport::from_yaml(&yaml)
            .unwrap()
            .to_yaml()
            .unwrap();
        assert_eq!(again, yaml);
    }

    #[test]
    fn yaml_keys_follow_the_declaration_order() {
        let yaml = report().to_yaml().unwrap();
        let top_level: Vec<&str> = yaml
            .lines()
            .filter(|l| !l.starts_with(' ') && !l.starts_with('-'))
            .filter_map(|l| l.split(':').next())
            .collect();
        assert_eq!(
            top_level,
            [
                "schema_version",
                "repo",
                "finding",
                "status",
                "transform",
                "outcome",
                "attempts",
                "failed_attempts"
            ]
        );
        assert!(yaml.contains("\n  kind: needs_review\n"), "{yaml}");
    }

    #[test]
    fn unknown_fields_are_refused() {
        let yaml = format!("{}surprise: 1\n", report().to_yaml().unwrap());
        let err = RemediationReport::from_yaml(&yaml).unwrap_err();
        assert!(err.to_string().contains("surprise"), "{err}");
    }

    #[test]
    fn a_report_without_an_outcome_round_trips() {
        let mut bare = report();
        bare.status = RemediationStatus::NoRecipe;
        bare.transform = None;
        bare.outcome = None;
        bare.attempts = 1;
        bare.failed_attempts.clear();
        let yaml = bare.to_yaml().unwrap();
        assert_eq!(RemediationReport::from_yaml(&yaml).unwrap(), bare);
    }
}
