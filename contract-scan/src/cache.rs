//! The scan cache: what the source scan of a package found, kept in cargo's target
//! directory (`target/contract-pin/scan/`) between runs; and the same for the names
//! of its library (`target/contract-pin/names/`), read when a shape differs from its
//! golden as written (re-parsing a crate's every file for them took a warm check of
//! itertools from about 0.17 s to 0.3 s).
//!
//! A package's scan is a function of its targets and of the answers the file system
//! gave the scan: the text of each file it read, and whether each candidate module
//! file (`x.rs`, `x/mod.rs`) was there. The cache keeps those answers beside the scan
//! and is used only when the same build of this command wrote it, for the same
//! targets, and asking every question again gives every answer again (each file read
//! and compared by its SHA-256, never by its time stamp), and the scan's own bytes
//! still have the digest written beside them. Anything else, an unreadable, foreign or
//! edited cache file included, means the package is scanned; a cache that cannot be
//! written is no error (the next run scans again).

use std::io;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use contract_core::canonical::sha256;
use contract_core::names::NameTable;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::inputs::Input;
use crate::scan::{self, PackageScan};
use crate::workspace::{Package, Workspace};

/// A cache file's first line; the scan, as compact JSON (which holds no newline),
/// is the rest.
#[derive(Serialize, Deserialize)]
struct Header {
    scanner: String,
    targets: String,
    inputs: Vec<Input>,
    /// The SHA-256 of the rest: a scan whose bytes changed is scanned over, never
    /// read (a fragment text that does not read would otherwise only fail when a
    /// message needs it).
    scan: String,
}

/// The scan of `package`: the cached one when it still holds, else a new one (then
/// cached). `on_file` is told of each file a new scan reads.
pub fn scan_package(
    workspace: &Workspace,
    package: &Package,
    options: &scan::Options,
    on_file: &mut dyn FnMut(&Path),
) -> PackageScan {
    let Some(scanner) = scanner() else {
        return scan::scan_package(package, options, on_file).0;
    };
    let path = entry_path(&workspace.target_dir, "scan", package);
    // What the scan depends on besides the files: the targets and the options.
    let targets = format!("{:?} {options:?}", package.targets);
    if let Some(scan) = cached(&path, scanner, &targets) {
        return scan;
    }
    let (scan, inputs) = scan::scan_package(package, options, on_file);
    keep(&path, scanner, targets, inputs, &scan);
    scan
}

/// The names of the library `crate_name` whose root file is `root` (see
/// [`contract_core::names`]), cached at `path` ([`names_entry`]): the cached table when
/// every file it was read from still reads the same, else read again (then cached).
/// With the build's `cfg`, an item it leaves out is not read (`#[cfg(feature = "x")]
/// pub use a::T;` beside `#[cfg(not(feature = "x"))] pub use b::T;` is one `T`),
/// unless a public-API set's features build it (its open features: rsa 0.10's
/// `pkcs1v15` module, off by default, names the types its items name) and it binds a
/// name the build's items do not; without, every twin is.
pub fn names(
    path: &Path,
    crate_name: &str,
    root: &Path,
    cfg: Option<&crate::cfg::Env>,
) -> NameTable {
    let off = |attrs: &[syn::Attribute]| {
        cfg.is_some_and(|env| env.item(attrs) == crate::cfg::Truth::False)
    };
    let gated = |attrs: &[syn::Attribute]| cfg.is_some_and(|env| env.gate(attrs).is_some());
    let read = || {
        let mut inputs = Vec::new();
        let (table, _) = contract_core::syntax::names::read_crate_gated(
            crate_name,
            root,
            &mut |path| {
                let text = std::fs::read_to_string(path);
                inputs.push(Input::read(path, &text));
                text.ok()
            },
            &off,
            &gated,
        );
        (table, inputs)
    };
    let Some(scanner) = scanner() else {
        return read().0;
    };
    // What the table depends on besides the files.
    let library = format!("{crate_name} {} {cfg:?}", root.display());
    if let Some(table) = cached(path, scanner, &library) {
        return table;
    }
    let (table, inputs) = read();
    keep(path, scanner, library, inputs, &table);
    table
}

/// The file the names of `package`'s library are cached in (see [`names`]).
pub fn names_entry(target_dir: &Path, package: &Package) -> PathBuf {
    entry_path(target_dir, "names", package)
}

/// Writes `value` to the cache file at `path` with what it was made from.
fn keep(path: &Path, scanner: &str, targets: String, inputs: Vec<Input>, value: &impl Serialize) {
    if let Ok(body) = serde_json::to_string(value) {
        let header = Header {
            scanner: scanner.to_owned(),
            targets,
            inputs,
            scan: sha256(body.as_bytes()),
        };
        if let Ok(header) = serde_json::to_string(&header) {
            let _ = store(path, &format!("{header}\n{body}"));
        }
    }
}

/// The cached value at `path`, when it was made by `scanner` for `targets` and every
/// input still holds.
fn cached<T: DeserializeOwned>(path: &Path, scanner: &str, targets: &str) -> Option<T> {
    let bytes = std::fs::read(path).ok()?;
    let split = bytes.iter().position(|&b| b == b'\n')?;
    let (header, body) = (&bytes[..split], &bytes[split + 1..]);
    let header: Header = serde_json::from_slice(header).ok()?;
    let current = header.scanner == scanner
        && header.targets == targets
        && header.scan == sha256(body)
        && header.inputs.iter().all(Input::holds);
    current.then(|| serde_json::from_slice(body).ok()).flatten()
}

/// Replaces the cache file at `path` by a rename, so a reader sees the old file or
/// the new one, never part of one. Not synced: a cache lost in a crash is a scan.
fn store(path: &Path, text: &str) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let mut temp = tempfile::NamedTempFile::new_in(dir)?;
    io::Write::write_all(&mut temp, text.as_bytes())?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Where the scan (`kind` "scan") or the names ("names") of `package` are cached: one
/// file per package, named after it and its manifest's directory (one target
/// directory may serve several workspaces).
fn entry_path(target_dir: &Path, kind: &str, package: &Package) -> PathBuf {
    let dir = sha256(package.manifest_dir.as_os_str().as_encoded_bytes());
    target_dir.join("contract-pin").join(kind).join(format!(
        "{}-{}.json",
        package.name,
        &dir[dir.len() - 16..]
    ))
}

/// This build of the command: its version and its executable's size and time stamp,
/// so a rebuilt command (whose scan may differ) never reads an older one's cache.
/// `None` (no caching) when the executable cannot be found.
fn scanner() -> Option<&'static str> {
    static SCANNER: OnceLock<Option<String>> = OnceLock::new();
    SCANNER
        .get_or_init(|| {
            let meta = std::env::current_exe().ok()?.metadata().ok()?;
            let modified = meta
                .modified()
                .ok()?
                .duration_since(std::time::UNIX_EPOCH)
                .ok()?;
            Some(format!(
                "{} {} {}",
                env!("CARGO_PKG_VERSION"),
                meta.len(),
                modified.as_nanos()
            ))
        })
        .as_deref()
}
