//! Symbols added to, removed from, or renamed within a set.

use std::collections::BTreeMap;

use crate::delta::{Delta, DeltaKind};
use crate::render;
use crate::shape::Symbol;

/// Added, removed and renamed symbols. A removal and an addition of the same shape
/// (module included) are one rename.
pub fn diff(before: &BTreeMap<String, Symbol>, after: &BTreeMap<String, Symbol>) -> Vec<Delta> {
    let mut removed: Vec<(&String, &Symbol)> = before
        .iter()
        .filter(|(name, _)| !after.contains_key(*name))
        .collect();
    let mut added: Vec<(&String, &Symbol)> = after
        .iter()
        .filter(|(name, _)| !before.contains_key(*name))
        .collect();
    let mut out = Vec::new();
    removed.retain(|(old, old_shape)| {
        let Some(i) = added
            .iter()
            .position(|(_, new_shape)| new_shape == old_shape)
        else {
            return true;
        };
        let (new, new_shape) = added.remove(i);
        // Every path that names the old symbol breaks.
        out.push(
            Delta::new(
                DeltaKind::SymbolRenamed,
                old,
                format!("{} `{old}` renamed to `{new}`", old_shape.kind_name()),
            )
            .change(
                render::symbol(old, old_shape),
                render::symbol(new, new_shape),
            ),
        );
        false
    });
    for (name, shape) in removed {
        out.push(
            Delta::new(
                DeltaKind::SymbolRemoved,
                name,
                format!("{} `{name}`", shape.kind_name()),
            )
            .change(render::symbol(name, shape), ""),
        );
    }
    for (name, shape) in added {
        out.push(
            Delta::new(
                DeltaKind::SymbolAdded,
                name,
                format!("{} `{name}`", shape.kind_name()),
            )
            .change("", render::symbol(name, shape)),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{ItemShape, Value, ValueItemShape};

    fn konst(value: &str) -> Symbol {
        Symbol {
            module: Some("m".to_owned()),
            item: Some(ItemShape::Const(ValueItemShape {
                mutable: false,
                ty: "u8".to_owned(),
                value: Value::Expr(value.to_owned()),
            })),
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
        assert_eq!(
            kinds(&d),
            [
                (DeltaKind::SymbolRemoved, "A"),
                (DeltaKind::SymbolAdded, "B")
            ]
        );
        assert!(d[0].is_breaking() && !d[1].is_breaking());
        assert_eq!(d[0].before, "const A: u8 = 1");
    }

    #[test]
    fn same_shape_under_a_new_name_is_one_rename() {
        let d = diff(&set(&[("A", konst("1"))]), &set(&[("B", konst("1"))]));
        assert_eq!(kinds(&d), [(DeltaKind::SymbolRenamed, "A")]);
        assert_eq!(
            (d[0].before.as_str(), d[0].after.as_str()),
            ("const A: u8 = 1", "const B: u8 = 1")
        );
    }

    #[test]
    fn identical_sets_have_no_deltas() {
        let s = set(&[("A", konst("1"))]);
        assert!(diff(&s, &s).is_empty());
    }
}
