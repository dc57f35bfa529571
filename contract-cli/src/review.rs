//! `contract-pin review`: walk every pending change and decide it, like
//! `cargo insta review`. One decision per symbol (a shape is accepted whole; a rename
//! is one decision for both names); a missing or stale golden is one decision for the
//! whole file.
//!
//! - accept: the symbol's current shape is written into the golden; a
//!   breaking change asks for a second, explicit `y`;
//! - reject: the golden keeps its shape, and the end of the review lists what in the
//!   sources still differs from it, to revert;
//! - skip: decide later; quit (`q`, Esc, Ctrl-D): the rest is skipped;
//! - Ctrl-C: stop at once, write nothing.
//!
//! The review exits 0 only when nothing remains unaccepted; otherwise with the code
//! `check` would give for what remains (1 breaking, 2 additive, 3 missing or stale).
//!
//! Keys are read one at a time with `console`, which puts the terminal in raw mode
//! only while it waits for a key and restores the saved mode before returning it —
//! Ctrl-C included, which in raw mode arrives as a key rather than a signal. Between
//! keys the terminal is in its normal mode, so an interrupt at any other moment is an
//! ordinary SIGINT with nothing to restore.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::{self, IsTerminal};

use anstream::{eprintln, print, println};
use contract_core::accept::Accept;
use contract_core::check::Status;
use contract_core::env::Mode;
use contract_core::{golden, Delta, Symbol};

use crate::commands;
use crate::exit::Exit;
use crate::show;
use crate::term::{count, Paint};
use crate::words;
use contract_scan::model::{Model, Unit};
use contract_store::store;

/// What the user said about one item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Write it into the golden.
    Accept,
    /// Keep the golden; the sources should go back.
    Reject,
    /// Decide later (the golden keeps it, like a reject, but it is counted apart).
    Skip,
}

/// How serious an item is, for the confirmation it needs and the exit code it leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// Only additive deltas.
    Additive,
    /// At least one breaking delta: accepting needs an explicit confirmation.
    Breaking,
    /// A missing or stale golden, rewritten whole when accepted.
    Golden,
}

/// One thing to decide.
pub struct Item {
    /// Index of the unit in the model.
    pub unit: usize,
    /// The symbols that take their current shape when accepted; empty with `whole`.
    pub names: BTreeSet<String>,
    /// Accepting regenerates the whole golden (missing or stale golden).
    pub whole: bool,
    /// How serious it is.
    pub weight: Weight,
    /// What is shown.
    pub text: String,
    /// What still differs from the golden while it is not accepted, one line each.
    pub pending: Vec<String>,
}

/// One key, as far as review cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A character.
    Char(char),
    /// Ctrl-C.
    Interrupt,
    /// No more input (end of file, Ctrl-D, a read error).
    End,
}

/// How the questions ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Answers {
    /// One decision per item.
    Decided(Vec<Decision>),
    /// Ctrl-C: nothing is to be written.
    Interrupted,
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
        if let Some(why) = commands::update_blocker(unit) {
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
        let current = unit.current_symbols();
        match outcome.status {
            Status::Match | Status::Updated => {}
            Status::Missing | Status::Stale => {
                let mut text = format!("{header}\n");
                for line in outcome.message.lines() {
                    let _ = writeln!(text, "  {line}");
                }
                text.push_str("  accepting writes the golden from the sources:\n");
                text.push_str(&show::whole(&current, paint));
                let pending = vec![words::golden_still(
                    &unit.shown,
                    outcome.status.as_str(),
                    &contract_core::message::cli_update_command(&unit.set, &unit.package_name),
                )];
                items.push(Item {
                    unit: index,
                    names: BTreeSet::new(),
                    whole: true,
                    weight: Weight::Golden,
                    text,
                    pending,
                });
            }
            Status::Additive | Status::Breaking => {
                let golden = commands::golden_shapes(unit);
                for (names, deltas) in show::groups(&outcome.deltas) {
                    let breaking = deltas.iter().any(|d| d.is_breaking());
                    let mut text = format!("{header}\n{}", show::legend(paint));
                    if breaking {
                        text.push_str(&show::directive(unit, paint));
                    }
                    text.push_str(&show::change(
                        model, unit, &names, &deltas, &golden, &current, paint,
                    ));
                    let pending = deltas
                        .iter()
                        .map(|d| pending_line(model, unit, d))
                        .collect();
                    items.push(Item {
                        unit: index,
                        names,
                        whole: false,
                        weight: if breaking {
                            Weight::Breaking
                        } else {
                            Weight::Additive
                        },
                        text,
                        pending,
                    });
                }
            }
        }
    }
    (items, errors)
}

/// `breaking field_type_changed (api axis) Order: field `id` --> src/lib.rs:6:9`.
fn pending_line(model: &Model, unit: &Unit, d: &Delta) -> String {
    let at = model
        .locate(unit, d)
        .map(|l| format!(" --> {}:{}:{}", l.file, l.line, l.col))
        .unwrap_or_default();
    format!(
        "{} {} ({} axis) {}: {}{at}",
        d.class.as_str(),
        d.kind,
        d.axis.as_str(),
        d.symbol,
        contract_core::render::detail(d)
    )
}

const MENU: &str =
    "a accept · r reject · s skip · A accept all remaining · R reject all remaining · q quit";

/// Asks about each item, reading one key at a time from `keys`. `A` / `R` decide the
/// current item and every one after it — except that each breaking change is still
/// shown and needs its own `y`. End of input, Ctrl-D, Esc or `q`: the rest is skipped.
/// Ctrl-C: [`Answers::Interrupted`].
pub fn decide(
    items: &[Item],
    keys: &mut dyn FnMut() -> Key,
    out: &mut dyn io::Write,
) -> io::Result<Answers> {
    let mut decisions = Vec::with_capacity(items.len());
    let mut rest: Option<Decision> = None;
    for (i, item) in items.iter().enumerate() {
        let breaking = item.weight == Weight::Breaking;
        match rest {
            Some(Decision::Accept) if breaking => {}
            Some(d) => {
                decisions.push(d);
                continue;
            }
            None => {}
        }
        write!(out, "\n[{}/{}] {}", i + 1, items.len(), item.text)?;
        let decision = loop {
            if rest == Some(Decision::Accept) {
                // `A` was pressed earlier: this break still needs its own `y`.
                match confirm(keys, out)? {
                    Some(true) => break Decision::Accept,
                    Some(false) => break Decision::Skip,
                    None => return Ok(Answers::Interrupted),
                }
            }
            if breaking {
                write!(out, "breaking change: {MENU} > ")?;
            } else {
                write!(out, "{MENU} > ")?;
            }
            out.flush()?;
            let key = next(keys);
            echo(key, out)?;
            let decision = match key {
                Key::Interrupt => return Ok(Answers::Interrupted),
                Key::End | Key::Char('q' | '\u{4}' | '\u{1b}') => {
                    rest = Some(Decision::Skip);
                    Decision::Skip
                }
                Key::Char('a' | 'A') if breaking => match confirm(keys, out)? {
                    None => return Ok(Answers::Interrupted),
                    Some(false) => continue,
                    Some(true) => {
                        if key == Key::Char('A') {
                            rest = Some(Decision::Accept);
                        }
                        Decision::Accept
                    }
                },
                Key::Char('a') => Decision::Accept,
                Key::Char('r') => Decision::Reject,
                Key::Char('s') => Decision::Skip,
                Key::Char('A') => {
                    rest = Some(Decision::Accept);
                    Decision::Accept
                }
                Key::Char('R') => {
                    rest = Some(Decision::Reject);
                    Decision::Reject
                }
                Key::Char(other) => {
                    writeln!(out, "{}", words::not_an_answer(other))?;
                    continue;
                }
            };
            break decision;
        };
        decisions.push(decision);
    }
    Ok(Answers::Decided(decisions))
}

/// The next key that is not whitespace.
fn next(keys: &mut dyn FnMut() -> Key) -> Key {
    loop {
        match keys() {
            Key::Char(c) if c.is_whitespace() => continue,
            other => return other,
        }
    }
}

/// Raw mode does not echo: the answer is written after the prompt, then a new line.
fn echo(key: Key, out: &mut dyn io::Write) -> io::Result<()> {
    match key {
        Key::Char(c) if !c.is_control() => writeln!(out, "{c}"),
        _ => writeln!(out),
    }
}

/// The second question a breaking change asks: `Some(true)` on `y`, `Some(false)` on
/// any other key, `None` on Ctrl-C.
fn confirm(keys: &mut dyn FnMut() -> Key, out: &mut dyn io::Write) -> io::Result<Option<bool>> {
    write!(out, "{}", words::CONFIRM_BREAK)?;
    out.flush()?;
    let key = next(keys);
    echo(key, out)?;
    Ok(match key {
        Key::Interrupt => None,
        Key::Char('y') => Some(true),
        _ => Some(false),
    })
}

/// True when the decisions on `names`, made against golden `read`, still mean what
/// the user saw in golden `fresh`, which another process wrote since: it left each of
/// them as it was, or already holds the accepted (current) shape — with what a
/// compiled run observed, as a `cargo test` update writes it. Another change to one
/// of them is a conflict: the user never saw it.
pub fn decisions_hold(
    read: &BTreeMap<String, Symbol>,
    fresh: &BTreeMap<String, Symbol>,
    current: &BTreeMap<String, Symbol>,
    names: &BTreeSet<String>,
) -> bool {
    names.iter().all(|name| {
        let now = fresh.get(name);
        let accepted = current
            .get(name)
            .map(|c| contract_core::probe::kept(c, now));
        now == read.get(name) || now == accepted.as_ref()
    })
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
        let whole = accepted.iter().any(|i| i.whole);
        let names: BTreeSet<String> = accepted
            .iter()
            .flat_map(|i| i.names.iter().cloned())
            .collect();
        match accept(unit, whole, &names) {
            Ok(None) => {}
            Ok(Some(note)) => lines.push(format!(
                "wrote {} ({} accepted{note})",
                unit.shown,
                count(accepted.len(), "change", "changes")
            )),
            Err(e) => {
                ok = false;
                lines.push(format!("error: {e}"));
            }
        }
    }
    (lines, ok)
}

/// Accepts into `unit`'s golden the whole file (`whole`: a missing or stale golden) or
/// the current shapes of `names`, in one golden transaction, keeping every fact only
/// a compiled run knows ([`contract_core::accept`]). What to add to the line that
/// says it was written (`None`: nothing needed writing), or why nothing was.
pub(crate) fn accept(
    unit: &Unit,
    whole: bool,
    names: &BTreeSet<String>,
) -> Result<Option<&'static str>, String> {
    let loaded = unit.bytes.as_ref().ok().and_then(|b| b.as_deref());
    // The user decided on the golden read at load, maybe minutes ago. Under the
    // golden's lock it is read again: if another process (`cargo test` with
    // CONTRACT_PIN_UPDATE=1, `contract-pin update`) wrote it meanwhile, writing the
    // decisions into the old text would silently undo that write.
    let conflict = || words::changed_while_reviewed(&unit.shown);
    let (note, wrote) = store::transact(&unit.path, |fresh| {
        let changed = fresh != loaded;
        if whole {
            if changed {
                return Err(conflict());
            }
            let evaluation = unit.evaluate_bytes(&Mode::Update, fresh)?;
            return Ok((evaluation.write, ""));
        }
        let Some(old) = loaded.and_then(|b| golden::parse(b).ok()) else {
            return Err(words::golden_unreadable(&unit.shown));
        };
        let current = unit.current_symbols();
        let (base, note) = if changed {
            match fresh.and_then(|b| golden::parse(b).ok()) {
                Some(new) if decisions_hold(&old.shapes(), &new.shapes(), &current, names) => {
                    (new, "; merged into what another process wrote meanwhile")
                }
                _ => return Err(conflict()),
            }
        } else {
            (old, "")
        };
        let accepted = contract_core::accept::golden(
            &unit.set,
            &unit.package_name,
            &base,
            current,
            Accept::Symbols(names),
        );
        Ok((Some(accepted), note))
    })
    .map_err(|e| e.message(&unit.shown))?;
    Ok(wrote.then_some(note))
}

/// What remains after the review: the lines to print and the exit code (`check`'s
/// order: breaking, then golden errors, then additive drift).
fn remaining(items: &[Item], decisions: &[Decision], paint: Paint) -> (String, Exit) {
    let mut out = String::new();
    let mut weights = Vec::new();
    for (decision, heading) in [
        (
            Decision::Reject,
            "rejected — the golden is kept; revert these in the sources:",
        ),
        (
            Decision::Skip,
            "skipped — still pending (`contract-pin review` again to decide):",
        ),
    ] {
        let left: Vec<&Item> = items
            .iter()
            .zip(decisions)
            .filter(|(_, d)| **d == decision)
            .map(|(i, _)| i)
            .collect();
        if left.is_empty() {
            continue;
        }
        let _ = writeln!(out, "{}", paint.bold(heading));
        for item in left {
            weights.push(item.weight);
            for line in &item.pending {
                let line = if item.weight == Weight::Additive {
                    paint.yellow(line)
                } else {
                    paint.red(line)
                };
                let _ = writeln!(out, "  {line}");
            }
        }
    }
    let code = if weights.contains(&Weight::Breaking) {
        Exit::Breaking
    } else if weights.contains(&Weight::Golden) {
        Exit::Error
    } else if weights.contains(&Weight::Additive) {
        Exit::Additive
    } else {
        Exit::Match
    };
    (out, code)
}

/// `contract-pin review` (the caller has checked for a terminal).
pub fn run(model: &Model, paint: Paint, lookup: &impl Fn(&str) -> Option<String>) -> Exit {
    if contract_core::env::is_ci(lookup) {
        eprintln!("{}", commands::ci_refusal("review", lookup));
        return Exit::Error;
    }
    let (items, errors) = items(model, paint);
    for e in &errors {
        eprintln!("{}: {e}", paint.red("error"));
    }
    let failed = !errors.is_empty() || model.scans.iter().any(|s| !s.errors.is_empty());
    if items.is_empty() {
        println!("{}", words::NOTHING_TO_REVIEW);
        return if failed { Exit::Error } else { Exit::Match };
    }
    let terminal = console::Term::stdout();
    let mut next_key = || match terminal.read_key_raw() {
        Ok(console::Key::Char(c)) => Key::Char(c),
        Ok(console::Key::CtrlC) => Key::Interrupt,
        Ok(console::Key::Enter) => Key::Char('\n'),
        Ok(console::Key::Escape) => Key::Char('\u{1b}'),
        // Arrows, function keys: not an answer; show the menu again.
        Ok(_) => Key::Char('?'),
        Err(_) => Key::End,
    };
    let mut stdout = anstream::stdout().lock();
    let decisions = match decide(&items, &mut next_key, &mut stdout) {
        Ok(Answers::Decided(d)) => d,
        Ok(Answers::Interrupted) => {
            drop(stdout);
            println!("\n{}", words::INTERRUPTED);
            return Exit::Interrupted;
        }
        Err(e) => {
            drop(stdout);
            eprintln!("error: {e}");
            return Exit::Error;
        }
    };
    drop(stdout);
    let tally = |d: Decision| decisions.iter().filter(|x| **x == d).count();
    println!(
        "\n{} accepted, {} rejected, {} skipped",
        tally(Decision::Accept),
        tally(Decision::Reject),
        tally(Decision::Skip)
    );
    let (lines, ok) = apply(model, &items, &decisions);
    for line in lines {
        println!("{line}");
    }
    let (left, code) = remaining(&items, &decisions, paint);
    print!("{left}");
    if !ok || failed {
        Exit::Error
    } else {
        code
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(name: &str, weight: Weight) -> Item {
        Item {
            unit: 0,
            names: BTreeSet::from([name.to_owned()]),
            whole: false,
            weight,
            text: format!("{name}\n"),
            pending: vec![format!("{name} differs")],
        }
    }

    fn keys(text: &str) -> impl FnMut() -> Key + '_ {
        let mut chars = text.chars();
        move || match chars.next() {
            Some('^') => Key::Interrupt,
            Some(c) => Key::Char(c),
            None => Key::End,
        }
    }

    fn run_keys(text: &str, weights: &[Weight]) -> (Answers, String) {
        let items: Vec<Item> = weights
            .iter()
            .enumerate()
            .map(|(i, w)| item(&format!("S{i}"), *w))
            .collect();
        let mut out = Vec::new();
        let answers = decide(&items, &mut keys(text), &mut out).unwrap();
        (answers, String::from_utf8(out).unwrap())
    }

    use Decision::*;
    use Weight::Additive as Add;
    use Weight::Breaking as Brk;

    fn decided(text: &str, weights: &[Weight]) -> Vec<Decision> {
        match run_keys(text, weights).0 {
            Answers::Decided(d) => d,
            Answers::Interrupted => panic!("interrupted"),
        }
    }

    #[test]
    fn keys_decide_items_and_the_rest() {
        assert_eq!(decided("ars", &[Add, Add, Add]), [Accept, Reject, Skip]);
        assert_eq!(decided("a\nA", &[Add; 4]), [Accept; 4]);
        assert_eq!(decided("rR", &[Add, Add, Add]), [Reject, Reject, Reject]);
        // Input closes or `q`: the rest is skipped.
        assert_eq!(decided("a", &[Add, Add, Add]), [Accept, Skip, Skip]);
        assert_eq!(decided("aq", &[Add, Add, Add]), [Accept, Skip, Skip]);
        let (answers, out) = run_keys("xa", &[Add]);
        assert_eq!(answers, Answers::Decided(vec![Accept]));
        assert!(out.contains("`x` is not one of a, r, s, A, R, q"), "{out}");
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
    fn a_breaking_change_needs_a_second_explicit_yes() {
        // `a` then anything but `y` asks again; `a` `y` accepts.
        let (answers, out) = run_keys("ana y", &[Brk]);
        assert_eq!(answers, Answers::Decided(vec![Accept]));
        assert_eq!(
            out.matches("BREAKS the contract's consumers").count(),
            2,
            "{out}"
        );
        assert!(out.contains("breaking change: a accept"), "{out}");
        // An additive change is accepted with one key.
        let (_, out) = run_keys("a", &[Add]);
        assert!(!out.contains("BREAKS"), "{out}");
        // `A` accepts the additive rest at once, but each later break asks for its `y`.
        assert_eq!(
            decided("Any", &[Add, Brk, Add, Brk]),
            [Accept, Skip, Accept, Accept]
        );
        let (_, out) = run_keys("Any", &[Add, Brk, Add, Brk]);
        assert!(
            out.contains("[2/4] S1") && out.contains("[4/4] S3"),
            "{out}"
        );
        assert!(!out.contains("[3/4]"), "additive rest is not shown: {out}");
        // `A` on a break confirms that break too.
        assert_eq!(decided("Ay", &[Brk, Add]), [Accept, Accept]);
        assert_eq!(
            decided("Aa", &[Brk, Add]),
            [Skip, Skip],
            "no `y`: back, then input ends"
        );
    }

    #[test]
    fn ctrl_c_interrupts_wherever_it_is_pressed() {
        assert_eq!(run_keys("a^", &[Add, Add]).0, Answers::Interrupted);
        assert_eq!(
            run_keys("a^", &[Brk]).0,
            Answers::Interrupted,
            "at the confirmation"
        );
    }

    #[test]
    fn what_remains_sets_the_exit_code_like_check() {
        let items = [item("A", Add), item("B", Brk), item("C", Weight::Golden)];
        let (out, code) = remaining(&items, &[Accept, Accept, Accept], Paint::plain());
        assert_eq!((out.as_str(), code), ("", Exit::Match));
        let (out, code) = remaining(&items, &[Reject, Accept, Accept], Paint::plain());
        assert_eq!(code, Exit::Additive);
        assert!(out.contains("rejected — the golden is kept"), "{out}");
        assert!(out.contains("  A differs"), "{out}");
        assert_eq!(
            remaining(&items, &[Skip, Accept, Skip], Paint::plain()).1,
            Exit::Error
        );
        assert_eq!(
            remaining(&items, &[Skip, Reject, Skip], Paint::plain()).1,
            Exit::Breaking
        );
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
        let out = contract_core::accept::merge(
            &golden,
            current,
            contract_core::accept::Accept::Symbols(&names),
        );
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
        // It wrote the accepted shape with what its compiled run observed.
        let item = |module: &str| Symbol {
            item: Some(contract_core::ItemShape::Const(
                contract_core::shape::ValueItemShape::new(
                    contract_core::Type::named("u8"),
                    contract_core::shape::Value::Expr("1".to_owned()),
                ),
            )),
            ..shape(module)
        };
        let sources = BTreeMap::from([("A".to_owned(), item("new"))]);
        let mut observed = BTreeMap::from([("A".to_owned(), item("new"))]);
        observed.get_mut("A").unwrap().implements =
            Some([contract_core::probe::ProbedTrait::Send].into());
        let before = BTreeMap::from([("A".to_owned(), item("old"))]);
        assert!(decisions_hold(&before, &observed, &sources, &a));
        // Accepting a removal (A is gone from the sources) that another writer made too.
        let gone = map(&[("B", "new")]);
        assert!(decisions_hold(&read, &map(&[("B", "old")]), &gone, &a));
    }
}
