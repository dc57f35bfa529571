//! The freshness check of the SCIP code index.
//!
//! It reads the sibling slice the SCIP probe writes to
//! `.codegenie/context/raw/scip.json` ([`ScipSlice`]) and compares the commit it was
//! built from with `HEAD`.

use serde::Deserialize;

use super::freshness::{IndexFreshness, StaleReason};
use super::probe::{CheckInput, ProbeError, RawSlice};

/// Who registers the built-in check.
pub const ORIGIN: &str = "workspace_example::indices::scip";

/// `detail` when the SCIP probe left no slice.
pub const UPSTREAM_UNAVAILABLE: &str = "upstream_scip_unavailable";
/// `detail` prefix when the slice is unreadable or does not have the expected shape.
pub const UPSTREAM_MALFORMED: &str = "upstream_scip_malformed";
/// `detail` when the repository root is not a git work tree.
pub const NOT_A_GIT_WORKDIR: &str = "repo_not_a_git_workdir";
/// `detail` prefix when the indexer reported errors.
pub const INDEXER_REPORTED_ERRORS: &str = "indexer_reported_errors";

/// The slice the SCIP probe writes: the surface its output must keep. Unknown keys
/// are ignored (the producer may add some).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ScipSlice {
    /// The commit the index was built from.
    pub last_indexed_commit: String,
    /// When (RFC 3339, UTC).
    pub last_indexed_at: String,
    /// Files the indexer covered.
    pub files_indexed: u64,
    /// Files in the repository.
    pub files_in_repo: u64,
    /// Errors the indexer reported.
    pub indexer_errors: u64,
}

/// The SCIP freshness check. In order: no usable slice → `IndexerError`; no `HEAD` →
/// `IndexerError`; indexed commit ≠ `HEAD` → `CommitsBehind` (n from
/// `git rev-list --count`, 1 when git cannot count or counts 0); indexer errors →
/// `IndexerError`; fewer files indexed than present → `CoverageGap`; else `Fresh`.
pub fn scip_freshness(input: &CheckInput<'_>) -> Result<IndexFreshness, ProbeError> {
    let slice: ScipSlice = match input.slice {
        RawSlice::Missing => return Ok(IndexFreshness::indexer_error(UPSTREAM_UNAVAILABLE)),
        RawSlice::Unreadable(e) => {
            return Ok(IndexFreshness::indexer_error(format!(
                "{UPSTREAM_MALFORMED}: {e}"
            )))
        }
        RawSlice::Present(value) => match ScipSlice::deserialize(value) {
            Ok(slice) => slice,
            Err(e) => {
                return Ok(IndexFreshness::indexer_error(format!(
                    "{UPSTREAM_MALFORMED}: {e}"
                )))
            }
        },
    };
    let Some(head) = input.head else {
        return Ok(IndexFreshness::indexer_error(NOT_A_GIT_WORKDIR));
    };
    // Compare full SHAs: the slice may hold an abbreviation of HEAD. A commit git
    // cannot resolve (pruned, outside a shallow history) is not HEAD either.
    let indexed = input
        .git
        .resolve_commit(input.root, &slice.last_indexed_commit)?;
    if indexed.as_deref() != Some(head) {
        let counted = match indexed {
            Some(indexed) => input.git.commits_between(input.root, &indexed, head)?,
            None => None,
        };
        // 0 means HEAD moved back (reset) rather than forward: still not the indexed
        // code, and CommitsBehind promises n >= 1.
        let n = counted
            .filter(|&n| n >= 1)
            .map_or(1, |n| u32::try_from(n).unwrap_or(u32::MAX));
        return Ok(IndexFreshness::stale(StaleReason::CommitsBehind {
            n,
            last_indexed: slice.last_indexed_commit,
        }));
    }
    if slice.indexer_errors > 0 {
        return Ok(IndexFreshness::indexer_error(format!(
            "{INDEXER_REPORTED_ERRORS}: {}",
            slice.indexer_errors
        )));
    }
    if slice.files_indexed < slice.files_in_repo {
        return Ok(IndexFreshness::stale(StaleReason::CoverageGap {
            files_indexed: slice.files_indexed,
            files_in_repo: slice.files_in_repo,
        }));
    }
    Ok(IndexFreshness::Fresh {
        indexed_at: slice.last_indexed_at,
    })
}
