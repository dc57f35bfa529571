//! Recipe engines: which transform to try for a finding, given what was tried.

use super::apply_context::ApplyContext;
use super::source::Finding;
use super::transform::{AddOverride, BumpDependency, Transform};

/// Chooses the transform for the next attempt at a finding.
///
/// Dyn-compatible on purpose (the orchestrator holds a `Box<dyn RecipeEngine>` and
/// Phase 5 swaps engines at run time): keep every method callable on `dyn`: a
/// receiver, no type parameters, no `Self` outside the receiver.
#[contract_pin::phase5_contract]
pub trait RecipeEngine {
    /// A stable name for reports and logs.
    fn name(&self) -> &str;

    /// The transform for the next attempt, or `None` when the engine has nothing
    /// (more) to offer. `ctx.prior_attempts` says what failed so far.
    fn plan(&self, finding: &Finding, ctx: &ApplyContext) -> Option<Box<dyn Transform>>;
}

/// The deterministic recipe of Phase 3: require the fixed version directly; if that
/// fails (the package is only a transitive dependency, say), force it with an
/// override; then give up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VersionBumpRecipe;

impl RecipeEngine for VersionBumpRecipe {
    fn name(&self) -> &str {
        "version_bump"
    }

    fn plan(&self, finding: &Finding, ctx: &ApplyContext) -> Option<Box<dyn Transform>> {
        let package = finding.package.clone();
        let to = finding.fixed_in.clone();
        match ctx.prior_attempts.len() {
            0 => Some(Box::new(BumpDependency { package, to })),
            1 => Some(Box::new(AddOverride { package, to })),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transforms::AttemptSummary;

    #[test]
    fn the_ladder_bumps_then_overrides_then_gives_up() {
        let engine: Box<dyn RecipeEngine> = Box::new(VersionBumpRecipe);
        let finding = Finding::new("GHSA-1", "minimist", "1.2.6");
        let mut ctx = ApplyContext {
            repo: "acme/web".into(),
            prior_attempts: Vec::new(),
        };
        let mut names = Vec::new();
        while let Some(transform) = engine.plan(&finding, &ctx) {
            names.push(transform.name());
            ctx.prior_attempts.push(AttemptSummary {
                attempt: ctx.prior_attempts.len() as u32 + 1,
                failure: "did not validate".into(),
            });
        }
        assert_eq!(names, ["bump_dependency", "add_override"]);
        assert_eq!(engine.name(), "version_bump");
    }
}
