//! Fence: the Phase-5 contract tests (`phase5_*.rs`) and the surface tests
//! (`transforms_*.rs`) import the contract surface only from
//! `workspace_example::transforms`, never from the deep modules that declare it.
//!
//! A test that deep-imports would keep passing when a re-export is dropped or
//! shadowed, which is exactly what Phase 5 (importing from `transforms`) would
//! trip over. Only `phase5_contract_helpers.rs` may name deep modules, for its
//! identity map. The deep modules are read from `src/transforms/mod.rs`, so a new
//! one is fenced without editing this file.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

/// The one file allowed to name deep modules.
const HELPERS: &str = "phase5_contract_helpers.rs";

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `mod` declared in `src/transforms/mod.rs`.
fn deep_modules() -> BTreeSet<String> {
    let path = manifest_dir().join("src/transforms/mod.rs");
    let file = syn::parse_file(&fs::read_to_string(&path).unwrap()).unwrap();
    let modules: BTreeSet<String> = file
        .items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Mod(m) => Some(m.ident.to_string()),
            _ => None,
        })
        .collect();
    assert!(
        !modules.is_empty(),
        "no modules found in {}",
        path.display()
    );
    modules
}

/// The test files the fence covers.
fn fenced_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(manifest_dir().join("tests"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            (name.starts_with("phase5_") || name.starts_with("transforms_"))
                && name.ends_with(".rs")
                && name != HELPERS
        })
        .collect();
    files.sort();
    files
}

/// What the scan found in one file.
#[derive(Debug, Default)]
struct Scan {
    /// Paths that reach into a deep module, as written.
    violations: Vec<String>,
    /// Imports from `workspace_example::transforms` (so an empty scan is visible).
    canonical_imports: usize,
}

struct Visitor<'a> {
    deep: &'a BTreeSet<String>,
    scan: Scan,
}

impl Visitor<'_> {
    /// `segments` is one path: `transforms` followed by a deep module is a
    /// violation, and so is importing the `transforms` module itself (an alias
    /// would let `t::outcomes::X` through).
    fn check(&mut self, segments: &[String], is_import: bool) {
        for (i, segment) in segments.iter().enumerate() {
            if segment != "transforms" {
                continue;
            }
            match segments.get(i + 1) {
                Some(next) if self.deep.contains(next) => {
                    self.scan.violations.push(segments.join("::"));
                }
                None if is_import => self
                    .scan
                    .violations
                    .push(format!("{} (the module itself)", segments.join("::"))),
                Some(_)
                    if is_import && segments.first().is_some_and(|s| s == "workspace_example") =>
                {
                    self.scan.canonical_imports += 1;
                }
                _ => {}
            }
        }
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.leaf(prefix, n.ident.to_string()),
            syn::UseTree::Rename(r) => self.leaf(prefix, r.ident.to_string()),
            syn::UseTree::Glob(_) => {
                // `transforms::*` is fine; `transforms::outcomes::*` was caught by
                // the segment before it.
                let mut path = prefix.clone();
                path.push("*".to_owned());
                self.check(&path, false);
            }
            syn::UseTree::Group(g) => {
                for item in &g.items {
                    self.use_tree(prefix, item);
                }
            }
        }
    }

    fn leaf(&mut self, prefix: &[String], name: String) {
        let mut path = prefix.to_vec();
        path.push(name);
        self.check(&path, true);
    }

    /// Macro arguments are tokens, not paths: look for `transforms :: <deep>`.
    fn tokens(&mut self, tokens: TokenStream) {
        let flat: Vec<TokenTree> = tokens.into_iter().collect();
        for (i, token) in flat.iter().enumerate() {
            if let TokenTree::Group(g) = token {
                self.tokens(g.stream());
                continue;
            }
            let TokenTree::Ident(ident) = token else {
                continue;
            };
            if ident != "transforms" {
                continue;
            }
            let colons = flat.get(i + 1..i + 3).is_some_and(|pair| {
                pair.iter()
                    .all(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ':'))
            });
            if let (true, Some(TokenTree::Ident(next))) = (colons, flat.get(i + 3)) {
                if self.deep.contains(&next.to_string()) {
                    self.scan
                        .violations
                        .push(format!("transforms::{next} (inside a macro)"));
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for Visitor<'_> {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.check(&segments, false);
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.tokens(mac.tokens.clone());
        syn::visit::visit_macro(self, mac);
    }
}

fn scan(source: &str, deep: &BTreeSet<String>) -> Scan {
    let file = syn::parse_file(source).expect("a fenced file parses");
    let mut visitor = Visitor {
        deep,
        scan: Scan::default(),
    };
    visitor.visit_file(&file);
    visitor.scan
}

fn scan_file(path: &Path, deep: &BTreeSet<String>) -> Scan {
    scan(&fs::read_to_string(path).unwrap(), deep)
}

#[test]
fn phase5_tests_import_only_from_transforms() {
    let deep = deep_modules();
    let files = fenced_files();
    let contract = manifest_dir().join("tests/phase5_contract.rs");
    assert!(
        files.contains(&contract),
        "the contract test moved: {files:?}"
    );
    let mut failures = Vec::new();
    for file in &files {
        for violation in scan_file(file, &deep).violations {
            failures.push(format!("{}: {violation}", file.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "deep imports outside {HELPERS} (import from workspace_example::transforms):\n{}",
        failures.join("\n")
    );
    let imports = scan_file(&contract, &deep).canonical_imports;
    assert!(
        imports >= 10,
        "the contract test imports {imports} names from transforms"
    );
}

#[test]
fn the_fence_sees_every_way_to_reach_a_deep_module() {
    let deep: BTreeSet<String> = ["outcomes", "report"].map(String::from).into();
    let caught = |source: &str| scan(source, &deep).violations;
    assert_eq!(
        caught("use workspace_example::transforms::outcomes::TrustSignal;"),
        ["workspace_example::transforms::outcomes::TrustSignal"]
    );
    assert_eq!(
        caught("use workspace_example::transforms::{report::{self}};").len(),
        1
    );
    assert_eq!(
        caught("use workspace_example::transforms::outcomes::*;").len(),
        1
    );
    assert_eq!(caught("use workspace_example::transforms as t;").len(), 1);
    assert_eq!(
        caught("fn f() -> workspace_example::transforms::report::RemediationReport { todo!() }")
            .len(),
        1
    );
    assert_eq!(
        caught("fn f() { m!(workspace_example::transforms::outcomes::TrustOutcome); }"),
        ["transforms::outcomes (inside a macro)"]
    );
    let clean = scan(
        "use workspace_example::transforms::{TrustSignal, RemediationReport};\n\
         fn f(_: workspace_example::transforms::TrustOutcome) {}",
        &deep,
    );
    assert!(clean.violations.is_empty(), "{:?}", clean.violations);
    assert_eq!(clean.canonical_imports, 2);
}

#[test]
fn the_helper_module_is_where_the_deep_map_lives() {
    // The fence would be pointless if the map could live elsewhere: the helper must
    // exist and be the one place that names `transforms::$module`.
    let helpers = fs::read_to_string(manifest_dir().join("tests").join(HELPERS)).unwrap();
    assert!(helpers.contains("workspace_example::transforms::$module::$name"));
    let contract = fs::read_to_string(manifest_dir().join("tests/phase5_contract.rs")).unwrap();
    assert!(contract.contains(&format!("#[path = \"{HELPERS}\"]")));
}
