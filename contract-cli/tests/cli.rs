//! The `contract-pin` binary on fixture workspaces written to temp dirs (the CLI only
//! parses sources, so fixtures need no dependencies and are never compiled), and on
//! this repository, whose golden the test harness wrote.

mod support;

use std::path::Path;
use std::process::{Command, Stdio};

use support::{command, finish, Fixture, Run, BIN, GOLDEN, MODEL};

/// (class, kind, axis, symbol) of every delta: one change can yield a delta per axis.
fn kinds(report: &serde_json::Value) -> Vec<(String, String, String, String)> {
    report["deltas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["class"].as_str().unwrap().to_owned(),
                d["kind"].as_str().unwrap().to_owned(),
                d["axis"].as_str().unwrap().to_owned(),
                d["symbol"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn every_exit_code_and_format_through_a_contracts_life() {
    let f = Fixture::new();

    // No golden yet: a golden error (3), reported as `missing` with the way out.
    let run = f.run(&["check"]);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(run.stdout.contains("missing"), "{run:?}");
    assert!(
        run.stdout.contains("contract-pin update -p app --set api"),
        "{run:?}"
    );
    let (code, json) = f.json();
    assert_eq!(code, 3);
    assert_eq!(json["reports"][0]["status"], "missing");
    assert_eq!(json["reports"][0]["golden"], GOLDEN);

    // `update` creates it; then everything matches (0).
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout
            .contains(&format!("created {GOLDEN} with 3 symbols")),
        "{run:?}"
    );
    let golden = f.read(GOLDEN);
    assert!(golden.contains("\"module\": \"app::model\""), "{golden}");
    assert!(golden.contains("\"module\": \"app\""), "{golden}");
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("3 symbols match"), "{run:?}");
    assert!(
        run.stderr.is_empty(),
        "no progress line off a terminal: {run:?}"
    );
    let (code, json) = f.json();
    assert_eq!(
        (code, json["reports"][0]["status"].as_str()),
        (0, Some("match"))
    );
    let run = f.run(&["check", "--format", "github"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(!run.stdout.contains("::"), "{run:?}");
    assert!(run.stdout.contains("api/app: match"), "{run:?}");
    assert_eq!(f.run(&["diff"]).code, 0);

    // A policy file at the workspace root: no update touches it, no golden holds it.
    let policy = "[set.api]\nwire_format = \"positional\"\n";
    f.write("contract-pin.toml", policy);

    // Additive drift only (2): a variant of a non-exhaustive enum.
    f.edit("app/src/model.rs", "    B,\n", "    B,\n    C,\n");
    let (code, json) = f.json();
    assert_eq!(code, 2);
    assert_eq!(json["verdict"], "additive");
    assert_eq!(json["reports"][0]["status"], "additive");
    assert_eq!(f.run(&["diff"]).code, 2, "diff exits like check");
    assert_eq!(
        kinds(&json["reports"][0]),
        [(
            "additive".into(),
            "variant_added".into(),
            "api".into(),
            "Kind".into()
        )]
    );
    let run = f.run(&["check"]);
    assert_eq!(run.code, 2, "{run:?}");
    for expected in [
        "set `api`",
        "app::model::Kind",
        "additive variant_added (api axis): variant `C`",
        "--> app/src/model.rs:16:5",
        "Before: (absent)",
        "After:  C",
        "contract-pin update -p app --set api",
        "API_CONTRACT_UPDATE_GOLDEN=1 cargo test -p app",
    ] {
        assert!(run.stdout.contains(expected), "{expected:?} in {run:?}");
    }
    assert!(
        !run.stdout.contains('\x1b'),
        "no colour off a terminal: {run:?}"
    );
    let run = f.run(&["check", "--format", "github"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stdout.contains("::warning file=app/src/model.rs,line=16,col=5,title=contract-pin%3A additive variant_added (api axis)::Kind in set `api`: variant `C`%0ABefore: (absent)%0AAfter:  C"),
        "{run:?}"
    );

    // Breaking (1): a field's type changes; the annotation points at the field.
    f.edit("app/src/model.rs", "pub id: u64", "pub id: u32");
    let (code, json) = f.json();
    assert_eq!(code, 1);
    assert_eq!(json["reports"][0]["status"], "breaking");
    let k = kinds(&json["reports"][0]);
    assert!(
        k.contains(&(
            "breaking".into(),
            "field_type_changed".into(),
            "api".into(),
            "Order".into()
        )),
        "{k:?}"
    );
    assert!(k.contains(&(
        "additive".into(),
        "variant_added".into(),
        "api".into(),
        "Kind".into()
    )));
    let delta = json["reports"][0]["deltas"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["kind"] == "field_type_changed")
        .unwrap();
    assert_eq!(delta["axis"], "api");
    assert_eq!(delta["before"], "pub id: u64");
    assert_eq!(delta["after"], "pub id: u32");
    assert!(delta.get("element").is_none(), "reports carry no spans");
    let run = f.run(&["check", "--format", "github"]);
    assert_eq!(run.code, 1, "{run:?}");
    assert!(
        run.stdout.contains("::error file=app/src/model.rs,line=6,col=9,title=contract-pin%3A breaking field_type_changed"),
        "{run:?}"
    );
    let run = f.run(&["check"]);
    assert_eq!(run.code, 1, "{run:?}");
    for expected in [
        "API CONTRACT SNAPSHOT MISMATCH — BREAKING CHANGE DETECTED",
        "app::model::Order",
        "--> app/src/model.rs:6:9",
        "Before: pub id: u64",
        "After:  pub id: u32",
        "To resolve:",
        &format!("Commit {GOLDEN} in the same PR"),
    ] {
        assert!(run.stdout.contains(expected), "{expected:?} in {run:?}");
    }
    let run = f.run(&["diff"]);
    assert_eq!(run.code, 1, "diff exits like check: {run:?}");
    assert!(
        run.stdout
            .contains("    -     pub id: u64,\n    +     pub id: u32,\n"),
        "{run:?}"
    );
    assert!(
        run.stdout
            .contains("breaking field_type_changed (api axis): type of field `id`"),
        "{run:?}"
    );

    // A removed symbol points at its entry in the golden.
    f.edit(
        "app/src/lib.rs",
        "#[contract_pin::contract(set = \"api\")]\npub const MAX_RETRIES: u32 = 3;\n",
        "",
    );
    let run = f.run(&["check", "--format", "github"]);
    assert_eq!(run.code, 1, "{run:?}");
    let line = f
        .read(GOLDEN)
        .lines()
        .position(|l| l.starts_with("    \"MAX_RETRIES\": {"))
        .unwrap()
        + 1;
    assert!(
        run.stdout.contains(&format!(
            "::error file={GOLDEN},line={line},col=5,title=contract-pin%3A breaking symbol_removed"
        )),
        "{run:?}"
    );

    // Update is refused under CI (3) and writes nothing.
    let before = f.read(GOLDEN);
    let run = f.run_env(&["update"], &[("CI", "true")]);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(run.stderr.contains("refused: CI is set"), "{run:?}");
    assert_eq!(f.read(GOLDEN), before);
    // `CI=false` is not CI.
    let run = f.run_env(&["update"], &[("CI", "false")]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("deltas accepted"), "{run:?}");
    let after = f.read(GOLDEN);
    assert!(!after.contains("policy"), "goldens hold no policy: {after}");
    assert_eq!(
        f.read("contract-pin.toml"),
        policy,
        "nothing writes the policy file"
    );
    assert!(!after.contains("MAX_RETRIES"));
    assert_eq!(f.run(&["check"]).code, 0);
    let run = f.run(&["update"]);
    assert!(run.stdout.contains("up to date"), "{run:?}");
}

/// The cells of the `status` row of `golden` (columns are two or more spaces apart).
fn row(run: &Run, golden: &str) -> Vec<String> {
    let line = run
        .stdout
        .lines()
        .find(|l| l.starts_with(&format!("{golden} ")))
        .unwrap_or_else(|| panic!("no row for {golden}: {run:?}"));
    line.split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_owned)
        .collect()
}

#[test]
fn status_tells_golden_health_with_confidence() {
    let f = Fixture::new();
    f.write(
        "app/src/extra.rs",
        "#[contract_pin::contract(set = \"other\")]\npub struct Extra;\n",
    );
    f.edit(
        "app/src/lib.rs",
        "pub mod model;",
        "pub mod model;\nmod extra;",
    );
    let run = f.run(&["status"]);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(run.stdout.contains("Missing"), "{run:?}");
    assert_eq!(f.run(&["update"]).code, 0);
    let run = f.run(&["status"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("HEALTH"), "{run:?}");
    for (golden, pinned) in [(GOLDEN, 3), ("app/golden/other-contract/app.json", 1)] {
        let note = format!("{pinned} pinned in sources; check: match");
        assert_eq!(row(&run, golden)[3..], ["Fresh", "high", &note], "{run:?}");
    }

    // A golden no source pins.
    f.write(
        "app/golden/gone-contract/app.json",
        &f.read(GOLDEN)
            .replace("\"set\": \"api\"", "\"set\": \"gone\""),
    );
    // Hand edit: the fingerprint no longer matches the shape.
    f.edit(GOLDEN, "\"expr\": \"3\"", "\"expr\": \"4\"");
    // Another format version.
    let other = "app/golden/other-contract/app.json";
    let current = contract_core::FORMAT_VERSION;
    f.edit(
        other,
        &format!("\"format_version\": {current}"),
        "\"format_version\": 0",
    );
    let run = f.run(&["status"]);
    assert_eq!(run.code, 3, "{run:?}");
    // The health is a word; why, in the note; what CONFIDENCE means, under the table.
    for (golden, confidence, reason) in [
        (
            GOLDEN,
            "high",
            "edited by hand: `MAX_RETRIES` no longer matches its fingerprint; ".to_owned(),
        ),
        (
            "app/golden/gone-contract/app.json",
            "medium",
            "no source pins this set".to_owned(),
        ),
        (
            "app/golden/other-contract/app.json",
            "high",
            format!(
                "written in golden format 0, this contract-pin reads {current}: update it once; "
            ),
        ),
    ] {
        let row = row(&run, golden);
        assert_eq!(row[3..5], ["Stale", confidence], "{run:?}");
        assert!(row[5].starts_with(&reason), "{row:?}");
    }
    assert!(
        !run.stdout.contains("{reason"),
        "no Rust debug text: {run:?}"
    );
    assert!(
        run.stdout
            .contains("CONFIDENCE: how much of what the compiler builds"),
        "{run:?}"
    );
    let (code, json) = f.json();
    assert_eq!(code, 3);
    let statuses: Vec<&str> = json["reports"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["stale", "stale"]);
    let run = f.run(&["check"]);
    assert!(
        run.stdout
            .contains("app/golden/gone-contract/app.json: no source pins set `gone`"),
        "{run:?}"
    );

    // Conflict markers: Corrupt, named with file and line, never a panic.
    f.write(
        GOLDEN,
        "{\n<<<<<<< ours\n  \"format_version\": 1\n=======\n>>>>>>> theirs\n}\n",
    );
    let run = f.run(&["status"]);
    assert_eq!(row(&run, GOLDEN)[3], "Corrupt", "{run:?}");
    assert!(
        row(&run, GOLDEN)[5].starts_with("line 2: merge-conflict marker"),
        "{run:?}"
    );
    let run = f.run(&["check"]);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(
        run.stdout
            .contains(&format!("{GOLDEN}:2: merge-conflict marker")),
        "{run:?}"
    );
    let run = f.run(&["update"]);
    assert_eq!(run.code, 3, "a corrupt golden is not overwritten: {run:?}");
    assert!(f.read(GOLDEN).contains("<<<<<<<"));
}

#[test]
fn what_the_scan_cannot_see_exactly_is_a_warning_with_file_and_line() {
    let f = Fixture::new();
    f.edit(
        "app/src/lib.rs",
        "pub mod model;\n",
        r#"pub mod model;
#[cfg(feature = "extra")]
#[contract_pin::contract(set = "api")]
pub struct Gated;
macro_rules! pinned {
    ($name:ident) => { #[contract_pin::contract(set = "api")] pub struct $name; };
}
"#,
    );
    let run = f.run(&["check"]);
    for expected in [
        "warning: app/src/lib.rs:4:1: pinned item `app::Gated` (set `api`) is under #[cfg(feature = \"extra\")]",
        "warning: app/src/lib.rs:7:24: `#[contract_pin::contract]` on an item inside `macro_rules! pinned` in `app`",
    ] {
        assert!(run.stderr.contains(expected), "{expected:?} in {run:?}");
    }
    let run = f.run(&["check", "--format", "github"]);
    assert!(
        run.stdout.contains("::warning file=app/src/lib.rs,line=4,col=1,title=contract-pin%3A not scanned exactly::pinned item `app::Gated`"),
        "{run:?}"
    );
    // Macro-hidden registrations: the scan is no ground for writing the golden.
    let run = f.run(&["update"]);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(
        run.stderr
            .contains("API_CONTRACT_UPDATE_GOLDEN=1 cargo test -p app"),
        "{run:?}"
    );
    let run = f.run(&["status"]);
    assert_eq!(row(&run, GOLDEN)[3..5], ["Missing", "low"], "{run:?}");
}

#[test]
fn usage_and_source_errors_exit_3() {
    let f = Fixture::new();
    let run = f.run(&["frobnicate"]);
    assert_eq!(run.code, 3, "{run:?}");
    let run = f.run(&["check", "--format", "yaml"]);
    assert_eq!(run.code, 3, "{run:?}");
    let run = f.run(&["check", "-p", "nope"]);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(
        run.stderr.contains("package `nope` is not a member"),
        "{run:?}"
    );
    let run = finish(
        command(&f.path("missing/Cargo.toml"), &["check"], &[])
            .output()
            .unwrap(),
    );
    assert_eq!(run.code, 3, "{run:?}");
    assert!(run.stderr.contains("cargo metadata"), "{run:?}");
    assert_eq!(f.run(&["--help"]).code, 0);

    // The compiler would reject these too; the CLI says where.
    f.edit(
        "app/src/lib.rs",
        "pub const MAX_RETRIES",
        "pub const MAX_RETRIES: u32 = 3;\n#[contract_pin::contract(set = 7)]\npub const OTHER",
    );
    f.write(
        "app/src/model.rs",
        &format!("{MODEL}#[contract_pin::contract(set = \"api\")]\npub struct Order;\n"),
    );
    let run = f.run(&["check"]);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(
        run.stderr
            .contains("error: app/src/lib.rs:6:26: `set` takes a string literal"),
        "{run:?}"
    );
    assert!(
        run.stdout
            .contains("two pinned items are named `Order` in one set"),
        "{run:?}"
    );
}

#[test]
fn review_without_a_terminal_says_so_and_names_the_command() {
    let f = Fixture::new();
    let run = f.run(&["review"]);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(
        run.stderr.contains("needs an interactive terminal"),
        "{run:?}"
    );
    assert!(run.stderr.contains("`contract-pin update`"), "{run:?}");
    assert!(!f.path(GOLDEN).exists());
}

/// `script` (util-linux) runs the CLI on a pseudo-terminal, which is what review,
/// colour and the progress line need. Skipped where `script` is not installed.
fn on_a_terminal(f: &Fixture, args: &str, keys: &str, env: &[(&str, &str)]) -> Option<Run> {
    let probe = Command::new("script").arg("--version").output();
    if !probe.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: `script` is not installed");
        return None;
    }
    let line = format!(
        "{BIN} --manifest-path {} {args}",
        f.path("Cargo.toml").display()
    );
    let mut c = Command::new("timeout");
    c.args(["60", "script", "-qec", &line, "/dev/null"]);
    support::user_env(&mut c, &f.path("Cargo.toml"));
    // Colour needs a terminal that says it has colour (TERM=dumb or unset has none).
    c.env("TERM", "xterm");
    c.envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().unwrap();
    {
        use std::io::Write as _;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(keys.as_bytes()).unwrap();
        // Keep stdin open a moment so `script` does not end the session early.
        std::thread::sleep(std::time::Duration::from_millis(1000));
    }
    Some(finish(child.wait_with_output().unwrap()))
}

#[test]
fn review_on_a_terminal_accepts_and_rejects_per_symbol() {
    let f = Fixture::new();
    assert_eq!(f.run(&["update"]).code, 0);
    f.edit("app/src/model.rs", "    B,\n", "    B,\n    C,\n");
    f.edit("app/src/model.rs", "pub id: u64", "pub id: u32");
    let Some(run) = on_a_terminal(&f, "review", "a\nr\n", &[]) else {
        return;
    };
    // A rejected break remains: exit 1, and the review says what to revert.
    assert_eq!(run.code, 1, "{run:?}");
    assert!(
        run.stdout.contains("rejected — the golden is kept"),
        "{run:?}"
    );
    assert!(run.stdout.contains("[1/2]"), "{run:?}");
    assert!(
        run.stdout.contains("1 accepted, 1 rejected, 0 skipped"),
        "{run:?}"
    );
    // Kind (first, accepted) is updated; Order (rejected) still breaks.
    let (code, json) = f.json();
    assert_eq!(code, 1);
    assert_eq!(
        kinds(&json["reports"][0]),
        [
            (
                "breaking".into(),
                "field_type_changed".into(),
                "api".into(),
                "Order".into()
            ),
            (
                "breaking".into(),
                "field_type_changed".into(),
                "wire".into(),
                "Order".into()
            )
        ]
    );

    let Some(run) = on_a_terminal(&f, "check", "", &[]) else {
        return;
    };
    assert!(run.stdout.contains('\x1b'), "colour on a terminal: {run:?}");
    let run = on_a_terminal(&f, "check", "", &[("NO_COLOR", "1")]).unwrap();
    assert!(!run.stdout.contains('\x1b'), "NO_COLOR honoured: {run:?}");
}

/// The cross-check with the library: on this repository, the golden of
/// `workspace-example` was written by the test harness from the macro's
/// registrations. The CLI, extracting the same items from the sources, must find
/// exactly those symbols (shapes and module paths): `match`, and `Fresh`.
///
/// It is also the README's main command: it prints its result and not one warning.
#[test]
fn this_repository_matches_the_golden_the_harness_wrote() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let manifest = root.join("Cargo.toml");
    // The scan cache of this repository in a temp dir, not in whatever target
    // directory the caller of the suite uses.
    let target = tempfile::tempdir().unwrap();
    let target = [("CARGO_TARGET_DIR", target.path().to_str().unwrap())];
    let run = finish(command(&manifest, &["check"], &target).output().unwrap());
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.stderr, "", "the README's main command warns: {run:?}");
    assert!(
        run.stdout
            .ends_with("checked 3 sets in 1 package: 3 match\n"),
        "{run:?}"
    );
    let run = finish(
        command(&manifest, &["check", "--format", "json"], &target)
            .output()
            .unwrap(),
    );
    assert_eq!(run.code, 0, "{run:?}");
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let example = json["reports"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["set"] == "phase5" && r["package"] == "workspace-example")
        .unwrap_or_else(|| panic!("no phase5 report: {run:?}"));
    assert_eq!(example["status"], "match", "{run:?}");
    assert_eq!(
        example["golden"],
        "golden/phase5-contract/workspace-example.json"
    );
    assert_eq!(json["warnings"], serde_json::json!([]), "{run:?}");
    let run = finish(command(&manifest, &["status"], &target).output().unwrap());
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout.contains(
            "golden/phase5-contract/workspace-example.json  phase5  workspace-example  Fresh"
        ),
        "{run:?}"
    );
}

/// The same sources, copied with their golden and `.cargo/config.toml` into a fresh
/// workspace and edited: the golden root resolves through `relative = true`, and the
/// edit is classified as the harness would (same diff engine, same policy).
#[test]
fn an_edited_copy_of_the_example_is_classified_like_the_harness_would() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let f = Fixture::new();
    std::fs::remove_dir_all(f.path("app")).unwrap();
    f.write(
        "Cargo.toml",
        "[workspace]\nmembers = [\"workspace-example\"]\nresolver = \"2\"\n",
    );
    f.write(
        ".cargo/config.toml",
        "[env]\nCONTRACT_PIN_GOLDEN_DIR = { value = \"golden\", relative = true }\n",
    );
    f.write(
        "workspace-example/Cargo.toml",
        "[package]\nname = \"workspace-example\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    copy_tree(
        &root.join("workspace-example/src"),
        &f.path("workspace-example/src"),
    );
    copy_tree(&root.join("golden"), &f.path("golden"));
    std::fs::copy(root.join("contract-pin.toml"), f.path("contract-pin.toml")).unwrap();
    let golden = "golden/phase5-contract/workspace-example.json";
    let (code, json) = f.json();
    let statuses: Vec<_> = json["reports"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["status"].clone())
        .collect();
    assert_eq!(
        (code, statuses.iter().all(|s| s == "match")),
        (0, true),
        "{json}"
    );

    let file = "workspace-example/src/transforms/apply_context.rs";
    f.edit(
        file,
        "    /// Why the attempt failed.\n    pub failure: String,\n",
        "",
    );
    let (code, json) = f.json();
    assert_eq!(code, 1, "{json}");
    let phase5 = json["reports"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["set"] == "phase5")
        .unwrap();
    assert_eq!(phase5["golden"], golden);
    assert_eq!(
        kinds(phase5),
        [
            (
                "breaking".into(),
                "field_removed".into(),
                "api".into(),
                "AttemptSummary".into()
            ),
            (
                "breaking".into(),
                "field_removed".into(),
                "wire".into(),
                "AttemptSummary".into()
            )
        ]
    );
    // The Phase-5 directive is the policy file's words; without the file, the
    // generic ones.
    let run = f.run(&["check"]);
    assert!(
        run.stdout.contains("PHASE 5 CONTRACT SNAPSHOT MISMATCH"),
        "{run:?}"
    );
    assert!(run.stdout.contains("Phase 5 cannot ship."), "{run:?}");
    assert!(
        run.stdout.contains("See ADR-0001 §Consequences row 2."),
        "{run:?}"
    );
    std::fs::remove_file(f.path("contract-pin.toml")).unwrap();
    let run = f.run(&["check"]);
    assert!(
        run.stdout.contains("PHASE 5 CONTRACT SNAPSHOT MISMATCH"),
        "{run:?}"
    );
    assert!(
        !run.stdout.contains("Phase 5 cannot ship."),
        "generic words: {run:?}"
    );
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// An integration test's own registrations join the library's in its binary, as the
/// harness sees them (with `cfg(test)` on); a bin's are never linked by a test.
#[test]
fn test_targets_join_the_library_and_bins_are_warned_about() {
    let f = Fixture::new();
    f.write(
        "app/tests/contract.rs",
        r#"#[contract_pin::contract(set = "api")]
pub struct FromTest;

#[cfg(test)]
#[contract_pin::contract(set = "api")]
pub struct AlsoInTest;
"#,
    );
    f.write(
        "app/src/main.rs",
        "#[contract_pin::contract(set = \"cli\")]\npub struct FromBin;\nfn main() {}\n",
    );
    f.write("app/golden/cli-contract/app.json", "{}\n");
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stderr.contains(
            "warning: app/src/main.rs:2:12: pinned item `app::FromBin` (set `cli`) is in the bin target `app`"
        ),
        "{run:?}"
    );
    assert!(
        !run.stderr.contains("AlsoInTest"),
        "cfg(test) holds in tests: {run:?}"
    );
    let golden = f.read(GOLDEN);
    assert!(golden.contains("\"FromTest\": {"), "{golden}");
    assert!(golden.contains("\"AlsoInTest\": {"), "{golden}");
    assert!(golden.contains("\"module\": \"contract\""), "{golden}");
    assert!(!f.run(&["status"]).stdout.contains("cli-contract"));
    assert_eq!(f.run(&["check"]).code, 0);
}

/// `--format markdown`: a summary row per set, and the deltas of a drifted set as a
/// folded table, with `|` escaped so a cell never splits a row.
#[test]
fn markdown_summarises_each_set_for_a_pull_request() {
    let f = Fixture::new();
    assert_eq!(f.run(&["update"]).code, 0);
    let run = f.run(&["check", "--format", "markdown"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout
            .contains(&format!("| api | app | `{GOLDEN}` | match | 0 | 0 |")),
        "{run:?}"
    );
    assert!(!run.stdout.contains("<details>"), "{run:?}");

    f.edit("app/src/model.rs", "pub id: u64", "pub id: u32");
    let run = f.run(&["check", "--format", "markdown"]);
    assert_eq!(run.code, 1, "{run:?}");
    assert!(
        run.stdout.contains(&format!(
            "| api | app | `{GOLDEN}` | **breaking** | 2 | 0 |"
        )),
        "{run:?}"
    );
    assert!(
        run.stdout
            .contains("<summary>api · app: 2 deltas</summary>"),
        "{run:?}"
    );
    assert!(
        run.stdout
            .contains("| breaking | field_type_changed | api | `Order` |"),
        "{run:?}"
    );
    for line in run.stdout.lines().filter(|l| l.starts_with('|')) {
        let cells = line.matches('|').count() - line.matches("\\|").count();
        assert!(cells == 7 || cells == 8, "a row with stray pipes: {line}");
    }
}

/// Hostile input: a source nested far deeper than the main thread's stack could parse,
/// and goldens that are not goldens at all. Every one is a verdict or an error line,
/// never a crash.
#[test]
fn deep_sources_and_bad_goldens_never_crash_the_command() {
    let f = Fixture::new();
    // A type nested as deep as `depth` levels.
    let nested = |depth: usize| {
        let mut ty = String::from("u8");
        for i in 0..depth {
            ty = if i % 2 == 0 {
                format!("Vec<{ty}>")
            } else {
                format!("Option<{ty}>")
            };
        }
        format!("#[contract_pin::contract(set = \"api\")]\npub struct Deep {{ pub f: {ty} }}\n")
    };
    f.write("app/src/deep.rs", &nested(1_000));
    f.edit(
        "app/src/lib.rs",
        "pub mod model;",
        "pub mod model;\nmod deep;",
    );
    // Read on the command's deep stack, but deeper than a golden can hold: an error
    // at the type, as the macro gives, and no golden written that could not be read.
    for command in ["update", "check"] {
        let run = f.run(&[command]);
        assert_eq!(run.code, 3, "{run:?}");
        assert!(
            run.stderr.contains(
                "app/src/deep.rs:2:26: this type is nested more than 256 levels deep: a \
                 golden could not read it back, so it cannot be pinned"
            ),
            "{run:?}"
        );
        assert!(!run.stderr.contains("panicked"), "{run:?}");
    }
    // As deep as a golden can hold: pinned, and read back.
    f.write("app/src/deep.rs", &nested(200));
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(f.run(&["check"]).code, 0);
    assert!(f.read(GOLDEN).contains("Option<Vec<Option<Vec<"));

    for (bytes, what) in [
        ("", "the file is empty"),
        ("[1, 2]\n", "not a golden: the file holds an array"),
        (
            "{\"format_version\": 1,",
            "the file ends before its JSON does",
        ),
    ] {
        f.write(GOLDEN, bytes);
        let run = f.run(&["check"]);
        assert_eq!(run.code, 3, "{run:?}");
        let all = format!("{}{}", run.stdout, run.stderr);
        assert!(all.contains(&format!("{GOLDEN}:1")), "{run:?}");
        assert!(all.contains(what), "{run:?}");
        assert!(!all.contains("panicked"), "{run:?}");
        let status = f.run(&["status"]);
        assert_eq!(row(&status, GOLDEN)[3], "Corrupt", "{status:?}");
        let note = &row(&status, GOLDEN)[5];
        assert!(
            note.starts_with("line 1: ") && note.contains(what),
            "{status:?}"
        );
    }
}

/// `contract-pin policy`: every set's effective policy as TOML, each value with where
/// it came from; the same as JSON; a set only the file names is shown (and `check`
/// warns about it); `--set` narrows the view.
#[test]
fn policy_prints_each_sets_values_and_where_they_came_from() {
    let f = Fixture::new();
    let run = f.run(&["policy"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout
            .contains("# no policy file: every set has the defaults"),
        "{run:?}"
    );
    assert!(run.stdout.contains("[set.api]  # pinned by app"), "{run:?}");
    assert!(
        run.stdout
            .contains("wire_direction = \"backward\"  # default"),
        "{run:?}"
    );
    assert!(
        run.stdout
            .contains("# directive.reference: none  # default"),
        "{run:?}"
    );

    f.write(
        "contract-pin.toml",
        "wire_format = \"positional\"\n\n[set.api]\nwire_direction = \"full\"\n\
         overrides = { variant_added = \"breaking\" }\n\
         directive.record = \"Amend docs/adr/ to record the break\"\n\n[set.apii]\n",
    );
    let run = f.run(&["policy"]);
    assert_eq!(run.code, 0, "{run:?}");
    for line in [
        "# policy file: contract-pin.toml (workspace root ",
        "axes = [\"api\", \"wire\"]  # default",
        "wire_direction = \"full\"  # contract-pin.toml:4",
        "wire_format = \"positional\"  # contract-pin.toml:1",
        "overrides.variant_added = \"breaking\"  # contract-pin.toml:5",
        "directive.title = \"API CONTRACT SNAPSHOT MISMATCH — BREAKING CHANGE DETECTED\"  # default",
        "directive.record = \"Amend docs/adr/ to record the break\"  # contract-pin.toml:6",
        "[set.apii]  # pinned by no package: a typo, or a retired set?",
    ] {
        assert!(run.stdout.contains(line), "{line:?} in {run:?}");
    }
    // The text is the policy file's own TOML (comments aside): it reads back.
    let text: String = run
        .stdout
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{}\n", l.split("  # ").next().unwrap()))
        .collect();
    let back = contract_core::policy::file::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let policy = back.policy("api");
    assert_eq!(
        policy.wire_direction,
        contract_core::policy::WireDirection::Full
    );
    assert_eq!(
        policy.wire_format,
        contract_core::policy::WireFormat::Positional
    );

    let run = f.run(&["policy", "--format", "json"]);
    assert_eq!(run.code, 0, "{run:?}");
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["policy_file"]["path"], "contract-pin.toml");
    assert_eq!(json["policy_file"]["exists"], true);
    let api = &json["sets"][0];
    assert_eq!(api["set"], "api");
    assert_eq!(api["packages"][0], "app");
    let setting = |key: &str| {
        api["settings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["key"] == key)
            .unwrap_or_else(|| panic!("no {key}: {api}"))
            .clone()
    };
    assert_eq!(
        setting("wire_direction"),
        serde_json::json!({"key": "wire_direction", "value": "full", "source": "contract-pin.toml:4"})
    );
    assert_eq!(setting("axes")["value"], serde_json::json!(["api", "wire"]));
    assert_eq!(setting("axes")["source"], "default");
    assert_eq!(
        setting("directive.reference")["value"],
        serde_json::Value::Null
    );
    assert_eq!(json["sets"][1]["set"], "apii");
    assert_eq!(json["sets"][1]["packages"], serde_json::json!([]));

    let run = f.run(&["policy", "--set", "apii"]);
    assert!(!run.stdout.contains("[set.api]"), "{run:?}");
    assert!(run.stdout.contains("[set.apii]"), "{run:?}");

    // `check` says the same of the unpinned table, as a warning at its line.
    let run = f.run(&["check"]);
    assert!(
        run.stderr.contains(
            "warning: contract-pin.toml:8:1: the policy file configures set `apii`, which no \
             source of the workspace pins (sets pinned: api)"
        ),
        "{run:?}"
    );
}

/// A policy file the command cannot use stops it (exit 3) with `file:line:col`, the
/// key and what is accepted; `--format json` says it as a usage error on stdout.
#[test]
fn a_bad_policy_file_is_an_error_naming_the_key_and_its_line() {
    let f = Fixture::new();
    f.write(
        "contract-pin.toml",
        "[set.api]\nwire_direction = \"sideways\"\n",
    );
    let says = "contract-pin.toml:2:18: `set.api.wire_direction`: unknown wire direction \
                `sideways`: one of `backward`, `forward` or `full`";
    for args in [&["check"][..], &["policy"], &["update"], &["status"]] {
        let run = f.run(args);
        assert_eq!(run.code, 3, "{args:?}: {run:?}");
        assert!(run.stderr.contains(says), "{args:?}: {run:?}");
    }
    for args in [
        &["check", "--format", "json"][..],
        &["policy", "--format", "json"],
    ] {
        let run = f.run(args);
        assert_eq!(run.code, 3, "{run:?}");
        let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        assert!(
            json.to_string()
                .contains("unknown wire direction `sideways`"),
            "{json}"
        );
    }
    assert!(!f.path(GOLDEN).exists(), "update wrote nothing");
}

/// Two sets that share an update variable, in two packages of one workspace (one
/// `A_B_CONTRACT_UPDATE_GOLDEN=1 cargo test` would rewrite both): each is an error,
/// and so is a pinned set whose twin the policy file configures.
#[test]
fn sets_of_one_update_variable_in_a_workspace_are_errors() {
    let f = Fixture::new();
    f.write(
        "Cargo.toml",
        "[workspace]\nmembers = [\"app\", \"other\"]\nresolver = \"2\"\n",
    );
    f.write(
        "other/Cargo.toml",
        "[package]\nname = \"other\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    f.write(
        "other/src/lib.rs",
        "#[contract_pin::contract(set = \"a_b\")]\npub const X: u8 = 1;\n",
    );
    f.edit("app/src/lib.rs", "set = \"api\"", "set = \"a-b\"");
    let (code, json) = f.json();
    assert_eq!(code, 3, "{json}");
    let errors: Vec<(String, String)> = json["errors"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| {
            Some((
                e["set"].as_str()?.to_owned(),
                e["message"].as_str()?.to_owned(),
            ))
        })
        .collect();
    for set in ["a-b", "a_b"] {
        let (_, message) = errors
            .iter()
            .find(|(s, _)| s == set)
            .unwrap_or_else(|| panic!("no error for {set}: {json}"));
        assert!(
            message.contains("both map to the update variable A_B_CONTRACT_UPDATE_GOLDEN"),
            "{message}"
        );
    }
    // The api set is untouched by it.
    assert!(errors.iter().all(|(s, _)| s != "api"), "{json}");

    // One pinned set, and its twin in the policy file.
    f.write("other/src/lib.rs", "");
    f.write("contract-pin.toml", "# typo'd\n[set.a_b]\n");
    let run = f.run(&["check"]);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(
        run.stdout.contains(
            "contract-pin.toml:2: sets `a_b` and `a-b` both map to the update variable \
             A_B_CONTRACT_UPDATE_GOLDEN"
        ),
        "{run:?}"
    );
}

/// Under a caller's own target directory, cargo home, forced colour, `NO_COLOR` and
/// `CI`, every test above still passes and leaves nothing in those directories.
#[test]
fn every_test_here_passes_under_a_foreign_environment() {
    support::foreign_env::rerun_foreign("every_test_here_passes_under_a_foreign_environment");
}

/// `update` where nothing is pinned says so (hjson 1.0, a binary only, with a
/// public-API set: the command wrote nothing and said nothing, which reads as done).
#[test]
fn update_with_nothing_pinned_says_so() {
    let f = Fixture::new();
    f.write(
        "Cargo.toml",
        "[package]\nname = \"tool\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    f.write("src/main.rs", "pub fn run() {}\nfn main() {}\n");
    f.write("contract-pin.toml", "[set.api]\npublic_api = true\n");
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("no pinned items found"), "{run:?}");
    assert!(!f.path("golden").exists());
}

/// A pinned struct that becomes an alias of another type (the golden's own name for
/// the struct is the alias's now): the kind change is reported, with the alias's
/// target as written, not read back as the alias's own name (`type Hk = Hk`), and a
/// method the new type lacks is removed. Both were lost: the target, shown in the
/// golden's spelling, read as the golden's struct.
#[test]
fn a_struct_that_becomes_an_alias_is_a_kind_change_showing_its_target() {
    let f = Fixture::new();
    f.write(
        "app/src/lib.rs",
        "#[contract_pin::contract(set = \"s\")]\npub struct Hk {\n    k: u8,\n}\n\
         #[contract_pin::contract(set = \"s\")]\nimpl Hk {\n    pub fn new() -> Self {\n        Hk { k: 0 }\n    }\n}\n",
    );
    assert_eq!(f.run(&["update"]).code, 0);
    f.write(
        "app/src/lib.rs",
        "#[contract_pin::contract(set = \"s\")]\npub struct Generic<T> {\n    k: T,\n}\n\
         #[contract_pin::contract(set = \"s\")]\nimpl<T: Default> Generic<T> {\n    \
         pub fn make() -> Self {\n        Generic { k: T::default() }\n    }\n}\n\
         #[contract_pin::contract(set = \"s\")]\npub type Hk = Generic<u8>;\n",
    );
    let (code, json) = f.json();
    assert_eq!(code, 1, "{json}");
    let deltas = json["reports"][0]["deltas"].as_array().unwrap();
    let of = |kind: &str| {
        deltas
            .iter()
            .find(|d| d["symbol"] == "Hk" && d["kind"] == kind)
    };
    let changed = of("symbol_kind_changed").unwrap_or_else(|| panic!("{json}"));
    assert_eq!(changed["after"], "type Hk = Generic<u8>", "{json}");
    assert!(of("method_removed").is_some(), "{json}");
}
