//! The serde wire model: what `#[derive(Serialize, Deserialize)]` writes and reads
//! for a shape, and the comparison of two records of fields in both wire directions.
//!
//! A *record* is the fields of a struct or of one enum variant as serde sees them:
//! each field's written name, accepted names (primary and aliases), whether it is
//! always, sometimes or never written, whether it is read, and whether a reader
//! requires it. Comparing two records says, per change, whether the new type still
//! reads old payloads (*backward*) and whether old consumers still read new
//! payloads (*forward*); `Cx::wire` turns that into a class under the set's policy.

use std::collections::BTreeSet;

use super::wire_types::reads;
use crate::delta::{DeltaKind, Element};
use crate::diff::Cx;
use crate::policy::WireBreaks;
use crate::render;
use crate::shape::{EnumShape, FieldShape, FieldStyle, SerdeAttrs, StructShape, VariantShape};

/// A `rename_all` rule (serde's `RenameRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// No rule: names as written.
    None,
    /// `lowercase`
    Lower,
    /// `UPPERCASE`
    Upper,
    /// `PascalCase`
    Pascal,
    /// `camelCase`
    Camel,
    /// `snake_case`
    Snake,
    /// `SCREAMING_SNAKE_CASE`
    ScreamingSnake,
    /// `kebab-case`
    Kebab,
    /// `SCREAMING-KEBAB-CASE`
    ScreamingKebab,
}

impl Rule {
    /// Parses a rule name; an unknown name (which serde rejects) is `None`.
    pub fn parse(s: &str) -> Rule {
        match s {
            "lowercase" => Rule::Lower,
            "UPPERCASE" => Rule::Upper,
            "PascalCase" => Rule::Pascal,
            "camelCase" => Rule::Camel,
            "snake_case" => Rule::Snake,
            "SCREAMING_SNAKE_CASE" => Rule::ScreamingSnake,
            "kebab-case" => Rule::Kebab,
            "SCREAMING-KEBAB-CASE" => Rule::ScreamingKebab,
            _ => Rule::None,
        }
    }

    /// The wire name of a field named `field` (snake_case by convention).
    pub fn field(self, field: &str) -> String {
        match self {
            Rule::None | Rule::Lower | Rule::Snake => field.to_owned(),
            Rule::Upper | Rule::ScreamingSnake => field.to_ascii_uppercase(),
            Rule::Pascal => {
                let mut out = String::new();
                let mut capitalize = true;
                for ch in field.chars() {
                    if ch == '_' {
                        capitalize = true;
                    } else if capitalize {
                        out.push(ch.to_ascii_uppercase());
                        capitalize = false;
                    } else {
                        out.push(ch);
                    }
                }
                out
            }
            Rule::Camel => lower_first(&Rule::Pascal.field(field)),
            Rule::Kebab => field.replace('_', "-"),
            Rule::ScreamingKebab => field.to_ascii_uppercase().replace('_', "-"),
        }
    }

    /// The wire name of a variant named `variant` (PascalCase by convention).
    pub fn variant(self, variant: &str) -> String {
        match self {
            Rule::None | Rule::Pascal => variant.to_owned(),
            Rule::Lower => variant.to_ascii_lowercase(),
            Rule::Upper => variant.to_ascii_uppercase(),
            Rule::Camel => lower_first(variant),
            Rule::Snake => {
                let mut out = String::new();
                for (i, ch) in variant.char_indices() {
                    if i > 0 && ch.is_uppercase() {
                        out.push('_');
                    }
                    out.push(ch.to_ascii_lowercase());
                }
                out
            }
            Rule::ScreamingSnake => Rule::Snake.variant(variant).to_ascii_uppercase(),
            Rule::Kebab => Rule::Snake.variant(variant).replace('_', "-"),
            Rule::ScreamingKebab => Rule::ScreamingSnake.variant(variant).replace('_', "-"),
        }
    }
}

fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// The (serialize, deserialize) rules of `key` (`rename_all`, `rename_all_fields`).
pub fn rules(attrs: &SerdeAttrs, key: &str) -> (Rule, Rule) {
    let both = attrs.get(key).map_or(Rule::None, |s| Rule::parse(s));
    let side = |suffix: &str| {
        attrs
            .get(&format!("{key}.{suffix}"))
            .map_or(both, |s| Rule::parse(s))
    };
    (side("serialize"), side("deserialize"))
}

/// The (serialize, deserialize) names of an element named `name` under `rules`.
fn names(attrs: &SerdeAttrs, name: &str, rules: (Rule, Rule), variant: bool) -> (String, String) {
    let apply = |rule: Rule| {
        if variant {
            rule.variant(name)
        } else {
            rule.field(name)
        }
    };
    let plain = attrs.get("rename");
    let ser = attrs
        .get("rename.serialize")
        .or(plain)
        .cloned()
        .unwrap_or_else(|| apply(rules.0));
    let de = attrs
        .get("rename.deserialize")
        .or(plain)
        .cloned()
        .unwrap_or_else(|| apply(rules.1));
    (ser, de)
}

fn aliases(attrs: &SerdeAttrs) -> BTreeSet<String> {
    attrs
        .get("alias")
        .map(|list| list.split(", ").map(str::to_owned).collect())
        .unwrap_or_default()
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
    /// Other names read.
    pub aliases: BTreeSet<String>,
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
        self.read && (self.de == name || self.aliases.contains(name))
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
    /// A positional binary format: only equivalent types read each other.
    pub strict_types: bool,
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
    rules: (Rule, Rule),
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
            let (ser, de) = names(&f.serde, &f.name, spec.rules, false);
            let flag = |k: &str| f.serde.contains_key(k);
            let emit = if flag("skip") || flag("skip_serializing") {
                Emit::Never
            } else if flag("skip_serializing_if") {
                Emit::Sometimes
            } else {
                Emit::Always
            };
            let read = !(flag("skip") || flag("skip_deserializing"));
            let has_default = flag("default");
            let custom = flag("with") || flag("deserialize_with");
            // serde fills a missing `Option` with `None` (keyed formats only).
            let implicit = !by_position && !custom && f.ty.starts_with("Option<");
            WireField {
                shape: f,
                index,
                aliases: aliases(&f.serde),
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
        strict_types: spec.positional,
        newtype: spec.transparent || (spec.style == FieldStyle::Tuple && spec.fields.len() == 1),
        container_default: spec.container_default,
    }
}

/// The record of a struct.
pub fn struct_record(s: &StructShape, positional: bool) -> Record<'_> {
    let attrs = &s.attrs.serde;
    record(Spec {
        fields: &s.fields,
        style: s.style,
        rules: rules(attrs, "rename_all"),
        deny: attrs.contains_key("deny_unknown_fields"),
        container_default: attrs.contains_key("default"),
        transparent: attrs.contains_key("transparent"),
        positional,
    })
}

/// The record of one variant's fields: the variant's own `rename_all`, else the
/// enum's `rename_all_fields`.
pub fn variant_record<'a>(e: &EnumShape, v: &'a VariantShape, positional: bool) -> Record<'a> {
    let own = rules(&v.serde, "rename_all");
    let rules = if own == (Rule::None, Rule::None) {
        rules(&e.attrs.serde, "rename_all_fields")
    } else {
        own
    };
    record(Spec {
        fields: &v.fields,
        style: v.style,
        rules,
        deny: e.attrs.serde.contains_key("deny_unknown_fields"),
        container_default: false,
        transparent: false,
        positional,
    })
}

/// How an enum is tagged on the wire.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Repr {
    /// `{"Variant": …}` (the default).
    External,
    /// `{"tag": "Variant", …}`.
    Internal(String),
    /// `{"tag": "Variant", "content": …}`.
    Adjacent(String, String),
    /// The content alone.
    Untagged,
}

/// The representation of an enum with container attributes `attrs`.
pub fn repr(attrs: &SerdeAttrs) -> Repr {
    match (
        attrs.get("tag"),
        attrs.get("content"),
        attrs.contains_key("untagged"),
    ) {
        (_, _, true) => Repr::Untagged,
        (Some(tag), Some(content), _) => Repr::Adjacent(tag.clone(), content.clone()),
        (Some(tag), None, _) => Repr::Internal(tag.clone()),
        (None, _, _) => Repr::External,
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
    /// Other names read.
    pub aliases: BTreeSet<String>,
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
        self.read && (self.de == name || self.aliases.contains(name))
    }
}

/// The variants of an enum as serde sees them.
pub fn variants(e: &EnumShape) -> Vec<WireVariant<'_>> {
    let rules = rules(&e.attrs.serde, "rename_all");
    e.variants
        .iter()
        .enumerate()
        .map(|(index, v)| {
            let (ser, de) = names(&v.serde, &v.name, rules, true);
            let flag = |k: &str| v.serde.contains_key(k);
            WireVariant {
                shape: v,
                index,
                ser,
                de,
                aliases: aliases(&v.serde),
                emit: !(flag("skip") || flag("skip_serializing")),
                read: !(flag("skip") || flag("skip_deserializing")),
                other: flag("other"),
            }
        })
        .collect()
}

/// Where a record sits, for details and diagnostics.
#[derive(Clone, Copy, Debug)]
pub struct Place<'a> {
    /// The variant whose fields these are, or `None` for a struct.
    pub variant: Option<&'a str>,
}

impl Place<'_> {
    fn label(&self, field: &str) -> String {
        match self.variant {
            Some(v) => format!("field `{field}` of variant `{v}`"),
            None => format!("field `{field}`"),
        }
    }

    fn element(&self, field: &str) -> Element {
        match self.variant {
            Some(v) => Element::VariantField(v.to_owned(), field.to_owned()),
            None => Element::Field(field.to_owned()),
        }
    }
}

/// Serde field-attribute keys, grouped by the rule that reads them.
const NAME_KEYS: &[&str] = &["rename", "rename.serialize", "rename.deserialize"];
const ALIAS_KEYS: &[&str] = &["alias"];
const DEFAULT_KEYS: &[&str] = &["default"];
const SKIP_KEYS: &[&str] = &["skip", "skip_serializing", "skip_deserializing"];
const SKIP_IF_KEYS: &[&str] = &["skip_serializing_if"];
const FLATTEN_KEYS: &[&str] = &["flatten"];
const WITH_KEYS: &[&str] = &["with", "serialize_with", "deserialize_with"];
/// Keys that change nothing on the wire (trait bounds, borrowing, remote getters).
const INERT_KEYS: &[&str] = &[
    "bound",
    "bound.serialize",
    "bound.deserialize",
    "borrow",
    "getter",
];
const GROUPS: &[&[&str]] = &[
    NAME_KEYS,
    ALIAS_KEYS,
    DEFAULT_KEYS,
    SKIP_KEYS,
    SKIP_IF_KEYS,
    FLATTEN_KEYS,
    WITH_KEYS,
    INERT_KEYS,
];

fn differs(a: &SerdeAttrs, b: &SerdeAttrs, keys: &[&str]) -> bool {
    keys.iter().any(|k| a.get(*k) != b.get(*k))
}

/// Pairs fields of two records: by Rust name, then by a wire name one of them reads,
/// then (a Rust rename) by type in declaration order.
fn pair<'r, 'a>(
    old: &'r Record<'a>,
    new: &'r Record<'a>,
) -> (
    Vec<(&'r WireField<'a>, &'r WireField<'a>)>,
    Vec<&'r WireField<'a>>,
    Vec<&'r WireField<'a>>,
) {
    let mut pairs = Vec::new();
    let mut removed: Vec<&WireField> = Vec::new();
    let mut added: Vec<&WireField> = new.fields.iter().collect();
    for o in &old.fields {
        match added.iter().position(|n| n.shape.name == o.shape.name) {
            Some(i) => pairs.push((o, added.remove(i))),
            None => removed.push(o),
        }
    }
    let mut by_wire: Vec<&WireField> = Vec::new();
    for o in removed {
        let found = added.iter().position(|n| {
            !old.by_position
                && !new.by_position
                && ((o.emit != Emit::Never && n.accepts(&o.ser))
                    || (n.emit != Emit::Never && o.accepts(&n.ser)))
        });
        match found {
            Some(i) => pairs.push((o, added.remove(i))),
            None => by_wire.push(o),
        }
    }
    let mut removed = Vec::new();
    for o in by_wire {
        match added.iter().position(|n| n.shape.ty == o.shape.ty) {
            Some(i) => pairs.push((o, added.remove(i))),
            None => removed.push(o),
        }
    }
    pairs.sort_by_key(|(o, _)| o.index);
    (pairs, removed, added)
}

/// What a change of naming rule (`rename_all`) does to the fields both records
/// share: keys old payloads carry that the new type no longer reads, and keys new
/// payloads carry that old readers do not read.
pub fn rename_breaks(old: &Record<'_>, new: &Record<'_>) -> WireBreaks {
    if old.by_position || new.by_position {
        return WireBreaks::NONE;
    }
    let mut breaks = WireBreaks::NONE;
    for o in &old.fields {
        if let Some(n) = new.fields.iter().find(|n| n.shape.name == o.shape.name) {
            breaks = breaks.or(name_breaks(old, new, o, n));
        }
    }
    breaks
}

/// Pushes the wire deltas between two records of one struct or variant.
pub fn compare_fields(cx: &mut Cx<'_>, old: &Record<'_>, new: &Record<'_>, place: Place<'_>) {
    let (pairs, removed, added) = pair(old, new);
    let reshaped = old.newtype != new.newtype;
    for n in added {
        field_added(cx, old, new, n, reshaped, place);
    }
    for o in removed {
        field_removed(cx, old, new, o, reshaped, place);
    }
    for (o, n) in &pairs {
        compare_pair(cx, old, new, o, n, place);
    }
    order(cx, old, new, &pairs, place);
}

/// A field only the new record has.
fn field_added(
    cx: &mut Cx<'_>,
    old: &Record<'_>,
    new: &Record<'_>,
    n: &WireField<'_>,
    reshaped: bool,
    place: Place<'_>,
) {
    let appended = n.index >= old.fields.len();
    let fills = n.has_default || new.container_default;
    let breaks = if !n.on_wire() {
        // Never written, never read: payloads do not change.
        WireBreaks::NONE
    } else if reshaped {
        // A newtype's payload is its value; a tuple's is a sequence: neither reads the other.
        WireBreaks::BOTH
    } else if new.by_position {
        // Old sequences are shorter (fine only for a defaulted tail); new ones are
        // longer than old readers expect.
        WireBreaks {
            backward: n.read && !(appended && fills),
            forward: n.emit != Emit::Never,
        }
    } else {
        // Old payloads lack the key; old readers that deny unknown fields reject it.
        WireBreaks {
            backward: n.required,
            forward: old.deny_unknown && n.emit != Emit::Never && !old.accepts(&n.ser),
        }
    };
    let kind = if n.required && n.on_wire() {
        DeltaKind::RequiredFieldAdded
    } else {
        DeltaKind::FieldAddedWithDefault
    };
    let delta = cx
        .wire(kind, place.label(&n.shape.name), breaks)
        .change("", render::field(n.shape))
        .at(place.element(&n.shape.name));
    cx.push(delta);
}

/// A field only the old record has.
fn field_removed(
    cx: &mut Cx<'_>,
    old: &Record<'_>,
    new: &Record<'_>,
    o: &WireField<'_>,
    reshaped: bool,
    place: Place<'_>,
) {
    if !o.on_wire() {
        return; // never on the wire: the API delta says it
    }
    let at_end = o.index >= new.fields.len();
    let fills = o.has_default || old.container_default;
    let breaks = if reshaped {
        WireBreaks::BOTH
    } else if old.by_position {
        // New readers see a longer (or shifted) old sequence; old readers miss an
        // element unless it was a defaulted tail.
        WireBreaks {
            backward: o.emit != Emit::Never,
            forward: o.read && !(at_end && fills),
        }
    } else {
        // New readers that deny unknown fields reject the old key; old readers that
        // require the field fail without it.
        let unknown =
            (o.emit != Emit::Never && !new.accepts(&o.ser)) || (o.read && !new.accepts(&o.de));
        WireBreaks {
            backward: new.deny_unknown && unknown,
            forward: o.required,
        }
    };
    let delta = cx
        .wire(DeltaKind::FieldRemoved, place.label(&o.shape.name), breaks)
        .change(render::field(o.shape), "")
        .at(place.element(&o.shape.name));
    cx.push(delta);
}

/// One version pair of a field, with the records around it.
struct Pair<'p, 'a> {
    old: &'p Record<'a>,
    new: &'p Record<'a>,
    o: &'p WireField<'a>,
    n: &'p WireField<'a>,
    label: String,
}

impl Pair<'_, '_> {
    fn differs(&self, keys: &[&str]) -> bool {
        differs(&self.o.shape.serde, &self.n.shape.serde, keys)
    }
}

/// What a rule found: the kind, the directions it breaks, the detail.
type Finding = (DeltaKind, WireBreaks, String);

/// The rules for a field present on both sides, each looking at one aspect.
const PAIR_RULES: &[fn(&Pair<'_, '_>) -> Option<Finding>] = &[
    wire_name,
    alias_added,
    alias_removed,
    retyped,
    default_change,
    skip_change,
    skip_if_change,
    flatten,
    with_change,
    inert,
    unknown,
];

/// Every difference between two versions of one field.
fn compare_pair(
    cx: &mut Cx<'_>,
    old: &Record<'_>,
    new: &Record<'_>,
    o: &WireField<'_>,
    n: &WireField<'_>,
    place: Place<'_>,
) {
    let pair = Pair {
        old,
        new,
        o,
        n,
        label: place.label(&n.shape.name),
    };
    for rule in PAIR_RULES {
        if let Some((kind, breaks, detail)) = rule(&pair) {
            let delta = cx
                .wire(kind, detail, breaks)
                .change(render::field(o.shape), render::field(n.shape))
                .at(place.element(&n.shape.name));
            cx.push(delta);
        }
    }
}

/// A Rust or serde rename that changes the wire name breaks the readers that look for
/// the other name; one that keeps it changes no payload. (Names the container's
/// `rename_all` explains are the container rule's to report.)
fn wire_name(p: &Pair<'_, '_>) -> Option<Finding> {
    let (o, n) = (p.o, p.n);
    if o.shape.name == n.shape.name && !p.differs(NAME_KEYS) {
        return None;
    }
    Some(if o.ser != n.ser || o.de != n.de {
        (
            DeltaKind::FieldWireNameChanged,
            name_breaks(p.old, p.new, o, n),
            format!("{}: written as `{}`, was `{}`", p.label, n.ser, o.ser),
        )
    } else {
        (
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            format!("{}: the wire name stays `{}`", p.label, n.ser),
        )
    })
}

/// A new alias only widens what readers accept.
fn alias_added(p: &Pair<'_, '_>) -> Option<Finding> {
    let gained = p.n.aliases.difference(&p.o.aliases).next()?;
    Some((
        DeltaKind::FieldAliasAdded,
        WireBreaks::NONE,
        format!("{}: alias `{gained}` added", p.label),
    ))
}

/// Payloads that used a lost alias (and that the old type read) no longer read.
fn alias_removed(p: &Pair<'_, '_>) -> Option<Finding> {
    let lost: Vec<&String> = p.o.aliases.difference(&p.n.aliases).collect();
    let first = lost.first()?;
    let unread = lost.iter().any(|a| !p.n.accepts(a));
    Some((
        DeltaKind::FieldAliasRemoved,
        WireBreaks::backward(!p.new.by_position && p.o.read && unread),
        format!("{}: alias `{first}` removed", p.label),
    ))
}

/// A reader of the new type must read what the old type wrote, and the reverse
/// (`shared::wire_types` knows which type changes serde survives).
fn retyped(p: &Pair<'_, '_>) -> Option<Finding> {
    let (o, n) = (p.o, p.n);
    if o.shape.ty == n.shape.ty {
        return None;
    }
    let narrowed = o
        .shape
        .ty
        .strip_prefix("Option<")
        .and_then(|t| t.strip_suffix('>'))
        == Some(n.shape.ty.as_str());
    let strict = p.old.strict_types || p.new.strict_types;
    Some((
        if narrowed {
            DeltaKind::FieldTypeNarrowed
        } else {
            DeltaKind::FieldTypeChanged
        },
        WireBreaks {
            backward: o.emit != Emit::Never && n.read && !reads(&o.shape.ty, &n.shape.ty, strict),
            forward: n.emit != Emit::Never && o.read && !reads(&n.shape.ty, &o.shape.ty, strict),
        },
        format!("{}: `{}` -> `{}`", p.label, o.shape.ty, n.shape.ty),
    ))
}

/// The value moves between its own key and its parent's keys.
fn flatten(p: &Pair<'_, '_>) -> Option<Finding> {
    p.differs(FLATTEN_KEYS).then(|| {
        (
            DeltaKind::FieldFlattenChanged,
            WireBreaks::BOTH,
            format!("{}: `flatten`", p.label),
        )
    })
}

/// Trait bounds, borrowing and remote getters do not change the payload.
fn inert(p: &Pair<'_, '_>) -> Option<Finding> {
    p.differs(INERT_KEYS).then(|| {
        (
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            format!("{}: trait bounds or borrowing (not on the wire)", p.label),
        )
    })
}

/// An attribute this model does not know: assume the payload changed.
fn unknown(p: &Pair<'_, '_>) -> Option<Finding> {
    let (os, ns) = (&p.o.shape.serde, &p.n.shape.serde);
    let key = os
        .keys()
        .chain(ns.keys())
        .filter(|k| !GROUPS.iter().any(|g| g.contains(&k.as_str())))
        .find(|k| os.get(*k) != ns.get(*k))?;
    Some((
        DeltaKind::SerdeAttributeChanged,
        WireBreaks::BOTH,
        format!("{}: `{key}` changed", p.label),
    ))
}

/// A field's own wire name changed: old payloads carry a key the new type does not
/// read, new payloads one old readers do not read (a required field then fails, an
/// optional one silently loses its value; both are breaks).
fn name_breaks(
    old: &Record<'_>,
    new: &Record<'_>,
    o: &WireField<'_>,
    n: &WireField<'_>,
) -> WireBreaks {
    if old.by_position || new.by_position {
        return WireBreaks::NONE; // names are not on a positional wire
    }
    WireBreaks {
        backward: (o.emit != Emit::Never && n.read && !n.accepts(&o.ser))
            || (o.read && n.read && !n.accepts(&o.de)),
        forward: n.emit != Emit::Never && o.read && !o.accepts(&n.ser),
    }
}

/// `#[serde(default)]` added lets readers accept payloads without the field; removed,
/// payloads without it (which the old type read) fail.
fn default_change(p: &Pair<'_, '_>) -> Option<Finding> {
    if !p.differs(DEFAULT_KEYS) {
        return None;
    }
    let label = &p.label;
    Some(match (p.o.has_default, p.n.has_default) {
        (false, true) => (
            DeltaKind::FieldDefaultAdded,
            WireBreaks::NONE,
            format!("{label}: `default` added"),
        ),
        (true, false) => (
            DeltaKind::FieldDefaultRemoved,
            WireBreaks::backward(p.n.required),
            format!("{label}: `default` removed"),
        ),
        _ => (
            DeltaKind::SerdeAttributeChanged,
            WireBreaks::NONE,
            format!("{label}: another default value (payloads still read)"),
        ),
    })
}

/// `skip*` changed: a field that stops being read drops what old payloads carry; one
/// that stops being written leaves old readers without it; one that comes onto the
/// wire is like an added field.
fn skip_change(p: &Pair<'_, '_>) -> Option<Finding> {
    if !p.differs(SKIP_KEYS) {
        return None;
    }
    let (old, new, o, n, label) = (p.old, p.new, p.o, p.n, &p.label);
    let stop_emit = o.emit != Emit::Never && n.emit == Emit::Never;
    let stop_read = o.read && !n.read;
    let start_emit = o.emit == Emit::Never && n.emit != Emit::Never;
    let start_read = !o.read && n.read;
    if old.by_position || new.by_position {
        // Skipping shifts every later element of the sequence.
        let moved = stop_emit || stop_read || start_emit || start_read;
        return Some((
            DeltaKind::FieldSkipped,
            if moved {
                WireBreaks::BOTH
            } else {
                WireBreaks::NONE
            },
            format!("{label}: `skip`"),
        ));
    }
    if stop_emit || stop_read {
        let breaks = WireBreaks {
            backward: stop_read && o.emit != Emit::Never,
            forward: stop_emit && o.read,
        };
        return Some((
            DeltaKind::FieldSkipped,
            breaks,
            format!(
                "{label}: no longer {}",
                if stop_read { "read" } else { "written" }
            ),
        ));
    }
    if start_emit || start_read {
        let breaks = WireBreaks {
            backward: start_read && n.required && o.emit == Emit::Never,
            forward: start_emit && old.deny_unknown && !old.accepts(&n.ser),
        };
        let kind = if breaks.backward {
            DeltaKind::RequiredFieldAdded
        } else {
            DeltaKind::FieldAddedWithDefault
        };
        return Some((
            kind,
            breaks,
            format!("{label}: now on the wire (`skip` removed)"),
        ));
    }
    Some((
        DeltaKind::SerdeAttributeChanged,
        WireBreaks::NONE,
        format!("{label}: `skip` spelled differently"),
    ))
}

/// `skip_serializing_if` added: the field is sometimes missing, which old readers
/// that require it reject; removed or changed, readers still read. Positional
/// formats cannot omit an element at all.
fn skip_if_change(p: &Pair<'_, '_>) -> Option<Finding> {
    if !p.differs(SKIP_IF_KEYS) {
        return None;
    }
    let (old, o, n, label) = (p.old, p.o, p.n, &p.label);
    let breaks = if old.by_position {
        WireBreaks::BOTH
    } else {
        WireBreaks::forward(o.emit == Emit::Always && n.emit == Emit::Sometimes && o.required)
    };
    Some((
        DeltaKind::SerdeAttributeChanged,
        breaks,
        format!("{label}: `skip_serializing_if`"),
    ))
}

/// Custom (de)serialisers are opaque: assume the side they replace changed.
fn with_change(p: &Pair<'_, '_>) -> Option<Finding> {
    if !p.differs(WITH_KEYS) {
        return None;
    }
    let (os, ns, label) = (&p.o.shape.serde, &p.n.shape.serde, &p.label);
    let both = os.get("with") != ns.get("with");
    let de = both || os.get("deserialize_with") != ns.get("deserialize_with");
    let ser = both || os.get("serialize_with") != ns.get("serialize_with");
    Some((
        DeltaKind::SerdeAttributeChanged,
        WireBreaks {
            backward: de,
            forward: ser,
        },
        format!("{label}: custom (de)serializer"),
    ))
}

/// The fields both records share appear in another order: positional payloads read
/// them into the wrong fields; keyed payloads do not care.
fn order(
    cx: &mut Cx<'_>,
    old: &Record<'_>,
    new: &Record<'_>,
    pairs: &[(&WireField<'_>, &WireField<'_>)],
    place: Place<'_>,
) {
    let mut by_new: Vec<&(&WireField, &WireField)> = pairs.iter().collect();
    by_new.sort_by_key(|(_, n)| n.index);
    let old_order: Vec<&str> = pairs.iter().map(|(o, _)| o.shape.name.as_str()).collect();
    let new_order: Vec<&str> = by_new.iter().map(|(o, _)| o.shape.name.as_str()).collect();
    if old_order == new_order {
        return;
    }
    let breaks = if old.by_position || new.by_position {
        WireBreaks::BOTH
    } else {
        WireBreaks::NONE
    };
    let what = match place.variant {
        Some(v) => format!("field order of variant `{v}`"),
        None => "field order".to_owned(),
    };
    let delta = cx
        .wire(DeltaKind::FieldOrderChanged, what, breaks)
        .change(old_order.join(", "), new_order.join(", "));
    cx.push(delta);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rename_rules_match_serde() {
        assert_eq!(Rule::Camel.field("retry_count"), "retryCount");
        assert_eq!(Rule::Pascal.field("retry_count"), "RetryCount");
        assert_eq!(Rule::Kebab.field("retry_count"), "retry-count");
        assert_eq!(Rule::ScreamingKebab.field("retry_count"), "RETRY-COUNT");
        assert_eq!(Rule::Snake.variant("NotFound"), "not_found");
        assert_eq!(Rule::Camel.variant("NotFound"), "notFound");
        assert_eq!(Rule::ScreamingSnake.variant("NotFound"), "NOT_FOUND");
        assert_eq!(Rule::Kebab.variant("NotFound"), "not-found");
        assert_eq!(Rule::Lower.variant("NotFound"), "notfound");
    }

    #[test]
    fn rules_split_by_side() {
        let mut attrs = SerdeAttrs::new();
        attrs.insert("rename_all".into(), "camelCase".into());
        attrs.insert("rename_all.deserialize".into(), "snake_case".into());
        assert_eq!(rules(&attrs, "rename_all"), (Rule::Camel, Rule::Snake));
    }
}
