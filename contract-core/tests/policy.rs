//! The set's policy decides the final class: which axes are enforced, which wire
//! directions must keep working, whether the wire is positional, and per-kind
//! overrides (applied after the rule's own verdict, before axis enforcement). The
//! policies are written as a team writes them, in the policy file's TOML.

mod common;

use contract_core::policy::{file, Policy, WireDirection, WireFormat};
use contract_core::{Axis, Class, Delta, DeltaKind};

fn verdict(before: &str, after: &str, policy: &Policy, kind: DeltaKind, axis: Axis) -> Class {
    let deltas = common::diff(before, after, policy);
    let found: Vec<&Delta> = deltas
        .iter()
        .filter(|d| d.kind == kind && d.axis == axis)
        .collect();
    assert_eq!(
        found.len(),
        1,
        "one {kind} on {axis:?}:\n{}",
        common::show(&deltas)
    );
    found[0].class
}

fn policy(edit: impl FnOnce(&mut Policy)) -> Policy {
    let mut p = Policy::default();
    edit(&mut p);
    p
}

const SERDE_S: &str = "#[derive(Serialize, Deserialize)] pub struct S { pub a: u8, pub b: u8 }";
const SERDE_S_MINUS_B: &str = "#[derive(Serialize, Deserialize)] pub struct S { pub a: u8 }";

#[test]
fn an_axis_the_set_does_not_enforce_never_breaks() {
    // Both directions, so that removing a required field breaks on the wire.
    let full = |axes: Vec<Axis>| {
        policy(|p| {
            p.axes = axes;
            p.wire_direction = WireDirection::Full;
        })
    };
    let api_only = full(vec![Axis::Api]);
    let wire_only = full(vec![Axis::Wire]);
    let both = full(vec![Axis::Api, Axis::Wire]);
    let (k, b, a) = (DeltaKind::FieldRemoved, SERDE_S, SERDE_S_MINUS_B);
    assert_eq!(verdict(b, a, &both, k, Axis::Wire), Class::Breaking);
    assert_eq!(verdict(b, a, &api_only, k, Axis::Wire), Class::Additive);
    assert_eq!(verdict(b, a, &api_only, k, Axis::Api), Class::Breaking);
    assert_eq!(verdict(b, a, &wire_only, k, Axis::Api), Class::Additive);
    assert_eq!(verdict(b, a, &wire_only, k, Axis::Wire), Class::Breaking);
}

#[test]
fn wire_direction_decides_which_breaks_count() {
    let full = policy(|p| p.wire_direction = WireDirection::Full);
    let backward = Policy::default();
    let forward = policy(|p| p.wire_direction = WireDirection::Forward);
    // A required field added: only the new type reading old payloads fails.
    let (b, a) = (
        "#[derive(Serialize, Deserialize)] pub struct S { pub a: u8 }",
        "#[derive(Serialize, Deserialize)] pub struct S { pub a: u8, pub id: u64 }",
    );
    let k = DeltaKind::RequiredFieldAdded;
    assert_eq!(verdict(b, a, &full, k, Axis::Wire), Class::Breaking);
    assert_eq!(verdict(b, a, &backward, k, Axis::Wire), Class::Breaking);
    assert_eq!(verdict(b, a, &forward, k, Axis::Wire), Class::Additive);
    // A defaulted field added to a type whose old consumers deny unknown fields:
    // only old consumers reading new payloads fail.
    let (b, a) = (
        "#[derive(Serialize, Deserialize)] #[serde(deny_unknown_fields)] pub struct S { pub a: u8 }",
        "#[derive(Serialize, Deserialize)] #[serde(deny_unknown_fields)] \
         pub struct S { pub a: u8, #[serde(default)] pub prior: Vec<u8> }",
    );
    let k = DeltaKind::FieldAddedWithDefault;
    assert_eq!(verdict(b, a, &full, k, Axis::Wire), Class::Breaking);
    assert_eq!(verdict(b, a, &backward, k, Axis::Wire), Class::Additive);
    assert_eq!(verdict(b, a, &forward, k, Axis::Wire), Class::Breaking);
    // API verdicts do not depend on the wire direction.
    let k = DeltaKind::ConstructibleStructFieldAdded;
    assert_eq!(verdict(b, a, &backward, k, Axis::Api), Class::Breaking);
    assert_eq!(verdict(b, a, &forward, k, Axis::Api), Class::Breaking);
}

#[test]
fn a_positional_wire_format_makes_order_and_count_matter_and_names_not() {
    // Both directions: some positional breaks hurt only old readers.
    let keyed = policy(|p| p.wire_direction = WireDirection::Full);
    let positional = policy(|p| {
        p.wire_direction = WireDirection::Full;
        p.wire_format = WireFormat::Positional;
    });
    let (b, a) = (
        "#[derive(Serialize, Deserialize)] pub struct S { pub a: u8, pub b: u16 }",
        "#[derive(Serialize, Deserialize)] pub struct S { pub b: u16, pub a: u8 }",
    );
    let k = DeltaKind::FieldOrderChanged;
    assert_eq!(verdict(b, a, &keyed, k, Axis::Wire), Class::Additive);
    assert_eq!(verdict(b, a, &positional, k, Axis::Wire), Class::Breaking);
    let (b, a) = (
        "#[derive(Serialize, Deserialize)] pub struct S { #[serde(rename = \"x\")] pub a: u8 }",
        "#[derive(Serialize, Deserialize)] pub struct S { #[serde(rename = \"y\")] pub a: u8 }",
    );
    let k = DeltaKind::FieldWireNameChanged;
    assert_eq!(verdict(b, a, &keyed, k, Axis::Wire), Class::Breaking);
    assert_eq!(verdict(b, a, &positional, k, Axis::Wire), Class::Additive);
    let (b, a) = (
        "#[derive(Serialize, Deserialize)] pub struct S { pub a: u8 }",
        "#[derive(Serialize, Deserialize)] pub struct S { pub a: u8, #[serde(default)] pub n: u8 }",
    );
    // Old positional readers meet an element too many.
    let k = DeltaKind::FieldAddedWithDefault;
    assert_eq!(verdict(b, a, &keyed, k, Axis::Wire), Class::Additive);
    assert_eq!(verdict(b, a, &positional, k, Axis::Wire), Class::Breaking);
}

#[test]
fn overrides_replace_the_rules_class_per_kind() {
    let (b, a) = (
        "#[derive(Serialize, Deserialize)] pub struct S { pub a: u8, pub b: u16 }",
        "#[derive(Serialize, Deserialize)] pub struct S { pub b: u16, pub a: u8 }",
    );
    let k = DeltaKind::FieldOrderChanged;
    let strict = policy(|p| {
        p.overrides.insert(k, Class::Breaking);
    });
    assert_eq!(verdict(b, a, &strict, k, Axis::Wire), Class::Breaking);
    // An override to additive turns a break into drift...
    let lenient = policy(|p| {
        p.overrides
            .insert(DeltaKind::VariantAddedToExhaustiveEnum, Class::Additive);
    });
    let (b, a) = ("pub enum E { A }", "pub enum E { A, B }");
    let k = DeltaKind::VariantAddedToExhaustiveEnum;
    assert_eq!(verdict(b, a, &lenient, k, Axis::Api), Class::Additive);
    // ...and only for that kind.
    let (b, a) = ("pub enum E { A, B }", "pub enum E { A }");
    let k = DeltaKind::VariantRemoved;
    assert_eq!(verdict(b, a, &lenient, k, Axis::Api), Class::Breaking);
    // Axis enforcement has the last word: an override cannot make an unenforced axis break.
    let both = policy(|p| {
        p.axes = vec![Axis::Api];
        p.overrides
            .insert(DeltaKind::FieldOrderChanged, Class::Breaking);
    });
    let (b, a) = (
        "#[derive(Serialize, Deserialize)] pub struct S { pub a: u8, pub b: u16 }",
        "#[derive(Serialize, Deserialize)] pub struct S { pub b: u16, pub a: u8 }",
    );
    let k = DeltaKind::FieldOrderChanged;
    assert_eq!(verdict(b, a, &both, k, Axis::Wire), Class::Additive);
}

/// The headline case: a variant added to a `#[non_exhaustive]` serde enum. Only old
/// consumers reading new payloads meet the unknown tag, so it is additive under the
/// default (`backward`) and breaking once the file asks for `full` or `forward`.
#[test]
fn a_variant_added_to_a_non_exhaustive_serde_enum_follows_the_file() {
    let (b, a) = (
        "#[derive(Serialize, Deserialize)] #[non_exhaustive] pub enum Status { Passed, Failed }",
        "#[derive(Serialize, Deserialize)] #[non_exhaustive] pub enum Status { Passed, Failed, Skipped }",
    );
    let k = DeltaKind::VariantAdded;
    let no_file = file::PolicyFile::default().policy("api");
    assert_eq!(verdict(b, a, &no_file, k, Axis::Wire), Class::Additive);
    assert_eq!(verdict(b, a, &no_file, k, Axis::Api), Class::Additive);
    assert!(common::diff(b, a, &no_file)
        .iter()
        .all(|d| !d.is_breaking()));
    for strict in ["wire_direction = \"full\"", "wire_direction = \"forward\""] {
        let from_file = file::parse(&format!("[set.api]\n{strict}\n"))
            .unwrap()
            .policy("api");
        assert_eq!(
            verdict(b, a, &from_file, k, Axis::Wire),
            Class::Breaking,
            "{strict}"
        );
        assert_eq!(
            verdict(b, a, &from_file, k, Axis::Api),
            Class::Additive,
            "{strict}"
        );
    }
    // A required field stays breaking under the default.
    let (b, a) = (
        "#[derive(Serialize, Deserialize)] pub struct S { pub a: u8 }",
        "#[derive(Serialize, Deserialize)] pub struct S { pub a: u8, pub id: u64 }",
    );
    assert_eq!(
        verdict(b, a, &no_file, DeltaKind::RequiredFieldAdded, Axis::Wire),
        Class::Breaking
    );
}

/// Overrides and axes as the file writes them reach the classifier.
#[test]
fn a_policy_from_the_file_classifies_as_written() {
    let text = "axes = [\"api\"]\n[set.s.overrides]\nfield_order_changed = \"breaking\"\n";
    let p = file::parse(text).unwrap().policy("s");
    let (b, a) = (
        "#[derive(Serialize, Deserialize)] pub struct S { pub a: u8, pub b: u16 }",
        "#[derive(Serialize, Deserialize)] pub struct S { pub b: u16, pub a: u8 }",
    );
    // Overridden to breaking, but on an axis the file does not enforce.
    assert_eq!(
        verdict(b, a, &p, DeltaKind::FieldOrderChanged, Axis::Wire),
        Class::Additive
    );
    let p = file::parse("[set.s.overrides]\nfield_order_changed = \"breaking\"\n")
        .unwrap()
        .policy("s");
    assert_eq!(
        verdict(b, a, &p, DeltaKind::FieldOrderChanged, Axis::Wire),
        Class::Breaking
    );
    assert_eq!(p.wire_format, WireFormat::SelfDescribing);
}

/// `assert_golden!` expands into the harness by the name the package's manifest gives
/// it: any dependency table, a target's too, renamed or not; none names it, no name.
#[test]
fn the_harness_is_found_by_the_name_the_manifest_gives_it() {
    use contract_core::policy::file::dependency_named;
    let named = |manifest: &str| dependency_named(manifest, "contract-harness", None).unwrap();
    let package = "[package]\nname = \"app\"\nversion = \"0.1.0\"\n";
    assert_eq!(
        named(&format!(
            "{package}[dev-dependencies]\ncontract-harness = \"0.1\"\n"
        )),
        Some("contract_harness".to_owned())
    );
    assert_eq!(
        named(&format!(
            "{package}[dev-dependencies]\ncheck = {{ package = \"contract-harness\", version = \"0.1\" }}\n"
        )),
        Some("check".to_owned())
    );
    assert_eq!(
        named(&format!(
            "{package}[target.'cfg(unix)'.dev-dependencies]\ncontract-harness.workspace = true\n"
        )),
        Some("contract_harness".to_owned())
    );
    // A package of that name is not a renamed entry of another.
    assert_eq!(
        named(&format!(
            "{package}[dependencies]\ncontract-pin = \"0.1\"\nother = {{ package = \"contract-pin\" }}\n"
        )),
        None
    );
    // Inherited from the workspace, renamed there.
    let root = "[workspace]\nmembers = [\"app\"]\n\n[workspace.dependencies]\n\
                check = { package = \"contract-harness\", version = \"0.1\" }\n";
    let member = format!("{package}[dev-dependencies]\ncheck.workspace = true\n");
    assert_eq!(
        dependency_named(&member, "contract-harness", Some(root)).unwrap(),
        Some("check".to_owned())
    );
    assert_eq!(named(&member), None);
    assert!(dependency_named("[package", "contract-harness", None).is_err());
}

/// The crates a library's code may name: its `[dependencies]` and each target's, by
/// the names the code uses; not its dev- or build-dependencies.
#[test]
fn a_librarys_dependency_crates_are_its_normal_ones() {
    let manifest = "[package]\nname = \"app\"\nversion = \"0.1.0\"\n\n\
                    [dependencies]\nserde-json = \"1\"\n\n\
                    [dev-dependencies]\nproptest = \"1\"\n\n\
                    [build-dependencies]\ncc = \"1\"\n\n\
                    [target.'cfg(unix)'.dependencies]\nlibc = \"0.2\"\n";
    let crates = file::dependency_crates(manifest);
    assert_eq!(
        crates.into_iter().collect::<Vec<_>>(),
        ["libc", "serde_json"]
    );
    assert!(file::dependency_crates("[package").is_empty());
}
