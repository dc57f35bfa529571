//! The source scan: every pinned item of a library, found the way the compiler finds
//! it (crate root, then `mod` declarations), read with the same argument parsing and
//! extraction the attribute macro uses, under the module path `module_path!()` gives.
//!
//! An attribute counts as contract-pin's when the compiler would resolve it so:
//! written by path (`contract_pin::contract`), or by a name the module imports from
//! the crate (`use contract_pin::contract as pin;`), never merely because its last
//! segment is `contract` (`#[soroban_sdk::contract]` is another crate's).
//!
//! What the scan cannot see exactly like the compiler — an item under `cfg` or with
//! `cfg_attr`, a contract attribute inside a macro, a `#[contract]` whose origin the
//! sources do not tell — is reported as a warning that names the item and its
//! file:line, never skipped in silence. What the compiler rejects (a contract attribute
//! on a module, a field, a `macro_rules!`…) or would expand differently from what the
//! source says (a contract attribute below `#[derive]`) is an error.

use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::OnceLock;

use std::collections::{BTreeMap, BTreeSet};

use contract_core::health::ScanExactness;
use contract_core::probe::ProbedTrait;
use contract_core::syntax::args::{self, Resolution, Scope};
use contract_core::syntax::order::{self, attribute_text, cfg_attr_metas, hiding_attribute};
use contract_core::syntax::scope::{item_position, FileScopes};
use contract_core::syntax::{self, Extracted, Located};
use proc_macro2::{Span, TokenStream, TokenTree};
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::{Attribute, Item, Meta};

use serde::{Deserialize, Serialize};

use crate::api::{self, Api, Def, DefKind, Import, Ns};
use crate::cfg::{self, Truth};
use crate::inputs::Input;
use crate::macro_rules::{self, MacroRules};
use crate::words;
use crate::workspace::{Package, TargetKind};

/// What a package's scan depends on besides its files: the sets that are public-API
/// sets (with their `doc_hidden_is_api`), and what the build sees of `cfg`.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Public-API sets of the package's workspace: (set, `doc_hidden_is_api`).
    pub public_api: Vec<(String, bool)>,
    /// The cfgs of the build `cargo test` makes of the library (`test` is set per
    /// target).
    pub cfg: cfg::Env,
    /// The package's feature table as `cargo metadata` lists it, when it has
    /// public-API sets: their feature symbols ([`contract_core::features`]).
    pub features: BTreeMap<String, Vec<String>>,
    /// The package's dependencies found on disk, when it has public-API sets: what the
    /// package calls each, and its library's root file. Their `#[macro_export]`
    /// macros are expanded where the sources call them.
    pub dependencies: Vec<(String, PathBuf)>,
}

impl Options {
    fn is_public_api(&self, set: &str) -> bool {
        self.public_api.iter().any(|(s, _)| s == set)
    }
}

/// A pinned type whose serde impls are written by hand (no serde derive).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct HandWritten {
    /// The set.
    pub set: String,
    /// The symbol name.
    pub name: String,
    /// The file, absolute.
    pub file: PathBuf,
    /// 1-based line of the item.
    pub line: usize,
    /// `Serialize`, `Deserialize`: the traits implemented by hand.
    pub traits: Vec<String>,
}

/// A pinned item, as its registration would be.
#[derive(Serialize, Deserialize)]
pub struct Pinned {
    /// The set.
    pub set: String,
    /// The symbol name (`name = "…"` or the extracted name).
    pub name: String,
    /// `module_path!()` at the item.
    pub module: String,
    /// The file, absolute.
    pub file: PathBuf,
    /// 1-based line of the contract attribute.
    pub line: usize,
    /// The golden named by `golden = "…"`, relative to the annotated file.
    pub golden: Option<PathBuf>,
    /// The item's own name (the symbol's, unless `name = "…"` renames it).
    pub item_name: String,
    /// The shape fragment's compact canonical text: what the macro registers.
    pub text: String,
    /// The shape fragment, read from `text` when first asked for (a cached scan
    /// keeps only the text).
    #[serde(skip)]
    fragment: OnceLock<contract_core::Fragment>,
    /// Where its elements are: line and 1-based column (see [`line_col`]).
    pub locations: Located<(usize, usize)>,
    /// For a public-API set's item: the module that defines it (`module` is its
    /// public path's), where its `impl` blocks are looked up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defined_in: Option<String>,
    /// Members left out because their `#[cfg]` cannot be evaluated here (a build
    /// script's cfg before the script ran): taken as the golden has them
    /// ([`contract_core::undecided`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undecided: Vec<contract_core::Member>,
    /// For a public-API set's inherent `impl` that calls a macro among its members
    /// (concurrent-queue's `const_fn!(… pub const fn unbounded() …)`). Which members
    /// the macro defines cannot be read without expanding it, so each member of the
    /// type the golden has and the sources do not is taken as the golden has it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub members_by_macro: bool,
    /// For a public-API set's `impl` block in another module than what it is for (`mod
    /// float { use super::V; impl Approx for V {…} }`, euclid 0.22.14): that module,
    /// whose names its text is written in. A golden may spell its types in either.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub written_in: Option<String>,
}

impl Pinned {
    /// The module its `impl Trait for Type` blocks are recorded under.
    pub fn impl_module(&self) -> &str {
        self.defined_in.as_deref().unwrap_or(&self.module)
    }
}

impl Pinned {
    /// The shape fragment.
    pub fn fragment(&self) -> &contract_core::Fragment {
        self.fragment.get_or_init(|| {
            // Written by this build of the command: only a file edited by hand in
            // the target directory could fail here.
            serde_json::from_str(&self.text)
                .unwrap_or_else(|e| panic!("{}", words::cache_unreadable(&e)))
        })
    }
}

/// Something the user must know: a warning (the scan went on) or an error (the
/// compiler would reject this too).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Finding {
    /// The file, absolute.
    pub file: PathBuf,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
    /// What.
    pub message: String,
}

/// What the scan of one package found.
#[derive(Default, Serialize, Deserialize)]
pub struct PackageScan {
    /// Pinned items, in source order.
    pub pinned: Vec<Pinned>,
    /// Pinned types whose serde impls are written by hand.
    #[serde(default)]
    pub hand_written_serde: Vec<HandWritten>,
    /// Things the scan could not see exactly.
    pub warnings: Vec<Finding>,
    /// Things the compiler would reject (bad arguments, unpinnable items, syntax).
    pub errors: Vec<Finding>,
    /// How exactly the registrations were seen.
    pub exactness: ScanExactness,
    /// Source files read.
    pub files: usize,
    /// Sets pinned in targets this command does not check (set, target kind).
    pub elsewhere: Vec<(String, String)>,
    /// The library root's `pub use` of other crates' items: (path, file, line, col).
    pub reexports: Vec<(Vec<String>, PathBuf, usize, usize)>,
    /// `impl Trait for Type` items, by the module they are in and the type's name, each
    /// trait by the name a derive gives it: what the sources say a type implements
    /// besides its derives ([`PackageScan::impls_of`] matches them to a type).
    #[serde(with = "crate::inputs::pairs")]
    pub impls: BTreeMap<(String, String), BTreeSet<String>>,
    /// Symbols (set, name) of items under a `#[cfg]` this command cannot evaluate:
    /// neither counted nor missing, taken as the golden has them.
    #[serde(default)]
    pub undecided: Vec<(String, String)>,
    /// The package's features that gate no code: they turn on nothing and no Rust
    /// file of the package names them ([`contract_core::Symbol::inert_features`]).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub inert_features: BTreeSet<String>,
    /// The package's features no Rust file names whose every effect the default
    /// features have anyway ([`contract_core::Symbol::redundant_features`]).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub redundant_features: BTreeSet<String>,
}

impl PackageScan {
    /// The probed traits the sources implement by hand for the type `name` of
    /// `module`: the impls of a type of that name in its own module or one below it,
    /// where they are written (roaring 0.12's `impl PartialEq for RoaringTreemap` in
    /// `treemap::cmp`, the type in `treemap`). One written elsewhere is not seen.
    pub fn impls_of(&self, module: &str, name: &str) -> BTreeSet<String> {
        // Keys sort by module: the module and those below it are one run from it.
        self.impls
            .range((module.to_owned(), String::new())..)
            .take_while(|((m, _), _)| m.starts_with(module))
            .filter(|((m, n), _)| {
                let below = &m[module.len()..];
                n == name && (below.is_empty() || below.starts_with("::"))
            })
            .flat_map(|(_, traits)| traits.iter().cloned())
            .collect()
    }
}

/// Scans the targets of `package` whose registrations an integration test's harness
/// sees: the library, and each integration test (its own registrations join the
/// library's in its binary). Items pinned in bins, examples and benches are warnings:
/// no integration test links them. `on_file` is told of each file read (progress).
/// Also returns what the scan read from the file system, in order: the same answers
/// give the same scan (see [`crate::cache`]).
pub fn scan_package(
    package: &Package,
    options: &Options,
    on_file: &mut dyn FnMut(&Path),
) -> (PackageScan, Vec<Input>) {
    let mut scan = Scanner {
        out: PackageScan::default(),
        inputs: Vec::new(),
        on_file,
        cfg_test: false,
        macro_use: false,
        library: false,
        type_scopes: FileScopes::default(),
        file_items: Rc::new(syn::File {
            shebang: None,
            attrs: Vec::new(),
            items: Vec::new(),
        }),
        options,
        env: options.cfg.clone(),
        api: None,
        not_evaluated: Vec::new(),
        pending_impls: Vec::new(),
        macros: BTreeMap::new(),
        dependency_macros: BTreeMap::new(),
        in_const_block: false,
        expansion_depth: 0,
    };
    for target in &package.targets {
        let dir = target.root.parent().unwrap_or(Path::new(".")).to_path_buf();
        scan.cfg_test = target.kind == TargetKind::Test;
        scan.library = target.kind == TargetKind::Lib;
        scan.env = cfg::Env {
            test: scan.cfg_test,
            ..options.cfg.clone()
        };
        scan.api = (scan.library && !options.public_api.is_empty()).then(Api::default);
        let index = scan
            .api
            .as_mut()
            .map(|api| api.module(None, &target.crate_name));
        let cx = ModCx {
            path: target.crate_name.clone(),
            children_dir: dir.clone(),
            path_attr_dir: dir,
            scope: Scope::default(),
            index,
            undecided: None,
        };
        let first = scan.out.pinned.len();
        scan.file(&target.root, &cx, None);
        scan.resolve_impls();
        if let Some(api) = scan.api.take() {
            scan.public_api(&api, &target.crate_name);
            scan.features(&package.manifest_dir.join("Cargo.toml"), &target.crate_name);
        }
        if let TargetKind::Other(kind) = &target.kind {
            for p in scan.out.pinned.split_off(first) {
                scan.out.elsewhere.push((p.set.clone(), kind.clone()));
                let at = p
                    .locations
                    .find(&contract_core::Member::Item)
                    .unwrap_or((p.line, 1));
                scan.warn_at(
                    &p.file,
                    at,
                    ScanExactness::CfgDependent,
                    words::pinned_in_other_target(
                        &format!("{}::{}", p.module, p.name),
                        &p.set,
                        &kind,
                        &target.crate_name,
                    ),
                );
            }
        }
    }
    hand_written_serde(&mut scan.out);
    (scan.out, scan.inputs)
}

/// `pub`, not `pub(crate)`, `pub(super)`, `pub(in …)` or private.
fn is_pub(vis: &syn::Visibility) -> bool {
    matches!(vis, syn::Visibility::Public(_))
}

/// `#[doc(hidden)]` among `attrs`.
/// An item's fragment text with the item `#[doc(hidden)]`: what it is on a path
/// through a hidden module or re-export.
/// Members of one type that several inherent `impl` blocks define under one name
/// (`impl<A> ArrayRef<A, Ix1> { pub fn dot… }` and `impl<A> ArrayRef<A, Ix2> { pub fn
/// dot… }` in ndarray, bitvec's `BitPtr::pointer`): each is named with its block's
/// self type, `dot (impl ArrayRef<A, Ix1>)`, as a public-API set must name every member
/// without an attribute. `selves[i]` is `pinned[i]`'s block's self type.
fn qualify_shared_members(pinned: &mut [Pinned], selves: &[Option<String>]) {
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

/// `text` with every path that reaches std through the crate's own modules
/// (`crate::stdlib::any::Any`) spelled as the std path it names: a public-API set sees
/// the whole crate, so it records what the path names, and a release that drops the
/// shim changes nothing (tracing-core 0.1.35; see `names::std_through_crate`).
fn std_spelled(text: &str, api: &Api, module: usize) -> String {
    if !["crate::", "self::", "super::"]
        .iter()
        .any(|p| text.contains(p))
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
fn item_text(text: &str, hidden: bool, sealed: bool) -> String {
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

fn is_hidden(attrs: &[Attribute]) -> bool {
    // As the shapes read it: a deprecated item stays API though hidden.
    syntax::doc_hidden(attrs)
}

/// `#[proc_macro]`, `#[proc_macro_derive(…)]` or `#[proc_macro_attribute]`.
fn proc_macro_fn(attrs: &[Attribute]) -> bool {
    ["proc_macro", "proc_macro_derive", "proc_macro_attribute"]
        .iter()
        .any(|name| has_attr(attrs, name))
}

fn has_attr(attrs: &[Attribute], name: &str) -> bool {
    attrs.iter().any(|a| a.path().is_ident(name))
}

/// The name an item declares, for messages.
/// The namespace the name an item defines is in.
fn item_ns(item: &Item) -> Ns {
    match item {
        Item::Struct(_) | Item::Enum(_) | Item::Union(_) | Item::Trait(_) | Item::Type(_) => {
            Ns::Type
        }
        _ => Ns::Value,
    }
}

/// The public items a macro body that does not parse as items declares at its top
/// level, each as a stand-in of its kind and name (`pub struct Md5;` for `pub struct
/// Md5(block_api::Md5Core);`): what the call defines is not read, only that it names
/// them, so each is taken as the golden has it.
fn declared_items(tokens: proc_macro2::TokenStream) -> Vec<Item> {
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

fn item_ident(item: &Item) -> Option<String> {
    Some(match item {
        Item::Const(i) => i.ident.to_string(),
        Item::Enum(i) => i.ident.to_string(),
        Item::Fn(i) => i.sig.ident.to_string(),
        Item::Macro(i) => i.ident.as_ref()?.to_string(),
        Item::Mod(i) => i.ident.to_string(),
        Item::Static(i) => i.ident.to_string(),
        Item::Struct(i) => i.ident.to_string(),
        Item::Trait(i) => i.ident.to_string(),
        Item::Type(i) => i.ident.to_string(),
        Item::Union(i) => i.ident.to_string(),
        _ => return None,
    })
}

/// The visibility an item is declared with, for the items that have one.
fn item_vis(item: &Item) -> Option<&syn::Visibility> {
    Some(match item {
        Item::Const(i) => &i.vis,
        Item::Enum(i) => &i.vis,
        Item::Fn(i) => &i.vis,
        Item::Mod(i) => &i.vis,
        Item::Static(i) => &i.vis,
        Item::Struct(i) => &i.vis,
        Item::Trait(i) => &i.vis,
        Item::Type(i) => &i.vis,
        Item::Union(i) => &i.vis,
        _ => return None,
    })
}

/// Where a module is, and what it is under.
#[derive(Clone)]
struct ModCx {
    /// `module_path!()` inside it.
    path: String,
    /// Where `mod x;` looks for `x.rs` / `x/mod.rs`.
    children_dir: PathBuf,
    /// What `#[path = "…"]` on `mod x;` is relative to.
    path_attr_dir: PathBuf,
    /// What its `use` items bring into scope (not inherited by child modules).
    scope: Scope,
    /// Its index in the public-API record, when one is made and the module is one
    /// of the crate's (not a module inside a fn body).
    index: Option<usize>,
    /// The `#[cfg]` this command cannot evaluate that the module (or one around it)
    /// is under: every item in it is, too.
    undecided: Option<String>,
}

struct Scanner<'a> {
    out: PackageScan,
    /// Every answer the file system gave, in order.
    inputs: Vec<Input>,
    on_file: &'a mut dyn FnMut(&Path),
    /// Whether the target is built with `cfg(test)` (integration tests are).
    cfg_test: bool,
    /// `#[macro_use] extern crate contract_pin;` at the target's root.
    macro_use: bool,
    /// Whether the target is the library (whose `pub use` items are re-exports).
    library: bool,
    /// The imports of each module of the file being read, for type paths: the
    /// macro reads the same file the same way.
    type_scopes: FileScopes,
    /// The file being read, parsed (`pin_macro!` finds its definition there).
    file_items: Rc<syn::File>,
    /// The public-API sets and the build's cfgs.
    options: &'a Options,
    /// The cfgs of the target being read.
    env: cfg::Env,
    /// The library's modules, items and imports, when a public-API set needs them.
    api: Option<Api>,
    /// What a public-API set does not count because its cfg cannot be evaluated:
    /// (file, line, predicate).
    not_evaluated: Vec<(PathBuf, usize, String)>,
    /// Hand-written impls of probed traits with the self type's path as written and
    /// the library module they are in: resolved through the crate's names once every
    /// module is read (an impl in another module than its type's).
    pending_impls: Vec<(usize, Vec<String>, String)>,
    /// The crate's `macro_rules!` seen so far, in the order rustc's textual scope
    /// sees them (a later definition shadows an earlier one).
    macros: BTreeMap<String, Rc<MacroRules>>,
    /// Each dependency's `#[macro_export]` macros, read when a call first needs them.
    dependency_macros: BTreeMap<String, BTreeMap<String, Rc<MacroRules>>>,
    /// Inside `const _: () = { … }` written by a macro: only its impls are read (the
    /// block's other items are its own, not the module's).
    in_const_block: bool,
    /// How deep the expansion being read is (rustc stops at 128; so does this, at 64).
    expansion_depth: usize,
}

impl Scanner<'_> {
    /// Each pending hand-written impl also under its type's own module and name, read
    /// through the crate's names (`impl fmt::Debug for crate::a::Foo` in a module
    /// `debug_impls`, or `use super::a::Foo; impl Debug for Foo`): a derive replaced by
    /// an impl anywhere in the crate is no change.
    fn resolve_impls(&mut self) {
        let pending = std::mem::take(&mut self.pending_impls);
        let Some(api) = &self.api else { return };
        for (module, path, t) in pending {
            for res in contract_core::names::resolve_import(api, module, &path, &mut Vec::new()) {
                if let contract_core::names::Res::Def(m, index) = res {
                    let def = &api.modules[m].defs[index];
                    self.out
                        .impls
                        .entry((api.modules[m].path.clone(), def.name.clone()))
                        .or_default()
                        .insert(t.clone());
                }
            }
        }
    }

    /// Whether `path` is a file, recorded as an input of the scan.
    fn is_file(&mut self, path: &Path) -> bool {
        let is = path.is_file();
        self.inputs.push(Input::IsFile {
            path: path.to_path_buf(),
            is,
        });
        is
    }

    fn warn(&mut self, file: &Path, span: Span, exactness: ScanExactness, message: String) {
        self.warn_at(file, line_col(span), exactness, message);
    }

    fn warn_at(
        &mut self,
        file: &Path,
        (line, col): (usize, usize),
        exactness: ScanExactness,
        message: String,
    ) {
        self.out.exactness = self.out.exactness.max(exactness);
        self.out.warnings.push(Finding {
            file: file.to_path_buf(),
            line,
            col,
            message,
        });
    }

    fn error(&mut self, file: &Path, span: Span, message: String) {
        let (line, col) = line_col(span);
        self.out.errors.push(Finding {
            file: file.to_path_buf(),
            line,
            col,
            message,
        });
    }

    /// Reads and walks one module file. `declared` is the `mod x;` that led here.
    fn file(&mut self, file: &Path, cx: &ModCx, declared: Option<(&Path, Span)>) {
        (self.on_file)(file);
        self.out.files += 1;
        let read = std::fs::read_to_string(file);
        self.inputs.push(Input::read(file, &read));
        let text = match read {
            Ok(text) => text,
            Err(e) => {
                let message = words::module_unreadable(&file.display(), &e);
                let missing = e.kind() == std::io::ErrorKind::NotFound;
                match declared {
                    // A module of a test, bench or example the package does not ship
                    // whole (regex 1.13 leaves `tests/fuzz/` out of its package): as
                    // for a missing target root below.
                    Some((at, span)) if !self.library && missing => {
                        let (line, col) = line_col(span);
                        self.warn_at(
                            at,
                            (line, col),
                            ScanExactness::Exact,
                            words::target_module_missing(&file.display()),
                        );
                    }
                    Some((at, span)) => self.error(at, span, message),
                    // A test, bench or example the package does not ship (a published
                    // crate often leaves them out): cargo cannot build it either, and
                    // it registers nothing the library's harness sees.
                    None if !self.library && missing => self.warn_at(
                        file,
                        (1, 1),
                        ScanExactness::Exact,
                        words::target_root_missing(&file.display()),
                    ),
                    None => self.out.errors.push(Finding {
                        file: file.to_path_buf(),
                        line: 1,
                        col: 1,
                        message,
                    }),
                }
                return;
            }
        };
        match contract_core::syntax::parse_file(&text) {
            Ok(parsed) => {
                let parsed = Rc::new(parsed);
                let outer = std::mem::replace(&mut self.type_scopes, FileScopes::of_file(&text));
                let outer_items = std::mem::replace(&mut self.file_items, parsed.clone());
                if declared.is_none() {
                    self.macro_use = Scope::has_macro_use(&parsed.items);
                    if self.library {
                        self.reexports(&parsed.items, file);
                    }
                }
                self.items(&parsed.items, cx, file);
                self.type_scopes = outer;
                self.file_items = outer_items;
            }
            Err(e) => self.error(file, e.span(), format!("cannot parse: {e}")),
        }
    }

    /// `pub use other_crate::a::Item;` at a library root (paths that start with a crate
    /// name; renames and globs are left out).
    fn reexports(&mut self, items: &[Item], file: &Path) {
        fn walk(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<(Vec<String>, Span)>) {
            match tree {
                syn::UseTree::Path(p) => {
                    prefix.push(p.ident.unraw().to_string());
                    walk(&p.tree, prefix, out);
                    prefix.pop();
                }
                syn::UseTree::Name(n) => {
                    let mut path = prefix.clone();
                    path.push(n.ident.unraw().to_string());
                    out.push((path, n.ident.span()));
                }
                syn::UseTree::Group(g) => g.items.iter().for_each(|t| walk(t, prefix, out)),
                syn::UseTree::Rename(_) | syn::UseTree::Glob(_) => {}
            }
        }
        for item in items {
            let Item::Use(u) = item else { continue };
            if !matches!(u.vis, syn::Visibility::Public(_)) {
                continue;
            }
            let mut found = Vec::new();
            walk(&u.tree, &mut Vec::new(), &mut found);
            for (path, span) in found {
                if path.len() > 1 && !matches!(path[0].as_str(), "crate" | "self" | "super") {
                    let (line, col) = line_col(span);
                    self.out
                        .reexports
                        .push((path, file.to_path_buf(), line, col));
                }
            }
        }
    }

    /// The items of one module: its scope is their `use` items.
    fn items(&mut self, items: &[Item], cx: &ModCx, file: &Path) {
        let cx = ModCx {
            scope: Scope::of_items(items, self.macro_use),
            ..cx.clone()
        };
        for item in items {
            self.item(item, &cx, file);
        }
    }

    fn item(&mut self, item: &Item, cx: &ModCx, file: &Path) {
        // `cfg_if!`/`cfg_select!` write their input out under cfgs: what they write is
        // read as the module's own items (modules included), for every set.
        if let Item::Macro(m) = item {
            let is_cfg_macro = m.ident.is_none()
                && m.mac
                    .path
                    .segments
                    .last()
                    .is_some_and(|s| s.ident == "cfg_if" || s.ident == "cfg_select");
            if is_cfg_macro {
                if let Some(items) = self.expand_items(m) {
                    return self.expanded(|scanner| {
                        for inner in &items {
                            scanner.item(inner, cx, file);
                        }
                    });
                }
            }
        }
        let attrs = args::item_attrs(item);
        // What the build leaves out is not read; what the scan cannot evaluate is
        // not counted, and said.
        let unknown = match self.env.item(attrs) {
            Truth::True => cx.undecided.clone(),
            Truth::False => return self.not_built(item, attrs, cx, file, None),
            Truth::Unknown(what) => Some(what),
        };
        self.define(item);
        if let Some(what) = unknown {
            // Neither built nor left out: a public-API set takes it as its golden
            // has it, and so it does what is in a module under such a cfg.
            if let (Some(index), true) = (cx.index, self.api.is_some()) {
                self.collect(item, index, cx, file, true);
            }
            if let Item::Mod(m) = item {
                self.module(m, cx, file, Some(what.clone()));
            }
            return self.not_built(item, attrs, cx, file, Some(what));
        }
        if let Item::Impl(i) = item {
            if let Some((path, t)) = record_impl(i, &cx.path, &mut self.out.impls) {
                if let (Some(index), true) = (cx.index, self.api.is_some()) {
                    self.pending_impls.push((index, path, t));
                }
            }
        }
        if let Some(index) = cx.index {
            if self.api.is_some() {
                self.collect(item, index, cx, file, false);
            }
        }
        match item {
            Item::Mod(m) => {
                // Refused by the macro (an error), then the module is read as usual.
                self.pinned(item, attrs, cx, file);
                self.module(m, cx, file, None)
            }
            Item::Macro(m) if is_pin_macro(m, &cx.scope) => self.pin_macro(m, cx, file),
            Item::Macro(m) => {
                self.pinned(item, attrs, cx, file);
                self.macro_item(m, cx, file)
            }
            _ => {
                self.pinned(item, attrs, cx, file);
                // Items nested in function bodies register too, under the enclosing
                // module's path, in a scope that adds the bodies' `use` items.
                let mut nested = Nested::default();
                syn::visit::Visit::visit_item(&mut nested, item);
                let mut inner_cx = cx.clone();
                inner_cx.index = None;
                inner_cx.scope.add(nested.items.iter().copied());
                for (span, place) in nested.misplaced(&inner_cx.scope) {
                    self.error(
                        file,
                        span,
                        words::attribute_on_a_part(place, syntax::ACCEPTED),
                    );
                }
                for inner in nested.items {
                    self.item(inner, &inner_cx, file);
                }
            }
        }
    }

    /// An item whose `#[cfg]` does not hold (`unknown: None`) or cannot be evaluated:
    /// the compiler does not build it, or the scan cannot tell whether it does. A
    /// pinned item there is said to be left out; so is, once per package, what a
    /// public-API set cannot count.
    fn not_built(
        &mut self,
        item: &Item,
        attrs: &[Attribute],
        cx: &ModCx,
        file: &Path,
        unknown: Option<String>,
    ) {
        let written: Vec<String> = attrs.iter().filter_map(cfg_predicate).collect();
        let written = written.join(", ");
        // Under `cfg(test)` in the library: the library's own unit tests are built with
        // it, the integration tests link the library without it.
        let in_unit_tests = !self.cfg_test
            && unknown.is_none()
            && matches!(
                cfg::Env {
                    test: true,
                    ..self.env.clone()
                }
                .item(attrs),
                Truth::True
            );
        let why = match &unknown {
            None if in_unit_tests => words::ONLY_UNDER_CFG_TEST.to_owned(),
            None => words::cfg_does_not_hold(self.cfg_test),
            Some(what) => words::cfg_not_evaluated(what),
        };
        let (found, _) = contract_attrs(attrs, &cx.scope);
        for attr in &found {
            let mut errors = Vec::new();
            let parsed = args::parse(attr.fixed_set, attr.tokens.clone(), &mut errors);
            let name = parsed
                .name
                .clone()
                .or_else(|| item_ident(item))
                .unwrap_or_else(|| "item".to_owned());
            // What cannot be evaluated is neither there nor gone.
            let counted = if unknown.is_some() {
                self.out.undecided.push((parsed.set.clone(), name.clone()));
                "taken as the golden has it"
            } else {
                "not counted"
            };
            self.warn(
                file,
                attr.span,
                ScanExactness::CfgDependent,
                words::pinned_under_cfg(
                    &format!("{}::{name}", cx.path),
                    &parsed.set,
                    &written,
                    counted,
                    &why,
                ),
            );
        }
        if let (Some(what), Some(_), true) = (unknown, cx.index, self.api.is_some()) {
            let (line, _) = line_col(item.span());
            self.not_evaluated.push((file.to_path_buf(), line, what));
        }
    }

    /// Records `item` of module `index` for the public-API sets: a name it defines,
    /// or the names a `use` brings, or an `impl` block. `undecided`: the item is under
    /// a `#[cfg]` this command cannot evaluate.
    fn collect(&mut self, item: &Item, index: usize, cx: &ModCx, file: &Path, undecided: bool) {
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
                if let Some(api) = &mut self.api {
                    for (path, binding) in found {
                        api.modules[index].imports.push(Import {
                            public,
                            hidden,
                            path,
                            binding,
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
        if let Item::Impl(i) = &mut expanded {
            self.expand_members(i);
        }
        strip_contract_attrs(&mut expanded, &cx.scope);
        let (unknown, members) = expand_deep(&self.env, &mut expanded);
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
                    let trait_ = i
                        .trait_
                        .as_ref()
                        .map(|(_, path, _)| api::path_segments(path));
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
                        });
                    }
                }
            }
        }
    }

    /// The items a module-level macro invocation spells out in its body (ppv-lite86
    /// 0.2.21's `zerocopy::cryptocorrosion_derive_traits! { pub union vec128_storage {
    /// … } }`): the command expands no macro, so what the call defines is not known,
    /// but an item its body writes out may well be one of them. Each is a name of the
    /// module (a `pub use` reaches it) taken as the golden has it, as an item under a
    /// cfg this command cannot evaluate is; a body that is not items defines nothing
    /// this command can name.
    fn macro_defined(&mut self, m: &syn::ItemMacro, index: usize, cx: &ModCx, file: &Path) {
        if let Some(items) = self.expand_items(m) {
            return self.expanded(|scanner| {
                for item in &items {
                    scanner.collect_expanded(item, index, cx, file);
                }
            });
        }
        // A body that is not items may still declare one in its own syntax
        // (digest 0.11's `buffer_fixed!(pub struct Md5(Md5Core); oid: "…"; impl: …;)`):
        // each `pub struct Name` it spells, as an item of that kind and name.
        let body = syn::parse2::<syn::File>(m.mac.tokens.clone())
            .ok()
            .unwrap_or_else(|| syn::File {
                shebang: None,
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

    /// Records a `macro_rules!` definition, for the calls after it.
    fn define(&mut self, item: &Item) {
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

    /// What a macro call expands to, when this command can expand it: the crate's own
    /// `macro_rules!` (by its name, or a path through `crate`/`self`/`super`), a
    /// dependency's `#[macro_export]` ones (`dep::name!`, or `name!` that no local
    /// macro answers) and `paste!`. `None` for anything else, and past the expansion
    /// depth.
    fn expand_call(&mut self, mac: &syn::Macro) -> Option<TokenStream> {
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
        let local = mac.path.leading_colon.is_none()
            && prefix
                .iter()
                .all(|s| matches!(s.as_str(), "crate" | "self" | "super"));
        if let (true, Some(rules)) = (local, self.macros.get(name)) {
            return rules.expand(mac.tokens.clone(), &quote::quote!(crate)).ok();
        }
        let prefix_names: Vec<&str> = prefix.iter().map(String::as_str).collect();
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

    /// The dependency whose sources define a `#[macro_export] macro_rules! name`, for
    /// a call by its bare name: those already read first, then each in turn.
    fn dependency_exporting(&mut self, name: &str) -> Option<String> {
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
    fn dependency_macros(&mut self, dependency: &str) -> &BTreeMap<String, Rc<MacroRules>> {
        if !self.dependency_macros.contains_key(dependency) {
            let mut found = BTreeMap::new();
            let root = self
                .options
                .dependencies
                .iter()
                .find(|(dep, _)| dep == dependency)
                .map(|(_, root)| root.clone());
            if let Some(dir) = root.as_deref().and_then(Path::parent) {
                let mut files = Vec::new();
                rust_files(dir, false, &mut files);
                for file in files {
                    let read = std::fs::read_to_string(&file);
                    self.inputs.push(Input::read(&file, &read));
                    let Ok(text) = read else { continue };
                    if !text.contains("macro_export") {
                        continue;
                    }
                    if let Ok(parsed) = syn::parse_file(&text) {
                        exported_macros(&parsed.items, &mut found);
                    }
                }
            }
            self.dependency_macros.insert(dependency.to_owned(), found);
        }
        &self.dependency_macros[dependency]
    }

    /// The items a module-level macro call expands to, each under the call's own
    /// `#[cfg]`s.
    fn expand_items(&mut self, m: &syn::ItemMacro) -> Option<Vec<Item>> {
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
    fn expanded(&mut self, read: impl FnOnce(&mut Self)) {
        self.expansion_depth += 1;
        read(self);
        self.expansion_depth -= 1;
    }

    /// An item a macro call wrote out, read as an item written there would be.
    fn collect_expanded(&mut self, item: &Item, index: usize, cx: &ModCx, file: &Path) {
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
            Truth::False => return,
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
    fn expand_members(&mut self, block: &mut syn::ItemImpl) {
        let mut rounds = 0;
        while rounds < 64
            && block
                .items
                .iter()
                .any(|m| matches!(m, syn::ImplItem::Macro(_)))
        {
            rounds += 1;
            let mut changed = false;
            let mut members = Vec::with_capacity(block.items.len());
            for member in std::mem::take(&mut block.items) {
                let syn::ImplItem::Macro(call) = &member else {
                    members.push(member);
                    continue;
                };
                let parsed = self.expand_call(&call.mac).and_then(|tokens| {
                    let parser = |input: syn::parse::ParseStream| {
                        let mut out = Vec::new();
                        while !input.is_empty() {
                            out.push(input.parse::<syn::ImplItem>()?);
                        }
                        Ok(out)
                    };
                    syn::parse::Parser::parse2(parser, tokens).ok()
                });
                match parsed {
                    Some(expanded) => {
                        changed = true;
                        let cfgs = cfg_attrs(&call.attrs);
                        for mut e in expanded {
                            let mut types = TypeMacros { scanner: self };
                            syn::visit_mut::VisitMut::visit_impl_item_mut(&mut types, &mut e);
                            if let Some(attrs) = impl_item_attrs_mut(&mut e) {
                                attrs.splice(0..0, cfgs.iter().cloned());
                            }
                            members.push(e);
                        }
                    }
                    None => members.push(member),
                }
            }
            block.items = members;
            if !changed {
                break;
            }
        }
    }

    /// The public-API sets' registrations, from what [`Scanner::collect`] recorded.
    fn public_api(&mut self, api: &Api, crate_name: &str) {
        // An entry on several public paths is rewritten once (per module it is read in).
        let mut std_spelled_texts: BTreeMap<(*const api::Entry, usize), String> = BTreeMap::new();
        for (set, hidden_is_api) in &self.options.public_api {
            let first = self.out.pinned.len();
            let mut selves = Vec::new();
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
                            .or_insert_with(|| std_spelled(&p.entry.text, api, p.defined_in)),
                        p.hidden,
                        p.sealed,
                    ),
                    fragment: OnceLock::new(),
                    locations: p.entry.locations.clone(),
                    defined_in: Some(api.modules[p.defined_in].path.clone()),
                    undecided: p.entry.undecided.clone(),
                    members_by_macro: p.entry.members_by_macro,
                    written_in: p.written_in.map(|m| api.modules[m].path.clone()),
                });
                selves.push(p.entry.impl_self.clone());
            }
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
    fn features(&mut self, manifest: &Path, crate_name: &str) {
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
    fn unnamed_features(&mut self, dir: &Path) -> (BTreeSet<String>, BTreeSet<String>) {
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

    /// Records module `m` in the public-API model, with the module symbol it registers
    /// on its public paths (`undecided`: under a `#[cfg]` this command cannot
    /// evaluate, taken as the golden has it); its index, when there is a model.
    fn api_module(
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
        });
        Some(child)
    }

    /// `undecided`: the module is under a `#[cfg]` this command cannot evaluate (see
    /// [`ModCx::undecided`]).
    fn module(&mut self, m: &syn::ItemMod, cx: &ModCx, file: &Path, mut undecided: Option<String>) {
        let name = m.ident.unraw().to_string();
        // `#[cfg_attr(unix, path = "unix.rs")]` names the file as the build's cfgs
        // choose it; one the command cannot evaluate leaves the module undecided.
        let mut attrs = m.attrs.clone();
        self.env.expand_cfg_attr(&mut attrs);
        let names_path = |meta: &Meta| meta.path().is_ident("path");
        let unknown_path = attrs
            .iter()
            .find(|a| a.path().is_ident("cfg_attr") && cfg_attr_metas(a).iter().any(names_path));
        let mut path_attr = attrs.iter().find_map(|a| order::path_value(&a.meta));
        if let Some(attr) = unknown_path {
            undecided.get_or_insert(contract_core::syntax::tokens::to_string(&attr.meta));
            // With no file at the default place, the build reads the one it names:
            // its items are the module's names, each taken as the golden has it.
            if path_attr.is_none() && self.module_file(&cx.children_dir, &name).is_none() {
                path_attr = cfg_attr_metas(attr).iter().find_map(order::path_value);
            }
        }
        let path = format!("{}::{name}", cx.path);
        let index = self.api_module(m, cx, file, undecided.is_some());
        let mut child = ModCx {
            path,
            children_dir: PathBuf::new(),
            path_attr_dir: PathBuf::new(),
            scope: Scope::default(),
            index,
            undecided,
        };
        match &m.content {
            Some((_, items)) => {
                // Inline: nested `mod y;` and `#[path]` resolve below a directory
                // named after the module (or its `#[path]`).
                let dir = cx.children_dir.join(path_attr.as_deref().unwrap_or(&name));
                child.children_dir = dir.clone();
                child.path_attr_dir = dir;
                self.items(items, &child, file);
            }
            None => {
                let (target, mod_rs) = match &path_attr {
                    // A file named by `#[path]` owns its directory, like `mod.rs`.
                    Some(p) => (cx.path_attr_dir.join(p), true),
                    // Not there: read as `x.rs`, to say it is missing.
                    None => self
                        .module_file(&cx.children_dir, &name)
                        .unwrap_or_else(|| (cx.children_dir.join(format!("{name}.rs")), false)),
                };
                let parent = target.parent().unwrap_or(Path::new(".")).to_path_buf();
                child.children_dir = if mod_rs {
                    parent.clone()
                } else {
                    parent.join(&name)
                };
                child.path_attr_dir = parent;
                // A module under an unevaluable cfg may be one the build writes: no file
                // is no error then.
                if child.undecided.is_some() && !self.is_file(&target) {
                    return;
                }
                self.file(&target, &child, Some((file, m.ident.span())));
            }
        }
    }

    /// The file of `mod name;` in `dir` that exists, `x.rs` or else `x/mod.rs`, and
    /// whether it is a `mod.rs` (which holds its children beside it).
    fn module_file(&mut self, dir: &Path, name: &str) -> Option<(PathBuf, bool)> {
        let flat = dir.join(format!("{name}.rs"));
        if self.is_file(&flat) {
            return Some((flat, false));
        }
        let nested = dir.join(name).join("mod.rs");
        self.is_file(&nested).then_some((nested, true))
    }

    /// `contract_pin::pin_macro!(name, …)`: the `macro_rules! name` of this file,
    /// registered as the macro registers it.
    fn pin_macro(&mut self, m: &syn::ItemMacro, cx: &ModCx, file: &Path) {
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

    /// `macro_rules!` definitions and item-position macro calls: their expansion is
    /// unknown to a source scan, so contract attributes inside are warnings.
    fn macro_item(&mut self, m: &syn::ItemMacro, cx: &ModCx, file: &Path) {
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

    fn pinned(&mut self, item: &Item, attrs: &[Attribute], cx: &ModCx, file: &Path) {
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
    fn register(
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
            });
        }
    }
}

/// True when `m` calls contract-pin's `pin_macro!` (by path, or imported by name).
fn is_pin_macro(m: &syn::ItemMacro, scope: &Scope) -> bool {
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
fn record_impl(
    i: &syn::ItemImpl,
    module: &str,
    out: &mut BTreeMap<(String, String), BTreeSet<String>>,
) -> Option<(Vec<String>, String)> {
    let Some((None, path, _)) = &i.trait_ else {
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
fn covers_every_instance(i: &syn::ItemImpl, self_ty: &syn::PathSegment, trait_name: &str) -> bool {
    use syn::{GenericArgument, GenericParam, PathArguments, TypeParamBound, WherePredicate};
    // A bound of another probed trait (`T: Copy` on a `Clone` impl, `T: Send`) is
    // narrower than the derive's; any other bound is taken to be the type's own
    // (`Tz: TimeZone` of `struct DateTime<Tz: TimeZone>`), which the derive repeats.
    // The type's declaration is not at hand here: an approximation, towards "no break".
    let only_the_trait = |bounds: &syn::punctuated::Punctuated<TypeParamBound, syn::Token![+]>| {
        bounds.iter().all(|b| match b {
            TypeParamBound::Trait(t) => {
                matches!(t.modifier, syn::TraitBoundModifier::Maybe(_))
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
fn hand_written_serde(scan: &mut PackageScan) {
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
            .impls_of(&p.module, &p.item_name)
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

/// The `.rs` files under `dir`, sorted, for [`Scanner::inert_features`]: not in
/// `tests`, `benches`, `examples` or `target` at the package's `top`, nor in hidden
/// directories or other packages' (a directory with a `Cargo.toml`).
fn rust_files(dir: &Path, top: bool, out: &mut Vec<PathBuf>) {
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
fn manifest_line(manifest: &str, name: &str) -> usize {
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

/// 1-based line and column of `span`'s start.
pub fn line_col(span: Span) -> (usize, usize) {
    let start = span.start();
    (start.line.max(1), start.column + 1)
}

/// Items nested in blocks of an item (fn bodies, const initialisers), not below them;
/// and the attributes on the item's parts (fields, variants, methods, statements…),
/// where a contract attribute is not accepted.
#[derive(Default)]
struct Nested<'ast> {
    items: Vec<&'ast Item>,
    depth: usize,
    /// Attributes on parts, with what the part is.
    parts: Vec<(&'ast Attribute, &'static str)>,
}

impl Nested<'_> {
    /// The parts' attributes that are contract-pin's, with their span.
    fn misplaced(&self, scope: &Scope) -> Vec<(Span, &'static str)> {
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

struct ContractAttr {
    fixed_set: Option<&'static str>,
    tokens: TokenStream,
    span: Span,
    /// The predicate of the `cfg_attr` it is written in.
    predicate: Option<Meta>,
    /// Its index among the item's attributes.
    index: usize,
    /// The attribute as written (inside its `cfg_attr`, if any).
    meta: Meta,
    /// For an attribute inside `cfg_attr`: the attributes before it there.
    before_in_cfg_attr: Vec<Meta>,
}

/// The attributes of `attrs` that resolve to contract-pin's in `scope`, and those
/// whose origin the sources do not tell (span, why).
fn contract_attrs(attrs: &[Attribute], scope: &Scope) -> (Vec<ContractAttr>, Vec<(Span, String)>) {
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
fn cfg_attr_predicate(attr: &Attribute) -> Option<Meta> {
    attr.parse_args_with(syn::punctuated::Punctuated::<Meta, syn::Token![,]>::parse_terminated)
        .ok()?
        .into_iter()
        .next()
}

/// `item` as the compiler builds it under `env`, for a public-API set (no macro
/// sees it first): every `cfg_attr` expanded, and every field, variant, trait item,
/// `impl` item and foreign item whose `cfg` does not hold removed (one that cannot
/// be evaluated too). Returns the predicates it could not evaluate, and the members
/// they leave undecided (taken as the golden has them; see
/// [`contract_core::undecided`]).
fn expand_deep(env: &cfg::Env, item: &mut Item) -> (Vec<String>, Vec<contract_core::Member>) {
    let mut unknown = Vec::new();
    let mut undecided = Vec::new();
    // Keeps what is built; strips the `cfg` of what is kept, expands `cfg_attr`.
    let mut keep = |attrs: &mut Vec<Attribute>, member: Option<contract_core::Member>| -> bool {
        match env.item(attrs) {
            Truth::True => {
                attrs.retain(|a| !a.path().is_ident("cfg"));
                unknown.extend(env.expand_cfg_attr(attrs));
                true
            }
            Truth::False => false,
            Truth::Unknown(what) => {
                unknown.push(what);
                undecided.extend(member);
                false
            }
        }
    };
    type Keep<'k> = dyn FnMut(&mut Vec<Attribute>, Option<contract_core::Member>) -> bool + 'k;
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
                keep(&mut field.attrs, Some(member)).then_some(field)
            })
            .collect();
        *list = kept;
    }
    fn retain<T>(
        items: &mut Vec<T>,
        keep: &mut Keep<'_>,
        attrs: impl Fn(&mut T) -> Option<(&mut Vec<Attribute>, Option<contract_core::Member>)>,
    ) {
        let mut kept = Vec::with_capacity(items.len());
        for mut i in items.drain(..) {
            if attrs(&mut i).is_none_or(|(attrs, member)| keep(attrs, member)) {
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
                        if !keep(&mut v.attrs, Some(contract_core::Member::variant(&name))) {
                            return None;
                        }
                        fields(&mut v.fields, Some(&name), &mut keep);
                        Some(v)
                    })
                    .collect();
            e.variants = kept;
        }
        Item::Trait(t) => retain(&mut t.items, &mut keep, |i| match i {
            syn::TraitItem::Fn(f) => Some((&mut f.attrs, Some(method(&f.sig.ident)))),
            syn::TraitItem::Const(c) => Some((&mut c.attrs, Some(assoc_const(&c.ident)))),
            syn::TraitItem::Type(t) => Some((&mut t.attrs, Some(assoc_type(&t.ident)))),
            syn::TraitItem::Macro(m) => Some((&mut m.attrs, None)),
            _ => None,
        }),
        Item::Impl(i) => retain(&mut i.items, &mut keep, |i| match i {
            syn::ImplItem::Fn(f) => Some((&mut f.attrs, Some(method(&f.sig.ident)))),
            syn::ImplItem::Const(c) => Some((&mut c.attrs, Some(assoc_const(&c.ident)))),
            syn::ImplItem::Type(t) => Some((&mut t.attrs, Some(assoc_type(&t.ident)))),
            syn::ImplItem::Macro(m) => Some((&mut m.attrs, None)),
            _ => None,
        }),
        Item::ForeignMod(f) => retain(&mut f.items, &mut keep, |i| {
            foreign_attrs_mut(i).map(|attrs| (attrs, None))
        }),
        _ => {}
    }
    own.extend(unknown);
    (own, undecided)
}

/// Replaces each type a macro wrote as a macro call (`newtype!(@type(Flags u32))`,
/// object 0.40) with what the scanner expands it to.
struct TypeMacros<'s, 'a> {
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

/// The symbol a fn or static is exported under (`#[no_mangle]`, `#[export_name]`).
fn exported_symbol(item: &Item) -> Option<String> {
    match item {
        Item::Fn(f) => syntax::export(&f.attrs, &f.sig.ident.unraw().to_string()),
        Item::Static(s) => syntax::export(&s.attrs, &s.ident.unraw().to_string()),
        _ => None,
    }
}

/// Every `#[macro_export] macro_rules!` in `items` and the inline modules among them.
fn exported_macros(items: &[Item], out: &mut BTreeMap<String, Rc<MacroRules>>) {
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

/// The `#[cfg]`/`#[cfg_attr]` attributes of a macro call: what it writes is under them.
fn cfg_attrs(attrs: &[Attribute]) -> Vec<Attribute> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("cfg") || a.path().is_ident("cfg_attr"))
        .cloned()
        .collect()
}

fn impl_item_attrs_mut(item: &mut syn::ImplItem) -> Option<&mut Vec<Attribute>> {
    match item {
        syn::ImplItem::Const(c) => Some(&mut c.attrs),
        syn::ImplItem::Fn(f) => Some(&mut f.attrs),
        syn::ImplItem::Type(t) => Some(&mut t.attrs),
        syn::ImplItem::Macro(m) => Some(&mut m.attrs),
        _ => None,
    }
}

fn foreign_attrs_mut(item: &mut syn::ForeignItem) -> Option<&mut Vec<Attribute>> {
    match item {
        syn::ForeignItem::Fn(f) => Some(&mut f.attrs),
        syn::ForeignItem::Static(s) => Some(&mut s.attrs),
        syn::ForeignItem::Type(t) => Some(&mut t.attrs),
        syn::ForeignItem::Macro(m) => Some(&mut m.attrs),
        _ => None,
    }
}

/// The members a `#[cfg]` may leave undecided, by their names.
fn method(ident: &syn::Ident) -> contract_core::Member {
    contract_core::Member::Method {
        name: ident.unraw().to_string(),
    }
}

fn assoc_const(ident: &syn::Ident) -> contract_core::Member {
    contract_core::Member::AssocConst {
        name: ident.unraw().to_string(),
    }
}

fn assoc_type(ident: &syn::Ident) -> contract_core::Member {
    contract_core::Member::AssocType {
        name: ident.unraw().to_string(),
    }
}

fn strip_contract_attrs(item: &mut Item, scope: &Scope) {
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
fn cfg_predicate(attr: &Attribute) -> Option<String> {
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
fn inner_cfg(item: &Item) -> Option<Span> {
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

/// Contract attributes in a macro body: `#` followed by `[...contract...]`, with the
/// name of the item they sit on when it is written out (`struct Name`).
fn contract_attributes_in(
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
fn item_name_after(trees: &[TokenTree]) -> Option<String> {
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

fn path_string(path: &syn::Path) -> String {
    path.segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect::<Vec<_>>()
        .join("::")
}

fn item_attrs_mut(item: &mut Item) -> Option<&mut Vec<Attribute>> {
    Some(match item {
        Item::Const(i) => &mut i.attrs,
        Item::Enum(i) => &mut i.attrs,
        Item::ExternCrate(i) => &mut i.attrs,
        Item::Fn(i) => &mut i.attrs,
        Item::ForeignMod(i) => &mut i.attrs,
        Item::Impl(i) => &mut i.attrs,
        Item::Macro(i) => &mut i.attrs,
        Item::Mod(i) => &mut i.attrs,
        Item::Static(i) => &mut i.attrs,
        Item::Struct(i) => &mut i.attrs,
        Item::Trait(i) => &mut i.attrs,
        Item::TraitAlias(i) => &mut i.attrs,
        Item::Type(i) => &mut i.attrs,
        Item::Union(i) => &mut i.attrs,
        Item::Use(i) => &mut i.attrs,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workspace::Target;

    fn package(dir: &Path) -> Package {
        Package {
            name: "my-lib".to_owned(),
            manifest_dir: dir.to_path_buf(),
            targets: vec![Target {
                crate_name: "my_lib".to_owned(),
                root: dir.join("src/lib.rs"),
                kind: TargetKind::Lib,
            }],
            features: Default::default(),
            feature_table: Default::default(),
            build_script: false,
            version: "0.1.0".to_owned(),
            dependencies: Vec::new(),
        }
    }

    /// The options of a package with no features, on this machine's target.
    fn options() -> Options {
        Options {
            public_api: Vec::new(),
            cfg: cfg::Env {
                target: cfg::TargetCfgs::start(&|_| None).finish(&|_| None).ok(),
                custom: Some(Default::default()),
                ..Default::default()
            },
            features: BTreeMap::new(),
            dependencies: Vec::new(),
        }
    }

    fn write(dir: &Path, rel: &str, text: &str) {
        let path = dir.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn module_paths_follow_the_compilers_rules() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "src/lib.rs", "use contract_pin::contract;\nmod a;\nmod b;\n#[path = \"other/c_impl.rs\"] mod c;\nmod inline { use contract_pin::contract; mod deep; #[contract] pub const IN: u8 = 1; }\n#[contract] pub const ROOT: u8 = 0;\n");
        write(
            d,
            "src/a.rs",
            "mod child;\n#[contract_pin::contract(set = \"s\")] pub const A: u8 = 1;\n",
        );
        write(
            d,
            "src/a/child.rs",
            "use contract_pin::*;\n#[contract] pub fn child() {}\n",
        );
        write(d, "src/b/mod.rs", "mod leaf;\n");
        write(
            d,
            "src/b/leaf.rs",
            "use contract_pin::contract as pin;\n#[pin(name = \"Leaf\")] pub const L: u8 = 2;\n",
        );
        write(
            d,
            "src/other/c_impl.rs",
            "mod sub;\n#[::contract_pin::contract] pub struct C;\n",
        );
        write(
            d,
            "src/other/sub.rs",
            "use contract_pin as cp;\n#[cp::contract] pub struct Sub;\n",
        );
        write(
            d,
            "src/inline/deep.rs",
            "use contract_pin::{contract, phase5_contract};\n#[contract] pub struct Deep { x: u8 }\nfn f() { #[contract] struct InFn; }\n",
        );
        let (scan, _) = scan_package(&package(d), &options(), &mut |_| {});
        assert!(scan.errors.is_empty(), "{:?}", scan.errors);
        assert!(scan.warnings.is_empty(), "{:?}", scan.warnings);
        let mut found: Vec<String> = scan
            .pinned
            .iter()
            .map(|p| format!("{} {}::{}", p.set, p.module, p.name))
            .collect();
        found.sort();
        assert_eq!(
            found,
            [
                "default my_lib::ROOT",
                "default my_lib::a::child::child",
                "default my_lib::b::leaf::Leaf",
                "default my_lib::c::C",
                "default my_lib::c::sub::Sub",
                "default my_lib::inline::IN",
                "default my_lib::inline::deep::Deep",
                "default my_lib::inline::deep::InFn",
                "s my_lib::a::A",
            ]
        );
        assert_eq!(scan.exactness, ScanExactness::Exact);
    }

    #[test]
    fn cfg_is_evaluated_as_the_build_does_and_macros_are_warnings() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(
            d,
            "src/lib.rs",
            "#[cfg(feature = \"x\")]\n#[contract] pub struct Gated;\n\
             #[cfg(test)] mod tests { use contract_pin::contract; #[contract] pub struct OnlyInTests; }\n\
             #[cfg(windows)] mod win;\n\
             #[cfg_attr(feature = \"y\", contract(set = \"s\"))] pub struct Maybe;\n\
             #[contract] pub struct Parts { #[cfg(unix)] pub a: u8 }\n\
             macro_rules! make { () => { #[contract] pub struct Made; } }\n\
             #[contract(set = 3)] pub struct Bad;\nuse contract_pin::contract;\n\
             #[cfg(feature = \"std\")] pub mod ser;\n#[cfg(not(feature = \"std\"))] mod ser;\n\
             #[cfg(loom)]\n#[contract] pub struct Custom;\n\
             #[cfg_attr(feature = \"std\", contract(set = \"s\"))] pub struct OnStd;\n\
             #[cfg(test)]\n#[contract] pub struct UnitOnly;\n",
        );
        write(
            d,
            "src/ser.rs",
            "#[contract_pin::contract] pub struct Serializer;\n",
        );
        let warnings = |scan: &PackageScan| -> String {
            scan.warnings
                .iter()
                .map(|w| format!("{}: {}\n", w.line, w.message))
                .collect()
        };
        let names = |scan: &PackageScan| -> Vec<String> {
            scan.pinned.iter().map(|p| p.name.clone()).collect()
        };
        // No feature on; a build script whose output is not there.
        let mut opts = options();
        opts.cfg.custom = None;
        let (scan, _) = scan_package(&package(d), &opts, &mut |_| {});
        let all = warnings(&scan);
        for expected in [
            "2: pinned item `my_lib::Gated` (set `default`) is under #[cfg(feature = \"x\")]: \
             not counted, as it does not hold in the build",
            "5: pinned item `my_lib::Maybe` (set `s`) is pinned through #[cfg_attr]: not \
             counted, as its condition does not hold",
            "`my_lib::Parts` (set `default`) has parts under #[cfg]",
            "7: `#[contract]` on item `Made` inside `macro_rules! make`",
            "13: pinned item `my_lib::Custom` (set `default`) is under #[cfg(loom)]: taken \
             as the golden has it, as this command cannot evaluate `loom`",
            "14: pinned item `my_lib::OnStd` (set `s`) is pinned through #[cfg_attr]: not \
             counted",
            "16: pinned item `my_lib::UnitOnly` (set `default`) is under #[cfg(test)]: not \
             counted, as it holds only where the library is built with `cfg(test)`: an \
             `assert_golden!` in its own unit tests counts it",
        ] {
            assert!(all.contains(expected), "{expected}\nin\n{all}");
        }
        // What the build never reads is not read: `cfg(test)` in the library, a
        // module of another platform, the twin of a module (read once).
        assert!(
            !all.contains("OnlyInTests") && !all.contains("win"),
            "{all}"
        );
        assert_eq!(names(&scan), ["Parts", "Serializer"]);
        // What cannot be evaluated is neither counted nor missing.
        assert_eq!(
            scan.undecided,
            [("default".to_owned(), "Custom".to_owned())]
        );
        assert_eq!(scan.pinned[1].module, "my_lib::ser");
        assert_eq!(scan.exactness, ScanExactness::MacroHidden);
        assert_eq!(scan.errors.len(), 1, "{:?}", scan.errors);
        assert!(scan.errors[0]
            .message
            .contains("`set` takes a string literal"));
        assert_eq!(scan.errors[0].line, 8);
        // With the features on and the build script's cfgs known: counted, no warning.
        let mut opts = options();
        opts.cfg.features = ["x".to_owned(), "y".to_owned(), "std".to_owned()].into();
        opts.cfg.custom = Some([("loom".to_owned(), None)].into());
        let (scan, _) = scan_package(&package(d), &opts, &mut |_| {});
        let all = warnings(&scan);
        assert!(!all.contains("Gated") && !all.contains("Maybe"), "{all}");
        assert_eq!(
            names(&scan),
            ["Gated", "Maybe", "Parts", "Serializer", "Custom", "OnStd"]
        );
    }

    #[test]
    fn an_impl_stands_for_a_derive_when_it_covers_every_instance_the_derive_did() {
        let covers = |source: &str| {
            let i: syn::ItemImpl = syn::parse_str(source).unwrap();
            let syn::Type::Path(ty) = &*i.self_ty else {
                unreachable!()
            };
            covers_every_instance(&i, ty.path.segments.last().unwrap(), "Clone")
        };
        assert!(covers("impl Clone for Config {}"));
        assert!(covers("impl<T: Clone> Clone for Slab<T> {}"));
        assert!(covers("impl<T> Clone for Slab<T> {}"));
        assert!(covers(
            "impl<'a, T: ?Sized + Clone> Clone for Iter<'a, T> {}"
        ));
        assert!(covers("impl<T> Clone for Slab<T> where T: Clone {}"));
        assert!(!covers("impl<T: Copy> Clone for Slab<T> {}"));
        assert!(!covers("impl<T: Clone + Send> Clone for Slab<T> {}"));
        assert!(!covers(
            "impl<T> Clone for Slab<T> where T: Clone + Send {}"
        ));
        assert!(!covers("impl Clone for Slab<u8> {}"));
        assert!(!covers("impl<T: Clone> Clone for Pair<T, T> {}"));
        // chrono 0.4.38's `Copy` for `DateTime<Tz>`, more general than the derive's.
        assert!(covers(
            "impl<Tz: TimeZone> Clone for DateTime<Tz> where <Tz as TimeZone>::Offset: Clone, \
             NaiveDateTime: Clone {}"
        ));
        assert!(!covers("impl<T> Clone for Slab<T> where Vec<T>: Clone {}"));
    }

    fn scan_lib(text: &str) -> PackageScan {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "src/lib.rs", text);
        write(dir.path(), "src/file_module.rs", "");
        scan_package(&package(dir.path()), &options(), &mut |_| {}).0
    }

    fn lines(findings: &[Finding]) -> Vec<(usize, String)> {
        findings
            .iter()
            .map(|f| (f.line, f.message.clone()))
            .collect()
    }

    #[test]
    fn pin_macro_pins_the_definition_in_its_file() {
        let scan = scan_lib(
            "#[macro_export]\nmacro_rules! square { ($x:expr) => { $x * $x }; }\n\
             contract_pin::pin_macro!(square, set = \"api\");\n\
             mod inner {\n    macro_rules! local { () => {}; }\n    \
             ::contract_pin::pin_macro!(local, set = \"api\");\n}\n\
             contract_pin::pin_macro!(cube, set = \"api\");\n\
             other::pin_macro!(square);\n",
        );
        let pinned: Vec<(&str, &str, &str)> = scan
            .pinned
            .iter()
            .map(|p| (p.name.as_str(), p.set.as_str(), p.module.as_str()))
            .collect();
        assert_eq!(
            pinned,
            [
                ("square", "api", "my_lib"),
                ("local", "api", "my_lib::inner")
            ],
            "{:?}",
            scan.errors
        );
        // Exported: public, the shape's default; the inner macro is in textual scope.
        assert!(
            !scan.pinned[0].text.contains("\"vis\""),
            "{}",
            scan.pinned[0].text
        );
        assert!(
            scan.pinned[1].text.contains("\"vis\""),
            "{}",
            scan.pinned[1].text
        );
        let errors = lines(&scan.errors);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].0, 8);
        assert!(
            errors[0].1.contains("no `macro_rules! cube` in this file"),
            "{errors:?}"
        );
    }

    #[test]
    fn other_crates_contract_attributes_are_not_pins() {
        let scan = scan_lib(
            "use soroban_sdk::{contract, contractimpl};\n\
             #[contract]\npub struct Token;\n\
             #[soroban_sdk::contract]\npub struct Other;\n\
             #[ink::contract(env = crate::CustomEnv)]\nmod flipper {}\n\
             mod unimported { #[contract] pub struct Bare; }\n",
        );
        assert!(scan.pinned.is_empty());
        assert!(scan.errors.is_empty(), "{:?}", scan.errors);
        assert!(scan.warnings.is_empty(), "{:?}", scan.warnings);
    }

    #[test]
    fn a_pin_whose_origin_the_sources_do_not_tell_is_a_warning() {
        let scan = scan_lib(
            "use soroban_sdk::*;\n#[contract]\npub struct Token;\n\
             use crate::reexports::phase5_contract;\n#[phase5_contract]\npub struct Local;\n",
        );
        assert!(scan.pinned.is_empty());
        assert!(scan.errors.is_empty(), "{:?}", scan.errors);
        let warnings = lines(&scan.warnings);
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert_eq!(warnings[0].0, 2);
        assert!(
            warnings[0]
                .1
                .contains("`use soroban_sdk::*` may provide it"),
            "{warnings:?}"
        );
        assert_eq!(warnings[1].0, 5);
        assert!(warnings[1].1.contains("`crate::reexports`"), "{warnings:?}");
        assert_eq!(
            scan.exactness,
            ScanExactness::MacroHidden,
            "an update would drop it"
        );
    }

    #[test]
    fn every_contract_attribute_the_compiler_rejects_is_an_error_with_its_line() {
        let scan = scan_lib(
            "use contract_pin::contract;\n\
             #[contract]\nmod m {}\n\
             #[contract]\nmacro_rules! mm { () => {} }\n\
             #[contract]\nuse std::fmt;\n\
             #[contract]\nextern \"C\" { fn f(); }\n\
             #[contract]\npub union U { a: u8 }\n\
             pub struct S {\n    #[contract]\n    pub a: u8,\n}\n\
             impl S {\n    #[contract]\n    pub fn m(&self) {}\n}\n\
             pub fn body() {\n    #[contract]\n    let _x = 1;\n}\n\
             #[contract]\nmod file_module;\n",
        );
        let errors = lines(&scan.errors);
        let at: Vec<usize> = errors.iter().map(|(l, _)| *l).collect();
        // Where the compiler points: the item for what the macro refuses, the
        // attribute for a part.
        assert_eq!(at, [3, 5, 7, 9, 13, 17, 21, 25], "{errors:#?}");
        assert!(errors[0].1.contains("cannot pin a module"), "{errors:?}");
        // An attribute would re-emit the macro, macro-expanded: `pin_macro!` pins it.
        assert!(errors[1].1.contains("pin_macro!"), "{errors:?}");
        assert!(errors[2].1.contains("cannot pin a `use`"), "{errors:?}");
        assert!(errors[3].1.contains("no `pub` fn or static"), "{errors:?}");
        assert!(errors[4].1.contains("on a field is rejected"), "{errors:?}");
        assert!(
            errors[5].1.contains("on an item of an `impl` block"),
            "{errors:?}"
        );
        assert!(errors[6].1.contains("on a statement"), "{errors:?}");
        // A union is an item like any other.
        let pinned: Vec<&str> = scan.pinned.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(pinned, ["U"]);
    }

    #[test]
    fn a_contract_attribute_below_a_derive_or_an_attribute_macro_is_an_error() {
        let scan = scan_lib(
            "use serde::{Deserialize, Serialize};\nuse async_trait::async_trait;\n\
             #[derive(Serialize, Deserialize)]\n#[contract_pin::contract]\npub struct Below;\n\
             #[cfg_attr(feature = \"serde\", derive(Serialize))]\n#[contract_pin::contract]\npub struct CfgDerive;\n\
             #[tokio::main]\n#[contract_pin::contract]\npub fn main_fn() {}\n\
             #[async_trait]\n#[contract_pin::contract]\npub trait Service {}\n\
             #[cfg_attr(all(), derive(Debug), contract_pin::contract)]\npub struct InOne;\n\
             /// Docs, lints, repr and helpers hide nothing.\n#[doc = \"x\"]\n#[allow(dead_code)]\n#[repr(C)]\n\
             #[serde(rename_all = \"camelCase\")]\n#[rustfmt::skip]\n\
             #[contract_pin::contract]\n#[derive(Serialize)]\npub struct Above { pub a: u8 }\n",
        );
        let errors = lines(&scan.errors);
        let at: Vec<usize> = errors.iter().map(|(l, _)| *l).collect();
        assert_eq!(at, [4, 7, 10, 13, 15], "{errors:#?}");
        assert!(
            errors[0].1.starts_with(
                "`#[contract_pin::contract]` is below `#[derive(Serialize, Deserialize)]` (line 3)"
            ),
            "{errors:?}"
        );
        assert!(
            errors[0].1.contains("serde wire checks are off"),
            "{errors:?}"
        );
        assert!(
            errors[0]
                .1
                .ends_with("Move the contract attribute above `#[derive(Serialize, Deserialize)]`"),
            "{errors:?}"
        );
        assert!(
            errors[1]
                .1
                .contains("above `#[cfg_attr(feature = \"serde\", derive(Serialize))]`"),
            "{errors:?}"
        );
        assert!(
            errors[2].1.contains("below `#[tokio::main]` (line 9)"),
            "{errors:?}"
        );
        assert!(errors[2].1.contains("attribute macro first"), "{errors:?}");
        assert!(errors[3].1.contains("below `#[async_trait]`"), "{errors:?}");
        assert!(
            errors[4].1.contains("below `#[derive(Debug)]`"),
            "{errors:?}"
        );
        let names: Vec<&str> = scan.pinned.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Above"]);
    }
}
