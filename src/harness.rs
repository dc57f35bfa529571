//! The test-time shell: registrations against the committed golden. The verdict is
//! [`contract_core::check::evaluate`], shared with the `contract-pin` CLI; this shell
//! only collects registrations, reads the golden, writes what the verdict says to
//! write, and reports.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use contract_core::check::{self as verdict, Request};
use contract_core::env;
use contract_core::golden;
use contract_core::Symbol;

pub use contract_core::check::{CheckError, Outcome, Status};

use crate::{registry, store};

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
        Some(&found.modules),
        lookup,
    )
}

/// [`check`] on symbols already collected.
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
    check_at(&path, set, package, manifest_dir, current, None, lookup)
}

fn check_at(
    path: &Path,
    set: &str,
    package: &str,
    manifest_dir: &Path,
    current: &BTreeMap<String, Symbol>,
    modules: Option<&BTreeMap<String, String>>,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Outcome, CheckError> {
    // Both names become parts of the golden's path: refuse any that could leave it.
    if !golden::valid_set_name(set) {
        return Err(CheckError(format!(
            "{set:?} is not a contract set name: a set name is 1-64 characters of a-z, \
             0-9, `_` and `-`, starting with a letter"
        )));
    }
    if !golden::valid_package_name(package) {
        return Err(CheckError(format!(
            "{package:?} is not a package name: cargo package names are ASCII letters, \
             digits, `_` and `-`"
        )));
    }
    let mode = env::mode(set, lookup).map_err(|e| CheckError(e.to_string()))?;
    let shown = store::display_path(path, manifest_dir);
    // An update holds the golden's lock from its read to its write, so another
    // process's update is never lost in between; a comparison only reads.
    let lock = if mode.writes() {
        Some(store::lock(path).map_err(|e| CheckError(format!("cannot lock {shown}: {e}")))?)
    } else {
        None
    };
    let bytes = match &lock {
        Some(lock) => lock.read(),
        None => store::read(path),
    }
    .map_err(|e| CheckError(format!("cannot read {shown}: {e}")))?;
    let evaluation = verdict::evaluate(Request {
        set,
        package,
        golden: &shown,
        mode: &mode,
        existing: bytes.as_deref(),
        current,
        modules,
    })?;
    if let Some(golden) = &evaluation.write {
        let text = golden.render();
        match &lock {
            Some(lock) => lock.write(&text),
            None => store::write_atomic(path, &text),
        }
        .map_err(|e| CheckError(format!("cannot write {shown}: {e}")))?;
    }
    Ok(evaluation.outcome)
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
    verdict::report_json(outcome)
}

fn write_report(path: &Path, outcome: &Outcome) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, report_json(outcome))
}
