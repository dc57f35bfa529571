//! `docs/VOCABULARY.md` is generated from `DeltaKind::ALL`: this test regenerates it in
//! memory and fails when the committed file is stale (`CONTRACT_PIN_BLESS=1`
//! rewrites it, never under `CI`).

mod bless;

use std::path::Path;

use contract_core::{vocabulary, DeltaKind};

#[test]
fn the_committed_vocabulary_is_generated_from_the_code() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/VOCABULARY.md");
    bless::check(&path, &vocabulary::markdown());
}

#[test]
fn every_kind_is_one_row_with_its_default_verdict() {
    let text = vocabulary::markdown();
    for kind in DeltaKind::ALL {
        let row = format!(
            "| `{}` | {} | {} |",
            kind.as_str(),
            kind.default_class().as_str(),
            kind.default_axis().as_str()
        );
        assert_eq!(text.matches(&row).count(), 1, "{row}");
        assert!(!kind.description().is_empty(), "{kind} has no description");
    }
}

#[test]
fn it_says_how_to_change_a_class_for_a_set() {
    let text = vocabulary::markdown();
    assert!(text.contains("contract-pin.toml"));
    assert!(text.contains("[set.billing.overrides]\nfield_order_changed = \"breaking\""));
    // What it shows is a policy file that reads.
    let toml = text
        .split("```toml\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("a TOML example");
    let policy = contract_core::policy::file::parse(toml)
        .unwrap_or_else(|e| panic!("{e}"))
        .policy("billing");
    assert_eq!(
        policy.overrides.get(&DeltaKind::FieldOrderChanged),
        Some(&contract_core::Class::Breaking)
    );
}
