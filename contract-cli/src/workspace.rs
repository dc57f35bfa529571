//! Finding the workspace: its members, their library sources, and the golden root.
//!
//! Members come from `cargo metadata --no-deps`: cargo itself resolves member globs,
//! `exclude`, `[lib] path`/`name` and target auto-discovery, needs neither network nor
//! a lock file with `--no-deps`, and answers in a stable, versioned format. Parsing the
//! manifests ourselves would re-implement all of that, and get some of it wrong.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Deserialize;

/// A workspace as the scan needs it.
#[derive(Debug)]
pub struct Workspace {
    /// The directory of the workspace manifest.
    pub root: PathBuf,
    /// Members, in the order cargo lists them, sorted by name.
    pub packages: Vec<Package>,
    /// The golden root (`CONTRACT_PIN_GOLDEN_DIR`) as the harness would see it.
    pub golden_dir: Option<String>,
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
    workspace_members: Vec<String>,
    packages: Vec<MetaPackage>,
}

#[derive(Deserialize)]
struct MetaPackage {
    id: String,
    name: String,
    manifest_path: PathBuf,
    targets: Vec<MetaTarget>,
}

#[derive(Deserialize)]
struct MetaTarget {
    name: String,
    kind: Vec<String>,
    src_path: PathBuf,
}

/// Library kinds whose registrations an integration test can link; proc-macro crates
/// cannot carry registrations.
const LIB_KINDS: &[&str] = &["lib", "rlib", "dylib", "cdylib", "staticlib"];

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
    let metadata: Metadata = serde_json::from_slice(&output.stdout)
        .map_err(|e| format!("cannot read the output of `cargo metadata`: {e}"))?;
    let mut packages: Vec<Package> = metadata
        .packages
        .into_iter()
        .filter(|p| metadata.workspace_members.contains(&p.id))
        .map(|p| {
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
                        return None; // proc-macro, build script
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
            }
        })
        .collect();
    packages.sort_by(|a, b| a.name.cmp(&b.name));
    let golden_dir = golden_dir(&metadata.workspace_root, lookup)?;
    Ok(Workspace {
        root: metadata.workspace_root,
        packages,
        golden_dir,
    })
}

/// `CONTRACT_PIN_GOLDEN_DIR` as cargo would hand it to the test harness: the process
/// environment wins unless a config entry says `force = true`; config files are those
/// cargo reads for a build started in the workspace root (`.cargo/config.toml` there
/// and in every ancestor, the deepest first, then `$CARGO_HOME/config.toml`). With
/// `relative = true` the value is relative to the directory holding `.cargo/`.
pub fn golden_dir(
    root: &Path,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Option<String>, String> {
    let variable = contract_core::env::GOLDEN_DIR;
    let mut candidates: Vec<PathBuf> = root
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
                    .ok_or_else(|| {
                        format!(
                            "{}: [env] {variable} needs a string `value`",
                            file.display()
                        )
                    })?;
                let flag = |key: &str| t.get(key).and_then(toml::Value::as_bool) == Some(true);
                (raw.to_owned(), flag("relative"), flag("force"))
            }
            _ => {
                return Err(format!(
                    "{}: [env] {variable} must be a string or a table",
                    file.display()
                ))
            }
        };
        if !force {
            if let Some(from_env) = lookup(variable) {
                return Ok(Some(from_env));
            }
        }
        let value = if relative {
            // The directory that holds `.cargo/`.
            let base = file.parent().and_then(Path::parent).unwrap_or(root);
            base.join(raw).to_string_lossy().into_owned()
        } else {
            raw
        };
        return Ok(Some(value));
    }
    Ok(lookup(variable))
}

/// `path` as users read it: relative to the workspace root when below it.
pub fn display(root: &Path, path: &Path) -> String {
    let shown = path.strip_prefix(root).unwrap_or(path);
    shown.to_string_lossy().replace('\\', "/")
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
}
