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

    /// Adds the imports of `items` (e.g. the `use` items of a function body).
    pub fn add<'a>(&mut self, items: impl IntoIterator<Item = &'a Item>) {
        for item in items {
            match item {
                Item::Use(u) => {
                    let prefix = Path {
                        global: u.leading_colon.is_some(),
                        segments: Vec::new(),
                    };
                    self.tree(&u.tree, prefix);
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
                _ => {}
            }
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
        let mut used = false;
        for _ in 0..4 {
            if path.global || path.segments.is_empty() {
                break;
            }
            let first = &path.segments[0];
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
        if !self.substitute(path) && !self.globs.is_empty() && !WELL_KNOWN.contains(&first.as_str())
        {
            unresolved.insert(first);
        }
    }
}

/// Where an inline module is: the names of the inline `mod`s around it, outermost
/// first, each with its position among same-named siblings (`#[cfg]`'d twins).
pub type ModulePath = Vec<(String, usize)>;

/// The scopes of every module of one source file, and which module each line is in.
///
/// Lines are found by a small scanner of the file's text (comments, strings, raw
/// strings and char literals skipped, braces counted), not by token spans: inside a
/// proc macro, tokens parsed from a string carry no line numbers, and the macro and
/// the CLI must find the same module for the same line.
#[derive(Clone, Debug, Default)]
pub struct FileScopes {
    /// For each line (index = line - 1), the index of its module in `modules`.
    by_line: Vec<usize>,
    /// Module paths and their scopes; index 0 is the file's top level.
    modules: Vec<(ModulePath, Scope)>,
}

impl FileScopes {
    /// Reads a whole source file; a file that does not parse has empty scopes.
    pub fn of_file(text: &str) -> FileScopes {
        match syn::parse_file(text) {
            Ok(file) => FileScopes::of_parsed(text, &file),
            Err(_) => FileScopes::default(),
        }
    }

    /// [`FileScopes::of_file`] of a file already parsed.
    pub fn of_parsed(text: &str, file: &syn::File) -> FileScopes {
        let mut modules = vec![(Vec::new(), Scope::of_module(&file.items))];
        collect_modules(&file.items, &mut Vec::new(), &mut modules);
        let by_line = enclosing_modules(text)
            .into_iter()
            .map(|path| modules.iter().position(|(p, _)| *p == path).unwrap_or(0))
            .collect();
        FileScopes { by_line, modules }
    }

    /// The inline modules (name, ordinal among same-named siblings) that `line`
    /// (1-based) is in; none for the file's top level or a line it does not have.
    pub fn module_path(&self, line: usize) -> &[(String, usize)] {
        match line.checked_sub(1).and_then(|i| self.by_line.get(i)) {
            Some(&m) => &self.modules[m].0,
            None => &[],
        }
    }

    /// The scope of the module that `line` (1-based) is in; the empty scope for a line
    /// the file does not have.
    pub fn at(&self, line: usize) -> &Scope {
        static EMPTY: Scope = Scope {
            imports: BTreeMap::new(),
            globs: Vec::new(),
            macro_use: false,
        };
        match line.checked_sub(1).and_then(|i| self.by_line.get(i)) {
            Some(&m) => &self.modules[m].1,
            None => &EMPTY,
        }
    }
}

fn collect_modules(items: &[Item], path: &mut ModulePath, out: &mut Vec<(ModulePath, Scope)>) {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for item in items {
        let Item::Mod(m) = item else {
            continue;
        };
        let name = m.ident.to_string();
        let ordinal = seen.entry(name.clone()).or_default();
        let at = *ordinal;
        *ordinal += 1;
        if let Some((_, inner)) = &m.content {
            path.push((name, at));
            out.push((path.clone(), Scope::of_module(inner)));
            collect_modules(inner, path, out);
            path.pop();
        }
    }
}

/// For each line of `text`, the inline modules open at its start. A `mod name {`
/// opens one; its matching `}` closes it.
fn enclosing_modules(text: &str) -> Vec<ModulePath> {
    /// One open brace: the module it opened, if any, and the ordinals of the
    /// modules seen directly inside it.
    struct Open {
        module: Option<(String, usize)>,
        seen: BTreeMap<String, usize>,
    }
    let mut stack: Vec<Open> = vec![Open {
        module: None,
        seen: BTreeMap::new(),
    }];
    let path =
        |stack: &[Open]| -> ModulePath { stack.iter().filter_map(|o| o.module.clone()).collect() };
    let mut lines = vec![Vec::new()];
    let chars: Vec<char> = text.chars().collect();
    // The last two words, to recognise `mod name {`.
    let mut words: [String; 2] = [String::new(), String::new()];
    let mut i = 0;
    let word_char = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                lines.push(path(&stack));
                i += 1;
                continue;
            }
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '/' if chars.get(i + 1) == Some(&'*') => {
                let mut depth = 0;
                while i < chars.len() {
                    if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        if chars[i] == '\n' {
                            lines.push(path(&stack));
                        }
                        i += 1;
                    }
                }
                words = [String::new(), String::new()];
                continue;
            }
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    if chars.get(i) == Some(&'\n') {
                        lines.push(path(&stack));
                    }
                    i += 1;
                }
                i += 1;
                words = [String::new(), String::new()];
                continue;
            }
            '\'' => {
                // A char literal (`'a'`, `'\n'`), or a lifetime (`'a`).
                if chars.get(i + 1) == Some(&'\\') {
                    i += 2;
                    while i < chars.len() && chars[i] != '\'' {
                        i += 1;
                    }
                    i += 1;
                } else if chars.get(i + 2) == Some(&'\'') {
                    i += 3;
                } else {
                    i += 1;
                    while i < chars.len() && word_char(chars[i]) {
                        i += 1;
                    }
                }
                words = [String::new(), String::new()];
                continue;
            }
            '{' => {
                let module = (words[0] == "mod" && !words[1].is_empty()).then(|| {
                    let seen = &mut stack
                        .last_mut()
                        .expect("the file level is never popped")
                        .seen;
                    let ordinal = seen.entry(words[1].clone()).or_default();
                    let at = *ordinal;
                    *ordinal += 1;
                    (words[1].clone(), at)
                });
                stack.push(Open {
                    module,
                    seen: BTreeMap::new(),
                });
                words = [String::new(), String::new()];
            }
            '}' => {
                if stack.len() > 1 {
                    stack.pop();
                }
                words = [String::new(), String::new()];
            }
            c if word_char(c) => {
                let start = i;
                while i < chars.len() && word_char(chars[i]) {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                // A raw string: `r"…"`, `r#"…"#`, `br#"…"#`, `cr"…"`.
                if matches!(word.as_str(), "r" | "br" | "cr")
                    && matches!(chars.get(i), Some('"') | Some('#'))
                {
                    let mut hashes = 0;
                    while chars.get(i) == Some(&'#') {
                        hashes += 1;
                        i += 1;
                    }
                    if chars.get(i) == Some(&'"') {
                        i += 1;
                        loop {
                            match chars.get(i) {
                                None => break,
                                Some('"')
                                    if (0..hashes).all(|k| chars.get(i + 1 + k) == Some(&'#')) =>
                                {
                                    i += 1 + hashes;
                                    break;
                                }
                                Some('\n') => lines.push(path(&stack)),
                                _ => {}
                            }
                            i += 1;
                        }
                    }
                    words = [String::new(), String::new()];
                    continue;
                }
                words = [std::mem::take(&mut words[1]), word];
                // `words[0]` is the one before: shift so `words` = [previous, this].
                continue;
            }
            c if c.is_whitespace() => {}
            _ => words = [String::new(), String::new()],
        }
        i += 1;
    }
    lines
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

/// The 1-based line of `item`'s name.
pub fn item_line(item: &Item) -> usize {
    name_span(item).start().line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(src: &str, line: usize, path: &str) -> (String, BTreeSet<String>) {
        let scopes = FileScopes::of_file(src);
        let mut p = match crate::ty::Type::parse(path).unwrap() {
            crate::ty::Type::Path(p) => p,
            other => panic!("{other}"),
        };
        let mut unresolved = BTreeSet::new();
        scopes
            .at(line)
            .resolve(&mut p, &["T".to_owned()], &mut unresolved);
        (p.to_string(), unresolved)
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
    fn globs_make_plain_names_unresolved() {
        let src = "use crate::ids::*;\nstruct S;\n";
        let (p, unresolved) = resolve(src, 2, "OrderId");
        assert_eq!(p, "OrderId");
        assert_eq!(unresolved.into_iter().collect::<Vec<_>>(), ["OrderId"]);
        assert!(resolve(src, 2, "Vec<u8>").1.is_empty());
    }
}
