#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "trait_assoc_item_changed.golden.json")]
pub trait Engine {
    type Output: Clone + Send;
    fn run(&self) -> Self::Output;
}

fn main() {}
