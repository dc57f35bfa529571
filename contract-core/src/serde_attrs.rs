//! `#[serde(…)]` attributes as typed values, shaped after serde_derive's own
//! `internals/attr.rs`: names with a serialize and a deserialize side, rename rules,
//! defaults, alias sets, skips, flatten, tagging, `other`, `transparent`, …, and a map
//! of the keys this model does not know (compared as written).
//!
//! One reader ([`Entries`]) turns the attribute's `key = value` pairs into the typed
//! value, whether they come from source (extraction) or from a golden (JSON): the two
//! can never read an attribute differently. In a golden an attribute is a JSON object
//! of canonical keys: `"rename": "id"`, `"rename.serialize": "x"`, `"default": true`,
//! `"alias": ["a", "b"]`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A value given for serialization, deserialization, or both
/// (`rename = "x"` sets both; `rename(serialize = "x")` one).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Sides<T> {
    /// The serialize side.
    pub ser: Option<T>,
    /// The deserialize side.
    pub de: Option<T>,
}

impl<T> Default for Sides<T> {
    fn default() -> Self {
        Sides {
            ser: None,
            de: None,
        }
    }
}

impl<T: PartialEq> Sides<T> {
    /// Neither side is set.
    pub fn is_empty(&self) -> bool {
        self.ser.is_none() && self.de.is_none()
    }
}

/// A `rename_all` rule (serde's `RenameRule`).
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RenameRule {
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

const RULES: &[(&str, RenameRule)] = &[
    ("lowercase", RenameRule::Lower),
    ("UPPERCASE", RenameRule::Upper),
    ("PascalCase", RenameRule::Pascal),
    ("camelCase", RenameRule::Camel),
    ("snake_case", RenameRule::Snake),
    ("SCREAMING_SNAKE_CASE", RenameRule::ScreamingSnake),
    ("kebab-case", RenameRule::Kebab),
    ("SCREAMING-KEBAB-CASE", RenameRule::ScreamingKebab),
];

impl RenameRule {
    /// Parses a rule name as serde spells it.
    pub fn parse(s: &str) -> Option<RenameRule> {
        RULES.iter().find(|(n, _)| *n == s).map(|(_, r)| *r)
    }

    /// The rule's name as serde spells it.
    pub fn as_str(self) -> &'static str {
        RULES
            .iter()
            .find(|(_, r)| *r == self)
            .map_or("", |(n, _)| *n)
    }

    /// The wire name of a field named `field` (snake_case by convention).
    pub fn apply_to_field(self, field: &str) -> String {
        match self {
            RenameRule::Lower | RenameRule::Snake => field.to_owned(),
            RenameRule::Upper | RenameRule::ScreamingSnake => field.to_ascii_uppercase(),
            RenameRule::Pascal => {
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
            RenameRule::Camel => lower_first(&RenameRule::Pascal.apply_to_field(field)),
            RenameRule::Kebab => field.replace('_', "-"),
            RenameRule::ScreamingKebab => field.to_ascii_uppercase().replace('_', "-"),
        }
    }

    /// The wire name of a variant named `variant` (PascalCase by convention).
    pub fn apply_to_variant(self, variant: &str) -> String {
        match self {
            RenameRule::Pascal => variant.to_owned(),
            RenameRule::Lower => variant.to_ascii_lowercase(),
            RenameRule::Upper => variant.to_ascii_uppercase(),
            RenameRule::Camel => lower_first(variant),
            RenameRule::Snake => {
                let mut out = String::new();
                for (i, ch) in variant.char_indices() {
                    if i > 0 && ch.is_uppercase() {
                        out.push('_');
                    }
                    out.push(ch.to_ascii_lowercase());
                }
                out
            }
            RenameRule::ScreamingSnake => RenameRule::Snake
                .apply_to_variant(variant)
                .to_ascii_uppercase(),
            RenameRule::Kebab => RenameRule::Snake
                .apply_to_variant(variant)
                .replace('_', "-"),
            RenameRule::ScreamingKebab => RenameRule::ScreamingSnake
                .apply_to_variant(variant)
                .replace('_', "-"),
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

/// `#[serde(default)]` / `#[serde(default = "path")]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SerdeDefault {
    /// No default.
    #[default]
    None,
    /// `Default::default()`.
    Default,
    /// A function path.
    Path(String),
}

impl SerdeDefault {
    /// Missing values are filled.
    pub fn is_some(&self) -> bool {
        !matches!(self, SerdeDefault::None)
    }
}

/// Serde attributes of a struct or enum.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ContainerSerde {
    /// `rename`: the type's own name (not in self-describing payloads).
    pub rename: Sides<String>,
    /// `rename_all`.
    pub rename_all: Sides<RenameRule>,
    /// `rename_all_fields` (enums: the fields of struct variants).
    pub rename_all_fields: Sides<RenameRule>,
    /// `deny_unknown_fields`.
    pub deny_unknown_fields: bool,
    /// `default`.
    pub default: SerdeDefault,
    /// `tag = "…"`.
    pub tag: Option<String>,
    /// `content = "…"`.
    pub content: Option<String>,
    /// `untagged`.
    pub untagged: bool,
    /// `transparent`.
    pub transparent: bool,
    /// `from = "Type"`.
    pub from: Option<String>,
    /// `try_from = "Type"`.
    pub try_from: Option<String>,
    /// `into = "Type"`.
    pub into: Option<String>,
    /// `remote = "Type"`.
    pub remote: Option<String>,
    /// `bound`: trait bounds of the impls (not on the wire).
    pub bound: Sides<String>,
    /// `crate = "…"` (not on the wire).
    pub krate: Option<String>,
    /// `expecting = "…"` (error text, not on the wire).
    pub expecting: Option<String>,
    /// `variant_identifier`.
    pub variant_identifier: bool,
    /// `field_identifier`.
    pub field_identifier: bool,
    /// Keys this model does not know, as written (`""` for a flag).
    pub unknown: BTreeMap<String, String>,
}

/// Serde attributes of a field.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FieldSerde {
    /// `rename`.
    pub rename: Sides<String>,
    /// `alias`es (read only).
    pub aliases: BTreeSet<String>,
    /// `default`.
    pub default: SerdeDefault,
    /// `skip_serializing` (or `skip`).
    pub skip_serializing: bool,
    /// `skip_deserializing` (or `skip`).
    pub skip_deserializing: bool,
    /// `skip_serializing_if = "path"`.
    pub skip_serializing_if: Option<String>,
    /// `serialize_with` (or `with = "m"`: `m::serialize`).
    pub serialize_with: Option<String>,
    /// `deserialize_with` (or `with = "m"`: `m::deserialize`).
    pub deserialize_with: Option<String>,
    /// `flatten`.
    pub flatten: bool,
    /// `borrow` (`""` for the flag, or the lifetimes; not on the wire).
    pub borrow: Option<String>,
    /// `bound` (not on the wire).
    pub bound: Sides<String>,
    /// `getter` (remote derives; not on the wire).
    pub getter: Option<String>,
    /// Keys this model does not know, as written (`""` for a flag).
    pub unknown: BTreeMap<String, String>,
}

/// Serde attributes of an enum variant.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VariantSerde {
    /// `rename`.
    pub rename: Sides<String>,
    /// `alias`es (read only).
    pub aliases: BTreeSet<String>,
    /// `rename_all` (the variant's fields).
    pub rename_all: Sides<RenameRule>,
    /// `skip_serializing` (or `skip`).
    pub skip_serializing: bool,
    /// `skip_deserializing` (or `skip`).
    pub skip_deserializing: bool,
    /// `other`: reads every unknown tag.
    pub other: bool,
    /// `untagged` on the variant.
    pub untagged: bool,
    /// `serialize_with` (or `with`).
    pub serialize_with: Option<String>,
    /// `deserialize_with` (or `with`).
    pub deserialize_with: Option<String>,
    /// `bound` (not on the wire).
    pub bound: Sides<String>,
    /// `borrow` (not on the wire).
    pub borrow: Option<String>,
    /// Keys this model does not know, as written (`""` for a flag).
    pub unknown: BTreeMap<String, String>,
}

/// One `key = value` of a `#[serde(…)]` attribute, nested keys dotted
/// (`rename(serialize = "x")` is `rename.serialize`); `value` is `None` for a flag.
pub type Entry = (String, Option<String>);

/// Reading and writing an attribute as its entries.
pub trait Entries: Default + PartialEq {
    /// Applies one entry.
    fn apply(&mut self, key: &str, value: Option<String>);
    /// The canonical entries, sorted by key.
    fn entries(&self) -> Vec<Entry>;

    /// The attribute of these entries.
    fn from_entries(entries: impl IntoIterator<Item = Entry>) -> Self {
        let mut out = Self::default();
        for (key, value) in entries {
            out.apply(&key, value);
        }
        out
    }

    /// No entries at all (without building them: every golden write asks).
    fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

fn set_side(sides: &mut Sides<String>, key: &str, value: Option<String>) -> bool {
    let value = value.unwrap_or_default();
    match key.rsplit_once('.').map(|(_, side)| side) {
        None => {
            sides.ser = Some(value.clone());
            sides.de = Some(value);
        }
        Some("serialize") => sides.ser = Some(value),
        Some("deserialize") => sides.de = Some(value),
        Some(_) => return false,
    }
    true
}

fn set_rule(
    sides: &mut Sides<RenameRule>,
    key: &str,
    value: &Option<String>,
    unknown: &mut BTreeMap<String, String>,
) {
    // A key says one thing, the last given. Rules and a rule serde does not know
    // (which serde rejects: kept as written) replace each other whole: kept side by
    // side, the canonical entries could hold one key twice, or read back otherwise.
    let head = key.split('.').next().unwrap_or(key);
    let rule = value.as_deref().and_then(RenameRule::parse);
    let side = key.rsplit_once('.').map(|(_, side)| side);
    match (rule, side) {
        (Some(rule), None | Some("serialize") | Some("deserialize")) => {
            if side != Some("deserialize") {
                sides.ser = Some(rule);
            }
            if side != Some("serialize") {
                sides.de = Some(rule);
            }
            let dotted = format!("{head}.");
            unknown.retain(|k, _| k != head && !k.starts_with(&dotted));
        }
        _ => {
            *sides = Sides::default();
            unknown.insert(key.to_owned(), value.clone().unwrap_or_default());
        }
    }
}

fn put_sides<T: Clone + PartialEq>(
    out: &mut Vec<Entry>,
    key: &str,
    sides: &Sides<T>,
    show: impl Fn(&T) -> String,
) {
    match (&sides.ser, &sides.de) {
        (Some(a), Some(b)) if a == b => out.push((key.to_owned(), Some(show(a)))),
        (ser, de) => {
            if let Some(v) = ser {
                out.push((format!("{key}.serialize"), Some(show(v))));
            }
            if let Some(v) = de {
                out.push((format!("{key}.deserialize"), Some(show(v))));
            }
        }
    }
}

fn put_flag(out: &mut Vec<Entry>, key: &str, on: bool) {
    if on {
        out.push((key.to_owned(), None));
    }
}

fn put_opt(out: &mut Vec<Entry>, key: &str, value: &Option<String>) {
    if let Some(v) = value {
        out.push((key.to_owned(), Some(v.clone())));
    }
}

fn put_default(out: &mut Vec<Entry>, default: &SerdeDefault) {
    match default {
        SerdeDefault::None => {}
        SerdeDefault::Default => out.push(("default".to_owned(), None)),
        SerdeDefault::Path(p) => out.push(("default".to_owned(), Some(p.clone()))),
    }
}

fn put_unknown(out: &mut Vec<Entry>, unknown: &BTreeMap<String, String>) {
    for (k, v) in unknown {
        out.push((k.clone(), (!v.is_empty()).then(|| v.clone())));
    }
}

fn read_default(value: Option<String>) -> SerdeDefault {
    match value {
        None => SerdeDefault::Default,
        Some(p) if p.is_empty() => SerdeDefault::Default,
        Some(p) => SerdeDefault::Path(p),
    }
}

/// A path or type written in an attribute's string without the spaces a token printer
/// puts between tokens (`:: serde_with :: As :: < T >` is `::serde_with::As::<T>`), a
/// space kept only between two words (`dyn Trait`).
pub fn squeeze(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            pending_space = true;
            continue;
        }
        let word = |c: char| c.is_alphanumeric() || c == '_' || c == '\'';
        if pending_space && out.chars().last().is_some_and(word) && word(c) {
            out.push(' ');
        }
        pending_space = false;
        out.push(c);
    }
    out
}

/// `with = "m"` is `serialize_with = "m::serialize"` plus
/// `deserialize_with = "m::deserialize"`, as serde expands it.
fn set_with(
    ser: &mut Option<String>,
    de: &mut Option<String>,
    key: &str,
    value: Option<String>,
) -> bool {
    // Spelled as a token printer spells it or by hand, one path.
    let value = squeeze(&value.unwrap_or_default());
    match key {
        "with" => {
            *ser = Some(format!("{value}::serialize"));
            *de = Some(format!("{value}::deserialize"));
        }
        "serialize_with" => *ser = Some(value),
        "deserialize_with" => *de = Some(value),
        _ => return false,
    }
    true
}

fn sort(mut out: Vec<Entry>) -> Vec<Entry> {
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

fn unknown_insert(unknown: &mut BTreeMap<String, String>, key: &str, value: Option<String>) {
    let value = value.unwrap_or_default();
    match unknown.get_mut(key) {
        // A repeated key this model does not know: keep every value, in order given.
        Some(existing) => {
            existing.push_str(", ");
            existing.push_str(&value);
        }
        None => {
            unknown.insert(key.to_owned(), value);
        }
    }
}

/// Sets a flag; the key was understood.
fn on(flag: &mut bool) -> bool {
    *flag = true;
    true
}

/// Sets a value; the key was understood.
fn put(slot: &mut Option<String>, value: &Option<String>) -> bool {
    slot.clone_from(value);
    true
}

/// The keys fields and variants share (`rename`, `alias`, `skip*`, `*with`, `bound`,
/// `borrow`): applies `$key` to the struct `$s` when it is one of them, and says
/// whether it was. A macro over both structs' fields of those names.
macro_rules! apply_member {
    ($s:expr, $key:expr, $value:expr) => {{
        let (s, key, value) = ($s, $key, $value);
        let head = key.split('.').next().unwrap_or(key);
        match head {
            "rename" => set_side(&mut s.rename, key, value.clone()),
            "bound" => set_side(&mut s.bound, key, value.clone()),
            _ if key.contains('.') => false,
            "alias" => {
                s.aliases.insert(value.clone().unwrap_or_default());
                true
            }
            "skip" => on(&mut s.skip_serializing) && on(&mut s.skip_deserializing),
            "skip_serializing" => on(&mut s.skip_serializing),
            "skip_deserializing" => on(&mut s.skip_deserializing),
            "with" | "serialize_with" | "deserialize_with" => set_with(
                &mut s.serialize_with,
                &mut s.deserialize_with,
                key,
                value.clone(),
            ),
            "borrow" => put(&mut s.borrow, &Some(value.clone().unwrap_or_default())),
            _ => false,
        }
    }};
}

/// The canonical entries of the keys [`apply_member!`] reads.
macro_rules! member_entries {
    ($s:expr, $out:expr) => {{
        let (s, out) = ($s, $out);
        put_sides(out, "rename", &s.rename, String::clone);
        for alias in &s.aliases {
            out.push(("alias".to_owned(), Some(alias.clone())));
        }
        match (s.skip_serializing, s.skip_deserializing) {
            (true, true) => put_flag(out, "skip", true),
            (ser, de) => {
                put_flag(out, "skip_serializing", ser);
                put_flag(out, "skip_deserializing", de);
            }
        }
        put_opt(out, "serialize_with", &s.serialize_with);
        put_opt(out, "deserialize_with", &s.deserialize_with);
        put_sides(out, "bound", &s.bound, String::clone);
        if let Some(b) = &s.borrow {
            out.push(("borrow".to_owned(), (!b.is_empty()).then(|| b.clone())));
        }
    }};
}

impl Entries for ContainerSerde {
    fn apply(&mut self, key: &str, value: Option<String>) {
        let head = key.split('.').next().unwrap_or(key);
        let ok = match head {
            "rename" => set_side(&mut self.rename, key, value.clone()),
            "rename_all" => {
                set_rule(&mut self.rename_all, key, &value, &mut self.unknown);
                true
            }
            "rename_all_fields" => {
                set_rule(&mut self.rename_all_fields, key, &value, &mut self.unknown);
                true
            }
            "bound" => set_side(&mut self.bound, key, value.clone()),
            _ if key.contains('.') => false,
            "deny_unknown_fields" => on(&mut self.deny_unknown_fields),
            "default" => {
                self.default = read_default(value.clone());
                true
            }
            "tag" => put(&mut self.tag, &value),
            "content" => put(&mut self.content, &value),
            "untagged" => on(&mut self.untagged),
            "transparent" => on(&mut self.transparent),
            "from" => put(&mut self.from, &value),
            "try_from" => put(&mut self.try_from, &value),
            "into" => put(&mut self.into, &value),
            "remote" => put(&mut self.remote, &value),
            "crate" => put(&mut self.krate, &value),
            "expecting" => put(&mut self.expecting, &value),
            "variant_identifier" => on(&mut self.variant_identifier),
            "field_identifier" => on(&mut self.field_identifier),
            _ => false,
        };
        if !ok {
            unknown_insert(&mut self.unknown, key, value);
        }
    }

    fn entries(&self) -> Vec<Entry> {
        let mut out = Vec::new();
        let rule = |r: &RenameRule| r.as_str().to_owned();
        put_sides(&mut out, "rename", &self.rename, String::clone);
        put_sides(&mut out, "rename_all", &self.rename_all, rule);
        put_sides(&mut out, "rename_all_fields", &self.rename_all_fields, rule);
        put_flag(&mut out, "deny_unknown_fields", self.deny_unknown_fields);
        put_default(&mut out, &self.default);
        put_opt(&mut out, "tag", &self.tag);
        put_opt(&mut out, "content", &self.content);
        put_flag(&mut out, "untagged", self.untagged);
        put_flag(&mut out, "transparent", self.transparent);
        put_opt(&mut out, "from", &self.from);
        put_opt(&mut out, "try_from", &self.try_from);
        put_opt(&mut out, "into", &self.into);
        put_opt(&mut out, "remote", &self.remote);
        put_sides(&mut out, "bound", &self.bound, String::clone);
        put_opt(&mut out, "crate", &self.krate);
        put_opt(&mut out, "expecting", &self.expecting);
        put_flag(&mut out, "variant_identifier", self.variant_identifier);
        put_flag(&mut out, "field_identifier", self.field_identifier);
        put_unknown(&mut out, &self.unknown);
        sort(out)
    }
}

impl Entries for FieldSerde {
    fn apply(&mut self, key: &str, value: Option<String>) {
        let ok = apply_member!(&mut *self, key, &value)
            || match key {
                "default" => {
                    self.default = read_default(value.clone());
                    true
                }
                "skip_serializing_if" => put(&mut self.skip_serializing_if, &value),
                "flatten" => on(&mut self.flatten),
                "getter" => put(&mut self.getter, &value),
                _ => false,
            };
        if !ok {
            unknown_insert(&mut self.unknown, key, value);
        }
    }

    fn entries(&self) -> Vec<Entry> {
        let mut out = Vec::new();
        member_entries!(self, &mut out);
        put_default(&mut out, &self.default);
        put_opt(&mut out, "skip_serializing_if", &self.skip_serializing_if);
        put_flag(&mut out, "flatten", self.flatten);
        put_opt(&mut out, "getter", &self.getter);
        put_unknown(&mut out, &self.unknown);
        sort(out)
    }
}

impl Entries for VariantSerde {
    fn apply(&mut self, key: &str, value: Option<String>) {
        let ok = apply_member!(&mut *self, key, &value)
            || match key {
                "rename_all" | "rename_all.serialize" | "rename_all.deserialize" => {
                    set_rule(&mut self.rename_all, key, &value, &mut self.unknown);
                    true
                }
                // Flags. An argument given is kept as written, in place of the flag (the
                // last one wins); `""` is the flag, as a golden writes a flag kept as
                // written (`"other": true`).
                "other" | "untagged" => {
                    let on = value.as_deref().is_none_or(str::is_empty);
                    if key == "other" {
                        self.other = on;
                    } else {
                        self.untagged = on;
                    }
                    if on {
                        self.unknown.remove(key);
                    } else {
                        self.unknown
                            .insert(key.to_owned(), value.clone().unwrap_or_default());
                    }
                    true
                }
                _ => false,
            };
        if !ok {
            unknown_insert(&mut self.unknown, key, value);
        }
    }

    fn entries(&self) -> Vec<Entry> {
        let mut out = Vec::new();
        member_entries!(self, &mut out);
        put_sides(&mut out, "rename_all", &self.rename_all, |r| {
            r.as_str().to_owned()
        });
        put_flag(&mut out, "other", self.other);
        put_flag(&mut out, "untagged", self.untagged);
        put_unknown(&mut out, &self.unknown);
        sort(out)
    }
}

/// The `#[serde(…)]` text of `entries`, for messages: `#[serde(rename = "x", default)]`.
pub fn attribute_text(entries: &[Entry]) -> String {
    if entries.is_empty() {
        return String::new();
    }
    let args: Vec<String> = entries
        .iter()
        .map(|(k, v)| match v {
            None => k.clone(),
            Some(v) => {
                // `rename.serialize` is written `rename(serialize = …)`.
                match k.split_once('.') {
                    Some((head, side)) => format!("{head}({side} = {v:?})"),
                    None => format!("{k} = {v:?}"),
                }
            }
        })
        .collect();
    format!("#[serde({})]", args.join(", "))
}

// ---- JSON: an object of canonical entries -----------------------------------------

fn serialize_entries<S: Serializer>(entries: &[Entry], s: S) -> Result<S::Ok, S::Error> {
    // Keys repeat only for `alias`: grouped into one array.
    let mut grouped: BTreeMap<&str, Vec<&Option<String>>> = BTreeMap::new();
    for (k, v) in entries {
        grouped.entry(k.as_str()).or_default().push(v);
    }
    let mut map = s.serialize_map(Some(grouped.len()))?;
    for (k, values) in grouped {
        // (A flag `alias`, which only a container can have, is kept as written: a
        // flag, not an empty list, which would read back as nothing.)
        if k == "alias" && values.iter().all(|v| v.is_some()) {
            let list: Vec<&str> = values.iter().filter_map(|v| v.as_deref()).collect();
            map.serialize_entry(k, &list)?;
        } else {
            match values.last().copied() {
                Some(Some(v)) => map.serialize_entry(k, v)?,
                _ => map.serialize_entry(k, &true)?,
            }
        }
    }
    map.end()
}

fn deserialize_entries<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Entry>, D::Error> {
    struct V;
    impl<'de> Visitor<'de> for V {
        type Value = Vec<Entry>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an object of serde attribute arguments")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Vec<Entry>, A::Error> {
            #[derive(Deserialize)]
            #[serde(untagged)]
            enum Arg {
                Flag(bool),
                Value(String),
                List(Vec<String>),
            }
            let mut out = Vec::new();
            while let Some((key, arg)) = map.next_entry::<String, Arg>()? {
                match arg {
                    Arg::Flag(true) => out.push((key, None)),
                    Arg::Flag(false) => {
                        return Err(serde::de::Error::custom(format!(
                            "serde attribute `{key}`: a flag is written `true`"
                        )))
                    }
                    Arg::Value(v) => out.push((key, Some(v))),
                    Arg::List(list) => out.extend(list.into_iter().map(|v| (key.clone(), Some(v)))),
                }
            }
            Ok(out)
        }
    }
    d.deserialize_map(V)
}

macro_rules! entries_serde {
    ($ty:ty) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                serialize_entries(&self.entries(), s)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let entries = deserialize_entries(d)?;
                let value = <$ty>::from_entries(entries.clone());
                // Only the canonical spelling reads back: a golden that says the same
                // thing twice, or in another words, was not written by contract-pin.
                if value.entries() != sort(entries) {
                    return Err(serde::de::Error::custom(
                        "serde attributes not in canonical form (regenerate the golden)",
                    ));
                }
                Ok(value)
            }
        }
    };
}

entries_serde!(ContainerSerde);
entries_serde!(FieldSerde);
entries_serde!(VariantSerde);

#[cfg(test)]
mod tests {
    use super::*;

    fn e(k: &str, v: Option<&str>) -> Entry {
        (k.to_owned(), v.map(str::to_owned))
    }

    #[test]
    fn rename_rules_match_serde() {
        assert_eq!(
            RenameRule::Camel.apply_to_field("retry_count"),
            "retryCount"
        );
        assert_eq!(
            RenameRule::Pascal.apply_to_field("retry_count"),
            "RetryCount"
        );
        assert_eq!(
            RenameRule::Kebab.apply_to_field("retry_count"),
            "retry-count"
        );
        assert_eq!(
            RenameRule::ScreamingKebab.apply_to_field("retry_count"),
            "RETRY-COUNT"
        );
        assert_eq!(RenameRule::Snake.apply_to_variant("NotFound"), "not_found");
        assert_eq!(RenameRule::Camel.apply_to_variant("NotFound"), "notFound");
        assert_eq!(
            RenameRule::ScreamingSnake.apply_to_variant("NotFound"),
            "NOT_FOUND"
        );
        assert_eq!(RenameRule::Kebab.apply_to_variant("NotFound"), "not-found");
        assert_eq!(RenameRule::Lower.apply_to_variant("NotFound"), "notfound");
        for (name, rule) in RULES {
            assert_eq!(RenameRule::parse(name), Some(*rule));
            assert_eq!(rule.as_str(), *name);
        }
    }

    #[test]
    fn with_is_its_two_sides_and_skip_its_two_flags() {
        let a = FieldSerde::from_entries([e("with", Some("m")), e("skip", None)]);
        let b = FieldSerde::from_entries([
            e("serialize_with", Some("m::serialize")),
            e("deserialize_with", Some("m::deserialize")),
            e("skip_serializing", None),
            e("skip_deserializing", None),
        ]);
        assert_eq!(a, b);
    }

    #[test]
    fn sides_split_and_join() {
        let c = ContainerSerde::from_entries([
            e("rename_all", Some("camelCase")),
            e("rename_all.deserialize", Some("snake_case")),
        ]);
        assert_eq!(c.rename_all.ser, Some(RenameRule::Camel));
        assert_eq!(c.rename_all.de, Some(RenameRule::Snake));
        let f = FieldSerde::from_entries([e("rename", Some("x"))]);
        assert_eq!(f.entries(), vec![e("rename", Some("x"))]);
    }

    #[test]
    fn unknown_keys_and_rules_are_kept_as_written() {
        let c =
            ContainerSerde::from_entries([e("rename_all", Some("Weird")), e("future_key", None)]);
        assert_eq!(
            c.unknown.get("rename_all").map(String::as_str),
            Some("Weird")
        );
        assert_eq!(c.unknown.get("future_key").map(String::as_str), Some(""));
        let v = VariantSerde::from_entries([e("other", Some("x"))]);
        assert!(!v.other);
        assert_eq!(v.unknown.get("other").map(String::as_str), Some("x"));
    }

    /// Found by the structure-aware fuzz target `typed_model`: one key written twice
    /// (a rule serde does not know, then one it knows; a flag, then an argument) made
    /// canonical entries with a repeated key, which no golden can hold, and `other =
    /// ""` read back as the flag `other`. A key now says one thing, the last given.
    #[test]
    fn a_key_given_twice_says_the_last_thing_and_reads_back() {
        let c = ContainerSerde::from_entries([
            e("rename_all", Some("Weird")),
            e("rename_all", Some("camelCase")),
        ]);
        assert_eq!(c.rename_all.ser, Some(RenameRule::Camel));
        assert!(c.unknown.is_empty(), "{c:?}");
        let c = ContainerSerde::from_entries([
            e("rename_all.deserialize", Some("Weird")),
            e("rename_all", Some("camelCase")),
        ]);
        assert_eq!(c.rename_all.de, Some(RenameRule::Camel));
        assert!(c.unknown.is_empty(), "{c:?}");
        let c = ContainerSerde::from_entries([
            e("rename_all", Some("camelCase")),
            e("rename_all.serialize", Some("Odd")),
        ]);
        assert_eq!(c.rename_all, Sides::default());
        assert_eq!(c.unknown.len(), 1, "{c:?}");
        let c = ContainerSerde::from_entries([
            e("rename_all", Some("camelCase")),
            e("rename_all", Some("Weird")),
        ]);
        assert_eq!(c.rename_all, Sides::default());
        let v = VariantSerde::from_entries([e("other", Some("x")), e("other", None)]);
        assert!(v.other && v.unknown.is_empty(), "{v:?}");
        let v = VariantSerde::from_entries([e("untagged", None), e("untagged", Some("x"))]);
        assert!(!v.untagged && v.unknown.len() == 1, "{v:?}");
        let v = VariantSerde::from_entries([e("other", Some(""))]);
        assert!(v.other, "{v:?}");
        for (i, entries) in [
            vec![
                e("rename_all", Some("Weird")),
                e("rename_all", Some("camelCase")),
            ],
            vec![
                e("rename_all.deserialize", Some("Weird")),
                e("rename_all", Some("camelCase")),
                e("rename_all.serialize", Some("Odd")),
            ],
            vec![
                e("rename_all_fields", Some("snake_case")),
                e("rename_all_fields.serialize", Some("x")),
            ],
            vec![
                e("rename_all.deserialize", Some("")),
                e("rename_all", Some("camelCase")),
            ],
            vec![
                e("rename_all.x", Some("camelCase")),
                e("rename_all.serialize", Some("camelCase")),
            ],
            vec![
                e("rename_all.deserialize", Some("camelCase")),
                e("rename_all.serialize", Some("kebab-case")),
            ],
        ]
        .into_iter()
        .enumerate()
        {
            let c = ContainerSerde::from_entries(entries);
            let keys: Vec<String> = c.entries().into_iter().map(|(k, _)| k).collect();
            let mut unique = keys.clone();
            unique.dedup();
            assert_eq!(keys, unique, "case {i}");
            let json = serde_json::to_string(&c).unwrap();
            assert_eq!(
                serde_json::from_str::<ContainerSerde>(&json).unwrap(),
                c,
                "{json}"
            );
        }
        // `alias` is a key a container does not know: as a flag, it stays one.
        let c = ContainerSerde::from_entries([e("alias", None)]);
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(json, r#"{"alias":true}"#);
        assert_eq!(serde_json::from_str::<ContainerSerde>(&json).unwrap(), c);
        for entries in [
            vec![e("other", Some("x")), e("other", None)],
            vec![
                e("untagged", Some("")),
                e("rename_all", Some("Weird")),
                e("rename_all", Some("camelCase")),
            ],
        ] {
            let v = VariantSerde::from_entries(entries);
            let json = serde_json::to_string(&v).unwrap();
            assert_eq!(
                serde_json::from_str::<VariantSerde>(&json).unwrap(),
                v,
                "{json}"
            );
        }
    }

    #[test]
    fn json_round_trips_and_only_the_canonical_form_reads() {
        let f = FieldSerde::from_entries([
            e("alias", Some("b")),
            e("alias", Some("a")),
            e("default", None),
            e("rename", Some("id")),
        ]);
        let json = serde_json::to_string(&f).unwrap();
        assert_eq!(json, r#"{"alias":["a","b"],"default":true,"rename":"id"}"#);
        let back: FieldSerde = serde_json::from_str(&json).unwrap();
        assert_eq!(back, f);
        assert!(serde_json::from_str::<FieldSerde>(r#"{"with":"m"}"#).is_err());
        assert!(serde_json::from_str::<FieldSerde>(r#"{"default":false}"#).is_err());
    }
}
