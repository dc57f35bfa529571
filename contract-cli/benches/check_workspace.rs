//! `contract-pin check` on a generated workspace: 20 crates of 500 pinned items each
//! (10k symbols, the item mix of the facade's benches), goldens written once by
//! `contract-pin update`. Each iteration runs the real binary, warm (the sources and
//! goldens are in the page cache):
//!
//! - `check/cold`: every golden matches, no scan cache (`target/contract-pin` removed
//!   before each run: the first check after a clone or `cargo clean`);
//! - `check/unchanged`: every golden matches, every package's scan cached;
//! - `check/edited`: one crate carries the mix's few percent of edits (exit 1), and its
//!   cached scan is removed before each run: the edit loop, where the edited package
//!   is scanned again and the others are read from the cache.
//!
//! `cargo bench -p contract-cli --bench check_workspace`; see docs/BENCHMARKS.md.
//! With `BENCH_KEEP_WORKSPACE=1` the workspace stays in the temp dir, for profiling
//! the command by hand.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

#[path = "../../tests/common/clean_env.rs"]
mod clean_env;
#[path = "../../benches/support/items.rs"]
mod items;

const CRATES: usize = 20;
const ITEMS_PER_CRATE: usize = 500;
const MODULES: usize = 10;

/// The source of one module of crate `c`: its share of the crate's items, each
/// pinned in set `bench`, as written before or after the planned edits.
fn module_source(c: usize, m: usize, after: bool) -> String {
    let per = ITEMS_PER_CRATE / MODULES;
    let mut out = String::from("//! Generated.\n");
    for i in c * ITEMS_PER_CRATE + m * per..c * ITEMS_PER_CRATE + (m + 1) * per {
        if after && items::edit_of(i) == items::Edit::Remove {
            continue;
        }
        for item in items::item_source(i, after) {
            let _ = write!(out, "\n#[contract_pin::contract(set = \"bench\")]\n{item}");
        }
    }
    out
}

/// Writes the workspace below `root`.
fn generate(root: &Path) {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("repo root");
    let members: Vec<String> = (0..CRATES).map(|c| format!("\"c{c:02}\"")).collect();
    write(
        &root.join("Cargo.toml"),
        &format!(
            "[workspace]\nmembers = [{}]\nresolver = \"2\"\n",
            members.join(", ")
        ),
    );
    for c in 0..CRATES {
        let dir = root.join(format!("c{c:02}"));
        write(
            &dir.join("Cargo.toml"),
            &format!(
                "[package]\nname = \"c{c:02}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\
                 publish = false\n\n[dependencies]\ncontract-pin = {{ path = {:?} }}\n\
                 serde = {{ version = \"1\", features = [\"derive\"] }}\n",
                repo.display().to_string()
            ),
        );
        let mods: String = (0..MODULES).map(|m| format!("pub mod m{m};\n")).collect();
        write(&dir.join("src/lib.rs"), &format!("//! Crate {c}.\n{mods}"));
        for m in 0..MODULES {
            write(
                &dir.join(format!("src/m{m}.rs")),
                &module_source(c, m, false),
            );
        }
    }
}

/// Writes crate 0's sources as before or after the edits.
fn edit_first_crate(root: &Path, after: bool) {
    for m in 0..MODULES {
        write(
            &root.join(format!("c00/src/m{m}.rs")),
            &module_source(0, m, after),
        );
    }
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("has a parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

/// `contract-pin <args>` in `root`, in a user's clean environment.
fn contract_pin(root: &Path, args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_contract-pin"));
    cmd.args(args).current_dir(root);
    clean_env::clean_env(&mut cmd);
    cmd.output().expect("contract-pin runs")
}

fn workspace() -> PathBuf {
    let root = std::env::temp_dir().join(format!("contract-pin-bench-ws-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    generate(&root);
    let update = contract_pin(&root, &["update"]);
    assert!(
        update.status.success(),
        "update: {}",
        String::from_utf8_lossy(&update.stderr)
    );
    let check = contract_pin(&root, &["check"]);
    assert_eq!(check.status.code(), Some(0), "the fresh goldens match");
    root
}

fn check_workspace(c: &mut Criterion) {
    let root = workspace();
    let mut group = c.benchmark_group("check");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(10));
    let cache = root.join("target/contract-pin/scan");
    group.bench_function("cold", |b| {
        b.iter_batched(
            || std::fs::remove_dir_all(&cache).expect("a cache to remove"),
            |()| {
                let out = contract_pin(&root, &["check"]);
                assert_eq!(out.status.code(), Some(0));
            },
            BatchSize::PerIteration,
        )
    });
    group.bench_function("unchanged", |b| {
        b.iter(|| {
            let out = contract_pin(&root, &["check"]);
            assert_eq!(out.status.code(), Some(0));
        })
    });
    edit_first_crate(&root, true);
    // The first crate's cache file: named after the package.
    let first: Vec<PathBuf> = std::fs::read_dir(&cache)
        .expect("the cache")
        .map(|e| e.expect("an entry").path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("c00-"))
        })
        .collect();
    assert_eq!(first.len(), 1, "one cache file per package");
    group.bench_function("edited", |b| {
        b.iter_batched(
            || std::fs::remove_file(&first[0]).expect("c00's cached scan"),
            |()| {
                let out = contract_pin(&root, &["check"]);
                assert_eq!(out.status.code(), Some(1), "a breaking edit");
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
    // Kept for profiling the command by hand when asked; removed otherwise.
    match std::env::var_os("BENCH_KEEP_WORKSPACE") {
        Some(_) => eprintln!("workspace kept at {}", root.display()),
        None => {
            let _ = std::fs::remove_dir_all(&root);
        }
    }
}

criterion_group!(benches, check_workspace);
criterion_main!(benches);
