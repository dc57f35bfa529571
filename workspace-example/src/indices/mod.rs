//! The index-health probe (seed 001): honest confidence about code indices.
//!
//! A code index (SCIP, …) is built from one commit; the code moves on. Consumers that
//! trust a stale index silently reason about code that no longer exists. The
//! [`IndexHealthProbe`] compares what each registered index was built from with
//! `HEAD` and says so in a typed verdict ([`IndexFreshness`]), demoting the source's
//! [`Confidence`]: fresh → high, a known number of commits behind → medium, anything
//! else → low.
//!
//! The verdict types are pinned in contract set `phase2`. The adversarial fixture
//! `tests/fixtures/portfolio/stale-scip/` (a repository whose HEAD is one commit
//! ahead of its index) fails the build if the probe ever stops catching staleness.

mod freshness;
mod git;
mod probe;
pub mod registry;
pub mod scip;

pub use freshness::{Confidence, IndexFreshness, StaleReason};
pub use git::{Git, GitUnavailable};
pub use probe::{
    CheckInput, IndexHealth, IndexHealthProbe, ProbeContext, ProbeError, ProbeOutput, RawSlice,
    RepoSnapshot, SourceHealth, RAW_DIR,
};
pub use registry::{FreshnessCheck, FreshnessRegistry, IndexName, RegistryError, ScopedRegistry};
