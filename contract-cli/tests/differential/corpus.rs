//! The corpus: before/after pairs of Rust sources, each with what must be true of it.
//!
//! Three sources feed it: the classifier's cases (`contract-core/tests/common/cases.rs`,
//! sources without attributes: every item gets one here), the trybuild fixtures
//! (`tests/ui/{breaking,additive}`: their own attributes, retargeted), and the pairs of
//! `pairs/` (one per disagreement the suite was built to hold down).
//!
//! Every source uses the literal set name `SET`; the generated crate gives each pair a
//! set of its own.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use contract_core::policy::file;
use contract_core::Policy;
use quote::{quote, ToTokens};
use syn::visit::Visit;

use crate::common::cases::CASES;

/// The golden edit that breaks every stored fingerprint.
pub const FORGE: &str = "forge-fingerprints";

/// The placeholder for the pair's set in every source.
pub const SET: &str = "SET";

/// One before/after pair.
pub struct Pair {
    /// Where it comes from, for messages (`cases.rs #12 field_removed`, …).
    pub origin: String,
    /// The module source before the change (pinned, with `SET`).
    pub before: String,
    /// The module source after the change.
    pub after: String,
    /// The set's policy, written into the generated crate's policy file.
    pub policy: Policy,
    /// Textual edits applied to the golden once written (hand edits).
    pub golden_edits: Vec<(String, String)>,
    /// Where the golden is, relative to the crate, when `golden = "…"` names it.
    pub golden_at: Option<String>,
    /// What must be true beyond the front ends agreeing.
    pub expect: Vec<Expect>,
}

/// An expectation on one pair, beyond agreement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// The harness reports a delta of this kind (with this class and axis when given).
    Has {
        kind: String,
        class: Option<String>,
        axis: Option<String>,
    },
    /// The harness reports no delta of this kind.
    Lacks(String),
    /// The harness's status.
    Status(String),
    /// `cargo check` reports a breaking error of this kind.
    CompileHas(String),
    /// `cargo check` reports an error whose text contains this, and no break.
    CompileSays(String),
    /// The CLI refuses the pair's source: an error naming the after file at this
    /// 1-based line, whose text contains the string. The CLI's verdict for the set is
    /// then not compared (the item registers nothing there).
    CliError { line: usize, text: String },
    /// The harness stops with an error whose text contains this (on both sides: no
    /// golden is written either).
    HarnessSays(String),
}

/// Every pair of the corpus.
pub fn all(repo: &Path) -> Vec<Pair> {
    let mut pairs = cases();
    pairs.extend(ui(&repo.join("tests/ui")));
    pairs.extend(fixtures(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/differential/pairs"),
    ));
    pairs
}

// ---- the classifier's cases ------------------------------------------------------

fn cases() -> Vec<Pair> {
    let mut out = Vec::new();
    for (i, case) in CASES.iter().enumerate() {
        if case.no_families {
            continue; // a diff-engine configuration, not something a crate can say
        }
        if case.only_public_api() {
            // Cargo features and re-exports of other crates' items: public-API sets
            // only, which no attribute pins; the command's reading of them is tested
            // end to end in tests/public_api.rs.
            continue;
        }
        // What only the compiler or the CLI observes, stood for by test-only
        // attributes: shown end to end by their own tests, not expressible here.
        let stand_ins = ["#[observed", "#[impl_in_source", "#[public_path"];
        if stand_ins
            .iter()
            .any(|s| case.before.contains(s) || case.after.contains(s))
        {
            continue;
        }
        let (Some(before), Some(after)) = (pin_all(case.before), pin_all(case.after)) else {
            continue;
        };
        let stubs = stubs(&[case.before, case.after]);
        let kind = case.kind.as_str().to_owned();
        let expect = match case.expect {
            Some((class, axis)) => Expect::Has {
                kind,
                class: Some(class.as_str().to_owned()),
                axis: Some(axis.as_str().to_owned()),
            },
            None => Expect::Lacks(kind),
        };
        out.push(Pair {
            origin: format!(
                "cases.rs #{i} {} {}",
                case.kind,
                if case.expect.is_some() {
                    "(positive)"
                } else {
                    "(near miss)"
                }
            ),
            before: format!("{PRELUDE}{stubs}{before}"),
            after: format!("{PRELUDE}{stubs}{after}"),
            policy: case.policy.policy(),
            golden_edits: Vec::new(),
            golden_at: None,
            expect: vec![expect],
        });
    }
    out
}

/// What the cases' sources may name without defining: brought in by a glob, so a
/// local definition of the same name shadows it instead of clashing.
const PRELUDE: &str = "#[allow(unused_imports)]\nuse crate::prelude::*;\n";

/// Names the prelude (Rust's and the generated crate's) provides.
const KNOWN: &[&str] = &[
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
    "String",
    "Vec",
    "Option",
    "Box",
    "Result",
    "Self",
    "Clone",
    "Copy",
    "Send",
    "Sync",
    "Sized",
    "Unpin",
    "Drop",
    "Fn",
    "FnMut",
    "FnOnce",
    "Default",
    "Eq",
    "PartialEq",
    "Ord",
    "PartialOrd",
    "Iterator",
    "IntoIterator",
    "Extend",
    "AsRef",
    "AsMut",
    "Into",
    "From",
    "ToString",
    "ToOwned",
    "TryFrom",
    "TryInto",
    "Serialize",
    "Deserialize",
    "Debug",
    "Display",
    "Hash",
    "Future",
    "HashMap",
    "BTreeMap",
    "HashSet",
    "BTreeSet",
    "PhantomData",
    "Rc",
    "Arc",
    "Cow",
    "Duration",
];

/// The generated crate's `prelude` module (see [`PRELUDE`]).
pub const PRELUDE_MODULE: &str = "pub mod prelude {\n    pub use serde::{Deserialize, Serialize};\n    \
     pub use std::borrow::Cow;\n    pub use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};\n    \
     pub use std::fmt::{Debug, Display};\n    pub use std::future::Future;\n    \
     pub use std::hash::Hash;\n    pub use std::marker::PhantomData;\n    pub use std::rc::Rc;\n    \
     pub use std::sync::Arc;\n    pub use std::time::Duration;\n}\n";

/// The case's source with `#[contract_pin::contract(set = "SET")]` first on every item
/// the classifier's tests extract (all but `use` and `mod`; inline modules are entered
/// and get the prelude). `None` when the source is not a file syn reads.
fn pin_all(src: &str) -> Option<String> {
    let mut file: syn::File = syn::parse_str(src).ok()?;
    pin_items(&mut file.items);
    Some(file.into_token_stream().to_string() + "\n")
}

fn pin_items(items: &mut Vec<syn::Item>) {
    let attr: syn::Attribute = syn::parse_quote!(#[contract_pin::contract(set = "SET")]);
    // A `macro_rules!` is pinned by `pin_macro!` after it.
    let mut i = 0;
    while i < items.len() {
        if let syn::Item::Macro(syn::ItemMacro {
            ident: Some(name), ..
        }) = &items[i]
        {
            let pin: syn::Item = syn::parse_quote!(contract_pin::pin_macro!(#name, set = "SET"););
            items.insert(i + 1, pin);
            i += 1;
        }
        i += 1;
    }
    for item in items {
        match item {
            syn::Item::Use(_) => {}
            syn::Item::Mod(m) => {
                if let Some((_, inner)) = &mut m.content {
                    pin_items(inner);
                    let prelude: syn::Item = syn::parse_quote!(
                        #[allow(unused_imports)]
                        use crate::prelude::*;
                    );
                    inner.insert(0, prelude);
                }
            }
            other => {
                if let Some(attrs) = attrs_mut(other) {
                    attrs.insert(0, attr.clone());
                }
            }
        }
    }
}

fn attrs_mut(item: &mut syn::Item) -> Option<&mut Vec<syn::Attribute>> {
    Some(match item {
        syn::Item::Const(i) => &mut i.attrs,
        syn::Item::Enum(i) => &mut i.attrs,
        syn::Item::Fn(i) => &mut i.attrs,
        syn::Item::Impl(i) => &mut i.attrs,
        syn::Item::Static(i) => &mut i.attrs,
        syn::Item::Struct(i) => &mut i.attrs,
        syn::Item::Trait(i) => &mut i.attrs,
        syn::Item::Type(i) => &mut i.attrs,
        syn::Item::Union(i) => &mut i.attrs,
        syn::Item::ForeignMod(i) => &mut i.attrs,
        _ => return None,
    })
}

/// Unpinned stand-ins for the types and traits the sources name but do not define
/// (`impl S { … }` with no `S`), so more cases compile. What still does not compile
/// is left out of the run, and counted.
fn stubs(sources: &[&str]) -> String {
    #[derive(Default)]
    struct Names {
        defined: BTreeSet<String>,
        types: BTreeSet<String>,
        traits: BTreeSet<String>,
    }
    impl<'ast> Visit<'ast> for Names {
        fn visit_item_struct(&mut self, i: &'ast syn::ItemStruct) {
            self.defined.insert(i.ident.to_string());
            syn::visit::visit_item_struct(self, i);
        }
        fn visit_item_enum(&mut self, i: &'ast syn::ItemEnum) {
            self.defined.insert(i.ident.to_string());
            syn::visit::visit_item_enum(self, i);
        }
        fn visit_item_trait(&mut self, i: &'ast syn::ItemTrait) {
            self.defined.insert(i.ident.to_string());
            syn::visit::visit_item_trait(self, i);
        }
        fn visit_item_type(&mut self, i: &'ast syn::ItemType) {
            self.defined.insert(i.ident.to_string());
            syn::visit::visit_item_type(self, i);
        }
        fn visit_item_union(&mut self, i: &'ast syn::ItemUnion) {
            self.defined.insert(i.ident.to_string());
            syn::visit::visit_item_union(self, i);
        }
        fn visit_type_param(&mut self, p: &'ast syn::TypeParam) {
            self.defined.insert(p.ident.to_string());
            syn::visit::visit_type_param(self, p);
        }
        fn visit_trait_item_type(&mut self, t: &'ast syn::TraitItemType) {
            self.defined.insert(t.ident.to_string());
            syn::visit::visit_trait_item_type(self, t);
        }
        fn visit_type_path(&mut self, t: &'ast syn::TypePath) {
            if let (None, Some(ident)) = (&t.qself, t.path.get_ident()) {
                self.types.insert(ident.to_string());
            }
            syn::visit::visit_type_path(self, t);
        }
        fn visit_trait_bound(&mut self, b: &'ast syn::TraitBound) {
            if let Some(ident) = b.path.get_ident() {
                self.traits.insert(ident.to_string());
            }
            syn::visit::visit_trait_bound(self, b);
        }
        fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
            if let Some((path, _)) = &i.trait_ {
                if let Some(ident) = path.get_ident() {
                    self.traits.insert(ident.to_string());
                }
            }
            syn::visit::visit_item_impl(self, i);
        }
    }
    let mut names = Names::default();
    for src in sources {
        if let Ok(file) = syn::parse_str::<syn::File>(src) {
            names.visit_file(&file);
        }
    }
    let wanted = |name: &String| {
        !names.defined.contains(name)
            && !KNOWN.contains(&name.as_str())
            && name.starts_with(|c: char| c.is_ascii_uppercase())
    };
    let mut out = String::new();
    for name in names.traits.iter().filter(|n| wanted(n)) {
        out.push_str(&format!("pub trait {name} {{}}\n"));
    }
    for name in names
        .types
        .iter()
        .filter(|n| wanted(n) && !names.traits.contains(*n))
    {
        out.push_str(&format!(
            "#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, \
             Serialize, Deserialize)]\npub struct {name};\n"
        ));
    }
    out
}

// ---- the trybuild fixtures -------------------------------------------------------

fn ui(dir: &Path) -> Vec<Pair> {
    let mut out = Vec::new();
    // The fixtures' sets have the policy trybuild's project gets (tests/ui.rs copies
    // this file there).
    let policies =
        file::parse(&read(&dir.join(file::FILE_NAME))).expect("tests/ui/contract-pin.toml");
    // Every accepted item kind, unchanged: the macro and the scan must extract the
    // same shapes (the harness writes the golden from the first, the CLI reads the
    // second). Its macro-generated item is left out: the scan cannot see it, and says so.
    let kinds = read(&dir.join("pass/every_item_kind.rs"));
    let every_kind = retarget(&kinds).expect("syn reads every_item_kind.rs");
    out.push(Pair {
        origin: "tests/ui/pass/every_item_kind.rs (unchanged)".to_owned(),
        before: every_kind.clone(),
        after: every_kind,
        policy: policies.policy(&fixture_set(&kinds)),
        golden_edits: Vec::new(),
        golden_at: None,
        expect: vec![Expect::Status("match".to_owned())],
    });
    for category in ["breaking", "additive"] {
        for before in files(&dir.join(category), "before") {
            let after = before.with_extension("rs");
            // `kind.rs`, or `kind.variant.rs` for another shape of the same kind (its
            // error may be the compiler's own: see `generated::parse_break`).
            let stem = before.file_stem().unwrap().to_string_lossy().into_owned();
            let kind = stem.split('.').next().unwrap_or_default().to_owned();
            let before_src = read(&before);
            let (Some(b), Some(a)) = (retarget(&before_src), retarget(&read(&after))) else {
                panic!("{}: syn cannot read the fixture", before.display());
            };
            let mut expect = Vec::new();
            if category == "breaking" {
                expect.push(Expect::Has {
                    kind: kind.clone(),
                    class: Some("breaking".to_owned()),
                    axis: None,
                });
                expect.push(Expect::CompileHas(kind));
            } else {
                expect.push(Expect::Status("additive".to_owned()));
                expect.push(Expect::Has {
                    kind,
                    class: Some("additive".to_owned()),
                    axis: None,
                });
            }
            out.push(Pair {
                origin: format!(
                    "tests/ui/{category}/{}",
                    after.file_name().unwrap().to_string_lossy()
                ),
                before: b,
                after: a,
                policy: policies.policy(&fixture_set(&before_src)),
                golden_edits: Vec::new(),
                golden_at: None,
                expect,
            });
        }
    }
    out
}

/// A fixture as a module of the generated crate: without `fn main`, the shared
/// support module and inner attributes; every contract attribute in set `SET`
/// without its `golden = "…"`.
fn retarget(src: &str) -> Option<String> {
    let mut file: syn::File = syn::parse_str(src).ok()?;
    file.attrs.clear();
    file.items.retain(|item| match item {
        syn::Item::Fn(f) => f.sig.ident != "main",
        syn::Item::Mod(m) => m.ident != "support",
        // Macro-generated pins and the path macros (written for a crate root).
        syn::Item::Macro(_) => false,
        _ => true,
    });
    retarget_items(&mut file.items)?;
    Some(quote!(#file).to_string() + "\n")
}

/// Every contract attribute of `items` and of the inline modules among them, in set
/// `SET`, without its `golden = "…"`.
fn retarget_items(items: &mut [syn::Item]) -> Option<()> {
    for item in items {
        if let syn::Item::Mod(m) = item {
            if let Some((_, inner)) = &mut m.content {
                retarget_items(inner)?;
            }
        }
        if let Some(attrs) = attrs_mut(item) {
            for attr in attrs.iter_mut() {
                let last = attr.path().segments.last().map(|s| s.ident.to_string());
                if !matches!(last.as_deref(), Some("contract" | "phase5_contract")) {
                    continue;
                }
                let args: Vec<syn::Meta> = match &attr.meta {
                    syn::Meta::List(list) => list
                        .parse_args_with(
                            syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
                        )
                        .ok()?
                        .into_iter()
                        .filter(|m| !m.path().is_ident("golden") && !m.path().is_ident("set"))
                        .map(in_pair_module)
                        .collect(),
                    _ => Vec::new(),
                };
                *attr = syn::parse_quote!(#[contract_pin::contract(set = "SET" #(, #args)*)]);
            }
        }
    }
    Some(())
}

/// `path = "crate::x::Y"` as the pair's module sees it: `crate::SET::x::Y` (the
/// generated crate puts each pair in a module named after its set).
fn in_pair_module(meta: syn::Meta) -> syn::Meta {
    if let syn::Meta::NameValue(nv) = &meta {
        if nv.path.is_ident("path") {
            if let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
            {
                let value = s.value().replacen("crate::", &format!("crate::{SET}::"), 1);
                return syn::parse_quote!(path = #value);
            }
        }
    }
    meta
}

/// The set a fixture pins in (`set = "…"` of its first contract attribute).
fn fixture_set(src: &str) -> String {
    let at = src.find("set = \"").expect("a fixture names its set") + "set = \"".len();
    src[at..].split('"').next().unwrap_or_default().to_owned()
}

/// The `// policy: KEY = VALUE` lines of a pair (policy-file TOML, one key a line)
/// as the pair's set's policy.
fn policy_lines(src: &str) -> Policy {
    let mut table = String::from("[set.pair]\n");
    for line in src.lines() {
        if let Some(toml) = line.trim().strip_prefix("// policy:") {
            table.push_str(toml.trim());
            table.push('\n');
        }
    }
    file::parse(&table)
        .unwrap_or_else(|e| panic!("{}\n{table}", e.located("policy lines")))
        .policy("pair")
}

// ---- the pairs written for this suite ----------------------------------------------

/// `pairs/<name>.before` and `pairs/<name>.after`, used verbatim (line numbers are
/// kept: expectations name lines). Directives are comments in the `.after` file:
///
/// - `// policy: KEY = VALUE` — a key of the set's table in the policy file (as
///   `wire_format = "positional"`), over the defaults;
/// - `// golden-edit: FROM => TO` — a hand edit of the written golden's text;
/// - `// golden-edit: forge-fingerprints` — every stored fingerprint no longer matches
///   its shape, as after a hand edit of the shapes (whatever their encoding);
/// - `// golden-at: PATH` — the golden `golden = "…"` names, relative to the crate;
/// - `// expect: has KIND [CLASS [AXIS]]`, `lacks KIND`, `status STATUS`,
///   `compile-has KIND`, `compile-says TEXT`, `cli-error LINE TEXT`,
///   `harness-says TEXT`.
fn fixtures(dir: &Path) -> Vec<Pair> {
    let mut out = Vec::new();
    for before in files(dir, "before") {
        let after = before.with_extension("after");
        let after_src = read(&after);
        let mut expect = Vec::new();
        let mut golden_edits = Vec::new();
        let mut golden_at = None;
        for line in after_src.lines() {
            let line = line.trim();
            if let Some(path) = line.strip_prefix("// golden-at:") {
                golden_at = Some(path.trim().to_owned());
            }
            if let Some(edit) = line.strip_prefix("// golden-edit:") {
                let edit = match edit.trim() {
                    FORGE => (FORGE.to_owned(), String::new()),
                    edit => {
                        let (from, to) = edit.split_once(" => ").expect("golden-edit: FROM => TO");
                        (from.trim().to_owned(), to.trim().to_owned())
                    }
                };
                golden_edits.push(edit);
            }
            let Some(rest) = line.strip_prefix("// expect:") else {
                continue;
            };
            let words: Vec<&str> = rest.split_whitespace().collect();
            let text = |from: usize| words[from..].join(" ");
            expect.push(match words.as_slice() {
                ["has", kind, more @ ..] => Expect::Has {
                    kind: (*kind).to_owned(),
                    class: more.first().map(|s| (*s).to_owned()),
                    axis: more.get(1).map(|s| (*s).to_owned()),
                },
                ["lacks", kind] => Expect::Lacks((*kind).to_owned()),
                ["status", status] => Expect::Status((*status).to_owned()),
                ["compile-has", kind] => Expect::CompileHas((*kind).to_owned()),
                ["compile-says", ..] => Expect::CompileSays(text(1)),
                ["harness-says", ..] => Expect::HarnessSays(text(1)),
                ["cli-error", line, ..] => Expect::CliError {
                    line: line.parse().expect("cli-error LINE TEXT"),
                    text: text(2),
                },
                _ => panic!("{}: unknown directive `{line}`", after.display()),
            });
        }
        assert!(
            !expect.is_empty(),
            "{}: no `// expect:` line",
            after.display()
        );
        out.push(Pair {
            origin: format!(
                "contract-cli/tests/differential/pairs/{}",
                after.file_name().unwrap().to_string_lossy()
            ),
            before: read(&before),
            after: after_src.clone(),
            policy: policy_lines(&after_src),
            golden_edits,
            golden_at,
            expect,
        });
    }
    out
}

fn files(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == extension))
        .collect();
    out.sort();
    out
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
