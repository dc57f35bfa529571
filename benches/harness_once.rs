//! One harness comparison, repeated: a plain driver for profilers (callgrind counts
//! the same instructions on every run) and for timing two builds of the library in
//! turn. Not a criterion bench; see docs/BENCHMARKS.md.
//!
//! ```text
//! cargo bench --bench harness_once -- match 10000 10    # op, symbols, iterations
//! valgrind --tool=callgrind --toggle-collect='harness_once::run' \
//!     target/release/deps/harness_once-<hash> match 10000 1
//! ```
//!
//! Ops: `match` (the golden pins the current symbols), `edited` (a few percent of
//! the symbols changed, removed, renamed or added), both from the texts the macro
//! registers, as the test harness runs; `parse` (`golden::parse` of the
//! golden alone), `diff` (`diff_sets` of the unchanged snapshot against itself) and
//! `diff-edited` (against the edited one). With no arguments (as `cargo bench` runs it) it times each op at
//! 1k and 10k symbols.

use std::collections::BTreeMap;
use std::time::Instant;

use contract_core::{diff, golden, Policy, Symbol};

mod support;
use support::{GoldenDir, Registrations};

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    match args.as_slice() {
        [op, n, rest @ ..] => {
            let n = n.parse().expect("symbols: a number");
            let iterations = rest.first().map_or(1, |i| i.parse().expect("a number"));
            time(op, n, iterations);
        }
        _ => {
            for n in [1_000, 10_000] {
                for op in ["match", "edited", "parse", "diff", "diff-edited"] {
                    time(op, n, 5);
                }
            }
        }
    }
}

fn time(op: &str, n: usize, iterations: u32) {
    let registered = [Registrations::new(n, false), Registrations::new(n, true)];
    let [before, after] = [registered[0].symbols(), registered[1].symbols()];
    let dir = std::env::temp_dir().join(format!("contract-pin-once-{}-{n}", std::process::id()));
    let golden = GoldenDir::new(dir.clone(), &before);
    let start = Instant::now();
    for _ in 0..iterations {
        run(op, &golden, &registered, &before, &after);
    }
    let per = start.elapsed().as_secs_f64() * 1e3 / f64::from(iterations);
    println!("{op:>7} {n:>6} symbols: {per:8.2} ms per run ({iterations} runs)");
    let _ = std::fs::remove_dir_all(&dir);
}

#[inline(never)]
fn run(
    op: &str,
    golden: &GoldenDir,
    registered: &[Registrations; 2],
    before: &BTreeMap<String, Symbol>,
    after: &BTreeMap<String, Symbol>,
) {
    match op {
        "match" | "edited" => {
            let current = &registered[usize::from(op == "edited")];
            let outcome = golden.check(current);
            let expected = if op == "match" {
                contract_harness::Status::Match
            } else {
                contract_harness::Status::Breaking
            };
            assert_eq!(outcome.status, expected);
        }
        "parse" => {
            std::hint::black_box(golden::parse(&golden.bytes).expect("parses"));
        }
        "diff" | "diff-edited" => {
            let current = if op == "diff" { before } else { after };
            let policy = Policy::default();
            std::hint::black_box(diff::diff_sets(before, current, &policy));
        }
        other => panic!("unknown op `{other}`: match, edited, parse, diff or diff-edited"),
    }
}
