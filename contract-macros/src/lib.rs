//! The attribute macros of contract-pin. Use them through the `contract-pin` crate,
//! which re-exports them and provides the runtime they expand to.
//!
//! Each macro is a thin entry point: parse and validate the arguments
//! (`contract_core::syntax::args`), extract the item's shape with `contract_core::syntax`, check it against
//! the golden (`check`), and emit the item unchanged plus its registration
//! (`expand`). All input errors are reported together, each at its span.

#![deny(missing_docs)]

extern crate proc_macro;

mod check;
mod expand;
mod names;
mod paths;
mod scope;

use proc_macro::TokenStream;

/// Pins an item in a contract set (`default` unless `set = "…"` is given).
///
/// Arguments: `set = "name"`, `name = "Symbol"` (the symbol's name in the set),
/// `crate = "path"` (where `contract_pin` is), `golden = "file.json"` (a golden
/// relative to this source file, for self-contained fixtures).
#[proc_macro_attribute]
pub fn contract(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::attribute(None, args.into(), item.into()).into()
}

/// Pins an item in the `phase5` contract set: `#[contract(set = "phase5")]`.
#[proc_macro_attribute]
pub fn phase5_contract(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::attribute(Some("phase5"), args.into(), item.into()).into()
}

/// Pins the `macro_rules!` macro of this file named first: `pin_macro!(name, set =
/// "…")`, with the attribute's arguments after the name. The macro is left as written.
#[proc_macro]
pub fn pin_macro(input: TokenStream) -> TokenStream {
    expand::pin_macro(input.into()).into()
}

/// Checks every registration of this package in a set against its golden; see the
/// `contract-pin` crate docs.
#[proc_macro]
pub fn assert_golden(input: TokenStream) -> TokenStream {
    paths::assert_golden(input.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// The const fingerprint of a pinned item: `fingerprint!(path::to::Item)`. A value
/// named like a type beside it has its own: `fingerprint!(fn path::Group)`,
/// `fingerprint!(const path::NativeEndian)`, `fingerprint!(static path::Order)`.
#[proc_macro]
pub fn fingerprint(input: TokenStream) -> TokenStream {
    paths::fingerprint(input.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Compiles only when both paths name the same item (re-export identity).
#[proc_macro]
pub fn assert_same_item(input: TokenStream) -> TokenStream {
    paths::assert_same_item(input.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}
