//! The names of a package's dependencies, read from their sources (see
//! [`contract_core::names::Externs`]): another crate's item under two of its paths
//! (`serde_json::Map`, `serde_json::map::Map`), or its alias written out, is one type.
//!
//! Where each dependency's sources are: a path dependency's directory as `cargo
//! metadata` gives it; a registry dependency's as cargo unpacks it,
//! `$CARGO_HOME/registry/src/<index>/<name>-<version>/`, at the version the lock file
//! chose for this package. Its library root and crate name come from its manifest
//! (`[lib] path`, `[lib] name`). A package the lock file names that cargo has not
//! unpacked yet (a fresh checkout, nothing built) is fetched first (`cargo fetch`, as
//! a build would). What still cannot be found (no lock file, a git dependency, no
//! network for a download) is not read: its paths are compared as written. A
//! dependency is read only when a shape that differs from its golden names it, and
//! its table is cached like the package's own ([`crate::cache::names`]): a registry
//! package never changes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use contract_core::names::{Externs, NameTable, NoExterns};
use serde::Deserialize;

use crate::workspace::Package;

/// A dependency's library: what the package calls it, and where it is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DepLib {
    /// The library's own crate name (`module_path!()` inside it).
    pub crate_name: String,
    /// Its root file.
    pub root: PathBuf,
    /// `name-version` (a path dependency: its name and directory), for the cache.
    pub id: String,
    /// A proc-macro crate: what it exports is macros only.
    pub proc_macro: bool,
    /// Its package name and version (what the lock file lists it by).
    pub package: (String, Option<String>),
    /// Its package's directory.
    pub dir: PathBuf,
    /// From a registry (the lock file names its source), not a path dependency.
    pub from_registry: bool,
}

/// The dependencies of one package, their tables read when first asked for.
pub struct DepNames {
    workspace_root: PathBuf,
    target_dir: PathBuf,
    /// What the dependencies' builds see of `cfg`: the target's, their features not
    /// known (lmdb-rkv-sys 0.9's `mode_t` is one alias on unix, another on windows).
    cfg: crate::cfg::Env,
    package: PackageDeps,
    libs: OnceLock<Located>,
    /// Whether a dependency not unpacked yet is fetched (the package's own; a
    /// dependency's dependencies were fetched with them).
    fetch: bool,
}

/// The dependencies found, each with its table once read and the modules it binds a
/// proc-macro crate to once asked, and those not found.
struct Located {
    /// The workspace's lock file, read once.
    lock: Option<Lock>,
    /// Where cargo unpacks registry packages.
    registry_dirs: Vec<PathBuf>,
    found: BTreeMap<String, Found>,
    macro_modules: BTreeMap<String, OnceLock<std::collections::BTreeSet<String>>>,
    missing: std::collections::BTreeSet<String>,
}

/// A dependency found: its library, its names once read, and its own dependencies
/// once asked for.
type Found = (
    DepLib,
    OnceLock<Option<NameTable>>,
    OnceLock<Option<Box<DepNames>>>,
);

/// What of a package [`locate`] needs.
#[derive(Clone, Debug)]
struct PackageDeps {
    name: String,
    version: String,
    dependencies: Vec<crate::workspace::Dependency>,
    /// A registry package's lock entry has a source; a workspace member's has none.
    from_registry: bool,
}

impl DepNames {
    /// The dependencies of `package` in the workspace at `workspace_root`.
    pub fn new(
        workspace_root: &Path,
        target_dir: &Path,
        package: &Package,
        target: Option<std::collections::BTreeSet<crate::cfg::Cfg>>,
    ) -> DepNames {
        DepNames {
            workspace_root: workspace_root.to_path_buf(),
            target_dir: target_dir.to_path_buf(),
            cfg: crate::cfg::Env::dependency(target),
            package: PackageDeps {
                name: package.name.clone(),
                version: package.version.clone(),
                dependencies: package.dependencies.clone(),
                from_registry: false,
            },
            libs: OnceLock::new(),
            fetch: true,
        }
    }
}

impl DepNames {
    fn libs(&self) -> &Located {
        self.libs.get_or_init(|| {
            let cargo_home = cargo_home();
            let lock = read_lock(&self.workspace_root);
            let mut registry_dirs = registry_dirs(cargo_home.as_deref());
            let mut located = locate(lock.as_ref(), &registry_dirs, &self.package);
            // A dependency the lock file names that nothing has built or fetched yet (a
            // fresh checkout): cargo unpacks it, as a build would, and it is read like
            // the others. Before, what was read hung on what had run on the machine
            // (hotwatch 0.4.6's `notify`: its auto traits unknown, a removal missed).
            if located.2 && self.fetch && fetch(&self.workspace_root) {
                registry_dirs = self::registry_dirs(cargo_home.as_deref());
                located = locate(lock.as_ref(), &registry_dirs, &self.package);
            }
            let (found, missing, _) = located;
            Located {
                lock,
                registry_dirs,
                macro_modules: found.keys().map(|n| (n.clone(), OnceLock::new())).collect(),
                found: found
                    .into_iter()
                    .map(|(name, lib)| (name, (lib, OnceLock::new(), OnceLock::new())))
                    .collect(),
                missing,
            }
        })
    }

    /// The dependencies found: what the package calls each, and its library's root.
    pub fn libraries(&self) -> Vec<(String, PathBuf)> {
        self.libs()
            .found
            .iter()
            .map(|(name, (lib, _, _))| (name.clone(), lib.root.clone()))
            .collect()
    }

    /// The dependencies found that are proc-macro crates, by the name the package
    /// calls them.
    pub fn macro_crates(&self) -> std::collections::BTreeSet<String> {
        self.libs()
            .found
            .iter()
            .filter(|(_, (lib, _, _))| lib.proc_macro)
            .map(|(name, _)| name.clone())
            .collect()
    }

    /// Whether `path` (`musli_core::__macros`, as the package writes it) is a module of
    /// a dependency that binds a proc-macro crate under another name (musli-core's
    /// `pub use musli_macros as __macros;`): every name under it is a macro. Asked only
    /// of a re-export's path; the dependency's lock entry and names are read then.
    pub fn is_macro_module(&self, path: &str) -> bool {
        let Some((called, within)) = path.split_once("::") else {
            return false;
        };
        let libs = self.libs();
        let (Some((lib, _, _)), Some(modules)) =
            (libs.found.get(called), libs.macro_modules.get(called))
        else {
            return false;
        };
        modules
            .get_or_init(|| {
                let macro_deps = match (&libs.lock, lib.proc_macro) {
                    (Some(lock), false) => proc_macro_deps(lock, &libs.registry_dirs, lib),
                    _ => Default::default(),
                };
                let Some(table) = self.table(called).filter(|_| !macro_deps.is_empty()) else {
                    return Default::default();
                };
                macro_deps
                    .iter()
                    .flat_map(|krate| table.crate_aliases(krate))
                    .collect()
            })
            .contains(within)
    }

    /// The dependencies whose sources cannot be found (see
    /// [`contract_core::Policy::unread_crates`]), by the name the package calls them
    /// (a renamed one by its new name, another by its package name with `_`).
    pub fn unread(&self) -> std::collections::BTreeSet<String> {
        self.libs().missing.clone()
    }
}

impl DepNames {
    /// The dependencies of the dependency the package calls `name`, as its manifest
    /// and the lock file say (its sources read like the package's).
    fn nested(&self, name: &str) -> Option<&DepNames> {
        let (lib, _, nested) = self.libs().found.get(name)?;
        nested
            .get_or_init(|| {
                if lib.proc_macro {
                    return None;
                }
                let text = std::fs::read_to_string(lib.dir.join("Cargo.toml")).ok()?;
                let manifest: Manifest = toml::from_str(&text).ok()?;
                Some(Box::new(DepNames {
                    workspace_root: self.workspace_root.clone(),
                    target_dir: self.target_dir.clone(),
                    cfg: self.cfg.clone(),
                    package: PackageDeps {
                        name: lib.package.0.clone(),
                        version: lib.package.1.clone()?,
                        dependencies: manifest.dependencies_in(&lib.dir),
                        from_registry: lib.from_registry,
                    },
                    libs: OnceLock::new(),
                    fetch: false,
                }))
            })
            .as_deref()
    }
}

impl Externs for DepNames {
    fn externs_of(&self, name: &str) -> Option<&dyn Externs> {
        self.nested(name).map(|n| n as &dyn Externs)
    }

    fn transitive(&self, name: &str) -> Option<(&NameTable, &dyn Externs)> {
        self.libs().found.keys().find_map(|called| {
            let nested = self.nested(called)?;
            let table = nested.table(name)?;
            Some((table, nested.externs_of(name).unwrap_or(&NoExterns)))
        })
    }

    fn table(&self, name: &str) -> Option<&NameTable> {
        let (lib, table, _) = self.libs().found.get(name)?;
        table
            .get_or_init(|| {
                let cache = self
                    .target_dir
                    .join("contract-pin")
                    .join("dependency-names")
                    .join(format!("{}.json", safe_file_name(&lib.id)));
                Some(crate::cache::names(
                    &cache,
                    &lib.crate_name,
                    &lib.root,
                    Some(&self.cfg),
                ))
            })
            .as_ref()
    }
}

/// `id` with every character a file name may not hold as `_`.
fn safe_file_name(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// `$CARGO_HOME`, else `~/.cargo`.
fn cargo_home() -> Option<PathBuf> {
    if let Some(home) = std::env::var_os("CARGO_HOME") {
        return Some(PathBuf::from(home));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo"))
}

#[derive(Deserialize)]
struct Lock {
    #[serde(default)]
    package: Vec<LockPackage>,
}

#[derive(Deserialize)]
struct LockPackage {
    name: String,
    version: String,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    dependencies: Vec<String>,
}

#[derive(Deserialize, Default)]
struct Manifest {
    #[serde(default)]
    lib: Option<LibSection>,
    #[serde(default)]
    package: Option<ManifestPackage>,
    #[serde(default)]
    dependencies: BTreeMap<String, toml::Value>,
    /// `[target.'cfg(…)'.dependencies]`: every target's (which one builds is not
    /// asked; a path no build names is never looked up).
    #[serde(default)]
    target: BTreeMap<String, TargetSection>,
}

#[derive(Deserialize, Default)]
struct TargetSection {
    #[serde(default)]
    dependencies: BTreeMap<String, toml::Value>,
}

impl Manifest {
    /// The normal dependencies, each by its package and the name it is renamed to,
    /// a path dependency's directory read from `dir`.
    fn dependencies_in(&self, dir: &Path) -> Vec<crate::workspace::Dependency> {
        self.dependencies
            .iter()
            .chain(self.target.values().flat_map(|t| &t.dependencies))
            .map(|(key, value)| {
                let package = value.get("package").and_then(toml::Value::as_str);
                crate::workspace::Dependency {
                    package: package.unwrap_or(key).to_owned(),
                    rename: package.map(|_| key.clone()),
                    path: value
                        .get("path")
                        .and_then(toml::Value::as_str)
                        .map(|p| dir.join(p)),
                    req: None,
                }
            })
            .collect()
    }
}

#[derive(Deserialize, Default)]
struct LibSection {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    path: Option<PathBuf>,
    #[serde(default, rename = "proc-macro", alias = "proc_macro")]
    proc_macro: bool,
}

#[derive(Deserialize, Default)]
struct ManifestPackage {
    #[serde(default)]
    name: Option<String>,
    /// A string, or `{ workspace = true }` in a workspace's member.
    #[serde(default)]
    version: Option<toml::Value>,
}

/// Each dependency of `package` whose library can be found, by the name the package
/// calls it; the names of those that cannot (a renamed one by its new name, another by
/// its package name with `_`); and whether one of those is a registry package the lock
/// file names that cargo has not unpacked yet (nothing has built or fetched it).
fn locate(
    lock: Option<&Lock>,
    registry_dirs: &[PathBuf],
    package: &PackageDeps,
) -> (
    BTreeMap<String, DepLib>,
    std::collections::BTreeSet<String>,
    bool,
) {
    let mut out = BTreeMap::new();
    let mut missing = std::collections::BTreeSet::new();
    let mut not_unpacked = false;
    for dep in &package.dependencies {
        let dir = match &dep.path {
            Some(path) => Some(path.clone()),
            None => lock
                .and_then(|lock| locked_version(lock, package, &dep.package))
                .and_then(|version| {
                    let name = format!("{}-{version}", dep.package);
                    let dir = registry_dirs
                        .iter()
                        .map(|r| r.join(&name))
                        .find(|d| d.join("Cargo.toml").is_file());
                    not_unpacked |= dir.is_none();
                    dir
                }),
        };
        let Some(mut lib) = dir.and_then(|dir| library(&dir, &dep.package)) else {
            missing.insert(dep.called());
            continue;
        };
        lib.from_registry = dep.path.is_none();
        let called = dep
            .rename
            .as_deref()
            .map_or_else(|| lib.crate_name.clone(), |r| r.replace('-', "_"));
        out.insert(called, lib);
    }
    (out, missing, not_unpacked)
}

/// Has cargo download and unpack every package the workspace at `root` locks
/// (`cargo fetch`); whether it did.
fn fetch(root: &Path) -> bool {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    // From the workspace's directory: cargo reads its `.cargo/config.toml` there
    // (vendored or replaced sources).
    std::process::Command::new(cargo)
        .current_dir(root)
        .args(["fetch", "--quiet", "--manifest-path"])
        .arg(root.join("Cargo.toml"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The directories cargo unpacks registry packages in.
fn registry_dirs(cargo_home: Option<&Path>) -> Vec<PathBuf> {
    cargo_home
        .map(|home| home.join("registry").join("src"))
        .and_then(|src| std::fs::read_dir(src).ok())
        .map(|dirs| dirs.filter_map(|d| d.ok().map(|d| d.path())).collect())
        .unwrap_or_default()
}

/// The workspace's lock file, when it has one that reads.
fn read_lock(workspace_root: &Path) -> Option<Lock> {
    std::fs::read_to_string(workspace_root.join("Cargo.lock"))
        .ok()
        .and_then(|text| toml::from_str(&text).ok())
}

/// The crate names of the proc-macro crates that dependency `lib` depends on: the lock
/// file's entry for it names them, a registry directory or its manifest's `path`
/// holds each.
fn proc_macro_deps(
    lock: &Lock,
    registry_dirs: &[PathBuf],
    lib: &DepLib,
) -> std::collections::BTreeSet<String> {
    let (name, version) = &lib.package;
    let Some(this) = lock
        .package
        .iter()
        .find(|p| p.name == *name && Some(&p.version) == version.as_ref())
    else {
        return Default::default();
    };
    // Read only for a dependency no registry directory holds (a path one).
    let manifest: std::cell::OnceCell<Option<toml::Value>> = std::cell::OnceCell::new();
    let path_of = |dep: &str| -> Option<PathBuf> {
        let manifest = manifest.get_or_init(|| {
            std::fs::read_to_string(lib.dir.join("Cargo.toml"))
                .ok()
                .and_then(|text| toml::from_str(&text).ok())
        });
        let table = manifest.as_ref()?.get("dependencies")?.get(dep)?;
        Some(lib.dir.join(table.get("path")?.as_str()?))
    };
    this.dependencies
        .iter()
        .filter_map(|entry| {
            let dep = entry.split(' ').next()?;
            let dir = entry_version(lock, entry, |_| true)
                .and_then(|version| {
                    registry_dirs
                        .iter()
                        .map(|r| r.join(format!("{dep}-{version}")))
                        .find(|d| d.join("Cargo.toml").is_file())
                })
                .or_else(|| path_of(dep))?;
            library(&dir, dep)
                .filter(|lib| lib.proc_macro)
                .map(|lib| lib.crate_name)
        })
        .collect()
}

/// The version a lock file's dependency entry (`"name"`, `"name version"` or `"name
/// version (source)"`) stands for: written, or the one package of that name `keep`
/// holds.
fn entry_version(lock: &Lock, entry: &str, keep: impl Fn(&LockPackage) -> bool) -> Option<String> {
    let mut words = entry.split(' ');
    let name = words.next()?;
    if let Some(version) = words.next() {
        return Some(version.to_owned());
    }
    let mut versions = lock.package.iter().filter(|p| p.name == name && keep(p));
    let one = versions.next()?;
    versions.next().is_none().then(|| one.version.clone())
}

/// The version of `dependency` the lock file chose for `package`.
fn locked_version(lock: &Lock, package: &PackageDeps, dependency: &str) -> Option<String> {
    let this = lock.package.iter().find(|p| {
        p.name == package.name
            && p.version == package.version
            && p.source.is_some() == package.from_registry
    })?;
    let entry = this
        .dependencies
        .iter()
        .find(|d| d.split(' ').next() == Some(dependency))?;
    entry_version(lock, entry, |p| p.source.is_some())
}

/// The library of the package in `dir`: its crate name and root file.
fn library(dir: &Path, package: &str) -> Option<DepLib> {
    let manifest: Manifest = std::fs::read_to_string(dir.join("Cargo.toml"))
        .ok()
        .and_then(|text| toml::from_str(&text).ok())
        .unwrap_or_default();
    let lib = manifest.lib.unwrap_or_default();
    let (name, version) = manifest.package.map_or((None, None), |p| {
        let version = p
            .version
            .as_ref()
            .and_then(|v| v.as_str())
            .map(str::to_owned);
        (p.name, version)
    });
    let name = name.unwrap_or_else(|| package.to_owned());
    let root = dir.join(lib.path.unwrap_or_else(|| PathBuf::from("src/lib.rs")));
    root.is_file().then(|| DepLib {
        crate_name: lib.name.unwrap_or(name.clone()).replace('-', "_"),
        root,
        id: format!("{name}-{}", dir.display()),
        proc_macro: lib.proc_macro,
        package: (package.to_owned(), version),
        dir: dir.to_path_buf(),
        from_registry: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workspace::Dependency;

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn dependencies_are_found_where_cargo_puts_them() {
        let tmp = tempfile::tempdir().unwrap();
        let ws = tmp.path().join("ws");
        let home = tmp.path().join("home");
        // Two versions of `json-ish` unpacked; the lock chose 1.0.2 for this package.
        for v in ["1.0.1", "1.0.2"] {
            let dir = home.join(format!("registry/src/index.example-1/json-ish-{v}"));
            write(
                &dir.join("Cargo.toml"),
                "[package]\nname = \"json-ish\"\n[lib]\npath = \"src/lib.rs\"\n",
            );
            write(&dir.join("src/lib.rs"), "pub struct Map;\n");
        }
        // A path dependency with its library elsewhere and another crate name.
        let local = tmp.path().join("local");
        write(
            &local.join("Cargo.toml"),
            "[package]\nname = \"local-dep\"\n[lib]\nname = \"local\"\npath = \"lib/root.rs\"\n",
        );
        write(&local.join("lib/root.rs"), "");
        write(
            &ws.join("Cargo.lock"),
            "version = 4\n\
             [[package]]\nname = \"json-ish\"\nversion = \"1.0.1\"\nsource = \"registry+x\"\n\
             [[package]]\nname = \"json-ish\"\nversion = \"1.0.2\"\nsource = \"registry+x\"\n\
             [[package]]\nname = \"user\"\nversion = \"0.3.0\"\ndependencies = [\"json-ish 1.0.2\", \"local-dep\", \"gone\"]\n",
        );
        let package = PackageDeps {
            name: "user".into(),
            version: "0.3.0".into(),
            from_registry: false,
            dependencies: vec![
                Dependency {
                    package: "json-ish".into(),
                    rename: Some("json".into()),
                    path: None,
                    req: None,
                },
                Dependency {
                    package: "local-dep".into(),
                    rename: None,
                    path: Some(local.clone()),
                    req: None,
                },
                // In the lock, not unpacked: not found.
                Dependency {
                    package: "gone".into(),
                    rename: None,
                    path: None,
                    req: None,
                },
            ],
        };
        let located = || {
            locate(
                read_lock(&ws).as_ref(),
                &registry_dirs(Some(&home)),
                &package,
            )
        };
        let (found, missing, not_unpacked) = located();
        assert_eq!(found.keys().collect::<Vec<_>>(), ["json", "local"]);
        assert_eq!(missing.iter().collect::<Vec<_>>(), ["gone"]);
        // `gone` has no version in the lock: nothing cargo could unpack.
        assert!(!not_unpacked);
        assert!(
            found["json"].root.ends_with("json-ish-1.0.2/src/lib.rs"),
            "{:?}",
            found["json"]
        );
        assert_eq!(found["json"].crate_name, "json_ish");
        assert_eq!(found["local"].root, local.join("lib/root.rs"));
        // Locked at a version cargo has not unpacked: to be fetched.
        std::fs::remove_dir_all(home.join("registry/src/index.example-1/json-ish-1.0.2")).unwrap();
        let (found, missing, not_unpacked) = located();
        assert_eq!(found.keys().collect::<Vec<_>>(), ["local"]);
        assert_eq!(missing.iter().collect::<Vec<_>>(), ["gone", "json"]);
        assert!(not_unpacked);
        // No lock file: only the path dependency, and nothing to fetch.
        std::fs::remove_file(ws.join("Cargo.lock")).unwrap();
        let (found, missing, not_unpacked) = located();
        assert_eq!(found.keys().collect::<Vec<_>>(), ["local"]);
        assert_eq!(missing.iter().collect::<Vec<_>>(), ["gone", "json"]);
        assert!(!not_unpacked);
    }
}
