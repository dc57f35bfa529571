//! Which part of a symbol a delta is about: an address into a shape, defined apart
//! from the deltas so that the shape model (which records a part's cfg needs by it)
//! does not depend on the deltas that point at it.

use serde::{Deserialize, Serialize};

/// Which part of a symbol a delta is about. The macro points its error at it, the CLI
/// finds its file and line from it, and messages name it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Member {
    /// The item as a whole (its name, kind, value, trait header).
    Item,
    /// The item's generics.
    Generics,
    /// A field of a struct (for a rename: the old name; see [`Delta::renamed_to`](crate::delta::Delta::renamed_to)).
    Field {
        /// The field's name (its index for a tuple field).
        name: String,
    },
    /// A variant of an enum.
    Variant {
        /// The variant's name.
        name: String,
    },
    /// A field of an enum variant.
    VariantField {
        /// The variant's name.
        variant: String,
        /// The field's name.
        name: String,
    },
    /// A method (of a trait or an inherent impl), or the signature of a fn.
    Method {
        /// The method's name.
        name: String,
    },
    /// An associated type of a trait.
    AssocType {
        /// Its name.
        name: String,
    },
    /// An associated const of a trait.
    AssocConst {
        /// Its name.
        name: String,
    },
    /// A row of a table initialiser: its index in the current value (in the golden's
    /// for a removed row).
    Row {
        /// The index.
        index: usize,
    },
    /// A container attribute.
    Attr {
        /// Which one.
        attr: Attr,
    },
    /// An implementor of a trait.
    Implementor {
        /// The implementing type (serialized as its canonical text).
        ty: crate::ty::Type,
    },
    /// The module that defines the symbol.
    Module,
}

/// A container attribute a delta can be about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attr {
    /// `#[non_exhaustive]`.
    NonExhaustive,
    /// `#[repr]`.
    Repr,
    /// `#[derive]`.
    Derive,
    /// `#[serde]`.
    Serde,
}

impl Attr {
    /// The attribute's path, as written in source.
    pub fn path(self) -> &'static str {
        match self {
            Attr::NonExhaustive => "non_exhaustive",
            Attr::Repr => "repr",
            Attr::Derive => "derive",
            Attr::Serde => "serde",
        }
    }
}

impl Member {
    /// A field.
    pub fn field(name: &str) -> Member {
        Member::Field {
            name: name.to_owned(),
        }
    }

    /// A variant.
    pub fn variant(name: &str) -> Member {
        Member::Variant {
            name: name.to_owned(),
        }
    }

    /// A field of a variant.
    pub fn variant_field(variant: &str, name: &str) -> Member {
        Member::VariantField {
            variant: variant.to_owned(),
            name: name.to_owned(),
        }
    }

    /// A method.
    pub fn method(name: &str) -> Member {
        Member::Method {
            name: name.to_owned(),
        }
    }

    /// The same member under its new name (for a rename).
    pub fn renamed(&self, to: &str) -> Member {
        match self {
            Member::Field { .. } => Member::field(to),
            Member::Variant { .. } => Member::variant(to),
            Member::VariantField { variant, .. } => Member::variant_field(variant, to),
            Member::Method { .. } => Member::method(to),
            Member::AssocType { .. } => Member::AssocType {
                name: to.to_owned(),
            },
            Member::AssocConst { .. } => Member::AssocConst {
                name: to.to_owned(),
            },
            other => other.clone(),
        }
    }
}
