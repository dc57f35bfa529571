#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "trait_implementor_added.golden.json")]
pub trait Engine {
    fn run(&self) -> u8;
}

pub struct Fast;
pub struct Slow;

#[contract_pin::contract(set = "ui", golden = "trait_implementor_added.golden.json")]
impl Engine for Fast {
    fn run(&self) -> u8 {
        1
    }
}

#[contract_pin::contract(set = "ui", golden = "trait_implementor_added.golden.json")]
impl Engine for Slow {
    fn run(&self) -> u8 {
        2
    }
}

fn main() {
    support::assert_additive("trait_implementor_added");
}
