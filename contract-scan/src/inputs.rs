//! What a scan read: each answer the file system gave it ([`Input`]), kept beside a
//! cached scan so that asking again tells whether the scan still holds
//! ([`crate::cache`]), and the serde form of the scan's maps.

use std::io;
use std::path::{Path, PathBuf};

use contract_core::canonical::sha256;
use serde::{Deserialize, Serialize};

/// One answer the file system gave the scan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Input {
    /// A file read as text: the SHA-256 of the text, or why it could not be read.
    Read {
        path: PathBuf,
        text: Result<String, String>,
    },
    /// Whether a path is a file.
    IsFile { path: PathBuf, is: bool },
}

impl Input {
    /// The answer `std::fs::read_to_string(path)` gave.
    pub fn read(path: &Path, read: &io::Result<String>) -> Input {
        Input::Read {
            path: path.to_path_buf(),
            text: match read {
                Ok(text) => Ok(sha256(text.as_bytes())),
                Err(e) => Err(e.to_string()),
            },
        }
    }

    /// Whether asking again gives the same answer.
    pub fn holds(&self) -> bool {
        match self {
            Input::IsFile { path, is } => path.is_file() == *is,
            read @ Input::Read { path, .. } => {
                Input::read(path, &std::fs::read_to_string(path)) == *read
            }
        }
    }
}

/// A map with keys that are no JSON strings, as a list of `[key, value]` pairs.
pub mod pairs {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Serialize};

    pub fn serialize<K: Serialize, V: Serialize, S: serde::Serializer>(
        map: &BTreeMap<K, V>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_seq(map.iter())
    }

    pub fn deserialize<'de, K, V, D>(d: D) -> Result<BTreeMap<K, V>, D::Error>
    where
        K: Deserialize<'de> + Ord,
        V: Deserialize<'de>,
        D: serde::Deserializer<'de>,
    {
        Ok(Vec::<(K, V)>::deserialize(d)?.into_iter().collect())
    }
}
