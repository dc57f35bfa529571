//! The test-time shell: registrations against the committed golden.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use contract_core::env::{self, Mode};
use contract_core::golden::{self, Golden, GoldenError};
use contract_core::message::{self, Context};
use contract_core::{diff, Delta, Policy, Symbol};
use serde::Serialize;

use crate::{registry, store};

/// Where a set stands against its golden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Every shape matches.
    Match,
    /// Only additive deltas: the golden must be refreshed.
    Additive,
    /// At least one breaking delta.
    Breaking,
    /// No golden yet.
    Missing,
    /// Update mode rewrote the golden.
    Updated,
    /// The golden was written by another format version or edited by hand.
    Stale,
}

impl Status {
    /// Match and Updated pass; everything else fails.
    pub fn passed(self) -> bool {
        matches!(self, Status::Match | Status::Updated)
    }
}

/// The result of checking one set of one package.
#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    /// The set.
    pub set: String,
    /// The package.
    pub package: String,
    /// The golden, relative to the workspace root.
    pub golden: String,
    /// Where it stands.
    pub status: Status,
    /// Every delta, sorted by symbol and kind.
    pub deltas: Vec<Delta>,
    /// What to tell the user (empty on a match).
    #[serde(skip)]
    pub message: String,
}

/// A check that could not run: bad environment, no registrations, conflicting
/// names, an unreadable or corrupt golden.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError(pub String);

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CheckError {}

/// Checks `set` of `package` (whose manifest is in `manifest_dir`) against its golden,
/// with the environment given by `lookup`. Writes the golden only in update mode.
pub fn check(
    set: &str,
    package: &str,
    manifest_dir: &Path,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Outcome, CheckError> {
    let found = registry::symbols(set, package)
        .map_err(CheckError)?
        .ok_or_else(|| CheckError(no_registrations(set, package)))?;
    let path = match found.golden {
        Some(golden) => PathBuf::from(golden),
        None => golden::path(
            lookup(env::GOLDEN_DIR).as_deref(),
            manifest_dir,
            set,
            package,
        ),
    };
    check_at(
        &path,
        set,
        package,
        manifest_dir,
        &found.symbols,
        &found.modules,
        lookup,
    )
}

/// [`check`] on symbols already collected (the CLI and tests use this directly).
pub fn check_symbols(
    set: &str,
    package: &str,
    manifest_dir: &Path,
    current: &BTreeMap<String, Symbol>,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Outcome, CheckError> {
    let path = golden::path(
        lookup(env::GOLDEN_DIR).as_deref(),
        manifest_dir,
        set,
        package,
    );
    let modules: BTreeMap<String, String> = current
        .iter()
        .filter_map(|(name, s)| Some((name.clone(), s.module.clone()?)))
        .collect();
    check_at(&path, set, package, manifest_dir, current, &modules, lookup)
}

fn check_at(
    path: &Path,
    set: &str,
    package: &str,
    manifest_dir: &Path,
    current: &BTreeMap<String, Symbol>,
    modules: &BTreeMap<String, String>,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Outcome, CheckError> {
    let mode = env::mode(set, lookup).map_err(|e| CheckError(e.to_string()))?;
    let shown = store::display_path(path, manifest_dir);
    let cx = Context {
        set,
        package,
        golden: &shown,
        modules,
    };
    let mut notes = String::new();
    if let Mode::UpdateRefusedInCi { variable } = &mode {
        notes.push_str(&format!(
            "contract-pin: CI is set, so {variable}=1 is IGNORED: comparing against the \
             committed {shown} only. Regenerate goldens locally and commit them.\n"
        ));
    }
    let outcome = |status, deltas: Vec<Delta>, message: String| Outcome {
        set: set.to_owned(),
        package: package.to_owned(),
        golden: shown.clone(),
        status,
        deltas,
        message: format!("{notes}{message}"),
    };

    let bytes = store::read(path).map_err(|e| CheckError(format!("cannot read {shown}: {e}")))?;
    let Some(bytes) = bytes else {
        if mode.writes() {
            let golden = Golden::new(set, package, Policy::default_for(set), current);
            write(path, &shown, &golden)?;
            let message = format!(
                "created {shown} with {} symbols; review and commit it\n",
                current.len()
            );
            return Ok(outcome(Status::Updated, Vec::new(), message));
        }
        return Ok(outcome(
            Status::Missing,
            Vec::new(),
            message::missing_golden(&cx),
        ));
    };
    let golden = match golden::parse(&bytes) {
        Ok(golden) => golden,
        Err(e) if e.is_stale() => {
            if mode.writes() {
                let policy = salvage_policy(&bytes).unwrap_or_else(|| Policy::default_for(set));
                let golden = Golden::new(set, package, policy, current);
                write(path, &shown, &golden)?;
                return Ok(outcome(
                    Status::Updated,
                    Vec::new(),
                    format!("rewrote stale {shown}: {e}\n"),
                ));
            }
            let message = format!(
                "{shown}: {e}\nThis is not a contract change. Regenerate it with `{}` and commit it.\n",
                message::update_command(set, package)
            );
            return Ok(outcome(Status::Stale, Vec::new(), message));
        }
        Err(e) => return Err(CheckError(corrupt(&shown, &e, set, package))),
    };
    if golden.set != set || golden.package != package {
        return Err(CheckError(format!(
            "{shown} pins set `{}` of package `{}`, not set `{set}` of package `{package}`: \
             was it copied from elsewhere?",
            golden.set, golden.package
        )));
    }
    let unknown = golden.policy.unknown_override_kinds();
    if !unknown.is_empty() {
        return Err(CheckError(format!(
            "{shown}: the policy overrides unknown delta kinds: {}",
            unknown.join(", ")
        )));
    }
    let deltas = diff::diff_sets(&golden.shapes(), current, &golden.policy);

    if mode.writes() {
        let updated = Golden::new(set, package, golden.policy.clone(), current);
        if updated.render().as_bytes() == bytes.as_slice() {
            return Ok(outcome(Status::Match, deltas, String::new()));
        }
        write(path, &shown, &updated)?;
        let mut message = format!("updated {shown}: {} deltas accepted\n", deltas.len());
        for d in &deltas {
            message.push_str(&format!(
                "  - {} {} @ {}: {}\n",
                d.class.as_str(),
                d.kind,
                d.symbol,
                d.detail
            ));
        }
        return Ok(outcome(Status::Updated, deltas, message));
    }

    let tampered = golden.integrity_mismatches();
    if !tampered.is_empty() {
        let message = format!(
            "{shown}: the shapes of {} no longer match their fingerprints: the golden was \
             edited by hand and cannot be trusted. Regenerate it with `{}`.\n",
            tampered.join(", "),
            message::update_command(set, package)
        );
        return Ok(outcome(Status::Stale, deltas, message));
    }
    if deltas.iter().any(Delta::is_breaking) {
        let message = message::breaking_directive(&cx, &golden.policy, &deltas);
        return Ok(outcome(Status::Breaking, deltas, message));
    }
    if !deltas.is_empty() {
        let message = message::additive_drift(&cx, &deltas);
        return Ok(outcome(Status::Additive, deltas, message));
    }
    Ok(outcome(Status::Match, deltas, String::new()))
}

fn write(path: &Path, shown: &str, golden: &Golden) -> Result<(), CheckError> {
    store::write_atomic(path, &golden.render())
        .map_err(|e| CheckError(format!("cannot write {shown}: {e}")))
}

/// The policy block of a golden written by another format version, if it still reads.
fn salvage_policy(bytes: &[u8]) -> Option<Policy> {
    let value: serde_json::Value = serde_json::from_slice(bytes).ok()?;
    serde_json::from_value(value.get("policy")?.clone()).ok()
}

fn corrupt(shown: &str, e: &GoldenError, set: &str, package: &str) -> String {
    let fix = match e {
        GoldenError::MergeConflict { .. } => format!(
            "Take one side (`git checkout --theirs {shown}`), then regenerate with `{}`.",
            message::update_command(set, package)
        ),
        _ => format!(
            "Restore it from version control (`git checkout -- {shown}`), or delete it and \
             regenerate with `{}`.",
            message::update_command(set, package)
        ),
    };
    let column = match e {
        GoldenError::Malformed { column, .. } => format!(":{column}"),
        _ => String::new(),
    };
    format!("{shown}:{}{column}: {e}\n{fix}", e.line())
}

fn no_registrations(set: &str, package: &str) -> String {
    format!(
        "no registrations found for contract set `{set}` in package `{package}`.\n\
         Nothing in this test binary is pinned with `#[contract(set = \"{set}\")]`{}. \
         If the items are in this package's library under another crate name, say so: \
         `assert_golden!(\"{set}\", lib = the_crate_name)`. This is an error, not \
         \"every symbol removed\": the golden is untouched.",
        if set == "phase5" {
            " or `#[phase5_contract]`"
        } else {
            ""
        }
    )
}

/// What `assert_golden!` expands to: check, write the report, print, and panic unless
/// the set passed.
#[track_caller]
pub fn assert_golden(set: &str, package: &str, manifest_dir: &str) {
    let lookup = |name: &str| std::env::var(name).ok();
    let result = check(set, package, Path::new(manifest_dir), &lookup);
    if let Some(report) = lookup(env::REPORT).filter(|p| !p.is_empty()) {
        if let Ok(outcome) = &result {
            if let Err(e) = write_report(Path::new(&report), outcome) {
                panic!("contract-pin: cannot write the report to {report}: {e}");
            }
        }
    }
    match result {
        Err(e) => panic!("contract-pin: {e}"),
        Ok(outcome) if outcome.status.passed() => {
            if !outcome.message.is_empty() {
                eprint!("{}", outcome.message);
            }
        }
        Ok(outcome) => panic!("\n{}", outcome.message),
    }
}

/// The report of DESIGN §2: `{"set", "package", "golden", "status", "deltas": [...]}`.
pub fn report_json(outcome: &Outcome) -> String {
    contract_core::canonical::to_canonical_string(outcome)
}

fn write_report(path: &Path, outcome: &Outcome) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, report_json(outcome))
}
