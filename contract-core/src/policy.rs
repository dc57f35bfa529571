//! The policy of a set: which axes are enforced, which wire directions must keep
//! working, how payloads are encoded, per-kind class overrides, and the words of its
//! breaking directive.
//!
//! People write it, so it lives in a file people edit: `contract-pin.toml` at the
//! workspace root ([`mod@file`]), read by the macro, the harness and the command alike.
//! Goldens record only what the tool derives from the code. Every setting is
//! optional: [`Policy::default`] is what a set gets when the file says nothing.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Defined with the delta that carries it; here, where the policy judges it.
pub use crate::delta::WireBreaks;
use crate::delta::{Axis, Class, Delta, DeltaKind};

pub mod file;
pub mod legacy;

/// Which wire directions must keep working.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WireDirection {
    /// New code reads old payloads (stored data, replay, a consumer upgraded first).
    /// The default, as Confluent Schema Registry's default compatibility `BACKWARD`.
    #[default]
    Backward,
    /// Old consumers read new payloads (rolling deploys, fan-out to consumers that
    /// upgrade later).
    Forward,
    /// Both.
    Full,
}

impl WireDirection {
    /// Every direction, in the order the documentation lists them.
    pub const ALL: [WireDirection; 3] = [
        WireDirection::Backward,
        WireDirection::Forward,
        WireDirection::Full,
    ];

    /// `backward`, `forward` or `full`.
    pub fn as_str(self) -> &'static str {
        match self {
            WireDirection::Backward => "backward",
            WireDirection::Forward => "forward",
            WireDirection::Full => "full",
        }
    }

    /// Parses `backward` / `forward` / `full`.
    pub fn parse(s: &str) -> Option<WireDirection> {
        WireDirection::ALL.into_iter().find(|d| d.as_str() == s)
    }
}

/// How payloads are encoded, which decides whether field order matters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WireFormat {
    /// JSON, YAML, TOML, …: fields by name, order irrelevant.
    #[default]
    SelfDescribing,
    /// bincode, postcard, …: fields by position, order matters, names do not.
    Positional,
}

impl WireFormat {
    /// Every format.
    pub const ALL: [WireFormat; 2] = [WireFormat::SelfDescribing, WireFormat::Positional];

    /// `self_describing` or `positional`.
    pub fn as_str(self) -> &'static str {
        match self {
            WireFormat::SelfDescribing => "self_describing",
            WireFormat::Positional => "positional",
        }
    }

    /// Parses `self_describing` / `positional`.
    pub fn parse(s: &str) -> Option<WireFormat> {
        WireFormat::ALL.into_iter().find(|f| f.as_str() == s)
    }
}

/// The words of a set's breaking directive as the policy file gives them. Each one is
/// optional; a missing one takes the generic wording of [`Policy::directive_for`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DirectiveText {
    /// First line, e.g. `PHASE 5 CONTRACT SNAPSHOT MISMATCH — BREAKING CHANGE DETECTED`.
    pub title: Option<String>,
    /// The line saying why it blocks, e.g. `Phase 5 cannot ship.`
    pub ship_line: Option<String>,
    /// Step 2 of the procedure: where and how an intended break is recorded, e.g.
    /// `Amend the ADR under docs/adr/ to record the break`.
    pub record: Option<String>,
    /// A closing reference line, e.g. `See ADR-0001 §Consequences row 2.`
    pub reference: Option<String>,
}

/// The words of a set's breaking directive, every default filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Directive {
    /// First line.
    pub title: String,
    /// Why it blocks.
    pub ship_line: String,
    /// Step 2 of the procedure, without its closing punctuation.
    pub record: String,
    /// The closing reference line; none unless the policy names one.
    pub reference: Option<String>,
}

/// A set's policy, every default filled in: what the classifier and the messages use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    /// Axes whose breaking deltas fail the check.
    pub axes: Vec<Axis>,
    /// Wire directions enforced.
    pub wire_direction: WireDirection,
    /// Wire format.
    pub wire_format: WireFormat,
    /// Per-kind class overrides (`field_order_changed = "breaking"`).
    pub overrides: BTreeMap<DeltaKind, Class>,
    /// The directive's words; those not given take the generic wording for the set.
    pub directive: DirectiveText,
    /// `#[doc(hidden)]` items and members are public API like any other. By default
    /// (`false`) they are not: an item or member that becomes hidden leaves the API
    /// (`doc_hidden_added`, breaking), and a change to one already hidden breaks no
    /// consumer.
    pub doc_hidden_is_api: bool,
    /// Not from the policy file: the target features every build of the checked target
    /// enables by default (`fxsr`, `sse`, `sse2` on `x86_64-unknown-linux-gnu`, as
    /// `rustc --print cfg` says), which each front end fills in for the target it checks
    /// (see [`crate::target_features::without_baseline`]). An `unsafe fn` that enables
    /// one requires nothing more of its callers there (a safe one does: calling it from
    /// code that does not enable the feature is `unsafe`). Empty: nothing is assumed.
    pub target_baseline: std::collections::BTreeSet<String>,
    /// Not from the policy file: the crates the package depends on (by the names it
    /// calls them) whose names the front end did not read from their sources (see
    /// [`crate::names::Externs`]): every dependency for the macro and the harness,
    /// those it cannot find for the command. Such a crate's type written another way
    /// (`serde_json::Map` for `serde_json::map::Map`) cannot be told from another of
    /// its types, so a difference only there is not counted: the front end that read
    /// the crate says whether it is one.
    pub unread_crates: std::collections::BTreeSet<String>,
    /// The set's types whose serde impls are written by hand and whose wire form the
    /// team vouches for (`wire_vouched`, a `[set.NAME]` key): no wire form can be
    /// derived for them, so they are compared by identity, and the warning that says
    /// so is not repeated. A name that is no such type of the set is an error.
    pub wire_vouched: std::collections::BTreeSet<String>,
}

impl Default for Policy {
    /// The policy of a set the policy file does not mention: both axes enforced, wire
    /// direction `backward`, self-describing payloads, no overrides, the generic
    /// directive, `#[doc(hidden)]` not public API.
    fn default() -> Policy {
        Policy {
            axes: vec![Axis::Api, Axis::Wire],
            wire_direction: WireDirection::default(),
            wire_format: WireFormat::default(),
            overrides: BTreeMap::new(),
            directive: DirectiveText::default(),
            doc_hidden_is_api: false,
            target_baseline: Default::default(),
            unread_crates: Default::default(),
            wire_vouched: Default::default(),
        }
    }
}

impl Policy {
    /// Applies overrides and axis enforcement: a delta on an axis the set does not
    /// enforce is kept (it is still drift) but can no longer be breaking.
    pub fn apply(&self, mut delta: Delta) -> Delta {
        if let Some(class) = self.overrides.get(&delta.kind) {
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

    /// The directive words for `set`: the policy's, and the generic wording for the
    /// ones it does not give. The generic wording assumes no folder layout: it names
    /// no place to record a break.
    pub fn directive_for(&self, set: &str) -> Directive {
        let generic = generic_directive(set);
        let given = &self.directive;
        Directive {
            title: given.title.clone().unwrap_or(generic.title),
            ship_line: given.ship_line.clone().unwrap_or(generic.ship_line),
            record: given
                .record
                .as_deref()
                .map(|r| r.trim_end_matches(['.', ';', ' ']).to_owned())
                .unwrap_or(generic.record),
            reference: given.reference.clone().or(generic.reference),
        }
    }
}

/// The wording of a set whose policy gives none.
pub fn generic_directive(set: &str) -> Directive {
    Directive {
        title: format!(
            "{} CONTRACT SNAPSHOT MISMATCH — BREAKING CHANGE DETECTED",
            title_case(set)
        ),
        ship_line: format!("Consumers of contract set `{set}` break: this change cannot ship."),
        record: format!(
            "Record the decision where your team records breaking changes, and tell the \
             consumers of set `{set}`"
        ),
        reference: None,
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
    fn the_default_direction_is_backward() {
        assert_eq!(Policy::default().wire_direction, WireDirection::Backward);
        assert_eq!(
            Policy::default().wire_class(WireBreaks::forward(true)),
            Class::Additive
        );
        assert_eq!(
            Policy::default().wire_class(WireBreaks::backward(true)),
            Class::Breaking
        );
    }

    #[test]
    fn wire_class_counts_only_the_enforced_directions() {
        let mut p = Policy::default();
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
        let mut p = Policy::default();
        p.overrides
            .insert(DeltaKind::FieldOrderChanged, Class::Breaking);
        let d = Delta::new(
            DeltaKind::FieldOrderChanged,
            "S",
            crate::delta::Member::Item,
        );
        assert!(p.apply(d.clone()).is_breaking());
        p.axes = vec![Axis::Api];
        assert!(!p.apply(d).is_breaking(), "the wire axis is not enforced");
    }

    #[test]
    fn the_generic_directive_names_no_folder_and_given_words_win() {
        let generic = Policy::default().directive_for("billing");
        assert_eq!(
            generic.title,
            "BILLING CONTRACT SNAPSHOT MISMATCH — BREAKING CHANGE DETECTED"
        );
        assert!(!generic.record.contains("docs/"), "{}", generic.record);
        assert!(generic
            .record
            .contains("where your team records breaking changes"));
        assert_eq!(generic.reference, None);
        let mut p = Policy::default();
        p.directive.record = Some("Amend the ADR under docs/adr/ to record the break.".into());
        p.directive.reference = Some("See ADR-7.".into());
        let words = p.directive_for("billing");
        assert_eq!(
            words.record,
            "Amend the ADR under docs/adr/ to record the break"
        );
        assert_eq!(words.reference.as_deref(), Some("See ADR-7."));
        assert_eq!(words.title, generic.title, "not given: generic");
    }
}
