#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "field_renamed.golden.json")]
pub struct Config {
    pub a: u8,
    pub attempts: u32,
}

fn main() {}
