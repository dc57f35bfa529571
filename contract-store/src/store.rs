//! The golden store: where a golden lives, reading it, and replacing it atomically
//! under a cross-process lock. The test harness and the `contract-pin` command both
//! use this module, so they write goldens with one discipline:
//!
//! 1. [`lock`] the golden: an exclusive lock on a sidecar file `.<name>.lock` beside
//!    it, held until the [`Lock`] is dropped;
//! 2. read it ([`Lock::read`]), decide what to write from what was read;
//! 3. [`Lock::write`]: a temp file of the writer's own, synced, renamed over the golden.
//!
//! [`transact`] is that discipline as one function, and every writer — the harness in
//! update mode, `contract-pin update`, each accept of `contract-pin review` — writes
//! through it, deciding what to write with [`contract_core::accept`], which keeps the
//! facts only a compiled run knows.
//!
//! Readers that only compare (the macro at compile time, `check`, `status`) take no
//! lock: the rename makes every read see one whole golden.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use contract_core::golden::MAX_BYTES;
use contract_core::Golden;

/// How to show `path` to a user: relative to the workspace root of the package in
/// `manifest_dir` (found as cargo finds it), or as is.
pub fn display_path(path: &Path, manifest_dir: &Path) -> String {
    let root = crate::policy::workspace_root(manifest_dir);
    let shown = path.strip_prefix(&root).unwrap_or(path);
    shown.to_string_lossy().replace('\\', "/")
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

/// Why a [`transact`]ion wrote nothing.
#[derive(Debug)]
pub enum Failed<E> {
    /// The golden could not be locked, read or written (`"lock"`, `"read"`,
    /// `"write"`), and the error.
    Io(&'static str, io::Error),
    /// The writer refused to write, for its own reason.
    Refused(E),
}

impl<E: std::fmt::Display> Failed<E> {
    /// The failure in one sentence, naming the golden as `shown`.
    pub fn message(&self, shown: &str) -> String {
        match self {
            Failed::Io(what, e) => format!("cannot {what} {shown}: {e}"),
            Failed::Refused(e) => e.to_string(),
        }
    }
}

/// One golden transaction, the only way a golden is rewritten: [`lock`] the golden
/// at `path`, read it, let `decide` say from those bytes (`None`: no file) what to
/// write — a golden, or nothing — and what to report, write it atomically
/// ([`Lock::write`]) unless it is the text already there, and let go. Returns what
/// `decide` reported and whether the golden was written.
pub fn transact<T, E>(
    path: &Path,
    decide: impl FnOnce(Option<&[u8]>) -> Result<(Option<Golden>, T), E>,
) -> Result<(T, bool), Failed<E>> {
    let lock = lock(path).map_err(|e| Failed::Io("lock", e))?;
    let bytes = lock.read().map_err(|e| Failed::Io("read", e))?;
    let (golden, report) = decide(bytes.as_deref()).map_err(Failed::Refused)?;
    let Some(golden) = golden else {
        return Ok((report, false));
    };
    let text = golden.render();
    if bytes.as_deref() == Some(text.as_bytes()) {
        return Ok((report, false));
    }
    lock.write(&text).map_err(|e| Failed::Io("write", e))?;
    Ok((report, true))
}

/// Locks `path`, then replaces it with `text` (see [`Lock::write`]). For a writer
/// that does not read first; one that decides what to write from the golden must
/// [`lock`], read and write under one lock instead. Never call it while holding a
/// [`Lock`] on the same golden: it would wait for itself.
pub fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    lock(path)?.write(text)
}

/// The exclusive right to rewrite one golden, from [`lock`] until dropped. Every
/// writer of a golden, in every process, holds it from before its read to after its
/// write, so an update is never decided on a golden another writer is replacing, and
/// never overwrites a golden written after it read.
#[derive(Debug)]
pub struct Lock {
    /// The golden as the caller names it; reads follow links.
    golden: PathBuf,
    /// What the golden's name finally resolves to through symbolic links: the file
    /// that is replaced, so a link survives and its target gets the new text.
    target: PathBuf,
    /// The locked sidecar file and its path; `None` where no lock can be had (see
    /// [`lock`]).
    held: Option<(File, PathBuf)>,
}

/// Waits for, then takes, the exclusive lock of the golden at `path`.
///
/// The lock is an OS file lock (`flock` on Unix, `LockFileEx` on Windows) on
/// `.<name>.lock` beside the golden's final target, never on the golden itself,
/// which each write replaces by a rename. The OS releases it when the holder exits,
/// however it exits, so a killed writer never leaves the golden locked. If another
/// process holds it, one line on stderr says who is waited for, then this blocks,
/// as cargo does on its own locks.
///
/// On Unix the holder removes the lock file as it lets go (a waiter that then finds
/// its file gone, or replaced, locks again), so none is left beside committed
/// goldens; one left by a killed holder is reused and removed by the next. Elsewhere
/// the empty file stays; the command's scan of golden files ignores it (not `*.json`).
///
/// Where no lock can be had, this returns an unlocking [`Lock`] rather than an
/// error: the directory cannot hold a file (read-only; then no writer can write
/// there either, and an update that finds nothing to write still passes), or the
/// platform or file system has no file locks (then writes stay atomic, but two
/// updates at once may race as they did before locks existed).
///
/// Taking the lock also removes what killed writers left: every temp file of this
/// golden (see [`Lock::write`]).
pub fn lock(path: &Path) -> io::Result<Lock> {
    let target = resolve_links(path)?;
    let (dir, name) = dir_and_name(&target)?;
    let unlocked = |target: PathBuf| Lock {
        golden: path.to_path_buf(),
        target,
        held: None,
    };
    match fs::create_dir_all(&dir) {
        Err(e) if unwritable(&e) => return Ok(unlocked(target)),
        other => other?,
    }
    let lock_path = dir.join(format!(".{name}.lock"));
    let mut announced = false;
    loop {
        let file = match OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&lock_path)
        {
            Ok(file) => file,
            Err(e) if unwritable(&e) => return Ok(unlocked(target)),
            Err(e) => return Err(e),
        };
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                if !announced {
                    announced = true;
                    eprintln!(
                        "{}",
                        contract_core::message::waiting_for_lock(
                            &path.display().to_string(),
                            &lock_path.display().to_string()
                        )
                    );
                }
                file.lock()?;
            }
            Err(TryLockError::Error(e)) if e.kind() == io::ErrorKind::Unsupported => {
                return Ok(unlocked(target))
            }
            Err(TryLockError::Error(e)) => return Err(e),
        }
        if still_named(&file, &lock_path) {
            remove_temps(&dir, &name);
            return Ok(Lock {
                golden: path.to_path_buf(),
                target,
                held: Some((file, lock_path)),
            });
        }
        // The holder we waited for removed the file as it let go: this lock guards
        // nothing any more. Lock the file now at that name (or a new one).
    }
}

impl Lock {
    /// The golden's bytes, read under the lock (see [`read`]).
    pub fn read(&self) -> io::Result<Option<Vec<u8>>> {
        read(&self.golden)
    }

    /// Replaces the golden with `text` atomically: readers see the old file or the
    /// whole new one, never a torn mix. A golden that is a symbolic link is written
    /// through it: the link stays, its target is replaced.
    ///
    /// Writes a temp file of its own beside the target (created with `create_new`,
    /// named `.<name>.<pid>-<counter>-<clock>.tmp`, so two writers never share one
    /// and no name can be taken for a golden, which ends in `.json`), syncs it, and
    /// renames it over the target; on any error the temp file is removed. A writer
    /// killed before its rename leaves its temp file behind; the next [`lock`]
    /// removes it.
    pub fn write(&self, text: &str) -> io::Result<()> {
        let (dir, name) = dir_and_name(&self.target)?;
        fs::create_dir_all(&dir)?;
        let (tmp, mut file) = create_temp(&dir, &name)?;
        let result = (|| {
            file.write_all(text.as_bytes())?;
            file.sync_all()?;
            drop(file);
            rename_over(&tmp, &self.target)?;
            sync_dir(&dir);
            Ok(())
        })();
        if result.is_err() {
            let _ = fs::remove_file(&tmp);
        }
        result
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        if let Some((file, lock_path)) = self.held.take() {
            // Removed while still locked, so whoever locks the name next holds the only
            // lock on it (see `still_named`).
            #[cfg(unix)]
            let _ = fs::remove_file(&lock_path);
            #[cfg(not(unix))]
            let _ = lock_path;
            // Closing the file releases the lock.
            drop(file);
        }
    }
}

/// The file `path` names once every symbolic link in its last component is followed
/// (at most 40, as Linux allows), whether or not that file exists yet.
fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = fs::read_link(&current)?;
                current = match current.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(current),
        }
    }
    // Callers name the path already.
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "too many levels of symbolic links (a loop?)",
    ))
}

fn dir_and_name(path: &Path) -> io::Result<(PathBuf, String)> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} names no file", path.display()),
        )
    })?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((dir, name.to_string_lossy().into_owned()))
}

/// A directory no one can write in: there is nothing to lock against.
fn unwritable(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem
    )
}

/// True when `lock_path` still names the file we locked (on Unix, where holders
/// remove it as they let go; elsewhere it is never removed).
fn still_named(file: &File, lock_path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        match (file.metadata(), fs::metadata(lock_path)) {
            (Ok(ours), Ok(named)) => ours.dev() == named.dev() && ours.ino() == named.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (file, lock_path);
        true
    }
}

/// The name of a temp file of golden `name`.
fn temp_name(name: &str, pid: u32, n: u64, nanos: u32) -> String {
    format!(".{name}.{pid}-{n}-{nanos:08x}.tmp")
}

/// True when `file` is a temp file of golden `name`, as [`temp_name`] makes them.
fn is_temp_of(file: &str, name: &str) -> bool {
    let Some(middle) = file
        .strip_prefix('.')
        .and_then(|f| f.strip_prefix(name))
        .and_then(|f| f.strip_prefix('.'))
        .and_then(|f| f.strip_suffix(".tmp"))
    else {
        return false;
    };
    let parts: Vec<&str> = middle.split('-').collect();
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    matches!(parts.as_slice(), [pid, n, nanos]
        if digits(pid) && digits(n) && nanos.len() == 8
            && nanos.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Removes every temp file of golden `name` in `dir`. Called with the golden's lock
/// held: writers create, fill and rename their temp files only under that lock, so
/// any temp file seen now belongs to a writer that was killed. (Neither a process id,
/// which is reused and means nothing across machines or containers sharing the
/// directory, nor an age, which cannot tell a slow writer from a dead one, is needed.)
fn remove_temps(dir: &Path, name: &str) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        if is_temp_of(&entry.file_name().to_string_lossy(), name) {
            let _ = fs::remove_file(entry.path());
        }
    }
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
        let tmp = dir.join(temp_name(file_name, std::process::id(), n, nanos));
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

    #[test]
    fn temp_names_are_recognised_and_nothing_else() {
        let name = "demo-pkg.json";
        let tmp = temp_name(name, 4242, 7, 0xbad);
        assert_eq!(tmp, ".demo-pkg.json.4242-7-00000bad.tmp");
        assert!(is_temp_of(&tmp, name));
        // Never a golden's name (`*.json`), never another golden's temp file, never a
        // file of the user's that merely looks alike.
        assert!(!tmp.ends_with(".json"));
        for other in [
            "demo-pkg.json",
            ".demo-pkg.json.lock",
            ".demo-pkg.json.4242-7-00000bad.tmp.json",
            ".other.json.4242-7-00000bad.tmp",
            ".demo-pkg.json.4242-7-bad.tmp",
            ".demo-pkg.json.4242-x-00000bad.tmp",
            ".demo-pkg.json.notes.tmp",
            "demo-pkg.json.4242-7-00000bad.tmp",
        ] {
            assert!(!is_temp_of(other, name), "{other}");
        }
    }

    #[test]
    fn a_lock_excludes_another_until_dropped_and_leaves_no_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s-contract").join("p.json");
        let first = lock(&path).unwrap();
        let lock_file = dir.path().join("s-contract/.p.json.lock");
        assert!(lock_file.exists());
        let (tx, rx) = std::sync::mpsc::channel();
        let waiter = {
            let path = path.clone();
            std::thread::spawn(move || {
                let second = lock(&path).unwrap();
                tx.send(()).unwrap();
                second.write("second\n").unwrap();
            })
        };
        let waited = rx.recv_timeout(std::time::Duration::from_millis(300));
        assert!(
            waited.is_err(),
            "a second lock was granted while the first was held"
        );
        first.write("first\n").unwrap();
        drop(first);
        waiter.join().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "second\n");
        #[cfg(unix)]
        assert!(!lock_file.exists(), "the lock file was left behind");
    }

    #[test]
    fn a_lock_file_left_by_a_killed_holder_is_taken_over() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.json");
        // The OS released the dead holder's lock; only its file is left.
        fs::write(dir.path().join(".p.json.lock"), "").unwrap();
        let lock = lock(&path).unwrap();
        lock.write("x\n").unwrap();
        drop(lock);
        #[cfg(unix)]
        assert!(!dir.path().join(".p.json.lock").exists());
        assert_eq!(fs::read_to_string(&path).unwrap(), "x\n");
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_loop_is_an_error_not_a_hang() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.json"), dir.path().join("b.json"));
        std::os::unix::fs::symlink("b.json", &a).unwrap();
        std::os::unix::fs::symlink("a.json", &b).unwrap();
        let err = lock(&a).unwrap_err();
        assert!(
            err.to_string()
                .contains("too many levels of symbolic links"),
            "{err}"
        );
        assert!(read(&a).is_err());
    }
}
