//! Compile-time contract pinning.
//!
//! Mark the types, traits, functions and constants that other code depends on. The
//! attribute records each item's *shape* (fields, types, variants, signatures,
//! generics, serde attributes, constant values) and registers it; a test compares
//! every registered shape with a golden file committed beside the code and classifies
//! each difference as **additive** or **breaking**, on the Rust API axis and the serde
//! wire axis. Once a golden exists, `cargo check` already fails at the changed field.
//!
//! # Pinning
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! /// What a transform may read while it applies.
//! #[contract_pin::contract(set = "api")] // above #[derive], so it sees the derives
//! #[derive(Serialize, Deserialize)]
//! pub struct ApplyContext {
//!     pub repo: String,
//!     #[serde(default)]
//!     pub prior_attempts: Vec<u32>,
//! }
//!
//! #[contract_pin::contract(set = "api")]
//! #[non_exhaustive]
//! pub enum Outcome {
//!     Trusted { score: u8 },
//!     Rejected,
//! }
//!
//! #[contract_pin::phase5_contract] // the same as #[contract(set = "phase5")]
//! pub trait RecipeEngine {
//!     fn matches(&self, package: &str) -> bool;
//! }
//!
//! #[contract_pin::contract(set = "api")]
//! pub const MAX_RETRIES: u32 = 3;
//!
//! // Every pinned item has a const fingerprint of its shape.
//! const FINGERPRINT: &str = contract_pin::fingerprint!(ApplyContext);
//! assert!(FINGERPRINT.starts_with("sha256:"));
//! ```
//!
//! `#[contract]` accepts a struct, enum, trait, inherent `impl` (its `pub` methods join
//! the symbol of the self type), trait `impl` (the implementor joins the trait's
//! symbol), fn, type alias, const or static. Its arguments are `set = "…"` (default
//! `default`), `name = "…"` (the symbol's name in the set), `crate = "…"` (the path of
//! this crate, when re-exported) and `golden = "…"` (a golden file relative to the
//! annotated source file). Anything else is a compile error that says what is accepted.
//!
//! # Checking
//!
//! The check runs at test time, in the harness crate `contract-harness`, which a
//! package adds as a dev-dependency (as it adds insta): what a library links stays
//! the attributes, the registration records and `inventory`.
//!
//! ```toml
//! [dev-dependencies]
//! contract-harness = "0.1"
//! ```
//!
//! Then, in an integration test of the package that owns the contracts:
//!
//! ```ignore
//! #[test]
//! fn api_contract() {
//!     contract_pin::assert_golden!("api");
//! }
//! ```
//!
//! [`assert_golden!`] links the package's library (so its registrations are visible)
//! and runs `contract-harness`'s check of the set against
//! `golden/<set>-contract/<package>.json`. Without the dev-dependency it is a compile
//! error that names the line to add. The harness crate's documentation has the
//! environment variables, the report and `contract_harness::check`, the same check
//! without the panic.
//!
//! # Re-export identity
//!
//! [`assert_same_item!`] compiles only when both paths name the same item, so a second
//! declaration shadowing a re-export cannot pass:
//!
//! ```
//! mod deep {
//!     pub struct Report;
//! }
//! pub use deep::Report;
//!
//! contract_pin::assert_same_item!(deep::Report, self::Report);
//! # fn main() {}
//! ```
//!
//! Use it at module level (items declared inside a function body are not visible to
//! it). A single name must be an item or public import of the calling module; name
//! prelude items by their path.
//!
//! ```compile_fail
//! mod deep {
//!     pub struct Report;
//! }
//! mod shallow {
//!     pub struct Report;
//! }
//!
//! contract_pin::assert_same_item!(deep::Report, shallow::Report);
//! # fn main() {}
//! ```

#![deny(missing_docs)]

mod moved;
mod probe;
mod registry;

pub use contract_macros::{
    assert_golden, assert_same_item, contract, fingerprint, phase5_contract, pin_macro,
};
#[doc(hidden)]
pub use moved::{check, check_symbols, report_json};
pub use registry::Registration;

/// Implementation details used by generated code and by the harness crate. Not public
/// API.
#[doc(hidden)]
pub mod __private {
    pub use crate::registry::{Registration, Source};
    /// The type probe (see `contract_core::probe`).
    pub mod probe {
        pub use crate::probe::{bits, Fallback, Probe};
    }
    pub use crate::__contract_pin_probe as probe;
    pub use inventory;
    /// For the compile-time assertion that a type still implements a trait whose
    /// derive was removed.
    pub use serde;
}
