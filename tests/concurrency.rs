//! Concurrent updates of one golden, by threads of this test binary and by child
//! processes (this binary re-invoked):
//!
//! - all rewrite the same file at once while a reader keeps reading it: every read,
//!   and the final file, is exactly one writer's golden (never torn, never
//!   interleaved), and no temp or lock file is left behind;
//! - each adds its own symbols by read-modify-write under the golden's lock: none is
//!   lost;
//! - an update waits for a writer that holds the lock, and decides on what that
//!   writer wrote.

use std::collections::BTreeMap;
use std::fs;
use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Barrier};

use contract_core::shape::{ItemShape, Value, ValueItemShape};
use contract_core::{golden, Golden, Symbol};
use contract_harness::{check_symbols, Status};
use contract_store::store;

const SET: &str = "race";
const PACKAGE: &str = "demo-pkg";
const THREADS: usize = 4;
const PROCESSES: usize = 4;
const ROUNDS: usize = 25;
/// Set in a child process: `<task>|<package dir>|<writer number>`.
const CHILD: &str = "CONTRACT_PIN_RACE_CHILD";

/// A pinned constant: module `writer{k}`, a value that repeats `k + 1` times. The
/// only place this file builds a shape.
fn constant(k: usize, value: usize) -> Symbol {
    Symbol {
        module: Some(format!("writer{k}")),
        item: Some(ItemShape::Const(ValueItemShape::new(
            contract_core::Type::named("u32"),
            Value::Expr(value.to_string().repeat(k + 1)),
        ))),
        ..Symbol::default()
    }
}

/// Writer `k`'s shapes: `k + 1` constants, so every writer's golden has another
/// length and an interleaving of two of them cannot parse as either.
fn shapes(k: usize) -> BTreeMap<String, Symbol> {
    (0..=k)
        .map(|i| (format!("C{i}"), constant(k, k * 1000 + i)))
        .collect()
}

fn expected(k: usize) -> String {
    Golden::new(SET, PACKAGE, &shapes(k)).render()
}

fn golden_path(dir: &Path) -> PathBuf {
    dir.join("golden")
        .join(format!("{SET}-contract/{PACKAGE}.json"))
}

fn update_lookup(dir: &Path) -> impl Fn(&str) -> Option<String> {
    let golden_dir = dir.join("golden").display().to_string();
    move |name: &str| match name {
        "CONTRACT_PIN_UPDATE" => Some("1".to_owned()),
        "CONTRACT_PIN_GOLDEN_DIR" => Some(golden_dir.clone()),
        _ => None,
    }
}

/// `rounds` updates as writer `k`; each finds another writer's golden and rewrites it.
fn write_rounds(dir: &Path, k: usize, rounds: usize) {
    let lookup = update_lookup(dir);
    let current = shapes(k);
    for round in 0..rounds {
        let outcome = check_symbols(SET, PACKAGE, dir, &current, &lookup)
            .unwrap_or_else(|e| panic!("writer {k}, round {round}: {e}"));
        assert!(
            matches!(outcome.status, Status::Updated | Status::Match),
            "writer {k}: {:?}",
            outcome.status
        );
        eprint!("{}", outcome.message);
    }
}

/// The symbols of the golden at `path` (none yet: empty).
fn golden_symbols(bytes: Option<&[u8]>) -> BTreeMap<String, Symbol> {
    match bytes {
        Some(bytes) => golden::parse(bytes).expect("a whole golden").shapes(),
        None => BTreeMap::new(),
    }
}

/// `ROUNDS` read-modify-writes as writer `k`, the way `contract-pin review` accepts a
/// symbol: lock, read, add symbol `W{k}R{round}`, write.
fn add_rounds(dir: &Path, k: usize) {
    let path = golden_path(dir);
    for round in 0..ROUNDS {
        let lock = store::lock(&path).expect("lock");
        let mut symbols = golden_symbols(lock.read().expect("read").as_deref());
        symbols.insert(format!("W{k}R{round}"), constant(k, round));
        lock.write(&Golden::new(SET, PACKAGE, &symbols).render())
            .expect("write");
    }
}

/// The child-process side: a no-op unless started by a test below.
#[test]
fn race_child() {
    let Ok(spec) = std::env::var(CHILD) else {
        return;
    };
    let mut parts = spec.split('|');
    let (Some(task), Some(dir), Some(k)) = (parts.next(), parts.next(), parts.next()) else {
        panic!("bad {CHILD}: {spec}");
    };
    let (dir, k) = (Path::new(dir), k.parse().expect("writer number"));
    match task {
        "race" => write_rounds(dir, k, ROUNDS),
        "once" => write_rounds(dir, k, 1),
        "add" => add_rounds(dir, k),
        _ => panic!("unknown task {task}"),
    }
}

/// This test binary as writer `k` doing `task` in `dir`; stderr is piped.
fn spawn_child(task: &str, dir: &Path, k: usize) -> Child {
    Command::new(std::env::current_exe().expect("test binary"))
        .args(["--exact", "race_child", "--test-threads=1", "--nocapture"])
        .env(CHILD, format!("{task}|{}|{k}", dir.display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("child starts")
}

#[track_caller]
fn assert_succeeded(child: Child) -> String {
    let output = child.wait_with_output().expect("child ends");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "a child writer failed:\n{text}");
    text
}

/// Names in the golden's directory other than the golden: temp and lock files.
fn leftovers(path: &Path) -> Vec<String> {
    fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != &format!("{PACKAGE}.json"))
        .collect()
}

#[test]
fn concurrent_updates_never_tear_or_interleave_the_golden() {
    let dir = std::env::temp_dir().join(format!("contract-pin-race-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let writers = THREADS + PROCESSES;
    let texts: Vec<String> = (0..writers).map(expected).collect();
    let path = golden_path(&dir);

    let children: Vec<_> = (THREADS..writers)
        .map(|k| spawn_child("race", &dir, k))
        .collect();

    let done = Arc::new(AtomicBool::new(false));
    let reader = {
        let (done, path, texts) = (done.clone(), path.clone(), texts.clone());
        std::thread::spawn(move || {
            let mut reads = 0usize;
            while !done.load(Ordering::Relaxed) {
                if let Ok(bytes) = fs::read(&path) {
                    let text = String::from_utf8(bytes).expect("UTF-8");
                    golden::parse(text.as_bytes())
                        .unwrap_or_else(|e| panic!("a torn golden was read: {e}\n{text}"));
                    assert!(texts.contains(&text), "not any writer's golden:\n{text}");
                    reads += 1;
                }
            }
            reads
        })
    };

    let barrier = Arc::new(Barrier::new(THREADS));
    let threads: Vec<_> = (0..THREADS)
        .map(|k| {
            let (barrier, dir) = (barrier.clone(), dir.clone());
            std::thread::spawn(move || {
                barrier.wait();
                write_rounds(&dir, k, ROUNDS);
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
    }
    for child in children {
        assert_succeeded(child);
    }
    done.store(true, Ordering::Relaxed);
    let reads = reader
        .join()
        .unwrap_or_else(|e| std::panic::resume_unwind(e));

    let last = fs::read_to_string(&path).unwrap();
    let winner = texts.iter().position(|t| *t == last);
    assert!(winner.is_some(), "the final golden is no writer's:\n{last}");
    golden::parse(last.as_bytes()).expect("the final golden parses");
    let leftovers = leftovers(&path);
    assert!(
        leftovers.is_empty(),
        "temp or lock files left behind: {leftovers:?}"
    );
    assert!(reads > 0, "the reader never saw the golden");
    fs::remove_dir_all(&dir).unwrap();
}

/// Lost updates: 4 threads and 4 processes each add 25 symbols of their own to one
/// golden by read-modify-write. Without the lock two writers read the same golden and
/// the second write drops the first one's symbol; with it, all 200 survive.
#[test]
fn read_modify_writes_from_threads_and_processes_lose_no_symbol() {
    let dir = tempfile::Builder::new()
        .prefix("contract-pin-add-")
        .tempdir()
        .unwrap();
    let dir = dir.path();
    let children: Vec<_> = (THREADS..THREADS + PROCESSES)
        .map(|k| spawn_child("add", dir, k))
        .collect();
    let barrier = Arc::new(Barrier::new(THREADS));
    let threads: Vec<_> = (0..THREADS)
        .map(|k| {
            let (barrier, dir) = (barrier.clone(), dir.to_path_buf());
            std::thread::spawn(move || {
                barrier.wait();
                add_rounds(&dir, k);
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
    }
    for child in children {
        assert_succeeded(child);
    }
    let path = golden_path(dir);
    let symbols = golden_symbols(store::read(&path).unwrap().as_deref());
    let missing: Vec<String> = (0..THREADS + PROCESSES)
        .flat_map(|k| (0..ROUNDS).map(move |r| format!("W{k}R{r}")))
        .filter(|name| !symbols.contains_key(name))
        .collect();
    assert!(
        missing.is_empty(),
        "{} of {} symbols lost: {missing:?}",
        missing.len(),
        (THREADS + PROCESSES) * ROUNDS
    );
    assert_eq!(symbols.len(), (THREADS + PROCESSES) * ROUNDS);
    assert_eq!(leftovers(&path), Vec::<String>::new());
}

/// The hazard of a slow writer (`contract-pin review`, whose user decides between the
/// read and the write): while this test holds the lock, having read the golden, a
/// `cargo test` update starts in another process. It must wait, and then decide on
/// what this test wrote. Without the lock the update writes at once and this test's
/// write, made from its older read, silently drops it.
#[test]
fn an_update_waits_for_the_lock_holder_and_decides_on_what_it_wrote() {
    let dir = tempfile::Builder::new()
        .prefix("contract-pin-wait-")
        .tempdir()
        .unwrap();
    let dir = dir.path();
    let path = golden_path(dir);
    write_rounds(dir, 0, 1);

    let lock = store::lock(&path).unwrap();
    let mut symbols = golden_symbols(lock.read().unwrap().as_deref());
    let mut child = spawn_child("once", dir, 1);
    // Wait until the child says it waits for the lock (or, without one, has ended).
    let (lines, seen) = mpsc::channel();
    let stderr = child.stderr.take().unwrap();
    let forward = std::thread::spawn(move || {
        let mut all = String::new();
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let waiting = line.contains("waiting for another process writing");
            all.push_str(&line);
            all.push('\n');
            if waiting {
                let _ = lines.send(());
            }
        }
        all
    });
    let waited = seen.recv().is_ok();
    symbols.insert("Accepted".to_owned(), constant(0, 7));
    lock.write(&Golden::new(SET, PACKAGE, &symbols).render())
        .unwrap();
    drop(lock);

    let status = child.wait().unwrap();
    let stderr = forward.join().unwrap();
    assert!(status.success(), "the update failed:\n{stderr}");
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        expected(1),
        "the update's golden was overwritten by an older read:\n{stderr}"
    );
    assert!(waited, "the update did not wait for the lock:\n{stderr}");
    // It decided on this test's write, not on its own earlier read: `Accepted` is a
    // symbol it removed.
    assert!(
        stderr.contains("symbol_removed @ Accepted"),
        "the update decided on a golden read before the lock holder wrote:\n{stderr}"
    );
    assert_eq!(leftovers(&path), Vec::<String>::new());
}
