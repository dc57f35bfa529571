//! The freshness-check registry and its scoped test guard.

use std::panic;
use std::thread;

use workspace_example::indices::registry::{self, ScopedRegistry};
use workspace_example::indices::{
    CheckInput, IndexFreshness, IndexName, ProbeError, RegistryError,
};

fn name(s: &str) -> IndexName {
    IndexName::new(s).unwrap()
}

fn always_fresh(_: &CheckInput<'_>) -> Result<IndexFreshness, ProbeError> {
    Ok(IndexFreshness::Fresh {
        indexed_at: "t".to_owned(),
    })
}

fn names() -> Vec<String> {
    registry::current()
        .names()
        .iter()
        .map(|n| n.to_string())
        .collect()
}

#[test]
fn default_registry_holds_exactly_scip() {
    assert_eq!(names(), ["scip"]);
    assert_eq!(
        registry::current().origin(&name("scip")),
        Some(workspace_example::indices::scip::ORIGIN)
    );
}

#[test]
fn scope_snapshots_and_restores() {
    {
        let scope = ScopedRegistry::enter();
        scope.register(name("mock"), "test", always_fresh).unwrap();
        // Module-level calls inside the scope land in the scope too.
        registry::register(name("other"), "test", always_fresh).unwrap();
        assert_eq!(names(), ["mock", "other", "scip"]);
        assert!(scope.unregister(&name("scip")));
        assert_eq!(scope.snapshot().names(), [name("mock"), name("other")]);
    }
    assert_eq!(names(), ["scip"]);
}

#[test]
fn scope_restores_when_the_test_panics() {
    let result = panic::catch_unwind(|| {
        let scope = ScopedRegistry::enter();
        scope.clear();
        scope.register(name("mock"), "test", always_fresh).unwrap();
        panic!("assertion failed inside the scope");
    });
    assert!(result.is_err());
    assert_eq!(names(), ["scip"]);
}

#[test]
fn scopes_nest() {
    let outer = ScopedRegistry::enter();
    outer.register(name("outer"), "test", always_fresh).unwrap();
    {
        let inner = ScopedRegistry::enter();
        inner.clear();
        assert!(names().is_empty());
        // The outer guard still addresses its own registry, not the inner one.
        outer.register(name("late"), "test", always_fresh).unwrap();
        assert!(names().is_empty());
    }
    assert_eq!(names(), ["late", "outer", "scip"]);
    drop(outer);
    assert_eq!(names(), ["scip"]);
}

#[test]
fn a_scope_is_invisible_to_other_threads() {
    let scope = ScopedRegistry::enter();
    scope.clear();
    scope.register(name("mock"), "test", always_fresh).unwrap();
    let seen_elsewhere = thread::spawn(names).join().unwrap();
    assert_eq!(seen_elsewhere, ["scip"]);
    assert_eq!(names(), ["mock"]);
}

#[test]
fn duplicate_registration_names_both_origins() {
    let scope = ScopedRegistry::enter();
    let err = scope
        .register(name("scip"), "tests::indices_registry", always_fresh)
        .unwrap_err();
    assert!(matches!(err, RegistryError::Duplicate { .. }));
    let message = err.to_string();
    assert!(
        message.contains(workspace_example::indices::scip::ORIGIN),
        "{message}"
    );
    assert!(message.contains("tests::indices_registry"), "{message}");
}

#[test]
fn index_names_cannot_leave_the_raw_directory() {
    for ok in ["scip", "scip-2", "ctags_v6", "0x"] {
        assert!(IndexName::new(ok).is_ok(), "{ok}");
    }
    for bad in ["", "../scip", "a/b", "Scip", ".hidden", "-x", "sc ip"] {
        let err = IndexName::new(bad).unwrap_err();
        assert!(
            err.to_string().contains("invalid index name"),
            "{bad}: {err}"
        );
    }
}
