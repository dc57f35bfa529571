//! ADVERSARIAL, build-gating: the index-health probe must catch the stale-scip
//! fixture (`tests/fixtures/portfolio/stale-scip/`, a repository whose HEAD is one
//! commit ahead of its SCIP index). If the probe ever reports that index as fresh,
//! or stale for the wrong reason, or without demoting its confidence, this fails.
//!
//! No skip path: a missing git or a failed regeneration fails the test with the
//! reason. The fixture's runtime state (`.git/`, `.codegenie/`) is materialised by
//! `regenerate.sh` on first use, once per test binary, so a fresh clone needs no
//! manual step; all tests that touch the fixture live in this binary.
//!
//! Mutation check (manual, run when the probe changes): make `scip_freshness` return
//! `Fresh` → step 2 fails; make it return `Stale(IndexerError)` → step 3 fails.

use std::collections::BTreeSet;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{mpsc, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use workspace_example::indices::registry::{self, ScopedRegistry};
use workspace_example::indices::{
    IndexFreshness, IndexHealthProbe, IndexName, ProbeContext, RepoSnapshot, StaleReason,
};

/// The fixture, relative to this package.
const FIXTURE_REL: &str = "tests/fixtures/portfolio/stale-scip";
/// Where to read about it, relative to the repository root.
const README: &str = "workspace-example/tests/fixtures/portfolio/stale-scip/README.md";
/// The time budget of the adversarial (it is on every build's critical path).
const BUDGET: Duration = Duration::from_secs(10);
const GUARD_REFUSAL: &str = "refuses to set last_indexed_commit == HEAD";

fn package_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn fixture() -> PathBuf {
    package_dir().join(FIXTURE_REL)
}

/// Runs git hermetically: no ambient repository, no global or system config.
fn git() -> Command {
    let mut command = Command::new("git");
    for var in [
        "GIT_DIR",
        "GIT_WORK_TREE",
        "GIT_INDEX_FILE",
        "GIT_COMMON_DIR",
    ] {
        command.env_remove(var);
    }
    command
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null");
    command
}

fn output(command: &mut Command, what: &str) -> Output {
    command.output().unwrap_or_else(|e| {
        panic!(
            "could not run {what}: {e}.\n\
             `git` and `bash` must be on $PATH; this is a developer-environment bug, not a \
             skip condition. Install them and rerun."
        )
    })
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// HEAD of `repo`, derived at test time and independently of the probe's own git code.
fn current_head(repo: &Path) -> String {
    let out = output(
        git()
            .arg("-C")
            .arg(repo)
            .args(["rev-parse", "--verify", "HEAD"])
            .env("GIT_CEILING_DIRECTORIES", repo.parent().unwrap()),
        "git rev-parse HEAD",
    );
    assert!(
        out.status.success(),
        "`git rev-parse HEAD` failed in {}:\n{}\nRerun {}/regenerate.sh.",
        repo.display(),
        String::from_utf8_lossy(&out.stderr),
        repo.display()
    );
    stdout(&out)
}

fn runtime_state_present(root: &Path) -> bool {
    root.join(".git").is_dir() && root.join(".codegenie/context/raw/scip.json").is_file()
}

/// Runs `regenerate.sh` in `root` with `env` on top of a cleared environment (only
/// `PATH` kept), or on top of the inherited one when `clean` is false.
fn regenerate(root: &Path, clean: bool, env: &[(&str, &str)]) -> Output {
    let mut command = Command::new("bash");
    command.arg(root.join("regenerate.sh")).current_dir(root);
    if clean {
        command
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default());
    } else {
        // A developer's exported LAST_INDEXED must not retarget the fixture.
        command.env_remove("LAST_INDEXED");
    }
    command.envs(env.iter().copied());
    output(&mut command, "bash regenerate.sh")
}

/// The fixture with its runtime state, materialised once per test binary: tests run
/// in parallel and must neither regenerate concurrently nor see a half-built fixture.
fn materialized() -> PathBuf {
    static STATE: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    let state = STATE.get_or_init(|| {
        let root = fixture();
        if !root.join("regenerate.sh").is_file() {
            return Err(format!(
                "the stale-scip fixture is missing: no {}/regenerate.sh. It is tracked in \
                 the repository; restore it (git checkout -- {FIXTURE_REL}).",
                root.display()
            ));
        }
        if !runtime_state_present(&root) {
            let out = regenerate(&root, false, &[]);
            if !out.status.success() {
                return Err(format!(
                    "stale-scip fixture: regenerate.sh failed ({}).\nstdout:\n{}\nstderr:\n{}\n\
                     Fix the script or the environment and rerun; see {README}.",
                    out.status,
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
            if !runtime_state_present(&root) {
                return Err(format!(
                    "stale-scip fixture: regenerate.sh succeeded but left no .git/ or no \
                     .codegenie/context/raw/scip.json in {}. See {README}.",
                    root.display()
                ));
            }
        }
        Ok(root)
    });
    state.clone().unwrap_or_else(|e| panic!("{e}"))
}

/// An assertion of the adversarial that failed.
#[derive(Debug)]
struct Failure {
    step: u8,
    title: &'static str,
    detail: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "\nSTALE-SCIP ADVERSARIAL FAILED at step {}/5: {}\n",
            self.step, self.title
        )?;
        writeln!(f, "{}\n", self.detail.trim_end())?;
        write!(
            f,
            "This test gates the build (issue #7, seed 001: honest confidence). The fixture's \
             SCIP index was built from HEAD~1, so the probe must report\n  \
             Stale(CommitsBehind {{ n >= 1, last_indexed != HEAD }}) with confidence `medium`.\n\
             A stale index reported as trustworthy is the failure mode the probe exists to \
             prevent. Probe: workspace-example/src/indices/ (scip.rs decides). Fixture: {README}."
        )
    }
}

fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string())
}

/// The five assertions, in order, on the slice the probe emitted for the fixture
/// whose HEAD is `head`.
fn judge(slice: &Value, head: &str) -> Result<(), Failure> {
    let emitted = pretty(slice);
    let index_health = slice.get("index_health").and_then(Value::as_object);
    let keys: BTreeSet<&str> = index_health
        .map(|m| m.keys().map(String::as_str).collect())
        .unwrap_or_default();
    if keys != BTreeSet::from(["scip"]) {
        return Err(Failure {
            step: 1,
            title: "the slice's sources must be exactly {scip}",
            detail: format!(
                "expected: slice[\"index_health\"] has exactly the key \"scip\"\n\
                 emitted:  keys {keys:?}\n{emitted}\n\n\
                 No keys: no freshness check ran (the built-in `scip` check is not \
                 registered, or the registry was cleared) — an empty slice must never pass.\n\
                 Extra keys: a test registered a check outside a `ScopedRegistry` and leaked \
                 it into the process registry.\n\
                 Do: keep `FreshnessRegistry::builtin()` registering `scip`; register test \
                 checks only inside `ScopedRegistry::enter()`."
            ),
        });
    }
    let source = &slice["index_health"]["scip"];
    let raw = source.get("freshness").cloned().unwrap_or(Value::Null);
    let freshness = match serde_json::from_value::<IndexFreshness>(raw.clone()) {
        Ok(IndexFreshness::Stale { reason }) => reason,
        Ok(fresh @ IndexFreshness::Fresh { .. }) => {
            return Err(Failure {
                step: 2,
                title: "expected Stale, got Fresh",
                detail: format!(
                    "expected: IndexFreshness::Stale {{ .. }}\n\
                     got:      {fresh:?}\n\
                     emitted freshness:\n{}\n\n\
                     The probe called an index built from HEAD~1 fresh: silent staleness.\n\
                     Do: check that scip_freshness compares last_indexed_commit with HEAD \
                     (both resolved to full SHAs) and returns CommitsBehind when they differ.",
                    pretty(&raw)
                ),
            });
        }
        Err(e) => {
            return Err(Failure {
                step: 2,
                title: "the freshness does not read back as IndexFreshness",
                detail: format!(
                    "expected: slice[\"index_health\"][\"scip\"][\"freshness\"] to deserialize \
                     into the `kind`-tagged IndexFreshness\n\
                     error:    {e}\n\
                     emitted slice:\n{emitted}\n\n\
                     The wire representation of the verdict changed; consumers can no longer \
                     read it. Do: restore it (the `phase2` contract golden pins it)."
                ),
            });
        }
    };
    let StaleReason::CommitsBehind { n, last_indexed } = &freshness else {
        let hint = match &freshness {
            StaleReason::IndexerError { detail } if detail == "upstream_scip_unavailable" => {
                "The probe found no .codegenie/context/raw/scip.json: rerun regenerate.sh, \
                 and check the probe still reads <repo>/.codegenie/context/raw/<index>.json."
                    .to_owned()
            }
            StaleReason::IndexerError { detail } => format!(
                "IndexerError({detail:?}) masks a real staleness: the slice is present and \
                 HEAD is resolvable, so the reason must be CommitsBehind. If the detail names \
                 the git work tree, rerun regenerate.sh."
            ),
            _ => "The probe misclassified the staleness: the indexed commit differs from HEAD, \
                  which takes precedence over coverage or digest findings."
                .to_owned(),
        };
        return Err(Failure {
            step: 3,
            title: "the stale reason must be CommitsBehind",
            detail: format!(
                "expected: Stale(reason = CommitsBehind {{ n, last_indexed }})\n\
                 got:      Stale(reason = {freshness:?})\n\
                 emitted freshness:\n{}\n\n{hint}",
                pretty(&raw)
            ),
        });
    };
    if *n < 1 {
        return Err(Failure {
            step: 4,
            title: "CommitsBehind.n must be >= 1",
            detail: format!(
                "expected: n >= 1\n\
                 got:      n = {n}\n\
                 emitted freshness:\n{}\n\n\
                 HEAD is one commit ahead of the index; when git cannot count, the probe \
                 must fall back to n = 1, never 0.",
                pretty(&raw)
            ),
        });
    }
    if last_indexed == head {
        return Err(Failure {
            step: 4,
            title: "CommitsBehind.last_indexed must differ from HEAD",
            detail: format!(
                "expected: last_indexed != HEAD\n\
                 got:      both are {head}\n\
                 emitted freshness:\n{}\n\n\
                 n >= 1 alone would pass the n = 1 fallback in a non-stale state; the two \
                 commits must really differ. The fixture's last_indexed_commit must be the \
                 parent commit, not HEAD: did someone retarget it or bypass regenerate.sh's \
                 guard? Rerun regenerate.sh.",
                pretty(&raw)
            ),
        });
    }
    let confidence = source.get("confidence").cloned().unwrap_or(Value::Null);
    if confidence != json!("medium") {
        return Err(Failure {
            step: 5,
            title: "a source CommitsBehind must have confidence \"medium\"",
            detail: format!(
                "expected: slice[\"index_health\"][\"scip\"][\"confidence\"] == \"medium\"\n\
                 got:      {confidence}\n\
                 emitted slice:\n{emitted}\n\n\
                 The verdict is right but the flat confidence was not demoted with it: \
                 consumers reading only `confidence` would trust a stale index.\n\
                 Do: derive it with Confidence::demoted_by (CommitsBehind caps at medium)."
            ),
        });
    }
    Ok(())
}

/// Runs `body` on its own thread and fails if it takes longer than `budget`.
fn within(budget: Duration, body: impl FnOnce() + Send + 'static) {
    let (done, finished) = mpsc::channel();
    let worker = thread::Builder::new()
        .name("stale-scip-adversarial".to_owned())
        .spawn(move || {
            body();
            let _ = done.send(());
        })
        .unwrap();
    match finished.recv_timeout(budget) {
        Ok(()) => worker.join().unwrap(),
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            if let Err(panic) = worker.join() {
                std::panic::resume_unwind(panic);
            }
        }
        Err(mpsc::RecvTimeoutError::Timeout) => panic!(
            "STALE-SCIP ADVERSARIAL exceeded its {budget:?} budget. It runs on every build; \
             a slow adversarial taxes every change. Look for a git command waiting on input \
             or a slow regeneration (see {README})."
        ),
    }
}

#[test]
fn index_health_catches_stale_scip() {
    within(BUDGET, || {
        let started = Instant::now();
        let root = materialized();
        let head = current_head(&root);
        let out = IndexHealthProbe
            .run(&RepoSnapshot::new(&root), &ProbeContext::default())
            .unwrap_or_else(|e| {
                panic!("\nSTALE-SCIP ADVERSARIAL: the probe produced no verdict:\n{e}\n")
            });
        if let Err(failure) = judge(&out.schema_slice, &head) {
            panic!("{failure}");
        }
        eprintln!("stale-scip adversarial passed in {:?}", started.elapsed());
    });
}

#[test]
fn empty_registry_fails_adversarial() {
    let root = materialized();
    let head = current_head(&root);
    {
        let scope = ScopedRegistry::enter();
        scope.clear();
        let out = IndexHealthProbe
            .run(&RepoSnapshot::new(&root), &ProbeContext::default())
            .unwrap();
        assert_eq!(out.schema_slice, json!({"index_health": {}}));
        let failure = judge(&out.schema_slice, &head)
            .expect_err("the adversarial must not pass on an empty slice");
        assert_eq!(failure.step, 1, "{failure}");
        assert!(failure.to_string().contains("keys {}"), "{failure}");
    }
    assert_eq!(
        registry::current().names(),
        [IndexName::new("scip").unwrap()],
        "the scope must restore the registry"
    );
}

#[test]
fn adversarial_rejects_each_wrong_verdict_at_its_step() {
    let head = "b".repeat(40);
    let slice = |freshness: Value, confidence: &str| json!({"index_health": {"scip": {"freshness": freshness, "confidence": confidence}}});
    let behind = |n: u32, last: &str| json!({"kind": "stale", "reason": {"kind": "commits_behind", "n": n, "last_indexed": last}});
    let a = "a".repeat(40);
    let cases = [
        (json!({"index_health": {"scip": {}, "mock": {}}}), 1),
        (json!({"other": {}}), 1),
        (
            slice(json!({"kind": "fresh", "indexed_at": "t"}), "high"),
            2,
        ),
        (slice(json!({"kind": "stale"}), "low"), 2),
        (
            slice(
                json!({"kind": "stale", "reason": {"kind": "indexer_error", "detail": "nope"}}),
                "low",
            ),
            3,
        ),
        (slice(behind(0, &a), "medium"), 4),
        (slice(behind(1, &head), "medium"), 4),
        (slice(behind(1, &a), "high"), 5),
    ];
    for (emitted, step) in cases {
        let failure = judge(&emitted, &head).expect_err("must fail");
        assert_eq!(failure.step, step, "{emitted}: {failure}");
    }
    judge(&slice(behind(1, &a), "medium"), &head).expect("the right verdict passes");
}

/// A scratch copy of the fixture's tracked seed material (no runtime state), removed
/// when dropped: no run leaves copies behind for the next.
fn seed_copy(label: &str) -> tempfile::TempDir {
    let dest = tempfile::Builder::new()
        .prefix(&format!("stale-scip-{label}-"))
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .unwrap();
    copy_seed(&fixture(), dest.path());
    dest
}

fn copy_seed(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name == ".git" || name == ".codegenie" {
            continue;
        }
        if entry.file_type().unwrap().is_dir() {
            copy_seed(&entry.path(), &to.join(&name));
        } else {
            fs::copy(entry.path(), to.join(&name)).unwrap();
        }
    }
}

fn head_and_indexed(root: &Path) -> (String, String) {
    let slice: Value =
        serde_json::from_slice(&fs::read(root.join(".codegenie/context/raw/scip.json")).unwrap())
            .unwrap();
    (
        current_head(root),
        slice["last_indexed_commit"].as_str().unwrap().to_owned(),
    )
}

#[test]
fn regenerate_sh_refuses_last_indexed_equals_head() {
    let root = seed_copy("guard");
    let root = root.path().to_path_buf();
    let first = regenerate(&root, true, &[]);
    assert!(
        first.status.success(),
        "regenerate.sh must work in a clean environment (only PATH set):\n{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let (head, indexed) = head_and_indexed(&root);
    assert_ne!(head, indexed);

    let forced = regenerate(&root, true, &[("LAST_INDEXED", &head)]);
    let stderr = String::from_utf8_lossy(&forced.stderr);
    assert_eq!(
        forced.status.code(),
        Some(1),
        "regenerate.sh must exit 1 when told to index HEAD itself; stderr:\n{stderr}"
    );
    assert!(stderr.contains(GUARD_REFUSAL), "stderr:\n{stderr}");
    assert!(
        !root.join(".codegenie").exists(),
        "a refused regeneration must not leave an index slice behind"
    );
}

#[test]
fn regenerate_sh_is_hermetic_and_deterministic() {
    // A hostile global config: would sign commits (and fail without a key), rename
    // the author and the default branch, if regenerate.sh honoured it.
    let home = seed_copy("home");
    let home = home.path();
    fs::write(
        home.join(".gitconfig"),
        "[user]\n\tname = Hostile\n\temail = hostile@example.invalid\n\
         [commit]\n\tgpgsign = true\n[init]\n\tdefaultBranch = trunk\n",
    )
    .unwrap();
    let home = home.to_str().unwrap().to_owned();

    let (a, b) = (seed_copy("det-a"), seed_copy("det-b"));
    let (a, b) = (a.path().to_path_buf(), b.path().to_path_buf());
    let ra = regenerate(&a, true, &[]);
    let rb = regenerate(&b, true, &[("HOME", &home), ("GIT_DIR", "/nonexistent")]);
    for (out, label) in [(&ra, "clean"), (&rb, "hostile HOME and GIT_DIR")] {
        assert!(
            out.status.success(),
            "regenerate.sh ({label}) failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_eq!(
        head_and_indexed(&a),
        head_and_indexed(&b),
        "same commits everywhere"
    );
    let parent = stdout(&output(
        git().arg("-C").arg(&a).args(["rev-parse", "HEAD~1"]),
        "git rev-parse HEAD~1",
    ));
    assert_eq!(
        head_and_indexed(&a).1,
        parent,
        "the index names the parent commit"
    );
    let branch = stdout(&output(
        git()
            .arg("-C")
            .arg(&b)
            .args(["symbolic-ref", "--short", "HEAD"]),
        "git symbolic-ref",
    ));
    assert_eq!(branch, "main");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(fixture().join("regenerate.sh"))
            .unwrap()
            .permissions()
            .mode();
        assert_ne!(
            mode & 0o111,
            0,
            "regenerate.sh must stay executable (README says ./regenerate.sh)"
        );
    }
}

#[test]
fn fixture_gitignore_policy() {
    // `--no-index`: judge the ignore rules themselves, whether or not a path is
    // tracked (check-ignore never reports tracked paths otherwise).
    for (path, ignored) in [
        (".git/", true),
        (".codegenie/context/raw/scip.json", true),
        (".codegenie/context/raw/scip-index.scip", true),
        ("_seed/scip-slice.template.json", false),
        ("_seed/scip-index.scip.placeholder", false),
        ("regenerate.sh", false),
        ("README.md", false),
    ] {
        let rel = format!("{FIXTURE_REL}/{path}");
        let out = output(
            git()
                .arg("-C")
                .arg(package_dir())
                .args(["check-ignore", "--no-index", "-q", "--"])
                .arg(&rel),
            "git check-ignore",
        );
        let expected = if ignored { 0 } else { 1 };
        assert_eq!(
            out.status.code(),
            Some(expected),
            "git check-ignore {rel}: expected {}, stderr: {}\n\
             The fixture's runtime state (.git/, .codegenie/) must be ignored and its seed \
             material tracked; see {README}.",
            if ignored {
                "ignored (0)"
            } else {
                "not ignored (1)"
            },
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn runtime_state_never_shows_in_the_outer_status() {
    materialized();
    let out = output(
        git()
            .arg("-C")
            .arg(package_dir())
            .args(["status", "--porcelain", "--untracked-files=all", "--"])
            .arg(FIXTURE_REL),
        "git status",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let status = stdout(&out);
    let leaked: Vec<&str> = status
        .lines()
        .filter(|line| {
            line.contains("/.git/")
                || line.contains("/.codegenie/")
                || line.trim_end_matches('/').ends_with("stale-scip")
        })
        .collect();
    assert!(
        leaked.is_empty(),
        "the fixture's runtime state shows in the outer repository's status:\n{}\n\
         It must be ignored (fixture-local .gitignore); see {README}.",
        leaked.join("\n")
    );
}
