//! What a `#[target_feature(enable = …)]` requires of its callers: the features it
//! names and every feature rustc enables with them (`avx2` enables `avx`, `sse4.2`,
//! …, `sse`). Two lists that require the same are one requirement, and a feature is
//! a new requirement only when the old list did not already enable it.
//!
//! The table is rustc's: `contract-cli/tests/target_features.rs` asks the toolchain
//! (`rustc --print cfg -C target-feature=+f`, on a target of each architecture whose
//! baseline enables nothing) and fails when the committed table differs from what it
//! answers; `CONTRACT_PIN_BLESS=1` rewrites it. A name two architectures share (`aes`)
//! implies only what it implies on both. A feature rustc does not know implies nothing.

use std::collections::BTreeSet;

mod table;

pub use table::IMPLIED;

/// The features `feature` enables besides itself, as rustc enables them.
pub fn implied(feature: &str) -> &'static [&'static str] {
    IMPLIED
        .binary_search_by(|(name, _)| (*name).cmp(feature))
        .map_or(&[], |i| IMPLIED[i].1)
}

/// Every feature `features` enable: each and what it implies.
pub fn enabled(features: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = features.clone();
    for f in features {
        out.extend(implied(f).iter().map(|s| (*s).to_owned()));
    }
    out
}

/// `features` less what the target's `baseline` enables: what they require of callers
/// on that target (`sse2` requires nothing on `x86_64`, whose every build enables it).
pub fn without_baseline(
    features: &BTreeSet<String>,
    baseline: &BTreeSet<String>,
) -> BTreeSet<String> {
    if baseline.is_empty() {
        return features.clone();
    }
    let base = enabled(baseline);
    features
        .iter()
        .filter(|f| !base.contains(*f))
        .cloned()
        .collect()
}

/// The features of `features` that no other of them implies: `avx2` of `avx, avx2`.
pub fn strongest(features: &BTreeSet<String>) -> BTreeSet<String> {
    features
        .iter()
        .filter(|f| {
            !features.iter().any(|g| {
                g != *f && implied(g).contains(&f.as_str()) && !implied(f).contains(&g.as_str())
            })
        })
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn the_table_is_sorted_and_closed() {
        assert!(
            IMPLIED.windows(2).all(|w| w[0].0 < w[1].0),
            "sorted by name"
        );
        for (name, implies) in IMPLIED {
            assert!(!implies.contains(name), "{name} implies itself");
            for f in *implies {
                for g in implied(f) {
                    assert!(implies.contains(g), "{name} implies {f}, which implies {g}");
                }
            }
        }
    }

    #[test]
    fn a_feature_enables_what_it_implies() {
        let avx2 = enabled(&set(&["avx2"]));
        assert!(avx2.contains("avx") && avx2.contains("sse4.2") && avx2.contains("sse"));
        assert!(!avx2.contains("fma"), "{avx2:?}");
        assert_eq!(
            enabled(&set(&["no-such-feature"])),
            set(&["no-such-feature"])
        );
        assert_eq!(
            strongest(&set(&["avx", "avx2", "bmi1"])),
            set(&["avx2", "bmi1"])
        );
    }
}
