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

/// Which wire directions a change breaks, as a wire rule works it out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WireBreaks {
    /// The new type fails to read (or silently drops data of) payloads the old type
    /// wrote or accepted.
    pub backward: bool,
    /// Old consumers fail to read (or silently drop data of) payloads the new type
    /// writes.
    pub forward: bool,
}

impl WireBreaks {
    /// Neither direction breaks.
    pub const NONE: WireBreaks = WireBreaks {
        backward: false,
        forward: false,
    };
    /// Both directions break.
    pub const BOTH: WireBreaks = WireBreaks {
        backward: true,
        forward: true,
    };

    /// Only the backward direction breaks when `b`.
    pub fn backward(b: bool) -> WireBreaks {
        WireBreaks {
            backward: b,
            forward: false,
        }
    }

    /// Only the forward direction breaks when `f`.
    pub fn forward(f: bool) -> WireBreaks {
        WireBreaks {
            backward: false,
            forward: f,
        }
    }

    /// Either direction.
    pub fn any(self) -> bool {
        self.backward || self.forward
    }

    /// Breaks in either of `self` or `other`.
    pub fn or(self, other: WireBreaks) -> WireBreaks {
        WireBreaks {
            backward: self.backward || other.backward,
            forward: self.forward || other.forward,
        }
    }

    /// A clause for a delta's detail saying which readers fail, or empty.
    pub fn describe(self) -> &'static str {
        match (self.backward, self.forward) {
            (true, true) => {
                "; breaks both ways: the new type cannot read old payloads, nor old consumers new ones"
            }
            (true, false) => "; the new type cannot read old payloads",
            (false, true) => "; old consumers cannot read new payloads",
            (false, false) => "",
        }
    }
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
    /// `#[doc(hidden)]` items and members are public API like any other. By default
    /// (`false`) they are not: an item or member that becomes hidden leaves the API
    /// (`doc_hidden_added`, breaking), and a change to one already hidden breaks no
    /// consumer.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub doc_hidden_is_api: bool,
}

impl Policy {
    /// The policy a new golden of `set` starts with. Set `phase5` is the preset of
    /// the seed story: its directive, and its rule that a new variant of a tagged
    /// union is additive (Phase 5 matches with a fallthrough arm), which on the wire
    /// is otherwise a forward break. Every other set gets the generic policy.
    pub fn default_for(set: &str) -> Policy {
        let phase5 = set == "phase5";
        let mut overrides = BTreeMap::new();
        if phase5 {
            overrides.insert(DeltaKind::VariantAdded.as_str().to_owned(), Class::Additive);
        }
        Policy {
            axes: vec![Axis::Api, Axis::Wire],
            wire_direction: WireDirection::Full,
            wire_format: WireFormat::SelfDescribing,
            overrides,
            directive: phase5.then(phase5_directive),
            doc_hidden_is_api: false,
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

    /// The class of a wire change that breaks `breaks`, under the enforced directions:
    /// `full` fails on either, `backward`/`forward` only on their own.
    pub fn wire_class(&self, breaks: WireBreaks) -> Class {
        let breaking = match self.wire_direction {
            WireDirection::Full => breaks.any(),
            WireDirection::Backward => breaks.backward,
            WireDirection::Forward => breaks.forward,
        };
        if breaking {
            Class::Breaking
        } else {
            Class::Additive
        }
    }

    /// True when payloads are positional (field order and count matter, names not).
    pub fn positional(&self) -> bool {
        self.wire_format == WireFormat::Positional
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
            title_case(set)
        ),
        ship_line: format!("Consumers of contract set `{set}` break: this change cannot ship."),
        adr_dir: "docs/adr/".to_owned(),
        consumer_adr: format!("the decision record of each consumer of set `{set}`"),
        reference: format!("See the decision record that introduced contract set `{set}`."),
    }
}

/// `phase6` → `PHASE 6`, `billing-api` → `BILLING-API`: a set's name as a title; a
/// word followed by a number reads the way `PHASE 5` does.
fn title_case(set: &str) -> String {
    let upper = set.to_uppercase();
    let digits = upper.len() - upper.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let split = upper.len() - digits;
    if digits == 0 || split == 0 || !upper[..split].chars().all(|c| c.is_ascii_alphabetic()) {
        return upper;
    }
    format!("{} {}", &upper[..split], &upper[split..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_names_read_as_titles() {
        assert_eq!(title_case("phase6"), "PHASE 6");
        assert_eq!(title_case("billing"), "BILLING");
        assert_eq!(title_case("api-v2"), "API-V2");
        assert_eq!(title_case("v2-api"), "V2-API");
        assert_eq!(title_case("x_2"), "X_2");
    }

    #[test]
    fn wire_class_counts_only_the_enforced_directions() {
        let mut p = Policy::default_for("x");
        let cases = [
            (WireDirection::Full, [false, true, true, true]),
            (WireDirection::Backward, [false, true, false, true]),
            (WireDirection::Forward, [false, false, true, true]),
        ];
        for (direction, expected) in cases {
            p.wire_direction = direction;
            let got: Vec<bool> = [
                WireBreaks::NONE,
                WireBreaks::backward(true),
                WireBreaks::forward(true),
                WireBreaks::BOTH,
            ]
            .iter()
            .map(|b| p.wire_class(*b) == Class::Breaking)
            .collect();
            assert_eq!(got, expected, "{direction:?}");
        }
    }

    #[test]
    fn overrides_then_axes() {
        let mut p = Policy::default_for("x");
        p.overrides
            .insert("field_order_changed".to_owned(), Class::Breaking);
        let d = Delta::new(
            DeltaKind::FieldOrderChanged,
            "S",
            crate::delta::Member::Item,
        );
        assert!(p.apply(d.clone()).is_breaking());
        p.axes = vec![Axis::Api];
        assert!(!p.apply(d).is_breaking(), "the wire axis is not enforced");
    }
}
