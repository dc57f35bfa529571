//! The toolchain the generated std tables are read from and proven against: its
//! `rustc`, its std documentation, and a library compiled for its diagnostics.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `$RUSTC`, or `rustc`.
pub fn rustc() -> String {
    std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned())
}

/// The toolchain's std documentation, when the `rust-docs` component is installed.
pub fn std_docs() -> Option<PathBuf> {
    let out = Command::new(rustc())
        .args(["--print", "sysroot"])
        .output()
        .ok()?;
    let sysroot = String::from_utf8(out.stdout).ok()?;
    let docs = Path::new(sysroot.trim()).join("share/doc/rust/html/std");
    docs.is_dir().then_some(docs)
}

/// The table `generate` makes from the toolchain's std documentation, with where the
/// documentation is, for the caller to compare with the committed one. `None` when
/// there is nothing to compare: no documentation here (said on stderr), or
/// `CONTRACT_PIN_BLESS` set, and then `source` of it is written to `table` (a path in
/// contract-core) instead.
#[allow(dead_code)] // std_auto checks what the docs say before it blesses
pub fn fresh_table<T>(
    table: &str,
    generate: impl FnOnce(&Path) -> T,
    source: impl FnOnce(&T) -> String,
) -> Option<(T, PathBuf)> {
    let Some(docs) = std_docs() else {
        eprintln!("the toolchain has no std documentation (rust-docs): table not regenerated");
        return None;
    };
    let fresh = generate(&docs);
    if std::env::var_os("CONTRACT_PIN_BLESS").is_some() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(table);
        std::fs::write(&path, source(&fresh)).expect("write the table");
        return None;
    }
    Some((fresh, docs))
}

/// Every page `{kind}.*.html` (for each of `kinds`) under `dir`, recursively, with its
/// item's path under `module` (`std::io::Result` for `io/type.Result.html`), sorted,
/// descending into a module directory only where `descend(name, dir)` says so.
pub fn pages(
    dir: &Path,
    module: &str,
    kinds: &[&str],
    descend: &dyn Fn(&str, &Path) -> bool,
    out: &mut Vec<(String, PathBuf)>,
) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("read the docs")
        .map(|e| e.expect("a docs entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if path.is_dir() {
            if descend(name, &path) {
                pages(&path, &format!("{module}::{name}"), kinds, descend, out);
            }
        } else if let Some(item) = kinds
            .iter()
            .find_map(|kind| name.strip_prefix(kind)?.strip_prefix('.'))
            .and_then(|n| n.strip_suffix(".html"))
        {
            out.push((format!("{module}::{item}"), path));
        }
    }
}

/// The modules most tables read: all but the target-specific ones (what they hold
/// differs between targets) and `ffi`.
#[allow(dead_code)] // std_auto reads `ffi` and skips unstable modules
pub fn portable(name: &str, _: &Path) -> bool {
    !matches!(name, "os" | "arch" | "ffi" | "simd")
}

/// `source` compiled as a 2021 library (metadata only) in a scratch directory named
/// after `name`, removed afterwards: what rustc said.
#[allow(dead_code)] // not every test binary proves its table by compiling it
pub fn check_library(name: &str, source: &str) -> Output {
    let dir = std::env::temp_dir().join(format!("contract-pin-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let file = dir.join("proof.rs");
    std::fs::write(&file, source).expect("write the proof");
    let out = Command::new(rustc())
        .args([
            "--edition",
            "2021",
            "--crate-type",
            "lib",
            "--emit",
            "metadata",
            "-o",
        ])
        .arg(dir.join("proof.rmeta"))
        .arg(&file)
        .output()
        .expect("run rustc");
    let _ = std::fs::remove_dir_all(&dir);
    out
}
