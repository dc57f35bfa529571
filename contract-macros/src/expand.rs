//! Expansion: the item unchanged, then its fingerprint and registration.

use contract_core::canonical;
use contract_core::syntax::{self, Extracted};
use contract_core::Fragment;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::{check, scope};
use contract_core::syntax::args;

/// `#[contract(…)]` / `#[phase5_contract(…)]`.
pub fn attribute(fixed_set: Option<&str>, args: TokenStream, item: TokenStream) -> TokenStream {
    let mut errors = Vec::new();
    let args = args::parse(fixed_set, args, &mut errors);
    let extracted = match syn::parse2::<syn::Item>(item.clone()) {
        Ok(parsed) => match syntax::extract_in(&parsed, &scope::of_item(&parsed)) {
            Ok(extracted) => Some((parsed, extracted)),
            Err(e) => {
                errors.push(e);
                None
            }
        },
        Err(e) => {
            errors.push(e);
            None
        }
    };
    if let Some(escape) = check::golden_escape(&args) {
        errors.push(escape);
    }
    let mut generated = TokenStream::new();
    if let Some((parsed, extracted)) = &extracted {
        if errors.is_empty() {
            // Written once: registered, fingerprinted and held to the golden entry.
            let (fragment, item) = extracted.fragment.compact_text();
            let item_text = item.map(|range| &fragment[range]);
            generated.extend(check::check(&args, extracted, item_text, &mut errors));
            generated.extend(registration(&args, parsed, extracted, &fragment));
        }
    }
    let errors = errors.into_iter().map(syn::Error::into_compile_error);
    // The item is re-emitted untouched even on error, so one bad attribute does not
    // cascade into "cannot find type" errors everywhere it is used.
    quote! {
        #item
        #(#errors)*
        #generated
    }
}

/// The fingerprint const and the registration of `extracted`, whose compact
/// canonical text is `fragment`.
fn registration(
    args: &args::Args,
    item: &syn::Item,
    extracted: &Extracted,
    fragment: &str,
) -> TokenStream {
    let krate = &args.krate;
    let set = &args.set;
    let name = args.name.clone().unwrap_or_else(|| extracted.name.clone());
    let fingerprint = canonical::fingerprint_of_compact(fragment);
    let golden = match check::explicit_golden(args) {
        Some(path) => {
            let path = path.to_string_lossy().into_owned();
            quote!(::core::option::Option::Some(#path))
        }
        None => quote!(::core::option::Option::None),
    };
    let fingerprint_const = match (&extracted.fragment, item_ident_and_vis(item)) {
        (Fragment::Item { .. }, Some((ident, vis))) => {
            let const_name = format_ident!("__CONTRACT_PIN_FINGERPRINT_{}", ident);
            let doc = format!(
                "contract-pin fingerprint of `{ident}` (use `contract_pin::fingerprint!`)."
            );
            quote! {
                #[doc = #doc]
                #[doc(hidden)]
                #[allow(non_upper_case_globals, dead_code)]
                #vis const #const_name: &str = #fingerprint;
            }
        }
        _ => TokenStream::new(),
    };
    quote! {
        #fingerprint_const
        #[doc(hidden)]
        const _: () = {
            #krate::__private::inventory::submit! {
                #krate::__private::Registration {
                    set: #set,
                    package: ::core::env!("CARGO_PKG_NAME"),
                    name: #name,
                    module: ::core::module_path!(),
                    fragment: #fragment,
                    golden: #golden,
                }
            }
        };
    }
}

fn item_ident_and_vis(item: &syn::Item) -> Option<(&syn::Ident, &syn::Visibility)> {
    match item {
        syn::Item::Struct(i) => Some((&i.ident, &i.vis)),
        syn::Item::Enum(i) => Some((&i.ident, &i.vis)),
        syn::Item::Trait(i) => Some((&i.ident, &i.vis)),
        syn::Item::Fn(i) => Some((&i.sig.ident, &i.vis)),
        syn::Item::Type(i) => Some((&i.ident, &i.vis)),
        syn::Item::Const(i) => Some((&i.ident, &i.vis)),
        syn::Item::Static(i) => Some((&i.ident, &i.vis)),
        _ => None,
    }
}
