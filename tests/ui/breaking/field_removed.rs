#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "field_removed.golden.json")]
pub struct Config {
    pub a: u8,
}

fn main() {}
