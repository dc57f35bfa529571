//! The scan cache (`target/contract-pin/scan/`): used while every answer the file
//! system gave the scan still holds, never after one changed, whatever the files'
//! time stamps say; a broken cache file is a cache miss, not an error.

mod support;

use std::path::PathBuf;

use contract_core::canonical::sha256;
use support::{Fixture, MODEL};

/// The fixture's cache files.
fn cache_files(f: &Fixture) -> Vec<PathBuf> {
    let dir = f.path("target/contract-pin/scan");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

/// The fixture, its golden written and its scan cached.
fn cached() -> Fixture {
    let f = Fixture::new();
    assert_eq!(f.run(&["update"]).code, 0);
    assert_eq!(f.run(&["check"]).code, 0);
    f
}

/// Rewrites the cached scan so that it pins `Order` under another name, the digest
/// of the scan made to match (`sealed`) or left as it was: a check that then reports
/// `Renamed` read the cache, one that does not scanned again.
fn rewrite(f: &Fixture, sealed: bool) {
    let [file] = cache_files(f)
        .try_into()
        .expect("one package, one cache file");
    let text = std::fs::read_to_string(&file).unwrap();
    let (header, scan) = text.split_once('\n').expect("a header line, then the scan");
    let poisoned = scan.replace(r#""name":"Order""#, r#""name":"Renamed""#);
    assert_ne!(poisoned, scan, "the cache holds the pinned item's name");
    let header = match sealed {
        true => header.replace(&sha256(scan.as_bytes()), &sha256(poisoned.as_bytes())),
        false => header.to_owned(),
    };
    std::fs::write(&file, format!("{header}\n{poisoned}")).unwrap();
}

/// Writes `text` to the fixture's file `path`, then gives it back its old time stamp.
fn edit_keeping_stamp(f: &Fixture, path: &str, text: &str) {
    let file = f.path(path);
    let stamp = std::fs::metadata(&file).unwrap().modified().unwrap();
    f.write(path, text);
    std::fs::File::options()
        .write(true)
        .open(&file)
        .unwrap()
        .set_modified(stamp)
        .unwrap();
}

/// The cached scan rewritten as a consistent cache file would be.
fn poison(f: &Fixture) {
    rewrite(f, true);
}

#[test]
fn a_cached_scan_is_used_while_every_file_it_read_is_unchanged() {
    let f = cached();
    poison(&f);
    let run = f.run(&["check"]);
    assert_eq!(run.code, 1, "the cache was read: {run:?}");
    assert!(run.stdout.contains("Renamed"), "{run:?}");
}

#[test]
fn an_edit_is_seen_even_when_the_file_keeps_its_size_and_time_stamp() {
    let f = cached();
    poison(&f);
    // `u64` → `i64`: same length.
    edit_keeping_stamp(&f, "app/src/model.rs", &MODEL.replace("id: u64", "id: i64"));
    let run = f.run(&["check"]);
    assert_eq!(run.code, 1, "{run:?}");
    assert!(
        run.stdout.contains("type of field `id`: `u64` -> `i64`"),
        "scanned again: {run:?}"
    );
    assert!(!run.stdout.contains("Renamed"), "{run:?}");
}

#[test]
fn a_module_file_that_moves_is_seen() {
    let f = cached();
    poison(&f);
    // `mod model;` now resolves to `model/mod.rs`: same text, other answers.
    std::fs::create_dir(f.path("app/src/model")).unwrap();
    std::fs::rename(f.path("app/src/model.rs"), f.path("app/src/model/mod.rs")).unwrap();
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "scanned again: {run:?}");
    // A `model.rs` beside it now comes first: no file the scan read changed, but
    // the answer to "is there a `model.rs`?" did.
    poison(&f);
    f.write("app/src/model.rs", MODEL);
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "scanned again: {run:?}");
}

#[test]
fn a_broken_cache_file_is_scanned_over() {
    let f = cached();
    let [file] = cache_files(&f).try_into().expect("one cache file");
    for broken in ["", "{", "[1, 2]", "{\"scanner\": 1}"] {
        std::fs::write(&file, broken).unwrap();
        let run = f.run(&["check"]);
        assert_eq!(run.code, 0, "{broken:?}: {run:?}");
        assert!(run.stderr.is_empty(), "{broken:?}: {run:?}");
        // Written again, whole.
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains(r#""name":"Order""#), "{broken:?}");
    }
}

#[test]
fn a_scan_whose_bytes_changed_is_scanned_over() {
    let f = cached();
    rewrite(&f, false);
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "scanned again: {run:?}");
    assert!(!run.stdout.contains("Renamed"), "{run:?}");
    // A fragment that does not read, digest left as it was: scanned over, no panic.
    let [file] = cache_files(&f).try_into().expect("one cache file");
    let text = std::fs::read_to_string(&file).unwrap();
    let broken = text.replacen(r#"{\"fragment\":"#, r#"{\"fragmant\":"#, 1);
    assert_ne!(broken, text, "the cache holds fragment texts");
    std::fs::write(&file, broken).unwrap();
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stderr.is_empty(), "{run:?}");
}

/// Under a caller's own target directory (and colour, `CI`, cargo home), every test
/// above still passes and no fixture's cache lands in the caller's target directory:
/// each fixture keeps its cache in its own `target/`.
#[test]
fn every_test_here_passes_under_a_foreign_target_dir_and_writes_nothing_there() {
    support::foreign_env::rerun_foreign(
        "every_test_here_passes_under_a_foreign_target_dir_and_writes_nothing_there",
    );
}

/// The names of the library (`target/contract-pin/names/`), read when a shape differs
/// from its golden as written: used while every file they were read from is
/// unchanged, read again after an edit that keeps the file's size and time stamp.
#[test]
fn cached_names_are_used_while_the_files_they_were_read_from_are_unchanged() {
    let f = cached();
    // `Id` spells `u64` only through the crate's names.
    let aliased = MODEL.replace("    pub id: u64,", "    pub id: crate::model::Id,")
        + "\npub type Id = u64;\n";
    f.write("app/src/model.rs", &aliased);
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "the alias is the type it stands for: {run:?}");
    let dir = f.path("target/contract-pin/names");
    let [file]: [PathBuf; 1] = std::fs::read_dir(&dir)
        .expect("the names were cached")
        .map(|e| e.unwrap().path())
        .collect::<Vec<_>>()
        .try_into()
        .expect("one package, one names file");
    // The cached names rewritten, consistently, to say `Id` is `i64`.
    let text = std::fs::read_to_string(&file).unwrap();
    let (header, names) = text
        .split_once('\n')
        .expect("a header line, then the names");
    let poisoned = names.replacen("u64", "i64", 1);
    assert_ne!(poisoned, names, "the cache holds the alias's target");
    let header = header.replace(&sha256(names.as_bytes()), &sha256(poisoned.as_bytes()));
    std::fs::write(&file, format!("{header}\n{poisoned}")).unwrap();
    let run = f.run(&["check"]);
    assert_eq!(run.code, 1, "the cached names were read: {run:?}");
    // An edit that keeps the file's size and time stamp: read again.
    edit_keeping_stamp(
        &f,
        "app/src/model.rs",
        &aliased.replace("Id = u64", "Id= u64 "),
    );
    let run = f.run(&["check"]);
    assert_eq!(run.code, 0, "read again: {run:?}");
}
