//! The environment a user's shell gives `cargo`, for tests that run it.
//!
//! Included by path from every test that spawns `cargo`, so none of them
//! inherits the outer test run's `CARGO_*`/`RUSTFLAGS`/contract-pin variables.

use std::process::Command;

/// The variables a fresh shell keeps: what finds the toolchain and a temp dir.
const KEPT: [&str; 6] = [
    "PATH",
    "HOME",
    "CARGO_HOME",
    "RUSTUP_HOME",
    "RUSTUP_TOOLCHAIN",
    "TMPDIR",
];

/// How the crates these tests build are built: without debug info. Diagnostics,
/// test output and behaviour are the same; the build output is a fraction of the size
/// and links faster. Every test that builds with real cargo sets it, so that builds
/// sharing a target directory share their dependencies' artifacts too.
pub const LEAN_BUILD: (&str, &str) = ("CARGO_PROFILE_DEV_DEBUG", "0");

/// Clears `cmd`'s environment down to [`KEPT`], taken from this process, plus
/// [`LEAN_BUILD`].
pub fn clean_env(cmd: &mut Command) -> &mut Command {
    cmd.env_clear();
    for keep in KEPT {
        if let Ok(value) = std::env::var(keep) {
            cmd.env(keep, value);
        }
    }
    cmd.env(LEAN_BUILD.0, LEAN_BUILD.1)
}
