//! What the runners over published crates share (tests/realworld.rs,
//! tests/csc_coverage.rs): a crate's sources copied as their own workspace with a
//! public-API set, and the command run on it.

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_contract-pin");

/// `from` copied to `to`: its directories, but `target/`, and its regular files.
pub fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let path = entry.path();
        let dest = to.join(entry.file_name());
        let kind = entry.file_type()?;
        if kind.is_dir() {
            if entry.file_name() != "target" {
                copy_dir(&path, &dest)?;
            }
        } else if kind.is_file() {
            std::fs::copy(&path, &dest)?;
        }
    }
    Ok(())
}

/// The manifest in `dir` made its own workspace (`[workspace]` appended unless it has
/// one), with `more` appended; its path.
pub fn own_workspace(dir: &Path, more: &str) -> Result<PathBuf, String> {
    let manifest = dir.join("Cargo.toml");
    let mut text =
        std::fs::read_to_string(&manifest).map_err(|e| format!("{}: {e}", manifest.display()))?;
    let before = text.len();
    if !text.contains("\n[workspace]") && !text.starts_with("[workspace]") {
        text.push_str("\n[workspace]\n");
    }
    text.push_str(more);
    if text.len() != before {
        std::fs::write(&manifest, text).map_err(|e| e.to_string())?;
    }
    Ok(manifest)
}

/// `[set.api] public_api = true` in `dir`'s policy file.
pub fn public_api_set(dir: &Path) -> Result<(), String> {
    std::fs::write(
        dir.join("contract-pin.toml"),
        "[set.api]\npublic_api = true\n",
    )
    .map_err(|e| e.to_string())
}

/// The command on the workspace of `manifest`, with `env` set: its goldens in its own
/// `golden/` (a scratch directory inside this repository would otherwise get the
/// repository's, from its cargo config), no `CI`, no update. Exit code, stdout, stderr.
pub fn contract_pin(
    manifest: &Path,
    args: &[&str],
    env: &[(&str, &Path)],
) -> Result<(i32, String, String), String> {
    let golden = manifest.parent().unwrap().join("golden");
    let out = Command::new(BIN)
        .arg("--manifest-path")
        .arg(manifest)
        .args(args)
        .env_remove("CI")
        .env("CONTRACT_PIN_GOLDEN_DIR", golden)
        .env_remove("CONTRACT_PIN_UPDATE")
        .envs(env.iter().copied())
        .output()
        .map_err(|e| e.to_string())?;
    Ok((
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

/// `$CARGO`, or `cargo`.
#[allow(dead_code)] // not every test binary fetches
pub fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned())
}

/// `$CARGO_HOME`, or `~/.cargo`.
#[allow(dead_code)] // not every test binary fetches
pub fn cargo_home() -> PathBuf {
    std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(&std::env::var("HOME").unwrap()).join(".cargo"))
}

/// Has cargo fetch `name` `version` into its registry, through a throwaway manifest
/// in `dir` that depends on exactly that version.
#[allow(dead_code)] // not every test binary fetches
pub fn cargo_fetch(name: &str, version: &str, dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir.join("src")).map_err(|e| e.to_string())?;
    std::fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"fetch-{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\
             publish = false\n\n[dependencies]\n{name} = \"={version}\"\n\n[workspace]\n"
        ),
    )
    .map_err(|e| e.to_string())?;
    std::fs::write(dir.join("src/lib.rs"), "").map_err(|e| e.to_string())?;
    let out = Command::new(cargo())
        .args(["fetch", "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "cargo fetch of {name} {version} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(())
}
