//! The golden file: format, canonical rendering and strict parsing.
//!
//! ```json
//! {
//!   "format_version": 6,
//!   "package": "workspace-example",
//!   "set": "phase5",
//!   "symbols": { "ApplyContext": { "fingerprint": "sha256:…", "shape": { … } } }
//! }
//! ```
//!
//! A golden records only what the tool derives from the code. The set's policy is
//! written by people and lives in the policy file ([`crate::policy::file`]); a golden
//! still carrying a `policy` block (written before that file existed) is stale, and
//! an update moves past it without dropping the policy (see
//! [`crate::policy::legacy`]).

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use crate::canonical;
use crate::current::{Current, Unreadable};
use crate::delta::Delta;
use crate::diff;
use crate::policy::Policy;
use crate::shape::Symbol;

mod layout;

/// The shape encoding version. Bumped only when the encoding of shapes changes; a
/// golden of another version is stale, not broken.
///
/// 3: types are written as rustc reads them: `Self` as the self type, elided
/// lifetimes elided (`fn f<'a>(x: &'a str) -> &'a str` is `fn f(x: &str) -> &str`),
/// a primitive as the primitive under `use core::usize;`, literals by value (`0x10`
/// is `16`). A golden of format 2 would show those spellings as changes.
///
/// 4: a public-API set records the package's Cargo features and its modules.
///
/// 5: an implementor records the generics of its `impl` (`impl<T: Clone> Trait for
/// W<T>` is `W<T>` for every `T: Clone`), so a generic impl's parameters are no longer
/// read as types of those names.
///
/// 6: a method leaves out the lifetimes of its `impl` that no caller can name or
/// constrain (`impl<'a, K: 'a> Map<K>`: `'a` in neither the self type nor the method),
/// which format 5 recorded as parameters, so that dropping one read as a change.
///
/// 7: an implementor records the arguments its `impl` gives the trait (`impl<T>
/// BorrowSignalSafe<T> for Arc<T>`): which `Arc`s implement which `BorrowSignalSafe<…>`
/// decides whether an old argument still meets a parameter's new bounds, and two impls
/// of one generic trait for one type are two implementors, not one.
///
/// 8: a field under serde_with's `#[serde_as(…)]` records the `with` it expands to
/// (`::serde_with::As::<T>`), and a `with` path is recorded without the spaces a token
/// printer puts in it: format 7 read such a field as a plain one, so a conversion
/// added, removed or changed on it was no wire change.
///
/// 9: a public-API set holds what the build sees: the items and members the crate's
/// declarative macros (and its dependencies' exported ones) define, items under a cfg
/// its build script prints, a glob's names beside a module of the same name; and a
/// `#[deprecated]` item is not recorded hidden. Format 8 read the same sources without
/// them.
///
/// 10: a public-API set leaves out a trait `impl` for a type not declared `pub` (no
/// consumer can name the type) and records a std item re-exported by a module of the
/// crate as the std path (`lib::Vec<u8>` is `Vec<u8>`); a derive through derivative or
/// educe is recorded as the traits its attribute lists (`#[derive(Derivative)]
/// #[derivative(Debug)]` is `Debug`). Format 9 recorded these as written, so each
/// would read as a change.
///
/// 11: a public-API set records each `pub use` of another crate's item as a re-export
/// symbol (`pub use serde::Serialize;`): its removal breaks, and an item of the crate
/// replaced by one is not told. Format 10 recorded none, so each would read as added.
///
/// 12: a public-API set covers every feature docs.rs documents (or every feature not
/// named unstable or private), each item or member a feature off by default gates
/// recorded with what it needs (`needs`), and a trait's members its crate's macros
/// write. Format 11 read the default features only, so each such item would read as
/// added.
///
/// 13: a public-API set records what each path of another crate named when it was
/// written ([`Golden::dependency_paths`]), so a path into a dependency the crate has
/// since dropped or upgraded past is read as what it named; and `Self` in an `impl`
/// whose header elides a lifetime (`impl Section<'_, X>`) is recorded with that
/// lifetime named, as the block's; a bound's binder without the lifetimes the bound
/// does not name. Format 12 goldens lack the first, left the lifetime out and kept
/// such binders: each would read as a change.
///
/// 14: a public-API set records which package and semver-compatible series each
/// dependency its shapes name is ([`Golden::dependency_versions`]): a path is one
/// crate's item across releases whatever the crate is called (`base64` renamed
/// `base64ct`), and another series under the same name is a change
/// (`public_dependency_changed`). Format 13 goldens have no record, so a dependency's
/// new series would go unseen.
pub const FORMAT_VERSION: u64 = 14;

/// A parsed golden file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Golden {
    /// See [`FORMAT_VERSION`].
    pub format_version: u64,
    /// The contract set.
    pub set: String,
    /// The package whose registrations it pins.
    pub package: String,
    /// What each path of another crate that a symbol names (its names, no arguments:
    /// `instant::Duration`) named when the golden was written, as that crate's sources
    /// then read (`std::time::Duration`); only where the two differ. Read where the
    /// dependencies of the day no longer resolve the path (see
    /// [`crate::names::Recorded`]). Written by the front ends that read dependencies,
    /// for public-API sets.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub dependency_paths: BTreeMap<String, String>,
    /// Each dependency its symbols name (by the name the package calls it: `digest`),
    /// as its package and semver-compatible series when the golden was written
    /// (`digest 0.10`; see [`crate::dependencies`]). Written by the front ends that read
    /// the manifest, for public-API sets.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub dependency_versions: BTreeMap<String, String>,
    /// Pinned symbols by name.
    #[serde(deserialize_with = "unique_keys")]
    pub symbols: BTreeMap<String, GoldenSymbol>,
}

/// Its structs, enums and unions, for the rules that read a type a signature names
/// (see [`crate::variance`]).
impl crate::variance::Types for Golden {
    fn alias(&self, def: &str) -> Option<&crate::shape::AliasShape> {
        crate::variance::find_alias(
            self.symbols
                .iter()
                .map(|(name, entry)| (name.as_str(), &entry.shape)),
            def,
        )
    }

    fn get(&self, def: &str) -> Option<(&str, &crate::shape::ItemShape)> {
        crate::variance::find_def(
            self.symbols
                .iter()
                .map(|(name, entry)| (name.as_str(), &entry.shape)),
            def,
        )
    }

    fn supertraits(&self, def: &str) -> Option<(&str, &[crate::ty::Bound])> {
        crate::variance::find_supertraits(
            self.symbols
                .iter()
                .map(|(name, entry)| (name.as_str(), &entry.shape)),
            def,
        )
    }

    fn type_symbol(&self, def: &str) -> Option<&crate::shape::Symbol> {
        crate::variance::find_type_symbol(
            self.symbols
                .iter()
                .map(|(name, entry)| (name.as_str(), &entry.shape)),
            def,
        )
    }

    fn constant(&self, def: &str) -> Option<&crate::shape::ValueItemShape> {
        crate::variance::find_constant(
            self.symbols
                .iter()
                .map(|(name, entry)| (name.as_str(), &entry.shape)),
            def,
        )
    }

    fn feature(&self, name: &str) -> Option<&crate::shape::FeatureShape> {
        crate::variance::find_feature(|n| self.symbols.get(n).map(|e| &e.shape), name)
    }

    fn trait_symbol(&self, def: &str) -> Option<&crate::shape::Symbol> {
        crate::variance::find_trait(
            self.symbols
                .iter()
                .map(|(name, entry)| (name.as_str(), &entry.shape)),
            def,
        )
    }
}

/// One symbol in a golden.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoldenSymbol {
    /// Fingerprint of `shape`; a mismatch means the shape was edited by hand.
    pub fingerprint: String,
    /// The shape.
    pub shape: Symbol,
}

impl Golden {
    /// A golden pinning `symbols`, with fingerprints computed.
    pub fn new(set: &str, package: &str, symbols: &BTreeMap<String, Symbol>) -> Golden {
        Golden {
            format_version: FORMAT_VERSION,
            set: set.to_owned(),
            package: package.to_owned(),
            dependency_paths: BTreeMap::new(),
            dependency_versions: BTreeMap::new(),
            symbols: symbols
                .iter()
                .map(|(name, shape)| {
                    let entry = GoldenSymbol {
                        fingerprint: canonical::fingerprint(shape),
                        shape: shape.clone(),
                    };
                    (name.clone(), entry)
                })
                .collect(),
        }
    }

    /// The canonical text of the file.
    pub fn render(&self) -> String {
        canonical::to_canonical_string(self)
    }

    /// This golden recording `paths` as [`Golden::dependency_paths`].
    pub fn with_dependency_paths(mut self, paths: BTreeMap<String, String>) -> Golden {
        self.dependency_paths = paths;
        self
    }

    /// This golden recording `versions` as [`Golden::dependency_versions`].
    pub fn with_dependency_versions(mut self, versions: BTreeMap<String, String>) -> Golden {
        self.dependency_versions = versions;
        self
    }

    /// The pinned shapes by name.
    pub fn shapes(&self) -> BTreeMap<String, Symbol> {
        self.symbols
            .iter()
            .map(|(name, entry)| (name.clone(), entry.shape.clone()))
            .collect()
    }

    /// Symbols whose stored fingerprint does not match their shape (hand edits).
    pub fn integrity_mismatches(&self) -> Vec<&str> {
        self.symbols
            .iter()
            .filter(|(_, entry)| canonical::fingerprint(&entry.shape) != entry.fingerprint)
            .map(|(name, _)| name.as_str())
            .collect()
    }
}

/// The largest golden [`parse`] reads: 64 MiB. A golden of ten thousand symbols is a
/// few megabytes; a file past this is not one contract-pin wrote, and the shells stop
/// reading there instead of loading it whole.
pub const MAX_BYTES: usize = 64 << 20;

/// Why a golden could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoldenError {
    /// The file is empty (or only whitespace).
    Empty,
    /// The file is larger than [`MAX_BYTES`].
    TooLarge {
        /// How many bytes were seen (at least `MAX_BYTES + 1`).
        bytes: usize,
    },
    /// The bytes are not UTF-8.
    NotUtf8 {
        /// 1-based line of the first bad byte.
        line: usize,
    },
    /// A merge-conflict marker is present.
    MergeConflict {
        /// 1-based line of the first marker.
        line: usize,
    },
    /// Valid JSON, but not an object (an array, a number, a string, …).
    NotAnObject {
        /// 1-based line where the value starts.
        line: usize,
        /// What it is instead: `an array`, `a number`, ….
        found: &'static str,
    },
    /// Not JSON, or not a golden.
    Malformed {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the parser said.
        message: String,
    },
    /// Written by another shape encoding: stale, regenerate it.
    FormatVersion {
        /// The file's version (`None` when it has none).
        found: Option<u64>,
        /// 1-based line of `format_version` (1 when there is none).
        line: usize,
    },
    /// A `policy` block, as goldens carried before the policy file: stale, since an
    /// update rewrites it without the block (after moving the policy to the file).
    PolicyBlock {
        /// 1-based line of `policy`.
        line: usize,
    },
}

impl GoldenError {
    /// The 1-based line the error is on.
    pub fn line(&self) -> usize {
        match self {
            GoldenError::Empty | GoldenError::TooLarge { .. } => 1,
            GoldenError::NotUtf8 { line }
            | GoldenError::MergeConflict { line }
            | GoldenError::NotAnObject { line, .. }
            | GoldenError::Malformed { line, .. }
            | GoldenError::FormatVersion { line, .. }
            | GoldenError::PolicyBlock { line } => *line,
        }
    }

    /// True for a golden that is valid but from another version of contract-pin
    /// (another format version, or a `policy` block).
    pub fn is_stale(&self) -> bool {
        matches!(
            self,
            GoldenError::FormatVersion { .. } | GoldenError::PolicyBlock { .. }
        )
    }

    /// True for a golden written by a newer contract-pin than this one.
    pub fn is_ahead(&self) -> bool {
        matches!(self, GoldenError::FormatVersion { found: Some(v), .. } if *v > FORMAT_VERSION)
    }
}

impl std::error::Error for GoldenError {}

/// A set name: 1-64 characters of `a-z`, `0-9`, `_` and `-`, starting with a letter.
/// Set and package names become parts of the golden's path, so nothing that could
/// name another directory (`/`, `..`, `\\`) gets through. Made only by
/// [`SetName::parse`]: every front end (the attribute, `assert_golden!`, the harness,
/// the policy file) validates with it and refuses in its words ([`InvalidSetName`]).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SetName(String);

/// A string that is not a set name; its `Display` is the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidSetName;

impl std::error::Error for InvalidSetName {}

impl SetName {
    /// `s` as a set name, or why it is none.
    pub fn parse(s: &str) -> Result<SetName, InvalidSetName> {
        let valid = !s.is_empty()
            && s.len() <= 64
            && s.starts_with(|c: char| c.is_ascii_lowercase())
            && s.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-');
        if valid {
            Ok(SetName(s.to_owned()))
        } else {
            Err(InvalidSetName)
        }
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for SetName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

// A set name is read wherever a `&str` is (messages, paths, maps keyed by name); only
// making one needs [`SetName::parse`].
impl std::ops::Deref for SetName {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl PartialEq<str> for SetName {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for SetName {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

/// True when `s` is a set name (see [`SetName`]).
pub fn valid_set_name(s: &str) -> bool {
    SetName::parse(s).is_ok()
}

/// A package name as cargo allows it: ASCII letters, digits, `_` and `-`, not
/// starting with `-`.
pub fn valid_package_name(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with('-')
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Where the golden of `set` for `package` lives below the golden root:
/// `<root>/<set>-contract/<package>.json`. The root is `$CONTRACT_PIN_GOLDEN_DIR`
/// (relative to the package directory when relative) or `<package dir>/golden`.
pub fn path(golden_dir: Option<&str>, manifest_dir: &Path, set: &str, package: &str) -> PathBuf {
    let root = match golden_dir {
        Some(dir) if !dir.is_empty() => manifest_dir.join(dir),
        _ => manifest_dir.join("golden"),
    };
    root.join(format!("{set}-contract"))
        .join(format!("{package}.json"))
}

/// Parses a golden strictly: an empty or oversized file, conflict markers, bad UTF-8,
/// malformed or truncated JSON, a non-object, unknown keys and duplicate symbols are
/// errors with a line number; another format version is
/// [`GoldenError::FormatVersion`], a `policy` block [`GoldenError::PolicyBlock`].
/// Never panics, whatever the bytes.
pub fn parse(bytes: &[u8]) -> Result<Golden, GoldenError> {
    if bytes.len() > MAX_BYTES {
        return Err(GoldenError::TooLarge { bytes: bytes.len() });
    }
    let text = std::str::from_utf8(bytes).map_err(|e| GoldenError::NotUtf8 {
        line: line_of_offset(bytes, e.valid_up_to()),
    })?;
    if text.trim().is_empty() {
        return Err(GoldenError::Empty);
    }
    if let Some(line) = conflict_marker_line(text) {
        return Err(GoldenError::MergeConflict { line });
    }
    // A golden of this version, as contract-pin writes it, reads in one typed pass.
    // Anything else is read again below, as a `Value` first, to say what is wrong:
    // another format version is stale, not a schema error.
    if let Ok(golden) = crate::json::from_str::<Golden>(text) {
        if golden.format_version == FORMAT_VERSION {
            return Ok(golden);
        }
    }
    let value: crate::json::Value = crate::json::from_str(text).map_err(malformed)?;
    let start = line_of_offset(bytes, text.len() - text.trim_start().len());
    let object = match &value {
        crate::json::Value::Object(object) => object,
        other => {
            return Err(GoldenError::NotAnObject {
                line: start,
                found: json_kind(other),
            })
        }
    };
    let version_line = key_line(text, "format_version").unwrap_or(start);
    match object.get("format_version") {
        Some(version) => match version.as_u64() {
            Some(FORMAT_VERSION) => {}
            Some(v) => {
                return Err(GoldenError::FormatVersion {
                    found: Some(v),
                    line: version_line,
                })
            }
            None => {
                return Err(GoldenError::Malformed {
                    line: version_line,
                    column: 1,
                    message: format!(
                        "`format_version` must be a whole number, not {}",
                        json_kind(version)
                    ),
                })
            }
        },
        // A golden from before versioning: stale. Anything else without a version
        // is not a golden at all.
        None if object.contains_key("symbols") => {
            return Err(GoldenError::FormatVersion {
                found: None,
                line: start,
            })
        }
        None => {}
    }
    if object.contains_key("policy") {
        return Err(GoldenError::PolicyBlock {
            line: key_line(text, "policy").unwrap_or(start),
        });
    }
    let golden: Golden = crate::json::from_str(text).map_err(|e| {
        let mut error = malformed(e);
        // The reader places a duplicate at the end of the map: point at the duplicate.
        if let GoldenError::Malformed {
            line,
            column,
            message,
        } = &mut error
        {
            let duplicate = message
                .strip_prefix("duplicate symbol `")
                .and_then(|m| m.strip_suffix('`'));
            if let Some(at) = duplicate.and_then(|name| second_key_line(text, name)) {
                (*line, *column) = (at, 1);
            }
        }
        error
    })?;
    Ok(golden)
}

/// A golden's header: everything but its symbols.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// See [`FORMAT_VERSION`].
    pub format_version: u64,
    /// The contract set.
    pub set: String,
    /// The package whose registrations it pins.
    pub package: String,
    /// See [`Golden::dependency_paths`].
    #[serde(default)]
    pub dependency_paths: BTreeMap<String, String>,
    /// See [`Golden::dependency_versions`].
    #[serde(default)]
    pub dependency_versions: BTreeMap<String, String>,
}

/// What a golden says about the current shapes: see [`compare`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The golden's header.
    pub header: Header,
    /// Every delta from the golden to the current shapes, `policy` applied, sorted as
    /// [`diff::diff_sets`] sorts them.
    pub deltas: Vec<Delta>,
    /// Symbols whose stored fingerprint does not match their stored shape (hand
    /// edits), as [`Golden::integrity_mismatches`] names them.
    pub tampered: Vec<String>,
}

/// Compares the golden `bytes` with the `current` shapes under the set's `policy`:
/// exactly what [`parse`], [`diff::diff_sets`] and [`Golden::integrity_mismatches`]
/// say together, with the errors [`parse`] reports.
///
/// A golden in the layout contract-pin writes is read in one pass that checks each
/// stored shape against the current shape's canonical text and parses only the
/// shapes that differ (see `golden/layout.rs`): a large set that matches costs one
/// render per symbol, not a parse, a diff and a re-fingerprint. Any other golden is
/// parsed whole.
pub fn compare(
    bytes: &[u8],
    current: &Current,
    policy: &Policy,
) -> Result<Comparison, CompareError> {
    compare_read(Read::new(bytes, &Parse::new()), current, policy)
}

/// A golden's parse, kept by whoever holds its bytes ([`Read`]).
pub type Parse = std::sync::OnceLock<Result<Golden, GoldenError>>;

/// A golden's bytes with their parse, made at most once and only when first needed: a
/// golden in the canonical layout that matches is compared as text and never parsed.
/// The verdict, a front end's respelling and its printer share the one parse.
#[derive(Clone, Copy)]
pub struct Read<'a> {
    bytes: &'a [u8],
    parsed: &'a Parse,
}

impl<'a> Read<'a> {
    /// `bytes`, whose parse is kept in `parsed` (empty, or the parse of these bytes).
    pub fn new(bytes: &'a [u8], parsed: &'a Parse) -> Read<'a> {
        Read { bytes, parsed }
    }

    /// The golden's bytes.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The golden parsed ([`parse`]), the first time it is asked for.
    pub fn parsed(&self) -> Result<&'a Golden, &'a GoldenError> {
        self.parsed.get_or_init(|| parse(self.bytes)).as_ref()
    }
}

/// [`compare`] of a golden whose parse is shared with the caller.
pub fn compare_read(
    golden: Read<'_>,
    current: &Current,
    policy: &Policy,
) -> Result<Comparison, CompareError> {
    let bytes = golden.bytes();
    if bytes.len() <= MAX_BYTES {
        // No conflict marker, bad byte or unknown key survives the layout: the fast
        // path answers only for a golden that `parse` accepts.
        let fast = std::str::from_utf8(bytes)
            .ok()
            .and_then(|text| layout::compare(text, golden, current, policy));
        if let Some(mut comparison) = fast {
            settle_with_set(&mut comparison.deltas, current, policy);
            return Ok(comparison);
        }
    }
    let golden = golden
        .parsed()
        .map_err(|e| CompareError::Golden(e.clone()))?;
    let symbols = current.symbols().map_err(CompareError::Current)?;
    let tampered = golden
        .integrity_mismatches()
        .into_iter()
        .map(str::to_owned)
        .collect();
    // `diff_sets` settles with the whole set itself.
    let types = crate::variance::WithTraitImpls {
        types: &symbols,
        current,
    };
    let deltas = diff::diff_sets_among(&golden.shapes(), &symbols, &types, policy);
    Ok(Comparison {
        header: Header {
            format_version: golden.format_version,
            set: golden.set.clone(),
            package: golden.package.clone(),
            dependency_paths: golden.dependency_paths.clone(),
            dependency_versions: golden.dependency_versions.clone(),
        },
        deltas,
        tampered,
    })
}

/// What one symbol's comparison left open and the set's other symbols settle: whether
/// a parameter's old type meets the bounds of the type parameter that replaced it,
/// through the implementors of the set's traits (`diff::shared::generalisation`).
fn settle_with_set(deltas: &mut [Delta], current: &Current, policy: &Policy) {
    crate::diff::shared::generalisation::settle_all(
        deltas,
        &|last| {
            current
                .iter()
                .filter(|(name, _)| name.rsplit("::").next() == Some(last))
                .filter_map(|(_, s)| s.symbol().ok())
                .collect()
        },
        &|symbol| current.get(symbol).and_then(|s| s.module().ok().flatten()),
        policy,
    );
}

/// Why [`compare`] has no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompareError {
    /// The golden is not a valid golden of this version.
    Golden(GoldenError),
    /// A current shape's registered text does not read.
    Current(Unreadable),
}

/// A golden read for the compile-time check, which holds one item at a time to
/// its entry: the header and where each stored entry is, without parsing a shape.
///
/// The macro reads each golden once per compiler process this way and looks up
/// the entry of every item it expands; an item whose stored text is, whitespace
/// aside, its current text needs nothing more. Only a golden off the canonical
/// layout, or an item that differs from its entry, needs [`parse`] (which also says
/// exactly what is wrong with a golden that is not one).
#[derive(Debug)]
pub struct Index {
    text: String,
    header: Header,
    /// By name: where its entry's parts are in `text`.
    entries: std::collections::HashMap<String, EntryAt>,
}

/// Where one stored entry's parts are in the text of an [`Index`].
#[derive(Clone, Debug)]
struct EntryAt {
    fingerprint: std::ops::Range<usize>,
    shape: std::ops::Range<usize>,
    /// In the shape: the line of its `item`, `path` and `module` keys.
    item: Option<usize>,
    path: Option<usize>,
    module: Option<usize>,
}

/// One stored entry of an [`Index`], as text.
#[derive(Clone, Copy, Debug)]
pub struct StoredEntry<'a> {
    /// The stored fingerprint.
    pub fingerprint: &'a str,
    /// The stored shape, as written (pretty JSON).
    pub shape: &'a str,
    /// In `shape`: the line of its `item`, `path` and `module` keys.
    item: Option<usize>,
    path: Option<usize>,
    module: Option<usize>,
}

impl Index {
    /// Reads a golden of this version in the canonical layout; `None` for anything
    /// else (another version, another layout, a conflict marker, an invalid file):
    /// [`parse`] it to learn what it is.
    pub fn read(bytes: &[u8]) -> Option<Index> {
        if bytes.len() > MAX_BYTES {
            return None;
        }
        let text = std::str::from_utf8(bytes).ok()?.to_owned();
        // No conflict marker survives the layout (see `layout::shape_extent`).
        let (header, raw) = layout::entries(&text)?;
        let base = text.as_ptr() as usize;
        // Where a slice of `text` is in it.
        let range = |part: &str| {
            let start = part.as_ptr() as usize - base;
            start..start + part.len()
        };
        let mut entries = std::collections::HashMap::with_capacity(raw.len());
        for entry in raw {
            // A fingerprint is plain hex: one with escapes is not what was written.
            let std::borrow::Cow::Borrowed(fingerprint) = entry.fingerprint else {
                return None;
            };
            let at = EntryAt {
                fingerprint: range(fingerprint),
                shape: range(entry.shape),
                item: entry.keys.item,
                path: entry.keys.path,
                module: entry.keys.module,
            };
            entries.insert(entry.name.into_owned(), at);
        }
        Some(Index {
            header,
            entries,
            text,
        })
    }

    /// The golden's header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The stored entry of `name`.
    pub fn entry(&self, name: &str) -> Option<StoredEntry<'_>> {
        let at = self.entries.get(name)?;
        Some(StoredEntry {
            fingerprint: &self.text[at.fingerprint.clone()],
            shape: &self.text[at.shape.clone()],
            item: at.item,
            path: at.path,
            module: at.module,
        })
    }

    /// The golden's bytes, for [`parse`] when an entry needs more than its text.
    pub fn bytes(&self) -> &[u8] {
        self.text.as_bytes()
    }
}

impl<'a> StoredEntry<'a> {
    /// True when the stored symbol's item is `item` (the compact canonical text of
    /// an item's shape), whitespace aside: then the item has not changed.
    pub fn item_is(&self, item: &str) -> bool {
        // The shape's own keys start its lines at one indent; deeper keys are
        // indented further, and no string holds a newline.
        let Some(at) = self.item else {
            return false;
        };
        let stored = &self.shape[at + layout::ITEM_KEY.len()..];
        // As the layout writes it: one comparison. Other whitespace between the
        // tokens is read token by token; `item` is one whole object, so a prefix
        // that reads as it ends where it does.
        layout::starts_with_layout_of(stored, item, 8)
            || canonical::json_prefix_len(stored, item).is_some()
    }

    /// The module the stored symbol was defined in (`module_path!()`), if it says:
    /// its key's line, found when the index was read, without parsing the shape.
    pub fn module(&self) -> Option<std::borrow::Cow<'a, str>> {
        let rest = &self.shape[self.module? + layout::MODULE_KEY.len()..];
        let value = rest.split('\n').next().unwrap_or_default();
        let value = value.trim_end_matches(',');
        // A module path has no escapes; read one that has as JSON.
        match value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
            Some(plain) if !plain.contains('\\') => Some(std::borrow::Cow::Borrowed(plain)),
            _ => crate::json::from_str(value)
                .ok()
                .map(std::borrow::Cow::Owned),
        }
    }

    /// True when the stored symbol's public path (`path = "…"`) is `path`.
    pub fn path_is(&self, path: Option<&str>) -> bool {
        let stored = self.path.map(|at| {
            let rest = &self.shape[at + layout::PATH_KEY.len()..];
            let line = rest.split('\n').next().unwrap_or_default();
            crate::json::from_str::<String>(line.trim_end_matches(',')).ok()
        });
        match (stored, path) {
            (None, None) => true,
            (Some(Some(stored)), Some(path)) => stored == path,
            _ => false,
        }
    }
}

/// The 1-based line of the first `"key"` in `text`, if any: to point an error that
/// the JSON parser did not raise (a version, a set, an override) at its line.
pub fn key_line(text: &str, key: &str) -> Option<usize> {
    let quoted = format!("\"{key}\"");
    text.lines()
        .position(|l| l.contains(&quoted))
        .map(|i| i + 1)
}

/// The line of the second `"key":` that starts a line.
fn second_key_line(text: &str, key: &str) -> Option<usize> {
    let opening = format!("\"{key}\":");
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.trim_start().starts_with(&opening))
        .nth(1)
        .map(|(i, _)| i + 1)
}

fn malformed(e: crate::json::Error) -> GoldenError {
    let message = strip_position(&e.to_string());
    let message = if e.is_eof() {
        format!("the file ends before its JSON does (truncated, or an unfinished edit): {message}")
    } else {
        message
    };
    GoldenError::Malformed {
        line: e.line().max(1),
        column: e.column().max(1),
        message,
    }
}

fn json_kind(value: &crate::json::Value) -> &'static str {
    match value {
        crate::json::Value::Null => "null",
        crate::json::Value::Bool(_) => "a boolean",
        crate::json::Value::Number(_) => "a number",
        crate::json::Value::String(_) => "a string",
        crate::json::Value::Array(_) => "an array",
        crate::json::Value::Object(_) => "an object",
    }
}

fn line_of_offset(bytes: &[u8], offset: usize) -> usize {
    bytes[..offset.min(bytes.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

fn conflict_marker_line(text: &str) -> Option<usize> {
    // Whole-text searches first: a golden almost never has a marker, and scanning
    // it line by line costs more than the rest of reading it.
    if !["<<<<<<<", ">>>>>>>", "|||||||", "======="]
        .iter()
        .any(|marker| text.contains(marker))
    {
        return None;
    }
    text.lines()
        .position(|line| {
            line.starts_with("<<<<<<<")
                || line.starts_with(">>>>>>>")
                || line.starts_with("|||||||")
                || line == "======="
        })
        .map(|i| i + 1)
}

/// The reader's message ends with " at line L column C", which we report ourselves.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_owned(),
        None => message.to_owned(),
    }
}

fn unique_keys<'de, D, V>(deserializer: D) -> Result<BTreeMap<String, V>, D::Error>
where
    D: Deserializer<'de>,
    V: Deserialize<'de>,
{
    struct Unique<V>(std::marker::PhantomData<V>);
    impl<'de, V: Deserialize<'de>> Visitor<'de> for Unique<V> {
        type Value = BTreeMap<String, V>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a map of symbols")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some((key, value)) = map.next_entry::<String, V>()? {
                if out.contains_key(&key) {
                    return Err(serde::de::Error::custom(format!(
                        "duplicate symbol `{key}`"
                    )));
                }
                out.insert(key, value);
            }
            Ok(out)
        }
    }
    deserializer.deserialize_map(Unique(std::marker::PhantomData))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{ItemShape, Value, ValueItemShape};

    fn sample() -> Golden {
        let mut symbols = BTreeMap::new();
        symbols.insert(
            "MAX_RETRIES".to_owned(),
            Symbol {
                module: Some("x::routing".to_owned()),
                item: Some(ItemShape::Const(ValueItemShape::new(
                    crate::ty::Type::named("u32"),
                    Value::Expr("3".to_owned()),
                ))),
                ..Symbol::default()
            },
        );
        Golden::new("phase6", "x", &symbols)
    }

    #[test]
    fn render_then_parse_round_trips_and_is_canonical() {
        let golden = sample();
        let text = golden.render();
        assert!(text.ends_with("}\n") && text.is_ascii() && !text.contains('\r'));
        let back = parse(text.as_bytes()).unwrap();
        assert_eq!(back, golden);
        assert_eq!(back.render(), text);
        assert!(back.integrity_mismatches().is_empty());
    }

    #[test]
    fn hand_edits_break_integrity() {
        let text = sample().render().replace("\"3\"", "\"4\"");
        let golden = parse(text.as_bytes()).unwrap();
        assert_eq!(golden.integrity_mismatches(), vec!["MAX_RETRIES"]);
    }

    #[test]
    fn bad_inputs_are_errors_with_lines() {
        let text = sample().render();
        let conflicted = text.replacen("  \"set\"", "<<<<<<< HEAD\n  \"set\"", 1);
        let line = conflicted
            .lines()
            .position(|l| l.starts_with("<<<"))
            .unwrap()
            + 1;
        assert_eq!(
            parse(conflicted.as_bytes()),
            Err(GoldenError::MergeConflict { line })
        );

        let mut bytes = b"{\n\n\xff}".to_vec();
        assert_eq!(parse(&bytes), Err(GoldenError::NotUtf8 { line: 3 }));
        bytes.truncate(2);
        assert!(matches!(
            parse(&bytes),
            Err(GoldenError::Malformed { line: 2, .. })
        ));

        let future = text.replace(
            &format!("\"format_version\": {FORMAT_VERSION}"),
            "\"format_version\": 99",
        );
        assert_eq!(
            parse(future.as_bytes()),
            Err(GoldenError::FormatVersion {
                found: Some(99),
                line: 2
            })
        );

        let unknown = text.replacen("\"set\"", "\"sett\": 1, \"set\"", 1);
        let err = parse(unknown.as_bytes()).unwrap_err();
        assert!(err.to_string().contains("unknown field `sett`"), "{err}");
    }

    #[test]
    fn duplicate_symbols_are_rejected() {
        let text = sample().render();
        let start = text.find("    \"MAX_RETRIES\"").unwrap();
        let end = text.rfind("\n  }\n}").unwrap();
        let entry = &text[start..end];
        let doubled = text.replacen(entry, &format!("{entry},\n{entry}"), 1);
        let err = parse(doubled.as_bytes()).unwrap_err();
        assert!(
            err.to_string().contains("duplicate symbol `MAX_RETRIES`"),
            "{err}"
        );
    }
}

#[cfg(test)]
mod hostile_tests {
    use super::*;

    fn sample_text() -> String {
        Golden::new("s", "p", &BTreeMap::new()).render()
    }

    #[test]
    fn every_kind_of_bad_bytes_is_an_error_never_a_panic() {
        assert_eq!(parse(b""), Err(GoldenError::Empty));
        assert_eq!(parse(b" \n\t\n"), Err(GoldenError::Empty));
        assert_eq!(
            parse(b"\n[1]"),
            Err(GoldenError::NotAnObject {
                line: 2,
                found: "an array"
            })
        );
        assert!(matches!(
            parse(b"3.5"),
            Err(GoldenError::NotAnObject {
                found: "a number",
                ..
            })
        ));
        let huge = vec![b' '; MAX_BYTES + 1];
        assert!(matches!(parse(&huge), Err(GoldenError::TooLarge { .. })));
        let truncated = sample_text();
        let err = parse(&truncated.as_bytes()[..truncated.len() / 2]).unwrap_err();
        assert!(err.to_string().contains("truncated"), "{err}");
        let deep = "[".repeat(10_000);
        assert!(matches!(
            parse(deep.as_bytes()),
            Err(GoldenError::Malformed { .. })
        ));
    }

    #[test]
    fn versions_and_overrides() {
        let text = sample_text();
        let unversioned = text.replace(&format!("\"format_version\": {FORMAT_VERSION},"), "");
        assert_eq!(
            parse(unversioned.as_bytes()),
            Err(GoldenError::FormatVersion {
                found: None,
                line: 1
            })
        );
        assert!(matches!(
            parse(br#"{"format_version": -1}"#),
            Err(GoldenError::Malformed { .. })
        ));
        assert!(
            parse(format!("{{\"format_version\": {}}}", FORMAT_VERSION + 1).as_bytes())
                .unwrap_err()
                .is_ahead()
        );
        // A `policy` block, as goldens carried before the policy file: stale whatever
        // it holds, never corrupt.
        let with_policy = text.replacen(
            "\"package\"",
            "\"policy\": {\"overrides\": {\"nope\": \"additive\"}},\n\"package\"",
            1,
        );
        let err = parse(with_policy.as_bytes()).unwrap_err();
        assert_eq!(err, GoldenError::PolicyBlock { line: 3 });
        assert!(err.is_stale() && !err.is_ahead());
        assert!(err.to_string().contains("contract-pin.toml"), "{err}");
    }
}

#[cfg(test)]
mod compare_tests {
    use super::*;
    use crate::shape::{FieldShape, FieldStyle, ItemShape, StructShape, Value, ValueItemShape};

    /// [`super::compare`] of shapes already read (they always read).
    fn compare(
        bytes: &[u8],
        current: &BTreeMap<String, Symbol>,
        policy: &Policy,
    ) -> Result<Comparison, GoldenError> {
        match super::compare(bytes, &Current::from_symbols(current.clone()), policy) {
            Ok(comparison) => Ok(comparison),
            Err(CompareError::Golden(e)) => Err(e),
            Err(CompareError::Current(e)) => panic!("{e}"),
        }
    }

    /// The fast path alone.
    fn fast(text: &str, current: &BTreeMap<String, Symbol>, policy: &Policy) -> Option<Comparison> {
        let parse = Parse::new();
        let read = Read::new(text.as_bytes(), &parse);
        layout::compare(text, read, &Current::from_symbols(current.clone()), policy)
    }

    fn konst(value: &str) -> Symbol {
        Symbol {
            module: Some("x::m".to_owned()),
            item: Some(ItemShape::Const(ValueItemShape::new(
                crate::ty::Type::named("u32"),
                Value::Rows(vec![value.to_owned(), "say \"hi\"\n".to_owned()]),
            ))),
            ..Symbol::default()
        }
    }

    fn record(fields: &[(&str, &str)]) -> Symbol {
        Symbol {
            module: Some("x::m".to_owned()),
            item: Some(ItemShape::Struct(StructShape {
                vis: crate::shape::Visibility::Public,
                hidden: false,
                generics: Default::default(),
                attrs: Default::default(),
                style: FieldStyle::Named,
                fields: fields
                    .iter()
                    .map(|(name, ty)| FieldShape {
                        name: name.to_string(),
                        hidden: false,
                        vis: crate::shape::Visibility::Public,
                        ty: crate::ty::Type::parse(ty).unwrap(),
                        serde: Default::default(),
                    })
                    .collect(),
            })),
            ..Symbol::default()
        }
    }

    fn set(entries: &[(&str, Symbol)]) -> BTreeMap<String, Symbol> {
        entries
            .iter()
            .map(|(n, s)| (n.to_string(), s.clone()))
            .collect()
    }

    fn golden_text(symbols: &BTreeMap<String, Symbol>) -> String {
        Golden::new("s", "p", symbols).render()
    }

    /// `compare` against the reference: parse everything, diff, check integrity.
    #[track_caller]
    fn assert_same_verdict(text: &str, current: &BTreeMap<String, Symbol>) -> Comparison {
        assert_same_verdict_under(text, current, &Policy::default())
    }

    #[track_caller]
    fn assert_same_verdict_under(
        text: &str,
        current: &BTreeMap<String, Symbol>,
        policy: &Policy,
    ) -> Comparison {
        let full = parse(text.as_bytes()).expect("parses");
        let expected = Comparison {
            header: Header {
                format_version: full.format_version,
                set: full.set.clone(),
                package: full.package.clone(),
                dependency_paths: full.dependency_paths.clone(),
                dependency_versions: full.dependency_versions.clone(),
            },
            deltas: diff::diff_sets(&full.shapes(), current, policy),
            tampered: full
                .integrity_mismatches()
                .into_iter()
                .map(str::to_owned)
                .collect(),
        };
        // The entry point, whichever path it takes, and the fast path when it answers.
        let got = compare(text.as_bytes(), current, policy).expect("compares");
        assert_eq!(got, expected);
        if let Some(fast) = fast(text, current, policy) {
            assert_eq!(fast, expected);
        }
        got
    }

    fn fast_path_answers(text: &str, current: &BTreeMap<String, Symbol>) -> bool {
        fast(text, current, &Policy::default()).is_some()
    }

    fn golden_set() -> BTreeMap<String, Symbol> {
        set(&[
            ("A", konst("1")),
            ("B", record(&[("a", "u8"), ("b", "String")])),
            ("C", konst("3")),
            ("D", record(&[("x", "Vec<u8>")])),
            ("E", konst("5")),
        ])
    }

    #[test]
    fn compare_says_what_a_full_parse_says() {
        let golden = golden_set();
        let text = golden_text(&golden);
        // Unchanged.
        let same = assert_same_verdict(&text, &golden);
        assert!(same.deltas.is_empty() && same.tampered.is_empty());
        // A field changed, a symbol removed, one renamed, one added.
        let mut edited = golden.clone();
        edited.insert("B".to_owned(), record(&[("a", "u16"), ("b", "String")]));
        edited.remove("C");
        let d = edited.remove("D").unwrap();
        edited.insert("Renamed".to_owned(), d);
        edited.insert("F".to_owned(), konst("6"));
        let verdict = assert_same_verdict(&text, &edited);
        assert_eq!(verdict.deltas.len(), 4, "{:#?}", verdict.deltas);
        // Nothing registered at all.
        assert_same_verdict(&text, &BTreeMap::new());
    }

    /// A shape's closing brace joined to the entry's (`}},`) or to the shape's last
    /// line is still JSON, but not the layout: the index once cut the first entry at
    /// the second's closing brace and lost the second entry, so the macro held no
    /// item to it.
    #[test]
    fn an_entry_joined_to_its_shape_is_off_the_layout() {
        let golden = golden_set();
        let text = golden_text(&golden);
        for joined in [
            text.replacen("\n      }\n    },", "\n      }},", 1),
            text.replacen("\n      }\n    },", "}\n    },", 1),
            text.replacen("\n      }\n    },", "}},", 1),
            // Joined to the next entry's name too: its keys' lines then stood inside
            // the first shape, and the index lost that entry (golden_mutations).
            text.replacen("\n      }\n    },\n    \"B\": {", "}},\"B\": {", 1),
        ] {
            assert_ne!(joined, text);
            assert_eq!(
                parse(joined.as_bytes()).expect("still JSON").shapes(),
                golden
            );
            assert!(Index::read(joined.as_bytes()).is_none(), "{joined}");
            assert!(!fast_path_answers(&joined, &golden));
            assert_same_verdict(&joined, &golden);
        }
        // The layout itself is read, every entry found.
        let index = Index::read(text.as_bytes()).expect("the layout reads");
        for (name, symbol) in &golden {
            let entry = index.entry(name).expect("every entry");
            assert_eq!(
                serde_json::from_str::<Symbol>(entry.shape).unwrap(),
                *symbol
            );
        }
        let empty = set(&[("A", Symbol::default())]);
        let text = golden_text(&empty);
        let index = Index::read(text.as_bytes()).expect("an empty shape is in the layout");
        assert_eq!(index.entry("A").unwrap().shape, "{}");
    }

    #[test]
    fn the_canonical_layout_is_read_in_one_pass_and_nothing_else_is() {
        let golden = golden_set();
        let text = golden_text(&golden);
        let mut edited = golden.clone();
        edited.insert("B".to_owned(), record(&[("a", "u16")]));
        edited.remove("C");
        edited.insert("Z".to_owned(), konst("26"));
        for current in [&golden, &edited, &BTreeMap::new()] {
            assert!(fast_path_answers(&text, current));
            assert_same_verdict(&text, current);
        }
        let empty = golden_text(&BTreeMap::new());
        assert!(fast_path_answers(&empty, &golden));
        assert_same_verdict(&empty, &golden);
        // The records of other crates' paths are the header's.
        let recorded = Golden::new("s", "p", &golden)
            .with_dependency_paths(BTreeMap::from([(
                "clock::Duration".to_owned(),
                "std::time::Duration".to_owned(),
            )]))
            .render();
        assert!(recorded.contains("\"dependency_paths\""), "{recorded}");
        assert!(fast_path_answers(&recorded, &edited));
        let read = assert_same_verdict(&recorded, &edited);
        assert_eq!(read.header.dependency_paths.len(), 1);
        assert_eq!(parse(recorded.as_bytes()).unwrap().render(), recorded);
        // Names with escapes, and a symbol name sorting before another's prefix.
        let odd = set(&[
            ("Ab", konst("1")),
            ("A\u{e9}\"b", konst("2")),
            ("A", konst("3")),
        ]);
        let odd_text = golden_text(&odd);
        assert!(fast_path_answers(&odd_text, &odd));
        assert_same_verdict(&odd_text, &odd);

        // Other whitespace inside a shape is still read in one pass.
        let tabs = text.replace("\n        ", "\n\t");
        assert!(fast_path_answers(&tabs, &golden));
        assert_same_verdict(&tabs, &golden);

        // Anything off the layout is left to the general path.
        let off_layout = [
            text.replace("\"fingerprint\": ", "\"fingerprint\" : "),
            text.replacen("\"set\": \"s\"", "\"set\": \"s\", \"extra\": 1", 1),
            text.trim_end().to_owned(),
            format!("{text} "),
            text.replacen("\"A\": {", "\"E\": {", 1),
            text.replacen(
                &format!("\"format_version\": {FORMAT_VERSION}"),
                &format!("\"format_version\": {}", FORMAT_VERSION + 1),
                1,
            ),
        ];
        for other in &off_layout {
            assert_ne!(other, &text);
            assert!(!fast_path_answers(other, &golden), "{other}");
        }
        // Off the layout but valid: the entry point still answers, exactly.
        assert_same_verdict(&off_layout[0], &golden);
        assert_same_verdict(&off_layout[2], &golden);
        assert_same_verdict(&off_layout[3], &golden);
        // Off the layout and invalid: the general path's errors.
        assert!(matches!(
            compare(off_layout[1].as_bytes(), &golden, &Policy::default()),
            Err(GoldenError::Malformed { .. })
        ));
        assert!(matches!(
            compare(off_layout[4].as_bytes(), &golden, &Policy::default()),
            Err(GoldenError::Malformed { .. })
        ));
        assert_eq!(
            compare(off_layout[5].as_bytes(), &golden, &Policy::default()).unwrap_err(),
            GoldenError::FormatVersion {
                found: Some(FORMAT_VERSION + 1),
                line: 2
            }
        );
        // A conflict marker is reported as one, wherever it is.
        for marker in ["<<<<<<< ours", "=======", ">>>>>>> theirs"] {
            let conflicted = text.replacen("\n    \"B\"", &format!("\n{marker}\n    \"B\""), 1);
            assert!(matches!(
                compare(conflicted.as_bytes(), &golden, &Policy::default()),
                Err(GoldenError::MergeConflict { .. })
            ));
        }
    }

    #[test]
    fn the_policy_decides_the_classes_on_both_paths() {
        let golden = golden_set();
        let text = golden_text(&golden);
        let mut edited = golden.clone();
        edited.insert("A".to_owned(), konst("2"));
        let default = assert_same_verdict(&text, &edited);
        assert!(
            default.deltas.iter().all(|d| d.is_breaking()),
            "{default:?}"
        );
        let mut lenient = Policy::default();
        for d in &default.deltas {
            lenient.overrides.insert(d.kind, crate::Class::Additive);
        }
        assert!(fast_path_answers(&text, &edited));
        let verdict = assert_same_verdict_under(&text, &edited, &lenient);
        assert_eq!(verdict.deltas.len(), default.deltas.len());
        assert!(
            verdict.deltas.iter().all(|d| !d.is_breaking()),
            "{verdict:?}"
        );
    }

    #[test]
    fn a_canonical_golden_that_parse_refuses_is_refused_by_compare_too() {
        let golden = golden_set();
        // A golden of the layout, but with the `policy` block goldens carried before
        // the policy file.
        let text = golden_text(&golden).replacen(
            "\n  \"set\"",
            "\n  \"policy\": {\"axes\": [\"api\"]},\n  \"set\"",
            1,
        );
        let expected = parse(text.as_bytes()).unwrap_err();
        assert_eq!(expected, GoldenError::PolicyBlock { line: 4 });
        assert!(expected.is_stale());

        assert!(!fast_path_answers(&text, &golden));
        assert_eq!(
            compare(text.as_bytes(), &golden, &Policy::default()).unwrap_err(),
            expected
        );

        let too_large = format!("{text}{}", " ".repeat(MAX_BYTES));
        assert!(matches!(
            compare(too_large.as_bytes(), &golden, &Policy::default()),
            Err(GoldenError::TooLarge { .. })
        ));
    }

    #[test]
    fn a_large_golden_checked_in_two_parts_says_the_same() {
        // Enough symbols for two parts.
        let per_symbol = golden_text(
            &(0..100)
                .map(|i| (format!("S{i:05}"), konst(&i.to_string())))
                .collect(),
        )
        .len()
            / 100;
        let n = layout::TWO_THREADS_FROM / per_symbol + 100;
        let golden: BTreeMap<String, Symbol> = (0..n)
            .map(|i| (format!("S{i:05}"), konst(&i.to_string())))
            .collect();
        let text = golden_text(&golden);
        let body = text.find("\"symbols\": {").unwrap() + "\"symbols\": {".len();
        let cut = layout::split(&text, body).expect("large enough for two parts");
        let second: String = text[cut..]
            .trim_start_matches(['\n', ' ', '"'])
            .chars()
            .take_while(|c| *c != '"')
            .collect();
        let last = format!("S{:05}", n - 1);
        assert!(second.as_str() > "S00007" && second < last, "{second}");

        // Edits in both parts and at the cut: the first name of the second part
        // removed, and a name added just before it (so in the first part's range).
        let mut current = golden.clone();
        current.insert("S00007".to_owned(), konst("changed"));
        current.remove(&second);
        let k: usize = second[1..].parse().unwrap();
        let added = format!("S{:05}-", k - 1);
        assert!(added < second);
        current.insert(added.clone(), konst("new"));
        current.insert(last.clone(), konst("changed"));
        current.insert("S99999".to_owned(), konst("new"));
        let edited_row = format!("\"{}\"", n - 5);
        let tampered = text.replacen(&edited_row, "\"edited\"", 1);
        assert!(fast_path_answers(&tampered, &current));
        let verdict = assert_same_verdict(&tampered, &current);
        assert_eq!(verdict.tampered, [format!("S{:05}", n - 5)]);
        let found: Vec<(&str, &str)> = verdict
            .deltas
            .iter()
            .map(|d| (d.symbol.as_str(), d.kind.as_str()))
            .collect();
        let tampered_name = format!("S{:05}", n - 5);
        let mut expected = vec![
            ("S00007", "table_row_changed"),
            (second.as_str(), "symbol_removed"),
            (added.as_str(), "symbol_added"),
            // The edited stored row reads as a change too: the code still says it.
            (tampered_name.as_str(), "table_row_changed"),
            (last.as_str(), "table_row_changed"),
            ("S99999", "symbol_added"),
        ];
        expected.sort();
        let mut found_sorted = found.clone();
        found_sorted.sort();
        assert_eq!(found_sorted, expected);

        // Out of order across the cut only: each part reads, the whole is not the
        // layout (the general path still answers, exactly).
        let before_cut = format!("\n    \"{second}\": {{");
        let unsorted = text.replacen(&before_cut, "\n    \"S00000-\": {", 1);
        assert_ne!(unsorted, text);
        assert!(!fast_path_answers(&unsorted, &golden));
        assert_same_verdict(&unsorted, &golden);
    }

    /// The macro's comparison of an item with its entry: the text the layout gives
    /// a value is compared at once, and it is exactly the text `render` writes.
    #[test]
    fn an_item_is_compared_with_the_text_the_layout_gives_it() {
        use serde_json::json;
        let values = [
            json!({}),
            json!([]),
            json!({"a": 1}),
            json!({"a": [], "b": {}, "c": [1, [2, []], {"d": null}], "e": true}),
            json!({"s": "with \"quotes\", {braces}, [brackets], a: colon, a\\backslash"}),
            json!({"k\"ey": "\u{1}\n\t", "unicode": "\u{e9}\u{1F600}", "x": -1.5}),
        ];
        // Deeper than one run of indent.
        let deep = format!("{{\"deep\":{}\"x\"{}}}", "[".repeat(40), "]".repeat(40));
        let values = values
            .into_iter()
            .chain([serde_json::from_str(&deep).unwrap()]);
        let mut items: Vec<String> = values.map(|v| canonical::to_compact_string(&v)).collect();
        for symbol in golden_set().values() {
            items.extend(symbol.item.as_ref().map(canonical::to_compact_string));
        }
        for (i, item) in items.iter().enumerate() {
            // The item at the shape's indent, as a golden holds it.
            let value: serde_json::Value = serde_json::from_str(item).unwrap();
            let text = canonical::to_canonical_string(&json!({"a": {"b": {"c": {"item": value}}}}));
            let at = text.find(layout::ITEM_KEY).expect("the item's line") + layout::ITEM_KEY.len();
            let stored = &text[at..];
            assert!(
                layout::starts_with_layout_of(stored, item, 8),
                "{item}\n{text}"
            );
            assert!(canonical::json_prefix_len(stored, item).is_some());
            for (j, other) in items.iter().enumerate() {
                assert_eq!(
                    layout::starts_with_layout_of(stored, other, 8),
                    i == j,
                    "{other}"
                );
            }
            // Other whitespace is not the layout's (the item is then read token by token).
            if item.len() > 2 {
                let spaced = stored.replacen("\n", "\n ", 1);
                assert!(!layout::starts_with_layout_of(&spaced, item, 8));
                assert!(canonical::json_prefix_len(&spaced, item).is_some());
            }
        }
        // An entry knows where its item and path are.
        let mut symbols = golden_set();
        for symbol in symbols.values_mut() {
            symbol.path = Some("crate::api::X".to_owned());
        }
        let text = golden_text(&symbols);
        let index = Index::read(text.as_bytes()).expect("the layout reads");
        for (name, symbol) in &symbols {
            let entry = index.entry(name).unwrap();
            assert_eq!(entry.item.is_some(), symbol.item.is_some());
            if let Some(item) = &symbol.item {
                let compact = canonical::to_compact_string(item);
                let stored = &entry.shape[entry.item.unwrap() + layout::ITEM_KEY.len()..];
                assert!(layout::starts_with_layout_of(stored, &compact, 8));
                assert!(entry.item_is(&compact));
            }
            assert!(entry.path_is(Some("crate::api::X")));
            assert!(!entry.path_is(None));
        }
    }

    #[test]
    fn find_line_start_finds_the_first_newline_led_needle() {
        for text in [
            "",
            "\n    }",
            "abc\n    }",
            "\n      }\n    }x",
            "0123456\n    }\n    }",
            "\n\n\n\n\n\n\n\n\n    ",
            "01234567890123\n    }",
            "x\n   }\n    ]\n    }",
        ] {
            assert_eq!(
                layout::find_line_start(text, "\n    }"),
                text.find("\n    }"),
                "{text:?}"
            );
        }
    }

    #[test]
    fn hand_edits_are_found_whether_or_not_the_shape_matches_the_code() {
        let golden = golden_set();
        let text = golden_text(&golden);
        // The stored shape edited away from the code: a delta and a mismatch.
        let edited = text.replacen("\"1\"", "\"9\"", 1);
        let verdict = assert_same_verdict(&edited, &golden);
        assert_eq!(verdict.tampered, ["A"]);
        // The code changed the same way: no delta, still a mismatch.
        let mut current = golden.clone();
        current.insert("A".to_owned(), konst("9"));
        let verdict = assert_same_verdict(&edited, &current);
        assert_eq!(verdict.tampered, ["A"]);
        assert!(verdict.deltas.is_empty());
        // A fingerprint edited: a mismatch, no delta.
        let fingerprint = canonical::fingerprint(&golden["E"]);
        let edited = text.replacen(&fingerprint, &fingerprint.replace('a', "b"), 1);
        assert_ne!(edited, text);
        assert_eq!(assert_same_verdict(&edited, &golden).tampered, ["E"]);
    }

    #[test]
    fn reformatted_or_reordered_shapes_are_read_not_trusted() {
        let golden = golden_set();
        let text = golden_text(&golden);
        // Other whitespace, keys in another order: the same shapes once parsed.
        let reformatted = text.replace("\n        ", "\n\t").replacen(
            "\"ty\": \"u32\",\n",
            "\"ty\"  :\"u32\" ,\r\n",
            1,
        );
        assert_ne!(reformatted, text);
        let verdict = assert_same_verdict(&reformatted, &golden);
        assert!(verdict.deltas.is_empty() && verdict.tampered.is_empty());
        // `module` moved before `item` in the first shape.
        let module = ",\n        \"module\": \"x::m\"";
        assert!(text.contains(module));
        let reordered = text.replacen(module, "", 1).replacen(
            "\"shape\": {",
            "\"shape\": {\"module\": \"x::m\",",
            1,
        );
        let verdict = assert_same_verdict(&reordered, &golden);
        assert!(verdict.deltas.is_empty() && verdict.tampered.is_empty());
    }

    /// What the JSON reader says of the file as a whole, at its position in the file.
    fn whole_file_error(text: &str) -> GoldenError {
        crate::json::from_str::<Golden>(text)
            .map(drop)
            .map_err(malformed)
            .unwrap_err()
    }

    #[test]
    fn a_malformed_shape_is_an_error_at_its_file_position_whatever_the_code_says() {
        let golden = golden_set();
        let text = golden_text(&golden);
        let unknown_field = text.replacen(
            "\"style\": \"named\"",
            "\"style\": \"named\", \"sty\": 1",
            1,
        );
        let bad_type = text.replacen("\"x::m\"", "7", 1);
        let on_first_line = text.replacen("\"shape\": {", "\"shape\": {\"x\": 1, ", 1);
        let syntax = text.replacen("\"ty\": \"u32\"", "\"ty\" \"u32\"", 1);
        for (bad, says) in [
            (&unknown_field, "unknown field `sty`"),
            (&bad_type, "invalid type: integer `7`"),
            (&on_first_line, "unknown field `x`"),
            (&syntax, "expected `:`"),
        ] {
            let expected = whole_file_error(bad);
            assert!(expected.to_string().contains(says), "{expected}");
            assert_eq!(parse(bad.as_bytes()).unwrap_err(), expected);
            for current in [golden.clone(), BTreeMap::new()] {
                assert_eq!(
                    compare(bad.as_bytes(), &current, &Policy::default()).unwrap_err(),
                    expected
                );
            }
        }
    }

    #[test]
    fn same_json_text_ignores_whitespace_between_tokens_only() {
        assert!(canonical::same_json_text(
            "{\n  \"a\": [ 1 ]\n}",
            r#"{"a":[1]}"#
        ));
        assert!(!canonical::same_json_text(r#"{"a b":1}"#, r#"{"ab":1}"#));
        assert!(canonical::same_json_text(
            r#"{"a\" b":1}"#,
            r#"{"a\" b":1}"#
        ));
        assert!(!canonical::same_json_text(
            r#"{"a\" b":1}"#,
            r#"{"a\"b":1}"#
        ));
        assert!(canonical::same_json_text(r#"["\\", 2]"#, r#"["\\",2]"#));
        assert!(!canonical::same_json_text(r#"[1]"#, r#"[1,2]"#));
        assert!(!canonical::same_json_text(r#"[1,2]"#, r#"[1]"#));
    }
}

#[cfg(test)]
mod path_tests {
    use super::*;

    #[test]
    fn a_set_name_is_made_only_from_a_valid_one_and_the_refusal_is_the_rule() {
        for good in ["a", "phase5", "api-v2", "a_b", &"x".repeat(64)] {
            assert_eq!(SetName::parse(good).unwrap().as_str(), good);
        }
        for bad in ["", "5a", "A", "../x", "a/b", "a b", "é", &"x".repeat(65)] {
            assert_eq!(SetName::parse(bad), Err(InvalidSetName), "{bad:?}");
            assert!(!valid_set_name(bad));
        }
        assert_eq!(
            InvalidSetName.to_string(),
            "a set name is 1-64 characters of a-z, 0-9, `_` and `-`, starting with a letter"
        );
    }

    #[test]
    fn golden_path_follows_the_variable_or_the_package() {
        let pkg = Path::new("/ws/pkg");
        assert_eq!(
            path(None, pkg, "phase5", "pkg"),
            Path::new("/ws/pkg/golden/phase5-contract/pkg.json")
        );
        assert_eq!(
            path(Some(""), pkg, "phase5", "pkg"),
            Path::new("/ws/pkg/golden/phase5-contract/pkg.json")
        );
        assert_eq!(
            path(Some("/ws/golden"), pkg, "phase6", "pkg"),
            Path::new("/ws/golden/phase6-contract/pkg.json")
        );
        assert_eq!(
            path(Some("g"), pkg, "s", "p"),
            Path::new("/ws/pkg/g/s-contract/p.json")
        );
    }
}
