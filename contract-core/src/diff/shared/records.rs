//! What `#[derive(Serialize, Deserialize)]` writes and reads for a shape: the
//! *records* of a struct's or a variant's fields (each field's written name, accepted
//! names, how often it is written, whether a reader requires it), an enum's tagging
//! and its variants. Read by the wire comparison ([`super::wire`]) and the wire
//! schema ([`super::schema`]) alike.

use crate::delta::Tagging;
use crate::serde_attrs::{ContainerSerde, RenameRule, Sides};
use crate::shape::{EnumShape, FieldShape, FieldStyle, StructShape, VariantShape};

/// The (serialize, deserialize) names of an element named `name`.
fn names(
    rename: &Sides<String>,
    name: &str,
    rules: &Sides<RenameRule>,
    variant: bool,
) -> (String, String) {
    let apply = |rule: Option<RenameRule>| match rule {
        None => name.to_owned(),
        Some(r) if variant => r.apply_to_variant(name),
        Some(r) => r.apply_to_field(name),
    };
    let ser = rename.ser.clone().unwrap_or_else(|| apply(rules.ser));
    let de = rename.de.clone().unwrap_or_else(|| apply(rules.de));
    (ser, de)
}

/// How often a field is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    /// `skip` / `skip_serializing`.
    Never,
    /// `skip_serializing_if`.
    Sometimes,
    /// Always.
    Always,
}

/// One field as serde writes and reads it.
#[derive(Clone, Debug)]
pub struct WireField<'a> {
    /// The field.
    pub shape: &'a FieldShape,
    /// Index in declaration order.
    pub index: usize,
    /// The name written.
    pub ser: String,
    /// The primary name read.
    pub de: String,
    /// How often it is written.
    pub emit: Emit,
    /// Read at all (not `skip` / `skip_deserializing`).
    pub read: bool,
    /// Has its own `#[serde(default)]`.
    pub has_default: bool,
    /// A reader fails without it.
    pub required: bool,
}

impl WireField<'_> {
    /// True when a payload key `name` lands in this field.
    pub fn accepts(&self, name: &str) -> bool {
        self.read && (self.de == name || self.shape.serde.aliases.contains(name))
    }

    /// Written or read at all.
    pub fn on_wire(&self) -> bool {
        self.emit != Emit::Never || self.read
    }
}

/// The fields of a struct or a variant as serde sees them.
#[derive(Clone, Debug)]
pub struct Record<'a> {
    /// Fields in declaration order.
    pub fields: Vec<WireField<'a>>,
    /// `#[serde(deny_unknown_fields)]` applies.
    pub deny_unknown: bool,
    /// Fields travel by position (tuple form, `transparent`, a positional format):
    /// names do not matter, order and count do.
    pub by_position: bool,
    /// The payload is the single field's value (newtype or `transparent`).
    pub newtype: bool,
    /// The container's `#[serde(default)]` fills missing fields.
    pub container_default: bool,
}

impl Record<'_> {
    /// Some field reads a key `name`.
    pub fn accepts(&self, name: &str) -> bool {
        self.fields.iter().any(|f| f.accepts(name))
    }
}

struct Spec<'a> {
    fields: &'a [FieldShape],
    style: FieldStyle,
    rules: Sides<RenameRule>,
    deny: bool,
    container_default: bool,
    transparent: bool,
    positional: bool,
}

fn record(spec: Spec<'_>) -> Record<'_> {
    let by_position = spec.positional || spec.style == FieldStyle::Tuple || spec.transparent;
    let fields = spec
        .fields
        .iter()
        .enumerate()
        .map(|(index, f)| {
            let serde = &f.serde;
            let (ser, de) = names(&serde.rename, &f.name, &spec.rules, false);
            let emit = if serde.skip_serializing {
                Emit::Never
            } else if serde.skip_serializing_if.is_some() {
                Emit::Sometimes
            } else {
                Emit::Always
            };
            let read = !serde.skip_deserializing;
            let has_default = serde.default.is_some();
            // serde fills a missing `Option` with `None` (keyed formats only, and
            // only with its own deserializer).
            let implicit =
                !by_position && serde.deserialize_with.is_none() && f.ty.option_inner().is_some();
            WireField {
                shape: f,
                index,
                ser,
                de,
                emit,
                read,
                has_default,
                required: read && !has_default && !spec.container_default && !implicit,
            }
        })
        .collect();
    Record {
        fields,
        deny_unknown: spec.deny,
        by_position,
        newtype: spec.transparent || (spec.style == FieldStyle::Tuple && spec.fields.len() == 1),
        container_default: spec.container_default,
    }
}

/// The record of a struct.
pub fn struct_record(s: &StructShape, positional: bool) -> Record<'_> {
    let serde = &s.attrs.serde;
    record(Spec {
        fields: &s.fields,
        style: s.style,
        rules: serde.rename_all.clone(),
        deny: serde.deny_unknown_fields,
        container_default: serde.default.is_some(),
        transparent: serde.transparent,
        positional,
    })
}

/// The record of one variant's fields: the variant's own `rename_all`, else the
/// enum's `rename_all_fields`.
pub fn variant_record<'a>(e: &EnumShape, v: &'a VariantShape, positional: bool) -> Record<'a> {
    let rules = if v.serde.rename_all.is_empty() {
        e.attrs.serde.rename_all_fields.clone()
    } else {
        v.serde.rename_all.clone()
    };
    record(Spec {
        fields: &v.fields,
        style: v.style,
        rules,
        deny: e.attrs.serde.deny_unknown_fields,
        container_default: false,
        transparent: false,
        positional,
    })
}

/// How an enum with container attributes `serde` is tagged.
pub fn tagging(serde: &ContainerSerde) -> Tagging {
    match (&serde.tag, &serde.content, serde.untagged) {
        (_, _, true) => Tagging::Untagged,
        (Some(tag), Some(content), _) => Tagging::Adjacent(tag.clone(), content.clone()),
        (Some(tag), None, _) => Tagging::Internal(tag.clone()),
        (None, _, _) => Tagging::External,
    }
}

/// One variant as serde writes and reads it.
#[derive(Clone, Debug)]
pub struct WireVariant<'a> {
    /// The variant.
    pub shape: &'a VariantShape,
    /// Index in declaration order (what positional formats write).
    pub index: usize,
    /// The name written.
    pub ser: String,
    /// The primary name read.
    pub de: String,
    /// Written (not `skip` / `skip_serializing`).
    pub emit: bool,
    /// Read (not `skip` / `skip_deserializing`).
    pub read: bool,
    /// `#[serde(other)]`: reads every unknown tag.
    pub other: bool,
}

impl WireVariant<'_> {
    /// True when a payload tagged `name` lands in this variant.
    pub fn accepts(&self, name: &str) -> bool {
        self.read && (self.de == name || self.shape.serde.aliases.contains(name))
    }
}

/// The variants of an enum as serde sees them.
pub fn variants(e: &EnumShape) -> Vec<WireVariant<'_>> {
    e.variants
        .iter()
        .enumerate()
        .map(|(index, v)| {
            let (ser, de) = names(&v.serde.rename, &v.name, &e.attrs.serde.rename_all, true);
            WireVariant {
                shape: v,
                index,
                ser,
                de,
                emit: !v.serde.skip_serializing,
                read: !v.serde.skip_deserializing,
                other: v.serde.other,
            }
        })
        .collect()
}
