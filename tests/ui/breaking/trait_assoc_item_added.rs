#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "trait_assoc_item_added.golden.json")]
pub trait Engine {
    type Output;
    fn run(&self) -> u8;
}

fn main() {}
