//! The files of contract-pin on disk, for the two shells that read and write them —
//! the test harness (`contract-pin`'s `assert_golden!`) and the `contract-pin`
//! command — so both find, read, lock and replace goldens with one discipline and read
//! one policy file the same way. The decisions are `contract-core`'s; this crate only
//! does the I/O around them.

#![deny(missing_docs)]

pub mod policy;
pub mod store;
