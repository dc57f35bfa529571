#![allow(dead_code)]
//! signal-hook 0.4.6: an argument's type made a type parameter that the old type meets
//! through std's auto traits and the crate's own impl. The macro sees the fn alone and
//! leaves the verdict to the harness, which reads the trait's implementors.

use std::sync::Arc;

#[path = "../support.rs"]
mod support;

/// What a flag lends.
#[contract_pin::contract(set = "ui", golden = "param_generalised.golden.json")]
pub trait Borrowed<B> {
    /// The value.
    fn get(&self) -> &B;
}

#[contract_pin::contract(set = "ui", golden = "param_generalised.golden.json")]
impl<T> Borrowed<T> for Arc<T> {
    fn get(&self) -> &T {
        self
    }
}

#[contract_pin::contract(set = "ui", golden = "param_generalised.golden.json")]
pub fn register<T: 'static + Send + Sync + Borrowed<u8>>(flag: T) -> u8 {
    *flag.get()
}

fn main() {
    assert_eq!(register(Arc::new(7)), 7);
    support::assert_additive("param_generalised");
}
