//! Compile-time contract pinning.
//!
//! Mark the types, traits, functions and constants that other code depends on:
//!
//! ```ignore
//! #[contract_pin::phase5_contract]
//! #[derive(serde::Serialize, serde::Deserialize)]
//! pub struct ApplyContext { pub repo: String }
//! ```
//!
//! and hold them against a committed golden from an integration test:
//!
//! ```ignore
//! #[test]
//! fn phase5_contract() {
//!     contract_pin::assert_golden!("phase5");
//! }
//! ```
//!
//! `CONTRACT_PIN_UPDATE=1 cargo test` (or `PHASE5_CONTRACT_UPDATE_GOLDEN=1`) writes
//! the golden; afterwards every change is classified additive or breaking, on the Rust
//! API axis and the serde wire axis, and a breaking change fails both `cargo test`
//! (with a directive that says what changed, why it blocks and how to resolve it) and
//! `cargo check` (at the changed field).

#![deny(missing_docs)]

mod harness;
mod registry;
mod store;

pub use contract_core::{Axis, Class, Delta, DeltaKind};
pub use contract_macros::{
    assert_golden, assert_same_item, contract, fingerprint, phase5_contract,
};
pub use harness::{check, check_symbols, report_json, CheckError, Outcome, Status};
pub use registry::Registration;

/// Implementation details used by generated code. Not public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::harness::assert_golden;
    pub use crate::registry::Registration;
    pub use inventory;
}
