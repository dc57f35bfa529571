//! The seed systems of contract-pin, written in Rust and pinned with it.

pub mod transforms;
