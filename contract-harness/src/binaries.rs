//! Test binaries of one package that check one golden must register the same shapes.
//!
//! `inventory` sees what is linked into the running test binary. A library's unit
//! tests are built with `cfg(test)`, its integration tests link the library built
//! without it: a pin under `#[cfg(test)]` exists in the first binary only. If both
//! call `assert_golden!` for the set, each sees another set of shapes, and an update
//! writes the golden twice, differently — the golden flips between two writers.
//!
//! So each `assert_golden!` leaves a record of what its binary registers for its
//! golden, beside the binaries (`<target>/<profile>/.contract-pin/binaries/`: a name
//! no cargo target can have, so it never takes the place of a binary), and
//! compares it with the records other binaries of the same run left for the same
//! golden. A run is what one `cargo test` (or `cargo nextest`) starts: its binaries
//! share their parent process. A record counts only while the binary that wrote it is
//! still the one built (same path, same modification time), and only in its own run:
//! a binary rebuilt or removed since, or one a build with other features left behind,
//! says nothing. Where the records cannot be written (a binary outside a cargo target
//! directory, a read-only directory) nothing is checked.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::UNIX_EPOCH;

use contract_core::current::Current;
use serde::{Deserialize, Serialize};

/// What one test binary registers for one golden.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The binary's name, without cargo's hash (`app`, `contract`).
    pub name: String,
    /// The binary's path.
    pub binary: PathBuf,
    /// Its modification time (nanoseconds since the epoch) when it recorded.
    pub modified: String,
    /// Where its `assert_golden!` is.
    pub caller: Option<String>,
    /// The process that started it (the `cargo test` of the run), where known.
    pub parent: Option<u32>,
    /// Each symbol it registers, with a digest of its shape.
    pub symbols: BTreeMap<String, String>,
}

/// Records what this binary registers for the golden at `golden`, and returns the
/// record of another binary, still built as it was when it recorded, that registers
/// something else — with this binary's own record.
pub fn disagreeing(golden: &Path, current: &Current, caller: &str) -> Option<(Record, Record)> {
    let exe = std::env::current_exe().ok()?;
    let dir = records_dir(&exe, golden)?;
    let ours = Record {
        name: display_name(&exe),
        modified: modified(&exe)?,
        binary: exe.clone(),
        caller: Some(caller.to_owned()),
        parent: parent(),
        symbols: current
            .iter()
            .map(|(name, symbol)| (name.to_owned(), format!("{:016x}", fnv(symbol.text()))))
            .collect(),
    };
    let file = exe.file_name()?.to_string_lossy().into_owned();
    fs::create_dir_all(&dir).ok()?;
    let text = contract_core::canonical::to_compact_string(&ours);
    // A temp file of this thread's own: two tests of one binary may record at once.
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let tmp = dir.join(format!(".{file}.{}-{n}.tmp", std::process::id()));
    fs::write(&tmp, text).ok()?;
    if fs::rename(&tmp, dir.join(format!("{file}.json"))).is_err() {
        let _ = fs::remove_file(&tmp);
        return None;
    }
    let mut others: Vec<(PathBuf, Record)> = fs::read_dir(&dir)
        .ok()?
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension().is_some_and(|e| e == "json")
                && path
                    .file_stem()
                    .is_some_and(|s| s.to_string_lossy() != file)
        })
        .filter_map(|path| {
            let record = contract_core::json::from_slice::<Record>(&fs::read(&path).ok()?).ok()?;
            Some((path, record))
        })
        .collect();
    others.sort_by(|a, b| a.0.cmp(&b.0));
    for (path, other) in others {
        if modified(&other.binary).as_ref() != Some(&other.modified) {
            // Rebuilt or gone since: what it registered then says nothing now.
            let _ = fs::remove_file(path);
            continue;
        }
        if other.parent != ours.parent {
            // Another run, perhaps with other features: not a writer of this one.
            continue;
        }
        if other.symbols != ours.symbols {
            return Some((ours, other));
        }
    }
    None
}

/// Where the records of the golden at `golden` go: beside the running binary's
/// directory, when that is a cargo target directory's `deps`.
fn records_dir(exe: &Path, golden: &Path) -> Option<PathBuf> {
    let deps = exe.parent()?;
    if deps.file_name()? != "deps" {
        return None;
    }
    let golden = std::path::absolute(golden).ok()?;
    let key = fnv(&golden.to_string_lossy());
    Some(
        deps.parent()?
            .join(".contract-pin")
            .join("binaries")
            .join(format!("{key:016x}")),
    )
}

/// `contract-3f2a…` → `contract`: the test target's name.
fn display_name(exe: &Path) -> String {
    let stem = exe
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    match stem.rsplit_once('-') {
        Some((name, hash)) if hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()) => {
            name.to_owned()
        }
        _ => stem,
    }
}

/// The parent process: the `cargo test` that runs this binary.
fn parent() -> Option<u32> {
    #[cfg(unix)]
    return Some(std::os::unix::process::parent_id());
    #[cfg(not(unix))]
    return None;
}

fn modified(path: &Path) -> Option<String> {
    let time = fs::metadata(path).ok()?.modified().ok()?;
    Some(time.duration_since(UNIX_EPOCH).ok()?.as_nanos().to_string())
}

/// FNV-1a, 64 bits: a digest that is the same in every binary and every build.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_cargos_hash_only() {
        let name = |p: &str| display_name(Path::new(p));
        assert_eq!(name("/t/debug/deps/contract-3f2a9c0d1e2b4a5f"), "contract");
        assert_eq!(name("/t/debug/deps/my-app-3f2a9c0d1e2b4a5f"), "my-app");
        assert_eq!(name("/t/debug/deps/my-app"), "my-app");
        assert_eq!(name("/t/debug/deps/app-123"), "app-123");
    }

    #[test]
    fn records_live_beside_a_cargo_target_only() {
        let golden = Path::new("/w/golden/api-contract/app.json");
        let dir = records_dir(Path::new("/w/target/debug/deps/app-0"), golden).unwrap();
        assert!(dir.starts_with("/w/target/debug/.contract-pin/binaries"));
        assert_eq!(records_dir(Path::new("/usr/bin/app"), golden), None);
        let other = records_dir(
            Path::new("/w/target/debug/deps/app-0"),
            Path::new("/w/golden/api-contract/b.json"),
        );
        assert_ne!(other.as_ref(), Some(&dir), "one directory per golden");
    }
}
