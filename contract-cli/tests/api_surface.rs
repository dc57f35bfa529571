//! The Rust API facts a source reading cannot see, end to end with real cargo: what
//! the compiler says a pinned type implements (the type probe), a derive replaced by
//! a hand-written impl, the public path behind a `pub use`, attribute order, and
//! proc-macro crates. Each test builds a small crate outside this workspace, as a
//! user would, and runs `cargo check`, `cargo test` (the harness) and the
//! `contract-pin` command on it.

mod support;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use support::{finish, Run, BIN, CLEARED};

/// A crate depending on this repository's `contract-pin`.
struct Crate {
    dir: tempfile::TempDir,
    target: PathBuf,
    package: &'static str,
}

impl Crate {
    /// A library crate named `package` (one per test: cargo shares the build of two
    /// packages of one name and version in one target directory).
    fn new(package: &'static str, proc_macro: bool) -> Crate {
        let dir = tempfile::Builder::new()
            .prefix("contract-pin-api-surface-")
            .tempdir()
            .unwrap();
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let lib = if proc_macro {
            "\n[lib]\nproc-macro = true\n"
        } else {
            ""
        };
        let c = Crate {
            dir,
            // contract-cli/tests/new_user.rs and the differential suite build there too: the
            // dependencies compile once.
            target: Path::new(env!("CARGO_TARGET_TMPDIR")).join("new-user-target"),
            package,
        };
        c.write(
            "Cargo.toml",
            &format!(
                "[package]\nname = \"{package}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\
                 publish = false\n{lib}\n[workspace]\n\n[dependencies]\n\
                 contract-pin = {{ path = {:?} }}\nserde = {{ version = \"1\", features = [\"derive\"] }}\n\n\
                 [dev-dependencies]\ncontract-harness = {{ path = {:?} }}\n",
                repo.display().to_string(),
                repo.join("contract-harness").display().to_string()
            ),
        );
        fs::copy(repo.join("Cargo.lock"), c.path("Cargo.lock")).unwrap();
        if !proc_macro {
            c.write(
                "tests/contract.rs",
                "#[test]\nfn api() {\n    contract_pin::assert_golden!(\"api\");\n}\n",
            );
        }
        c
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.path(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }

    fn golden(&self) -> String {
        fs::read_to_string(self.path(&format!("golden/api-contract/{}.json", self.package)))
            .unwrap_or_default()
    }

    /// `cargo …` with a user's environment plus `vars`.
    fn cargo(&self, args: &[&str], vars: &[(&str, &str)]) -> Run {
        let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()));
        cmd.args(args).current_dir(self.dir.path());
        clean(&mut cmd);
        cmd.env("CARGO_TARGET_DIR", &self.target)
            .env("CARGO_TERM_COLOR", "never")
            // As every test that builds in this directory (tests/common/clean_env.rs).
            .env("CARGO_PROFILE_DEV_DEBUG", "0");
        for (k, v) in vars {
            cmd.env(k, v);
        }
        finish(cmd.stdin(Stdio::null()).output().unwrap())
    }

    /// `cargo test` (the harness), quietly.
    fn test(&self, vars: &[(&str, &str)]) -> Run {
        self.cargo(&["test", "--quiet"], vars)
    }

    /// `cargo check`, one line per diagnostic.
    fn check(&self) -> Run {
        self.cargo(&["check", "--message-format=short"], &[])
    }

    /// `contract-pin check` on the crate.
    fn cli(&self, args: &[&str]) -> Run {
        let mut cmd = Command::new(BIN);
        clean(&mut cmd);
        cmd.args(args)
            .arg("--manifest-path")
            .arg(self.path("Cargo.toml"))
            .current_dir(self.dir.path())
            // Its scan cache in the crate's own `target/`, whatever a config says.
            .env("CARGO_TARGET_DIR", self.path("target"));
        finish(cmd.stdin(Stdio::null()).output().unwrap())
    }
}

/// A user's environment: none of this process's cargo or contract-pin variables.
fn clean(cmd: &mut Command) {
    for (key, _) in std::env::vars() {
        let ours =
            key.starts_with("CARGO_") || key.starts_with("CONTRACT_PIN") || key.starts_with("RUST");
        let kept = matches!(
            key.as_str(),
            "CARGO_HOME" | "RUSTUP_HOME" | "RUSTUP_TOOLCHAIN"
        );
        if ours && !kept {
            cmd.env_remove(&key);
        }
    }
    for key in CLEARED {
        cmd.env_remove(key);
    }
}

fn ok(run: &Run, what: &str) {
    assert_eq!(run.code, 0, "{what}\n{run:?}");
}

fn fails_with(run: &Run, what: &str, needles: &[&str]) {
    assert_ne!(run.code, 0, "{what} passed\n{run:?}");
    let all = format!("{}{}", run.stdout, run.stderr);
    for needle in needles {
        assert!(all.contains(needle), "{what}: no {needle:?} in\n{run:?}");
    }
}

/// The auto traits a type loses through a private field are breaking, and only the
/// compiler knows them: the harness reports what its probe answered.
#[test]
fn a_private_rc_field_loses_send_and_sync_and_the_harness_says_so() {
    let c = Crate::new("api-surface-auto", false);
    let v1 = "#[contract_pin::contract(set = \"api\")]\npub struct Session {\n    pub id: u64,\n    \
              cache: Vec<u8>,\n}\n\nimpl Session {\n    pub fn cache_len(&self) -> usize {\n        \
              self.cache.len()\n    }\n}\n";
    c.write("src/lib.rs", v1);
    ok(&c.test(&[("API_CONTRACT_UPDATE_GOLDEN", "1")]), "bootstrap");
    let golden = c.golden();
    assert!(
        golden.contains("\"implements\"")
            && golden.contains("\"Send\"")
            && golden.contains("\"Sync\""),
        "the golden records what the compiler answered:\n{golden}"
    );
    ok(&c.test(&[]), "unchanged");
    // A private field: no shape a consumer sees changes but the auto traits.
    c.write(
        "src/lib.rs",
        &v1.replace(
            "cache: Vec<u8>,",
            "cache: Vec<u8>,\n    counter: std::rc::Rc<()>,",
        ),
    );
    ok(&c.check(), "cargo check cannot see auto traits");
    let run = c.test(&[]);
    fails_with(
        &run,
        "an Rc field",
        &[
            "BREAKING CHANGE DETECTED",
            "auto_trait_removed",
            "no longer implements `Send`",
            "no longer implements `Sync`",
        ],
    );
    // The command reads sources only: it does not see the loss, and says nothing false.
    let cli = c.cli(&["check"]);
    assert!(!cli.stdout.contains("auto_trait_removed"), "{cli:?}");
}

/// `contract-pin review` reads sources only, so it cannot know what the compiler
/// recorded in the golden (`implements`). Accepting a change on a real terminal must
/// keep it: then a hand-written `impl Default` removed, or a private field that makes
/// the type lose `Send` and `Sync`, is still a break for `cargo test` — not additive
/// drift that "rerun with the update variable" would accept.
#[test]
fn review_keeps_what_the_compiler_recorded_and_later_breaks_are_still_breaks() {
    let c = Crate::new("api-surface-review-keeps", false);
    let v1 = "#[contract_pin::contract(set = \"api\")]\npub struct Session {\n    pub id: u64,\n    \
              cache: Vec<u8>,\n}\n\nimpl Session {\n    pub fn cache_len(&self) -> usize {\n        \
              self.cache.len()\n    }\n}\n\nimpl Default for Session {\n    fn default() -> Self {\n        \
              Session { id: 0, cache: Vec::new() }\n    }\n}\n";
    c.write("src/lib.rs", v1);
    ok(&c.test(&[("API_CONTRACT_UPDATE_GOLDEN", "1")]), "bootstrap");
    let recorded = |golden: &str| {
        golden.contains("\"implements\"")
            && ["\"Default\"", "\"Send\"", "\"Sync\""]
                .iter()
                .all(|t| golden.contains(t))
    };
    assert!(recorded(&c.golden()), "{}", c.golden());

    // An additive change, accepted in `contract-pin review` on a real terminal.
    let v2 = v1
        .replace(
            "cache: Vec<u8>,\n}",
            "cache: Vec<u8>,\n    pub tag: u32,\n}",
        )
        .replace("cache: Vec::new() }", "cache: Vec::new(), tag: 0 }");
    c.write("src/lib.rs", &v2);
    let diff = c.cli(&["diff"]);
    assert!(diff.stdout.contains("+     pub tag: u32,"), "{diff:?}");
    assert!(!diff.stdout.contains("- // implements"), "{diff:?}");
    let mut pty = support::Pty::spawn(
        BIN,
        &[
            "--manifest-path",
            c.path("Cargo.toml").to_str().unwrap(),
            "review",
        ],
        c.dir.path(),
        &[],
    );
    pty.expect_nth("a accept · r reject · s skip", 1);
    pty.expect_raw();
    pty.send("a");
    let (code, out, _) = pty.finish();
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("1 accepted, 0 rejected, 0 skipped"), "{out}");
    assert!(out.contains("field_added"), "an additive field: {out}");
    // What the sources cannot know is not shown as lost either.
    assert!(!out.contains("- // implements"), "{out}");
    let golden = c.golden();
    assert!(golden.contains("\"tag\""), "accepted:\n{golden}");
    assert!(
        recorded(&golden),
        "the review kept what the compiler recorded:\n{golden}"
    );
    ok(&c.test(&[]), "after the review");

    // The hand-written impl removed: a break.
    c.write("src/lib.rs", &v2[..v2.find("impl Default").unwrap()]);
    fails_with(
        &c.test(&[]),
        "impl Default removed",
        &["BREAKING CHANGE DETECTED", "impl_removed"],
    );
    // A private field that loses Send and Sync: a break, not additive drift.
    c.write(
        "src/lib.rs",
        &v2.replace(
            "cache: Vec<u8>,",
            "cache: Vec<u8>,\n    counter: std::rc::Rc<u8>,",
        )
        .replace("tag: 0 }", "tag: 0, counter: Default::default() }"),
    );
    let run = c.test(&[]);
    fails_with(
        &run,
        "an Rc field after the review",
        &[
            "BREAKING CHANGE DETECTED",
            "auto_trait_removed",
            "no longer implements `Send`",
            "no longer implements `Sync`",
        ],
    );
    assert_eq!(c.golden(), golden, "a failing run writes nothing");
}

/// A library's unit tests and an integration test both check set `api`, and a pin
/// under `#[cfg(test)]` exists only in the unit tests: the two binaries register
/// different shapes. That is refused — naming each binary, what only it registers,
/// and the way out — and an update never leaves a golden that flips between them.
#[test]
fn two_test_binaries_that_register_differently_are_refused_not_flipped() {
    let c = Crate::new("api-surface-two-binaries", false);
    let lib = |unit_check: &str| {
        format!(
            "#[contract_pin::contract(set = \"api\")]\npub struct Order {{\n    pub id: u64,\n}}\n\n\
             #[cfg(test)]\nmod tests {{\n    #[contract_pin::contract(set = \"api\")]\n    \
             pub struct Fixture {{\n        pub seed: u8,\n    }}\n\n    #[test]\n    fn api() {{\n        \
             {unit_check}\n    }}\n}}\n"
        )
    };
    c.write("src/lib.rs", &lib("contract_pin::assert_golden!(\"api\");"));
    let says = [
        "two test binaries of package `api-surface-two-binaries` check \
         golden/api-contract/api-surface-two-binaries.json (set `api`) with different registrations",
        "test binary `api_surface_two_binaries` (assert_golden! at src/lib.rs:15:9) registers \
         `Fixture` that `contract` does not",
        "keep one `assert_golden!(\"api\")`",
    ];
    // The unit tests run first and write the golden; the integration test refuses.
    let update = [("API_CONTRACT_UPDATE_GOLDEN", "1")];
    fails_with(&c.test(&update), "two binaries, update", &says);
    let first = c.golden();
    assert!(first.contains("\"Fixture\""), "{first}");
    // Again: now the unit tests refuse too; nothing is rewritten, by either.
    fails_with(&c.test(&update), "two binaries, update again", &says);
    assert_eq!(c.golden(), first, "the golden flipped");
    fails_with(&c.test(&[]), "two binaries, compare", &says);
    // One binary checks the set: the golden follows it, and stays.
    c.write("src/lib.rs", &lib("let _ = 0;"));
    ok(&c.test(&update), "one binary, update");
    let golden = c.golden();
    assert!(!golden.contains("\"Fixture\""), "{golden}");
    ok(&c.test(&update), "one binary, update again");
    ok(&c.test(&[]), "one binary, compare");
    assert_eq!(c.golden(), golden);

    // Two integration tests that see the same pins agree, whatever the features — and
    // the binaries a build with other features left behind are not writers of this run.
    let manifest = fs::read_to_string(c.path("Cargo.toml")).unwrap();
    c.write(
        "Cargo.toml",
        &format!("{manifest}\n[features]\nextra = []\n"),
    );
    c.write(
        "tests/other.rs",
        "#[test]\nfn api_again() {\n    contract_pin::assert_golden!(\"api\");\n}\n",
    );
    c.write(
        "src/lib.rs",
        &format!(
            "{}\n#[cfg(feature = \"extra\")]\n#[contract_pin::contract(set = \"api\")]\npub struct Extra;\n",
            lib("let _ = 0;")
        ),
    );
    let with_extra = [update[0], ("CONTRACT_PIN_COMPILE_CHECK", "0")];
    ok(
        &c.cargo(&["test", "--quiet", "--features", "extra"], &with_extra),
        "two agreeing binaries, with the feature",
    );
    assert!(c.golden().contains("\"Extra\""), "{}", c.golden());
    ok(&c.test(&update), "two agreeing binaries, without it");
    assert_eq!(
        c.golden(),
        golden,
        "the golden of the build without the feature"
    );
    ok(&c.test(&[]), "two agreeing binaries, compare");
}

/// The same situation reads the same in every front end: `cargo test` (the harness and
/// the macro) and `contract-pin`.
#[test]
fn the_front_ends_say_the_same_thing_about_the_same_situation() {
    let c = Crate::new("api-surface-front-ends", false);
    let v1 = "#[contract_pin::contract(set = \"api\")]\n#[non_exhaustive]\npub struct Meta {\n    \
              pub tag: u32,\n}\n\npub mod model {\n    #[contract_pin::contract(set = \"api\")]\n    \
              pub struct Comparator {\n        pub op: u8,\n    }\n}\n\n\
              #[contract_pin::contract(set = \"api\")]\npub const MAX: u32 = 3;\n";
    c.write("src/lib.rs", v1);
    let update = [("API_CONTRACT_UPDATE_GOLDEN", "1")];
    ok(&c.test(&update), "bootstrap");
    let golden = c.golden();
    let restore = || {
        fs::write(
            c.path("golden/api-contract/api-surface-front-ends.json"),
            &golden,
        )
        .unwrap()
    };
    let all = |run: &Run| format!("{}{}", run.stdout, run.stderr);

    // A removed symbol and an additive field together: each front end shows both, and
    // names the removed symbol by its path as it names every other.
    let v2 = v1
        .replace(
            "    #[contract_pin::contract(set = \"api\")]\n    pub struct Comparator {\n        pub op: u8,\n    }\n",
            "",
        )
        .replace("pub tag: u32,", "pub tag: u32,\n    pub weight: u32,");
    c.write("src/lib.rs", &v2);
    let harness = all(&c.test(&[]));
    let cli = all(&c.cli(&["check"]));
    for out in [&harness, &cli] {
        assert!(
            out.contains("api_surface_front_ends::model::Comparator"),
            "{out}"
        );
        assert!(
            out.contains("field_added"),
            "the additive delta is shown: {out}"
        );
    }
    assert!(
        harness.contains("Symbol: api_surface_front_ends::model::Comparator"),
        "{harness}"
    );
    assert!(
        harness.contains("Also additive (the same update accepts them):\n  - field_added @ api_surface_front_ends::Meta"),
        "{harness}"
    );

    // Accepting them: one count, in the same words.
    let harness = all(&c.test(&update));
    restore();
    let cli = all(&c.cli(&["update"]));
    for out in [&harness, &cli] {
        assert!(
            out.contains("2 deltas accepted (1 breaking, 1 additive)"),
            "{out}"
        );
    }
    restore();
    c.write("src/lib.rs", &v1.replace("u32 = 3;", "u32 = 4;"));
    let harness = all(&c.test(&update));
    restore();
    let cli = all(&c.cli(&["update"]));
    for out in [&harness, &cli] {
        assert!(
            out.contains("1 delta accepted (1 breaking, 0 additive)"),
            "{out}"
        );
        assert!(!out.contains("1 deltas"), "{out}");
    }
    restore();

    // Under CI an update request is ignored, and no front end then says to rerun with
    // it here: the command is for a developer's machine.
    let ci = [("CI", "true"), ("API_CONTRACT_UPDATE_GOLDEN", "1")];
    let macro_says = all(&c.cargo(&["check"], &ci));
    let unchecked = [ci[0], ci[1], ("CONTRACT_PIN_COMPILE_CHECK", "0")];
    let harness = all(&c.cargo(&["test", "--quiet"], &unchecked));
    assert!(
        harness.contains("API_CONTRACT_UPDATE_GOLDEN=1 is IGNORED"),
        "{harness}"
    );
    for out in [&macro_says, &harness] {
        assert!(out.contains("on your machine"), "{out}");
    }
    assert!(
        harness.contains(
            "3. Rerun with `API_CONTRACT_UPDATE_GOLDEN=1 cargo test -p api-surface-front-ends` \
             on your machine (CI only compares goldens)"
        ),
        "{harness}"
    );
    assert_eq!(c.golden(), golden, "CI wrote the golden");

    // A contract attribute below `#[derive]`: `contract-pin check` does not advise the
    // `update` that refuses until the source is fixed.
    c.write(
        "src/lib.rs",
        &v1.replace(
            "#[contract_pin::contract(set = \"api\")]\n#[non_exhaustive]",
            "#[non_exhaustive]\n#[derive(Clone)]\n#[contract_pin::contract(set = \"api\")]",
        )
        .replace("u32 = 3;", "u32 = 4;"),
    );
    let check = all(&c.cli(&["check"]));
    assert!(check.contains("is below `#[derive(Clone)]`"), "{check}");
    assert!(
        !check.contains("Accept it with `contract-pin update"),
        "{check}"
    );
    assert!(
        check.contains("Fix the source errors above first"),
        "{check}"
    );
    let update = all(&c.cli(&["update"]));
    assert!(update.contains("fix them first"), "{update}");
    c.write("src/lib.rs", v1);

    // Every mistake in the policy file in one run, in every front end; a table nothing
    // pins is counted with the warnings in the summary.
    c.write(
        "contract-pin.toml",
        "[set.api]\nwire_direction = \"ful\"\naxes = [\"apii\"]\nwire_formt = \"positional\"\n",
    );
    let harness = all(&c.cargo(&["test", "--quiet"], &[("CONTRACT_PIN_COMPILE_CHECK", "0")]));
    let macro_says = all(&c.check());
    let cli = all(&c.cli(&["check"]));
    for out in [&harness, &macro_says, &cli] {
        for line in [2, 3, 4] {
            assert!(
                out.contains(&format!("contract-pin.toml:{line}:")),
                "line {line}: {out}"
            );
        }
    }
    c.write(
        "contract-pin.toml",
        "[set.unused]\nwire_direction = \"full\"\n",
    );
    let cli = all(&c.cli(&["check"]));
    assert!(cli.contains("set `unused`"), "{cli}");
    assert!(
        cli.contains("checked 1 set in 1 package: 1 match, 1 warning"),
        "{cli}"
    );
}

/// A derive replaced by a hand-written impl of the same trait is no change where the
/// impl can be seen; the trait really gone is `derive_removed`, at compile time too.
#[test]
fn a_derive_replaced_by_an_impl_is_no_change_and_a_removed_one_still_breaks() {
    let c = Crate::new("api-surface-derive", false);
    let v1 = "#[contract_pin::contract(set = \"api\")]\n#[derive(Clone, Debug)]\npub struct Config {\n    \
              pub retries: u32,\n}\n";
    c.write("src/lib.rs", v1);
    ok(&c.test(&[("API_CONTRACT_UPDATE_GOLDEN", "1")]), "bootstrap");
    let by_hand = "#[contract_pin::contract(set = \"api\")]\n#[derive(Debug)]\npub struct Config {\n    \
                   pub retries: u32,\n}\n\nimpl Clone for Config {\n    fn clone(&self) -> Self {\n        \
                   Config { retries: self.retries }\n    }\n}\n";
    c.write("src/lib.rs", by_hand);
    ok(
        &c.check(),
        "the compile-time assertion holds: Config is still Clone",
    );
    ok(&c.test(&[]), "the harness sees the impl");
    let cli = c.cli(&["check"]);
    assert_eq!(
        cli.code, 0,
        "the command sees `impl Clone for Config` in the sources\n{cli:?}"
    );
    // Near miss: the trait is really gone.
    c.write(
        "src/lib.rs",
        "#[contract_pin::contract(set = \"api\")]\n#[derive(Debug)]\npub struct Config {\n    pub retries: u32,\n}\n",
    );
    let check = c.check();
    fails_with(
        &check,
        "Clone removed",
        &["breaking change to pinned contract `Config` (derive_removed, api axis): `Clone` no longer derived"],
    );
    fails_with(
        &c.test(&[("CONTRACT_PIN_COMPILE_CHECK", "0")]),
        "Clone removed, harness",
        &["derive_removed"],
    );
    fails_with(
        &c.cli(&["check"]),
        "Clone removed, command",
        &["derive_removed"],
    );
}

/// `path = "crate::api::Order"` names the item as consumers do: moving its definition
/// behind an unchanged `pub use` is no move; the path it was pinned under going away
/// is.
#[test]
fn the_public_path_behind_a_pub_use_is_what_moves() {
    let c = Crate::new("api-surface-paths", false);
    let lib = |module: &str, reexport: &str| {
        format!(
            "mod {module} {{\n    #[contract_pin::contract(set = \"api\", path = \"{reexport}\")]\n    \
             pub struct Order {{\n        pub id: u64,\n    }}\n}}\n\npub mod api {{\n    \
             pub use crate::{module}::Order;\n}}\n\npub mod v2 {{\n    pub use crate::{module}::Order;\n}}\n"
        )
    };
    c.write("src/lib.rs", &lib("orders", "crate::api::Order"));
    ok(&c.test(&[("API_CONTRACT_UPDATE_GOLDEN", "1")]), "bootstrap");
    assert!(
        c.golden().contains("\"path\": \"crate::api::Order\""),
        "{}",
        c.golden()
    );
    // Moved to another private module; `api::Order` unchanged.
    c.write("src/lib.rs", &lib("store", "crate::api::Order"));
    ok(&c.check(), "moved behind the same pub use");
    ok(&c.test(&[]), "no symbol_moved: the public path is the same");
    ok(&c.cli(&["check"]), "the command agrees");
    // The path does not name the item: refused at compile time.
    c.write(
        "src/lib.rs",
        &lib("store", "crate::api::Order").replace(
            "pub use crate::store::Order;\n}\n\npub mod v2",
            "}\n\npub mod v2",
        ),
    );
    let check = c.check();
    assert_ne!(
        check.code, 0,
        "a path that names nothing compiles\n{check:?}"
    );
    // Consumers' `api::Order` is gone; the item is pinned under its new path.
    c.write(
        "src/lib.rs",
        &lib("store", "crate::v2::Order").replace(
            "pub use crate::store::Order;\n}\n\npub mod v2",
            "}\n\npub mod v2",
        ),
    );
    // The argument changed: one expansion sees it.
    fails_with(
        &c.check(),
        "the path argument changed",
        &["(symbol_moved, api axis): public path `crate::api::Order` -> `crate::v2::Order`"],
    );
    fails_with(
        &c.test(&[("CONTRACT_PIN_COMPILE_CHECK", "0")]),
        "the public path changed",
        &["symbol_moved", "crate::api::Order", "crate::v2::Order"],
    );
    fails_with(&c.cli(&["check"]), "command", &["symbol_moved"]);
}

/// With `#[contract]` below `#[derive(Serialize)]` the macro never sees the derive:
/// `cargo check` refuses it, naming the line to move; with the compile-time check
/// off the harness does, because the compiler says the type is `Serialize`. A
/// hand-written impl is said to be one, not guessed at.
#[test]
fn a_contract_attribute_below_a_serde_derive_is_refused_naming_the_line() {
    let c = Crate::new("api-surface-order", false);
    c.write(
        "src/lib.rs",
        "use serde::{Deserialize, Serialize};\n\n#[derive(Serialize, Deserialize)]\n\
         #[contract_pin::contract(set = \"api\")]\npub struct Order {\n    pub id: u64,\n}\n",
    );
    fails_with(
        &c.check(),
        "derive above",
        &[
            "src/lib.rs:4",
            "is below `#[derive(Serialize, Deserialize)]` (line 3)",
        ],
    );
    fails_with(
        &c.test(&[
            ("CONTRACT_PIN_COMPILE_CHECK", "0"),
            ("API_CONTRACT_UPDATE_GOLDEN", "1"),
        ]),
        "derive above, harness",
        &[
            "implements `Serialize`/`Deserialize`",
            "(line 3)",
            "Move the contract attribute above",
        ],
    );
    assert!(
        c.golden().is_empty(),
        "no golden is written from a shape without its derives"
    );
    // Hand-written: a warning, and the check passes.
    c.write(
        "src/lib.rs",
        "#[contract_pin::contract(set = \"api\")]\npub struct Order {\n    pub id: u64,\n}\n\n\
         impl serde::Serialize for Order {\n    fn serialize<S: serde::Serializer>(&self, s: S) -> \
         Result<S::Ok, S::Error> {\n        s.serialize_u64(self.id)\n    }\n}\n",
    );
    let run = c.cargo(
        &["test", "--", "--nocapture"],
        &[("API_CONTRACT_UPDATE_GOLDEN", "1")],
    );
    ok(&run, "hand-written Serialize");
    assert!(
        run.stderr
            .contains("implements `Serialize` by hand: its wire form cannot be derived"),
        "{run:?}"
    );
    let cli = c.cli(&["check"]);
    assert!(
        cli.stderr.contains("implements `Serialize` by hand")
            || cli.stdout.contains("implements `Serialize` by hand"),
        "{cli:?}"
    );
    // The team vouches for its wire form: compared by identity, and no longer warned
    // about, by the harness or the command.
    c.write(
        "contract-pin.toml",
        "[set.api]\nwire_vouched = [\"Order\"]\n",
    );
    let run = c.cargo(&["test", "--", "--nocapture"], &[]);
    ok(&run, "vouched for");
    assert!(!run.stderr.contains("by hand"), "{run:?}");
    let cli = c.cli(&["check"]);
    assert_eq!(cli.code, 0, "{cli:?}");
    assert!(!cli.stderr.contains("by hand"), "{cli:?}");
    // A name that is no hand-written type of the set is an error, at its line.
    c.write(
        "contract-pin.toml",
        "[set.api]\nwire_vouched = [\"Ordre\"]\n",
    );
    for run in [c.cargo(&["test"], &[]), c.cli(&["check"])] {
        assert_ne!(run.code, 0, "{run:?}");
        let said = format!("{}{}", run.stdout, run.stderr);
        assert!(
            said.contains("contract-pin.toml:2: `wire_vouched` of set `api` names `Ordre`")
                && said.contains("it has `Order`"),
            "{run:?}"
        );
    }
}

/// A proc-macro crate pins its macros (a derive by its name, its helper attributes),
/// checks them in a unit test, and the command scans it.
#[test]
fn a_proc_macro_crate_pins_its_derive_and_its_helpers() {
    let c = Crate::new("api-surface-derive-macro", true);
    let lib = |helpers: &str| {
        format!(
            "//! A derive.\nextern crate proc_macro;\nuse proc_macro::TokenStream;\n\n\
             #[contract_pin::contract(set = \"api\")]\n#[proc_macro_derive(Builder, attributes({helpers}))]\n\
             pub fn derive_builder(_input: TokenStream) -> TokenStream {{\n    TokenStream::new()\n}}\n\n\
             #[contract_pin::contract(set = \"api\")]\n#[proc_macro]\npub fn sql(input: TokenStream) -> TokenStream {{\n    input\n}}\n\n\
             #[cfg(test)]\nmod tests {{\n    #[test]\n    fn api() {{\n        contract_pin::assert_golden!(\"api\");\n    }}\n}}\n"
        )
    };
    c.write("src/lib.rs", &lib("builder, setter"));
    ok(&c.test(&[("API_CONTRACT_UPDATE_GOLDEN", "1")]), "bootstrap");
    let golden = c.golden();
    assert!(
        golden.contains("\"Builder\"")
            && golden.contains("\"setter\"")
            && golden.contains("\"sql\""),
        "{golden}"
    );
    let cli = c.cli(&["check"]);
    assert_eq!(
        cli.code, 0,
        "the command scans the proc-macro target\n{cli:?}"
    );
    c.write("src/lib.rs", &lib("builder"));
    fails_with(
        &c.check(),
        "helper removed",
        &["breaking change to pinned contract `Builder` (proc_macro_helper_removed, api axis)"],
    );
    fails_with(
        &c.test(&[("CONTRACT_PIN_COMPILE_CHECK", "0")]),
        "helper removed, harness",
        &["proc_macro_helper_removed"],
    );
    fails_with(
        &c.cli(&["check"]),
        "helper removed, command",
        &["proc_macro_helper_removed"],
    );
}
