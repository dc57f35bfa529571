//! JSON: serde_json, named once for the crate (goldens, reports, caches).
//!
//! contract-core is linked by the macro (on the host) and by the harness and the
//! command, never by a user's library (`contract-pin` links only the registration
//! records), so serde_json's `impl PartialEq<Value> for u32` and the like no longer
//! reach a user's type inference.

pub use serde_json::{from_slice, from_str, from_value, to_value, Error, Number, Value};

/// A JSON object: keys in order (serde_json without `preserve_order`).
pub type Map = serde_json::Map<String, Value>;
