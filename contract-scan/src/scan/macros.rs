//! What the crate's macros write: module-level calls and `impl` members expanded with
//! the crate's own `macro_rules!`, its dependencies' exported ones and `paste!`, and
//! what a body that does not expand still declares.

use super::*;

impl Scanner<'_> {
    /// The items a module-level macro invocation spells out in its body (ppv-lite86
    /// 0.2.21's `zerocopy::cryptocorrosion_derive_traits! { pub union vec128_storage {
    /// … } }`): the command expands no macro, so what the call defines is not known,
    /// but an item its body writes out may well be one of them. Each is a name of the
    /// module (a `pub use` reaches it) taken as the golden has it, as an item under a
    /// cfg this command cannot evaluate is; a body that is not items defines nothing
    /// this command can name.
    pub(super) fn macro_defined(
        &mut self,
        m: &syn::ItemMacro,
        index: usize,
        cx: &ModCx,
        file: &Path,
    ) {
        if let Some(items) = self.expand_items(m) {
            return self.expanded(|scanner| {
                for item in &items {
                    scanner.collect_expanded(item, index, cx, file);
                }
            });
        }
        if let Some((name, _)) = self.own_rules(&m.mac) {
            self.warn(
                file,
                m.span(),
                ScanExactness::CfgDependent,
                words::own_macro_unexpanded(&name),
            );
        }
        // A body that is not items may still declare one in its own syntax
        // (digest 0.11's `buffer_fixed!(pub struct Md5(Md5Core); oid: "…"; impl: …;)`):
        // each `pub struct Name` it spells, as an item of that kind and name.
        let body = syn::parse2::<syn::File>(m.mac.tokens.clone())
            .ok()
            .unwrap_or_else(|| syn::File {
                shebang: None,
                frontmatter: None,
                attrs: Vec::new(),
                items: declared_items(m.mac.tokens.clone()),
            });
        let public: Vec<String> = body
            .items
            .iter()
            .filter(|item| item_vis(item).is_some_and(is_pub))
            .filter_map(item_ident)
            .collect();
        if public.is_empty() {
            return;
        }
        self.warn(
            file,
            m.span(),
            ScanExactness::CfgDependent,
            words::items_by_macro(&path_string(&m.mac.path), &public),
        );
        for item in &body.items {
            self.collect(item, index, cx, file, true);
        }
    }

    /// `include!("x.rs")` at module level: the file's items are the module's, read as
    /// if written there (chrono-tz 0.10.3 writes every zone through
    /// `include!(concat!(env!("OUT_DIR"), "/timezones.rs"))`). The path is the
    /// argument's string literals and `concat!`, with `env!("OUT_DIR")` the build
    /// script's output directory and `env!("CARGO_MANIFEST_DIR")` the package's; a
    /// relative path is the including file's directory's, as rustc reads it. Returns
    /// whether `m` is such a call; one whose file cannot be named or read is said, its
    /// items unseen.
    pub(super) fn include(&mut self, m: &syn::ItemMacro, cx: &ModCx, file: &Path) -> bool {
        let is_include = m.ident.is_none()
            && m.mac.path.segments.len() <= 2
            && m.mac
                .path
                .segments
                .last()
                .is_some_and(|s| s.ident == "include")
            && m.mac
                .path
                .segments
                .first()
                .is_some_and(|s| s.ident == "include" || s.ident == "std" || s.ident == "core");
        if !is_include {
            return false;
        }
        // A test's or bench's generated code (typenum 1.18's 20,000-line `tests.rs`) is
        // no API, and pins are not written there: only the library follows it.
        if !self.library {
            return true;
        }
        // Under a cfg the command cannot evaluate, its items are as undecided as the
        // module's would be.
        let undecided = match self.env.item(&m.attrs) {
            Truth::False => return true,
            Truth::Unknown(what) => Some(what),
            Truth::True => None,
        };
        let written = contract_core::syntax::tokens::to_string(&m.mac.tokens);
        let target = m
            .mac
            .parse_body::<syn::Expr>()
            .ok()
            .and_then(|e| self.include_path(&e))
            .map(|p| match p.is_absolute() {
                true => p,
                false => file.parent().unwrap_or(Path::new(".")).join(p),
            });
        // As an item under a cfg this command cannot evaluate: what it holds is not in
        // the golden, which `update` may still write.
        let unseen = |scanner: &mut Self, why: String| {
            scanner.warn(
                file,
                m.span(),
                ScanExactness::CfgDependent,
                words::include_unread(&written, &cx.path, &why),
            );
        };
        let Some(target) = target else {
            let why = match self.options.out_dir {
                None if written.contains("OUT_DIR") => words::INCLUDE_NO_OUT_DIR,
                _ => words::INCLUDE_NOT_A_PATH,
            };
            unseen(self, why.to_owned());
            return true;
        };
        let read = std::fs::read_to_string(&target);
        self.inputs.push(Input::read(&target, &read));
        let parsed = match read.map(|text| (contract_core::syntax::parse_file(&text), text)) {
            Ok((Ok(parsed), text)) => (parsed, text),
            Ok((Err(e), _)) => {
                unseen(self, words::include_unparsed(&target.display(), &e));
                return true;
            }
            Err(e) => {
                unseen(self, words::include_unreadable(&target.display(), &e));
                return true;
            }
        };
        let (parsed, text) = parsed;
        let mut inner = cx.clone();
        if let Some(what) = undecided {
            inner.undecided.get_or_insert(what);
        }
        // rustc reads a `mod x;` the file declares beside the file (osmpbf 0.3's
        // generated `mod.rs` in `OUT_DIR` declares `pub mod fileformat;`).
        if let Some(dir) = target.parent() {
            inner.children_dir = dir.to_path_buf();
            inner.path_attr_dir = dir.to_path_buf();
        }
        inner.scope.add(parsed.items.iter());
        let parsed = Rc::new(parsed);
        let start = m.span().start();
        let at_call = self.type_scopes.at((start.line, start.column));
        let scopes = FileScopes::of_file(&text).included_in(at_call);
        let outer = std::mem::replace(&mut self.type_scopes, scopes);
        let outer_items = std::mem::replace(&mut self.file_items, parsed.clone());
        self.expanded(|scanner| {
            for item in &parsed.items {
                scanner.item(item, &inner, &target);
            }
        });
        self.type_scopes = outer;
        self.file_items = outer_items;
        true
    }

    /// The path an `include!` argument names: string literals, `concat!` of them,
    /// `env!("OUT_DIR")` and `env!("CARGO_MANIFEST_DIR")`.
    fn include_path(&self, expr: &syn::Expr) -> Option<PathBuf> {
        fn text(scanner: &Scanner<'_>, expr: &syn::Expr) -> Option<String> {
            match expr {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                syn::Expr::Macro(m) if m.mac.path.is_ident("concat") => {
                    let parts = m
                        .mac
                        .parse_body_with(
                            syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated,
                        )
                        .ok()?;
                    parts.iter().map(|p| text(scanner, p)).collect()
                }
                syn::Expr::Macro(m) if m.mac.path.is_ident("env") => {
                    let name = m.mac.parse_body::<syn::LitStr>().ok()?.value();
                    let dir = match name.as_str() {
                        "OUT_DIR" => scanner.options.out_dir.clone()?,
                        "CARGO_MANIFEST_DIR" => scanner.manifest_dir.clone(),
                        _ => return None,
                    };
                    Some(dir.to_string_lossy().into_owned())
                }
                _ => None,
            }
        }
        text(self, expr).map(PathBuf::from)
    }

    /// Records a `macro_rules!` definition, for the calls after it.
    pub(super) fn define(&mut self, item: &Item) {
        if let Item::Macro(syn::ItemMacro {
            ident: Some(name),
            mac,
            ..
        }) = item
        {
            if mac.path.is_ident("macro_rules") {
                if let Some(rules) = MacroRules::parse(mac.tokens.clone()) {
                    self.macros.insert(name.unraw().to_string(), Rc::new(rules));
                }
            }
        }
    }

    /// The crate's own `macro_rules!` a call names, by its name or a path through
    /// `crate`/`self`/`super`, with that name.
    fn own_rules(&self, mac: &syn::Macro) -> Option<(String, Rc<MacroRules>)> {
        let segments = &mac.path.segments;
        let local = mac.path.leading_colon.is_none()
            && segments
                .iter()
                .take(segments.len().saturating_sub(1))
                .all(|s| s.ident == "crate" || s.ident == "self" || s.ident == "super");
        let name = segments.last()?.ident.unraw().to_string();
        let rules = self.macros.get(&name).filter(|_| local)?.clone();
        Some((name, rules))
    }

    /// What a macro call expands to, when this command can expand it: the crate's own
    /// `macro_rules!` (by its name, or a path through `crate`/`self`/`super`), a
    /// dependency's `#[macro_export]` ones (`dep::name!`, or `name!` that no local
    /// macro answers) and `paste!`. `None` for anything else, and past the expansion
    /// depth.
    pub(super) fn expand_call(&mut self, mac: &syn::Macro) -> Option<TokenStream> {
        if self.expansion_depth >= 64 {
            return None;
        }
        let segments: Vec<String> = mac
            .path
            .segments
            .iter()
            .map(|s| s.ident.unraw().to_string())
            .collect();
        let (name, prefix) = segments.split_last()?;
        if let Some((_, rules)) = self.own_rules(mac) {
            return rules.expand(mac.tokens.clone(), &quote::quote!(crate)).ok();
        }
        let prefix_names: Vec<&str> = prefix.iter().map(String::as_str).collect();
        // A path call (`crate::name!`, `$crate::name!` in the crate's own macros,
        // `crate::util::name!`) reaches a `#[macro_export]` or `pub(crate) use`d macro
        // wherever it is written, before or after the call (writeable 0.6.4's
        // `crate::impl_writeable_delegate!(String, …)` in a module read before lib.rs
        // defines it).
        if matches!(prefix_names.first(), Some(&("crate" | "self" | "super"))) {
            if let Some(rules) = self.path_macro(name) {
                return rules.expand(mac.tokens.clone(), &quote::quote!(crate)).ok();
            }
        }
        match (prefix_names.as_slice(), name.as_str()) {
            ([] | ["paste"], "paste") | (["paste"], "item") => {
                return macro_rules::paste(mac.tokens.clone())
            }
            ([] | ["std" | "core"], "cfg_select") => {
                return macro_rules::cfg_select(mac.tokens.clone())
            }
            _ => {}
        }
        let dependency = match prefix {
            [] => self.dependency_exporting(name),
            [dep] => Some(dep.clone()),
            _ => return None,
        };
        let rules = dependency.and_then(|d| {
            let rules = self.dependency_macros(&d).get(name)?.clone();
            Some((d, rules))
        });
        let Some((dependency, rules)) = rules else {
            // cfg-if's sources not at hand (no lock file, a version not unpacked): its
            // one documented form, by hand, rather than every item inside unseen.
            let cfg_if = matches!(prefix_names.as_slice(), [] | ["cfg_if"]) && name == "cfg_if";
            return cfg_if
                .then(|| macro_rules::cfg_if(mac.tokens.clone()))
                .flatten();
        };
        let krate = syn::Ident::new(&dependency, proc_macro2::Span::call_site());
        rules
            .expand(mac.tokens.clone(), &quote::quote!(::#krate))
            .ok()
    }

    /// The library's one `macro_rules! name`, for a call by path: read from every file
    /// of its directory the first time a path call needs it.
    fn path_macro(&mut self, name: &str) -> Option<Rc<MacroRules>> {
        if self.path_macros.is_none() {
            let mut found: BTreeMap<String, Option<Rc<MacroRules>>> = BTreeMap::new();
            let dir = self.library_dir.clone();
            for text in self.texts_containing(dir.as_deref(), "macro_rules") {
                if let Ok(parsed) = contract_core::syntax::parse_file(&text) {
                    let mut each = Vec::new();
                    macro_definitions(&parsed.items, &mut each);
                    for (defined, rules) in each {
                        found
                            .entry(defined)
                            .and_modify(|twice| *twice = None)
                            .or_insert(Some(rules));
                    }
                }
            }
            self.path_macros = Some(found);
        }
        self.path_macros.as_ref()?.get(name)?.clone()
    }

    /// The text of every Rust file under `dir` that contains `needle`, each file read
    /// recorded as an input of the scan.
    fn texts_containing(&mut self, dir: Option<&Path>, needle: &str) -> Vec<String> {
        let mut files = Vec::new();
        if let Some(dir) = dir {
            rust_files(dir, false, &mut files);
        }
        let mut out = Vec::new();
        for file in files {
            let read = std::fs::read_to_string(&file);
            self.inputs.push(Input::read(&file, &read));
            if let Ok(text) = read {
                if text.contains(needle) {
                    out.push(text);
                }
            }
        }
        out
    }

    /// The dependency whose sources define a `#[macro_export] macro_rules! name`, for
    /// a call by its bare name: those already read first, then each in turn.
    pub(super) fn dependency_exporting(&mut self, name: &str) -> Option<String> {
        if let Some((dep, _)) = self
            .dependency_macros
            .iter()
            .find(|(_, macros)| macros.contains_key(name))
        {
            return Some(dep.clone());
        }
        let unread: Vec<String> = self
            .options
            .dependencies
            .iter()
            .map(|(dep, _)| dep.clone())
            .filter(|dep| !self.dependency_macros.contains_key(dep))
            .collect();
        unread
            .into_iter()
            .find(|dep| self.dependency_macros(dep).contains_key(name))
    }

    /// The `#[macro_export]` macros of `dependency`, read from the files of its
    /// library's directory (where in the crate they are written does not matter: an
    /// exported macro is at its root).
    pub(super) fn dependency_macros(
        &mut self,
        dependency: &str,
    ) -> &BTreeMap<String, Rc<MacroRules>> {
        if !self.dependency_macros.contains_key(dependency) {
            let mut found = BTreeMap::new();
            let root = self
                .options
                .dependencies
                .iter()
                .find(|(dep, _)| dep == dependency)
                .map(|(_, root)| root.clone());
            for text in
                self.texts_containing(root.as_deref().and_then(Path::parent), "macro_export")
            {
                if let Ok(parsed) = syn::parse_file(&text) {
                    exported_macros(&parsed.items, &mut found);
                }
            }
            self.dependency_macros.insert(dependency.to_owned(), found);
        }
        &self.dependency_macros[dependency]
    }

    /// The items a module-level macro call expands to, each under the call's own
    /// `#[cfg]`s.
    pub(super) fn expand_items(&mut self, m: &syn::ItemMacro) -> Option<Vec<Item>> {
        let tokens = self.expand_call(&m.mac)?;
        let mut items = syn::parse2::<syn::File>(tokens).ok()?.items;
        let cfgs = cfg_attrs(&m.attrs);
        for item in &mut items {
            syn::visit_mut::VisitMut::visit_item_mut(&mut TypeMacros { scanner: self }, item);
            if let Some(attrs) = item_attrs_mut(item) {
                attrs.splice(0..0, cfgs.iter().cloned());
            }
        }
        Some(items)
    }

    /// Reads what an expansion wrote, one level deeper (see [`Scanner::expand_call`]'s
    /// limit).
    pub(super) fn expanded(&mut self, read: impl FnOnce(&mut Self)) {
        self.expansion_depth += 1;
        read(self);
        self.expansion_depth -= 1;
    }

    /// An item a macro call wrote out, read as an item written there would be.
    pub(super) fn collect_expanded(&mut self, item: &Item, index: usize, cx: &ModCx, file: &Path) {
        // `const _: () = { impl Flags { … } };` (bitflags 2): the impls in the block
        // are the type's, wherever they are written.
        if let Item::Const(c) = item {
            if let (true, syn::Expr::Block(block)) = (c.ident == "_", &*c.expr) {
                let outer = std::mem::replace(&mut self.in_const_block, true);
                for stmt in &block.block.stmts {
                    match stmt {
                        syn::Stmt::Item(inner @ (Item::Impl(_) | Item::Macro(_))) => {
                            self.collect_expanded(inner, index, cx, file)
                        }
                        syn::Stmt::Macro(m) => {
                            let call = Item::Macro(syn::ItemMacro {
                                attrs: m.attrs.clone(),
                                ident: None,
                                mac: m.mac.clone(),
                                semi_token: m.semi_token,
                            });
                            self.collect_expanded(&call, index, cx, file);
                        }
                        _ => {}
                    }
                }
                self.in_const_block = outer;
                return;
            }
        }
        if self.in_const_block && !matches!(item, Item::Impl(_) | Item::Macro(_)) {
            return;
        }
        if let Item::Macro(m) = item {
            if m.ident.is_none() {
                return self.collect(item, index, cx, file, cx.undecided.is_some());
            }
        }
        match self.env.item(args::item_attrs(item)) {
            // What some choice of the features the build leaves off builds: a
            // public-API set's, under its gate.
            Truth::False => {
                if let Some(gate) = self.env.gate(args::item_attrs(item)) {
                    let cx = ModCx {
                        needs: crate::api::and_gates(cx.needs.clone(), Some(gate)),
                        ..cx.clone()
                    };
                    self.collect(item, index, &cx, file, cx.undecided.is_some());
                }
                return;
            }
            Truth::True => self.collect(item, index, cx, file, cx.undecided.is_some()),
            Truth::Unknown(what) => {
                let (line, _) = line_col(item.span());
                self.not_evaluated.push((file.to_path_buf(), line, what));
                self.collect(item, index, cx, file, true);
            }
        }
        self.define(item);
    }

    /// Replaces each macro call among an inherent impl's members with the members it
    /// expands to (under the call's `#[cfg]`s); a call that cannot be expanded stays.
    pub(super) fn expand_members(&mut self, block: &mut syn::ItemImpl) {
        self.expand_member_calls(
            &mut block.items,
            |m| match m {
                syn::ImplItem::Macro(call) => Some((&call.mac, &call.attrs)),
                _ => None,
            },
            |types, e| syn::visit_mut::VisitMut::visit_impl_item_mut(types, e),
            impl_item_attrs_mut,
        );
    }

    /// A trait's members written by macro calls (`declare_method!(…);` in special
    /// 0.14's `trait Elliptic`), expanded as [`Scanner::expand_members`] expands an
    /// `impl`'s.
    pub(super) fn expand_trait_members(&mut self, block: &mut syn::ItemTrait) {
        self.expand_member_calls(
            &mut block.items,
            |m| match m {
                syn::TraitItem::Macro(call) => Some((&call.mac, &call.attrs)),
                _ => None,
            },
            |types, e| syn::visit_mut::VisitMut::visit_trait_item_mut(types, e),
            |e| match e {
                syn::TraitItem::Const(c) => Some(&mut c.attrs),
                syn::TraitItem::Fn(f) => Some(&mut f.attrs),
                syn::TraitItem::Type(t) => Some(&mut t.attrs),
                syn::TraitItem::Macro(m) => Some(&mut m.attrs),
                _ => None,
            },
        );
    }

    /// The items of an `extern` block written by macro calls (ring 0.17's
    /// `prefixed_item!` in the blocks its `prefixed_extern!` writes), expanded as
    /// [`Scanner::expand_members`] expands an `impl`'s.
    pub(super) fn expand_foreign_items(&mut self, block: &mut syn::ItemForeignMod) {
        self.expand_member_calls(
            &mut block.items,
            |m| match m {
                syn::ForeignItem::Macro(call) => Some((&call.mac, &call.attrs)),
                _ => None,
            },
            |types, e| syn::visit_mut::VisitMut::visit_foreign_item_mut(types, e),
            foreign_attrs_mut,
        );
    }

    /// Each member of `items` that `call` says is a macro call, replaced by the
    /// members it expands to (the call's cfgs on each), until none expands.
    fn expand_member_calls<T: syn::parse::Parse>(
        &mut self,
        items: &mut Vec<T>,
        call: impl Fn(&T) -> Option<(&syn::Macro, &Vec<Attribute>)>,
        visit: impl Fn(&mut TypeMacros<'_, '_>, &mut T),
        attrs_mut: impl Fn(&mut T) -> Option<&mut Vec<Attribute>>,
    ) {
        let mut rounds = 0;
        while rounds < 64 && items.iter().any(|m| call(m).is_some()) {
            rounds += 1;
            let mut changed = false;
            let mut members = Vec::with_capacity(items.len());
            for member in std::mem::take(items) {
                let Some((mac, attrs)) = call(&member) else {
                    members.push(member);
                    continue;
                };
                let parsed = self.expand_call(mac).and_then(|tokens| {
                    let parser = |input: syn::parse::ParseStream| {
                        let mut out = Vec::new();
                        while !input.is_empty() {
                            out.push(input.parse::<T>()?);
                        }
                        Ok(out)
                    };
                    syn::parse::Parser::parse2(parser, tokens).ok()
                });
                match parsed {
                    Some(expanded) => {
                        changed = true;
                        let cfgs = cfg_attrs(attrs);
                        for mut e in expanded {
                            let mut types = TypeMacros { scanner: self };
                            visit(&mut types, &mut e);
                            if let Some(attrs) = attrs_mut(&mut e) {
                                attrs.splice(0..0, cfgs.iter().cloned());
                            }
                            members.push(e);
                        }
                    }
                    None => members.push(member),
                }
            }
            *items = members;
            if !changed {
                break;
            }
        }
    }

    /// `macro_rules!` definitions and item-position macro calls: their expansion is
    /// unknown to a source scan, so contract attributes inside are warnings.
    pub(super) fn macro_item(&mut self, m: &syn::ItemMacro, cx: &ModCx, file: &Path) {
        let mut hits = Vec::new();
        contract_attributes_in(m.mac.tokens.clone(), &cx.scope, &mut hits);
        let what = match &m.ident {
            Some(ident) => format!("`macro_rules! {ident}`"),
            None => format!("the `{}!` invocation", path_string(&m.mac.path)),
        };
        for (span, attribute, item_name) in hits {
            let item = item_name
                .map(|n| format!("item `{n}`"))
                .unwrap_or_else(|| "an item".to_owned());
            self.warn(
                file,
                span,
                ScanExactness::MacroHidden,
                words::attribute_in_macro(&attribute, &item, &what, &cx.path),
            );
        }
    }
}

/// The public items a macro body that does not parse as items declares at its top
/// level, each as a stand-in of its kind and name (`pub struct Md5;` for `pub struct
/// Md5(block_api::Md5Core);`): what the call defines is not read, only that it names
/// them, so each is taken as the golden has it.
pub(super) fn declared_items(tokens: proc_macro2::TokenStream) -> Vec<Item> {
    use proc_macro2::TokenTree;
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let ident = |i: usize| match trees.get(i) {
        Some(TokenTree::Ident(id)) => Some(id.to_string()),
        _ => None,
    };
    let mut items = Vec::new();
    for at in 0..trees.len() {
        if ident(at).as_deref() != Some("pub") {
            continue;
        }
        let mut next = at + 1;
        // `pub(crate)` and the like are not public API.
        if let Some(TokenTree::Group(g)) = trees.get(next) {
            if g.delimiter() == proc_macro2::Delimiter::Parenthesis {
                continue;
            }
        }
        while matches!(ident(next).as_deref(), Some("unsafe" | "async" | "const"))
            && ident(next + 1).is_some_and(|k| k == "fn" || k == "trait")
        {
            next += 1;
        }
        // `pub static ref NAME: T = …;` (lazy_static's own syntax).
        if ident(next).as_deref() == Some("static") && ident(next + 1).as_deref() == Some("ref") {
            next += 1;
            if let Some(name) = ident(next + 1) {
                if let Ok(item) = syn::parse_str::<Item>(&format!("pub static {name}: () = ();")) {
                    items.push(item);
                }
            }
            continue;
        }
        let (Some(keyword), Some(name)) = (ident(next), ident(next + 1)) else {
            continue;
        };
        let stand_in = match keyword.as_str() {
            "struct" | "enum" | "union" | "type" | "trait" => format!("pub struct {name};"),
            "fn" => format!("pub fn {name}() {{}}"),
            "const" | "static" => format!("pub const {name}: () = ();"),
            _ => continue,
        };
        if let Ok(item) = syn::parse_str::<Item>(&stand_in) {
            items.push(item);
        }
    }
    items
}

/// Replaces each type a macro wrote as a macro call (`newtype!(@type(Flags u32))`,
/// object 0.40) with what the scanner expands it to.
pub(super) struct TypeMacros<'s, 'a> {
    scanner: &'s mut Scanner<'a>,
}

impl syn::visit_mut::VisitMut for TypeMacros<'_, '_> {
    fn visit_type_mut(&mut self, ty: &mut syn::Type) {
        if let syn::Type::Macro(call) = ty {
            let expanded = self
                .scanner
                .expand_call(&call.mac)
                .and_then(|tokens| syn::parse2::<syn::Type>(tokens).ok());
            if let Some(expanded) = expanded {
                *ty = expanded;
            }
        }
        self.scanner.expansion_depth += 1;
        syn::visit_mut::visit_type_mut(self, ty);
        self.scanner.expansion_depth -= 1;
    }

    // Bodies are not API; their types need no expanding.
    fn visit_block_mut(&mut self, _: &mut syn::Block) {}
}

/// Every `#[macro_export] macro_rules!` in `items` and the inline modules among them.
pub(super) fn exported_macros(items: &[Item], out: &mut BTreeMap<String, Rc<MacroRules>>) {
    for item in items {
        match item {
            Item::Macro(syn::ItemMacro {
                ident: Some(name),
                mac,
                attrs,
                ..
            }) if has_attr(attrs, "macro_export") && mac.path.is_ident("macro_rules") => {
                if let Some(rules) = MacroRules::parse(mac.tokens.clone()) {
                    out.insert(name.unraw().to_string(), Rc::new(rules));
                }
            }
            Item::Mod(syn::ItemMod {
                content: Some((_, inner)),
                ..
            }) => exported_macros(inner, out),
            _ => {}
        }
    }
}

/// Every `macro_rules!` in `items` and the inline modules among them, by name.
fn macro_definitions(items: &[Item], out: &mut Vec<(String, Rc<MacroRules>)>) {
    for item in items {
        match item {
            Item::Macro(syn::ItemMacro {
                ident: Some(name),
                mac,
                ..
            }) if mac.path.is_ident("macro_rules") => {
                if let Some(rules) = MacroRules::parse(mac.tokens.clone()) {
                    out.push((name.unraw().to_string(), Rc::new(rules)));
                }
            }
            Item::Mod(syn::ItemMod {
                content: Some((_, inner)),
                ..
            }) => macro_definitions(inner, out),
            _ => {}
        }
    }
}

/// The `#[cfg]`/`#[cfg_attr]` attributes of a macro call: what it writes is under them.
pub(super) fn cfg_attrs(attrs: &[Attribute]) -> Vec<Attribute> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("cfg") || a.path().is_ident("cfg_attr"))
        .cloned()
        .collect()
}

/// Contract attributes in a macro body: `#` followed by `[...contract...]`, with the
/// name of the item they sit on when it is written out (`struct Name`).
pub(super) fn contract_attributes_in(
    tokens: TokenStream,
    scope: &Scope,
    out: &mut Vec<(Span, String, Option<String>)>,
) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Punct(p) if p.as_char() == '#' => {
                let Some(TokenTree::Group(g)) = trees.get(i + 1) else {
                    continue;
                };
                if g.delimiter() != proc_macro2::Delimiter::Bracket {
                    continue;
                }
                if let Ok(meta) = syn::parse2::<Meta>(g.stream()) {
                    // What the body would resolve to where it is written; `$crate::…`
                    // and the like do not resolve, and are not claimed.
                    if !matches!(args::resolve_meta(&meta, scope), Resolution::Other) {
                        let name = item_name_after(&trees[i + 2..]);
                        out.push((p.span(), path_string(meta.path()), name));
                    }
                }
            }
            TokenTree::Group(g) => contract_attributes_in(g.stream(), scope, out),
            _ => {}
        }
    }
}

/// `struct Name` / `fn name` / `impl Name` after an attribute, skipping other
/// attributes and `pub(...)`.
pub(super) fn item_name_after(trees: &[TokenTree]) -> Option<String> {
    const KEYWORDS: &[&str] = &[
        "struct", "enum", "trait", "fn", "type", "const", "static", "impl", "union",
    ];
    let mut iter = trees.iter();
    while let Some(tree) = iter.next() {
        match tree {
            TokenTree::Ident(i) if KEYWORDS.contains(&i.to_string().as_str()) => {
                // The next token, when it is a name (`$name` in a macro is not).
                return match iter.next() {
                    Some(TokenTree::Ident(i)) if i != "mut" => Some(i.to_string()),
                    _ => None,
                };
            }
            TokenTree::Punct(p) if p.as_char() == ';' => return None,
            _ => {}
        }
    }
    None
}
