#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "trait_unsafe_changed.golden.json")]
pub unsafe trait Engine {
    fn run(&self) -> u8;
}

fn main() {}
