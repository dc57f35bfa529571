#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "repr_int_removed.golden.json")]
pub enum Level {
    Low = 1,
    High = 2,
}

fn main() {}
