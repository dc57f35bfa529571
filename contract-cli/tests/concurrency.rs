//! The command's writers against other writers of the same golden: `update` waits for
//! a process holding the golden's lock and decides on what it wrote; `review`, whose
//! user decides between the read and the write, never undoes what another process
//! wrote meanwhile; and temp or lock files beside a golden are never goldens.

mod support;

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use contract_store::store;
use support::{Fixture, BIN, GOLDEN};

/// What [`Locked::check`] returns when every golden matches.
const MATCHES: (i32, String) = (0, String::new());

/// The fixture's model, without serde: these tests are about writers, not the wire.
const MODEL: &str = "#[contract_pin::contract(set = \"api\")]
pub struct Order {
    pub id: u64,
}

#[contract_pin::contract(set = \"api\")]
#[non_exhaustive]
pub enum Kind {
    A,
    B,
}
";

/// The shared fixture with this file's model.
fn fixture() -> Fixture {
    let f = Fixture::new();
    f.write("app/src/model.rs", MODEL);
    f
}

/// Runs of the command as these tests read them: exit code and all it said.
trait Locked {
    /// `check`: `MATCHES` when every golden matches the sources, else the output.
    fn check(&self) -> (i32, String);
    /// Exit code and stdout followed by stderr.
    fn said(&self, args: &[&str]) -> (i32, String);
}

impl Locked for Fixture {
    fn check(&self) -> (i32, String) {
        let (code, out) = self.said(&["check"]);
        if code == 0 && out.contains(": match\n") {
            return MATCHES;
        }
        (code, out)
    }

    fn said(&self, args: &[&str]) -> (i32, String) {
        let output = self.command(args, &[]).output().unwrap();
        (output.status.code().unwrap_or(-1), text(&output))
    }
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Lines of `stream`, forwarded to a channel by a thread; the thread returns them all.
fn lines_of(
    stream: impl std::io::Read + Send + 'static,
) -> (mpsc::Receiver<String>, std::thread::JoinHandle<String>) {
    let (tx, rx) = mpsc::channel();
    let thread = std::thread::spawn(move || {
        let mut all = String::new();
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            all.push_str(&line);
            all.push('\n');
            let _ = tx.send(line);
        }
        all
    });
    (rx, thread)
}

/// Holding the golden's lock, as `cargo test` with CONTRACT_PIN_UPDATE=1 or a review
/// does between its read and its write, this test starts `contract-pin update` and
/// then writes the golden a review would: the sources' change accepted. The update
/// must wait, then decide on that golden: nothing left to write. Without the lock the
/// update writes at once and the older write undoes it; deciding on the golden it
/// read at start would rewrite it again and report a delta already accepted.
#[test]
fn update_waits_for_the_lock_holder_and_decides_on_what_it_wrote() {
    let f = fixture();
    assert_eq!(f.said(&["update"]).0, 0);
    f.edit("app/src/lib.rs", "= 3;", "= 5;");

    let lock = store::lock(&f.path(GOLDEN)).unwrap();
    let read = String::from_utf8(lock.read().unwrap().unwrap()).unwrap();
    let mut update = f
        .command(&["update"], &[])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (stderr, all_stderr) = lines_of(update.stderr.take().unwrap());
    // Until it says it waits (or, without a lock, has ended).
    let waited = stderr
        .iter()
        .any(|l| l.contains("waiting for another process writing"));
    let reviewed = {
        use contract_core::shape::{ItemShape, Value};
        let mut shapes = contract_core::golden::parse(read.as_bytes())
            .unwrap()
            .shapes();
        let Some(ItemShape::Const(konst)) = &mut shapes.get_mut("MAX_RETRIES").unwrap().item else {
            panic!("MAX_RETRIES is a const");
        };
        konst.value = Value::Expr("5".to_owned());
        contract_core::Golden::new("api", "app", &shapes).render()
    };
    assert_ne!(reviewed, read, "the review accepted a change");
    lock.write(&reviewed).unwrap();
    drop(lock);

    let output = update.wait_with_output().unwrap();
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        all_stderr.join().unwrap()
    );
    assert!(output.status.success(), "{all}");
    let golden = f.read(GOLDEN);
    assert_eq!(
        f.check(),
        MATCHES,
        "the update's golden was overwritten by an older read:\n{all}\n{golden}"
    );
    assert_eq!(golden, reviewed, "the lock holder's golden stands");
    assert!(
        all.contains(&format!("{GOLDEN}: up to date")),
        "the update decided on the golden it read before the lock holder wrote:\n{all}"
    );
    assert!(waited, "the update did not wait for the lock:\n{all}");
}

/// `contract-pin review` on a pseudo-terminal (`script`, util-linux), stopped at its
/// first question; `None` where `script` is not installed.
struct Review {
    child: Child,
    stdin: std::process::ChildStdin,
    stdout: mpsc::Receiver<String>,
    all: std::thread::JoinHandle<String>,
}

impl Review {
    fn start(f: &Fixture) -> Option<Review> {
        let probe = Command::new("script").arg("--version").output();
        if !probe.is_ok_and(|o| o.status.success()) {
            eprintln!("skipped: `script` is not installed");
            return None;
        }
        let line = format!(
            "{BIN} --manifest-path {} review",
            f.path("Cargo.toml").display()
        );
        let mut c = Command::new("timeout");
        c.args(["60", "script", "-qec", &line, "/dev/null"]);
        support::user_env(&mut c, &f.path("Cargo.toml"));
        c.env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        let mut child = c.spawn().unwrap();
        let stdin = child.stdin.take().unwrap();
        // The prompt has no line end: read bytes, cut at the prompt too.
        let mut out = child.stdout.take().unwrap();
        let (tx, stdout) = mpsc::channel();
        let all = std::thread::spawn(move || {
            let mut all = Vec::new();
            let mut buf = [0u8; 4096];
            while let Ok(n) = out.read(&mut buf) {
                if n == 0 {
                    break;
                }
                all.extend_from_slice(&buf[..n]);
                let _ = tx.send(String::from_utf8_lossy(&all).into_owned());
            }
            String::from_utf8_lossy(&all).into_owned()
        });
        let mut review = Review {
            child,
            stdin,
            stdout,
            all,
        };
        review.wait_for("q quit > ");
        Some(review)
    }

    /// Blocks until the output so far contains `needle` (or the session ends).
    fn wait_for(&mut self, needle: &str) -> bool {
        while let Ok(text) = self.stdout.recv_timeout(Duration::from_secs(60)) {
            if text.contains(needle) {
                return true;
            }
        }
        false
    }

    /// Presses `key` and waits for the command to end. (Stdin stays open until then:
    /// `script` would end the session at its end.)
    fn answer(mut self, key: &str) -> (i32, String) {
        self.stdin.write_all(key.as_bytes()).unwrap();
        self.stdin.flush().unwrap();
        while self.stdout.recv_timeout(Duration::from_secs(60)).is_ok() {}
        drop(self.stdin);
        let status = self.child.wait().unwrap();
        (status.code().unwrap_or(-1), self.all.join().unwrap())
    }
}

/// While the user looks at a change to `Kind`, another process updates `MAX_RETRIES`
/// in the golden. Accepting `Kind` then merges it into the new golden: the other
/// change stays. (Writing into the golden read at start would set `MAX_RETRIES`
/// back.)
#[test]
fn review_keeps_what_another_process_wrote_while_the_user_decided() {
    let f = fixture();
    assert_eq!(f.said(&["update"]).0, 0);
    f.edit("app/src/model.rs", "    B,\n", "    B,\n    C,\n");
    let Some(review) = Review::start(&f) else {
        return;
    };
    // Another writer, with `Kind` as the golden has it and a new `MAX_RETRIES`.
    f.edit("app/src/model.rs", "    C,\n", "");
    f.edit("app/src/lib.rs", "= 3;", "= 5;");
    assert_eq!(f.said(&["update"]).0, 0);
    f.edit("app/src/model.rs", "    B,\n", "    B,\n    C,\n");

    let (code, out) = review.answer("a");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("merged into what another process wrote meanwhile"),
        "{out}"
    );
    let check = f.check();
    assert_eq!(
        check, MATCHES,
        "the review undid the other process's update:\n{out}"
    );
}

/// While the user looks at one change to `Kind`, another process writes a different
/// one. The user never saw that, so accepting writes nothing and says why; the other
/// process's golden stays as it wrote it.
#[test]
fn review_refuses_a_decision_another_process_overtook() {
    let f = fixture();
    assert_eq!(f.said(&["update"]).0, 0);
    f.edit("app/src/model.rs", "    B,\n", "    B,\n    C,\n");
    let Some(review) = Review::start(&f) else {
        return;
    };
    f.edit("app/src/model.rs", "    C,\n", "    D,\n");
    assert_eq!(f.said(&["update"]).0, 0);
    let theirs = f.read(GOLDEN);

    let (code, out) = review.answer("a");
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains(
            "error: app/golden/api-contract/app.json changed while you reviewed (another \
             process wrote it): nothing written to it, so that change stays; run \
             `contract-pin review` again"
        ),
        "{out}"
    );
    assert_eq!(f.read(GOLDEN), theirs, "the review overwrote it:\n{out}");
}

/// A writer killed before its rename leaves `.app.json.<pid>-<n>-<clock>.tmp`, and one
/// killed while holding the lock leaves `.app.json.lock` (on Unix). Neither is ever
/// read as a golden (not even one holding a whole golden of another package); the
/// next update removes both, and leaves other goldens' and the user's files alone.
#[test]
fn temp_and_lock_files_are_never_goldens_and_the_next_update_removes_them() {
    let f = fixture();
    assert_eq!(f.said(&["update"]).0, 0);
    let golden = f.read(GOLDEN);
    let dir = "app/golden/api-contract";
    // A half-written golden: if it were read, `check` would see its shapes.
    let killed = format!("{dir}/.app.json.99999-0-0badc0de.tmp");
    f.write(&killed, &golden.replace("\"A\"", "\"Z\""));
    f.write(&format!("{dir}/.app.json.lock"), "");
    // A whole golden of another package, in another golden's temp file: no orphan.
    let ghost = format!("{dir}/.ghost.json.99999-1-0badc0de.tmp");
    f.write(
        &ghost,
        &golden.replace("\"package\": \"app\"", "\"package\": \"ghost\""),
    );
    let notes = format!("{dir}/.app.json.notes.tmp");
    f.write(&notes, "mine");

    let (code, out) = f.said(&["status"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        !out.contains(".tmp") && !out.contains("ghost") && !out.contains(".lock"),
        "{out}"
    );
    assert!(out.contains("Fresh"), "{out}");
    assert_eq!(f.check(), MATCHES);

    f.edit("app/src/model.rs", "    B,\n", "    B,\n    C,\n");
    let (code, out) = f.said(&["update"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        !f.path(&killed).exists(),
        "the killed writer's temp file is still there"
    );
    #[cfg(unix)]
    assert!(!f.path(&format!("{dir}/.app.json.lock")).exists());
    assert!(
        f.path(&ghost).exists(),
        "another golden's temp file was removed"
    );
    assert!(f.path(&notes).exists(), "a file of the user's was removed");
    assert_eq!(f.check(), MATCHES);
}

/// A golden that is a symbolic link (here to a directory shared by several
/// workspaces) is read and written through the link: the link stays.
#[cfg(unix)]
#[test]
fn a_golden_symlink_survives_an_update_and_its_target_changes() {
    let f = fixture();
    assert_eq!(f.said(&["update"]).0, 0);
    let shared = f.path("shared/app.json");
    std::fs::create_dir_all(shared.parent().unwrap()).unwrap();
    std::fs::rename(f.path(GOLDEN), &shared).unwrap();
    std::os::unix::fs::symlink("../../../shared/app.json", f.path(GOLDEN)).unwrap();
    assert_eq!(f.check().0, 0, "the golden is read through the link");

    f.edit("app/src/model.rs", "    B,\n", "    B,\n    C,\n");
    let (code, out) = f.said(&["update"]);
    assert_eq!(code, 0, "{out}");
    let link = std::fs::symlink_metadata(f.path(GOLDEN)).unwrap();
    assert!(
        link.file_type().is_symlink(),
        "the link was replaced by a file"
    );
    assert!(std::fs::read_to_string(&shared).unwrap().contains("\"C\""));
    assert_eq!(f.check().0, 0);
    let names: Vec<_> = std::fs::read_dir(shared.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        names,
        ["app.json"],
        "temp or lock files left beside the target"
    );
}
