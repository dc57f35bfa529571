//! A new user's first hour, automated: a fresh crate depending on contract-pin by
//! path pins a struct, an enum and a trait; bootstraps its golden; breaks it (compile
//! error at the field, then the test directive); drifts additively; tries to update
//! under CI; accepts the change; has the command on `PATH` and uses it as
//! `cargo contract-pin` (check, review on a terminal) and without installing it; writes
//! a policy file and sees its effect (and its errors); runs the CI recipes of
//! docs/CI.md as written; and, in a workspace of two packages, gets one report per
//! package. Runs real `cargo` on crates outside this workspace, with a
//! clean environment, so it sees exactly what a user sees.

#[path = "../../tests/common/clean_env.rs"]
mod clean_env;
use clean_env::clean_env;

use std::fs;
use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use tempfile::TempDir;

const CARGO_TOML: &str = r#"[package]
name = "fresh-crate"
version = "0.1.0"
edition = "2021"
publish = false

[workspace]

[dependencies]
contract-pin = { path = "CONTRACT_PIN_PATH" }
serde = { version = "1", features = ["derive"] }

[dev-dependencies]
contract-harness = { path = "CONTRACT_PIN_PATH/contract-harness" }
"#;

const LIB_RS: &str = r#"//! A fresh crate with pinned contracts.
#![deny(warnings, missing_docs)]

use serde::{Deserialize, Serialize};

/// An order.
#[contract_pin::contract(set = "api")]
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Order {
    /// Identifier.
    pub id: u64,
    /// Free text.
    pub note: String,
}

/// Metadata that may grow.
#[contract_pin::contract(set = "api")]
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Meta {
    /// A tag.
    pub tag: String,
}

/// Where an order is.
#[contract_pin::contract(set = "api")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Open.
    Open,
    /// Closed.
    Closed,
}

/// What happened to an order, as other services read it.
#[contract_pin::contract(set = "api")]
#[derive(Clone, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Event {
    /// Placed.
    Placed,
    /// Shipped.
    Shipped,
}

/// Stores orders.
#[contract_pin::contract(set = "api")]
pub trait Store {
    /// Stores one order.
    fn put(&self, order: &Order) -> bool;
}

/// A private record that only the contract uses: no dead-code warning, in `cargo
/// check` (no registration is built there) as in `cargo build`.
#[contract_pin::contract(set = "api")]
#[derive(Clone, Debug)]
struct Ledger;

/// The fingerprint is a const.
pub const ORDER_FINGERPRINT: &str = contract_pin::fingerprint!(Order);
"#;

const TEST_RS: &str = r#"#[test]
fn api_contract() {
    contract_pin::assert_golden!("api");
}
"#;

struct Fresh {
    dir: TempDir,
    target: PathBuf,
}

impl Fresh {
    fn new() -> Fresh {
        let temp = tempfile::Builder::new()
            .prefix("contract-pin-new-user-")
            .tempdir()
            .unwrap();
        let dir = temp.path();
        fs::create_dir_all(dir.join("src")).unwrap();
        fs::create_dir_all(dir.join("tests")).unwrap();
        let repo = repo();
        let manifest = CARGO_TOML.replace("CONTRACT_PIN_PATH", &repo.display().to_string());
        fs::write(dir.join("Cargo.toml"), manifest).unwrap();
        // The workspace's lock pins the same dependency versions (no resolution drift).
        fs::copy(repo.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
        fs::write(dir.join("src/lib.rs"), LIB_RS).unwrap();
        fs::write(dir.join("tests/contract.rs"), TEST_RS).unwrap();
        Fresh {
            dir: temp,
            target: shared_target(),
        }
    }

    fn cargo(&self, args: &[&str], vars: &[(&str, &str)]) -> Output {
        self.shell(&cargo(), args, vars)
            .output()
            .expect("cargo runs")
    }

    /// `program args` in the crate's directory, as from a user's shell: no CI, no
    /// contract-pin variables, none of this test's cargo variables, and the installed
    /// command on `PATH`.
    fn shell(&self, program: &str, args: &[&str], vars: &[(&str, &str)]) -> Command {
        let mut cmd = Command::new(program);
        cmd.args(args).current_dir(self.dir.path());
        user_env(&mut cmd, &self.target);
        for (k, v) in vars {
            cmd.env(k, v);
        }
        cmd
    }

    fn edit(&self, from: &str, to: &str) {
        let path = self.dir.path().join("src/lib.rs");
        let text = fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "fixture edit: {from:?} not found");
        fs::write(path, text.replacen(from, to, 1)).unwrap();
    }

    fn golden(&self) -> Vec<u8> {
        fs::read(self.dir.path().join("golden/api-contract/fresh-crate.json"))
            .expect("golden exists")
    }
}

fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned())
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

/// Held by each test whose crate is the package `fresh-crate`. Cargo names a path
/// package's build outputs by a hash of its name, version and path *relative to its
/// workspace root*, so two such crates, each its own workspace, share their outputs
/// and fingerprints in the shared target directory: run at once, one test's `cargo
/// test` may run the other's binary. The tests of other packages run beside them.
fn fresh_crate_lock() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Shared across runs and tests, so only the fresh crates recompile each time.
fn shared_target() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("new-user-target")
}

/// A user's shell environment (see [`Fresh::shell`]).
fn user_env(cmd: &mut Command, target: &Path) {
    clean_env(cmd);
    let path = std::env::join_paths(std::iter::once(installed_bin().to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    cmd.env("PATH", path)
        .env("CARGO_TARGET_DIR", target)
        .env("CARGO_TERM_COLOR", "never");
}

/// The command on `PATH` as `cargo install --path contract-cli` puts it there: both
/// binaries (`contract-pin` and `cargo-contract-pin`) in a directory of their own that
/// every step has on `PATH`. They are the binaries this suite tests everywhere else,
/// built once by the `cargo test` running it, not built a second time by an install.
fn installed_bin() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let bin = Path::new(env!("CARGO_TARGET_TMPDIR")).join("new-user-cli/bin");
        fs::create_dir_all(&bin).unwrap();
        for (name, built) in [
            ("contract-pin", env!("CARGO_BIN_EXE_contract-pin")),
            (
                "cargo-contract-pin",
                env!("CARGO_BIN_EXE_cargo-contract-pin"),
            ),
        ] {
            let link = bin.join(name);
            let _ = fs::remove_file(&link);
            std::os::unix::fs::symlink(built, &link).unwrap();
            assert!(link.is_file(), "on PATH: {name}");
        }
        bin
    })
}

fn text(output: &Output) -> String {
    format!(
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[track_caller]
fn succeeds(step: &str, output: Output) -> String {
    let all = text(&output);
    assert!(output.status.success(), "step `{step}` should pass:\n{all}");
    all
}

#[track_caller]
fn fails(step: &str, output: Output) -> String {
    let all = text(&output);
    assert!(
        !output.status.success(),
        "step `{step}` should fail:\n{all}"
    );
    all
}

#[test]
fn a_new_user_pins_breaks_drifts_and_accepts() {
    let _one_at_a_time = fresh_crate_lock();
    let fresh = Fresh::new();

    // 1. Without a golden the test says how to make one.
    let out = fails("first run", fresh.cargo(&["test", "--quiet"], &[]));
    assert!(
        out.contains("Create it with `API_CONTRACT_UPDATE_GOLDEN=1 cargo test -p fresh-crate`"),
        "{out}"
    );

    // 2. Bootstrap, then a plain run matches; the generated code is lint-clean. The
    //    test runner captures what a passing test prints, yet the update says what it
    //    wrote, on one line.
    let out = succeeds(
        "bootstrap",
        fresh.cargo(&["test", "--quiet"], &[("CONTRACT_PIN_UPDATE", "1")]),
    );
    assert!(
        out.contains(
            "contract-pin: created golden/api-contract/fresh-crate.json (set `api`); review it and commit it"
        ),
        "{out}"
    );
    let golden = fresh.golden();
    succeeds("match", fresh.cargo(&["test", "--quiet"], &[]));
    succeeds(
        "clippy",
        fresh.cargo(
            &["clippy", "--quiet", "--all-targets", "--", "-D", "warnings"],
            &[],
        ),
    );

    // 3. Removing a field fails `cargo check` at the struct's field list (the build
    //    that skipped the check is not reused: the variable is a build input)…
    fresh.edit("    /// Free text.\n    pub note: String,\n", "");
    succeeds(
        "check disabled",
        fresh.cargo(&["check"], &[("CONTRACT_PIN_COMPILE_CHECK", "0")]),
    );
    let out = fails("check after removal", fresh.cargo(&["check"], &[]));
    assert!(
        out.contains("error: breaking change to pinned contract `Order` (field_removed, api axis): field `note`"),
        "{out}"
    );
    assert!(
        out.contains("--> src/lib.rs:9:18"),
        "the caret should be on Order's field list:\n{out}"
    );
    // …and with the compile-time check off, the test prints the directive.
    let out = fails(
        "test after removal",
        fresh.cargo(&["test", "--quiet"], &[("CONTRACT_PIN_COMPILE_CHECK", "0")]),
    );
    assert!(
        out.contains("API CONTRACT SNAPSHOT MISMATCH — BREAKING CHANGE DETECTED"),
        "{out}"
    );
    assert!(out.contains("Symbol: fresh_crate::Order"), "{out}");
    assert!(out.contains("Before: pub note: String"), "{out}");
    assert_eq!(
        fresh.golden(),
        golden,
        "a failing run must not touch the golden"
    );
    fresh.edit(
        "    pub id: u64,\n",
        "    pub id: u64,\n    /// Free text.\n    pub note: String,\n",
    );

    // 4. A field added to a #[non_exhaustive] struct compiles but fails the test.
    fresh.edit(
        "    pub tag: String,\n",
        "    pub tag: String,\n    /// New.\n    pub weight: u32,\n",
    );
    succeeds("check after additive change", fresh.cargo(&["check"], &[]));
    let out = fails(
        "test after additive change",
        fresh.cargo(&["test", "--quiet"], &[]),
    );
    assert!(
        out.contains("Additive deltas detected against on-disk golden:"),
        "{out}"
    );
    assert!(out.contains("field_added @ fresh_crate::Meta"), "{out}");

    // 5. Under CI an update request is refused and the golden stays as it was.
    let out = fails(
        "update under CI",
        fresh.cargo(
            &["test", "--quiet"],
            &[("CI", "true"), ("CONTRACT_PIN_UPDATE", "1")],
        ),
    );
    assert!(
        out.contains("CI is set, so CONTRACT_PIN_UPDATE=1 is IGNORED"),
        "{out}"
    );
    assert_eq!(fresh.golden(), golden, "CI must never rewrite the golden");

    // 6. Accepting a break: update, then a plain `cargo check` and `cargo test` pass
    //    (the golden and the variable are build inputs, so the crate recompiles).
    fresh.edit("    /// Free text.\n    pub note: String,\n", "");
    fails("check before accepting", fresh.cargo(&["check"], &[]));
    let out = succeeds(
        "accept",
        fresh.cargo(&["test", "--quiet"], &[("CONTRACT_PIN_UPDATE", "1")]),
    );
    assert!(
        out.contains(
            "contract-pin: updated golden/api-contract/fresh-crate.json (set `api`): 3 deltas accepted (1 breaking, 2 additive)"
        ),
        "{out}"
    );
    assert_ne!(fresh.golden(), golden);
    succeeds("check after accepting", fresh.cargo(&["check"], &[]));
    succeeds(
        "test after accepting",
        fresh.cargo(&["test", "--quiet"], &[]),
    );

    // 7. Editing the golden recompiles: the old golden makes the same source fail.
    let accepted = fresh.golden();
    let path = fresh
        .dir
        .path()
        .join("golden/api-contract/fresh-crate.json");
    fs::write(&path, &golden).unwrap();
    let out = fails("check against the old golden", fresh.cargo(&["check"], &[]));
    assert!(out.contains("(field_removed, api axis)"), "{out}");
    fs::write(&path, accepted).unwrap();
    succeeds(
        "check against the accepted golden",
        fresh.cargo(&["check"], &[]),
    );

    // 8. The command, installed: `cargo contract-pin check` agrees, with no build.
    let out = succeeds(
        "cargo contract-pin check",
        fresh.cargo(&["contract-pin", "check"], &[]),
    );
    assert!(out.contains("checked 1 set in 1 package: 1 match"), "{out}");

    // 9. A break, seen by the command and reviewed on a terminal: `a`, then the `y`
    //    a breaking change asks for. Then the tests pass, and CI agrees.
    fresh.edit("    /// Closed.\n    Closed,\n", "");
    let out = fails(
        "check a break",
        fresh.cargo(&["contract-pin", "check"], &[]),
    );
    assert!(
        out.contains("breaking variant_removed (api axis): variant `Closed`"),
        "{out}"
    );
    if let Some((code, out)) = fresh.on_a_terminal(
        "cargo contract-pin review",
        &[("a accept", 1, "a"), ("Accept the break", 1, "y")],
    ) {
        assert_eq!(code, 0, "{out}");
        assert!(
            out.contains("-     Closed,"),
            "the view shows the removed line: {out}"
        );
        assert!(out.contains("1 accepted, 0 rejected, 0 skipped"), "{out}");
        succeeds("test after review", fresh.cargo(&["test", "--quiet"], &[]));
        succeeds(
            "check in CI",
            fresh.cargo(
                &["contract-pin", "check", "--format", "github"],
                &[("CI", "true")],
            ),
        );
    }

    // 10. Without installing: the README's `--manifest-path` form, from the crate.
    let manifest = repo().join("contract-cli/Cargo.toml");
    let out = fresh.cargo(
        &[
            "run",
            "--quiet",
            "--manifest-path",
            manifest.to_str().unwrap(),
            "--",
            "status",
        ],
        &[],
    );
    let out = succeeds("cargo run --manifest-path … -- status", out);
    assert!(
        out.contains("golden/api-contract/fresh-crate.json  api  fresh-crate  Fresh"),
        "{out}"
    );

    // 11. The policy file. With none, every set has the defaults, and a variant added
    //     to a `#[non_exhaustive]` serde enum is additive: new code reads every old
    //     payload (wire_direction = "backward").
    let out = succeeds("policy", fresh.cargo(&["contract-pin", "policy"], &[]));
    assert!(
        out.contains("# no policy file: every set has the defaults"),
        "{out}"
    );
    assert!(
        out.contains("wire_direction = \"backward\"  # default"),
        "{out}"
    );
    fresh.edit(
        "    /// Shipped.\n    Shipped,\n",
        "    /// Shipped.\n    Shipped,\n    /// Cancelled.\n    Cancelled,\n",
    );
    succeeds("check a new variant", fresh.cargo(&["check"], &[]));
    let out = fails("test a new variant", fresh.cargo(&["test", "--quiet"], &[]));
    assert!(
        out.contains("Additive deltas detected against on-disk golden:"),
        "{out}"
    );
    assert!(
        out.contains("variant_added @ fresh_crate::Event (wire axis)"),
        "{out}"
    );
    //     The team's consumers upgrade after it, so old code must read new payloads
    //     too: `full`. The same change is now a break, for the test and the command.
    let policy = fresh.dir.path().join("contract-pin.toml");
    fs::write(
        &policy,
        "# Consumers upgrade after us.\n[set.api]\nwire_direction = \"full\"\n",
    )
    .unwrap();
    let out = succeeds("policy", fresh.cargo(&["contract-pin", "policy"], &[]));
    assert!(
        out.contains("wire_direction = \"full\"  # contract-pin.toml:3"),
        "{out}"
    );
    let out = fails("test under full", fresh.cargo(&["test", "--quiet"], &[]));
    assert!(
        out.contains("API CONTRACT SNAPSHOT MISMATCH — BREAKING CHANGE DETECTED"),
        "{out}"
    );
    assert!(
        out.contains("Change: variant_added (wire axis): variant `Cancelled`"),
        "{out}"
    );
    assert!(
        out.contains("2. Record the decision where your team records breaking changes"),
        "{out}"
    );
    let out = fails(
        "check under full",
        fresh.cargo(&["contract-pin", "check"], &[]),
    );
    assert!(
        out.contains("breaking variant_added (wire axis): variant `Cancelled`"),
        "{out}"
    );
    //     A typo in the file is an error that names the key and the line.
    fs::write(
        &policy,
        "# Consumers upgrade after us.\n[set.api]\nwire_direction = \"ful\"\n",
    )
    .unwrap();
    let out = fails(
        "test with a bad policy",
        fresh.cargo(&["test", "--quiet"], &[]),
    );
    let says = "contract-pin.toml:3:18: `set.api.wire_direction`: unknown wire direction `ful`";
    assert!(out.contains(says), "{out}");
    let out = fresh.cargo(&["contract-pin", "check"], &[]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out));
    assert!(text(&out).contains(says), "{}", text(&out));
    //     Fixed, the break accepted: everything passes, and nothing wrote the file.
    let written = "# Consumers upgrade after us.\n[set.api]\nwire_direction = \"full\"\n";
    fs::write(&policy, written).unwrap();
    succeeds(
        "accept under full",
        fresh.cargo(&["contract-pin", "update"], &[]),
    );
    succeeds(
        "test after accepting",
        fresh.cargo(&["test", "--quiet"], &[]),
    );
    assert_eq!(fs::read_to_string(&policy).unwrap(), written);
    let golden = String::from_utf8(fresh.golden()).unwrap();
    assert!(
        !golden.contains("policy"),
        "goldens hold no policy:\n{golden}"
    );
}

impl Fresh {
    /// Runs the shell command `line` on a pseudo-terminal made by `script`
    /// (util-linux), typing each key once the output shows its prompt for the nth
    /// time. `None` where `script` is not installed.
    fn on_a_terminal(&self, line: &str, answers: &[(&str, usize, &str)]) -> Option<(i32, String)> {
        let probe = Command::new("script").arg("--version").output();
        if !probe.is_ok_and(|o| o.status.success()) {
            eprintln!("skipped the terminal step: `script` is not installed");
            return None;
        }
        let mut child = self
            .shell("script", &["-qec", line, "/dev/null"], &[("TERM", "xterm")])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let output = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&output);
        let mut stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        let seen = || String::from_utf8_lossy(&output.lock().unwrap()).into_owned();
        let mut stdin = child.stdin.take().unwrap();
        let patience = Duration::from_secs(120);
        for (prompt, n, key) in answers {
            let start = Instant::now();
            while seen().matches(prompt).count() < *n {
                assert!(
                    start.elapsed() < patience,
                    "no prompt {prompt:?}:\n{}",
                    seen()
                );
                std::thread::sleep(Duration::from_millis(50));
            }
            stdin.write_all(key.as_bytes()).unwrap();
            stdin.flush().unwrap();
        }
        // Keep the terminal's input open until the command ends, as a user would.
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(start.elapsed() < patience, "did not end:\n{}", seen());
            std::thread::sleep(Duration::from_millis(50));
        };
        drop(stdin);
        reader.join().unwrap();
        Some((status.code().unwrap_or(-1), seen()))
    }
}

/// The fenced block of `lang` that follows the heading `## {heading}` in `doc`.
fn block<'a>(doc: &'a str, heading: &str, lang: &str) -> &'a str {
    let at = doc
        .find(&format!("\n## {heading}\n"))
        .unwrap_or_else(|| panic!("docs/CI.md has no section `{heading}`"));
    let open = format!("```{lang}\n");
    let start = at + doc[at..].find(&open).expect("a fenced block") + open.len();
    let end = start + doc[start..].find("```").unwrap();
    &doc[start..end]
}

/// The steps of a GitHub Actions job as (`run`, runs even after a failure).
fn github_steps(workflow: &str) -> Vec<(String, bool)> {
    let mut steps: Vec<(Option<String>, bool)> = Vec::new();
    for line in workflow.lines() {
        let line = line.trim();
        let line = match line.strip_prefix("- ") {
            Some(rest) if rest.contains(':') && !rest.starts_with('[') => {
                steps.push((None, false));
                rest
            }
            _ => line,
        };
        if let Some(run) = line.strip_prefix("run: ") {
            assert!(!run.starts_with('|'), "one-line `run:` only: {run}");
            steps.last_mut().expect("a step").0 = Some(run.to_owned());
        } else if line == "if: always()" {
            steps.last_mut().expect("a step").1 = true;
        }
    }
    steps
        .into_iter()
        .filter_map(|(run, always)| Some((run?, always)))
        .collect()
}

/// The install line of the recipes: its source is this checkout, which the test
/// installed already ([`installed_bin`]); every other line runs as written.
const INSTALL: &str =
    "cargo install --locked --git https://example.invalid/contract-pin contract-cli";

impl Fresh {
    /// Runs one recipe line with bash, as GitHub and GitLab do (`bash -e`).
    fn recipe(&self, line: &str, vars: &[(&str, &str)]) -> (bool, String) {
        if line == INSTALL {
            return (true, String::new());
        }
        assert!(
            !line.contains("cargo install"),
            "an install line to replace: {line}"
        );
        let out = self.shell("bash", &["-ec", line], vars).output().unwrap();
        (out.status.success(), text(&out))
    }

    /// Runs a GitHub Actions job as the runner would: steps in order, and after a
    /// failure only `if: always()` steps. Returns the failed steps and the output.
    fn github_job(&self, steps: &[(String, bool)], summary: &Path) -> (Vec<String>, String) {
        let summary = summary.to_str().unwrap();
        let vars = [
            ("CI", "true"),
            ("GITHUB_ACTIONS", "true"),
            ("GITHUB_STEP_SUMMARY", summary),
        ];
        let mut failed = Vec::new();
        let mut all = String::new();
        for (run, always) in steps {
            if !failed.is_empty() && !always {
                continue;
            }
            let (ok, out) = self.recipe(run, &vars);
            all.push_str(&format!("$ {run}\n{out}\n"));
            if !ok {
                failed.push(run.clone());
            }
        }
        (failed, all)
    }

    /// Runs a GitLab CI job's `script`: lines in order, stopping at the first failure.
    fn gitlab_job(&self, script: &[String]) -> (Option<String>, String) {
        let mut all = String::new();
        for line in script {
            let (ok, out) = self.recipe(line, &[("CI", "true"), ("GITLAB_CI", "true")]);
            all.push_str(&format!("$ {line}\n{out}\n"));
            if !ok {
                return (Some(line.clone()), all);
            }
        }
        (None, all)
    }

    fn git(&self, args: &[&str]) -> Output {
        self.shell(
            "git",
            args,
            &[
                ("GIT_AUTHOR_NAME", "New User"),
                ("GIT_AUTHOR_EMAIL", "new.user@example.invalid"),
                ("GIT_COMMITTER_NAME", "New User"),
                ("GIT_COMMITTER_EMAIL", "new.user@example.invalid"),
                ("GIT_CONFIG_NOSYSTEM", "1"),
                ("GIT_CONFIG_GLOBAL", "/dev/null"),
            ],
        )
        .output()
        .expect("git runs")
    }
}

/// docs/CI.md, run: the GitHub Actions job, the GitLab CI job, the Git pre-commit hook
/// and the pre-commit framework's hook, each on a fresh crate whose contracts match
/// (everything passes) and then break (the check fails, the summaries still appear).
#[test]
fn the_ci_recipes_run_as_documented() {
    let _one_at_a_time = fresh_crate_lock();
    let doc = fs::read_to_string(repo().join("docs/CI.md")).unwrap();
    let github = github_steps(block(&doc, "GitHub Actions", "yaml"));
    let gitlab: Vec<String> = block(&doc, "GitLab CI", "yaml")
        .lines()
        .skip_while(|l| l.trim() != "script:")
        .skip(1)
        .map_while(|l| l.trim().strip_prefix("- ").map(str::to_owned))
        .collect();
    let hook = block(&doc, "A pre-commit hook", "sh");
    let framework = block(&doc, "A pre-commit hook", "yaml");
    let entry = framework
        .lines()
        .find_map(|l| l.trim().strip_prefix("entry: "))
        .expect("the hook's entry");
    assert_eq!(github.len(), 4, "{github:?}");
    assert_eq!(github[0].0, INSTALL);
    assert_eq!(gitlab.len(), 4, "{gitlab:?}");
    assert_eq!(gitlab[0], INSTALL);

    let fresh = Fresh::new();
    succeeds(
        "bootstrap",
        fresh.cargo(&["test", "--quiet"], &[("CONTRACT_PIN_UPDATE", "1")]),
    );
    let hook_path = fresh.dir.path().join(".git/hooks/pre-commit");
    succeeds("git init", fresh.git(&["init", "--quiet"]));
    fs::write(&hook_path, hook).unwrap();
    {
        use std::os::unix::fs::PermissionsExt as _;
        fs::set_permissions(&hook_path, fs::Permissions::from_mode(0o755)).unwrap();
    }
    fs::write(
        fresh.dir.path().join(".gitignore"),
        "/summary.md\n/contract-pin.md\n",
    )
    .unwrap();
    let summary = fresh.dir.path().join("summary.md");

    // Contracts match: every step passes; the summary says so.
    let (failed, out) = fresh.github_job(&github, &summary);
    assert!(failed.is_empty(), "{failed:?}\n{out}");
    let table = fs::read_to_string(&summary).unwrap();
    assert!(
        table.contains(
            "| api | fresh-crate | `golden/api-contract/fresh-crate.json` | match | 0 | 0 |"
        ),
        "{table}"
    );
    let (failed, out) = fresh.gitlab_job(&gitlab);
    assert_eq!(failed, None, "{out}");
    assert!(fs::read_to_string(fresh.dir.path().join("contract-pin.md"))
        .unwrap()
        .contains("| match |"));
    succeeds("git add", fresh.git(&["add", "-A"]));
    succeeds(
        "commit through the hook",
        fresh.git(&["commit", "--quiet", "-m", "pin"]),
    );
    let (ok, out) = fresh.recipe(entry, &[]);
    assert!(ok, "{out}");

    // A break: the check step fails with an annotation on the changed line; the
    // summary is still written; the job fails. GitLab stops at the check, summary kept.
    fresh.edit("    /// Free text.\n    pub note: String,\n", "");
    fs::remove_file(&summary).unwrap();
    let (failed, out) = fresh.github_job(&github, &summary);
    assert_eq!(failed, [github[1].0.clone()], "{out}");
    assert!(
        !out.contains("$ cargo test"),
        "a failed job runs only `if: always()` steps: {out}"
    );
    assert!(
        out.contains("::error file=src/lib.rs,line=9,col=18,title=contract-pin%3A breaking field_removed (api axis)::Order in set `api`"),
        "{out}"
    );
    let table = fs::read_to_string(&summary).unwrap();
    // On the api axis; on the wire, a removed field only hurts old consumers, which
    // the default direction (backward) does not enforce.
    assert!(table.contains("| **breaking** | 1 | 1 |"), "{table}");
    let (failed, out) = fresh.gitlab_job(&gitlab);
    assert_eq!(failed.as_deref(), Some("cargo contract-pin check"), "{out}");
    assert!(out.contains("API CONTRACT SNAPSHOT MISMATCH"), "{out}");
    assert!(fs::read_to_string(fresh.dir.path().join("contract-pin.md"))
        .unwrap()
        .contains("**breaking**"));
    succeeds("git add", fresh.git(&["add", "-A"]));
    let out = fails(
        "commit through the hook",
        fresh.git(&["commit", "--quiet", "-m", "break"]),
    );
    assert!(out.contains("run `cargo contract-pin review`"), "{out}");
    let (ok, _) = fresh.recipe(entry, &[]);
    assert!(!ok, "the framework's hook fails too");
}

/// `CONTRACT_PIN_REPORT` in a workspace whose two packages pin the same set: a
/// directory gets one report per package; a single file is never overwritten by the
/// other package's report, and the test that would overwrite it says what to do.
#[test]
fn a_workspace_gets_one_report_per_package() {
    let fresh = Fresh::new();
    let root = fresh.dir.path();
    fs::remove_dir_all(root.join("src")).unwrap();
    fs::remove_dir_all(root.join("tests")).unwrap();
    let repo = repo().display().to_string();
    fs::write(
        root.join("Cargo.toml"),
        "[workspace]\nmembers = [\"alpha\", \"beta\"]\nresolver = \"2\"\n",
    )
    .unwrap();
    for name in ["alpha", "beta"] {
        let dir = root.join(name);
        fs::create_dir_all(dir.join("src")).unwrap();
        fs::create_dir_all(dir.join("tests")).unwrap();
        fs::write(
            dir.join("Cargo.toml"),
            format!(
                "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\
                 publish = false\n\n[dependencies]\ncontract-pin = {{ path = \"{repo}\" }}\n\n\
                 [dev-dependencies]\ncontract-harness = {{ path = \"{repo}/contract-harness\" }}\n"
            ),
        )
        .unwrap();
        fs::write(
            dir.join("src/lib.rs"),
            "//! A member.\n/// Pinned.\n#[contract_pin::contract(set = \"api\")]\npub struct Thing {\n    /// A field.\n    pub id: u64,\n}\n",
        )
        .unwrap();
        fs::write(dir.join("tests/contract.rs"), TEST_RS).unwrap();
    }
    let out = succeeds(
        "bootstrap both",
        fresh.cargo(
            &["test", "--quiet", "--workspace"],
            &[("CONTRACT_PIN_UPDATE", "1")],
        ),
    );
    for name in ["alpha", "beta"] {
        assert!(
            out.contains(&format!(
                "contract-pin: created {name}/golden/api-contract/{name}.json (set `api`)"
            )),
            "{out}"
        );
    }

    let reports = tempfile::tempdir().unwrap();
    let dir = format!("{}/", reports.path().display());
    succeeds(
        "reports in a directory",
        fresh.cargo(
            &["test", "--quiet", "--workspace"],
            &[("CONTRACT_PIN_REPORT", &dir)],
        ),
    );
    for name in ["alpha", "beta"] {
        let path = reports.path().join(format!("api-contract/{name}.json"));
        let report: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(report["package"], name, "{report}");
        assert_eq!(report["set"], "api");
        assert_eq!(report["status"], "match");
    }

    let file = reports.path().join("report.json");
    let out = fails(
        "two packages, one report file",
        fresh.cargo(
            &["test", "--quiet", "--workspace"],
            &[("CONTRACT_PIN_REPORT", file.to_str().unwrap())],
        ),
    );
    assert!(
        out.contains("already holds the report of set `api` of package `alpha`"),
        "{out}"
    );
    assert!(out.contains("name a directory"), "{out}");
    let kept: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(kept["package"], "alpha", "alpha's report is intact: {kept}");
}

/// The README's "Pin a whole public API" steps in `cargo test`: a crate with no
/// attribute, a public-API set and `assert_golden!("api")`, with `contract-harness`
/// as a dev-dependency. The test bootstraps the golden, and the command agrees with
/// it; a removed item fails both with the same kind; drift is additive in both; under
/// CI the update is refused; without the harness the test does not compile, and the
/// error names the line to add.
#[test]
fn a_public_api_set_is_checked_by_cargo_test_with_the_commands_verdict() {
    let fresh = Fresh::new();
    let root = fresh.dir.path();
    let repo = repo().display().to_string();
    let manifest = |harness: &str| {
        format!(
            "[package]\nname = \"fresh-api\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\
             publish = false\n\n[workspace]\n\n[dev-dependencies]\n\
             contract-pin = {{ path = \"{repo}\" }}\n{harness}"
        )
    };
    let harness = format!("contract-harness = {{ path = \"{repo}/contract-harness\" }}\n");
    fs::write(root.join("Cargo.toml"), manifest(&harness)).unwrap();
    fs::write(
        root.join("src/lib.rs"),
        "//! No attribute anywhere.\nmod imp {\n    /// Moved here, public at the root.\n    \
         pub fn parse(s: &str) -> Option<u32> {\n        s.parse().ok()\n    }\n}\n\
         pub use imp::parse;\n\n/// A config.\npub struct Config {\n    /// Its name.\n    \
         pub name: String,\n}\n\n/// Gone in step 3.\npub fn legacy() {}\n",
    )
    .unwrap();
    fs::write(
        root.join("contract-pin.toml"),
        "[set.api]\npublic_api = true\n",
    )
    .unwrap();
    fs::write(root.join("tests/contract.rs"), TEST_RS).unwrap();
    let golden = root.join("golden/api-contract/fresh-api.json");
    let contract_pin = |args: &[&str]| fresh.shell("contract-pin", args, &[]).output().unwrap();

    // 1. No golden: the test says how to make one, in the test's words.
    let out = fails("first run", fresh.cargo(&["test", "--quiet"], &[]));
    assert!(
        out.contains("Create it with `API_CONTRACT_UPDATE_GOLDEN=1 cargo test -p fresh-api`"),
        "{out}"
    );
    assert!(!golden.exists());

    // 2. The test writes it; the command reads the same sources the same way.
    let out = succeeds(
        "bootstrap",
        fresh.cargo(&["test", "--quiet"], &[("API_CONTRACT_UPDATE_GOLDEN", "1")]),
    );
    assert!(
        out.contains("created golden/api-contract/fresh-api.json (set `api`)"),
        "{out}"
    );
    let written = fs::read_to_string(&golden).unwrap();
    for symbol in ["\"Config\"", "\"parse\"", "\"legacy\""] {
        assert!(written.contains(symbol), "{symbol} in {written}");
    }
    assert!(!written.contains("imp::"), "{written}");
    succeeds("match", fresh.cargo(&["test", "--quiet"], &[]));
    succeeds("the command agrees", contract_pin(&["check"]));
    let out = succeeds(
        "the command has nothing to write",
        contract_pin(&["update"]),
    );
    assert!(out.contains("up to date"), "{out}");
    assert_eq!(fs::read_to_string(&golden).unwrap(), written);

    // 3. A removed item: breaking in both, with the same kind.
    fresh.edit("/// Gone in step 3.\npub fn legacy() {}\n", "");
    let out = fails("test after removal", fresh.cargo(&["test", "--quiet"], &[]));
    assert!(out.contains("BREAKING CHANGE DETECTED"), "{out}");
    assert!(out.contains("symbol_removed"), "{out}");
    assert!(
        out.contains("Rerun with `API_CONTRACT_UPDATE_GOLDEN=1 cargo test -p fresh-api`"),
        "{out}"
    );
    let out = contract_pin(&["check"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("symbol_removed"), "{}", text(&out));

    // 4. Under CI the update is refused and the golden is left as it was.
    let out = fails(
        "update under CI",
        fresh.cargo(
            &["test", "--quiet"],
            &[("CONTRACT_PIN_UPDATE", "1"), ("CI", "true")],
        ),
    );
    assert!(
        out.contains("CI is set, so CONTRACT_PIN_UPDATE=1 was ignored"),
        "{out}"
    );
    assert_eq!(fs::read_to_string(&golden).unwrap(), written);

    // 5. Accepted by the test; then an added item is additive drift in both.
    succeeds(
        "accept",
        fresh.cargo(&["test", "--quiet"], &[("CONTRACT_PIN_UPDATE", "1")]),
    );
    succeeds("the command agrees again", contract_pin(&["check"]));
    fs::write(
        root.join("src/lib.rs"),
        fs::read_to_string(root.join("src/lib.rs")).unwrap() + "\n/// New.\npub fn fresh() {}\n",
    )
    .unwrap();
    let out = fails(
        "test after addition",
        fresh.cargo(&["test", "--quiet"], &[]),
    );
    assert!(
        out.contains("Additive deltas detected against on-disk golden:"),
        "{out}"
    );
    assert_eq!(contract_pin(&["check"]).status.code(), Some(2));

    // 6. Without the harness: the test does not compile, and says what to add.
    fs::write(root.join("Cargo.toml"), manifest("")).unwrap();
    let out = fails(
        "test without the harness",
        fresh.cargo(&["test", "--quiet"], &[]),
    );
    assert!(
        out.contains(
            "`assert_golden!` runs the check of the `contract-harness` crate, which package \
             `fresh-api` does not depend on: add `contract-harness = \"0.1\"` under \
             `[dev-dependencies]`"
        ),
        "{out}"
    );
    assert!(out.contains("tests/contract.rs"), "{out}");
}

/// A library whose root is elsewhere (`[lib] path`, as fnv and others write it): the
/// macro reads the crate's names from the root the manifest names, as the command
/// does, so a crate-local alias and its expansion are one type in every front end.
/// Before, the macro looked only at `src/lib.rs`, compared the spelling as written,
/// and stopped `cargo check` where the command saw no change.
#[test]
fn a_library_at_another_path_is_read_with_its_names() {
    let _one_at_a_time = fresh_crate_lock();
    let fresh = Fresh::new();
    let root = fresh.dir.path();
    fs::remove_file(root.join("src/lib.rs")).unwrap();
    let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap();
    fs::write(
        root.join("Cargo.toml"),
        format!("{manifest}\n[lib]\npath = \"lib/root.rs\"\n"),
    )
    .unwrap();
    fs::create_dir_all(root.join("lib")).unwrap();
    fs::write(
        root.join("lib/root.rs"),
        "//! A library at another path.\n#![deny(warnings, missing_docs)]\n\n\
         /// The crate's error.\n#[derive(Debug)]\npub struct Error;\n\n\
         /// The crate's result.\npub type Result<T> = std::result::Result<T, Error>;\n\n\
         pub mod model;\n",
    )
    .unwrap();
    let model = root.join("lib/model.rs");
    fs::write(
        &model,
        "//! A module of its own file.\n\n/// Loads one byte.\n\
         #[contract_pin::contract(set = \"api\")]\npub fn load() -> crate::Result<u8> {\n    Ok(1)\n}\n",
    )
    .unwrap();
    succeeds(
        "bootstrap",
        fresh.cargo(&["test", "--quiet"], &[("CONTRACT_PIN_UPDATE", "1")]),
    );
    let text = fs::read_to_string(&model).unwrap();
    fs::write(
        &model,
        text.replace("crate::Result<u8>", "std::result::Result<u8, crate::Error>"),
    )
    .unwrap();
    succeeds("the alias expanded", fresh.cargo(&["test", "--quiet"], &[]));
    succeeds(
        "the command agrees",
        fresh
            .shell("contract-pin", &["check"], &[])
            .output()
            .expect("contract-pin runs"),
    );
    // The near miss: another error type is another type.
    fs::write(
        &model,
        text.replace("crate::Result<u8>", "std::result::Result<u8, ()>"),
    )
    .unwrap();
    let out = fails("another error type", fresh.cargo(&["check"], &[]));
    assert!(
        out.contains("breaking change to pinned contract `load`"),
        "{out}"
    );
}
