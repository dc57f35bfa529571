//! One edit, one delta: a change whose consequences reach many places of a signature,
//! an enum or a trait's impls is reported once, with what it changed under it, never
//! as a removal and an addition or as every later position's change. Each case has
//! its near miss, where a second real change must still show.

mod common;

use contract_core::{Class, Delta, DeltaKind};

fn deltas(before: &str, after: &str) -> Vec<Delta> {
    common::diff(before, after, &contract_core::Policy::default())
}

fn details(found: &[Delta]) -> Vec<String> {
    found.iter().map(contract_core::render::detail).collect()
}

#[test]
fn a_bound_replaced_is_one_delta_and_a_projection_through_it_follows() {
    // nom 8: `T: InputTakeAtPosition` with `<T as InputTakeAtPosition>::Item: AsChar`
    // became `T: Input` with `<T as Input>::Item: AsChar`.
    let before =
        "pub trait Take { type Item; } pub trait Input { type Item; } pub trait AsChar {} \
                  pub fn alpha1<T: Take>(t: T) -> T where <T as Take>::Item: AsChar { t }";
    let after = "pub trait Take { type Item; } pub trait Input { type Item; } pub trait AsChar {} \
                 pub fn alpha1<T: Input>(t: T) -> T where <T as Input>::Item: AsChar { t }";
    let found: Vec<Delta> = deltas(before, after)
        .into_iter()
        .filter(|d| d.symbol == "alpha1")
        .collect();
    assert_eq!(
        details(&found),
        ["`alpha1`: bound `T: Take` replaced by `T: Input`"],
        "{}",
        common::show(&found)
    );
    assert_eq!(found[0].class, Class::Breaking);
    // Near miss: the projection's requirement changes too.
    let after = after.replace(
        "<T as Input>::Item: AsChar {",
        "<T as Input>::Item: AsChar + Send {",
    );
    let found: Vec<Delta> = deltas(before, &after)
        .into_iter()
        .filter(|d| d.symbol == "alpha1")
        .collect();
    assert_eq!(found.len(), 2, "{}", common::show(&found));
    assert!(
        details(&found)
            .iter()
            .any(|d| d.contains("bound `<T as Input>::Item: Send` added")),
        "{}",
        common::show(&found)
    );
}

#[test]
fn a_parameter_removed_among_others_is_one_delta() {
    // nom 8's `fold_many0<I, O, E, F, G, H, R>` → `<I, E, F, G, H, R>`: the others keep
    // their names and bounds; a position-by-position reading made every later one look
    // renamed and re-bounded.
    let before = "pub fn fold<I: Clone, O, E: Default, F: Fn(I) -> O>(f: F, e: E) -> E { e }";
    let after = "pub fn fold<I: Clone, E: Default, F: Fn(I) -> u8>(f: F, e: E) -> E { e }";
    let found = deltas(before, after);
    let mut shown = details(&found);
    shown.sort();
    assert_eq!(
        shown,
        [
            "`fold`: bound `F: Fn(I) -> O` replaced by `F: Fn(I) -> u8`",
            "`fold`: generic parameter `O` removed",
        ],
        "{}",
        common::show(&found)
    );
    assert!(found.iter().all(|d| d.kind != DeltaKind::ParamTypeChanged));
    // Parameters removed and one added there are one edit.
    let before = "pub fn delimited<I, O1, O2, O3, E>(i: I, e: E) -> E { e }";
    let after = "pub fn delimited<I, O, E>(i: I, e: E) -> E { e }";
    assert_eq!(
        details(&deltas(before, after)),
        ["`delimited`: generic parameters `O1`, `O2`, `O3` replaced by `O`"]
    );
    // Near miss: the same count, renamed in place, is a renaming (no change).
    assert!(deltas(
        "pub fn f<I, O, E>(i: I, o: O, e: E) {}",
        "pub fn f<I, X, E>(i: I, o: X, e: E) {}"
    )
    .is_empty());
}

#[test]
fn implicit_discriminants_renumbered_by_one_insertion_are_one_delta() {
    // nom 8's `ErrorKind` gained `BinDigit` before 34 implicitly numbered variants.
    let before = "pub enum Kind { Tag, Alpha, Digit, Space, Eof, Fail }";
    let after = "pub enum Kind { Tag, Bin, Alpha, Digit, Space, Eof, Fail }";
    let found = deltas(before, after);
    let renumbered: Vec<&Delta> = found
        .iter()
        .filter(|d| d.kind == DeltaKind::DiscriminantChanged)
        .collect();
    assert_eq!(renumbered.len(), 1, "{}", common::show(&found));
    assert_eq!(
        contract_core::render::detail(renumbered[0]),
        "implicit discriminant of variant `Alpha`: 1 -> 2, and of 4 more variants after \
         it (`Digit: 2 -> 3`, `Space: 3 -> 4`, …)"
    );
    // Near miss: nothing renumbered when the variant is appended.
    let appended = deltas(
        before,
        "pub enum Kind { Tag, Alpha, Digit, Space, Eof, Fail, Bin }",
    );
    assert!(appended
        .iter()
        .all(|d| d.kind != DeltaKind::DiscriminantChanged));
}

#[test]
fn an_impl_kept_across_a_reshaped_trait_is_not_lost() {
    // nom 8's `Parser<I, O, E>` became `Parser<I>`: every impl names the trait anew,
    // and the reshape is the trait's change, reported once on it.
    let before = "pub trait Parser<I, O> {} pub struct And; impl<I, O> Parser<I, O> for And {} \
                  pub struct Or; impl<I, O> Parser<I, O> for Or {}";
    let after = "pub trait Parser<I> {} pub struct And; impl<I> Parser<I> for And {} \
                 pub struct Or; impl<I> Parser<I> for Or {}";
    let found = deltas(before, after);
    assert!(
        found.iter().all(|d| !matches!(
            d.kind,
            DeltaKind::TraitImplementorRemoved | DeltaKind::TraitImplementorAdded
        )),
        "{}",
        common::show(&found)
    );
    assert!(found
        .iter()
        .any(|d| d.kind == DeltaKind::GenericParamRemoved && d.is_breaking()));
    // Near miss: an impl that is gone is still lost.
    let after = "pub trait Parser<I> {} pub struct And; impl<I> Parser<I> for And {} \
                 pub struct Or;";
    let found = deltas(before, after);
    assert!(
        found
            .iter()
            .any(|d| d.kind == DeltaKind::TraitImplementorRemoved && d.is_breaking()),
        "{}",
        common::show(&found)
    );
}

#[test]
fn a_field_retyped_with_its_custom_serializer_is_one_wire_delta() {
    // lsp-server 0.10's `Response`: the flattened field renamed, retyped and given a
    // `with` at once. On the wire that is one change, the custom (de)serializer's,
    // compared by identity; the API still sees the type change.
    let before = "#[derive(Serialize, Deserialize)] pub struct R { pub id: u8, \
                  #[serde(flatten)] pub kind: Kind }";
    let after = "#[derive(Serialize, Deserialize)] pub struct R { pub id: u8, \
                 #[serde(flatten, with = \"as_result\")] pub result: Result<u8, String> }";
    let found = deltas(before, after);
    let wire: Vec<&Delta> = found
        .iter()
        .filter(|d| d.axis == contract_core::Axis::Wire)
        .collect();
    assert_eq!(wire.len(), 1, "{}", common::show(&found));
    assert_eq!(wire[0].kind, DeltaKind::SerdeAttributeChanged);
    assert!(details(&found)
        .iter()
        .any(|d| d.contains("compared by identity")));
    assert!(found
        .iter()
        .any(|d| d.axis == contract_core::Axis::Api && d.is_breaking()));
    // Near miss: the type alone changes under the same flattening: judged by its type.
    let after = "#[derive(Serialize, Deserialize)] pub struct R { pub id: u8, \
                 #[serde(flatten)] pub result: Other }";
    let found = deltas(before, after);
    assert!(
        found
            .iter()
            .any(|d| d.axis == contract_core::Axis::Wire && d.kind == DeltaKind::FieldTypeChanged),
        "{}",
        common::show(&found)
    );
}

#[test]
fn a_type_that_loses_a_lifetime_is_not_each_method_s_lifetimes_changed() {
    // cssparser 0.38: `ParseError<'i, T>` → `ParseError<T>`; each method's block went
    // from `impl<'i, T>` to `impl<T>`, which is the type's edit.
    let before = "pub struct ParseError<'i, T> { pub kind: &'i T }
        impl<'i, T> ParseError<'i, T> {
            pub fn basic(self) -> Basic<'i> { todo!() }
            pub fn len(&self) -> usize { 0 }
        }";
    let after = "pub struct ParseError<T> { pub kind: Box<T> }
        impl<T> ParseError<T> {
            pub fn basic(self) -> Basic { todo!() }
            pub fn len(&self) -> usize { 0 }
        }";
    let found = deltas(before, after);
    let on_methods: Vec<String> = found
        .iter()
        .filter(|d| d.symbol == "ParseError")
        .filter(|d| {
            matches!(
                d.kind,
                DeltaKind::MethodSignatureChanged | DeltaKind::ReturnTypeChanged
            )
        })
        .map(contract_core::render::detail)
        .collect();
    assert_eq!(
        on_methods,
        ["return type of `basic`: `Basic<'i>` -> `Basic`"],
        "{}",
        common::show(&found)
    );
    assert!(
        found
            .iter()
            .any(|d| d.kind == DeltaKind::LifetimeParamChanged),
        "{}",
        common::show(&found)
    );
    // Near miss: the type keeps its lifetime and one block narrows to `'static`: the
    // methods of that block are the change.
    let after = "pub struct ParseError<'i, T> { pub kind: &'i T }
        impl<T> ParseError<'static, T> {
            pub fn basic(self) -> Basic<'static> { todo!() }
            pub fn len(&self) -> usize { 0 }
        }";
    let found = deltas(before, after);
    assert!(
        found
            .iter()
            .any(|d| d.kind == DeltaKind::MethodSignatureChanged
                && contract_core::render::detail(d) == "`len`: lifetime parameters"),
        "{}",
        common::show(&found)
    );
}

#[test]
fn each_field_a_struct_variant_loses_or_gains_is_named() {
    // sqlparser 0.64: `Statement::Copy` replaced `values` by `payload`, and
    // `CreateSequence` lost `data_type` and `owned_by`; each is its own break.
    let before = "pub enum Statement { Copy { to: bool, values: Vec<u8> }, \
                  CreateSequence { name: String, data_type: Option<u8>, owned_by: Option<String> } }";
    let after = "pub enum Statement { Copy { to: bool, payload: Option<u8> }, \
                 CreateSequence { name: String } }";
    let found = deltas(before, after);
    assert_eq!(
        details(&found),
        [
            "field `payload` of variant `Copy` added",
            "field `values` of variant `Copy` removed",
            "field `data_type` of variant `CreateSequence` removed",
            "field `owned_by` of variant `CreateSequence` removed",
        ],
        "{}",
        common::show(&found)
    );
    assert!(found
        .iter()
        .all(|d| d.kind == DeltaKind::VariantKindChanged && d.class == Class::Breaking));
    // Near miss: a field renamed in place is one rename, not a removal and an addition.
    let after = "pub enum Statement { Copy { to: bool, rows: Vec<u8> }, \
                 CreateSequence { name: String, data_type: Option<u8>, owned_by: Option<String> } }";
    let found = deltas(before, after);
    assert_eq!(
        found.iter().map(|d| d.kind).collect::<Vec<_>>(),
        [DeltaKind::FieldRenamed],
        "{}",
        common::show(&found)
    );
}

#[test]
fn a_bound_of_the_type_its_blocks_restate_is_the_type_s_delta_alone() {
    // rodio 0.23: `struct SpeakersBuilder<E = fn(StreamError)> where E: FnMut(StreamError)`
    // became `FnMut(Error)`, and so did each `impl` block's bound: 15 methods each
    // reported "bound replaced" again.
    let before = "pub struct StreamError; pub struct Error; \
                  pub struct Builder<E> where E: FnMut(StreamError) { e: E } \
                  impl<E> Builder<E> where E: FnMut(StreamError) { \
                      pub fn device(self) -> Self { self } \
                      pub fn play(self) -> u8 { 0 } }";
    let after = before.replace("E: FnMut(StreamError) { e", "E: FnMut(Error) { e");
    let after = after.replace(
        "impl<E> Builder<E> where E: FnMut(StreamError)",
        "impl<E> Builder<E> where E: FnMut(Error)",
    );
    let found: Vec<Delta> = deltas(before, &after)
        .into_iter()
        .filter(|d| d.symbol == "Builder")
        .collect();
    assert_eq!(
        details(&found),
        ["bound `E: FnMut(StreamError)` replaced by `E: FnMut(Error)`"],
        "{}",
        common::show(&found)
    );
    assert_eq!(found[0].class, Class::Breaking);
    // Near miss: a method's own bound changes as well.
    let after = after.replace(
        "pub fn play(self) -> u8",
        "pub fn play<T: Clone>(self, _: T) -> u8",
    );
    let found: Vec<Delta> = deltas(before, &after)
        .into_iter()
        .filter(|d| d.symbol == "Builder")
        .collect();
    assert!(found.len() > 1, "{}", common::show(&found));
    assert!(
        found.iter().any(|d| d.kind == DeltaKind::RequiredArgAdded),
        "{}",
        common::show(&found)
    );
}

#[test]
fn self_returned_with_the_type_s_new_lifetime_is_the_type_s_delta_alone() {
    // ravif 0.13: `Encoder` → `Encoder<'exif_slice>`, its builder methods still
    // `-> Self`: each read `Encoder` -> `Encoder<'exif_slice>`.
    let before = "pub struct Encoder { q: f32 } \
                  impl Encoder { pub fn new() -> Self { todo!() } \
                  pub fn with_quality(self, q: f32) -> Self { self } }";
    let after = "pub struct Encoder<'exif_slice> { q: &'exif_slice [u8] } \
                 impl<'exif_slice> Encoder<'exif_slice> { pub fn new() -> Self { todo!() } \
                 pub fn with_quality(self, q: f32) -> Self { self } }";
    let found: Vec<Delta> = deltas(before, after)
        .into_iter()
        .filter(|d| d.symbol == "Encoder")
        .collect();
    let kinds: Vec<DeltaKind> = found.iter().map(|d| d.kind).collect();
    assert_eq!(
        kinds,
        [DeltaKind::FieldTypeChanged, DeltaKind::LifetimeParamChanged],
        "{}",
        common::show(&found)
    );
    // Near miss: a method that now returns another instance of the type.
    let after = after.replace("pub fn new() -> Self", "pub fn new() -> Encoder<'static>");
    let found: Vec<Delta> = deltas(before, &after)
        .into_iter()
        .filter(|d| d.symbol == "Encoder")
        .collect();
    assert!(
        found.iter().any(|d| d.kind == DeltaKind::ReturnTypeChanged),
        "{}",
        common::show(&found)
    );
}
