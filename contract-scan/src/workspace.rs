//! Finding the workspace: its members, their library sources, and the golden root.
//!
//! Members come from `cargo metadata --no-deps`: cargo itself resolves member globs,
//! `exclude`, `[lib] path`/`name` and target auto-discovery, needs neither network nor
//! a lock file with `--no-deps`, and answers in a stable, versioned format. Parsing the
//! manifests ourselves would re-implement all of that, and get some of it wrong.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Deserialize;

use crate::words;

/// A workspace as the scan needs it.
#[derive(Debug)]
pub struct Workspace {
    /// The directory of the workspace manifest.
    pub root: PathBuf,
    /// Members, in the order cargo lists them, sorted by name.
    pub packages: Vec<Package>,
    /// The golden root (`CONTRACT_PIN_GOLDEN_DIR`) as the harness would see it.
    pub golden_dir: Option<String>,
    /// Cargo's target directory, where the scan cache lives (see `cache`).
    pub target_dir: PathBuf,
}

/// One member package.
#[derive(Debug)]
pub struct Package {
    /// The package name (`CARGO_PKG_NAME`).
    pub name: String,
    /// The directory of its manifest (`CARGO_MANIFEST_DIR`).
    pub manifest_dir: PathBuf,
    /// Its targets that can carry registrations, the library first.
    pub targets: Vec<Target>,
    /// The features a plain build enables: `default`, transitively.
    pub features: BTreeSet<String>,
    /// Its feature table as `cargo metadata` lists it: every feature (an optional
    /// dependency's implicit one included) and what it enables.
    pub feature_table: BTreeMap<String, Vec<String>>,
    /// Whether it has a build script (whose cfgs only its output tells).
    pub build_script: bool,
    /// Its version.
    pub version: String,
    /// Its normal (not dev, not build) dependencies, as its manifest declares them.
    pub dependencies: Vec<Dependency>,
    /// Its edition (`"2015"`, `"2021"`, …): what a `use` path's first segment names.
    pub edition: String,
    /// Its package ID as `cargo metadata` gives it.
    pub id: String,
}

impl Package {
    /// What names this package to `cargo -p` alone: its package ID (`path+file:///…#
    /// name@version`) where cargo writes one that is a spec, else `name@version`, which
    /// is ambiguous when a dependency of the workspace is the same package from the
    /// registry (rustix 1.1, through its dev-dependencies).
    pub fn spec(&self) -> String {
        match self.id.contains('#') {
            true => self.id.clone(),
            false => format!("{}@{}", self.name, self.version),
        }
    }
}

/// A normal dependency of a member package.
#[derive(Clone, Debug)]
pub struct Dependency {
    /// The package it names.
    pub package: String,
    /// The name the crate calls it by when renamed (`package = "…"`).
    pub rename: Option<String>,
    /// A path dependency's directory.
    pub path: Option<PathBuf>,
    /// The version requirement (`^0.10`), as `cargo metadata` writes it; `None` where
    /// it was not read.
    pub req: Option<String>,
}

impl Dependency {
    /// The name the crate's paths call it by (`package = "…"` renamed, else the
    /// package name with `_` for `-`).
    pub fn called(&self) -> String {
        self.rename
            .clone()
            .unwrap_or_else(|| self.package.replace('-', "_"))
    }
}

/// A compilation target of a package.
#[derive(Debug)]
pub struct Target {
    /// The crate name, as `module_path!()` starts (`-` already `_`).
    pub crate_name: String,
    /// The crate root file.
    pub root: PathBuf,
    /// What kind of target.
    pub kind: TargetKind,
}

/// Which registrations the harness of an integration test sees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// The library: every integration test links it.
    Lib,
    /// An integration test: its own registrations join the library's in its binary
    /// (built with `cfg(test)`).
    Test,
    /// A bin, example or bench (the cargo kind): no integration test links it.
    Other(String),
}

#[derive(Deserialize)]
struct Metadata {
    workspace_root: PathBuf,
    target_directory: PathBuf,
    workspace_members: Vec<String>,
    packages: Vec<MetaPackage>,
}

#[derive(Deserialize)]
struct MetaPackage {
    id: String,
    name: String,
    #[serde(default)]
    version: String,
    #[serde(default)]
    dependencies: Vec<MetaDependency>,
    manifest_path: PathBuf,
    targets: Vec<MetaTarget>,
    #[serde(default)]
    features: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    edition: String,
}

/// A dependency as the manifest declares it.
#[derive(Deserialize)]
struct MetaDependency {
    name: String,
    #[serde(default)]
    rename: Option<String>,
    /// `null` for a normal dependency, `"dev"` or `"build"`.
    #[serde(default)]
    kind: Option<String>,
    /// A path dependency's directory.
    #[serde(default)]
    path: Option<PathBuf>,
    #[serde(default)]
    req: Option<String>,
}

#[derive(Deserialize)]
struct MetaTarget {
    name: String,
    kind: Vec<String>,
    src_path: PathBuf,
}

/// Library kinds whose registrations a harness can link. A proc-macro crate's
/// registrations are seen by a harness among its own unit tests (no integration test
/// links a proc-macro crate), and are scanned like a library's.
const LIB_KINDS: &[&str] = &["lib", "rlib", "dylib", "cdylib", "staticlib", "proc-macro"];

/// Runs `cargo metadata` for `manifest_path` (default: the workspace around the current
/// directory) and resolves the golden root.
pub fn discover(
    manifest_path: Option<&Path>,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Workspace, String> {
    let cargo = lookup("CARGO").unwrap_or_else(|| "cargo".to_owned());
    let mut command = Command::new(&cargo);
    command.args([
        "metadata",
        "--format-version",
        "1",
        "--no-deps",
        "--offline",
    ]);
    if let Some(path) = manifest_path {
        command.arg("--manifest-path").arg(path);
    }
    let output = command
        .output()
        .map_err(|e| format!("cannot run `{cargo} metadata`: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "`cargo metadata` failed:\n{}",
            String::from_utf8_lossy(&output.stderr).trim_end()
        ));
    }
    let metadata: Metadata =
        serde_json::from_slice(&output.stdout).map_err(|e| words::metadata_unreadable(&e))?;
    let mut packages: Vec<Package> = metadata
        .packages
        .into_iter()
        .filter(|p| metadata.workspace_members.contains(&p.id))
        .map(|p| {
            let build_script = p
                .targets
                .iter()
                .any(|t| t.kind.iter().any(|k| k == "custom-build"));
            let features = crate::cfg::default_features(&p.features);
            let mut targets: Vec<Target> = p
                .targets
                .into_iter()
                .filter_map(|t| {
                    let kind = if t.kind.iter().any(|k| LIB_KINDS.contains(&k.as_str())) {
                        TargetKind::Lib
                    } else if t.kind.iter().any(|k| k == "test") {
                        TargetKind::Test
                    } else if let Some(k) = t
                        .kind
                        .iter()
                        .find(|k| matches!(k.as_str(), "bin" | "example" | "bench"))
                    {
                        TargetKind::Other(k.clone())
                    } else {
                        return None; // build script
                    };
                    Some(Target {
                        crate_name: t.name.replace('-', "_"),
                        root: t.src_path,
                        kind,
                    })
                })
                .collect();
            targets.sort_by_key(|t| t.kind != TargetKind::Lib);
            Package {
                manifest_dir: p
                    .manifest_path
                    .parent()
                    .map(Path::to_path_buf)
                    .unwrap_or_default(),
                name: p.name,
                targets,
                features,
                feature_table: p.features,
                build_script,
                version: p.version,
                edition: p.edition,
                id: p.id.clone(),
                dependencies: p
                    .dependencies
                    .into_iter()
                    .filter(|d| d.kind.is_none())
                    .map(|d| Dependency {
                        package: d.name,
                        rename: d.rename,
                        path: d.path,
                        req: d.req,
                    })
                    .collect(),
            }
        })
        .collect();
    packages.sort_by(|a, b| a.name.cmp(&b.name));
    let cwd = std::env::current_dir().ok();
    let golden_dir = golden_dir(&metadata.workspace_root, cwd.as_deref(), lookup)?;
    Ok(Workspace {
        root: metadata.workspace_root,
        packages,
        golden_dir,
        target_dir: metadata.target_directory,
    })
}

/// `CONTRACT_PIN_GOLDEN_DIR` as cargo hands it to the tests of the workspace at `root`
/// when they run there: the `[env]` entry of the config files cargo reads for a build
/// started in `root` (`.cargo/config.toml` there and in every ancestor, the deepest
/// first, then `$CARGO_HOME/config.toml`; with `relative = true` the value is relative
/// to the directory holding `.cargo/`), unless the variable is set in the environment
/// and the entry does not say `force = true` — cargo's own precedence.
///
/// One exception keeps the answer about the *checked* workspace: a value that cargo
/// itself put into this process's environment. `cargo run -p contract-cli -- check
/// --manifest-path ../other/Cargo.toml` runs this command with the `[env]` of the
/// workspace cargo was started in (the current directory's), not of `../other`. When
/// cargo started the process (`CARGO` is set) and the variable holds exactly what the
/// current directory's config injects, it is that injection, not the user's choice,
/// and the checked workspace's own config decides.
pub fn golden_dir(
    root: &Path,
    cwd: Option<&Path>,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Option<String>, String> {
    let target = config_entry(root, lookup)?;
    let Some(from_env) = lookup(contract_core::env::GOLDEN_DIR) else {
        return Ok(target.map(|e| e.value));
    };
    let injected = match cwd {
        Some(cwd) if lookup("CARGO").is_some() => {
            config_entry(cwd, lookup)?.is_some_and(|e| e.value == from_env)
        }
        _ => false,
    };
    Ok(match target {
        Some(entry) if entry.force || injected => Some(entry.value),
        None if injected => None,
        _ => Some(from_env),
    })
}

/// An `[env] CONTRACT_PIN_GOLDEN_DIR` entry: its value as cargo would set it.
struct Entry {
    value: String,
    force: bool,
}

/// The entry cargo would apply to a build started in `dir`, if any.
fn config_entry(
    dir: &Path,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Option<Entry>, String> {
    let variable = contract_core::env::GOLDEN_DIR;
    let mut candidates: Vec<PathBuf> = dir
        .ancestors()
        .flat_map(|dir| {
            [
                dir.join(".cargo").join("config.toml"),
                dir.join(".cargo").join("config"),
            ]
        })
        .collect();
    let cargo_home = lookup("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| lookup("HOME").map(|h| Path::new(&h).join(".cargo")));
    if let Some(home) = cargo_home {
        candidates.push(home.join("config.toml"));
        candidates.push(home.join("config"));
    }
    for file in candidates {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let value: toml::Table = text
            .parse()
            .map_err(|e| format!("{}: not valid TOML: {e}", file.display()))?;
        let Some(entry) = value.get("env").and_then(|env| env.get(variable)) else {
            continue;
        };
        let (raw, relative, force) = match entry {
            toml::Value::String(s) => (s.clone(), false, false),
            toml::Value::Table(t) => {
                let raw = t
                    .get("value")
                    .and_then(toml::Value::as_str)
                    .ok_or_else(|| words::env_needs_value(&file.display(), variable))?;
                let flag = |key: &str| t.get(key).and_then(toml::Value::as_bool) == Some(true);
                (raw.to_owned(), flag("relative"), flag("force"))
            }
            _ => return Err(words::env_not_a_string(&file.display(), variable)),
        };
        let value = if relative {
            // The directory that holds `.cargo/`.
            let base = file.parent().and_then(Path::parent).unwrap_or(dir);
            base.join(raw).to_string_lossy().into_owned()
        } else {
            raw
        };
        return Ok(Some(Entry { value, force }));
    }
    Ok(None)
}

/// `path` with `.` and `..` resolved lexically (no file system access), to tell
/// whether it is below a directory.
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// `path` as users read it: relative to the workspace root when below it.
pub fn display(root: &Path, path: &Path) -> String {
    let shown = path.strip_prefix(root).unwrap_or(path);
    shown.to_string_lossy().replace('\\', "/")
}

/// The features a public-API set covers: every feature not named unstable or private
/// ([`contract_core::features::is_hidden`]), as cargo-semver-checks chooses, or every
/// feature when the set counts hidden items as API (`hidden_is_api`); each with what
/// it turns on. Not what `[package.metadata.docs.rs]` lists: that list moves between
/// releases (stop-words 0.10.1 added `features = ["all"]`, leaving out a variant the
/// previous release's set covered) and names unstable features (log 0.4.20's
/// `kv_unstable_std`, whose API 0.4.21 rewrote), whose code is no one's documented API.
pub fn api_features(
    table: &BTreeMap<String, Vec<String>>,
    hidden_is_api: bool,
) -> BTreeSet<String> {
    let mut on = BTreeSet::new();
    for root in table
        .keys()
        .filter(|f| hidden_is_api || !contract_core::features::is_hidden(f))
    {
        on.extend(contract_core::features::turned_on(table, root));
    }
    on.remove("default");
    on
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |name: &str| map.get(name).cloned()
    }

    #[test]
    fn golden_dir_follows_cargo_config_semantics() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path().join("ws");
        std::fs::create_dir_all(ws.join(".cargo")).unwrap();
        let none = env(&[("HOME", "/nonexistent")]);
        let golden_dir = |ws: &Path, lookup: &dyn Fn(&str) -> Option<String>| {
            golden_dir(ws, None, &|name: &str| lookup(name))
        };
        assert_eq!(golden_dir(&ws, &none).unwrap(), None);

        std::fs::write(
            ws.join(".cargo/config.toml"),
            "[env]\nCONTRACT_PIN_GOLDEN_DIR = { value = \"g\", relative = true }\n",
        )
        .unwrap();
        let expected = ws.join("g").to_string_lossy().into_owned();
        assert_eq!(golden_dir(&ws, &none).unwrap(), Some(expected.clone()));
        // The environment wins over config, as cargo's [env] does not override...
        let set = env(&[("HOME", "/nonexistent"), ("CONTRACT_PIN_GOLDEN_DIR", "/x")]);
        assert_eq!(golden_dir(&ws, &set).unwrap().as_deref(), Some("/x"));
        // ...unless `force = true`.
        std::fs::write(
            ws.join(".cargo/config.toml"),
            "[env]\nCONTRACT_PIN_GOLDEN_DIR = { value = \"g\", relative = true, force = true }\n",
        )
        .unwrap();
        assert_eq!(golden_dir(&ws, &set).unwrap(), Some(expected));
        // A plain string is passed as is (the harness joins it to the package dir).
        std::fs::write(
            ws.join(".cargo/config.toml"),
            "[env]\nCONTRACT_PIN_GOLDEN_DIR = \"goldens\"\n",
        )
        .unwrap();
        assert_eq!(golden_dir(&ws, &none).unwrap().as_deref(), Some("goldens"));
        std::fs::write(ws.join(".cargo/config.toml"), "[env\n").unwrap();
        assert!(golden_dir(&ws, &none)
            .unwrap_err()
            .contains("not valid TOML"));
    }

    #[test]
    fn a_value_cargo_injected_from_another_workspace_is_not_the_checked_ones() {
        let dir = tempfile::tempdir().unwrap();
        let here = dir.path().join("here");
        let bare = dir.path().join("bare");
        let own = dir.path().join("own");
        for d in [&here, &own] {
            std::fs::create_dir_all(d.join(".cargo")).unwrap();
        }
        std::fs::create_dir_all(&bare).unwrap();
        let config = "[env]\nCONTRACT_PIN_GOLDEN_DIR = { value = \"golden\", relative = true }\n";
        std::fs::write(here.join(".cargo/config.toml"), config).unwrap();
        std::fs::write(own.join(".cargo/config.toml"), config).unwrap();
        let injected = here.join("golden").to_string_lossy().into_owned();
        // `cargo run` in `here`: cargo set CARGO and injected here's value.
        let run = env(&[
            ("HOME", "/nonexistent"),
            ("CARGO", "cargo"),
            ("CONTRACT_PIN_GOLDEN_DIR", &injected),
        ]);
        let dir_of = |ws: &Path, lookup: &dyn Fn(&str) -> Option<String>| {
            golden_dir(ws, Some(&here), &|name: &str| lookup(name)).unwrap()
        };
        assert_eq!(
            dir_of(&bare, &run),
            None,
            "bare has no config: per-package goldens"
        );
        let own_golden = own.join("golden").to_string_lossy().into_owned();
        assert_eq!(dir_of(&own, &run), Some(own_golden.clone()));
        assert_eq!(dir_of(&here, &run), Some(injected.clone()));
        // A value the user set (not what cargo injects) wins, as with cargo.
        let user = env(&[
            ("HOME", "/nonexistent"),
            ("CARGO", "cargo"),
            ("CONTRACT_PIN_GOLDEN_DIR", "/shared/goldens"),
        ]);
        assert_eq!(dir_of(&bare, &user).as_deref(), Some("/shared/goldens"));
        assert_eq!(dir_of(&own, &user).as_deref(), Some("/shared/goldens"));
        // Not started by cargo: the variable is the user's.
        let shell = env(&[
            ("HOME", "/nonexistent"),
            ("CONTRACT_PIN_GOLDEN_DIR", &injected),
        ]);
        assert_eq!(dir_of(&bare, &shell), Some(injected));
    }

    #[test]
    fn normalize_resolves_dots_lexically() {
        assert_eq!(normalize(Path::new("/a/b/../c/./d")), Path::new("/a/c/d"));
        assert_eq!(
            normalize(Path::new("/ws/app/../../goldens")),
            Path::new("/goldens")
        );
    }

    #[test]
    fn a_public_api_set_covers_every_feature_not_named_unstable() {
        let table: BTreeMap<String, Vec<String>> = [
            ("default", vec!["std"]),
            ("std", vec![]),
            ("full", vec!["serde", "_internal"]),
            ("serde", vec![]),
            ("_internal", vec![]),
            ("nightly", vec![]),
            ("kv_unstable", vec![]),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.into_iter().map(str::to_owned).collect()))
        .collect();
        let on = |hidden_is_api| -> Vec<String> {
            api_features(&table, hidden_is_api).into_iter().collect()
        };
        // What a covered feature turns on is covered, unstable-named or not.
        assert_eq!(on(false), ["_internal", "full", "serde", "std"]);
        assert_eq!(on(true).len(), 6);
    }
}
