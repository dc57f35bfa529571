//! The policy file as the test harness and the `contract-pin` command read it: found
//! at the workspace root of a package ([`contract_core::policy::file::workspace_root`],
//! the rule the macro follows too), read, and parsed by `contract-core`.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use contract_core::env;
use contract_core::message;
use contract_core::policy::file::{self, PolicyFile};

/// A workspace's policy file, read.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// What it says (the defaults when there is no file).
    pub file: PolicyFile,
    /// Where it is, or would be: `<workspace root>/contract-pin.toml`.
    pub path: PathBuf,
    /// The path as users read it: relative to the workspace root.
    pub shown: String,
    /// Whether the file exists.
    pub exists: bool,
}

/// The workspace root of the package in `manifest_dir`.
pub fn workspace_root(manifest_dir: &Path) -> PathBuf {
    file::workspace_root(manifest_dir, |p| fs::read_to_string(p).ok())
}

/// Reads the policy file of the workspace of the package in `manifest_dir`. An error
/// is `file:line:column: message`.
pub fn load(manifest_dir: &Path) -> Result<Loaded, String> {
    let root = workspace_root(manifest_dir);
    let path = root.join(file::FILE_NAME);
    let shown = file::FILE_NAME.to_owned();
    let text = match fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => {
            return Err(message::cannot_read(
                &format!("the policy file {}", path.display()),
                &e,
            ))
        }
    };
    let file = match &text {
        None => PolicyFile::default(),
        Some(text) => file::parse(text).map_err(|e| {
            message::policy_file_error(&e.located(&shown), Some(&root.display().to_string()))
        })?,
    };
    Ok(Loaded {
        file,
        path,
        shown,
        exists: text.is_some(),
    })
}

impl Loaded {
    /// When `set` shares its update variable (`a-b`, `a_b`) with another set of
    /// `pinned` (a package's, a workspace's) or with a set the file configures: the
    /// error.
    pub fn clash(&self, set: &str, pinned: &[&str]) -> Option<String> {
        if let Some(clash) = pinned
            .iter()
            .find_map(|other| env::update_variable_clash(other, set))
        {
            return Some(message::update_variable_clash(&clash, None, false));
        }
        self.file.sets().find_map(|(configured, line)| {
            let clash = env::update_variable_clash(configured, set)?;
            Some(message::update_variable_clash(
                &clash,
                Some((&self.shown, line, configured, set)),
                false,
            ))
        })
    }
}
