//! The harness's outcomes, end to end on real files in a temporary golden directory:
//! missing, update, match, breaking, additive, stale, corrupt; CI strictness; the
//! no-silent-rewrite fence; the report schema; the policy file beside the package
//! (the temporary directory is a package of its own, so its root).

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use contract_harness::{check, check_symbols, report_json, Outcome, Status};
use tempfile::TempDir;

mod common;
use common::symbols;

struct Env {
    dir: TempDir,
    vars: HashMap<String, String>,
}

impl Env {
    fn new(test: &str) -> Env {
        let dir = common::temp_dir(&format!("contract-pin-harness-{test}-"));
        let mut vars = HashMap::new();
        vars.insert(
            "CONTRACT_PIN_GOLDEN_DIR".to_owned(),
            dir.path().join("golden").display().to_string(),
        );
        Env { dir, vars }
    }

    fn with(&self, pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let mut vars = self.vars.clone();
        for (k, v) in pairs {
            vars.insert(k.to_string(), v.to_string());
        }
        move |name: &str| vars.get(name).cloned()
    }

    /// Writes the policy file of the package (which is its own workspace root).
    fn policy(&self, text: &str) -> PathBuf {
        let path = self.dir.path().join("contract-pin.toml");
        fs::write(&path, text).unwrap();
        path
    }

    fn golden(&self, set: &str) -> PathBuf {
        self.dir
            .path()
            .join("golden")
            .join(format!("{set}-contract"))
            .join("demo-pkg.json")
    }

    fn run(&self, set: &str, src: &str, pairs: &[(&str, &str)]) -> Outcome {
        check_symbols(
            set,
            "demo-pkg",
            self.dir.path(),
            &symbols(src),
            &self.with(pairs),
        )
        .expect("check runs")
    }
}

/// Every file below `dir` with its bytes and modification time.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, (Vec<u8>, SystemTime)> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let meta = fs::metadata(&path).unwrap();
                out.insert(
                    path.clone(),
                    (fs::read(&path).unwrap(), meta.modified().unwrap()),
                );
            }
        }
    }
    out
}

const V1: &str = r#"
    #[contract(set = "phase5")]
    #[derive(Serialize, Deserialize)]
    pub struct ApplyContext { pub repo: String, pub b: u8 }

    #[contract(set = "phase5")]
    #[non_exhaustive]
    pub struct Note { pub text: String }

    #[contract(set = "phase5")]
    pub enum Outcome { Pass, Fail }

    #[contract(set = "phase5")]
    pub trait Engine { fn run(&self) -> u8; }
"#;

fn update_all() -> [(&'static str, &'static str); 1] {
    [("CONTRACT_PIN_UPDATE", "1")]
}

#[test]
fn missing_golden_fails_with_the_exact_bootstrap_command() {
    let env = Env::new("missing");
    let outcome = env.run("phase5", V1, &[]);
    assert_eq!(outcome.status, Status::Missing);
    assert!(
        outcome
            .message
            .contains("Create it with `PHASE5_CONTRACT_UPDATE_GOLDEN=1 cargo test -p demo-pkg`"),
        "{}",
        outcome.message
    );
    assert!(
        !env.golden("phase5").exists(),
        "compare mode must not create the golden"
    );
}

#[test]
fn update_creates_the_golden_then_it_matches() {
    let env = Env::new("update");
    let created = env.run("phase5", V1, &update_all());
    assert_eq!(created.status, Status::Updated);
    let text = fs::read_to_string(env.golden("phase5")).unwrap();
    assert!(text.ends_with("}\n") && text.is_ascii() && !text.contains('\r'));
    assert!(
        !text.contains(&env.dir.path().display().to_string()),
        "no paths in a golden"
    );
    let again = env.run("phase5", V1, &[]);
    assert_eq!(again.status, Status::Match);
    assert!(again.deltas.is_empty() && again.message.is_empty());
}

#[test]
fn same_source_gives_a_byte_identical_golden_ten_times() {
    let env = Env::new("determinism");
    let mut seen = Vec::new();
    for _ in 0..10 {
        let _ = fs::remove_file(env.golden("phase5"));
        env.run("phase5", V1, &update_all());
        seen.push(fs::read(env.golden("phase5")).unwrap());
    }
    assert!(seen.windows(2).all(|w| w[0] == w[1]));
}

#[test]
fn a_removed_field_fails_with_the_phase5_directive_in_order() {
    let env = Env::new("breaking");
    // The Phase-5 words are data: this repository's policy file.
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    env.policy(&fs::read_to_string(repo.join("contract-pin.toml")).unwrap());
    env.run("phase5", V1, &update_all());
    let v2 = V1.replace(", pub b: u8", "");
    let outcome = env.run("phase5", &v2, &[]);
    assert_eq!(outcome.status, Status::Breaking);
    let message = &outcome.message;
    let expected_in_order = [
        "PHASE 5 CONTRACT SNAPSHOT MISMATCH — BREAKING CHANGE DETECTED",
        "Symbol: demo::ApplyContext",
        "Before: pub b: u8",
        "After:  (absent)",
        "Phase 5 cannot ship.",
        "1. Revert the change to `ApplyContext`",
        "2. Amend the ADR under docs/phases/03-vuln-deterministic-recipe/ADRs/ and the matching Phase 5 ADR",
        "3. Rerun with `PHASE5_CONTRACT_UPDATE_GOLDEN=1 cargo test -p demo-pkg`",
        "4. Commit golden/phase5-contract/demo-pkg.json in the same PR",
        "See ADR-0001 §Consequences row 2.",
    ];
    let mut from = 0;
    for needle in expected_in_order {
        let at = message[from..]
            .find(needle)
            .unwrap_or_else(|| panic!("missing (or out of order) {needle:?} in:\n{message}"));
        from += at + needle.len();
    }
}

#[test]
fn other_sets_get_the_same_structure_in_their_own_words() {
    let env = Env::new("generic");
    let src = V1.replace("phase5", "billing");
    env.run("billing", &src, &update_all());
    let outcome = env.run("billing", &src.replace(", pub b: u8", ""), &[]);
    assert_eq!(outcome.status, Status::Breaking);
    assert!(outcome
        .message
        .starts_with("BILLING CONTRACT SNAPSHOT MISMATCH — BREAKING CHANGE DETECTED"));
    assert!(outcome
        .message
        .contains("BILLING_CONTRACT_UPDATE_GOLDEN=1 cargo test -p demo-pkg"));
    assert!(!outcome.message.contains("Phase 5"));
}

#[test]
fn additive_drift_fails_with_its_own_message() {
    let env = Env::new("additive");
    env.run("phase5", V1, &update_all());
    let v2 = V1.replace(
        "pub struct Note { pub text: String }",
        "pub struct Note { pub text: String, pub tag: u8 }",
    );
    let outcome = env.run("phase5", &v2, &[]);
    assert_eq!(outcome.status, Status::Additive, "{}", outcome.message);
    assert!(outcome
        .message
        .starts_with("Additive deltas detected against on-disk golden:\n"));
    assert!(
        outcome.message.contains("  - field_added @ demo::Note"),
        "{}",
        outcome.message
    );
    assert!(outcome
        .message
        .contains("Rerun with `PHASE5_CONTRACT_UPDATE_GOLDEN=1 cargo test -p demo-pkg`"));
}

#[test]
fn a_golden_symbol_without_registration_is_removed_and_breaking() {
    let env = Env::new("removed");
    env.run("phase5", V1, &update_all());
    let v2 = V1.replace(
        "#[contract(set = \"phase5\")]\n    pub enum Outcome { Pass, Fail }",
        "",
    );
    let outcome = env.run("phase5", &v2, &[]);
    assert_eq!(outcome.status, Status::Breaking);
    let kinds: Vec<_> = outcome
        .deltas
        .iter()
        .map(|d| (d.kind.as_str(), d.symbol.as_str()))
        .collect();
    assert_eq!(kinds, [("symbol_removed", "Outcome")]);
}

#[test]
fn ci_never_rewrites_the_golden_and_says_so() {
    let env = Env::new("ci");
    env.run("phase5", V1, &update_all());
    let before = snapshot(env.dir.path());
    let v2 = V1.replace(", pub b: u8", "");
    for var in ["CONTRACT_PIN_UPDATE", "PHASE5_CONTRACT_UPDATE_GOLDEN"] {
        let outcome = env.run("phase5", &v2, &[("CI", "true"), (var, "1")]);
        assert_eq!(outcome.status, Status::Breaking);
        assert!(
            outcome
                .message
                .starts_with(&format!("contract-pin: CI is set, so {var}=1 is IGNORED")),
            "{}",
            outcome.message
        );
    }
    assert_eq!(snapshot(env.dir.path()), before);
}

#[test]
fn nothing_writes_the_golden_outside_update_mode() {
    let env = Env::new("fence");
    env.run("phase5", V1, &update_all());
    let before = snapshot(env.dir.path());
    let variants = [
        V1.to_owned(), // match
        V1.replace(
            "pub struct Note { pub text: String }",
            "pub struct Note { pub text: String, pub t: u8 }",
        ), // additive
        V1.replace(", pub b: u8", ""), // breaking
    ];
    for src in &variants {
        for pairs in [
            &[][..],
            &[("CONTRACT_PIN_UPDATE", "0")][..],
            &[("CI", "true"), ("CONTRACT_PIN_UPDATE", "1")][..],
        ] {
            env.run("phase5", src, pairs);
        }
    }
    assert_eq!(
        snapshot(env.dir.path()),
        before,
        "a compare-mode run touched the golden directory"
    );
}

#[test]
fn update_accepts_a_break_and_leaves_the_policy_to_the_policy_file() {
    let env = Env::new("policy");
    let written = "[set.phase5]\nwire_direction = \"full\"\nwire_format = \"positional\"\n";
    let policy = env.policy(written);
    env.run("phase5", V1, &update_all());
    let path = env.golden("phase5");
    let v2 = V1.replace(", pub b: u8", "");
    let outcome = env.run("phase5", &v2, &[("PHASE5_CONTRACT_UPDATE_GOLDEN", "1")]);
    assert_eq!(outcome.status, Status::Updated);
    assert!(
        outcome
            .message
            .contains("breaking field_removed @ ApplyContext"),
        "{}",
        outcome.message
    );
    let after = fs::read_to_string(&path).unwrap();
    assert!(
        !after.contains("policy") && !after.contains("positional"),
        "{after}"
    );
    assert_eq!(
        fs::read_to_string(&policy).unwrap(),
        written,
        "nothing writes the policy file"
    );
    assert_eq!(env.run("phase5", &v2, &[]).status, Status::Match);
    // The file still decides: old positional readers meet an element too many.
    let grown = v2.replace(
        "pub struct ApplyContext { pub repo: String }",
        "pub struct ApplyContext { pub repo: String, #[serde(default)] pub n: u8 }",
    );
    assert_ne!(grown, v2);
    let wire_class = |outcome: &Outcome| {
        let delta = outcome
            .deltas
            .iter()
            .find(|d| d.kind.as_str() == "field_added_with_default")
            .unwrap_or_else(|| panic!("{}", outcome.message));
        delta.class.as_str().to_owned()
    };
    assert_eq!(wire_class(&env.run("phase5", &grown, &[])), "breaking");
    fs::remove_file(&policy).unwrap();
    assert_eq!(wire_class(&env.run("phase5", &grown, &[])), "additive");
}

#[test]
fn policy_overrides_change_a_kinds_class() {
    let v1 = V1.replace("phase5", "billing");
    let env = Env::new("override");
    env.run("billing", &v1, &update_all());
    let v2 = v1.replace(", pub b: u8", "");
    assert_eq!(env.run("billing", &v2, &[]).status, Status::Breaking);
    env.policy("[set.billing.overrides]\nfield_removed = \"additive\"\n");
    let outcome = env.run("billing", &v2, &[]);
    assert_eq!(outcome.status, Status::Additive, "{}", outcome.message);

    env.policy("# overrides\n[set.billing.overrides]\nno_such_kind = \"additive\"\n");
    let err = check_symbols(
        "billing",
        "demo-pkg",
        env.dir.path(),
        &symbols(&v1),
        &env.with(&[]),
    )
    .unwrap_err();
    assert!(
        err.to_string().starts_with(
            "contract-pin.toml:3:1: `set.billing.overrides.no_such_kind`: not a delta kind"
        ),
        "{err}"
    );
    assert!(err.to_string().contains("nothing was checked"), "{err}");
}

/// A golden from before the policy file, with a policy block a team edited: the
/// update refuses and prints the TOML; once the file says it, the update drops the
/// block. Nothing is lost on the way.
#[test]
fn an_old_golden_with_a_policy_block_moves_its_policy_to_the_file() {
    let env = Env::new("legacy");
    let v1 = V1.replace("phase5", "billing");
    env.run("billing", &v1, &update_all());
    let path = env.golden("billing");
    let text = fs::read_to_string(&path).unwrap();
    let block = "\"policy\": {\"axes\": [\"api\", \"wire\"], \"overrides\": {\"field_removed\": \"additive\"}, \"wire_direction\": \"full\", \"wire_format\": \"self_describing\"},";
    let old = text.replacen("\"set\":", &format!("{block}\n  \"set\":"), 1);
    fs::write(&path, &old).unwrap();

    let outcome = env.run("billing", &v1, &[]);
    assert_eq!(outcome.status, Status::Stale, "{}", outcome.message);
    assert!(
        outcome.message.contains("`policy` block"),
        "{}",
        outcome.message
    );

    let refused = check_symbols(
        "billing",
        "demo-pkg",
        env.dir.path(),
        &symbols(&v1),
        &env.with(&update_all()),
    )
    .unwrap_err();
    assert_eq!(fs::read_to_string(&path).unwrap(), old, "nothing written");
    let toml =
        "[set.billing]\nwire_direction = \"full\"\noverrides = { field_removed = \"additive\" }\n";
    assert!(refused.to_string().contains(toml), "{refused}");

    env.policy(toml);
    assert_eq!(
        env.run("billing", &v1, &update_all()).status,
        Status::Updated
    );
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        text,
        "the block is gone"
    );
    let outcome = env.run("billing", &v1.replace(", pub b: u8", ""), &[]);
    assert_eq!(
        outcome.status,
        Status::Additive,
        "the override holds: {}",
        outcome.message
    );
}

#[test]
fn stale_and_hand_edited_goldens_are_stale_not_breaks() {
    let env = Env::new("stale");
    env.run("phase5", V1, &update_all());
    let path = env.golden("phase5");
    let text = fs::read_to_string(&path).unwrap();

    fs::write(
        &path,
        text.replace(
            &format!("\"format_version\": {}", contract_core::FORMAT_VERSION),
            "\"format_version\": 0",
        ),
    )
    .unwrap();
    let outcome = env.run("phase5", V1, &[]);
    assert_eq!(outcome.status, Status::Stale);
    assert!(
        outcome.message.contains("This is not a contract change"),
        "{}",
        outcome.message
    );
    // Update mode rewrites a stale golden.
    assert_eq!(env.run("phase5", V1, &update_all()).status, Status::Updated);
    assert_eq!(fs::read_to_string(&path).unwrap(), text);

    fs::write(&path, text.replace("\"ty\": \"u8\"", "\"ty\": \"u16\"")).unwrap();
    let outcome = env.run("phase5", V1, &[]);
    assert_eq!(outcome.status, Status::Stale);
    assert!(
        outcome.message.contains("edited by hand"),
        "{}",
        outcome.message
    );
}

#[test]
fn corrupt_goldens_are_errors_naming_file_and_line() {
    let env = Env::new("corrupt");
    env.run("phase5", V1, &update_all());
    let path = env.golden("phase5");
    let text = fs::read_to_string(&path).unwrap();
    let run = || {
        check_symbols(
            "phase5",
            "demo-pkg",
            env.dir.path(),
            &symbols(V1),
            &env.with(&[]),
        )
        .unwrap_err()
        .to_string()
    };

    fs::write(
        &path,
        text.replacen("  \"set\"", "<<<<<<< ours\n  \"set\"", 1),
    )
    .unwrap();
    let line = fs::read_to_string(&path)
        .unwrap()
        .lines()
        .position(|l| l.starts_with("<<<"))
        .unwrap()
        + 1;
    let err = run();
    assert!(
        err.starts_with(&format!(
            "golden/phase5-contract/demo-pkg.json:{line}: merge-conflict marker"
        )),
        "{err}"
    );
    assert!(err.contains("git checkout --theirs"), "{err}");

    fs::write(&path, &text[..text.len() / 2]).unwrap();
    let err = run();
    assert!(err.contains("not a valid golden"), "{err}");

    fs::write(
        &path,
        text.replace("\"set\": \"phase5\"", "\"set\": \"phase6\""),
    )
    .unwrap();
    assert!(run().contains("pins set `phase6`"));
}

#[test]
fn bad_environment_values_are_errors() {
    let env = Env::new("badenv");
    let err = check_symbols(
        "phase5",
        "demo-pkg",
        env.dir.path(),
        &symbols(V1),
        &env.with(&[("CONTRACT_PIN_UPDATE", "yes")]),
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .contains("CONTRACT_PIN_UPDATE=\"yes\" is not understood"),
        "{err}"
    );
}

#[test]
fn no_registrations_is_an_error_not_every_symbol_removed() {
    let env = Env::new("noregs");
    let err = check(
        "nothing-pinned",
        "contract-pin",
        env.dir.path(),
        &env.with(&[]),
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("no registrations found for contract set `nothing-pinned`"),
        "{err}"
    );
    assert!(err.to_string().contains("lib = the_crate_name"), "{err}");
}

#[test]
fn the_report_has_exactly_the_documented_schema() {
    let env = Env::new("report");
    env.run("phase5", V1, &update_all());
    let outcome = env.run("phase5", &V1.replace(", pub b: u8", ", pub c: u8"), &[]);
    let report: serde_json::Value = serde_json::from_str(&report_json(&outcome)).unwrap();
    let object = report.as_object().unwrap();
    let keys: Vec<&str> = object.keys().map(String::as_str).collect();
    assert_eq!(keys, ["deltas", "golden", "package", "set", "status"]);
    assert_eq!(report["set"], "phase5");
    assert_eq!(report["package"], "demo-pkg");
    assert_eq!(report["golden"], "golden/phase5-contract/demo-pkg.json");
    assert_eq!(report["status"], "breaking");
    let deltas = report["deltas"].as_array().unwrap();
    assert!(!deltas.is_empty());
    for delta in deltas {
        let keys: Vec<&str> = delta
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        // `renamed_to` only on renames; `member` says which part of the symbol; a wire
        // delta's `breaks` says which directions fail, and a type change's `payloads`
        // a payload each fails on.
        let mut expected = vec![
            "after", "axis", "before", "class", "detail", "kind", "member", "symbol",
        ];
        if delta.get("renamed_to").is_some() {
            expected.push("renamed_to");
        }
        if delta["axis"] == "wire" {
            expected.push("breaks");
            let breaks = &delta["breaks"];
            assert!(
                breaks["backward"].is_boolean() && breaks["forward"].is_boolean(),
                "{delta}"
            );
        }
        if delta.get("payloads").is_some() {
            expected.push("payloads");
        }
        expected.sort_unstable();
        assert_eq!(keys, expected);
        assert!(delta["member"]["kind"].is_string(), "{delta}");
        assert!(["breaking", "additive"].contains(&delta["class"].as_str().unwrap()));
        assert!(["api", "wire"].contains(&delta["axis"].as_str().unwrap()));
        assert!(contract_core::DeltaKind::parse(delta["kind"].as_str().unwrap()).is_some());
        for text in ["symbol", "detail", "before", "after"] {
            assert!(delta[text].is_string(), "{text} is not a string");
        }
    }
    assert_eq!(deltas[0]["kind"], "field_renamed");
    assert_eq!(deltas[0]["before"], "pub b: u8");
    assert_eq!(deltas[0]["after"], "pub c: u8");
}

#[path = "common/foreign_env.rs"]
mod foreign_env;

/// Under a caller's own target directory, cargo home, forced colour, `NO_COLOR` and
/// `CI`, every test above still passes and leaves nothing in those directories.
#[test]
fn every_test_here_passes_under_a_foreign_environment() {
    foreign_env::rerun_foreign("every_test_here_passes_under_a_foreign_environment");
}
