//! The Phase-5 contract handshake (seed 000, story S6-06).
//!
//! ADR-0001 §Consequences row 2: "tests/integration/test_phase5_contract_snapshot.py
//! is CI-required; failure blocks Phase 3 merges." Here that test is
//! `phase5_contract` below. Failure of this test means Phase 5 cannot ship. Treat
//! snapshot mismatches as load-bearing.
//!
//! Every contract symbol is imported from `workspace_example::transforms` and from
//! nowhere deeper (`phase5_contract_fence.rs` enforces it); only the helper module
//! names the deep modules, once, for the re-export identity check. The other tests
//! hold the harness to the seed's guarantees: determinism, no silent rewrite, CI
//! strictness, and distinct additive and breaking verdicts.

#[path = "phase5_contract_helpers.rs"]
mod helpers;

use std::collections::BTreeSet;

use contract_core::env::Mode;
use contract_core::shape::{FieldStyle, ItemShape, VariantShape};
use contract_harness::Status;
use helpers::{Env, Scratch};
// The seed's import block: every named symbol through the canonical path, and only
// there. Nothing here calls the surface: a consumer that does would stop compiling
// on a breaking change before the harness could say what broke and what to do
// (`transforms_surface.rs` is that consumer).
#[allow(unused_imports)]
use workspace_example::transforms::{
    ApplyContext as _, AttemptSummary as _, Finding as _, RecipeEngine as _,
    RemediationOrchestrator as _, RemediationReport as _, RemediationStatus as _,
    StageOutcome as _, Transform as _, TrustOutcome as _, TrustScorer as _, TrustSignal as _,
};

/// The handshake: every pinned shape against the committed golden.
#[test]
fn phase5_contract() {
    contract_pin::assert_golden!("phase5");
}

/// The named symbols, as the seed lists them (plus the report's own types).
const NAMED: &[&str] = &[
    "ApplyContext",
    "AttemptSummary",
    "Finding",
    "RecipeEngine",
    "RemediationOrchestrator",
    "RemediationReport",
    "RemediationStatus",
    "StageOutcome",
    "Transform",
    "TrustOutcome",
    "TrustScorer",
    "TrustSignal",
];

/// Identity is proven at compile time by the helper's `assert_same_item!`s; this
/// test proves the map is complete and true: it names exactly the pinned symbols,
/// and each item the macro registered was declared in the module the map says.
#[test]
fn named_symbols_are_reexported_from_transforms_and_declared_once() {
    let (golden, _) = helpers::current_golden();
    let pinned: BTreeSet<&str> = golden.symbols.keys().map(String::as_str).collect();
    let mapped: BTreeSet<&str> = helpers::DEEP_MODULE_MAP.iter().map(|(n, _)| *n).collect();
    let named: BTreeSet<&str> = NAMED.iter().copied().collect();
    assert_eq!(pinned, named, "the pinned set is not the named set");
    assert_eq!(mapped, named, "the deep-module map is not the named set");
    for (name, module) in helpers::DEEP_MODULE_MAP {
        // Methods-only symbols (inherent impls) carry no module; their type is
        // checked by `assert_same_item!` alone.
        if let Some(declared_in) = &golden.symbols[*name].shape.module {
            assert_eq!(
                declared_in, module,
                "{name} is declared elsewhere than mapped"
            );
        }
    }
}

/// Same source, same bytes: ten goldens written by the harness are identical, and
/// ten checks against one of them give identical report JSON.
#[test]
fn the_golden_check_is_deterministic() {
    let (_, first) = helpers::current_golden();
    for _ in 0..9 {
        assert_eq!(helpers::current_golden().1, first, "golden bytes drifted");
    }
    let scratch = Scratch::new("determinism");
    let env = Env::at(scratch.path());
    assert_eq!(env.clone().update().check().status, Status::Updated);
    let report = contract_harness::report_json;
    let baseline = env.check();
    assert_eq!(baseline.status, Status::Match, "{}", baseline.message);
    for _ in 0..9 {
        assert_eq!(report(&env.check()), report(&baseline), "report drifted");
    }
}

/// Without an update variable nothing writes the golden: not on a match, not on
/// drift of either class, not under CI with an update requested, and a missing
/// golden is not created.
#[test]
fn without_an_update_variable_nothing_writes_the_golden() {
    let (golden, _) = helpers::current_golden();
    let cases = [
        ("match", golden.clone(), Env::default(), Status::Match),
        (
            "additive",
            without_last_signal_kind(&golden),
            Env::default(),
            Status::Additive,
        ),
        (
            "breaking",
            with_extra_outcome(&golden),
            Env::default(),
            Status::Breaking,
        ),
        (
            "ci",
            without_last_signal_kind(&golden),
            Env::default().set("CI", "true").update(),
            Status::Additive,
        ),
    ];
    for (label, golden, env, expected) in cases {
        let scratch = Scratch::new(label);
        let path = helpers::write_golden(scratch.path(), &golden);
        let before = helpers::aged_stamp(&path);
        let files = helpers::listing(scratch.path());
        let mut env = env;
        env = env.set("CONTRACT_PIN_GOLDEN_DIR", &scratch.path().to_string_lossy());
        let outcome = env.check();
        assert_eq!(outcome.status, expected, "{label}: {}", outcome.message);
        assert_eq!(
            helpers::stamp(&path),
            before,
            "{label}: the golden was rewritten"
        );
        assert_eq!(
            helpers::listing(scratch.path()),
            files,
            "{label}: files appeared"
        );
    }

    let empty = Scratch::new("missing");
    let outcome = Env::at(empty.path()).check();
    assert_eq!(outcome.status, Status::Missing);
    assert!(outcome
        .message
        .contains("PHASE5_CONTRACT_UPDATE_GOLDEN=1 cargo test -p workspace-example"));
    assert!(
        helpers::listing(empty.path()).is_empty(),
        "a missing golden was created"
    );

    // The committed golden too, unless this very run was asked to update it.
    let asked = ["CONTRACT_PIN_UPDATE", "PHASE5_CONTRACT_UPDATE_GOLDEN"]
        .iter()
        .any(|v| std::env::var(v).is_ok_and(|x| x == "1"));
    if !asked {
        let real = helpers::golden_file(&helpers::real_golden_root());
        let before = helpers::stamp(&real);
        Env::at(&helpers::real_golden_root()).check();
        assert_eq!(
            helpers::stamp(&real),
            before,
            "the committed golden was rewritten"
        );
    }
}

/// CI is strict: an update request is refused (a pure decision of the environment)
/// and the harness says so loudly while it compares.
#[test]
fn ci_refuses_update_requests() {
    let env = Env::default().set("CI", "true").update();
    assert_eq!(
        contract_core::env::mode("phase5", &env.lookup()),
        Ok(Mode::UpdateRefusedInCi {
            variable: "PHASE5_CONTRACT_UPDATE_GOLDEN".to_owned()
        })
    );
    let without_ci = Env::default().update();
    assert_eq!(
        contract_core::env::mode("phase5", &without_ci.lookup()),
        Ok(Mode::Update)
    );

    let (golden, _) = helpers::current_golden();
    let scratch = Scratch::new("ci-loud");
    helpers::write_golden(scratch.path(), &without_last_signal_kind(&golden));
    let outcome = env
        .set("CONTRACT_PIN_GOLDEN_DIR", &scratch.path().to_string_lossy())
        .check();
    assert_eq!(outcome.status, Status::Additive);
    assert!(
        outcome
            .message
            .contains("PHASE5_CONTRACT_UPDATE_GOLDEN=1 is IGNORED"),
        "{}",
        outcome.message
    );
}

/// Additive drift is not silently accepted, and says it is additive.
#[test]
fn additive_drift_fails_with_its_own_message() {
    let (golden, _) = helpers::current_golden();
    let scratch = Scratch::new("additive");
    helpers::write_golden(scratch.path(), &without_last_signal_kind(&golden));
    let outcome = Env::at(scratch.path()).check();
    assert_eq!(outcome.status, Status::Additive, "{}", outcome.message);
    assert!(!outcome.status.passed());
    assert!(
        outcome
            .message
            .starts_with("Additive deltas detected against on-disk golden:\n"),
        "{}",
        outcome.message
    );
    assert!(outcome.message.contains(
        "  - variant_added @ workspace_example::transforms::outcomes::TrustSignal (api axis): \
         variant `ManifestEntriesChanged`"
    ));
    assert!(outcome
        .message
        .contains("Rerun with `PHASE5_CONTRACT_UPDATE_GOLDEN=1 cargo test -p workspace-example`"));
    assert!(!outcome
        .message
        .contains("PHASE 5 CONTRACT SNAPSHOT MISMATCH"));
}

/// A breaking change prints the Phase-5 directive: what changed, why it blocks,
/// how to resolve, in this order.
#[test]
fn breaking_drift_prints_the_phase5_directive() {
    let (golden, _) = helpers::current_golden();
    let scratch = Scratch::new("breaking");
    helpers::write_golden(scratch.path(), &with_extra_outcome(&golden));
    let outcome = Env::at(scratch.path()).check();
    assert_eq!(outcome.status, Status::Breaking, "{}", outcome.message);
    let message = &outcome.message;
    let in_order = [
        "PHASE 5 CONTRACT SNAPSHOT MISMATCH — BREAKING CHANGE DETECTED",
        "Symbol: workspace_example::transforms::outcomes::TrustOutcome",
        "variant_removed",
        "Before: Escalated",
        "After:  (absent)",
        "Phase 5 cannot ship.",
        "1. Revert the change to `TrustOutcome`",
        "2. Amend the ADR under docs/phases/03-vuln-deterministic-recipe/ADRs/",
        "3. Rerun with `PHASE5_CONTRACT_UPDATE_GOLDEN=1 cargo test -p workspace-example`",
        "4. Commit ",
        "See ADR-0001 §Consequences row 2.",
    ];
    let mut from = 0;
    for needle in in_order {
        let Some(at) = message[from..].find(needle) else {
            panic!("missing or out of order: {needle:?}\n{message}");
        };
        from += at + needle.len();
    }
}

/// The golden as it would have been before the last `TrustSignal` kind was added.
fn without_last_signal_kind(golden: &contract_core::Golden) -> contract_core::Golden {
    edit_enum(golden, "TrustSignal", |variants| {
        variants.pop();
    })
}

/// The golden as if `TrustOutcome` had had a variant the code no longer has.
fn with_extra_outcome(golden: &contract_core::Golden) -> contract_core::Golden {
    edit_enum(golden, "TrustOutcome", |variants| {
        variants.push(VariantShape {
            name: "Escalated".to_owned(),
            hidden: false,
            style: FieldStyle::Unit,
            fields: Vec::new(),
            discriminant: None,
            non_exhaustive: false,
            serde: Default::default(),
        });
    })
}

fn edit_enum(
    golden: &contract_core::Golden,
    symbol: &str,
    edit: impl FnOnce(&mut Vec<VariantShape>),
) -> contract_core::Golden {
    let mut golden = golden.clone();
    let entry = golden.symbols.get_mut(symbol).expect("symbol pinned");
    let Some(ItemShape::Enum(shape)) = &mut entry.shape.item else {
        panic!("{symbol} is not pinned as an enum");
    };
    edit(&mut shape.variants);
    golden
}

#[path = "../../tests/common/foreign_env.rs"]
mod foreign_env;

/// Under a caller's own target directory, cargo home, forced colour, `NO_COLOR` and
/// `CI`, every test above still passes and leaves nothing in those directories.
#[test]
fn every_test_here_passes_under_a_foreign_environment() {
    foreign_env::rerun_foreign("every_test_here_passes_under_a_foreign_environment");
}
