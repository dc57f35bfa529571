//! The traits the type probe asks the compiler about (see [`crate::probe`]). Their own
//! module, below both the shape model that records the answers and the probe that
//! reads them, so that neither depends on the other for it.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::{Deserialize, Serialize};

macro_rules! probed_traits {
    ($( $(#[doc = $doc:literal])* $variant:ident = $bit:literal, $auto:literal, $answer:literal; )*) => {
        /// A trait the type probe asks about.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        pub enum ProbedTrait {
            $( $(#[doc = $doc])* $variant, )*
        }

        impl ProbedTrait {
            /// Every probed trait, in bit order.
            pub const ALL: &'static [ProbedTrait] = &[ $( ProbedTrait::$variant, )* ];

            /// The trait's bit in a probe value.
            pub fn bit(self) -> u32 {
                1 << self.index()
            }

            /// The trait's position in a probe value.
            pub fn index(self) -> u32 {
                match self { $( ProbedTrait::$variant => $bit, )* }
            }

            /// The associated const of `contract_pin::__private::probe::Probe<T>` that
            /// answers for the trait.
            pub fn answer(self) -> &'static str {
                match self { $( ProbedTrait::$variant => $answer, )* }
            }

            /// The trait's name, as a derive or a bound names it.
            pub fn name(self) -> &'static str {
                match self { $( ProbedTrait::$variant => stringify!($variant), )* }
            }

            /// An auto trait: implemented without being written, lost through a field.
            pub fn is_auto(self) -> bool {
                match self { $( ProbedTrait::$variant => $auto, )* }
            }

            /// The trait a derive or a bound names by its last path segment.
            pub fn parse(name: &str) -> Option<ProbedTrait> {
                match name { $( stringify!($variant) => Some(ProbedTrait::$variant), )* _ => None }
            }
        }
    };
}

probed_traits! {
    /// `Copy`.
    Copy = 0, false, "COPY";
    /// `Clone`.
    Clone = 1, false, "CLONE";
    /// `Debug`.
    Debug = 2, false, "DEBUG";
    /// `Default`.
    Default = 3, false, "DEFAULT";
    /// `PartialEq`.
    PartialEq = 4, false, "PARTIAL_EQ";
    /// `Eq`.
    Eq = 5, false, "EQ";
    /// `PartialOrd`.
    PartialOrd = 6, false, "PARTIAL_ORD";
    /// `Ord`.
    Ord = 7, false, "ORD";
    /// `Hash`.
    Hash = 8, false, "HASH";
    /// `Send`.
    Send = 9, true, "SEND";
    /// `Sync`.
    Sync = 10, true, "SYNC";
    /// `Unpin`.
    Unpin = 11, true, "UNPIN";
    /// `UnwindSafe`.
    UnwindSafe = 12, true, "UNWIND_SAFE";
    /// `RefUnwindSafe`.
    RefUnwindSafe = 13, true, "REF_UNWIND_SAFE";
    /// serde's `Serialize`.
    Serialize = 14, false, "SERIALIZE";
    /// serde's `Deserialize` (for every lifetime: `DeserializeOwned`).
    Deserialize = 15, false, "DESERIALIZE";
}

impl ProbedTrait {
    /// The traits whose bits are set in a probe value.
    pub fn from_bits(bits: u32) -> BTreeSet<ProbedTrait> {
        ProbedTrait::ALL
            .iter()
            .copied()
            .filter(|t| bits & t.bit() != 0)
            .collect()
    }

    /// The probe value of a set of traits.
    pub fn to_bits(set: &BTreeSet<ProbedTrait>) -> u32 {
        set.iter().fold(0, |bits, t| bits | t.bit())
    }

    /// serde's traits: a type implementing one has a wire format.
    pub fn is_serde(self) -> bool {
        matches!(self, ProbedTrait::Serialize | ProbedTrait::Deserialize)
    }
}

impl fmt::Display for ProbedTrait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// When a type implements one auto trait: for no instance, or where each listed type
/// parameter implements the listed auto trait (none listed: for every instance).
/// Written in a golden as `"yes"`, `"no"`, or `"T: Send + Sync, U: Send"`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum AutoCond {
    /// No instance implements it.
    Never,
    /// Every instance whose parameters meet these does.
    When(BTreeSet<(String, ProbedTrait)>),
}

impl AutoCond {
    /// For every instance.
    pub fn always() -> AutoCond {
        AutoCond::When(BTreeSet::new())
    }

    /// Both conditions.
    pub fn and(self, other: AutoCond) -> AutoCond {
        match (self, other) {
            (AutoCond::When(mut a), AutoCond::When(b)) => {
                a.extend(b);
                AutoCond::When(a)
            }
            _ => AutoCond::Never,
        }
    }
}

impl fmt::Display for AutoCond {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let AutoCond::When(reqs) = self else {
            return f.write_str("no");
        };
        if reqs.is_empty() {
            return f.write_str("yes");
        }
        let mut by_param: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (param, t) in reqs {
            by_param.entry(param).or_default().push(t.name());
        }
        let parts: Vec<String> = by_param
            .iter()
            .map(|(p, ts)| format!("{p}: {}", ts.join(" + ")))
            .collect();
        f.write_str(&parts.join(", "))
    }
}

impl From<AutoCond> for String {
    fn from(c: AutoCond) -> String {
        c.to_string()
    }
}

impl TryFrom<String> for AutoCond {
    type Error = String;

    fn try_from(text: String) -> Result<AutoCond, String> {
        match text.as_str() {
            "no" => return Ok(AutoCond::Never),
            "yes" => return Ok(AutoCond::always()),
            _ => {}
        }
        let mut reqs = BTreeSet::new();
        for part in text.split(", ") {
            let (param, traits) = part
                .split_once(": ")
                .ok_or_else(|| format!("`{text}` is no auto-trait condition"))?;
            for t in traits.split(" + ") {
                let t = ProbedTrait::parse(t)
                    .filter(|t| t.is_auto())
                    .ok_or_else(|| format!("`{t}` in `{text}` is no auto trait"))?;
                reqs.insert((param.to_owned(), t));
            }
        }
        Ok(AutoCond::When(reqs))
    }
}
