//! Replays the committed fuzz corpus (`fuzz/corpus/<target>/*`) through the same entry
//! functions the cargo-fuzz targets call, so every input that ever found a bug, and
//! the seeds, run in an ordinary `cargo test` without a fuzzer.

use std::fs;
use std::path::{Path, PathBuf};

#[path = "../../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod entries;

fn corpus(target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target);
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("corpus entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}: empty corpus", dir.display());
    files
}

/// Runs `entry` on every file of the target's corpus on a thread with the stack
/// libFuzzer's main thread has (8 MiB), naming the file that fails.
fn replay(target: &str, entry: fn(&[u8])) {
    let files = corpus(target);
    let count = files.len();
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || {
            for file in files {
                let data = fs::read(&file).expect("corpus file reads");
                let result = std::panic::catch_unwind(|| entry(&data));
                if let Err(panic) = result {
                    std::panic::resume_unwind(Box::new(format!(
                        "{}: {:?}",
                        file.display(),
                        panic
                            .downcast_ref::<String>()
                            .map(String::as_str)
                            .or_else(|| panic.downcast_ref::<&str>().copied())
                    )));
                }
            }
        })
        .expect("spawn")
        .join()
        .unwrap_or_else(|e| std::panic::resume_unwind(e));
    assert!(count > 0);
}

#[test]
fn golden_parse_corpus() {
    replay("golden_parse", entries::golden_parse);
}

#[test]
fn diff_shapes_corpus() {
    replay("diff_shapes", entries::diff_shapes);
}

#[test]
fn policy_parse_corpus() {
    replay("policy_parse", entries::policy_parse);
}

#[test]
fn extract_item_corpus() {
    replay("extract_item", entries::extract_item);
}

#[test]
fn shape_pairs_corpus() {
    replay("shape_pairs", entries::shape_pairs);
}

#[test]
fn golden_mutations_corpus() {
    replay("golden_mutations", entries::golden_mutations);
}

#[test]
fn typed_model_corpus() {
    replay("typed_model", entries::typed_model);
}
