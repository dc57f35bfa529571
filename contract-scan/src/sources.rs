//! `assert_golden!` of a public-API set: a `cargo test` has no registrations for a set
//! no attribute pins, so the harness asks the sources, through the command's own scan
//! and unit (one verdict, one golden, whichever front end wrote it). Only the words
//! differ: they are the test's (`CONTRACT_PIN_UPDATE=1 cargo test`).

use std::path::Path;

use contract_core::check::{CheckError, Outcome, Refusal};
use contract_core::env;
use contract_core::message::{self, Front};

use crate::model::{self, Filter};
use crate::Silent;
use contract_store::store;

pub use crate::STACK;

/// Checks the public-API set `set` of `package` (manifest in `manifest_dir`) from its
/// sources, as `contract-pin check --set <set> -p <package>` does, and writes the
/// golden when `lookup` asks for an update (refused under CI, as for any set). The
/// scan's warnings open the outcome's message; its errors (what the compiler would
/// reject too) refuse the check.
///
/// syn recurses: run it on a thread with a stack of [`STACK`] bytes (a test thread's
/// is small), as the command does.
pub fn check_public_api(
    set: &str,
    package: &str,
    manifest_dir: &Path,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Outcome, CheckError> {
    let mode = env::mode(set, lookup).map_err(Refusal::Variable)?;
    let filter = Filter {
        packages: vec![package.to_owned()],
        sets: vec![set.to_owned()],
    };
    let manifest = manifest_dir.join("Cargo.toml");
    let model =
        model::load(Some(&manifest), &filter, lookup, &mut Silent).map_err(Refusal::Scan)?;
    let findings = |errors: bool| {
        model::findings(&model, errors)
            .into_iter()
            .map(|(file, f)| format!("{file}:{}:{}: {}", f.line, f.col, f.message))
    };
    let errors: Vec<String> = findings(true).collect();
    if !errors.is_empty() {
        return Err(Refusal::SourceErrors(errors).into());
    }
    let warnings: String = findings(false).map(|w| message::warning(&w)).collect();
    let mut unit = model
        .units
        .into_iter()
        .find(|u| *u.set == *set && u.package_name == package)
        .ok_or_else(|| Refusal::PublicApiWithoutLibrary {
            set: set.to_owned(),
            package: package.to_owned(),
        })?;
    // In the test's words. Source errors were refused above, and what the scan cannot
    // see of attribute pins (`CliAccept::TestOnly`) is no part of a public-API set: the
    // test may write the golden.
    unit.front = Front::Test;
    let mut outcome = if mode.writes() {
        let (outcome, _) = store::transact(&unit.path, |bytes| {
            let evaluation = unit.evaluate_bytes(&mode, bytes)?;
            Ok::<_, String>((evaluation.write, evaluation.outcome))
        })
        .map_err(|e| Refusal::Store(e.message(&unit.shown)))?;
        outcome
    } else {
        unit.evaluate(&mode).map_err(Refusal::Scan)?.outcome
    };
    outcome.message.insert_str(0, &warnings);
    Ok(outcome)
}
