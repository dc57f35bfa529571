//! The trust scorer: evidence in, verdict out. Pure: no I/O, no clock, no log.

use super::outcomes::{TrustOutcome, TrustSignal};

/// What stage-6 validation returns. Phase 5 reads the alias by name; it must keep
/// naming [`TrustOutcome`] (redirecting it is a breaking change).
#[contract_pin::phase5_contract]
pub type StageOutcome = TrustOutcome;

/// The score at or above which a cleared remediation ships without review.
pub const DEFAULT_TRUST_THRESHOLD: u8 = 80;

/// Turns the signals of one candidate remediation into a [`TrustOutcome`].
///
/// The rules, each with its reason:
/// - any `VulnerabilityRemains` rejects: the candidate does not remediate;
/// - the score starts at 100 and loses 30 for an override (it forces a version the
///   depending package did not ask for), 25 for a major version jump (callers may
///   break) and 5 per manifest entry changed beyond the first (a wider blast radius);
/// - without a `VulnerabilityCleared` signal the candidate needs review: nothing
///   shows it worked;
/// - otherwise it is trusted when the score reaches the threshold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrustScorer {
    trusted_at: u8,
}

impl Default for TrustScorer {
    fn default() -> TrustScorer {
        TrustScorer::new(DEFAULT_TRUST_THRESHOLD)
    }
}

#[contract_pin::phase5_contract]
impl TrustScorer {
    /// A scorer that trusts scores of `trusted_at` (0–100) and above.
    pub fn new(trusted_at: u8) -> TrustScorer {
        TrustScorer {
            trusted_at: trusted_at.min(100),
        }
    }

    /// The verdict on `signals`.
    pub fn score(&self, signals: &[TrustSignal]) -> TrustOutcome {
        let remaining: Vec<String> = signals
            .iter()
            .filter_map(|s| match s {
                TrustSignal::VulnerabilityRemains { package, version } => Some(format!(
                    "`{package}` still resolves to vulnerable version {version}"
                )),
                _ => None,
            })
            .collect();
        if !remaining.is_empty() {
            return TrustOutcome::Rejected { reasons: remaining };
        }
        let mut score: u8 = 100;
        let mut reasons = Vec::new();
        let mut cleared = false;
        for signal in signals {
            match signal {
                TrustSignal::VulnerabilityCleared { .. } => cleared = true,
                TrustSignal::VulnerabilityRemains { .. } => {}
                TrustSignal::OverrideUsed { package } => {
                    score = score.saturating_sub(30);
                    reasons.push(format!("`{package}` is forced with an override"));
                }
                TrustSignal::MajorVersionJump { package, from, to } => {
                    score = score.saturating_sub(25);
                    reasons.push(format!("`{package}` jumps a major version: {from} -> {to}"));
                }
                TrustSignal::ManifestEntriesChanged { count } if *count > 1 => {
                    let cost = (count - 1).saturating_mul(5).min(100) as u8;
                    score = score.saturating_sub(cost);
                    reasons.push(format!("{count} manifest entries change"));
                }
                TrustSignal::ManifestEntriesChanged { .. } => {}
            }
        }
        if !cleared {
            reasons.push("no signal shows the vulnerability cleared".to_owned());
            return TrustOutcome::NeedsReview { score, reasons };
        }
        if score >= self.trusted_at {
            TrustOutcome::Trusted { score }
        } else {
            TrustOutcome::NeedsReview { score, reasons }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cleared() -> TrustSignal {
        TrustSignal::VulnerabilityCleared {
            package: "lodash".into(),
            version: "4.17.21".into(),
        }
    }

    #[test]
    fn a_clean_fix_is_trusted() {
        let scorer = TrustScorer::default();
        let signals = [cleared(), TrustSignal::ManifestEntriesChanged { count: 1 }];
        assert_eq!(scorer.score(&signals), TrustOutcome::Trusted { score: 100 });
    }

    #[test]
    fn a_remaining_vulnerability_rejects_whatever_else_is_seen() {
        let signals = [
            cleared(),
            TrustSignal::VulnerabilityRemains {
                package: "minimist".into(),
                version: "1.2.0".into(),
            },
        ];
        let TrustOutcome::Rejected { reasons } = TrustScorer::default().score(&signals) else {
            panic!("expected a rejection");
        };
        assert_eq!(
            reasons,
            ["`minimist` still resolves to vulnerable version 1.2.0"]
        );
    }

    #[test]
    fn no_evidence_needs_review() {
        let outcome = TrustScorer::default().score(&[]);
        assert_eq!(
            outcome,
            TrustOutcome::NeedsReview {
                score: 100,
                reasons: vec!["no signal shows the vulnerability cleared".into()],
            }
        );
    }

    #[test]
    fn deductions_add_up_and_explain_themselves() {
        let signals = [
            cleared(),
            TrustSignal::OverrideUsed {
                package: "lodash".into(),
            },
            TrustSignal::MajorVersionJump {
                package: "lodash".into(),
                from: "3.10.1".into(),
                to: "4.17.21".into(),
            },
            TrustSignal::ManifestEntriesChanged { count: 3 },
        ];
        let TrustOutcome::NeedsReview { score, reasons } = TrustScorer::default().score(&signals)
        else {
            panic!("expected review");
        };
        assert_eq!(score, 100 - 30 - 25 - 10);
        assert_eq!(reasons.len(), 3);
    }

    #[test]
    fn the_threshold_is_inclusive_and_capped() {
        let signals = [
            cleared(),
            TrustSignal::MajorVersionJump {
                package: "a".into(),
                from: "1.0.0".into(),
                to: "2.0.0".into(),
            },
        ];
        assert_eq!(
            TrustScorer::new(75).score(&signals),
            TrustOutcome::Trusted { score: 75 }
        );
        assert!(matches!(
            TrustScorer::new(76).score(&signals),
            TrustOutcome::NeedsReview { score: 75, .. }
        ));
        // A threshold above 100 would make trust impossible: it is capped.
        assert_eq!(
            TrustScorer::new(255).score(&[cleared()]),
            TrustOutcome::Trusted { score: 100 }
        );
    }

    #[test]
    fn scores_saturate_at_zero() {
        let signals = [
            cleared(),
            TrustSignal::ManifestEntriesChanged { count: 500 },
        ];
        assert!(matches!(
            TrustScorer::default().score(&signals),
            TrustOutcome::NeedsReview { score: 0, .. }
        ));
    }
}
