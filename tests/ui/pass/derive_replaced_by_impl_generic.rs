//! A generic type's `Clone` was derived when the golden was written; now it is the
//! `impl` the derive made, by hand (slab 0.4.9, for `clone_from`). The compile-time
//! assertion is generic as that `impl` (`Slab<T>: Clone` for every `T: Clone`): this
//! compiles, with every warning denied, and the harness sees no change.
#![deny(warnings)]

#[path = "../support.rs"]
mod support;

/// A pinned container.
#[contract_pin::contract(set = "ui", golden = "derive_replaced_by_impl_generic.golden.json")]
#[derive(Debug)]
pub struct Slab<T> {
    /// The entries.
    pub entries: Vec<T>,
}

impl<T: Clone> Clone for Slab<T> {
    fn clone(&self) -> Self {
        Slab {
            entries: self.entries.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.entries.clone_from(&source.entries);
    }
}

fn main() {
    support::assert_unchanged();
    let _ = Slab { entries: vec![1u8] }.clone();
}
