//! The message formats, pinned by golden files under `tests/golden/messages/`: the
//! Phase-5 directive (the seed's exact strings), a generic set's directive, the
//! additive-drift message and a compile error. Deltas come from real diffs of Rust
//! sources, so Before/After are the human-readable lines users see.
//! `CONTRACT_PIN_BLESS=1` rewrites the files (never under `CI`).

mod bless;
mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;

use contract_core::message::{self, Context};
use contract_core::policy::file;
use contract_core::{Delta, Policy};

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/messages")
        .join(name)
}

const PHASE5_BEFORE: &str = r#"
    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct ApplyContext {
        pub repo: String,
        #[serde(default)]
        pub prior_attempts: Vec<AttemptSummary>,
    }
    pub trait RecipeEngine {
        fn plan(&self, ctx: &ApplyContext) -> Plan;
    }
"#;

const PHASE5_AFTER: &str = r#"
    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct ApplyContext {
        #[serde(default)]
        pub prior_attempts: Vec<AttemptSummary>,
    }
    pub trait RecipeEngine {
        fn plan(&self, ctx: &ApplyContext, budget: u32) -> Plan;
        fn name(&self) -> String { String::new() }
    }
"#;

/// The Phase-5 policy as this repository's policy file gives it: the directive's
/// words are data there, not library code.
fn phase5_policy() -> Policy {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .join(file::FILE_NAME);
    let text = std::fs::read_to_string(&path).unwrap();
    file::parse(&text)
        .unwrap_or_else(|e| panic!("{}", e.located(&path.display().to_string())))
        .policy("phase5")
}

fn phase5() -> (Vec<Delta>, Policy) {
    let policy = phase5_policy();
    (common::diff(PHASE5_BEFORE, PHASE5_AFTER, &policy), policy)
}

fn modules() -> BTreeMap<String, String> {
    [
        (
            "ApplyContext",
            "workspace_example::transforms::apply_context",
        ),
        ("RecipeEngine", "workspace_example::transforms::engine"),
        ("MAX_RETRIES", "workflows::routing"),
        ("ROUTING_TABLE", "workflows::routing"),
    ]
    .into_iter()
    .map(|(a, b)| (a.to_owned(), b.to_owned()))
    .collect()
}

fn phase5_context(modules: &BTreeMap<String, String>) -> Context<'_> {
    Context {
        set: "phase5",
        package: "workspace-example",
        golden: "golden/phase5-contract/workspace-example.json",
        modules,
        ci: false,
        front: Default::default(),
    }
}

#[test]
fn phase5_directive() {
    let (deltas, policy) = phase5();
    let modules = modules();
    let text = message::breaking_directive(&phase5_context(&modules), &policy, &deltas);
    bless::check(&golden("phase5_directive.txt"), &text);
}

#[test]
fn phase5_directive_has_the_seed_lines_in_order() {
    // The seed's AC-19/20: each substring present, in this order, in every block.
    let (deltas, policy) = phase5();
    let modules = modules();
    let text = message::breaking_directive(&phase5_context(&modules), &policy, &deltas);
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(
        blocks.len(),
        deltas.iter().filter(|d| d.is_breaking()).count()
    );
    for block in blocks {
        let mut at = 0;
        for needle in [
            "PHASE 5 CONTRACT SNAPSHOT MISMATCH — BREAKING CHANGE DETECTED",
            "Symbol: workspace_example::transforms::",
            "Before: ",
            "After:  ",
            "Phase 5 cannot ship.",
            "  1. Revert",
            "  2. Amend the ADR under docs/phases/03-vuln-deterministic-recipe/ADRs/",
            "Phase 5 ADR",
            "  3. Rerun with `PHASE5_CONTRACT_UPDATE_GOLDEN=1 cargo test -p workspace-example`",
            "  4. Commit golden/phase5-contract/workspace-example.json in the same PR",
            "See ADR-0001 §Consequences row 2.",
        ] {
            let found = block[at..]
                .find(needle)
                .unwrap_or_else(|| panic!("`{needle}` missing or out of order in:\n{block}"));
            at += found + needle.len();
        }
        for line in block.lines() {
            if line.starts_with("Before:") || line.starts_with("After:") {
                assert!(
                    !line.contains("\":") && !line.contains("{\""),
                    "Before/After must read as Rust, not JSON: {line}"
                );
            }
        }
    }
}

#[test]
fn generic_directive() {
    let before = "pub const MAX_RETRIES: u32 = 3; \
                  pub const ROUTING_TABLE: &[Route] = &[Route { from: Entry, to: Plan }, Route { from: Plan, to: Done }];";
    let after = "pub const MAX_RETRIES: u32 = 2; \
                 pub const ROUTING_TABLE: &[Route] = &[Route { from: Entry, to: Plan }];";
    let policy = Policy::default();
    let deltas = common::diff(before, after, &policy);
    let modules = modules();
    let cx = Context {
        set: "phase6",
        package: "workspace-example",
        golden: "golden/phase6-contract/workspace-example.json",
        modules: &modules,
        ci: false,
        front: Default::default(),
    };
    let text = message::breaking_directive(&cx, &policy, &deltas);
    bless::check(&golden("generic_directive.txt"), &text);
}

#[test]
fn additive_drift() {
    let before = "#[non_exhaustive] pub enum TrustOutcome { Pass, Fail } \
                  pub trait Transform {} impl Transform for Bump {} \
                  impl TrustScorer { pub fn score(&self, s: &TrustSignal) -> TrustOutcome { todo!() } }";
    let after = "#[non_exhaustive] pub enum TrustOutcome { Pass, Fail, Skipped } \
                 pub trait Transform {} impl Transform for Bump {} impl Transform for Pin {} \
                 impl TrustScorer { pub fn score(&self, s: &TrustSignal) -> TrustOutcome { todo!() } \
                 pub fn explain(&self) -> String { todo!() } }";
    let policy = phase5_policy();
    let deltas = common::diff(before, after, &policy);
    assert!(
        deltas.iter().all(|d| !d.is_breaking()),
        "{}",
        common::show(&deltas)
    );
    let modules = modules();
    let text = message::additive_drift(&phase5_context(&modules), &deltas);
    bless::check(&golden("additive_drift.txt"), &text);
}

#[test]
fn compile_error() {
    let (deltas, _) = phase5();
    let modules = BTreeMap::new();
    let cx = Context {
        set: "phase5",
        package: "workspace-example",
        golden: "golden/phase5-contract/workspace-example.json",
        modules: &modules,
        ci: false,
        front: Default::default(),
    };
    let text: Vec<String> = deltas
        .iter()
        .filter(|d| d.is_breaking())
        .map(|d| message::compile_error(&cx, d))
        .collect();
    bless::check(&golden("compile_error.txt"), &(text.join("\n\n") + "\n"));
}

#[test]
fn long_items_render_one_member_a_line_and_a_changed_row_says_so() {
    let before = r#"
        pub trait RecipeEngine {
            fn matches(&self, package: &str) -> bool;
            fn plan(&self, finding: &Finding, ctx: &ApplyContext) -> Option<Box<dyn Transform>>;
            fn name(&self) -> &str { "engine" }
        }
        pub const LIMITS: &[(&str, u32)] = &[("min_qty", 1), ("max_qty", 999)];
    "#;
    let after = r#"pub const LIMITS: &[(&str, u32)] = &[("min_qty", 1), ("max_qty", 500)];"#;
    let policy = Policy::default();
    let deltas = common::diff(before, after, &policy);
    let modules = modules();
    let cx = Context {
        set: "phase6",
        package: "workspace-example",
        golden: "golden/phase6-contract/workspace-example.json",
        modules: &modules,
        ci: false,
        front: Default::default(),
    };
    let text = message::breaking_directive(&cx, &policy, &deltas);
    // The removed trait: one member a line, continuation lines under the first.
    assert!(
        text.contains(
            "Before: trait RecipeEngine {\n            fn matches(&self, package: &str) -> bool;"
        ),
        "{text}"
    );
    assert!(
        text.contains(r#"Change: table_row_changed (api axis): row 1 changed: ("max_qty", 999) -> ("max_qty", 500)"#),
        "{text}"
    );
    bless::check(&golden("long_items.txt"), &text);
}

/// The detail of the first delta of `kind` between two sources.
fn detail_of(before: &str, after: &str, kind: &str) -> Option<String> {
    common::diff(before, after, &Policy::default())
        .iter()
        .find(|d| d.kind.as_str() == kind)
        .map(contract_core::render::detail)
}

#[test]
fn details_name_the_variant_field_and_the_feature() {
    let kind = "variant_kind_changed";
    assert_eq!(
        detail_of(
            "pub enum E { V(u8, u16, u32) }",
            "pub enum E { V(u8, u16) }",
            kind
        )
        .as_deref(),
        Some("field `2` of variant `V` removed")
    );
    assert_eq!(
        detail_of("pub enum E { V(u8) }", "pub enum E { V(u8, u16) }", kind).as_deref(),
        Some("field `1` of variant `V` added")
    );
    assert_eq!(
        detail_of("pub enum E { V(u8) }", "pub enum E { V { x: u8 } }", kind).as_deref(),
        Some("form of variant `V`")
    );
    let features = [
        (
            "[features]\ndefault = [\"std\"]\nstd = []",
            "[features]\nstd = []",
            "feature_no_longer_default",
            "no longer on by default",
        ),
        (
            "[features]\nstd = []\nserde = []",
            "[features]\nstd = []",
            "symbol_removed",
            "feature `serde`",
        ),
        (
            "[features]\nx = [\"alloc\"]\nalloc = []",
            "[features]\nx = []\nalloc = []",
            "feature_no_longer_enables",
            "no longer turns on feature `alloc`",
        ),
        (
            "[features]\nx = [\"_p\"]\n_p = []",
            "[features]\nx = []\n_p = []",
            "feature_no_longer_enables",
            "no longer turns on feature `_p` (named as unstable or private: not public API)",
        ),
        (
            "[features]\nx = [\"old\"]\nold = []",
            "[features]\nx = []\nold = []\n[inert]\nfeatures = [\"old\"]",
            "feature_no_longer_enables",
            "no longer turns on feature `old`, which gates no code now: nothing a consumer \
             builds changes",
        ),
        (
            "[features]\nx = []\nalloc = []",
            "[features]\nx = [\"alloc\"]\nalloc = []",
            "feature_now_enables",
            "now turns on feature `alloc`",
        ),
    ];
    for (before, after, kind, detail) in features {
        assert_eq!(
            detail_of(before, after, kind).as_deref(),
            Some(detail),
            "{before} -> {after}"
        );
    }
}

#[test]
fn a_method_whose_impl_block_changed_shows_the_block_s_generics() {
    // Before and after would print alike: the change is the block's.
    let deltas = common::diff(
        "pub struct W<T>(T); impl<T: Clone> W<T> { pub fn get(&self) -> T { todo!() } }",
        "pub struct W<T>(T); impl<T: Clone + Send> W<T> { pub fn get(&self) -> T { todo!() } }",
        &Policy::default(),
    );
    let delta = deltas
        .iter()
        .find(|d| d.kind.as_str() == "method_signature_changed")
        .expect("the block's bound is the method's");
    let before = contract_core::render::side_lines(delta, false)
        .unwrap()
        .join("\n");
    let after = contract_core::render::side_lines(delta, true)
        .unwrap()
        .join("\n");
    assert_eq!(before, "impl<T: Clone> … pub fn get(&self) -> T");
    assert_eq!(after, "impl<T: Clone + Send> … pub fn get(&self) -> T");
    // A method whose own signature changed, in an unchanged block: no header.
    let deltas = common::diff(
        "pub struct W<T>(T); impl<T> W<T> { pub fn get(&self) -> u8 { 0 } }",
        "pub struct W<T>(T); impl<T> W<T> { pub fn get(&self) -> u16 { 0 } }",
        &Policy::default(),
    );
    let shown = contract_core::render::side_lines(&deltas[0], true)
        .unwrap()
        .join("\n");
    assert!(!shown.contains("impl<"), "{shown}");
}

#[test]
fn an_alias_of_a_prelude_item_of_its_own_name_does_not_print_as_itself() {
    let deltas = common::diff(
        "pub struct Error; pub type Result<T> = std::result::Result<T, Error>;",
        "pub struct Error; pub type Result<T> = std::result::Result<T, Box<Error>>;",
        &Policy::default(),
    );
    let delta = deltas
        .iter()
        .find(|d| d.kind.as_str() == "alias_target_changed")
        .expect("the target changed");
    assert_eq!(
        contract_core::render::detail(delta),
        "`Result` now names `std::result::Result<T, Box<Error>>`, was \
         `std::result::Result<T, Error>`"
    );
    let before = contract_core::render::side_lines(delta, false)
        .unwrap()
        .join("\n");
    assert!(
        before.contains("type Result<T> = std::result::Result<T, Error>"),
        "{before}"
    );
    // Another alias of a prelude item keeps the short name.
    let deltas = common::diff(
        "pub type Items = Vec<u8>;",
        "pub type Items = Vec<u16>;",
        &Policy::default(),
    );
    assert!(contract_core::render::detail(&deltas[0]).contains("`Vec<u16>`"));
}

/// harfbuzz_rs 3.0.1's new `pub mod sys` read "pub mod sys::" (a module's symbol ends in
/// `::`, its declaration does not).
#[test]
fn a_module_is_declared_as_written() {
    let module = contract_core::shape::ItemShape::Module(contract_core::shape::ModuleShape {
        hidden: false,
    });
    assert_eq!(
        contract_core::render::item_decl("sys::", &module),
        "pub mod sys"
    );
    assert_eq!(
        contract_core::render::item_decl("a::b::", &module),
        "pub mod a::b"
    );
}
