//! What no consumer can tell apart is no change: for each equivalence the classifier
//! knows, a pair of sources that must give no delta at all (on either axis), and a
//! near miss that looks alike but really breaks, with the kind it must report.
//!
//! The property at the end renames the generic parameters and lifetimes of every
//! source of the kind cases consistently, at random, and expects no delta.

mod common;

use std::collections::BTreeMap;

use contract_core::{Class, Delta, DeltaKind};
use proptest::prelude::*;
use syn::visit_mut::VisitMut;

/// The deltas between two sources under the default policy.
fn deltas(before: &str, after: &str) -> Vec<Delta> {
    common::diff(before, after, &contract_core::Policy::default())
}

/// `before` and `after` say the same thing to every consumer.
#[track_caller]
fn same(before: &str, after: &str) {
    for (a, b) in [(before, after), (after, before)] {
        let found = deltas(a, b);
        assert!(
            found.is_empty(),
            "expected no change\n  before: {a}\n  after:  {b}\n{}",
            common::show(&found)
        );
    }
}

/// The near miss: a breaking delta of `kind`.
#[track_caller]
fn breaks(before: &str, after: &str, kind: DeltaKind) -> Vec<Delta> {
    let found = deltas(before, after);
    assert!(
        found
            .iter()
            .any(|d| d.kind == kind && d.class == Class::Breaking),
        "expected a breaking {kind}\n  before: {before}\n  after:  {after}\n{}",
        common::show(&found)
    );
    found
}

/// No breaking delta, and one of `kind`.
#[track_caller]
fn only_additive(before: &str, after: &str, kind: DeltaKind) {
    let found = deltas(before, after);
    assert!(
        found.iter().all(|d| !d.is_breaking()),
        "{}",
        common::show(&found)
    );
    assert!(
        found.iter().any(|d| d.kind == kind),
        "expected {kind}: {}",
        common::show(&found)
    );
}

/// A real change, and no delta of it breaking: callers lose nothing.
#[track_caller]
fn relaxes(before: &str, after: &str) {
    let found = deltas(before, after);
    assert!(
        !found.is_empty() && found.iter().all(|d| !d.is_breaking()),
        "expected a relaxation\n  before: {before}\n  after:  {after}\n{}",
        common::show(&found)
    );
}

/// A type renamed, its old name kept as an alias of the new one (time 0.3.35's
/// `pub type FormatItem<'a> = BorrowedFormatItem<'a>`, then 0.3.36's `pub use
/// BorrowedFormatItem as FormatItem`): every use of the old name reads the same type.
/// An alias of another type is not that.
#[test]
fn a_type_renamed_behind_an_alias_of_its_old_name_is_no_break() {
    let before = "pub enum Item<'a> { Literal(&'a [u8]) } \
                  pub fn parse<'a>(s: &'a str) -> Vec<Item<'a>> { Vec::new() } \
                  pub trait Format {} impl<'a> Format for Item<'a> {}";
    let after = "pub enum Borrowed<'a> { Literal(&'a [u8]) } pub type Item<'a> = Borrowed<'a>; \
                 pub fn parse<'a>(s: &'a str) -> Vec<Borrowed<'a>> { Vec::new() } \
                 pub trait Format {} impl<'a> Format for Borrowed<'a> {}";
    only_additive(before, after, DeltaKind::SymbolAdded);
    breaks(
        before,
        &after.replace(
            "Literal(&'a [u8]) } pub type",
            "Literal(&'a str) } pub type",
        ),
        DeltaKind::FieldTypeChanged,
    );
}

/// One gate spelled two ways (`any(x, y)`, `any(y, x)`, a double negation) reaches the
/// same consumers; another gate does not.
#[test]
fn a_gate_spelled_another_way_is_no_change() {
    same(
        r#"#[needs("any(feature = \"x\", feature = \"y\")")] pub fn f() {}"#,
        r#"#[needs("any(feature = \"y\", feature = \"x\")")] pub fn f() {}"#,
    );
    same(
        r#"#[needs("feature = \"x\"")] pub fn f() {}"#,
        r#"#[needs("not(not(feature = \"x\"))")] pub fn f() {}"#,
    );
    breaks(
        r#"#[needs("any(feature = \"x\", feature = \"y\")")] pub fn f() {}"#,
        r#"#[needs("feature = \"y\"")] pub fn f() {}"#,
        DeltaKind::NowNeedsFeature,
    );
}

/// Deprecated and hidden at once: still public API, so nothing a consumer sees changed
/// (cargo-semver-checks holds such items as API too; issue 44).
#[test]
fn deprecating_and_hiding_at_once_is_no_change() {
    same(
        "pub fn run() {}",
        "#[deprecated] #[doc(hidden)] pub fn run() {}",
    );
    same(
        "pub struct S; impl S { pub fn run(&self) {} }",
        "pub struct S; impl S { #[deprecated(note = \"gone soon\")] #[doc(hidden)] pub fn run(&self) {} }",
    );
    same(
        "pub enum E { A, B }",
        "pub enum E { A, #[deprecated] #[doc(hidden)] B }",
    );
}

#[test]
fn renaming_generic_parameters_consistently_is_no_change() {
    same("pub struct S<T>(pub T);", "pub struct S<U>(pub U);");
    same(
        "#[derive(Serialize, Deserialize)] pub struct S<T> { pub x: T, pub y: Vec<T> }",
        "#[derive(Serialize, Deserialize)] pub struct S<Item> { pub x: Item, pub y: Vec<Item> }",
    );
    same(
        "pub struct Arr<const N: usize>(pub [u8; N]);",
        "pub struct Arr<const LEN: usize>(pub [u8; LEN]);",
    );
    same(
        "pub fn f<T: Clone, U>(t: T, u: U) -> (T, U) { todo!() }",
        "pub fn f<A: Clone, B>(t: A, u: B) -> (A, B) { todo!() }",
    );
    same(
        "pub trait Store<K> { fn get<Q: AsRef<K>>(&self, key: Q) -> Option<K>; }",
        "pub trait Store<Key> { fn get<R: AsRef<Key>>(&self, key: R) -> Option<Key>; }",
    );
    same(
        "pub struct W<T>(T); impl<T: Clone> W<T> { pub fn get(&self) -> &T { &self.0 } }",
        "pub struct W<X>(X); impl<Y: Clone> W<Y> { pub fn get(&self) -> &Y { &self.0 } }",
    );
    same(
        "pub enum E<T> { A(T), B { t: Option<T> } } ",
        "pub enum E<V> { A(V), B { t: Option<V> } } ",
    );
    same(
        "pub type Map<K, V> = std::collections::HashMap<K, V>;",
        "pub type Map<A, B> = std::collections::HashMap<A, B>;",
    );
    // An impl's parameter renamed in its type and its trait's arguments alike; the near
    // miss names another argument.
    same(
        "pub trait Borrow<B> {} pub struct W<T>(T); impl<T> Borrow<T> for W<T> {}",
        "pub trait Borrow<B> {} pub struct W<T>(T); impl<U> Borrow<U> for W<U> {}",
    );
    breaks(
        "pub trait Borrow<B> {} pub struct W<T>(T); impl<T> Borrow<T> for W<T> {}",
        "pub trait Borrow<B> {} pub struct W<T>(T); impl<U> Borrow<u8> for W<U> {}",
        DeltaKind::TraitImplementorRemoved,
    );
}

#[test]
fn renaming_lifetimes_consistently_is_no_change() {
    same(
        "pub struct View<'a> { pub s: &'a str }",
        "pub struct View<'b> { pub s: &'b str }",
    );
    same("pub trait Parse<'a> {}", "pub trait Parse<'de> {}");
    same(
        "pub fn first<'a, 'b: 'a>(x: &'a str, y: &'b str) -> &'a str { x }",
        "pub fn first<'x, 'y: 'x>(x: &'x str, y: &'y str) -> &'x str { x }",
    );
}

#[test]
fn an_inconsistent_renaming_is_a_change() {
    // The two parameters swapped in the declaration only: every field changes type.
    breaks(
        "pub struct P<T, U>(pub T, pub U);",
        "pub struct P<U, T>(pub T, pub U);",
        DeltaKind::FieldTypeChanged,
    );
    breaks(
        "pub struct V<'a, 'b>(pub &'a str, pub &'b str);",
        "pub struct V<'a, 'b>(pub &'b str, pub &'a str);",
        DeltaKind::FieldTypeChanged,
    );
    // A renamed parameter that also changed its bound.
    breaks(
        "pub fn f<T>(t: T) {}",
        "pub fn f<U: Send>(t: U) {}",
        DeltaKind::MethodSignatureChanged,
    );
}

#[test]
fn a_lifetime_removed_is_no_renaming_of_the_others() {
    // cssparser 0.38: `RuleBodyParser<'i, 't, 'a, …>` lost `'t`; the old side was shown
    // as `<'i, 'a, 'a>`, two parameters made one.
    let found = breaks(
        "pub struct P<'i, 't, 'a> { pub input: &'a mut &'t &'i str }",
        "pub struct P<'i, 'a> { pub input: &'a mut &'i str }",
        DeltaKind::LifetimeParamChanged,
    );
    let shown = common::show(&found);
    assert!(shown.contains("P<'i, 't, 'a>"), "{shown}");
    assert!(!shown.contains("'a, 'a"), "{shown}");
}

#[test]
fn a_renaming_makes_no_wire_claim() {
    let found = deltas(
        "#[derive(Serialize, Deserialize)] pub struct S<T> { pub x: T }",
        "#[derive(Serialize, Deserialize)] pub struct S<U> { pub x: U }",
    );
    assert!(found.is_empty(), "{}", common::show(&found));
}

#[test]
fn async_fn_and_impl_future_are_one_signature() {
    same(
        "pub async fn f() -> u8 { 0 }",
        "pub fn f() -> impl Future<Output = u8> { async { 0 } }",
    );
    same(
        "pub async fn f() { }",
        "pub fn f() -> impl core::future::Future<Output = ()> { async {} }",
    );
    // Borrowing the receiver: the explicit form says it captures it.
    same(
        "pub struct S; impl S { pub async fn f(&self) -> u8 { 0 } }",
        "pub struct S; impl S { pub fn f(&self) -> impl Future<Output = u8> + '_ { async { 0 } } }",
    );
    same(
        "pub async fn f<'a>(x: &'a u8) -> u8 { 0 }",
        "pub fn f<'a>(x: &'a u8) -> impl Future<Output = u8> + 'a { async { 0 } }",
    );
    // Trait methods (implementors can write either form).
    same(
        "pub trait T { async fn run(&self) -> u8; }",
        "pub trait T { fn run(&self) -> impl Future<Output = u8> + '_; }",
    );
}

#[test]
fn what_the_returned_future_promises_is_compared() {
    // `+ Send` taken away: callers that spawned the future break.
    breaks(
        "pub fn f() -> impl Future<Output = u8> + Send { async { 0 } }",
        "pub async fn f() -> u8 { 0 }",
        DeltaKind::ReturnTypeChanged,
    );
    // Given: callers lose nothing.
    relaxes(
        "pub async fn f() -> u8 { 0 }",
        "pub fn f() -> impl Future<Output = u8> + Send { async { 0 } }",
    );
    // …but an implementor of a trait must now return a `Send` future.
    breaks(
        "pub trait T { async fn run(&self) -> u8; }",
        "pub trait T { fn run(&self) -> impl Future<Output = u8> + Send + '_; }",
        DeltaKind::ReturnTypeChanged,
    );
    // Another output is another return type.
    breaks(
        "pub async fn f() -> u8 { 0 }",
        "pub fn f() -> impl Future<Output = u16> { async { 0 } }",
        DeltaKind::ReturnTypeChanged,
    );
    // What the future borrows. The edition's default (2021: no argument lifetime;
    // 2024: every one) borrows no more than `async fn` under either edition…
    relaxes(
        "pub struct S; impl S { pub async fn f(&self) -> u8 { 0 } }",
        "pub struct S; impl S { pub fn f(&self) -> impl Future<Output = u8> { async { 0 } } }",
    );
    // …but may borrow less: `async fn` in its place may break a 2021 crate's callers.
    let found = breaks(
        "pub struct S; impl S { pub fn f(&self) -> impl Future<Output = u8> { async { 0 } } }",
        "pub struct S; impl S { pub async fn f(&self) -> u8 { 0 } }",
        DeltaKind::ReturnTypeChanged,
    );
    assert!(
        found
            .iter()
            .any(|d| contract_core::render::detail(d).contains("borrows")),
        "{}",
        common::show(&found)
    );
    // A trait's implementors must then borrow no more: any change of what they may
    // borrow is theirs to meet.
    breaks(
        "pub trait T { async fn run(&self) -> u8; }",
        "pub trait T { fn run(&self) -> impl Future<Output = u8>; }",
        DeltaKind::ReturnTypeChanged,
    );
}

/// hyper-util 0.1.21 moved to edition 2024 and spelled what 2021 captured: `-> impl
/// Future<Output = C::Output>` became `-> impl Future<Output = C::Output> + use<C>`.
/// Under either edition of the old release the new future borrows no more.
#[test]
fn a_future_spelled_with_use_on_an_edition_move_keeps_every_caller() {
    // Each pair changes one more part (the future is now also `Send`), so the parts
    // are compared one by one and the captures are read as written.
    let watch = |ret: &str| {
        format!(
            "pub trait Conn {{ type Out; }} pub struct G;\n\
             impl G {{ pub fn watch<C: Conn>(&self, conn: C) -> {ret} {{ todo!() }} }}"
        )
    };
    let before = watch("impl std::future::Future<Output = C::Out>");
    relaxes(
        &before,
        &watch("impl std::future::Future<Output = C::Out> + Send + use<C>"),
    );
    // Near miss: the borrow of `self` listed, which a 2021 future never held.
    breaks(
        &before,
        &watch("impl std::future::Future<Output = C::Out> + Send + use<'_, C>"),
        DeltaKind::ReturnTypeChanged,
    );
}

#[test]
fn bounds_are_one_set_however_written() {
    same(
        "pub fn f<T: Clone + Send>(t: T) {}",
        "pub fn f<T>(t: T) where T: Send, T: Clone {}",
    );
    same(
        "pub struct S<T: std::fmt::Debug>(pub T);",
        "pub struct S<T>(pub T) where T: core::fmt::Debug;",
    );
    same("pub trait A where Self: Send {}", "pub trait A: Send {}");
    same(
        "pub trait A: Sync + std::marker::Send {}",
        "pub trait A: core::marker::Send + Sync {}",
    );
    same(
        "pub fn f(x: alloc::vec::Vec<core::option::Option<u8>>) {}",
        "pub fn f(x: Vec<Option<u8>>) {}",
    );
    same(
        "pub fn f(x: core::time::Duration) {}",
        "pub fn f(x: std::time::Duration) {}",
    );
    // Near misses: another bound, a bound taken off a supertrait, another item.
    breaks(
        "pub fn f<T: Clone>(t: T) {}",
        "pub fn f<T>(t: T) where T: Clone + Send {}",
        DeltaKind::MethodSignatureChanged,
    );
    breaks(
        "pub trait A where Self: Send {}",
        "pub trait A {}",
        DeltaKind::TraitSupertraitRemoved,
    );
    breaks(
        "pub fn f(x: core::fmt::Error) {}",
        "pub fn f(x: std::io::Error) {}",
        DeltaKind::ParamTypeChanged,
    );
}

#[test]
fn a_fieldless_non_exhaustive_variant_has_one_form() {
    same(
        "#[non_exhaustive] pub enum E { A, #[non_exhaustive] V {} }",
        "#[non_exhaustive] pub enum E { A, #[non_exhaustive] V }",
    );
    same(
        "pub enum E { A, #[non_exhaustive] V() }",
        "pub enum E { A, #[non_exhaustive] V }",
    );
    // Near miss: other crates build and match an exhaustive variant by its form.
    breaks(
        "pub enum E { A, V {} }",
        "pub enum E { A, V }",
        DeltaKind::VariantKindChanged,
    );
}

#[test]
fn the_rust_abi_has_one_spelling() {
    same("pub extern \"Rust\" fn f(x: u8) {}", "pub fn f(x: u8) {}");
    same(
        "pub extern fn f(x: u8) {}",
        "pub extern \"C\" fn f(x: u8) {}",
    );
    same(
        "pub fn f(cb: extern \"Rust\" fn(u8)) {}",
        "pub fn f(cb: fn(u8)) {}",
    );
    breaks(
        "pub fn f(x: u8) {}",
        "pub extern \"C\" fn f(x: u8) {}",
        DeltaKind::FnAbiChanged,
    );
}

/// A feature every build of the checked target enables (`sse2` on x86_64, as `rustc
/// --print cfg` says; the front ends fill the baseline in) asks nothing more of an
/// `unsafe fn`'s callers there, nor a weaker one it implies; a feature beyond it still
/// does, and so does any feature on a safe fn (rustc makes the call `unsafe` from code
/// that does not enable the feature itself, whatever the build enables).
#[test]
fn a_target_feature_in_the_target_baseline_requires_nothing_of_an_unsafe_fn() {
    let x86_64 = contract_core::Policy {
        target_baseline: ["fxsr", "sse", "sse2"].map(str::to_owned).into(),
        ..contract_core::Policy::default()
    };
    let under = |before: &str, after: &str| common::diff(before, after, &x86_64);
    let plain = "pub unsafe fn sum(x: &[u8]) -> u32 { 0 }";
    let sse2 = "#[target_feature(enable = \"sse2\")] pub unsafe fn sum(x: &[u8]) -> u32 { 0 }";
    assert_eq!(under(plain, sse2), [], "added");
    assert_eq!(under(sse2, plain), [], "removed");
    let trait_method = |f: &str| format!("pub trait T {{ {f} unsafe fn sum(&self); }}");
    assert_eq!(
        under(
            &trait_method("#[target_feature(enable = \"sse\")]"),
            &trait_method("")
        ),
        [],
        "an implementor's impl needs nothing of it either"
    );
    // Near misses: with no baseline known, a feature beyond it, and a safe fn.
    breaks(plain, sse2, DeltaKind::TargetFeatureAdded);
    let found = under(plain, &sse2.replace("sse2", "sse4.1"));
    let added = |found: &[contract_core::Delta]| {
        found
            .iter()
            .any(|d| d.kind == DeltaKind::TargetFeatureAdded && d.is_breaking())
    };
    assert!(added(&found), "{}", common::show(&found));
    let found = under(&plain.replace("unsafe ", ""), &sse2.replace("unsafe ", ""));
    assert!(added(&found), "{}", common::show(&found));
}

#[test]
fn a_target_feature_another_one_enables_requires_nothing_more() {
    // rustc enables `avx` and `sse4.2` with `avx2`: callers already need them.
    same(
        "#[target_feature(enable = \"avx2\")] pub fn sum(x: &[u8]) -> u32 { 0 }",
        "#[target_feature(enable = \"avx,avx2\")] pub fn sum(x: &[u8]) -> u32 { 0 }",
    );
    same(
        "impl S { #[target_feature(enable = \"avx2\")] pub fn sum(&self) {} }",
        "impl S { #[target_feature(enable = \"sse4.2\")] #[target_feature(enable = \"avx2\")] pub fn sum(&self) {} }",
    );
    same(
        "pub trait T { #[target_feature(enable = \"sve2\")] unsafe fn sum(&self); }",
        "pub trait T { #[target_feature(enable = \"neon,sve2\")] unsafe fn sum(&self); }",
    );
    // The near misses: a stronger feature is a new requirement, and a weaker one frees
    // callers only.
    let found = breaks(
        "#[target_feature(enable = \"avx\")] pub fn sum() {}",
        "#[target_feature(enable = \"avx2\")] pub fn sum() {}",
        DeltaKind::TargetFeatureAdded,
    );
    assert_eq!(found.len(), 1, "{}", common::show(&found));
    // One delta for the strongest new feature, not one for each it brings along.
    let found = breaks(
        "#[target_feature(enable = \"sse2\")] pub fn sum() {}",
        "#[target_feature(enable = \"avx2\")] pub fn sum() {}",
        DeltaKind::TargetFeatureAdded,
    );
    let named: Vec<_> = found.iter().map(|d| d.note.clone()).collect();
    assert_eq!(
        named,
        [contract_core::delta::Note::TargetFeature("avx2".to_owned())],
        "{}",
        common::show(&found)
    );
    only_additive(
        "#[target_feature(enable = \"avx2\")] pub fn sum() {}",
        "#[target_feature(enable = \"avx\")] pub fn sum() {}",
        DeltaKind::TargetFeatureRemoved,
    );
    // Features that imply nothing of each other are each a requirement.
    breaks(
        "#[target_feature(enable = \"avx2\")] pub fn sum() {}",
        "#[target_feature(enable = \"avx2,fma\")] pub fn sum() {}",
        DeltaKind::TargetFeatureAdded,
    );
    // A trait's implementors may use a feature its methods no longer enable.
    breaks(
        "pub trait T { #[target_feature(enable = \"avx2\")] unsafe fn sum(&self); }",
        "pub trait T { #[target_feature(enable = \"avx\")] unsafe fn sum(&self); }",
        DeltaKind::TargetFeatureRemoved,
    );
}

#[test]
fn discriminants_no_crate_can_observe_are_not_compared() {
    // A `#[non_exhaustive]` variant makes the enum impossible to `as`-cast from other
    // crates, and there is no `repr`: the values are invisible.
    same(
        "pub enum Level { Low = 1, #[non_exhaustive] High = 2 }",
        "pub enum Level { Low = 10, #[non_exhaustive] High = 20 }",
    );
    // Reordered: the implicit values move, unseen; the order itself is drift.
    let found = deltas(
        "pub enum Level { Low, #[non_exhaustive] High }",
        "pub enum Level { #[non_exhaustive] High, Low }",
    );
    assert!(
        found
            .iter()
            .all(|d| !d.is_breaking() && d.kind != DeltaKind::DiscriminantChanged),
        "{}",
        common::show(&found)
    );
    // With fields, no enum can be cast, `repr` or not: only an unsafe read of its tag
    // would see the values.
    same(
        "#[repr(u8)] pub enum E { A(u8) = 1, B = 2 }",
        "#[repr(u8)] pub enum E { A(u8) = 3, B = 2 }",
    );
    // Near misses: a castable enum, and a `repr` that fixes the values.
    breaks(
        "pub enum Level { Low = 1, High = 2 }",
        "pub enum Level { Low = 10, High = 20 }",
        DeltaKind::DiscriminantChanged,
    );
    breaks(
        "#[repr(u8)] pub enum Level { Low = 1, #[non_exhaustive] High = 2 }",
        "#[repr(u8)] pub enum Level { Low = 10, #[non_exhaustive] High = 20 }",
        DeltaKind::DiscriminantChanged,
    );
}

/// console 0.15 → 0.16: `Bold, Dim, …` written out as `Bold = 0, Dim = 1, …`.
#[test]
fn a_discriminant_written_out_at_its_implicit_value_is_no_change() {
    same(
        "pub enum Attribute { Bold, Dim, Italic }",
        "pub enum Attribute { Bold = 0, Dim = 1, Italic = 2 }",
    );
    same(
        "pub enum Flag { A = 1, B, C }",
        "pub enum Flag { A = 1 << 0, B = 2, C = 1 + 2 }",
    );
    // Beside another change (console 0.16 added `#[repr(u16)]` too), the families
    // compare the variants themselves: still no discriminant change.
    let found = deltas(
        "pub enum Attribute { Bold, Dim, Italic }",
        "#[repr(u16)] pub enum Attribute { Bold = 0, Dim = 1, Italic = 2 }",
    );
    assert!(
        !found.is_empty()
            && found
                .iter()
                .all(|d| d.kind != DeltaKind::DiscriminantChanged && !d.is_breaking()),
        "{}",
        common::show(&found)
    );
    // Near miss: a value that is not the implicit one.
    breaks(
        "pub enum Attribute { Bold, Dim, Italic }",
        "pub enum Attribute { Bold = 0, Dim = 2, Italic = 3 }",
        DeltaKind::DiscriminantChanged,
    );
}

/// dialoguer 0.11 → 0.12: `use thiserror::Error;` imports a derive macro beside the
/// module's own `enum Error`; a type path `Error` is the enum (an import of a type of
/// that name could not coexist with it), with the import or without.
#[test]
fn an_import_of_another_namespace_does_not_rename_the_module_s_own_type() {
    same(
        "use thiserror::Error; pub enum Error { Io } pub type Result<T = ()> = std::result::Result<T, Error>;",
        "pub enum Error { Io } pub type Result<T = ()> = std::result::Result<T, Error>;",
    );
    // Near miss: no type of the module by that name, so the import names it.
    breaks(
        "use other::Error; pub type Result<T = ()> = std::result::Result<T, Error>;",
        "pub enum Error { Io } pub type Result<T = ()> = std::result::Result<T, Error>;",
        DeltaKind::AliasTargetChanged,
    );
}

#[test]
fn a_primitive_is_the_primitive_whatever_module_of_its_name_is_imported() {
    // `use core::usize;` imports the deprecated module, not a type: rustc reads a
    // one-segment type path that resolves to a module as the primitive.
    same(
        "use core::{u16, usize}; pub fn f(x: usize) -> u16 { 0 }",
        "pub fn f(x: usize) -> u16 { 0 }",
    );
    same(
        "use std::u8; pub struct S { pub a: u8 }",
        "pub struct S { pub a: u8 }",
    );
    // Near miss: a type imported under a primitive's name is that type.
    breaks(
        "use crate::Byte as u8; pub struct S { pub a: u8 }",
        "pub struct S { pub a: u8 }",
        DeltaKind::FieldTypeChanged,
    );
}

#[test]
fn an_elided_lifetime_is_the_lifetime_it_stands_for() {
    same(
        "pub fn f<'a>(x: &'a str) -> &'a str { x }",
        "pub fn f(x: &str) -> &str { x }",
    );
    same(
        "pub struct S; impl S { pub fn get<'a>(&'a self, k: &str) -> &'a str { k } }",
        "pub struct S; impl S { pub fn get(&self, k: &str) -> &str { k } }",
    );
    same(
        "pub struct V<T>(T); impl<T> V<T> { pub fn drain(&mut self) -> Drain<T> { todo!() } }",
        "pub struct V<T>(T); impl<T> V<T> { pub fn drain(&mut self) -> Drain<'_, T> { todo!() } }",
    );
    same(
        "pub trait T { fn name<'a>(&'a self) -> &'a str; }",
        "pub trait T { fn name(&self) -> &str; }",
    );
    same(
        "pub trait Show {} impl<'a> Show for Iter<'a> {}",
        "pub trait Show {} impl Show for Iter<'_> {}",
    );
    // An impl's lifetime parameter nothing names (palette 0.7.7's cast impls): the impl
    // covers the same types.
    same(
        "pub trait ArrayCast { type Array; } pub trait AsComponents<C: ?Sized> {}
         impl<'a, T, C: ArrayCast<Array = [T; N]>, const N: usize> AsComponents<[T]> for Vec<C> {}",
        "pub trait ArrayCast { type Array; } pub trait AsComponents<C: ?Sized> {}
         impl<T, C: ArrayCast<Array = [T; N]>, const N: usize> AsComponents<[T]> for Vec<C> {}",
    );
    // A lifetime parameter nothing names (selectors 0.42): late bound, so no caller
    // names it either.
    same("pub fn f<'a, E>(e: E) {}", "pub fn f<E>(e: E) {}");
    same(
        "pub struct S; impl S { pub fn f<'a, 'b>(&'b self, x: &'b u8) {} }",
        "pub struct S; impl S { pub fn f<'b>(&'b self, x: &'b u8) {} }",
    );
    // The elision source kept named by a bound (palette 0.7.7): what an output lifetime
    // left out stands for is that lifetime.
    same(
        "pub struct S; impl S { pub fn get<'a, T: 'a>(&'a self, t: T) -> Option<&[T]> { todo!() } }",
        "pub struct S; impl S { pub fn get<'a, T: 'a>(&'a self, t: T) -> Option<&'a [T]> { todo!() } }",
    );
    breaks(
        "pub struct S; impl S { pub fn get<'a, T: 'a>(&'a self, t: T) -> Option<&[T]> { todo!() } }",
        "pub struct S; impl S { pub fn get<'a, T: 'a>(&'a self, t: T) -> Option<&'static [T]> { todo!() } }",
        DeltaKind::ReturnTypeChanged,
    );
    // Outside a signature too (slog 2.8): a supertrait's and a `where` bound's `Fn`
    // sugar, a field's `dyn Fn`.
    same(
        "pub trait FilterFn: Fn(&Record) -> bool {}",
        "pub trait FilterFn: Fn(&Record<'_>) -> bool {}",
    );
    same(
        "pub struct Filter<F>(pub F) where F: Fn(&Record) -> bool;",
        "pub struct Filter<F>(pub F) where F: Fn(&'_ Record<'_>) -> bool;",
    );
    same(
        "pub struct S { pub f: Box<dyn Fn(&Record, &mut Vec<u8>)> }",
        "pub struct S { pub f: Box<dyn Fn(&Record<'_>, &mut Vec<u8>)> }",
    );
    same(
        "pub trait FilterFn {} impl<T> FilterFn for T where T: Fn(&Record) -> bool + ?Sized {}",
        "pub trait FilterFn {} impl<T> FilterFn for T where T: Fn(&Record<'_>) -> bool + ?Sized {}",
    );
    // Near misses: another lifetime than the elided one.
    breaks(
        "pub struct Filter<F>(pub F) where F: Fn(&Record) -> bool;",
        "pub struct Filter<F>(pub F) where F: Fn(&Record<'static>) -> bool;",
        DeltaKind::GenericBoundAdded,
    );
    breaks(
        "pub trait FilterFn {} impl<T> FilterFn for T where T: Fn(&Record) -> bool + ?Sized {}",
        "pub trait FilterFn {} impl<T> FilterFn for T where T: Fn(&Record<'static>) -> bool + ?Sized {}",
        DeltaKind::TraitImplementorRemoved,
    );
    breaks(
        "pub trait Lend { type Item<'a>; fn f(x: &Self::Item<'static>); }",
        "pub trait Lend { type Item<'a>; fn f(x: &Self::Item<'_>); }",
        DeltaKind::ParamTypeChanged,
    );
    breaks(
        "pub fn f<'a>(x: &'a str) -> &'a str { x }",
        "pub fn f(x: &str) -> &'static str { x }",
        DeltaKind::ReturnTypeChanged,
    );
    breaks(
        "pub struct S; impl S { pub fn get<'a>(&self, k: &'a str) -> &'a str { k } }",
        "pub struct S; impl S { pub fn get(&self, k: &str) -> &str { k } }",
        DeltaKind::MethodSignatureChanged,
    );
    breaks(
        "pub trait Show {} impl Show for Iter<'_> {}",
        "pub trait Show {} impl Show for Iter<'static> {}",
        DeltaKind::TraitImplementorRemoved,
    );
}

#[test]
fn self_is_the_self_type() {
    same(
        "pub struct W<T>(T); impl<T> W<T> { pub fn new(t: T) -> Self { W(t) } }",
        "pub struct W<T>(T); impl<T> W<T> { pub fn new(t: T) -> W<T> { W(t) } }",
    );
    same(
        "pub struct W; impl W { pub fn same(&self, other: &Self) -> Result<Self, E> { todo!() } }",
        "pub struct W; impl W { pub fn same(&self, other: &W) -> Result<W, E> { todo!() } }",
    );
    same(
        "pub struct Node { pub next: Option<Box<Self>> }",
        "pub struct Node { pub next: Option<Box<Node>> }",
    );
    // The receiver keeps its form: `self: Box<Self>` is a receiver.
    same(
        "pub struct W; impl W { pub fn into_inner(self: Box<Self>) {} }",
        "pub struct W; impl W { pub fn into_inner(self: Box<Self>) {} }",
    );
    // Near misses: in `impl W<u8>`, `Self` is `W<u8>`, not `W<T>`; in a trait, `Self`
    // is every implementor, not a type.
    breaks(
        "pub struct W<T>(T); impl W<u8> { pub fn new() -> Self { todo!() } }",
        "pub struct W<T>(T); impl W<u8> { pub fn new() -> W<u16> { todo!() } }",
        DeltaKind::ReturnTypeChanged,
    );
    breaks(
        "pub struct W; pub trait T { fn make() -> Self; }",
        "pub struct W; pub trait T { fn make() -> W; }",
        DeltaKind::ReturnTypeChanged,
    );
}

#[test]
fn a_conversion_bound_is_its_into_form() {
    // std's blanket impls: every `TryFrom` is a `TryInto`, every `From` an `Into`.
    same(
        "pub fn f<T, U>(t: T) -> Result<U, <U as TryFrom<T>>::Error> where U: TryFrom<T> { todo!() }",
        "pub fn f<T, U>(t: T) -> Result<U, <T as TryInto<U>>::Error> where T: TryInto<U> { todo!() }",
    );
    same(
        "pub fn f<T>(t: T) -> String where String: From<T> { todo!() }",
        "pub fn f<T: Into<String>>(t: T) -> String { todo!() }",
    );
    same(
        "pub fn get<K, Q>(q: &Q) -> K where K: From<&Q> { todo!() }",
        "pub fn get<K, Q>(q: &Q) -> K where &Q: Into<K> { todo!() }",
    );
    same(
        "pub struct S; impl S { pub fn put<T>(&self, uri: T) where crate::Uri: TryFrom<T>, <crate::Uri as TryFrom<T>>::Error: Into<crate::Error> {} }",
        "pub struct S; impl S { pub fn put<T>(&self, uri: T) where T: TryInto<crate::Uri>, <T as TryInto<crate::Uri>>::Error: Into<crate::Error> {} }",
    );
    // Near misses: another target; a supertrait is no bound on a parameter.
    breaks(
        "pub fn f<T>(t: T) where u64: TryFrom<T> {}",
        "pub fn f<T>(t: T) where T: TryInto<u32> {}",
        DeltaKind::MethodSignatureChanged,
    );
    breaks(
        "pub trait T: From<u8> {}",
        "pub trait T where u8: Into<Self> {}",
        DeltaKind::TraitSupertraitRemoved,
    );
}

#[test]
fn predicates_on_one_type_are_one_predicate() {
    same(
        "pub fn f<T>(t: T) where Vec<T>: Clone, Vec<T>: Send {}",
        "pub fn f<T>(t: T) where Vec<T>: Clone + Send {}",
    );
    breaks(
        "pub fn f<T>(t: T) where Vec<T>: Clone + Send {}",
        "pub fn f<T>(t: T) where Vec<T>: Clone + Send, Vec<T>: Sync {}",
        DeltaKind::MethodSignatureChanged,
    );
}

#[test]
fn a_closure_bound_relaxed_keeps_every_caller() {
    // Every `Fn` is an `FnMut`, every `FnMut` an `FnOnce`.
    relaxes(
        "pub fn group<V, K, F: Fn(&V) -> K>(f: F) {}",
        "pub fn group<V, K, F: FnMut(&V) -> K>(f: F) {}",
    );
    // Near misses: tightened, another signature, and a trait's implementors.
    breaks(
        "pub fn group<V, K, F: FnMut(&V) -> K>(f: F) {}",
        "pub fn group<V, K, F: Fn(&V) -> K>(f: F) {}",
        DeltaKind::MethodSignatureChanged,
    );
    breaks(
        "pub fn group<V, K, F: Fn(&V) -> K>(f: F) {}",
        "pub fn group<V, K, F: FnMut(V) -> K>(f: F) {}",
        DeltaKind::MethodSignatureChanged,
    );
    breaks(
        "pub trait G { fn group<F: Fn(u8)>(&self, f: F); }",
        "pub trait G { fn group<F: FnMut(u8)>(&self, f: F); }",
        DeltaKind::GenericBoundRemoved,
    );
}

#[test]
fn a_bound_std_implies_through_a_blanket_impl_keeps_every_caller() {
    // `impl<I: Iterator> IntoIterator for I` (its `Item` the iterator's) and `impl<T:
    // Display + ?Sized> ToString for T`: fastrand 2.3's `choose_multiple`.
    for (before, after) in [
        (
            "pub fn choose_multiple<T: Iterator>(source: T, amount: usize) -> Vec<T::Item> { todo!() }",
            "pub fn choose_multiple<I: IntoIterator>(source: I, amount: usize) -> Vec<I::Item> { todo!() }",
        ),
        (
            "pub fn sum<T>(xs: T) -> u64 where T: core::iter::Iterator<Item = u64> { 0 }",
            "pub fn sum<T>(xs: T) -> u64 where T: IntoIterator<Item = u64> { 0 }",
        ),
        (
            "pub fn show<T: std::fmt::Display>(x: T) -> String { todo!() }",
            "pub fn show<T: ToString>(x: T) -> String { todo!() }",
        ),
    ] {
        relaxes(before, after);
    }
    // Near misses: narrowed, another item type, and a trait's implementors (an impl
    // with the old bound is stricter than the trait).
    breaks(
        "pub fn sum<T: IntoIterator>(xs: T) {}",
        "pub fn sum<T: Iterator>(xs: T) {}",
        DeltaKind::MethodSignatureChanged,
    );
    breaks(
        "pub fn sum<T: Iterator<Item = u64>>(xs: T) {}",
        "pub fn sum<T: IntoIterator<Item = u32>>(xs: T) {}",
        DeltaKind::MethodSignatureChanged,
    );
    breaks(
        "pub trait Sum { fn sum<T: Iterator>(&self, xs: T); }",
        "pub trait Sum { fn sum<T: IntoIterator>(&self, xs: T); }",
        DeltaKind::GenericBoundRemoved,
    );
}

#[test]
fn a_return_that_outlives_the_borrow_of_self_keeps_every_caller() {
    // clap_lex 0.7.7: `&self` methods of `impl<'s> ParsedArg<'s>` returning what
    // borrows `self` now return what lives for the type's own `'s`, which outlives the
    // borrow.
    let before = |ret: &str| {
        format!(
            "pub struct P<'s>(&'s str); impl<'s> P<'s> {{ pub fn v(&self) -> {ret} {{ todo!() }} }}"
        )
    };
    let after = |ret: &str| {
        format!(
            "pub struct P<'s>(&'s str); impl<'s> P<'s> {{ pub fn v(&self) -> {ret} {{ todo!() }} }}"
        )
    };
    for (was, now) in [
        ("&str", "&'s str"),
        ("Result<&str, &[u8]>", "Result<&'s str, &'s [u8]>"),
        (
            "Option<(&str, Option<&str>)>",
            "Option<(&'s str, Option<&'s str>)>",
        ),
        ("impl '_ + std::fmt::Display", "impl 's + std::fmt::Display"),
    ] {
        only_additive(&before(was), &after(now), DeltaKind::ReturnTypeChanged);
    }
    // Near misses: shortened; invariant under `&mut`; a trait's implementors must
    // return the new type.
    breaks(
        &after("&'s str"),
        &before("&str"),
        DeltaKind::ReturnTypeChanged,
    );
    breaks(
        "pub struct P<'s>(&'s str); impl<'s> P<'s> { pub fn v(&mut self) -> &mut Vec<&str> { todo!() } }",
        "pub struct P<'s>(&'s str); impl<'s> P<'s> { pub fn v(&mut self) -> &mut Vec<&'s str> { todo!() } }",
        DeltaKind::ReturnTypeChanged,
    );
    breaks(
        "pub trait T<'s> { fn v(&self) -> &str; }",
        "pub trait T<'s> { fn v(&self) -> &'s str; }",
        DeltaKind::ReturnTypeChanged,
    );
}

#[test]
fn a_returned_type_of_the_crate_lengthens_as_its_fields_allow() {
    // clap_lex 0.7.7: `to_short(&self) -> Option<ShortFlags>` became `-> Option<
    // ShortFlags<'s>>`; `ShortFlags` holds only covariant fields, so the flags outlive
    // the borrow of `self` and every caller compiles.
    let crate_with = |flags: &str, ret: &str| {
        format!(
            "pub struct ShortFlags<'s> {{ {flags} }}
             pub struct P<'s>(&'s str);
             impl<'s> P<'s> {{ pub fn to_short(&self) -> {ret} {{ todo!() }} }}"
        )
    };
    let covariant = "inner: &'s std::ffi::OsStr, utf8_prefix: std::str::CharIndices<'s>, \
                     invalid_suffix: Option<&'s std::ffi::OsStr>";
    for (was, now) in [
        ("Option<ShortFlags>", "Option<ShortFlags<'s>>"),
        ("ShortFlags<'_>", "ShortFlags<'s>"),
        ("std::str::CharIndices<'_>", "std::str::CharIndices<'s>"),
        ("P", "P<'s>"),
    ] {
        only_additive(
            &crate_with(covariant, was),
            &crate_with(covariant, now),
            DeltaKind::ReturnTypeChanged,
        );
    }
    // Near misses: a field that makes the type invariant (`Cell`, `&mut`, a trait
    // object's argument), one whose variance is not known (another crate's type), and
    // the other way round (shortened).
    for flags in [
        "inner: std::cell::Cell<&'s str>",
        "inner: &'s mut &'s str",
        "inner: Box<dyn Fn(&'s str)>",
        "inner: other::Flags<'s>",
    ] {
        breaks(
            &crate_with(flags, "Option<ShortFlags>"),
            &crate_with(flags, "Option<ShortFlags<'s>>"),
            DeltaKind::ReturnTypeChanged,
        );
    }
    breaks(
        &crate_with(covariant, "Option<ShortFlags<'s>>"),
        &crate_with(covariant, "Option<ShortFlags>"),
        DeltaKind::ReturnTypeChanged,
    );
}

#[test]
fn a_type_that_stops_being_covariant_breaks_even_through_private_fields() {
    // Code that passed a `F<'long>` where a `F<'short>` was expected stops compiling
    // (`fn shorten<'a>(f: F<'static>) -> F<'a> { f }`), whoever can see the field.
    let lost = |now: &str| {
        let found = breaks(
            "pub struct F<'s> { inner: &'s str }",
            &format!("pub struct F<'s> {{ inner: {now} }}"),
            DeltaKind::LifetimeParamChanged,
        );
        assert!(
            found
                .iter()
                .any(|d| contract_core::render::detail(d).contains("no longer covariant")),
            "{}",
            common::show(&found)
        );
    };
    lost("std::cell::Cell<&'s str>");
    lost("&'s mut Vec<&'s str>");
    lost("Box<dyn std::borrow::Borrow<&'s str>>");
    lost("*mut &'s str");
    // Near misses: still covariant, or used where its variance is not known (another
    // crate's type): no break is claimed.
    for now in [
        "Option<&'s str>",
        "(&'s str, std::str::CharIndices<'s>)",
        "other::Thing<'s>",
        "fn(&'s str)",
    ] {
        let found = deltas(
            "pub struct F<'s> { inner: &'s str }",
            &format!("pub struct F<'s> {{ inner: {now} }}"),
        );
        assert!(
            found
                .iter()
                .all(|d| d.kind != DeltaKind::LifetimeParamChanged && !d.is_breaking()),
            "{now}: {}",
            common::show(&found)
        );
    }
}

#[test]
fn a_borrow_of_self_freed_from_the_impl_s_lifetime_keeps_every_caller() {
    // quick-xml 0.42: `fn try_get_attribute(&'i self, …) -> Attribute<'i>` of `impl<'i>
    // BytesStart<'i>` now borrows `self` for a lifetime the caller picks, `'i` among them.
    let block = |method: &str| {
        format!(
            "pub struct A<'a>(&'a [u8]); pub struct P<'i>(&'i [u8]); \
             impl<'i> P<'i> {{ {method} }}"
        )
    };
    for (was, now) in [
        (
            "pub fn get(&'i self) -> Option<A<'i>> { todo!() }",
            "pub fn get(&self) -> Option<A<'_>> { todo!() }",
        ),
        (
            "pub fn get(&'i self) -> &'i [u8] { todo!() }",
            "pub fn get(&self) -> &[u8] { todo!() }",
        ),
        (
            "pub fn get(&'i self) -> impl Iterator<Item = &'i u8> + 'i { [].iter() }",
            "pub fn get(&self) -> impl Iterator<Item = &u8> + '_ { [].iter() }",
        ),
        // The return keeps `'i`: only the borrow is freed.
        (
            "pub fn raw(&'i self) -> &'i [u8] { todo!() }",
            "pub fn raw(&self) -> &'i [u8] { todo!() }",
        ),
        (
            "pub fn set(&'i mut self, v: u8) {}",
            "pub fn set(&mut self, v: u8) {}",
        ),
    ] {
        only_additive(&block(was), &block(now), DeltaKind::ReceiverChanged);
    }
    // Near misses: held longer; another mutability; a return that is not the old one at
    // the new borrow (another type; `'i` inside a fn pointer, where elision means
    // another thing); a trait's implementors must take the new receiver.
    breaks(
        &block("pub fn get(&self) -> &[u8] { todo!() }"),
        &block("pub fn get(&'i self) -> &'i [u8] { todo!() }"),
        DeltaKind::ReceiverChanged,
    );
    breaks(
        &block("pub fn get(&'i self) -> &'i [u8] { todo!() }"),
        &block("pub fn get(&mut self) -> &[u8] { todo!() }"),
        DeltaKind::ReceiverChanged,
    );
    breaks(
        &block("pub fn get(&'i self) -> &'i [u8] { todo!() }"),
        &block("pub fn get(&self) -> &[u16] { todo!() }"),
        DeltaKind::ReturnTypeChanged,
    );
    breaks(
        &block("pub fn get(&'i self) -> fn(&'i u8) { todo!() }"),
        &block("pub fn get(&self) -> fn(&u8) { todo!() }"),
        DeltaKind::ReturnTypeChanged,
    );
    breaks(
        "pub trait T<'s> { fn v(&'s self) -> &'s str; }",
        "pub trait T<'s> { fn v(&self) -> &str; }",
        DeltaKind::ReceiverChanged,
    );
}

#[test]
fn an_inherent_default_or_clone_made_the_trait_s_keeps_every_call() {
    // quoted_printable 0.5.2: `impl Options { pub fn default() -> Self }` became
    // `impl Default for Options`; `Options::default()` resolves to the prelude's trait.
    // The derive is new (additive); the method is not lost.
    only_additive(
        "pub struct Options { x: u8 } impl Options { pub fn default() -> Self { todo!() } }",
        "#[derive(Default)] pub struct Options { x: u8 }",
        DeltaKind::DeriveAdded,
    );
    only_additive(
        "#[derive(Debug)] pub struct P; impl P { pub fn clone(&self) -> Self { P } }",
        "#[derive(Debug, Clone)] pub struct P;",
        DeltaKind::DeriveAdded,
    );
    // Near misses: no impl of the trait now, a `const fn` (no trait method is callable
    // in a const), and another signature.
    breaks(
        "pub struct Options { x: u8 } impl Options { pub fn default() -> Self { todo!() } }",
        "pub struct Options { x: u8 }",
        DeltaKind::MethodRemoved,
    );
    breaks(
        "pub struct O; impl O { pub const fn default() -> Self { O } }",
        "#[derive(Default)] pub struct O;",
        DeltaKind::MethodRemoved,
    );
    breaks(
        "pub struct O; impl O { pub fn default(x: u8) -> Self { O } }",
        "#[derive(Default)] pub struct O;",
        DeltaKind::MethodRemoved,
    );
}

#[test]
fn an_alias_at_its_default_is_the_alias_with_the_default_written() {
    // mustache 0.9 dropped `Result<T = ()>`'s default and wrote `Result<()>` where 0.8
    // wrote `Result`.
    let before = "pub struct Error; pub type Result<T = ()> = std::result::Result<T, Error>;
        pub fn render() -> Result { Ok(()) }";
    let after = "pub struct Error; pub type Result<T> = std::result::Result<T, Error>;
        pub fn render() -> Result<()> { Ok(()) }";
    let found = deltas(before, after);
    assert!(
        found.iter().all(|d| d.symbol == "Result"),
        "only the alias's own default changed: {}",
        common::show(&found)
    );
    // Near miss: another argument than the default.
    let found = deltas(before, &after.replace("Result<()>", "Result<u8>"));
    assert!(
        found
            .iter()
            .any(|d| d.symbol == "render" && d.kind == DeltaKind::ReturnTypeChanged),
        "{}",
        common::show(&found)
    );
}

#[test]
fn a_mutable_receiver_made_shared_breaks_the_method_as_a_function_value() {
    // papaya 0.2.5's `retain(&mut self, …)` now `retain(&self, …)`: `x.retain(…)` still
    // compiles, but `sets.iter_mut().map(HashSet::retain)` does not (E0631: expected
    // `fn(&mut _)`, found `fn(&_)`; la-arena 0.3.1 and linked-hash-map 0.5.6 in the
    // corpus, compiled).
    breaks(
        "pub struct S; impl S { pub fn retain(&mut self, keep: bool) {} }",
        "pub struct S; impl S { pub fn retain(&self, keep: bool) {} }",
        DeltaKind::ReceiverChanged,
    );
}

#[test]
fn an_impl_generalised_over_a_defaulted_parameter_keeps_every_use() {
    let before = "use std::collections::hash_map::RandomState;
        pub struct Edges<N, E>(N, E);
        pub struct GraphMap<N, E> { n: N, e: E }
        impl<N, E> GraphMap<N, E> {
            pub fn new() -> Self { todo!() }
            pub fn edges(&self) -> Edges<N, E> { todo!() }
            pub fn node_count(&self) -> usize { 0 }
        }";
    let after = "use std::collections::hash_map::RandomState;
        pub struct Edges<N, E, S = RandomState>(N, E, S);
        pub struct GraphMap<N, E, S = RandomState> { n: N, e: E, s: S }
        impl<N, E, S: std::hash::BuildHasher> GraphMap<N, E, S> {
            pub fn new() -> Self where S: Default { todo!() }
            pub fn edges(&self) -> Edges<N, E, S> { todo!() }
            pub fn node_count(&self) -> usize { 0 }
        }";
    only_additive(before, after, DeltaKind::GenericParamAddedWithDefault);
    // Near misses: a parameter with no default breaks every use (the type's change:
    // see the next test); a method that now returns another type at the default is
    // still a change.
    breaks(
        before,
        &after.replace(
            "pub struct GraphMap<N, E, S = RandomState>",
            "pub struct GraphMap<N, E, S>",
        ),
        DeltaKind::GenericParamAdded,
    );
    breaks(
        before,
        &after.replace(
            "pub fn node_count(&self) -> usize",
            "pub fn node_count(&self) -> S",
        ),
        DeltaKind::ReturnTypeChanged,
    );
}

#[test]
fn an_impl_generalised_over_a_defaulted_const_parameter_keeps_every_use() {
    // kiddo 6.3: `const ITEM_LEAF_MODE: u8 = ITEM_LEAF_MODE_UNSORTED` gained by the tree,
    // its inherent and trait impls generalised over it (57 false breaks).
    let before = "pub const UNSORTED: u8 = 0;
        pub trait Accessor<const K: usize> { fn size(&self) -> usize; }
        pub struct Iter<Tree, const K: usize>(Tree);
        pub struct KdTree<A, const K: usize> { a: A }
        impl<A, const K: usize> KdTree<A, K> {
            pub fn size(&self) -> usize { 0 }
            pub fn iter(&self) -> Iter<KdTree<A, K>, K> { todo!() }
        }
        impl<A, const K: usize> Accessor<K> for KdTree<A, K> { fn size(&self) -> usize { 0 } }";
    let after = "pub const UNSORTED: u8 = 0;
        pub trait Accessor<const K: usize> { fn size(&self) -> usize; }
        pub struct Iter<Tree, const K: usize>(Tree);
        pub struct KdTree<A, const K: usize, const MODE: u8 = UNSORTED> { a: A }
        impl<A, const K: usize, const MODE: u8> KdTree<A, K, MODE> {
            pub fn size(&self) -> usize { 0 }
            pub fn iter(&self) -> Iter<KdTree<A, K, MODE>, K> { todo!() }
        }
        impl<A, const K: usize, const MODE: u8> Accessor<K> for KdTree<A, K, MODE> {
            fn size(&self) -> usize { 0 }
        }";
    only_additive(before, after, DeltaKind::GenericParamAddedWithDefault);
    // Near misses: the parameter without a default, and a method that now returns the
    // tree at another mode.
    breaks(
        before,
        &after.replace("const MODE: u8 = UNSORTED>", "const MODE: u8>"),
        DeltaKind::GenericParamAdded,
    );
    breaks(
        before,
        &after.replace("Iter<KdTree<A, K, MODE>, K>", "Iter<KdTree<A, K, 1>, K>"),
        DeltaKind::ReturnTypeChanged,
    );
}

#[test]
fn an_impl_over_a_defaulted_parameter_and_a_fallible_conversion_covers_the_old_one() {
    // chumsky 0.13's `impl<'a, I, L, C> LabelError<'a, I, L> for Rich<'a, …, C> where L:
    // TryInto<RichPattern<…>>` for 0.12's `… for Rich<'a, …> where L: Into<…>`.
    let before = "pub trait Label<L> {} pub struct Rich<T>(T);
        impl<T, L> Label<L> for Rich<T> where L: Into<String> {}";
    let after = "pub trait Label<L> {} pub struct Rich<T, C = String>(T, C);
        impl<T, L, C> Label<L> for Rich<T, C> where L: TryInto<String> {}";
    let found = deltas(before, after);
    assert!(
        found.iter().all(|d| !d.is_breaking()),
        "{}",
        common::show(&found)
    );
    // Near misses: a conversion into another type, and the other way round (a
    // fallible conversion does not give an infallible one).
    breaks(
        before,
        &after.replace("TryInto<String>", "TryInto<u8>"),
        DeltaKind::TraitImplementorRemoved,
    );
    breaks(
        &before.replace("Into<String>", "TryInto<String>"),
        &after.replace("TryInto<String>", "Into<String>"),
        DeltaKind::TraitImplementorRemoved,
    );
}

#[test]
fn a_static_return_lifetime_the_caller_now_picks_keeps_every_call() {
    // chumsky 0.13's `DefaultExpected::into_owned`: the caller picks `'b`, `'static`
    // among them.
    let before = "pub struct E<'a, T>(&'a T); impl<T> E<'_, T> { pub fn into_owned(self) -> E<'static, T> where T: Clone { todo!() } }";
    let after = "pub struct E<'a, T>(&'a T); impl<T> E<'_, T> { pub fn into_owned<'b>(self) -> E<'b, T> where T: Clone { todo!() } }";
    let found = deltas(before, after);
    assert!(
        !found.is_empty() && found.iter().all(|d| !d.is_breaking()),
        "{}",
        common::show(&found)
    );
    // Near misses: the other way round takes the caller's pick away; a lifetime an
    // argument names is no free pick; another type at `'static`.
    breaks(after, before, DeltaKind::ReturnTypeChanged);
    breaks(
        "pub fn f(x: &u8) -> E<'static> { todo!() }",
        "pub fn f<'b>(x: &'b u8) -> E<'b> { todo!() }",
        DeltaKind::ReturnTypeChanged,
    );
    breaks(
        "pub fn f() -> E<'static, u8> { todo!() }",
        "pub fn f<'b>() -> E<'b, u16> { todo!() }",
        DeltaKind::ReturnTypeChanged,
    );
}

/// zstd 0.14.5: `dictionary: &'a EncoderDictionary<'b>`, `'a` the impl's (the encoder
/// borrowed the dictionary), became `&EncoderDictionary<'b>`: any borrow will do now,
/// the old one among them.
#[test]
fn a_borrow_for_a_named_lifetime_that_takes_any_borrow_now_keeps_every_call() {
    let block = |param: &str| {
        format!(
            "pub struct Dict<'b>(&'b [u8]); pub struct Encoder<'a>(&'a u8);\n\
             impl<'a> Encoder<'a> {{ pub fn with_prepared_dictionary<'b>(dictionary: {param}) \
             -> Self where 'b: 'a {{ todo!() }} }}"
        )
    };
    relaxes(&block("&'a Dict<'b>"), &block("&Dict<'b>"));
    relaxes(&block("&'a mut Dict<'b>"), &block("&'_ mut Dict<'b>"));
    // Near misses: the other way round; a shared borrow where a unique one was; a
    // trait's method, whose implementors must now take any borrow.
    breaks(
        &block("&Dict<'b>"),
        &block("&'a Dict<'b>"),
        DeltaKind::ParamTypeChanged,
    );
    breaks(
        &block("&'a mut Dict<'b>"),
        &block("&Dict<'b>"),
        DeltaKind::ParamTypeChanged,
    );
    let found = deltas(
        "pub trait Sink<'a> { fn put(&self, x: &'a u8); }",
        "pub trait Sink<'a> { fn put(&self, x: &u8); }",
    );
    assert!(
        found.iter().any(|d| d.is_breaking()),
        "{}",
        common::show(&found)
    );
}

#[test]
fn a_binder_whose_lifetime_the_bound_does_not_name_binds_nothing() {
    // typed-path 0.13: `where T: for<'enc> Encoding` became `where T: Encoding`.
    let enc = "pub trait Encoding {} pub trait Dec<'a> {}";
    same(
        &format!("{enc} pub struct A<'a, T>(&'a T) where T: for<'enc> Encoding;"),
        &format!("{enc} pub struct A<'a, T>(&'a T) where T: Encoding;"),
    );
    same(
        &format!("{enc} pub fn f<T>(t: T) where for<'x> T: Encoding {{}}"),
        &format!("{enc} pub fn f<T: Encoding>(t: T) {{}}"),
    );
    // Near miss: a binder the bound names is a bound for every lifetime.
    breaks(
        &format!("{enc} pub fn f<T>(t: T) where T: Dec<'static> {{}}"),
        &format!("{enc} pub fn f<T>(t: T) where T: for<'d> Dec<'d> {{}}"),
        DeltaKind::MethodSignatureChanged,
    );
}

#[test]
fn a_return_lifetime_elision_gives_is_the_one_written() {
    // tiny-skia 0.12: `impl<'a> Pattern<'a> { pub fn new(pixmap: PixmapRef<'a>, …) ->
    // Shader }` now writes `-> Shader<'a>`: the parameters name `'a` only, so elision
    // gives the return `'a`.
    let ty = "pub struct R<'a>(&'a u8); pub enum S<'a> { P(R<'a>) } pub struct P<'a>(R<'a>);";
    let block = |ret: &str| {
        format!("{ty} impl<'a> P<'a> {{ pub fn new(pixmap: R<'a>, opacity: f32) -> {ret} {{ todo!() }} }}")
    };
    same(&block("S"), &block("S<'a>"));
    same(&block("Option<&u8>"), &block("Option<&'a u8>"));
    // Near misses: another lifetime in the parameters (elision gives nothing, so the
    // old return could not have left it out); a return of `'static`.
    let two = |ret: &str| {
        format!("{ty} impl<'a> P<'a> {{ pub fn new<'b>(pixmap: R<'a>, other: R<'b>) -> {ret} {{ todo!() }} }}")
    };
    breaks(&two("S<'b>"), &two("S<'a>"), DeltaKind::ReturnTypeChanged);
    breaks(
        &block("S<'static>"),
        &block("S<'a>"),
        DeltaKind::ReturnTypeChanged,
    );
}

#[test]
fn an_impl_return_lifetime_the_caller_now_picks_keeps_every_call() {
    // plotters 0.3.7's `ChartBuilder::build_cartesian_2d`: `-> ChartContext<'a, DB>`,
    // `'a` the impl's, became `fn build_cartesian_2d<'c>(&mut self) -> ChartContext<'c,
    // DB>`; the caller picks `'c`, `'a` among them.
    let ty = "pub struct C<'a, D>(&'a D); pub struct B<'a, 'b, D>(&'a D, &'b D);";
    let before = format!("{ty} impl<'a, 'b, D> B<'a, 'b, D> {{ pub fn build(&mut self) -> Result<C<'a, D>, ()> {{ todo!() }} }}");
    let after = format!("{ty} impl<'a, 'b, D> B<'a, 'b, D> {{ pub fn build<'c>(&mut self) -> Result<C<'c, D>, ()> {{ todo!() }} }}");
    let found = deltas(&before, &after);
    assert!(
        !found.is_empty() && found.iter().all(|d| !d.is_breaking()),
        "{}",
        common::show(&found)
    );
    // Near misses: the caller's pick taken away; one new lifetime where the old return
    // had two; a rename of the fn's own lifetime is no generalisation.
    breaks(&after, &before, DeltaKind::ReturnTypeChanged);
    let two = |ret: &str| {
        format!("{ty} impl<'a, 'b, D> B<'a, 'b, D> {{ pub fn build{ret} {{ todo!() }} }}")
    };
    breaks(
        &two("(&mut self) -> (C<'a, D>, C<'b, D>)"),
        &two("<'c>(&mut self) -> (C<'c, D>, C<'c, D>)"),
        DeltaKind::ReturnTypeChanged,
    );
    same(
        &two("<'x>(&mut self) -> C<'x, D>"),
        &two("<'c>(&mut self) -> C<'c, D>"),
    );
}

#[test]
fn a_field_that_becomes_a_parameter_defaulting_to_its_type_keeps_every_use() {
    // chumsky 0.13: `RichReason<'a, T>` with `Custom(String)` became `RichReason<'a, T,
    // C = String>` with `Custom(C)`; every type a consumer named is the default.
    only_additive(
        "pub enum Reason<'a, T> { Expected(&'a T), Custom(String) }",
        "pub enum Reason<'a, T, C = String> { Expected(&'a T), Custom(C) }",
        DeltaKind::GenericParamAddedWithDefault,
    );
    only_additive(
        "pub struct Rich<T> { pub found: T, pub note: Vec<String> }",
        "pub struct Rich<T, C = String> { pub found: T, pub note: Vec<C> }",
        DeltaKind::GenericParamAddedWithDefault,
    );
    // Near misses: another default, and a parameter without one.
    breaks(
        "pub enum Reason<'a, T> { Expected(&'a T), Custom(String) }",
        "pub enum Reason<'a, T, C = Box<str>> { Expected(&'a T), Custom(C) }",
        DeltaKind::FieldTypeChanged,
    );
    breaks(
        "pub struct Rich<T> { pub found: T, pub note: String }",
        "pub struct Rich<T, C> { pub found: T, pub note: C }",
        DeltaKind::GenericParamAdded,
    );
}

/// A type parameter gained without a default breaks every use of the type, once: an
/// `impl` block taking it up is that change, not a parameter each method gained
/// (raw-cpuid 10 → 11: `CpuId` → `CpuId<R: CpuIdReader>`, 79 methods).
#[test]
fn a_parameter_the_type_gained_is_not_each_method_s() {
    let before = "pub struct CpuId { read: fn(u32) -> u32 }
        impl CpuId {
            pub fn vendor(&self) -> u8 { 0 }
            pub fn with_cpuid_fn(f: fn(u32) -> u32) -> CpuId { todo!() }
        }";
    let after = "pub trait CpuIdReader: Clone {}
        pub struct CpuId<R: CpuIdReader> { read: R }
        impl<R: CpuIdReader> CpuId<R> {
            pub fn vendor(&self) -> u8 { 0 }
            pub fn with_cpuid_fn(f: R) -> CpuId<R> { todo!() }
        }";
    let found = breaks(before, after, DeltaKind::GenericParamAdded);
    let methods: Vec<String> = found
        .iter()
        .filter(|d| d.is_breaking() && d.kind != DeltaKind::GenericParamAdded)
        .map(|d| format!("{} {}", d.kind, contract_core::render::detail(d)))
        .collect();
    assert!(
        methods.iter().all(|d| !d.contains("vendor")),
        "`vendor` did not change: {methods:?}"
    );
    assert!(
        methods
            .iter()
            .any(|d| d.starts_with("param_type_changed") && d.contains("with_cpuid_fn")),
        "what changed in a method is still shown: {methods:?}"
    );
}

#[test]
fn a_trait_impl_generalised_over_a_defaulted_parameter_keeps_every_implementor() {
    let before = "pub trait Visit {}
        pub struct Graph<N, E>(N, E);
        impl<N, E> Visit for Graph<N, E> {}";
    let after = "pub trait Visit {}
        pub struct Graph<N, E, S = std::hash::RandomState>(N, E, S);
        impl<N, E, S: std::hash::BuildHasher> Visit for Graph<N, E, S> {}";
    // More types implement it.
    only_additive(before, after, DeltaKind::TraitImplementorAdded);
    // Near misses: an argument fixed where the old type had its default, and a
    // parameter with no default (every old `Graph<N, E>` stops compiling).
    breaks(
        before,
        &after.replace(
            "impl<N, E, S: std::hash::BuildHasher> Visit for Graph<N, E, S>",
            "impl<N, E> Visit for Graph<N, E, std::collections::hash_map::DefaultHasher>",
        ),
        DeltaKind::TraitImplementorRemoved,
    );
    breaks(
        before,
        &after.replace("S = std::hash::RandomState", "S"),
        DeltaKind::GenericParamAdded,
    );
}

/// erased-serde 0.3 → 0.4: impls for each boxed trait object replaced by one for every
/// `Box<T>` whose `T` implements the trait, which each object does.
#[test]
fn impls_for_boxed_trait_objects_replaced_by_a_blanket_impl_keep_every_object() {
    let before = "pub trait De<'de> { fn de(&mut self); }
        impl<'de, 'a> De<'de> for Box<dyn De<'de> + 'a> { fn de(&mut self) {} }
        impl<'de, 'a> De<'de> for Box<dyn De<'de> + Send + 'a> { fn de(&mut self) {} }";
    let after = "pub trait De<'de> { fn de(&mut self); }
        impl<'de, T: ?Sized + De<'de>> De<'de> for Box<T> { fn de(&mut self) {} }";
    let found = deltas(before, after);
    assert!(
        found.iter().all(|d| !d.is_breaking()),
        "{}",
        common::show(&found)
    );
    // Near miss: the blanket impl asks for more than the objects give.
    breaks(
        before,
        &after.replace("T: ?Sized + De<'de>", "T: ?Sized + De<'de> + Sync"),
        DeltaKind::TraitImplementorRemoved,
    );
}

#[test]
fn per_length_impls_replaced_by_a_const_generic_impl_keep_every_length() {
    let before = "pub trait Array {}
        impl<T: Default> Array for [T; 1] {}
        impl<T: Default> Array for [T; 2] {}
        impl<T: Default> Array for [T; 32] {}
        impl Array for [u8; 64] {}";
    let after = "pub trait Array {}
        impl<T: Default, const N: usize> Array for [T; N] {}";
    let found = deltas(before, after);
    assert!(
        found.iter().all(|d| !d.is_breaking()),
        "{}",
        common::show(&found)
    );
    // Near misses: a bound the old impls did not have, and a length left out.
    let narrower = breaks(
        before,
        &after.replace("T: Default,", "T: Default + Clone,"),
        DeltaKind::TraitImplementorRemoved,
    );
    assert_eq!(
        narrower
            .iter()
            .filter(|d| d.kind == DeltaKind::TraitImplementorRemoved)
            .count(),
        3,
        "`u8: Clone` holds, `T: Clone` was not required: {}",
        common::show(&narrower)
    );
    breaks(
        before,
        "pub trait Array {} impl<T: Default> Array for [T; 1] {} impl<T: Default> Array for [T; 2] {}",
        DeltaKind::TraitImplementorRemoved,
    );
}

#[test]
fn an_impls_parameters_are_its_own() {
    // Renamed consistently: no change at all.
    same(
        "pub trait Show {} impl<K: Ord, V> Show for Map<K, V> {}",
        "pub trait Show {} impl<A: Ord, B> Show for Map<A, B> {}",
    );
    // A bound std's supertraits imply, and the same bound written in a where clause.
    same(
        "pub trait Show {} impl<T> Show for Wrap<T> where T: Clone {}",
        "pub trait Show {} impl<T: Clone> Show for Wrap<T> {}",
    );
    // The implementors are a set of types, not a count of impls: one impl covering
    // another (rustc would call them overlapping) stands for both.
    same(
        "pub trait Show {} impl<'a, T> Show for Wrap<T> where T: Send {} impl<T> Show for Wrap<T> {}",
        "pub trait Show {} impl<T> Show for Wrap<T> {}",
    );
    // Near misses: the parameters swapped, and one parameter for two.
    breaks(
        "pub trait Show {} impl<K: Ord, V> Show for Map<K, V> {}",
        "pub trait Show {} impl<K, V: Ord> Show for Map<K, V> {}",
        DeltaKind::TraitImplementorRemoved,
    );
    breaks(
        "pub trait Show {} impl<A, B> Show for Pair<A, B> {}",
        "pub trait Show {} impl<T> Show for Pair<T, T> {}",
        DeltaKind::TraitImplementorRemoved,
    );
    // A bound implied by a stronger old one covers it.
    let found = deltas(
        "pub trait Show {} impl<T: Ord> Show for Wrap<T> {}",
        "pub trait Show {} impl<T: PartialOrd> Show for Wrap<T> {}",
    );
    assert!(
        found.iter().all(|d| !d.is_breaking()),
        "{}",
        common::show(&found)
    );
}

#[test]
fn a_constant_written_another_way_is_one_value() {
    // Arithmetic, shifts, casts and std's constants, as rustc evaluates them.
    same(
        "pub const BUF: usize = 64 * 1024;",
        "pub const BUF: usize = 65536;",
    );
    same("pub const FLAG: u8 = 1 << 3;", "pub const FLAG: u8 = 8;");
    same(
        "pub const M: u32 = u16::MAX as u32;",
        "pub const M: u32 = 65535;",
    );
    same("pub const N: i32 = -(2 + 3);", "pub const N: i32 = -5;");
    same(
        "pub const MASK: u8 = !0b1111_0000;",
        "pub const MASK: u8 = 0x0f;",
    );
    same("pub const W: u8 = 300u16 as u8;", "pub const W: u8 = 44;");
    same("pub const S: i8 = -128i8;", "pub const S: i8 = i8::MIN;");
    same(
        "pub const B: u32 = i64::BITS / 2;",
        "pub const B: u32 = 32;",
    );
    same("pub const H: f64 = 1.0 / 2.0;", "pub const H: f64 = 0.5;");
    same("pub const T: f32 = 1e3;", "pub const T: f32 = 1000.0;");
    same(
        "pub const P: f64 = core::f64::consts::PI;",
        "pub const P: f64 = std::f64::consts::PI;",
    );
    same("pub const C: u32 = 'a' as u32;", "pub const C: u32 = 97;");
    same(
        "pub const ON: bool = 3 > 2 && !false;",
        "pub const ON: bool = true;",
    );
    same(
        "pub const NAME: &str = \"a\\x62c\";",
        "pub const NAME: &'static str = \"abc\";",
    );
    // Pointer-sized integers agree on 32 and 64 bits here.
    same(
        "pub const K: usize = 1 << 10;",
        "pub const K: usize = 1024;",
    );
    // Rows at one index, inherent consts and trait defaults alike.
    same(
        "pub const T: &[u32] = &[1 << 4, 2];",
        "pub const T: &[u32] = &[16, 2];",
    );
    same(
        "pub struct S; impl S { pub const MAX: u64 = 10 * 1000; }",
        "pub struct S; impl S { pub const MAX: u64 = 10_000; }",
    );
    same(
        "pub trait T { const N: u8 = 2 * 2; }",
        "pub trait T { const N: u8 = 4; }",
    );
    // An array's length, in a field's or a signature's type.
    same(
        "pub struct B { pub buf: [u8; 4 * 1024] }",
        "pub struct B { pub buf: [u8; 4096] }",
    );
    same(
        "pub fn f(x: &[u16; 1 << 4]) -> [u8; u8::MAX as usize + 1] { todo!() }",
        "pub fn f(x: &[u16; 16]) -> [u8; 256] { todo!() }",
    );
    breaks(
        "pub struct B { pub buf: [u8; 4 * 1024] }",
        "pub struct B { pub buf: [u8; 4 * 1000] }",
        DeltaKind::FieldTypeChanged,
    );
    // Near misses: another value, however written.
    breaks(
        "pub const BUF: usize = 64 * 1024;",
        "pub const BUF: usize = 64 * 1000;",
        DeltaKind::ConstValueChanged,
    );
    breaks(
        "pub const M: u32 = u16::MAX as u32;",
        "pub const M: u32 = u8::MAX as u32;",
        DeltaKind::ConstValueChanged,
    );
    breaks(
        "pub const H: f64 = 0.0;",
        "pub const H: f64 = -0.0;",
        DeltaKind::ConstValueChanged,
    );
    // A value that depends on the target's pointer width is not one value: on a
    // 32-bit target these differ.
    breaks(
        "pub const MAX: usize = usize::MAX;",
        "pub const MAX: usize = 18446744073709551615;",
        DeltaKind::ConstValueChanged,
    );
    // `'static` is what an elided lifetime is in a const's type; another is not.
    breaks(
        "pub struct W<'a>(&'a str); impl<'a> W<'a> { pub const N: &'static str = \"x\"; }",
        "pub struct W<'a>(&'a str); impl<'a> W<'a> { pub const N: &'a str = \"x\"; }",
        DeltaKind::ConstTypeChanged,
    );
    // Another constant of the crate the golden holds is read from it.
    same(
        "pub const KIB: usize = 1024; pub const BUF: usize = 64 * KIB;",
        "pub const KIB: usize = 1024; pub const BUF: usize = 65536;",
    );
    same(
        "pub struct Page; impl Page { pub const SIZE: u32 = 1 << 12; } pub const TWO: u32 = Page::SIZE * 2;",
        "pub struct Page; impl Page { pub const SIZE: u32 = 1 << 12; } pub const TWO: u32 = 8192;",
    );
    breaks(
        "pub const KIB: usize = 1024; pub const BUF: usize = 64 * KIB;",
        "pub const KIB: usize = 1024; pub const BUF: usize = 65537;",
        DeltaKind::ConstValueChanged,
    );
    // What the evaluator does not read: another constant of the crate, named
    // otherwise, may be the same value (ecow 0.3.1's `INLINE_LIMIT`)…
    only_additive(
        "pub const BUF: usize = KIB * 64;",
        "pub const BUF: usize = 64 * KIB;",
        DeltaKind::ConstExpressionChanged,
    );
    only_additive(
        "pub const INLINE_LIMIT: usize = crate::dynamic::LIMIT;",
        "pub const INLINE_LIMIT: usize = EcoBytes::INLINE_LIMIT;",
        DeltaKind::ConstExpressionChanged,
    );
    // … but one constant for another in place is another datum (`bitflags!`).
    breaks(
        "pub const DEFAULT: Flags = Flags::FAST;",
        "pub const DEFAULT: Flags = Flags::SLOW;",
        DeltaKind::ConstValueChanged,
    );
}

#[test]
fn a_trait_object_s_default_lifetime_written_out_is_no_change() {
    // In a container that bounds nothing (`Box`, `Arc`, `Option`): `'static`.
    same(
        "pub fn f(e: Box<dyn std::error::Error + Send>) {}",
        "pub fn f(e: Box<dyn std::error::Error + Send + 'static>) {}",
    );
    same(
        "pub struct S { pub hook: Option<std::sync::Arc<dyn Fn(u8) + Send + Sync>> }",
        "pub struct S { pub hook: Option<std::sync::Arc<dyn Fn(u8) + Send + Sync + 'static>> }",
    );
    // Behind a reference: the reference's lifetime, elided or named.
    same(
        "pub struct S<'a> { pub r: &'a dyn std::any::Any }",
        "pub struct S<'a> { pub r: &'a (dyn std::any::Any + 'a) }",
    );
    same(
        "pub fn f(x: &dyn std::fmt::Debug) {}",
        "pub fn f(x: &(dyn std::fmt::Debug + '_)) {}",
    );
    // In std's guards: their lifetime (`Ref<'b, T: ?Sized + 'b>`).
    same(
        "pub struct G<'b> { pub x: std::cell::Ref<'b, dyn std::any::Any> }",
        "pub struct G<'b> { pub x: std::cell::Ref<'b, dyn std::any::Any + 'b> }",
    );
    // In a bound's arguments and an alias.
    same(
        "pub fn f<T: Into<Box<dyn std::error::Error>>>(t: T) {}",
        "pub fn f<T: Into<Box<dyn std::error::Error + 'static>>>(t: T) {}",
    );
    same(
        "pub type Handler = Box<dyn Fn(&str) -> bool>;",
        "pub type Handler = Box<dyn Fn(&str) -> bool + 'static>;",
    );
    // Near misses: a bound that is not the default of its place.
    let found = deltas(
        "pub struct S<'a> { pub r: &'a (dyn std::any::Any + 'static) }",
        "pub struct S<'a> { pub r: &'a dyn std::any::Any }",
    );
    assert!(
        !found.is_empty(),
        "`+ 'static` behind `&'a` is not the default"
    );
    let found = deltas(
        "pub fn f<'a>(e: Box<dyn std::error::Error + 'a>) {}",
        "pub fn f<'a>(e: Box<dyn std::error::Error>) {}",
    );
    assert!(!found.is_empty(), "`+ 'a` in a `Box` is not the default");
    // A trait with lifetime arguments may bound its objects by them: as written.
    let found = deltas(
        "pub fn f<'a>(e: Box<dyn Visitor<'a>>) {}",
        "pub fn f<'a>(e: Box<dyn Visitor<'a> + 'static>) {}",
    );
    assert!(
        !found.is_empty(),
        "the default of `dyn Visitor<'a>` depends on the trait"
    );
}

/// object 0.39 → 0.40 (edition 2024): `impl 'd + Iterator<…>` and an `impl` naming
/// `'d` in its bounds spelled with precise capturing, `+ use<'d, T>`.
#[test]
fn precise_capturing_of_what_edition_2021_captured_is_no_change() {
    let block = |ret: &str| {
        format!(
            "pub struct Table<'d, R>(&'d [u8], R); pub struct Index;\n\
             impl<'d, R> Table<'d, R> {{ pub fn iter(&self) -> {ret} {{ todo!() }} }}"
        )
    };
    same(
        &block("impl Iterator<Item = (Index, &'d u8)>"),
        &block("impl Iterator<Item = (Index, &'d u8)> + use<'d, R>"),
    );
    same(
        &block("impl 'd + Iterator<Item = (u32, u16)>"),
        &block("impl Iterator<Item = (u32, u16)> + use<'d, R>"),
    );
    // Near miss: the borrow of `self` captured too, which callers' borrows now keep.
    breaks(
        &block("impl 'd + Iterator<Item = (u32, u16)>"),
        &block("impl Iterator<Item = (u32, u16)> + use<'_, 'd, R>"),
        DeltaKind::ReturnTypeChanged,
    );
}

/// askalono 0.4 → 0.5: `fn licenses<'a>(&'a self) -> impl Iterator<Item = &String> +
/// 'a` became `fn licenses(&self) -> impl Iterator<Item = &String>`. The item's elided
/// lifetime is `self`'s borrow: the `impl` captured it already, and outlives it either
/// way.
#[test]
fn an_outlives_bound_on_the_borrow_an_elided_item_names_is_no_change() {
    let store = |sig: &str| {
        format!(
            "pub struct Store(Vec<String>);
impl Store {{ pub fn {sig} {{ todo!() }} }}"
        )
    };
    same(
        &store("licenses<'a>(&'a self) -> impl Iterator<Item = &String> + 'a"),
        &store("licenses(&self) -> impl Iterator<Item = &String>"),
    );
    same(
        &store("licenses(&self) -> impl Iterator<Item = (u8, &String)> + '_"),
        &store("licenses(&self) -> impl Iterator<Item = (u8, &String)>"),
    );
    // Near misses: an item that borrows nothing, which a `'_` bound added makes the
    // `impl` capture anew; and an elided lifetime of an `Fn` sugar, which is its own.
    breaks(
        &store("licenses(&self) -> impl Iterator<Item = String>"),
        &store("licenses(&self) -> impl Iterator<Item = String> + '_"),
        DeltaKind::ReturnTypeChanged,
    );
    breaks(
        &store("licenses(&self) -> impl Iterator<Item = Box<dyn Fn(&str)>>"),
        &store("licenses(&self) -> impl Iterator<Item = Box<dyn Fn(&str)>> + '_"),
        DeltaKind::ReturnTypeChanged,
    );
    // The reverse frees callers: the iterator no longer holds `self` borrowed (edition
    // 2021), or holds it as before (2024 captures it by default). Not for a trait's
    // method, whose implementors must now not borrow it.
    relaxes(
        &store("licenses(&self) -> impl Iterator<Item = String> + '_"),
        &store("licenses(&self) -> impl Iterator<Item = String>"),
    );
    breaks(
        "pub trait Store { fn licenses(&self) -> impl Iterator<Item = String> + '_; }",
        "pub trait Store { fn licenses(&self) -> impl Iterator<Item = String>; }",
        DeltaKind::ReturnTypeChanged,
    );
    // Nor for `'static`: a caller may have sent the value to another thread.
    breaks(
        &store("licenses(&self) -> impl Iterator<Item = String> + 'static"),
        &store("licenses(&self) -> impl Iterator<Item = String>"),
        DeltaKind::ReturnTypeChanged,
    );
}

/// litemap 0.8.2 → 0.8.3: `-> impl DoubleEndedIterator<Item = (&'a K, &'a V)>` became
/// `-> S::KeyValueIter`, an associated type of the store trait `S` is bounded by, which
/// declares those bounds: every caller is promised what it was.
#[test]
fn an_opaque_return_that_becomes_a_projection_declaring_its_bounds_is_no_break() {
    let map = |declared: &str, ret: &str| {
        format!(
            "pub mod store {{\n    pub trait StoreIterable<'a, K: 'a, V: 'a> {{\n        \
                 type KeyValueIter: {declared};\n        \
                 fn lm_iter(&'a self) -> Self::KeyValueIter;\n    }}\n}}\n\
             pub mod map {{\n    use crate::store::*;\n    \
                 pub struct LiteMap<K, V, S> {{ values: S, kv: std::marker::PhantomData<(K, V)> }}\n    \
                 impl<'a, K: 'a, V: 'a, S> LiteMap<K, V, S> where S: StoreIterable<'a, K, V> {{\n        \
                 pub fn iter(&'a self) -> {ret} {{ self.values.lm_iter() }}\n    }}\n}}\n"
        )
    };
    let full = "Iterator<Item = (&'a K, &'a V)> + DoubleEndedIterator + 'a";
    let opaque = "impl DoubleEndedIterator<Item = (&'a K, &'a V)>";
    only_additive(
        &map(full, opaque),
        &map(full, "S::KeyValueIter"),
        DeltaKind::ReturnTypeChanged,
    );
    // Near miss: the associated type promises less than the opaque type did.
    breaks(
        &map(full, opaque),
        &map("Iterator<Item = (&'a K, &'a V)> + 'a", "S::KeyValueIter"),
        DeltaKind::ReturnTypeChanged,
    );
}

/// dds 0.1 → 0.2: `decode_rect` went from eight parameters to six, four of them kept
/// (`reader`, a `Size`, `format`, `options`). Each edit is reported once: two retyped,
/// two removed, one renamed; not five retyped by position.
#[test]
fn parameters_of_two_lists_of_two_lengths_pair_by_their_common_types() {
    let before = "pub struct Size; pub struct Rect; pub struct Format; pub struct Color; \
                  pub struct Opts; pub struct View; pub struct Offset; \
                  pub fn decode_rect(reader: &mut u8, output: &mut [u8], row_pitch: usize, \
                  color: Color, size: Size, rect: Rect, format: Format, options: &Opts) {}";
    let after = "pub struct Size; pub struct Rect; pub struct Format; pub struct Color; \
                 pub struct Opts; pub struct View; pub struct Offset; \
                 pub fn decode_rect(reader: &mut u8, image: View, offset: Offset, \
                 surface_size: Size, format: Format, options: &Opts) {}";
    let found: Vec<Delta> = deltas(before, after)
        .into_iter()
        .filter(|d| d.symbol == "decode_rect")
        .collect();
    let shown = common::show(&found);
    let mut kinds: Vec<DeltaKind> = found.iter().map(|d| d.kind).collect();
    kinds.sort();
    let mut expected = [
        DeltaKind::ParamTypeChanged,
        DeltaKind::ParamTypeChanged,
        DeltaKind::ParamRemoved,
        DeltaKind::ParamRemoved,
        DeltaKind::ParamRenamed,
    ];
    expected.sort();
    assert_eq!(kinds, expected, "{shown}");
    for said in [
        "parameter `color: Color` removed",
        "parameter `rect: Rect` removed",
        "parameter `image`: `&mut [u8]` -> `View`",
        "parameter `offset`: `usize` -> `Offset`",
        "parameter `size` renamed to `surface_size`",
    ] {
        assert!(shown.contains(said), "{said}: {shown}");
    }
}

/// Editions 2015 and 2018 read a trait written as a type as its trait object:
/// `&mut fmt::Write` is `&mut dyn fmt::Write` (yansi 0.5 → 1.0).
#[test]
fn a_bare_std_trait_object_is_its_dyn_form() {
    same(
        "use std::fmt; pub fn fmt_prefix(f: &mut fmt::Write) {}",
        "use std::fmt; pub fn fmt_prefix(f: &mut dyn fmt::Write) {}",
    );
    same(
        "pub fn f(e: Box<std::error::Error>) {}",
        "pub fn f(e: Box<dyn std::error::Error + 'static>) {}",
    );
    same(
        "pub struct S { pub it: Box<Iterator<Item = u8>> }",
        "pub struct S { pub it: Box<dyn Iterator<Item = u8>> }",
    );
    // Near misses: another trait, and a type of std that is no trait.
    breaks(
        "use std::fmt; pub fn f(w: &mut fmt::Write) {}",
        "use std::io; pub fn f(w: &mut dyn io::Write) {}",
        DeltaKind::ParamTypeChanged,
    );
    breaks(
        "pub fn f(w: &mut std::fmt::Formatter) {}",
        "pub fn f(w: &mut dyn std::fmt::Debug) {}",
        DeltaKind::ParamTypeChanged,
    );
}

#[test]
fn a_std_alias_written_out_or_folded_in_is_no_change() {
    same(
        "pub fn read(p: &str) -> std::io::Result<Vec<u8>> { todo!() }",
        "pub fn read(p: &str) -> Result<Vec<u8>, std::io::Error> { todo!() }",
    );
    same(
        "use std::io; pub fn read(p: &str) -> io::Result<()> { todo!() }",
        "pub fn read(p: &str) -> core::result::Result<(), std::io::Error> { todo!() }",
    );
    same(
        "pub struct P; impl std::fmt::Display for P { fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { todo!() } } pub fn show(f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { todo!() }",
        "pub struct P; impl std::fmt::Display for P { fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { todo!() } } pub fn show(f: &mut std::fmt::Formatter<'_>) -> Result<(), std::fmt::Error> { todo!() }",
    );
    same(
        "pub struct S { pub n: std::num::NonZeroU32, pub h: Option<std::thread::Result<u8>> }",
        "pub struct S { pub n: std::num::NonZero<u32>, pub h: Option<Result<u8, Box<dyn std::any::Any + Send>>> }",
    );
    same(
        "pub fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::LockResult<std::sync::MutexGuard<'_, T>> { todo!() }",
        "pub fn lock<T>(m: &std::sync::Mutex<T>) -> Result<std::sync::MutexGuard<'_, T>, std::sync::PoisonError<std::sync::MutexGuard<'_, T>>> { todo!() }",
    );
    // A field added beside it: the alias is still no change, the field is one.
    let found = deltas(
        "pub struct S { pub r: std::io::Result<u8> }",
        "pub struct S { pub r: Result<u8, std::io::Error>, pub x: u8 }",
    );
    assert!(
        found.iter().all(|d| d.kind != DeltaKind::FieldTypeChanged),
        "{}",
        common::show(&found)
    );
    // Near misses: another error type, another alias.
    breaks(
        "pub fn read() -> std::io::Result<u8> { todo!() }",
        "pub fn read() -> Result<u8, std::fmt::Error> { todo!() }",
        DeltaKind::ReturnTypeChanged,
    );
    breaks(
        "pub fn show() -> std::fmt::Result { todo!() }",
        "pub fn show() -> std::io::Result<()> { todo!() }",
        DeltaKind::ReturnTypeChanged,
    );
}

#[test]
fn a_legacy_module_constant_is_the_primitive_s_own() {
    // regex-automata 0.4.19.
    same(
        "pub const LIMIT: usize = core::isize::MAX as usize - 1;",
        "pub const LIMIT: usize = isize::MAX as usize - 1;",
    );
    same(
        "pub const E: f64 = ::std::f64::EPSILON;",
        "pub const E: f64 = f64::EPSILON;",
    );
    same(
        "pub const T: &[u32] = &[core::u32::MAX, 1];",
        "pub const T: &[u32] = &[u32::MAX, 1];",
    );
    // Near misses: another primitive, another constant, a row beside it changed.
    breaks(
        "pub const LIMIT: usize = core::isize::MAX as usize - 1;",
        "pub const LIMIT: usize = i32::MAX as usize - 1;",
        DeltaKind::ConstValueChanged,
    );
    breaks(
        "pub const E: f64 = core::f64::EPSILON;",
        "pub const E: f64 = f64::MIN_POSITIVE;",
        DeltaKind::ConstValueChanged,
    );
    let found = deltas(
        "pub const T: &[u32] = &[core::u32::MAX, 1];",
        "pub const T: &[u32] = &[u32::MAX, 2];",
    );
    assert_eq!(
        found.iter().map(|d| d.kind).collect::<Vec<_>>(),
        [DeltaKind::TableRowChanged],
        "{}",
        common::show(&found)
    );
}

#[test]
fn self_in_an_inherent_const_s_value_is_the_type() {
    // idna 1.1: `pub const EMPTY: AsciiDenyList = AsciiDenyList::new(false, "")` became
    // `pub const EMPTY: Self = Self::new(false, "")`.
    let block = |value: &str| {
        format!(
            "pub struct Deny {{ bits: u128 }}\n\
             impl Deny {{ pub const fn new(b: bool) -> Self {{ todo!() }} pub const EMPTY: Deny = {value}; }}"
        )
    };
    same(&block("Deny::new(false)"), &block("Self::new(false)"));
    same(&block("Deny { bits: 0 }"), &block("Self { bits: 0 }"));
    // Near misses: another value; another type's `new` (not read as `Self`: a callee
    // renamed, other code that may give another value); `Self` inside a literal.
    breaks(
        &block("Deny::new(false)"),
        &block("Self::new(true)"),
        DeltaKind::ConstValueChanged,
    );
    only_additive(
        &block("Deny::new(false)"),
        &block("Other::new(false)"),
        DeltaKind::ConstExpressionChanged,
    );
    breaks(
        "pub struct Deny; impl Deny { pub const NAME: &str = \"Deny\"; }",
        "pub struct Deny; impl Deny { pub const NAME: &str = \"Self\"; }",
        DeltaKind::ConstValueChanged,
    );
}

#[test]
fn an_impl_lifetime_named_or_elided_is_one_lifetime() {
    // First contact: `impl<'a, S> Stream<'a, S>` rewritten `impl<S> Stream<'_, S>`.
    let stream = |head: &str| {
        format!(
            "pub struct Stream<'a, S>(&'a S); {head} {{ pub fn get(&self) -> &S {{ self.0 }} \
             pub fn len(&self) -> usize {{ 0 }} }}"
        )
    };
    same(
        &stream("impl<'a, S> Stream<'a, S>"),
        &stream("impl<S> Stream<'_, S>"),
    );
    same(
        "pub struct Two<'a, 'b>(&'a u8, &'b u8); impl<'x> Two<'x, '_> { pub fn one(&self) -> u8 { 1 } }",
        "pub struct Two<'a, 'b>(&'a u8, &'b u8); impl<'p, 'q> Two<'p, 'q> { pub fn one(&self) -> u8 { 1 } }",
    );
    // `Self` names the block's lifetime, elided or not (glyph_brush 0.7.12's `impl<X>
    // Section<'_, X> { fn new() -> Self }`).
    let section = |head: &str| {
        format!("pub struct Section<'a, X>(&'a X); {head} {{ pub fn new() -> Self {{ todo!() }} pub fn with(self, x: u8) -> Self {{ self }} }}")
    };
    same(
        &section("impl<'a, X> Section<'a, X>"),
        &section("impl<X> Section<'_, X>"),
    );
    breaks(
        &section("impl<X> Section<'_, X>"),
        &section("impl<X> Section<'static, X>"),
        DeltaKind::MethodSignatureChanged,
    );
    // Near miss: an elided lifetime is any lifetime, `'static` one; the method now
    // exists for fewer types (a blind spot before `'_` was named).
    breaks(
        &stream("impl<S> Stream<'_, S>"),
        &stream("impl<S> Stream<'static, S>"),
        DeltaKind::MethodSignatureChanged,
    );
}

#[test]
fn an_impl_lifetime_no_caller_can_name_is_no_lifetime() {
    // dashmap 6.2 dropped the `'a` of `impl<'a, K: 'a + Eq + Hash, V: 'a> DashMap<K, V>`.
    let map =
        |head: &str, body: &str| format!("pub struct M<K, V>(K, V); {head} M<K, V> {{ {body} }}");
    let new = "pub fn new() -> Self { todo!() } pub fn len(&self) -> usize { 0 }";
    same(
        &map("impl<'a, K: 'a + Eq, V: 'a>", new),
        &map("impl<K: Eq, V>", new),
    );
    same(
        &format!(
            "pub struct M<K, V>(K, V); impl<'a, 'b, K, V> M<K, V> where K: 'a, 'b: 'a {{ {new} }}"
        ),
        &map("impl<K, V>", new),
    );
    // Near misses: the lifetime in the self type (`impl<'a> P<'a>` to `impl P<'static>`),
    // in the signature, or bounded itself (`'a: 'static` makes `K: 'a` a real bound).
    breaks(
        "pub struct P<'a>(&'a str); impl<'a> P<'a> { pub fn get(&self) -> &str { self.0 } }",
        "pub struct P<'a>(&'a str); impl P<'static> { pub fn get(&self) -> &str { self.0 } }",
        DeltaKind::MethodSignatureChanged,
    );
    breaks(
        &map(
            "impl<'a, K: 'a, V>",
            "pub fn get(&self) -> &'a K { todo!() }",
        ),
        &map("impl<K, V>", "pub fn get(&self) -> &K { todo!() }"),
        DeltaKind::ReturnTypeChanged,
    );
    breaks(
        &map("impl<K, V>", new),
        &map("impl<'a: 'static, K: 'a, V>", new),
        DeltaKind::MethodSignatureChanged,
    );
}

#[test]
fn an_explicit_sized_bound_is_the_implicit_one() {
    same("pub struct S<T>(T);", "pub struct S<T: Sized>(T);");
    same(
        "pub fn dump<W: std::io::Write>(w: W) {}",
        "pub fn dump<W: std::io::Write + Sized>(w: W) {}",
    );
    // The near miss: `?Sized` taken away.
    breaks(
        "pub struct S<T: ?Sized>(Box<T>);",
        "pub struct S<T>(Box<T>);",
        DeltaKind::GenericBoundAdded,
    );
}

#[test]
fn a_literal_is_its_value() {
    same("pub const C: u32 = 0x10;", "pub const C: u32 = 16;");
    same("pub const C: u32 = 1_000;", "pub const C: u32 = 1000;");
    same(
        r"pub const T: &[char] = &['\u{16ff0}', 'a'];",
        "pub const T: &[char] = &['𖿰', 'a'];",
    );
    same(
        "pub struct A(pub [u8; 0x10]);",
        "pub struct A(pub [u8; 16]);",
    );
    // Near misses: another value, another type.
    breaks(
        "pub const C: u32 = 0x10;",
        "pub const C: u32 = 0x11;",
        DeltaKind::ConstValueChanged,
    );
    breaks(
        "pub const T: &[char] = &['\u{16ff0}'];",
        "pub const T: &[char] = &['\u{16ff1}'];",
        DeltaKind::TableRowChanged,
    );
}

#[test]
fn a_type_named_through_an_import_is_the_type_it_imports() {
    same(
        "use crate::ids::OrderId;\npub struct Order { pub id: OrderId }",
        "pub struct Order { pub id: crate::ids::OrderId }",
    );
    same(
        "use crate::ids::OrderId as Oid;\npub fn load(id: Oid) -> Option<Oid> { None }",
        "use crate::ids;\npub fn load(id: ids::OrderId) -> Option<crate::ids::OrderId> { None }",
    );
    same(
        "use crate::ids::{self, OrderId};\npub struct Order { pub a: OrderId, pub b: ids::Sku }",
        "pub struct Order { pub a: crate::ids::OrderId, pub b: crate::ids::Sku }",
    );
    same(
        "mod m {\n    use crate::ids::OrderId;\n    pub struct Order { pub id: OrderId }\n}",
        "mod m {\n    pub struct Order { pub id: crate::ids::OrderId }\n}",
    );
    // A generic parameter shadows an import of the same name.
    same(
        "use crate::T;\npub struct Wrap<T>(pub T);",
        "pub struct Wrap<U>(pub U);",
    );
    // Near miss: the same name, imported from elsewhere.
    breaks(
        "use crate::ids::OrderId;\npub struct Order { pub id: OrderId }",
        "use crate::legacy::OrderId;\npub struct Order { pub id: OrderId }",
        DeltaKind::FieldTypeChanged,
    );
}

#[test]
fn a_name_a_glob_may_supply_is_compared_as_written_and_says_so() {
    let found = breaks(
        "use crate::ids::*;\npub struct Order { pub id: OrderId }",
        "use crate::ids::*;\npub struct Order { pub id: Sku }",
        DeltaKind::FieldTypeChanged,
    );
    let detail = contract_core::render::detail(
        found
            .iter()
            .find(|d| d.kind == DeltaKind::FieldTypeChanged)
            .expect("found"),
    );
    assert!(detail.contains("compared as written"), "{detail}");
    assert!(
        detail.contains("`OrderId`") || detail.contains("`Sku`"),
        "{detail}"
    );
    // Prelude names are not said to come from the glob.
    let found = breaks(
        "use crate::ids::*;\npub struct Order { pub id: u8 }",
        "use crate::ids::*;\npub struct Order { pub id: u16 }",
        DeltaKind::FieldTypeChanged,
    );
    assert!(found
        .iter()
        .all(|d| !contract_core::render::detail(d).contains("compared as written")));
    // An item of the module shadows the glob's: it is resolved.
    let found = breaks(
        "use crate::ids::*;\npub struct Local(pub u8);\npub struct Order { pub id: Local }",
        "use crate::ids::*;\npub struct Local(pub u8);\npub struct Order { pub id: u16 }",
        DeltaKind::FieldTypeChanged,
    );
    assert!(
        found
            .iter()
            .all(|d| !contract_core::render::detail(d).contains("compared as written")),
        "{}",
        common::show(&found)
    );
    // A delta that compares no type says nothing of names.
    let found = breaks(
        "use crate::ids::*;\npub struct Order { pub id: OrderId, pub sku: Sku }",
        "use crate::ids::*;\npub struct Order { pub id: OrderId }",
        DeltaKind::FieldRemoved,
    );
    assert!(
        found
            .iter()
            .all(|d| !contract_core::render::detail(d).contains("compared as written")),
        "{}",
        common::show(&found)
    );
}

// ---- random consistent renamings ----------------------------------------------------

/// Renames every generic parameter and lifetime an item declares (its own, its
/// methods', its `impl` block's) to a fresh name: a consistent renaming, so the same
/// API.
struct Renamer {
    seed: u64,
    types: BTreeMap<String, String>,
    lifetimes: BTreeMap<String, String>,
}

impl Renamer {
    fn fresh(&mut self, prefix: &str) -> String {
        self.seed = self
            .seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        format!("{prefix}{}", self.seed >> 40)
    }

    fn declare(&mut self, g: &syn::Generics) {
        for p in &g.params {
            match p {
                syn::GenericParam::Type(t) => {
                    let new = self.fresh("Zt");
                    self.types.insert(t.ident.to_string(), new);
                }
                syn::GenericParam::Const(c) => {
                    let new = self.fresh("ZC");
                    self.types.insert(c.ident.to_string(), new);
                }
                syn::GenericParam::Lifetime(l) => {
                    let new = self.fresh("zl");
                    self.lifetimes.insert(l.lifetime.ident.to_string(), new);
                }
            }
        }
    }
}

impl VisitMut for Renamer {
    fn visit_item_mut(&mut self, item: &mut syn::Item) {
        // Every declaration in the item is fresh: shadowing between an item and its
        // methods is an error in Rust, so one map serves the whole item.
        struct Declared<'r>(&'r mut Renamer);
        impl VisitMut for Declared<'_> {
            fn visit_generics_mut(&mut self, g: &mut syn::Generics) {
                self.0.declare(g);
                syn::visit_mut::visit_generics_mut(self, g);
            }
        }
        Declared(self).visit_item_mut(item);
        syn::visit_mut::visit_item_mut(self, item);
    }

    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        if path.leading_colon.is_none() {
            if let Some(first) = path.segments.first_mut() {
                if let Some(new) = self.types.get(&first.ident.to_string()) {
                    first.ident = syn::Ident::new(new, first.ident.span());
                }
            }
        }
        syn::visit_mut::visit_path_mut(self, path);
    }

    fn visit_type_param_mut(&mut self, p: &mut syn::TypeParam) {
        if let Some(new) = self.types.get(&p.ident.to_string()) {
            p.ident = syn::Ident::new(new, p.ident.span());
        }
        syn::visit_mut::visit_type_param_mut(self, p);
    }

    fn visit_const_param_mut(&mut self, p: &mut syn::ConstParam) {
        if let Some(new) = self.types.get(&p.ident.to_string()) {
            p.ident = syn::Ident::new(new, p.ident.span());
        }
        syn::visit_mut::visit_const_param_mut(self, p);
    }

    fn visit_lifetime_mut(&mut self, l: &mut syn::Lifetime) {
        if let Some(new) = self.lifetimes.get(&l.ident.to_string()) {
            l.ident = syn::Ident::new(new, l.ident.span());
        }
    }
}

/// `src` with each item's generic parameters and lifetimes renamed consistently.
fn renamed(src: &str, seed: u64) -> String {
    let mut file: syn::File = syn::parse_str(src).expect("corpus parses");
    for item in &mut file.items {
        let mut renamer = Renamer {
            seed,
            types: BTreeMap::new(),
            lifetimes: BTreeMap::new(),
        };
        renamer.visit_item_mut(item);
    }
    quote::ToTokens::into_token_stream(file).to_string()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn any_consistent_renaming_of_generics_and_lifetimes_is_no_change(seed in any::<u64>()) {
        let mut renamed_some = 0;
        for case in common::cases::CASES
            .iter()
            .filter(|c| !c.only_public_api())
        {
            for src in [case.before, case.after] {
                let other = renamed(src, seed);
                if other != quote::ToTokens::into_token_stream(
                    syn::parse_str::<syn::File>(src).expect("parses"),
                ).to_string() {
                    renamed_some += 1;
                }
                let found = deltas(src, &other);
                prop_assert!(
                    found.is_empty(),
                    "a consistent renaming gave deltas\n  {}\n  {}\n{}",
                    src,
                    other,
                    common::show(&found)
                );
            }
        }
        // The corpus has generics to rename: the property is not vacuous.
        prop_assert!(renamed_some > 40, "only {} sources renamed", renamed_some);
    }
}

// ---- one item, many names (issue 23, item 4) -----------------------------------------

/// `before` and `after` say the same thing once each is read with its own crate's
/// names (in both directions).
#[track_caller]
fn same_named(before: &str, after: &str) {
    for (a, b) in [(before, after), (after, before)] {
        let found = common::diff_named(a, b, &contract_core::Policy::default());
        assert!(
            found.is_empty(),
            "expected no change\n  before: {a}\n  after:  {b}\n{}",
            common::show(&found)
        );
        // Without the crate's names, the two are compared as written: a change.
        assert!(
            !deltas(a, b).is_empty(),
            "compared as written, {a} and {b} differ"
        );
    }
}

#[track_caller]
fn breaks_named(before: &str, after: &str, kind: DeltaKind) {
    let found = common::diff_named(before, after, &contract_core::Policy::default());
    assert!(
        found
            .iter()
            .any(|d| d.kind == kind && d.class == Class::Breaking),
        "expected a breaking {kind}\n  before: {before}\n  after:  {after}\n{}",
        common::show(&found)
    );
}

/// slog 2.8's `maybe` traits: each holds for exactly the types its supertrait holds
/// for, written by a `macro_rules!` of the crate.
const MAYBE: &str = "mod maybe {
        use core::marker;
        use std::panic;
        macro_rules! maybe_bound_trait_def {
            ($name:ident where $bound:path) => {
                pub trait $name: $bound {}
                impl<T: $bound + ?Sized> $name for T {}
            };
        }
        maybe_bound_trait_def!(Send where marker::Send);
        maybe_bound_trait_def!(UnwindSafe where panic::UnwindSafe);
        pub trait Sync: marker::Sync {}
        impl<T> Sync for T where T: marker::Sync + ?Sized {}
        pub trait Sized: marker::Send {}
        impl<T: marker::Send> Sized for T {}
    }";

#[test]
fn a_trait_that_stands_for_its_supertraits_is_them() {
    let drain = "pub trait Drain {}";
    let pairs = [
        (
            format!("{MAYBE} {drain} pub trait SendDrain: Drain + Send + Sync + std::panic::UnwindSafe {{}}"),
            format!("{MAYBE} {drain} pub trait SendDrain: Drain + maybe::Send + maybe::Sync + maybe::UnwindSafe {{}}"),
        ),
        (
            format!("{MAYBE} {drain} pub struct Logger<D: Drain + Send>(D);"),
            format!("{MAYBE} {drain} pub struct Logger<D>(D) where D: Drain + maybe::Send;"),
        ),
        (
            format!("{MAYBE} {drain} pub trait AnyDrain: Drain {{}} impl<T> AnyDrain for T where T: Drain + Send + ?Sized {{}}"),
            format!("{MAYBE} {drain} pub trait AnyDrain: Drain {{}} impl<T> AnyDrain for T where T: Drain + maybe::Send + ?Sized {{}}"),
        ),
    ];
    for (a, b) in &pairs {
        // Both ways: the alias respelled out (slog 2.8) or back.
        for (before, after) in [(a, b), (b, a)] {
            let found = common::diff_named(before, after, &contract_core::Policy::default());
            assert!(
                found.is_empty(),
                "{before}\n{after}\n{}",
                common::show(&found)
            );
            assert!(
                !deltas(before, after).is_empty(),
                "compared as written, they differ"
            );
        }
    }
    // Near misses: a trait with a blanket impl over fewer types (sized ones: `str`
    // may implement it or not), and a supertrait that is not the bound.
    breaks_named(
        &format!("{MAYBE} {drain} pub struct Logger<D: ?Sized + Send>(Box<D>);"),
        &format!("{MAYBE} {drain} pub struct Logger<D: ?Sized + maybe::Sized>(Box<D>);"),
        DeltaKind::GenericBoundAdded,
    );
    breaks_named(
        &format!("{MAYBE} {drain} pub struct Logger<D: Drain + Sync>(D);"),
        &format!("{MAYBE} {drain} pub struct Logger<D: Drain + maybe::Send>(D);"),
        DeltaKind::GenericBoundAdded,
    );
    breaks_named(
        &format!("{MAYBE} {drain} pub struct Logger<D: Drain + maybe::Send>(D);"),
        &format!("{MAYBE} {drain} pub struct Logger<D: Drain + Sync>(D);"),
        DeltaKind::GenericBoundAdded,
    );
}

#[test]
fn one_std_item_under_its_two_std_paths_is_one_type() {
    same_named(
        "pub struct Cache { pub state: std::collections::hash_map::RandomState }",
        "pub struct Cache { pub state: std::hash::RandomState }",
    );
    same_named(
        "use std::collections::hash_map::HashMap;\n\
         pub fn index(keys: HashMap<String, u8>) -> core::ffi::c_int { todo!() }",
        "pub fn index(keys: std::collections::HashMap<String, u8>) -> std::os::raw::c_int { todo!() }",
    );
    // The near misses: another type, another argument.
    breaks_named(
        "pub struct Cache { pub state: std::collections::hash_map::RandomState }",
        "pub struct Cache { pub state: std::hash::BuildHasherDefault<Fnv> }",
        DeltaKind::FieldTypeChanged,
    );
    breaks_named(
        "pub fn index(keys: std::collections::hash_map::HashMap<String, u8>) {}",
        "pub fn index(keys: std::collections::HashMap<String, u16>) {}",
        DeltaKind::ParamTypeChanged,
    );
}

#[test]
fn serde_s_reexports_of_serde_core_are_one_trait() {
    // csv 1.4 moved from serde to serde_core.
    same_named(
        "use serde::de::DeserializeOwned;\n\
         pub fn read<D: DeserializeOwned>() -> D { todo!() }\n\
         pub fn write<S: serde::Serialize>(value: &S) {}",
        "use serde_core::de::DeserializeOwned;\n\
         pub fn read<D: DeserializeOwned>() -> D { todo!() }\n\
         pub fn write<S: ::serde_core::Serialize>(value: &S) {}",
    );
    // The near misses: another trait of serde_core; a serde_core item serde does not
    // re-export under that path.
    breaks_named(
        "pub fn read<D: serde::de::DeserializeOwned>() -> D { todo!() }",
        "pub fn read<D: serde_core::de::Deserializer<'static>>() -> D { todo!() }",
        DeltaKind::MethodSignatureChanged,
    );
    breaks_named(
        "pub fn read<D: serde::de::DeserializeOwned>() -> D { todo!() }",
        "pub fn read<D: serde_core::private::DeserializeOwned>() -> D { todo!() }",
        DeltaKind::MethodSignatureChanged,
    );
}

const ERROR: &str = "pub struct Error; pub struct Other;
    pub type Result<T> = std::result::Result<T, Error>;";

#[test]
fn a_crate_alias_is_its_target() {
    same_named(
        &format!("{ERROR} pub fn f() -> Result<u8> {{ todo!() }}"),
        &format!("{ERROR} pub fn f() -> std::result::Result<u8, Error> {{ todo!() }}"),
    );
    // Defined in another module, used through it; an alias of an alias; a default.
    let modules = "pub mod error {
            pub struct Error;
            pub type Result<T, E = Error> = std::result::Result<T, E>;
            pub type Res<T> = Result<T>;
        }";
    same_named(
        &format!("{modules} pub fn f() -> error::Res<Vec<u8>> {{ todo!() }}"),
        &format!("{modules} pub fn f() -> std::result::Result<Vec<u8>, crate::error::Error> {{ todo!() }}"),
    );
    // In a field, a bound and a method of a pinned impl.
    let local = "pub mod offset {
            pub enum Mapped<T> { One(T) }
            pub type Local<T> = Mapped<T>;
        }
        pub use offset::Local;";
    same_named(
        &format!("{local} pub struct S<T: Into<Local<u8>>> {{ pub x: Local<T> }}
            impl<T: Into<Local<u8>>> S<T> {{ pub fn m(&self) -> Option<Local<T>> {{ None }} }}"),
        &format!("{local} pub struct S<T: Into<offset::Mapped<u8>>> {{ pub x: offset::Mapped<T> }}
            impl<T: Into<offset::Mapped<u8>>> S<T> {{ pub fn m(&self) -> Option<self::offset::Mapped<T>> {{ None }} }}"),
    );
}

#[test]
fn an_alias_near_miss_is_another_type() {
    // Another argument, another error type: not the alias's expansion.
    breaks_named(
        &format!("{ERROR} pub fn f() -> Result<u8> {{ todo!() }}"),
        &format!("{ERROR} pub fn f() -> std::result::Result<u16, Error> {{ todo!() }}"),
        DeltaKind::ReturnTypeChanged,
    );
    breaks_named(
        &format!("{ERROR} pub fn f() -> Result<u8> {{ todo!() }}"),
        &format!("{ERROR} pub fn f() -> std::result::Result<u8, Other> {{ todo!() }}"),
        DeltaKind::ReturnTypeChanged,
    );
}

#[test]
fn one_item_through_a_use_is_one_type() {
    let modules = "pub mod a { pub struct X; pub trait Tr {} }
        pub use a::{X, Tr};";
    same_named(
        &format!("{modules} pub fn f<T: a::Tr>(x: a::X, t: T) {{}}"),
        &format!("{modules} pub fn f<T: Tr>(x: crate::X, t: T) {{}}"),
    );
    // An item the crate's names do not know (another crate's, or one a macro
    // defines) in a module they know: one name in one module.
    let visit = "pub mod visit { pub use std::fmt::Debug as Dbg; }";
    same_named(
        &format!("{visit} pub mod algo {{ pub fn f<G: super::visit::Dbg>(g: G) {{}} }}"),
        &format!("{visit} pub mod algo {{ pub fn f<G: crate::visit::Dbg>(g: G) {{}} }}"),
    );
    // Respelled bounds sort as the golden's do (petgraph 0.6.5's `min_spanning_tree`).
    let traits = "pub mod visit { pub trait A {} pub trait Z {} }";
    same_named(
        &format!(
            "{traits} pub mod algo {{ pub fn f<G: crate::visit::Z + super::visit::A>(g: G) {{}} }}"
        ),
        &format!(
            "{traits} pub mod algo {{ pub fn f<G: crate::visit::A + crate::visit::Z>(g: G) {{}} }}"
        ),
    );
    // Through a glob re-export, and `super::` from a module.
    let glob = "pub mod a { pub struct X; } pub use a::*;";
    same_named(
        &format!("{glob} pub mod m {{ pub fn f(x: super::a::X) {{}} }}"),
        &format!("{glob} pub mod m {{ pub fn f(x: crate::X) {{}} }}"),
    );
}

#[test]
fn each_member_keeps_its_own_spelling_of_one_type() {
    // The golden spells `Bytes` two ways; respelling `c` must not respell `a` or `b`.
    let items = "pub type Bytes = [u8; 16]; pub mod a { pub struct X; } pub use a::*;";
    same_named(
        &format!("{items} pub struct S {{ pub a: crate::Bytes, pub b: Bytes, pub c: a::X }}"),
        &format!("{items} pub struct S {{ pub a: crate::Bytes, pub b: Bytes, pub c: X }}"),
    );
}

#[test]
fn another_item_of_the_same_name_is_another_type() {
    // `W` is `a::Y` under another name, not `a::X`.
    let modules = "pub mod a { pub struct X; pub struct Y; } pub use a::Y as W;";
    breaks_named(
        &format!("{modules} pub fn f(x: a::X) {{}}"),
        &format!("{modules} pub fn f(x: W) {{}}"),
        DeltaKind::ParamTypeChanged,
    );
    // A generic parameter shadows the crate's item of its name.
    breaks_named(
        "pub struct T; pub fn f<T>(x: T) {}",
        "pub struct T; pub fn f<T>(x: crate::T) {}",
        DeltaKind::ParamTypeChanged,
    );
}

#[test]
fn an_impl_trait_argument_named_as_a_type_parameter_is_additive() {
    // Every old call passed a type meeting the bounds; the old fn had no type
    // parameter a turbofish could name.
    only_additive(
        "pub fn f(x: impl AsRef<std::path::Path>) {}",
        "pub fn f<P: AsRef<std::path::Path>>(x: P) {}",
        DeltaKind::ParamGeneralised,
    );
    only_additive(
        "pub fn f(x: impl Into<String> + Send) {}",
        "pub fn f<S>(x: S) where S: Into<String> + Send {}",
        DeltaKind::ParamGeneralised,
    );
    // Near misses: a fn that had a type parameter (`f::<u8>(…)` now names too few),
    // and a bound the old argument did not promise.
    let found = deltas(
        "pub fn f<T>(t: T, x: impl AsRef<std::path::Path>) {}",
        "pub fn f<T, P: AsRef<std::path::Path>>(t: T, x: P) {}",
    );
    assert!(
        found.iter().any(|d| d.is_breaking()),
        "{}",
        common::show(&found)
    );
    breaks(
        "pub fn f(x: impl AsRef<std::path::Path>) {}",
        "pub fn f<P: AsRef<std::path::Path> + Send>(x: P) {}",
        DeltaKind::ParamGeneralised,
    );
}

#[test]
fn an_impl_trait_argument_where_the_old_type_was_is_additive() {
    // meshopt 0.7: `vertex_lock: &[bool]` became `&[impl VertexLock]`, with `impl
    // VertexLock for bool`: every old call passes `&[bool]`, which picks the type.
    let lock = "pub trait Lock {} impl Lock for bool {}";
    only_additive(
        &format!("{lock} pub fn simplify(lock: &[bool], n: usize) {{}}"),
        &format!("{lock} pub fn simplify(lock: &[impl Lock], n: usize) {{}}"),
        DeltaKind::ParamGeneralised,
    );
    only_additive(
        "pub fn f(x: Option<u16>) {}",
        "pub fn f(x: Option<impl Into<u64>>) {}",
        DeltaKind::ParamGeneralised,
    );
    // A turbofish names the fn's type parameters beside an `impl` argument (Rust 1.63;
    // meshopt's `simplify_with_locks_decoder<T: DecodePosition>`).
    only_additive(
        &format!("{lock} pub fn simplify<T>(t: T, lock: &[bool]) {{}}"),
        &format!("{lock} pub fn simplify<T>(t: T, lock: &[impl Lock]) {{}}"),
        DeltaKind::ParamGeneralised,
    );
    // Near misses: a trait the old type does not implement; a named parameter where a
    // turbofish named the others; another container.
    breaks(
        &format!("{lock} pub fn simplify(lock: &[u8]) {{}}"),
        &format!("{lock} pub fn simplify(lock: &[impl Lock]) {{}}"),
        DeltaKind::ParamGeneralised,
    );
    let found = deltas(
        &format!("{lock} pub fn simplify<T>(t: T, lock: &[bool]) {{}}"),
        &format!("{lock} pub fn simplify<T, L: Lock>(t: T, lock: &[L]) {{}}"),
    );
    assert!(
        found.iter().any(|d| d.is_breaking()),
        "{}",
        common::show(&found)
    );
    breaks(
        &format!("{lock} pub fn simplify(lock: &[bool]) {{}}"),
        &format!("{lock} pub fn simplify(lock: &Vec<impl Lock>) {{}}"),
        DeltaKind::ParamTypeChanged,
    );
}

#[test]
fn derivative_s_and_educe_s_derives_are_the_traits_they_list() {
    // log4rs 1.4: `#[derive(Derivative)] #[derivative(Debug)]` became `#[derive(Debug)]`.
    same(
        "#[derive(Derivative)] #[derivative(Debug)] pub struct S { x: u8 }",
        "#[derive(Debug)] pub struct S { x: u8 }",
    );
    same(
        "#[derive(Clone, educe::Educe)] #[educe(Debug, PartialEq(ignore), Default = \"x\")] pub struct S;",
        "#[derive(Clone, Debug, PartialEq, Default)] pub struct S;",
    );
    // Near misses: a trait the list named, gone; and `derivative` without its derive,
    // which implements nothing.
    breaks(
        "#[derive(Derivative)] #[derivative(Debug, Clone(bound = \"\"))] pub struct S;",
        "#[derive(Debug)] pub struct S;",
        DeltaKind::DeriveRemoved,
    );
    only_additive(
        "#[derivative(Debug)] pub struct S;",
        "#[derive(Debug)] pub struct S;",
        DeltaKind::DeriveAdded,
    );
}

#[test]
fn a_fn_pointer_parameter_made_a_closure_parameter_of_its_signature_is_additive() {
    // nanoid 0.5: a safe fn pointer implements `Fn`, `FnMut` and `FnOnce` of its own
    // signature, so every old argument meets the bound.
    only_additive(
        "pub fn format(random: fn(usize) -> Vec<u8>, size: usize) -> String { todo!() }",
        "pub fn format<F: FnMut(usize) -> Vec<u8>>(random: F, size: usize) -> String { todo!() }",
        DeltaKind::ParamGeneralised,
    );
    only_additive(
        "pub fn run(f: fn(&str)) {}",
        "pub fn run<F: Fn(&str)>(f: F) {}",
        DeltaKind::ParamGeneralised,
    );
    // Near misses: another signature, an `unsafe` or `extern \"C\"` pointer (which
    // implement no `Fn` trait).
    breaks(
        "pub fn format(random: fn(usize) -> Vec<u8>) {}",
        "pub fn format<F: FnMut(u32) -> Vec<u8>>(random: F) {}",
        DeltaKind::ParamGeneralised,
    );
    breaks(
        "pub fn format(random: unsafe fn(usize) -> Vec<u8>) {}",
        "pub fn format<F: FnMut(usize) -> Vec<u8>>(random: F) {}",
        DeltaKind::ParamGeneralised,
    );
    breaks(
        "pub fn format(random: extern \"C\" fn(usize) -> u8) {}",
        "pub fn format<F: FnMut(usize) -> u8>(random: F) {}",
        DeltaKind::ParamGeneralised,
    );
}

#[test]
fn another_crate_s_path_a_front_end_did_not_read_cannot_tell() {
    // The macro and the harness read no dependency: `dep::map::Map` and `dep::Map`
    // may be one type (the command, which reads `dep`, says whether).
    let unread = contract_core::Policy {
        unread_crates: ["dep".to_owned()].into(),
        ..Default::default()
    };
    let found = |before: &str, after: &str, policy: &contract_core::Policy| {
        common::diff(before, after, policy)
    };
    let before = "pub struct S { pub m: dep::map::Map<u8>, pub r: dep::Result<()> }";
    // A re-export, and the crate's alias written out: it names the crate's own type.
    let respelled = "pub struct S { pub m: dep::Map<u8>, pub r: Result<(), dep::Error> }";
    let none = found(before, respelled, &unread);
    assert!(none.is_empty(), "{}", common::show(&none));
    // Read (or not a dependency), it is compared: here, as written.
    let read = found(before, respelled, &contract_core::Policy::default());
    assert!(
        read.iter().any(|d| d.is_breaking()),
        "{}",
        common::show(&read)
    );
    // Near misses, unread: other arguments, another crate's type, std's type.
    for after in [
        "pub struct S { pub m: dep::Map<u16>, pub r: dep::Result<()> }",
        "pub struct S { pub m: dep::Set<u8>, pub r: dep::Result<()> }",
        "pub struct S { pub m: other::Map<u8>, pub r: dep::Result<()> }",
        "pub struct S { pub m: Vec<u8>, pub r: dep::Result<()> }",
    ] {
        let found = found(before, after, &unread);
        assert!(
            found
                .iter()
                .any(|d| d.kind == DeltaKind::FieldTypeChanged && d.is_breaking()),
            "{after}: {}",
            common::show(&found)
        );
    }
}

#[test]
fn non_exhaustive_on_a_struct_no_other_crate_could_build_is_no_change() {
    // A private field already kept every other crate from literals and from
    // exhaustive patterns (`S { a, .. }` compiles either way).
    same(
        "pub struct S { pub a: u8, b: u8 }",
        "#[non_exhaustive] pub struct S { pub a: u8, b: u8 }",
    );
    same("pub struct T(u8);", "#[non_exhaustive] pub struct T(u8);");
    // Near misses: every field public, a unit struct, an enum.
    for (before, after) in [
        (
            "pub struct S { pub a: u8 }",
            "#[non_exhaustive] pub struct S { pub a: u8 }",
        ),
        ("pub struct U;", "#[non_exhaustive] pub struct U;"),
        ("pub enum E { A }", "#[non_exhaustive] pub enum E { A }"),
    ] {
        breaks(before, after, DeltaKind::NonExhaustiveAdded);
    }
}

#[test]
fn a_bound_another_bound_implies_is_no_change() {
    // Through std's supertraits and the crate's own (nom 8's `AsChar: Copy`).
    same(
        "pub fn f<T: Copy>(t: T) {}",
        "pub fn f<T: Copy + Clone>(t: T) {}",
    );
    same(
        "pub fn f<T: Ord>(t: T) {}",
        "pub fn f<T: Ord + PartialEq + Eq>(t: T) {}",
    );
    same(
        "pub trait AsChar: Copy {} pub fn f<T: AsChar>(t: T) {}",
        "pub trait AsChar: Copy {} pub fn f<T: AsChar + Clone>(t: T) {}",
    );
    same(
        "pub fn f<I>(i: I) where I: ExactSizeIterator {}",
        "pub fn f<I>(i: I) where I: ExactSizeIterator + Iterator {}",
    );
    same(
        "pub fn f() -> Box<dyn std::error::Error + Send> { todo!() }",
        "pub fn f() -> Box<dyn std::error::Error + std::fmt::Debug + Send> { todo!() }",
    );
    // An `Item` binding on a subtrait of `Iterator` is `Iterator`'s.
    same(
        "pub fn f() -> impl ExactSizeIterator + Iterator<Item = u8> { todo!() }",
        "pub fn f() -> impl ExactSizeIterator<Item = u8> { todo!() }",
    );
    same(
        "pub fn f<I: DoubleEndedIterator<Item = u8>>(i: I) {}",
        "pub fn f<I: DoubleEndedIterator + Iterator<Item = u8>>(i: I) {}",
    );
    // Near misses: a bound no other implies, one with arguments, another item type.
    breaks(
        "pub trait AsChar {} pub fn f<T: AsChar>(t: T) {}",
        "pub trait AsChar {} pub fn f<T: AsChar + Clone>(t: T) {}",
        DeltaKind::MethodSignatureChanged,
    );
    breaks(
        "pub fn f<T: Eq>(t: T) {}",
        "pub fn f<T: Eq + PartialEq<u8>>(t: T) {}",
        DeltaKind::MethodSignatureChanged,
    );
    let found = deltas(
        "pub fn f() -> impl ExactSizeIterator<Item = u8> { todo!() }",
        "pub fn f() -> impl ExactSizeIterator + Iterator<Item = u16> { todo!() }",
    );
    assert!(
        found.iter().any(|d| d.is_breaking()),
        "{}",
        common::show(&found)
    );
}

#[test]
fn an_opaque_return_that_gains_a_trait_promises_callers_more() {
    // la-arena 0.3.1: `impl Iterator<Item = …>` returns gained `+ Clone` and
    // `+ DoubleEndedIterator`; every caller's code compiles.
    let ret = |bounds: &str| {
        format!(
            "pub struct A(Vec<u8>); impl A {{ pub fn values(&self) -> {bounds} {{ self.0.iter() }} }}"
        )
    };
    only_additive(
        &ret("impl Iterator<Item = &u8>"),
        &ret("impl Iterator<Item = &u8> + Clone + DoubleEndedIterator"),
        DeltaKind::ReturnTypeChanged,
    );
    // Near misses: a trait taken away; a trait's method whose implementors must now
    // keep the promise.
    breaks(
        &ret("impl Iterator<Item = &u8> + Clone"),
        &ret("impl Iterator<Item = &u8>"),
        DeltaKind::ReturnTypeChanged,
    );
    breaks(
        "pub trait Source { fn values(&self) -> impl Iterator<Item = u8>; }",
        "pub trait Source { fn values(&self) -> impl Iterator<Item = u8> + Clone; }",
        DeltaKind::ReturnTypeChanged,
    );
}

#[test]
fn a_supertrait_still_implied_through_a_new_trait_is_not_removed() {
    // ringbuf 0.6: `RingBuffer: Observer + Consumer` became `RingBuffer: Raw + Consumer`
    // with `Raw: Observer`, a trait of this release; every `RingBuffer` is still an
    // `Observer`. What is new is `Raw` (implementors must implement it).
    let before = "pub trait Observer {} pub trait Consumer {} \
                  pub trait RingBuffer: Observer + Consumer {}";
    let after = "pub trait Observer {} pub trait Consumer {} pub unsafe trait Raw: Observer {} \
                 pub trait RingBuffer: Raw + Consumer {}";
    let found = deltas(before, after);
    let on_ring: Vec<&Delta> = found.iter().filter(|d| d.symbol == "RingBuffer").collect();
    assert!(
        on_ring
            .iter()
            .all(|d| !contract_core::render::detail(d).contains("Observer")),
        "{}",
        common::show(&found)
    );
    assert!(
        on_ring
            .iter()
            .any(|d| d.kind == DeltaKind::TraitSupertraitAdded && d.is_breaking()),
        "`Raw` is new to implementors: {}",
        common::show(&found)
    );
    // A supertrait listed anew that the old ones already implied adds nothing.
    same(
        "pub trait Observer {} pub trait Producer: Observer {} pub trait Delegate: Producer {}",
        "pub trait Observer {} pub trait Producer: Observer {} pub trait Delegate: Producer + Observer {}",
    );
    // Near miss: a supertrait no longer implied at all.
    breaks(
        "pub trait Observer {} pub trait Raw: Observer {} pub trait RingBuffer: Raw {}",
        "pub trait Observer {} pub trait Raw {} pub trait RingBuffer: Raw {}",
        DeltaKind::TraitSupertraitRemoved,
    );
}

#[test]
fn a_supertrait_a_supertrait_now_requires_is_still_added_where_it_is_listed() {
    // ringbuf 0.6: `Consumer` gained the supertrait `Raw` and `RingBuffer` lists it too:
    // the old `RingBuffer: Consumer` did not imply `Raw` as the golden defined
    // `Consumer`, so implementors of `RingBuffer` have something new to implement.
    let before = "pub trait Consumer {} pub trait RingBuffer: Consumer {}";
    let after =
        "pub trait Raw {} pub trait Consumer: Raw {} pub trait RingBuffer: Raw + Consumer {}";
    let found = deltas(before, after);
    assert!(
        found.iter().any(|d| d.symbol == "RingBuffer"
            && d.kind == DeltaKind::TraitSupertraitAdded
            && d.is_breaking()),
        "{}",
        common::show(&found)
    );
}

#[test]
fn a_bound_the_old_bounds_imply_through_the_crate_s_traits_is_no_bound_added() {
    // ringbuf 0.6: `PopIter<'a, C: Consumer>` → `PopIter<'a, C: Raw>` where `Consumer`
    // now has the supertrait `Raw`: every `C` that was a `Consumer` is a `Raw` (the new
    // supertrait is `Consumer`'s change, reported there).
    let before = "pub trait Consumer {} pub struct PopIter<C: Consumer>(C);";
    let after = "pub unsafe trait Raw {} pub trait Consumer: Raw {} pub struct PopIter<C: Raw>(C);";
    let found = deltas(before, after);
    assert!(
        found
            .iter()
            .all(|d| !(d.symbol == "PopIter" && d.kind == DeltaKind::GenericBoundAdded)),
        "{}",
        common::show(&found)
    );
    // Near miss: a bound the old ones do not imply.
    breaks(
        "pub trait Consumer {} pub trait Raw {} pub struct PopIter<C: Consumer>(C);",
        "pub trait Consumer {} pub trait Raw {} pub struct PopIter<C: Raw>(C);",
        DeltaKind::GenericBoundAdded,
    );
}

#[test]
fn a_block_bound_relaxed_to_one_it_implies_keeps_every_caller() {
    // rgb 0.8.53: `impl<T: Copy> Gray<T>` → `impl<T: Clone> Gray<T>`; every `T` that was
    // `Copy` is `Clone`.
    let before =
        "pub struct Gray<T>(pub T); impl<T: Copy> Gray<T> { pub fn value(self) -> T { self.0 } }";
    let after =
        "pub struct Gray<T>(pub T); impl<T: Clone> Gray<T> { pub fn value(self) -> T { self.0 } }";
    only_additive(before, after, DeltaKind::GenericBoundRemoved);
    // rstar 0.14: `P: Point` → `P: Clone` where `trait Point: Clone + Debug`.
    let before = "pub trait Point: Clone + core::fmt::Debug {} pub struct Aabb<P>(P); impl<P> Aabb<P> where P: Point { pub fn lower(&self) -> P { self.0.clone() } }";
    let after = "pub trait Point: Clone + core::fmt::Debug {} pub struct Aabb<P>(P); impl<P> Aabb<P> where P: Clone { pub fn lower(&self) -> P { self.0.clone() } }";
    only_additive(before, after, DeltaKind::GenericBoundRemoved);
    // Near misses: the other way round, and a bound the old one does not imply.
    breaks(
        "pub struct Gray<T>(pub T); impl<T: Clone> Gray<T> { pub fn value(self) -> T { self.0 } }",
        "pub struct Gray<T>(pub T); impl<T: Copy> Gray<T> { pub fn value(self) -> T { self.0 } }",
        DeltaKind::MethodSignatureChanged,
    );
    breaks(
        "pub struct Gray<T>(pub T); impl<T: Copy> Gray<T> { pub fn value(self) -> T { self.0 } }",
        "pub struct Gray<T>(pub T); impl<T: Default> Gray<T> { pub fn value(self) -> T { self.0 } }",
        DeltaKind::MethodSignatureChanged,
    );
}

#[test]
fn a_bound_moved_between_a_method_and_its_block_is_no_change() {
    // rstar 0.14: `impl<P> Rectangle<P> where P: Point { fn from_corners(..) }` →
    // `impl<P> Rectangle<P> { fn from_corners(..) where P: Point }`: one requirement on
    // one call.
    same(
        "pub trait Point {} pub struct Rect<P>(P); impl<P> Rect<P> where P: Point { pub fn from_corners(a: P) -> Self { Rect(a) } }",
        "pub trait Point {} pub struct Rect<P>(P); impl<P> Rect<P> { pub fn from_corners(a: P) -> Self where P: Point { Rect(a) } }",
    );
    // Near miss: moved onto the method and made stricter.
    breaks(
        "pub trait Point {} pub struct Rect<P>(P); impl<P> Rect<P> where P: Point { pub fn from_corners(a: P) -> Self { Rect(a) } }",
        "pub trait Point {} pub struct Rect<P>(P); impl<P> Rect<P> { pub fn from_corners(a: P) -> Self where P: Point + Send { Rect(a) } }",
        DeltaKind::MethodSignatureChanged,
    );
}

#[test]
fn a_re_export_reads_in_its_defining_module_even_from_a_golden_that_does_not_say_it() {
    // A public-API set pins `traits::RingBuffer` at its `pub use` path (`module`: the
    // path's) while its shape is written in `traits::ring` (`super::Observer`). A golden
    // from before `defined_in` was recorded reads it where the sources define it now.
    let re_exported = |set: &mut BTreeMap<String, contract_core::shape::Symbol>, record: bool| {
        let mut s = set["RingBuffer"].clone();
        s.module = Some("crate::traits".to_owned());
        s.defined_in = record.then(|| "crate::traits::ring".to_owned());
        set.insert("traits::RingBuffer".to_owned(), s);
    };
    let source = |supertrait: &str, raw: &str| {
        format!(
            "pub mod traits {{ pub trait Observer {{}} {raw} pub mod ring {{ \
             pub trait RingBuffer: {supertrait} {{}} }} }}"
        )
    };
    for (raw, implied) in [
        ("pub trait Raw: Observer {}", true),
        ("pub trait Raw {}", false),
    ] {
        let mut before = common::set(&source("super::Observer", ""));
        let mut after = common::set(&source("super::Raw", raw));
        re_exported(&mut before, false);
        re_exported(&mut after, true);
        let found =
            contract_core::diff::diff_sets(&before, &after, &contract_core::Policy::default());
        let removed = found.iter().any(|d| {
            d.symbol == "traits::RingBuffer" && d.kind == DeltaKind::TraitSupertraitRemoved
        });
        assert_eq!(removed, !implied, "{raw}\n{}", common::show(&found));
    }
}

#[test]
fn a_trait_argument_written_at_its_default_of_self_is_the_default() {
    // euclid 0.22.14's `Vector2D::angle_to`: the block's `T: Mul<T, Output = T> +
    // Add<T, Output = T>` became the method's `T: Add<Output = T> + Mul<Output = T>`;
    // `trait Add<Rhs = Self>`, so on `T` the two say the same.
    same(
        "pub fn f<T: std::ops::Add<T, Output = T> + PartialEq<T>>(t: T) -> T { t }",
        "pub fn f<T: std::ops::Add<Output = T> + PartialEq>(t: T) -> T { t }",
    );
    same(
        "pub struct V<T>(T); impl<T> V<T> where T: Copy + core::ops::Mul<T, Output = T> { pub fn sq(self) -> T { self.0 * self.0 } }",
        "pub struct V<T>(T); impl<T> V<T> { pub fn sq(self) -> T where T: Copy + std::ops::Mul<Output = T> { self.0 * self.0 } }",
    );
    // Near miss: another right-hand side is another bound.
    breaks(
        "pub fn f<T: std::ops::Add<Output = T>>(t: T) -> T { t }",
        "pub fn f<T: std::ops::Add<u8, Output = T>>(t: T) -> T { t }",
        DeltaKind::MethodSignatureChanged,
    );
}

#[test]
fn a_block_s_self_defaulted_bounds_moved_onto_its_method_are_no_change() {
    // euclid 0.22.14's `Vector2D::angle_to` as it was: the block's `T: Copy + Mul<T,
    // Output = T> + Add<T, Output = T>` and the method's `T: Sub<Output = T>` became the
    // method's `T: Copy + Add<Output = T> + Sub<Output = T> + Mul<Output = T>`, in a block
    // that bounds nothing.
    same(
        "pub struct V<T>(T, T); impl<T> V<T> where T: Copy + std::ops::Mul<T, Output = T> + std::ops::Add<T, Output = T> { pub fn angle_to(self) -> T where T: std::ops::Sub<Output = T> { self.0 * self.1 + self.0 - self.1 } }",
        "pub struct V<T>(T, T); impl<T> V<T> { pub fn angle_to(self) -> T where T: Copy + std::ops::Add<Output = T> + std::ops::Sub<Output = T> + std::ops::Mul<Output = T> { self.0 * self.1 + self.0 - self.1 } }",
    );
}

/// A parameter split in two, the new one defaulting to the first (biquad 0.6): what the
/// block bound the defaulted parameter by now bounds the first, which every caller
/// chooses, so a bound added there is a change of `new` (biquad's `T: ConstZero`,
/// which `T: Float` callers do not meet), and one kept is none.
#[test]
fn a_bound_on_a_parameter_defaulting_to_another_bounds_that_one() {
    let before =
        "pub struct Form<T> { s: T } impl<T: Copy> Form<T> { pub fn new(s: T) -> Self { Form { s } } }";
    breaks(
        before,
        "pub struct Form<C, T = C> { s: T, c: Option<C> } impl<C, T: Copy + Default> Form<C, T> { \
         pub fn new(s: T) -> Self { Form { s, c: None } } }",
        DeltaKind::MethodSignatureChanged,
    );
    let found = deltas(
        before,
        "pub struct Form<C, T = C> { s: T, c: Option<C> } impl<C, T: Copy> Form<C, T> { \
         pub fn new(s: T) -> Self { Form { s, c: None } } }",
    );
    assert!(
        !found.iter().any(|d| d.class == Class::Breaking),
        "{}",
        common::show(&found)
    );
}

/// stretto 0.9: a parameter inserted without a default before defaulted ones
/// (`AsyncCache<K, V, KH = …, S = …>` → `<K, V, R, KH = …, S = …>`) breaks every old
/// use: one change, `R` added, and the others keep their names, where reading the
/// lists by place gave each defaulted parameter another's default and bounds.
#[test]
fn a_parameter_inserted_before_defaulted_ones_is_one_change() {
    let found = breaks(
        "pub struct Cache<K, V, KH: Clone = u8, S = u16> { k: K, v: V, kh: KH, s: S }",
        "pub struct Cache<K, V, R, KH: Clone = u8, S = u16> { k: K, v: V, r: R, kh: KH, s: S }",
        DeltaKind::GenericParamAdded,
    );
    assert!(
        !found.iter().any(|d| matches!(
            d.kind,
            DeltaKind::GenericDefaultChanged | DeltaKind::GenericBoundAdded
        )),
        "{}",
        common::show(&found)
    );
    // Nor is it a change of each method of an `impl` block that takes it up: the
    // block's other parameters keep their names and bounds.
    let before = "pub struct Cache<K, V, KH = u8, S = u16> { k: K, v: V, kh: KH, s: S } \
         impl<K, V, KH: Clone, S: Copy> Cache<K, V, KH, S> { pub fn get(&self) -> &K { &self.k } }";
    let after = |kh: &str| {
        format!(
            "pub struct Cache<K, V, R, KH = u8, S = u16> {{ k: K, v: V, r: R, kh: KH, s: S }} \
             impl<K, V, R: Send, KH: {kh}, S: Copy> Cache<K, V, R, KH, S> {{ pub fn get(&self) -> &K {{ &self.k }} }}"
        )
    };
    let found = deltas(before, &after("Clone"));
    let kinds: Vec<DeltaKind> = found.iter().map(|d| d.kind).collect();
    assert_eq!(
        kinds,
        [DeltaKind::FieldAdded, DeltaKind::GenericParamAdded],
        "{}",
        common::show(&found)
    );
    // Near miss: a bound of a kept parameter changed in the block is still reported.
    let found = deltas(before, &after("Clone + Send"));
    assert!(
        found
            .iter()
            .any(|d| d.kind == DeltaKind::MethodSignatureChanged && d.is_breaking()),
        "{}",
        common::show(&found)
    );
}

/// An impl's lifetime its header names once is `'_`: `impl<'s> Slice<'s> for String` is
/// `impl Slice<'_> for String` (fluent-syntax 0.12 read it as `String` no longer
/// implementing `Slice`), in the trait's arguments or the type.
#[test]
fn an_impl_lifetime_named_once_is_the_anonymous_one() {
    same(
        "pub trait Slice<'s> {} impl<'s> Slice<'s> for String {}",
        "pub trait Slice<'s> {} impl Slice<'_> for String {}",
    );
    same(
        "pub trait Read {} pub struct W<'a>(&'a str); impl<'a> Read for W<'a> {}",
        "pub trait Read {} pub struct W<'a>(&'a str); impl Read for W<'_> {}",
    );
}

/// A serde attribute no payload reads (a field of a variant that is never written nor
/// read) changed: a serde attribute change, additive, not the safety net's
/// `unclassified_change` (found by the property test: a flattened field's `rename` in a
/// skipped variant).
#[test]
fn a_serde_attribute_no_payload_reads_is_a_serde_change() {
    let src = |name: &str| {
        format!(
            "#[derive(Serialize, Deserialize)]\npub enum E {{\n    A,\n    #[serde(skip)]\n    \
             B {{ #[serde(flatten, rename = \"{name}\")] inner: Inner }},\n}}"
        )
    };
    only_additive(&src("x"), &src("y"), DeltaKind::SerdeAttributeChanged);
}

/// A golden written while a module of the crate named `core` was misread as std's
/// (`crate::core::observers::Observers` recorded as `std::observers::Observers`; std
/// has no module `observers`) matches the crate's own path, and only it.
#[test]
fn a_crate_module_named_core_as_older_goldens_spelled_it_is_no_change() {
    let src = |ty: &str| {
        format!(
            "pub mod core {{ pub mod observers {{ pub struct Observers<I>(pub I); pub struct Other<I>(pub I); }} }} \
             pub struct Executor<I> {{ pub observers: {ty} }}"
        )
    };
    let misread = |set: BTreeMap<String, contract_core::Symbol>| {
        let text = serde_json::to_string(&set).unwrap();
        assert!(
            text.contains("crate::core::observers::Observers<I>"),
            "{text}"
        );
        let text = text.replace("crate::core::observers::", "std::observers::");
        serde_json::from_str::<BTreeMap<String, contract_core::Symbol>>(&text).unwrap()
    };
    let policy = contract_core::Policy::default();
    let before = misread(common::set(&src("crate::core::observers::Observers<I>")));
    let after = common::set(&src("crate::core::observers::Observers<I>"));
    let found = contract_core::diff::diff_sets(&before, &after, &policy);
    assert!(found.is_empty(), "{}", common::show(&found));
    // Near miss: another type of that module is a change.
    let after = common::set(&src("crate::core::observers::Other<I>"));
    let found = contract_core::diff::diff_sets(&before, &after, &policy);
    assert!(
        found
            .iter()
            .any(|d| d.kind == DeltaKind::FieldTypeChanged && d.class == Class::Breaking),
        "{}",
        common::show(&found)
    );
}
