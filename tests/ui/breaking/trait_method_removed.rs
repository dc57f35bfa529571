#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "trait_method_removed.golden.json")]
pub trait Engine {
    fn run(&self) -> u8;
}

fn main() {}
