#![allow(dead_code)]

mod sealed {
    pub trait Sealed {}
}

#[contract_pin::contract(set = "ui", golden = "trait_sealed_added.golden.json")]
pub trait Engine: sealed::Sealed {
    fn run(&self) -> u8;
}

fn main() {}
