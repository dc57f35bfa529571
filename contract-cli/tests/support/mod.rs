//! Shared by the command's integration tests: a fixture workspace in a temp dir (the
//! command only parses sources, so fixtures are never compiled), runs of the binary
//! with a clean environment, and a real pseudo-terminal to drive `review` with.

#![allow(dead_code)] // each test file uses its own part

use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[path = "../../../tests/common/foreign_env.rs"]
pub mod foreign_env;

pub const BIN: &str = env!("CARGO_BIN_EXE_contract-pin");

/// Variables a user's shell may carry that change what the command does or prints,
/// or where it writes. cargo sets `CONTRACT_PIN_GOLDEN_DIR` for this test process (the
/// repository's `.cargo/config.toml`), CI sets `CI`, and a caller's own target
/// directory (`CARGO_TARGET_DIR`, `CARGO_BUILD_TARGET_DIR`) would put every fixture's
/// scan cache there instead of in the fixture's `target/` (see [`foreign_env`]).
pub const CLEARED: &[&str] = &[
    "CI",
    "CONTRACT_PIN_GOLDEN_DIR",
    "CONTRACT_PIN_UPDATE",
    "NO_COLOR",
    "CLICOLOR",
    "CLICOLOR_FORCE",
    "CARGO_TARGET_DIR",
    "CARGO_BUILD_TARGET_DIR",
    "CARGO_TERM_COLOR",
];

/// Clears [`CLEARED`] from `c` and gives it the target directory a user without one
/// of their own gets: `target/` beside the workspace manifest `manifest`. Set, not only
/// cleared: a `build.target-dir` in `$CARGO_HOME/config.toml` would move it too.
pub fn user_env<'a>(c: &'a mut Command, manifest: &Path) -> &'a mut Command {
    for var in CLEARED {
        c.env_remove(var);
    }
    let root = manifest.parent().unwrap_or(Path::new("."));
    c.env("CARGO_TARGET_DIR", root.join("target"))
}

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl std::fmt::Debug for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit {}\n--- stdout\n{}--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

pub fn finish(output: Output) -> Run {
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// The command on the workspace of `manifest`, with a clean environment plus `env`.
pub fn command(manifest: &Path, args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut c = Command::new(BIN);
    c.arg("--manifest-path").arg(manifest).args(args);
    user_env(&mut c, manifest);
    c.envs(env.iter().copied()).stdin(Stdio::null());
    c
}

pub const LIB: &str = r#"//! A fixture library.
pub mod model;

#[contract_pin::contract(set = "api")]
pub const MAX_RETRIES: u32 = 3;
"#;

pub const MODEL: &str = r#"use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "api")]
#[derive(Serialize, Deserialize)]
pub struct Order {
    pub id: u64,
    #[serde(default)]
    pub note: Option<String>,
}

#[contract_pin::contract(set = "api")]
#[non_exhaustive]
pub enum Kind {
    A,
    B,
}
"#;

pub const GOLDEN: &str = "app/golden/api-contract/app.json";

pub struct Fixture {
    pub dir: tempfile::TempDir,
}

impl Fixture {
    /// A workspace with one package, `app`, pinning three symbols in set `api`.
    pub fn new() -> Fixture {
        let f = Fixture {
            dir: tempfile::tempdir().unwrap(),
        };
        f.write(
            "Cargo.toml",
            "[workspace]\nmembers = [\"app\"]\nresolver = \"2\"\n",
        );
        f.write(
            "app/Cargo.toml",
            "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
        );
        f.write("app/src/lib.rs", LIB);
        f.write("app/src/model.rs", MODEL);
        f
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    pub fn write(&self, rel: &str, text: &str) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path(rel)).unwrap()
    }

    pub fn edit(&self, rel: &str, from: &str, to: &str) {
        let text = self.read(rel);
        assert!(text.contains(from), "{rel} has no {from:?}");
        self.write(rel, &text.replacen(from, to, 1));
    }

    /// The command, with `--manifest-path` of this workspace and a clean environment.
    pub fn command(&self, args: &[&str], env: &[(&str, &str)]) -> Command {
        command(&self.path("Cargo.toml"), args, env)
    }

    pub fn run(&self, args: &[&str]) -> Run {
        self.run_env(args, &[])
    }

    pub fn run_env(&self, args: &[&str], env: &[(&str, &str)]) -> Run {
        finish(self.command(args, env).output().unwrap())
    }

    /// `check --format json`: exit code and the reports.
    pub fn json(&self) -> (i32, serde_json::Value) {
        let run = self.run(&["check", "--format", "json"]);
        let value = serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}: {run:?}"));
        (run.code, value)
    }

    /// The classes and kinds of the deltas `check` reports for the first set.
    pub fn deltas(&self) -> Vec<(String, String, String)> {
        self.deltas_where(|_| true)
    }

    /// [`Fixture::deltas`] of the first report of package `package`.
    #[allow(dead_code)] // not every test binary asks
    pub fn deltas_of(&self, package: &str) -> Vec<(String, String, String)> {
        self.deltas_where(|report| report["package"] == package)
    }

    fn deltas_where(
        &self,
        pick: impl Fn(&serde_json::Value) -> bool,
    ) -> Vec<(String, String, String)> {
        let (_, json) = self.json();
        // A shape this test does not expect is a failure, never "no deltas".
        let reports = json["reports"].as_array().expect("`reports` is an array");
        let Some(first) = reports.iter().find(|r| pick(r)) else {
            return Vec::new();
        };
        first["deltas"]
            .as_array()
            .expect("a report's `deltas` is an array")
            .iter()
            .map(|d| {
                (
                    d["class"].as_str().unwrap().to_owned(),
                    d["kind"].as_str().unwrap().to_owned(),
                    d["symbol"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    }
}

/// A process on a real pseudo-terminal: what it writes is collected by a reader
/// thread; keys are written to the terminal as a user types them; the terminal's mode
/// (termios) can be read back at any time, before, during and after the run.
pub struct Pty {
    master: Box<dyn portable_pty::MasterPty + Send>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
    writer: Box<dyn std::io::Write + Send>,
    output: Arc<Mutex<Vec<u8>>>,
    reader: Option<std::thread::JoinHandle<()>>,
    /// The terminal's mode before the process started.
    pub before: Mode,
}

/// A terminal's mode (termios), as read back from the terminal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mode {
    input: u64,
    output: u64,
    control: u64,
    local: u64,
    chars: Vec<u8>,
    /// The local flags by name, e.g. `ISIG | ICANON | ECHO…`.
    pub local_names: String,
}

impl Mode {
    fn of(master: &dyn portable_pty::MasterPty) -> Mode {
        let t = master.get_termios().expect("the terminal's mode");
        Mode {
            input: t.input_flags.bits().into(),
            output: t.output_flags.bits().into(),
            control: t.control_flags.bits().into(),
            local: t.local_flags.bits().into(),
            chars: t.control_chars.to_vec(),
            local_names: format!("{:?}", t.local_flags),
        }
    }

    /// Raw: no line editing and no signal keys (Ctrl-C is a byte, not SIGINT).
    pub fn raw(&self) -> bool {
        !self.local_names.contains("ICANON") && !self.local_names.contains("ISIG")
    }

    /// Cooked: line editing and signal keys on, as a shell leaves a terminal.
    pub fn cooked(&self) -> bool {
        self.local_names.contains("ICANON") && self.local_names.contains("ISIG")
    }
}

/// How long any one expectation may wait (generous: the machine may be busy).
const PATIENCE: Duration = Duration::from_secs(60);

impl Pty {
    /// Runs `program args` on a new pseudo-terminal (80x40), in `cwd`, with the
    /// variables of [`CLEARED`] removed, `TERM=xterm` and `env` set.
    pub fn spawn(program: &str, args: &[&str], cwd: &Path, env: &[(&str, &str)]) -> Pty {
        use portable_pty::{native_pty_system, CommandBuilder, PtySize};
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: 40,
                cols: 200,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let before = Mode::of(&*pair.master);
        let mut builder = CommandBuilder::new(program);
        builder.args(args);
        builder.cwd(cwd);
        for var in CLEARED {
            builder.env_remove(var);
        }
        builder.env("CARGO_TARGET_DIR", cwd.join("target"));
        builder.env("TERM", "xterm");
        for (k, v) in env {
            builder.env(k, v);
        }
        let child = pair.slave.spawn_command(builder).expect("spawn on the pty");
        // The child holds the terminal now; the parent's copy would keep it open.
        drop(pair.slave);
        let mut source = pair.master.try_clone_reader().unwrap();
        let output = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&output);
        let reader = std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // Ends with EIO on Linux once the child side is closed.
            while let Ok(n) = source.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        let writer = pair.master.take_writer().unwrap();
        Pty {
            master: pair.master,
            child,
            writer,
            output,
            reader: Some(reader),
            before,
        }
    }

    /// Everything written so far, escape sequences and all.
    pub fn transcript(&self) -> String {
        String::from_utf8_lossy(&self.output.lock().unwrap()).into_owned()
    }

    /// Waits until the output holds `needle` `n` times in all.
    pub fn expect_nth(&self, needle: &str, n: usize) {
        let start = Instant::now();
        while self.transcript().matches(needle).count() < n {
            if start.elapsed() > PATIENCE {
                panic!(
                    "waited {PATIENCE:?} for {needle:?} (#{n}); output so far:\n{}",
                    self.transcript()
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until the terminal is in raw mode (no line editing, no signals): the
    /// command is waiting for a key.
    pub fn expect_raw(&self) {
        let start = Instant::now();
        while !self.mode().raw() {
            if start.elapsed() > PATIENCE {
                panic!(
                    "the terminal never went raw; output so far:\n{}",
                    self.transcript()
                );
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The terminal's mode now.
    pub fn mode(&self) -> Mode {
        Mode::of(&*self.master)
    }

    /// Types `keys`.
    pub fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Waits for the process to end: its exit code, its output, and the terminal's
    /// mode after it.
    pub fn finish(mut self) -> (u32, String, Mode) {
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > PATIENCE {
                let _ = self.child.kill();
                panic!("the process did not end; output:\n{}", self.transcript());
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let after = self.mode();
        // The reader ends once the terminal has no process left on it.
        if let Some(reader) = self.reader.take() {
            let deadline = Instant::now() + Duration::from_secs(5);
            while !reader.is_finished() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        (status.exit_code(), self.transcript(), after)
    }
}

/// One entry of [`Fixture::deltas`]: (class, kind, symbol).
pub fn delta(class: &str, kind: &str, symbol: &str) -> (String, String, String) {
    (class.to_owned(), kind.to_owned(), symbol.to_owned())
}
