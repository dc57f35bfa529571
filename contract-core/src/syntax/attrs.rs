//! Attributes that are part of a shape (`derive`, `repr`, `non_exhaustive`, `serde`,
//! `doc(hidden)`, `target_feature`, `no_mangle`/`export_name`, the proc-macro
//! attributes, `macro_export`). Everything else (doc text, `allow`, `must_use`, …) is
//! ignored on purpose.

use std::collections::BTreeSet;

use syn::{Attribute, Expr, Lit, Meta};

use super::tokens;
use crate::serde_attrs::{Entries, Entry};
use crate::shape::{ContainerAttrs, Repr};

/// Container attributes of a struct or enum.
pub fn container(attrs: &[Attribute]) -> syn::Result<ContainerAttrs> {
    let mut out = ContainerAttrs::default();
    let mut serde_entries = Vec::new();
    for attr in attrs {
        let path = attr.path();
        if path.is_ident("non_exhaustive") {
            out.non_exhaustive = true;
        } else if path.is_ident("repr") {
            attr.parse_nested_meta(|meta| {
                let mut repr = tokens::to_string(&meta.path);
                if meta.input.peek(syn::token::Paren) {
                    let content;
                    syn::parenthesized!(content in meta.input);
                    let args: proc_macro2::TokenStream = content.parse()?;
                    repr.push('(');
                    repr.push_str(&tokens::tokens_to_string(&args));
                    repr.push(')');
                }
                // `repr(Rust)` is the default representation, written out.
                if let Some(r) = Repr::parse(&repr).filter(|r| *r != Repr::Rust) {
                    out.repr.push(r);
                }
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
            serde(attr, &mut serde_entries)?;
        }
    }
    // derivative's and educe's derives implement no trait of their own name: the
    // traits are the ones their attribute lists (`#[derivative(Debug, Clone = "…")]`).
    for (vehicle, list) in [("Derivative", "derivative"), ("Educe", "educe")] {
        if out.derives.remove(vehicle) {
            out.derives.extend(derived_through(attrs, list));
        }
    }
    out.repr.sort();
    out.repr.dedup();
    out.serde = crate::shape::ContainerSerde::from_entries(serde_entries);
    Ok(out)
}

/// The traits named at the top of every `#[list(…)]` among `attrs` (`Debug`,
/// `Clone(bound = "")`, `PartialEq = "feature_allow_slow_enum"`): what derivative's
/// and educe's derives implement.
fn derived_through(attrs: &[Attribute], list: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for a in attrs.iter().filter(|a| a.path().is_ident(list)) {
        let _ = a.parse_nested_meta(|meta| {
            if let Some(last) = meta.path.segments.last() {
                out.insert(last.ident.to_string());
            }
            skip_argument(&meta)
        });
    }
    out
}

/// Skips what follows a nested meta's path: a value (`= "…"`) or a list (`(…)`).
fn skip_argument(meta: &syn::meta::ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        let _: Expr = meta.value()?.parse()?;
    } else if meta.input.peek(syn::token::Paren) {
        let _content;
        syn::parenthesized!(_content in meta.input);
        let _: proc_macro2::TokenStream = _content.parse()?;
    }
    Ok(())
}

/// `#[doc(hidden)]` among `attrs` (with other `doc` arguments or alone), on an item
/// that is not `#[deprecated]`: deprecation is how a public item is phased out, so a
/// deprecated item stays public API though hidden (callers who use it break when it
/// goes), as cargo-semver-checks holds too.
pub fn doc_hidden(attrs: &[Attribute]) -> bool {
    !attrs.iter().any(|a| a.path().is_ident("deprecated"))
        && attrs.iter().any(|a| {
            if !a.path().is_ident("doc") || !matches!(a.meta, Meta::List(_)) {
                return false;
            }
            let mut hidden = false;
            let _ = a.parse_nested_meta(|meta| {
                hidden |= meta.path.is_ident("hidden");
                // Skip a value (`alias = "…"`) or a nested list (`cfg(…)`).
                skip_argument(&meta)
            });
            hidden
        })
}

/// The features of every `#[target_feature(enable = "a,b")]` among `attrs`.
pub fn target_features(attrs: &[Attribute]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for a in attrs.iter().filter(|a| a.path().is_ident("target_feature")) {
        let _ = a.parse_nested_meta(|meta| {
            if meta.path.is_ident("enable") {
                let value: Expr = meta.value()?.parse()?;
                for feature in expr_value(&value).split(',') {
                    let feature = feature.trim();
                    if !feature.is_empty() {
                        out.insert(feature.to_owned());
                    }
                }
            }
            Ok(())
        });
    }
    out
}

/// The attribute inside `#[unsafe(…)]` (Rust 2024 spells `#[unsafe(no_mangle)]`), or
/// the attribute itself.
fn unwrapped(attr: &Attribute) -> Option<Meta> {
    if attr.path().is_ident("unsafe") {
        attr.parse_args::<Meta>().ok()
    } else {
        Some(attr.meta.clone())
    }
}

/// The symbol the linker sees: `name` under `#[no_mangle]`, the string of
/// `#[export_name = "…"]`; `None` when the item is mangled.
pub fn export(attrs: &[Attribute], name: &str) -> Option<String> {
    let mut out = None;
    for meta in attrs.iter().filter_map(unwrapped) {
        if meta.path().is_ident("no_mangle") && out.is_none() {
            out = Some(name.to_owned());
        } else if meta.path().is_ident("export_name") {
            if let Meta::NameValue(nv) = &meta {
                out = Some(expr_value(&nv.value));
            }
        }
    }
    out
}

/// `#[macro_export]` among `attrs`.
pub fn macro_export(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| a.path().is_ident("macro_export"))
}

/// A proc macro's attribute, read: its kind, a derive's name and helper attributes.
pub type ProcMacroAttr = (
    crate::shape::ProcMacroKind,
    Option<String>,
    BTreeSet<String>,
);

/// A proc-macro attribute among `attrs`: the kind, the derive's name and its helper
/// attributes.
pub fn proc_macro(attrs: &[Attribute]) -> syn::Result<Option<ProcMacroAttr>> {
    use crate::shape::ProcMacroKind;
    for a in attrs {
        let path = a.path();
        if path.is_ident("proc_macro") {
            return Ok(Some((ProcMacroKind::Bang, None, BTreeSet::new())));
        }
        if path.is_ident("proc_macro_attribute") {
            return Ok(Some((ProcMacroKind::Attribute, None, BTreeSet::new())));
        }
        if path.is_ident("proc_macro_derive") {
            let mut name = None;
            let mut helpers = BTreeSet::new();
            a.parse_nested_meta(|meta| {
                if meta.path.is_ident("attributes") {
                    meta.parse_nested_meta(|helper| {
                        helpers.insert(super::tokens::to_string(&helper.path));
                        Ok(())
                    })
                } else {
                    name = Some(super::tokens::to_string(&meta.path));
                    Ok(())
                }
            })?;
            return Ok(Some((ProcMacroKind::Derive, name, helpers)));
        }
    }
    Ok(None)
}

/// `#[non_exhaustive]` among `attrs`.
pub fn non_exhaustive(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| a.path().is_ident("non_exhaustive"))
}

/// The `#[serde(…)]` attributes among `attrs`, read into `T`.
pub fn serde_attrs<T: Entries>(attrs: &[Attribute]) -> syn::Result<T> {
    let mut entries = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        serde(attr, &mut entries)?;
    }
    Ok(T::from_entries(entries))
}

/// A field's `#[serde(…)]` attributes, with serde_with's `#[serde_as(…)]` read as the
/// serde attributes its `#[serde_as]` container attribute rewrites it into before
/// serde's derive runs (serde_with's documented expansion): `as = "T"` is `with =
/// "::serde_with::As::<T>"` (`_` in `T` standing for `::serde_with::Same`),
/// `serialize_as`/`deserialize_as` the one side's `…_with`, and an `Option` read as an
/// `Option` gets `default` unless `no_default` says otherwise. The field's wire form is
/// then the conversion's, compared by identity; without this a conversion added,
/// removed or changed on an unchanged type would pass unseen.
pub fn field_serde(field: &syn::Field) -> syn::Result<crate::shape::FieldSerde> {
    let mut entries = Vec::new();
    for attr in field.attrs.iter().filter(|a| a.path().is_ident("serde")) {
        serde(attr, &mut entries)?;
    }
    for attr in field.attrs.iter().filter(|a| a.path().is_ident("serde_as")) {
        serde_as(attr, &field.ty, &mut entries);
    }
    Ok(crate::shape::FieldSerde::from_entries(entries))
}

/// The serde entries one `#[serde_as(…)]` on a field of type `ty` stands for.
fn serde_as(attr: &Attribute, ty: &syn::Type, out: &mut Vec<Entry>) {
    let Meta::List(list) = &attr.meta else {
        return;
    };
    // `as` is a keyword, which `parse_nested_meta` does not take as a key: read the
    // `key = "value"` pairs by their tokens.
    let mut args: Vec<(String, Option<String>)> = Vec::new();
    let mut key: Option<String> = None;
    let mut value: Option<String> = None;
    for tree in list.tokens.clone() {
        match tree {
            proc_macro2::TokenTree::Ident(i) if key.is_none() => key = Some(i.to_string()),
            proc_macro2::TokenTree::Literal(l) => {
                value = syn::parse_str::<syn::LitStr>(&l.to_string())
                    .ok()
                    .map(|s| s.value());
            }
            proc_macro2::TokenTree::Punct(p) if p.as_char() == ',' => {
                if let Some(k) = key.take() {
                    args.push((k, value.take()));
                }
            }
            _ => {}
        }
    }
    if let Some(k) = key.take() {
        args.push((k, value.take()));
    }
    let get = |name: &str| {
        args.iter()
            .find(|(k, _)| k == name)
            .and_then(|(_, v)| v.clone())
    };
    let converted = |ty: &str| format!("::serde_with::As::<{}>", same_for_infer(ty));
    let is_option = |text: &str| {
        syn::parse_str::<syn::Type>(text)
            .ok()
            .is_some_and(|t| is_option_type(&t))
    };
    let mut default_for = None;
    if let Some(t) = get("as") {
        out.push(("with".to_owned(), Some(converted(&t))));
        default_for = Some(t);
    }
    if let Some(t) = get("deserialize_as") {
        out.push((
            "deserialize_with".to_owned(),
            Some(format!("{}::deserialize", converted(&t))),
        ));
        default_for = Some(t);
    }
    if let Some(t) = get("serialize_as") {
        out.push((
            "serialize_with".to_owned(),
            Some(format!("{}::serialize", converted(&t))),
        ));
    }
    let no_default = args.iter().any(|(k, _)| k == "no_default");
    let has_default = out.iter().any(|(k, _)| k == "default");
    if let Some(t) = default_for {
        if !no_default && !has_default && is_option(&t) && is_option_type(ty) {
            out.push(("default".to_owned(), None));
        }
    }
}

/// `Option<…>` (by its last segment), as serde_with tells an `Option` field.
fn is_option_type(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Option"))
}

/// `ty`'s tokens with every `_` as `::serde_with::Same`, written without spaces.
fn same_for_infer(ty: &str) -> String {
    fn walk(tokens: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
        tokens
            .into_iter()
            .flat_map(|tree| -> Vec<proc_macro2::TokenTree> {
                match tree {
                    proc_macro2::TokenTree::Ident(i) if i == "_" => {
                        quote::quote!(::serde_with::Same).into_iter().collect()
                    }
                    proc_macro2::TokenTree::Group(g) => {
                        let mut inner = proc_macro2::Group::new(g.delimiter(), walk(g.stream()));
                        inner.set_span(g.span());
                        vec![proc_macro2::TokenTree::Group(inner)]
                    }
                    other => vec![other],
                }
            })
            .collect()
    }
    match ty.parse::<proc_macro2::TokenStream>() {
        Ok(tokens) => crate::serde_attrs::squeeze(&walk(tokens).to_string()),
        Err(_) => crate::serde_attrs::squeeze(ty),
    }
}

/// The entries of one `#[serde(…)]`: `rename = "x"` → `(rename, Some(x))`,
/// `rename(serialize = "a")` → `(rename.serialize, Some(a))`, `default` →
/// `(default, None)`.
fn serde(attr: &Attribute, out: &mut Vec<Entry>) -> syn::Result<()> {
    if matches!(attr.meta, syn::Meta::Path(_)) {
        return Ok(());
    }
    attr.parse_nested_meta(|meta| {
        let key = tokens::to_string(&meta.path);
        if meta.input.peek(syn::Token![=]) {
            let value: Expr = meta.value()?.parse()?;
            out.push((key, Some(expr_value(&value))));
        } else if meta.input.peek(syn::token::Paren) {
            meta.parse_nested_meta(|inner| {
                let sub = format!("{key}.{}", tokens::to_string(&inner.path));
                if inner.input.peek(syn::Token![=]) {
                    let value: Expr = inner.value()?.parse()?;
                    out.push((sub, Some(expr_value(&value))));
                } else {
                    out.push((sub, None));
                }
                Ok(())
            })?;
        } else {
            out.push((key, None));
        }
        Ok(())
    })
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

/// The outer attributes of `item`, for every kind of item that has them.
pub fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    use syn::Item;
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

/// `#[cfg(test)]` on an item: no library build has it.
pub fn under_cfg_test(item: &syn::Item) -> bool {
    item_attrs(item).iter().any(|a| {
        a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(src: &str) -> Vec<Attribute> {
        let item: syn::ItemStruct = syn::parse_str(&format!("{src} struct S;")).unwrap();
        item.attrs
    }

    fn field(src: &str) -> crate::shape::FieldSerde {
        let item: syn::ItemStruct = syn::parse_str(&format!("struct S {{ {src} }}")).unwrap();
        field_serde(item.fields.iter().next().unwrap()).unwrap()
    }

    #[test]
    fn serde_as_is_read_as_the_with_it_expands_to() {
        let s = field("#[serde_as(as = \"DisplayFromStr\")] n: u64");
        assert_eq!(
            s.serialize_with.as_deref(),
            Some("::serde_with::As::<DisplayFromStr>::serialize")
        );
        assert_eq!(
            s.deserialize_with.as_deref(),
            Some("::serde_with::As::<DisplayFromStr>::deserialize")
        );
        // What serde's derive sees once `#[serde_as]` rewrote the field, token-printed.
        let rewritten =
            field("#[serde(with = \":: serde_with :: As :: < DisplayFromStr >\")] n: u64");
        assert_eq!(s, rewritten);
        // `_` is `Same`; an `Option` read as an `Option` is defaulted.
        let s = field("#[serde_as(as = \"Option<Vec<_>>\")] v: Option<Vec<u8>>");
        assert_eq!(
            s.serialize_with.as_deref(),
            Some("::serde_with::As::<Option<Vec<::serde_with::Same>>>::serialize")
        );
        assert_eq!(s.default, crate::serde_attrs::SerdeDefault::Default);
        let s = field("#[serde_as(as = \"Option<_>\", no_default)] v: Option<u8>");
        assert_eq!(s.default, crate::serde_attrs::SerdeDefault::None);
        // One side only.
        let s = field("#[serde_as(deserialize_as = \"DefaultOnError\")] v: u8");
        assert_eq!(s.serialize_with, None);
        assert_eq!(
            s.deserialize_with.as_deref(),
            Some("::serde_with::As::<DefaultOnError>::deserialize")
        );
        // The near miss: no `serde_as`, nothing recorded.
        assert_eq!(field("n: u64"), crate::shape::FieldSerde::default());
    }

    #[test]
    fn container_attributes_are_recorded_and_docs_ignored() {
        let c = container(&attrs(
            "/// docs\n#[derive(Debug, serde::Serialize)] #[repr(C, align(8))] #[non_exhaustive] \
             #[serde(rename_all = \"camelCase\", deny_unknown_fields)] #[allow(dead_code)]",
        ))
        .unwrap();
        assert!(c.non_exhaustive);
        assert_eq!(
            c.repr.iter().map(ToString::to_string).collect::<Vec<_>>(),
            vec!["C", "align(8)"]
        );
        assert_eq!(
            c.derives.iter().collect::<Vec<_>>(),
            vec!["Debug", "Serialize"]
        );
        assert_eq!(
            c.serde.rename_all.ser,
            Some(crate::serde_attrs::RenameRule::Camel)
        );
        assert!(c.serde.deny_unknown_fields);
        assert!(c.has_wire());
    }

    #[test]
    fn serde_nested_and_repeated_arguments_flatten() {
        let s: crate::shape::FieldSerde = serde_attrs(&attrs(
            "#[serde(alias = \"b\", rename(serialize = \"x\"))] #[serde(alias = \"a\", default = \"d::f\")]",
        ))
        .unwrap();
        assert_eq!(s.aliases.iter().collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(s.rename.ser.as_deref(), Some("x"));
        assert_eq!(s.rename.de, None);
        assert_eq!(
            s.default,
            crate::serde_attrs::SerdeDefault::Path("d::f".to_owned())
        );
    }
}
