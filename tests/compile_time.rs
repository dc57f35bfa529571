//! The compile-time check under real cargo: it notices a golden that appears after a
//! build (cargo rebuilds the crate until one exists), never trusts a golden edited by
//! hand, never recommends under `CI` a command CI refuses, reports a bad variable
//! once per compiler run, not once per pinned item, classifies under the policy file
//! (and recompiles when it is edited), refuses two sets of one update variable, and
//! costs a library no dependency but the registration's.
//! Each test builds a fresh crate outside this workspace with a user's environment.

#[path = "common/clean_env.rs"]
mod clean_env;
use clean_env::clean_env;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use contract_core::assemble::{assemble, Registered};
use contract_core::syntax::{args, extract};
use contract_core::Golden;
use tempfile::TempDir;

struct Crate {
    dir: TempDir,
    target: PathBuf,
    /// The package name: one per test, as cargo shares the build of two packages with
    /// one name and version in one target directory, wherever their sources are.
    package: &'static str,
}

const ITEMS: &str = r#"
#[contract_pin::contract(set = "api")]
pub struct Order {
    pub id: u64,
}

#[contract_pin::contract(set = "api")]
pub struct Line {
    pub qty: u32,
}

#[contract_pin::contract(set = "api")]
pub const LIMIT: u32 = 3;
"#;

impl Crate {
    fn new(package: &'static str) -> Crate {
        let dir = tempfile::Builder::new()
            .prefix("contract-pin-compile-time-")
            .tempdir()
            .unwrap();
        let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
        fs::create_dir_all(dir.path().join("src")).unwrap();
        fs::write(
            dir.path().join("Cargo.toml"),
            format!(
                "[package]\nname = \"{package}\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = false\n\n\
                 [workspace]\n\n[dependencies]\ncontract-pin = {{ path = {:?} }}\n\
                 serde = {{ version = \"1\", features = [\"derive\"] }}\n\n\
                 [dev-dependencies]\ncontract-harness = {{ path = {:?} }}\n",
                repo.display().to_string(),
                repo.join("contract-harness").display().to_string()
            ),
        )
        .unwrap();
        fs::copy(repo.join("Cargo.lock"), dir.path().join("Cargo.lock")).unwrap();
        fs::write(dir.path().join("src/lib.rs"), ITEMS).unwrap();
        // contract-cli/tests/new_user.rs builds in the same directory: the dependencies compile once.
        let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("new-user-target");
        Crate {
            dir,
            target,
            package,
        }
    }

    fn golden_path(&self) -> PathBuf {
        self.dir
            .path()
            .join(format!("golden/api-contract/{}.json", self.package))
    }

    /// Writes the golden the harness would write for `source`.
    fn write_golden(&self, source: &str, edit: impl FnOnce(&mut Golden)) {
        let file: syn::File = syn::parse_str(source).unwrap();
        let mut registered = Vec::new();
        for item in &file.items {
            let mut errors = Vec::new();
            let Some(parsed) = args::of_item(item, &mut errors) else {
                continue; // a `use`
            };
            let extracted = extract(item).unwrap();
            registered.push(Registered {
                name: parsed.name.unwrap_or(extracted.name),
                module: self.package.replace('-', "_"),
                fragment: extracted.fragment,
            });
        }
        let symbols = assemble(&registered).unwrap();
        let mut golden = Golden::new("api", self.package, &symbols);
        edit(&mut golden);
        let path = self.golden_path();
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, golden.render()).unwrap();
    }

    /// `cargo check` with a user's environment plus `vars`: (success, stderr).
    fn check(&self, vars: &[(&str, &str)]) -> (bool, String) {
        let out = self.cargo(&["check", "--message-format=short"], vars);
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    fn cargo(&self, args: &[&str], vars: &[(&str, &str)]) -> Output {
        let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()));
        cmd.args(args).current_dir(self.dir.path());
        clean_env(&mut cmd);
        cmd.env("CARGO_TARGET_DIR", &self.target)
            .env("CARGO_TERM_COLOR", "never");
        cmd.envs(vars.iter().copied());
        cmd.output().expect("cargo runs")
    }
}

/// `cargo check` ran before the golden existed; the golden appears with no source
/// edit (a pull, `contract-pin update`, a copy): the next `cargo check` holds the
/// crate to it. Then it is replaced by garbage: the next check says so.
#[test]
fn a_golden_that_appears_after_a_build_is_checked_by_the_next_build() {
    let c = Crate::new("golden-appears");
    let package = c.package;
    let (ok, out) = c.check(&[]);
    assert!(ok, "no golden, nothing to hold the crate to:\n{out}");
    let (ok, out) = c.check(&[]);
    assert!(ok, "{out}");
    assert!(
        out.contains(&format!("Checking {package}")),
        "while no golden exists, cargo compiles the crate again so the check can look:\n{out}"
    );

    c.write_golden(&ITEMS.replace("pub id: u64", "pub id: u32"), |_| {});
    let (ok, out) = c.check(&[]);
    assert!(!ok, "the golden appeared: the build must see it:\n{out}");
    assert!(
        out.contains("breaking change to pinned contract `Order` (field_type_changed, api axis)"),
        "{out}"
    );

    // Once a golden that matches exists, the crate is fresh again: tracked, not rebuilt.
    c.write_golden(ITEMS, |_| {});
    let (ok, out) = c.check(&[]);
    assert!(ok, "{out}");
    let (ok, out) = c.check(&[]);
    assert!(ok, "{out}");
    assert!(
        !out.contains(&format!("Checking {package}")),
        "a tracked golden that did not change costs no rebuild:\n{out}"
    );

    fs::write(c.golden_path(), "{ not a golden\n").unwrap();
    let (ok, out) = c.check(&[]);
    assert!(!ok, "{out}");
    assert!(out.contains("not a valid golden"), "{out}");
}

/// The harness calls a golden whose fingerprints no longer match its shapes stale
/// ("edited by hand") and checks nothing against it; so does the compiler.
#[test]
fn a_golden_edited_by_hand_is_stale_at_compile_time_too() {
    let c = Crate::new("golden-edited");
    let package = c.package;
    // The shape of `Order` edited to `u32`, its fingerprint left as it was.
    c.write_golden(ITEMS, |golden| {
        let edited = {
            let file: syn::File =
                syn::parse_str(&ITEMS.replace("pub id: u64", "pub id: u32")).unwrap();
            let extracted = extract(&file.items[0]).unwrap();
            let registered = [Registered {
                name: "Order".to_owned(),
                module: package.replace('-', "_"),
                fragment: extracted.fragment,
            }];
            assemble(&registered).unwrap().remove("Order").unwrap()
        };
        golden.symbols.get_mut("Order").unwrap().shape = edited;
    });
    let (ok, out) = c.check(&[]);
    assert!(!ok, "{out}");
    assert!(
        !out.contains("breaking change to pinned contract"),
        "a hand-edited shape is not a contract to hold the crate to:\n{out}"
    );
    assert_eq!(
        out.matches("edited by hand").count(),
        1,
        "one error per golden:\n{out}"
    );
    assert!(
        out.contains(&format!(
            "the shapes of Order no longer match their fingerprints, so it was edited by \
             hand and cannot be trusted; nothing was checked against it. This is not a \
             contract change. Regenerate it with `API_CONTRACT_UPDATE_GOLDEN=1 cargo test -p {package}`"
        )),
        "{out}"
    );
}

/// Under CI, update requests are refused: a compile error must not offer one as the
/// way out here. And a variable with a bad value is said once, not once per item.
#[test]
fn under_ci_the_compile_error_says_what_to_do_and_bad_variables_are_said_once() {
    let c = Crate::new("golden-under-ci");
    let package = c.package;
    c.write_golden(&ITEMS.replace("pub id: u64", "pub id: u32"), |_| {});
    let (ok, out) = c.check(&[("CI", "true")]);
    assert!(!ok, "{out}");
    assert!(
        out.contains(&format!(
            "CI only compares goldens: if the break is intended, regenerate the golden on your \
             machine with `API_CONTRACT_UPDATE_GOLDEN=1 cargo test -p {package}` and commit it \
             with the change"
        )),
        "{out}"
    );
    assert!(!out.contains("accept it with"), "{out}");
    let (ok, out) = c.check(&[]);
    assert!(!ok, "{out}");
    assert!(
        out.contains(&format!(
            "accept it with `API_CONTRACT_UPDATE_GOLDEN=1 cargo test -p {package}`"
        )),
        "off CI, the command that accepts: {out}"
    );

    let (ok, out) = c.check(&[("CONTRACT_PIN_UPDATE", "yes")]);
    assert!(!ok, "{out}");
    assert_eq!(
        out.matches("CONTRACT_PIN_UPDATE=\"yes\" is not understood")
            .count(),
        1,
        "three pinned items, one message:\n{out}"
    );
}

const STATUS: &str = r#"
use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "api")]
#[derive(Serialize, Deserialize)]
#[non_exhaustive]
pub enum Status {
    Passed,
    Failed,
}
"#;

/// A variant added to a `#[non_exhaustive]` serde enum: additive under the default
/// wire direction, breaking once the policy file asks for `full`. The policy file is
/// a build input: editing it recompiles the crate, and a broken one says where.
#[test]
fn the_policy_file_decides_at_compile_time_and_editing_it_recompiles() {
    let c = Crate::new("policy-at-compile-time");
    let policy = c.dir.path().join("contract-pin.toml");
    c.write_golden(STATUS, |_| {});
    let added = STATUS.replace("    Failed,\n", "    Failed,\n    Skipped,\n");
    fs::write(c.dir.path().join("src/lib.rs"), &added).unwrap();
    let (ok, out) = c.check(&[]);
    assert!(ok, "no policy file: backward, so additive:\n{out}");

    // A policy file created after a build is read when the crate next compiles (cargo
    // cannot be told to watch for a file that does not exist without rebuilding on
    // every run): here, an edit of the source.
    fs::write(&policy, "[set.api]\nwire_direction = \"backward\"\n").unwrap();
    fs::write(c.dir.path().join("src/lib.rs"), format!("{added}\n")).unwrap();
    let (ok, out) = c.check(&[]);
    assert!(ok, "{out}");
    // The file is now tracked: editing it (and only it) recompiles the crate.
    fs::write(&policy, "[set.api]\nwire_direction = \"full\"\n").unwrap();
    let (ok, out) = c.check(&[]);
    assert!(!ok, "full: old consumers cannot read the new tag:\n{out}");
    assert!(
        out.contains("breaking change to pinned contract `Status` (variant_added, wire axis)"),
        "{out}"
    );
    assert!(out.contains("src/lib.rs:10:5"), "at the new variant: {out}");

    fs::write(&policy, "[set.api]\nwire_direction = \"fulll\"\n").unwrap();
    let (ok, out) = c.check(&[]);
    assert!(!ok, "{out}");
    assert_eq!(
        out.matches(
            "contract-pin.toml:2:18: `set.api.wire_direction`: unknown wire direction `fulll`"
        )
        .count(),
        1,
        "one error per policy file, naming the key and its line:\n{out}"
    );

    // Removed: the defaults again.
    fs::remove_file(&policy).unwrap();
    let (ok, out) = c.check(&[]);
    assert!(ok, "{out}");
}

/// Sets whose names map to one update variable are refused where they meet: in one
/// crate, and between a pinned set and the policy file.
#[test]
fn sets_of_one_update_variable_do_not_compile() {
    let c = Crate::new("policy-set-clash");
    let both = ITEMS
        .replacen("set = \"api\"", "set = \"a-b\"", 1)
        .replacen("set = \"api\"", "set = \"a_b\"", 1);
    fs::write(c.dir.path().join("src/lib.rs"), &both).unwrap();
    let (ok, out) = c.check(&[]);
    assert!(!ok, "{out}");
    assert!(
        out.contains(
            "sets `a-b` and `a_b` both map to the update variable A_B_CONTRACT_UPDATE_GOLDEN"
        ),
        "{out}"
    );
    assert!(out.contains("this crate pins both"), "{out}");

    // One pinned set, and the policy file configures its twin: refused where the
    // file says it, with or without a golden.
    fs::write(
        c.dir.path().join("src/lib.rs"),
        ITEMS.replace("set = \"api\"", "set = \"a-b\""),
    )
    .unwrap();
    let policy = c.dir.path().join("contract-pin.toml");
    fs::write(&policy, "# the a-b set\n[set.a-c]\n").unwrap();
    let (ok, out) = c.check(&[]);
    assert!(ok, "`a-c` is another variable: {out}");
    fs::write(&policy, "# the a-b set\n[set.a_b]\n").unwrap();
    let (ok, out) = c.check(&[]);
    assert!(!ok, "{out}");
    assert!(
        out.contains("contract-pin.toml:2: sets `a_b` and `a-b` both map to the update variable"),
        "{out}"
    );
    assert!(
        out.contains("(`a_b` is configured there, `a-b` is pinned here)"),
        "{out}"
    );
}

/// One test binary that registers two sets of one update variable (the library pins
/// `a-b`, the integration test `a_b`: two crates, so no compile error) fails the
/// harness, which names both.
#[test]
fn a_test_binary_with_sets_of_one_update_variable_fails_the_harness() {
    let c = Crate::new("policy-binary-clash");
    fs::write(
        c.dir.path().join("src/lib.rs"),
        ITEMS.replace("set = \"api\"", "set = \"a-b\""),
    )
    .unwrap();
    fs::create_dir_all(c.dir.path().join("tests")).unwrap();
    fs::write(
        c.dir.path().join("tests/contract.rs"),
        "#[contract_pin::contract(set = \"a_b\")]\npub const LOCAL: u8 = 1;\n\n\
         #[test]\nfn a_b() {\n    contract_pin::assert_golden!(\"a-b\");\n}\n",
    )
    .unwrap();
    let out = c.cargo(&["test", "--quiet"], &[("CONTRACT_PIN_UPDATE", "1")]);
    let text =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{text}");
    assert!(
        text.contains(
            "sets `a_b` and `a-b` both map to the update variable A_B_CONTRACT_UPDATE_GOLDEN"
        ),
        "{text}"
    );
    assert!(
        !c.dir.path().join("golden").exists(),
        "nothing written: {text}"
    );
}

/// The macro and the harness read no dependency's names: a pinned signature whose only
/// difference from its golden is the path it takes to a dependency's item
/// (`serde::ser::Serializer` → `serde::Serializer`, one trait) neither stops `cargo
/// check` nor fails the test; the command, which reads serde, judges it. Another
/// crate's or std's item in its place still stops the build.
#[test]
fn a_dependency_s_item_under_another_path_is_the_command_s_to_judge() {
    let c = Crate::new("dependency-paths");
    let pinned = |bound: &str| {
        format!(
            "#[contract_pin::contract(set = \"api\")]\n\
             pub fn emit<S: {bound}>(s: S) -> S {{\n    s\n}}\n"
        )
    };
    c.write_golden(&pinned("serde::ser::Serializer"), |_| {});
    fs::write(c.dir.path().join("src/lib.rs"), pinned("serde::Serializer")).unwrap();
    let (ok, out) = c.check(&[]);
    assert!(
        ok,
        "a dependency's path alone is not the macro's to judge:\n{out}"
    );
    fs::create_dir_all(c.dir.path().join("tests")).unwrap();
    fs::write(
        c.dir.path().join("tests/contract.rs"),
        "#[test]\nfn api() {\n    contract_pin::assert_golden!(\"api\");\n}\n",
    )
    .unwrap();
    let out = c.cargo(&["test", "--quiet"], &[]);
    let text =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "nor the harness's:\n{text}");

    // Near miss: std's trait in its place.
    fs::write(c.dir.path().join("src/lib.rs"), pinned("std::fmt::Write")).unwrap();
    let (ok, out) = c.check(&[]);
    assert!(!ok, "{out}");
    assert!(
        out.contains("breaking change to pinned contract `emit`"),
        "{out}"
    );
}

/// A new pin whose set is a typo of the checked one (`set = "apu"` beside `"api"`),
/// with no golden and no test of its own, fails the test that checks `api`, naming
/// both: before, nothing ever compared it. A test of its own makes it a set.
#[test]
fn a_pin_s_set_named_like_the_checked_one_fails_its_test() {
    let c = Crate::new("typo-set");
    c.write_golden(ITEMS, |_| {});
    let typo = format!(
        "{ITEMS}\n#[contract_pin::contract(set = \"apu\")]\npub struct Extra {{\n    pub n: u8,\n}}\n"
    );
    fs::write(c.dir.path().join("src/lib.rs"), &typo).unwrap();
    fs::create_dir_all(c.dir.path().join("tests")).unwrap();
    fs::write(
        c.dir.path().join("tests/contract.rs"),
        "#[test]\nfn api() {\n    contract_pin::assert_golden!(\"api\");\n}\n",
    )
    .unwrap();
    let out = c.cargo(&["test", "--quiet", "--test", "contract"], &[]);
    let text =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{text}");
    assert!(
        text.contains("set `apu` of package `typo-set` has no golden and no test checks it: a typo of set `api`?"),
        "{text}"
    );
    // The near miss: a test checks `apu` too (its golden is that test's to create).
    fs::write(
        c.dir.path().join("tests/extra.rs"),
        "#[test]\nfn apu() {\n    contract_pin::assert_golden!(\"apu\");\n}\n",
    )
    .unwrap();
    let out = c.cargo(&["test", "--quiet", "--test", "contract"], &[]);
    let text =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
}

/// What a pinning library links (issue 43): `cargo tree` of a user crate that pins
/// items, normal dependencies only and proc macros left out (a proc macro's own graph
/// runs on the host and adds no impl the user's type inference sees). contract-pin
/// brings inventory and serde (for the probe) and nothing else, so nothing heavy can
/// creep back into every user's library build.
#[test]
fn a_pinning_library_links_contract_pin_inventory_and_serde_only() {
    let c = Crate::new("linked-graph");
    let out = c.cargo(
        &[
            "tree",
            "--offline",
            "--package",
            "contract-pin",
            "--edges",
            "normal,no-proc-macro",
            "--prefix",
            "none",
            "--format",
            "{p}",
        ],
        &[],
    );
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "cargo tree: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut linked: Vec<&str> = text
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    linked.sort_unstable();
    linked.dedup();
    // serde 1.0.220 split its traits into serde_core; both are serde.
    linked.retain(|name| *name != "serde_core");
    assert_eq!(
        linked,
        ["contract-pin", "inventory", "serde"],
        "a pinning library links more than the registration:\n{text}"
    );
}
