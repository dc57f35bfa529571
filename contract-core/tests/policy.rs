//! The set's policy decides the final class: which axes are enforced, which wire
//! directions must keep working, whether the wire is positional, and per-kind
//! overrides (applied after the rule's own verdict, before axis enforcement).

mod common;

use contract_core::policy::{Policy, WireDirection, WireFormat};
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
    let mut p = Policy::default_for("policy");
    edit(&mut p);
    p
}

const SERDE_S: &str = "#[derive(Serialize, Deserialize)] pub struct S { pub a: u8, pub b: u8 }";
const SERDE_S_MINUS_B: &str = "#[derive(Serialize, Deserialize)] pub struct S { pub a: u8 }";

#[test]
fn an_axis_the_set_does_not_enforce_never_breaks() {
    let api_only = policy(|p| p.axes = vec![Axis::Api]);
    let wire_only = policy(|p| p.axes = vec![Axis::Wire]);
    let both = Policy::default_for("policy");
    let (k, b, a) = (DeltaKind::FieldRemoved, SERDE_S, SERDE_S_MINUS_B);
    assert_eq!(verdict(b, a, &both, k, Axis::Wire), Class::Breaking);
    assert_eq!(verdict(b, a, &api_only, k, Axis::Wire), Class::Additive);
    assert_eq!(verdict(b, a, &api_only, k, Axis::Api), Class::Breaking);
    assert_eq!(verdict(b, a, &wire_only, k, Axis::Api), Class::Additive);
    assert_eq!(verdict(b, a, &wire_only, k, Axis::Wire), Class::Breaking);
}

#[test]
fn wire_direction_decides_which_breaks_count() {
    let full = Policy::default_for("policy");
    let backward = policy(|p| p.wire_direction = WireDirection::Backward);
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
    let keyed = Policy::default_for("policy");
    let positional = policy(|p| p.wire_format = WireFormat::Positional);
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
        p.overrides.insert(k.as_str().to_owned(), Class::Breaking);
    });
    assert_eq!(verdict(b, a, &strict, k, Axis::Wire), Class::Breaking);
    // An override to additive turns a break into drift...
    let lenient = policy(|p| {
        p.overrides.insert(
            "variant_added_to_exhaustive_enum".to_owned(),
            Class::Additive,
        );
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
            .insert("field_order_changed".to_owned(), Class::Breaking);
    });
    let (b, a) = (
        "#[derive(Serialize, Deserialize)] pub struct S { pub a: u8, pub b: u16 }",
        "#[derive(Serialize, Deserialize)] pub struct S { pub b: u16, pub a: u8 }",
    );
    let k = DeltaKind::FieldOrderChanged;
    assert_eq!(verdict(b, a, &both, k, Axis::Wire), Class::Additive);
}

#[test]
fn a_policy_reads_back_from_its_golden_form() {
    let p = policy(|p| {
        p.wire_direction = WireDirection::Backward;
        p.wire_format = WireFormat::Positional;
        p.overrides
            .insert("trait_implementor_added".to_owned(), Class::Breaking);
        p.overrides
            .insert("no_such_kind".to_owned(), Class::Breaking);
    });
    let json = serde_json::to_string(&p).expect("serialises");
    assert!(json.contains(r#""wire_direction":"backward""#), "{json}");
    assert!(json.contains(r#""wire_format":"positional""#), "{json}");
    let back: Policy = serde_json::from_str(&json).expect("parses");
    assert_eq!(back, p);
    assert_eq!(back.unknown_override_kinds(), ["no_such_kind"]);
}
