//! The command's answers where it used to disagree with the compiler or the harness,
//! or to fail silent: which attributes are contract-pin's, what the compiler rejects,
//! exit codes and the JSON shape when something cannot be checked, re-exports, and
//! the golden directory of the workspace being checked (not of the one the command
//! was started from). Fixture workspaces are written to temp dirs and never compiled.

mod support;

use std::path::{Path, PathBuf};

use serde_json::Value;
use support::{command, finish, Run};

/// The command's JSON output.
fn json_of(run: &Run) -> Value {
    serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}: {run:?}"))
}

struct Workspace {
    dir: tempfile::TempDir,
}

impl Workspace {
    /// A workspace with `members` (each `name = "lib.rs text"`).
    fn new(members: &[(&str, &str)]) -> Workspace {
        let w = Workspace {
            dir: tempfile::tempdir().unwrap(),
        };
        let names: Vec<String> = members.iter().map(|(n, _)| format!("{n:?}")).collect();
        w.write(
            "Cargo.toml",
            &format!(
                "[workspace]\nmembers = [{}]\nresolver = \"2\"\n",
                names.join(", ")
            ),
        );
        for (name, lib) in members {
            w.write(
                &format!("{name}/Cargo.toml"),
                &format!("[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            );
            w.write(&format!("{name}/src/lib.rs"), lib);
        }
        w
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn run(&self, args: &[&str]) -> Run {
        run_in(self.dir.path(), &self.path("Cargo.toml"), args, &[])
    }
}

/// The command with a clean environment plus `env`, started in `cwd`, as a user
/// would start it (not from cargo).
fn run_in(cwd: &Path, manifest: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut c = command(manifest, args, &[]);
    c.env_remove("CARGO")
        .envs(env.iter().copied())
        .current_dir(cwd);
    finish(c.output().unwrap())
}

const API: &str =
    "#[contract_pin::contract(set = \"api\")]\npub struct Order {\n    pub id: u64,\n}\n";

#[test]
fn another_crates_contract_attribute_is_not_a_pin_and_an_unresolvable_one_is_said() {
    let w = Workspace::new(&[(
        "chain",
        "use soroban_sdk::{contract, contractimpl};\n\n#[contract]\npub struct Token;\n\n\
         #[soroban_sdk::contract]\npub struct Vault;\n\n#[ink::contract(env = crate::CustomEnv)]\n\
         mod flipper {}\n",
    )]);
    let run = w.run(&["check"]);
    assert_eq!(
        run.code, 0,
        "another crate's attributes are not ours: {run:?}"
    );
    assert!(run.stderr.is_empty(), "{run:?}");

    // A bare `#[contract]` that only a glob of an unknown crate can provide: said.
    w.write(
        "chain/src/lib.rs",
        "use soroban_sdk::*;\n\n#[contract]\npub struct Token;\n",
    );
    let run = w.run(&["check", "--format", "json"]);
    assert_eq!(run.code, 0, "{run:?}");
    let json = json_of(&run);
    assert_eq!(json["verdict"], "match");
    let warning = &json["warnings"][0];
    assert_eq!(warning["file"], "chain/src/lib.rs");
    assert_eq!(warning["line"], 3);
    assert!(
        warning["message"]
            .as_str()
            .unwrap()
            .contains("`use soroban_sdk::*` may provide it"),
        "{json}"
    );

    // contract-pin's, by an imported or renamed name: seen.
    w.write(
        "chain/src/lib.rs",
        "use contract_pin::contract as pin;\n\n#[pin(set = \"api\")]\npub struct Token;\n",
    );
    let run = w.run(&["check", "--format", "json"]);
    assert_eq!(run.code, 3, "{run:?}");
    assert_eq!(json_of(&run)["reports"][0]["status"], "missing", "{run:?}");
}

/// The trybuild fixtures of `tests/ui/invalid` carry the compiler's own output
/// (`.stderr`). For every fixture whose errors come from a contract attribute, the
/// command must report the same errors, at the same lines, in the same words.
#[test]
fn every_contract_attribute_the_compiler_rejects_is_an_error_here_too() {
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/ui/invalid");
    let fixtures = [
        "bad_argument_values",
        "derive_above_contract",
        "duplicate_argument",
        "errors_together",
        "extern_block",
        "golden_outside",
        "macro_invocation",
        "module",
        "path_arguments",
        "phase5_with_set",
        "unknown_arguments",
        "use_declaration",
    ];
    let mut lib = String::new();
    let w = Workspace::new(&[("fixtures", "")]);
    for name in fixtures {
        let source = std::fs::read_to_string(ui.join(format!("{name}.rs"))).unwrap();
        w.write(&format!("fixtures/src/{name}.rs"), &source);
        lib.push_str(&format!("mod {name};\n"));
    }
    w.write("fixtures/src/lib.rs", &lib);
    let run = w.run(&["check", "--format", "json"]);
    assert_eq!(run.code, 3, "{run:?}");
    let json = json_of(&run);
    assert_eq!(json["verdict"], "error");
    let mut reported: Vec<(String, u64, String)> = json["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let file = e["file"].as_str().unwrap();
            let name = file
                .trim_start_matches("fixtures/src/")
                .trim_end_matches(".rs");
            (
                name.to_owned(),
                e["line"].as_u64().unwrap(),
                e["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let mut compiler: Vec<(String, u64, String)> = Vec::new();
    for name in fixtures {
        let stderr = std::fs::read_to_string(ui.join(format!("{name}.stderr"))).unwrap();
        let mut message = None;
        for line in stderr.lines() {
            if let Some(m) = line.strip_prefix("error: ") {
                message = Some(m.to_owned());
            } else if let (Some(at), Some(m)) = (line.trim().strip_prefix("--> "), message.take()) {
                let line_no = at.split(':').nth(1).unwrap().parse().unwrap();
                compiler.push((name.to_owned(), line_no, m));
            } else if line.starts_with("warning") {
                message = None;
            }
        }
    }
    reported.sort();
    compiler.sort();
    assert_eq!(reported, compiler, "{run:?}");
}

/// A typo in a new pin's set name (`set = "wrie"` beside `"wire"`) passed every
/// check: nothing compared it, and `check` offered to create its golden. A set with no
/// golden that no test checks, named like one that has either, is an error wherever
/// it is seen, naming the set it looks like; `--set` naming it creates it.
#[test]
fn a_new_pin_s_set_named_like_a_checked_set_is_an_error_naming_it() {
    let wire =
        "#[contract_pin::contract(set = \"wire\")]\npub struct Order {\n    pub id: u64,\n}\n";
    let w = Workspace::new(&[("app", wire)]);
    w.write(
        "app/tests/contract.rs",
        "#[test]\nfn wire() {\n    contract_pin::assert_golden!(\"wire\");\n}\n",
    );
    assert_eq!(w.run(&["update"]).code, 0);
    let typo = format!(
        "{wire}\n#[contract_pin::contract(set = \"wrie\")]\npub struct Line {{\n    pub qty: u32,\n}}\n"
    );
    w.write("app/src/lib.rs", &typo);
    let said = "has no golden and no test checks it (pinned at app/src/lib.rs:6): a typo of \
                set `wire`?";
    for args in [&["check"][..], &["check", "--set", "wire"], &["update"]] {
        let run = w.run(args);
        assert_eq!(run.code, 3, "{args:?}: {run:?}");
        assert!(
            run.stdout.contains(said) || run.stderr.contains(said),
            "{args:?}: {run:?}"
        );
        // Said once: where the line names the unit, the message does not again.
        assert!(
            !run.stderr.contains("set `wrie` of app: set `wrie`"),
            "{args:?}: {run:?}"
        );
    }
    assert!(
        w.run(&["update"])
            .stderr
            .contains(&format!("error: set `wrie` of app: {said}")),
        "the unit is named before the message"
    );
    assert!(!w.path("app/golden/wrie-contract").exists());
    // A set the command is told to create is meant as written.
    assert_eq!(w.run(&["update", "--set", "wrie"]).code, 0);
    assert_eq!(w.run(&["check"]).code, 0);
    // Near misses: a set a test checks, and one named like no other, are new sets
    // (missing, as before).
    std::fs::remove_dir_all(w.path("app/golden/wrie-contract")).unwrap();
    w.write(
        "app/tests/lines.rs",
        "#[test]\nfn wrie() {\n    contract_pin::assert_golden!(\"wrie\");\n}\n",
    );
    let run = w.run(&["check"]);
    assert!(
        !run.stdout.contains("a typo") && run.stdout.contains("no golden for contract set `wrie`"),
        "{run:?}"
    );
    std::fs::remove_file(w.path("app/tests/lines.rs")).unwrap();
    w.write("app/src/lib.rs", &typo.replace("\"wrie\"", "\"billing\""));
    let run = w.run(&["check"]);
    assert!(
        !run.stdout.contains("a typo")
            && run.stdout.contains("no golden for contract set `billing`"),
        "{run:?}"
    );
}

#[test]
fn an_unknown_set_package_or_golden_is_exit_3_and_errors_are_in_the_json() {
    let w = Workspace::new(&[("app", API)]);
    assert_eq!(w.run(&["update"]).code, 0);
    assert_eq!(w.run(&["check"]).code, 0);

    // A typo in a set name is not a clean run, in any format.
    let run = w.run(&["check", "--set", "apii"]);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(
        run.stderr.contains(
            "pins set `apii`, and no golden of it exists (sets pinned: api); did you mean `api`?"
        ),
        "{run:?}"
    );
    for args in [
        &["check", "--set", "apii", "--format", "json"][..],
        &["check", "-p", "nope", "--format", "json"],
    ] {
        let run = w.run(args);
        assert_eq!(run.code, 3, "{run:?}");
        let json = json_of(&run);
        assert_eq!(json["verdict"], "error", "{json}");
        assert_eq!(json["reports"], Value::Array(Vec::new()));
        assert_eq!(json["errors"][0]["kind"], "usage", "{json}");
        assert!(run.stderr.is_empty(), "JSON carries everything: {run:?}");
    }
    assert_eq!(w.run(&["diff", "--set", "apii"]).code, 3);
    assert_eq!(w.run(&["status", "--set", "apii"]).code, 3);

    // A source error and a golden nothing pins: inside the JSON, with the verdict.
    w.write(
        "app/src/lib.rs",
        &format!("{API}#[contract_pin::contract(set = 7)]\npub const OTHER: u8 = 1;\n"),
    );
    w.write("app/golden/retired-contract/app.json", "{}\n");
    let run = w.run(&["check", "--format", "json"]);
    assert_eq!(run.code, 3, "{run:?}");
    let json = json_of(&run);
    assert_eq!(json["verdict"], "error");
    assert_eq!(json["reports"][0]["status"], "match");
    let kinds: Vec<&str> = json["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["source", "unreferenced"], "{json}");
    assert_eq!(json["errors"][0]["file"], "app/src/lib.rs");
    assert_eq!(json["errors"][0]["line"], 5);
    assert_eq!(
        json["errors"][1]["golden"],
        "app/golden/retired-contract/app.json"
    );
    assert!(run.stderr.is_empty(), "{run:?}");

    // A corrupt golden: the set cannot be checked, said in the JSON.
    w.write("app/src/lib.rs", API);
    std::fs::remove_dir_all(w.path("app/golden/retired-contract")).unwrap();
    w.write("app/golden/api-contract/app.json", "{\n<<<<<<< HEAD\n");
    let run = w.run(&["check", "--format", "json"]);
    assert_eq!(run.code, 3, "{run:?}");
    let json = json_of(&run);
    assert_eq!(json["errors"][0]["kind"], "set");
    assert_eq!(json["errors"][0]["set"], "api");
    assert!(
        json["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("merge-conflict marker"),
        "{json}"
    );

    // `golden = "…"` names the golden, as for the harness; one that does not exist is
    // missing (exit 3), named as the attribute names it.
    w.write(
        "app/src/lib.rs",
        "#[contract_pin::contract(set = \"api\", golden = \"pins/api.json\")]\npub struct Order;\n",
    );
    let run = w.run(&["check", "--format", "json"]);
    assert_eq!(run.code, 3, "{run:?}");
    let json = json_of(&run);
    assert_eq!(json["reports"][0]["status"], "missing", "{json}");
    assert_eq!(json["reports"][0]["golden"], "app/src/pins/api.json");
    let run = w.run(&["check"]);
    assert!(
        run.stdout
            .contains("no golden for contract set `api` of package `app` at app/src/pins/api.json"),
        "{run:?}"
    );
    // Worded for the CLI: its own command first, the harness's beside it, once.
    assert!(
        run.stdout.contains(
            "Create it with `contract-pin update -p app --set api` (or \
             `API_CONTRACT_UPDATE_GOLDEN=1 cargo test -p app`), review it, and commit it."
        ),
        "{run:?}"
    );
    assert!(!run.stdout.contains("\n    or: "), "{run:?}");
    // Items of one set naming two goldens: an error, as in the harness.
    w.write(
        "app/src/lib.rs",
        "#[contract_pin::contract(set = \"api\", golden = \"pins/api.json\")]\npub struct A;\n\
         #[contract_pin::contract(set = \"api\")]\npub struct B;\n",
    );
    let run = w.run(&["check", "--format", "json"]);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(
        json_of(&run)["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("name different goldens"),
        "{run:?}"
    );
}

#[test]
fn a_crate_that_only_reexports_a_pinned_item_gets_a_verdict() {
    let w = Workspace::new(&[
        (
            "self_ref",
            "#[contract_pin::contract(set = \"s\")]\npub struct Example {\n    pub a: u8,\n}\n",
        ),
        ("app", "pub use self_ref::Example;\n"),
    ]);
    w.write(
        "app/Cargo.toml",
        "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [dependencies]\nself_ref = { path = \"../self_ref\" }\n",
    );
    assert_eq!(w.run(&["update"]).code, 0);
    for args in [
        &["check", "-p", "app"][..],
        &["check", "-p", "app", "--set", "s"],
    ] {
        let run = w.run(args);
        assert_eq!(run.code, 0, "{run:?}");
        assert!(
            run.stderr.contains(
                "app/src/lib.rs:1:19: `self_ref::Example` is pinned in set `s` of package \
                 `self_ref`: its golden there checks it; this re-export registers nothing in `app`"
            ),
            "{run:?}"
        );
    }
    let run = w.run(&["check", "-p", "app", "--format", "json"]);
    assert_eq!(run.code, 0, "{run:?}");
    let json = json_of(&run);
    assert_eq!(json["verdict"], "match");
    assert_eq!(json["warnings"][0]["line"], 1, "{json}");
    let run = w.run(&["check"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout
            .contains("self_ref self_ref/golden/s-contract/self_ref.json: match"),
        "{run:?}"
    );
}

/// `cargo run -p contract-cli -- check --manifest-path ../other/Cargo.toml` from
/// inside a workspace that sets `CONTRACT_PIN_GOLDEN_DIR`: cargo hands the command
/// that workspace's value (and sets `CARGO`). The goldens of `other` are where
/// `other`'s tests look for them, and the goldens of the workspace the command was
/// started from are never "unreferenced" there.
#[test]
fn the_golden_directory_is_the_checked_workspaces() {
    let here = Workspace::new(&[("tool", "")]);
    here.write(
        ".cargo/config.toml",
        "[env]\nCONTRACT_PIN_GOLDEN_DIR = { value = \"golden\", relative = true }\n",
    );
    here.write("golden/phase5-contract/tool.json", "{}\n");
    let injected = here.path("golden").to_string_lossy().into_owned();
    let other = Workspace::new(&[("app", API)]);
    let started_by_cargo = [
        ("CARGO", "cargo"),
        ("CONTRACT_PIN_GOLDEN_DIR", injected.as_str()),
    ];
    let manifest = other.path("Cargo.toml");

    let run = run_in(here.dir.path(), &manifest, &["update"], &started_by_cargo);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout
            .contains("created app/golden/api-contract/app.json"),
        "{run:?}"
    );
    assert!(
        !run.stdout.contains("phase5"),
        "nothing of the other workspace: {run:?}"
    );
    let run = run_in(here.dir.path(), &manifest, &["check"], &started_by_cargo);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(!run.stdout.contains("Unreferenced"), "{run:?}");
    assert!(here.path("golden/phase5-contract/tool.json").exists());

    // The checked workspace's own config decides, when it has one.
    other.write(
        ".cargo/config.toml",
        "[env]\nCONTRACT_PIN_GOLDEN_DIR = { value = \"goldens\", relative = true }\n",
    );
    let run = run_in(here.dir.path(), &manifest, &["check"], &started_by_cargo);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(
        run.stdout
            .contains("goldens/api-contract/app.json: missing"),
        "{run:?}"
    );

    // A directory the user chose outside the workspace is used, but files there that
    // nothing here pins are other workspaces' business: no advice about them.
    std::fs::remove_file(other.path(".cargo/config.toml")).unwrap();
    let shared = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(shared.path().join("billing-contract")).unwrap();
    std::fs::write(shared.path().join("billing-contract/ledger.json"), "{}\n").unwrap();
    let chosen = shared.path().to_string_lossy().into_owned();
    let user = [("CONTRACT_PIN_GOLDEN_DIR", chosen.as_str())];
    let run = run_in(other.dir.path(), &manifest, &["update"], &user);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        shared.path().join("api-contract/app.json").exists(),
        "{run:?}"
    );
    let run = run_in(other.dir.path(), &manifest, &["check"], &user);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(!run.stdout.contains("delete the file"), "{run:?}");
}
