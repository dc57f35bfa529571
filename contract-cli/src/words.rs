//! Every sentence only `contract-pin` says: the review's questions, the policy
//! listing. Sentences every front end says (the verdict, the directive, how to accept
//! a change) are in [`contract_core::message`], the scan's in `contract_scan::words`;
//! `tests/prose.rs` holds the other modules of this crate to both.

use std::fmt::Display;

// ---- review --------------------------------------------------------------------------

/// A whole golden left pending: still missing or stale, and the command that writes it.
pub fn golden_still(golden: &str, status: &str, accept: &str) -> String {
    format!("{golden}: the golden is still {status} ({accept})")
}

/// A key that answers nothing.
pub fn not_an_answer(key: char) -> String {
    format!("`{key}` is not one of a, r, s, A, R, q")
}

/// The second question of a breaking change.
pub const CONFIRM_BREAK: &str = "This change BREAKS the contract's consumers. Accept the \
    break into the golden? y yes · any other key no > ";

/// The golden changed under the review: nothing is written.
pub fn changed_while_reviewed(golden: &str) -> String {
    format!(
        "{golden} changed while you reviewed (another process wrote it): nothing written to \
         it, so that change stays; run `contract-pin review` again"
    )
}

/// A golden that no longer parses when the review's decisions are written.
pub fn golden_unreadable(golden: &str) -> String {
    format!("{golden}: the golden cannot be read")
}

/// Nothing is pending.
pub const NOTHING_TO_REVIEW: &str = "nothing to review: every golden matches the sources";

/// Ctrl-C during the review.
pub const INTERRUPTED: &str = "interrupted: nothing was written";

// ---- policy, the report --------------------------------------------------------------

/// The first line of `contract-pin policy`.
pub fn policy_file_heading(file: &str, root: &dyn Display, exists: bool) -> String {
    if exists {
        format!("# policy file: {file} (workspace root {root})")
    } else {
        format!(
            "# no policy file: every set has the defaults (create {file} at {root} to change \
             them)"
        )
    }
}

/// `contract-pin policy` with no set at all.
pub const NO_SETS: &str = "# no sets: nothing is pinned, and the file configures none";

/// The last line of `diff`'s directive, when the set names no reference.
pub fn if_the_break_is_intended(record: &str) -> String {
    format!("If the break is intended: {record}.")
}
