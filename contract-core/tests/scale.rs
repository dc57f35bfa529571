//! Scale and hostility: items far larger or deeper than real code must extract, diff
//! and round-trip through a golden without overflowing the stack or going quadratic.

use std::collections::BTreeMap;
use std::process::Command;
use std::time::{Duration, Instant};

use contract_core::assemble::{assemble, Registered};
use contract_core::syntax::extract;
use contract_core::{diff, golden, Golden, Policy, Symbol};

fn symbols(src: &str) -> BTreeMap<String, Symbol> {
    let file: syn::File = syn::parse_str(src).expect("test source parses");
    let registered: Vec<Registered> = file
        .items
        .iter()
        .map(|item| {
            let x = extract(item).expect("extracts");
            Registered {
                name: x.name,
                module: "m".to_owned(),
                fragment: x.fragment,
            }
        })
        .collect();
    assemble(&registered).expect("no conflicts")
}

fn struct_with_fields(n: usize, changed: Option<usize>) -> String {
    let mut src = String::from("#[derive(Serialize, Deserialize)]\npub struct Wide {\n");
    for i in 0..n {
        let ty = if Some(i) == changed {
            "u16"
        } else {
            "Vec<Option<u8>>"
        };
        src.push_str(&format!("    pub f{i}: {ty},\n"));
    }
    src.push_str("}\n");
    src
}

/// 5,000 fields: extraction, golden render and parse, and the diff stay fast. The
/// bound is generous (an unoptimised build on a loaded two-core machine); quadratic
/// work at this size would take minutes, not seconds.
#[test]
fn five_thousand_fields() {
    let started = Instant::now();
    let before = symbols(&struct_with_fields(5_000, None));
    let after = symbols(&struct_with_fields(5_000, Some(4_321)));
    let policy = Policy::default();
    let text = Golden::new("scale", "p", &before).render();
    let parsed = golden::parse(text.as_bytes()).expect("a large golden parses");
    assert!(parsed.integrity_mismatches().is_empty());
    assert!(diff::diff_sets(&before, &before, &policy).is_empty());
    let deltas = diff::diff_sets(&parsed.shapes(), &after, &policy);
    assert!(
        !deltas.is_empty()
            && deltas
                .iter()
                .all(|d| contract_core::render::detail(d).contains("f4321")),
        "{deltas:?}"
    );
    let elapsed = started.elapsed();
    eprintln!("5,000 fields: {elapsed:?}");
    assert!(
        elapsed < Duration::from_secs(20),
        "5,000 fields took {elapsed:?}"
    );
}

/// `depth` nested generics, alternating `Vec<…>` and `Option<…>` around `u8`.
fn nested(depth: usize) -> String {
    let mut ty = String::from("u8");
    for i in 0..depth {
        ty = if i % 2 == 0 {
            format!("Vec<{ty}>")
        } else {
            format!("Option<{ty}>")
        };
    }
    ty
}

fn deep_items(depth: usize, inner: &str) -> String {
    let ty = nested(depth).replace("u8", inner);
    format!(
        "pub struct Deep {{ pub f: {ty} }}\n\
         pub fn deep(x: {ty}) -> {ty} {{ x }}\n\
         pub type DeepAlias = {ty};\n\
         pub enum DeepEnum {{ V({ty}) }}\n"
    )
}

/// Nesting 200 deep in fields, parameters, returns, aliases and variants (on a thread
/// with the stack rustc gives proc macros): extracted exactly, diffed, round-tripped.
#[test]
fn generics_nested_two_hundred_deep() {
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            let before = symbols(&deep_items(200, "u8"));
            let after = symbols(&deep_items(200, "u16"));
            let policy = Policy::default();
            let text = Golden::new("deep", "p", &before).render();
            assert!(text.contains(&nested(200)), "the type is printed in full");
            let parsed = golden::parse(text.as_bytes()).expect("parses");
            assert_eq!(parsed.shapes(), before);
            assert!(diff::diff_sets(&before, &before, &policy).is_empty());
            let deltas = diff::diff_sets(&before, &after, &policy);
            let symbols: std::collections::BTreeSet<&str> =
                deltas.iter().map(|d| d.symbol.as_str()).collect();
            assert_eq!(
                symbols.into_iter().collect::<Vec<_>>(),
                ["Deep", "DeepAlias", "DeepEnum", "deep"]
            );
        })
        .expect("spawn")
        .join()
        .unwrap_or_else(|e| std::panic::resume_unwind(e));
}

const CHILD: &str = "CONTRACT_PIN_DEPTH_CHILD";
const PROBE_STACK: usize = 1 << 20;

/// Child side of [`extraction_is_at_least_as_stack_robust_as_syn`]: `depth,mode` in
/// the variable; parse (and, for `ours`, extract and serialise) on a 1 MiB stack.
#[test]
fn depth_probe_child() {
    let Ok(spec) = std::env::var(CHILD) else {
        return; // only meaningful as a child process
    };
    let (depth, mode) = spec.split_once(',').expect("depth,mode");
    let depth: usize = depth.parse().expect("depth");
    let ours = mode == "ours";
    std::thread::Builder::new()
        .stack_size(PROBE_STACK)
        .spawn(move || {
            let src = deep_items(depth, "u8");
            let file: syn::File = syn::parse_str(&src).expect("parses");
            if ours {
                for item in &file.items {
                    let x = extract(item).expect("extracts");
                    let _ = contract_core::canonical::fingerprint(&x.fragment);
                }
            }
        })
        .expect("spawn")
        .join()
        .expect("probe");
}

fn probe(depth: usize, mode: &str) -> bool {
    Command::new(std::env::current_exe().expect("test binary"))
        .args(["--exact", "depth_probe_child", "--test-threads=1"])
        .env(CHILD, format!("{depth},{mode}"))
        .output()
        .expect("child runs")
        .status
        .success()
}

/// A stack overflow cannot be caught, so the limits are found in child processes:
/// the deepest nesting syn itself parses on a 1 MiB stack must also extract there.
/// Our type printer recurses once per nesting level, like syn's parser; it must never
/// be the thing that overflows first.
#[test]
fn extraction_is_at_least_as_stack_robust_as_syn() {
    assert!(probe(8, "ours"), "the probe itself works");
    let (mut ok, mut fail) = (8, 4096);
    while fail - ok > 1 {
        let mid = (ok + fail) / 2;
        if probe(mid, "syn") {
            ok = mid;
        } else {
            fail = mid;
        }
    }
    assert!(
        ok < 4096,
        "syn parsed 4,096 levels on 1 MiB: raise the bound"
    );
    eprintln!("syn parses {ok} levels of nesting on a 1 MiB stack");
    assert!(
        probe(ok, "ours"),
        "syn parses {ok} levels on {PROBE_STACK} bytes of stack, but extraction overflows"
    );
}
