//! No module circles: within each crate of the workspace, the modules' dependencies
//! (every `crate::…`, `super::…` and `self::…` path a library source file names, in
//! `use` lines and in code) form no cycle. A circle means two modules that can only be
//! understood, changed and tested together; the layout says which way each depends.
//!
//! A module depending on its own ancestors or descendants is the nesting itself, not a
//! circle (`diff::fields` uses `crate::diff::Cx`, `diff` declares `fields`). Items
//! under `#[cfg(test)]` are left out: a test may reach anywhere.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use contract_core::syntax::args::under_cfg_test;
use syn::visit::Visit;

/// A crate's modules, by path (`""` for the crate root), each with the modules it names.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// Each library crate of the workspace: its `src/` directory.
fn crates(root: &Path) -> Vec<(String, std::path::PathBuf)> {
    let mut out = vec![("contract-pin".to_owned(), root.join("src"))];
    for entry in std::fs::read_dir(root).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with("contract-") && entry.path().join("src").is_dir() {
            out.push((name, entry.path().join("src")));
        }
    }
    out.sort();
    out
}

/// Every `.rs` file under `src`, with the module path its place gives it
/// (`src/diff/fields.rs` is `diff::fields`, `src/diff/mod.rs` is `diff`).
fn files(src: &Path) -> Vec<(String, std::path::PathBuf)> {
    fn walk(dir: &Path, src: &Path, out: &mut Vec<(String, std::path::PathBuf)>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, src, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(src).unwrap().with_extension("");
                let mut parts: Vec<String> = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                if matches!(
                    parts.last().map(String::as_str),
                    Some("lib" | "main" | "mod")
                ) {
                    parts.pop();
                }
                out.push((parts.join("::"), path));
            }
        }
    }
    let mut out = Vec::new();
    walk(src, src, &mut out);
    out
}

/// The paths a file names: each as the module path it starts from, then its segments.
struct Paths<'a> {
    /// The module the visitor is in (a file's, then any inline `mod` inside it).
    module: Vec<String>,
    found: &'a mut Vec<(Vec<String>, Vec<String>)>,
}

impl Paths<'_> {
    fn record(&mut self, segments: Vec<String>) {
        if matches!(
            segments.first().map(String::as_str),
            Some("crate" | "super" | "self")
        ) {
            self.found.push((self.module.clone(), segments));
        }
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let mut segments = prefix.clone();
                if n.ident != "self" {
                    segments.push(n.ident.to_string());
                }
                self.record(segments);
            }
            syn::UseTree::Rename(r) => {
                let mut segments = prefix.clone();
                segments.push(r.ident.to_string());
                self.record(segments);
            }
            syn::UseTree::Glob(_) => self.record(prefix.clone()),
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    self.use_tree(prefix, tree);
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for Paths<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        // `#[cfg(test)]`, as the scan reads it.
        if under_cfg_test(item) {
            return;
        }
        match item {
            syn::Item::Mod(m) if m.content.is_some() => {
                self.module.push(m.ident.to_string());
                syn::visit::visit_item(self, item);
                self.module.pop();
            }
            syn::Item::Use(u) => self.use_tree(&mut Vec::new(), &u.tree),
            _ => syn::visit::visit_item(self, item),
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.record(path.segments.iter().map(|s| s.ident.to_string()).collect());
        syn::visit::visit_path(self, path);
    }
}

/// `segments` (starting `crate`, `super` or `self`), named from `module`, as the
/// longest module path of `modules` it reaches.
fn target(module: &[String], segments: &[String], modules: &BTreeSet<String>) -> Option<String> {
    let mut at: Vec<String> = Vec::new();
    let mut rest = segments;
    match segments.first().map(String::as_str) {
        Some("crate") => rest = &segments[1..],
        Some("self") | Some("super") => {
            at = module.to_vec();
            while let Some(first) = rest.first() {
                match first.as_str() {
                    "self" => {}
                    "super" => {
                        at.pop()?;
                    }
                    _ => break,
                }
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    let mut best = at.join("::");
    for segment in rest {
        at.push(segment.clone());
        let candidate = at.join("::");
        if modules.contains(&candidate) {
            best = candidate;
        } else {
            break;
        }
    }
    Some(best)
}

fn is_within(module: &str, other: &str) -> bool {
    other.is_empty() || module == other || module.starts_with(&format!("{other}::"))
}

/// The module graph of one crate: each module (a file, or an inline `mod` in one) with
/// the other modules it names, nesting left out.
fn graph(sources: &[(String, String)]) -> Graph {
    let mut found = Vec::new();
    let mut modules = BTreeSet::new();
    for (module, text) in sources {
        let file = syn::parse_file(text).unwrap_or_else(|e| panic!("{module}: {e}"));
        let mut paths = Paths {
            module: module
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect(),
            found: &mut found,
        };
        modules.insert(module.clone());
        collect_inline(&paths.module.clone(), &file.items, &mut modules);
        paths.visit_file(&file);
    }
    let mut graph: Graph = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    for (from, segments) in found {
        let Some(to) = target(&from, &segments, &modules) else {
            continue;
        };
        let from = from.join("::");
        if is_within(&from, &to) || is_within(&to, &from) {
            continue;
        }
        graph.entry(from).or_default().insert(to);
    }
    graph
}

/// Inline modules (`mod x { … }`) of a file's items, outside `#[cfg(test)]`.
fn collect_inline(module: &[String], items: &[syn::Item], out: &mut BTreeSet<String>) {
    for item in items {
        if let syn::Item::Mod(m) = item {
            if let (Some((_, inner)), false) = (&m.content, under_cfg_test(item)) {
                let mut path = module.to_vec();
                path.push(m.ident.to_string());
                out.insert(path.join("::"));
                collect_inline(&path, inner, out);
            }
        }
    }
}

/// The circles of `graph`: each set of modules that reach one another (a strongly
/// connected component of more than one module, Tarjan's algorithm), sorted.
fn circles(graph: &Graph) -> Vec<Vec<String>> {
    struct Walk<'g> {
        graph: &'g Graph,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        found: Vec<Vec<String>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, node: &'g str) {
            let at = self.index.len();
            self.index.insert(node, at);
            self.low.insert(node, at);
            self.stack.push(node);
            for next in self.graph.get(node).into_iter().flatten() {
                let next = next.as_str();
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node, low);
                } else if self.stack.contains(&next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let start = self.stack.iter().rposition(|n| *n == node).unwrap();
                let component: Vec<&str> = self.stack.drain(start..).collect();
                if component.len() > 1 {
                    let mut component: Vec<String> =
                        component.into_iter().map(str::to_owned).collect();
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for node in graph.keys() {
        if !walk.index.contains_key(node.as_str()) {
            walk.visit(node);
        }
    }
    walk.found.sort();
    walk.found
}

fn shown(module: &str) -> &str {
    if module.is_empty() {
        "(crate root)"
    } else {
        module
    }
}

#[test]
fn no_crate_of_the_workspace_has_a_module_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let crates = crates(root);
    assert!(crates.len() >= 7, "found {crates:?}");
    let mut found = Vec::new();
    let mut edges = 0;
    for (name, src) in &crates {
        let sources: Vec<(String, String)> = files(src)
            .into_iter()
            .map(|(module, path)| (module, std::fs::read_to_string(path).unwrap()))
            .collect();
        let graph = graph(&sources);
        edges += graph.values().map(BTreeSet::len).sum::<usize>();
        for circle in circles(&graph) {
            let circle: Vec<&str> = circle.iter().map(|m| shown(m)).collect();
            found.push(format!("{name}: {}", circle.join(", ")));
        }
    }
    // The walk found the graph it is about: a few hundred edges, not none.
    assert!(
        edges > 200,
        "only {edges} dependencies between modules found"
    );
    assert!(
        found.is_empty(),
        "modules that depend on one another in a circle (make each depend one way):\n{}",
        found.join("\n")
    );
}

fn sources(files: &[(&str, &str)]) -> Vec<(String, String)> {
    files
        .iter()
        .map(|(m, t)| ((*m).to_owned(), (*t).to_owned()))
        .collect()
}

#[test]
fn the_detector_finds_a_circle_through_use_lines_and_code_paths() {
    let circle = sources(&[
        ("", "mod check; mod message; mod diff;"),
        ("check", "use crate::message::word; pub struct Outcome;"),
        ("message", "pub fn word(o: &crate::check::Outcome) {}"),
        ("diff", "mod shared;"),
        ("diff::shared", "mod signature; mod generalisation;"),
        (
            "diff::shared::signature",
            "use super::{generalisation::{self, find}};",
        ),
        (
            "diff::shared::generalisation",
            "fn f() { super::signature::read(); }",
        ),
    ]);
    assert_eq!(
        circles(&graph(&circle)),
        [
            vec!["check", "message"],
            vec!["diff::shared::generalisation", "diff::shared::signature"],
        ]
    );
}

#[test]
fn nesting_and_test_modules_are_not_circles() {
    let nested = sources(&[
        ("", "mod diff; pub use diff::Cx;"),
        ("diff", "mod fields; use self::fields::f; pub struct Cx;"),
        (
            "diff::fields",
            "use crate::diff::Cx; use super::Cx as C; pub fn f() {}",
        ),
        ("a", "use crate::b::x;"),
        (
            "b",
            "pub fn x() {} #[cfg(test)] mod tests { use crate::a; } #[cfg(test)] use crate::a::y;",
        ),
    ]);
    let graph = graph(&nested);
    assert!(circles(&graph).is_empty(), "{graph:?}");
    assert!(graph["a"].contains("b"), "{graph:?}");
}
