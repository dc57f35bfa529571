//! The node fences: syn walks over every module in `src/workflows/nodes/` (found by
//! reading the directory, so a new node is fenced without touching the tests).
//!
//! - The import-side fence ([`IMPORT_FENCE`]) rejects any dependency of a node on a peer
//!   node: a `use` of a peer module or item, of a crate re-export of one, of the
//!   `nodes` module, of the driver that dispatches nodes, or a glob over any of these;
//!   and, because Rust can name any item without importing it, a qualified path to one.
//! - The call-side fence ([`CALL_FENCE`]) rejects any call (or capture) of a peer's
//!   `run`: by path however qualified or aliased, through a re-export, through the
//!   dispatcher, as a method call on a value that names a peer, or inside a macro.
//!
//! A call always names its peer, so whatever the call side rejects the import side
//! rejects too; the conjunction test holds the two to that.

// Shared by several test binaries; each uses part of it.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};

use contract_core::syntax::tokens::to_string;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit::Visit;

/// The import-side fence's id.
pub const IMPORT_FENCE: &str = "node-imports-peer";
/// The call-side fence's id.
pub const CALL_FENCE: &str = "node-calls-peer-run";

/// The decision both fences enforce, quoted in every failure.
pub const RULE: &str =
    "Edges own control flow. Nodes compute; conditional edges decide. No node directly calls another node.";

/// Where the node modules live, relative to the package.
pub const NODES_DIR: &str = "src/workflows/nodes";

/// A source file and its path relative to the package (for messages).
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// `src/workflows/nodes/match_recipe.rs`.
    pub path: String,
    /// The text.
    pub text: String,
}

fn package_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(relative: &Path) -> SourceFile {
    let text = std::fs::read_to_string(package_dir().join(relative))
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", relative.display()));
    SourceFile {
        path: relative.to_string_lossy().replace('\\', "/"),
        text,
    }
}

/// Every node module, by stem: each `*.rs` file of [`NODES_DIR`] except `mod.rs`,
/// which only declares them.
pub fn node_files() -> BTreeMap<String, SourceFile> {
    let dir = package_dir().join(NODES_DIR);
    let entries =
        std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    let mut nodes = BTreeMap::new();
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        if stem == "mod" {
            continue;
        }
        let relative = Path::new(NODES_DIR).join(path.file_name().unwrap());
        nodes.insert(stem, read(&relative));
    }
    nodes
}

/// Every `*.rs` file under `src/`.
pub fn crate_files() -> Vec<SourceFile> {
    fn walk(dir: &Path, relative: &Path, out: &mut Vec<SourceFile>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            let name = path.file_name().unwrap();
            if path.is_dir() {
                walk(&path, &relative.join(name), out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(read(&relative.join(name)));
            }
        }
    }
    let mut out = Vec::new();
    walk(&package_dir().join("src"), Path::new("src"), &mut out);
    out
}

fn parse(file: &SourceFile) -> syn::File {
    syn::parse_file(&file.text).unwrap_or_else(|e| {
        let at = e.span().start();
        panic!(
            "{}:{}:{}: does not parse: {e}",
            file.path,
            at.line,
            at.column + 1
        )
    })
}

/// What a name leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A node module.
    Module(String),
    /// A node's `run`.
    Run(String),
    /// The `nodes` module, which leads to every node.
    NodeSet,
    /// A function (or its module) that runs nodes chosen at run time.
    Dispatcher(String),
    /// A local binding made from a peer node (`let next = ApplyRecipeNode::default()`).
    Binding(String),
}

impl Target {
    /// True when the target is, or leads to, a node other than `me`.
    fn is_peer_of(&self, me: &str) -> bool {
        match self {
            Target::Module(stem) | Target::Run(stem) => stem != me,
            Target::NodeSet | Target::Dispatcher(_) | Target::Binding(_) => true,
        }
    }

    fn describe(&self) -> String {
        match self {
            Target::Module(stem) => format!("peer node `{stem}`"),
            Target::Run(stem) => format!("`{stem}::run`"),
            Target::NodeSet => "the `nodes` module (every node)".to_owned(),
            Target::Dispatcher(name) => format!("the node dispatcher `{name}`"),
            Target::Binding(name) => format!("`{name}`, a value made from a peer node"),
        }
    }
}

/// Crate-wide: the node stems, public re-exports that lead to a node, and the
/// dispatchers (functions outside the nodes that call node `run`s) with their modules.
#[derive(Clone, Debug, Default)]
pub struct Index {
    /// The node stems.
    pub stems: BTreeSet<String>,
    /// Re-exported names that lead to a node (`pub use apply_recipe::run as apply`).
    pub reexports: BTreeMap<String, Target>,
    /// Functions and modules that dispatch to nodes, by name.
    pub dispatchers: BTreeSet<String>,
}

impl Index {
    /// The index of the real crate.
    pub fn of_crate() -> Index {
        let stems = node_files().into_keys().collect();
        Index::scan(stems, &crate_files())
    }

    /// The index of `files`, whose nodes are `stems`.
    pub fn scan(stems: BTreeSet<String>, files: &[SourceFile]) -> Index {
        let mut index = Index {
            stems,
            ..Index::default()
        };
        let parsed: Vec<(String, bool, syn::File)> = files
            .iter()
            .map(|file| {
                let module = Path::new(&file.path)
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let is_node = file.path.starts_with(NODES_DIR) && index.stems.contains(&module);
                (module, is_node, parse(file))
            })
            .collect();
        // Dispatchers first, then re-exports (which may re-export a dispatcher); the
        // re-export pass runs twice so a re-export of a re-export resolves too.
        for pass in [Pass::Dispatchers, Pass::Reexports, Pass::Reexports] {
            for (module, is_node, ast) in &parsed {
                let mut scan = ScanItems {
                    index: &mut index,
                    pass,
                    is_node: *is_node,
                    module_is_dispatcher: false,
                };
                scan.visit_file(ast);
                if scan.module_is_dispatcher && module != "mod" {
                    index.dispatchers.insert(module.clone());
                }
            }
        }
        index
    }

    /// What `path` (a `use` path or an expression path, as segments) leads to, seen
    /// from node `me` with its local aliases.
    fn resolve(&self, segs: &[String], locals: &BTreeMap<String, Target>) -> Option<Target> {
        let mut found = None;
        for (i, seg) in segs.iter().enumerate() {
            let next_is_run = segs.get(i + 1).is_some_and(|s| s == "run");
            let target = if self.stems.contains(seg) {
                Some(if next_is_run {
                    Target::Run(seg.clone())
                } else {
                    Target::Module(seg.clone())
                })
            } else if let Some(t) = (i == 0).then(|| locals.get(seg)).flatten() {
                Some(match t {
                    Target::Module(stem) if next_is_run => Target::Run(stem.clone()),
                    other => other.clone(),
                })
            } else if let Some(t) = self.reexports.get(seg) {
                // A bare `run` is the node's own function; a re-exported `run` is only
                // reached through a qualified path (`super::run`).
                (seg != "run" || i > 0).then(|| match t {
                    Target::Module(stem) if next_is_run => Target::Run(stem.clone()),
                    other => other.clone(),
                })
            } else if self.dispatchers.contains(seg) {
                Some(Target::Dispatcher(seg.clone()))
            } else if seg == "nodes" && i + 1 == segs.len() {
                Some(Target::NodeSet)
            } else {
                None
            };
            if let Some(t) = target {
                // The most specific target wins: `apply_recipe::run` is a Run, and
                // `driver::run_node` the dispatcher `run_node`.
                let is_run = matches!(t, Target::Run(_));
                found = Some(t);
                if is_run {
                    break;
                }
            }
        }
        found
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    Dispatchers,
    Reexports,
}

struct ScanItems<'a> {
    index: &'a mut Index,
    pass: Pass,
    is_node: bool,
    module_is_dispatcher: bool,
}

impl<'ast> Visit<'ast> for ScanItems<'_> {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        if self.pass != Pass::Reexports || matches!(item.vis, syn::Visibility::Inherited) {
            return;
        }
        for leaf in flatten(&item.tree) {
            if leaf.glob {
                continue;
            }
            let target = self.index.resolve(&leaf.path, &BTreeMap::new());
            if let Some(target) = target {
                if !self.index.stems.contains(&leaf.bound) {
                    self.index.reexports.insert(leaf.bound, target);
                }
            }
        }
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        self.dispatcher_check(&item.sig.ident, &item.block);
        syn::visit::visit_item_fn(self, item);
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        self.dispatcher_check(&item.sig.ident, &item.block);
        syn::visit::visit_impl_item_fn(self, item);
    }
}

impl ScanItems<'_> {
    /// A function outside the nodes whose body names a node's `run` dispatches nodes.
    fn dispatcher_check(&mut self, name: &syn::Ident, body: &syn::Block) {
        if self.is_node || self.pass != Pass::Dispatchers {
            return;
        }
        let mut paths = PathCollector::default();
        paths.visit_block(body);
        let calls_run = paths.paths.iter().any(|(segs, _)| {
            segs.windows(2)
                .any(|w| self.index.stems.contains(&w[0]) && w[1] == "run")
        });
        if calls_run {
            self.index.dispatchers.insert(name.to_string());
            self.module_is_dispatcher = true;
        }
    }
}

/// One name a `use` declaration binds.
#[derive(Clone, Debug)]
struct UseLeaf {
    path: Vec<String>,
    bound: String,
    glob: bool,
    span: proc_macro2::Span,
}

fn flatten(tree: &syn::UseTree) -> Vec<UseLeaf> {
    fn go(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<UseLeaf>) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                go(&p.tree, prefix, out);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let name = n.ident.to_string();
                let mut path = prefix.clone();
                if name != "self" {
                    path.push(name);
                }
                out.push(UseLeaf {
                    bound: path.last().cloned().unwrap_or_default(),
                    path,
                    glob: false,
                    span: n.ident.span(),
                });
            }
            syn::UseTree::Rename(r) => {
                let name = r.ident.to_string();
                let mut path = prefix.clone();
                if name != "self" {
                    path.push(name);
                }
                out.push(UseLeaf {
                    path,
                    bound: r.rename.to_string(),
                    glob: false,
                    span: r.ident.span(),
                });
            }
            syn::UseTree::Glob(g) => out.push(UseLeaf {
                path: prefix.clone(),
                bound: "*".to_owned(),
                glob: true,
                span: g.star_token.span,
            }),
            syn::UseTree::Group(g) => {
                for item in &g.items {
                    go(item, prefix, out);
                }
            }
        }
    }
    let mut out = Vec::new();
    go(tree, &mut Vec::new(), &mut out);
    out
}

/// Every path in an expression or block, with its span; macro bodies that parse as
/// expressions included.
#[derive(Default)]
struct PathCollector {
    paths: Vec<(Vec<String>, proc_macro2::Span)>,
}

fn segments(path: &syn::Path) -> Vec<String> {
    path.segments.iter().map(|s| s.ident.to_string()).collect()
}

impl<'ast> Visit<'ast> for PathCollector {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.paths.push((segments(path), path.span()));
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        for expr in macro_exprs(mac) {
            self.visit_expr(&expr);
        }
    }
}

/// The arguments of a macro call, when they parse as comma-separated expressions.
fn macro_exprs(mac: &syn::Macro) -> Vec<syn::Expr> {
    mac.parse_body_with(Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated)
        .map(|p| p.into_iter().collect())
        .unwrap_or_default()
}

/// One rejected line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// [`IMPORT_FENCE`] or [`CALL_FENCE`].
    pub fence: &'static str,
    /// The file, relative to the package.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The node whose file it is.
    pub node: String,
    /// What it reaches (`\`apply_recipe::run\``).
    pub reaches: String,
    /// How (`direct path call`, `method call`, …).
    pub route: &'static str,
    /// The offending code.
    pub code: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}:{}:{}: [{}] node `{}` reaches {} by {}: `{}`",
            self.file,
            self.line,
            self.column,
            self.fence,
            self.node,
            self.reaches,
            self.route,
            self.code
        )?;
        writeln!(f, "    {RULE}")?;
        let fix = if self.fence == CALL_FENCE {
            "Fix: do not run the peer. Return a NodeTransition from this node's `run` and let \
             ROUTING_TABLE in src/workflows/routing.rs send the run on; if no row fits, add one \
             (a change to the pinned `phase6` contract)."
        } else {
            "Fix: remove this dependency. A node may use the state, the ports and the ledger \
             kinds; never another node, the `nodes` module or the driver that dispatches them. \
             Shared code belongs outside src/workflows/nodes/."
        };
        write!(f, "    {fix}")
    }
}

/// All violations as one message, or `None`.
pub fn report(violations: &[Violation]) -> Option<String> {
    if violations.is_empty() {
        return None;
    }
    let mut out = format!("{} node fence violation(s):\n", violations.len());
    for v in violations {
        out.push_str(&v.to_string());
        out.push('\n');
    }
    Some(out)
}

/// Token text of a syntax node, shortened for a one-line message.
fn shorten(mut s: String) -> String {
    if s.len() > 100 {
        let cut = (0..=97).rev().find(|i| s.is_char_boundary(*i)).unwrap_or(0);
        s.truncate(cut);
        s.push_str("...");
    }
    s
}

struct Fence<'a> {
    fence: &'static str,
    index: &'a Index,
    me: &'a str,
    file: &'a str,
    locals: BTreeMap<String, Target>,
    tainted: BTreeSet<String>,
    out: Vec<Violation>,
}

impl<'a> Fence<'a> {
    fn new(fence: &'static str, index: &'a Index, me: &'a str, file: &'a SourceFile) -> Self {
        Fence {
            fence,
            index,
            me,
            file: &file.path,
            locals: BTreeMap::new(),
            tainted: BTreeSet::new(),
            out: Vec::new(),
        }
    }

    /// Local names bound by the file's `use` declarations, wherever they are.
    fn collect_locals(&mut self, ast: &syn::File) {
        struct Uses(Vec<UseLeaf>);
        impl<'ast> Visit<'ast> for Uses {
            fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
                self.0.extend(flatten(&item.tree));
            }
        }
        let mut uses = Uses(Vec::new());
        uses.visit_file(ast);
        for leaf in uses.0 {
            if leaf.glob {
                continue;
            }
            if let Some(target) = self.index.resolve(&leaf.path, &BTreeMap::new()) {
                self.locals.insert(leaf.bound, target);
            }
        }
    }

    fn push(
        &mut self,
        span: proc_macro2::Span,
        target: &Target,
        route: &'static str,
        code: String,
    ) {
        let at = span.start();
        let v = Violation {
            fence: self.fence,
            file: self.file.to_owned(),
            line: at.line,
            column: at.column + 1,
            node: self.me.to_owned(),
            reaches: target.describe(),
            route,
            code,
        };
        if !self
            .out
            .iter()
            .any(|o| o.line == v.line && o.code == v.code)
        {
            self.out.push(v);
        }
    }

    fn peer(&self, segs: &[String]) -> Option<Target> {
        self.index
            .resolve(segs, &self.locals)
            .filter(|t| t.is_peer_of(self.me))
    }

    /// Whether `expr` names a peer: a peer module or alias, a peer node type
    /// (`ApplyRecipe`, `ApplyRecipeNode`) or a binding made from one.
    fn names_peer(&self, expr: &syn::Expr) -> Option<Target> {
        let mut paths = PathCollector::default();
        paths.visit_expr(expr);
        for (segs, _) in &paths.paths {
            if segs.first().is_some_and(|s| s == "Node") {
                continue; // the routing enum `Node::ApplyRecipe` names no code
            }
            if let Some(t) = self.peer(segs) {
                return Some(t);
            }
            for seg in segs {
                if self.tainted.contains(seg) {
                    return Some(Target::Binding(seg.clone()));
                }
                for stem in self.index.stems.iter().filter(|s| *s != self.me) {
                    let camel = camel_case(stem);
                    if *seg == camel || *seg == format!("{camel}Node") {
                        return Some(Target::Module(stem.clone()));
                    }
                }
            }
        }
        None
    }
}

fn camel_case(stem: &str) -> String {
    stem.split('_')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(first) => first.to_ascii_uppercase().to_string() + c.as_str(),
                None => String::new(),
            }
        })
        .collect()
}

struct ImportSide<'a>(Fence<'a>);

impl<'ast> Visit<'ast> for ImportSide<'_> {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        for leaf in flatten(&item.tree) {
            let target = if leaf.glob {
                let last = leaf.path.last().map(String::as_str).unwrap_or("");
                if matches!(last, "super" | "nodes" | "workflows" | "crate") {
                    Some(Target::NodeSet)
                } else {
                    self.0.peer(&leaf.path)
                }
            } else {
                self.0.peer(&leaf.path)
            };
            if let Some(target) = target {
                let route = if leaf.glob {
                    "glob import"
                } else {
                    "use import"
                };
                self.0.push(
                    leaf.span,
                    &target,
                    route,
                    format!("use {}", shorten(to_string(&item.tree))),
                );
            }
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segs = segments(path);
        if segs.len() >= 2 {
            if let Some(target) = self.0.peer(&segs) {
                self.0.push(
                    path.span(),
                    &target,
                    "qualified path",
                    shorten(to_string(path)),
                );
            }
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        for expr in macro_exprs(mac) {
            self.visit_expr(&expr);
        }
    }
}

struct CallSide<'a>(Fence<'a>);

impl<'ast> Visit<'ast> for CallSide<'_> {
    fn visit_local(&mut self, local: &'ast syn::Local) {
        if let Some(init) = &local.init {
            if self.0.names_peer(&init.expr).is_some() {
                let mut idents = Idents::default();
                idents.visit_pat(&local.pat);
                self.0.tainted.extend(idents.0);
            }
        }
        syn::visit::visit_local(self, local);
    }

    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        if let syn::Expr::Path(p) = &*call.func {
            if let Some(target) = self.run_target(&p.path, true) {
                self.0
                    .push(call.span(), &target, "call", shorten(to_string(call)));
                // The callee is reported; only the arguments remain to walk.
                for arg in &call.args {
                    self.visit_expr(arg);
                }
                return;
            }
        }
        syn::visit::visit_expr_call(self, call);
    }

    fn visit_expr_path(&mut self, p: &'ast syn::ExprPath) {
        // Outside a call: the function taken as a value, to be called later.
        if let Some(target) = self.run_target(&p.path, false) {
            self.0.push(
                p.span(),
                &target,
                "taking it as a value",
                shorten(to_string(p)),
            );
        }
        syn::visit::visit_expr_path(self, p);
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        if call.method == "run" {
            if let Some(target) = self.0.names_peer(&call.receiver) {
                self.0.push(
                    call.span(),
                    &target,
                    "method call",
                    shorten(to_string(call)),
                );
            }
        }
        syn::visit::visit_expr_method_call(self, call);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        for expr in macro_exprs(mac) {
            self.visit_expr(&expr);
        }
    }
}

impl CallSide<'_> {
    /// A path that is a peer's `run` or a dispatcher; in call position, also a binding
    /// made from a peer (`let f = apply_recipe::run; f(..)`).
    fn run_target(&self, path: &syn::Path, in_call: bool) -> Option<Target> {
        let segs = segments(path);
        if in_call && segs.len() == 1 && self.0.tainted.contains(&segs[0]) {
            return Some(Target::Binding(segs[0].clone()));
        }
        self.0
            .peer(&segs)
            .filter(|t| matches!(t, Target::Run(_) | Target::Dispatcher(_)))
    }
}

#[derive(Default)]
struct Idents(Vec<String>);

impl<'ast> Visit<'ast> for Idents {
    fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
        self.0.push(p.ident.to_string());
        syn::visit::visit_pat_ident(self, p);
    }
}

/// The import-side fence over the node `me` in `file`.
pub fn import_fence(index: &Index, me: &str, file: &SourceFile) -> Vec<Violation> {
    let ast = parse(file);
    let mut fence = Fence::new(IMPORT_FENCE, index, me, file);
    fence.collect_locals(&ast);
    let mut side = ImportSide(fence);
    side.visit_file(&ast);
    side.0.out
}

/// The call-side fence over the node `me` in `file`.
pub fn call_fence(index: &Index, me: &str, file: &SourceFile) -> Vec<Violation> {
    let ast = parse(file);
    let mut fence = Fence::new(CALL_FENCE, index, me, file);
    fence.collect_locals(&ast);
    let mut side = CallSide(fence);
    side.visit_file(&ast);
    side.0.out
}

/// A node module written the way an executor might try to reach a peer.
pub struct Case {
    /// What route it takes.
    pub name: &'static str,
    /// The node file (as `match_recipe`).
    pub file: SourceFile,
    /// Extra crate files (a re-export in `nodes/mod.rs`, a peer type).
    pub extra: Vec<SourceFile>,
}

/// `match_recipe.rs` with `imports` and a `run` whose body is `body`.
pub fn node_source(imports: &str, body: &str) -> SourceFile {
    SourceFile {
        path: format!("{NODES_DIR}/match_recipe.rs"),
        text: format!(
            "use crate::workflows::ports::Ports;\n\
             use crate::workflows::state::{{Node, NodeTransition, SubgraphState}};\n\
             {imports}\n\
             pub fn run(state: &SubgraphState, ports: &mut dyn Ports) -> NodeTransition {{\n\
             {body}\n\
             }}\n"
        ),
    }
}

fn extra(path: &str, text: &str) -> SourceFile {
    SourceFile {
        path: path.to_owned(),
        text: text.to_owned(),
    }
}

/// Every route to a peer's `run` the call-side fence must reject.
pub fn peer_call_catalogue() -> Vec<Case> {
    let reexport = || {
        vec![extra(
            "src/workflows/nodes/mod.rs",
            "pub mod apply_recipe;\npub use apply_recipe::run as apply_recipe_run;\n",
        )]
    };
    let case = |name, imports, body, extra| Case {
        name,
        file: node_source(imports, body),
        extra,
    };
    vec![
        case(
            "direct path",
            "",
            "super::apply_recipe::run(state, ports)",
            vec![],
        ),
        case(
            "crate path",
            "",
            "crate::workflows::nodes::write_branch::run(state, ports)",
            vec![],
        ),
        case(
            "module import then call",
            "use super::apply_recipe;",
            "apply_recipe::run(state, ports)",
            vec![],
        ),
        case(
            "renamed module",
            "use crate::workflows::nodes::stage6_validate as gate;",
            "gate::run(state, ports)",
            vec![],
        ),
        case(
            "renamed run",
            "use super::apply_recipe::run as apply;",
            "apply(state, ports)",
            vec![],
        ),
        case(
            "re-export imported",
            "use super::apply_recipe_run;",
            "apply_recipe_run(state, ports)",
            reexport(),
        ),
        case(
            "re-export by path",
            "",
            "super::apply_recipe_run(state, ports)",
            reexport(),
        ),
        case(
            "method call on a peer node value",
            "use super::apply_recipe::ApplyRecipeNode;",
            "ApplyRecipeNode.run(state, ports)",
            vec![],
        ),
        case(
            "method call on a binding of a peer",
            "",
            "let next = super::apply_recipe::ApplyRecipeNode::default();\nnext.run(state, ports)",
            vec![],
        ),
        case(
            "function pointer",
            "",
            "let f = super::write_branch::run;\nf(state, ports)",
            vec![],
        ),
        case(
            "through the dispatcher",
            "",
            "crate::workflows::driver::run_node(Node::ApplyRecipe, state, ports)",
            vec![],
        ),
        case(
            "inside a macro",
            "",
            "dbg!(super::apply_recipe::run(state, ports))",
            vec![],
        ),
    ]
}

/// Node-shaped code that reaches no peer: neither fence may reject it.
pub fn clean_catalogue() -> Vec<SourceFile> {
    vec![
        node_source(
            "use crate::workflows::ledger::LedgerStateKind;\nuse crate::workflows::ports::GateVerdict;",
            "let _ = (LedgerStateKind::PlanReady, GateVerdict::Pass, Node::ApplyRecipe);\n\
             match ports.run_gate(&state.cve, state.retry_count) {\n\
                 GateVerdict::Pass => NodeTransition::Advance,\n\
                 _ => run(state, ports),\n\
             }",
        ),
        node_source(
            "",
            "let tool = ports;\nlet _ = tool.run(state);\nlet run_checks = |s: &SubgraphState| s.retry_count;\n\
             let _ = run_checks(state);\nformat!(\"after apply_recipe::run\");\nNodeTransition::Advance",
        ),
    ]
}

/// The index of the real crate plus `extra` files.
pub fn index_with(extra: &[SourceFile]) -> Index {
    let stems = node_files().into_keys().collect();
    let mut files = crate_files();
    files.extend(extra.iter().cloned());
    Index::scan(stems, &files)
}
