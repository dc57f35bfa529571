//! `contract-pin review` on a real pseudo-terminal, driven key by key as a user would:
//! accept, the second `y` a breaking change asks for, reject, skip, quit and Ctrl-C.
//! Each run reads the terminal's mode back: raw while a key is awaited, and exactly as
//! before once the command has ended, however it ended.

mod support;

use support::{Fixture, Pty, BIN, GOLDEN};

const MENU: &str = "a accept · r reject · s skip";
const CONFIRM: &str = "Accept the break into the golden?";

/// The fixture with its golden written, then three changes: a variant added to a
/// non-exhaustive enum (additive), a const's value changed and a field's type changed
/// (both breaking). Review asks about `Kind`, `MAX_RETRIES`, then `Order`.
fn three_changes() -> Fixture {
    let f = Fixture::new();
    assert_eq!(f.run(&["update"]).code, 0);
    f.edit("app/src/model.rs", "    B,\n", "    B,\n    C,\n");
    f.edit("app/src/lib.rs", "u32 = 3;", "u32 = 4;");
    f.edit("app/src/model.rs", "pub id: u64", "pub id: u32");
    f
}

fn review(f: &Fixture) -> Pty {
    let manifest = f.path("Cargo.toml");
    Pty::spawn(
        BIN,
        &["--manifest-path", manifest.to_str().unwrap(), "review"],
        f.dir.path(),
        &[],
    )
}

/// Waits for the `n`th prompt containing `prompt`, checks the terminal is raw while
/// the key is awaited, and types `key`.
fn answer(pty: &mut Pty, prompt: &str, n: usize, key: &str) {
    pty.expect_nth(prompt, n);
    pty.expect_raw();
    pty.send(key);
}

fn kinds(f: &Fixture) -> Vec<String> {
    f.deltas()
        .into_iter()
        .map(|(class, kind, symbol)| format!("{class} {kind} {symbol}"))
        .collect()
}

#[test]
fn accept_confirm_a_break_and_reject_then_what_remains_is_listed() {
    let f = three_changes();
    let mut pty = review(&f);
    assert!(pty.before.cooked(), "{:?}", pty.before);
    // 1/3 Kind, additive: one key accepts it.
    answer(&mut pty, MENU, 1, "a");
    // 2/3 MAX_RETRIES, breaking: `a` asks again; `n` goes back to the menu; `a` `y`.
    answer(&mut pty, MENU, 2, "a");
    answer(&mut pty, CONFIRM, 1, "n");
    answer(&mut pty, MENU, 3, "a");
    answer(&mut pty, CONFIRM, 2, "y");
    // 3/3 Order, breaking: rejected.
    answer(&mut pty, MENU, 4, "r");
    let before = pty.before.clone();
    let (code, out, after) = pty.finish();
    assert_eq!(after, before, "terminal mode restored\n{out}");
    assert_eq!(code, 1, "a rejected break remains: exit 1\n{out}");
    for expected in [
        "[1/3] ",
        "[2/3] ",
        "[3/3] ",
        "breaking change: a accept",
        "2 accepted, 1 rejected, 0 skipped",
        "wrote app/golden/api-contract/app.json (2 changes accepted)",
        "rejected — the golden is kept; revert these in the sources:",
        "breaking field_type_changed (api axis) Order: type of field `id`: `u64` -> `u32` --> app/src/model.rs:6:9",
    ] {
        assert!(out.contains(expected), "{expected:?} in\n{out}");
    }
    // The additive item asked no confirmation: the confirmations were for the break.
    assert_eq!(out.matches(CONFIRM).count(), 2, "{out}");
    // The golden took Kind and MAX_RETRIES; Order still differs.
    assert_eq!(
        kinds(&f),
        [
            "breaking field_type_changed Order",
            "breaking field_type_changed Order"
        ]
    );
}

#[test]
fn skip_and_quit_write_nothing_and_exit_non_zero() {
    let f = three_changes();
    let golden = f.read(GOLDEN);
    let mut pty = review(&f);
    answer(&mut pty, MENU, 1, "s");
    answer(&mut pty, MENU, 2, "q");
    let before = pty.before.clone();
    let (code, out, after) = pty.finish();
    assert_eq!(after, before, "terminal mode restored\n{out}");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("0 accepted, 0 rejected, 3 skipped"), "{out}");
    assert!(out.contains("skipped — still pending"), "{out}");
    assert!(!out.contains("[3/3]"), "quit stops asking: {out}");
    assert_eq!(f.read(GOLDEN), golden);
}

#[test]
fn quit_keeps_what_was_accepted_before_it() {
    let f = three_changes();
    let mut pty = review(&f);
    answer(&mut pty, MENU, 1, "a");
    answer(&mut pty, MENU, 2, "q");
    let (code, out, _) = pty.finish();
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("1 accepted, 0 rejected, 2 skipped"), "{out}");
    assert!(!kinds(&f).iter().any(|k| k.ends_with("Kind")), "{out}");
}

#[test]
fn ctrl_c_stops_at_once_writes_nothing_and_restores_the_terminal() {
    for at_confirmation in [false, true] {
        let f = three_changes();
        let golden = f.read(GOLDEN);
        let mut pty = review(&f);
        answer(&mut pty, MENU, 1, "a");
        if at_confirmation {
            answer(&mut pty, MENU, 2, "a");
            answer(&mut pty, CONFIRM, 1, "\x03");
        } else {
            answer(&mut pty, MENU, 2, "\x03");
        }
        let before = pty.before.clone();
        let (code, out, after) = pty.finish();
        assert_eq!(
            after, before,
            "terminal mode after Ctrl-C: {} (before: {})\n{out}",
            after.local_names, before.local_names
        );
        assert_eq!(code, 130, "{out}");
        assert!(out.contains("interrupted: nothing was written"), "{out}");
        assert_eq!(
            f.read(GOLDEN),
            golden,
            "Kind was accepted, but Ctrl-C aborts"
        );
    }
}

#[test]
fn accepting_everything_leaves_a_match_and_exit_0() {
    let f = three_changes();
    let mut pty = review(&f);
    // `A` accepts the rest; each break still needs its `y`.
    answer(&mut pty, MENU, 1, "A");
    answer(&mut pty, CONFIRM, 1, "y");
    answer(&mut pty, CONFIRM, 2, "y");
    let (code, out, _) = pty.finish();
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("3 accepted, 0 rejected, 0 skipped"), "{out}");
    assert_eq!(f.run(&["check"]).code, 0);
}

#[test]
fn a_missing_golden_is_one_decision_for_the_whole_file() {
    let f = Fixture::new();
    let mut pty = review(&f);
    answer(&mut pty, MENU, 1, "a");
    let (code, out, _) = pty.finish();
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("accepting writes the golden from the sources:"),
        "{out}"
    );
    assert!(out.contains("+ struct Order {"), "{out}");
    assert_eq!(f.run(&["check"]).code, 0);
}
