//! Cargo features as symbols of a public-API set: a consumer names a feature in its
//! own manifest (`features = ["std"]`) or relies on the defaults, so a feature that is
//! gone, no longer on by default or no longer turning on another breaks its build the
//! way a removed item does (the Cargo book's SemVer reference calls each a major
//! change). What a feature enables of the package's dependencies is not compared.

use std::collections::{BTreeMap, BTreeSet};

use crate::shape::FeatureShape;

/// What a feature's symbol name starts with: no Rust path contains a `.`, so a
/// feature can never be named like an item.
pub const PREFIX: &str = "features.";

/// The symbol name of feature `name` (`features.std`).
pub fn symbol_name(name: &str) -> String {
    format!("{PREFIX}{name}")
}

/// The feature a symbol name stands for, if it is one.
pub fn feature_of(symbol: &str) -> Option<&str> {
    symbol.strip_prefix(PREFIX)
}

/// Named unstable or private by the convention crates follow while Cargo has no
/// private features (rust-lang/cargo#10882): a leading `_`, or `unstable`, `nightly`,
/// `bench`, alone or followed by `-` or `_`, or `unstable` or `nightly` as a word of
/// the name (log 0.4's `kv_unstable`, `kv_unstable_serde`). Such a feature is treated
/// as a `#[doc(hidden)]` item is: under the default `doc_hidden_is_api = false`, its
/// loss breaks nobody who kept to the documented features, and a public-API set does
/// not cover what it alone exposes.
pub fn is_hidden(name: &str) -> bool {
    name.starts_with('_')
        || ["unstable", "nightly", "bench"].iter().any(|word| {
            name.strip_prefix(word)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(['-', '_']))
        })
        || name
            .split(['-', '_'])
            .any(|word| word == "unstable" || word == "nightly")
}

/// The shapes of a package's features, by feature name, from its feature table as
/// `cargo metadata` lists it (with the implicit feature of each optional dependency no
/// `dep:` entry names). `default` is not a feature of its own here: what it turns on
/// is each feature's [`FeatureShape::default`].
pub fn shapes(table: &BTreeMap<String, Vec<String>>) -> BTreeMap<String, FeatureShape> {
    let defaults = turned_on(table, "default");
    table
        .keys()
        .filter(|name| name.as_str() != "default")
        .map(|name| {
            let mut enables = turned_on(table, name);
            enables.remove(name);
            enables.remove("default");
            let shape = FeatureShape {
                enables,
                default: defaults.contains(name),
                hidden: is_hidden(name),
            };
            (name.clone(), shape)
        })
        .collect()
}

/// Every feature of `table` that turning on `root` turns on, `root` itself included
/// (when `table` has it): what `cfg(feature = …)` sees. An entry is a feature name,
/// `dep:x` (a dependency, no feature), `x/f` (a dependency's feature; it also turns on
/// feature `x` when there is one, as for an optional dependency) or `x?/f` (the
/// feature only if `x` is on otherwise).
pub fn turned_on(table: &BTreeMap<String, Vec<String>>, root: &str) -> BTreeSet<String> {
    let mut on = BTreeSet::new();
    let mut stack = vec![root];
    while let Some(feature) = stack.pop() {
        if !table.contains_key(feature) || !on.insert(feature.to_owned()) {
            continue;
        }
        for entry in &table[feature] {
            if entry.starts_with("dep:") {
                continue;
            }
            match entry.split_once('/') {
                Some((dep, _)) if dep.ends_with('?') => {}
                Some((dep, _)) => stack.push(dep),
                None => stack.push(entry),
            }
        }
    }
    on
}

/// What turning on some features activates: the package's features, and per dependency
/// whether it is built and which of its features are on. Two sets of features with one
/// activation build the same code against the same dependencies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Activation {
    /// The package's features that are on: what `cfg(feature = …)` sees.
    pub features: BTreeSet<String>,
    /// Each dependency that is built, with its features this package turns on.
    pub dependencies: BTreeMap<String, BTreeSet<String>>,
}

/// What turning on `roots` activates in a package with feature table `table`.
///
/// A dependency no entry makes optional (neither a feature of its name nor a `dep:`
/// entry anywhere) is always built; an optional one is built when its implicit
/// feature, a `dep:` entry or a `x/f` entry is on. `x?/f` turns `f` on only when `x`
/// is built for another reason.
pub fn activation(table: &BTreeMap<String, Vec<String>>, roots: &[&str]) -> Activation {
    let mut on = BTreeSet::new();
    for root in roots {
        on.extend(turned_on(table, root));
    }
    let optional = |dep: &str| {
        table.contains_key(dep) || table.values().flatten().any(|e| e == &format!("dep:{dep}"))
    };
    let mut built: BTreeSet<&str> = BTreeSet::new();
    let mut weak: Vec<(&str, &str)> = Vec::new();
    let mut dependencies: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for feature in &on {
        for entry in &table[feature] {
            if let Some(dep) = entry.strip_prefix("dep:") {
                built.insert(dep);
            } else if let Some((dep, f)) = entry.split_once('/') {
                match dep.strip_suffix('?') {
                    Some(dep) => weak.push((dep, f)),
                    None => {
                        built.insert(dep);
                        dependencies
                            .entry(dep.to_owned())
                            .or_default()
                            .insert(f.to_owned());
                    }
                }
            } else if !table.contains_key(entry) {
                // Not a feature of the package: cargo reads it as an optional
                // dependency's implicit feature.
                built.insert(entry);
            }
        }
        // An optional dependency's implicit feature (`x = ["dep:x"]` in cargo
        // metadata's table) builds it.
        if table[feature]
            .iter()
            .any(|e| e == &format!("dep:{feature}"))
        {
            built.insert(feature);
        }
    }
    for (dep, f) in weak {
        if built.contains(dep) || !optional(dep) {
            dependencies
                .entry(dep.to_owned())
                .or_default()
                .insert(f.to_owned());
        }
    }
    for dep in built {
        dependencies.entry(dep.to_owned()).or_default();
    }
    Activation {
        features: on,
        dependencies,
    }
}

/// True when turning on `feature` on top of the default features activates nothing
/// the defaults do not, but `feature` itself: a consumer with default features builds
/// the same whether `feature` is among them or not, as far as the feature table
/// tells. num-rational 0.4.2 took `num-bigint-std = ["num-bigint/std"]` out of its
/// defaults and made its `std` (a default) turn on `num-bigint?/std`. Whether code is
/// gated on `feature` itself the table cannot tell: the caller reads the sources.
pub fn redundant_with_default(table: &BTreeMap<String, Vec<String>>, feature: &str) -> bool {
    if !table.contains_key(feature) || feature == "default" {
        return false;
    }
    let default = activation(table, &["default"]);
    let mut with = activation(table, &["default", feature]);
    if !default.features.contains(feature) {
        with.features.remove(feature);
    }
    with == default
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(entries: &[(&str, &[&str])]) -> BTreeMap<String, Vec<String>> {
        entries
            .iter()
            .map(|(k, v)| (k.to_string(), v.iter().map(|s| s.to_string()).collect()))
            .collect()
    }

    #[test]
    fn closures_follow_features_and_optional_dependencies_not_weak_ones() {
        let t = table(&[
            ("default", &["std"]),
            ("std", &["alloc", "serde?/std"]),
            ("alloc", &[]),
            ("serde", &["dep:serde"]),
            ("json", &["serde/std", "dep:serde_json"]),
            ("loop", &["loop", "alloc"]),
        ]);
        let shapes = shapes(&t);
        assert!(!shapes.contains_key("default"));
        assert_eq!(shapes["std"].enables, BTreeSet::from(["alloc".to_owned()]));
        assert!(shapes["std"].default && shapes["alloc"].default);
        assert!(!shapes["serde"].default && shapes["serde"].enables.is_empty());
        assert_eq!(shapes["json"].enables, BTreeSet::from(["serde".to_owned()]));
        assert_eq!(shapes["loop"].enables, BTreeSet::from(["alloc".to_owned()]));
    }

    #[test]
    fn unstable_and_underscored_names_are_hidden() {
        for name in [
            "_x",
            "__x",
            "unstable",
            "nightly",
            "bench",
            "unstable-x",
            "bench_x",
            "kv_unstable",
            "kv_unstable_serde",
            "with-nightly-simd",
        ] {
            assert!(is_hidden(name), "{name}");
        }
        for name in [
            "std",
            "unstablex",
            "benchmarks",
            "no_std",
            "x_",
            "kv_stable",
            "nightlyx",
        ] {
            assert!(!is_hidden(name), "{name}");
        }
    }

    #[test]
    fn a_feature_the_defaults_already_cover_is_redundant() {
        // num-rational 0.4.2.
        let t = table(&[
            ("default", &["num-bigint", "std"]),
            ("num-bigint", &["dep:num-bigint"]),
            ("num-bigint-std", &["num-bigint/std"]),
            ("serde", &["dep:serde"]),
            (
                "std",
                &["num-bigint?/std", "num-integer/std", "num-traits/std"],
            ),
        ]);
        assert!(redundant_with_default(&t, "num-bigint-std"));
        assert!(!redundant_with_default(&t, "serde"), "it builds serde");
        assert!(redundant_with_default(&t, "std"), "a default is redundant");
        let on = activation(&t, &["default"]);
        assert_eq!(
            on.dependencies["num-bigint"],
            BTreeSet::from(["std".to_owned()])
        );
        assert!(!on.dependencies.contains_key("serde"));
        // Near miss: `std` no longer reaches num-bigint's `std`.
        let mut narrower = t.clone();
        narrower.insert(
            "std".into(),
            vec!["num-integer/std".into(), "num-traits/std".into()],
        );
        assert!(!redundant_with_default(&narrower, "num-bigint-std"));
        // Near miss: num-bigint is no longer a default, so the weak entry does nothing.
        let mut off = t.clone();
        off.insert("default".into(), vec!["std".into()]);
        assert!(!redundant_with_default(&off, "num-bigint-std"));
        // A non-optional dependency's weak feature is on.
        let always = table(&[
            ("default", &["std"]),
            ("std", &["log?/std"]),
            ("x", &["log/std"]),
        ]);
        assert!(redundant_with_default(&always, "x"));
        assert!(!redundant_with_default(&always, "nope"));
    }
}
