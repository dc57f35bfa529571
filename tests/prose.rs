//! Every sentence a user reads is written once: what every front end says (the verdict,
//! the directive, how to accept a change, a golden or a set in trouble) in
//! `contract_core::message`, what only `contract-pin` says (scan findings, the review's
//! questions) in the CLI's `words` module, shapes in `contract_core::render`. The shells
//! — the harness, the compile-time check, the store, every other module of the CLI —
//! and the verdict itself only compose them. This test holds them to it: no formatting
//! macro there may start from a literal of four words or more. (Error types that
//! render themselves — a golden's, the policy file's, an attribute's — keep their
//! `Display` with their type.)

use std::path::Path;

/// The shells and the verdict: where prose would be a second copy of a sentence.
const HELD: &[&str] = &[
    "src/registry.rs",
    "src/moved.rs",
    "contract-harness/src/harness.rs",
    "contract-harness/src/registry.rs",
    "contract-harness/src/binaries.rs",
    "contract-core/src/check.rs",
    "contract-macros/src/check.rs",
    "contract-macros/src/expand.rs",
    "contract-macros/src/lib.rs",
    "contract-macros/src/names.rs",
    "contract-macros/src/paths.rs",
    "contract-macros/src/scope.rs",
    "contract-store/src/policy.rs",
    "contract-store/src/store.rs",
    "contract-cli/src/bin/cargo-contract-pin.rs",
    "contract-cli/src/exit.rs",
    "contract-cli/src/commands.rs",
    "contract-cli/src/json.rs",
    "contract-cli/src/lib.rs",
    "contract-cli/src/main.rs",
    "contract-cli/src/policy.rs",
    "contract-cli/src/review.rs",
    "contract-cli/src/show.rs",
    "contract-cli/src/store.rs",
    "contract-cli/src/term.rs",
    "contract-cli/src/writers.rs",
    "contract-scan/src/api.rs",
    "contract-scan/src/cache.rs",
    "contract-scan/src/cfg.rs",
    "contract-scan/src/deps.rs",
    "contract-scan/src/macro_rules.rs",
    "contract-scan/src/model.rs",
    "contract-scan/src/scan.rs",
    "contract-scan/src/sources.rs",
    "contract-scan/src/workspace.rs",
];

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
    let mut found = Vec::new();
    for file in HELD {
        let source =
            std::fs::read_to_string(root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        found.extend(prose(file, &source));
    }
    assert!(
        found.is_empty(),
        "prose outside contract_core::message (write it there, once):\n{}",
        found.join("\n")
    );
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
