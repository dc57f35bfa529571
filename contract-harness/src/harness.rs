//! The test-time shell: registrations against the committed golden. The verdict is
//! [`contract_core::check::evaluate`], shared with the `contract-pin` CLI; this shell
//! only collects registrations, reads the golden, writes what the verdict says to
//! write, and reports.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use contract_core::check::{self as verdict, Binary, Disagreement, Refusal, Request};
use contract_core::current::Current;
use contract_core::env;
use contract_core::golden;
use contract_core::message;
use contract_core::Symbol;

pub use contract_core::check::{CheckError, Outcome, Status};

use crate::registry;
use contract_store::{policy, store};

/// Checks `set` of `package` (whose manifest is in `manifest_dir`) against its golden,
/// with the environment given by `lookup`. Writes the golden only in update mode.
pub fn check(
    set: &str,
    package: &str,
    manifest_dir: &Path,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Outcome, CheckError> {
    check_from(set, package, manifest_dir, lookup, None)
}

/// `set` as a set name, once for the whole check, and `package` checked: both become
/// parts of the golden's path, so a name that could leave it is refused before any
/// path is made of it.
fn names(set: &str, package: &str) -> Result<golden::SetName, CheckError> {
    let set = golden::SetName::parse(set).map_err(|_| Refusal::InvalidSetName {
        set: set.to_owned(),
    })?;
    if !golden::valid_package_name(package) {
        return Err(Refusal::InvalidPackageName {
            package: package.to_owned(),
        }
        .into());
    }
    Ok(set)
}

/// [`check`] from an `assert_golden!` at `caller` (`file:line:col`): then the golden
/// is first held against what every other test binary of the package that checks it
/// registers (see [`crate::binaries`]), and two that differ are refused.
fn check_from(
    set: &str,
    package: &str,
    manifest_dir: &Path,
    lookup: &impl Fn(&str) -> Option<String>,
    caller: Option<&str>,
) -> Result<Outcome, CheckError> {
    let set_name = names(set, package)?;
    let set = set_name.as_str();
    // A public-API set has no registrations: it is read from the sources.
    let loaded = policy::load(manifest_dir).map_err(Refusal::PolicyFile)?;
    if loaded.file.public_api(set) {
        return public_api(set, package, manifest_dir, lookup);
    }
    // A sibling set named like this one, with no golden and no test: a typo in a
    // contract attribute, which nothing else would ever compare.
    let golden_dir = lookup(env::GOLDEN_DIR);
    let mut checked: Option<std::collections::BTreeSet<String>> = None;
    for sibling in registry::sets(package) {
        // Two spellings of one update variable (`a-b`, `a_b`) are the clash check's.
        let unchecked = sibling != set
            && env::update_variable_clash(sibling, set).is_none()
            && contract_core::nearest::typo_of(sibling, std::iter::once(set)).is_some()
            && !loaded.file.sets().any(|(s, _)| s == sibling)
            && !golden::path(golden_dir.as_deref(), manifest_dir, sibling, package).exists()
            // The package's sources are read once, and only for a set named like this.
            && !checked
                .get_or_insert_with(|| contract_scan::scan::checked_sets_in(manifest_dir))
                .contains(sibling);
        if unchecked {
            return Err(Refusal::SetLikeATypo {
                typo: sibling.to_owned(),
                package: package.to_owned(),
                set: set.to_owned(),
            }
            .into());
        }
    }
    let found = registry::symbols(set, package)
        .map_err(Refusal::Registrations)?
        .ok_or_else(|| Refusal::NoRegistrations {
            set: set.to_owned(),
            package: package.to_owned(),
        })?;
    // What the compiler says and the shapes record must agree before any verdict: a
    // type that implements `Serialize` with no serde derive in its shape has its wire
    // checks off.
    let mut warnings = String::new();
    let mut errors = Vec::new();
    let vouched = loaded.file.wire_vouched(set);
    let mut hand_written: Vec<&str> = Vec::new();
    for (name, site) in &found.sites {
        let Some(current) = found.symbols.get(name) else {
            continue;
        };
        // Read only a type the compiler says is serde's and whose derives do not say so.
        if !current.may_be_serde_without_derive() {
            continue;
        }
        let symbol = current.symbol().map_err(CheckError::Registration)?;
        match contract_core::probe::wire_finding(name, symbol, site) {
            Some(contract_core::probe::Finding::Error(e)) => errors.push(e),
            Some(contract_core::probe::Finding::Warning(w)) => {
                hand_written.push(name);
                // A type the set vouches for is compared by identity, unwarned.
                if !vouched.is_some_and(|(names, _)| names.contains(name)) {
                    warnings.push_str(&message::warning(&w));
                }
            }
            None => {}
        }
    }
    if let Some((names, line)) = vouched {
        if let Some(unknown) = names.iter().find(|n| !hand_written.contains(&n.as_str())) {
            errors.push(message::wire_vouched_unknown(
                set,
                unknown,
                &format!("{}:{line}", loaded.shown),
                &hand_written,
            ));
        }
    }
    if !errors.is_empty() {
        return Err(Refusal::Probe(errors).into());
    }
    let path = match found.golden {
        Some(golden) => PathBuf::from(golden),
        None => golden::path(
            lookup(env::GOLDEN_DIR).as_deref(),
            manifest_dir,
            set,
            package,
        ),
    };
    if let Some((ours, other)) =
        caller.and_then(|at| crate::binaries::disagreeing(&path, &found.symbols, at))
    {
        fn binary(r: &crate::binaries::Record) -> Binary {
            Binary {
                name: r.name.clone(),
                caller: r.caller.clone(),
                symbols: r.symbols.clone(),
            }
        }
        return Err(Refusal::BinariesDisagree(Box::new(Disagreement {
            set: set.to_owned(),
            package: package.to_owned(),
            golden: store::display_path(&path, manifest_dir),
            this: binary(&ours),
            other: binary(&other),
        }))
        .into());
    }
    let held = Held {
        symbols: &found.symbols,
        modules: Some(&found.modules),
        pinned: &registry::sets(package),
    };
    let mut outcome = check_at(
        &path,
        &set_name,
        package,
        manifest_dir,
        held,
        loaded,
        lookup,
    )?;
    outcome.message.insert_str(0, &warnings);
    Ok(outcome)
}

/// A public-API set, with the `contract-pin` command's scan and verdict.
fn public_api(
    set: &str,
    package: &str,
    manifest_dir: &Path,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Outcome, CheckError> {
    contract_scan::sources::check_public_api(set, package, manifest_dir, lookup)
}

/// Runs `check` where a public-API set's scan can run: syn recurses deeper than a
/// test thread's stack may allow, so on a thread with the command's stack.
fn on_a_scan_stack(
    check: impl FnOnce() -> Result<Outcome, CheckError> + Send,
) -> Result<Outcome, CheckError> {
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .stack_size(contract_scan::sources::STACK)
            .spawn_scoped(scope, check)
            .map_err(|e| Refusal::Thread(e.to_string()))?;
        thread
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// [`check`] on symbols already collected.
pub fn check_symbols(
    set: &str,
    package: &str,
    manifest_dir: &Path,
    current: &BTreeMap<String, Symbol>,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Outcome, CheckError> {
    let current = Current::from_symbols(current.clone());
    check_current(set, package, manifest_dir, &current, lookup)
}

/// [`check`] on current shapes already made (from registrations, as [`check`] makes
/// them): what the benches time.
#[doc(hidden)]
pub fn check_current(
    set: &str,
    package: &str,
    manifest_dir: &Path,
    current: &Current,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Outcome, CheckError> {
    let set_name = names(set, package)?;
    let set = set_name.as_str();
    let path = golden::path(
        lookup(env::GOLDEN_DIR).as_deref(),
        manifest_dir,
        set,
        package,
    );
    let held = Held {
        symbols: current,
        modules: None,
        pinned: &[],
    };
    let loaded = policy::load(manifest_dir).map_err(Refusal::PolicyFile)?;
    check_at(
        &path,
        &set_name,
        package,
        manifest_dir,
        held,
        loaded,
        lookup,
    )
}

/// What is held against the golden.
struct Held<'a> {
    /// The symbols, by name.
    symbols: &'a Current,
    /// For messages, the module of each symbol's item (see `registry::Found`).
    modules: Option<&'a BTreeMap<String, String>>,
    /// Every set the package registered in this binary: none may share the checked
    /// set's update variable.
    pinned: &'a [&'a str],
}

fn check_at(
    path: &Path,
    set_name: &golden::SetName,
    package: &str,
    manifest_dir: &Path,
    held: Held<'_>,
    policy: policy::Loaded,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Outcome, CheckError> {
    let set = set_name.as_str();
    if let Some(clash) = policy.clash(set, held.pinned) {
        return Err(Refusal::UpdateVariableClash(clash).into());
    }
    let mode = env::mode(set, lookup).map_err(Refusal::Variable)?;
    let shown = store::display_path(path, manifest_dir);
    let policy_of_set = contract_core::Policy {
        target_baseline: target_baseline(),
        // What the macro registered names the package's dependencies as written; the
        // harness reads none of them either (`Policy::unread_crates`).
        unread_crates: std::fs::read_to_string(manifest_dir.join("Cargo.toml"))
            .map(|text| contract_core::policy::file::dependency_crates(&text))
            .unwrap_or_default(),
        ..policy.file.policy(set)
    };
    let evaluate = |bytes: Option<&[u8]>| {
        verdict::evaluate(Request {
            set: set_name,
            package,
            golden: &shown,
            mode: &mode,
            existing: bytes,
            current: held.symbols,
            policy: &policy_of_set,
            policy_file: &policy.shown,
            modules: held.modules,
            dependency_paths: None,
            dependency_versions: None,
            parsed: None,
        })
        .map(|mut evaluation| {
            let (front, file) = (message::Front::Test, &policy.shown);
            message::word(&mut evaluation.outcome, front, &policy_of_set, file);
            evaluation
        })
    };
    // An update is one golden transaction (the lock held from the read to the
    // write, so another process's update is never lost in between); a comparison
    // only reads.
    if mode.writes() {
        let (outcome, _) = store::transact(path, |bytes| {
            evaluate(bytes).map(|evaluation| (evaluation.write, evaluation.outcome))
        })
        .map_err(|e| Refusal::Store(e.message(&shown)))?;
        return Ok(outcome);
    }
    let bytes = store::read(path).map_err(|e| Refusal::Unreadable {
        golden: shown.clone(),
        error: e.to_string(),
    })?;
    Ok(evaluate(bytes.as_deref())?.outcome)
}

/// What `assert_golden!` expands to: check, write the report, print, and panic unless
/// the set passed.
#[track_caller]
pub fn assert_golden(set: &str, package: &str, manifest_dir: &str) {
    let lookup = |name: &str| std::env::var(name).ok();
    let caller = std::panic::Location::caller().to_string();
    let result = on_a_scan_stack(|| {
        check_from(
            set,
            package,
            Path::new(manifest_dir),
            &lookup,
            Some(&caller),
        )
    });
    if let Some(report) = lookup(env::REPORT).filter(|p| !p.is_empty()) {
        if let Ok(outcome) = &result {
            let path = report_path(&report, set, package);
            if let Err(e) = write_report(&path, outcome) {
                panic!("contract-pin: {e}");
            }
        }
    }
    if let (Ok(outcome), Ok(mode)) = (&result, env::mode(set, &lookup)) {
        if let Some(line) = message::update_summary(outcome, &mode) {
            announce(&line);
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

/// Writes `line` straight to the process's stderr. The test runner captures what a
/// test prints with `print!`/`eprint!` (and shows it only when the test fails), so an
/// update that passes would otherwise say nothing. libtest's capture hooks only those
/// macros, not writes to the stderr handle itself; stderr — not the terminal — so the
/// line also reaches CI logs and redirections, where a user looks for it.
fn announce(line: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// The report of DESIGN §2: `{"set", "package", "golden", "status", "deltas": [...]}`.
pub fn report_json(outcome: &Outcome) -> String {
    verdict::report_json(outcome)
}

/// Where the report of `set` of `package` goes for `CONTRACT_PIN_REPORT=value`. A
/// directory — the value ends with `/`, or names an existing directory — holds one
/// report per set and package at `<dir>/<set>-contract/<package>.json`, the layout of
/// the goldens, so the reports of a workspace never collide; any other value is the
/// file of one report. Relative values are relative to the test's working directory,
/// which cargo sets to the package's directory.
fn report_path(value: &str, set: &str, package: &str) -> PathBuf {
    let path = Path::new(value);
    let directory =
        value.ends_with('/') || value.ends_with(std::path::MAIN_SEPARATOR) || path.is_dir();
    if directory {
        path.join(format!("{set}-contract"))
            .join(format!("{package}.json"))
    } else {
        path.to_path_buf()
    }
}

/// Writes the report to `path`, unless the file already holds the report of another
/// set or package: one file holds one report, and a report is never overwritten by
/// another's. The file is claimed with `create_new` before it is written, so two
/// checks racing for it cannot both take it.
fn write_report(path: &Path, outcome: &Outcome) -> Result<(), String> {
    use std::fs::OpenOptions;
    use std::io::ErrorKind;
    let shown = path.display();
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| message::cannot_write_report(&shown, &e))?;
    }
    match OpenOptions::new().write(true).create_new(true).open(path) {
        Ok(_) => {}
        Err(e) if e.kind() == ErrorKind::AlreadyExists => {
            let held = std::fs::read(path)
                .ok()
                .and_then(|b| {
                    contract_core::json::from_slice::<contract_core::json::Value>(&b).ok()
                })
                .map(|v| {
                    (
                        v.get("set").and_then(|s| s.as_str()).map(str::to_owned),
                        v.get("package").and_then(|p| p.as_str()).map(str::to_owned),
                    )
                });
            let ours = (Some(outcome.set.clone()), Some(outcome.package.clone()));
            if held.as_ref() != Some(&ours) {
                let held = match &held {
                    Some((Some(set), Some(package))) => Some((set.as_str(), package.as_str())),
                    _ => None,
                };
                return Err(message::report_file_taken(
                    &shown.to_string(),
                    held,
                    (&outcome.set, &outcome.package),
                    &path.with_extension("").display().to_string(),
                ));
            }
        }
        Err(e) => return Err(message::cannot_write_report(&shown, &e)),
    }
    store::write_atomic(path, &report_json(outcome))
        .map_err(|e| message::cannot_write_report(&shown, &e))
}

/// The target features every build of the target this test was built for enables by
/// default, as rustc told the build script (`build.rs`).
fn target_baseline() -> std::collections::BTreeSet<String> {
    env!("CONTRACT_PIN_TARGET_BASELINE")
        .split(',')
        .filter(|f| !f.is_empty())
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use contract_core::check::Situation;
    use contract_core::health::Health;
    use contract_core::message::update_summary;

    fn outcome(set: &str, package: &str, status: Status, health: Health) -> Outcome {
        let situation = match (status, &health) {
            (Status::Updated, Health::Missing) => Situation::Created { symbols: 0 },
            (Status::Updated, _) => Situation::Updated {
                hand_edited: Vec::new(),
            },
            (Status::Additive, _) => Situation::Additive,
            (Status::Breaking, _) => Situation::Breaking,
            _ => Situation::Match,
        };
        Outcome {
            set: set.to_owned(),
            package: package.to_owned(),
            golden: format!("golden/{set}-contract/{package}.json"),
            status,
            deltas: Vec::new(),
            modules: BTreeMap::new(),
            situation,
            refused_update: None,
            message: String::new(),
            health,
        }
    }

    #[test]
    fn a_name_that_could_leave_the_golden_directory_is_refused_before_any_path_is_made() {
        let dir = tempfile::tempdir().unwrap();
        let outside = dir.path().join("outside");
        let lookup = |_: &str| None;
        // Each entry, with a name that is not one: refused, as data, and nothing read or
        // written below the package (a golden path made of `../outside` would be).
        let current = BTreeMap::new();
        for (set, package) in [("../outside", "p"), ("api", "../outside"), ("Api", "p")] {
            let refusals = [
                check(set, package, dir.path(), &lookup).unwrap_err(),
                check_symbols(set, package, dir.path(), &current, &lookup).unwrap_err(),
            ];
            for refusal in refusals {
                let expected = if set == "api" {
                    Refusal::InvalidPackageName {
                        package: package.to_owned(),
                    }
                } else {
                    Refusal::InvalidSetName {
                        set: set.to_owned(),
                    }
                };
                assert_eq!(refusal, CheckError::Refused(expected));
                assert!(
                    refusal.to_string().contains("../outside") || set == "Api",
                    "{refusal}"
                );
            }
        }
        assert!(!outside.exists());
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            0,
            "nothing written"
        );
    }

    #[test]
    fn a_directory_holds_one_report_per_set_and_package() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().display().to_string();
        // An existing directory, with or without the trailing slash.
        for value in [root.clone(), format!("{root}/")] {
            assert_eq!(
                report_path(&value, "api", "a"),
                dir.path().join("api-contract/a.json")
            );
        }
        // A trailing slash names a directory that does not exist yet.
        let new = format!("{root}/reports/");
        assert_eq!(
            report_path(&new, "api", "b"),
            dir.path().join("reports/api-contract/b.json")
        );
        let file = format!("{root}/report.json");
        assert_eq!(
            report_path(&file, "api", "b"),
            dir.path().join("report.json")
        );
    }

    #[test]
    fn a_report_file_is_never_overwritten_by_another_packages_report() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.json");
        let a = outcome("api", "a", Status::Match, Health::Fresh);
        write_report(&path, &a).unwrap();
        // The same set and package: rewritten.
        let a2 = outcome("api", "a", Status::Additive, Health::Fresh);
        write_report(&path, &a2).unwrap();
        assert!(std::fs::read_to_string(&path)
            .unwrap()
            .contains("\"additive\""));
        // Another package, or another set: refused, and the file is left as it was.
        for other in [
            outcome("api", "b", Status::Match, Health::Fresh),
            outcome("wire", "a", Status::Match, Health::Fresh),
        ] {
            let e = write_report(&path, &other).unwrap_err();
            assert!(
                e.contains("already holds the report of set `api` of package `a`"),
                "{e}"
            );
            assert!(e.contains("name a directory"), "{e}");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), report_json(&a2));
        }
        std::fs::write(&path, "notes\n").unwrap();
        let e = write_report(&path, &a).unwrap_err();
        assert!(e.contains("not a contract-pin report"), "{e}");
    }

    #[test]
    fn an_update_says_what_it_did_in_one_line() {
        let ci = env::Mode::UpdateRefusedInCi {
            variable: "CONTRACT_PIN_UPDATE".to_owned(),
        };
        let line = |o: &Outcome, mode: &env::Mode| update_summary(o, mode);
        let created = outcome("api", "a", Status::Updated, Health::Missing);
        assert_eq!(line(&created, &env::Mode::Compare), None);
        assert_eq!(
            line(&created, &env::Mode::Update).unwrap(),
            "contract-pin: created golden/api-contract/a.json (set `api`); review it and commit it"
        );
        let mut updated = outcome("api", "a", Status::Updated, Health::Fresh);
        updated.deltas = vec![contract_core::Delta::new(
            contract_core::DeltaKind::FieldRemoved,
            "A",
            contract_core::Member::field("x"),
        )];
        assert_eq!(
            line(&updated, &env::Mode::Update).unwrap(),
            "contract-pin: updated golden/api-contract/a.json (set `api`): 1 delta accepted \
             (1 breaking, 0 additive); review and commit it"
        );
        let same = outcome("api", "a", Status::Match, Health::Fresh);
        assert!(line(&same, &env::Mode::Update)
            .unwrap()
            .ends_with("is up to date: nothing written"));
        let refused = outcome("api", "a", Status::Breaking, Health::Fresh);
        assert!(line(&refused, &ci)
            .unwrap()
            .starts_with("contract-pin: CI is set, so CONTRACT_PIN_UPDATE=1 was ignored"));
    }
}
