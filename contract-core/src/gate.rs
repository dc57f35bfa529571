//! Which of a package's Cargo features an item of a public-API set needs.
//!
//! A public-API set reads what a consumer can enable, not only the default build:
//! an item under `#[cfg(feature = "x")]` is API to every consumer that turns `x` on.
//! The reader evaluates each `cfg` with the default features on and every other
//! documented feature left open, so what an item needs is a predicate over the
//! features that are off by default: its [`Gate`], stored with the item as `cfg`
//! syntax (`feature = "x"`, `all(feature = "a", not(feature = "b"))`).
//!
//! Two gates are compared as the consumers they serve: every choice of features that
//! exposed the item before must still expose it ([`compare`]), each side's features
//! turning on what its own table says they do.

use std::collections::BTreeSet;
use std::fmt;

use crate::shape::FeatureShape;

/// A predicate over a package's features, in the subset of `cfg` syntax that names
/// only features.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Gate {
    /// `feature = "name"`.
    Feature(String),
    /// `not(…)`.
    Not(Box<Gate>),
    /// `all(…, …)`: every one holds.
    All(Vec<Gate>),
    /// `any(…, …)`: one holds.
    Any(Vec<Gate>),
}

impl Gate {
    /// `a` and `b` together: an item under `b` inside a module under `a`.
    pub fn and(a: Gate, b: Gate) -> Gate {
        let mut parts = Vec::new();
        for g in [a, b] {
            match g {
                Gate::All(inner) => parts.extend(inner),
                other => parts.push(other),
            }
        }
        parts.sort();
        parts.dedup();
        if parts.len() == 1 {
            parts.pop().expect("one part")
        } else {
            Gate::All(parts)
        }
    }

    /// Whether it holds when exactly the features `on` answers true for are enabled.
    pub fn holds(&self, on: &dyn Fn(&str) -> bool) -> bool {
        match self {
            Gate::Feature(f) => on(f),
            Gate::Not(g) => !g.holds(on),
            Gate::All(gs) => gs.iter().all(|g| g.holds(on)),
            Gate::Any(gs) => gs.iter().any(|g| g.holds(on)),
        }
    }

    /// Whether some choice of features makes it hold (one that names more than 16
    /// features is taken to).
    pub fn satisfiable(&self) -> bool {
        let names: Vec<&str> = self.features().into_iter().collect();
        if names.len() > MOST_FEATURES {
            return true;
        }
        (0u32..(1 << names.len())).any(|choice| {
            self.holds(&|f| {
                names
                    .iter()
                    .position(|n| *n == f)
                    .is_some_and(|i| choice & (1 << i) != 0)
            })
        })
    }

    /// The features it names.
    pub fn features(&self) -> BTreeSet<&str> {
        let mut out = BTreeSet::new();
        self.collect(&mut out);
        out
    }

    fn collect<'a>(&'a self, out: &mut BTreeSet<&'a str>) {
        match self {
            Gate::Feature(f) => {
                out.insert(f);
            }
            Gate::Not(g) => g.collect(out),
            Gate::All(gs) | Gate::Any(gs) => gs.iter().for_each(|g| g.collect(out)),
        }
    }

    /// The gate in one spelling: the parts of `all` and `any` sorted, each once.
    pub fn canonical(&self) -> Gate {
        match self {
            Gate::Feature(_) => self.clone(),
            Gate::Not(g) => Gate::Not(Box::new(g.canonical())),
            Gate::All(gs) | Gate::Any(gs) => {
                let mut parts: Vec<Gate> = gs.iter().map(Gate::canonical).collect();
                parts.sort();
                parts.dedup();
                match self {
                    Gate::All(_) => Gate::All(parts),
                    _ => Gate::Any(parts),
                }
            }
        }
    }

    /// Reads what [`Gate`]'s `Display` writes (spaces are free).
    pub fn parse(text: &str) -> Option<Gate> {
        let mut rest = text.trim();
        let gate = parse_one(&mut rest)?;
        rest.trim().is_empty().then_some(gate)
    }
}

fn parse_one(rest: &mut &str) -> Option<Gate> {
    *rest = rest.trim_start();
    if let Some(after) = rest.strip_prefix("feature") {
        let after = after.trim_start().strip_prefix('=')?.trim_start();
        let after = after.strip_prefix('"')?;
        let end = after.find('"')?;
        let name = &after[..end];
        *rest = &after[end + 1..];
        return Some(Gate::Feature(name.to_owned()));
    }
    let (op, after) = ["all", "any", "not"]
        .iter()
        .find_map(|op| rest.strip_prefix(op).map(|after| (*op, after)))?;
    *rest = after.trim_start().strip_prefix('(')?;
    let mut parts = Vec::new();
    loop {
        *rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix(')') {
            *rest = after;
            break;
        }
        parts.push(parse_one(rest)?);
        *rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix(',') {
            *rest = after;
        } else if !rest.starts_with(')') {
            return None;
        }
    }
    Some(match op {
        "all" => Gate::All(parts),
        "any" => Gate::Any(parts),
        _ if parts.len() == 1 => Gate::Not(Box::new(parts.pop()?)),
        _ => return None,
    })
}

impl fmt::Display for Gate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, op: &str, gs: &[Gate]| {
            write!(f, "{op}(")?;
            for (i, g) in gs.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{g}")?;
            }
            f.write_str(")")
        };
        match self {
            Gate::Feature(name) => write!(f, "feature = \"{name}\""),
            Gate::Not(g) => write!(f, "not({g})"),
            Gate::All(gs) => list(f, "all", gs),
            Gate::Any(gs) => list(f, "any", gs),
        }
    }
}

/// How a part's gate changed, for the consumers who enable features.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Every choice of features that exposed it still does, and no other does.
    Same,
    /// Every choice that exposed it still does, and more do now.
    Wider,
    /// Some choice of features that exposed it no longer does.
    Narrower,
}

/// Most features one comparison enumerates the choices of (2^16 choices).
const MOST_FEATURES: usize = 16;

/// How `now` reaches consumers compared with `was` (`None`: no gate, in every build).
/// A consumer's choice is a set of the features either gate names; on each side it
/// turns on what that side's table says (`was_table`, `now_table`: a feature's shape
/// by name, `None` when not known), the side's default features included.
pub fn compare(
    was: Option<&Gate>,
    now: Option<&Gate>,
    was_table: &dyn Fn(&str) -> Option<FeatureShape>,
    now_table: &dyn Fn(&str) -> Option<FeatureShape>,
) -> Reach {
    let mut names: BTreeSet<&str> = BTreeSet::new();
    names.extend(was.map(Gate::features).unwrap_or_default());
    names.extend(now.map(Gate::features).unwrap_or_default());
    let names: Vec<&str> = names.into_iter().collect();
    if names.len() > MOST_FEATURES {
        // Too many to enumerate: told apart by spelling alone.
        let same = was.map(Gate::canonical) == now.map(Gate::canonical);
        return if same { Reach::Same } else { Reach::Narrower };
    }
    let tables: [Vec<Option<FeatureShape>>; 2] = [
        names.iter().map(|n| was_table(n)).collect(),
        names.iter().map(|n| now_table(n)).collect(),
    ];
    let (mut lost, mut gained) = (false, false);
    for choice in 0u32..(1 << names.len()) {
        let exposed = |gate: Option<&Gate>, table: &[Option<FeatureShape>]| {
            let on = on_for_choice(&names, table, choice);
            gate.is_none_or(|g| g.holds(&|f| on.contains(f)))
        };
        let before = exposed(was, &tables[0]);
        let after = exposed(now, &tables[1]);
        lost |= before && !after;
        gained |= after && !before;
    }
    match (lost, gained) {
        (true, _) => Reach::Narrower,
        (false, true) => Reach::Wider,
        (false, false) => Reach::Same,
    }
}

/// The features on when a consumer enables those of `names` whose bit is set in
/// `choice`: those, the defaults among `names`, and what each of them turns on.
fn on_for_choice<'a>(
    names: &[&'a str],
    table: &'a [Option<FeatureShape>],
    choice: u32,
) -> BTreeSet<&'a str> {
    let mut on = BTreeSet::new();
    for (i, name) in names.iter().enumerate() {
        let shape = table[i].as_ref();
        if choice & (1 << i) != 0 || shape.is_some_and(|s| s.default) {
            on.insert(*name);
            if let Some(shape) = shape {
                on.extend(shape.enables.iter().map(String::as_str));
            }
        }
    }
    on
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gate(text: &str) -> Gate {
        Gate::parse(text).unwrap_or_else(|| panic!("`{text}` does not read"))
    }

    fn none(_: &str) -> Option<FeatureShape> {
        None
    }

    #[test]
    fn reads_what_it_writes() {
        for text in [
            "feature = \"x\"",
            "not(feature = \"x\")",
            "all(feature = \"a\", any(feature = \"b\", not(feature = \"c\")))",
        ] {
            assert_eq!(gate(text).to_string(), text);
        }
        assert_eq!(
            gate("all( feature=\"a\" ,feature = \"b\" )").to_string(),
            "all(feature = \"a\", feature = \"b\")"
        );
        for bad in [
            "",
            "feature",
            "feature = x",
            "all(feature = \"a\"",
            "not()",
            "xor(feature = \"a\")",
            "feature = \"a\" junk",
        ] {
            assert_eq!(Gate::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_narrower_gate_is_told_from_a_wider_one() {
        let x = gate("feature = \"x\"");
        let xy = gate("all(feature = \"x\", feature = \"y\")");
        let x_or_y = gate("any(feature = \"y\", feature = \"x\")");
        assert_eq!(compare(None, Some(&x), &none, &none), Reach::Narrower);
        assert_eq!(compare(Some(&x), None, &none, &none), Reach::Wider);
        assert_eq!(compare(Some(&x), Some(&xy), &none, &none), Reach::Narrower);
        assert_eq!(compare(Some(&xy), Some(&x), &none, &none), Reach::Wider);
        assert_eq!(compare(Some(&x), Some(&x_or_y), &none, &none), Reach::Wider);
        assert_eq!(
            compare(Some(&x), Some(&gate("feature = \"y\"")), &none, &none),
            Reach::Narrower
        );
        // Spelled another way, one predicate.
        let y_or_x = gate("any(feature = \"x\", feature = \"y\")");
        assert_eq!(
            compare(Some(&x_or_y), Some(&y_or_x), &none, &none),
            Reach::Same
        );
        assert_eq!(
            compare(
                Some(&x),
                Some(&gate("not(not(feature = \"x\"))")),
                &none,
                &none
            ),
            Reach::Same
        );
    }

    #[test]
    fn a_feature_that_turns_another_on_exposes_what_that_one_gates() {
        // `full` turns `x` on, on both sides: an item that needed `full` and now needs
        // `x` is still there for everyone who enabled `full`, and now for more.
        let table = |name: &str| {
            (name == "full").then(|| FeatureShape {
                enables: ["x".to_owned()].into(),
                ..FeatureShape::default()
            })
        };
        let full = gate("feature = \"full\"");
        let x = gate("feature = \"x\"");
        assert_eq!(compare(Some(&full), Some(&x), &table, &table), Reach::Wider);
        assert_eq!(
            compare(Some(&x), Some(&full), &table, &table),
            Reach::Narrower
        );
        // A feature that became default: what it gated is in every build now.
        let default_now = |name: &str| {
            (name == "x").then(|| FeatureShape {
                default: true,
                ..FeatureShape::default()
            })
        };
        assert_eq!(
            compare(Some(&x), Some(&x), &none, &default_now),
            Reach::Wider
        );
        assert_eq!(
            compare(Some(&x), Some(&x), &default_now, &none),
            Reach::Narrower
        );
    }

    #[test]
    fn gates_are_joined_flat_and_sorted() {
        let joined = Gate::and(
            gate("all(feature = \"b\", feature = \"a\")"),
            gate("feature = \"c\""),
        );
        assert_eq!(
            joined.to_string(),
            "all(feature = \"a\", feature = \"b\", feature = \"c\")"
        );
        assert_eq!(
            Gate::and(gate("feature = \"a\""), gate("feature = \"a\"")).to_string(),
            "feature = \"a\""
        );
    }
}
