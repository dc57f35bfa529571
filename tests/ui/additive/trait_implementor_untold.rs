#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "trait_implementor_untold.golden.json")]
pub trait Root {
    fn root(self) -> Self;
}

// Whether `u8` still implements `Root` is whether it is `serde::Serialize`: another
// crate's impls, which no front end reads.
#[contract_pin::contract(set = "ui", golden = "trait_implementor_untold.golden.json")]
impl<T: serde::Serialize> Root for T {
    fn root(self) -> Self {
        self
    }
}

fn main() {
    support::assert_additive("trait_implementor_untold");
}
