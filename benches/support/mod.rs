//! Snapshots of realistic symbols for the benches: Rust source text, parsed by `syn`,
//! extracted by `contract_core::syntax::extract` and merged by
//! `contract_core::assemble`, as the macro and the harness would. A snapshot mixes
//! serde structs, generic structs with inherent impls, serde enums, traits, fns,
//! consts and type aliases; its "after" version carries a few percent of edits.

use std::collections::BTreeMap;
use std::path::PathBuf;

use contract_core::assemble::{self, Registered};
use contract_core::golden::{self, Golden};
use contract_core::syntax::extract;
use contract_core::Symbol;

mod items;
use items::{edit_of, item_source, Edit};

/// The set and package the benches pin.
pub const SET: &str = "bench";
pub const PACKAGE: &str = "bench-crate";

/// A package directory holding the golden of some symbols, as the harness finds it.
pub struct GoldenDir {
    /// The package directory.
    pub dir: PathBuf,
    /// The golden's bytes, as written.
    pub bytes: Vec<u8>,
}

impl GoldenDir {
    /// Writes the golden of `symbols` below `dir` (the caller removes `dir`).
    pub fn new(dir: PathBuf, symbols: &BTreeMap<String, Symbol>) -> GoldenDir {
        let path = golden::path(None, &dir, SET, PACKAGE);
        std::fs::create_dir_all(path.parent().expect("golden has a parent")).expect("mkdir");
        let text = Golden::new(SET, PACKAGE, symbols).render();
        std::fs::write(&path, &text).expect("golden written");
        GoldenDir {
            dir,
            bytes: text.into_bytes(),
        }
    }

    /// The harness comparison of `current` against this golden, environment empty.
    pub fn check(&self, current: &BTreeMap<String, Symbol>) -> contract_pin::Outcome {
        let no_env = |_: &str| None::<String>;
        contract_pin::check_symbols(SET, PACKAGE, &self.dir, current, &no_env)
            .expect("the check runs")
    }
}

/// A snapshot of `n` items (the "after" one has the planned edits), as the harness
/// would assemble it from registrations.
pub fn snapshot(n: usize, after: bool) -> BTreeMap<String, Symbol> {
    let mut registered = Vec::new();
    let mut indices: Vec<usize> = (0..n)
        .filter(|&i| !(after && edit_of(i) == Edit::Remove))
        .collect();
    if after {
        indices.extend(n..n + n / 200);
    }
    for i in indices {
        for src in item_source(i, after) {
            let item: syn::Item = syn::parse_str(&src).expect("generated source parses");
            let extracted = extract(&item).expect("generated source extracts");
            registered.push(Registered {
                name: extracted.name,
                module: format!("bench_crate::m{}", i % 37),
                fragment: extracted.fragment,
            });
        }
    }
    assemble::assemble(&registered).expect("no name conflicts")
}
