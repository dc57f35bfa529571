//! The policy of a set: which axes are enforced, how the wire is read, per-kind class
//! overrides, and the words of its failure directive. It lives in the golden, so a
//! team edits it once and every update keeps it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::delta::{Axis, Class, Delta, DeltaKind};

/// Which wire directions must keep working.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WireDirection {
    /// New code reads old payloads and old code reads new payloads.
    #[default]
    Full,
    /// Only: new code reads old payloads (stored data, replay).
    Backward,
    /// Only: old consumers read new payloads (rolling deploys, fan-out).
    Forward,
}

/// How payloads are encoded, which decides whether field order matters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WireFormat {
    /// JSON, YAML, …: fields by name, order irrelevant.
    #[default]
    SelfDescribing,
    /// bincode, postcard, …: fields by position, order matters.
    Positional,
}

/// The words of a set's breaking directive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Directive {
    /// First line, e.g. `PHASE 5 CONTRACT SNAPSHOT MISMATCH — BREAKING CHANGE DETECTED`.
    pub title: String,
    /// The line saying why it blocks, e.g. `Phase 5 cannot ship.`
    pub ship_line: String,
    /// Where the decision records live that a breaking change must amend.
    pub adr_dir: String,
    /// The matching record of the consumer, named in step 2.
    pub consumer_adr: String,
    /// Closing reference, e.g. `See ADR-0001 §Consequences row 2.`
    pub reference: String,
}

/// A set's policy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Policy {
    /// Axes whose breaking deltas fail the check.
    pub axes: Vec<Axis>,
    /// Wire directions enforced.
    pub wire_direction: WireDirection,
    /// Wire format.
    pub wire_format: WireFormat,
    /// Per-kind class overrides (`"field_order_changed": "breaking"`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub overrides: BTreeMap<String, Class>,
    /// The directive's words; absent means the generic wording for the set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub directive: Option<Directive>,
}

impl Policy {
    /// The policy a new golden of `set` starts with. Set `phase5` carries the
    /// Phase-5 directive of the seed story; every other set the generic one.
    pub fn default_for(set: &str) -> Policy {
        Policy {
            axes: vec![Axis::Api, Axis::Wire],
            wire_direction: WireDirection::Full,
            wire_format: WireFormat::SelfDescribing,
            overrides: BTreeMap::new(),
            directive: (set == "phase5").then(phase5_directive),
        }
    }

    /// Unknown kind names in `overrides`, for health checks and error messages.
    pub fn unknown_override_kinds(&self) -> Vec<&str> {
        self.overrides
            .keys()
            .map(String::as_str)
            .filter(|k| DeltaKind::parse(k).is_none())
            .collect()
    }

    /// Applies overrides and axis enforcement: a delta on an axis the set does not
    /// enforce is kept (it is still drift) but can no longer be breaking.
    pub fn apply(&self, mut delta: Delta) -> Delta {
        if let Some(class) = self.overrides.get(delta.kind.as_str()) {
            delta.class = *class;
        }
        if !self.axes.contains(&delta.axis) {
            delta.class = Class::Additive;
        }
        delta
    }

    /// The directive words for `set`, falling back to the generic wording.
    pub fn directive_for(&self, set: &str) -> Directive {
        self.directive
            .clone()
            .unwrap_or_else(|| generic_directive(set))
    }
}

/// The Phase-5 wording (seed story S6-06, AC-19).
pub fn phase5_directive() -> Directive {
    Directive {
        title: "PHASE 5 CONTRACT SNAPSHOT MISMATCH — BREAKING CHANGE DETECTED".to_owned(),
        ship_line: "Phase 5 cannot ship.".to_owned(),
        adr_dir: "docs/phases/03-vuln-deterministic-recipe/ADRs/".to_owned(),
        consumer_adr: "the matching Phase 5 ADR under docs/phases/05-sandbox-trust-gates/ADRs/"
            .to_owned(),
        reference: "See ADR-0001 §Consequences row 2.".to_owned(),
    }
}

/// The wording of a set without its own directive.
pub fn generic_directive(set: &str) -> Directive {
    Directive {
        title: format!(
            "{} CONTRACT SNAPSHOT MISMATCH — BREAKING CHANGE DETECTED",
            set.to_uppercase()
        ),
        ship_line: format!("Consumers of contract set `{set}` break: this change cannot ship."),
        adr_dir: "docs/adr/".to_owned(),
        consumer_adr: format!("the decision record of each consumer of set `{set}`"),
        reference: format!("See the decision record that introduced contract set `{set}`."),
    }
}
