//! The remediation kernel whose Phase-5 contract surface is pinned.

mod apply_context;

pub use apply_context::{ApplyContext, AttemptSummary};
