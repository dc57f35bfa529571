//! Helpers of the Phase-5 contract test (`phase5_contract.rs` includes this file as
//! `mod helpers`).
//!
//! This is the ONLY test file allowed to name the deep modules of
//! `workspace_example::transforms` (`phase5_contract_fence.rs` enforces it): the
//! deep-module map below is declared once, here, and expands to one
//! `assert_same_item!` per symbol, so a re-export that names a different item (a
//! second declaration shadowing the canonical one) fails to compile. Cargo also builds
//! this file as a test target of its own; it holds no test, and compiling it is
//! already the identity check.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use contract_core::golden::{self, Golden};
use contract_harness::Outcome;

/// The deep-module map, declared once: symbol => the module that declares it.
macro_rules! deep_module_map {
    ($($name:ident => $module:ident),* $(,)?) => {
        /// Every symbol of set `phase5` and the module that declares it.
        pub const DEEP_MODULE_MAP: &[(&str, &str)] = &[
            $((
                stringify!($name),
                concat!("workspace_example::transforms::", stringify!($module)),
            ),)*
        ];

        $(contract_pin::assert_same_item!(
            workspace_example::transforms::$name,
            workspace_example::transforms::$module::$name
        );)*
    };
}

deep_module_map! {
    ApplyContext => apply_context,
    AttemptSummary => apply_context,
    Finding => source,
    RecipeEngine => recipe_engine,
    RemediationOrchestrator => orchestrator,
    RemediationReport => report,
    RemediationStatus => report,
    StageOutcome => trust_scorer,
    Transform => transform,
    TrustOutcome => outcomes,
    TrustScorer => trust_scorer,
    TrustSignal => outcomes,
}

/// The set and package under test.
pub const SET: &str = "phase5";
pub const PACKAGE: &str = env!("CARGO_PKG_NAME");

/// The variables that would make the harness write or change where it looks.
const HARNESS_VARIABLES: &[&str] = &[
    "CONTRACT_PIN_UPDATE",
    "PHASE5_CONTRACT_UPDATE_GOLDEN",
    "CONTRACT_PIN_GOLDEN_DIR",
    "CONTRACT_PIN_REPORT",
    "CI",
];

/// An environment for `contract_harness::check`: the process environment minus every
/// harness variable, plus what a test sets. Nothing here touches the process
/// environment, so tests run in parallel safely.
#[derive(Clone, Debug, Default)]
pub struct Env {
    vars: BTreeMap<String, String>,
}

impl Env {
    /// Compare mode against the golden root `root`.
    pub fn at(root: &Path) -> Env {
        Env::default().set("CONTRACT_PIN_GOLDEN_DIR", &root.to_string_lossy())
    }

    /// Sets a variable.
    pub fn set(mut self, name: &str, value: &str) -> Env {
        self.vars.insert(name.to_owned(), value.to_owned());
        self
    }

    /// Asks for an update the way a developer would.
    pub fn update(self) -> Env {
        self.set("PHASE5_CONTRACT_UPDATE_GOLDEN", "1")
    }

    /// The lookup closure the harness and `contract_core::env` take.
    pub fn lookup(&self) -> impl Fn(&str) -> Option<String> + '_ {
        move |name: &str| match self.vars.get(name) {
            Some(value) => Some(value.clone()),
            None if HARNESS_VARIABLES.contains(&name) => None,
            None => std::env::var(name).ok(),
        }
    }

    /// Runs the harness; a check that cannot run fails the test.
    pub fn check(&self) -> Outcome {
        contract_harness::check(SET, PACKAGE, &manifest_dir(), &self.lookup())
            .unwrap_or_else(|e| panic!("contract_harness::check could not run: {e}"))
    }
}

pub fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The golden root the repository uses (`.cargo/config.toml` sets it).
pub fn real_golden_root() -> PathBuf {
    match std::env::var("CONTRACT_PIN_GOLDEN_DIR") {
        Ok(dir) if !dir.is_empty() => manifest_dir().join(dir),
        _ => manifest_dir().join("..").join("golden"),
    }
}

/// The golden file under a golden root.
pub fn golden_file(root: &Path) -> PathBuf {
    golden::path(Some(&root.to_string_lossy()), &manifest_dir(), SET, PACKAGE)
}

/// A scratch directory, removed on drop.
pub struct Scratch(tempfile::TempDir);

impl Scratch {
    pub fn new(label: &str) -> Scratch {
        let dir = tempfile::Builder::new()
            .prefix(&format!("workspace-example-phase5-{label}-"))
            .tempdir()
            .expect("create scratch dir");
        Scratch(dir)
    }

    pub fn path(&self) -> &Path {
        self.0.path()
    }
}

/// The golden the current registrations produce, written by the harness itself in
/// update mode into a scratch root (the committed golden is never involved).
pub fn current_golden() -> (Golden, String) {
    let scratch = Scratch::new("current");
    let outcome = Env::at(scratch.path()).update().check();
    assert!(outcome.status.passed(), "{}", outcome.message);
    let text = fs::read_to_string(golden_file(scratch.path())).expect("golden written");
    let parsed = golden::parse(text.as_bytes()).expect("the harness writes a valid golden");
    (parsed, text)
}

/// Writes `golden` (fingerprints recomputed, so it is not a hand edit) under `root`.
pub fn write_golden(root: &Path, golden: &Golden) -> PathBuf {
    let edited = Golden::new(&golden.set, &golden.package, &golden.shapes());
    let path = golden_file(root);
    fs::create_dir_all(path.parent().expect("golden has a parent")).expect("golden dir");
    fs::write(&path, edited.render()).expect("write golden");
    path
}

/// Bytes and mtime of a file, after moving its mtime far into the past so that any
/// rewrite, even within the same clock tick, shows.
pub fn aged_stamp(path: &Path) -> (Vec<u8>, SystemTime) {
    let past = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000_000);
    fs::File::options()
        .write(true)
        .open(path)
        .and_then(|f| f.set_modified(past))
        .expect("set mtime");
    stamp(path)
}

/// Bytes and mtime of a file.
pub fn stamp(path: &Path) -> (Vec<u8>, SystemTime) {
    let bytes = fs::read(path).expect("read");
    let mtime = fs::metadata(path)
        .and_then(|m| m.modified())
        .expect("mtime");
    (bytes, mtime)
}

/// The names in a directory tree, to see that nothing was created.
pub fn listing(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path.clone());
            }
            out.push(path);
        }
    }
    out.sort();
    out
}
