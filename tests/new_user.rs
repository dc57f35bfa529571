//! A new user's first hour, automated: a fresh crate depending on contract-pin by
//! path pins a struct, an enum and a trait; bootstraps its golden; breaks it (compile
//! error at the field, then the test directive); drifts additively; tries to update
//! under CI; accepts the change. Runs real `cargo` on a crate outside this workspace,
//! with a clean environment, so it sees exactly what a user sees.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

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

/// Stores orders.
#[contract_pin::contract(set = "api")]
pub trait Store {
    /// Stores one order.
    fn put(&self, order: &Order) -> bool;
}

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
        let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
        let manifest = CARGO_TOML.replace("CONTRACT_PIN_PATH", &repo.display().to_string());
        fs::write(dir.join("Cargo.toml"), manifest).unwrap();
        // The workspace's lock pins the same dependency versions (no resolution drift).
        fs::copy(repo.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
        fs::write(dir.join("src/lib.rs"), LIB_RS).unwrap();
        fs::write(dir.join("tests/contract.rs"), TEST_RS).unwrap();
        // Shared across runs so only the fresh crate recompiles each time.
        let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("new-user-target");
        Fresh { dir: temp, target }
    }

    fn cargo(&self, args: &[&str], vars: &[(&str, &str)]) -> Output {
        let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()));
        cmd.args(args).current_dir(self.dir.path()).env_clear();
        // A user's shell: no CI, no contract-pin variables, none of this test's cargo vars.
        for keep in [
            "PATH",
            "HOME",
            "CARGO_HOME",
            "RUSTUP_HOME",
            "RUSTUP_TOOLCHAIN",
            "TMPDIR",
        ] {
            if let Ok(value) = std::env::var(keep) {
                cmd.env(keep, value);
            }
        }
        cmd.env("CARGO_TARGET_DIR", &self.target)
            .env("CARGO_TERM_COLOR", "never");
        for (k, v) in vars {
            cmd.env(k, v);
        }
        cmd.output().expect("cargo runs")
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
    let fresh = Fresh::new();

    // 1. Without a golden the test says how to make one.
    let out = fails("first run", fresh.cargo(&["test", "--quiet"], &[]));
    assert!(
        out.contains("Create it with `API_CONTRACT_UPDATE_GOLDEN=1 cargo test -p fresh-crate`"),
        "{out}"
    );

    // 2. Bootstrap, then a plain run matches; the generated code is lint-clean.
    succeeds(
        "bootstrap",
        fresh.cargo(&["test", "--quiet"], &[("CONTRACT_PIN_UPDATE", "1")]),
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
    succeeds(
        "accept",
        fresh.cargo(&["test", "--quiet"], &[("CONTRACT_PIN_UPDATE", "1")]),
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
}
