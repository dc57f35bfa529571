//! Deltas: one classified difference between a golden shape and the current one.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Which part of a symbol a delta is about; defined with the shapes it addresses.
pub use crate::member::{Attr, Member};

/// Whether a delta can be shipped without breaking a consumer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    /// Consumers keep compiling / keep reading and writing payloads.
    Additive,
    /// Some consumer stops compiling or fails on a payload.
    Breaking,
}

impl Class {
    /// `additive` or `breaking`.
    pub fn as_str(self) -> &'static str {
        match self {
            Class::Additive => "additive",
            Class::Breaking => "breaking",
        }
    }

    /// Parses `additive` / `breaking`.
    pub fn parse(s: &str) -> Option<Class> {
        match s {
            "additive" => Some(Class::Additive),
            "breaking" => Some(Class::Breaking),
            _ => None,
        }
    }
}

/// Which kind of consumer a delta affects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Axis {
    /// Rust code that names the item.
    Api,
    /// Serialised payloads of the item (serde).
    Wire,
}

impl Axis {
    /// `api` or `wire`.
    pub fn as_str(self) -> &'static str {
        match self {
            Axis::Api => "api",
            Axis::Wire => "wire",
        }
    }

    /// Parses `api` / `wire`.
    pub fn parse(s: &str) -> Option<Axis> {
        match s {
            "api" => Some(Axis::Api),
            "wire" => Some(Axis::Wire),
            _ => None,
        }
    }
}

macro_rules! delta_kinds {
    ($( $(#[doc = $doc:literal])* $variant:ident = $name:literal, $class:ident, $axis:ident, $example:literal; )*) => {
        /// Every kind of delta the classifier can report.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum DeltaKind {
            $( $(#[doc = $doc])* $variant, )*
        }

        impl DeltaKind {
            /// Every kind, in vocabulary order.
            pub const ALL: &'static [DeltaKind] = &[ $( DeltaKind::$variant, )* ];

            /// The snake_case name used in reports and policies.
            pub fn as_str(self) -> &'static str {
                match self { $( DeltaKind::$variant => $name, )* }
            }

            /// The class under the default policy. Some rules refine it from
            /// context (a sealed trait, a positional wire format); this is the
            /// class of the common case, as documented.
            pub fn default_class(self) -> Class {
                match self { $( DeltaKind::$variant => Class::$class, )* }
            }

            /// The axis this kind is usually reported on.
            pub fn default_axis(self) -> Axis {
                match self { $( DeltaKind::$variant => Axis::$axis, )* }
            }

            /// A one-line example of a change of this kind.
            pub fn example(self) -> &'static str {
                match self { $( DeltaKind::$variant => $example, )* }
            }

            /// What the kind means: its doc comment, on one line.
            pub fn description(self) -> &'static str {
                match self { $( DeltaKind::$variant => concat!($($doc),*).trim_ascii(), )* }
            }

            /// Parses a snake_case kind name.
            pub fn parse(s: &str) -> Option<DeltaKind> {
                match s { $( $name => Some(DeltaKind::$variant), )* _ => None }
            }
        }
    };
}

delta_kinds! {
    // Symbols.
    /// A new symbol in the set.
    SymbolAdded = "symbol_added", Additive, Api, "a new `#[contract]` item";
    /// A golden symbol has no registration any more.
    SymbolRemoved = "symbol_removed", Breaking, Api, "`pub struct Report` deleted";
    /// A symbol disappeared and one of the same shape appeared under a new name.
    SymbolRenamed = "symbol_renamed", Breaking, Api, "`struct Report` -> `struct RunReport`";
    /// The item kind changed (on the wire too when its payload changes form). Additive
    /// from a struct other crates can neither build nor read a field of to another
    /// struct form: they could only name it and match it with `S { .. }`.
    SymbolKindChanged = "symbol_kind_changed", Breaking, Api, "`struct Id(u64)` -> `type Id = u64`";
    /// The path consumers name the item by changed: its public path (`path = "…"`)
    /// when given, else its defining module (unless the old module's path still names
    /// the item through a `pub use`).
    SymbolMoved = "symbol_moved", Breaking, Api, "`a::Report` moved to `b::Report`";
    /// The item became less visible (additive when it was not `pub`; for a
    /// `macro_rules!`, `#[macro_export]` removed).
    ItemVisibilityReduced = "item_visibility_reduced", Breaking, Api, "`pub struct Report` -> `pub(crate) struct Report`";
    /// The item became more visible.
    ItemVisibilityWidened = "item_visibility_widened", Additive, Api, "`pub(crate) struct Report` -> `pub struct Report`";
    /// An item or member became `#[doc(hidden)]`: it left the public API (additive when
    /// it was not public, or when the set's policy counts hidden items as API).
    DocHiddenAdded = "doc_hidden_added", Breaking, Api, "`#[doc(hidden)]` added to `pub fn run`";
    /// `#[doc(hidden)]` removed: the item or member joined the public API.
    DocHiddenRemoved = "doc_hidden_removed", Additive, Api, "`#[doc(hidden)]` removed from `pub fn run`";
    // Fields.
    /// A field that readers may omit was added (Option, serde default or skip); breaking
    /// forward when old consumers deny unknown fields.
    FieldAddedWithDefault = "field_added_with_default", Additive, Wire, "`#[serde(default)] retries: u32` added";
    /// A field was added (or became visible) where no consumer can construct or match
    /// the struct exhaustively.
    FieldAdded = "field_added", Additive, Api, "`pub note: String` added to a `#[non_exhaustive]` struct";
    /// A field was added to a struct that consumers build with a literal (exhaustive,
    /// every field pub).
    ConstructibleStructFieldAdded = "constructible_struct_field_added", Breaking, Api, "`pub c: u8` added to `pub struct P { pub a: u8, pub b: u8 }`";
    /// A field that readers require was added to a serde type: old payloads lack it.
    RequiredFieldAdded = "required_field_added", Breaking, Wire, "`id: u64` added to a `Deserialize` struct";
    /// A field was removed (on the wire: breaking when old consumers require it or the
    /// new type denies unknown fields).
    FieldRemoved = "field_removed", Breaking, Api, "`pub b: u8` deleted";
    /// A field was renamed (same type and visibility).
    FieldRenamed = "field_renamed", Breaking, Api, "`pub b: u8` -> `pub c: u8`";
    /// A field's type changed (on the wire: per direction, e.g. `u32` -> `u64` still
    /// reads old payloads). A private field's is additive, unless it is the last field
    /// and its new type is unsized: then the type is no longer `Sized`.
    FieldTypeChanged = "field_type_changed", Breaking, Api, "`a: u32` -> `a: u64`";
    /// A field was added to a union: literals and patterns name one field each, so
    /// none breaks; but a `#[repr(C)]` union's layout is public (FFI, transmutes, reads
    /// of another field), and a new field may change its size and alignment.
    UnionFieldAdded = "union_field_added", Additive, Api, "`pub b: u32` added to `union Bits`";
    /// A union field was removed (additive when it was not public).
    UnionFieldRemoved = "union_field_removed", Breaking, Api, "`pub b: u32` deleted from `union Bits`";
    /// A union became a struct: literals naming one field and union patterns stop
    /// compiling. Additive when no field is public and no `repr` fixes its layout.
    UnionChangedToStruct = "union_changed_to_struct", Breaking, Api, "`union Bits { … }` -> `struct Bits { … }`";
    /// A field lost its `Option`.
    FieldTypeNarrowed = "field_type_narrowed", Breaking, Api, "`a: Option<u32>` -> `a: u32`";
    /// A field became less visible.
    FieldVisibilityReduced = "field_visibility_reduced", Breaking, Api, "`pub a: u8` -> `pub(crate) a: u8`";
    /// Field (or variant) declaration order changed: breaking for positional wire
    /// formats, `#[repr(C)]` layouts where a public field moves (private fields that
    /// trade places are drift), derived `PartialOrd`/`Ord`, and the variants of a
    /// `#[serde(untagged)]` enum (serde tries them in order: `1` may now read as
    /// another variant; breaking backward).
    FieldOrderChanged = "field_order_changed", Additive, Wire, "`{ a, b }` -> `{ b, a }`";
    // Serde.
    /// A field's serialised name changed.
    FieldWireNameChanged = "field_wire_name_changed", Breaking, Wire, "`#[serde(rename = \"id\")]` -> `rename = \"key\"`";
    /// The container's `rename_all` (or `rename_all_fields`) changed the names on the wire.
    ContainerRenameAllChanged = "container_rename_all_changed", Breaking, Wire, "`rename_all = \"snake_case\"` -> `\"camelCase\"`";
    /// A field accepts a new alias on input.
    FieldAliasAdded = "field_alias_added", Additive, Wire, "`#[serde(alias = \"old_id\")]` added";
    /// A field stopped accepting an alias: payloads written with it no longer read.
    FieldAliasRemoved = "field_alias_removed", Breaking, Wire, "`#[serde(alias = \"old_id\")]` removed";
    /// A field (or, on the container, every field) gained a serde default.
    FieldDefaultAdded = "field_default_added", Additive, Wire, "`#[serde(default)]` added to `retries`";
    /// A field lost its serde default: payloads without it no longer read.
    FieldDefaultRemoved = "field_default_removed", Breaking, Wire, "`#[serde(default)]` removed from `retries`";
    /// A field is no longer serialised or no longer deserialised.
    FieldSkipped = "field_skipped", Breaking, Wire, "`#[serde(skip)]` added to `token`";
    /// `#[serde(flatten)]` added or removed.
    FieldFlattenChanged = "field_flatten_changed", Breaking, Wire, "`#[serde(flatten)] meta: Meta` -> `meta: Meta`";
    /// `#[serde(deny_unknown_fields)]` added (payloads with extra fields are rejected)
    /// or removed (readers stop rejecting them: a strictness contract).
    DenyUnknownFieldsChanged = "deny_unknown_fields_changed", Breaking, Wire, "`#[serde(deny_unknown_fields)]` added";
    /// `#[serde(transparent)]` added or removed.
    TransparentChanged = "transparent_changed", Breaking, Wire, "`#[serde(transparent)]` removed";
    /// Enum tagging changed (external, `tag`, `tag`+`content`, `untagged`).
    EnumRepresentationChanged = "enum_representation_changed", Breaking, Wire, "`#[serde(tag = \"kind\")]` -> `#[serde(untagged)]`";
    /// A variant's serialised name changed.
    VariantWireNameChanged = "variant_wire_name_changed", Breaking, Wire, "`#[serde(rename = \"ok\")]` on `Pass` removed";
    /// Any other serde attribute change; additive when both round trips still read,
    /// breaking when one does not (or when its effect cannot be seen: `with`, `from`).
    SerdeAttributeChanged = "serde_attribute_changed", Additive, Wire, "`#[serde(skip_serializing_if = \"Option::is_none\")]` added";
    // Container attributes.
    /// `#[non_exhaustive]` removed.
    NonExhaustiveRemoved = "non_exhaustive_removed", Additive, Api, "`#[non_exhaustive]` removed";
    /// `#[non_exhaustive]` added (additive when a `#[doc(hidden)]` variant or public
    /// field already kept the documented API from exhaustive matches and literals).
    NonExhaustiveAdded = "non_exhaustive_added", Breaking, Api, "`#[non_exhaustive]` added";
    /// Another `#[repr]` argument changed (`Rust`, or one this vocabulary does not name).
    ReprChanged = "repr_changed", Breaking, Api, "`#[repr(simd)]` added";
    /// `#[repr(C)]` added: the layout becomes defined; nothing relied on the default one.
    ReprCAdded = "repr_c_added", Additive, Api, "`#[repr(C)]` added";
    /// `#[repr(C)]` removed: FFI and layout assumptions break.
    ReprCRemoved = "repr_c_removed", Breaking, Api, "`#[repr(C)]` removed";
    /// `#[repr(transparent)]` added.
    ReprTransparentAdded = "repr_transparent_added", Additive, Api, "`#[repr(transparent)]` added";
    /// `#[repr(transparent)]` removed: transmutes to the inner type break (additive
    /// when no field is public: it was then no public ABI).
    ReprTransparentRemoved = "repr_transparent_removed", Breaking, Api, "`#[repr(transparent)]` removed";
    /// A primitive representation (`#[repr(u8)]`) added to an enum.
    ReprIntAdded = "repr_int_added", Additive, Api, "`#[repr(u8)]` added";
    /// A primitive representation removed: casts and FFI lose the discriminant type.
    ReprIntRemoved = "repr_int_removed", Breaking, Api, "`#[repr(u8)]` removed";
    /// A primitive representation changed.
    ReprIntChanged = "repr_int_changed", Breaking, Api, "`#[repr(u8)]` -> `#[repr(u16)]`";
    /// `#[repr(align(N))]` added: size and alignment change.
    ReprAlignAdded = "repr_align_added", Breaking, Api, "`#[repr(align(8))]` added";
    /// `#[repr(align(N))]` removed.
    ReprAlignRemoved = "repr_align_removed", Breaking, Api, "`#[repr(align(8))]` removed";
    /// `#[repr(align(N))]` changed.
    ReprAlignChanged = "repr_align_changed", Breaking, Api, "`#[repr(align(8))]` -> `#[repr(align(16))]`";
    /// `#[repr(packed)]` added: references to fields stop compiling.
    ReprPackedAdded = "repr_packed_added", Breaking, Api, "`#[repr(packed)]` added";
    /// `#[repr(packed)]` removed: the layout changes.
    ReprPackedRemoved = "repr_packed_removed", Breaking, Api, "`#[repr(packed)]` removed";
    /// `#[repr(packed(N))]` changed.
    ReprPackedChanged = "repr_packed_changed", Breaking, Api, "`#[repr(packed(2))]` -> `#[repr(packed(4))]`";
    /// A derived trait was added.
    DeriveAdded = "derive_added", Additive, Api, "`#[derive(Hash)]` added";
    /// A derived trait was removed (and, where the compiler was asked, is no longer
    /// implemented at all).
    DeriveRemoved = "derive_removed", Breaking, Api, "`#[derive(Clone)]` removed";
    /// The type became `Copy`: moves out of it in consumers' closures become copies,
    /// and what they capture changes (rust-lang/rust#100905).
    CopyAdded = "copy_added", Breaking, Api, "`#[derive(Clone, Copy)]` on a struct that was only `Clone`";
    /// The type no longer implements an auto trait (`Send`, `Sync`, `Unpin`,
    /// `UnwindSafe`, `RefUnwindSafe`), often through a private field: seen by the
    /// compiler at test time.
    AutoTraitRemoved = "auto_trait_removed", Breaking, Api, "`Rc<()>` field added: no longer `Send`";
    /// The type implements an auto trait it did not.
    AutoTraitAdded = "auto_trait_added", Additive, Api, "`Rc<()>` field replaced by `Arc<()>`: now `Send`";
    /// An auto trait the golden holds can no longer be told from the sources (a field
    /// became a projection `I::Item`, a dependency's type not read): not a verdict,
    /// shown so a reviewer can check it by hand.
    AutoTraitUntold = "auto_trait_untold", Additive, Api, "a field `I::Item` added: `Send` no longer told";
    /// The type no longer implements a probed trait it implemented by hand (a derive
    /// removed is `derive_removed`): seen by the compiler at test time.
    ImplRemoved = "impl_removed", Breaking, Api, "`impl Clone for Config` deleted";
    /// The type implements a probed trait it did not, by a hand-written impl.
    ImplAdded = "impl_added", Additive, Api, "`impl Default for Config` added";
    // Variants.
    /// A variant was added to a `#[non_exhaustive]` enum (on the wire: old consumers
    /// cannot read it).
    VariantAdded = "variant_added", Additive, Api, "`Skipped` added to a `#[non_exhaustive]` enum";
    /// A variant was added to an exhaustive enum: consumer matches stop compiling.
    VariantAddedToExhaustiveEnum = "variant_added_to_exhaustive_enum", Breaking, Api, "`Skipped` added to an exhaustive enum";
    /// A variant was removed.
    VariantRemoved = "variant_removed", Breaking, Api, "`Skipped` deleted";
    /// A variant was renamed (same fields).
    VariantRenamed = "variant_renamed", Breaking, Api, "`Skipped` -> `Ignored`";
    /// A variant changed between unit, tuple and struct form, or gained or lost fields.
    VariantKindChanged = "variant_kind_changed", Breaking, Api, "`Failed` -> `Failed(String)`";
    /// A field-less enum (`#[non_exhaustive]` or not: that forbids no cast) gained a
    /// variant with fields or a `#[non_exhaustive]` variant: its discriminants are no
    /// longer defined for `as` casts, which stop compiling.
    DiscriminantsUndefined = "discriminants_undefined", Breaking, Api, "`Low` -> `Low(u8)` in `enum Level { Low, High }`";
    /// A discriminant changed where other crates see it: explicit or implicit by
    /// position, in an enum they can cast or a field-less one with a primitive or `C`
    /// repr, or the variant index a positional wire format writes.
    DiscriminantChanged = "discriminant_changed", Breaking, Api, "`Low = 1` -> `Low = 2`";
    // Generics.
    /// A generic parameter with a default was appended.
    GenericParamAddedWithDefault = "generic_param_added_with_default", Additive, Api, "`Cache<K>` -> `Cache<K, S = RandomState>`";
    /// A generic parameter without default was added (or a parameter was renamed).
    GenericParamAdded = "generic_param_added", Breaking, Api, "`Cache<K>` -> `Cache<K, S>`";
    /// A generic parameter was removed or changed kind.
    GenericParamRemoved = "generic_param_removed", Breaking, Api, "`Cache<K, S>` -> `Cache<K>`";
    /// A generic parameter's default was added (additive), changed or removed.
    GenericDefaultChanged = "generic_default_changed", Breaking, Api, "`Cache<K, S = RandomState>` -> `Cache<K, S>`";
    /// A bound was added (consumers must now satisfy it).
    GenericBoundAdded = "generic_bound_added", Breaking, Api, "`T` -> `T: Send`";
    /// A bound was removed (consumers satisfy less; breaking where callers relied on
    /// it, as on an associated type, or where implementors must match it).
    GenericBoundRemoved = "generic_bound_removed", Additive, Api, "`T: Send` -> `T`";
    /// Lifetime parameters changed, or one is no longer covariant (a pure renaming is
    /// additive).
    LifetimeParamChanged = "lifetime_param_changed", Breaking, Api, "`View<'a>` -> `View<'a, 'b>`";
    // Traits.
    /// A trait method was removed.
    TraitMethodRemoved = "trait_method_removed", Breaking, Api, "`fn name(&self)` deleted from the trait";
    /// A method without default was added to a trait; additive when the trait is
    /// sealed (no implementor outside the crate).
    TraitRequiredMethodAdded = "trait_required_method_added", Breaking, Api, "`fn id(&self) -> u64;` added";
    /// A method with a default body was added.
    TraitProvidedMethodAdded = "trait_provided_method_added", Additive, Api, "`fn id(&self) -> u64 { 0 }` added";
    /// A trait method lost its default body.
    TraitMethodDefaultRemoved = "trait_method_default_removed", Breaking, Api, "`fn id(&self) -> u64 { 0 }` -> `fn id(&self) -> u64;`";
    /// A trait method gained a default body.
    TraitMethodDefaultAdded = "trait_method_default_added", Additive, Api, "`fn id(&self) -> u64;` -> `fn id(&self) -> u64 { 0 }`";
    /// A supertrait was added.
    TraitSupertraitAdded = "trait_supertrait_added", Breaking, Api, "`trait Engine` -> `trait Engine: Send`";
    /// A supertrait was removed (additive when it was the sealing one).
    TraitSupertraitRemoved = "trait_supertrait_removed", Breaking, Api, "`trait Engine: Send` -> `trait Engine`";
    /// The trait can no longer be used as `dyn Trait`.
    TraitDynCompatibilityLost = "trait_dyn_compatibility_lost", Breaking, Api, "`fn get<T>(&self)` added to a dyn-compatible trait";
    /// The trait can now be used as `dyn Trait`.
    TraitDynCompatibilityGained = "trait_dyn_compatibility_gained", Additive, Api, "`where Self: Sized` added to the only generic method";
    /// An associated type or const was added (additive with a default on a sealed or
    /// non-`dyn` trait).
    TraitAssocItemAdded = "trait_assoc_item_added", Breaking, Api, "`type Output;` added";
    /// An associated type or const was removed.
    TraitAssocItemRemoved = "trait_assoc_item_removed", Breaking, Api, "`type Output;` deleted";
    /// An associated type's bounds or generics, or an associated const's type or
    /// default, changed (a default added is additive).
    TraitAssocItemChanged = "trait_assoc_item_changed", Breaking, Api, "`type Output: Clone;` -> `type Output: Clone + Send;`";
    /// `unsafe trait` changed.
    TraitUnsafeChanged = "trait_unsafe_changed", Breaking, Api, "`trait Engine` -> `unsafe trait Engine`";
    /// The trait became sealed.
    TraitSealedAdded = "trait_sealed_added", Breaking, Api, "`trait Transform` -> `trait Transform: sealed::Sealed`";
    /// A type implements the trait now.
    TraitImplementorAdded = "trait_implementor_added", Additive, Api, "`impl Transform for Bump` added";
    /// A type no longer implements the trait.
    TraitImplementorRemoved = "trait_implementor_removed", Breaking, Api, "`impl Transform for Bump` deleted";
    /// A type's impl was removed while a generic impl added may cover it, through a
    /// bound on another crate's trait whose impls are not read: not told.
    TraitImplementorUntold = "trait_implementor_untold", Additive, Api, "`impl Root for u8` -> `impl<T: num_traits::PrimInt> Root for T`";
    /// A public path re-exports another item of another crate (`pub use a::Map` →
    /// `pub use b::Map`): another type, fn or trait under the same name.
    ReexportTargetChanged = "reexport_target_changed", Breaking, Api, "`pub use a::Map;` -> `pub use b::Map;`";
    /// An item of the crate replaced by a re-export of another crate's item under the
    /// same path, or the reverse: the other crate's shape is not read, so whether it is
    /// the same API is not told.
    ReexportUntold = "reexport_untold", Additive, Api, "`pub fn from_str(…)` -> `pub use noyalib::from_str;`";
    // Functions and methods.
    /// A pinned method was added.
    MethodAdded = "method_added", Additive, Api, "`pub fn len(&self) -> usize` added";
    /// A pinned method was removed.
    MethodRemoved = "method_removed", Breaking, Api, "`pub fn run(&self)` deleted";
    /// A method disappeared and one of the same signature appeared under a new name.
    MethodRenamed = "method_renamed", Breaking, Api, "`fn run(&self)` -> `fn execute(&self)`";
    /// A parameter was added (Rust has no optional arguments).
    RequiredArgAdded = "required_arg_added", Breaking, Api, "`fn run(&self)` -> `fn run(&self, n: u32)`";
    /// A parameter was removed.
    ParamRemoved = "param_removed", Breaking, Api, "`fn run(&self, n: u32)` -> `fn run(&self)`";
    /// A parameter's type changed (additive for callers when every old argument is
    /// still accepted: `T` -> `impl Into<T>` or `impl Into<U>` where std converts `T`
    /// into `U` without loss, an `impl` with fewer bounds or `?Sized`, the same inside
    /// an associated-type binding: `Output = u16` -> `Output = impl Into<u128>`).
    ParamTypeChanged = "param_type_changed", Breaking, Api, "`n: u32` -> `n: u64`";
    /// A parameter's type became a new type parameter of the fn (`flag: Arc<AtomicBool>`
    /// -> `flag: T` with `T: Send + BorrowSignalSafe<AtomicBool>`): additive when the old
    /// type meets the bounds (std's impls, the crate's own) and the fn had no type
    /// parameter to turbofish; breaking when it does not, or when that is not known.
    ParamGeneralised = "param_generalised", Additive, Api, "`flag: Arc<AtomicBool>` -> `flag: T` where `Arc<AtomicBool>: T's bounds`";
    /// Only a parameter's name changed: callers pass arguments by position.
    ParamRenamed = "param_renamed", Additive, Api, "`fn run(&self, n: u32)` -> `fn run(&self, count: u32)`";
    /// The return type changed.
    ReturnTypeChanged = "return_type_changed", Breaking, Api, "`-> u32` -> `-> u64`";
    /// The receiver changed (or a method became an associated fn, or the reverse).
    ReceiverChanged = "receiver_changed", Breaking, Api, "`&self` -> `&mut self`";
    /// Another part of a signature changed: generics, ABI, visibility.
    MethodSignatureChanged = "method_signature_changed", Breaking, Api, "`fn f<T>(t: T)` -> `fn f<T: Send>(t: T)`";
    /// `unsafe` added to a fn.
    FnUnsafeAdded = "fn_unsafe_added", Breaking, Api, "`fn f()` -> `unsafe fn f()`";
    /// `unsafe` removed from a fn (breaking for implementors of a trait method).
    FnUnsafeRemoved = "fn_unsafe_removed", Additive, Api, "`unsafe fn f()` -> `fn f()`";
    /// `const` added to a fn.
    FnConstAdded = "fn_const_added", Additive, Api, "`fn f()` -> `const fn f()`";
    /// `const` removed from a fn.
    FnConstRemoved = "fn_const_removed", Breaking, Api, "`const fn f()` -> `fn f()`";
    /// `async` added or removed.
    FnAsyncChanged = "fn_async_changed", Breaking, Api, "`fn f()` -> `async fn f()`";
    /// The calling convention changed (`extern "C"` -> `extern "C-unwind"`, `"C"` ->
    /// Rust's): fn pointers and foreign callers break.
    FnAbiChanged = "fn_abi_changed", Breaking, Api, "`extern \"C\" fn f()` -> `extern \"C-unwind\" fn f()`";
    /// `#[target_feature(enable = …)]` added or extended: callers must guarantee the
    /// features (a safe fn becomes unsafe to call outside such fns, and no longer
    /// coerces to a fn pointer).
    TargetFeatureAdded = "target_feature_added", Breaking, Api, "`#[target_feature(enable = \"avx2\")]` added";
    /// A target feature no longer required (breaking for a method of a trait others
    /// implement: their impls may rely on it).
    TargetFeatureRemoved = "target_feature_removed", Additive, Api, "`#[target_feature(enable = \"avx2\")]` removed";
    /// A symbol is exported for the linker (`#[no_mangle]`, `#[export_name]`) that was
    /// not.
    ExportSymbolAdded = "export_symbol_added", Additive, Api, "`#[no_mangle]` added to `fn init`";
    /// An exported symbol is gone: foreign code linking it fails (also on non-`pub` fns).
    ExportSymbolRemoved = "export_symbol_removed", Breaking, Api, "`#[no_mangle]` removed from `fn init`";
    /// The exported symbol's name changed.
    ExportSymbolRenamed = "export_symbol_renamed", Breaking, Api, "`#[export_name = \"init\"]` -> `\"init_v2\"`";
    // Aliases, consts, statics.
    /// A type alias points elsewhere.
    AliasTargetChanged = "alias_target_changed", Breaking, Api, "`type StageOutcome = TrustOutcome` -> `= Report`";
    /// A const or static value changed (rows reordered included).
    ConstValueChanged = "const_value_changed", Breaking, Api, "`MAX_RETRIES: u32 = 3` -> `= 2`";
    /// A const's value written as other code that the sources do not evaluate (a
    /// macro call, a `match`, an `if`, a block): perhaps the same value. Not held as
    /// breaking; a set's policy can override its class to hold it.
    ConstExpressionChanged = "const_expression_changed", Additive, Api, "`MIN: NaiveDate = expect!(…)` -> `= expect(…)`";
    /// A const or static type changed (an array length that only follows added rows
    /// is additive).
    ConstTypeChanged = "const_type_changed", Breaking, Api, "`MAX_RETRIES: u32` -> `MAX_RETRIES: u8`";
    /// A row was added to a table initialiser.
    TableRowAdded = "table_row_added", Additive, Api, "a new `RoutingDecision { … }` row";
    /// A row was removed from a table initialiser.
    TableRowRemoved = "table_row_removed", Breaking, Api, "a `RoutingDecision { … }` row deleted";
    /// A static of an `extern` block became `unsafe` to read (`safe static` ->
    /// `unsafe static`).
    StaticUnsafeAdded = "static_unsafe_added", Breaking, Api, "`safe static X: u8` -> `unsafe static X: u8`";
    /// A static of an `extern` block became safe to read.
    StaticUnsafeRemoved = "static_unsafe_removed", Additive, Api, "`unsafe static X: u8` -> `safe static X: u8`";
    /// An associated `pub const` or `pub type` was added to a pinned inherent `impl`.
    AssocItemAdded = "assoc_item_added", Additive, Api, "`pub const LIMIT: u32 = 3;` added to `impl Config`";
    /// An associated `pub const` or `pub type` of a pinned inherent `impl` was removed.
    AssocItemRemoved = "assoc_item_removed", Breaking, Api, "`pub const LIMIT: u32` deleted from `impl Config`";
    /// A helper attribute of a derive macro was removed: items using it stop compiling.
    ProcMacroHelperRemoved = "proc_macro_helper_removed", Breaking, Api, "`attributes(builder)` removed from `#[proc_macro_derive(Builder)]`";
    /// A helper attribute of a derive macro was added.
    ProcMacroHelperAdded = "proc_macro_helper_added", Additive, Api, "`attributes(builder)` added to `#[proc_macro_derive(Builder)]`";
    // Cargo features (public-API sets).
    /// A feature is no longer on by default: consumers relying on the default features
    /// lose the code under `cfg(feature = …)`.
    FeatureNoLongerDefault = "feature_no_longer_default", Breaking, Api, "`default = [\"std\"]` -> `default = []`";
    /// A feature is now on by default.
    FeatureNowDefault = "feature_now_default", Additive, Api, "`default = []` -> `default = [\"std\"]`";
    /// A feature no longer turns on another, directly or through others: consumers
    /// enabling it lose the other's code (additive when the other is named unstable or
    /// private, as a `#[doc(hidden)]` item is).
    FeatureNoLongerEnables = "feature_no_longer_enables", Breaking, Api, "`extras = [\"alloc\"]` -> `extras = []`";
    /// A feature now turns on another.
    FeatureNowEnables = "feature_now_enables", Additive, Api, "`extras = []` -> `extras = [\"alloc\"]`";
    /// An item or member is behind a feature it was not behind (or needs more of
    /// them): a consumer whose features exposed it before no longer gets it.
    NowNeedsFeature = "now_needs_feature", Breaking, Api, "`pub fn f()` -> `#[cfg(feature = \"x\")] pub fn f()`";
    /// An item or member needs fewer features than before: every consumer that had it
    /// still has it, and more do.
    NoLongerNeedsFeature = "no_longer_needs_feature", Additive, Api, "`#[cfg(feature = \"x\")] pub fn f()` -> `pub fn f()`";
    /// A dependency whose items the API names is now another package or another
    /// semver-compatible series under the same name (`digest` 0.10 -> 0.11): each of
    /// its types and traits a signature names is another item, which a consumer's
    /// values of the old one do not meet (public-API sets; see
    /// [`crate::dependencies`]).
    PublicDependencyChanged = "public_dependency_changed", Breaking, Api, "`digest = \"0.10\"` -> `digest = \"0.11\"` (the API names `digest::Digest`)";
    /// `static` became `static mut` or the reverse.
    StaticMutabilityChanged = "static_mutability_changed", Breaking, Api, "`static X` -> `static mut X`";
    /// A row of a table initialiser changed in place (same position, other value).
    TableRowChanged = "table_row_changed", Breaking, Api, "row 1 `(\"max_qty\", 999)` -> `(\"max_qty\", 500)`";
    // Safety net.
    /// The shape changed in a way no rule names: treated as breaking until a rule
    /// classifies it (please report it).
    UnclassifiedChange = "unclassified_change", Breaking, Api, "(none known: every change has a rule)";
}

impl fmt::Display for DeltaKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for DeltaKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for DeltaKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        DeltaKind::parse(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown delta kind `{s}`")))
    }
}

/// What a delta shows as "before" and "after": the part of the shape it is about,
/// typed. Text is made from it only when rendering (see [`crate::render`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shown {
    /// A whole symbol.
    Symbol(Box<crate::shape::Symbol>),
    /// An item's declaration.
    Item(Box<crate::shape::ItemShape>),
    /// An item's declaration line only (a trait's header, a struct's name and generics).
    Header(Box<crate::shape::ItemShape>),
    /// Generics (shown after the symbol's name).
    Generics(crate::shape::Generics),
    /// A field.
    Field(crate::shape::FieldShape),
    /// A variant.
    Variant(crate::shape::VariantShape),
    /// A signature (named by the member, or by the new name after a rename).
    Fn(Box<crate::shape::FnShape>),
    /// A trait method.
    TraitMethod(Box<crate::shape::TraitMethod>),
    /// An associated type.
    AssocType(crate::shape::AssocType),
    /// An associated const.
    AssocConst(crate::shape::AssocConst),
    /// `#[non_exhaustive]` (present or not).
    NonExhaustive(bool),
    /// `#[repr(…)]` arguments.
    Repr(Vec<crate::shape::Repr>),
    /// Derived traits.
    Derives(std::collections::BTreeSet<String>),
    /// Serde container attributes.
    Serde(crate::shape::ContainerSerde),
    /// A row of a table.
    Row(String),
    /// A module path.
    Module(String),
    /// A dependency's package and semver-compatible series (`digest 0.10`).
    Dependency(String),
    /// What a part needs of the package's features ([`crate::gate`]); `None`: nothing,
    /// it is in every build.
    Gate(Option<String>),
    /// `impl<…> Trait for Type`.
    Implementor(crate::shape::Implementor),
    /// Names in declaration order (fields, variants).
    Order(Vec<String>),
    /// A visibility.
    Visibility(crate::shape::Visibility),
    /// `#[doc(hidden)]` (present or not).
    Hidden(bool),
    /// The traits the compiler said the type implements.
    Implements(std::collections::BTreeSet<crate::probed::ProbedTrait>),
    /// When the type implements an auto trait, as inferred from its fields.
    AutoTrait(crate::probed::ProbedTrait, crate::probed::AutoCond),
    /// A public path.
    Path(String),
    /// A fn's target features.
    TargetFeatures(std::collections::BTreeSet<String>),
    /// An exported symbol name.
    Export(String),
    /// A proc macro's helper attributes.
    Helpers(std::collections::BTreeSet<String>),
    /// An associated const of an inherent impl.
    InherentConst(crate::shape::ValueItemShape),
    /// An associated type of an inherent impl.
    InherentType(crate::shape::AliasShape),
    /// A variant's discriminant value (`Low = 1`).
    Discriminant {
        /// The variant.
        variant: String,
        /// Its value.
        value: String,
    },
    /// The index a positional wire format writes for a variant.
    VariantIndex {
        /// The variant.
        variant: String,
        /// Its index.
        index: usize,
    },
}

/// What exactly changed, beyond the kind and the member: the facts a message states.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Note {
    /// Nothing to add.
    #[default]
    None,
    /// The bounds on another crate's traits an implementor is assumed to meet
    /// (`trait_implementor_untold`).
    UntoldBounds(Vec<String>),
    /// A symbol's item kind (`struct` → `type`).
    KindChanged {
        /// The old kind, with its form (`tuple struct`).
        was: String,
        /// The new one.
        now: String,
    },
    /// Only the item of a symbol whose methods or implementors are still pinned.
    ItemItself,
    /// A symbol's module became known or unknown (no path is known to break).
    ModuleRecorded,
    /// The derived trait added or removed.
    Derive(String),
    /// A field that existed became visible to other crates.
    NowVisible(crate::shape::Visibility),
    /// A field added to a struct consumers build with a literal.
    Constructible,
    /// A field added to a `#[repr(C)]` union: its layout is public, and the new field
    /// may grow its size or alignment or change which bytes other fields' reads see.
    UnionLayout,
    /// A field removed from a `#[repr(C)]` struct: the public fields after it (named)
    /// move, and their offsets are public layout.
    LayoutShifted(Vec<String>),
    /// A visibility change of something that was not visible outside the crate.
    WasNotPublic,
    /// The last field's type became unsized (`[T; 1]` -> `[T]`): the struct is no
    /// longer `Sized`, whatever the field's visibility.
    NoLongerSized,
    /// `repr(transparent)` removed where no field is public: not public ABI.
    TransparentOfPrivate,
    /// Field declaration order, and why it matters here.
    Order(OrderReason),
    /// Variant declaration order, and why it matters here.
    VariantOrder(OrderReason),
    /// An implicit discriminant moved (`A` went from 1 to 2); `also`, each other
    /// variant's whose moved with it in the same edit (`B: 2 -> 3`), in order.
    ImplicitDiscriminant {
        /// The other variants' moves, as `Name: was -> now`.
        also: Vec<String>,
    },
    /// A generics change.
    Generic(GenericChange),
    /// A fn qualifier or part of a signature.
    Signature(SignaturePart),
    /// A parameter (by its name in the new signature, or the old for a removal).
    Param {
        /// The parameter's name.
        name: String,
        /// Its old type, if it had one.
        was: Option<crate::ty::Type>,
        /// Its new type, if it has one.
        now: Option<crate::ty::Type>,
        /// Its new name, for a rename.
        renamed_to: Option<String>,
    },
    /// A parameter's type replaced by a new type parameter (see
    /// [`DeltaKind::ParamGeneralised`]).
    Generalised {
        /// The type parameter, with its bounds.
        param: String,
        /// Its bounds.
        bounds: Vec<crate::ty::Bound>,
        /// The fn parameters it types.
        args: Vec<String>,
        /// The type they had.
        was: crate::ty::Type,
        /// Whether the old type meets the bounds: `None` where a trait's impls were not
        /// at hand (a set's other symbols settle it; see `diff::settle_generalised`).
        meets: Option<bool>,
    },
    /// A trait-level change.
    Trait(TraitChange),
    /// The rows of a table kept but reordered.
    RowsReordered,
    /// A field's or variant's name on the wire.
    WireName {
        /// Written as before.
        was: String,
        /// Written as now.
        now: String,
    },
    /// A Rust rename that keeps the wire name.
    WireNameKept(String),
    /// A field's type changed: a payload each breaking direction fails on, as serde's
    /// data model reads the two types.
    Payloads {
        /// Old payloads the new type does not read.
        backward: Option<Box<PayloadBreak>>,
        /// New payloads old consumers do not read.
        forward: Option<Box<PayloadBreak>>,
    },
    /// An alias added or removed.
    Alias(String),
    /// `default` changed: added, removed or another value.
    Default(Change),
    /// The container `default` changed.
    ContainerDefault(Change),
    /// `skip*` changed.
    Skip(SkipChange),
    /// `skip_serializing_if` changed.
    SkipIf,
    /// `flatten` changed.
    Flatten,
    /// A custom (de)serializer changed.
    With,
    /// Attributes that never reach the wire (bounds, borrowing, the serde path).
    Inert,
    /// A serde key this model does not know changed.
    UnknownKey(String),
    /// Serde attributes on a type without a recorded serde derive.
    SerdeWithoutDerive,
    /// Serde attributes that no payload reads changed (a field's name under
    /// `flatten`, a part of a variant that is never written nor read).
    SerdeUnread,
    /// `rename_all` (of the container or of a variant).
    RenameAll,
    /// `deny_unknown_fields` added (`Added`) or removed.
    DenyUnknownFields(Change),
    /// `transparent` changed.
    Transparent,
    /// The enum tagging changed.
    Tagging {
        /// Before.
        was: Tagging,
        /// Now.
        now: Tagging,
    },
    /// A container `rename` (the type's own name, not in the payload).
    ContainerRename,
    /// The payload changes form (unit, tuple or named struct).
    PayloadForm,
    /// `other` (the catch-all) changed.
    Other,
    /// Variant aliases changed.
    Aliases,
    /// A table row changed in place.
    RowChanged,
    /// A shape difference no rule names.
    Unclassified,
    /// A probed trait (implemented, no longer implemented, now `Copy`).
    Probed(crate::probed::ProbedTrait),
    /// An auto trait's condition, inferred from the fields, is stricter or looser.
    AutoCondition(crate::probed::ProbedTrait),
    /// A public path was given or dropped, and names what the module did.
    PathRecorded,
    /// A `#[repr]` argument (added, removed, or changed).
    Repr(Change),
    /// A target feature (added or removed).
    TargetFeature(String),
    /// A proc macro's helper attribute.
    Helper(String),
    /// The feature a feature turns on (gained or lost).
    Feature(String),
    /// A feature lost from another's or from the defaults that gates no code in the
    /// current sources: nothing a consumer builds changes.
    FeatureGatesNothing(String),
    /// A feature no longer on by default that no source names, and whose every effect
    /// the current default features have anyway: a consumer with the defaults builds
    /// the same.
    FeatureCoveredByDefault(String),
}

/// Added, removed, or another value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// It was not there.
    Added,
    /// It is not there any more.
    Removed,
    /// Another value.
    Changed,
}

/// How a field's presence on the wire changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SkipChange {
    /// No longer read.
    NoLongerRead,
    /// No longer written.
    NoLongerWritten,
    /// Written or read again.
    BackOnTheWire,
    /// Spelled differently (`skip` vs both halves).
    Respelled,
    /// A positional format: the sequence shifts.
    Positional,
}

/// Why declaration order is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderReason {
    /// No consumer sees it (drift only).
    Drift,
    /// A `#[repr(C)]` layout.
    Layout,
    /// Derived `PartialOrd`/`Ord` compare in declaration order.
    Ordering,
    /// A positional wire format.
    Wire,
    /// serde tries untagged variants in declaration order.
    Untagged,
}

/// Where in a payload a wire mismatch sits, from the changed field inward.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PayloadStep {
    /// The value of key `0` of an object (a struct field, by its wire name).
    Key(String),
    /// An element of a sequence.
    Element,
    /// Element `0` of a tuple.
    Position(usize),
    /// A map's value.
    MapValue,
    /// The content of the variant written as `0`.
    Variant(String),
}

/// Why a reader does not read what a writer writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PayloadFailure {
    /// The writer writes another form (a string where a number is read, …).
    Form {
        /// The form written (`a string`).
        writes: &'static str,
        /// The form read.
        reads: &'static str,
    },
    /// A number outside the reader's range.
    OutOfRange {
        /// The reader's type (`u32`).
        reader: String,
    },
    /// No variant of the reader accepts the tag or string.
    NoVariant {
        /// The reading enum.
        reader: String,
    },
    /// A catch-all variant (`#[serde(other)]`) reads it: the value is lost.
    CaughtByOther {
        /// The catch-all variant.
        variant: String,
    },
    /// `null` where the reader requires a value.
    Null,
    /// An object without a field the reader requires.
    MissingField(String),
    /// A key the reader denies (`deny_unknown_fields`).
    UnknownField(String),
    /// A sequence read as a set: duplicates are lost.
    Deduplicated,
    /// A tuple or array of another length.
    Length {
        /// Elements written.
        writes: usize,
        /// Elements read.
        reads: usize,
    },
    /// A positional format: the two types do not encode alike.
    Encoding,
    /// Neither side's wire form is known here (a hand-written impl, `with`, a type
    /// of an unread crate): compared by identity, and they differ.
    Opaque {
        /// The writer's type.
        writer: String,
        /// The reader's type.
        reader: String,
    },
}

/// A payload one side writes that the other does not read as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PayloadBreak {
    /// Where the mismatch sits.
    pub at: Vec<PayloadStep>,
    /// A payload (JSON) that shows it, from the changed field down, when one can be
    /// given.
    pub example: Option<String>,
    /// Why it does not read.
    pub failure: PayloadFailure,
}

/// How an enum is tagged on the wire.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tagging {
    /// `{"Variant": …}` (the default).
    External,
    /// `{"tag": "Variant", …}`.
    Internal(String),
    /// `{"tag": "Variant", "content": …}`.
    Adjacent(String, String),
    /// The content alone.
    Untagged,
}

/// One difference between two generics lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenericChange {
    /// The lifetime parameters differ (count or bounds).
    Lifetimes,
    /// A lifetime parameter the type was covariant in is now used where it is not
    /// (`&'a T` to `Cell<&'a T>`): a `T<'long>` no longer stands for a `T<'short>`.
    NoLongerCovariant {
        /// The lifetime, with its `'`.
        name: String,
    },
    /// A type or const parameter was appended.
    Added {
        /// Its name.
        name: String,
        /// It has a default.
        with_default: bool,
    },
    /// A trailing type or const parameter was removed.
    Removed {
        /// Its name.
        name: String,
    },
    /// The parameter at a position changed kind (or a const parameter its type).
    Replaced {
        /// Its name.
        name: String,
    },
    /// Parameters removed and others added among those that keep their names, in one
    /// edit (`<I, O1, O2, E>` → `<I, O, E>`).
    ParamsReplaced {
        /// The parameters removed.
        was: Vec<String>,
        /// The parameters added.
        now: Vec<String>,
    },
    /// A bound on `subject` was added.
    BoundAdded {
        /// What is bounded.
        subject: String,
        /// The bound.
        bound: String,
    },
    /// A bound on `subject` was removed.
    BoundRemoved {
        /// What is bounded.
        subject: String,
        /// The bound.
        bound: String,
    },
    /// Bounds on `subject` gave way to others in one edit (`T: InputTakeAtPosition`
    /// → `T: Input`): what every use must now meet that it need not before.
    BoundReplaced {
        /// What is bounded.
        subject: String,
        /// The bounds removed.
        was: Vec<String>,
        /// The bounds added, none implied by the old ones.
        now: Vec<String>,
    },
    /// A parameter's default was added, changed or removed.
    DefaultChanged {
        /// The parameter.
        name: String,
        /// The old default.
        was: Option<String>,
        /// The new default.
        now: Option<String>,
    },
}

/// A part of a fn signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SignaturePart {
    /// Visibility.
    Visibility {
        /// Before.
        was: crate::shape::Visibility,
        /// Now.
        now: crate::shape::Visibility,
    },
    /// `const`.
    Const,
    /// `async` (or a future-returning form).
    Async,
    /// `unsafe`.
    Unsafe,
    /// The ABI.
    Abi,
    /// A generics change of the fn.
    Generic(GenericChange),
    /// The receiver.
    Receiver {
        /// Before.
        was: Option<crate::shape::Receiver>,
        /// Now.
        now: Option<crate::shape::Receiver>,
    },
    /// The return type.
    Return {
        /// Before (`None`: `()`).
        was: Option<crate::ty::Type>,
        /// Now.
        now: Option<crate::ty::Type>,
    },
    /// A bound of the returned future (`+ Send`).
    FutureBound {
        /// The bound.
        bound: String,
        /// Added (else removed).
        added: bool,
    },
    /// What the returned future captures (borrows from the arguments).
    FutureCapture {
        /// Captured before.
        was: String,
        /// Captured now.
        now: String,
    },
}

/// A trait-level change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraitChange {
    /// `unsafe trait`.
    Unsafe,
    /// The trait became sealed.
    Sealed,
    /// The sealing supertrait went: others may implement the trait.
    Unsealed,
    /// Another sealing supertrait (still sealed).
    Resealed,
    /// A supertrait added.
    SupertraitAdded(String),
    /// A supertrait removed.
    SupertraitRemoved(String),
    /// No longer usable as `dyn`.
    DynLost,
    /// Now usable as `dyn`.
    DynGained,
    /// A method's default body.
    DefaultBody,
}

/// One classified difference. Every field is data; [`crate::render`] makes the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Delta {
    /// Additive or breaking, after the set's policy.
    pub class: Class,
    /// What kind of change.
    pub kind: DeltaKind,
    /// Which consumers it affects.
    pub axis: Axis,
    /// The symbol it belongs to (for a rename: the old name).
    pub symbol: String,
    /// Which part of the symbol (for a rename of a member: its old name).
    pub member: Member,
    /// For a rename (of the symbol or of the member): the new name.
    pub renamed_to: Option<String>,
    /// The part as it was; `None` when it did not exist.
    pub before: Option<Shown>,
    /// The part as it is; `None` when it no longer exists.
    pub after: Option<Shown>,
    /// What exactly changed.
    pub note: Note,
    /// On the wire axis: which directions break.
    pub wire: Option<WireBreaks>,
    /// Names in the changed part that could not be resolved through `use`
    /// declarations and were compared as written.
    pub as_written: Vec<String>,
    /// The changed part was `#[doc(hidden)]` already: not public API, so the change
    /// breaks no consumer (under the default policy).
    pub hidden: bool,
}

impl Delta {
    /// A delta with the kind's default class and axis; rules refine with the
    /// builder methods below.
    pub fn new(kind: DeltaKind, symbol: &str, member: Member) -> Delta {
        Delta {
            class: kind.default_class(),
            kind,
            axis: kind.default_axis(),
            symbol: symbol.to_owned(),
            member,
            renamed_to: None,
            before: None,
            after: None,
            note: Note::None,
            wire: None,
            as_written: Vec::new(),
            hidden: false,
        }
    }

    /// Sets what was there.
    pub fn was(mut self, shown: Shown) -> Delta {
        self.before = Some(shown);
        self
    }

    /// Sets what is there now.
    pub fn now(mut self, shown: Shown) -> Delta {
        self.after = Some(shown);
        self
    }

    /// Sets both sides.
    pub fn change(self, before: Shown, after: Shown) -> Delta {
        self.was(before).now(after)
    }

    /// Sets the new name of a renamed symbol or member.
    pub fn renamed(mut self, to: &str) -> Delta {
        self.renamed_to = Some(to.to_owned());
        self
    }

    /// Sets the note.
    pub fn note(mut self, note: Note) -> Delta {
        self.note = note;
        self
    }

    /// Sets the axis.
    pub fn on(mut self, axis: Axis) -> Delta {
        self.axis = axis;
        self
    }

    /// Sets the class.
    pub fn class(mut self, class: Class) -> Delta {
        self.class = class;
        self
    }

    /// True when breaking.
    pub fn is_breaking(&self) -> bool {
        self.class == Class::Breaking
    }

    /// The member as it is named in the current sources: the new name after a rename.
    pub fn current_member(&self) -> Member {
        match &self.renamed_to {
            Some(to) if self.kind != DeltaKind::SymbolRenamed => self.member.renamed(to),
            _ => self.member.clone(),
        }
    }

    /// The symbol as it is named in the current sources: the new name after a
    /// symbol rename.
    pub fn current_symbol(&self) -> &str {
        match (&self.renamed_to, self.kind) {
            (Some(to), DeltaKind::SymbolRenamed) => to,
            _ => &self.symbol,
        }
    }

    /// Every symbol name the delta involves: the symbol, and the new name of a
    /// renamed one (accepting a rename must write both).
    pub fn symbols(&self) -> Vec<&str> {
        let mut out = vec![self.symbol.as_str()];
        if self.kind == DeltaKind::SymbolRenamed {
            if let Some(to) = &self.renamed_to {
                out.push(to);
            }
        }
        out
    }
}

/// Which wire directions a change breaks, as a wire rule works it out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WireBreaks {
    /// The new type fails to read (or silently drops data of) payloads the old type
    /// wrote or accepted.
    pub backward: bool,
    /// Old consumers fail to read (or silently drop data of) payloads the new type
    /// writes.
    pub forward: bool,
}

impl WireBreaks {
    /// Neither direction breaks.
    pub const NONE: WireBreaks = WireBreaks {
        backward: false,
        forward: false,
    };
    /// Both directions break.
    pub const BOTH: WireBreaks = WireBreaks {
        backward: true,
        forward: true,
    };

    /// Only the backward direction breaks when `b`.
    pub fn backward(b: bool) -> WireBreaks {
        WireBreaks {
            backward: b,
            forward: false,
        }
    }

    /// Only the forward direction breaks when `f`.
    pub fn forward(f: bool) -> WireBreaks {
        WireBreaks {
            backward: false,
            forward: f,
        }
    }

    /// Either direction.
    pub fn any(self) -> bool {
        self.backward || self.forward
    }

    /// Breaks in either of `self` or `other`.
    pub fn or(self, other: WireBreaks) -> WireBreaks {
        WireBreaks {
            backward: self.backward || other.backward,
            forward: self.forward || other.forward,
        }
    }

    /// A clause for a delta's detail saying which readers fail, or empty.
    pub fn describe(self) -> &'static str {
        match (self.backward, self.forward) {
            (true, true) => {
                "; breaks both ways: the new type cannot read old payloads, nor old consumers new ones"
            }
            (true, false) => "; the new type cannot read old payloads",
            (false, true) => "; old consumers cannot read new payloads",
            (false, false) => "",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_name_is_unique_snake_case_and_parses_back() {
        let mut seen = std::collections::BTreeSet::new();
        for kind in DeltaKind::ALL {
            let name = kind.as_str();
            assert!(seen.insert(name), "duplicate kind name {name}");
            assert!(
                name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{name} is not snake_case"
            );
            assert_eq!(DeltaKind::parse(name), Some(*kind));
        }
        assert_eq!(DeltaKind::parse("no_such_kind"), None);
    }

    #[test]
    fn kinds_serialise_as_their_names() {
        let json = serde_json::to_string(&DeltaKind::FieldRemoved).unwrap();
        assert_eq!(json, "\"field_removed\"");
        let back: DeltaKind = serde_json::from_str(&json).unwrap();
        assert_eq!(back, DeltaKind::FieldRemoved);
        assert!(serde_json::from_str::<DeltaKind>("\"nope\"").is_err());
    }
}
