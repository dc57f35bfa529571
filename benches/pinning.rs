//! What pinning costs at run time: extraction of one item, the diff of two snapshots,
//! and the full harness comparison (golden read + parse + diff) against a golden on
//! disk. Run with `cargo bench --bench pinning`; see docs/BENCHMARKS.md for results
//! and for the compile-cost benchmark (`benches/compile_cost.sh`).
//!
//! Symbols are made the way the macro makes them: Rust source text, parsed by `syn`
//! and extracted by `contract_core::syntax::extract`, then merged by
//! `contract_core::assemble`. A snapshot mixes serde structs, generic structs with
//! inherent impls, serde enums, traits, fns, consts and type aliases.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Mutex;

use contract_core::golden;
use contract_core::syntax::extract;
use contract_core::{canonical, diff, Policy, Symbol};
use criterion::{criterion_group, BenchmarkId, Criterion};

const SIZES: [usize; 2] = [1_000, 10_000];

// ---------------------------------------------------------------- single items

const SMALL_STRUCT: &str = r#"
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point { pub x: i32, pub y: i32 }
"#;

fn serde_struct_30() -> String {
    let types = [
        "u64",
        "String",
        "Option<String>",
        "Vec<u32>",
        "bool",
        "std::collections::BTreeMap<String, u64>",
        "f64",
        "Option<Box<Self>>",
        "[u8; 16]",
        "(u16, u16)",
    ];
    let mut fields = String::new();
    for i in 0..30 {
        match i % 6 {
            0 => fields.push_str("    #[serde(default)]\n"),
            1 => fields.push_str(&format!("    #[serde(rename = \"f{i}\")]\n")),
            2 => fields.push_str("    #[serde(skip_serializing_if = \"Option::is_none\")]\n"),
            3 => fields.push_str(&format!("    #[serde(alias = \"old_{i}\")]\n")),
            _ => {}
        }
        fields.push_str(&format!("    pub field_{i}: {},\n", types[i % types.len()]));
    }
    format!(
        "/// A record.\n#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]\n\
         #[serde(rename_all = \"camelCase\", deny_unknown_fields)]\n\
         pub struct Record {{\n{fields}}}\n"
    )
}

fn trait_20() -> String {
    let mut methods = String::new();
    for i in 0..20 {
        match i % 4 {
            0 => methods.push_str(&format!("    fn get_{i}(&self, key: &str) -> Option<u64>;\n")),
            1 => methods.push_str(&format!(
                "    fn put_{i}(&mut self, key: String, value: Vec<u8>) -> Result<(), Self::Error>;\n"
            )),
            2 => methods.push_str(&format!(
                "    fn scan_{i}<'a>(&'a self, prefix: &'a str) -> Box<dyn Iterator<Item = &'a str> + 'a>;\n"
            )),
            _ => methods.push_str(&format!(
                "    fn len_{i}(&self) -> usize {{ 0 }}\n"
            )),
        }
    }
    format!(
        "/// A store.\npub trait Store: Send + Sync {{\n    type Error: std::error::Error;\n{methods}}}\n"
    )
}

fn bench_extract(c: &mut Criterion) {
    let mut group = c.benchmark_group("extract");
    for (name, src) in [
        ("small_struct", SMALL_STRUCT.to_owned()),
        ("serde_struct_30_fields", serde_struct_30()),
        ("trait_20_methods", trait_20()),
    ] {
        let item: syn::Item = syn::parse_str(&src).expect("bench source parses");
        group.bench_function(BenchmarkId::new("extract", name), |b| {
            b.iter(|| extract(black_box(&item)).expect("extracts"))
        });
        // What the attribute does per item besides the golden check: parse the
        // tokens, extract, and render the fragment and its fingerprint.
        let tokens: proc_macro2::TokenStream = src.parse().expect("tokens");
        group.bench_function(BenchmarkId::new("parse_extract_fingerprint", name), |b| {
            b.iter(|| {
                let item: syn::Item = syn::parse2(black_box(tokens.clone())).expect("parses");
                let extracted = extract(&item).expect("extracts");
                let fragment = canonical::to_compact_string(&extracted.fragment);
                let fingerprint = canonical::fingerprint(&extracted.fragment);
                (fragment, fingerprint)
            })
        });
    }
    group.finish();
}

// ---------------------------------------------------------------- snapshots

mod support;
use support::{GoldenDir, Registrations};

/// The "before" and "after" snapshots of one size, made once and only when a
/// benchmark that needs them runs (a filtered run, or a profiler, skips the rest).
struct Snapshots {
    before: BTreeMap<String, Symbol>,
    after: BTreeMap<String, Symbol>,
    /// What the macro registers for each.
    registered_before: Registrations,
    registered_after: Registrations,
    golden: GoldenDir,
}

fn snapshots(n: usize) -> &'static Snapshots {
    static CACHE: Mutex<BTreeMap<usize, &'static Snapshots>> = Mutex::new(BTreeMap::new());
    let mut cache = CACHE.lock().expect("not poisoned");
    cache.entry(n).or_insert_with(|| {
        let registered_before = Registrations::new(n, false);
        let registered_after = Registrations::new(n, true);
        let (before, after) = (registered_before.symbols(), registered_after.symbols());
        let golden = GoldenDir::new(temp_root().join(n.to_string()), &before);
        eprintln!(
            "snapshots of {n} items: {} and {} symbols, golden of {} bytes",
            before.len(),
            after.len(),
            golden.bytes.len()
        );
        Box::leak(Box::new(Snapshots {
            before,
            after,
            registered_before,
            registered_after,
            golden,
        }))
    })
}

fn bench_diff(c: &mut Criterion) {
    let mut group = c.benchmark_group("diff_sets");
    group.sample_size(20);
    let policy = Policy::default();
    for n in SIZES {
        group.bench_function(BenchmarkId::new("unchanged", n), |b| {
            let s = snapshots(n);
            b.iter(|| diff::diff_sets(black_box(&s.before), black_box(&s.before), &policy))
        });
        group.bench_function(BenchmarkId::new("edited", n), |b| {
            let s = snapshots(n);
            b.iter(|| diff::diff_sets(black_box(&s.before), black_box(&s.after), &policy))
        });
    }
    group.finish();
}

// ---------------------------------------------------------------- harness

fn temp_root() -> PathBuf {
    std::env::temp_dir().join(format!("contract-pin-bench-{}", std::process::id()))
}

fn bench_harness(c: &mut Criterion) {
    let mut group = c.benchmark_group("harness");
    group.sample_size(20);
    for n in SIZES {
        group.bench_function(BenchmarkId::new("golden_parse", n), |b| {
            let s = snapshots(n);
            b.iter(|| golden::parse(black_box(&s.golden.bytes)).expect("parses"))
        });
        group.bench_function(BenchmarkId::new("check_match", n), |b| {
            let s = snapshots(n);
            assert_eq!(
                s.golden.check(&s.registered_before).status,
                contract_harness::Status::Match
            );
            b.iter(|| s.golden.check(black_box(&s.registered_before)))
        });
        group.bench_function(BenchmarkId::new("check_edited", n), |b| {
            let s = snapshots(n);
            assert_eq!(
                s.golden.check(&s.registered_after).status,
                contract_harness::Status::Breaking
            );
            b.iter(|| s.golden.check(black_box(&s.registered_after)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_extract, bench_diff, bench_harness);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    let _ = std::fs::remove_dir_all(temp_root());
}
