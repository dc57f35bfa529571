//! The verdict types on the wire and the confidence they allow.

use proptest::prelude::*;
use serde_json::json;
use workspace_example::indices::{Confidence, IndexFreshness, StaleReason};

fn commits_behind(n: u32, last_indexed: &str) -> IndexFreshness {
    IndexFreshness::stale(StaleReason::CommitsBehind {
        n,
        last_indexed: last_indexed.to_owned(),
    })
}

#[test]
fn wire_format_is_tagged_by_kind() {
    let cases = [
        (
            IndexFreshness::Fresh {
                indexed_at: "2026-04-26T08:00:00Z".to_owned(),
            },
            json!({"kind": "fresh", "indexed_at": "2026-04-26T08:00:00Z"}),
        ),
        (
            commits_behind(2, "abc"),
            json!({"kind": "stale", "reason": {"kind": "commits_behind", "n": 2, "last_indexed": "abc"}}),
        ),
        (
            IndexFreshness::indexer_error("upstream_scip_unavailable"),
            json!({"kind": "stale", "reason": {"kind": "indexer_error", "detail": "upstream_scip_unavailable"}}),
        ),
        (
            IndexFreshness::stale(StaleReason::CoverageGap {
                files_indexed: 1,
                files_in_repo: 3,
            }),
            json!({"kind": "stale", "reason": {"kind": "coverage_gap", "files_indexed": 1, "files_in_repo": 3}}),
        ),
        (
            IndexFreshness::stale(StaleReason::DigestMismatch {
                expected: "sha256:a".to_owned(),
                actual: "sha256:b".to_owned(),
            }),
            json!({"kind": "stale", "reason": {"kind": "digest_mismatch", "expected": "sha256:a", "actual": "sha256:b"}}),
        ),
    ];
    for (value, wire) in cases {
        assert_eq!(serde_json::to_value(&value).unwrap(), wire, "{value:?}");
        let back: IndexFreshness = serde_json::from_value(wire).unwrap();
        assert_eq!(back, value);
    }
}

#[test]
fn unknown_kinds_and_fields_are_rejected() {
    for wire in [
        json!({"kind": "maybe_fresh", "indexed_at": "x"}),
        json!({"indexed_at": "x"}),
        json!({"kind": "fresh", "indexed_at": "x", "extra": 1}),
        json!({"kind": "stale", "reason": {"kind": "commits_behind", "n": 1}}),
        json!({"kind": "stale", "reason": {"kind": "moon_phase"}}),
    ] {
        let parsed = serde_json::from_value::<IndexFreshness>(wire.clone());
        assert!(parsed.is_err(), "accepted {wire}: {parsed:?}");
    }
}

#[test]
fn confidence_ceiling_per_verdict() {
    let fresh = IndexFreshness::Fresh {
        indexed_at: "t".to_owned(),
    };
    assert_eq!(fresh.confidence_ceiling(), Confidence::High);
    assert_eq!(
        commits_behind(5, "a").confidence_ceiling(),
        Confidence::Medium
    );
    for reason in [
        StaleReason::IndexerError {
            detail: "x".to_owned(),
        },
        StaleReason::CoverageGap {
            files_indexed: 0,
            files_in_repo: 1,
        },
        StaleReason::DigestMismatch {
            expected: "a".to_owned(),
            actual: "b".to_owned(),
        },
    ] {
        assert_eq!(
            IndexFreshness::stale(reason).confidence_ceiling(),
            Confidence::Low
        );
    }
}

#[test]
fn demotion_takes_the_minimum_and_never_promotes() {
    let behind = commits_behind(1, "a");
    assert_eq!(Confidence::High.demoted_by(&behind), Confidence::Medium);
    assert_eq!(Confidence::Medium.demoted_by(&behind), Confidence::Medium);
    assert_eq!(Confidence::Low.demoted_by(&behind), Confidence::Low);
    let fresh = IndexFreshness::Fresh {
        indexed_at: "t".to_owned(),
    };
    assert_eq!(Confidence::Low.demoted_by(&fresh), Confidence::Low);
    assert!(Confidence::Low < Confidence::Medium && Confidence::Medium < Confidence::High);
    for (c, wire) in [
        (Confidence::High, "high"),
        (Confidence::Medium, "medium"),
        (Confidence::Low, "low"),
    ] {
        assert_eq!(serde_json::to_value(c).unwrap(), json!(wire));
        assert_eq!(c.to_string(), wire);
    }
}

fn any_reason() -> impl Strategy<Value = StaleReason> {
    prop_oneof![
        (any::<u32>(), ".*")
            .prop_map(|(n, last_indexed)| StaleReason::CommitsBehind { n, last_indexed }),
        ".*".prop_map(|detail| StaleReason::IndexerError { detail }),
        (any::<u64>(), any::<u64>()).prop_map(|(files_indexed, files_in_repo)| {
            StaleReason::CoverageGap {
                files_indexed,
                files_in_repo,
            }
        }),
        (".*", ".*")
            .prop_map(|(expected, actual)| StaleReason::DigestMismatch { expected, actual }),
    ]
}

fn any_freshness() -> impl Strategy<Value = IndexFreshness> {
    prop_oneof![
        ".*".prop_map(|indexed_at| IndexFreshness::Fresh { indexed_at }),
        any_reason().prop_map(IndexFreshness::stale),
    ]
}

proptest! {
    #[test]
    fn every_verdict_round_trips_through_json(value in any_freshness()) {
        let wire = serde_json::to_string(&value).unwrap();
        let back: IndexFreshness = serde_json::from_str(&wire).unwrap();
        prop_assert_eq!(back, value);
    }
}
