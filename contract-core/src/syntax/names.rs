//! Reads a crate's [`NameTable`] from its sources: the module tree from the root
//! file through `mod` declarations (inline, `x.rs`, `x/mod.rs`, `#[path]`), each
//! module's `use` declarations, and the type-namespace items it defines, type
//! aliases with their shape. The caller reads the files (`read`); this module does
//! no I/O. The macro and the CLI both read a crate this way, so they know the same
//! names.
//!
//! The caller says which items the build leaves out (`off`: the command evaluates
//! `#[cfg]` as the build sees it; the macro, inside rustc, knows no features and
//! leaves nothing out). What is not left out is recorded, `#[cfg]`'d twins both (the
//! table treats twins that agree as one name, and any other ambiguity as unknown);
//! items under `#[cfg(test)]`, which no library build has, never are.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use syn::ext::IdentExt;
use syn::{Item, UseTree};

use super::macro_rules::MacroRules;
use super::{order, Scope};
use crate::names::{AutoImpl, Def, NameTable, TypeDef};
use crate::probed::ProbedTrait;
use crate::shape::{Fragment, GenericParam, ItemShape};

/// The most files one crate's table reads (a guard against `#[path]` cycles).
const MAX_FILES: usize = 4096;

/// How deep macro calls are expanded inside what other calls wrote (a macro may call
/// itself).
const MAX_EXPANSION_DEPTH: usize = 8;

/// The names of the crate `crate_name` whose root file is `root`, and the module
/// each file read is (`module_path!()`), read through `read` (`None`: no such file).
/// A file that does not parse leaves its module empty. An item whose attributes
/// `off` says the build leaves out is not read.
pub fn read_crate(
    crate_name: &str,
    root: &Path,
    read: &mut dyn FnMut(&Path) -> Option<String>,
    off: &dyn Fn(&[syn::Attribute]) -> bool,
) -> (NameTable, BTreeMap<PathBuf, String>) {
    read_crate_as(crate_name, root, read, off, false)
}

/// [`read_crate`], with the shapes of the crate's serde-deriving structs and enums
/// too ([`NameTable::wire_type`]): what the compile-time check follows a field's type
/// into, where the harness and the command have the set's current shapes.
pub fn read_crate_with_wire_types(
    crate_name: &str,
    root: &Path,
    read: &mut dyn FnMut(&Path) -> Option<String>,
    off: &dyn Fn(&[syn::Attribute]) -> bool,
) -> (NameTable, BTreeMap<PathBuf, String>) {
    read_crate_as(crate_name, root, read, off, true)
}

/// [`read_crate`], with what the build leaves out but features a public-API set covers
/// build (`gated`: rsa 0.10's `#[cfg(feature = "pkcs1v15")] pub mod pkcs1v15;`) read
/// after the build's items of each module, where they bind a name the build's do not
/// (`#[cfg(feature = "x")] pub use a::T;` beside `#[cfg(not(feature = "x"))] pub use
/// b::T;` stays the build's `T`).
pub fn read_crate_gated(
    crate_name: &str,
    root: &Path,
    read: &mut dyn FnMut(&Path) -> Option<String>,
    off: &dyn Fn(&[syn::Attribute]) -> bool,
    gated: &dyn Fn(&[syn::Attribute]) -> bool,
) -> (NameTable, BTreeMap<PathBuf, String>) {
    read_crate_full(crate_name, root, read, off, Some(gated), false)
}

fn read_crate_as(
    crate_name: &str,
    root: &Path,
    read: &mut dyn FnMut(&Path) -> Option<String>,
    off: &dyn Fn(&[syn::Attribute]) -> bool,
    wire_types: bool,
) -> (NameTable, BTreeMap<PathBuf, String>) {
    read_crate_full(crate_name, root, read, off, None, wire_types)
}

fn read_crate_full(
    crate_name: &str,
    root: &Path,
    read: &mut dyn FnMut(&Path) -> Option<String>,
    off: &dyn Fn(&[syn::Attribute]) -> bool,
    gated: Option<Attrs<'_>>,
    wire_types: bool,
) -> (NameTable, BTreeMap<PathBuf, String>) {
    let mut reader = Reader {
        table: NameTable::new(crate_name),
        files: BTreeMap::new(),
        read,
        off,
        gated,
        wire_types,
        macros: BTreeMap::new(),
    };
    if let Some(file) = reader.parse(root) {
        let dir = root.parent().unwrap_or(Path::new("")).to_path_buf();
        reader
            .files
            .insert(root.to_path_buf(), crate_name.to_owned());
        reader.module(&file.items, NameTable::ROOT, crate_name, &dir, &dir);
    }
    (reader.table, reader.files)
}

/// A predicate on an item's attributes (which items a build leaves out).
type Attrs<'a> = &'a dyn Fn(&[syn::Attribute]) -> bool;

struct Reader<'a> {
    table: NameTable,
    files: BTreeMap<PathBuf, String>,
    read: &'a mut dyn FnMut(&Path) -> Option<String>,
    off: &'a dyn Fn(&[syn::Attribute]) -> bool,
    /// Of what `off` leaves out, what a covered feature builds (see
    /// [`read_crate_gated`]).
    gated: Option<Attrs<'a>>,
    /// Record serde-deriving types' shapes (the macro's table only).
    wire_types: bool,
    /// The crate's `macro_rules!` in textual scope: a module's own and those its
    /// ancestors define.
    macros: BTreeMap<String, Rc<MacroRules>>,
}

impl Reader<'_> {
    fn parse(&mut self, path: &Path) -> Option<syn::File> {
        if self.files.len() >= MAX_FILES || self.files.contains_key(path) {
            return None;
        }
        let text = (self.read)(path)?;
        super::parse_file(&text).ok()
    }

    /// Records the items of module `m` (`module_path!()` `path`): `children` is where
    /// `mod x;` finds `x.rs`, `path_attr` what `#[path]` is relative to.
    fn module(&mut self, items: &[Item], m: usize, path: &str, children: &Path, path_attr: &Path) {
        // What the module's macro calls write is the module's too (slog 2.8's `mod maybe
        // { maybe_bound_trait_def!(Send where marker::Send; …); }` defines its traits).
        let outer = self.macros.clone();
        let expanded;
        let items = if items.iter().any(|i| matches!(i, Item::Macro(_))) {
            expanded = self.expanded(items, 0);
            &expanded[..]
        } else {
            items
        };
        self.module_items(items, m, path, children, path_attr);
        self.macros = outer;
    }

    /// `items` with each call of one of the crate's `macro_rules!` in scope replaced by
    /// the items it expands to (each definition taken in as it comes); a call that
    /// does not expand stays.
    fn expanded(&mut self, items: &[Item], depth: usize) -> Vec<Item> {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            let Item::Macro(call) = item else {
                out.push(item.clone());
                continue;
            };
            if let Some(name) = &call.ident {
                if call.mac.path.is_ident("macro_rules") {
                    if let Some(rules) = MacroRules::parse(call.mac.tokens.clone()) {
                        self.macros.insert(name.unraw().to_string(), Rc::new(rules));
                    }
                }
            } else if depth < MAX_EXPANSION_DEPTH
                && !super::attrs::under_cfg_test(item)
                && !(self.off)(&call.attrs)
            {
                let rules = call
                    .mac
                    .path
                    .get_ident()
                    .and_then(|name| self.macros.get(&name.unraw().to_string()))
                    .cloned();
                let written = rules
                    .and_then(|r| {
                        r.expand(call.mac.tokens.clone(), &quote::quote!(crate))
                            .ok()
                    })
                    .and_then(|tokens| syn::parse2::<syn::File>(tokens).ok());
                if let Some(file) = written {
                    out.extend(self.expanded(&file.items, depth + 1));
                    continue;
                }
            }
            out.push(item.clone());
        }
        out
    }

    fn module_items(
        &mut self,
        items: &[Item],
        m: usize,
        path: &str,
        children: &Path,
        path_attr: &Path,
    ) {
        let scope = Scope::of_module(items);
        let off = |item: &Item| (self.off)(super::attrs::item_attrs(item));
        let gated = |item: &Item| {
            self.gated
                .is_some_and(|g| off(item) && g(super::attrs::item_attrs(item)))
        };
        // The build's items, then what a covered feature adds where it binds new names.
        let build: Vec<&Item> = items.iter().filter(|i| !off(i)).collect();
        let added: Vec<&Item> = items.iter().filter(|i| gated(i)).collect();
        let mut bound = BTreeSet::new();
        for item in &build {
            bound.extend(item_names(item));
        }
        let added = added
            .into_iter()
            .filter(|item| item_names(item).iter().all(|n| !bound.contains(n)));
        for item in build.into_iter().chain(added) {
            if super::attrs::under_cfg_test(item) {
                continue;
            }
            match item {
                Item::Mod(module) => {
                    let name = module.ident.unraw().to_string();
                    let child = self.table.add_module(m, &name);
                    let child_path = format!("{path}::{name}");
                    let attr_path = path_attr_value(&module.attrs);
                    if let Some((_, content)) = &module.content {
                        let dir = children.join(&name);
                        let attr_dir = match &attr_path {
                            Some(p) => path_attr.join(p),
                            None => dir.clone(),
                        };
                        self.module(content, child, &child_path, &dir, &attr_dir);
                        continue;
                    }
                    // `#[cfg_attr(unix, path = "unix.rs")]`: every file a cfg may choose
                    // is read into the module, as `#[cfg]`'d twins are (names that
                    // agree are one; others stay as written).
                    let cfg_paths = cfg_attr_path_values(&module.attrs);
                    let every = attr_path.is_none() && !cfg_paths.is_empty();
                    let candidates = match &attr_path {
                        Some(p) => vec![path_attr.join(p)],
                        None if every => cfg_paths.iter().map(|p| path_attr.join(p)).collect(),
                        None => vec![
                            children.join(format!("{name}.rs")),
                            children.join(&name).join("mod.rs"),
                        ],
                    };
                    for file_path in candidates {
                        let Some(file) = self.parse(&file_path) else {
                            continue;
                        };
                        self.files.insert(file_path.clone(), child_path.clone());
                        let file_dir = file_path.parent().unwrap_or(Path::new("")).to_path_buf();
                        // `x/mod.rs` (or a `#[path]` file) holds its children beside it;
                        // `x.rs` holds them in `x/`.
                        let dir =
                            if attr_path.is_none() && file_path.ends_with(format!("{name}.rs")) {
                                file_dir.join(&name)
                            } else {
                                file_dir.clone()
                            };
                        self.module(&file.items, child, &child_path, &dir, &dir);
                        if !every {
                            break;
                        }
                    }
                }
                Item::Use(u) => {
                    let mut found = Vec::new();
                    let mut prefix = Vec::new();
                    if u.leading_colon.is_some() {
                        prefix.push(String::new());
                    }
                    use_tree(&u.tree, &mut prefix, &mut found);
                    for (path, name) in found {
                        self.table.add_import(m, path, name);
                    }
                }
                // `extern crate lmdb_sys as ffi;` (lmdb-rkv 0.14): `ffi` names that
                // dependency, as `use lmdb_sys as ffi;` would.
                Item::ExternCrate(e) => {
                    if let Some((_, rename)) = &e.rename {
                        let krate = e.ident.unraw().to_string();
                        if krate != "self" {
                            self.table
                                .add_import(m, vec![krate], Some(rename.unraw().to_string()));
                        }
                    }
                }
                Item::Struct(syn::ItemStruct { ident, .. })
                | Item::Enum(syn::ItemEnum { ident, .. })
                | Item::Union(syn::ItemUnion { ident, .. }) => {
                    let name = ident.unraw().to_string();
                    self.table.add_def(m, &name, Def::Type);
                    if let Some(def) = type_def(item, &scope) {
                        self.table.add_type_def(m, &name, def);
                    }
                    if self.wire_types && derives_serde(super::attrs::item_attrs(item)) {
                        if let Ok([extracted]) = super::extract_all(item, &scope).as_deref() {
                            if let Fragment::Item { item: shape, .. } = &extracted.fragment {
                                self.table.add_wire_type(m, &name, shape.clone());
                            }
                        }
                    }
                }
                Item::Impl(i) => {
                    if let Some(auto_impl) = auto_impl(i, &scope) {
                        self.table.add_auto_impl(m, auto_impl);
                    }
                    if let Some((trait_, bounds)) = blanket_impl(i, &scope) {
                        self.table.add_blanket_impl(m, trait_, bounds);
                    }
                }
                // A call that may write items (`send!(Ptr);`), and a `macro_rules!`
                // definition, which writes none where it is.
                Item::Macro(mac) => {
                    let mut idents = Vec::new();
                    token_idents(mac.mac.tokens.clone(), &mut idents);
                    match &mac.ident {
                        Some(name) => {
                            let auto = idents
                                .iter()
                                .any(|i| ProbedTrait::parse(i).is_some_and(ProbedTrait::is_auto));
                            self.table
                                .add_macro_rules(m, &name.unraw().to_string(), auto);
                        }
                        None => {
                            let called = mac.mac.path.segments.last();
                            let name = called.map(|s| s.ident.unraw().to_string());
                            self.table
                                .add_macro_call(m, &name.unwrap_or_default(), idents);
                        }
                    }
                }
                Item::Trait(i) => {
                    let name = i.ident.unraw().to_string();
                    self.table.add_def(m, &name, Def::Type);
                    if let Ok(
                        [super::Extracted {
                            fragment:
                                Fragment::Item {
                                    item: ItemShape::Trait(t),
                                    ..
                                },
                            ..
                        }],
                    ) = super::extract_all(item, &scope).as_deref()
                    {
                        self.table.add_trait(m, &name, t.supertraits.clone());
                    }
                }
                Item::Fn(i) => self
                    .table
                    .add_def(m, &i.sig.ident.unraw().to_string(), Def::Value),
                Item::Const(i) => self
                    .table
                    .add_def(m, &i.ident.unraw().to_string(), Def::Value),
                Item::Static(i) => self
                    .table
                    .add_def(m, &i.ident.unraw().to_string(), Def::Value),
                Item::Type(i) => {
                    let name = i.ident.unraw().to_string();
                    let def = match super::extract_all(item, &scope).as_deref() {
                        Ok(
                            [super::Extracted {
                                fragment:
                                    Fragment::Item {
                                        item: ItemShape::TypeAlias(alias),
                                        ..
                                    },
                                ..
                            }],
                        ) => Def::Alias(Box::new(alias.clone())),
                        // Not read: a name, but no target to expand.
                        _ => Def::Type,
                    };
                    self.table.add_def(m, &name, def);
                }
                _ => {}
            }
        }
    }
}

/// `impl<T: A + B + ?Sized> Trait for T {}` (bounds inline or in a `where` clause): the
/// trait's path (without arguments) and the bounds on `T`, `?Sized` left out; `None`
/// for any other impl, or one that leaves unsized types out.
fn blanket_impl(i: &syn::ItemImpl, scope: &Scope) -> Option<(Vec<String>, Vec<crate::ty::Bound>)> {
    let ((path, _), None) = (i.trait_.as_ref()?, &i.modifiers.polarity) else {
        return None;
    };
    if path.segments.iter().any(|s| !s.arguments.is_none()) || i.generics.params.len() != 1 {
        return None;
    }
    let syn::GenericParam::Type(param) = i.generics.params.first()? else {
        return None;
    };
    let is_param = |t: &syn::Type| matches!(t, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident(&param.ident));
    if !is_param(&i.self_ty) {
        return None;
    }
    let mut written: Vec<&syn::TypeParamBound> = param.bounds.iter().collect();
    for predicate in i.generics.where_clause.iter().flat_map(|w| &w.predicates) {
        match predicate {
            syn::WherePredicate::Type(t) if t.lifetimes.is_none() && is_param(&t.bounded_ty) => {
                written.extend(&t.bounds);
            }
            _ => return None,
        }
    }
    let mut cx = super::types::Cx::new(scope);
    cx.enter(&i.generics);
    let mut unsized_too = false;
    let mut bounds = Vec::new();
    for b in written {
        match super::types::bound(&mut cx, b) {
            crate::ty::Bound::Trait {
                maybe: true, path, ..
            } if path.last_name() == Some("Sized") => {
                unsized_too = true;
            }
            other => bounds.push(other),
        }
    }
    let names = path
        .segments
        .iter()
        .map(|s| s.ident.unraw().to_string())
        .collect();
    unsized_too.then_some((names, bounds))
}

/// The identifiers among `tokens`, groups included.
fn token_idents(tokens: proc_macro2::TokenStream, out: &mut Vec<String>) {
    for tree in tokens {
        match tree {
            proc_macro2::TokenTree::Ident(i) => out.push(i.unraw().to_string()),
            proc_macro2::TokenTree::Group(g) => token_idents(g.stream(), out),
            _ => {}
        }
    }
}

/// Whether `attrs` hold a `#[cfg]` (then whether the build has what they are on is
/// not known here), and whether it is `#[cfg(test)]` (no library build has it).
fn cfg_of(attrs: &[syn::Attribute]) -> (bool, bool) {
    let cfgs: Vec<&syn::Attribute> = attrs.iter().filter(|a| a.path().is_ident("cfg")).collect();
    let test = cfgs
        .iter()
        .any(|a| a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test"));
    (!cfgs.is_empty(), test)
}

/// A struct, enum or union as its auto traits see it; `None` when its fields cannot
/// be read (then nothing is said of its auto traits): a field or variant under a
/// `#[cfg]` other than `test` may or may not be in the build.
fn type_def(item: &Item, scope: &Scope) -> Option<TypeDef> {
    // Each member's attributes in declaration order, as the shape lists them (the
    // extraction keeps every member, `#[cfg]` or not): a field, a variant.
    let field_attrs = |fields: &syn::Fields| -> Vec<Vec<syn::Attribute>> {
        fields.iter().map(|f| f.attrs.clone()).collect()
    };
    let members: Vec<(Vec<syn::Attribute>, Vec<Vec<syn::Attribute>>)> = match item {
        Item::Struct(s) => vec![(Vec::new(), field_attrs(&s.fields))],
        Item::Union(u) => vec![(
            Vec::new(),
            u.fields.named.iter().map(|f| f.attrs.clone()).collect(),
        )],
        Item::Enum(e) => e
            .variants
            .iter()
            .map(|v| (v.attrs.clone(), field_attrs(&v.fields)))
            .collect(),
        _ => return None,
    };
    let extracted = super::extract_in(item, scope).ok()?;
    let Fragment::Item { item: shape, .. } = &extracted.fragment else {
        return None;
    };
    let (generics, fields) = shape.generics_and_fields()?;
    // In the build of a library (`None`: not known here).
    let kept = |attrs: &[syn::Attribute]| match cfg_of(attrs) {
        (_, true) => Some(false),
        (true, false) => None,
        (false, false) => Some(true),
    };
    let mut shapes = fields.into_iter();
    let mut field_types = Vec::new();
    for (variant, fields) in &members {
        let variant_kept = kept(variant)?;
        for attrs in fields {
            let ty = &shapes.next()?.ty;
            if variant_kept && kept(attrs)? {
                field_types.push(ty.clone());
            }
        }
    }
    if shapes.next().is_some() {
        return None;
    }
    let params = generics
        .params
        .iter()
        .filter_map(|p| match p {
            GenericParam::Type { name, default, .. } => Some((name.clone(), default.clone())),
            _ => None,
        })
        .collect();
    Some(TypeDef {
        params,
        fields: field_types,
    })
}

/// An impl of an auto trait (`unsafe impl<T: Send> Send for X<T> {}`, `impl !Sync
/// for X {}`), read in the module's scope.
fn auto_impl(i: &syn::ItemImpl, scope: &Scope) -> Option<AutoImpl> {
    let ((path, _), bang) = (i.trait_.as_ref()?, &i.modifiers.polarity);
    let last = path.segments.last()?;
    let trait_ = ProbedTrait::parse(&last.ident.to_string()).filter(|t| t.is_auto())?;
    let through_std = path.segments.len() == 1
        || path
            .segments
            .first()
            .is_some_and(|s| matches!(s.ident.to_string().as_str(), "std" | "core" | "alloc"));
    if !through_std || !last.arguments.is_none() {
        return None;
    }
    let mut cx = super::types::Cx::new(scope);
    cx.enter(&i.generics);
    let self_ty = super::types::ty(&mut cx, &i.self_ty);
    let params: Vec<String> = i
        .generics
        .type_params()
        .map(|p| p.ident.to_string())
        .collect();
    // Every bound on one of the impl's parameters, inline or `where`; any other
    // predicate is beyond the model.
    let mut on_params: Vec<(String, &syn::TypeParamBound)> = Vec::new();
    let mut other_bounds = false;
    for p in i.generics.type_params() {
        on_params.extend(p.bounds.iter().map(|b| (p.ident.to_string(), b)));
    }
    for predicate in i.generics.where_clause.iter().flat_map(|w| &w.predicates) {
        match predicate {
            syn::WherePredicate::Type(t) => match &t.bounded_ty {
                syn::Type::Path(p)
                    if p.qself.is_none()
                        && p.path
                            .get_ident()
                            .is_some_and(|id| params.contains(&id.to_string())) =>
                {
                    let param = p.path.segments[0].ident.to_string();
                    on_params.extend(t.bounds.iter().map(|b| (param.clone(), b)));
                }
                _ => other_bounds = true,
            },
            syn::WherePredicate::Lifetime(_) => {}
            _ => other_bounds = true,
        }
    }
    let mut bounds = Vec::new();
    for (param, b) in on_params {
        match b {
            syn::TypeParamBound::Trait(t) => {
                let name = t.path.segments.last().map(|s| s.ident.to_string());
                match name.as_deref().and_then(ProbedTrait::parse) {
                    Some(t) if t.is_auto() => bounds.push((param, t)),
                    _ if name.as_deref() == Some("Sized") => {}
                    _ => other_bounds = true,
                }
            }
            syn::TypeParamBound::Lifetime(_) => {}
            _ => other_bounds = true,
        }
    }
    bounds.sort();
    bounds.dedup();
    Some(AutoImpl {
        trait_,
        negative: bang.is_some(),
        self_ty,
        params,
        bounds,
        other_bounds,
        under_cfg: cfg_of(&i.attrs).0,
    })
}

/// The values of `path = "…"` inside `#[cfg_attr(pred, …)]`s.
fn cfg_attr_path_values(attrs: &[syn::Attribute]) -> Vec<String> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("cfg_attr"))
        .flat_map(order::cfg_attr_metas)
        .filter_map(|meta| order::path_value(&meta))
        .collect()
}

/// The value of `#[path = "…"]`.
fn path_attr_value(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find_map(|a| order::path_value(&a.meta))
}

/// The names `item` binds in its module: its own, or each a `use` imports (a glob
/// none).
fn item_names(item: &Item) -> Vec<String> {
    let ident = match item {
        Item::Use(u) => {
            let mut found = Vec::new();
            use_tree(&u.tree, &mut Vec::new(), &mut found);
            return found.into_iter().filter_map(|(_, name)| name).collect();
        }
        Item::Mod(i) => &i.ident,
        Item::Struct(i) => &i.ident,
        Item::Enum(i) => &i.ident,
        Item::Union(i) => &i.ident,
        Item::Trait(i) => &i.ident,
        Item::TraitAlias(i) => &i.ident,
        Item::Type(i) => &i.ident,
        Item::Fn(i) => &i.sig.ident,
        Item::Const(i) => &i.ident,
        Item::Static(i) => &i.ident,
        Item::ExternCrate(i) => i.rename.as_ref().map_or(&i.ident, |(_, r)| r),
        _ => return Vec::new(),
    };
    vec![ident.unraw().to_string()]
}

/// The names of a `use` tree: each path as written and the name it binds (`None`
/// for a glob); `_` imports left out.
pub fn use_tree(
    tree: &UseTree,
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    match tree {
        UseTree::Path(p) => {
            prefix.push(p.ident.unraw().to_string());
            use_tree(&p.tree, prefix, out);
            prefix.pop();
        }
        UseTree::Name(n) => {
            let name = n.ident.unraw().to_string();
            if name == "self" {
                if let Some(last) = prefix.last() {
                    out.push((prefix.clone(), Some(last.clone())));
                }
            } else {
                let mut path = prefix.clone();
                path.push(name.clone());
                out.push((path, Some(name)));
            }
        }
        UseTree::Rename(r) => {
            let rename = r.rename.unraw().to_string();
            if rename == "_" {
                return;
            }
            let mut path = prefix.clone();
            let name = r.ident.unraw().to_string();
            if name != "self" {
                path.push(name);
            }
            out.push((path, Some(rename)));
        }
        UseTree::Glob(_) => out.push((prefix.clone(), None)),
        UseTree::Group(g) => g.items.iter().for_each(|t| use_tree(t, prefix, out)),
    }
}

/// A `#[derive]` (or one a `cfg_attr` may apply) names `Serialize` or `Deserialize`:
/// the item's wire form can be derived, so its shape is kept for wire schemas.
fn derives_serde(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        (a.path().is_ident("derive") || a.path().is_ident("cfg_attr")) && {
            let mut idents = Vec::new();
            if let syn::Meta::List(list) = &a.meta {
                token_idents(list.tokens.clone(), &mut idents);
            }
            idents
                .iter()
                .any(|i| i == "Serialize" || i == "Deserialize")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_module_tree_through_files_and_path_attributes() {
        let files: BTreeMap<PathBuf, &str> = [
            ("src/lib.rs", "mod a; #[path = \"other/b_impl.rs\"] mod b; mod c { pub mod d; } #[cfg(test)] mod t;"),
            ("src/a.rs", "pub mod inner; pub type R<T> = Result<T, Error>; pub struct Error;"),
            ("src/a/inner.rs", "pub struct I;"),
            ("src/other/b_impl.rs", "pub use crate::a::*;"),
            ("src/c/d.rs", "pub enum D {}"),
            ("src/t.rs", "pub struct T;"),
        ]
        .into_iter()
        .map(|(p, t)| (PathBuf::from(p), t))
        .collect();
        let (table, read) = read_crate(
            "k",
            Path::new("src/lib.rs"),
            &mut |p| files.get(p).map(|t| (*t).to_owned()),
            &|_| false,
        );
        let read: Vec<(&str, &str)> = read
            .iter()
            .map(|(f, m)| (f.to_str().unwrap(), m.as_str()))
            .collect();
        assert_eq!(
            read,
            [
                ("src/a/inner.rs", "k::a::inner"),
                ("src/a.rs", "k::a"),
                ("src/c/d.rs", "k::c::d"),
                ("src/lib.rs", "k"),
                ("src/other/b_impl.rs", "k::b"),
            ]
        );
        for m in ["k", "k::a", "k::a::inner", "k::b", "k::c", "k::c::d"] {
            assert!(table.module(m).is_some(), "{m}");
        }
        assert!(
            table.module("k::t").is_none(),
            "#[cfg(test)] is no library's"
        );
    }

    #[test]
    fn every_file_a_cfg_attr_path_may_choose_is_read_into_the_module() {
        // tempfile 3.26's `platform`.
        let files: BTreeMap<PathBuf, &str> = [
            (
                "src/lib.rs",
                "#[cfg_attr(unix, path = \"imp/unix.rs\")] \
                 #[cfg_attr(windows, path = \"imp/windows.rs\")] mod platform; \
                 pub use self::platform::*;",
            ),
            (
                "src/imp/unix.rs",
                "pub struct Handle; pub fn unix_only() {}",
            ),
            ("src/imp/windows.rs", "pub struct Handle;"),
        ]
        .into_iter()
        .map(|(p, t)| (PathBuf::from(p), t))
        .collect();
        let (table, read) = read_crate(
            "k",
            Path::new("src/lib.rs"),
            &mut |p| files.get(p).map(|t| (*t).to_owned()),
            &|_| false,
        );
        let platform: Vec<&str> = read
            .iter()
            .filter(|(_, m)| *m == "k::platform")
            .map(|(f, _)| f.to_str().unwrap())
            .collect();
        assert_eq!(platform, ["src/imp/unix.rs", "src/imp/windows.rs"]);
        // `Handle` is one name in both twins.
        let at = table.module("k::platform").expect("the module is read");
        assert_eq!(
            crate::names::lookup(&table, at, "Handle", &mut Vec::new()).len(),
            2,
            "both twins define it"
        );
    }
}
