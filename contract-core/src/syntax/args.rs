//! The arguments of `#[contract(…)]` / `#[phase5_contract(…)]`, validated: every
//! problem is collected, none stops the others from being reported. Shared by the
//! macro and the CLI's source scan, so both read an attribute alike.

use proc_macro2::{Span, TokenStream};
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::{Expr, ExprLit, Lit, LitStr, Meta, MetaNameValue, Path, Token};

/// Validated arguments of `#[contract(…)]` / `#[phase5_contract(…)]`.
#[derive(Debug)]
pub struct Args {
    /// The set.
    pub set: String,
    /// Overrides the symbol name.
    pub name: Option<String>,
    /// Path of the `contract_pin` crate.
    pub krate: Path,
    /// A golden file relative to the annotated source file.
    pub golden: Option<(String, Span)>,
}

const ACCEPTED_ARGS: &str = "`set = \"…\"`, `name = \"…\"`, `crate = \"…\"` and `golden = \"…\"`";

/// Parses `args`; `fixed_set` is the set implied by the attribute (`phase5_contract`).
/// Problems are pushed to `errors`; the returned arguments fall back to defaults.
pub fn parse(fixed_set: Option<&str>, args: TokenStream, errors: &mut Vec<syn::Error>) -> Args {
    let mut set: Option<LitStr> = None;
    let mut name: Option<LitStr> = None;
    let mut krate: Option<LitStr> = None;
    let mut golden: Option<LitStr> = None;
    let metas = match Punctuated::<Meta, Token![,]>::parse_terminated.parse2(args) {
        Ok(metas) => metas,
        Err(e) => {
            errors.push(syn::Error::new(
                e.span(),
                format!("expected arguments like `set = \"phase5\"`: the accepted arguments are {ACCEPTED_ARGS}"),
            ));
            Punctuated::new()
        }
    };
    for meta in metas {
        let key = meta
            .path()
            .get_ident()
            .map(ToString::to_string)
            .unwrap_or_default();
        let slot = match key.as_str() {
            "set" if fixed_set.is_some() => {
                errors.push(syn::Error::new_spanned(
                    meta.path(),
                    format!(
                        "`set` cannot be given here: this attribute always pins in set `{}`",
                        fixed_set.unwrap_or_default()
                    ),
                ));
                continue;
            }
            "set" => &mut set,
            "name" => &mut name,
            "crate" => &mut krate,
            "golden" => &mut golden,
            _ => {
                errors.push(syn::Error::new_spanned(
                    meta.path(),
                    format!("unknown argument: the accepted arguments are {ACCEPTED_ARGS}"),
                ));
                continue;
            }
        };
        let value = match &meta {
            Meta::NameValue(MetaNameValue {
                value:
                    Expr::Lit(ExprLit {
                        lit: Lit::Str(lit), ..
                    }),
                ..
            }) => lit.clone(),
            _ => {
                errors.push(syn::Error::new_spanned(
                    &meta,
                    format!("`{key}` takes a string literal: `{key} = \"…\"`"),
                ));
                continue;
            }
        };
        if slot.is_some() {
            errors.push(syn::Error::new_spanned(
                meta.path(),
                format!("duplicate argument `{key}`"),
            ));
            continue;
        }
        *slot = Some(value);
    }
    let set_name = match (&set, fixed_set) {
        (Some(lit), _) => {
            let value = lit.value();
            if !crate::golden::valid_set_name(&value) {
                errors.push(syn::Error::new(
                    lit.span(),
                    "a set name is 1-64 characters of a-z, 0-9, `_` and `-`, starting with a letter",
                ));
            }
            value
        }
        (None, Some(fixed)) => fixed.to_owned(),
        (None, None) => "default".to_owned(),
    };
    if let Some(lit) = &name {
        if syn::parse_str::<syn::Ident>(&lit.value()).is_err() {
            errors.push(syn::Error::new(
                lit.span(),
                "`name` must be a Rust identifier",
            ));
        }
    }
    let krate_path = match &krate {
        Some(lit) => lit.parse::<Path>().unwrap_or_else(|e| {
            errors.push(syn::Error::new(
                lit.span(),
                format!("`crate` must be a path: {e}"),
            ));
            syn::parse_quote!(::contract_pin)
        }),
        None => syn::parse_quote!(::contract_pin),
    };
    let golden = golden.map(|lit| {
        let value = lit.value();
        let path = std::path::Path::new(&value);
        let escapes = path.is_absolute()
            || path
                .components()
                .any(|c| !matches!(c, std::path::Component::Normal(_)));
        if value.is_empty() || escapes {
            errors.push(syn::Error::new(
                lit.span(),
                "`golden` is a relative path below the annotated file's directory \
                 (no `..`, no absolute paths)",
            ));
        }
        (value, lit.span())
    });
    Args {
        set: set_name,
        name: name.map(|l| l.value()),
        krate: krate_path,
        golden,
    }
}

/// If `attr` is a contract attribute (`contract`, `phase5_contract`, with or without a
/// `contract_pin::` prefix), the set it implies: `Some(None)` for `contract` (the set
/// comes from its arguments), `Some(Some("phase5"))` for `phase5_contract`.
pub fn contract_attribute(attr: &syn::Attribute) -> Option<Option<&'static str>> {
    let last = attr.path().segments.last()?;
    match last.ident.to_string().as_str() {
        "contract" => Some(None),
        "phase5_contract" => Some(Some("phase5")),
        _ => None,
    }
}

/// The tokens a contract attribute hands the macro: what is between its parentheses,
/// nothing for a bare path. `#[contract = value]` is not valid for an attribute
/// macro: it gives `= value`, which fails argument parsing as it should.
pub fn arguments(meta: &Meta) -> TokenStream {
    match meta {
        Meta::Path(_) => TokenStream::new(),
        Meta::List(list) => list.tokens.clone(),
        Meta::NameValue(nv) => {
            let mut tokens = TokenStream::new();
            quote::ToTokens::to_tokens(&nv.eq_token, &mut tokens);
            quote::ToTokens::to_tokens(&nv.value, &mut tokens);
            tokens
        }
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

/// The arguments of the first contract attribute written on `item` (not inside a
/// `cfg_attr`), parsed as the macro parses them; problems go to `errors`. `None`
/// when the item has no contract attribute.
pub fn of_item(item: &syn::Item, errors: &mut Vec<syn::Error>) -> Option<Args> {
    item_attrs(item).iter().find_map(|attr| {
        let fixed_set = contract_attribute(attr)?;
        Some(parse(fixed_set, arguments(&attr.meta), errors))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    #[test]
    fn every_bad_argument_is_reported_at_once() {
        let mut errors = Vec::new();
        let args = parse(
            None,
            quote!(
                set = "Bad Set",
                nme = "x",
                name = "A",
                name = "B",
                crate = 3,
                golden = "../x.json"
            ),
            &mut errors,
        );
        let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(messages.len(), 5, "{messages:#?}");
        assert!(messages.iter().any(|m| m.starts_with("unknown argument")));
        assert!(messages.iter().any(|m| m == "duplicate argument `name`"));
        assert!(messages
            .iter()
            .any(|m| m.starts_with("`crate` takes a string literal")));
        assert!(messages.iter().any(|m| m.starts_with("a set name is")));
        assert!(messages
            .iter()
            .any(|m| m.starts_with("`golden` is a relative path")));
        assert_eq!(args.name.as_deref(), Some("A"));
    }

    #[test]
    fn defaults_and_fixed_sets() {
        let mut errors = Vec::new();
        assert_eq!(parse(None, quote!(), &mut errors).set, "default");
        assert_eq!(
            parse(Some("phase5"), quote!(name = "X"), &mut errors).set,
            "phase5"
        );
        assert!(errors.is_empty());
        parse(Some("phase5"), quote!(set = "other"), &mut errors);
        assert!(errors[0]
            .to_string()
            .contains("always pins in set `phase5`"));
    }

    #[test]
    fn recognises_contract_attributes() {
        let item: syn::ItemStruct = syn::parse_quote! {
            #[contract_pin::phase5_contract] #[contract(set = "x")] #[derive(Debug)] struct S;
        };
        let found: Vec<_> = item.attrs.iter().map(contract_attribute).collect();
        assert_eq!(found, vec![Some(Some("phase5")), Some(None), None]);
    }
}
