//! Every bad golden a user can end up with, through the harness: each is a clear
//! error (or a failing stale verdict) naming the file and line and what to do, never a
//! panic and never a silent pass; and names with odd characters survive a golden.
//!
//! `docs/RELIABILITY.md` quotes these messages; run with `--nocapture` to print them.

use std::fs;
use std::path::{Path, PathBuf};

use contract_pin::{check_symbols, CheckError, Outcome, Status};
use tempfile::TempDir;

mod common;
use common::symbols;

const GOLDEN: &str = "golden/phase5-contract/demo-pkg.json";
const REGENERATE: &str = "PHASE5_CONTRACT_UPDATE_GOLDEN=1 cargo test -p demo-pkg";

const SRC: &str = r#"
    #[derive(Serialize, Deserialize)]
    pub struct ApplyContext { pub repo: String, pub b: u8 }
    pub enum Outcome { Pass, Fail }
"#;

/// A package directory (with a `[workspace]` manifest, so paths show as users see
/// them) and its golden.
struct Package {
    dir: TempDir,
}

impl Package {
    fn new(test: &str) -> Package {
        let dir = common::temp_dir(&format!("contract-pin-reliability-{test}-"));
        fs::write(dir.path().join("Cargo.toml"), "[workspace]\n").unwrap();
        Package { dir }
    }

    fn golden(&self) -> PathBuf {
        self.dir.path().join(GOLDEN)
    }

    fn check(&self, src: &str, update: bool) -> Result<Outcome, CheckError> {
        let lookup = |name: &str| match name {
            "CONTRACT_PIN_UPDATE" if update => Some("1".to_owned()),
            _ => None,
        };
        check_symbols(
            "phase5",
            "demo-pkg",
            self.dir.path(),
            &symbols(src),
            &lookup,
        )
    }

    /// A fresh golden of [`SRC`], and its text.
    fn bootstrap(&self) -> String {
        let outcome = self.check(SRC, true).expect("bootstrap");
        assert_eq!(outcome.status, Status::Updated);
        fs::read_to_string(self.golden()).unwrap()
    }

    fn write(&self, bytes: impl AsRef<[u8]>) {
        fs::write(self.golden(), bytes).unwrap();
    }
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("{needle:?} not in the golden"))
        + 1
}

/// The golden is refused with `file:line: what`, the fix, and the health; it is left
/// exactly as it was, in compare and in update mode.
fn assert_refused(pkg: &Package, case: &str, prefix: &str, what: &str, fix: &str) {
    let before = fs::read(pkg.golden()).unwrap();
    for update in [false, true] {
        let err = pkg
            .check(SRC, update)
            .expect_err("a corrupt golden is an error")
            .0;
        if !update {
            println!("--- {case}\n{err}\n");
        }
        assert!(err.starts_with(prefix), "{case}: {err}");
        assert!(err.contains(what), "{case}: {err}");
        assert!(err.contains(fix), "{case}: {err}");
        assert!(err.contains("golden health: Corrupt"), "{case}: {err}");
        assert_eq!(
            fs::read(pkg.golden()).unwrap(),
            before,
            "{case}: file touched"
        );
    }
}

#[test]
fn corrupt_goldens_are_errors_naming_file_line_and_fix() {
    let pkg = Package::new("corrupt");
    let text = pkg.bootstrap();
    let restore = format!("git checkout -- {GOLDEN}");

    pkg.write(text.replacen("\"set\"", "\"set\" \"oops\"", 1));
    let line = line_of(&text, "\"set\"");
    assert_refused(
        &pkg,
        "malformed JSON",
        &format!("{GOLDEN}:{line}:"),
        "not a valid golden: expected `:`",
        &restore,
    );

    pkg.write(&text[..text.len() * 2 / 3]);
    let lines = text[..text.len() * 2 / 3].lines().count();
    assert_refused(
        &pkg,
        "truncated file",
        &format!("{GOLDEN}:{lines}:"),
        "the file ends before its JSON does (truncated, or an unfinished edit)",
        &restore,
    );

    let conflicted = text.replacen(
        "  \"set\"",
        "<<<<<<< ours\n  \"set\": \"phase5\",\n=======\n  \"set\": \"x\",\n>>>>>>> theirs\n  \"set\"",
        1,
    );
    pkg.write(&conflicted);
    assert_refused(
        &pkg,
        "merge-conflict markers",
        &format!(
            "{GOLDEN}:{}: merge-conflict marker",
            line_of(&conflicted, "<<<<<<<")
        ),
        "resolve the conflict by regenerating the golden",
        &format!("git checkout --theirs {GOLDEN}"),
    );

    let mut bytes = text.clone().into_bytes();
    let at = text.find("\"repo\"").unwrap() + 2;
    bytes[at] = 0xff;
    pkg.write(&bytes);
    assert_refused(
        &pkg,
        "non-UTF-8 bytes",
        &format!("{GOLDEN}:{}: not UTF-8", line_of(&text, "\"repo\"")),
        "a golden is ASCII JSON",
        &restore,
    );

    pkg.write(text.replacen("\"set\"", "\"sett\": 1,\n  \"set\"", 1));
    assert_refused(
        &pkg,
        "unknown top-level key",
        &format!("{GOLDEN}:{}:", line_of(&text, "\"set\"")),
        "unknown field `sett`",
        &restore,
    );

    pkg.write(text.replacen("\"axes\"", "\"axis\": [],\n    \"axes\"", 1));
    assert_refused(
        &pkg,
        "unknown policy key",
        &format!("{GOLDEN}:{}:", line_of(&text, "\"axes\"")),
        "unknown field `axis`",
        &restore,
    );

    // The phase5 preset already overrides `variant_added`; add an unknown kind to it.
    let overridden = text.replacen(
        "\"variant_added\": \"additive\"",
        "\"field_vanished\": \"additive\",\n      \"variant_added\": \"additive\"",
        1,
    );
    assert_ne!(overridden, text);
    pkg.write(&overridden);
    assert_refused(
        &pkg,
        "unknown policy override kind",
        &format!("{GOLDEN}:{}: ", line_of(&overridden, "field_vanished")),
        "the policy overrides unknown delta kinds: field_vanished",
        "Correct or remove that entry of the policy's `overrides`",
    );

    let start = text.find("    \"Outcome\"").unwrap();
    let end = text.rfind("\n  }\n}").unwrap();
    let entry = &text[start..end];
    let doubled = text.replacen(entry, &format!("{entry},\n{entry}"), 1);
    pkg.write(&doubled);
    let second = doubled
        .lines()
        .enumerate()
        .filter(|(_, l)| l.trim_start().starts_with("\"Outcome\":"))
        .nth(1)
        .unwrap()
        .0
        + 1;
    assert_refused(
        &pkg,
        "duplicate symbols",
        &format!("{GOLDEN}:{second}:1:"),
        "duplicate symbol `Outcome`",
        &restore,
    );

    for (case, bytes) in [("empty file", ""), ("whitespace only", " \n\n")] {
        pkg.write(bytes);
        assert_refused(
            &pkg,
            case,
            &format!("{GOLDEN}:1: the file is empty"),
            "a golden is a JSON object",
            &restore,
        );
    }

    for (case, bytes, found) in [
        (
            "a JSON array",
            "[\n  {\"format_version\": 1}\n]\n",
            "an array",
        ),
        ("a JSON number", "\n\n42\n", "a number"),
        ("a JSON string", "\"golden\"", "a string"),
        ("JSON null", "null", "null"),
    ] {
        pkg.write(bytes);
        let line = bytes.lines().position(|l| !l.trim().is_empty()).unwrap() + 1;
        assert_refused(
            &pkg,
            case,
            &format!("{GOLDEN}:{line}: not a golden: the file holds {found}"),
            "a golden is a JSON object",
            &restore,
        );
    }

    pkg.write("{\"format_version\": \"1\"}");
    assert_refused(
        &pkg,
        "format_version of the wrong type",
        &format!("{GOLDEN}:1:"),
        "`format_version` must be a whole number, not a string",
        &restore,
    );

    pkg.write("{}");
    assert_refused(
        &pkg,
        "an empty object",
        &format!("{GOLDEN}:1:"),
        "missing field `format_version`",
        &restore,
    );

    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    pkg.write(&deep);
    assert_refused(
        &pkg,
        "100,000 nested arrays",
        &format!("{GOLDEN}:1:"),
        "recursion limit exceeded",
        &restore,
    );

    // 65 MiB: a sparse file, so the test writes almost nothing. Reading stops at the
    // limit; nothing is loaded whole.
    fs::File::create(pkg.golden())
        .unwrap()
        .set_len((64 << 20) + 1024)
        .unwrap();
    assert_refused(
        &pkg,
        "a file over 64 MiB",
        &format!("{GOLDEN}:1: the file is larger than 64 MiB"),
        "not one contract-pin wrote",
        &restore,
    );

    pkg.write(text.replace("\"set\": \"phase5\"", "\"set\": \"phase6\""));
    let err = pkg.check(SRC, false).unwrap_err().0;
    println!("--- a golden of another set\n{err}\n");
    assert!(
        err.starts_with(&format!(
            "{GOLDEN}:{}: pins set `phase6` of package `demo-pkg`",
            line_of(&text, "\"set\"")
        )),
        "{err}"
    );
}

#[test]
fn other_format_versions_are_stale_with_their_health_and_the_fix() {
    let pkg = Package::new("versions");
    let text = pkg.bootstrap();
    let line = line_of(&text, "\"format_version\"");
    for (version, health, advice) in [
        (
            "0",
            "Stale{reason: FormatVersionBehind{golden: 0, current: 1}}",
            "This is not a contract change. Regenerate it with",
        ),
        (
            "7",
            "Stale{reason: FormatVersionAhead{golden: 7, current: 1}}",
            "a newer contract-pin wrote it. Upgrade contract-pin",
        ),
    ] {
        pkg.write(text.replace(
            "\"format_version\": 1",
            &format!("\"format_version\": {version}"),
        ));
        let outcome = pkg.check(SRC, false).expect("a stale golden is a verdict");
        println!("--- format_version {version}\n{}", outcome.message);
        assert_eq!(outcome.status, Status::Stale);
        assert!(!outcome.status.passed());
        assert!(
            outcome
                .message
                .starts_with(&format!("{GOLDEN}:{line}: golden health: {health}\n")),
            "{}",
            outcome.message
        );
        assert!(outcome.message.contains(advice), "{}", outcome.message);
        assert!(outcome.message.contains(REGENERATE), "{}", outcome.message);
        assert_eq!(outcome.health.to_string(), health);

        let rewritten = pkg.check(SRC, true).unwrap();
        assert_eq!(rewritten.status, Status::Updated);
        assert!(
            rewritten
                .message
                .contains(&format!("(golden health was {health})")),
            "{}",
            rewritten.message
        );
        assert_eq!(fs::read_to_string(pkg.golden()).unwrap(), text);
    }
}

/// A hand-edited shape is never trusted: even an edit that makes the golden agree
/// with a breaking source change fails as Stale{IntegrityMismatch}, naming the
/// symbol; an update over it says what it overwrote.
#[test]
fn hand_edited_goldens_are_stale_and_never_trusted() {
    let pkg = Package::new("integrity");
    let text = pkg.bootstrap();
    let broken_src = SRC.replace(", pub b: u8", "");

    // The "fix" a reviewer should never accept: delete the field from the golden by
    // hand (fingerprint untouched) so the break looks like a match.
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["symbols"]["ApplyContext"]["shape"]["item"]["fields"]
        .as_array_mut()
        .unwrap()
        .retain(|field| field["name"] != "b");
    let edited = contract_core::canonical::to_canonical_string(&value);
    assert!(!edited.contains("\"name\": \"b\""), "{edited}");
    pkg.write(&edited);

    let outcome = pkg.check(&broken_src, false).unwrap();
    println!("--- hand-edited golden\n{}", outcome.message);
    assert_eq!(outcome.status, Status::Stale, "{}", outcome.message);
    assert!(
        outcome.deltas.is_empty(),
        "the edit hides the break from the diff"
    );
    let health = "Stale{reason: IntegrityMismatch{symbols: ApplyContext}}";
    assert_eq!(outcome.health.to_string(), health);
    assert!(
        outcome.message.starts_with(&format!(
            "{GOLDEN}:{}: golden health: {health}\n",
            line_of(&edited, "\"ApplyContext\"")
        )),
        "{}",
        outcome.message
    );
    assert!(outcome
        .message
        .contains("edited by hand and cannot be trusted"));
    assert!(outcome.message.contains(REGENERATE));

    let updated = pkg.check(&broken_src, true).unwrap();
    println!("--- update over a hand-edited golden\n{}", updated.message);
    assert_eq!(updated.status, Status::Updated);
    assert!(
        updated.message.contains(&format!(
            "overwrote hand edits to ApplyContext (golden health was {health})"
        )),
        "{}",
        updated.message
    );
    assert_eq!(pkg.check(&broken_src, false).unwrap().status, Status::Match);
}

#[test]
fn a_healthy_golden_reports_fresh() {
    let pkg = Package::new("fresh");
    let missing = pkg.check(SRC, false).unwrap();
    assert_eq!(missing.health.to_string(), "Missing");
    pkg.bootstrap();
    let outcome = pkg.check(SRC, false).unwrap();
    assert_eq!(outcome.status, Status::Match);
    assert_eq!(outcome.health.to_string(), "Fresh");
}

/// Raw identifiers, non-ASCII identifiers, `name = "…"` overrides and set names with
/// `-` and `_` survive extraction, a golden (ASCII, escaped) and a re-check.
#[test]
fn odd_names_round_trip_through_a_golden() {
    let pkg = Package::new("names");
    let src = r#"
        pub struct r#type { pub r#match: u8, pub größe: u16 }
        pub enum Überblick { Ä, r#fn }
        pub fn r#async(r#ref: u8) -> u8 { r#ref }
    "#;
    for set in ["phase5", "a-b_c-9", "x"] {
        let lookup_update = |name: &str| (name == "CONTRACT_PIN_UPDATE").then(|| "1".to_owned());
        let lookup = |_: &str| None;
        let current = symbols(src);
        let created =
            check_symbols(set, "demo-pkg", pkg.dir.path(), &current, &lookup_update).unwrap();
        assert_eq!(created.status, Status::Updated, "{set}");
        let path = pkg
            .dir
            .path()
            .join(format!("golden/{set}-contract/demo-pkg.json"));
        let text = fs::read_to_string(&path).unwrap();
        assert!(text.is_ascii(), "{text}");
        assert!(text.contains("\"r#type\""), "{text}");
        assert!(text.contains("gr\\u00f6\\u00dfe"), "{text}");
        let again = check_symbols(set, "demo-pkg", pkg.dir.path(), &current, &lookup).unwrap();
        assert_eq!(again.status, Status::Match, "{set}: {}", again.message);
        let renamed = symbols(&src.replace("größe", "grösse"));
        let changed = check_symbols(set, "demo-pkg", pkg.dir.path(), &renamed, &lookup).unwrap();
        assert_eq!(changed.status, Status::Breaking, "{set}");
        assert!(changed.message.contains("größe"), "{}", changed.message);
    }
}

/// Set and package names are parts of the golden's path: a name that could reach
/// another directory is refused before anything is read or written.
#[test]
fn set_and_package_names_cannot_leave_the_golden_directory() {
    let pkg = Package::new("escape");
    let update = |name: &str| (name == "CONTRACT_PIN_UPDATE").then(|| "1".to_owned());
    let current = symbols(SRC);
    for set in ["../../escaped", "a/b", "", "Phase5", "x\\y", "p\u{0}"] {
        let err = check_symbols(set, "demo-pkg", pkg.dir.path(), &current, &update).unwrap_err();
        assert!(
            err.0.contains("is not a contract set name"),
            "{set:?}: {err}"
        );
    }
    for package in ["../up", "a/b", "", "-x", "dé"] {
        let err = check_symbols("phase5", package, pkg.dir.path(), &current, &update).unwrap_err();
        assert!(
            err.0.contains("is not a package name"),
            "{package:?}: {err}"
        );
    }
    let names: Vec<_> = fs::read_dir(pkg.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["Cargo.toml"], "something was written");
    assert!(!pkg
        .dir
        .path()
        .parent()
        .unwrap()
        .join("escaped-contract")
        .exists());
    // `-` and `_` are distinct names with distinct goldens.
    let root = Path::new("/ws");
    let a = contract_core::golden::path(None, root, "a-b", "p");
    let b = contract_core::golden::path(None, root, "a_b", "p");
    assert_ne!(a, b);
}
