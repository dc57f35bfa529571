//! The probe's only view of git: `HEAD`, commit resolution and commit counts, run
//! through an injectable program so a missing git is testable.
//!
//! Every command runs hermetically against the repository at the given root: ambient
//! repository-selecting variables (`GIT_DIR`, `GIT_WORK_TREE`, … — set, for instance,
//! when tests run from a git hook) are removed, and discovery stops at the root
//! (`GIT_CEILING_DIRECTORIES`), so a directory without its own `.git` is reported as
//! "not a git work tree" instead of silently answering with an enclosing repository's
//! `HEAD`.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::io;
use std::path::Path;
use std::process::{Command, Stdio};

/// Variables that would make git look at another repository than the one asked about.
const REPOSITORY_SELECTORS: &[&str] = &[
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_COMMON_DIR",
    "GIT_NAMESPACE",
];

/// The git program the probe runs (`git` from `PATH` unless injected).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Git {
    program: OsString,
}

impl Default for Git {
    fn default() -> Git {
        Git::new("git")
    }
}

/// git could not be started at all: not on `PATH`, not executable, … An environment
/// problem, never evidence about an index.
#[derive(Debug)]
pub struct GitUnavailable {
    /// The program that was spawned.
    pub program: OsString,
    /// Why spawning it failed.
    pub source: io::Error,
}

impl fmt::Display for GitUnavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let program = self.program.to_string_lossy();
        let place = if self.source.kind() == io::ErrorKind::NotFound {
            if Path::new(&self.program).components().count() > 1 {
                format!("`{program}` does not exist")
            } else {
                format!("`{program}` is not on $PATH")
            }
        } else {
            format!("`{program}` could not be started")
        };
        write!(
            f,
            "{place} ({}). The index-health probe needs git to compare the indexed \
             commit with HEAD; this is an environment problem, not a staleness \
             signal. Install git (or point ProbeContext at it) and rerun.",
            self.source
        )
    }
}

impl std::error::Error for GitUnavailable {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

impl Git {
    /// Runs `program` as git (a name looked up on `PATH`, or a path).
    pub fn new(program: impl Into<OsString>) -> Git {
        Git {
            program: program.into(),
        }
    }

    /// The program.
    pub fn program(&self) -> &OsStr {
        &self.program
    }

    /// The full SHA of `HEAD` in the work tree at `repo`; `None` when `repo` is not
    /// the root of a git work tree or has no commit.
    pub fn head(&self, repo: &Path) -> Result<Option<String>, GitUnavailable> {
        self.resolve_commit(repo, "HEAD")
    }

    /// The full SHA of the commit `rev` names in `repo`; `None` when it names none
    /// there (unknown, pruned, or outside a shallow history).
    pub fn resolve_commit(&self, repo: &Path, rev: &str) -> Result<Option<String>, GitUnavailable> {
        let spec = format!("{rev}^{{commit}}");
        self.stdout(
            repo,
            &[
                "rev-parse",
                "--verify",
                "--quiet",
                "--end-of-options",
                &spec,
            ],
        )
    }

    /// How many commits of `to` are not in `from` (`git rev-list --count from..to`);
    /// `None` when git cannot tell.
    pub fn commits_between(
        &self,
        repo: &Path,
        from: &str,
        to: &str,
    ) -> Result<Option<u64>, GitUnavailable> {
        let range = format!("{from}..{to}");
        let out = self.stdout(repo, &["rev-list", "--count", "--end-of-options", &range])?;
        Ok(out.and_then(|s| s.parse().ok()))
    }

    /// Trimmed stdout of a successful `git -C repo args…`; `None` if git failed.
    fn stdout(&self, repo: &Path, args: &[&str]) -> Result<Option<String>, GitUnavailable> {
        let mut command = Command::new(&self.program);
        // `-C` rather than `current_dir`: a missing `repo` must read as "git failed",
        // not as "git could not be spawned".
        command.arg("-C").arg(repo).args(args);
        for var in REPOSITORY_SELECTORS {
            command.env_remove(var);
        }
        if let Some(parent) = repo.canonicalize().ok().as_deref().and_then(Path::parent) {
            command.env("GIT_CEILING_DIRECTORIES", parent);
        }
        command
            .env("GIT_TERMINAL_PROMPT", "0")
            .stdin(Stdio::null())
            .stderr(Stdio::null());
        let output = command.output().map_err(|source| GitUnavailable {
            program: self.program.clone(),
            source,
        })?;
        if !output.status.success() {
            return Ok(None);
        }
        let text = String::from_utf8_lossy(&output.stdout).trim().to_owned();
        Ok((!text.is_empty()).then_some(text))
    }
}
