//! `contract-pin review`: walk every pending change and accept or reject it, like
//! `cargo insta review`. One decision per symbol (a shape is accepted whole; a rename
//! is one decision for both names); a missing or stale golden is one decision for
//! the whole file. Accepted symbols are written into the golden, policy kept.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, IsTerminal, Read as _, Write};
use std::process::{Command, Stdio};

use contract_core::check::Status;
use contract_core::env::Mode;
use contract_core::{golden, render, Delta, DeltaKind, Golden, Symbol};

use crate::commands::{self, ERROR, MATCH};
use crate::model::Model;
use crate::store;
use crate::term::Paint;

/// What the user said about one item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Write it into the golden.
    Accept,
    /// Keep the golden as it is.
    Reject,
    /// Decide later (the golden keeps it, like a reject, but it is counted apart).
    Skip,
}

/// One thing to decide.
pub struct Item {
    /// Index of the unit in the model.
    pub unit: usize,
    /// The symbols that take their current shape when accepted; empty with `whole`.
    pub names: BTreeSet<String>,
    /// Accepting regenerates the whole golden (missing or stale golden).
    pub whole: bool,
    /// What is shown.
    pub text: String,
}

/// True when review can ask: stdin and stdout are both terminals.
pub fn interactive() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// The message without a terminal.
pub fn not_interactive() -> String {
    "contract-pin review: needs an interactive terminal (stdin and stdout are not both \
     a tty), so nothing was reviewed.\nNon-interactive: `contract-pin diff` shows every \
     change and `contract-pin update` accepts them all (`-p PACKAGE`, `--set SET` narrow it)."
        .to_owned()
}

/// Builds the items of every unit with pending changes.
pub fn items(model: &Model, paint: Paint) -> (Vec<Item>, Vec<String>) {
    let mut items = Vec::new();
    let mut errors = Vec::new();
    for (index, unit) in model.units.iter().enumerate() {
        let header = paint.bold(&format!(
            "set `{}` · {} · {}",
            unit.set, unit.package_name, unit.shown
        ));
        if let Some(why) = commands::update_blocker(model, unit) {
            errors.push(format!(
                "set `{}` of {}: {why}",
                unit.set, unit.package_name
            ));
            continue;
        }
        let outcome = match model.evaluate(unit, &Mode::Compare) {
            Ok(e) => e.outcome,
            Err(e) => {
                errors.push(format!("set `{}` of {}: {e}", unit.set, unit.package_name));
                continue;
            }
        };
        let current = unit.current.as_ref().cloned().unwrap_or_default();
        match outcome.status {
            Status::Match | Status::Updated => {}
            Status::Missing | Status::Stale => {
                let mut text = format!("{header}\n{}", outcome.message);
                text.push_str("  accepting writes the golden from the sources:\n");
                for (name, symbol) in &current {
                    text.push_str(&format!(
                        "    {}\n",
                        paint.green(&format!("+ {}", render::symbol(name, symbol)))
                    ));
                }
                items.push(Item {
                    unit: index,
                    names: BTreeSet::new(),
                    whole: true,
                    text,
                });
            }
            Status::Additive | Status::Breaking => {
                let golden = unit
                    .bytes
                    .as_ref()
                    .ok()
                    .and_then(|b| b.as_deref())
                    .and_then(|b| golden::parse(b).ok())
                    .map(|g| g.shapes())
                    .unwrap_or_default();
                for (names, deltas) in groups(&outcome.deltas) {
                    let text = describe(&header, &names, &deltas, &golden, &current, paint);
                    items.push(Item {
                        unit: index,
                        names,
                        whole: false,
                        text,
                    });
                }
            }
        }
    }
    (items, errors)
}

/// Deltas grouped into decisions: one per symbol, a rename joining its two names.
fn groups(deltas: &[Delta]) -> Vec<(BTreeSet<String>, Vec<&Delta>)> {
    let mut groups: Vec<(BTreeSet<String>, Vec<&Delta>)> = Vec::new();
    for delta in deltas {
        let mut names = BTreeSet::from([delta.symbol.clone()]);
        if delta.kind == DeltaKind::SymbolRenamed {
            names.insert(delta.after.clone());
        }
        match groups.iter_mut().find(|(g, _)| !g.is_disjoint(&names)) {
            Some((g, ds)) => {
                g.extend(names);
                ds.push(delta);
            }
            None => groups.push((names, vec![delta])),
        }
    }
    groups
}

fn describe(
    header: &str,
    names: &BTreeSet<String>,
    deltas: &[&Delta],
    golden: &BTreeMap<String, Symbol>,
    current: &BTreeMap<String, Symbol>,
    paint: Paint,
) -> String {
    let mut text = format!("{header}\n");
    for name in names {
        let module = current
            .get(name)
            .or_else(|| golden.get(name))
            .and_then(|s| s.module.clone());
        let path = module
            .map(|m| format!("{m}::{name}"))
            .unwrap_or(name.clone());
        text.push_str(&format!("  {}\n", paint.bold(&path)));
        let old = golden.get(name).map(|s| render::symbol(name, s));
        let new = current.get(name).map(|s| render::symbol(name, s));
        text.push_str(&format!(
            "    {}\n    {}\n",
            paint.red(&format!(
                "- golden:  {}",
                old.as_deref().unwrap_or("(absent)")
            )),
            paint.green(&format!(
                "+ current: {}",
                new.as_deref().unwrap_or("(absent)")
            ))
        ));
    }
    for d in deltas {
        let class = if d.is_breaking() {
            paint.red("breaking")
        } else {
            paint.yellow("additive")
        };
        text.push_str(&format!(
            "  {class} {} ({} axis): {}\n    Before: {}\n    After:  {}\n",
            d.kind,
            d.axis.as_str(),
            d.detail,
            d.before_or_absent(),
            d.after_or_absent()
        ));
    }
    text
}

/// Asks about each item; `keys` yields one key at a time (`None`, Ctrl-D or `q`: the
/// rest is skipped). `A` / `R` decide the current item and every one after it.
pub fn decide(
    items: &[Item],
    keys: &mut dyn FnMut() -> Option<char>,
    out: &mut dyn Write,
) -> io::Result<Vec<Decision>> {
    let mut decisions = Vec::with_capacity(items.len());
    let mut rest: Option<Decision> = None;
    for (i, item) in items.iter().enumerate() {
        if let Some(d) = rest {
            decisions.push(d);
            continue;
        }
        write!(out, "\n[{}/{}] {}", i + 1, items.len(), item.text)?;
        let decision = loop {
            write!(
                out,
                "a accept · r reject · s skip · A accept all remaining · R reject all remaining · q quit > "
            )?;
            out.flush()?;
            let key = loop {
                match keys() {
                    Some(c) if c.is_whitespace() => continue,
                    other => break other,
                }
            };
            let decision = match key {
                // End of input, Ctrl-D, Ctrl-C or `q`: stop, the rest is skipped.
                None | Some('\u{4}' | '\u{3}' | 'q') => {
                    rest = Some(Decision::Skip);
                    Decision::Skip
                }
                Some('a') => Decision::Accept,
                Some('r') => Decision::Reject,
                Some('s') => Decision::Skip,
                Some('A') => {
                    rest = Some(Decision::Accept);
                    Decision::Accept
                }
                Some('R') => {
                    rest = Some(Decision::Reject);
                    Decision::Reject
                }
                Some(other) => {
                    writeln!(out, "\n`{other}` is not one of a, r, s, A, R")?;
                    continue;
                }
            };
            writeln!(out)?;
            break decision;
        };
        decisions.push(decision);
    }
    Ok(decisions)
}

/// The golden after accepting `names` (current shapes in, vanished symbols out).
pub fn merged(
    golden: &BTreeMap<String, Symbol>,
    current: &BTreeMap<String, Symbol>,
    names: &BTreeSet<String>,
) -> BTreeMap<String, Symbol> {
    let mut out = golden.clone();
    for name in names {
        match current.get(name) {
            Some(shape) => {
                out.insert(name.clone(), shape.clone());
            }
            None => {
                out.remove(name);
            }
        }
    }
    out
}

/// True when the decisions on `names`, made against golden `read`, still mean what
/// the user saw in golden `fresh`, which another process wrote since: it left each of
/// them as it was, or already holds the accepted (current) shape. Another change to
/// one of them is a conflict: the user never saw it.
pub fn decisions_hold(
    read: &BTreeMap<String, Symbol>,
    fresh: &BTreeMap<String, Symbol>,
    current: &BTreeMap<String, Symbol>,
    names: &BTreeSet<String>,
) -> bool {
    names
        .iter()
        .all(|name| fresh.get(name) == read.get(name) || fresh.get(name) == current.get(name))
}

/// Writes what was accepted; returns the lines to print and whether all writes worked.
fn apply(model: &Model, items: &[Item], decisions: &[Decision]) -> (Vec<String>, bool) {
    let mut lines = Vec::new();
    let mut ok = true;
    let mut by_unit: BTreeMap<usize, Vec<&Item>> = BTreeMap::new();
    for (item, decision) in items.iter().zip(decisions) {
        if *decision == Decision::Accept {
            by_unit.entry(item.unit).or_default().push(item);
        }
    }
    for (index, accepted) in by_unit {
        let unit = &model.units[index];
        // The user decided on the golden read at load, maybe minutes ago. Under the
        // golden's lock, read it again: if another process (`cargo test` with
        // CONTRACT_PIN_UPDATE=1, `contract-pin update`) wrote it meanwhile, writing the
        // decisions into the old text would silently undo that write.
        let (lock, fresh) = match store::lock(&unit.path).and_then(|l| Ok((l.read()?, l))) {
            Ok((fresh, lock)) => (lock, fresh),
            Err(e) => {
                ok = false;
                lines.push(format!("error: cannot read {}: {e}", unit.shown));
                continue;
            }
        };
        let loaded = unit.bytes.as_ref().ok().and_then(|b| b.as_deref());
        let changed = fresh.as_deref() != loaded;
        let conflict = || {
            format!(
                "error: {} changed while you reviewed (another process wrote it): nothing \
                 written to it, so that change stays; run `contract-pin review` again",
                unit.shown
            )
        };
        let mut merged_note = "";
        let new_golden = if accepted.iter().any(|i| i.whole) {
            if changed {
                ok = false;
                lines.push(conflict());
                continue;
            }
            match model.evaluate(unit, &Mode::Update) {
                Ok(e) => e.write,
                Err(e) => {
                    ok = false;
                    lines.push(format!("error: {}: {e}", unit.shown));
                    continue;
                }
            }
        } else {
            let Some(old) = loaded.and_then(|b| golden::parse(b).ok()) else {
                ok = false;
                lines.push(format!("error: {}: the golden cannot be read", unit.shown));
                continue;
            };
            let current = unit.current.as_ref().cloned().unwrap_or_default();
            let names: BTreeSet<String> = accepted
                .iter()
                .flat_map(|i| i.names.iter().cloned())
                .collect();
            let base = if changed {
                match fresh.as_deref().and_then(|b| golden::parse(b).ok()) {
                    Some(new) if decisions_hold(&old.shapes(), &new.shapes(), &current, &names) => {
                        merged_note = "; merged into what another process wrote meanwhile";
                        new
                    }
                    _ => {
                        ok = false;
                        lines.push(conflict());
                        continue;
                    }
                }
            } else {
                old
            };
            let symbols = merged(&base.shapes(), &current, &names);
            Some(Golden::new(
                &unit.set,
                &unit.package_name,
                base.policy,
                &symbols,
            ))
        };
        let Some(new_golden) = new_golden else {
            continue;
        };
        match lock.write(&new_golden.render()) {
            Ok(()) => lines.push(format!(
                "wrote {} ({} accepted{merged_note})",
                unit.shown,
                accepted.len()
            )),
            Err(e) => {
                ok = false;
                lines.push(format!("error: cannot write {}: {e}", unit.shown));
            }
        }
    }
    (lines, ok)
}

/// Puts the terminal in non-canonical mode (one key at a time, no Enter) for as long
/// as it lives; without `stty`, keys are read a line at a time.
struct KeyMode {
    raw: bool,
}

impl KeyMode {
    fn enter() -> KeyMode {
        let raw = Command::new("stty")
            .args(["-icanon", "min", "1"])
            .stdin(Stdio::inherit())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        KeyMode { raw }
    }
}

impl Drop for KeyMode {
    fn drop(&mut self) {
        if self.raw {
            let _ = Command::new("stty")
                .arg("icanon")
                .stdin(Stdio::inherit())
                .stderr(Stdio::null())
                .status();
        }
    }
}

/// `contract-pin review` (the caller has checked for a terminal).
pub fn run(model: &Model, paint: Paint, lookup: &impl Fn(&str) -> Option<String>) -> u8 {
    if contract_core::env::is_ci(lookup) {
        eprintln!("{}", commands::ci_refusal("review", lookup));
        return ERROR;
    }
    let (items, errors) = items(model, paint);
    for e in &errors {
        eprintln!("{}: {e}", paint.red("error"));
    }
    let failed = !errors.is_empty() || model.scans.iter().any(|s| !s.errors.is_empty());
    if items.is_empty() {
        println!("nothing to review: every golden matches the sources");
        return if failed { ERROR } else { MATCH };
    }
    let decisions = {
        let _mode = KeyMode::enter();
        let mut stdin = io::stdin().lock();
        let mut next_key = || {
            let mut byte = [0u8; 1];
            match stdin.read(&mut byte) {
                Ok(1) => Some(char::from(byte[0])),
                _ => None,
            }
        };
        let mut stdout = io::stdout().lock();
        match decide(&items, &mut next_key, &mut stdout) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("error: {e}");
                return ERROR;
            }
        }
    };
    let count = |d: Decision| decisions.iter().filter(|x| **x == d).count();
    println!(
        "\n{} accepted, {} rejected, {} skipped",
        count(Decision::Accept),
        count(Decision::Reject),
        count(Decision::Skip)
    );
    let (lines, ok) = apply(model, &items, &decisions);
    for line in lines {
        println!("{line}");
    }
    if ok && !failed {
        MATCH
    } else {
        ERROR
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(name: &str) -> Item {
        Item {
            unit: 0,
            names: BTreeSet::from([name.to_owned()]),
            whole: false,
            text: format!("{name}\n"),
        }
    }

    fn run_keys(keys: &str, n: usize) -> (Vec<Decision>, String) {
        let items: Vec<Item> = (0..n).map(|i| item(&format!("S{i}"))).collect();
        let mut chars = keys.chars();
        let mut out = Vec::new();
        let d = decide(&items, &mut || chars.next(), &mut out).unwrap();
        (d, String::from_utf8(out).unwrap())
    }

    #[test]
    fn keys_decide_items_and_the_rest() {
        use Decision::*;
        assert_eq!(run_keys("ars", 3).0, [Accept, Reject, Skip]);
        assert_eq!(run_keys("a\nA", 4).0, [Accept, Accept, Accept, Accept]);
        assert_eq!(run_keys("rR", 3).0, [Reject, Reject, Reject]);
        // Input closes: the rest is skipped.
        assert_eq!(run_keys("a", 3).0, [Accept, Skip, Skip]);
        let (d, out) = run_keys("xa", 1);
        assert_eq!(d, [Accept]);
        assert!(out.contains("`x` is not one of a, r, s, A, R"), "{out}");
        assert!(out.contains("[1/1] S0"), "{out}");
    }

    /// The only shape these tests build: a symbol that differs by its module.
    fn shape(module: &str) -> Symbol {
        Symbol {
            module: Some(module.to_owned()),
            ..Symbol::default()
        }
    }

    #[test]
    fn accepting_takes_current_shapes_and_drops_vanished_symbols() {
        let golden = BTreeMap::from([
            ("A".to_owned(), shape("old")),
            ("B".to_owned(), shape("old")),
            ("Gone".to_owned(), shape("old")),
        ]);
        let current = BTreeMap::from([
            ("A".to_owned(), shape("new")),
            ("B".to_owned(), shape("new")),
            ("New".to_owned(), shape("new")),
        ]);
        let names = BTreeSet::from(["A".to_owned(), "Gone".to_owned(), "New".to_owned()]);
        let out = merged(&golden, &current, &names);
        assert_eq!(out["A"].module.as_deref(), Some("new"));
        assert_eq!(
            out["B"].module.as_deref(),
            Some("old"),
            "B was not accepted"
        );
        assert!(!out.contains_key("Gone"));
        assert!(out.contains_key("New"));
    }

    #[test]
    fn decisions_hold_unless_another_writer_changed_a_decided_symbol_otherwise() {
        let map = |entries: &[(&str, &str)]| -> BTreeMap<String, Symbol> {
            entries
                .iter()
                .map(|(name, module)| (name.to_string(), shape(module)))
                .collect()
        };
        let read = map(&[("A", "old"), ("B", "old")]);
        let current = map(&[("A", "new"), ("B", "new")]);
        let a = BTreeSet::from(["A".to_owned()]);
        // Another writer changed only B: deciding on A still means what it meant.
        assert!(decisions_hold(
            &read,
            &map(&[("A", "old"), ("B", "other")]),
            &current,
            &a
        ));
        // It already wrote what the user accepts.
        assert!(decisions_hold(
            &read,
            &map(&[("A", "new"), ("B", "old")]),
            &current,
            &a
        ));
        // It wrote a third shape of A, or removed it: the user never saw that.
        assert!(!decisions_hold(
            &read,
            &map(&[("A", "other"), ("B", "old")]),
            &current,
            &a
        ));
        assert!(!decisions_hold(&read, &map(&[("B", "old")]), &current, &a));
        // Accepting a removal (A is gone from the sources) that another writer made too.
        let gone = map(&[("B", "new")]);
        assert!(decisions_hold(&read, &map(&[("B", "old")]), &gone, &a));
    }

    #[test]
    fn a_rename_is_one_decision() {
        let renamed = Delta::new(DeltaKind::SymbolRenamed, "Old", "renamed").change("Old", "New");
        let other = Delta::new(DeltaKind::SymbolAdded, "Other", "added");
        let deltas = [renamed, other];
        let g = groups(&deltas);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].0, BTreeSet::from(["New".to_owned(), "Old".to_owned()]));
    }
}
