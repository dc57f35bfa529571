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

/// The edit planned for item `i` in the "after" snapshot: 1.4 % of the items change
/// shape (one of each kind), 0.4 % are removed, 0.2 % are renamed and 0.5 % are
/// added at the end.
#[derive(Clone, Copy, PartialEq)]
enum Edit {
    None,
    Change,
    Remove,
    Rename,
}

fn edit_of(i: usize) -> Edit {
    match i % 500 {
        50 | 153 | 254 | 356 | 409 | 457 | 459 => Edit::Change,
        125 | 375 => Edit::Remove,
        300 => Edit::Rename,
        _ => Edit::None,
    }
}

/// Source text of item `i` (one or two Rust items), as written before or after the
/// edit planned for it.
fn item_source(i: usize, after: bool) -> Vec<String> {
    let changed = after && edit_of(i) == Edit::Change;
    let name = if after && edit_of(i) == Edit::Rename {
        format!("Renamed{i}")
    } else {
        format!("Item{i}")
    };
    match i % 10 {
        0..=2 => {
            let count = 5 + i % 8;
            let mut fields = String::new();
            for f in 0..count {
                let ty = match (f + i) % 6 {
                    0 => "u64",
                    1 => "String",
                    2 => "Option<String>",
                    3 => "Vec<u32>",
                    4 => "bool",
                    _ => "std::collections::BTreeMap<String, i64>",
                };
                let ty = if changed && f == 0 { "u128" } else { ty };
                if f % 4 == 1 {
                    fields.push_str("    #[serde(default)]\n");
                }
                fields.push_str(&format!("    pub field_{f}: {ty},\n"));
            }
            if changed {
                fields.push_str("    #[serde(default)]\n    pub added: Option<u32>,\n");
            }
            vec![format!(
                "/// Doc.\n#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]\n\
                 #[serde(rename_all = \"camelCase\")]\npub struct {name} {{\n{fields}}}\n"
            )]
        }
        3 => {
            let extra = if changed {
                "    pub fn clear(&mut self) {}\n"
            } else {
                ""
            };
            vec![
                format!(
                    "#[derive(Clone, Debug, Default)]\n#[non_exhaustive]\n\
                     pub struct {name}<T: Clone = String> where T: Send {{\n\
                     pub items: Vec<T>,\n    pub next: Option<String>,\n    cursor: usize,\n}}\n"
                ),
                format!(
                    "impl<T: Clone + Send> {name}<T> {{\n\
                     pub fn new() -> Self {{ todo!() }}\n\
                     pub fn push(&mut self, item: T) -> &mut Self {{ todo!() }}\n\
                     pub fn get(&self, index: usize) -> Option<&T> {{ todo!() }}\n\
                     fn private(&self) {{}}\n{extra}}}\n"
                ),
            ]
        }
        4 | 5 => {
            let added = if changed { "    Cancelled,\n" } else { "" };
            vec![format!(
                "#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]\n\
                 #[serde(tag = \"type\", rename_all = \"snake_case\")]\npub enum {name} {{\n\
                 Pending,\n    Running {{ progress: u8, #[serde(default)] note: Option<String> }},\n\
                 Done(Box<Vec<u64>>),\n    #[serde(rename = \"failed\")]\n    Failed {{ code: i32 }},\n{added}}}\n"
            )]
        }
        6 => {
            let required = if changed {
                "    fn flush(&mut self) -> std::io::Result<()>;\n"
            } else {
                ""
            };
            vec![format!(
                "pub trait {name}: Send + Sync {{\n    type Output;\n    const LIMIT: usize = 8;\n\
                 fn run(&self, input: &[u8]) -> Result<Self::Output, String>;\n\
                 fn name(&self) -> &str {{ \"x\" }}\n\
                 fn each<F: FnMut(&str)>(&self, f: F) where F: Send;\n{required}}}\n"
            )]
        }
        7 | 8 => {
            let param = if changed { ", strict: bool" } else { "" };
            let lower = name.to_lowercase();
            vec![format!(
                "pub fn {lower}<'a, T: AsRef<str>>(items: &'a [T], limit: usize{param}) -> Vec<&'a str> {{ todo!() }}\n"
            )]
        }
        _ if i % 20 == 9 => {
            let value = if changed { 4 } else { 3 };
            let upper = name.to_uppercase();
            vec![format!("pub const {upper}: u32 = {value};\n")]
        }
        _ => {
            let target = if changed {
                "std::collections::HashMap<String, Vec<u64>>"
            } else {
                "std::collections::BTreeMap<String, Vec<u64>>"
            };
            vec![format!("pub type {name} = {target};\n")]
        }
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
