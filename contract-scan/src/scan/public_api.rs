//! The public-API walk: every name a module defines, imports or re-exports, recorded
//! for the public-API sets; their registrations on each public path, with the items as
//! the build sees them under `cfg`; the package's features.

use super::*;

impl Scanner<'_> {
    /// Records `item` of module `index` for the public-API sets: a name it defines,
    /// or the names a `use` brings, or an `impl` block. `undecided`: the item is under
    /// a `#[cfg]` this command cannot evaluate.
    pub(super) fn collect(
        &mut self,
        item: &Item,
        index: usize,
        cx: &ModCx,
        file: &Path,
        undecided: bool,
    ) {
        let attrs = args::item_attrs(item);
        let hidden = is_hidden(attrs);
        match item {
            Item::Use(u) => {
                let mut found = Vec::new();
                let mut prefix = Vec::new();
                if u.leading_colon.is_some() {
                    prefix.push(String::new());
                }
                api::use_tree(&u.tree, &mut prefix, &mut found);
                let public = is_pub(&u.vis);
                let foreign =
                    self.foreign_reexports(&found, (public, hidden, undecided), cx, file, u);
                let edition_2015 = self.options.edition_2015;
                if let Some(api) = &mut self.api {
                    api.modules[index].defs.extend(foreign);
                    for (mut path, binding) in found {
                        // Edition 2015 reads `::name` from the crate root.
                        if edition_2015 && path.first().is_some_and(String::is_empty) {
                            path[0] = "crate".to_owned();
                        }
                        api.modules[index].imports.push(Import {
                            public,
                            hidden,
                            path,
                            binding,
                            gate: cx.needs.clone(),
                        });
                    }
                }
                return;
            }
            Item::Mod(_) | Item::ExternCrate(_) | Item::Verbatim(_) | Item::TraitAlias(_) => return,
            Item::Macro(m) if m.ident.is_none() => return self.macro_defined(m, index, cx, file),
            Item::Macro(m) => {
                // `#[macro_export]`: at the crate root, whatever module defines it.
                if !has_attr(&m.attrs, "macro_export") {
                    return;
                }
            }
            Item::Impl(_) | Item::ForeignMod(_) => {}
            Item::Fn(f) if proc_macro_fn(&f.attrs) => {}
            Item::Const(syn::ItemConst { vis, .. })
            | Item::Enum(syn::ItemEnum { vis, .. })
            | Item::Fn(syn::ItemFn { vis, .. })
            | Item::Static(syn::ItemStatic { vis, .. })
            | Item::Struct(syn::ItemStruct { vis, .. })
            | Item::Trait(syn::ItemTrait { vis, .. })
            | Item::Type(syn::ItemType { vis, .. })
            | Item::Union(syn::ItemUnion { vis, .. }) => {
                if !is_pub(vis) {
                    // Not API, but a name of the module all the same: paths written
                    // there find it before a glob or the crate root.
                    if let (Some(api), Some(name)) = (&mut self.api, item_ident(item)) {
                        api.modules[index].defs.push(Def {
                            name,
                            ns: item_ns(item),
                            public: false,
                            hidden,
                            kind: DefKind::Private,
                            foreign: None,
                        });
                    }
                    // An exported symbol is API of a `cdylib`/`staticlib` whatever its
                    // visibility: C callers link it by that name.
                    if exported_symbol(item).is_none() {
                        return;
                    }
                }
            }
            _ => return,
        }
        if let (Item::ForeignMod(block), false) = (item, undecided) {
            // Each foreign item is an item of its own: one under a cfg this command
            // cannot evaluate is taken as the golden has it, as a module's item is.
            for foreign in &block.items {
                let mut foreign = foreign.clone();
                let Some(attrs) = foreign_attrs_mut(&mut foreign) else {
                    continue;
                };
                if let Truth::Unknown(_) = self.env.item(attrs) {
                    attrs.retain(|a| !a.path().is_ident("cfg"));
                    let one = syn::ItemForeignMod {
                        items: vec![foreign],
                        ..block.clone()
                    };
                    self.collect(&Item::ForeignMod(one), index, cx, file, true);
                }
            }
        }
        let mut expanded = item.clone();
        match &mut expanded {
            Item::Impl(i) => self.expand_members(i),
            Item::Trait(t) => self.expand_trait_members(t),
            Item::ForeignMod(f) => self.expand_foreign_items(f),
            _ => {}
        }
        // An `extern` block of private items only (an FFI crate's own bindings) has
        // nothing public to record; one whose items a macro writes that did not expand
        // is said, not dropped silently.
        if let Item::ForeignMod(block) = &expanded {
            let maybe_public = block.items.iter().any(|i| match i {
                syn::ForeignItem::Fn(f) => is_pub(&f.vis),
                syn::ForeignItem::Static(s) => is_pub(&s.vis),
                // `pub safe fn` (edition 2024), which syn keeps as tokens.
                syn::ForeignItem::Verbatim(_) => true,
                _ => false,
            });
            if !maybe_public {
                let call = block.items.iter().find_map(|i| match i {
                    syn::ForeignItem::Macro(m) => Some(&m.mac),
                    _ => None,
                });
                self.warn_unexpanded(file, item, call, words::extern_members_by_macro);
                return;
            }
        }
        strip_contract_attrs(&mut expanded, &cx.scope);
        let (unknown, members, member_gates) = expand_deep(&self.env, &mut expanded);
        let (line, _) = line_col(item.span());
        for what in unknown {
            self.not_evaluated.push((file.to_path_buf(), line, what));
        }
        let scope = self.type_scopes.at(item_position(item));
        // A `macro_rules!` is read as `pin_macro!` reads it (no attribute pins one).
        let extracted = match &expanded {
            Item::Macro(m) => syntax::extract_macro(m).map(|e| vec![e]),
            other => syntax::extract_all(other, scope),
        };
        let extracted = match extracted {
            Ok(extracted) => extracted,
            Err(e) => {
                let message = match (item, item_ident(item)) {
                    // `impl dyn Subscriber { pub fn is… }` (tracing-core): the core's
                    // reason speaks of the attribute, which a public-API set has not.
                    (Item::Impl(i), _) if i.trait_.is_none() => words::inherent_impl_not_recorded(
                        &contract_core::syntax::tokens::to_string(&i.self_ty),
                        &cx.path,
                    ),
                    (_, Some(name)) => words::not_recordable(&format!("{}::{name}", cx.path), &e),
                    (_, None) => words::not_recordable(&cx.path, &e),
                };
                self.warn(file, e.span(), ScanExactness::CfgDependent, message);
                return;
            }
        };
        let is_macro = match item {
            Item::Macro(_) => true,
            Item::Fn(f) => proc_macro_fn(&f.attrs),
            _ => false,
        };
        if self.api.is_none() {
            return;
        }
        let macro_member = match &expanded {
            Item::Impl(i) if i.trait_.is_none() => i.items.iter().find_map(|m| match m {
                syn::ImplItem::Macro(m) => {
                    Some(contract_core::syntax::tokens::to_string(&m.mac.path))
                }
                _ => None,
            }),
            _ => None,
        };
        // A trait's members a macro writes that cannot be expanded: said, not dropped
        // silently (what the trait requires is unknown).
        if let Item::Trait(t) = &expanded {
            let call = t.items.iter().find_map(|m| match m {
                syn::TraitItem::Macro(m) => Some(&m.mac),
                _ => None,
            });
            self.warn_unexpanded(file, item, call, words::trait_members_by_macro);
        }
        // As a cfg this command cannot evaluate: a part taken as the golden has it.
        if let Some(name) = &macro_member {
            self.warn(
                file,
                item.span(),
                ScanExactness::CfgDependent,
                words::impl_members_by_macro(name),
            );
        }
        let Some(api) = &mut self.api else { return };
        for extracted in extracted {
            let entry = api::Entry {
                text: extracted.fragment.compact_text().0,
                locations: extracted.spans.map(line_col),
                file: file.to_path_buf(),
                line,
                item_name: extracted.name.clone(),
                undecided: members.clone(),
                whole_undecided: undecided,
                members_by_macro: macro_member.is_some(),
                gate: cx.needs.clone(),
                member_gates: member_gates.clone(),
                impl_self: match item {
                    Item::Impl(i) if i.trait_.is_none() => {
                        // As the shape writes a type: `Array<Ix1>`.
                        let text = contract_core::syntax::tokens::to_string(&i.self_ty);
                        Some(contract_core::ty::Type::parse(&text).map_or(text, |t| t.to_string()))
                    }
                    _ => None,
                },
            };
            match item {
                Item::Impl(i) => {
                    let self_ty = match &*i.self_ty {
                        syn::Type::Path(p) if p.qself.is_none() => {
                            Some(api::path_segments(&p.path))
                        }
                        _ => None,
                    };
                    let trait_ = i.trait_.as_ref().map(|(path, _)| api::path_segments(path));
                    api.impls.push(api::Impl {
                        module: index,
                        self_ty,
                        trait_,
                        blanket: api::blanket(i),
                        entry,
                    });
                }
                _ if is_macro => {
                    api.modules[0].defs.push(Def {
                        name: extracted.name,
                        ns: Ns::Macro,
                        public: true,
                        hidden,
                        kind: DefKind::Item(Box::new(entry)),
                        foreign: None,
                    });
                }
                _ => {
                    // Exported under its symbol name, at the root, wherever it is
                    // defined: `{symbol} (exported)` (the path, when it has one, is
                    // its own symbol too).
                    if let Some(symbol) = exported_symbol(item) {
                        api.modules[0].defs.push(Def {
                            name: format!("{symbol} (exported)"),
                            ns: Ns::Value,
                            public: true,
                            hidden,
                            kind: DefKind::Item(Box::new(entry.clone())),
                            foreign: None,
                        });
                    }
                    // A private exported fn is API by its symbol alone.
                    if item_vis(item).is_none_or(is_pub) {
                        api.modules[index].defs.push(Def {
                            name: extracted.name,
                            ns: item_ns(item),
                            public: true,
                            hidden,
                            kind: DefKind::Item(Box::new(entry)),
                            foreign: None,
                        });
                    }
                }
            }
        }
    }

    /// The public-API sets' registrations, from what [`Scanner::collect`] recorded.
    pub(super) fn public_api(&mut self, api: &Api, crate_name: &str) {
        // `api` no longer changes: each name is looked up once per module.
        let _memo = api.memoized();
        // An entry on several public paths is rewritten once (per module it is read in).
        let mut std_spelled_texts: BTreeMap<(*const api::Entry, usize), String> = BTreeMap::new();
        for (set, hidden_is_api) in &self.options.public_api {
            let first = self.out.pinned.len();
            let mut selves = Vec::new();
            let module_names: BTreeSet<&str> = api
                .modules
                .iter()
                .skip(1)
                .map(|m| m.path.rsplit("::").next().unwrap_or(&m.path))
                .collect();
            for p in api.public(*hidden_is_api) {
                if p.entry.whole_undecided {
                    self.out.undecided.push((set.clone(), p.symbol));
                    continue;
                }
                let module = if p.parent.is_empty() {
                    crate_name.to_owned()
                } else {
                    format!("{crate_name}::{}", p.parent)
                };
                self.out.pinned.push(Pinned {
                    set: set.clone(),
                    name: p.symbol,
                    module,
                    file: p.entry.file.clone(),
                    line: p.entry.line,
                    golden: None,
                    item_name: p.entry.item_name.clone(),
                    text: item_text(
                        std_spelled_texts
                            .entry((p.entry, p.defined_in))
                            .or_insert_with(|| {
                                std_spelled(&p.entry.text, api, &module_names, p.defined_in)
                            }),
                        p.hidden,
                        p.sealed,
                    ),
                    fragment: OnceLock::new(),
                    locations: p.entry.locations.clone(),
                    defined_in: Some(api.modules[p.defined_in].path.clone()),
                    undecided: p.entry.undecided.clone(),
                    members_by_macro: p.entry.members_by_macro,
                    written_in: p.written_in.map(|m| api.modules[m].path.clone()),
                    needs: Vec::new(),
                });
                let gate = api::and_gates(p.route_gate.clone(), p.entry.gate.clone());
                if gate.is_some() || !p.entry.member_gates.is_empty() {
                    let pinned = self.out.pinned.last_mut().expect("just pushed");
                    pinned.needs = needs_of(pinned.fragment(), gate, &p.entry.member_gates);
                }
                selves.push(p.entry.impl_self.clone());
            }
            // Before members shared by several blocks are named with their block: a
            // gated twin block is no other block.
            drop_gated_twins(&mut self.out.pinned, first, &mut selves);
            qualify_shared_members(&mut self.out.pinned[first..], &selves);
        }
        let not_evaluated = std::mem::take(&mut self.not_evaluated);
        if let Some((file, line, _)) = not_evaluated.first() {
            let mut predicates: Vec<&str> =
                not_evaluated.iter().map(|(_, _, w)| w.as_str()).collect();
            predicates.sort_unstable();
            predicates.dedup();
            let shown: Vec<String> = predicates
                .iter()
                .take(5)
                .map(|p| format!("`{p}`"))
                .collect();
            let more = if predicates.len() > 5 { ", …" } else { "" };
            let sets: Vec<String> = self
                .options
                .public_api
                .iter()
                .map(|(s, _)| format!("`{s}`"))
                .collect();
            let message = words::public_api_not_evaluated(
                not_evaluated.len(),
                crate_name,
                &shown,
                more,
                &sets,
            );
            let (file, line) = (file.clone(), *line);
            self.warn_at(&file, (line, 1), ScanExactness::CfgDependent, message);
        }
    }

    /// The public-API sets' Cargo features, from [`Options::features`], each at its
    /// line of `manifest` (read for that alone: cargo metadata gave the table).
    pub(super) fn features(&mut self, manifest: &Path, crate_name: &str) {
        if self.options.features.is_empty() {
            return;
        }
        let read = std::fs::read_to_string(manifest);
        self.inputs.push(Input::read(manifest, &read));
        let text = read.unwrap_or_default();
        let dir = manifest.parent().unwrap_or(Path::new("."));
        (self.out.inert_features, self.out.redundant_features) = self.unnamed_features(dir);
        let shapes = contract_core::features::shapes(&self.options.features);
        for (set, _) in &self.options.public_api {
            for (name, shape) in &shapes {
                let at = (manifest_line(&text, name), 1);
                let fragment =
                    contract_core::Fragment::from(contract_core::ItemShape::Feature(shape.clone()));
                self.out.pinned.push(Pinned {
                    set: set.clone(),
                    name: contract_core::features::symbol_name(name),
                    module: crate_name.to_owned(),
                    file: manifest.to_path_buf(),
                    line: at.0,
                    golden: None,
                    item_name: name.clone(),
                    text: fragment.compact_text().0,
                    fragment: OnceLock::new(),
                    locations: Located::item_at(at),
                    defined_in: None,
                    undecided: Vec::new(),
                    members_by_macro: false,
                    written_in: None,
                    needs: Vec::new(),
                });
            }
        }
    }

    /// The features of [`Options::features`] that no Rust file of the package in `dir`
    /// names (`"name"`, or `CARGO_FEATURE_NAME` for a build script): `cfg(feature =
    /// …)` must name a feature to gate code on it. Of those, the ones that turn on
    /// nothing (inert), and the ones whose every effect the default features have
    /// anyway (redundant). Read conservatively: every `.rs` file counts, comments
    /// included, but for the package's tests, benches and examples (no consumer builds
    /// them), `target/` and other packages' directories (their `cfg(feature)` is about
    /// their own features).
    pub(super) fn unnamed_features(&mut self, dir: &Path) -> (BTreeSet<String>, BTreeSet<String>) {
        let table = &self.options.features;
        let mut candidates: BTreeSet<&str> = table
            .iter()
            .filter(|(name, enables)| {
                name.as_str() != "default"
                    && (enables.is_empty()
                        || contract_core::features::redundant_with_default(table, name))
            })
            .map(|(name, _)| name.as_str())
            .collect();
        let mut files = Vec::new();
        if !candidates.is_empty() {
            rust_files(dir, true, &mut files);
        }
        for file in files {
            if candidates.is_empty() {
                break;
            }
            let read = std::fs::read_to_string(&file);
            self.inputs.push(Input::read(&file, &read));
            let Ok(text) = read else { continue };
            candidates.retain(|name| {
                let env = format!("CARGO_FEATURE_{}", name.to_uppercase().replace('-', "_"));
                !text.contains(&format!("\"{name}\"")) && !text.contains(&env)
            });
        }
        let (inert, redundant) = candidates
            .into_iter()
            .map(str::to_owned)
            .partition(|name| table[name].is_empty());
        (inert, redundant)
    }

    /// Says that `item`'s members written by the macro `call`, which did not expand,
    /// are not read (`words` words it for the kind of item); nothing without a call.
    fn warn_unexpanded(
        &mut self,
        file: &Path,
        item: &Item,
        call: Option<&syn::Macro>,
        words: fn(&str) -> String,
    ) {
        if let Some(call) = call {
            let name = contract_core::syntax::tokens::to_string(&call.path);
            self.warn(file, item.span(), ScanExactness::CfgDependent, words(&name));
        }
    }

    /// The names a `pub use` of another crate's items binds (`pub use serde::Serialize;`,
    /// `pub use noyalib::compat::serde_yaml::{from_str, Value};`), each an item of the
    /// module whose shape is the path it re-exports: a crate the package depends on (as
    /// it calls it), or std's. Not a glob: what it brings is that crate's to tell.
    fn foreign_reexports(
        &self,
        found: &[(Vec<String>, api::Binding)],
        (public, hidden, undecided): (bool, bool, bool),
        cx: &ModCx,
        file: &Path,
        item: &syn::ItemUse,
    ) -> Vec<Def> {
        if !public || self.api.is_none() {
            return Vec::new();
        }
        let extern_crate = |name: &str| {
            matches!(name, "std" | "core" | "alloc") || self.options.extern_crates.contains(name)
        };
        let at = line_col(item.span());
        found
            .iter()
            .filter_map(|(path, binding)| {
                let api::Binding::Name(name) = binding else {
                    return None;
                };
                let absolute = path.first().is_some_and(String::is_empty);
                let segments: Vec<&str> = match absolute {
                    true => path[1..].iter().map(String::as_str).collect(),
                    false => path.iter().map(String::as_str).collect(),
                };
                if segments.len() < 2 || !extern_crate(segments[0]) || name == "_" {
                    return None;
                }
                let target = contract_core::ty::Type::parse(&segments.join("::")).ok()?;
                let shape =
                    contract_core::ItemShape::Reexport(contract_core::shape::ReexportShape {
                        target,
                        hidden,
                    });
                // What a proc-macro crate exports is a macro; another crate's name is
                // taken as a type's (one symbol, whatever namespaces it fills).
                // So is a name under another crate's module that is a proc-macro
                // crate renamed (`pub use musli_core::__macros::Decode;` beside `pub
                // use musli_core::de::__traits::Decode;`).
                let through_macro_module = self
                    .options
                    .macro_modules
                    .contains(&segments[..segments.len() - 1].join("::"));
                let ns =
                    match self.options.macro_crates.contains(segments[0]) || through_macro_module {
                        true => Ns::Macro,
                        false => Ns::Type,
                    };
                Some(Def {
                    name: name.clone(),
                    ns,
                    public: true,
                    hidden,
                    kind: DefKind::Item(Box::new(api::Entry {
                        text: contract_core::Fragment::from(shape).compact_text().0,
                        locations: Located::item_at(at),
                        file: file.to_path_buf(),
                        line: at.0,
                        item_name: name.clone(),
                        undecided: Vec::new(),
                        whole_undecided: undecided,
                        impl_self: None,
                        members_by_macro: false,
                        gate: cx.needs.clone(),
                        member_gates: Vec::new(),
                    })),
                    foreign: Some(api::Foreign {
                        krate: segments[0].to_owned(),
                        extern_only: absolute && !self.options.edition_2015,
                    }),
                })
            })
            .collect()
    }

    /// Records module `m` in the public-API model, with the module symbol it registers
    /// on its public paths (`undecided`: under a `#[cfg]` this command cannot
    /// evaluate, taken as the golden has it); its index, when there is a model.
    pub(super) fn api_module(
        &mut self,
        m: &syn::ItemMod,
        cx: &ModCx,
        file: &Path,
        undecided: bool,
    ) -> Option<usize> {
        let (Some(api), Some(parent)) = (&mut self.api, cx.index) else {
            return None;
        };
        let name = m.ident.unraw().to_string();
        let child = api.module(Some(parent), &format!("{}::{name}", cx.path));
        let hidden = is_hidden(&m.attrs);
        api.modules[parent].defs.push(Def {
            name: name.clone(),
            ns: Ns::Type,
            public: is_pub(&m.vis),
            hidden,
            kind: DefKind::Module(child),
            foreign: None,
        });
        let at = line_col(m.ident.span());
        let item = contract_core::ItemShape::Module(contract_core::shape::ModuleShape { hidden });
        let text = contract_core::Fragment::from(item).compact_text().0;
        api.modules[child].entry = Some(api::Entry {
            text,
            locations: Located::item_at(at),
            file: file.to_path_buf(),
            line: at.0,
            item_name: name,
            undecided: Vec::new(),
            whole_undecided: undecided,
            impl_self: None,
            members_by_macro: false,
            gate: cx.needs.clone(),
            member_gates: Vec::new(),
        });
        Some(child)
    }
}

/// `text` with every path that reaches std through the crate's own modules
/// (`crate::stdlib::any::Any`) spelled as the std path it names: a public-API set sees
/// the whole crate, so it records what the path names, and a release that drops the
/// shim changes nothing (tracing-core 0.1.35; see `names::std_through_crate`).
pub(super) fn std_spelled(
    text: &str,
    api: &Api,
    module_names: &BTreeSet<&str>,
    module: usize,
) -> String {
    // Only a path that starts at the crate's root or one of its modules can leave
    // through them: `crate::`, `self::`, `super::`, or a module's name (`lib::Vec`
    // where `mod lib { pub use std::vec::Vec; }`, quoted_printable 0.5.1): the word
    // before each `::`, looked up once.
    let through_module = || {
        text.match_indices("::").any(|(at, _)| {
            let before = &text[..at];
            let start = before
                .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(0, |i| i + 1);
            module_names.contains(&before[start..])
        })
    };
    if !["crate::", "self::", "super::"]
        .iter()
        .any(|p| text.contains(p))
        && !through_module()
    {
        return text.to_owned();
    }
    let Ok(mut fragment) = serde_json::from_str::<contract_core::Fragment>(text) else {
        return text.to_owned();
    };
    if contract_core::names::std_through_crate(&mut fragment, module, api) {
        fragment.compact_text().0
    } else {
        text.to_owned()
    }
}

/// An item's registration on one public path: `#[doc(hidden)]` when only a hidden
/// re-export reaches it there, and a trait sealed when a blanket impl of the crate
/// leaves no other crate a type to implement it for ([`api::Public::sealed`]).
pub(super) fn item_text(text: &str, hidden: bool, sealed: bool) -> String {
    if !hidden && !sealed {
        return text.to_owned();
    }
    match serde_json::from_str::<contract_core::Fragment>(text) {
        Ok(contract_core::Fragment::Item {
            mut item,
            unresolved,
            path,
        }) => {
            if hidden {
                let vis = item.vis();
                item.set_vis_hidden(vis, true);
            }
            if let (true, contract_core::ItemShape::Trait(t)) = (sealed, &mut item) {
                t.sealed = true;
            }
            contract_core::Fragment::Item {
                item,
                unresolved,
                path,
            }
            .compact_text()
            .0
        }
        _ => text.to_owned(),
    }
}

/// What each part of `fragment` needs of the features the build leaves off: `whole`
/// for the item (each member of an inherent `impl`, the implementor of a trait
/// `impl`), and the members' own gates.
fn needs_of(
    fragment: &contract_core::Fragment,
    whole: Option<Gate>,
    members: &[(contract_core::Member, Gate)],
) -> Vec<(contract_core::Member, String)> {
    use contract_core::{Fragment, Member};
    let own = |member: &Member| {
        members
            .iter()
            .find(|(m, _)| m == member)
            .map(|(_, g)| g.clone())
    };
    let mut out: Vec<(Member, Gate)> = Vec::new();
    match fragment {
        Fragment::Item { .. } => {
            out.extend(whole.map(|g| (Member::Item, g)));
            out.extend(members.iter().cloned());
        }
        // Each member of an inherent `impl`, or the implementor of a trait `impl`.
        Fragment::Methods { .. } | Fragment::Implementor { .. } => {
            for member in parts(fragment) {
                if let Some(gate) = api::and_gates(whole.clone(), own(&member)) {
                    out.push((member, gate));
                }
            }
        }
    }
    out.into_iter().map(|(m, g)| (m, g.to_string())).collect()
}

/// Among the registrations from `first` on, the parts the build has twice, once under
/// a gate (`#[cfg(feature = "x")] impl S { pub fn f() }` beside `#[cfg(not(feature =
/// "x"))] impl S { pub fn f() }`): the build's is the part; the gated twin is dropped,
/// and so is a gated part another gated one has already given.
fn drop_gated_twins(pinned: &mut Vec<Pinned>, first: usize, selves: &mut Vec<Option<String>>) {
    use contract_core::{Fragment, Member};
    if pinned[first..].iter().all(|p| p.needs.is_empty()) {
        return;
    }
    // The parts each symbol with a gated part has in the build (only those symbols'
    // fragments are read).
    let with_gates: BTreeSet<String> = pinned[first..]
        .iter()
        .filter(|p| !p.needs.is_empty())
        .map(|p| p.name.clone())
        .collect();
    let mut built: BTreeSet<(String, Member)> = BTreeSet::new();
    for p in pinned[first..]
        .iter()
        .filter(|p| with_gates.contains(&p.name))
    {
        let gated: BTreeSet<&Member> = p.needs.iter().map(|(m, _)| m).collect();
        for member in parts(p.fragment()) {
            if !gated.contains(&member) {
                built.insert((p.name.clone(), member));
            }
        }
    }
    let mut keep = Vec::with_capacity(pinned.len() - first);
    let mut kept_selves = Vec::with_capacity(selves.len());
    for (mut p, own) in pinned.drain(first..).zip(selves.drain(..)) {
        let twins: Vec<Member> = p
            .needs
            .iter()
            .map(|(m, _)| m.clone())
            .filter(|m| !built.insert((p.name.clone(), m.clone())))
            .collect();
        if twins.is_empty() {
            keep.push(p);
            kept_selves.push(own);
            continue;
        }
        // A whole item or implementor the build has is the build's: dropped.
        let Fragment::Methods {
            mut methods,
            mut consts,
            mut types,
            unresolved,
        } = p.fragment().clone()
        else {
            continue;
        };
        for twin in &twins {
            match twin {
                Member::Method { name } => drop(methods.remove(name)),
                Member::AssocConst { name } => drop(consts.remove(name)),
                Member::AssocType { name } => drop(types.remove(name)),
                _ => {}
            }
        }
        if methods.is_empty() && consts.is_empty() && types.is_empty() {
            continue;
        }
        let fragment = Fragment::Methods {
            methods,
            consts,
            types,
            unresolved,
        };
        p.text = fragment.compact_text().0;
        p.fragment = OnceLock::new();
        p.needs.retain(|(m, _)| !twins.contains(m));
        keep.push(p);
        kept_selves.push(own);
    }
    pinned.extend(keep);
    *selves = kept_selves;
}

/// The parts of a fragment a gate may be recorded for.
fn parts(fragment: &contract_core::Fragment) -> Vec<contract_core::Member> {
    use contract_core::{Fragment, Member};
    match fragment {
        Fragment::Item { .. } => vec![Member::Item],
        Fragment::Methods {
            methods,
            consts,
            types,
            ..
        } => methods
            .keys()
            .map(|n| Member::method(n))
            .chain(
                consts
                    .keys()
                    .map(|n| Member::AssocConst { name: n.clone() }),
            )
            .chain(types.keys().map(|n| Member::AssocType { name: n.clone() }))
            .collect(),
        Fragment::Implementor { implementor } => vec![Member::Implementor {
            ty: implementor.ty.clone(),
        }],
    }
}

/// The `.rs` files under `dir`, sorted, for [`Scanner::inert_features`]: not in
/// `tests`, `benches`, `examples` or `target` at the package's `top`, nor in hidden
/// directories or other packages' (a directory with a `Cargo.toml`).
pub(super) fn rust_files(dir: &Path, top: bool, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            let skipped = name.starts_with('.')
                || (top && ["tests", "benches", "examples", "target"].contains(&name))
                || path.join("Cargo.toml").is_file();
            if !skipped {
                rust_files(&path, false, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

/// The 1-based line of the manifest that declares feature `name`: its key in
/// `[features]`, else the optional dependency whose implicit feature it is; 1 when
/// neither is found.
pub(super) fn manifest_line(manifest: &str, name: &str) -> usize {
    let declares = |line: &str| {
        let key = line.trim_start();
        let key = key
            .strip_prefix(&format!("\"{name}\""))
            .or_else(|| key.strip_prefix(name));
        key.is_some_and(|rest| rest.trim_start().starts_with(['=', '.']))
    };
    let mut table = "";
    let mut elsewhere = None;
    for (i, line) in manifest.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            table = trimmed;
            continue;
        }
        if declares(line) {
            if table == "[features]" {
                return i + 1;
            }
            elsewhere.get_or_insert(i + 1);
        }
    }
    elsewhere.unwrap_or(1)
}

/// `item` as the compiler builds it under `env`, for a public-API set (no macro
/// sees it first): every `cfg_attr` expanded, and every field, variant, trait item,
/// `impl` item and foreign item whose `cfg` does not hold removed (one that cannot
/// be evaluated too). Returns the predicates it could not evaluate, and the members
/// they leave undecided (taken as the golden has them; see
/// [`contract_core::undecided`]).
pub(super) fn expand_deep(
    env: &cfg::Env,
    item: &mut Item,
) -> (
    Vec<String>,
    Vec<contract_core::Member>,
    Vec<(contract_core::Member, Gate)>,
) {
    let mut unknown = Vec::new();
    let mut undecided = Vec::new();
    let mut gated = Vec::new();
    // A member the build has is the member: a gated twin of it (`#[cfg(not(feature =
    // "trace"))] pub fn name` beside `#[cfg(feature = "trace")] pub fn name`, pom 3.4)
    // is not another.
    let built = match env.open_features.is_empty() {
        true => BTreeSet::new(),
        false => built_members(env, item),
    };
    // Keeps what is built, and a public member some choice of the features the build
    // leaves off builds (with its gate); strips the `cfg` of what is kept, expands
    // `cfg_attr`. A private field the build leaves out stays out: that the type can
    // be built by its fields is the build's.
    let mut keep =
        |attrs: &mut Vec<Attribute>, member: Option<contract_core::Member>, public: bool| -> bool {
            match env.item(attrs) {
                Truth::True => {
                    attrs.retain(|a| !a.path().is_ident("cfg"));
                    unknown.extend(env.expand_cfg_attr(attrs));
                    true
                }
                Truth::False => match (member, public.then(|| env.gate(attrs)).flatten()) {
                    (Some(member), Some(gate)) if !built.contains(&member) => {
                        attrs.retain(|a| !a.path().is_ident("cfg"));
                        unknown.extend(env.expand_cfg_attr(attrs));
                        gated.push((member, gate));
                        true
                    }
                    _ => false,
                },
                Truth::Unknown(what) => {
                    unknown.push(what);
                    undecided.extend(member);
                    false
                }
            }
        };
    type Keep<'k> =
        dyn FnMut(&mut Vec<Attribute>, Option<contract_core::Member>, bool) -> bool + 'k;

    /// `variant`: the fields' variant. A named field of it is taken over by name; a
    /// tuple field is named by its place, which the fields before it decide, so the
    /// whole variant is.
    fn fields(f: &mut syn::Fields, variant: Option<&str>, keep: &mut Keep<'_>) {
        let tuple = matches!(f, syn::Fields::Unnamed(_));
        let list = match f {
            syn::Fields::Named(n) => &mut n.named,
            syn::Fields::Unnamed(u) => &mut u.unnamed,
            syn::Fields::Unit => return,
        };
        let kept: syn::punctuated::Punctuated<syn::Field, syn::Token![,]> = std::mem::take(list)
            .into_iter()
            .enumerate()
            .filter_map(|(i, mut field)| {
                let name = field
                    .ident
                    .as_ref()
                    .map_or_else(|| i.to_string(), |ident| ident.unraw().to_string());
                let member = match variant {
                    None => contract_core::Member::Field { name },
                    Some(variant) if tuple => contract_core::Member::variant(variant),
                    Some(variant) => contract_core::Member::variant_field(variant, &name),
                };
                let public = is_pub(&field.vis);
                keep(&mut field.attrs, Some(member), public).then_some(field)
            })
            .collect();
        *list = kept;
    }

    fn retain<T>(
        items: &mut Vec<T>,
        keep: &mut Keep<'_>,
        attrs: impl Fn(&mut T) -> Option<(&mut Vec<Attribute>, Option<contract_core::Member>, bool)>,
    ) {
        let mut kept = Vec::with_capacity(items.len());
        for mut i in items.drain(..) {
            if attrs(&mut i).is_none_or(|(attrs, member, public)| keep(attrs, member, public)) {
                kept.push(i);
            }
        }
        *items = kept;
    }
    let mut own = Vec::new();
    if let Some(attrs) = item_attrs_mut(item) {
        own = env.expand_cfg_attr(attrs);
    }
    match item {
        Item::Struct(s) => fields(&mut s.fields, None, &mut keep),
        Item::Union(u) => {
            let mut f = syn::Fields::Named(u.fields.clone());
            fields(&mut f, None, &mut keep);
            if let syn::Fields::Named(n) = f {
                u.fields = n;
            }
        }
        Item::Enum(e) => {
            let kept: syn::punctuated::Punctuated<syn::Variant, syn::Token![,]> =
                std::mem::take(&mut e.variants)
                    .into_iter()
                    .filter_map(|mut v| {
                        let name = v.ident.unraw().to_string();
                        if !keep(
                            &mut v.attrs,
                            Some(contract_core::Member::variant(&name)),
                            true,
                        ) {
                            return None;
                        }
                        fields(&mut v.fields, Some(&name), &mut keep);
                        Some(v)
                    })
                    .collect();
            e.variants = kept;
        }
        Item::Trait(t) => retain(&mut t.items, &mut keep, |i| match i {
            syn::TraitItem::Fn(f) => Some((&mut f.attrs, Some(method(&f.sig.ident)), true)),
            syn::TraitItem::Const(c) => Some((&mut c.attrs, Some(assoc_const(&c.ident)), true)),
            syn::TraitItem::Type(t) => Some((&mut t.attrs, Some(assoc_type(&t.ident)), true)),
            syn::TraitItem::Macro(m) => Some((&mut m.attrs, None, false)),
            _ => None,
        }),
        Item::Impl(i) => retain(&mut i.items, &mut keep, |i| match i {
            syn::ImplItem::Fn(f) => {
                let public = is_pub(&f.vis);
                Some((&mut f.attrs, Some(method(&f.sig.ident)), public))
            }
            syn::ImplItem::Const(c) => {
                let public = is_pub(&c.vis);
                Some((&mut c.attrs, Some(assoc_const(&c.ident)), public))
            }
            syn::ImplItem::Type(t) => {
                let public = is_pub(&t.vis);
                Some((&mut t.attrs, Some(assoc_type(&t.ident)), public))
            }
            syn::ImplItem::Macro(m) => Some((&mut m.attrs, None, false)),
            _ => None,
        }),
        Item::ForeignMod(f) => retain(&mut f.items, &mut keep, |i| {
            foreign_attrs_mut(i).map(|attrs| (attrs, None, false))
        }),
        _ => {}
    }
    own.extend(unknown);
    (own, undecided, gated)
}

/// The variants and the trait's or `impl`'s members of `item` that the build keeps
/// (or may: a cfg it cannot evaluate).
fn built_members(env: &cfg::Env, item: &Item) -> BTreeSet<contract_core::Member> {
    let kept = |attrs: &[Attribute]| !matches!(env.item(attrs), Truth::False);
    let mut out = BTreeSet::new();
    match item {
        Item::Enum(e) => out.extend(
            e.variants
                .iter()
                .filter(|v| kept(&v.attrs))
                .map(|v| contract_core::Member::variant(&v.ident.unraw().to_string())),
        ),
        Item::Impl(i) => out.extend(i.items.iter().filter_map(|m| match m {
            syn::ImplItem::Fn(f) if kept(&f.attrs) => Some(method(&f.sig.ident)),
            syn::ImplItem::Const(c) if kept(&c.attrs) => Some(assoc_const(&c.ident)),
            syn::ImplItem::Type(t) if kept(&t.attrs) => Some(assoc_type(&t.ident)),
            _ => None,
        })),
        Item::Trait(t) => out.extend(t.items.iter().filter_map(|m| match m {
            syn::TraitItem::Fn(f) if kept(&f.attrs) => Some(method(&f.sig.ident)),
            syn::TraitItem::Const(c) if kept(&c.attrs) => Some(assoc_const(&c.ident)),
            syn::TraitItem::Type(t) if kept(&t.attrs) => Some(assoc_type(&t.ident)),
            _ => None,
        })),
        _ => {}
    }
    out
}

/// The symbol a fn or static is exported under (`#[no_mangle]`, `#[export_name]`).
pub(super) fn exported_symbol(item: &Item) -> Option<String> {
    match item {
        Item::Fn(f) => syntax::export(&f.attrs, &f.sig.ident.unraw().to_string()),
        Item::Static(s) => syntax::export(&s.attrs, &s.ident.unraw().to_string()),
        _ => None,
    }
}

pub(super) fn impl_item_attrs_mut(item: &mut syn::ImplItem) -> Option<&mut Vec<Attribute>> {
    match item {
        syn::ImplItem::Const(c) => Some(&mut c.attrs),
        syn::ImplItem::Fn(f) => Some(&mut f.attrs),
        syn::ImplItem::Type(t) => Some(&mut t.attrs),
        syn::ImplItem::Macro(m) => Some(&mut m.attrs),
        _ => None,
    }
}

pub(super) fn foreign_attrs_mut(item: &mut syn::ForeignItem) -> Option<&mut Vec<Attribute>> {
    match item {
        syn::ForeignItem::Fn(f) => Some(&mut f.attrs),
        syn::ForeignItem::Static(s) => Some(&mut s.attrs),
        syn::ForeignItem::Type(t) => Some(&mut t.attrs),
        syn::ForeignItem::Macro(m) => Some(&mut m.attrs),
        _ => None,
    }
}

/// The members a `#[cfg]` may leave undecided, by their names.
pub(super) fn method(ident: &syn::Ident) -> contract_core::Member {
    contract_core::Member::Method {
        name: ident.unraw().to_string(),
    }
}

pub(super) fn assoc_const(ident: &syn::Ident) -> contract_core::Member {
    contract_core::Member::AssocConst {
        name: ident.unraw().to_string(),
    }
}

pub(super) fn assoc_type(ident: &syn::Ident) -> contract_core::Member {
    contract_core::Member::AssocType {
        name: ident.unraw().to_string(),
    }
}
