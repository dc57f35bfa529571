//! The policy file: `contract-pin.toml` at the workspace root.
//!
//! ```toml
//! # Every key is optional. Top-level keys apply to every set; a `[set.NAME]` table
//! # overrides them for that set, key by key.
//! axes = ["api", "wire"]           # the axes whose breaks fail (default: both)
//! wire_direction = "backward"      # backward (default) | forward | full
//! wire_format = "self_describing"  # self_describing (default) | positional
//! doc_hidden_is_api = false        # #[doc(hidden)] items are public API (default: not)
//!
//! [overrides]                      # a delta kind's class: "additive" | "breaking"
//! field_order_changed = "breaking"
//!
//! [directive]                      # the words of the breaking directive
//! record = "Amend the ADR under docs/adr/ to record the break"
//!
//! [set.api]
//! public_api = true                # pin every item a consumer can name (no attributes)
//! wire_vouched = ["schema::Kind"]  # serde impls written by hand, vouched for
//! features = ["std", "serde"]      # the features it covers besides the defaults
//!                                  # (default: every one not named unstable or private)
//!
//! [set.billing]
//! wire_direction = "full"
//! overrides = { variant_added = "additive" }
//! directive.title = "BILLING CONTRACT MISMATCH"
//! ```
//!
//! This crate does no I/O: the shells find the file ([`workspace_root`] with a reader
//! they pass) and read it; [`parse`] turns its text into a [`PolicyFile`], which gives
//! each set's [`Policy`] and says where each value came from ([`PolicyFile::explain`]).
//! Unknown keys are errors, and every error names the key and its line.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Component, Path, PathBuf};

use toml_span::value::{Key, Table};
use toml_span::Value;

use super::{DirectiveText, Policy, WireDirection, WireFormat};
use crate::delta::{Axis, Class, DeltaKind};
use crate::env;
use crate::golden;

/// The policy file's name, in the workspace root.
pub const FILE_NAME: &str = "contract-pin.toml";

/// The keys of a settings table (the top level, or a `[set.NAME]` table).
const SETTING_KEYS: &[&str] = &[
    "axes",
    "wire_direction",
    "wire_format",
    "doc_hidden_is_api",
    "overrides",
    "directive",
];

/// The keys only a `[set.NAME]` table has: what the set *is*, not how it is judged.
const SET_ONLY_KEYS: &[&str] = &["public_api", "wire_vouched", "features"];

/// The keys of a `directive` table.
const DIRECTIVE_KEYS: &[&str] = &["title", "ship_line", "record", "reference"];

/// A value and the line of its key.
#[derive(Clone, Debug, PartialEq, Eq)]
struct At<T> {
    value: T,
    line: usize,
}

/// What one settings table says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Layer {
    axes: Option<At<Vec<Axis>>>,
    wire_direction: Option<At<WireDirection>>,
    wire_format: Option<At<WireFormat>>,
    doc_hidden_is_api: Option<At<bool>>,
    overrides: BTreeMap<DeltaKind, At<Class>>,
    /// By [`DIRECTIVE_KEYS`] position.
    directive: [Option<At<String>>; 4],
    /// `public_api = true` (a `[set.NAME]` table only).
    public_api: Option<At<bool>>,
    /// `wire_vouched = [...]` (a `[set.NAME]` table only): the set's types whose serde
    /// impls are written by hand and whose wire form the team vouches for.
    wire_vouched: Option<At<Vec<String>>>,
    /// `features = [...]` (a public-API set's table only): the Cargo features the set
    /// covers besides the defaults.
    features: Option<At<Vec<String>>>,
}

/// A parsed policy file. [`PolicyFile::default`] is the file that is not there: every
/// set gets [`Policy::default`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PolicyFile {
    /// The top-level settings: every set's.
    all: Layer,
    /// `[set.NAME]` tables, with the line of their name.
    sets: BTreeMap<String, (usize, Layer)>,
}

/// Where a value of a set's policy came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The documented default.
    Default,
    /// The policy file, at this 1-based line.
    File {
        /// The line of the key.
        line: usize,
    },
}

/// One value of a set's policy and where it came from, for `contract-pin policy`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    /// The key as the file spells it: `wire_direction`, `overrides.variant_added`,
    /// `directive.title`.
    pub key: String,
    /// The value: a string, a boolean, a list of strings, or null (no closing
    /// reference).
    pub value: crate::json::Value,
    /// Where it came from.
    pub source: Source,
}

/// A policy file that cannot be used: the key and where it is, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The dotted key (`set.phase5.wire_direction`); empty for a TOML syntax error.
    pub key: String,
    /// What is wrong, and what is accepted.
    pub message: String,
    /// The file's other errors, in file order: every one is reported in one run, as
    /// the attribute's arguments are.
    pub more: Vec<PolicyError>,
}

impl PolicyError {
    /// `file:line:column: message`, the form compilers and editors link; one line for
    /// this error and one for each of [`PolicyError::more`].
    pub fn located(&self, file: &str) -> String {
        let mut out = format!("{file}:{}:{}: {self}", self.line, self.column);
        for other in &self.more {
            out.push('\n');
            out.push_str(&other.located(file));
        }
        out
    }
}

impl fmt::Display for PolicyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.key.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "`{}`: {}", self.key, self.message)
        }
    }
}

impl std::error::Error for PolicyError {}

/// Parses the text of a policy file. The first error in the file is returned, with
/// every other one in [`PolicyError::more`].
pub fn parse(text: &str) -> Result<PolicyFile, PolicyError> {
    let doc = toml_span::parse(text).map_err(|e| {
        let (line, column) = line_column(text, e.span.start);
        PolicyError {
            line,
            column,
            key: String::new(),
            message: format!("not valid TOML: {}", e.to_string().trim_end()),
            more: Vec::new(),
        }
    })?;
    let empty = Table::new();
    let doc = doc.as_table().unwrap_or(&empty);
    let mut p = Parser {
        text,
        errors: Vec::new(),
    };
    let mut file = PolicyFile::default();
    for (key, value) in doc {
        match key.name.as_ref() {
            "set" => p.sets(key, value, &mut file.sets),
            name if SETTING_KEYS.contains(&name) => p.setting(&mut file.all, "", key, value),
            name if SET_ONLY_KEYS.contains(&name) => p.error(
                p.start(key.span),
                name.to_owned(),
                format!(
                    "belongs in a `[set.NAME]` table: `{name}` says what one set is \
                     (`[set.api]` then `{name} = true`), not how every set is judged"
                ),
            ),
            _ => p.unknown(key, "", &[SETTING_KEYS, &["set"]].concat(), "a key"),
        }
    }
    // Two sets one update variable cannot tell apart: refused at the later one.
    let mut by_line: Vec<(&str, usize)> = file
        .sets
        .iter()
        .map(|(s, (l, _))| (s.as_str(), *l))
        .collect();
    by_line.sort_by_key(|(_, line)| *line);
    for (i, (set, line)) in by_line.iter().enumerate() {
        if let Some(clash) = by_line[..i]
            .iter()
            .find_map(|(other, _)| env::update_variable_clash(other, set))
        {
            p.errors.push(PolicyError {
                line: *line,
                column: 1,
                key: format!("set.{set}"),
                message: clash.to_string(),
                more: Vec::new(),
            });
        }
    }
    let mut errors = p.errors;
    errors.sort_by_key(|e| (e.line, e.column));
    errors.dedup();
    let mut errors = errors.into_iter();
    match errors.next() {
        Some(mut first) => {
            first.more = errors.collect();
            Err(first)
        }
        None => Ok(file),
    }
}

struct Parser<'t> {
    text: &'t str,
    errors: Vec<PolicyError>,
}

impl Parser<'_> {
    /// Where an error about a key or value points: its first byte, the opening quote of
    /// a string included (the parser's span of a string starts inside the quotes).
    fn start(&self, span: toml_span::Span) -> usize {
        let bytes = self.text.as_bytes();
        let mut at = span.start.min(bytes.len());
        for _ in 0..3 {
            match at.checked_sub(1).map(|i| bytes[i]) {
                Some(b'"' | b'\'') => at -= 1,
                _ => break,
            }
        }
        at
    }

    fn line(&self, at: usize) -> usize {
        line_column(self.text, at).0
    }

    /// A list of distinct strings (`shape` says what it must be, `item` each entry),
    /// or `None` with an error when it is not a list; an entry listed twice is an
    /// error and counted once.
    fn string_list(
        &mut self,
        key: String,
        value: &Value<'_>,
        shape: &str,
        item: &str,
    ) -> Option<Vec<String>> {
        let Some(items) = value.as_array() else {
            self.error(
                self.start(value.span),
                key,
                format!("must be {shape}, not {}", kind(value)),
            );
            return None;
        };
        let mut names: Vec<String> = Vec::new();
        for entry in items.iter() {
            let Some(name) = self.string(&key, entry, item) else {
                continue;
            };
            if names.iter().any(|n| n == name) {
                self.error(
                    self.start(entry.span),
                    key.clone(),
                    format!("`{name}` is listed twice"),
                );
                continue;
            }
            names.push(name.to_owned());
        }
        Some(names)
    }

    fn error(&mut self, at: usize, key: String, message: String) {
        let (line, column) = line_column(self.text, at);
        self.errors.push(PolicyError {
            line,
            column,
            key,
            message,
            more: Vec::new(),
        });
    }

    fn unknown(&mut self, key: &Key<'_>, prefix: &str, known: &[&str], what: &str) {
        let name = key.name.as_ref();
        let hint = match crate::nearest::closest(name, known.iter().copied()) {
            Some(near) => format!(" (did you mean `{near}`?)"),
            None => String::new(),
        };
        self.error(
            self.start(key.span),
            dotted(prefix, name),
            format!(
                "unknown key{hint}; {what} here is one of {}",
                known
                    .iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    }

    /// `[set.NAME]` tables.
    fn sets(
        &mut self,
        key: &Key<'_>,
        value: &Value<'_>,
        into: &mut BTreeMap<String, (usize, Layer)>,
    ) {
        let Some(table) = self.table(key, "", value, "a table of sets: `[set.NAME]`") else {
            return;
        };
        for (name_key, set_value) in table {
            let name = name_key.name.as_ref();
            let path = format!("set.{name}");
            if let Err(e) = golden::SetName::parse(name) {
                self.error(
                    self.start(name_key.span),
                    path,
                    format!("not a contract set name: {e}"),
                );
                continue;
            }
            let Some(settings) = self.table(name_key, "set", set_value, "a table of settings")
            else {
                continue;
            };
            let mut layer = Layer::default();
            let mut features_at = None;
            for (k, v) in settings {
                if SETTING_KEYS.contains(&k.name.as_ref()) {
                    self.setting(&mut layer, &path, k, v);
                } else if k.name == "features" {
                    features_at = Some(self.start(k.span));
                    let key = dotted(&path, "features");
                    let shape =
                        "a list of the package's Cargo features, like `[\"std\", \"serde\"]`";
                    if let Some(names) = self.string_list(key, v, shape, "a Cargo feature") {
                        let line = self.line(self.start(k.span));
                        layer.features = Some(At { value: names, line });
                    }
                } else if k.name == "wire_vouched" {
                    let key = dotted(&path, "wire_vouched");
                    let shape = "a list of the set's type names, like `[\"schema::Kind\"]`";
                    if let Some(names) = self.string_list(key, v, shape, "a type name of the set") {
                        let line = self.line(self.start(k.span));
                        layer.wire_vouched = Some(At { value: names, line });
                    }
                } else if k.name == "public_api" {
                    match v.as_bool() {
                        Some(b) => {
                            let line = self.line(self.start(k.span));
                            layer.public_api = Some(At { value: b, line });
                        }
                        None => self.error(
                            self.start(v.span),
                            dotted(&path, "public_api"),
                            format!("must be `true` or `false`, not {}", kind(v)),
                        ),
                    }
                } else {
                    self.unknown(
                        k,
                        &path,
                        &[SETTING_KEYS, SET_ONLY_KEYS].concat(),
                        "a set's key",
                    );
                }
            }
            if let (Some(at), false) = (
                features_at,
                layer.public_api.as_ref().is_some_and(|p| p.value),
            ) {
                self.error(
                    at,
                    dotted(&path, "features"),
                    "only a public-API set (`public_api = true`) covers Cargo features: the \
                     attribute-pinned items of other sets are what the build compiles"
                        .to_owned(),
                );
            }
            let line = self.line(self.start(name_key.span));
            into.insert(name.to_owned(), (line, layer));
        }
    }

    fn table<'v, 'i>(
        &mut self,
        key: &Key<'_>,
        prefix: &str,
        value: &'v Value<'i>,
        expected: &str,
    ) -> Option<&'v Table<'i>> {
        match value.as_table() {
            Some(table) => Some(table),
            None => {
                self.error(
                    self.start(value.span),
                    dotted(prefix, &key.name),
                    format!("must be {expected}, not {}", kind(value)),
                );
                None
            }
        }
    }

    fn string<'v>(&mut self, key: &str, value: &'v Value<'_>, expected: &str) -> Option<&'v str> {
        match value.as_str() {
            Some(s) => Some(s),
            None => {
                self.error(
                    self.start(value.span),
                    key.to_owned(),
                    format!("must be {expected}, not {}", kind(value)),
                );
                None
            }
        }
    }

    /// One of [`SETTING_KEYS`] into `layer`.
    fn setting(&mut self, layer: &mut Layer, prefix: &str, key: &Key<'_>, value: &Value<'_>) {
        let name = key.name.as_ref();
        let path = dotted(prefix, name);
        let line = self.line(self.start(key.span));
        match name {
            "axes" => {
                let Some(items) = value.as_array() else {
                    self.error(
                        self.start(value.span),
                        path,
                        format!(
                            "must be a list of axes, like `[\"api\", \"wire\"]`, not {}",
                            kind(value)
                        ),
                    );
                    return;
                };
                let mut axes = Vec::new();
                for item in items.iter() {
                    let Some(text) = self.string(&path, item, "an axis: `api` or `wire`") else {
                        continue;
                    };
                    match Axis::parse(text) {
                        Some(axis) if axes.contains(&axis) => self.error(
                            self.start(item.span),
                            path.clone(),
                            format!("`{text}` is listed twice"),
                        ),
                        Some(axis) => axes.push(axis),
                        None => self.error(
                            self.start(item.span),
                            path.clone(),
                            format!("unknown axis `{text}`: the axes are `api` and `wire`"),
                        ),
                    }
                }
                layer.axes = Some(At { value: axes, line });
            }
            "wire_direction" => {
                let names = one_of(WireDirection::ALL.map(WireDirection::as_str));
                let Some(text) = self.string(&path, value, &format!("one of {names}")) else {
                    return;
                };
                match WireDirection::parse(text) {
                    Some(direction) => {
                        layer.wire_direction = Some(At {
                            value: direction,
                            line,
                        })
                    }
                    None => self.error(
                        self.start(value.span),
                        path,
                        format!("unknown wire direction `{text}`: one of {names}"),
                    ),
                }
            }
            "wire_format" => {
                let names = one_of(WireFormat::ALL.map(WireFormat::as_str));
                let Some(text) = self.string(&path, value, &format!("one of {names}")) else {
                    return;
                };
                match WireFormat::parse(text) {
                    Some(format) => {
                        layer.wire_format = Some(At {
                            value: format,
                            line,
                        })
                    }
                    None => self.error(
                        self.start(value.span),
                        path,
                        format!("unknown wire format `{text}`: one of {names}"),
                    ),
                }
            }
            "doc_hidden_is_api" => match value.as_bool() {
                Some(b) => {
                    layer.doc_hidden_is_api = Some(At { value: b, line });
                }
                None => self.error(
                    self.start(value.span),
                    path,
                    format!("must be `true` or `false`, not {}", kind(value)),
                ),
            },
            "overrides" => {
                let Some(table) = self.table(
                    key,
                    prefix,
                    value,
                    "a table of delta kinds, like `{ field_order_changed = \"breaking\" }`",
                ) else {
                    return;
                };
                for (kind_key, class_value) in table {
                    let kind_name = kind_key.name.as_ref();
                    let kind_path = dotted(&path, kind_name);
                    let Some(kind) = DeltaKind::parse(kind_name) else {
                        let hint = match crate::nearest::closest(
                            kind_name,
                            DeltaKind::ALL.iter().map(|k| k.as_str()),
                        ) {
                            Some(near) => format!(" (did you mean `{near}`?)"),
                            None => String::new(),
                        };
                        self.error(
                            self.start(kind_key.span),
                            kind_path,
                            format!(
                                "not a delta kind{hint}: the keys of `overrides` are delta \
                                 kinds, as a report's `kind` spells them (contract-pin's \
                                 docs/VOCABULARY.md lists them)"
                            ),
                        );
                        continue;
                    };
                    let expected = "`additive` or `breaking`";
                    let Some(text) = self.string(&kind_path, class_value, expected) else {
                        continue;
                    };
                    match Class::parse(text) {
                        Some(class) => {
                            let line = self.line(self.start(kind_key.span));
                            layer.overrides.insert(kind, At { value: class, line });
                        }
                        None => self.error(
                            self.start(class_value.span),
                            kind_path,
                            format!("unknown class `{text}`: {expected}"),
                        ),
                    }
                }
            }
            "directive" => {
                let Some(table) =
                    self.table(key, prefix, value, "a table of the directive's words")
                else {
                    return;
                };
                for (word_key, word_value) in table {
                    let word = word_key.name.as_ref();
                    let Some(slot) = DIRECTIVE_KEYS.iter().position(|k| *k == word) else {
                        self.unknown(word_key, &path, DIRECTIVE_KEYS, "a directive's key");
                        continue;
                    };
                    let word_path = dotted(&path, word);
                    let Some(text) = self.string(&word_path, word_value, "a string") else {
                        continue;
                    };
                    if text.trim().is_empty() {
                        self.error(
                            self.start(word_value.span),
                            word_path,
                            "is empty: leave the key out for the default wording".to_owned(),
                        );
                        continue;
                    }
                    let line = self.line(self.start(word_key.span));
                    layer.directive[slot] = Some(At {
                        value: text.to_owned(),
                        line,
                    });
                }
            }
            _ => unreachable!("only SETTING_KEYS reach here"),
        }
    }
}

impl PolicyFile {
    /// The sets the file has a `[set.NAME]` table for, with the line of the name.
    pub fn sets(&self) -> impl Iterator<Item = (&str, usize)> {
        self.sets
            .iter()
            .map(|(set, (line, _))| (set.as_str(), *line))
    }

    /// Whether `set` is a public-API set (`public_api = true` in its table): every
    /// item a consumer can name from the crate root, read from the sources, with no
    /// contract attribute.
    pub fn public_api(&self, set: &str) -> bool {
        self.sets
            .get(set)
            .and_then(|(_, layer)| layer.public_api.as_ref())
            .is_some_and(|at| at.value)
    }

    /// The public-API sets, with the line of their `public_api` key.
    pub fn public_api_sets(&self) -> impl Iterator<Item = (&str, usize)> {
        self.sets.iter().filter_map(|(set, (_, layer))| {
            let at = layer.public_api.as_ref().filter(|at| at.value)?;
            Some((set.as_str(), at.line))
        })
    }

    /// The Cargo features public-API set `set` covers besides the defaults
    /// (`features`), with the line of the key; `None` when it does not say (every
    /// feature not named unstable or private).
    pub fn api_features(&self, set: &str) -> Option<(&[String], usize)> {
        let at = self.sets.get(set)?.1.features.as_ref()?;
        Some((&at.value, at.line))
    }

    /// The types `set` vouches for (`wire_vouched`), with the line of the key: a
    /// front end that finds a name there that is no hand-written serde type of the set
    /// reports it at that line.
    pub fn wire_vouched(&self, set: &str) -> Option<(&[String], usize)> {
        let at = self.sets.get(set)?.1.wire_vouched.as_ref()?;
        Some((&at.value, at.line))
    }

    /// The policy of `set`: its table's values, then the top-level ones, then the
    /// defaults. Overrides merge kind by kind, the directive word by word.
    pub fn policy(&self, set: &str) -> Policy {
        let mut policy = Policy::default();
        if let Some((names, _)) = self.wire_vouched(set) {
            policy.wire_vouched = names.iter().cloned().collect();
        }
        for layer in self.layers(set).into_iter().rev() {
            if let Some(axes) = &layer.axes {
                policy.axes = axes.value.clone();
            }
            if let Some(d) = &layer.wire_direction {
                policy.wire_direction = d.value;
            }
            if let Some(f) = &layer.wire_format {
                policy.wire_format = f.value;
            }
            if let Some(h) = &layer.doc_hidden_is_api {
                policy.doc_hidden_is_api = h.value;
            }
            for (kind, class) in &layer.overrides {
                policy.overrides.insert(*kind, class.value);
            }
            let words = directive_slots(&mut policy.directive);
            for (slot, given) in words.into_iter().zip(&layer.directive) {
                if let Some(given) = given {
                    *slot = Some(given.value.clone());
                }
            }
        }
        policy
    }

    /// Every value of `set`'s policy, with where it came from: what
    /// `contract-pin policy` prints.
    pub fn explain(&self, set: &str) -> Vec<Setting> {
        let layers = self.layers(set);
        let policy = self.policy(set);
        let from = |line: Option<usize>| match line {
            Some(line) => Source::File { line },
            None => Source::Default,
        };
        let first = |pick: &dyn Fn(&Layer) -> Option<usize>| layers.iter().find_map(|l| pick(l));
        let string = |s: &str| crate::json::Value::String(s.to_owned());
        let mut out = vec![
            Setting {
                key: "axes".to_owned(),
                value: crate::json::Value::Array(
                    policy.axes.iter().map(|a| string(a.as_str())).collect(),
                ),
                source: from(first(&|l| l.axes.as_ref().map(|a| a.line))),
            },
            Setting {
                key: "wire_direction".to_owned(),
                value: string(policy.wire_direction.as_str()),
                source: from(first(&|l| l.wire_direction.as_ref().map(|a| a.line))),
            },
            Setting {
                key: "wire_format".to_owned(),
                value: string(policy.wire_format.as_str()),
                source: from(first(&|l| l.wire_format.as_ref().map(|a| a.line))),
            },
            Setting {
                key: "doc_hidden_is_api".to_owned(),
                value: crate::json::Value::Bool(policy.doc_hidden_is_api),
                source: from(first(&|l| l.doc_hidden_is_api.as_ref().map(|a| a.line))),
            },
        ];
        if let Some(at) = layers.first().and_then(|l| l.public_api.as_ref()) {
            out.push(Setting {
                key: "public_api".to_owned(),
                value: crate::json::Value::Bool(at.value),
                source: from(Some(at.line)),
            });
        }
        if let Some((names, line)) = self.api_features(set) {
            out.push(Setting {
                key: "features".to_owned(),
                value: crate::json::Value::Array(names.iter().map(|n| string(n)).collect()),
                source: from(Some(line)),
            });
        }
        if let Some((names, line)) = self.wire_vouched(set) {
            out.push(Setting {
                key: "wire_vouched".to_owned(),
                value: crate::json::Value::Array(names.iter().map(|n| string(n)).collect()),
                source: from(Some(line)),
            });
        }
        if policy.overrides.is_empty() {
            out.push(Setting {
                key: "overrides".to_owned(),
                value: crate::json::Value::Object(Default::default()),
                source: Source::Default,
            });
        }
        for (kind, class) in &policy.overrides {
            out.push(Setting {
                key: format!("overrides.{}", kind.as_str()),
                value: string(class.as_str()),
                source: from(first(&|l| l.overrides.get(kind).map(|a| a.line))),
            });
        }
        let words = policy.directive_for(set);
        let resolved = [
            Some(words.title),
            Some(words.ship_line),
            Some(words.record),
            words.reference,
        ];
        for (slot, (name, value)) in DIRECTIVE_KEYS.iter().zip(resolved).enumerate() {
            out.push(Setting {
                key: format!("directive.{name}"),
                value: value.map_or(crate::json::Value::Null, crate::json::Value::String),
                source: from(first(&|l| l.directive[slot].as_ref().map(|a| a.line))),
            });
        }
        out
    }

    /// The layers that apply to `set`, the most specific first.
    fn layers(&self, set: &str) -> Vec<&Layer> {
        let mut layers = Vec::new();
        if let Some((_, layer)) = self.sets.get(set) {
            layers.push(layer);
        }
        layers.push(&self.all);
        layers
    }
}

fn directive_slots(d: &mut DirectiveText) -> [&mut Option<String>; 4] {
    [
        &mut d.title,
        &mut d.ship_line,
        &mut d.record,
        &mut d.reference,
    ]
}

/// The `[set.NAME]` table that gives `set` the policy `policy`: every value that
/// differs from the default, nothing else. Empty when `policy` is the default.
/// [`parse`] reads it back to `policy` (tested).
pub fn render_set(set: &str, policy: &Policy) -> String {
    let default = Policy::default();
    let mut lines = Vec::new();
    if policy.axes != default.axes {
        let axes: Vec<String> = policy.axes.iter().map(|a| quote(a.as_str())).collect();
        lines.push(format!("axes = [{}]", axes.join(", ")));
    }
    if policy.wire_direction != default.wire_direction {
        lines.push(format!(
            "wire_direction = {}",
            quote(policy.wire_direction.as_str())
        ));
    }
    if policy.wire_format != default.wire_format {
        lines.push(format!(
            "wire_format = {}",
            quote(policy.wire_format.as_str())
        ));
    }
    if policy.doc_hidden_is_api != default.doc_hidden_is_api {
        lines.push(format!("doc_hidden_is_api = {}", policy.doc_hidden_is_api));
    }
    if !policy.overrides.is_empty() {
        let entries: Vec<String> = policy
            .overrides
            .iter()
            .map(|(k, c)| format!("{} = {}", k.as_str(), quote(c.as_str())))
            .collect();
        lines.push(format!("overrides = {{ {} }}", entries.join(", ")));
    }
    if !policy.wire_vouched.is_empty() {
        let names: Vec<String> = policy.wire_vouched.iter().map(|n| quote(n)).collect();
        lines.push(format!("wire_vouched = [{}]", names.join(", ")));
    }
    let mut words = policy.directive.clone();
    for (name, word) in DIRECTIVE_KEYS.iter().zip(directive_slots(&mut words)) {
        if let Some(word) = word {
            lines.push(format!("directive.{name} = {}", quote(word)));
        }
    }
    if lines.is_empty() {
        return String::new();
    }
    format!("[set.{set}]\n{}\n", lines.join("\n"))
}

/// A TOML basic string.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A value of [`Setting`] as TOML text (`"full"`, `["api", "wire"]`, `{}`), or
/// `(none)` for null.
pub fn show_value(value: &crate::json::Value) -> String {
    match value {
        crate::json::Value::String(s) => quote(s),
        crate::json::Value::Array(items) => {
            let items: Vec<String> = items.iter().map(show_value).collect();
            format!("[{}]", items.join(", "))
        }
        crate::json::Value::Object(o) if o.is_empty() => "{}".to_owned(),
        crate::json::Value::Null => "(none)".to_owned(),
        other => other.to_string(),
    }
}

/// The workspace root of the package whose manifest is in `manifest_dir`, found the
/// way cargo finds it, with `read` giving a file's text (`None`: no such file):
///
/// - the package's own manifest has a `[workspace]` table: its directory;
/// - it names its root (`package.workspace = "…"`): that directory;
/// - else the nearest ancestor whose manifest has a `[workspace]` table that does not
///   `exclude` the package;
/// - else the package's own directory (a package outside any workspace).
///
/// The policy file is `<root>/contract-pin.toml`. The macro and the harness know only
/// `CARGO_MANIFEST_DIR`, the command knows the root `cargo metadata` reports; all
/// three find the same file through this function.
pub fn workspace_root(manifest_dir: &Path, read: impl Fn(&Path) -> Option<String>) -> PathBuf {
    let manifest = |dir: &Path| read(&dir.join("Cargo.toml")).map(|text| Manifest::of(&text));
    if let Some(own) = manifest(manifest_dir) {
        if own.workspace.is_some() {
            return manifest_dir.to_path_buf();
        }
        if let Some(root) = own.package_workspace {
            return normalize(&manifest_dir.join(root));
        }
    }
    let package = normalize(manifest_dir);
    for dir in manifest_dir.ancestors().skip(1) {
        let Some(Manifest {
            workspace: Some((members, exclude)),
            ..
        }) = manifest(dir)
        else {
            continue;
        };
        // Cargo's rule: excluded unless also listed as a member, by path prefix.
        let listed = |paths: &[String]| {
            paths
                .iter()
                .any(|p| package.starts_with(normalize(&dir.join(p))))
        };
        if listed(&exclude) && !listed(&members) {
            continue;
        }
        return dir.to_path_buf();
    }
    manifest_dir.to_path_buf()
}

/// The root files a package's manifest names for its targets, relative to its
/// directory: `[lib] path` first, then each `[[bin]] path`. Empty when it names none
/// (cargo's layout, `src/lib.rs` and `src/main.rs`, applies) or does not parse.
pub fn target_roots(manifest: &str) -> Vec<String> {
    let Ok(doc) = toml_span::parse(manifest) else {
        return Vec::new();
    };
    let Some(doc) = doc.as_table() else {
        return Vec::new();
    };
    let path = |target: &Value<'_>| {
        target
            .as_table()
            .and_then(|t| t.get("path"))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let lib = doc.get("lib").and_then(path);
    let bins = doc
        .get("bin")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(path);
    lib.into_iter().chain(bins).collect()
}

/// The crates a package's manifest depends on, by the names its code calls them
/// (`[dependencies]` and every `[target.'…'.dependencies]` key, `-` as `_`): what the
/// macro and the harness know of the crates whose names they do not read
/// ([`crate::Policy::unread_crates`]). Empty when the manifest does not parse.
pub fn dependency_crates(manifest: &str) -> std::collections::BTreeSet<String> {
    let Ok(doc) = toml_span::parse(manifest) else {
        return Default::default();
    };
    dependency_tables(&doc, &["dependencies"])
        .flat_map(|table| table.keys().map(|k| k.name.replace('-', "_")))
        .collect()
}

/// The name a package's code calls its dependency on `package`, from any of its
/// dependency tables (`[dependencies]`, `[dev-dependencies]`, `[build-dependencies]`
/// and their `[target.'…'.…]` forms): the key with `-` as `_`, or the key of an entry
/// renamed with `package = "…"` there or, for `key.workspace = true`, in the
/// `[workspace.dependencies]` of `workspace` (the workspace root's manifest, when the
/// package has one). `Ok(None)` when no table names it; `Err` with the parser's words
/// when the manifest does not parse.
pub fn dependency_named(
    manifest: &str,
    package: &str,
    workspace: Option<&str>,
) -> Result<Option<String>, String> {
    let doc = toml_span::parse(manifest).map_err(|e| e.to_string())?;
    let root = workspace.and_then(|text| toml_span::parse(text).ok());
    let inherited = |key: &str| -> Option<String> {
        let entry = root
            .as_ref()?
            .as_table()?
            .get("workspace")?
            .as_table()?
            .get("dependencies")?
            .as_table()?
            .get(key)?;
        let renamed = entry.as_table().and_then(|t| t.get("package"))?;
        renamed.as_str().map(str::to_owned)
    };
    let tables = ["dependencies", "dev-dependencies", "build-dependencies"];
    let named = dependency_tables(&doc, &tables)
        .flat_map(|table| table.iter())
        .find_map(|(key, entry)| {
            let field = |name: &str| entry.as_table().and_then(|t| t.get(name));
            let renamed = match field("package").and_then(Value::as_str) {
                Some(renamed) => Some(renamed.to_owned()),
                None if field("workspace").and_then(Value::as_bool) == Some(true) => {
                    inherited(&key.name)
                }
                None => None,
            };
            (renamed.as_deref().unwrap_or(&key.name) == package).then(|| key.name.replace('-', "_"))
        });
    Ok(named)
}

/// Each of the `tables` (`dependencies`, `dev-dependencies`…) a manifest has, at its
/// top level and under each `[target.'…']`.
fn dependency_tables<'v, 'de>(
    doc: &'v Value<'de>,
    tables: &'v [&'v str],
) -> impl Iterator<Item = &'v toml_span::value::Table<'de>> + 'v {
    let top = doc.as_table();
    let targets = top
        .and_then(|t| t.get("target"))
        .and_then(Value::as_table)
        .into_iter()
        .flat_map(|targets| targets.values().filter_map(Value::as_table));
    top.into_iter()
        .chain(targets)
        .flat_map(move |scope| tables.iter().filter_map(|table| scope.get(*table)))
        .filter_map(Value::as_table)
}

/// What [`workspace_root`] needs of a manifest.
struct Manifest {
    /// `[workspace]`: its `members` and `exclude`.
    workspace: Option<(Vec<String>, Vec<String>)>,
    /// `package.workspace`.
    package_workspace: Option<String>,
}

impl Manifest {
    /// A manifest cargo would refuse says nothing here (cargo reports it itself).
    fn of(text: &str) -> Manifest {
        let nothing = Manifest {
            workspace: None,
            package_workspace: None,
        };
        let Ok(doc) = toml_span::parse(text) else {
            return nothing;
        };
        let Some(doc) = doc.as_table() else {
            return nothing;
        };
        let strings = |table: &Table<'_>, key: &str| -> Vec<String> {
            match table.get(key).and_then(Value::as_array) {
                Some(items) => items
                    .iter()
                    .filter_map(Value::as_str)
                    .map(str::to_owned)
                    .collect(),
                None => Vec::new(),
            }
        };
        let workspace = doc
            .get("workspace")
            .and_then(Value::as_table)
            .map(|ws| (strings(ws, "members"), strings(ws, "exclude")));
        let package_workspace = doc
            .get("package")
            .and_then(Value::as_table)
            .and_then(|p| p.get("workspace"))
            .and_then(Value::as_str)
            .map(str::to_owned);
        Manifest {
            workspace,
            package_workspace,
        }
    }
}

/// `path` with `.` and `..` resolved lexically.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

fn dotted(prefix: &str, key: &str) -> String {
    if prefix.is_empty() {
        key.to_owned()
    } else {
        format!("{prefix}.{key}")
    }
}

/// `` `a`, `b` or `c` ``.
fn one_of<const N: usize>(names: [&str; N]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => quoted.concat(),
    }
}

fn kind(value: &Value<'_>) -> &'static str {
    if value.as_str().is_some() {
        "a string"
    } else if value.as_integer().is_some() {
        "an integer"
    } else if value.as_float().is_some() {
        "a float"
    } else if value.as_bool().is_some() {
        "a boolean"
    } else if value.as_array().is_some() {
        "a list"
    } else {
        "a table"
    }
}

/// 1-based line and column (in characters) of byte offset `at`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}
