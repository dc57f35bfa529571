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

use contract_core::gate::Gate;
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
use crate::words;
use crate::workspace::{Package, TargetKind};
use contract_core::syntax::macro_rules::{self, MacroRules};

mod macros;
mod pins;
mod public_api;

use pins::*;
use public_api::*;

/// Asks whether a dependency's module is a proc-macro crate under another name
/// ([`Options::macro_modules`]); none is, by default.
#[derive(Clone, Default)]
pub struct MacroModules(Option<std::sync::Arc<AskMacroModule>>);

/// The question [`MacroModules`] asks.
type AskMacroModule = dyn Fn(&str) -> bool + Send + Sync;

impl MacroModules {
    /// Answers with `ask`.
    pub fn new(ask: impl Fn(&str) -> bool + Send + Sync + 'static) -> MacroModules {
        MacroModules(Some(std::sync::Arc::new(ask)))
    }

    /// Whether `path` is such a module.
    pub fn contains(&self, path: &str) -> bool {
        self.0.as_ref().is_some_and(|ask| ask(path))
    }
}

impl std::fmt::Debug for MacroModules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MacroModules")
    }
}

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
    /// Every dependency the package's library may name, by the name it calls it, its
    /// sources found or not: what a `pub use` of another crate's item starts with.
    pub extern_crates: BTreeSet<String>,
    /// Those of [`Options::extern_crates`] that are proc-macro crates: every name they
    /// export is a macro's (`pub use sqlx_macros::FromRow;`, a derive, beside `pub use
    /// sqlx_core::from_row::FromRow;`, a trait: two items, one path).
    pub macro_crates: BTreeSet<String>,
    /// Whether a path the package writes (`musli_core::__macros`) is a dependency's
    /// module that is a proc-macro crate under another name (see
    /// [`crate::deps::DepNames::is_macro_module`]): a `pub use` through one re-exports
    /// a macro.
    pub macro_modules: MacroModules,
    /// The package is of edition 2015: `::name` is the crate root's `name`, not the
    /// extern crate `name` whatever the module holds.
    pub edition_2015: bool,
    /// Where the package's build script wrote its files (`OUT_DIR`), when it has run:
    /// what `include!(concat!(env!("OUT_DIR"), "/x.rs"))` reads.
    pub out_dir: Option<PathBuf>,
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
    /// For a public-API set's item: its parts that only some of the features it
    /// covers expose, each with its gate in `cfg` syntax ([`contract_core::gate`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub needs: Vec<(contract_core::Member, String)>,
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
    /// The sets an `assert_golden!("…")` in the package's sources checks (its tests,
    /// and its library's unit tests).
    #[serde(default)]
    pub checked_sets: BTreeSet<String>,
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
    /// Those written under a feature gate, each trait with its gate in `cfg` syntax:
    /// evidence only for a type under the same gate ([`PackageScan::impls_of`]).
    #[serde(
        with = "crate::inputs::pairs",
        default,
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub gated_impls: BTreeMap<(String, String), BTreeSet<(String, String)>>,
    /// For a public-API set: every trait `impl` of a path type, its head as written
    /// ([`contract_core::shape::TraitImpl`]), by the module it is in and the type's
    /// name: what a value of a named type is promised (an opaque return type that
    /// became one). Gated ones too: a fn returning the type is under the same gate.
    #[serde(
        with = "crate::inputs::pairs",
        default,
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub trait_impls: BTreeMap<(String, String), Vec<contract_core::shape::TraitImpl>>,
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
    ///
    /// `gate` is the type's own gate (`None`: every build has it); impls written under
    /// that very gate count too.
    pub fn impls_of(&self, module: &str, name: &str, gate: Option<&str>) -> BTreeSet<String> {
        let mut out: BTreeSet<String> = in_module_or_below(&self.impls, module, name)
            .flat_map(|traits| traits.iter().cloned())
            .collect();
        if let Some(gate) = gate {
            out.extend(
                in_module_or_below(&self.gated_impls, module, name)
                    .flatten()
                    .filter(|(g, _)| g == gate)
                    .map(|(_, t)| t.clone()),
            );
        }
        out
    }
}

/// The name of an `impl`'s self type, when it is a path (`Keys` of `Keys<'a, K>`).
fn self_type_name(i: &syn::ItemImpl) -> Option<String> {
    match &*i.self_ty {
        syn::Type::Path(p) if p.qself.is_none() => {
            p.path.segments.last().map(|s| s.ident.to_string())
        }
        _ => None,
    }
}

/// The entries of `impls` for the type `name` of `module`, written in it or a module
/// below it.
fn in_module_or_below<'a, V>(
    impls: &'a BTreeMap<(String, String), V>,
    module: &'a str,
    name: &'a str,
) -> impl Iterator<Item = &'a V> {
    // Keys sort by module: the module and those below it are one run from it.
    impls
        .range((module.to_owned(), String::new())..)
        .take_while(move |((m, _), _)| m.starts_with(module))
        .filter(move |((m, n), _)| {
            let below = &m[module.len()..];
            n == name && (below.is_empty() || below.starts_with("::"))
        })
        .map(|(_, v)| v)
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
            frontmatter: None,
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
        library_dir: None,
        manifest_dir: package.manifest_dir.clone(),
        path_macros: None,
        in_const_block: false,
        expansion_depth: 0,
    };
    for target in &package.targets {
        let dir = target.root.parent().unwrap_or(Path::new(".")).to_path_buf();
        scan.cfg_test = target.kind == TargetKind::Test;
        scan.library = target.kind == TargetKind::Lib;
        scan.library_dir = scan.library.then(|| dir.clone());
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
            needs: None,
            built_modules: Rc::default(),
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
    /// What the module (with those around it) needs of the features a public-API
    /// set covers and the build leaves off: its items are that set's only, not the
    /// build's (no attribute pins them, no probe sees them).
    needs: Option<Gate>,
    /// The modules the module declares that the build keeps (or may): a gated twin
    /// of one (`#[cfg(feature = "x")] pub mod utils;` beside `#[cfg(not(feature =
    /// "x"))] pub(crate) mod utils;`) is the same files, read once.
    built_modules: Rc<BTreeSet<String>>,
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
    /// The library's directory, whose `macro_rules!` a path call (`crate::name!`)
    /// reaches wherever they are written; `None` in other targets.
    library_dir: Option<PathBuf>,
    /// The package's directory (`env!("CARGO_MANIFEST_DIR")`).
    manifest_dir: PathBuf,
    /// Every `macro_rules!` of the library by name, read when a path call first needs
    /// them (a name defined twice answers nothing).
    path_macros: Option<BTreeMap<String, Option<Rc<MacroRules>>>>,
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
        self.out.checked_sets.extend(asserted_sets(&text));
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
        let built_modules: BTreeSet<String> = items
            .iter()
            .filter_map(|item| match item {
                Item::Mod(m) if !matches!(self.env.item(&m.attrs), Truth::False) => {
                    Some(m.ident.unraw().to_string())
                }
                _ => None,
            })
            .collect();
        let cx = ModCx {
            scope: Scope::of_items(items, self.macro_use),
            built_modules: Rc::new(built_modules),
            ..cx.clone()
        };
        for item in items {
            self.item(item, &cx, file);
        }
        if let (Some(api), Some(index)) = (&mut self.api, cx.index) {
            api.modules[index].local_names_first();
        }
    }

    fn item(&mut self, item: &Item, cx: &ModCx, file: &Path) {
        if let Item::Macro(m) = item {
            if self.include(m, cx, file) {
                return;
            }
        }
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
            Truth::False => {
                self.not_built(item, attrs, cx, file, None);
                return self.gated(item, attrs, cx, file);
            }
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
        if let (Item::Impl(i), true) = (item, self.api.is_some()) {
            if let Some(head) = contract_core::syntax::trait_impl(i, &cx.scope) {
                if let Some(name) = self_type_name(i) {
                    self.out
                        .trait_impls
                        .entry((cx.path.clone(), name))
                        .or_default()
                        .push(head);
                }
            }
        }
        match (item, &cx.needs) {
            (Item::Impl(i), None) => {
                if let Some((path, t)) = record_impl(i, &cx.path, &mut self.out.impls) {
                    if let (Some(index), true) = (cx.index, self.api.is_some()) {
                        self.pending_impls.push((index, path, t));
                    }
                }
            }
            // Built only where a feature is on: evidence for a type built under that
            // same gate (tower-http 0.7.1's `impl Clone` beside its struct, in a
            // module only `set-header` builds), not for one every build has.
            (Item::Impl(i), Some(gate)) => {
                let mut found = BTreeMap::new();
                if record_impl(i, &cx.path, &mut found).is_some() {
                    let gate = gate.to_string();
                    for (at, traits) in found {
                        let under = self.out.gated_impls.entry(at).or_default();
                        under.extend(traits.into_iter().map(|t| (gate.clone(), t)));
                    }
                }
            }
            _ => {}
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

    /// An item the build leaves out that some choice of the features a public-API set
    /// covers builds: read for that set alone, under its gate.
    fn gated(&mut self, item: &Item, attrs: &[Attribute], cx: &ModCx, file: &Path) {
        let (Some(index), true) = (cx.index, self.api.is_some()) else {
            return;
        };
        let Some(gate) = self.env.gate(attrs) else {
            return;
        };
        if let Item::Mod(m) = item {
            if cx.built_modules.contains(&m.ident.unraw().to_string()) {
                return;
            }
        }
        let cx = ModCx {
            needs: crate::api::and_gates(cx.needs.clone(), Some(gate)),
            ..cx.clone()
        };
        // A macro the build defines keeps its name: this one is the gated build's.
        if let Item::Macro(syn::ItemMacro {
            ident: Some(name), ..
        }) = item
        {
            if !self.macros.contains_key(&name.unraw().to_string()) {
                self.define(item);
            }
        }
        self.collect(item, index, &cx, file, false);
        match item {
            Item::Mod(m) => self.module(m, &cx, file, None),
            Item::Macro(m) if m.ident.is_none() => self.macro_item(m, &cx, file),
            _ => {}
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
            needs: cx.needs.clone(),
            built_modules: Rc::default(),
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
}

/// 1-based line and column of `span`'s start.
pub fn line_col(span: Span) -> (usize, usize) {
    let start = span.start();
    (start.line.max(1), start.column + 1)
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

/// The sets an `assert_golden!("…")` in the package at `manifest_dir` checks: in its
/// library, tests, benches and examples, read as text (the harness asks; the command
/// reads them as it scans, [`PackageScan::checked_sets`]).
pub fn checked_sets_in(manifest_dir: &Path) -> BTreeSet<String> {
    let mut files = Vec::new();
    for dir in ["src", "tests", "benches", "examples"] {
        public_api::rust_files(&manifest_dir.join(dir), false, &mut files);
    }
    files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .flat_map(|text| asserted_sets(&text).collect::<Vec<_>>())
        .collect()
}

/// The set each `assert_golden!("…")` in `text` checks (`contract_pin::assert_golden!`
/// and the harness's, called by any path; a set named by anything but a string literal
/// is not read).
pub fn asserted_sets(text: &str) -> impl Iterator<Item = String> + '_ {
    text.match_indices("assert_golden!")
        .filter_map(|(at, call)| {
            let rest = text[at + call.len()..].trim_start();
            let rest = rest.strip_prefix(['(', '[', '{'])?.trim_start();
            let rest = rest.strip_prefix('"')?;
            let end = rest.find('"')?;
            Some(rest[..end].to_owned())
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
            edition: "2021".to_owned(),
            id: "path+file:///my-lib#0.1.0".to_owned(),
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
            extern_crates: BTreeSet::new(),
            macro_crates: BTreeSet::new(),
            macro_modules: MacroModules::default(),
            edition_2015: false,
            out_dir: None,
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
