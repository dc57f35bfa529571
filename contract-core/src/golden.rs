//! The golden file: format, canonical rendering and strict parsing.
//!
//! ```json
//! {
//!   "format_version": 1,
//!   "package": "workspace-example",
//!   "policy": { "axes": ["api", "wire"], … },
//!   "set": "phase5",
//!   "symbols": { "ApplyContext": { "fingerprint": "sha256:…", "shape": { … } } }
//! }
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use crate::canonical;
use crate::policy::Policy;
use crate::shape::Symbol;

/// The shape encoding version. Bumped only when the encoding of shapes changes; a
/// golden of another version is stale, not broken.
pub const FORMAT_VERSION: u64 = 1;

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
    /// The set's policy; kept across updates.
    pub policy: Policy,
    /// Pinned symbols by name.
    #[serde(deserialize_with = "unique_keys")]
    pub symbols: BTreeMap<String, GoldenSymbol>,
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
    pub fn new(
        set: &str,
        package: &str,
        policy: Policy,
        symbols: &BTreeMap<String, Symbol>,
    ) -> Golden {
        Golden {
            format_version: FORMAT_VERSION,
            set: set.to_owned(),
            package: package.to_owned(),
            policy,
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

/// Why a golden could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoldenError {
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
        /// The file's version (`None` when missing or not a number).
        found: Option<u64>,
    },
}

impl GoldenError {
    /// The 1-based line the error is on.
    pub fn line(&self) -> usize {
        match self {
            GoldenError::NotUtf8 { line }
            | GoldenError::MergeConflict { line }
            | GoldenError::Malformed { line, .. } => *line,
            GoldenError::FormatVersion { .. } => 1,
        }
    }

    /// True for a golden that is valid but from another format version.
    pub fn is_stale(&self) -> bool {
        matches!(self, GoldenError::FormatVersion { .. })
    }
}

impl fmt::Display for GoldenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoldenError::NotUtf8 { .. } => f.write_str("not UTF-8 (a golden is ASCII JSON)"),
            GoldenError::MergeConflict { .. } => f.write_str(
                "merge-conflict marker: resolve the conflict by regenerating the golden, not by hand",
            ),
            GoldenError::Malformed { message, .. } => write!(f, "not a valid golden: {message}"),
            GoldenError::FormatVersion { found: Some(v) } => write!(
                f,
                "stale golden: format_version {v}, this contract-pin writes {FORMAT_VERSION}"
            ),
            GoldenError::FormatVersion { found: None } => {
                write!(f, "stale golden: no format_version (this contract-pin writes {FORMAT_VERSION})")
            }
        }
    }
}

impl std::error::Error for GoldenError {}

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

/// Parses a golden strictly: conflict markers, bad UTF-8, malformed JSON, unknown keys
/// and duplicate symbols are errors with a line number; another format version is
/// [`GoldenError::FormatVersion`].
pub fn parse(bytes: &[u8]) -> Result<Golden, GoldenError> {
    let text = std::str::from_utf8(bytes).map_err(|e| GoldenError::NotUtf8 {
        line: line_of_offset(bytes, e.valid_up_to()),
    })?;
    if let Some(line) = conflict_marker_line(text) {
        return Err(GoldenError::MergeConflict { line });
    }
    let malformed = |e: serde_json::Error| GoldenError::Malformed {
        line: e.line().max(1),
        column: e.column().max(1),
        message: strip_position(&e.to_string()),
    };
    // Read the version first so a golden of another encoding is reported as stale
    // instead of as a schema error.
    let value: serde_json::Value = serde_json::from_str(text).map_err(malformed)?;
    match value
        .get("format_version")
        .and_then(serde_json::Value::as_u64)
    {
        Some(FORMAT_VERSION) => {}
        found => return Err(GoldenError::FormatVersion { found }),
    }
    serde_json::from_str(text).map_err(malformed)
}

fn line_of_offset(bytes: &[u8], offset: usize) -> usize {
    bytes[..offset.min(bytes.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

fn conflict_marker_line(text: &str) -> Option<usize> {
    text.lines()
        .position(|line| {
            line.starts_with("<<<<<<<")
                || line.starts_with(">>>>>>>")
                || line.starts_with("|||||||")
                || line == "======="
        })
        .map(|i| i + 1)
}

/// serde_json's message ends with " at line L column C", which we report ourselves.
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
                item: Some(ItemShape::Const(ValueItemShape {
                    mutable: false,
                    ty: "u32".to_owned(),
                    value: Value::Expr("3".to_owned()),
                })),
                ..Symbol::default()
            },
        );
        Golden::new("phase6", "x", Policy::default_for("phase6"), &symbols)
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

        let future = text.replace("\"format_version\": 1", "\"format_version\": 99");
        assert_eq!(
            parse(future.as_bytes()),
            Err(GoldenError::FormatVersion { found: Some(99) })
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
mod path_tests {
    use super::*;

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
