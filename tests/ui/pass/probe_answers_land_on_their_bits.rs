//! The type probe (src/probe.rs) lands each answer of the compiler on its trait's
//! bit: derived and hand-written impls give the same answers, and a field takes away
//! the auto traits it lacks. A fixture, not a unit test of the facade, so that the
//! repository's own `contract-pin check` has no test-only pins to warn about.

use std::collections::BTreeSet;

use contract_core::probe::ProbedTrait;

use contract_pin::__private::{inventory, Registration};

/// What the probe of the registration of `name` (in set `probe-tests`) answered.
fn answered(name: &str) -> BTreeSet<ProbedTrait> {
    let reg = inventory::iter::<Registration>
        .into_iter()
        .find(|r| r.set == "probe-tests" && r.name == name)
        .unwrap_or_else(|| panic!("no registration of {name}"));
    ProbedTrait::from_bits(reg.probe.expect("a probed type"))
}

#[contract_pin::contract(set = "probe-tests")]
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
struct Derived;

/// The same traits, written by hand: the probe asks the compiler about each.
#[contract_pin::contract(set = "probe-tests")]
struct ByHand;

impl Clone for ByHand {
    fn clone(&self) -> Self {
        *self
    }
}
impl Copy for ByHand {}
impl std::fmt::Debug for ByHand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ByHand")
    }
}
impl Default for ByHand {
    fn default() -> Self {
        ByHand
    }
}
impl PartialEq for ByHand {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl Eq for ByHand {}
impl PartialOrd for ByHand {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for ByHand {
    fn cmp(&self, _: &Self) -> std::cmp::Ordering {
        std::cmp::Ordering::Equal
    }
}
impl std::hash::Hash for ByHand {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}
impl serde::Serialize for ByHand {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_unit()
    }
}
impl<'de> serde::Deserialize<'de> for ByHand {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        <()>::deserialize(d).map(|()| ByHand)
    }
}

#[contract_pin::contract(set = "probe-tests")]
#[allow(dead_code)]
struct NotSend(std::rc::Rc<()>);

#[contract_pin::contract(set = "probe-tests")]
#[allow(dead_code)]
struct Pinned(std::marker::PhantomPinned, std::cell::Cell<u8>);

fn main() {
    let all: BTreeSet<ProbedTrait> = ProbedTrait::ALL.iter().copied().collect();
    // Known from the derives, and asked of the compiler: the same answers.
    assert_eq!(answered("Derived"), all);
    assert_eq!(answered("ByHand"), all);
    let none = answered("NotSend");
    assert!(!none.contains(&ProbedTrait::Send) && !none.contains(&ProbedTrait::Sync));
    assert!(none.contains(&ProbedTrait::Unpin) && !none.contains(&ProbedTrait::Clone));
    let pinned = answered("Pinned");
    assert!(!pinned.contains(&ProbedTrait::Unpin));
    assert!(!pinned.contains(&ProbedTrait::RefUnwindSafe), "a Cell");
    assert!(pinned.contains(&ProbedTrait::Send));
}
