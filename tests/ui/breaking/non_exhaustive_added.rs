#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "non_exhaustive_added.golden.json")]
#[non_exhaustive]
pub enum Level {
    Low,
    High,
}

fn main() {}
