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
//! In an integration test of the package that owns the contracts:
//!
//! ```no_run
//! #[test]
//! fn api_contract() {
//!     contract_pin::assert_golden!("api");
//! }
//! ```
//!
//! [`assert_golden!`] links the package's library (so its registrations are visible),
//! checks every registration of this package in the set against
//! `golden/<set>-contract/<package>.json`, and fails the test with a directive on a
//! breaking change, with `Additive deltas detected against on-disk golden:` on
//! additive drift, and with the bootstrap command when there is no golden yet.
//! Pass `lib = crate_name` when the library's crate name is not the package name with
//! `-` as `_`.
//!
//! A public-API set (`public_api = true` in `contract-pin.toml`) has no registrations:
//! with this crate's `public-api` feature, `assert_golden!` checks it from the package's
//! sources with the `contract-pin` command's scan and verdict; without it, the test
//! fails and names the feature.
//!
//! [`check`] is the same check without the panic, for tools and tests: it returns an
//! [`Outcome`] with a [`Status`], every [`Delta`] and the message.
//!
//! ```
//! # #[contract_pin::contract(set = "docs")]
//! # pub struct Order { pub id: u64 }
//! # let dir = std::env::temp_dir().join(format!("contract-pin-doc-{}", std::process::id()));
//! # let _ = std::fs::remove_dir_all(&dir);
//! use contract_pin::{check, Status};
//!
//! let package = env!("CARGO_PKG_NAME");
//! let golden_dir = dir.display().to_string();
//! // The environment is a lookup, so tests never touch the process environment.
//! let update = |name: &str| match name {
//!     "CONTRACT_PIN_GOLDEN_DIR" => Some(golden_dir.clone()),
//!     "CONTRACT_PIN_UPDATE" => Some("1".to_owned()),
//!     _ => None,
//! };
//! let compare = |name: &str| (name == "CONTRACT_PIN_GOLDEN_DIR").then(|| golden_dir.clone());
//!
//! let manifest_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
//! assert_eq!(check("docs", package, manifest_dir, &compare)?.status, Status::Missing);
//! assert_eq!(check("docs", package, manifest_dir, &update)?.status, Status::Updated);
//! assert_eq!(check("docs", package, manifest_dir, &compare)?.status, Status::Match);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! # Ok::<(), contract_pin::CheckError>(())
//! ```
//!
//! # Environment
//!
//! | variable | effect |
//! |---|---|
//! | `CONTRACT_PIN_UPDATE=1` or `<SET>_CONTRACT_UPDATE_GOLDEN=1` | rewrite the golden (atomically) and pass, with one line on stderr saying what was written (not hidden by the test runner's capture); values other than `1`/`0` are an error |
//! | `CI` (set, not `false`/`0`/empty) | strict: update requests are ignored with a loud line; compare only |
//! | `CONTRACT_PIN_REPORT=PATH` | also write the JSON report ([`report_json`]); a directory (`PATH/`) gets one per set and package, `PATH/<set>-contract/<package>.json`; a file holds one report and is never overwritten by another's |
//! | `CONTRACT_PIN_COMPILE_CHECK=0` | the macro skips the compile-time check |
//! | `CONTRACT_PIN_GOLDEN_DIR` | golden root instead of `<package>/golden` |
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

mod binaries;
mod harness;
mod probe;
mod registry;

pub use contract_core::{Axis, Class, Delta, DeltaKind};
pub use contract_macros::{
    assert_golden, assert_same_item, contract, fingerprint, phase5_contract, pin_macro,
};
#[doc(hidden)]
pub use harness::check_current;
pub use harness::{check, check_symbols, report_json, CheckError, Outcome, Status};
pub use registry::Registration;

/// Implementation details used by generated code and by the `contract-pin` command.
/// Not public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::harness::assert_golden;
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
