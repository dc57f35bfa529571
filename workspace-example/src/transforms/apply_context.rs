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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_from_before_the_amendment_still_read() {
        let old: ApplyContext = serde_json::from_str(r#"{"repo":"acme/web"}"#).unwrap();
        assert_eq!(old.prior_attempts, []);
    }

    #[test]
    fn prior_attempts_round_trip_and_unknown_fields_are_refused() {
        let ctx = ApplyContext {
            repo: "acme/web".into(),
            prior_attempts: vec![AttemptSummary {
                attempt: 1,
                failure: "`minimist` is not a direct dependency".into(),
            }],
        };
        let json = serde_json::to_string(&ctx).unwrap();
        assert_eq!(serde_json::from_str::<ApplyContext>(&json).unwrap(), ctx);
        let extra = r#"{"repo":"acme/web","sandbox":true}"#;
        assert!(serde_json::from_str::<ApplyContext>(extra).is_err());
    }
}
