//! Every sentence a user reads is written once: what every front end says (the verdict,
//! the directive, how to accept a change, a golden or a set in trouble) in
//! `contract_core::message`, what only `contract-pin` says (the review's questions, the
//! policy listing) in the CLI's `words` module, the scan's findings in the scan's,
//! shapes in `contract_core::render`. Every other library source file of the workspace
//! (found by walking each crate's `src/`, so a new file is held too) only composes them:
//! no formatting macro there may start from a literal of four words or more. The core
//! files that still word some findings themselves (an error type's `Display`, a rule's
//! note) are listed, and the list can only shrink.

use std::path::Path;

/// The shells and the verdict: where prose would be a second copy of a sentence.
/// Where sentences are written: every front end's, the command's, the scan's, and the
/// rendering of shapes.
const WRITTEN_HERE: &[&str] = &[
    "contract-core/src/message.rs",
    "contract-core/src/render.rs",
    "contract-cli/src/words.rs",
    "contract-scan/src/words.rs",
];

/// Files of the core that still word some of their own findings (an error type's
/// `Display`, a diff rule's note). The list only shrinks: a file here that holds no
/// prose fails the test, so that it leaves the list when its last sentence moves.
const NOT_YET_MOVED: &[&str] = &[
    "contract-core/src/assemble.rs",
    "contract-core/src/golden.rs",
    "contract-core/src/policy.rs",
    "contract-core/src/policy/file.rs",
    "contract-core/src/policy/legacy.rs",
    "contract-core/src/probe.rs",
    "contract-core/src/probed.rs",
    "contract-core/src/serde_attrs.rs",
    "contract-core/src/shape.rs",
    "contract-core/src/syntax/args.rs",
    "contract-core/src/syntax/mod.rs",
    "contract-core/src/syntax/order.rs",
    "contract-core/src/syntax/types.rs",
];

/// Every library source file of the workspace: each crate's `src/`, not its tests,
/// benches or examples (the fuzz targets are their own workspace).
fn sources(root: &Path) -> Vec<String> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(root).unwrap();
                out.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(&root.join("src"), root, &mut out);
    for entry in std::fs::read_dir(root).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with("contract-") && entry.path().join("src").is_dir() {
            walk(&entry.path().join("src"), root, &mut out);
        }
    }
    out.sort();
    out
}

const MACROS: &[&str] = &[
    "format!(",
    "write!(",
    "writeln!(",
    "print!(",
    "println!(",
    "eprint!(",
    "eprintln!(",
    "panic!(",
];

/// The first string literal after `at`, unescaped only as far as counting needs.
fn first_literal(text: &str) -> Option<&str> {
    let start = text.find('"')? + 1;
    let bytes = text.as_bytes();
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(&text[start..i]),
            _ => i += 1,
        }
    }
    None
}

/// Words of a literal: whitespace-separated pieces with a letter, `{…}` placeholders
/// left out.
fn words(literal: &str) -> usize {
    let mut plain = String::new();
    let mut depth = 0usize;
    for c in literal.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
        .replace("\\n", " ")
        .split_whitespace()
        .filter(|w| w.chars().any(char::is_alphabetic))
        .count()
}

/// Each `file:line: literal` of `source` that is prose: a formatting macro whose
/// literal has four words or more, outside `#[cfg(test)]` modules.
fn prose(file: &str, source: &str) -> Vec<String> {
    let code = match source.find("#[cfg(test)]\nmod tests") {
        Some(tests) => &source[..tests],
        None => source,
    };
    let mut found = Vec::new();
    for name in MACROS {
        let mut from = 0;
        while let Some(at) = code[from..].find(name) {
            let at = from + at;
            from = at + name.len();
            // `writeln!(` is not `eprintln!(`'s tail, nor `print!(` `eprint!(`'s.
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let window = &code[from..code.len().min(from + 400)];
            // The literal must be the macro's own (before its closing parenthesis).
            let Some(literal) = first_literal(window) else {
                continue;
            };
            if window.find('"') > window.find(')') && window.contains(')') {
                continue;
            }
            if words(literal) >= 4 {
                let line = code[..at].lines().count();
                found.push(format!("{file}:{line}: {literal}"));
            }
        }
    }
    found
}

#[test]
fn the_shells_write_no_sentence_of_their_own() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = sources(root);
    assert!(
        files.len() > 100 && files.iter().any(|f| f == "contract-scan/src/scan/mod.rs"),
        "the walk found {} files",
        files.len()
    );
    let mut found = Vec::new();
    let mut clean_but_listed = Vec::new();
    for file in &files {
        if WRITTEN_HERE.contains(&file.as_str()) {
            continue;
        }
        let source =
            std::fs::read_to_string(root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let prose = prose(file, &source);
        match NOT_YET_MOVED.contains(&file.as_str()) {
            true if prose.is_empty() => clean_but_listed.push(file.clone()),
            true => {}
            false => found.extend(prose),
        }
    }
    assert!(
        found.is_empty(),
        "prose outside contract_core::message (write it there, once):\n{}",
        found.join("\n")
    );
    assert!(
        clean_but_listed.is_empty(),
        "no prose left: take these out of NOT_YET_MOVED: {clean_but_listed:?}"
    );
    for file in WRITTEN_HERE.iter().chain(NOT_YET_MOVED) {
        assert!(
            files.iter().any(|f| f == file),
            "{file} is not a source file"
        );
    }
}

#[test]
fn the_detector_finds_a_sentence_and_passes_layout() {
    let sentence = "fn f() { let _ = format!(\"the golden of {set} was written\", set = 1); }";
    assert_eq!(prose("x.rs", sentence).len(), 1);
    let layout = "fn f() { let _ = format!(\"  {} {}: {}\", a, b, c); println!(\"{x}\"); }";
    assert!(prose("x.rs", layout).is_empty());
    let eprint = "fn f() { eprintln!(\"contract-pin: waiting for another process {x}\"); }";
    assert_eq!(prose("x.rs", eprint).len(), 1);
}
