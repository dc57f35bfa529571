//! The test-time check of [contract-pin](https://docs.rs/contract-pin): every shape a
//! package's `#[contract]` items registered (or, for a public-API set, its sources)
//! against the committed golden, classified additive or breaking.
//!
//! Add it as a dev-dependency — what a library links stays `contract-pin`'s attributes
//! and registration records:
//!
//! ```toml
//! [dev-dependencies]
//! contract-harness = "0.1"
//! ```
//!
//! and check a set in an integration test of the package that owns the contracts:
//!
//! ```no_run
//! #[test]
//! fn api_contract() {
//!     contract_pin::assert_golden!("api");
//! }
//! ```
//!
//! `assert_golden!` links the package's library (so its registrations are visible),
//! checks every registration of this package in the set against
//! `golden/<set>-contract/<package>.json`, and fails the test with a directive on a
//! breaking change, with `Additive deltas detected against on-disk golden:` on
//! additive drift, and with the bootstrap command when there is no golden yet.
//! Pass `lib = crate_name` when the library's crate name is not the package name with
//! `-` as `_`.
//!
//! A public-API set (`public_api = true` in `contract-pin.toml`) has no registrations:
//! `assert_golden!` checks it from the package's sources with the `contract-pin`
//! command's scan and verdict.
//!
//! [`check`] is the same check without the panic, for tools and tests: it returns an
//! [`Outcome`] with a [`Status`], every [`Delta`] and the message.
//!
//! ```
//! # #[contract_pin::contract(set = "docs")]
//! # pub struct Order { pub id: u64 }
//! # let dir = std::env::temp_dir().join(format!("contract-harness-doc-{}", std::process::id()));
//! # let _ = std::fs::remove_dir_all(&dir);
//! use contract_harness::{check, Status};
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
//! # Ok::<(), contract_harness::CheckError>(())
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

#![deny(missing_docs)]

mod binaries;
mod harness;
mod registry;

pub use contract_core::{Axis, Class, Delta, DeltaKind};
#[doc(hidden)]
pub use harness::check_current;
pub use harness::{check, check_symbols, report_json, CheckError, Outcome, Status};

/// What `contract_pin::assert_golden!` expands to. Not public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::harness::assert_golden;
}
