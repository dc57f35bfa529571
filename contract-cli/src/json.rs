//! `check --format json`: one object that carries the verdict, the report of every
//! set (DESIGN §2, unchanged), and every error and warning — so a consumer that reads
//! only stdout can never take a run that failed to check something for a clean one.
//!
//! ```json
//! {
//!   "errors": [{"kind": "source", "file": "app/src/lib.rs", "line": 3, "column": 1, "message": "…"}],
//!   "reports": [{"set": "api", "package": "app", "golden": "…", "status": "match", "deltas": []}],
//!   "verdict": "error",
//!   "warnings": [{"kind": "source", "file": "…", "line": 7, "column": 1, "message": "…"}]
//! }
//! ```
//!
//! `verdict` is the exit code in words: `match` (0), `breaking` (1), `additive` (2),
//! `error` (3). Error kinds: `source` (a pinned item the compiler would reject, with
//! file/line/column), `set` (a set that could not be checked: set/package/golden),
//! `unreferenced` (a golden nothing pins: set/package/golden), `usage` (bad arguments,
//! no workspace: message only).

use contract_core::canonical;
use contract_core::check::Outcome;
use serde_json::{json, Value};

use crate::exit::Exit;
use contract_scan::scan::Finding;

/// A scan finding (`file` as users read it).
pub fn finding(file: &str, f: &Finding) -> Value {
    json!({"kind": "source", "file": file, "line": f.line, "column": f.col, "message": f.message})
}

/// A set that could not be checked.
pub fn set_error(set: &str, package: &str, golden: &str, message: &str) -> Value {
    json!({"kind": "set", "set": set, "package": package, "golden": golden, "message": message})
}

/// A golden nothing pins.
pub fn unreferenced(set: &str, package: &str, golden: &str, message: &str) -> Value {
    json!({"kind": "unreferenced", "set": set, "package": package, "golden": golden, "message": message})
}

/// The whole output.
pub fn render(
    code: Exit,
    reports: &[&Outcome],
    errors: Vec<Value>,
    warnings: Vec<Value>,
) -> String {
    canonical::to_canonical_string(&json!({
        "verdict": code.verdict(),
        "reports": reports,
        "errors": errors,
        "warnings": warnings,
    }))
}

/// The output when nothing could be checked at all (exit 3).
pub fn usage_error(message: &str) -> String {
    render(
        Exit::Error,
        &[],
        vec![json!({"kind": "usage", "message": message})],
        Vec::new(),
    )
}
