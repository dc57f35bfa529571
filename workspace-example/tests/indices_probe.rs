//! The index-health probe against small repositories built per test.

use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::{json, Value};
use workspace_example::indices::registry::ScopedRegistry;
use workspace_example::indices::{
    scip, CheckInput, Confidence, Git, IndexFreshness, IndexHealth, IndexHealthProbe, IndexName,
    ProbeContext, ProbeError, RepoSnapshot, StaleReason, RAW_DIR,
};

/// A fresh directory under the target's scratch space, removed when dropped.
struct Scratch(tempfile::TempDir);

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

fn scratch(label: &str) -> Scratch {
    let dir = tempfile::Builder::new()
        .prefix(&format!("indices-probe-{label}-"))
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .unwrap();
    Scratch(dir)
}

fn git(repo: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .arg("-C")
        .arg(repo)
        .args(args)
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .env_remove("GIT_INDEX_FILE")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.invalid")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.invalid")
        .output()
        .expect("git is needed by these tests: install it");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_owned()
}

/// A repository with `commits` commits; returns (root, SHAs oldest first).
fn repo(label: &str, commits: usize) -> (Scratch, Vec<String>) {
    let root = scratch(label);
    git(&root, &["init", "-q"]);
    let shas = (0..commits)
        .map(|i| {
            fs::write(root.join(format!("f{i}")), "x").unwrap();
            git(&root, &["add", "."]);
            git(&root, &["commit", "-q", "-m", &format!("c{i}")]);
            git(&root, &["rev-parse", "HEAD"])
        })
        .collect();
    (root, shas)
}

fn write_slice(root: &Path, slice: &Value) {
    let raw = root.join(RAW_DIR);
    fs::create_dir_all(&raw).unwrap();
    fs::write(
        raw.join("scip.json"),
        serde_json::to_vec_pretty(slice).unwrap(),
    )
    .unwrap();
}

fn scip_slice(commit: &str) -> Value {
    json!({
        "last_indexed_commit": commit,
        "last_indexed_at": "2026-04-26T08:00:00Z",
        "files_indexed": 2,
        "files_in_repo": 2,
        "indexer_errors": 0
    })
}

fn run(root: &Path) -> IndexHealth {
    let out = IndexHealthProbe
        .run(&RepoSnapshot::new(root), &ProbeContext::default())
        .unwrap();
    serde_json::from_value(out.schema_slice).unwrap()
}

fn scip_verdict(root: &Path) -> (IndexFreshness, Confidence) {
    let mut health = run(root);
    let scip = health.index_health.remove("scip").expect("a scip entry");
    assert!(health.index_health.is_empty(), "{:?}", health.index_health);
    (scip.freshness, scip.confidence)
}

fn detail(freshness: &IndexFreshness) -> &str {
    match freshness {
        IndexFreshness::Stale {
            reason: StaleReason::IndexerError { detail },
        } => detail,
        other => panic!("expected Stale(IndexerError), got {other:?}"),
    }
}

#[test]
fn index_built_from_head_is_fresh_with_high_confidence() {
    let (root, shas) = repo("fresh", 2);
    write_slice(&root, &scip_slice(&shas[1]));
    let (freshness, confidence) = scip_verdict(&root);
    assert_eq!(
        freshness,
        IndexFreshness::Fresh {
            indexed_at: "2026-04-26T08:00:00Z".to_owned()
        }
    );
    assert_eq!(confidence, Confidence::High);
}

#[test]
fn abbreviated_head_sha_is_still_head() {
    let (root, shas) = repo("abbrev", 2);
    write_slice(&root, &scip_slice(&shas[1][..12]));
    assert!(scip_verdict(&root).0.is_fresh());
}

#[test]
fn commits_behind_counts_with_rev_list_and_demotes_to_medium() {
    let (root, shas) = repo("behind", 4);
    write_slice(&root, &scip_slice(&shas[0]));
    let (freshness, confidence) = scip_verdict(&root);
    assert_eq!(
        freshness,
        IndexFreshness::stale(StaleReason::CommitsBehind {
            n: 3,
            last_indexed: shas[0].clone()
        })
    );
    assert_eq!(confidence, Confidence::Medium);
}

#[test]
fn unknown_indexed_commit_falls_back_to_one_commit_behind() {
    let (root, _) = repo("unknown-commit", 1);
    let ghost = "0123456789abcdef0123456789abcdef01234567";
    write_slice(&root, &scip_slice(ghost));
    let (freshness, confidence) = scip_verdict(&root);
    assert_eq!(
        freshness,
        IndexFreshness::stale(StaleReason::CommitsBehind {
            n: 1,
            last_indexed: ghost.to_owned()
        })
    );
    assert_eq!(confidence, Confidence::Medium);
}

#[test]
fn head_moved_backwards_is_stale_with_n_one() {
    let (root, shas) = repo("reset", 3);
    write_slice(&root, &scip_slice(&shas[2]));
    git(&root, &["reset", "-q", "--hard", &shas[0]]);
    let (freshness, _) = scip_verdict(&root);
    assert_eq!(
        freshness,
        IndexFreshness::stale(StaleReason::CommitsBehind {
            n: 1,
            last_indexed: shas[2].clone()
        })
    );
}

#[test]
fn missing_slice_is_upstream_unavailable_with_low_confidence() {
    let (root, _) = repo("missing", 1);
    let (freshness, confidence) = scip_verdict(&root);
    assert_eq!(detail(&freshness), scip::UPSTREAM_UNAVAILABLE);
    assert_eq!(confidence, Confidence::Low);
}

#[test]
fn malformed_slice_is_an_indexer_error() {
    let (root, shas) = repo("malformed", 1);
    let raw = root.join(RAW_DIR);
    fs::create_dir_all(&raw).unwrap();
    fs::write(raw.join("scip.json"), "{not json").unwrap();
    assert!(detail(&scip_verdict(&root).0).starts_with(scip::UPSTREAM_MALFORMED));
    write_slice(&root, &json!({"last_indexed_commit": shas[0]}));
    let (freshness, confidence) = scip_verdict(&root);
    assert!(
        detail(&freshness).starts_with(scip::UPSTREAM_MALFORMED),
        "{freshness:?}"
    );
    assert_eq!(confidence, Confidence::Low);
}

#[test]
fn indexer_errors_and_coverage_gaps_at_head_are_stale() {
    let (root, shas) = repo("quality", 1);
    let mut slice = scip_slice(&shas[0]);
    slice["indexer_errors"] = json!(2);
    write_slice(&root, &slice);
    assert_eq!(detail(&scip_verdict(&root).0), "indexer_reported_errors: 2");

    slice["indexer_errors"] = json!(0);
    slice["files_indexed"] = json!(1);
    write_slice(&root, &slice);
    let (freshness, confidence) = scip_verdict(&root);
    assert_eq!(
        freshness,
        IndexFreshness::stale(StaleReason::CoverageGap {
            files_indexed: 1,
            files_in_repo: 2
        })
    );
    assert_eq!(confidence, Confidence::Low);
}

#[test]
fn directory_without_its_own_git_is_not_answered_by_an_enclosing_repository() {
    let (outer, shas) = repo("enclosing", 1);
    let inner = outer.join("not-a-repo");
    fs::create_dir_all(&inner).unwrap();
    write_slice(&inner, &scip_slice(&shas[0]));
    let (freshness, confidence) = scip_verdict(&inner);
    assert_eq!(detail(&freshness), scip::NOT_A_GIT_WORKDIR);
    assert_eq!(confidence, Confidence::Low);
}

#[test]
fn missing_git_is_a_clear_error_not_a_stale_verdict() {
    let (root, shas) = repo("no-git", 1);
    write_slice(&root, &scip_slice(&shas[0]));
    for program in ["git-that-does-not-exist", "/nonexistent/bin/git"] {
        let ctx = ProbeContext::default().with_git(Git::new(program));
        let err = IndexHealthProbe
            .run(&RepoSnapshot::new(&*root), &ctx)
            .expect_err("a probe without git must not produce a verdict");
        assert!(matches!(err, ProbeError::GitUnavailable(_)), "{err:?}");
        let message = err.to_string();
        assert!(message.contains(program), "{message}");
        assert!(message.contains("not a staleness signal"), "{message}");
        assert!(message.contains("Install git"), "{message}");
    }
    let message = IndexHealthProbe
        .run(
            &RepoSnapshot::new(&*root),
            &ProbeContext::default().with_git(Git::new("git-that-does-not-exist")),
        )
        .unwrap_err()
        .to_string();
    assert!(message.contains("is not on $PATH"), "{message}");
}

#[test]
fn every_registered_check_gets_an_entry_and_errors_propagate() {
    let (root, shas) = repo("registry", 1);
    write_slice(&root, &scip_slice(&shas[0]));
    let scope = ScopedRegistry::enter();
    scope
        .register(
            IndexName::new("ctags").unwrap(),
            "test",
            |input: &CheckInput<'_>| {
                assert_eq!(input.index.as_str(), "ctags");
                assert!(input.head.is_some());
                Ok(IndexFreshness::stale(StaleReason::DigestMismatch {
                    expected: "a".to_owned(),
                    actual: "b".to_owned(),
                }))
            },
        )
        .unwrap();
    let health = run(&root);
    let keys: Vec<&str> = health.index_health.keys().map(String::as_str).collect();
    assert_eq!(keys, ["ctags", "scip"]);
    assert_eq!(health.index_health["ctags"].confidence, Confidence::Low);
    assert_eq!(health.index_health["scip"].confidence, Confidence::High);

    scope
        .register(
            IndexName::new("broken").unwrap(),
            "test",
            |_: &CheckInput<'_>| {
                Err(ProbeError::Check {
                    index: IndexName::new("broken").unwrap(),
                    message: "boom".to_owned(),
                })
            },
        )
        .unwrap();
    let err = IndexHealthProbe
        .run(&RepoSnapshot::new(&*root), &ProbeContext::default())
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "index-health probe: the `broken` check failed: boom"
    );
}

#[test]
fn empty_registry_emits_an_empty_slice_without_needing_git() {
    let scope = ScopedRegistry::enter();
    scope.clear();
    let ctx = ProbeContext::default().with_git(Git::new("git-that-does-not-exist"));
    let out = IndexHealthProbe
        .run(&RepoSnapshot::new(&*scratch("empty")), &ctx)
        .unwrap();
    assert_eq!(out.schema_slice, json!({"index_health": {}}));
}
