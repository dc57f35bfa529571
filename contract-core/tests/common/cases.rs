//! The classifier's test cases: for every kind, pairs of Rust sources (before,
//! after) with the verdict expected. A positive case expects a delta of the kind
//! with a class and an axis; a negative case is a near miss that must not produce
//! the kind at all. `tests/kinds.rs` runs them and fails if a kind lacks either.

use contract_core::{Axis, Class, DeltaKind};

use super::Pol;

/// One case.
#[derive(Clone, Copy, Debug)]
pub struct Case {
    /// The kind under test.
    pub kind: DeltaKind,
    /// `Some((class, axis))`: a delta of `kind` with this class on this axis;
    /// `None`: no delta of `kind` (a near miss).
    pub expect: Option<(Class, Axis)>,
    /// The policy.
    pub policy: Pol,
    /// Source before.
    pub before: &'static str,
    /// Source after.
    pub after: &'static str,
    /// Run with no rule family (only the safety net).
    pub no_families: bool,
}

const fn yes(
    kind: DeltaKind,
    class: Class,
    axis: Axis,
    before: &'static str,
    after: &'static str,
) -> Case {
    Case {
        kind,
        expect: Some((class, axis)),
        policy: Pol::Default,
        before,
        after,
        no_families: false,
    }
}

const fn no(kind: DeltaKind, before: &'static str, after: &'static str) -> Case {
    Case {
        kind,
        expect: None,
        policy: Pol::Default,
        before,
        after,
        no_families: false,
    }
}

impl Case {
    const fn under(mut self, policy: Pol) -> Case {
        self.policy = policy;
        self
    }

    const fn without_families(mut self) -> Case {
        self.no_families = true;
        self
    }

    /// Its sources are a manifest's `[features]` table, not Rust (see
    /// [`super::set`]): only a public-API set records features.
    pub fn is_feature_table(&self) -> bool {
        self.before.starts_with("[features]")
    }

    /// Whether either side lists other crates' items re-exported (`[reexports]`): what
    /// a public-API set records of a `pub use`, which no attribute pins.
    pub fn has_reexports(&self) -> bool {
        self.before.starts_with("[reexports]") || self.after.starts_with("[reexports]")
    }

    /// Whether either side says what a part needs of the package's features
    /// (`#[needs(…)]`, see [`super::set`]): only a public-API set reads features off
    /// by default.
    pub fn has_needs(&self) -> bool {
        self.before.contains("#[needs(") || self.after.contains("#[needs(")
    }

    /// Whether its sources say which package and series each dependency is
    /// (`[dependencies]`, see [`super::dependencies`]): only a public-API set records
    /// it.
    pub fn has_dependencies(&self) -> bool {
        self.before.starts_with("[dependencies]")
    }

    /// What only a public-API set records: a feature table, another crate's items
    /// re-exported, what a part needs of the features, or its dependencies.
    pub fn only_public_api(&self) -> bool {
        self.is_feature_table()
            || self.has_reexports()
            || self.has_needs()
            || self.has_dependencies()
    }
}

/// `#[derive(Serialize, Deserialize)]` in front of an item.
macro_rules! serde {
    ($src:literal) => {
        concat!("#[derive(Serialize, Deserialize)] ", $src)
    };
}

/// A map over a store trait whose associated type `Iter` is bounded by `$declared`,
/// its `iter` returning `$ret` (litemap 0.8's shape).
macro_rules! store_map {
    ($declared:literal, $ret:literal) => {
        concat!(
            "pub trait Store<'a, K: 'a> { type Iter: ",
            $declared,
            "; fn it(&'a self) -> Self::Iter; } \
             pub struct Map<K, S>(S, std::marker::PhantomData<K>); \
             impl<'a, K: 'a, S: Store<'a, K>> Map<K, S> { pub fn iter(&'a self) -> ",
            $ret,
            " { self.0.it() } }"
        )
    };
}

use Axis::{Api, Wire};
use Class::{Additive, Breaking};
use DeltaKind::*;

/// Every case.
pub const CASES: &[Case] = &[
    // ---- symbols -------------------------------------------------------------
    yes(SymbolAdded, Additive, Api, "pub struct A;", "pub struct A; pub struct B(pub u8);"),
    no(SymbolAdded, "pub struct A;", "pub struct B;"),
    yes(SymbolRemoved, Breaking, Api, "pub struct A; pub struct B(pub u8);", "pub struct A;"),
    no(SymbolRemoved, "pub struct A(pub u8);", "pub struct B(pub u8);"),
    yes(SymbolRenamed, Breaking, Api, "pub struct A(pub u8);", "pub struct B(pub u8);"),
    no(SymbolRenamed, "pub struct A(pub u8);", "pub struct B(pub u16);"),
    yes(SymbolKindChanged, Breaking, Api, "pub struct Id(pub u64);", "pub type Id = u64;"),
    yes(
        SymbolKindChanged,
        Breaking,
        Wire,
        serde!("pub struct Id(pub u64);"),
        serde!("pub struct Id { pub id: u64 }"),
    ),
    no(SymbolKindChanged, "pub struct Id(pub u64);", "pub struct Id(pub u32);"),
    // A struct other crates can neither build nor read a field of is named and matched
    // with `Id { .. }` whatever its form.
    yes(
        SymbolKindChanged,
        Additive,
        Api,
        "pub struct Id(u64, pub(crate) u8);",
        "pub struct Id { id: u64, tag: u8 }",
    ),
    yes(
        SymbolKindChanged,
        Additive,
        Api,
        "#[non_exhaustive] pub struct Id;",
        "pub struct Id(pub u64);",
    ),
    // `Id {}` builds and matches a struct of no field in every form; the unit and
    // tuple forms add a value.
    yes(SymbolKindChanged, Additive, Api, "pub struct Id {}", "pub struct Id;"),
    yes(SymbolKindChanged, Additive, Api, "pub struct Id {}", "pub struct Id();"),
    // … one field they can read is read as `id.0`, and a unit struct is a value, and
    // `Id()` a call.
    yes(SymbolKindChanged, Breaking, Api, "pub struct Id;", "pub struct Id {}"),
    yes(SymbolKindChanged, Breaking, Api, "pub struct Id();", "pub struct Id;"),
    yes(
        SymbolKindChanged,
        Breaking,
        Api,
        "pub struct Id(pub u64, u8);",
        "pub struct Id { pub id: u64, tag: u8 }",
    ),
    yes(
        SymbolKindChanged,
        Breaking,
        Api,
        "pub struct Id(u64);",
        "pub type Id = u64;",
    ),
    yes(SymbolMoved, Breaking, Api, "mod a { pub struct R; }", "mod b { pub struct R; }"),
    no(
        SymbolMoved,
        "mod a { pub struct R { pub x: u8 } }",
        "mod a { pub struct R { pub x: u16 } }",
    ),
    // ---- struct fields -------------------------------------------------------
    yes(
        FieldAddedWithDefault,
        Additive,
        Wire,
        serde!("pub struct S { pub a: u8 }"),
        serde!("pub struct S { pub a: u8, #[serde(default)] pub retries: u32 }"),
    ),
    yes(
        FieldAddedWithDefault,
        Additive,
        Wire,
        serde!("pub struct S { pub a: u8 }"),
        serde!("pub struct S { pub a: u8, pub note: Option<String> }"),
    ),
    // An old consumer that denies unknown fields rejects the new key: a forward
    // break, which only `full` and `forward` enforce.
    yes(
        FieldAddedWithDefault,
        Breaking,
        Wire,
        serde!("#[serde(deny_unknown_fields)] pub struct S { pub a: u8 }"),
        serde!("#[serde(deny_unknown_fields)] pub struct S { pub a: u8, #[serde(default)] pub b: u8 }"),
    )
    .under(Pol::Full),
    yes(
        FieldAddedWithDefault,
        Additive,
        Wire,
        serde!("#[serde(deny_unknown_fields)] pub struct S { pub a: u8 }"),
        serde!("#[serde(deny_unknown_fields)] pub struct S { pub a: u8, #[serde(default)] pub b: u8 }"),
    ),
    no(
        FieldAddedWithDefault,
        serde!("pub struct S { pub a: u8 }"),
        serde!("pub struct S { pub a: u8, pub b: u8 }"),
    ),
    yes(
        FieldAdded,
        Additive,
        Api,
        "#[non_exhaustive] pub struct S { pub a: u8 }",
        "#[non_exhaustive] pub struct S { pub a: u8, pub note: String }",
    ),
    yes(
        FieldAdded,
        Additive,
        Api,
        "pub struct S { pub a: u8, b: u8 }",
        "pub struct S { pub a: u8, pub b: u8 }",
    ),
    no(FieldAdded, "pub struct P { pub a: u8 }", "pub struct P { pub a: u8, pub b: u8 }"),
    yes(
        ConstructibleStructFieldAdded,
        Breaking,
        Api,
        "pub struct P { pub a: u8, pub b: u8 }",
        "pub struct P { pub a: u8, pub b: u8, pub c: u8 }",
    ),
    yes(
        ConstructibleStructFieldAdded,
        Breaking,
        Api,
        "pub struct P { pub a: u8 }",
        "pub struct P { pub a: u8, c: u8 }",
    ),
    no(
        ConstructibleStructFieldAdded,
        "pub struct P { pub a: u8, b: u8 }",
        "pub struct P { pub a: u8, b: u8, pub c: u8 }",
    ),
    yes(
        RequiredFieldAdded,
        Breaking,
        Wire,
        serde!("pub struct S { pub a: u8 }"),
        serde!("pub struct S { pub a: u8, pub id: u64 }"),
    ),
    // Only new readers are hurt: under a forward-only policy it is additive.
    yes(
        RequiredFieldAdded,
        Additive,
        Wire,
        serde!("pub struct S { pub a: u8 }"),
        serde!("pub struct S { pub a: u8, pub id: u64 }"),
    )
    .under(Pol::Forward),
    no(
        RequiredFieldAdded,
        serde!("pub struct S { pub a: u8 }"),
        serde!("pub struct S { pub a: u8, pub id: Option<u64> }"),
    ),
    yes(
        FieldRemoved,
        Breaking,
        Api,
        "pub struct S { pub a: u8, pub b: u8 }",
        "pub struct S { pub a: u8 }",
    ),
    // Old consumers require the field: a forward break.
    yes(
        FieldRemoved,
        Breaking,
        Wire,
        serde!("pub struct S { pub a: u8, pub b: u8 }"),
        serde!("pub struct S { pub a: u8 }"),
    )
    .under(Pol::Full),
    // The new type ignores the old key.
    yes(
        FieldRemoved,
        Additive,
        Wire,
        serde!("pub struct S { pub a: u8, pub b: u8 }"),
        serde!("pub struct S { pub a: u8 }"),
    ),
    // ...unless it denies unknown fields: then old payloads fail, a backward break.
    yes(
        FieldRemoved,
        Breaking,
        Wire,
        serde!("#[serde(deny_unknown_fields)] pub struct S { pub a: u8, pub b: Option<u8> }"),
        serde!("#[serde(deny_unknown_fields)] pub struct S { pub a: u8 }"),
    ),
    // An optional field removed: old readers fill `None`; new readers ignore the key.
    yes(
        FieldRemoved,
        Additive,
        Wire,
        serde!("pub struct S { pub a: u8, pub b: Option<u8> }"),
        serde!("pub struct S { pub a: u8 }"),
    ),
    // A private field is invisible to other crates.
    yes(FieldRemoved, Additive, Api, "pub struct S { pub a: u8, b: u8 }", "pub struct S { pub a: u8 }"),
    no(
        FieldRemoved,
        "pub struct S { pub a: u8, pub b: u8 }",
        "pub struct S { pub a: u8, pub c: u8 }",
    ),
    yes(
        FieldRenamed,
        Breaking,
        Api,
        "pub struct S { pub a: u8, pub b: u8 }",
        "pub struct S { pub a: u8, pub c: u8 }",
    ),
    yes(
        FieldRenamed,
        Breaking,
        Api,
        "pub enum E { V { a: u8 } }",
        "pub enum E { V { b: u8 } }",
    ),
    no(
        FieldRenamed,
        "pub struct S { pub a: u8, pub b: u8 }",
        "pub struct S { pub a: u8, pub c: u16 }",
    ),
    yes(FieldTypeChanged, Breaking, Api, "pub struct S { pub a: u32 }", "pub struct S { pub a: u64 }"),
    // A field that stops being public breaks by that (`field_visibility_reduced`): its
    // new type is no consumer's.
    yes(
        FieldTypeChanged,
        Additive,
        Api,
        "#[non_exhaustive] pub struct S { pub a: u32, b: u8 }",
        "#[non_exhaustive] pub struct S { pub(crate) a: u64, b: u8 }",
    ),
    yes(
        FieldVisibilityReduced,
        Breaking,
        Api,
        "#[non_exhaustive] pub struct S { pub a: u32, b: u8 }",
        "#[non_exhaustive] pub struct S { pub(crate) a: u64, b: u8 }",
    ),
    // std's alias written out is no change (tests/equivalence.rs); another error
    // type is one.
    yes(
        FieldTypeChanged,
        Breaking,
        Api,
        "pub struct S { pub r: std::io::Result<u8> }",
        "pub struct S { pub r: Result<u8, std::fmt::Error> }",
    ),
    no(
        FieldTypeChanged,
        "pub struct S { pub r: std::io::Result<u8> }",
        "pub struct S { pub r: Result<u8, std::io::Error>, pub x: u8 }",
    ),
    // A trait object's lifetime bound that is not its place's default (`&'a` gives
    // `'a`): `+ 'static` dropped there is a change (written out where it is the
    // default, no change: tests/equivalence.rs).
    yes(
        FieldTypeChanged,
        Breaking,
        Api,
        "pub struct S<'a> { pub r: &'a (dyn std::any::Any + 'static) }",
        "pub struct S<'a> { pub r: &'a dyn std::any::Any }",
    ),
    no(
        FieldTypeChanged,
        "pub struct S<'a> { pub r: &'a dyn std::any::Any, pub b: Box<dyn Send> }",
        "pub struct S<'a> { pub r: &'a (dyn std::any::Any + 'a), pub b: Box<dyn Send + 'static>, pub c: u8 }",
    ),
    // A private last field whose type becomes unsized: `S` is no longer `Sized`, and
    // every `S` by value in other crates stops compiling.
    yes(
        FieldTypeChanged,
        Breaking,
        Api,
        "pub struct S { n: u8, bar: [usize; 1] }",
        "pub struct S { n: u8, bar: [usize] }",
    ),
    yes(
        FieldTypeChanged,
        Breaking,
        Api,
        "pub struct S { text: String }",
        "pub struct S { text: str }",
    ),
    // Its near miss: still sized behind a pointer, a private field's business.
    yes(
        FieldTypeChanged,
        Additive,
        Api,
        "pub struct S { n: u8, bar: [usize; 1] }",
        "pub struct S { n: u8, bar: Box<[usize]> }",
    ),
    // Widening reads every old payload; old readers fail on large new values.
    yes(
        FieldTypeChanged,
        Additive,
        Wire,
        serde!("pub struct S { pub a: u32 }"),
        serde!("pub struct S { pub a: u64 }"),
    )
    .under(Pol::Backward),
    yes(
        FieldTypeChanged,
        Breaking,
        Wire,
        serde!("pub struct S { pub a: u32 }"),
        serde!("pub struct S { pub a: u64 }"),
    )
    .under(Pol::Full),
    // Narrowing: the new type fails on large old values.
    yes(
        FieldTypeChanged,
        Breaking,
        Wire,
        serde!("pub struct S { pub a: u64 }"),
        serde!("pub struct S { pub a: u32 }"),
    ),
    // `Box<T>` is written as `T`.
    yes(
        FieldTypeChanged,
        Additive,
        Wire,
        serde!("pub struct S { pub a: Box<u32> }"),
        serde!("pub struct S { pub a: u32 }"),
    ),
    // Types read in serde's data model (tests/wire_oracle.rs plays each with serde).
    // A string reads every unit variant's name; an untagged string fallback reads
    // every string (cargo_metadata 0.19's `Target::kind`).
    yes(
        FieldTypeChanged,
        Additive,
        Wire,
        serde!("pub struct S { pub kind: Vec<String> }"),
        concat!(
            "#[derive(Serialize, Deserialize)] pub enum Kind { #[serde(rename = \"lib\")] Lib, ",
            "#[serde(untagged)] Unknown(String) } ",
            "#[derive(Serialize, Deserialize)] pub struct S { pub kind: Vec<Kind> }"
        ),
    )
    .under(Pol::Full),
    // Without the fallback, old strings no variant names fail.
    yes(
        FieldTypeChanged,
        Breaking,
        Wire,
        serde!("pub struct S { pub kind: String }"),
        concat!(
            "#[derive(Serialize, Deserialize)] pub enum Kind { Lib, Bin } ",
            "#[derive(Serialize, Deserialize)] pub struct S { pub kind: Kind }"
        ),
    ),
    // A catch-all reads them, as itself: the string is lost.
    yes(
        FieldTypeChanged,
        Breaking,
        Wire,
        serde!("pub struct S { pub kind: String }"),
        concat!(
            "#[derive(Serialize, Deserialize)] pub enum Kind { Lib, #[serde(other)] Other } ",
            "#[derive(Serialize, Deserialize)] pub struct S { pub kind: Kind }"
        ),
    ),
    // An enum of unit variants as a string: new readers read every name; old readers
    // fail on strings no variant names.
    yes(
        FieldTypeChanged,
        Additive,
        Wire,
        concat!(
            "#[derive(Serialize, Deserialize)] pub enum Kind { Lib, Bin } ",
            "#[derive(Serialize, Deserialize)] pub struct S { pub kind: Kind }"
        ),
        serde!("pub struct S { pub kind: String }"),
    ),
    yes(
        FieldTypeChanged,
        Breaking,
        Wire,
        concat!(
            "#[derive(Serialize, Deserialize)] pub enum Kind { Lib, Bin } ",
            "#[derive(Serialize, Deserialize)] pub struct S { pub kind: Kind }"
        ),
        serde!("pub struct S { pub kind: String }"),
    )
    .under(Pol::Forward),
    // A newtype struct is its content, in every format.
    yes(
        FieldTypeChanged,
        Additive,
        Wire,
        concat!(
            "#[derive(Serialize, Deserialize)] pub struct Id(pub u64); ",
            "#[derive(Serialize, Deserialize)] pub struct S { pub id: Id }"
        ),
        serde!("pub struct S { pub id: u64 }"),
    )
    .under(Pol::Full),
    yes(
        FieldTypeChanged,
        Additive,
        Wire,
        concat!(
            "#[derive(Serialize, Deserialize)] pub struct Id(pub u64); ",
            "#[derive(Serialize, Deserialize)] pub struct S { pub id: Id }"
        ),
        serde!("pub struct S { pub id: u64 }"),
    )
    .under(Pol::Positional),
    // Positional formats write fixed widths: a wider integer reads nothing old.
    yes(
        FieldTypeChanged,
        Breaking,
        Wire,
        serde!("pub struct S { pub a: u32 }"),
        serde!("pub struct S { pub a: u64 }"),
    )
    .under(Pol::Positional),
    // A set drops an old list's duplicates; a list reads a set.
    yes(
        FieldTypeChanged,
        Breaking,
        Wire,
        serde!("pub struct S { pub tags: Vec<u8> }"),
        serde!("pub struct S { pub tags: std::collections::BTreeSet<u8> }"),
    ),
    yes(
        FieldTypeChanged,
        Additive,
        Wire,
        serde!("pub struct S { pub tags: std::collections::BTreeSet<u8> }"),
        serde!("pub struct S { pub tags: Vec<u8> }"),
    ),
    // `serde_json::Value` reads every self-describing payload.
    yes(
        FieldTypeChanged,
        Additive,
        Wire,
        serde!("pub struct S { pub extra: u8 }"),
        serde!("pub struct S { pub extra: serde_json::Value }"),
    ),
    // Another struct of the crate with the same keys reads the old one's objects.
    yes(
        FieldTypeChanged,
        Additive,
        Wire,
        concat!(
            "#[derive(Serialize, Deserialize)] pub struct Point { pub x: i32, pub y: i32 } ",
            "#[derive(Serialize, Deserialize)] pub struct S { pub at: Point }"
        ),
        concat!(
            "#[derive(Serialize, Deserialize)] pub struct Point { pub x: i32, pub y: i32 } ",
            "#[derive(Serialize, Deserialize)] pub struct Position { pub y: i64, pub x: i64 } ",
            "#[derive(Serialize, Deserialize)] pub struct S { pub at: Position }"
        ),
    ),
    // A generic type of the crate with another argument is read through its body.
    yes(
        FieldTypeChanged,
        Breaking,
        Wire,
        concat!(
            "#[derive(Serialize, Deserialize)] pub enum Inheritable<T> { Set(T), Inherited } ",
            "#[derive(Serialize, Deserialize)] pub struct S { pub version: Inheritable<String> }"
        ),
        concat!(
            "#[derive(Serialize, Deserialize)] pub enum Inheritable<T> { Set(T), Inherited } ",
            "#[derive(Serialize, Deserialize)] pub struct S { pub version: Inheritable<u64> }"
        ),
    ),
    // `null` inside a sequence no longer reads.
    yes(
        FieldTypeChanged,
        Breaking,
        Wire,
        serde!("pub struct S { pub v: Vec<Option<u8>> }"),
        serde!("pub struct S { pub v: Vec<u8> }"),
    ),
    // Another crate's type, whose wire form is not derived here: compared by identity.
    yes(
        FieldTypeChanged,
        Breaking,
        Wire,
        serde!("pub struct S { pub at: chrono::DateTime<chrono::Utc> }"),
        serde!("pub struct S { pub at: time::OffsetDateTime }"),
    ),
    yes(
        FieldTypeChanged,
        Breaking,
        Api,
        "pub enum E { V(u8) }",
        "pub enum E { V(u16) }",
    ),
    no(
        FieldTypeChanged,
        "pub struct S { pub a: Option<u32> }",
        "pub struct S { pub a: u32 }",
    ),
    yes(
        FieldTypeNarrowed,
        Breaking,
        Api,
        "pub struct S { pub a: Option<u32> }",
        "pub struct S { pub a: u32 }",
    ),
    // New readers reject `null`; old readers read a `u32` as `Some`.
    yes(
        FieldTypeNarrowed,
        Additive,
        Wire,
        serde!("pub struct S { pub a: Option<u32> }"),
        serde!("pub struct S { pub a: u32 }"),
    )
    .under(Pol::Forward),
    no(
        FieldTypeNarrowed,
        "pub struct S { pub a: u32 }",
        "pub struct S { pub a: Option<u32> }",
    ),
    yes(
        FieldVisibilityReduced,
        Breaking,
        Api,
        "pub struct S { pub a: u8 }",
        "pub struct S { pub(crate) a: u8 }",
    ),
    no(
        FieldVisibilityReduced,
        "pub struct S { pub(crate) a: u8 }",
        "pub struct S { pub a: u8 }",
    ),
    yes(
        FieldOrderChanged,
        Additive,
        Wire,
        serde!("pub struct S { pub a: u8, pub b: u16 }"),
        serde!("pub struct S { pub b: u16, pub a: u8 }"),
    ),
    yes(
        FieldOrderChanged,
        Breaking,
        Wire,
        serde!("pub struct S { pub a: u8, pub b: u16 }"),
        serde!("pub struct S { pub b: u16, pub a: u8 }"),
    )
    .under(Pol::Positional),
    yes(
        FieldOrderChanged,
        Breaking,
        Api,
        "#[repr(C)] pub struct S { pub a: u8, pub b: u16 }",
        "#[repr(C)] pub struct S { pub b: u16, pub a: u8 }",
    ),
    // A field removed from a `#[repr(C)]` struct moves the public fields after it:
    // their offsets are public layout, the removed field private or not…
    yes(
        FieldRemoved,
        Breaking,
        Api,
        "#[repr(C)] pub struct S { a: u8, pub b: u16 }",
        "#[repr(C)] pub struct S { pub b: u16 }",
    ),
    // … a private one after every public field moves none of them.
    yes(
        FieldRemoved,
        Additive,
        Api,
        "#[repr(C)] pub struct S { pub b: u16, a: u8 }",
        "#[repr(C)] pub struct S { pub b: u16 }",
    ),
    // Other crates see the layout through the fields they can name: private fields
    // trading places while each public one keeps its position are the crate's own…
    yes(
        FieldOrderChanged,
        Additive,
        Api,
        "#[repr(C)] pub struct S { pub a: u8, b: u16, c: u32, pub d: u64 }",
        "#[repr(C)] pub struct S { pub a: u8, c: u32, b: u16, pub d: u64 }",
    ),
    // … a public field that moves, however it moves, is not.
    yes(
        FieldOrderChanged,
        Breaking,
        Api,
        "#[repr(C)] pub struct S { pub a: u8, b: u16, pub c: u32 }",
        "#[repr(C)] pub struct S { b: u16, pub c: u32, pub a: u8 }",
    ),
    yes(
        FieldOrderChanged,
        Breaking,
        Api,
        "#[repr(C)] pub struct S { a: u8, pub b: u16 }",
        "#[repr(C)] pub struct S { pub b: u16, a: u8 }",
    ),
    yes(
        FieldOrderChanged,
        Breaking,
        Api,
        "#[derive(PartialOrd)] pub enum E { A, B(u8) }",
        "#[derive(PartialOrd)] pub enum E { B(u8), A }",
    ),
    yes(
        FieldOrderChanged,
        Additive,
        Api,
        "pub struct S { pub a: u8, pub b: u16 }",
        "pub struct S { pub b: u16, pub a: u8 }",
    ),
    // Variants inserted among the old ones keep every old comparison's answer: the
    // old variants' relative order is what derived `PartialOrd` exposes.
    no(
        FieldOrderChanged,
        "#[derive(PartialOrd, PartialEq)] pub enum E { A, C }",
        "#[derive(PartialOrd, PartialEq)] pub enum E { A, B, C, D }",
    ),
    // The near miss: an insertion that also moves an old variant.
    yes(
        FieldOrderChanged,
        Breaking,
        Api,
        "#[derive(PartialOrd, PartialEq)] pub enum E { A, C }",
        "#[derive(PartialOrd, PartialEq)] pub enum E { C, B, A }",
    ),
    // Every variant form under a derived `PartialOrd`: unit variants by position,
    // named fields in order; tuple fields swap types, which is a type change.
    yes(
        FieldOrderChanged,
        Breaking,
        Api,
        "#[derive(PartialOrd, PartialEq)] pub enum E { A, B }",
        "#[derive(PartialOrd, PartialEq)] pub enum E { B, A }",
    ),
    yes(
        FieldOrderChanged,
        Breaking,
        Api,
        "#[derive(PartialOrd, PartialEq)] pub enum E { V { a: u8, b: u8 } }",
        "#[derive(PartialOrd, PartialEq)] pub enum E { V { b: u8, a: u8 } }",
    ),
    yes(
        FieldTypeChanged,
        Breaking,
        Api,
        "#[derive(PartialOrd, PartialEq)] pub enum E { V(u8, u16) }",
        "#[derive(PartialOrd, PartialEq)] pub enum E { V(u16, u8) }",
    ),
    yes(
        FieldOrderChanged,
        Breaking,
        Api,
        "#[derive(PartialOrd, Ord, PartialEq, Eq)] pub struct S { pub a: u8, pub b: u8 }",
        "#[derive(PartialOrd, Ord, PartialEq, Eq)] pub struct S { pub b: u8, pub a: u8 }",
    ),
    // The variants of a `#[repr(C)]` or `#[repr(u8)]` enum are laid out like
    // `#[repr(C)]` structs: their field order is their layout.
    yes(
        FieldOrderChanged,
        Breaking,
        Api,
        "#[repr(u8)] pub enum E { V { a: u8, b: u16 } }",
        "#[repr(u8)] pub enum E { V { b: u16, a: u8 } }",
    ),
    yes(
        FieldOrderChanged,
        Breaking,
        Api,
        "#[repr(C)] pub enum E { V { a: u8, b: u16 } }",
        "#[repr(C)] pub enum E { V { b: u16, a: u8 } }",
    ),
    yes(
        FieldOrderChanged,
        Additive,
        Api,
        "pub enum E { V { a: u8, b: u16 } }",
        "pub enum E { V { b: u16, a: u8 } }",
    ),
    // serde tries untagged variants in declaration order: moved, a payload may read as
    // another variant (wire_oracle.rs plays it).
    yes(
        FieldOrderChanged,
        Breaking,
        Wire,
        serde!("#[serde(untagged)] pub enum N { Int(i64), Float(f64) }"),
        serde!("#[serde(untagged)] pub enum N { Float(f64), Int(i64) }"),
    ),
    // Old readers keep their order, and payloads are written alike.
    yes(
        FieldOrderChanged,
        Additive,
        Wire,
        serde!("#[serde(untagged)] pub enum N { Int(i64), Float(f64) }"),
        serde!("#[serde(untagged)] pub enum N { Float(f64), Int(i64) }"),
    )
    .under(Pol::Forward),
    yes(
        FieldOrderChanged,
        Breaking,
        Wire,
        serde!("#[serde(untagged)] pub enum N { Int(i64), Float(f64) }"),
        serde!("#[serde(untagged)] pub enum N { Float(f64), Int(i64) }"),
    )
    .under(Pol::Full),
    no(
        FieldOrderChanged,
        serde!("pub struct S { pub a: u8, pub b: u16 }"),
        serde!("pub struct S { pub a: u8, pub b: u16, pub c: u8 }"),
    ),
    // ---- serde attributes ----------------------------------------------------
    yes(
        FieldWireNameChanged,
        Breaking,
        Wire,
        serde!("pub struct S { #[serde(rename = \"id\")] pub key: u64 }"),
        serde!("pub struct S { #[serde(rename = \"key\")] pub key: u64 }"),
    ),
    yes(
        FieldWireNameChanged,
        Breaking,
        Wire,
        serde!("pub struct S { pub b: u8 }"),
        serde!("pub struct S { pub c: u8 }"),
    ),
    // Names are not on a positional wire.
    yes(
        FieldWireNameChanged,
        Additive,
        Wire,
        serde!("pub struct S { #[serde(rename = \"id\")] pub key: u64 }"),
        serde!("pub struct S { #[serde(rename = \"key\")] pub key: u64 }"),
    )
    .under(Pol::Positional),
    no(
        FieldWireNameChanged,
        serde!("pub struct S { pub id: u64 }"),
        serde!("pub struct S { #[serde(rename = \"id\")] pub key: u64 }"),
    ),
    yes(
        ContainerRenameAllChanged,
        Breaking,
        Wire,
        serde!("#[serde(rename_all = \"snake_case\")] pub struct S { pub retry_count: u8 }"),
        serde!("#[serde(rename_all = \"camelCase\")] pub struct S { pub retry_count: u8 }"),
    ),
    // Single-word names read the same in both cases.
    yes(
        ContainerRenameAllChanged,
        Additive,
        Wire,
        serde!("pub struct S { pub id: u8 }"),
        serde!("#[serde(rename_all = \"camelCase\")] pub struct S { pub id: u8 }"),
    ),
    yes(
        ContainerRenameAllChanged,
        Breaking,
        Wire,
        serde!("pub enum E { NotFound }"),
        serde!("#[serde(rename_all = \"snake_case\")] pub enum E { NotFound }"),
    ),
    no(
        ContainerRenameAllChanged,
        serde!("#[serde(rename_all = \"camelCase\")] pub struct S { pub retry_count: u8 }"),
        serde!("#[serde(rename_all = \"camelCase\")] pub struct S { #[serde(rename = \"n\")] pub retry_count: u8 }"),
    ),
    yes(
        FieldAliasAdded,
        Additive,
        Wire,
        serde!("pub struct S { pub id: u64 }"),
        serde!("pub struct S { #[serde(alias = \"old_id\")] pub id: u64 }"),
    ),
    no(
        FieldAliasAdded,
        serde!("pub struct S { #[serde(alias = \"old_id\")] pub id: u64 }"),
        serde!("pub struct S { pub id: u64 }"),
    ),
    yes(
        FieldAliasRemoved,
        Breaking,
        Wire,
        serde!("pub struct S { #[serde(alias = \"old_id\")] pub id: u64 }"),
        serde!("pub struct S { pub id: u64 }"),
    ),
    no(
        FieldAliasRemoved,
        serde!("pub struct S { pub id: u64 }"),
        serde!("pub struct S { #[serde(alias = \"old_id\")] pub id: u64 }"),
    ),
    yes(
        FieldDefaultAdded,
        Additive,
        Wire,
        serde!("pub struct S { pub retries: u8 }"),
        serde!("pub struct S { #[serde(default)] pub retries: u8 }"),
    ),
    yes(
        FieldDefaultAdded,
        Additive,
        Wire,
        serde!("pub struct S { pub retries: u8 }"),
        serde!("#[serde(default)] pub struct S { pub retries: u8 }"),
    ),
    no(
        FieldDefaultAdded,
        serde!("pub struct S { #[serde(default)] pub retries: u8 }"),
        serde!("pub struct S { pub retries: u8 }"),
    ),
    yes(
        FieldDefaultRemoved,
        Breaking,
        Wire,
        serde!("pub struct S { #[serde(default)] pub retries: u8 }"),
        serde!("pub struct S { pub retries: u8 }"),
    ),
    yes(
        FieldDefaultRemoved,
        Breaking,
        Wire,
        serde!("#[serde(default)] pub struct S { pub retries: u8 }"),
        serde!("pub struct S { pub retries: u8 }"),
    ),
    // An `Option` still reads a missing key as `None`.
    yes(
        FieldDefaultRemoved,
        Additive,
        Wire,
        serde!("pub struct S { #[serde(default)] pub note: Option<u8> }"),
        serde!("pub struct S { pub note: Option<u8> }"),
    ),
    no(
        FieldDefaultRemoved,
        serde!("pub struct S { pub retries: u8 }"),
        serde!("pub struct S { #[serde(default)] pub retries: u8 }"),
    ),
    yes(
        FieldSkipped,
        Breaking,
        Wire,
        serde!("pub struct S { pub a: u8, pub token: String }"),
        serde!("pub struct S { pub a: u8, #[serde(skip)] pub token: String }"),
    ),
    no(
        FieldSkipped,
        serde!("pub struct S { pub note: Option<u8> }"),
        serde!("pub struct S { #[serde(skip_serializing_if = \"Option::is_none\")] pub note: Option<u8> }"),
    ),
    yes(
        FieldFlattenChanged,
        Breaking,
        Wire,
        serde!("pub struct S { pub meta: Meta }"),
        serde!("pub struct S { #[serde(flatten)] pub meta: Meta }"),
    ),
    no(
        FieldFlattenChanged,
        serde!("pub struct S { pub meta: Meta }"),
        serde!("pub struct S { pub meta: Meta2 }"),
    ),
    yes(
        DenyUnknownFieldsChanged,
        Breaking,
        Wire,
        serde!("pub struct S { pub a: u8 }"),
        serde!("#[serde(deny_unknown_fields)] pub struct S { pub a: u8 }"),
    ),
    yes(
        DenyUnknownFieldsChanged,
        Breaking,
        Wire,
        serde!("#[serde(deny_unknown_fields)] pub struct S { pub a: u8 }"),
        serde!("pub struct S { pub a: u8 }"),
    ),
    // Only readers of old payloads are stricter now.
    yes(
        DenyUnknownFieldsChanged,
        Additive,
        Wire,
        serde!("pub struct S { pub a: u8 }"),
        serde!("#[serde(deny_unknown_fields)] pub struct S { pub a: u8 }"),
    )
    .under(Pol::Forward),
    no(
        DenyUnknownFieldsChanged,
        serde!("pub struct S { pub a: u8 }"),
        serde!("#[serde(default)] pub struct S { pub a: u8 }"),
    ),
    yes(
        TransparentChanged,
        Breaking,
        Wire,
        serde!("pub struct Id { pub id: u64 }"),
        serde!("#[serde(transparent)] pub struct Id { pub id: u64 }"),
    ),
    no(
        TransparentChanged,
        serde!("pub struct Id { pub id: u64 }"),
        serde!("#[repr(transparent)] pub struct Id { pub id: u64 }"),
    ),
    yes(
        EnumRepresentationChanged,
        Breaking,
        Wire,
        serde!("#[serde(tag = \"kind\")] pub enum E { A { x: u8 } }"),
        serde!("#[serde(untagged)] pub enum E { A { x: u8 } }"),
    ),
    no(
        EnumRepresentationChanged,
        serde!("#[serde(tag = \"kind\")] pub enum E { A { x: u8 } }"),
        serde!("#[serde(tag = \"kind\", rename_all = \"lowercase\")] pub enum E { A { x: u8 } }"),
    ),
    yes(
        VariantWireNameChanged,
        Breaking,
        Wire,
        serde!("pub enum Outcome { #[serde(rename = \"ok\")] Pass, Fail }"),
        serde!("pub enum Outcome { Pass, Fail }"),
    ),
    no(
        VariantWireNameChanged,
        serde!("pub enum Outcome { Pass, Fail }"),
        serde!("pub enum Outcome { #[serde(rename = \"Pass\")] Passed, Fail }"),
    ),
    yes(
        SerdeAttributeChanged,
        Additive,
        Wire,
        serde!("pub struct S { pub note: Option<u8> }"),
        serde!("pub struct S { #[serde(skip_serializing_if = \"Option::is_none\")] pub note: Option<u8> }"),
    ),
    // A required field that is sometimes missing fails old readers (forward)...
    yes(
        SerdeAttributeChanged,
        Breaking,
        Wire,
        serde!("pub struct S { pub tags: Vec<u8> }"),
        serde!("pub struct S { #[serde(skip_serializing_if = \"Vec::is_empty\")] pub tags: Vec<u8> }"),
    )
    .under(Pol::Full),
    // ...while the new type still reads every old payload (backward).
    yes(
        SerdeAttributeChanged,
        Additive,
        Wire,
        serde!("pub struct S { pub tags: Vec<u8> }"),
        serde!("pub struct S { #[serde(skip_serializing_if = \"Vec::is_empty\")] pub tags: Vec<u8> }"),
    ),
    // A custom serializer is opaque: assume it changes the payload.
    yes(
        SerdeAttributeChanged,
        Breaking,
        Wire,
        serde!("pub struct S { pub at: u64 }"),
        serde!("pub struct S { #[serde(with = \"ts\")] pub at: u64 }"),
    ),
    no(
        SerdeAttributeChanged,
        serde!("pub struct S { pub id: u64 }"),
        serde!("pub struct S { #[serde(alias = \"old_id\")] pub id: u64 }"),
    ),
    // ---- container attributes ------------------------------------------------
    yes(
        NonExhaustiveRemoved,
        Additive,
        Api,
        "#[non_exhaustive] pub enum E { A }",
        "pub enum E { A }",
    ),
    no(NonExhaustiveRemoved, "pub enum E { A }", "#[non_exhaustive] pub enum E { A }"),
    yes(
        NonExhaustiveAdded,
        Breaking,
        Api,
        "pub struct S { pub a: u8 }",
        "#[non_exhaustive] pub struct S { pub a: u8 }",
    ),
    no(NonExhaustiveAdded, "#[non_exhaustive] pub enum E { A }", "pub enum E { A }"),
    // A hidden variant already kept the documented API from exhaustive matches (csv
    // 1.4 replaced `#[doc(hidden)] __Nonexhaustive` with the attribute)…
    yes(
        NonExhaustiveAdded,
        Additive,
        Api,
        "pub enum Trim { None, All, #[doc(hidden)] __Nonexhaustive }",
        "#[non_exhaustive] pub enum Trim { None, All }",
    ),
    // … unless hidden items are API, or no variant was hidden.
    yes(
        NonExhaustiveAdded,
        Breaking,
        Api,
        "pub enum Trim { None, All, #[doc(hidden)] __Nonexhaustive }",
        "#[non_exhaustive] pub enum Trim { None, All }",
    )
    .under(Pol::HiddenIsApi),
    yes(
        NonExhaustiveAdded,
        Breaking,
        Api,
        "pub enum Trim { None, All, Headers }",
        "#[non_exhaustive] pub enum Trim { None, All, Headers }",
    ),
    // A struct with a hidden public field: no documented literal or pattern without `..`.
    yes(
        NonExhaustiveAdded,
        Additive,
        Api,
        "pub struct S { pub a: u8, #[doc(hidden)] pub __private: () }",
        "#[non_exhaustive] pub struct S { pub a: u8, #[doc(hidden)] pub __private: () }",
    ),
    // On a variant: other crates can no longer build it or match it without `..`.
    yes(
        NonExhaustiveAdded,
        Breaking,
        Api,
        "pub enum E { V { a: u8 }, W }",
        "pub enum E { #[non_exhaustive] V { a: u8 }, W }",
    ),
    yes(
        NonExhaustiveRemoved,
        Additive,
        Api,
        "pub enum E { #[non_exhaustive] V { a: u8 }, W }",
        "pub enum E { V { a: u8 }, W }",
    ),
    // A representation argument the vocabulary does not name.
    yes(ReprChanged, Breaking, Api, "pub struct S(pub u64);", "#[repr(simd)] pub struct S(pub u64);"),
    no(ReprChanged, "#[repr(u8)] pub enum E { A = 1 }", "#[repr(u16)] pub enum E { A = 1 }"),
    // `repr(Rust)` is the default representation, written out.
    no(ReprChanged, "pub struct S { pub a: u8 }", "#[repr(Rust)] #[derive(Hash)] pub struct S { pub a: u8 }"),
    // A defined layout where there was none: nobody relied on the unspecified one.
    yes(ReprCAdded, Additive, Api, "pub struct S { pub a: u8 }", "#[repr(C)] pub struct S { pub a: u8 }"),
    // … but `C` next to a primitive changes the layout of the enum's variants.
    yes(ReprCAdded, Breaking, Api, "#[repr(u8)] pub enum E { A(u8) }", "#[repr(C, u8)] pub enum E { A(u8) }"),
    no(ReprCAdded, "#[repr(C)] pub struct S { pub a: u8 }", "#[repr(C, align(8))] pub struct S { pub a: u8 }"),
    yes(ReprCRemoved, Breaking, Api, "#[repr(C)] pub struct S { pub a: u8 }", "pub struct S { pub a: u8 }"),
    no(ReprCRemoved, "#[repr(C, align(8))] pub struct S { pub a: u8 }", "#[repr(C)] pub struct S { pub a: u8 }"),
    yes(ReprTransparentAdded, Additive, Api, "pub struct Id(u64);", "#[repr(transparent)] pub struct Id(u64);"),
    no(ReprTransparentAdded, "pub struct Id(u64);", "#[repr(C)] pub struct Id(u64);"),
    yes(ReprTransparentRemoved, Breaking, Api, "#[repr(transparent)] pub struct Id(pub u64);", "pub struct Id(pub u64);"),
    // Public ABI only when its field is public (the Reference).
    yes(ReprTransparentRemoved, Additive, Api, "#[repr(transparent)] pub struct Id(u64);", "pub struct Id(u64);"),
    no(ReprTransparentRemoved, "#[repr(transparent)] pub struct Id(u64);", "#[repr(transparent)] pub struct Id(pub u64);"),
    yes(ReprIntAdded, Additive, Api, "pub enum E { A = 1 }", "#[repr(u8)] pub enum E { A = 1 }"),
    no(ReprIntAdded, "#[repr(u8)] pub enum E { A = 1 }", "#[repr(u16)] pub enum E { A = 1 }"),
    yes(ReprIntRemoved, Breaking, Api, "#[repr(u8)] pub enum E { A = 1 }", "pub enum E { A = 1 }"),
    no(ReprIntRemoved, "#[repr(u8)] pub enum E { A = 1 }", "#[repr(C, u8)] pub enum E { A = 1 }"),
    yes(ReprIntChanged, Breaking, Api, "#[repr(u8)] pub enum E { A = 1 }", "#[repr(u16)] pub enum E { A = 1 }"),
    no(ReprIntChanged, "#[repr(u8)] pub enum E { A = 1 }", "#[repr(u8)] #[derive(Clone)] pub enum E { A = 1 }"),
    yes(ReprAlignAdded, Breaking, Api, "pub struct S { pub a: u8 }", "#[repr(align(8))] pub struct S { pub a: u8 }"),
    no(ReprAlignAdded, "#[repr(align(8))] pub struct S { pub a: u8 }", "#[repr(align(16))] pub struct S { pub a: u8 }"),
    yes(ReprAlignRemoved, Breaking, Api, "#[repr(align(8))] pub struct S { pub a: u8 }", "pub struct S { pub a: u8 }"),
    no(ReprAlignRemoved, "#[repr(align(8))] pub struct S { pub a: u8 }", "#[repr(align(16))] pub struct S { pub a: u8 }"),
    yes(ReprAlignChanged, Breaking, Api, "#[repr(align(8))] pub struct S { pub a: u8 }", "#[repr(align(16))] pub struct S { pub a: u8 }"),
    no(ReprAlignChanged, "#[repr(align(8))] pub struct S { pub a: u8 }", "#[repr(C, align(8))] pub struct S { pub a: u8 }"),
    yes(ReprPackedAdded, Breaking, Api, "pub struct S { pub a: u8 }", "#[repr(packed)] pub struct S { pub a: u8 }"),
    no(ReprPackedAdded, "#[repr(packed)] pub struct S { pub a: u8 }", "#[repr(packed(2))] pub struct S { pub a: u8 }"),
    yes(ReprPackedRemoved, Breaking, Api, "#[repr(C, packed)] pub struct S { pub a: u8 }", "#[repr(C)] pub struct S { pub a: u8 }"),
    no(ReprPackedRemoved, "#[repr(C, packed)] pub struct S { pub a: u8 }", "#[repr(packed)] pub struct S { pub a: u8 }"),
    yes(ReprPackedChanged, Breaking, Api, "#[repr(packed(2))] pub struct S { pub a: u8 }", "#[repr(packed(4))] pub struct S { pub a: u8 }"),
    no(ReprPackedChanged, "#[repr(packed(2))] pub struct S { pub a: u8 }", "#[repr(packed(2))] pub struct S { pub a: u16 }"),
    yes(DeriveAdded, Additive, Api, "#[derive(Clone)] pub struct S;", "#[derive(Clone, Hash)] pub struct S;"),
    no(DeriveAdded, "#[derive(Clone, Hash)] pub struct S;", "#[derive(Clone)] pub struct S;"),
    yes(DeriveRemoved, Breaking, Api, "#[derive(Clone, Hash)] pub struct S;", "#[derive(Hash)] pub struct S;"),
    // The compiler says the trait is really gone: still the derive removed, reported once.
    yes(
        DeriveRemoved,
        Breaking,
        Api,
        "#[observed(Clone, Send)] #[derive(Clone)] pub struct S;",
        "#[observed(Send)] pub struct S;",
    ),
    no(DeriveRemoved, "#[derive(Hash)] pub struct S;", "#[derive(Clone, Hash)] pub struct S;"),
    // A derive replaced by a hand-written impl of the same trait, where the compiler
    // (the harness) or the sources (the CLI) show the impl: no change at all.
    // (Each near miss carries one more change, so it is a change at all; the pure
    // swaps are `tests/probe.rs`'s.)
    no(
        DeriveRemoved,
        "#[observed(Clone, Send)] #[derive(Clone)] pub struct S { a: u8 }",
        "#[observed(Clone, Send)] pub struct S { a: u16 }",
    ),
    no(
        DeriveRemoved,
        "#[derive(Clone)] pub struct S { a: u8 }",
        "#[impl_in_source(Clone)] pub struct S { a: u16 }",
    ),
    no(
        DeriveAdded,
        "#[observed(Debug)] pub struct S { a: u8 }",
        "#[observed(Debug)] #[derive(Debug)] pub struct S { a: u16 }",
    ),
    yes(CopyAdded, Breaking, Api, "#[derive(Clone)] pub struct S;", "#[derive(Clone, Copy)] pub struct S;"),
    // Seen by the compiler: `impl Copy` written by hand.
    yes(
        CopyAdded,
        Breaking,
        Api,
        "#[observed(Clone)] #[derive(Clone)] pub struct S;",
        "#[observed(Clone, Copy)] #[derive(Clone)] pub struct S;",
    ),
    no(CopyAdded, "#[derive(Clone, Copy)] pub struct S;", "#[derive(Clone)] pub struct S;"),
    no(
        CopyAdded,
        "#[observed(Clone, Copy)] #[derive(Clone)] pub struct S { a: u8 }",
        "#[observed(Clone, Copy)] #[derive(Clone, Copy)] pub struct S { a: u16 }",
    ),
    // ---- what the compiler says the type implements (the type probe) ------------
    yes(
        AutoTraitRemoved,
        Breaking,
        Api,
        "#[observed(Send, Sync, Unpin)] pub struct S { a: u8 }",
        "#[observed(Unpin)] pub struct S { a: u8, b: Rc<()> }",
    ),
    // Not observed on one side (a shape read from sources): not compared.
    no(
        AutoTraitRemoved,
        "#[observed(Send, Sync, Unpin)] pub struct S { a: u8 }",
        "pub struct S { a: u8, b: Rc<()> }",
    ),
    yes(
        AutoTraitAdded,
        Additive,
        Api,
        "#[observed(Unpin)] pub struct S { a: u8, b: Rc<()> }",
        "#[observed(Send, Sync, Unpin)] pub struct S { a: u8, b: Arc<()> }",
    ),
    no(
        AutoTraitAdded,
        "#[observed(Send, Unpin)] pub struct S { a: u8 }",
        "#[observed(Send, Unpin)] pub struct S { a: u16 }",
    ),
    // ---- auto traits inferred from the sources ----------------------------------
    // A field whose type the sources cannot tell (a projection): no verdict, a notice.
    yes(
        AutoTraitUntold,
        Additive,
        Api,
        "#[infer_auto] pub struct S<I> { a: Vec<I> }",
        "#[infer_auto] pub struct S<I: Iterator> { a: Vec<I>, b: Option<I::Item> }",
    ),
    // Told on both sides: compared, no notice.
    no(
        AutoTraitUntold,
        "#[infer_auto] pub struct S<I> { a: Vec<I> }",
        "#[infer_auto] pub struct S<I> { a: Vec<I>, b: u8 }",
    ),
    yes(
        ImplRemoved,
        Breaking,
        Api,
        "#[observed(Default, Send)] pub struct S { a: u8 }",
        "#[observed(Send)] pub struct S { a: u8 }",
    ),
    no(
        ImplRemoved,
        "#[observed(Default, Send)] #[derive(Default)] pub struct S { a: u8 }",
        "#[observed(Send)] pub struct S { a: u8 }",
    ),
    yes(
        ImplAdded,
        Additive,
        Api,
        "#[observed(Send)] pub struct S { a: u8 }",
        "#[observed(Default, Send)] pub struct S { a: u8 }",
    ),
    no(
        ImplAdded,
        "#[observed(Send)] pub struct S { a: u8 }",
        "#[observed(Default, Send)] #[derive(Default)] pub struct S { a: u8 }",
    ),
    // ---- variants ------------------------------------------------------------
    // A field added to a `#[non_exhaustive]` variant: no one outside builds it or
    // matches it without `..`.
    yes(
        FieldAdded,
        Additive,
        Api,
        "pub enum E { #[non_exhaustive] V { a: u8 } }",
        "pub enum E { #[non_exhaustive] V { a: u8, b: u8 } }",
    ),
    yes(
        FieldAdded,
        Additive,
        Api,
        "pub enum E { #[non_exhaustive] V(u8) }",
        "pub enum E { #[non_exhaustive] V(u8, u16) }",
    ),
    yes(
        DiscriminantsUndefined,
        Breaking,
        Api,
        "pub enum Level { Low, High }",
        "pub enum Level { Low(u8), High }",
    ),
    yes(
        DiscriminantsUndefined,
        Breaking,
        Api,
        "pub enum Level { Low, High }",
        "pub enum Level { Low, High, Custom { at: u8 } }",
    ),
    // `#[non_exhaustive]` on the enum forbids no cast: `Level::Low as isize` compiles
    // in another crate, and stops compiling once a variant has fields or is itself
    // `#[non_exhaustive]`.
    yes(
        DiscriminantsUndefined,
        Breaking,
        Api,
        "#[non_exhaustive] pub enum Level { Low, High }",
        "#[non_exhaustive] pub enum Level { Low, High, Custom(u8) }",
    ),
    yes(
        DiscriminantsUndefined,
        Breaking,
        Api,
        "#[non_exhaustive] pub enum Level { Low, High }",
        "#[non_exhaustive] pub enum Level { Low, High, #[non_exhaustive] Max }",
    ),
    no(DiscriminantsUndefined, "pub enum Level { Low, High }", "pub enum Level { Low, High, Max }"),
    yes(
        VariantAdded,
        Additive,
        Api,
        "#[non_exhaustive] pub enum E { A, B }",
        "#[non_exhaustive] pub enum E { A, B, Skipped }",
    ),
    // Old consumers cannot read the new tag: a forward break.
    yes(
        VariantAdded,
        Breaking,
        Wire,
        serde!("#[non_exhaustive] pub enum E { A, B }"),
        serde!("#[non_exhaustive] pub enum E { A, B, Skipped }"),
    )
    .under(Pol::Full),
    yes(
        VariantAdded,
        Breaking,
        Wire,
        serde!("#[non_exhaustive] pub enum E { A, B }"),
        serde!("#[non_exhaustive] pub enum E { A, B, Skipped }"),
    )
    .under(Pol::Forward),
    // ... unless they catch unknown tags (`#[serde(other)]`, last as serde requires:
    // the new variant goes before it).
    yes(
        VariantAdded,
        Additive,
        Wire,
        serde!("#[serde(tag = \"t\")] #[non_exhaustive] pub enum E { A, #[serde(other)] Unknown }"),
        serde!("#[serde(tag = \"t\")] #[non_exhaustive] pub enum E { A, B, #[serde(other)] Unknown }"),
    )
    .under(Pol::Full),
    // The catch-all is a unit variant: outside internally tagged enums it reads only a
    // tag without content.
    yes(
        VariantAdded,
        Additive,
        Wire,
        serde!("#[non_exhaustive] pub enum E { A, #[serde(other)] Unknown }"),
        serde!("#[non_exhaustive] pub enum E { A, B, #[serde(other)] Unknown }"),
    )
    .under(Pol::Full),
    yes(
        VariantAdded,
        Breaking,
        Wire,
        serde!("#[non_exhaustive] pub enum E { A, #[serde(other)] Unknown }"),
        serde!("#[non_exhaustive] pub enum E { A, B(u8), #[serde(other)] Unknown }"),
    )
    .under(Pol::Full),
    // Under the default direction (backward) new code reads every old payload: the
    // headline case of the README.
    yes(
        VariantAdded,
        Additive,
        Wire,
        serde!("#[non_exhaustive] pub enum E { A, B }"),
        serde!("#[non_exhaustive] pub enum E { A, B, Skipped }"),
    ),
    no(VariantAdded, "pub enum E { A, B }", "pub enum E { A, B, Skipped }"),
    yes(
        VariantAddedToExhaustiveEnum,
        Breaking,
        Api,
        "pub enum E { A, B }",
        "pub enum E { A, B, Skipped }",
    ),
    no(
        VariantAddedToExhaustiveEnum,
        "#[non_exhaustive] pub enum E { A, B }",
        "#[non_exhaustive] pub enum E { A, B, Skipped }",
    ),
    yes(VariantRemoved, Breaking, Api, "pub enum E { A, B(u8) }", "pub enum E { A }"),
    yes(
        VariantRemoved,
        Breaking,
        Wire,
        serde!("pub enum E { A, B(u8) }"),
        serde!("pub enum E { A }"),
    ),
    no(VariantRemoved, "pub enum E { A, B(u8) }", "pub enum E { A, C(u8) }"),
    yes(VariantRenamed, Breaking, Api, "pub enum E { A, B(u8) }", "pub enum E { A, C(u8) }"),
    no(VariantRenamed, "pub enum E { A, B(u8) }", "pub enum E { A, C(u16) }"),
    yes(
        VariantKindChanged,
        Breaking,
        Api,
        "pub enum E { Failed }",
        "pub enum E { Failed(String) }",
    ),
    yes(
        VariantKindChanged,
        Breaking,
        Api,
        "pub enum E { Failed { code: u8 } }",
        "pub enum E { Failed { code: u8, why: String } }",
    ),
    yes(
        VariantKindChanged,
        Breaking,
        Wire,
        serde!("pub enum E { Failed }"),
        serde!("pub enum E { Failed(String) }"),
    ),
    no(VariantKindChanged, "pub enum E { Failed(u8) }", "pub enum E { Failed(u16) }"),
    no(
        VariantKindChanged,
        "pub enum E { #[non_exhaustive] V { a: u8 } }",
        "pub enum E { #[non_exhaustive] V { a: u8, b: u8 } }",
    ),
    // A field removed still breaks the patterns that bound it.
    yes(
        VariantKindChanged,
        Breaking,
        Api,
        "pub enum E { #[non_exhaustive] V { a: u8, b: u8 } }",
        "pub enum E { #[non_exhaustive] V { a: u8 } }",
    ),
    yes(
        DiscriminantChanged,
        Breaking,
        Api,
        "pub enum Level { Low = 1, High = 5 }",
        "pub enum Level { Low = 2, High = 5 }",
    ),
    // Implicit discriminants count by position: `B` was 1, is 2.
    yes(
        DiscriminantChanged,
        Breaking,
        Api,
        "pub enum Level { A, B }",
        "pub enum Level { A, New, B }",
    ),
    // Positional formats write the variant index.
    yes(
        DiscriminantChanged,
        Breaking,
        Wire,
        serde!("pub enum E { A(u8), B(u8) }"),
        serde!("pub enum E { A(u8), New, B(u8) }"),
    )
    .under(Pol::Positional),
    no(
        DiscriminantChanged,
        "pub enum Level { Low = 1, High = 5 }",
        "pub enum Level { Low = 1, High = 5, Max = 9 }",
    ),
    // A field-less `repr(u8)` enum's discriminants are its FFI values.
    yes(
        DiscriminantChanged,
        Breaking,
        Api,
        "#[repr(u8)] #[non_exhaustive] pub enum E { A = 1, B = 2 }",
        "#[repr(u8)] #[non_exhaustive] pub enum E { A = 3, B = 2 }",
    ),
    // ---- generics ------------------------------------------------------------
    yes(
        GenericParamAddedWithDefault,
        Additive,
        Api,
        "pub struct Cache<K> { k: K }",
        "pub struct Cache<K, S = RandomState> { k: K, s: S }",
    ),
    no(
        GenericParamAddedWithDefault,
        "pub struct Cache<K> { k: K }",
        "pub struct Cache<K, S> { k: K, s: S }",
    ),
    // A parameter split in two with a default naming the first (biquad 0.6's
    // `DirectForm1<T>` → `DirectForm1<C, T = C>`): every old use binds by place, so
    // the old `T` is the new `C`, and at its default the new `T` is `C` too.
    yes(
        GenericParamAddedWithDefault,
        Additive,
        Api,
        "pub struct Form<T> { pub s: T, pub c: Vec<T> }",
        "pub struct Form<C, T = C> { pub s: T, pub c: Vec<C> }",
    ),
    no(
        GenericParamAdded,
        "pub struct Form<T> { pub s: T, pub c: Vec<T> }",
        "pub struct Form<C, T = C> { pub s: T, pub c: Vec<C> }",
    ),
    no(
        FieldTypeChanged,
        "pub struct Form<T> { pub s: T, pub c: Vec<T> }",
        "pub struct Form<C, T = C> { pub s: T, pub c: Vec<C> }",
    ),
    no(
        ParamTypeChanged,
        "pub trait Filter<T> { fn run(&mut self, x: T) -> T; fn set(&mut self, c: Vec<T>); }",
        "pub trait Filter<C, T = C> { fn run(&mut self, x: T) -> T; fn set(&mut self, c: Vec<C>); }",
    ),
    // The near miss: a default that is no parameter (a bound the split moves onto the
    // first parameter: contract-core/tests/equivalence.rs, the macro leaving methods of
    // a generalised block to `cargo test`).
    yes(
        ParamTypeChanged,
        Breaking,
        Api,
        "pub trait Filter<T> { fn run(&mut self, x: T) -> T; }",
        "pub trait Filter<C, T = u8> { fn run(&mut self, x: T) -> T; }",
    ),
    yes(
        GenericParamAdded,
        Breaking,
        Api,
        "pub struct Cache<K> { k: K }",
        "pub struct Cache<K, S> { k: K, s: S }",
    ),
    no(
        GenericParamAdded,
        "pub struct Cache<K> { k: K }",
        "pub struct Cache<K, S = RandomState> { k: K, s: S }",
    ),
    yes(
        GenericParamRemoved,
        Breaking,
        Api,
        "pub trait Store<K, V> {}",
        "pub trait Store<K> {}",
    ),
    no(GenericParamRemoved, "pub trait Store<K> {}", "pub trait Store<K, V> {}"),
    yes(
        GenericDefaultChanged,
        Breaking,
        Api,
        "pub type Map<K, S = RandomState> = HashMap<K, S>;",
        "pub type Map<K, S> = HashMap<K, S>;",
    ),
    yes(
        GenericDefaultChanged,
        Additive,
        Api,
        "pub type Map<K, S> = HashMap<K, S>;",
        "pub type Map<K, S = RandomState> = HashMap<K, S>;",
    ),
    no(
        GenericDefaultChanged,
        "pub type Map<K, S = RandomState> = HashMap<K, S>;",
        "pub type Map<K, S: Clone = RandomState> = HashMap<K, S>;",
    ),
    yes(GenericBoundAdded, Breaking, Api, "pub struct W<T>(pub T);", "pub struct W<T: Send>(pub T);"),
    yes(
        GenericBoundAdded,
        Breaking,
        Api,
        "pub struct W<T>(pub T);",
        "pub struct W<T>(pub T) where Vec<T>: Clone;",
    ),
    no(GenericBoundAdded, "pub struct W<T: Send>(pub T);", "pub struct W<T>(pub T);"),
    yes(GenericBoundRemoved, Additive, Api, "pub struct W<T: Send>(pub T);", "pub struct W<T>(pub T);"),
    yes(
        GenericBoundRemoved,
        Additive,
        Api,
        "pub fn f<T: Send + Clone>(t: T) {}",
        "pub fn f<T: Clone>(t: T) {}",
    ),
    // An impl repeating the bound is stricter than the trait now (E0276).
    yes(
        GenericBoundRemoved,
        Breaking,
        Api,
        "pub trait Tr { fn f<T: Send>(&self, t: T); }",
        "pub trait Tr { fn f<T>(&self, t: T); }",
    ),
    no(GenericBoundRemoved, "pub struct W<T>(pub T);", "pub struct W<T: Send>(pub T);"),
    // The bounds of a method's `impl` block bound its calls too (the `shape_pairs`
    // fuzz target found this reported only by the safety net).
    yes(
        GenericBoundRemoved,
        Additive,
        Api,
        "pub struct W<T>(T); impl<T: Clone> W<T> { pub fn get(&self) {} }",
        "pub struct W<T>(T); impl<T> W<T> { pub fn get(&self) {} }",
    ),
    yes(
        MethodSignatureChanged,
        Breaking,
        Api,
        "pub struct W<T>(T); impl<T> W<T> { pub fn get(&self) {} }",
        "pub struct W<T>(T); impl<T> W<T> where T: Clone { pub fn get(&self) {} }",
    ),
    no(
        UnclassifiedChange,
        "pub struct W<T>(T); impl<T: Clone> W<T> { pub fn get(&self) {} }",
        "pub struct W<T>(T); impl<T> W<T> { pub fn get(&self) {} }",
    ),
    yes(
        LifetimeParamChanged,
        Breaking,
        Api,
        "pub struct View<'a> { s: &'a str }",
        "pub struct View<'a, 'b> { s: &'a str, t: &'b str }",
    ),
    // (A pure renaming of a lifetime is no change at all: tests/equivalence.rs.)
    no(
        LifetimeParamChanged,
        "pub struct View<'a, T> { s: &'a T }",
        "pub struct View<'a, T: Sync> { s: &'a T }",
    ),
    // ---- traits --------------------------------------------------------------
    yes(
        TraitMethodRemoved,
        Breaking,
        Api,
        "pub trait T { fn name(&self) -> String; fn id(&self) -> u64; }",
        "pub trait T { fn id(&self) -> u64; }",
    ),
    no(
        TraitMethodRemoved,
        "pub trait T { fn name(&self) -> String; }",
        "pub trait T { fn title(&self) -> String; }",
    ),
    yes(
        TraitRequiredMethodAdded,
        Breaking,
        Api,
        "pub trait T { fn name(&self); }",
        "pub trait T { fn name(&self); fn id(&self) -> u64; }",
    ),
    // A sealed trait has no implementors outside its crate.
    yes(
        TraitRequiredMethodAdded,
        Additive,
        Api,
        "pub trait T: sealed::Sealed { fn name(&self); }",
        "pub trait T: sealed::Sealed { fn name(&self); fn id(&self) -> u64; }",
    ),
    no(
        TraitRequiredMethodAdded,
        "pub trait T { fn name(&self); }",
        "pub trait T { fn name(&self); fn id(&self) -> u64 { 0 } }",
    ),
    yes(
        TraitProvidedMethodAdded,
        Additive,
        Api,
        "pub trait T { fn name(&self); }",
        "pub trait T { fn name(&self); fn id(&self) -> u64 { 0 } }",
    ),
    no(
        TraitProvidedMethodAdded,
        "pub trait T { fn name(&self); }",
        "pub trait T { fn name(&self); fn id(&self) -> u64; }",
    ),
    yes(
        TraitMethodDefaultRemoved,
        Breaking,
        Api,
        "pub trait T { fn id(&self) -> u64 { 0 } }",
        "pub trait T { fn id(&self) -> u64; }",
    ),
    no(
        TraitMethodDefaultRemoved,
        "pub trait T { fn id(&self) -> u64; }",
        "pub trait T { fn id(&self) -> u64 { 0 } }",
    ),
    yes(
        TraitMethodDefaultAdded,
        Additive,
        Api,
        "pub trait T { fn id(&self) -> u64; }",
        "pub trait T { fn id(&self) -> u64 { 0 } }",
    ),
    no(
        TraitMethodDefaultAdded,
        "pub trait T { fn id(&self) -> u64 { 0 } }",
        "pub trait T { fn id(&self) -> u64; }",
    ),
    yes(TraitSupertraitAdded, Breaking, Api, "pub trait Engine {}", "pub trait Engine: Send {}"),
    no(TraitSupertraitAdded, "pub trait Engine: Send {}", "pub trait Engine {}"),
    yes(TraitSupertraitRemoved, Breaking, Api, "pub trait Engine: Send {}", "pub trait Engine {}"),
    // The sealing supertrait removed opens the trait: nobody loses anything.
    yes(
        TraitSupertraitRemoved,
        Additive,
        Api,
        "pub trait Engine: private::Sealed {}",
        "pub trait Engine {}",
    ),
    no(TraitSupertraitRemoved, "pub trait Engine {}", "pub trait Engine: Send {}"),
    yes(
        TraitDynCompatibilityLost,
        Breaking,
        Api,
        "pub trait Engine { fn run(&self); }",
        "pub trait Engine { fn run(&self); fn get<T>(&self) -> T; }",
    ),
    no(
        TraitDynCompatibilityLost,
        "pub trait Engine { fn run(&self); }",
        "pub trait Engine { fn run(&self); fn get<T>(&self) -> T where Self: Sized; }",
    ),
    yes(
        TraitDynCompatibilityGained,
        Additive,
        Api,
        "pub trait Engine { fn run(&self); fn get<T>(&self) -> T; }",
        "pub trait Engine { fn run(&self); fn get<T>(&self) -> T where Self: Sized; }",
    ),
    no(
        TraitDynCompatibilityGained,
        "pub trait Engine { fn run(&self); fn get<T>(&self) -> T; }",
        "pub trait Engine { fn run(&self); fn get<T>(&self) -> T; fn id(&self) {} }",
    ),
    yes(
        TraitAssocItemAdded,
        Breaking,
        Api,
        "pub trait Engine { fn run(&self); }",
        "pub trait Engine { type Output; fn run(&self); }",
    ),
    yes(
        TraitAssocItemAdded,
        Additive,
        Api,
        "pub trait Engine { fn run(&self); }",
        "pub trait Engine { const LIMIT: u8 = 3; fn run(&self); }",
    ),
    no(
        TraitAssocItemAdded,
        "pub trait Engine { type Output; }",
        "pub trait Engine { type Output: Clone; }",
    ),
    yes(
        TraitAssocItemRemoved,
        Breaking,
        Api,
        "pub trait Engine { type Output; fn run(&self); }",
        "pub trait Engine { fn run(&self); }",
    ),
    no(
        TraitAssocItemRemoved,
        "pub trait Engine { type Output; }",
        "pub trait Engine { type Output: Clone; }",
    ),
    yes(
        TraitAssocItemChanged,
        Breaking,
        Api,
        "pub trait Engine { type Output: Clone; }",
        "pub trait Engine { type Output: Clone + Send; }",
    ),
    yes(
        TraitAssocItemChanged,
        Additive,
        Api,
        "pub trait Engine { const LIMIT: u8; }",
        "pub trait Engine { const LIMIT: u8 = 3; }",
    ),
    no(
        TraitAssocItemChanged,
        "pub trait Engine { type Output; }",
        "pub trait Engine { type Output; type Error; }",
    ),
    yes(TraitUnsafeChanged, Breaking, Api, "pub trait Engine {}", "pub unsafe trait Engine {}"),
    no(TraitUnsafeChanged, "pub trait Engine {}", "pub trait Engine: Sync {}"),
    yes(
        TraitSealedAdded,
        Breaking,
        Api,
        "pub trait Transform {}",
        "pub trait Transform: sealed::Sealed {}",
    ),
    no(TraitSealedAdded, "pub trait Transform {}", "pub trait Transform: Sync {}"),
    yes(
        TraitImplementorAdded,
        Additive,
        Api,
        "pub trait Transform {} impl Transform for Bump {}",
        "pub trait Transform {} impl Transform for Bump {} impl Transform for Pin {}",
    ),
    no(
        TraitImplementorAdded,
        "pub trait Transform {} impl Transform for Bump {} impl Transform for Pin {}",
        "pub trait Transform {} impl Transform for Bump {}",
    ),
    yes(
        TraitImplementorRemoved,
        Breaking,
        Api,
        "pub trait Transform {} impl Transform for Bump {} impl Transform for Pin {}",
        "pub trait Transform {} impl Transform for Bump {}",
    ),
    no(
        TraitImplementorRemoved,
        "pub trait Transform {} impl Transform for Bump {}",
        "pub trait Transform {} impl Transform for Bump {} impl Transform for Pin {}",
    ),
    // A generic impl is its type for every argument its bounds admit.
    yes(
        TraitImplementorRemoved,
        Breaking,
        Api,
        "pub trait Transform {} impl<T> Transform for Wrap<T> {}",
        "pub trait Transform {} impl<T: Clone> Transform for Wrap<T> {}",
    ),
    yes(
        TraitImplementorAdded,
        Additive,
        Api,
        "pub trait Transform {} impl<T: Clone> Transform for Wrap<T> {}",
        "pub trait Transform {} impl<T> Transform for Wrap<T> {}",
    ),
    // A generic trait's arguments are part of what is implemented: `Borrow<u8>` and
    // `Borrow<u16>` for one type are two implementors (golden format 7), and renaming
    // the impl's parameter, in the trait's arguments too, is none.
    yes(
        TraitImplementorRemoved,
        Breaking,
        Api,
        "pub trait Borrow<B> {} pub struct W; impl Borrow<u8> for W {} impl Borrow<u16> for W {}",
        "pub trait Borrow<B> {} pub struct W; impl Borrow<u8> for W {}",
    ),
    no(
        TraitImplementorRemoved,
        "pub trait Borrow<B> {} pub struct W<T>(T); impl Borrow<u8> for W<u8> {}",
        "pub trait Borrow<B> {} pub struct W<T>(T); impl<T> Borrow<T> for W<T> {}",
    ),
    // Per-length impls replaced by a const-generic one keep every length.
    no(
        TraitImplementorRemoved,
        "pub trait Array {} impl<T: Default> Array for [T; 4] {} impl<T: Default> Array for [T; 8] {}",
        "pub trait Array {} impl<T: Default, const N: usize> Array for [T; N] {}",
    ),
    yes(
        TraitImplementorAdded,
        Additive,
        Api,
        "pub trait Array {} impl<T: Default> Array for [T; 4] {} impl<T: Default> Array for [T; 8] {}",
        "pub trait Array {} impl<T: Default, const N: usize> Array for [T; N] {}",
    ),
    yes(
        TraitImplementorRemoved,
        Breaking,
        Api,
        "pub trait Array {} impl<T> Array for [T; 4] {}",
        "pub trait Array {} impl<T: Default, const N: usize> Array for [T; N] {}",
    ),
    // An impl's lifetime named twice ties the two places together: not `'_` in each
    // (named once it is: contract-core/tests/equivalence.rs).
    yes(
        TraitImplementorRemoved,
        Breaking,
        Api,
        "pub trait Slice<'s> {} pub struct W<'a>(&'a str); impl<'s> Slice<'s> for W<'s> {}",
        "pub trait Slice<'s> {} pub struct W<'a>(&'a str); impl Slice<'_> for W<'_> {}",
    ),
    // Impls replaced by a generic one over another crate's trait (integer-sqrt 0.1.5):
    // whether `u8` meets the bound is in that crate's impls, which are not read.
    yes(
        TraitImplementorUntold,
        Additive,
        Api,
        "pub trait Root {} impl Root for u8 {} impl Root for u16 {}",
        "pub trait Root {} impl<T: num_traits::PrimInt> Root for T {}",
    ),
    no(
        TraitImplementorRemoved,
        "pub trait Root {} impl Root for u8 {} impl Root for u16 {}",
        "pub trait Root {} impl<T: num_traits::PrimInt> Root for T {}",
    ),
    // A bound std's tables decide is told: `u8` is `Copy`, `String` is not.
    no(
        TraitImplementorUntold,
        "pub trait Root {} impl Root for u8 {} impl Root for String {}",
        "pub trait Root {} impl<T: Copy> Root for T {}",
    ),
    // ---- re-exports of other crates' items (public-API sets) ----------------
    // An item of the crate replaced by another crate's under its path (serde_yml
    // 0.0.13's `from_str`, now `pub use noyalib::…::from_str`): that crate's shape is
    // not read, so whether it is the same API is not told.
    yes(
        ReexportUntold,
        Additive,
        Api,
        "pub fn from_str(s: &str) -> u8 { 0 }",
        "[reexports]\nfrom_str = \"noyalib::from_str\"",
    ),
    no(
        SymbolRemoved,
        "pub fn from_str(s: &str) -> u8 { 0 }",
        "[reexports]\nfrom_str = \"noyalib::from_str\"",
    ),
    // The near miss: no item of that path now.
    no(
        ReexportUntold,
        "pub fn from_str(s: &str) -> u8 { 0 }",
        "[reexports]\nto_string = \"noyalib::to_string\"",
    ),
    yes(
        ReexportTargetChanged,
        Breaking,
        Api,
        "[reexports]\nMap = \"serde_json::Map\"",
        "[reexports]\nMap = \"indexmap::IndexMap\"",
    ),
    no(
        ReexportTargetChanged,
        "[reexports]\nMap = \"serde_json::Map\"",
        "[reexports]\nMap = \"serde_json::Map\"\nValue = \"serde_json::Value\"",
    ),
    // Another crate's item of the same name may be the same API moved
    // (intrusive-collections 0.10.3's `offset_of!`): not told.
    yes(
        ReexportUntold,
        Additive,
        Api,
        "[reexports]\noffset_of = \"memoffset::offset_of\"",
        "[reexports]\noffset_of = \"core::mem::offset_of\"",
    ),
    no(
        ReexportTargetChanged,
        "[reexports]\noffset_of = \"memoffset::offset_of\"",
        "[reexports]\noffset_of = \"core::mem::offset_of\"",
    ),
    yes(
        SymbolRemoved,
        Breaking,
        Api,
        "[reexports]\nMap = \"serde_json::Map\"\nValue = \"serde_json::Value\"",
        "[reexports]\nMap = \"serde_json::Map\"",
    ),
    // ---- methods and fns -----------------------------------------------------
    yes(
        MethodAdded,
        Additive,
        Api,
        "impl S { pub fn run(&self) {} }",
        "impl S { pub fn run(&self) {} pub fn len(&self) -> usize { 0 } }",
    ),
    no(
        MethodAdded,
        "impl S { pub fn run(&self) {} }",
        "impl S { pub fn execute(&self) {} }",
    ),
    yes(
        MethodRemoved,
        Breaking,
        Api,
        "impl S { pub fn run(&self) {} pub fn len(&self) -> usize { 0 } }",
        "impl S { pub fn len(&self) -> usize { 0 } }",
    ),
    no(
        MethodRemoved,
        "impl S { pub fn run(&self) {} }",
        "impl S { pub fn execute(&self) {} }",
    ),
    // A type that became an alias of another type of the crate keeps the methods that
    // type has: `Hk::new()` still calls one (hkdf 0.13's `type Hkdf<H> =
    // GenericHkdf<Hmac<H>>`); the kind change is the edit.
    no(
        MethodRemoved,
        "pub struct Hk { k: u8 } impl Hk { pub fn new() -> Self { Hk { k: 0 } } }",
        "pub struct Generic<T> { k: T } \
         impl<T: Default> Generic<T> { pub fn new() -> Self { Generic { k: T::default() } } } \
         pub type Hk = Generic<u8>;",
    ),
    // An alias of a type this cannot read (another crate's): which methods it has is
    // not known, so none is called removed; the kind change is the break.
    no(
        MethodRemoved,
        "pub struct Hk { k: u8 } impl Hk { pub fn new() -> Self { Hk { k: 0 } } }",
        "pub type Hk = std::collections::BTreeMap<u8, u8>;",
    ),
    yes(
        SymbolKindChanged,
        Breaking,
        Api,
        "pub struct Hk { k: u8 } impl Hk { pub fn new() -> Self { Hk { k: 0 } } }",
        "pub type Hk = std::collections::BTreeMap<u8, u8>;",
    ),
    // … and `Self` is the alias there.
    no(
        ReturnTypeChanged,
        "pub struct Hk { k: u8 } impl Hk { pub fn new() -> Self { Hk { k: 0 } } }",
        "pub struct Generic<T> { k: T } \
         impl<T: Default> Generic<T> { pub fn new() -> Self { Generic { k: T::default() } } } \
         pub type Hk = Generic<u8>;",
    ),
    yes(
        MethodRemoved,
        Breaking,
        Api,
        "pub struct Hk { k: u8 } impl Hk { pub fn new() -> Self { Hk { k: 0 } } }",
        "pub struct Generic<T> { k: T } \
         impl<T: Default> Generic<T> { pub fn make() -> Self { Generic { k: T::default() } } } \
         pub type Hk = Generic<u8>;",
    ),
    yes(
        MethodRenamed,
        Breaking,
        Api,
        "impl S { pub fn run(&self) {} }",
        "impl S { pub fn execute(&self) {} }",
    ),
    no(
        MethodRenamed,
        "impl S { pub fn run(&self) {} }",
        "impl S { pub fn execute(&self, n: u32) {} }",
    ),
    yes(
        RequiredArgAdded,
        Breaking,
        Api,
        "impl S { pub fn run(&self) {} }",
        "impl S { pub fn run(&self, n: u32) {} }",
    ),
    yes(
        RequiredArgAdded,
        Breaking,
        Api,
        "pub fn route(a: u8, c: bool) {}",
        "pub fn route(a: u8, b: String, c: bool) {}",
    ),
    no(RequiredArgAdded, "pub fn route(a: u8) {}", "pub fn route(a: u16) {}"),
    yes(
        ParamRemoved,
        Breaking,
        Api,
        "impl S { pub fn run(&self, n: u32) {} }",
        "impl S { pub fn run(&self) {} }",
    ),
    no(ParamRemoved, "pub fn route(a: u8) {}", "pub fn route(b: u8) {}"),
    yes(ParamTypeChanged, Breaking, Api, "pub fn route(n: u32) {}", "pub fn route(n: u64) {}"),
    // Every old argument is still accepted (minor per the Cargo book: inference may need
    // a type), but an implementor must match the trait exactly.
    yes(ParamTypeChanged, Additive, Api, "pub fn route(n: i64) {}", "pub fn route(n: impl Into<i64>) {}"),
    yes(ParamTypeChanged, Breaking, Api, "pub fn route(n: i64) {}", "pub fn route(n: impl Into<i32>) {}"),
    // A parameter's type became a type parameter the old type meets, through std's
    // auto traits and the crate's own impl (signal-hook 0.4.6's `flag::register`): every
    // call still compiles, and the fn had no type parameter to turbofish.
    yes(
        ParamGeneralised,
        Additive,
        Api,
        "pub fn register(flag: std::sync::Arc<u8>) { drop(flag) }",
        "pub trait Borrowed<B> { fn get(&self) -> &B; } \
         impl<T> Borrowed<T> for std::sync::Arc<T> { fn get(&self) -> &T { self } } \
         pub fn register<T: 'static + Send + Sync + Borrowed<u8>>(flag: T) { drop(flag) }",
    ),
    // Near misses: the crate implements the trait for `Arc<T>` with `T` as its argument,
    // so `Arc<u8>` is `Borrowed<u8>`, not `Borrowed<u16>`; a `&str` is not `'static`.
    yes(
        ParamGeneralised,
        Breaking,
        Api,
        "pub fn register(flag: std::sync::Arc<u8>) { drop(flag) }",
        "pub trait Borrowed<B> { fn get(&self) -> &B; } \
         impl<T> Borrowed<T> for std::sync::Arc<T> { fn get(&self) -> &T { self } } \
         pub fn register<T: 'static + Send + Sync + Borrowed<u16>>(flag: T) { drop(flag) }",
    ),
    yes(
        ParamGeneralised,
        Breaking,
        Api,
        "pub fn keep(s: &str) { drop(s) }",
        "pub fn keep<T: 'static + AsRef<str>>(s: T) { drop(s) }",
    ),
    // An `impl Trait` argument named as a type parameter with the same bounds: every
    // old argument meets them (issue #41); one bound more is not promised.
    yes(
        ParamGeneralised,
        Additive,
        Api,
        "pub fn open(p: impl AsRef<std::path::Path>) { drop(p) }",
        "pub fn open<P: AsRef<std::path::Path>>(p: P) { drop(p) }",
    ),
    yes(
        ParamGeneralised,
        Breaking,
        Api,
        "pub fn open(p: impl AsRef<std::path::Path>) { drop(p) }",
        "pub fn open<P: AsRef<std::path::Path> + Send>(p: P) { drop(p) }",
    ),
    // std alone: `i64: Into<i64>`.
    yes(
        ParamGeneralised,
        Additive,
        Api,
        "pub fn log(n: i64) { drop(n) }",
        "pub fn log<T: Into<i64>>(n: T) { drop(n) }",
    ),
    // A fn that had a type parameter had a turbofish: another parameter is no
    // generalisation of an old argument.
    no(
        ParamGeneralised,
        "pub fn log<U>(u: U, n: i64) { drop((u, n)) }",
        "pub fn log<U, T: Into<i64>>(u: U, n: T) { drop((u, n)) }",
    ),
    // std converts `u16` into `u128` without loss (`impl From<u16> for u128`); not back.
    yes(ParamTypeChanged, Additive, Api, "pub fn route(n: u16) {}", "pub fn route(n: impl Into<u128>) {}"),
    yes(ParamTypeChanged, Breaking, Api, "pub fn route(n: u128) {}", "pub fn route(n: impl Into<u16>) {}"),
    // A reference made generic loses deref coercion: `&str` → `impl AsRef<str>`
    // (edit-distance 2.2.2) rejects a `&Rc<String>` that coerced to `&str`.
    yes(ParamTypeChanged, Breaking, Api, "pub fn d(a: &str) {}", "pub fn d(a: impl AsRef<str>) {}"),
    // A `'static` borrow where any borrow is taken now (static_init 1.0.4).
    yes(ParamTypeChanged, Additive, Api, "pub fn set(this: &'static mut Vec<u8>) {}", "pub fn set(this: &mut Vec<u8>) {}"),
    yes(ParamTypeChanged, Breaking, Api, "pub fn set(this: &mut Vec<u8>) {}", "pub fn set(this: &'static mut Vec<u8>) {}"),
    // An argument-position `impl` inside the parameter's type, where the old type was
    // (meshopt 0.7's `&[bool]` → `&[impl VertexLock]`); a type the trait misses.
    yes(
        ParamGeneralised,
        Additive,
        Api,
        "pub trait Lock {} impl Lock for bool {} pub fn simplify(lock: &[bool]) {}",
        "pub trait Lock {} impl Lock for bool {} pub fn simplify(lock: &[impl Lock]) {}",
    ),
    yes(
        ParamGeneralised,
        Breaking,
        Api,
        "pub trait Lock {} impl Lock for bool {} pub fn simplify(lock: &[u8]) {}",
        "pub trait Lock {} impl Lock for bool {} pub fn simplify(lock: &[impl Lock]) {}",
    ),
    // A return lifetime the caller now picks where the impl's was (plotters 0.3.7);
    // the other way round takes the pick away.
    yes(
        ReturnTypeChanged,
        Additive,
        Api,
        "pub struct C<'a>(&'a u8); pub struct B<'a>(&'a u8); impl<'a> B<'a> { pub fn build(&mut self) -> C<'a> { todo!() } }",
        "pub struct C<'a>(&'a u8); pub struct B<'a>(&'a u8); impl<'a> B<'a> { pub fn build<'c>(&mut self) -> C<'c> { todo!() } }",
    ),
    yes(
        ReturnTypeChanged,
        Breaking,
        Api,
        "pub struct C<'a>(&'a u8); pub struct B<'a>(&'a u8); impl<'a> B<'a> { pub fn build<'c>(&mut self) -> C<'c> { todo!() } }",
        "pub struct C<'a>(&'a u8); pub struct B<'a>(&'a u8); impl<'a> B<'a> { pub fn build(&mut self) -> C<'a> { todo!() } }",
    ),
    // Inside an associated-type binding of an argument's `impl` (uuid 1.9's
    // `impl ClockSequence<Output = impl Into<u128>>`).
    yes(
        ParamTypeChanged,
        Additive,
        Api,
        "pub trait Clock { type Output; } pub fn now(c: impl Clock<Output = u16>) {}",
        "pub trait Clock { type Output; } pub fn now(c: impl Clock<Output = impl Into<u128>>) {}",
    ),
    yes(
        ParamTypeChanged,
        Breaking,
        Api,
        "pub trait Clock { type Output; } pub fn now(c: impl Clock<Output = u16>) {}",
        "pub trait Clock { type Output; } pub fn now(c: impl Clock<Output = impl Into<u8>>) {}",
    ),
    yes(
        ParamTypeChanged,
        Breaking,
        Api,
        "pub trait Clock { type Output; } pub fn now(c: impl Clock<Output = u16>) {}",
        "pub trait Clock { type Output; } pub fn now(c: impl Clock<Output = u32>) {}",
    ),
    yes(
        ParamTypeChanged,
        Breaking,
        Api,
        "pub trait R { fn route(&self, n: i64); }",
        "pub trait R { fn route(&self, n: impl Into<i64>); }",
    ),
    yes(
        ParamTypeChanged,
        Additive,
        Api,
        "pub fn dump(w: &mut impl std::io::Write) {}",
        "pub fn dump(w: &mut (impl std::io::Write + ?Sized)) {}",
    ),
    yes(
        ParamTypeChanged,
        Breaking,
        Api,
        "pub fn dump(w: &mut impl std::io::Write) {}",
        "pub fn dump(w: &mut (impl std::io::Write + Send)) {}",
    ),
    // `?Sized` added to a fn's type parameter: the implicit `Sized` bound goes and
    // every old caller still passes (codespan-reporting 0.13.1's `emit`)…
    yes(
        GenericBoundRemoved,
        Additive,
        Api,
        "pub fn dump<W: std::io::Write>(w: &mut W) {}",
        "pub fn dump<W: std::io::Write + ?Sized>(w: &mut W) {}",
    ),
    // … removed, a caller passing a `dyn Write` breaks…
    yes(
        MethodSignatureChanged,
        Breaking,
        Api,
        "pub fn dump<W: std::io::Write + ?Sized>(w: &mut W) {}",
        "pub fn dump<W: std::io::Write>(w: &mut W) {}",
    ),
    // … and added in a trait's method, every implementor's signature is now
    // stricter than the trait's (E0276).
    yes(
        GenericBoundRemoved,
        Breaking,
        Api,
        "pub trait Sink { fn dump<W: std::io::Write>(&self, w: &mut W); }",
        "pub trait Sink { fn dump<W: std::io::Write + ?Sized>(&self, w: &mut W); }",
    ),
    no(ParamTypeChanged, "pub fn route(n: u32) {}", "pub fn route(count: u32) {}"),
    yes(ParamRenamed, Additive, Api, "pub fn route(n: u32) {}", "pub fn route(count: u32) {}"),
    no(ParamRenamed, "pub fn route(n: u32) {}", "pub fn route(n: u64) {}"),
    yes(ReturnTypeChanged, Breaking, Api, "pub fn f() -> u32 { 0 }", "pub fn f() -> u64 { 0 }"),
    no(ReturnTypeChanged, "pub fn f() -> u32 { 0 }", "pub fn f(x: u8) -> u32 { 0 }"),
    // A reference that borrowed `self` now lives for the type's own lifetime, which
    // outlives the borrow: callers keep it longer (clap_lex 0.7.7)…
    yes(
        ReturnTypeChanged,
        Additive,
        Api,
        "pub struct P<'s>(&'s str); impl<'s> P<'s> { pub fn v(&self) -> &str { self.0 } }",
        "pub struct P<'s>(&'s str); impl<'s> P<'s> { pub fn v(&self) -> &'s str { self.0 } }",
    ),
    // … and the other way round, shorter, it breaks them.
    yes(
        ReturnTypeChanged,
        Breaking,
        Api,
        "pub struct P<'s>(&'s str); impl<'s> P<'s> { pub fn v(&self) -> &'s str { self.0 } }",
        "pub struct P<'s>(&'s str); impl<'s> P<'s> { pub fn v(&self) -> &str { self.0 } }",
    ),
    // An opaque return that became a projection whose trait declares its bounds
    // promises callers all it did (litemap 0.8.3's `S::KeyValueIter`)…
    yes(
        ReturnTypeChanged,
        Additive,
        Api,
        store_map!(
            "Iterator<Item = &'a K> + DoubleEndedIterator + 'a",
            "impl DoubleEndedIterator<Item = &'a K>"
        ),
        store_map!("Iterator<Item = &'a K> + DoubleEndedIterator + 'a", "S::Iter"),
    ),
    // … but not one whose trait declares less.
    yes(
        ReturnTypeChanged,
        Breaking,
        Api,
        store_map!(
            "Iterator<Item = &'a K> + DoubleEndedIterator + 'a",
            "impl DoubleEndedIterator<Item = &'a K>"
        ),
        store_map!("Iterator<Item = &'a K> + 'a", "S::Iter"),
    ),
    // An outlives bound added on an item that borrows nothing captures the borrow of
    // `self` anew: callers' borrows now last as long as the iterator (an item that
    // names the borrow captured it already, askalono 0.5).
    yes(
        ReturnTypeChanged,
        Breaking,
        Api,
        "pub struct S(Vec<String>); impl S { pub fn l(&self) -> impl Iterator<Item = String> { self.0.clone().into_iter() } }",
        "pub struct S(Vec<String>); impl S { pub fn l(&self) -> impl Iterator<Item = String> + '_ { self.0.iter().cloned() } }",
    ),
    // The reverse frees callers: the iterator holds `self` borrowed no longer (edition
    // 2021) or as before (2024).
    yes(
        ReturnTypeChanged,
        Additive,
        Api,
        "pub struct S(Vec<String>); impl S { pub fn l(&self) -> impl Iterator<Item = String> + '_ { self.0.clone().into_iter() } }",
        "pub struct S(Vec<String>); impl S { pub fn l(&self) -> impl Iterator<Item = String> { self.0.clone().into_iter() } }",
    ),
    // A lifetime a field now uses invariantly: `F<'long>` no longer passes for a
    // `F<'short>`, private field or not.
    yes(
        LifetimeParamChanged,
        Breaking,
        Api,
        "pub struct F<'s> { inner: &'s str }",
        "pub struct F<'s> { inner: std::cell::Cell<&'s str> }",
    ),
    // A type of the crate's own, covariant by its fields, lengthened the same way…
    yes(
        ReturnTypeChanged,
        Additive,
        Api,
        "pub struct F<'s>(&'s str, std::str::CharIndices<'s>); pub struct P<'s>(&'s str); \
         impl<'s> P<'s> { pub fn f(&self) -> Option<F> { None } }",
        "pub struct F<'s>(&'s str, std::str::CharIndices<'s>); pub struct P<'s>(&'s str); \
         impl<'s> P<'s> { pub fn f(&self) -> Option<F<'s>> { None } }",
    ),
    // … but not one a field makes invariant.
    yes(
        ReturnTypeChanged,
        Breaking,
        Api,
        "pub struct F<'s>(std::cell::Cell<&'s str>); pub struct P<'s>(&'s str); \
         impl<'s> P<'s> { pub fn f(&self) -> Option<F> { None } }",
        "pub struct F<'s>(std::cell::Cell<&'s str>); pub struct P<'s>(&'s str); \
         impl<'s> P<'s> { pub fn f(&self) -> Option<F<'s>> { None } }",
    ),
    yes(
        ReceiverChanged,
        Breaking,
        Api,
        "impl S { pub fn run(&self) {} }",
        "impl S { pub fn run(&mut self) {} }",
    ),
    no(
        ReceiverChanged,
        "impl S { pub fn run(&self) {} }",
        "impl S { pub fn run(&self, n: u8) {} }",
    ),
    // `self` borrowed for the impl's lifetime, now for any (quick-xml 0.42): every old
    // call is a new one…
    yes(
        ReceiverChanged,
        Additive,
        Api,
        "pub struct P<'i>(&'i str); impl<'i> P<'i> { pub fn get(&'i self) -> &'i str { self.0 } }",
        "pub struct P<'i>(&'i str); impl<'i> P<'i> { pub fn get(&self) -> &str { self.0 } }",
    ),
    // … and the other way round the borrow is held longer: it breaks callers.
    yes(
        ReceiverChanged,
        Breaking,
        Api,
        "pub struct P<'i>(&'i str); impl<'i> P<'i> { pub fn get(&self) -> &str { self.0 } }",
        "pub struct P<'i>(&'i str); impl<'i> P<'i> { pub fn get(&'i self) -> &'i str { self.0 } }",
    ),
    yes(
        MethodSignatureChanged,
        Breaking,
        Api,
        "pub fn f<T>(t: T) {}",
        "pub fn f<T: Send>(t: T) {}",
    ),
    no(MethodSignatureChanged, "pub fn f<T: Send>(t: T) {}", "pub fn f<T>(t: T) {}"),
    // std implements `IntoIterator` for every `Iterator`: a relaxation.
    no(
        MethodSignatureChanged,
        "pub fn f<T: Iterator<Item = u8>>(t: T) {}",
        "pub fn f<T: IntoIterator<Item = u8>>(t: T) {}",
    ),
    yes(
        MethodSignatureChanged,
        Breaking,
        Api,
        "pub fn f<T: IntoIterator<Item = u8>>(t: T) {}",
        "pub fn f<T: Iterator<Item = u8>>(t: T) {}",
    ),
    yes(FnUnsafeAdded, Breaking, Api, "pub fn f() {}", "pub unsafe fn f() {}"),
    no(FnUnsafeAdded, "pub unsafe fn f() {}", "pub fn f() {}"),
    yes(FnUnsafeRemoved, Additive, Api, "pub unsafe fn f() {}", "pub fn f() {}"),
    // An impl that says `unsafe fn` no longer matches the trait.
    yes(
        FnUnsafeRemoved,
        Breaking,
        Api,
        "pub trait T { unsafe fn f(&self); }",
        "pub trait T { fn f(&self); }",
    ),
    no(FnUnsafeRemoved, "pub fn f() {}", "pub unsafe fn f() {}"),
    yes(FnConstAdded, Additive, Api, "pub fn f() -> u8 { 0 }", "pub const fn f() -> u8 { 0 }"),
    no(FnConstAdded, "pub const fn f() -> u8 { 0 }", "pub fn f() -> u8 { 0 }"),
    yes(FnConstRemoved, Breaking, Api, "pub const fn f() -> u8 { 0 }", "pub fn f() -> u8 { 0 }"),
    no(FnConstRemoved, "pub fn f() -> u8 { 0 }", "pub const fn f() -> u8 { 0 }"),
    yes(FnAsyncChanged, Breaking, Api, "pub fn f() {}", "pub async fn f() {}"),
    yes(
        FnAsyncChanged,
        Breaking,
        Api,
        "impl S { pub async fn run(&self) {} }",
        "impl S { pub fn run(&self) {} }",
    ),
    no(FnAsyncChanged, "pub fn f() {}", "pub const fn f() {}"),
    // ---- aliases, consts, statics --------------------------------------------
    yes(
        AliasTargetChanged,
        Breaking,
        Api,
        "pub type StageOutcome = TrustOutcome;",
        "pub type StageOutcome = Report;",
    ),
    no(
        AliasTargetChanged,
        "pub type Stage<T> = Vec<T>;",
        "pub type Stage<T: Send> = Vec<T>;",
    ),
    yes(ConstValueChanged, Breaking, Api, "pub const MAX_RETRIES: u32 = 3;", "pub const MAX_RETRIES: u32 = 2;"),
    yes(
        ConstValueChanged,
        Breaking,
        Api,
        "pub const TABLE: &[u8] = &[1, 2];",
        "pub const TABLE: &[u8] = &[2, 1];",
    ),
    no(ConstValueChanged, "pub const MAX_RETRIES: u32 = 3;", "pub const MAX_RETRIES: u8 = 3;"),
    // A value that names its const's type follows the type's path: the type change is
    // the edit (pkcs1 0.8's `pkcs8::AlgorithmIdentifierRef { … }` → `spki::…`); a field
    // value that changed with it is still another value.
    no(
        ConstValueChanged,
        "pub mod a { pub struct Ident { pub raw: u8 } } pub mod b { pub struct Key { pub raw: u8 } } \
         pub const ID: a::Ident = a::Ident { raw: 1 };",
        "pub mod a { pub struct Ident { pub raw: u8 } } pub mod b { pub struct Key { pub raw: u8 } } \
         pub const ID: b::Key = b::Key { raw: 1 };",
    ),
    yes(
        ConstValueChanged,
        Breaking,
        Api,
        "pub mod a { pub struct Ident { pub raw: u8 } } pub mod b { pub struct Key { pub raw: u8 } } \
         pub const ID: a::Ident = a::Ident { raw: 1 };",
        "pub mod a { pub struct Ident { pub raw: u8 } } pub mod b { pub struct Key { pub raw: u8 } } \
         pub const ID: b::Key = b::Key { raw: 2 };",
    ),
    // A macro's argument changed in place: another value, though the macro is not read.
    yes(
        ConstValueChanged,
        Breaking,
        Api,
        "pub const MIN: Date = expect!(Date::from_ymd(1, 1, 1), \"in range\");",
        "pub const MIN: Date = expect!(Date::from_ymd(2, 1, 1), \"in range\");",
    ),
    // The value's code changed, not its data (a macro replaced by a `const fn`): the
    // sources cannot tell whether the value did.
    yes(
        ConstExpressionChanged,
        Additive,
        Api,
        "pub const MIN: Date = expect!(Date::from_ymd(1, 1, 1), \"in range\");",
        "pub const MIN: Date = expect(Date::from_ymd(1, 1, 1), \"in range\");",
    ),
    yes(
        ConstExpressionChanged,
        Additive,
        Api,
        "impl Level { pub const MAX: Level = INNER; }",
        "impl Level { pub const MAX: Level = match cfg!(off) { true => Level::Off, false => Level::Trace }; }",
    ),
    no(
        ConstExpressionChanged,
        "pub const MIN: Date = expect!(Date::from_ymd(1, 1, 1), \"in range\");",
        "pub const MIN: Date = expect!(Date::from_ymd(2, 1, 1), \"in range\");",
    ),
    // Evaluated: `1 + 3` is another value (`1 + 2` is the same one, tests/equivalence.rs).
    no(ConstExpressionChanged, "pub const LIMIT: u32 = 3;", "pub const LIMIT: u32 = 1 + 3;"),
    yes(ConstValueChanged, Breaking, Api, "pub const LIMIT: u32 = 3;", "pub const LIMIT: u32 = 1 + 3;"),
    // Another constant of the crate for a literal may be its value.
    yes(
        ConstExpressionChanged,
        Additive,
        Api,
        "pub const BUF: usize = 65536;",
        "pub const BUF: usize = 64 * KIB;",
    ),
    // A fn call is code the sources do not evaluate: `Vec::new()` against another
    // const may be one value (num-bigint 0.4.8's `BigUint::ZERO`)…
    yes(
        ConstExpressionChanged,
        Additive,
        Api,
        "pub struct Digits(Vec<u64>); pub const EMPTY: Digits = Digits(Vec::new());",
        "pub struct Digits(Vec<u64>); const NONE: Vec<u64> = Vec::new(); pub const EMPTY: Digits = Digits(NONE);",
    ),
    // … its argument changed in place is still another value…
    yes(
        ConstValueChanged,
        Breaking,
        Api,
        "pub const WAIT: std::time::Duration = std::time::Duration::from_secs(5);",
        "pub const WAIT: std::time::Duration = std::time::Duration::from_secs(6);",
    ),
    // … and a tuple variant is data, not a call.
    yes(
        ConstValueChanged,
        Breaking,
        Api,
        "pub const LIMIT: Option<u32> = Some(5);",
        "pub const LIMIT: Option<u32> = None;",
    ),
    // A cast added or removed: where both sides compile at the const's one type, it
    // converted nothing (bitvec 1.1's `R::MASK as u8`, `MASK: u8`)…
    yes(
        ConstExpressionChanged,
        Additive,
        Api,
        "pub const MAX: u8 = Mask::BITS as u8;",
        "pub const MAX: u8 = Mask::BITS;",
    ),
    // … but another value beside it is still one.
    yes(
        ConstValueChanged,
        Breaking,
        Api,
        "pub const MAX: u8 = u8::MAX as u8;",
        "pub const MAX: u8 = u8::MIN;",
    ),
    // A deprecated module constant of a primitive is the primitive's own
    // (`tests/equivalence.rs`); another primitive's is another value.
    yes(
        ConstValueChanged,
        Breaking,
        Api,
        "pub const LIMIT: usize = core::isize::MAX as usize - 1;",
        "pub const LIMIT: usize = i32::MAX as usize - 1;",
    ),
    yes(ConstTypeChanged, Breaking, Api, "pub const MAX_RETRIES: u32 = 3;", "pub const MAX_RETRIES: u8 = 3;"),
    // The array length only follows the added row.
    yes(
        ConstTypeChanged,
        Additive,
        Api,
        "pub const TABLE: [u8; 2] = [1, 2];",
        "pub const TABLE: [u8; 3] = [1, 2, 3];",
    ),
    no(ConstTypeChanged, "pub const MAX_RETRIES: u32 = 3;", "pub const MAX_RETRIES: u32 = 4;"),
    yes(
        TableRowAdded,
        Additive,
        Api,
        "pub const ROUTES: &[Route] = &[Route { to: 1 }];",
        "pub const ROUTES: &[Route] = &[Route { to: 1 }, Route { to: 2 }];",
    ),
    no(
        TableRowAdded,
        "pub const ROUTES: &[Route] = &[Route { to: 1 }, Route { to: 2 }];",
        "pub const ROUTES: &[Route] = &[Route { to: 1 }];",
    ),
    yes(
        TableRowRemoved,
        Breaking,
        Api,
        "pub static ROUTES: &[Route] = &[Route { to: 1 }, Route { to: 2 }];",
        "pub static ROUTES: &[Route] = &[Route { to: 2 }];",
    ),
    no(
        TableRowRemoved,
        "pub const ROUTES: &[Route] = &[Route { to: 1 }];",
        "pub const ROUTES: &[Route] = &[Route { to: 1 }, Route { to: 2 }];",
    ),
    yes(
        TableRowChanged,
        Breaking,
        Api,
        "pub const LIMITS: &[(&str, u32)] = &[(\"min_qty\", 1), (\"max_qty\", 999)];",
        "pub const LIMITS: &[(&str, u32)] = &[(\"min_qty\", 1), (\"max_qty\", 500)];",
    ),
    // A row that moved is kept, not changed: the reorder is a value change.
    no(
        TableRowChanged,
        "pub const LIMITS: &[(&str, u32)] = &[(\"a\", 1), (\"b\", 2)];",
        "pub const LIMITS: &[(&str, u32)] = &[(\"b\", 2), (\"a\", 1)];",
    ),
    yes(StaticMutabilityChanged, Breaking, Api, "pub static X: u8 = 1;", "pub static mut X: u8 = 1;"),
    no(StaticMutabilityChanged, "pub static X: u8 = 1;", "pub static X: u8 = 2;"),
    // ---- one wire change under each direction ---------------------------------
    // A wire kind whose class depends on the direction has a case under `backward`
    // (the default), `forward` and `full` (`tests/kinds.rs` checks it). Above, each
    // kind shows its usual direction; here, the others.
    yes(
        FieldAddedWithDefault,
        Breaking,
        Wire,
        serde!("#[serde(deny_unknown_fields)] pub struct S { pub a: u8 }"),
        serde!("#[serde(deny_unknown_fields)] pub struct S { pub a: u8, #[serde(default)] pub b: u8 }"),
    )
    .under(Pol::Forward),
    yes(
        RequiredFieldAdded,
        Breaking,
        Wire,
        serde!("pub struct S { pub a: u8 }"),
        serde!("pub struct S { pub a: u8, pub id: u64 }"),
    )
    .under(Pol::Full),
    yes(
        FieldRemoved,
        Breaking,
        Wire,
        serde!("pub struct S { pub a: u8, pub b: u8 }"),
        serde!("pub struct S { pub a: u8 }"),
    )
    .under(Pol::Forward),
    yes(
        FieldTypeChanged,
        Breaking,
        Wire,
        serde!("pub struct S { pub a: u32 }"),
        serde!("pub struct S { pub a: u64 }"),
    )
    .under(Pol::Forward),
    yes(
        FieldTypeNarrowed,
        Breaking,
        Wire,
        serde!("pub struct S { pub a: Option<u32> }"),
        serde!("pub struct S { pub a: u32 }"),
    ),
    yes(
        FieldTypeNarrowed,
        Breaking,
        Wire,
        serde!("pub struct S { pub a: Option<u32> }"),
        serde!("pub struct S { pub a: u32 }"),
    )
    .under(Pol::Full),
    // Only old payloads used the alias: old consumers never read it.
    yes(
        FieldAliasRemoved,
        Additive,
        Wire,
        serde!("pub struct S { #[serde(alias = \"old_id\")] pub id: u64 }"),
        serde!("pub struct S { pub id: u64 }"),
    )
    .under(Pol::Forward),
    yes(
        FieldAliasRemoved,
        Breaking,
        Wire,
        serde!("pub struct S { #[serde(alias = \"old_id\")] pub id: u64 }"),
        serde!("pub struct S { pub id: u64 }"),
    )
    .under(Pol::Full),
    // New payloads always carry the field: old consumers read them.
    yes(
        FieldDefaultRemoved,
        Additive,
        Wire,
        serde!("pub struct S { #[serde(default)] pub retries: u8 }"),
        serde!("pub struct S { pub retries: u8 }"),
    )
    .under(Pol::Forward),
    yes(
        FieldDefaultRemoved,
        Breaking,
        Wire,
        serde!("pub struct S { #[serde(default)] pub retries: u8 }"),
        serde!("pub struct S { pub retries: u8 }"),
    )
    .under(Pol::Full),
    yes(
        DenyUnknownFieldsChanged,
        Breaking,
        Wire,
        serde!("pub struct S { pub a: u8 }"),
        serde!("#[serde(deny_unknown_fields)] pub struct S { pub a: u8 }"),
    )
    .under(Pol::Full),
    yes(
        SerdeAttributeChanged,
        Breaking,
        Wire,
        serde!("pub struct S { pub tags: Vec<u8> }"),
        serde!("pub struct S { #[serde(skip_serializing_if = \"Vec::is_empty\")] pub tags: Vec<u8> }"),
    )
    .under(Pol::Forward),
    // New payloads never carry the removed variant.
    yes(
        VariantRemoved,
        Additive,
        Wire,
        serde!("pub enum E { A, B(u8) }"),
        serde!("pub enum E { A }"),
    )
    .under(Pol::Forward),
    yes(
        VariantRemoved,
        Breaking,
        Wire,
        serde!("pub enum E { A, B(u8) }"),
        serde!("pub enum E { A }"),
    )
    .under(Pol::Full),
    // ---- item visibility and #[doc(hidden)] -----------------------------------
    yes(
        ItemVisibilityReduced,
        Breaking,
        Api,
        "pub struct Report { pub a: u8 }",
        "pub(crate) struct Report { pub a: u8 }",
    ),
    yes(ItemVisibilityReduced, Breaking, Api, "pub fn f() {}", "pub(crate) fn f() {}"),
    yes(
        ItemVisibilityReduced,
        Breaking,
        Api,
        "#[macro_export] macro_rules! m { () => {} }",
        "macro_rules! m { () => {} }",
    ),
    // It was not visible to other crates.
    yes(ItemVisibilityReduced, Additive, Api, "pub(crate) fn f() {}", "fn f() {}"),
    no(ItemVisibilityReduced, "pub(crate) trait T {}", "pub trait T {}"),
    yes(ItemVisibilityWidened, Additive, Api, "pub(crate) type A = u8;", "pub type A = u8;"),
    no(ItemVisibilityWidened, "pub type A = u8;", "pub(super) type A = u8;"),
    // Deprecated and hidden at once is how a public item is phased out: it stays API
    // (hiding it so is no change: tests/equivalence.rs), and removing it later breaks
    // its callers.
    yes(
        MethodRemoved,
        Breaking,
        Api,
        "impl S { #[deprecated(note = \"use len\")] #[doc(hidden)] pub fn size(&self) {} pub fn len(&self) {} }",
        "impl S { pub fn len(&self) {} }",
    ),
    // The near miss: hidden without deprecation is not API; its removal breaks no one
    // who kept to the documented API.
    yes(
        MethodRemoved,
        Additive,
        Api,
        "impl S { #[doc(hidden)] pub fn size(&self) {} pub fn len(&self) {} }",
        "impl S { pub fn len(&self) {} }",
    ),
    yes(DocHiddenAdded, Breaking, Api, "pub fn run() {}", "#[doc(hidden)] pub fn run() {}"),
    yes(
        DocHiddenAdded,
        Breaking,
        Api,
        "pub struct S { pub a: u8 }",
        "pub struct S { #[doc(hidden)] pub a: u8 }",
    ),
    yes(
        DocHiddenAdded,
        Breaking,
        Api,
        "pub enum E { A, B }",
        "pub enum E { A, #[doc(hidden)] B }",
    ),
    yes(
        DocHiddenAdded,
        Breaking,
        Api,
        "impl S { pub fn run(&self) {} }",
        "impl S { #[doc(hidden)] pub fn run(&self) {} }",
    ),
    yes(
        DocHiddenAdded,
        Breaking,
        Api,
        "pub trait T { type Out; const N: u8; fn f(&self); }",
        "pub trait T { type Out; #[doc(hidden)] const N: u8; fn f(&self); }",
    ),
    // The set counts hidden items as API: hiding one from the docs removes nothing.
    yes(DocHiddenAdded, Additive, Api, "pub fn run() {}", "#[doc(hidden)] pub fn run() {}")
        .under(Pol::HiddenIsApi),
    // A private field hidden: it was never API.
    yes(
        DocHiddenAdded,
        Additive,
        Api,
        "pub struct S { a: u8 }",
        "pub struct S { #[doc(hidden)] a: u8 }",
    ),
    no(DocHiddenAdded, "#[doc(hidden)] pub fn run() {}", "pub fn run() {}"),
    yes(DocHiddenRemoved, Additive, Api, "#[doc(hidden)] pub fn run() {}", "pub fn run() {}"),
    no(DocHiddenRemoved, "pub fn run() {}", "#[doc(hidden)] pub fn run() {}"),
    // Something already hidden is not public API: changing it breaks no consumer…
    yes(
        FieldRemoved,
        Additive,
        Api,
        "pub struct S { pub a: u8, #[doc(hidden)] pub b: u8 }",
        "pub struct S { pub a: u8 }",
    ),
    yes(
        ParamTypeChanged,
        Additive,
        Api,
        "#[doc(hidden)] pub fn f(a: u8) {}",
        "#[doc(hidden)] pub fn f(a: u16) {}",
    ),
    yes(
        SymbolRemoved,
        Additive,
        Api,
        "pub fn g() {} #[doc(hidden)] pub fn f() {}",
        "pub fn g() {}",
    ),
    // … unless the set counts hidden items as API.
    yes(
        ParamTypeChanged,
        Breaking,
        Api,
        "#[doc(hidden)] pub fn f(a: u8) {}",
        "#[doc(hidden)] pub fn f(a: u16) {}",
    )
    .under(Pol::HiddenIsApi),
    // … and its wire form is untouched by `#[doc(hidden)]`.
    yes(
        FieldRemoved,
        Breaking,
        Wire,
        serde!("pub struct S { pub a: u8, #[doc(hidden)] pub b: u8 }"),
        serde!("pub struct S { pub a: u8 }"),
    )
    .under(Pol::Forward),
    // A trait whose only route to implementation is a hidden item is sealed: a
    // required method added breaks no implementor outside.
    yes(
        TraitRequiredMethodAdded,
        Additive,
        Api,
        "pub trait T { #[doc(hidden)] fn __seal(&self); }",
        "pub trait T { #[doc(hidden)] fn __seal(&self); fn run(&self); }",
    ),
    // ---- unions ----------------------------------------------------------------
    // A `#[repr(C)]` union's layout is public: a new field may grow it (issue 44.6,
    // as cargo-semver-checks' `union_field_added_*` hold), a private one too…
    yes(
        UnionFieldAdded,
        Breaking,
        Api,
        "#[repr(C)] pub union Bits { pub a: u32 }",
        "#[repr(C)] pub union Bits { pub a: u32, pub b: f64 }",
    ),
    yes(
        UnionFieldAdded,
        Breaking,
        Api,
        "#[repr(C)] pub union Bits { pub a: u32, b: u16 }",
        "#[repr(C)] pub union Bits { pub a: u32, b: u16, c: [u8; 8] }",
    ),
    // … the near miss: without a layout of its own, literals and patterns name one
    // field each, and nothing else may rely on its size.
    yes(
        UnionFieldAdded,
        Additive,
        Api,
        "pub union Bits { pub a: u32 }",
        "pub union Bits { pub a: u32, pub b: f32 }",
    ),
    no(
        UnionFieldAdded,
        "pub union Bits { pub a: u32 }",
        "pub union Bits { pub b: u32 }",
    ),
    yes(
        UnionFieldRemoved,
        Breaking,
        Api,
        "pub union Bits { pub a: u32, pub b: f32 }",
        "pub union Bits { pub a: u32 }",
    ),
    yes(
        UnionFieldRemoved,
        Additive,
        Api,
        "pub union Bits { pub a: u32, b: f32 }",
        "pub union Bits { pub a: u32 }",
    ),
    no(
        UnionFieldRemoved,
        "pub union Bits { pub a: u32 }",
        "pub union Bits { pub a: u64 }",
    ),
    yes(
        FieldTypeChanged,
        Breaking,
        Api,
        "pub union Bits { pub a: u32 }",
        "pub union Bits { pub a: u64 }",
    ),
    yes(
        UnionChangedToStruct,
        Breaking,
        Api,
        "pub union Bits { pub a: u32, pub b: f32 }",
        "pub struct Bits { pub a: u32, pub b: f32 }",
    ),
    no(
        UnionChangedToStruct,
        "pub struct Bits { pub a: u32 }",
        "pub union Bits { pub a: u32 }",
    ),
    yes(
        SymbolKindChanged,
        Breaking,
        Api,
        "pub struct Bits { pub a: u32 }",
        "pub union Bits { pub a: u32 }",
    ),
    // A union no field of which other crates can name is a type they only name; a
    // struct can also be matched with `Bits { .. }`…
    yes(
        UnionChangedToStruct,
        Additive,
        Api,
        "pub union Bits { a: u32, b: f32 }",
        "pub struct Bits { a: u32, b: f32 }",
    ),
    // … not the other way round, and a `repr` is the union's layout to foreign code.
    yes(
        SymbolKindChanged,
        Breaking,
        Api,
        "pub struct Bits { a: u32 }",
        "pub union Bits { a: u32 }",
    ),
    yes(
        UnionChangedToStruct,
        Breaking,
        Api,
        "#[repr(C)] pub union Bits { a: u32, b: f32 }",
        "#[repr(C)] pub struct Bits { a: u32, b: f32 }",
    ),
    // ---- ABI and linkage -------------------------------------------------------
    yes(FnAbiChanged, Breaking, Api, "pub extern \"C\" fn f() {}", "pub extern \"C-unwind\" fn f() {}"),
    yes(FnAbiChanged, Breaking, Api, "pub fn f() {}", "pub extern \"C\" fn f() {}"),
    no(FnAbiChanged, "pub extern fn f(a: u8) {}", "pub extern \"C\" fn f(b: u8) {}"),
    no(FnAbiChanged, "pub extern \"Rust\" fn f(a: u8) {}", "pub fn f(b: u8) {}"),
    // (Every exported name is unique: the differential suite links every case into
    // one binary.)
    yes(ExportSymbolAdded, Additive, Api, "pub extern \"C\" fn cp_init_1() {}", "#[no_mangle] pub extern \"C\" fn cp_init_1() {}"),
    no(ExportSymbolAdded, "#[no_mangle] pub extern \"C\" fn cp_init_2(a: u8) {}", "#[unsafe(no_mangle)] pub extern \"C\" fn cp_init_2(b: u8) {}"),
    // An exported symbol is a contract with foreign code, `pub` or not.
    yes(ExportSymbolRemoved, Breaking, Api, "#[no_mangle] extern \"C\" fn cp_init_3() {}", "extern \"C\" fn cp_init_3() {}"),
    yes(ExportSymbolRemoved, Breaking, Api, "#[no_mangle] pub static CP_VERSION_1: u32 = 1;", "pub static CP_VERSION_1: u32 = 1;"),
    no(ExportSymbolRemoved, "#[no_mangle] pub extern \"C\" fn cp_init_4(a: u8) {}", "#[export_name = \"cp_init_4\"] pub extern \"C\" fn cp_init_4(b: u8) {}"),
    yes(
        ExportSymbolRenamed,
        Breaking,
        Api,
        "#[export_name = \"cp_init_5\"] pub extern \"C\" fn init() {}",
        "#[export_name = \"cp_init_5_v2\"] pub extern \"C\" fn init() {}",
    ),
    no(
        ExportSymbolRenamed,
        "#[export_name = \"cp_init_6\"] pub extern \"C\" fn start() {}",
        "#[export_name = \"cp_init_6\"] pub extern \"C\" fn start(n: u8) {}",
    ),
    yes(
        FnUnsafeAdded,
        Breaking,
        Api,
        "unsafe extern \"C\" { pub safe fn abs(x: i32) -> i32; }",
        "unsafe extern \"C\" { pub fn abs(x: i32) -> i32; }",
    ),
    yes(
        StaticUnsafeAdded,
        Breaking,
        Api,
        "unsafe extern \"C\" { pub safe static LIMIT: u8; }",
        "unsafe extern \"C\" { pub unsafe static LIMIT: u8; }",
    ),
    no(
        StaticUnsafeAdded,
        "unsafe extern \"C\" { pub unsafe static LIMIT: u8; }",
        "unsafe extern \"C\" { pub static LIMIT: u16; }",
    ),
    yes(
        StaticUnsafeRemoved,
        Additive,
        Api,
        "unsafe extern \"C\" { pub static LIMIT: u8; }",
        "unsafe extern \"C\" { pub safe static LIMIT: u8; }",
    ),
    no(
        StaticUnsafeRemoved,
        "unsafe extern \"C\" { pub safe static LIMIT: u8; }",
        "unsafe extern \"C\" { pub safe static LIMIT: u16; }",
    ),
    // ---- target features -------------------------------------------------------
    yes(
        TargetFeatureAdded,
        Breaking,
        Api,
        "pub fn sum(x: &[u8]) -> u32 { 0 }",
        "#[target_feature(enable = \"avx2\")] pub fn sum(x: &[u8]) -> u32 { 0 }",
    ),
    yes(
        TargetFeatureAdded,
        Breaking,
        Api,
        "impl S { #[target_feature(enable = \"avx2\")] pub fn sum(&self) {} }",
        "impl S { #[target_feature(enable = \"avx2,fma\")] pub fn sum(&self) {} }",
    ),
    yes(
        TargetFeatureAdded,
        Breaking,
        Api,
        "pub trait T { unsafe fn sum(&self); }",
        "pub trait T { #[target_feature(enable = \"avx2\")] unsafe fn sum(&self); }",
    ),
    no(
        TargetFeatureAdded,
        "#[target_feature(enable = \"avx2,fma\")] pub fn sum(a: u8) {}",
        "#[target_feature(enable = \"fma\")] #[target_feature(enable = \"avx2\")] pub fn sum(b: u8) {}",
    ),
    // What a list requires is what rustc enables with it: `avx2` enables `avx`.
    no(
        TargetFeatureAdded,
        "#[target_feature(enable = \"avx2\")] pub fn sum(a: u8) {}",
        "#[target_feature(enable = \"avx,avx2\")] pub fn sum(b: u8) {}",
    ),
    yes(
        TargetFeatureAdded,
        Breaking,
        Api,
        "#[target_feature(enable = \"avx\")] pub fn sum(a: u8) {}",
        "#[target_feature(enable = \"avx2\")] pub fn sum(a: u8) {}",
    ),
    yes(
        TargetFeatureRemoved,
        Additive,
        Api,
        "#[target_feature(enable = \"avx2\")] pub fn sum() {}",
        "pub fn sum() {}",
    ),
    yes(
        TargetFeatureRemoved,
        Additive,
        Api,
        "#[target_feature(enable = \"avx2\")] pub fn sum() {}",
        "#[target_feature(enable = \"avx\")] pub fn sum() {}",
    ),
    no(
        TargetFeatureRemoved,
        "impl S { #[target_feature(enable = \"sse4.2,avx2\")] pub fn sum(&self, a: u8) {} }",
        "impl S { #[target_feature(enable = \"avx2\")] pub fn sum(&self, b: u8) {} }",
    ),
    // Implementors of a trait others implement may rely on the feature…
    yes(
        TargetFeatureRemoved,
        Breaking,
        Api,
        "pub trait T { #[target_feature(enable = \"avx2\")] unsafe fn sum(&self); }",
        "pub trait T { unsafe fn sum(&self); }",
    ),
    // … a sealed trait has none outside its crate.
    yes(
        TargetFeatureRemoved,
        Additive,
        Api,
        "pub trait T: sealed::Sealed { #[target_feature(enable = \"avx2\")] unsafe fn sum(&self); }",
        "pub trait T: sealed::Sealed { unsafe fn sum(&self); }",
    ),
    no(TargetFeatureRemoved, "pub fn sum() {}", "#[target_feature(enable = \"avx2\")] pub fn sum() {}"),
    // ---- associated items of inherent impls ------------------------------------
    yes(
        AssocItemAdded,
        Additive,
        Api,
        "impl Config { pub fn new() -> Self { todo!() } }",
        "impl Config { pub const LIMIT: u32 = 3; pub fn new() -> Self { todo!() } }",
    ),
    no(
        AssocItemAdded,
        "impl Config { pub fn new() -> Self { todo!() } }",
        "impl Config { const LIMIT: u32 = 3; pub fn new() -> Self { todo!() } pub fn g(&self) {} }",
    ),
    yes(
        AssocItemRemoved,
        Breaking,
        Api,
        "impl Config { pub const LIMIT: u32 = 3; pub const MAX: u32 = 9; }",
        "impl Config { pub const LIMIT: u32 = 3; }",
    ),
    no(
        AssocItemRemoved,
        "impl Config { pub const LIMIT: u32 = 3; }",
        "impl Config { pub const LIMIT: u32 = 4; }",
    ),
    yes(
        ConstValueChanged,
        Breaking,
        Api,
        "impl Config { pub const LIMIT: u32 = 3; }",
        "impl Config { pub const LIMIT: u32 = 4; }",
    ),
    yes(
        ConstTypeChanged,
        Breaking,
        Api,
        "impl Config { pub const LIMIT: u32 = 3; }",
        "impl Config { pub const LIMIT: u64 = 3; }",
    ),
    // ---- procedural macros -----------------------------------------------------
    yes(
        ProcMacroHelperRemoved,
        Breaking,
        Api,
        "#[proc_macro_derive(Builder, attributes(builder, setter))] pub fn derive(i: TokenStream) -> TokenStream { i }",
        "#[proc_macro_derive(Builder, attributes(builder))] pub fn derive(i: TokenStream) -> TokenStream { i }",
    ),
    // The fn's own name is not what users write.
    no(
        ProcMacroHelperRemoved,
        "#[proc_macro_derive(Builder, attributes(builder))] pub fn derive(i: TokenStream) -> TokenStream { i }",
        "#[doc(hidden)] #[proc_macro_derive(Builder, attributes(builder))] pub fn derive_builder(i: TokenStream) -> TokenStream { i }",
    ),
    yes(
        ProcMacroHelperAdded,
        Additive,
        Api,
        "#[proc_macro_derive(Builder)] pub fn derive(i: TokenStream) -> TokenStream { i }",
        "#[proc_macro_derive(Builder, attributes(builder))] pub fn derive(i: TokenStream) -> TokenStream { i }",
    ),
    no(
        ProcMacroHelperAdded,
        "#[proc_macro_derive(Builder, attributes(builder))] pub fn derive(i: TokenStream) -> TokenStream { i }",
        "#[doc(hidden)] #[proc_macro_derive(Builder, attributes(builder))] pub fn derive(i: TokenStream) -> TokenStream { TokenStream::new() }",
    ),
    // ---- which crate a dependency is (public-API sets) ---------------------------
    // hmac 0.13: `digest` 0.10 -> 0.11, its paths spelt the same.
    yes(
        PublicDependencyChanged,
        Breaking,
        Api,
        "[dependencies]\ndigest = \"digest 0.10\"\n[source]\npub fn f() -> digest::Block { todo!() }",
        "[dependencies]\ndigest = \"digest 0.11\"\n[source]\npub fn f() -> digest::Block { todo!() }",
    ),
    // Another package under the name.
    yes(
        PublicDependencyChanged,
        Breaking,
        Api,
        "[dependencies]\ndigest = \"digest 0.10\"\n[source]\npub fn f() -> digest::Block { todo!() }",
        "[dependencies]\ndigest = \"digest-next 0.10\"\n[source]\npub fn f() -> digest::Block { todo!() }",
    ),
    // Near miss: a release of the same series (`0.10.7` -> `0.10.9`) is the same crate;
    // the change is elsewhere.
    no(
        PublicDependencyChanged,
        "[dependencies]\ndigest = \"digest 0.10\"\n[source]\npub fn f() -> digest::Block { todo!() }",
        "[dependencies]\ndigest = \"digest 0.10\"\n[source]\npub fn f(x: u8) -> digest::Block { todo!() }",
    ),
    // ---- what a part needs of the features (public-API sets) --------------------
    yes(
        NowNeedsFeature,
        Breaking,
        Api,
        "pub fn f() {}",
        r#"#[needs("feature = \"x\"")] pub fn f() {}"#,
    ),
    // Needed `x`; now `x` or `y`: everyone who had it still has it.
    no(
        NowNeedsFeature,
        r#"#[needs("feature = \"x\"")] pub fn f() {}"#,
        r#"#[needs("any(feature = \"x\", feature = \"y\")")] pub fn f() {}"#,
    ),
    yes(
        NowNeedsFeature,
        Breaking,
        Api,
        r#"#[needs("feature = \"x\"")] pub fn f() {}"#,
        r#"#[needs("all(feature = \"x\", feature = \"y\")")] pub fn f() {}"#,
    ),
    // upon 0.10's `Engine::with_syntax`, under the non-default `syntax` feature.
    yes(
        NowNeedsFeature,
        Breaking,
        Api,
        "pub struct Engine; impl Engine { pub fn with_syntax(&self) {} }",
        r#"pub struct Engine; impl Engine { #[needs("feature = \"syntax\"")] pub fn with_syntax(&self) {} }"#,
    ),
    yes(
        NowNeedsFeature,
        Breaking,
        Api,
        "pub trait Codec {} pub struct Json; impl Codec for Json {}",
        r#"pub trait Codec {} pub struct Json; #[needs("feature = \"json\"")] impl Codec for Json {}"#,
    ),
    yes(
        NoLongerNeedsFeature,
        Additive,
        Api,
        r#"#[needs("all(feature = \"x\", feature = \"y\")")] pub fn f() {}"#,
        r#"#[needs("feature = \"x\"")] pub fn f() {}"#,
    ),
    yes(
        NoLongerNeedsFeature,
        Additive,
        Api,
        r#"pub struct Engine; impl Engine { #[needs("feature = \"syntax\"")] pub fn with_syntax(&self) {} }"#,
        "pub struct Engine; impl Engine { pub fn with_syntax(&self) {} }",
    ),
    // Another feature, not fewer: who enabled only `x` loses it.
    no(
        NoLongerNeedsFeature,
        r#"#[needs("feature = \"x\"")] pub fn f() {}"#,
        r#"#[needs("feature = \"y\"")] pub fn f() {}"#,
    ),
    // A gated item removed is removed.
    yes(
        SymbolRemoved,
        Breaking,
        Api,
        r#"pub fn f() {} #[needs("feature = \"x\"")] pub fn g() {}"#,
        "pub fn f() {}",
    ),
    // ---- Cargo features (a `[features]` table; public-API sets) ------------------
    yes(
        SymbolRemoved,
        Breaking,
        Api,
        "[features]\nstd = []\nserde = []",
        "[features]\nstd = []",
    ),
    // A feature named private or unstable is no one's documented API.
    yes(
        SymbolRemoved,
        Additive,
        Api,
        "[features]\nstd = []\n_internal = []",
        "[features]\nstd = []",
    ),
    no(SymbolRenamed, "[features]\nold = []", "[features]\nnew = []"),
    yes(
        FeatureNoLongerDefault,
        Breaking,
        Api,
        "[features]\ndefault = [\"std\"]\nstd = []",
        "[features]\ndefault = []\nstd = []",
    ),
    yes(
        FeatureNoLongerDefault,
        Breaking,
        Api,
        "[features]\ndefault = [\"full\"]\nfull = [\"std\"]\nstd = []",
        "[features]\ndefault = [\"full\"]\nfull = []\nstd = []",
    ),
    // Still on by default through another feature.
    no(
        FeatureNoLongerDefault,
        "[features]\ndefault = [\"std\", \"full\"]\nfull = [\"std\"]\nstd = []",
        "[features]\ndefault = [\"full\"]\nfull = [\"std\"]\nstd = []\nextra = []",
    ),
    yes(
        FeatureNowDefault,
        Additive,
        Api,
        "[features]\ndefault = []\nstd = []",
        "[features]\ndefault = [\"std\"]\nstd = []",
    ),
    no(
        FeatureNowDefault,
        "[features]\ndefault = [\"std\"]\nstd = []",
        "[features]\ndefault = [\"std\"]\nstd = []\nextra = []",
    ),
    yes(
        FeatureNoLongerEnables,
        Breaking,
        Api,
        "[features]\nextras = [\"alloc\", \"serde\"]\nalloc = []\nserde = []",
        "[features]\nextras = [\"serde\"]\nalloc = []\nserde = []",
    ),
    // Rerouted through another feature: enabling `extras` still enables `alloc`.
    no(
        FeatureNoLongerEnables,
        "[features]\nextras = [\"alloc\"]\nbridge = []\nalloc = []",
        "[features]\nextras = [\"bridge\"]\nbridge = [\"alloc\"]\nalloc = []",
    ),
    yes(
        FeatureNoLongerEnables,
        Additive,
        Api,
        "[features]\ninternal = [\"_private\"]\n_private = []",
        "[features]\ninternal = []\n_private = []",
    ),
    yes(
        FeatureNoLongerEnables,
        Breaking,
        Api,
        "[features]\ninternal = [\"_private\"]\n_private = []",
        "[features]\ninternal = []\n_private = []",
    )
    .under(Pol::HiddenIsApi),
    // A feature whose code the new release made unconditional (no source names it,
    // it turns on nothing): not turning it on changes no build.
    yes(
        FeatureNoLongerEnables,
        Additive,
        Api,
        "[features]\nrustc_1_55 = [\"rustc_1_40\"]\nrustc_1_40 = []",
        "[features]\nrustc_1_55 = []\nrustc_1_40 = []\n[inert]\nfeatures = [\"rustc_1_40\"]",
    ),
    yes(
        FeatureNoLongerDefault,
        Additive,
        Api,
        "[features]\ndefault = [\"old_rustc\"]\nold_rustc = []",
        "[features]\ndefault = []\nold_rustc = []\n[inert]\nfeatures = [\"old_rustc\"]",
    ),
    // Dropped from the defaults while another default turns on all it did, and no
    // source names it (num-rational 0.4.2's `num-bigint-std`; the CLI reads which
    // features are redundant so from the manifest and the sources).
    yes(
        FeatureNoLongerDefault,
        Additive,
        Api,
        "[features]\ndefault = [\"big-std\", \"std\"]\nbig-std = [\"big/std\"]\nbig = [\"dep:big\"]\nstd = []",
        "[features]\ndefault = [\"big\", \"std\"]\nbig-std = [\"big/std\"]\nbig = [\"dep:big\"]\nstd = [\"big?/std\"]\n[inert]\nredundant = [\"big-std\"]",
    ),
    // Near miss: the same drop where the defaults no longer reach `big/std`.
    yes(
        FeatureNoLongerDefault,
        Breaking,
        Api,
        "[features]\ndefault = [\"big-std\", \"std\"]\nbig-std = [\"big/std\"]\nbig = [\"dep:big\"]\nstd = []",
        "[features]\ndefault = [\"big\", \"std\"]\nbig-std = [\"big/std\"]\nbig = [\"dep:big\"]\nstd = []",
    ),
    // Still gating code: the loss breaks whoever relied on it, whatever else is inert.
    yes(
        FeatureNoLongerDefault,
        Breaking,
        Api,
        "[features]\ndefault = [\"std\"]\nstd = []\nold_rustc = []",
        "[features]\ndefault = []\nstd = []\nold_rustc = []\n[inert]\nfeatures = [\"old_rustc\"]",
    ),
    yes(
        FeatureNowEnables,
        Additive,
        Api,
        "[features]\nextras = []\nalloc = []",
        "[features]\nextras = [\"alloc\"]\nalloc = []",
    ),
    // A dependency's feature or an optional dependency with no feature of its own is
    // not a feature of the package.
    no(
        FeatureNowEnables,
        "[features]\nstd = []",
        "[features]\nstd = [\"serde?/std\", \"dep:log\"]\nextra = []",
    ),
    yes(
        SymbolRemoved,
        Breaking,
        Api,
        "#[proc_macro] pub fn sql(i: TokenStream) -> TokenStream { i } #[proc_macro] pub fn html(i: TokenStream) -> TokenStream { i }",
        "#[proc_macro] pub fn sql(i: TokenStream) -> TokenStream { i }",
    ),
    yes(
        SymbolKindChanged,
        Breaking,
        Api,
        "#[proc_macro] pub fn sql(i: TokenStream) -> TokenStream { i }",
        "#[proc_macro_attribute] pub fn sql(a: TokenStream, i: TokenStream) -> TokenStream { i }",
    ),
    yes(
        SymbolRemoved,
        Breaking,
        Api,
        "#[macro_export] macro_rules! a { () => {} } #[macro_export] macro_rules! b { () => {} }",
        "#[macro_export] macro_rules! a { () => {} }",
    ),
    // ---- public paths ----------------------------------------------------------
    // Moved between private modules behind an unchanged `pub use`: no move at all.
    no(
        SymbolMoved,
        "mod a { #[public_path(\"crate::api::R\")] pub struct R; }",
        "mod b { #[public_path(\"crate::api::R\")] #[derive(Debug)] pub struct R; }",
    ),
    // The path consumers wrote is gone.
    yes(
        SymbolMoved,
        Breaking,
        Api,
        "mod a { #[public_path(\"crate::api::R\")] pub struct R; }",
        "mod a { #[public_path(\"crate::v2::R\")] pub struct R; }",
    ),
    // A path given for an item already public where it is defined: recorded, no move.
    yes(
        SymbolMoved,
        Additive,
        Api,
        "mod a { pub struct R; }",
        "mod a { #[public_path(\"crate::a::R\")] pub struct R; }",
    ),
    // ---- the safety net ------------------------------------------------------
    yes(UnclassifiedChange, Breaking, Api, "pub const A: u8 = 1;", "pub const A: u8 = 2;")
        .without_families(),
    no(UnclassifiedChange, "pub const A: u8 = 1;", "pub const A: u8 = 2;"),
];
