//! Stress: one generated workspace of `crates` packages, each pinning `items` items
//! in two sets, all goldens in one directory (`CONTRACT_PIN_GOLDEN_DIR`). Real cargo,
//! outside this workspace, depending on contract-pin by path:
//!
//! 1. build the tests once (`CONTRACT_PIN_UPDATE=1` is a build input);
//! 2. a serial `CONTRACT_PIN_UPDATE=1 cargo test --workspace`: the reference goldens;
//! 3. goldens deleted, two `CONTRACT_PIN_UPDATE=1 cargo test --workspace` at once,
//!    sharing one target directory (two terminals in one checkout); then again, with a
//!    target directory each (an IDE's own, `--target-dir`);
//! 4. `CI=true cargo test --workspace` (a rebuild: the compile-time check reads the new
//!    goldens) must pass;
//! 5. after each step the goldens are byte for byte the serial run's, nothing else (no
//!    temp or lock file) is left in the golden directory, and each golden was created
//!    exactly once: every writer but the first to take its lock finds it written. Two
//!    tests per set make the test threads of one binary race for each golden too, so
//!    without the lock goldens are created twice even in the small run.
//!
//! `cargo test --test stress` runs a small version (2 crates × 20 items). The full run
//! of `docs/RELIABILITY.md` (20 × 500, several minutes) is ignored by default:
//!
//! ```sh
//! cargo test --test stress -- --ignored --nocapture
//! ```
//!
//! `CONTRACT_PIN_STRESS=CRATESxITEMS` (e.g. `20x500`) sets its size. It builds in
//! `target/tmp/stress-full-{a,b}`, about 4 GB each at 20 × 500: delete them after.

#[path = "common/clean_env.rs"]
mod clean_env;
use clean_env::clean_env;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

/// Two tests per set: the test threads of one binary also update each golden at once.
const TEST_RS: &str = r#"#[test]
fn api_contract() {
    contract_pin::assert_golden!("api");
}

#[test]
fn api_contract_again() {
    contract_pin::assert_golden!("api");
}

#[test]
fn wire_contract() {
    contract_pin::assert_golden!("wire");
}

#[test]
fn wire_contract_again() {
    contract_pin::assert_golden!("wire");
}
"#;

/// Item `i` of a crate: one of five kinds, in set `api` (even `i`) or `wire` (odd).
fn item(i: usize) -> String {
    let set = if i.is_multiple_of(2) { "api" } else { "wire" };
    let attr = format!("#[contract_pin::contract(set = \"{set}\")]");
    match i % 5 {
        0 => format!(
            "{attr}\n#[derive(Debug, Serialize, Deserialize)]\npub struct S{i} {{\n    \
             pub id: u64,\n    pub name: String,\n    #[serde(default)]\n    \
             pub note: Option<String>,\n}}\n"
        ),
        1 => format!(
            "{attr}\n#[derive(Debug)]\n#[non_exhaustive]\npub enum E{i} {{\n    A,\n    \
             B(u32),\n    C {{ x: i64 }},\n}}\n"
        ),
        2 => format!(
            "{attr}\npub fn f{i}(a: u32, b: &str) -> Option<u64> {{\n    \
             Some(u64::from(a) + b.len() as u64)\n}}\n"
        ),
        3 => format!("{attr}\npub const K{i}: u32 = {i};\n"),
        _ => format!(
            "{attr}\npub trait T{i} {{\n    fn run(&self, x: u32) -> u32;\n    \
             fn name(&self) -> String {{\n        String::new()\n    }}\n}}\n"
        ),
    }
}

/// Writes the workspace into `root`.
fn generate(root: &Path, crates: usize, items: usize) {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let names: Vec<String> = (0..crates).map(|c| format!("stress-c{c:02}")).collect();
    let members: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    fs::write(
        root.join("Cargo.toml"),
        format!(
            "[workspace]\nmembers = [{}]\nresolver = \"2\"\n",
            members.join(", ")
        ),
    )
    .unwrap();
    // The repository's lock: the same dependency versions, no resolution.
    fs::copy(repo.join("Cargo.lock"), root.join("Cargo.lock")).unwrap();
    fs::create_dir_all(root.join(".cargo")).unwrap();
    fs::write(
        root.join(".cargo/config.toml"),
        "[env]\nCONTRACT_PIN_GOLDEN_DIR = { value = \"golden\", relative = true }\n",
    )
    .unwrap();
    for name in &names {
        let dir = root.join(name);
        fs::create_dir_all(dir.join("src")).unwrap();
        fs::create_dir_all(dir.join("tests")).unwrap();
        fs::write(
            dir.join("Cargo.toml"),
            format!(
                "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\
                 publish = false\n\n[dependencies]\ncontract-pin = {{ path = \"{}\" }}\n\
                 serde = {{ version = \"1\", features = [\"derive\"] }}\n\n\
                 [dev-dependencies]\ncontract-harness = {{ path = \"{}\" }}\n",
                repo.display(),
                repo.join("contract-harness").display()
            ),
        )
        .unwrap();
        let mut lib = String::from(
            "//! Generated for the stress run.\n#![allow(missing_docs)]\n\n\
             use serde::{Deserialize, Serialize};\n",
        );
        for i in 0..items {
            lib.push('\n');
            lib.push_str(&item(i));
        }
        fs::write(dir.join("src/lib.rs"), lib).unwrap();
        fs::write(dir.join("tests/contract.rs"), TEST_RS).unwrap();
    }
}

/// `cargo` in `root` with a user's clean environment plus `vars`.
fn cargo(root: &Path, target: &Path, args: &[&str], vars: &[(&str, &str)]) -> Command {
    let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()));
    cmd.args(args).current_dir(root);
    clean_env(&mut cmd);
    cmd.env("CARGO_TARGET_DIR", target)
        .env("CARGO_TERM_COLOR", "never")
        .envs(vars.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[track_caller]
fn succeeded(step: &str, output: Output) -> String {
    let all = text(&output);
    assert!(output.status.success(), "{step} failed:\n{all}");
    all
}

/// Every file below `dir`, by path relative to it.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else {
                let rel = path.strip_prefix(dir).unwrap().display().to_string();
                out.insert(rel, fs::read(&path).unwrap());
            }
        }
    }
    out
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed())
}

/// What two update runs at once did.
struct Parallel {
    wall: Duration,
    /// Lines saying a run waited for a golden's lock.
    golden_waits: usize,
    /// What cargo said it waited for (its build directory, its package cache).
    cargo_waits: Vec<String>,
    /// Goldens created, over both runs: each once, when every writer after the
    /// first to get a golden's lock reads what the first wrote.
    created: usize,
}

/// Two `CONTRACT_PIN_UPDATE=1 cargo test --workspace` at once, one per target dir.
fn parallel(root: &Path, targets: [&Path; 2]) -> Parallel {
    let args = ["test", "--workspace", "--", "--nocapture"];
    let update = [("CONTRACT_PIN_UPDATE", "1")];
    let (outputs, wall) = timed(|| {
        let runs = targets.map(|t| cargo(root, t, &args, &update).spawn().unwrap());
        runs.map(|child| child.wait_with_output().unwrap())
    });
    let mut result = Parallel {
        wall,
        golden_waits: 0,
        cargo_waits: Vec::new(),
        created: 0,
    };
    for (run, output) in outputs.into_iter().enumerate() {
        let all = succeeded(&format!("parallel update run {run}"), output);
        assert!(!all.contains("Compiling stress-c"), "a rebuild:\n{all}");
        result.golden_waits += all.matches("waiting for another process writing").count();
        result.cargo_waits.extend(
            all.lines()
                .filter(|l| l.contains("Blocking waiting for file lock"))
                .map(|l| l.trim().to_owned()),
        );
        result.created += all.matches("contract-pin: created golden/").count();
    }
    result
}

/// Asserts the golden directory holds exactly `reference`, byte for byte.
#[track_caller]
fn assert_goldens(golden: &Path, reference: &BTreeMap<String, Vec<u8>>, step: &str) {
    let after = files(golden);
    let extra: Vec<&String> = after
        .keys()
        .filter(|k| !reference.contains_key(*k))
        .collect();
    assert!(
        extra.is_empty(),
        "{step}: left in the golden directory: {extra:?}"
    );
    for (path, bytes) in reference {
        assert!(
            after.get(path) == Some(bytes),
            "{step}: {path} differs from the serial run's"
        );
    }
}

/// The whole run, building in the two `targets`; returns its report.
fn stress(crates: usize, items: usize, targets: [&Path; 2]) -> String {
    let dir = TempDir::with_prefix("contract-pin-stress-").unwrap();
    let root = dir.path();
    generate(root, crates, items);
    let update = [("CONTRACT_PIN_UPDATE", "1")];
    let golden = root.join("golden");
    let mut report = String::new();
    let goldens = crates * 2;

    // Built without goldens, as the parallel runs start: nothing rebuilds then.
    let mut builds = Vec::new();
    for target in targets {
        let (_, took) = timed(|| {
            let output = cargo(root, target, &["test", "--workspace", "--no-run"], &update)
                .output()
                .unwrap();
            succeeded("build", output)
        });
        builds.push(took);
    }

    let args = ["test", "--workspace", "--", "--nocapture"];
    let (serial_out, serial) = timed(|| {
        let output = cargo(root, targets[0], &args, &update).output().unwrap();
        succeeded("serial update", output)
    });
    let reference = files(&golden);
    assert_eq!(reference.len(), goldens, "{:?}", reference.keys());
    // Its test threads raced too.
    let created = serial_out.matches("contract-pin: created golden/").count();
    assert_eq!(created, goldens, "a golden was created twice");

    fs::remove_dir_all(&golden).unwrap();
    let shared = parallel(root, [targets[0], targets[0]]);
    assert_goldens(&golden, &reference, "one target dir");
    assert_eq!(shared.created, goldens, "a golden was created twice");

    fs::remove_dir_all(&golden).unwrap();
    let two = parallel(root, targets);
    assert_goldens(&golden, &reference, "two target dirs");
    assert_eq!(two.created, goldens, "a golden was created twice");

    let (ci_out, ci) = timed(|| {
        let output = cargo(
            root,
            targets[0],
            &["test", "--workspace"],
            &[("CI", "true")],
        )
        .output()
        .unwrap();
        succeeded("CI check", output)
    });
    assert_goldens(&golden, &reference, "CI check");

    let bytes: usize = reference.values().map(Vec::len).sum();
    let _ = writeln!(
        report,
        "{crates} crates x {items} items = {} pinned items, {goldens} goldens ({} KiB)",
        crates * items,
        bytes / 1024
    );
    let _ = writeln!(
        report,
        "build (cargo test --no-run), per target dir: {:.1?}, {:.1?}",
        builds[0], builds[1]
    );
    let _ = writeln!(report, "serial update run: {serial:.1?}");
    for (what, run) in [("one shared", &shared), ("two", &two)] {
        let _ = writeln!(
            report,
            "two parallel update runs, {what} target dir(s): {:.1?}; waits for a golden's \
             lock: {}; goldens created: {} (once each); cargo: {:?}",
            run.wall, run.golden_waits, run.created, run.cargo_waits
        );
    }
    let _ = writeln!(
        report,
        "CI=true check: {ci:.1?} (crates rebuilt: {})",
        ci_out.matches("Compiling stress-c").count()
    );
    let _ = writeln!(
        report,
        "goldens byte-identical to the serial run's after each step; no temp or lock file left"
    );
    report
}

/// The small version: 2 crates × 20 items, about half a minute once the
/// dependencies are built. It shares its target directory with `contract-cli/tests/new_user.rs`,
/// which builds the same dependencies, so they compile once.
#[test]
fn two_parallel_update_runs_write_the_goldens_of_a_serial_one() {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let report = stress(2, 20, [&tmp.join("new-user-target"), &tmp.join("stress-b")]);
    println!("{report}");
}

/// The full run: 20 crates × 500 items (`CONTRACT_PIN_STRESS=CRATESxITEMS` to change).
#[test]
#[ignore = "minutes: run with --ignored --nocapture, see the module docs"]
fn stress_twenty_crates_of_five_hundred_items() {
    let size = std::env::var("CONTRACT_PIN_STRESS").unwrap_or_else(|_| "20x500".to_owned());
    let (crates, items) = size
        .split_once('x')
        .and_then(|(c, i)| Some((c.parse().ok()?, i.parse().ok()?)))
        .expect("CONTRACT_PIN_STRESS is CRATESxITEMS, e.g. 20x500");
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let report = stress(
        crates,
        items,
        [&tmp.join("stress-full-a"), &tmp.join("stress-full-b")],
    );
    println!("{report}");
}
