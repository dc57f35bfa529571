//! What the compiler says a type implements, and what follows from it: a derive
//! replaced by an impl of the same trait is no change at all (the classifier's cases
//! can only hold near misses, which need another change), a fact one side did not
//! observe is not compared, and the wire findings of a type that is `Serialize` with
//! no serde derive in its shape.

mod common;

use contract_core::policy::Policy;
use contract_core::probe::{self, Finding, ProbedTrait, Site};
use contract_core::{DeltaKind, Symbol};

fn deltas(before: &str, after: &str) -> Vec<contract_core::Delta> {
    common::diff(before, after, &Policy::default())
}

fn kinds(before: &str, after: &str) -> Vec<DeltaKind> {
    deltas(before, after).iter().map(|d| d.kind).collect()
}

#[test]
fn a_derive_replaced_by_an_impl_the_compiler_sees_is_no_change_either_way() {
    let derived = "#[observed(Clone, Send)] #[derive(Clone)] pub struct S { pub a: u8 }";
    let by_hand = "#[observed(Clone, Send)] pub struct S { pub a: u8 }";
    assert_eq!(kinds(derived, by_hand), []);
    assert_eq!(kinds(by_hand, derived), []);
    // Near miss: the compiler says the trait is gone.
    let gone = "#[observed(Send)] pub struct S { pub a: u8 }";
    assert_eq!(kinds(derived, gone), [DeltaKind::DeriveRemoved]);
    // … and a hand-written impl removed is a kind of its own.
    assert_eq!(kinds(by_hand, gone), [DeltaKind::ImplRemoved]);
}

#[test]
fn a_derive_replaced_by_an_impl_the_sources_show_is_no_change() {
    // What the CLI sees: the golden's observed facts, an impl in the sources.
    let golden = "#[observed(Clone, Send)] #[derive(Clone)] pub struct S { pub a: u8 }";
    let sources = "#[impl_in_source(Clone)] pub struct S { pub a: u8 }";
    assert_eq!(kinds(golden, sources), []);
    // No impl in the sources: the derive was removed, as far as sources tell.
    assert_eq!(
        kinds(golden, "pub struct S { pub a: u8 }"),
        [DeltaKind::DeriveRemoved]
    );
}

#[test]
fn any_derive_replaced_by_an_impl_of_its_trait_is_no_change() {
    // miette 7.6: thiserror's `#[derive(Error)]` replaced by `impl Error for …` (and a
    // `Display` impl) beside the type. The derive names the trait it implements.
    let golden = "#[derive(Debug, Error)] pub enum E { Io }";
    let sources = "#[impl_in_source(Error, Display)] #[derive(Debug)] pub enum E { Io }";
    assert_eq!(kinds(golden, sources), []);
    // Near misses: the impl is of another trait, or there is none.
    assert_eq!(
        kinds(
            golden,
            "#[impl_in_source(Display)] #[derive(Debug)] pub enum E { Io }"
        ),
        [DeltaKind::DeriveRemoved]
    );
    assert_eq!(
        kinds(golden, "#[derive(Debug)] pub enum E { Io }"),
        [DeltaKind::DeriveRemoved]
    );
}

#[test]
fn facts_one_side_did_not_observe_are_not_compared() {
    let observed = "#[observed(Send, Sync)] pub struct S { pub a: u8 }";
    let sources = "pub struct S { pub a: u8 }";
    assert_eq!(kinds(observed, sources), []);
    assert_eq!(kinds(sources, observed), []);
    let lost = "#[observed(Sync)] pub struct S { pub a: u8 }";
    assert_eq!(kinds(observed, lost), [DeltaKind::AutoTraitRemoved]);
}

#[test]
fn an_update_keeps_the_goldens_observed_facts() {
    let golden = common::set("#[observed(Send, Copy)] pub struct S { pub a: u8 }");
    let current = common::set("pub struct S { pub a: u16 }");
    let kept = probe::keep_observed(&current, &golden).expect("facts to keep");
    assert_eq!(
        kept["S"].implements,
        Some([ProbedTrait::Copy, ProbedTrait::Send].into())
    );
    // Observed now: nothing taken from the golden.
    let observed = common::set("#[observed(Sync)] pub struct S { pub a: u16 }");
    assert!(probe::keep_observed(&observed, &golden).is_none());
}

fn serde_symbol(derives: &str) -> Symbol {
    let src = format!("#[observed(Serialize, Send)] {derives} pub struct S {{ pub a: u8 }}");
    common::set(&src).remove("S").unwrap()
}

fn site(checked: bool, derive_above: Option<(u32, &str)>) -> Site {
    Site {
        file: "src/lib.rs".to_owned(),
        line: 5,
        source_checked: checked,
        derive_above: derive_above.map(|(l, t)| (l, t.to_owned())),
    }
}

#[test]
fn a_serde_type_without_a_serde_derive_is_a_finding() {
    // Derived, and the shape says so: nothing to say.
    let derived = serde_symbol("#[derive(Serialize)]");
    assert_eq!(probe::wire_finding("S", &derived, &site(true, None)), None);
    // The contract attribute below the derive: stop, naming the line to move.
    let hidden = serde_symbol("");
    let derive = "#[derive(Serialize)]";
    match probe::wire_finding("S", &hidden, &site(true, Some((4, derive)))) {
        Some(Finding::Error(e)) => {
            assert!(e.contains("src/lib.rs:5"), "{e}");
            assert!(
                e.contains("Move the contract attribute above `#[derive(Serialize)]` (line 4)"),
                "{e}"
            );
        }
        other => panic!("{other:?}"),
    }
    // Written by hand: said, not guessed.
    match probe::wire_finding("S", &hidden, &site(true, None)) {
        Some(Finding::Warning(w)) => assert!(w.contains("by hand"), "{w}"),
        other => panic!("{other:?}"),
    }
    // The macro could not read its source: both causes are named.
    match probe::wire_finding("S", &hidden, &site(false, None)) {
        Some(Finding::Warning(w)) => {
            assert!(w.contains("could not be read") && w.contains("move"), "{w}")
        }
        other => panic!("{other:?}"),
    }
    // Not `Serialize` at all: nothing.
    let plain = common::set("#[observed(Send)] pub struct S { pub a: u8 }");
    assert_eq!(
        probe::wire_finding("S", &plain["S"], &site(true, None)),
        None
    );
}

#[test]
fn only_a_serde_impl_without_a_serde_derive_asks_for_a_wire_finding() {
    use contract_core::current::Current;
    let asks = |src: &str| {
        let current = Current::from_symbols(common::set(src));
        current.get("S").unwrap().may_be_serde_without_derive()
    };
    assert!(asks(
        "#[observed(Serialize, Send)] pub struct S { pub a: u8 }"
    ));
    assert!(asks(
        "#[observed(Deserialize)] #[derive(Clone)] pub struct S { pub a: u8 }"
    ));
    assert!(!asks(
        "#[observed(Serialize)] #[derive(serde::Serialize)] pub struct S { pub a: u8 }"
    ));
    assert!(!asks("#[observed(Send)] pub struct S { pub a: u8 }"));
    assert!(!asks("pub struct S { pub a: u8 }"));
}
