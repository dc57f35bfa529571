#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "trait_supertrait_added.golden.json")]
pub trait Engine: Send {
    fn run(&self) -> u8;
}

fn main() {}
