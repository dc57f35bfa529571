//! Attribute recognition: the items a `#[contract]` (or `pin_macro!`) pins, read as
//! the macro reads them, what the compiler would reject around them, and the impls
//! written by hand that a derive may stand for.

use super::*;

impl Scanner<'_> {
    /// `contract_pin::pin_macro!(name, …)`: the `macro_rules! name` of this file,
    /// registered as the macro registers it.
    pub(super) fn pin_macro(&mut self, m: &syn::ItemMacro, cx: &ModCx, file: &Path) {
        if cx.needs.is_some() {
            return;
        }
        let mut errors = Vec::new();
        let parsed = args::parse_pin_macro(m.mac.tokens.clone(), &mut errors);
        // Like the macro: any error, and nothing registers.
        let parsed_ok = errors.is_empty();
        let Some((name, parsed)) = parsed else {
            for e in errors {
                self.error(file, e.span(), e.to_string());
            }
            return;
        };
        for e in errors {
            self.error(file, e.span(), e.to_string());
        }
        // The definition is looked up in the file, as the macro does.
        let items = self.file_items.clone();
        let (definition, mut extracted) =
            match syntax::pinned_macro(&items.items, &name.to_string()) {
                Ok(found) => found,
                Err(message) => return self.error(file, name.span(), message),
            };
        if !parsed_ok {
            return;
        }
        extracted.spans = extracted.spans.map(|_| name.span());
        let definition = Item::Macro(definition.clone());
        self.register(extracted, &parsed, m.mac.path.span(), cx, &definition, file);
    }

    pub(super) fn pinned(&mut self, item: &Item, attrs: &[Attribute], cx: &ModCx, file: &Path) {
        // Under features the build leaves off: no build registers it.
        if cx.needs.is_some() {
            return;
        }
        let (found, unresolved) = contract_attrs(attrs, &cx.scope);
        for (span, why) in unresolved {
            self.warn(
                file,
                span,
                ScanExactness::MacroHidden,
                words::maybe_contract_attribute(&why),
            );
        }
        if found.is_empty() {
            return;
        }
        // An attribute macro above the contract attribute (`#[derive]` included) runs
        // first: the macro sees its output, the scan sees the source. Refuse, as the
        // two would not agree.
        if let Some(first) = found.first() {
            let hider = hiding_attribute(
                &attrs[..first.index],
                &first.before_in_cfg_attr,
                first.span,
                &cx.scope,
            );
            if let Some(hider) = hider {
                let (hider_line, _) = line_col(hider.span);
                let contract = attribute_text(&first.meta);
                self.error(
                    file,
                    first.span,
                    order::below(&contract, &hider.text, hider.derive, Some(hider_line)),
                );
                return;
            }
        }
        // The macro receives the item without the attribute being expanded; strip
        // every contract attribute (none is part of a shape).
        let mut stripped = item.clone();
        strip_contract_attrs(&mut stripped, &cx.scope);
        // The compiler expands the item's own `cfg_attr`s before the macro sees it.
        if let Some(attrs) = item_attrs_mut(&mut stripped) {
            let unknown = self.env.expand_cfg_attr(attrs);
            if let Some(what) = unknown.first() {
                self.warn(
                    file,
                    item.span(),
                    ScanExactness::CfgDependent,
                    words::cfg_attr_not_evaluated(what),
                );
            }
        }
        // The macro registers each member of an inherent `impl` under its own `#[cfg]`
        // (it cannot evaluate one): the build has the members whose `cfg` holds.
        let mut undecided = Vec::new();
        if let Item::Impl(block) = &mut stripped {
            if block.trait_.is_none() {
                let mut unknown = Vec::new();
                block.items.retain_mut(|member| {
                    let (attrs, member) = match member {
                        syn::ImplItem::Fn(f) => (&mut f.attrs, method(&f.sig.ident)),
                        syn::ImplItem::Const(c) => (&mut c.attrs, assoc_const(&c.ident)),
                        syn::ImplItem::Type(t) => (&mut t.attrs, assoc_type(&t.ident)),
                        _ => return true,
                    };
                    match self.env.item(attrs) {
                        Truth::True => {
                            // Evaluated: no longer a part read "as written".
                            attrs.retain(|a| !a.path().is_ident("cfg"));
                            true
                        }
                        Truth::False => false,
                        Truth::Unknown(what) => {
                            unknown.push(what);
                            undecided.push(member);
                            false
                        }
                    }
                });
                if let Some(what) = unknown.first() {
                    self.warn(
                        file,
                        item.span(),
                        ScanExactness::CfgDependent,
                        words::impl_member_not_evaluated(what),
                    );
                }
            }
        }
        for attr in found {
            // Its errors are reported with the item's, below.
            let mut errors = Vec::new();
            let parsed = args::parse(attr.fixed_set, attr.tokens.clone(), &mut errors);
            if self.options.is_public_api(&parsed.set) {
                self.error(
                    file,
                    attr.span,
                    contract_core::message::attribute_names_public_api_set(&parsed.set),
                );
                continue;
            }
            if let Some(predicate) = &attr.predicate {
                match self.env.eval(predicate) {
                    Truth::True => {}
                    truth => {
                        let name = item_ident(item).unwrap_or_else(|| "item".to_owned());
                        let (counted, why) = match truth {
                            Truth::Unknown(what) => {
                                let symbol = parsed.name.clone().unwrap_or_else(|| name.clone());
                                self.out.undecided.push((parsed.set.clone(), symbol));
                                (
                                    "taken as the golden has it",
                                    words::condition_not_evaluated(&what),
                                )
                            }
                            _ => (
                                "not counted",
                                "its condition does not hold in the build `cargo test` links"
                                    .to_owned(),
                            ),
                        };
                        self.warn(
                            file,
                            attr.span,
                            ScanExactness::CfgDependent,
                            words::pinned_through_cfg_attr(
                                &format!("{}::{name}", cx.path),
                                &parsed.set,
                                counted,
                                &why,
                            ),
                        );
                        continue;
                    }
                }
            }
            let scope = self.type_scopes.at(item_position(item));
            let extracted = match syntax::extract_all(&stripped, scope) {
                Ok(extracted) => extracted,
                Err(e) => {
                    errors.push(e);
                    Vec::new()
                }
            };
            // Like the macro: `path` names one item.
            let single = matches!(
                extracted.as_slice(),
                [one] if matches!(one.fragment, contract_core::Fragment::Item { .. })
            );
            if let (Some((_, span)), false) = (&parsed.path, single) {
                errors.push(syn::Error::new(
                    *span,
                    "`path` names one item: it cannot be given on an `impl` block or an \
                     `extern` block",
                ));
            }
            // Like the macro: any error, and the item registers nothing.
            let failed = !errors.is_empty();
            for e in errors {
                self.error(file, e.span(), e.to_string());
            }
            if failed {
                continue;
            }
            for extracted in extracted {
                self.register(extracted, &parsed, attr.span, cx, &stripped, file);
                if let Some(pinned) = self.out.pinned.last_mut() {
                    pinned.undecided.clone_from(&undecided);
                }
            }
        }
    }

    /// One registration of a pinned item, as its expansion would make it.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn register(
        &mut self,
        mut extracted: Extracted,
        parsed: &args::Args,
        at: Span,
        cx: &ModCx,
        stripped: &Item,
        file: &Path,
    ) {
        {
            if let contract_core::Fragment::Item { path, .. } = &mut extracted.fragment {
                *path = parsed
                    .path
                    .as_ref()
                    .map(|(p, _)| contract_core::syntax::tokens::to_string(p));
            }
            let name = parsed
                .name
                .clone()
                .unwrap_or_else(|| extracted.name.clone());
            let (line, _) = line_col(at);
            let what = format!("pinned item `{}::{name}` (set `{}`)", cx.path, parsed.set);
            if let Some(span) = inner_cfg(stripped) {
                self.warn(
                    file,
                    span,
                    ScanExactness::CfgDependent,
                    words::parts_under_cfg(&what),
                );
            }
            let golden = parsed
                .golden
                .as_ref()
                .map(|(relative, _)| file.parent().unwrap_or(Path::new(".")).join(relative));
            self.out.pinned.push(Pinned {
                set: parsed.set.clone(),
                name,
                module: cx.path.clone(),
                file: file.to_path_buf(),
                line,
                golden,
                item_name: extracted.name,
                locations: extracted.spans.map(line_col),
                text: extracted.fragment.compact_text().0,
                fragment: OnceLock::from(extracted.fragment),
                defined_in: None,
                undecided: Vec::new(),
                // The macro reads the same `impl` tokens, unexpanded: both front ends
                // see the members a macro defines alike (not at all).
                members_by_macro: false,
                written_in: None,
                needs: Vec::new(),
            });
        }
    }
}

/// Members of one type that several inherent `impl` blocks define under one name
/// (`impl<A> ArrayRef<A, Ix1> { pub fn dot… }` and `impl<A> ArrayRef<A, Ix2> { pub fn
/// dot… }` in ndarray, bitvec's `BitPtr::pointer`): each is named with its block's
/// self type, `dot (impl ArrayRef<A, Ix1>)`, as a public-API set must name every member
/// without an attribute. `selves[i]` is `pinned[i]`'s block's self type.
pub(super) fn qualify_shared_members(pinned: &mut [Pinned], selves: &[Option<String>]) {
    use contract_core::Fragment;
    // Only a symbol with several inherent blocks can have a name twice: only those
    // blocks are read.
    let mut blocks: BTreeMap<&str, usize> = BTreeMap::new();
    for (p, s) in pinned.iter().zip(selves) {
        if s.is_some() {
            *blocks.entry(&p.name).or_default() += 1;
        }
    }
    if blocks.values().all(|&n| n < 2) {
        return;
    }
    let parsed: Vec<Option<Fragment>> = pinned
        .iter()
        .zip(selves)
        .map(|(p, s)| {
            s.as_ref()?;
            if blocks.get(p.name.as_str()).is_none_or(|&n| n < 2) {
                return None;
            }
            match serde_json::from_str(&p.text) {
                Ok(f @ Fragment::Methods { .. }) => Some(f),
                _ => None,
            }
        })
        .collect();
    // (symbol, member kind, name) → how many blocks define it.
    let mut count: BTreeMap<(&str, &str, &str), usize> = BTreeMap::new();
    for (p, f) in pinned.iter().zip(&parsed) {
        if let Some(Fragment::Methods {
            methods,
            consts,
            types,
            ..
        }) = f
        {
            let names = methods
                .keys()
                .map(|n| ("fn", n))
                .chain(consts.keys().map(|n| ("const", n)))
                .chain(types.keys().map(|n| ("type", n)));
            for (kind, name) in names {
                *count.entry((&p.name, kind, name)).or_default() += 1;
            }
        }
    }
    let shared: BTreeSet<(String, &str, String)> = count
        .into_iter()
        .filter(|(_, n)| *n > 1)
        .map(|((symbol, kind, name), _)| (symbol.to_owned(), kind, name.to_owned()))
        .collect();
    if shared.is_empty() {
        return;
    }
    for ((p, f), self_ty) in pinned.iter_mut().zip(parsed).zip(selves) {
        let (
            Some(Fragment::Methods {
                mut methods,
                mut consts,
                mut types,
                unresolved,
            }),
            Some(self_ty),
        ) = (f, self_ty)
        else {
            continue;
        };
        let mut changed = false;
        let mut qualify = |kind: &str, name: String| {
            if shared.contains(&(p.name.clone(), kind, name.clone())) {
                changed = true;
                contract_core::shape::qualified_member(&name, self_ty)
            } else {
                name
            }
        };
        methods = methods
            .into_iter()
            .map(|(n, m)| (qualify("fn", n), m))
            .collect();
        consts = consts
            .into_iter()
            .map(|(n, c)| (qualify("const", n), c))
            .collect();
        types = types
            .into_iter()
            .map(|(n, t)| (qualify("type", n), t))
            .collect();
        if changed {
            p.text = Fragment::Methods {
                methods,
                consts,
                types,
                unresolved,
            }
            .compact_text()
            .0;
        }
    }
}

/// True when `m` calls contract-pin's `pin_macro!` (by path, or imported by name).
pub(super) fn is_pin_macro(m: &syn::ItemMacro, scope: &Scope) -> bool {
    if m.ident.is_some() {
        return false;
    }
    let path = scope.expand(&m.mac.path);
    match path.as_slice() {
        [.., krate, last] => last == "pin_macro" && krate == "contract_pin",
        [only] => only == "pin_macro" && scope.macro_use,
        [] => false,
    }
}

/// `impl Clone for Config` (a probed trait, by its last segment, for a named type).
/// Records a hand-written impl of a probed trait under the module it is in and its
/// self type's name; returns the self type's path as written and the trait, for the
/// lookup through the crate's names ([`Scanner::resolve_impls`]).
pub(super) fn record_impl(
    i: &syn::ItemImpl,
    module: &str,
    out: &mut BTreeMap<(String, String), BTreeSet<String>>,
) -> Option<(Vec<String>, String)> {
    let (Some((path, _)), None) = (&i.trait_, &i.modifiers.polarity) else {
        return None;
    };
    let t = path.segments.last()?.ident.to_string();
    let syn::Type::Path(ty) = &*i.self_ty else {
        return None;
    };
    if ty.qself.is_some() {
        return None;
    }
    let last = ty.path.segments.last()?;
    if !covers_every_instance(i, last, &t) {
        return None;
    }
    out.entry((module.to_owned(), last.ident.to_string()))
        .or_default()
        .insert(t.clone());
    let mut written: Vec<String> = ty
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    if ty.path.leading_colon.is_some() {
        written.insert(0, String::new());
    }
    Some((written, t))
}

/// Whether `impl<…> Trait for Type<…>` holds for every instance of `Type` that a
/// `#[derive(Trait)]` made it hold for (`impl<T: Clone> Clone for Slab<T>`): the
/// self type's arguments are the impl's own parameters, and no parameter is bound by
/// another trait the probe knows (`?Sized`, lifetimes and the type's own bounds
/// aside). `impl<T: Copy> Clone for Slab<T>`, or one for `Slab<u8>` only, is not.
pub(super) fn covers_every_instance(
    i: &syn::ItemImpl,
    self_ty: &syn::PathSegment,
    trait_name: &str,
) -> bool {
    use syn::{GenericArgument, GenericParam, PathArguments, TypeParamBound, WherePredicate};
    // A bound of another probed trait (`T: Copy` on a `Clone` impl, `T: Send`) is
    // narrower than the derive's; any other bound is taken to be the type's own
    // (`Tz: TimeZone` of `struct DateTime<Tz: TimeZone>`), which the derive repeats.
    // The type's declaration is not at hand here: an approximation, towards "no break".
    let only_the_trait = |bounds: &syn::punctuated::Punctuated<TypeParamBound, syn::Token![+]>| {
        bounds.iter().all(|b| match b {
            TypeParamBound::Trait(t) => {
                t.maybe.is_some()
                    || t.path.segments.last().is_none_or(|s| {
                        s.ident == trait_name || ProbedTrait::parse(&s.ident.to_string()).is_none()
                    })
            }
            TypeParamBound::Lifetime(_) => true,
            _ => false,
        })
    };
    let mut params = Vec::new();
    for param in &i.generics.params {
        match param {
            GenericParam::Type(t) if only_the_trait(&t.bounds) => params.push(t.ident.to_string()),
            GenericParam::Type(_) => return false,
            GenericParam::Const(c) => params.push(c.ident.to_string()),
            GenericParam::Lifetime(_) => {}
        }
    }
    // A `where` bound of the trait on a parameter, on a projection of one
    // (`<Tz as TimeZone>::Offset: Copy`: what a derive adds for such a field), or on
    // a type of no parameter; a bound on another type of a parameter narrows.
    let names_a_param = |ty: &syn::Type| {
        quote::ToTokens::to_token_stream(ty).into_iter().any(
            |t| matches!(t, proc_macro2::TokenTree::Ident(i) if params.contains(&i.to_string())),
        )
    };
    let where_ok = i.generics.where_clause.as_ref().is_none_or(|w| {
        w.predicates.iter().all(|p| match p {
            WherePredicate::Type(t) => {
                let bounded = match &t.bounded_ty {
                    syn::Type::Path(p) if p.qself.is_some() => true,
                    syn::Type::Path(p) => p
                        .path
                        .segments
                        .first()
                        .is_some_and(|s| params.contains(&s.ident.to_string())),
                    other => !names_a_param(other),
                } || !names_a_param(&t.bounded_ty);
                bounded && only_the_trait(&t.bounds)
            }
            _ => true,
        })
    });
    let args: Vec<Option<String>> = match &self_ty.arguments {
        PathArguments::None => Vec::new(),
        PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|arg| match arg {
                GenericArgument::Lifetime(_) => None,
                GenericArgument::Type(syn::Type::Path(p)) => {
                    Some(p.path.get_ident().map(ToString::to_string))
                }
                GenericArgument::Const(syn::Expr::Path(p)) => {
                    Some(p.path.get_ident().map(ToString::to_string))
                }
                _ => Some(None),
            })
            .collect(),
        PathArguments::Parenthesized(_) => return false,
    };
    let args_are_params = args.len() == params.len()
        && args
            .iter()
            .all(|a| a.as_ref().is_some_and(|a| params.contains(a)));
    where_ok && args_are_params
}

/// Pinned types whose serde impls are written by hand (an `impl Serialize` in the
/// sources, no serde derive): their wire form cannot be derived. Recorded, not
/// warned about here: whether the set vouches for them (`wire_vouched`) is the
/// policy's to say ([`crate::model`]).
pub(super) fn hand_written_serde(scan: &mut PackageScan) {
    let mut found = Vec::new();
    for p in &scan.pinned {
        let contract_core::Fragment::Item { item, .. } = p.fragment() else {
            continue;
        };
        let Some(container) = item.container() else {
            continue;
        };
        if container.has_wire() {
            continue;
        }
        let traits: Vec<String> = scan
            .impls_of(&p.module, &p.item_name, None)
            .iter()
            .filter(|t| ProbedTrait::parse(t).is_some_and(ProbedTrait::is_serde))
            .cloned()
            .collect();
        if traits.is_empty() {
            continue;
        }
        found.push(HandWritten {
            set: p.set.clone(),
            name: p.name.clone(),
            file: p.file.clone(),
            line: p.line,
            traits,
        });
    }
    scan.hand_written_serde = found;
}

impl HandWritten {
    /// The warning that no wire check covers this type.
    pub fn warning(&self) -> Finding {
        let at = format!("{}:{}", self.file.display(), self.line);
        Finding {
            file: self.file.clone(),
            line: self.line,
            col: 1,
            message: contract_core::probe::hand_written(&self.name, &at, &self.traits.join("`/`")),
        }
    }
}

/// Items nested in blocks of an item (fn bodies, const initialisers), not below them;
/// and the attributes on the item's parts (fields, variants, methods, statements…),
/// where a contract attribute is not accepted.
#[derive(Default)]
pub(super) struct Nested<'ast> {
    pub(super) items: Vec<&'ast Item>,
    pub(super) depth: usize,
    /// Attributes on parts, with what the part is.
    pub(super) parts: Vec<(&'ast Attribute, &'static str)>,
}

impl Nested<'_> {
    /// The parts' attributes that are contract-pin's, with their span.
    pub(super) fn misplaced(&self, scope: &Scope) -> Vec<(Span, &'static str)> {
        self.parts
            .iter()
            .filter(|(attr, _)| matches!(args::resolve(attr, scope), Resolution::Contract(_)))
            .map(|(attr, place)| (attr.span(), *place))
            .collect()
    }
}

impl<'ast> syn::visit::Visit<'ast> for Nested<'ast> {
    fn visit_item(&mut self, item: &'ast Item) {
        if self.depth == 0 {
            self.depth += 1;
            syn::visit::visit_item(self, item);
            self.depth -= 1;
        } else {
            self.items.push(item);
        }
    }

    fn visit_field(&mut self, f: &'ast syn::Field) {
        self.parts.extend(f.attrs.iter().map(|a| (a, "a field")));
        syn::visit::visit_field(self, f);
    }

    fn visit_variant(&mut self, v: &'ast syn::Variant) {
        self.parts
            .extend(v.attrs.iter().map(|a| (a, "an enum variant")));
        syn::visit::visit_variant(self, v);
    }

    fn visit_impl_item(&mut self, i: &'ast syn::ImplItem) {
        let attrs: &[Attribute] = match i {
            syn::ImplItem::Fn(f) => &f.attrs,
            syn::ImplItem::Const(c) => &c.attrs,
            syn::ImplItem::Type(t) => &t.attrs,
            syn::ImplItem::Macro(m) => &m.attrs,
            _ => &[],
        };
        self.parts
            .extend(attrs.iter().map(|a| (a, "an item of an `impl` block")));
        syn::visit::visit_impl_item(self, i);
    }

    fn visit_trait_item(&mut self, i: &'ast syn::TraitItem) {
        let attrs: &[Attribute] = match i {
            syn::TraitItem::Fn(f) => &f.attrs,
            syn::TraitItem::Const(c) => &c.attrs,
            syn::TraitItem::Type(t) => &t.attrs,
            syn::TraitItem::Macro(m) => &m.attrs,
            _ => &[],
        };
        self.parts
            .extend(attrs.iter().map(|a| (a, "an item of a trait")));
        syn::visit::visit_trait_item(self, i);
    }

    fn visit_foreign_item(&mut self, i: &'ast syn::ForeignItem) {
        let attrs: &[Attribute] = match i {
            syn::ForeignItem::Fn(f) => &f.attrs,
            syn::ForeignItem::Static(s) => &s.attrs,
            syn::ForeignItem::Type(t) => &t.attrs,
            syn::ForeignItem::Macro(m) => &m.attrs,
            _ => &[],
        };
        self.parts
            .extend(attrs.iter().map(|a| (a, "an item of an `extern` block")));
        syn::visit::visit_foreign_item(self, i);
    }

    fn visit_local(&mut self, l: &'ast syn::Local) {
        self.parts
            .extend(l.attrs.iter().map(|a| (a, "a statement")));
        syn::visit::visit_local(self, l);
    }

    fn visit_stmt_macro(&mut self, m: &'ast syn::StmtMacro) {
        self.parts
            .extend(m.attrs.iter().map(|a| (a, "a statement")));
        syn::visit::visit_stmt_macro(self, m);
    }
}

pub(super) struct ContractAttr {
    pub(super) fixed_set: Option<&'static str>,
    pub(super) tokens: TokenStream,
    pub(super) span: Span,
    /// The predicate of the `cfg_attr` it is written in.
    pub(super) predicate: Option<Meta>,
    /// Its index among the item's attributes.
    pub(super) index: usize,
    /// The attribute as written (inside its `cfg_attr`, if any).
    pub(super) meta: Meta,
    /// For an attribute inside `cfg_attr`: the attributes before it there.
    pub(super) before_in_cfg_attr: Vec<Meta>,
}

/// The attributes of `attrs` that resolve to contract-pin's in `scope`, and those
/// whose origin the sources do not tell (span, why).
pub(super) fn contract_attrs(
    attrs: &[Attribute],
    scope: &Scope,
) -> (Vec<ContractAttr>, Vec<(Span, String)>) {
    let mut out = Vec::new();
    let mut unresolved = Vec::new();
    for (index, attr) in attrs.iter().enumerate() {
        if attr.path().is_ident("cfg_attr") {
            let metas = cfg_attr_metas(attr);
            for (i, meta) in metas.iter().enumerate() {
                match args::resolve_meta(meta, scope) {
                    Resolution::Contract(fixed_set) => out.push(ContractAttr {
                        fixed_set,
                        tokens: args::arguments(meta),
                        span: attr.span(),
                        predicate: cfg_attr_predicate(attr),
                        index,
                        meta: meta.clone(),
                        before_in_cfg_attr: metas[..i].to_vec(),
                    }),
                    Resolution::Unresolved(why) => unresolved.push((attr.span(), why)),
                    Resolution::Other => {}
                }
            }
            continue;
        }
        match args::resolve(attr, scope) {
            Resolution::Contract(fixed_set) => out.push(ContractAttr {
                fixed_set,
                tokens: args::arguments(&attr.meta),
                span: attr.span(),
                predicate: None,
                index,
                meta: attr.meta.clone(),
                before_in_cfg_attr: Vec::new(),
            }),
            Resolution::Unresolved(why) => unresolved.push((attr.span(), why)),
            Resolution::Other => {}
        }
    }
    (out, unresolved)
}

/// `pred` of `#[cfg_attr(pred, …)]`.
pub(super) fn cfg_attr_predicate(attr: &Attribute) -> Option<Meta> {
    attr.parse_args_with(syn::punctuated::Punctuated::<Meta, syn::Token![,]>::parse_terminated)
        .ok()?
        .into_iter()
        .next()
}

pub(super) fn strip_contract_attrs(item: &mut Item, scope: &Scope) {
    let ours = |meta: &Meta| matches!(args::resolve_meta(meta, scope), Resolution::Contract(_));
    let keep = |attr: &Attribute| {
        if ours(&attr.meta) {
            return false;
        }
        !(attr.path().is_ident("cfg_attr") && cfg_attr_metas(attr).iter().any(ours))
    };
    if let Some(attrs) = item_attrs_mut(item) {
        attrs.retain(keep);
    }
}

/// `#[cfg(pred)]` → `pred`, as written.
pub(super) fn cfg_predicate(attr: &Attribute) -> Option<String> {
    if !attr.path().is_ident("cfg") {
        return None;
    }
    match &attr.meta {
        Meta::List(list) => Some(contract_core::syntax::tokens::tokens_to_string(
            &list.tokens,
        )),
        _ => Some(String::new()),
    }
}

/// The span of a `cfg_attr` on a pinned item, or of a `cfg`/`cfg_attr` on one of its
/// parts (field, variant, method, trait item): the compiler resolves them before the
/// macro sees the item. (`cfg` on the item itself is reported with its module context.)
pub(super) fn inner_cfg(item: &Item) -> Option<Span> {
    let is_cfg = |a: &&Attribute| a.path().is_ident("cfg") || a.path().is_ident("cfg_attr");
    let first = |attrs: &[Attribute]| attrs.iter().find(is_cfg).map(Spanned::span);
    let fields = |fields: &syn::Fields| fields.iter().find_map(|f| first(&f.attrs));
    let own = args::item_attrs(item)
        .iter()
        .find(|a| a.path().is_ident("cfg_attr"))
        .map(Spanned::span);
    own.or_else(|| match item {
        Item::Struct(s) => fields(&s.fields),
        Item::Enum(e) => e
            .variants
            .iter()
            .find_map(|v| first(&v.attrs).or_else(|| fields(&v.fields))),
        Item::Trait(t) => t.items.iter().find_map(|i| match i {
            syn::TraitItem::Fn(f) => first(&f.attrs),
            syn::TraitItem::Type(ty) => first(&ty.attrs),
            syn::TraitItem::Const(c) => first(&c.attrs),
            _ => None,
        }),
        Item::Impl(i) => i.items.iter().find_map(|i| match i {
            syn::ImplItem::Fn(f) => first(&f.attrs),
            _ => None,
        }),
        _ => None,
    })
}
