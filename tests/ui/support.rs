//! Shared by the additive fixtures: check the fixture's own registrations against its
//! golden through the library's API, with an empty environment.

use std::path::Path;

use contract_harness::{Class, Status};

/// Asserts that the fixture's set `ui` drifted additively, by a delta of `kind`, and
/// by nothing breaking.
#[allow(dead_code)] // each fixture uses one of these
pub fn assert_additive(kind: &str) {
    assert_additive_in("ui", kind);
}

/// [`assert_additive`] of another set.
#[allow(dead_code)] // each fixture uses one of these
pub fn assert_additive_in(set: &str, kind: &str) {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let outcome = contract_harness::check(set, env!("CARGO_PKG_NAME"), manifest_dir, &|_| None)
        .unwrap_or_else(|e| panic!("the check did not run: {e}"));
    assert_eq!(outcome.status, Status::Additive, "{}", outcome.message);
    assert!(
        outcome.deltas.iter().any(|d| d.kind.as_str() == kind),
        "no `{kind}` delta in:\n{}",
        outcome.message
    );
    assert!(
        outcome.deltas.iter().all(|d| d.class == Class::Additive),
        "{}",
        outcome.message
    );
}

/// Asserts that the fixture's set `ui` has not changed against its golden: no delta
/// but the module being recorded (fixture goldens leave modules out: trybuild names
/// its crates by position).
#[allow(dead_code)] // each fixture uses one of these
pub fn assert_unchanged() {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let outcome = contract_harness::check("ui", env!("CARGO_PKG_NAME"), manifest_dir, &|_| None)
        .unwrap_or_else(|e| panic!("the check did not run: {e}"));
    let module_only = |d: &contract_harness::Delta| {
        d.kind == contract_harness::DeltaKind::SymbolMoved && d.before.is_none()
    };
    assert!(
        outcome.deltas.iter().all(module_only),
        "{}",
        outcome.message
    );
}
