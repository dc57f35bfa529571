//! How a pending change is shown by `diff` and `review`, the way `cargo insta review`
//! shows a snapshot: per symbol, the golden shape and the current one rendered one
//! member a line ([`render::symbol_block`]) and diffed line by line, removed lines red,
//! added lines green; beside the diff, each delta with its kind, axis and place in the
//! sources; for a breaking change, the set's directive. The current side is shown as
//! accepting it would write it ([`contract_core::accept`]).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use contract_core::accept::{self, Accept};
use contract_core::{render, Delta, DeltaKind, Symbol};
use similar::{ChangeTag, TextDiff};

use crate::term::Paint;
use contract_scan::model::{Model, Unit};

/// Under each set's header: what the two sides of the diffs are.
pub fn legend(paint: Paint) -> String {
    format!("  {}\n", paint.dim("(- in the golden, + in the sources)"))
}

/// Unchanged lines kept around each change; longer runs are elided with `⋮`.
const CONTEXT: usize = 3;

/// Deltas grouped into changes that are decided together: one per symbol, a rename
/// joining its two names. In the order of the deltas (sorted by symbol and kind).
pub fn groups(deltas: &[Delta]) -> Vec<(BTreeSet<String>, Vec<&Delta>)> {
    let mut groups: Vec<(BTreeSet<String>, Vec<&Delta>)> = Vec::new();
    for delta in deltas {
        let names: BTreeSet<String> = delta.symbols().into_iter().map(str::to_owned).collect();
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

/// `old` against `new` line by line, indented by `indent` spaces: `-` lines red, `+`
/// lines green, unchanged lines as they are, long unchanged runs elided.
pub fn line_diff(old: &str, new: &str, indent: usize, paint: Paint) -> String {
    let pad = " ".repeat(indent);
    let diff = TextDiff::from_lines(old, new);
    let mut out = String::new();
    let groups = diff.grouped_ops(CONTEXT);
    if groups.is_empty() {
        // Nothing differs line by line (e.g. only the module moved): show the shape.
        for line in new.lines() {
            let _ = writeln!(out, "{pad}  {line}");
        }
        return out;
    }
    for (i, group) in groups.iter().enumerate() {
        if i > 0 {
            let _ = writeln!(out, "{pad}{}", paint.dim("⋮"));
        }
        for op in group {
            for change in diff.iter_changes(op) {
                let line = change.value().trim_end_matches('\n');
                let _ = match change.tag() {
                    ChangeTag::Delete => writeln!(out, "{pad}{}", paint.red(&format!("- {line}"))),
                    ChangeTag::Insert => {
                        writeln!(out, "{pad}{}", paint.green(&format!("+ {line}")))
                    }
                    ChangeTag::Equal => writeln!(out, "{pad}  {line}"),
                };
            }
        }
    }
    out
}

fn path(
    name: &str,
    golden: &BTreeMap<String, Symbol>,
    current: &BTreeMap<String, Symbol>,
) -> String {
    let module = current
        .get(name)
        .or_else(|| golden.get(name))
        .and_then(|s| s.module.as_deref());
    contract_core::shape::symbol_path(module, name)
}

/// One change: for each symbol of `names`, a header, the diff of its golden and
/// current shape, then every delta with where it is.
pub fn change(
    model: &Model,
    unit: &Unit,
    names: &BTreeSet<String>,
    deltas: &[&Delta],
    golden: &BTreeMap<String, Symbol>,
    current: &BTreeMap<String, Symbol>,
    paint: Paint,
) -> String {
    let mut out = String::new();
    // A rename is shown as one diff: the old name's golden shape, the new name's shape.
    let mut pairs: Vec<(String, &str, &str)> = deltas
        .iter()
        .filter(|d| d.kind == DeltaKind::SymbolRenamed)
        .map(|d| {
            let new_name = d.current_symbol();
            let header = format!(
                "{} → {}",
                path(&d.symbol, golden, current),
                path(new_name, golden, current)
            );
            (header, d.symbol.as_str(), new_name)
        })
        .collect();
    let paired: BTreeSet<&str> = pairs.iter().flat_map(|(_, o, n)| [*o, *n]).collect();
    for name in names.iter().filter(|n| !paired.contains(n.as_str())) {
        pairs.push((path(name, golden, current), name, name));
    }
    // The accepted side as accepting this change writes it: with the facts of the
    // golden the sources cannot know (`// implements: …`), which the golden keeps —
    // under the symbol's old name too, for a rename — never shown as lines removed.
    let subset = |shapes: &BTreeMap<String, Symbol>| -> BTreeMap<String, Symbol> {
        names
            .iter()
            .filter_map(|n| Some((n.clone(), shapes.get(n)?.clone())))
            .collect()
    };
    let accepted = accept::merge(&subset(golden), subset(current), Accept::Symbols(names));
    for (header, old_name, new_name) in pairs {
        let old = golden.get(old_name);
        let new = current.get(new_name);
        let note = match (old, new) {
            (None, _) => paint.dim(" (new: not in the golden)"),
            (_, None) => paint.dim(" (gone from the sources)"),
            _ => String::new(),
        };
        let _ = writeln!(out, "  {}{note}", paint.bold(&header));
        let old = old.map(|s| render::symbol_block(old_name, s));
        let new = new
            .and(accepted.get(new_name))
            .map(|s| render::symbol_block(new_name, s));
        out.push_str(&line_diff(
            old.as_deref().unwrap_or(""),
            new.as_deref().unwrap_or(""),
            4,
            paint,
        ));
    }
    for delta in deltas {
        let _ = writeln!(out, "  {}", delta_line(model, unit, delta, paint));
    }
    out
}

/// One delta on one line: class, kind, axis, detail and where it is in the sources.
pub fn delta_line(model: &Model, unit: &Unit, delta: &Delta, paint: Paint) -> String {
    let class = if delta.is_breaking() {
        paint.red("breaking")
    } else {
        paint.yellow("additive")
    };
    let at = model
        .locate(unit, delta)
        .map(|l| paint.dim(&format!("  --> {}:{}:{}", l.file, l.line, l.col)))
        .unwrap_or_default();
    format!(
        "{class} {} ({} axis): {}{at}",
        delta.kind,
        delta.axis.as_str(),
        render::detail(delta)
    )
}

/// The set's directive for a breaking change: what it is, why it blocks, and where the
/// decision is recorded.
pub fn directive(unit: &Unit, paint: Paint) -> String {
    let words = unit.policy.directive_for(&unit.set);
    let last = match words.reference {
        Some(reference) => reference,
        None => crate::words::if_the_break_is_intended(&words.record),
    };
    format!(
        "  {}\n  {}\n  {last}\n",
        paint.red(&paint.bold(&words.title)),
        words.ship_line,
    )
}

/// Every current symbol as added lines: what accepting a missing or stale golden writes.
pub fn whole(current: &BTreeMap<String, Symbol>, paint: Paint) -> String {
    let mut out = String::new();
    for (name, symbol) in current {
        let _ = writeln!(
            out,
            "  {}",
            paint.bold(&path(name, &BTreeMap::new(), current))
        );
        out.push_str(&line_diff(
            "",
            &render::symbol_block(name, symbol),
            4,
            paint,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_diff_marks_removed_and_added_lines_and_elides_long_runs() {
        let old: String = (0..20).map(|i| format!("row {i}\n")).collect();
        let new = old.replace("row 10\n", "row ten\n");
        let out = line_diff(&old, &new, 2, Paint::plain());
        assert_eq!(
            out,
            "    row 7\n    row 8\n    row 9\n  - row 10\n  + row ten\n    row 11\n    row 12\n    row 13\n"
        );
        let out = line_diff("a\n", "a\nb\n", 0, Paint::plain());
        assert_eq!(out, "  a\n+ b\n");
        let two = line_diff(
            &old,
            &new.replace("row 1\n", "row one\n"),
            0,
            Paint::plain(),
        );
        assert!(two.contains("⋮\n"), "{two}");
        let coloured = line_diff("a\n", "b\n", 0, Paint::styled());
        assert_eq!(coloured, "\x1b[31m- a\x1b[0m\n\x1b[32m+ b\x1b[0m\n");
    }

    #[test]
    fn a_rename_is_one_change() {
        // Real deltas from the engine: `Old` renamed to `New`, `Other` added.
        let konst = |value: &str| Symbol {
            item: Some(contract_core::ItemShape::Const(
                contract_core::shape::ValueItemShape::new(
                    contract_core::Type::named("u8"),
                    contract_core::shape::Value::Expr(value.to_owned()),
                ),
            )),
            ..Symbol::default()
        };
        let before = BTreeMap::from([("Old".to_owned(), konst("1"))]);
        let after = BTreeMap::from([
            ("New".to_owned(), konst("1")),
            ("Other".to_owned(), konst("2")),
        ]);
        let deltas =
            contract_core::diff::diff_sets(&before, &after, &contract_core::Policy::default());
        assert!(deltas.iter().any(|d| d.kind == DeltaKind::SymbolRenamed));
        let g = groups(&deltas);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].0, BTreeSet::from(["New".to_owned(), "Old".to_owned()]));
    }
}
