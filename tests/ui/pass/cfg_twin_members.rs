//! An inherent `impl`'s method under `#[cfg]` twins, one `const` and one not, as a
//! build script picks them (slab 0.4.9's `new`): the compile-time check holds each to
//! the golden only in the builds that have it, so the twin this build leaves out
//! stops nothing.
#![deny(warnings)]

/// A pinned container.
#[contract_pin::contract(set = "ui", golden = "cfg_twin_members.golden.json")]
pub struct Slab {
    /// How many entries.
    pub len: usize,
}

#[contract_pin::contract(set = "ui", golden = "cfg_twin_members.golden.json")]
impl Slab {
    /// A new slab.
    #[cfg(all())]
    pub const fn new() -> Slab {
        Slab { len: 0 }
    }

    /// A new slab, where `const` could not build it.
    #[cfg(any())]
    pub fn new() -> Slab {
        Slab { len: 0 }
    }
}

fn main() {
    let manifest_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let outcome = contract_pin::check("ui", env!("CARGO_PKG_NAME"), manifest_dir, &|_| None)
        .unwrap_or_else(|e| panic!("the check did not run: {e}"));
    // (The fixture's golden records no module: that much is drift.)
    assert!(
        outcome.deltas.iter().all(|d| !d.is_breaking()),
        "{}",
        outcome.message
    );
    assert_eq!(Slab::new().len, 0);
}
