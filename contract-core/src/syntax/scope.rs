//! What the module around a pinned item imports, so type paths are recorded by what
//! they name, not how they are spelled: with `use crate::ids::OrderId;` in scope,
//! `OrderId` and `crate::ids::OrderId` are one type.
//!
//! The macro reads its own source file (through the span it already uses for
//! `golden = …`) and the CLI reads the same file: both build [`FileScopes`] from the
//! file's text and look up the pinned item's line, so they resolve alike. What cannot be
//! resolved from the file (a name a glob import may bring, a path relative to the
//! parent module) is kept as written, and names that a glob import might supply are
//! reported so messages can say they were compared as written.

use std::collections::{BTreeMap, BTreeSet};

use syn::spanned::Spanned;
use syn::{Item, UseTree};

use crate::ty::{Path, Segment};

/// The imports of one scope (a module, or the blocks of an item): each name its `use`
/// and `extern crate` items bind, with the path it stands for, the globs, and whether
/// `#[macro_use] extern crate contract_pin;` puts contract-pin's attributes in every
/// scope. Imports are not inherited by child modules, as in Rust. One reader serves
/// the type paths of shapes ([`Scope::resolve`]) and the CLI's reading of contract
/// attributes ([`Scope::expand`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scope {
    /// Imported name (or `as` name) → the path it imports.
    imports: BTreeMap<String, Path>,
    /// The paths of glob imports (`use a::b::*` → `a::b`).
    globs: Vec<Path>,
    /// `#[macro_use] extern crate contract_pin;` at the crate root.
    pub macro_use: bool,
    /// Names of the items the scope defines itself: no glob import supplies those.
    defined: BTreeSet<String>,
    /// Those of them in the type namespace (types, traits, modules): an import of the
    /// same name can then only be of another namespace (`use thiserror::Error;`, a
    /// derive macro, beside `pub enum Error`), so a type path is the scope's own.
    defined_types: BTreeSet<String>,
    /// Names that `#[cfg]`'d twin imports bind to different paths (`#[cfg(linux)] use
    /// eventfd as platform;` beside `#[cfg(not(linux))] use pipe as platform;`, calloop
    /// 0.14): which one the build has is not known here, so they stay as written.
    twins: BTreeSet<String>,
    /// Names bound by an import under a `#[cfg]`.
    cfg_bound: BTreeSet<String>,
}

/// The prelude and primitive names a glob import would not be consulted for by
/// readers of the code (a glob can shadow them, but nobody writes that on purpose).
const WELL_KNOWN: &[&str] = &[
    "bool",
    "char",
    "str",
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "f32",
    "f64",
    "Self",
    "Box",
    "Option",
    "Some",
    "None",
    "Result",
    "Ok",
    "Err",
    "String",
    "Vec",
    "Send",
    "Sync",
    "Sized",
    "Unpin",
    "Copy",
    "Clone",
    "Default",
    "Drop",
    "Eq",
    "PartialEq",
    "Ord",
    "PartialOrd",
    "Fn",
    "FnMut",
    "FnOnce",
    "Iterator",
    "IntoIterator",
    "Extend",
    "FromIterator",
    "DoubleEndedIterator",
    "ExactSizeIterator",
    "AsRef",
    "AsMut",
    "From",
    "Into",
    "TryFrom",
    "TryInto",
    "ToString",
    "ToOwned",
    "std",
    "core",
    "alloc",
    "crate",
    "self",
    "super",
];

impl Scope {
    /// Adds what `other`, the same module's scope as another file writes it, imports
    /// and defines; a name both import keeps this scope's path.
    fn join(&mut self, other: &Scope) {
        for (name, path) in &other.imports {
            self.imports
                .entry(name.clone())
                .or_insert_with(|| path.clone());
        }
        for glob in &other.globs {
            if !self.globs.contains(glob) {
                self.globs.push(glob.clone());
            }
        }
        self.macro_use |= other.macro_use;
        self.defined.extend(other.defined.iter().cloned());
        self.defined_types
            .extend(other.defined_types.iter().cloned());
        self.twins.extend(other.twins.iter().cloned());
        self.cfg_bound.extend(other.cfg_bound.iter().cloned());
    }

    /// The imports of a module whose items are `items` (nested modules excluded).
    pub fn of_module(items: &[Item]) -> Scope {
        Scope::of_items(items, false)
    }

    /// The scope of `items` (their `use` and `extern crate` items), inside a crate where
    /// `macro_use` says whether contract-pin's macros are in the macro prelude.
    pub fn of_items(items: &[Item], macro_use: bool) -> Scope {
        let mut scope = Scope {
            macro_use,
            ..Scope::default()
        };
        scope.add(items);
        scope
    }

    /// Adds the imports of `items` (e.g. the `use` items of a function body). A
    /// `#[cfg(test)]` import names only what no other import of the module names: the
    /// library build does not have it (serde-value 0.7's `#[cfg(test)] use
    /// serde_derive::Deserialize;` beside `use serde::Deserialize;`).
    pub fn add<'a>(&mut self, items: impl IntoIterator<Item = &'a Item>) {
        let mut test_only = Scope::default();
        for item in items {
            match item {
                Item::Use(u) if super::attrs::under_cfg_test(item) => {
                    let prefix = Path {
                        global: u.leading_colon.is_some(),
                        segments: Vec::new(),
                    };
                    test_only.tree(&u.tree, prefix);
                }
                Item::Use(u) => {
                    let prefix = Path {
                        global: u.leading_colon.is_some(),
                        segments: Vec::new(),
                    };
                    let mut one = Scope::default();
                    one.tree(&u.tree, prefix);
                    let under_cfg = u.attrs.iter().any(|a| a.path().is_ident("cfg"));
                    for (name, path) in one.imports {
                        let twin = under_cfg || self.cfg_bound.contains(&name);
                        if twin
                            && self
                                .imports
                                .get(&name)
                                .is_some_and(|p| !same_item(p, &path))
                        {
                            self.twins.insert(name.clone());
                        }
                        if under_cfg {
                            self.cfg_bound.insert(name.clone());
                        }
                        self.imports.insert(name, path);
                    }
                    self.globs.extend(one.globs);
                }
                Item::ExternCrate(e) => {
                    let name = e
                        .rename
                        .as_ref()
                        .map_or(&e.ident, |(_, rename)| rename)
                        .to_string();
                    self.imports
                        .insert(name, Path::plain(&[&e.ident.to_string()]));
                }
                other => {
                    let name = match other {
                        Item::Struct(i) => Some(&i.ident),
                        Item::Enum(i) => Some(&i.ident),
                        Item::Union(i) => Some(&i.ident),
                        Item::Trait(i) => Some(&i.ident),
                        Item::Type(i) => Some(&i.ident),
                        Item::Fn(i) => Some(&i.sig.ident),
                        Item::Const(i) => Some(&i.ident),
                        Item::Static(i) => Some(&i.ident),
                        Item::Mod(i) => Some(&i.ident),
                        _ => None,
                    };
                    if let Some(name) = name {
                        let name = syn::ext::IdentExt::unraw(name).to_string();
                        if !matches!(other, Item::Fn(_) | Item::Const(_) | Item::Static(_)) {
                            self.defined_types.insert(name.clone());
                        }
                        self.defined.insert(name);
                    }
                }
            }
        }
        // Its globs are left out: a name they would bring is a test's.
        for (name, path) in test_only.imports {
            self.imports.entry(name).or_insert(path);
        }
    }

    /// True when `items` (a crate root) hold `#[macro_use] extern crate contract_pin;`.
    pub fn has_macro_use(items: &[Item]) -> bool {
        items.iter().any(|item| {
            matches!(item, Item::ExternCrate(e)
                if e.ident == "contract_pin" && e.attrs.iter().any(|a| a.path().is_ident("macro_use")))
        })
    }

    fn tree(&mut self, tree: &UseTree, prefix: Path) {
        let with = |name: &str| {
            let mut p = prefix.clone();
            p.segments.push(Segment::plain(name));
            p
        };
        match tree {
            UseTree::Path(p) => self.tree(&p.tree, with(&p.ident.to_string())),
            UseTree::Name(n) => {
                let name = n.ident.to_string();
                if name == "self" {
                    // `use a::b::{self}` imports `b`.
                    if let Some(last) = prefix.last_name() {
                        self.imports.insert(last.to_owned(), prefix.clone());
                    }
                } else {
                    self.imports.insert(name.clone(), with(&name));
                }
            }
            UseTree::Rename(r) => {
                let target = if r.ident == "self" {
                    prefix.clone()
                } else {
                    with(&r.ident.to_string())
                };
                let alias = r.rename.to_string();
                if alias != "_" {
                    self.imports.insert(alias, target);
                }
            }
            UseTree::Glob(_) => self.globs.push(prefix),
            UseTree::Group(g) => {
                for t in &g.items {
                    self.tree(t, prefix.clone());
                }
            }
        }
    }

    /// True when nothing was imported (no `use` at all, or the file was not read).
    pub fn is_empty(&self) -> bool {
        self.imports.is_empty() && self.globs.is_empty()
    }

    /// True when `name` is bound by an explicit import of this scope.
    pub fn imports(&self, name: &str) -> bool {
        self.imports.contains_key(name)
    }

    /// The paths of the scope's glob imports, each expanded through its imports.
    pub fn globs(&self) -> Vec<Path> {
        self.globs
            .iter()
            .map(|g| {
                let mut g = g.clone();
                self.substitute(&mut g);
                g
            })
            .collect()
    }

    /// Replaces the start of `path` with what the imports bind it to, a few rounds
    /// deep (`use a as b; use b::c as d;`); `self::` is dropped. Returns whether an
    /// import was used.
    fn substitute(&self, path: &mut Path) -> bool {
        let drop_self = |path: &mut Path| {
            if !path.global && path.segments.len() > 1 && path.segments[0].name == "self" {
                path.segments.remove(0);
            }
        };
        drop_self(path);
        if !path.global
            && path
                .segments
                .first()
                .is_some_and(|s| self.defined_types.contains(&s.name))
        {
            return false;
        }
        let mut used = false;
        for _ in 0..4 {
            if path.global || path.segments.is_empty() {
                break;
            }
            let first = &path.segments[0];
            if self.twins.contains(&first.name) {
                break;
            }
            let Some(target) = self.imports.get(&first.name) else {
                break;
            };
            if target.segments.is_empty()
                || (target.segments.len() == 1 && target.segments[0].name == first.name)
            {
                break; // `use serde;` binds the crate to itself
            }
            let args = std::mem::take(&mut path.segments[0].args);
            let rest: Vec<Segment> = path.segments.drain(1..).collect();
            let mut segments = target.segments.clone();
            if let Some(last) = segments.last_mut() {
                last.args = args;
            }
            segments.extend(rest);
            path.global = target.global;
            path.segments = segments;
            drop_self(path);
            used = true;
        }
        used
    }

    /// An attribute's path (`pin`, `cp::contract`) with its start replaced by what the
    /// imports bind it to, as segment names.
    pub fn expand(&self, path: &syn::Path) -> Vec<String> {
        let mut p = Path {
            global: path.leading_colon.is_some(),
            segments: path
                .segments
                .iter()
                .map(|s| Segment::plain(&s.ident.to_string()))
                .collect(),
        };
        self.substitute(&mut p);
        p.segments.into_iter().map(|s| s.name).collect()
    }

    /// Resolves the start of a type `path` through the imports: an imported name
    /// becomes the path it imports (`self::` dropped), unless it is one of `params`
    /// (generic parameters shadow imports). A name that a glob import may supply is
    /// added to `unresolved`.
    pub fn resolve(&self, path: &mut Path, params: &[String], unresolved: &mut BTreeSet<String>) {
        if path.global || path.segments.is_empty() {
            return;
        }
        if params.contains(&path.segments[0].name) {
            return;
        }
        let first = path.segments[0].name.clone();
        if !self.substitute(path)
            && !self.globs.is_empty()
            && !WELL_KNOWN.contains(&first.as_str())
            && !self.defined.contains(&first)
        {
            unresolved.insert(first);
        }
    }
}

/// Whether two imports name one item: equal paths, std's under any of its names
/// (`#[cfg(feature = "std")] use std::hash::BuildHasherDefault;` beside a `core::` twin,
/// fnv 1.0.7).
fn same_item(a: &Path, b: &Path) -> bool {
    let read = |p: &Path| {
        let mut p = p.clone();
        crate::ty::normalize_std(&mut p);
        p
    };
    read(a) == read(b)
}

/// Where an inline module is: the names of the inline `mod`s around it, outermost
/// first, each with its position among same-named siblings (`#[cfg]`'d twins).
pub type ModulePath = Vec<(String, usize)>;

/// A position in a source file: 1-based line, 0-based column in characters (what
/// `proc_macro2`'s `LineColumn` says, inside a proc macro and out).
pub type Position = (usize, usize);

/// The scopes of every module of one source file, and where each inline module is.
///
/// Both come from one pass of a small scanner over the file's text (comments,
/// strings, raw strings and char literals skipped, brackets counted), not from token
/// spans or a parse of the whole file: inside a proc macro, tokens parsed from a
/// string carry no positions, and a macro expanding every pinned item of a crate
/// cannot afford to parse each file with `syn`. The scanner finds the inline `mod`s
/// and the `use` and `extern crate` items directly inside each module; only those
/// items are parsed. The macro and the CLI both read a file this way, so they find
/// the same module, with the same imports, for the same item.
#[derive(Clone, Debug, Default)]
pub struct FileScopes {
    /// Inline modules: where their braces open and close, and the index of their
    /// scope in `modules`.
    regions: Vec<(Position, Position, usize)>,
    /// Module paths and their scopes; index 0 is the file's top level.
    modules: Vec<(ModulePath, Scope)>,
    /// Every outer attribute (`#[…]`), in file order.
    attributes: Vec<Attr>,
}

/// One outer attribute of a file: its text's bytes, where it starts and ends, and
/// its run (attributes with only whitespace and comments between them share one).
#[derive(Clone, Debug)]
struct Attr {
    bytes: std::ops::Range<usize>,
    start: Position,
    end: Position,
    run: usize,
}

/// The attributes written above one attribute of its item, and that attribute (see
/// [`FileScopes::attribute_run`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttributeRun {
    /// The attributes above it, each with the line it starts on.
    pub above: Vec<(std::ops::Range<usize>, usize)>,
    /// The attribute itself, and its line.
    pub this: (std::ops::Range<usize>, usize),
}

impl FileScopes {
    /// The scopes of a source file's text. An import that does not parse is left
    /// out (its names are then compared as written).
    pub fn of_file(text: &str) -> FileScopes {
        let scan = Scanner::new(text).run();
        let mut modules: Vec<(ModulePath, Scope)> = vec![(Vec::new(), Scope::default())];
        // The index of `path`'s scope, made on first sight.
        fn index_of(path: &ModulePath, modules: &mut Vec<(ModulePath, Scope)>) -> usize {
            match modules.iter().position(|(p, _)| p == path) {
                Some(i) => i,
                None => {
                    modules.push((path.clone(), Scope::default()));
                    modules.len() - 1
                }
            }
        }
        let regions = scan
            .regions
            .into_iter()
            .map(|(start, end, path)| (start, end, index_of(&path, &mut modules)))
            .collect();
        for (path, range) in scan.imports {
            let i = index_of(&path, &mut modules);
            if let Ok(item) = syn::parse_str::<Item>(&text[range]) {
                modules[i].1.add([&item]);
            }
        }
        for (path, name, is_type) in scan.defined {
            let i = index_of(&path, &mut modules);
            if is_type {
                modules[i].1.defined_types.insert(name.clone());
            }
            modules[i].1.defined.insert(name);
        }
        FileScopes {
            regions,
            modules,
            attributes: scan.attributes,
        }
    }

    /// These scopes of a file that `include!` reads into a module whose scope at the
    /// call is `outer`: the file's top level is that module, so what the including
    /// file imports and defines there is in scope too (speedy 0.8.7's
    /// `ext_indexmap_v1.rs` imports `indexmap_v1::IndexMap` and includes the file
    /// that implements its traits for `IndexMap`).
    pub fn included_in(mut self, outer: &Scope) -> FileScopes {
        if let Some((_, top)) = self.modules.first_mut() {
            top.join(outer);
        }
        self
    }

    /// The index in `modules` of the innermost module whose braces hold `at`; 0 (the
    /// file's top level) otherwise.
    fn innermost(&self, at: Position) -> usize {
        self.regions
            .iter()
            .filter(|(start, end, _)| *start < at && at < *end)
            .max_by_key(|(_, _, index)| self.modules[*index].0.len())
            .map_or(0, |(_, _, index)| *index)
    }

    /// The inline modules (name, ordinal among same-named siblings) around `at`,
    /// outermost first; none at the file's top level.
    pub fn module_path(&self, at: Position) -> &[(String, usize)] {
        match self.modules.get(self.innermost(at)) {
            Some((path, _)) => path,
            None => &[],
        }
    }

    /// The outer attribute whose text holds `at` (a proc macro's call site: the
    /// attribute itself, or its part of a `cfg_attr`), and those written above it on
    /// the same item. `None` when no attribute of the file holds `at`.
    pub fn attribute_run(&self, at: Position) -> Option<AttributeRun> {
        // Attributes do not nest: sorted by start, and by end.
        let i = self.attributes.partition_point(|a| a.end <= at);
        let this = self.attributes.get(i).filter(|a| a.start <= at)?;
        let above = self.attributes[..i]
            .iter()
            .rev()
            .take_while(|a| a.run == this.run)
            .map(|a| (a.bytes.clone(), a.start.0))
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        Some(AttributeRun {
            above,
            this: (this.bytes.clone(), this.start.0),
        })
    }

    /// The scope of the innermost module whose braces hold `at`; the file's top level
    /// otherwise.
    pub fn at(&self, at: Position) -> &Scope {
        static EMPTY: Scope = Scope {
            imports: BTreeMap::new(),
            globs: Vec::new(),
            macro_use: false,
            defined: BTreeSet::new(),
            defined_types: BTreeSet::new(),
            twins: BTreeSet::new(),
            cfg_bound: BTreeSet::new(),
        };
        self.modules
            .get(self.innermost(at))
            .map_or(&EMPTY, |(_, s)| s)
    }
}

/// What [`Scanner::run`] finds.
#[derive(Default)]
struct Scan {
    /// Every inline module: where its `{` and its matching `}` are, and its path.
    regions: Vec<(Position, Position, ModulePath)>,
    /// The text of each `use` and `extern crate` item directly inside a module (or
    /// at the top level), from its keyword to its `;`, with that module's path.
    imports: Vec<(ModulePath, std::ops::Range<usize>)>,
    /// The names of the items defined directly inside each module (`struct X`,
    /// `fn f`, `mod m`, …): a module's own item shadows a glob import's; and whether it
    /// is in the type namespace.
    defined: Vec<(ModulePath, String, bool)>,
    /// Every outer attribute.
    attributes: Vec<Attr>,
}

/// The keywords that name the item after them.
const DEFINING: &[&str] = &[
    "struct", "enum", "union", "trait", "type", "fn", "const", "static", "mod",
];

/// Keywords that may follow a defining one without being the name (`const fn`,
/// `static mut`, `const unsafe fn`).
const NOT_A_NAME: &[&str] = &[
    "fn", "unsafe", "async", "extern", "mut", "const", "static", "safe",
];

/// One open bracket: where it is, and for a `{`, the module it opens if any and the
/// ordinals of the modules seen directly inside it.
struct Open {
    at: Position,
    /// For the `[` of an outer attribute: where its `#` is (byte, position).
    attribute: Option<(usize, Position)>,
    brace: bool,
    module: Option<(String, usize)>,
    seen: BTreeMap<String, usize>,
}

/// The file scanner: a byte cursor that keeps the line and the column (in
/// characters, as `proc_macro2` counts them).
struct Scanner<'a> {
    text: &'a str,
    bytes: &'a [u8],
    i: usize,
    line: usize,
    col: usize,
}

/// A byte that continues an identifier (any non-ASCII byte: non-ASCII text outside
/// strings and comments is an identifier).
fn word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// Where the `use` at `start` begins with the attributes written right above it (its
/// visibility between): `#[cfg(test)]` decides what the import names. `start` when
/// none is.
fn attributes_above(text: &str, start: usize, attributes: &[Attr]) -> usize {
    let mut before = text[..start].trim_end();
    if let Some(vis) = before.rfind("pub") {
        let rest = before[vis + 3..].trim_start();
        let restricted = rest.starts_with('(') && rest.ends_with(')') && !rest.contains(';');
        let word_starts = !before[..vis].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        if word_starts && (rest.is_empty() || restricted) {
            before = before[..vis].trim_end();
        }
    }
    let Some(last) = attributes.last().filter(|a| a.bytes.end == before.len()) else {
        return start;
    };
    attributes
        .iter()
        .rev()
        .take_while(|a| a.run == last.run)
        .last()
        .map_or(start, |first| first.bytes.start)
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Scanner<'a> {
        Scanner {
            text,
            bytes: text.as_bytes(),
            i: 0,
            line: 1,
            col: 0,
        }
    }

    fn peek(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.i + ahead).copied()
    }

    /// Advances over `n` bytes, counting lines and characters.
    fn step(&mut self, n: usize) {
        for _ in 0..n {
            let Some(&b) = self.bytes.get(self.i) else {
                return;
            };
            if b == b'\n' {
                self.line += 1;
                self.col = 0;
            } else if b & 0xC0 != 0x80 {
                self.col += 1;
            }
            self.i += 1;
        }
    }

    fn step_while(&mut self, keep: impl Fn(u8) -> bool) {
        while self.peek(0).is_some_and(&keep) {
            self.step(1);
        }
    }

    fn run(mut self) -> Scan {
        let mut scan = Scan::default();
        let mut stack = vec![Open {
            at: (0, 0),
            attribute: None,
            brace: true,
            module: None,
            seen: BTreeMap::new(),
        }];
        // The last two words since the last other token, to recognise `mod name {`
        // and `extern crate`; each with where it starts.
        let mut words: [Option<(&str, usize)>; 2] = [None, None];
        // An import being read: where it starts, and the depth its `;` closes it at.
        let mut import: Option<(usize, usize)> = None;
        let module_path = |stack: &[Open]| -> ModulePath {
            stack.iter().filter_map(|o| o.module.clone()).collect()
        };
        // Directly inside a module (or the file): the innermost bracket opened one.
        let at_module_level =
            |stack: &[Open]| stack.len() == 1 || stack.last().is_some_and(|o| o.module.is_some());
        // A `#` whose `[` opens an outer attribute; whether only whitespace and
        // comments came since the last attribute closed (the next one joins its run).
        let mut pending_attribute: Option<(usize, Position)> = None;
        let mut run_open = false;
        let mut runs = 0;
        while let Some(b) = self.peek(0) {
            let comment = b == b'/' && matches!(self.peek(1), Some(b'/') | Some(b'*'));
            if !comment && !b.is_ascii_whitespace() {
                if pending_attribute.is_some() && b != b'[' {
                    pending_attribute = None;
                }
                if b == b'#' && pending_attribute.is_none() {
                    let next = self.text[self.i + 1..].trim_start();
                    if next.starts_with('[') {
                        if !run_open {
                            runs += 1;
                        }
                        pending_attribute = Some((self.i, (self.line, self.col)));
                    }
                } else if b != b'[' || pending_attribute.is_none() {
                    run_open = false;
                }
            }
            match b {
                b'/' if self.peek(1) == Some(b'/') => {
                    self.step_while(|b| b != b'\n');
                    continue;
                }
                b'/' if self.peek(1) == Some(b'*') => {
                    self.block_comment();
                    words = [None, None];
                    continue;
                }
                b'"' => {
                    self.string();
                    words = [None, None];
                    continue;
                }
                b'\'' => {
                    self.quote();
                    words = [None, None];
                    continue;
                }
                b'{' | b'(' | b'[' => {
                    let module = match words {
                        [Some(("mod", _)), Some((name, _))] if b == b'{' => {
                            let seen = &mut stack.last_mut().expect("the file level stays").seen;
                            let ordinal = seen.entry(name.to_owned()).or_default();
                            let at = *ordinal;
                            *ordinal += 1;
                            Some((name.to_owned(), at))
                        }
                        _ => None,
                    };
                    let attribute = if b == b'[' {
                        pending_attribute.take()
                    } else {
                        None
                    };
                    stack.push(Open {
                        at: (self.line, self.col),
                        attribute,
                        brace: b == b'{',
                        module,
                        seen: BTreeMap::new(),
                    });
                    words = [None, None];
                }
                b'}' | b')' | b']' => {
                    if stack.len() > 1 {
                        let open = stack.pop().expect("more than the file level");
                        if let (b']', Some((start, at))) = (b, open.attribute) {
                            scan.attributes.push(Attr {
                                bytes: start..self.i + 1,
                                start: at,
                                end: (self.line, self.col + 1),
                                run: runs,
                            });
                            run_open = true;
                        }
                        if open.brace && open.module.is_some() {
                            let mut path = module_path(&stack);
                            path.extend(open.module);
                            scan.regions.push((open.at, (self.line, self.col), path));
                        }
                    }
                    // Closed before its `;`: not an import after all.
                    if import.is_some_and(|(_, depth)| stack.len() < depth) {
                        import = None;
                    }
                    words = [None, None];
                }
                b';' => {
                    if let Some((start, depth)) = import {
                        if stack.len() == depth {
                            scan.imports.push((module_path(&stack), start..self.i + 1));
                            import = None;
                        }
                    }
                    words = [None, None];
                }
                b if word_byte(b) => {
                    let start = self.i;
                    self.step_while(word_byte);
                    let word = &self.text[start..self.i];
                    if matches!(word, "r" | "br" | "cr")
                        && matches!(self.peek(0), Some(b'"') | Some(b'#'))
                        && self.raw_string()
                    {
                        words = [None, None];
                        continue;
                    }
                    // A raw identifier (`r#use`) is never a keyword.
                    let word = if word == "r"
                        && self.peek(0) == Some(b'#')
                        && self.peek(1).is_some_and(word_byte)
                    {
                        self.step(1);
                        self.step_while(word_byte);
                        &self.text[start..self.i]
                    } else {
                        word
                    };
                    if import.is_none()
                        && at_module_level(&stack)
                        && words[1].is_some_and(|(w, _)| DEFINING.contains(&w))
                        && !NOT_A_NAME.contains(&word)
                    {
                        let is_type =
                            words[1].is_some_and(|(w, _)| !matches!(w, "fn" | "const" | "static"));
                        scan.defined.push((
                            module_path(&stack),
                            word.trim_start_matches("r#").to_owned(),
                            is_type,
                        ));
                    }
                    if import.is_none() && at_module_level(&stack) {
                        let rest = self.text[self.i..].trim_start();
                        // `use<'a>` in a signature captures lifetimes; it imports nothing.
                        if word == "use" && !rest.starts_with('<') {
                            let from = attributes_above(self.text, start, &scan.attributes);
                            import = Some((from, stack.len()));
                        } else if word == "crate" {
                            if let Some(("extern", extern_at)) = words[1] {
                                import = Some((extern_at, stack.len()));
                            }
                        }
                    }
                    words = [words[1], Some((word, start))];
                    continue;
                }
                b if b.is_ascii_whitespace() => {}
                _ => words = [None, None],
            }
            self.step(1);
        }
        scan
    }

    /// A block comment, nested ones included.
    fn block_comment(&mut self) {
        let mut depth = 0;
        while self.i < self.bytes.len() {
            if self.peek(0) == Some(b'/') && self.peek(1) == Some(b'*') {
                depth += 1;
                self.step(2);
            } else if self.peek(0) == Some(b'*') && self.peek(1) == Some(b'/') {
                depth -= 1;
                self.step(2);
                if depth == 0 {
                    return;
                }
            } else {
                self.step(1);
            }
        }
    }

    /// A string literal from its opening quote.
    fn string(&mut self) {
        self.step(1);
        while let Some(b) = self.peek(0) {
            match b {
                b'"' => break,
                b'\\' => self.step(2),
                _ => self.step(1),
            }
        }
        self.step(1);
    }

    /// A char literal (`'a'`, `'\n'`, `'é'`), or a lifetime or label (`'a`).
    fn quote(&mut self) {
        if self.peek(1) == Some(b'\\') {
            // The escaped character itself may be a quote (`'\''`).
            self.step(3);
            self.step_while(|b| b != b'\'');
            self.step(1);
            return;
        }
        let width = self.text[self.i + 1..]
            .chars()
            .next()
            .map_or(1, char::len_utf8);
        if self.peek(1 + width) == Some(b'\'') {
            self.step(2 + width);
        } else {
            self.step(1);
            self.step_while(word_byte);
        }
    }

    /// A raw string after its `r`/`br`/`cr`: `"…"`, `#"…"#`, …; false (nothing
    /// consumed) when the hashes are not followed by a quote.
    fn raw_string(&mut self) -> bool {
        let mut hashes = 0;
        while self.peek(hashes) == Some(b'#') {
            hashes += 1;
        }
        if self.peek(hashes) != Some(b'"') {
            return false;
        }
        self.step(hashes + 1);
        while self.i < self.bytes.len() {
            let closes =
                self.peek(0) == Some(b'"') && (1..=hashes).all(|k| self.peek(k) == Some(b'#'));
            if closes {
                self.step(1 + hashes);
                return true;
            }
            self.step(1);
        }
        true
    }
}

/// The span of `item`'s name (the self type of an `impl`).
pub fn name_span(item: &Item) -> proc_macro2::Span {
    match item {
        Item::Struct(s) => s.ident.span(),
        Item::Enum(e) => e.ident.span(),
        Item::Trait(t) => t.ident.span(),
        Item::Fn(f) => f.sig.ident.span(),
        Item::Type(t) => t.ident.span(),
        Item::Const(c) => c.ident.span(),
        Item::Static(s) => s.ident.span(),
        Item::Union(u) => u.ident.span(),
        Item::Impl(i) => match &*i.self_ty {
            syn::Type::Path(p) => p
                .path
                .segments
                .last()
                .map_or_else(|| i.self_ty.span(), |s| s.ident.span()),
            other => other.span(),
        },
        other => other.span(),
    }
}

/// `item`'s name as written (the self type's last segment for an `impl`).
pub fn item_name(item: &Item) -> Option<String> {
    Some(match item {
        Item::Struct(s) => s.ident.to_string(),
        Item::Enum(e) => e.ident.to_string(),
        Item::Trait(t) => t.ident.to_string(),
        Item::Fn(f) => f.sig.ident.to_string(),
        Item::Type(t) => t.ident.to_string(),
        Item::Const(c) => c.ident.to_string(),
        Item::Static(s) => s.ident.to_string(),
        Item::Union(u) => u.ident.to_string(),
        Item::Impl(i) => match &*i.self_ty {
            syn::Type::Path(p) => p.path.segments.last()?.ident.to_string(),
            _ => return None,
        },
        _ => return None,
    })
}

/// Where `item`'s name is (for [`FileScopes::at`]).
pub fn item_position(item: &Item) -> Position {
    let start = name_span(item).start();
    (start.line, start.column)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(src: &str, line: usize, path: &str) -> (String, BTreeSet<String>) {
        let scopes = FileScopes::of_file(src);
        // The first item whose name starts on `line`.
        let file = syn::parse_file(src).unwrap();
        let at = all_items(&file.items)
            .into_iter()
            .map(item_position)
            .find(|(l, _)| *l == line)
            .unwrap_or((line, 0));
        let mut p = match crate::ty::Type::parse(path).unwrap() {
            crate::ty::Type::Path(p) => p,
            other => panic!("{other}"),
        };
        let mut unresolved = BTreeSet::new();
        scopes
            .at(at)
            .resolve(&mut p, &["T".to_owned()], &mut unresolved);
        (p.to_string(), unresolved)
    }

    fn all_items(items: &[Item]) -> Vec<&Item> {
        let mut out = Vec::new();
        for item in items {
            out.push(item);
            if let Item::Mod(m) = item {
                if let Some((_, inner)) = &m.content {
                    out.extend(all_items(inner));
                }
            }
        }
        out
    }

    #[test]
    fn a_module_on_one_line_is_found_by_column() {
        let src = "use a::X; mod m { use b::X; pub struct S; } pub struct T;\n";
        let file = syn::parse_file(src).unwrap();
        let scopes = FileScopes::of_file(src);
        let items = all_items(&file.items);
        let pos = |name: &str| {
            items
                .iter()
                .find(|i| item_name(i).as_deref() == Some(name))
                .map(|i| item_position(i))
                .unwrap()
        };
        let resolved = |at| {
            let mut p = crate::ty::Path::plain(&["X"]);
            scopes.at(at).resolve(&mut p, &[], &mut BTreeSet::new());
            p.to_string()
        };
        assert_eq!(resolved(pos("S")), "b::X");
        assert_eq!(resolved(pos("T")), "a::X");
    }

    #[test]
    fn imports_rename_groups_self_and_params() {
        let src = "use crate::ids::{OrderId, self as ids_mod};\nuse std::collections::HashMap as Map;\nuse crate::T;\nstruct S;\n";
        assert_eq!(resolve(src, 4, "OrderId").0, "crate::ids::OrderId");
        assert_eq!(resolve(src, 4, "ids_mod::Other").0, "crate::ids::Other");
        assert_eq!(
            resolve(src, 4, "Map<u8, OrderId>").0,
            "std::collections::HashMap<u8, OrderId>",
            "arguments are resolved by the caller, segment by segment"
        );
        assert_eq!(
            resolve(src, 4, "T").0,
            "T",
            "a generic parameter shadows an import"
        );
        assert_eq!(resolve(src, 4, "self::OrderId").0, "crate::ids::OrderId");
        assert_eq!(resolve(src, 4, "Unknown").0, "Unknown");
    }

    #[test]
    fn the_innermost_module_decides() {
        let src = "use a::X;\nmod m {\n    use b::X;\n    struct S;\n}\nstruct T;\n";
        assert_eq!(resolve(src, 4, "X").0, "b::X");
        assert_eq!(resolve(src, 6, "X").0, "a::X");
    }

    #[test]
    fn comments_strings_and_twins_do_not_confuse_the_scanner() {
        let src = r##"
// mod fake {
/* mod also_fake { */
const S: &str = "mod nope { {";
const R: &str = r#"mod raw { "#;
const C: char = '{';
fn f<'a>(x: &'a u8) {}
#[cfg(unix)]
mod imp {
    use unix::X;
    struct A;
}
#[cfg(windows)]
mod imp {
    use windows::X;
    struct B;
}
struct Top;
"##;
        assert_eq!(resolve(src, 11, "X").0, "unix::X");
        assert_eq!(resolve(src, 16, "X").0, "windows::X");
        assert_eq!(resolve(src, 18, "X").0, "X");
    }

    #[test]
    fn cfg_twin_imports_of_one_name_stay_as_written() {
        // calloop 0.14: which `platform` the build has is the target's to say.
        let src = "#[cfg(target_os = \"linux\")]\nuse eventfd as platform;\n\
                   #[cfg(not(target_os = \"linux\"))]\nuse pipe as platform;\n\
                   use platform::Ping;\nstruct S;\n";
        assert_eq!(resolve(src, 6, "platform::Ping").0, "platform::Ping");
        assert_eq!(resolve(src, 6, "Ping").0, "platform::Ping");
        // Near misses: twins that agree, and two imports of one name without a cfg
        // (a derive macro and a trait, each in its namespace), still resolve.
        let src = "#[cfg(unix)]\nuse a::X;\n#[cfg(not(unix))]\nuse a::X;\nstruct S;\n";
        assert_eq!(resolve(src, 5, "X").0, "a::X");
        // std's item under two of its names is one item (fnv 1.0.7).
        let src = "#[cfg(feature = \"std\")]\nuse std::hash::H;\n\
                   #[cfg(not(feature = \"std\"))]\nuse core::hash::H;\nstruct S;\n";
        assert_eq!(resolve(src, 5, "H").0, "core::hash::H");
        let src = "use thiserror::Error;\nuse std::error::Error;\nstruct S;\n";
        assert_eq!(resolve(src, 3, "Error").0, "std::error::Error");
    }

    #[test]
    fn a_test_only_import_does_not_shadow_the_library_s() {
        // serde-value 0.7: the library's `Deserialize` is serde's, whichever comes
        // first; a name only the test import brings still resolves through it.
        for src in [
            "use serde::Deserialize;\n#[cfg(test)]\nuse serde_derive::{Deserialize, Serialize};\nstruct S;\n",
            "#[cfg(test)]\nuse serde_derive::{Deserialize, Serialize};\nuse serde::Deserialize;\nstruct S;\n",
        ] {
            let line = src.lines().count();
            assert_eq!(resolve(src, line, "Deserialize").0, "serde::Deserialize", "{src}");
            assert_eq!(resolve(src, line, "Serialize").0, "serde_derive::Serialize");
        }
        let src = "#[cfg(test)]\nuse proptest::prelude::*;\nstruct S;\n";
        assert_eq!(
            resolve(src, 3, "Strategy").0,
            "Strategy",
            "a test glob brings nothing"
        );
    }

    #[test]
    fn only_imports_directly_in_a_module_count() {
        let src = r##"
pub(crate) use a::{
    X,
    inner::Y as Z,
};
#[cfg(test)]
use t::W;
extern crate alloc as heap;
fn f() { use body::V; }
m!(use paren::V;);
m! { use brace::U; }
const Q: [char; 2] = ['\'','{'];
use late::L;
pub fn g<'a>(x: &'a u8) -> impl Sized + use<'a> { x }
type r#use = u8;
impl S { const C: u8 = { use in_impl::T; 0 }; }
struct S;
"##;
        let line = src.lines().count();
        assert_eq!(resolve(src, line, "X").0, "a::X");
        assert_eq!(
            resolve(src, line, "Z").0,
            "a::inner::Y",
            "a group over lines"
        );
        assert_eq!(resolve(src, line, "W").0, "t::W", "cfg'd imports count");
        assert_eq!(resolve(src, line, "heap::Vec").0, "alloc::Vec");
        assert_eq!(
            resolve(src, line, "L").0,
            "late::L",
            "after a quote in a char"
        );
        for local in ["V", "U", "T"] {
            assert_eq!(
                resolve(src, line, local).0,
                local,
                "`{local}` is imported in a block or a macro, not the module"
            );
        }
    }

    #[test]
    fn columns_count_characters_and_lines_count_in_literals() {
        // `é` is two bytes; the module's braces are found by character columns.
        let src = "const E: &str = \"é\nmod no {\"; mod m { use b::X; struct S; } struct T;\n";
        let file = syn::parse_file(src).unwrap();
        let items = all_items(&file.items);
        let scopes = FileScopes::of_file(src);
        for (name, expected) in [("S", "b::X"), ("T", "X")] {
            let item = items
                .iter()
                .find(|i| item_name(i).as_deref() == Some(name))
                .unwrap();
            let mut p = crate::ty::Path::plain(&["X"]);
            scopes
                .at(item_position(item))
                .resolve(&mut p, &[], &mut BTreeSet::new());
            assert_eq!(p.to_string(), expected, "{name}");
        }
    }

    #[test]
    fn globs_make_plain_names_unresolved() {
        let src = "use crate::ids::*;\nstruct S;\n";
        let (p, unresolved) = resolve(src, 2, "OrderId");
        assert_eq!(p, "OrderId");
        assert_eq!(unresolved.into_iter().collect::<Vec<_>>(), ["OrderId"]);
        assert!(resolve(src, 2, "Vec<u8>").1.is_empty());
    }

    /// The attributes above the one at `(line, column)`, as text, and its own.
    fn run_at(src: &str, at: Position) -> Option<(Vec<&str>, &str)> {
        let run = FileScopes::of_file(src).attribute_run(at)?;
        let above = run.above.iter().map(|(r, _)| &src[r.clone()]).collect();
        Some((above, &src[run.this.0]))
    }

    #[test]
    fn an_attribute_run_is_what_is_written_above_an_attribute_on_its_item() {
        let src = "#[derive(Debug)]\n\
                   struct A;\n\
                   #[derive(Serialize)] // a comment\n\
                   /// docs\n\
                   #[serde(rename = \"]\")]\n\
                   #[contract(set = \"s\")]\n\
                   struct B { s: &'static str }\n\
                   const X: &str = r#\"#[not(an, attribute)]\"#;\n\
                   #[cfg_attr(test, derive(Clone), contract(set = \"s\"))]\n\
                   struct C;\n";
        let (above, this) = run_at(src, (6, 0)).expect("the contract attribute");
        assert_eq!(above, ["#[derive(Serialize)]", "#[serde(rename = \"]\")]"]);
        assert_eq!(this, "#[contract(set = \"s\")]");
        // Inside an attribute: that attribute; the first of a run has none above.
        let (above, this) = run_at(src, (9, 33)).expect("inside cfg_attr");
        assert!(above.is_empty());
        assert!(this.starts_with("#[cfg_attr(test"), "{this}");
        assert_eq!(run_at(src, (1, 3)).map(|r| r.0.len()), Some(0));
        // Not in any attribute: an item, a raw string that looks like one.
        assert_eq!(run_at(src, (2, 0)), None);
        assert_eq!(run_at(src, (8, 20)), None);
    }
}
