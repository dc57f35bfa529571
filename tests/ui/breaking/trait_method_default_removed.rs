#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "trait_method_default_removed.golden.json")]
pub trait Engine {
    fn run(&self) -> u8;
    fn id(&self) -> u64;
}

fn main() {}
