//! A generic type's `Clone` was derived when the golden was written; now it is the
//! `impl` the derive made, by hand (slab 0.4.9, for `clone_from`). The compile-time
//! assertion is generic as that `impl` (`Slab<T>: Clone` for every `T: Clone`): this
//! compiles, with every warning denied, and the harness sees the derive it held.
#![deny(warnings)]

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
    let manifest_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let outcome = contract_pin::check("ui", env!("CARGO_PKG_NAME"), manifest_dir, &|_| None)
        .unwrap_or_else(|e| panic!("the check did not run: {e}"));
    // (The fixture's golden records no module: that much is drift.)
    assert!(
        outcome
            .deltas
            .iter()
            .all(|d| !d.is_breaking() && d.kind != contract_pin::DeltaKind::DeriveRemoved),
        "{}",
        outcome.message
    );
    let _ = Slab { entries: vec![1u8] }.clone();
}
