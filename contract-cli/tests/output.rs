//! What the command prints: the `diff` view pinned by snapshot files (plain and in
//! colour), the colour conventions (`--color`, `NO_COLOR`, `CLICOLOR_FORCE`, terminal
//! or not), counts in words, and the `cargo contract-pin` entry point run by cargo.
//! `CONTRACT_PIN_BLESS=1` rewrites the snapshots (never under `CI`).

mod support;

use std::path::Path;
use std::process::Command;

use support::{finish, user_env, Fixture, Pty, BIN};

/// Compares `actual` with the snapshot `name`, or rewrites it when blessing.
fn snapshot(name: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name);
    let lookup = |name: &str| std::env::var(name).ok();
    let bless = lookup("CONTRACT_PIN_BLESS").as_deref() == Some("1");
    if bless && !contract_core::env::is_ci(&lookup) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        expected == actual,
        "{} is stale (rerun with CONTRACT_PIN_BLESS=1 to rewrite it, and review the diff)\n\
         --- expected\n{expected}\n--- actual\n{actual}",
        path.display()
    );
}

const TABLE_AND_TRAIT: &str = r#"
#[contract_pin::contract(set = "api")]
pub const ROUTES: &[(&str, u32)] = &[
    ("a", 1), ("b", 2), ("c", 3), ("d", 4), ("e", 5), ("f", 6), ("g", 7), ("h", 8),
];

#[contract_pin::contract(set = "api")]
pub trait Store {
    fn put(&self, order: &model::Order) -> bool;
    fn name(&self) -> String { String::new() }
}

#[contract_pin::contract(set = "api")]
pub struct Retired;
"#;

const METHODS: &str = r#"
#[contract_pin::contract(set = "api")]
impl Order {
    pub fn new(id: u64) -> Order { Order { id, note: None } }
}
"#;

/// Every kind of line the view has: a changed field, an added variant, a changed
/// method receiver, a row added to a long table (elided context), a removed symbol,
/// an added one, a method added to an `impl` — breaking and additive together.
fn drifted() -> Fixture {
    let f = Fixture::new();
    f.edit(
        "app/src/lib.rs",
        "pub mod model;\n",
        &format!("pub mod model;\n{TABLE_AND_TRAIT}"),
    );
    f.write("app/src/model.rs", &format!("{}{METHODS}", support::MODEL));
    assert_eq!(f.run(&["update"]).code, 0);
    f.edit("app/src/model.rs", "pub id: u64", "pub id: u32");
    f.edit("app/src/model.rs", "    B,\n", "    B,\n    C,\n");
    f.edit(
        "app/src/model.rs",
        "    pub fn new(id: u64) -> Order { Order { id, note: None } }\n",
        "    pub fn new(id: u64) -> Order { Order { id, note: None } }\n    pub fn id(&self) -> u64 { self.id }\n",
    );
    f.edit("app/src/lib.rs", "fn put(&self", "fn put(&mut self");
    f.edit(
        "app/src/lib.rs",
        "(\"c\", 3), ",
        "(\"c\", 3), (\"cc\", 33), ",
    );
    f.edit("app/src/lib.rs", "pub struct Retired;", "pub struct Fresh;");
    f.edit(
        "app/src/lib.rs",
        "#[contract_pin::contract(set = \"api\")]\npub struct Fresh;",
        "#[contract_pin::contract(set = \"api\")]\npub struct Fresh { pub at: u64 }",
    );
    f
}

#[test]
fn the_diff_view_is_pinned_by_snapshots() {
    let f = drifted();
    let plain = f.run(&["diff"]);
    assert_eq!(
        plain.code, 1,
        "diff exits like check: a break is 1 {plain:?}"
    );
    assert!(plain.stderr.is_empty(), "{plain:?}");
    assert!(!plain.stdout.contains('\x1b'), "no colour off a terminal");
    snapshot("diff.txt", &plain.stdout);
    let coloured = f.run(&["diff", "--color", "always"]);
    assert_eq!(
        anstream::adapter::strip_str(&coloured.stdout).to_string(),
        plain.stdout,
        "colour adds styles and nothing else"
    );
    snapshot("diff-color.txt", &coloured.stdout.replace('\x1b', "\\e"));
    // Removed lines red, added lines green.
    assert!(
        coloured
            .stdout
            .contains("\x1b[31m-     pub id: u64,\x1b[0m"),
        "{coloured:?}"
    );
    assert!(
        coloured
            .stdout
            .contains("\x1b[32m+     pub id: u32,\x1b[0m"),
        "{coloured:?}"
    );
}

/// An SGR sequence (`ESC [ … m`): a style. The progress line's erase (`ESC [2K`), drawn
/// on a terminal when a scan takes long enough (as on a loaded machine), is not one.
fn has_colour(text: &str) -> bool {
    text.split("\x1b[").skip(1).any(|rest| {
        let params = rest
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .unwrap_or(rest.len());
        rest[params..].starts_with('m')
    })
}

#[test]
fn colour_follows_the_flag_then_no_color_then_clicolor_force_then_the_terminal() {
    let f = drifted();
    type Case<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)], bool);
    let cases: &[Case] = &[
        (&["check"], &[], false),
        (&["check", "--color", "always"], &[], true),
        (&["check", "--color", "always"], &[("NO_COLOR", "1")], true),
        (&["check"], &[("CLICOLOR_FORCE", "1")], true),
        (
            &["check"],
            &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")],
            false,
        ),
        (
            &["check", "--color", "never"],
            &[("CLICOLOR_FORCE", "1")],
            false,
        ),
    ];
    for (args, env, coloured) in cases {
        let run = f.run_env(args, env);
        assert_eq!(run.code, 1, "{run:?}");
        assert_eq!(
            has_colour(&run.stdout),
            *coloured,
            "{args:?} {env:?}: {run:?}"
        );
    }
    // Off a terminal, stderr (warnings, errors) follows the same rules.
    f.edit("app/src/lib.rs", "pub mod model;", "pub mod model;\n#[cfg(feature = \"x\")]\n#[contract_pin::contract(set = \"api\")]\npub struct Gated;");
    let run = f.run(&["check"]);
    assert!(run.stderr.contains("warning: app/src/lib.rs"), "{run:?}");
    assert!(!has_colour(&run.stderr), "{run:?}");
    let run = f.run_env(&["check"], &[("CLICOLOR_FORCE", "1")]);
    assert!(has_colour(&run.stderr), "{run:?}");

    // On a terminal: colour unless NO_COLOR or --color never.
    let manifest = f.path("Cargo.toml");
    let manifest = manifest.to_str().unwrap();
    for (extra, env, coloured) in [
        (None, &[][..], true),
        (None, &[("NO_COLOR", "1")][..], false),
        (Some("never"), &[][..], false),
    ] {
        let mut args = vec!["--manifest-path", manifest, "check"];
        if let Some(when) = extra {
            args.extend(["--color", when]);
        }
        let pty = Pty::spawn(BIN, &args, f.dir.path(), env);
        let (code, out, _) = pty.finish();
        assert_eq!(code, 1, "{out}");
        assert!(out.contains("field_type_changed"), "{out}");
        assert_eq!(has_colour(&out), coloured, "{args:?} {env:?}:\n{out}");
    }
}

#[test]
fn counts_are_in_words_and_a_set_in_two_packages_is_one_set() {
    let f = Fixture::new();
    f.edit(
        "Cargo.toml",
        "members = [\"app\"]",
        "members = [\"app\", \"other\"]",
    );
    f.write(
        "other/Cargo.toml",
        "[package]\nname = \"other\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    f.write(
        "other/src/lib.rs",
        "#[contract_pin::contract(set = \"api\")]\npub struct Only;\n",
    );
    assert_eq!(f.run(&["update"]).code, 0);
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "{run:?}");
    for expected in [
        "    3 symbols match\n",
        "    1 symbol match\n",
        "checked 1 set in 2 packages: 2 match\n",
    ] {
        assert!(run.stdout.contains(expected), "{expected:?} in {run:?}");
    }
    f.edit(
        "other/src/lib.rs",
        "pub struct Only;",
        "pub struct Only { pub a: u8 }",
    );
    let run = f.run(&["check", "--format", "markdown"]);
    assert!(
        run.stdout
            .contains("<summary>api · other: 1 delta</summary>"),
        "{run:?}"
    );
    let run = f.run(&["check", "-p", "other"]);
    assert!(
        run.stdout
            .contains("checked 1 set in 1 package: 1 breaking"),
        "{run:?}"
    );
}

/// `cargo contract-pin …` as cargo runs it: cargo finds `cargo-contract-pin` on
/// `PATH` (here, the directory cargo built the test's binaries in, as `cargo install`
/// would put it in `~/.cargo/bin`) and passes `contract-pin` as the first argument.
#[test]
fn cargo_runs_the_subcommand_from_path() {
    let f = drifted();
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_cargo-contract-pin"))
        .parent()
        .unwrap();
    let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let run_cargo = |args: &[&str]| {
        let mut c = Command::new(&cargo);
        c.args(args).current_dir(f.dir.path()).env("PATH", &path);
        user_env(&mut c, &f.path("Cargo.toml"));
        finish(c.output().unwrap())
    };
    let direct = f.run(&["check"]);
    let run = run_cargo(&["contract-pin", "check"]);
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(run.stdout, direct.stdout, "the same command either way");
    let run = run_cargo(&["contract-pin", "--help"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("Usage: cargo contract-pin"), "{run:?}");
    // Started by hand, the binary works without the name cargo would pass.
    let bare = finish(
        user_env(
            Command::new(env!("CARGO_BIN_EXE_cargo-contract-pin"))
                .arg("--manifest-path")
                .arg(f.path("Cargo.toml"))
                .arg("check"),
            &f.path("Cargo.toml"),
        )
        .output()
        .unwrap(),
    );
    assert_eq!(bare.stdout, direct.stdout, "{bare:?}");
}

/// Under a caller's own target directory, cargo home, forced colour, `NO_COLOR` and
/// `CI`, every test above still passes and leaves nothing in those directories.
#[test]
fn every_test_here_passes_under_a_foreign_environment() {
    support::foreign_env::rerun_foreign("every_test_here_passes_under_a_foreign_environment");
}
