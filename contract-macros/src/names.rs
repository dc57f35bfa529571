//! The crate's names, for a pinned item that differs from its golden as written:
//! read from the crate's sources as the CLI reads them
//! (`contract_core::syntax::names`), once per compiler process and crate root, and
//! read again when one of the files changed (an IDE's long-lived macro server).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

use contract_core::names::NameTable;
use contract_core::syntax::names::read_crate_with_wire_types;

type Stamp = (u64, Option<SystemTime>);

/// One crate's names, the module of each file, and the files as they were read.
pub struct Read {
    /// The crate's names.
    pub table: NameTable,
    modules: BTreeMap<PathBuf, String>,
    stamps: Vec<(PathBuf, Option<Stamp>)>,
}

fn stamp(path: &Path) -> Option<Stamp> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()))
}

fn cache() -> &'static Mutex<HashMap<PathBuf, Arc<Read>>> {
    static CACHE: OnceLock<Mutex<HashMap<PathBuf, Arc<Read>>>> = OnceLock::new();
    CACHE.get_or_init(Mutex::default)
}

fn read(crate_name: &str, root: &Path) -> Arc<Read> {
    let mut cache = cache().lock().unwrap_or_else(|p| p.into_inner());
    if let Some(read) = cache.get(root) {
        if read.stamps.iter().all(|(path, was)| stamp(path) == *was) {
            return read.clone();
        }
    }
    let mut stamps = Vec::new();
    // Inside rustc the macro cannot tell which features the build enables: it leaves
    // no `#[cfg]`'d item out, and twins that differ stay unresolved.
    let (table, modules) = read_crate_with_wire_types(
        crate_name,
        root,
        &mut |path| {
            stamps.push((path.to_path_buf(), stamp(path)));
            std::fs::read_to_string(path).ok()
        },
        &|_| false,
    );
    let read = Arc::new(Read {
        table,
        modules,
        stamps,
    });
    cache.insert(root.to_path_buf(), read.clone());
    read
}

/// The names of the crate being compiled and the module (`module_path!()`) of the
/// item at `file` inside the inline modules `inline`; `None` when the file is not
/// one the crate's root reaches (a generated file, a root this does not guess).
pub fn of_item(file: &Path, inline: &[String]) -> Option<(Arc<Read>, String)> {
    let crate_name = std::env::var("CARGO_CRATE_NAME").ok()?;
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR")?);
    // The roots the manifest names (`[lib] path`, `[[bin]] path`), the library's root
    // and a binary's by cargo's layout, or the file itself (an integration test).
    let named = manifest_roots(&manifest);
    let roots = named.iter().map(|path| manifest.join(path)).chain([
        manifest.join("src").join("lib.rs"),
        manifest.join("src").join("main.rs"),
        file.to_path_buf(),
    ]);
    for root in roots {
        if !root.is_file() {
            continue;
        }
        let read = read(&crate_name, &root);
        if let Some(module) = read.modules.get(file) {
            let mut module = module.clone();
            for name in inline {
                module.push_str("::");
                module.push_str(name);
            }
            return Some((read, module));
        }
    }
    None
}

/// The roots the package's manifest names (`[lib] path`, `[[bin]] path`), read once per
/// compiler process and package: every pinned item asks.
fn manifest_roots(manifest_dir: &Path) -> Vec<String> {
    static ROOTS: OnceLock<Mutex<HashMap<PathBuf, Vec<String>>>> = OnceLock::new();
    let mut roots = ROOTS
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    roots
        .entry(manifest_dir.to_path_buf())
        .or_insert_with(|| {
            std::fs::read_to_string(manifest_dir.join("Cargo.toml"))
                .map(|text| contract_core::policy::file::target_roots(&text))
                .unwrap_or_default()
        })
        .clone()
}

/// The module (`module_path!()`) the file `file` is by the usual layout:
/// `src/lib.rs` and `src/main.rs` are the crate root, `src/a/mod.rs` and `src/a.rs`
/// the module `a`. A guess (`#[path]` is not read): a wrong one only means reading
/// the crate's names.
pub fn module_by_layout(file: &Path) -> Option<String> {
    let crate_name = std::env::var("CARGO_CRATE_NAME").ok()?;
    let src = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR")?).join("src");
    let relative = file.strip_prefix(&src).ok()?;
    let mut module = crate_name;
    let parts: Vec<String> = relative
        .iter()
        .map(|c| c.to_string_lossy().into_owned())
        .collect();
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        let name = match part.strip_suffix(".rs") {
            Some(stem) if last => stem,
            Some(_) => return None,
            None => part.as_str(),
        };
        if last && (name == "mod" || (i == 0 && (name == "lib" || name == "main"))) {
            break;
        }
        module.push_str("::");
        module.push_str(name);
    }
    Some(module)
}
