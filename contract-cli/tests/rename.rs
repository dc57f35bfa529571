//! A pinned symbol renamed, end to end through the command, on the deltas the engine
//! really produces (no delta is built by hand here): `diff` shows one change from the
//! old name to the new, every `check` format locates it at the new name in the
//! sources, and `review` accepting it leaves a golden equal to the sources'.

mod support;

use support::{Fixture, Pty, BIN, GOLDEN};

/// The fixture with its golden written, then `Order` renamed to `Purchase` (same
/// shape, same module).
fn renamed() -> Fixture {
    let f = Fixture::new();
    assert_eq!(f.run(&["update"]).code, 0);
    f.edit(
        "app/src/model.rs",
        "pub struct Order {",
        "pub struct Purchase {",
    );
    f
}

/// 1-based line and column of the first `needle` in `file` (the column of its last
/// word, where the name is).
fn position(f: &Fixture, file: &str, needle: &str, name: &str) -> (usize, usize) {
    let text = f.read(file);
    let (i, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(needle))
        .unwrap_or_else(|| panic!("{needle:?} not in {file}"));
    (i + 1, line.find(name).expect("name on its line") + 1)
}

#[test]
fn every_format_reports_the_rename_at_the_new_name() {
    let f = renamed();
    let (line, col) = position(&f, "app/src/model.rs", "pub struct Purchase", "Purchase");
    let at = format!("app/src/model.rs:{line}:{col}");

    // JSON: one breaking rename, the old name as the symbol, the new in renamed_to.
    let (code, json) = f.json();
    assert_eq!(code, 1, "{json}");
    let deltas = json["reports"][0]["deltas"].as_array().expect("deltas");
    let renames: Vec<&serde_json::Value> = deltas
        .iter()
        .filter(|d| d["kind"] == "symbol_renamed")
        .collect();
    assert_eq!(renames.len(), 1, "{json}");
    let rename = renames[0];
    assert_eq!(rename["class"], "breaking");
    assert_eq!(rename["symbol"], "Order");
    assert_eq!(rename["renamed_to"], "Purchase");
    assert_eq!(rename["detail"], "struct `Order` renamed to `Purchase`");
    for (side, name) in [("before", "Order"), ("after", "Purchase")] {
        let text = rename[side].as_str().expect("a string");
        assert!(
            text.contains(&format!("struct {name}")),
            "{side}: {text}\n{json}"
        );
        assert!(!text.contains("(absent)"), "{side}: {text}");
    }

    // Human: the delta located at the new name.
    let human = f.run(&["check"]);
    assert_eq!(human.code, 1, "{human:?}");
    assert!(
        human
            .stdout
            .contains(&format!("struct `Order` renamed to `Purchase`  --> {at}")),
        "{human:?}"
    );

    // GitHub: an annotation on the changed line of the pull request.
    let github = f.run(&["check", "--format", "github"]);
    assert_eq!(github.code, 1, "{github:?}");
    let annotation = github
        .stdout
        .lines()
        .find(|l| l.contains("symbol_renamed"))
        .unwrap_or_else(|| panic!("no rename annotation: {github:?}"));
    assert!(
        annotation.starts_with(&format!(
            "::error file=app/src/model.rs,line={line},col={col},"
        )),
        "{annotation}"
    );

    // Markdown: the rename in the set's table of deltas.
    let markdown = f.run(&["check", "--format", "markdown"]);
    assert_eq!(markdown.code, 1, "{markdown:?}");
    assert!(
        markdown.stdout.lines().any(|l| l
            .starts_with("| breaking | symbol_renamed | api | `Order` |")
            && l.contains("renamed to `Purchase`")
            && l.contains("struct Purchase")),
        "{markdown:?}"
    );

    // Diff: one change from the old name to the new, not a removal and an addition.
    let diff = f.run(&["diff"]);
    assert_eq!(diff.code, 1, "{diff:?}");
    assert!(
        diff.stdout
            .contains("app::model::Order → app::model::Purchase"),
        "{diff:?}"
    );
    assert!(diff.stdout.contains("    - struct Order {"), "{diff:?}");
    assert!(diff.stdout.contains("    + struct Purchase {"), "{diff:?}");
    assert!(
        diff.stdout
            .contains(&format!("struct `Order` renamed to `Purchase`  --> {at}")),
        "{diff:?}"
    );
    assert!(!diff.stdout.contains("symbol_removed"), "{diff:?}");
    assert!(!diff.stdout.contains("symbol_added"), "{diff:?}");
}

#[test]
fn accepting_the_rename_in_review_writes_exactly_the_sources() {
    let f = renamed();
    let manifest = f.path("Cargo.toml");
    let mut pty = Pty::spawn(
        BIN,
        &["--manifest-path", manifest.to_str().unwrap(), "review"],
        f.dir.path(),
        &[],
    );
    // One change: the rename, breaking, so it asks twice.
    pty.expect_nth("a accept · r reject · s skip", 1);
    pty.send("a");
    pty.expect_nth("Accept the break into the golden?", 1);
    pty.send("y");
    let (code, out, _) = pty.finish();
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("[1/1] "), "one decision for both names: {out}");

    // Nothing left to accept, and the golden is what an update would write.
    let check = f.run(&["check"]);
    assert_eq!(check.code, 0, "{check:?}");
    let golden = f.read(GOLDEN);
    assert!(golden.contains("\"Purchase\": {"), "{golden}");
    assert!(!golden.contains("\"Order\": {"), "{golden}");
    let update = f.run(&["update"]);
    assert_eq!(update.code, 0, "{update:?}");
    assert_eq!(f.read(GOLDEN), golden, "update found nothing to change");
}
