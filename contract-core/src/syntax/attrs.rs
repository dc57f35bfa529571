//! Attributes that are part of a shape (`derive`, `repr`, `non_exhaustive`, `serde`).
//! Everything else (`doc`, `allow`, `must_use`, …) is ignored on purpose.

use syn::{Attribute, Expr, Lit};

use super::{tokens, types};
use crate::shape::{ContainerAttrs, SerdeAttrs};

/// Container attributes of a struct or enum.
pub fn container(attrs: &[Attribute]) -> syn::Result<ContainerAttrs> {
    let mut out = ContainerAttrs::default();
    for attr in attrs {
        let path = attr.path();
        if path.is_ident("non_exhaustive") {
            out.non_exhaustive = true;
        } else if path.is_ident("repr") {
            attr.parse_nested_meta(|meta| {
                let mut repr = types::path_string(&meta.path);
                if meta.input.peek(syn::token::Paren) {
                    let content;
                    syn::parenthesized!(content in meta.input);
                    let args: proc_macro2::TokenStream = content.parse()?;
                    repr.push('(');
                    repr.push_str(&tokens::tokens_to_string(&args));
                    repr.push(')');
                }
                out.repr.push(repr);
                Ok(())
            })?;
        } else if path.is_ident("derive") {
            attr.parse_nested_meta(|meta| {
                if let Some(last) = meta.path.segments.last() {
                    out.derives.insert(last.ident.to_string());
                }
                Ok(())
            })?;
        } else if path.is_ident("serde") {
            serde(attr, &mut out.serde)?;
        }
    }
    out.repr.sort();
    out.repr.dedup();
    Ok(out)
}

/// `#[serde(…)]` arguments of a field or variant.
pub fn serde_attrs(attrs: &[Attribute]) -> syn::Result<SerdeAttrs> {
    let mut out = SerdeAttrs::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        serde(attr, &mut out)?;
    }
    Ok(out)
}

/// Flattens one `#[serde(…)]` into `out`: `rename = "x"` → `rename: x`,
/// `rename(serialize = "a")` → `rename.serialize: a`, `default` → `default: ""`,
/// repeated `alias` → one sorted, comma-separated entry.
fn serde(attr: &Attribute, out: &mut SerdeAttrs) -> syn::Result<()> {
    if matches!(attr.meta, syn::Meta::Path(_)) {
        return Ok(());
    }
    attr.parse_nested_meta(|meta| {
        let key = types::path_string(&meta.path);
        if meta.input.peek(syn::Token![=]) {
            let value: Expr = meta.value()?.parse()?;
            insert(out, key, expr_value(&value));
        } else if meta.input.peek(syn::token::Paren) {
            meta.parse_nested_meta(|inner| {
                let sub = format!("{key}.{}", types::path_string(&inner.path));
                if inner.input.peek(syn::Token![=]) {
                    let value: Expr = inner.value()?.parse()?;
                    insert(out, sub, expr_value(&value));
                } else {
                    insert(out, sub, String::new());
                }
                Ok(())
            })?;
        } else {
            insert(out, key, String::new());
        }
        Ok(())
    })
}

fn insert(out: &mut SerdeAttrs, key: String, value: String) {
    match out.get_mut(&key) {
        Some(existing) if key == "alias" || key.starts_with("alias.") => {
            let mut all: Vec<&str> = existing.split(", ").chain([value.as_str()]).collect();
            all.sort_unstable();
            all.dedup();
            *existing = all.join(", ");
        }
        _ => {
            out.insert(key, value);
        }
    }
}

fn expr_value(expr: &Expr) -> String {
    match expr {
        Expr::Lit(lit) => match &lit.lit {
            Lit::Str(s) => s.value(),
            other => tokens::to_string(other),
        },
        other => tokens::to_string(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(src: &str) -> Vec<Attribute> {
        let item: syn::ItemStruct = syn::parse_str(&format!("{src} struct S;")).unwrap();
        item.attrs
    }

    #[test]
    fn container_attributes_are_recorded_and_docs_ignored() {
        let c = container(&attrs(
            "/// docs\n#[derive(Debug, serde::Serialize)] #[repr(C, align(8))] #[non_exhaustive] \
             #[serde(rename_all = \"camelCase\", deny_unknown_fields)] #[allow(dead_code)]",
        ))
        .unwrap();
        assert!(c.non_exhaustive);
        assert_eq!(c.repr, vec!["C", "align(8)"]);
        assert_eq!(
            c.derives.iter().collect::<Vec<_>>(),
            vec!["Debug", "Serialize"]
        );
        assert_eq!(
            c.serde.get("rename_all").map(String::as_str),
            Some("camelCase")
        );
        assert_eq!(
            c.serde.get("deny_unknown_fields").map(String::as_str),
            Some("")
        );
        assert!(c.has_wire());
    }

    #[test]
    fn serde_nested_and_repeated_arguments_flatten() {
        let s = serde_attrs(&attrs(
            "#[serde(alias = \"b\", rename(serialize = \"x\"))] #[serde(alias = \"a\", default = \"d::f\")]",
        ))
        .unwrap();
        assert_eq!(s.get("alias").map(String::as_str), Some("a, b"));
        assert_eq!(s.get("rename.serialize").map(String::as_str), Some("x"));
        assert_eq!(s.get("default").map(String::as_str), Some("d::f"));
    }
}
