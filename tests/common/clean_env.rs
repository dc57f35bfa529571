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

/// Clears `cmd`'s environment down to [`KEPT`], taken from this process.
pub fn clean_env(cmd: &mut Command) -> &mut Command {
    cmd.env_clear();
    for keep in KEPT {
        if let Ok(value) = std::env::var(keep) {
            cmd.env(keep, value);
        }
    }
    cmd
}
