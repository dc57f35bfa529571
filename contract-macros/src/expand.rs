//! Expansion: the item unchanged, then its fingerprint, its type probe and its
//! registration.

use contract_core::canonical;
use contract_core::probe::ProbedTrait;
use contract_core::shape::ItemShape;
use contract_core::syntax::order::Found;
use contract_core::syntax::{self, Extracted};
use contract_core::Fragment;
use proc_macro2::{Span, TokenStream};
use quote::quote;

use crate::paths::ValueKind;
use crate::{check, paths, scope};
use contract_core::syntax::args;

/// `#[contract(…)]` / `#[phase5_contract(…)]`.
pub fn attribute(fixed_set: Option<&str>, args: TokenStream, item: TokenStream) -> TokenStream {
    let mut errors = Vec::new();
    let args = args::parse(fixed_set, args, &mut errors);
    let mut order = Found::Unknown;
    let mut place = None;
    let extracted = match syn::parse2::<syn::Item>(item.clone()) {
        Ok(parsed) => match extract_gated(&parsed, &{
            let around = scope::around(&parsed);
            order = around.order;
            place = around.place;
            around.scope
        }) {
            Ok(mut extracted) => {
                // The public path is part of the item's fragment.
                let path = args
                    .path
                    .as_ref()
                    .map(|(p, _)| syntax::tokens::to_string(p));
                for (e, _) in &mut extracted {
                    if let Fragment::Item { path: p, .. } = &mut e.fragment {
                        p.clone_from(&path);
                    }
                }
                Some((parsed, extracted))
            }
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
    if let Some((parsed, all)) = &extracted {
        let single =
            matches!(all.as_slice(), [(one, _)] if matches!(one.fragment, Fragment::Item { .. }));
        if let (Some((_, span)), false) = (&args.path, single) {
            errors.push(syn::Error::new(
                *span,
                "`path` names one item: it cannot be given on an `impl` block or an `extern` block",
            ));
        }
        if let Found::Below {
            contract,
            hider,
            derive: true,
            line,
        } = &order
        {
            // What the macro was handed is not what the sources say: refuse, unless
            // the compile-time check is off (the harness then says it, naming the line).
            if check::compile_check_on(&args) {
                errors.push(syn::Error::new(
                    Span::call_site(),
                    syntax::order::below(contract, hider, true, *line),
                ));
            }
        }
        if errors.is_empty() {
            for (extracted, cfgs) in all {
                // Written once: registered, fingerprinted and held to the golden entry.
                let (fragment, item) = extracted.fragment.compact_text();
                let item_text = item.map(|range| &fragment[range]);
                let generics = match parsed {
                    syn::Item::Struct(s) => Some(&s.generics),
                    syn::Item::Enum(e) => Some(&e.generics),
                    syn::Item::Union(u) => Some(&u.generics),
                    _ => None,
                };
                let mut found = Vec::new();
                let checked = check::check(
                    &args,
                    extracted,
                    item_text,
                    place.as_ref(),
                    generics,
                    &mut found,
                );
                generated.extend(checked.tracking);
                if cfgs.is_empty() {
                    errors.extend(found);
                } else if !found.is_empty() {
                    // A member under `#[cfg]` is held to the golden in the builds that
                    // have it (slab's `#[cfg(slab_no_const_vec_new)] pub fn new` beside
                    // `#[cfg(not(slab_no_const_vec_new))] pub const fn new`): rustc
                    // drops the error with the member where the cfg does not hold.
                    let found = found.into_iter().map(syn::Error::into_compile_error);
                    generated.extend(quote!(#(#cfgs)* const _: () = { #(#found)* };));
                }
                // One type spelled otherwise than in the golden is registered in the
                // golden's spelling: the harness then sees what this check saw.
                let fragment = match checked.respelled {
                    Some(respelled) => respelled.compact_text().0,
                    None => fragment,
                };
                let registered = Registered {
                    fragment: &fragment,
                    module: checked.module.as_deref(),
                    auto_traits: generic_auto_traits(parsed, extracted, place.as_ref()),
                };
                let registration = registration(&args, parsed, extracted, registered, &order);
                if cfgs.is_empty() {
                    generated.extend(registration);
                } else {
                    // A member under `#[cfg]` registers in the builds that have it.
                    generated.extend(quote!(#(#cfgs)* const _: () = { #registration };));
                }
            }
            generated.extend(path_check(&args, parsed));
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

/// What `item` registers, each with the `#[cfg]` attributes it registers under. An
/// attribute macro receives an `impl` block's members with their `#[cfg]`s not yet
/// evaluated (rustc evaluates them after the macro), so a member under `#[cfg]` is
/// registered apart, under its own `#[cfg]`s: the registrations are those of the
/// build, as the CLI reads them (it evaluates the same `cfg`s).
fn extract_gated(
    item: &syn::Item,
    scope: &syntax::Scope,
) -> syn::Result<Vec<(Extracted, Vec<syn::Attribute>)>> {
    let syn::Item::Impl(block) = item else {
        return Ok(syntax::extract_all(item, scope)?
            .into_iter()
            .map(|e| (e, Vec::new()))
            .collect());
    };
    let cfgs = |member: &syn::ImplItem| -> Vec<syn::Attribute> {
        let attrs = match member {
            syn::ImplItem::Fn(f) => &f.attrs,
            syn::ImplItem::Const(c) => &c.attrs,
            syn::ImplItem::Type(t) => &t.attrs,
            _ => return Vec::new(),
        };
        attrs
            .iter()
            .filter(|a| a.path().is_ident("cfg"))
            .cloned()
            .collect()
    };
    if block.trait_.is_some() || block.items.iter().all(|m| cfgs(m).is_empty()) {
        return Ok(syntax::extract_all(item, scope)?
            .into_iter()
            .map(|e| (e, Vec::new()))
            .collect());
    }
    let mut base = block.clone();
    base.items.retain(|m| cfgs(m).is_empty());
    let mut out: Vec<(Extracted, Vec<syn::Attribute>)> =
        syntax::extract_all(&syn::Item::Impl(base), scope)?
            .into_iter()
            .map(|e| (e, Vec::new()))
            .collect();
    for member in &block.items {
        let gates = cfgs(member);
        if gates.is_empty() {
            continue;
        }
        let mut one = block.clone();
        one.items = vec![member.clone()];
        for e in syntax::extract_all(&syn::Item::Impl(one), scope)? {
            out.push((e, gates.clone()));
        }
    }
    Ok(out)
}

/// `pin_macro!(name, set = "…")`: registers the `macro_rules! name` of this file,
/// found in the file's text, and emits nothing else: the macro stays as written, so
/// `crate::name!` and `$crate::name!` keep resolving (an attribute would re-emit it,
/// macro-expanded).
pub fn pin_macro(input: TokenStream) -> TokenStream {
    let mut errors = Vec::new();
    let mut generated = TokenStream::new();
    if let Some((name, args)) = args::parse_pin_macro(input, &mut errors) {
        let found = scope::with_call_site_text(|text| match syntax::parse_file(text) {
            Ok(file) => syntax::pinned_macro(&file.items, &name.to_string())
                .map(|(definition, e)| (syn::Item::Macro(definition.clone()), e)),
            Err(e) => Err(contract_core::message::file_unparsable(&e)),
        })
        .unwrap_or_else(|| {
            Err(
                "cannot read the file this `pin_macro!` is in: call it in a source file, not \
                 from another macro"
                    .to_owned(),
            )
        });
        match found {
            Err(message) => errors.push(syn::Error::new(name.span(), message)),
            Ok((item, mut extracted)) => {
                // Diagnostics point at the call: the definition's tokens were read from
                // text and carry no place.
                extracted.spans = extracted.spans.map(|_| name.span());
                if let Some(escape) = check::golden_escape(&args) {
                    errors.push(escape);
                }
                if errors.is_empty() {
                    let (fragment, item_range) = extracted.fragment.compact_text();
                    let item_text = item_range.map(|range| &fragment[range]);
                    let checked =
                        check::check(&args, &extracted, item_text, None, None, &mut errors);
                    generated.extend(checked.tracking);
                    let registered = Registered {
                        fragment: &fragment,
                        module: None,
                        auto_traits: String::new(),
                    };
                    generated.extend(registration(
                        &args,
                        &item,
                        &extracted,
                        registered,
                        &Found::Unknown,
                    ));
                }
            }
        }
    }
    let errors = errors.into_iter().map(syn::Error::into_compile_error);
    quote! {
        #(#errors)*
        #generated
    }
}

/// `path = "crate::api::Order"`: compiles only when that path names this item (the
/// re-export identity check of `assert_same_item!`).
fn path_check(args: &args::Args, item: &syn::Item) -> TokenStream {
    let (Some((path, span)), Some((ident, _))) = (&args.path, item_ident_and_vis(item)) else {
        return TokenStream::new();
    };
    let mut path = path.clone();
    for segment in &mut path.segments {
        segment.ident.set_span(*span);
    }
    paths::assert_same_item(quote!(#path, #ident)).unwrap_or_else(syn::Error::into_compile_error)
}

/// What one item registers: its fragment's compact canonical text, and the module
/// to register instead of `module_path!()` (see [`check::Checked::module`]).
struct Registered<'a> {
    fragment: &'a str,
    module: Option<&'a str>,
    /// A generic type's inferred auto traits, as compact JSON (`""`: none told).
    auto_traits: String,
}

/// The fingerprint const and the registration of `extracted`.
fn registration(
    args: &args::Args,
    item: &syn::Item,
    extracted: &Extracted,
    registered: Registered<'_>,
    order: &Found,
) -> TokenStream {
    let fragment = registered.fragment;
    let module = match registered.module {
        Some(module) => quote!(#module),
        None => quote!(::core::module_path!()),
    };
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
        (Fragment::Item { item: shape, .. }, Some((ident, vis))) => {
            let kind = match shape {
                ItemShape::Fn(_) => ValueKind::Fn,
                ItemShape::Const(_) => ValueKind::Const,
                ItemShape::Static(_) => ValueKind::Static,
                _ => ValueKind::Other,
            };
            let const_name = crate::paths::fingerprint_const(ident, kind);
            let doc = contract_core::message::fingerprint_doc(&ident.to_string());
            // A proc-macro crate exports nothing but its macros.
            let vis = match shape {
                ItemShape::ProcMacro(_) => quote!(),
                _ => quote!(#vis),
            };
            quote! {
                #[doc = #doc]
                #[doc(hidden)]
                #[allow(non_upper_case_globals, dead_code)]
                #vis const #const_name: &str = #fingerprint;
            }
        }
        _ => TokenStream::new(),
    };
    if !emits_code() {
        // Nothing links this compilation: no test binary will read a registration.
        // What the registration's probe does for lints is kept: it names the type, so
        // a type only the contract uses is not dead code here either. A `pub` type
        // is left out: a library exports it, and each such const costs the compiler
        // about 0.3 M instructions (measured: 145 M for 500 types).
        let public = matches!(
            item_ident_and_vis(item),
            Some((_, syn::Visibility::Public(_)))
        );
        let named = probed_type(item, extracted)
            .filter(|_| !public)
            .map(|(ty, _)| {
                quote! {
                    const _: ::core::marker::PhantomData<#ty> = ::core::marker::PhantomData;
                }
            });
        return quote!(#fingerprint_const #named);
    }
    let probe = match probed_type(item, extracted) {
        Some((ident, derived)) => probe(krate, ident, &derived),
        None => quote!(::core::option::Option::None),
    };
    let auto_traits = &registered.auto_traits;
    let line = syntax::scope::item_position(item).0 as u32;
    // The macro runs inside the compilation of the package: its name, as cargo set it.
    let package = match std::env::var("CARGO_PKG_NAME") {
        Ok(name) => quote!(#name),
        Err(_) => quote!(::core::env!("CARGO_PKG_NAME")),
    };
    let (checked, derive_above) = match order {
        Found::Unknown => (false, quote!(::core::option::Option::None)),
        Found::Clean => (true, quote!(::core::option::Option::None)),
        Found::Below {
            hider,
            line,
            derive: true,
            ..
        } => {
            let text = hider;
            let line = line.unwrap_or(0) as u32;
            (true, quote!(::core::option::Option::Some((#line, #text))))
        }
        Found::Below { .. } => (true, quote!(::core::option::Option::None)),
    };
    // `submit!` puts its statics in a `const _` block of its own.
    quote! {
        #fingerprint_const
        #krate::__private::inventory::submit! {
            #krate::__private::Registration {
                set: #set,
                package: #package,
                name: #name,
                module: #module,
                fragment: #fragment,
                golden: #golden,
                probe: #probe,
                auto_traits: #auto_traits,
                source: #krate::__private::Source {
                    file: ::core::file!(),
                    line: #line,
                    checked: #checked,
                    derive_above: #derive_above,
                },
            }
        }
    }
}

/// The auto traits of a generic struct, enum or union, inferred from the crate's
/// sources as the command infers them (its dependencies' are not read here: what
/// rests on them is not told), as compact JSON (`{}` when none could be told); `""`
/// for any other item, or where this compilation emits no code. A non-generic type's
/// are the compiler's to answer (the type probe).
fn generic_auto_traits(
    item: &syn::Item,
    extracted: &Extracted,
    place: Option<&scope::Place>,
) -> String {
    let generics = match item {
        syn::Item::Struct(s) => &s.generics,
        syn::Item::Enum(e) => &e.generics,
        syn::Item::Union(u) => &u.generics,
        _ => return String::new(),
    };
    if generics.type_params().next().is_none()
        || !matches!(extracted.fragment, Fragment::Item { .. })
        || !emits_code()
    {
        return String::new();
    }
    let Some((read, module)) = place.and_then(|p| crate::names::of_item(&p.file, &p.inline)) else {
        return String::new();
    };
    let name = extracted.name.as_str();
    // `{}` when nothing could be told: inferred all the same, every trait untold.
    let traits =
        contract_core::auto::infer(&read.table, &contract_core::names::NoExterns, &module, name);
    canonical::to_compact_string(&traits)
}

/// Whether this compilation produces code (rustc's `--emit` asks for `link` or
/// `obj`). A registration is only ever read by a linked test binary, so a
/// compilation that emits metadata alone — `cargo check`, clippy, rust-analyzer,
/// rustdoc — is spared building it; the fingerprint const and the compile-time
/// check are emitted either way. Read once per compiler process from the
/// compiler's own arguments (the macro runs inside it); anything unclear (no
/// `--emit` at all, which means `link`, or arguments in an `@file`) counts as
/// producing code.
fn emits_code() -> bool {
    static EMITS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *EMITS.get_or_init(|| emits_code_for(std::env::args()))
}

fn emits_code_for(args: impl IntoIterator<Item = String>) -> bool {
    let mut kinds = Vec::new();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        if arg.starts_with('@') {
            return true;
        }
        if arg == "--emit" {
            kinds.extend(args.next());
        } else if let Some(value) = arg.strip_prefix("--emit=") {
            kinds.push(value.to_owned());
        }
    }
    // `--emit=dep-info,metadata`, `--emit link=path/out`: a kind may name a path.
    let mut kinds = kinds
        .iter()
        .flat_map(|k| k.split(','))
        .map(|k| k.split('=').next().unwrap_or_default());
    let mut any = false;
    let code = kinds.any(|k| {
        any = true;
        !matches!(k, "metadata" | "dep-info" | "mir")
    });
    code || !any
}

/// The probe value of `ty` (see `contract_pin::__private::probe`): each trait its
/// derives do not already answer is asked of the compiler; the derived ones are set
/// directly (what the compiler would say, at no cost).
fn probe(krate: &syn::Path, ty: &syn::Ident, derived: &[ProbedTrait]) -> TokenStream {
    let known = derived.iter().fold(0u32, |bits, t| bits | t.bit());
    // In bit order: `bits` reads the answers in the order of `asked`'s bits.
    let mut asked: Vec<ProbedTrait> = ProbedTrait::ALL
        .iter()
        .copied()
        .filter(|t| !derived.contains(t))
        .collect();
    asked.sort_by_key(|t| t.index());
    let mask = asked.iter().fold(0u32, |bits, t| bits | t.bit());
    let answers = asked
        .iter()
        .map(|t| syn::Ident::new(t.answer(), proc_macro2::Span::call_site()));
    let (known, mask) = (
        proc_macro2::Literal::u32_unsuffixed(known),
        proc_macro2::Literal::u32_unsuffixed(mask),
    );
    quote!(::core::option::Option::Some(#krate::__private::probe!(#ty, #known, #mask; #(#answers)*)))
}

fn item_ident_and_vis(item: &syn::Item) -> Option<(&syn::Ident, &syn::Visibility)> {
    match item {
        syn::Item::Struct(i) => Some((&i.ident, &i.vis)),
        syn::Item::Enum(i) => Some((&i.ident, &i.vis)),
        syn::Item::Union(i) => Some((&i.ident, &i.vis)),
        syn::Item::Trait(i) => Some((&i.ident, &i.vis)),
        syn::Item::Fn(i) => Some((&i.sig.ident, &i.vis)),
        syn::Item::Type(i) => Some((&i.ident, &i.vis)),
        syn::Item::Const(i) => Some((&i.ident, &i.vis)),
        syn::Item::Static(i) => Some((&i.ident, &i.vis)),
        _ => None,
    }
}

/// The type the probe asks about, and the probed traits its derives implement: a
/// pinned struct, enum or union without generics (a generic type's answers depend on
/// its arguments).
fn probed_type<'a>(
    item: &'a syn::Item,
    extracted: &Extracted,
) -> Option<(&'a syn::Ident, Vec<ProbedTrait>)> {
    let Fragment::Item { item: shape, .. } = &extracted.fragment else {
        return None;
    };
    let generic = shape.generics().is_some_and(|g| !g.params.is_empty());
    if generic {
        return None;
    }
    let derived = shape
        .container()
        .map(|c| {
            c.derives
                .iter()
                .filter_map(|d| ProbedTrait::parse(d))
                .collect()
        })
        .unwrap_or_default();
    match (item, shape) {
        (syn::Item::Struct(s), ItemShape::Struct(_)) => Some((&s.ident, derived)),
        (syn::Item::Enum(e), ItemShape::Enum(_)) => Some((&e.ident, derived)),
        (syn::Item::Union(u), ItemShape::Union(_)) => Some((&u.ident, derived)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::emits_code_for;

    fn args(line: &str) -> Vec<String> {
        line.split(' ').map(str::to_owned).collect()
    }

    #[test]
    fn only_a_metadata_only_compilation_is_spared_the_registration() {
        // What cargo passes for `check`/clippy, `build`, and a test binary.
        assert!(!emits_code_for(args(
            "rustc --crate-name a --edition=2021 src/lib.rs --emit=dep-info,metadata -C x"
        )));
        assert!(emits_code_for(args(
            "rustc --crate-name a src/lib.rs --emit=dep-info,metadata,link -C x"
        )));
        assert!(emits_code_for(args(
            "rustc --crate-name a src/lib.rs --emit=dep-info,link --test"
        )));
        assert!(emits_code_for(args(
            "rustc a.rs --emit metadata --emit obj=a.o"
        )));
        assert!(!emits_code_for(args(
            "rustc a.rs --emit metadata=a.rmeta --emit dep-info"
        )));
        // No `--emit` is rustc's default, `link`; an argument file could say anything.
        assert!(emits_code_for(args("rustc src/lib.rs")));
        assert!(emits_code_for(args("rustc @args.txt --emit=metadata")));
    }
}
