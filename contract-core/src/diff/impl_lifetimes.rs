//! An inherent impl's lifetimes that a method's signature does not name, read against
//! a golden whose method has none: goldens written before an impl's `'_` lifetimes
//! were named as its parameters (`impl<S> Stream<'_, S>` is `impl<'_0, S> Stream<'_0,
//! S>`, see `syntax::elision::impl_lifetimes_named`) recorded `impl<S> Stream<'_, S>`
//! without them, so a current block with only such lifetimes more (`'_0`, or a named
//! `impl<'a, S> Stream<'a, S>`) is the same block, or one for more types (the golden's
//! may have been `Stream<'static, S>`): no caller breaks, and they are left out of the
//! current side. The other way round (a golden's lifetime, a current block without
//! it: `impl<S> Stream<'static, S>`) the method now exists for fewer types, and is
//! compared.

use crate::shape::{FnShape, GenericParam, Symbol};

/// `after` without the lifetimes of each method's block that its signature does not
/// name, where the golden's method (`before`) has none of them; `None` when there is
/// none.
pub fn named_elided_left_out(before: &Symbol, after: &Symbol) -> Option<Symbol> {
    let mut out: Option<Symbol> = None;
    for (name, m) in &after.methods {
        let Some(old) = before.methods.get(name) else {
            continue;
        };
        let named = unnamed(m);
        if named.is_empty() || lifetimes(old) + named.len() != lifetimes(m) {
            continue;
        }
        let method = out
            .get_or_insert_with(|| after.clone())
            .methods
            .get_mut(name)
            .expect("the method is on both copies");
        method
            .impl_generics
            .params
            .retain(|p| !(p.is_lifetime() && named.iter().any(|n| n == p.name())));
    }
    out
}

/// How many lifetime parameters the method's block has.
fn lifetimes(m: &FnShape) -> usize {
    m.impl_generics
        .params
        .iter()
        .filter(|p| p.is_lifetime())
        .count()
}

/// The block's lifetimes without bounds of their own that nothing else of the method
/// names (its signature, its own generics, the block's other bounds).
fn unnamed(m: &FnShape) -> Vec<String> {
    let candidates: Vec<&str> = m
        .impl_generics
        .params
        .iter()
        .filter_map(|p| match p {
            GenericParam::Lifetime { name, bounds } if bounds.is_empty() => Some(name.as_str()),
            _ => None,
        })
        .collect();
    if candidates.is_empty() {
        return Vec::new();
    }
    let mut rest = m.clone();
    rest.impl_generics
        .params
        .retain(|p| !(p.is_lifetime() && candidates.contains(&p.name())));
    let text = crate::canonical::to_compact_string(&rest);
    candidates
        .into_iter()
        .filter(|l| !crate::ty::names_lifetime(&text, l))
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn method(lifetimes: &[&str], output: Option<&str>) -> Symbol {
        let mut m = FnShape::bare();
        m.impl_generics.params = lifetimes
            .iter()
            .map(|l| GenericParam::Lifetime {
                name: (*l).to_owned(),
                bounds: Vec::new(),
            })
            .chain([GenericParam::Type {
                name: "S".to_owned(),
                bounds: Vec::new(),
                default: None,
            }])
            .collect();
        m.output = output.map(|o| crate::ty::Type::parse(o).unwrap());
        Symbol {
            methods: [("get".to_owned(), m)].into_iter().collect(),
            ..Symbol::default()
        }
    }

    #[test]
    fn a_golden_from_before_the_naming_reads_the_block_without_it() {
        // `impl<S> Stream<'_, S> { pub fn get(&self) }`, recorded then and now.
        let (then, now) = (method(&[], None), method(&["'_0"], None));
        let read = named_elided_left_out(&then, &now).expect("left out");
        assert_eq!(read.methods, then.methods);
        // Named by the signature (`-> &'_0 u8` cannot be written, but a renaming
        // could make it so), or the golden's own: kept.
        assert!(named_elided_left_out(&then, &method(&["'_0"], Some("&'_0 u8"))).is_none());
        assert!(named_elided_left_out(&now, &then).is_none());
        // A golden with a lifetime already (`impl<'a, S> Stream<'a, S>`): renamed, not
        // left out; a named one against a golden without: left out.
        assert!(named_elided_left_out(&method(&["'a"], None), &now).is_none());
        let named = named_elided_left_out(&then, &method(&["'a"], None)).expect("left out");
        assert_eq!(named.methods, then.methods);
    }
}
