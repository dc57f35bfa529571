//! What the command cannot decide makes no delta: an item or member under a `#[cfg]`
//! it cannot evaluate (a build script's cfg before the script has run) is taken as the
//! golden has it, in attribute-pinned and public-API sets alike. A golden written where
//! the build decided (by `cargo test`, or by `update` after a build) is not contradicted
//! on a fresh clone; what really changed still is.

mod support;

use support::{delta, Fixture};

const GOLDEN: &str = "golden/api-contract/vers.json";

/// A package whose build script (never run here) would print the cfgs.
fn package(f: &Fixture, contract_pin_toml: &str, lib: &str) {
    f.write(
        "Cargo.toml",
        "[package]\nname = \"vers\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    f.write(
        "build.rs",
        // A script that cannot run here (as one needing a system library this machine
        // lacks): the command cannot learn its cfgs, which it would print on an old
        // compiler (`cargo:rustc-cfg=no_const_vec_new`).
        "fn main() {\n    panic!(\"libfoo not found\");\n}\n",
    );
    f.write("contract-pin.toml", contract_pin_toml);
    f.write("src/lib.rs", lib);
}

const PINNED: &str = r#"#[contract_pin::contract(set = "api")]
pub struct VersionReq {
    pub comparators: Vec<u8>,
}

#[contract_pin::contract(set = "api")]
impl VersionReq {
    pub const STAR: u8 = 0;
    pub fn parse(text: &str) -> u8 {
        text.len() as u8
    }
}
"#;

#[test]
fn an_impl_member_under_a_build_script_cfg_is_taken_as_the_golden_has_it() {
    let f = Fixture::new();
    // The golden as a build that has `STAR` wrote it.
    package(&f, "", PINNED);
    assert_eq!(f.run(&["update"]).code, 0);
    let golden = f.read(GOLDEN);
    assert!(golden.contains("STAR"), "{golden}");
    f.edit(
        "src/lib.rs",
        "    pub const STAR: u8 = 0;",
        "    #[cfg(not(no_const_vec_new))]\n    pub const STAR: u8 = 0;",
    );
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stderr.contains("taken as the golden has it"), "{run:?}");
    // `update` keeps it.
    assert_eq!(f.run(&["update"]).code, 0);
    assert_eq!(f.read(GOLDEN), golden);
    // The near miss: a member the build decides about is held to the golden.
    f.edit(
        "src/lib.rs",
        "    pub fn parse(text: &str) -> u8 {",
        "    pub fn parse(text: &str, strict: bool) -> u8 {\n        let _ = strict;",
    );
    assert!(f
        .deltas()
        .iter()
        .any(|(class, kind, _)| class == "breaking" && kind == "required_arg_added"));
}

#[test]
fn a_public_api_item_field_or_variant_under_a_build_script_cfg_makes_no_delta() {
    let f = Fixture::new();
    let lib = "pub struct Options {\n    pub width: usize,\n    pub indent: usize,\n}\n\
               pub enum Mode {\n    Fast,\n    Slow,\n}\n\
               pub fn star() -> u8 {\n    0\n}\n";
    package(&f, "[set.api]\npublic_api = true\n", lib);
    assert_eq!(f.run(&["update"]).code, 0);
    let golden = f.read(GOLDEN);
    let lib = lib
        .replace("    pub indent", "    #[cfg(has_indent)]\n    pub indent")
        .replace("    Slow", "    #[cfg(has_slow)]\n    Slow")
        .replace("pub fn star", "#[cfg(not(no_star))]\npub fn star");
    f.write("src/lib.rs", &lib);
    assert_eq!(f.deltas(), []);
    assert_eq!(f.run(&["update"]).code, 0);
    assert_eq!(f.read(GOLDEN), golden);
    // Removed for good: breaking, each.
    let lib = lib
        .replace("    #[cfg(has_indent)]\n    pub indent: usize,\n", "")
        .replace(
            "#[cfg(not(no_star))]\npub fn star() -> u8 {\n    0\n}\n",
            "",
        );
    f.write("src/lib.rs", &lib);
    let deltas = f.deltas();
    assert!(
        deltas.contains(&delta("breaking", "field_removed", "Options")),
        "{deltas:?}"
    );
    assert!(
        deltas.contains(&delta("breaking", "symbol_removed", "star")),
        "{deltas:?}"
    );
}

/// A variant's field under a cfg the command cannot evaluate is taken as the golden has
/// it: a named field by its name, a tuple field (named by its place, which the fields
/// before it decide) with its whole variant.
#[test]
fn a_variant_field_under_a_build_script_cfg_makes_no_delta() {
    let f = Fixture::new();
    let lib = "pub enum Shape {\n    Circle { radius: u32, label: u8 },\n    Pair(u8, u16),\n}\n";
    package(&f, "[set.api]\npublic_api = true\n", lib);
    assert_eq!(f.run(&["update"]).code, 0);
    let golden = f.read(GOLDEN);
    let lib = lib
        .replace("label: u8", "#[cfg(has_label)]\n        label: u8")
        .replace("Pair(u8", "Pair(#[cfg(has_wide)] u8");
    f.write("src/lib.rs", &lib);
    assert_eq!(f.deltas(), []);
    assert_eq!(f.run(&["update"]).code, 0);
    assert_eq!(f.read(GOLDEN), golden);
    // The near miss: a field the build decides about, removed, breaks.
    f.write("src/lib.rs", &lib.replace("radius: u32, ", ""));
    let deltas = f.deltas();
    assert!(
        deltas
            .iter()
            .any(|(class, _, symbol)| class == "breaking" && symbol == "Shape"),
        "{deltas:?}"
    );
}

/// What is in a module under a cfg the command cannot evaluate is taken as the golden
/// has it, item by item (and through the `pub use` that re-exports from it): the
/// module's file is read, but nothing in it is held as there or gone.
#[test]
fn the_items_of_a_module_under_a_build_script_cfg_make_no_delta() {
    let f = Fixture::new();
    let lib = "pub mod simd;\npub use simd::Lanes;\n";
    let simd = "pub struct Lanes(pub u8);\npub fn width() -> usize {\n    16\n}\n";
    package(&f, "[set.api]\npublic_api = true\n", lib);
    f.write("src/simd.rs", simd);
    assert_eq!(f.run(&["update"]).code, 0);
    let golden = f.read(GOLDEN);
    assert!(golden.contains("\"simd::width\""), "{golden}");
    f.write(
        "src/lib.rs",
        "#[cfg(has_simd)]\npub mod simd;\n#[cfg(has_simd)]\npub use simd::Lanes;\n",
    );
    assert_eq!(f.deltas(), []);
    assert_eq!(f.run(&["update"]).code, 0);
    assert_eq!(f.read(GOLDEN), golden);
    // The near miss: the same module the build decides about, an item gone, breaks.
    f.write("src/lib.rs", lib);
    f.write("src/simd.rs", "pub struct Lanes(pub u8);\n");
    let deltas = f.deltas();
    assert!(
        deltas.contains(&delta("breaking", "symbol_removed", "simd::width")),
        "{deltas:?}"
    );
}

/// A foreign item of an `extern` block under a cfg the command cannot evaluate is taken
/// as the golden has it, as an item of a module is: `-sys` crates gate declarations on
/// the cfgs their build script prints.
#[test]
fn a_foreign_item_under_a_build_script_cfg_makes_no_delta() {
    let f = Fixture::new();
    let lib = "extern \"C\" {\n    pub fn vers_open(flags: i32) -> i32;\n    \
               pub fn vers_close(fd: i32) -> i32;\n}\n";
    package(&f, "[set.api]\npublic_api = true\n", lib);
    assert_eq!(f.run(&["update"]).code, 0);
    let golden = f.read(GOLDEN);
    assert!(golden.contains("vers_close"), "{golden}");
    let gated = lib.replace(
        "    pub fn vers_close",
        "    #[cfg(has_close)]\n    pub fn vers_close",
    );
    f.write("src/lib.rs", &gated);
    assert_eq!(f.deltas(), []);
    assert_eq!(f.run(&["update"]).code, 0);
    assert_eq!(f.read(GOLDEN), golden);
    // The near miss: gone for good, it breaks.
    f.write(
        "src/lib.rs",
        "extern \"C\" {\n    pub fn vers_open(flags: i32) -> i32;\n}\n",
    );
    let deltas = f.deltas();
    assert!(
        deltas.contains(&delta("breaking", "symbol_removed", "vers_close")),
        "{deltas:?}"
    );
}

/// `#[cfg_attr(unix, path = "unix.rs")] mod platform;` (tempfile 3.26): the file is the
/// one the build's cfgs choose. It used to be read as `platform.rs`, which does not
/// exist, and `update` stopped.
#[test]
fn a_module_file_chosen_by_cfg_attr_path_is_the_one_the_build_reads() {
    let f = Fixture::new();
    let lib = "#[cfg_attr(unix, path = \"unix.rs\")]\n\
               #[cfg_attr(windows, path = \"windows.rs\")]\n\
               #[cfg_attr(not(any(unix, windows)), path = \"other.rs\")]\n\
               mod platform;\n\
               pub use self::platform::*;\n";
    package(&f, "[set.api]\npublic_api = true\n", lib);
    f.write("src/unix.rs", "pub fn open(path: &str) -> u8 {\n    0\n}\n");
    f.write(
        "src/windows.rs",
        "pub fn open(path: &[u16]) -> u8 {\n    0\n}\n",
    );
    f.write("src/other.rs", "pub fn open() -> u8 {\n    0\n}\n");
    let run = f.run(&["update"]);
    assert_eq!(run.code, 0, "{run:?}");
    let (read, other) = if cfg!(windows) {
        ("src/windows.rs", "src/unix.rs")
    } else if cfg!(unix) {
        ("src/unix.rs", "src/windows.rs")
    } else {
        ("src/other.rs", "src/unix.rs")
    };
    let golden = f.read(GOLDEN);
    assert!(golden.contains("\"open\""), "{golden}");
    assert_eq!(f.deltas(), []);
    // A file the build does not read changes nothing…
    f.edit(other, "-> u8", "-> u16");
    assert_eq!(f.deltas(), []);
    // … the one it reads is held to the golden.
    f.edit(read, "-> u8", "-> u16");
    let deltas = f.deltas();
    assert!(
        deltas.contains(&delta("breaking", "return_type_changed", "open")),
        "{deltas:?}"
    );
}

/// A `#[cfg_attr(pred, path = …)]` the command cannot evaluate (a build script's cfg)
/// leaves the module undecided: its items are taken as the golden has them.
#[test]
fn a_module_file_chosen_by_a_build_script_cfg_makes_no_delta() {
    let f = Fixture::new();
    let lib = "mod imp;\npub use self::imp::*;\n";
    package(&f, "[set.api]\npublic_api = true\n", lib);
    f.write("src/imp.rs", "pub fn open() -> u8 {\n    0\n}\n");
    assert_eq!(f.run(&["update"]).code, 0);
    let golden = f.read(GOLDEN);
    assert!(golden.contains("\"open\""), "{golden}");
    f.write(
        "src/lib.rs",
        &format!("#[cfg_attr(has_fast_open, path = \"fast.rs\")]\n{lib}"),
    );
    // What the build reads there is not known to the command: not compared.
    f.write(
        "src/fast.rs",
        "pub fn open(fast: bool) -> u8 {\n    fast as u8\n}\n",
    );
    // The build always sets the cfg now: the default file is gone.
    std::fs::remove_file(f.path("src/imp.rs")).unwrap();
    assert_eq!(f.deltas(), []);
    assert_eq!(f.run(&["update"]).code, 0);
    assert_eq!(f.read(GOLDEN), golden);
}
