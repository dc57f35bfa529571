//! The trybuild suite: the meta-tests of every breaking and additive shape.
//!
//! - `ui/breaking/<kind>.rs`: a changed item and its `<kind>.before` original; the
//!   committed `.stderr` shows the compile error under the changed element.
//!   `<kind>.<variant>.rs`: another shape of that kind (its error may be the
//!   compiler's own, as for an `impl` that covers fewer types than a derive did).
//! - `ui/additive/<kind>.rs`: compiles, and its `main` asserts through the library's
//!   API that the change is classified additive.
//! - `ui/invalid/*.rs`: bad input: unsupported items, bad arguments, bad goldens.
//! - `ui/pass/*.rs`: every accepted item kind compiles warning-free.
//!
//! Each fixture's golden (`<name>.golden.json`) is generated from its `.before` file
//! by this test; `CONTRACT_PIN_BLESS=1` rewrites stale ones (never under CI), and
//! `TRYBUILD=overwrite` rewrites `.stderr` files. The policy of the fixtures' sets is
//! `ui/contract-pin.toml`, copied to the root of trybuild's project (a workspace of
//! its own), where the macro and the harness find it.

use std::fs;
use std::path::{Path, PathBuf};

use contract_core::assemble::{assemble, Registered};
use contract_core::policy::file;
use contract_core::syntax::scope::{item_position, FileScopes};
use contract_core::syntax::{args, extract_all};
use contract_core::Golden;

/// trybuild builds every fixture as a binary of one package with this name.
const FIXTURE_PACKAGE: &str = "contract-pin-tests";

fn ui_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui")
}

fn files_with_extension(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == extension))
        .collect();
    out.sort();
    out
}

/// The golden a `.before` file pins: every contract item in it. Modules are left out:
/// trybuild names fixture crates by position (`trybuild007`), which is not stable.
fn golden_of(before: &Path) -> String {
    let source = fs::read_to_string(before).unwrap();
    let file: syn::File =
        syn::parse_str(&source).unwrap_or_else(|e| panic!("{}: {e}", before.display()));
    // Paths resolve through the file's `use`s, as the macro resolves them.
    let scopes = FileScopes::of_file(&source);
    let mut set = None;
    let mut registered = Vec::new();
    for item in &file.items {
        let mut errors = Vec::new();
        let Some(parsed) = args::of_item(item, &mut errors) else {
            continue;
        };
        assert!(errors.is_empty(), "{}: bad attribute", before.display());
        let all = extract_all(item, scopes.at(item_position(item)))
            .unwrap_or_else(|e| panic!("{}: {e}", before.display()));
        let path = parsed
            .path
            .as_ref()
            .map(|(p, _)| contract_core::syntax::tokens::to_string(p));
        for mut extracted in all {
            if let contract_core::Fragment::Item { path: p, .. } = &mut extracted.fragment {
                p.clone_from(&path);
            }
            registered.push(Registered {
                name: parsed.name.clone().unwrap_or(extracted.name),
                module: String::new(),
                fragment: extracted.fragment,
            });
        }
        set = Some(parsed.set);
    }
    let set = set.unwrap_or_else(|| panic!("{}: no contract item", before.display()));
    let mut symbols = assemble(&registered).unwrap();
    for symbol in symbols.values_mut() {
        symbol.module = None;
    }
    Golden::new(&set, FIXTURE_PACKAGE, &symbols).render()
}

/// trybuild builds every fixture in one project of its own, a workspace of its own at
/// `<target>/tests/trybuild/<package>/`: the fixtures' policy file goes to its root.
fn install_policy_file() {
    let source = ui_dir().join(file::FILE_NAME);
    let text = fs::read_to_string(&source).unwrap();
    if let Err(e) = file::parse(&text) {
        panic!("{}", e.located(&source.display().to_string()));
    }
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target directory holds tmp/");
    let project = target
        .join("tests")
        .join("trybuild")
        .join(env!("CARGO_PKG_NAME"));
    fs::create_dir_all(&project).unwrap();
    let installed = project.join(file::FILE_NAME);
    // Rewritten only when it changed, so an unchanged file recompiles nothing.
    if fs::read_to_string(&installed).ok().as_deref() != Some(text.as_str()) {
        fs::write(&installed, text).unwrap();
    }
}

fn bless() -> bool {
    let ci = std::env::var("CI").is_ok_and(|v| !matches!(v.as_str(), "" | "0" | "false"));
    std::env::var("CONTRACT_PIN_BLESS").is_ok_and(|v| v == "1") && !ci
}

/// Every `.before` has a current golden beside it.
fn check_fixture_goldens() {
    let mut stale = Vec::new();
    for category in ["breaking", "additive", "invalid", "pass"] {
        for before in files_with_extension(&ui_dir().join(category), "before") {
            let golden_path = before.with_extension("golden.json");
            let expected = golden_of(&before);
            if fs::read_to_string(&golden_path).ok().as_deref() != Some(expected.as_str()) {
                if bless() {
                    fs::write(&golden_path, expected).unwrap();
                } else {
                    stale.push(golden_path.display().to_string());
                }
            }
        }
    }
    assert!(
        stale.is_empty(),
        "fixture goldens are stale (rerun with CONTRACT_PIN_BLESS=1 to regenerate):\n{}",
        stale.join("\n")
    );
}

#[test]
fn ui() {
    check_fixture_goldens();
    install_policy_file();
    // The committed `.stderr` files show the compile errors a developer sees; under
    // `CI` the macro words them for CI (it names no command CI refuses).
    std::env::remove_var("CI");
    // trybuild links every fixture into a binary of its own (about 130), each with the
    // debug info of everything it links: some 16 GB of build output. Without debug
    // info the same fixtures compile, fail and run with the same diagnostics in a
    // fraction of the space and link time. trybuild's cargo inherits this variable.
    std::env::set_var("CARGO_PROFILE_DEV_DEBUG", "0");
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/breaking/*.rs");
    t.pass("tests/ui/additive/*.rs");
    t.compile_fail("tests/ui/invalid/*.rs");
    t.pass("tests/ui/pass/*.rs");
}

/// Breaking kinds that no single item's expansion can show, and why: the harness
/// reports them.
const NOT_VISIBLE_AT_COMPILE_TIME: &[(&str, &str)] = &[
    (
        "symbol_removed",
        "the item is gone: nothing expands to report it",
    ),
    (
        "symbol_renamed",
        "the macro sees only the new name, which the golden does not know",
    ),
    (
        "symbol_moved",
        "a proc macro cannot know its module path (a changed `path = …` argument it sees)",
    ),
    ("trait_implementor_removed", "the impl block is gone"),
    (
        "method_removed",
        "an impl block sees only its own methods; the method may have moved",
    ),
    ("method_renamed", "as method_removed"),
    (
        "assoc_item_removed",
        "as method_removed: an impl block sees only its own associated items",
    ),
    (
        "auto_trait_removed",
        "only the compiler knows it, once the crate is built: the harness's type probe \
         (contract-cli/tests/api_surface.rs shows it end to end)",
    ),
    ("impl_removed", "as auto_trait_removed"),
    (
        "proc_macro_helper_removed",
        "a fixture here is a bin, which cannot define a proc macro: \
         contract-cli/tests/api_surface.rs builds a proc-macro crate and shows it",
    ),
    (
        "repr_changed",
        "only a representation this vocabulary does not name reaches it (`simd`), which \
         no stable crate can write",
    ),
    (
        "unclassified_change",
        "the safety net: no known change produces it",
    ),
    (
        "feature_no_longer_default",
        "Cargo features are symbols of public-API sets only, read from the manifest by the \
         command (contract-cli/tests/public_api.rs); no attribute pins them",
    ),
    ("feature_no_longer_enables", "as feature_no_longer_default"),
    (
        "reexport_target_changed",
        "a re-export of another crate's item is recorded by public-API sets only \
         (contract-cli/tests/public_api.rs); no attribute pins a `use`",
    ),
    (
        "now_needs_feature",
        "what a part needs of the features off by default is read by public-API sets \
         only (contract-cli/tests/public_api.rs): the macro sees the item the build \
         compiles, its cfgs already applied",
    ),
    (
        "public_dependency_changed",
        "which package and series a dependency is comes from the manifest, read by \
         public-API sets only (contract-cli/tests/public_api.rs); the macro reads none",
    ),
];

/// Additive kinds without a pass fixture, and why.
const NO_ADDITIVE_FIXTURE: &[(&str, &str)] = &[
    (
        "feature_now_default",
        "Cargo features are symbols of public-API sets only (contract-cli/tests/public_api.rs)",
    ),
    ("feature_now_enables", "as feature_now_default"),
    (
        "trait_dyn_compatibility_gained",
        "always comes with another change (a bound or a removed item) that decides the class",
    ),
    (
        "auto_trait_added",
        "a fixture's golden is made from its sources, which observe nothing: only a golden \
         the harness wrote records what the compiler answered (contract-cli/tests/api_surface.rs)",
    ),
    ("impl_added", "as auto_trait_added"),
    (
        "auto_trait_untold",
        "the compile-time check compares no auto traits (the harness and the command do: \
         contract-core/tests/common/cases.rs and the differential pair `auto_trait_untold`)",
    ),
    (
        "proc_macro_helper_added",
        "a fixture here is a bin, which cannot define a proc macro",
    ),
    ("reexport_untold", "as reexport_target_changed"),
    ("no_longer_needs_feature", "as now_needs_feature"),
];

#[test]
fn every_kind_the_macro_can_see_has_a_fixture_showing_it() {
    use contract_core::{Class, DeltaKind};
    for (kind, _) in NOT_VISIBLE_AT_COMPILE_TIME
        .iter()
        .chain(NO_ADDITIVE_FIXTURE)
    {
        assert!(DeltaKind::parse(kind).is_some(), "stale exemption `{kind}`");
    }
    let mut missing = Vec::new();
    for kind in DeltaKind::ALL {
        let name = kind.as_str();
        let breaking =
            kind.default_class() == Class::Breaking || *kind == DeltaKind::FieldOrderChanged; // breaking under a positional policy
        if breaking && !NOT_VISIBLE_AT_COMPILE_TIME.iter().any(|(k, _)| *k == name) {
            let stderr = ui_dir().join("breaking").join(format!("{name}.stderr"));
            let shown = format!("({name}, ");
            match fs::read_to_string(&stderr) {
                Ok(text) if text.contains(&shown) => {}
                Ok(_) => missing.push(format!("breaking/{name}.stderr does not show `{name}`")),
                Err(_) => missing.push(format!("breaking/{name}.rs (+ .before, .stderr)")),
            }
        }
        let additive = kind.default_class() == Class::Additive;
        if additive && !NO_ADDITIVE_FIXTURE.iter().any(|(k, _)| *k == name) {
            let fixture = ui_dir().join("additive").join(format!("{name}.rs"));
            match fs::read_to_string(&fixture) {
                Ok(text) if text.contains(&format!("assert_additive(\"{name}\")")) => {}
                _ => missing.push(format!("additive/{name}.rs asserting `{name}`")),
            }
        }
    }
    assert!(
        missing.is_empty(),
        "kinds without a ui fixture:\n{}",
        missing.join("\n")
    );
}
