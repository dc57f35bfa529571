//! The source scan: every pinned item of a library, found the way the compiler finds
//! it (crate root, then `mod` declarations), read with the same argument parsing and
//! extraction the attribute macro uses, under the module path `module_path!()` gives.
//!
//! What the scan cannot see exactly like the compiler — an item under `cfg` or with
//! `cfg_attr`, a contract attribute inside a macro — is reported as a warning that
//! names the item and its file:line, never skipped in silence.

use std::path::{Path, PathBuf};

use contract_core::health::ScanExactness;
use contract_core::syntax::{self, args, Extracted};
use proc_macro2::{Span, TokenStream, TokenTree};
use syn::ext::IdentExt;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Item, Meta, Token};

use crate::workspace::{Package, TargetKind};

/// A pinned item, as its registration would be.
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
    /// The fragment and the spans of its elements.
    pub extracted: Extracted,
}

/// Something the user must know: a warning (the scan went on) or an error (the
/// compiler would reject this too).
#[derive(Clone, Debug)]
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
#[derive(Default)]
pub struct PackageScan {
    /// Pinned items, in source order.
    pub pinned: Vec<Pinned>,
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
}

/// Scans the targets of `package` whose registrations an integration test's harness
/// sees: the library, and each integration test (its own registrations join the
/// library's in its binary). Items pinned in bins, examples and benches are warnings:
/// no integration test links them. `on_file` is told of each file read (progress).
pub fn scan_package(package: &Package, on_file: &mut dyn FnMut(&Path)) -> PackageScan {
    let mut scan = Scanner {
        out: PackageScan::default(),
        on_file,
        cfg_test: false,
    };
    for target in &package.targets {
        let dir = target.root.parent().unwrap_or(Path::new(".")).to_path_buf();
        let cx = ModCx {
            path: target.crate_name.clone(),
            children_dir: dir.clone(),
            path_attr_dir: dir,
            cfgs: Vec::new(),
        };
        scan.cfg_test = target.kind == TargetKind::Test;
        let first = scan.out.pinned.len();
        scan.file(&target.root, &cx, None);
        if let TargetKind::Other(kind) = &target.kind {
            for p in scan.out.pinned.split_off(first) {
                scan.out.elsewhere.push((p.set.clone(), kind.clone()));
                scan.warn(
                    &p.file,
                    p.extracted.spans.locate(&contract_core::Element::Item),
                    ScanExactness::CfgDependent,
                    format!(
                        "pinned item `{}::{}` (set `{}`) is in the {kind} target `{}`, which \
                         no integration test links: only a harness inside that target \
                         checks it, this command does not",
                        p.module, p.name, p.set, target.crate_name
                    ),
                );
            }
        }
    }
    scan.out
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
    /// `cfg` predicates on it and its ancestors, as written.
    cfgs: Vec<String>,
}

struct Scanner<'a> {
    out: PackageScan,
    on_file: &'a mut dyn FnMut(&Path),
    /// Whether the target is built with `cfg(test)` (integration tests are).
    cfg_test: bool,
}

impl Scanner<'_> {
    fn warn(&mut self, file: &Path, span: Span, exactness: ScanExactness, message: String) {
        let (line, col) = line_col(span);
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
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) => {
                let message = format!("cannot read module file {}: {e}", file.display());
                match declared {
                    Some((at, span)) => self.error(at, span, message),
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
        match syn::parse_file(&text) {
            Ok(parsed) => self.items(&parsed.items, cx, file),
            Err(e) => self.error(file, e.span(), format!("cannot parse: {e}")),
        }
    }

    fn items(&mut self, items: &[Item], cx: &ModCx, file: &Path) {
        for item in items {
            self.item(item, cx, file);
        }
    }

    fn item(&mut self, item: &Item, cx: &ModCx, file: &Path) {
        let attrs = args::item_attrs(item);
        let own_cfgs: Vec<String> = attrs.iter().filter_map(cfg_predicate).collect();
        match item {
            Item::Mod(m) => self.module(m, cx, own_cfgs, file),
            Item::Macro(m) => self.macro_item(m, cx, file),
            _ => {
                self.pinned(item, attrs, cx, &own_cfgs, file);
                // Items nested in function bodies register too, under the enclosing
                // module's path.
                let mut nested = Nested::default();
                syn::visit::Visit::visit_item(&mut nested, item);
                for inner in nested.items {
                    let mut inner_cx = cx.clone();
                    inner_cx.cfgs.extend(own_cfgs.iter().cloned());
                    self.item(inner, &inner_cx, file);
                }
            }
        }
    }

    fn module(&mut self, m: &syn::ItemMod, cx: &ModCx, own_cfgs: Vec<String>, file: &Path) {
        let name = m.ident.unraw().to_string();
        let path_attr = m.attrs.iter().find_map(path_attribute);
        let mut child = ModCx {
            path: format!("{}::{name}", cx.path),
            children_dir: PathBuf::new(),
            path_attr_dir: PathBuf::new(),
            cfgs: cx.cfgs.iter().cloned().chain(own_cfgs).collect(),
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
                    None => {
                        let flat = cx.children_dir.join(format!("{name}.rs"));
                        let nested = cx.children_dir.join(&name).join("mod.rs");
                        if flat.is_file() || !nested.is_file() {
                            (flat, false)
                        } else {
                            (nested, true)
                        }
                    }
                };
                let parent = target.parent().unwrap_or(Path::new(".")).to_path_buf();
                child.children_dir = if mod_rs {
                    parent.clone()
                } else {
                    parent.join(&name)
                };
                child.path_attr_dir = parent;
                if !target.is_file() && !child.cfgs.is_empty() {
                    // A platform or feature module that is not there: the compiler
                    // would not look either, unless the cfg holds.
                    self.warn(
                        file,
                        m.ident.span(),
                        ScanExactness::CfgDependent,
                        format!(
                            "module `{}` under #[cfg({})] has no file {}: not scanned",
                            child.path,
                            child.cfgs.join(", "),
                            target.display()
                        ),
                    );
                    return;
                }
                self.file(&target, &child, Some((file, m.ident.span())));
            }
        }
    }

    /// `macro_rules!` definitions and item-position macro calls: their expansion is
    /// unknown to a source scan, so contract attributes inside are warnings.
    fn macro_item(&mut self, m: &syn::ItemMacro, cx: &ModCx, file: &Path) {
        let mut hits = Vec::new();
        contract_attributes_in(m.mac.tokens.clone(), &mut hits);
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
                format!(
                    "`#[{attribute}]` on {item} inside {what} in `{}`: macro-generated items \
                     are not scanned; the harness (`cargo test`) sees them, this command does not",
                    cx.path
                ),
            );
        }
    }

    fn pinned(
        &mut self,
        item: &Item,
        attrs: &[Attribute],
        cx: &ModCx,
        own_cfgs: &[String],
        file: &Path,
    ) {
        let found = contract_attrs(attrs);
        if found.is_empty() {
            return;
        }
        // The macro receives the item without the attribute being expanded; strip
        // every contract attribute (none is part of a shape).
        let mut stripped = item.clone();
        strip_contract_attrs(&mut stripped);
        for attr in found {
            let mut errors = Vec::new();
            let parsed = args::parse(attr.fixed_set, attr.tokens.clone(), &mut errors);
            let extracted = match syntax::extract(&stripped) {
                Ok(extracted) => Some(extracted),
                Err(e) => {
                    errors.push(e);
                    None
                }
            };
            // Like the macro: any error, and the item registers nothing.
            let failed = !errors.is_empty();
            for e in errors {
                self.error(file, e.span(), e.to_string());
            }
            let Some(extracted) = extracted.filter(|_| !failed) else {
                continue;
            };
            let name = parsed
                .name
                .clone()
                .unwrap_or_else(|| extracted.name.clone());
            let (line, _) = line_col(attr.span);
            let what = format!("pinned item `{}::{name}` (set `{}`)", cx.path, parsed.set);
            // In an integration test `cfg(test)` holds: nothing to say about it there.
            let cfgs: Vec<String> = cx
                .cfgs
                .iter()
                .chain(own_cfgs)
                .filter(|c| !(self.cfg_test && *c == "test"))
                .cloned()
                .collect();
            if !self.cfg_test && cfgs.iter().any(|c| c == "test") {
                self.warn(
                    file,
                    attr.span,
                    ScanExactness::CfgDependent,
                    format!(
                        "{what} is under #[cfg({})]: not counted, as the library an \
                         integration test links is built without cfg(test)",
                        cfgs.join(", ")
                    ),
                );
                continue;
            }
            if !cfgs.is_empty() {
                self.warn(
                    file,
                    attr.span,
                    ScanExactness::CfgDependent,
                    format!(
                        "{what} is under #[cfg({})]: scanned as if the condition held",
                        cfgs.join(", ")
                    ),
                );
            }
            if attr.via_cfg_attr {
                self.warn(
                    file,
                    attr.span,
                    ScanExactness::CfgDependent,
                    format!(
                        "{what} is pinned through #[cfg_attr]: scanned as if the condition held"
                    ),
                );
            }
            if let Some(span) = inner_cfg(&stripped) {
                self.warn(
                    file,
                    span,
                    ScanExactness::CfgDependent,
                    format!(
                        "{what} has parts under #[cfg]/#[cfg_attr]: its shape is read as \
                         written, every cfg'd part included and every cfg_attr left out"
                    ),
                );
            }
            self.out.pinned.push(Pinned {
                set: parsed.set,
                name,
                module: cx.path.clone(),
                file: file.to_path_buf(),
                line,
                extracted,
            });
        }
    }
}

/// 1-based line and column of `span`'s start.
pub fn line_col(span: Span) -> (usize, usize) {
    let start = span.start();
    (start.line.max(1), start.column + 1)
}

/// Items nested in blocks of an item (fn bodies, const initialisers), not below them.
#[derive(Default)]
struct Nested<'ast> {
    items: Vec<&'ast Item>,
    depth: usize,
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
}

struct ContractAttr {
    fixed_set: Option<&'static str>,
    tokens: TokenStream,
    span: Span,
    via_cfg_attr: bool,
}

fn contract_attrs(attrs: &[Attribute]) -> Vec<ContractAttr> {
    let mut out = Vec::new();
    for attr in attrs {
        if let Some(fixed_set) = args::contract_attribute(attr) {
            out.push(ContractAttr {
                fixed_set,
                tokens: args::arguments(&attr.meta),
                span: attr.span(),
                via_cfg_attr: false,
            });
        } else if attr.path().is_ident("cfg_attr") {
            for meta in cfg_attr_metas(attr) {
                let inner: Attribute = syn::parse_quote!(#[#meta]);
                if let Some(fixed_set) = args::contract_attribute(&inner) {
                    out.push(ContractAttr {
                        fixed_set,
                        tokens: args::arguments(&meta),
                        span: attr.span(),
                        via_cfg_attr: true,
                    });
                }
            }
        }
    }
    out
}

/// The attributes of `#[cfg_attr(pred, a, b)]`: `a`, `b`.
fn cfg_attr_metas(attr: &Attribute) -> Vec<Meta> {
    attr.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
        .map(|metas| metas.into_iter().skip(1).collect())
        .unwrap_or_default()
}

fn strip_contract_attrs(item: &mut Item) {
    let keep = |attr: &Attribute| {
        if args::contract_attribute(attr).is_some() {
            return false;
        }
        !(attr.path().is_ident("cfg_attr")
            && cfg_attr_metas(attr).iter().any(|meta| {
                let inner: Attribute = syn::parse_quote!(#[#meta]);
                args::contract_attribute(&inner).is_some()
            }))
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

fn path_attribute(attr: &Attribute) -> Option<String> {
    if !attr.path().is_ident("path") {
        return None;
    }
    match &attr.meta {
        Meta::NameValue(syn::MetaNameValue {
            value:
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }),
            ..
        }) => Some(s.value()),
        _ => None,
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
fn contract_attributes_in(tokens: TokenStream, out: &mut Vec<(Span, String, Option<String>)>) {
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
                if let Ok(attr_meta) = syn::parse2::<Meta>(g.stream()) {
                    let attr: Attribute = syn::parse_quote!(#[#attr_meta]);
                    if args::contract_attribute(&attr).is_some() {
                        let name = item_name_after(&trees[i + 2..]);
                        out.push((p.span(), path_string(attr.path()), name));
                    }
                }
            }
            TokenTree::Group(g) => contract_attributes_in(g.stream(), out),
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
        write(d, "src/lib.rs", "mod a;\nmod b;\n#[path = \"other/c_impl.rs\"] mod c;\nmod inline { mod deep; #[contract] pub const IN: u8 = 1; }\n#[contract] pub const ROOT: u8 = 0;\n");
        write(
            d,
            "src/a.rs",
            "mod child;\n#[contract(set = \"s\")] pub const A: u8 = 1;\n",
        );
        write(d, "src/a/child.rs", "#[contract] pub fn child() {}\n");
        write(d, "src/b/mod.rs", "mod leaf;\n");
        write(
            d,
            "src/b/leaf.rs",
            "#[contract(name = \"Leaf\")] pub const L: u8 = 2;\n",
        );
        write(
            d,
            "src/other/c_impl.rs",
            "mod sub;\n#[contract] pub struct C;\n",
        );
        write(d, "src/other/sub.rs", "#[contract] pub struct Sub;\n");
        write(
            d,
            "src/inline/deep.rs",
            "#[contract] pub struct Deep { x: u8 }\nfn f() { #[contract] struct InFn; }\n",
        );
        let scan = scan_package(&package(d), &mut |_| {});
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
    fn cfg_cfg_attr_and_macros_are_warnings_naming_the_item() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(
            d,
            "src/lib.rs",
            "#[cfg(feature = \"x\")]\n#[contract] pub struct Gated;\n\
             #[cfg(test)] mod tests { #[contract] pub struct OnlyInTests; }\n\
             #[cfg(windows)] mod win;\n\
             #[cfg_attr(feature = \"y\", contract(set = \"s\"))] pub struct Maybe;\n\
             #[contract] pub struct Parts { #[cfg(unix)] pub a: u8 }\n\
             macro_rules! make { () => { #[contract] pub struct Made; } }\n\
             #[contract(set = 3)] pub struct Bad;\n",
        );
        let scan = scan_package(&package(d), &mut |_| {});
        let messages: Vec<String> = scan
            .warnings
            .iter()
            .map(|w| format!("{}: {}", w.line, w.message))
            .collect();
        let all = messages.join("\n");
        assert!(
            all.contains(
                "2: pinned item `my_lib::Gated` (set `default`) is under #[cfg(feature = \"x\")]"
            ),
            "{all}"
        );
        assert!(
            all.contains(
                "`my_lib::tests::OnlyInTests` (set `default`) is under #[cfg(test)]: not counted"
            ),
            "{all}"
        );
        assert!(
            all.contains("module `my_lib::win` under #[cfg(windows)] has no file"),
            "{all}"
        );
        assert!(
            all.contains("`my_lib::Maybe` (set `s`) is pinned through #[cfg_attr]"),
            "{all}"
        );
        assert!(
            all.contains("`my_lib::Parts` (set `default`) has parts under #[cfg]"),
            "{all}"
        );
        assert!(
            all.contains("7: `#[contract]` on item `Made` inside `macro_rules! make`"),
            "{all}"
        );
        assert_eq!(scan.exactness, ScanExactness::MacroHidden);
        let names: Vec<&str> = scan.pinned.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Gated", "Maybe", "Parts"]);
        assert_eq!(scan.errors.len(), 1, "{:?}", scan.errors);
        assert!(scan.errors[0]
            .message
            .contains("`set` takes a string literal"));
        assert_eq!(scan.errors[0].line, 8);
    }
}
