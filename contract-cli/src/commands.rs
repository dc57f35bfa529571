//! `check`, `diff`, `update` and `status`: each evaluates units with the verdict the
//! harness uses ([`contract_core::check::evaluate`]) and prints it in its own way.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

// Printed through anstream: styles reach a terminal and are stripped elsewhere.
use anstream::{eprintln, print, println};

use contract_core::check::{Outcome, Status};
use contract_core::current::Current;
use contract_core::env::Mode;
use contract_core::health::{self, Health};
use contract_core::{message, render, Delta, Symbol};

use crate::exit::Exit;
use crate::json;
use crate::show;
use crate::term::{count, Paint};
use contract_scan::model::{Model, Unit};
use contract_store::store;

/// Output formats of `check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Grouped by set and symbol, with Before/After.
    Human,
    /// One JSON object: `verdict`, `reports` (one per set and package: `set`,
    /// `package`, `golden`, `status`, `deltas`), `warnings` and `errors`; a wire delta
    /// carries `breaks` (backward, forward) and, for a type change, `payloads` (`at`,
    /// an `example` and a `failure` code per breaking direction).
    Json,
    /// GitHub Actions workflow annotations.
    Github,
    /// A per-set summary table for a pull-request comment.
    Markdown,
}

type Results<'a> = Vec<(&'a Unit, Result<Outcome, String>)>;

fn compare(model: &Model) -> Results<'_> {
    contract_scan::model::on_every_core(&model.units, |_, u| {
        (u, model.evaluate(u, &Mode::Compare).map(|e| e.outcome))
    })
}

fn print_findings(model: &Model, paint: Paint) {
    for (file, f) in contract_scan::model::findings(model, false) {
        eprintln!(
            "{}: {file}:{}:{}: {}",
            paint.yellow("warning"),
            f.line,
            f.col,
            f.message
        );
    }
    for (file, f) in contract_scan::model::findings(model, true) {
        eprintln!(
            "{}: {file}:{}:{}: {}",
            paint.red("error"),
            f.line,
            f.col,
            f.message
        );
    }
}

/// The exit code: breaking beats errors (a certain break is the most important news),
/// errors beat additive drift (an unchecked set may hide a break), drift beats a match.
fn exit_code(model: &Model, results: &Results<'_>) -> Exit {
    let statuses: Vec<Option<Status>> = results
        .iter()
        .map(|(_, r)| r.as_ref().ok().map(|o| o.status))
        .collect();
    if statuses.contains(&Some(Status::Breaking)) {
        return Exit::Breaking;
    }
    let errors = statuses
        .iter()
        .any(|s| matches!(s, None | Some(Status::Missing | Status::Stale)))
        || !model.orphans.is_empty()
        || model.scans.iter().any(|s| !s.errors.is_empty());
    if errors {
        return Exit::Error;
    }
    if statuses.contains(&Some(Status::Additive)) {
        return Exit::Additive;
    }
    Exit::Match
}

/// `check --format json`: the verdict, the reports and every error in one object
/// on stdout (see [`crate::json`]); nothing on stderr.
fn json_check(model: &Model, results: &Results<'_>) -> String {
    let code = exit_code(model, results);
    let mut errors: Vec<_> = contract_scan::model::findings(model, true)
        .into_iter()
        .map(|(file, f)| json::finding(&file, f))
        .collect();
    for (unit, result) in results {
        if let Err(e) = result {
            errors.push(json::set_error(
                &unit.set,
                &unit.package_name,
                &unit.shown,
                e,
            ));
        }
    }
    for o in &model.orphans {
        let message = message::unreferenced_golden(&o.set, &o.package);
        errors.push(json::unreferenced(&o.set, &o.package, &o.shown, &message));
    }
    let warnings = contract_scan::model::findings(model, false)
        .into_iter()
        .map(|(file, f)| json::finding(&file, f))
        .collect();
    let reports: Vec<&Outcome> = results
        .iter()
        .filter_map(|(_, r)| r.as_ref().ok())
        .collect();
    json::render(code, &reports, errors, warnings)
}

/// `contract-pin check`.
pub fn check(model: &Model, format: Format, paint: Paint) -> Exit {
    let results = compare(model);
    match format {
        Format::Human => {
            print_findings(model, paint);
            print!("{}", human_check(model, &results, paint));
        }
        Format::Json => print!("{}", json_check(model, &results)),
        Format::Github => print!("{}", github(model, &results)),
        Format::Markdown => print!("{}", markdown(model, &results)),
    }
    exit_code(model, &results)
}

fn status_word(status: Status, paint: Paint) -> String {
    match status {
        Status::Match | Status::Updated => paint.green(status.as_str()),
        Status::Additive => paint.yellow(status.as_str()),
        _ => paint.red(status.as_str()),
    }
}

/// The shapes recorded in `unit`'s golden (none when it is missing or unreadable),
/// from the parse its verdict made, if it made one.
pub(crate) fn golden_shapes(unit: &Unit) -> BTreeMap<String, Symbol> {
    unit.golden()
        .and_then(|golden| golden.parsed().ok())
        .map(|g| g.shapes())
        .unwrap_or_default()
}

fn indent(text: &str, by: usize) -> String {
    let pad = " ".repeat(by);
    text.lines().map(|l| format!("{pad}{l}\n")).collect()
}

/// Deltas grouped by symbol, each with its module path and location.
fn grouped_deltas(model: &Model, unit: &Unit, deltas: &[Delta], paint: Paint) -> String {
    let golden = golden_shapes(unit);
    let current = unit.current.as_ref().ok();
    let mut out = String::new();
    let mut last: Option<&str> = None;
    for delta in deltas {
        if last != Some(delta.symbol.as_str()) {
            last = Some(&delta.symbol);
            let module = current
                .and_then(|c| c.get(&delta.symbol))
                .and_then(|s| s.module().ok().flatten().map(str::to_owned))
                .or_else(|| golden.get(&delta.symbol).and_then(|s| s.module.clone()));
            let path = contract_core::shape::symbol_path(module.as_deref(), &delta.symbol);
            let _ = writeln!(out, "    {}", paint.bold(&path));
        }
        let _ = writeln!(
            out,
            "      {}",
            crate::show::delta_line(model, unit, delta, paint)
        );
        out.push_str(&render::before_after(delta, "        "));
    }
    out
}

fn human_check(model: &Model, results: &Results<'_>, paint: Paint) -> String {
    let no_modules = BTreeMap::new();
    let mut out = String::new();
    let mut last_set: Option<&str> = None;
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for (unit, result) in results {
        if last_set != Some(unit.set.as_str()) {
            last_set = Some(&unit.set);
            let _ = writeln!(out, "{}", paint.bold(&format!("set `{}`", unit.set)));
        }
        let outcome = match result {
            Err(e) => {
                *counts.entry("error").or_default() += 1;
                let _ = writeln!(
                    out,
                    "  {} {}: {}",
                    unit.package_name,
                    paint.dim(&unit.shown),
                    paint.red("error")
                );
                out.push_str(&indent(e, 4));
                continue;
            }
            Ok(outcome) => outcome,
        };
        *counts.entry(outcome.status.as_str()).or_default() += 1;
        let _ = writeln!(
            out,
            "  {} {}: {}",
            unit.package_name,
            paint.dim(&unit.shown),
            status_word(outcome.status, paint)
        );
        match outcome.status {
            Status::Match | Status::Updated => {
                let n = unit.current.as_ref().map(Current::len).unwrap_or(0);
                let _ = writeln!(out, "    {} match", count(n, "symbol", "symbols"));
            }
            Status::Missing | Status::Stale => out.push_str(&indent(&outcome.message, 4)),
            Status::Additive => {
                out.push_str(&grouped_deltas(model, unit, &outcome.deltas, paint));
                let cx = unit.context(&no_modules);
                let _ = writeln!(out, "    {}", message::cli_additive_drift(&cx));
            }
            Status::Breaking => {
                let words = unit.policy.directive_for(&unit.set);
                let _ = writeln!(out, "    {}", paint.red(&paint.bold(&words.title)));
                out.push_str(&grouped_deltas(model, unit, &outcome.deltas, paint));
                let _ = writeln!(out, "    {}", words.ship_line);
                let procedure = message::procedure(
                    &words.record,
                    "the change",
                    &message::accept_step(&unit.context(&no_modules)),
                    &unit.shown,
                );
                out.push_str(&indent(&procedure, 4));
                if let Some(reference) = &words.reference {
                    let _ = writeln!(out, "    {reference}");
                }
            }
        }
    }
    for o in &model.orphans {
        *counts.entry("unreferenced").or_default() += 1;
        let _ = writeln!(
            out,
            "{}: {}: {}",
            paint.red("error"),
            o.shown,
            message::unreferenced_golden(&o.set, &o.package)
        );
    }
    if results.is_empty() && model.orphans.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            message::nothing_pinned(&model.workspace.root.display().to_string(), false)
        );
    }
    let scan_errors: usize = model.scans.iter().map(|s| s.errors.len()).sum();
    // Every warning printed above is counted: the policy file's too (a set nothing
    // pins).
    let warnings: usize =
        model.scans.iter().map(|s| s.warnings.len()).sum::<usize>() + model.policy_warnings.len();
    let mut parts: Vec<String> = counts.iter().map(|(k, n)| format!("{n} {k}")).collect();
    if scan_errors > 0 {
        parts.push(count(scan_errors, "source error", "source errors"));
    }
    if warnings > 0 {
        parts.push(count(warnings, "warning", "warnings"));
    }
    // A set pinned in two packages is one set with two goldens.
    let sets: BTreeSet<&str> = results.iter().map(|(u, _)| u.set.as_str()).collect();
    let packages: BTreeSet<usize> = results.iter().map(|(u, _)| u.package).collect();
    let _ = writeln!(
        out,
        "checked {} in {}: {}",
        count(sets.len(), "set", "sets"),
        count(packages.len(), "package", "packages"),
        if parts.is_empty() {
            "nothing to report".to_owned()
        } else {
            parts.join(", ")
        }
    );
    out
}

/// `%`, CR and LF escaped as GitHub's workflow commands require; properties also
/// escape `:` and `,`.
fn gh_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn gh_property(s: &str) -> String {
    gh_data(s).replace(':', "%3A").replace(',', "%2C")
}

fn gh_line(level: &str, file: Option<(&str, usize, usize)>, title: &str, message: &str) -> String {
    let mut props = Vec::new();
    if let Some((file, line, col)) = file {
        props.push(format!("file={}", gh_property(file)));
        props.push(format!("line={line}"));
        props.push(format!("col={col}"));
    }
    props.push(format!("title={}", gh_property(title)));
    format!("::{level} {}::{}\n", props.join(","), gh_data(message))
}

/// A Markdown summary fit for a pull-request comment: one row per set and package,
/// then the deltas of each set that has any, folded.
fn markdown(model: &Model, results: &Results<'_>) -> String {
    let cell = |s: &str| s.replace('|', "\\|").replace('\n', " ");
    let mut out = String::from("## contract-pin\n\n");
    out.push_str("| set | package | golden | status | breaking | additive |\n");
    out.push_str("|---|---|---|---|---:|---:|\n");
    for (unit, result) in results {
        let (status, breaking, additive) = match result {
            Ok(o) => {
                let breaking = o.deltas.iter().filter(|d| d.is_breaking()).count();
                let word = match o.status {
                    Status::Match | Status::Updated => o.status.as_str().to_owned(),
                    other => format!("**{}**", other.as_str()),
                };
                (word, breaking, o.deltas.len() - breaking)
            }
            Err(_) => ("**error**".to_owned(), 0, 0),
        };
        out.push_str(&format!(
            "| {} | {} | `{}` | {status} | {breaking} | {additive} |\n",
            cell(&unit.set),
            cell(&unit.package_name),
            cell(&unit.shown)
        ));
    }
    for o in &model.orphans {
        out.push_str(&format!(
            "| {} | {} | `{}` | **unreferenced** | 0 | 0 |\n",
            cell(&o.set),
            cell(&o.package),
            cell(&o.shown)
        ));
    }
    for (unit, result) in results {
        match result {
            Ok(o) if !o.deltas.is_empty() => {
                out.push_str(&format!(
                    "\n<details><summary>{} · {}: {}</summary>\n\n",
                    cell(&unit.set),
                    cell(&unit.package_name),
                    count(o.deltas.len(), "delta", "deltas")
                ));
                out.push_str("| class | kind | axis | symbol | change | before | after |\n");
                out.push_str("|---|---|---|---|---|---|---|\n");
                for d in &o.deltas {
                    // One cell a side: a multi-line shape joins its lines.
                    let code = |side: Option<Vec<String>>| match side {
                        None => "—".to_owned(),
                        Some(lines) => format!("`{}`", cell(&lines.join(" ")).replace('`', "'")),
                    };
                    out.push_str(&format!(
                        "| {} | {} | {} | `{}` | {} | {} | {} |\n",
                        d.class.as_str(),
                        d.kind,
                        d.axis.as_str(),
                        cell(&d.symbol),
                        cell(&render::detail(d)),
                        code(render::side_lines(d, false)),
                        code(render::side_lines(d, true))
                    ));
                }
                out.push_str("\n</details>\n");
            }
            Err(e) => out.push_str(&format!(
                "\n**{} · {}**: {}\n",
                cell(&unit.set),
                cell(&unit.package_name),
                cell(e)
            )),
            _ => {}
        }
    }
    out
}

fn github(model: &Model, results: &Results<'_>) -> String {
    let mut out = String::new();
    for (file, f) in contract_scan::model::findings(model, false) {
        out.push_str(&gh_line(
            "warning",
            Some((&file, f.line, f.col)),
            "contract-pin: not scanned exactly",
            &f.message,
        ));
    }
    for (file, f) in contract_scan::model::findings(model, true) {
        out.push_str(&gh_line(
            "error",
            Some((&file, f.line, f.col)),
            "contract-pin: invalid contract",
            &f.message,
        ));
    }
    for (unit, result) in results {
        let outcome = match result {
            Err(e) => {
                out.push_str(&gh_line(
                    "error",
                    Some((&unit.shown, 1, 1)),
                    &format!("contract-pin: set {} of {}", unit.set, unit.package_name),
                    e,
                ));
                continue;
            }
            Ok(outcome) => outcome,
        };
        // One sentence per unit: every annotation of its deltas ends with it.
        let accept = message::if_intended(&unit.context(&BTreeMap::new()));
        match outcome.status {
            Status::Missing => out.push_str(&gh_line(
                "error",
                None,
                &format!("contract-pin: missing golden {}", unit.shown),
                &outcome.message,
            )),
            Status::Stale => out.push_str(&gh_line(
                "error",
                Some((&unit.shown, 1, 1)),
                "contract-pin: stale golden",
                &outcome.message,
            )),
            _ => {}
        }
        for delta in &outcome.deltas {
            let level = if delta.is_breaking() {
                "error"
            } else {
                "warning"
            };
            let title = format!(
                "contract-pin: {} {} ({} axis)",
                delta.class.as_str(),
                delta.kind,
                delta.axis.as_str()
            );
            let message = message::annotation(&unit.set, delta, &accept);
            let at = model.locate(unit, delta);
            let file = at.as_ref().map(|l| (l.file.as_str(), l.line, l.col));
            out.push_str(&gh_line(level, file, &title, &message));
        }
    }
    for o in &model.orphans {
        out.push_str(&gh_line(
            "error",
            Some((&o.shown, 1, 1)),
            "contract-pin: unreferenced golden",
            &message::unreferenced_golden(&o.set, &o.package),
        ));
    }
    let summary: Vec<String> = results
        .iter()
        .map(|(u, r)| {
            let status = r.as_ref().map(|o| o.status.as_str()).unwrap_or("error");
            format!("{}/{}: {status}", u.set, u.package_name)
        })
        .collect();
    let _ = writeln!(out, "contract-pin check: {}", summary.join(", "));
    out
}

/// `contract-pin diff`: per changed symbol, a line diff of its golden and current
/// shape with the deltas beside it, and the directive of each set with a break; the
/// exit code is `check`'s.
pub fn diff(model: &Model, paint: Paint) -> Exit {
    let no_modules = BTreeMap::new();
    print_findings(model, paint);
    let results = compare(model);
    let mut out = String::new();
    for (unit, result) in results.iter().map(|(u, r)| (*u, r.clone())) {
        let header = format!(
            "set `{}` · {} · {}",
            unit.set, unit.package_name, unit.shown
        );
        let outcome = match result {
            Err(e) => {
                let _ = writeln!(out, "{}\n{}", paint.bold(&header), indent(&e, 2));
                continue;
            }
            Ok(outcome) => outcome,
        };
        let current = unit.current_symbols();
        match outcome.status {
            Status::Match | Status::Updated => continue,
            Status::Missing | Status::Stale => {
                let _ = writeln!(out, "{}", paint.bold(&header));
                out.push_str(&indent(&outcome.message, 2));
                out.push_str(&show::whole(&current, paint));
                continue;
            }
            Status::Additive | Status::Breaking => {}
        }
        let _ = writeln!(out, "{}", paint.bold(&header));
        out.push_str(&show::legend(paint));
        if outcome.status == Status::Breaking {
            out.push_str(&show::directive(unit, paint));
        }
        let golden = golden_shapes(unit);
        for (names, deltas) in show::groups(&outcome.deltas) {
            out.push_str(&show::change(
                model, unit, &names, &deltas, &golden, &current, paint,
            ));
        }
        let cx = unit.context(&no_modules);
        let _ = writeln!(out, "  {}", message::accept_it(&cx));
    }
    if !model.orphans.is_empty() {
        for o in &model.orphans {
            let _ = writeln!(
                out,
                "{}: {}",
                o.shown,
                message::unreferenced_golden(&o.set, &o.package)
            );
        }
    }
    if out.is_empty() {
        out.push_str("no differences: every golden matches the sources\n");
    }
    print!("{out}");
    exit_code(model, &results)
}

/// Why a package's sources cannot be the whole truth for an update.
pub fn update_blocker(unit: &Unit) -> Option<String> {
    match unit.front {
        message::Front::Cli(accept) => {
            message::update_refused(accept, &unit.set, &unit.package_name)
        }
        // A test writes what it registers.
        message::Front::Test => None,
    }
}

/// `contract-pin update`: rewrite goldens from the sources.
pub fn update(model: &Model, paint: Paint, lookup: &impl Fn(&str) -> Option<String>) -> Exit {
    if contract_core::env::is_ci(lookup) {
        eprintln!("{}", ci_refusal("update", lookup));
        return Exit::Error;
    }
    print_findings(model, paint);
    let mut code = Exit::Match;
    for unit in &model.units {
        let label = format!("set `{}` of {}", unit.set, unit.package_name);
        if let Some(why) = update_blocker(unit) {
            code = Exit::Error;
            eprintln!("{}: {label}: {why}", paint.red("error"));
            continue;
        }
        // What stops the comparison stops the write, before the golden's lock is taken
        // (and its directory made).
        if let Err(why) = &unit.current {
            code = Exit::Error;
            eprintln!("{}: {label}: {why}", paint.red("error"));
            continue;
        }
        match update_unit(unit) {
            Ok(Some(message)) => print!("{message}"),
            Ok(None) => println!("{}: up to date", unit.shown),
            Err(e) => {
                code = Exit::Error;
                eprintln!("{}: {label}: {e}", paint.red("error"));
            }
        }
    }
    for o in &model.orphans {
        println!(
            "{}: left alone: {}",
            o.shown,
            message::unreferenced_golden(&o.set, &o.package)
        );
    }
    // Nothing written and nothing said would read as success (a public-API set in a
    // workspace of binaries has no library to pin).
    if model.units.is_empty() && model.orphans.is_empty() {
        println!(
            "{}",
            message::nothing_pinned(&model.workspace.root.display().to_string(), false)
        );
    }
    code
}

/// `contract-pin update` of one unit: one golden transaction that reads the golden
/// again under its lock and decides on that (a `cargo test` may have updated it since
/// the model was loaded). What it wrote (`None`: nothing to write), or why not.
pub(crate) fn update_unit(unit: &Unit) -> Result<Option<String>, String> {
    let (message, wrote) = store::transact(&unit.path, |bytes| {
        let evaluation = unit.evaluate_bytes(&Mode::Update, bytes)?;
        Ok::<_, String>((evaluation.write, evaluation.outcome.message))
    })
    .map_err(|e| e.message(&unit.shown))?;
    Ok(wrote.then_some(message))
}

/// The message when a writing command runs under CI.
pub fn ci_refusal(command: &str, lookup: &impl Fn(&str) -> Option<String>) -> String {
    message::ci_refusal(command, &lookup(contract_core::env::CI).unwrap_or_default())
}

/// `contract-pin status`: the health of every golden, with honest confidence.
pub fn status(model: &Model, paint: Paint) -> Exit {
    print_findings(model, paint);
    let mut rows: Vec<[String; 6]> = Vec::new();
    let mut all_fresh = true;
    for unit in &model.units {
        let exactness = model.scans[unit.package].exactness;
        let (health, reason, confidence) = match &unit.bytes {
            Ok(bytes) => {
                let (h, c) = health::assess(bytes.as_deref(), true, exactness);
                all_fresh &= h == Health::Fresh;
                (h.name(), message::health_reason(&h), c.as_str())
            }
            Err(e) => {
                all_fresh = false;
                ("Unreadable", Some(message::unreadable(e)), "high")
            }
        };
        let pinned = unit.current.as_ref().map(Current::len).unwrap_or(0);
        let verdict = match model.evaluate(unit, &Mode::Compare) {
            Ok(e) => e.outcome.status.as_str(),
            Err(_) => "error",
        };
        rows.push([
            unit.shown.clone(),
            unit.set.to_string(),
            unit.package_name.clone(),
            health.to_owned(),
            confidence.to_owned(),
            message::status_note(reason.as_deref(), pinned, verdict),
        ]);
    }
    for o in &model.orphans {
        all_fresh = false;
        let exactness = model
            .workspace
            .packages
            .iter()
            .position(|p| p.name == o.package)
            .map(|i| model.scans[i].exactness)
            .unwrap_or_default();
        let (h, c) = health::assess(o.bytes.as_deref(), false, exactness);
        rows.push([
            o.shown.clone(),
            o.set.clone(),
            o.package.clone(),
            h.name().to_owned(),
            c.as_str().to_owned(),
            message::health_reason(&h).unwrap_or_default(),
        ]);
    }
    if rows.is_empty() {
        println!(
            "{}",
            message::nothing_pinned(&model.workspace.root.display().to_string(), true)
        );
        return Exit::Match;
    }
    let header = ["GOLDEN", "SET", "PACKAGE", "HEALTH", "CONFIDENCE", "NOTE"].map(str::to_owned);
    let widths: Vec<usize> = (0..5)
        .map(|i| {
            rows.iter()
                .chain(std::iter::once(&header))
                .map(|r| r[i].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |r: &[String; 6], paint_health: bool| {
        let mut s = String::new();
        for (i, cell) in r.iter().enumerate() {
            let padded = if i < 5 {
                format!("{cell:<width$}  ", width = widths[i])
            } else {
                cell.clone()
            };
            let painted = if paint_health && i == 3 {
                if cell == "Fresh" {
                    paint.green(&padded)
                } else {
                    paint.red(&padded)
                }
            } else {
                padded
            };
            s.push_str(&painted);
        }
        s.trim_end().to_owned()
    };
    println!("{}", paint.bold(&line(&header, false)));
    for r in &rows {
        println!("{}", line(r, true));
    }
    println!("{}", paint.dim(message::confidence_legend()));
    if all_fresh {
        Exit::Match
    } else {
        Exit::Error
    }
}
