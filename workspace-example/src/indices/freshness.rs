//! The typed answer to "can the index be trusted?": [`IndexFreshness`], the reason
//! an index is stale ([`StaleReason`]) and the per-source [`Confidence`] derived from it.
//!
//! Both unions are internally tagged by `kind` on the wire, so a consumer reads a
//! verdict without knowing its variant first:
//!
//! ```json
//! {"kind": "stale", "reason": {"kind": "commits_behind", "n": 3, "last_indexed": "9fce…"}}
//! ```
//!
//! That representation is what consumers pattern-match on, so both types are pinned
//! in contract set `phase2`: renaming the tag, a variant or a field fails the build.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Whether an index still describes the code at `HEAD`.
#[contract_pin::contract(set = "phase2")]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum IndexFreshness {
    /// The index was built from `HEAD`.
    Fresh {
        /// When the indexer ran, as the indexer wrote it (RFC 3339, UTC).
        indexed_at: String,
    },
    /// The index describes something other than the code at `HEAD`.
    Stale {
        /// Why.
        reason: StaleReason,
    },
}

/// Why an index is stale. Only [`StaleReason::CommitsBehind`] still leaves the index
/// useful (it describes an ancestor of `HEAD`); every other reason means it cannot be
/// relied on at all.
#[contract_pin::contract(set = "phase2")]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum StaleReason {
    /// `HEAD` moved since the index was built.
    CommitsBehind {
        /// Commits in `HEAD` that the index has not seen; at least 1 (1 when git could
        /// not count them, e.g. in a shallow clone or after a force-push).
        n: u32,
        /// The commit the index was built from, as the indexer recorded it.
        last_indexed: String,
    },
    /// The indexer failed, its output is missing or unreadable, or the repository is
    /// not a git work tree.
    IndexerError {
        /// A short machine-readable cause, e.g. `upstream_scip_unavailable`.
        detail: String,
    },
    /// The index covers fewer files than the repository holds.
    CoverageGap {
        /// Files the indexer covered.
        files_indexed: u64,
        /// Files in the repository.
        files_in_repo: u64,
    },
    /// The index's recorded digest does not match the indexed artefact.
    DigestMismatch {
        /// The digest the index recorded.
        expected: String,
        /// The digest found.
        actual: String,
    },
}

impl IndexFreshness {
    /// `Stale` with `reason`.
    pub fn stale(reason: StaleReason) -> IndexFreshness {
        IndexFreshness::Stale { reason }
    }

    /// `Stale(IndexerError(detail))`.
    pub fn indexer_error(detail: impl Into<String>) -> IndexFreshness {
        IndexFreshness::stale(StaleReason::IndexerError {
            detail: detail.into(),
        })
    }

    /// Whether this is [`IndexFreshness::Fresh`].
    pub fn is_fresh(&self) -> bool {
        matches!(self, IndexFreshness::Fresh { .. })
    }

    /// The highest confidence a source with this freshness may claim:
    /// fresh → high, a known number of commits behind → medium, anything else → low.
    pub fn confidence_ceiling(&self) -> Confidence {
        match self {
            IndexFreshness::Fresh { .. } => Confidence::High,
            IndexFreshness::Stale {
                reason: StaleReason::CommitsBehind { .. },
            } => Confidence::Medium,
            IndexFreshness::Stale { .. } => Confidence::Low,
        }
    }
}

impl fmt::Display for StaleReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StaleReason::CommitsBehind { n, last_indexed } => {
                write!(f, "{n} commit(s) behind HEAD (indexed at {last_indexed})")
            }
            StaleReason::IndexerError { detail } => write!(f, "indexer error: {detail}"),
            StaleReason::CoverageGap {
                files_indexed,
                files_in_repo,
            } => write!(f, "covers {files_indexed} of {files_in_repo} files"),
            StaleReason::DigestMismatch { expected, actual } => {
                write!(f, "digest mismatch: recorded {expected}, found {actual}")
            }
        }
    }
}

/// How much a consumer may rely on a source. Ordered `Low < Medium < High`, so
/// demotion is [`Ord::min`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Confidence {
    /// Do not rely on the source.
    Low,
    /// Usable, but known to lag behind the code.
    Medium,
    /// The source describes the code as it is.
    High,
}

impl Confidence {
    /// Demotes `self` to what `freshness` allows (never promotes).
    pub fn demoted_by(self, freshness: &IndexFreshness) -> Confidence {
        self.min(freshness.confidence_ceiling())
    }

    /// The wire name: `high`, `medium` or `low`.
    pub fn as_str(self) -> &'static str {
        match self {
            Confidence::Low => "low",
            Confidence::Medium => "medium",
            Confidence::High => "high",
        }
    }
}

impl fmt::Display for Confidence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
