//! The fuzz entry points: one function per target, taking the fuzzer's bytes.
//!
//! The cargo-fuzz targets in `fuzz_targets/` call these, and so does the ordinary
//! `cargo test` replay of the committed corpus (`contract-core/tests/fuzz_replay.rs`
//! includes this file), so CI re-runs every input that ever found a bug without a
//! fuzzer. Each entry asserts properties, not just "no panic".

use std::collections::BTreeMap;

use contract_core::assemble::{assemble, Registered};
use contract_core::check::{evaluate, Request, Status};
use contract_core::env::Mode;
use contract_core::health::{self, Health, ScanExactness};
use contract_core::policy::{file, WireFormat};
use contract_core::shape::Symbol;
use contract_core::{canonical, diff, golden, Golden, Policy};

/// `golden_parse`: any bytes as a golden file.
///
/// Never panics; an error has a line and a message; a golden that parses renders
/// canonically and parses back to itself; the health and the verdict over it agree.
pub fn golden_parse(data: &[u8]) {
    let parsed = golden::parse(data);
    let (health, _) = health::assess(Some(data), true, ScanExactness::Exact);
    match &parsed {
        Err(e) => {
            assert!(e.line() >= 1, "an error without a line: {e:?}");
            assert!(!e.to_string().is_empty());
            assert!(
                matches!(health, Health::Corrupt { .. } | Health::Stale { .. }),
                "{health}"
            );
        }
        Ok(golden) => {
            let text = golden.render();
            assert!(text.is_ascii(), "a rendered golden is ASCII");
            let back = golden::parse(text.as_bytes()).expect("a rendered golden parses");
            assert_eq!(&back, golden, "render/parse round trip");
            assert_eq!(back.render(), text, "render is canonical");
            let current = contract_core::current::Current::from_symbols(golden.shapes());
            for mode in [Mode::Compare, Mode::Update] {
                let evaluation = evaluate(Request {
                    set: &golden.set,
                    package: &golden.package,
                    golden: "golden.json",
                    mode: &mode,
                    existing: Some(data),
                    current: &current,
                    policy: &Policy::default(),
                    policy_file: "contract-pin.toml",
                    modules: None,
                })
                .expect("a parsed golden evaluates");
                let status = evaluation.outcome.status;
                match &health {
                    Health::Fresh => assert!(
                        status == Status::Match
                            || (mode == Mode::Update && status == Status::Updated),
                        "{status:?} against its own shapes"
                    ),
                    _ => assert!(
                        !(mode == Mode::Compare && status.passed()),
                        "a {health} golden passed"
                    ),
                }
                if let Some(written) = evaluation.write {
                    let rendered = written.render();
                    let reread = golden::parse(rendered.as_bytes()).expect("written parses");
                    assert!(reread.integrity_mismatches().is_empty());
                    // What an update wrote, the next compare accepts.
                    let next = evaluate(Request {
                        set: &golden.set,
                        package: &golden.package,
                        golden: "golden.json",
                        mode: &Mode::Compare,
                        existing: Some(rendered.as_bytes()),
                        current: &current,
                        policy: &Policy::default(),
                        policy_file: "contract-pin.toml",
                        modules: None,
                    })
                    .expect("a written golden evaluates");
                    assert_eq!(
                        next.outcome.status,
                        Status::Match,
                        "{}",
                        next.outcome.message
                    );
                }
            }
        }
    }
}

/// `diff_shapes`: the bytes as two JSON symbols, one after the other.
///
/// Never panics; a shape diffed with itself has no delta; the diff is deterministic;
/// the messages render.
pub fn diff_shapes(data: &[u8]) {
    let mut values = serde_json::Deserializer::from_slice(data).into_iter::<Symbol>();
    let (Some(Ok(a)), Some(Ok(b))) = (values.next(), values.next()) else {
        return;
    };
    for format in [WireFormat::SelfDescribing, WireFormat::Positional] {
        let policy = Policy {
            wire_format: format,
            ..Policy::default()
        };
        for s in [&a, &b] {
            let same = BTreeMap::from([("S".to_owned(), s.clone())]);
            let deltas = diff::diff_sets(&same, &same, &policy);
            assert!(deltas.is_empty(), "diff(a, a) = {deltas:?}");
        }
        let before = BTreeMap::from([("S".to_owned(), a.clone())]);
        let after = BTreeMap::from([("S".to_owned(), b.clone())]);
        let first = diff::diff_sets(&before, &after, &policy);
        assert_eq!(
            first,
            diff::diff_sets(&before, &after, &policy),
            "determinism"
        );
        if !diff::equiv::equivalent(&a, &b) {
            assert!(!first.is_empty(), "a change no delta reports");
        }
        // The same shapes under two names: the rename and removal paths.
        let renamed = BTreeMap::from([("T".to_owned(), b.clone())]);
        let moved = diff::diff_sets(&before, &renamed, &policy);
        assert!(!moved.is_empty(), "a symbol vanished without a delta");
        render_messages(&policy, &first);
        render_messages(&policy, &moved);
        for fragment in fragments(&b) {
            let _ = diff::diff_fragment("S", &a, &fragment, &policy);
        }
    }
}

fn fragments(symbol: &Symbol) -> Vec<contract_core::Fragment> {
    use contract_core::Fragment;
    let mut out = Vec::new();
    if let Some(item) = &symbol.item {
        out.push(Fragment::from(item.clone()));
    }
    if !symbol.methods.is_empty() || !symbol.consts.is_empty() || !symbol.types.is_empty() {
        out.push(Fragment::Methods {
            methods: symbol.methods.clone(),
            consts: symbol.consts.clone(),
            types: symbol.types.clone(),
            unresolved: Default::default(),
        });
    }
    out.extend(
        symbol
            .implementors
            .iter()
            .map(|implementor| Fragment::Implementor {
                implementor: implementor.clone(),
            }),
    );
    out
}

fn render_messages(policy: &Policy, deltas: &[contract_core::Delta]) {
    use contract_core::message::{self, Context};
    let modules = BTreeMap::new();
    let cx = Context {
        set: "fuzz",
        package: "p",
        golden: "golden.json",
        modules: &modules,
    };
    let _ = message::breaking_directive(&cx, policy, deltas);
    let _ = message::additive_drift(&cx, deltas);
    for delta in deltas {
        let _ = message::compile_error(&cx, delta);
    }
}

/// `extract_item`: the bytes as Rust source of one item, parsed by syn and extracted.
///
/// Never panics; the fragment serialises canonically and reads back; its symbol
/// diffs empty against itself and survives a golden round trip; the contract
/// attribute's arguments (if any) parse without panicking.
pub fn extract_item(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(item) = syn::parse_str::<syn::Item>(text) else {
        return;
    };
    for attr in contract_core::syntax::args::item_attrs(&item) {
        if let Some(fixed) = contract_core::syntax::args::contract_attribute(attr) {
            let tokens = contract_core::syntax::args::arguments(&attr.meta);
            let mut errors = Vec::new();
            let _ = contract_core::syntax::args::parse(fixed, tokens, &mut errors);
        }
    }
    let Ok(extracted) = contract_core::syntax::extract(&item) else {
        return;
    };
    // Formatting never matters: the item printed as plain tokens (every space and
    // line break changed) extracts to the same fragment.
    let reprinted = quote::ToTokens::to_token_stream(&item).to_string();
    let reparsed: syn::Item = syn::parse_str(&reprinted).expect("printed tokens reparse");
    let again = contract_core::syntax::extract(&reparsed).expect("reprinted item extracts");
    assert_eq!(
        again.fragment, extracted.fragment,
        "extraction depends on formatting: {reprinted}"
    );
    let compact = canonical::to_compact_string(&extracted.fragment);
    let back: contract_core::Fragment =
        serde_json::from_str(&compact).expect("a fragment reads back");
    assert_eq!(back, extracted.fragment, "fragment JSON round trip");
    let registered = [Registered {
        name: extracted.name.clone(),
        module: "fuzz".to_owned(),
        fragment: extracted.fragment.clone(),
    }];
    let symbols = assemble(&registered).expect("one registration never conflicts");
    let policy = Policy::default();
    assert!(diff::diff_sets(&symbols, &symbols, &policy).is_empty());
    let golden = Golden::new("fuzz", "p", &symbols);
    let text = golden.render();
    let reread = golden::parse(text.as_bytes()).expect("a rendered golden parses");
    assert_eq!(reread, golden, "golden round trip of an extracted shape");
    if let Some(symbol) = symbols.get(&extracted.name) {
        let deltas = diff::diff_fragment(&extracted.name, symbol, &extracted.fragment, &policy);
        assert!(
            deltas.is_empty(),
            "the item against its own golden: {deltas:?}"
        );
    }
}

/// `policy_parse`: any bytes as a policy file (`contract-pin.toml`).
///
/// Never panics; an error points inside the text (a line and a column that exist);
/// a file that parses gives each of its sets a policy, explains every value of it, and
/// the table `render_set` writes for that policy reads back to the same policy.
pub fn policy_parse(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match file::parse(text) {
        Err(e) => {
            let lines = text.split('\n').count();
            assert!(e.line >= 1 && e.line <= lines, "{e:?} in {lines} lines");
            assert!(e.column >= 1, "{e:?}");
            assert!(!e.to_string().is_empty());
        }
        Ok(parsed) => {
            let sets: Vec<String> = parsed.sets().map(|(s, _)| s.to_owned()).collect();
            for set in sets.iter().map(String::as_str).chain(["unconfigured"]) {
                let policy = parsed.policy(set);
                assert!(!parsed.explain(set).is_empty());
                let table = file::render_set(set, &policy);
                let back = file::parse(&table)
                    .unwrap_or_else(|e| panic!("{}\n{table}", e.located("rendered")))
                    .policy(set);
                assert_eq!(back, policy, "render/parse round trip of\n{table}");
            }
        }
    }
}
