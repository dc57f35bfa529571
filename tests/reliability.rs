//! Every bad golden a user can end up with, through the harness: each is a clear
//! error (or a failing stale verdict) naming the file and line and what to do, never a
//! panic and never a silent pass; and names with odd characters survive a golden.
//!
//! `docs/RELIABILITY.md` quotes these messages; run with `--nocapture` to print them.

use contract_core::FORMAT_VERSION;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use contract_harness::{check_symbols, CheckError, Outcome, Status};
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
        check_in(self.dir.path(), src, update)
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

/// The harness on the package in `dir`, with `src`'s items, in update or compare mode.
fn check_in(dir: &Path, src: &str, update: bool) -> Result<Outcome, CheckError> {
    let lookup = |name: &str| match name {
        "CONTRACT_PIN_UPDATE" if update => Some("1".to_owned()),
        _ => None,
    };
    check_symbols("phase5", "demo-pkg", dir, &symbols(src), &lookup)
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
            .to_string();
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
    let err = pkg.check(SRC, false).unwrap_err().to_string();
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
    // The version after this one: what a newer contract-pin writes.
    let ahead = (FORMAT_VERSION + 1).to_string();
    for (version, health, advice) in [
        (
            "0",
            format!("Stale{{reason: FormatVersionBehind{{golden: 0, current: {FORMAT_VERSION}}}}}"),
            "This is not a contract change. Regenerate it with",
        ),
        (
            &*ahead,
            format!(
                "Stale{{reason: FormatVersionAhead{{golden: {ahead}, current: {FORMAT_VERSION}}}}}"
            ),
            "a newer contract-pin wrote it. Upgrade contract-pin",
        ),
    ] {
        pkg.write(text.replace(
            &format!("\"format_version\": {FORMAT_VERSION}"),
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
            err.to_string().contains("is not a contract set name"),
            "{set:?}: {err}"
        );
    }
    for package in ["../up", "a/b", "", "-x", "dé"] {
        let err = check_symbols("phase5", package, pkg.dir.path(), &current, &update).unwrap_err();
        assert!(
            err.to_string().contains("is not a package name"),
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

/// `SRC` with one more field: an additive change to `ApplyContext`.
fn grown() -> String {
    SRC.replace("pub b: u8 }", "pub b: u8, pub c: Option<u8> }")
}

/// The names in `dir`, sorted.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A golden that is a symbolic link (to a directory of goldens shared by several
/// checkouts, say) is read through the link and written through it: an update
/// replaces the target and the link stays. A link to nothing yet is bootstrapped by
/// creating its target; a link loop is an error, not a hang.
#[cfg(unix)]
#[test]
fn a_symlinked_golden_is_written_through_the_link() {
    use std::os::unix::fs::symlink;
    let pkg = Package::new("symlink");
    let text = pkg.bootstrap();
    let shared = pkg.dir.path().join("shared");
    fs::create_dir_all(&shared).unwrap();
    let target = shared.join("demo-pkg.json");
    fs::rename(pkg.golden(), &target).unwrap();
    symlink("../../shared/demo-pkg.json", pkg.golden()).unwrap();
    assert_eq!(pkg.check(SRC, false).unwrap().status, Status::Match);

    let outcome = pkg.check(&grown(), true).unwrap();
    assert_eq!(outcome.status, Status::Updated, "{}", outcome.message);
    let link = fs::symlink_metadata(pkg.golden()).unwrap();
    assert!(
        link.file_type().is_symlink(),
        "the update replaced the link"
    );
    let written = fs::read_to_string(&target).unwrap();
    assert_ne!(written, text);
    assert!(written.contains("\"c\""), "{written}");
    assert_eq!(pkg.check(&grown(), false).unwrap().status, Status::Match);
    assert_eq!(names_in(&shared), ["demo-pkg.json"]);
    assert_eq!(names_in(pkg.golden().parent().unwrap()), ["demo-pkg.json"]);

    // A dangling link: the update creates its target.
    fs::remove_file(&target).unwrap();
    let outcome = pkg.check(SRC, true).unwrap();
    assert_eq!(outcome.status, Status::Updated, "{}", outcome.message);
    assert!(fs::symlink_metadata(pkg.golden())
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(fs::read_to_string(&target).unwrap(), text);

    // A loop.
    fs::remove_file(pkg.golden()).unwrap();
    let other = pkg.golden().with_file_name("other.json");
    symlink("other.json", pkg.golden()).unwrap();
    symlink("demo-pkg.json", &other).unwrap();
    let err = pkg.check(SRC, true).unwrap_err().to_string();
    println!("--- update through a link loop\n{err}\n");
    assert!(
        err.starts_with(&format!("cannot lock {GOLDEN}:"))
            && err.contains("too many levels of symbolic links"),
        "{err}"
    );
    let err = pkg.check(SRC, false).unwrap_err().to_string();
    println!("--- compare through a link loop\n{err}\n");
    assert!(err.starts_with(&format!("cannot read {GOLDEN}:")), "{err}");
}

/// A writer killed between creating its temp file and renaming it leaves
/// `.demo-pkg.json.<pid>-<n>-<clock>.tmp`; one killed while holding the lock leaves
/// `.demo-pkg.json.lock` (the OS released the lock itself). Here the temp file holds
/// a whole golden of the grown sources, so reading it would make them match: it is
/// never read. The next update removes both, and nothing that is not this golden's.
#[test]
fn a_killed_writers_temp_file_is_never_read_and_the_next_update_removes_it() {
    let pkg = Package::new("killed");
    pkg.bootstrap();
    let grown_golden = {
        let other = Package::new("killed-grown");
        other.check(&grown(), true).unwrap();
        fs::read_to_string(other.golden()).unwrap()
    };
    let dir = pkg.golden().parent().unwrap().to_path_buf();
    let temp = dir.join(".demo-pkg.json.4242-0-0badc0de.tmp");
    fs::write(&temp, &grown_golden).unwrap();
    fs::write(dir.join(".demo-pkg.json.lock"), "").unwrap();
    let others = [
        ".other-pkg.json.4242-0-0badc0de.tmp",
        ".demo-pkg.json.mine.tmp",
    ];
    for name in others {
        fs::write(dir.join(name), "not ours").unwrap();
    }

    let compared = pkg.check(&grown(), false).unwrap();
    // Read, the temp file would make the grown sources match.
    assert_ne!(compared.status, Status::Match, "the temp file was read");
    assert!(temp.exists(), "a comparison removed a file");

    let updated = pkg.check(&grown(), true).unwrap();
    assert_eq!(updated.status, Status::Updated, "{}", updated.message);
    assert_eq!(fs::read_to_string(pkg.golden()).unwrap(), grown_golden);
    let mut expected: Vec<String> = others.iter().map(|s| s.to_string()).collect();
    expected.push("demo-pkg.json".to_owned());
    expected.sort();
    assert_eq!(names_in(&dir), expected);
}

/// Set in the child process of the read-only test: the package directory.
const READ_ONLY_CHILD: &str = "CONTRACT_PIN_READ_ONLY_CHILD";

/// The read-only half of [`an_update_in_a_read_only_golden_dir_writes_only_if_it_must`].
fn read_only_checks(dir: &Path) {
    let probe = dir.join("golden/phase5-contract/probe");
    assert!(
        fs::write(&probe, "").is_err(),
        "this process can write in a read-only directory: nothing would be tested"
    );
    // Nothing to write: no lock is needed, none can be had, and the update passes.
    let outcome = check_in(dir, SRC, true).unwrap();
    assert_eq!(outcome.status, Status::Match);
    // Something to write: it fails at the write, naming the golden.
    let err = check_in(dir, &grown(), true).unwrap_err().to_string();
    println!("--- an update that must write in a read-only directory\n{err}\n");
    assert!(
        err.starts_with(&format!("cannot write {GOLDEN}: ")),
        "{err}"
    );
    assert_eq!(check_in(dir, SRC, false).unwrap().status, Status::Match);
}

#[test]
fn read_only_child() {
    if let Ok(dir) = std::env::var(READ_ONLY_CHILD) {
        read_only_checks(Path::new(&dir));
    }
}

/// A golden directory no one may write in (a read-only checkout, say) holds no lock
/// file: an update that finds nothing to change passes as before, and one that must
/// write fails at the write. Run as root, the checks run in a child process without
/// root's right to write anywhere (`setpriv`, util-linux).
#[cfg(unix)]
#[test]
fn an_update_in_a_read_only_golden_dir_writes_only_if_it_must() {
    use std::os::unix::fs::PermissionsExt as _;
    let pkg = Package::new("read-only");
    pkg.bootstrap();
    let dir = pkg.golden().parent().unwrap().to_path_buf();
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o555)).unwrap();
    let probe = dir.join("probe");
    let result = if fs::write(&probe, "").is_ok() {
        fs::remove_file(&probe).unwrap();
        let output = Command::new("setpriv")
            .args(["--bounding-set", "-dac_override,-dac_read_search", "--"])
            .arg(std::env::current_exe().unwrap())
            .args(["--exact", "read_only_child", "--nocapture"])
            .env(READ_ONLY_CHILD, pkg.dir.path())
            .output();
        match output {
            Ok(output) => Some(output),
            Err(e) => {
                eprintln!("skipped: permissions are not enforced and `setpriv` fails: {e}");
                None
            }
        }
    } else {
        read_only_checks(pkg.dir.path());
        None
    };
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
    if let Some(output) = result {
        assert!(
            output.status.success(),
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    assert_eq!(names_in(&dir), ["demo-pkg.json"]);
}

/// Every bad policy file: an error naming the file, the line, the column and the key,
/// in compare and in update mode, with the golden left as it was. A golden that still
/// carries a `policy` block (from before the policy file) is stale, not corrupt.
#[test]
fn bad_policy_files_are_errors_naming_file_line_and_key() {
    let pkg = Package::new("policy");
    let golden = pkg.bootstrap();
    let policy = pkg.dir.path().join("contract-pin.toml");
    let cases = [
        (
            "unknown key",
            "[set.phase5]\nwire_directon = \"full\"\n",
            "contract-pin.toml:2:1: `set.phase5.wire_directon`: unknown key (did you mean `wire_direction`?)",
        ),
        (
            "unknown override kind",
            "[set.phase5.overrides]\nfield_vanished = \"additive\"\n",
            "contract-pin.toml:2:1: `set.phase5.overrides.field_vanished`: not a delta kind",
        ),
        (
            "bad value",
            "wire_format = \"bincode\"\n",
            "contract-pin.toml:1:15: `wire_format`: unknown wire format `bincode`",
        ),
        (
            "not TOML",
            "[set.phase5\n",
            "contract-pin.toml:1:12: not valid TOML",
        ),
        (
            "empty directive word",
            "[set.phase5.directive]\ntitle = \"\"\n",
            "contract-pin.toml:2:9: `set.phase5.directive.title`: is empty",
        ),
    ];
    for (case, text, says) in cases {
        fs::write(&policy, text).unwrap();
        for update in [false, true] {
            let err = pkg
                .check(SRC, update)
                .expect_err("a bad policy file is an error")
                .to_string();
            if !update {
                println!("--- {case}\n{err}\n");
            }
            assert!(err.starts_with(says), "{case}: {err}");
            assert_eq!(fs::read_to_string(pkg.golden()).unwrap(), golden, "{case}");
        }
    }
    fs::remove_file(&policy).unwrap();

    // A golden from before the policy file: stale, and an update says how to move on.
    let block = "\"policy\": {\"axes\": [\"api\"], \"wire_direction\": \"full\", \"wire_format\": \"self_describing\"},\n  ";
    let old = golden.replacen("\"set\"", &format!("{block}\"set\""), 1);
    pkg.write(&old);
    let outcome = pkg.check(SRC, false).unwrap();
    assert_eq!(outcome.status, Status::Stale, "{}", outcome.message);
    println!("--- policy block\n{}", outcome.message);
    let err = pkg
        .check(SRC, true)
        .expect_err("a policy the file lacks")
        .to_string();
    println!("--- policy block, update\n{err}");
    assert!(
        err.contains("[set.phase5]\naxes = [\"api\"]\nwire_direction = \"full\"\n"),
        "{err}"
    );
    assert_eq!(
        fs::read_to_string(pkg.golden()).unwrap(),
        old,
        "nothing written"
    );
}
