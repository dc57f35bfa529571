//! The evidence stage-6 validation gathers and the verdict the scorer draws from it.
//!
//! Both live here, their one declaration site, and are re-exported from
//! `transforms` (and nowhere declared again: the contract test asserts it).
//! Both are `#[non_exhaustive]`: Phase 5 registers new signal kinds and may add
//! outcome variants, and either is then an additive change; consumers keep a
//! wildcard arm. Both are tagged by `kind` on the wire.

use serde::{Deserialize, Serialize};

/// One piece of evidence about a candidate remediation.
#[contract_pin::phase5_contract]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[non_exhaustive]
pub enum TrustSignal {
    /// The vulnerable package now resolves to a fixed version.
    VulnerabilityCleared {
        /// The package.
        package: String,
        /// The version it resolves to.
        version: String,
    },
    /// The vulnerable package still resolves to a vulnerable (or unreadable) version.
    VulnerabilityRemains {
        /// The package.
        package: String,
        /// The version it resolves to (`unresolved` when it resolves to none).
        version: String,
    },
    /// The fix forces a version with an override instead of asking for it directly.
    OverrideUsed {
        /// The overridden package.
        package: String,
    },
    /// The fix crosses a major version: callers of the package may break.
    MajorVersionJump {
        /// The package.
        package: String,
        /// The version before.
        from: String,
        /// The version after.
        to: String,
    },
    /// How many manifest entries the fix touches.
    ManifestEntriesChanged {
        /// The count.
        count: u32,
    },
}

/// The scorer's verdict on a candidate remediation; stage 6 returns it as
/// [`StageOutcome`](super::StageOutcome).
#[contract_pin::phase5_contract]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[non_exhaustive]
pub enum TrustOutcome {
    /// Safe to ship without review.
    Trusted {
        /// 0–100.
        score: u8,
    },
    /// The vulnerability is addressed, but a person should look first.
    NeedsReview {
        /// 0–100.
        score: u8,
        /// Why, one line each.
        reasons: Vec<String>,
    },
    /// Not a remediation: retry or give up.
    Rejected {
        /// Why, one line each.
        reasons: Vec<String>,
    },
}

impl TrustOutcome {
    /// The wire tag of the outcome (`trusted`, `needs_review`, `rejected`).
    pub fn kind(&self) -> &'static str {
        match self {
            TrustOutcome::Trusted { .. } => "trusted",
            TrustOutcome::NeedsReview { .. } => "needs_review",
            TrustOutcome::Rejected { .. } => "rejected",
        }
    }

    /// True for [`TrustOutcome::Rejected`].
    pub fn is_rejected(&self) -> bool {
        matches!(self, TrustOutcome::Rejected { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signals_are_tagged_by_kind_on_the_wire() {
        let signal = TrustSignal::MajorVersionJump {
            package: "lodash".into(),
            from: "3.10.1".into(),
            to: "4.17.21".into(),
        };
        let json = serde_json::to_string(&signal).unwrap();
        assert_eq!(
            json,
            r#"{"kind":"major_version_jump","package":"lodash","from":"3.10.1","to":"4.17.21"}"#
        );
        assert_eq!(serde_json::from_str::<TrustSignal>(&json).unwrap(), signal);
    }

    #[test]
    fn unknown_kinds_and_fields_are_rejected() {
        assert!(serde_json::from_str::<TrustSignal>(r#"{"kind":"vibes"}"#).is_err());
        let extra = r#"{"kind":"override_used","package":"a","why":"x"}"#;
        assert!(serde_json::from_str::<TrustSignal>(extra).is_err());
        let extra = r#"{"kind":"trusted","score":90,"extra":1}"#;
        assert!(serde_json::from_str::<TrustOutcome>(extra).is_err());
    }

    #[test]
    fn outcomes_round_trip_and_name_their_kind() {
        let outcomes = [
            TrustOutcome::Trusted { score: 100 },
            TrustOutcome::NeedsReview {
                score: 70,
                reasons: vec!["override".into()],
            },
            TrustOutcome::Rejected {
                reasons: vec!["still vulnerable".into()],
            },
        ];
        for outcome in outcomes {
            let json = serde_json::to_value(&outcome).unwrap();
            assert_eq!(json["kind"], outcome.kind());
            assert_eq!(
                serde_json::from_value::<TrustOutcome>(json).unwrap(),
                outcome
            );
        }
    }
}
