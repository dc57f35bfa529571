#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "trait_method_default_added.golden.json")]
pub trait Engine {
    fn run(&self) -> u8;
    fn id(&self) -> u64 {
        0
    }
}

fn main() {
    support::assert_additive("trait_method_default_added");
}
