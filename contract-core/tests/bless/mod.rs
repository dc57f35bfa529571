//! Committed expected outputs ("goldens" of the tests themselves): compared exactly;
//! rewritten with `CONTRACT_PIN_BLESS=1`, except under `CI`, where a test never
//! writes.

use std::path::Path;

use contract_core::env;

/// The variable that rewrites the expected files.
pub const BLESS: &str = "CONTRACT_PIN_BLESS";

/// Compares `actual` with the file at `path`, or rewrites the file when blessing.
pub fn check(path: &Path, actual: &str) {
    let lookup = |name: &str| std::env::var(name).ok();
    let bless = env::flag(&lookup, BLESS).unwrap_or_else(|e| panic!("{e}")) == Some(true);
    if bless && !env::is_ci(&lookup) {
        std::fs::write(path, actual).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let expected = std::fs::read_to_string(path).unwrap_or_default();
    if expected != actual {
        let hint = if bless {
            "CI is set: expected files are never rewritten in CI"
        } else {
            "rerun with CONTRACT_PIN_BLESS=1 to rewrite it, and review the diff"
        };
        panic!(
            "{} is stale ({hint}).\n--- expected\n{expected}\n--- actual\n{actual}",
            path.display()
        );
    }
}
