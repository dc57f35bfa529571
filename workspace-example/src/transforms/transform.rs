//! Transforms: the edits a recipe makes to a manifest.
//!
//! The set of transforms is sealed: [`Transform`] has a supertrait in a private
//! module, so only this crate implements it. Phase 5 matches on what a transform did
//! and relies on knowing every kind; a new transform is added here, pinned, and shows
//! up in the golden as an additive `trait_implementor_added`.

use std::fmt;

use super::apply_context::ApplyContext;
use super::source::SourceTree;

mod sealed {
    /// Implemented by every transform of this crate and by nothing else.
    pub trait Sealed {}
}

/// An edit to a manifest that a recipe proposes. Pure: `apply` returns the edited
/// copy and leaves its input alone, so a rejected attempt leaves no trace.
#[contract_pin::phase5_contract]
pub trait Transform: sealed::Sealed {
    /// A stable name for reports and logs (`bump_dependency`).
    fn name(&self) -> &'static str;

    /// One line saying what the transform does, for people.
    fn describe(&self) -> String;

    /// The manifest with the edit applied, or why the edit does not apply.
    fn apply(&self, tree: &SourceTree, ctx: &ApplyContext) -> Result<SourceTree, TransformError>;
}

/// Why a transform did not apply.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TransformError {
    /// The context is for another repository than the manifest.
    WrongRepository {
        /// The repository of the context.
        expected: String,
        /// The repository of the manifest.
        found: String,
    },
    /// The package is not a direct dependency, so bumping it changes nothing.
    NotADirectDependency {
        /// The package.
        package: String,
    },
    /// The package is nowhere in the manifest.
    PackageNotFound {
        /// The package.
        package: String,
    },
}

impl fmt::Display for TransformError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TransformError::WrongRepository { expected, found } => write!(
                f,
                "the context is for `{expected}` but the manifest is `{found}`"
            ),
            TransformError::NotADirectDependency { package } => {
                write!(f, "`{package}` is not a direct dependency")
            }
            TransformError::PackageNotFound { package } => {
                write!(f, "`{package}` is not in the manifest")
            }
        }
    }
}

impl std::error::Error for TransformError {}

fn same_repo(tree: &SourceTree, ctx: &ApplyContext) -> Result<(), TransformError> {
    if tree.repo == ctx.repo {
        Ok(())
    } else {
        Err(TransformError::WrongRepository {
            expected: ctx.repo.clone(),
            found: tree.repo.clone(),
        })
    }
}

/// Raises a direct dependency to a version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BumpDependency {
    /// The package.
    pub package: String,
    /// The version to require.
    pub to: String,
}

impl sealed::Sealed for BumpDependency {}

#[contract_pin::phase5_contract]
impl Transform for BumpDependency {
    fn name(&self) -> &'static str {
        "bump_dependency"
    }

    fn describe(&self) -> String {
        format!("bump dependency `{}` to {}", self.package, self.to)
    }

    fn apply(&self, tree: &SourceTree, ctx: &ApplyContext) -> Result<SourceTree, TransformError> {
        same_repo(tree, ctx)?;
        if !tree.dependencies.contains_key(&self.package) {
            return Err(TransformError::NotADirectDependency {
                package: self.package.clone(),
            });
        }
        let mut edited = tree.clone();
        edited
            .dependencies
            .insert(self.package.clone(), self.to.clone());
        Ok(edited)
    }
}

/// Forces a version of a (usually transitive) package with an override.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddOverride {
    /// The package.
    pub package: String,
    /// The version to force.
    pub to: String,
}

impl sealed::Sealed for AddOverride {}

#[contract_pin::phase5_contract]
impl Transform for AddOverride {
    fn name(&self) -> &'static str {
        "add_override"
    }

    fn describe(&self) -> String {
        format!("override `{}` to {}", self.package, self.to)
    }

    fn apply(&self, tree: &SourceTree, ctx: &ApplyContext) -> Result<SourceTree, TransformError> {
        same_repo(tree, ctx)?;
        if tree.resolved_version(&self.package).is_none() {
            return Err(TransformError::PackageNotFound {
                package: self.package.clone(),
            });
        }
        let mut edited = tree.clone();
        edited
            .overrides
            .insert(self.package.clone(), self.to.clone());
        Ok(edited)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(repo: &str) -> ApplyContext {
        ApplyContext {
            repo: repo.into(),
            prior_attempts: Vec::new(),
        }
    }

    fn tree() -> SourceTree {
        SourceTree::new("acme/web")
            .with_dependency("lodash", "4.17.15")
            .with_transitive("minimist", "1.2.0")
    }

    #[test]
    fn bump_edits_a_copy_of_direct_dependencies_only() {
        let bump = BumpDependency {
            package: "lodash".into(),
            to: "4.17.21".into(),
        };
        let before = tree();
        let after = bump.apply(&before, &ctx("acme/web")).unwrap();
        assert_eq!(after.resolved_version("lodash"), Some("4.17.21"));
        assert_eq!(before, tree(), "the input is untouched");

        let transitive = BumpDependency {
            package: "minimist".into(),
            to: "1.2.6".into(),
        };
        assert_eq!(
            transitive.apply(&before, &ctx("acme/web")),
            Err(TransformError::NotADirectDependency {
                package: "minimist".into()
            })
        );
    }

    #[test]
    fn override_forces_any_package_in_the_manifest() {
        let pin = AddOverride {
            package: "minimist".into(),
            to: "1.2.6".into(),
        };
        let after = pin.apply(&tree(), &ctx("acme/web")).unwrap();
        assert_eq!(after.resolved_version("minimist"), Some("1.2.6"));
        let missing = AddOverride {
            package: "left-pad".into(),
            to: "1.3.0".into(),
        };
        assert!(matches!(
            missing.apply(&tree(), &ctx("acme/web")),
            Err(TransformError::PackageNotFound { .. })
        ));
    }

    #[test]
    fn a_context_for_another_repository_is_refused() {
        let bump = BumpDependency {
            package: "lodash".into(),
            to: "4.17.21".into(),
        };
        let err = bump.apply(&tree(), &ctx("acme/api")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the context is for `acme/api` but the manifest is `acme/web`"
        );
    }

    #[test]
    fn transforms_are_usable_as_trait_objects() {
        let all: Vec<Box<dyn Transform>> = vec![
            Box::new(BumpDependency {
                package: "lodash".into(),
                to: "4.17.21".into(),
            }),
            Box::new(AddOverride {
                package: "minimist".into(),
                to: "1.2.6".into(),
            }),
        ];
        let names: Vec<_> = all.iter().map(|t| t.name()).collect();
        assert_eq!(names, ["bump_dependency", "add_override"]);
    }
}
