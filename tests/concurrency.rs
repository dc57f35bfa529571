//! Concurrent updates of one golden: threads of this test binary and child processes
//! (this binary re-invoked) all rewrite the same file at once, while a reader keeps
//! reading it. Every read, and the final file, must be exactly one writer's golden:
//! never torn, never interleaved; and no temp file may be left behind.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Barrier};

use contract_core::shape::{ItemShape, Value, ValueItemShape};
use contract_core::{golden, Golden, Policy, Symbol};
use contract_pin::{check_symbols, Status};

const SET: &str = "race";
const PACKAGE: &str = "demo-pkg";
const THREADS: usize = 4;
const PROCESSES: usize = 4;
const ROUNDS: usize = 25;
/// Set in a child process: `<package dir>|<writer number>`.
const CHILD: &str = "CONTRACT_PIN_RACE_CHILD";

/// Writer `k`'s shapes: `k + 1` constants, so every writer's golden has another
/// length and an interleaving of two of them cannot parse as either.
fn shapes(k: usize) -> BTreeMap<String, Symbol> {
    (0..=k)
        .map(|i| {
            let symbol = Symbol {
                module: Some(format!("writer{k}")),
                item: Some(ItemShape::Const(ValueItemShape {
                    mutable: false,
                    ty: contract_core::Type::named("u32"),
                    value: Value::Expr(format!("{}", k * 1000 + i).repeat(k + 1)),
                })),
                ..Symbol::default()
            };
            (format!("C{i}"), symbol)
        })
        .collect()
}

fn expected(k: usize) -> String {
    Golden::new(SET, PACKAGE, Policy::default_for(SET), &shapes(k)).render()
}

fn golden_path(dir: &Path) -> PathBuf {
    dir.join("golden")
        .join(format!("{SET}-contract/{PACKAGE}.json"))
}

/// `ROUNDS` updates as writer `k`; each finds another writer's golden and rewrites it.
fn write_rounds(dir: &Path, k: usize) {
    let golden_dir = dir.join("golden").display().to_string();
    let lookup = move |name: &str| match name {
        "CONTRACT_PIN_UPDATE" => Some("1".to_owned()),
        "CONTRACT_PIN_GOLDEN_DIR" => Some(golden_dir.clone()),
        _ => None,
    };
    let current = shapes(k);
    for round in 0..ROUNDS {
        let outcome = check_symbols(SET, PACKAGE, dir, &current, &lookup)
            .unwrap_or_else(|e| panic!("writer {k}, round {round}: {e}"));
        assert!(
            matches!(outcome.status, Status::Updated | Status::Match),
            "writer {k}: {:?}",
            outcome.status
        );
    }
}

/// The child-process side: a no-op unless started by the race below.
#[test]
fn race_child() {
    let Ok(spec) = std::env::var(CHILD) else {
        return;
    };
    let (dir, k) = spec.rsplit_once('|').expect("dir|k");
    write_rounds(Path::new(dir), k.parse().expect("writer number"));
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
        .map(|k| {
            Command::new(std::env::current_exe().expect("test binary"))
                .args(["--exact", "race_child", "--test-threads=1"])
                .env(CHILD, format!("{}|{k}", dir.display()))
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("child starts")
        })
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
                write_rounds(&dir, k);
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
    }
    for child in children {
        let output = child.wait_with_output().expect("child ends");
        assert!(
            output.status.success(),
            "a child writer failed:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    done.store(true, Ordering::Relaxed);
    let reads = reader
        .join()
        .unwrap_or_else(|e| std::panic::resume_unwind(e));

    let last = fs::read_to_string(&path).unwrap();
    let winner = texts.iter().position(|t| *t == last);
    assert!(winner.is_some(), "the final golden is no writer's:\n{last}");
    golden::parse(last.as_bytes()).expect("the final golden parses");
    let leftovers: Vec<String> = fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != &format!("{PACKAGE}.json"))
        .collect();
    assert!(
        leftovers.is_empty(),
        "temp files left behind: {leftovers:?}"
    );
    assert!(reads > 0, "the reader never saw the golden");
    fs::remove_dir_all(&dir).unwrap();
}
