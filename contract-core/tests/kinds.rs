//! The classifier's meta-test: every kind of the vocabulary has a positive case and a
//! near-miss negative, written as Rust sources, extracted, diffed and checked for kind,
//! class and axis. A kind without both fails `every_kind_has_a_positive_and_a_negative_case`
//! (the seed's meta-meta count check).

mod bless;
mod common;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use common::cases::{Case, CASES};
use common::Pol;
use contract_core::diff::{diff_symbol_with, Family};
use contract_core::variance::NoTypes;
use contract_core::{Axis, Class, Delta, DeltaKind};

fn run(case: &Case) -> Vec<Delta> {
    let policy = case.policy.policy();
    if case.no_families {
        let (before, after) = (common::set(case.before), common::set(case.after));
        let none: &[(&str, Family)] = &[];
        return before
            .iter()
            .filter_map(|(name, old)| after.get(name).map(|new| (name, old, new)))
            .flat_map(|(name, old, new)| diff_symbol_with(none, name, old, new, &policy, &NoTypes))
            .collect();
    }
    common::diff(case.before, case.after, &policy)
}

fn check(case: &Case) -> Result<(), String> {
    let deltas = run(case);
    let context = || {
        format!(
            "{} ({:?} policy)\n  before: {}\n  after:  {}\n deltas:\n{}",
            case.kind,
            case.policy,
            case.before,
            case.after,
            common::show(&deltas)
        )
    };
    if deltas.is_empty() {
        return Err(format!("no delta at all for a real change: {}", context()));
    }
    if case.kind != DeltaKind::UnclassifiedChange
        && deltas
            .iter()
            .any(|d| d.kind == DeltaKind::UnclassifiedChange)
    {
        return Err(format!("the safety net fired: {}", context()));
    }
    match case.expect {
        Some((class, axis)) => {
            let hit = deltas
                .iter()
                .any(|d| d.kind == case.kind && d.class == class && d.axis == axis);
            if !hit {
                return Err(format!(
                    "expected {} {} {}: {}",
                    case.kind,
                    class.as_str(),
                    axis.as_str(),
                    context()
                ));
            }
        }
        None => {
            if deltas.iter().any(|d| d.kind == case.kind) {
                return Err(format!("near miss produced {}: {}", case.kind, context()));
            }
        }
    }
    Ok(())
}

#[test]
fn every_case_classifies_as_expected() {
    let failures: Vec<String> = CASES.iter().filter_map(|c| check(c).err()).collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n\n")
    );
}

/// The wire direction a case's policy enforces.
fn direction(policy: Pol) -> &'static str {
    match policy {
        Pol::Default | Pol::Backward | Pol::Positional | Pol::ApiOnly | Pol::HiddenIsApi => {
            "backward"
        }
        Pol::Forward => "forward",
        Pol::Full => "full",
    }
}

/// A wire kind whose class depends on the wire direction (some change of that kind
/// breaks one way only) has a positive case under each direction: the default
/// (`backward`), `forward` and `full`. So the default direction, and which direction
/// a rule says a change breaks, are each pinned by a case of their own.
#[test]
fn every_direction_dependent_wire_kind_has_a_case_under_each_direction() {
    let mut dependent: BTreeMap<DeltaKind, Vec<String>> = BTreeMap::new();
    let mut under: BTreeMap<DeltaKind, Vec<&str>> = BTreeMap::new();
    for case in CASES.iter().filter(|c| !c.no_families) {
        let Some((_, Axis::Wire)) = case.expect else {
            continue;
        };
        under
            .entry(case.kind)
            .or_default()
            .push(direction(case.policy));
        if case.policy == Pol::Positional {
            continue; // the format, not the direction, is what this case is about
        }
        let classes: Vec<Class> = [Pol::Backward, Pol::Forward, Pol::Full]
            .iter()
            .map(|p| {
                let deltas = common::diff(case.before, case.after, &p.policy());
                let found = deltas
                    .iter()
                    .filter(|d| d.kind == case.kind && d.axis == Axis::Wire)
                    .map(|d| d.class)
                    .max();
                found.unwrap_or_else(|| panic!("{} lost its delta under {p:?}", case.kind))
            })
            .collect();
        if classes.iter().any(|c| *c != classes[0]) {
            dependent
                .entry(case.kind)
                .or_default()
                .push(format!("{} -> {}: {classes:?}", case.before, case.after));
        }
    }
    let missing: Vec<String> = dependent
        .iter()
        .filter_map(|(kind, examples)| {
            let have = &under[kind];
            let lacking: Vec<&str> = ["backward", "forward", "full"]
                .into_iter()
                .filter(|d| !have.contains(d))
                .collect();
            (!lacking.is_empty()).then(|| {
                format!(
                    "{kind}: no case under {} (its verdict depends on the direction: {})",
                    lacking.join(", "),
                    examples.join("; ")
                )
            })
        })
        .collect();
    assert!(missing.is_empty(), "\n{}", missing.join("\n"));
    assert!(
        dependent.len() >= 5,
        "direction-dependent kinds: {:?}",
        dependent.keys().collect::<Vec<_>>()
    );
}

#[test]
fn every_kind_has_a_positive_and_a_negative_case() {
    let mut count: BTreeMap<DeltaKind, (usize, usize)> = BTreeMap::new();
    for case in CASES {
        let entry = count.entry(case.kind).or_default();
        match case.expect {
            Some(_) => entry.0 += 1,
            None => entry.1 += 1,
        }
    }
    let missing: Vec<String> = DeltaKind::ALL
        .iter()
        .filter_map(|kind| match count.get(kind) {
            Some((p, n)) if *p > 0 && *n > 0 => None,
            Some((p, n)) => Some(format!("{kind}: {p} positive, {n} negative")),
            None => Some(format!("{kind}: no case")),
        })
        .collect();
    assert!(
        missing.is_empty(),
        "every kind needs a positive case and a near-miss negative:\n  {}",
        missing.join("\n  ")
    );
}

#[test]
fn every_default_class_and_axis_is_exercised() {
    // The vocabulary's documented default must be a verdict some case really gets.
    let missing: Vec<&str> = DeltaKind::ALL
        .iter()
        .filter(|kind| {
            !CASES.iter().any(|c| {
                c.kind == **kind && c.expect == Some((kind.default_class(), kind.default_axis()))
            })
        })
        .map(|k| k.as_str())
        .collect();
    assert!(
        missing.is_empty(),
        "no case shows the default verdict of: {missing:?}"
    );
}

#[test]
#[ignore = "prints every case's deltas, for review"]
fn dump() {
    for case in CASES {
        println!(
            "== {} {:?}\n  {}\n  {}\n{}",
            case.kind,
            case.policy,
            case.before,
            case.after,
            common::show(&run(case))
        );
    }
}

/// `docs/WIRE.md`: what each wire kind becomes under each wire direction, generated
/// from the positive wire cases above (whose verdicts the wire oracle backs with real
/// serde round trips). `CONTRACT_PIN_BLESS=1` rewrites it, never under `CI`.
#[test]
fn the_wire_direction_table_is_generated_from_the_cases() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/WIRE.md");
    bless::check(&path, &wire_table());
}

fn wire_table() -> String {
    const DERIVE: &str = "#[derive(Serialize, Deserialize)] ";
    let mut out = String::from(
        "# What a wire change becomes under each wire direction\n\
         \n\
         <!-- Generated from the positive wire cases of contract-core/tests/common/cases.rs \
         by `the_wire_direction_table_is_generated_from_the_cases` in \
         contract-core/tests/kinds.rs. Do not edit by hand: run `CONTRACT_PIN_BLESS=1 cargo \
         test -p contract-core --features syntax --test kinds`. -->\n\
         \n\
         A set's `wire_direction` (in `contract-pin.toml`, see docs/GUIDE.md §3) says which \
         readers must keep working:\n\
         \n\
         - `backward` (the default, as Confluent Schema Registry's `BACKWARD`): new code \
         reads old payloads (stored data, replays, a consumer that upgrades first);\n\
         - `forward`: old consumers read new payloads (rolling deploys, consumers that \
         upgrade later);\n\
         - `full`: both.\n\
         \n\
         Each row is one change, on a type that derives `Serialize` and `Deserialize` \
         (left out below), with the class its wire delta gets under each direction; \
         self-describing payloads (JSON) unless the row says positional. Every verdict is \
         checked against what serde really does in contract-core/tests/wire_oracle.rs. \
         API-axis verdicts do not depend on the direction.\n\
         \n\
         A field's type change is judged in serde's data model, not by its Rust \
         spelling: each side's type becomes a schema (the crate's own structs and enums \
         followed through the golden — fields by wire name, variants by tag, \
         `transparent`, `from`/`into`; std's types as serde writes them; another \
         crate's type, a hand-written impl or `with` is opaque, compared by identity), \
         and a reader reads a writer's payloads by the format's rules: in JSON a wider \
         integer reads a narrower one, `Option<T>` reads a `T`, a string reads every \
         unit variant's name, an enum with an untagged string fallback reads every \
         string, a newtype struct is its content, a set drops a list's duplicates; in a \
         positional format only what encodes alike reads. A breaking direction names a \
         payload it fails on (old payload `{\"kind\":[\"unknown\"]}` at `kind[…]`: no \
         variant of `Kind` reads it), in the detail and as `payloads` in JSON reports. \
         contract-core/tests/wire_schemas.rs plays random pairs of schemas through \
         serde_json and bincode and holds the rules to what serde does.\n\
         \n\
         | kind | before | after | backward (default) | forward | full |\n\
         |---|---|---|---|---|---|\n",
    );
    let mut seen = std::collections::BTreeSet::new();
    for case in CASES.iter().filter(|c| !c.no_families) {
        let Some((_, Axis::Wire)) = case.expect else {
            continue;
        };
        let positional = case.policy == Pol::Positional;
        if !seen.insert((case.kind, case.before, case.after, positional)) {
            continue;
        }
        let class = |direction: Pol| {
            let mut policy = direction.policy();
            if positional {
                policy.wire_format = contract_core::policy::WireFormat::Positional;
            }
            let deltas = common::diff(case.before, case.after, &policy);
            let class = deltas
                .iter()
                .filter(|d| d.kind == case.kind && d.axis == Axis::Wire)
                .map(|d| d.class)
                .max()
                .unwrap_or_else(|| panic!("{} lost its delta under {direction:?}", case.kind));
            match class {
                Class::Breaking => "**breaking**",
                Class::Additive => "additive",
            }
        };
        let code = |src: &str| format!("`{}`", src.replace(DERIVE, "").replace('|', "\\|"));
        let kind = if positional {
            format!("`{}` (positional)", case.kind)
        } else {
            format!("`{}`", case.kind)
        };
        let _ = writeln!(
            out,
            "| {kind} | {} | {} | {} | {} | {} |",
            code(case.before),
            code(case.after),
            class(Pol::Backward),
            class(Pol::Forward),
            class(Pol::Full),
        );
    }
    out
}
