//! The ports the nodes compute through: the only things a node may depend on
//! besides the state. A scripted implementation drives the graph in tests and demos.

use std::collections::VecDeque;

/// The Stage-6 gate's verdict on one patch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GateVerdict {
    /// The patch is trusted.
    Pass,
    /// The patch is rejected; another plan may do better.
    Fail,
    /// The sandbox saw tampering: nothing can be trusted, stop.
    Tampered,
}

/// Everything the nodes ask of the outside world.
pub trait Ports {
    /// Whether the checkpoint the run resumes from passes its integrity check.
    fn integrity_intact(&mut self) -> bool;
    /// A recipe for `cve` on replan number `retry` (0 for the first plan).
    fn find_recipe(&mut self, cve: &str, retry: u32) -> Option<String>;
    /// Applies the current plan's patch.
    fn apply_patch(&mut self, cve: &str) -> Result<(), String>;
    /// Runs the Stage-6 gate on the applied patch.
    fn run_gate(&mut self, cve: &str, retry: u32) -> GateVerdict;
    /// Commits the patch to a branch.
    fn write_branch(&mut self, cve: &str) -> Result<(), String>;
}

/// Ports that replay a script: by default everything succeeds and the gate verdicts
/// come from [`Script::gates`], in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    /// The entry integrity check.
    pub intact: bool,
    /// Whether a recipe matches (on every attempt).
    pub recipe: bool,
    /// Whether the patch applies.
    pub applies: bool,
    /// The gate's verdicts, one per gate run. When they run out the gate fails closed.
    pub gates: VecDeque<GateVerdict>,
    /// Whether the branch can be written.
    pub pushes: bool,
}

impl Script {
    /// A run whose gate answers `gates` in order and where everything else succeeds.
    pub fn gates(gates: impl IntoIterator<Item = GateVerdict>) -> Script {
        Script {
            intact: true,
            recipe: true,
            applies: true,
            gates: gates.into_iter().collect(),
            pushes: true,
        }
    }
}

impl Ports for Script {
    fn integrity_intact(&mut self) -> bool {
        self.intact
    }

    fn find_recipe(&mut self, cve: &str, retry: u32) -> Option<String> {
        self.recipe.then(|| format!("bump-{cve}-plan{retry}"))
    }

    fn apply_patch(&mut self, _cve: &str) -> Result<(), String> {
        if self.applies {
            Ok(())
        } else {
            Err("the patch does not apply".to_owned())
        }
    }

    fn run_gate(&mut self, _cve: &str, _retry: u32) -> GateVerdict {
        self.gates.pop_front().unwrap_or(GateVerdict::Fail)
    }

    fn write_branch(&mut self, _cve: &str) -> Result<(), String> {
        if self.pushes {
            Ok(())
        } else {
            Err("the branch cannot be pushed".to_owned())
        }
    }
}
