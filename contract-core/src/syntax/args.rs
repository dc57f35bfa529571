//! The arguments of `#[contract(…)]` / `#[phase5_contract(…)]`, validated: every
//! problem is collected, none stops the others from being reported. Shared by the
//! macro and the CLI's source scan, so both read an attribute alike.

use proc_macro2::{Span, TokenStream};
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::{Expr, ExprLit, Lit, LitStr, Meta, MetaNameValue, Path, Token};

/// Validated arguments of `#[contract(…)]` / `#[phase5_contract(…)]`.
pub struct Args {
    /// The set.
    pub set: String,
    /// Overrides the symbol name.
    pub name: Option<String>,
    /// Path of the `contract_pin` crate.
    pub krate: Path,
    /// A golden file relative to the annotated source file.
    pub golden: Option<(String, Span)>,
    /// The path other crates name the item by (`crate::api::Order`), checked at
    /// compile time to name the item.
    pub path: Option<(syn::Path, Span)>,
}

const ACCEPTED_ARGS: &str =
    "`set = \"…\"`, `name = \"…\"`, `crate = \"…\"`, `golden = \"…\"` and `path = \"…\"`";

/// Parses `pin_macro!`'s input: the macro's name, then the attribute's arguments
/// (`pin_macro!(square, set = "api")`). `None` (with an error pushed) when no name
/// comes first.
pub fn parse_pin_macro(
    input: TokenStream,
    errors: &mut Vec<syn::Error>,
) -> Option<(syn::Ident, Args)> {
    let mut tokens = input.into_iter();
    let name = match tokens.next() {
        Some(proc_macro2::TokenTree::Ident(ident)) => ident,
        other => {
            let span = other.as_ref().map_or_else(Span::call_site, |t| t.span());
            errors.push(syn::Error::new(
                span,
                "expected the name of a `macro_rules!` macro defined in this file: \
                 `pin_macro!(name, set = \"…\")`",
            ));
            return None;
        }
    };
    let rest: TokenStream = match tokens.next() {
        None => TokenStream::new(),
        Some(proc_macro2::TokenTree::Punct(p)) if p.as_char() == ',' => tokens.collect(),
        Some(other) => {
            errors.push(syn::Error::new(
                other.span(),
                "expected `,` and arguments after the macro's name: `pin_macro!(name, set = \"…\")`",
            ));
            return None;
        }
    };
    Some((name, parse(None, rest, errors)))
}

/// Parses `args`; `fixed_set` is the set implied by the attribute (`phase5_contract`).
/// Problems are pushed to `errors`; the returned arguments fall back to defaults.
pub fn parse(fixed_set: Option<&str>, args: TokenStream, errors: &mut Vec<syn::Error>) -> Args {
    let mut set: Option<LitStr> = None;
    let mut name: Option<LitStr> = None;
    let mut krate: Option<LitStr> = None;
    let mut golden: Option<LitStr> = None;
    let mut path: Option<LitStr> = None;
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
            "path" => &mut path,
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
            if let Err(e) = crate::golden::SetName::parse(&value) {
                errors.push(syn::Error::new(lit.span(), e));
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
    // `crate::…`: the path from the crate root, as other crates see it through the
    // crate's name.
    let path = path.and_then(|lit| {
        let parsed = lit.parse::<Path>().ok().filter(|p| {
            p.leading_colon.is_none()
                && p.segments.len() >= 2
                && p.segments.first().is_some_and(|s| s.ident == "crate")
                && p.segments.iter().all(|s| s.arguments.is_none())
        });
        if parsed.is_none() {
            errors.push(syn::Error::new(
                lit.span(),
                "`path` is the item's public path from the crate root: \
                 `path = \"crate::module::Name\"`",
            ));
        }
        parsed.map(|p| (p, lit.span()))
    });
    Args {
        set: set_name,
        name: name.map(|l| l.value()),
        krate: krate_path,
        golden,
        path,
    }
}

/// The imports of a scope, which decide what a bare `#[contract]` names.
pub use super::scope::Scope;

/// The crate whose attributes the scan looks for.
const CRATE: &str = "contract_pin";

/// What an attribute is, as far as the sources tell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// contract-pin's `contract` (`None`) or `phase5_contract` (`Some("phase5")`).
    Contract(Option<&'static str>),
    /// Another attribute (another crate's `contract` included).
    Other,
    /// Named `contract`/`phase5_contract`, but the sources do not say whose: why.
    Unresolved(String),
}

/// Resolves `attr` in `scope` the way the compiler would, as far as the sources of
/// the scope tell: contract-pin's attributes by path (`contract_pin::contract`,
/// `::contract_pin::phase5_contract`, `cp::contract` with `cp` an alias of the crate),
/// by a name imported from it (`use contract_pin::contract as pin;` → `#[pin]`), by a
/// glob of it, or through a re-exporting crate named by the `crate = "…"` argument
/// (`#[facade::contract(crate = "facade")]`). `#[soroban_sdk::contract]`,
/// `#[ink::contract(…)]` or a `contract` imported from another crate are
/// [`Resolution::Other`]; a bare `contract` that only an unknown glob or a local
/// re-export could provide is [`Resolution::Unresolved`].
pub fn resolve(attr: &syn::Attribute, scope: &Scope) -> Resolution {
    resolve_meta(&attr.meta, scope)
}

/// [`resolve`] on an attribute's meta (also what a `cfg_attr` carries).
pub fn resolve_meta(meta: &Meta, scope: &Scope) -> Resolution {
    let path = scope.expand(meta.path());
    let fixed = match path.last().map(String::as_str) {
        Some("contract") => None,
        Some("phase5_contract") => Some("phase5"),
        _ => return Resolution::Other,
    };
    let prefix = &path[..path.len() - 1];
    if prefix.last().is_some_and(|s| s == CRATE) {
        return Resolution::Contract(fixed);
    }
    if let Some(krate) = crate_argument(meta) {
        // A re-exporting crate: its users name it in both places.
        let local = |p: &[String]| -> Vec<String> {
            p.iter()
                .skip_while(|s| matches!(s.as_str(), "self" | "crate"))
                .cloned()
                .collect()
        };
        let krate: Vec<String> = krate
            .split("::")
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
            .collect();
        let arg = local(&krate);
        let at = local(prefix);
        // `#[crate::contract(crate = "crate")]`: the crate's own root re-exports it
        // (contract-pin's own tests are written so).
        let own_root = arg.is_empty() && at.is_empty() && !krate.is_empty() && !prefix.is_empty();
        if own_root
            || (!arg.is_empty() && (arg == at || (arg.last() == at.last() && !at.is_empty())))
        {
            return Resolution::Contract(fixed);
        }
    }
    let name = meta
        .path()
        .segments
        .last()
        .map(|s| s.ident.to_string())
        .unwrap_or_default();
    match prefix.first().map(String::as_str) {
        // A bare name no import binds: a glob or the macro prelude may provide it.
        None => {
            let expanded: Vec<Vec<String>> = scope
                .globs()
                .into_iter()
                .map(|g| g.segments.into_iter().map(|s| s.name).collect())
                .collect();
            if expanded
                .iter()
                .any(|g| g.first().is_some_and(|s| s == CRATE))
                || scope.macro_use
            {
                return Resolution::Contract(fixed);
            }
            match expanded.iter().find(|g| !matches!(g.first().map(String::as_str), Some("std" | "core" | "alloc"))) {
                Some(glob) => Resolution::Unresolved(format!(
                    "`#[{name}]` is not imported from contract_pin here; `use {}::*` may provide it",
                    glob.join("::")
                )),
                None => Resolution::Other,
            }
        }
        Some("crate" | "self" | "super") => Resolution::Unresolved(format!(
            "`#[{name}]` comes from `{}`, a path in this crate that the scan does not follow",
            prefix.join("::")
        )),
        Some(_) => Resolution::Other,
    }
}

/// The `crate = "…"` argument of a contract attribute, if written.
fn crate_argument(meta: &Meta) -> Option<String> {
    let Meta::List(list) = meta else {
        return None;
    };
    let metas = Punctuated::<Meta, Token![,]>::parse_terminated
        .parse2(list.tokens.clone())
        .ok()?;
    metas.into_iter().find_map(|m| match m {
        Meta::NameValue(MetaNameValue {
            path,
            value: Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }),
            ..
        }) if path.is_ident("crate") => Some(s.value()),
        _ => None,
    })
}

/// If `attr` is one of contract-pin's attributes written by path
/// (`contract_pin::contract`, `::contract_pin::phase5_contract`), the set it implies:
/// `Some(None)` for `contract` (the set comes from its arguments),
/// `Some(Some("phase5"))` for `phase5_contract`. Names imported from the crate need
/// the module's [`Scope`]: see [`resolve`].
pub fn contract_attribute(attr: &syn::Attribute) -> Option<Option<&'static str>> {
    match resolve(attr, &Scope::default()) {
        Resolution::Contract(fixed) => Some(fixed),
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

// Where an item's attributes are read: kept at this path for the scan and the tests.
pub use super::attrs::{item_attrs, under_cfg_test};

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
    fn recognises_contract_attributes_by_path() {
        let item: syn::ItemStruct = syn::parse_quote! {
            #[contract_pin::phase5_contract] #[::contract_pin::contract(set = "x")]
            #[contract(set = "x")] #[derive(Debug)] struct S;
        };
        let found: Vec<_> = item.attrs.iter().map(contract_attribute).collect();
        assert_eq!(found, vec![Some(Some("phase5")), Some(None), None, None]);
    }

    fn resolve_in(imports: &str, attr: &str) -> Resolution {
        let file: syn::File = syn::parse_str(imports).unwrap();
        let attrs = syn::Attribute::parse_outer.parse_str(attr).unwrap();
        resolve(&attrs[0], &Scope::of_items(&file.items, false))
    }

    #[test]
    fn resolves_what_the_compiler_would_resolve_to_contract_pin() {
        use Resolution::{Contract, Other};
        let ours = [
            ("", "#[contract_pin::contract]", None),
            ("", "#[::contract_pin::phase5_contract]", Some("phase5")),
            (
                "use contract_pin::contract;",
                "#[contract(set = \"a\")]",
                None,
            ),
            (
                "use contract_pin::{contract, phase5_contract};",
                "#[phase5_contract]",
                Some("phase5"),
            ),
            ("use ::contract_pin::{self as cp};", "#[cp::contract]", None),
            (
                "use contract_pin::contract as pin;",
                "#[pin(set = \"a\")]",
                None,
            ),
            (
                "use contract_pin as cp;",
                "#[cp::phase5_contract]",
                Some("phase5"),
            ),
            ("extern crate contract_pin as cp;", "#[cp::contract]", None),
            ("use contract_pin::*;", "#[contract]", None),
            ("use contract_pin as cp; use cp::*;", "#[contract]", None),
            ("", "#[facade::contract(crate = \"facade\")]", None),
            ("", "#[facade::contract_pin::contract]", None),
            (
                "use facade::contract;",
                "#[contract(crate = \"::facade\")]",
                None,
            ),
            (
                "pub mod pin { pub use contract_pin::*; }",
                "#[pin::contract(crate = \"self::pin\")]",
                None,
            ),
            // The crate's own root: contract-pin's tests, a facade's.
            ("", "#[crate::contract(crate = \"crate\")]", None),
        ];
        for (imports, attr, fixed) in ours {
            assert_eq!(
                resolve_in(imports, attr),
                Contract(fixed),
                "{imports} {attr}"
            );
        }
        let others = [
            ("", "#[soroban_sdk::contract]"),
            ("", "#[ink::contract(env = crate::CustomEnv)]"),
            ("use soroban_sdk::contract;", "#[contract]"),
            ("use soroban_sdk::{contract, contractimpl};", "#[contract]"),
            ("", "#[contract]"),
            ("use contract_pin::contract as pin;", "#[contract]"),
            ("use std::fmt::*;", "#[contract]"),
            ("", "#[derive(Debug)]"),
            ("use contract_pin::contract as pin;", "#[pinned]"),
            ("use ink::contract;", "#[contract(crate = \"crate\")]"),
        ];
        for (imports, attr) in others {
            assert_eq!(resolve_in(imports, attr), Other, "{imports} {attr}");
        }
        let unknown = [
            (
                "use soroban_sdk::*;",
                "#[contract]",
                "`use soroban_sdk::*` may provide it",
            ),
            ("use crate::pins::contract;", "#[contract]", "`crate::pins`"),
            ("", "#[crate::pins::phase5_contract]", "`crate::pins`"),
            ("", "#[crate::contract]", "`crate`"),
        ];
        for (imports, attr, says) in unknown {
            match resolve_in(imports, attr) {
                Resolution::Unresolved(why) => assert!(why.contains(says), "{why}"),
                other => panic!("{imports} {attr}: {other:?}"),
            }
        }
        // `#[macro_use] extern crate contract_pin;` puts the names everywhere.
        let root: syn::File = syn::parse_str("#[macro_use] extern crate contract_pin;").unwrap();
        assert!(Scope::has_macro_use(&root.items));
        let attrs = syn::Attribute::parse_outer
            .parse_str("#[contract]")
            .unwrap();
        assert_eq!(
            resolve(&attrs[0], &Scope::of_items(&[], true)),
            Contract(None)
        );
    }
}
