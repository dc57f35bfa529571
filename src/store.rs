//! The golden store: where a golden lives, reading it, and replacing it atomically.
//! The `contract-pin` command uses this same module (through `__private`), so the
//! test harness and the CLI write goldens with one discipline.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use contract_core::golden::MAX_BYTES;

/// How to show `path` to a user: relative to the workspace root that holds
/// `manifest_dir` (the nearest ancestor whose Cargo.toml has `[workspace]`), or to
/// the package, or as is.
pub fn display_path(path: &Path, manifest_dir: &Path) -> String {
    let root = workspace_root(manifest_dir).unwrap_or_else(|| manifest_dir.to_path_buf());
    let shown = path.strip_prefix(&root).unwrap_or(path);
    shown.to_string_lossy().replace('\\', "/")
}

fn workspace_root(manifest_dir: &Path) -> Option<PathBuf> {
    manifest_dir.ancestors().find_map(|dir| {
        let manifest = fs::read_to_string(dir.join("Cargo.toml")).ok()?;
        manifest
            .lines()
            .any(|l| l.trim() == "[workspace]")
            .then(|| dir.to_path_buf())
    })
}

/// The golden's bytes, or `None` when there is none. Reads at most
/// [`MAX_BYTES`]` + 1` bytes: a larger file is refused by the parser
/// (`GoldenError::TooLarge`) without being loaded whole.
pub fn read(path: &Path) -> io::Result<Option<Vec<u8>>> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let mut bytes = Vec::new();
    file.take(MAX_BYTES as u64 + 1).read_to_end(&mut bytes)?;
    Ok(Some(bytes))
}

/// Replaces `path` with `text` atomically: readers, and any number of concurrent
/// writers in this or other processes, see the old file or one writer's whole new
/// file, never a torn or interleaved mix.
///
/// Each call writes a temp file of its own in the same directory (created with
/// `create_new`, named by process id, a per-process counter and the clock, so two
/// writers never share one), syncs it, and renames it over the golden; on any error
/// the temp file is removed.
pub fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let file_name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} names no file", path.display()),
        )
    })?;
    fs::create_dir_all(dir)?;
    let (tmp, mut file) = create_temp(dir, &file_name.to_string_lossy())?;
    let result = (|| {
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        drop(file);
        rename_over(&tmp, path)?;
        sync_dir(dir);
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// A new, empty temp file beside the golden that no other writer can be using.
fn create_temp(dir: &Path, file_name: &str) -> io::Result<(PathBuf, File)> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let mut last = None;
    for _ in 0..64 {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let tmp = dir.join(format!(
            ".{file_name}.{}-{n}-{nanos:08x}.tmp",
            std::process::id()
        ));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(file) => return Ok((tmp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no unique temp file name")))
}

/// `rename`, retried briefly where the platform refuses to replace a file another
/// process has open (Windows reports that as permission denied).
fn rename_over(tmp: &Path, path: &Path) -> io::Result<()> {
    let mut attempt = 0;
    loop {
        match fs::rename(tmp, path) {
            Err(e) if e.kind() == io::ErrorKind::PermissionDenied && attempt < 20 => {
                attempt += 1;
                std::thread::sleep(std::time::Duration::from_millis(5 * attempt));
            }
            other => return other,
        }
    }
}

/// Makes the rename itself durable where the platform allows syncing a directory.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(dir) = File::open(dir) {
        let _ = dir.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_and_leaves_no_temp_files() {
        let dir = std::env::temp_dir().join(format!("contract-pin-store-{}", std::process::id()));
        let path = dir.join("s-contract").join("p.json");
        write_atomic(&path, "one\n").unwrap();
        write_atomic(&path, "two\n").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two\n");
        let leftovers: Vec<_> = fs::read_dir(path.parent().unwrap()).unwrap().collect();
        assert_eq!(leftovers.len(), 1);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_failed_write_leaves_the_golden_and_no_temp_file() {
        let dir =
            std::env::temp_dir().join(format!("contract-pin-store-fail-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        // The golden's path is a directory: the rename fails after the temp file was
        // written, and the temp file must go.
        let path = dir.join("p.json");
        fs::create_dir_all(path.join("occupied")).unwrap();
        assert!(write_atomic(&path, "new\n").is_err());
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["p.json"], "a temp file leaked");
        assert!(write_atomic(Path::new("/"), "x").is_err(), "no file name");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn reading_stops_past_the_size_limit() {
        let dir =
            std::env::temp_dir().join(format!("contract-pin-store-big-{}", std::process::id()));
        let path = dir.join("big.json");
        fs::create_dir_all(&dir).unwrap();
        let file = File::create(&path).unwrap();
        file.set_len(MAX_BYTES as u64 + 4096).unwrap(); // sparse: cheap to make
        let bytes = read(&path).unwrap().unwrap();
        assert_eq!(bytes.len(), MAX_BYTES + 1);
        assert!(matches!(
            contract_core::golden::parse(&bytes),
            Err(contract_core::GoldenError::TooLarge { .. })
        ));
        assert_eq!(read(&dir.join("absent.json")).unwrap(), None);
        fs::remove_dir_all(dir).unwrap();
    }
}
