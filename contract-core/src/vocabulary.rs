//! The vocabulary reference (`docs/VOCABULARY.md`), generated from [`DeltaKind::ALL`]
//! so the documentation cannot drift from the classifier.

use std::fmt::Write as _;

use crate::delta::DeltaKind;

/// The complete text of `docs/VOCABULARY.md`.
pub fn markdown() -> String {
    let mut out = String::new();
    out.push_str(
        "# Delta vocabulary\n\
         \n\
         <!-- Generated from `DeltaKind::ALL` (contract-core/src/delta.rs) by \
         `contract_core::vocabulary::markdown()`. Do not edit by hand: after changing the \
         vocabulary run `CONTRACT_PIN_BLESS=1 cargo test -p contract-core --test vocabulary`. \
         -->\n\
         \n\
         Every difference between a golden shape and the current one is reported as one \
         delta per axis it affects, with a *kind* from the table below. The *class* column \
         is the class under the default policy; some rules refine it from context (a \
         sealed trait, a private field, which wire direction breaks), as the meaning \
         column says. The *axis* column is the axis the kind is usually reported on; \
         several kinds (`field_removed`, `field_type_changed`, `variant_added`, …) are \
         also reported on the wire axis when the item derives `Serialize` or \
         `Deserialize`. Every kind has a positive case and a near-miss negative in \
         `contract-core/tests/common/cases.rs`.\n\
         \n\
         | kind | default class | axis | example | meaning |\n\
         |---|---|---|---|---|\n",
    );
    for kind in DeltaKind::ALL {
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} | {} |",
            kind.as_str(),
            kind.default_class().as_str(),
            kind.default_axis().as_str(),
            cell(kind.example()),
            cell(kind.description()),
        );
    }
    out.push_str(EQUIVALENCES);
    out.push_str(
        "\n\
         ## The wire axis\n\
         \n\
         Wire rules work out, for each change, whether it breaks **backward** (the new \
         type reading payloads the old type wrote or accepted) and **forward** (old \
         consumers reading payloads the new type writes). The set's `wire_direction` \
         turns that into a class: `backward` (the default, as Confluent Schema \
         Registry's) is breaking only when new code cannot read old payloads, `forward` \
         only when old consumers cannot read new ones, `full` when either fails. \
         `wire_format = \"positional\"` (bincode, postcard) makes field order, field \
         additions and variant positions matter and names irrelevant. docs/WIRE.md shows \
         what each wire change becomes under each direction; every wire verdict is backed \
         by a serde round trip in `contract-core/tests/wire_oracle.rs`.\n\
         \n\
         ## Changing a class for a set\n\
         \n\
         A set's policy lives in `contract-pin.toml` at the workspace root (docs/GUIDE.md \
         §3). To change the class of a kind, add it to `overrides`, for every set or for \
         one; the override applies after the rule's own verdict:\n\
         \n\
         ```toml\n\
         [set.billing.overrides]\n\
         field_order_changed = \"breaking\"\n\
         trait_implementor_added = \"breaking\"\n\
         ```\n\
         \n\
         To stop enforcing an axis, leave it out of `axes` (`axes = [\"api\"]`): its \
         deltas are still reported (drift must show in the pull request) but can no \
         longer be breaking.\n",
    );
    out
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// What the classifier treats as no change, and what it compares as written.
const EQUIVALENCES: &str = r#"
## What is not a change

A consumer cannot tell these apart, so they give no delta at all, on either axis
(`contract-core/tests/equivalence.rs` has each as a pair, with a near miss that still
breaks; a property renames the generics of every case at random):

- a consistent renaming of generic parameters and lifetimes (`struct S<T>(T)` and
  `struct S<U>(U)`; the parameters of an item, of its methods, of its `impl` block):
  parameters correspond by position, as consumers name them;
- `async fn f() -> T` and `fn f() -> impl Future<Output = T>` when the future borrows the
  same arguments (`+ '_` for `&self`, `+ 'a` for a named lifetime); a `+ Send` added or
  taken away, another output, or a borrow that differs is reported as
  `return_type_changed`; a future whose borrowing depends on the edition (`impl Future`
  with no lifetime, on a fn that takes references) is not assumed equal;
- a bound written inline or in a `where` clause, `where Self: X` on a trait or `trait T:
  X`, bounds in any order;
- `std::`, `core::` and `alloc::` spellings of one item (std re-exports the other two),
  and the prelude's short names (`Vec` for `std::vec::Vec`);
- in a public-API set, a type the golden wrote through a module the crate has since
  dropped (`&crate::key::RsaPublicKey`) and the item's public path the golden holds for
  it (`crate::RsaPublicKey`), read in the crate's names now;
- a type named through a `use` declaration of the module and its full path (`OrderId`
  with `use crate::ids::OrderId;` and `crate::ids::OrderId`), `use … as` aliases
  included; a generic parameter shadows an import of its name;
- `extern "Rust" fn` and `fn`; `extern fn` and `extern "C" fn`;
- `V`, `V()` and `V {}` for a field-less `#[non_exhaustive]` variant (other crates can
  neither build it nor match it but with `V { .. }`);
- the discriminants of an enum no other crate can observe: it cannot be cast with `as` (a
  variant with fields, or a `#[non_exhaustive]` variant) and has no `repr` fixing them for
  FFI (a primitive or `C` repr does for a field-less enum; an enum with fields is read only
  by unsafe reads of its tag);
- a primitive type and the same name while `use core::usize;` (a deprecated module of that
  name) is in scope: rustc reads a one-segment type path that resolves to a module as the
  primitive. A type imported under a primitive's name (`use x::Byte as u8;`) is that type;
- an elided lifetime and the lifetime it stands for, by the elision rules:
  `fn f<'a>(x: &'a str) -> &'a str` and `fn f(x: &str) -> &str`; `fn get<'a>(&'a self) ->
  &'a T` and `fn get(&self) -> &T`; `-> Drain<T>`, `-> Drain<'_, T>` and `-> Drain<'a, T>`
  with `&'a mut self`; `impl<'a> Trait for Iter<'a>` and `impl Trait for Iter<'_>` (the
  implementor is recorded as `Iter`). A lifetime elision cannot express stays written and
  compared: `'static`, a lifetime with a bound, one used twice among the parameters, one
  the output takes from an argument other than the elision source, one inside a fn pointer,
  `Fn(…)` sugar or a parameter's `impl`/`dyn` type (an elided lifetime means another there).
  Everywhere else too, `'_` written out is the lifetime left out: `Fn(&Record<'_>)` and
  `Fn(&Record)` in a supertrait or a `where` bound, `&'_ T` and `&T` (not after a type's
  name: `Self::Item<'_>` may be a generic associated type, which cannot leave it out).
  `Self` in an `impl` whose header elides a lifetime is the block's type with that
  lifetime (`impl<X> Section<'_, X> { fn new() -> Self }` and `impl<'a, X> Section<'a,
  X>`'s). A binder's lifetime that its bound does not name binds nothing (`T: for<'e>
  Encoding` and `T: Encoding`; `for<'d> Dec<'d>` is another bound than `Dec<'static>`).
  A fn without a receiver whose parameters name one lifetime only, an impl's included,
  returns that one where it leaves it out (`fn new(p: PixmapRef<'a>) -> Shader` and `->
  Shader<'a>`), where both sides' parameters name that one only;
- a field whose type becomes a type parameter the item gains with that type as its
  default (`Custom(String)` → `Custom(C)` with `C = String`): every type a consumer named
  is the new one at its defaults (the parameter is reported, additive). Likewise a method
  that returned `'static`, or an impl's lifetime, and now returns a lifetime only its
  return type names (`-> E<'static>` → `fn f<'b>() -> E<'b>`; `-> C<'a>` in `impl<'a>
  B<'a>` → `fn f<'c>(&mut self) -> C<'c>`): the caller picks it, the old one among them
  (reported as an additive return change). Not where one new lifetime stands for two
  old ones;
- an output lifetime left out and the elision source it stands for where a bound keeps
  that one named (`fn get<'a, T: 'a>(&'a self) -> &T` and `-> &'a T`), and a lifetime
  parameter nothing names (of a fn: late bound, no caller names it; of an impl: it
  constrains nothing) and none. A `'static` borrow parameter become any borrow (`this:
  &'static mut X` → `&mut X`) accepts every old call (an additive parameter change); a
  reference parameter made generic (`&str` → `impl AsRef<str>`) does not (deref
  coercion: a `&Rc<String>` was a `&str`);
- an impl bounded `L: TryInto<X>` where it was `L: Into<X>` covers the same types (std
  gives every `Into` a `TryInto`);
- a trait of the crate written as a type without `dyn` (editions 2015 and 2018) and its
  trait object: `Box<Drain>` and `Box<dyn Drain>`, as for std's traits;
- a bound on a trait of the crate that holds for exactly the types its supertraits hold
  for (`trait Send: marker::Send {}` with `impl<T: marker::Send + ?Sized> Send for T {}`,
  a `macro_rules!` of the crate may write both) and a bound on those supertraits, either
  way round. A blanket impl that leaves unsized types out does not make such a trait
  (another impl may add `str`);
- `Self` and the self type with its arguments, in an inherent `impl` (`-> Self` and
  `-> Wrapper<T>` in `impl<T> Wrapper<T>`) and in a struct, enum or union's own fields. A
  receiver keeps its `Self` (`self: Box<Self>`); in a trait `Self` is the implementor and is
  kept;
- a conversion bound and its `Into` form: `U: TryFrom<T>` and `T: TryInto<U>`, `<U as
  TryFrom<T>>::Error` and `<T as TryInto<U>>::Error`, `K: From<&Q>` and `&Q: Into<K>` (std's
  blanket impls make every `From` an `Into`; `where Self: From<u8>` on a trait is a
  supertrait and is kept);
- the new bound of a bound relaxed to one std implements for every type of the old
  (`T: Iterator` to `I: IntoIterator`, `Iterator<Item = u8>` to `IntoIterator<Item =
  u8>`, `Display` to `ToString`; `Fn` to `FnMut` or `FnOnce`) is not "bound added": what
  is reported is the old bound removed, additive for callers (breaking on a trait's
  method, whose implementors' stricter impls stop compiling). Traits are matched by
  their last path segment and arguments as written;
- (additive, not breaking) a method of `impl<'s> P<'s>` taking `&self` whose return
  borrowed `self` and now lives for `'s` (`-> &OsStr` to `-> &'s OsStr`, `impl Display +
  '_` to `+ 's`): `&'a P<'s>` holds only where `'s: 'a`, so callers keep the value at
  least as long. Read only through covariant places: references, `impl` bounds, slices,
  arrays, tuples, and the arguments of a type covariant in them: std's from a table
  (`contract_core::variance::STD_COVARIANT`: `Option`, `Result`, `Box`, `Vec`, `Rc`, `Arc`,
  `Cow`'s lifetime, `str::CharIndices`, `slice::Iter`, … each checked against rustc by
  `contract-core/tests/std_variance.rs`), the crate's own as the golden's fields make them
  (`Option<ShortFlags>` to `Option<ShortFlags<'s>>` where `ShortFlags<'s>` holds only
  `&'s OsStr`, `CharIndices<'s>` and `Option<&'s OsStr>`; private fields count, as they
  do for rustc). A type the golden does not hold (another set's, another crate's), or one
  with a field under `&mut`, `Cell`, a trait object's arguments, a projection or a fn
  pointer's argument, is compared as written; a trait's method is not relaxed (its
  implementors must return the new type);
- (additive, not breaking) a method of `impl<'s> P<'s>` that borrowed `self` for `'s`
  and now for a lifetime of its own (`fn get(&'s self) -> A<'s>` to `fn get(&self) ->
  A<'_>`, `&'s mut self` to `&mut self`), its return the old one with `'s` elided or
  unchanged: the new borrow can be `'s`, where the new signature is the old one. Not
  where `'s` is inside a fn pointer or `Fn(…)` sugar of the return, and not on a
  trait's method;
- (additive, not breaking) a fn pointer parameter made a type parameter bound by `Fn`,
  `FnMut` or `FnOnce` of the same signature (nanoid 0.5's `random: fn(usize) -> Vec<u8>`
  to `F: FnMut(usize) -> Vec<u8>`): a safe fn pointer of Rust's ABI implements all three.
  An `unsafe` or `extern` pointer implements none;
- a bound on a sealed `#[doc(hidden)]` trait of the crate replaced by a bound on
  another trait of the crate that each of its listed implementors implements
  (arraystring 0.3's `SIZE: Length` → `SIZE: Capacity`, one macro implementing both
  for the same `typenum` types): no consumer could implement the old trait or, by
  policy, name it. Not under `doc_hidden_is_api = true`, not for a trait that is public
  API, and not when one implementor is generic or missing from the new trait;
- an `impl`'s lifetime that no caller can name or constrain is not recorded on its
  methods (golden format 6): written neither in the self type nor in the method, with no
  bound of its own, bounding only what outlives it (`impl<'a, K: 'a + Eq> Map<K>` is
  `impl<K: Eq> Map<K>`, dashmap 6.2); `impl<'a> P<'a>` to `impl P<'static>` still breaks;
- an inherent `impl` generalised over a parameter its type gained with a default
  (`impl<N> GraphMap<N>` → `impl<N, S: BuildHasher> GraphMap<N, S>` with `S =
  RandomState`): its methods are compared at the default, what bounds the parameter is
  assumed to hold there, and a last path argument equal to the default is left out on
  both sides (`Edges<N, RandomState>` is `Edges<N>`). A const parameter whose default
  is a constant's name counts alike (kiddo 6.3's `const ITEM_LEAF_MODE: u8 =
  ITEM_LEAF_MODE_UNSORTED`), and a method two blocks define, told apart by the block's
  self type, keeps its name at the default. At compile time the macro, which sees the
  `impl` but not the type's new shape, leaves such methods to `cargo test`;
- a path to the crate's type alias that leaves out a defaulted parameter is the alias
  with the default written (`Result` is `Result<()>` under `type Result<T = ()>`,
  mustache 0.9), where both sides know the alias and the default names only std's types
  and primitives;
- an inherent `fn default() -> Self` or `fn clone(&self) -> Self` replaced by the type's
  `Default` or `Clone` impl (derived or written by hand): `Type::default()` resolves to
  the prelude's trait (quoted_printable 0.5.2). Not a `const fn`;
- in a public-API set, a trait `impl` for a type not declared `pub` (golden format 10):
  no consumer can name the type (log4rs 1.3's private writers); and a std item a module
  of the crate re-exports is its std path (`lib::Vec<u8>` under `mod lib { pub use
  std::vec::Vec; }` is `Vec<u8>`, quoted_printable 0.5.1);
- `#[derive(Derivative)]` and `#[derive(Educe)]` are the traits their attribute lists
  (`#[derivative(Debug)]` is `Debug`, golden format 10; log4rs 1.4);
- a trait `impl` rewritten to cover every type it covered: an implementor is its type
  for the impl's generics, and one is lost only when no impl of the new side covers it.
  `impl<T: Default> Array for [T; 4]`, `… [T; 8]` → `impl<T: Default, const N: usize>
  Array for [T; N]` (per-length impls replaced by a const-generic one), `impl<N> Visit
  for Graph<N>` → `impl<N, S: BuildHasher> Visit for Graph<N, S>` (a parameter left out
  of the old type is its default, and what the new impl bounds it by is assumed to hold
  there), and renamed parameters (`impl<K, V>` and `impl<A, B>`) are no change; the impl
  that covers more types is `trait_implementor_added`. A bound the new impl adds holds
  only where the old impl had it on the same parameter (or a stronger one: `Ord` gives
  `PartialOrd`, `Copy` gives `Clone`) or where a primitive scalar implements it (`u8:
  Default`): anything else is a narrower impl, `trait_implementor_removed`;
- `#[target_feature(enable = …)]` lists that enable the same features: `avx2` and
  `avx,avx2`, `sse4.2` beside `avx2` (rustc enables `avx`, `sse4.2`, … `sse` with
  `avx2`). A feature is `target_feature_added` only when the old list did not enable it,
  named by the strongest new one (`avx` → `avx2` is `avx2` added; `sse2` → `avx2` is one
  delta, not six), and `target_feature_removed` likewise. What each feature enables is
  rustc's answer (`contract_core::target_features::IMPLIED`, checked against `rustc --print
  cfg -C target-feature=+f` by `contract-cli/tests/target_features.rs`); a name two
  architectures share implies only what it implies on both. On an `unsafe fn`, a feature
  every default build of the checked target enables (`sse2` on `x86_64`) is no
  requirement either: callers vouch for the CPU, and every such CPU has it. The target is
  the one checked on: the command asks `rustc --print cfg`, the harness's build script
  asks rustc for the target it builds for (without the build's own flags, so `-C
  target-cpu=native` frees nothing), the macro raises the error only in builds that do
  not enable the feature. A safe fn's feature is always a requirement: rustc makes the
  call `unsafe` from code that does not enable it itself, whatever the build enables;
- an explicit `T: Sized` on a type parameter and none: every type parameter is `Sized`
  unless it says `?Sized`. `?Sized` added is the implicit bound removed,
  `generic_bound_removed` (`emit<W: Write>(w: &mut W)` → `emit<W: Write + ?Sized>`):
  additive for callers, breaking in a trait's method, whose implementors' signatures are
  now stricter than the trait's; `?Sized` taken away is a bound added;
- a literal and its value: `0x10`, `0o20`, `0b1_0000` and `16`; `1_000` and `1000`;
  `'𖿰'` and `'\u{16ff0}'`; `r"a"` and `"a"` (the suffix stays: `16u8` is not `16`). Goldens
  write literals in one spelling, printable ASCII as itself and any other char escaped;
- one item under its many crate-local names, read with the crate's own names (its module
  tree, each module's `use` declarations, named or glob, and its type aliases): `Error`,
  `crate::Error`, `self::Error`, `super::error::Error` and `crate::error::Error` where a
  `use` or `pub use` makes them one item; a crate-local type alias and its expansion
  (`Result<T>` and `std::result::Result<T, Error>` with `pub type Result<T> =
  std::result::Result<T, Error>;`, in any module, defaults and aliases of aliases
  included). Every front end reads the crate's sources for this when a shape differs from
  its golden as written, and a type keeps the golden's spelling where both name one type
  (the macro registers it so; a member keeps its own spelling when a symbol spells one type
  two ways). Another item of the same name, another argument to the alias, or a generic
  parameter that shadows the name is another type;
- a constant's value written another way, as rustc evaluates it (`contract-core`'s
  `diff::consteval`): `64 * 1024` and `65536`, `1 << 3` and `8`, `u16::MAX as u32` and
  `65535`, `-(2 + 3)` and `-5`. Integer, float, bool, char, byte and string literals,
  arithmetic, bitwise, shift and comparison operators, `&&`, `||`, unary `-` and `!`,
  parentheses, `as` between primitives, std's associated constants of the primitives
  (`i64::BITS`, `f64::EPSILON`, `f64::consts::PI`) and the crate's constants the golden
  holds (`64 * KIB`, `Page::SIZE * 2`, read at their golden value) are evaluated with rustc's
  rules: an unsuffixed literal takes its context's type (`i32`, `f64` without one),
  `as` wraps, truncates and saturates, and an overflow, a division by zero or an
  oversized shift has no value (the crate would not compile). `usize` and `isize` values
  are evaluated at 32 and 64 bits, and are one value only where both agree
  (`usize::MAX` is not `18446744073709551615`). Rows of a table are evaluated at the
  same index, and so is an array type's length (`[u8; 4 * 1024]` and `[u8; 4096]`); a
  value that is not evaluated is compared as below. In a const's or static's type, an
  elided reference lifetime is `'static` (`&str` and `&'static str`);
- a trait object's lifetime bound written out where it is the default of its place (the
  reference's "default trait object lifetime bounds"): `Box<dyn Error + Send>` and
  `Box<dyn Error + Send + 'static>` (a container that bounds nothing: `Box`, `Arc`,
  `Option`, any path without lifetime arguments), `&'a dyn T` and `&'a (dyn T + 'a)`,
  `&dyn T` and `&(dyn T + '_)`, `Ref<'b, dyn T>` and `Ref<'b, dyn T + 'b>` (std's guards
  and `Cow`). Where the default is not known (another crate's type with lifetime
  arguments, a trait with lifetime arguments in a container that bounds nothing) the
  bound is compared as written; `'static` behind `&'a` is another type;
- std's type aliases and what they stand for: `io::Result<T>` and `Result<T,
  io::Error>`, `fmt::Result` and `Result<(), fmt::Error>`, `thread::Result<T>`,
  `sync::LockResult<G>`, `num::NonZeroU32` and `NonZero<u32>`, … From a table
  (`contract_core::std_aliases::STD_ALIASES`) generated from the toolchain's std
  documentation (the `rust-docs` component) by `contract-core/tests/std_aliases.rs`,
  which compiles every entry as one type with its target;
- an import of another namespace beside a type of the module's own (`use
  thiserror::Error;`, a derive macro, beside `pub enum Error`): a type path `Error` is
  the enum with the import or without it;
- a bare trait object of editions 2015 and 2018 and its `dyn` form (`&mut fmt::Write`
  and `&mut dyn fmt::Write`, `Box<Error>` and `Box<dyn Error>`), for std's traits: from a
  table (`contract_core::std_traits::STD_TRAITS`) generated from the toolchain's std
  documentation by `contract-core/tests/std_traits.rs`. A crate's own trait written bare
  is compared as written;
- what a returned `impl Trait` captures, in either spelling: `impl 'd + Iterator<…>`, an
  `impl` whose bounds name `'d`, and `impl Iterator<…> + use<'d, T>` (Rust 2024's precise
  capturing), a reference with an elided lifetime in the bounds naming `'_`
  (`impl Iterator<Item = &String> + '_` on `&self` is `impl Iterator<Item = &String>`).
  Type parameters are captured either way; the lifetimes are compared. An
  edition-2024 `impl Trait` with no `use<…>` captures every lifetime in scope, which the
  shape does not record: it is read as edition 2021's, so an edition change alone may
  show;
- a discriminant written out at the value it had implicitly (`Bold, Dim` and `Bold = 0,
  Dim = 1`), or written another way that evaluates alike (`1 << 0` and `1`);
- another crate's item under another of its paths, or its alias written out
  (`serde_json::map::Map` and `serde_json::Map`; `serde_json::Result<T>` and
  `Result<T, serde_json::Error>`): the command reads each dependency's names from its
  sources, as it reads the crate's (a path dependency where it is, a registry one where
  cargo unpacked it, `$CARGO_HOME/registry/src/…/<name>-<version>`, at the version the
  lock file chose). The macro and the harness read no dependency: for them a path of a
  dependency may stand for any of its items, or for a type that names one (its alias
  written out), so a difference only there is not counted (another crate's type, a std
  type that names none of it, or other arguments still are); the command says whether
  it is a change. A dependency the command cannot find (no lock file, not fetched, a
  git dependency) is read the same way, and so is a path its sources do not answer (an
  item its macros define, a re-export of a third crate: serde's `serde::Deserializer`
  and `serde::de::Deserializer` are both serde_core's, defined inside a macro);
- a bound another bound of the same list implies through its supertraits (`T: AsChar +
  Clone` where `trait AsChar: Copy`; `T: Copy + Clone`; `impl ExactSizeIterator +
  Iterator`): std's supertraits from a table of their definitions (`Copy: Clone`, `Ord:
  Eq + PartialOrd`, `Error: Debug + Display`, the `Iterator` subtraits, …), the crate's
  own from the golden (a trait the set does not pin is not known). A bound with
  arguments is implied only where the implying trait names it bare (`Eq` implies
  `PartialEq`, not `PartialEq<u8>`). An `Item` binding on a subtrait of `Iterator` is
  `Iterator`'s (`impl ExactSizeIterator<Item = T>` and `impl ExactSizeIterator +
  Iterator<Item = T>`);
- `#[non_exhaustive]` on a struct with a private field: no other crate could build it
  or match it without `..` before;
- a definition moved into another module while the path of its old module still names it
  (`pub use wrap::wrap;` where `fn wrap` was): the symbol keeps the golden's module, in
  every front end, with or without `path = "…"`;
- in a public-API set, a type renamed with its old name kept as an alias of it (`pub type
  GroupBy<K> = ChunkBy<K>;`, the alias's arguments its own parameters in order): the
  `impl` blocks written on either name are the type's under both, and an alias of a struct
  that is no value (named fields, or no public field) is that struct under the old name.
  An alias of a unit struct or of a tuple struct with public fields is not (`Old` and
  `Old(1)` stop compiling), nor is one that fixes an argument (`= ChunkBy<u8>`).
- a supertrait dropped from a trait's list that the new list still implies, as the
  crate defines its traits now (`trait RingBuffer: Raw` with a new `trait Raw:
  Observer`, in place of `RingBuffer: Observer`), and one listed anew that the old list
  implied as the golden defined them: callers still have it, implementors had it; and a
  bound on a parameter that its old bounds imply as the crate defines its traits now
  (`PopIter<C: Consumer>` → `PopIter<C: Raw>` where `Consumer: Raw`);
- an inherent impl's lifetime named or elided (`impl<'a, S> Stream<'a, S>` and `impl<S>
  Stream<'_, S>`: an elided lifetime in an impl header is a parameter of the block, and
  is recorded as one, `'_0`); `impl<S> Stream<'static, S>` is another block
  (`method_signature_changed`, breaking). Read against a golden written before `'_` was
  named, a block with only lifetimes more that no method's signature names is the
  same block;
- a type's fields changed without changing what auto traits it implements, or under
  which condition (`Arc<T>` written `std::sync::Arc<T>`; an `AtomicU64` field for a
  `Mutex<u64>`; a parameter renamed in the condition): the inferred auto traits are
  compared as conditions on the parameters by position, and a trait one side cannot tell
  is not compared (`contract-core/tests/auto_traits.rs` has each rule, with the near miss
  that loses `Send`);
- a method's bound moved between the method and its `impl` block (`impl<P: Point> R<P>
  { fn f() }` and `impl<P> R<P> { fn f() where P: Point }`): a call meets both lists
  together; and a block's or a method's bound relaxed to a trait the old one implies
  through a supertrait (`impl<T: Copy>` → `impl<T: Clone>`; `P: Point` → `P: Clone` where
  `trait Point: Clone`) is that bound removed (additive), not one added;
- a type named through one of two `pub use`s under `#[cfg(feature = "x")]` and its
  negation, in a public-API set: the command reads the package's names as the build
  sees `cfg`, so the name is the one the build keeps (the macro knows no features and
  compares such a name as written);
- a re-export's paths read where the item is defined (`super::Observer` in
  `traits::ring_buffer`, pinned at `traits::RingBuffer`): the golden records the
  defining module (`"defined_in"`), and a crate trait is known by its definition however
  a module spells it;
- an item re-exported under another name whose definition later takes that name (`pub
  use tx::TxDatabase as SingleWriterTxDatabase;` → `pub struct SingleWriterTxDatabase`),
  in a public-API set: the golden records the definition's name (`"defined_as"`), and
  its `Self` written so reads as the public path (`contract-cli/tests/public_api.rs`);
- a dependency renamed with the same package and semver-compatible series (`base64 = {
  package = "base64ct", version = "1" }` → `base64ct = "1"`), in a public-API set: its
  paths read under the golden's name. The same name for another series is one
  `public_dependency_changed` (`contract-cli/tests/public_api.rs`).

One edit is one delta: `contract-core/tests/one_edit.rs` holds each of these with its
near miss.

- A bound replaced by another on the same parameter (`T: InputTakeAtPosition` → `T:
  Input`) is one `bound … replaced by …`, classed as the bound added; a projection
  qualified by the replaced trait (`<T as InputTakeAtPosition>::Item: AsChar` → `<T as
  Input>::Item: AsChar`) follows it and is compared only for what it requires.
- Generic parameters removed or inserted among others that keep their names
  (`fold_many0<I, O, E, F, …>` → `<I, E, F, …>`) are compared by name, not position:
  one `generic parameter … removed` (or `… replaced by …` where some were removed and
  others added in their place), and no later parameter reads as renamed or re-bounded.
- Implicit discriminants renumbered by one inserted, removed or moved variant are one
  `discriminant_changed`, at the first, naming the others.
- A type parameter gained without a default (`CpuId` → `CpuId<R: CpuIdReader>`) is the
  type's `generic_param_added`: an `impl` block taking it up is not a parameter each
  method gained, and an auto trait now asking something of it (`Send` where `R: Send`)
  takes nothing from an old instance, since there is none. What else changed in a method
  (a parameter now of type `R`) is still shown.
- An impl kept for the same type across a trait whose parameters were reshaped
  (`Parser<I, O, E>` → `Parser<I>`) is not lost nor gained: the reshape is the trait's
  delta (`generic_param_removed`), reported once.
- A change to a type's generics that its `impl` blocks restate (a bound replaced on the
  type and on each block, a lifetime gained) is the type's delta alone: not each
  method's "bound replaced", nor each `-> Self` read as returning another type. A
  method's own bound, or a return of another instance of the type, is still its own.

## What is compared as written

- A name a glob import (`use a::*;`) may supply is resolved through the crate's names
  when a shape differs from its golden (above); one the crate's sources do not answer (a
  glob of another crate, a module a macro generates) is compared as written, and a delta
  about it says so ("compared as written: `Name` could not be resolved through the
  module's `use` declarations").
- The crate's names are read from its sources without expanding macros; the command
  leaves out what the build's `cfg` leaves out, the macro evaluates no `#[cfg]` (twins
  that agree are one name; any other ambiguity is compared as written); the macro finds the crate's root where its manifest names it (`[lib] path`,
  `[[bin]] path`), at `src/lib.rs` or `src/main.rs`, or in the file itself (an
  integration test). With the compile-time check off
  (`CONTRACT_PIN_COMPILE_CHECK=0`) the macro still reads the golden to register the
  golden's spelling.
- Expressions (const arguments, discriminants) are compared by their tokens, spacing,
  trailing commas and the spelling of literals aside; a const's value, a table's rows
  and an array type's length are evaluated where they can be (above: `1 + 1` is `2`),
  and compared so otherwise. A const's value that names another constant the golden
  does not hold (an upper-case name other than a primitive's own: `EcoBytes::INLINE_LIMIT` for
  `crate::dynamic::LIMIT`, `KIB * 64` for `65536`) may be the same value and is
  `const_expression_changed`, unless it changed in place to another constant
  (`Flags::FAST` → `Flags::SLOW`). A const's value that calls a fn or a macro or branches
  (`match`, `if`, a block) is code the sources do not evaluate (a call is a snake-case
  name before `(`: `Some(5)` and `Wrapper(5)` are data): changed only in its literals and
  names (`expect!(ymd(1, 1, 1))` → `expect!(ymd(2, 1, 1))`, `from_secs(5)` →
  `from_secs(6)`, `… => Level::Info` → `Warn`) it is `const_value_changed`; changed in its
  code (`expect!(…)` → a `const fn expect(…)`, `BigUint { data: Vec::new() }` → `BigUint
  { data: BigDigits::ZERO }`, a callee renamed, its type's path included: `LazyLock::new(…)`
  → `Lazy::new(…)`, a private const replaced by a `match` on
  `cfg!`s) it may be the same value, and is
  `const_expression_changed`: additive, shown in the report, and held as breaking by a
  set that overrides its class. So is a value that differs only by a cast (`R::MASK as
  u8` → `R::MASK`): both sides compile at the const's one type only if the cast
  converted nothing. A deprecated module constant of a primitive is the primitive's
  own (`core::isize::MAX` is `isize::MAX`, `std::f64::EPSILON` is `f64::EPSILON`): std
  gives each the value of the associated constant that replaces it.
- `Self` in the value of an inherent const is the type its block is for (`pub const
  EMPTY: Self = Self::new(false, "")` in `impl AsciiDenyList` is `AsciiDenyList::new(…)`),
  read as the last segment of the symbol's path; a type pinned under another name is
  compared as written.
- std's re-exports are known from a table (`contract_core::names::STD_REEXPORTS`, from
  the `pub use`s of std's sources, each pair compiled as one type by
  `contract-core/tests/std_reexports.rs`): `std::collections::hash_map::HashMap` and
  `std::collections::HashMap`, `hash_map::RandomState` and `std::hash::RandomState`,
  `std::os::raw::c_int` and `std::ffi::c_int`, and the like, are one type wherever the
  crate's names are read (above); a std re-export the table does not list is compared as
  written.
- serde's re-exports of serde_core (`pub use serde_core::{de, ser, Deserialize,
  Deserializer, Serialize, Serializer}` since serde 1.0.220) are one item under both
  crates: `serde_core::de::DeserializeOwned` is `serde::de::DeserializeOwned` (from the
  list `contract_core::names::SERDE_CORE_REEXPORTS`, each proven one trait by
  `contract-core/tests/serde_reexports.rs`). Other crates' re-exports are read from their
  sources by the command (above).
- A std item reached through a module of the crate that re-exports std (a `no_std`
  shim: `crate::stdlib::any::TypeId` where `mod stdlib { pub(crate) use std::*; }`, with
  or without a `#[cfg]`'d twin that names `core`'s and `alloc`'s modules) is the std
  item: a public-API set records `std::any::TypeId` (`Box` for `stdlib::boxed::Box`), so
  a release that drops the shim for `core::any::TypeId` changes nothing; a golden that
  holds the shim's path is read through the crate's names while the shim exists. Only
  paths of two segments or more are read so; a single name a glob supplies is compared
  as written, and a path the crate's own items could answer is never taken for std's.
- Whether an argument's old type meets the bounds of the type parameter that replaced
  it (`param_generalised`: `flag: Arc<AtomicBool>` to `flag: T` with `T: 'static + Send
  + Sync + BorrowSignalSafe<AtomicBool>`) is read from what is known without the
  compiler: `Send` and `Sync` of std's types (`Arc<T>` where `T` is both, the atomics,
  owning containers by their arguments; `Rc`, raw pointers and `Cell`'s `Sync` never),
  `'static` (no lifetime but `'static`, none elided), `Sized`, `Into` where std
  converts without loss, and the crate's own traits through the implementors the set
  records, trait arguments included (`impl<T> BorrowSignalSafe<T> for Arc<T>` gives
  `BorrowSignalSafe<AtomicBool>` to `Arc<AtomicBool>`, not `<AtomicUsize>`). An `impl
  Trait` argument meets every bound it wrote (`p: impl AsRef<Path>` → `fn f<P:
  AsRef<Path>>(p: P)` is additive when the fn had no type parameter a turbofish could
  name; a bound more is not known). So is an argument-position `impl Trait` where the
  old parameter had a type, in a reference, slice, array, tuple or a path's arguments
  too (`lock: &[bool]` → `&[impl Lock]` with `impl Lock for bool`), in a fn with type
  parameters too (a turbofish names them beside an `impl` argument since Rust 1.63); the
  whole parameter
  an `impl` of std's traits alone is read as a parameter type change (`n: i64` → `n:
  impl Into<i64>`, above). The
  macro sees one item, so it leaves a bound on a trait of the crate to the harness and
  the command. Any other bound is not known, and the change stays breaking. A call that
  inferred its argument from the old type (`f(Default::default())`, `f(5)` against `T:
  Into<u32>`) may need a type annotation: minor, as the Cargo book counts generalising a
  fn's argument.
- Higher-ranked lifetimes (`for<'a>`) are compared by name.
- Variance is read from the golden's fields (`contract_core::variance`), every front end
  alike: the macro, which sees one item, reads the other types from the golden, so the
  harness and the command do too. A type that stops being covariant in a lifetime is
  reported on the type itself (`lifetime_param_changed`, breaking, "`'s` is no longer
  covariant"), private field or not: `fn shorten<'a>(f: Flags<'static>) -> Flags<'a> { f
  }` stops compiling. Only a use rustc holds invariant counts (`&mut`, `*mut`, `Cell` and
  the other interior-mutability types of `variance::STD_INVARIANT`, a trait object's
  arguments, a projection); a use whose variance is not known (another crate's type) is
  not taken as a break. Type parameters' variance is not compared.
"#;
