//! Shared by the additive fixtures: check the fixture's own registrations against its
//! golden through the library's API, with an empty environment.

use std::path::Path;

use contract_pin::{Class, Status};

/// Asserts that the fixture's set `ui` drifted additively, by a delta of `kind`, and
/// by nothing breaking.
pub fn assert_additive(kind: &str) {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let outcome = contract_pin::check("ui", env!("CARGO_PKG_NAME"), manifest_dir, &|_| None)
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
