//! The differential suite: one verdict from the three front ends.
//!
//! Every before/after pair of the corpus (the classifier's cases, the trybuild
//! fixtures, and `pairs/`) becomes one module and one set of ONE generated crate. The
//! befores are written and the harness creates every golden (`CONTRACT_PIN_UPDATE=1`);
//! then the afters are written and:
//!
//! - (a) the harness (`contract_harness::check` in the crate's test binary, built with the
//!   compile-time check off) gives a status and deltas per set;
//! - (b) `contract-pin check --format json` gives the same per set;
//! - (c) `cargo check` (the compile-time check on) gives breaking errors per module.
//!
//! (a) and (b) must agree on status and on every delta's (symbol, kind, class, axis);
//! every error of (c) must be a breaking delta of (a) in a set (a) calls breaking, and
//! every breaking delta of (a) that one item's expansion can see must be an error of (c).
//! Each pair's own expectations (the case's expected kind, the fixture's kind, the
//! directives of `pairs/`) must hold too, so the suite cannot pass by every front end
//! agreeing on nothing.
//!
//! Pairs whose sources do not compile (a case naming a type it never defines) leave
//! the run, counted; the run fails if too few remain.

#[path = "../../../tests/common/clean_env.rs"]
mod clean_env;
#[path = "../../../contract-core/tests/common/mod.rs"]
mod common;
mod corpus;
mod generated;

use std::collections::BTreeSet;
use std::path::Path;
use std::time::Instant;

use corpus::{Expect, Pair};
use generated::{Compiled, Generated, View};

/// Breaking kinds no single item's expansion can see, and why; the harness and the
/// CLI report them.
const NOT_AT_COMPILE_TIME: &[(&str, &str)] = &[
    (
        "symbol_removed",
        "the item is gone: nothing expands to report it",
    ),
    (
        "symbol_renamed",
        "the macro sees only the new name, which the golden does not know",
    ),
    (
        "symbol_moved",
        "a proc macro cannot know its module path (a changed `path = …` argument it sees)",
    ),
    ("trait_implementor_removed", "the impl block is gone"),
    (
        "method_removed",
        "an impl block sees only its own methods; the method may have moved",
    ),
    ("method_renamed", "as method_removed"),
    ("assoc_item_removed", "as method_removed"),
    (
        "auto_trait_removed",
        "only the compiler knows what a type implements, once the crate is built",
    ),
    ("impl_removed", "as auto_trait_removed"),
    (
        "param_generalised",
        "whether the old type meets the new bounds may rest on impls of the crate's \
         traits, which one item's expansion does not see",
    ),
];

/// Kinds the compiler observes (the harness's type probe): the CLI reads sources and
/// reports only those it infers as the macro does (a generic type's auto traits), and
/// its verdict is what the harness's would be without the others.
const PROBE_ONLY: &[&str] = &[
    "auto_trait_removed",
    "auto_trait_added",
    "impl_removed",
    "impl_added",
];

#[test]
fn the_macro_the_harness_and_the_cli_agree_on_every_pair() {
    let started = Instant::now();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf();
    let pairs = corpus::all(&repo);
    let mut g = Generated::new(&repo, &pairs);
    let mut left_out: Vec<(usize, String)> = Vec::new();
    let mut timings = Vec::new();

    // 1. The befores, and their goldens as the harness writes them.
    let update = [("CONTRACT_PIN_UPDATE", "1")];
    let step = Instant::now();
    g.write_side(&pairs, false);
    let binary = loop {
        match g.build_harness(&update) {
            Ok(binary) => break binary,
            Err(failed) => {
                left_out.extend(failed.into_iter().map(|(i, e)| (i, format!("before: {e}"))));
                g.write_side(&pairs, false);
            }
        }
    };
    let created = g.run_harness(&binary, &update);
    let mut problems = Vec::new();
    for (set, view) in &created {
        let i = generated::index_of(set).unwrap();
        let refused = pairs[i]
            .expect
            .iter()
            .any(|e| matches!(e, Expect::HarnessSays(_)));
        if view.status != "updated" && !refused {
            problems.push(format!(
                "{}: the harness did not create the golden of the befores: {}",
                pairs[i].origin, view.status
            ));
        }
    }
    let sets: Vec<(usize, String)> = g.sets.iter().map(|(i, s)| (*i, s.clone())).collect();
    for (i, set) in &sets {
        if created.get(set).is_some_and(|v| v.status == "updated") {
            g.edit_golden(set, &pairs[*i]);
        }
    }
    timings.push(("befores + goldens", step.elapsed()));

    // 2. The afters: (a) the harness, built with the compile-time check off.
    let step = Instant::now();
    let off = [("CONTRACT_PIN_COMPILE_CHECK", "0")];
    g.write_side(&pairs, true);
    let binary = loop {
        match g.build_harness(&off) {
            Ok(binary) => break binary,
            Err(failed) => {
                left_out.extend(failed.into_iter().map(|(i, e)| (i, format!("after: {e}"))));
                g.write_side(&pairs, true);
            }
        }
    };
    for (i, _) in &left_out {
        let _ =
            std::fs::remove_dir_all(g.path(&format!("golden/{}-contract", generated::set_of(*i))));
    }
    let harness = g.run_harness(&binary, &[]);
    timings.push(("(a) harness", step.elapsed()));

    // (c) the compile-time check.
    let step = Instant::now();
    let compiled = g.compile_check();
    timings.push(("(c) cargo check", step.elapsed()));

    // (b) the CLI.
    let step = Instant::now();
    let cli = g.cli();
    timings.push(("(b) contract-pin check", step.elapsed()));

    // Too few pairs compiled: the suite would pass by checking little.
    for (i, why) in &left_out {
        if !pairs[*i].origin.starts_with("cases.rs") {
            problems.push(format!("{} does not compile: {why}", pairs[*i].origin));
        }
    }
    let cases = pairs
        .iter()
        .filter(|p| p.origin.starts_with("cases.rs"))
        .count();
    let cases_in = g
        .sets
        .keys()
        .filter(|i| pairs[**i].origin.starts_with("cases.rs"))
        .count();
    if cases_in * 4 < cases * 3 {
        problems.push(format!(
            "only {cases_in} of the {cases} classifier cases compiled: the corpus lost its reach"
        ));
    }

    for (&i, set) in &g.sets {
        let pair = &pairs[i];
        let empty = Compiled::default();
        let compile = compiled.get(&i).unwrap_or(&empty);
        let no_view = View {
            status: "(no report)".to_owned(),
            ..View::default()
        };
        let a = harness.get(set).unwrap_or(&no_view);
        let b = cli.views.get(set).unwrap_or(&no_view);
        let file = format!("src/{set}.rs");
        let cli_errors: Vec<&generated::Finding> =
            cli.errors.iter().filter(|f| f.file == file).collect();
        let mut found = Vec::new();
        judge(pair, a, b, compile, &cli_errors, &mut found);
        if !found.is_empty() {
            problems.push(format!(
                "{} (set {set}):\n  - {}\n  harness: {a:?}\n  cli:     {b:?}\n  compile: {compile:?}\n  \
                 cli errors: {cli_errors:?}\n  --- before\n{}\n  --- after\n{}",
                pair.origin,
                found.join("\n  - "),
                indent(&pair.before),
                indent(&pair.after),
            ));
        }
    }

    let mut statuses: std::collections::BTreeMap<&str, usize> = Default::default();
    for view in harness.values() {
        *statuses
            .entry(view.status.split(':').next().unwrap_or_default())
            .or_default() += 1;
    }
    let compile_errors: usize = compiled
        .values()
        .map(|c| c.breaks.len() + c.other.len())
        .sum();
    let summary = format!(
        "{} pairs ({} classifier cases, {} left out as not compiling; harness: {statuses:?}; \
         {compile_errors} compile errors), {:.0?} in all: {}",
        g.sets.len(),
        cases_in,
        left_out.len(),
        started.elapsed(),
        timings
            .iter()
            .map(|(what, t)| format!("{what} {t:.0?}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for (i, why) in &left_out {
        eprintln!(
            "left out: {}: {}",
            pairs[*i].origin,
            why.lines().next().unwrap_or_default()
        );
    }
    eprintln!("{summary}");
    assert!(
        problems.is_empty(),
        "{} disagreements:\n\n{}\n\n{summary}\n\nthe CLI's stderr:\n{}",
        problems.len(),
        problems.join("\n\n"),
        cli.raw
    );
}

/// Everything wrong with one pair's three answers.
fn judge(
    pair: &Pair,
    a: &View,
    b: &View,
    compile: &Compiled,
    cli_errors: &[&generated::Finding],
    found: &mut Vec<String>,
) {
    let cli_refuses = pair
        .expect
        .iter()
        .any(|e| matches!(e, Expect::CliError { .. }));
    if !cli_refuses {
        // What the harness says without what only the compiler observes (an auto
        // trait inferred from the sources, which both report, stays).
        let seen: BTreeSet<(String, String, String, String)> = a
            .deltas
            .iter()
            .filter(|d| !PROBE_ONLY.contains(&d.1.as_str()) || b.deltas.contains(*d))
            .cloned()
            .collect();
        let status = if seen.len() == a.deltas.len() || a.status.starts_with("error") {
            a.status.clone()
        } else if seen.iter().any(|d| d.2 == "breaking") {
            "breaking".to_owned()
        } else if seen.is_empty() {
            "match".to_owned()
        } else {
            "additive".to_owned()
        };
        if status != b.status {
            found.push(format!(
                "status: harness `{}` (`{status}` without what only the compiler sees), CLI `{}`",
                a.status, b.status
            ));
        }
        for d in seen.symmetric_difference(&b.deltas) {
            let side = if a.deltas.contains(d) {
                "harness"
            } else {
                "CLI"
            };
            found.push(format!("only the {side} reports {d:?}"));
        }
        for e in cli_errors {
            found.push(format!(
                "the CLI reports an error: {}:{}: {}",
                e.file, e.line, e.message
            ));
        }
    }

    // The compile-time check: fewer kinds, never another verdict.
    let breaking: BTreeSet<(String, String, String)> = a
        .deltas
        .iter()
        .filter(|d| d.2 == "breaking")
        .map(|(s, k, _, x)| (s.clone(), k.clone(), x.clone()))
        .collect();
    for e in &compile.breaks {
        if !breaking.contains(e) {
            found.push(format!(
                "cargo check reports {e:?}, which the harness does not call breaking"
            ));
        }
    }
    if !compile.breaks.is_empty() && a.status != "breaking" {
        found.push(format!(
            "cargo check fails on a break while the harness says `{}`",
            a.status
        ));
    }
    if !compile.other.is_empty()
        && !matches!(a.status.as_str(), "stale")
        && !a.status.starts_with("error")
    {
        found.push(format!(
            "cargo check fails ({}) while the harness says `{}`",
            compile.other.join(" | "),
            a.status
        ));
    }
    if a.status == "breaking" {
        for e in &breaking {
            let hidden =
                NOT_AT_COMPILE_TIME.iter().any(|(k, _)| *k == e.1) || a.deferred.contains(e);
            if !hidden && !compile.breaks.contains(e) {
                found.push(format!("cargo check does not report {e:?}"));
            }
        }
    }

    for expect in &pair.expect {
        let ok = match expect {
            Expect::Has { kind, class, axis } => a.deltas.iter().any(|(_, k, c, x)| {
                k == kind
                    && class.as_ref().is_none_or(|class| class == c)
                    && axis.as_ref().is_none_or(|axis| axis == x)
            }),
            Expect::Lacks(kind) => !a.deltas.iter().any(|(_, k, _, _)| k == kind),
            Expect::Status(status) => &a.status == status,
            Expect::CompileHas(kind) => compile.breaks.iter().any(|(_, k, _)| k == kind),
            Expect::CompileSays(text) => {
                compile.breaks.is_empty() && compile.other.iter().any(|m| m.contains(text.as_str()))
            }
            Expect::CliError { line, text } => cli_errors
                .iter()
                .any(|e| e.line == *line && e.message.contains(text.as_str())),
            Expect::HarnessSays(text) => {
                a.status.starts_with("error") && a.status.contains(text.as_str())
            }
        };
        if !ok {
            found.push(format!("expected {expect:?}"));
        }
    }
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
