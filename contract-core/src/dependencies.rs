//! Which crate a path of another crate names: a public-API set's golden records, for
//! each dependency its shapes name, the package and the semver-compatible series the
//! manifest asks for ([`crate::Golden::dependency_versions`]), so that a path reads
//! the same item across releases the way cargo resolves it, not the way it is spelt.
//!
//! - The same package and series under another name (ssh-encoding's `base64 = {
//!   package = "base64ct" }` dropped for `base64ct`, speedy's `indexmap` renamed
//!   `indexmap_v1`) is the same crate: its paths are read under the golden's name
//!   ([`renames`]), and nothing changed.
//! - The same name for another series or package (hmac 0.13's `digest` 0.10 → 0.11)
//!   is another crate: every type and trait of it the API names is another item, so
//!   one edit, one delta on the dependency ([`compare`], `public_dependency_changed`).
//!
//! What the series of a requirement is, is cargo's rule: `^1.2` admits `1.x`, `^0.10`
//! admits `0.10.x`, `^0.0.3` admits `0.0.3` only. A requirement that admits several
//! series (`*`, `>=0.8, <0.10`) has none here, and its dependency is not compared.

use std::collections::BTreeMap;

use crate::delta::{Delta, DeltaKind, Member, Shown};

/// What a dependency's symbol name starts with (its deltas'): no Rust path contains a
/// `.`, so it can never be named like an item.
pub const PREFIX: &str = "dependencies.";

/// The symbol name of the dependency the crate calls `name` (`dependencies.digest`).
pub fn symbol_name(name: &str) -> String {
    format!("{PREFIX}{name}")
}

/// The dependency a symbol name stands for, if it is one.
pub fn name_of(symbol: &str) -> Option<&str> {
    symbol.strip_prefix(PREFIX)
}

/// The identity a golden records of a dependency: its package and series
/// (`digest 0.10`), or `None` when the requirement admits several series.
pub fn identity(package: &str, req: &str) -> Option<String> {
    Some(format!("{package} {}", series(req)?))
}

/// A package's dependencies, each (by the name its paths call it, its package and its
/// requirement) as its [`identity`]: what a golden records and a check compares. A
/// name two entries give two identities (`[target.'cfg(unix)'.dependencies] x = "1"`
/// beside windows' `x = "2"`) stands for neither, and neither does a requirement of
/// several series: no guess.
pub fn identities<'a>(
    dependencies: impl IntoIterator<Item = (String, &'a str, Option<&'a str>)>,
) -> BTreeMap<String, String> {
    let mut seen: BTreeMap<String, Option<String>> = BTreeMap::new();
    for (called, package, req) in dependencies {
        let identity = req.and_then(|req| identity(package, req));
        let entry = seen.entry(called).or_insert_with(|| identity.clone());
        if *entry != identity {
            *entry = None;
        }
    }
    seen.into_iter()
        .filter_map(|(name, id)| Some((name, id?)))
        .collect()
}

/// The semver-compatible series a Cargo version requirement admits (`1`, `0.10`,
/// `0.0.3`), as `cargo metadata` writes it (`^0.10`, `=1.2.3`, `~1.2`, `>=0.10, <0.11`,
/// `1.*`); `None` when it admits more than one, or does not read.
pub fn series(req: &str) -> Option<String> {
    let parts: Vec<&str> = req
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    match parts.as_slice() {
        [one] => single(one),
        [a, b] => {
            let (lower, upper) = if a.starts_with('<') { (b, a) } else { (a, b) };
            bounded(lower, upper)
        }
        _ => None,
    }
}

/// A version as far as it is written: `1`, `1.2`, `1.2.3` (a pre-release or build
/// suffix dropped, a `*` or `x` ending it).
fn parts(text: &str) -> Option<Vec<u64>> {
    let text = text.split(['-', '+']).next()?.trim();
    let mut out = Vec::new();
    for part in text.split('.') {
        if matches!(part, "*" | "x" | "X") {
            break;
        }
        out.push(part.parse().ok()?);
    }
    (!out.is_empty() && out.len() <= 3).then_some(out)
}

/// The series every version a caret requirement on `v` admits is in: `None` where
/// it admits several (`^0`, `^0.0`).
fn caret(v: &[u64]) -> Option<Vec<u64>> {
    match v {
        [major, ..] if *major > 0 => Some(vec![*major]),
        [0, minor, ..] if *minor > 0 => Some(vec![0, *minor]),
        [0, 0, patch] => Some(vec![0, 0, *patch]),
        _ => None,
    }
}

fn text(series: &[u64]) -> String {
    series
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(".")
}

fn single(req: &str) -> Option<String> {
    let (op, version) = match req.find(|c: char| c.is_ascii_digit() || c == '*') {
        Some(at) => (req[..at].trim(), req[at..].trim()),
        None => return None,
    };
    let v = parts(version)?;
    let series = match op {
        "^" | "" => caret(&v)?,
        "=" if v.len() == 3 => caret(&v)?,
        // `~1.2.3` and `~1.2` admit `1.2.x`; `~1` admits `1.x`.
        "~" => match v.as_slice() {
            [major] if *major > 0 => vec![*major],
            [major, minor, ..] => caret(&[*major, *minor])?,
            _ => return None,
        },
        _ => return None,
    };
    Some(text(&series))
}

/// `>=a, <b`: the series of `a` when `b` is no later than the next series' start.
fn bounded(lower: &str, upper: &str) -> Option<String> {
    if upper.starts_with("<=") {
        return None;
    }
    let from = parts(lower.strip_prefix(">=")?)?;
    let to = parts(upper.strip_prefix('<')?.trim())?;
    let series = caret(&from)?;
    let mut next = series.clone();
    *next.last_mut()? += 1;
    let pad = |v: &[u64]| [0, 1, 2].map(|i| v.get(i).copied().unwrap_or(0));
    (pad(&to) <= pad(&next)).then(|| text(&series))
}

/// What the golden's `recorded` dependencies (name → identity) say against the
/// package's `current` ones: a `public_dependency_changed` delta for each name that
/// now stands for another package or series. A name the package no longer has is not
/// compared (its paths say what changed, or [`renames`] reads them under another).
pub fn compare(
    recorded: &BTreeMap<String, String>,
    current: &BTreeMap<String, String>,
) -> Vec<Delta> {
    recorded
        .iter()
        .filter_map(|(name, was)| {
            let now = current.get(name)?;
            (now != was).then(|| {
                Delta::new(
                    DeltaKind::PublicDependencyChanged,
                    &symbol_name(name),
                    Member::Item,
                )
                .change(
                    Shown::Dependency(was.clone()),
                    Shown::Dependency(now.clone()),
                )
            })
        })
        .collect()
}

/// The crates the golden knows under another name, by the name the package calls
/// them now, each with the golden's: a recorded name the package no longer has,
/// whose identity exactly one current dependency has (under a name the golden does
/// not record). Paths of the current shapes are read under the golden's name.
pub fn renames(
    recorded: &BTreeMap<String, String>,
    current: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    recorded
        .iter()
        .filter(|(name, _)| !current.contains_key(*name))
        .filter_map(|(name, identity)| {
            let mut same = current
                .iter()
                .filter(|(now, id)| *id == identity && !recorded.contains_key(*now));
            match (same.next(), same.next()) {
                (Some((now, _)), None) => Some((now.clone(), name.clone())),
                _ => None,
            }
        })
        .collect()
}

/// What a golden written now records of `symbols`' dependencies: each crate their
/// paths name that the package depends on (`current`: name -> identity), and each
/// name the `previous` golden gave a crate the package now calls otherwise (a symbol
/// kept in the golden's spelling, see [`renames`]) with the identity it recorded.
pub fn recorded(
    symbols: &BTreeMap<String, crate::Symbol>,
    current: &BTreeMap<String, String>,
    previous: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let renamed: std::collections::BTreeSet<String> =
        renames(previous, current).into_values().collect();
    let mut out = BTreeMap::new();
    for symbol in symbols.values() {
        for name in crate::names::crates_named_by(symbol) {
            if out.contains_key(&name) {
                continue;
            }
            let identity = match current.get(&name) {
                Some(id) => id,
                None if renamed.contains(&name) => &previous[&name],
                None => continue,
            };
            out.insert(name, identity.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn series_as_cargo_resolves_a_requirement() {
        for (req, want) in [
            ("^1.2.3", Some("1")),
            ("^1", Some("1")),
            ("^0.10", Some("0.10")),
            ("^0.10.7", Some("0.10")),
            ("0.10", Some("0.10")),
            ("^0.0.3", Some("0.0.3")),
            ("^0.0", None),
            ("^0", None),
            ("*", None),
            ("=0.4.3", Some("0.4")),
            ("=2.0.0-rc.1", Some("2")),
            ("~1.2.3", Some("1")),
            ("~0.3.1", Some("0.3")),
            ("~0", None),
            ("1.*", Some("1")),
            ("0.10.*", Some("0.10")),
            (">=0.10, <0.11", Some("0.10")),
            ("<0.11, >=0.10.2", Some("0.10")),
            (">=1.2, <2", Some("1")),
            (">=1.2, <3", None),
            (">=0.8, <0.10", None),
            (">=0.10, <=0.11", None),
            (">=1", None),
            ("^0.11.0-rc.3", Some("0.11")),
            ("", None),
        ] {
            assert_eq!(series(req).as_deref(), want, "{req}");
        }
    }

    #[test]
    fn a_name_of_two_series_or_of_several_is_none() {
        let deps = [
            ("digest".to_owned(), "digest", Some("^0.10")),
            ("x".to_owned(), "x", Some("^1")),
            ("x".to_owned(), "x", Some("^2")),
            ("y".to_owned(), "y", Some("^1.2")),
            ("y".to_owned(), "y", Some("^1.4")),
            ("any".to_owned(), "any", Some("*")),
            ("path_only".to_owned(), "path-only", None),
        ];
        assert_eq!(
            identities(deps),
            map(&[("digest", "digest 0.10"), ("y", "y 1")])
        );
    }

    fn map(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn another_series_under_one_name_is_one_breaking_delta() {
        let was = map(&[("digest", "digest 0.10"), ("serde", "serde 1")]);
        let now = map(&[("digest", "digest 0.11"), ("serde", "serde 1")]);
        let deltas = compare(&was, &now);
        assert_eq!(deltas.len(), 1, "{deltas:?}");
        assert_eq!(deltas[0].symbol, "dependencies.digest");
        assert_eq!(deltas[0].kind, DeltaKind::PublicDependencyChanged);
        assert!(deltas[0].is_breaking());
        assert_eq!(
            crate::render::detail(&deltas[0]),
            "`digest` is digest 0.11, was digest 0.10"
        );
        // Another package under the name is another crate too.
        let now = map(&[("digest", "digest2 0.10"), ("serde", "serde 1")]);
        assert_eq!(compare(&was, &now).len(), 1);
        // Gone, or the same: nothing to say.
        assert!(compare(&was, &map(&[("serde", "serde 1")])).is_empty());
        assert!(compare(&was, &was).is_empty());
    }

    #[test]
    fn one_crate_under_a_new_name_reads_under_the_old() {
        let was = map(&[("base64", "base64ct 1"), ("indexmap", "indexmap 1")]);
        let now = map(&[
            ("base64ct", "base64ct 1"),
            ("indexmap_v1", "indexmap 1"),
            ("indexmap_v2", "indexmap 2"),
        ]);
        assert_eq!(
            renames(&was, &now),
            map(&[("base64ct", "base64"), ("indexmap_v1", "indexmap")])
        );
        // Near misses: the name kept (compared, not renamed), another series, and two
        // candidates for one crate (no guess).
        assert!(renames(&was, &map(&[("base64", "base64ct 1")])).is_empty());
        assert!(renames(&was, &map(&[("indexmap_v2", "indexmap 2")])).is_empty());
        let two = map(&[("a", "indexmap 1"), ("b", "indexmap 1")]);
        assert!(renames(&map(&[("indexmap", "indexmap 1")]), &two).is_empty());
    }
}
