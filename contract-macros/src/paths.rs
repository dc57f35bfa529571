//! Function-like macros over paths: `assert_golden!`, `fingerprint!`,
//! `assert_same_item!`.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::parse::{Parse, ParseStream};
use syn::{Ident, LitStr, Path, Token};

struct AssertGolden {
    set: LitStr,
    lib: Option<Ident>,
    harness: Option<Path>,
}

impl Parse for AssertGolden {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let set: LitStr = input.parse()?;
        let mut lib = None;
        let mut harness = None;
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            let key = input.call(Ident::parse_any_ident)?;
            input.parse::<Token![=]>()?;
            match key.to_string().as_str() {
                "lib" if lib.is_none() => lib = Some(input.parse()?),
                "harness" if harness.is_none() => harness = Some(input.parse()?),
                "lib" | "harness" => return Err(syn::Error::new(key.span(), format!("duplicate argument `{key}`"))),
                // It named contract-pin, which no longer runs the check.
                "crate" => {
                    return Err(syn::Error::new(
                        key.span(),
                        "`crate = …` named contract-pin, which no longer runs the check: name the harness crate with `harness = path` (by default the `contract-harness` dev-dependency)",
                    ))
                }
                _ => {
                    return Err(syn::Error::new(
                        key.span(),
                        "unknown argument: `assert_golden!(\"set\")` accepts `lib = crate_name` and `harness = path`",
                    ))
                }
            }
        }
        if let Err(e) = contract_core::golden::SetName::parse(&set.value()) {
            return Err(syn::Error::new(set.span(), e));
        }
        Ok(AssertGolden { set, lib, harness })
    }
}

trait ParseAnyIdent {
    fn parse_any_ident(input: ParseStream<'_>) -> syn::Result<Ident>;
}

impl ParseAnyIdent for Ident {
    fn parse_any_ident(input: ParseStream<'_>) -> syn::Result<Ident> {
        use syn::ext::IdentExt;
        Ident::parse_any(input)
    }
}

/// The package of the harness, which `assert_golden!` expands into.
const HARNESS: &str = "contract-harness";

/// `assert_golden!("set")`: links the package's library (inventory sees only linked
/// crates) and runs the harness.
pub fn assert_golden(input: TokenStream) -> syn::Result<TokenStream> {
    let args: AssertGolden = syn::parse2(input)?;
    let set = &args.set;
    let harness = match args.harness {
        Some(path) => path,
        None => harness_crate(set.span())?,
    };
    // The library's crate name: given, or the package name with `-` as `_`.
    let lib = match args.lib {
        Some(lib) => Some(lib),
        None => std::env::var("CARGO_PKG_NAME")
            .ok()
            .map(|pkg| format_ident!("{}", pkg.replace('-', "_"))),
    };
    // Inside the library itself (its unit tests) the registrations are linked already.
    let inside_lib = match (&lib, std::env::var("CARGO_CRATE_NAME")) {
        (Some(lib), Ok(current)) => *lib == current,
        _ => true,
    };
    let link = match lib {
        Some(lib) if !inside_lib => quote! {
            #[allow(unused_extern_crates)]
            extern crate #lib as _;
        },
        _ => TokenStream::new(),
    };
    Ok(quote! {
        {
            #link
            #harness::__private::assert_golden(
                #set,
                ::core::env!("CARGO_PKG_NAME"),
                ::core::env!("CARGO_MANIFEST_DIR"),
            )
        }
    })
}

/// The harness crate, by the name the calling package's manifest gives its dependency
/// on `contract-harness` (renamed or not); without one, the error that says what to
/// add. A manifest that cannot be read leaves the default name, and the compiler says
/// the rest.
fn harness_crate(span: Span) -> syn::Result<Path> {
    let default = || syn::parse_quote!(::contract_harness);
    let package = std::env::var("CARGO_PKG_NAME").unwrap_or_default();
    // The harness's own tests and doctests name it as itself.
    let (Some(dir), false) = (std::env::var_os("CARGO_MANIFEST_DIR"), package == HARNESS) else {
        return Ok(default());
    };
    let dir = std::path::Path::new(&dir);
    let read = |path: &std::path::Path| std::fs::read_to_string(path).ok();
    let Some(text) = read(&dir.join("Cargo.toml")) else {
        return Ok(default());
    };
    // `contract-harness.workspace = true` may be renamed in the workspace's table.
    let root = contract_core::policy::file::workspace_root(dir, read);
    let workspace = (root != dir)
        .then(|| read(&root.join("Cargo.toml")))
        .flatten();
    let workspace = workspace.as_deref().or(Some(text.as_str()));
    match contract_core::policy::file::dependency_named(&text, HARNESS, workspace) {
        Ok(Some(name)) => {
            let name = format_ident!("{}", name);
            Ok(syn::parse_quote!(::#name))
        }
        Ok(None) => Err(syn::Error::new(
            span,
            contract_core::message::harness_not_a_dependency(
                HARNESS,
                &package,
                concat!(
                    env!("CARGO_PKG_VERSION_MAJOR"),
                    ".",
                    env!("CARGO_PKG_VERSION_MINOR")
                ),
            ),
        )),
        Err(_) => Ok(default()),
    }
}

/// The namespace-sharing kinds of pinned item whose fingerprint const may need a
/// name of its own.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    /// Anything in the type namespace (or a macro): its const takes the bare name.
    Other,
    /// A fn.
    Fn,
    /// A const.
    Const,
    /// A static.
    Static,
}

/// The name of a pinned item's hidden fingerprint const. A value named like a type
/// beside it takes its own: `fn Group` beside `struct Group` (syn, ndarray's `Ix2`),
/// `const NativeEndian` beside `type NativeEndian` (gimli). Both consts would be in
/// the value namespace, and pinning must not make two items of one name where the
/// crate has none. "Named like a type": a fn whose name starts with a capital; a
/// const or static in `UpperCamelCase` (a capital first and a lowercase letter),
/// since `SCREAMING_CASE` is how consts are named and a type is not.
pub fn fingerprint_const(ident: &Ident, kind: ValueKind) -> Ident {
    let name = ident.to_string();
    let name = name.trim_start_matches("r#");
    let capital_first = name.starts_with(|c: char| c.is_uppercase());
    let prefix = match kind {
        ValueKind::Fn if capital_first => "FN_",
        ValueKind::Const | ValueKind::Static
            if capital_first && name.chars().any(char::is_lowercase) =>
        {
            if kind == ValueKind::Const {
                "CONST_"
            } else {
                "STATIC_"
            }
        }
        _ => "",
    };
    format_ident!(
        "__CONTRACT_PIN_FINGERPRINT_{}{}",
        prefix,
        ident,
        span = ident.span()
    )
}

/// `fingerprint!(path::Item)` → the item's hidden fingerprint const;
/// `fingerprint!(fn path::Item)`, `fingerprint!(const path::Item)` and
/// `fingerprint!(static path::Item)` name a value's where a type shares its name.
pub fn fingerprint(input: TokenStream) -> syn::Result<TokenStream> {
    let (kind, mut path) = syn::parse::Parser::parse2(
        |input: ParseStream<'_>| {
            let kind = if input.parse::<Option<Token![fn]>>()?.is_some() {
                ValueKind::Fn
            } else if input.parse::<Option<Token![const]>>()?.is_some() {
                ValueKind::Const
            } else if input.parse::<Option<Token![static]>>()?.is_some() {
                ValueKind::Static
            } else {
                ValueKind::Other
            };
            Ok((kind, input.parse::<Path>()?))
        },
        input,
    )?;
    let last = path
        .segments
        .last_mut()
        .ok_or_else(|| syn::Error::new(Span::call_site(), "expected a path to a pinned item"))?;
    last.ident = fingerprint_const(&last.ident, kind);
    Ok(quote!(#path))
}

struct TwoPaths(Path, Path);

impl Parse for TwoPaths {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let a = input.parse()?;
        input.parse::<Token![,]>()?;
        let b = input.parse()?;
        input.parse::<Option<Token![,]>>()?;
        Ok(TwoPaths(a, b))
    }
}

/// `assert_same_item!(a::X, b::X)`: each path is re-exported under one name from its
/// own module and both modules are glob-imported into one scope. Rust accepts two
/// glob imports of one name only when they are the same item; otherwise the name is
/// ambiguous (E0659) and the build fails, pointing at both paths.
pub fn assert_same_item(input: TokenStream) -> syn::Result<TokenStream> {
    let TwoPaths(a, b) = syn::parse2(input)?;
    let (a_span, b_span) = (last_span(&a), last_span(&b));
    let a = from_child_module(a);
    let b = from_child_module(b);
    // The name rustc prints when the paths differ: "`…` is ambiguous".
    let item = Ident::new("the_two_paths_name_different_items", Span::call_site());
    let first_glob = quote_spanned!(a_span=> use __contract_pin_first::*;);
    let second_glob = quote_spanned!(b_span=> use __contract_pin_second::*;);
    let check = quote_spanned!(b_span=> use #item as _;);
    // Between items of another crate rustc reports the ambiguity only through the
    // warn-by-default `ambiguous_glob_imports` lint: deny it so a mismatch never
    // compiles.
    Ok(quote! {
        #[deny(ambiguous_glob_imports)]
        const _: () = {
            #[allow(unused_imports)]
            mod __contract_pin_first {
                use super::*;
                pub(super) use #a as #item;
            }
            #[allow(unused_imports)]
            mod __contract_pin_second {
                use super::*;
                pub(super) use #b as #item;
            }
            #[allow(unused_imports)]
            #first_glob
            #[allow(unused_imports)]
            #second_glob
            #[allow(unused_imports)]
            #check
        };
    })
}

fn last_span(path: &Path) -> Span {
    path.segments
        .last()
        .map(|s| s.ident.span())
        .unwrap_or_else(Span::call_site)
}

/// Rewrites a path written in the caller's module so it resolves from a module one
/// level down: `self::x` → `super::x`, `super::x` → `super::super::x`, and a single
/// name `X` → `super::X` (re-exporting the child's own glob import of it would be a
/// private re-export). `crate::…`, `::…` and `a::b` (a module or crate in scope)
/// resolve from the child as they are, through its `use super::*`.
fn from_child_module(mut path: Path) -> Path {
    if path.leading_colon.is_some() {
        return path;
    }
    let super_segment = || syn::PathSegment::from(Ident::new("super", Span::call_site()));
    let single = path.segments.len() == 1;
    if let Some(first) = path.segments.first_mut() {
        if first.ident == "self" {
            first.ident = Ident::new("super", first.ident.span());
        } else if first.ident == "super" || (single && first.ident != "crate") {
            path.segments.insert(0, super_segment());
        }
    }
    path
}
