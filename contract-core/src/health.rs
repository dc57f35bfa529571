//! Golden health (DESIGN §6): is a golden file fit to be compared against at all, and
//! how sure are we? A pure function of the file's bytes and of what the source scan
//! saw; the CLI's `status` command prints it.

use std::fmt;

use crate::golden::{self, Golden, GoldenError, FORMAT_VERSION};

/// The health of one golden file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Health {
    /// Readable, current format, every fingerprint matches, and some source pins its set.
    Fresh,
    /// Readable but not to be trusted as is.
    Stale {
        /// Why.
        reason: StaleReason,
    },
    /// Sources pin the set, but there is no golden file.
    Missing,
    /// Not a golden: conflict markers, bad UTF-8, malformed JSON, unknown keys.
    Corrupt {
        /// What is wrong, with its line.
        error: GoldenError,
    },
}

/// Why a golden is stale.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StaleReason {
    /// Written by an older shape encoding (or one without a version).
    FormatVersionBehind {
        /// The file's version, if it has one.
        golden: Option<u64>,
        /// The version this contract-pin writes.
        current: u64,
    },
    /// Written by a newer contract-pin than this one.
    FormatVersionAhead {
        /// The file's version.
        golden: u64,
        /// The version this contract-pin writes.
        current: u64,
    },
    /// It carries a `policy` block, as goldens did before the policy file.
    PolicyBlock,
    /// A shape was edited by hand: its fingerprint no longer matches.
    IntegrityMismatch {
        /// The symbols whose fingerprint does not match.
        symbols: Vec<String>,
    },
    /// No source registers this set for this package: no check ever reads the file.
    Unreferenced,
}

/// How far a health verdict can be trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Confidence {
    /// What the file says, and what the sources pin, were both seen exactly.
    High,
    /// Some pinned item depends on `cfg`: the scan read it as written.
    Medium,
    /// A contract attribute sits where the scan cannot see what the compiler does
    /// (inside a macro), so registrations may be missing from the picture.
    Low,
}

impl Confidence {
    /// `high`, `medium` or `low`.
    pub fn as_str(self) -> &'static str {
        match self {
            Confidence::High => "high",
            Confidence::Medium => "medium",
            Confidence::Low => "low",
        }
    }
}

/// How exactly the source scan saw a package's registrations.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
pub enum ScanExactness {
    /// Every pinned item was read exactly as the compiler reads it.
    #[default]
    Exact,
    /// Some pinned item (or part of one) is under `cfg` / `cfg_attr`.
    CfgDependent,
    /// Some contract attribute is inside a macro body or invocation.
    MacroHidden,
}

/// The health of a golden with `bytes` (`None`: no file) for a set that the sources
/// do (`referenced`) or do not register, and the confidence in that verdict.
pub fn assess(bytes: Option<&[u8]>, referenced: bool, scan: ScanExactness) -> (Health, Confidence) {
    let health = match bytes {
        None => Health::Missing,
        Some(bytes) => of_parsed(&golden::parse(bytes), referenced),
    };
    let confidence = confidence(&health, scan);
    (health, confidence)
}

/// The health of a golden already parsed (so a shell that needs the golden itself
/// parses it once): what [`assess`] says of a file that exists.
pub fn of_parsed(parsed: &Result<Golden, GoldenError>, referenced: bool) -> Health {
    match parsed {
        Err(error) => of_error(error),
        Ok(golden) => of_readable(&golden.integrity_mismatches(), referenced),
    }
}

/// The health of a golden that could not be read: stale when only its format
/// version is another, corrupt otherwise.
pub fn of_error(error: &GoldenError) -> Health {
    match error {
        GoldenError::FormatVersion { found, .. } => Health::Stale {
            reason: match *found {
                Some(v) if v > FORMAT_VERSION => StaleReason::FormatVersionAhead {
                    golden: v,
                    current: FORMAT_VERSION,
                },
                golden => StaleReason::FormatVersionBehind {
                    golden,
                    current: FORMAT_VERSION,
                },
            },
        },
        GoldenError::PolicyBlock { .. } => Health::Stale {
            reason: StaleReason::PolicyBlock,
        },
        error => Health::Corrupt {
            error: error.clone(),
        },
    }
}

/// The health of a golden that reads, given the symbols whose fingerprint does not
/// match their shape (`tampered`) and whether any source registers its set.
pub fn of_readable(tampered: &[impl AsRef<str>], referenced: bool) -> Health {
    if !tampered.is_empty() {
        Health::Stale {
            reason: StaleReason::IntegrityMismatch {
                symbols: tampered.iter().map(|s| s.as_ref().to_owned()).collect(),
            },
        }
    } else if !referenced {
        Health::Stale {
            reason: StaleReason::Unreferenced,
        }
    } else {
        Health::Fresh
    }
}

/// What the file itself proves (format version, fingerprints, parse errors) is certain;
/// what depends on the source scan (fresh, missing, unreferenced) is only as sure as
/// the scan was exact. An unreferenced golden is never high: a registration the scan
/// cannot see (a macro, a non-member crate) may still read it.
fn confidence(health: &Health, scan: ScanExactness) -> Confidence {
    let from_scan = match scan {
        ScanExactness::Exact => Confidence::High,
        ScanExactness::CfgDependent => Confidence::Medium,
        ScanExactness::MacroHidden => Confidence::Low,
    };
    match health {
        Health::Corrupt { .. } => Confidence::High,
        Health::Stale {
            reason:
                StaleReason::FormatVersionBehind { .. }
                | StaleReason::FormatVersionAhead { .. }
                | StaleReason::PolicyBlock
                | StaleReason::IntegrityMismatch { .. },
        } => Confidence::High,
        Health::Stale {
            reason: StaleReason::Unreferenced,
        } => from_scan.max(Confidence::Medium),
        Health::Fresh | Health::Missing => from_scan,
    }
}

impl fmt::Display for StaleReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StaleReason::FormatVersionBehind {
                golden: Some(g),
                current,
            } => write!(f, "FormatVersionBehind{{golden: {g}, current: {current}}}"),
            StaleReason::FormatVersionBehind {
                golden: None,
                current,
            } => write!(f, "FormatVersionBehind{{golden: none, current: {current}}}"),
            StaleReason::FormatVersionAhead { golden, current } => {
                write!(
                    f,
                    "FormatVersionAhead{{golden: {golden}, current: {current}}}"
                )
            }
            StaleReason::PolicyBlock => f.write_str("PolicyBlock"),
            StaleReason::IntegrityMismatch { symbols } => {
                write!(f, "IntegrityMismatch{{symbols: {}}}", symbols.join(", "))
            }
            StaleReason::Unreferenced => f.write_str("Unreferenced"),
        }
    }
}

impl Health {
    /// `Fresh`, `Stale`, `Missing` or `Corrupt`: the health without its reason (for a
    /// table column; [`crate::message::health_reason`] words the reason).
    pub fn name(&self) -> &'static str {
        match self {
            Health::Fresh => "Fresh",
            Health::Stale { .. } => "Stale",
            Health::Missing => "Missing",
            Health::Corrupt { .. } => "Corrupt",
        }
    }
}

impl fmt::Display for Health {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Health::Fresh => f.write_str("Fresh"),
            Health::Stale { reason } => write!(f, "Stale{{reason: {reason}}}"),
            Health::Missing => f.write_str("Missing"),
            Health::Corrupt { error } => write!(f, "Corrupt{{line {}: {error}}}", error.line()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Golden;
    use std::collections::BTreeMap;

    fn text() -> String {
        Golden::new("s", "p", &BTreeMap::new()).render()
    }

    #[test]
    fn fresh_missing_unreferenced() {
        let t = text();
        let exact = ScanExactness::Exact;
        assert_eq!(
            assess(Some(t.as_bytes()), true, exact),
            (Health::Fresh, Confidence::High)
        );
        assert_eq!(
            assess(Some(t.as_bytes()), true, ScanExactness::CfgDependent).1,
            Confidence::Medium
        );
        assert_eq!(
            assess(None, true, exact),
            (Health::Missing, Confidence::High)
        );
        let (health, confidence) = assess(Some(t.as_bytes()), false, exact);
        assert_eq!(health.to_string(), "Stale{reason: Unreferenced}");
        assert_eq!(confidence, Confidence::Medium);
        assert_eq!(
            assess(Some(t.as_bytes()), false, ScanExactness::MacroHidden).1,
            Confidence::Low
        );
    }

    #[test]
    fn what_the_file_proves_is_high_confidence() {
        let old = text().replace(
            &format!("\"format_version\": {FORMAT_VERSION}"),
            "\"format_version\": 0",
        );
        let (health, confidence) = assess(Some(old.as_bytes()), true, ScanExactness::MacroHidden);
        assert_eq!(
            health.to_string(),
            format!("Stale{{reason: FormatVersionBehind{{golden: 0, current: {FORMAT_VERSION}}}}}")
        );
        assert_eq!(confidence, Confidence::High);
        let with_policy = text().replacen("\"package\"", "\"policy\": {},\n  \"package\"", 1);
        let (health, confidence) = assess(Some(with_policy.as_bytes()), true, ScanExactness::Exact);
        assert_eq!(health.to_string(), "Stale{reason: PolicyBlock}");
        assert_eq!(confidence, Confidence::High);
        let (health, _) = assess(Some(b"{\n<<<<<<< ours\n"), true, ScanExactness::Exact);
        assert!(matches!(health, Health::Corrupt { .. }), "{health}");
        assert!(
            health.to_string().starts_with("Corrupt{line 2:"),
            "{health}"
        );
    }
}
