//! Diagnostics that need a package without `contract-harness`: trybuild builds these
//! fixtures in a project with this package's dependencies only (the facade's suite,
//! `tests/ui.rs` at the root, has the harness as a dev-dependency).

#[test]
fn diagnostics_without_the_harness() {
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}
