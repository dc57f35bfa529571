//! The index-health probe: runs every registered freshness check against a repository
//! and emits the `index_health` slice.
//!
//! ```json
//! {"index_health": {"scip": {"freshness": {"kind": "stale", "reason": {…}}, "confidence": "medium"}}}
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::freshness::{Confidence, IndexFreshness};
use super::git::{Git, GitUnavailable};
use super::registry::{self, IndexName};

/// Where upstream probes leave their raw slices, relative to the repository root.
pub const RAW_DIR: &str = ".codegenie/context/raw";

/// The repository being probed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepoSnapshot {
    /// Root of its work tree (the directory holding `.git`).
    pub root: PathBuf,
}

impl RepoSnapshot {
    /// The repository at `root`.
    pub fn new(root: impl Into<PathBuf>) -> RepoSnapshot {
        RepoSnapshot { root: root.into() }
    }

    /// `<root>/.codegenie/context/raw`.
    pub fn raw_dir(&self) -> PathBuf {
        self.root.join(RAW_DIR)
    }
}

/// What the probe runs with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProbeContext {
    /// The git program (default: `git` on `PATH`).
    pub git: Git,
}

impl ProbeContext {
    /// Runs `git` instead of the default.
    pub fn with_git(mut self, git: Git) -> ProbeContext {
        self.git = git;
        self
    }
}

/// An upstream probe's raw slice of one index, as found on disk.
#[derive(Clone, Debug, PartialEq)]
pub enum RawSlice {
    /// No `<index>.json`: the upstream probe did not run or did not write it.
    Missing,
    /// The file exists but is unreadable or not JSON.
    Unreadable(String),
    /// The parsed JSON.
    Present(serde_json::Value),
}

impl RawSlice {
    /// Reads `<raw_dir>/<name>.json`.
    pub fn read(raw_dir: &Path, name: &IndexName) -> RawSlice {
        let path = raw_dir.join(format!("{name}.json"));
        match fs::read(&path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => RawSlice::Missing,
            Err(e) => RawSlice::Unreadable(e.to_string()),
            Ok(bytes) => match serde_json::from_slice(&bytes) {
                Ok(value) => RawSlice::Present(value),
                Err(e) => RawSlice::Unreadable(e.to_string()),
            },
        }
    }
}

/// Everything a [`registry::FreshnessCheck`] may look at.
#[derive(Debug)]
pub struct CheckInput<'a> {
    /// The index being checked.
    pub index: &'a IndexName,
    /// The repository root.
    pub root: &'a Path,
    /// Its raw slice.
    pub slice: &'a RawSlice,
    /// The full SHA of `HEAD`; `None` when the root is not a git work tree.
    pub head: Option<&'a str>,
    /// git, for checks that need more than `HEAD`.
    pub git: &'a Git,
}

/// The probe could not produce a verdict. Staleness is never an error: it is a
/// verdict ([`IndexFreshness::Stale`]).
#[derive(Debug)]
pub enum ProbeError {
    /// git could not be started.
    GitUnavailable(GitUnavailable),
    /// A freshness check failed for a reason of its own.
    Check {
        /// The index.
        index: IndexName,
        /// What went wrong.
        message: String,
    },
}

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbeError::GitUnavailable(e) => write!(f, "index-health probe: {e}"),
            ProbeError::Check { index, message } => {
                write!(
                    f,
                    "index-health probe: the `{index}` check failed: {message}"
                )
            }
        }
    }
}

impl std::error::Error for ProbeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ProbeError::GitUnavailable(e) => Some(e),
            ProbeError::Check { .. } => None,
        }
    }
}

impl From<GitUnavailable> for ProbeError {
    fn from(e: GitUnavailable) -> ProbeError {
        ProbeError::GitUnavailable(e)
    }
}

/// The verdict on one index.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceHealth {
    /// Whether it describes `HEAD`.
    pub freshness: IndexFreshness,
    /// How far a consumer may rely on it, demoted by `freshness`.
    pub confidence: Confidence,
}

/// The slice the probe contributes to the repository context.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IndexHealth {
    /// One entry per registered check, keyed by index name.
    pub index_health: BTreeMap<String, SourceHealth>,
}

/// What a probe run produces.
#[derive(Clone, Debug, PartialEq)]
pub struct ProbeOutput {
    /// The `index_health` slice, as consumers read it.
    pub schema_slice: serde_json::Value,
}

/// Reports, for every registered index, whether it still describes `HEAD`, and
/// demotes each source's confidence accordingly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IndexHealthProbe;

impl IndexHealthProbe {
    /// The probe's name (and the key of its slice).
    pub const NAME: &'static str = "index_health";

    /// Runs the checks registered on this thread (see [`registry::current`]) against
    /// `snapshot`. Fails only when no verdict is possible (git cannot be started);
    /// a missing or broken index is a [`IndexFreshness::Stale`] verdict.
    pub fn run(
        &self,
        snapshot: &RepoSnapshot,
        ctx: &ProbeContext,
    ) -> Result<ProbeOutput, ProbeError> {
        let checks = registry::current();
        let mut health = IndexHealth::default();
        if !checks.is_empty() {
            let head = ctx.git.head(&snapshot.root)?;
            let raw_dir = snapshot.raw_dir();
            for (index, check) in checks.iter() {
                let slice = RawSlice::read(&raw_dir, index);
                let input = CheckInput {
                    index,
                    root: &snapshot.root,
                    slice: &slice,
                    head: head.as_deref(),
                    git: &ctx.git,
                };
                let freshness = check.check(&input)?;
                let confidence = Confidence::High.demoted_by(&freshness);
                health.index_health.insert(
                    index.to_string(),
                    SourceHealth {
                        freshness,
                        confidence,
                    },
                );
            }
        }
        let schema_slice =
            serde_json::to_value(&health).expect("the index_health slice is plain JSON data");
        Ok(ProbeOutput { schema_slice })
    }
}
