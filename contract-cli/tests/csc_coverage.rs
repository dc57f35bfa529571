//! How much of what cargo-semver-checks' **Major** lints flag on its own test crates
//! `contract-pin check` reports as breaking (docs/COVERAGE.md).
//!
//! ```sh
//! CSC_REPO=/path/to/cargo-semver-checks \
//!   cargo test --release -p contract-cli --test csc_coverage -- --ignored --nocapture
//! ```
//!
//! `CSC_REPO` is a checkout of cargo-semver-checks or a bare git directory of it (then
//! `HEAD` is read with `git archive`). Nothing in it is modified: its `test_crates/`,
//! `test_outputs/query_execution/` and `src/lints/` are copied into a scratch directory,
//! its `csc/` under `CSC_SCRATCH` (default `target/csc-coverage/` of this workspace),
//! replaced on every run and left in place afterwards (delete it when done). `CSC_ONLY=name` runs one test crate.
//!
//! For every test crate pair that at least one Major lint (`required_update: Major` in
//! `src/lints/<id>.ron`) flags in its `test_outputs/query_execution/<id>.snap`: the
//! crate's `old/` and `new/` are made their own workspaces (`[workspace]` appended
//! to the manifest, as `tests/realworld.rs` does) with a `contract-pin.toml` of
//! `[set.api] public_api = true`; `contract-pin update --set api` on `old/` writes the
//! golden, which is copied to `new/`, and `contract-pin check --set api --format json`
//! there gives the deltas. A pair whose update or check fails is printed as an error and
//! its findings count as not caught.
//!
//! **The matching rule.** A finding (lint, test crate, item) counts as caught when the
//! report on that pair has a *breaking* delta whose `symbol` is the finding's `path`
//! without its first segment (the crate name), `::`-joined (with a trailing `!` for the
//! lints about macros, which is how contract-pin names a macro), or — for a finding that
//! names members — the owner of that path (the path less its last segment). When the
//! finding names members of the item (its `method_name`, `method`, `variant_name`,
//! `field_name`, `associated_constant` or `associated_type`; the `name` of
//! `trait_method_now_doc_hidden`, which is the method's), every one of them must be
//! named by that delta: an identifier of its `detail`, or a string of its `member`. A
//! finding without members is caught by any breaking delta on its item, whatever the
//! change: the table's `caught by` column lists the kinds that caught each lint's items.
//! A finding of an `auto_trait_*` lint names its trait (`auto_trait`) as a member, and
//! only an `auto_trait_removed` delta naming it catches it.
//! A finding of a `feature_*` lint names a Cargo feature: its symbol is
//! `features.<name>`, and the feature it no longer enables (`implied_feature_name`) is
//! a member. A finding without a `path` (the `exported_function_*` lints name a
//! function by its export name) cannot be matched by this rule: it is counted as
//! flagged and not caught, and listed apart.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

#[path = "support/released.rs"]
mod released;
use released::{contract_pin, copy_dir, own_workspace, public_api_set};

const HERE: &str = env!("CARGO_MANIFEST_DIR");

/// The keys of a finding that name a member of the item at its `path`.
const MEMBER_KEYS: &[&str] = &[
    "method_name",
    "method",
    "variant_name",
    "field_name",
    "associated_constant",
    "associated_type",
];

// ---- the snapshot format ----------------------------------------------------------------

/// A value of insta's debug rendering of trustfall results: `String("…")`,
/// `Uint64(3)`, `List([…])`, `Null`, maps and lists.
#[derive(Clone, Debug)]
enum Val {
    Str(String),
    Scalar(String),
    List(Vec<Val>),
    Map(Vec<(String, Val)>),
}

impl Val {
    fn get(&self, key: &str) -> Option<&Val> {
        match self {
            Val::Map(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    fn str(&self) -> Option<&str> {
        match self {
            Val::Str(s) => Some(s),
            _ => None,
        }
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && (self.s[self.i] as char).is_whitespace() {
            self.i += 1;
        }
    }

    fn peek(&mut self) -> u8 {
        self.ws();
        *self.s.get(self.i).unwrap_or(&0)
    }

    fn eat(&mut self, c: u8) -> Result<(), String> {
        if self.peek() == c {
            self.i += 1;
            Ok(())
        } else {
            Err(format!(
                "expected `{}` at byte {}, found `{}`",
                c as char,
                self.i,
                String::from_utf8_lossy(&self.s[self.i..(self.i + 20).min(self.s.len())])
            ))
        }
    }

    fn string(&mut self) -> Result<String, String> {
        self.eat(b'"')?;
        let mut out = Vec::new();
        while self.i < self.s.len() {
            let c = self.s[self.i];
            self.i += 1;
            match c {
                b'"' => return String::from_utf8(out).map_err(|e| e.to_string()),
                b'\\' => {
                    let e = self.s[self.i];
                    self.i += 1;
                    out.push(match e {
                        b'n' => b'\n',
                        b't' => b'\t',
                        other => other,
                    });
                }
                other => out.push(other),
            }
        }
        Err("unterminated string".to_owned())
    }

    fn value(&mut self) -> Result<Val, String> {
        match self.peek() {
            b'"' => Ok(Val::Str(self.string()?)),
            b'{' => {
                self.i += 1;
                let mut map = Vec::new();
                while self.peek() != b'}' {
                    let k = self.string()?;
                    self.eat(b':')?;
                    map.push((k, self.value()?));
                    if self.peek() == b',' {
                        self.i += 1;
                    }
                }
                self.i += 1;
                Ok(Val::Map(map))
            }
            b'[' => {
                self.i += 1;
                let mut list = Vec::new();
                while self.peek() != b']' {
                    list.push(self.value()?);
                    if self.peek() == b',' {
                        self.i += 1;
                    }
                }
                self.i += 1;
                Ok(Val::List(list))
            }
            _ => {
                let start = self.i;
                while self.i < self.s.len() && !b"(),]} \n\t".contains(&self.s[self.i]) {
                    self.i += 1;
                }
                let word = String::from_utf8_lossy(&self.s[start..self.i]).into_owned();
                if word.is_empty() {
                    return Err(format!("no value at byte {start}"));
                }
                if self.peek() == b'(' {
                    self.i += 1;
                    let inner = self.value()?;
                    self.eat(b')')?;
                    Ok(match inner {
                        Val::Scalar(s) => Val::Scalar(format!("{word}({s})")),
                        other => other,
                    })
                } else {
                    Ok(Val::Scalar(word))
                }
            }
        }
    }
}

/// The body of a `.snap` file (after its `---` header), parsed.
fn parse_snap(text: &str) -> Result<Val, String> {
    let body = match text.strip_prefix("---") {
        Some(rest) => rest
            .split_once("\n---")
            .map(|(_, b)| b)
            .ok_or("no end of the snapshot header")?,
        None => text,
    };
    let mut p = Parser {
        s: body.as_bytes(),
        i: 0,
    };
    p.value()
}

// ---- the inputs --------------------------------------------------------------------------

/// One item a lint flags.
#[derive(Clone, Debug)]
struct Finding {
    lint: String,
    krate: String,
    /// The symbol: `path` without the crate, `::`-joined, with a `!` for a macro
    /// (`None`: no `path`).
    symbol: Option<String>,
    /// The owner of that path, for a finding that names members and whose path has
    /// two segments or more after the crate.
    owner: Option<String>,
    /// The members it names.
    members: Vec<String>,
    /// How it reads, for the lists.
    label: String,
}

fn scratch() -> PathBuf {
    if let Some(dir) = std::env::var_os("CSC_SCRATCH") {
        return PathBuf::from(dir);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(HERE).join("../target"));
    std::fs::create_dir_all(&target).unwrap();
    target.canonicalize().unwrap().join("csc-coverage")
}

const PARTS: &[&str] = &["test_crates", "test_outputs/query_execution", "src/lints"];

/// cargo-semver-checks' inputs, copied into `dest`.
fn extract(repo: &Path, dest: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dest).map_err(|e| e.to_string())?;
    if repo.join("test_crates").is_dir() {
        for part in PARTS {
            copy_dir(&repo.join(part), &dest.join(part))
                .map_err(|e| format!("{}: {e}", repo.join(part).display()))?;
        }
        return Ok(());
    }
    let archive = Command::new("git")
        .arg("-C")
        .arg(repo)
        .args(["archive", "--format=tar", "HEAD"])
        .args(PARTS)
        .output()
        .map_err(|e| e.to_string())?;
    if !archive.status.success() {
        return Err(format!(
            "`git archive` in {}: {}",
            repo.display(),
            String::from_utf8_lossy(&archive.stderr)
        ));
    }
    let tar = dest.join("csc.tar");
    std::fs::write(&tar, &archive.stdout).map_err(|e| e.to_string())?;
    let out = Command::new("tar")
        .arg("-xf")
        .arg(&tar)
        .arg("-C")
        .arg(dest)
        .output()
        .map_err(|e| e.to_string())?;
    std::fs::remove_file(&tar).ok();
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    Ok(())
}

/// The commit of `HEAD`, if `repo` is a git directory or checkout.
fn head(repo: &Path) -> String {
    Command::new("git")
        .arg("-C")
        .arg(repo)
        .args(["rev-parse", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_else(|| "unknown".to_owned())
}

/// The ids of the lints whose `required_update` is `Major`.
fn major_lints(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let field = |key: &str| {
            text.lines()
                .map(str::trim)
                .find_map(|l| l.strip_prefix(key))
                .map(|v| {
                    v.trim_start_matches([':', ' '])
                        .trim_end_matches(',')
                        .trim_matches('"')
                        .to_owned()
                })
        };
        let id = field("id").unwrap_or_else(|| panic!("{}: no id", path.display()));
        if field("required_update").as_deref() == Some("Major") {
            out.push(id);
        }
    }
    out.sort();
    out
}

/// The lints about macros, whose symbols contract-pin names `name!`.
fn is_macro_lint(lint: &str) -> bool {
    lint.contains("macro") || lint == "derive_helper_attr_removed"
}

fn findings(lint: &str, snap: &Val) -> Vec<Finding> {
    let mut out = Vec::new();
    let Val::Map(crates) = snap else {
        panic!("{lint}: the snapshot is not a map");
    };
    for (key, list) in crates {
        let krate = key
            .trim_start_matches("./test_crates/")
            .trim_end_matches('/')
            .to_owned();
        let Val::List(items) = list else {
            panic!("{lint}: {key} is not a list");
        };
        for item in items {
            let path: Option<Vec<String>> = match item.get("path") {
                Some(Val::List(p)) => Some(
                    p.iter()
                        .map(|s| s.str().unwrap_or_default().to_owned())
                        .collect(),
                ),
                _ => None,
            };
            let mut members: Vec<String> = MEMBER_KEYS
                .iter()
                .filter_map(|k| item.get(k).and_then(Val::str).map(str::to_owned))
                .collect();
            if lint == "trait_method_now_doc_hidden" {
                members.extend(item.get("name").and_then(Val::str).map(str::to_owned));
            }
            // The auto trait lost: the delta must name it.
            if lint.starts_with("auto_trait_") {
                members.extend(item.get("auto_trait").and_then(Val::str).map(str::to_owned));
            }
            // A Cargo feature is the symbol `features.<name>`; the feature it no longer
            // turns on is the member.
            let feature = match lint.starts_with("feature_") {
                true => ["name", "feature_name"]
                    .iter()
                    .find_map(|k| item.get(k).and_then(Val::str)),
                false => None,
            };
            if feature.is_some() {
                members.extend(
                    item.get("implied_feature_name")
                        .and_then(Val::str)
                        .map(str::to_owned),
                );
            }
            // How contract-pin names a macro (`json!`) and a module (`ser::`).
            let bang = if is_macro_lint(lint) {
                "!"
            } else if lint == "module_missing" {
                "::"
            } else {
                ""
            };
            // An exported fn named by its symbol: contract-pin records it as
            // `{symbol} (exported)`.
            let export = lint
                .starts_with("exported_function_")
                .then(|| item.get("export_name").and_then(Val::str))
                .flatten();
            let (symbol, owner) = match &path {
                _ if feature.is_some() => (feature.map(|f| format!("features.{f}")), None),
                _ if export.is_some() => (export.map(|e| format!("{e} (exported)")), None),
                Some(p) if p.len() >= 2 => (
                    Some(format!("{}{bang}", p[1..].join("::"))),
                    (p.len() >= 3 && !members.is_empty()).then(|| p[1..p.len() - 1].join("::")),
                ),
                _ => (None, None),
            };
            let mut label = match &symbol {
                Some(s) => s.clone(),
                None => {
                    let name = ["export_name", "name", "feature_name"]
                        .iter()
                        .find_map(|k| item.get(k).and_then(Val::str))
                        .unwrap_or("?");
                    format!("({name}, no path)")
                }
            };
            if !members.is_empty() {
                label.push_str(&format!(" [{}]", members.join(", ")));
            }
            out.push(Finding {
                lint: lint.to_owned(),
                krate: krate.clone(),
                symbol,
                owner,
                members,
                label,
            });
        }
    }
    out
}

// ---- one pair ----------------------------------------------------------------------------

/// One delta of a report.
#[derive(Clone, Debug)]
struct Delta {
    breaking: bool,
    kind: String,
    symbol: String,
    detail: String,
    /// Every string of its `member`.
    member: Vec<String>,
    /// Its `before` and `after`.
    shown: String,
}

/// Kinds whose `before` and `after` show every member the change moves or reshapes:
/// the order (`{ a, b }` -> `{ b, a }`), a variant's fields, a union's fields as a
/// struct's. Only for these is a member the before or after names a member it names.
const SHOWING_MEMBERS: &[&str] = &[
    "field_order_changed",
    "variant_kind_changed",
    "union_changed_to_struct",
];

impl Delta {
    /// Whether it names `name`: an identifier of the detail, a string of the member,
    /// or, for the kinds of [`SHOWING_MEMBERS`], an identifier of its before or after.
    fn names(&self, name: &str) -> bool {
        let words = |text: &str| {
            text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|w| w == name)
        };
        self.member.iter().any(|m| m == name)
            || words(&self.detail)
            || (SHOWING_MEMBERS.contains(&self.kind.as_str()) && words(&self.shown))
    }
}

fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|v| strings(v, out)),
        // Not `kind`: `{"kind": "method", "name": "…"}` names no member `method`.
        Value::Object(o) => o
            .iter()
            .filter(|(k, _)| k.as_str() != "kind")
            .for_each(|(_, v)| strings(v, out)),
        _ => {}
    }
}

/// What one pair gave: its deltas and the command's warnings.
struct Report {
    deltas: Vec<Delta>,
    warnings: Vec<String>,
}

/// `dir` made its own workspace with the public-API set; its manifest.
fn prepare(dir: &Path) -> Result<PathBuf, String> {
    let manifest = own_workspace(dir, "")?;
    public_api_set(dir)?;
    Ok(manifest)
}

fn last_lines(text: &str) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    lines[lines.len().saturating_sub(4)..].join(" | ")
}

fn run_pair(dir: &Path) -> Result<Report, String> {
    let old = prepare(&dir.join("old"))?;
    let new = prepare(&dir.join("new"))?;
    let (code, _, stderr) = contract_pin(&old, &["update", "--set", "api"], &[])?;
    if code != 0 {
        return Err(format!(
            "update on old/ exited {code}: {}",
            last_lines(&stderr)
        ));
    }
    let golden = dir.join("old/golden");
    if !golden.is_dir() {
        return Err("update on old/ wrote no golden".to_owned());
    }
    copy_dir(&golden, &dir.join("new/golden")).map_err(|e| e.to_string())?;
    let (code, stdout, stderr) =
        contract_pin(&new, &["check", "--set", "api", "--format", "json"], &[])?;
    let json: Value = serde_json::from_str(&stdout).map_err(|e| {
        format!(
            "check on new/ printed no JSON ({e}), exit {code}: {}",
            last_lines(&stderr)
        )
    })?;
    if code == 3 || json["verdict"] == "error" {
        return Err(format!("check on new/ exited {code}: {}", json["errors"]));
    }
    let mut deltas = Vec::new();
    for report in json["reports"].as_array().into_iter().flatten() {
        for d in report["deltas"].as_array().into_iter().flatten() {
            let s = |k: &str| d[k].as_str().unwrap_or_default().to_owned();
            let mut member = Vec::new();
            strings(&d["member"], &mut member);
            deltas.push(Delta {
                breaking: s("class") == "breaking",
                kind: s("kind"),
                symbol: s("symbol"),
                detail: s("detail"),
                member,
                shown: format!("{} {}", s("before"), s("after")),
            });
        }
    }
    let warnings = json["warnings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|w| w["message"].as_str().unwrap_or_default().to_owned())
        .collect();
    Ok(Report { deltas, warnings })
}

// ---- matching ----------------------------------------------------------------------------

fn on_symbol(f: &Finding, d: &Delta) -> bool {
    Some(&d.symbol) == f.symbol.as_ref()
        || (f.owner.is_some() && Some(&d.symbol) == f.owner.as_ref())
}

/// The breaking deltas that catch `f`.
fn catching<'a>(f: &Finding, deltas: &'a [Delta]) -> Vec<&'a Delta> {
    deltas
        .iter()
        .filter(|d| d.breaking && on_symbol(f, d) && f.members.iter().all(|m| d.names(m)))
        // A lost auto trait is caught by a delta that says it is lost, not by another
        // change to the type.
        .filter(|d| !f.lint.starts_with("auto_trait_") || d.kind == "auto_trait_removed")
        .collect()
}

/// Why a whole lint family cannot be caught, where that follows from what the command
/// reads (docs/COVERAGE.md has the rest, judged by hand).
fn known_reason(lint: &str) -> Option<&'static str> {
    if lint == "module_missing" {
        Some("modules are not symbols")
    } else {
        None
    }
}

/// What the report says about an uncaught finding, mechanically.
fn why_not(f: &Finding, outcome: &Result<Report, String>) -> String {
    let report = match outcome {
        Err(e) => return format!("pair error: {e}"),
        Ok(r) => r,
    };
    if f.symbol.is_none() {
        return "no path in the finding: not matched mechanically".to_owned();
    }
    let on: Vec<&Delta> = report.deltas.iter().filter(|d| on_symbol(f, d)).collect();
    let naming: Vec<&&Delta> = on
        .iter()
        .filter(|d| f.members.iter().all(|m| d.names(m)))
        .collect();
    let kinds = |ds: &[&Delta]| {
        let set: BTreeSet<String> = ds
            .iter()
            .map(|d| {
                format!(
                    "{} {}",
                    if d.breaking { "breaking" } else { "additive" },
                    d.kind
                )
            })
            .collect();
        set.into_iter().collect::<Vec<_>>().join(", ")
    };
    if !naming.is_empty() {
        let ds: Vec<&Delta> = naming.into_iter().copied().collect();
        format!("reported, not breaking: {}", kinds(&ds))
    } else if on.iter().any(|d| d.breaking) {
        format!(
            "breaking on the symbol, the member not named: {}",
            kinds(&on)
        )
    } else if !on.is_empty() {
        format!(
            "deltas on the symbol, none breaking or naming the member: {}",
            kinds(&on)
        )
    } else {
        "no delta on the symbol".to_owned()
    }
}

/// One lint's row of the table.
#[derive(Default)]
struct Row {
    flagged: usize,
    caught: usize,
    /// Caught only by a delta on the owner of the finding's path.
    by_owner: usize,
    /// Not caught, with a breaking delta on the symbol that does not name the member.
    on_item: usize,
    /// The kinds of the deltas that caught them.
    by: BTreeSet<String>,
}

// ---- the run -----------------------------------------------------------------------------

#[test]
#[ignore = "needs a cargo-semver-checks checkout in CSC_REPO; run with --ignored"]
fn csc_coverage() {
    let repo = PathBuf::from(
        std::env::var_os("CSC_REPO")
            .expect("CSC_REPO: a cargo-semver-checks checkout or bare git directory"),
    );
    let base = scratch();
    let src = base.join("csc");
    if src.exists() {
        std::fs::remove_dir_all(&src).unwrap();
    }
    extract(&repo, &src).unwrap();
    println!(
        "cargo-semver-checks {} ({}); scratch {}",
        head(&repo),
        repo.display(),
        base.display()
    );

    let major = major_lints(&src.join("src/lints"));
    let mut all: Vec<Finding> = Vec::new();
    let mut no_snapshot = Vec::new();
    for lint in &major {
        let file = src
            .join("test_outputs/query_execution")
            .join(format!("{lint}.snap"));
        let Ok(text) = std::fs::read_to_string(&file) else {
            no_snapshot.push(lint.clone());
            continue;
        };
        let snap = parse_snap(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        all.extend(findings(lint, &snap));
    }
    let only = std::env::var("CSC_ONLY").ok();
    if let Some(o) = &only {
        all.retain(|f| &f.krate == o);
    }
    let crates: BTreeSet<String> = all.iter().map(|f| f.krate.clone()).collect();
    println!(
        "{} Major lints ({} without a snapshot), {} findings on {} test crate pairs",
        major.len(),
        no_snapshot.len(),
        all.len(),
        crates.len()
    );

    let mut outcomes: BTreeMap<String, Result<Report, String>> = BTreeMap::new();
    for krate in &crates {
        let dir = src.join("test_crates").join(krate);
        let outcome = run_pair(&dir);
        match &outcome {
            Ok(r) => println!(
                "{krate}: {} breaking, {} additive{}",
                r.deltas.iter().filter(|d| d.breaking).count(),
                r.deltas.iter().filter(|d| !d.breaking).count(),
                if r.warnings.is_empty() {
                    String::new()
                } else {
                    format!("; warnings: {}", r.warnings.join(" / "))
                }
            ),
            Err(e) => println!("{krate}: ERROR {e}"),
        }
        outcomes.insert(krate.clone(), outcome);
    }

    // Per lint: flagged, caught; the uncaught with what the report says.
    let mut rows: BTreeMap<&str, Row> = BTreeMap::new();
    let mut missed: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    let mut no_path = 0;
    let mut caught_list: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for f in &all {
        let row = rows.entry(&f.lint).or_default();
        row.flagged += 1;
        let outcome = &outcomes[&f.krate];
        let hits = match outcome {
            Ok(r) if f.symbol.is_some() => catching(f, &r.deltas),
            _ => Vec::new(),
        };
        if !hits.is_empty() {
            row.caught += 1;
            if hits.iter().all(|d| Some(&d.symbol) != f.symbol.as_ref()) {
                row.by_owner += 1;
            }
            row.by.extend(hits.iter().map(|d| d.kind.clone()));
            let kinds: BTreeSet<&str> = hits.iter().map(|d| d.kind.as_str()).collect();
            caught_list.entry(&f.lint).or_default().push(format!(
                "{}: {} — {}",
                f.krate,
                f.label,
                kinds.into_iter().collect::<Vec<_>>().join(", ")
            ));
        } else {
            if let Ok(r) = outcome {
                if r.deltas.iter().any(|d| d.breaking && on_symbol(f, d)) {
                    row.on_item += 1;
                }
            }
            if f.symbol.is_none() {
                no_path += 1;
            }
            let mut why = why_not(f, outcome);
            if let Some(known) = known_reason(&f.lint) {
                why = format!("{why} ({known})");
            }
            let head = why.split(':').next().unwrap_or_default().to_owned();
            *reasons.entry(head).or_default() += 1;
            missed
                .entry(&f.lint)
                .or_default()
                .push(format!("{}: {} — {why}", f.krate, f.label));
        }
    }
    for lint in &major {
        rows.entry(lint).or_default();
    }

    println!(
        "\n| lint | flagged | caught | % | not caught, breaking on the item | caught by |\n\
         |---|---:|---:|---:|---:|---|"
    );
    let mut total = Row::default();
    for (lint, row) in &rows {
        total.flagged += row.flagged;
        total.caught += row.caught;
        total.on_item += row.on_item;
        total.by_owner += row.by_owner;
        let pct = if row.flagged == 0 {
            "–".to_owned()
        } else {
            format!("{:.0}", 100.0 * row.caught as f64 / row.flagged as f64)
        };
        let by: Vec<&str> = row.by.iter().map(String::as_str).collect();
        println!(
            "| `{lint}` | {} | {} | {pct} | {} | {} |",
            row.flagged,
            row.caught,
            row.on_item,
            by.join(", ")
        );
    }
    println!(
        "| **total ({} Major lints)** | **{}** | **{}** | **{:.1}** | {} | |",
        rows.len(),
        total.flagged,
        total.caught,
        100.0 * total.caught as f64 / total.flagged.max(1) as f64,
        total.on_item
    );
    println!(
        "caught through the owner of the finding's path: {}",
        total.by_owner
    );
    let errors = outcomes.values().filter(|o| o.is_err()).count();
    println!(
        "\npairs: {} run, {errors} errors; findings without a path: {no_path}; \
         lints without a snapshot: {no_snapshot:?}",
        outcomes.len()
    );
    println!("\nuncaught, by what the report says:");
    for (why, n) in &reasons {
        println!("  {n:4}  {why}");
    }
    if std::env::var_os("CSC_VERBOSE").is_some() {
        println!("\ncaught, by lint, with the kinds of the deltas that catch them:");
        for (lint, items) in &caught_list {
            println!("{lint}:");
            for i in items {
                println!("  {i}");
            }
        }
    }
    println!("\nuncaught, by lint:");
    for (lint, items) in &missed {
        println!("{lint}:");
        for i in items {
            println!("  {i}");
        }
    }
}
