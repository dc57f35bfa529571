//! Reading a package from its sources, for contract-pin: the workspace and its
//! packages (`cargo metadata`), each library's modules with `syn`, names and
//! re-exports, the `cfg`s the build sees, what the crate's own `macro_rules!` define,
//! every pinned item (with the `contract-core` argument parsing and extraction the
//! attribute macro uses) and, for a public-API set, every item a consumer can name.
//!
//! Shared by the `contract-pin` command and the test harness (`contract-harness`),
//! so that both read a package one way and hold it against the golden with one
//! verdict. Not an API of its own: its items serve those two.

pub mod api;
pub mod cache;
pub mod cfg;
pub mod deps;
pub mod inputs;
pub mod model;
pub mod scan;
pub mod sources;
pub mod words;
pub mod workspace;

/// syn recurses: the stack the scan runs on (a test thread's default is too small
/// for deeply nested sources).
pub const STACK: usize = 256 << 20;

/// What a long read tells its user, line by line: the command draws it on the
/// terminal, the harness shows nothing.
pub trait Progress: Send {
    /// Shows `what` as the work's current step.
    fn show(&mut self, what: &str);
    /// Erases what was shown.
    fn clear(&mut self) {}
}

/// Shows nothing: for a caller whose stderr is not the user's (a test harness).
pub struct Silent;

impl Progress for Silent {
    fn show(&mut self, _: &str) {}
}
