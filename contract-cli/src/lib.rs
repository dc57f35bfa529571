//! The `contract-pin` command (also `cargo contract-pin`): where every pinned contract
//! of a workspace stands, from the sources, without writing or running a test — in the
//! terminal and in CI.
//!
//! The scan (`contract-scan`) reads each member's library with `syn`, extracts every
//! pinned item with the same `contract-core` argument parsing and extraction the
//! attribute macro uses, and holds it against the golden with the same verdict the
//! test harness uses. This crate prints what it found.
//!
//! This library is the command's code, shared by its two binaries; it is not an API.

mod commands;
mod exit;
mod json;
mod policy;
mod review;
mod show;
mod term;
mod words;
#[cfg(test)]
mod writers;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory as _, FromArgMatches as _, Parser, Subcommand};

use contract_scan::model;

use crate::commands::Format;
use crate::exit::Exit;
use crate::term::{Paint, Progress};

/// Check, diff, update, status and review of pinned contracts; the policy of each set.
///
/// Exit codes: 0 every contract matches; 1 a breaking change; 2 additive drift only;
/// 3 usage or golden errors (missing, stale, corrupt or unreferenced goldens, invalid
/// contract attributes, refused updates).
#[derive(Parser)]
#[command(name = "contract-pin", version, about, long_about)]
struct Cli {
    /// Path to the workspace's Cargo.toml (default: the workspace of the current directory).
    #[arg(long, global = true, value_name = "PATH")]
    manifest_path: Option<PathBuf>,
    /// Only this package (repeatable).
    #[arg(short = 'p', long = "package", global = true, value_name = "NAME")]
    packages: Vec<String>,
    /// Only this contract set (repeatable).
    #[arg(long = "set", global = true, value_name = "SET")]
    sets: Vec<String>,
    /// When to colour the output: auto (on a terminal, unless NO_COLOR is set or
    /// CLICOLOR_FORCE forces it), always, never.
    #[arg(long, global = true, value_name = "WHEN", default_value = "auto")]
    color: clap::ColorChoice,
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Compare every pinned item with its golden: exit 0 match, 1 breaking, 2 additive, 3 errors.
    Check {
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Show each pending change: a line diff of the golden and the current shape, with
    /// its deltas and the set's directive.
    Diff,
    /// Rewrite the goldens from the sources. Refused under CI.
    Update,
    /// The health of every golden: Fresh, Stale{reason}, Missing or Corrupt, with confidence.
    Status,
    /// Accept, reject or skip each pending change (a / r / s, A / R for the rest, q to
    /// stop); a breaking change asks for a second `y`. Exits non-zero while any change
    /// remains unaccepted.
    Review,
    /// The effective policy of every set (from contract-pin.toml at the workspace root,
    /// or the defaults) and where each value comes from.
    Policy {
        /// Output format.
        #[arg(long, value_enum, default_value_t = policy::Format::Text)]
        format: policy::Format,
    },
}

/// How the command was started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// As `contract-pin`.
    Direct,
    /// As `cargo contract-pin`: cargo ran `cargo-contract-pin contract-pin …`.
    Cargo,
}

/// The name cargo passes first when it runs `cargo-contract-pin` for `cargo contract-pin`.
const SUBCOMMAND: &str = "contract-pin";

/// The arguments as the command reads them: under cargo, without the subcommand name
/// cargo passes first (also accepted without it, when run as `cargo-contract-pin`).
fn arguments(entry: Entry, mut args: Vec<OsString>) -> Vec<OsString> {
    if entry == Entry::Cargo && args.get(1).is_some_and(|a| a == SUBCOMMAND) {
        args.remove(1);
    }
    args
}

/// syn parses recursively, and a source file may nest deeper than the main thread's
/// stack allows (rustc itself grows its stack on demand); the command runs on a thread
/// with room for that, so deep nesting is never a crash.
use contract_scan::STACK;

/// Runs the command with the process's arguments and environment.
pub fn main(entry: Entry) -> ExitCode {
    let args = arguments(entry, std::env::args_os().collect());
    let worker_args = args.clone();
    match std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || run(entry, worker_args))
    {
        Ok(worker) => worker.join().unwrap_or(ExitCode::from(Exit::Error)),
        Err(_) => run(entry, args),
    }
}

fn run(entry: Entry, args: Vec<OsString>) -> ExitCode {
    let mut command = Cli::command();
    if entry == Entry::Cargo {
        command = command.bin_name("cargo contract-pin");
    }
    let cli = match command
        .try_get_matches_from(args)
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                Exit::Error.into()
            } else {
                Exit::Match.into()
            };
        }
    };
    term::choose(cli.color);
    let lookup = |name: &str| std::env::var(name).ok();
    if matches!(cli.command, Cmd::Review) && !review::interactive() {
        anstream::eprintln!("{}", review::not_interactive());
        return ExitCode::from(Exit::Error);
    }
    let paint = Paint::styled();
    let filter = model::Filter {
        packages: cli.packages,
        sets: cli.sets,
    };
    let json = matches!(
        cli.command,
        Cmd::Check {
            format: Format::Json
        } | Cmd::Policy {
            format: policy::Format::Json
        }
    );
    let mut progress = Progress::new();
    let model = match model::load(
        cli.manifest_path.as_deref(),
        &filter,
        &lookup,
        &mut progress,
    ) {
        Ok(model) => model,
        Err(e) => {
            drop(progress);
            if json {
                anstream::print!("{}", json::usage_error(&e));
            } else {
                anstream::eprintln!("contract-pin: {e}");
            }
            return ExitCode::from(Exit::Error);
        }
    };
    drop(progress);
    let code = match cli.command {
        Cmd::Check { format } => commands::check(&model, format, paint),
        Cmd::Diff => commands::diff(&model, paint),
        Cmd::Update => commands::update(&model, paint, &lookup),
        Cmd::Status => commands::status(&model, paint),
        Cmd::Review => review::run(&model, paint, &lookup),
        Cmd::Policy { format } => policy::run(&model, &filter, format, paint),
    };
    ExitCode::from(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn cargo_passes_the_subcommand_name_first_and_it_is_dropped() {
        let cargo = arguments(
            Entry::Cargo,
            args(&["cargo-contract-pin", "contract-pin", "check"]),
        );
        assert_eq!(cargo, args(&["cargo-contract-pin", "check"]));
        // Run directly, `cargo-contract-pin check` works too.
        let bare = arguments(Entry::Cargo, args(&["cargo-contract-pin", "check"]));
        assert_eq!(bare, args(&["cargo-contract-pin", "check"]));
        // `contract-pin` never drops an argument.
        let direct = arguments(Entry::Direct, args(&["contract-pin", "contract-pin"]));
        assert_eq!(direct, args(&["contract-pin", "contract-pin"]));
    }

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }
}
