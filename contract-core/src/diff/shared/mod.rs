//! Helpers several rule families share. None of these is a family: they compare a
//! part of a shape (a signature, generics, a serde record) and leave the verdict's
//! kind and member to the family that calls them.

pub mod generalisation;
pub mod generics;
pub mod opaque;
pub mod records;
pub mod schema;
pub mod schema_reads;
pub mod signature;
pub mod wire;
