//! Goldens written before the policy file carried their set's policy in a `policy`
//! block (format 1, and format 2 before the file existed). Such a golden is stale,
//! not broken: an update rewrites it without the block, but never drops a policy a
//! team wrote. [`migrate`] decides: the block says what the policy file already says
//! (rewrite), the block is what older versions wrote for every set and nobody edited
//! (rewrite, and say what changed), or the block holds a policy the file does not
//! (write nothing, and print the TOML to add to the file).

use std::collections::BTreeMap;

use serde::Deserialize;

use super::file::render_set;
use super::{DirectiveText, Policy, WireDirection, WireFormat};
use crate::delta::{Axis, Class, DeltaKind};

/// The `policy` block as older versions wrote it (a partial `directive` read too).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Block {
    axes: Vec<Axis>,
    wire_direction: WireDirection,
    wire_format: WireFormat,
    #[serde(default)]
    overrides: BTreeMap<String, Class>,
    #[serde(default)]
    directive: Option<OldDirective>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OldDirective {
    title: Option<String>,
    ship_line: Option<String>,
    adr_dir: Option<String>,
    consumer_adr: Option<String>,
    reference: Option<String>,
}

/// A golden's `policy` block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegacyBlock {
    /// The block as a policy, or why it cannot be one.
    pub policy: Result<Policy, String>,
    /// The block's JSON, pretty-printed (shown when it cannot be read).
    pub json: String,
    /// True when the block is exactly what older versions wrote for a set nobody
    /// configured: both axes, `full`, self-describing, no overrides, no directive.
    pub untouched: bool,
}

/// The `policy` block of a golden's bytes, if it has one.
pub fn read(bytes: &[u8]) -> Option<LegacyBlock> {
    let value: crate::json::Value = crate::json::from_slice(bytes).ok()?;
    let block = value.get("policy")?;
    let json = crate::canonical::to_canonical_string(block)
        .trim_end()
        .to_owned();
    let policy = crate::json::from_value::<Block>(block.clone())
        .map_err(|e| e.to_string())
        .and_then(Block::into_policy);
    let untouched = policy.as_ref().is_ok_and(|p| *p == old_default());
    Some(LegacyBlock {
        policy,
        json,
        untouched,
    })
}

impl Block {
    fn into_policy(self) -> Result<Policy, String> {
        let unknown: Vec<&str> = self
            .overrides
            .keys()
            .map(String::as_str)
            .filter(|k| DeltaKind::parse(k).is_none())
            .collect();
        if !unknown.is_empty() {
            return Err(format!(
                "its `overrides` name kinds this contract-pin does not know: {}",
                unknown.join(", ")
            ));
        }
        let overrides = self
            .overrides
            .iter()
            .filter_map(|(k, c)| Some((DeltaKind::parse(k)?, *c)))
            .collect();
        let directive = match self.directive {
            None => DirectiveText::default(),
            Some(d) => DirectiveText {
                title: d.title,
                ship_line: d.ship_line,
                record: match (d.adr_dir, d.consumer_adr) {
                    (Some(dir), Some(consumer)) => Some(format!(
                        "Amend the ADR under {dir} and {consumer} to record the break"
                    )),
                    (Some(dir), None) => {
                        Some(format!("Amend the ADR under {dir} to record the break"))
                    }
                    (None, Some(consumer)) => Some(format!("Amend {consumer} to record the break")),
                    (None, None) => None,
                },
                reference: d.reference,
            },
        };
        Ok(Policy {
            axes: self.axes,
            wire_direction: self.wire_direction,
            wire_format: self.wire_format,
            overrides,
            directive,
            doc_hidden_is_api: false,
            target_baseline: Default::default(),
            unread_crates: Default::default(),
            wire_vouched: Default::default(),
        })
    }
}

/// What older versions wrote into the golden of every set without a preset.
fn old_default() -> Policy {
    Policy {
        wire_direction: WireDirection::Full,
        ..Policy::default()
    }
}

/// What an update does with a golden's legacy `policy` block.
pub enum Migration {
    /// Rewrite the golden without the block.
    Rewrite {
        /// What the set is checked under from now on, when that differs from the
        /// block (`None`: nothing changes).
        dropped: Option<Dropped>,
    },
    /// Write nothing: the block holds a policy the file does not.
    Refuse(Kept),
}

/// An untouched block (the one older versions wrote for every set) that was dropped,
/// so the set follows the policy file from now on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dropped {
    /// The wire direction the set is checked under now, when the block's `"full"`
    /// (the older versions' default) is not it.
    pub wire_direction: Option<WireDirection>,
}

/// A block whose policy the file does not give the set: nothing is written until the
/// user moves it ([`crate::message::legacy_block_kept`] words what to do).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    /// The golden as users read it.
    pub golden: String,
    /// The set.
    pub set: String,
    /// The policy file as users read it.
    pub policy_file: String,
    /// Why it is kept.
    pub why: KeptWhy,
}

/// Why a legacy block cannot be dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeptWhy {
    /// It does not read as a policy (the reader's words), shown as written.
    Unreadable {
        /// Why it does not read.
        why: String,
        /// The block, as JSON.
        block: String,
    },
    /// It reads, and the file gives the set another policy: the TOML that keeps the
    /// block's (empty when the block holds the defaults).
    Differs {
        /// The block's policy as a `[set.…]` table.
        toml: String,
    },
}

/// The decision for the golden `shown` of `set`, whose block is `block`, when the
/// policy file (`policy_file`, as shown to the user) gives the set `effective`.
pub fn migrate(
    block: &LegacyBlock,
    set: &str,
    effective: &Policy,
    shown: &str,
    policy_file: &str,
) -> Migration {
    let kept = |why| {
        Migration::Refuse(Kept {
            golden: shown.to_owned(),
            set: set.to_owned(),
            policy_file: policy_file.to_owned(),
            why,
        })
    };
    let policy = match &block.policy {
        Ok(policy) => policy,
        Err(why) => {
            return kept(KeptWhy::Unreadable {
                why: why.to_string(),
                block: block.json.clone(),
            })
        }
    };
    if same(policy, effective, set) {
        return Migration::Rewrite { dropped: None };
    }
    if block.untouched {
        let wire_direction =
            (effective.wire_direction != policy.wire_direction).then_some(effective.wire_direction);
        return Migration::Rewrite {
            dropped: Some(Dropped { wire_direction }),
        };
    }
    kept(KeptWhy::Differs {
        toml: render_set(set, policy),
    })
}

/// The two policies decide and word everything alike for `set`. A block without a
/// directive gave the wording of its version, which no team chose: not compared.
fn same(block: &Policy, effective: &Policy, set: &str) -> bool {
    let sorted = |axes: &[Axis]| {
        let mut axes = axes.to_vec();
        axes.sort();
        axes.dedup();
        axes
    };
    sorted(&block.axes) == sorted(&effective.axes)
        && block.wire_direction == effective.wire_direction
        && block.wire_format == effective.wire_format
        && block.overrides == effective.overrides
        && (block.directive == DirectiveText::default()
            || block.directive_for(set) == effective.directive_for(set))
}
