#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "trait_dyn_compatibility_lost.golden.json")]
pub trait Engine {
    fn run(&self) -> u8;
    fn with<T>(&self, value: T) -> T {
        value
    }
}

fn main() {}
