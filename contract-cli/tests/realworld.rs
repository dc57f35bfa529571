//! The real-world corpus (docs/REALWORLD.md): consecutive releases of published
//! library crates, fetched from crates.io by cargo, each pair checked with nothing but
//! `[set.api] public_api = true`, and every breaking delta held against a committed,
//! judged expectation.
//!
//! ```sh
//! # the whole corpus (both halves), with the summary:
//! cargo test --release -p contract-cli --test realworld realworld_corpus -- --ignored --nocapture
//! # the pairs `ci = true` marks (what `cargo test` runs on every submission):
//! cargo test -p contract-cli --test realworld
//! ```
//!
//! `REALWORLD_RECORD=1` appends every unjudged delta to the expectations file with
//! `verdict = "unjudged"` (to be judged by hand: still a failure); `REALWORLD_PRUNE=1`
//! drops the expectations of known false breaks that are no longer reported.
//! `REALWORLD_ONLY=name` runs the pairs of one crate (`a,b,c`: of several; both runs).
//!
//! ```sh
//! # every release attribute-pinned: compiles as published; `harness = true` pairs
//! # through the harness and the command (tests/realworld/pinned.rs)
//! cargo test -p contract-cli --test realworld realworld_pinned -- --ignored --nocapture
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde::{Deserialize, Serialize};

#[path = "realworld/pinned.rs"]
mod pinned;
#[path = "support/released.rs"]
mod released;
use released::{
    cargo, cargo_fetch, cargo_home, contract_pin, copy_dir, own_workspace, public_api_set,
};

const HERE: &str = env!("CARGO_MANIFEST_DIR");

#[derive(Deserialize)]
struct List {
    #[serde(rename = "crate")]
    crates: Vec<Crate>,
}

#[derive(Deserialize)]
struct Crate {
    name: String,
    versions: Vec<String>,
    #[serde(default)]
    ci: bool,
    /// Its pairs also go through the harness, attribute-pinned (`pinned.rs`).
    #[serde(default)]
    harness: bool,
}

#[derive(Clone, Debug)]
struct Pair {
    name: String,
    old: String,
    new: String,
    holdout: bool,
    ci: bool,
    harness: bool,
}

/// One judged breaking delta (or a pair that cannot be checked).
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
struct Expectation {
    #[serde(rename = "crate")]
    name: String,
    old: String,
    new: String,
    symbol: String,
    kind: String,
    detail: String,
    /// `true` (a real break: `why` names the consumer code it breaks), `policy` (a
    /// break only by the set's declared policy, such as `#[doc(hidden)]` items not
    /// being API: consumer code still compiles; `why` says which rule), `false` (no
    /// consumer can observe it: `why` names the issue that fixes it), or `unjudged`.
    verdict: String,
    why: String,
}

impl Expectation {
    fn key(&self) -> Key {
        (
            self.name.clone(),
            self.old.clone(),
            self.new.clone(),
            self.symbol.clone(),
            self.kind.clone(),
            self.detail.clone(),
        )
    }
}

type Key = (String, String, String, String, String, String);

#[derive(Default, Serialize, Deserialize)]
struct Expectations {
    #[serde(default, rename = "delta")]
    deltas: Vec<Expectation>,
}

fn corpus_dir() -> PathBuf {
    Path::new(HERE).join("tests/realworld")
}

fn scratch() -> PathBuf {
    // Cargo's target directory of this workspace: `target/realworld/`.
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(HERE).join("../target"));
    std::fs::create_dir_all(&target).unwrap();
    target.canonicalize().unwrap().join("realworld")
}

fn pairs() -> Vec<Pair> {
    let text = std::fs::read_to_string(corpus_dir().join("crates.toml")).unwrap();
    let list: List = toml::from_str(&text).unwrap();
    let mut out = Vec::new();
    for c in &list.crates {
        assert!(c.versions.len() >= 2, "{}: at least two versions", c.name);
        for w in c.versions.windows(2) {
            let index = out.len();
            out.push(Pair {
                name: c.name.clone(),
                old: w[0].clone(),
                new: w[1].clone(),
                holdout: index % 3 == 2,
                ci: c.ci,
                harness: c.harness,
            });
        }
    }
    out
}

/// The `.crate` file of `name` `version` in cargo's download cache, if there.
fn cached_crate(name: &str, version: &str) -> Option<PathBuf> {
    let cache = cargo_home().join("registry/cache");
    for registry in std::fs::read_dir(cache).ok()?.flatten() {
        let file = registry.path().join(format!("{name}-{version}.crate"));
        if file.is_file() {
            return Some(file);
        }
    }
    None
}

/// The sources of `name` `version`, unpacked under the scratch directory: from
/// cargo's cache, else fetched by cargo through a throwaway manifest that depends on
/// exactly that version.
fn fetch(name: &str, version: &str) -> Result<PathBuf, String> {
    let unpacked = scratch().join("src").join(format!("{name}-{version}"));
    if unpacked.join("Cargo.toml").is_file() {
        return Ok(unpacked);
    }
    if cached_crate(name, version).is_none() {
        let dir = scratch().join("fetch").join(format!("{name}-{version}"));
        cargo_fetch(name, version, &dir)?;
    }
    let file = cached_crate(name, version)
        .ok_or_else(|| format!("{name}-{version}.crate is not in cargo's cache after a fetch"))?;
    let parent = unpacked.parent().unwrap();
    std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
    let out = Command::new("tar")
        .arg("xzf")
        .arg(&file)
        .arg("-C")
        .arg(parent)
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "cannot unpack {}: {}",
            file.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(unpacked)
}

/// A fresh copy of the sources at `dest`, its own workspace, with `more` appended to
/// its manifest; the manifest's path.
fn fresh_copy(src: &Path, dest: &Path, more: &str) -> Result<PathBuf, String> {
    if dest.exists() {
        std::fs::remove_dir_all(dest).map_err(|e| e.to_string())?;
    }
    copy_dir(src, dest).map_err(|e| e.to_string())?;
    own_workspace(dest, more)
}

/// A fresh copy of the sources as its own workspace, with the public-API set.
fn workspace(src: &Path, dest: &Path) -> Result<PathBuf, String> {
    let manifest = fresh_copy(src, dest, "")?;
    public_api_set(dest)?;
    Ok(manifest)
}

/// What one pair gave.
struct Outcome {
    breaking: Vec<Expectation>,
    additive: usize,
    symbols: usize,
    /// Cold (first) and warm (second) `check`, in seconds.
    times: (f64, f64),
}

fn run_pair(pair: &Pair) -> Result<Outcome, String> {
    let old_src = fetch(&pair.name, &pair.old)?;
    let new_src = fetch(&pair.name, &pair.new)?;
    let base = scratch().join("work").join(&pair.name);
    let old = workspace(&old_src, &base.join(&pair.old))?;
    let (code, _, stderr) = contract_pin(&old, &["update"], &[])?;
    if code != 0 {
        return Err(format!(
            "update on {} exited {code}: {}",
            pair.old,
            last_lines(&stderr)
        ));
    }
    let golden_rel = format!("golden/api-contract/{}.json", pair.name);
    let golden = base.join(&pair.old).join(&golden_rel);
    let new = workspace(&new_src, &base.join(&pair.new))?;
    let new_golden = base.join(&pair.new).join(&golden_rel);
    std::fs::create_dir_all(new_golden.parent().unwrap()).map_err(|e| e.to_string())?;
    std::fs::copy(&golden, &new_golden).map_err(|e| format!("{}: {e}", golden.display()))?;
    let start = Instant::now();
    let (code, stdout, stderr) = contract_pin(&new, &["check", "--format", "json"], &[])?;
    let cold = start.elapsed().as_secs_f64();
    let start = Instant::now();
    contract_pin(&new, &["check", "--format", "json"], &[])?;
    let warm = start.elapsed().as_secs_f64();
    let json: serde_json::Value = serde_json::from_str(&stdout)
        .map_err(|e| format!("check printed no JSON ({e}): {}", last_lines(&stderr)))?;
    if code == 3 {
        return Err(format!("check exited 3: {}", json["errors"]));
    }
    let mut breaking = Vec::new();
    let mut additive = 0;
    let mut seen = BTreeSet::new();
    for report in json["reports"].as_array().into_iter().flatten() {
        for d in report["deltas"].as_array().into_iter().flatten() {
            let s = |k: &str| d[k].as_str().unwrap_or_default().to_owned();
            if s("class") != "breaking" {
                additive += 1;
                continue;
            }
            let e = Expectation {
                name: pair.name.clone(),
                old: pair.old.clone(),
                new: pair.new.clone(),
                symbol: s("symbol"),
                kind: s("kind"),
                detail: s("detail"),
                verdict: "unjudged".to_owned(),
                why: String::new(),
            };
            // One judgement per (symbol, kind, detail): both axes of one change.
            if seen.insert(e.key()) {
                breaking.push(e);
            }
        }
    }
    let symbols = std::fs::read_to_string(&golden)
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .and_then(|g| g["symbols"].as_object().map(|o| o.len()))
        .unwrap_or(0);
    Ok(Outcome {
        breaking,
        additive,
        symbols,
        times: (cold, warm),
    })
}

fn last_lines(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(6)..].join("\n")
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

#[derive(Default)]
struct Tally {
    pairs: usize,
    true_breaks: usize,
    policy_breaks: usize,
    false_breaks: usize,
    unjudged: usize,
    errors: usize,
    fixed: usize,
    missed: usize,
    cold: Vec<f64>,
    warm: Vec<f64>,
}

fn run(select: impl Fn(&Pair) -> bool) {
    let file = corpus_dir().join("expectations.toml");
    let text = std::fs::read_to_string(&file).unwrap_or_default();
    let mut expectations: Expectations =
        toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let known: BTreeMap<Key, Expectation> = expectations
        .deltas
        .iter()
        .map(|e| (e.key(), e.clone()))
        .collect();
    assert_eq!(
        known.len(),
        expectations.deltas.len(),
        "an expectation is listed twice"
    );
    let selected: Vec<Pair> = pairs()
        .into_iter()
        .filter(|p| select(p) && chosen(p))
        .collect();
    let mut halves: BTreeMap<bool, Tally> = BTreeMap::new();
    let mut unjudged = Vec::new();
    let mut stale: Vec<Key> = Vec::new();
    let mut problems = Vec::new();
    for pair in &selected {
        let tally = halves.entry(pair.holdout).or_default();
        tally.pairs += 1;
        let label = format!("{} {} -> {}", pair.name, pair.old, pair.new);
        let expected: Vec<&Expectation> = known
            .values()
            .filter(|e| e.name == pair.name && e.old == pair.old && e.new == pair.new)
            .collect();
        let outcome = match run_pair(pair) {
            Ok(o) => o,
            Err(e) => {
                tally.errors += 1;
                println!("{label}: ERROR {e}");
                problems.push(format!("{label}: {e}"));
                continue;
            }
        };
        tally.cold.push(outcome.times.0);
        tally.warm.push(outcome.times.1);
        let reported: BTreeSet<Key> = outcome.breaking.iter().map(Expectation::key).collect();
        let (mut t, mut p, mut f, mut u) = (0, 0, 0, 0);
        for delta in &outcome.breaking {
            match known.get(&delta.key()).map(|e| e.verdict.as_str()) {
                Some("true") => t += 1,
                Some("policy") => p += 1,
                Some("false") => f += 1,
                _ => {
                    u += 1;
                    if !known.contains_key(&delta.key()) {
                        unjudged.push(delta.clone());
                    }
                }
            }
        }
        for e in expected {
            if !reported.contains(&e.key()) {
                match e.verdict.as_str() {
                    // A real break (or one by policy) no longer seen: a regression.
                    "true" | "policy" => {
                        tally.missed += 1;
                        problems.push(format!(
                            "{label}: the {} break `{}` {} ({}) is no longer reported",
                            e.verdict, e.symbol, e.kind, e.detail
                        ));
                    }
                    _ => {
                        tally.fixed += 1;
                        stale.push(e.key());
                    }
                }
            }
        }
        tally.true_breaks += t;
        tally.policy_breaks += p;
        tally.false_breaks += f;
        tally.unjudged += u;
        println!(
            "{label}: {} symbols, breaking {} (true {t}, policy {p}, false {f}, unjudged {u}), \
             additive {}, \
             check {:.3}s cold / {:.3}s warm",
            outcome.symbols,
            outcome.breaking.len(),
            outcome.additive,
            outcome.times.0,
            outcome.times.1
        );
    }
    println!();
    for (holdout, t) in &halves {
        println!(
            "{}: {} pairs, {} true breaks, {} by policy, {} false breaks, {} unjudged, {} \
             errors, {} fixed (stale expectations), {} missed; median check {:.3}s cold, \
             {:.3}s warm",
            if *holdout {
                "held-out third"
            } else {
                "tuned two thirds"
            },
            t.pairs,
            t.true_breaks,
            t.policy_breaks,
            t.false_breaks,
            t.unjudged,
            t.errors,
            t.fixed,
            t.missed,
            median(t.cold.clone()),
            median(t.warm.clone()),
        );
    }
    if !stale.is_empty() {
        println!(
            "{} known false breaks are no longer reported (fixed): REALWORLD_PRUNE=1 drops them",
            stale.len()
        );
        for key in &stale {
            println!(
                "  fixed: {} {} -> {} `{}` {} ({})",
                key.0, key.1, key.2, key.3, key.4, key.5
            );
        }
    }
    let record = std::env::var_os("REALWORLD_RECORD").is_some();
    let prune = std::env::var_os("REALWORLD_PRUNE").is_some();
    if (record && !unjudged.is_empty()) || (prune && !stale.is_empty()) {
        if prune {
            expectations.deltas.retain(|e| !stale.contains(&e.key()));
        }
        if record {
            expectations.deltas.extend(unjudged.iter().cloned());
        }
        expectations.deltas.sort_by_key(Expectation::key);
        let mut out = String::from(HEADER);
        out.push_str(&toml::to_string(&expectations).unwrap());
        std::fs::write(&file, out).unwrap();
        println!("wrote {}", file.display());
    }
    for e in &unjudged {
        problems.push(format!(
            "{} {} -> {}: unjudged `{}` {} ({})",
            e.name, e.old, e.new, e.symbol, e.kind, e.detail
        ));
    }
    let listed_unjudged = halves.values().map(|t| t.unjudged).sum::<usize>();
    if listed_unjudged > unjudged.len() {
        problems.push(format!(
            "{} deltas are listed with verdict \"unjudged\": judge them",
            listed_unjudged - unjudged.len()
        ));
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

const HEADER: &str =
    "# Every breaking delta the real-world corpus reports, judged (docs/REALWORLD.md).\n\
# verdict = \"true\": a real break; `why` is the consumer code it breaks.\n\
# verdict = \"policy\": a break only by the set's declared policy (consumer code still\n\
# compiles); `why` names the rule.\n\
# verdict = \"false\": no consumer can observe it; `why` names the issue that fixes it.\n\
# Keyed by crate, versions, symbol, kind and detail. Written by REALWORLD_RECORD=1 and\n\
# REALWORLD_PRUNE=1 (tests/realworld.rs); verdicts and reasons are written by hand.\n\n";

/// The whole corpus, both halves.
#[test]
#[ignore = "fetches ~650 crate releases from crates.io and checks 344 pairs (a few minutes): run it with --ignored"]
fn realworld_corpus() {
    run(|_| true);
}

/// The small pairs `ci = true` marks, on every `cargo test`.
#[test]
fn realworld_ci_subset() {
    run(|p| p.ci);
}

/// Whether `REALWORLD_ONLY` (a crate name, or several separated by commas) picks the
/// pair; every pair when it is not set.
fn chosen(pair: &Pair) -> bool {
    std::env::var("REALWORLD_ONLY").map_or(true, |only| {
        only.split(',').any(|name| name.trim() == pair.name)
    })
}

/// Every release with every `pub` item attribute-pinned (`pinned.rs`).
#[test]
#[ignore = "builds every release of the corpus twice, and some through the harness: run it with --ignored"]
fn realworld_pinned() {
    // typenum's generated types nest some hundred levels deep: syn's recursive parse of
    // them (unoptimised, in a test build) outgrows a test thread's stack.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(|| pinned::run(|_| true))
        .expect("spawn the pinned run")
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
}
