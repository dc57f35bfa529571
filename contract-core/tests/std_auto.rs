//! std's auto-trait table (`src/auto/std_table.rs`) is std's: the table is generated
//! from the toolchain's own documentation of std (`<sysroot>/share/doc/rust/html/std`,
//! the `rust-docs` component: every stable, target-independent struct, enum and union
//! rustdoc documents, with the impls of `Send`, `Sync`, `Unpin`, `UnwindSafe` and
//! `RefUnwindSafe` its pages list, explicit and auto-derived), and every entry whose
//! parameters can be instantiated freely is compiled here, twice: with every parameter
//! `()` (which has all five traits) and with every parameter a type that has none. The
//! test fails when the committed table differs from what the documentation says;
//! `CONTRACT_PIN_BLESS=1` rewrites it (do that when a new toolchain changes it, and
//! commit it).

use std::collections::BTreeSet;
use std::path::Path;

use contract_core::auto::AUTO_TRAITS;
use contract_core::probed::ProbedTrait;

mod toolchain;
use toolchain::std_docs;

const TABLE: &str = "src/auto/std_table.rs";

/// An entry as `contract_core::auto::std_table_rows` renders it: path, parameters
/// with their defaults, and each auto trait's condition as the table's source
/// writes it.
type Row = (String, Vec<(String, Option<String>)>, [String; 5]);

/// Whether the page's own item (or module) is unstable: the `stab unstable` note
/// rustdoc puts between the main heading (with the declaration) and the item's
/// documentation. Notes further down belong to methods, fields or impls.
fn unstable(html: &str) -> bool {
    let start = html.find("<div class=\"main-heading\">").unwrap_or(0);
    let rest = &html[start..];
    let end = ["<details class=\"toggle top-doc\"", "<h2 "]
        .iter()
        .filter_map(|m| rest.find(m))
        .min()
        .unwrap_or(rest.len());
    rest[..end].contains("class=\"stab unstable\"")
}

fn redirect(html: &str) -> Option<&str> {
    if !html.contains("http-equiv=\"refresh\"") {
        return None;
    }
    let url = html.split("URL=").nth(1)?;
    url.split('"').next()
}

/// Whether the walk reads module `name` (at `dir`): not a target-specific one (what
/// it holds differs between targets), not a private one (rustdoc keeps only redirects
/// to where its items are public), not an unstable one (it cannot be named on stable).
fn stable_module(name: &str, dir: &Path) -> bool {
    if matches!(name, "os" | "arch" | "simd") {
        return false;
    }
    std::fs::read_to_string(dir.join("index.html"))
        .is_ok_and(|index| redirect(&index).is_none() && !unstable(&index))
}

/// An HTML fragment of code as Rust source, each link to a type or trait written as
/// the full path its title names (`title="struct std::io::Error"`).
fn code_text(mut code: &str) -> String {
    let mut out = String::new();
    while let Some(lt) = code.find('<') {
        out.push_str(&code[..lt]);
        let Some(gt) = code[lt..].find('>').map(|g| lt + g) else {
            break;
        };
        let tag = &code[lt..=gt];
        code = &code[gt + 1..];
        if tag.starts_with("<div") || tag.starts_with("<br") {
            // `…&gt;<div class="where">where`: a space where the layout breaks.
            out.push(' ');
        }
        if tag.starts_with("<summary") {
            // A long body's toggle (`Show 41 variants`): not code.
            let close = code.find("</summary>").map_or(code.len(), |c| c + 10);
            code = &code[close..];
            continue;
        }
        if !tag.starts_with("<a ") {
            continue;
        }
        let close = code.find("</a>").unwrap_or(code.len());
        let text = &code[..close];
        code = &code[(close + 4).min(code.len())..];
        let titled = tag
            .split("title=\"")
            .nth(1)
            .and_then(|t| t.split('"').next())
            .and_then(|t| t.split_once(' '));
        match titled {
            Some(("struct" | "enum" | "union" | "trait", path)) => out.push_str(path),
            // Associated types, primitives, aliases: as written.
            _ => out.push_str(text),
        }
    }
    out.push_str(code);
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#39;", "'")
        .replace("&quot;", "\"")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&")
}

/// A condition, as the generator computes it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Cond {
    Yes,
    No,
    When(Vec<(u8, ProbedTrait)>),
    Unknown(&'static str),
}

impl Cond {
    fn source(&self) -> String {
        match self {
            Cond::Yes => "Yes".to_owned(),
            Cond::No => "No".to_owned(),
            Cond::Unknown(_) => "Unknown".to_owned(),
            Cond::When(w) => {
                let parts: Vec<String> = w
                    .iter()
                    .map(|(i, t)| format!("({i}, {})", t.name()))
                    .collect();
                format!("When(&[{}])", parts.join(", "))
            }
        }
    }

    /// The table's text back (`When(&[(0, Send), (1, Sync)])`).
    fn parse(s: &str) -> Cond {
        match s {
            "Yes" => Cond::Yes,
            "No" => Cond::No,
            "Unknown" => Cond::Unknown("table"),
            _ => {
                let inner = s
                    .strip_prefix("When(&[")
                    .and_then(|s| s.strip_suffix("])"))
                    .unwrap_or_else(|| panic!("a condition: {s}"));
                let pairs = inner
                    .split("), (")
                    .map(|p| {
                        let p = p.trim_matches(|c| c == '(' || c == ')');
                        let (i, t) = p.split_once(", ").expect("(index, trait)");
                        (
                            i.parse().expect("an index"),
                            ProbedTrait::parse(t).expect("a trait"),
                        )
                    })
                    .collect();
                Cond::When(pairs)
            }
        }
    }
}

/// The auto traits' paths, as the documentation's links name them.
const AUTO_PATHS: [&str; 5] = [
    "std::marker::Send",
    "std::marker::Sync",
    "std::marker::Unpin",
    "std::panic::UnwindSafe",
    "std::panic::RefUnwindSafe",
];

fn auto_trait(path: &syn::Path) -> Option<ProbedTrait> {
    let last = path.segments.last()?;
    let t = ProbedTrait::parse(&last.ident.to_string())?;
    AUTO_TRAITS.contains(&t).then_some(t)
}

/// A plain type parameter (`T`), as a where clause's left side or a type argument.
fn plain_ident(ty: &syn::Type) -> Option<&syn::Ident> {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => p.path.get_ident(),
        _ => None,
    }
}

/// The traits a declaration bounds each of its type parameters by (last segments).
type DeclBounds = Vec<BTreeSet<String>>;

fn trait_names<'a>(bounds: impl IntoIterator<Item = &'a syn::TypeParamBound>) -> Vec<String> {
    bounds
        .into_iter()
        .filter_map(|b| match b {
            syn::TypeParamBound::Trait(t) => t.path.segments.last().map(|s| s.ident.to_string()),
            _ => None,
        })
        .collect()
}

/// What one impl header says of its auto trait, for a type whose declaration bounds
/// its type parameters by `decl` (one set a parameter).
fn impl_cond(imp: &syn::ItemImpl, decl: &DeclBounds) -> Cond {
    let n_params = decl.len();
    let negative = imp.trait_.is_some() && imp.modifiers.polarity.is_some();
    let types: Vec<&syn::TypeParam> = imp.generics.type_params().collect();
    let consts: Vec<&syn::Ident> = imp.generics.const_params().map(|c| &c.ident).collect();
    let syn::Type::Path(self_ty) = &*imp.self_ty else {
        return Cond::Unknown("self type not a path");
    };
    let Some(last) = self_ty.path.segments.last() else {
        return Cond::Unknown("self type not a path");
    };
    // The position, among the type's parameters, of each of the impl's.
    let mut position: Vec<Option<u8>> = vec![None; types.len()];
    let mut n = 0;
    if let syn::PathArguments::AngleBracketed(args) = &last.arguments {
        for arg in &args.args {
            match arg {
                syn::GenericArgument::Lifetime(_) => {}
                syn::GenericArgument::Type(ty) => {
                    let Some(ident) = plain_ident(ty) else {
                        return Cond::Unknown("impl for some instances");
                    };
                    if consts.contains(&ident) {
                        continue;
                    }
                    let Some(i) = types.iter().position(|t| t.ident == *ident) else {
                        return Cond::Unknown("impl for some instances");
                    };
                    if position[i].is_some() {
                        return Cond::Unknown("impl for some instances");
                    }
                    position[i] = Some(n);
                    n += 1;
                }
                _ => return Cond::Unknown("impl for some instances"),
            }
        }
    } else if !matches!(last.arguments, syn::PathArguments::None) {
        return Cond::Unknown("self type not a path");
    }
    if usize::from(n) != n_params || position.iter().any(Option::is_none) {
        return Cond::Unknown("impl for some instances");
    }
    if negative {
        return Cond::No;
    }
    let mut when = Vec::new();
    // A bound other than an auto trait is met by every instance only when the
    // declaration makes it too (`A: Allocator`); else the impl covers some instances.
    let mut beyond = false;
    let mut bound = |i: u8, bounds: &syn::punctuated::Punctuated<syn::TypeParamBound, _>| {
        for b in bounds {
            if let syn::TypeParamBound::Trait(t) = b {
                if t.maybe.is_none() {
                    if let Some(t) = auto_trait(&t.path) {
                        when.push((i, t));
                    } else if let Some(name) = t.path.segments.last().map(|s| s.ident.to_string()) {
                        beyond |= name != "Sized" && !decl[usize::from(i)].contains(&name);
                    }
                }
            }
        }
    };
    for (t, pos) in types.iter().zip(&position) {
        bound(pos.expect("mapped above"), &t.bounds);
    }
    for pred in imp.generics.where_clause.iter().flat_map(|w| &w.predicates) {
        match pred {
            syn::WherePredicate::Type(p) => {
                let Some(i) = plain_ident(&p.bounded_ty)
                    .and_then(|id| types.iter().position(|t| t.ident == *id))
                else {
                    return Cond::Unknown("where clause on a projection or compound type");
                };
                bound(position[i].expect("mapped above"), &p.bounds);
            }
            syn::WherePredicate::Lifetime(_) => {}
            _ => return Cond::Unknown("where clause beyond the model"),
        }
    }
    if beyond {
        return Cond::Unknown("a bound the declaration does not make");
    }
    let order = |t: &ProbedTrait| AUTO_TRAITS.iter().position(|a| a == t);
    when.sort_by_key(|(i, t)| (*i, order(t)));
    when.dedup();
    if when.is_empty() {
        Cond::Yes
    } else {
        Cond::When(when)
    }
}

/// A generic parameter of a declaration, as the proof instantiates it.
#[derive(Clone, Debug)]
enum Param {
    Lifetime,
    /// A type parameter: whether it has a default (left defaulted) and whether its
    /// declaration bounds it only by `?Sized`, `Sized` and lifetimes.
    Type {
        defaulted: bool,
        free: bool,
    },
    /// A const parameter, with a value of its type when it has a simple one.
    Const(Option<&'static str>),
}

/// One documented type: its row and, for the proof, its generic parameters.
#[derive(Debug)]
struct Item {
    row: Row,
    /// Unstable: in the table only as a stable type's default, never named.
    unstable: bool,
    generics: Vec<Param>,
    /// Why conditions are `Unknown`, per trait.
    why: [Option<&'static str>; 5],
}

fn type_text(ty: &syn::Type) -> String {
    // Tokens as text, with the spaces `quote` puts between every two tokens taken out
    // where Rust writes none (`fn () -> T` → `fn() -> T`).
    let raw = quote::quote!(#ty).to_string();
    let mut out = String::new();
    let chars: Vec<char> = raw.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c == ' ' {
            let before = chars[..i].iter().rev().find(|c| **c != ' ');
            let after = chars.get(i + 1);
            let word = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric() || *c == '_');
            let keep = (word(before) && word(after))
                || after == Some(&'-')
                || (i >= 2 && chars[i - 2..i] == ['-', '>'])
                || before == Some(&',');
            if !keep {
                continue;
            }
        }
        out.push(c);
    }
    out
}

fn declaration(html: &str) -> Option<String> {
    const OPEN: &str = "<pre class=\"rust item-decl\"><code>";
    let start = html.find(OPEN)? + OPEN.len();
    let end = start + html[start..].find("</code></pre>")?;
    Some(code_text(&html[start..end]))
}

/// The impl headers of a page's trait implementations, explicit and auto-derived.
fn impl_headers(html: &str) -> Vec<String> {
    let start = [
        "id=\"trait-implementations-list\"",
        "id=\"synthetic-implementations-list\"",
    ]
    .iter()
    .filter_map(|m| html.find(m))
    .min();
    let Some(start) = start else {
        return Vec::new();
    };
    let rest = &html[start..];
    let rest = &rest[..rest
        .find("id=\"blanket-implementations-list\"")
        .unwrap_or(rest.len())];
    const OPEN: &str = "<h3 class=\"code-header\">";
    rest.split(OPEN)
        .skip(1)
        .filter_map(|h| h.split("</h3>").next())
        .map(code_text)
        .collect()
}

fn const_value(ty: &syn::Type) -> Option<&'static str> {
    let ident = plain_ident(ty)?.to_string();
    match ident.as_str() {
        "usize" | "u8" | "u16" | "u32" | "u64" | "u128" | "isize" | "i8" | "i16" | "i32"
        | "i64" | "i128" => Some("0"),
        "bool" => Some("false"),
        "char" => Some("'a'"),
        _ => None,
    }
}

/// A bound the proof's instantiations meet: `?Sized`, `Sized`, a lifetime.
fn free_bounds<'a>(bounds: impl IntoIterator<Item = &'a syn::TypeParamBound>) -> bool {
    bounds.into_iter().all(|b| match b {
        syn::TypeParamBound::Trait(t) => {
            t.path.is_ident("Sized") || t.path.segments.last().is_some_and(|s| s.ident == "Sized")
        }
        syn::TypeParamBound::Lifetime(_) => true,
        _ => false,
    })
}

/// The entry of one page (followed through a redirect); `None` for an unstable item
/// unless `unstable_too`.
fn item(path: &str, page: &Path, unstable_too: bool) -> Option<Item> {
    let mut html = std::fs::read_to_string(page).expect("read an item page");
    if let Some(url) = redirect(&html) {
        let target = page.parent().expect("a page's directory").join(url);
        html = std::fs::read_to_string(&target)
            .unwrap_or_else(|e| panic!("{path}: redirect to {}: {e}", target.display()));
    }
    let is_unstable = unstable(&html);
    if is_unstable && !unstable_too {
        return None;
    }
    let decl = declaration(&html).unwrap_or_else(|| panic!("{path}: no declaration"));
    let decl: syn::DeriveInput =
        syn::parse_str(&decl).unwrap_or_else(|e| panic!("{path}: {e}: {decl}"));
    let name = decl.ident.to_string();
    let mut params = Vec::new();
    let mut decl_bounds: DeclBounds = Vec::new();
    let mut generics = Vec::new();
    let where_free = |ident: &syn::Ident| {
        decl.generics
            .where_clause
            .iter()
            .flat_map(|w| &w.predicates)
            .all(|p| match p {
                syn::WherePredicate::Type(p) => {
                    plain_ident(&p.bounded_ty) != Some(ident) || free_bounds(&p.bounds)
                }
                _ => true,
            })
    };
    // A where clause on anything but a parameter (`[T; N]: Trait`) binds them all.
    let odd_where = decl
        .generics
        .where_clause
        .iter()
        .flat_map(|w| &w.predicates)
        .any(|p| match p {
            syn::WherePredicate::Type(p) => plain_ident(&p.bounded_ty).is_none(),
            syn::WherePredicate::Lifetime(_) => false,
            _ => true,
        });
    for p in &decl.generics.params {
        match p {
            syn::GenericParam::Lifetime(_) => generics.push(Param::Lifetime),
            syn::GenericParam::Type(t) => {
                let mut names: BTreeSet<String> = trait_names(&t.bounds).into_iter().collect();
                for p in decl
                    .generics
                    .where_clause
                    .iter()
                    .flat_map(|w| &w.predicates)
                {
                    if let syn::WherePredicate::Type(p) = p {
                        if plain_ident(&p.bounded_ty) == Some(&t.ident) {
                            names.extend(trait_names(&p.bounds));
                        }
                    }
                }
                decl_bounds.push(names);
                params.push((
                    t.ident.to_string(),
                    t.default.as_ref().map(|(_, d)| type_text(d)),
                ));
                generics.push(Param::Type {
                    defaulted: t.default.is_some(),
                    free: !odd_where && free_bounds(&t.bounds) && where_free(&t.ident),
                });
            }
            syn::GenericParam::Const(c) => generics.push(Param::Const(const_value(&c.ty))),
        }
    }
    let mut impls: [Vec<Cond>; 5] = Default::default();
    for header in impl_headers(&html) {
        let imp: syn::ItemImpl = match syn::parse_str(&format!("{header} {{}}")) {
            Ok(imp) => imp,
            // Only an auto trait's impl must be read.
            Err(e) if AUTO_PATHS.iter().any(|t| header.contains(t)) => {
                panic!("{path}: {e}: {header}")
            }
            Err(_) => continue,
        };
        let Some((trait_, _)) = &imp.trait_ else {
            continue;
        };
        let Some(t) = auto_trait(trait_) else {
            continue;
        };
        let syn::Type::Path(self_ty) = &*imp.self_ty else {
            continue;
        };
        if self_ty.path.segments.last().is_none_or(|s| s.ident != name) {
            continue;
        }
        let k = AUTO_TRAITS
            .iter()
            .position(|a| *a == t)
            .expect("an auto trait");
        impls[k].push(impl_cond(&imp, &decl_bounds));
    }
    let mut why = [None; 5];
    let traits = std::array::from_fn(|k| {
        let cond = match impls[k].as_slice() {
            [] => Cond::Unknown("no impl documented"),
            [one] => one.clone(),
            _ => Cond::Unknown("more than one impl"),
        };
        if let Cond::Unknown(w) = cond {
            why[k] = Some(w);
        }
        cond.source()
    });
    Some(Item {
        unstable: is_unstable,
        row: (path.to_owned(), params, traits),
        generics,
        why,
    })
}

fn generate(docs: &Path) -> Vec<Item> {
    let mut pages = Vec::new();
    let kinds = ["struct", "enum", "union"];
    toolchain::pages(docs, "std", &kinds, &stable_module, &mut pages);
    let mut out: Vec<Item> = pages
        .iter()
        .filter_map(|(path, page)| item(path, page, false))
        .collect();
    // An unstable type that is a stable one's default (`A = std::alloc::Global`): a
    // type written without that argument has it, so its auto traits count.
    let defaults: std::collections::BTreeSet<String> = out
        .iter()
        .flat_map(|i| &i.row.1)
        .filter_map(|(_, d)| d.clone())
        .collect();
    for default in defaults {
        if out.iter().any(|i| i.row.0 == default) {
            continue;
        }
        if let Some((path, page)) = pages.iter().find(|(p, _)| *p == default) {
            out.extend(item(path, page, true));
        }
    }
    out.sort_by(|a, b| a.row.0.cmp(&b.row.0));
    out
}

fn source(table: &[Item]) -> String {
    let mut s = String::from(
        "// Generated by `CONTRACT_PIN_BLESS=1 cargo test -p contract-core --test std_auto`\n\
         // from the toolchain's std documentation (the `rust-docs` component): do not edit.\n\n\
         use super::{StdAuto, StdCond::*};\n\
         use crate::probed::ProbedTrait::*;\n\n\
         /// std's stable, target-independent structs, enums and unions with their auto traits\n\
         /// (and the unstable types that are their parameters' defaults, `std::alloc::Global`).\n\
         #[rustfmt::skip]\n\
         pub(crate) static STD_AUTO: &[StdAuto] = &[\n",
    );
    for Item {
        row: (path, params, traits),
        ..
    } in table
    {
        let params: Vec<String> = params
            .iter()
            .map(|(p, d)| match d {
                Some(d) => format!("({p:?}, Some({d:?}))"),
                None => format!("({p:?}, None)"),
            })
            .collect();
        s.push_str(&format!(
            "    StdAuto {{ path: {path:?}, params: &[{}], traits: [{}] }},\n",
            params.join(", "),
            traits.join(", ")
        ));
    }
    s.push_str("];\n");
    s
}

fn rows(table: &[Item]) -> Vec<Row> {
    table.iter().map(|i| i.row.clone()).collect()
}

fn row<'a>(table: &'a [Row], path: &str) -> &'a Row {
    table
        .iter()
        .find(|r| r.0 == path)
        .unwrap_or_else(|| panic!("no {path} in the table"))
}

#[test]
fn the_table_is_what_std_documents() {
    let Some(docs) = std_docs() else {
        // The proof below needs the declarations too: it says so and passes.
        eprintln!("the toolchain has no std documentation (rust-docs): table not regenerated");
        return;
    };
    let items = generate(&docs);
    let fresh = rows(&items);
    // What the documentation is known to say (checked before blessing, too).
    let expect = [
        (
            "std::sync::Arc",
            0,
            "When(&[(0, Send), (0, Sync), (1, Send)])",
        ),
        ("std::rc::Rc", 0, "No"),
        ("std::cell::Cell", 1, "No"),
        ("std::marker::PhantomPinned", 2, "No"),
        ("std::marker::PhantomData", 0, "When(&[(0, Send)])"),
        ("std::vec::Vec", 0, "When(&[(0, Send), (1, Send)])"),
        (
            "std::collections::HashMap",
            0,
            "When(&[(0, Send), (1, Send), (2, Send), (3, Send)])",
        ),
        ("std::sync::Mutex", 1, "When(&[(0, Send)])"),
    ];
    for (path, k, cond) in expect {
        assert_eq!(
            row(&fresh, path).2[k],
            cond,
            "{path}: {} in {}",
            AUTO_TRAITS[k].name(),
            docs.display()
        );
    }
    if std::env::var_os("CONTRACT_PIN_BLESS").is_some() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(TABLE);
        std::fs::write(&path, source(&items)).expect("write the table");
        let mut reasons = std::collections::BTreeMap::<&str, usize>::new();
        for why in items.iter().flat_map(|i| i.why.iter().flatten()) {
            *reasons.entry(why).or_default() += 1;
        }
        eprintln!(
            "{} entries, {} unknown conditions: {reasons:?}",
            items.len(),
            reasons.values().sum::<usize>()
        );
        return;
    }
    assert_eq!(
        contract_core::auto::std_table_rows(),
        fresh,
        "{TABLE} differs from this toolchain's std documentation; rewrite it with CONTRACT_PIN_BLESS=1"
    );
}

/// `W::<T>::SEND` is `T: Send` without an error when it is not: the inherent const,
/// bounded, shadows the trait's default where the bound holds.
const PROOF_HEAD: &str = "#![allow(deprecated, dead_code, elided_lifetimes_in_paths)]
struct W<T: ?Sized>(core::marker::PhantomData<T>);
trait No {
    const SEND: bool = false;
    const SYNC: bool = false;
    const UNPIN: bool = false;
    const UNWIND_SAFE: bool = false;
    const REF_UNWIND_SAFE: bool = false;
}
impl<T: ?Sized> No for W<T> {}
impl<T: ?Sized + Send> W<T> { const SEND: bool = true; }
impl<T: ?Sized + Sync> W<T> { const SYNC: bool = true; }
impl<T: ?Sized + Unpin> W<T> { const UNPIN: bool = true; }
impl<T: ?Sized + std::panic::UnwindSafe> W<T> { const UNWIND_SAFE: bool = true; }
impl<T: ?Sized + std::panic::RefUnwindSafe> W<T> { const REF_UNWIND_SAFE: bool = true; }
/// A type with none of the five.
type None_ = (*const (), core::marker::PhantomPinned, &'static mut (), core::cell::Cell<()>);
const _: () = assert!(W::<()>::SEND && W::<()>::SYNC && W::<()>::UNPIN && W::<()>::UNWIND_SAFE && W::<()>::REF_UNWIND_SAFE, \"(): all five\");
const _: () = assert!(!W::<None_>::SEND && !W::<None_>::SYNC && !W::<None_>::UNPIN && !W::<None_>::UNWIND_SAFE && !W::<None_>::REF_UNWIND_SAFE, \"None_: none\");
";

const CONSTS: [&str; 5] = ["SEND", "SYNC", "UNPIN", "UNWIND_SAFE", "REF_UNWIND_SAFE"];

#[test]
fn every_entry_agrees_with_the_compiler() {
    let Some(docs) = std_docs() else {
        eprintln!("the toolchain has no std documentation (rust-docs): nothing to instantiate");
        return;
    };
    // The declarations (lifetimes, const parameters, bounds) come from the docs; the
    // conditions from the committed table.
    let decls = generate(&docs);
    let table = contract_core::auto::std_table_rows();
    // The auto traits of each parameter's default (`std::alloc::Global`, unstable, has
    // no entry of its own), from its page: non-generic defaults only.
    let mut defaults = std::collections::BTreeMap::new();
    for default in table.iter().flat_map(|r| &r.1).filter_map(|p| p.1.as_ref()) {
        if defaults.contains_key(default) {
            continue;
        }
        if let Some(r) = table.iter().find(|r| r.0 == *default) {
            if r.1.is_empty() {
                defaults.insert(default.clone(), r.2.clone());
            }
            continue;
        }
        let Some((module, name)) = default
            .strip_prefix("std::")
            .and_then(|d| d.rsplit_once("::"))
        else {
            continue;
        };
        let dir = docs.join(module.replace("::", "/"));
        let page = ["struct", "enum", "union"]
            .iter()
            .map(|k| dir.join(format!("{k}.{name}.html")))
            .find(|p| p.is_file());
        if let Some(d) = page.and_then(|p| item(default, &p, true)) {
            if d.row.1.is_empty() {
                defaults.insert(default.clone(), d.row.2);
            }
        }
    }
    let mut proof = String::from(PROOF_HEAD);
    let (mut proven, mut checks) = (0, 0);
    for (path, params, traits) in &table {
        let Some(decl) = decls.iter().find(|i| i.row.0 == *path && !i.unstable) else {
            continue;
        };
        if decl.row.1 != *params {
            continue;
        }
        // Instantiable freely: every parameter without a default bound by nothing the
        // instantiations may miss, every const parameter given a value, defaults last.
        let mut seen_default = false;
        let free = decl.generics.iter().all(|p| match p {
            Param::Lifetime => true,
            Param::Type { defaulted, free } => {
                let ok = *defaulted || (*free && !seen_default);
                seen_default |= *defaulted;
                ok
            }
            Param::Const(v) => v.is_some() && !seen_default,
        });
        if !free {
            continue;
        }
        let generic = decl.generics.iter().any(|p| {
            matches!(
                p,
                Param::Type {
                    defaulted: false,
                    ..
                }
            )
        });
        let instances: &[(&str, bool)] = if generic {
            &[("()", true), ("None_", false)]
        } else {
            &[("()", true)]
        };
        let mut any = false;
        for &(arg, has) in instances {
            let args: Vec<&str> = decl
                .generics
                .iter()
                .filter_map(|p| match p {
                    Param::Lifetime => Some("'static"),
                    Param::Type {
                        defaulted: true, ..
                    } => None,
                    Param::Type { .. } => Some(arg),
                    Param::Const(v) => *v,
                })
                .collect();
            let ty = if args.is_empty() {
                path.clone()
            } else {
                format!("{path}<{}>", args.join(", "))
            };
            for (k, cond) in traits.iter().enumerate() {
                // The table's answer under the instantiation; `None` when it cannot tell.
                let holds = |i: u8, t: ProbedTrait| -> Option<bool> {
                    match &params[usize::from(i)].1 {
                        None => Some(has),
                        // A defaulted parameter: what its default's page says.
                        Some(default) => {
                            let d = defaults.get(default)?;
                            let k = AUTO_TRAITS.iter().position(|a| *a == t)?;
                            match Cond::parse(&d[k]) {
                                Cond::Yes => Some(true),
                                Cond::No => Some(false),
                                _ => None,
                            }
                        }
                    }
                };
                let expected = match Cond::parse(cond) {
                    Cond::Yes => Some(true),
                    Cond::No => Some(false),
                    Cond::Unknown(_) => None,
                    // Every bound, in three values: one that fails decides.
                    Cond::When(w) => {
                        let each: Vec<Option<bool>> =
                            w.iter().map(|(i, t)| holds(*i, *t)).collect();
                        if each.contains(&Some(false)) {
                            Some(false)
                        } else if each.iter().all(|h| *h == Some(true)) {
                            Some(true)
                        } else {
                            None
                        }
                    }
                };
                let Some(expected) = expected else {
                    continue;
                };
                proof.push_str(&format!(
                    "const _: () = assert!(W::<{ty}>::{} == {expected}, \"{path} {} {arg}: the table says {expected}\");\n",
                    CONSTS[k],
                    AUTO_TRAITS[k].name(),
                ));
                checks += 1;
                any = true;
            }
        }
        proven += usize::from(any);
    }
    let out = toolchain::check_library("std-auto", &proof);
    assert!(
        out.status.success(),
        "the table and the compiler disagree:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!(
        "{proven} of {} entries proven by the compiler ({checks} checks)",
        table.len()
    );
    assert!(proven > 0, "nothing was proven");
}
