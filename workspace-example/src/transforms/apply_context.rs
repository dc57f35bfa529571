//! The context a transform applies in.

use serde::{Deserialize, Serialize};

/// One earlier attempt at a remediation.
#[contract_pin::phase5_contract]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttemptSummary {
    /// 1-based attempt number.
    pub attempt: u32,
    /// Why the attempt failed.
    pub failure: String,
}

/// What a transform may read while it applies.
#[contract_pin::phase5_contract]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ApplyContext {
    /// The repository being remediated.
    pub repo: String,
    /// Earlier attempts (the additive amendment of Phase 5: older payloads omit it).
    #[serde(default)]
    pub prior_attempts: Vec<AttemptSummary>,
}
