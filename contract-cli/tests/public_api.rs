//! A public-API set (`public_api = true`): every item a consumer can name, from the
//! crate root, with no attribute — through `update`, `check`, `diff` and `policy` of
//! the real binary on a real workspace.

mod support;

use support::{delta, Fixture};

const GOLDEN: &str = "lib/golden/api-contract/shop.json";

const LIB: &str = r#"//! A library with a public API and private plumbing.
pub mod ser;
mod store;
mod glob_source;

pub use store::Order;
pub use store::Receipt as Ticket;
pub use glob_source::*;
pub use store::Line;

/// `Line` is reached twice: at the root and here.
pub mod chained {
    pub use crate::store::Line;
}

#[macro_export]
macro_rules! order {
    () => {};
}

pub(crate) struct Internal;

pub struct Root {
    pub id: u64,
}

impl Root {
    pub fn new(id: u64) -> Self {
        Root { id }
    }
    fn private_helper(&self) {}
}

pub trait Priced {
    fn price(&self) -> u64;
}

impl Priced for Root {
    fn price(&self) -> u64 {
        1
    }
}

#[doc(hidden)]
pub mod __private {
    pub struct Support;
}

#[cfg(feature = "std")]
pub mod io;
#[cfg(not(feature = "std"))]
mod io;
"#;

const SER: &str = r#"pub struct Serializer {
    pub pretty: bool,
    #[cfg(feature = "extra")]
    pub extra: u8,
}

mod inner {
    pub struct NotReachable;
}

pub(crate) fn internal() {}
"#;

const STORE: &str = r#"pub struct Order {
    pub id: u64,
}

pub struct Receipt;

pub struct Line;

pub struct Unexported;
"#;

const GLOB: &str = "pub fn total() -> u64 { 0 }\npub struct Cart;\nfn hidden_helper() {}\n";

const IO: &str = "pub struct Reader;\n";

fn fixture() -> Fixture {
    let f = Fixture::new();
    f.write(
        "Cargo.toml",
        "[workspace]\nmembers = [\"lib\"]\nresolver = \"2\"\n",
    );
    f.write(
        "lib/Cargo.toml",
        "[package]\nname = \"shop\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [features]\ndefault = [\"std\"]\nstd = []\nextra = []\n",
    );
    f.write("contract-pin.toml", "[set.api]\npublic_api = true\n");
    f.write("lib/src/lib.rs", LIB);
    f.write("lib/src/ser.rs", SER);
    f.write("lib/src/store.rs", STORE);
    f.write("lib/src/glob_source.rs", GLOB);
    f.write("lib/src/io.rs", IO);
    f
}

/// [`fixture`] with an optional path dependency `helper`, which the workspace excludes
/// (no member, no set of its own); `features` is appended to the `[features]` table.
fn fixture_with_optional_helper(features: &str) -> Fixture {
    let f = fixture();
    f.edit(
        "Cargo.toml",
        "members = [\"lib\"]",
        "members = [\"lib\"]\nexclude = [\"helper\"]",
    );
    f.write(
        "helper/Cargo.toml",
        "[package]\nname = \"helper\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    f.write("helper/src/lib.rs", "");
    f.edit(
        "lib/Cargo.toml",
        "\n[features]",
        &format!(
            "[dependencies]\nhelper = {{ path = \"../helper\", optional = true }}\n\n[features]{features}"
        ),
    );
    f
}

/// A package `name` (`manifest` appended to its `[package]` table) whose one set, `api`,
/// is a public-API set.
fn api_package(name: &str, manifest: &str) -> Fixture {
    let f = Fixture::new();
    f.write(
        "Cargo.toml",
        &format!(
            "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n{manifest}"
        ),
    );
    f.write("contract-pin.toml", "[set.api]\npublic_api = true\n");
    f
}

/// A workspace whose member `lib/` (package `user_name`) depends on the path package
/// `dep/` (outside the workspace: only `user_name` has the set), with `dep_manifest`
/// appended to the dependency's `[package]` and `dependency` its line in the user's
/// `[dependencies]`; the lock file names the path dependency, as cargo writes one at
/// the first build.
fn dependency_workspace(
    user_name: &str,
    (dep_name, dep_manifest): (&str, &str),
    dependency: &str,
) -> Fixture {
    let f = Fixture::new();
    f.write(
        "Cargo.toml",
        "[workspace]\nmembers = [\"lib\"]\nresolver = \"2\"\n",
    );
    f.write(
        "dep/Cargo.toml",
        &format!(
            "[package]\nname = \"{dep_name}\"\nversion = \"0.2.0\"\nedition = \"2021\"\n{dep_manifest}"
        ),
    );
    f.write(
        "lib/Cargo.toml",
        &format!(
            "[package]\nname = \"{user_name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\
             [dependencies]\n{dependency}\n"
        ),
    );
    f.write("contract-pin.toml", "[set.api]\npublic_api = true\n");
    f.write(
        "Cargo.lock",
        &format!(
            "version = 4\n\n[[package]]\nname = \"{dep_name}\"\nversion = \"0.2.0\"\n\n\
             [[package]]\nname = \"{user_name}\"\nversion = \"0.1.0\"\ndependencies = [\"{dep_name}\"]\n"
        ),
    );
    f
}

fn symbols(f: &Fixture) -> Vec<String> {
    let golden: serde_json::Value = serde_json::from_str(&f.read(GOLDEN)).unwrap();
    let mut names: Vec<String> = golden["symbols"]
        .as_object()
        .unwrap_or_else(|| panic!("a golden with symbols: {golden}"))
        .keys()
        .cloned()
        .collect();
    names.sort();
    names
}

#[test]
fn update_pins_every_public_path_and_nothing_private() {
    let f = fixture();
    let run = f.run(&["check"]);
    assert_eq!(run.code, 3, "no golden yet: {run:?}");
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(
        symbols(&f),
        [
            "Cart",
            "Line",
            "Order",
            "Priced",
            "Root",
            "Ticket",
            "chained::",
            "chained::Line",
            "features.extra",
            "features.std",
            "io::",
            "io::Reader",
            "order!",
            "ser::",
            "ser::Serializer",
            "total",
        ]
    );
    let golden = f.read(GOLDEN);
    // The inherent impl's `pub` method joins its type, the trait impl its trait.
    assert!(golden.contains("\"new\""), "{golden}");
    assert!(!golden.contains("private_helper"), "{golden}");
    assert!(golden.contains("\"implementors\""), "{golden}");
    // A field under a feature off by default is API all the same, with its gate.
    assert!(
        golden.contains(r#""cfg": "feature = \"extra\"""#) && golden.contains(r#""name": "extra""#),
        "{golden}"
    );
    assert_eq!(f.run(&["check"]).code, 0);
    if std::env::var_os("SHOW_GOLDEN").is_some() {
        eprintln!("{golden}");
    }
}

/// A module other crates can name is a symbol (`use shop::chained;`); re-exported
/// under its old path it has not moved for them.
#[test]
fn a_module_is_a_symbol_and_a_re_export_keeps_its_path() {
    let f = fixture();
    assert_eq!(f.run(&["update"]).code, 0);
    f.edit("lib/src/lib.rs", "pub mod chained {", "mod chained_impl {");
    let removed = |symbol| delta("breaking", "symbol_removed", symbol);
    assert_eq!(f.deltas(), [removed("chained::"), removed("chained::Line")]);
    // Moved into a new public module and re-exported at its old path (a private
    // module cannot be re-exported): only the new paths are new.
    f.edit(
        "lib/src/lib.rs",
        "mod chained_impl {\n    pub use crate::store::Line;\n}",
        "pub mod inner {\n    pub mod chained {\n        pub use crate::store::Line;\n    }\n}\npub use inner::chained;",
    );
    let added = |symbol| delta("additive", "symbol_added", symbol);
    assert_eq!(
        f.deltas(),
        [
            added("inner::"),
            added("inner::chained::"),
            added("inner::chained::Line")
        ]
    );
    // An empty module is API too: `use shop::empty;` compiles until it is gone.
    f.edit(
        "lib/src/lib.rs",
        "pub mod ser;",
        "pub mod ser;\npub mod empty {}",
    );
    assert_eq!(f.run(&["update"]).code, 0);
    f.edit("lib/src/lib.rs", "pub mod empty {}", "");
    assert_eq!(f.deltas(), [removed("empty::")]);
}

/// The package's Cargo features are symbols `features.<name>`, read from what cargo
/// metadata says of the manifest (an optional dependency's implicit feature too);
/// an edit of `Cargo.toml` alone is seen.
#[test]
fn cargo_features_are_symbols_of_the_set() {
    let f = fixture_with_optional_helper("");
    assert_eq!(f.run(&["update"]).code, 0);
    let features: Vec<String> = symbols(&f)
        .into_iter()
        .filter(|s| s.starts_with("features."))
        .collect();
    assert_eq!(
        features,
        ["features.extra", "features.helper", "features.std"]
    );
    let golden: serde_json::Value = serde_json::from_str(&f.read(GOLDEN)).unwrap();
    let std = &golden["symbols"]["features.std"]["shape"]["item"];
    assert_eq!(std["kind"], "feature", "{std}");
    assert_eq!(std["default"], true, "{std}");
    // Turning on another feature is additive.
    f.edit("lib/Cargo.toml", "extra = []", "extra = [\"std\"]");
    assert_eq!(
        f.deltas(),
        [delta("additive", "feature_now_enables", "features.extra")]
    );
    // `dep:helper` takes the optional dependency's implicit feature away.
    f.edit(
        "lib/Cargo.toml",
        "extra = [\"std\"]",
        "extra = [\"dep:helper\"]",
    );
    assert_eq!(
        f.deltas(),
        [delta("breaking", "symbol_removed", "features.helper")]
    );
    // Off by default: a break, located at the feature's line of the manifest.
    f.edit(
        "lib/Cargo.toml",
        "extra = [\"dep:helper\"]",
        "extra = []\nhelper = [\"dep:helper\"]",
    );
    f.edit("lib/Cargo.toml", "default = [\"std\"]", "default = []");
    let deltas = f.deltas();
    assert!(
        deltas.contains(&delta(
            "breaking",
            "feature_no_longer_default",
            "features.std"
        )),
        "{deltas:?}"
    );
    let run = f.run(&["check"]);
    assert_eq!(run.code, 1, "{run:?}");
    assert!(
        run.stdout.contains("no longer on by default") && run.stdout.contains("Cargo.toml:10:"),
        "{run:?}"
    );
}

/// A feature that turns on nothing and that no Rust file of the package names gates no
/// code (tinyvec 1.6.1 made `rustc_1_40`'s code unconditional): no longer turning it on
/// is additive. Any mention counts, a comment included.
#[test]
fn a_feature_no_source_names_gates_no_code() {
    let f = fixture();
    f.edit(
        "lib/Cargo.toml",
        "extra = []",
        "extra = []\nold = []\nfull = [\"old\", \"extra\"]",
    );
    assert_eq!(f.run(&["update"]).code, 0);
    let lost = |class| delta(class, "feature_no_longer_enables", "features.full");
    f.edit(
        "lib/Cargo.toml",
        "full = [\"old\", \"extra\"]",
        "full = [\"extra\"]",
    );
    assert_eq!(f.deltas(), [lost("additive")]);
    // `extra` gates a field of `ser::Serializer`.
    f.edit("lib/Cargo.toml", "full = [\"extra\"]", "full = []");
    assert_eq!(f.deltas(), [lost("breaking"), lost("additive")]);
    f.edit(
        "lib/src/lib.rs",
        "pub(crate) struct Internal;",
        "// `old` is \"old\".\npub(crate) struct Internal;",
    );
    assert_eq!(f.deltas(), [lost("breaking"), lost("breaking")]);
}

/// sha1 0.10.7 dropped its optional dependency `sha1-asm` and left `asm = []`: the
/// dependency's implicit feature is gone (a break: `features = ["sha1-asm"]` no longer
/// resolves), but a consumer that enables `asm` builds what it built, and no code of the
/// release is under a feature that no longer exists.
#[test]
fn a_feature_that_no_longer_turns_on_a_removed_feature_is_no_break() {
    let f = fixture_with_optional_helper("\nasm = [\"helper\"]");
    assert_eq!(f.run(&["update"]).code, 0);
    f.edit(
        "lib/Cargo.toml",
        "[dependencies]\nhelper = { path = \"../helper\", optional = true }\n\n[features]\nasm = [\"helper\"]",
        "[features]\nasm = []",
    );
    assert_eq!(
        f.deltas(),
        [
            delta("additive", "feature_no_longer_enables", "features.asm"),
            delta("breaking", "symbol_removed", "features.helper"),
        ]
    );
    // Near miss: the feature it turned on is still there, and code is under it.
    f.edit(
        "lib/Cargo.toml",
        "[features]\nasm = []",
        "[features]\nasm = []\nhelper = []",
    );
    f.edit(
        "lib/src/lib.rs",
        "pub(crate) struct Internal;",
        "#[cfg(feature = \"helper\")]\npub fn fast() {}\npub(crate) struct Internal;",
    );
    // `fast` is new API, under `helper`.
    assert_eq!(
        f.deltas(),
        [
            delta("additive", "symbol_added", "fast"),
            delta("breaking", "feature_no_longer_enables", "features.asm")
        ]
    );
}

/// num-rational 0.4.2 took `num-bigint-std = ["num-bigint/std"]` out of its defaults,
/// made the optional `num-bigint` a default and its `std` (a default) turn on
/// `num-bigint?/std`: a consumer with the defaults builds what it built, and no source
/// names the dropped feature. Read from the real manifest: `cargo metadata`'s table.
#[test]
fn a_feature_the_defaults_still_cover_is_no_break() {
    let f = api_package(
        "ratio",
        "\n[dependencies]\nbig = { path = \"big\", optional = true }\n\n\
         [features]\ndefault = [\"big-std\", \"std\"]\nbig-std = [\"big/std\"]\nstd = []\n",
    );
    f.write(
        "big/Cargo.toml",
        "[package]\nname = \"big\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [features]\nstd = []\n",
    );
    f.write("big/src/lib.rs", "");
    f.write("src/lib.rs", "/// A ratio.\npub struct Ratio;\n");
    assert_eq!(f.run(&["update"]).code, 0);
    f.edit(
        "Cargo.toml",
        "default = [\"big-std\", \"std\"]\nbig-std = [\"big/std\"]\nstd = []",
        "default = [\"big\", \"std\"]\nbig-std = [\"big/std\"]\nstd = [\"big?/std\"]",
    );
    let dropped = |class| delta(class, "feature_no_longer_default", "features.big-std");
    // `big` was on by default before too: `big/std` turns it on.
    assert_eq!(f.deltas(), [dropped("additive")]);
    // Near miss: the defaults no longer reach `big/std`.
    f.edit("Cargo.toml", "std = [\"big?/std\"]", "std = []");
    assert_eq!(f.deltas(), [dropped("breaking")]);
    // Near miss: code is gated on the dropped feature itself.
    f.edit("Cargo.toml", "std = []", "std = [\"big?/std\"]");
    f.write(
        "src/lib.rs",
        "/// A ratio.\npub struct Ratio;\n#[cfg(feature = \"big-std\")]\nimpl Ratio {}\n",
    );
    assert_eq!(f.deltas(), [dropped("breaking")]);
}

#[test]
fn a_move_behind_a_pub_use_is_no_change_and_a_lost_path_is_a_break() {
    let f = fixture();
    assert_eq!(f.run(&["update"]).code, 0);
    // `Order` moves to a new module; the root re-export keeps its path.
    f.edit(
        "lib/src/store.rs",
        "pub struct Order {\n    pub id: u64,\n}\n",
        "",
    );
    f.write(
        "lib/src/orders.rs",
        "pub struct Order {\n    pub id: u64,\n}\n",
    );
    f.edit(
        "lib/src/lib.rs",
        "mod store;\n",
        "mod store;\nmod orders;\n",
    );
    f.edit(
        "lib/src/lib.rs",
        "pub use store::Order;",
        "pub use orders::Order;",
    );
    let run = f.run(&["check"]);
    assert_eq!(
        run.code, 0,
        "moved behind an unchanged public path: {run:?}"
    );
    // The module `chained` stops re-exporting `Line`: one of its two public paths
    // is gone, a break on that path.
    f.edit("lib/src/lib.rs", "    pub use crate::store::Line;\n", "");
    let deltas = f.deltas();
    assert_eq!(
        deltas,
        [delta("breaking", "symbol_removed", "chained::Line")],
    );
    assert_eq!(f.run(&["check"]).code, 1);
}

#[test]
fn a_derive_replaced_by_an_impl_in_a_module_below_is_no_change() {
    let f = api_package("bitmaps", "");
    f.write(
        "src/lib.rs",
        "pub mod treemap;\npub use treemap::Treemap;\n",
    );
    f.write(
        "src/treemap/mod.rs",
        "#[derive(PartialEq, Eq, Debug)]\npub struct Treemap {\n    len: u64,\n}\n",
    );
    assert_eq!(f.run(&["update"]).code, 0);
    // roaring 0.12: the derive becomes an impl in `treemap::cmp`.
    f.write(
        "src/treemap/mod.rs",
        "mod cmp;\n#[derive(Eq, Debug)]\npub struct Treemap {\n    len: u64,\n}\n",
    );
    f.write(
        "src/treemap/cmp.rs",
        "use super::Treemap;\nimpl PartialEq for Treemap {\n    fn eq(&self, other: &Self) -> bool {\n        \
         self.len == other.len\n    }\n}\n",
    );
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "still `PartialEq`: {run:?}");
    // Near miss: no impl anywhere, the trait is gone.
    f.write("src/treemap/cmp.rs", "");
    assert!(
        f.deltas()
            .contains(&delta("breaking", "derive_removed", "Treemap")),
        "{:?}",
        f.deltas()
    );
}

#[test]
fn a_derive_replaced_by_an_impl_anywhere_in_the_crate_is_no_change() {
    // A crate moves its `Debug` derives into one module of hand-written impls, beside
    // the types' modules, each type named through the crate's names.
    let f = api_package("shapes", "");
    f.write(
        "src/lib.rs",
        "pub mod shapes;\npub use shapes::{Circle, Square};\n",
    );
    f.write(
        "src/shapes.rs",
        "#[derive(Debug, Clone)]\npub struct Circle {\n    r: u32,\n}\n\
         #[derive(Debug, Clone)]\npub struct Square {\n    s: u32,\n}\n",
    );
    assert_eq!(f.run(&["update"]).code, 0);
    f.write(
        "src/lib.rs",
        "pub mod shapes;\nmod debug;\npub use shapes::{Circle, Square};\n",
    );
    f.write(
        "src/shapes.rs",
        "#[derive(Clone)]\npub struct Circle {\n    r: u32,\n}\n\
         #[derive(Clone)]\npub struct Square {\n    s: u32,\n}\n",
    );
    f.write(
        "src/debug.rs",
        "use std::fmt;\nuse crate::shapes::Circle;\n\
         impl fmt::Debug for Circle {\n    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n        \
         f.write_str(\"Circle\")\n    }\n}\n\
         impl fmt::Debug for crate::Square {\n    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n        \
         f.write_str(\"Square\")\n    }\n}\n",
    );
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "still `Debug`: {run:?}");
    // Near miss: one impl gone.
    f.edit(
        "src/debug.rs",
        "impl fmt::Debug for crate::Square",
        "impl fmt::Display for crate::Square",
    );
    assert_eq!(
        f.deltas(),
        vec![
            delta("breaking", "derive_removed", "Square"),
            delta("breaking", "derive_removed", "shapes::Square")
        ],
    );
}

/// tower-http 0.7.1: in a module only a feature builds, `#[derive(Clone)]` became an
/// `impl Clone` beside the type, under that same feature. An impl under a gate is
/// evidence only for a type under the same gate.
#[test]
fn a_derive_replaced_by_an_impl_under_the_type_s_own_gate_is_no_change() {
    let f = api_package("headers", "[features]\nset-header = []\nother = []\n");
    f.write(
        "src/lib.rs",
        "#[cfg(feature = \"set-header\")]\npub mod set_header;\npub struct Plain;\n",
    );
    f.write(
        "src/set_header.rs",
        "#[derive(Clone)]\npub struct Layer<M> {\n    headers: Vec<M>,\n}\n",
    );
    assert_eq!(f.run(&["update"]).code, 0);
    f.write(
        "src/set_header.rs",
        "pub struct Layer<M> {\n    headers: Vec<M>,\n}\n\
         impl<M> Clone for Layer<M> {\n    fn clone(&self) -> Self {\n        todo!()\n    }\n}\n",
    );
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "still `Clone` wherever it is built: {run:?}");
    // Near miss: the impl, in a module below, needs another feature too, so a build
    // with `set-header` alone has no `Clone`.
    f.write(
        "src/set_header.rs",
        "pub struct Layer<M> {\n    headers: Vec<M>,\n}\n\
         #[cfg(feature = \"other\")]\nmod clone_impl;\n",
    );
    f.write(
        "src/set_header/clone_impl.rs",
        "impl<M> Clone for super::Layer<M> {\n    fn clone(&self) -> Self {\n        todo!()\n    }\n}\n",
    );
    assert!(
        f.deltas()
            .contains(&delta("breaking", "derive_removed", "set_header::Layer")),
        "{:?}",
        f.deltas()
    );
}

#[test]
fn a_derive_of_another_crate_replaced_by_an_impl_is_no_change() {
    // miette 7.6: thiserror's `#[derive(Error)]` replaced by hand-written impls of
    // `std::error::Error` and `Display` in the same module. (The scan reads sources
    // only: the derive's crate need not be a dependency here.)
    let f = api_package("errs", "");
    f.write(
        "src/lib.rs",
        "use thiserror::Error;
#[derive(Debug, Error)]
pub enum MietteError {
             #[error(\"out of bounds\")]
    OutOfBounds,
}
",
    );
    assert_eq!(f.run(&["update"]).code, 0);
    f.write(
        "src/lib.rs",
        "use std::{error::Error, fmt};
#[derive(Debug)]
pub enum MietteError {
             OutOfBounds,
}
         impl fmt::Display for MietteError {
             fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                 f.write_str(\"out of bounds\")
    }
}
         impl Error for MietteError {}
",
    );
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "still an `Error`: {run:?}");
    // Near miss: no `Error` impl.
    f.edit("src/lib.rs", "impl Error for MietteError {}\n", "");
    assert_eq!(
        f.deltas(),
        vec![delta("breaking", "derive_removed", "MietteError")]
    );
}

/// raw-cpuid 10 → 11: a type parameter gained without a default. Each type's
/// `generic_param_added` is the break; an auto trait now asking something of the new
/// parameter takes nothing from an old instance (there is none), and each method of
/// the `impl` taking it up did not gain a parameter of its own.
#[test]
fn a_type_parameter_gained_without_a_default_is_one_change() {
    let f = api_package("cpuid", "");
    f.write(
        "src/lib.rs",
        "pub struct CpuId {
    read: fn(u32) -> u32,
}
         impl CpuId {
    pub fn vendor(&self) -> u8 {
        0
    }
}
",
    );
    assert_eq!(f.run(&["update"]).code, 0);
    f.write(
        "src/lib.rs",
        "pub trait CpuIdReader: Clone {}
         pub struct CpuId<R: CpuIdReader> {
    read: R,
}
         impl<R: CpuIdReader> CpuId<R> {
    pub fn vendor(&self) -> u8 {
        0
    }
}
",
    );
    let breaking: Vec<_> = f
        .deltas()
        .into_iter()
        .filter(|d| d.0 == "breaking")
        .collect();
    assert_eq!(
        breaking,
        vec![delta("breaking", "generic_param_added", "CpuId")]
    );
    // Near miss: a field that is never `Send` loses it for every instance.
    f.edit(
        "src/lib.rs",
        "read: R,",
        "read: R,\n    marker: std::rc::Rc<u8>,",
    );
    assert!(
        f.deltas()
            .contains(&delta("breaking", "auto_trait_removed", "CpuId")),
        "{:?}",
        f.deltas()
    );
}

/// erased-serde 0.3 → 0.4: a shim module `mod alloc { use std as alloc; pub use
/// self::alloc::boxed::Box; }` named as `crate::alloc::Box` is std's `Box`, and a
/// release that drops the shim changes nothing (it was recorded as `std::Box`, a
/// path std does not have).
#[test]
fn a_std_shim_module_under_std_s_own_name_is_read_through() {
    let f = api_package("shim", "");
    let src = |shim: &str, ret: &str| {
        format!(
            "{shim}mod ser {{
    {}pub fn boxed() -> {ret} {{
        todo!()
    }}
}}
             pub use ser::boxed;
",
            if shim.is_empty() {
                ""
            } else {
                "use crate::alloc::Box;
    "
            }
        )
    };
    let shim = "mod alloc {
    use std as alloc;
    pub use self::alloc::boxed::Box;
}
";
    f.write("src/lib.rs", &src(shim, "Box<u8>"));
    assert_eq!(f.run(&["update"]).code, 0);
    let golden = f.read("golden/api-contract/shim.json");
    assert!(golden.contains("\"Box<u8>\""), "{golden}");
    f.write("src/lib.rs", &src("", "Box<u8>"));
    assert_eq!(f.deltas(), []);
    // Near miss: another type in the box.
    f.write("src/lib.rs", &src("", "Box<u16>"));
    assert_eq!(
        f.deltas(),
        vec![delta("breaking", "return_type_changed", "boxed")]
    );
}

/// polling 2.8: `pub trait Source` inside `cfg_if! { if #[cfg(unix)] { … } else if
/// #[cfg(windows)] { … } }`, where cfg-if's own sources are not at hand (here, not even
/// a dependency: the scan compiles nothing). The trait was silently left out of the
/// golden, so its removal in 3.0 went unseen.
#[test]
fn cfg_if_is_expanded_when_its_crate_cannot_be_read() {
    let f = api_package("poll", "");
    let src = |unix: &str| {
        format!(
            "use cfg_if::cfg_if;\ncfg_if! {{\n    if #[cfg(any(unix, windows))] {{\n        {unix}\n    }} \
             else if #[cfg(target_os = \"none\")] {{\n        pub trait Source {{ fn raw(&self) -> u64; }}\n    \
             }}\n}}\npub struct Poller;\n"
        )
    };
    f.write(
        "src/lib.rs",
        &src("pub trait Source { fn raw(&self) -> i32; }"),
    );
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden = f.read("golden/api-contract/poll.json");
    assert!(golden.contains("\"Source\""), "{golden}");
    // The trait gone: seen.
    f.write("src/lib.rs", &src(""));
    assert_eq!(
        f.deltas(),
        vec![delta("breaking", "symbol_removed", "Source")]
    );
}

#[test]
fn twins_under_a_cfg_a_cfg_attr_adds_are_read_once() {
    // portable-atomic 1.14: `cfg_attr(p, cfg(q))` and its negation on twin modules
    // whose `#[macro_export]` macros share names; `p` a build script's cfg the command
    // cannot know (a build script that cannot run here, as one needing a system
    // library: no build output).
    let f = api_package("atomics", "");
    f.write(
        "build.rs",
        "fn main() {\n    panic!(\"no libatomic here\");\n}\n",
    );
    let twin = |old: &str, new: &str, body: &str| {
        format!(
            "#[cfg_attr(no_target_has_atomic, cfg({old}))]\n\
             #[cfg_attr(not(no_target_has_atomic), cfg({new}))]\n\
             #[macro_use]\nmod cas_macros {{\n    #[macro_export]\n    \
             macro_rules! cfg_has_cas {{ ($($tt:tt)*) => {{ {body} }}; }}\n}}\n"
        )
    };
    f.write(
        "src/lib.rs",
        &format!(
            "{}{}pub struct Atomic;\n",
            twin("single_core", "any(unix, windows)", "$($tt)*"),
            twin("not(single_core)", "not(any(unix, windows))", "")
        ),
    );
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stderr.contains("cannot evaluate"), "{run:?}");
    assert_eq!(f.run(&["check"]).code, 0);
}

#[test]
fn an_impl_of_a_type_with_twins_under_unknown_cfgs_is_read_once() {
    // nix 0.31: `mod consts` once per target under build-script cfgs, each defining
    // `Errno`, glob re-exported; one `impl Errno` beside them. Where the cfgs cannot be
    // told, the block's methods are the one type's, not one set per twin (the update
    // failed: "two pinned items are named `errno::Errno::last (impl Errno)`").
    let f = api_package("errnos", "");
    f.write(
        "build.rs",
        "fn main() {\n    panic!(\"no libc headers here\");\n}\n",
    );
    f.write(
        "src/lib.rs",
        "#[cfg(linux_android)]\nmod consts {\n    pub enum Errno {\n        EPERM = 1,\n    }\n}\n\
         #[cfg(apple_targets)]\nmod consts {\n    pub enum Errno {\n        EPERM = 1,\n        \
         ENOTSUP = 45,\n    }\n}\n\
         pub use self::consts::*;\n\
         impl Errno {\n    pub fn last() -> Errno {\n        todo!()\n    }\n}\n",
    );
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stderr.contains("cannot evaluate"), "{run:?}");
    let golden = f.read("golden/api-contract/errnos.json");
    assert!(
        golden.contains("\"last\""),
        "the method is pinned: {golden}"
    );
    assert_eq!(f.run(&["check"]).code, 0);
}

#[test]
fn a_name_whose_twins_the_build_leaves_out_resolves_to_the_one_it_keeps() {
    // rgb 0.8.53: `crate::Gray` is one of two `pub use`s under `#[cfg(feature = …)]`
    // and its negation; a signature respelled from `alt::Gray` (the same type) to it
    // names the same type under the features the build has.
    let lib = |default: &str, spelling: &str| {
        (
            format!("[features]\ndefault = [{default}]\nx = []\n"),
            format!(
                "mod formats {{ pub struct GrayOld<T>(pub T); pub struct GrayNew<T>(pub T); }}\n\
                 pub mod alt {{ pub use crate::formats::GrayOld as Gray; }}\n\
                 #[cfg(not(feature = \"x\"))]\npub use formats::GrayOld as Gray;\n\
                 #[cfg(feature = \"x\")]\npub use formats::GrayNew as Gray;\n\
                 mod conv {{\n    use {spelling};\n    \
                 pub trait FromSlice<T> {{ fn as_gray(&self) -> &[Gray<T>]; }}\n}}\n\
                 pub use conv::FromSlice;\n"
            ),
        )
    };
    for (default, expected) in [
        ("", vec![]),
        (
            "\"x\"",
            vec![delta("breaking", "return_type_changed", "FromSlice")],
        ),
    ] {
        let (features, before) = lib(default, "crate::alt::Gray");
        let f = api_package("gray", &features);
        f.write("src/lib.rs", &before);
        assert_eq!(f.run(&["update"]).code, 0);
        f.write("src/lib.rs", &lib(default, "crate::Gray").1);
        // Near miss: with `x` on, `crate::Gray` is the other type.
        assert_eq!(f.deltas(), expected, "default features [{default}]");
    }
}

#[test]
fn a_re_export_is_read_in_the_module_that_defines_it() {
    // ringbuf 0.6: `pub use ring_buffer::RingBuffer;` in `traits`, whose definition
    // names `super::Observer`; a supertrait replaced by `super::Raw` where `Raw:
    // Observer` still implies `Observer`, at the re-export's path as at the definition's.
    let lib = |observer_bound: &str, extra: &str| {
        format!(
            "pub mod traits {{\n    pub trait Observer {{}}\n    {extra}\n    \
             pub use ring_buffer::RingBuffer;\n    pub mod ring_buffer {{\n        \
             pub trait RingBuffer: {observer_bound} {{}}\n    }}\n}}\n"
        )
    };
    let f = api_package("rings", "");
    f.write("src/lib.rs", &lib("super::Observer", ""));
    assert_eq!(f.run(&["update"]).code, 0);
    let golden = f.read("golden/api-contract/rings.json");
    assert!(
        golden.contains("\"defined_in\": \"rings::traits::ring_buffer\""),
        "{golden}"
    );
    f.write(
        "src/lib.rs",
        &lib("super::Raw", "pub trait Raw: Observer {}"),
    );
    let found = f.deltas();
    assert!(
        !found
            .iter()
            .any(|(class, kind, _)| class == "breaking" && kind == "trait_supertrait_removed"),
        "{found:?}"
    );
    // Near miss: a supertrait that does not imply `Observer`.
    f.write("src/lib.rs", &lib("super::Raw", "pub trait Raw {}"));
    let found = f.deltas();
    for symbol in ["traits::RingBuffer", "traits::ring_buffer::RingBuffer"] {
        assert!(
            found.contains(&delta("breaking", "trait_supertrait_removed", symbol)),
            "{symbol}: {found:?}"
        );
    }
}

#[test]
fn changes_are_classified_like_any_sets() {
    let f = fixture();
    assert_eq!(f.run(&["update"]).code, 0);
    // A new public item: additive drift.
    f.edit(
        "lib/src/glob_source.rs",
        "pub struct Cart;",
        "pub struct Cart;\npub struct Bag;",
    );
    assert_eq!(f.deltas(), [delta("additive", "symbol_added", "Bag")]);
    assert_eq!(f.run(&["check"]).code, 2);
    // A private item changing is nothing; a public field's type is a break.
    f.edit(
        "lib/src/lib.rs",
        "pub(crate) struct Internal;",
        "pub(crate) struct Internal(u8);",
    );
    f.edit("lib/src/ser.rs", "pub pretty: bool", "pub pretty: u8");
    let deltas = f.deltas();
    assert!(
        deltas.contains(&delta("breaking", "field_type_changed", "ser::Serializer")),
        "{deltas:?}"
    );
    assert_eq!(deltas.len(), 2, "{deltas:?}");
    let run = f.run(&["diff"]);
    assert!(run.stdout.contains("ser::Serializer"), "{run:?}");
    // The method of an inherent impl is removed.
    f.edit(
        "lib/src/lib.rs",
        "    pub fn new(id: u64) -> Self {",
        "    fn new(id: u64) -> Self {",
    );
    assert!(f
        .deltas()
        .iter()
        .any(|(c, k, s)| c == "breaking" && k == "method_removed" && s == "Root"));
}

#[test]
fn a_re_export_made_hidden_is_doc_hidden_added_on_its_path() {
    let f = fixture();
    assert_eq!(f.run(&["update"]).code, 0);
    // The root path is retired from the docs; `chained::Line` stays.
    f.edit(
        "lib/src/lib.rs",
        "pub use store::Line;",
        "#[doc(hidden)]\npub use store::Line;",
    );
    assert_eq!(f.deltas(), [delta("breaking", "doc_hidden_added", "Line")]);
    // A set whose hidden items are API: nothing changed.
    let f = fixture();
    f.write(
        "contract-pin.toml",
        "[set.api]\npublic_api = true\ndoc_hidden_is_api = true\n",
    );
    assert_eq!(f.run(&["update"]).code, 0);
    f.edit(
        "lib/src/lib.rs",
        "pub use store::Line;",
        "#[doc(hidden)]\npub use store::Line;",
    );
    assert_eq!(f.deltas(), []);
}

#[test]
fn diff_shows_the_current_shape_in_the_goldens_spelling() {
    let f = api_package("tasks", "");
    f.write(
        "src/lib.rs",
        "pub mod error {\n    pub struct Error;\n}\npub use error::Error;\n\
         pub type Result<T> = std::result::Result<T, Error>;\n\
         pub fn run(a: u8) -> Result<u8> {\n    Ok(a)\n}\n",
    );
    assert_eq!(f.run(&["update"]).code, 0);
    // The return type is spelt out (one type, read with the crate's names), and a
    // parameter is added (a break).
    f.edit(
        "src/lib.rs",
        "pub fn run(a: u8) -> Result<u8> {",
        "pub fn run(a: u8, b: u8) -> std::result::Result<u8, crate::error::Error> {\n    let _ = b;",
    );
    let deltas = f.deltas();
    assert!(
        deltas
            .iter()
            .all(|(_, kind, _)| kind != "return_type_changed"),
        "{deltas:?}"
    );
    let run = f.run(&["diff"]);
    assert!(run.stdout.contains("b: u8"), "{run:?}");
    // What changed is shown, in the golden's spelling of what did not.
    assert!(!run.stdout.contains("crate::error::Error"), "{run:?}");
    assert!(run.stdout.contains("-> Result<u8>"), "{run:?}");
}

#[test]
fn twin_modules_are_read_once_by_the_features_the_build_enables() {
    let f = fixture();
    // Without `std` the private twin is read: `io::Reader` is no public path.
    f.edit("lib/Cargo.toml", "default = [\"std\"]", "default = []");
    assert_eq!(f.run(&["update"]).code, 0);
    assert!(!symbols(&f).contains(&"io::Reader".to_owned()));
}

#[test]
fn a_contract_attribute_naming_a_public_api_set_is_an_error() {
    let f = fixture();
    f.edit(
        "lib/src/store.rs",
        "pub struct Line;",
        "#[contract_pin::contract(set = \"api\")]\npub struct Line;",
    );
    let run = f.run(&["check"]);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(
        run.stderr.contains(
            "lib/src/store.rs:7:1: set `api` is a public-API set (`public_api = true` in \
             contract-pin.toml)"
        ),
        "{run:?}"
    );
}

#[test]
fn policy_shows_the_set_is_a_public_api_set() {
    let f = fixture();
    let run = f.run(&["policy"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("public_api"), "{run:?}");
}

/// A type renamed, its old name kept as an alias (`pub type GroupBy<K> = ChunkBy<K>`,
/// chrono's `MappedLocalTime`/`LocalResult`): every use of the old name compiles, the
/// methods included; an alias of a struct that is also a value (a unit or tuple struct
/// with public fields: `Old` / `Old(1)`) is not its struct for a consumer.
#[test]
fn a_type_renamed_behind_an_alias_of_its_old_name_is_no_change() {
    let f = api_package("groups", "");
    let before = "pub struct GroupBy<K> {\n    key: K,\n}\n\n\
        impl<K> GroupBy<K> {\n    pub fn key(&self) -> &K {\n        &self.key\n    }\n}\n\n\
        pub struct Unit;\n\n\
        pub enum LocalResult<T> {\n    Single(T),\n    None,\n}\n\n\
        impl<T> LocalResult<T> {\n    pub fn single(self) -> Option<T> {\n        None\n    }\n}\n";
    f.write("src/lib.rs", before);
    assert_eq!(f.run(&["update"]).code, 0);
    let golden = "golden/api-contract/groups.json";
    // Renamed, the old names kept as aliases; the methods written on the new name
    // (`GroupBy`) or on an alias (`MappedLocalTime`).
    let after = "pub struct ChunkBy<K> {\n    key: K,\n}\n\n\
        pub type GroupBy<K> = ChunkBy<K>;\n\n\
        impl<K> ChunkBy<K> {\n    pub fn key(&self) -> &K {\n        &self.key\n    }\n}\n\n\
        pub struct Unit;\n\n\
        pub enum LocalResult<T> {\n    Single(T),\n    None,\n}\n\n\
        pub type MappedLocalTime<T> = LocalResult<T>;\n\n\
        impl<T> MappedLocalTime<T> {\n    pub fn single(self) -> Option<T> {\n        None\n    }\n}\n";
    f.write("src/lib.rs", after);
    // Only the new names are new.
    assert_eq!(
        f.deltas(),
        [
            delta("additive", "symbol_added", "ChunkBy"),
            delta("additive", "symbol_added", "MappedLocalTime"),
        ],
        "{}",
        f.read(golden)
    );
    // Near misses: a unit struct's alias is no value; an alias fixing an argument
    // (`= ChunkBy<u8>`) is another type, and `impl` of it is not `ChunkBy<K>`'s.
    f.write(
        "src/lib.rs",
        &after
            .replace(
                "pub struct Unit;",
                "pub struct NewUnit;\n\npub type Unit = NewUnit;",
            )
            .replace(
                "pub type GroupBy<K> = ChunkBy<K>;",
                "pub type GroupBy = ChunkBy<u8>;",
            ),
    );
    let deltas = f.deltas();
    for symbol in ["Unit", "GroupBy"] {
        assert!(
            deltas.iter().any(|(class, kind, s)| class == "breaking"
                && kind == "symbol_kind_changed"
                && s == symbol),
            "{symbol}: {deltas:?}"
        );
    }
}

#[test]
fn a_trait_a_blanket_impl_covers_for_every_implementor_is_sealed() {
    // itertools' pattern: `trait Itertools: Iterator` and an impl for every
    // iterator, so no other crate can implement it (its impl would overlap) and a
    // method's bound relaxed from `Fn` to `FnMut` only lets more callers in.
    let f = api_package("iters", "");
    let source = |blanket: &str, bound: &str| {
        format!(
            "pub trait Itertools: Iterator {{\n    \
             fn group_by_key<K, F: {bound}(&Self::Item) -> K>(self, f: F) -> Vec<K>\n    \
             where\n        Self: Sized,\n    {{\n        self.map(|x| f(&x)).collect()\n    }}\n}}\n\n\
             {blanket}\n"
        )
    };
    let sealing = "impl<T> Itertools for T where T: Iterator + ?Sized {}";
    f.write("src/lib.rs", &source(sealing, "Fn"));
    assert_eq!(f.run(&["update"]).code, 0);
    f.write("src/lib.rs", &source(sealing, "FnMut"));
    let deltas = f.deltas();
    assert!(
        !deltas.is_empty() && deltas.iter().all(|(class, _, _)| class == "additive"),
        "{deltas:?}"
    );
    // Near misses: a blanket impl that leaves types out (unsized iterators; or
    // iterators that are not `Clone`) leaves other crates an impl to write, which the
    // tighter bound of theirs breaks.
    for open in [
        "impl<T> Itertools for T where T: Iterator {}",
        "impl<T: Iterator + Clone + ?Sized> Itertools for T {}",
        "impl Itertools for std::ops::Range<u8> {}",
    ] {
        f.write("src/lib.rs", &source(open, "Fn"));
        assert_eq!(f.run(&["update"]).code, 0);
        f.write("src/lib.rs", &source(open, "FnMut"));
        let deltas = f.deltas();
        assert!(
            deltas
                .iter()
                .any(|(class, kind, symbol)| class == "breaking"
                    && kind == "generic_bound_removed"
                    && symbol == "Itertools"),
            "{open}: {deltas:?}"
        );
    }
}

/// A public-API set is pinned by its table, not by a source: a library with nothing
/// public yet is no typo of the policy file.
#[test]
fn a_public_api_set_of_a_library_with_nothing_public_is_no_unpinned_set() {
    let f = fixture();
    f.write(
        "lib/src/lib.rs",
        "//! Nothing public yet.\nfn private() {}\n",
    );
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    // Only its Cargo features.
    assert_eq!(symbols(&f), ["features.extra", "features.std"]);
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(!run.stderr.contains("which no source"), "{run:?}");
    // A set the file configures that nothing pins is still one.
    f.write(
        "contract-pin.toml",
        "[set.api]\npublic_api = true\n\n[set.wire]\nwire_direction = \"full\"\n",
    );
    let run = f.run(&["check"]);
    assert!(
        run.stderr
            .contains("configures set `wire`, which no source"),
        "{run:?}"
    );
    assert!(
        !run.stderr.contains("set `api`, which no source"),
        "{run:?}"
    );
}

/// tracing-core 0.1.34 reached std through a shim module (`mod stdlib { pub(crate) use
/// std::*; }`, with a `no_std` twin) and 0.1.35 dropped it for `core::`/`alloc::`
/// paths: one type under two spellings, the first through a module that is gone.
/// A public-API set records the std path the shim names.
#[test]
fn a_std_type_reached_through_a_shim_module_is_the_std_type() {
    let f = api_package("shim", "\n[features]\ndefault = [\"std\"]\nstd = []\n");
    let before =
        "#![no_std]\nextern crate alloc;\n#[cfg(feature = \"std\")]\nextern crate std;\n\n\
        pub(crate) mod stdlib {\n    #[cfg(feature = \"std\")]\n    pub(crate) use std::*;\n    \
        #[cfg(not(feature = \"std\"))]\n    pub(crate) use self::no_std::*;\n    \
        #[cfg(not(feature = \"std\"))]\n    mod no_std {\n        \
        pub(crate) use core::{any, fmt};\n        pub(crate) use alloc::boxed;\n    }\n}\n\n\
        use crate::stdlib::{any::TypeId, boxed::Box, fmt};\n\n\
        pub trait Subscriber {\n    fn downcast(&self, id: TypeId) -> bool;\n}\n\n\
        impl<S: Subscriber + ?Sized> Subscriber for Box<S> {\n    \
        fn downcast(&self, id: TypeId) -> bool {\n        (**self).downcast(id)\n    }\n}\n\n\
        pub struct DebugValue<T: fmt::Debug>(pub T);\n";
    f.write("src/lib.rs", before);
    assert_eq!(f.run(&["update"]).code, 0);
    let golden = f.read("golden/api-contract/shim.json");
    assert!(
        golden.contains("std::any::TypeId") && !golden.contains("stdlib"),
        "{golden}"
    );
    let after = "#![no_std]\nextern crate alloc;\n#[cfg(feature = \"std\")]\nextern crate std;\n\n\
        use alloc::boxed::Box;\nuse core::{any::TypeId, fmt};\n\n\
        pub trait Subscriber {\n    fn downcast(&self, id: TypeId) -> bool;\n}\n\n\
        impl<S: Subscriber + ?Sized> Subscriber for Box<S> {\n    \
        fn downcast(&self, id: TypeId) -> bool {\n        (**self).downcast(id)\n    }\n}\n\n\
        pub struct DebugValue<T: fmt::Debug>(pub T);\n";
    f.write("src/lib.rs", after);
    assert_eq!(f.deltas(), []);
    // The near miss: a type of the crate's own under the shim's std name is another
    // type.
    f.write("src/lib.rs", before);
    assert_eq!(f.run(&["update"]).code, 0);
    f.write(
        "src/lib.rs",
        &before.replace(
            "use crate::stdlib::{any::TypeId, boxed::Box, fmt};",
            "use crate::stdlib::{boxed::Box, fmt};\nuse crate::ids::TypeId;\n\
             mod ids {\n    pub struct TypeId;\n}",
        ),
    );
    assert_eq!(
        f.deltas(),
        [delta("breaking", "param_type_changed", "Subscriber")]
    );
}

/// quoted_printable 0.5.1 wrote `lib::Vec<u8>` through `mod lib { pub use
/// std::vec::Vec; }` (cfg'd twins for `alloc`), a path that names no `crate::`; 0.5.2
/// dropped the module for `Vec<u8>`: 7 false breaks. The std path it names is
/// recorded.
#[test]
fn a_std_item_re_exported_by_a_module_of_the_crate_is_the_std_item() {
    let f = api_package(
        "reexported",
        "\n[features]\ndefault = [\"std\"]\nstd = []\n",
    );
    let before = "#![no_std]\n#[cfg(not(feature = \"std\"))]\nextern crate alloc;\n\
        #[cfg(feature = \"std\")]\nextern crate std;\n\n\
        mod lib {\n    #[cfg(not(feature = \"std\"))]\n    pub use alloc::vec::Vec;\n    \
        #[cfg(feature = \"std\")]\n    pub use std::vec::Vec;\n    pub struct Own;\n}\n\n\
        pub fn encode(input: &[u8]) -> lib::Vec<u8> {\n    input.to_vec()\n}\n\n\
        pub fn own() -> lib::Own {\n    lib::Own\n}\n";
    f.write("src/lib.rs", before);
    assert_eq!(f.run(&["update"]).code, 0);
    let golden = f.read("golden/api-contract/reexported.json");
    assert!(
        golden.contains("\"Vec<u8>\"") && !golden.contains("lib::Vec"),
        "{golden}"
    );
    f.write(
        "src/lib.rs",
        &before.replace("-> lib::Vec<u8>", "-> std::vec::Vec<u8>"),
    );
    assert_eq!(f.deltas(), []);
    // The near miss: the crate's own `Vec` behind the module is no std type.
    let own = before
        .replace("pub use alloc::vec::Vec;", "pub struct Vec<T>(pub T);")
        .replace("pub use std::vec::Vec;", "pub struct Vec<T>(pub T);")
        .replace("input.to_vec()", "Vec(input[0])");
    f.write("src/lib.rs", &own);
    assert_eq!(f.run(&["update"]).code, 0);
    f.write(
        "src/lib.rs",
        &own.replace("-> lib::Vec<u8>", "-> std::vec::Vec<u8>"),
    );
    assert_eq!(
        f.deltas(),
        [delta("breaking", "return_type_changed", "encode")]
    );
}

/// `impl dyn Subscriber { pub fn is… }` (tracing-core): methods on a trait object are
/// left out, and the warning says so in a public-API set's words.
#[test]
fn methods_of_an_impl_on_a_trait_object_are_left_out_with_a_warning() {
    let f = api_package("objects", "");
    f.write(
        "src/lib.rs",
        "pub trait Subscriber {}\n\nimpl dyn Subscriber + Send {\n    \
         pub fn is(&self) -> bool {\n        true\n    }\n}\n",
    );
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stderr.contains(
            "the methods of `impl dyn Subscriber + Send` in `objects` are not recorded for a \
             public-API set"
        ) && !run.stderr.contains("#[contract]"),
        "{}",
        run.stderr
    );
}

/// A published crate often leaves part of its tests out of the package (regex 1.13:
/// `tests/lib.rs` declares `mod fuzz;`, whose files are not shipped). That target
/// cannot build; the library's set is written all the same. A library module that is
/// not there still stops `update`.
#[test]
fn a_module_a_test_target_does_not_ship_does_not_stop_update() {
    let f = api_package(
        "shipped",
        "autotests = false\n\n[[test]]\nname = \"integration\"\npath = \"tests/lib.rs\"\n",
    );
    f.write("src/lib.rs", "pub fn find() -> u8 {\n    0\n}\n");
    f.write("tests/lib.rs", "mod fuzz;\nmod misc;\n");
    f.write("tests/misc.rs", "#[test]\nfn it() {}\n");
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stderr
            .contains("a module file of a test, bench or example target is not there"),
        "{}",
        run.stderr
    );
    assert!(f
        .read("golden/api-contract/shipped.json")
        .contains("\"find\""));
    // The near miss: the library's own module.
    f.write("src/lib.rs", "mod gone;\npub fn find() -> u8 {\n    0\n}\n");
    let run = f.run(&["update"]);
    assert_ne!(run.code, 0, "{run:?}");
    assert!(
        run.stderr.contains("cannot read module file"),
        "{}",
        run.stderr
    );
}

/// Two items on one path in two namespaces (syn's `struct Group` and `fn Group`), and
/// one member name in several inherent `impl` blocks of a type (ndarray's `dot` on
/// `ArrayRef<A, Ix1>` and `ArrayRef<A, Ix2>`): a public-API set names them apart.
#[test]
fn a_fn_named_like_a_type_and_members_shared_by_impl_blocks_are_named_apart() {
    let f = api_package("arrays", "");
    let one = "pub struct Group {\n    pub span: u8,\n}\n\n\
        #[allow(non_snake_case)]\npub fn Group(span: u8) -> Group {\n    Group { span }\n}\n\n\
        pub struct Ix1;\npub struct Ix2;\npub struct Array<D>(D);\n\n\
        impl Array<Ix1> {\n    pub fn dot(&self) -> u8 {\n        1\n    }\n}\n\n\
        impl<D> Array<D> {\n    pub fn len(&self) -> usize {\n        0\n    }\n}\n";
    f.write("src/lib.rs", one);
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden = f.read("golden/api-contract/arrays.json");
    assert!(
        golden.contains("\"Group()\"") && golden.contains("\"dot\""),
        "{golden}"
    );
    // A second block defines `dot`: the first one's is now named by its block, and
    // keeps its verdict; only the new one is new.
    let two = one.replace(
        "impl<D> Array<D> {",
        "impl Array<Ix2> {\n    pub fn dot(&self) -> u16 {\n        2\n    }\n}\n\nimpl<D> Array<D> {",
    );
    f.write("src/lib.rs", &two);
    assert_eq!(f.deltas(), [delta("additive", "method_added", "Array")]);
    assert_eq!(f.run(&["update"]).code, 0);
    let golden = f.read("golden/api-contract/arrays.json");
    for key in [
        "\"dot (impl Array<Ix1>)\"",
        "\"dot (impl Array<Ix2>)\"",
        "\"len\"",
    ] {
        assert!(golden.contains(key), "{key}: {golden}");
    }
    assert_eq!(f.deltas(), []);
    // The near miss: each block's member is held to its own shape.
    f.write("src/lib.rs", &two.replace("-> u16", "-> u32"));
    assert_eq!(
        f.deltas(),
        [delta("breaking", "return_type_changed", "Array")]
    );
}

/// gimli 0.33: `pub use crate::read::*` at the root and, in `write::abbrev`, a
/// `pub(crate) struct AttributeSpecification` with an `impl AttributeSpecification`.
/// The private type is the one that `impl` names: its members are not the root type's.
#[test]
fn an_impl_of_a_private_type_is_not_the_public_type_of_that_name() {
    let f = api_package("dwarf", "");
    let source = "mod read {\n    mod abbrev {\n        pub struct Spec;\n\n        \
        impl Spec {\n            pub fn new() -> Self {\n                Spec\n            }\n        }\n    }\n    \
        pub use self::abbrev::*;\n}\npub use crate::read::*;\n\n\
        pub mod write {\n    mod abbrev {\n        pub(crate) struct Spec;\n\n        \
        impl Spec {\n            pub fn new() -> Self {\n                Spec\n            }\n\n            \
        pub fn private_only(&self) {}\n        }\n    }\n    pub use self::abbrev::*;\n}\n";
    f.write("src/lib.rs", source);
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden: serde_json::Value =
        serde_json::from_str(&f.read("golden/api-contract/dwarf.json")).unwrap();
    let methods = &golden["symbols"]["Spec"]["shape"]["methods"];
    let names: Vec<&String> = methods
        .as_object()
        .expect("Spec's methods")
        .keys()
        .collect();
    assert_eq!(names, ["new"], "{golden}");
    // The near miss: the public type's own block is still read.
    f.write(
        "src/lib.rs",
        &source.replacen("pub fn new() -> Self", "pub fn new() -> Option<Self>", 1),
    );
    assert_eq!(
        f.deltas(),
        [delta("breaking", "return_type_changed", "Spec")]
    );
}

/// gimli: `pub type NativeEndian = LittleEndian;` beside `pub const NativeEndian:
/// LittleEndian`, one path in two namespaces. The const is `NativeEndian (const)` (as a
/// fn there is `Group()`), and a change to it is shown under the name it declares.
#[test]
fn a_const_on_the_path_of_a_type_is_named_apart() {
    let f = api_package("endian", "");
    let source = "pub struct LittleEndian;\npub type NativeEndian = LittleEndian;\n\n\
        #[allow(non_upper_case_globals)]\npub const NativeEndian: LittleEndian = LittleEndian;\n\n\
        pub struct Group;\n\n#[allow(non_snake_case)]\npub fn Group(x: u8) -> Group {\n    \
        let _ = x;\n    Group\n}\n";
    f.write("src/lib.rs", source);
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden: serde_json::Value =
        serde_json::from_str(&f.read("golden/api-contract/endian.json")).unwrap();
    let names: Vec<&String> = golden["symbols"].as_object().unwrap().keys().collect();
    assert_eq!(
        names,
        [
            "Group",
            "Group()",
            "LittleEndian",
            "NativeEndian",
            "NativeEndian (const)"
        ]
    );
    f.write(
        "src/lib.rs",
        &source
            .replace(
                "NativeEndian: LittleEndian = LittleEndian",
                "NativeEndian: Option<LittleEndian> = None",
            )
            .replace("x: u8", "x: u16"),
    );
    let run = f.run(&["check"]);
    for line in [
        "Before: const NativeEndian: LittleEndian = LittleEndian",
        "After:  const NativeEndian: Option<LittleEndian> = None",
        "Before: pub fn Group(x: u8) -> Group",
    ] {
        assert!(run.stdout.contains(line), "{line}: {run:?}");
    }
}

/// concurrent-queue 2.5: `pub fn unbounded()` moved into a `const_fn!(…)` call inside
/// `impl<T> ConcurrentQueue<T>`. Where the macro cannot be read (here, a crate the
/// package cannot find), what it defines is not known, so a member the golden has is
/// taken as it has it, with a warning; the block's other members are still compared,
/// and a type without such a call still loses a member it drops.
#[test]
fn a_member_an_impl_s_macro_may_define_is_taken_as_the_golden_has_it() {
    let f = api_package("queue", "");
    let before = "pub struct Queue<T>(Vec<T>);\n\n\
        impl<T> Queue<T> {\n    pub fn bounded(cap: usize) -> Self {\n        \
        Queue(Vec::with_capacity(cap))\n    }\n\n    \
        pub fn unbounded() -> Self {\n        Queue(Vec::new())\n    }\n}\n\n\
        pub struct Plain;\n\nimpl Plain {\n    pub fn new() -> Self {\n        Plain\n    }\n}\n";
    f.write("src/lib.rs", before);
    assert_eq!(f.run(&["update"]).code, 0);
    let after = before.replace(
        "    pub fn unbounded() -> Self {\n        Queue(Vec::new())\n    }\n",
        "    unread::const_fn!(\n        pub fn unbounded() -> Self {\n            Queue(Vec::new())\n        }\n    );\n",
    );
    f.write("src/lib.rs", &after);
    assert_eq!(f.deltas(), []);
    let run = f.run(&["check"]);
    assert!(
        run.stderr
            .contains("calls `unread::const_fn!` among its members"),
        "{run:?}"
    );
    // `update` writes the golden as it has the member, not without it.
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        f.read("golden/api-contract/queue.json")
            .contains("\"unbounded\""),
        "{run:?}"
    );
    // The near misses: another member of that block changed; a member of a block
    // without a macro removed.
    f.write("src/lib.rs", &after.replace("cap: usize", "cap: u32"));
    assert_eq!(
        f.deltas(),
        [delta("breaking", "param_type_changed", "Queue")]
    );
    f.write(
        "src/lib.rs",
        &after.replace(
            "impl Plain {\n    pub fn new() -> Self {\n        Plain\n    }\n}\n",
            "impl Plain {}\n",
        ),
    );
    assert_eq!(f.deltas(), [delta("breaking", "method_removed", "Plain")]);
}

/// ppv-lite86 0.2.21 wrapped `pub union vec128_storage` in a module-level
/// `zerocopy::cryptocorrosion_derive_traits! { … }` call, re-exported at the root as
/// before. Where the macro cannot be read (zerocopy is not at hand), what the call
/// defines is not known, but an item its body writes out is taken as the golden has
/// it, at its module's path and through the `pub use`, with a warning; a module whose
/// macro call does not write the item out still loses it.
#[test]
fn an_item_a_module_level_macro_call_writes_out_is_taken_as_the_golden_has_it() {
    let f = api_package("ppv", "");
    let before = "pub mod arch {\n    #[derive(Copy, Clone)]\n    pub union storage {\n        \
        words: [u32; 4],\n        wide: u128,\n    }\n\n    pub struct Other;\n}\n\n\
        pub use self::arch::storage;\n";
    f.write("src/lib.rs", before);
    assert_eq!(f.run(&["update"]).code, 0);
    let after = before
        .replace(
            "    #[derive(Copy, Clone)]\n    pub union storage {",
            "    zerocopy::derive_traits! {\n    #[derive(Copy, Clone)]\n    pub union storage {",
        )
        .replace(
            "        wide: u128,\n    }\n",
            "        wide: u128,\n    }\n    }\n",
        );
    f.write("src/lib.rs", &after);
    assert_eq!(f.deltas(), []);
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stderr
            .contains("`zerocopy::derive_traits!` call writes out `storage`"),
        "{run:?}"
    );
    // The near miss: `Other` is in no macro call; removing it is a break.
    f.write("src/lib.rs", &after.replace("    pub struct Other;\n", ""));
    assert_eq!(
        f.deltas(),
        [delta("breaking", "symbol_removed", "arch::Other")]
    );
}

/// rstar 0.14: `impl<P> AABB<P> where P: crate::point::Point` became `where P: Clone`,
/// `Point: Clone` defined in a private module and pinned only at its root re-export:
/// the trait is found by the module that defines it, and the bound is relaxed.
#[test]
fn a_trait_pinned_only_at_a_re_export_implies_its_supertraits() {
    let f = api_package("trees", "");
    let src = |bound: &str| {
        format!(
            "mod point {{\n    pub trait Point: Clone {{}}\n}}\npub use point::Point;\n\n\
             pub struct Aabb<P>(P);\n\nimpl<P> Aabb<P>\nwhere\n    P: {bound},\n{{\n    \
             pub fn lower(&self) -> P {{\n        self.0.clone()\n    }}\n}}\n"
        )
    };
    f.write("src/lib.rs", &src("crate::point::Point"));
    assert_eq!(f.run(&["update"]).code, 0);
    f.write("src/lib.rs", &src("Clone"));
    assert_eq!(
        f.deltas(),
        [delta("additive", "generic_bound_removed", "Aabb")]
    );
    // The near miss: a bound `Point` does not imply.
    f.write("src/lib.rs", &src("Clone + Default"));
    assert_eq!(
        f.deltas(),
        [delta("breaking", "method_signature_changed", "Aabb")]
    );
}

/// enum-map 3: `K: EnumArray<V>` became `K: Enum`, where 2.7's `EnumArray<V>: Enum` is
/// defined in a private `internal` module and both are pinned at the root: the
/// supertrait read in `internal` and the bound naming the root's re-export are one
/// trait, so the bound is relaxed.
#[test]
fn a_trait_named_at_its_re_export_and_where_it_is_defined_is_one_trait() {
    let f = api_package("maps", "");
    let src = |bound: &str| {
        format!(
            "mod internal {{\n    pub trait Enum {{}}\n    pub trait EnumArray<V>: Enum {{}}\n}}\n\
             pub use internal::{{Enum, EnumArray}};\n\npub struct Map<K, V>(K, V);\n\n\
             impl<K, V> Map<K, V> {{\n    pub fn values(&self) -> &V\n    where\n        \
             K: {bound},\n    {{\n        &self.1\n    }}\n}}\n"
        )
    };
    f.write("src/lib.rs", &src("crate::EnumArray<V>"));
    assert_eq!(f.run(&["update"]).code, 0);
    f.write("src/lib.rs", &src("crate::Enum"));
    assert_eq!(
        f.deltas(),
        [delta("additive", "generic_bound_removed", "Map")]
    );
    // The near miss: a trait `EnumArray` does not imply.
    f.write(
        "src/lib.rs",
        &src("crate::Enum")
            .replace(
                "pub trait Enum {}",
                "pub trait Enum {}\n    pub trait Other {}",
            )
            .replace("K: crate::Enum", "K: crate::Enum + internal::Other"),
    );
    let found = f.deltas();
    assert!(
        found.contains(&delta("breaking", "method_signature_changed", "Map")),
        "{found:?}"
    );
}

/// id-arena 2.2's `trait ArenaBehavior { fn index(Self::Id) -> usize; }`: an edition-2015
/// anonymous parameter, which syn 2 does not parse. The file is read with it named `_`,
/// as rustc names it, so the crate is checked like any other.
#[test]
fn an_edition_2015_anonymous_parameter_is_read() {
    let f = Fixture::new();
    f.write(
        "Cargo.toml",
        "[package]\nname = \"arena\"\nversion = \"0.1.0\"\nedition = \"2015\"\n",
    );
    f.write("contract-pin.toml", "[set.api]\npublic_api = true\n");
    let src = |ret: &str| {
        format!("pub trait ArenaBehavior {{\n    type Id;\n    fn index(Self::Id) -> {ret};\n}}\n")
    };
    f.write("src/lib.rs", &src("usize"));
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(f.deltas(), []);
    // The near miss: what the method returns is still compared.
    f.write("src/lib.rs", &src("u32"));
    assert_eq!(
        f.deltas(),
        [delta("breaking", "return_type_changed", "ArenaBehavior")]
    );
}

/// xz2 0.1.6 (edition 2015) → 0.1.7 (2018): `use stream::Stream;` in module
/// `bufread`, which also globs `std::io::prelude::*`, became `use
/// crate::stream::Stream;`. A 2015 `use` path starts at the crate root: the golden
/// recorded `std::io::prelude::stream::Stream` before, and every method taking a
/// `Stream` read as retyped.
#[test]
fn an_edition_2015_use_from_the_root_beside_a_std_glob_names_the_root_s_item() {
    let f = Fixture::new();
    f.write(
        "Cargo.toml",
        "[package]\nname = \"xz\"\nversion = \"0.1.0\"\nedition = \"2015\"\n",
    );
    f.write("contract-pin.toml", "[set.api]\npublic_api = true\n");
    f.write("src/lib.rs", "pub mod stream;\npub mod bufread;\n");
    f.write(
        "src/stream.rs",
        "pub struct Stream(u8);\npub struct Check;\n",
    );
    let bufread = |import: &str, param: &str| {
        format!(
            "use std::io::prelude::*;\n{import}\n\
             pub struct Decoder<R> {{ r: R }}\n\
             impl<R: BufRead> Decoder<R> {{\n    \
             pub fn new_stream(r: R, stream: {param}) -> Decoder<R> {{ Decoder {{ r }} }}\n}}\n"
        )
    };
    f.write(
        "src/bufread.rs",
        &bufread("use stream::{Check, Stream};", "Stream"),
    );
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden = f.read("golden/api-contract/xz.json");
    assert!(!golden.contains("prelude::stream"), "{golden}");
    // The 2018 spelling of the same import.
    f.edit("Cargo.toml", "edition = \"2015\"", "edition = \"2018\"");
    f.write(
        "src/bufread.rs",
        &bufread("use crate::stream::{Check, Stream};", "Stream"),
    );
    assert_eq!(f.deltas(), []);
    // The near miss: the parameter is really another type of the module.
    f.write(
        "src/bufread.rs",
        &bufread("use crate::stream::{Check, Stream};", "Check"),
    );
    assert_eq!(
        f.deltas(),
        [delta("breaking", "param_type_changed", "bufread::Decoder")]
    );
}

/// md-5 0.11 and hmac 0.13 define their hasher with digest's `buffer_fixed!(pub struct
/// Md5(Md5Core); oid: "…"; impl: …;)`, whose body is the macro's own syntax, not items
/// (before, `pub type Md5 = CoreWrapper<Md5Core>;`). Where digest's macro cannot be
/// read, each item the call declares by kind and name is taken as the golden has it,
/// with a warning; one no call names is lost.
#[test]
fn an_item_a_macro_declares_in_its_own_syntax_is_taken_as_the_golden_has_it() {
    let f = api_package("md", "");
    let before = "pub struct Core;\npub type Md5 = Core;\npub type Sha1 = Core;\n";
    f.write("src/lib.rs", before);
    assert_eq!(f.run(&["update"]).code, 0);
    let fixed = |names: &[&str]| {
        let calls: String = names
            .iter()
            .map(|n| format!("digest::buffer_fixed!(\n    /// A hasher.\n    pub struct {n}(Core);\n    oid: \"1.2\";\n);\n"))
            .collect();
        format!("pub struct Core;\n{calls}")
    };
    f.write("src/lib.rs", &fixed(&["Md5", "Sha1"]));
    // A call that names `Core` may write an auto-trait impl for it: untold, additive.
    let breaking = |f: &Fixture| -> Vec<_> {
        f.deltas()
            .into_iter()
            .filter(|d| d.0 == "breaking")
            .collect()
    };
    assert_eq!(breaking(&f), []);
    let run = f.run(&["check"]);
    assert_eq!(run.code, 2, "additive only: {run:?}");
    assert!(
        run.stderr
            .contains("`digest::buffer_fixed!` call writes out `Md5`"),
        "{run:?}"
    );
    // The near miss: no call names `Sha1` any more.
    f.write("src/lib.rs", &fixed(&["Md5"]));
    assert_eq!(breaking(&f), [delta("breaking", "symbol_removed", "Sha1")]);
}

/// lazy_static's own syntax, `pub static ref NAME: T = …;`, in a call whose macro
/// cannot be read (here lazy_static is not even a dependency: the scan compiles
/// nothing): the static is named in a warning and taken as the golden has it, not left
/// out without a word.
#[test]
fn a_lazy_static_the_scan_cannot_expand_is_named_and_kept() {
    let f = api_package("lazy", "");
    f.write(
        "src/lib.rs",
        "pub static TABLE: u8 = 0;
pub struct Poller;
",
    );
    assert_eq!(f.run(&["update"]).code, 0);
    let call = "lazy_static::lazy_static! {
    /// A table.
                    pub static ref TABLE: Vec<u8> = Vec::new();
}
pub struct Poller;
";
    f.write("src/lib.rs", call);
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "taken as the golden has it: {run:?}");
    assert!(
        run.stderr
            .contains("`lazy_static::lazy_static!` call writes out `TABLE`"),
        "{run:?}"
    );
    // Near miss: no call names it any more.
    f.write(
        "src/lib.rs",
        "pub struct Poller;
",
    );
    assert_eq!(f.deltas(), [delta("breaking", "symbol_removed", "TABLE")]);
}

/// euclid 0.22.14 moved impls into `#[cfg(…)] mod transform2d_float { use
/// super::Transform2D; impl ApproxEq<T> for Transform2D<…> {…} }`: the block's types are
/// written in that module's names, and `super::Transform2D` is the type the golden has.
#[test]
fn an_impl_moved_into_a_private_module_is_read_in_its_names() {
    let f = api_package("geom", "");
    let before = "pub trait Approx {\n    fn eps() -> u8;\n}\n\npub struct V(pub u8);\n\n\
        impl Approx for V {\n    fn eps() -> u8 {\n        0\n    }\n}\n\n\
        impl V {\n    pub fn angle(&self, other: &V) -> u8 {\n        other.0\n    }\n}\n";
    f.write("src/lib.rs", before);
    assert_eq!(f.run(&["update"]).code, 0);
    let after = "pub trait Approx {\n    fn eps() -> u8;\n}\n\npub struct V(pub u8);\n\n\
        mod float {\n    use super::V;\n    use crate::Approx;\n\n    \
        impl Approx for V {\n        fn eps() -> u8 {\n            0\n        }\n    }\n\n    \
        impl V {\n        pub fn angle(&self, other: &V) -> u8 {\n            other.0\n        }\n    }\n}\n";
    f.write("src/lib.rs", after);
    assert_eq!(f.deltas(), []);
    // The near miss: the impl gone from that module too.
    f.write(
        "src/lib.rs",
        &after.replace(
            "    impl Approx for V {\n        fn eps() -> u8 {\n            0\n        }\n    }\n\n",
            "",
        ),
    );
    assert_eq!(
        f.deltas(),
        [delta("breaking", "trait_implementor_removed", "Approx")]
    );
}

/// `sse2` is in every default x86_64 build (`rustc --print cfg`): an `unsafe fn` that
/// enables it asks nothing more of callers, who vouch for the CPU in `unsafe`. A safe
/// fn's callers must enable it themselves or call in `unsafe`, whatever the build
/// enables, so there it stays a break.
#[cfg(target_arch = "x86_64")]
#[test]
fn a_target_feature_of_the_target_baseline_frees_an_unsafe_fn_only() {
    let f = api_package("simd", "");
    let before =
        "/// # Safety\n/// Any slice.\npub unsafe fn sum(x: &[u8]) -> usize {\n    x.len()\n}\n\n\
        pub fn count(x: &[u8]) -> usize {\n    x.len()\n}\n";
    f.write("src/lib.rs", before);
    assert_eq!(f.run(&["update"]).code, 0);
    let feature = "#[target_feature(enable = \"sse2\")]\n";
    f.write(
        "src/lib.rs",
        &before.replace("pub unsafe fn", &format!("{feature}pub unsafe fn")),
    );
    assert_eq!(f.deltas(), []);
    f.write(
        "src/lib.rs",
        &before.replace("pub fn count", &format!("{feature}pub fn count")),
    );
    assert_eq!(
        f.deltas(),
        [delta("breaking", "target_feature_added", "count")]
    );
}

/// A dependency's item under another of its paths, or its alias written out, is one
/// type: the command reads the dependency's names from its sources (a path
/// dependency here; a registry one where cargo unpacked it).
#[test]
fn another_crate_s_item_respelled_through_its_re_export_is_no_change() {
    let f = dependency_workspace(
        "user",
        ("dep-data", "[lib]\nname = \"data\"\n"),
        "d = { package = \"dep-data\", path = \"../dep\" }",
    );
    f.write(
        "dep/src/lib.rs",
        "pub mod map {\n    pub struct Map<K, V>(pub K, pub V);\n}\n\
         pub mod error {\n    pub struct Error;\n}\n\
         pub use error::Error;\npub use map::Map;\n\
         pub type Result<T> = std::result::Result<T, Error>;\n",
    );
    f.write(
        "lib/src/lib.rs",
        "pub struct Doc {\n    pub fields: d::map::Map<String, u8>,\n}\n\
         pub fn load() -> d::Result<Doc> {\n    todo!()\n}\n",
    );
    let run = f.run(&["update", "--set", "api"]);
    assert_eq!(run.code, 0, "{run:?}");
    // Respelled through the dependency's re-export, its alias written out.
    f.write(
        "lib/src/lib.rs",
        "pub struct Doc {\n    pub fields: d::Map<String, u8>,\n}\n\
         pub fn load() -> Result<Doc, d::error::Error> {\n    todo!()\n}\n",
    );
    assert_eq!(f.deltas_of("user"), Vec::new());
    // Near miss: another of its types.
    f.write(
        "lib/src/lib.rs",
        "pub struct Doc {\n    pub fields: d::Map<String, u8>,\n}\n\
         pub fn load() -> Result<Doc, d::map::Map<u8, u8>> {\n    todo!()\n}\n",
    );
    assert_eq!(
        f.deltas_of("user"),
        vec![delta("breaking", "return_type_changed", "load")]
    );
}

/// A module a feature off by default gates is in the set, and in the names its paths
/// are read in (rsa 0.10's `pkcs1v15` module: its `EncryptingKey::new(key: PublicKey)`
/// read as a changed parameter where 0.9 wrote the old name of the same type).
#[test]
fn a_path_in_a_module_a_feature_gates_is_read_in_the_crate_s_names() {
    let f = api_package("keys", "[features]\npkcs = []\n");
    f.write(
        "src/lib.rs",
        "pub mod key {\n    pub struct Key;\n}\npub use key::Key;\n\
         #[cfg(feature = \"pkcs\")]\npub mod pkcs {\n    pub struct Enc;\n    \
         impl Enc {\n        pub fn new(key: crate::key::Key) -> Enc {\n            Enc\n        }\n    }\n}\n",
    );
    assert_eq!(f.run(&["update"]).code, 0);
    // The same type through the root's re-export: no change.
    f.edit("src/lib.rs", "key: crate::key::Key", "key: crate::Key");
    assert_eq!(f.deltas_of("keys"), Vec::new());
    // Near miss: another type.
    f.edit(
        "src/lib.rs",
        "pub struct Enc;",
        "pub struct Enc;\n    pub struct Other;",
    );
    f.edit("src/lib.rs", "key: crate::Key", "key: Other");
    assert_eq!(
        f.deltas_of("keys"),
        vec![
            delta("breaking", "param_type_changed", "pkcs::Enc"),
            delta("additive", "symbol_added", "pkcs::Other"),
        ]
    );
}

/// A type the golden wrote through a module the crate has since dropped is read as the
/// item's public path, which the golden holds (rsa 0.10 dropped `key`, kept
/// `RsaPublicKey` as a deprecated alias of its new `PublicKey`, and its traits now
/// write `&crate::PublicKey` where 0.9 wrote `&crate::key::RsaPublicKey`).
#[test]
fn a_path_through_a_module_since_dropped_is_read_as_the_item_s_public_path() {
    let f = api_package("keys", "");
    f.write(
        "src/lib.rs",
        "pub mod key {\n    pub struct RsaPublicKey;\n}\npub use key::RsaPublicKey;\n\
         pub trait Scheme {\n    fn verify(&self, key: &crate::key::RsaPublicKey);\n}\n",
    );
    assert_eq!(f.run(&["update"]).code, 0);
    f.write(
        "src/lib.rs",
        "mod public_key {\n    pub struct PublicKey;\n}\npub use public_key::PublicKey;\n\
         #[deprecated]\npub type RsaPublicKey = PublicKey;\n\
         pub trait Scheme {\n    fn verify(&self, key: &crate::PublicKey);\n}\n",
    );
    let deltas = f.deltas_of("keys");
    assert!(
        !deltas.iter().any(|(_, _, symbol)| symbol == "Scheme"),
        "{deltas:?}"
    );
    // Near miss: another type.
    f.edit("src/lib.rs", "key: &crate::PublicKey", "key: &u8");
    assert!(
        f.deltas_of("keys")
            .contains(&delta("breaking", "param_type_changed", "Scheme")),
        "{:?}",
        f.deltas_of("keys")
    );
}

/// A path into a dependency is read as what it named when the golden was written,
/// where the dependency no longer says (argmin 0.11 dropped `instant` for `web_time`;
/// lmdb-rkv 0.14's dependency dropped the `mode_t` its golden named).
#[test]
fn a_dependency_path_the_dependency_no_longer_resolves_is_read_as_recorded() {
    let f = dependency_workspace("user", ("clock", ""), "clock = { path = \"../dep\" }");
    f.write(
        "dep/src/lib.rs",
        "pub use std::time::Duration;\npub struct Tick;\n",
    );
    f.write(
        "lib/src/lib.rs",
        "pub fn timeout() -> clock::Duration {\n    todo!()\n}\n",
    );
    let run = f.run(&["update", "--set", "api"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden: serde_json::Value =
        serde_json::from_str(&f.read("lib/golden/api-contract/user.json")).unwrap();
    assert_eq!(
        golden["dependency_paths"],
        serde_json::json!({"clock::Duration": "std::time::Duration"}),
        "{golden}"
    );
    // The dependency's next release has no `Duration`; the crate names std's.
    f.write("dep/src/lib.rs", "pub struct Tick;\n");
    f.write(
        "lib/src/lib.rs",
        "pub fn timeout() -> std::time::Duration {\n    todo!()\n}\n",
    );
    assert_eq!(f.deltas_of("user"), Vec::new());
    // Near misses: another type of the dependency; and without the record, the old
    // path is compared as written.
    f.write(
        "lib/src/lib.rs",
        "pub fn timeout() -> clock::Tick {\n    todo!()\n}\n",
    );
    assert_eq!(
        f.deltas_of("user"),
        vec![delta("breaking", "return_type_changed", "timeout")]
    );
    f.write(
        "lib/src/lib.rs",
        "pub fn timeout() -> std::time::Duration {\n    todo!()\n}\n",
    );
    let text = f.read("lib/golden/api-contract/user.json");
    let mut golden: serde_json::Value = serde_json::from_str(&text).unwrap();
    golden.as_object_mut().unwrap().remove("dependency_paths");
    f.write(
        "lib/golden/api-contract/user.json",
        &serde_json::to_string_pretty(&golden).unwrap(),
    );
    assert_eq!(
        f.deltas_of("user"),
        vec![delta("breaking", "return_type_changed", "timeout")]
    );
}

#[test]
fn a_lost_auto_trait_is_inferred_from_the_fields_private_types_included() {
    // No compiler is asked: `Send` and `Sync` follow from the fields, through a
    // private type of the crate and std's impls.
    let f = api_package("shared", "");
    f.write(
        "src/lib.rs",
        "mod state;\nuse std::sync::Arc;\n\
         pub struct Shared<T> {\n    inner: Arc<T>,\n}\n\
         pub struct Client {\n    state: state::State,\n}\n",
    );
    f.write(
        "src/state.rs",
        "pub(crate) struct State {\n    hits: std::sync::atomic::AtomicU64,\n}\n",
    );
    assert_eq!(f.run(&["update"]).code, 0);
    let golden = f.read("golden/api-contract/shared.json");
    assert!(
        golden.contains("\"Send\": \"T: Send + Sync\""),
        "the golden records the condition: {golden}"
    );
    // Another spelling of one type: no change.
    f.edit("src/lib.rs", "inner: Arc<T>", "inner: std::sync::Arc<T>");
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "{run:?}");
    // `Arc` for `Rc`: `Shared<T>` is never `Send` again, though its fields are private.
    f.edit(
        "src/lib.rs",
        "inner: std::sync::Arc<T>",
        "inner: std::rc::Rc<T>",
    );
    f.write(
        "src/state.rs",
        "pub(crate) struct State {\n    hits: std::cell::Cell<u64>,\n}\n",
    );
    let deltas = f.deltas();
    for expected in [
        delta("breaking", "auto_trait_removed", "Shared"),
        delta("breaking", "auto_trait_removed", "Client"),
    ] {
        assert!(deltas.contains(&expected), "{expected:?} in {deltas:?}");
    }
    let out = f.run(&["check"]).stdout;
    assert!(
        out.contains("`Send` for no instance, where it was `Send` where `T: Send + Sync`"),
        "the message says what the condition was and is: {out}"
    );
    // `Client` stays `Send` (a `Cell<u64>` is): only `Sync` and `RefUnwindSafe` go.
    let client = delta("breaking", "auto_trait_removed", "Client");
    assert_eq!(deltas.iter().filter(|d| **d == client).count(), 2, "{out}");
    assert!(
        out.contains("`Sync` for no instance") && out.contains("`RefUnwindSafe` for no instance"),
        "{out}"
    );
}

/// The items and methods a crate's own `macro_rules!` write out are its API (issue 44:
/// 212 methods one crate's macro defined inside an `impl` were never pinned, and 32 of
/// them went unseen when removed). The macros are expanded as rustc expands them,
/// repetitions, `paste!` and calls in their output included, with no warning.
#[test]
fn items_and_methods_a_crate_s_own_macros_define_are_api() {
    let f = api_package("gen", "");
    let src = |getters: &str, consts: &str| {
        format!(
            "macro_rules! getters {{\n    ($($name:ident: $t:ty),* $(,)?) => {{\n        \
             $(pub fn $name(&self) -> $t {{ self.$name }})*\n    }};\n}}\n\n\
             macro_rules! consts {{\n    ($($n:ident = $v:expr;)*) => {{\n        \
             $(pub const $n: u32 = $v;)*\n        consts!(@last);\n    }};\n    \
             (@last) => {{ pub const LAST: u8 = 0; }};\n}}\n\n\
             pub struct Point {{\n    x: u8,\n    y: u16,\n}}\n\n\
             impl Point {{\n    getters!({getters});\n}}\n\nconsts! {{ {consts} }}\n"
        )
    };
    f.write(
        "src/lib.rs",
        &src("x: u8, y: u16", "KIB = 1 << 10; MIB = 1 << 20;"),
    );
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(!run.stderr.contains("macro"), "no warning: {run:?}");
    let golden: serde_json::Value =
        serde_json::from_str(&f.read("golden/api-contract/gen.json")).unwrap();
    let names: Vec<&String> = golden["symbols"].as_object().unwrap().keys().collect();
    assert_eq!(names, ["KIB", "LAST", "MIB", "Point"]);
    let methods = &golden["symbols"]["Point"]["shape"]["methods"];
    assert!(
        methods["x"].is_object() && methods["y"].is_object(),
        "{golden}"
    );
    // The same items written another way: no change.
    f.write(
        "src/lib.rs",
        &src("x: u8, y: u16,", "KIB = 1024; MIB = 1024 * 1024;"),
    );
    assert_eq!(f.deltas(), []);
    // The near misses: a method the macro no longer writes, a type it writes anew, a
    // constant gone.
    f.write("src/lib.rs", &src("x: u8", "KIB = 1 << 10; MIB = 1 << 20;"));
    assert_eq!(f.deltas(), [delta("breaking", "method_removed", "Point")]);
    f.write(
        "src/lib.rs",
        &src("x: u32, y: u16", "KIB = 1 << 10; MIB = 1 << 20;"),
    );
    assert_eq!(
        f.deltas(),
        [delta("breaking", "return_type_changed", "Point")]
    );
    f.write("src/lib.rs", &src("x: u8, y: u16", "KIB = 1 << 10;"));
    assert_eq!(f.deltas(), [delta("breaking", "symbol_removed", "MIB")]);
}

/// quoted_printable 0.5.2 replaced `impl Options { pub fn default() -> Self }` by a
/// hand-written `impl Default for Options`: `Options::default()` still compiles (the
/// prelude's trait answers it), so nothing is removed. Without the impl it is.
#[test]
fn an_inherent_default_replaced_by_the_trait_s_impl_is_no_removal() {
    let f = api_package("defaults", "");
    let before = "pub struct Options {\n    x: u8,\n}\n\nimpl Options {\n    \
                  pub fn default() -> Self {\n        Options { x: 0 }\n    }\n}\n";
    f.write("src/lib.rs", before);
    assert_eq!(f.run(&["update"]).code, 0);
    let bare = "pub struct Options {\n    x: u8,\n}\n";
    f.write(
        "src/lib.rs",
        &format!("{bare}\nimpl Default for Options {{\n    fn default() -> Self {{\n        Options {{ x: 0 }}\n    }}\n}}\n"),
    );
    assert_eq!(f.deltas(), []);
    f.write("src/lib.rs", bare);
    assert_eq!(f.deltas(), [delta("breaking", "method_removed", "Options")]);
}

/// kiddo 6.3 gave `KdTreeBuilder<A, P>` a defaulted const parameter and generalised
/// its blocks over it; the methods that two blocks define (`build` for a serial and a
/// parallel builder), told apart by their block's self type, are the same methods at
/// the default (16 false removals, and as many additions).
#[test]
fn methods_told_apart_by_their_block_keep_their_names_at_a_new_default() {
    let f = api_package("builders", "");
    let src = |param: &str, arg: &str| {
        format!(
            "pub const UNSORTED: u8 = 0;\npub struct Serial;\npub struct Parallel;\n\
             pub struct Builder<A, P{param}>(A, P);\n\n\
             impl<A{p}> Builder<A, Serial{arg}> {{\n    pub fn build(self) -> A {{\n        self.0\n    }}\n}}\n\n\
             impl<A{p}> Builder<A, Parallel{arg}> {{\n    pub fn build(self) -> A {{\n        self.0\n    }}\n}}\n",
            p = if arg.is_empty() { "" } else { ", const M: u8" },
        )
    };
    f.write("src/lib.rs", &src("", ""));
    assert_eq!(f.run(&["update"]).code, 0);
    f.write("src/lib.rs", &src(", const M: u8 = UNSORTED", ", M"));
    let deltas = f.deltas();
    assert!(
        deltas
            .iter()
            .all(|d| d.0 == "additive" && d.1 == "generic_param_added_with_default"),
        "{deltas:?}"
    );
    // The near miss: one block now for another mode only.
    f.write(
        "src/lib.rs",
        &src(", const M: u8 = UNSORTED", ", M").replacen(
            "Builder<A, Serial, M>",
            "Builder<A, Serial, 1>",
            1,
        ),
    );
    assert!(f
        .deltas()
        .contains(&delta("breaking", "method_removed", "Builder")));
}

/// A trait `impl` for a type not declared `pub` is not API: no consumer can name the
/// type or hold a value of it (log4rs 1.4 removed three private writers' impls of its
/// public `encode::Write`, read as three breaks). A `pub` type in a private module is
/// another matter: a value of it can still reach a consumer.
#[test]
fn a_private_type_s_impl_of_a_public_trait_is_not_api() {
    let f = api_package("writers", "");
    let src = |private: &str, inner: &str| {
        format!(
            "pub trait Write {{}}\n\npub struct Console;\nimpl Write for Console {{}}\n\n\
             {private}\nmod inner {{\n    {inner}\n}}\n\n\
             pub fn inner() -> impl Sized {{\n    inner::Hidden\n}}\n"
        )
    };
    let private = "struct Align;\nimpl Write for Align {}\npub(crate) struct Width;\nimpl Write for Width {}\n";
    let inner = "pub struct Hidden;\n    impl crate::Write for Hidden {}";
    f.write("src/lib.rs", &src(private, inner));
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden = f.read("golden/api-contract/writers.json");
    assert!(
        !golden.contains("Align") && !golden.contains("Width") && golden.contains("Hidden"),
        "{golden}"
    );
    // The private types and their impls gone: no change.
    f.write("src/lib.rs", &src("", inner));
    assert_eq!(f.deltas(), []);
    // The near miss: the impl of a `pub` type in a private module gone.
    f.write("src/lib.rs", &src(private, "pub struct Hidden;"));
    assert_eq!(
        f.deltas(),
        [delta("breaking", "trait_implementor_removed", "Write")]
    );
}

/// A path call of the crate's own macro (`crate::name!`) reaches it wherever it is
/// defined, as rustc's path scope does: writeable 0.6.4 implements its trait for
/// `String` and `&T` with `crate::impl_writeable_delegate!(…)` in a module read before
/// lib.rs defines the `#[macro_export]` macro. Those impls were read as removed.
#[test]
fn a_path_call_of_the_crate_s_macro_defined_later_is_expanded() {
    let f = api_package("delegate", "");
    let src = |impls: &str| {
        format!(
            "mod impls;\n\npub trait Show {{\n    fn show(&self) -> String;\n}}\n\n\
             #[macro_export]\nmacro_rules! delegate {{\n    \
             ($ty:ty $(, where $($g:tt)*)?) => {{\n        \
             impl $(<$($g)*>)? $crate::Show for $ty {{\n            \
             fn show(&self) -> String {{ String::new() }}\n        }}\n    }};\n}}\n\
             {impls}"
        )
    };
    f.write("src/lib.rs", &src(""));
    f.write(
        "src/impls.rs",
        "crate::delegate!(String);\ncrate::delegate!(&T, where T: crate::Show + ?Sized);\n",
    );
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden = f.read("golden/api-contract/delegate.json");
    assert!(
        golden.contains("\"String\"") && golden.contains("&T"),
        "{golden}"
    );
    // The same impls written out by hand: no change.
    f.write("src/impls.rs", "");
    f.write(
        "src/lib.rs",
        &src("impl Show for String {\n    fn show(&self) -> String { String::new() }\n}\n\
              impl<T: Show + ?Sized> Show for &T {\n    fn show(&self) -> String { String::new() }\n}\n"),
    );
    assert_eq!(f.deltas(), []);
    // The near miss: one call gone.
    f.write("src/lib.rs", &src(""));
    f.write("src/impls.rs", "crate::delegate!(String);\n");
    assert_eq!(
        f.deltas(),
        [delta("breaking", "trait_implementor_removed", "Show")]
    );
}

/// A dependency's `#[macro_export]` macro (cfg_if!, lazy_static!, bitflags! are
/// such) is read from its sources and expanded where the package calls it, `$crate`
/// naming the dependency; an internal rule the output calls through `$crate` is found
/// there too.
#[test]
fn a_dependency_s_exported_macro_is_expanded_where_it_is_called() {
    let f = dependency_workspace("user", ("flagset", ""), "flagset = { path = \"../dep\" }");
    f.write("dep/src/lib.rs", "mod macros;\npub trait Flags {}\n");
    f.write(
        "dep/src/macros.rs",
        "#[macro_export]\nmacro_rules! flags {\n    \
         ($v:vis struct $name:ident { $($flag:ident = $bit:expr;)* }) => {\n        \
         $v struct $name(u32);\n        impl $crate::Flags for $name {}\n        \
         impl $name {\n            $crate::__flag_consts!($($flag = $bit;)*);\n            \
         pub fn bits(&self) -> u32 { self.0 }\n        }\n    };\n}\n\n\
         #[doc(hidden)]\n#[macro_export]\nmacro_rules! __flag_consts {\n    \
         ($($flag:ident = $bit:expr;)*) => { $(pub const $flag: Self = Self($bit);)* };\n}\n",
    );
    let src = |flags: &str| {
        format!("use flagset::flags;\n\nflags! {{\n    pub struct Mode {{ {flags} }}\n}}\n")
    };
    f.write("lib/src/lib.rs", &src("READ = 1; WRITE = 2;"));
    let run = f.run(&["update", "--set", "api"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden = f.read("lib/golden/api-contract/user.json");
    for member in ["\"READ\"", "\"WRITE\"", "\"bits\""] {
        assert!(golden.contains(member), "{member}: {golden}");
    }
    f.write("lib/src/lib.rs", &src("WRITE = 2; READ = 1;"));
    assert_eq!(f.deltas_of("user"), Vec::new());
    // The near miss: a flag gone.
    f.write("lib/src/lib.rs", &src("READ = 1;"));
    assert_eq!(
        f.deltas_of("user"),
        [delta("breaking", "assoc_item_removed", "Mode")]
    );
    // With an inherent impl of the crate's own beside it (png 0.18's
    // `Transformations`), golden written while the macro was at hand…
    let own = "\nimpl Mode {\n    pub fn none() -> u32 {\n        0\n    }\n}\n";
    f.write("lib/src/lib.rs", &(src("READ = 1; WRITE = 2;") + own));
    let run = f.run(&["update", "--set", "api"]);
    assert_eq!(run.code, 0, "{run:?}");
    // … then checked where the dependency's macro cannot be read (another locked
    // version, not unpacked): the type and what the call may define are the golden's,
    // with a warning; the crate's own impl is still compared.
    f.write("dep/src/macros.rs", "");
    assert_eq!(f.deltas_of("user"), Vec::new());
    let run = f.run(&["check", "--set", "api"]);
    assert!(run.stderr.contains("cannot expand it"), "{run:?}");
    f.write(
        "lib/src/lib.rs",
        &(src("READ = 1; WRITE = 2;") + &own.replace("-> u32", "-> u8")),
    );
    assert_eq!(
        f.deltas_of("user"),
        [delta("breaking", "return_type_changed", "Mode")]
    );
}

/// object 0.40's `newtype!` writes each constant's type as a call of itself
/// (`newtype!(@type(SectionType u32))`): a type-position call in what a macro wrote is
/// expanded too, so the golden holds the type, not the call.
#[test]
fn a_type_a_macro_writes_as_a_macro_call_is_expanded() {
    let f = api_package("consts", "");
    let src = |ty: &str| {
        format!(
            "macro_rules! constants {{\n    (@type($t:ty)) => {{ $t }};\n    \
             ($($n:ident = $v:expr;)*) => {{ $(pub const $n: constants!(@type({ty})) = $v;)* }};\n}}\n\n\
             constants! {{ A = 1; B = 2; }}\n"
        )
    };
    f.write("src/lib.rs", &src("u32"));
    assert_eq!(f.run(&["update"]).code, 0);
    let golden = f.read("golden/api-contract/consts.json");
    assert!(golden.contains("\"ty\": \"u32\""), "{golden}");
    assert!(!golden.contains("constants!"), "{golden}");
    // The near miss: the type the call writes changed.
    f.write("src/lib.rs", &src("u64"));
    assert_eq!(
        f.deltas(),
        [
            delta("breaking", "const_type_changed", "A"),
            delta("breaking", "const_type_changed", "B")
        ]
    );
}

/// A cfg the build script prints (issue 44: `#[cfg(all(has_cas, feature = "cas"))]`,
/// 16 items whose removal went unseen) is known on a fresh checkout: the command runs
/// the script as cargo would, once, and reads what it printed.
#[test]
fn a_cfg_the_build_script_prints_is_known_on_a_fresh_checkout() {
    let f = api_package("atomics", "build = \"build.rs\"\n");
    f.write(
        "build.rs",
        "fn main() {\n    println!(\"cargo:rustc-check-cfg=cfg(has_cas)\");\n    \
         println!(\"cargo:rustc-cfg=has_cas\");\n}\n",
    );
    let src = |cas: &str| {
        format!("pub fn load() -> u8 {{\n    0\n}}\n\n#[cfg(has_cas)]\npub mod cas {{\n{cas}}}\n")
    };
    f.write(
        "src/lib.rs",
        &src("    pub fn swap() {}\n    pub fn compare() {}\n"),
    );
    assert!(!f.path("target").exists(), "a fresh checkout");
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(!run.stderr.contains("has_cas"), "the cfg is known: {run:?}");
    let golden = f.read("golden/api-contract/atomics.json");
    assert!(golden.contains("\"cas::swap\""), "{golden}");
    // The near miss: an item under the cfg removed is a break.
    f.write("src/lib.rs", &src("    pub fn swap() {}\n"));
    assert_eq!(
        f.deltas(),
        [delta("breaking", "symbol_removed", "cas::compare")]
    );
}

/// What `include!` brings into a module is its items (chrono-tz 0.10.3: 622 zones
/// written through `include!(concat!(env!("OUT_DIR"), "/timezones.rs"))` were unseen,
/// without a warning): a file the build script writes is read once the script has
/// run, which the command does on a fresh checkout.
#[test]
fn items_a_build_script_writes_for_include_are_api() {
    let f = api_package("zones", "build = \"build.rs\"\n");
    let script = |zones: &str| {
        format!(
            "fn main() {{\n    let out = std::env::var(\"OUT_DIR\").unwrap();\n    \
             std::fs::write(format!(\"{{out}}/zones.rs\"), \"{zones}\").unwrap();\n}}\n"
        )
    };
    f.write(
        "build.rs",
        &script("pub mod Europe { pub const Paris: u16 = 1; pub const Rome: u16 = 2; }"),
    );
    f.write(
        "src/lib.rs",
        "include!(concat!(env!(\"OUT_DIR\"), \"/zones.rs\"));\n",
    );
    assert!(!f.path("target").exists(), "a fresh checkout");
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        !run.stderr.contains("include!"),
        "the file is read: {run:?}"
    );
    let golden = f.read("golden/api-contract/zones.json");
    assert!(golden.contains("\"Europe::Rome\""), "{golden}");
    // The near miss: a zone the script no longer writes is a removal (the script runs
    // again in the build `check` starts from, as cargo reruns a changed one).
    f.write(
        "build.rs",
        &script("pub mod Europe { pub const Paris: u16 = 1; }"),
    );
    std::fs::remove_dir_all(f.path("target")).unwrap();
    assert_eq!(
        f.deltas(),
        [delta("breaking", "symbol_removed", "Europe::Rome")]
    );
}

/// A file `include!`d by a relative path is read from the including file's
/// directory; one the command cannot name is said, never skipped in silence.
#[test]
fn an_include_is_read_beside_its_file_and_one_unread_is_said() {
    let f = api_package("parts", "");
    f.write("src/lib.rs", "pub mod shapes;\n");
    f.write("src/shapes.rs", "include!(\"generated/shapes.rs\");\n");
    f.write(
        "src/generated/shapes.rs",
        "pub struct Square;\npub struct Circle;\n",
    );
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden = f.read("golden/api-contract/parts.json");
    assert!(golden.contains("\"shapes::Circle\""), "{golden}");
    f.write("src/generated/shapes.rs", "pub struct Square;\n");
    assert_eq!(
        f.deltas(),
        [delta("breaking", "symbol_removed", "shapes::Circle")]
    );
    // A path the command cannot evaluate: a warning names the call.
    f.write(
        "src/shapes.rs",
        "include!(concat!(env!(\"GENERATED\"), \"/shapes.rs\"));\n",
    );
    let run = f.run(&["check"]);
    assert!(
        run.stderr
            .contains("include!(concat!(env!(\"GENERATED\"), \"/shapes.rs\"))")
            && run.stderr.contains("not read"),
        "{run:?}"
    );
    // Said, and no reason to refuse a golden (mime_guess 2.0.4, whose build script
    // cannot run offline).
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
}

/// A bound on a sealed `#[doc(hidden)]` trait replaced by a bound on another trait
/// that each of its implementors implements is no change (arraystring 0.3 renamed
/// `Length` to `Capacity`: 90 false breaks, one per method): no consumer could
/// implement the old trait or name it in a bound of its own.
#[test]
fn a_sealed_hidden_trait_renamed_over_the_same_implementors_is_no_change() {
    let f = api_package("strings", "");
    let src = |name: &str, hidden: &str, sizes: &[&str]| {
        let impls: String = sizes
            .iter()
            .map(|t| format!("impl {name} for {t} {{\n    const N: usize = 1;\n}}\n"))
            .collect();
        format!(
            "mod private {{\n    pub trait Sealed {{}}\n}}\n\n{hidden}pub trait {name}: \
             private::Sealed {{\n    const N: usize;\n}}\n\npub struct U1;\npub struct U2;\n\
             impl private::Sealed for U1 {{}}\nimpl private::Sealed for U2 {{}}\n{impls}\n\
             pub struct Buf<S: {name}> {{\n    size: S,\n}}\n\nimpl<S: {name}> Buf<S> {{\n    \
             pub fn capacity(&self) -> usize {{\n        S::N\n    }}\n}}\n"
        )
    };
    let breaking = |f: &Fixture| -> Vec<(String, String, String)> {
        f.deltas()
            .into_iter()
            .filter(|d| d.0 == "breaking")
            .collect()
    };
    let hidden = "#[doc(hidden)]\n";
    f.write("src/lib.rs", &src("Length", hidden, &["U1", "U2"]));
    assert_eq!(f.run(&["update"]).code, 0);
    f.write("src/lib.rs", &src("Capacity", hidden, &["U1", "U2"]));
    assert_eq!(breaking(&f), []);
    // The near misses: a type that met the old bound and not the new one…
    f.write("src/lib.rs", &src("Capacity", hidden, &["U1"]));
    assert!(
        breaking(&f).contains(&delta("breaking", "generic_bound_added", "Buf")),
        "{:?}",
        f.deltas()
    );
    // … and an old trait that is public API, which a consumer's bound may name.
    f.write("src/lib.rs", &src("Length", "", &["U1", "U2"]));
    assert_eq!(f.run(&["update"]).code, 0);
    f.write("src/lib.rs", &src("Capacity", "", &["U1", "U2"]));
    let found = breaking(&f);
    assert!(
        found.contains(&delta("breaking", "generic_bound_added", "Buf"))
            && found.contains(&delta("breaking", "symbol_renamed", "Length")),
        "{found:?}"
    );
}

/// Impls for the primitive integers replaced by one generic impl bounded by another
/// crate's trait (integer-sqrt 0.1.5: `impl<T: num_traits::PrimInt>`, 12 false
/// breaks): whether each type meets that bound is in the dependency's impls, which the
/// command does not read, so the removal is not told either way, and said.
#[test]
fn an_impl_a_generic_impl_over_another_crate_s_trait_may_cover_is_untold() {
    let f = dependency_workspace("roots", ("prims", ""), "prims = { path = \"../dep\" }");
    f.write(
        "dep/src/lib.rs",
        "pub trait PrimInt: Copy {}\nimpl PrimInt for u8 {}\nimpl PrimInt for u16 {}\n",
    );
    let src =
        |impls: &str| format!("pub trait Root {{\n    fn root(self) -> Self;\n}}\n\n{impls}\n");
    let concrete = "impl Root for u8 {\n    fn root(self) -> Self { self }\n}\n\
                    impl Root for u16 {\n    fn root(self) -> Self { self }\n}\n";
    f.write("lib/src/lib.rs", &src(concrete));
    assert_eq!(f.run(&["update", "--set", "api"]).code, 0);
    f.write(
        "lib/src/lib.rs",
        &src("impl<T: prims::PrimInt> Root for T {\n    fn root(self) -> Self { self }\n}\n"),
    );
    let found = f.deltas_of("roots");
    assert!(
        found.contains(&delta("additive", "trait_implementor_untold", "Root"))
            && !found.iter().any(|d| d.0 == "breaking"),
        "{found:?}"
    );
    let (_, json) = f.json();
    assert!(
        json.to_string()
            .contains("`u8` implements `Root` now only if it meets `u8: prims::PrimInt`"),
        "{json}"
    );
    // The near miss: a bound on the crate's own trait, whose impls are read, that
    // `u8` does not meet.
    f.write(
        "lib/src/lib.rs",
        &src("pub trait Wide {}\nimpl Wide for u16 {}\n\
              impl<T: Wide> Root for T {\n    fn root(self) -> Self { self }\n}\n"),
    );
    let found = f.deltas_of("roots");
    assert!(
        found.contains(&delta("breaking", "trait_implementor_removed", "Root")),
        "{found:?}"
    );
}

/// A `pub use` of another crate's item is a symbol of the set (it was none: its
/// removal went unseen, and an item of the crate replaced by one read as removed,
/// serde_yml 0.0.13's 36 false breaks): removed, it breaks; re-exporting another
/// item under the path breaks; an item of the crate replaced by another crate's is
/// not told, nor are the paths below a module now another crate's.
#[test]
fn a_re_export_of_another_crate_s_item_is_a_symbol() {
    let f = dependency_workspace("yaml", ("noya", ""), "noya = { path = \"../dep\" }");
    f.write(
        "dep/src/lib.rs",
        "pub fn from_str(s: &str) -> u8 { s.len() as u8 }\npub struct Value;\n\
         pub mod with {\n    pub mod map {\n        pub fn serialize() {}\n    }\n}\n\
         pub mod other {\n    pub struct Value;\n}\n",
    );
    let local = "pub fn from_str(s: &str) -> u8 {\n    s.len() as u8\n}\n\
                 pub struct Value {\n    pub raw: String,\n}\n\
                 impl Value {\n    pub fn raw(&self) -> &str {\n        &self.raw\n    }\n}\n\
                 pub mod with {\n    pub mod map {\n        pub fn serialize() {}\n    }\n}\n";
    f.write("lib/src/lib.rs", local);
    assert_eq!(f.run(&["update", "--set", "api"]).code, 0);
    let reexported =
        "pub use noya::{from_str, Value};\npub mod with {\n    pub use noya::with::map;\n}\n";
    f.write("lib/src/lib.rs", reexported);
    let found = f.deltas_of("yaml");
    assert!(!found.iter().any(|d| d.0 == "breaking"), "{found:?}");
    for symbol in ["from_str", "Value", "with::map::", "with::map::serialize"] {
        assert!(
            found.contains(&delta("additive", "reexport_untold", symbol)),
            "{symbol}: {found:?}"
        );
    }
    // Pinned now: a re-export removed, or another item re-exported, breaks.
    assert_eq!(f.run(&["update", "--set", "api"]).code, 0);
    let golden = f.read("lib/golden/api-contract/yaml.json");
    assert!(
        golden.contains("\"target\": \"noya::from_str\""),
        "{golden}"
    );
    f.write(
        "lib/src/lib.rs",
        "pub use noya::other::Value;\npub mod with {\n    pub use noya::with::map;\n}\n",
    );
    let found = f.deltas_of("yaml");
    assert!(
        found.contains(&delta("breaking", "symbol_removed", "from_str"))
            && found.contains(&delta("breaking", "reexport_target_changed", "Value")),
        "{found:?}"
    );
}

/// A module of the crate named like a dependency is what a `use` of that name reaches
/// (zip 9.8: `mod aes;` beside the `aes` crate, `pub use aes::AesSalt;`): the item is
/// the crate's own, not a re-export of the dependency's.
#[test]
fn a_use_through_a_module_named_like_a_dependency_is_the_crate_s() {
    let f = dependency_workspace("zipper", ("aes", ""), "aes = { path = \"../dep\" }");
    f.write("dep/src/lib.rs", "pub struct Cipher;\n");
    f.write(
        "lib/src/lib.rs",
        "pub use aes::AesSalt;\nmod aes {\n    pub enum AesSalt {\n        A,\n    }\n}\n",
    );
    let run = f.run(&["update", "--set", "api"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden = f.read("lib/golden/api-contract/zipper.json");
    assert!(
        golden.contains("\"kind\": \"enum\"") && !golden.contains("\"reexport\""),
        "{golden}"
    );
}

/// Another crate's item re-exported under a path an item of the crate has too is in
/// another namespace (enum-map 2.7: `pub use enum_map_derive::Enum;`, a derive, beside
/// its trait `Enum`; update refused two items named `Enum`): the crate's item is the
/// path's symbol.
#[test]
fn a_re_export_in_another_namespace_than_the_crate_s_item_leaves_it_the_path() {
    let f = dependency_workspace("maps", ("derives", ""), "derives = { path = \"../dep\" }");
    f.write(
        "dep/src/lib.rs",
        "#[macro_export]\nmacro_rules! Enum {\n    () => {};\n}\n",
    );
    f.write(
        "lib/src/lib.rs",
        "pub use derives::Enum;\npub use inner::Enum;\nmod inner {\n    pub trait Enum {}\n}\n",
    );
    let run = f.run(&["update", "--set", "api"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden = f.read("lib/golden/api-contract/maps.json");
    assert!(golden.contains("\"kind\": \"trait\""), "{golden}");
}

/// A module shadows a glob's name in the type namespace only (issue 44: two root fns
/// of `pub use self::bits::*;` in a crate with modules `bits` and `bytes` were left
/// out of the golden): rustc keeps types, values and macros apart.
#[test]
fn a_glob_s_fn_beside_a_module_of_its_name_is_api() {
    let f = api_package("size", "");
    let src = |fns: &str| {
        format!(
            "mod bits {{\n{fns}    pub struct Bits;\n}}\nmod bytes {{}}\n\n\
             pub use self::bits::*;\n\npub struct Bytes;\n"
        )
    };
    f.write(
        "src/lib.rs",
        &src("    pub fn bits() -> u8 { 8 }\n    pub fn bytes() -> u8 { 1 }\n"),
    );
    assert_eq!(f.run(&["update"]).code, 0);
    let golden = f.read("golden/api-contract/size.json");
    for name in ["\"bits\"", "\"bytes\"", "\"Bits\""] {
        assert!(golden.contains(name), "{name}: {golden}");
    }
    // The near misses: one removed is a break; a name of the module's own in the same
    // namespace still shadows the glob's (`Bytes` is the root's, not `bits::Bytes`).
    f.write("src/lib.rs", &src("    pub fn bits() -> u8 { 8 }\n"));
    assert_eq!(f.deltas(), [delta("breaking", "symbol_removed", "bytes")]);
}

/// std's `cfg_select!` (sysinfo 0.39, rustyline 19) writes its arms out under their
/// cfgs: the arm the build takes is read, a file module declared there included.
#[test]
fn what_cfg_select_writes_for_this_build_is_api() {
    let f = api_package("sys", "");
    f.write("src/imp.rs", "pub fn cpus() -> usize {\n    1\n}\n");
    let src = |unix: &str| {
        format!(
            "cfg_select! {{\n    unix => {{\n        mod imp;\n{unix}    }}\n    \
             _ => {{\n        pub const IS_SUPPORTED: bool = false;\n    }}\n}}\n"
        )
    };
    f.write(
        "src/lib.rs",
        &src("        pub use imp::cpus;\n        pub const IS_SUPPORTED: bool = true;\n"),
    );
    assert_eq!(f.run(&["update"]).code, 0);
    let golden = f.read("golden/api-contract/sys.json");
    assert!(golden.contains("\"cpus\""), "{golden}");
    assert!(golden.contains("\"expr\": \"true\""), "{golden}");
    assert!(
        !golden.contains("\"expr\": \"false\""),
        "only this build's arm: {golden}"
    );
    // The near miss: the re-export gone from the arm.
    f.write(
        "src/lib.rs",
        &src("        pub const IS_SUPPORTED: bool = true;\n"),
    );
    assert_eq!(f.deltas(), [delta("breaking", "symbol_removed", "cpus")]);
}

/// `#[no_mangle]` and `#[export_name]` items are API of a `cdylib`/`staticlib` wherever
/// they are defined (issue 44: 15 such fns in private modules went unseen): each is
/// recorded under its symbol name, `{symbol} (exported)`.
#[test]
fn an_exported_symbol_is_api_wherever_it_is_defined() {
    let f = api_package("ffi", "");
    let src = |param: &str, extra: &str| {
        format!(
            "mod imp {{\n    #[no_mangle]\n    pub extern \"C\" fn ffi_add(a: {param}) -> i32 {{\n        \
             a as i32\n    }}\n\n    #[export_name = \"ffi_version\"]\n    \
             extern \"C\" fn version() -> u32 {{\n        1\n    }}\n{extra}}}\n"
        )
    };
    f.write("src/lib.rs", &src("i32", ""));
    assert_eq!(f.run(&["update"]).code, 0);
    let golden: serde_json::Value =
        serde_json::from_str(&f.read("golden/api-contract/ffi.json")).unwrap();
    let names: Vec<&String> = golden["symbols"].as_object().unwrap().keys().collect();
    assert_eq!(names, ["ffi_add (exported)", "ffi_version (exported)"]);
    // The near misses: a parameter's type changed; a symbol no longer exported.
    f.write("src/lib.rs", &src("i64", ""));
    assert_eq!(
        f.deltas(),
        [delta(
            "breaking",
            "param_type_changed",
            "ffi_add (exported)"
        )]
    );
    f.write(
        "src/lib.rs",
        &src("i32", "").replace("#[export_name = \"ffi_version\"]\n", ""),
    );
    assert_eq!(
        f.deltas(),
        [delta(
            "breaking",
            "symbol_removed",
            "ffi_version (exported)"
        )]
    );
}

/// crossbeam-skiplist 0.1.2 renamed a dependency inside the crate (`use crossbeam_epoch
/// as epoch;`) and wrote `crate::epoch::Guard`; 0.1.3 writes `crossbeam_epoch::Guard`.
/// The golden records the dependency's path, so dropping the renaming changes nothing.
#[test]
fn a_dependency_renamed_inside_the_crate_is_recorded_as_the_dependency_s_path() {
    let f = dependency_workspace("skiplist", ("epoch", ""), "epoch = { path = \"../dep\" }");
    f.write("dep/src/lib.rs", "pub struct Guard;\npub struct Shared;\n");
    f.write(
        "lib/src/lib.rs",
        "use epoch as ep;\nmod base;\npub use base::clear;\n",
    );
    f.write(
        "lib/src/base.rs",
        "use crate::ep::Guard;\npub fn clear(_guard: &mut Guard) {}\n",
    );
    let run = f.run(&["update", "--set", "api"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden = f.read("lib/golden/api-contract/skiplist.json");
    assert!(golden.contains("&mut epoch::Guard"), "{golden}");
    // The renaming dropped: no change.
    f.write("lib/src/lib.rs", "mod base;\npub use base::clear;\n");
    f.write(
        "lib/src/base.rs",
        "pub fn clear(_guard: &mut epoch::Guard) {}\n",
    );
    assert_eq!(f.deltas_of("skiplist"), Vec::new());
    // The near miss: another type of the dependency.
    f.write(
        "lib/src/base.rs",
        "pub fn clear(_guard: &mut epoch::Shared) {}\n",
    );
    assert_eq!(
        f.deltas_of("skiplist"),
        [delta("breaking", "param_type_changed", "clear")]
    );
}

/// Every feature's API (issue 44): an item or member under a feature off by default is
/// API of the set, recorded with what it needs (cargo-semver-checks missed nothing else
/// on a fresh batch: nom-supreme 0.7's `error` module, upon 0.10's
/// `Engine::with_syntax`). Removing it is a break; moving an item behind a feature is
/// a break; taking it out from under one is additive. A feature named unstable is not
/// covered.
#[test]
fn what_a_feature_off_by_default_exposes_is_api_with_its_gate() {
    let f = api_package(
        "gated",
        "\n[features]\ndefault = []\nsyntax = []\nfull = [\"syntax\"]\nnightly = []\n",
    );
    // `mode` has a twin under the feature (pom 3.4's `Parser::name`): the build's is
    // the method, in every build.
    let lib = "pub struct Engine;\n\
               impl Engine {\n    pub fn new() -> Self {\n        Engine\n    }\n    \
               #[cfg(feature = \"syntax\")]\n    pub fn with_syntax(&self) {}\n    \
               #[cfg(not(feature = \"syntax\"))]\n    pub fn mode(&self) -> u8 {\n        0\n    }\n    \
               #[cfg(feature = \"syntax\")]\n    pub fn mode(&self) -> u16 {\n        0\n    }\n}\n\
               #[cfg(feature = \"syntax\")]\npub mod syntax {\n    pub struct Syntax;\n}\n\
               #[cfg(feature = \"nightly\")]\npub fn unstable() {}\n";
    f.write("src/lib.rs", lib);
    assert_eq!(f.run(&["update"]).code, 0);
    let golden: serde_json::Value =
        serde_json::from_str(&f.read("golden/api-contract/gated.json")).unwrap();
    let names: Vec<&String> = golden["symbols"].as_object().unwrap().keys().collect();
    assert!(
        names.iter().any(|n| *n == "syntax::Syntax") && !names.iter().any(|n| *n == "unstable"),
        "{names:?}"
    );
    let needs = &golden["symbols"]["Engine"]["shape"]["needs"];
    assert_eq!(
        needs.to_string(),
        r#"[{"cfg":"feature = \"syntax\"","member":{"kind":"method","name":"with_syntax"}}]"#
    );
    assert_eq!(f.run(&["check"]).code, 0);
    // Removed from under the feature: gone for everyone who enabled it.
    f.write(
        "src/lib.rs",
        &lib.replace(
            "#[cfg(feature = \"syntax\")]\n    pub fn with_syntax(&self) {}\n",
            "",
        ),
    );
    assert_eq!(f.deltas(), [delta("breaking", "method_removed", "Engine")]);
    // In every build before, behind the feature now.
    f.write(
        "src/lib.rs",
        &lib.replace(
            "    pub fn new()",
            "    #[cfg(feature = \"syntax\")]\n    pub fn new()",
        ),
    );
    assert_eq!(
        f.deltas(),
        [delta("breaking", "now_needs_feature", "Engine")]
    );
    // Behind `full`, which turns `syntax` on: who enabled `syntax` alone lost it.
    f.write(
        "src/lib.rs",
        &lib.replace(
            "#[cfg(feature = \"syntax\")]\npub mod",
            "#[cfg(feature = \"full\")]\npub mod",
        ),
    );
    let deltas = f.deltas();
    assert!(
        deltas.contains(&delta("breaking", "now_needs_feature", "syntax::")),
        "{deltas:?}"
    );
    // Out from under the feature: everyone has it now.
    f.write(
        "src/lib.rs",
        &lib.replace("#[cfg(feature = \"syntax\")]\npub mod", "pub mod"),
    );
    let deltas = f.deltas();
    assert!(
        !deltas.is_empty()
            && deltas
                .iter()
                .all(|(class, kind, _)| class == "additive" && kind == "no_longer_needs_feature"),
        "{deltas:?}"
    );
}

/// A trait's members written by the crate's own macro (special 0.14's `trait Elliptic`,
/// each method by `declare_method!`) are its members: two required methods added went
/// unseen while the calls were dropped silently.
#[test]
fn a_trait_s_members_a_macro_writes_are_read() {
    let f = api_package("macro_trait", "");
    let lib = "macro_rules! declare {\n    ($name:ident) => {\n        fn $name(self) -> Self;\n    };\n}\n\
               pub trait Special: Sized {\n    declare!(gamma);\n}\n";
    f.write("src/lib.rs", lib);
    assert_eq!(f.run(&["update"]).code, 0);
    assert_eq!(f.run(&["check"]).code, 0);
    f.write(
        "src/lib.rs",
        &lib.replace("declare!(gamma);", "declare!(gamma);\n    declare!(beta);"),
    );
    assert_eq!(
        f.deltas(),
        [delta("breaking", "trait_required_method_added", "Special")]
    );
    // A call the command cannot expand is said, not dropped silently.
    f.write(
        "src/lib.rs",
        &lib.replace("declare!(gamma);", "unknown_macro!(gamma);"),
    );
    let run = f.run(&["check"]);
    assert!(
        run.stderr.contains("this trait calls `unknown_macro!`"),
        "{run:?}"
    );
}

/// `features = [...]` on a public-API set narrows what it covers to those features
/// (and the defaults); a name no package has is an error that says where it is
/// written, and the key on another set is an error too.
#[test]
fn a_set_s_features_key_narrows_what_it_covers() {
    let f = api_package(
        "narrowed",
        "\n[features]\ndefault = []\nsyntax = []\nextra = []\n",
    );
    f.write(
        "src/lib.rs",
        "#[cfg(feature = \"syntax\")]\npub fn parse() {}\n#[cfg(feature = \"extra\")]\npub fn more() {}\n",
    );
    f.write(
        "contract-pin.toml",
        "[set.api]\npublic_api = true\nfeatures = [\"extra\"]\n",
    );
    assert_eq!(f.run(&["update"]).code, 0);
    let golden: serde_json::Value =
        serde_json::from_str(&f.read("golden/api-contract/narrowed.json")).unwrap();
    let names: Vec<&String> = golden["symbols"].as_object().unwrap().keys().collect();
    assert!(
        names.iter().any(|n| *n == "more") && !names.iter().any(|n| *n == "parse"),
        "{names:?}"
    );
    f.write(
        "contract-pin.toml",
        "[set.api]\npublic_api = true\nfeatures = [\"extras\"]\n",
    );
    let run = f.run(&["check"]);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(
        run.stderr
            .contains("contract-pin.toml:3: `features` of `[set.api]` names `extras`"),
        "{run:?}"
    );
    f.write("contract-pin.toml", "[set.api]\nfeatures = [\"extra\"]\n");
    let run = f.run(&["check"]);
    assert!(
        run.stderr
            .contains("only a public-API set (`public_api = true`) covers Cargo features"),
        "{run:?}"
    );
}

/// A trait `impl` joins a trait of the crate only: rust_decimal 1.42's `impl
/// error::Error for InvalidDecimal` (std's trait, through `use std::error`) was read
/// as an implementor of the crate's `enum Error`, and its removal as a break.
#[test]
fn an_impl_of_another_crate_s_trait_does_not_join_the_crate_s_type_of_that_name() {
    let f = api_package("decimal", "");
    f.write(
        "src/lib.rs",
        "mod error {\n    #[derive(Debug)]\n    pub enum Error {\n        Underflow,\n    }\n}\n\
         pub use error::Error;\n\
         pub mod postgres {\n    use std::{error, fmt};\n    #[derive(Debug)]\n    pub struct InvalidDecimal;\n    \
         impl fmt::Display for InvalidDecimal {\n        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n            f.write_str(\"invalid\")\n        }\n    }\n    \
         impl error::Error for InvalidDecimal {}\n}\n",
    );
    assert_eq!(f.run(&["update"]).code, 0);
    let golden = f.read("golden/api-contract/decimal.json");
    assert!(!golden.contains("\"implementors\""), "{golden}");
}

#[test]
fn cfg_twin_imports_read_as_the_build_has_them() {
    // calloop 0.14.4 -> 0.14.5: `pub type Ping = platform::Ping;` became `pub use
    // platform::Ping;`, `platform` being one of two modules by target.
    let f = api_package("pings", "");
    let twins = "#[cfg(target_os = \"linux\")]\nmod eventfd;\n\
        #[cfg(target_os = \"linux\")]\nuse eventfd as platform;\n\
        #[cfg(not(target_os = \"linux\"))]\nmod pipe;\n\
        #[cfg(not(target_os = \"linux\"))]\nuse pipe as platform;\n\n\
        pub fn make_ping() -> (Ping, PingSource) {\n    platform::make_ping()\n}\n";
    let module = "#[derive(Clone, Debug)]\npub struct Ping {\n    ev: u8,\n}\n\n\
        pub struct PingSource {\n    ev: u8,\n}\n\n\
        impl Ping {\n    pub fn ping(&self) {}\n}\n\n\
        pub fn make_ping() -> (Ping, PingSource) {\n    (Ping { ev: 0 }, PingSource { ev: 0 })\n}\n";
    f.write("src/eventfd.rs", module);
    f.write(
        "src/pipe.rs",
        &module
            .replace("ev: u8", "fd: i32")
            .replace("ev: 0", "fd: 0"),
    );
    f.write(
        "src/lib.rs",
        &format!("{twins}\npub type Ping = platform::Ping;\npub type PingSource = platform::PingSource;\n"),
    );
    assert_eq!(f.run(&["update"]).code, 0);
    f.write(
        "src/lib.rs",
        &format!("{twins}\npub use platform::Ping;\npub use platform::PingSource;\n"),
    );
    let none: [(String, String, String); 0] = [];
    assert_eq!(
        f.deltas(),
        none,
        "{}",
        f.read("golden/api-contract/pings.json")
    );
    // Near miss: the build's module changes what `Ping` is.
    f.write(
        "src/eventfd.rs",
        &module.replace("impl Ping {\n    pub fn ping(&self) {}\n}", ""),
    );
    assert!(
        f.deltas()
            .contains(&delta("breaking", "method_removed", "Ping")),
        "{:?}",
        f.deltas()
    );
}

#[test]
fn a_call_of_the_crate_s_own_macro_the_command_cannot_expand_is_said() {
    // The crate builds, so rustc matched the call: what the command cannot read is
    // its own shortfall, said rather than dropped (lofty 0.25's `accessor_trait!`
    // wrote its trait through a `>>` the matcher did not split).
    let f = api_package("own_macro", "");
    f.write(
        "src/lib.rs",
        "macro_rules! make {\n    ($n:ident ; $t:ty) => { pub trait $n { fn f(&self) -> $t; } };\n}\n\
         make!(Acc, u8);\npub struct S;\n",
    );
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stderr
            .contains("this call of the crate's `make!` matches none of its rules"),
        "{run:?}"
    );
    // Near miss: a call the command expands says nothing.
    f.write(
        "src/lib.rs",
        "macro_rules! make {\n    ($n:ident , $t:ty) => { pub trait $n { fn f(&self) -> $t; } };\n}\n\
         make!(Acc, u8);\npub struct S;\n",
    );
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(!run.stderr.contains("make!"), "{run:?}");
    assert!(f
        .read("golden/api-contract/own_macro.json")
        .contains("\"Acc\""));
}

/// `::name::…` leaves the crate since edition 2018, whatever the module names `name`
/// (ed25519-dalek 3: `mod signature;` beside `pub use ::signature::DigestSigner;`, a
/// re-export left out of the golden, its release read as a removal); in edition 2015
/// it is the crate root's `name`.
#[test]
fn an_absolute_path_re_exports_the_dependency_beside_a_module_of_its_name() {
    let f = dependency_workspace(
        "signer",
        ("signature", ""),
        "signature = { path = \"../dep\" }",
    );
    f.write("dep/src/lib.rs", "pub trait Signer {}\n");
    f.write(
        "lib/src/lib.rs",
        "mod signature {\n    pub trait Verifier {}\n}\npub use ::signature::Signer;\n",
    );
    let run = f.run(&["update", "--set", "api"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden = f.read("lib/golden/api-contract/signer.json");
    assert!(
        golden.contains("\"target\": \"signature::Signer\""),
        "{golden}"
    );
    f.edit("lib/src/lib.rs", "pub use ::signature::Signer;\n", "");
    assert_eq!(
        f.deltas_of("signer"),
        [delta("breaking", "symbol_removed", "Signer")],
    );

    // Edition 2015: the same path names the crate's own module.
    f.edit("lib/Cargo.toml", "edition = \"2021\"", "edition = \"2015\"");
    f.write(
        "lib/src/lib.rs",
        "mod signature {\n    pub trait Signer {}\n}\npub use ::signature::Signer;\n",
    );
    let run = f.run(&["update", "--set", "api"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden = f.read("lib/golden/api-contract/signer.json");
    assert!(
        golden.contains("\"kind\": \"trait\"") && !golden.contains("\"reexport\""),
        "{golden}"
    );
}

/// A proc-macro crate exports macros: its derive re-exported beside another crate's
/// trait of the same name is a second item (sqlx 0.9: `pub use sqlx_macros::FromRow;`
/// beside `pub use sqlx_core::from_row::FromRow;`; update stopped on "two pinned items
/// are named `FromRow`"), named `FromRow!` as the crate's own macros are; alone, it
/// keeps its bare path.
#[test]
fn a_proc_macro_crate_s_derive_beside_a_trait_of_its_name_is_a_macro() {
    let f = dependency_workspace(
        "shapes",
        ("derives", "[lib]\nproc-macro = true\n"),
        "derives = { path = \"../dep\" }",
    );
    f.write(
        "dep/src/lib.rs",
        "extern crate proc_macro;\nuse proc_macro::TokenStream;\n\n\
         #[proc_macro_derive(Shape)]\npub fn shape(_: TokenStream) -> TokenStream {\n    \
         TokenStream::new()\n}\n\n\
         #[proc_macro_derive(Alone)]\npub fn alone(_: TokenStream) -> TokenStream {\n    \
         TokenStream::new()\n}\n",
    );
    f.write(
        "lib/src/lib.rs",
        "pub use std::fmt::Display as Shape;\npub use derives::Shape;\npub use derives::Alone;\n",
    );
    let run = f.run(&["update", "--set", "api"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden: serde_json::Value =
        serde_json::from_str(&f.read("lib/golden/api-contract/shapes.json")).unwrap();
    let target = |name: &str| golden["symbols"][name]["shape"]["item"]["target"].clone();
    assert_eq!(target("Shape"), "std::fmt::Display", "{golden}");
    assert_eq!(target("Shape!"), "derives::Shape", "{golden}");
    assert_eq!(target("Alone"), "derives::Alone", "{golden}");
    f.edit("lib/src/lib.rs", "pub use derives::Shape;\n", "");
    assert_eq!(
        f.deltas_of("shapes"),
        [delta("breaking", "symbol_removed", "Shape!")],
    );
}

/// musli 0.2: `pub use musli_core::__macros::Decode;` beside `pub use
/// musli_core::de::__traits::Decode;`, where musli-core holds `pub use musli_macros as
/// __macros;` and musli-macros is a proc-macro crate. A name under a dependency's
/// module that is a proc-macro crate renamed is a macro, as one of the proc-macro
/// crate itself is: the update had stopped on "two pinned items are named
/// `de::Decode`".
#[test]
fn a_derive_re_exported_through_a_dependency_s_renamed_macro_crate_is_a_macro() {
    let f = Fixture::new();
    f.write(
        "Cargo.toml",
        "[workspace]\nmembers = [\"lib\"]\nresolver = \"2\"\n",
    );
    let manifest = |name: &str, more: &str| {
        format!("[package]\nname = \"{name}\"\nversion = \"0.2.0\"\nedition = \"2021\"\n{more}")
    };
    f.write(
        "macros/Cargo.toml",
        &manifest("codec-macros", "[lib]\nproc-macro = true\n"),
    );
    f.write(
        "macros/src/lib.rs",
        "extern crate proc_macro;\nuse proc_macro::TokenStream;\n\n\
         #[proc_macro_derive(Decode)]\npub fn decode(_: TokenStream) -> TokenStream {\n    \
         TokenStream::new()\n}\n",
    );
    f.write(
        "core/Cargo.toml",
        &manifest(
            "codec-core",
            "[dependencies]\ncodec-macros = { path = \"../macros\" }\n",
        ),
    );
    f.write(
        "core/src/lib.rs",
        "pub use codec_macros as __macros;\n\
         pub mod de {\n    pub mod __traits {\n        pub trait Decode {}\n    }\n}\n",
    );
    f.write(
        "lib/Cargo.toml",
        &manifest(
            "codec",
            "[dependencies]\ncodec-core = { path = \"../core\" }\n",
        ),
    );
    f.write(
        "lib/src/lib.rs",
        "pub mod de {\n    pub use codec_core::__macros::Decode;\n    \
         pub use codec_core::de::__traits::Decode;\n}\n",
    );
    f.write("contract-pin.toml", "[set.api]\npublic_api = true\n");
    f.write(
        "Cargo.lock",
        "version = 4\n\n\
         [[package]]\nname = \"codec\"\nversion = \"0.2.0\"\ndependencies = [\"codec-core\"]\n\n\
         [[package]]\nname = \"codec-core\"\nversion = \"0.2.0\"\ndependencies = [\"codec-macros\"]\n\n\
         [[package]]\nname = \"codec-macros\"\nversion = \"0.2.0\"\n",
    );
    let run = f.run(&["update", "--set", "api"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden: serde_json::Value =
        serde_json::from_str(&f.read("lib/golden/api-contract/codec.json")).unwrap();
    let target = |name: &str| golden["symbols"][name]["shape"]["item"]["target"].clone();
    assert_eq!(
        target("de::Decode"),
        "codec_core::de::__traits::Decode",
        "{golden}"
    );
    assert_eq!(
        target("de::Decode!"),
        "codec_core::__macros::Decode",
        "{golden}"
    );
    f.edit(
        "lib/src/lib.rs",
        "pub use codec_core::__macros::Decode;\n",
        "",
    );
    assert_eq!(
        f.deltas_of("codec"),
        [delta("breaking", "symbol_removed", "de::Decode!")],
    );
}

/// An `extern` block of private items is no public API and no warning (every FFI
/// crate has its own bindings: ring 0.17 gave six "cannot be recorded" warnings);
/// items a crate's macro writes into a block are read like any others; a call that
/// does not expand is said.
#[test]
fn private_extern_blocks_are_silent_and_macro_written_items_are_read() {
    let f = api_package("ffi", "");
    let src = "extern \"C\" {\n    fn abs(x: i32) -> i32;\n}\n\
               macro_rules! item {\n    { $($i:item)* } => { $($i)* };\n}\n\
               macro_rules! ext {\n    { $( $vis:vis fn $name:ident ( $( $a:ident : $t:ty ),* ) -> $r:ty; )+ } => {\n        \
               extern \"C\" {\n            $( item! { $vis fn $name ( $( $a : $t ),* ) -> $r; } )+\n        }\n    };\n}\n\
               ext! {\n    fn labs(x: i64) -> i64;\n}\n\
               ext! {\n    pub fn llabs(x: i64) -> i64;\n}\n\
               pub fn f(x: i32) -> i32 {\n    unsafe { abs(x) }\n}\n";
    f.write("src/lib.rs", src);
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(!run.stderr.contains("warning"), "{run:?}");
    let golden: serde_json::Value =
        serde_json::from_str(&f.read("golden/api-contract/ffi.json")).unwrap();
    let names: Vec<&String> = golden["symbols"].as_object().unwrap().keys().collect();
    assert_eq!(names, ["f", "llabs"]);

    f.write(
        "src/lib.rs",
        &src.replace(
            "ext! {\n    fn labs",
            "extern \"C\" {\n    unknown_macro! { fn labs(x: i64) -> i64; }\n}\next! {\n    fn labs",
        ),
    );
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stderr
            .contains("this `extern` block calls `unknown_macro!` among its items"),
        "{run:?}"
    );
}

/// A package that is also a dependency of the workspace from the registry (rustix 1.1,
/// through its dev-dependencies): its build script is run by its own package ID, not
/// by `name@version`, which cargo refuses as ambiguous (1,915 of rustix's items were
/// taken as "cannot evaluate" on a fresh checkout). The registry here is a vendored
/// directory, so no network is needed.
#[test]
fn a_build_script_runs_when_the_registry_has_the_package_too() {
    let f = Fixture::new();
    f.write(
        "Cargo.toml",
        "[workspace]\nmembers = [\"lib\"]\nresolver = \"2\"\n",
    );
    f.write(
        ".cargo/config.toml",
        "[source.crates-io]\nreplace-with = \"vendored\"\n[source.vendored]\ndirectory = \"vendor\"\n",
    );
    f.write(
        "lib/Cargo.toml",
        "[package]\nname = \"dup\"\nversion = \"0.1.0\"\nedition = \"2021\"\nbuild = \"build.rs\"\n\
         [dev-dependencies]\nhelper = \"0.1\"\n",
    );
    f.write(
        "lib/build.rs",
        "fn main() {\n    println!(\"cargo::rustc-check-cfg=cfg(has_x)\");\n    \
         println!(\"cargo::rustc-cfg=has_x\");\n}\n",
    );
    f.write(
        "lib/src/lib.rs",
        "#[cfg(has_x)]\npub fn only_with_x() {}\npub fn always() {}\n",
    );
    for (name, manifest) in [("helper", "[dependencies]\ndup = \"0.1\"\n"), ("dup", "")] {
        f.write(
            &format!("vendor/{name}/Cargo.toml"),
            &format!(
                "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n{manifest}"
            ),
        );
        f.write(&format!("vendor/{name}/src/lib.rs"), "");
        f.write(
            &format!("vendor/{name}/.cargo-checksum.json"),
            "{\"files\":{},\"package\":null}",
        );
    }
    f.write("contract-pin.toml", "[set.api]\npublic_api = true\n");
    // Cargo reads `.cargo/config.toml` from the directory it runs in, as a user's
    // shell in the workspace gives it.
    let run = support::finish(
        f.command(&["update"], &[])
            .current_dir(f.path("."))
            .output()
            .unwrap(),
    );
    assert_eq!(run.code, 0, "{run:?}");
    assert!(!run.stderr.contains("cannot evaluate"), "{run:?}");
    let golden = f.read("lib/golden/api-contract/dup.json");
    assert!(golden.contains("\"only_with_x\""), "{golden}");
}

/// An alias named like the std type it names (`type Result<T> = std::result::Result<T,
/// Error>`) that moves into a submodule and is re-exported where it was (tower-lsp
/// 0.20's `jsonrpc::Result`): its target is the same type, spelt the golden's way; only
/// an alias whose target would read as the alias itself keeps its own spelling.
#[test]
fn an_alias_named_like_its_std_target_moved_into_a_submodule_is_no_change() {
    let f = api_package("rpc", "");
    f.write("src/lib.rs", "pub mod jsonrpc;\n");
    f.write(
        "src/jsonrpc.rs",
        "pub use self::error::Error;\nmod error;\n\
         pub type Result<T> = std::result::Result<T, Error>;\n",
    );
    f.write("src/jsonrpc/error.rs", "pub struct Error;\n");
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    f.write(
        "src/jsonrpc.rs",
        "pub use self::error::{Error, Result};\nmod error;\n",
    );
    f.write(
        "src/jsonrpc/error.rs",
        "pub struct Error;\npub type Result<T> = std::result::Result<T, Error>;\n",
    );
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "{run:?}");
}

/// litemap 0.8.2 → 0.8.3: `fn keys(&'a self) -> impl DoubleEndedIterator<Item = &'a K>`
/// became `-> KeysIterWrap<S::KeyValueIter>`, a type of the crate (no consumer can name
/// it) whose impls make it a double-ended iterator of `&'a K` for what `S`'s trait
/// declares of `S::KeyValueIter`: every old use compiles. The rule reads the trait
/// impls the sources hold, so the near misses change only them.
#[test]
fn an_opaque_return_that_becomes_a_type_implementing_its_bounds_is_no_break() {
    let f = api_package("pairs", "");
    f.write(
        "src/lib.rs",
        "mod map;\npub mod store;\npub use map::Map;\n",
    );
    f.write(
        "src/store.rs",
        "pub trait Store<'a, K: 'a, V: 'a> {\n    \
         type Iter: Iterator<Item = (&'a K, &'a V)> + DoubleEndedIterator + 'a;\n    \
         fn pairs(&'a self) -> Self::Iter;\n}\n",
    );
    let map = |ret: &str, body: &str, impls: &str| {
        format!(
            "use crate::store::*;\n\n\
             pub struct Map<K, V, S> {{\n    values: S,\n    kv: core::marker::PhantomData<(K, V)>,\n}}\n\n\
             impl<'a, K: 'a, V: 'a, S> Map<K, V, S>\nwhere\n    S: Store<'a, K, V>,\n{{\n    \
             pub fn keys(&'a self) -> {ret} {{\n        {body}\n    }}\n}}\n\n{impls}"
        )
    };
    let keys = "pub struct Keys<I> {\n    iter: I,\n}\n\n\
        impl<K, V, I: Iterator<Item = (K, V)>> Iterator for Keys<I> {\n    type Item = K;\n    \
        fn next(&mut self) -> Option<K> {\n        self.iter.next().map(|kv| kv.0)\n    }\n}\n\n\
        impl<K, V, I: DoubleEndedIterator<Item = (K, V)>> DoubleEndedIterator for Keys<I> {\n    \
        fn next_back(&mut self) -> Option<K> {\n        self.iter.next_back().map(|kv| kv.0)\n    }\n}\n";
    f.write(
        "src/map.rs",
        &map(
            "impl DoubleEndedIterator<Item = &'a K>",
            "self.values.pairs().map(|kv| kv.0)",
            "",
        ),
    );
    assert_eq!(f.run(&["update"]).code, 0);
    let named = |impls: &str| map("Keys<S::Iter>", "Keys { iter: self.values.pairs() }", impls);
    f.write("src/map.rs", &named(keys));
    assert_eq!(
        f.deltas(),
        [delta("additive", "return_type_changed", "Map")],
        "{}",
        f.read("src/map.rs")
    );
    // Near misses: no longer double-ended; iterating the values; an impl that needs
    // what the store's trait does not declare (`ExactSizeIterator`).
    let near = [
        keys.replace(
            "impl<K, V, I: DoubleEndedIterator<Item = (K, V)>> DoubleEndedIterator for Keys<I>",
            "impl<K, V, I: DoubleEndedIterator<Item = (K, V)>> Keys<I>",
        ),
        keys.replace("type Item = K;", "type Item = V;"),
        keys.replace(
            "impl<K, V, I: DoubleEndedIterator<Item = (K, V)>>",
            "impl<K, V, I: DoubleEndedIterator<Item = (K, V)> + ExactSizeIterator>",
        ),
    ];
    for impls in near {
        f.write("src/map.rs", &named(&impls));
        assert_eq!(
            f.deltas(),
            [delta("breaking", "return_type_changed", "Map")],
            "{impls}"
        );
    }
}

/// postage 0.5: a field that became `parking_lot::RwLockReadGuard<'t, T>`, parking_lot's
/// alias of `lock_api::RwLockReadGuard<'t, RawRwLock, T>`, where lock_api is a
/// dependency of the dependency only and re-exports the guard from a module. Its auto
/// traits are read there: a guard holding `&RwLock` (an `UnsafeCell` inside) is not
/// `UnwindSafe`, which the std lock the field held before was. It went unseen ("cannot
/// tell": the crate lock_api was not read).
#[test]
fn auto_traits_are_read_through_a_dependency_of_a_dependency() {
    let f = dependency_workspace(
        "user",
        ("locks", "[dependencies]\nraw = { path = \"../inner\" }\n"),
        "locks = { path = \"../dep\" }",
    );
    f.write(
        "inner/Cargo.toml",
        "[package]\nname = \"raw\"\nversion = \"0.4.0\"\nedition = \"2021\"\n",
    );
    f.write("inner/src/lib.rs", "mod lock;\npub use crate::lock::*;\n");
    f.write(
        "inner/src/lock.rs",
        "pub struct Lock<R, T> {\n    raw: R,\n    data: core::cell::UnsafeCell<T>,\n}\n\n\
         pub struct Guard<'a, R, T> {\n    lock: &'a Lock<R, T>,\n}\n",
    );
    f.write(
        "dep/src/lib.rs",
        "pub struct RawLock(u8);\n\n\
         pub type Lock<T> = raw::Lock<RawLock, T>;\n\n\
         pub type Guard<'a, T> = raw::Guard<'a, RawLock, T>;\n",
    );
    f.write(
        "Cargo.lock",
        "version = 4\n\n[[package]]\nname = \"locks\"\nversion = \"0.2.0\"\ndependencies = [\"raw\"]\n\n\
         [[package]]\nname = \"raw\"\nversion = \"0.4.0\"\n\n\
         [[package]]\nname = \"user\"\nversion = \"0.1.0\"\ndependencies = [\"locks\"]\n",
    );
    let user = |field: &str| {
        format!("pub struct Ref<'t> {{\n    lock: {field},\n}}\n\npub struct Owned {{\n    lock: locks::Lock<u8>,\n}}\n")
    };
    f.write(
        "lib/src/lib.rs",
        &user("std::sync::RwLockReadGuard<'t, u8>"),
    );
    let run = f.run(&["update", "--set", "api"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden: serde_json::Value =
        serde_json::from_str(&f.read("lib/golden/api-contract/user.json")).unwrap();
    // Read through the alias into the dependency's dependency: `UnsafeCell` is
    // `UnwindSafe` but not `RefUnwindSafe`.
    assert_eq!(
        golden["symbols"]["Owned"]["shape"]["auto_traits"]["RefUnwindSafe"], "no",
        "{golden}"
    );
    assert_eq!(
        golden["symbols"]["Owned"]["shape"]["auto_traits"]["UnwindSafe"], "yes",
        "{golden}"
    );
    f.write("lib/src/lib.rs", &user("locks::Guard<'t, u8>"));
    let deltas = f.deltas_of("user");
    assert!(
        deltas.contains(&delta("breaking", "auto_trait_removed", "Ref")),
        "{deltas:?}"
    );
}

/// osmpbf 0.3.7: `mod proto { include!(concat!(env!("OUT_DIR"), "/mod.rs")); }`, the
/// generated `mod.rs` declaring `pub mod fileformat;`. rustc reads a module an included
/// file declares beside that file, not below the including module's directory: the
/// update stopped on "cannot read module file src/proto/fileformat.rs".
#[test]
fn a_module_an_included_file_declares_is_read_beside_that_file() {
    let f = api_package("inc", "");
    f.write(
        "src/lib.rs",
        "pub mod proto {\n    include!(\"gen/mod.rs\");\n}\n",
    );
    f.write("src/gen/mod.rs", "pub mod part;\n");
    f.write("src/gen/part.rs", "pub struct Part;\n");
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden: serde_json::Value =
        serde_json::from_str(&f.read("golden/api-contract/inc.json")).unwrap();
    assert!(
        golden["symbols"]["proto::part::Part"].is_object(),
        "{golden}"
    );
}

/// sequoia-net 0.30 → 0.31: `hyper::StatusCode` → `http::StatusCode`, hyper's `pub use
/// http::StatusCode;` (and `reqwest::Url` → `url::Url`). A dependency's re-export of a
/// third crate's item is that item, read in the dependency's own dependencies' names:
/// three false breaks ("compared as written").
#[test]
fn a_dependency_s_re_export_of_a_third_crate_is_that_crate_s_item() {
    let f = dependency_workspace(
        "user",
        (
            "client",
            "[dependencies]\ncodes = { path = \"../inner\" }\n",
        ),
        "client = { path = \"../dep\" }\ncodes = { path = \"../inner\" }",
    );
    f.write(
        "inner/Cargo.toml",
        "[package]\nname = \"codes\"\nversion = \"1.0.0\"\nedition = \"2021\"\n",
    );
    f.write(
        "inner/src/lib.rs",
        "pub mod status {\n    pub struct Code(pub u16);\n    pub struct Other;\n}\npub use crate::status::{Code, Other};\n",
    );
    f.write(
        "dep/src/lib.rs",
        "pub use codes::Code;\npub struct Client;\n",
    );
    f.write(
        "Cargo.lock",
        "version = 4\n\n[[package]]\nname = \"client\"\nversion = \"0.2.0\"\ndependencies = [\"codes\"]\n\n\
         [[package]]\nname = \"codes\"\nversion = \"1.0.0\"\n\n\
         [[package]]\nname = \"user\"\nversion = \"0.1.0\"\ndependencies = [\"client\", \"codes\"]\n",
    );
    f.write(
        "lib/src/lib.rs",
        "pub fn code() -> client::Code {\n    todo!()\n}\n",
    );
    let run = f.run(&["update", "--set", "api"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden: serde_json::Value =
        serde_json::from_str(&f.read("lib/golden/api-contract/user.json")).unwrap();
    assert_eq!(
        golden["dependency_paths"]["client::Code"], "codes::status::Code",
        "{golden}"
    );
    f.write(
        "lib/src/lib.rs",
        "pub fn code() -> codes::Code {\n    todo!()\n}\n",
    );
    assert_eq!(f.deltas_of("user"), Vec::new());
    // Near miss: another item of the third crate.
    f.write(
        "lib/src/lib.rs",
        "pub fn code() -> codes::Other {\n    todo!()\n}\n",
    );
    assert_eq!(
        f.deltas_of("user"),
        vec![delta("breaking", "return_type_changed", "code")]
    );
}

/// The lock file of `dependency_workspace("user", ("digest", …), …)` with the
/// dependency at `version`.
fn lock_with_digest(version: &str) -> String {
    format!(
        "version = 4\n\n[[package]]\nname = \"digest\"\nversion = \"{version}\"\n\n\
         [[package]]\nname = \"user\"\nversion = \"0.1.0\"\ndependencies = [\"digest\"]\n"
    )
}

/// A private field of a dependency's type (see below).
const HOLDER: &str = "pub struct Holder {\n    inner: unnamed::Unused,\n}\n";

/// hmac 0.13's `digest` 0.10 → 0.11 (a true break nothing saw: the paths read the
/// same) and ssh-encoding 0.3's `base64 = { package = "base64ct" }` → `base64ct` (one
/// crate, a false break): a golden records each dependency its paths name as its
/// package and semver-compatible series, so the same name for another series is one
/// breaking delta and the same crate under another name is no change.
#[test]
fn a_dependency_is_its_package_and_series_not_its_name() {
    let f = dependency_workspace(
        "user",
        ("digest", ""),
        "digest = { path = \"../dep\", version = \"0.2\" }\nunnamed = { path = \"../unnamed\", version = \"1\" }",
    );
    f.write(
        "unnamed/Cargo.toml",
        "[package]\nname = \"unnamed\"\nversion = \"1.0.0\"\nedition = \"2021\"\n",
    );
    f.write("unnamed/src/lib.rs", "pub struct Unused;\n");
    f.write("dep/src/lib.rs", "pub struct Block;\npub struct Other;\n");
    f.write(
        "lib/src/lib.rs",
        &format!("pub fn block() -> digest::Block {{\n    todo!()\n}}\n{HOLDER}"),
    );
    let run = f.run(&["update", "--set", "api"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden: serde_json::Value =
        serde_json::from_str(&f.read("lib/golden/api-contract/user.json")).unwrap();
    // Only what the API names: `unnamed` is a private field's type, which no consumer
    // meets (uuid 1.9's `atomic` 0.5 -> 0.6, petgraph 0.6.4's `indexmap` 1 -> 2).
    assert_eq!(
        golden["dependency_versions"],
        serde_json::json!({"digest": "digest 0.2"}),
        "{golden}"
    );
    assert_eq!(golden["format_version"], 14);
    let manifest = |dependency: &str| {
        format!(
            "[package]\nname = \"user\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\
             [dependencies]\n{dependency}\nunnamed = {{ path = \"../unnamed\", version = \"1\" }}\n"
        )
    };
    let dep_at = |version: &str| {
        f.write(
            "dep/Cargo.toml",
            &format!("[package]\nname = \"digest\"\nversion = \"{version}\"\nedition = \"2021\"\n"),
        );
        f.write("Cargo.lock", &lock_with_digest(version));
    };
    // The same crate under another name: no change.
    f.write(
        "lib/Cargo.toml",
        &manifest("hash = { package = \"digest\", path = \"../dep\", version = \"0.2\" }"),
    );
    f.write(
        "lib/src/lib.rs",
        &format!("pub fn block() -> hash::Block {{\n    todo!()\n}}\n{HOLDER}"),
    );
    assert_eq!(f.deltas_of("user"), Vec::new());
    // Near miss: another item of it.
    f.write(
        "lib/src/lib.rs",
        &format!("pub fn block() -> hash::Other {{\n    todo!()\n}}\n{HOLDER}"),
    );
    assert_eq!(
        f.deltas_of("user"),
        vec![delta("breaking", "return_type_changed", "block")]
    );
    // Another series under the same name: one delta, on the dependency.
    dep_at("0.3.0");
    f.write(
        "lib/Cargo.toml",
        &manifest("digest = { path = \"../dep\", version = \"0.3\" }"),
    );
    f.write(
        "lib/src/lib.rs",
        &format!("pub fn block() -> digest::Block {{\n    todo!()\n}}\n{HOLDER}"),
    );
    assert_eq!(
        f.deltas_of("user"),
        vec![delta(
            "breaking",
            "public_dependency_changed",
            "dependencies.digest"
        )]
    );
    let (_, json) = f.json();
    let text = json.to_string();
    assert!(
        text.contains("`digest` is digest 0.3, was digest 0.2"),
        "{json:#}"
    );
    // Near miss: another series under another name is another crate, its paths too.
    f.write(
        "lib/Cargo.toml",
        &manifest("hash = { package = \"digest\", path = \"../dep\", version = \"0.3\" }"),
    );
    f.write(
        "lib/src/lib.rs",
        &format!("pub fn block() -> hash::Block {{\n    todo!()\n}}\n{HOLDER}"),
    );
    assert_eq!(
        f.deltas_of("user"),
        vec![delta("breaking", "return_type_changed", "block")]
    );
}

/// legion 0.4: `pub use legion_codegen::system;`, legion_codegen 0.3 -> 0.4, read as
/// `public_dependency_changed`. A proc-macro crate exports macros only: no consumer meets
/// a type of it, so another series of it is no other type (the macro's own expansion is
/// not read here, as no proc macro's is). A library crate in its place is one.
#[test]
fn a_proc_macro_dependency_of_another_series_is_no_change() {
    for (lib, delta_expected) in [("[lib]\nproc-macro = true\n", false), ("", true)] {
        let f = dependency_workspace(
            "user",
            ("codegen", lib),
            "codegen = { path = \"../dep\", version = \"0.2\" }",
        );
        f.write(
            "dep/src/lib.rs",
            "extern crate proc_macro;\nuse proc_macro::TokenStream;\n\
             #[proc_macro_attribute]\npub fn system(_: TokenStream, item: TokenStream) -> TokenStream {\n    item\n}\n",
        );
        f.write("lib/src/lib.rs", "pub use codegen::system;\n");
        let run = f.run(&["update", "--set", "api"]);
        assert_eq!(run.code, 0, "{run:?}");
        f.write(
            "dep/Cargo.toml",
            &format!(
                "[package]\nname = \"codegen\"\nversion = \"0.3.0\"\nedition = \"2021\"\n{lib}"
            ),
        );
        f.write(
            "lib/Cargo.toml",
            "[package]\nname = \"user\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\
             [dependencies]\ncodegen = { path = \"../dep\", version = \"0.3\" }\n",
        );
        f.write(
            "Cargo.lock",
            "version = 4\n\n[[package]]\nname = \"codegen\"\nversion = \"0.3.0\"\n\n\
             [[package]]\nname = \"user\"\nversion = \"0.1.0\"\ndependencies = [\"codegen\"]\n",
        );
        let expected = match delta_expected {
            true => vec![delta(
                "breaking",
                "public_dependency_changed",
                "dependencies.codegen",
            )],
            false => Vec::new(),
        };
        assert_eq!(
            f.deltas_of("user"),
            expected,
            "proc macro: {}",
            !delta_expected
        );
    }
}

/// speedy 0.8.7: `mod ext_indexmap_v1 { use indexmap_v1::{IndexMap, IndexSet};
/// include!("ext_indexmap.rs"); }`: the included file's `impl … for IndexMap<K, V, S>`
/// is written in the module's names, the including file's `use` among them (it was
/// recorded as a bare `IndexMap<K, V, S>`, another type than the golden's).
#[test]
fn an_included_file_reads_the_names_the_including_file_imports() {
    let f = dependency_workspace(
        "user",
        ("maps", ""),
        "maps = { path = \"../dep\", version = \"0.2\" }",
    );
    f.write("dep/src/lib.rs", "pub struct Map;\n");
    f.write(
        "lib/src/lib.rs",
        "pub mod ext {\n    use maps::Map;\n    include!(\"ext.rs\");\n}\n",
    );
    f.write(
        "lib/src/ext.rs",
        "pub fn size(_: &Map) -> usize {\n    0\n}\n",
    );
    let run = f.run(&["update", "--set", "api"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden: serde_json::Value =
        serde_json::from_str(&f.read("lib/golden/api-contract/user.json")).unwrap();
    let params = &golden["symbols"]["ext::size"]["shape"]["item"]["params"];
    assert_eq!(params[0]["ty"], "&maps::Map", "{golden}");
}

/// fjall 3.1.13: `pub use tx::TxDatabase as SingleWriterTxDatabase;` became `pub struct
/// SingleWriterTxDatabase` itself. The golden wrote `Self` as the definition's name,
/// `TxDatabase`, which nothing names now: two false breaks. It records the name the
/// definition gave (`defined_as`), read as the item's public path.
#[test]
fn a_definition_given_its_re_exported_name_is_no_change() {
    let f = api_package("fj", "");
    f.write(
        "src/lib.rs",
        "mod tx;\npub use tx::TxDatabase as SingleWriterTxDatabase;\n",
    );
    f.write(
        "src/tx.rs",
        "pub struct TxDatabase {\n    x: u8,\n}\nimpl TxDatabase {\n    pub fn open() -> Result<Self, ()> {\n        Err(())\n    }\n}\n",
    );
    let run = f.run(&["update", "--set", "api"]);
    assert_eq!(run.code, 0, "{run:?}");
    let golden: serde_json::Value =
        serde_json::from_str(&f.read("golden/api-contract/fj.json")).unwrap();
    assert_eq!(
        golden["symbols"]["SingleWriterTxDatabase"]["shape"]["defined_as"], "TxDatabase",
        "{golden}"
    );
    f.write(
        "src/lib.rs",
        "mod tx;\npub use tx::SingleWriterTxDatabase;\n",
    );
    f.write(
        "src/tx.rs",
        "pub struct SingleWriterTxDatabase {\n    x: u8,\n}\nimpl SingleWriterTxDatabase {\n    pub fn open() -> Result<Self, ()> {\n        Err(())\n    }\n}\n",
    );
    assert_eq!(f.deltas_of("fj"), Vec::new());
    // Near miss: `open` now returns another type of the crate.
    f.write(
        "src/tx.rs",
        "pub struct SingleWriterTxDatabase {\n    x: u8,\n}\npub struct Other;\nimpl SingleWriterTxDatabase {\n    pub fn open() -> Result<Other, ()> {\n        Err(())\n    }\n}\n",
    );
    assert_eq!(
        f.deltas_of("fj"),
        vec![delta(
            "breaking",
            "return_type_changed",
            "SingleWriterTxDatabase"
        )]
    );
}
