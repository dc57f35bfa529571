//! `Clone` was derived when the golden was written; now it is implemented by hand.
//! The compile-time check cannot see the impl from the item, so it asserts that the
//! type is still `Clone` instead of reporting `derive_removed`: this compiles, with
//! every warning denied, and the harness agrees that nothing changed.
#![deny(warnings)]

/// A pinned configuration.
#[contract_pin::contract(set = "ui", golden = "derive_replaced_by_impl.golden.json")]
#[derive(Debug)]
pub struct Config {
    /// How often to retry.
    pub retries: u32,
}

impl Clone for Config {
    fn clone(&self) -> Self {
        Config {
            retries: self.retries,
        }
    }
}

fn main() {
    let manifest_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let outcome = contract_harness::check("ui", env!("CARGO_PKG_NAME"), manifest_dir, &|_| None)
        .unwrap_or_else(|e| panic!("the check did not run: {e}"));
    // (The fixture's golden records no module: that much is drift.)
    assert!(
        outcome
            .deltas
            .iter()
            .all(|d| !d.is_breaking() && d.kind != contract_harness::DeltaKind::DeriveRemoved),
        "{}",
        outcome.message
    );
    let _ = Config { retries: 1 }.clone();
}
