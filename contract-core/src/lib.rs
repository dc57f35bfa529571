//! The functional core of contract-pin: the shape model, canonical JSON and
//! fingerprints, the golden format, the diff engine and its rule families, and every
//! message. It does no I/O, reads no environment and prints nothing: the macro, the
//! test harness and the CLI are the shells around it.
//!
//! With the `syntax` feature, [`syntax::extract`] turns a `syn` item into its shape.
//! With the `arbitrary` feature, the shape model implements `arbitrary::Arbitrary`
//! (canonical shapes, for the structure-aware fuzz targets; see `generate`).

#![deny(missing_docs)]

pub mod accept;
pub mod assemble;
pub mod auto;
pub mod canonical;
pub mod check;
pub mod current;
pub mod delta;
pub mod dependencies;
pub mod diff;
pub mod env;
pub mod features;
pub mod gate;
#[cfg(feature = "arbitrary")]
pub mod generate;
pub mod golden;
pub mod health;
pub mod json;
pub mod member;
pub mod message;
pub mod names;
pub mod nearest;
pub mod policy;
pub mod probe;
pub mod probed;
pub mod render;
pub mod serde_attrs;
pub mod shape;
pub mod std_aliases;
pub mod std_traits;
#[cfg(feature = "syntax")]
pub mod syntax;
pub mod target_features;
pub mod ty;
pub mod undecided;
pub mod variance;
pub mod vocabulary;

/// Types in serde's data model, as the wire axis reads them: a type's [`Schema`]
/// (what payloads it writes and reads) and whether one reads another's payloads
/// (`diff`'s wire rules decide on these).
///
/// [`Schema`]: wire_schema::Schema
pub mod wire_schema {
    pub use crate::diff::shared::records::Emit;
    pub use crate::diff::shared::schema::{
        schema_of, Content, Enum, Field, Record, Schema, Side, Variant,
    };
    pub use crate::diff::shared::schema_reads::reads;
}

pub use delta::{Axis, Class, Delta, DeltaKind, Member};
pub use golden::{Golden, GoldenError, FORMAT_VERSION};
pub use policy::Policy;
pub use shape::{Fragment, ItemShape, Symbol};
pub use ty::Type;
