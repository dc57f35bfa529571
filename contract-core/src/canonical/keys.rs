//! The one place that knows how serde lays out the canonical text of a fragment and
//! of a symbol, for the code that writes or splits that text without serde (the
//! registration fast path of [`crate::current`], [`crate::shape::Fragment`]'s
//! compact text). The keys are those serde writes, in the order it writes them
//! (sorted); the tests below hold every constant to serde's own output.

/// A [`crate::Fragment::Item`] starts so, the item's text next.
pub const ITEM_FRAGMENT_HEAD: &str = r#"{"fragment":"item","item":"#;

/// A [`crate::Fragment::Methods`] starts so, the methods' text next.
pub const METHODS_FRAGMENT_HEAD: &str = r#"{"fragment":"methods","methods":"#;

/// Within a fragment, after the item: the public path given by the attribute.
pub const FRAGMENT_PATH: &str = r#","path":""#;

/// Within a fragment, last: the names compared as written.
pub const FRAGMENT_UNRESOLVED: &str = r#","unresolved":["#;

/// A [`crate::Symbol`]'s keys that the fast path writes, in serde's order:
/// `implements`, `item`, `methods`, `module` (then `path` and `unresolved`, copied
/// from the fragment).
pub const SYMBOL_IMPLEMENTS: &str = r#""implements":"#;
/// See [`SYMBOL_IMPLEMENTS`].
pub const SYMBOL_ITEM: &str = r#""item":"#;
/// See [`SYMBOL_IMPLEMENTS`].
pub const SYMBOL_METHODS: &str = r#","methods":"#;
/// See [`SYMBOL_IMPLEMENTS`].
pub const SYMBOL_MODULE: &str = r#","module":"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canonical::to_compact_string;
    use crate::probed::ProbedTrait;
    use crate::shape::{FnShape, Fragment, ItemShape, Symbol, ValueItemShape};

    use crate::ty::Type;
    use std::collections::{BTreeMap, BTreeSet};

    fn item() -> ItemShape {
        ItemShape::Const(ValueItemShape::new(
            Type::named("u32"),
            crate::shape::Value::Expr("1".to_owned()),
        ))
    }

    #[test]
    fn the_fragment_layout_is_serdes() {
        let text = to_compact_string(&Fragment::Item {
            item: item(),
            unresolved: BTreeSet::from(["X".to_owned()]),
            path: Some("crate::A".to_owned()),
        });
        assert!(text.starts_with(ITEM_FRAGMENT_HEAD), "{text}");
        let path = text.find(FRAGMENT_PATH).expect(&text);
        let unresolved = text.find(FRAGMENT_UNRESOLVED).expect(&text);
        assert!(path < unresolved, "{text}");
        let methods = to_compact_string(&Fragment::Methods {
            methods: BTreeMap::from([("f".to_owned(), FnShape::bare())]),
            consts: BTreeMap::new(),
            types: BTreeMap::new(),
            unresolved: BTreeSet::new(),
        });
        assert!(methods.starts_with(METHODS_FRAGMENT_HEAD), "{methods}");
    }

    #[test]
    fn the_symbol_layout_is_serdes() {
        let symbol = Symbol {
            module: Some("m".to_owned()),
            item: Some(item()),
            methods: BTreeMap::from([("f".to_owned(), FnShape::bare())]),
            implements: Some(BTreeSet::from([ProbedTrait::parse("Clone").unwrap()])),
            ..Symbol::default()
        };
        let text = to_compact_string(&symbol);
        let at = |key: &str| text.find(key).unwrap_or_else(|| panic!("{key} in {text}"));
        assert!(
            text.starts_with(&format!("{{{SYMBOL_IMPLEMENTS}")),
            "{text}"
        );
        assert!(at(SYMBOL_IMPLEMENTS) < at(SYMBOL_ITEM), "{text}");
        assert!(at(SYMBOL_ITEM) < at(SYMBOL_METHODS), "{text}");
        assert!(at(SYMBOL_METHODS) < at(SYMBOL_MODULE), "{text}");
    }
}
