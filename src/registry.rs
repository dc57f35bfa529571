//! The registry: what the macro registers, one static record per `#[contract]`
//! expansion. The harness crate reads it back at test time.

/// One `#[contract]` expansion, registered with `inventory`.
#[derive(Debug)]
pub struct Registration {
    /// The contract set.
    pub set: &'static str,
    /// `CARGO_PKG_NAME` of the crate that owns the item.
    pub package: &'static str,
    /// The symbol name.
    pub name: &'static str,
    /// `module_path!()` at the item.
    pub module: &'static str,
    /// The fragment's compact canonical JSON.
    pub fragment: &'static str,
    /// The golden named by `golden = "…"`, resolved to an absolute path when the
    /// item was compiled.
    pub golden: Option<&'static str>,
    /// The type probe's answer (the probe's `Probe` consts): one bit per probed
    /// trait; `None` for items it does not apply to (generic types, non-types).
    pub probe: Option<u32>,
    /// For a generic struct, enum or union: its auto traits as the macro inferred
    /// them from the crate's sources, as compact JSON; `""` when none was told.
    pub auto_traits: &'static str,
    /// Where the item is, and what the macro saw around it.
    pub source: Source,
}

/// Where a pinned item is written, as its registration records it.
#[derive(Debug)]
pub struct Source {
    /// `file!()` at the item.
    pub file: &'static str,
    /// The item's line.
    pub line: u32,
    /// The macro read the item's full attribute list from its source file.
    pub checked: bool,
    /// A `#[derive]` written above the contract attribute: its line and text (seen
    /// while the compile-time check was off, which otherwise refuses it).
    pub derive_above: Option<(u32, &'static str)>,
}

inventory::collect!(Registration);
