//! Symbols added to, removed from, or renamed within a set.

use std::collections::BTreeMap;

use super::align::align_maps;
use crate::delta::{Delta, DeltaKind, Member, Shown};
use crate::shape::Symbol;

/// Added, removed and renamed symbols. A removal and an addition of the same shape
/// (module included) are one rename.
pub fn diff(before: &BTreeMap<String, Symbol>, after: &BTreeMap<String, Symbol>) -> Vec<Delta> {
    // The same shape as far as both sides can tell (a fact one side did not observe
    // is not compared).
    // Cargo features and modules are not renamed: many share one shape (`x = []`,
    // `pub mod m`), and what a consumer wrote names the old one either way.
    let same_shape = |o: &(&String, &Symbol), n: &(&String, &Symbol)| {
        !without_identity(o.1) && super::equiv::equivalent(o.1, n.1)
    };
    let (old, new, alignment) = align_maps(before, after, &[&same_shape]);
    let shown = |s: &Symbol| Shown::Symbol(Box::new(s.clone()));
    let mut out = Vec::new();
    for pair in alignment.by(0) {
        let ((old_name, old_shape), (new_name, _)) = (old[pair.old], new[pair.new]);
        // Every path that names the old symbol breaks.
        out.push(
            Delta::new(DeltaKind::SymbolRenamed, old_name, Member::Item)
                .renamed(new_name)
                .change(shown(old_shape), shown(new[pair.new].1)),
        );
    }
    for &i in &alignment.removed {
        let (name, shape) = old[i];
        out.push(Delta::new(DeltaKind::SymbolRemoved, name, Member::Item).was(shown(shape)));
    }
    for &j in &alignment.added {
        let (name, shape) = new[j];
        out.push(Delta::new(DeltaKind::SymbolAdded, name, Member::Item).now(shown(shape)));
    }
    out
}

/// A removed symbol whose path now goes through another crate's item re-exported
/// (`with::singleton_map::serialize`, `with::singleton_map::` where `with::singleton_map`
/// became `pub use noyalib::…::with::singleton_map`, serde_yml 0.0.13): what that
/// crate's module holds is not read, so the path may still name an item. Not told:
/// `reexport_untold`, the path read through the re-export. Any other delta as it is.
pub fn through_reexport(d: Delta, after: &BTreeMap<String, Symbol>) -> Delta {
    use crate::shape::{ItemShape, ReexportShape};
    if d.kind != DeltaKind::SymbolRemoved {
        return d;
    }
    let path = d.symbol.strip_suffix("::").unwrap_or(&d.symbol);
    let reexport_at = |prefix: &str| {
        let symbol = after.get(prefix)?;
        match &symbol.item {
            Some(ItemShape::Reexport(r)) => Some((prefix.len(), r, symbol)),
            _ => None,
        }
    };
    // Through a re-export above it, or, for a module of the crate, the module now
    // another crate's (`with::singleton_map::` → `with::singleton_map`).
    let found = path
        .match_indices("::")
        .find_map(|(at, _)| reexport_at(&path[..at]))
        .or_else(|| reexport_at(path).filter(|_| d.symbol.ends_with("::")));
    let Some((prefix_len, reexport, symbol)) = found else {
        return d;
    };
    let rest = &path[prefix_len..];
    let target = match crate::ty::Type::parse(&format!("{}{rest}", reexport.target)) {
        Ok(t) => t,
        Err(_) => return d,
    };
    let reached = Symbol {
        item: Some(ItemShape::Reexport(ReexportShape {
            target,
            hidden: reexport.hidden,
        })),
        ..symbol.clone()
    };
    let was = d.before.clone();
    let mut untold = Delta::new(DeltaKind::ReexportUntold, &d.symbol, Member::Item)
        .now(Shown::Symbol(Box::new(reached)));
    untold.before = was;
    untold
}

/// A symbol whose shape says nothing of what it is: a shape alike is no evidence of a
/// rename.
fn without_identity(s: &Symbol) -> bool {
    use crate::shape::ItemShape;
    matches!(s.item, Some(ItemShape::Feature(_) | ItemShape::Module(_)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{ItemShape, Type, Value, ValueItemShape};

    fn konst(value: &str) -> Symbol {
        Symbol {
            module: Some("m".to_owned()),
            item: Some(ItemShape::Const(ValueItemShape::new(
                Type::named("u8"),
                Value::Expr(value.to_owned()),
            ))),
            ..Symbol::default()
        }
    }

    fn set(entries: &[(&str, Symbol)]) -> BTreeMap<String, Symbol> {
        entries
            .iter()
            .map(|(n, s)| (n.to_string(), s.clone()))
            .collect()
    }

    fn kinds(deltas: &[Delta]) -> Vec<(DeltaKind, &str)> {
        deltas.iter().map(|d| (d.kind, d.symbol.as_str())).collect()
    }

    #[test]
    fn added_and_removed() {
        let d = diff(&set(&[("A", konst("1"))]), &set(&[("B", konst("2"))]));
        let mut got = kinds(&d);
        got.sort();
        assert_eq!(
            got,
            [
                (DeltaKind::SymbolAdded, "B"),
                (DeltaKind::SymbolRemoved, "A"),
            ]
        );
        let removed = d
            .iter()
            .find(|d| d.kind == DeltaKind::SymbolRemoved)
            .unwrap();
        assert!(removed.is_breaking() && removed.after.is_none());
        assert_eq!(removed.before, Some(Shown::Symbol(Box::new(konst("1")))));
    }

    #[test]
    fn same_shape_under_a_new_name_is_one_rename_naming_both() {
        let d = diff(&set(&[("A", konst("1"))]), &set(&[("B", konst("1"))]));
        assert_eq!(kinds(&d), [(DeltaKind::SymbolRenamed, "A")]);
        assert_eq!(d[0].renamed_to.as_deref(), Some("B"));
        assert_eq!(d[0].symbols(), ["A", "B"]);
        assert_eq!(d[0].current_symbol(), "B");
    }

    #[test]
    fn features_and_modules_of_one_shape_are_never_a_rename() {
        use crate::shape::{FeatureShape, ModuleShape};
        let symbol = |item| Symbol {
            module: Some("m".to_owned()),
            item: Some(item),
            ..Symbol::default()
        };
        let module = symbol(ItemShape::Module(ModuleShape { hidden: false }));
        let feature = symbol(ItemShape::Feature(FeatureShape {
            enables: Default::default(),
            default: false,
            hidden: false,
        }));
        for shape in [module, feature] {
            let d = diff(&set(&[("a", shape.clone())]), &set(&[("b", shape)]));
            let mut got = kinds(&d);
            got.sort();
            assert_eq!(
                got,
                [
                    (DeltaKind::SymbolAdded, "b"),
                    (DeltaKind::SymbolRemoved, "a")
                ]
            );
        }
    }

    #[test]
    fn identical_sets_have_no_deltas() {
        let s = set(&[("A", konst("1"))]);
        assert!(diff(&s, &s).is_empty());
    }
}
