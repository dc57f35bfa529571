//! The generated crate that holds every pair (module `dNNN`, set `dNNN`), and the
//! three front ends run on it: the harness (`contract_harness::check` in a test binary),
//! the compile-time check (`cargo check`), and the CLI (`contract-pin check --format
//! json`). Each is read back into the same [`View`] per set.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::clean_env::clean_env;
use crate::corpus::{Pair, FORGE, PRELUDE_MODULE, SET};

/// The package name of the generated crate.
pub const PACKAGE: &str = "differential";

/// (symbol, kind, class, axis): what the front ends are compared on. Detail text is
/// rendering, never compared.
pub type Key = (String, String, String, String);

/// What one front end says about one set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// `match`, `additive`, `breaking`, `missing`, `stale`, or `error: …`.
    pub status: String,
    /// Every delta.
    pub deltas: BTreeSet<Key>,
    /// Wire deltas (symbol, kind, axis) whose every payload break rests on a wire form
    /// not derived here (`"failure": "opaque"`): the compile-time check, which sees
    /// one item's expansion, leaves them to the harness and the command.
    pub deferred: BTreeSet<(String, String, String)>,
}

/// What `cargo check` said about one pair's module.
#[derive(Clone, Debug, Default)]
pub struct Compiled {
    /// Breaking-change errors: (symbol, kind, axis).
    pub breaks: BTreeSet<(String, String, String)>,
    /// Other contract-pin errors (golden health, environment), as text.
    pub other: Vec<String>,
}

/// A CLI finding (error or warning) with its file relative to the crate.
#[derive(Clone, Debug)]
pub struct Finding {
    pub file: String,
    pub line: usize,
    pub message: String,
}

/// The CLI's answer on the whole crate.
#[derive(Debug, Default)]
pub struct CliRun {
    pub views: BTreeMap<String, View>,
    pub errors: Vec<Finding>,
    pub warnings: Vec<Finding>,
    pub raw: String,
}

/// The crate on disk, with a target directory shared across runs.
pub struct Generated {
    dir: tempfile::TempDir,
    target: PathBuf,
    /// Set name of each pair in the run, by pair index.
    pub sets: BTreeMap<usize, String>,
}

/// The set (and module) of pair `i`.
pub fn set_of(i: usize) -> String {
    format!("d{i:03}")
}

/// The pair index of a set or module name.
pub fn index_of(name: &str) -> Option<usize> {
    name.strip_prefix('d')?.parse().ok()
}

impl Generated {
    pub fn new(repo: &Path, pairs: &[Pair]) -> Generated {
        let dir = tempfile::Builder::new()
            .prefix("contract-pin-differential-")
            .tempdir()
            .unwrap();
        // The directory contract-cli/tests/new_user.rs builds in: the dependencies (contract-pin,
        // serde, syn…) compile once for both. serde_core (serde's own dependency, so
        // nothing more to build) for the pairs that name it as serde re-exports it.
        let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("new-user-target");
        let manifest = format!(
            "[package]\nname = \"{PACKAGE}\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = false\n\n\
             [workspace]\n\n[dependencies]\ncontract-pin = {{ path = {:?} }}\n\
             serde = {{ version = \"1\", features = [\"derive\"] }}\n\
             serde_core = \"1\"\n\n\
             [dev-dependencies]\nserde_json = \"1\"\ncontract-harness = {{ path = {:?} }}\n",
            repo.display().to_string(),
            repo.join("contract-harness").display().to_string()
        );
        let g = Generated {
            dir,
            target,
            sets: (0..pairs.len()).map(|i| (i, set_of(i))).collect(),
        };
        g.write("Cargo.toml", &manifest);
        fs::copy(repo.join("Cargo.lock"), g.path("Cargo.lock")).unwrap();
        g.write("tests/harness.rs", HARNESS);
        g.write_policies(pairs);
        g
    }

    /// The policy file of the crate (its workspace root): one `[set.dNNN]` table per
    /// pair whose policy is not the default. All three front ends read it there.
    fn write_policies(&self, pairs: &[Pair]) {
        let mut text = String::from("# One table per pair whose policy is not the default.\n");
        for (&i, set) in &self.sets {
            let table = contract_core::policy::file::render_set(set, &pairs[i].policy);
            if !table.is_empty() {
                text.push('\n');
                text.push_str(&table);
            }
        }
        let parsed = contract_core::policy::file::parse(&text)
            .unwrap_or_else(|e| panic!("{}\n{text}", e.located("contract-pin.toml")));
        for (&i, set) in &self.sets {
            assert_eq!(parsed.policy(set), pairs[i].policy, "{}", pairs[i].origin);
        }
        self.write(contract_core::policy::file::FILE_NAME, &text);
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.path(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }

    /// Writes the `before` (or `after`) side of every pair still in the run.
    pub fn write_side(&self, pairs: &[Pair], after: bool) {
        // The modules of the other side go; goldens named by `golden = "…"` stay.
        for entry in fs::read_dir(self.path("src"))
            .into_iter()
            .flatten()
            .flatten()
        {
            if entry.path().extension().is_some_and(|e| e == "rs") {
                fs::remove_file(entry.path()).unwrap();
            }
        }
        let mut lib = String::from("#![allow(warnings)]\n");
        lib.push_str(PRELUDE_MODULE);
        for (&i, set) in &self.sets {
            let pair = &pairs[i];
            let src = if after { &pair.after } else { &pair.before };
            let src = src
                .replace(&format!("\"{SET}\""), &format!("\"{set}\""))
                .replace(&format!("crate::{SET}::"), &format!("crate::{set}::"));
            self.write(&format!("src/{set}.rs"), &src);
            lib.push_str(&format!("pub mod {set};\n"));
        }
        self.write("src/lib.rs", &lib);
        let sets: Vec<&str> = self.sets.values().map(String::as_str).collect();
        self.write("sets.txt", &sets.join("\n"));
    }

    /// `cargo` in the crate with a user's environment: none of this process's cargo
    /// or contract-pin variables, no CI.
    fn cargo(&self, args: &[&str], vars: &[(&str, &str)]) -> Output {
        let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()));
        cmd.args(args).current_dir(self.dir.path());
        clean_env(&mut cmd);
        cmd.env("CARGO_TARGET_DIR", &self.target)
            .env("CARGO_TERM_COLOR", "never");
        for (k, v) in vars {
            cmd.env(k, v);
        }
        cmd.stdin(Stdio::null()).output().expect("cargo runs")
    }

    /// Builds the harness test binary (the compile-time check off, or update mode);
    /// errors in a pair's module take that pair out of the run. Returns the binary,
    /// or the pairs taken out so the caller can retry.
    pub fn build_harness(
        &mut self,
        vars: &[(&str, &str)],
    ) -> Result<PathBuf, Vec<(usize, String)>> {
        let out = self.cargo(&["test", "--no-run", "--message-format=json"], vars);
        let messages = messages(&out);
        let mut failed: BTreeMap<usize, String> = BTreeMap::new();
        let mut elsewhere = Vec::new();
        for m in &messages {
            if m.level != "error" {
                continue;
            }
            match m.file.as_deref().and_then(module_index) {
                Some(i) => {
                    failed.entry(i).or_insert_with(|| m.text.clone());
                }
                None if m.file.is_some() => elsewhere.push(m.text.clone()),
                None => {}
            }
        }
        assert!(
            elsewhere.is_empty(),
            "the generated crate fails outside the pairs' modules:\n{}",
            elsewhere.join("\n")
        );
        if !failed.is_empty() {
            for i in failed.keys() {
                self.sets.remove(i);
            }
            return Err(failed.into_iter().collect());
        }
        assert!(
            out.status.success(),
            "cargo test --no-run failed with no error in a pair:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let binary = String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter(|v| v["reason"] == "compiler-artifact" && v["target"]["name"] == "harness")
            .find_map(|v| v["executable"].as_str().map(PathBuf::from))
            .expect("the harness test binary");
        Ok(binary)
    }

    /// Runs the harness binary: `contract_harness::check` on every set.
    pub fn run_harness(&self, binary: &Path, vars: &[(&str, &str)]) -> BTreeMap<String, View> {
        let out_file = self.path("harness.json");
        let _ = fs::remove_file(&out_file);
        let mut cmd = Command::new(binary);
        clean_env(&mut cmd);
        cmd.env("DIFFERENTIAL_OUT", &out_file)
            .arg("--exact")
            .arg("every_set")
            .current_dir(self.dir.path());
        for (k, v) in vars {
            cmd.env(k, v);
        }
        let out = cmd.stdin(Stdio::null()).output().unwrap();
        assert!(
            out.status.success(),
            "the harness binary failed:\n{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let text = fs::read_to_string(&out_file).unwrap();
        let mut views = BTreeMap::new();
        for line in text.lines() {
            let v: Value = serde_json::from_str(line).unwrap();
            let set = v["set"].as_str().unwrap().to_owned();
            let view = match v.get("error") {
                Some(e) => View {
                    status: format!("error: {}", e.as_str().unwrap_or_default()),
                    ..View::default()
                },
                None => view_of(&v["report"]),
            };
            views.insert(set, view);
        }
        views
    }

    /// `cargo check` with the compile-time check on: its contract errors per pair.
    /// Any other error is a defect of the corpus and stops the suite.
    pub fn compile_check(&self) -> BTreeMap<usize, Compiled> {
        let out = self.cargo(&["check", "--message-format=json"], &[]);
        let mut by_pair: BTreeMap<usize, Compiled> = BTreeMap::new();
        let mut unexpected = Vec::new();
        for m in messages(&out) {
            if m.level != "error" || m.file.is_none() {
                continue;
            }
            let Some(i) = m.file.as_deref().and_then(module_index) else {
                unexpected.push(m.text);
                continue;
            };
            let entry = by_pair.entry(i).or_default();
            match parse_break(&m.text) {
                Some(key) => {
                    entry.breaks.insert(key);
                }
                None => entry.other.push(m.text),
            }
        }
        assert!(
            unexpected.is_empty(),
            "cargo check: errors outside the pairs:\n{}",
            unexpected.join("\n")
        );
        by_pair
    }

    /// `contract-pin check --format json` on the crate.
    pub fn cli(&self) -> CliRun {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_contract-pin"));
        clean_env(&mut cmd);
        cmd.args(["check", "--format", "json", "--manifest-path"])
            .arg(self.path("Cargo.toml"))
            .current_dir(self.dir.path())
            .stdin(Stdio::null());
        let out = cmd.output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        let value: Value = serde_json::from_str(&stdout)
            .unwrap_or_else(|e| panic!("the CLI's JSON does not parse ({e}):\n{stdout}\n{stderr}"));
        let mut run = CliRun {
            raw: stderr.clone(),
            ..CliRun::default()
        };
        for report in value["reports"].as_array().expect("`reports`") {
            run.views
                .insert(report["set"].as_str().unwrap().to_owned(), view_of(report));
        }
        for (list, into) in [("errors", &mut run.errors), ("warnings", &mut run.warnings)] {
            for e in value[list].as_array().expect("errors and warnings") {
                if let Some(set) = e["set"].as_str() {
                    // A set that could not be checked.
                    run.views.insert(
                        set.to_owned(),
                        View {
                            status: format!("error: {}", e["message"].as_str().unwrap_or_default()),
                            ..View::default()
                        },
                    );
                    continue;
                }
                into.push(Finding {
                    file: e["file"].as_str().unwrap_or_default().to_owned(),
                    line: e["line"].as_u64().unwrap_or(0) as usize,
                    message: e["message"].as_str().unwrap_or_default().to_owned(),
                });
            }
        }
        run
    }

    /// Applies the pair's hand edits to the golden of `set` (its policy is in the
    /// policy file, not the golden).
    pub fn edit_golden(&self, set: &str, pair: &Pair) {
        let path = match &pair.golden_at {
            Some(at) => self.path(at),
            None => self.path(&format!("golden/{set}-contract/{PACKAGE}.json")),
        };
        let bytes = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut golden = contract_core::golden::parse(&bytes).unwrap();
        if pair.golden_edits.iter().any(|(from, _)| from == FORGE) {
            for entry in golden.symbols.values_mut() {
                entry.fingerprint = format!("sha256:{}", "0".repeat(64));
            }
        }
        let mut text = golden.render();
        for (from, to) in pair.golden_edits.iter().filter(|(from, _)| from != FORGE) {
            assert!(
                text.contains(from.as_str()),
                "{}: golden has no {from:?}:\n{text}",
                pair.origin
            );
            text = text.replacen(from.as_str(), to, 1);
        }
        fs::write(path, text).unwrap();
    }
}

/// The harness: `contract_harness::check` on every set of `sets.txt`, one JSON line each.
const HARNESS: &str = r#"use differential as _; // links the registrations

#[test]
fn every_set() {
    use std::io::Write;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let lookup = |name: &str| std::env::var(name).ok();
    let out_path = std::env::var("DIFFERENTIAL_OUT").unwrap();
    let mut out = std::fs::File::create(out_path).unwrap();
    for set in include_str!("../sets.txt").lines() {
        let line = match contract_harness::check(set, env!("CARGO_PKG_NAME"), dir, &lookup) {
            Ok(outcome) => {
                let report: serde_json::Value =
                    serde_json::from_str(&contract_harness::report_json(&outcome)).unwrap();
                serde_json::json!({"set": set, "report": report})
            }
            Err(e) => serde_json::json!({"set": set, "error": e.to_string()}),
        };
        writeln!(out, "{line}").unwrap();
    }
}
"#;

/// A report object (DESIGN §2) as a view.
fn view_of(report: &Value) -> View {
    let deferred = report["deltas"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|d| {
            d["payloads"].as_object().is_some_and(|p| {
                !p.is_empty() && p.values().all(|b| b["failure"].as_str() == Some("opaque"))
            })
        })
        .map(|d| {
            let s = |k: &str| d[k].as_str().unwrap_or_default().to_owned();
            (s("symbol"), s("kind"), s("axis"))
        })
        .collect();
    View {
        deferred,
        status: report["status"].as_str().unwrap_or("?").to_owned(),
        deltas: report["deltas"]
            .as_array()
            .map(|ds| {
                ds.iter()
                    .map(|d| {
                        let s = |k: &str| d[k].as_str().unwrap_or_default().to_owned();
                        (s("symbol"), s("kind"), s("class"), s("axis"))
                    })
                    .collect()
            })
            .unwrap_or_default(),
    }
}

struct Message {
    level: String,
    text: String,
    /// The primary span's file, relative to the crate.
    file: Option<String>,
}

fn messages(out: &Output) -> Vec<Message> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["reason"] == "compiler-message")
        .map(|v| {
            let m = &v["message"];
            let file = m["spans"].as_array().and_then(|spans| {
                spans
                    .iter()
                    .find(|s| s["is_primary"] == true)
                    .or(spans.first())
                    .and_then(|s| s["file_name"].as_str().map(str::to_owned))
            });
            Message {
                level: m["level"].as_str().unwrap_or_default().to_owned(),
                text: m["rendered"]
                    .as_str()
                    .or(m["message"].as_str())
                    .unwrap_or_default()
                    .to_owned(),
                file,
            }
        })
        .collect()
}

/// `src/d012.rs` → 12.
fn module_index(file: &str) -> Option<usize> {
    let name = file.strip_prefix("src/")?.strip_suffix(".rs")?;
    index_of(name)
}

/// The assertion that stands for a removed derive, failed below its own bound (a
/// generic type's `impl` for fewer types: rustc reports the unmet bound, `T: Copy`,
/// with a note that it was `required for `S<T>` to implement
/// `…__ContractPinStillImplemented``) → (S, derive_removed, api).
fn assertion_break(text: &str) -> Option<(String, String, String)> {
    let note = text
        .lines()
        .find(|l| l.contains("__ContractPinStillImplemented") && l.contains("required for `"))?;
    let (_, rest) = note.split_once("required for `")?;
    let (ty, _) = rest.split_once("` to implement")?;
    let path = ty.split('<').next()?;
    let symbol = path.rsplit("::").next()?;
    Some((
        symbol.to_owned(),
        "derive_removed".to_owned(),
        "api".to_owned(),
    ))
}

/// `breaking change to pinned contract `S` (kind, axis axis): …` → (S, kind, axis).
fn parse_break(text: &str) -> Option<(String, String, String)> {
    let first = text.lines().next()?;
    // `error: …`, or `error[E0277]: …` for the assertion that stands for a removed
    // derive (the compiler reports it with contract-pin's message).
    let first = match first.strip_prefix("error") {
        Some(rest) => rest
            .strip_prefix(':')
            .or_else(|| rest.split_once("]:").map(|(_, r)| r))
            .map(str::trim_start)
            .unwrap_or(first),
        None => first,
    };
    let Some(rest) = first.strip_prefix("breaking change to pinned contract `") else {
        return assertion_break(text);
    };
    let (symbol, rest) = rest.split_once("` (")?;
    let (kind, rest) = rest.split_once(", ")?;
    let (axis, _) = rest.split_once(" axis)")?;
    Some((symbol.to_owned(), kind.to_owned(), axis.to_owned()))
}
