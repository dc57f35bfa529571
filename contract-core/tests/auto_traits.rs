//! Auto traits inferred from sources ([`contract_core::auto`]): each rule of rustc's
//! (fields, std's impls, references and pointers, trait objects, explicit and negative
//! impls, recursion) on a small crate, and "cannot tell" wherever a part is unread.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use contract_core::auto::infer;
use contract_core::names::{NameTable, NoExterns};
use contract_core::syntax::names::read_crate;

/// The table of a crate `k` whose files are `files` (`src/lib.rs` first).
fn table(files: &[(&str, &str)]) -> NameTable {
    let files: BTreeMap<PathBuf, String> = files
        .iter()
        .map(|(p, t)| (PathBuf::from(p), (*t).to_owned()))
        .collect();
    read_crate(
        "k",
        Path::new("src/lib.rs"),
        &mut |p| files.get(p).cloned(),
        &|_| false,
    )
    .0
}

/// Each auto trait of `k::<module>::<name>` as the golden writes it (`Send: yes`),
/// the traits that cannot be told left out.
fn traits(t: &NameTable, module: &str, name: &str) -> Vec<String> {
    infer(t, &NoExterns, module, name)
        .iter()
        .map(|(t, c)| format!("{t}: {c}"))
        .collect()
}

fn of(source: &str, name: &str) -> Vec<String> {
    traits(&table(&[("src/lib.rs", source)]), "k", name)
}

const ALL: [&str; 5] = [
    "Send: yes",
    "Sync: yes",
    "Unpin: yes",
    "UnwindSafe: yes",
    "RefUnwindSafe: yes",
];

#[test]
fn scalars_strings_and_owning_containers_have_every_auto_trait() {
    let src = "use std::collections::BTreeMap;\n\
               pub struct S { a: u8, b: String, c: Vec<Option<Box<[u16; 4]>>>, d: BTreeMap<String, (i64, bool)>, e: fn(u8) -> u8 }";
    assert_eq!(of(src, "S"), ALL);
    // std documents two impls of `UnwindSafe` for `HashMap` (one for the default
    // allocator only): not told, the others are.
    let map = of("pub struct M { m: std::collections::HashMap<u8, u8> }", "M");
    assert_eq!(
        map,
        ["Send: yes", "Sync: yes", "Unpin: yes", "RefUnwindSafe: yes"]
    );
}

#[test]
fn an_rc_or_a_raw_pointer_field_is_neither_send_nor_sync() {
    let rc = "use std::rc::Rc;\npub struct S { a: Rc<u8> }";
    let t = of(rc, "S");
    assert!(t.contains(&"Send: no".to_owned()), "{t:?}");
    assert!(t.contains(&"Sync: no".to_owned()), "{t:?}");
    let ptr = of("pub struct P { p: *const u8 }", "P");
    assert_eq!(
        ptr,
        [
            "Send: no",
            "Sync: no",
            "Unpin: yes",
            "UnwindSafe: yes",
            "RefUnwindSafe: yes"
        ]
    );
}

#[test]
fn a_generic_type_s_auto_traits_are_conditions_on_its_parameters() {
    let src = "use std::sync::Arc;\npub struct Shared<T> { inner: Arc<T> }";
    let t = of(src, "Shared");
    assert!(t.contains(&"Send: T: Send + Sync".to_owned()), "{t:?}");
    assert!(t.contains(&"Sync: T: Send + Sync".to_owned()), "{t:?}");
    let plain = of("pub struct W<T, U> { t: T, u: Vec<U> }", "W");
    assert!(
        plain.contains(&"Send: T: Send, U: Send".to_owned()),
        "{plain:?}"
    );
}

#[test]
fn private_types_of_the_crate_are_read_through_its_names() {
    let t = table(&[
        (
            "src/lib.rs",
            "mod inner;\npub struct Client { state: inner::State }",
        ),
        (
            "src/inner.rs",
            "use std::cell::Cell;\npub(crate) struct State { hits: Cell<u64> }",
        ),
    ]);
    let client = traits(&t, "k", "Client");
    assert!(client.contains(&"Send: yes".to_owned()), "{client:?}");
    assert!(client.contains(&"Sync: no".to_owned()), "{client:?}");
    assert!(
        client.contains(&"RefUnwindSafe: no".to_owned()),
        "{client:?}"
    );
}

#[test]
fn explicit_and_negative_impls_decide_over_the_fields() {
    let src = "pub struct Ptr<T> { p: *mut T }\n\
               unsafe impl<T: Send> Send for Ptr<T> {}\n\
               unsafe impl<U> Sync for Ptr<U> where U: Sync {}";
    let t = of(src, "Ptr");
    assert!(t.contains(&"Send: T: Send".to_owned()), "{t:?}");
    assert!(t.contains(&"Sync: T: Sync".to_owned()), "{t:?}");
    // An impl for some instances only, or bounded by a trait of the crate: cannot tell.
    let partial = "pub trait Safe {}\npub struct Ptr<T> { p: *mut T }\n\
                   unsafe impl<T: Safe> Send for Ptr<T> {}";
    assert!(!of(partial, "Ptr").iter().any(|c| c.starts_with("Send")));
}

#[test]
fn a_recursive_type_is_read_coinductively() {
    let src = "pub struct List { value: u8, next: Option<Box<List>> }\n\
               pub enum Tree<T> { Leaf(T), Node(Vec<Tree<T>>) }";
    assert_eq!(of(src, "List"), ALL);
    let tree = of(src, "Tree");
    assert!(tree.contains(&"Send: T: Send".to_owned()), "{tree:?}");
}

#[test]
fn references_pointers_and_phantom_data_follow_std() {
    let src = "use std::marker::PhantomData;\n\
               pub struct R<'a, T> { r: &'a T }\n\
               pub struct M<'a, T> { m: &'a mut T }\n\
               pub struct N { p: PhantomData<*const ()> }";
    let r = of(src, "R");
    assert!(r.contains(&"Send: T: Sync".to_owned()), "{r:?}");
    assert!(
        r.contains(&"UnwindSafe: T: RefUnwindSafe".to_owned()),
        "{r:?}"
    );
    let m = of(src, "M");
    assert!(m.contains(&"Send: T: Send".to_owned()), "{m:?}");
    assert!(m.contains(&"UnwindSafe: no".to_owned()), "{m:?}");
    let n = of(src, "N");
    assert!(n.contains(&"Send: no".to_owned()), "{n:?}");
}

#[test]
fn a_trait_object_has_the_auto_traits_it_names() {
    let src =
        "pub struct A { f: Box<dyn Fn() + Send> }\npub struct B { f: Box<dyn std::error::Error> }";
    let a = of(src, "A");
    assert!(a.contains(&"Send: yes".to_owned()), "{a:?}");
    assert!(a.contains(&"Sync: no".to_owned()), "{a:?}");
    let b = of(src, "B");
    assert!(b.contains(&"Send: no".to_owned()), "{b:?}");
    // A trait of the crate may have `Send` as a supertrait: cannot tell.
    let own = of(
        "pub trait Job: Send {}\npub struct C { j: Box<dyn Job> }",
        "C",
    );
    assert!(!own.iter().any(|c| c.starts_with("Send")), "{own:?}");
}

#[test]
fn what_cannot_be_read_is_not_told() {
    // Another crate's type, its sources not read; a projection; twins that differ.
    let other = of("pub struct S { v: other::Thing }", "S");
    assert!(other.is_empty(), "{other:?}");
    let projection = of("pub struct P<I: Iterator> { item: I::Item }", "P");
    assert!(
        !projection.iter().any(|c| c.starts_with("Send")),
        "{projection:?}"
    );
    let twins = of(
        "#[cfg(unix)] pub struct S { a: std::rc::Rc<u8> }\n#[cfg(not(unix))] pub struct S { a: u8 }",
        "S",
    );
    assert!(!twins.iter().any(|c| c.starts_with("Send")), "{twins:?}");
}

#[test]
fn what_a_cfg_may_leave_out_or_a_macro_may_write_is_not_told() {
    // A field, a variant or an explicit impl under a `#[cfg]` may not be in the build;
    // one under `#[cfg(test)]` never is in a library's.
    let src = "pub struct F { #[cfg(feature = \"x\")] p: *const u8, x: u8 }\n\
               pub enum V { A(u8), #[cfg(unix)] B(*const u8) }\n\
               pub struct T { #[cfg(test)] p: std::rc::Rc<u8>, x: u8 }\n\
               pub struct I(*const u8);\n\
               #[cfg(feature = \"x\")] unsafe impl Send for I {}\n\
               macro_rules! send { ($t:ty) => { unsafe impl Send for $t {} } }\n\
               pub struct M(*const u8);\n\
               send!(M);";
    for name in ["F", "V"] {
        let t = of(src, name);
        assert!(!t.iter().any(|c| c.starts_with("Send")), "{name}: {t:?}");
    }
    assert_eq!(of(src, "T"), ALL);
    let i = of(src, "I");
    assert!(!i.iter().any(|c| c.starts_with("Send")), "{i:?}");
    assert!(i.contains(&"Sync: no".to_owned()), "{i:?}");
    // What a macro of the crate writes is read (`send!(M)` is `unsafe impl Send for M
    // {}`); a call it cannot expand is not.
    let m = of(src, "M");
    assert_eq!(
        m,
        [
            "Send: yes",
            "Sync: no",
            "Unpin: yes",
            "UnwindSafe: yes",
            "RefUnwindSafe: yes"
        ]
    );
    // A macro of the crate whose body names no auto trait writes no impl of one.
    let named = "macro_rules! named { ($t:ident) => { impl $t { pub fn name() -> &'static str { stringify!($t) } } } }\n\
                 pub struct N(*const u8);\nnamed!(N);";
    assert!(of(named, "N").contains(&"Send: no".to_owned()));
    // Another crate's macro may write anything…
    let foreign = "pub struct E(*const u8);\nother::impl_send!(E);";
    assert!(of(foreign, "E").is_empty());
    // … but for static_assertions' (postage 0.4's `assert_impl_all!(Sender<u8>:
    // Send)` beside each channel), which write no impl, by their documented expansion.
    let asserted = "pub struct A(*const u8);\n\
                    static_assertions::assert_impl_all!(A: Unpin);\n\
                    static_assertions::assert_not_impl_any!(A: Send);";
    assert!(of(asserted, "A").contains(&"Send: no".to_owned()));
}

#[test]
fn a_trait_of_the_crate_named_as_one_of_std_s_is_not_std_s() {
    let src =
        "pub mod errs {\n    pub trait Error: Send {}\n    pub struct E(pub Box<dyn Error>);\n}";
    let t = traits(&table(&[("src/lib.rs", src)]), "k::errs", "E");
    assert!(!t.iter().any(|c| c.starts_with("Send")), "{t:?}");
}
