//! Every writer of a golden, driven over random goldens and edits: `cargo test` in
//! update mode (the harness), `contract-pin update`, and `contract-pin review`'s
//! accepts, all at once or over several sessions. They write the same bytes for the
//! same decisions, and no fact a compiled run recorded (`implements`) disappears
//! unless a compiled run answers again.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use arbitrary::{Arbitrary as _, Unstructured};
use contract_core::current::Current;
use contract_core::probe::ProbedTrait;
use contract_core::shape::Generics;
use contract_core::{env, golden, Golden, ItemShape, Policy, Symbol};
use proptest::prelude::*;

use crate::{commands, review};
use contract_scan::model::Unit;

const NAMES: [&str; 4] = ["A", "B", "C", "D"];

/// A shape made of `bytes`. A struct, enum or union is made non-generic and given
/// what a type probe would answer (the first two bytes), so that most of them carry
/// facts only a compiled run knows.
fn shape(bytes: &[u8]) -> Symbol {
    let mut s = Symbol::arbitrary(&mut Unstructured::new(bytes)).unwrap_or_default();
    let generics = match &mut s.item {
        Some(ItemShape::Struct(x)) => Some(&mut x.generics),
        Some(ItemShape::Enum(x)) => Some(&mut x.generics),
        Some(ItemShape::Union(x)) => Some(&mut x.generics),
        _ => None,
    };
    if let Some(generics) = generics {
        *generics = Generics::default();
        let bits = u32::from(bytes[0]) | u32::from(bytes[1]) << 8;
        s.implements = Some(ProbedTrait::from_bits(bits));
    }
    contract_core::generate::canonical(s)
}

/// What happened to one name between the golden and now.
#[derive(Clone, Copy, Debug)]
enum Edit {
    /// In neither.
    Absent,
    /// Gone from the current shapes.
    Removed,
    /// New.
    Added,
    /// The golden's shape read from sources: nothing observed.
    FromSources,
    /// Another shape, read from sources.
    ChangedFromSources,
    /// Another shape, compiled (with what the compiler observed).
    ChangedCompiled,
    /// The same shape.
    Same,
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        1 => Just(Edit::Absent),
        1 => Just(Edit::Removed),
        1 => Just(Edit::Added),
        3 => Just(Edit::FromSources),
        3 => Just(Edit::ChangedFromSources),
        1 => Just(Edit::ChangedCompiled),
        1 => Just(Edit::Same),
    ]
}

type Case = (BTreeMap<String, Symbol>, BTreeMap<String, Symbol>);

/// A golden's shapes and the current ones.
fn case() -> impl Strategy<Value = Case> {
    let bytes = || proptest::collection::vec(any::<u8>(), 16..400);
    proptest::collection::vec((edit(), bytes(), bytes()), NAMES.len()).prop_map(|edits| {
        let mut golden = BTreeMap::new();
        let mut current = BTreeMap::new();
        for (name, (edit, old, new)) in NAMES.iter().zip(edits) {
            let (old, mut new) = (shape(&old), shape(&new));
            let name = (*name).to_owned();
            match edit {
                Edit::Absent => {}
                Edit::Removed => {
                    golden.insert(name, old);
                }
                Edit::Added => {
                    current.insert(name, new);
                }
                Edit::FromSources => {
                    let mut read = old.clone();
                    read.implements = None;
                    golden.insert(name.clone(), old);
                    current.insert(name, read);
                }
                Edit::ChangedFromSources => {
                    new.implements = None;
                    golden.insert(name.clone(), old);
                    current.insert(name, new);
                }
                Edit::ChangedCompiled => {
                    golden.insert(name.clone(), old);
                    current.insert(name, new);
                }
                Edit::Same => {
                    golden.insert(name.clone(), old.clone());
                    current.insert(name, old);
                }
            }
        }
        (golden, current)
    })
}

/// A unit of set `api` of package `app` whose golden is at `path`, read now.
fn unit(path: &Path, current: &BTreeMap<String, Symbol>) -> Unit {
    Unit {
        set: contract_core::golden::SetName::parse("api").unwrap(),
        package: 0,
        package_name: "app".to_owned(),
        path: path.to_path_buf(),
        shown: "golden/api-contract/app.json".to_owned(),
        pinned: Vec::new(),
        current: Ok(Current::from_symbols(current.clone())),
        bytes: Ok(std::fs::read(path).ok()),
        parsed: Default::default(),
        policy: Policy::default(),
        policy_file: "contract-pin.toml".to_owned(),
        names: None,
        front: contract_core::message::Front::Cli(contract_core::message::CliAccept::Update),
    }
}

/// A fresh directory holding `text` as the golden of set `api` of package `app`;
/// the golden's path.
fn seeded(root: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = root.join(name).join("api-contract/app.json");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

/// What the harness writes with `CONTRACT_PIN_UPDATE=1`.
fn harness(root: &Path, text: &str, current: &BTreeMap<String, Symbol>) -> String {
    let path = seeded(root, "harness", text);
    let dir = root.join("harness").display().to_string();
    let lookup = |name: &str| match name {
        env::UPDATE => Some("1".to_owned()),
        env::GOLDEN_DIR => Some(dir.clone()),
        _ => None,
    };
    let outcome = contract_harness::check_symbols("api", "app", root, current, &lookup)
        .unwrap_or_else(|e| panic!("the harness refused: {e}"));
    assert!(outcome.status.passed(), "{}", outcome.message);
    std::fs::read_to_string(path).unwrap()
}

/// What `contract-pin update` writes.
fn update(root: &Path, text: &str, current: &BTreeMap<String, Symbol>) -> String {
    let path = seeded(root, "update", text);
    commands::update_unit(&unit(&path, current)).unwrap();
    std::fs::read_to_string(path).unwrap()
}

/// What `contract-pin review` writes when the user accepts `sessions`, one review
/// after another.
fn reviews(
    root: &Path,
    name: &str,
    text: &str,
    current: &BTreeMap<String, Symbol>,
    sessions: &[BTreeSet<String>],
) -> String {
    let path = seeded(root, name, text);
    for names in sessions {
        review::accept(&unit(&path, current), false, names).unwrap();
    }
    std::fs::read_to_string(path).unwrap()
}

/// Splits `names` into sessions by `picks` (one session index per name).
fn sessions(names: &BTreeSet<String>, picks: &[u8]) -> Vec<BTreeSet<String>> {
    let mut out = vec![BTreeSet::new(); 3];
    for (name, pick) in names.iter().zip(picks.iter().cycle()) {
        out[usize::from(*pick) % 3].insert(name.clone());
    }
    out
}

/// Every fact the golden recorded is in `written`, unless the accepted shape observed
/// its own (the compiler answered again) or is another kind of item now.
fn no_fact_lost(
    old: &BTreeMap<String, Symbol>,
    current: &BTreeMap<String, Symbol>,
    accepted: &BTreeSet<String>,
    written: &str,
) -> Result<(), TestCaseError> {
    let written = golden::parse(written.as_bytes()).unwrap().shapes();
    for (name, before) in old {
        let Some(facts) = &before.implements else {
            continue;
        };
        let Some(after) = written.get(name) else {
            // Removed from the golden: accepted as gone.
            prop_assert!(accepted.contains(name) && !current.contains_key(name));
            continue;
        };
        if !accepted.contains(name) {
            prop_assert_eq!(after, before, "`{}` was not accepted", name);
            continue;
        }
        let now = &current[name];
        let other_kind = before.item.as_ref().map(|i| i.kind_name())
            != now.item.as_ref().map(|i| i.kind_name())
            || before.item.is_none();
        match &now.implements {
            Some(observed) => prop_assert_eq!(after.implements.as_ref(), Some(observed)),
            None if other_kind => {}
            None => prop_assert_eq!(
                after.implements.as_ref(),
                Some(facts),
                "`{}` lost what the compiler recorded",
                name
            ),
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_writer_writes_the_same_bytes_and_keeps_every_observed_fact(
        (old, current) in case(),
        picks in proptest::collection::vec(any::<u8>(), 1..5),
        subset in proptest::collection::vec(any::<bool>(), NAMES.len()),
    ) {
        let root = tempfile::tempdir().unwrap();
        let text = Golden::new("api", "app", &old).render();
        let every: BTreeSet<String> = old.keys().chain(current.keys()).cloned().collect();

        // Accepting everything: the harness, the command's update, one review, and
        // reviews in several sessions write one golden.
        let by_harness = harness(root.path(), &text, &current);
        let by_update = update(root.path(), &text, &current);
        let by_review = reviews(root.path(), "review", &text, &current, std::slice::from_ref(&every));
        let by_sessions =
            reviews(root.path(), "sessions", &text, &current, &sessions(&every, &picks));
        prop_assert_eq!(&by_harness, &by_update);
        prop_assert_eq!(&by_harness, &by_review);
        prop_assert_eq!(&by_harness, &by_sessions);
        no_fact_lost(&old, &current, &every, &by_harness)?;

        // Accepting some: one review of them, or several, write one golden, and
        // every other symbol keeps its golden shape.
        let some: BTreeSet<String> = every
            .iter()
            .zip(subset.iter().cycle())
            .filter(|(_, keep)| **keep)
            .map(|(name, _)| name.clone())
            .collect();
        let at_once = reviews(root.path(), "some", &text, &current, std::slice::from_ref(&some));
        let in_sessions =
            reviews(root.path(), "some-sessions", &text, &current, &sessions(&some, &picks));
        prop_assert_eq!(&at_once, &in_sessions);
        no_fact_lost(&old, &current, &some, &at_once)?;
    }
}
