//! `contract-pin`: where every pinned contract of a workspace stands, from the sources,
//! without writing or running a test — in the terminal and in CI.
//!
//! The scan reads each member's library with `syn`, extracts every pinned item with the
//! same `contract-core` argument parsing and extraction the attribute macro uses, and
//! holds it against the golden with the same verdict the test harness uses.

mod commands;
mod json;
mod model;
mod review;
mod scan;
mod store;
mod term;
mod workspace;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::commands::{Format, ERROR};
use crate::term::{Paint, Progress};

/// Check, diff, update, status and review of pinned contracts.
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
    /// Show, per symbol, the golden shape and the current one.
    Diff,
    /// Rewrite the goldens from the sources (keeping each golden's policy). Refused under CI.
    Update,
    /// The health of every golden: Fresh, Stale{reason}, Missing or Corrupt, with confidence.
    Status,
    /// Accept or reject each pending change interactively (a / r / s, A / R for the rest).
    Review,
}

/// syn parses recursively, and a source file may nest deeper than the main thread's
/// stack allows (rustc itself grows its stack on demand); the command runs on a thread
/// with room for that, so deep nesting is never a crash.
const STACK: usize = 256 << 20;

fn main() -> ExitCode {
    match std::thread::Builder::new().stack_size(STACK).spawn(run) {
        Ok(worker) => worker.join().unwrap_or(ExitCode::from(ERROR)),
        Err(_) => run(),
    }
}

fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { ERROR } else { 0 });
        }
    };
    let lookup = |name: &str| std::env::var(name).ok();
    if matches!(cli.command, Cmd::Review) && !review::interactive() {
        eprintln!("{}", review::not_interactive());
        return ExitCode::from(ERROR);
    }
    let paint = Paint::detect(&lookup);
    let filter = model::Filter {
        packages: cli.packages,
        sets: cli.sets,
    };
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
            if matches!(
                cli.command,
                Cmd::Check {
                    format: Format::Json
                }
            ) {
                print!("{}", json::usage_error(&e));
            } else {
                eprintln!("contract-pin: {e}");
            }
            return ExitCode::from(ERROR);
        }
    };
    drop(progress);
    let code = match cli.command {
        Cmd::Check { format } => commands::check(&model, format, paint),
        Cmd::Diff => commands::diff(&model, paint),
        Cmd::Update => commands::update(&model, paint, &lookup),
        Cmd::Status => commands::status(&model, paint),
        Cmd::Review => review::run(&model, paint, &lookup),
    };
    ExitCode::from(code)
}
