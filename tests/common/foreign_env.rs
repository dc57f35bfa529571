//! The suite is hermetic: a test binary's tests pass, and write nothing outside their
//! own temp dirs, whatever environment the caller of `cargo test` has.
//!
//! Included by path from the test binaries that check it. [`rerun_foreign`] runs the
//! binary it is called from again — every other test in it — as a caller with a
//! target directory of their own would (a shared target dir, an IDE, a CI cache), with
//! colour forced on and off at once and `CI` set, and fails when a test fails there
//! or leaves a file in any of those target directories.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Set in the rerun, so the test that reruns does not run again inside it.
const RERUN: &str = "CONTRACT_PIN_TEST_FOREIGN_RERUN";

/// Runs every test of this binary but `this_test` again under a foreign environment
/// (see the module docs); `this_test` is the name of the calling test, as libtest
/// names it. Does nothing inside the rerun.
pub fn rerun_foreign(this_test: &str) {
    if std::env::var_os(RERUN).is_some() {
        return;
    }
    let foreign = tempfile::Builder::new()
        .prefix("contract-pin-foreign-")
        .tempdir()
        .unwrap();
    let dir = |name: &str| {
        let path = foreign.path().join(name);
        std::fs::create_dir_all(&path).unwrap();
        path
    };
    let (target, build_target, config_target) =
        (dir("target"), dir("build-target"), dir("config-target"));
    let home = cargo_home(&dir("cargo-home"), &config_target);
    let exe = std::env::current_exe().unwrap();
    let out = Command::new(&exe)
        .args(["--skip", this_test, "--quiet"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env(RERUN, "1")
        .env("CARGO_TARGET_DIR", &target)
        .env("CARGO_BUILD_TARGET_DIR", &build_target)
        .env("CARGO_HOME", &home)
        .env("CARGO_TERM_COLOR", "always")
        .env("NO_COLOR", "1")
        .env("CI", "true")
        .output()
        .unwrap();
    let all = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "{} fails under a foreign CARGO_TARGET_DIR, CARGO_BUILD_TARGET_DIR, CARGO_HOME, \
         CARGO_TERM_COLOR=always, NO_COLOR=1 and CI=true:\n{all}",
        exe.display()
    );
    assert!(
        all.contains("test result: ok."),
        "the rerun ran no tests:\n{all}"
    );
    let mut left = Vec::new();
    for dir in [&target, &build_target, &config_target] {
        files_under(dir, &mut left);
    }
    assert!(
        left.is_empty(),
        "tests wrote into the caller's target directories:\n{}",
        left.iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// A populated cargo home at `home`: the caller's registry and git checkouts (linked,
/// so offline builds still resolve), and a `config.toml` that sends builds to
/// `config_target` and forces colour.
fn cargo_home(home: &Path, config_target: &Path) -> PathBuf {
    let real = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")));
    if let Some(real) = real {
        for part in ["registry", "git", "bin"] {
            if real.join(part).exists() {
                std::os::unix::fs::symlink(real.join(part), home.join(part)).unwrap();
            }
        }
    }
    std::fs::write(
        home.join("config.toml"),
        format!(
            "[build]\ntarget-dir = {:?}\n\n[term]\ncolor = \"always\"\n",
            config_target.display().to_string()
        ),
    )
    .unwrap();
    home.to_path_buf()
}

/// Every file and directory under `dir`.
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, out);
        }
        out.push(path);
    }
}
