//! The seed systems of contract-pin, written in Rust and pinned with it:
//!
//! - [`transforms`]: the remediation kernel whose Phase-5 contract surface is pinned
//!   in set `phase5` (seed 000);
//! - [`workflows`]: the Phase-6 routing table and its ledger (seed 002);
//! - [`indices`]: the index-health probe and its honest confidence (seed 001).

pub mod indices;
pub mod transforms;
pub mod workflows;
