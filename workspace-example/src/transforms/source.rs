//! The in-memory inputs of a remediation: the dependency manifest of a repository and
//! the vulnerability finding to remediate.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A vulnerability finding: which package is vulnerable and from which version on it
/// is fixed. Part of the remediation report's schema, so it is pinned too.
#[contract_pin::phase5_contract]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Finding {
    /// The advisory identifier (`GHSA-…`, `CVE-…`).
    pub advisory: String,
    /// The vulnerable package.
    pub package: String,
    /// The first version that is not vulnerable (`major.minor.patch`).
    pub fixed_in: String,
}

impl Finding {
    /// A finding for `package`, fixed in `fixed_in`.
    pub fn new(
        advisory: impl Into<String>,
        package: impl Into<String>,
        fixed_in: impl Into<String>,
    ) -> Finding {
        Finding {
            advisory: advisory.into(),
            package: package.into(),
            fixed_in: fixed_in.into(),
        }
    }
}

/// The dependency manifest of one repository, in memory: direct dependencies,
/// transitive dependencies as resolved, and overrides that force a version
/// (npm `overrides`, Cargo `[patch]`, …).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceTree {
    /// The repository (`owner/name`).
    pub repo: String,
    /// Direct dependencies: package → version.
    #[serde(default)]
    pub dependencies: BTreeMap<String, String>,
    /// Transitive dependencies as resolved: package → version.
    #[serde(default)]
    pub transitive: BTreeMap<String, String>,
    /// Forced versions: package → version. They win over everything else.
    #[serde(default)]
    pub overrides: BTreeMap<String, String>,
}

impl SourceTree {
    /// An empty manifest of `repo`.
    pub fn new(repo: impl Into<String>) -> SourceTree {
        SourceTree {
            repo: repo.into(),
            ..SourceTree::default()
        }
    }

    /// Adds a direct dependency.
    pub fn with_dependency(mut self, package: &str, version: &str) -> SourceTree {
        self.dependencies
            .insert(package.to_owned(), version.to_owned());
        self
    }

    /// Adds a transitive dependency.
    pub fn with_transitive(mut self, package: &str, version: &str) -> SourceTree {
        self.transitive
            .insert(package.to_owned(), version.to_owned());
        self
    }

    /// The version `package` resolves to: an override, else the direct dependency,
    /// else the transitive one.
    pub fn resolved_version(&self, package: &str) -> Option<&str> {
        self.overrides
            .get(package)
            .or_else(|| self.dependencies.get(package))
            .or_else(|| self.transitive.get(package))
            .map(String::as_str)
    }

    /// How many entries differ from `other`, over all three sections.
    pub fn entries_changed(&self, other: &SourceTree) -> usize {
        fn changed(a: &BTreeMap<String, String>, b: &BTreeMap<String, String>) -> usize {
            let removed_or_changed = a.iter().filter(|(k, v)| b.get(*k) != Some(v)).count();
            let added = b.keys().filter(|k| !a.contains_key(*k)).count();
            removed_or_changed + added
        }
        changed(&self.dependencies, &other.dependencies)
            + changed(&self.transitive, &other.transitive)
            + changed(&self.overrides, &other.overrides)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_win_over_direct_and_transitive_versions() {
        let mut tree = SourceTree::new("acme/web")
            .with_dependency("lodash", "4.17.15")
            .with_transitive("minimist", "1.2.0");
        assert_eq!(tree.resolved_version("lodash"), Some("4.17.15"));
        assert_eq!(tree.resolved_version("minimist"), Some("1.2.0"));
        assert_eq!(tree.resolved_version("left-pad"), None);
        tree.overrides.insert("minimist".into(), "1.2.6".into());
        assert_eq!(tree.resolved_version("minimist"), Some("1.2.6"));
    }

    #[test]
    fn counts_changed_entries_in_every_section() {
        let before = SourceTree::new("r")
            .with_dependency("a", "1.0.0")
            .with_transitive("b", "1.0.0");
        let mut after = before.clone();
        assert_eq!(before.entries_changed(&after), 0);
        after.dependencies.insert("a".into(), "1.0.1".into());
        after.overrides.insert("b".into(), "2.0.0".into());
        assert_eq!(before.entries_changed(&after), 2);
    }
}
