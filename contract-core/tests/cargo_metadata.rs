//! cargo_metadata 0.18.1 → 0.19.0, the upgrade most tools that read `cargo metadata`
//! made: `Target::kind` and `crate_types` went from `Vec<String>` to enums whose unit
//! variants are written as the same strings, with a `#[serde(untagged)]
//! Unknown(String)` fallback. Rust callers break (`kind[0] == "lib"` no longer
//! compiles); payloads do not. The types are vendored from both releases
//! (tests/fixtures/cargo_metadata), compiled here and extracted from the same text.

mod common;

#[allow(dead_code, clippy::all)]
mod v0_18_1 {
    include!("fixtures/cargo_metadata/v0_18_1.rs");
}

#[allow(dead_code, clippy::all)]
mod v0_19_0 {
    include!("fixtures/cargo_metadata/v0_19_0.rs");
}

use contract_core::policy::{Policy, WireDirection};
use contract_core::{Axis, DeltaKind};

const OLD: &str = include_str!("fixtures/cargo_metadata/v0_18_1.rs");
const NEW: &str = include_str!("fixtures/cargo_metadata/v0_19_0.rs");

/// Targets as `cargo metadata` writes them (this workspace's lib, test, proc-macro,
/// bin, bench and build-script targets), plus an example library, a C library and a
/// kind no release knows.
fn targets() -> Vec<serde_json::Value> {
    serde_json::from_str(include_str!("fixtures/cargo_metadata/targets.json")).unwrap()
}

#[test]
fn both_releases_read_each_others_targets_and_write_the_same_json() {
    for payload in targets() {
        let old: v0_18_1::Target = serde_json::from_value(payload.clone()).unwrap();
        let new: v0_19_0::Target = serde_json::from_value(payload.clone()).unwrap();
        let (old_json, new_json) = (
            serde_json::to_string(&old).unwrap(),
            serde_json::to_string(&new).unwrap(),
        );
        assert_eq!(old_json, new_json, "{payload}");
        // What one release writes, the other reads and writes back unchanged.
        let across: v0_19_0::Target = serde_json::from_str(&old_json).unwrap();
        assert_eq!(serde_json::to_string(&across).unwrap(), old_json);
        let back: v0_18_1::Target = serde_json::from_str(&new_json).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), new_json);
    }
    // The fallback is what keeps an unknown kind: without it the new type fails.
    let unknown = targets().into_iter().last().unwrap();
    let new: v0_19_0::Target = serde_json::from_value(unknown).unwrap();
    assert_eq!(
        new.kind,
        vec![v0_19_0::TargetKind::Unknown("some-future-kind".into())]
    );
}

#[test]
fn the_upgrade_breaks_the_api_and_not_the_wire() {
    for direction in [
        WireDirection::Backward,
        WireDirection::Forward,
        WireDirection::Full,
    ] {
        let policy = Policy {
            wire_direction: direction,
            ..Policy::default()
        };
        let deltas: Vec<_> = common::diff(OLD, NEW, &policy)
            .into_iter()
            .filter(|d| d.symbol == "Target")
            .collect();
        let shown = common::show(&deltas);
        let on = |axis: Axis, field: &str| {
            deltas
                .iter()
                .filter(|d| d.axis == axis && contract_core::render::detail(d).contains(field))
                .collect::<Vec<_>>()
        };
        for field in ["`kind`", "`crate_types`"] {
            let api = on(Axis::Api, field);
            assert!(
                api.iter()
                    .any(|d| d.kind == DeltaKind::FieldTypeChanged && d.is_breaking()),
                "{direction:?}: the API break on {field} stays\n{shown}"
            );
            let wire = on(Axis::Wire, field);
            assert!(
                !wire.is_empty() && wire.iter().all(|d| !d.is_breaking()),
                "{direction:?}: {field} is a wire change that breaks no payload\n{shown}"
            );
        }
        assert!(
            on(Axis::Wire, "`edition`").is_empty() && on(Axis::Api, "`edition`").is_empty(),
            "{shown}"
        );
    }
}
