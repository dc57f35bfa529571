//! Shared by the integration tests: turning Rust source into a contract set, and
//! diffing two sources under a policy.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

use contract_core::assemble::{assemble, Registered};
use contract_core::diff::diff_sets;
use contract_core::policy::{Policy, WireDirection, WireFormat};
use contract_core::probe::ProbedTrait;
use contract_core::syntax::scope::{item_position, FileScopes};
use contract_core::{Axis, Delta, Symbol};

pub mod cases;

/// Every item of `src` (a file; `mod m { … }` sets the module), extracted with
/// `contract_core::syntax::extract_all` in the scope of its module (the file's `use`
/// items, as the macro reads them) and merged into a set the way the harness does.
///
/// Three test-only attributes stand for what extraction cannot see:
/// `#[observed(Clone, Send)]` — what the type probe answered (the harness);
/// `#[impl_in_source(Clone)]` — an `impl Clone for …` the CLI read in the sources;
/// `#[public_path("crate::api::R")]` — the attribute's `path = "…"` argument;
/// `#[infer_auto]` — the auto traits the sources imply, inferred as the command and
/// (for a generic type) the macro infer them.
///
/// A source that starts with `[features]` is a manifest's feature table instead: its
/// features as a public-API set records them (`contract_core::features`). One that
/// starts with `[reexports]` lists other crates' items re-exported ([`reexports`]).
pub fn set(src: &str) -> BTreeMap<String, Symbol> {
    let (_, src) = dependencies(src);
    if let Some(table) = src.strip_prefix("[features]") {
        return features(table);
    }
    if let Some(table) = src.strip_prefix("[reexports]") {
        return reexports(table);
    }
    set_in_spelling_of(src, None)
}

/// A source that starts with a `[dependencies]` table (`digest = "digest 0.10"`, one
/// per line: what the command reads of the manifest, see
/// `contract_core::dependencies`), then `[source]` and the Rust source: the table
/// and the source. Any other source has no table.
pub fn dependencies(src: &str) -> (BTreeMap<String, String>, &str) {
    let Some(rest) = src.strip_prefix("[dependencies]") else {
        return (BTreeMap::new(), src);
    };
    let (table, source) = rest.split_once("[source]").unwrap_or((rest, ""));
    let table = table
        .lines()
        .filter_map(|line| line.split_once('='))
        .map(|(name, identity)| {
            let identity = identity.trim().trim_matches('"');
            (name.trim().to_owned(), identity.to_owned())
        })
        .collect();
    (table, source)
}

/// The feature symbols of a `[features]` table's body (`std = ["alloc"]`, one per line).
/// A following `[inert]` table's `features = […]` lists the features that gate no code
/// ([`Symbol::inert_features`]) and its `redundant = […]` the features the defaults
/// make redundant ([`Symbol::redundant_features`]), as the CLI reads them.
pub fn features(table: &str) -> BTreeMap<String, Symbol> {
    use toml_span::Value;
    let strings = |value: &Value| -> Vec<String> {
        let Some(entries) = value.as_array() else {
            panic!("{table}: not a list: {value:?}");
        };
        entries
            .iter()
            .map(|e| match e.as_str() {
                Some(s) => s.to_owned(),
                None => panic!("{table}: not a string: {e:?}"),
            })
            .collect()
    };
    let doc = toml_span::parse(table).unwrap_or_else(|e| panic!("{table}\n{e}"));
    let mut inert = BTreeSet::new();
    let mut redundant = BTreeSet::new();
    let table: BTreeMap<String, Vec<String>> = doc
        .as_table()
        .expect("a table")
        .iter()
        .filter(
            |(name, value)| match (name.name.as_ref(), value.as_table()) {
                ("inert", Some(t)) => {
                    if let Some(listed) = t.get("features") {
                        inert.extend(strings(listed));
                    }
                    if let Some(listed) = t.get("redundant") {
                        redundant.extend(strings(listed));
                    }
                    false
                }
                _ => true,
            },
        )
        .map(|(name, value)| (name.name.to_string(), strings(value)))
        .collect();
    contract_core::features::shapes(&table)
        .into_iter()
        .map(|(name, shape)| {
            let symbol = Symbol {
                module: Some("crate".to_owned()),
                item: Some(contract_core::ItemShape::Feature(shape)),
                inert_features: inert.clone(),
                redundant_features: redundant.clone(),
                ..Symbol::default()
            };
            (contract_core::features::symbol_name(&name), symbol)
        })
        .collect()
}

/// The symbols of a public-API set's re-exports of other crates' items, one `name =
/// "path"` per line (`from_str = "noyalib::from_str"`, `with::map = "dep::with::map"`), as
/// the command records `pub use noyalib::from_str;`.
pub fn reexports(table: &str) -> BTreeMap<String, Symbol> {
    table
        .lines()
        .filter_map(|line| line.split_once('='))
        .map(|(name, target)| {
            let target = target.trim().trim_matches('"');
            let symbol = Symbol {
                module: Some("crate".to_owned()),
                item: Some(contract_core::ItemShape::Reexport(
                    contract_core::shape::ReexportShape {
                        target: contract_core::shape::Type::parse(target)
                            .unwrap_or_else(|e| panic!("{target}: {e}")),
                        hidden: false,
                    },
                )),
                ..Symbol::default()
            };
            (name.trim().to_owned(), symbol)
        })
        .collect()
}

/// [`set`], each fragment respelled into `golden`'s spelling where `src`'s own names
/// (the crate `crate` of one file) say both spell one type, as every front end
/// registers it (`contract_core::names`).
pub fn set_in_spelling_of(
    src: &str,
    golden: Option<&BTreeMap<String, Symbol>>,
) -> BTreeMap<String, Symbol> {
    let file: syn::File = syn::parse_str(src).unwrap_or_else(|e| panic!("{src}\n{e}"));
    let scopes = FileScopes::of_file(src);
    let mut regs = Vec::new();
    let mut facts = BTreeMap::new();
    collect(&file.items, "crate", &scopes, &mut regs, &mut facts);
    let infer: Vec<(String, String)> = inferred_items(&file.items, "crate");
    if let Some(golden) = golden {
        let (names, _) = contract_core::syntax::names::read_crate(
            "crate",
            std::path::Path::new("lib.rs"),
            &mut |_| Some(src.to_owned()),
            &|_| false,
        );
        for reg in &mut regs {
            if let Some(stored) = golden.get(&reg.name) {
                contract_core::names::respell(
                    (&mut reg.fragment, &reg.name),
                    &reg.module,
                    stored,
                    &names,
                );
            }
        }
    }
    let mut symbols = assemble(&regs).unwrap_or_else(|c| panic!("conflicts in {src}: {c:?}"));
    for (name, member, cfg) in needs(&file.items) {
        let symbol = symbols.get_mut(&name).expect("a symbol of the source");
        symbol.add_need(member, cfg);
    }
    for (name, (observed, in_source)) in facts {
        let symbol = symbols.get_mut(&name).expect("a symbol of the source");
        symbol.implements = observed;
        symbol.impls_in_source = in_source;
    }
    if !infer.is_empty() {
        let (names, _) = contract_core::syntax::names::read_crate(
            "crate",
            std::path::Path::new("lib.rs"),
            &mut |_| Some(src.to_owned()),
            &|_| false,
        );
        for (module, name) in infer {
            let symbol = symbols.get_mut(&name).expect("a symbol of the source");
            symbol.auto_traits = contract_core::auto::infer(
                &names,
                &contract_core::names::NoExterns,
                &module,
                &name,
            );
            symbol.auto_traits_inferred = true;
        }
    }
    symbols
}

/// What the test-only `#[needs("feature = \"x\"")]` says a part needs, as a
/// public-API set reads `#[cfg(feature = "x")]` under a feature off by default: on
/// an item (the whole item), on a method of an inherent `impl`, or on an `impl Trait
/// for Type` (that implementor). Items of the root module only.
fn needs(items: &[syn::Item]) -> Vec<(String, contract_core::Member, String)> {
    let need = |attrs: &[syn::Attribute]| {
        let attr = attrs.iter().find(|a| a.path().is_ident("needs"))?;
        Some(attr.parse_args::<syn::LitStr>().expect("a string").value())
    };
    let mut out = Vec::new();
    for item in items {
        match item {
            syn::Item::Impl(i) => {
                let syn::Type::Path(p) = &*i.self_ty else {
                    continue;
                };
                let ty = p
                    .path
                    .segments
                    .last()
                    .expect("a type name")
                    .ident
                    .to_string();
                if let Some((t, _)) = &i.trait_ {
                    if let Some(cfg) = need(&i.attrs) {
                        let name = t.segments.last().expect("a trait name").ident.to_string();
                        let self_ty = contract_core::Type::parse(
                            &quote::ToTokens::to_token_stream(&i.self_ty).to_string(),
                        )
                        .expect("a type");
                        out.push((
                            name,
                            contract_core::Member::Implementor { ty: self_ty },
                            cfg,
                        ));
                    }
                    continue;
                }
                for member in &i.items {
                    if let syn::ImplItem::Fn(f) = member {
                        if let Some(cfg) = need(&f.attrs).or_else(|| need(&i.attrs)) {
                            out.push((
                                ty.clone(),
                                contract_core::Member::method(&f.sig.ident.to_string()),
                                cfg,
                            ));
                        }
                    }
                }
            }
            other => {
                let attrs = contract_core::syntax::args::item_attrs(other);
                if let (Some(cfg), Some(name)) = (need(attrs), item_name(other)) {
                    out.push((name, contract_core::Member::Item, cfg));
                }
            }
        }
    }
    out
}

fn item_name(item: &syn::Item) -> Option<String> {
    Some(match item {
        syn::Item::Struct(s) => s.ident.to_string(),
        syn::Item::Enum(e) => e.ident.to_string(),
        syn::Item::Fn(f) => f.sig.ident.to_string(),
        syn::Item::Trait(t) => t.ident.to_string(),
        syn::Item::Const(c) => c.ident.to_string(),
        syn::Item::Static(s) => s.ident.to_string(),
        syn::Item::Type(t) => t.ident.to_string(),
        _ => return None,
    })
}

/// The (module, name) of each item marked `#[infer_auto]`.
fn inferred_items(items: &[syn::Item], module: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for item in items {
        if let syn::Item::Mod(m) = item {
            let inner = format!("{module}::{}", m.ident);
            let items = m.content.as_ref().map(|(_, i)| i.as_slice()).unwrap_or(&[]);
            out.extend(inferred_items(items, &inner));
            continue;
        }
        let attrs = contract_core::syntax::args::item_attrs(item);
        if attrs.iter().any(|a| a.path().is_ident("infer_auto")) {
            let name = match item {
                syn::Item::Struct(s) => s.ident.to_string(),
                syn::Item::Enum(e) => e.ident.to_string(),
                syn::Item::Union(u) => u.ident.to_string(),
                _ => panic!("#[infer_auto] on a struct, enum or union"),
            };
            out.push((module.to_owned(), name));
        }
    }
    out
}

type Facts = BTreeMap<String, (Option<BTreeSet<ProbedTrait>>, BTreeSet<String>)>;

/// The traits listed by the test-only attribute `name` on `attrs`, if present.
fn listed(attrs: &[syn::Attribute], name: &str) -> Option<BTreeSet<ProbedTrait>> {
    let attr = attrs.iter().find(|a| a.path().is_ident(name))?;
    let mut out = BTreeSet::new();
    attr.parse_nested_meta(|meta| {
        let t = meta.path.get_ident().expect("a trait name").to_string();
        out.insert(ProbedTrait::parse(&t).unwrap_or_else(|| panic!("not probed: {t}")));
        Ok(())
    })
    .expect("a list of trait names");
    Some(out)
}

/// The trait names listed in the attribute `name`, as written.
fn named(attrs: &[syn::Attribute], name: &str) -> Option<BTreeSet<String>> {
    let attr = attrs.iter().find(|a| a.path().is_ident(name))?;
    let mut out = BTreeSet::new();
    attr.parse_nested_meta(|meta| {
        out.insert(meta.path.get_ident().expect("a trait name").to_string());
        Ok(())
    })
    .expect("a list of trait names");
    Some(out)
}

fn public_path(attrs: &[syn::Attribute]) -> Option<String> {
    let attr = attrs.iter().find(|a| a.path().is_ident("public_path"))?;
    Some(attr.parse_args::<syn::LitStr>().expect("a string").value())
}

fn collect(
    items: &[syn::Item],
    module: &str,
    scopes: &FileScopes,
    out: &mut Vec<Registered>,
    facts: &mut Facts,
) {
    for item in items {
        match item {
            syn::Item::Mod(m) => {
                let inner = format!("{module}::{}", m.ident);
                collect(
                    m.content.as_ref().map(|(_, i)| i.as_slice()).unwrap_or(&[]),
                    &inner,
                    scopes,
                    out,
                    facts,
                );
            }
            // Helpers the sources need but do not pin (a macro call's items are read
            // through the crate's names).
            syn::Item::Use(_) => {}
            syn::Item::Macro(m) if m.ident.is_none() => {}
            // A `macro_rules!` is pinned by `pin_macro!`.
            syn::Item::Macro(m) if m.ident.is_some() => {
                let extracted = contract_core::syntax::extract_macro(m)
                    .unwrap_or_else(|e| panic!("cannot extract: {e}"));
                out.push(Registered {
                    name: extracted.name,
                    module: module.to_owned(),
                    fragment: extracted.fragment,
                });
            }
            other => {
                let scope = scopes.at(item_position(other));
                let all = contract_core::syntax::extract_all(other, scope)
                    .unwrap_or_else(|e| panic!("cannot extract: {e}"));
                let attrs = contract_core::syntax::args::item_attrs(other);
                for mut extracted in all {
                    let observed = listed(attrs, "observed");
                    // Any trait's name: an impl in the sources need not be of a probed one.
                    let in_source = named(attrs, "impl_in_source").unwrap_or_default();
                    if observed.is_some() || !in_source.is_empty() {
                        facts.insert(extracted.name.clone(), (observed, in_source));
                    }
                    if let contract_core::Fragment::Item { path, .. } = &mut extracted.fragment {
                        *path = public_path(attrs);
                    }
                    out.push(Registered {
                        name: extracted.name,
                        module: module.to_owned(),
                        fragment: extracted.fragment,
                    });
                }
            }
        }
    }
}

/// The policies cases run under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pol {
    /// `Policy::default()`: api + wire, backward, self-describing.
    Default,
    /// `wire_direction: full` (both directions).
    Full,
    /// `wire_format: positional`.
    Positional,
    /// `wire_direction: backward`.
    Backward,
    /// `wire_direction: forward`.
    Forward,
    /// `axes: [api]`.
    ApiOnly,
    /// `doc_hidden_is_api: true`.
    HiddenIsApi,
}

impl Pol {
    /// The policy.
    pub fn policy(self) -> Policy {
        let mut p = Policy::default();
        match self {
            Pol::Default => {}
            Pol::Full => p.wire_direction = WireDirection::Full,
            Pol::Positional => p.wire_format = WireFormat::Positional,
            Pol::Backward => p.wire_direction = WireDirection::Backward,
            Pol::Forward => p.wire_direction = WireDirection::Forward,
            Pol::ApiOnly => p.axes = vec![Axis::Api],
            Pol::HiddenIsApi => p.doc_hidden_is_api = true,
        }
        p
    }
}

/// The deltas between two sources.
pub fn diff(before: &str, after: &str, policy: &Policy) -> Vec<Delta> {
    let mut deltas = diff_sets(&set(before), &set(after), policy);
    // What `check::evaluate` adds for a front end that reads the manifest.
    let (was, now) = (dependencies(before).0, dependencies(after).0);
    if !was.is_empty() {
        let changed = contract_core::dependencies::compare(&was, &now);
        deltas.extend(changed.into_iter().map(|d| policy.apply(d)));
    }
    deltas
}

/// [`diff`] with the after crate's names known (see [`set_in_spelling_of`]).
pub fn diff_named(before: &str, after: &str, policy: &Policy) -> Vec<Delta> {
    let golden = set(before);
    diff_sets(&golden, &set_in_spelling_of(after, Some(&golden)), policy)
}

/// One line per delta, for failure messages.
pub fn show(deltas: &[Delta]) -> String {
    deltas
        .iter()
        .map(|d| {
            format!(
                "  {} {} {} [{}] {} | {} -> {}",
                d.class.as_str(),
                d.axis.as_str(),
                d.kind,
                d.symbol,
                contract_core::render::detail(d),
                contract_core::render::before(d),
                contract_core::render::after(d)
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}
