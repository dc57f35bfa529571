//! Goldens written before the policy file carried their set's policy in a `policy`
//! block (format 1, and format 2 before the file existed). Such a golden is stale,
//! not broken: an update rewrites it without the block, but never drops a policy a
//! team wrote. [`migrate`] decides: the block says what the policy file already says
//! (rewrite), the block is what older versions wrote for every set and nobody edited
//! (rewrite, and say what changed), or the block holds a policy the file does not
//! (write nothing, and print the TOML to add to the file).

use std::collections::BTreeMap;

use serde::Deserialize;

use super::file::{quote, render_set};
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

/// What an update does with a golden that carries a `policy` block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Migration {
    /// Rewrite the golden without the block; `note` (possibly empty) says what the
    /// set is checked under from now on, when that differs from the block.
    Rewrite {
        /// A line or two for the user; empty when nothing changes.
        note: String,
    },
    /// Write nothing: the block holds a policy the file does not. The message shows
    /// the TOML to add.
    Refuse {
        /// What to do, with the TOML.
        message: String,
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
    let policy = match &block.policy {
        Ok(policy) => policy,
        Err(why) => {
            return Migration::Refuse {
                message: format!(
                    "{shown} carries a `policy` block written by an older contract-pin, and it \
                     cannot be read as a policy ({why}). Policies live in {policy_file} at the \
                     workspace root now. Nothing was written. Move what it says into \
                     {policy_file} under `[set.{set}]` by hand (see `contract-pin policy`), \
                     delete the block from the golden, then rerun. The block:\n{}\n",
                    block.json
                ),
            }
        }
    };
    if same(policy, effective, set) {
        return Migration::Rewrite {
            note: String::new(),
        };
    }
    if block.untouched {
        let direction = if effective.wire_direction != policy.wire_direction {
            format!(
                " The block said wire_direction = \"full\", the default of older versions; \
                 the set is now checked under wire_direction = {}. To keep \"full\", add \
                 `wire_direction = \"full\"` under `[set.{set}]` in {policy_file}.",
                quote(effective.wire_direction.as_str())
            )
        } else {
            String::new()
        };
        return Migration::Rewrite {
            note: format!(
                "note: {shown} carried the `policy` block older versions wrote for every set; \
                 nobody had changed it, so it was dropped and set `{set}` follows \
                 {policy_file} (`contract-pin policy --set {set}` shows it).{direction}\n"
            ),
        };
    }
    let mut toml = render_set(set, policy);
    if toml.is_empty() {
        toml = format!("[set.{set}]\n# the defaults: nothing to add\n");
    }
    Migration::Refuse {
        message: format!(
            "{shown} carries a `policy` block written by an older contract-pin, and \
             {policy_file} does not give set `{set}` the same policy. Policies live in \
             {policy_file} at the workspace root now (beside the workspace's Cargo.toml). \
             Nothing was written: to keep the block's policy, add this to {policy_file} \
             (merge it into `[set.{set}]` if the file has that table already), then rerun:\n\
             \n{toml}\n\
             To adopt what {policy_file} says instead, delete the `policy` block from \
             {shown} and rerun.\n"
        ),
    }
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
