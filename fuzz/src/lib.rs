//! The fuzz entry points: one function per target, taking the fuzzer's bytes.
//!
//! The cargo-fuzz targets in `fuzz_targets/` call these, and so does the ordinary
//! `cargo test` replay of the committed corpus (`contract-core/tests/fuzz_replay.rs`
//! includes this file), so CI re-runs every input that ever found a bug without a
//! fuzzer. Each entry asserts properties, not just "no panic".

use std::collections::BTreeMap;

use contract_core::assemble::{assemble, Registered};
use contract_core::check::{evaluate, Request, Status};
use contract_core::current::{Current, RegisteredText};
use contract_core::env::Mode;
use contract_core::health::{self, Health, ScanExactness};
use contract_core::policy::{file, WireFormat};
use contract_core::shape::Symbol;
use contract_core::variance::NoTypes;
use contract_core::{canonical, diff, golden, message, Golden, Policy};

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
            let current = Current::from_symbols(golden.shapes());
            // A golden may name any set; every front end checks only a valid one.
            let Ok(set) = golden::SetName::parse(&golden.set) else {
                return;
            };
            for mode in [Mode::Compare, Mode::Update] {
                let evaluation = evaluate(Request {
                    set: &set,
                    package: &golden.package,
                    golden: "golden.json",
                    mode: &mode,
                    existing: Some(data),
                    current: &current,
                    policy: &Policy::default(),
                    policy_file: "contract-pin.toml",
                    modules: None,
                    dependency_paths: None,
                    dependency_versions: None,
                    parsed: None,
                })
                .expect("a parsed golden evaluates");
                // Worded, as every front end words it.
                let mut evaluation = evaluation;
                let policy = Policy::default();
                message::word(
                    &mut evaluation.outcome,
                    Default::default(),
                    &policy,
                    "c.toml",
                );
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
                        set: &set,
                        package: &golden.package,
                        golden: "golden.json",
                        mode: &Mode::Compare,
                        existing: Some(rendered.as_bytes()),
                        current: &current,
                        policy: &Policy::default(),
                        policy_file: "contract-pin.toml",
                        modules: None,
                        dependency_paths: None,
                        dependency_versions: None,
                        parsed: None,
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
            let _ = diff::diff_fragment("S", &a, &fragment, &policy, &NoTypes);
        }
    }
}

fn fragments(symbol: &Symbol) -> Vec<contract_core::Fragment> {
    use contract_core::Fragment;
    let mut out = Vec::new();
    if let Some(item) = &symbol.item {
        out.push(Fragment::Item {
            item: item.clone(),
            unresolved: Default::default(),
            path: symbol.path.clone(),
        });
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
    use contract_core::message::Context;
    let modules = BTreeMap::new();
    let cx = Context {
        set: &golden::SetName::parse("fuzz").unwrap(),
        package: "p",
        golden: "golden.json",
        modules: &modules,
        ci: false,
        front: Default::default(),
    };
    let _ = message::breaking_directive(&cx, policy, deltas);
    let _ = message::additive_alongside(&cx, deltas);
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
        let deltas = diff::diff_fragment(
            &extracted.name,
            symbol,
            &extracted.fragment,
            &policy,
            &NoTypes,
        );
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

// ---- structure-aware targets: shapes generated by `arbitrary` ---------------------
//
// The three targets below read the fuzzer's bytes through `arbitrary::Unstructured`:
// contract-core's `arbitrary` feature turns them into canonical shapes, types and
// policies (`contract-core/src/generate.rs`), so every input is a valid value and
// the fuzzer spends its time on the engine, not on the JSON schema.

use arbitrary::{Arbitrary, Unstructured};
use contract_core::delta::DeltaKind;
use contract_core::serde_attrs::{ContainerSerde, Entries, FieldSerde, VariantSerde};
use contract_core::shape::{Receiver, Repr, Visibility, WherePredicate};
use contract_core::ty::{Bound, Type};

/// `shape_pairs`: the diff engine on generated pairs of shapes under a generated
/// policy. The second shape is another generated one or, more often, the first
/// with one to three structural edits (any node of its JSON form: a string replaced
/// by a generated type, name or value, a flag flipped, a list element removed,
/// duplicated or moved, a map entry removed, renamed or copied), so most pairs are
/// near each other, as an edit of real code is.
///
/// `diff(a, a)` is empty; the diff is deterministic; a difference that
/// `equiv::equivalent` does not erase yields a delta, never `unclassified_change`,
/// both ways; a symbol under another name yields a delta; messages, deltas, the
/// report and the rendered symbols render; a golden of `a` checked against `b` says
/// what the diff says; `diff_fragment` never panics, and a fragment of `a` against
/// `a` is no change.
pub fn shape_pairs(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let (Ok(policy), Ok(a)) = (Policy::arbitrary(&mut u), Symbol::arbitrary(&mut u)) else {
        return;
    };
    let b = if u.ratio(1, 4).unwrap_or(false) {
        Symbol::arbitrary(&mut u).ok()
    } else {
        edited(&a, &mut u)
    };
    let Some(mut b) = b else {
        return;
    };
    // Now and then `b` is read from sources, as the CLI reads it: nothing observed,
    // and the traits it saw an `impl` of (evidence of a derive replaced): probed
    // ones, and others a derive may be named for.
    if u.ratio(1, 4).unwrap_or(false) {
        b.implements = None;
        let names = contract_core::probe::ProbedTrait::ALL
            .iter()
            .map(|t| t.name())
            .chain(["Error", "Display"]);
        for name in names {
            if u.ratio(1, 4).unwrap_or(false) {
                b.impls_in_source.insert(name.to_owned());
            }
        }
    }
    canonical_text_agrees(&a);
    check_pair(&a, &b, &policy);
}

/// The canonical writer (serialising straight from the shape) says what serde_json
/// says: the same JSON value, in ASCII, pretty and compact alike, one fingerprint.
fn canonical_text_agrees(s: &Symbol) {
    let compact = canonical::to_compact_string(s);
    let pretty = canonical::to_canonical_string(s);
    assert!(compact.is_ascii() && pretty.is_ascii());
    let value = serde_json::to_value(s).expect("a shape is JSON");
    for text in [&compact, &pretty] {
        let read: serde_json::Value = serde_json::from_str(text).expect("canonical text is JSON");
        assert_eq!(read, value, "{text}");
    }
    assert!(canonical::same_json_text(&pretty, &compact), "{pretty}");
    assert_eq!(
        canonical::fingerprint(s),
        canonical::fingerprint_of_compact(&compact)
    );
    // Keys sorted: the compact text of the value read back is the same text.
    assert_eq!(canonical::to_compact_string(&value), compact);
}

/// The properties of [`shape_pairs`] for one pair.
pub fn check_pair(a: &Symbol, b: &Symbol, policy: &Policy) {
    for s in [a, b] {
        assert!(
            diff::diff_symbol("S", s, s, policy).is_empty(),
            "diff(a, a) of {s:#?}"
        );
    }
    for (x, y) in [(a, b), (b, a)] {
        let before = BTreeMap::from([("S".to_owned(), x.clone())]);
        let after = BTreeMap::from([("S".to_owned(), y.clone())]);
        let deltas = diff::diff_sets(&before, &after, policy);
        assert_eq!(
            deltas,
            diff::diff_sets(&before, &after, policy),
            "determinism"
        );
        let equivalent = diff::equiv::equivalent(x, y);
        assert_eq!(
            equivalent,
            deltas.is_empty(),
            "equivalent = {equivalent}, yet deltas {deltas:#?}\nbetween {x:#?}\nand {y:#?}"
        );
        let net: Vec<_> = deltas
            .iter()
            .filter(|d| d.kind == DeltaKind::UnclassifiedChange)
            .collect();
        assert!(
            net.is_empty(),
            "the safety net fired: {net:#?}\nbetween {x:#?}\nand {y:#?}"
        );
        let renamed = BTreeMap::from([("T".to_owned(), y.clone())]);
        let moved = diff::diff_sets(&before, &renamed, policy);
        assert!(!moved.is_empty(), "a symbol vanished without a delta");
        render_messages(policy, &deltas);
        render_messages(policy, &moved);
        for delta in deltas.iter().chain(&moved) {
            let _ = contract_core::render::detail(delta);
            let _ = contract_core::render::before(delta);
            let _ = contract_core::render::after(delta);
        }
        report_agrees(x, y, policy, &deltas);
        for fragment in fragments(y) {
            let _ = diff::diff_fragment("S", x, &fragment, policy, &NoTypes);
        }
        for fragment in fragments(x) {
            let own = diff::diff_fragment("S", x, &fragment, policy, &NoTypes);
            assert!(
                own.is_empty(),
                "a fragment of a symbol against it: {own:#?}"
            );
        }
    }
    let _ = contract_core::render::symbol_block("S", a);
    let _ = contract_core::render::symbol_block("S", b);
}

/// A golden of `old` checked against `new` reports the diff's deltas, and its
/// report is JSON naming each of them.
fn report_agrees(old: &Symbol, new: &Symbol, policy: &Policy, deltas: &[contract_core::Delta]) {
    let stored = BTreeMap::from([("S".to_owned(), old.clone())]);
    let current = Current::from_symbols(BTreeMap::from([("S".to_owned(), new.clone())]));
    let text = Golden::new("fuzz", "p", &stored).render();
    let evaluation = evaluate(Request {
        set: &golden::SetName::parse("fuzz").unwrap(),
        package: "p",
        golden: "golden.json",
        mode: &Mode::Compare,
        existing: Some(text.as_bytes()),
        current: &current,
        policy,
        policy_file: "contract-pin.toml",
        modules: None,
        dependency_paths: None,
        dependency_versions: None,
        parsed: None,
    })
    .expect("a rendered golden evaluates");
    let mut evaluation = evaluation;
    message::word(
        &mut evaluation.outcome,
        Default::default(),
        policy,
        "c.toml",
    );
    assert_eq!(evaluation.outcome.deltas, deltas, "the check and the diff");
    assert_eq!(
        evaluation.outcome.status == Status::Match,
        deltas.is_empty()
    );
    let report = contract_core::check::report_json(&evaluation.outcome);
    let json: serde_json::Value = serde_json::from_str(&report).expect("the report is JSON");
    assert_eq!(
        json["deltas"].as_array().map_or(0, Vec::len),
        deltas.len(),
        "{report}"
    );
}

/// `a` with one to three structural edits of its JSON form, read back and put in
/// canonical form; `None` when an edit leaves no valid shape.
pub fn edited(a: &Symbol, u: &mut Unstructured<'_>) -> Option<Symbol> {
    let mut json = serde_json::to_value(a).ok()?;
    for _ in 0..u.int_in_range(1..=3).ok()? {
        edit_json(&mut json, u).ok()?;
    }
    let b: Symbol = serde_json::from_value(json).ok()?;
    Some(contract_core::generate::canonical(b))
}

fn edit_json(value: &mut serde_json::Value, u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    use serde_json::Value as Json;
    let mut nodes = 0usize;
    count_nodes(value, &mut nodes);
    let target = nth_node(value, u.int_in_range(0..=nodes - 1)?).expect("a node");
    match target {
        Json::String(s) => *s = replacement(s, u)?,
        Json::Bool(b) => *b = !*b,
        Json::Number(_) => *target = Json::from(u.int_in_range(0..=3u64)?),
        Json::Array(items) if !items.is_empty() => {
            let i = u.choose_index(items.len())?;
            match u.int_in_range(0..=4)? {
                0 => {
                    items.remove(i);
                }
                1 => {
                    let copy = items[i].clone();
                    items.insert(u.choose_index(items.len() + 1)?, copy);
                }
                2 => {
                    let j = u.choose_index(items.len())?;
                    items.swap(i, j);
                }
                _ => {
                    if let Json::String(s) = &items[i] {
                        let fresh = replacement(s, u)?;
                        items.push(Json::String(fresh));
                    }
                }
            }
        }
        Json::Array(items) => items.push(Json::String(replacement("", u)?)),
        Json::Object(map) if !map.is_empty() => {
            let keys: Vec<String> = map.keys().cloned().collect();
            let key = u.choose(&keys)?.clone();
            match u.int_in_range(0..=2)? {
                0 => {
                    map.remove(&key);
                }
                1 => {
                    let v = map.remove(&key).unwrap_or(Json::Null);
                    map.insert(replacement(&key, u)?, v);
                }
                _ => {
                    let v = map[&key].clone();
                    map.insert(replacement(&key, u)?, v);
                }
            }
        }
        Json::Object(map) => {
            map.insert(replacement("", u)?, Json::Bool(true));
        }
        Json::Null => {}
    }
    Ok(())
}

fn count_nodes(value: &serde_json::Value, n: &mut usize) {
    *n += 1;
    match value {
        serde_json::Value::Object(map) => map.values().for_each(|v| count_nodes(v, n)),
        serde_json::Value::Array(items) => items.iter().for_each(|v| count_nodes(v, n)),
        _ => {}
    }
}

/// The `n`th node in pre-order.
fn nth_node(value: &mut serde_json::Value, n: usize) -> Option<&mut serde_json::Value> {
    fn walk<'v>(
        value: &'v mut serde_json::Value,
        n: &mut usize,
    ) -> Option<&'v mut serde_json::Value> {
        if *n == 0 {
            return Some(value);
        }
        *n -= 1;
        match value {
            serde_json::Value::Object(map) => map.values_mut().find_map(|v| walk(v, n)),
            serde_json::Value::Array(items) => items.iter_mut().find_map(|v| walk(v, n)),
            _ => None,
        }
    }
    let mut n = n;
    walk(value, &mut n)
}

/// A string to put where `old` was: a generated type, bound or name, a word the
/// shape model knows, or `old` with one character edited.
fn replacement(old: &str, u: &mut Unstructured<'_>) -> arbitrary::Result<String> {
    const WORDS: &[&str] = &[
        "",
        "a",
        "b",
        "0",
        "1",
        "T",
        "U",
        "'a",
        "u8",
        "String",
        "Option<u8>",
        "pub",
        "pub(crate)",
        "C",
        "u16",
        "packed",
        "Serialize",
        "Deserialize",
        "Clone",
        "rename",
        "alias",
        "default",
        "skip",
        "flatten",
        "tag",
        "content",
        "untagged",
        "other",
        "camelCase",
        "snake_case",
        "Sealed",
        "sealed::Sealed",
        "&self",
        "self",
        "&mut self",
        "self: Box<Self>",
        "crate::a",
        "Send",
        "?Sized",
        "T: Clone",
        "Vec<T>: Send",
    ];
    Ok(match u.int_in_range(0..=5)? {
        0 => Type::arbitrary(u)?.to_string(),
        1 => Bound::arbitrary(u)?.to_string(),
        2 => contract_core::generate::ident(u)?,
        3 => (*u.choose(WORDS)?).to_owned(),
        _ => edit_chars(old, u)?,
    })
}

/// `text` with one character inserted, deleted or replaced (type syntax first).
fn edit_chars(text: &str, u: &mut Unstructured<'_>) -> arbitrary::Result<String> {
    const SYNTAX: &[char] = &[
        '<', '>', '&', ',', ';', '[', ']', '(', ')', '\'', '!', ':', '+', '?', '=', '#', '{', '}',
        ' ', '"', '\\', '-', '*', '_', 'a', 'T', '0', 'é',
    ];
    let mut chars: Vec<char> = text.chars().collect();
    let at = u.int_in_range(0..=chars.len())?;
    let c = *u.choose(SYNTAX)?;
    match u.int_in_range(0..=2)? {
        0 => chars.insert(at, c),
        1 if at < chars.len() => {
            chars.remove(at);
        }
        _ if at < chars.len() => chars[at] = c,
        _ => chars.push(c),
    }
    Ok(chars.into_iter().collect())
}

/// `golden_mutations`: the golden parser, `golden::compare`, the registered texts the
/// harness compares, and the index the macro reads, on goldens rendered from
/// generated shapes (through `Golden::new(…).render()`, as the harness writes them),
/// then mutated as text: lines swapped, deleted, duplicated or joined, strings
/// edited (type texts, names, keys, fingerprints), strings swapped, the version
/// changed, the text truncated.
///
/// The rendered golden parses to itself and renders identically. `compare` says
/// exactly what `parse`, `diff_sets` and `integrity_mismatches` say, on the golden
/// and on every mutation of it, fast path or not (errors included), whether the
/// current shapes are typed (the CLI's) or the registrations' texts (the harness's).
/// The registrations make the symbols `assemble` makes, as canonical text. The
/// index the macro reads agrees with `parse` where it reads, reads every canonical
/// golden, and says an entry is unchanged only when it is. Every mutation passes the
/// properties of [`golden_parse`].
pub fn golden_mutations(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(golden_set) = generated_set(&mut u) else {
        return;
    };
    let Ok(policy) = Policy::arbitrary(&mut u) else {
        return;
    };
    let Ok(current) = current_set(&golden_set, &mut u) else {
        return;
    };
    let Ok(registrations) = registrations(&current, &mut u) else {
        return;
    };
    let golden = Golden::new("fuzz", "p", &golden_set);
    let text = golden.render();
    let parsed = golden::parse(text.as_bytes()).expect("a rendered golden parses");
    assert_eq!(parsed, golden, "parse . render is the identity");
    assert_eq!(parsed.render(), text, "render . parse . render is render");
    let registered = registered_current(&registrations);
    let typed = Current::from_symbols(current.clone());
    compare_agrees(text.as_bytes(), &typed, &policy);
    compare_agrees(text.as_bytes(), &registered, &policy);
    compare_agrees(
        text.as_bytes(),
        &Current::from_symbols(golden_set.clone()),
        &policy,
    );
    index_agrees(text.as_bytes(), &registrations, true);
    let mut mutated = text;
    for _ in 0..u.int_in_range(1..=4).unwrap_or(1) {
        match mutate_text(&mutated, &mut u) {
            Ok(next) => mutated = next,
            Err(_) => break,
        }
    }
    compare_agrees(mutated.as_bytes(), &typed, &policy);
    compare_agrees(mutated.as_bytes(), &registered, &policy);
    index_agrees(mutated.as_bytes(), &registrations, false);
    golden_parse(mutated.as_bytes());
}

/// Zero to four generated symbols under generated names.
fn generated_set(u: &mut Unstructured<'_>) -> arbitrary::Result<BTreeMap<String, Symbol>> {
    let mut set = BTreeMap::new();
    for _ in 0..u.int_in_range(0..=4)? {
        set.insert(contract_core::generate::ident(u)?, Symbol::arbitrary(u)?);
    }
    Ok(set)
}

/// The current shapes: each golden symbol kept, edited, renamed or dropped, and
/// perhaps a new one.
fn current_set(
    golden: &BTreeMap<String, Symbol>,
    u: &mut Unstructured<'_>,
) -> arbitrary::Result<BTreeMap<String, Symbol>> {
    let mut current = BTreeMap::new();
    for (name, shape) in golden {
        match u.int_in_range(0..=4)? {
            0 | 1 => {
                current.insert(name.clone(), shape.clone());
            }
            2 => {
                if let Some(b) = edited(shape, u) {
                    current.insert(name.clone(), b);
                }
            }
            3 => {
                current.insert(contract_core::generate::ident(u)?, shape.clone());
            }
            _ => {}
        }
    }
    if u.ratio(1, 4)? {
        current.insert(contract_core::generate::ident(u)?, Symbol::arbitrary(u)?);
    }
    Ok(current)
}

/// One registration as the macro embeds it: a fragment's compact canonical text, the
/// module of the attribute, the probe's answer for an item.
struct Registration {
    name: String,
    module: String,
    fragment: contract_core::Fragment,
    text: String,
    implements: Option<u32>,
}

/// The registrations the pinned items of `current` make: an item (with its public
/// path), its `impl` blocks' methods, consts and types in one or two blocks, an
/// implementor each; now and then with names a glob left unresolved.
fn registrations(
    current: &BTreeMap<String, Symbol>,
    u: &mut Unstructured<'_>,
) -> arbitrary::Result<Vec<Registration>> {
    use contract_core::Fragment;
    let mut out = Vec::new();
    for (name, s) in current {
        let module = s.module.clone().unwrap_or_else(|| "crate".to_owned());
        let unresolved = |u: &mut Unstructured<'_>| -> arbitrary::Result<_> {
            Ok(if u.ratio(1, 8)? {
                [contract_core::generate::ident(u)?].into()
            } else {
                std::collections::BTreeSet::new()
            })
        };
        let mut fragments = Vec::new();
        if let Some(item) = &s.item {
            fragments.push(Fragment::Item {
                item: item.clone(),
                unresolved: unresolved(u)?,
                path: s.path.clone(),
            });
        }
        if !s.methods.is_empty() || !s.consts.is_empty() || !s.types.is_empty() {
            // One block, or two (the first holds the methods, the second the rest).
            if u.arbitrary()? {
                fragments.push(Fragment::Methods {
                    methods: s.methods.clone(),
                    consts: Default::default(),
                    types: Default::default(),
                    unresolved: unresolved(u)?,
                });
                fragments.push(Fragment::Methods {
                    methods: Default::default(),
                    consts: s.consts.clone(),
                    types: s.types.clone(),
                    unresolved: unresolved(u)?,
                });
            } else {
                fragments.push(Fragment::Methods {
                    methods: s.methods.clone(),
                    consts: s.consts.clone(),
                    types: s.types.clone(),
                    unresolved: unresolved(u)?,
                });
            }
        }
        for implementor in &s.implementors {
            fragments.push(Fragment::Implementor {
                implementor: implementor.clone(),
            });
        }
        for fragment in fragments {
            let implements = match &fragment {
                Fragment::Item { .. } => s
                    .implements
                    .as_ref()
                    .map(contract_core::probe::ProbedTrait::to_bits),
                _ => None,
            };
            out.push(Registration {
                name: name.clone(),
                module: module.clone(),
                text: fragment.compact_text().0,
                fragment,
                implements,
            });
        }
    }
    Ok(out)
}

/// The current shapes as the harness holds them, from the registered texts. They
/// are the symbols `assemble` makes of the fragments (with the probe's answers),
/// each written as its compact canonical text.
fn registered_current(registrations: &[Registration]) -> Current {
    let texts: Vec<RegisteredText<'_>> = registrations
        .iter()
        .map(|r| RegisteredText {
            name: &r.name,
            module: &r.module,
            fragment: &r.text,
            implements: r.implements,
        })
        .collect();
    let current = Current::from_registrations(&texts).expect("registrations of distinct items");
    let merged: Vec<Registered> = registrations
        .iter()
        .map(|r| Registered {
            name: r.name.clone(),
            module: r.module.clone(),
            fragment: r.fragment.clone(),
        })
        .collect();
    let mut expected = assemble(&merged).expect("registrations of distinct items");
    for r in registrations {
        if let Some(bits) = r.implements {
            expected.get_mut(&r.name).expect("registered").implements =
                Some(contract_core::probe::ProbedTrait::from_bits(bits));
        }
    }
    let symbols = current.symbols().expect("registered texts read");
    assert_eq!(symbols, expected, "the registrations' symbols");
    for (name, symbol) in &symbols {
        let text = current.get(name).expect("a symbol of its name").text();
        let canonical = canonical::to_compact_string(symbol);
        if text != canonical {
            let at = text
                .bytes()
                .zip(canonical.bytes())
                .position(|(a, b)| a != b)
                .unwrap_or(text.len().min(canonical.len()));
            let near = |s: &str| {
                s[at.saturating_sub(40)..]
                    .chars()
                    .take(120)
                    .collect::<String>()
            };
            panic!(
                "the registered text of `{name}` is not its canonical text: from byte {at}\n  \
                 registered: {}\n  canonical:  {}",
                near(text),
                near(&canonical)
            );
        }
    }
    current
}

/// `compare` says what `parse`, `diff_sets` and `integrity_mismatches` say.
pub fn compare_agrees(bytes: &[u8], current: &Current, policy: &Policy) {
    let compared = golden::compare(bytes, current, policy);
    match golden::parse(bytes) {
        Err(e) => assert_eq!(
            compared.err(),
            Some(golden::CompareError::Golden(e)),
            "compare and parse disagree"
        ),
        Ok(g) => {
            let c = compared.expect("compare accepts what parse accepts");
            assert_eq!(c.header.format_version, g.format_version);
            assert_eq!(c.header.set, g.set);
            assert_eq!(c.header.package, g.package);
            let symbols = current.symbols().expect("current symbols read");
            let deltas = diff::diff_sets(&g.shapes(), &symbols, policy);
            assert_eq!(c.deltas, deltas, "compare and diff_sets disagree");
            assert_eq!(c.tampered, g.integrity_mismatches(), "tampered symbols");
        }
    }
}

/// The index the macro reads a golden through agrees with `parse` wherever it reads
/// (same header, entries, fingerprints and shapes); it reads every golden in the
/// canonical layout; and it says an item is unchanged (`item_is` and `path_is`) only
/// when the stored symbol's item and path are the item's.
fn index_agrees(bytes: &[u8], registrations: &[Registration], canonical_layout: bool) {
    let index = golden::Index::read(bytes);
    let parsed = golden::parse(bytes);
    if canonical_layout {
        assert!(index.is_some(), "a golden as rendered is read as an index");
    }
    let (Some(index), Ok(golden)) = (index, parsed) else {
        return;
    };
    let header = index.header();
    assert_eq!(
        (header.format_version, &header.set, &header.package),
        (golden.format_version, &golden.set, &golden.package)
    );
    for (name, stored) in &golden.symbols {
        let entry = index.entry(name).expect("an entry of every stored symbol");
        assert_eq!(entry.fingerprint, stored.fingerprint);
        let shape: Symbol = serde_json::from_str(entry.shape).unwrap_or_else(|e| {
            panic!(
                "the entry of `{name}` does not read ({e}):\n{}\nin\n{}",
                entry.shape,
                String::from_utf8_lossy(bytes)
            )
        });
        assert_eq!(shape, stored.shape);
    }
    for r in registrations {
        let contract_core::Fragment::Item { item, path, .. } = &r.fragment else {
            continue;
        };
        let Some(entry) = index.entry(&r.name) else {
            assert!(!golden.symbols.contains_key(&r.name));
            continue;
        };
        let stored = &golden.symbols[&r.name].shape;
        let item_text = canonical::to_compact_string(item);
        let unchanged = entry.item_is(&item_text) && entry.path_is(path.as_deref());
        let same = stored.item.as_ref() == Some(item) && stored.path == *path;
        assert!(
            !unchanged || same,
            "the index says `{}` is unchanged, yet it is not",
            r.name
        );
        if canonical_layout {
            assert_eq!(unchanged, same, "`{}`", r.name);
        }
    }
}

/// One structural edit of a golden's text.
fn mutate_text(text: &str, u: &mut Unstructured<'_>) -> arbitrary::Result<String> {
    let mut lines: Vec<String> = text.split('\n').map(str::to_owned).collect();
    let n = lines.len();
    Ok(match u.int_in_range(0..=9)? {
        // Lines: the layout puts one key a line, so these swap, drop and repeat keys.
        0 => {
            let (i, j) = (u.choose_index(n)?, u.choose_index(n)?);
            lines.swap(i, j);
            lines.join("\n")
        }
        1 => {
            lines.remove(u.choose_index(n)?);
            lines.join("\n")
        }
        2 => {
            let i = u.choose_index(n)?;
            let copy = lines[i].clone();
            lines.insert(u.choose_index(n + 1)?, copy);
            lines.join("\n")
        }
        3 => {
            // Join two lines (the JSON is the same, the layout is not).
            let i = u.choose_index(n)?;
            if i + 1 < n {
                let next = lines.remove(i + 1);
                lines[i].push_str(next.trim_start());
            }
            lines.join("\n")
        }
        // Strings: edit, replace or swap the text of a key or value.
        4..=6 => {
            let spans = strings(text);
            if spans.is_empty() {
                return Ok(text.to_owned());
            }
            let (start, end) = *u.choose(&spans)?;
            let inner = &text[start + 1..end - 1];
            let new = replacement(inner, u)?;
            let quoted = serde_json::to_string(&new).expect("a string serialises");
            format!("{}{}{}", &text[..start], quoted, &text[end..])
        }
        7 => {
            let spans = strings(text);
            if spans.len() < 2 {
                return Ok(text.to_owned());
            }
            let (a, b) = (*u.choose(&spans)?, *u.choose(&spans)?);
            let (first, second) = if a.0 <= b.0 { (a, b) } else { (b, a) };
            if first == second {
                return Ok(text.to_owned());
            }
            format!(
                "{}{}{}{}{}",
                &text[..first.0],
                &text[second.0..second.1],
                &text[first.1..second.0],
                &text[first.0..first.1],
                &text[second.1..]
            )
        }
        8 => text.replacen(
            &format!("\"format_version\": {}", contract_core::FORMAT_VERSION),
            &format!(
                "\"format_version\": {}",
                u.int_in_range(0..=contract_core::FORMAT_VERSION + 1)?
            ),
            1,
        ),
        // Truncation, at a char boundary.
        _ => {
            let cut = u.int_in_range(0..=text.len())?;
            let cut = (0..=cut)
                .rev()
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(0);
            text[..cut].to_owned()
        }
    })
}

/// The byte spans of the JSON strings in `text`, quotes included.
fn strings(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'"' {
            let start = i;
            i += 1;
            while i < bytes.len() && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            if i < bytes.len() {
                out.push((start, i + 1));
            }
        }
        i += 1;
    }
    out
}

/// `typed_model`: the typed model's printers and readers. The first byte chooses:
///
/// - a generated `Type`, `Bound`, `WherePredicate`, `Receiver`, `Visibility`,
///   `Repr` or serde attribute: `parse(to_string(x)) == x`, and the same through
///   JSON (for a serde attribute: its canonical entries read back to it);
/// - a generated value printed, then edited by a character: the readers never panic;
/// - the rest of the bytes as text, given to every reader: none panics, and
///   whatever reads back prints to a text that reads back to it (`to_string ∘
///   parse` is the identity on canonical text, and maps any text it accepts to
///   canonical text).
pub fn typed_model(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode < 0x40 {
        read_text(&String::from_utf8_lossy(rest));
        return;
    }
    let mut u = Unstructured::new(rest);
    let _ = round_trip_generated(mode % 8, &mut u);
}

fn round_trip_generated(which: u8, u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let text = match which {
        0 => {
            let t = Type::arbitrary(u)?;
            let text = t.to_string();
            assert_eq!(Type::parse(&text).as_ref(), Ok(&t), "{text}");
            json_round_trip(&t);
            text
        }
        1 => {
            let b = Bound::arbitrary(u)?;
            let text = b.to_string();
            assert_eq!(Bound::parse(&text).as_ref(), Ok(&b), "{text}");
            json_round_trip(&b);
            text
        }
        2 => {
            let w = WherePredicate::arbitrary(u)?;
            let text = w.to_string();
            assert_eq!(WherePredicate::parse(&text).as_ref(), Ok(&w), "{text}");
            json_round_trip(&w);
            text
        }
        3 => {
            let r = Receiver::arbitrary(u)?;
            let text = r.to_string();
            assert_eq!(Receiver::parse(&text).as_ref(), Some(&r), "{text}");
            json_round_trip(&r);
            text
        }
        4 => {
            let v = Visibility::arbitrary(u)?;
            let text = v.to_string();
            assert_eq!(Visibility::parse(&text).as_ref(), Some(&v), "{text:?}");
            json_round_trip(&v);
            text
        }
        5 => {
            let r = Repr::arbitrary(u)?;
            let text = r.to_string();
            assert_eq!(Repr::parse(&text).as_ref(), Some(&r), "{text:?}");
            json_round_trip(&r);
            text
        }
        6 => {
            let c = ContainerSerde::arbitrary(u)?;
            attrs_round_trip(&c);
            let f = FieldSerde::arbitrary(u)?;
            attrs_round_trip(&f);
            let v = VariantSerde::arbitrary(u)?;
            attrs_round_trip(&v);
            serde_json::to_string(&f).expect("serialises")
        }
        _ => Type::arbitrary(u)?.to_string(),
    };
    // Near-valid text: the printed value with a character edited.
    read_text(&edit_chars(&text, u)?);
    Ok(())
}

fn json_round_trip<T>(x: &T)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let json = serde_json::to_string(x).expect("serialises");
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
    assert_eq!(&back, x, "{json}");
}

fn attrs_round_trip<T>(x: &T)
where
    T: Entries + serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    assert_eq!(&T::from_entries(x.entries()), x, "entries of {x:?}");
    json_round_trip(x);
}

/// Every reader on `text`: no panic, and what reads is canonical once printed.
fn read_text(text: &str) {
    if let Ok(t) = Type::parse(text) {
        let printed = t.to_string();
        assert_eq!(
            Type::parse(&printed).as_ref(),
            Ok(&t),
            "{text:?} -> {printed}"
        );
    }
    if let Ok(b) = Bound::parse(text) {
        let printed = b.to_string();
        assert_eq!(
            Bound::parse(&printed).as_ref(),
            Ok(&b),
            "{text:?} -> {printed}"
        );
    }
    if let Ok(w) = WherePredicate::parse(text) {
        let printed = w.to_string();
        assert_eq!(
            WherePredicate::parse(&printed).as_ref(),
            Ok(&w),
            "{text:?} -> {printed}"
        );
    }
    if let Some(r) = Receiver::parse(text) {
        let printed = r.to_string();
        assert_eq!(
            Receiver::parse(&printed).as_ref(),
            Some(&r),
            "{text:?} -> {printed}"
        );
    }
    if let Some(v) = Visibility::parse(text) {
        let printed = v.to_string();
        assert_eq!(
            Visibility::parse(&printed).as_ref(),
            Some(&v),
            "{text:?} -> {printed}"
        );
    }
    if let Some(r) = Repr::parse(text) {
        let printed = r.to_string();
        assert_eq!(
            Repr::parse(&printed).as_ref(),
            Some(&r),
            "{text:?} -> {printed}"
        );
    }
    read_attrs::<ContainerSerde>(text);
    read_attrs::<FieldSerde>(text);
    read_attrs::<VariantSerde>(text);
}

fn read_attrs<T>(text: &str)
where
    T: Entries + serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    if let Ok(x) = serde_json::from_str::<T>(text) {
        json_round_trip(&x);
        assert_eq!(&T::from_entries(x.entries()), &x);
    }
}
