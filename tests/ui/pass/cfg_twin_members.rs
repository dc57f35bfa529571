//! An inherent `impl`'s method under `#[cfg]` twins, one `const` and one not, as a
//! build script picks them (slab 0.4.9's `new`): the compile-time check holds each to
//! the golden only in the builds that have it, so the twin this build leaves out
//! stops nothing.
#![deny(warnings)]

#[path = "../support.rs"]
mod support;

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
    support::assert_unchanged();
    assert_eq!(Slab::new().len, 0);
}
